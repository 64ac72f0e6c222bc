/* sw-linear-private.h: the equations linearised at an operating point.
 *
 * K and D are the tangent stiffness and damping over all independent
 * coordinates (K = -dQ/dq, D = -dQ/dq'), by central differences of the
 * element forces, one coordinate at a time and only over the elements that
 * coordinate touches (linear work for a chain). M is T^T M T over the
 * massive coordinates. Modal analysis and frequency responses start here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gsl/gsl_matrix.h>
#include "sw-system-private.h"

G_BEGIN_DECLS

typedef struct {
  const SwSystem *sys;
  double      t;
  guint       n;          /* coordinates */
  gsl_matrix *K, *D;      /* n x n */
  gsl_matrix *M;          /* n x n, zero outside the massive coordinates */
  double     *q, *qd;     /* the operating point */
  double     *x;          /* node coordinates at the operating point */
  double     *v;          /* node velocities at the operating point */
} SwLinear;

SwLinear *sw_linear_new  (const SwSystem *sys, double t, const double *y, GError **error);
void      sw_linear_free (SwLinear *lin);

/* The tangent stiffness of one element over its distinct port nodes:
 * nodes[] receives them (at most SW_KIND_MAX_PORTS), ke the n x n matrix
 * -df/dx, row-major. Returns n. */
guint     sw_linear_element_stiffness (SwLinear *lin, const SwPart *part, guint *nodes, double *ke);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwLinear, sw_linear_free)

G_END_DECLS
