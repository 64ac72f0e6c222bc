/* sw-forced-view-excitation.c: the model's excitation as SwForcedView
 * keeps it: a copy of the harmonic torques with their ids and tables,
 * shared by reference with the jobs that read it in a worker.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-forced-view-private.h"

#include <string.h>

SwForcedModelExcitation *
_sw_forced_model_excitation_ref (SwForcedModelExcitation *m)
{
  g_atomic_ref_count_inc (&m->ref);
  return m;
}

void
_sw_forced_model_excitation_unref (SwForcedModelExcitation *m)
{
  if (m == NULL || !g_atomic_ref_count_dec (&m->ref))
    return;
  g_array_unref (m->ex);
  g_ptr_array_unref (m->owned);
  g_free (m);
}

static const double *
own_doubles (GPtrArray *owned, const double *v, guint n)
{
  double *copy = n > 0 && v != NULL ? g_memdup2 (v, n * sizeof (double)) : NULL;

  if (copy != NULL)
    g_ptr_array_add (owned, copy);
  return copy;
}

SwForcedModelExcitation *
_sw_forced_model_excitation_new (const SwForcedExcitation *ex, guint n)
{
  SwForcedModelExcitation *m = g_new0 (SwForcedModelExcitation, 1);

  g_atomic_ref_count_init (&m->ref);
  m->ex = g_array_new (FALSE, TRUE, sizeof (SwForcedExcitation));
  m->owned = g_ptr_array_new_with_free_func (g_free);
  for (guint k = 0; k < n; k++)
    {
      SwForcedExcitation e = ex[k];
      char *part = g_strdup (e.part);

      g_ptr_array_add (m->owned, part);
      e.part = part;
      e.table_x = own_doubles (m->owned, e.table_x, e.n_table);
      e.table_y = own_doubles (m->owned, e.table_y, e.n_table);
      e.load_rpm = own_doubles (m->owned, e.load_rpm, e.n_load);
      e.load_nm = own_doubles (m->owned, e.load_nm, e.n_load);
      g_array_append_val (m->ex, e);
    }
  return m;
}

static gboolean
same_doubles (const double *a, const double *b, guint n)
{
  return n == 0 || memcmp (a, b, n * sizeof (double)) == 0;
}

gboolean
_sw_forced_model_excitation_same (const SwForcedModelExcitation *m, const SwForcedExcitation *ex, guint n)
{
  guint had = m != NULL ? m->ex->len : 0;

  if (had != n)
    return FALSE;
  for (guint k = 0; k < n; k++)
    {
      const SwForcedExcitation *a = &g_array_index (m->ex, SwForcedExcitation, k), *b = &ex[k];

      if (g_strcmp0 (a->part, b->part) != 0 || a->order != b->order || a->amplitude != b->amplitude
          || a->phase_deg != b->phase_deg || a->against != b->against || a->n_table != b->n_table
          || a->n_load != b->n_load || a->mean_torque_nm != b->mean_torque_nm || a->amplitude_w2 != b->amplitude_w2
          || !same_doubles (a->table_x, b->table_x, a->n_table) || !same_doubles (a->table_y, b->table_y, a->n_table)
          || !same_doubles (a->load_rpm, b->load_rpm, a->n_load) || !same_doubles (a->load_nm, b->load_nm, a->n_load))
        return FALSE;
    }
  return TRUE;
}
