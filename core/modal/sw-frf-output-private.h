/* sw-frf-output-private.h: what a frequency response and a forced response
 * (sw-forced.c) share: an output variable's gains over the motion (its
 * amplitude at w is sum (gx - w^2 ga + i (w gv - w^3 gj)) X over its nodes),
 * the dense reference solve and the lossy gears' terms.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <complex.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_permutation.h>
#include "sw-linear-private.h"

G_BEGIN_DECLS

/* dy/dx, dy/dv, dy/da and dy/djerk of variable var of part p over its
 * distinct port nodes (nodes[], *n of them, at most SW_KIND_MAX_PORTS), by
 * central differences at the operating point. FALSE (and why) for a
 * reaction of an ideal constraint, which does not follow from the motion. */
gboolean       _sw_frf_output_gradient (SwLinear     *lin,
                                        const SwPart *p,
                                        guint         var,
                                        guint        *nodes,
                                        guint        *n,
                                        double       *gx,
                                        double       *gv,
                                        double       *ga,
                                        double       *gj,
                                        GError      **error);
/* (K - w^2 M + i w D) Q = F by a dense complex LU (A: n x n workspace);
 * FALSE where the matrix is singular. */
gboolean       _sw_frf_dense_solve     (const SwLinear           *lin,
                                        double                    w,
                                        gsl_matrix_complex       *A,
                                        gsl_permutation          *perm,
                                        const gsl_vector_complex *F,
                                        double complex           *Q);
/* The lossy gears' terms added into the dense K, D and M (the equations
 * with their efficiencies: not symmetric). */
void           _sw_frf_add_losses      (SwLinear     *lin);

G_END_DECLS
