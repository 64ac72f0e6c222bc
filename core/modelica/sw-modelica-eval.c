/* sw-modelica-eval.c: the expressions of an imported Modelica model
 * evaluated: numbers, booleans, strings, the model's parameters, pi,
 * arithmetic and comparisons, if-expressions, unit conversions and a few
 * functions, {arrays} and [matrices] as rows of numbers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-import-private.h"

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

static gboolean
call (Import *im, const MoExpr *e, Value *out)
{
  static const struct { const char *name; double scale; } conversions[] = {
    { "from_deg", G_PI / 180 }, { "to_deg", 180 / G_PI }, { "from_rpm", G_PI / 30 }, { "to_rpm", 30 / G_PI },
  };
  const char *f = _sw_mo_last_part (e->text);
  double x;

  if (e->items->len != 1 || e->named != NULL)
    {
      _sw_mo_fail (im, e->line, e->column, _("the function %s is not supported here"), e->text);
      return FALSE;
    }
  if (!_sw_mo_eval_number (im, g_ptr_array_index (e->items, 0), &x))
    return FALSE;
  out->kind = V_NUMBER;
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
            _("the function %s is not supported; valid: from_deg, to_deg, from_rpm, to_rpm, sin, cos, sqrt, exp, "
              "abs"), e->text);
      return FALSE;
    }
  return TRUE;
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

gboolean
_sw_mo_eval (Import *im, const MoExpr *e, Value *out)
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
        if (strcmp (_sw_mo_last_part (e->text), "pi") == 0)
          {
            out->number = G_PI;
            return TRUE;
          }
        _sw_mo_fail (im, e->line, e->column, _("unknown name %s: not a parameter of the model"), e->text);
        return FALSE;
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
        case '/': out->number = a / b; break;
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
    }
  return FALSE;
}
