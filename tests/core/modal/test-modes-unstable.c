/* test-modes-unstable.c: modes whose motion grows are said to (issue 21,
 * item 11). A torque of +3 times a body's own speed (negative damping)
 * was a rigid-body mode with no decay while the motion grows as e^{3 t};
 * +100 times its own angle (negative stiffness) a 0 Hz mode. Both are
 * unstable modes now with their growth rates, checked against the runs
 * (w = w0 e^{3 t}; phi = phi0 cosh (10 t)); a damped oscillator is not.
 * A run on BDF whose motion grows faster than its steps fails saying so
 * (issue 21, item 12).
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

/* A body J = 1 with a torque gain times the sensor's variable (a speed
 * sensor's w or an angle sensor's phi), damped to ground by d. */
static char *
feedback_model (const char *sensor, const char *variable, double gain, double d, const char *start)
{
  return g_strdup_printf ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [\n"
                          " {\"id\": \"j\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1, %s}},\n"
                          " {\"id\": \"sensor\", \"kind\": \"rotational.%s\"},\n"
                          " {\"id\": \"damper\", \"kind\": \"rotational.damper\", \"params\": {\"d\": %g}},\n"
                          " {\"id\": \"ground\", \"kind\": \"rotational.fixed\"},\n"
                          " {\"id\": \"tq\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": "
                          "{\"product\": [%g, {\"sensor\": {\"of\": \"sensor.%s\"}}]}}}],\n"
                          " \"connections\": [{\"from\": \"sensor.flange\", \"to\": \"j.flange_a\"},\n"
                          "  {\"from\": \"tq.flange\", \"to\": \"j.flange_b\"}, {\"from\": \"damper.flange_a\", "
                          "\"to\": \"j.flange_b\"},\n  {\"from\": \"damper.flange_b\", \"to\": \"ground.flange\"}],\n"
                          " \"simulation\": {\"stop_time\": 1, \"output_interval\": 0.1, \"tolerance\": 1e-10}}",
                          start, sensor, d, gain, variable);
}

static SwModes *
modes_of (const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "m.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  SwModes *modes;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  modes = sw_modes_compute (sys, 0, NULL, &error);
  g_assert_no_error (error);
  return modes;
}

static void
test_negative_damping (void)
{
  /* d = 1e-3 to ground and gain 3: the net damping is -(3 - 1e-3). */
  g_autofree char *text = feedback_model ("speed_sensor", "w", 3, 1e-3, "\"w0\": 1");
  g_autoptr (SwModes) modes = modes_of (text);
  g_autoptr (SwTrajectory) run = sw_test_run_text (text, 0, 0);
  const SwMode *m = sw_modes_get_mode (modes, 0);
  const double *w = sw_test_column (run, "j.w");
  double rate = 3 - 1e-3;

  g_assert_true (m->unstable);
  g_assert_false (m->overdamped);
  g_assert_cmpfloat_with_epsilon (m->growth_rate_per_s, rate, 1e-9);
  g_assert_cmpfloat_with_epsilon (w[sw_trajectory_get_n_rows (run) - 1], exp (rate), 1e-6 * exp (rate));
}

static void
test_negative_stiffness (void)
{
  g_autofree char *text = feedback_model ("angle_sensor", "phi", 100, 0, "\"phi0\": 0.001");
  g_autoptr (SwModes) modes = modes_of (text);
  g_autoptr (SwTrajectory) run = sw_test_run_text (text, 0, 0);
  const SwMode *m = sw_modes_get_mode (modes, 0);
  const double *phi = sw_test_column (run, "j.phi");

  g_assert_true (m->unstable);
  g_assert_false (m->rigid_body);
  g_assert_cmpfloat (m->frequency_hz, ==, 0);
  g_assert_cmpfloat_with_epsilon (m->growth_rate_per_s, 10, 1e-9);
  g_assert_cmpfloat_with_epsilon (phi[sw_trajectory_get_n_rows (run) - 1], 0.001 * cosh (10), 1e-6 * cosh (10));
}

/* A stable body: a spring to ground (a torque of -100 times its angle)
 * and a damper: an oscillation that decays, not unstable. */
static void
test_stable (void)
{
  g_autofree char *text = feedback_model ("angle_sensor", "phi", -100, 2, "\"phi0\": 0.001");
  g_autoptr (SwModes) modes = modes_of (text);
  const SwMode *m = sw_modes_get_mode (modes, 0);

  g_assert_false (m->unstable);
  g_assert_cmpfloat (m->growth_rate_per_s, ==, 0);
  g_assert_cmpfloat_with_epsilon (m->frequency_hz, 10 / (2 * G_PI), 1e-9);
  g_assert_cmpfloat_with_epsilon (m->decay_rate_per_s, 1, 1e-9);
}

/* A run that overflows (+1000 times the speed) suggests the method bdf
 * only when it is not the method already (issue 21, item 17). */
static void
test_overflow_advice (void)
{
  g_autofree char *text = feedback_model ("speed_sensor", "w", 1000, 0, "\"w0\": 1");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "m.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  for (guint k = 0; k < 2; k++)
    {
      SwSimulateOptions o = sw_simulate_options_from_system (sys);
      g_autoptr (GError) run_error = NULL;
      g_autoptr (SwTrajectory) tr = NULL;

      o.method = k == 0 ? SW_METHOD_BDF : SW_METHOD_RK45;
      tr = sw_simulate (sys, &o, NULL, NULL, NULL, &run_error);
      g_assert_null (tr);
      g_assert_error (run_error, SW_ERROR, SW_ERROR_NOT_FINITE);
      g_test_message ("%s", run_error->message);
      if (k == 0)
        g_assert_null (strstr (run_error->message, "try the method"));
      else
        g_assert_nonnull (strstr (run_error->message, ", or try the method “bdf”"));
    }
}

/* BDF never steps past a growth it cannot follow: a torque of +1e50
 * times the body's speed grows as e^(1e50 t), which BDF's large steps
 * damped to w = 0 with no error (auto picks BDF for it); now the run
 * fails saying the motion is unstable. A growth it can follow, +3 w, is
 * followed: w(1) = e^3. */
static void
test_bdf_hidden_growth (void)
{
  static const SwMethod methods[] = { SW_METHOD_BDF, SW_METHOD_AUTO };

  for (guint k = 0; k < G_N_ELEMENTS (methods); k++)
    {
      g_autofree char *text = feedback_model ("speed_sensor", "w", 1e50, 0, "\"w0\": 1");
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "m.shaft", &error);
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (SwTrajectory) tr = NULL;
      SwSimulateOptions o;

      g_assert_no_error (error);
      sys = sw_model_assemble (model, &error);
      g_assert_no_error (error);
      o = sw_simulate_options_from_system (sys);
      o.method = methods[k];
      o.tolerance = 1e-6;
      tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
      g_assert_null (tr);
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "unstable"));
    }
  {
    g_autofree char *text = feedback_model ("speed_sensor", "w", 3, 0, "\"w0\": 1");
    g_autoptr (GError) error = NULL;
    g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "m.shaft", &error);
    g_autoptr (SwSystem) sys = NULL;
    g_autoptr (SwTrajectory) tr = NULL;
    SwSimulateOptions o;
    const double *w;

    g_assert_no_error (error);
    sys = sw_model_assemble (model, &error);
    g_assert_no_error (error);
    o = sw_simulate_options_from_system (sys);
    o.method = SW_METHOD_BDF;
    o.tolerance = 1e-6;
    tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    w = sw_test_column (tr, "j.w");
    g_assert_cmpfloat (fabs (w[sw_trajectory_get_n_rows (tr) - 1] / exp (3) - 1), <, 1e-4);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/modes-unstable/negative-damping", test_negative_damping);
  g_test_add_func ("/core/modes-unstable/negative-stiffness", test_negative_stiffness);
  g_test_add_func ("/core/modes-unstable/stable", test_stable);
  g_test_add_func ("/core/modes-unstable/overflow-advice", test_overflow_advice);
  g_test_add_func ("/core/modes-unstable/bdf-hidden-growth", test_bdf_hidden_growth);
  return g_test_run ();
}
