/* sw-modelica-import-observed.c: a model's variables of a basic type with
 * a binding ("output SI.Power PowerLoss = gear.flange_a.tau *
 * der(gear.flange_a.phi) + …") as observed variables (sw-observed.h).
 *
 * The binding becomes a formula over result variables: der() of a
 * position is the speed (der(x.phi) -> x.w, der(x.s) -> x.v; a port's
 * speed is a port variable), der() of a speed the acceleration (x.w ->
 * x.a); another such variable is put in its place in parentheses; a
 * parameter of the class is its value; Modelica.Math's functions, abs,
 * min and max are the formula's functions. Anything else is an error at
 * its line and column saying what is supported.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-import-private.h"
#include "sw-number.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#define MAX_NESTING 16

static gboolean translate (Import *im, const MoExpr *e, GString *out, guint nesting);
static int precedence (const MoExpr *e);

/* A variable of a basic type: Real, Integer, Boolean, SI units. */
gboolean
_sw_mo_is_basic_type (const char *type)
{
  static const char *const basic[] = { "Real", "Integer", "Boolean", "String", NULL };

  return g_strv_contains (basic, type) || g_str_has_prefix (type, "SI.") || g_str_has_prefix (type, "Modelica.Units.")
         || g_str_has_prefix (type, "Modelica.SIunits.") || g_str_has_prefix (type, "SIunits.");
}

/* The class's observed variable called name, or NULL. */
static const MoElement *
find_observed (Import *im, const char *name)
{
  for (guint k = 0; k < im->klass->elements->len; k++)
    {
      const MoElement *el = g_ptr_array_index (im->klass->elements, k);

      if (!el->parameter && _sw_mo_is_basic_type (el->type) && strcmp (el->name, name) == 0)
        return el;
    }
  return NULL;
}

static gboolean
unsupported (Import *im, const MoExpr *e, const char *what)
{
  _sw_mo_import_fail (im, e->line, e->column,
                      _("%s is not supported in a variable's binding; supported: numbers, the model's parameters, "
                        "components' variables, other such variables, + - * / ^, der() of a position or speed, abs, "
                        "min, max, sqrt, exp, log, log10 and Modelica.Math's sin, cos, tan, asin, acos, atan, atan2, "
                        "sinh, cosh, tanh"),
                      what);
  return FALSE;
}

/* der(x): x's rate as the variable the engine outputs. */
static gboolean
translate_der (Import *im, const MoExpr *e, GString *out)
{
  static const char *const rates[][2] = { { ".phi", ".w" }, { ".s", ".v" }, { ".w", ".a" }, { ".v", ".a" } };
  const MoExpr *x = e->items != NULL && e->items->len == 1 ? g_ptr_array_index (e->items, 0) : NULL;

  if (x == NULL || x->kind != MO_NAME || strchr (x->text, '.') == NULL)
    return unsupported (im, e, _("der() of anything but a component's position or speed (der(inertia1.phi))"));
  for (guint k = 0; k < G_N_ELEMENTS (rates); k++)
    if (g_str_has_suffix (x->text, rates[k][0]))
      {
        g_string_append_len (out, x->text, strlen (x->text) - strlen (rates[k][0]));
        g_string_append (out, rates[k][1]);
        return TRUE;
      }
  return unsupported (im, e, _("der() of anything but a position or speed (.phi, .s, .w, .v)"));
}

static gboolean
translate_call (Import *im, const MoExpr *e, GString *out, guint nesting)
{
  const char *f = e->text;

  if (strcmp (f, "der") == 0)
    return translate_der (im, e, out);
  if (g_str_has_prefix (f, "Modelica.Math."))
    f += strlen ("Modelica.Math.");
  else if (g_str_has_prefix (f, "Math."))
    f += strlen ("Math.");
  if (!g_strv_contains (_sw_observed_functions, f) || (e->named != NULL && e->named->len > 0))
    {
      g_autofree char *what = g_strdup_printf (_("the function %s"), e->text);

      return unsupported (im, e, what);
    }
  g_string_append_printf (out, "%s(", f);
  for (guint k = 0; e->items != NULL && k < e->items->len; k++)
    {
      if (k > 0)
        g_string_append (out, ", ");
      if (!translate (im, g_ptr_array_index (e->items, k), out, nesting))
        return FALSE;
    }
  g_string_append_c (out, ')');
  return TRUE;
}

static gboolean
translate_name (Import *im, const MoExpr *e, GString *out, guint nesting)
{
  const MoElement *other;
  const Value *v;
  char buf[SW_NUMBER_BUF_SIZE];

  if (strcmp (e->text, "pi") == 0 || strcmp (e->text, "Modelica.Constants.pi") == 0)
    {
      g_string_append (out, "pi");
      return TRUE;
    }
  if (strchr (e->text, '.') != NULL)
    {
      /* A component's parameter of a number (inertia1.J): its value. */
      const char *dot = strchr (e->text, '.');
      g_autofree char *id = g_strndup (e->text, dot - e->text);
      int index = sw_model_find_component (im->model, id), p = -1;
      const SwComponent *c = index >= 0 ? sw_model_get_component (im->model, index) : NULL;

      if (c != NULL && sw_kind_find_var (c->kind, dot + 1) < 0)
        p = sw_kind_find_param (c->kind, dot + 1);
      if (p >= 0 && c->kind->params[p].type == SW_PARAM_REAL && !isnan (c->param[p]))
        g_string_append_printf (out, c->param[p] < 0 ? "(%s)" : "%s", sw_format_number (buf, c->param[p]));
      else
        g_string_append (out, e->text);
      return TRUE;
    }
  if ((other = find_observed (im, e->text)) != NULL)
    {
      if (other->value == NULL)
        return unsupported (im, e, _("a variable without a binding"));
      if (nesting >= MAX_NESTING)
        return unsupported (im, e, _("variables defined through each other more than 16 deep"));
      {
        gboolean parens = precedence (other->value) < 5;

        if (parens)
          g_string_append_c (out, '(');
        if (!translate (im, other->value, out, nesting + 1))
          return FALSE;
        if (parens)
          g_string_append_c (out, ')');
        return TRUE;
      }
    }
  if (im->params != NULL && (v = g_hash_table_lookup (im->params, e->text)) != NULL && v->kind == V_NUMBER)
    {
      /* In parentheses when negative: "-2^x" would be -(2^x). */
      g_string_append_printf (out, v->number < 0 ? "(%s)" : "%s", sw_format_number (buf, v->number));
      return TRUE;
    }
  {
    g_autofree char *what = g_strdup_printf (_("the name %s (not a parameter, a component's variable or a variable "
                                               "with a binding)"),
                                             e->text);

    return unsupported (im, e, what);
  }
}

/* How tightly an operator binds: a sum 1, a product 2, a sign 3, a power
 * 4, a leaf 5. */
static int
precedence (const MoExpr *e)
{
  if (e->kind == MO_BINARY)
    return e->op == '+' || e->op == '-' ? 1 : e->op == '^' ? 4 : 2;
  return e->kind == MO_UNARY ? 3 : 5;
}

/* An operand, in parentheses when it binds less tightly than its place
 * needs (min: the least precedence that needs none). */
static gboolean
operand (Import *im, const MoExpr *e, GString *out, guint nesting, int min)
{
  gboolean parens = precedence (e) < min;

  if (parens)
    g_string_append_c (out, '(');
  if (!translate (im, e, out, nesting))
    return FALSE;
  if (parens)
    g_string_append_c (out, ')');
  return TRUE;
}

static gboolean
translate (Import *im, const MoExpr *e, GString *out, guint nesting)
{
  char buf[SW_NUMBER_BUF_SIZE];
  int p;

  switch (e->kind)
    {
    case MO_NUMBER:
      g_string_append (out, sw_format_number (buf, e->number));
      return TRUE;
    case MO_NAME:
      return translate_name (im, e, out, nesting);
    case MO_UNARY:
      if (e->op != '-' && e->op != '+')
        return unsupported (im, e, _("a logical “not”"));
      if (e->op == '-')
        g_string_append_c (out, '-');
      return operand (im, e->a, out, nesting, 4);
    case MO_BINARY:
      if (strchr ("+-*/^", e->op) == NULL)
        return unsupported (im, e, _("a comparison or logical operator"));
      /* Grouped from the left: the right operand in parentheses when it
       * binds no more tightly. */
      p = precedence (e);
      if (!operand (im, e->a, out, nesting, p == 4 ? 5 : p))
        return FALSE;
      g_string_append_printf (out, " %c ", e->op);
      return operand (im, e->b, out, nesting, p + 1);
    case MO_CALL:
      return translate_call (im, e, out, nesting);
    default:
      return unsupported (im, e, _("this expression (a string, array, if or subscript)"));
    }
}

/* The unit of a type from Modelica.Units.SI (SIunits in MSL 3) or its
 * non-SI conversions, by its last name; "" for Real, Integer and types not
 * listed here (the column's unit is then not known). */
static const char *
unit_of_type (const char *type)
{
  static const char *const units[][2] = {
    { "Angle", "rad" }, { "AngularVelocity", "rad/s" }, { "AngularAcceleration", "rad/s2" },
    { "AngularFrequency", "rad/s" }, { "Torque", "N.m" }, { "Force", "N" }, { "Position", "m" },
    { "Distance", "m" }, { "Length", "m" }, { "Velocity", "m/s" }, { "Acceleration", "m/s2" }, { "Jerk", "m/s3" },
    { "Power", "W" }, { "Energy", "J" }, { "Work", "J" }, { "Inertia", "kg.m2" }, { "MomentOfInertia", "kg.m2" },
    { "Mass", "kg" }, { "Time", "s" }, { "Period", "s" }, { "Frequency", "Hz" },
    { "RotationalSpringConstant", "N.m/rad" }, { "RotationalDampingConstant", "N.m.s/rad" },
    { "TranslationalSpringConstant", "N/m" }, { "TranslationalDampingConstant", "N.s/m" },
    { "AngularMomentum", "kg.m2/s" }, { "Momentum", "kg.m/s" }, { "Impulse", "N.s" },
    { "AngularImpulse", "N.m.s" }, { "Temperature", "K" }, { "HeatFlowRate", "W" }, { "Pressure", "Pa" },
    { "Efficiency", "1" }, { "PerUnit", "1" }, { "DimensionlessRatio", "1" }, { "CoefficientOfFriction", "1" },
    { "AngularVelocity_rpm", "rev/min" }, { "Temperature_degC", "degC" }, { "Angle_deg", "deg" },
    { "Velocity_kmh", "km/h" },
  };
  const char *last = strrchr (type, '.');

  if (last == NULL)
    return "";
  for (guint k = 0; k < G_N_ELEMENTS (units); k++)
    if (strcmp (last + 1, units[k][0]) == 0)
      return units[k][1];
  return "";
}

/* The variable's unit: its type's, or its own "unit" modifier's; the
 * attributes that change nothing for a column computed from the results
 * are accepted; NULL after an error at anything else. */
static const char *
unit_of_variable (Import *im, const MoElement *el)
{
  static const char *const no_effect[] = { "displayUnit", "quantity", "min", "max", "nominal", "start", "fixed",
                                           "stateSelect", NULL };
  const char *unit = unit_of_type (el->type);

  for (guint k = 0; el->mods != NULL && k < el->mods->len; k++)
    {
      const MoMod *m = g_ptr_array_index (el->mods, k);

      if (strcmp (m->name, "unit") == 0 && m->children == NULL && m->value != NULL && m->value->kind == MO_STRING)
        unit = m->value->text;
      else if (!g_strv_contains (no_effect, m->name))
        {
          _sw_mo_import_fail (im, m->line, m->column,
                              _("variable %s: the attribute %s is not supported; supported: unit = \"…\" (a string), "
                                "and displayUnit, quantity, min, max, nominal, start, fixed and stateSelect, which "
                                "change nothing for a variable computed from the results"),
                              el->name, m->name);
          return NULL;
        }
    }
  return unit;
}

void
_sw_mo_import_observed (Import *im)
{
  for (guint k = 0; k < im->klass->elements->len && im->error == NULL; k++)
    {
      const MoElement *el = g_ptr_array_index (im->klass->elements, k);
      g_autoptr (GString) text = g_string_new (NULL);
      GError *error = NULL;
      const char *unit;

      if (el->parameter || !_sw_mo_is_basic_type (el->type))
        continue;
      if (im->parent != NULL)
        {
          _sw_mo_import_fail (im, el->line, el->column,
                              _("variable %s: a variable with a binding is supported in the file's model, not in a "
                                "model used as a component"),
                              el->name);
          return;
        }
      if (el->value == NULL)
        {
          _sw_mo_import_fail (im, el->line, el->column,
                              _("variable %s has no binding; supported: a variable defined where it is declared, "
                                "“%s %s = EXPRESSION;”"),
                              el->name, el->type, el->name);
          return;
        }
      if ((unit = unit_of_variable (im, el)) == NULL || !translate (im, el->value, text, 0))
        return;
      if (!sw_model_add_observed (im->model, el->name, text->str, unit, &error))
        _sw_mo_fail_with (im, el->line, el->column, error);
    }
}
