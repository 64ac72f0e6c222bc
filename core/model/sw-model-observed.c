/* sw-model-observed.c: a model's observed variables (sw-observed.h): the
 * checks of a name and formula against the model, the top-level
 * "observed" of a .shaft file read and written.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-reader-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

/* Whether var names a variable of kind: its own, or a port's position,
 * torque or speed (sw_kind_port_variable()). */
static gboolean
kind_has_variable (const SwKind *kind, const char *var)
{
  char buf[64];

  if (sw_kind_find_var (kind, var) >= 0)
    return TRUE;
  for (guint k = 0; k < 3 * kind->n_ports; k++)
    if (strcmp (sw_kind_port_variable (kind, k, buf, sizeof buf, NULL), var) == 0)
      return TRUE;
  return FALSE;
}

/* "id.var", a subsystem's part as INSTANCE.ID.var: the longest id first. */
static gboolean
model_has_variable (SwModel *model, const char *name)
{
  g_autofree char *path = g_strdup (name);

  for (char *dot = strrchr (path, '.'); dot != NULL; dot = strrchr (path, '.'))
    {
      SwModel *owner = NULL;
      int index;

      *dot = '\0';
      index = _sw_model_find_component_path (model, path, &owner);
      if (index >= 0)
        return kind_has_variable (sw_model_get_component (owner, index)->kind, name + (dot - path) + 1);
    }
  return FALSE;
}

gboolean
_sw_model_check_observed (SwModel *model, const char *name, const char *expression, guint *position,
                          GError **error)
{
  g_autoptr (GPtrArray) inputs = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (SwObservedProgram) program = NULL;
  g_autofree char *quoted = _sw_quote (name);

  *position = 0;
  if (!_sw_observed_name_valid (name))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("observed %s: not a valid name; valid: a letter or “_”, then letters, digits or “_” "
                     "(parts joined by dots for a Modelica model's own names)"), quoted);
      return FALSE;
    }
  if (strchr (name, '.') != NULL)
    {
      g_autofree char *first = g_strndup (name, strcspn (name, "."));

      if (sw_model_find_component (model, first) >= 0)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("observed %s: “%s” is a component's id, whose variables are named so already; a dotted "
                         "name is for a variable of no component here (“heatCapacitor.T”)"),
                       quoted, first);
          return FALSE;
        }
    }
  else if (sw_model_find_component (model, name) >= 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("observed %s: the name is a component's id; give the observed variable a name of its own"),
                   quoted);
      return FALSE;
    }
  for (guint k = 0; k < model->observed->len; k++)
    if (strcmp (g_array_index (model->observed, SwObservedEntry, k).name, name) == 0)
      {
        g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("observed %s is given twice; each name once"), quoted);
        return FALSE;
      }
  program = _sw_observed_compile (expression, inputs, position, error);
  if (program == NULL)
    {
      g_prefix_error (error, _("observed %s: "), quoted);
      return FALSE;
    }
  for (guint k = 0; k < inputs->len; k++)
    {
      const char *input = g_ptr_array_index (inputs, k);

      if (!model_has_variable (model, input))
        {
          *position = (guint) (strstr (expression, input) - expression) + 1;
          g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                       _("observed %s: unknown variable “%s”; valid: a component's variable ID.VAR (“inertia1.w”), "
                         "a port's ID.PORT.phi, .tau, .w (translational .s, .f, .v), or pi"),
                       quoted, input);
          return FALSE;
        }
    }
  return TRUE;
}

const SwObservedEntry *
sw_model_get_observed (SwModel *model, guint *n_entries)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (n_entries != NULL, NULL);

  *n_entries = model->observed->len;
  return (const SwObservedEntry *) model->observed->data;
}

static gboolean
check_unit (const char *name, const char *unit, GError **error)
{
  g_autofree char *quoted = NULL;

  if (_sw_observed_unit_valid (unit))
    return TRUE;
  quoted = _sw_quote (name);
  g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
               _("observed %s: “%s” is not a valid unit; valid: at most %d letters, digits and . / ( ) -, as in "
                 "Modelica (“W”, “N.m”, “rad/s”, “m/s2”, “1”), or none"),
               quoted, unit, SW_OBSERVED_MAX_UNIT);
  return FALSE;
}

gboolean
sw_model_add_observed (SwModel *model, const char *name, const char *expression, const char *unit, GError **error)
{
  SwObservedEntry e = { 0 };
  guint position;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (name != NULL && expression != NULL, FALSE);

  if (!_sw_model_check_observed (model, name, expression, &position, error)
      || !check_unit (name, unit != NULL ? unit : "", error))
    return FALSE;
  e.name = g_strdup (name);
  e.expression = g_strdup (expression);
  e.unit = g_strdup (unit != NULL ? unit : "");
  g_array_append_val (model->observed, e);
  return TRUE;
}

/* ---- The file ------------------------------------------------------------- */

static const char *const entry_keys[] = { "name", "expression", "unit", NULL };

static void
read_entry (Reader *r, JsonArray *array, guint index)
{
  JsonNode *node = json_array_get_element (array, index);
  gsize at = _sw_reader_element_offset (r, array, index);
  g_autoptr (GError) error = NULL;
  g_autofree char *who = g_strdup_printf (_("observed %u"), index + 1);
  JsonObject *object;
  const char *name, *expression, *unit = "";
  SwObservedEntry e = { 0 };
  guint position;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      _sw_reader_add_problem (r, at, SW_ERROR_PARSE,
                              _("%s must be an object {\"name\": …, \"expression\": …}, not %s"), who,
                              _sw_reader_describe_node (node));
      return;
    }
  object = json_node_get_object (node);
  _sw_reader_check_keys (r, object, who, entry_keys);
  name = _sw_reader_node_get_string (json_object_get_member (object, "name"));
  expression = _sw_reader_node_get_string (json_object_get_member (object, "expression"));
  if (name == NULL || expression == NULL)
    {
      _sw_reader_add_problem (r, at, SW_ERROR_PARSE,
                              _("%s: give “name” (a string: the column's name) and “expression” (a string: a "
                                "formula over result variables)"),
                              who);
      return;
    }
  if (!_sw_model_check_observed (r->model, name, expression, &position, &error))
    {
      _sw_reader_add_error (r, _sw_reader_member_offset (r, object, position > 0 ? "expression" : "name"),
                            g_steal_pointer (&error));
      return;
    }
  if (json_object_has_member (object, "unit"))
    {
      unit = _sw_reader_node_get_string (json_object_get_member (object, "unit"));
      if (unit == NULL || !check_unit (name, unit, &error))
        {
          gsize where = _sw_reader_member_offset (r, object, "unit");

          if (error != NULL)
            _sw_reader_add_error (r, where, g_steal_pointer (&error));
          else
            _sw_reader_add_problem (r, where, SW_ERROR_PARSE, _("%s: “unit” must be a string (“W”, “N.m”), not %s"),
                                    who, _sw_reader_describe_node (json_object_get_member (object, "unit")));
          return;
        }
    }
  e.name = g_strdup (name);
  e.expression = g_strdup (expression);
  e.unit = g_strdup (unit);
  e.line = _sw_reader_offset_to_line (r, at);
  g_array_append_val (r->model->observed, e);
}

void
_sw_reader_read_observed (Reader *r, JsonObject *root)
{
  JsonNode *node = json_object_get_member (root, "observed");
  JsonArray *array;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, root, "observed"), SW_ERROR_PARSE,
                              _("“observed” must be an array […] of {\"name\": …, \"expression\": …}, not %s"),
                              _sw_reader_describe_node (node));
      return;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    read_entry (r, array, i);
}

JsonNode *
_sw_model_observed_to_json (SwModel *model)
{
  g_autoptr (JsonBuilder) b = NULL;

  if (model->observed->len == 0)
    return NULL;
  b = json_builder_new ();
  json_builder_begin_array (b);
  for (guint k = 0; k < model->observed->len; k++)
    {
      const SwObservedEntry *e = &g_array_index (model->observed, SwObservedEntry, k);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, e->name);
      json_builder_set_member_name (b, "expression");
      json_builder_add_string_value (b, e->expression);
      if (e->unit[0] != '\0')
        {
          json_builder_set_member_name (b, "unit");
          json_builder_add_string_value (b, e->unit);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  return json_builder_get_root (b);
}
