/* test-msl-independent-common.h: what the checks of the MSL examples
 * against independent solutions share: the example run as imported, a
 * column by its Modelica name (the test fails when the name is missing),
 * an ODE written by hand integrated to the run's output times (GSL's
 * rk8pd at 1e-12), and the comparison, at the MSL regression's 2e-3 of a
 * signal's largest value and at a tighter bound.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <math.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

#include "sw-modelica.h"
#include "sw-test-run.h"

static inline SwTrajectory *
msl_run (const char *folder, const char *name, double tolerance)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "modelica", "msl", folder, name, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import_file (path, &error);

  g_assert_no_error (error);
  return sw_test_run_model (model, 0, tolerance);
}

/* The state of a hand-written ODE at every output time of tr (row-major,
 * dim a row), from y0 at t = 0; the integration restarts at each instant
 * of breaks (where an input has a kink or a jump). */
static inline double *
msl_solve (SwTrajectory *tr, int (*rhs) (double t, const double y[], double dydt[], void *params), void *params,
           size_t dim, const double *y0, const double *breaks, guint n_breaks)
{
  gsl_odeiv2_system sys = { rhs, NULL, dim, params };
  gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_y_new (&sys, gsl_odeiv2_step_rk8pd, 1e-6, 1e-12, 1e-12);
  const double *times = sw_trajectory_get_times (tr);
  guint n = sw_trajectory_get_n_rows (tr), b = 0;
  double *out = g_new (double, n * dim), *y = g_newa (double, dim), t = 0;

  memcpy (y, y0, dim * sizeof (double));
  for (guint r = 0; r < n; r++)
    {
      while (b < n_breaks && breaks[b] <= times[r])
        {
          if (breaks[b] > t)
            g_assert_cmpint (gsl_odeiv2_driver_apply (d, &t, breaks[b], y), ==, GSL_SUCCESS);
          gsl_odeiv2_driver_reset (d);
          b++;
        }
      if (times[r] > t)
        g_assert_cmpint (gsl_odeiv2_driver_apply (d, &t, times[r], y), ==, GSL_SUCCESS);
      memcpy (out + r * dim, y, dim * sizeof (double));
    }
  gsl_odeiv2_driver_free (d);
  return out;
}

/* Column name of tr against want (a value a row, NAN: none) everywhere
 * but within skip of an instant of skip_at (a discrete signal at its events): the
 * largest difference over the signal's largest value must be below the
 * MSL regression's 2e-3 and below tight. The relative difference. */
static inline double
msl_compare_skipping (SwTrajectory *tr, const char *name, const double *want, double tight, const double *skip_at,
                      guint n_skip, double skip)
{
  const double *t = sw_trajectory_get_times (tr), *got = sw_test_column (tr, name);
  double worst = 0, largest = 0, rel;
  guint at = 0;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      gboolean near = FALSE;

      for (guint k = 0; k < n_skip; k++)
        near = near || fabs (t[r] - skip_at[k]) <= skip;
      /* NAN: no value to compare (a stuck pair's shared torque). */
      if (isnan (want[r]))
        continue;
      largest = MAX (largest, fabs (want[r]));
      if (!near && fabs (got[r] - want[r]) > worst)
        {
          worst = fabs (got[r] - want[r]);
          at = r;
        }
    }
  rel = worst / MAX (largest, 1e-300);
  g_test_message ("%s: largest %.6g, off by %.3g (%.3g of it) at t = %.9g", name, largest, worst, rel, t[at]);
  if (largest == 0)
    g_assert_cmpfloat (worst, <=, tight);
  else
    {
      g_assert_cmpfloat (rel, <=, 2e-3);
      g_assert_cmpfloat (rel, <=, tight);
    }
  return rel;
}

static inline double
msl_compare (SwTrajectory *tr, const char *name, const double *want, double tight)
{
  return msl_compare_skipping (tr, name, want, tight, NULL, 0, 0);
}

/* Every instant of events is one of tr's (a time with two rows, its left
 * and right limits) within window; the largest distance. */
static inline double
msl_assert_events (SwTrajectory *tr, const double *events, guint n_events, double window)
{
  const double *t = sw_trajectory_get_times (tr);
  guint n = sw_trajectory_get_n_rows (tr);
  double worst = 0;

  for (guint k = 0; k < n_events; k++)
    {
      double best = INFINITY;

      for (guint r = 1; r < n; r++)
        if (t[r] == t[r - 1])
          best = MIN (best, fabs (t[r] - events[k]));
      g_test_message ("event at %.9f: the run's %.3g away", events[k], best);
      g_assert_cmpfloat (best, <=, window);
      worst = MAX (worst, best);
    }
  return worst;
}
