/* test-modes-lanczos.c: the lowest modes by shift-invert Lanczos
 * (sw-eigen-lanczos.c, issue 24) against LAPACK's dense solver where both
 * run (frequencies, shapes up to sign, energies, to 1e-9), and against the
 * closed form of a uniform fixed-free chain of 100 000 bodies, where only
 * Lanczos runs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <float.h>
#include <math.h>
#include <string.h>

#include <glib.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-system.h"
#include "test-modes-common.h"

#define SOLVER "shift-invert Lanczos (LAPACK dpbtrf, lowest modes)"

static void
add_spring (ModelText *t, const char *id, const char *kind, const char *from, const char *to, double c, double d)
{
  g_autofree char *a = g_strdup_printf ("%s.flange_a", id);
  g_autofree char *b = g_strdup_printf ("%s.flange_b", id);

  if (d > 0)
    text_add (t, id, kind, "'c': %.17g, 'd': %.17g", c, d);
  else
    text_add (t, id, kind, "'c': %.17g", c);
  text_wire (t, from, a);
  text_wire (t, b, to);
}

/* A chain of n inertias, free or held to the ground at j0 by a spring;
 * uniform: every J and c equal. Spring-dampers with d > 0. */
static SwSystem *
chain (guint n, gboolean grounded, gboolean uniform, double d)
{
  ModelText t;
  g_autoptr (SwModel) model = NULL;

  text_init (&t);
  if (grounded)
    {
      text_add (&t, "ground", "rotational.fixed", " ");
      add_spring (&t, "anchor", "rotational.spring", "ground.flange", "j0.flange_a", 1e4, 0);
    }
  for (guint k = 0; k < n; k++)
    {
      g_autofree char *id = g_strdup_printf ("j%u", k);

      text_add (&t, id, "rotational.inertia", "'J': %.17g", uniform ? 0.1 : 0.1 + 0.01 * (k % 7));
      if (k + 1 < n)
        {
          g_autofree char *sid = g_strdup_printf ("s%u", k);
          g_autofree char *from = g_strdup_printf ("j%u.flange_b", k);
          g_autofree char *to = g_strdup_printf ("j%u.flange_a", k + 1);

          add_spring (&t, sid, d > 0 ? "rotational.spring_damper" : "rotational.spring", from, to,
                      uniform ? 1e4 : 1e4 + 100 * (k % 5), d > 0 ? d * (1 + 0.3 * (k % 3)) : 0);
        }
    }
  model = text_finish (&t, "chain");
  return assemble (model);
}

/* A branched drive train: a trunk of 60 inertias with three branches of
 * 23, 37 and 51 off trunk bodies 10, 30 and 45 (lengths apart so that no
 * two branches share a frequency), free to turn. */
static SwSystem *
branched (void)
{
  ModelText t;
  g_autoptr (SwModel) model = NULL;
  const guint at[] = { 10, 30, 45 }, len[] = { 23, 37, 51 };

  text_init (&t);
  for (guint k = 0; k < 60; k++)
    {
      g_autofree char *id = g_strdup_printf ("t%u", k);

      text_add (&t, id, "rotational.inertia", "'J': %.17g", 0.2 + 0.011 * (k % 9));
      if (k > 0)
        {
          g_autofree char *sid = g_strdup_printf ("ts%u", k);
          g_autofree char *from = g_strdup_printf ("t%u.flange_b", k - 1);
          g_autofree char *to = g_strdup_printf ("t%u.flange_a", k);

          add_spring (&t, sid, "rotational.spring", from, to, 2e4 + 300 * (k % 4), 0);
        }
    }
  for (guint b = 0; b < G_N_ELEMENTS (at); b++)
    for (guint k = 0; k < len[b]; k++)
      {
        g_autofree char *id = g_strdup_printf ("b%u_%u", b, k);
        g_autofree char *sid = g_strdup_printf ("bs%u_%u", b, k);
        g_autofree char *from = k == 0 ? g_strdup_printf ("t%u.flange_b", at[b])
                                       : g_strdup_printf ("b%u_%u.flange_b", b, k - 1);
        g_autofree char *to = g_strdup_printf ("b%u_%u.flange_a", b, k);

        text_add (&t, id, "rotational.inertia", "'J': %.17g", 0.05 + 0.007 * ((k + b) % 5));
        add_spring (&t, sid, "rotational.spring", from, to, 8e3 + 500 * ((k + 2 * b) % 3), 0);
      }
  model = text_finish (&t, "branched");
  return assemble (model);
}

static double
max_abs (const double *v, guint n)
{
  double m = 0;

  for (guint k = 0; k < n; k++)
    m = MAX (m, fabs (v[k]));
  return m;
}

/* The first n modes of a (Lanczos) equal those of b (dense) to tol:
 * frequencies relative, shapes up to sign, energies of every body and
 * section against the largest. */
static void
assert_same_modes (SwModes *a, SwModes *b, guint n, double tol)
{
  guint nb = sw_modes_get_n_bodies (a), ns = sw_modes_get_n_sections (a);
  g_autofree double *sa = g_new (double, nb), *sb = g_new (double, nb);
  g_autofree double *ka = g_new (double, nb), *kb = g_new (double, nb);
  g_autofree double *pa = g_new (double, MAX (ns, 1)), *pb = g_new (double, MAX (ns, 1));

  g_assert_cmpuint (sw_modes_get_n_bodies (b), ==, nb);
  g_assert_cmpuint (sw_modes_get_n_sections (b), ==, ns);
  for (guint i = 0; i < n; i++)
    {
      const SwMode *ma = sw_modes_get_mode (a, i), *mb = sw_modes_get_mode (b, i);
      double kmax, pmax;

      g_assert_cmpint (ma->rigid_body, ==, mb->rigid_body);
      g_assert_cmpfloat_with_epsilon (ma->frequency_hz, mb->frequency_hz, tol * mb->frequency_hz + G_MINDOUBLE);
      g_assert_cmpint (ma->most_excitable_section, ==, mb->most_excitable_section);
      if (ma->has_damped && mb->has_damped && !ma->rigid_body)
        {
          g_assert_cmpfloat_with_epsilon (ma->damping_ratio, mb->damping_ratio, tol);
          g_assert_cmpfloat_with_epsilon (ma->damped_frequency_hz, mb->damped_frequency_hz,
                                          tol * mb->damped_frequency_hz);
        }
      sw_modes_get_mode_values (a, i, NULL, sa, NULL, ka, NULL, pa);
      sw_modes_get_mode_values (b, i, NULL, sb, NULL, kb, NULL, pb);
      assert_parallel (sa, sb, nb, tol);
      kmax = max_abs (kb, nb);
      pmax = max_abs (pb, ns);
      for (guint k = 0; k < nb; k++)
        g_assert_cmpfloat_with_epsilon (ka[k], kb[k], tol * kmax + G_MINDOUBLE);
      for (guint k = 0; k < ns; k++)
        g_assert_cmpfloat_with_epsilon (pa[k], pb[k], tol * pmax + G_MINDOUBLE);
    }
}

static void
compare_with (const SwSystem *sys, SwModes *dense, guint n_lowest, gboolean rigid)
{
  g_autoptr (SwModes) sparse = modes_with (sys, SW_MODES_SOLVER_SPARSE, n_lowest);

  g_assert_cmpstr (sw_modes_get_solver (sparse), ==, SOLVER);
  g_assert_cmpuint (sw_modes_get_n_modes (sparse), ==, n_lowest);
  g_assert_cmpint (sw_modes_get_mode (sparse, 0)->rigid_body, ==, rigid);
  g_assert_false (sw_modes_get_mode (sparse, 1)->rigid_body);
  check_invariants (sparse, TRUE);
  assert_same_modes (sparse, dense, n_lowest, 1e-9);
}

static void
compare_with_dense (const SwSystem *sys, guint n_lowest, gboolean rigid)
{
  g_autoptr (SwModes) dense = modes_with (sys, SW_MODES_SOLVER_DENSE, 0);

  compare_with (sys, dense, n_lowest, rigid);
}

/* A free chain: one rigid-body mode (lambda = 0, the shift below it). */
static void
test_free_chain (void)
{
  g_autoptr (SwSystem) sys = chain (400, FALSE, FALSE, 0);

  compare_with_dense (sys, 20, TRUE);
}

static void
test_grounded_chain (void)
{
  g_autoptr (SwSystem) sys = chain (300, TRUE, FALSE, 0);

  compare_with_dense (sys, 20, FALSE);
}

/* A tree: the band of the Cuthill-McKee order is wider than 1. */
static void
test_branched (void)
{
  g_autoptr (SwSystem) sys = branched ();

  compare_with_dense (sys, 20, TRUE);
}

/* Three chains of inertias on an ideal planetary gear (sun, ring and
 * carrier, each by a spring; the carrier's held to the ground): the gear's
 * constraint couples the inertias at its flanges, so M is not diagonal
 * (Lanczos's other M-product path). */
static void
test_planetary (void)
{
  ModelText t;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwSystem) sys = NULL;
  const char *names[] = { "sun", "ring", "carrier" };
  const guint len[] = { 40, 53, 67 };

  text_init (&t);
  text_add (&t, "pl", "rotational.ideal_planetary", "'ratio': 2.7");
  for (guint b = 0; b < G_N_ELEMENTS (names); b++)
    {
      g_autofree char *hub = g_strdup_printf ("%s_hub", names[b]);
      g_autofree char *port = g_strdup_printf ("pl.%s", names[b]);
      g_autofree char *hub_a = g_strdup_printf ("%s.flange_a", hub);

      /* The flange's own inertia, on the gear: M couples them. */
      text_add (&t, hub, "rotational.inertia", "'J': %.17g", 0.05 * (b + 1));
      text_wire (&t, hub_a, port);
      for (guint k = 0; k < len[b]; k++)
        {
          g_autofree char *id = g_strdup_printf ("%s%u", names[b], k);
          g_autofree char *sid = g_strdup_printf ("%s_s%u", names[b], k);
          g_autofree char *from = k == 0 ? g_strdup_printf ("%s.flange_b", hub)
                                         : g_strdup_printf ("%s%u.flange_b", names[b], k - 1);
          g_autofree char *to = g_strdup_printf ("%s.flange_a", id);

          text_add (&t, id, "rotational.inertia", "'J': %.17g", 0.1 + 0.013 * ((k + b) % 5));
          add_spring (&t, sid, "rotational.spring", from, to, 1e4 + 300 * ((k + 2 * b) % 7), 0);
        }
    }
  /* The carrier's chain held by a spring: one rigid-body mode is left. */
  text_add (&t, "ground", "rotational.fixed", " ");
  add_spring (&t, "anchor", "rotational.spring", "carrier66.flange_b", "ground.flange", 2e3, 0);
  model = text_finish (&t, "planetary");
  sys = assemble (model);
  compare_with_dense (sys, 20, TRUE);
}

/* Rayleigh-free spring-dampers: with the sparse solver asked for, the
 * damped eigenvalues come from shift-invert Arnoldi too (issue 24), and
 * agree with the dense state space's (test-modes-arnoldi.c goes further). */
static void
test_damped_small (void)
{
  g_autoptr (SwSystem) sys = chain (200, FALSE, FALSE, 1);
  g_autoptr (SwModes) sparse = modes_with (sys, SW_MODES_SOLVER_SPARSE, 10);
  g_autoptr (SwModes) dense = modes_with (sys, SW_MODES_SOLVER_DENSE, 0);

  g_assert_cmpstr (sw_modes_get_damped_solver (sparse), ==, "shift-invert Arnoldi (TOAR, LAPACK dgbtrf, lowest modes)");
  assert_same_modes (sparse, dense, 10, 1e-9);
}

/* Uniform fixed-free chain of N inertias J and springs c (the first to
 * the ground): omega_k = 2 sqrt (c / J) sin ((2k - 1) pi / (2 (2N + 1))).
 * No solver of the assembled matrices does better than their rounding:
 * a relative change of eps in K's entries moves lambda_k by up to
 * eps lambda_max / lambda_k relative, 3.6e-6 for the lowest mode here (the
 * dense and tridiagonal solvers show the same n^2 growth, 2e-10 at N =
 * 3000). That bound, halved for omega, is the tolerance; the 20 modes
 * come out within about a tenth of it. */
static void
test_closed_form_100000 (void)
{
  const guint n = 100000, k_want = 20;
  g_autoptr (SwSystem) sys = chain (n, TRUE, TRUE, 0);
  g_autoptr (SwModes) modes = modes_with (sys, SW_MODES_SOLVER_AUTO, k_want);
  double worst = 0;

  g_assert_cmpstr (sw_modes_get_solver (modes), ==, SOLVER);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, k_want);
  g_assert_cmpuint (sw_modes_get_n_bodies (modes), ==, n);
  for (guint k = 1; k <= k_want; k++)
    {
      const SwMode *m = sw_modes_get_mode (modes, k - 1);
      double want = 2 * sqrt (1e4 / 0.1) * sin ((2.0 * k - 1) * G_PI / (2 * (2.0 * n + 1)));

      g_assert_false (m->rigid_body);
      worst = MAX (worst, fabs (m->omega_rad_s - want) / want);
      double omega_max = 2 * sqrt (1e4 / 0.1);

      g_assert_cmpfloat_with_epsilon (m->omega_rad_s, want, 0.5 * DBL_EPSILON * pow (omega_max / want, 2) * want);
      /* Undamped: the damped pair is +-i omega. */
      g_assert_true (m->has_damped);
      g_assert_cmpfloat (m->damping_ratio, ==, 0);
    }
  g_test_message ("largest relative error of the 20 frequencies: %.3g", worst);
  /* Energies: kinetic (from lambda) = potential (from the sections'
   * stiffness), to the same bound. */
  for (guint k = 1; k <= k_want; k++)
    {
      double ratio = 1 / sin ((2.0 * k - 1) * G_PI / (2 * (2.0 * n + 1)));

      g_assert_cmpfloat (sw_modes_get_mode (modes, k - 1)->energy_balance_error, <,
                         1e-9 + DBL_EPSILON * ratio * ratio);
    }
}

/* Uniform free-free chain: omega_k = 2 sqrt (c / J) sin (k pi / (2 N)),
 * k = 0 (the rigid-body mode) ... N - 1; three modes alone, the case
 * where the spectrum's scale comes from the fewest eigenvalues. */
static void
test_closed_form_free_100000 (void)
{
  const guint n = 100000;
  g_autoptr (SwSystem) sys = chain (n, FALSE, TRUE, 0);
  g_autoptr (SwModes) modes = modes_with (sys, SW_MODES_SOLVER_AUTO, 3);
  double omega_max = 2 * sqrt (1e4 / 0.1);

  g_assert_cmpstr (sw_modes_get_solver (modes), ==, SOLVER);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  for (guint k = 1; k < 3; k++)
    {
      const SwMode *m = sw_modes_get_mode (modes, k);
      double want = omega_max * sin (k * G_PI / (2.0 * n));

      g_assert_false (m->rigid_body);
      g_assert_cmpfloat_with_epsilon (m->omega_rad_s, want, 0.5 * DBL_EPSILON * pow (omega_max / want, 2) * want);
      g_assert_cmpfloat (m->energy_balance_error, <, 1e-9 + DBL_EPSILON * pow (omega_max / want, 2));
    }
}

/* Above SW_MODES_MAX_COORDS: every mode is refused with a way out; the
 * lowest ones run, with their damped eigenvalues where the damping is not
 * proportional (shift-invert Arnoldi, issue 24; before it they were left
 * out with a note). */
static void
test_large_limits (void)
{
  g_autoptr (SwSystem) sys = chain (6000, FALSE, FALSE, 1);
  g_autoptr (GError) error = NULL;
  SwModesOptions o = sw_modes_options_default ();
  g_autoptr (SwModes) all = sw_modes_compute_with_options (sys, 0, NULL, &o, &error);
  g_autoptr (SwModes) lowest = NULL;

  g_assert_null (all);
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "--modes K"));
  lowest = modes_with (sys, SW_MODES_SOLVER_AUTO, 5);
  g_assert_cmpstr (sw_modes_get_solver (lowest), ==, SOLVER);
  g_assert_null (sw_modes_get_note (lowest));
  g_assert_cmpstr (sw_modes_get_damped_solver (lowest), ==, "shift-invert Arnoldi (TOAR, LAPACK dgbtrf, lowest modes)");
  g_assert_cmpuint (sw_modes_get_n_eigenvalues (lowest), >=, 10);
  for (guint i = 0; i < 5; i++)
    g_assert_true (sw_modes_get_mode (lowest, i)->has_damped);
  g_assert_true (sw_modes_get_mode (lowest, 0)->rigid_body);
}

/* Few modes: the first check of convergence comes after few steps, and
 * the scale of the spectrum is known from few eigenvalues (--modes 2 of a
 * 100 000-body chain once took the rigid-body mode's round-off for an
 * elastic mode). */
static void
test_few_modes (void)
{
  g_autoptr (SwSystem) sys = chain (500, FALSE, FALSE, 0);
  g_autoptr (SwModes) dense = modes_with (sys, SW_MODES_SOLVER_DENSE, 0);

  for (guint k = 2; k <= 5; k++)
    compare_with (sys, dense, k, TRUE);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/modes/lanczos/few-modes", test_few_modes);
  g_test_add_func ("/core/modes/lanczos/free-chain", test_free_chain);
  g_test_add_func ("/core/modes/lanczos/grounded-chain", test_grounded_chain);
  g_test_add_func ("/core/modes/lanczos/branched", test_branched);
  g_test_add_func ("/core/modes/lanczos/planetary", test_planetary);
  g_test_add_func ("/core/modes/lanczos/damped-small", test_damped_small);
  g_test_add_func ("/core/modes/lanczos/large-limits", test_large_limits);
  g_test_add_func ("/core/modes/lanczos/closed-form-100000", test_closed_form_100000);
  g_test_add_func ("/core/modes/lanczos/closed-form-free-100000", test_closed_form_free_100000);
  return g_test_run ();
}
