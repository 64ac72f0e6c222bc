/* test-frf.c: frequency responses against the closed form of an oscillator.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <complex.h>
#include <math.h>
#include <string.h>
#include <glib.h>

#include "sw-error.h"
#include "sw-frf.h"
#include "sw-model.h"
#include "sw-system.h"

/* J = 2 on a spring-damper (c = 800, d = 4) to ground, driven by a torque. */
static const char oscillator[] =
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"oscillator\", \"components\": ["
  " {\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 0}},"
  " {\"id\": \"body\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}},"
  " {\"id\": \"shaft\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 800, \"d\": 4}},"
  " {\"id\": \"ground\", \"kind\": \"rotational.fixed\"},"
  " {\"id\": \"gear\", \"kind\": \"rotational.ideal_gear\", \"params\": {\"ratio\": 2}},"
  " {\"id\": \"tail\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0}}],"
  " \"connections\": [{\"from\": \"torque.flange\", \"to\": \"body.flange_a\"},"
  "  {\"from\": \"body.flange_b\", \"to\": \"shaft.flange_a\"}, {\"from\": \"shaft.flange_b\", \"to\": \"ground.flange\"},"
  "  {\"from\": \"body.flange_b\", \"to\": \"gear.flange_a\"}, {\"from\": \"gear.flange_b\", \"to\": \"tail.flange_a\"}]}";

static SwSystem *
assemble (const char *json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (json, -1, "frf.shaft", &error);
  SwSystem *sys;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  return sys;
}

static double complex
response (const SwTrajectory *tr, guint row)
{
  return sw_trajectory_get_column (tr, 2)[row] + I * sw_trajectory_get_column (tr, 3)[row];
}

/* H = 1 / (c - J w^2 + i d w) for the angle; i w H for the speed, -w^2 H for
 * the acceleration; the shaft torque (flange_b.tau, ground side) is
 * (c + i d w) (0 - X). */
static void
test_oscillator_closed_form (void)
{
  g_autoptr (SwSystem) sys = assemble (oscillator);
  const char *outputs[] = { "body.phi", "body.w", "body.a", "shaft.tau", "tail.w" };
  SwFrfOptions o = sw_frf_options_default ();

  o.from_hz = 0.1;
  o.to_hz = 100;
  o.n_points = 50;
  for (guint k = 0; k < G_N_ELEMENTS (outputs); k++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (SwTrajectory) tr = sw_frf_compute (sys, "torque", outputs[k], &o, &error);
      const double *f;

      g_assert_no_error (error);
      g_assert_cmpstr (sw_trajectory_get_x_name (tr), ==, "frequency_hz");
      f = sw_trajectory_get_times (tr);
      g_assert_cmpuint (sw_trajectory_get_n_rows (tr), >, 50);
      for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
        {
          double w = 2 * G_PI * f[r];
          double complex H = 1 / (800 - 2 * w * w + I * 4 * w), expect;

          switch (k)
            {
            case 0: expect = H; break;
            case 1: expect = I * w * H; break;
            case 2: expect = -w * w * H; break;
            case 3: expect = -(800 + I * 4 * w) * H; break;
            default: expect = I * w * H / 2; break;   /* tail turns at half the speed */
            }
          g_assert_cmpfloat (cabs (response (tr, r) - expect), <=, 1e-9 * cabs (expect));
          g_assert_cmpfloat_with_epsilon (sw_trajectory_get_column (tr, 0)[r], cabs (expect), 1e-9 * cabs (expect));
          g_assert_cmpfloat_with_epsilon (sw_trajectory_get_column (tr, 1)[r], carg (expect) * 180 / G_PI, 1e-6);
        }
      /* Input on the body itself gives the same receptance. */
      if (k == 0)
        {
          g_autoptr (SwTrajectory) tb = sw_frf_compute (sys, "body", "body.phi", &o, &error);
          g_assert_no_error (error);
          for (guint r = 0; r < sw_trajectory_get_n_rows (tb); r++)
            g_assert_cmpfloat (cabs (response (tb, r) - response (tr, r)), <=, 1e-12 * cabs (response (tr, r)));
        }
    }
}

/* The angle peaks at w_r = w_n sqrt(1 - 2 zeta^2); the grid is refined
 * enough around it to find the peak within 0.1 %. */
static void
test_peak_at_resonance (void)
{
  g_autoptr (SwSystem) sys = assemble (oscillator);
  g_autoptr (GError) error = NULL;
  SwFrfOptions o = sw_frf_options_default ();
  g_autoptr (SwTrajectory) tr = sw_frf_compute (sys, "torque", "body.phi", &o, &error);
  double wn = sqrt (800.0 / 2), zeta = 4 / (2 * sqrt (800.0 * 2)), fr = wn * sqrt (1 - 2 * zeta * zeta) / (2 * G_PI);
  double best = 0, f_best = 0;

  g_assert_no_error (error);
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    if (sw_trajectory_get_column (tr, 0)[r] > best)
      best = sw_trajectory_get_column (tr, 0)[r], f_best = sw_trajectory_get_times (tr)[r];
  g_assert_cmpfloat (fabs (f_best - fr), <=, 1e-3 * fr);
  /* Default range: a decade around the mode. */
  g_assert_cmpfloat_with_epsilon (sw_trajectory_get_times (tr)[0], wn / (2 * G_PI) / 10, 1e-9);
}

static void
test_errors (void)
{
  g_autoptr (SwSystem) sys = assemble (oscillator);
  SwFrfOptions o = sw_frf_options_default ();
  g_autoptr (GError) e1 = NULL, e2 = NULL, e3 = NULL, e4 = NULL;

  g_assert_null (sw_frf_compute (sys, "nosuch", "body.phi", &o, &e1));
  g_assert_error (e1, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER);
  g_assert_null (sw_frf_compute (sys, "shaft", "body.phi", &o, &e2));
  g_assert_error (e2, SW_ERROR, SW_ERROR_INVALID);
  g_assert_null (sw_frf_compute (sys, "torque", "body.omega", &o, &e3));
  g_assert_error (e3, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER);
  /* A gear's flange torque is a constraint reaction. */
  g_assert_null (sw_frf_compute (sys, "torque", "gear.flange_a.tau", &o, &e4));
  g_assert_error (e4, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (e4->message, "reaction"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/frf/oscillator-closed-form", test_oscillator_closed_form);
  g_test_add_func ("/core/frf/peak-at-resonance", test_peak_at_resonance);
  g_test_add_func ("/core/frf/errors", test_errors);
  return g_test_run ();
}
