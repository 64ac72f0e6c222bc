/* test-engine.c: assembly, equations and integration of whole models,
 * each against something independent of the engine: closed forms, hand
 * derived reactions, conservation laws, MSL examples with known solutions,
 * and ODEs written out by hand and integrated with GSL directly.
 *
 * Models are JSON written with single quotes (turned into double quotes
 * before reading, see model_new()); the two MSL examples are fixtures in
 * tests/data/engine/.
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

/* ---- Model text --------------------------------------------------------- */

#define MODEL(components, connections) \
  "{'format': 'shaftwork-model', 'version': 1, 'name': 'engine test', " \
  "'components': [" components "], 'connections': [" connections "]}"
#define COMP(id, kind, params) "{'id': '" id "', 'kind': '" kind "', 'params': {" params "}}"
#define WIRE(from, to) "{'from': '" from "', 'to': '" to "'}"

/* ---- Assertions --------------------------------------------------------- */

/* |a - b| <= tol·(1 + |b|) */
#define assert_close(a, b, tol) \
  G_STMT_START { \
    double a_ = (a), b_ = (b); \
    g_assert_cmpfloat (fabs (a_ - b_), <=, (tol) * (1.0 + fabs (b_))); \
  } G_STMT_END

/* |a - b| <= tol·|b| */
#define assert_rel(a, b, tol) \
  G_STMT_START { \
    double a_ = (a), b_ = (b); \
    g_assert_cmpfloat (fabs (a_ - b_), <=, (tol) * fabs (b_)); \
  } G_STMT_END

/* |a - b| <= tol */
#define assert_abs(a, b, tol) \
  g_assert_cmpfloat_with_epsilon ((a), (b), (tol))

/* ---- Loading, assembling, simulating ------------------------------------ */

/* Reads a model written with single quotes. */
static SwModel *
model_new (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *json = g_strdelimit (g_strdup (text), "'", '"');
  SwModel *model = sw_model_new_from_data (json, -1, "engine.shaft", &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

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

static SwSystem *
assemble_model (SwModel *model)
{
  g_autoptr(GError) error = NULL;
  SwSystem *sys = sw_model_assemble (model, &error);

  g_assert_no_error (error);
  g_assert_nonnull (sys);
  return sys;
}

static SwSystem *
assemble (const char *text)
{
  g_autoptr(SwModel) model = model_new (text);

  return assemble_model (model);
}

/* The error sw_model_assemble() gives for a model that must not assemble. */
static GError *
assemble_error (const char *text)
{
  g_autoptr(SwModel) model = model_new (text);
  GError *error = NULL;
  SwSystem *sys = sw_model_assemble (model, &error);

  if (sys != NULL)
    sw_system_unref (sys);
  g_assert_null (sys);
  g_assert_nonnull (error);
  g_test_message ("assembly error: %s", error->message);
  return error;
}

/* Every variable of every component. */
static SwTrajectory *
simulate_system (const SwSystem *sys,
                 double          stop_time_s,
                 double          output_interval_s,
                 double          tolerance)
{
  g_autoptr(GError) error = NULL;
  SwSimulateOptions o = sw_simulate_options_from_system (sys);
  SwTrajectory *tr;

  o.stop_time_s = stop_time_s;
  o.output_interval_s = output_interval_s;
  o.tolerance = tolerance;
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (tr);
  return tr;
}

static SwTrajectory *
simulate (const char *text,
          double      stop_time_s,
          double      output_interval_s,
          double      tolerance)
{
  g_autoptr(SwSystem) sys = assemble (text);

  return simulate_system (sys, stop_time_s, output_interval_s, tolerance);
}

static const double *
column (const SwTrajectory *tr,
        const char         *name)
{
  int c = sw_trajectory_find_column (tr, name);

  if (c < 0)
    g_test_message ("no column “%s”", name);
  g_assert_cmpint (c, >=, 0);
  return sw_trajectory_get_column (tr, c);
}

/* The last row at time t (the right limit at an event). */
static guint
row_at (const SwTrajectory *tr,
        double              t)
{
  const double *times = sw_trajectory_get_times (tr);
  guint n = sw_trajectory_get_n_rows (tr);
  int found = -1;

  for (guint k = 0; k < n; k++)
    if (fabs (times[k] - t) <= 1e-12 * (1 + fabs (t)))
      found = k;
  if (found < 0)
    g_test_message ("no row at t = %.17g", t);
  g_assert_cmpint (found, >=, 0);
  return found;
}

static guint
count_rows_at (const SwTrajectory *tr,
               double              t)
{
  const double *times = sw_trajectory_get_times (tr);
  guint n = 0;

  for (guint k = 0; k < sw_trajectory_get_n_rows (tr); k++)
    if (times[k] == t)
      n++;
  return n;
}

/* Times never decrease, equal times come in pairs (events), and every
 * output time k·dt up to stop is present. */
static void
assert_time_grid (const SwTrajectory *tr,
                  double              stop_time_s,
                  double              output_interval_s)
{
  const double *times = sw_trajectory_get_times (tr);
  guint n = sw_trajectory_get_n_rows (tr);
  guint n_out = (guint) ceil (stop_time_s / output_interval_s - 1e-9);

  g_assert_cmpuint (n, >=, n_out + 1);
  g_assert_cmpfloat (times[0], ==, 0);
  g_assert_cmpfloat (times[n - 1], ==, stop_time_s);
  for (guint k = 1; k < n; k++)
    {
      g_assert_cmpfloat (times[k], >=, times[k - 1]);
      if (k >= 2)
        g_assert_false (times[k] == times[k - 1] && times[k - 1] == times[k - 2]);
    }
  for (guint k = 0; k <= n_out; k++)
    {
      double t = MIN (k * output_interval_s, stop_time_s);
      gboolean seen = FALSE;

      for (guint r = 0; r < n && !seen; r++)
        seen = fabs (times[r] - t) <= 1e-12 * (1 + t);
      if (!seen)
        g_test_message ("output time %.17g is missing", t);
      g_assert_true (seen);
    }
}

/* ---- An independent integrator for the hand-written ODEs ---------------- */

typedef struct {
  gsl_odeiv2_system  sys;
  gsl_odeiv2_driver *driver;
  double             t;
  double             y[8];
} Oracle;

static void
oracle_init (Oracle       *o,
             int         (*f) (double, const double[], double[], void *),
             guint         n,
             const double *y0,
             void         *params)
{
  g_assert_cmpuint (n, <=, G_N_ELEMENTS (o->y));
  gsl_set_error_handler_off ();
  o->sys = (gsl_odeiv2_system) { f, NULL, n, params };
  o->driver = gsl_odeiv2_driver_alloc_y_new (&o->sys, gsl_odeiv2_step_rk8pd, 1e-4, 1e-12, 1e-12);
  o->t = 0;
  memcpy (o->y, y0, n * sizeof (double));
}

/* Integrates up to t1 (t1 >= the current time). */
static void
oracle_advance (Oracle *o,
                double  t1)
{
  g_assert_cmpfloat (t1, >=, o->t);
  if (t1 > o->t)
    {
      int status = gsl_odeiv2_driver_apply (o->driver, &o->t, t1, o->y);
      g_assert_cmpint (status, ==, GSL_SUCCESS);
    }
}

static void
oracle_clear (Oracle *o)
{
  gsl_odeiv2_driver_free (o->driver);
}

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

/* ---- 4. Massless nodes -------------------------------------------------- */

/* J = 1, phi0 = 0.1 — c1 = 100 — node — c2 = 300 — ground:
 * c_eq = c1 c2 / (c1 + c2) = 75, phi = phi0 cos (sqrt (75) t); the node sits
 * where c1 (x - phi) = -c2 x, x = c1 phi / (c1 + c2). */
static void
test_massless_series_springs (void)
{
  static const char text[] = MODEL (
    COMP ("inertia", "rotational.inertia", "'J': 1, 'phi0': 0.1, 'w0': 0") ", "
    COMP ("spring1", "rotational.spring", "'c': 100") ", "
    COMP ("spring2", "rotational.spring", "'c': 300") ", "
    COMP ("fixed", "rotational.fixed", ""),
    WIRE ("inertia.flange_b", "spring1.flange_a") ", "
    WIRE ("spring1.flange_b", "spring2.flange_a") ", "
    WIRE ("spring2.flange_b", "fixed.flange"));
  const double phi0 = 0.1, c1 = 100, c2 = 300, J = 1;
  const double omega = sqrt (c1 * c2 / (c1 + c2) / J);
  g_autoptr(SwSystem) sys = assemble (text);
  g_autoptr(SwTrajectory) tr = simulate_system (sys, 2, 0.01, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *phi = column (tr, "inertia.phi"), *w = column (tr, "inertia.w");
  const double *rel1 = column (tr, "spring1.phi_rel"), *rel2 = column (tr, "spring2.phi_rel");
  const double *tau1 = column (tr, "spring1.tau"), *tau2 = column (tr, "spring2.tau");
  const double *wrel1 = column (tr, "spring1.w_rel");

  g_assert_cmpuint (sw_system_get_n_dofs (sys), ==, 1);
  g_assert_cmpuint (sw_system_get_n_massless (sys), ==, 1);
  for (guint k = 0; k < sw_trajectory_get_n_rows (tr); k++)
    {
      assert_abs (phi[k], phi0 * cos (omega * t[k]), 1e-6 * phi0);
      assert_abs (w[k], -phi0 * omega * sin (omega * t[k]), 1e-6 * phi0 * omega);
      /* The middle node where the force balance puts it. */
      assert_abs (rel1[k], -c2 / (c1 + c2) * phi[k], 1e-10 * phi0);
      assert_abs (rel2[k], -c1 / (c1 + c2) * phi[k], 1e-10 * phi0);
      assert_abs (tau1[k], tau2[k], 1e-9 * c1 * phi0);
      assert_abs (tau1[k], -c1 * c2 / (c1 + c2) * phi[k], 1e-9 * c1 * phi0);
      assert_abs (wrel1[k], -c2 / (c1 + c2) * w[k], 1e-5 * phi0 * omega);
    }
}

/* The accelerations of a chain whose stretches differ (c, d and J change
 * along it, so the evaluation's runs share their ends and 1 / m varies in
 * a run) against Newton's law written out, at t = 0. split: springs and
 * dampers as separate elements, listed one family after the other (two
 * runs on every stretch: the evaluation adds them up instead of assigning
 * them). */
static void
check_chain_accelerations (gboolean split)
{
  enum { N = 8 };
  const double J[N] = { 1, 1, 1, 2, 2, 0.5, 0.5, 0.5 }, c[N - 1] = { 100, 100, 100, 300, 300, 300, 50 },
               d[N - 1] = { 1, 1, 2, 2, 2, 2, 0.5 }, tau = 3;
  double phi[N], w[N];
  g_autoptr(GString) comps = g_string_new ("{'id': 'torque', 'kind': 'rotational.constant_torque', "
                                            "'params': {'tau_constant': 3}}");
  g_autoptr(GString) wires = g_string_new ("{'from': 'torque.flange', 'to': 'J0.flange_a'}");
  g_autoptr(SwSystem) sys = NULL;
  g_autoptr(SwTrajectory) tr = NULL;
  g_autofree char *text = NULL;

  for (guint k = 0; k < N; k++)
    {
      phi[k] = 0.01 * k * k, w[k] = sin (k);
      g_string_append_printf (comps, ", {'id': 'J%u', 'kind': 'rotational.inertia', "
                              "'params': {'J': %g, 'phi0': %.17g, 'w0': %.17g}}", k, J[k], phi[k], w[k]);
    }
  for (guint pass = 0; pass < (split ? 2 : 1); pass++)
    for (guint k = 0; k + 1 < N; k++)
      {
        const char *id = split ? (pass == 0 ? "c" : "d") : "cd";

        if (!split)
          g_string_append_printf (comps, ", {'id': 'cd%u', 'kind': 'rotational.spring_damper', "
                                  "'params': {'c': %g, 'd': %g}}", k, c[k], d[k]);
        else if (pass == 0)
          g_string_append_printf (comps, ", {'id': 'c%u', 'kind': 'rotational.spring', 'params': {'c': %g}}", k,
                                  c[k]);
        else
          g_string_append_printf (comps, ", {'id': 'd%u', 'kind': 'rotational.damper', 'params': {'d': %g}}", k,
                                  d[k]);
        g_string_append_printf (wires, ", {'from': 'J%u.flange_b', 'to': '%s%u.flange_a'}"
                                ", {'from': '%s%u.flange_b', 'to': 'J%u.flange_a'}", k, id, k, id, k, k + 1);
      }
  text = g_strdup_printf (MODEL ("%s", "%s"), comps->str, wires->str);
  sys = assemble (text);
  tr = simulate_system (sys, 0.01, 0.01, 1e-8);
  for (guint k = 0; k < N; k++)
    {
      g_autofree char *name = g_strdup_printf ("J%u.a", k);
      double f = k == 0 ? tau : 0;

      if (k > 0)
        f -= c[k - 1] * (phi[k] - phi[k - 1]) + d[k - 1] * (w[k] - w[k - 1]);
      if (k + 1 < N)
        f += c[k] * (phi[k + 1] - phi[k]) + d[k] * (w[k + 1] - w[k]);
      assert_close (column (tr, name)[0], f / J[k], 1e-12);
    }
}

static void
test_chain_accelerations (void)
{
  check_chain_accelerations (FALSE);
  check_chain_accelerations (TRUE);
}

/* A spring whose other end is free transmits nothing. */
static void
test_massless_dangling_spring (void)
{
  static const char text[] = MODEL (
    COMP ("torque", "rotational.constant_torque", "'tau_constant': 2") ", "
    COMP ("inertia", "rotational.inertia", "'J': 0.5, 'w0': 1") ", "
    COMP ("spring", "rotational.spring", "'c': 1e4"),
    WIRE ("torque.flange", "inertia.flange_a") ", "
    WIRE ("inertia.flange_b", "spring.flange_a"));
  g_autoptr(SwSystem) sys = assemble (text);
  g_autoptr(SwTrajectory) tr = simulate_system (sys, 1, 0.05, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *w = column (tr, "inertia.w"), *a = column (tr, "inertia.a");
  const double *tau = column (tr, "spring.tau"), *rel = column (tr, "spring.phi_rel");
  const double *fb = column (tr, "inertia.flange_b.tau");

  g_assert_cmpuint (sw_system_get_n_dofs (sys), ==, 1);
  for (guint k = 0; k < sw_trajectory_get_n_rows (tr); k++)
    {
      assert_abs (tau[k], 0, 1e-9);
      assert_abs (rel[k], 0, 1e-12);
      assert_abs (fb[k], 0, 1e-9);
      assert_rel (a[k], 4, 1e-12);
      assert_close (w[k], 1 + 4 * t[k], 1e-12);
    }
}

/* Maxwell element: inertia — spring c — node — damper d — ground. */
typedef struct {
  double J, c, d;
} MaxwellParams;

/* y = (phi, w, x): J w' = c (x - phi); the massless node's balance
 * -c (x - phi) - d x' = 0. */
static int
maxwell_rhs (double t, const double y[], double dydt[], void *data)
{
  const MaxwellParams *p = data;
  double tau = p->c * (y[2] - y[0]);

  dydt[0] = y[1];
  dydt[1] = tau / p->J;
  dydt[2] = -tau / p->d;
  return GSL_SUCCESS;
}

static void
test_massless_maxwell (void)
{
  static const char text[] = MODEL (
    COMP ("inertia", "rotational.inertia", "'J': 1, 'phi0': 0, 'w0': 2") ", "
    COMP ("spring", "rotational.spring", "'c': 100") ", "
    COMP ("damper", "rotational.damper", "'d': 5") ", "
    COMP ("fixed", "rotational.fixed", ""),
    WIRE ("inertia.flange_b", "spring.flange_a") ", "
    WIRE ("spring.flange_b", "damper.flange_a") ", "
    WIRE ("damper.flange_b", "fixed.flange"));
  MaxwellParams p = { 1, 100, 5 };
  const double y0[3] = { 0, 2, 0 };
  g_autoptr(SwSystem) sys = assemble (text);
  g_autoptr(SwTrajectory) tr = simulate_system (sys, 2, 0.02, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *phi = column (tr, "inertia.phi"), *w = column (tr, "inertia.w");
  const double *srel = column (tr, "spring.phi_rel"), *stau = column (tr, "spring.tau");
  const double *drel = column (tr, "damper.phi_rel"), *dw = column (tr, "damper.w_rel");
  const double *dtau = column (tr, "damper.tau");
  Oracle o;

  g_assert_cmpuint (sw_system_get_n_dofs (sys), ==, 1);
  g_assert_cmpuint (sw_system_get_n_massless (sys), ==, 1);
  g_assert_cmpuint (sw_system_get_n_states (sys), ==, 3);
  oracle_init (&o, maxwell_rhs, 3, y0, &p);
  for (guint k = 0; k < sw_trajectory_get_n_rows (tr); k++)
    {
      double tau;

      oracle_advance (&o, t[k]);
      tau = p.c * (o.y[2] - o.y[0]);
      assert_abs (phi[k], o.y[0], 1e-6);
      assert_abs (w[k], o.y[1], 1e-6);
      assert_abs (srel[k], o.y[2] - o.y[0], 1e-6);
      assert_abs (drel[k], -o.y[2], 1e-6);
      assert_abs (dw[k], tau / p.d, 1e-6);
      assert_abs (stau[k], tau, 1e-4);
      assert_abs (dtau[k], stau[k], 1e-9);
    }
  oracle_clear (&o);
}

/* ---- 5. Errors and initial values --------------------------------------- */

static void
test_error_no_inertia (void)
{
  /* A source alone, and one on a body without inertia. */
  static const char alone[] = MODEL (COMP ("motor", "rotational.torque", "'tau': 1"), "");
  static const char massless[] = MODEL (
    COMP ("motor", "rotational.torque", "'tau': {'sine': {'amplitude': 1, 'freq_hz': 2}}") ", "
    COMP ("disk", "rotational.inertia", "'J': 0"),
    WIRE ("motor.flange", "disk.flange_a"));
  const char *const texts[] = { alone, massless };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GError) error = assemble_error (texts[i]);

      g_assert_error (error, SW_ERROR, SW_ERROR_SINGULAR);
      g_assert_true (g_str_has_prefix (error->message, "engine.shaft:"));
      g_assert_nonnull (strstr (error->message, "“motor”"));
      g_assert_nonnull (strstr (error->message, "no inertia to accelerate"));
    }
}

/* inertia1.w0 = 1 and inertia2.w0 = 1 through ratio 10: inertia1.w0 would
 * have to be 10. */
static void
test_error_initial_contradiction (void)
{
  static const char text[] = MODEL (
    COMP ("inertia1", "rotational.inertia", "'J': 0.1, 'w0': 1") ", "
    COMP ("gear", "rotational.ideal_gear", "'ratio': 10") ", "
    COMP ("inertia2", "rotational.inertia", "'J': 2, 'w0': 1"),
    WIRE ("inertia1.flange_b", "gear.flange_a") ", "
    WIRE ("gear.flange_b", "inertia2.flange_a"));

  g_autoptr(GError) error = assemble_error (text);

  g_assert_error (error, SW_ERROR, SW_ERROR_CONTRADICTION);
  g_assert_true (g_str_has_prefix (error->message, "engine.shaft:"));
  g_assert_nonnull (strstr (error->message, "inertia1"));
  g_assert_nonnull (strstr (error->message, "inertia2"));
  g_assert_nonnull (strstr (error->message, "w0"));
}

/* An initial value against a fixed flange or a speed source: the message
 * gives both values with their unit. */
static void
test_initial_against_fixed (void)
{
  static const char fixed[] = MODEL (
    COMP ("ground", "rotational.fixed", "") ", "
    COMP ("disc", "rotational.inertia", "'phi0': 1"),
    WIRE ("ground.flange", "disc.flange_a"));
  static const char speed[] = MODEL (
    COMP ("motor", "rotational.speed", "'w_ref': 10") ", "
    COMP ("disc", "rotational.inertia", "'w0': 5"),
    WIRE ("motor.flange", "disc.flange_a"));
  g_autoptr(GError) e1 = assemble_error (fixed);
  g_autoptr(GError) e2 = assemble_error (speed);

  g_assert_error (e1, SW_ERROR, SW_ERROR_CONTRADICTION);
  g_assert_nonnull (strstr (e1->message, "disc.phi0 = 1 rad"));
  g_assert_nonnull (strstr (e1->message, "the 0 rad"));
  g_assert_error (e2, SW_ERROR, SW_ERROR_CONTRADICTION);
  g_assert_nonnull (strstr (e2->message, "disc.w0 = 5 rad/s"));
  g_assert_nonnull (strstr (e2->message, "the 10 rad/s"));
}

/* Relative initial values (Modelica's phi_rel (start, fixed = true)):
 * through a spring from a fixed flange they set the body; against a body's
 * own they make the other one; between flanges of one rigid group or
 * against a body's value they contradict, naming both. Translational
 * relative positions are of the flanges (a mass's flange_a lies L/2
 * behind its centre). */
static void
test_initial_relative (void)
{
  static const char chain[] = MODEL (
    COMP ("ground", "rotational.fixed", "") ", "
    COMP ("spring1", "rotational.spring", "'c': 100, 'phi_rel_start': 0.1, 'w_rel_start': 2") ", "
    COMP ("J1", "rotational.inertia", "'J': 1") ", "
    COMP ("spring2", "rotational.spring_damper", "'c': 100, 'd': 1, 'phi_rel_start': -0.05, 'w_rel_start': -1") ", "
    COMP ("J2", "rotational.inertia", "'J': 1"),
    WIRE ("ground.flange", "spring1.flange_a") ", " WIRE ("spring1.flange_b", "J1.flange_a") ", "
    WIRE ("J1.flange_b", "spring2.flange_a") ", " WIRE ("spring2.flange_b", "J2.flange_a"));
  static const char both[] = MODEL (
    COMP ("ground", "rotational.fixed", "") ", "
    COMP ("spring", "rotational.spring", "'c': 100, 'phi_rel_start': 0.1") ", "
    COMP ("disc", "rotational.inertia", "'J': 1, 'phi0': 0.2"),
    WIRE ("ground.flange", "spring.flange_a") ", " WIRE ("spring.flange_b", "disc.flange_a"));
  static const char rigid[] = MODEL (
    COMP ("disc", "rotational.inertia", "'J': 1") ", "
    COMP ("spring", "rotational.spring", "'c': 100, 'phi_rel_start': 0.1"),
    WIRE ("disc.flange_a", "spring.flange_a") ", " WIRE ("disc.flange_b", "spring.flange_b"));
  static const char masses[] = MODEL (
    COMP ("m1", "translational.mass", "'m': 1, 'L': 2, 's0': 1") ", "
    COMP ("spring", "translational.spring", "'c': 10, 's_rel_start': 0.5, 'v_rel_start': -3") ", "
    COMP ("m2", "translational.mass", "'m': 1, 'L': 4"),
    WIRE ("m1.flange_b", "spring.flange_a") ", " WIRE ("spring.flange_b", "m2.flange_a"));
  g_autoptr(SwSystem) sys = assemble (chain);
  g_autoptr(SwSystem) sys_m = assemble (masses);
  g_autoptr(SwTrajectory) tr = simulate_system (sys, 0.01, 0.01, 1e-8);
  g_autoptr(SwTrajectory) tr_m = simulate_system (sys_m, 0.01, 0.01, 1e-8);
  g_autoptr(GError) e1 = assemble_error (both);
  g_autoptr(GError) e2 = assemble_error (rigid);

  assert_abs (column (tr, "J1.phi")[0], 0.1, 1e-15);
  assert_abs (column (tr, "J1.w")[0], 2, 1e-15);
  assert_abs (column (tr, "J2.phi")[0], 0.05, 1e-15);
  assert_abs (column (tr, "J2.w")[0], 1, 1e-15);
  assert_abs (column (tr, "spring2.phi_rel")[0], -0.05, 1e-15);
  /* m1's flange_b at 1 + 1 = 2, m2's flange_a at 2.5: its centre at 4.5. */
  assert_abs (column (tr_m, "m2.s")[0], 4.5, 1e-15);
  assert_abs (column (tr_m, "m2.v")[0], -3, 1e-15);
  assert_abs (column (tr_m, "spring.s_rel")[0], 0.5, 1e-15);
  g_assert_error (e1, SW_ERROR, SW_ERROR_CONTRADICTION);
  g_assert_nonnull (strstr (e1->message, "spring.phi_rel_start"));
  g_assert_nonnull (strstr (e1->message, "disc.phi0"));
  g_assert_error (e2, SW_ERROR, SW_ERROR_CONTRADICTION);
  g_assert_nonnull (strstr (e2->message, "spring.phi_rel_start = 0.1 rad cannot hold: the flanges of spring are rigidly connected"));
}

/* A mass's s0 names its centre, L/2 ahead of flange_a: the messages quote
 * centre positions, the numbers the user writes. mass's flange_b sits at
 * 7 + 2 = 9, so other.s0 (L = 2) would have to be 10; against a fixed flange
 * at 0, mass.s0 would have to be 2. */
static void
test_initial_mass_centre (void)
{
  static const char two[] = MODEL (
    COMP ("mass", "translational.mass", "'m': 1, 'L': 4, 's0': 7") ", "
    COMP ("other", "translational.mass", "'m': 1, 'L': 2, 's0': 0"),
    WIRE ("mass.flange_b", "other.flange_a"));
  static const char fixed[] = MODEL (
    COMP ("ground", "translational.fixed", "") ", "
    COMP ("mass", "translational.mass", "'m': 1, 'L': 4, 's0': 7"),
    WIRE ("ground.flange", "mass.flange_a"));
  g_autoptr(GError) e1 = assemble_error (two);
  g_autoptr(GError) e2 = assemble_error (fixed);

  g_assert_error (e1, SW_ERROR, SW_ERROR_CONTRADICTION);
  g_assert_nonnull (strstr (e1->message, "other.s0 would have to be 10)"));
  g_assert_error (e2, SW_ERROR, SW_ERROR_CONTRADICTION);
  g_assert_nonnull (strstr (e2->message, "mass.s0 = 7 m"));
  g_assert_nonnull (strstr (e2->message, "the 2 m"));
}

/* Values within the scale that still overflow together at the initial
 * state (tau_nominal (w0 / w_nominal)^2 = 1e100 * 1e400) are refused at
 * assembly, naming the component and the variable. */
static void
test_error_overflow_at_start (void)
{
  static const char text[] = MODEL (
    COMP ("disc", "rotational.inertia", "'J': 1, 'w0': 1e100") ", "
    COMP ("fan", "rotational.quadratic_speed_dependent_torque", "'tau_nominal': -1e100, 'w_nominal': 1e-100"),
    WIRE ("disc.flange_a", "fan.flange"));
  g_autoptr(GError) error = assemble_error (text);

  g_assert_error (error, SW_ERROR, SW_ERROR_NOT_FINITE);
  g_assert_nonnull (strstr (error->message, "engine.shaft:"));
  g_assert_nonnull (strstr (error->message, "is infinite at t = 0 s"));
}

/* Only the far side is given: the near side follows through the gear. */
static void
test_initial_propagation (void)
{
  static const char text[] = MODEL (
    COMP ("inertia1", "rotational.inertia", "'J': 0.1") ", "
    COMP ("gear", "rotational.ideal_gear", "'ratio': 10") ", "
    COMP ("inertia2", "rotational.inertia", "'J': 2, 'phi0': 0.5, 'w0': 2"),
    WIRE ("inertia1.flange_b", "gear.flange_a") ", "
    WIRE ("gear.flange_b", "inertia2.flange_a"));
  g_autoptr(SwTrajectory) tr = simulate (text, 0.5, 0.1, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *phi1 = column (tr, "inertia1.phi"), *w1 = column (tr, "inertia1.w");
  const double *phi2 = column (tr, "inertia2.phi"), *w2 = column (tr, "inertia2.w");

  assert_rel (w1[0], 20, 1e-14);
  assert_rel (phi1[0], 5, 1e-14);
  assert_rel (w2[0], 2, 1e-14);
  assert_rel (phi2[0], 0.5, 1e-14);
  /* Nothing acts: the speeds stay. */
  for (guint k = 0; k < sw_trajectory_get_n_rows (tr); k++)
    {
      assert_rel (w1[k], 20, 1e-12);
      assert_close (phi1[k], 5 + 20 * t[k], 1e-12);
    }
}

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

/* ---- 11. Determinism ---------------------------------------------------- */

static SwTrajectory *
simulate_first (void)
{
  const char *root = g_getenv ("SW_SOURCE_ROOT");
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SwModel) model = NULL;
  g_autoptr(SwSystem) sys = NULL;
  SwSimulateOptions o;
  SwTrajectory *tr;

  g_assert_nonnull (root);
  path = g_build_filename (root, "data", "examples", "first.shaft", NULL);
  model = sw_model_new_from_file (path, &error);
  g_assert_no_error (error);
  sys = assemble_model (model);
  o = sw_simulate_options_from_system (sys);
  g_assert_cmpfloat (o.stop_time_s, ==, 1.0);
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (tr);
  return tr;
}

static void
test_determinism (void)
{
  g_autoptr(SwTrajectory) a = simulate_first ();
  g_autoptr(SwTrajectory) b = simulate_first ();
  guint n = sw_trajectory_get_n_rows (a);

  g_assert_cmpuint (n, >=, 1001);
  g_assert_cmpuint (sw_trajectory_get_n_rows (b), ==, n);
  g_assert_cmpuint (sw_trajectory_get_n_columns (b), ==, sw_trajectory_get_n_columns (a));
  g_assert_cmpint (memcmp (sw_trajectory_get_times (a), sw_trajectory_get_times (b), n * sizeof (double)), ==, 0);
  for (guint c = 0; c < sw_trajectory_get_n_columns (a); c++)
    {
      g_assert_cmpstr (sw_trajectory_get_column_name (a, c), ==, sw_trajectory_get_column_name (b, c));
      g_assert_cmpint (memcmp (sw_trajectory_get_column (a, c), sw_trajectory_get_column (b, c),
                               n * sizeof (double)), ==, 0);
    }
}

/* ---- 12. Events --------------------------------------------------------- */

/* tau = 1 before start, 3 after, on J = 1 from rest:
 * w = t, then w(ts) + 3 (t - ts); phi = t²/2, then phi(ts) + w(ts) (t - ts)
 * + 3/2 (t - ts)². */
static void
check_step_event (double ts,
                  guint  n_rows)
{
  g_autofree char *text = g_strdelimit (g_strdup_printf (
    MODEL (COMP ("torque", "rotational.torque",
                 "'tau': {'step': {'height': 2, 'offset': 1, 'start_time': %.17g}}") ", "
           COMP ("inertia", "rotational.inertia", "'J': 1"),
           WIRE ("torque.flange", "inertia.flange_a")), ts), "'", '"');
  g_autoptr(SwTrajectory) tr = simulate (text, 1, 0.1, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *tau = column (tr, "torque.tau"), *a = column (tr, "inertia.a");
  const double *w = column (tr, "inertia.w"), *phi = column (tr, "inertia.phi");
  guint right = row_at (tr, ts), left = right - 1;

  assert_time_grid (tr, 1, 0.1);
  g_assert_cmpuint (sw_trajectory_get_n_rows (tr), ==, n_rows);
  g_assert_cmpuint (count_rows_at (tr, ts), ==, 2);
  g_assert_cmpfloat (t[left], ==, ts);
  g_assert_cmpfloat (tau[left], ==, 1);
  g_assert_cmpfloat (tau[right], ==, 3);
  assert_rel (a[left], 1, 1e-14);
  assert_rel (a[right], 3, 1e-14);
  g_assert_cmpfloat (w[left], ==, w[right]);
  g_assert_cmpfloat (phi[left], ==, phi[right]);
  for (guint k = 0; k < sw_trajectory_get_n_rows (tr); k++)
    {
      double d = t[k] - ts;

      if (k <= left)
        {
          g_assert_cmpfloat (tau[k], ==, 1);
          assert_close (w[k], t[k], 1e-12);
          assert_close (phi[k], 0.5 * t[k] * t[k], 1e-12);
        }
      else
        {
          g_assert_cmpfloat (tau[k], ==, 3);
          assert_close (w[k], ts + 3 * d, 1e-12);
          assert_close (phi[k], 0.5 * ts * ts + ts * d + 1.5 * d * d, 1e-12);
        }
    }
}

static void
test_event_on_output_time (void)
{
  /* 0, 0.1, …, 0.5, 0.5, …, 1 */
  check_step_event (0.5, 12);
}

static void
test_event_between_output_times (void)
{
  /* 0, 0.1, …, 0.5, 0.55, 0.55, 0.6, …, 1 */
  check_step_event (0.55, 13);
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
  g_test_add_func ("/core/engine/chain/accelerations", test_chain_accelerations);
  g_test_add_func ("/core/engine/massless/series-springs", test_massless_series_springs);
  g_test_add_func ("/core/engine/massless/dangling-spring", test_massless_dangling_spring);
  g_test_add_func ("/core/engine/massless/maxwell", test_massless_maxwell);
  g_test_add_func ("/core/engine/errors/no-inertia", test_error_no_inertia);
  g_test_add_func ("/core/engine/errors/initial-contradiction", test_error_initial_contradiction);
  g_test_add_func ("/core/engine/errors/initial-mass-centre", test_initial_mass_centre);
  g_test_add_func ("/core/engine/errors/overflow-at-start", test_error_overflow_at_start);
  g_test_add_func ("/core/engine/initial/propagation", test_initial_propagation);
  g_test_add_func ("/core/engine/initial/against-fixed", test_initial_against_fixed);
  g_test_add_func ("/core/engine/initial/relative", test_initial_relative);
  g_test_add_func ("/core/engine/conservation/chain", test_conservation_chain);
  g_test_add_func ("/core/engine/motion/speed", test_motion_speed);
  g_test_add_func ("/core/engine/motion/position", test_motion_position);
  g_test_add_func ("/core/engine/motion/accelerate", test_motion_accelerate);
  g_test_add_func ("/core/engine/msl/rolling-wheel", test_rolling_wheel);
  g_test_add_func ("/core/engine/msl/elastic-bearing", test_elastic_bearing);
  g_test_add_func ("/core/engine/transformation/rot-trans", test_transformation_rot_trans);
  g_test_add_func ("/core/engine/determinism/first", test_determinism);
  g_test_add_func ("/core/engine/events/on-output-time", test_event_on_output_time);
  g_test_add_func ("/core/engine/events/between-output-times", test_event_between_output_times);

  return g_test_run ();
}
