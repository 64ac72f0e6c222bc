/* test-engine-msl.c: MSL examples with known solutions: the rolling wheel, the
 * elastic bearing, the rotational-translational transformation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <glib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-trajectory.h"
#include "test-engine-common.h"

static SwModel *
model_new_from_fixture (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "engine", name, NULL);
  SwModel *model = sw_model_new_from_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

/* ---- 8. Rolling wheel (MSL Rotational.Examples.RollingWheel) ------------ */

/* Equivalent mass J/r^2 + m = 2 kg under 10 N (after 0.1 s) against the drag
 * -10 (v/5)^2: 2 v' = 10 (1 - (v/5)^2), v = 5 tanh (t - 0.1),
 * s = 5 ln cosh (t - 0.1). */
static void
test_rolling_wheel (void)
{
  g_autoptr(SwModel) model = model_new_from_fixture ("rolling-wheel.shaft");
  g_autoptr(SwSystem) sys = assemble_model (model);
  g_autoptr(SwTrajectory) tr = simulate_system (sys, 5, 0.01, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *v = column (tr, "mass.v"), *s = column (tr, "mass.s"), *am = column (tr, "mass.a");
  const double *w = column (tr, "inertia.w"), *ai = column (tr, "inertia.a");
  const double *tau = column (tr, "torque.tau");
  guint right = row_at (tr, 0.1), left = right - 1;

  g_assert_cmpuint (sw_system_get_n_dofs (sys), ==, 1);
  assert_time_grid (tr, 5, 0.01);
  /* 501 output times and one more row for the step. */
  g_assert_cmpuint (sw_trajectory_get_n_rows (tr), ==, 502);
  g_assert_cmpuint (count_rows_at (tr, 0.1), ==, 2);
  g_assert_cmpfloat (t[left], ==, 0.1);
  g_assert_cmpfloat (t[right], ==, 0.1);
  /* The left row has the torque from before, the right one the step. */
  g_assert_cmpfloat (tau[left], ==, 0);
  g_assert_cmpfloat (tau[right], ==, 10);
  assert_abs (ai[left], 0, 1e-12);
  assert_rel (ai[right], 5, 1e-12);
  assert_rel (am[right], 5, 1e-12);
  g_assert_cmpfloat (v[left], ==, v[right]);

  for (guint k = 0; k < sw_trajectory_get_n_rows (tr); k++)
    {
      double tt = t[k] - 0.1;

      if (k <= left)
        {
          g_assert_cmpfloat (v[k], ==, 0);
          g_assert_cmpfloat (s[k], ==, 0);
          continue;
        }
      assert_abs (v[k], 5 * tanh (tt), 1e-6);
      assert_abs (s[k], 5 * log (cosh (tt)), 1e-6);
      assert_abs (w[k], v[k], 1e-12);
      assert_abs (am[k], 5 * (1 - tanh (tt) * tanh (tt)), 1e-6);
    }
  /* The published values. */
  assert_abs (v[row_at (tr, 1)], 3.5815, 1e-4);
  assert_abs (s[row_at (tr, 5)], 21.0345, 1e-4);
}

/* ---- 9. ElasticBearing (MSL Rotational.Examples.ElasticBearing) --------- */

/* Coordinates shaft, housing, load: the gear's flange_b turns at
 * phi_b = phi_h + (phi_s - phi_h) / 3 (IdealGear with support), the spring
 * torque tau_sp = c_sp (phi_l - phi_b) reaches the shaft as tau_sp / 3
 * and the housing as 2 tau_sp / 3 (dphi_b/dphi_s and dphi_b/dphi_h). */
static int
bearing_rhs (double t, const double y[], double dydt[], void *data)
{
  const double Js = 1, Jh = 5, Jl = 50, c_sp = 1e3, c_h = 1e5, d_h = 5, ratio = 3;
  double tau = 100 * MIN (t / 5, 1.0);
  double phi_b = y[2] + (y[0] - y[2]) / ratio;
  double tau_sp = c_sp * (y[4] - phi_b);

  dydt[0] = y[1];
  dydt[1] = (tau + tau_sp / ratio) / Js;
  dydt[2] = y[3];
  dydt[3] = (-c_h * y[2] - d_h * y[3] + (1 - 1 / ratio) * tau_sp) / Jh;
  dydt[4] = y[5];
  dydt[5] = -tau_sp / Jl;
  return GSL_SUCCESS;
}

static void
test_elastic_bearing (void)
{
  g_autoptr(SwModel) model = model_new_from_fixture ("elastic-bearing.shaft");
  g_autoptr(SwSystem) sys = assemble_model (model);
  g_autoptr(SwTrajectory) tr = simulate_system (sys, 10, 0.05, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *ws = column (tr, "shaft.w"), *wh = column (tr, "housing.w"), *wl = column (tr, "load.w");
  const double *ps = column (tr, "shaft.phi"), *ph = column (tr, "housing.phi"), *pl = column (tr, "load.phi");
  const double y0[6] = { 0 };
  guint end;
  Oracle o;

  g_assert_cmpuint (sw_system_get_n_dofs (sys), ==, 3);
  /* The ramp's slope jumps at 5 s. */
  g_assert_cmpuint (count_rows_at (tr, 5), ==, 2);
  oracle_init (&o, bearing_rhs, 6, y0, NULL);
  for (guint k = 0; k < sw_trajectory_get_n_rows (tr); k++)
    {
      oracle_advance (&o, t[k]);
      assert_abs (ps[k], o.y[0], 1e-6 * (1 + fabs (o.y[0])));
      assert_abs (ws[k], o.y[1], 1e-6 * (1 + fabs (o.y[1])));
      assert_abs (ph[k], o.y[2], 1e-8);
      assert_abs (wh[k], o.y[3], 1e-7);
      assert_abs (pl[k], o.y[4], 1e-6 * (1 + fabs (o.y[4])));
      assert_abs (wl[k], o.y[5], 1e-6 * (1 + fabs (o.y[5])));
    }
  oracle_clear (&o);

  /* The values of the MSL example at 10 s. */
  end = row_at (tr, 10);
  assert_rel (ws[end], 114.46, 2e-3);
  assert_rel (wl[end], 38.132, 2e-3);
  assert_abs (wh[end], 0, 1e-3);
}

/* ---- 10. Twin Builder transformation ------------------------------------ */

/* phi = K s with K = 1/r: a wheel of radius r. Kinetic energy
 * ½ (J K^2 + m) v^2, generalized force tau K, so a_s = tau K / (J K^2 + m)
 * and a_phi = K a_s = tau / (J + m / K^2). */
static void
test_transformation_rot_trans (void)
{
  static const char text[] = MODEL (
    COMP ("torque", "rotational.constant_torque", "'tau_constant': 2") ", "
    COMP ("inertia", "rotational.inertia", "'J': 0.5") ", "
    COMP ("tsf", "transformation.rot_trans", "'K': 4") ", "
    COMP ("mass", "translational.mass", "'m': 10"),
    WIRE ("torque.flange", "inertia.flange_a") ", "
    WIRE ("inertia.flange_b", "tsf.ROT1") ", "
    WIRE ("tsf.TR2", "mass.flange_a"));
  const double tau = 2, J = 0.5, K = 4, m = 10;
  const double a_phi = tau / (J + m / (K * K)), a_s = a_phi / K;
  const double M1 = tau - J * a_phi, F2 = m * a_s;
  g_autoptr(SwTrajectory) tr = simulate (text, 1, 0.1, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *ai = column (tr, "inertia.a"), *am = column (tr, "mass.a");
  const double *wi = column (tr, "inertia.w"), *vm = column (tr, "mass.v");
  const double *m1 = column (tr, "tsf.M1"), *f2 = column (tr, "tsf.F2");
  const double *om1 = column (tr, "tsf.OMEGA1"), *v2 = column (tr, "tsf.V2");

  g_assert_cmpfloat_with_epsilon (a_phi, 16.0 / 9.0, 1e-15);
  for (guint k = 0; k < sw_trajectory_get_n_rows (tr); k++)
    {
      assert_rel (ai[k], a_phi, 1e-12);
      assert_rel (am[k], a_s, 1e-12);
      assert_close (wi[k], a_phi * t[k], 1e-12);
      assert_close (wi[k], K * vm[k], 1e-14);
      assert_close (om1[k], wi[k], 1e-15);
      assert_close (v2[k], vm[k], 1e-15);
      /* Torque taken from the inertia, force delivered to the mass; power
       * passes unchanged. */
      assert_rel (m1[k], M1, 1e-12);
      assert_rel (f2[k], F2, 1e-12);
      assert_rel (f2[k], K * m1[k], 1e-12);
      assert_close (m1[k] * om1[k], f2[k] * v2[k], 1e-12);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/engine/msl/rolling-wheel", test_rolling_wheel);
  g_test_add_func ("/core/engine/msl/elastic-bearing", test_elastic_bearing);
  g_test_add_func ("/core/engine/transformation/rot-trans", test_transformation_rot_trans);

  return g_test_run ();
}
