/* test-engine-common.h: what the engine tests (test-engine-*.c) share: models
 * from text, assembly, simulation and the columns of its trajectory,
 * comparisons, the GSL oracle.
 *
 * The test-engine-*.c programs test assembly, equations and integration of
 * whole models, each against something independent of the engine: closed
 * forms, hand derived reactions, conservation laws, MSL examples with known
 * solutions, and ODEs written out by hand and integrated with GSL directly.
 *
 * Models are JSON written with single quotes (turned into double quotes
 * before reading, see model_new()); the two MSL examples are fixtures in
 * tests/data/engine/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <math.h>
#include <string.h>

#include <glib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-trajectory.h"

G_BEGIN_DECLS

/* ---- Model text --------------------------------------------------------- */

#define MODEL(components, connections) \
  "{'format': 'shaftwork-model', 'version': 1, 'name': 'engine test', " \
  "'components': [" components "], 'connections': [" connections "]}"

#define COMP(id, kind, params) "{'id': '" id "', 'kind': '" kind "', 'params': {" params "}}"

#define WIRE(from, to) "{'from': '" from "', 'to': '" to "'}"

/* ---- Assertions --------------------------------------------------------- */

/* |a - b| <= tol·(1 + |b|) */
#define assert_close(a, b, tol) \
  G_STMT_START { \
    double a_ = (a), b_ = (b); \
    g_assert_cmpfloat (fabs (a_ - b_), <=, (tol) * (1.0 + fabs (b_))); \
  } G_STMT_END

/* |a - b| <= tol·|b| */
#define assert_rel(a, b, tol) \
  G_STMT_START { \
    double a_ = (a), b_ = (b); \
    g_assert_cmpfloat (fabs (a_ - b_), <=, (tol) * fabs (b_)); \
  } G_STMT_END

/* |a - b| <= tol */
#define assert_abs(a, b, tol) \
  g_assert_cmpfloat_with_epsilon ((a), (b), (tol))

SwSystem *
assemble_model (SwModel *model);

SwSystem *
assemble (const char *text);

/* The error sw_model_assemble() gives for a model that must not assemble. */
GError *
assemble_error (const char *text);

/* Every variable of every component. */
SwTrajectory *
simulate_system (const SwSystem *sys,
                 double          stop_time_s,
                 double          output_interval_s,
                 double          tolerance);

SwTrajectory *
simulate (const char *text,
          double      stop_time_s,
          double      output_interval_s,
          double      tolerance);

const double *
column (const SwTrajectory *tr,
        const char         *name);

/* The last row at time t (the right limit at an event). */
guint
row_at (const SwTrajectory *tr,
        double              t);

guint
count_rows_at (const SwTrajectory *tr,
               double              t);

/* Times never decrease, equal times come in pairs (events), and every
 * output time k·dt up to stop is present. */
void
assert_time_grid (const SwTrajectory *tr,
                  double              stop_time_s,
                  double              output_interval_s);

/* ---- An independent integrator for the hand-written ODEs ---------------- */

typedef struct {
  gsl_odeiv2_system  sys;
  gsl_odeiv2_driver *driver;
  double             t;
  double             y[8];
} Oracle;

void
oracle_init (Oracle       *o,
             int         (*f) (double, const double[], double[], void *),
             guint         n,
             const double *y0,
             void         *params);

/* Integrates up to t1 (t1 >= the current time). */
void
oracle_advance (Oracle *o,
                double  t1);

void
oracle_clear (Oracle *o);

G_END_DECLS
