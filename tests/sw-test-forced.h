/* sw-test-forced.h: what tests of the forced response share: a response
 * computed, two compared, a column read, failing the test on any error.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-forced.h"

G_BEGIN_DECLS

/* sw_forced_compute() over from_rpm … to_rpm at n_speeds with the
 * excitations ex (n_ex long); the rest of the options (diameters, limits)
 * from o (NULL: the defaults). It must succeed. */
SwTrajectory *sw_test_forced_compute (const SwSystem           *system,
                                      const SwForcedExcitation *ex,
                                      guint                     n_ex,
                                      double                    from_rpm,
                                      double                    to_rpm,
                                      guint                     n_speeds,
                                      const SwForcedOptions    *o);
/* got has want's columns with the same values bit for bit (NaN where it
 * has NaN). */
void          sw_test_forced_assert_same (SwTrajectory       *got,
                                          SwTrajectory       *want);
/* The values of tr's column name; it must have it. */
const double *sw_test_forced_column  (SwTrajectory             *tr,
                                      const char               *name);

G_END_DECLS
