/* sw-tuning.c: dampers tuned to a mode (sw-tuning.h).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-tuning.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include "sw-error.h"
#include "sw-modes-private.h"
#include "sw-system-private.h"

SwTuning
sw_tuning_optimum (gboolean absorber, double J, double J_eff, double w_p)
{
  double mu = J / J_eff;
  SwTuning t = { .omega_rad_s = w_p, .effective_inertia = J_eff, .mass_ratio = mu };

  if (absorber)
    {
      double w_a = w_p / (1 + mu);

      t.c = J * w_a * w_a;
      t.d = 2 * J * w_p * sqrt (3 * mu / (8 * pow (1 + mu, 3)));
    }
  else
    t.d = 2 * J * w_p / sqrt (2 * (1 + mu) * (2 + mu));
  return t;
}

/* The mass-normalised shape of mode i at node (x = T q). */
static double
shape_at (const SwModes *modes, guint i, guint node)
{
  const SwSystem *sys = sw_modes_get_system (modes);
  const double *q = _sw_modes_get_coord_shape (modes, i);
  double x = 0;

  for (guint t = sys->t_start[node]; t < sys->t_start[node + 1]; t++)
    x += sys->t_terms[t].coeff * q[sys->t_terms[t].index];
  return x;
}

gboolean
sw_tuning_apply (SwModel *model, const char *id, guint mode, SwTuning *tuning, GError **error)
{
  int index;
  const SwComponent *comp;
  gboolean absorber;
  gsize len = 0;
  g_autofree char *data = NULL;
  g_autoptr (SwModel) bare = NULL;
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwModes) modes = NULL;
  const SwPart *part = NULL;
  guint elastic = 0;
  int found = -1;
  double x = 0, J;

  g_return_val_if_fail (SW_IS_MODEL (model) && id != NULL && tuning != NULL, FALSE);
  index = sw_model_find_component (model, id);
  comp = index >= 0 ? sw_model_get_component (model, (guint) index) : NULL;
  absorber = comp != NULL && strcmp (comp->kind->name, "rotational.tuned_absorber") == 0;
  if (comp == NULL || (!absorber && strcmp (comp->kind->name, "rotational.viscous_damper") != 0))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   comp == NULL ? _("cannot tune “%s”: there is no such component; give a rotational.tuned_absorber "
                                    "or rotational.viscous_damper")
                                : _("cannot tune “%s”: it is not a damper; give a rotational.tuned_absorber or "
                                    "rotational.viscous_damper"),
                   id);
      return FALSE;
    }
  /* The model without the damper's coupling: the rest's modes, the
   * damper's inertia a free body of its own. */
  data = sw_model_to_data (model, &len);
  if (!(bare = sw_model_new_from_data (data, (gssize) len, sw_model_get_display_name (model), error))
      || !sw_model_set_param (bare, (guint) index, "d", 0, error)
      || (absorber && !sw_model_set_param (bare, (guint) index, "c", 0, error))
      || !(sys = sw_model_assemble (bare, error)) || !(modes = sw_modes_compute (sys, 0, NULL, error)))
    return FALSE;
  for (guint i = 0; i < sys->n_parts; i++)
    if (strcmp (sys->parts[i].id, id) == 0)
      part = &sys->parts[i];
  g_assert (part != NULL);
  J = part->param[sw_kind_find_param (part->kind, "J")];
  for (guint i = 0; i < sw_modes_get_n_modes (modes) && found < 0; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);

      if (!m->rigid_body && !m->unstable && m->omega_rad_s > 0 && ++elastic == mode)
        found = (int) i;
    }
  if (found < 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("cannot tune “%s” to mode %u: the model without it has %u elastic modes; valid: 1 … %u"), id,
                   mode, elastic, elastic);
      return FALSE;
    }
  x = shape_at (modes, (guint) found, part->node[0]);
  if (!(fabs (x) > 1e-12))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("cannot tune “%s” to mode %u: the hub does not move in that mode (a node of its shape); fit the "
                     "damper where the mode moves"),
                   id, mode);
      return FALSE;
    }
  *tuning = sw_tuning_optimum (absorber, J, 1 / (x * x), sw_modes_get_mode (modes, (guint) found)->omega_rad_s);
  return (!absorber || sw_model_set_param (model, (guint) index, "c", tuning->c, error))
         && sw_model_set_param (model, (guint) index, "d", tuning->d, error);
}
