/* test-modes-damped.c: damped modes: eigenvalues against the characteristic
 * polynomial
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

/* ---- 5. Damped ---------------------------------------------------------- */

/* Modelica.Mechanics.Rotational.Examples.Backlash, the spring-damper branch:
 * inertia J = 5 on a spring-damper c = 20e3, d = 50 to the housing.
 * J s^2 + d s + c = 0: s = -d/(2J) +/- i sqrt(c/J - (d/2J)^2) =
 * -5 +/- 63.0476i; zeta = d / (2 sqrt(c J)) = 0.0791. */
static void
test_damped_backlash_branch (void)
{
  const double J = 5, c = 20e3, d = 50;
  const double re = -d / (2 * J), im = sqrt (c / J - re * re);
  ModelText t;
  g_autoptr(SwModel) model = NULL;
  g_autoptr(SwModes) modes = NULL;
  const SwMode *m;
  double r0, i0, r1, i1;

  text_init (&t);
  text_add (&t, "fixed", "rotational.fixed", " ");
  text_add (&t, "springDamper", "rotational.spring_damper", "'c': %.17g, 'd': %.17g", c, d);
  text_add (&t, "inertia", "rotational.inertia", "'J': %.17g", J);
  text_wire (&t, "fixed.flange", "springDamper.flange_a");
  text_wire (&t, "springDamper.flange_b", "inertia.flange_a");
  model = text_finish (&t, "backlash spring-damper branch");
  modes = modes_of_model (model);
  check_invariants (modes, FALSE);

  g_assert_cmpfloat_with_epsilon (im, 63.0476, 1e-4);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 1);
  g_assert_cmpuint (sw_modes_get_n_eigenvalues (modes), ==, 2);
  /* Sorted by |Im|, then Re, then the positive Im first. */
  sw_modes_get_eigenvalue (modes, 0, &r0, &i0);
  sw_modes_get_eigenvalue (modes, 1, &r1, &i1);
  g_assert_cmpfloat_with_epsilon (r0, -5, 1e-4);
  g_assert_cmpfloat_with_epsilon (i0, 63.0476, 1e-4);
  g_assert_cmpfloat_with_epsilon (r1, -5, 1e-4);
  g_assert_cmpfloat_with_epsilon (i1, -63.0476, 1e-4);
  assert_rel (i0, im, 1e-10);

  m = sw_modes_get_mode (modes, 0);
  assert_rel (m->omega_rad_s, sqrt (c / J), 1e-12);
  g_assert_true (m->has_damped);
  g_assert_cmpfloat_with_epsilon (m->damping_ratio, 0.0791, 0.00005);
  assert_rel (m->damping_ratio, d / (2 * sqrt (c * J)), 1e-10);
  assert_rel (m->decay_rate_per_s, 5, 1e-10);
  assert_rel (m->damped_frequency_hz, im / (2 * G_PI), 1e-10);
  g_assert_cmpstr (most_excitable_id (modes, m), ==, "springDamper");
}

/* Without dampers every elastic mode has damping ratio 0 and its damped
 * frequency is the undamped one; the eigenvalues are +/- i omega. */
static void
test_damped_none (void)
{
  g_autoptr(SwModel) model = model_new_from_example ("fourbody.shaft");
  g_autoptr(SwModes) modes = modes_of_model (model);

  check_invariants (modes, TRUE);
  g_assert_cmpuint (sw_modes_get_n_eigenvalues (modes), ==, 8);
  for (guint i = 0; i < sw_modes_get_n_modes (modes); i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);

      g_assert_true (find_eigenvalue (modes, 0, m->omega_rad_s, 1e-12));
      g_assert_true (find_eigenvalue (modes, 0, -m->omega_rad_s, 1e-12));
    }
  for (guint k = 0; k < sw_modes_get_n_eigenvalues (modes); k++)
    {
      double re, im;

      sw_modes_get_eigenvalue (modes, k, &re, &im);
      g_assert_cmpfloat (re, ==, 0);
    }
}

/* A badly scaled, lightly damped free chain (inertias 0.01 to 10,
 * stiffnesses 3e3 to 1e5, damping ratios 3e-4 to 8e-3) with a damper from
 * its last inertia to the ground. Reference: the eigenvalues of the
 * state-space matrix [0 I; -M^-1 K -M^-1 D] computed with mpmath 1.3 at 50
 * digits (mp.eig), rounded to 25 here; the script:
 *   J = [0.01, 2, 0.5, 10]; c = [1e5, 3e3, 2e4]; d = [0.5, 0.02, 1];
 *   K, D tridiagonal from c, d; D[3][3] += 0.3; E = mp.eig (A, left=False, right=False)
 * An unbalanced solver (GSL nonsymm) misses these damping ratios by 1e-8;
 * a balanced one keeps them to round-off. */
static void
test_damped_high_precision (void)
{
  static const double J[] = { 0.01, 2, 0.5, 10 }, c[] = { 1e5, 3e3, 2e4 }, d[] = { 0.5, 0.02, 1 };
  /* re, im, damping ratio of the elastic modes (im > 0), ascending. */
  static const double ref[3][3] = {
    { -0.01197733012658737517896515, 39.47274449609818722987109, 0.0003034329061255356770221881 },
    { -1.066007361981962177688689, 218.9367060934011046490907, 0.004868963021852340840417511 },
    { -25.1250248993016669259814, 3170.075109740430111694625, 0.007925438651570792015011956 },
  };
  const double decay = 0.02398081717956704230189494;
  SwModesSolver solvers[] = { SW_MODES_SOLVER_AUTO, SW_MODES_SOLVER_DENSE };
  ModelText t;
  g_autoptr(SwModel) model = NULL;
  g_autoptr(SwSystem) sys = NULL;

  text_init (&t);
  for (guint k = 0; k < 4; k++)
    {
      g_autofree char *id = g_strdup_printf ("j%u", k);

      text_add (&t, id, "rotational.inertia", "'J': %.17g", J[k]);
      if (k < 3)
        {
          g_autofree char *sd = g_strdup_printf ("sd%u", k);
          g_autofree char *a = g_strdup_printf ("j%u.flange_b", k);
          g_autofree char *b = g_strdup_printf ("sd%u.flange_a", k);
          g_autofree char *e = g_strdup_printf ("sd%u.flange_b", k);
          g_autofree char *f = g_strdup_printf ("j%u.flange_a", k + 1);

          text_add (&t, sd, "rotational.spring_damper", "'c': %.17g, 'd': %.17g", c[k], d[k]);
          text_wire (&t, a, b);
          text_wire (&t, e, f);
        }
    }
  text_add (&t, "ground", "rotational.fixed", " ");
  text_add (&t, "bearing", "rotational.damper", "'d': 0.3");
  text_wire (&t, "j3.flange_b", "bearing.flange_a");
  text_wire (&t, "bearing.flange_b", "ground.flange");
  model = text_finish (&t, "high-precision damped chain");
  sys = assemble (model);

  for (guint k = 0; k < G_N_ELEMENTS (solvers); k++)
    {
      SwModesOptions o = sw_modes_options_default ();
      g_autoptr(GError) error = NULL;
      g_autoptr(SwModes) modes = NULL;
      const SwMode *rigid;

      o.solver = solvers[k];
      modes = sw_modes_compute_with_options (sys, 0, NULL, &o, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (sw_modes_get_damped_solver (modes), ==, "state space (LAPACK dgeevx, balanced)");
      g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 4);
      check_invariants (modes, FALSE);
      /* The rigid-body mode decays through the bearing: reported so. */
      rigid = sw_modes_get_mode (modes, 0);
      g_assert_true (rigid->rigid_body);
      g_assert_true (rigid->has_damped);
      g_assert_true (rigid->overdamped);
      /* Absolute round-off of an eigenvalue is about eps |A| = 2e-9 here
       * (c / J = 1e7): 0.024 1/s keeps 7 digits. */
      assert_rel (rigid->decay_rate_per_s, decay, 1e-7);
      for (guint i = 0; i < 3; i++)
        {
          const SwMode *m = sw_modes_get_mode (modes, i + 1);

          g_assert_false (m->overdamped);
          g_assert_cmpfloat_with_epsilon (m->damping_ratio, ref[i][2], 1e-12);
          assert_rel (m->decay_rate_per_s, -ref[i][0], 1e-9);
          assert_rel (m->damped_frequency_hz, ref[i][1] / (2 * G_PI), 1e-12);
        }
    }
}

/* Overdamped: J = 1 on a spring c = 1 and a damper d = 5 to the ground.
 * s^2 + 5 s + 1 = 0: s = (-5 +/- sqrt 21) / 2, both real; the slower decay,
 * (5 - sqrt 21) / 2 = 0.2087 1/s, is reported; the damping is proportional
 * (D = 5 M), solved per mode, and the state-space solver agrees. */
static void
test_damped_overdamped (void)
{
  const double slow = (5 - sqrt (21)) / 2;
  SwModesSolver solvers[] = { SW_MODES_SOLVER_AUTO, SW_MODES_SOLVER_DENSE };
  const char *expected[] = { "proportional damping (per mode)", "state space (LAPACK dgeevx, balanced)" };
  ModelText t;
  g_autoptr(SwModel) model = NULL;
  g_autoptr(SwSystem) sys = NULL;

  text_init (&t);
  text_add (&t, "ground", "rotational.fixed", " ");
  text_add (&t, "spring", "rotational.spring", "'c': 1");
  text_add (&t, "damper", "rotational.damper", "'d': 5");
  text_add (&t, "inertia", "rotational.inertia", "'J': 1");
  text_wire (&t, "ground.flange", "spring.flange_a");
  text_wire (&t, "spring.flange_b", "inertia.flange_a");
  text_wire (&t, "inertia.flange_b", "damper.flange_a");
  text_wire (&t, "damper.flange_b", "ground.flange");
  model = text_finish (&t, "overdamped");
  sys = assemble (model);
  for (guint k = 0; k < G_N_ELEMENTS (solvers); k++)
    {
      SwModesOptions o = sw_modes_options_default ();
      g_autoptr(GError) error = NULL;
      g_autoptr(SwModes) modes = NULL;
      const SwMode *m;
      double re, im;

      o.solver = solvers[k];
      modes = sw_modes_compute_with_options (sys, 0, NULL, &o, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (sw_modes_get_damped_solver (modes), ==, expected[k]);
      m = sw_modes_get_mode (modes, 0);
      g_assert_false (m->rigid_body);
      assert_rel (m->omega_rad_s, 1, 1e-10);
      g_assert_true (m->overdamped);
      g_assert_true (isnan (m->damping_ratio));
      g_assert_cmpfloat (m->damped_frequency_hz, ==, 0);
      assert_rel (m->decay_rate_per_s, slow, 1e-10);
      g_assert_cmpuint (sw_modes_get_n_eigenvalues (modes), ==, 2);
      sw_modes_get_eigenvalue (modes, 0, &re, &im);
      g_assert_cmpfloat (im, ==, 0);
      assert_rel (re, -slow, 1e-10);
    }
}

/* ------------------------------------------------------------------------- */

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/modes/damped/backlash-spring-damper", test_damped_backlash_branch);
  g_test_add_func ("/core/modes/damped/none", test_damped_none);
  g_test_add_func ("/core/modes/damped/high-precision", test_damped_high_precision);
  g_test_add_func ("/core/modes/damped/overdamped", test_damped_overdamped);

  return g_test_run ();
}
