/* test-modes-solvers.c: the modal solvers (tridiagonal, banded, proportional
 * damping) against the general one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include <glib.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>
#include <json-glib/json-glib.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "test-modes-common.h"

/* A free chain of n inertias (tridiagonal), with Rayleigh damping
 * D = a M + b K when damped (shaft elements give a banded mass matrix: see
 * test-shaft). */
static SwSystem *
chain_system (guint n, gboolean rayleigh, gboolean grounded_shafts)
{
  ModelText t;
  g_autoptr(SwModel) model = NULL;
  const double a = 0.2, b = 1e-5;

  text_init (&t);
  for (guint k = 0; k < n; k++)
    {
      g_autofree char *id = g_strdup_printf ("j%u", k);
      double J = 0.1 + 0.01 * (k % 7);

      text_add (&t, id, "rotational.inertia", "'J': %.17g", J);
      if (rayleigh)
        {
          /* a M: a damper of a J to the ground on every inertia. */
          g_autofree char *dg = g_strdup_printf ("g%u", k);
          g_autofree char *from = g_strdup_printf ("j%u.flange_a", k);
          g_autofree char *to = g_strdup_printf ("g%u.flange_a", k);
          g_autofree char *gnd = g_strdup_printf ("g%u.flange_b", k);

          text_add (&t, dg, "rotational.damper", "'d': %.17g", a * J);
          text_wire (&t, from, to);
          text_wire (&t, gnd, "ground.flange");
        }
      if (k + 1 < n)
        {
          g_autofree char *sd = g_strdup_printf ("s%u", k);
          g_autofree char *w1 = g_strdup_printf ("j%u.flange_b", k);
          g_autofree char *w2 = g_strdup_printf ("s%u.flange_a", k);
          g_autofree char *w3 = g_strdup_printf ("s%u.flange_b", k);
          g_autofree char *w4 = g_strdup_printf ("j%u.flange_a", k + 1);
          double c = 1e4 + 100 * (k % 5);

          text_add (&t, sd, "rotational.spring_damper", "'c': %.17g, 'd': %.17g", c, rayleigh ? b * c : 0);
          text_wire (&t, w1, w2);
          text_wire (&t, w3, w4);
        }
    }
  if (grounded_shafts || rayleigh)
    text_add (&t, "ground", "rotational.fixed", " ");
  if (grounded_shafts)
    {
      text_add (&t, "anchor", "rotational.spring", "'c': 5e3");
      text_wire (&t, "ground.flange", "anchor.flange_a");
      text_wire (&t, "anchor.flange_b", "j0.flange_a");
    }
  model = text_finish (&t, "chain");
  return assemble (model);
}

/* The solvers picked by structure give LAPACK's dense results: frequencies,
 * shapes (up to sign), energies; the lowest modes alone are the same modes. */
static void
assert_same_modes (SwModes *a, SwModes *b, guint n)
{
  guint nb = sw_modes_get_n_bodies (a);
  g_autofree double *sa = g_new (double, nb), *sb = g_new (double, nb);
  g_autofree double *ka = g_new (double, nb), *kb = g_new (double, nb);

  for (guint i = 0; i < n; i++)
    {
      const SwMode *ma = sw_modes_get_mode (a, i), *mb = sw_modes_get_mode (b, i);

      g_assert_cmpint (ma->rigid_body, ==, mb->rigid_body);
      g_assert_cmpfloat_with_epsilon (ma->frequency_hz, mb->frequency_hz, 1e-9 * (1 + mb->frequency_hz));
      g_assert_cmpint (ma->most_excitable_section, ==, mb->most_excitable_section);
      if (ma->has_damped && mb->has_damped && !ma->rigid_body)
        {
          g_assert_cmpfloat_with_epsilon (ma->damping_ratio, mb->damping_ratio, 1e-9);
          g_assert_cmpfloat_with_epsilon (ma->damped_frequency_hz, mb->damped_frequency_hz,
                                          1e-9 * mb->damped_frequency_hz);
        }
      sw_modes_get_mode_values (a, i, sa, NULL, NULL, ka, NULL, NULL);
      sw_modes_get_mode_values (b, i, sb, NULL, NULL, kb, NULL, NULL);
      for (guint k = 0; k < nb; k++)
        {
          g_assert_cmpfloat_with_epsilon (sa[k], sb[k], 1e-7);
          g_assert_cmpfloat_with_epsilon (ka[k], kb[k], 1e-7);
        }
    }
}

static void
test_solver_tridiagonal (void)
{
  g_autoptr(SwSystem) sys = chain_system (120, FALSE, FALSE);
  g_autoptr(SwModes) fast = modes_with (sys, SW_MODES_SOLVER_AUTO, 0);
  g_autoptr(SwModes) dense = modes_with (sys, SW_MODES_SOLVER_DENSE, 0);
  g_autoptr(SwModes) lowest = modes_with (sys, SW_MODES_SOLVER_AUTO, 7);
  g_autoptr(SwModes) dense_lowest = modes_with (sys, SW_MODES_SOLVER_DENSE, 7);

  g_assert_cmpstr (sw_modes_get_solver (fast), ==, "tridiagonal (LAPACK dstevr)");
  g_assert_cmpstr (sw_modes_get_solver (lowest), ==, "tridiagonal (LAPACK dstevr, lowest modes)");
  g_assert_cmpstr (sw_modes_get_solver (dense), ==, "dense (LAPACK dsyevr)");
  g_assert_cmpuint (sw_modes_get_n_modes (fast), ==, 120);
  g_assert_cmpuint (sw_modes_get_n_modes (lowest), ==, 7);
  check_invariants (fast, TRUE);
  check_invariants (lowest, TRUE);
  assert_same_modes (fast, dense, 120);
  assert_same_modes (lowest, dense, 7);
  assert_same_modes (dense_lowest, dense, 7);
}

/* A chain anchored to the ground through a spring, seen as a band of
 * width 1 with a diagonal M... and a model whose graph is wider: branches. */
static void
test_solver_banded (void)
{
  ModelText t;
  g_autoptr(SwModel) model = NULL;
  g_autoptr(SwSystem) sys = NULL;
  g_autoptr(SwModes) fast = NULL, dense = NULL, lowest = NULL;

  /* A ladder: two chains of 60 joined at every rung: band width 2. */
  text_init (&t);
  for (guint k = 0; k < 120; k++)
    {
      g_autofree char *id = g_strdup_printf ("j%u", k);

      text_add (&t, id, "rotational.inertia", "'J': %.17g", 0.1 + 0.013 * (k % 11));
    }
  for (guint k = 0; k < 120; k++)
    {
      guint to[2] = { k + 2, k % 2 == 0 ? k + 1 : G_MAXUINT };

      for (guint e = 0; e < 2; e++)
        {
          g_autofree char *sid = NULL, *w1 = NULL, *w2 = NULL, *w3 = NULL, *w4 = NULL;

          if (to[e] >= 120)
            continue;
          sid = g_strdup_printf ("s%u_%u", k, to[e]);
          w1 = g_strdup_printf ("j%u.flange_b", k);
          w2 = g_strdup_printf ("%s.flange_a", sid);
          w3 = g_strdup_printf ("%s.flange_b", sid);
          w4 = g_strdup_printf ("j%u.flange_a", to[e]);
          text_add (&t, sid, "rotational.spring", "'c': %.17g", 1e4 + 700 * ((k + e) % 5));
          text_wire (&t, w1, w2);
          text_wire (&t, w3, w4);
        }
    }
  model = text_finish (&t, "ladder");
  sys = assemble (model);
  fast = modes_with (sys, SW_MODES_SOLVER_AUTO, 0);
  dense = modes_with (sys, SW_MODES_SOLVER_DENSE, 0);
  lowest = modes_with (sys, SW_MODES_SOLVER_AUTO, 9);
  g_assert_cmpstr (sw_modes_get_solver (fast), ==, "banded (LAPACK dsbgvd)");
  g_assert_cmpstr (sw_modes_get_solver (lowest), ==, "banded (LAPACK dsbgvx, lowest modes)");
  check_invariants (fast, TRUE);
  check_invariants (lowest, TRUE);
  assert_same_modes (fast, dense, 120);
  assert_same_modes (lowest, dense, 9);
}

/* Rayleigh damping D = a M + b K: every mode's pair from
 * s^2 + (a + b omega^2) s + omega^2 = 0, per mode, equal to dgeevx's. */
static void
test_solver_proportional (void)
{
  g_autoptr(SwSystem) sys = chain_system (80, TRUE, FALSE);
  g_autoptr(SwModes) fast = modes_with (sys, SW_MODES_SOLVER_AUTO, 0);
  g_autoptr(SwModes) dense = modes_with (sys, SW_MODES_SOLVER_DENSE, 0);
  g_autoptr(SwModes) lowest = modes_with (sys, SW_MODES_SOLVER_AUTO, 5);

  g_assert_cmpstr (sw_modes_get_damped_solver (fast), ==, "proportional damping (per mode)");
  g_assert_cmpstr (sw_modes_get_damped_solver (lowest), ==, "proportional damping (per mode)");
  g_assert_cmpstr (sw_modes_get_damped_solver (dense), ==, "state space (LAPACK dgeevx, balanced)");
  /* The rigid-body mode: s (s + a) = 0, a decay of a = 0.2 1/s. */
  g_assert_true (sw_modes_get_mode (fast, 0)->rigid_body);
  g_assert_true (sw_modes_get_mode (fast, 0)->overdamped);
  assert_rel (sw_modes_get_mode (fast, 0)->decay_rate_per_s, 0.2, 1e-9);
  assert_rel (sw_modes_get_mode (dense, 0)->decay_rate_per_s, 0.2, 1e-7);
  for (guint i = 1; i < 80; i++)
    {
      const SwMode *m = sw_modes_get_mode (fast, i);
      double w = m->omega_rad_s, zeta = (0.2 + 1e-5 * w * w) / (2 * w);

      g_assert_true (m->has_damped);
      g_assert_cmpfloat_with_epsilon (m->damping_ratio, zeta, 1e-9 * zeta);
    }
  assert_same_modes (fast, dense, 80);
  assert_same_modes (lowest, dense, 5);
}

/* ------------------------------------------------------------------------- */

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/modes/solver/tridiagonal", test_solver_tridiagonal);
  g_test_add_func ("/core/modes/solver/banded", test_solver_banded);
  g_test_add_func ("/core/modes/solver/proportional", test_solver_proportional);

  return g_test_run ();
}
