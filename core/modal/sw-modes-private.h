/* sw-modes-private.h: what other core analyses need of SwModes.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-modes.h"
#include "sw-linear-private.h"

G_BEGIN_DECLS

/* The mass-normalised shape of mode index over every independent
 * coordinate of the system (sw-system-private.h). */
const double *_sw_modes_get_coord_shape (const SwModes *modes, guint index);

/* Seconds spent in each part of _sw_modes_compute_timed(). */
typedef struct {
  double linearise_s;
  double eigen_s;
  double energies_s;
  double damped_s;
} SwModesTiming;

/* sw_modes_compute() that also reports where the time went (benchmarks). */
SwModes *_sw_modes_compute_timed (const SwSystem *system, double t, const double *state,
                                  const SwModesOptions *options, SwModesTiming *timing, GError **error);

/* The modes in a friction configuration (sw-linear-private.h), at state
 * (its order; NULL: the configuration's own). */
SwModes *_sw_modes_compute_in_config (const SwLinearConfig *config, double t, const double *state,
                                      const SwModesOptions *options, SwModesTiming *timing, GError **error);

G_END_DECLS
