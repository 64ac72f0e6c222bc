/* sw-tuning.h: a torsional vibration damper's parameters tuned to a mode.
 *
 * The damper (a rotational.tuned_absorber or rotational.viscous_damper) is
 * taken off (its coupling set to 0) and the modes of the rest computed; mode
 * k's mass-normalised shape x_h at the hub gives the inertia the mode
 * presents there, J_eff = 1 / x_h^2, and the mass ratio mu = J / J_eff. On
 * the mode as a one-inertia primary of natural frequency w_p (Den Hartog,
 * Mechanical Vibrations, chapter 3, with c_c = 2 J w_p):
 *   tuned absorber:   f = w_a / w_p = 1 / (1 + mu), c = J w_a^2,
 *                     zeta = sqrt (3 mu / (8 (1 + mu)^3)), d = 2 zeta J w_p;
 *   viscous damper:   zeta = 1 / sqrt (2 (1 + mu) (2 + mu)), d = 2 zeta J w_p.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-model.h"

G_BEGIN_DECLS

typedef struct {
  double omega_rad_s;        /* the mode's natural frequency without the damper, w_p */
  double effective_inertia;  /* J_eff at the hub, kg.m2 */
  double mass_ratio;         /* mu = J / J_eff */
  double c;                  /* N.m/rad: the absorber's stiffness (0 for a viscous damper) */
  double d;                  /* N.m.s/rad */
} SwTuning;

/* Den Hartog's optimum for an absorber of inertia J on a primary of
 * inertia J_eff and natural frequency w_p; the viscous damper's optimum
 * (c = 0) when absorber is FALSE. */
SwTuning  sw_tuning_optimum (gboolean absorber,
                             double   J,
                             double   effective_inertia,
                             double   omega_rad_s);

/* Tunes the damper with component id id for elastic mode mode (1: the
 * lowest natural frequency of the model without the damper) and sets its
 * c and d in model (one edit each); the numbers in *tuning. Errors name the
 * component and say what is valid (no such damper, no such mode, a hub that
 * the mode leaves still). */
gboolean  sw_tuning_apply   (SwModel    *model,
                             const char *id,
                             guint       mode,
                             SwTuning   *tuning,
                             GError    **error);

G_END_DECLS
