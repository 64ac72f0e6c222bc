/* sw-modelica-export.c: a Shaftwork model as a Modelica model.
 *
 * The import's mapping backwards: a kind of the Modelica Standard Library
 * becomes its class (rotational.ideal_gear ->
 * Modelica.Mechanics.Rotational.Components.IdealGear), parameters keep
 * their names, initial values become start values with fixed = true, and
 * each signal becomes blocks of Modelica.Blocks.Sources (Math.Product and
 * Add for products and sums) wired to the source's input
 * (sw-modelica-export-signals.c). Kinds the MSL does not have (Twin
 * Builder's masses, COMSOL's gear meshes, engines) are written as classes
 * of a package Shaftwork of the same shape, so that the file reads back;
 * a Modelica tool needs that package to simulate them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica.h"
#include "sw-modelica-export-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include "sw-error.h"
#include "sw-kind.h"
#include "sw-table.h"
#include "sw-subsystem-private.h"
#include "sw-model-private.h"

/* A subsystem's definition, written once as a model class nested in the
 * exported one; its instances are components of that class. */
typedef struct {
  const SwKind *kind;
  const char   *title;         /* the definition's name or the file's title */
  char         *name;          /* the class's name */
  SwModel      *inner;
  JsonObject   *interface;     /* the inner model's "interface" */
  char        **param_names;   /* per interface parameter: its Modelica name */
  char        **port_names;    /* per interface port: its connector's name */
} Def;

/* The name component c is declared by (its id, unless Modelica reserves
 * it). */
static const char *
mo_id (const Export *ex, const SwComponent *c)
{
  const char *name = ex->renamed != NULL ? g_hash_table_lookup (ex->renamed, c->id) : NULL;

  return name != NULL ? name : c->id;
}

static void
export_clear (Export *ex)
{
  g_string_free (ex->decl, TRUE);
  g_string_free (ex->eq, TRUE);
  g_clear_pointer (&ex->vectors, g_hash_table_unref);
}

/* The shortest decimal that reads back as x. */
void
_sw_mo_export_number (GString *s, double x)
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
          _sw_mo_export_number (s, sw_table_get (table, r, col));
        }
    }
  g_string_append (s, "]");
  return g_string_free (s, FALSE);
}

/* name=value, or variable(start=value, fixed=true) for an initial value;
 * value is a number's text or a parameter's name. */
static char *
value_text (const SwParamDesc *desc, const char *value)
{
  const char *attribute = NULL;

  for (guint k = 0; k < _sw_mo_n_starts; k++)
    if (desc->type == SW_PARAM_INITIAL && strcmp (_sw_mo_starts[k].param, desc->name) == 0)
      attribute = _sw_mo_starts[k].variable;
  if (attribute != NULL)
    return g_strdup_printf ("%s(start=%s, fixed=true)", attribute, value);
  /* A body's phi_nominal is its phi's nominal attribute. */
  if (desc->type == SW_PARAM_INITIAL && g_str_has_suffix (desc->name, "_nominal"))
    return g_strdup_printf ("%.*s(nominal=%s)", (int) (strlen (desc->name) - strlen ("_nominal")), desc->name, value);
  return g_strdup_printf ("%s=%s", desc->name, value);
}

/* phi(start=0, fixed=true) and phi(nominal=1) into one modification of
 * phi (Modelica allows one). */
static void
merge_attributes (GPtrArray *mods)
{
  for (guint i = 0; i < mods->len; i++)
    {
      const char *a = g_ptr_array_index (mods, i), *paren = strchr (a, '(');

      if (paren == NULL || !g_str_has_suffix (a, ")"))
        continue;
      for (guint j = i + 1; j < mods->len; j++)
        {
          const char *b = g_ptr_array_index (mods, j);

          if (strncmp (a, b, paren - a + 1) == 0 && g_str_has_suffix (b, ")"))
            {
              char *merged = g_strdup_printf ("%.*s, %s", (int) strlen (a) - 1, a, b + (paren - a) + 1);

              g_free (g_ptr_array_index (mods, i));
              mods->pdata[i] = merged;
              a = merged;
              paren = strchr (a, '(');
              g_ptr_array_remove_index (mods, j--);
            }
        }
    }
}

static char *
number_text (const SwParamDesc *desc, double value)
{
  GString *s = g_string_new (NULL);

  if (desc != NULL && desc->type == SW_PARAM_BOOLEAN)
    g_string_append (s, value != 0 ? "true" : "false");
  else
    _sw_mo_export_number (s, value);
  return g_string_free (s, FALSE);
}

/* "text" with Modelica's escapes. */
void
_sw_mo_export_quoted (GString *s, const char *text)
{
  g_string_append_c (s, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (s, '\\');
      if (*p == '\n')
        g_string_append (s, "\\n");
      else
        g_string_append_c (s, *p);
    }
  g_string_append_c (s, '"');
}

static const Def *
def_of (Export *ex, const SwKind *kind)
{
  for (guint k = 0; k < ex->defs->len; k++)
    {
      const Def *def = g_ptr_array_index (ex->defs, k);

      if (def->kind == kind)
        return def;
    }
  g_assert_not_reached ();
  return NULL;
}

/* The Modelica name of port of component c. */
static const char *
port_name (Export *ex, const SwComponent *c, guint port)
{
  if (_sw_kind_is_subsystem (c->kind))
    return def_of (ex, c->kind)->port_names[port];
  return c->kind->ports[port].name;
}

static gboolean
connected (SwModel *model, guint index, guint port)
{
  for (guint k = 0; k < sw_model_get_n_connections (model); k++)
    {
      const SwConnection *w = sw_model_get_connection (model, k);

      if ((w->from_component == index && w->from_port == port) || (w->to_component == index && w->to_port == port))
        return TRUE;
    }
  return FALSE;
}

/* A subsystem as a component of its class; a support it shows that is
 * left unconnected is fixed, as the flattened model fixes the inner one. */
static void
instance (Export *ex, SwModel *model, guint index, GPtrArray *mods)
{
  const SwComponent *c = sw_model_get_component (model, index);
  const Def *def = def_of (ex, c->kind);

  for (guint i = 0; i < c->kind->n_params; i++)
    {
      g_autofree char *key = g_strdup_printf ("%s.%s", c->id, c->kind->params[i].name);
      const char *bound = ex->bound != NULL ? g_hash_table_lookup (ex->bound, key) : NULL;

      if (bound != NULL)
        g_ptr_array_add (mods, g_strdup_printf ("%s=%s", def->param_names[i], bound));
      else if (c->given[i] && !isnan (c->param[i]))
        {
          g_autofree char *value = number_text (NULL, c->param[i]);

          g_ptr_array_add (mods, g_strdup_printf ("%s=%s", def->param_names[i], value));
        }
    }
  for (guint p = 0; p < c->kind->n_ports; p++)
    {
      g_autofree char *key = g_strdup_printf ("%s.%s", c->id, c->kind->ports[p].name);
      const char *domain = c->kind->ports[p].domain == SW_DOMAIN_ROTATIONAL ? "Rotational" : "Translational";

      if (!c->kind->ports[p].is_support || connected (model, index, p)
          || (ex->exposed != NULL && g_hash_table_contains (ex->exposed, key)))
        continue;
      g_string_append_printf (ex->decl, "  Modelica.Mechanics.%s.Components.Fixed %s_%s_fixed;\n", domain, c->id,
                              def->port_names[p]);
      g_string_append_printf (ex->eq, "  connect(%s_%s_fixed.flange, %s.%s);\n", c->id, def->port_names[p],
                              mo_id (ex, c), def->port_names[p]);
    }
}

/* An eddy current brake's HeatCapacitor: named as the model it came from
 * named it (the observed "heatCapacitor.T" = "brake.TheatPort" the import
 * made), else after the brake. */
static char *
capacitor_name (Export *ex, SwModel *model, const SwComponent *c)
{
  g_autofree char *temperature = g_strdup_printf ("%s.TheatPort", c->id);
  guint n;
  const SwObservedEntry *observed = sw_model_get_observed (model, &n);

  for (guint k = 0; k < n; k++)
    {
      const char *dot = strchr (observed[k].name, '.');

      if (dot != NULL && strcmp (dot, ".T") == 0 && strcmp (observed[k].expression, temperature) == 0)
        return g_strndup (observed[k].name, dot - observed[k].name);
    }
  return g_strdup_printf ("%s_heatCapacitor", mo_id (ex, c));
}

static gboolean
component (Export *ex, SwModel *model, guint index)
{
  const SwComponent *c = sw_model_get_component (model, index);
  const SwKind *kind = c->kind;
  g_autofree char *klass = NULL;
  g_autoptr (GPtrArray) mods = g_ptr_array_new_with_free_func (g_free);
  gboolean initialize = g_str_has_suffix (kind->name, ".initialize_flange");
  gboolean eddy = g_str_has_prefix (kind->name, "rotational.eddy_current") || g_str_has_prefix (kind->name, "translational.eddy_current");
  int heat_capacity = eddy ? sw_kind_find_param (kind, "C") : -1;

  if (_sw_kind_is_subsystem (kind))
    {
      klass = g_strdup (def_of (ex, kind)->name);
      instance (ex, model, index, mods);
    }
  else
    klass = _sw_mo_class_of (kind);

  for (guint i = 0; i < kind->n_params && !_sw_kind_is_subsystem (kind); i++)
    {
      const SwParamDesc *desc = &kind->params[i];
      g_autofree char *key = g_strdup_printf ("%s.%s", c->id, desc->name);
      const char *bound = ex->bound != NULL ? g_hash_table_lookup (ex->bound, key) : NULL;

      /* Modelica's exact defaults to false, ours to true; InitializeFlange
       * uses a start only where it is given. */
      if (!c->given[i] && bound == NULL && desc->type == SW_PARAM_BOOLEAN && strcmp (desc->name, "exact") == 0)
        g_ptr_array_add (mods, g_strdup ("exact=true"));
      else if (!c->given[i] && bound == NULL && initialize && desc->type == SW_PARAM_INITIAL)
        g_ptr_array_add (mods, g_strdup_printf ("use_%s=false", desc->name));
      if (!c->given[i] && bound == NULL)
        continue;
      /* An eddy current brake's thermal mass is a HeatCapacitor (below). */
      if (heat_capacity >= 0 && bound == NULL && (i == (guint) heat_capacity || i == (guint) heat_capacity + 1))
        continue;
      switch (desc->type)
        {
        case SW_PARAM_SIGNAL:
          {
            g_autofree char *block = g_strdup_printf ("%s_%s", c->id, desc->name);
            g_autoptr (JsonNode) node = sw_signal_to_json (c->signal[i]);

            /* A subsystem's parameter sets a constant. */
            if (bound != NULL)
              g_string_append_printf (ex->decl, "  Modelica.Blocks.Sources.Constant %s(k=%s);\n", block, bound);
            else if (!_sw_mo_export_signal_block (ex, node, block))
              {
                g_prefix_error (&ex->error, _("component “%s”: "), c->id);
                return FALSE;
              }
            /* Move's signals are its input u[1..3]; an eddy current brake's
             * its tau_input (f_input). */
            if (eddy)
              {
                gboolean rot = kind->ports[0].domain == SW_DOMAIN_ROTATIONAL;

                g_string_append_printf (ex->eq, "  connect(%s.%s, %s.%s);\n", block, _sw_mo_export_output_of (ex, block),
                                        mo_id (ex, c), rot ? "tau_input" : "f_input");
                g_ptr_array_add (mods, g_strdup (rot ? "useTau_nominalInput=true" : "useF_nominalInput=true"));
              }
            else if (g_str_has_suffix (kind->name, ".move"))
              g_string_append_printf (ex->eq, "  connect(%s.%s, %s.u[%u]);\n", block,
                                      _sw_mo_export_output_of (ex, block), mo_id (ex, c), i + 1);
            else
              g_string_append_printf (ex->eq, "  connect(%s.%s, %s.%s);\n", block,
                                      _sw_mo_export_output_of (ex, block), mo_id (ex, c), desc->name);
          }
          break;
        case SW_PARAM_TABLE:
          g_ptr_array_add (mods, table_text (desc->name, c->table[i]));
          break;
        case SW_PARAM_EXPRESSION:
          _sw_mo_custom_coupling_mods (mods, desc->name, c->expression[i]);
          break;
        default:
          {
            g_autofree char *value = bound != NULL ? g_strdup (bound) : number_text (desc, c->param[i]);

            /* SignTorque's reg is an enumeration in Modelica. */
            if (bound == NULL && strcmp (desc->name, "reg") == 0 && c->param[i] >= 1 && c->param[i] <= 4)
              {
                static const char *const regs[] = { "Exp", "Sine", "Linear", "CoSine" };

                g_ptr_array_add (mods, g_strdup_printf ("reg=Modelica.Blocks.Types.Regularization.%s",
                                                        regs[(int) c->param[i] - 1]));
                break;
              }

            /* InitializeFlange's starts are inputs given a value. */
            g_ptr_array_add (mods, initialize ? g_strdup_printf ("%s=%s", desc->name, value) : value_text (desc, value));
          }
          break;
        }
    }
  /* A support that is connected (or shown outside) exists in Modelica
   * with useSupport; the rotation-translation couplings have one of each
   * domain, supportR and supportT, with useSupportR and useSupportT. */
  for (guint p = 0; p < kind->n_ports && !_sw_kind_is_subsystem (kind); p++)
    {
      g_autofree char *key = g_strdup_printf ("%s.%s", c->id, kind->ports[p].name);
      const char *name = kind->ports[p].name;

      if (kind->ports[p].is_support
          && (connected (model, index, p) || (ex->exposed != NULL && g_hash_table_contains (ex->exposed, key))))
        {
          if (strcmp (name, "supportR") == 0 || strcmp (name, "supportT") == 0)
            {
              g_ptr_array_add (mods, g_strdup_printf ("useSupport%c=true", name[7]));
              continue;
            }
          g_ptr_array_add (mods, g_strdup ("useSupport=true"));
          break;
        }
    }
  /* An eddy current brake's thermal mass: a HeatCapacitor alone on its
   * heat port, as the MSL's EddyCurrentBrake has it. */
  if (heat_capacity >= 0 && c->param[heat_capacity] > 0)
    {
      g_autofree char *cap = number_text (NULL, c->param[heat_capacity]);
      g_autofree char *t0 = number_text (NULL, c->param[heat_capacity + 1]);

      g_autofree char *name = capacitor_name (ex, model, c);

      g_ptr_array_add (mods, g_strdup ("useHeatPort=true"));
      g_string_append_printf (ex->decl, "  Modelica.Thermal.HeatTransfer.Components.HeatCapacitor %s(C=%s, "
                              "T(start=%s, fixed=true));\n", name, cap, t0);
      g_string_append_printf (ex->eq, "  connect(%s.heatPort, %s.port);\n", mo_id (ex, c), name);
    }
  /* A Vehicle's wind, Cr and inclination go in through its inputs. */
  if (strcmp (kind->name, "translational.vehicle") == 0)
    {
      g_ptr_array_add (mods, g_strdup ("useWindInput=true"));
      g_ptr_array_add (mods, g_strdup ("useCrInput=true"));
      g_ptr_array_add (mods, g_strdup ("useInclinationInput=true"));
    }
  merge_attributes (mods);
  g_string_append_printf (ex->decl, "  %s %s", klass, mo_id (ex, c));
  if (mods->len > 0)
    {
      g_ptr_array_add (mods, NULL);
      g_autofree char *joined = g_strjoinv (", ", (char **) mods->pdata);

      g_string_append_printf (ex->decl, "(%s)", joined);
    }
  if (c->has_position || strcmp (mo_id (ex, c), c->id) != 0)
    g_string_append (ex->decl, " annotation(");
  /* A reserved id renamed: the id kept, as the import reads it back. */
  if (strcmp (mo_id (ex, c), c->id) != 0)
    {
      g_string_append (ex->decl, "__Shaftwork(name=");
      _sw_mo_export_quoted (ex->decl, c->id);
      g_string_append (ex->decl, c->has_position ? "), " : "))");
    }
  if (c->has_position)
    {
      int rotation = sw_model_get_rotation (model, index);

      g_string_append (ex->decl, "Placement(transformation(extent={{-10,-10},{10,10}}, origin={");
      _sw_mo_export_number (ex->decl, (c->position[0] - 400) / 3);
      g_string_append (ex->decl, ", ");
      _sw_mo_export_number (ex->decl, (300 - c->position[1]) / 3);
      g_string_append_printf (ex->decl, "}, rotation=%d)))", (360 - rotation) % 360);
    }
  g_string_append (ex->decl, ";\n");
  return TRUE;
}

/* The components and connections of model into ex. */
static void
body (Export *ex, SwModel *model)
{
  for (guint i = 0; i < sw_model_get_n_components (model) && ex->error == NULL; i++)
    component (ex, model, i);
  for (guint k = 0; k < sw_model_get_n_connections (model) && ex->error == NULL; k++)
    {
      const SwConnection *c = sw_model_get_connection (model, k);
      const SwComponent *a = sw_model_get_component (model, c->from_component);
      const SwComponent *b = sw_model_get_component (model, c->to_component);

      g_string_append_printf (ex->eq, "  connect(%s.%s, %s.%s);\n", mo_id (ex, a), port_name (ex, a, c->from_port),
                              mo_id (ex, b), port_name (ex, b, c->to_port));
    }
}

/* ---- Subsystems as nested models ---------------------------------------- */

static void
def_free (Def *def)
{
  g_free (def->name);
  g_clear_object (&def->inner);
  g_strfreev (def->param_names);
  g_strfreev (def->port_names);
  g_free (def);
}


/* Every id of model and the names its signals' blocks take. */
static void
add_names (GHashTable *names, SwModel *model)
{
  for (guint i = 0; i < sw_model_get_n_components (model); i++)
    {
      const SwComponent *c = sw_model_get_component (model, i);

      g_hash_table_add (names, g_strdup (c->id));
      for (guint k = 0; k < c->kind->n_params; k++)
        if (c->kind->params[k].type == SW_PARAM_SIGNAL)
          g_hash_table_add (names, g_strdup_printf ("%s_%s", c->id, c->kind->params[k].name));
    }
}

/* Modelica's keywords, and the top-level packages the export's classes
 * refer to: no name written may be one (a component called Modelica would
 * hide the library). */
static const char *const keywords[] = {
  "algorithm", "and", "annotation", "block", "break", "class", "connect", "connector", "constant",
  "constrainedby", "der", "discrete", "each", "else", "elseif", "elsewhen", "encapsulated", "end",
  "enumeration", "equation", "expandable", "extends", "external", "false", "final", "flow", "for",
  "function", "if", "import", "impure", "in", "initial", "inner", "input", "loop", "model", "not",
  "operator", "or", "outer", "output", "package", "parameter", "partial", "protected", "public", "pure",
  "record", "redeclare", "replaceable", "return", "stream", "then", "time", "true", "type", "when", "while",
  "within", NULL,
};
static const char *const packages[] = { "Modelica", "Shaftwork", NULL };

static gboolean
is_reserved (const char *name)
{
  return g_strv_contains (keywords, name) || g_strv_contains (packages, name);
}

/* name as a Modelica identifier: ASCII letters, digits and '_', not
 * starting with a digit; any other character (a space, a letter beyond
 * ASCII, whole) becomes '_'. The import reads only such names back. */
static char *
identifier (const char *name)
{
  GString *s = g_string_new (NULL);

  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    g_string_append_c (s, g_ascii_isalnum (*p) || *p == '_' ? *p : '_');
  if (s->len == 0 || g_ascii_isdigit (s->str[0]))
    g_string_prepend_c (s, '_');
  return g_string_free (s, FALSE);
}

/* name made an identifier, with '_' appended until it is neither in names
 * nor reserved; added. */
static char *
unique (GHashTable *names, const char *name)
{
  g_autofree char *base = identifier (name);
  GString *s = g_string_new (base);

  while (g_hash_table_contains (names, s->str) || is_reserved (s->str))
    g_string_append_c (s, '_');
  g_hash_table_add (names, g_strdup (s->str));
  return g_string_free (s, FALSE);
}

/* ex->renamed for model: an id that Modelica reserves (input, end) gets a
 * name of its own; the others are written as they are. */
static void
rename_reserved (Export *ex, SwModel *model)
{
  g_autoptr (GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  ex->renamed = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  add_names (names, model);
  for (guint i = 0; i < sw_model_get_n_components (model); i++)
    {
      const SwComponent *c = sw_model_get_component (model, i);

      if (is_reserved (c->id))
        g_hash_table_insert (ex->renamed, c->id, unique (names, c->id));
    }
}

/* "Engine unit" -> "EngineUnit"; fallback when nothing is left. */
static char *
class_name (const char *title, const char *fallback)
{
  GString *s = g_string_new (NULL);
  gboolean up = TRUE;

  for (const char *p = title != NULL ? title : ""; *p != '\0'; p++)
    if (g_ascii_isalnum (*p) || *p == '_')
      {
        g_string_append_c (s, up ? g_ascii_toupper (*p) : *p);
        up = FALSE;
      }
    else
      up = TRUE;
  if (s->len == 0 || g_ascii_isdigit (s->str[0]))
    g_string_prepend (s, fallback);
  /* A class called Modelica would hide the library. */
  while (is_reserved (s->str))
    g_string_append_c (s, '_');
  return g_string_free (s, FALSE);
}

/* The definitions of the subsystems in model and, first, in them. */
static gboolean
collect (Export *ex, SwModel *model, GHashTable *ids, GError **error)
{
  add_names (ids, model);
  for (guint i = 0; i < sw_model_get_n_components (model); i++)
    {
      const SwComponent *c = sw_model_get_component (model, i);
      gboolean known = FALSE;
      Def *def;
      JsonNode *interface;

      if (!_sw_kind_is_subsystem (c->kind))
        continue;
      for (guint k = 0; k < ex->defs->len; k++)
        known |= ((Def *) g_ptr_array_index (ex->defs, k))->kind == c->kind;
      if (known)
        continue;
      def = g_new0 (Def, 1);
      def->kind = c->kind;
      def->inner = g_object_ref (sw_kind_get_subsystem_model (c->kind));
      def->title = c->definition != NULL ? c->definition : sw_model_get_name (def->inner);
      interface = def->inner->interface;
      if (interface == NULL || !JSON_NODE_HOLDS_OBJECT (interface))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("component “%s”: the subsystem has no interface"), c->id);
          def_free (def);
          return FALSE;
        }
      if (!collect (ex, def->inner, ids, error))
        {
          def_free (def);
          return FALSE;
        }
      def->interface = json_node_get_object (interface);
      g_ptr_array_add (ex->defs, def);
    }
  return TRUE;
}

/* The interface's inner ends of member name of part ("ports" or
 * "parameters"): a string or the "to" list. */
static GPtrArray *
targets (const Def *def, const char *part, const char *name)
{
  GPtrArray *out = g_ptr_array_new ();
  JsonObject *members = json_object_get_object_member (def->interface, part);
  JsonNode *node = members != NULL ? json_object_get_member (members, name) : NULL;

  if (node != NULL && JSON_NODE_HOLDS_VALUE (node))
    g_ptr_array_add (out, (gpointer) json_node_get_string (node));
  else if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonArray *to = json_object_get_array_member (json_node_get_object (node), "to");

      for (guint k = 0; to != NULL && k < json_array_get_length (to); k++)
        g_ptr_array_add (out, (gpointer) json_array_get_string_element (to, k));
    }
  return out;
}

/* The Modelica names of a definition's class, connectors and parameters:
 * its own unless an inner component or another class has it (the
 * interface's name is then kept in an annotation). */
static void
name_def (Def *def, GHashTable *classes)
{
  g_autoptr (GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *title = class_name (def->title, "Subsystem");

  def->name = unique (classes, title);
  add_names (names, def->inner);
  def->port_names = g_new0 (char *, def->kind->n_ports + 1);
  for (guint p = 0; p < def->kind->n_ports; p++)
    def->port_names[p] = unique (names, def->kind->ports[p].name);
  def->param_names = g_new0 (char *, def->kind->n_params + 1);
  for (guint k = 0; k < def->kind->n_params; k++)
    def->param_names[k] = unique (names, def->kind->params[k].name);
}

/* annotation(__Shaftwork(name="…")) where a name had to change. */
static void
original_name (GString *s, const char *modelica, const char *name)
{
  if (strcmp (modelica, name) == 0)
    return;
  g_string_append (s, " annotation(__Shaftwork(name=");
  _sw_mo_export_quoted (s, name);
  g_string_append (s, "))");
}

/* The class of a definition, indented by two. */
static gboolean
write_def (Export *top, const Def *def, GString *out)
{
  Export ex = { g_string_new (NULL), g_string_new (NULL), NULL, top->defs, NULL, NULL, NULL };
  gboolean ok;

  ex.bound = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  ex.exposed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  rename_reserved (&ex, def->inner);
  for (guint k = 0; k < def->kind->n_params && ex.error == NULL; k++)
    {
      const SwParamDesc *desc = &def->kind->params[k];
      g_autoptr (GPtrArray) to = targets (def, "parameters", desc->name);
      JsonObject *p = json_object_get_object_member (json_object_get_object_member (def->interface, "parameters"),
                                                     desc->name);

      if (isnan (desc->default_value))
        {
          g_set_error (&ex.error, SW_ERROR, SW_ERROR_INVALID,
                       _("subsystem “%s”: parameter “%s” has no value (an initial value left to the connections); "
                         "give it a \"default\" in the interface"),
                       def->name, desc->name);
          break;
        }
      g_string_append_printf (ex.decl, "  parameter Real %s", def->param_names[k]);
      if (desc->unit != NULL && desc->unit[0] != '\0')
        {
          g_string_append (ex.decl, "(unit=");
          _sw_mo_export_quoted (ex.decl, desc->unit);
          g_string_append (ex.decl, ")");
        }
      g_string_append (ex.decl, " = ");
      _sw_mo_export_number (ex.decl, desc->default_value);
      if (p != NULL && json_object_has_member (p, "label"))
        {
          g_string_append_c (ex.decl, ' ');
          _sw_mo_export_quoted (ex.decl, json_object_get_string_member (p, "label"));
        }
      original_name (ex.decl, def->param_names[k], desc->name);
      g_string_append (ex.decl, ";\n");
      for (guint t = 0; t < to->len; t++)
        g_hash_table_insert (ex.bound, g_strdup (g_ptr_array_index (to, t)), def->param_names[k]);
    }
  for (guint p = 0; p < def->kind->n_ports && ex.error == NULL; p++)
    {
      const SwPortDesc *port = &def->kind->ports[p];
      g_autoptr (GPtrArray) to = targets (def, "ports", port->name);
      const char *target = to->len > 0 ? g_ptr_array_index (to, 0) : "";

      g_string_append_printf (ex.decl, "  Modelica.Mechanics.%s.Interfaces.%s %s",
                              port->domain == SW_DOMAIN_ROTATIONAL ? "Rotational" : "Translational",
                              port->is_support ? "Support" : g_str_has_suffix (target, "_b") ? "Flange_b" : "Flange_a",
                              def->port_names[p]);
      original_name (ex.decl, def->port_names[p], port->name);
      g_string_append (ex.decl, ";\n");
      g_hash_table_insert (ex.exposed, g_strdup (target), def->port_names[p]);
      /* The inner end's Modelica name (a nested subsystem's may differ). */
      {
        guint ic, ip;

        if (_sw_model_resolve_port (def->inner, target, &ic, &ip, NULL))
          {
            const SwComponent *c = sw_model_get_component (def->inner, ic);

            g_string_append_printf (ex.eq, "  connect(%s, %s.%s);\n", def->port_names[p], mo_id (&ex, c),
                                    port_name (&ex, c, ip));
          }
      }
    }
  if (ex.error == NULL)
    body (&ex, def->inner);
  ok = ex.error == NULL;
  if (ok)
    {
      g_autoptr (GString) text = g_string_new (NULL);
      g_auto (GStrv) lines = NULL;

      g_string_append_printf (text, "model %s", def->name);
      if (sw_model_get_name (def->inner) != NULL)
        {
          g_string_append_c (text, ' ');
          _sw_mo_export_quoted (text, sw_model_get_name (def->inner));
        }
      g_string_append_printf (text, "\n%sequation\n%send %s;", ex.decl->str, ex.eq->str, def->name);
      lines = g_strsplit (text->str, "\n", -1);
      for (guint k = 0; lines[k] != NULL; k++)
        g_string_append_printf (out, "  %s\n", lines[k]);
    }
  else
    g_propagate_error (&top->error, ex.error);
  export_clear (&ex);
  g_hash_table_unref (ex.bound);
  g_hash_table_unref (ex.exposed);
  g_hash_table_unref (ex.renamed);
  return ok;
}

char *
sw_modelica_export (SwModel *model, GError **error)
{
  Export ex = { g_string_new (NULL), g_string_new (NULL), NULL, NULL, NULL, NULL, NULL };
  const SwSimulationSettings *sim = sw_model_get_simulation (model);
  const char *title = sw_model_get_name (model);
  g_autofree char *name = class_name (title, "Model");
  g_autoptr (GString) classes = g_string_new (NULL);
  g_autoptr (GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GString *out;

  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  /* Class names differ from every id (an id would hide a class). */
  ex.defs = g_ptr_array_new_with_free_func ((GDestroyNotify) def_free);
  g_hash_table_add (ids, g_strdup (name));
  if (collect (&ex, model, ids, &ex.error))
    for (guint k = 0; k < ex.defs->len; k++)
      name_def (g_ptr_array_index (ex.defs, k), ids);
  for (guint k = 0; k < ex.defs->len && ex.error == NULL; k++)
    write_def (&ex, g_ptr_array_index (ex.defs, k), classes);
  rename_reserved (&ex, model);
  if (ex.error == NULL)
    body (&ex, model);
  if (ex.error == NULL)
    _sw_mo_export_observed (&ex, model);
  g_clear_pointer (&ex.renamed, g_hash_table_unref);
  if (ex.error != NULL)
    {
      g_propagate_error (error, ex.error);
      export_clear (&ex);
      g_ptr_array_unref (ex.defs);
      return NULL;
    }
  out = g_string_new (NULL);
  g_string_append_printf (out, "model %s", name);
  if (title != NULL)
    {
      g_string_append_c (out, ' ');
      _sw_mo_export_quoted (out, title);
    }
  g_string_append (out, "\n  extends Modelica.Icons.Example;\n");
  g_string_append (out, classes->str);
  g_string_append (out, ex.decl->str);
  g_string_append (out, "equation\n");
  g_string_append (out, ex.eq->str);
  g_string_append (out, "  annotation(experiment(StopTime=");
  _sw_mo_export_number (out, sim->stop_time_s);
  g_string_append (out, ", Interval=");
  _sw_mo_export_number (out, sim->output_interval_s);
  g_string_append (out, ", Tolerance=");
  _sw_mo_export_number (out, sim->tolerance);
  g_string_append_printf (out, "));\nend %s;\n", name);
  export_clear (&ex);
  g_ptr_array_unref (ex.defs);
  return g_string_free (out, FALSE);
}
