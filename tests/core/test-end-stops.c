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

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/end-stops/rebound", test_rebound);
  return g_test_run ();
}
