/* sw-test-chain.h: an undamped chain of equal inertias and springs driven
 * by a torque step on the first, and its exact solution from the modes
 * (LAPACK's dstevr on the tridiagonal K / J), for the accuracy tests and
 * bench-accuracy.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include "sw-trajectory.h"

G_BEGIN_DECLS

typedef struct {
  guint   n;
  double  J, c, tau;
  double *omega2;   /* the eigenvalues of K / J (n) */
  double *v;        /* the orthonormal modes, mode k in v[k n ... k n + n) */
} SwTestChain;

/* The chain's modes; NULL with an error when LAPACK cannot be loaded. */
SwTestChain *sw_test_chain_new  (guint n, double J, double c, double tau, GError **error);
void         sw_test_chain_free (SwTestChain *chain);
/* The model: inertias J0 … J(n-1) at rest, springs S0 …, a constant torque
 * tau on J0 from t = 0; its simulation settings stop, interval and the
 * default tolerance. */
char        *sw_test_chain_json (const SwTestChain *chain, double stop_s, double interval_s);
/* The exact angles and speeds at t (n each). */
void         sw_test_chain_exact (const SwTestChain *chain, double t, double *phi, double *w);

/* A run's worst errors against the exact solution over its rows (the
 * trajectory records J<i>.phi and J<i>.w): each signal's largest error over
 * its exact range (max - min) in *phi_rel and *w_rel (the worst signal of
 * each; a signal whose range is below SW_TEST_CHAIN_MOVED of the largest
 * of its kind has not moved yet: the wave has not reached it), and the
 * speeds' largest error over the largest speed in *w_of_max. */
#define SW_TEST_CHAIN_MOVED 1e-6
void         sw_test_chain_errors (const SwTestChain *chain,
                                   SwTrajectory      *tr,
                                   double            *phi_rel,
                                   double            *w_rel,
                                   double            *w_of_max);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwTestChain, sw_test_chain_free)

G_END_DECLS
