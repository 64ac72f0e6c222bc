/* test-eddy-current.c: Modelica's eddy current brakes (EddyCurrentTorque,
 * EddyCurrentForce) and their thermal mass: the law against the MSL's
 * formula at T = TRef and at another temperature, the adiabatic energy
 * balance C (T - T0) = 1/2 J (w0^2 - w^2) + the work of the sources, the
 * MSL's EddyCurrentBrake imported and run, and its linear analysis (the
 * temperature is no mode; the brake's damping its law's slope).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-modelica.h"
#include "sw-frf.h"
#include "sw-modes.h"
#include "sw-test-run.h"

/* The MSL's law, written out: linearTemperatureDependency with convertAlpha. */
static double
msl_tau (double tau_nominal, double w_nominal, double alpha20, double t_ref, double t, double w)
{
  double alpha_ref = alpha20 / (1 + alpha20 * (t_ref - 293.15));
  double wn = w / (w_nominal * (1 + alpha_ref * (t - t_ref)));

  return 2 * tau_nominal * wn / (1 + wn * wn);
}

/* A flange driven at w = -30 + 60 t (exact) through the brake: tau and
 * lossPower at every row against the formula, at T = TRef and at 380 K with
 * TRef = 300 K (alpha20 of copper converted to 300 K), both domains. */
static void
test_law (void)
{
  static const double temperatures[] = { 300, 380 };
  static const char *const domains[][5] = {
    { "rotational", "eddy_current_torque", "tau_nominal", "w_nominal", "tau" },
    { "translational", "eddy_current_force", "f_nominal", "v_nominal", "f" },
  };

  for (guint d = 0; d < G_N_ELEMENTS (domains); d++)
    for (guint k = 0; k < G_N_ELEMENTS (temperatures); k++)
      {
        g_autofree char *text = g_strdup_printf (
          "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
          "{\"id\": \"drive\", \"kind\": \"%s.speed\", \"params\": {\"%s\": {\"ramp\": {\"height\": 60, \"duration\": 1, "
          "\"offset\": -30}}, \"exact\": true}},"
          "{\"id\": \"brake\", \"kind\": \"%s.%s\", \"params\": {\"%s\": 80, \"%s\": 12, \"alpha20\": 0.00392, "
          "\"TRef\": 300, \"T\": %g}}],"
          "\"connections\": [{\"from\": \"drive.flange\", \"to\": \"brake.flange\"}],"
          "\"simulation\": {\"stop_time\": 1, \"output_interval\": 0.01}}",
          domains[d][0], d == 0 ? "w_ref" : "v_ref", domains[d][0], domains[d][1], domains[d][2], domains[d][3],
          temperatures[k]);
        g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0, 1e-10);
        g_autofree char *tau_name = g_strdup_printf ("brake.%s", domains[d][4]);
        const double *t = sw_trajectory_get_times (tr), *tau = sw_test_column (tr, tau_name);
        const double *loss = sw_test_column (tr, "brake.lossPower"), *temp = sw_test_column (tr, "brake.TheatPort");
        const double *w = sw_test_column (tr, d == 0 ? "brake.w" : "brake.v");

        for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
          {
            double expected = msl_tau (80, 12, 0.00392, 300, temperatures[k], -30 + 60 * t[r]);

            g_assert_cmpfloat_with_epsilon (w[r], -30 + 60 * t[r], 1e-9);
            g_assert_cmpfloat_with_epsilon (tau[r], expected, 1e-9 * 80);
            g_assert_cmpfloat_with_epsilon (loss[r], expected * w[r], 1e-9 * 80 * 30);
            g_assert_cmpfloat (loss[r], >=, 0);
            g_assert_cmpfloat (temp[r], ==, temperatures[k]);
          }
      }
  /* The largest torque, tau_nominal, at w = w_nominal k(T): 12 rad/s at
   * TRef, 12 (1 + 80 alphaRef) warmer. */
  g_assert_cmpfloat_with_epsilon (msl_tau (80, 12, 0.00392, 300, 300, 12), 80, 1e-12);
}

/* An inertia (J = 2, w0 = 15) driven by 5 N.m and braked (tau_nominal 40,
 * w_nominal 4, copper) into its own thermal mass (C = 3 J/K from 290 K):
 * adiabatic, C (T - T0) = the torque's work + 1/2 J (w0^2 - w^2), at every
 * row; the brake's temperature moves its largest torque to higher speeds. */
static void
test_adiabatic (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"drive\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 5}},"
    "{\"id\": \"body\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2, \"w0\": 15}},"
    "{\"id\": \"brake\", \"kind\": \"rotational.eddy_current_torque\", \"params\": {\"tau_nominal\": 40, "
    "\"w_nominal\": 4, \"alpha20\": 0.00392, \"C\": 3, \"T_start\": 290}}],"
    "\"connections\": [{\"from\": \"drive.flange\", \"to\": \"body.flange_a\"},"
    "{\"from\": \"body.flange_b\", \"to\": \"brake.flange\"}],"
    "\"simulation\": {\"stop_time\": 3, \"output_interval\": 1e-3}}";
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0, 1e-10);
  const double *t = sw_trajectory_get_times (tr), *w = sw_test_column (tr, "body.w");
  const double *temp = sw_test_column (tr, "brake.TheatPort"), *heat = sw_test_column (tr, "brake.heat");
  const double *tau = sw_test_column (tr, "brake.tau"), *power = sw_test_column (tr, "drive.power");
  double work = 0, worst = 0;
  guint last = sw_trajectory_get_n_rows (tr) - 1;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      if (r > 0)
        work += 0.5 * (t[r] - t[r - 1]) * (power[r] + power[r - 1]);
      g_assert_cmpfloat_with_epsilon (heat[r], 3 * (temp[r] - 290), 1e-9 * heat[last]);
      worst = MAX (worst, fabs (heat[r] - (work + 0.5 * 2 * (15 * 15 - w[r] * w[r]))));
      g_assert_cmpfloat_with_epsilon (tau[r], msl_tau (40, 4, 0.00392, 293.15, temp[r], w[r]), 1e-9 * 40);
    }
  g_test_message ("adiabatic: %.6g J stored, %.6g K, balance off by %.3g J", heat[last], temp[last], worst);
  g_assert_cmpfloat (temp[last], >, 330);
  g_assert_cmpfloat (worst, <=, 1e-6 * heat[last]);
}

/* The MSL's EddyCurrentBrake, both domains: the ramp of tau_input brakes
 * J = 1 (m = 1) from 20 into C = 1 J/K from 293.15 K: heat = 1/2 (400 -
 * w^2) at every row, 200 J (493.15 K) once it has stopped. Linearised at
 * 0.3 s: one mode, the body's, overdamped at the law's slope d tau/d w at
 * that speed and temperature; no mode of the temperature; the frequency
 * response of the body's speed 1 / (i omega J + slope). */
static void
test_msl_example (void)
{
  static const char *const domains[][3] = { { "Rotational", "eddyCurrentTorque", "inertia.w" },
                                            { "Translational", "eddyCurrentForce", "mass.v" } };

  for (guint d = 0; d < G_N_ELEMENTS (domains); d++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "modelica", "msl", domains[d][0],
                                                     "EddyCurrentBrake.mo", NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_modelica_import_file (path, &error);
      g_autoptr (SwTrajectory) tr = NULL;
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (SwModes) modes = NULL;
      g_autofree double *state = NULL;
      g_autofree char *heat_name = NULL, *temp_name = NULL;
      const double *t, *w, *heat, *temp;
      double w03 = NAN, t03 = NAN, wn, k, slope;
      const SwMode *mode;
      guint last;

      g_assert_no_error (error);
      tr = sw_test_run_model (model, 0, 1e-10);
      heat_name = g_strdup_printf ("%s.heat", domains[d][1]);
      temp_name = g_strdup_printf ("%s.TheatPort", domains[d][1]);
      t = sw_trajectory_get_times (tr);
      w = sw_test_column (tr, domains[d][2]);
      heat = sw_test_column (tr, heat_name);
      temp = sw_test_column (tr, temp_name);
      last = sw_trajectory_get_n_rows (tr) - 1;
      g_assert_cmpfloat (t[last], ==, 1);
      for (guint r = 0; r <= last; r++)
        {
          g_assert_cmpfloat_with_epsilon (heat[r], 0.5 * (400 - w[r] * w[r]), 1e-6 * 200);
          g_assert_cmpfloat_with_epsilon (temp[r], 293.15 + heat[r], 1e-9 * 500);
          if (fabs (t[r] - 0.3) < 1e-9)
            w03 = w[r], t03 = temp[r];
        }
      g_assert_cmpfloat_with_epsilon (temp[last], 493.15, 1e-4);
      /* Linear analysis at 0.3 s. */
      sys = sw_model_assemble (model, &error);
      g_assert_no_error (error);
      g_assert_true (sw_simulate_state_at (sys, 0.3, &state, &error));
      g_assert_no_error (error);
      modes = sw_modes_compute (sys, 0.3, state, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 1);
      mode = sw_modes_get_mode (modes, 0);
      k = 1 + 0.00392 * (t03 - 293.15);
      wn = w03 / (10 * k);
      slope = 2 * 100 / (10 * k) * (1 - wn * wn) / ((1 + wn * wn) * (1 + wn * wn));
      g_test_message ("%s at 0.3 s: w %.6g, T %.6g K, decay %.9g 1/s (slope %.9g)", domains[d][0], w03, t03,
                      mode->decay_rate_per_s, slope);
      g_assert_true (mode->rigid_body);
      g_assert_true (mode->overdamped);
      g_assert_cmpfloat_with_epsilon (mode->decay_rate_per_s, slope, 1e-6 * slope);
      /* The response of the body's speed to a unit torque (force) on it:
       * 1 / (i omega J + slope), the temperature held. */
      {
        SwFrfOptions fo = sw_frf_options_default ();
        g_autoptr (SwTrajectory) frf = NULL;
        const char *body = d == 0 ? "inertia" : "mass";
        const double *f, *re, *im;

        fo.from_hz = 0.01;
        fo.to_hz = 100;
        fo.n_points = 50;
        fo.at_s = 0.3;
        fo.at_state = state;
        frf = sw_frf_compute (sys, body, domains[d][2], &fo, &error);
        g_assert_no_error (error);
        f = sw_trajectory_get_times (frf);
        re = sw_test_column (frf, "real");
        im = sw_test_column (frf, "imag");
        g_assert_cmpuint (sw_trajectory_get_n_rows (frf), >=, 50);
        for (guint r = 0; r < sw_trajectory_get_n_rows (frf); r++)
          {
            double w = 2 * G_PI * f[r], den = slope * slope + w * w;

            g_assert_cmpfloat_with_epsilon (re[r], slope / den, 1e-6 / slope);
            g_assert_cmpfloat_with_epsilon (im[r], -w / den, 1e-6 / slope);
          }
      }
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/kinds/eddy-current/law", test_law);
  g_test_add_func ("/kinds/eddy-current/adiabatic", test_adiabatic);
  g_test_add_func ("/kinds/eddy-current/msl-example", test_msl_example);
  return g_test_run ();
}
