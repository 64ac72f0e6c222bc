/* test-modes-arnoldi.c: the damped eigenvalues of the lowest modes by
 * shift-invert Arnoldi on the band (sw-eigen-arnoldi.c, issue 24), with
 * damping that is not proportional (spring-dampers of different ratios,
 * dampers to the ground, a spring and a damper in series: a first-order
 * coordinate; a rolling lossy gear, not symmetric), against LAPACK's dense
 * state space (dgeevx) where both run,
 * to 1e-9 of |lambda|; and on a chain of 100 000 bodies, where only Arnoldi
 * runs, against the characteristic polynomial det (K + lambda D +
 * lambda^2 M) of its tridiagonal matrices assembled here from the
 * parameters (a Newton step of the continuant: the distance to its root).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <complex.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include <glib.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-system.h"
#include "test-modes-common.h"

#define ARNOLDI "shift-invert Arnoldi (TOAR, LAPACK dgbtrf, lowest modes)"
#define ARNOLDI_ARPACK "shift-invert Arnoldi (ARPACK, LAPACK dgbtrf, lowest modes)"
#define LOSSY "shift-invert Arnoldi, not symmetric (TOAR, LAPACK dgbtrf, lowest modes)"
#define LOSSY_ARPACK "shift-invert Arnoldi, not symmetric (ARPACK, LAPACK dgbtrf, lowest modes)"

/* Chain parameters (the continuant below uses the same). */
static double J_of (guint k, gboolean uniform) { return uniform ? 0.1 : 0.1 + 0.01 * (k % 7); }
static double c_of (guint k, gboolean uniform) { return uniform ? 1e4 : 1e4 + 100 * (k % 5); }
static double d_of (guint k, double d) { return d * (1 + 0.3 * (k % 3)); }

static void
wire2 (ModelText *t, const char *id, const char *from, const char *to)
{
  g_autofree char *a = g_strdup_printf ("%s.flange_a", id);
  g_autofree char *b = g_strdup_printf ("%s.flange_b", id);

  text_wire (t, from, a);
  text_wire (t, b, to);
}

/* A free chain of n inertias joined by spring-dampers (d > 0: damping d_of,
 * not proportional to the stiffness), dampers of dg to the ground at the
 * bodies in ground[] (n_ground of them), and with maxwell a spring and a
 * damper in series from body 3 to the ground (their joint is massless). */
static SwSystem *
chain (guint n, gboolean uniform, double d, const guint *ground, guint n_ground, double dg, gboolean maxwell)
{
  ModelText t;
  g_autoptr (SwModel) model = NULL;

  text_init (&t);
  text_add (&t, "ground", "rotational.fixed", " ");
  for (guint k = 0; k < n; k++)
    {
      g_autofree char *id = g_strdup_printf ("j%u", k);

      text_add (&t, id, "rotational.inertia", "'J': %.17g", J_of (k, uniform));
      if (k + 1 < n)
        {
          g_autofree char *sid = g_strdup_printf ("s%u", k);
          g_autofree char *from = g_strdup_printf ("j%u.flange_b", k);
          g_autofree char *to = g_strdup_printf ("j%u.flange_a", k + 1);

          text_add (&t, sid, "rotational.spring_damper", "'c': %.17g, 'd': %.17g", c_of (k, uniform), d_of (k, d));
          wire2 (&t, sid, from, to);
        }
    }
  for (guint g = 0; g < n_ground; g++)
    {
      g_autofree char *id = g_strdup_printf ("g%u", g);
      g_autofree char *at = g_strdup_printf ("j%u.flange_b", ground[g]);

      text_add (&t, id, "rotational.damper", "'d': %.17g", dg);
      wire2 (&t, id, at, "ground.flange");
    }
  if (maxwell)
    {
      text_add (&t, "ms", "rotational.spring", "'c': 3000");
      text_add (&t, "md", "rotational.damper", "'d': 4");
      text_wire (&t, "j3.flange_b", "ms.flange_a");
      text_wire (&t, "ms.flange_b", "md.flange_a");
      text_wire (&t, "md.flange_b", "ground.flange");
    }
  model = text_finish (&t, "chain");
  return assemble (model);
}

/* The paired eigenvalue of a mode, as lambda = -decay + i omega_d. */
static double complex
paired (const SwMode *m)
{
  return -m->decay_rate_per_s + I * 2 * G_PI * m->damped_frequency_hz;
}

/* The first n_lowest modes of the sparse analysis against the dense one:
 * the same classification, the paired eigenvalues within tol |lambda|
 * (a floor of tol omega_1 for those at 0), and every eigenvalue Arnoldi
 * found is one of dgeevx's. */
static void
compare_solvers (const SwSystem *sys, guint n_lowest, double tol, const char *sparse_solver, const char *dense_solver)
{
  g_autoptr (SwModes) sparse = modes_with (sys, SW_MODES_SOLVER_SPARSE, n_lowest);
  g_autoptr (SwModes) dense = modes_with (sys, SW_MODES_SOLVER_DENSE, 0);
  double floor = 0;
  guint n_complex = 0;

  g_assert_cmpstr (sw_modes_get_damped_solver (sparse), ==, sparse_solver);
  g_assert_cmpstr (sw_modes_get_damped_solver (dense), ==, dense_solver);
  g_assert_cmpstr (sw_modes_get_note (sparse), ==, sw_modes_get_note (dense));
  g_assert_cmpuint (sw_modes_get_n_modes (sparse), ==, n_lowest);
  for (guint i = 0; i < n_lowest; i++)
    if (!sw_modes_get_mode (dense, i)->rigid_body)
      {
        floor = tol * sw_modes_get_mode (dense, i)->omega_rad_s;
        break;
      }
  for (guint i = 0; i < n_lowest; i++)
    {
      const SwMode *a = sw_modes_get_mode (sparse, i), *b = sw_modes_get_mode (dense, i);
      double complex la = paired (a), lb = paired (b);

      g_assert_true (a->has_damped);
      g_assert_true (b->has_damped);
      g_assert_cmpint (a->rigid_body, ==, b->rigid_body);
      g_assert_cmpint (a->overdamped, ==, b->overdamped);
      g_assert_cmpint (a->unstable, ==, b->unstable);
      assert_rel (a->frequency_hz, b->frequency_hz, 1e-9);
      g_assert_cmpfloat (cabs (la - lb), <=, tol * cabs (lb) + floor);
      if (!isnan (b->damping_ratio))
        g_assert_cmpfloat_with_epsilon (a->damping_ratio, b->damping_ratio, tol);
      n_complex += cimag (lb) != 0;
    }
  /* Not a trivial case: most modes oscillate, damped. */
  g_assert_cmpuint (n_complex, >=, n_lowest / 2);
  g_assert_cmpuint (sw_modes_get_n_eigenvalues (sparse), >=, 2 * n_lowest);
  for (guint k = 0; k < sw_modes_get_n_eigenvalues (sparse); k++)
    {
      double re, im, best = INFINITY;
      double complex l;

      sw_modes_get_eigenvalue (sparse, k, &re, &im);
      l = re + I * im;
      for (guint j = 0; j < sw_modes_get_n_eigenvalues (dense); j++)
        {
          double dre, dim;

          sw_modes_get_eigenvalue (dense, j, &dre, &dim);
          best = MIN (best, cabs (l - (dre + I * dim)));
        }
      g_assert_cmpfloat (best, <=, tol * cabs (l) + floor);
    }
}

/* With SW_MODES_ARPACK set, ARPACK runs instead of TOAR (its fallback). */
static void
compare (const SwSystem *sys, guint n_lowest, double tol)
{
  gboolean arpack = g_getenv ("SW_MODES_ARPACK") != NULL;

  compare_solvers (sys, n_lowest, tol, arpack ? ARNOLDI_ARPACK : ARNOLDI, "state space (LAPACK dgeevx, balanced)");
}

/* A free chain: the rigid-body mode's double 0 (a Jordan block). */
static void
test_free (void)
{
  g_autoptr (SwSystem) sys = chain (400, FALSE, 1, NULL, 0, 0, FALSE);

  compare (sys, 20, 1e-9);
}

/* Dampers to the ground: the rigid-body mode decays (a real eigenvalue). */
static void
test_ground_dampers (void)
{
  const guint ground[] = { 0, 77, 301 };
  g_autoptr (SwSystem) sys = chain (600, FALSE, 0.5, ground, G_N_ELEMENTS (ground), 3, FALSE);

  compare (sys, 20, 1e-9);
}

/* A spring and a damper in series: a massless coordinate that is a
 * first-order unknown (a real eigenvalue of its own). */
static void
test_maxwell (void)
{
  const guint ground[] = { 150 };
  g_autoptr (SwSystem) sys = chain (200, FALSE, 2, ground, 1, 1, TRUE);

  compare (sys, 12, 1e-9);
}

/* The largest the suite affords: dgeevx on 3000 states takes some 15 s. */
static void
test_1500 (void)
{
  const guint ground[] = { 10, 1000, 1499 };
  g_autoptr (SwSystem) sys = chain (1500, FALSE, 1, ground, G_N_ELEMENTS (ground), 2, FALSE);

  compare (sys, 20, 1e-9);
}

/* A torque drives a chain of n inertias through a lossy gear (ratio 2,
 * efficiencies 0.8 and 0.6) in its middle into a second chain held by a
 * spring to the ground: the gear rolls forward, and its loss makes the
 * equations not symmetric (low-rank terms beside the band). */
static void
test_lossy_gear (void)
{
  const guint n = 240, a = 100;
  ModelText t;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwSystem) sys = NULL;

  text_init (&t);
  text_add (&t, "ground", "rotational.fixed", " ");
  text_add (&t, "drive", "rotational.torque", "'tau': 10");
  text_wire (&t, "drive.flange", "j0.flange_a");
  for (guint k = 0; k < n; k++)
    {
      g_autofree char *id = g_strdup_printf ("j%u", k);

      text_add (&t, id, "rotational.inertia", "'J': %.17g, 'w0': %g", J_of (k, FALSE), k < a ? 1.0 : 0.5);
      if (k + 1 < n && k + 1 != a)
        {
          g_autofree char *sid = g_strdup_printf ("s%u", k);
          g_autofree char *from = g_strdup_printf ("j%u.flange_b", k);
          g_autofree char *to = g_strdup_printf ("j%u.flange_a", k + 1);

          text_add (&t, sid, "rotational.spring_damper", "'c': %.17g, 'd': %.17g", c_of (k, FALSE), d_of (k, 1));
          wire2 (&t, sid, from, to);
        }
    }
  {
    g_autofree char *from = g_strdup_printf ("j%u.flange_b", a - 1);
    g_autofree char *to = g_strdup_printf ("j%u.flange_a", a);
    g_autofree char *last = g_strdup_printf ("j%u.flange_b", n - 1);

    text_add (&t, "gear", "rotational.lossy_gear", "'ratio': 2, 'lossTable': [[0, 0.8, 0.6, 0, 0]]");
    wire2 (&t, "gear", from, to);
    text_add (&t, "anchor", "rotational.spring", "'c': 5000");
    wire2 (&t, "anchor", last, "ground.flange");
  }
  model = text_finish (&t, "lossy");
  sys = assemble (model);
  {
    g_autoptr (SwModes) modes = modes_with (sys, SW_MODES_SOLVER_SPARSE, 12);

    /* Rolling: the note says so (and nothing about a missing result). */
    g_assert_nonnull (sw_modes_get_note (modes));
    g_assert_nonnull (strstr (sw_modes_get_note (modes), "“gear” rolls"));
    g_assert_null (strstr (sw_modes_get_note (modes), "not computed"));
  }
  compare_solvers (sys, 12, 1e-9, g_getenv ("SW_MODES_ARPACK") != NULL ? LOSSY_ARPACK : LOSSY,
                   "state space, not symmetric (LAPACK dgeevx, balanced)");
}

/* ARPACK, TOAR's fallback, on the same cases. */
static void
test_arpack (void)
{
  g_setenv ("SW_MODES_ARPACK", "1", TRUE);
  test_free ();
  test_ground_dampers ();
  test_maxwell ();
  test_lossy_gear ();
  g_unsetenv ("SW_MODES_ARPACK");
}

static gpointer
modes_thread (gpointer sys)
{
  return modes_with (sys, SW_MODES_SOLVER_SPARSE, 20);
}

/* ARPACK keeps its state in static variables: runs on several threads at
 * once (the window's jobs) give each the result of a run alone, bit for
 * bit. */
static void
test_threads (void)
{
  const guint ground[] = { 5, 200 };
  g_autoptr (SwSystem) sys = chain (300, FALSE, 1, ground, G_N_ELEMENTS (ground), 2, FALSE);
  g_autoptr (SwModes) alone = NULL;
  GThread *threads[4];

  /* ARPACK's path, the one with static state (set before the threads start). */
  g_setenv ("SW_MODES_ARPACK", "1", TRUE);
  alone = modes_with (sys, SW_MODES_SOLVER_SPARSE, 20);
  g_assert_cmpstr (sw_modes_get_damped_solver (alone), ==, ARNOLDI_ARPACK);
  for (guint k = 0; k < G_N_ELEMENTS (threads); k++)
    threads[k] = g_thread_new ("modes", modes_thread, sys);
  for (guint k = 0; k < G_N_ELEMENTS (threads); k++)
    {
      g_autoptr (SwModes) modes = g_thread_join (threads[k]);

      g_assert_cmpuint (sw_modes_get_n_eigenvalues (modes), ==, sw_modes_get_n_eigenvalues (alone));
      for (guint e = 0; e < sw_modes_get_n_eigenvalues (alone); e++)
        {
          double re, im, re0, im0;

          sw_modes_get_eigenvalue (modes, e, &re, &im);
          sw_modes_get_eigenvalue (alone, e, &re0, &im0);
          g_assert_cmpfloat (re, ==, re0);
          g_assert_cmpfloat (im, ==, im0);
        }
    }
  g_unsetenv ("SW_MODES_ARPACK");
}

/* det (K + lambda D + lambda^2 M) of the uniform chain with ground dampers
 * and its derivative, by the continuant of the tridiagonal matrix (scaled
 * as it goes): the Newton step f / f' is the distance to the root. */
static double complex
newton_step (guint n, double d, const gboolean *grounded, double dg, double complex l)
{
  double complex f0 = 1, f1 = 0, g0 = 0, g1 = 0; /* f_{k-1}, f_{k-2} and their derivatives */

  for (guint k = 0; k < n; k++)
    {
      double cl = k > 0 ? c_of (k - 1, TRUE) : 0, cr = k + 1 < n ? c_of (k, TRUE) : 0;
      double dl = k > 0 ? d_of (k - 1, d) : 0, dr = k + 1 < n ? d_of (k, d) : 0, dk = dl + dr + (grounded[k] ? dg : 0);
      double complex a = cl + cr + l * dk + l * l * J_of (k, TRUE), da = dk + 2 * l * J_of (k, TRUE);
      double complex b = k > 0 ? -(cl + l * dl) : 0, db = k > 0 ? -dl : 0;
      double complex f = a * f0 - b * b * f1, g = da * f0 + a * g0 - 2 * b * db * f1 - b * b * g1;
      double s = cabs (f) + cabs (g);

      f1 = f0 / s, g1 = g0 / s, f0 = f / s, g0 = g / s;
    }
  return f0 / g0;
}

/* 100 000 bodies, lowest 20: only Arnoldi runs. No solver of the rounded
 * matrices does better than eps lambda_max / lambda_k relative (as in
 * test-modes-lanczos.c's closed form), hence the tolerance. */
static void
test_100000 (void)
{
  const guint n = 100000, ground[] = { 0, 33333, 99999 };
  g_autofree gboolean *grounded = g_new0 (gboolean, n);
  g_autoptr (SwSystem) sys = chain (n, TRUE, 0.2, ground, G_N_ELEMENTS (ground), 5, FALSE);
  g_autoptr (SwModes) modes = modes_with (sys, SW_MODES_SOLVER_AUTO, 20);
  double omega_max = 2 * sqrt (1e4 / 0.1), worst = 0;

  for (guint g = 0; g < G_N_ELEMENTS (ground); g++)
    grounded[ground[g]] = TRUE;
  g_assert_cmpstr (sw_modes_get_damped_solver (modes), ==, ARNOLDI);
  g_assert_null (sw_modes_get_note (modes));
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  for (guint i = 0; i < 20; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);
      double complex l = paired (m);
      double tol = 1e-9 + 10 * DBL_EPSILON * pow (omega_max / cabs (l), 2);

      g_assert_true (m->has_damped);
      /* The rigid-body mode's pair: 0 (its position) and its decay. */
      g_assert_cmpfloat (cabs (newton_step (n, 0.2, grounded, 5, l)), <=, tol * cabs (l));
      worst = MAX (worst, cabs (newton_step (n, 0.2, grounded, 5, l)) / cabs (l));
      if (i > 0)
        g_assert_cmpfloat (m->damping_ratio, >, 0);
    }
  g_test_message ("largest Newton step of the 20 paired eigenvalues, relative: %.3g", worst);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/modes/arnoldi/free", test_free);
  g_test_add_func ("/core/modes/arnoldi/ground-dampers", test_ground_dampers);
  g_test_add_func ("/core/modes/arnoldi/maxwell", test_maxwell);
  g_test_add_func ("/core/modes/arnoldi/chain-1500", test_1500);
  g_test_add_func ("/core/modes/arnoldi/lossy-gear", test_lossy_gear);
  g_test_add_func ("/core/modes/arnoldi/arpack", test_arpack);
  g_test_add_func ("/core/modes/arnoldi/threads", test_threads);
  g_test_add_func ("/core/modes/arnoldi/chain-100000", test_100000);
  return g_test_run ();
}
