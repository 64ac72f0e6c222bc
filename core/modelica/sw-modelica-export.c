/* sw-modelica-export.c: a Shaftwork model as a Modelica model.
 *
 * The import's mapping backwards: a kind of the Modelica Standard Library
 * becomes its class (rotational.ideal_gear ->
 * Modelica.Mechanics.Rotational.Components.IdealGear), parameters keep
 * their names, initial values become start values with fixed = true, and
 * each signal becomes blocks of Modelica.Blocks.Sources (Math.Product and
 * Add for products and sums) wired to the source's input. Kinds the MSL
 * does not have (Twin Builder's masses, COMSOL's gear meshes, engines) are
 * written as classes of a package Shaftwork of the same shape, so that the
 * file reads back; a Modelica tool needs that package to simulate them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica.h"
#include "sw-modelica-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include "sw-error.h"
#include "sw-kind.h"
#include "sw-table.h"
#include "sw-subsystem-private.h"

/* The kinds of the MSL (4.x) by our name, with their package. */
static const struct {
  const char *kind, *package;
} msl[] = {
  { "rotational.fixed", "Components" }, { "rotational.inertia", "Components" },
  { "rotational.disc", "Components" }, { "rotational.spring", "Components" },
  { "rotational.damper", "Components" }, { "rotational.spring_damper", "Components" },
  { "rotational.elasto_backlash", "Components" }, { "rotational.bearing_friction", "Components" },
  { "rotational.brake", "Components" }, { "rotational.clutch", "Components" },
  { "rotational.one_way_clutch", "Components" }, { "rotational.ideal_gear", "Components" },
  { "rotational.lossy_gear", "Components" }, { "rotational.ideal_planetary", "Components" },
  { "rotational.gearbox", "Components" }, { "rotational.ideal_gear_r2t", "Components" },
  { "rotational.ideal_rolling_wheel", "Components" },
  { "rotational.torque", "Sources" }, { "rotational.constant_torque", "Sources" },
  { "rotational.torque_step", "Sources" }, { "rotational.speed", "Sources" }, { "rotational.position", "Sources" },
  { "rotational.accelerate", "Sources" }, { "rotational.linear_speed_dependent_torque", "Sources" },
  { "rotational.quadratic_speed_dependent_torque", "Sources" },
  { "translational.fixed", "Components" }, { "translational.mass", "Components" },
  { "translational.rod", "Components" }, { "translational.spring", "Components" },
  { "translational.damper", "Components" }, { "translational.spring_damper", "Components" },
  { "translational.elasto_gap", "Components" }, { "translational.support_friction", "Components" },
  { "translational.brake", "Components" }, { "translational.mass_with_stop_and_friction", "Components" },
  { "translational.force", "Sources" }, { "translational.constant_force", "Sources" },
  { "translational.speed", "Sources" }, { "translational.position", "Sources" },
  { "translational.accelerate", "Sources" }, { "translational.quadratic_speed_dependent_force", "Sources" },
  { "rotational.angle_sensor", "Sensors" }, { "rotational.speed_sensor", "Sensors" },
  { "rotational.acc_sensor", "Sensors" }, { "rotational.rel_angle_sensor", "Sensors" },
  { "rotational.rel_speed_sensor", "Sensors" }, { "rotational.rel_acc_sensor", "Sensors" },
  { "rotational.torque_sensor", "Sensors" }, { "rotational.power_sensor", "Sensors" },
  { "translational.position_sensor", "Sensors" }, { "translational.speed_sensor", "Sensors" },
  { "translational.acc_sensor", "Sensors" }, { "translational.rel_position_sensor", "Sensors" },
  { "translational.rel_speed_sensor", "Sensors" }, { "translational.rel_acc_sensor", "Sensors" },
  { "translational.force_sensor", "Sensors" }, { "translational.power_sensor", "Sensors" },
};

/* Our signal types and the blocks of Modelica.Blocks.Sources. */
static const struct {
  const char *type, *block;
} blocks[] = {
  { "constant", "Constant" }, { "step", "Step" }, { "ramp", "Ramp" }, { "sine", "Sine" },
  { "exp_sine", "ExpSine" }, { "pulse", "Pulse" }, { "sawtooth", "SawTooth" }, { "trapezoid", "Trapezoid" },
  { "table", "TimeTable" },
};

typedef struct {
  GString *decl;      /* declarations */
  GString *eq;        /* connect equations */
  GError  *error;
} Export;

/* The shortest decimal that reads back as x. */
static void
number (GString *s, double x)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (int digits = 15; digits <= 17; digits++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", digits);
      g_ascii_formatd (buf, sizeof buf, format, x);
      if (g_ascii_strtod (buf, NULL) == x)
        break;
    }
  g_string_append (s, buf);
}

/* "ideal_gear_r2t" -> "IdealGearR2T" (the MSL's spelling of R2T). */
static char *
camel_case (const char *snake)
{
  GString *s = g_string_new (NULL);
  gboolean up = TRUE;

  for (const char *p = snake; *p != '\0'; p++)
    {
      if (*p == '_')
        up = TRUE;
      else
        {
          g_string_append_c (s, up || (p > snake && g_ascii_isdigit (p[-1])) ? g_ascii_toupper (*p) : *p);
          up = FALSE;
        }
    }
  return g_string_free (s, FALSE);
}

static char *
class_of (const SwKind *kind)
{
  const char *dot = strchr (kind->name, '.');
  g_autofree char *domain = g_strndup (kind->name, dot - kind->name);
  g_autofree char *name = camel_case (dot + 1);

  domain[0] = g_ascii_toupper (domain[0]);
  for (guint k = 0; k < G_N_ELEMENTS (msl); k++)
    if (strcmp (msl[k].kind, kind->name) == 0)
      return g_strdup_printf ("Modelica.Mechanics.%s.%s.%s", domain, msl[k].package, name);
  return g_strdup_printf ("Shaftwork.%s.%s", domain, name);
}

/* ---- Signals ------------------------------------------------------------ */

static gboolean signal_block (Export *ex, JsonNode *node, const char *name);

/* A list of signals (a sum or a product) as a chain of two-input blocks. */
static gboolean
chain (Export *ex, JsonArray *items, const char *name, const char *block)
{
  g_autofree char *acc = NULL;
  guint n = json_array_get_length (items);

  if (n == 1)
    return signal_block (ex, json_array_get_element (items, 0), name);
  for (guint k = 0; k < n; k++)
    {
      g_autofree char *item = g_strdup_printf ("%s_%u", name, k + 1);

      if (!signal_block (ex, json_array_get_element (items, k), item))
        return FALSE;
      if (k == 0)
        {
          acc = g_steal_pointer (&item);
          continue;
        }
      {
        g_autofree char *out = k + 1 == n ? g_strdup (name) : g_strdup_printf ("%s_op%u", name, k);

        g_string_append_printf (ex->decl, "  Modelica.Blocks.Math.%s %s;\n", block, out);
        g_string_append_printf (ex->eq, "  connect(%s.y, %s.u1);\n  connect(%s.y, %s.u2);\n", acc, out, item, out);
        g_free (acc);
        acc = g_steal_pointer (&out);
      }
    }
  return TRUE;
}

/* Blocks whose output name.y is the signal node (as the file writes it). */
static gboolean
signal_block (Export *ex, JsonNode *node, const char *name)
{
  g_autoptr (GList) types = NULL;
  JsonObject *object;
  const char *type;
  JsonNode *fields;

  if (JSON_NODE_HOLDS_VALUE (node))
    {
      g_string_append_printf (ex->decl, "  Modelica.Blocks.Sources.Constant %s(k=", name);
      number (ex->decl, json_node_get_double (node));
      g_string_append (ex->decl, ");\n");
      return TRUE;
    }
  object = json_node_get_object (node);
  types = json_object_get_members (object);
  type = types != NULL ? types->data : "";
  fields = json_object_get_member (object, type);
  if (strcmp (type, "sum") == 0 || strcmp (type, "product") == 0)
    return chain (ex, json_node_get_array (fields), name, strcmp (type, "sum") == 0 ? "Add" : "Product");
  for (guint k = 0; k < G_N_ELEMENTS (blocks); k++)
    if (strcmp (blocks[k].type, type) == 0)
      {
        JsonObject *f = json_node_get_object (fields);
        g_autoptr (GList) members = json_object_get_members (f);
        gboolean first = TRUE;

        g_string_append_printf (ex->decl, "  Modelica.Blocks.Sources.%s %s(", blocks[k].block, name);
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
                        number (ex->decl, json_array_get_double_element (row, c));
                      }
                  }
                g_string_append (ex->decl, "]");
                continue;
              }
            g_string_append_printf (ex->decl, "%s=", field);
            number (ex->decl, json_node_get_double (v));
          }
        g_string_append (ex->decl, ");\n");
        return TRUE;
      }
  g_set_error (&ex->error, SW_ERROR, SW_ERROR_INVALID, _("%s: the signal type “%s” has no Modelica block"), name,
               type);
  return FALSE;
}

/* ---- Components --------------------------------------------------------- */

/* name=[a, b; c, d] */
static char *
table_text (const char *name, const SwTable *table)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "%s=[", name);
  for (guint r = 0; r < sw_table_get_n_rows (table); r++)
    {
      g_string_append (s, r > 0 ? "; " : "");
      for (guint col = 0; col < sw_table_get_n_columns (table); col++)
        {
          g_string_append (s, col > 0 ? ", " : "");
          number (s, sw_table_get (table, r, col));
        }
    }
  g_string_append (s, "]");
  return g_string_free (s, FALSE);
}

/* name=value, or variable(start=value, fixed=true) for an initial value. */
static char *
value_text (const SwParamDesc *desc, double value)
{
  GString *s = g_string_new (NULL);
  const char *attribute = NULL;

  if (desc->type == SW_PARAM_BOOLEAN)
    {
      g_string_append_printf (s, "%s=%s", desc->name, value != 0 ? "true" : "false");
      return g_string_free (s, FALSE);
    }
  for (guint k = 0; k < _sw_mo_n_starts; k++)
    if (desc->type == SW_PARAM_INITIAL && strcmp (_sw_mo_starts[k].param, desc->name) == 0)
      attribute = _sw_mo_starts[k].variable;
  g_string_append_printf (s, attribute != NULL ? "%s(start=" : "%s=", attribute != NULL ? attribute : desc->name);
  number (s, value);
  if (attribute != NULL)
    g_string_append (s, ", fixed=true)");
  return g_string_free (s, FALSE);
}

static gboolean
component (Export *ex, SwModel *model, guint index)
{
  const SwComponent *c = sw_model_get_component (model, index);
  const SwKind *kind = c->kind;
  g_autofree char *klass = NULL;
  g_autoptr (GPtrArray) mods = g_ptr_array_new_with_free_func (g_free);

  if (_sw_kind_is_subsystem (kind))
    {
      g_set_error (&ex->error, SW_ERROR, SW_ERROR_INVALID,
                   _("component “%s” is a subsystem: writing it as a nested Modelica model is not supported yet"),
                   c->id);
      return FALSE;
    }
  klass = class_of (kind);

  for (guint i = 0; i < kind->n_params; i++)
    {
      const SwParamDesc *desc = &kind->params[i];

      if (!c->given[i])
        continue;
      switch (desc->type)
        {
        case SW_PARAM_SIGNAL:
          {
            g_autofree char *block = g_strdup_printf ("%s_%s", c->id, desc->name);
            g_autoptr (JsonNode) node = sw_signal_to_json (c->signal[i]);

            if (!signal_block (ex, node, block))
              {
                g_prefix_error (&ex->error, _("component “%s”: "), c->id);
                return FALSE;
              }
            g_string_append_printf (ex->eq, "  connect(%s.y, %s.%s);\n", block, c->id, desc->name);
          }
          break;
        case SW_PARAM_TABLE:
          g_ptr_array_add (mods, table_text (desc->name, c->table[i]));
          break;
        case SW_PARAM_EXPRESSION:
          g_set_error (&ex->error, SW_ERROR, SW_ERROR_INVALID,
                       _("component “%s”: the formula of a custom coupling has no Modelica form here"), c->id);
          return FALSE;
        default:
          g_ptr_array_add (mods, value_text (desc, c->param[i]));
          break;
        }
    }
  /* A support that is connected exists in Modelica with useSupport. */
  for (guint k = 0; k < sw_model_get_n_connections (model); k++)
    {
      const SwConnection *w = sw_model_get_connection (model, k);
      int port = w->from_component == index ? (int) w->from_port : w->to_component == index ? (int) w->to_port : -1;

      if (port >= 0 && kind->ports[port].is_support)
        {
          g_ptr_array_add (mods, g_strdup ("useSupport=true"));
          break;
        }
    }
  g_string_append_printf (ex->decl, "  %s %s", klass, c->id);
  if (mods->len > 0)
    {
      g_ptr_array_add (mods, NULL);
      g_autofree char *joined = g_strjoinv (", ", (char **) mods->pdata);

      g_string_append_printf (ex->decl, "(%s)", joined);
    }
  if (c->has_position)
    {
      int rotation = sw_model_get_rotation (model, index);

      g_string_append (ex->decl, " annotation(Placement(transformation(extent={{-10,-10},{10,10}}, origin={");
      number (ex->decl, (c->position[0] - 400) / 3);
      g_string_append (ex->decl, ", ");
      number (ex->decl, (300 - c->position[1]) / 3);
      g_string_append_printf (ex->decl, "}, rotation=%d)))", (360 - rotation) % 360);
    }
  g_string_append (ex->decl, ";\n");
  return TRUE;
}

char *
sw_modelica_export (SwModel *model, GError **error)
{
  Export ex = { g_string_new (NULL), g_string_new (NULL), NULL };
  const SwSimulationSettings *sim = sw_model_get_simulation (model);
  const char *title = sw_model_get_name (model);
  g_autoptr (GString) name = g_string_new (NULL);
  GString *out;

  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  /* The class name: the title's letters and digits. */
  for (const char *p = title != NULL ? title : ""; *p != '\0'; p++)
    if (g_ascii_isalnum (*p) || *p == '_')
      g_string_append_c (name, *p);
  if (name->len == 0 || g_ascii_isdigit (name->str[0]))
    g_string_prepend (name, "Model");

  for (guint i = 0; i < sw_model_get_n_components (model) && ex.error == NULL; i++)
    component (&ex, model, i);
  for (guint k = 0; k < sw_model_get_n_connections (model) && ex.error == NULL; k++)
    {
      const SwConnection *c = sw_model_get_connection (model, k);
      const SwComponent *a = sw_model_get_component (model, c->from_component);
      const SwComponent *b = sw_model_get_component (model, c->to_component);

      g_string_append_printf (ex.eq, "  connect(%s.%s, %s.%s);\n", a->id, a->kind->ports[c->from_port].name, b->id,
                              b->kind->ports[c->to_port].name);
    }
  if (ex.error != NULL)
    {
      g_propagate_error (error, ex.error);
      g_string_free (ex.decl, TRUE);
      g_string_free (ex.eq, TRUE);
      return NULL;
    }
  out = g_string_new (NULL);
  g_string_append_printf (out, "model %s", name->str);
  if (title != NULL)
    {
      g_autofree char *doc = g_strescape (title, NULL);

      g_string_append_printf (out, " \"%s\"", doc);
    }
  g_string_append (out, "\n  extends Modelica.Icons.Example;\n");
  g_string_append (out, ex.decl->str);
  g_string_append (out, "equation\n");
  g_string_append (out, ex.eq->str);
  g_string_append (out, "  annotation(experiment(StopTime=");
  number (out, sim->stop_time_s);
  g_string_append (out, ", Interval=");
  number (out, sim->output_interval_s);
  g_string_append (out, ", Tolerance=");
  number (out, sim->tolerance);
  g_string_append_printf (out, "));\nend %s;\n", name->str);
  g_string_free (ex.decl, TRUE);
  g_string_free (ex.eq, TRUE);
  return g_string_free (out, FALSE);
}
