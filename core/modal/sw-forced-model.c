/* sw-forced-model.c: a model's "excitation" entries as harmonic torques by
 * body and order (sw_forced_excitations_from_model, sw-forced.h).
 *
 * A cylinder firing at crank angle theta_c gives the order o the torque
 * A cos (o (theta - theta_c) + phase) = A cos (o theta + phase - o theta_c):
 * each cylinder's harmonic is the entry's with its phase less o theta_c.
 * On one crank the cylinders' phasors add: sum_c e^{-i o theta_c}, for an
 * inline engine of n cylinders firing at equal intervals 720 / n degrees
 * (four strokes) n where o is a multiple of n / 2 (the major orders), 0
 * elsewhere.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-forced.h"

#include <complex.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include "sw-engine-harmonics.h"
#include "sw-error.h"

/* An engine's harmonics below this fraction of its largest are left out
 * (a four-stroke engine's inertia has no half orders: they come out at
 * rounding's level). */
#define NEGLIGIBLE 1e-9

static void
add (GArray *out, const SwExcitationEntry *e, const char *part, double order, double amplitude, double phase_deg,
     const SwExcitationOrder *table, double amplitude_w2)
{
  SwForcedExcitation x = {
    .part = part, .order = order, .amplitude = amplitude, .phase_deg = phase_deg,
    .load_rpm = e->load_rpm, .load_nm = e->load_nm, .n_load = e->n_load, .mean_torque_nm = e->mean_torque_nm,
    .amplitude_w2 = amplitude_w2,
  };

  if (table != NULL && table->table != SW_EXCITATION_CONSTANT)
    {
      x.against = table->table == SW_EXCITATION_AGAINST_SPEED ? SW_FORCED_AGAINST_SPEED
                                                              : SW_FORCED_AGAINST_MEAN_TORQUE;
      x.table_x = table->x;
      x.table_y = table->y;
      x.n_table = table->n;
    }
  g_array_append_val (out, x);
}

static double
param (const SwComponent *c, const char *name)
{
  int p = sw_kind_find_param (c->kind, name);

  g_assert (p >= 0);
  return c->param[p];
}

/* The engine's own harmonics, per cylinder. */
static gboolean
add_engine (GArray *out, SwModel *model, const SwExcitationEntry *e, GError **error)
{
  int index = sw_model_find_component (model, e->engine);
  const SwComponent *c = index >= 0 ? sw_model_get_component (model, index) : NULL;
  SwEngineGeometry g;
  guint n_max, n;
  g_autofree double *orders = NULL;
  g_autofree double complex *gas = NULL, *inertia = NULL;
  double gas_top = 0, inertia_top = 0;

  if (c == NULL || strcmp (c->kind->name, "rotational.engine") != 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("excitation (line %u): engine “%s” is not a rotational.engine of the model"), e->line, e->engine);
      return FALSE;
    }
  if ((guint) param (c, "cylinders") != e->n_cylinders)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("excitation (line %u): engine “%s” has %g cylinders, the excitation %u; valid: give one crank "
                     "per cylinder"),
                   e->line, e->engine, param (c, "cylinders"), e->n_cylinders);
      return FALSE;
    }
  g = (SwEngineGeometry) {
    .bore_m = param (c, "bore"), .crank_radius_m = param (c, "crank_radius"),
    .conrod_length_m = param (c, "conrod_length"), .reciprocating_mass_kg = param (c, "m_rec"),
    .strokes = (guint) param (c, "strokes"),
    .pressure = e->gas && e->n_orders == 0 ? c->table[sw_kind_find_param (c->kind, "cylinder_pressure")] : NULL,
  };
  if (!(g.conrod_length_m > g.crank_radius_m))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("excitation (line %u): engine “%s”: conrod_length %g m; valid: above crank_radius %g m"), e->line,
                   e->engine, g.conrod_length_m, g.crank_radius_m);
      return FALSE;
    }
  n_max = (guint) floor (param (c, "max_order") * g.strokes / 2 + 1e-9) + 1;
  orders = g_new (double, n_max);
  gas = g_new (double complex, n_max);
  inertia = g_new (double complex, n_max);
  n = sw_engine_harmonics (&g, param (c, "max_order"), orders, gas, inertia);
  for (guint k = 0; k < n; k++)
    {
      gas_top = MAX (gas_top, cabs (gas[k]));
      inertia_top = MAX (inertia_top, cabs (inertia[k]));
    }
  for (guint cyl = 0; cyl < e->n_cylinders; cyl++)
    {
      const char *part = e->cranks != NULL ? e->cranks[cyl] : e->engine;

      for (guint k = 0; k < n; k++)
        {
          double shift = orders[k] * e->firing_deg[cyl];

          if (g.pressure != NULL && cabs (gas[k]) > NEGLIGIBLE * gas_top)
            add (out, e, part, orders[k], cabs (gas[k]), carg (gas[k]) * 180 / G_PI - shift, NULL, 0);
          if (e->inertia && cabs (inertia[k]) > NEGLIGIBLE * inertia_top)
            add (out, e, part, orders[k], 0, carg (inertia[k]) * 180 / G_PI - shift, NULL, cabs (inertia[k]));
        }
      /* The user's gas harmonics ("orders") instead of the pressure's. */
      for (guint k = 0; k < e->n_orders && e->gas; k++)
        {
          const SwExcitationOrder *o = &e->orders[k];

          add (out, e, part, o->order, o->amplitude, o->phase_deg - o->order * e->firing_deg[cyl], o, 0);
        }
    }
  return TRUE;
}

GArray *
sw_forced_excitations_from_model (SwModel *model, GError **error)
{
  g_autoptr (GArray) out = g_array_new (FALSE, TRUE, sizeof (SwForcedExcitation));
  const SwExcitationEntry *entries;
  guint n;

  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  entries = sw_model_get_excitation (model, &n);
  for (guint i = 0; i < n; i++)
    {
      const SwExcitationEntry *e = &entries[i];

      if (e->engine != NULL)
        {
          if (!add_engine (out, model, e, error))
            return NULL;
          continue;
        }
      for (guint k = 0; k < e->n_orders; k++)
        {
          const SwExcitationOrder *o = &e->orders[k];

          if (e->at != NULL)
            add (out, e, e->at, o->order, o->amplitude, o->phase_deg, o, 0);
          for (guint cyl = 0; e->at == NULL && cyl < e->n_cylinders; cyl++)
            add (out, e, e->cranks[cyl], o->order, o->amplitude, o->phase_deg - o->order * e->firing_deg[cyl], o, 0);
        }
    }
  return g_steal_pointer (&out);
}
