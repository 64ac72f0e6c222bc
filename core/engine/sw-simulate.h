/* sw-simulate.h: time integration of an assembled system.
 *
 * sw_simulate() is synchronous and pure: run it in a worker thread with a
 * shared SwSystem; it checks the cancellable at every output time and every
 * 64 steps.
 *
 * The integrator steps freely: output rows come from the method's own
 * interpolant (dense output), so the output interval sets neither the step
 * size nor the error; it stops exactly only at time events (signal edges,
 * part events), where a row holds the left limit and a second row with the
 * same time the right limit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>
#include "sw-system.h"
#include "sw-csv.h"
#include "sw-trajectory.h"

G_BEGIN_DECLS

typedef enum {
  SW_METHOD_AUTO,     /* an explicit pair, or bdf when the model is stiff */
  SW_METHOD_RK45,     /* Runge-Kutta Dormand-Prince 5(4) (ARKODE) */
  SW_METHOD_RKCK,     /* Runge-Kutta Cash-Karp 5(4) (ARKODE) */
  SW_METHOD_RK8PD,    /* Runge-Kutta-Fehlberg 8(7), 13 stages (ARKODE; GSL's was Prince-Dormand 8(7)) */
  SW_METHOD_ADAMS,    /* variable-order Adams, orders 1-12 (CVODE, non-stiff) */
  SW_METHOD_BDF,      /* variable-order BDF, orders 1-5 (CVODE) with a banded Jacobian (stiff) */
  SW_METHOD_RK853     /* Dormand-Prince 8(5,3) with its 7th-order dense output (our own) */
} SwMethod;

/* Called with every output row as it is computed: n values in the order of
 * the trajectory's columns. FALSE with error set ends the run with that
 * error. */
typedef gboolean (*SwRowFunc) (double        t,
                               const double *values,
                               guint         n,
                               gpointer      user_data,
                               GError      **error);

/* A row handed on in pieces: its values from first on, n of them, in
 * order (first 0: a new row, at time t). */
typedef gboolean (*SwRowPieceFunc) (double        t,
                                    guint         first,
                                    const double *values,
                                    guint         n,
                                    gpointer      user_data,
                                    GError      **error);

/* Called at every change of a friction element's mode (SwFrictionMode:
 * -1 backward, 0 stuck, 1 forward, 2 free), in the order they happen; id is
 * the component's. First, at the start, every element's starting mode with
 * old_mode SW_FRICTION_START. The event log of Dymola and OpenModelica. */
typedef void (*SwModeChangeFunc) (double      t,
                                  const char *id,
                                  int         old_mode,
                                  int         new_mode,
                                  gpointer    user_data);

/* How a step's error is measured (core/README.md, Integration). */
typedef enum {
  /* Each state's error within tolerance (its nominal magnitude + |y|): the
   * nominal is Modelica's where the model gives one, else the largest
   * magnitude the state has had, floored. */
  SW_ERROR_CONTROL_NOMINAL,
  /* Before: the RMS over the states of each error over tolerance (1 + |y|)
   * (a tool without nominal values); for comparisons. */
  SW_ERROR_CONTROL_UNIT_RMS
} SwErrorControl;

typedef struct {
  double      stop_time_s;
  double      output_interval_s;
  double      tolerance;          /* relative, and absolute over each state's nominal magnitude */
  SwMethod    method;
  SwErrorControl error_control;
  /* "id.var" names or glob patterns ('*.w') to record, NULL-terminated;
   * NULL records every variable. */
  const char *const *variables;
  /* With variables NULL: every port's position and torque too
   * (spring.flange_b.tau), as the window lists them. */
  gboolean    port_variables;
  /* Optional: every row as it is computed (e.g. written to a file). With
   * discard_rows the returned trajectory has the names and units but no
   * rows, and no memory bound applies to the rows. */
  SwRowFunc   on_row;
  gpointer    on_row_data;
  gboolean    discard_rows;
  /* Optional, instead of on_row (with on_row_data) when rows are
   * discarded and recorded nowhere: each row in pieces, so that the run
   * never holds a whole row (a 100 000-body chain's 1.3 million values:
   * 10 MB). A row whose value is not finite ends the run at that piece. */
  SwRowPieceFunc on_row_piece;
  /* Optional: a trajectory from sw_simulate_new_trajectory() for this
   * system and these options, which every row is appended to as it is
   * computed (another thread may read it meanwhile). */
  SwTrajectory *record_into;
  /* Optional: at most this many steps between two output rows (0: a
   * million); more end the run as too stiff or unstable. */
  guint       max_steps;
  /* Optional: the event log (mode changes of friction elements). */
  SwModeChangeFunc on_mode_change;
  gpointer         on_mode_change_data;
} SwSimulateOptions;

/* What a run did, as Dymola and OpenModelica report it. */
typedef struct {
  SwMethod method;          /* the method that ran (never AUTO) */
  guint64  n_steps;         /* accepted steps */
  guint64  n_rejected;      /* steps rejected by the error test or Newton's convergence */
  guint64  n_rhs_evals;     /* evaluations of the right-hand side, Jacobians included */
  guint64  n_jacobians;     /* Jacobians of the implicit methods */
  guint64  n_jac_rhs_evals; /* evaluations spent on those Jacobians */
  guint    jacobian_lower, jacobian_upper; /* half bandwidths of the Jacobian (implicit) */
  gboolean jacobian_dense;  /* a dense Jacobian (the band was too wide) */
  guint64  n_events;        /* time and state events the integrator stopped and restarted at */
  guint64  n_mode_changes;  /* mode changes of friction elements */
  guint64  n_rows;          /* output rows */
  double   stiffness;       /* estimated fastest rate x stop time (auto's measure) */
  double   wall_time_s;
} SwSimulateStats;

SwSimulateOptions sw_simulate_options_default     (void);
/* Defaults overridden by the model's simulation settings. */
SwSimulateOptions sw_simulate_options_from_system (const SwSystem *system);
/* "auto", "rk45", ...; FALSE for an unknown name. */
gboolean          sw_method_from_name             (const char *name,
                                                   SwMethod   *method);
const char       *sw_method_to_name               (SwMethod    method);
/* The method AUTO resolves to for this system. */
SwMethod          sw_system_choose_method         (const SwSystem *system,
                                                   const SwSimulateOptions *options);

/* Signal edges and other time events a run may hold before its stop time. */
#define SW_SIMULATE_MAX_EVENTS 10000000

/* What sw_simulate() checks before it starts, without running: the settings'
 * ranges, the variables' names, the number of events and the memory the
 * trajectory would take (at most half of the machine's). SW_ERROR_INVALID,
 * SW_ERROR_UNKNOWN_PARAMETER (a variable) or SW_ERROR_TOO_LARGE. */
gboolean      sw_simulate_check (const SwSystem          *system,
                                 const SwSimulateOptions *options,
                                 GError                 **error);

/* The names ("id.var") of the columns a run with these options records, in
 * the order of its rows' values (for a writer that gets rows through
 * on_row); NULL with an error for an unknown variable. */
GStrv         sw_simulate_dup_column_names (const SwSystem          *system,
                                            const SwSimulateOptions *options,
                                            GError                 **error);
/* A CSV writer (sw-csv.h) of those columns, header "time,id.var,…",
 * to output (NULL: standard output). The names are formatted from the
 * parts as the header is written: as strings, a 100 000-body chain's 1.3
 * million names took 50 MB. system is kept until then. NULL with an error
 * for an unknown variable. */
SwCsvWriter  *sw_simulate_new_csv_writer   (const SwSystem          *system,
                                            const SwSimulateOptions *options,
                                            SwOutputFile            *output,
                                            GError                 **error);
/* Their units ("rad/s"), in the same order. */
GStrv         sw_simulate_dup_column_units (const SwSystem          *system,
                                            const SwSimulateOptions *options,
                                            GError                 **error);
/* The most rows a run with these options can produce (the row at t = 0,
 * every output time, the left and right limits at every event): the
 * capacity of a trajectory that on_row fills (sw_trajectory_new_sized).
 * It does sw_simulate_check()'s checks: 0 with its error. */
guint         sw_simulate_get_max_rows     (const SwSystem          *system,
                                            const SwSimulateOptions *options,
                                            GError                 **error);

/* A trajectory for a run of system with these options to record into
 * (options->record_into), with room for sw_simulate_get_max_rows() rows:
 * it keeps each row's time and state (1 + sw_system_get_n_states() values
 * of 8 bytes, and a bit) and makes a column from them when it is asked for,
 * bit for bit the values the run computes (sw-trajectory.h). It may be read
 * by another thread while the run appends. NULL with sw_simulate_check()'s
 * errors; the memory check counts the states, not the columns. */
SwTrajectory *sw_simulate_new_trajectory   (const SwSystem          *system,
                                            const SwSimulateOptions *options,
                                            GError                 **error);

typedef void (*SwProgressFunc) (double t, double stop_time_s, gpointer user_data);

SwTrajectory *sw_simulate (const SwSystem          *system,
                           const SwSimulateOptions *options,
                           SwProgressFunc           progress,
                           gpointer                 progress_data,
                           GCancellable            *cancellable,
                           GError                 **error);

/* sw_simulate() that also fills stats (when non-NULL), even on failure. */
SwTrajectory *sw_simulate_full (const SwSystem          *system,
                                const SwSimulateOptions *options,
                                SwProgressFunc           progress,
                                gpointer                 progress_data,
                                GCancellable            *cancellable,
                                SwSimulateStats         *stats,
                                GError                 **error);

/* "method rk45, 903 steps (2 rejected), ..." on several lines, for
 * `simulate --stats`. */
char         *sw_simulate_stats_to_string (const SwSimulateStats *stats);

/* Integrates up to options->stop_time_s and returns the state vector there
 * (sw_system_get_n_states() values; free with g_free()): the operating point
 * of a modal analysis at a time of a simulation. */
double       *sw_simulate_final_state (const SwSystem          *system,
                                       const SwSimulateOptions *options,
                                       GError                 **error);
/* The operating point of a linear analysis at time t (>= 0): *state the
 * state of a run of system's own settings up to t, or NULL for t = 0 (the
 * initial state). FALSE with the run's error. */
gboolean      sw_simulate_state_at    (const SwSystem          *system,
                                       double                   t,
                                       double                 **state,
                                       GError                 **error);

G_END_DECLS
