/* test-friction-holds.c: stuck friction parts whose torques are not
 * unique (in parallel, around a ring) held while some share of the torque
 * keeps every one within its limits. Each case was refused as chatter by
 * test-friction-random: the joint decision found the parts held, the run's
 * share put one past its limit, it broke away and the decision held it
 * again at once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-simulate.h"
#include "sw-system.h"

/* The model text run to its stop time, which must run. */
static SwTrajectory *
run_text (const char *text, double stop_time)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "holds.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  SwTrajectory *tr;
  SwSimulateOptions o;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  o = sw_simulate_options_from_system (sys);
  o.stop_time_s = stop_time;
  o.output_interval_s = 0.001;
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return tr;
}

static const double *
column (SwTrajectory *tr, const char *name)
{
  for (guint c = 0; c < sw_trajectory_get_n_columns (tr); c++)
    if (g_strcmp0 (sw_trajectory_get_column_name (tr, c), name) == 0)
      return sw_trajectory_get_column (tr, c);
  g_error ("no column %s", name);
  return NULL;
}

/* Two one-way clutches back to back between two bodies: each freewheel
 * holds any torque one way, so together they lock both ways whatever
 * their clutches' limits (0.55 and 0.9 N.m against a load of 10 N.m).
 * They were one friction group, whose torque the run split in proportion
 * to the clutches' static limits: both reached their limits at once while
 * the decision (one-way: no backward limit) held them, and the run
 * chattered at 31.6 ms. The bodies turn as one, so (J0 + J1) w is the
 * torque's impulse, and each clutch's torque stays below its forward
 * limit. */
static void
test_back_to_back_freewheels (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"back-to-back\", \"components\": [\n"
    "{\"id\": \"tau\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"sine\": {\"amplitude\": 10, \"f\": 2}}}},\n"
    "{\"id\": \"J0\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5, \"phi0\": 0, \"w0\": 0}},\n"
    "{\"id\": \"W1\", \"kind\": \"rotational.one_way_clutch\", \"params\": {\"fn_max\": 2, \"peak\": 1.1, \"f_normalized\": 1}},\n"
    "{\"id\": \"W2\", \"kind\": \"rotational.one_way_clutch\", \"params\": {\"fn_max\": 3, \"peak\": 1.2, \"f_normalized\": 1}},\n"
    "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1.5, \"phi0\": 0, \"w0\": 0}}],\n"
    "\"connections\": [{\"from\": \"tau.flange\", \"to\": \"J0.flange_a\"},\n"
    "{\"from\": \"J0.flange_b\", \"to\": \"W1.flange_a\"}, {\"from\": \"W1.flange_b\", \"to\": \"J1.flange_a\"},\n"
    "{\"from\": \"J1.flange_a\", \"to\": \"W2.flange_a\"}, {\"from\": \"W2.flange_b\", \"to\": \"J0.flange_b\"}]}\n";
  g_autoptr (SwTrajectory) tr = run_text (text, 1);
  const double *t = sw_trajectory_get_times (tr), *w0 = column (tr, "J0.w"), *w1 = column (tr, "J1.w");
  const double *m1 = column (tr, "W1.mode"), *m2 = column (tr, "W2.mode");
  const double *tau1 = column (tr, "W1.tau"), *tau2 = column (tr, "W2.tau");
  /* Forward limits: peak mue fn_max (mue 0.5). */
  double limit1 = 1.1 * 0.5 * 2, limit2 = 1.2 * 0.5 * 3, peak = 10 / (2 * G_PI * 2);

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double impulse = 10 * (1 - cos (2 * G_PI * 2 * t[r])) / (2 * G_PI * 2);

      g_assert_cmpfloat (m1[r], ==, 0);
      g_assert_cmpfloat (m2[r], ==, 0);
      g_assert_cmpfloat_with_epsilon (w0[r], w1[r], 1e-12 * peak);
      g_assert_cmpfloat_with_epsilon ((0.5 + 1.5) * w0[r], impulse, 1e-6 * peak);
      g_assert_cmpfloat (tau1[r], <=, limit1 * (1 + 1e-9));
      g_assert_cmpfloat (tau2[r], <=, limit2 * (1 + 1e-9));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/friction-holds/back-to-back-freewheels", test_back_to_back_freewheels);
  return g_test_run ();
}
