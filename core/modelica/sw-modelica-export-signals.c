/* sw-modelica-export-signals.c: a component's signals as blocks.
 *
 * Each signal becomes blocks of Modelica.Blocks.Sources whose output is
 * wired to the source's input: a constant a Constant, a sum or product a
 * chain of Math.Add or Math.Product, a sensor's output (through a gain) a
 * Math.Gain, a table a TimeTable or CombiTimeTable, a lookup a
 * Tables.CombiTable1Ds; the import reads each back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-export-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include "sw-error.h"

const char *
_sw_mo_export_output_of (Export *ex, const char *name)
{
  return ex->vectors != NULL && g_hash_table_contains (ex->vectors, name) ? "y[1]" : "y";
}

/* A list of signals (a sum or a product) as a chain of two-input blocks. */
static gboolean
chain (Export *ex, JsonArray *items, const char *name, const char *block)
{
  g_autofree char *acc = NULL;
  guint n = json_array_get_length (items);

  if (n == 1)
    return _sw_mo_export_signal_block (ex, json_array_get_element (items, 0), name);
  for (guint k = 0; k < n; k++)
    {
      g_autofree char *item = g_strdup_printf ("%s_%u", name, k + 1);

      if (!_sw_mo_export_signal_block (ex, json_array_get_element (items, k), item))
        return FALSE;
      if (k == 0)
        {
          acc = g_steal_pointer (&item);
          continue;
        }
      {
        g_autofree char *out = k + 1 == n ? g_strdup (name) : g_strdup_printf ("%s_op%u", name, k);

        g_string_append_printf (ex->decl, "  Modelica.Blocks.Math.%s %s;\n", block, out);
        g_string_append_printf (ex->eq, "  connect(%s.%s, %s.u1);\n  connect(%s.%s, %s.u2);\n", acc,
                                _sw_mo_export_output_of (ex, acc), out, item, _sw_mo_export_output_of (ex, item), out);
        g_free (acc);
        acc = g_steal_pointer (&out);
      }
    }
  return TRUE;
}

/* The output a sensor signal reads ("speedSensor.w", the MSL's connector
 * too), or NULL for any other node. */
static const char *
sensor_leaf (JsonNode *node)
{
  JsonObject *o = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  JsonNode *fields = o != NULL && json_object_get_size (o) == 1 ? json_object_get_member (o, "sensor") : NULL;

  return fields != NULL && JSON_NODE_HOLDS_OBJECT (fields)
           ? json_object_get_string_member_with_default (json_node_get_object (fields), "of", NULL)
           : NULL;
}

/* A table signal TimeTable writes: interpolated linearly, held past its
 * ends. */
static gboolean
is_time_table (JsonObject *f)
{
  return (!json_object_has_member (f, "interpolation")
          || g_strcmp0 (json_object_get_string_member (f, "interpolation"), "linear") == 0)
         && (!json_object_has_member (f, "extrapolation")
             || g_strcmp0 (json_object_get_string_member (f, "extrapolation"), "hold") == 0);
}

/* Any other table signal as a CombiTimeTable of one output column, its
 * modes as its smoothness and extrapolation (the import reads them back). */
/* The part a CombiTimeTable and a CombiTable1Ds share: CLASS NAME(table=[…],
 * smoothness=…, extrapolation=… (left open for the caller's modifiers), the
 * name recorded as a block whose output is a vector y[1]. */
static void
table_block_open (Export *ex, JsonObject *f, const char *cls, const char *name)
{
  JsonArray *rows = json_object_get_array_member (f, "points");
  const char *interpolation = json_object_has_member (f, "interpolation")
                                ? json_object_get_string_member (f, "interpolation") : "linear";
  const char *extrapolation = json_object_has_member (f, "extrapolation")
                                ? json_object_get_string_member (f, "extrapolation") : "hold";
  const char *smoothness = "LinearSegments";

  for (guint k = 0; _sw_mo_smoothness[k].interpolation != NULL; k++)
    if (strcmp (interpolation, _sw_mo_smoothness[k].interpolation) == 0)
      smoothness = _sw_mo_smoothness[k].smoothness;
  g_string_append_printf (ex->decl, "  Modelica.Blocks.%s %s(table=[", cls, name);
  for (guint r = 0; r < json_array_get_length (rows); r++)
    {
      JsonArray *row = json_array_get_array_element (rows, r);

      g_string_append (ex->decl, r > 0 ? "; " : "");
      _sw_mo_export_number (ex->decl, json_array_get_double_element (row, 0));
      g_string_append (ex->decl, ", ");
      _sw_mo_export_number (ex->decl, json_array_get_double_element (row, 1));
    }
  g_string_append_printf (ex->decl, "], smoothness=Modelica.Blocks.Types.Smoothness.%s, "
                          "extrapolation=Modelica.Blocks.Types.Extrapolation.%s",
                          smoothness, strcmp (extrapolation, "linear") == 0 ? "LastTwoPoints"
                          : strcmp (extrapolation, "periodic") == 0 ? "Periodic"
                          : strcmp (extrapolation, "none") == 0 ? "NoExtrapolation" : "HoldLastPoint");
  if (ex->vectors == NULL)
    ex->vectors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_add (ex->vectors, g_strdup (name));
}

static gboolean
combi_time_table (Export *ex, JsonObject *f, const char *name)
{
  table_block_open (ex, f, "Sources.CombiTimeTable", name);
  if (json_object_has_member (f, "offset"))
    {
      g_string_append (ex->decl, ", offset={");
      _sw_mo_export_number (ex->decl, json_object_get_double_member (f, "offset"));
      g_string_append (ex->decl, "}");
    }
  if (json_object_has_member (f, "startTime"))
    {
      g_string_append (ex->decl, ", startTime=");
      _sw_mo_export_number (ex->decl, json_object_get_double_member (f, "startTime"));
    }
  g_string_append (ex->decl, ");\n");
  return TRUE;
}

/* A lookup signal as a CombiTable1Ds of one output column, its input a
 * sensor's output wired in or a block of its own (NAME_u) before it. */
static gboolean
combi_table_1ds (Export *ex, JsonObject *f, const char *name)
{
  JsonNode *input = json_object_get_member (f, "input");
  g_autofree char *in = g_strdup_printf ("%s_u", name);

  if (sensor_leaf (input) != NULL)
    g_string_append_printf (ex->eq, "  connect(%s, %s.u);\n", sensor_leaf (input), name);
  else if (!_sw_mo_export_signal_block (ex, input, in))
    return FALSE;
  else
    g_string_append_printf (ex->eq, "  connect(%s.%s, %s.u);\n", in, _sw_mo_export_output_of (ex, in), name);
  table_block_open (ex, f, "Tables.CombiTable1Ds", name);
  g_string_append (ex->decl, ");\n");
  return TRUE;
}

gboolean
_sw_mo_export_signal_block (Export *ex, JsonNode *node, const char *name)
{
  g_autoptr (GList) types = NULL;
  JsonObject *object;
  const char *type;
  JsonNode *fields;

  if (JSON_NODE_HOLDS_VALUE (node))
    {
      g_string_append_printf (ex->decl, "  Modelica.Blocks.Sources.Constant %s(k=", name);
      _sw_mo_export_number (ex->decl, json_node_get_double (node));
      g_string_append (ex->decl, ");\n");
      return TRUE;
    }
  object = json_node_get_object (node);
  types = json_object_get_members (object);
  type = types != NULL ? types->data : "";
  fields = json_object_get_member (object, type);
  /* A sensor's output through a gain (as the import reads a Gain), or
   * alone (a gain of 1): the sensor's output connector wired in. */
  if (strcmp (type, "product") == 0 && json_array_get_length (json_node_get_array (fields)) == 2
      && JSON_NODE_HOLDS_VALUE (json_array_get_element (json_node_get_array (fields), 0))
      && sensor_leaf (json_array_get_element (json_node_get_array (fields), 1)) != NULL)
    {
      JsonArray *items = json_node_get_array (fields);

      g_string_append_printf (ex->decl, "  Modelica.Blocks.Math.Gain %s(k=", name);
      _sw_mo_export_number (ex->decl, json_array_get_double_element (items, 0));
      g_string_append (ex->decl, ");\n");
      g_string_append_printf (ex->eq, "  connect(%s, %s.u);\n", sensor_leaf (json_array_get_element (items, 1)),
                              name);
      return TRUE;
    }
  if (sensor_leaf (node) != NULL)
    {
      g_string_append_printf (ex->decl, "  Modelica.Blocks.Math.Gain %s(k=1);\n", name);
      g_string_append_printf (ex->eq, "  connect(%s, %s.u);\n", sensor_leaf (node), name);
      return TRUE;
    }
  if (strcmp (type, "sum") == 0 || strcmp (type, "product") == 0)
    return chain (ex, json_node_get_array (fields), name, strcmp (type, "sum") == 0 ? "Add" : "Product");
  if (strcmp (type, "table") == 0 && !is_time_table (json_node_get_object (fields)))
    return combi_time_table (ex, json_node_get_object (fields), name);
  if (strcmp (type, "lookup") == 0)
    return combi_table_1ds (ex, json_node_get_object (fields), name);
  for (guint k = 0; k < _sw_mo_n_msl_blocks; k++)
    if (strcmp (_sw_mo_msl_blocks[k].type, type) == 0)
      {
        JsonObject *f = json_node_get_object (fields);
        g_autoptr (GList) members = json_object_get_members (f);
        gboolean first = TRUE;

        g_string_append_printf (ex->decl, "  Modelica.Blocks.Sources.%s %s(", _sw_mo_msl_blocks[k].block, name);
        for (GList *l = members; l != NULL; l = l->next)
          {
            const char *field = l->data;
            JsonNode *v = json_object_get_member (f, field);

            if (strcmp (field, "interpolation") == 0 || strcmp (field, "extrapolation") == 0)
              {
                const char *mode = json_node_get_string (v);

                /* TimeTable interpolates linearly and holds its ends. */
                if (g_strcmp0 (mode, strcmp (field, "interpolation") == 0 ? "linear" : "hold") != 0)
                  {
                    g_set_error (&ex->error, SW_ERROR, SW_ERROR_INVALID,
                                 _("%s: a table signal with %s “%s” has no Modelica block"), name, field, mode);
                    return FALSE;
                  }
                continue;
              }
            g_string_append (ex->decl, first ? "" : ", ");
            first = FALSE;
            if (strcmp (field, "points") == 0)
              {
                JsonArray *rows = json_node_get_array (v);

                g_string_append (ex->decl, "table=[");
                for (guint r = 0; r < json_array_get_length (rows); r++)
                  {
                    JsonArray *row = json_array_get_array_element (rows, r);

                    g_string_append (ex->decl, r > 0 ? "; " : "");
                    for (guint c = 0; c < json_array_get_length (row); c++)
                      {
                        g_string_append (ex->decl, c > 0 ? ", " : "");
                        _sw_mo_export_number (ex->decl, json_array_get_double_element (row, c));
                      }
                  }
                g_string_append (ex->decl, "]");
                continue;
              }
            g_string_append_printf (ex->decl, "%s=", field);
            _sw_mo_export_number (ex->decl, json_node_get_double (v));
          }
        g_string_append (ex->decl, ");\n");
        return TRUE;
      }
  g_set_error (&ex->error, SW_ERROR, SW_ERROR_INVALID, _("%s: the signal type “%s” has no Modelica block"), name,
               type);
  return FALSE;
}

/* ---- Observed variables ------------------------------------------------- */

/* A name of a formula as Modelica writes it: a port's speed (flange_a.w,
 * which Modelica's connectors lack) as der() of its position, a
 * component's id as the export declares it. */
static void
observed_name (Export *ex, SwModel *model, const char *name, GString *out)
{
  const char *dot = strchr (name, '.'), *last = strrchr (name, '.');
  g_autofree char *id = dot != NULL ? g_strndup (name, dot - name) : NULL;
  int index = id != NULL ? sw_model_find_component (model, id) : -1;
  const char *mo = index >= 0 && ex->renamed != NULL ? g_hash_table_lookup (ex->renamed, id) : NULL;
  g_autofree char *renamed = mo != NULL ? g_strconcat (mo, dot, NULL) : g_strdup (name);

  if (index >= 0 && last != dot)
    {
      const SwKind *kind = sw_model_get_component (model, index)->kind;
      g_autofree char *port = g_strndup (dot + 1, last - dot - 1);

      if (sw_kind_find_var (kind, dot + 1) < 0 && sw_kind_find_port (kind, port) >= 0
          && (strcmp (last, ".w") == 0 || strcmp (last, ".v") == 0))
        {
          g_string_append_printf (out, "der(%.*s%s)", (int) (strlen (renamed) - 2), renamed,
                                  strcmp (last, ".w") == 0 ? ".phi" : ".s");
          return;
        }
    }
  if (strcmp (name, "pi") == 0)
    g_string_append (out, "Modelica.Constants.pi");
  else
    g_string_append (out, renamed);
}

void
_sw_mo_export_observed (Export *ex, SwModel *model)
{
  static const char *const builtin[] = { "abs", "sqrt", "min", "max", NULL };
  guint n;
  const SwObservedEntry *observed = sw_model_get_observed (model, &n);

  for (guint k = 0; k < n; k++)
    {
      const char *p = observed[k].expression;

      /* A dotted name is a Modelica model's own variable ("heatCapacitor.T")
       * that the import names after the parts it made of it; the parts
       * written here are named again when read. */
      if (strchr (observed[k].name, '.') != NULL)
        continue;
      g_string_append_printf (ex->decl, "  Real %s", observed[k].name);
      /* (A unit is letters, digits and . / ( ) -: nothing to escape.) */
      if (observed[k].unit[0] != '\0')
        g_string_append_printf (ex->decl, "(unit = \"%s\")", observed[k].unit);
      g_string_append (ex->decl, " = ");
      while (*p != '\0')
        {
          const char *start = p;

          if (g_ascii_isalpha (*p) || *p == '_')
            {
              g_autofree char *name = NULL;

              while (g_ascii_isalnum (*p) || *p == '_' || (*p == '.' && (g_ascii_isalpha (p[1]) || p[1] == '_')))
                p++;
              name = g_strndup (start, p - start);
              if (*p == '(')
                g_string_append_printf (ex->decl, "%s%s", g_strv_contains (builtin, name) ? "" : "Modelica.Math.",
                                        name);
              else
                observed_name (ex, model, name, ex->decl);
            }
          else if (g_ascii_isdigit (*p) || *p == '.')
            {
              /* A number, its exponent's sign included. */
              while (g_ascii_isalnum (*p) || *p == '.'
                     || ((*p == '-' || *p == '+') && (p[-1] == 'e' || p[-1] == 'E')))
                p++;
              g_string_append_len (ex->decl, start, p - start);
            }
          else
            g_string_append_c (ex->decl, *p++);
        }
      g_string_append (ex->decl, ";\n");
    }
}
