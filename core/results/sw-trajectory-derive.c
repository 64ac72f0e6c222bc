/* sw-trajectory-derive.c: output rows made from states, and the columns of
 * a trajectory that keeps only states, made when they are asked for.
 *
 * What is kept: each row's time and state, 8 bytes a value. An event's
 * left limit is the row before a row of the same time: the trajectory
 * publishes it only with its right limit. A column is made the first time it is asked
 * for, by making the rows again from row 0 with equations of its own, and
 * kept in a cache of columns with a memory budget; the columns in the cache
 * are extended row by row as the run appends (a cursor keeps the equations
 * where the last row left them), so a plot that redraws a growing run costs
 * only its new rows. The cache drops the column used longest ago when a new
 * one would pass the budget, but never one used in the last second (a draw
 * holds the pointers it asked for).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-trajectory-private.h"

#include <math.h>
#include <string.h>

/* ---- Rows --------------------------------------------------------------- */

void
_sw_row_maker_init (SwRowMaker *maker, const SwSystem *sys, const double *events, guint n_events)
{
  maker->sys = sw_system_ref ((SwSystem *) sys);
  maker->eq = sw_equations_new (sys);
  maker->events = g_new (double, MAX (n_events, 1));
  if (n_events > 0)
    memcpy (maker->events, events, n_events * sizeof (double));
  maker->n_events = n_events;
  maker->next_event = 0;
  maker->port_f = g_new0 (double, MAX (sys->n_nodes, 1));
  maker->observed_in = g_new (double, MAX (sys->observed != NULL ? sys->observed->max_inputs : 0, 1));
}

/* What a column needs of a row: only states, and jerks. */
static void
want_variable (SwRowMaker *maker, guint part, guint var)
{
  const SwPart *p = &maker->sys->parts[part];

  if (!_sw_part_variable_is_state (p, var))
    maker->state_only = FALSE;
  if (var < p->kind->n_vars && (p->kind->jerk_vars & (1u << var)))
    _sw_equations_want_jerk (maker->eq);
}

void
_sw_row_maker_set_columns (SwRowMaker *maker, const SwColumnSource *cols, guint n_cols)
{
  const SwSystemObserved *o = maker->sys->observed;

  maker->state_only = TRUE;
  for (guint k = 0; k < n_cols; k++)
    if (cols[k].part != SW_COLUMN_OBSERVED)
      want_variable (maker, cols[k].part, cols[k].var);
    else
      for (guint j = o->first[cols[k].var]; j < o->first[cols[k].var + 1]; j++)
        want_variable (maker, o->input_part[j], o->input_var[j]);
}

void
_sw_row_maker_clear (SwRowMaker *maker)
{
  g_clear_pointer (&maker->eq, sw_equations_free);
  g_clear_pointer ((SwSystem **) &maker->sys, sw_system_unref);
  g_clear_pointer (&maker->events, g_free);
  g_clear_pointer (&maker->port_f, g_free);
  g_clear_pointer (&maker->observed_in, g_free);
}

void
_sw_row_maker_switch (SwRowMaker *maker, const SwSystem *sys, const SwEquations *from)
{
  if (sys != maker->sys)
    {
      gboolean jerk = maker->eq->jerk != NULL;

      /* The maker holds its system: the run may have dropped it already. */
      sw_equations_free (maker->eq);
      sw_system_unref ((SwSystem *) maker->sys);
      maker->sys = sw_system_ref ((SwSystem *) sys);
      maker->eq = sw_equations_new (sys);
      if (jerk)
        _sw_equations_want_jerk (maker->eq);
      memcpy (maker->eq->q_guess, from->q_guess, MAX (sys->n_coords, 1) * sizeof (double));
      memcpy (maker->eq->qd_guess, from->qd_guess, MAX (sys->n_coords, 1) * sizeof (double));
    }
  _sw_equations_copy_modes (maker->eq, from);
}

gboolean
_sw_row_maker_complete (SwRowMaker *maker, double t, const double *y, gboolean left)
{
  SwEquations *eq = maker->eq;

  /* Signals take their left limit from the event at t on in a left row,
   * else from the first event after t: as the integrator had them. */
  if (left)
    eq->left_from = t;
  else
    {
      while (maker->next_event < maker->n_events && maker->events[maker->next_event] <= t)
        maker->next_event++;
      eq->left_from = maker->next_event < maker->n_events ? maker->events[maker->next_event] : INFINITY;
    }
  /* Right limits within an event's window after it (see sw_equations_get_state()). */
  eq->event_end = maker->next_event > 0 ? _sw_time_event_end (maker->events[maker->next_event - 1]) : -INFINITY;
  if (maker->state_only && _sw_equations_positions (eq, t, y, left))
    return TRUE;
  return sw_equations_complete (eq, t, y, left);
}

/* One variable's value at state: vars holds part *last_part's. */
static inline double
variable_value (SwRowMaker *maker, const SwState *state, guint part, guint var, int *last_part, double *vars)
{
  const SwPart *p = &maker->sys->parts[part];

  /* A port's variables, from the part's forces, rows and bodies. */
  if (var >= p->kind->n_vars)
    return _sw_part_port_value (maker->sys, p, var, state, maker->port_f);
  if ((int) part != *last_part)
    {
      g_assert (p->kind->n_vars <= 32);
      p->kind->variables (p, state, vars);
      *last_part = (int) part;
    }
  return vars[var];
}

void
_sw_row_maker_values (SwRowMaker           *maker,
                      double                t,
                      gboolean              left,
                      const SwColumnSource *cols,
                      guint                 n_cols,
                      double               *values)
{
  const SwSystemObserved *o = maker->sys->observed;
  SwState state;
  int last_part = -1;
  double vars[32];

  sw_equations_get_state (maker->eq, t, left, &state);
  for (guint k = 0; k < n_cols; k++)
    {
      if (cols[k].part != SW_COLUMN_OBSERVED)
        {
          values[k] = variable_value (maker, &state, cols[k].part, cols[k].var, &last_part, vars);
          continue;
        }
      /* A formula over other variables, evaluated from the same state. */
      for (guint j = o->first[cols[k].var]; j < o->first[cols[k].var + 1]; j++)
        maker->observed_in[j - o->first[cols[k].var]]
          = variable_value (maker, &state, o->input_part[j], o->input_var[j], &last_part, vars);
      values[k] = _sw_observed_eval (o->programs[cols[k].var], maker->observed_in);
    }
}

/* ---- Columns from states ------------------------------------------------ */

/* A column asked for within this time is not dropped. */
#define KEEP_US (G_USEC_PER_SEC)

typedef struct {
  double *values;     /* capacity rows; NULL when not made */
  gint64  used_us;
} Cached;

struct _SwDerived {
  GMutex          lock;
  SwSystem       *sys;
  SwColumnSource *cols;
  guint           n_cols;
  double         *events;
  guint           n_events;
  guint           capacity;
  guint           n_states;
  const double   *times;       /* the trajectory's */
  double         *states;      /* capacity x n_states, row after row */
  /* The rows every cached column holds: what the trajectory shows. */
  guint           frontier;
  /* Where the last row left the equations, when a column is cached. */
  SwRowMaker      cursor;
  gboolean        have_cursor;
  Cached         *cache;
  guint           n_cached;
  gsize           cached_bytes;
  gsize           budget;
  gint64          keep_us;
  SwColumnSource *sub_cols;    /* scratch: the cached columns' sources */
  guint          *sub_index;   /* and their numbers */
  double         *row;
};

SwDerived *
_sw_derived_new (const SwSystem       *sys,
                 const SwColumnSource *cols,
                 guint                 n_cols,
                 const double         *events,
                 guint                 n_events,
                 guint                 capacity,
                 const double         *times)
{
  SwDerived *d = g_new0 (SwDerived, 1);

  g_mutex_init (&d->lock);
  d->sys = sw_system_ref ((SwSystem *) sys);
  d->n_cols = n_cols;
  d->cols = g_new (SwColumnSource, MAX (n_cols, 1));
  if (n_cols > 0)
    memcpy (d->cols, cols, n_cols * sizeof (SwColumnSource));
  d->n_events = n_events;
  d->events = g_new (double, MAX (n_events, 1));
  if (n_events > 0)
    memcpy (d->events, events, n_events * sizeof (double));
  d->capacity = capacity;
  d->n_states = sys->n_states;
  d->times = times;
  /* Pages are touched as rows come. */
  d->states = g_new (double, MAX ((gsize) capacity * d->n_states, 1));
  d->cache = g_new0 (Cached, MAX (n_cols, 1));
  d->budget = SW_TRAJECTORY_CACHE_BYTES;
  d->keep_us = KEEP_US;
  d->sub_cols = g_new (SwColumnSource, MAX (n_cols, 1));
  d->sub_index = g_new (guint, MAX (n_cols, 1));
  d->row = g_new (double, MAX (n_cols, 1));
  return d;
}

void
_sw_derived_free (SwDerived *d)
{
  if (d == NULL)
    return;
  for (guint c = 0; c < d->n_cols; c++)
    g_free (d->cache[c].values);
  if (d->have_cursor)
    _sw_row_maker_clear (&d->cursor);
  g_free (d->cache);
  g_free (d->sub_cols);
  g_free (d->sub_index);
  g_free (d->row);
  g_free (d->states);
  g_free (d->events);
  g_free (d->cols);
  sw_system_unref (d->sys);
  g_mutex_clear (&d->lock);
  g_free (d);
}

const SwSystem *
_sw_derived_get_system (const SwDerived *d)
{
  return d->sys;
}

void
_sw_derived_store (SwDerived *d, guint r, const double *y)
{
  g_assert (r < d->capacity);
  if (d->n_states > 0)
    memcpy (d->states + (gsize) r * d->n_states, y, d->n_states * sizeof (double));
}

/* Row r of n published is an event's left limit: the next row has its
 * time (no other rows share a time). */
static gboolean
row_is_left (const SwDerived *d, guint r, guint n)
{
  return r + 1 < n && d->times[r + 1] == d->times[r];
}

/* Row r of n completed by maker (rows in order from 0). FALSE (the row is
 * NaN) only if the equations fail where the run did not. */
static gboolean
complete_row (SwDerived *d, SwRowMaker *maker, guint r, guint n)
{
  if (_sw_row_maker_complete (maker, d->times[r], d->states + (gsize) r * d->n_states, row_is_left (d, r, n)))
    return TRUE;
  g_clear_error (&maker->eq->error);
  return FALSE;
}

void
_sw_derived_make_row (SwDerived *d, SwRowMaker *maker, guint r, guint n, double *values)
{
  if (complete_row (d, maker, r, n))
    _sw_row_maker_values (maker, d->times[r], row_is_left (d, r, n), d->cols, d->n_cols, values);
  else
    for (guint c = 0; c < d->n_cols; c++)
      values[c] = NAN;
}

void
_sw_derived_init_maker (const SwDerived *d, SwRowMaker *maker)
{
  _sw_row_maker_init (maker, d->sys, d->events, d->n_events);
  _sw_row_maker_set_columns (maker, d->cols, d->n_cols);
}

/* The cached columns up to row n (lock held). */
static void
extend (SwDerived *d, guint n)
{
  guint m = 0;

  if (n <= d->frontier)
    return;
  if (d->n_cached == 0)
    {
      d->frontier = n;
      return;
    }
  g_assert (d->have_cursor);
  for (guint c = 0; c < d->n_cols; c++)
    if (d->cache[c].values != NULL)
      {
        d->sub_cols[m] = d->cols[c];
        d->sub_index[m++] = c;
      }
  /* Rows of state variables alone need no accelerations or reactions. */
  _sw_row_maker_set_columns (&d->cursor, d->sub_cols, m);
  for (guint r = d->frontier; r < n; r++)
    {
      gboolean ok = complete_row (d, &d->cursor, r, n);

      if (ok)
        _sw_row_maker_values (&d->cursor, d->times[r], row_is_left (d, r, n), d->sub_cols, m, d->row);
      for (guint k = 0; k < m; k++)
        d->cache[d->sub_index[k]].values[r] = ok ? d->row[k] : NAN;
    }
  d->frontier = n;
}

guint
_sw_derived_sync (SwDerived *d, guint n_appended)
{
  guint n;

  g_mutex_lock (&d->lock);
  extend (d, n_appended);
  n = d->frontier;
  g_mutex_unlock (&d->lock);
  return n;
}

static gsize
column_bytes (const SwDerived *d)
{
  return (gsize) MAX (d->capacity, 1) * sizeof (double);
}

/* Room for need more bytes: the columns used longest ago dropped, but not
 * those used within keep_us (lock held). */
static void
evict (SwDerived *d, gsize need)
{
  gint64 now = g_get_monotonic_time ();

  while (d->cached_bytes + need > d->budget)
    {
      int lru = -1;

      for (guint c = 0; c < d->n_cols; c++)
        if (d->cache[c].values != NULL && now - d->cache[c].used_us >= d->keep_us
            && (lru < 0 || d->cache[c].used_us < d->cache[lru].used_us))
          lru = (int) c;
      if (lru < 0)
        return;
      g_clear_pointer (&d->cache[lru].values, g_free);
      d->cached_bytes -= column_bytes (d);
      d->n_cached--;
    }
}

/* Columns cs[0..m) (not cached) made for rows 0 to the frontier in one
 * pass, from row 0 with equations of their own: each row is completed
 * once for all of them (lock held). */
static void
materialise (SwDerived *d, const guint *cs, guint m)
{
  g_autofree SwColumnSource *sources = g_new (SwColumnSource, m);
  g_autofree double **values = g_new (double *, m);
  g_autofree double *row = g_new (double, m);
  SwRowMaker fresh;

  for (guint k = 0; k < m; k++)
    {
      sources[k] = d->cols[cs[k]];
      values[k] = g_new (double, MAX (d->capacity, 1));
    }
  _sw_derived_init_maker (d, &fresh);
  _sw_row_maker_set_columns (&fresh, sources, m);
  for (guint r = 0; r < d->frontier; r++)
    {
      gboolean ok = complete_row (d, &fresh, r, d->frontier);

      if (ok)
        _sw_row_maker_values (&fresh, d->times[r], row_is_left (d, r, d->frontier), sources, m, row);
      for (guint k = 0; k < m; k++)
        values[k][r] = ok ? row[k] : NAN;
    }
  evict (d, m * column_bytes (d));
  /* The new maker stands where the cursor must: it becomes the cursor
   * when no column holds one. */
  if (d->n_cached == 0)
    {
      if (d->have_cursor)
        _sw_row_maker_clear (&d->cursor);
      d->cursor = fresh;
      d->have_cursor = TRUE;
    }
  else
    _sw_row_maker_clear (&fresh);
  for (guint k = 0; k < m; k++)
    {
      d->cache[cs[k]].values = values[k];
      d->cached_bytes += column_bytes (d);
      d->n_cached++;
    }
}

void
_sw_derived_prepare (SwDerived *d, guint n_appended, const guint *columns, guint n)
{
  g_autofree guint *missing = g_new (guint, MAX (n, 1));
  guint m = 0;
  gint64 now = g_get_monotonic_time ();

  g_mutex_lock (&d->lock);
  extend (d, n_appended);
  for (guint k = 0; k < n; k++)
    {
      gboolean seen = FALSE;

      if (columns[k] >= d->n_cols || d->cache[columns[k]].values != NULL)
        continue;
      for (guint j = 0; j < m && !seen; j++)
        seen = missing[j] == columns[k];
      if (!seen)
        missing[m++] = columns[k];
    }
  if (m > 0)
    materialise (d, missing, m);
  for (guint k = 0; k < n; k++)
    if (columns[k] < d->n_cols && d->cache[columns[k]].values != NULL)
      d->cache[columns[k]].used_us = now;
  g_mutex_unlock (&d->lock);
}

const double *
_sw_derived_get_column (SwDerived *d, guint n_appended, guint c)
{
  const double *values;

  g_mutex_lock (&d->lock);
  extend (d, n_appended);
  if (d->cache[c].values == NULL)
    materialise (d, &c, 1);
  d->cache[c].used_us = g_get_monotonic_time ();
  values = d->cache[c].values;
  g_mutex_unlock (&d->lock);
  return values;
}

void
_sw_derived_set_budget (SwDerived *d, gsize bytes, gint64 keep_us)
{
  g_mutex_lock (&d->lock);
  d->budget = bytes;
  if (keep_us >= 0)
    d->keep_us = keep_us;
  evict (d, 0);
  g_mutex_unlock (&d->lock);
}

void
_sw_derived_get_bytes (SwDerived *d, guint64 *stored, guint64 *cached, guint *n_cached)
{
  g_mutex_lock (&d->lock);
  *stored = (guint64) d->capacity * d->n_states * sizeof (double);
  *cached = d->cached_bytes;
  *n_cached = d->n_cached;
  g_mutex_unlock (&d->lock);
}

guint
_sw_derived_get_n_states (const SwDerived *d)
{
  return d->n_states;
}
