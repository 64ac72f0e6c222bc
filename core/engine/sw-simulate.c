/* sw-simulate.c: integrating an assembled system.
 *
 * The integrator (sw-integrator-private.h: SUNDIALS ARKODE or CVODE) steps
 * freely and output rows come from its interpolant; it stops exactly only
 * at time events (signal edges, part events) and at the stop time, never
 * stepping over one. At an event the output gets the left limit, the
 * integrator restarts, and the right limit follows in a second row with the
 * same time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-simulate.h"

#include <float.h>
#include <math.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include "sw-equations-private.h"
#include "sw-error.h"
#include "sw-friction-private.h"
#include "sw-integrator-private.h"
#include "sw-jacobian-private.h"
#include "sw-trajectory-private.h"
#include "sw-simulate-private.h"
#include "sw-zeros-private.h"

typedef SwColumnSource Column;

/* Friction and contact events a run recorded for the window may hold (its
 * rows cannot move while the window reads them, so their number is fixed in
 * advance). */
#define RECORDED_FRICTION_EVENTS 10000

/* Rows are made by equations of their own (maker), never the
 * integrator's (eq): a row is then a function of the rows' times and
 * states alone, which a trajectory that keeps only states makes again bit
 * for bit (sw-trajectory-private.h). */
typedef struct {
  const SwSystem *sys;
  SwEquations    *eq;
  SwRowMaker      maker;
  SwTrajectory   *tr;
  GArray         *cols;
  /* Or (all) the n_cols columns of every variable, made a piece at a time
   * (_sw_simulate_next_columns), not kept. */
  gboolean        all;
  guint           n_cols;
  /* The columns' walk from a row's start, with the kinds' hidden port
   * variables it has found: kept from row to row (each made them again by
   * printf: a tenth of a live run of the four-body example). */
  SwColumnCursor  columns;
  /* Rows handed on in pieces (o->on_row_piece), never whole: row unused. */
  gboolean        pieces;
  double         *row;
  const SwSimulateOptions *o;
  guint64         n_rows;
  /* Rows of events record_into still has room for, and whether the
   * present event's two rows go there: beyond its room a run goes on and
   * records its output times only (a gear mesh's every tooth change). */
  guint64         event_rows_left;
  gboolean        record_event;
  SwMethod        method;         /* the integrator running: advice never names it as the remedy */
  gboolean        check_ranges;   /* a table signal stops the run outside its points */
} Output;

/* At an output row or an event's limit (a table read by a signal that
 * jumps there): FALSE, with the error, where a table with extrapolation
 * "none" is read outside its points. */
static gboolean
check_ranges (Output *out, double t, const double *y, gboolean left)
{
  SwRangeRead read;

  if (!_sw_range_read (&out->maker, t, y, left, &read, &out->eq->error))
    return FALSE;
  if (read.margin >= 0)
    return TRUE;
  _sw_range_error (out->sys, t, &read, &out->eq->error);
  return FALSE;
}

/* A result overflowed or became NaN at t: the error (in out->eq) names the
 * first variable (of every component's, recorded or not) that is not
 * finite, from the state completed in from: first among the parts with a
 * law of their own (a formula's 1/phi_rel, a torque fed back from a
 * sensor), then among all (a body's state, a support's reaction, which
 * only carry what a law gave them). */
static gboolean
not_finite_error (Output *out, SwEquations *from, double t, gboolean left)
{
  const SwSystem *sys = out->sys;
  SwState state;
  double vars[32];

  sw_equations_get_state (from, t, left, &state);
  g_clear_error (&out->eq->error);
  /* The first in the file's order. */
  for (guint k = 0; k < 2 * sys->n_parts; k++)
    {
      const SwPart *p = &sys->parts[sys->model_order[k % sys->n_parts]];

      if (k < sys->n_parts && p->kind->forces == NULL)
        continue;
      p->kind->variables (p, &state, vars);
      for (guint v = 0; v < p->kind->n_vars; v++)
        if (!isfinite (vars[v]) && !(state.jerk == NULL && (p->kind->jerk_vars & (1u << v))))
          {
            g_set_error (&out->eq->error, SW_ERROR, SW_ERROR_NOT_FINITE,
                         _("component “%s”: %s.%s became %s at t = %.9g s; the equations overflow: check the "
                           "parameters of “%s” and of what it is connected to (a tiny inertia or mass "
                           "against a huge stiffness, a huge torque)%s"),
                         p->id, p->id, p->kind->vars[v].name, isnan (vars[v]) ? _("NaN") : _("infinite"), t, p->id,
                         out->method == SW_METHOD_BDF ? "" : _(", or try the method “bdf”"));
            return FALSE;
          }
    }
  g_set_error (&out->eq->error, SW_ERROR, SW_ERROR_NOT_FINITE,
               _("the state became infinite or NaN at t = %.9g s; the equations overflow: check for a tiny "
                 "inertia or mass against a huge stiffness%s"), t,
               out->method == SW_METHOD_BDF ? "" : _(", or try the method “bdf”"));
  return FALSE;
}

/* Into a trajectory that derives its columns, the state; into one that
 * keeps values (a run with friction, whose states change with its modes),
 * the row. FALSE when it is full. */
static gboolean
record (SwTrajectory *tr, const SwSystem *sys, double t, const double *y, gboolean left, const double *row)
{
  if (_sw_trajectory_derives_from (tr, sys))
    return _sw_trajectory_append_state (tr, t, y, left);
  if (_sw_trajectory_is_full (tr))
    return FALSE;
  sw_trajectory_append_row (tr, t, row);
  return TRUE;
}

/* The columns of every variable, a piece at a time. */
#define ALL_PIECE 1024

/* The row's values of the next at most ALL_PIECE columns from *at (after
 * _sw_row_maker_complete()) into values: how many, 0 at the end. */
static guint
row_piece (Output *out, double t, gboolean left, SwColumnCursor *cursor, guint at, double *values)
{
  Column piece[ALL_PIECE];
  guint n;

  if (!out->all)
    {
      n = MIN (ALL_PIECE, out->n_cols - at);
      _sw_row_maker_values (&out->maker, t, left, &g_array_index (out->cols, Column, at), n, values);
      return n;
    }
  n = _sw_simulate_next_columns (out->sys, out->o->port_variables, cursor, piece, ALL_PIECE);
  _sw_row_maker_values (&out->maker, t, left, piece, n, values);
  return n;
}

/* The columns' walk back at the row's first column, the kinds it knows
 * kept. */
static SwColumnCursor *
columns_from_start (Output *out)
{
  out->columns.k = out->columns.var = 0;
  return &out->columns;
}

/* The row's values of the output's columns (after _sw_row_maker_complete()). */
static void
row_values (Output *out, double t, gboolean left)
{
  SwColumnCursor *cursor = columns_from_start (out);
  guint n, at = 0;

  if (!out->all)
    {
      _sw_row_maker_values (&out->maker, t, left, (const Column *) out->cols->data, out->cols->len, out->row);
      return;
    }
  while ((n = row_piece (out, t, left, cursor, at, out->row + at)) > 0)
    at += n;
}

/* The error of column k's value, not finite. */
static gboolean
column_not_finite (Output *out, guint k, double value, double t, gboolean left)
{
  const SwSystem *sys = out->maker.sys;
  guint n_observed = sys->observed != NULL ? sys->observed->n : 0;
  /* Every variable's columns end with the observed ones. */
  Column c = !out->all ? g_array_index (out->cols, Column, k)
             : k + n_observed >= out->n_cols ? (Column) { SW_COLUMN_OBSERVED, k + n_observed - out->n_cols }
                                             : (Column) { 0, 0 };

  if (c.part != SW_COLUMN_OBSERVED)
    return not_finite_error (out, out->maker.eq, t, left);
  g_clear_error (&out->eq->error);
  _sw_system_observed_not_finite (sys, c.var, value, t, &out->eq->error);
  return FALSE;
}

/* The row handed on a piece at a time (out->pieces): the same values and
 * checks as a whole one, in the same order. */
static gboolean
emit_row_pieces (Output *out, double t, const double *y, gboolean left)
{
  SwColumnCursor *cursor = columns_from_start (out);
  double values[ALL_PIECE];
  guint n, at = 0;

  for (guint k = 0; k < out->maker.sys->n_states; k++)
    if (!isfinite (y[k]))
      return not_finite_error (out, out->maker.eq, t, left);
  out->n_rows++;
  do
    {
      n = row_piece (out, t, left, cursor, at, values);
      for (guint k = 0; k < n; k++)
        if (!isfinite (values[k]))
          return column_not_finite (out, at + k, values[k], t, left);
      /* (A row of no columns is its time alone.) */
      if ((n > 0 || at == 0)
          && !out->o->on_row_piece (t, at, values, n, out->o->on_row_data, &out->eq->error))
        {
          if (out->eq->error == NULL)
            g_set_error (&out->eq->error, SW_ERROR, SW_ERROR_IO, _("the output of a row at t = %.9g s failed"), t);
          return FALSE;
        }
      at += n;
    }
  while (n > 0);
  return TRUE;
}

/* What the rows need of the equations, from the output's columns. */
static void
set_row_columns (Output *out)
{
  SwColumnCursor *cursor = columns_from_start (out);
  Column piece[ALL_PIECE];
  gboolean state_only = TRUE;
  guint n;

  if (!out->all)
    {
      _sw_row_maker_set_columns (&out->maker, (const Column *) out->cols->data, out->cols->len);
      return;
    }
  /* Each piece says whether its own columns are states alone. */
  while ((n = _sw_simulate_next_columns (out->sys, out->o->port_variables, cursor, piece, ALL_PIECE)) > 0)
    {
      _sw_row_maker_set_columns (&out->maker, piece, n);
      state_only = state_only && out->maker.state_only;
    }
  out->maker.state_only = state_only;
}

/* event: a row of an event's pair (left and right limit). */
static gboolean
emit_row (Output *out, double t, const double *y, gboolean left, gboolean event)
{
  const SwSystem *sys = out->maker.sys;

  if (!_sw_row_maker_complete (&out->maker, t, y, left))
    {
      g_clear_error (&out->eq->error);
      g_propagate_error (&out->eq->error, g_steal_pointer (&out->maker.eq->error));
      return FALSE;
    }
  if (out->pieces)
    return emit_row_pieces (out, t, y, left);
  row_values (out, t, left);
  for (guint k = 0; k < sys->n_states; k++)
    if (!isfinite (y[k]))
      return not_finite_error (out, out->maker.eq, t, left);
  for (guint k = 0; k < out->n_cols; k++)
    if (!isfinite (out->row[k]))
      return column_not_finite (out, k, out->row[k], t, left);
  if (out->check_ranges && !check_ranges (out, t, y, left))
    return FALSE;
  out->n_rows++;
  /* (Pieces asked for where a whole row is made: the row in one.) */
  if (out->o->on_row_piece != NULL
      && !out->o->on_row_piece (t, 0, out->row, out->n_cols, out->o->on_row_data, &out->eq->error))
    {
      if (out->eq->error == NULL)
        g_set_error (&out->eq->error, SW_ERROR, SW_ERROR_IO, _("the output of a row at t = %.9g s failed"), t);
      return FALSE;
    }
  if (out->o->on_row != NULL && !out->o->on_row (t, out->row, out->n_cols, out->o->on_row_data, &out->eq->error))
    {
      if (out->eq->error == NULL)
        g_set_error (&out->eq->error, SW_ERROR, SW_ERROR_IO, _("the output of a row at t = %.9g s failed"), t);
      return FALSE;
    }
  if (!out->o->discard_rows)
    sw_trajectory_append_row (out->tr, t, out->row);
  if (out->o->record_into != NULL && (!event || out->record_event)
      && !record (out->o->record_into, out->maker.sys, t, y, left, out->row))
    {
      g_set_error (&out->eq->error, SW_ERROR, SW_ERROR_TOO_LARGE,
                   _("the run made more than the %u rows it was planned with"), (guint) (out->n_rows - 1));
      return FALSE;
    }
  return TRUE;
}

/* The k-th output time. When the interval is 1/m of a second (0.001, 0.1),
 * k/m is the double nearest the decimal time (3/10 is 0.3, where 3 * 0.1 is
 * 0.30000000000000004), so rows line up with other tools' output. */
static double
output_time (guint k, double dt, double per_second)
{
  return per_second > 0 ? k / per_second : k * dt;
}

/* What a run will produce, checked before it starts. */
typedef struct {
  GArray *cols;       /* Column */
  /* All: the columns of every variable, not made (count_only); n_cols
   * the columns either way. */
  gboolean all;
  guint   n_cols;
  SwColumnNames *names;
  GArray *events;     /* sorted instants */
  double  last_left;  /* signals' left limits after the last event from here */
  guint   n_out;      /* output times after t = 0 */
} Plan;

static void
plan_clear (Plan *plan)
{
  g_clear_pointer (&plan->cols, g_array_unref);
  g_clear_pointer (&plan->events, g_array_unref);
  g_clear_pointer (&plan->names, _sw_column_names_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Plan, plan_clear)

/* The memory a run may fill with its trajectory: half of the machine's. */
static double
memory_budget_bytes (void)
{
  long pages = sysconf (_SC_PHYS_PAGES), page_size = sysconf (_SC_PAGE_SIZE);

  return pages > 0 && page_size > 0 ? 0.5 * (double) pages * (double) page_size : 4e9;
}

static gboolean
too_large_error (double rows, guint n_values, GError **error)
{
  double need = rows * (n_values + 1) * sizeof (double), budget = memory_budget_bytes ();
  g_autofree char *need_text = NULL;
  g_autofree char *budget_text = NULL;
  g_autofree char *rows_text = NULL;

  /* Rows are counted in a guint. */
  if (need <= budget && rows < 1e9)
    return FALSE;
  need_text = g_format_size (need < 1e18 ? (guint64) need : G_GUINT64_CONSTANT (1000000000000000000));
  budget_text = g_format_size ((guint64) budget);
  /* Past the doubles (a stop time of 1e308 at an interval of 1e-300) the
   * count is no number: "inf rows" said nothing. */
  rows_text = isfinite (rows) ? g_strdup_printf ("%.4g", rows) : g_strdup (_("more than 1e308"));
  g_set_error (error, SW_ERROR, SW_ERROR_TOO_LARGE,
               _("the run would keep %s rows of %u values: %s%s, more than the %s or 10^9 rows a run may use "
                 "(half of this machine’s memory); choose a larger output interval, a shorter stop time or fewer "
                 "variables to record (simulate’s --variables)"),
               rows_text, n_values + 1, need < 1e18 ? "" : _("over "), need_text, budget_text);
  return TRUE;
}

/* The shortest stop time a run takes: the smallest normal double. */
#define SW_SHORTEST_RUN_S DBL_MIN

/* with_names: the columns' names and units too (a run); count_only: not
 * even the columns when every variable is asked for, only their number
 * (a check: 1.3 million columns of a 100 000-body chain are 10 MB). */
static gboolean
plan_run_full (const SwSystem *sys, const SwSimulateOptions *o, Plan *plan, gboolean with_names, gboolean count_only,
               GError **error)
{
  double stop = o->stop_time_s, dt = o->output_interval_s, n_out;
  guint n_cols;

  if (!(stop > 0) || !(dt > 0) || !(o->tolerance > 0 && o->tolerance < 1) || !isfinite (stop) || !isfinite (dt))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("invalid simulation settings: stop time %g s, output interval %g s, tolerance %g; "
                     "valid: stop time > 0, output interval > 0, 0 < tolerance < 1"),
                   stop, dt, o->tolerance);
      return FALSE;
    }
  if (o->tolerance < SW_TOLERANCE_MIN)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("the tolerance %g is finer than a double can follow; valid: %g <= tolerance < 1"),
                   o->tolerance, SW_TOLERANCE_MIN);
      return FALSE;
    }
  /* Times are told apart to 1e-14 of their size: a run as short as a
   * denormal (1e-320 s) has no step the integrator can take (1e-300 s
   * has). */
  if (stop < SW_SHORTEST_RUN_S)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("the stop time %g s is too short; valid: at least %g s"), stop,
                   SW_SHORTEST_RUN_S);
      return FALSE;
    }
  /* At least the row at the stop time, however short the run. */
  n_out = MAX (1, ceil (stop / dt - 1e-9));
  plan->cols = g_array_new (FALSE, FALSE, sizeof (Column));
  plan->all = count_only && o->variables == NULL;
  if (plan->all)
    n_cols = _sw_simulate_count_columns (sys, o);
  else if (_sw_simulate_select_columns (sys, o, plan->cols, with_names ? &plan->names : NULL, error))
    n_cols = plan->cols->len;
  else
    return FALSE;
  /* Rows handed on and not kept need no memory. */
  if ((!o->discard_rows && too_large_error (1 + n_out, n_cols, error))
      || !(plan->events = _sw_simulate_time_events (sys, stop, &plan->last_left, error))
      || (!o->discard_rows && too_large_error (1 + n_out + 2.0 * plan->events->len, n_cols, error)))
    return FALSE;
  plan->n_out = (guint) n_out;
  plan->n_cols = n_cols;
  return TRUE;
}

static gboolean
plan_run (const SwSystem *sys, const SwSimulateOptions *o, Plan *plan, gboolean with_names, GError **error)
{
  return plan_run_full (sys, o, plan, with_names, FALSE, error);
}

gboolean
sw_simulate_check (const SwSystem *system, const SwSimulateOptions *options, GError **error)
{
  g_auto (Plan) plan = { 0 };

  g_return_val_if_fail (system != NULL && options != NULL, FALSE);
  return plan_run_full (system, options, &plan, FALSE, TRUE, error);
}

GStrv
sw_simulate_dup_column_names (const SwSystem *system, const SwSimulateOptions *options, GError **error)
{
  g_auto (Plan) plan = { 0 };

  g_return_val_if_fail (system != NULL && options != NULL, NULL);
  plan.cols = g_array_new (FALSE, FALSE, sizeof (Column));
  if (!_sw_simulate_select_columns (system, options, plan.cols, &plan.names, error))
    return NULL;
  return g_strdupv (plan.names->names);
}

GStrv
sw_simulate_dup_column_units (const SwSystem *system, const SwSimulateOptions *options, GError **error)
{
  g_auto (Plan) plan = { 0 };

  g_return_val_if_fail (system != NULL && options != NULL, NULL);
  plan.cols = g_array_new (FALSE, FALSE, sizeof (Column));
  if (!_sw_simulate_select_columns (system, options, plan.cols, &plan.names, error))
    return NULL;
  return g_strdupv ((char **) plan.names->units);
}

guint
sw_simulate_get_max_rows (const SwSystem *system, const SwSimulateOptions *options, GError **error)
{
  g_auto (Plan) plan = { 0 };

  g_return_val_if_fail (system != NULL && options != NULL, 0);
  if (!plan_run_full (system, options, &plan, FALSE, TRUE, error))
    return 0;
  /* The row at 0, the output times, two rows (left and right limit) at
   * every event; plan_run keeps this below 10^9 unless rows are discarded. */
  return (guint) MIN (1.0 + plan.n_out + 2.0 * plan.events->len, (double) G_MAXUINT);
}

SwTrajectory *
sw_simulate_new_trajectory (const SwSystem *system, const SwSimulateOptions *options, GError **error)
{
  g_auto (Plan) plan = { 0 };
  SwSimulateOptions o;
  double rows;

  g_return_val_if_fail (system != NULL && options != NULL, NULL);
  /* The memory check counts the states kept, not the columns. */
  o = *options;
  o.discard_rows = TRUE;
  if (!plan_run (system, &o, &plan, TRUE, error))
    return NULL;
  rows = 1.0 + plan.n_out + 2.0 * plan.events->len;
  if (_sw_system_has_history (system))
    {
      /* Its states change with the friction modes: values are kept, with
       * room for the friction events too. */
      rows += 2.0 * RECORDED_FRICTION_EVENTS;
      if (too_large_error (rows, plan.cols->len, error))
        return NULL;
      return _sw_trajectory_new_named (g_steal_pointer (&plan.names), (guint) rows);
    }
  /* Contacts that open make events (left and right rows) too. */
  if (_sw_system_has_contacts (system))
    rows += 2.0 * RECORDED_FRICTION_EVENTS;
  if (too_large_error (rows, system->n_states, error))
    return NULL;
  return _sw_trajectory_new_derived (g_steal_pointer (&plan.names), (guint) rows,
                                     system, (const Column *) plan.cols->data, (const double *) plan.events->data,
                                     plan.events->len);
}

/* A run ends: the most telling error first (the equations', a value that
 * is not finite, cancellation), else the integrator's. */
static void
run_error (Output *out, SwIntegrator *it, GCancellable *cancellable, GError **integrator_error, GError **error)
{
  if (error != NULL && *error != NULL)
    return;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return;
  if (it != NULL && it->not_finite && out->eq->error == NULL)
    {
      double t = it->not_finite_t;

      /* Complete the state there to name the variable. */
      if (sw_equations_complete (out->eq, t, it->not_finite_y, FALSE))
        not_finite_error (out, out->eq, t, FALSE);
    }
  if (out->eq->error != NULL)
    g_propagate_error (error, g_steal_pointer (&out->eq->error));
  else if (integrator_error != NULL && *integrator_error != NULL)
    g_propagate_error (error, g_steal_pointer (integrator_error));
  else
    g_set_error (error, SW_ERROR, SW_ERROR_NOT_CONVERGED, _("the simulation failed"));
}

/* A runaway model ends with an error, not an endless loop: at most this
 * many steps between two output rows (a 1 MHz torque on a body, rows 0.1 s
 * apart, takes 1.5 M at the default tolerance). */
#define MAX_STEPS 2000000
/* The cancellable is checked every this many steps (and at every output
 * time, and every few hundred evaluations by the integrator). */
#define CANCEL_CHECK_STEPS 64

/* Where the integrator's signals take their left limit: the next event,
 * or after the last one the stop's cluster (_sw_simulate_time_events()). */
static double
left_from (GArray *events, guint e, double last_left)
{
  return e < events->len ? g_array_index (events, double, e) : last_left;
}

/* The integrator's interpolant, for locating friction events. */
static gboolean
interpolate_step (gpointer data, double t, double *y, GError **error)
{
  SwIntegrator *it = data;

  return it->type->interpolate (it, t, y, error);
}

/* The interpolant of a configuration without states. */
static gboolean
interpolate_nothing (gpointer data, double t, double *y, GError **error)
{
  return TRUE;
}

/* Adds an integrator's counters to the run's (a run with friction has one
 * integrator per configuration of stuck parts). */
static void
add_counters (SwIntegrator *it, SwSimulateStats *total)
{
  SwSimulateStats s = { 0 };

  if (it == NULL)
    return;
  _sw_integrator_get_stats (it, &s);
  total->n_steps += s.n_steps;
  total->n_rejected += s.n_rejected;
  total->n_rhs_evals += s.n_rhs_evals;
  total->n_jacobians += s.n_jacobians;
  total->n_jac_rhs_evals += s.n_jac_rhs_evals;
}

/* The friction modes at (t, *y) settled; when the configuration changed,
 * *y, the integrator, the output's equations and its row maker follow. */
static gboolean
settle_friction (SwFrictionRun *friction, Output *out, SwIntegrator **it, SwMethod method, double tolerance,
                 GCancellable *cancellable, double t, double **y, double **y_out, SwSimulateStats *counters,
                 GError **error)
{
  g_autofree double *y_new = NULL;
  const SwSystem *sys;
  SwIntegrator *previous;
  guint index = 0, part;
  int old_mode, new_mode;
  gboolean changed, ok;

  ok = _sw_friction_run_settle (friction, t, *y, &changed, &y_new, error);
  /* The run's equations may be new even when settling failed. */
  out->eq = _sw_friction_run_get_equations (friction);
  if (!ok)
    return FALSE;
  while (_sw_friction_run_next_change (friction, &index, &part, &old_mode, &new_mode))
    {
      counters->n_mode_changes += old_mode != SW_FRICTION_START;
      if (out->o->on_mode_change != NULL)
        out->o->on_mode_change (t, out->sys->parts[part].id, old_mode, new_mode, out->o->on_mode_change_data);
    }
  sys = _sw_friction_run_get_system (friction);
  _sw_row_maker_switch (&out->maker, sys, _sw_friction_run_get_equations (friction));
  /* The first integrator comes here too (a run with contacts only starts
   * without a change). */
  if (!changed && *it != NULL)
    return TRUE;
  if (changed)
    {
      g_free (*y);
      *y = g_steal_pointer (&y_new);
      *y_out = g_renew (double, *y_out, MAX (sys->n_states, 1));
    }
  if (*it != NULL)
    add_counters (*it, counters);
  previous = g_steal_pointer (it);
  if (sys->n_states > 0)
    *it = _sw_integrator_new (sys, out->eq, method, tolerance, out->o->error_control, cancellable, t, *y, previous,
                              error);
  _sw_integrator_free (previous);
  return sys->n_states == 0 || *it != NULL;
}

/* After an event's right-limit row: startForward and startBackward off. */
static void
clear_marks (SwFrictionRun *friction, Output *out)
{
  _sw_friction_run_clear_marks (friction);
  _sw_row_maker_switch (&out->maker, _sw_friction_run_get_system (friction), _sw_friction_run_get_equations (friction));
}

static SwTrajectory *
integrate (const SwSystem          *sys,
           const SwSimulateOptions *o,
           SwProgressFunc           progress,
           gpointer                 progress_data,
           GCancellable            *cancellable,
           double                  *y_final,
           SwSimulateStats         *stats,
           GError                 **error)
{
  g_auto (Plan) plan = { 0 };
  g_autoptr (SwEquations) own_eq = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  g_autoptr (SwIntegrator) it = NULL;
  g_autoptr (GError) it_error = NULL;
  g_autofree double *y = NULL;
  g_autofree double *y_out = NULL;
  g_autofree double *row = NULL;
  SwFrictionRun *friction = NULL;
  SwSimulateStats counters = { 0 };
  gint64 start_us = g_get_monotonic_time ();
  GArray *cols, *events;
  SwMethod method;
  Output out;
  double t = 0, stop, dt, per_second, stiff = 0, t_row = 0;
  guint k_out = 1, n_out, e = 0;
  guint64 n_steps = 0, n_events = 0, n_rows_seen = 0;
  gboolean ok = TRUE;

  g_return_val_if_fail (sys != NULL && o != NULL, NULL);
  sw_init ();

  if (stats != NULL)
    *stats = (SwSimulateStats) { .method = o->method };
  /* Rows that go elsewhere need no names in the run. */
  /* Rows not kept need no array of the columns of every variable. */
  if (!plan_run_full (sys, o, &plan, !o->discard_rows, o->discard_rows, error))
    return NULL;
  /* A trajectory of this system's run with these columns. */
  g_return_val_if_fail (o->record_into == NULL
                        || ((_sw_trajectory_derives_from (o->record_into, sys) || _sw_system_has_history (sys))
                            && sw_trajectory_get_n_columns (o->record_into) == plan.n_cols), NULL);
  stop = o->stop_time_s;
  dt = o->output_interval_s;
  cols = plan.cols;
  events = plan.events;
  n_out = plan.n_out;
  tr = o->discard_rows ? _sw_simulate_new_lazily_named (sys, plan.all ? NULL : cols, o->port_variables, plan.n_cols)
                       : _sw_trajectory_new_named (g_steal_pointer (&plan.names), 0);
  y = g_memdup2 (sys->y0, MAX (sys->n_states, 1) * sizeof (double));
  y_out = g_new (double, MAX (sys->n_states, 1));
  per_second = fabs (1 / dt - round (1 / dt)) <= 1e-9 * (1 / dt) ? round (1 / dt) : 0;
  method = _sw_simulate_choose_method (sys, o, &stiff);
  /* The stiffness' Jacobian freed, before the run's arrays. */
  if (o->method == SW_METHOD_AUTO)
    _sw_trim_heap (sys->n_nodes);

  /* With friction the run owns the equations of the current configuration. */
  friction = _sw_friction_run_new (sys);
  if (friction != NULL)
    _sw_friction_run_set_length (friction, stop);
  out = (Output) { .sys = sys, .tr = tr, .cols = cols, .all = plan.all, .n_cols = plan.n_cols, .row = row, .o = o,
                   .event_rows_left = 2 * (guint64) (events->len + RECORDED_FRICTION_EVENTS), .method = method };
  for (guint i = 0; i < sys->n_parts; i++)
    for (guint k = 0; k < sys->parts[i].kind->n_params; k++)
      if (sys->parts[i].signal[k] != NULL && sw_signal_has_range (sys->parts[i].signal[k]))
        out.check_ranges = TRUE;
  /* A row in pieces where nothing else needs it whole; a table read with
   * extrapolation "none" is checked after the row's values, before any
   * goes out. */
  out.pieces = o->on_row_piece != NULL && o->discard_rows && o->record_into == NULL && !out.check_ranges;
  /* Every variable of a small model: its columns listed once, not walked
   * again for each row (a tenth of a live run of four bodies). */
  if (out.all && out.n_cols <= ALL_PIECE)
    {
      Column piece[ALL_PIECE];
      guint n = _sw_simulate_next_columns (sys, o->port_variables, columns_from_start (&out), piece, ALL_PIECE);

      g_assert (n == out.n_cols);
      g_array_append_vals (cols, piece, n);
      out.all = FALSE;
    }
  out.row = row = out.pieces ? NULL : g_new0 (double, MAX (plan.n_cols, 1));
  out.eq = friction != NULL ? _sw_friction_run_get_equations (friction) : (own_eq = sw_equations_new (sys));
  _sw_row_maker_init (&out.maker, sys, (const double *) events->data, events->len);
  set_row_columns (&out);
  out.eq->left_from = left_from (events, 0, plan.last_left);

  if (friction != NULL)
    ok = settle_friction (friction, &out, &it, method, o->tolerance, cancellable, 0, &y, &y_out, &counters,
                          &it_error);
  else if (sys->n_states > 0)
    {
      it = _sw_integrator_new (sys, out.eq, method, o->tolerance, o->error_control, cancellable, 0, y, NULL, &it_error);
      ok = it != NULL;
    }

  ok = ok && emit_row (&out, 0, y, FALSE, FALSE);
  if (friction != NULL)
    clear_marks (friction, &out);
  while (ok && k_out <= n_out)
    {
      double t_event = e < events->len ? g_array_index (events, double, e) : INFINITY;
      double t_stop = MIN (t_event, stop), t_prev = t, t_leave;
      gboolean crossed = FALSE;
      SwRangeRead leave;

      /* One step (or straight to the next stop without states). */
      if (t < t_stop)
        {
          if (out.n_rows != n_rows_seen)
            {
              n_rows_seen = out.n_rows;
              n_steps = 0;
              t_row = t;
            }
          if (it == NULL)
            /* Nothing to integrate; with friction (everything stuck) the
             * switching functions depend on time alone: checked on the
             * output grid. */
            t = friction != NULL ? MIN (t_stop, t + dt) : t_stop;
          else if (++n_steps > (o->max_steps > 0 ? o->max_steps : MAX_STEPS))
            {
              /* (Steps of 1e-4 s to an output row 1e5 s away are a long
               * interval, not a stiff model.) */
              g_set_error (&it_error, SW_ERROR, SW_ERROR_NOT_CONVERGED,
                           _("the integrator (%s) needed more than %u steps between two output rows, before t = "
                             "%.9g s (steps of %.3g s on average): the model is very stiff or unstable, or the "
                             "output interval (%g s) is long for its motion; %sa shorter output interval, or "
                             "check stiffnesses and inertias"),
                           sw_method_to_name (method), o->max_steps > 0 ? o->max_steps : MAX_STEPS, t,
                           (t - t_row) / (double) (n_steps - 1), dt,
                           method == SW_METHOD_BDF ? _("try ") : _("try the method “bdf”, "));
              ok = FALSE;
              break;
            }
          else if (!it->type->step (it, t_stop, &t, y, &it_error))
            {
              ok = FALSE;
              break;
            }
          if (n_steps % CANCEL_CHECK_STEPS == 0 && g_cancellable_is_cancelled (cancellable))
            {
              ok = FALSE;
              break;
            }
          /* A friction part changing mode within the step: the step ends
           * there, at the located instant. */
          if (friction != NULL)
            {
              ok = _sw_friction_run_check (friction, t, y, &crossed, &it_error);
              if (ok && crossed)
                ok = _sw_friction_run_locate (friction, t_prev, t, it != NULL ? interpolate_step : interpolate_nothing,
                                              it, &t, y, &it_error);
              if (!ok)
                break;
            }
          /* A table with extrapolation "none" left within the step: the
           * rows up to the instant it leaves its points, then the run stops
           * there. */
          if (out.check_ranges && _sw_range_leaves (&out.maker, it, t_prev, t, y, y_out, &t_leave, &leave, &out.eq->error, &it_error))
            {
              while (out.eq->error == NULL && it_error == NULL && k_out <= n_out)
                {
                  double t_out = k_out == n_out ? stop : output_time (k_out, dt, per_second);

                  if (t_out > t_leave || t_out >= t_event)
                    break;
                  if (it != NULL && !it->type->interpolate (it, t_out, y_out, &it_error))
                    break;
                  if (!emit_row (&out, t_out, it != NULL ? y_out : y, FALSE, FALSE))
                    break;
                  k_out++;
                }
              if (out.eq->error == NULL && it_error == NULL)
                _sw_range_error (sys, t_leave, &leave, &out.eq->error);
              ok = FALSE;
              break;
            }
        }
      /* Output times inside the step, from the interpolant (the state
       * itself at its end); an output time at an event is the event's. */
      while (ok && k_out <= n_out)
        {
          double t_out = k_out == n_out ? stop : output_time (k_out, dt, per_second);

          if (t_out > t || t_out >= t_event || (crossed && t_out >= t))
            break;
          if (t_out == t || it == NULL)
            ok = emit_row (&out, t_out, y, FALSE, FALSE);
          else
            {
              ok = it->type->interpolate (it, t_out, y_out, &it_error) && emit_row (&out, t_out, y_out, FALSE, FALSE);
            }
          k_out++;
          if (ok && progress != NULL)
            progress (t_out, stop, progress_data);
          if (ok && g_cancellable_is_cancelled (cancellable))
            ok = FALSE;
        }
      if (ok && (t == t_event || crossed))
        {
          /* The left limit, the events at this instant, the right limit. */
          out.record_event = out.event_rows_left >= 2;
          if (out.record_event)
            out.event_rows_left -= 2;
          ok = emit_row (&out, t, y, TRUE, TRUE);
          while (e < events->len && g_array_index (events, double, e) <= t)
            e++;
          n_events++;
          out.eq->left_from = left_from (events, e, plan.last_left);
          out.eq->event_end = e > 0 ? _sw_time_event_end (g_array_index (events, double, e - 1)) : -INFINITY;
          if (ok && friction != NULL)
            {
              /* The modes at this instant; new equations take the next
               * time event too. */
              ok = settle_friction (friction, &out, &it, method, o->tolerance, cancellable, t, &y, &y_out,
                                    &counters, &it_error);
              out.eq->left_from = left_from (events, e, plan.last_left);
              out.eq->event_end = e > 0 ? _sw_time_event_end (g_array_index (events, double, e - 1)) : -INFINITY;
            }
          if (ok && it != NULL)
            ok = _sw_integrator_restart (it, t, y, &it_error);
          ok = ok && emit_row (&out, t, y, FALSE, TRUE);
          if (friction != NULL)
            clear_marks (friction, &out);
          while (ok && k_out <= n_out && (k_out == n_out ? stop : output_time (k_out, dt, per_second)) <= t)
            k_out++;
          if (ok && progress != NULL)
            progress (t, stop, progress_data);
        }
    }
  if (stats != NULL)
    {
      *stats = counters;
      if (it != NULL)
        add_counters (it, stats);
      if (it != NULL && it->pattern != NULL)
        {
          stats->jacobian_lower = it->pattern->lower;
          stats->jacobian_upper = it->pattern->upper;
          stats->jacobian_dense = it->pattern->dense;
        }
      stats->method = method;
      stats->n_events = n_events;
      stats->n_rows = out.n_rows;
      stats->stiffness = stiff;
      stats->wall_time_s = (g_get_monotonic_time () - start_us) * 1e-6;
    }
  if (!ok)
    run_error (&out, it, cancellable, &it_error, error);
  _sw_row_maker_clear (&out.maker);
  /* The final state in the model's own coordinates, stuck parts or not. */
  if (ok && y_final != NULL)
    {
      if (friction != NULL)
        ok = _sw_friction_run_base_state (friction, t, y, y_final, error);
      else
        memcpy (y_final, y, sys->n_states * sizeof (double));
    }
  g_clear_pointer (&it, _sw_integrator_free);
  _sw_friction_run_free (friction);
  if (!ok)
    return NULL;
  return g_steal_pointer (&tr);
}

SwTrajectory *
sw_simulate (const SwSystem          *sys,
             const SwSimulateOptions *o,
             SwProgressFunc           progress,
             gpointer                 progress_data,
             GCancellable            *cancellable,
             GError                 **error)
{
  return integrate (sys, o, progress, progress_data, cancellable, NULL, NULL, error);
}

SwTrajectory *
sw_simulate_full (const SwSystem          *sys,
                  const SwSimulateOptions *o,
                  SwProgressFunc           progress,
                  gpointer                 progress_data,
                  GCancellable            *cancellable,
                  SwSimulateStats         *stats,
                  GError                 **error)
{
  return integrate (sys, o, progress, progress_data, cancellable, NULL, stats, error);
}


double *
sw_simulate_final_state (const SwSystem *sys, const SwSimulateOptions *options, GError **error)
{
  SwSimulateOptions o = *options;
  const char *const none[] = { NULL };
  g_autofree double *y = g_new0 (double, MAX (sys->n_states, 1));
  g_autoptr (SwTrajectory) tr = NULL;

  o.variables = none;
  o.output_interval_s = o.stop_time_s;
  o.on_row = NULL;
  o.on_row_piece = NULL;
  o.record_into = NULL;
  o.discard_rows = FALSE;
  tr = integrate (sys, &o, NULL, NULL, NULL, y, NULL, error);
  return tr != NULL ? g_steal_pointer (&y) : NULL;
}

gboolean
sw_simulate_state_at (const SwSystem *sys, double t, double **state, GError **error)
{
  SwSimulateOptions o;

  *state = NULL;
  if (t == 0)
    return TRUE;
  o = sw_simulate_options_from_system (sys);
  o.stop_time_s = t;
  *state = sw_simulate_final_state (sys, &o, error);
  return *state != NULL;
}
