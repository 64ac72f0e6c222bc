/* sw-modelica-eval.c: the expressions of an imported Modelica model
 * evaluated: numbers, booleans, strings, the model's parameters, constants
 * of Modelica.Constants (written in full or brought in by import), another
 * component's parameter (inertia1.J), Regularization literals, arithmetic
 * and comparisons, if-expressions, unit conversions and Modelica's
 * functions of one and two numbers, the MSL examples'
 * GenerateStribeckFrictionTable, {arrays} and [matrices] as rows of
 * numbers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-import-private.h"

#include <float.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

void
_sw_mo_value_clear (Value *v)
{
  g_clear_pointer (&v->text, g_free);
  g_clear_pointer (&v->cells, g_free);
}

gboolean
_sw_mo_eval_number (Import *im, const MoExpr *e, double *x)
{
  Value v = { 0 };

  if (!_sw_mo_eval (im, e, &v))
    return FALSE;
  if (v.kind != V_NUMBER)
    {
      _sw_mo_value_clear (&v);
      _sw_mo_fail (im, e->line, e->column, _("a number is needed here"));
      return FALSE;
    }
  *x = v.number;
  return TRUE;
}

/* The last part of a dotted name ("Modelica.Constants.pi" -> "pi"). */
const char *
_sw_mo_last_part (const char *name)
{
  const char *dot = strrchr (name, '.');

  return dot != NULL ? dot + 1 : name;
}

/* A result that is not a finite number (sqrt (-1), log (0)) is refused
 * where the call is. */
static gboolean
finite_or_fail (Import *im, const MoExpr *e, double x)
{
  if (isfinite (x))
    return TRUE;
  _sw_mo_fail (im, e->line, e->column, _("the expression is not finite"));
  return FALSE;
}

/* Modelica's built-in and Modelica.Math functions of one number besides
 * those call() knows; FALSE: f is none of them. */
static gboolean
call1 (const char *f, double x, double *y)
{
  static const struct { const char *name; double (*fn) (double); } table[] = {
    { "tan", tan }, { "asin", asin }, { "acos", acos }, { "atan", atan }, { "sinh", sinh }, { "cosh", cosh },
    { "tanh", tanh }, { "log", log }, { "log10", log10 }, { "floor", floor }, { "ceil", ceil },
    { "integer", floor },
  };

  for (guint k = 0; k < G_N_ELEMENTS (table); k++)
    if (strcmp (f, table[k].name) == 0)
      {
        *y = table[k].fn (x);
        return TRUE;
      }
  if (strcmp (f, "sign") == 0)
    {
      *y = x > 0 ? 1 : x < 0 ? -1 : 0;
      return TRUE;
    }
  return FALSE;
}

/* Functions of two numbers: atan2, min, max, mod, rem, div. */
static gboolean
call2 (Import *im, const MoExpr *e, const char *f, Value *out)
{
  double a, b;

  if (!_sw_mo_eval_number (im, g_ptr_array_index (e->items, 0), &a)
      || !_sw_mo_eval_number (im, g_ptr_array_index (e->items, 1), &b))
    return FALSE;
  out->kind = V_NUMBER;
  if (b == 0 && (strcmp (f, "mod") == 0 || strcmp (f, "rem") == 0 || strcmp (f, "div") == 0))
    {
      _sw_mo_fail (im, e->line, e->column, _("division by zero"));
      return FALSE;
    }
  if (strcmp (f, "atan2") == 0)
    out->number = atan2 (a, b);
  else if (strcmp (f, "min") == 0)
    out->number = MIN (a, b);
  else if (strcmp (f, "max") == 0)
    out->number = MAX (a, b);
  else if (strcmp (f, "mod") == 0)
    out->number = a - floor (a / b) * b;
  else if (strcmp (f, "rem") == 0)
    out->number = a - trunc (a / b) * b;
  else if (strcmp (f, "div") == 0)
    out->number = trunc (a / b);
  else
    {
      _sw_mo_fail (im, e->line, e->column, _("the function %s of two arguments is not supported; valid: atan2, min, "
                                             "max, mod, rem, div"), e->text);
      return FALSE;
    }
  return finite_or_fail (im, e, out->number);
}

/* The MSL examples' Utilities.GenerateStribeckFrictionTable (F_prop,
 * F_Coulomb, F_Stribeck, fexp, v_max, nTable = 100), positional or named:
 * nTable rows [v, F_Coulomb + F_prop v + F_Stribeck exp (-fexp v)] for v
 * from 0 to v_max. */
static gboolean
stribeck_table (Import *im, const MoExpr *e, Value *out)
{
  static const char *const names[] = { "F_prop", "F_Coulomb", "F_Stribeck", "fexp", "v_max", "nTable" };
  double a[6] = { NAN, NAN, NAN, NAN, NAN, 100 };
  guint n;

  for (guint k = 0; k < e->items->len && k < G_N_ELEMENTS (a); k++)
    if (!_sw_mo_eval_number (im, g_ptr_array_index (e->items, k), &a[k]))
      return FALSE;
  for (guint k = 0; e->named != NULL && k < e->named->len; k++)
    {
      const MoMod *m = g_ptr_array_index (e->named, k);
      guint i = 0;

      while (i < G_N_ELEMENTS (names) && strcmp (names[i], m->name) != 0)
        i++;
      if (i == G_N_ELEMENTS (names) || m->value == NULL)
        {
          _sw_mo_fail (im, m->line, m->column,
                       _("%s: argument “%s” is not supported; valid: F_prop, F_Coulomb, F_Stribeck, fexp, v_max, "
                         "nTable"), e->text, m->name);
          return FALSE;
        }
      if (!_sw_mo_eval_number (im, m->value, &a[i]))
        return FALSE;
    }
  for (guint k = 0; k < G_N_ELEMENTS (a); k++)
    if (isnan (a[k]))
      {
        _sw_mo_fail (im, e->line, e->column, _("%s needs its argument %s"), e->text, names[k]);
        return FALSE;
      }
  if (e->items->len > G_N_ELEMENTS (a) || !(a[5] >= 2 && a[5] <= 100000 && a[5] == floor (a[5])))
    {
      _sw_mo_fail (im, e->line, e->column, _("%s: nTable = %g is not valid; valid: a whole number from 2 to 100000, "
                                             "and at most six arguments"), e->text, a[5]);
      return FALSE;
    }
  n = (guint) a[5];
  out->kind = V_MATRIX;
  out->rows = n;
  out->cols = 2;
  out->cells = g_new (double, 2 * n);
  for (guint i = 0; i < n; i++)
    {
      double v = a[4] * i / (n - 1);

      out->cells[2 * i] = v;
      out->cells[2 * i + 1] = a[1] + a[0] * v + a[2] * exp (-a[3] * v);
    }
  return TRUE;
}

static gboolean
call (Import *im, const MoExpr *e, Value *out)
{
  static const struct { const char *name; double scale; } conversions[] = {
    { "from_deg", G_PI / 180 }, { "to_deg", 180 / G_PI }, { "from_rpm", G_PI / 30 }, { "to_rpm", 30 / G_PI },
  };
  const char *f = _sw_mo_last_part (e->text);
  double x;

  if (strcmp (f, "GenerateStribeckFrictionTable") == 0)
    return stribeck_table (im, e, out);
  /* Files.loadResource (path) is the path, a URI refused where a table's
   * fileName is read; the library's other utilities act (streams, files,
   * the system) and have no value to import. */
  if (strcmp (f, "loadResource") == 0 && e->items->len == 1 && e->named == NULL)
    {
      if (!_sw_mo_eval (im, g_ptr_array_index (e->items, 0), out))
        return FALSE;
      if (out->kind == V_STRING)
        return TRUE;
      _sw_mo_value_clear (out);
      _sw_mo_fail (im, e->line, e->column, _("%s takes a file's path or URI as a string"), e->text);
      return FALSE;
    }
  if (g_str_has_prefix (e->text, "Modelica.Utilities."))
    {
      _sw_mo_fail (im, e->line, e->column,
                   _("%s is not supported: Modelica.Utilities' functions act on files, streams and the system; the "
                     "import evaluates numbers, strings, Modelica.Constants and Modelica.Math's functions (and "
                     "Files.loadResource, a file's path)"), e->text);
      return FALSE;
    }
  if (e->items->len == 2 && e->named == NULL)
    return call2 (im, e, f, out);
  if (e->items->len != 1 || e->named != NULL)
    {
      _sw_mo_fail (im, e->line, e->column, _("the function %s is not supported here"), e->text);
      return FALSE;
    }
  if (!_sw_mo_eval_number (im, g_ptr_array_index (e->items, 0), &x))
    return FALSE;
  out->kind = V_NUMBER;
  if (call1 (f, x, &out->number))
    return finite_or_fail (im, e, out->number);
  for (guint k = 0; k < G_N_ELEMENTS (conversions); k++)
    if (strcmp (f, conversions[k].name) == 0)
      {
        out->number = x * conversions[k].scale;
        return TRUE;
      }
  if (strcmp (f, "sin") == 0)
    out->number = sin (x);
  else if (strcmp (f, "cos") == 0)
    out->number = cos (x);
  else if (strcmp (f, "sqrt") == 0)
    out->number = sqrt (x);
  else if (strcmp (f, "exp") == 0)
    out->number = exp (x);
  else if (strcmp (f, "abs") == 0)
    out->number = fabs (x);
  else
    {
      _sw_mo_fail (im, e->line, e->column,
            _("the function %s is not supported; valid: from_deg, to_deg, from_rpm, to_rpm, sin, cos, tan, asin, "
              "acos, atan, sinh, cosh, tanh, sqrt, exp, log, log10, abs, sign, floor, ceil, integer; atan2, min, "
              "max, mod, rem, div of two"), e->text);
      return FALSE;
    }
  return finite_or_fail (im, e, out->number);
}

/* The rows of an array or a matrix, each row a list of numbers. */
static gboolean
matrix (Import *im, const MoExpr *e, Value *out)
{
  gboolean nested = e->kind == MO_ARRAY && e->items->len > 0
                    && ((MoExpr *) g_ptr_array_index (e->items, 0))->kind == MO_ARRAY;
  guint rows = e->kind == MO_MATRIX || nested ? e->items->len : 1;
  g_autoptr (GArray) cells = g_array_new (FALSE, FALSE, sizeof (double));

  out->kind = V_MATRIX;
  out->rows = rows;
  out->cols = 0;
  for (guint r = 0; r < rows; r++)
    {
      const MoExpr *row = e->kind == MO_MATRIX || nested ? g_ptr_array_index (e->items, r) : e;

      if (row->kind != MO_ARRAY)
        {
          _sw_mo_fail (im, row->line, row->column, _("a row of numbers {…} is needed here"));
          return FALSE;
        }
      if (r > 0 && row->items->len != out->cols)
        {
          _sw_mo_fail (im, row->line, row->column, _("row %u has %u values, the first %u"), r + 1, row->items->len,
                out->cols);
          return FALSE;
        }
      out->cols = row->items->len;
      for (guint c = 0; c < row->items->len; c++)
        {
          double x;

          if (!_sw_mo_eval_number (im, g_ptr_array_index (row->items, c), &x))
            return FALSE;
          g_array_append_val (cells, x);
        }
    }
  out->cells = (double *) g_array_free (g_steal_pointer (&cells), FALSE);
  return TRUE;
}

/* Modelica.Constants used in drivetrain models (MSL 4's values), and the
 * temperature coefficients of Machines.Thermal.Constants. */
static gboolean
constant (const char *name, double *x)
{
  static const struct { const char *name; double value; } table[] = {
    { "pi", G_PI }, { "e", G_E }, { "g_n", 9.80665 }, { "eps", DBL_EPSILON }, { "small", 1e-60 },
    { "inf", 1e60 }, { "D2R", G_PI / 180 }, { "R2D", 180 / G_PI }, { "G", 6.67430e-11 }, { "T_zero", -273.15 },
    { "c", 299792458 },
    /* Modelica.Electrical.Machines.Thermal.Constants: the eddy current
     * brakes' alpha20. */
    { "alpha20Zero", 0 }, { "alpha20Aluminium", 4.000e-3 }, { "alpha20Brass", 1.100e-3 }, { "alpha20Bronze", 0.800e-3 },
    { "alpha20Copper", 3.920e-3 },
  };
  const char *last = _sw_mo_last_part (name);
  gsize prefix = (gsize) (last - name);

  /* Modelica.Constants.g_n, Constants.g_n (import Modelica.Constants); pi
   * alone, as every MSL example writes it after importing it. */
  if (!(strcmp (name, "pi") == 0 || (prefix >= 10 && strncmp (last - 10, "Constants.", 10) == 0)))
    return FALSE;
  if (g_str_has_prefix (last, "alpha20") && !(prefix >= 18 && strncmp (last - 18, "Thermal.Constants.", 18) == 0))
    return FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (table); k++)
    if (strcmp (last, table[k].name) == 0)
      {
        *x = table[k].value;
        return TRUE;
      }
  return FALSE;
}

/* A literal of Modelica.Blocks.Types.Regularization (SignTorque's reg) as
 * Modelica's Integer() of it: Exp 1, Sine 2, Linear 3, CoSine 4. */
static gboolean
enumeration (const char *name, double *x)
{
  static const char *const regs[] = { "Exp", "Sine", "Linear", "CoSine" };
  const char *last = _sw_mo_last_part (name);

  if (!(last - name >= 15 && strncmp (last - 15, "Regularization.", 15) == 0))
    return FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (regs); k++)
    if (strcmp (last, regs[k]) == 0)
      {
        *x = k + 1;
        return TRUE;
      }
  return FALSE;
}

/* The full name an unqualified name stands for by the import clauses of
 * the class and the classes around it (import Modelica.Constants.g_n;
 * import g = Modelica.Constants.g_n; import Modelica.Constants.*), or
 * NULL. */
static char *
imported (Import *im, const char *name)
{
  gsize n = strlen (name);

  if (strchr (name, '.') != NULL)
    {
      /* import Modelica.Constants; then Constants.g_n. */
      g_autofree char *head = g_strndup (name, strcspn (name, "."));
      g_autofree char *full = imported (im, head);

      return full != NULL ? g_strconcat (full, name + strlen (head), NULL) : NULL;
    }
  for (Import *scope = im; scope != NULL; scope = scope->parent)
    for (guint k = 0; scope->klass->imports != NULL && k < scope->klass->imports->len; k++)
      {
        const char *clause = g_ptr_array_index (scope->klass->imports, k);

        if (strncmp (clause, name, n) == 0 && clause[n] == '=')
          return g_strdup (clause + n + 1);
        if (g_str_has_prefix (clause, "*=") && g_str_has_suffix (clause, ".Constants"))
          return g_strdup_printf ("%s.%s", clause + 2, name);
      }
  return NULL;
}

/* The element called name in the class, or NULL. */
static const MoElement *
element_named (Import *im, const char *name)
{
  for (guint k = 0; k < im->klass->elements->len; k++)
    {
      const MoElement *el = g_ptr_array_index (im->klass->elements, k);

      if (!el->parameter && g_strcmp0 (el->name, name) == 0 && strcmp (el->type, "extends") != 0)
        return el;
    }
  return NULL;
}

/* Another component's parameter (J = inertia1.J, f = 2 * sine.f): the
 * value its modification gives, else its kind's default. */
static gboolean
component_parameter (Import *im, const MoExpr *e, const MoElement *el, const char *param, Value *out)
{
  MoMod *m = _sw_mo_find (el->mods, param);
  const SwKind *kind;
  gboolean ok;
  int p;

  if (m != NULL && m->value != NULL)
    {
      /* A binding that leads back to itself (j(J = j.J)). */
      if (im->ref_depth >= 16)
        {
          _sw_mo_fail (im, e->line, e->column, _("%s refers to itself through other components' parameters"),
                       e->text);
          return FALSE;
        }
      im->ref_depth++;
      ok = _sw_mo_eval (im, m->value, out);
      im->ref_depth--;
      return ok;
    }
  kind = _sw_mo_kind_of (im, el->type);
  p = kind != NULL ? sw_kind_find_param (kind, param) : -1;
  if (p >= 0 && (kind->params[p].type == SW_PARAM_REAL || kind->params[p].type == SW_PARAM_BOOLEAN)
      && !isnan (kind->params[p].default_value))
    {
      out->kind = V_NUMBER;
      out->number = kind->params[p].default_value;
      return TRUE;
    }
  _sw_mo_fail (im, e->line, e->column,
               _("%s: %s does not give %s, and it has no default here; give it in %s's modification"), e->text,
               el->name, param, el->name);
  return FALSE;
}

/* How deep parameters used before their declaration may lead to others
 * (a = 2 b, b = c + 1, …): past it, they lead in a circle. */
#define MAX_PARAM_DEPTH 1000

/* The parameter declared as name in the class, or NULL. */
static const MoElement *
parameter_named (Import *im, const char *name)
{
  for (guint k = 0; k < im->klass->elements->len; k++)
    {
      const MoElement *el = g_ptr_array_index (im->klass->elements, k);

      if (el->parameter && g_strcmp0 (el->name, name) == 0)
        return el;
    }
  return NULL;
}

/* A parameter being evaluated where it is used, in the chain of those
 * that led to it. */
typedef struct _MoEvaluating {
  const MoElement      *decl;
  struct _MoEvaluating *next;
} MoEvaluating;

/* A parameter used before its declaration (valid Modelica: the order of
 * declarations does not matter), evaluated now and kept. */
static gboolean
declared_later (Import *im, const MoExpr *e, const MoElement *decl, Value *out)
{
  Value *v;
  gboolean ok;

  if (decl->value == NULL)
    {
      _sw_mo_fail (im, e->line, e->column, _("parameter %s has no value"), decl->name);
      return FALSE;
    }
  if (im->param_depth >= MAX_PARAM_DEPTH)
    {
      _sw_mo_fail (im, e->line, e->column,
                   _("%s: the parameters lead to each other in a circle (or more than %d deep)"), e->text,
                   MAX_PARAM_DEPTH);
      return FALSE;
    }
  for (const MoEvaluating *up = im->evaluating; up != NULL; up = up->next)
    if (up->decl == decl)
      {
        _sw_mo_fail (im, e->line, e->column, _("%s: the parameters lead to each other in a circle"), e->text);
        return FALSE;
      }
  v = g_new0 (Value, 1);
  im->param_depth++;
  {
    MoEvaluating here = { decl, im->evaluating };

    im->evaluating = &here;
    ok = _sw_mo_eval (im, decl->value, v);
    im->evaluating = here.next;
  }
  im->param_depth--;
  if (!ok)
    {
      _sw_mo_value_clear (v);
      g_free (v);
      return FALSE;
    }
  g_hash_table_insert (im->params, decl->name, v);
  *out = *v;
  out->text = g_strdup (v->text);
  out->cells = v->cells != NULL ? g_memdup2 (v->cells, v->rows * v->cols * sizeof (double)) : NULL;
  return TRUE;
}

/* A name that is not one of the model's parameters: a constant, imported
 * or written in full, or another component's parameter. */
static gboolean
other_name (Import *im, const MoExpr *e, Value *out)
{
  g_autofree char *full = imported (im, e->text);
  g_autofree char *head = g_strndup (e->text, strcspn (e->text, "."));
  const MoElement *el = strchr (e->text, '.') != NULL ? element_named (im, head) : NULL;

  out->kind = V_NUMBER;
  if (constant (full != NULL ? full : e->text, &out->number))
    return TRUE;
  if (enumeration (full != NULL ? full : e->text, &out->number))
    return TRUE;
  if (el != NULL && strchr (e->text + strlen (head) + 1, '.') == NULL)
    return component_parameter (im, e, el, e->text + strlen (head) + 1, out);
  _sw_mo_fail (im, e->line, e->column,
               _("unknown name %s: not a parameter of the model, a component's parameter or a constant of "
                 "Modelica.Constants"), e->text);
  return FALSE;
}

/* One subscript: an integer from 1 to n (Modelica counts from 1). */
static gboolean
subscript (Import *im, const MoExpr *e, const MoExpr *sub, guint n, guint *index)
{
  double x;

  if (!_sw_mo_eval_number (im, sub, &x))
    return FALSE;
  if (!(x >= 1 && x <= n && x == floor (x)))
    {
      _sw_mo_fail (im, sub->line, sub->column, _("%s: subscript %g is not valid; valid: an integer from 1 to %u"),
                   e->text, x, n);
      return FALSE;
    }
  *index = (guint) x - 1;
  return TRUE;
}

/* name[i] of a vector is its element i, of a matrix its row i; name[i, j]
 * the element of a matrix. */
static gboolean
element (Import *im, const MoExpr *e, Value *out)
{
  MoExpr whole = *e;
  Value v = { 0 };
  guint i, j;
  gboolean ok = FALSE;

  whole.kind = MO_NAME;
  whole.items = NULL;
  if (!_sw_mo_eval (im, &whole, &v))
    return FALSE;
  memset (out, 0, sizeof *out);
  if (v.kind != V_MATRIX)
    _sw_mo_fail (im, e->line, e->column, _("%s is not an array: it takes no subscript"), e->text);
  else if (e->items->len == 2)
    {
      if (v.rows == 1 && v.cols > 0)
        _sw_mo_fail (im, e->line, e->column, _("%s has one dimension (%u): give one subscript"), e->text, v.cols);
      else if (subscript (im, e, g_ptr_array_index (e->items, 0), v.rows, &i)
               && subscript (im, e, g_ptr_array_index (e->items, 1), v.cols, &j))
        {
          out->number = v.cells[i * v.cols + j];
          ok = TRUE;
        }
    }
  else if (v.rows == 1)
    {
      if (subscript (im, e, g_ptr_array_index (e->items, 0), v.cols, &j))
        {
          out->number = v.cells[j];
          ok = TRUE;
        }
    }
  else if (subscript (im, e, g_ptr_array_index (e->items, 0), v.rows, &i))
    {
      out->kind = V_MATRIX;
      out->rows = 1;
      out->cols = v.cols;
      out->cells = g_memdup2 (v.cells + i * v.cols, v.cols * sizeof (double));
      ok = TRUE;
    }
  _sw_mo_value_clear (&v);
  return ok;
}

/* How deep expressions may be evaluated one inside the other, through the
 * parameters they use (each expression nests at most MAX_DEPTH): past it,
 * the stack would run out (p = 1 + p + 1 + … in a circle, 200 deep each
 * time round). */
#define MAX_EVAL_DEPTH 2000

static gboolean eval_expr (Import *im, const MoExpr *e, Value *out);

gboolean
_sw_mo_eval (Import *im, const MoExpr *e, Value *out)
{
  gboolean ok;

  if (im->eval_depth >= MAX_EVAL_DEPTH)
    {
      memset (out, 0, sizeof *out);
      _sw_mo_fail (im, e->line, e->column,
                   _("the expression and the parameters it uses nest deeper than %d levels (do parameters lead to "
                     "each other in a circle?)"), MAX_EVAL_DEPTH);
      return FALSE;
    }
  im->eval_depth++;
  ok = eval_expr (im, e, out);
  im->eval_depth--;
  return ok;
}

static gboolean
eval_expr (Import *im, const MoExpr *e, Value *out)
{
  double a, b;

  memset (out, 0, sizeof *out);
  switch (e->kind)
    {
    case MO_NUMBER:
    case MO_BOOL:
      out->number = e->number;
      return TRUE;
    case MO_STRING:
      out->kind = V_STRING;
      out->text = g_strdup (e->text);
      return TRUE;
    case MO_NAME:
      {
        const Value *p = g_hash_table_lookup (im->params, e->text);

        /* A subsystem's parameter is set from outside: used whole, so
         * that the instance's value reaches where it points. */
        if (im->own_params != NULL && !im->allow_own && g_hash_table_contains (im->own_params, e->text))
          {
            _sw_mo_fail (im, e->line, e->column,
                  _("%s is a parameter of the model %s: it may only be given whole to a component's parameter "
                    "(J=%s), a start value or a Constant block's k, not used in an expression"),
                  e->text, im->klass->name, e->text);
            return FALSE;
          }
        if (p != NULL)
          {
            *out = *p;
            out->text = g_strdup (p->text);
            out->cells = p->cells != NULL ? g_memdup2 (p->cells, p->rows * p->cols * sizeof (double)) : NULL;
            return TRUE;
          }
        {
          const MoElement *decl = im->params != NULL ? parameter_named (im, e->text) : NULL;

          if (decl != NULL)
            return declared_later (im, e, decl, out);
        }
        return other_name (im, e, out);
      }
    case MO_UNARY:
      if (!_sw_mo_eval_number (im, e->a, &a))
        return FALSE;
      out->number = e->op == '-' ? -a : e->op == '!' ? !a : a;
      return TRUE;
    case MO_BINARY:
      if (!_sw_mo_eval_number (im, e->a, &a) || !_sw_mo_eval_number (im, e->b, &b))
        return FALSE;
      switch (e->op)
        {
        case '+': out->number = a + b; break;
        case '-': out->number = a - b; break;
        case '*': out->number = a * b; break;
        case '/':
          /* An error here, as in Modelica (and no infinity on to the rest). */
          if (b == 0)
            {
              _sw_mo_fail (im, e->line, e->column, _("division by zero"));
              return FALSE;
            }
          out->number = a / b;
          break;
        case '^': out->number = pow (a, b); break;
        case '<': out->number = a < b; break;
        case '>': out->number = a > b; break;
        case 'l': out->number = a <= b; break;
        case 'g': out->number = a >= b; break;
        case '=': out->number = a == b; break;
        case 'n': out->number = a != b; break;
        case '&': out->number = a != 0 && b != 0; break;
        default: out->number = a != 0 || b != 0; break;
        }
      if (!isfinite (out->number))
        {
          _sw_mo_fail (im, e->line, e->column, _("the expression is not finite"));
          return FALSE;
        }
      return TRUE;
    case MO_IF:
      if (!_sw_mo_eval_number (im, e->a, &a))
        return FALSE;
      return _sw_mo_eval (im, a != 0 ? e->b : e->c, out);
    case MO_CALL:
      return call (im, e, out);
    case MO_ARRAY:
    case MO_MATRIX:
      return matrix (im, e, out);
    case MO_INDEX:
      return element (im, e, out);
    }
  return FALSE;
}
