/* sw-model-signals.c: a model's shared signals, named once in its
 * "signals" and referred to by that name from any SIGNAL parameter (one
 * sine driving three sources). A component keeps the name
 * (SwComponent.signal_ref) and the signal itself, so that assembly and
 * the inspector need nothing else; the file keeps the name.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

guint
sw_model_get_n_shared_signals (SwModel *model)
{
  g_return_val_if_fail (SW_IS_MODEL (model), 0);
  return model->shared_names->len;
}

const char *
sw_model_get_shared_signal_name (SwModel *model,
                                 guint    index)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (index < model->shared_names->len, NULL);
  return g_ptr_array_index (model->shared_names, index);
}

SwSignal *
sw_model_get_shared_signal (SwModel *model,
                            guint    index)
{
  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (index < model->shared_signals->len, NULL);
  return g_ptr_array_index (model->shared_signals, index);
}

int
sw_model_find_shared_signal (SwModel    *model,
                             const char *name)
{
  g_return_val_if_fail (SW_IS_MODEL (model), -1);
  for (guint i = 0; name != NULL && i < model->shared_names->len; i++)
    if (strcmp (g_ptr_array_index (model->shared_names, i), name) == 0)
      return (int) i;
  return -1;
}

void
_sw_model_add_shared_signal (SwModel    *self,
                             const char *name,
                             SwSignal   *signal)
{
  g_return_if_fail (sw_model_find_shared_signal (self, name) < 0);
  g_ptr_array_add (self->shared_names, g_strdup (name));
  g_ptr_array_add (self->shared_signals, sw_signal_ref (signal));
}

/* Each parameter that names the shared signal index takes signal as a
 * signal of its own would be taken (sw_model_set_param_signal): a constant
 * in the parameter's range, the kind's checks on the component. */
static gboolean
check_shared_users (SwModel *self, const char *name, SwSignal *signal, GError **error)
{
  double value = _sw_signal_param_value (signal);

  for (guint i = 0; i < self->components->len; i++)
    {
      const SwComponent *c = &g_array_index (self->components, SwComponent, i);

      for (guint p = 0; p < c->kind->n_params; p++)
        if (c->signal_ref[p] != NULL && strcmp (c->signal_ref[p], name) == 0)
          {
            g_autofree char *who = _sw_component_label (c->id);
            double params[SW_KIND_MAX_PARAMS];

            memcpy (params, c->param, c->kind->n_params * sizeof (double));
            params[p] = value;
            if ((sw_signal_is_constant (signal) && !_sw_check_param (who, c->kind, p, value, error))
                || !_sw_validate_params (who, c->kind, params, error))
              {
                g_prefix_error (error, _("shared signal “%s”: "), name);
                return FALSE;
              }
          }
    }
  return TRUE;
}

gboolean
sw_model_set_shared_signal (SwModel   *model,
                            guint      index,
                            SwSignal  *signal,
                            GError   **error)
{
  const char *name;
  double value;

  g_return_val_if_fail (SW_IS_MODEL (model), FALSE);
  g_return_val_if_fail (index < model->shared_signals->len, FALSE);
  g_return_val_if_fail (signal != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  name = g_ptr_array_index (model->shared_names, index);
  if (!check_shared_users (model, name, signal, error))
    return FALSE;
  value = _sw_signal_param_value (signal);
  sw_signal_ref (signal);
  sw_signal_unref (g_ptr_array_index (model->shared_signals, index));
  model->shared_signals->pdata[index] = signal;
  for (guint i = 0; i < model->components->len; i++)
    {
      SwComponent *c = &g_array_index (model->components, SwComponent, i);

      for (guint p = 0; p < c->kind->n_params; p++)
        if (c->signal_ref[p] != NULL && strcmp (c->signal_ref[p], name) == 0)
          {
            g_clear_pointer (&c->signal[p], sw_signal_unref);
            c->signal[p] = sw_signal_ref (signal);
            c->param[p] = value;
            c->given[p] = TRUE;
          }
    }
  _sw_model_emit_changed (model);
  return TRUE;
}
