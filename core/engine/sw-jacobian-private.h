/* sw-jacobian-private.h: where the Jacobian of the reduced equations is
 * nonzero, an order of the states that makes it banded, the Jacobian
 * itself from the elements' tangents, and the model's fastest rate.
 *
 * The states are y = [q_massive, q'_massive, q_first_order, drivers]
 * (system order). A coordinate's derivatives depend on the coordinates that
 * share a force element with it, a massive block (M^-1 couples the whole
 * block) or a massless block (solving it couples everything around it).
 * Ordering the coordinates by reverse Cuthill-McKee and keeping each one's
 * position and velocity next to each other gives a band of a few states
 * for chains and trees (3 below and 2 above the diagonal for a chain: a
 * position's row reads only its own velocity), and a factorisation
 * O(n band^2): linear in a chain's length.
 *
 * The Jacobian (SwJacobian) is assembled column by column from the parts:
 *   q' = v                        ones;
 *   v' = M^-1 Q                   flat linear elements (springs, dampers
 *                                 whose ends follow one coordinate each)
 *                                 give their tangent stiffness c and
 *                                 damping d exactly; called force parts
 *                                 (nonlinear kinds, ends on gears or
 *                                 drivers) by central differences of their
 *                                 own forces, over the columns they read;
 *                                 M^-1 is 1/m or the massive block's band
 *                                 factor;
 *   massless blocks               their solution depends on every state
 *                                 around them: the columns they read come
 *                                 from grouped differences of the whole
 *                                 right-hand side (at most lower + upper
 *                                 + 1 evaluations, none without massless
 *                                 blocks).
 * Work and memory are linear in a chain's length; nothing is allocated per
 * Jacobian.
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

/* Where a Jacobian is written: entry (r, c) (positions, see in_order) is
 * data[c * col_stride + r + offset]. A SUNDIALS band matrix with storage
 * upper bandwidth smu and leading dimension ldim: col_stride ldim - 1,
 * offset smu; a dense (column-major n x n) one: n and 0. */
typedef struct {
  double  *data;
  gsize    col_stride;
  gsize    offset;
  gboolean in_order;     /* positions in the pattern's order, else system states */
} SwJacobianMatrix;

typedef struct _SwJacobian SwJacobian;

/* The workspace for the system's Jacobians in that pattern (kept by
 * reference: it must outlive the SwJacobian). */
SwJacobian        *_sw_jacobian_new  (const SwSystem          *sys,
                                      const SwJacobianPattern *pattern);
void               _sw_jacobian_free (SwJacobian *jac);
/* Adds df/dy at (t, y) (system order) into out, which the caller has
 * zeroed; every entry written lies in the pattern's band. FALSE with
 * eq->error set when an evaluation fails. No allocation. */
gboolean           _sw_jacobian_eval (SwJacobian             *jac,
                                      SwEquations            *eq,
                                      double                  t,
                                      const double           *y,
                                      const SwJacobianMatrix *out);
/* Evaluations of the whole right-hand side the Jacobians have taken
 * (the columns of massless blocks, and one at (t, y) when a part is
 * differenced). */
guint64            _sw_jacobian_get_n_evals (const SwJacobian *jac);
/* The fastest decaying rate of the equations linearised at (t, y), in
 * 1/s: the largest row sum (Gershgorin) of |M^-1 D| over massive
 * coordinates and of first-order ones' rows, from the Jacobian above. 0
 * when an evaluation fails or the band is too wide to afford. */
double             _sw_jacobian_fastest_rate (const SwJacobianPattern *pattern,
                                              SwEquations             *eq,
                                              double                   t,
                                              const double            *y);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwJacobianPattern, _sw_jacobian_pattern_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwJacobian, _sw_jacobian_free)

G_END_DECLS
