/* sw-trajectory.c: column storage of simulated time series and CSV output.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-trajectory-private.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include "sw-error.h"
#include "sw-csv.h"

/* Columns are flat arrays of doubles: 8 bytes a value. A trajectory made
 * with its number of rows (sw_trajectory_new_sized) never moves them, so
 * another thread may read the rows published so far while a run appends.
 * One that grows allocates its columns at its first row: a run whose rows
 * go elsewhere (discard_rows) keeps none (a 100 000-body chain has 1.3
 * million columns: 16 rows of room each were 166 MB).
 * One that derives its columns (derived non-NULL) keeps times and states
 * and makes columns on demand (sw-trajectory-derive.c); its n_rows counts
 * the rows appended, and readers see those the cached columns hold. */
struct _SwTrajectory {
  gatomicrefcount ref_count;
  char       **names;
  char        *names_text;  /* the names' block (_sw_trajectory_new_named), or NULL: a GStrv */
  const char **units;       /* interned */
  /* Names and units not made yet (_sw_trajectory_new_lazily_named):
   * names_made is 0 until they are. */
  gsize          names_made;
  SwColumnNamer  namer;
  gpointer       namer_data;
  GDestroyNotify namer_destroy;
  guint    n_columns;
  guint    capacity;     /* rows allocated */
  gboolean sized;        /* capacity fixed at creation */
  gint     n_rows;       /* rows published: atomic */
  gboolean left_pending; /* derived: a left limit appended, not published */
  double  *times;
  double **columns;      /* NULL when derived */
  char    *x_name, *x_unit;
  SwDerived *derived;
  /* The columns by name (made on the first search of a wide trajectory:
   * a window looking up the variables it plots among 70 000 columns
   * compared names for a minute); index_made is 0 until then. */
  GHashTable *index;
  gsize       index_made;
};

/* Wider than this, a search by name builds the index. */
#define INDEX_COLUMNS 64

static void
allocate (SwTrajectory *tr, guint capacity)
{
  tr->capacity = capacity;
  tr->times = g_renew (double, tr->times, MAX (capacity, 1));
  for (guint c = 0; tr->columns != NULL && c < tr->n_columns; c++)
    tr->columns[c] = g_renew (double, tr->columns[c], MAX (capacity, 1));
}

void
_sw_column_names_free (SwColumnNames *names)
{
  if (names == NULL)
    return;
  g_free (names->names);
  g_free (names->text);
  g_free (names->units);
  g_free (names);
}

/* Units as interned strings: a few distinct ones in a model. */
static const char **
intern_units (GStrv units)
{
  guint n = g_strv_length (units);
  const char **interned = g_new (const char *, n + 1);

  for (guint c = 0; c < n; c++)
    interned[c] = g_intern_string (units[c]);
  interned[n] = NULL;
  g_strfreev (units);
  return interned;
}

static void
drop_namer (SwTrajectory *tr)
{
  if (tr->namer_destroy != NULL)
    tr->namer_destroy (tr->namer_data);
  tr->namer = NULL;
  tr->namer_data = NULL;
  tr->namer_destroy = NULL;
}

/* The names and units, made by the namer the first time they are asked
 * for (from any thread). */
static void
ensure_names (const SwTrajectory *trajectory)
{
  SwTrajectory *tr = (SwTrajectory *) trajectory;

  if (g_once_init_enter (&tr->names_made))
    {
      SwColumnNames *names = tr->namer (tr->namer_data);

      g_assert (g_strv_length (names->names) == tr->n_columns);
      tr->names = names->names;
      tr->names_text = names->text;
      tr->units = names->units;
      g_free (names);
      drop_namer (tr);
      g_once_init_leave (&tr->names_made, 1);
    }
}

static SwTrajectory *
trajectory_new_n (guint n_columns, guint capacity_rows)
{
  SwTrajectory *tr = g_new0 (SwTrajectory, 1);

  g_atomic_ref_count_init (&tr->ref_count);
  tr->n_columns = n_columns;
  tr->x_name = g_strdup ("time");
  tr->x_unit = g_strdup ("s");
  tr->columns = g_new0 (double *, MAX (tr->n_columns, 1));
  tr->sized = capacity_rows > 0;
  if (tr->sized)
    allocate (tr, MAX (capacity_rows, 16));
  else
    tr->times = g_new (double, 1);
  return tr;
}

static SwTrajectory *
trajectory_new (char **names, char *names_text, const char **units, guint capacity_rows)
{
  SwTrajectory *tr = trajectory_new_n (g_strv_length (names), capacity_rows);

  tr->names = names;
  tr->names_text = names_text;
  tr->units = units;
  tr->names_made = 1;
  g_return_val_if_fail (g_strv_length ((char **) units) == tr->n_columns, tr);
  return tr;
}

SwTrajectory *
_sw_trajectory_new_lazily_named (guint n_columns, SwColumnNamer namer, gpointer data, GDestroyNotify destroy)
{
  SwTrajectory *tr;

  g_return_val_if_fail (namer != NULL, NULL);
  tr = trajectory_new_n (n_columns, 0);
  tr->namer = namer;
  tr->namer_data = data;
  tr->namer_destroy = destroy;
  return tr;
}

SwTrajectory *
sw_trajectory_new_sized (GStrv names, GStrv units, guint capacity_rows)
{
  g_return_val_if_fail (names != NULL && units != NULL, NULL);
  return trajectory_new (names, NULL, intern_units (units), capacity_rows);
}

SwTrajectory *
sw_trajectory_new (GStrv names, GStrv units)
{
  return sw_trajectory_new_sized (names, units, 0);
}

SwTrajectory *
_sw_trajectory_new_named (SwColumnNames *names, guint capacity_rows)
{
  SwTrajectory *tr;

  g_return_val_if_fail (names != NULL, NULL);
  tr = trajectory_new (names->names, names->text, names->units, capacity_rows);
  g_free (names);
  return tr;
}

SwTrajectory *
_sw_trajectory_new_derived (SwColumnNames        *names,
                            guint                 capacity_rows,
                            const SwSystem       *sys,
                            const SwColumnSource *cols,
                            const double         *events,
                            guint                 n_events)
{
  SwTrajectory *tr = g_new0 (SwTrajectory, 1);

  g_return_val_if_fail (names != NULL && sys != NULL, NULL);
  g_atomic_ref_count_init (&tr->ref_count);
  tr->names = names->names;
  tr->names_text = names->text;
  tr->units = names->units;
  tr->names_made = 1;
  g_free (names);
  tr->n_columns = g_strv_length (tr->names);
  g_return_val_if_fail (g_strv_length ((char **) tr->units) == tr->n_columns, tr);
  tr->x_name = g_strdup ("time");
  tr->x_unit = g_strdup ("s");
  tr->sized = TRUE;
  allocate (tr, MAX (capacity_rows, 1));
  tr->derived = _sw_derived_new (sys, cols, tr->n_columns, events, n_events, tr->capacity, tr->times);
  return tr;
}

gboolean
_sw_trajectory_is_full (const SwTrajectory *tr)
{
  return tr->sized && (guint) tr->n_rows >= tr->capacity;
}

gboolean
_sw_trajectory_derives_from (const SwTrajectory *tr, const SwSystem *sys)
{
  return tr->derived != NULL && _sw_derived_get_system (tr->derived) == sys;
}

gboolean
_sw_trajectory_append_state (SwTrajectory *tr, double t, const double *y, gboolean left)
{
  guint r = (guint) tr->n_rows + (tr->left_pending ? 1 : 0);

  g_return_val_if_fail (tr->derived != NULL, FALSE);
  /* Only the right limit follows a left one, at its time. */
  g_return_val_if_fail (!tr->left_pending || (!left && t == tr->times[r - 1]), FALSE);
  if (r == tr->capacity)
    return FALSE;
  tr->times[r] = t;
  _sw_derived_store (tr->derived, r, y);
  tr->left_pending = left;
  /* Publishes the row after its time and state (a left limit with its
   * right limit). */
  if (!left)
    g_atomic_int_set (&tr->n_rows, (gint) r + 1);
  return TRUE;
}

void
sw_trajectory_set_cache_budget (SwTrajectory *tr, gsize bytes)
{
  g_return_if_fail (tr != NULL);
  if (tr->derived != NULL)
    _sw_derived_set_budget (tr->derived, bytes, -1);
}

void
_sw_trajectory_set_cache (SwTrajectory *tr, gsize budget_bytes, gint64 keep_us)
{
  g_return_if_fail (tr != NULL && tr->derived != NULL);
  _sw_derived_set_budget (tr->derived, budget_bytes, keep_us);
}

void
sw_trajectory_get_memory (const SwTrajectory *tr, guint64 *stored_bytes, guint64 *cached_bytes,
                          guint *values_per_row)
{
  guint64 stored, cached = 0;
  guint per_row, n_cached;

  g_return_if_fail (tr != NULL);
  if (tr->derived != NULL)
    {
      _sw_derived_get_bytes (tr->derived, &stored, &cached, &n_cached);
      per_row = 1 + _sw_derived_get_n_states (tr->derived);
    }
  else
    {
      per_row = 1 + tr->n_columns;
      stored = 0;
    }
  stored += (guint64) tr->capacity * (tr->derived != NULL ? 1 : per_row) * sizeof (double);
  if (stored_bytes != NULL)
    *stored_bytes = stored;
  if (cached_bytes != NULL)
    *cached_bytes = cached;
  if (values_per_row != NULL)
    *values_per_row = per_row;
}

void
sw_trajectory_append_row (SwTrajectory *tr, double t, const double *values)
{
  guint r = (guint) tr->n_rows;

  /* A trajectory that derives its columns takes states. */
  g_return_if_fail (tr->derived == NULL);

  if (r == tr->capacity)
    {
      /* A sized trajectory may be read by another thread: never moved. */
      g_return_if_fail (!tr->sized);
      allocate (tr, MAX (tr->capacity + tr->capacity / 2, 16));
    }
  tr->times[r] = t;
  for (guint c = 0; c < tr->n_columns; c++)
    tr->columns[c][r] = values[c];
  /* Publishes the row after its values. */
  g_atomic_int_set (&tr->n_rows, (gint) r + 1);
}

void
sw_trajectory_append_rows (SwTrajectory *tr, guint n_rows, const double *t, const double *values)
{
  guint r0 = (guint) tr->n_rows, nc = tr->n_columns;

  g_return_if_fail (tr->derived == NULL);
  if (r0 + n_rows > tr->capacity)
    {
      g_return_if_fail (!tr->sized);
      allocate (tr, MAX (MAX (r0 + n_rows, tr->capacity + tr->capacity / 2), 16));
    }
  for (guint r = 0; r < n_rows; r++)
    tr->times[r0 + r] = t[r];
  for (guint c = 0; c < nc; c++)
    {
      double *col = tr->columns[c] + r0;

      for (guint r = 0; r < n_rows; r++)
        col[r] = values[(gsize) r * nc + c];
    }
  /* Publishes the rows after their values. */
  g_atomic_int_set (&tr->n_rows, (gint) (r0 + n_rows));
}

SwTrajectory *
sw_trajectory_ref (SwTrajectory *tr)
{
  g_atomic_ref_count_inc (&tr->ref_count);
  return tr;
}

void
sw_trajectory_unref (SwTrajectory *tr)
{
  if (!g_atomic_ref_count_dec (&tr->ref_count))
    return;
  for (guint c = 0; tr->columns != NULL && c < tr->n_columns; c++)
    g_free (tr->columns[c]);
  g_free (tr->columns);
  _sw_derived_free (tr->derived);
  g_free (tr->times);
  g_clear_pointer (&tr->index, g_hash_table_unref);
  drop_namer (tr);
  if (tr->names_text != NULL)
    g_free (tr->names);
  else
    g_strfreev (tr->names);
  g_free (tr->names_text);
  g_free (tr->units);
  g_free (tr->x_name);
  g_free (tr->x_unit);
  g_free (tr);
}

void
sw_trajectory_set_x_axis (SwTrajectory *tr, const char *name, const char *unit)
{
  g_free (tr->x_name);
  g_free (tr->x_unit);
  tr->x_name = g_strdup (name);
  tr->x_unit = g_strdup (unit);
}

const char *sw_trajectory_get_x_name (const SwTrajectory *tr) { return tr->x_name; }
const char *sw_trajectory_get_x_unit (const SwTrajectory *tr) { return tr->x_unit; }

guint
sw_trajectory_get_n_rows (const SwTrajectory *tr)
{
  guint n = (guint) g_atomic_int_get (&tr->n_rows);

  /* The rows the cached columns hold, extended to those published. */
  return tr->derived != NULL ? _sw_derived_sync (tr->derived, n) : n;
}

guint sw_trajectory_get_n_columns (const SwTrajectory *tr) { return tr->n_columns; }
const double *sw_trajectory_get_times (const SwTrajectory *tr) { return tr->times; }

const char *
sw_trajectory_get_column_name (const SwTrajectory *tr, guint column)
{
  g_return_val_if_fail (column < tr->n_columns, NULL);
  ensure_names (tr);
  return tr->names[column];
}

const char *
sw_trajectory_get_column_unit (const SwTrajectory *tr, guint column)
{
  g_return_val_if_fail (column < tr->n_columns, NULL);
  ensure_names (tr);
  return tr->units[column];
}

const double *
sw_trajectory_get_column (const SwTrajectory *tr, guint column)
{
  g_return_val_if_fail (column < tr->n_columns, NULL);
  static const double no_rows[1] = { 0 };

  if (tr->derived != NULL)
    return _sw_derived_get_column (tr->derived, (guint) g_atomic_int_get (&tr->n_rows), column);
  /* Not allocated before the first row. */
  return tr->columns[column] != NULL ? tr->columns[column] : no_rows;
}

void
sw_trajectory_prepare_columns (const SwTrajectory *tr, const guint *columns, guint n)
{
  g_return_if_fail (tr != NULL && (columns != NULL || n == 0));

  if (tr->derived != NULL && n > 0)
    _sw_derived_prepare (tr->derived, (guint) g_atomic_int_get (&tr->n_rows), columns, n);
}

int
sw_trajectory_find_column (const SwTrajectory *trajectory, const char *name)
{
  SwTrajectory *tr = (SwTrajectory *) trajectory;
  gpointer found;

  ensure_names (tr);
  if (tr->n_columns <= INDEX_COLUMNS)
    {
      for (guint c = 0; c < tr->n_columns; c++)
        if (strcmp (tr->names[c], name) == 0)
          return (int) c;
      return -1;
    }
  if (g_once_init_enter (&tr->index_made))
    {
      /* The first of equal names, as the search above finds it. */
      tr->index = g_hash_table_new (g_str_hash, g_str_equal);
      for (guint c = tr->n_columns; c-- > 0;)
        g_hash_table_insert (tr->index, tr->names[c], GUINT_TO_POINTER (c + 1));
      g_once_init_leave (&tr->index_made, 1);
    }
  found = g_hash_table_lookup (tr->index, name);
  return found != NULL ? (int) GPOINTER_TO_UINT (found) - 1 : -1;
}

double
sw_trajectory_interpolate (const SwTrajectory *tr, guint column, double t)
{
  const double *ts = sw_trajectory_get_times (tr);
  const double *ys = sw_trajectory_get_column (tr, column);
  guint n = sw_trajectory_get_n_rows (tr), lo = 0, hi;

  g_return_val_if_fail (n > 0, NAN);
  if (t <= ts[0])
    return ys[0];
  if (t >= ts[n - 1])
    return ys[n - 1];
  /* Last row with time <= t: the right limit at an event. */
  hi = n - 1;
  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;
      if (ts[mid] <= t)
        lo = mid;
      else
        hi = mid;
    }
  if (ts[lo] == t)
    return ys[lo];
  return ys[lo] + (ys[hi] - ys[lo]) * (t - ts[lo]) / (ts[hi] - ts[lo]);
}

/* The rows through a CSV writer: each row's values gathered from the
 * columns. */
static gboolean
write_rows (const SwTrajectory *tr, SwOutputFile *output, GError **error)
{
  g_autoptr (SwCsvWriter) w = NULL;
  g_autofree double *row = g_new (double, MAX (tr->n_columns, 1));
  SwRowMaker maker = { 0 };
  gboolean ok = TRUE;

  ensure_names (tr);
  w = sw_csv_writer_new (output, tr->x_name, (const char *const *) tr->names, tr->n_columns);
  /* Derived: every row made once, in order, not through the cache. */
  if (tr->derived != NULL)
    _sw_derived_init_maker (tr->derived, &maker);
  for (guint r = 0, n = sw_trajectory_get_n_rows (tr); ok && r < n; r++)
    {
      if (tr->derived != NULL)
        _sw_derived_make_row (tr->derived, &maker, r, n, row);
      else
        for (guint c = 0; c < tr->n_columns; c++)
          row[c] = tr->columns[c][r];
      ok = sw_csv_writer_add_row (w, tr->times[r], row, error);
    }
  if (tr->derived != NULL)
    _sw_row_maker_clear (&maker);
  return ok && sw_csv_writer_finish (w, error);
}

gboolean
sw_trajectory_write_csv_to_output (const SwTrajectory *tr, SwOutputFile *output, GError **error)
{
  g_return_val_if_fail (tr != NULL, FALSE);
  g_return_val_if_fail (output != NULL, FALSE);

  return write_rows (tr, output, error);
}

gboolean
sw_trajectory_write_csv (const SwTrajectory *tr, const char *path, GError **error)
{
  g_autoptr (SwOutputFile) output = NULL;

  if (path == NULL)
    return write_rows (tr, NULL, error);
  if (!(output = sw_output_file_open (path, NULL, SW_OUTPUT_FILE_DEFAULT, error))
      || !sw_trajectory_write_csv_to_output (tr, output, error))
    return FALSE;
  return sw_output_file_commit (g_steal_pointer (&output), error);
}
