/* sw-modes-private.h: what other core analyses need of SwModes.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-modes.h"

G_BEGIN_DECLS

/* The mass-normalised shape of mode index over every independent
 * coordinate of the system (sw-system-private.h). */
const double *_sw_modes_get_coord_shape (const SwModes *modes, guint index);

G_END_DECLS
