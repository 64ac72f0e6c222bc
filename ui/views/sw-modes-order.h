/* sw-modes-order.h: the bodies and sections of an SwModes in drivetrain
 * order, following the connections through every part of its system.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-modes.h"

G_BEGIN_DECLS

/* body_order (n_bodies long) and section_order (n_sections long), either
 * NULL, get every body and section index once, in the order of a walk
 * along the drivetrain: from the end of its longest chain nearer its drive
 * (else the one first in the file), side branches where they leave it. */
void sw_modes_get_connected_order (const SwModes *modes,
                                   guint         *body_order,
                                   guint         *section_order);

G_END_DECLS
