/* test-engine-gears.c: gears, planetary gears and loops of them against closed
 * forms and hand derived reactions.
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

/* ---- 1. Gear reflection ------------------------------------------------- */

#define GEAR_PARTS \
  COMP ("torque", "rotational.constant_torque", "'tau_constant': 3") ", " \
  COMP ("inertia1", "rotational.inertia", "'J': 0.1") ", " \
  COMP ("gear", "rotational.ideal_gear", "'ratio': 10") ", " \
  COMP ("inertia2", "rotational.inertia", "'J': 2")
#define GEAR_WIRES \
  WIRE ("torque.flange", "inertia1.flange_a") ", " \
  WIRE ("inertia1.flange_b", "gear.flange_a") ", " \
  WIRE ("gear.flange_b", "inertia2.flange_a")

static const char gear_model[] = MODEL (GEAR_PARTS, GEAR_WIRES);
static const char gear_grounded_model[] = MODEL (
  GEAR_PARTS ", " COMP ("fixed", "rotational.fixed", ""),
  GEAR_WIRES ", " WIRE ("gear.support", "fixed.flange"));

/* tau = 3 N.m on J1 = 0.1, ratio r = 10, J2 = 2:
 * a2 = tau r / (J1 r^2 + J2) = 30 / 12 = 2.5, a1 = r a2 = 25.
 * inertia1: J1 a1 = tau + inertia1.flange_b.tau, so flange_b.tau = -0.5 and
 * the gear receives gear.flange_a.tau = 0.5; Modelica IdealGear:
 * flange_b.tau = -ratio flange_a.tau = -5 (= -J2 a2), and the support takes
 * -(flange_a.tau + flange_b.tau) = 4.5. */
static void
test_gear_reflection (void)
{
  const double tau = 3, J1 = 0.1, r = 10, J2 = 2;
  const double a2 = tau * r / (J1 * r * r + J2);
  g_autoptr(SwSystem) sys = assemble (gear_model);
  g_autoptr(SwTrajectory) tr = simulate_system (sys, 100, 1, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *phi1 = column (tr, "inertia1.phi"), *w1 = column (tr, "inertia1.w");
  const double *a1c = column (tr, "inertia1.a");
  const double *phi2 = column (tr, "inertia2.phi"), *w2 = column (tr, "inertia2.w");
  const double *a2c = column (tr, "inertia2.a");
  const double *fa = column (tr, "gear.flange_a.tau"), *fb = column (tr, "gear.flange_b.tau");
  const double *fs = column (tr, "gear.support.tau");
  const double *i1a = column (tr, "inertia1.flange_a.tau"), *i1b = column (tr, "inertia1.flange_b.tau");
  const double *i2a = column (tr, "inertia2.flange_a.tau"), *i2b = column (tr, "inertia2.flange_b.tau");

  g_assert_cmpfloat (a2, ==, 2.5);
  g_assert_cmpuint (sw_system_get_n_dofs (sys), ==, 1);
  g_assert_cmpuint (sw_system_get_n_massless (sys), ==, 0);
  g_assert_cmpuint (sw_trajectory_get_n_rows (tr), ==, 101);
  for (guint k = 0; k < sw_trajectory_get_n_rows (tr); k++)
    {
      assert_rel (a2c[k], a2, 1e-12);
      assert_rel (a1c[k], r * a2, 1e-12);
      /* The gear constraint is exact at every row, it never drifts. */
      g_assert_cmpfloat (fabs (phi1[k] - r * phi2[k]), <=, 1e-12 * fabs (phi1[k]));
      g_assert_cmpfloat (fabs (w1[k] - r * w2[k]), <=, 1e-12 * fabs (w1[k]));
      /* Constant acceleration from rest: a polynomial the integrator follows exactly. */
      assert_close (w2[k], a2 * t[k], 1e-12);
      assert_close (phi2[k], 0.5 * a2 * t[k] * t[k], 1e-12);
      /* Reactions: by hand, and the IdealGear balance equations. */
      assert_close (fa[k], 0.5, 1e-12);
      assert_close (fb[k], -5, 1e-12);
      assert_close (fs[k], 4.5, 1e-12);
      assert_abs (r * fa[k] + fb[k], 0, 1e-11);
      assert_abs (fs[k] + fa[k] + fb[k], 0, 1e-11);
      assert_close (i1a[k], tau, 1e-12);
      assert_close (i1b[k], -0.5, 1e-12);
      assert_close (i2a[k], J2 * a2, 1e-12);
      assert_abs (i2b[k], 0, 1e-12);
    }
  assert_rel (phi2[100], 12500, 1e-12);
}

/* Modelica First vs FirstGrounded: an unconnected support is grounded, so
 * connecting it to a fixed flange changes nothing, to round-off (the fixed
 * component changes the order of the parts). */
static void
test_gear_grounded_support (void)
{
  g_autoptr(SwTrajectory) free_tr = simulate (gear_model, 2, 0.01, 1e-8);
  g_autoptr(SwTrajectory) grounded_tr = simulate (gear_grounded_model, 2, 0.01, 1e-8);
  guint n = sw_trajectory_get_n_rows (free_tr);

  g_assert_cmpuint (sw_trajectory_get_n_rows (grounded_tr), ==, n);
  g_assert_cmpmem (sw_trajectory_get_times (free_tr), n * sizeof (double),
                   sw_trajectory_get_times (grounded_tr), n * sizeof (double));
  g_assert_cmpuint (sw_trajectory_get_n_columns (free_tr), ==, 21);
  for (guint c = 0; c < sw_trajectory_get_n_columns (free_tr); c++)
    {
      const char *name = sw_trajectory_get_column_name (free_tr, c);
      const double *a = sw_trajectory_get_column (free_tr, c), *b = column (grounded_tr, name);
      double scale = 1;

      g_test_message ("column %s", name);
      for (guint k = 0; k < n; k++)
        scale = MAX (scale, fabs (a[k]));
      for (guint k = 0; k < n; k++)
        g_assert_cmpfloat (fabs (a[k] - b[k]), <=, 1e-12 * scale);
    }
  /* Connection: fixed.flange.tau + gear.support.tau = 0. */
  assert_close (column (grounded_tr, "fixed.flange.tau")[n - 1], -4.5, 1e-12);
}

/* ---- 2. Planetary gear -------------------------------------------------- */

/* ratio k = 4; inertias Js = 0.5, Jc = 2, Jr = 3; tau = 10 on the sun. */
#define PLANETARY_PARTS \
  COMP ("torque", "rotational.constant_torque", "'tau_constant': 10") ", " \
  COMP ("sun", "rotational.inertia", "'J': 0.5") ", " \
  COMP ("carrier", "rotational.inertia", "'J': 2") ", " \
  COMP ("ring", "rotational.inertia", "'J': 3") ", " \
  COMP ("planetary", "rotational.ideal_planetary", "'ratio': 4")
#define PLANETARY_WIRES \
  WIRE ("torque.flange", "sun.flange_a") ", " \
  WIRE ("sun.flange_b", "planetary.sun") ", " \
  WIRE ("planetary.carrier", "carrier.flange_a") ", " \
  WIRE ("planetary.ring", "ring.flange_a")

static const char planetary_free_model[] = MODEL (PLANETARY_PARTS, PLANETARY_WIRES);
static const char planetary_spring_model[] = MODEL (
  PLANETARY_PARTS ", "
  COMP ("spring", "rotational.spring", "'c': 50") ", "
  COMP ("fixed", "rotational.fixed", ""),
  PLANETARY_WIRES ", "
  WIRE ("ring.flange_b", "spring.flange_a") ", "
  WIRE ("spring.flange_b", "fixed.flange"));

/* Checks every row; c is the ring spring's stiffness (0: no spring). */
static void
check_planetary (const SwTrajectory *tr,
                 double              c)
{
  const double k = 4, Js = 0.5, Jc = 2, Jr = 3, tau = 10;
  const double *ps = column (tr, "sun.phi"), *pc = column (tr, "carrier.phi"), *pr = column (tr, "ring.phi");
  const double *ws = column (tr, "sun.w"), *wc = column (tr, "carrier.w"), *wr = column (tr, "ring.w");
  const double *as = column (tr, "sun.a"), *ac = column (tr, "carrier.a"), *ar = column (tr, "ring.a");
  const double *ts = column (tr, "planetary.sun.tau"), *tc = column (tr, "planetary.carrier.tau");
  const double *tr_ = column (tr, "planetary.ring.tau");
  const double *es = column (tr, "sun.energy"), *ec = column (tr, "carrier.energy"), *er = column (tr, "ring.energy");
  const double *espring = c > 0 ? column (tr, "spring.energy") : NULL;

  for (guint n = 0; n < sw_trajectory_get_n_rows (tr); n++)
    {
      double pscale = fabs (ps[n]) + k * fabs (pr[n]) + 1e-300;
      double wscale = fabs (ws[n]) + k * fabs (wr[n]) + 1e-300;
      double p_sun = ts[n] * ws[n], p_carrier = tc[n] * wc[n], p_ring = tr_[n] * wr[n];
      double work = tau * ps[n];
      double stored = es[n] + ec[n] + er[n] + (espring != NULL ? espring[n] : 0);

      /* Willis: (1 + k) w_carrier = w_sun + k w_ring, to round-off. */
      g_assert_cmpfloat (fabs ((1 + k) * pc[n] - ps[n] - k * pr[n]), <=, 1e-13 * pscale);
      g_assert_cmpfloat (fabs ((1 + k) * wc[n] - ws[n] - k * wr[n]), <=, 1e-13 * wscale);
      /* The gear neither stores nor dissipates. */
      g_assert_cmpfloat (fabs (p_sun + p_carrier + p_ring), <=,
                         1e-10 * (fabs (p_sun) + fabs (p_carrier) + fabs (p_ring)) + 1e-12);
      /* Its torques are what the inertias need (Newton on each inertia). */
      assert_close (ts[n], tau - Js * as[n], 1e-10);
      assert_close (tc[n], -Jc * ac[n], 1e-10);
      assert_close (tr_[n], -Jr * ar[n] - c * pr[n], 1e-10);
      /* The work of the source is all stored: kinetic plus spring energy. */
      assert_close (stored, work, 1e-7);
    }
}

/* Free ring: constant accelerations from the reduced 2x2 mass matrix in
 * (phi_sun, phi_ring), phi_carrier = (phi_sun + k phi_ring) / (1 + k). */
static void
test_planetary_free (void)
{
  const double k = 4, Js = 0.5, Jc = 2, Jr = 3, tau = 10;
  const double u = 1 / (1 + k);
  const double m11 = Js + Jc * u * u, m12 = Jc * k * u * u, m22 = Jr + Jc * k * k * u * u;
  const double det = m11 * m22 - m12 * m12;
  const double a_sun = m22 * tau / det, a_ring = -m12 * tau / det;
  const double a_carrier = (a_sun + k * a_ring) * u;
  g_autoptr(SwSystem) sys = assemble (planetary_free_model);
  g_autoptr(SwTrajectory) tr = simulate_system (sys, 3, 0.05, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *as = column (tr, "sun.a"), *ac = column (tr, "carrier.a"), *ar = column (tr, "ring.a");
  const double *wr = column (tr, "ring.w");

  g_assert_cmpuint (sw_system_get_n_dofs (sys), ==, 2);
  check_planetary (tr, 0);
  for (guint n = 0; n < sw_trajectory_get_n_rows (tr); n++)
    {
      assert_rel (as[n], a_sun, 1e-12);
      assert_rel (ac[n], a_carrier, 1e-12);
      assert_rel (ar[n], a_ring, 1e-12);
      assert_close (wr[n], a_ring * t[n], 1e-12);
    }
}

static void
test_planetary_ring_spring (void)
{
  g_autoptr(SwSystem) sys = assemble (planetary_spring_model);
  g_autoptr(SwTrajectory) tr = simulate_system (sys, 5, 0.05, 1e-10);
  const double *pr = column (tr, "ring.phi");
  double ring_max = 0;

  g_assert_cmpuint (sw_system_get_n_dofs (sys), ==, 2);
  check_planetary (tr, 50);
  /* The spring does hold the ring back: the case is not the free one. */
  for (guint n = 0; n < sw_trajectory_get_n_rows (tr); n++)
    ring_max = MAX (ring_max, fabs (pr[n]));
  g_assert_cmpfloat (ring_max, >, 0.1);
}

/* ---- 3. Kinematic loops ------------------------------------------------- */

static void
test_loop_parallel_gears (void)
{
  static const char text[] = MODEL (
    COMP ("torque", "rotational.constant_torque", "'tau_constant': 3") ", "
    COMP ("inertia1", "rotational.inertia", "'J': 0.1") ", "
    COMP ("gear1", "rotational.ideal_gear", "'ratio': 10") ", "
    COMP ("gear2", "rotational.ideal_gear", "'ratio': 10") ", "
    COMP ("inertia2", "rotational.inertia", "'J': 2"),
    WIRE ("torque.flange", "inertia1.flange_a") ", "
    WIRE ("inertia1.flange_b", "gear1.flange_a") ", "
    WIRE ("inertia1.flange_b", "gear2.flange_a") ", "
    WIRE ("gear1.flange_b", "inertia2.flange_a") ", "
    WIRE ("gear2.flange_b", "inertia2.flange_a"));
  g_autoptr(SwSystem) sys = assemble (text);
  g_autoptr(SwTrajectory) two = simulate_system (sys, 2, 0.05, 1e-10);
  g_autoptr(SwTrajectory) one = simulate (gear_model, 2, 0.05, 1e-10);
  static const char *const names[] = {
    "inertia1.phi", "inertia1.w", "inertia1.a", "inertia2.phi", "inertia2.w", "inertia2.a",
    "inertia1.flange_a.tau", "inertia1.flange_b.tau", "inertia2.flange_a.tau",
  };
  const double *b1 = column (two, "gear1.flange_b.tau"), *b2 = column (two, "gear2.flange_b.tau");
  const double *a1 = column (two, "gear1.flange_a.tau"), *a2 = column (two, "gear2.flange_a.tau");
  guint n = sw_trajectory_get_n_rows (one);

  g_assert_cmpuint (sw_system_get_n_dofs (sys), ==, 1);
  g_assert_cmpuint (sw_trajectory_get_n_rows (two), ==, n);
  for (guint c = 0; c < G_N_ELEMENTS (names); c++)
    {
      const double *x = column (two, names[c]), *y = column (one, names[c]);

      for (guint k = 0; k < n; k++)
        assert_close (x[k], y[k], 1e-12);
    }
  /* How the two gears share the load is not determined, their sum is. */
  for (guint k = 0; k < n; k++)
    {
      assert_close (a1[k] + a2[k], 0.5, 1e-10);
      assert_close (b1[k] + b2[k], -5, 1e-10);
    }
}

static void
test_loop_ratio_contradiction (void)
{
  static const char text[] = MODEL (
    COMP ("torque", "rotational.constant_torque", "'tau_constant': 3") ", "
    COMP ("inertia1", "rotational.inertia", "'J': 0.1") ", "
    COMP ("gearA", "rotational.ideal_gear", "'ratio': 10") ", "
    COMP ("gearB", "rotational.ideal_gear", "'ratio': 5") ", "
    COMP ("inertia2", "rotational.inertia", "'J': 2"),
    WIRE ("torque.flange", "inertia1.flange_a") ", "
    WIRE ("inertia1.flange_b", "gearA.flange_a") ", "
    WIRE ("inertia1.flange_b", "gearB.flange_a") ", "
    WIRE ("gearA.flange_b", "inertia2.flange_a") ", "
    WIRE ("gearB.flange_b", "inertia2.flange_a"));
  g_autoptr(GError) error = assemble_error (text);

  g_assert_error (error, SW_ERROR, SW_ERROR_CONTRADICTION);
  g_assert_true (g_str_has_prefix (error->message, "engine.shaft:"));
  g_assert_nonnull (strstr (error->message, "gearA"));
  g_assert_nonnull (strstr (error->message, "gearB"));
}

static void
test_loop_two_motion_sources (void)
{
  /* Two speed sources on the two flanges of one inertia. */
  static const char speeds[] = MODEL (
    COMP ("speedA", "rotational.speed", "'w_ref': 1") ", "
    COMP ("inertia", "rotational.inertia", "'J': 1") ", "
    COMP ("speedB", "rotational.speed", "'w_ref': 2"),
    WIRE ("speedA.flange", "inertia.flange_a") ", "
    WIRE ("inertia.flange_b", "speedB.flange"));
  /* A speed source and a position source on a rigid group through a gear. */
  static const char through_gear[] = MODEL (
    COMP ("speedA", "rotational.speed", "'w_ref': 1") ", "
    COMP ("inertia1", "rotational.inertia", "'J': 1") ", "
    COMP ("gear", "rotational.ideal_gear", "'ratio': 3") ", "
    COMP ("inertia2", "rotational.inertia", "'J': 1") ", "
    COMP ("positionB", "rotational.position", "'phi_ref': {'sine': {'amplitude': 1, 'freq_hz': 1}}"),
    WIRE ("speedA.flange", "inertia1.flange_a") ", "
    WIRE ("inertia1.flange_b", "gear.flange_a") ", "
    WIRE ("gear.flange_b", "inertia2.flange_a") ", "
    WIRE ("inertia2.flange_b", "positionB.flange"));
  const char *const texts[] = { speeds, through_gear };
  gboolean names_both = TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GError) error = assemble_error (texts[i]);
      const char *second = i == 0 ? "speedB" : "positionB";

      g_assert_error (error, SW_ERROR, SW_ERROR_CONTRADICTION);
      g_assert_true (g_str_has_prefix (error->message, "engine.shaft:"));
      g_assert_nonnull (strstr (error->message, second));
      if (strstr (error->message, "speedA") == NULL)
        names_both = FALSE;
    }
  g_assert_true (names_both);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/engine/gear/reflection", test_gear_reflection);
  g_test_add_func ("/core/engine/gear/grounded-support", test_gear_grounded_support);
  g_test_add_func ("/core/engine/planetary/free", test_planetary_free);
  g_test_add_func ("/core/engine/planetary/ring-spring", test_planetary_ring_spring);
  g_test_add_func ("/core/engine/loop/parallel-gears", test_loop_parallel_gears);
  g_test_add_func ("/core/engine/loop/ratio-contradiction", test_loop_ratio_contradiction);
  g_test_add_func ("/core/engine/loop/two-motion-sources", test_loop_two_motion_sources);

  return g_test_run ();
}
