/* sw-modelica-import-classes.c: models defined inside the imported one,
 * used as its components, made subsystems.
 *
 * A class of the file (model EngineUnit … end EngineUnit; inside the
 * model) becomes a definition of the model's "subsystems", named as the
 * class, and each component of that class a component of kind subsystem.
 * Its connectors (Modelica.Mechanics.*.Interfaces.Flange_a, Flange_b,
 * Support) become the interface's ports, at the inner port they are
 * connected to; its parameters the interface's parameters, at every inner
 * parameter whose modifier is exactly that parameter's name (J=J_fly, a
 * start value, a Constant block's k feeding a source), with its value as
 * default and its description as label. annotation(__Shaftwork(name="…"))
 * gives the interface's name where the export had to change it. A
 * parameter used in any other way is an error at its line, since an
 * instance's value could not reach there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-import-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include "sw-error.h"
#include "sw-model-private.h"

void
_sw_mo_def_free (MoDef *def)
{
  g_free (def->name);
  g_free (def->text);
  g_clear_pointer (&def->param_names, g_hash_table_unref);
  g_clear_pointer (&def->port_names, g_hash_table_unref);
  g_free (def);
}

gboolean
_sw_mo_is_connector (const MoElement *el)
{
  const char *dot = strrchr (el->type, '.');
  const char *last = dot != NULL ? dot + 1 : el->type;

  return (strcmp (last, "Flange_a") == 0 || strcmp (last, "Flange_b") == 0 || strcmp (last, "Support") == 0)
         && strstr (el->type, "Interfaces.") != NULL;
}

MoClass *
_sw_mo_find_class (Import *im, const char *type, Import **scope)
{
  for (Import *s = im; s != NULL; s = s->parent)
    for (guint k = 0; k < s->klass->classes->len; k++)
      {
        MoClass *klass = g_ptr_array_index (s->klass->classes, k);
        g_autofree char *qualified = g_strdup_printf ("%s.%s", s->klass->name, klass->name);

        if (strcmp (type, klass->name) == 0 || strcmp (type, qualified) == 0)
          {
            if (scope != NULL)
              *scope = s;
            return klass;
          }
      }
  return NULL;
}

gboolean
_sw_mo_bind (Import *im, const MoExpr *value, const char *target)
{
  GPtrArray *targets;

  if (im->own_params == NULL || value->kind != MO_NAME || !g_hash_table_contains (im->own_params, value->text))
    return FALSE;
  targets = g_hash_table_lookup (im->bindings, value->text);
  if (targets == NULL)
    {
      targets = g_ptr_array_new_with_free_func (g_free);
      g_hash_table_insert (im->bindings, g_strdup (value->text), targets);
    }
  g_ptr_array_add (targets, g_strdup (target));
  return TRUE;
}

/* The interface's name of a parameter or connector: its own, or the one
 * annotation(__Shaftwork(name="…")) keeps. */
static const char *
interface_name (const MoElement *el)
{
  MoMod *vendor = _sw_mo_find (el->annotation, "__Shaftwork");
  MoMod *name = vendor != NULL ? _sw_mo_find (vendor->children, "name") : NULL;

  if (name != NULL && name->value != NULL && name->value->kind == MO_STRING)
    return name->value->text;
  return el->name;
}

/* ---- Definitions -------------------------------------------------------- */

/* The class made a definition once (scope: the import of the class it is
 * defined in); NULL after an error in user. */
static MoDef *
build_def (Import *user, const MoElement *el, Import *scope, MoClass *klass)
{
  MoDef *def = g_hash_table_lookup (user->defs, klass);
  Import sub = { user->file, user->within, klass, scope };

  if (def != NULL)
    {
      if (def->building)
        _sw_mo_fail (user, el->line, el->column, _("the model %s uses itself"), klass->name);
      return def->text != NULL ? def : NULL;
    }
  /* Definitions are named as their classes: two of one name would be
   * one. */
  {
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, user->defs);
    while (g_hash_table_iter_next (&iter, &key, &value))
      if (strcmp (((MoDef *) value)->name, klass->name) == 0)
        {
          _sw_mo_fail (user, klass->line, klass->column, _("a second model called %s: name it otherwise"),
                       klass->name);
          return NULL;
        }
  }
  def = g_new0 (MoDef, 1);
  def->name = g_strdup (klass->name);
  def->param_names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  def->port_names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  def->building = TRUE;
  g_hash_table_insert (user->defs, klass, def);

  sub.defs = user->defs;
  sub.read_files = user->read_files;
  sub.folder = user->folder;
  sub.def = def;
  sub.model = sw_model_new ();
  sw_model_set_name (sub.model, klass->doc != NULL ? klass->doc : klass->name);
  sub.own_params = g_hash_table_new (g_str_hash, g_str_equal);
  sub.bindings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  sub.ports = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (guint k = 0; k < klass->elements->len; k++)
    {
      MoElement *p = g_ptr_array_index (klass->elements, k);

      if (p->parameter)
        g_hash_table_add (sub.own_params, p->name);
    }
  _sw_mo_fill (&sub);
  if (sub.error == NULL)
    def->text = sw_model_to_data (sub.model, NULL);
  else if (user->error == NULL)
    user->error = g_steal_pointer (&sub.error);
  g_clear_error (&sub.error);
  g_object_unref (sub.model);
  g_hash_table_unref (sub.own_params);
  g_hash_table_unref (sub.bindings);
  g_hash_table_unref (sub.ports);
  def->building = FALSE;
  return def->text != NULL ? def : NULL;
}

void
_sw_mo_interface (Import *im)
{
  g_autoptr (JsonObject) ports = json_object_new (), params = json_object_new ();
  JsonObject *interface = json_object_new ();
  MoDef *def = im->def;

  for (guint k = 0; k < im->klass->elements->len && im->error == NULL; k++)
    {
      const MoElement *el = g_ptr_array_index (im->klass->elements, k);
      const char *name = interface_name (el);

      if (_sw_mo_is_connector (el))
        {
          const char *target = g_hash_table_lookup (im->ports, el->name);

          if (target == NULL)
            _sw_mo_fail (im, el->line, el->column,
                         _("the connector %s of the model %s is connected to nothing inside: connect it to a "
                           "component's flange"), el->name, im->klass->name);
          else
            {
              json_object_set_string_member (ports, name, target);
              g_hash_table_insert (def->port_names, g_strdup (el->name), g_strdup (name));
            }
        }
      else if (el->parameter)
        {
          GPtrArray *targets = g_hash_table_lookup (im->bindings, el->name);
          JsonObject *p;
          JsonArray *to;
          double value;

          /* One that sets nothing inside shows nothing outside. */
          if (targets == NULL)
            continue;
          if (!_sw_mo_eval_number (im, el->value, &value))
            break;
          p = json_object_new ();
          to = json_array_new ();
          for (guint t = 0; t < targets->len; t++)
            json_array_add_string_element (to, g_ptr_array_index (targets, t));
          json_object_set_array_member (p, "to", to);
          if (el->doc != NULL)
            json_object_set_string_member (p, "label", el->doc);
          json_object_set_double_member (p, "default", value);
          json_object_set_object_member (params, name, p);
          g_hash_table_insert (def->param_names, g_strdup (el->name), g_strdup (name));
        }
    }
  if (json_object_get_size (ports) > 0)
    json_object_set_object_member (interface, "ports", g_steal_pointer (&ports));
  if (json_object_get_size (params) > 0)
    json_object_set_object_member (interface, "parameters", g_steal_pointer (&params));
  g_clear_pointer (&im->model->interface, json_node_unref);
  im->model->interface = json_node_init_object (json_node_alloc (), interface);
  json_object_unref (interface);
}

/* ---- Instances ---------------------------------------------------------- */

static MoDef *
def_of (Import *im, const MoElement *el)
{
  Import *scope = NULL;
  MoClass *klass = _sw_mo_find_class (im, el->type, &scope);

  return klass != NULL ? g_hash_table_lookup (im->defs, klass) : NULL;
}

static gboolean
is_instance (Import *im, const MoElement *el)
{
  for (guint k = 0; im->instances != NULL && k < im->instances->len; k++)
    if (g_ptr_array_index (im->instances, k) == el)
      return TRUE;
  return FALSE;
}

/* The model's components with the instances in the places of their
 * declarations, read back into the model (a subsystem component is made
 * as the file makes it). */
static gboolean
insert_instances (Import *im, GError **error)
{
  g_autofree char *text = sw_model_to_data (im->model, NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autofree char *out = NULL;
  JsonObject *root;
  JsonArray *old, *components = json_array_new ();
  guint next = 0;

  if (!json_parser_load_from_data (parser, text, -1, error))
    return FALSE;
  root = json_node_get_object (json_parser_get_root (parser));
  old = json_object_has_member (root, "components") ? json_object_get_array_member (root, "components") : NULL;
  for (guint k = 0; k < im->klass->elements->len; k++)
    {
      const MoElement *el = g_ptr_array_index (im->klass->elements, k);
      JsonObject *o;

      if (is_instance (im, el))
        {
          o = json_object_new ();
          json_object_set_string_member (o, "id", el->name);
          json_object_set_string_member (o, "kind", "subsystem");
          json_object_set_string_member (o, "subsystem", def_of (im, el)->name);
          json_array_add_object_element (components, o);
        }
      else if (old != NULL && next < json_array_get_length (old)
               && g_strcmp0 (json_object_get_string_member (json_array_get_object_element (old, next), "id"), el->name)
                    == 0)
        json_array_add_element (components, json_node_copy (json_array_get_element (old, next++)));
    }
  g_assert (old == NULL || next == json_array_get_length (old));
  json_object_set_array_member (root, "components", components);
  json_generator_set_root (generator, json_parser_get_root (parser));
  out = json_generator_to_data (generator, NULL);
  return sw_model_restore (im->model, out, -1, error);
}

/* The parameters an instance's modifiers give, and its place. */
static void
instance_params (Import *im, const MoElement *el, const MoDef *def)
{
  int index = sw_model_find_component (im->model, el->name);
  const char *names[SW_KIND_MAX_PARAMS];
  double values[SW_KIND_MAX_PARAMS];
  guint n = 0;
  GError *error = NULL;

  g_assert (index >= 0);
  for (guint k = 0; el->mods != NULL && k < el->mods->len && im->error == NULL; k++)
    {
      const MoMod *m = g_ptr_array_index (el->mods, k);
      const char *name = g_hash_table_lookup (def->param_names, m->name);
      g_autofree char *target = NULL;
      gboolean ok;

      if (name == NULL || m->value == NULL || m->children != NULL || n >= SW_KIND_MAX_PARAMS)
        {
          g_autoptr (GList) valid = g_hash_table_get_keys (def->param_names);
          GString *list = g_string_new (NULL);

          for (GList *l = valid; l != NULL; l = l->next)
            g_string_append_printf (list, "%s%s", list->len > 0 ? ", " : "", (const char *) l->data);
          _sw_mo_fail (im, m->line, m->column, _("%s (%s): parameter “%s” is not supported; valid: %s"), el->name,
                       el->type, m->name, list->len > 0 ? list->str : _("none"));
          g_string_free (list, TRUE);
          return;
        }
      target = g_strdup_printf ("%s.%s", el->name, name);
      im->allow_own = _sw_mo_bind (im, m->value, target);
      ok = _sw_mo_eval_number (im, m->value, &values[n]);
      im->allow_own = FALSE;
      if (!ok)
        return;
      names[n++] = name;
    }
  if (!sw_model_set_params (im->model, (guint) index, n, names, values, &error))
    {
      _sw_mo_fail (im, el->line, el->column, "%s", error->message);
      g_error_free (error);
      return;
    }
  _sw_mo_placement (im, el, (guint) index);
}

void
_sw_mo_add_instances (Import *im)
{
  g_auto (GStrv) defined = NULL;
  GError *error = NULL;

  for (guint k = 0; k < im->instances->len && im->error == NULL; k++)
    {
      const MoElement *el = g_ptr_array_index (im->instances, k);
      Import *scope = NULL;
      MoClass *klass = _sw_mo_find_class (im, el->type, &scope);
      MoDef *def = build_def (im, el, scope, klass);

      if (def == NULL)
        return;
      g_strfreev (defined);
      defined = sw_model_dup_definition_names (im->model);
      if (!g_strv_contains ((const char *const *) defined, def->name)
          && !sw_model_set_definition (im->model, def->name, def->text, &error))
        {
          _sw_mo_fail (im, el->line, el->column, "%s", error->message);
          g_error_free (error);
          return;
        }
    }
  if (im->error == NULL && !insert_instances (im, &error))
    {
      const MoElement *el = g_ptr_array_index (im->instances, 0);

      _sw_mo_fail (im, el->line, el->column, "%s", error->message);
      g_error_free (error);
      return;
    }
  for (guint k = 0; k < im->instances->len && im->error == NULL; k++)
    {
      const MoElement *el = g_ptr_array_index (im->instances, k);

      instance_params (im, el, def_of (im, el));
    }
}

/* ---- Connections -------------------------------------------------------- */

char *
_sw_mo_port_end (Import *im, const char *end)
{
  const char *dot = strchr (end, '.');
  g_autofree char *id = dot != NULL ? g_strndup (end, dot - end) : NULL;
  const MoElement *el = id != NULL ? g_hash_table_lookup (im->elements, id) : NULL;
  const MoDef *def = el != NULL && is_instance (im, el) ? def_of (im, el) : NULL;
  const char *port = def != NULL ? g_hash_table_lookup (def->port_names, dot + 1) : NULL;

  if (port != NULL)
    return g_strdup_printf ("%s.%s", id, port);
  /* The draft FreeWheel's flanges swapped (sw-modelica-import.c). */
  if (el != NULL && def == NULL && _sw_mo_free_wheel_swapped (el) &&
      (strcmp (dot + 1, "flange_a") == 0 || strcmp (dot + 1, "flange_b") == 0))
    return g_strdup_printf ("%s.flange_%c", id, dot[8] == 'a' ? 'b' : 'a');
  return g_strdup (end);
}

static gboolean
is_port (Import *im, const char *end)
{
  const MoElement *el = strchr (end, '.') == NULL ? g_hash_table_lookup (im->elements, end) : NULL;

  return el != NULL && _sw_mo_is_connector (el);
}

gboolean
_sw_mo_connect_port (Import *im, const MoConnect *c)
{
  gboolean a_port = is_port (im, c->a), b_port = is_port (im, c->b);
  const char *port = a_port ? c->a : c->b;
  g_autofree char *end = NULL;
  const char *target;
  guint component, index;
  GError *error = NULL;

  if (!a_port && !b_port)
    return FALSE;
  if (im->ports == NULL)
    return TRUE;   /* the connector is refused where it is declared */
  if (a_port && b_port)
    {
      _sw_mo_fail (im, c->line, c->column, _("connect (%s, %s): two connectors of the model joined directly are "
                                             "not supported"), c->a, c->b);
      return TRUE;
    }
  end = _sw_mo_port_end (im, a_port ? c->b : c->a);
  if (!_sw_model_resolve_port (im->model, end, &component, &index, &error))
    {
      _sw_mo_fail (im, c->line, c->column, "connect (%s, %s): %s", c->a, c->b, error->message);
      g_error_free (error);
      return TRUE;
    }
  /* The first inner port is the connector's; the others meet it there. */
  target = g_hash_table_lookup (im->ports, port);
  if (target == NULL)
    g_hash_table_insert (im->ports, g_strdup (port), g_steal_pointer (&end));
  else if (!sw_model_connect (im->model, target, end, &error))
    {
      _sw_mo_fail (im, c->line, c->column, "%s", error->message);
      g_error_free (error);
    }
  return TRUE;
}
