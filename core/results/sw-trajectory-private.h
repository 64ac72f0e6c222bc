/* sw-trajectory-private.h: output rows made from states, and trajectories
 * that keep only the states and derive their columns.
 *
 * A run's row is a function of the system, its time, its state and whether
 * it is an event's left limit, and of the rows before it: a massless
 * coordinate's Newton iteration starts where the previous row's ended, so
 * rows are made in order from row 0 with one SwEquations of their own
 * (never the integrator's). sw_simulate() makes the rows it records this
 * way, and a trajectory that keeps only states (sw_simulate_new_trajectory)
 * makes them again the same way: the values are bit for bit the same.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-trajectory.h"
#include "sw-equations-private.h"

G_BEGIN_DECLS

/* A recorded column: variable var of part part; or, part
 * SW_COLUMN_OBSERVED, the system's observed variable var (a formula over
 * other variables, sw-system-observed.c). */
typedef struct {
  guint part;
  guint var;
} SwColumnSource;

#define SW_COLUMN_OBSERVED G_MAXUINT

typedef struct {
  const SwSystem *sys;
  SwEquations    *eq;          /* the rows' own */
  double         *events;      /* sorted time events of the run */
  guint           n_events;
  guint           next_event;  /* the first event after the last row */
  /* The columns are all state variables (SwKind.state_vars): rows need
   * no accelerations or reactions where the system allows. */
  gboolean        state_only;
  double         *port_f;      /* scratch for ports' torques: n_nodes zeros */
  double         *observed_in; /* scratch for an observed formula's inputs */
} SwRowMaker;

void     _sw_row_maker_init     (SwRowMaker           *maker,
                                 const SwSystem       *sys,
                                 const double         *events,
                                 guint                 n_events);
void     _sw_row_maker_clear    (SwRowMaker           *maker);
/* The columns its rows will give (state_only). */
void     _sw_row_maker_set_columns (SwRowMaker           *maker,
                                    const SwColumnSource *cols,
                                    guint                 n_cols);
/* The next row, at time t (not before the last) from state y: the
 * equations completed there (sw_equations_complete). FALSE with
 * maker->eq->error set when they fail. */
gboolean _sw_row_maker_complete (SwRowMaker           *maker,
                                 double                t,
                                 const double         *y,
                                 gboolean              left);
/* After _sw_row_maker_complete(): the row's values of cols. */
void     _sw_row_maker_values   (SwRowMaker           *maker,
                                 double                t,
                                 gboolean              left,
                                 const SwColumnSource *cols,
                                 guint                 n_cols,
                                 double               *values);

/* A sized trajectory (sw_trajectory_new_sized) holding all the rows it has
 * room for. */
gboolean      _sw_trajectory_is_full       (const SwTrajectory   *tr);

/* The rows from now on come from a system of the same parts with other
 * equations (a run whose friction modes changed): the maker's equations
 * for it, with the modes, marks and massless guesses of from. */
void          _sw_row_maker_switch         (SwRowMaker           *maker,
                                            const SwSystem       *sys,
                                            const SwEquations    *from);

/* A run's column names and units, compact: a model of 100 000 bodies has
 * 1.3 million columns, and a string apiece for each name and unit took 85
 * MB. The names are one block of text; the units are interned. */
typedef struct {
  char       **names;   /* NULL-terminated, pointing into text */
  char        *text;
  const char **units;   /* NULL-terminated, interned strings */
} SwColumnNames;

void          _sw_column_names_free        (SwColumnNames        *names);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwColumnNames, _sw_column_names_free)

/* A trajectory of these columns (names taken), sized as
 * sw_trajectory_new_sized() says (0: growing). */
SwTrajectory *_sw_trajectory_new_named     (SwColumnNames        *names,
                                            guint                 capacity_rows);

/* Makes the names and units of a trajectory's columns. */
typedef SwColumnNames *(*SwColumnNamer) (gpointer data);

/* A growing trajectory of n_columns columns whose names and units namer
 * makes when they are first asked for; data is destroyed then, or with
 * the trajectory. A run whose rows go elsewhere (discard_rows) is never
 * asked for them: 1.3 million columns' names took 37 MB. */
SwTrajectory *_sw_trajectory_new_lazily_named (guint                 n_columns,
                                               SwColumnNamer         namer,
                                               gpointer              data,
                                               GDestroyNotify        destroy);

/* A trajectory with room for capacity_rows rows that keeps each row's time
 * and state (sys->n_states values), and derives the columns cols (names
 * taken) from them. */
SwTrajectory *_sw_trajectory_new_derived   (SwColumnNames        *names,
                                            guint                 capacity_rows,
                                            const SwSystem       *sys,
                                            const SwColumnSource *cols,
                                            const double         *events,
                                            guint                 n_events);
/* TRUE when trajectory derives its columns from states of sys. */
gboolean      _sw_trajectory_derives_from  (const SwTrajectory   *trajectory,
                                            const SwSystem       *sys);
/* Appends a row by its state; FALSE when the trajectory is full. Only one
 * thread appends; others read as sw_trajectory_new_sized() says. An
 * event's left limit (left) is published with the next row, its right
 * limit, which has the same time: a row is a left limit when the next one
 * has its time. */
gboolean      _sw_trajectory_append_state  (SwTrajectory         *trajectory,
                                            double                t,
                                            const double         *y,
                                            gboolean              left);

/* For tests: the cache's budget, and how long a column asked for is kept
 * whatever the budget (-1: unchanged). */
void          _sw_trajectory_set_cache     (SwTrajectory         *trajectory,
                                            gsize                 budget_bytes,
                                            gint64                keep_us);

/* Between sw-trajectory.c and sw-trajectory-derive.c: the states and the
 * cache of made columns of a trajectory that derives them. */
typedef struct _SwDerived SwDerived;

SwDerived      *_sw_derived_new         (const SwSystem       *sys,
                                         const SwColumnSource *cols,
                                         guint                 n_cols,
                                         const double         *events,
                                         guint                 n_events,
                                         guint                 capacity,
                                         const double         *times);
void            _sw_derived_free        (SwDerived            *derived);
const SwSystem *_sw_derived_get_system  (const SwDerived      *derived);
guint           _sw_derived_get_n_states (const SwDerived     *derived);
/* Row r's state, before the row is published. */
void            _sw_derived_store       (SwDerived            *derived,
                                         guint                 r,
                                         const double         *y);
/* The cached columns extended to the n_appended rows published; the rows
 * readers may read. */
guint           _sw_derived_sync        (SwDerived            *derived,
                                         guint                 n_appended);
/* Columns made in one pass (see sw_trajectory_prepare_columns()). */
void            _sw_derived_prepare     (SwDerived            *derived,
                                         guint                 n_appended,
                                         const guint          *columns,
                                         guint                 n);
const double   *_sw_derived_get_column  (SwDerived            *derived,
                                         guint                 n_appended,
                                         guint                 column);
/* Every column of a row, rows in order from 0 through a maker of its own. */
void            _sw_derived_init_maker  (const SwDerived      *derived,
                                         SwRowMaker           *maker);
void            _sw_derived_make_row    (SwDerived            *derived,
                                         SwRowMaker           *maker,
                                         guint                 r,
                                         guint                 n_rows,
                                         double               *values);
void            _sw_derived_set_budget  (SwDerived            *derived,
                                         gsize                 bytes,
                                         gint64                keep_us);
void            _sw_derived_get_bytes   (SwDerived            *derived,
                                         guint64              *stored,
                                         guint64              *cached,
                                         guint                *n_cached);

G_END_DECLS
