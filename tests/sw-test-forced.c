/* sw-test-forced.c: what tests of the forced response share
 * (sw-test-forced.h).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-test-forced.h"

#include <math.h>

SwTrajectory *
sw_test_forced_compute (const SwSystem           *system,
                        const SwForcedExcitation *ex,
                        guint                     n_ex,
                        double                    from_rpm,
                        double                    to_rpm,
                        guint                     n_speeds,
                        const SwForcedOptions    *o)
{
  SwForcedOptions options = o != NULL ? *o : sw_forced_options_default ();
  g_autoptr (GError) error = NULL;
  SwTrajectory *tr;

  options.from_rpm = from_rpm;
  options.to_rpm = to_rpm;
  options.n_speeds = n_speeds;
  options.excitations = ex;
  options.n_excitations = n_ex;
  tr = sw_forced_compute (system, &options, &error);
  g_assert_no_error (error);
  g_assert_nonnull (tr);
  return tr;
}

void
sw_test_forced_assert_same (SwTrajectory *got,
                            SwTrajectory *want)
{
  g_assert_cmpuint (sw_trajectory_get_n_columns (got), ==, sw_trajectory_get_n_columns (want));
  g_assert_cmpuint (sw_trajectory_get_n_rows (got), ==, sw_trajectory_get_n_rows (want));
  for (guint c = 0; c < sw_trajectory_get_n_columns (want); c++)
    {
      g_assert_cmpstr (sw_trajectory_get_column_name (got, c), ==, sw_trajectory_get_column_name (want, c));
      for (guint i = 0; i < sw_trajectory_get_n_rows (want); i++)
        {
          double a = sw_trajectory_get_column (got, c)[i], b = sw_trajectory_get_column (want, c)[i];

          g_assert_true ((isnan (a) && isnan (b)) || a == b);
        }
    }
}

const double *
sw_test_forced_column (SwTrajectory *tr,
                       const char   *name)
{
  int c = sw_trajectory_find_column (tr, name);

  if (c < 0)
    g_error ("the forced response has no column %s", name);
  return sw_trajectory_get_column (tr, (guint) c);
}
