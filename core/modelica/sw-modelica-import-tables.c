/* sw-modelica-import-tables.c: Modelica.Blocks.Sources.CombiTimeTable as
 * a table signal, and Blocks.Tables.CombiTable1Ds (CombiTable1D,
 * CombiTable1Dv) as a lookup signal of what drives its input.
 *
 * One output y[k] of the block is the table's column columns[k] against
 * its first column: {"table": {"points": [[t, y], …], "interpolation",
 * "extrapolation", "offset", "startTime"}}. The table signal shifts its
 * times by startTime and is offset before it, as CombiTimeTable does with
 * its default shiftTime = startTime. A table on a file is read by
 * sw-modelica-import-table-file.c. Every smoothness of MSL 4 is read
 * (the cubic ones with MSL's slopes, core/model/sw-signal-spline.c); what
 * the signal cannot do (a cubic one that is periodic or has jumps, another
 * shiftTime) is an error naming the modifier and what is valid.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-import-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

/* An enumeration literal (Modelica.Blocks.Types.Smoothness.LinearSegments)
 * by its last part, or NULL with an error. */
static const char *
literal (Import *im, const MoMod *m)
{
  if (m->value == NULL || m->value->kind != MO_NAME)
    {
      _sw_mo_fail (im, m->line, m->column, _("%s needs a value of its enumeration (such as %s)"), m->name,
                   strcmp (m->name, "smoothness") == 0 ? "Modelica.Blocks.Types.Smoothness.LinearSegments"
                                                       : "Modelica.Blocks.Types.Extrapolation.LastTwoPoints");
      return NULL;
    }
  return _sw_mo_last_part (m->value->text);
}

/* The numbers of modifier name (a number, or an array of them) into v;
 * FALSE with an error. Not given: v untouched. */
static gboolean
numbers (Import *im, const MoElement *block, const char *name, Value *v)
{
  MoMod *m = _sw_mo_find (block->mods, name);

  if (m == NULL)
    return TRUE;
  if (m->value == NULL)
    {
      _sw_mo_fail (im, m->line, m->column, _("%s.%s needs a value"), block->name, name);
      return FALSE;
    }
  _sw_mo_value_clear (v);
  return _sw_mo_eval (im, m->value, v);
}

/* The k-th number of v (a number, or a row or column of numbers). */
static double
nth (const Value *v, guint k)
{
  if (v->kind == V_NUMBER)
    return v->number;
  return v->cells[MIN (k, v->rows * v->cols - 1)];
}

static guint
count (const Value *v)
{
  return v->kind == V_NUMBER ? 1 : v->rows * v->cols;
}

/* A table block's smoothness and extrapolation, and where they were given. */
typedef struct {
  const char   *interpolation, *extrapolation;
  const MoMod  *smooth_at, *periodic_at;
} TableOptions;

/* Output y[k] (k from 0) of a table block as rows [x, y] of its column: the
 * columns modifier (1-based) or, without it, column k + 2; the first column
 * scaled by SCALE (a CombiTimeTable's timeScale). NULL after an error naming
 * the block where the column is not one of the table's. */
static JsonArray *
column_points (Import *im, const MoElement *block, guint k, const Value *columns, const Value *table, double scale)
{
  guint column = k + 2;
  JsonArray *points;

  if (_sw_mo_find (block->mods, "columns") != NULL)
    column = k < count (columns) && nth (columns, k) >= 0 ? (guint) nth (columns, k) : 0;
  if (column < 2 || column > table->cols)
    {
      _sw_mo_fail (im, block->line, block->column,
                   _("%s: output y[%u] reads table column %u; valid: columns 2 to %u of the table"), block->name, k + 1,
                   column, table->cols);
      return NULL;
    }
  points = json_array_new ();
  for (guint r = 0; r < table->rows; r++)
    {
      JsonArray *row = json_array_new ();

      json_array_add_double_element (row, table->cells[r * table->cols] * scale);
      json_array_add_double_element (row, table->cells[r * table->cols + column - 1]);
      json_array_add_array_element (points, row);
    }
  return points;
}

/* The modifiers of a table block: only accepted ones, smoothness and
 * extrapolation read into o. NoExtrapolation stops a Modelica run where
 * the table is read past its end (a lookup: outside its grid): extrapolation
 * "none", which stops the run there with an error. */
static gboolean
table_options (Import *im, const MoElement *block, const char *const *accepted, TableOptions *o)
{
  *o = (TableOptions) { "linear", "linear", NULL, NULL };
  for (guint i = 0; block->mods != NULL && i < block->mods->len; i++)
    {
      const MoMod *m = g_ptr_array_index (block->mods, i);
      const char *s;

      if (!g_strv_contains (accepted, m->name))
        {
          g_autofree char *valid = g_strjoinv (", ", (char **) accepted);

          _sw_mo_fail (im, m->line, m->column, _("%s (%s): parameter “%s” is not supported; valid: %s"), block->name,
                       block->type, m->name, valid);
          return FALSE;
        }
      if (strcmp (m->name, "smoothness") != 0 && strcmp (m->name, "extrapolation") != 0)
        continue;
      if ((s = literal (im, m)) == NULL)
        return FALSE;
      if (strcmp (m->name, "smoothness") == 0)
        {
          guint k;

          for (k = 0; _sw_mo_smoothness[k].interpolation != NULL; k++)
            if (strcmp (s, _sw_mo_smoothness[k].smoothness) == 0)
              break;
          if (_sw_mo_smoothness[k].interpolation == NULL)
            {
              _sw_mo_fail (im, m->line, m->column,
                           _("%s.smoothness = %s is not supported; valid: LinearSegments, ConstantSegments, "
                             "ContinuousDerivative, MonotoneContinuousDerivative1, MonotoneContinuousDerivative2"),
                           block->name, s);
              return FALSE;
            }
          o->interpolation = _sw_mo_smoothness[k].interpolation;
          o->smooth_at = m;
        }
      else if (strcmp (s, "HoldLastPoint") == 0)
        o->extrapolation = "hold";
      else if (strcmp (s, "NoExtrapolation") == 0)
        o->extrapolation = "none";
      else if (strcmp (s, "Periodic") == 0)
        {
          o->extrapolation = "periodic";
          o->periodic_at = m;
        }
      else if (strcmp (s, "LastTwoPoints") != 0)
        {
          _sw_mo_fail (im, m->line, m->column,
                       _("%s.extrapolation = %s is not supported; valid: LastTwoPoints, HoldLastPoint, Periodic, "
                         "NoExtrapolation"), block->name, s);
          return FALSE;
        }
    }
  return TRUE;
}

JsonNode *
_sw_mo_combi_table_signal (Import *im, const MoElement *block, const char *output)
{
  static const char *const accepted[] = {
    "table", "columns", "smoothness", "extrapolation", "offset", "startTime", "shiftTime", "timeScale",
    "tableOnFile", "tableName", "fileName", "verboseRead", "verboseExtrapolation", "timeEvents", NULL,
  };
  const char *sub = output != NULL ? strchr (output, '[') : NULL;
  guint k = sub != NULL ? (guint) strtoul (sub + 1, NULL, 10) - 1 : 0;
  Value table = { 0 }, columns = { 0 }, offset = { V_NUMBER, 0 }, start = { V_NUMBER, 0 }, shift = { 0 };
  Value scale = { V_NUMBER, 1 }, on_file = { V_NUMBER, 0 };
  TableOptions options;
  JsonObject *fields = NULL, *outer;
  JsonArray *points;
  JsonNode *node = NULL;

  if (!table_options (im, block, accepted, &options))
    return NULL;
  if (!numbers (im, block, "tableOnFile", &on_file) || !numbers (im, block, "table", &table)
      || !numbers (im, block, "columns", &columns) || !numbers (im, block, "offset", &offset)
      || !numbers (im, block, "startTime", &start) || !numbers (im, block, "shiftTime", &shift)
      || !numbers (im, block, "timeScale", &scale))
    goto out;
  if (on_file.number != 0)
    {
      _sw_mo_value_clear (&table);
      if (!_sw_mo_read_table_file (im, block, &table))
        goto out;
    }
  if (table.kind != V_MATRIX || table.cols < 2 || table.rows < 1)
    {
      _sw_mo_fail (im, block->line, block->column,
                   _("%s: give the table (table = [t, y1, …; …], or tableOnFile = true with tableName and fileName "
                     "of a text table), at least two columns"), block->name);
      goto out;
    }
  if (shift.kind == V_NUMBER && _sw_mo_find (block->mods, "shiftTime") != NULL && shift.number != nth (&start, 0))
    {
      _sw_mo_fail (im, block->line, block->column,
                   _("%s.shiftTime = %g is not supported: the table starts at startTime (%g); valid: shiftTime = "
                     "startTime"), block->name, shift.number, nth (&start, 0));
      goto out;
    }
  if (!(nth (&scale, 0) > 0))
    {
      _sw_mo_fail (im, block->line, block->column, _("%s.timeScale = %g is not valid; valid: > 0"), block->name,
                   nth (&scale, 0));
      goto out;
    }
  /* Cubic interpolations need increasing times and no period: the
   * slopes at a jump or across the wrap are not what the MSL computes. */
  if (options.smooth_at != NULL && strcmp (options.interpolation, "linear") != 0
      && strcmp (options.interpolation, "hold") != 0)
    {
      if (options.periodic_at != NULL)
        {
          _sw_mo_fail (im, options.periodic_at->line, options.periodic_at->column,
                       _("%s: extrapolation = Periodic with smoothness = %s is not supported; valid with it: "
                         "LastTwoPoints, HoldLastPoint, NoExtrapolation (or Periodic with LinearSegments or "
                         "ConstantSegments)"), block->name, _sw_mo_last_part (options.smooth_at->value->text));
          goto out;
        }
      for (guint r = 1; r < table.rows; r++)
        if (table.cells[r * table.cols] == table.cells[(r - 1) * table.cols])
          {
            _sw_mo_fail (im, options.smooth_at->line, options.smooth_at->column,
                         _("%s: smoothness = %s needs increasing times, but rows %u and %u of the table have "
                           "time %g (a jump); valid for a table with jumps: LinearSegments, ConstantSegments"),
                         block->name, _sw_mo_last_part (options.smooth_at->value->text), r, r + 1,
                         table.cells[r * table.cols]);
            goto out;
          }
    }
  points = column_points (im, block, k, &columns, &table, nth (&scale, 0));
  if (points == NULL)
    goto out;
  fields = json_object_new ();
  json_object_set_array_member (fields, "points", points);
  json_object_set_string_member (fields, "interpolation", options.interpolation);
  json_object_set_string_member (fields, "extrapolation", options.extrapolation);
  json_object_set_double_member (fields, "offset", nth (&offset, count (&offset) > 1 ? k : 0));
  json_object_set_double_member (fields, "startTime", nth (&start, 0));
  outer = json_object_new ();
  json_object_set_object_member (outer, "table", fields);
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, outer);
out:
  _sw_mo_value_clear (&table);
  _sw_mo_value_clear (&columns);
  _sw_mo_value_clear (&offset);
  _sw_mo_value_clear (&start);
  _sw_mo_value_clear (&shift);
  _sw_mo_value_clear (&scale);
  _sw_mo_value_clear (&on_file);
  return node;
}

/* ---- Blocks.Tables.CombiTable1Ds, CombiTable1D, CombiTable1Dv ----------- */

/* CombiTable1Ds has one input u for all its outputs; CombiTable1D (MSL 3)
 * and CombiTable1Dv (its MSL 4 name) read output y[k] at input u[k]. */
static gboolean
one_input (const MoElement *block)
{
  return strcmp (_sw_mo_last_part (block->type), "CombiTable1Ds") == 0;
}

/* Modelica's grid must be strictly increasing: a repeated or falling
 * value is refused at the table's modifier. */
static gboolean
check_grid (Import *im, const MoElement *block, const Value *table)
{
  const MoMod *at = _sw_mo_find (block->mods, "table");

  for (guint r = 1; r < table->rows; r++)
    if (!(table->cells[r * table->cols] > table->cells[(r - 1) * table->cols]))
      {
        _sw_mo_fail (im, at->line, at->column,
                     _("%s: row %u of the table has u = %g after %g in row %u; the first column (the grid) must be "
                       "strictly increasing"), block->name, r + 1, table->cells[r * table->cols],
                     table->cells[(r - 1) * table->cols], r);
        return FALSE;
      }
  return TRUE;
}

JsonNode *
_sw_mo_combi_table_1d_signal (Import *im, const MoElement *block, const char *output, guint depth)
{
  static const char *const accepted[] = {
    "table", "columns", "smoothness", "extrapolation", "tableOnFile", "tableName", "fileName", "verboseRead",
    "verboseExtrapolation", NULL,
  };
  const char *sub = output != NULL ? strchr (output, '[') : NULL;
  guint k = sub != NULL ? (guint) strtoul (sub + 1, NULL, 10) - 1 : 0;
  Value table = { 0 }, columns = { 0 }, on_file = { V_NUMBER, 0 };
  TableOptions options;
  g_autofree char *input = NULL;
  JsonObject *fields = NULL, *outer;
  JsonNode *node = NULL, *in;
  JsonArray *points;

  if (!table_options (im, block, accepted, &options))
    return NULL;
  if (!numbers (im, block, "tableOnFile", &on_file) || !numbers (im, block, "table", &table)
      || !numbers (im, block, "columns", &columns))
    goto out;
  if (on_file.number != 0)
    {
      const MoMod *m = _sw_mo_find (block->mods, "tableOnFile");

      _sw_mo_fail (im, m->line, m->column,
                   _("%s: tableOnFile = true is not supported for %s; valid: the table in the model, table = [u, y1, "
                     "…; …]"), block->name, _sw_mo_last_part (block->type));
      goto out;
    }
  if (table.kind != V_MATRIX || table.cols < 2 || table.rows < 1)
    {
      _sw_mo_fail (im, block->line, block->column,
                   _("%s: give the table (table = [u, y1, …; …]), at least two columns"), block->name);
      goto out;
    }
  if (!check_grid (im, block, &table))
    goto out;
  if (options.smooth_at != NULL && options.periodic_at != NULL && strcmp (options.interpolation, "linear") != 0
      && strcmp (options.interpolation, "hold") != 0)
    {
      _sw_mo_fail (im, options.periodic_at->line, options.periodic_at->column,
                   _("%s: extrapolation = Periodic with smoothness = %s is not supported; valid with it: "
                     "LastTwoPoints, HoldLastPoint (or Periodic with LinearSegments or ConstantSegments)"),
                   block->name, _sw_mo_last_part (options.smooth_at->value->text));
      goto out;
    }
  points = column_points (im, block, k, &columns, &table, 1);
  if (points == NULL)
    goto out;
  input = one_input (block) ? g_strdup ("u") : g_strdup_printf ("u[%u]", k + 1);
  in = _sw_mo_import_input_signal (im, block, input, depth);
  if (in == NULL)
    {
      json_array_unref (points);
      goto out;
    }
  fields = json_object_new ();
  json_object_set_member (fields, "input", in);
  json_object_set_array_member (fields, "points", points);
  json_object_set_string_member (fields, "interpolation", options.interpolation);
  json_object_set_string_member (fields, "extrapolation", options.extrapolation);
  outer = json_object_new ();
  json_object_set_object_member (outer, "lookup", fields);
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, outer);
out:
  _sw_mo_value_clear (&table);
  _sw_mo_value_clear (&columns);
  _sw_mo_value_clear (&on_file);
  return node;
}
