/* sw-modelica-custom.c: a custom coupling in Modelica, both ways, as a
 * component Shaftwork.Rotational.CustomCoupling freeWheel(tau = "w_rel*(
 * d_free*step(w_rel) + …)", d_free = 1e-05, d_lock = 1e+05): the formula
 * a string in the parameter's own name, every other modifier a named
 * constant of it (a number). The formula keeps its grammar (sw-expression.h),
 * so that it reads back to the same text and the same run; a Modelica tool
 * needs a package Shaftwork for it, as for the other kinds the MSL lacks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-import-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

gboolean
_sw_mo_kind_has_formula (const SwKind *kind)
{
  for (guint k = 0; k < kind->n_params; k++)
    if (kind->params[k].type == SW_PARAM_EXPRESSION)
      return TRUE;
  return FALSE;
}

void
_sw_mo_custom_coupling (Import *im, const MoElement *el, guint index)
{
  const SwKind *kind = sw_model_get_component (im->model, index)->kind;
  const SwParamDesc *formula = NULL;
  const MoMod *text_at = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autoptr (GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (SwExpression) law = NULL;
  GError *error = NULL;

  for (guint k = 0; k < kind->n_params; k++)
    if (kind->params[k].type == SW_PARAM_EXPRESSION)
      formula = &kind->params[k];
  g_assert (formula != NULL);
  for (guint k = 0; el->mods != NULL && k < el->mods->len; k++)
    {
      const MoMod *m = g_ptr_array_index (el->mods, k);
      Value v = { 0 };

      if (m->value == NULL || m->children != NULL)
        {
          _sw_mo_fail (im, m->line, m->column,
                       _("%s.%s: a custom coupling takes %s = \"formula\" and its constants as numbers (c = 1e4)"),
                       el->name, m->name, formula->name);
          return;
        }
      if (!_sw_mo_eval (im, m->value, &v))
        return;
      if (strcmp (m->name, formula->name) == 0 ? v.kind != V_STRING : v.kind != V_NUMBER)
        {
          _sw_mo_fail (im, m->line, m->column,
                       strcmp (m->name, formula->name) == 0
                         ? _("%s.%s: give the formula as a string (%s = \"c*phi_rel\")")
                         : _("%s.%s: a constant of the formula needs a number (%s = 1e4)"),
                       el->name, m->name, m->name);
          _sw_mo_value_clear (&v);
          return;
        }
      if (v.kind == V_STRING)
        {
          text_at = m;
          g_free (text);
          text = g_strdup (v.text);
        }
      else
        {
          g_ptr_array_add (names, m->name);
          g_array_append_val (values, v.number);
        }
      _sw_mo_value_clear (&v);
    }
  if (text_at == NULL)
    {
      _sw_mo_fail (im, el->line, el->column, _("%s (%s): give its formula, %s = \"…\""), el->name, el->type,
                   formula->name);
      return;
    }
  law = sw_expression_new (text, names->len, (const char *const *) names->pdata, (const double *) values->data);
  if (!sw_model_set_param_expression (im->model, index, formula->name, law, &error))
    {
      _sw_mo_fail (im, text_at->line, text_at->column, "%s", error->message);
      g_error_free (error);
    }
}

void
_sw_mo_custom_coupling_mods (GPtrArray          *mods,
                             const char         *name,
                             const SwExpression *law)
{
  GString *m = g_string_new (name);

  g_string_append_c (m, '=');
  _sw_mo_export_quoted (m, sw_expression_get_text (law));
  g_ptr_array_add (mods, g_string_free (m, FALSE));
  for (guint k = 0; k < sw_expression_get_n_constants (law); k++)
    {
      m = g_string_new (sw_expression_get_constant_name (law, k));
      g_string_append_c (m, '=');
      _sw_mo_export_number (m, sw_expression_get_constant_value (law, k));
      g_ptr_array_add (mods, g_string_free (m, FALSE));
    }
}
