/* sw-jacobian-private.h: where the Jacobian of the reduced equations is
 * nonzero, an order of the states that makes it banded, and the model's
 * fastest rate.
 *
 * The states are y = [q_massive, q'_massive, q_first_order] (system order).
 * A coordinate's derivatives depend on the coordinates that share a force
 * element with it, a massive block (M^-1 couples the whole block) or a
 * massless block (solving it couples everything around it). Ordering the
 * coordinates by reverse Cuthill-McKee and keeping each one's position and
 * velocity next to each other gives a band of a few states for chains and
 * trees, so a Jacobian costs lower + upper + 1 evaluations by grouped
 * columns and a factorisation O(n band^2): linear in a chain's length.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-equations-private.h"

G_BEGIN_DECLS

typedef struct {
  guint    n;            /* states */
  guint   *order;        /* order[i]: the system state at position i */
  guint    lower, upper; /* half bandwidths in that order */
  gboolean dense;        /* the band is too wide to pay: a dense matrix */
} SwJacobianPattern;

SwJacobianPattern *_sw_jacobian_pattern_new  (const SwSystem *sys);
void               _sw_jacobian_pattern_free (SwJacobianPattern *pattern);

/* The fastest decaying rate of the equations linearised at (t, y), in
 * 1/s: the largest row sum (Gershgorin) of |M^-1 D| over massive
 * coordinates and of first-order ones' rows, from a Jacobian by
 * grouped differences (lower + upper + 2 evaluations). 0 when an evaluation
 * fails or the band is too wide to afford. */
double             _sw_jacobian_fastest_rate (const SwJacobianPattern *pattern,
                                              SwEquations             *eq,
                                              double                   t,
                                              const double            *y);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwJacobianPattern, _sw_jacobian_pattern_free)

G_END_DECLS
