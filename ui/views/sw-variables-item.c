/* sw-variables-item.c: the items of the variables list: a component (var
 * = -1, with the items of its variables, or of a subsystem's parts, as
 * children) or one variable, its name "id.var", unit and help, and its
 * check box's "checked".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-variables-list-private.h"

#include <string.h>

#include <glib/gi18n.h>

/* Items */

G_DEFINE_FINAL_TYPE (SwVariablesItem, sw_variables_item, G_TYPE_OBJECT)

enum {
  ITEM_PROP_0,
  ITEM_PROP_CHECKED,
  N_ITEM_PROPS
};

static GParamSpec *item_properties[N_ITEM_PROPS];

static void
sw_variables_item_finalize (GObject *object)
{
  SwVariablesItem *self = SW_VARIABLES_ITEM (object);

  g_free (self->id);
  g_free (self->var_name);
  g_free (self->help);
  g_free (self->name);
  g_free (self->key);
  g_clear_object (&self->children);
  g_clear_pointer (&self->kind, sw_kind_unref);

  G_OBJECT_CLASS (sw_variables_item_parent_class)->finalize (object);
}

void
_sw_variables_item_set_checked (SwVariablesItem *self,
                                gboolean         checked)
{
  checked = !!checked;
  if (self->checked == checked)
    return;
  self->checked = checked;
  g_object_notify_by_pspec (G_OBJECT (self), item_properties[ITEM_PROP_CHECKED]);
}

static void
sw_variables_item_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  SwVariablesItem *self = SW_VARIABLES_ITEM (object);

  switch (prop_id)
    {
    case ITEM_PROP_CHECKED:
      g_value_set_boolean (value, self->checked);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_variables_item_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  SwVariablesItem *self = SW_VARIABLES_ITEM (object);

  switch (prop_id)
    {
    case ITEM_PROP_CHECKED:
      _sw_variables_item_set_checked (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_variables_item_class_init (SwVariablesItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = sw_variables_item_finalize;
  object_class->get_property = sw_variables_item_get_property;
  object_class->set_property = sw_variables_item_set_property;

  item_properties[ITEM_PROP_CHECKED] =
    g_param_spec_boolean ("checked", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_ITEM_PROPS, item_properties);
}

static void
sw_variables_item_init (SwVariablesItem *self)
{
  self->var = -1;
}

/* A component's variables: its kind's, then two per port (position and
 * the torque or force on the component there, as the engine names them:
 * flange_a.phi, flange_a.tau; s and f translational). A subsystem's ports
 * are its parts'. */
guint
_sw_variables_item_n_variable_slots (const SwKind *kind)
{
  return kind->n_vars + (sw_kind_get_subsystem_model (kind) == NULL ? 2 * kind->n_ports : 0);
}

/* Variable v's name, unit and help; FALSE for a port variable the kind has
 * itself (a body's flange_a.tau), which the engine leaves to the kind. */
gboolean
_sw_variables_item_variable_info (const SwKind *kind, guint v, char **name, const char **unit, char **help)
{
  guint k = v - kind->n_vars, port = k / 2;
  gboolean rot;
  char buf[64];

  if (v < kind->n_vars)
    {
      *name = g_strdup (kind->vars[v].name);
      *unit = kind->vars[v].unit;
      *help = g_strdup (kind->vars[v].help != NULL ? _(kind->vars[v].help) : "");
      return TRUE;
    }
  if (sw_kind_find_var (kind, sw_kind_port_variable (kind, k, buf, sizeof buf, unit)) >= 0)
    return FALSE;
  *name = g_strdup (buf);
  rot = kind->ports[port].domain == SW_DOMAIN_ROTATIONAL;
  *help = k % 2 ? g_strdup_printf (rot ? _("Torque on the component at %s") : _("Force on the component at %s"),
                                   kind->ports[port].name)
                : g_strdup_printf (rot ? _("Angle of %s") : _("Position of %s"), kind->ports[port].name);
  return TRUE;
}

SwVariablesItem *
_sw_variables_item_new (const char   *id,
                        const SwKind *kind,
                        int           var)
{
  SwVariablesItem *self = g_object_new (SW_TYPE_VARIABLES_ITEM, NULL);

  self->id = g_strdup (id);
  self->kind = sw_kind_ref (kind);
  self->var = var;
  if (var < 0)
    {
      g_autofree char *key = g_strjoin ("\n", id, _(kind->label), NULL);

      self->name = g_strdup (id);
      self->key = g_utf8_casefold (key, -1);
      self->children = g_list_store_new (SW_TYPE_VARIABLES_ITEM);
    }
  else
    {
      if (!_sw_variables_item_variable_info (kind, (guint) var, &self->var_name, &self->unit, &self->help))
        {
          g_object_unref (self);
          return NULL;
        }
      self->name = g_strdup_printf ("%s.%s", id, self->var_name);
      self->key = g_utf8_casefold (self->name, -1);
    }
  return self;
}

/* The model's observed variables (formulas over the results, sw-observed.h)
 * under one row of their own: no kind; id SW_VARIABLES_OBSERVED_ID, which
 * no component's id can be. Each variable's name is its column's. */
SwVariablesItem *
_sw_variables_item_new_observed (const char *name,
                                 const char *expression,
                                 const char *unit)
{
  SwVariablesItem *self = g_object_new (SW_TYPE_VARIABLES_ITEM, NULL);

  self->id = g_strdup (SW_VARIABLES_OBSERVED_ID);
  self->var = name != NULL ? 0 : -1;
  if (name == NULL)
    {
      g_autofree char *key = g_strjoin ("\n", _("Observed variables"), _("Formulas over the results"), NULL);

      self->name = g_strdup (self->id);
      self->key = g_utf8_casefold (key, -1);
      self->children = g_list_store_new (SW_TYPE_VARIABLES_ITEM);
      return self;
    }
  {
    g_autofree char *key = g_strjoin ("\n", name, expression, NULL);

    self->var_name = g_strdup (name);
    self->unit = g_intern_string (unit);
    self->help = g_strdup (expression);
    self->name = g_strdup (name);
    self->key = g_utf8_casefold (key, -1);
  }
  return self;
}
