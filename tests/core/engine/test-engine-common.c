/* test-engine-common.c: what the engine tests (test-engine-*.c) share: models
 * from text, assembly, simulation and the columns of its trajectory,
 * comparisons, the GSL oracle.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-engine-common.h"

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

SwSystem *
assemble_model (SwModel *model)
{
  g_autoptr(GError) error = NULL;
  SwSystem *sys = sw_model_assemble (model, &error);

  g_assert_no_error (error);
  g_assert_nonnull (sys);
  return sys;
}

SwSystem *
assemble (const char *text)
{
  g_autoptr(SwModel) model = model_new (text);

  return assemble_model (model);
}

GError *
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

SwTrajectory *
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

SwTrajectory *
simulate (const char *text,
          double      stop_time_s,
          double      output_interval_s,
          double      tolerance)
{
  g_autoptr(SwSystem) sys = assemble (text);

  return simulate_system (sys, stop_time_s, output_interval_s, tolerance);
}

const double *
column (const SwTrajectory *tr,
        const char         *name)
{
  int c = sw_trajectory_find_column (tr, name);

  if (c < 0)
    g_test_message ("no column “%s”", name);
  g_assert_cmpint (c, >=, 0);
  return sw_trajectory_get_column (tr, c);
}

guint
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

guint
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

void
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

void
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

void
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

void
oracle_clear (Oracle *o)
{
  gsl_odeiv2_driver_free (o->driver);
}
