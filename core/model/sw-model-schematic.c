/* sw-model-schematic.c: editing for the schematic editor: ids, removals,
 * positions, rotations and other ui members, fragments copied and pasted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-private.h"
#include "sw-subsystem-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

/* Editing for the schematic editor */

void
sw_model_set_display_name (SwModel    *model,
                           const char *display_name)
{
  g_return_if_fail (SW_IS_MODEL (model));

  /* Only messages use it: not part of the document, so not a change. */
  _sw_model_set_display_name (model, display_name);
}

static gboolean
id_is_taken (SwModel    *self,
             GHashTable *reserved,
             const char *id)
{
  return sw_model_find_component (self, id) >= 0 ||
         (reserved != NULL && g_hash_table_contains (reserved, id));
}

/* The smallest "baseN" (N >= 1) neither in the model nor in reserved. */
static char *
unique_id (SwModel    *self,
           const char *kind_name,
           GHashTable *reserved)
{
  const char *dot = strrchr (kind_name, '.');
  g_autoptr(GString) base = g_string_new (NULL);

  for (const char *p = dot != NULL ? dot + 1 : kind_name; *p != '\0'; p++)
    g_string_append_c (base, g_ascii_isalnum (*p) ? *p : '_');
  if (base->len == 0 || g_ascii_isdigit (base->str[0]))
    g_string_prepend_c (base, '_');

  for (guint n = 1; ; n++)
    {
      g_autofree char *id = g_strdup_printf ("%s%u", base->str, n);

      if (!id_is_taken (self, reserved, id))
        return g_steal_pointer (&id);
    }
}

char *
sw_model_dup_unique_id (SwModel    *model,
                        const char *kind_name)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (kind_name != NULL, NULL);

  return unique_id (model, kind_name, NULL);
}

void
sw_model_remove_component (SwModel *model,
                           guint    component)
{
  g_return_if_fail (SW_IS_MODEL (model));
  g_return_if_fail (component < model->components->len);

  for (guint i = model->connections->len; i-- > 0; )
    {
      SwConnection *connection = &g_array_index (model->connections, SwConnection, i);

      if (connection->from_component == component || connection->to_component == component)
        {
          g_array_remove_index (model->connections, i);
          g_ptr_array_remove_index (model->connection_ui, i);
          continue;
        }
      if (connection->from_component > component)
        connection->from_component--;
      if (connection->to_component > component)
        connection->to_component--;
    }
  g_array_remove_index (model->components, component);
  _sw_model_index_invalidate (model);

  _sw_model_emit_changed (model);
}

void
sw_model_set_position (SwModel *model,
                       guint    component,
                       double   x,
                       double   y)
{
  SwComponent *c;

  g_return_if_fail (SW_IS_MODEL (model));
  g_return_if_fail (component < model->components->len);
  g_return_if_fail (isfinite (x) && isfinite (y));

  c = &g_array_index (model->components, SwComponent, component);
  if (c->has_position && c->position[0] == x && c->position[1] == y)
    return;

  c->has_position = TRUE;
  c->position[0] = x;
  c->position[1] = y;
  _sw_model_emit_changed (model);
}

/* The member of a component's ui object, or NULL. */
static JsonNode *
get_ui_member (const SwComponent *c,
               const char        *name)
{
  if (c->ui == NULL || !JSON_NODE_HOLDS_OBJECT (c->ui))
    return NULL;
  return json_object_get_member (json_node_get_object (c->ui), name);
}

static int
normalize_degrees (gint64 degrees)
{
  return (int) (((degrees % 360) + 360) % 360);
}

int
sw_model_get_rotation (SwModel *model,
                       guint    component)
{
  JsonNode *node;
  double degrees;

  g_return_val_if_fail (SW_IS_MODEL (model), 0);
  g_return_val_if_fail (component < model->components->len, 0);

  node = get_ui_member (&g_array_index (model->components, SwComponent, component), "rotation");
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return 0;

  if (json_node_get_value_type (node) == G_TYPE_INT64)
    degrees = (double) json_node_get_int (node);
  else if (json_node_get_value_type (node) == G_TYPE_DOUBLE)
    degrees = json_node_get_double (node);
  else
    return 0;

  /* The reader leaves ui alone: a hand-written file may hold anything. */
  if (!isfinite (degrees) || fabs (degrees) > 1e9)
    return 0;
  return normalize_degrees ((gint64) round (degrees / 90) * 90);
}

gboolean
sw_model_get_flipped (SwModel *model,
                      guint    component)
{
  JsonNode *node;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (component < model->components->len, FALSE);

  node = get_ui_member (&g_array_index (model->components, SwComponent, component), "flip");
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return FALSE;
  return json_node_get_boolean (node);
}

/* Sets (or with NULL removes) one member of the component's "ui" object in a
 * new object, keeping the other members in their order; an empty object is
 * dropped. FALSE when nothing changed. */
static gboolean
set_ui_member (SwComponent *c, const char *name, JsonNode *value)
{
  g_autoptr(JsonObject) object = json_object_new ();
  JsonNode *old_value = NULL;

  /* A new object: json_node_copy() shares objects, and the old one may be
   * shared with a copy elsewhere. */
  if (c->ui != NULL && JSON_NODE_HOLDS_OBJECT (c->ui))
    {
      JsonObject *old = json_node_get_object (c->ui);
      g_autoptr(GList) names = json_object_get_members (old);

      old_value = json_object_get_member (old, name);
      for (GList *l = names; l != NULL; l = l->next)
        json_object_set_member (object, l->data, json_node_copy (json_object_get_member (old, l->data)));
    }
  if (value == NULL ? old_value == NULL : old_value != NULL && json_node_equal (old_value, value))
    return FALSE;
  if (value != NULL)
    json_object_set_member (object, name, json_node_copy (value));
  else
    json_object_remove_member (object, name);

  g_clear_pointer (&c->ui, json_node_unref);
  if (json_object_get_size (object) > 0)
    {
      c->ui = json_node_new (JSON_NODE_OBJECT);
      json_node_set_object (c->ui, object);
    }
  return TRUE;
}

void
sw_model_set_ui_member (SwModel    *model,
                        guint       component,
                        const char *name,
                        JsonNode   *value)
{
  g_return_if_fail (SW_IS_MODEL (model));
  g_return_if_fail (component < model->components->len);
  g_return_if_fail (name != NULL);

  if (set_ui_member (&g_array_index (model->components, SwComponent, component), name, value))
    _sw_model_emit_changed (model);
}

void
sw_model_set_view_member (SwModel    *model,
                          const char *name,
                          JsonNode   *value)
{
  g_autoptr(JsonObject) object = json_object_new ();

  g_return_if_fail (SW_IS_MODEL (model));
  g_return_if_fail (name != NULL);

  /* A new object, as for a component's: the old one may be shared. */
  if (model->ui != NULL && JSON_NODE_HOLDS_OBJECT (model->ui))
    {
      JsonObject *old = json_node_get_object (model->ui);
      g_autoptr(GList) names = json_object_get_members (old);

      for (GList *l = names; l != NULL; l = l->next)
        json_object_set_member (object, l->data, json_node_copy (json_object_get_member (old, l->data)));
    }
  else if (model->ui != NULL && value == NULL)
    return;
  if (value != NULL)
    json_object_set_member (object, name, json_node_copy (value));
  else if (json_object_has_member (object, name))
    json_object_remove_member (object, name);

  g_clear_pointer (&model->ui, json_node_unref);
  if (json_object_get_size (object) > 0)
    {
      model->ui = json_node_new (JSON_NODE_OBJECT);
      json_node_set_object (model->ui, object);
    }
}

JsonNode *
sw_model_get_view_member (SwModel    *model,
                          const char *name)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (model->ui == NULL || !JSON_NODE_HOLDS_OBJECT (model->ui))
    return NULL;
  return json_object_get_member (json_node_get_object (model->ui), name);
}

JsonNode *
sw_model_get_ui_member (SwModel    *model,
                        guint       component,
                        const char *name)
{
  SwComponent *c;

  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (component < model->components->len, NULL);

  c = &g_array_index (model->components, SwComponent, component);
  if (c->ui == NULL || !JSON_NODE_HOLDS_OBJECT (c->ui))
    return NULL;
  return json_object_get_member (json_node_get_object (c->ui), name);
}

void
sw_model_set_rotation (SwModel  *model,
                       guint     component,
                       int       degrees,
                       gboolean  flipped)
{
  SwComponent *c;
  gboolean changed;

  g_return_if_fail (SW_IS_MODEL (model));
  g_return_if_fail (component < model->components->len);
  g_return_if_fail (degrees % 90 == 0);

  degrees = normalize_degrees (degrees);
  c = &g_array_index (model->components, SwComponent, component);

  /* Defaults are left out, so that turning back gives the same file. */
  {
    g_autoptr(JsonNode) rotation = degrees != 0 ? json_node_init_int (json_node_alloc (), degrees) : NULL;
    g_autoptr(JsonNode) flip = flipped ? json_node_init_boolean (json_node_alloc (), TRUE) : NULL;

    changed = set_ui_member (c, "rotation", rotation);
    changed = set_ui_member (c, "flip", flip) || changed;
  }
  if (changed)
    _sw_model_emit_changed (model);
}

void
sw_model_remove_connection (SwModel *model,
                            guint    connection)
{
  g_return_if_fail (SW_IS_MODEL (model));
  g_return_if_fail (connection < model->connections->len);

  g_array_remove_index (model->connections, connection);
  g_ptr_array_remove_index (model->connection_ui, connection);
  g_clear_pointer (&model->connection_index, g_hash_table_unref);
  _sw_model_emit_changed (model);
}

gboolean
sw_model_set_id (SwModel     *model,
                 guint        component,
                 const char  *id,
                 GError     **error)
{
  SwComponent *c;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (component < model->components->len, FALSE);
  g_return_val_if_fail (id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  c = &g_array_index (model->components, SwComponent, component);
  if (strcmp (c->id, id) == 0)
    return TRUE;

  if (!_sw_check_id (id, error))
    return FALSE;
  if (sw_model_find_component (model, id) >= 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_TOPOLOGY,
                   _("duplicate component id “%s”"), id);
      return FALSE;
    }

  /* Connections hold indices: they follow the component. */
  g_free (c->id);
  c->id = g_strdup (id);
  _sw_model_index_invalidate (model);
  _sw_model_emit_changed (model);
  return TRUE;
}

void
_sw_component_copy (SwComponent       *dest,
                    const SwComponent *src)
{
  *dest = *src;
  sw_kind_ref (dest->kind);
  dest->id = g_strdup (src->id);
  _sw_component_alloc_params (dest, src->kind);
  memcpy (dest->param, src->param, src->kind->n_params * sizeof (double));
  memcpy (dest->given, src->given, src->kind->n_params * sizeof (gboolean));
  for (guint i = 0; i < src->kind->n_params; i++)
    {
      if (src->signal[i] != NULL)
        dest->signal[i] = sw_signal_ref (src->signal[i]);
      if (src->table[i] != NULL)
        dest->table[i] = sw_table_ref (src->table[i]);
      if (src->expression[i] != NULL)
        dest->expression[i] = sw_expression_ref (src->expression[i]);
      dest->signal_ref[i] = g_strdup (src->signal_ref[i]);
    }
  if (src->ui != NULL)
    dest->ui = json_node_copy (src->ui);
  dest->model_ref = g_strdup (src->model_ref);
  dest->definition = g_strdup (src->definition);
}

char *
sw_model_dup_fragment (SwModel     *model,
                       const guint *components,
                       guint        n_components)
{
  g_autoptr(SwModel) fragment = NULL;
  g_autofree int *new_index = NULL;
  guint n = 0;

  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (components != NULL || n_components == 0, NULL);
  for (guint i = 0; i < n_components; i++)
    g_return_val_if_fail (components[i] < model->components->len, NULL);

  /* The fragment keeps the model's order; an index given twice counts once. */
  new_index = g_new (int, model->components->len + 1);
  for (guint i = 0; i < model->components->len; i++)
    new_index[i] = -1;
  for (guint i = 0; i < n_components; i++)
    new_index[components[i]] = 0;

  fragment = sw_model_new ();
  fragment->name = g_strdup ("fragment");
  /* The definitions its subsystems may use. */
  if (model->subsystems != NULL)
    fragment->subsystems = json_node_copy (model->subsystems);
  for (guint i = 0; i < model->components->len; i++)
    {
      SwComponent copy;

      if (new_index[i] < 0)
        continue;
      _sw_component_copy (&copy, &g_array_index (model->components, SwComponent, i));
      copy.line = copy.column = 0;
      _sw_model_take_component (fragment, &copy);
      new_index[i] = (int) n++;
    }

  for (guint i = 0; i < model->connections->len; i++)
    {
      SwConnection connection = g_array_index (model->connections, SwConnection, i);
      JsonNode *ui = g_ptr_array_index (model->connection_ui, i);

      if (new_index[connection.from_component] < 0 || new_index[connection.to_component] < 0)
        continue;
      connection.from_component = (guint) new_index[connection.from_component];
      connection.to_component = (guint) new_index[connection.to_component];
      connection.line = connection.column = 0;
      _sw_model_take_connection (fragment, &connection, ui != NULL ? json_node_copy (ui) : NULL);
    }

  return sw_model_to_data (fragment, NULL);
}

GArray *
sw_model_paste_fragment (SwModel     *model,
                         const char  *data,
                         double       dx,
                         double       dy,
                         GError     **error)
{
  g_autoptr(SwModel) fragment = NULL;
  g_autoptr(GHashTable) kept = NULL;
  g_autoptr(GArray) added = NULL;
  guint base;

  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (isfinite (dx) && isfinite (dy), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  fragment = sw_model_new_from_data_in (data, -1, "<clipboard>", model->folder, error);
  if (fragment == NULL)
    return NULL;

  added = g_array_sized_new (FALSE, FALSE, sizeof (guint), fragment->components->len);
  if (fragment->components->len == 0)
    return g_steal_pointer (&added);

  /* First the ids that stay (those free in the model), then fresh ones for
   * the others, so that a renamed component never takes a kept id. */
  kept = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < fragment->components->len; i++)
    {
      const char *id = g_array_index (fragment->components, SwComponent, i).id;

      if (sw_model_find_component (model, id) < 0)
        g_hash_table_add (kept, (gpointer) id);
    }

  _sw_model_merge_definitions (model, fragment);
  base = model->components->len;
  for (guint i = 0; i < fragment->components->len; i++)
    {
      SwComponent *c = &g_array_index (fragment->components, SwComponent, i);
      guint index = model->components->len;

      if (!g_hash_table_contains (kept, c->id))
        {
          g_autofree char *id = unique_id (model, c->kind->name, kept);

          g_free (c->id);
          c->id = g_steal_pointer (&id);
          _sw_model_index_invalidate (fragment);
        }
      if (c->has_position)
        {
          c->position[0] += dx;
          c->position[1] += dy;
        }
      c->line = c->column = 0;
      _sw_model_take_component (model, c);
      g_array_append_val (added, index);
    }

  for (guint i = 0; i < fragment->connections->len; i++)
    {
      SwConnection connection = g_array_index (fragment->connections, SwConnection, i);
      JsonNode *ui = g_ptr_array_index (fragment->connection_ui, i);

      connection.from_component += base;
      connection.to_component += base;
      connection.line = connection.column = 0;
      _sw_model_take_connection (model, &connection, ui != NULL ? json_node_ref (ui) : NULL);
    }

  _sw_model_emit_changed (model);
  return g_steal_pointer (&added);
}
