/* sw-model-file-components.c: the components of a *.shaft file: shared
 * signals, subsystems (from files and inline), parameters, positions.
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

/* Components */

/* ---- Shared signals ------------------------------------------------------ */

/* The shared signal called name (a new reference), or NULL with an error
 * listing those there are. */
static SwSignal *
shared_signal (Reader *r, const char *name, GError **error)
{
  int i = sw_model_find_shared_signal (r->model, name);
  g_autoptr(GString) names = g_string_new (NULL);
  g_autofree char *quoted = _sw_quote (name);

  if (i >= 0)
    return sw_signal_ref (sw_model_get_shared_signal (r->model, (guint) i));
  for (guint k = 0; k < sw_model_get_n_shared_signals (r->model); k++)
    g_string_append_printf (names, "%s%s", k > 0 ? ", " : "", sw_model_get_shared_signal_name (r->model, k));
  if (names->len == 0)
    g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                 _("there is no shared signal %s: the model has no “signals”; a signal is a number or an "
                   "object such as {\"step\": {…}}, or the name of one in the model's “signals”"), quoted);
  else
    g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                 _("there is no shared signal %s; valid: %s"), quoted, names->str);
  return NULL;
}

/* "signals": {"name": signal, …}, read before the components that name
 * them. */
void
_sw_reader_read_shared_signals (Reader *r, JsonObject *root)
{
  JsonNode *node = json_object_get_member (root, "signals");
  g_autoptr(GList) names = NULL;
  JsonObject *object;

  if (node == NULL)
    return;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, root, "signals"), SW_ERROR_PARSE,
                                         _("“signals” must be an object {\"name\": signal, …}, not %s"), _sw_reader_describe_node (node));
      return;
    }
  object = json_node_get_object (node);
  names = json_object_get_members (object);
  for (GList *l = names; l != NULL; l = l->next)
    {
      const char *name = l->data;
      g_autoptr(GError) error = NULL;
      g_autoptr(SwSignal) signal = NULL;
      g_autofree char *quoted = _sw_quote (name);

      if (!_sw_check_id (name, NULL))
        {
          _sw_reader_add_problem (r, _sw_reader_member_key_offset (r, object, name), SW_ERROR_INVALID,
                                             _("shared signal %s: a name is letters, digits and “_”, not starting with a digit"), quoted);
          continue;
        }
      signal = sw_signal_new_from_json (json_object_get_member (object, name), &error);
      if (signal == NULL)
        {
          g_prefix_error (&error, _("shared signal %s: "), quoted);
          _sw_reader_add_error (r, _sw_reader_member_offset (r, object, name), g_steal_pointer (&error));
          continue;
        }
      _sw_model_add_shared_signal (r->model, name, signal);
    }
}

static const char *const component_keys[] = { "id", "kind", "model", "subsystem", "params", "position", "ui", NULL };

/* The kind of an inline definition ("subsystem": "EngineUnit"), or NULL
 * with the problem added; *ref: the name. */
static const SwKind *
inline_subsystem_kind (Reader *r, JsonObject *object, const char *who, char **ref)
{
  JsonNode *member = json_object_get_member (object, "subsystem");
  const char *name = _sw_reader_node_get_string (member);
  GError *error = NULL;
  const SwKind *kind;

  if (name == NULL)
    {
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "subsystem"), SW_ERROR_PARSE,
                                         _("%s: “subsystem” must be the name of a definition in “subsystems”, not %s"), who,
                                         _sw_reader_describe_node (member));
      return NULL;
    }
  kind = r->scope != NULL ? _sw_subsystem_load_inline (r->scope, name, &error) : NULL;
  if (kind == NULL && error != NULL)
    {
      g_autofree char *bad = g_strdup_printf ("subsystem:%s", name);

      /* Reported where it is defined. */
      if (g_hash_table_contains (r->unreadable, bad))
        {
          g_error_free (error);
          return NULL;
        }
    }
  if (kind == NULL)
    {
      if (error == NULL)
        g_set_error (&error, SW_ERROR, SW_ERROR_TOPOLOGY,
                     _("no subsystem “%s” is defined; define it in the file's top-level “subsystems”"), name);
      g_prefix_error (&error, _("%s: "), who);
      _sw_reader_add_error (r, _sw_reader_member_offset (r, object, "subsystem"), error);
      return NULL;
    }
  *ref = g_strdup (name);
  return kind;
}

/* A subsystem's kind from its "model" (a file, relative to the model's
 * folder) or its "subsystem" (a definition in the file), or NULL with the
 * problem added; *ref or *definition: the file or name as written. */
static const SwKind *
subsystem_kind (Reader *r, JsonObject *object, const char *who, char **ref, char **definition)
{
  JsonNode *member = json_object_get_member (object, "model");
  const char *file = member != NULL ? _sw_reader_node_get_string (member) : NULL;
  g_autofree char *path = NULL;
  GError *error = NULL;
  const SwKind *kind;

  if (member == NULL && json_object_has_member (object, "subsystem"))
    return inline_subsystem_kind (r, object, who, definition);
  if (file == NULL)
    {
      _sw_reader_add_problem (r, member != NULL ? _sw_reader_member_offset (r, object, "model") : _sw_reader_object_offset (r, object),
                                                    SW_ERROR_INVALID,
                                                    _("%s: a subsystem needs “model”, the .shaft file it is (e.g. \"engine.shaft\"), or “subsystem”, "
                                                      "the name of a definition in the file's “subsystems”"),
                                                    who);
      return NULL;
    }
  path = g_path_is_absolute (file) ? g_strdup (file) : g_build_filename (r->folder, file, NULL);
  kind = _sw_subsystem_load (path, &error);
  if (kind == NULL)
    {
      g_prefix_error (&error, _("%s: subsystem “%s”: "), who, file);
      _sw_reader_add_error (r, _sw_reader_member_offset (r, object, "model"), error);
      return NULL;
    }
  *ref = g_strdup (file);
  return kind;
}

static gboolean
read_param_value (Reader      *r,
                  const char  *who,
                  SwComponent *c,
                  guint        p,
                  JsonObject  *params,
                  const char  *name)
{
  const SwParamDesc *desc = &c->kind->params[p];
  JsonNode *node = json_object_get_member (params, name);
  GError *error = NULL;
  double value;

  if (desc->type == SW_PARAM_TABLE)
    return _sw_reader_read_table (r, who, c, p, params, name);
  if (desc->type == SW_PARAM_EXPRESSION)
    return _sw_reader_read_expression (r, who, c, p, params, name);

  switch (desc->type)
    {
    case SW_PARAM_REAL:
    case SW_PARAM_INITIAL:
      if (!_sw_reader_node_get_number (node, &value))
        {
          _sw_reader_add_problem (r, _sw_reader_member_offset (r, params, name), SW_ERROR_PARSE,
                                             _("%s: parameter “%s” must be a number, not %s"),
                                             who, desc->name, _sw_reader_describe_node (node));
          return FALSE;
        }
      if (!_sw_check_param (who, c->kind, p, value, &error))
        {
          _sw_reader_add_error (r, _sw_reader_member_offset (r, params, name), error);
          return FALSE;
        }
      break;

    case SW_PARAM_BOOLEAN:
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
        {
          _sw_reader_add_problem (r, _sw_reader_member_offset (r, params, name), SW_ERROR_PARSE,
                                             _("%s: parameter “%s” must be true or false, not %s"),
                                             who, desc->name, _sw_reader_describe_node (node));
          return FALSE;
        }
      value = json_node_get_boolean (node) ? 1 : 0;
      break;

    case SW_PARAM_SIGNAL:
      {
        const char *ref = _sw_reader_node_get_string (node);
        g_autoptr(SwSignal) signal = ref != NULL ? shared_signal (r, ref, &error)
                                                 : sw_signal_new_from_json (node, &error);

        if (signal == NULL)
          {
            if (error != NULL)
              g_prefix_error (&error, _("%s: parameter “%s”: "), who, desc->name);
            _sw_reader_add_error (r, _sw_reader_member_offset (r, params, name), error);
            return FALSE;
          }
        g_clear_error (&error);

        value = _sw_signal_param_value (signal);
        if (sw_signal_is_constant (signal) &&
            !_sw_check_param (who, c->kind, p, value, &error))
          {
            _sw_reader_add_error (r, _sw_reader_member_offset (r, params, name), error);
            return FALSE;
          }
        g_clear_pointer (&c->signal[p], sw_signal_unref);
        c->signal[p] = g_steal_pointer (&signal);
        g_free (c->signal_ref[p]);
        c->signal_ref[p] = g_strdup (ref);
      }
      break;

    default:
      g_assert_not_reached ();
    }

  c->param[p] = value;
  c->given[p] = TRUE;
  return TRUE;
}

/* Where problems of the parameters as a whole are reported. */
static gsize
params_offset (Reader     *r,
               JsonObject *object)
{
  return json_object_has_member (object, "params") ? _sw_reader_member_offset (r, object, "params")
                                                   : _sw_reader_object_offset (r, object);
}

static void
read_params (Reader      *r,
             JsonObject  *object,
             const char  *who,
             SwComponent *c)
{
  JsonNode *node = json_object_get_member (object, "params");
  GError *error = NULL;
  gboolean ok = TRUE;

  if (node != NULL && !JSON_NODE_HOLDS_OBJECT (node))
    {
      _sw_reader_add_problem (r, params_offset (r, object), SW_ERROR_PARSE,
                              _("%s: “params” must be an object {…}, not %s"), who, _sw_reader_describe_node (node));
      return;
    }

  if (node != NULL)
    {
      JsonObject *params = json_node_get_object (node);
      g_autoptr(GList) names = json_object_get_members (params);

      for (GList *l = names; l != NULL; l = l->next)
        {
          const char *name = l->data;
          int p = _sw_find_param (who, c->kind, name, &error);

          if (p < 0)
            {
              _sw_reader_add_error (r, _sw_reader_member_key_offset (r, params, name), g_steal_pointer (&error));
              ok = FALSE;
              continue;
            }
          if (!read_param_value (r, who, c, p, params, name))
            ok = FALSE;
        }
    }

  for (guint i = 0; i < c->kind->n_params; i++)
    {
      const SwParamDesc *desc = &c->kind->params[i];

      if (c->given[i] || desc->type == SW_PARAM_INITIAL || desc->type == SW_PARAM_TABLE ||
          desc->type == SW_PARAM_EXPRESSION || !isnan (desc->default_value))
        continue;
      _sw_reader_add_problem (r, params_offset (r, object), SW_ERROR_INVALID,
                              _("%s: parameter “%s” (%s) is missing; it has no default value"),
                              who, desc->name, desc->label != NULL ? _(desc->label) : desc->name);
      ok = FALSE;
    }

  if (ok && !_sw_validate_params (who, c->kind, c->param, &error))
    _sw_reader_add_error (r, params_offset (r, object), g_steal_pointer (&error));
}

static void
read_position (Reader      *r,
               JsonObject  *object,
               const char  *who,
               SwComponent *c)
{
  JsonNode *node = json_object_get_member (object, "position");
  double xy[2];
  gboolean ok;

  if (node == NULL)
    return;

  ok = JSON_NODE_HOLDS_ARRAY (node) && json_array_get_length (json_node_get_array (node)) == 2;
  for (guint i = 0; ok && i < 2; i++)
    ok = _sw_reader_node_get_number (json_array_get_element (json_node_get_array (node), i), &xy[i]) &&
         isfinite (xy[i]);
  if (!ok)
    {
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "position"), SW_ERROR_PARSE,
                                         _("%s: “position” must be [x, y], two finite numbers"), who);
      return;
    }

  if (c != NULL)
    {
      c->has_position = TRUE;
      c->position[0] = xy[0];
      c->position[1] = xy[1];
    }
}

/* The line of the component first defined with id, or 0: those read are
 * in the model (its index), those of an unknown kind in r->defined. */
static guint
defined_at_line (Reader *r, const char *id)
{
  int i = sw_model_find_component (r->model, id);
  gpointer first;

  if (i >= 0)
    return sw_model_get_component (r->model, (guint) i)->line;
  first = g_hash_table_lookup (r->defined, id);
  return first != NULL ? _sw_reader_offset_to_line (r, GPOINTER_TO_SIZE (first) - 1) : 0;
}

void
_sw_reader_read_component (Reader    *r,
                           JsonArray *array,
                           guint      index,
                           JsonNode  *node,
                           gsize      offset)
{
  g_autofree char *who = NULL;
  SwComponent component;
  JsonObject *object;
  JsonNode *member;
  const SwKind *kind = NULL;
  const char *id = NULL;
  const char *kind_name;
  g_autofree char *model_ref = NULL;
  g_autofree char *definition = NULL;
  gboolean usable = FALSE;
  GError *error = NULL;
  guint first_line;
  gsize start;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      _sw_reader_add_problem (r, array != NULL ? _sw_reader_element_offset (r, array, index) : offset, SW_ERROR_PARSE,
                                         _("component #%u must be an object {…}, not %s"), index + 1, _sw_reader_describe_node (node));
      return;
    }

  object = json_node_get_object (node);
  start = _sw_reader_object_offset (r, object);
  member = json_object_get_member (object, "id");
  id = _sw_reader_node_get_string (member);
  who = id != NULL ? _sw_component_label (id) : g_strdup_printf (_("component #%u"), index + 1);

  _sw_reader_check_keys (r, object, who, component_keys);

  if (member == NULL)
    _sw_reader_add_problem (r, start, SW_ERROR_INVALID, _("%s has no “id”"), who);
  else if (id == NULL)
    _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "id"), SW_ERROR_PARSE,
                                       _("%s: “id” must be a string, not %s"), who, _sw_reader_describe_node (member));
  else if (!_sw_check_id (id, &error))
    _sw_reader_add_error (r, _sw_reader_member_offset (r, object, "id"), g_steal_pointer (&error));
  else if ((first_line = defined_at_line (r, id)) > 0)
    _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "id"), SW_ERROR_TOPOLOGY,
                                       _("duplicate component id “%s”; it is first defined at line %u"),
                                       id, first_line);
  else
    usable = TRUE;

  member = json_object_get_member (object, "kind");
  kind_name = _sw_reader_node_get_string (member);
  if (member == NULL)
    _sw_reader_add_problem (r, start, SW_ERROR_INVALID,
                            _("%s has no “kind”; run 'shaftwork-cli list' for the catalogue of kinds"), who);
  else if (kind_name == NULL)
    _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "kind"), SW_ERROR_PARSE,
                                       _("%s: “kind” must be a string, not %s"), who, _sw_reader_describe_node (member));
  else if (strcmp (kind_name, "subsystem") == 0)
    kind = subsystem_kind (r, object, who, &model_ref, &definition);
  else
    {
      kind = _sw_lookup_kind (who, kind_name, &error);
      if (kind == NULL)
        _sw_reader_add_error (r, _sw_reader_member_offset (r, object, "kind"), g_steal_pointer (&error));
    }

  /* Connections to a component that cannot be used (an invalid id, an
   * unknown kind) are not reported again. A duplicate's connections go to
   * the first definition. */
  if (id != NULL && ((usable && kind == NULL) || (!usable && defined_at_line (r, id) == 0)))
    g_hash_table_add (r->unreadable, g_strdup (id));

  if (kind == NULL)
    {
      if (usable)
        g_hash_table_insert (r->defined, g_strdup (id), GSIZE_TO_POINTER (start + 1));
      read_position (r, object, who, NULL);
      return;
    }
  /* The model once flattened: refused at the component that passes the
   * limit (a definition's own size was checked when it was made). */
  r->n_flat += _sw_subsystem_flat_size (kind);
  if (r->n_flat > SW_SUBSYSTEM_MAX_FLAT && r->n_flat - _sw_subsystem_flat_size (kind) <= SW_SUBSYSTEM_MAX_FLAT)
    _sw_reader_add_problem (r, _sw_reader_object_offset (r, object), SW_ERROR_TOO_LARGE,
                                       _("%s: with it the model holds more than %u components once its subsystems are expanded; at most %u"),
                                       who, SW_SUBSYSTEM_MAX_FLAT, SW_SUBSYSTEM_MAX_FLAT);

  _sw_component_init (&component, kind, id != NULL ? id : "");
  component.model_ref = g_steal_pointer (&model_ref);
  component.definition = g_steal_pointer (&definition);
  _sw_reader_offset_to_location (r, start, &component.line, &component.column);
  read_params (r, object, who, &component);
  read_position (r, object, who, &component);
  member = json_object_get_member (object, "ui");
  if (member != NULL)
    component.ui = json_node_copy (member);

  if (usable)
    _sw_model_take_component (r->model, &component);
  else
    _sw_component_clear (&component);
}
