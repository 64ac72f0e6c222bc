/* test-end-stops.c: COMSOL's end stops and latches (rotational.end_stop,
 * translational.end_stop, rotational.latch, translational.latch; seed-003
 * §4.1, §4.2) against closed forms and conservation laws.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-test-run.h"

#define MODEL(components, connections, stop)                                                                 \
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [" components "], \"connections\": ["    \
  connections "], \"simulation\": {\"stop_time\": " stop "}}"

typedef struct {
  double t;
  char  *id;
  int    old_mode, new_mode;
} Logged;

static void
log_change (double t, const char *id, int old_mode, int new_mode, gpointer data)
{
  Logged e = { t, g_strdup (id), old_mode, new_mode };

  g_array_append_val ((GArray *) data, e);
}

static void
logged_clear (gpointer data)
{
  g_free (((Logged *) data)->id);
}

/* A run of text at rows interval apart, tolerance 1e-10, with its event
 * log (every element's start, then its changes). */
static SwTrajectory *
run_logged (const char *text, double interval, GArray **log)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "stops.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  SwTrajectory *tr;
  SwSimulateOptions o;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  *log = g_array_new (FALSE, FALSE, sizeof (Logged));
  g_array_set_clear_func (*log, logged_clear);
  o = sw_simulate_options_from_system (sys);
  o.output_interval_s = interval;
  o.tolerance = 1e-10;
  o.on_mode_change = log_change;
  o.on_mode_change_data = *log;
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return tr;
}

/* The log's entries of id changing to new_mode (after the start), their
 * times into t (at most n); returns how many. */
static guint
times_of (GArray *log, const char *id, int new_mode, double *t, guint n)
{
  guint k = 0;

  for (guint i = 0; i < log->len; i++)
    {
      const Logged *e = &g_array_index (log, Logged, i);

      if (strcmp (e->id, id) == 0 && e->old_mode != SW_FRICTION_START && e->new_mode == new_mode)
        {
          if (k < n)
            t[k] = e->t;
          k++;
        }
    }
  return k;
}

/* The row nearest time t. */
static guint
row_at (SwTrajectory *tr, double t)
{
  const double *times = sw_trajectory_get_times (tr);
  guint best = 0;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    if (fabs (times[r] - t) < fabs (times[best] - t))
      best = r;
  return best;
}

/* A 2 kg mass at 1 m/s from s = 0 between stops at +-0.05 m with COMSOL's
 * default penalty p = (1e3 1/s)^2 m_e, m_e = 2 kg: it hits the upper stop
 * at exactly 0.05 s (constant speed), stays in contact pi sqrt (m_e / p) =
 * pi ms (half a period of the penalty oscillator, s = 0.05 + 1e-3 sin
 * (1e3 (t - 0.05)) in contact), leaves at -1 m/s, crosses the 0.1 m gap and
 * hits the lower stop 0.1 s later. Without damping the kinetic energy + the
 * penalty spring's energy stay 1 J; lossPower is 0. */
static void
test_rebound (void)
{
  static const char text[] = MODEL (
    "{\"id\": \"body\", \"kind\": \"translational.mass\", \"params\": {\"m\": 2, \"s0\": 0, \"v0\": 1}},"
    "{\"id\": \"stop\", \"kind\": \"translational.end_stop\", \"params\": {\"s_max\": 0.05, \"s_min\": -0.05, "
    "\"m_e\": 2}}",
    "{\"from\": \"body.flange_b\", \"to\": \"stop.flange\"}", "0.2");
  g_autoptr (GArray) log = NULL;
  g_autoptr (SwTrajectory) tr = run_logged (text, 1e-5, &log);
  const double *t = sw_trajectory_get_times (tr), *s = sw_test_column (tr, "body.s");
  const double *v = sw_test_column (tr, "body.v"), *ke = sw_test_column (tr, "body.energy");
  const double *pe = sw_test_column (tr, "stop.energy"), *f = sw_test_column (tr, "stop.f");
  const double *contact = sw_test_column (tr, "stop.contact"), *loss = sw_test_column (tr, "stop.lossPower");
  const double *rel = sw_test_column (tr, "stop.s_rel");
  double hits[4], frees[4], period = G_PI * 1e-3, worst = 0;
  guint n_hits = times_of (log, "stop", SW_MODE_CONTACT, hits, 4);
  guint n_frees = times_of (log, "stop", SW_FRICTION_FREE, frees, 4);

  /* The log: starts free, then contact and free in turn. */
  g_assert_cmpstr (g_array_index (log, Logged, 0).id, ==, "stop");
  g_assert_cmpint (g_array_index (log, Logged, 0).old_mode, ==, SW_FRICTION_START);
  g_assert_cmpint (g_array_index (log, Logged, 0).new_mode, ==, SW_FRICTION_FREE);
  g_assert_cmpuint (n_hits, ==, 2);
  g_assert_cmpuint (n_frees, ==, 2);
  g_test_message ("hits at %.15g s and %.15g s, free at %.15g s", hits[0], hits[1], frees[0]);
  /* Located at the exact instant (1e-12 s relative). */
  g_assert_cmpfloat_with_epsilon (hits[0], 0.05, 1e-12);
  g_assert_cmpfloat_with_epsilon (frees[0] - hits[0], period, 1e-9);
  g_assert_cmpfloat_with_epsilon (hits[1], 0.05 + period + 0.1, 1e-8);
  g_assert_cmpfloat_with_epsilon (frees[1] - hits[1], period, 1e-9);

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double in = t[r] - 0.05;

      g_assert_cmpfloat_with_epsilon (s[r], rel[r], 1e-15);
      g_assert_cmpfloat (loss[r], ==, 0);
      worst = MAX (worst, fabs (ke[r] + pe[r] - 1));
      if (t[r] < 0.05)
        {
          g_assert_cmpfloat_with_epsilon (s[r], t[r], 1e-9);
          g_assert_cmpfloat (contact[r], ==, 0);
        }
      else if (in > 1e-9 && in < period - 1e-9)
        {
          g_assert_cmpfloat_with_epsilon (s[r], 0.05 + 1e-3 * sin (1e3 * in), 1e-9);
          g_assert_cmpfloat_with_epsilon (v[r], cos (1e3 * in), 1e-6);
          /* COMSOL's F_u = -p (u - u_max) on the flange: f = -F_u. */
          g_assert_cmpfloat_with_epsilon (f[r], 2e6 * (s[r] - 0.05), 1e-6);
          g_assert_cmpfloat (contact[r], ==, 1);
        }
      else if (in > period + 1e-9 && t[r] < hits[1])
        {
          g_assert_cmpfloat_with_epsilon (v[r], -1, 1e-6);
          g_assert_cmpfloat_with_epsilon (s[r], 0.05 - (in - period), 1e-8);
          g_assert_cmpfloat (f[r], ==, 0);
        }
    }
  g_test_message ("energy: kinetic + penalty off 1 J by at most %.3g J", worst);
  g_assert_cmpfloat (worst, <=, 1e-7);
  (void) row_at;
}

/* Between two bodies (the support on a flange): 1 kg at 1 m/s meets 3 kg at
 * rest through a stop at s_rel = -0.05 m, with m_e = m_1 m_2 / (m_1 + m_2)
 * = 0.75 kg: the contact lasts pi ms again, and the elastic impact leaves
 * -0.5 and 0.5 m/s (momentum and energy conserved). */
static void
test_two_bodies (void)
{
  static const char text[] = MODEL (
    "{\"id\": \"m1\", \"kind\": \"translational.mass\", \"params\": {\"m\": 1, \"s0\": 0, \"v0\": 1}},"
    "{\"id\": \"m2\", \"kind\": \"translational.mass\", \"params\": {\"m\": 3, \"s0\": 0, \"v0\": 0}},"
    "{\"id\": \"stop\", \"kind\": \"translational.end_stop\", \"params\": {\"s_max\": 1, \"s_min\": -0.05, "
    "\"m_e\": 0.75}}",
    "{\"from\": \"m1.flange_b\", \"to\": \"stop.support\"}, {\"from\": \"stop.flange\", \"to\": \"m2.flange_a\"}",
    "0.1");
  g_autoptr (GArray) log = NULL;
  g_autoptr (SwTrajectory) tr = run_logged (text, 1e-4, &log);
  guint last = sw_trajectory_get_n_rows (tr) - 1;
  double hit, release;

  g_assert_cmpuint (times_of (log, "stop", SW_MODE_CONTACT, &hit, 1), ==, 1);
  g_assert_cmpuint (times_of (log, "stop", SW_FRICTION_FREE, &release, 1), ==, 1);
  g_assert_cmpfloat_with_epsilon (hit, 0.05, 1e-12);
  g_assert_cmpfloat_with_epsilon (release - hit, G_PI * 1e-3, 1e-9);
  g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "m1.v")[last], -0.5, 1e-7);
  g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "m2.v")[last], 0.5, 1e-7);
  g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "stop.v_rel")[last], 1, 1e-7);
}

/* With damping (rotational: 1 kg.m2 at 1 rad/s into a stop at 0.1 rad, p =
 * 1e6 N.m/rad by default, d = 200 N.m.s/rad): the damper never pulls
 * (tau >= 0 on the upper stop), lossPower >= 0, kinetic + penalty energy +
 * the integral of lossPower stay 0.5 J, and the body leaves slower. */
static void
test_damped (void)
{
  static const char text[] = MODEL (
    "{\"id\": \"J\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1, \"phi0\": 0, \"w0\": 1}},"
    "{\"id\": \"stop\", \"kind\": \"rotational.end_stop\", \"params\": {\"phi_max\": 0.1, \"d\": 200}}",
    "{\"from\": \"J.flange_b\", \"to\": \"stop.flange\"}", "0.11");
  g_autoptr (GArray) log = NULL;
  g_autoptr (SwTrajectory) tr = run_logged (text, 1e-6, &log);
  const double *t = sw_trajectory_get_times (tr), *ke = sw_test_column (tr, "J.energy");
  const double *pe = sw_test_column (tr, "stop.energy"), *loss = sw_test_column (tr, "stop.lossPower");
  const double *tau = sw_test_column (tr, "stop.tau"), *w = sw_test_column (tr, "J.w");
  guint last = sw_trajectory_get_n_rows (tr) - 1;
  double dissipated = 0, worst = 0, hit, release;

  g_assert_cmpuint (times_of (log, "stop", SW_MODE_CONTACT, &hit, 1), ==, 1);
  g_assert_cmpuint (times_of (log, "stop", SW_FRICTION_FREE, &release, 1), ==, 1);
  g_assert_cmpfloat_with_epsilon (hit, 0.1, 1e-12);
  for (guint r = 1; r <= last; r++)
    {
      g_assert_cmpfloat (loss[r], >=, 0);
      g_assert_cmpfloat (tau[r], >=, 0);
      dissipated += 0.5 * (t[r] - t[r - 1]) * (loss[r] + loss[r - 1]);
      worst = MAX (worst, fabs (ke[r] + pe[r] + dissipated - 0.5));
    }
  g_test_message ("damped stop: %.6g J dissipated, balance off by %.3g J; leaves at %.6g rad/s after %.6g ms",
                  dissipated, worst, w[last], 1e3 * (release - hit));
  g_assert_cmpfloat (worst, <=, 1e-6);
  g_assert_cmpfloat (dissipated, >, 0.01);
  g_assert_cmpfloat_with_epsilon (0.5 * w[last] * w[last], 0.5 - dissipated, 1e-6);
  g_assert_cmpfloat (w[last], <, 0);
}

/* A latch on 0.5 kg.m2 driven from rest by 2 N.m: phi = 2 t^2 reaches
 * phi_max = 1 rad at t = sqrt (0.5) s at 2 sqrt (2) rad/s; it locks there
 * (exactly: w = 0 and phi = 1 after), holds the 2 N.m, and the impact
 * takes the kinetic energy, 2 J = the work done (the energy balance). */
static void
test_latch (void)
{
  static const char text[] = MODEL (
    "{\"id\": \"J\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"drive\", \"kind\": \"rotational.constant_torque\", \"params\": {\"tau_constant\": 2}},"
    "{\"id\": \"latch\", \"kind\": \"rotational.latch\", \"params\": {\"phi_max\": 1, \"phi_min\": -1}}",
    "{\"from\": \"drive.flange\", \"to\": \"J.flange_a\"}, {\"from\": \"J.flange_b\", \"to\": \"latch.flange\"}",
    "1.5");
  g_autoptr (GArray) log = NULL;
  g_autoptr (SwTrajectory) tr = run_logged (text, 1e-3, &log);
  const double *t = sw_trajectory_get_times (tr), *phi = sw_test_column (tr, "J.phi");
  const double *w = sw_test_column (tr, "J.w"), *ke = sw_test_column (tr, "J.energy");
  const double *latched = sw_test_column (tr, "latch.latched"), *tau = sw_test_column (tr, "latch.tau");
  const double *impact = sw_test_column (tr, "latch.impactLoss"), *w_rel = sw_test_column (tr, "latch.w_rel");
  const double *power = sw_test_column (tr, "drive.power");
  double t_lock = sqrt (0.5), at, work = 0, worst = 0;
  guint after = 0;

  g_assert_cmpint (g_array_index (log, Logged, 0).new_mode, ==, SW_FRICTION_FREE);
  g_assert_cmpuint (times_of (log, "latch", SW_MODE_AT_STOP, &at, 1), ==, 1);
  g_assert_cmpuint (log->len, ==, 2);
  g_test_message ("latch: locked at %.17g s (closed form %.17g)", at, t_lock);
  g_assert_cmpfloat_with_epsilon (at, t_lock, 1e-11);
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      if (r > 0)
        work += 0.5 * (t[r] - t[r - 1]) * (power[r] + power[r - 1]);
      worst = MAX (worst, fabs (ke[r] + impact[r] - work));
      if (t[r] < at)
        {
          g_assert_cmpfloat_with_epsilon (phi[r], 2 * t[r] * t[r], 1e-9);
          g_assert_cmpfloat_with_epsilon (w[r], 4 * t[r], 1e-9);
          g_assert_cmpfloat (latched[r], ==, 0);
          g_assert_cmpfloat (tau[r], ==, 0);
          g_assert_cmpfloat (impact[r], ==, 0);
        }
      else if (t[r] > at)
        {
          g_assert_cmpfloat (w[r], ==, 0);
          g_assert_cmpfloat (w_rel[r], ==, 0);
          g_assert_cmpfloat_with_epsilon (phi[r], 1, 1e-12);
          g_assert_cmpfloat (latched[r], ==, 1);
          g_assert_cmpfloat_with_epsilon (tau[r], 2, 1e-9);
          g_assert_cmpfloat_with_epsilon (impact[r], 0.5 * 0.5 * 8, 1e-8);
          after++;
        }
    }
  g_test_message ("latch: locked at %.15g s, energy balance off by %.3g J", at, worst);
  g_assert_cmpuint (after, >, 700);
  g_assert_cmpfloat (worst, <=, 1e-6);
}

/* A latch between two bodies (translational): 1 kg at 2 m/s, 3 kg at rest,
 * s_min = -0.5 m reached at 0.25 s. A latch is the limit of COMSOL's stiff
 * spring and damper: a perfectly inelastic impact that keeps the momentum,
 * both at 0.5 m/s after, the impact taking 2 - 0.5 = 1.5 J. */
static void
test_latch_two_bodies (void)
{
  static const char text[] = MODEL (
    "{\"id\": \"m1\", \"kind\": \"translational.mass\", \"params\": {\"m\": 1, \"s0\": 0, \"v0\": 2}},"
    "{\"id\": \"m2\", \"kind\": \"translational.mass\", \"params\": {\"m\": 3, \"s0\": 0, \"v0\": 0}},"
    "{\"id\": \"latch\", \"kind\": \"translational.latch\", \"params\": {\"s_max\": 1, \"s_min\": -0.5}}",
    "{\"from\": \"m1.flange_b\", \"to\": \"latch.support\"}, {\"from\": \"latch.flange\", \"to\": \"m2.flange_a\"}",
    "0.5");
  g_autoptr (GArray) log = NULL;
  g_autoptr (SwTrajectory) tr = run_logged (text, 1e-3, &log);
  guint last = sw_trajectory_get_n_rows (tr) - 1;
  double at;

  g_assert_cmpuint (times_of (log, "latch", SW_MODE_AT_STOP, &at, 1), ==, 1);
  g_assert_cmpfloat_with_epsilon (at, 0.25, 1e-12);
  g_test_message ("latched pair: %.9g and %.9g m/s, impact %.9g J", sw_test_column (tr, "m1.v")[last],
                  sw_test_column (tr, "m2.v")[last], sw_test_column (tr, "latch.impactLoss")[last]);
  g_assert_cmpfloat (sw_test_column (tr, "latch.v_rel")[last], ==, 0);
  g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "m1.v")[last], 0.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "m2.v")[last], 0.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (sw_test_column (tr, "latch.impactLoss")[last], 1.5, 1e-9);
}

/* Modal analysis: J1 -spring 100 N.m/rad- J2, both 1 kg.m2 turning at 1
 * rad/s, a latch on J2 at 0.1 rad. Free at the start: a rigid-body mode and
 * sqrt (200) rad/s; once latched (at 0.1 s exactly) J2 is held: one mode,
 * sqrt (100 / 1) = 10 rad/s. */
static void
test_latch_modes (void)
{
  static const char text[] = MODEL (
    "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1, \"phi0\": 0, \"w0\": 1}},"
    "{\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 100}},"
    "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1, \"phi0\": 0, \"w0\": 1}},"
    "{\"id\": \"latch\", \"kind\": \"rotational.latch\", \"params\": {\"phi_max\": 0.1, \"phi_min\": -0.1}}",
    "{\"from\": \"J1.flange_b\", \"to\": \"spring.flange_a\"}, {\"from\": \"spring.flange_b\", \"to\": \"J2.flange_a\"},"
    "{\"from\": \"J2.flange_b\", \"to\": \"latch.flange\"}",
    "0.5");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "latch.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwModes) free_modes = NULL, latched_modes = NULL;
  g_autofree double *state = NULL;
  g_autoptr (GArray) log = NULL;
  g_autoptr (SwTrajectory) tr = run_logged (text, 1e-3, &log);
  SwSimulateOptions o;
  double at;

  g_assert_cmpuint (times_of (log, "latch", SW_MODE_AT_STOP, &at, 1), ==, 1);
  g_assert_cmpfloat_with_epsilon (at, 0.1, 1e-12);
  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  free_modes = sw_modes_compute (sys, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_modes_get_n_modes (free_modes), ==, 2);
  g_assert_true (sw_modes_get_mode (free_modes, 0)->rigid_body);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (free_modes, 1)->omega_rad_s, sqrt (200), 1e-9);
  o = sw_simulate_options_from_system (sys);
  state = sw_simulate_final_state (sys, &o, &error);
  g_assert_no_error (error);
  latched_modes = sw_modes_compute (sys, 0.5, state, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_modes_get_n_modes (latched_modes), ==, 1);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (latched_modes, 0)->omega_rad_s, 10, 1e-9);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/end-stops/rebound", test_rebound);
  g_test_add_func ("/core/end-stops/two-bodies", test_two_bodies);
  g_test_add_func ("/core/end-stops/damped", test_damped);
  g_test_add_func ("/core/latch/lock", test_latch);
  g_test_add_func ("/core/latch/two-bodies", test_latch_two_bodies);
  g_test_add_func ("/core/latch/modes", test_latch_modes);
  return g_test_run ();
}
