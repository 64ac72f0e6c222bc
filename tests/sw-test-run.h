/* sw-test-run.h: simulating a model in a test, failing the test on any
 * error.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-model.h"
#include "sw-simulate.h"

G_BEGIN_DECLS

/* A run of model with its own settings, or another output interval and
 * tolerance where they are > 0. */
SwTrajectory *sw_test_run_model   (SwModel    *model,
                                   double      interval,
                                   double      tolerance);
/* A run of model with its own settings recording variables alone
 * (NULL-terminated). */
SwTrajectory *sw_test_run_model_recording (SwModel           *model,
                                           const char *const *variables);
/* The same for a bundled example (data/examples/name) and for a model
 * given as text. */
SwTrajectory *sw_test_run_example (const char *name,
                                   double      interval,
                                   double      tolerance);
SwTrajectory *sw_test_run_text    (const char *text,
                                   double      interval,
                                   double      tolerance);
/* A model given as text run to stop_time, with its ports' variables when
 * port_variables; stop_time and interval as the model has them where <= 0. */
SwTrajectory *sw_test_run_text_until (const char *text,
                                      double      stop_time,
                                      double      interval,
                                      gboolean    port_variables);
/* error is set and its message holds needle; else the test fails, saying
 * both. */
void          sw_test_assert_error_says (const GError *error,
                                         const char   *needle);
/* Every column of a equals b's of the name rename gives (NULL: the same
 * name) within rel of the column's largest value plus abs, row by row; the
 * test fails naming the column. The largest difference over (1 + scale). */
double        sw_test_assert_same_run (SwTrajectory *a,
                                       SwTrajectory *b,
                                       char       *(*rename) (const char *name),
                                       double        rel,
                                       double        abs);
/* A column by name; the test fails when there is none. */
const double *sw_test_column      (SwTrajectory *tr,
                                   const char   *name);

G_END_DECLS
