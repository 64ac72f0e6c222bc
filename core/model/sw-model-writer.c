/* sw-model-writer.c: writing *.shaft files.
 *
 * The text is laid out by hand rather than by JsonGenerator: members in the
 * order of data/FORMAT.md, numbers in their shortest exact form (0.1, not
 * 0.10000000000000001), and small values on one line ("position": [40, 80])
 * so that a file reads well and a diff shows what changed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include "sw-output-file.h"

/* A container goes on one line when the line stays within this width. */
#define LINE_WIDTH 80

static void write_compact (GString *out, JsonNode *node);

static void
write_string (GString    *out,
              const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      switch (c)
        {
        case '"':
          g_string_append (out, "\\\"");
          break;
        case '\\':
          g_string_append (out, "\\\\");
          break;
        case '\b':
          g_string_append (out, "\\b");
          break;
        case '\f':
          g_string_append (out, "\\f");
          break;
        case '\n':
          g_string_append (out, "\\n");
          break;
        case '\r':
          g_string_append (out, "\\r");
          break;
        case '\t':
          g_string_append (out, "\\t");
          break;
        default:
          if (c < 0x20)
            g_string_append_printf (out, "\\u%04x", c);
          else
            g_string_append_c (out, (char) c);
        }
    }
  g_string_append_c (out, '"');
}

static void
write_number (GString *out,
              double   value)
{
  char buf[SW_NUMBER_BUF_SIZE];

  /* JSON has no infinities or NaN; the model never holds them in a place
   * that is written, but a ui node built by hand might. */
  if (!isfinite (value))
    g_string_append (out, "null");
  else
    g_string_append (out, sw_format_number (buf, value));
}

static void
write_scalar (GString  *out,
              JsonNode *node)
{
  GType type;

  if (JSON_NODE_HOLDS_NULL (node))
    {
      g_string_append (out, "null");
      return;
    }

  type = json_node_get_value_type (node);
  if (type == G_TYPE_STRING)
    write_string (out, json_node_get_string (node));
  else if (type == G_TYPE_BOOLEAN)
    g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
  else if (type == G_TYPE_INT64)
    g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
  else
    write_number (out, json_node_get_double (node));
}

static void
write_compact (GString  *out,
               JsonNode *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      g_autoptr(GList) names = json_object_get_members (object);

      g_string_append_c (out, '{');
      for (GList *l = names; l != NULL; l = l->next)
        {
          if (l != names)
            g_string_append (out, ", ");
          write_string (out, l->data);
          g_string_append (out, ": ");
          write_compact (out, json_object_get_member (object, l->data));
        }
      g_string_append_c (out, '}');
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      guint n = json_array_get_length (array);

      g_string_append_c (out, '[');
      for (guint i = 0; i < n; i++)
        {
          if (i > 0)
            g_string_append (out, ", ");
          write_compact (out, json_array_get_element (array, i));
        }
      g_string_append_c (out, ']');
    }
  else
    write_scalar (out, node);
}

static gsize
current_column (GString *out)
{
  gsize i = out->len;

  while (i > 0 && out->str[i - 1] != '\n')
    i--;
  return out->len - i;
}

static void
write_indent (GString *out,
              guint    indent)
{
  for (guint i = 0; i < indent; i++)
    g_string_append_c (out, ' ');
}

/* Writes node at the current position of a line indented by indent. A
 * container goes on one line if it fits, unless block is set. */
static void
write_pretty (GString  *out,
              JsonNode *node,
              guint     indent,
              gboolean  block)
{
  if (!JSON_NODE_HOLDS_OBJECT (node) && !JSON_NODE_HOLDS_ARRAY (node))
    {
      write_scalar (out, node);
      return;
    }

  if (!block)
    {
      g_autoptr(GString) line = g_string_new (NULL);

      write_compact (line, node);
      if (current_column (out) + line->len + 1 <= LINE_WIDTH)
        {
          g_string_append_len (out, line->str, line->len);
          return;
        }
    }

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      g_autoptr(GList) names = json_object_get_members (object);

      if (names == NULL)
        {
          g_string_append (out, "{}");
          return;
        }

      g_string_append_c (out, '{');
      for (GList *l = names; l != NULL; l = l->next)
        {
          g_string_append (out, l == names ? "\n" : ",\n");
          write_indent (out, indent + 2);
          write_string (out, l->data);
          g_string_append (out, ": ");
          write_pretty (out, json_object_get_member (object, l->data), indent + 2, FALSE);
        }
      g_string_append_c (out, '\n');
      write_indent (out, indent);
      g_string_append_c (out, '}');
    }
  else
    {
      JsonArray *array = json_node_get_array (node);
      guint n = json_array_get_length (array);

      if (n == 0)
        {
          g_string_append (out, "[]");
          return;
        }

      g_string_append_c (out, '[');
      for (guint i = 0; i < n; i++)
        {
          g_string_append (out, i == 0 ? "\n" : ",\n");
          write_indent (out, indent + 2);
          write_pretty (out, json_array_get_element (array, i), indent + 2, FALSE);
        }
      g_string_append_c (out, '\n');
      write_indent (out, indent);
      g_string_append_c (out, ']');
    }
}

static JsonNode *
component_to_json (SwModel           *self,
                   const SwComponent *c)
{
  g_autoptr(JsonObject) object = json_object_new ();
  g_autoptr(JsonObject) params = json_object_new ();
  JsonNode *node;

  json_object_set_string_member (object, "id", c->id);
  json_object_set_string_member (object, "kind", c->kind->name);
  if (c->model_ref != NULL)
    json_object_set_string_member (object, "model", c->model_ref);
  if (c->definition != NULL)
    json_object_set_string_member (object, "subsystem", c->definition);

  for (guint i = 0; i < c->kind->n_params; i++)
    {
      const SwParamDesc *desc = &c->kind->params[i];

      if (!c->given[i])
        continue;

      switch (desc->type)
        {
        case SW_PARAM_BOOLEAN:
          json_object_set_boolean_member (params, desc->name, c->param[i] != 0);
          break;

        case SW_PARAM_TABLE:
          if (c->table[i] != NULL)
            {
              const SwTable *table = c->table[i];
              JsonArray *rows = json_array_new ();

              for (guint row = 0; row < sw_table_get_n_rows (table); row++)
                {
                  JsonArray *values = json_array_new ();

                  for (guint column = 0; column < sw_table_get_n_columns (table); column++)
                    json_array_add_double_element (values, sw_table_get (table, row, column));
                  json_array_add_array_element (rows, values);
                }
              json_object_set_array_member (params, desc->name, rows);
            }
          break;

        case SW_PARAM_EXPRESSION:
          /* A string, or {"expression": "…", "constants": {"c": 1e4}}. */
          if (c->expression[i] != NULL)
            {
              const SwExpression *e = c->expression[i];
              guint n = sw_expression_get_n_constants (e);

              if (n == 0)
                json_object_set_string_member (params, desc->name, sw_expression_get_text (e));
              else
                {
                  JsonObject *value = json_object_new ();
                  JsonObject *constants = json_object_new ();

                  json_object_set_string_member (value, "expression", sw_expression_get_text (e));
                  for (guint k = 0; k < n; k++)
                    json_object_set_double_member (constants, sw_expression_get_constant_name (e, k),
                                                   sw_expression_get_constant_value (e, k));
                  json_object_set_object_member (value, "constants", constants);
                  json_object_set_object_member (params, desc->name, value);
                }
            }
          break;

        case SW_PARAM_SIGNAL:
          /* By name when the model has that shared signal (a fragment
           * copied out of the model has the signal itself). */
          if (c->signal_ref[i] != NULL && sw_model_find_shared_signal (self, c->signal_ref[i]) >= 0)
            {
              json_object_set_string_member (params, desc->name, c->signal_ref[i]);
              break;
            }
          if (c->signal[i] != NULL)
            {
              json_object_set_member (params, desc->name, sw_signal_to_json (c->signal[i]));
              break;
            }
          G_GNUC_FALLTHROUGH;

        case SW_PARAM_REAL:
        case SW_PARAM_INITIAL:
        default:
          json_object_set_double_member (params, desc->name, c->param[i]);
          break;
        }
    }
  if (json_object_get_size (params) > 0)
    json_object_set_object_member (object, "params", g_steal_pointer (&params));

  if (c->has_position)
    {
      JsonArray *position = json_array_new ();

      json_array_add_double_element (position, c->position[0]);
      json_array_add_double_element (position, c->position[1]);
      json_object_set_array_member (object, "position", position);
    }

  if (c->ui != NULL)
    json_object_set_member (object, "ui", json_node_copy (c->ui));

  node = json_node_new (JSON_NODE_OBJECT);
  json_node_set_object (node, object);
  return node;
}

static JsonNode *
connection_to_json (SwModel *self,
                    guint    index)
{
  const SwConnection *c = &g_array_index (self->connections, SwConnection, index);
  JsonNode *ui = g_ptr_array_index (self->connection_ui, index);
  g_autofree char *from = _sw_model_dup_port_ref (self, c->from_component, c->from_port);
  g_autofree char *to = _sw_model_dup_port_ref (self, c->to_component, c->to_port);
  g_autoptr(JsonObject) object = json_object_new ();
  JsonNode *node;

  json_object_set_string_member (object, "from", from);
  json_object_set_string_member (object, "to", to);
  if (ui != NULL)
    json_object_set_member (object, "ui", json_node_copy (ui));

  node = json_node_new (JSON_NODE_OBJECT);
  json_node_set_object (node, object);
  return node;
}

static JsonNode *
simulation_to_json (const SwSimulationSettings *settings)
{
  g_autoptr(JsonObject) object = json_object_new ();
  JsonNode *node;

  json_object_set_double_member (object, "stop_time", settings->stop_time_s);
  json_object_set_double_member (object, "output_interval", settings->output_interval_s);
  json_object_set_double_member (object, "tolerance", settings->tolerance);
  json_object_set_string_member (object, "method",
                                 settings->method != NULL ? settings->method : "auto");

  node = json_node_new (JSON_NODE_OBJECT);
  json_node_set_object (node, object);
  return node;
}

char *
sw_model_to_data (SwModel *model,
                  gsize   *length)
{
  GString *out;

  g_return_val_if_fail (SW_IS_MODEL (model), NULL);

  out = g_string_new ("{\n");
  g_string_append (out, "  \"format\": \"shaftwork-model\",\n");
  g_string_append (out, "  \"version\": 1,\n");
  if (model->name != NULL)
    {
      g_string_append (out, "  \"name\": ");
      write_string (out, model->name);
      g_string_append (out, ",\n");
    }

  if (model->interface != NULL)
    {
      g_string_append (out, "  \"interface\": ");
      write_pretty (out, model->interface, 2, FALSE);
      g_string_append (out, ",\n");
    }
  if (model->shared_names->len > 0)
    {
      g_string_append (out, "  \"signals\": {");
      for (guint i = 0; i < model->shared_names->len; i++)
        {
          g_autoptr(JsonNode) node = sw_signal_to_json (g_ptr_array_index (model->shared_signals, i));

          g_string_append (out, i == 0 ? "\n    " : ",\n    ");
          write_string (out, g_ptr_array_index (model->shared_names, i));
          g_string_append (out, ": ");
          write_pretty (out, node, 4, TRUE);
        }
      g_string_append (out, "\n  },\n");
    }

  if (model->subsystems != NULL)
    {
      g_string_append (out, "  \"subsystems\": ");
      write_pretty (out, model->subsystems, 2, TRUE);
      g_string_append (out, ",\n");
    }

  g_string_append (out, "  \"components\": [");
  for (guint i = 0; i < model->components->len; i++)
    {
      g_autoptr(JsonNode) node =
        component_to_json (model, &g_array_index (model->components, SwComponent, i));

      g_string_append (out, i == 0 ? "\n    " : ",\n    ");
      write_pretty (out, node, 4, TRUE);
    }
  g_string_append (out, model->components->len > 0 ? "\n  ],\n" : "],\n");

  g_string_append (out, "  \"connections\": [");
  for (guint i = 0; i < model->connections->len; i++)
    {
      g_autoptr(JsonNode) node = connection_to_json (model, i);

      g_string_append (out, i == 0 ? "\n    " : ",\n    ");
      write_pretty (out, node, 4, FALSE);
    }
  g_string_append (out, model->connections->len > 0 ? "\n  ],\n" : "],\n");

  {
    g_autoptr(JsonNode) node = simulation_to_json (&model->simulation);

    g_string_append (out, "  \"simulation\": ");
    write_pretty (out, node, 2, TRUE);
  }

  if (model->excitation_node != NULL)
    {
      g_string_append (out, ",\n  \"excitation\": ");
      write_pretty (out, model->excitation_node, 2, TRUE);
    }

  {
    g_autoptr (JsonNode) observed = _sw_model_observed_to_json (model);

    if (observed != NULL)
      {
        g_string_append (out, ",\n  \"observed\": ");
        write_pretty (out, observed, 2, TRUE);
      }
  }

  if (model->ui != NULL)
    {
      g_string_append (out, ",\n  \"ui\": ");
      write_pretty (out, model->ui, 2, FALSE);
    }
  g_string_append (out, "\n}\n");

  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

/* ref (relative to from) named from the folder target. */
static char *
moved_ref (const char *ref, const char *from, GFile *target)
{
  g_autofree char *file = g_canonicalize_filename (ref, from);
  g_autoptr (GFile) gfile = g_file_new_for_path (file);
  char *relative = g_file_get_relative_path (target, gfile);

  return relative != NULL ? relative : g_steal_pointer (&file);
}

/* Saved into another folder, a subsystem's file is named from there:
 * relative when it lies below, else by its absolute path. So are the files
 * the model's own definitions use. */
static void
move_model_refs (SwModel *model, const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);
  g_autofree char *absolute_folder = g_canonicalize_filename (folder, NULL);
  g_autoptr (GFile) target = g_file_new_for_path (absolute_folder);

  if (model->folder != NULL && strcmp (model->folder, absolute_folder) != 0)
    {
      for (guint i = 0; i < model->components->len; i++)
        {
          SwComponent *c = &g_array_index (model->components, SwComponent, i);
          char *moved;

          if (c->model_ref == NULL)
            continue;
          moved = moved_ref (c->model_ref, model->folder, target);
          g_free (c->model_ref);
          c->model_ref = moved;
        }
      if (model->subsystems != NULL)
        {
          JsonObject *definitions = json_node_get_object (model->subsystems);
          g_autoptr (GList) names = json_object_get_members (definitions);

          for (GList *l = names; l != NULL; l = l->next)
            {
              JsonObject *definition = json_object_get_object_member (definitions, l->data);
              JsonArray *components = json_object_get_array_member (definition, "components");

              for (guint i = 0; components != NULL && i < json_array_get_length (components); i++)
                {
                  JsonObject *c = json_array_get_object_element (components, i);
                  const char *ref = json_object_get_string_member_with_default (c, "model", NULL);

                  if (ref != NULL)
                    {
                      g_autofree char *moved = moved_ref (ref, model->folder, target);

                      json_object_set_string_member (c, "model", moved);
                    }
                }
            }
        }
    }
  g_free (model->folder);
  model->folder = g_steal_pointer (&absolute_folder);
}

gboolean
sw_model_save_to_file (SwModel     *model,
                       const char  *path,
                       GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *data = NULL;
  g_autoptr(SwOutputFile) output = NULL;
  gsize length;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  move_model_refs (model, path);
  data = sw_model_to_data (model, &length);

  /* sw-output-file.h: written beside path, synced and renamed over it (a
   * crash leaves the old file or the new one), through symbolic links, in
   * place for a file with several hard links, keeping the file's mode. */
  output = sw_output_file_open (path, NULL, SW_OUTPUT_FILE_DEFAULT, &local_error);
  if (output == NULL
      || !sw_output_file_write (output, data, length, &local_error)
      || !sw_output_file_commit (g_steal_pointer (&output), &local_error))
    {
      g_autofree char *display_name = g_filename_display_name (path);

      g_set_error (error, SW_ERROR, SW_ERROR_IO, _("%s: error: cannot save: %s"),
                   display_name, local_error->message);
      return FALSE;
    }

  return TRUE;
}
