/* sw-simulate-columns.c: a run's output columns, from the options'
 * variables (names and patterns, port variables) or every part's, in the
 * file's order (sw-simulate-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-simulate-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include "sw-error.h"

typedef SwColumnSource Column;

/* The columns of every variable, a piece at a time. */
#define PIECE 1024

/* Every "id.var" that matches a glob pattern ('*.w', 'J*.phi'). */
static gboolean
select_pattern (const SwSystem *sys, const char *pattern, GArray *cols, GError **error)
{
  g_autoptr (GPatternSpec) spec = g_pattern_spec_new (pattern);
  guint before = cols->len;

  for (guint k = 0; k < sys->n_parts; k++)
    for (guint i = sys->model_order[k], v = 0; v < _sw_part_n_variables (&sys->parts[i]); v++)
      {
        g_autofree char *var = _sw_part_dup_variable_name (&sys->parts[i], v);
        g_autofree char *name = g_strdup_printf ("%s.%s", sys->parts[i].id, var);

        if (_sw_part_variable_hidden (&sys->parts[i], v))
          continue;
        if (g_pattern_spec_match_string (spec, name))
          {
            Column c = { i, v };
            g_array_append_val (cols, c);
          }
      }
  for (guint k = 0; sys->observed != NULL && k < sys->observed->n; k++)
    if (g_pattern_spec_match_string (spec, sys->observed->names[k]))
      {
        Column c = { SW_COLUMN_OBSERVED, k };
        g_array_append_val (cols, c);
      }
  if (cols->len == before)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                   _("no variable matches “%s”; variables are ID.VAR, e.g. inertia1.w"), pattern);
      return FALSE;
    }
  return TRUE;
}

/* A variable asked for twice (two --variables, a name and a pattern that
 * matches it) is one column, where it was first asked for. */
static void
drop_repeated (const SwSystem *sys, GArray *cols)
{
  g_autofree gsize *first = g_new (gsize, sys->n_parts + 1);
  g_autofree guint8 *seen = NULL;
  guint kept = 0;

  first[0] = 0;
  for (guint i = 0; i < sys->n_parts; i++)
    first[i + 1] = first[i] + _sw_part_n_named_variables (&sys->parts[i]);
  /* The observed variables after the parts'. */
  seen = g_new0 (guint8, MAX (first[sys->n_parts] + (sys->observed != NULL ? sys->observed->n : 0), 1));
  for (guint k = 0; k < cols->len; k++)
    {
      Column c = g_array_index (cols, Column, k);
      gsize at = (c.part == SW_COLUMN_OBSERVED ? first[sys->n_parts] : first[c.part]) + c.var;

      if (seen[at])
        continue;
      seen[at] = 1;
      g_array_index (cols, Column, kept++) = c;
    }
  g_array_set_size (cols, kept);
}

const char *
_sw_simulate_append_column_name (const SwSystem *sys, SwColumnSource c, GString *into)
{
  const SwPart *p;
  g_autofree char *var = NULL;

  if (c.part == SW_COLUMN_OBSERVED)
    {
      /* An observed variable: its name and the unit it was given. */
      g_string_append (into, sys->observed->names[c.var]);
      return sys->observed->units[c.var];
    }
  p = &sys->parts[c.part];
  var = _sw_part_dup_variable_name (p, c.var);
  g_string_append (into, p->id);
  g_string_append_c (into, '.');
  g_string_append (into, var);
  return g_intern_string (_sw_part_variable_unit (p, c.var));
}

SwColumnNames *
_sw_simulate_column_names (const SwSystem *sys, const SwColumnSource *cols, guint n_cols)
{
  SwColumnNames *names = g_new0 (SwColumnNames, 1);
  GString *text = g_string_sized_new ((gsize) n_cols * 16);
  g_autofree gsize *at = g_new (gsize, n_cols + 1);

  names->units = g_new (const char *, n_cols + 1);
  for (guint k = 0; k < n_cols; k++)
    {
      at[k] = text->len;
      names->units[k] = _sw_simulate_append_column_name (sys, cols[k], text);
      g_string_append_c (text, '\0');
    }
  names->units[n_cols] = NULL;
  /* Its exact length: a GString's room doubles (up to 2x the text). */
  {
    gsize length = MAX (text->len, 1);

    names->text = g_realloc (g_string_free (text, FALSE), length);
  }
  names->names = g_new (char *, n_cols + 1);
  for (guint k = 0; k < n_cols; k++)
    names->names[k] = names->text + at[k];
  names->names[n_cols] = NULL;
  return names;
}

/* Which of the kind's port variables are hidden (bit v - n_vars), from the
 * cursor's cache: the same for every part of a kind. */
static guint64
kind_hidden (SwColumnCursor *cursor, const SwPart *p)
{
  guint slot;

  for (guint s = 0; s < SW_COLUMN_CURSOR_KINDS; s++)
    if (cursor->kinds[s] == p->kind)
      return cursor->hidden[s];
  slot = cursor->next_slot;
  cursor->next_slot = (slot + 1) % SW_COLUMN_CURSOR_KINDS;
  cursor->kinds[slot] = p->kind;
  cursor->hidden[slot] = 0;
  for (guint v = p->kind->n_vars; v < _sw_part_n_variables (p); v++)
    if (_sw_part_variable_hidden (p, v))
      cursor->hidden[slot] |= G_GUINT64_CONSTANT (1) << (v - p->kind->n_vars);
  return cursor->hidden[slot];
}

guint
_sw_simulate_next_columns (const SwSystem *sys, gboolean port_variables, SwColumnCursor *cursor, Column *cols,
                           guint max)
{
  guint n = 0;

  G_STATIC_ASSERT (2 * SW_KIND_MAX_PORTS <= 64);
  for (; cursor->k < sys->n_parts; cursor->k++, cursor->var = 0)
    {
      guint i = sys->model_order[cursor->k];
      const SwPart *p = &sys->parts[i];
      guint nv = port_variables ? _sw_part_n_variables (p) : p->kind->n_vars;
      guint64 hidden = nv > p->kind->n_vars ? kind_hidden (cursor, p) : 0;

      /* A part whole in one piece where it fits. */
      if (cursor->var == 0 && n > 0 && n + nv > max)
        return n;
      for (; cursor->var < nv && n < max; cursor->var++)
        if (cursor->var < p->kind->n_vars || !(hidden & (G_GUINT64_CONSTANT (1) << (cursor->var - p->kind->n_vars))))
          cols[n++] = (Column) { i, cursor->var };
      if (cursor->var < nv)
        return n;
    }
  for (; sys->observed != NULL && cursor->var < sys->observed->n && n < max; cursor->var++)
    cols[n++] = (Column) { SW_COLUMN_OBSERVED, cursor->var };
  return n;
}

/* A run's columns: a system and its columns, kept for their names; or
 * (cols NULL) every variable's, with a cursor over them for names asked
 * for in order. */
typedef struct {
  SwSystem *sys;
  GArray   *cols;   /* Column */
  gboolean  port_variables;
  SwColumnCursor cursor;
  Column    piece[PIECE];
  guint     piece_start, piece_len;
} Columns;

static Columns *
columns_new (const SwSystem *sys, GArray *cols, gboolean port_variables)
{
  Columns *c = g_new0 (Columns, 1);

  c->sys = sw_system_ref ((SwSystem *) sys);
  c->cols = cols != NULL ? g_array_ref (cols) : NULL;
  c->port_variables = port_variables;
  return c;
}

static void
columns_free (gpointer data)
{
  Columns *c = data;

  sw_system_unref (c->sys);
  if (c->cols != NULL)
    g_array_unref (c->cols);
  g_free (c);
}

static SwColumnNames *
columns_names (gpointer data)
{
  Columns *c = data;
  g_autoptr (GArray) all = NULL;

  if (c->cols != NULL)
    return _sw_simulate_column_names (c->sys, (const Column *) c->cols->data, c->cols->len);
  {
    SwSimulateOptions o = sw_simulate_options_default ();
    gboolean ok;

    o.port_variables = c->port_variables;
    all = g_array_new (FALSE, FALSE, sizeof (Column));
    ok = _sw_simulate_select_columns (c->sys, &o, all, NULL, NULL);
    g_assert (ok);
  }
  return _sw_simulate_column_names (c->sys, (const Column *) all->data, all->len);
}

static void
columns_append_name (guint k, GString *into, gpointer data)
{
  Columns *c = data;

  if (c->cols != NULL)
    {
      _sw_simulate_append_column_name (c->sys, g_array_index (c->cols, Column, k), into);
      return;
    }
  /* In order as a header is written; from the start otherwise. */
  if (k < c->piece_start)
    {
      memset (&c->cursor, 0, sizeof c->cursor);
      c->piece_start = c->piece_len = 0;
    }
  while (k >= c->piece_start + c->piece_len)
    {
      c->piece_start += c->piece_len;
      c->piece_len = _sw_simulate_next_columns (c->sys, c->port_variables, &c->cursor, c->piece, PIECE);
      g_assert (c->piece_len > 0);
    }
  _sw_simulate_append_column_name (c->sys, c->piece[k - c->piece_start], into);
}

SwTrajectory *
_sw_simulate_new_lazily_named (const SwSystem *sys, GArray *cols, gboolean port_variables, guint n_cols)
{
  return _sw_trajectory_new_lazily_named (cols != NULL ? cols->len : n_cols, columns_names,
                                          columns_new (sys, cols, port_variables), columns_free);
}

SwCsvWriter *
sw_simulate_new_csv_writer (const SwSystem *system, const SwSimulateOptions *options, SwOutputFile *output,
                            GError **error)
{
  g_autoptr (GArray) cols = NULL;

  g_return_val_if_fail (system != NULL && options != NULL, NULL);
  /* Every variable: their names made in order as the header is written. */
  if (options->variables == NULL)
    return sw_csv_writer_new_named (output, "time", _sw_simulate_count_columns (system, options),
                                    columns_append_name, columns_new (system, NULL, options->port_variables),
                                    columns_free);
  cols = g_array_new (FALSE, FALSE, sizeof (Column));
  if (!_sw_simulate_select_columns (system, options, cols, NULL, error))
    return NULL;
  return sw_csv_writer_new_named (output, "time", cols->len, columns_append_name,
                                  columns_new (system, cols, options->port_variables), columns_free);
}

guint
_sw_simulate_count_columns (const SwSystem *sys, const SwSimulateOptions *o)
{
  SwColumnCursor cursor = { 0 };
  Column piece[PIECE];
  guint n = 0, got;

  g_return_val_if_fail (o->variables == NULL, 0);
  while ((got = _sw_simulate_next_columns (sys, o->port_variables, &cursor, piece, PIECE)) > 0)
    n += got;
  return n;
}

gboolean
_sw_simulate_select_columns (const SwSystem *sys, const SwSimulateOptions *o, GArray *cols, SwColumnNames **names,
                             GError **error)
{

  if (o->variables == NULL)
    {
      for (guint k = 0; k < sys->n_parts; k++)
        for (guint i = sys->model_order[k], v = 0;
             v < (o->port_variables ? _sw_part_n_variables (&sys->parts[i]) : sys->parts[i].kind->n_vars); v++)
          {
            Column c = { i, v };

            if (!_sw_part_variable_hidden (&sys->parts[i], v))
              g_array_append_val (cols, c);
          }
      for (guint k = 0; sys->observed != NULL && k < sys->observed->n; k++)
        {
          Column c = { SW_COLUMN_OBSERVED, k };
          g_array_append_val (cols, c);
        }
    }
  else
    for (guint k = 0; o->variables[k] != NULL; k++)
      {
        const char *name = o->variables[k];
        const char *dot = strchr (name, '.');

        if (strpbrk (name, "*?") != NULL)
          {
            if (!select_pattern (sys, name, cols, error))
              return FALSE;
            continue;
          }
        const char *var_name;
        int observed = _sw_system_find_observed (sys, name);

        if (observed >= 0)
          {
            Column c = { SW_COLUMN_OBSERVED, (guint) observed };
            g_array_append_val (cols, c);
            continue;
          }
        int part = _sw_system_find_variable_part (sys, name, &var_name), var;
        g_autofree char *id = part >= 0 ? g_strdup (sys->parts[part].id)
                                        : dot ? g_strndup (name, dot - name) : g_strdup (name);

        if (part < 0)
          {
            g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                         _("unknown variable “%s”: there is no component “%s”"), name, id);
            return FALSE;
          }
        var = _sw_part_find_variable (&sys->parts[part], var_name);
        if (var < 0)
          {
            const SwKind *kind = sys->parts[part].kind;
            g_autoptr (GString) valid = g_string_new (NULL);

            for (guint v = 0; v < kind->n_vars; v++)
              g_string_append_printf (valid, "%s%s", v ? ", " : "", kind->vars[v].name);
            /* and the ports' (Modelica's flange_a.phi, flange_a.tau). */
            for (guint k = 0; k < 2 * kind->n_ports; k++)
              {
                char buf[64];

                g_string_append_printf (valid, "%s%s", valid->len ? ", " : "",
                                        sw_kind_port_variable (kind, k, buf, sizeof buf, NULL));
              }
            g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                         _("unknown variable “%s”: component “%s” (%s) has %s"), name, id, kind->name,
                         valid->str);
            return FALSE;
          }
        {
          Column c = { part, var };
          g_array_append_val (cols, c);
        }
      }
  drop_repeated (sys, cols);
  /* Only the columns wanted: no names for a check. */
  if (names != NULL)
    *names = _sw_simulate_column_names (sys, (const Column *) cols->data, cols->len);
  return TRUE;
}
