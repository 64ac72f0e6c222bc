/* test-engine-motion.c: conservation laws and motion sources (speed, position,
 * acceleration) against closed forms.
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

/* ---- 6. Conservation ---------------------------------------------------- */

/* Five inertias, four springs, no ground, no damping: energy and angular
 * momentum are invariants. */
static void
test_conservation_chain (void)
{
  static const char text[] = MODEL (
    COMP ("inertia1", "rotational.inertia", "'J': 1, 'w0': 1") ", "
    COMP ("spring1", "rotational.spring", "'c': 1000") ", "
    COMP ("inertia2", "rotational.inertia", "'J': 0.5, 'w0': -2") ", "
    COMP ("spring2", "rotational.spring", "'c': 400") ", "
    COMP ("inertia3", "rotational.inertia", "'J': 2, 'w0': 0.5") ", "
    COMP ("spring3", "rotational.spring", "'c': 2000") ", "
    COMP ("inertia4", "rotational.inertia", "'J': 0.25, 'w0': 3") ", "
    COMP ("spring4", "rotational.spring", "'c': 800") ", "
    COMP ("inertia5", "rotational.inertia", "'J': 1.5, 'w0': -1"),
    WIRE ("inertia1.flange_b", "spring1.flange_a") ", "
    WIRE ("spring1.flange_b", "inertia2.flange_a") ", "
    WIRE ("inertia2.flange_b", "spring2.flange_a") ", "
    WIRE ("spring2.flange_b", "inertia3.flange_a") ", "
    WIRE ("inertia3.flange_b", "spring3.flange_a") ", "
    WIRE ("spring3.flange_b", "inertia4.flange_a") ", "
    WIRE ("inertia4.flange_b", "spring4.flange_a") ", "
    WIRE ("spring4.flange_b", "inertia5.flange_a"));
  const double J[5] = { 1, 0.5, 2, 0.25, 1.5 }, w0[5] = { 1, -2, 0.5, 3, -1 };
  double E0 = 0, P0 = 0, P_scale = 0, spring_max = 0;
  g_autoptr(SwSystem) sys = assemble (text);
  g_autoptr(SwTrajectory) tr = simulate_system (sys, 10, 0.01, 1e-10);
  const double *energy[9], *w[5];

  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *ename = g_strdup_printf ("inertia%u.energy", i + 1);
      g_autofree char *wname = g_strdup_printf ("inertia%u.w", i + 1);

      energy[i] = column (tr, ename);
      w[i] = column (tr, wname);
      E0 += 0.5 * J[i] * w0[i] * w0[i];
      P0 += J[i] * w0[i];
      P_scale += fabs (J[i] * w0[i]);
    }
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *ename = g_strdup_printf ("spring%u.energy", i + 1);
      energy[5 + i] = column (tr, ename);
    }

  g_assert_cmpuint (sw_system_get_n_dofs (sys), ==, 5);
  g_assert_cmpfloat (E0, ==, 3.625);
  for (guint k = 0; k < sw_trajectory_get_n_rows (tr); k++)
    {
      double E = 0, P = 0;

      for (guint i = 0; i < 9; i++)
        E += energy[i][k];
      for (guint i = 0; i < 5; i++)
        P += J[i] * w[i][k];
      spring_max = MAX (spring_max, energy[5][k] + energy[6][k] + energy[7][k] + energy[8][k]);
      assert_rel (E, E0, 1e-7);
      assert_abs (P, P0, 1e-10 * P_scale);
    }
  /* Energy really moves between the inertias and the springs. */
  g_assert_cmpfloat (spring_max, >, 0.1 * E0);
}

/* ---- 7. Prescribed motion ----------------------------------------------- */

static void
test_motion_speed (void)
{
  static const char text[] = MODEL (
    COMP ("speed", "rotational.speed", "'w_ref': {'sine': {'amplitude': 3, 'freq_hz': 2}}") ", "
    COMP ("inertia", "rotational.inertia", "'J': 0.5"),
    WIRE ("speed.flange", "inertia.flange_a"));
  const double A = 3, om = 2 * G_PI * 2, J = 0.5;
  g_autoptr(SwTrajectory) tr = simulate (text, 1, 0.01, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *phi = column (tr, "inertia.phi"), *w = column (tr, "inertia.w");
  const double *a = column (tr, "inertia.a"), *tau = column (tr, "speed.tau");
  const double *sw = column (tr, "speed.w"), *sa = column (tr, "speed.a");

  for (guint k = 0; k < sw_trajectory_get_n_rows (tr); k++)
    {
      assert_abs (w[k], A * sin (om * t[k]), 1e-12 * A);
      assert_abs (sw[k], w[k], 1e-15 * A);
      assert_abs (a[k], A * om * cos (om * t[k]), 1e-12 * A * om);
      assert_abs (sa[k], a[k], 1e-15 * A * om);
      assert_abs (tau[k], J * a[k], 1e-9 * J * A * om);
      /* The angle is integrated from 0. */
      assert_abs (phi[k], A / om * (1 - cos (om * t[k])), 1e-8 * A / om);
    }
}

static void
test_motion_position (void)
{
  static const char text[] = MODEL (
    COMP ("position", "rotational.position",
          "'phi_ref': {'sine': {'amplitude': 0.2, 'freq_hz': 1.5, 'phase': 0.3}}") ", "
    COMP ("inertia", "rotational.inertia", "'J': 2"),
    WIRE ("position.flange", "inertia.flange_a"));
  const double A = 0.2, om = 2 * G_PI * 1.5, ph = 0.3, J = 2;
  g_autoptr(SwTrajectory) tr = simulate (text, 1, 0.01, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *phi = column (tr, "inertia.phi"), *w = column (tr, "inertia.w");
  const double *a = column (tr, "inertia.a"), *tau = column (tr, "position.tau");

  for (guint k = 0; k < sw_trajectory_get_n_rows (tr); k++)
    {
      double arg = om * t[k] + ph;

      assert_abs (phi[k], A * sin (arg), 1e-12 * A);
      assert_abs (w[k], A * om * cos (arg), 1e-12 * A * om);
      assert_abs (a[k], -A * om * om * sin (arg), 1e-12 * A * om * om);
      assert_abs (tau[k], J * a[k], 1e-9 * J * A * om * om);
    }
}

static void
test_motion_accelerate (void)
{
  static const char text[] = MODEL (
    COMP ("accelerate", "rotational.accelerate", "'a_ref': 2") ", "
    COMP ("inertia", "rotational.inertia", "'J': 3"),
    WIRE ("accelerate.flange", "inertia.flange_a"));
  g_autoptr(SwTrajectory) tr = simulate (text, 2, 0.05, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *phi = column (tr, "inertia.phi"), *w = column (tr, "inertia.w");
  const double *a = column (tr, "inertia.a"), *tau = column (tr, "accelerate.tau");

  for (guint k = 0; k < sw_trajectory_get_n_rows (tr); k++)
    {
      assert_close (phi[k], t[k] * t[k], 1e-12);
      assert_close (w[k], 2 * t[k], 1e-12);
      assert_rel (a[k], 2, 1e-14);
      assert_rel (tau[k], 6, 1e-12);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/engine/conservation/chain", test_conservation_chain);
  g_test_add_func ("/core/engine/motion/speed", test_motion_speed);
  g_test_add_func ("/core/engine/motion/position", test_motion_position);
  g_test_add_func ("/core/engine/motion/accelerate", test_motion_accelerate);

  return g_test_run ();
}
