/* sw-system-observed.c: a model's observed variables (sw-observed.h)
 * compiled and resolved against a system's parts, for the output rows
 * (sw-trajectory-derive.c evaluates them).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-system-private.h"
#include "sw-error.h"

#include <math.h>
#include <glib/gi18n-lib.h>

SwSystemObserved *
_sw_system_observed_ref (SwSystemObserved *observed)
{
  g_atomic_ref_count_inc (&observed->ref_count);
  return observed;
}

void
_sw_system_observed_unref (SwSystemObserved *observed)
{
  if (observed == NULL || !g_atomic_ref_count_dec (&observed->ref_count))
    return;
  for (guint k = 0; k < observed->n; k++)
    {
      g_free (observed->names[k]);
      _sw_observed_program_free (observed->programs[k]);
    }
  g_free (observed->names);
  g_free (observed->units);
  g_free (observed->programs);
  g_free (observed->first);
  g_free (observed->input_part);
  g_free (observed->input_var);
  g_free (observed);
}

gboolean
_sw_system_add_observed (SwSystem *sys, SwModel *model, GError **error)
{
  guint n;
  const SwObservedEntry *entries = sw_model_get_observed (model, &n);
  g_autoptr (GPtrArray) inputs = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) parts = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) vars = g_array_new (FALSE, FALSE, sizeof (guint));
  SwSystemObserved *o;

  if (n == 0)
    return TRUE;
  o = g_new0 (SwSystemObserved, 1);
  g_atomic_ref_count_init (&o->ref_count);
  o->names = g_new0 (char *, n);
  o->units = g_new0 (const char *, n);
  o->programs = g_new0 (SwObservedProgram *, n);
  o->first = g_new0 (guint, n + 1);
  sys->observed = o;
  for (guint k = 0; k < n; k++)
    {
      guint from = inputs->len;

      o->names[k] = g_strdup (entries[k].name);
      o->units[k] = g_intern_string (entries[k].unit != NULL ? entries[k].unit : "");
      o->programs[k] = _sw_observed_compile (entries[k].expression, inputs, NULL, error);
      o->n = k + 1;
      if (o->programs[k] == NULL)
        {
          g_prefix_error (error, _("observed “%s”: "), entries[k].name);
          return FALSE;
        }
      for (guint j = from; j < inputs->len; j++)
        {
          const char *name = g_ptr_array_index (inputs, j), *var;
          int part = _sw_system_find_variable_part (sys, name, &var);
          int v = part >= 0 ? _sw_part_find_variable (&sys->parts[part], var) : -1;

          if (v < 0)
            {
              g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                           _("observed “%s”: unknown variable “%s”; valid: a component's variable ID.VAR, or a "
                             "port's ID.PORT.phi, .tau, .w (translational .s, .f, .v)"),
                           entries[k].name, name);
              return FALSE;
            }
          g_array_append_val (parts, part);
          g_array_append_val (vars, v);
        }
      o->first[k + 1] = inputs->len;
      o->max_inputs = MAX (o->max_inputs, inputs->len - from);
    }
  o->input_part = g_memdup2 (parts->data, MAX (parts->len, 1) * sizeof (guint));
  o->input_var = g_memdup2 (vars->data, MAX (vars->len, 1) * sizeof (guint));
  return TRUE;
}

int
_sw_system_find_observed (const SwSystem *sys, const char *name)
{
  for (guint k = 0; sys->observed != NULL && k < sys->observed->n; k++)
    if (g_strcmp0 (sys->observed->names[k], name) == 0)
      return (int) k;
  return -1;
}

void
_sw_system_observed_not_finite (const SwSystem *sys, guint var, double value, double t, GError **error)
{
  g_set_error (error, SW_ERROR, SW_ERROR_NOT_FINITE,
               _("observed “%s” became %s at t = %.9g s; its formula divides by zero, overflows or "
                 "leaves a function's domain (sqrt, log, asin, acos) there: guard it, e.g. with max()"),
               sys->observed->names[var], isnan (value) ? _("NaN") : _("infinite"), t);
}
