/* bench-common.c: what the benchmarks share (bench-common.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "bench-common.h"

#include <math.h>

#include "sw-simulate.h"

static gboolean
is_state_variable (const char *name)
{
  return g_str_has_suffix (name, ".phi") || g_str_has_suffix (name, ".w") || g_str_has_suffix (name, ".s")
         || g_str_has_suffix (name, ".v");
}

double
bench_run_error (SwTrajectory *a, SwTrajectory *ref)
{
  guint rows = sw_trajectory_get_n_rows (a), ref_rows = sw_trajectory_get_n_rows (ref);
  const double *t = sw_trajectory_get_times (a);
  double worst = 0;

  for (guint c = 0; c < sw_trajectory_get_n_columns (a); c++)
    {
      const double *x = sw_trajectory_get_column (a, c), *y = sw_trajectory_get_column (ref, c);
      double lo = INFINITY, hi = -INFINITY, diff = 0;

      if (!is_state_variable (sw_trajectory_get_column_name (a, c)))
        continue;
      for (guint r = 0; r < ref_rows; r++)
        lo = MIN (lo, y[r]), hi = MAX (hi, y[r]);
      for (guint r = 0; r < rows; r++)
        if ((r == 0 || t[r - 1] < t[r]) && (r + 1 == rows || t[r + 1] > t[r]))
          diff = MAX (diff, fabs (x[r] - sw_trajectory_interpolate (ref, c, t[r])));
      if (hi > lo && hi - lo > 1e-12 * MAX (fabs (hi), fabs (lo)))
        worst = MAX (worst, diff / (hi - lo));
    }
  return worst;
}
