/* sw-linear-friction.h: the friction state a linear analysis (modes,
 * frequency response, Campbell diagram) linearises in.
 *
 * A linear analysis takes every friction element in one discrete state: a
 * stuck clutch, brake, bearing friction, one-way clutch or lossy gear is a
 * rigid joint (a lock row, as a run locks it), a sliding one contributes
 * the slope of its friction law (0 for Coulomb friction, plus any viscous
 * part), a free one (no normal force) nothing, and a rolling lossy gear its
 * efficiency in its present direction of power flow.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  /* As at the operating point: the modes a run starting there settles in. */
  SW_LINEAR_FRICTION_OPERATING,
  /* Every clutch, brake, bearing friction and one-way clutch stuck (locked
   * where it is at the operating point). */
  SW_LINEAR_FRICTION_LOCKED,
  /* Every one released: sliding where it has a normal force (the slope of
   * its law at the operating point's relative speed, 0 for Coulomb), free
   * where it has none. */
  SW_LINEAR_FRICTION_OPEN,
  /* A driveline in gear: every friction element between two shafts (a
   * clutch, a one-way clutch) stuck, every one to the housing (a brake,
   * bearing friction, a latch) released as in open. */
  SW_LINEAR_FRICTION_ENGAGED,
} SwLinearFriction;

#define SW_LINEAR_FRICTION_LAST SW_LINEAR_FRICTION_ENGAGED

/* Lossy gears are gears, not clutches: they keep the state of the operating
 * point (rolling with their efficiency, or stuck) as the operating point has
 * it; locked, open and engaged let one at rest there roll, without losses (it has
 * no direction of power flow), with a note. */

/* "operating", "locked", "open", "engaged" (the CLI's --friction, the window's
 * choice): FALSE for any other text. */
gboolean    sw_linear_friction_from_string (const char       *text,
                                            SwLinearFriction *friction);
const char *sw_linear_friction_to_string   (SwLinearFriction  friction);

G_END_DECLS
