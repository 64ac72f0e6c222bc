/* test-signal-common.h: what the SwSignal tests (test-signal-*.c) share:
 * parsing, values against closed forms, finite differences, event lists,
 * limits.
 *
 * The test-signal-*.c programs test SwSignal against closed forms, the MSL
 * table example, finite differences, its own event list and malformed input.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <math.h>
#include <string.h>

#include <glib.h>
#include <json-glib/json-glib.h>

#include "sw-error.h"
#include "sw-signal.h"

G_BEGIN_DECLS

/* |a - b| <= tol·(1 + |b|) */
#define assert_close(a, b, tol) \
  G_STMT_START { \
    double a_ = (a), b_ = (b); \
    g_assert_cmpfloat_with_epsilon (a_, b_, (tol) * (1.0 + fabs (b_))); \
  } G_STMT_END

SwSignal *
parse (const char *json);

/* y, dy/dt and d2y/dt2 at t from one side. */
void
check (const SwSignal *signal,
       double          t,
       gboolean        left,
       double          y,
       double          d1,
       double          d2);

void
check_value (const SwSignal *signal,
             double          t,
             gboolean        left,
             double          y);

/* The derivatives at a smooth point against central differences of the
 * value (d1) and of the analytic d1 (d2). */
void
check_fd (const SwSignal *signal,
          double          t);

/* Asserts the events after t_from, as many as expected and no more. */
void
check_events (const SwSignal *signal,
              double          t_from,
              const double   *expected,
              guint           n_expected);

/* At every event in [t_from, t_to], the left and right limits must match
 * the signal just before and just after it. */
guint
check_limits (const SwSignal *signal,
              double          t_from,
              double          t_to);

G_END_DECLS
