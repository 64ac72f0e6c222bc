/* sw-cli-list.c: the catalogue of kinds as text, JSON and Markdown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "sw-cli-private.h"
#include "sw-error.h"
#include "sw-campbell.h"
#include "sw-frf.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-plot-file.h"

/* ---- list --------------------------------------------------------------- */

/* The words of the catalogue come in two forms: as the keywords that the JSON
 * and Markdown forms print (English, stable: data/CATALOGUE.md is generated
 * from the Markdown), and translated for the text form that people read. */

static const char *
domain_name (SwDomain d, gboolean localized)
{
  if (d == SW_DOMAIN_ROTATIONAL)
    return localized ? C_("port domain", "rotational") : "rotational";
  return localized ? C_("port domain", "translational") : "translational";
}

static const char *
param_type_name (SwParamType t, gboolean localized)
{
  switch (t)
    {
    case SW_PARAM_REAL: return localized ? C_("parameter type", "real") : "real";
    case SW_PARAM_BOOLEAN: return localized ? C_("parameter type", "boolean") : "boolean";
    case SW_PARAM_SIGNAL: return localized ? C_("parameter type", "signal") : "signal";
    case SW_PARAM_INITIAL: return localized ? C_("parameter type", "initial") : "initial";
    case SW_PARAM_TABLE: return localized ? C_("parameter type", "table") : "table";
    case SW_PARAM_EXPRESSION: return localized ? C_("parameter type", "expression") : "expression";
    default: return "?";
    }
}

/* One column's range: "w >= 0 rad/s", "0 < eta <= 1", "tau any". */
static void
append_column_range (GString *out, const SwColumnDesc *c, gboolean localized)
{
  if (isinf (c->min) && isinf (c->max))
    g_string_append_printf (out, "%s %s", c->name, localized ? C_("valid range", "any") : "any");
  else if (isinf (c->max))
    g_string_append_printf (out, "%s %s %g", c->name, c->min_exclusive ? ">" : ">=", c->min);
  else
    g_string_append_printf (out, "%g %s %s <= %g", c->min, c->min_exclusive ? "<" : "<=", c->name, c->max);
  if (c->unit != NULL && c->unit[0] != '\0')
    g_string_append_printf (out, " %s", c->unit);
}

/* "rows [w, mue]: w >= 0 rad/s, increasing; mue >= 0". */
static char *
table_range_text (const SwTableDesc *t, gboolean localized)
{
  GString *out = g_string_new (localized ? _("rows") : "rows");

  g_string_append (out, " [");
  for (guint j = 0; j < t->n_columns; j++)
    g_string_append_printf (out, "%s%s", j > 0 ? ", " : "", t->columns[j].name);
  g_string_append (out, "]: ");
  for (guint j = 0; j < t->n_columns; j++)
    {
      if (j > 0)
        g_string_append (out, "; ");
      append_column_range (out, &t->columns[j], localized);
      if (j == 0)
        g_string_append (out, localized ? _(", increasing") : ", increasing");
    }
  return g_string_free (out, FALSE);
}

/* The default rows as a file writes them: "[[0, 0.5]]". */
static char *
table_default_text (const SwTableDesc *t)
{
  GString *out = g_string_new ("[");

  for (guint i = 0; i < t->n_default_rows; i++)
    {
      g_string_append (out, i > 0 ? ", [" : "[");
      for (guint j = 0; j < t->n_columns; j++)
        g_string_append_printf (out, "%s%g", j > 0 ? ", " : "", t->default_rows[i * t->n_columns + j]);
      g_string_append_c (out, ']');
    }
  g_string_append_c (out, ']');
  return g_string_free (out, FALSE);
}

/* "a formula of phi_rel [rad], w_rel [rad/s], t [s] and named constants". */
static char *
expression_range_text (const SwExpressionDesc *e, gboolean localized)
{
  GString *vars = g_string_new (NULL);

  for (guint i = 0; e->variables[i] != NULL; i++)
    g_string_append_printf (vars, "%s%s [%s]", i > 0 ? ", " : "", e->variables[i], e->units[i]);
  if (localized)
    {
      /* Translators: %s lists the variables of a formula with their units. */
      g_autofree char *text = g_strdup_printf (_("a formula of %s and named constants"), vars->str);

      g_string_free (vars, TRUE);
      return g_steal_pointer (&text);
    }
  g_string_prepend (vars, "a formula of ");
  g_string_append (vars, " and named constants");
  return g_string_free (vars, FALSE);
}

/* "c*phi_rel + d*w_rel" with c = 10000, d = 10. */
static char *
expression_default_text (const SwExpressionDesc *e, gboolean localized)
{
  g_autoptr (SwExpression) expr = sw_expression_new (e->default_text, e->n_default_constants, e->default_names,
                                                     e->default_values);
  g_autofree char *constants = sw_expression_dup_constants_text (expr);

  if (constants[0] == '\0')
    return g_strdup_printf ("\"%s\"", e->default_text);
  /* Translators: a formula's default text and its constants ("c = 10000, d = 10"). */
  return g_strdup_printf (localized ? _("“%s” with %s") : "`%s` with %s", e->default_text, constants);
}

static char *
range_text (const SwParamDesc *p, gboolean localized)
{
  if (p->type == SW_PARAM_TABLE)
    return table_range_text (p->table, localized);
  if (p->type == SW_PARAM_EXPRESSION)
    return expression_range_text (p->expression, localized);
  if (p->type == SW_PARAM_BOOLEAN)
    /* Translators: true and false are what a model file says: keep them. */
    return g_strdup (localized ? _("true or false") : "true or false");
  if (isinf (p->min) && isinf (p->max))
    return g_strdup (localized ? C_("valid range", "any") : "any");
  if (isinf (p->max))
    return g_strdup_printf ("%s %g", p->min_exclusive ? ">" : ">=", p->min);
  return g_strdup_printf ("%g … %g", p->min, p->max);
}

static char *
default_text (const SwParamDesc *p, gboolean localized)
{
  /* A body's own start (phi0, S0) follows from what it is joined to; a
   * condition (Modelica's x_start: a_start, phi_rel_start, an
   * InitializeFlange's) left out is no condition. */
  if (p->type == SW_PARAM_INITIAL && g_str_has_suffix (p->name, "_start"))
    return g_strdup (localized ? _("not set") : "not set");
  /* A nominal magnitude left out is the engine's own. */
  if (p->type == SW_PARAM_INITIAL && g_str_has_suffix (p->name, "_nominal"))
    return g_strdup (localized ? _("derived") : "derived");
  if (p->type == SW_PARAM_INITIAL)
    return g_strdup (localized ? _("from connections, else 0") : "from connections, else 0");
  if (p->type == SW_PARAM_TABLE)
    return table_default_text (p->table);
  if (p->type == SW_PARAM_EXPRESSION)
    return expression_default_text (p->expression, localized);
  if (isnan (p->default_value))
    return g_strdup (localized ? C_("default value", "required") : "required");
  if (p->type == SW_PARAM_BOOLEAN)
    return g_strdup (p->default_value != 0 ? "true" : "false");
  return g_strdup_printf ("%g", p->default_value);
}

static void
list_json (void)
{
  guint n;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n);
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_array (b);
  for (guint k = 0; k < n; k++)
    {
      const SwKind *kind = kinds[k];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "kind"), json_builder_add_string_value (b, kind->name);
      json_builder_set_member_name (b, "label"), json_builder_add_string_value (b, kind->label);
      json_builder_set_member_name (b, "group"), json_builder_add_string_value (b, kind->group);
      json_builder_set_member_name (b, "help"), json_builder_add_string_value (b, kind->help);
      json_builder_set_member_name (b, "ports");
      json_builder_begin_array (b);
      for (guint i = 0; i < kind->n_ports; i++)
        {
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "name"), json_builder_add_string_value (b, kind->ports[i].name);
          json_builder_set_member_name (b, "domain");
          json_builder_add_string_value (b, domain_name (kind->ports[i].domain, FALSE));
          json_builder_set_member_name (b, "support"), json_builder_add_boolean_value (b, kind->ports[i].is_support);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "parameters");
      json_builder_begin_array (b);
      for (guint i = 0; i < kind->n_params; i++)
        {
          const SwParamDesc *p = &kind->params[i];

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "name"), json_builder_add_string_value (b, p->name);
          json_builder_set_member_name (b, "label"), json_builder_add_string_value (b, p->label);
          json_builder_set_member_name (b, "type"), json_builder_add_string_value (b, param_type_name (p->type, FALSE));
          json_builder_set_member_name (b, "unit"), json_builder_add_string_value (b, p->unit);
          json_builder_set_member_name (b, "default");
          if (p->type == SW_PARAM_TABLE)
            {
              const SwTableDesc *t = p->table;

              json_builder_begin_array (b);
              for (guint r = 0; r < t->n_default_rows; r++)
                {
                  json_builder_begin_array (b);
                  for (guint j = 0; j < t->n_columns; j++)
                    json_builder_add_double_value (b, t->default_rows[r * t->n_columns + j]);
                  json_builder_end_array (b);
                }
              json_builder_end_array (b);
            }
          else if (p->type == SW_PARAM_EXPRESSION)
            {
              /* As a file writes it: {"expression": "…", "constants": {…}}. */
              const SwExpressionDesc *e = p->expression;

              json_builder_begin_object (b);
              json_builder_set_member_name (b, "expression"), json_builder_add_string_value (b, e->default_text);
              json_builder_set_member_name (b, "constants");
              json_builder_begin_object (b);
              for (guint j = 0; j < e->n_default_constants; j++)
                {
                  json_builder_set_member_name (b, e->default_names[j]);
                  json_builder_add_double_value (b, e->default_values[j]);
                }
              json_builder_end_object (b);
              json_builder_end_object (b);
            }
          else if (p->type == SW_PARAM_INITIAL || isnan (p->default_value))
            json_builder_add_null_value (b);
          else if (p->type == SW_PARAM_BOOLEAN)
            json_builder_add_boolean_value (b, p->default_value != 0);
          else
            json_builder_add_double_value (b, p->default_value);
          json_builder_set_member_name (b, "min");
          if (isinf (p->min)) json_builder_add_null_value (b); else json_builder_add_double_value (b, p->min);
          json_builder_set_member_name (b, "min_exclusive"), json_builder_add_boolean_value (b, p->min_exclusive);
          json_builder_set_member_name (b, "max");
          if (isinf (p->max)) json_builder_add_null_value (b); else json_builder_add_double_value (b, p->max);
          json_builder_set_member_name (b, "help"), json_builder_add_string_value (b, p->help);
          if (p->type == SW_PARAM_TABLE)
            {
              /* The rows' columns, each with its unit and range; the first
               * increases from row to row. */
              json_builder_set_member_name (b, "columns");
              json_builder_begin_array (b);
              for (guint j = 0; j < p->table->n_columns; j++)
                {
                  const SwColumnDesc *c = &p->table->columns[j];

                  json_builder_begin_object (b);
                  json_builder_set_member_name (b, "name"), json_builder_add_string_value (b, c->name);
                  json_builder_set_member_name (b, "unit"), json_builder_add_string_value (b, c->unit);
                  json_builder_set_member_name (b, "min");
                  if (isinf (c->min)) json_builder_add_null_value (b); else json_builder_add_double_value (b, c->min);
                  json_builder_set_member_name (b, "min_exclusive"), json_builder_add_boolean_value (b, c->min_exclusive);
                  json_builder_set_member_name (b, "max");
                  if (isinf (c->max)) json_builder_add_null_value (b); else json_builder_add_double_value (b, c->max);
                  json_builder_set_member_name (b, "increasing"), json_builder_add_boolean_value (b, j == 0);
                  json_builder_end_object (b);
                }
              json_builder_end_array (b);
            }
          if (p->type == SW_PARAM_EXPRESSION)
            {
              /* The variables the formula may use, besides its constants. */
              json_builder_set_member_name (b, "formula_variables");
              json_builder_begin_array (b);
              for (guint j = 0; p->expression->variables[j] != NULL; j++)
                {
                  json_builder_begin_object (b);
                  json_builder_set_member_name (b, "name");
                  json_builder_add_string_value (b, p->expression->variables[j]);
                  json_builder_set_member_name (b, "unit");
                  json_builder_add_string_value (b, p->expression->units[j]);
                  json_builder_end_object (b);
                }
              json_builder_end_array (b);
            }
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "variables");
      json_builder_begin_array (b);
      for (guint i = 0; i < kind->n_vars; i++)
        {
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "name"), json_builder_add_string_value (b, kind->vars[i].name);
          json_builder_set_member_name (b, "unit"), json_builder_add_string_value (b, kind->vars[i].unit);
          json_builder_set_member_name (b, "help"), json_builder_add_string_value (b, kind->vars[i].help);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  text = json_generator_to_data (gen, NULL);
  g_print ("%s\n", text);
}

/* The kinds' groups, labels and help are marked in their tables (core/ and,
 * for the groups, ui/palette/sw-palette.c) and translated here; "" stays "" (its
 * translation would be the catalogue's header). */
static const char *
localize (const char *text)
{
  return text != NULL && text[0] != '\0' ? _(text) : "";
}

static void
list_text (void)
{
  guint n;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n);
  const char *group = NULL;
  int type_width = 8;

  for (SwParamType t = SW_PARAM_REAL; t <= SW_PARAM_EXPRESSION; t++)
    type_width = sw_cli_column_width (param_type_name (t, TRUE), type_width);
  for (guint k = 0; k < n; k++)
    {
      const SwKind *kind = kinds[k];

      if (group == NULL || strcmp (group, kind->group) != 0)
        {
          g_print ("%s%s\n", group ? "\n" : "", localize (kind->group));
          group = kind->group;
        }
      g_print ("\n  %s: %s. %s\n", kind->name, localize (kind->label), localize (kind->help));
      g_print ("    %s", _("ports:"));
      for (guint i = 0; i < kind->n_ports; i++)
        g_print (" %s (%s%s)", kind->ports[i].name, domain_name (kind->ports[i].domain, TRUE),
                 kind->ports[i].is_support ? _(", support: grounded when unconnected") : "");
      g_print ("\n");
      for (guint i = 0; i < kind->n_params; i++)
        {
          const SwParamDesc *p = &kind->params[i];
          g_autofree char *range = range_text (p, TRUE);
          g_autofree char *def = default_text (p, TRUE);
          g_autoptr (GString) line = g_string_new ("    ");

          sw_cli_append_cell (line, p->name, -16), g_string_append_c (line, ' ');
          sw_cli_append_cell (line, p->unit[0] ? p->unit : "-", -10), g_string_append_c (line, ' ');
          sw_cli_append_cell (line, param_type_name (p->type, TRUE), -type_width), g_string_append_c (line, ' ');
          /* Translators: a parameter's default, its valid range and its help. */
          g_string_append_printf (line, _("default %s; valid %s. %s"), def, range, localize (p->help));
          g_print ("%s\n", line->str);
        }
      g_print ("    %s", _("variables:"));
      for (guint i = 0; i < kind->n_vars; i++)
        g_print (" %s [%s]", kind->vars[i].name, kind->vars[i].unit);
      g_print ("\n");
    }
}

/* The catalogue as Markdown: data/CATALOGUE.md is this output. */
static void
list_markdown (void)
{
  guint n;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n);
  const char *group = NULL;

  g_print ("# Catalogue of component kinds\n\n"
           "Generated from the kind tables in `core/` by `shaftwork-cli list --markdown`; do not edit.\n"
           "Units are SI. A `support` port left unconnected is fixed to ground. Signal parameters take a\n"
           "number or a signal object (see FORMAT.md). A body's initial values left out follow from the\n"
           "rigid connections, else 0; initial conditions named *_start left out are not set.\n");
  for (guint k = 0; k < n; k++)
    {
      const SwKind *kind = kinds[k];

      if (group == NULL || strcmp (group, kind->group) != 0)
        {
          g_print ("\n## %s\n", kind->group);
          group = kind->group;
        }
      g_print ("\n### `%s`: %s\n\n%s.\n\nPorts:", kind->name, kind->label, kind->help);
      for (guint i = 0; i < kind->n_ports; i++)
        g_print ("%s `%s` (%s%s)", i ? "," : "", kind->ports[i].name, domain_name (kind->ports[i].domain, FALSE),
                 kind->ports[i].is_support ? ", support" : "");
      if (kind->n_params == 0)
        g_print ("\n\nParameters: none\n");
      else
        g_print ("\n\n| parameter | unit | type | default | valid | meaning |\n|---|---|---|---|---|---|\n");
      for (guint i = 0; i < kind->n_params; i++)
        {
          const SwParamDesc *p = &kind->params[i];
          g_autofree char *range = range_text (p, FALSE);
          g_autofree char *def = default_text (p, FALSE);

          g_print ("| `%s` | %s | %s | %s | %s | %s |\n", p->name, p->unit[0] ? p->unit : "-",
                   param_type_name (p->type, FALSE), def, range, p->help);
        }
      g_print ("\nVariables:");
      for (guint i = 0; i < kind->n_vars; i++)
        g_print ("%s `%s` [%s]", i ? "," : "", kind->vars[i].name, kind->vars[i].unit);
      g_print ("\n");
    }
}

int
sw_cli_list (int argc, char **argv)
{
  gboolean json = FALSE, markdown = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the catalogue as JSON"), NULL },
    { "markdown", 0, 0, G_OPTION_ARG_NONE, &markdown,
      N_("Print the catalogue as Markdown (in English: data/CATALOGUE.md is this)"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;

  sw_cli_init_context (ctx, N_("List every component kind: ports, parameters (unit, default,\n"
                               "valid range, meaning) and output variables."), entries);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return sw_cli_usage_error (ctx, error->message);
  if (argc != 1)
    return sw_cli_usage_error (ctx, _("list takes no arguments"));
  if (json)
    list_json ();
  else if (markdown)
    list_markdown ();
  else
    list_text ();
  return EXIT_OK;
}
