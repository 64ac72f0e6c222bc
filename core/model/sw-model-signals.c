/* sw-model-signals.c: a model's shared signals, named once in its
 * "signals" and referred to by that name from any SIGNAL parameter (one
 * sine driving three sources). A component keeps the name
 * (SwComponent.signal_ref) and the signal itself, so that assembly and
 * the inspector need nothing else; the file keeps the name.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-private.h"

#include <string.h>

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
