/* test-study.c: parameter studies (core/study/): designs, outputs, and each
 * run against the same run done alone and against closed forms.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-frf.h"
#include <json-glib/json-glib.h>

#include "sw-model.h"
#include "sw-modes.h"
#include "sw-signal.h"
#include "sw-simulate.h"
#include "sw-study-design.h"
#include "sw-study-outputs.h"
#include "sw-study-run.h"
#include "sw-system.h"
#include "sw-test-files.h"

static SwStudyDesign *
design (const char *const *vary, SwStudySample sample, guint64 n, guint64 seed)
{
  g_autoptr (GError) error = NULL;
  SwStudyDesign *d = sw_study_design_new (vary, sample, n, seed, &error);

  g_assert_no_error (error);
  return d;
}

/* The grid: every combination, the last parameter fastest; ranges with
 * their ends exact, log ranges geometric. */
static void
test_design_grid (void)
{
  const char *vary[] = { "a.x=1,2,5", "b.y=0:1:5", "c.z=1e-3:1e3:7:log", NULL };
  g_autoptr (SwStudyDesign) d = design (vary, SW_STUDY_SAMPLE_GRID, 0, 0);

  g_assert_cmpuint (sw_study_design_get_n_runs (d), ==, 3 * 5 * 7);
  g_assert_cmpuint (sw_study_design_get_n_params (d), ==, 3);
  g_assert_cmpstr (sw_study_design_get_name (d, 2), ==, "c.z");
  g_assert_cmpstr (sw_study_design_get_component (d, 2), ==, "c");
  g_assert_cmpstr (sw_study_design_get_param (d, 2), ==, "z");
  for (guint64 run = 0; run < 105; run++)
    {
      guint i = (guint) (run / 35), j = (guint) (run / 7 % 5), k = (guint) (run % 7);
      const double xs[] = { 1, 2, 5 };

      g_assert_cmpfloat (sw_study_design_get_value (d, run, 0), ==, xs[i]);
      g_assert_cmpfloat_with_epsilon (sw_study_design_get_value (d, run, 1), j * 0.25, 1e-15);
      /* 1e-3 · 10^k exactly a decade a step. */
      g_assert_cmpfloat_with_epsilon (sw_study_design_get_value (d, run, 2) / (1e-3 * pow (10, k)), 1, 1e-14);
    }
  g_assert_cmpfloat (sw_study_design_get_value (d, 6, 2), ==, 1e3);
  g_assert_cmpfloat (sw_study_design_get_value (d, 0, 2), ==, 1e-3);
}

/* A Latin hypercube: every parameter has exactly one sample in each of the
 * n equal-probability strata; the same seed gives the same samples. */
static void
test_design_lhs (void)
{
  const char *vary[] = { "a.x=uniform:0:1", "b.y=normal:10:2", "c.z=1:3:3", NULL };
  const guint n = 1000;
  g_autoptr (SwStudyDesign) d = design (vary, SW_STUDY_SAMPLE_LHS, n, 42);
  g_autoptr (SwStudyDesign) same = design (vary, SW_STUDY_SAMPLE_LHS, n, 42);
  g_autoptr (SwStudyDesign) other = design (vary, SW_STUDY_SAMPLE_LHS, n, 43);
  g_autofree guint *count = g_new0 (guint, n);
  double sum = 0, sum2 = 0;
  gboolean differs = FALSE;

  g_assert_cmpuint (sw_study_design_get_n_runs (d), ==, n);
  for (guint i = 0; i < n; i++)
    {
      double u = sw_study_design_get_value (d, i, 0), y = sw_study_design_get_value (d, i, 1);

      g_assert_cmpfloat (u, >, 0);
      g_assert_cmpfloat (u, <, 1);
      count[(guint) (u * n)]++;
      sum += y;
      sum2 += y * y;
      for (guint k = 0; k < 3; k++)
        g_assert_cmpfloat (sw_study_design_get_value (d, i, k), ==, sw_study_design_get_value (same, i, k));
      differs |= sw_study_design_get_value (d, i, 0) != sw_study_design_get_value (other, i, 0);
    }
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (count[i], ==, 1);
  g_assert_true (differs);
  /* Stratified normal samples: the mean and SD within a few per cent of
   * the stratum width (far tighter than random sampling's 2/sqrt(1000)). */
  g_assert_cmpfloat_with_epsilon (sum / n, 10, 0.01);
  g_assert_cmpfloat_with_epsilon (sqrt (sum2 / n - (sum / n) * (sum / n)), 2, 0.05);
}

/* Monte Carlo: uniform samples with the mean of the distribution, within
 * 4 standard errors (1/sqrt(12 n)). */
static void
test_design_random (void)
{
  const char *vary[] = { "a.x=uniform:2:4", "b.y=lognormal:0:0.5", NULL };
  const guint n = 20000;
  g_autoptr (SwStudyDesign) d = design (vary, SW_STUDY_SAMPLE_RANDOM, n, 7);
  double sum = 0, logsum = 0;

  for (guint i = 0; i < n; i++)
    {
      double x = sw_study_design_get_value (d, i, 0);

      g_assert_cmpfloat (x, >=, 2);
      g_assert_cmpfloat (x, <=, 4);
      sum += x;
      g_assert_cmpfloat (sw_study_design_get_value (d, i, 1), >, 0);
      logsum += log (sw_study_design_get_value (d, i, 1));
    }
  g_assert_cmpfloat_with_epsilon (sum / n, 3, 4 * 2 / sqrt (12.0 * n));
  g_assert_cmpfloat_with_epsilon (logsum / n, 0, 4 * 0.5 / sqrt (n));
}

static void
test_design_errors (void)
{
  const struct { const char *vary; SwStudySample sample; const char *says; } bad[] = {
    { "nodot=1,2", SW_STUDY_SAMPLE_GRID, "ID.PARAM" },
    { "a.x=", SW_STUDY_SAMPLE_GRID, "no values" },
    { "a.x=1,two", SW_STUDY_SAMPLE_GRID, "“two” is not a number" },
    { "a.x=1:2:0", SW_STUDY_SAMPLE_GRID, "count" },
    { "a.x=0:2:3:log", SW_STUDY_SAMPLE_GRID, "LO > 0" },
    { "a.x=1:2:3:lin", SW_STUDY_SAMPLE_GRID, ":log" },
    { "a.x=normal:1:2", SW_STUDY_SAMPLE_GRID, "--sample" },
    { "a.x=normal:1:-2", SW_STUDY_SAMPLE_LHS, "standard deviation" },
    { "a.x=uniform:2:1", SW_STUDY_SAMPLE_LHS, "LO < HI" },
    { "a.x=1:2", SW_STUDY_SAMPLE_GRID, "LO:HI:COUNT" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      const char *vary[] = { bad[i].vary, NULL };
      g_autoptr (GError) error = NULL;
      g_autoptr (SwStudyDesign) d = sw_study_design_new (vary, bad[i].sample, 10, 1, &error);

      g_assert_null (d);
      g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, bad[i].says));
      g_assert_nonnull (strstr (error->message, bad[i].vary));
    }
  {
    const char *twice[] = { "a.x=1", "a.x=2", NULL };
    g_autoptr (GError) error = NULL;
    g_autoptr (SwStudyDesign) d = sw_study_design_new (twice, SW_STUDY_SAMPLE_GRID, 0, 0, &error);

    g_assert_null (d);
    g_assert_nonnull (strstr (error->message, "twice"));
  }
  {
    SwStudySample s;
    guint64 n;

    g_assert_true (sw_study_sample_parse ("lhs:12", &s, &n));
    g_assert_cmpint (s, ==, SW_STUDY_SAMPLE_LHS);
    g_assert_cmpuint (n, ==, 12);
    g_assert_true (sw_study_sample_parse ("random:3", &s, &n));
    g_assert_cmpint (s, ==, SW_STUDY_SAMPLE_RANDOM);
    g_assert_false (sw_study_sample_parse ("lhs:0", &s, &n));
    g_assert_false (sw_study_sample_parse ("lhs:-3", &s, &n));
    g_assert_false (sw_study_sample_parse ("sobol:3", &s, &n));
    g_assert_false (sw_study_sample_parse ("lhs:3x", &s, &n));
  }
}

static void
test_outputs_parse (void)
{
  g_auto (GStrv) parts = sw_study_split_outputs (" max(a.w,0:1), cross(b.phi,0.5),mode(2).energy(c) ,a.w@1,events,");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwStudyOutputs) o = NULL;

  g_assert_cmpuint (g_strv_length (parts), ==, 5);
  g_assert_cmpstr (parts[0], ==, "max(a.w,0:1)");
  g_assert_cmpstr (parts[1], ==, "cross(b.phi,0.5)");
  g_assert_cmpstr (parts[2], ==, "mode(2).energy(c)");
  o = sw_study_outputs_new ((const char *const *) parts, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_study_outputs_get_n (o), ==, 5);
  g_assert_cmpstr (sw_study_outputs_get_name (o, 3), ==, "a.w@1");
  /* a.w read twice is recorded once. */
  g_assert_cmpuint (g_strv_length ((char **) sw_study_outputs_get_variables (o)), ==, 2);
  g_assert_true (sw_study_outputs_need_simulation (o));
  g_assert_true (sw_study_outputs_need_modes (o));
  g_assert_cmpfloat (sw_study_outputs_get_latest_time (o), ==, 1);

  {
    const char *bad[] = { "max(a.w", "max(nodot)", "frf(a.w).peak", "frf(t,a.w).top", "mode(0).frequency_hz", "mode(1).speed", "cross(a.w)",
                          "a.w@-1", "w@1", "mean(a.w,2:1)", "bogus", NULL };

    for (guint i = 0; bad[i] != NULL; i++)
      {
        const char *one[] = { bad[i], NULL };
        g_autoptr (GError) e = NULL;
        g_autoptr (SwStudyOutputs) none = sw_study_outputs_new (one, &e);

        g_assert_null (none);
        g_assert_error (e, SW_ERROR, SW_ERROR_INVALID);
        g_assert_nonnull (strstr (e->message, bad[i]));
      }
  }
}

/* The statistics against closed forms on a trajectory made here:
 * x = sin(2 pi t) on 0..1 (mean 0, rms 1/sqrt 2, max 1 at t = 1/4) and
 * y = 3 t (crosses 1.5 at t = 0.5, mean over 0.2..0.6 is 1.2). */
static void
test_outputs_statistics (void)
{
  g_autoptr (SwTrajectory) tr = sw_trajectory_new (g_strsplit ("a.x,a.y", ",", -1), g_strsplit ("m,m", ",", -1));
  const char *texts[] = { "max(a.x)", "min(a.x)", "mean(a.x)", "rms(a.x)", "cross(a.y,1.5)", "mean(a.y,0.2:0.6)",
                          "a.y@0.3", "max(a.x,0.5:1)", "cross(a.y,7)", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (SwStudyOutputs) o = sw_study_outputs_new (texts, &error);
  double v[9];
  const guint n = 4000;

  g_assert_no_error (error);
  for (guint i = 0; i <= n; i++)
    {
      double t = (double) i / n, row[2] = { sin (2 * G_PI * t), 3 * t };

      sw_trajectory_append_row (tr, t, row);
    }
  g_assert_true (sw_study_outputs_evaluate (o, NULL, tr, NULL, NULL, v, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (v[0], 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (v[1], -1, 1e-12);
  g_assert_cmpfloat_with_epsilon (v[2], 0, 1e-12);
  /* The trapezoidal rule of sin^2 over a whole period is exact. */
  g_assert_cmpfloat_with_epsilon (v[3], 1 / sqrt (2), 1e-12);
  g_assert_cmpfloat_with_epsilon (v[4], 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (v[5], 1.2, 1e-12);
  g_assert_cmpfloat_with_epsilon (v[6], 0.9, 1e-12);
  g_assert_cmpfloat_with_epsilon (v[7], sin (2 * G_PI * 0.5), 1e-12);
  g_assert_true (isnan (v[8]));
}

/* Equal to 1e-12 of their size (0 and 0 too). */
static void
assert_close (double a, double b)
{
  g_assert_cmpfloat (fabs (a - b), <=, 1e-12 * fmax (fabs (a), fabs (b)));
}

static SwModel *
load_example (const char *name)
{
  g_autofree char *path = sw_test_example_path (name);
  g_autoptr (GError) error = NULL;
  SwModel *model = sw_model_new_from_file (path, &error);

  g_assert_no_error (error);
  return model;
}

/* Every row of a study equals the same run done alone: bit for bit for a
 * simulation's outputs (the alone run records every variable), to 1e-12
 * for the modes. */
static void
test_run_equals_alone (void)
{
  const char *vary[] = { "coupling.c=1e3,2e3,5e3", "load.J=1,2", NULL };
  const char *texts[] = { "max(load.w)", "hub1.w@1", "rms(hub2.w,0.5:2)", "mode(2).frequency_hz",
                          "mode(3).damping_ratio", "mode(2).energy(coupling)", "frf(torque,load.w).peak", NULL };
  g_autoptr (SwStudyDesign) d = design (vary, SW_STUDY_SAMPLE_GRID, 0, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwStudyOutputs) o = sw_study_outputs_new (texts, &error);
  g_autoptr (SwModel) model = load_example ("fourbody.shaft");
  g_autoptr (SwStudyRunner) r = NULL;

  g_assert_no_error (error);
  r = sw_study_runner_new (model, d, o, 0, &error);
  g_assert_no_error (error);
  /* Backwards, so that a run follows a different one than in order. */
  for (guint64 run = sw_study_design_get_n_runs (d); run-- > 0;)
    {
      g_autoptr (SwModel) alone = load_example ("fourbody.shaft");
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (SwTrajectory) tr = NULL;
      g_autoptr (SwModes) modes = NULL;
      SwSimulateOptions so;
      double v[7], kinetic[8], potential[8], max = -INFINITY, peak = 0;
      SwFrfOptions fo = sw_frf_options_default ();
      g_autoptr (SwTrajectory) frf = NULL;
      const double *w;
      int col;

      g_assert_true (sw_study_runner_run (r, run, v, &error));
      g_assert_no_error (error);
      g_assert_true (sw_model_set_param (alone, (guint) sw_model_find_component (alone, "coupling"), "c",
                                         sw_study_design_get_value (d, run, 0), &error));
      g_assert_true (sw_model_set_param (alone, (guint) sw_model_find_component (alone, "load"), "J",
                                         sw_study_design_get_value (d, run, 1), &error));
      sys = sw_model_assemble (alone, &error);
      g_assert_no_error (error);
      so = sw_simulate_options_from_system (sys);
      tr = sw_simulate (sys, &so, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      col = sw_trajectory_find_column (tr, "load.w");
      g_assert_cmpint (col, >=, 0);
      w = sw_trajectory_get_column (tr, (guint) col);
      for (guint i = 0; i < sw_trajectory_get_n_rows (tr); i++)
        max = fmax (max, w[i]);
      g_assert_cmpfloat (v[0], ==, max);
      g_assert_cmpfloat (v[1], ==, sw_trajectory_interpolate (tr, (guint) sw_trajectory_find_column (tr, "hub1.w"), 1));
      modes = sw_modes_compute (sys, 0, NULL, &error);
      g_assert_no_error (error);
      assert_close (v[3], sw_modes_get_mode (modes, 1)->frequency_hz);
      assert_close (v[4], sw_modes_get_mode (modes, 2)->damping_ratio);
      g_assert_cmpuint (sw_modes_get_n_sections (modes), <=, 8);
      sw_modes_get_mode_values (modes, 1, NULL, NULL, NULL, kinetic, NULL, potential);
      for (guint s = 0; s < sw_modes_get_n_sections (modes); s++)
        if (g_str_equal (sw_modes_get_section_part (modes, s)->id, "coupling"))
          assert_close (v[5], potential[s]);
      frf = sw_frf_compute (sys, "torque", "load.w", &fo, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < sw_trajectory_get_n_rows (frf); i++)
        peak = fmax (peak, sw_trajectory_get_column (frf, (guint) sw_trajectory_find_column (frf, "magnitude"))[i]);
      g_assert_cmpfloat (v[6], ==, peak);
    }
}

/* Two inertias on a spring, free: the second mode is
 * f = sqrt (c (J1 + J2) / (J1 J2)) / (2 pi), the first rigid (0 Hz). */
static void
test_run_closed_form (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    " {\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.3}},"
    " {\"id\": \"s\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 100}},"
    " {\"id\": \"b\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.7}}],"
    " \"connections\": [{\"from\": \"a.flange_b\", \"to\": \"s.flange_a\"},"
    "                   {\"from\": \"s.flange_b\", \"to\": \"b.flange_a\"}]}";
  const char *vary[] = { "s.c=1:1e6:13:log", "a.J=0.1,0.3", NULL };
  const char *texts[] = { "mode(1).frequency_hz", "mode(2).frequency_hz", "mode(2).energy(s)", "frf(a,b.w).peak_hz",
                          NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "two.shaft", &error);
  g_autoptr (SwStudyDesign) d = design (vary, SW_STUDY_SAMPLE_GRID, 0, 0);
  g_autoptr (SwStudyOutputs) o = sw_study_outputs_new (texts, &error);
  g_autoptr (SwStudyRunner) r = NULL;

  g_assert_no_error (error);
  r = sw_study_runner_new (model, d, o, 0, &error);
  g_assert_no_error (error);
  for (guint64 run = 0; run < sw_study_design_get_n_runs (d); run++)
    {
      double v[4], c = sw_study_design_get_value (d, run, 0), j1 = sw_study_design_get_value (d, run, 1), j2 = 0.7;

      g_assert_true (sw_study_runner_run (r, run, v, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat_with_epsilon (v[0], 0, 1e-6);
      g_assert_cmpfloat_with_epsilon (v[1] / (sqrt (c * (j1 + j2) / (j1 * j2)) / (2 * G_PI)), 1, 1e-12);
      /* The spring holds all the potential energy of the elastic mode. */
      g_assert_cmpfloat_with_epsilon (v[2], 100, 1e-9);
      /* Undamped: the response peaks at the resonance, on a grid refined
       * around it. */
      g_assert_cmpfloat_with_epsilon (v[3] / v[1], 1, 1e-3);
    }
}

/* A run that cannot be made is an error of that run; the runner goes on;
 * mistakes in the study itself are refused before any run. */
static void
test_run_errors (void)
{
  const char *vary[] = { "coupling.c=-1,2e3", NULL };
  const char *texts[] = { "mode(2).frequency_hz", "mode(9).frequency_hz", NULL };
  g_autoptr (SwStudyDesign) d = design (vary, SW_STUDY_SAMPLE_GRID, 0, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwStudyOutputs) o = sw_study_outputs_new (texts, &error);
  g_autoptr (SwStudyOutputs) o1 = NULL;
  g_autoptr (SwModel) model = load_example ("fourbody.shaft");
  g_autoptr (SwStudyRunner) r = sw_study_runner_new (model, d, o, 0, &error);
  double v[2];

  g_assert_no_error (error);
  g_assert_false (sw_study_runner_run (r, 0, v, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "coupling"));
  g_clear_error (&error);
  g_assert_false (sw_study_runner_run (r, 1, v, &error));
  g_assert_nonnull (strstr (error->message, "mode(9).frequency_hz"));
  g_clear_error (&error);
  {
    const char *one[] = { "mode(2).frequency_hz", NULL };

    o1 = sw_study_outputs_new (one, &error);
    sw_study_runner_free (r);
    r = sw_study_runner_new (model, d, o1, 0, &error);
    g_assert_true (sw_study_runner_run (r, 1, v, &error));
    g_assert_no_error (error);
    g_assert_cmpfloat (v[0], >, 0);
  }
  {
    const char *bad_vary[][2] = { { "nothere.c=1", NULL }, { "coupling.k=1", NULL }, { "simulation.speed=1", NULL } };
    const char *says[] = { "no component “nothere”", "valid: c", "stop_time" };

    for (guint i = 0; i < G_N_ELEMENTS (says); i++)
      {
        g_autoptr (SwStudyDesign) bd = design (bad_vary[i], SW_STUDY_SAMPLE_GRID, 0, 0);
        g_autoptr (SwStudyRunner) br = sw_study_runner_new (model, bd, o1, 0, &error);

        g_assert_null (br);
        g_assert_nonnull (strstr (error->message, says[i]));
        g_clear_error (&error);
      }
  }
  {
    const char *texts2[] = { "max(nobody.w)", NULL };
    g_autoptr (SwStudyOutputs) o2 = sw_study_outputs_new (texts2, &error);
    g_autoptr (SwStudyRunner) br = sw_study_runner_new (model, d, o2, 0, &error);

    g_assert_null (br);
    g_assert_nonnull (strstr (error->message, "nobody.w"));
  }
}

/* simulation.stop_time varies the run's length: the last row is there. */
static void
test_run_settings (void)
{
  const char *vary[] = { "simulation.stop_time=0.5,1.5", NULL };
  const char *texts[] = { "load.w@0.5", "events", NULL };
  g_autoptr (SwStudyDesign) d = design (vary, SW_STUDY_SAMPLE_GRID, 0, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwStudyOutputs) o = sw_study_outputs_new (texts, &error);
  g_autoptr (SwModel) model = load_example ("fourbody.shaft");
  g_autoptr (SwStudyRunner) r = sw_study_runner_new (model, d, o, 0, &error);
  double a[2], b[2];

  g_assert_no_error (error);
  g_assert_true (sw_study_runner_run (r, 0, a, &error));
  g_assert_true (sw_study_runner_run (r, 1, b, &error));
  g_assert_no_error (error);
  /* The same run up to 0.5 s whatever the stop time (the integrator
   * steps freely, so not bit for bit: within its tolerance). */
  g_assert_cmpfloat_with_epsilon (a[0], b[0], 1e-4 * (fabs (a[0]) + 1));
  g_assert_cmpfloat (a[1], ==, 0);
}

/* Modes at the state of a simulation at 0.4 s (--at) equal those of
 * sw_simulate_final_state and sw_modes_compute done alone; a subsystem's
 * parameter (the twin-engine drive's engine2.J_fly) is varied as any other. */
static void
test_run_at_and_subsystem (void)
{
  const char *vary[] = { "engine2.J_fly=3,8", NULL };
  const char *texts[] = { "mode(2).frequency_hz", "mode(3).damping_ratio", "mode(2).energy(propShaft)", NULL };
  g_autoptr (SwStudyDesign) d = design (vary, SW_STUDY_SAMPLE_GRID, 0, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwStudyOutputs) o = sw_study_outputs_new (texts, &error);
  g_autoptr (SwModel) model = load_example ("marine/twin-engine.shaft");
  g_autoptr (SwStudyRunner) r = sw_study_runner_new (model, d, o, 0.4, &error);

  g_assert_no_error (error);
  for (guint64 run = 0; run < 2; run++)
    {
      g_autoptr (SwModel) alone = load_example ("marine/twin-engine.shaft");
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (SwModes) modes = NULL;
      g_autofree double *state = NULL;
      SwSimulateOptions so;
      double v[3], potential[64];

      g_assert_true (sw_study_runner_run (r, run, v, &error));
      g_assert_no_error (error);
      g_assert_true (sw_model_set_param (alone, (guint) sw_model_find_component (alone, "engine2"), "J_fly",
                                         sw_study_design_get_value (d, run, 0), &error));
      sys = sw_model_assemble (alone, &error);
      g_assert_no_error (error);
      so = sw_simulate_options_from_system (sys);
      so.stop_time_s = 0.4;
      state = sw_simulate_final_state (sys, &so, &error);
      g_assert_no_error (error);
      modes = sw_modes_compute (sys, 0.4, state, &error);
      g_assert_no_error (error);
      assert_close (v[0], sw_modes_get_mode (modes, 1)->frequency_hz);
      assert_close (v[1], sw_modes_get_mode (modes, 2)->damping_ratio);
      g_assert_cmpuint (sw_modes_get_n_sections (modes), <=, G_N_ELEMENTS (potential));
      sw_modes_get_mode_values (modes, 1, NULL, NULL, NULL, NULL, NULL, potential);
      for (guint s = 0; s < sw_modes_get_n_sections (modes); s++)
        if (g_str_equal (sw_modes_get_section_part (modes, s)->id, "propShaft"))
          assert_close (v[2], potential[s]);
    }
}

/* A number inside a signal parameter (the four-body example's sine torque,
 * torque.tau.f) varies with the rest of the signal kept, as the same model
 * with that signal written out. */
static void
test_run_signal_field (void)
{
  const char *vary[] = { "torque.tau.f=2,7.5", NULL };
  const char *texts[] = { "max(load.w)", NULL };
  g_autoptr (SwStudyDesign) d = design (vary, SW_STUDY_SAMPLE_GRID, 0, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwStudyOutputs) o = sw_study_outputs_new (texts, &error);
  g_autoptr (SwModel) model = load_example ("fourbody.shaft");
  g_autoptr (SwStudyRunner) r = sw_study_runner_new (model, d, o, 0, &error);
  const char *signals[] = { "{\"sine\": {\"amplitude\": 100, \"f\": 2}}", "{\"sine\": {\"amplitude\": 100, \"f\": 7.5}}" };

  g_assert_no_error (error);
  for (guint64 run = 0; run < 2; run++)
    {
      g_autoptr (SwModel) alone = load_example ("fourbody.shaft");
      g_autoptr (JsonNode) node = json_from_string (signals[run], &error);
      g_autoptr (SwSignal) signal = NULL;
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (SwTrajectory) tr = NULL;
      SwSimulateOptions so;
      double v[1], max = -INFINITY;
      const double *w;

      g_assert_true (sw_study_runner_run (r, run, v, &error));
      g_assert_no_error (error);
      signal = sw_signal_new_from_json (node, &error);
      g_assert_no_error (error);
      g_assert_true (sw_model_set_param_signal (alone, (guint) sw_model_find_component (alone, "torque"), "tau",
                                                signal, &error));
      sys = sw_model_assemble (alone, &error);
      g_assert_no_error (error);
      so = sw_simulate_options_from_system (sys);
      tr = sw_simulate (sys, &so, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      w = sw_trajectory_get_column (tr, (guint) sw_trajectory_find_column (tr, "load.w"));
      for (guint i = 0; i < sw_trajectory_get_n_rows (tr); i++)
        max = fmax (max, w[i]);
      g_assert_cmpfloat (v[0], ==, max);
    }
  {
    const char *bad[] = { "torque.tau.phase_x=1", NULL };
    g_autoptr (SwStudyDesign) bd = design (bad, SW_STUDY_SAMPLE_GRID, 0, 0);
    g_autoptr (SwStudyRunner) br = sw_study_runner_new (model, bd, o, 0, &error);

    g_assert_null (br);
    g_assert_nonnull (strstr (error->message, "no number “phase_x”; valid: amplitude"));
  }
}

/* The four-body example driven by shared signals: "drive" (a sine) on the
 * rotor and on hub2, the constant "brake" on the load. %s and %s are the
 * drive's amplitude and the brake as text. */
static const char shared_model[] =
  "{\"format\": \"shaftwork-model\", \"version\": 1,"
  " \"signals\": {\"drive\": {\"sine\": {\"amplitude\": %s, \"f\": 5}}, \"brake\": %s},"
  " \"components\": ["
  "  {\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": \"drive\"}},"
  "  {\"id\": \"torque2\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": \"drive\"}},"
  "  {\"id\": \"torque3\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": \"brake\"}},"
  "  {\"id\": \"rotor\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5}},"
  "  {\"id\": \"shaft\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 5e4}},"
  "  {\"id\": \"hub1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.05}},"
  "  {\"id\": \"coupling\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 2e3}},"
  "  {\"id\": \"hub2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.05}},"
  "  {\"id\": \"load_shaft\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 1e5}},"
  "  {\"id\": \"load\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}}],"
  " \"connections\": ["
  "  {\"from\": \"torque.flange\", \"to\": \"rotor.flange_a\"},"
  "  {\"from\": \"torque2.flange\", \"to\": \"hub2.flange_b\"},"
  "  {\"from\": \"torque3.flange\", \"to\": \"load.flange_b\"},"
  "  {\"from\": \"rotor.flange_b\", \"to\": \"shaft.flange_a\"},"
  "  {\"from\": \"shaft.flange_b\", \"to\": \"hub1.flange_a\"},"
  "  {\"from\": \"hub1.flange_b\", \"to\": \"coupling.flange_a\"},"
  "  {\"from\": \"coupling.flange_b\", \"to\": \"hub2.flange_a\"},"
  "  {\"from\": \"hub2.flange_b\", \"to\": \"load_shaft.flange_a\"},"
  "  {\"from\": \"load_shaft.flange_b\", \"to\": \"load.flange_a\"}],"
  " \"simulation\": {\"stop_time\": 1.0, \"output_interval\": 0.001, \"tolerance\": 1e-6}}";

static SwModel *
load_shared_model (double amplitude, double brake)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *text = g_strdup_printf (shared_model, g_ascii_dtostr (a, sizeof a, amplitude),
                                           g_ascii_dtostr (b, sizeof b, brake));
  g_autoptr (GError) error = NULL;
  SwModel *model = sw_model_new_from_data (text, -1, "shared.shaft", &error);

  g_assert_no_error (error);
  return model;
}

static void
assert_vary_fails (SwModel *model, const char *vary, const char *message)
{
  const char *v[] = { vary, NULL };
  const char *texts[] = { "max(load.w)", NULL };
  g_autoptr (SwStudyDesign) d = design (v, SW_STUDY_SAMPLE_GRID, 0, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwStudyOutputs) o = sw_study_outputs_new (texts, &error);
  g_autoptr (SwStudyRunner) r = NULL;

  g_assert_no_error (error);
  r = sw_study_runner_new (model, d, o, 0, &error);
  g_assert_null (r);
  g_assert_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER);
  if (strstr (error->message, message) == NULL)
    g_error ("“%s” not in “%s”", message, error->message);
}

/* A shared signal's number (signals.drive.amplitude) and a shared constant
 * (signals.brake) vary for every parameter that names them: each row equals
 * the model with its "signals" written with those values, run alone, bit
 * for bit; the shared names stay (the model is written back with them). */
static void
test_run_shared_signal (void)
{
  const char *vary[] = { "signals.drive.amplitude=50,100,150", "signals.brake=-10,-40", NULL };
  const char *texts[] = { "max(load.w)", "min(hub2.w)", "load.phi@0.75", NULL };
  g_autoptr (SwStudyDesign) d = design (vary, SW_STUDY_SAMPLE_GRID, 0, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwStudyOutputs) o = sw_study_outputs_new (texts, &error);
  g_autoptr (SwModel) model = load_shared_model (100, -20);
  g_autoptr (SwStudyRunner) r = sw_study_runner_new (model, d, o, 0, &error);
  double previous = NAN;

  g_assert_no_error (error);
  for (guint64 run = sw_study_design_get_n_runs (d); run-- > 0;)
    {
      g_autoptr (SwModel) alone = load_shared_model (sw_study_design_get_value (d, run, 0),
                                                     sw_study_design_get_value (d, run, 1));
      g_autoptr (SwSystem) sys = sw_model_assemble (alone, &error);
      g_autoptr (SwTrajectory) tr = NULL;
      SwSimulateOptions so;
      double v[3], max = -INFINITY, min = INFINITY;
      const double *load_w, *hub2_w;

      g_assert_no_error (error);
      g_assert_true (sw_study_runner_run (r, run, v, &error));
      g_assert_no_error (error);
      so = sw_simulate_options_from_system (sys);
      tr = sw_simulate (sys, &so, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      load_w = sw_trajectory_get_column (tr, (guint) sw_trajectory_find_column (tr, "load.w"));
      hub2_w = sw_trajectory_get_column (tr, (guint) sw_trajectory_find_column (tr, "hub2.w"));
      for (guint i = 0; i < sw_trajectory_get_n_rows (tr); i++)
        max = fmax (max, load_w[i]), min = fmin (min, hub2_w[i]);
      g_assert_cmpfloat (v[0], ==, max);
      g_assert_cmpfloat (v[1], ==, min);
      g_assert_cmpfloat (v[2], ==, sw_trajectory_interpolate (tr, (guint) sw_trajectory_find_column (tr, "load.phi"), 0.75));
      /* The runs differ: the signals did change. */
      g_assert_cmpfloat (v[2], !=, previous);
      previous = v[2];
    }
  /* The runner's model still names the shared signals, now with the last
   * run's values (run 0: amplitude 50, brake -10). */
  {
    const SwComponent *c = sw_model_get_component (model, (guint) sw_model_find_component (model, "torque2"));
    int drive = sw_model_find_shared_signal (model, "drive");

    g_assert_cmpint (drive, >=, 0);
    g_assert_cmpstr (c->signal_ref[0], ==, "drive");
    g_assert_true (c->signal[0] == sw_model_get_shared_signal (model, (guint) drive));
    g_assert_cmpfloat_with_epsilon (sw_signal_eval (c->signal[0], 0.05, FALSE, NULL, NULL), 50 * sin (2 * G_PI * 5 * 0.05), 1e-12);
    c = sw_model_get_component (model, (guint) sw_model_find_component (model, "torque3"));
    g_assert_cmpfloat (sw_signal_eval (c->signal[0], 0.5, FALSE, NULL, NULL), ==, -10);
  }
  assert_vary_fails (model, "signals.nope.amplitude=1", "no shared signal “nope”; valid: drive, brake");
  assert_vary_fails (model, "signals.drive.phase_x=1", "shared signal “drive” has no number “phase_x”; valid: amplitude");
  assert_vary_fails (model, "signals.brake.amplitude=1", "has no number “amplitude”; valid: none (a constant");
  {
    const char *v[] = { "signals.drive=1", NULL };
    const char *t[] = { "max(load.w)", NULL };
    g_autoptr (SwStudyDesign) bd = design (v, SW_STUDY_SAMPLE_GRID, 0, 0);
    g_autoptr (SwStudyOutputs) bo = sw_study_outputs_new (t, &error);
    g_autoptr (SwStudyRunner) br = sw_study_runner_new (model, bd, bo, 0, &error);

    g_assert_null (br);
    g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "is a sine, not a number; vary one of its numbers, signals.drive.FIELD"));
  }
}

int
main (int argc, char **argv)
{
  sw_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/study/design-grid", test_design_grid);
  g_test_add_func ("/core/study/design-lhs", test_design_lhs);
  g_test_add_func ("/core/study/design-random", test_design_random);
  g_test_add_func ("/core/study/design-errors", test_design_errors);
  g_test_add_func ("/core/study/outputs-parse", test_outputs_parse);
  g_test_add_func ("/core/study/outputs-statistics", test_outputs_statistics);
  g_test_add_func ("/core/study/run-equals-alone", test_run_equals_alone);
  g_test_add_func ("/core/study/run-closed-form", test_run_closed_form);
  g_test_add_func ("/core/study/run-errors", test_run_errors);
  g_test_add_func ("/core/study/run-settings", test_run_settings);
  g_test_add_func ("/core/study/run-at-and-subsystem", test_run_at_and_subsystem);
  g_test_add_func ("/core/study/run-signal-field", test_run_signal_field);
  g_test_add_func ("/core/study/run-shared-signal", test_run_shared_signal);
  return g_test_run ();
}
