/* sw-simulate-private.h: inside a run (sw-simulate.c and its files).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-simulate.h"
#include "sw-system-private.h"
#include "sw-trajectory-private.h"
#include "sw-integrator-private.h"

G_BEGIN_DECLS

/* sw-simulate-options.c: the method a run takes (auto: rk45, or bdf when
 * stiff; *stiff the fastest rate times the stop time it found, else 0). */
SwMethod       _sw_simulate_choose_method (const SwSystem *sys, const SwSimulateOptions *o, double *stiff);

/* sw-simulate-columns.c: the columns o asks for into cols (SwColumnSource),
 * and their names and units when names is non-NULL; FALSE naming what is
 * not a variable. */
gboolean _sw_simulate_select_columns (const SwSystem *sys, const SwSimulateOptions *o, GArray *cols,
                                      SwColumnNames **names, GError **error);
/* The number of columns of every variable (o->variables NULL), as
 * _sw_simulate_select_columns() would select them, without them. */
guint          _sw_simulate_count_columns (const SwSystem *sys, const SwSimulateOptions *o);
/* The columns of every variable in pieces, as _sw_simulate_select_columns()
 * selects them for o->variables NULL, without an array of them all (a
 * 100 000-body chain's 1.3 million are 10 MB): start with a cursor of
 * zeros; each call puts the next at most max (whole parts where they fit)
 * into cols and returns how many, 0 at the end. */
#define SW_COLUMN_CURSOR_KINDS 32
typedef struct {
  guint         k, var;        /* the part (model order), its next variable; then the observed */
  /* Of the last kinds seen, which port variables are hidden (bit v - n_vars). */
  const SwKind *kinds[SW_COLUMN_CURSOR_KINDS];
  guint64       hidden[SW_COLUMN_CURSOR_KINDS];
  guint         next_slot;
} SwColumnCursor;
guint          _sw_simulate_next_columns  (const SwSystem *sys, gboolean port_variables, SwColumnCursor *cursor,
                                           SwColumnSource *cols, guint max);
/* Appends column c's name ("ID.VAR") to into; its unit (interned). */
const char    *_sw_simulate_append_column_name (const SwSystem *sys, SwColumnSource c, GString *into);
/* The names and units of n_cols columns. */
SwColumnNames *_sw_simulate_column_names (const SwSystem *sys, const SwColumnSource *cols, guint n_cols);
/* A growing trajectory of the columns cols of sys (both kept) that makes
 * their names only when asked for them; cols NULL: the n_cols columns of
 * every variable (_sw_simulate_next_columns). */
SwTrajectory  *_sw_simulate_new_lazily_named (const SwSystem *sys, GArray *cols, gboolean port_variables,
                                              guint n_cols);

/* sw-simulate-ranges.c: of the tables with extrapolation "none" (Modelica's
 * NoExtrapolation), the one read closest to (or furthest past) an end of
 * its points: how far inside them it reads (negative outside), its part
 * and parameter, what it reads and its points. */
typedef struct {
  double margin, x, lo, hi;
  guint  part, param;
} SwRangeRead;

/* At the state made from (t, y); FALSE with the equations' error. */
gboolean _sw_range_read   (SwRowMaker *maker, double t, const double *y, gboolean left, SwRangeRead *read,
                           GError **error);
/* The run's error: where it stops, naming the component, its parameter,
 * the time and the value read. */
void     _sw_range_error  (const SwSystem *sys, double t, const SwRangeRead *read, GError **error);
/* Within a step from t0 to t1 (the state y1 at t1): whether a table is read
 * outside its points at t1; then the instant it leaves them, located by
 * bisection on the step's interpolant (as a friction event is) to a few
 * units of round-off: the last instant found inside, in *t_leave, and the
 * read just past it. TRUE with an error set where evaluating failed. */
gboolean _sw_range_leaves (SwRowMaker *maker, SwIntegrator *it, double t0, double t1, const double *y1,
                           double *y_scratch, double *t_leave, SwRangeRead *read, GError **error,
                           GError **it_error);

/* Sorted time events in (0, stop), one per cluster that coincides up to
 * round-off; *last_left the first instant of the stop's cluster, else stop
 * (sw-simulate-events.c). NULL with an error past SW_SIMULATE_MAX_EVENTS. */
GArray *_sw_simulate_time_events (const SwSystem *sys,
                                  double          stop,
                                  double         *last_left,
                                  GError        **error);

G_END_DECLS
