/* sw-model-file-values.c: the values of a *.shaft file: numbers, strings,
 * the keys an object may have, table and expression parameters.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-private.h"
#include "sw-model-file-private.h"
#include "sw-model-reader-private.h"
#include "sw-subsystem-private.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>

/* Values */

const char *
_sw_reader_describe_node (JsonNode *node)
{
  GType type;

  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      return _("an object");
    case JSON_NODE_ARRAY:
      return _("an array");
    case JSON_NODE_NULL:
      return "null";
    case JSON_NODE_VALUE:
    default:
      break;
    }

  type = json_node_get_value_type (node);
  if (type == G_TYPE_STRING)
    return _("a string");
  if (type == G_TYPE_BOOLEAN)
    return _("true/false");
  return _("a number");
}

gboolean
_sw_reader_node_get_number (JsonNode *node,
                            double   *value)
{
  GType type;

  if (!JSON_NODE_HOLDS_VALUE (node))
    return FALSE;

  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64)
    *value = (double) json_node_get_int (node);
  else if (type == G_TYPE_DOUBLE)
    *value = json_node_get_double (node);
  else
    return FALSE;

  return TRUE;
}

const char *
_sw_reader_node_get_string (JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

char *
_sw_reader_join_names (const char *const *names)
{
  return g_strjoinv (", ", (char **) names);
}

gboolean
_sw_reader_has_unknown_keys (JsonObject        *object,
                             const char *const *valid)
{
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;

  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &name, &member))
    if (!g_strv_contains (valid, name))
      return TRUE;
  return FALSE;
}

/* Reports members of object not in valid. who: NULL at the top level. */
void
_sw_reader_check_keys (Reader            *r,
                       JsonObject        *object,
                       const char        *who,
                       const char *const *valid)
{
  g_autoptr(GList) names = NULL;

  if (!_sw_reader_has_unknown_keys (object, valid))
    return;
  names = json_object_get_members (object);

  for (GList *l = names; l != NULL; l = l->next)
    {
      g_autofree char *quoted = NULL;
      g_autofree char *list = NULL;

      if (g_strv_contains (valid, l->data))
        continue;

      quoted = _sw_quote (l->data);
      list = _sw_reader_join_names (valid);
      if (who == NULL)
        _sw_reader_add_problem (r, _sw_reader_member_key_offset (r, object, l->data), SW_ERROR_UNKNOWN_PARAMETER,
                                           _("unknown top-level key %s; valid keys: %s"), quoted, list);
      else
        _sw_reader_add_problem (r, _sw_reader_member_key_offset (r, object, l->data), SW_ERROR_UNKNOWN_PARAMETER,
                                           _("%s: unknown key %s; valid keys: %s"), who, quoted, list);
    }
}

/* A TABLE parameter: a list of rows, each of n_columns numbers. Each
 * problem is reported at the row or value it concerns. */
gboolean
_sw_reader_read_table (Reader      *r,
                       const char  *who,
                       SwComponent *c,
                       guint        p,
                       JsonObject  *params,
                       const char  *name)
{
  const SwParamDesc *desc = &c->kind->params[p];
  const SwTableDesc *table = desc->table;
  JsonNode *node = json_object_get_member (params, name);
  g_autofree char *shape = _sw_table_dup_row_shape (table);
  g_autofree double *values = NULL;
  JsonArray *rows;
  guint n_rows;
  double prev_w = -INFINITY;
  gboolean ok = TRUE;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, params, name), SW_ERROR_PARSE,
                                         _("%s: parameter “%s” must be a list of rows [%s, …], not %s"),
                                         who, desc->name, shape, _sw_reader_describe_node (node));
      return FALSE;
    }
  rows = json_node_get_array (node);
  n_rows = json_array_get_length (rows);
  if (n_rows == 0)
    {
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, params, name), SW_ERROR_INVALID,
                                         _("%s: parameter “%s” needs at least one row %s"), who, desc->name, shape);
      return FALSE;
    }

  values = g_new (double, (gsize) n_rows * table->n_columns);
  for (guint i = 0; i < n_rows; i++)
    {
      JsonNode *row_node = json_array_get_element (rows, i);
      JsonArray *row;

      if (!JSON_NODE_HOLDS_ARRAY (row_node) ||
          json_array_get_length (json_node_get_array (row_node)) != table->n_columns)
        {
          if (JSON_NODE_HOLDS_ARRAY (row_node))
            _sw_reader_add_problem (r, _sw_reader_element_offset (r, rows, i), SW_ERROR_INVALID,
                                               _("%s: parameter “%s”, row %u has %u values; valid: %s, %u numbers"),
                                               who, desc->name, i + 1, json_array_get_length (json_node_get_array (row_node)),
                                               shape, table->n_columns);
          else
            _sw_reader_add_problem (r, _sw_reader_element_offset (r, rows, i), SW_ERROR_PARSE,
                                               _("%s: parameter “%s”, row %u must be %s, not %s"),
                                               who, desc->name, i + 1, shape, _sw_reader_describe_node (row_node));
          ok = FALSE;
          continue;
        }

      row = json_node_get_array (row_node);
      for (guint j = 0; j < table->n_columns; j++)
        {
          JsonNode *cell = json_array_get_element (row, j);
          double *value = &values[(gsize) i * table->n_columns + j];
          GError *error = NULL;

          if (!_sw_reader_node_get_number (cell, value))
            {
              _sw_reader_add_problem (r, _sw_reader_element_offset (r, row, j), SW_ERROR_PARSE,
                                                 _("%s: parameter “%s”, row %u: %s must be a number, not %s"),
                                                 who, desc->name, i + 1, table->columns[j].name, _sw_reader_describe_node (cell));
              *value = NAN;
              ok = FALSE;
              continue;
            }
          /* Increasing: against the last row whose w could be read. */
          if (!_sw_check_table_value (who, desc, i, j, *value, prev_w, &error))
            {
              _sw_reader_add_error (r, _sw_reader_element_offset (r, row, j), error);
              if (j == 0)
                *value = NAN;
              ok = FALSE;
              continue;
            }
        }
      if (!isnan (values[(gsize) i * table->n_columns]))
        prev_w = values[(gsize) i * table->n_columns];
    }
  if (!ok)
    return FALSE;

  g_clear_pointer (&c->table[p], sw_table_unref);
  c->table[p] = sw_table_new (n_rows, table->n_columns, values);
  c->param[p] = _sw_table_param_value (c->table[p]);
  c->given[p] = TRUE;
  return TRUE;
}

/* The byte of the character-th character (1-based) of a JSON string whose
 * opening quote is at offset (escapes count as the one character they
 * stand for); offset itself when no string begins there. */
static gsize
string_char_offset (Reader *r,
                    gsize   offset,
                    guint   character)
{
  gsize o;

  if (offset >= r->length || (r->data[offset] != '"' && r->data[offset] != '\''))
    return offset;
  o = offset + 1;
  for (guint k = 1; k < character && o < r->length && r->data[o] != r->data[offset]; k++)
    {
      if (r->data[o] == '\\' && r->data[offset] == '"')
        o += o + 1 < r->length && r->data[o + 1] == 'u' ? 6 : 2;
      else
        o = (gsize) (g_utf8_next_char (r->data + o) - r->data);
    }
  return MIN (o, r->length);
}

/* An EXPRESSION parameter: "formula", or {"expression": "formula",
 * "constants": {"name": number, …}}. */
static const char *const expression_keys[] = { "expression", "constants", NULL };

gboolean
_sw_reader_read_expression (Reader      *r,
                            const char  *who,
                            SwComponent *c,
                            guint        p,
                            JsonObject  *params,
                            const char  *name)
{
  const SwParamDesc *desc = &c->kind->params[p];
  JsonNode *node = json_object_get_member (params, name);
  JsonNode *text_node = node;
  JsonObject *object = NULL, *constants = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(SwExpression) expression = NULL;
  GError *error = NULL;
  gsize text_offset = _sw_reader_member_offset (r, params, name);
  guint position = 0;
  int constant = -1;
  gboolean ok = TRUE;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autoptr(GList) keys = NULL;
      JsonNode *member;

      object = json_node_get_object (node);
      keys = json_object_get_members (object);
      for (GList *l = keys; l != NULL; l = l->next)
        if (!g_strv_contains (expression_keys, l->data))
          {
            _sw_reader_add_problem (r, _sw_reader_member_key_offset (r, object, l->data), SW_ERROR_UNKNOWN_PARAMETER,
                                               _("%s: parameter “%s”: unknown key “%s”; valid: “expression” (the formula) and "
                                                 "“constants” ({\"name\": number, …})"), who, desc->name, (const char *) l->data);
            ok = FALSE;
          }
      text_node = json_object_get_member (object, "expression");
      if (text_node == NULL)
        {
          _sw_reader_add_problem (r, text_offset, SW_ERROR_INVALID,
                                  _("%s: parameter “%s”: “expression” (the formula) is missing"), who, desc->name);
          return FALSE;
        }
      text_offset = _sw_reader_member_offset (r, object, "expression");
      member = json_object_get_member (object, "constants");
      if (member != NULL && !JSON_NODE_HOLDS_OBJECT (member))
        {
          _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "constants"), SW_ERROR_PARSE,
                                             _("%s: parameter “%s”: “constants” must be an object {\"name\": number, …}, not %s"),
                                             who, desc->name, _sw_reader_describe_node (member));
          return FALSE;
        }
      if (member != NULL)
        {
          g_autoptr(GList) members = NULL;

          constants = json_node_get_object (member);
          members = json_object_get_members (constants);
          for (GList *l = members; l != NULL; l = l->next)
            {
              double value;

              if (!_sw_reader_node_get_number (json_object_get_member (constants, l->data), &value))
                {
                  _sw_reader_add_problem (r, _sw_reader_member_offset (r, constants, l->data), SW_ERROR_PARSE,
                                                     _("%s: parameter “%s”: constant “%s” must be a number, not %s"),
                                                     who, desc->name, (const char *) l->data,
                                                     _sw_reader_describe_node (json_object_get_member (constants, l->data)));
                  ok = FALSE;
                  continue;
                }
              g_ptr_array_add (names, l->data);
              g_array_append_val (values, value);
            }
        }
    }

  if (!JSON_NODE_HOLDS_VALUE (text_node) || json_node_get_value_type (text_node) != G_TYPE_STRING)
    {
      _sw_reader_add_problem (r, text_offset, SW_ERROR_PARSE,
                              _("%s: parameter “%s” must be a formula in quotes such as \"%s\", or "
                                "{\"expression\": \"…\", \"constants\": {…}}, not %s"),
                              who, desc->name, desc->expression->default_text, _sw_reader_describe_node (text_node));
      return FALSE;
    }
  if (!ok)
    return FALSE;

  expression = sw_expression_new (json_node_get_string (text_node), values->len,
                                  (const char *const *) names->pdata, (const double *) values->data);
  if (!_sw_check_expression (who, desc, expression, &position, &constant, &error))
    {
      gsize at = constant >= 0 && constants != NULL
        ? _sw_reader_member_key_offset (r, constants, g_ptr_array_index (names, constant))
        : string_char_offset (r, text_offset, position);

      _sw_reader_add_error (r, at, error);
      return FALSE;
    }

  g_clear_pointer (&c->expression[p], sw_expression_unref);
  c->expression[p] = g_steal_pointer (&expression);
  c->given[p] = TRUE;
  return TRUE;
}
