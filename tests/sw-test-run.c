/* sw-test-run.c: simulating a model in a test (sw-test-run.h).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-test-run.h"

#include <math.h>
#include <string.h>

#include "sw-system.h"
#include "sw-test-files.h"

static SwTrajectory *
run_model_until (SwModel *model, double stop_time, double interval, double tolerance, const char *const *variables,
                 gboolean port_variables)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwSystem) sys = sw_model_assemble (model, &error);
  SwSimulateOptions o;
  SwTrajectory *tr;

  g_assert_no_error (error);
  o = sw_simulate_options_from_system (sys);
  if (stop_time > 0)
    o.stop_time_s = stop_time;
  if (interval > 0)
    o.output_interval_s = interval;
  if (tolerance > 0)
    o.tolerance = tolerance;
  o.variables = variables;
  o.port_variables = port_variables;
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return tr;
}

static SwTrajectory *
run_model (SwModel *model, double interval, double tolerance, const char *const *variables)
{
  return run_model_until (model, 0, interval, tolerance, variables, FALSE);
}

SwTrajectory *
sw_test_run_model (SwModel *model, double interval, double tolerance)
{
  return run_model (model, interval, tolerance, NULL);
}

SwTrajectory *
sw_test_run_model_recording (SwModel *model, const char *const *variables)
{
  return run_model (model, 0, 0, variables);
}

SwTrajectory *
sw_test_run_example (const char *name, double interval, double tolerance)
{
  g_autofree char *path = sw_test_example_path (name);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_file (path, &error);

  g_assert_no_error (error);
  return sw_test_run_model (model, interval, tolerance);
}

SwTrajectory *
sw_test_run_text (const char *text, double interval, double tolerance)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "test.shaft", &error);

  g_assert_no_error (error);
  return sw_test_run_model (model, interval, tolerance);
}

SwTrajectory *
sw_test_run_text_until (const char *text, double stop_time, double interval, gboolean port_variables)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "test.shaft", &error);

  g_assert_no_error (error);
  return run_model_until (model, stop_time, interval, 0, NULL, port_variables);
}

const double *
sw_test_column (SwTrajectory *tr, const char *name)
{
  int c = sw_trajectory_find_column (tr, name);

  g_assert_cmpint (c, >=, 0);
  return sw_trajectory_get_column (tr, c);
}

void
sw_test_assert_error_says (const GError *error, const char *needle)
{
  g_assert_nonnull (error);
  if (strstr (error->message, needle) == NULL)
    g_test_message ("expected “%s” in “%s”", needle, error->message);
  g_assert_nonnull (strstr (error->message, needle));
}

double
sw_test_assert_same_run (SwTrajectory *a, SwTrajectory *b, char *(*rename) (const char *name), double rel,
                         double abs)
{
  double worst = 0;

  g_assert_cmpuint (sw_trajectory_get_n_rows (a), ==, sw_trajectory_get_n_rows (b));
  for (guint c = 0; c < sw_trajectory_get_n_columns (a); c++)
    {
      const char *name = sw_trajectory_get_column_name (a, c);
      g_autofree char *other = rename != NULL ? rename (name) : g_strdup (name);
      const double *x = sw_trajectory_get_column (a, c), *y = sw_test_column (b, other);
      double diff = 0, scale = 0;

      for (guint r = 0; r < sw_trajectory_get_n_rows (a); r++)
        {
          diff = MAX (diff, fabs (x[r] - y[r]));
          scale = MAX (scale, fabs (y[r]));
        }
      worst = MAX (worst, diff / (1 + scale));
      if (diff > rel * scale + abs)
        g_error ("%s: off by %g of %g", name, diff, scale);
    }
  return worst;
}
