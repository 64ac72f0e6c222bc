/* sw-model-subsystems.c: a model's own subsystem definitions edited.
 *
 * A model may define subsystems inline ("subsystems": {"EngineUnit": {…}}),
 * each a model of its own with an "interface". These edits work on the
 * model's text: the new text is built from the current one and read back
 * whole (sw_model_restore), so the kinds of every component that uses a
 * definition follow it, a definition that would not read leaves the model
 * as it was, and each edit is one change (one undo step).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-private.h"
#include "sw-subsystem-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include "sw-error.h"

/* The model's text as a JSON object (a new reference). */
static JsonObject *
model_object (SwModel *model)
{
  g_autofree char *text = sw_model_to_data (model, NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();

  if (!json_parser_load_from_data (parser, text, -1, NULL))
    g_return_val_if_reached (NULL);
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

/* The model reads object back, as one change. */
static gboolean
restore_object (SwModel *model, JsonObject *object, GError **error)
{
  g_autoptr (JsonNode) root = json_node_init_object (json_node_alloc (), object);
  g_autofree char *text = json_to_string (root, TRUE);

  return sw_model_restore (model, text, -1, error);
}

/* The model's "subsystems" object, made when absent (borrowed). */
static JsonObject *
definitions_of (JsonObject *model)
{
  if (!json_object_has_member (model, "subsystems"))
    json_object_set_object_member (model, "subsystems", json_object_new ());
  return json_object_get_object_member (model, "subsystems");
}

const char *
sw_model_get_folder (SwModel *model)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);

  return model->folder;
}

char **
sw_model_dup_input_files (SwModel *model)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  GPtrArray *order = g_ptr_array_new ();

  g_return_val_if_fail (SW_IS_MODEL (model), NULL);

  for (guint i = 0; model->read_files != NULL && i < model->read_files->len; i++)
    if (!g_ptr_array_find_with_equal_func (order, model->read_files->pdata[i], g_str_equal, NULL))
      g_ptr_array_add (order, g_strdup (model->read_files->pdata[i]));
  for (guint i = 0; i < sw_model_get_n_components (model); i++)
    _sw_subsystem_collect_files (sw_model_get_component (model, i)->kind, seen, order);
  g_ptr_array_add (order, NULL);
  return (char **) g_ptr_array_free (order, FALSE);
}

void
_sw_model_add_read_file (SwModel *model, const char *path)
{
  g_return_if_fail (SW_IS_MODEL (model));
  g_return_if_fail (path != NULL);

  if (model->read_files == NULL)
    model->read_files = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (model->read_files, g_strdup (path));
}

char **
sw_model_dup_definition_names (SwModel *model)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autoptr (GList) members = NULL;

  g_return_val_if_fail (SW_IS_MODEL (model), NULL);

  if (model->subsystems != NULL)
    members = json_object_get_members (json_node_get_object (model->subsystems));
  for (GList *l = members; l != NULL; l = l->next)
    g_ptr_array_add (names, g_strdup (l->data));
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

char **
sw_model_dup_interface_ports (SwModel *model)
{
  g_autoptr (GList) names = NULL;
  g_autoptr (GStrvBuilder) builder = NULL;
  JsonObject *interface, *ports;
  guint n = 0;

  g_return_val_if_fail (SW_IS_MODEL (model), NULL);

  if (model->interface == NULL || !JSON_NODE_HOLDS_OBJECT (model->interface))
    return NULL;
  interface = json_node_get_object (model->interface);
  if (!json_object_has_member (interface, "ports")
      || !JSON_NODE_HOLDS_OBJECT (json_object_get_member (interface, "ports")))
    return NULL;
  ports = json_object_get_object_member (interface, "ports");
  builder = g_strv_builder_new ();
  names = json_object_get_members (ports);
  for (GList *l = names; l != NULL; l = l->next)
    {
      JsonNode *node = json_object_get_member (ports, l->data);

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        continue;
      g_strv_builder_add (builder, l->data);
      g_strv_builder_add (builder, json_node_get_string (node));
      n++;
    }
  return n > 0 ? g_strv_builder_end (builder) : NULL;
}

char *
sw_model_dup_interface_param_for (SwModel *model, const char *id, const char *param)
{
  g_autofree char *target = NULL;
  g_autoptr (GList) names = NULL;
  JsonObject *interface, *params;

  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (id != NULL && param != NULL, NULL);

  if (model->interface == NULL || !JSON_NODE_HOLDS_OBJECT (model->interface))
    return NULL;
  interface = json_node_get_object (model->interface);
  if (!json_object_has_member (interface, "parameters")
      || !JSON_NODE_HOLDS_OBJECT (json_object_get_member (interface, "parameters")))
    return NULL;
  params = json_object_get_object_member (interface, "parameters");
  target = g_strconcat (id, ".", param, NULL);
  names = json_object_get_members (params);
  for (GList *l = names; l != NULL; l = l->next)
    {
      JsonNode *node = json_object_get_member (params, l->data);
      JsonObject *p = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      JsonNode *to = p != NULL ? json_object_get_member (p, "to") : NULL;
      JsonArray *targets = to != NULL && JSON_NODE_HOLDS_ARRAY (to) ? json_node_get_array (to) : NULL;

      for (guint k = 0; targets != NULL && k < json_array_get_length (targets); k++)
        {
          JsonNode *element = json_array_get_element (targets, k);

          if (JSON_NODE_HOLDS_VALUE (element) && json_node_get_value_type (element) == G_TYPE_STRING
              && strcmp (json_node_get_string (element), target) == 0)
            return g_strdup (l->data);
        }
    }
  return NULL;
}

char *
sw_model_dup_definition (SwModel *model, const char *name)
{
  g_autoptr (JsonObject) object = NULL, result = json_object_new (), definition = NULL;
  g_autoptr (GList) members = NULL;
  g_autoptr (JsonNode) root = NULL;
  JsonObject *definitions;

  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (model->subsystems == NULL || !json_object_has_member (json_node_get_object (model->subsystems), name))
    return NULL;
  object = model_object (model);
  definitions = json_object_get_object_member (object, "subsystems");
  definition = json_object_ref (json_object_get_object_member (definitions, name));

  json_object_set_string_member (result, "format", "shaftwork-model");
  json_object_set_int_member (result, "version", 1);
  json_object_set_string_member (result, "name", name);
  /* The others, which it may use. */
  json_object_remove_member (definitions, name);
  if (json_object_get_size (definitions) > 0)
    json_object_set_object_member (result, "subsystems", json_object_ref (definitions));
  members = json_object_get_members (definition);
  for (GList *l = members; l != NULL; l = l->next)
    if (!json_object_has_member (result, l->data))
      json_object_set_member (result, l->data, json_object_dup_member (definition, l->data));
  root = json_node_init_object (json_node_alloc (), result);
  return json_to_string (root, TRUE);
}

gboolean
sw_model_set_definition (SwModel *model, const char *name, const char *data, GError **error)
{
  static const char *const file_only[] = { "format", "version", "name", "simulation", "subsystems" };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonObject) object = NULL;
  g_autoptr (GList) members = NULL;
  g_autoptr (GError) local = NULL;
  JsonObject *definition, *definitions;
  JsonNode *root;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (name != NULL && data != NULL, FALSE);

  if (!_sw_check_id (name, &local))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("subsystem name “%s” is not valid; valid: letters, digits and “_”, not starting with a digit"),
                   name);
      return FALSE;
    }
  if (!json_parser_load_from_data (parser, data, -1, &local)
      || !JSON_NODE_HOLDS_OBJECT ((root = json_parser_get_root (parser))))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_PARSE, _("subsystem “%s” is not a model: %s"), name,
                   local != NULL ? local->message : _("not a JSON object"));
      return FALSE;
    }
  definition = json_node_get_object (root);
  object = model_object (model);
  definitions = definitions_of (object);
  /* The definitions it brought along go back beside it. */
  if (json_object_has_member (definition, "subsystems"))
    {
      JsonObject *brought = json_object_get_object_member (definition, "subsystems");

      members = json_object_get_members (brought);
      for (GList *l = members; l != NULL; l = l->next)
        if (strcmp (l->data, name) != 0)
          json_object_set_member (definitions, l->data, json_object_dup_member (brought, l->data));
    }
  for (guint k = 0; k < G_N_ELEMENTS (file_only); k++)
    json_object_remove_member (definition, file_only[k]);
  json_object_set_object_member (definitions, name, json_object_ref (definition));
  if (!restore_object (model, object, &local))
    {
      g_set_error (error, SW_ERROR, local->code, _("the model does not read with subsystem “%s” so: %s"), name,
                   local->message);
      return FALSE;
    }
  return TRUE;
}

/* "id.port" of a connection's end. */
static const char *
end_of (JsonObject *connection, const char *which)
{
  return json_object_get_string_member (connection, which);
}

static gboolean
end_is_inside (const char *end, GHashTable *inside)
{
  g_autofree char *id = g_strndup (end, strrchr (end, '.') - end);

  return g_hash_table_contains (inside, id);
}

/* An outer name for the inner port end: the port's own name while it is
 * free, else "id_port". */
static const char *
outer_port (JsonObject *ports, GHashTable *outer_of, const char *end)
{
  const char *dot = strrchr (end, '.'), *known = g_hash_table_lookup (outer_of, end);
  g_autofree char *name = NULL;

  if (known != NULL)
    return known;
  name = json_object_has_member (ports, dot + 1) ? g_strdelimit (g_strdup (end), ".", '_') : g_strdup (dot + 1);
  json_object_set_string_member (ports, name, end);
  g_hash_table_insert (outer_of, g_strdup (end), g_strdup (name));
  return g_hash_table_lookup (outer_of, end);
}

/* The shared signals the components inside name, copied into the
 * definition (a definition reads its own "signals"). */
static void
copy_shared_signals (SwModel *model, JsonObject *object, GHashTable *inside, JsonObject *definition)
{
  JsonObject *shared = json_object_has_member (object, "signals") ? json_object_get_object_member (object, "signals")
                                                                  : NULL;
  g_autoptr (JsonObject) used = json_object_new ();

  for (guint i = 0; shared != NULL && i < sw_model_get_n_components (model); i++)
    {
      const SwComponent *c = sw_model_get_component (model, i);

      if (g_hash_table_contains (inside, c->id))
        for (guint k = 0; k < c->kind->n_params; k++)
          if (c->signal_ref[k] != NULL && json_object_has_member (shared, c->signal_ref[k]))
            json_object_set_member (used, c->signal_ref[k], json_object_dup_member (shared, c->signal_ref[k]));
    }
  if (json_object_get_size (used) > 0)
    json_object_set_object_member (definition, "signals", json_object_ref (used));
}

int
sw_model_make_subsystem (SwModel     *model,
                         const guint *components,
                         guint        n_components,
                         const char  *name,
                         GError     **error)
{
  return sw_model_make_subsystem_full (model, components, n_components, name, FALSE, error);
}

/* The components' number parameters as the interface's parameters
 * ("spring_c": {"to": ["spring.c"], "label": …}) and the instance's
 * values of them. */
static void
expose_params (SwModel *model, const guint *components, guint n_components, JsonObject *interface,
               JsonObject *instance)
{
  g_autoptr (JsonObject) params = json_object_new (), values = json_object_new ();
  guint n = 0;

  for (guint i = 0; i < n_components; i++)
    {
      const SwComponent *c = sw_model_get_component (model, components[i]);

      for (guint p = 0; p < c->kind->n_params && n < SW_KIND_MAX_PARAMS; p++)
        {
          const SwParamDesc *desc = &c->kind->params[p];
          g_autoptr (JsonObject) param = json_object_new ();
          g_autoptr (JsonArray) to = json_array_new ();
          g_autofree char *outer = NULL, *label = NULL, *target = NULL;

          if (desc->type != SW_PARAM_REAL || !isfinite (c->param[p]))
            continue;
          outer = g_strdup_printf ("%s_%s", c->id, desc->name);
          if (json_object_has_member (params, outer))
            continue;
          /* The file keeps the kind's own label, whatever the language. */
          label = g_strdup_printf ("%s: %s", c->id, desc->label);
          target = g_strdup_printf ("%s.%s", c->id, desc->name);
          json_array_add_string_element (to, target);
          json_object_set_array_member (param, "to", g_steal_pointer (&to));
          json_object_set_string_member (param, "label", label);
          json_object_set_object_member (params, outer, g_steal_pointer (&param));
          json_object_set_double_member (values, outer, c->param[p]);
          n++;
        }
    }
  if (n == 0)
    return;
  json_object_set_object_member (interface, "parameters", g_steal_pointer (&params));
  json_object_set_object_member (instance, "params", g_steal_pointer (&values));
}

int
sw_model_make_subsystem_full (SwModel     *model,
                              const guint *components,
                              guint        n_components,
                              const char  *name,
                              gboolean     with_params,
                              GError     **error)
{
  g_autoptr (JsonObject) object = NULL;
  g_autoptr (GHashTable) inside = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) outer_of = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GError) local = NULL;
  g_autoptr (JsonArray) kept = json_array_new (), inner = json_array_new ();
  g_autoptr (JsonArray) wires = json_array_new (), inner_wires = json_array_new ();
  g_autoptr (JsonObject) definition = json_object_new (), interface = json_object_new ();
  g_autoptr (JsonObject) ports = json_object_new (), instance = json_object_new ();
  g_autofree char *id = NULL, *base = NULL;
  JsonArray *all, *connections;
  double x = 0, y = 0;
  guint n_placed = 0;

  g_return_val_if_fail (SW_IS_MODEL (model), -1);
  g_return_val_if_fail (components != NULL && n_components > 0, -1);
  g_return_val_if_fail (name != NULL, -1);
  for (guint i = 0; i < n_components; i++)
    g_return_val_if_fail (components[i] < sw_model_get_n_components (model), -1);

  if (!_sw_check_id (name, &local))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("subsystem name “%s” is not valid; valid: letters, digits and “_”, not starting with a digit"),
                   name);
      return -1;
    }
  if (model->subsystems != NULL && json_object_has_member (json_node_get_object (model->subsystems), name))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("a subsystem called “%s” is defined already"), name);
      return -1;
    }
  for (guint i = 0; i < n_components; i++)
    {
      const SwComponent *c = sw_model_get_component (model, components[i]);

      g_hash_table_add (inside, c->id);
      if (c->has_position)
        x += c->position[0], y += c->position[1], n_placed++;
    }

  object = model_object (model);
  all = json_object_get_array_member (object, "components");
  for (guint i = 0; i < json_array_get_length (all); i++)
    {
      JsonObject *c = json_array_get_object_element (all, i);

      json_array_add_object_element (g_hash_table_contains (inside, json_object_get_string_member (c, "id")) ? inner
                                                                                                            : kept,
                                     json_object_ref (c));
    }

  /* The instance, where the components were. */
  base = g_strdup (name);
  base[0] = g_ascii_tolower (base[0]);
  /* "EngineUnit" -> "engineUnit", numbered only when taken. */
  id = sw_model_find_component (model, base) < 0 ? g_strdup (base) : sw_model_dup_unique_id (model, base);
  json_object_set_string_member (instance, "id", id);
  json_object_set_string_member (instance, "kind", "subsystem");
  json_object_set_string_member (instance, "subsystem", name);
  if (n_placed > 0)
    {
      g_autoptr (JsonArray) position = json_array_new ();

      json_array_add_double_element (position, x / n_placed);
      json_array_add_double_element (position, y / n_placed);
      json_object_set_array_member (instance, "position", g_steal_pointer (&position));
    }
  json_array_add_object_element (kept, json_object_ref (instance));

  /* Connections inside stay inside; those across go to the instance's
   * ports (their routes dropped: the ends moved). */
  connections = json_object_get_array_member (object, "connections");
  for (guint i = 0; i < json_array_get_length (connections); i++)
    {
      JsonObject *w = json_array_get_object_element (connections, i);
      const char *from = end_of (w, "from"), *to = end_of (w, "to");
      gboolean from_in = end_is_inside (from, inside), to_in = end_is_inside (to, inside);
      g_autoptr (JsonObject) moved = NULL;

      if (from_in && to_in)
        {
          json_array_add_object_element (inner_wires, json_object_ref (w));
          continue;
        }
      if (!from_in && !to_in)
        {
          json_array_add_object_element (wires, json_object_ref (w));
          continue;
        }
      moved = json_object_new ();
      if (from_in)
        {
          g_autofree char *end = g_strdup_printf ("%s.%s", id, outer_port (ports, outer_of, from));

          json_object_set_string_member (moved, "from", end);
          json_object_set_string_member (moved, "to", to);
        }
      else
        {
          g_autofree char *end = g_strdup_printf ("%s.%s", id, outer_port (ports, outer_of, to));

          json_object_set_string_member (moved, "from", from);
          json_object_set_string_member (moved, "to", end);
        }
      json_array_add_object_element (wires, g_steal_pointer (&moved));
    }

  json_object_set_object_member (interface, "ports", g_steal_pointer (&ports));
  if (with_params)
    expose_params (model, components, n_components, interface, instance);
  json_object_set_object_member (definition, "interface", g_steal_pointer (&interface));
  copy_shared_signals (model, object, inside, definition);
  json_object_set_array_member (definition, "components", g_steal_pointer (&inner));
  json_object_set_array_member (definition, "connections", g_steal_pointer (&inner_wires));
  json_object_set_object_member (definitions_of (object), name, g_steal_pointer (&definition));
  json_object_set_array_member (object, "components", g_steal_pointer (&kept));
  json_object_set_array_member (object, "connections", g_steal_pointer (&wires));

  if (!restore_object (model, object, &local))
    {
      g_set_error (error, SW_ERROR, local->code, _("these components cannot make a subsystem: %s"), local->message);
      return -1;
    }
  return sw_model_find_component (model, id);
}

void
_sw_model_merge_definitions (SwModel *model, SwModel *other)
{
  g_autoptr (GList) names = NULL;
  JsonObject *theirs, *ours;

  if (other->subsystems == NULL)
    return;
  if (model->subsystems == NULL)
    model->subsystems = json_node_init_object (json_node_alloc (), json_object_new ());
  theirs = json_node_get_object (other->subsystems);
  ours = json_node_get_object (model->subsystems);
  names = json_object_get_members (theirs);
  for (GList *l = names; l != NULL; l = l->next)
    {
      JsonNode *definition = json_object_get_member (theirs, l->data), *same = json_object_get_member (ours, l->data);
      g_autofree char *name = g_strdup (l->data);

      if (same != NULL && json_node_equal (same, definition))
        continue;
      for (guint n = 2; json_object_has_member (ours, name); n++)
        {
          g_free (name);
          name = g_strdup_printf ("%s%u", (const char *) l->data, n);
        }
      json_object_set_member (ours, name, json_node_copy (definition));
      for (guint i = 0; i < other->components->len; i++)
        {
          SwComponent *c = &g_array_index (other->components, SwComponent, i);

          if (g_strcmp0 (c->definition, l->data) == 0)
            {
              g_free (c->definition);
              c->definition = g_strdup (name);
            }
        }
    }
}

int
sw_model_add_subsystem (SwModel *model, const char *path, const char *id, GError **error)
{
  g_autofree char *absolute = NULL, *relative = NULL;
  g_autoptr (GFile) file = NULL, folder = NULL;
  const SwKind *kind;

  g_return_val_if_fail (SW_IS_MODEL (model), -1);
  g_return_val_if_fail (path != NULL && id != NULL, -1);

  absolute = g_canonicalize_filename (path, NULL);
  kind = _sw_subsystem_load (absolute, error);
  if (kind == NULL)
    return -1;
  file = g_file_new_for_path (absolute);
  folder = model->folder != NULL ? g_file_new_for_path (model->folder) : NULL;
  relative = folder != NULL ? g_file_get_relative_path (folder, file) : NULL;
  return _sw_model_add_component_of (model, kind, NULL, id, relative != NULL ? relative : absolute, error);
}

const SwKind *
sw_kind_load_subsystem (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);

  return _sw_subsystem_load (path, error);
}

const char *
sw_kind_get_subsystem_port_target (const SwKind *kind, guint port)
{
  return _sw_subsystem_get_port_target (kind, port);
}

SwModel *
sw_kind_get_subsystem_model (const SwKind *kind)
{
  return _sw_subsystem_get_inner (kind);
}

int
_sw_model_find_component_path (SwModel *self, const char *path, SwModel **owner)
{
  int index = sw_model_find_component (self, path);

  *owner = self;
  if (index >= 0)
    return index;
  /* An id has no dot: each one may end a subsystem instance's id. */
  for (const char *dot = strchr (path, '.'); dot != NULL; dot = strchr (dot + 1, '.'))
    {
      g_autofree char *id = g_strndup (path, dot - path);
      int outer = sw_model_find_component (self, id);
      SwModel *inner = outer >= 0 ? _sw_subsystem_get_inner (sw_model_get_component (self, (guint) outer)->kind) : NULL;

      if (inner != NULL && (index = _sw_model_find_component_path (inner, dot + 1, owner)) >= 0)
        return index;
    }
  *owner = self;
  return -1;
}
