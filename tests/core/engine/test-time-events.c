/* test-time-events.c: time events that coincide up to round-off are one
 * event (the signals' edges at 3 x 0.1 s and 0.3 s, a step at 0.3 s and
 * a pulse of period 0.1 s), with every method, against closed forms.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-simulate.h"
#include "sw-system.h"

static const SwMethod methods[] = { SW_METHOD_RK45, SW_METHOD_RK853, SW_METHOD_RKCK, SW_METHOD_RK8PD, SW_METHOD_ADAMS,
                                    SW_METHOD_BDF };

static SwSystem *
system_from_json (const char *json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (json, -1, "test", &error);
  SwSystem *sys;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  return sys;
}

/* The integral over [0, t] of a sawtooth of amplitude a and period p
 * (a frac(s / p)): half of a p per whole period, then a p f^2 / 2. The
 * period index is taken from the decimal time (t a multiple of 0.05 s). */
static double
sawtooth_integral (double a, double p, double t)
{
  double n = floor (t / p + 1e-9), f = MAX (t / p - n, 0);

  return a * p * (0.5 * n + 0.5 * f * f);
}

/* A pulse of amplitude a, width 50 % and period p: on for the first half
 * of each period. */
static double
pulse_integral (double a, double p, double t)
{
  double n = floor (t / p + 1e-9), f = MAX (t / p - n, 0);

  return a * p * (0.5 * n + MIN (f, 0.5));
}

#define TWO_SAWTOOTHS \
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [" \
  " {\"id\": \"t1\", \"kind\": \"rotational.torque\"," \
  "  \"params\": {\"tau\": {\"sawtooth\": {\"amplitude\": 2, \"period\": 0.1}}}}," \
  " {\"id\": \"t2\", \"kind\": \"rotational.torque\"," \
  "  \"params\": {\"tau\": {\"sawtooth\": {\"amplitude\": 3, \"period\": 0.3}}}}," \
  " {\"id\": \"disc\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5}}]," \
  " \"connections\": [{\"from\": \"t1.flange\", \"to\": \"disc.flange_a\"}," \
  "                   {\"from\": \"t2.flange\", \"to\": \"disc.flange_a\"}]}"

/* Two sawtooths of periods 0.1 and 0.3 s on one inertia: the edges of the
 * second (0.3 k) and every third of the first (0.1 x 3k, a few ulps off)
 * are one event each, so every method runs to the stop time (it stopped
 * at t = 0.3 s, two events apart by an ulp) and follows
 * J w = int (tau1 + tau2) dt to 1e-8 of its size. Stop times 0.9 s and
 * 2.1 s: 0.3 x 3 is below 0.9 by an ulp, 0.1 x 21 above 2.1 (an edge in
 * the stop's window is the stop's). At every event both torques jump
 * together: the left row has them at their peaks, the right row at 0. */
static void
test_two_sawtooths (void)
{
  g_autoptr (SwSystem) sys = system_from_json (TWO_SAWTOOTHS);
  const char *vars[] = { "disc.w", "t1.tau", "t2.tau", NULL };
  const double stops[] = { 0.9, 2.1 };

  for (guint s = 0; s < G_N_ELEMENTS (stops); s++)
    for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
      {
        SwSimulateOptions o = sw_simulate_options_default ();
        SwSimulateStats stats;
        g_autoptr (GError) error = NULL;
        g_autoptr (SwTrajectory) tr = NULL;
        const double *time, *w, *tau1, *tau2;
        double worst = 0;
        guint n, n_pairs = 0;

        o.stop_time_s = stops[s];
        o.output_interval_s = 0.05;
        o.tolerance = 1e-10;
        o.method = methods[m];
        o.variables = vars;
        tr = sw_simulate_full (sys, &o, NULL, NULL, NULL, &stats, &error);
        g_assert_no_error (error);
        n = sw_trajectory_get_n_rows (tr);
        time = sw_trajectory_get_times (tr);
        w = sw_trajectory_get_column (tr, 0);
        tau1 = sw_trajectory_get_column (tr, 1);
        tau2 = sw_trajectory_get_column (tr, 2);
        g_assert_cmpfloat (time[n - 1], ==, stops[s]);
        for (guint r = 0; r < n; r++)
          {
            double exact = (sawtooth_integral (2, 0.1, time[r]) + sawtooth_integral (3, 0.3, time[r])) / 0.5;

            worst = MAX (worst, fabs (w[r] - exact) / MAX (fabs (exact), 1));
            if (r > 0 && time[r] == time[r - 1])
              {
                double k3 = time[r] / 0.3;

                n_pairs++;
                /* Left: the first sawtooth at its peak; right: 0. */
                g_assert_cmpfloat_with_epsilon (tau1[r - 1], 2, 1e-9);
                g_assert_cmpfloat_with_epsilon (tau1[r], 0, 1e-12);
                if (fabs (k3 - round (k3)) < 1e-9)
                  {
                    /* The second's edge too, at the same instant. */
                    g_assert_cmpfloat_with_epsilon (tau2[r - 1], 3, 1e-9);
                    g_assert_cmpfloat_with_epsilon (tau2[r], 0, 1e-12);
                  }
              }
          }
        g_test_message ("stop %g s, %s: %" G_GUINT64_FORMAT " events, max |w - exact| / max(|w|, 1) = %.3g",
                        stops[s], sw_method_to_name (methods[m]), stats.n_events, worst);
        g_assert_cmpfloat (worst, <, 1e-8);
        /* The first sawtooth's edges before the stop, each once (those of
         * the second are among them): 8 before 0.9 s, 20 before 2.1 s. */
        g_assert_cmpuint (stats.n_events, ==, s == 0 ? 8 : 20);
        g_assert_cmpuint (n_pairs, ==, stats.n_events);
      }
}

/* A step of 4 N.m at 0.3 s and a pulse of 1 N.m, period 0.1 s, on one
 * inertia: the step and the pulse's fourth rising edge (0.1 x 3) are one
 * event, whose right row has both on. Every method, against the closed
 * form; a trajectory recording states only (the window's) makes the same
 * rows again, the event's right row included. */
static void
test_step_and_pulse (void)
{
  g_autoptr (SwSystem) sys = system_from_json (
      "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
      " {\"id\": \"step\", \"kind\": \"rotational.torque\","
      "  \"params\": {\"tau\": {\"step\": {\"height\": 4, \"start_time\": 0.3}}}},"
      " {\"id\": \"pulse\", \"kind\": \"rotational.torque\","
      "  \"params\": {\"tau\": {\"pulse\": {\"amplitude\": 1, \"period\": 0.1}}}},"
      " {\"id\": \"disc\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}}],"
      " \"connections\": [{\"from\": \"step.flange\", \"to\": \"disc.flange_a\"},"
      "                   {\"from\": \"pulse.flange\", \"to\": \"disc.flange_a\"}]}");
  const char *vars[] = { "disc.w", "step.tau", "pulse.tau", NULL };

  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      SwSimulateOptions o = sw_simulate_options_default ();
      SwSimulateStats stats;
      g_autoptr (GError) error = NULL;
      g_autoptr (SwTrajectory) tr = NULL;
      g_autoptr (SwTrajectory) derived = NULL;
      const double *time, *w, *step, *pulse;
      double worst = 0;
      guint n, at = 0;

      o.stop_time_s = 0.6;
      o.output_interval_s = 0.025;
      o.tolerance = 1e-10;
      o.method = methods[m];
      o.variables = vars;
      derived = sw_simulate_new_trajectory (sys, &o, &error);
      g_assert_no_error (error);
      o.record_into = derived;
      tr = sw_simulate_full (sys, &o, NULL, NULL, NULL, &stats, &error);
      g_assert_no_error (error);
      n = sw_trajectory_get_n_rows (tr);
      time = sw_trajectory_get_times (tr);
      w = sw_trajectory_get_column (tr, 0);
      step = sw_trajectory_get_column (tr, 1);
      pulse = sw_trajectory_get_column (tr, 2);
      for (guint r = 0; r < n; r++)
        {
          double exact = (4 * MAX (time[r] - 0.3, 0) + pulse_integral (1, 0.1, time[r])) / 2;

          worst = MAX (worst, fabs (w[r] - exact) / MAX (fabs (exact), 1));
          if (r > 0 && time[r] == time[r - 1] && fabs (time[r] - 0.3) < 1e-12)
            at = r;
        }
      g_test_message ("%s: %" G_GUINT64_FORMAT " events, max |w - exact| / max(|w|, 1) = %.3g",
                      sw_method_to_name (methods[m]), stats.n_events, worst);
      g_assert_cmpfloat (worst, <, 1e-8);
      /* The pulse's edges every 0.05 s before 0.6 s, the step among them. */
      g_assert_cmpuint (stats.n_events, ==, 11);
      g_assert_cmpuint (at, >, 0);
      g_assert_cmpfloat (time[at], ==, 0.3);
      g_assert_cmpfloat (step[at - 1], ==, 0);
      g_assert_cmpfloat (pulse[at - 1], ==, 0);
      g_assert_cmpfloat (step[at], ==, 4);
      g_assert_cmpfloat (pulse[at], ==, 1);
      /* No row between the step and the pulse's edge. */
      g_assert_cmpfloat (time[at + 1], >, 0.3 + 1e-3);
      g_assert_cmpuint (sw_trajectory_get_n_rows (derived), ==, n);
      for (guint c = 0; c < 3; c++)
        for (guint r = 0; r < n; r++)
          g_assert_cmpfloat (sw_trajectory_get_column (derived, c)[r], ==, sw_trajectory_get_column (tr, c)[r]);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/time-events/two-sawtooths", test_two_sawtooths);
  g_test_add_func ("/core/time-events/step-and-pulse", test_step_and_pulse);
  return g_test_run ();
}
