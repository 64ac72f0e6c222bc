/* sw-equations-private.h: evaluating the reduced equations of a SwSystem.
 *
 * A SwEquations is the per-run workspace: the integrator, the outputs and
 * (later) the linearisation all go through sw_equations_eval(). It solves
 * the massless coordinates, the accelerations of the massive ones, and on
 * request the constraint reactions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gsl/gsl_permutation.h>
#include <gsl/gsl_vector.h>
#include "sw-system-private.h"

G_BEGIN_DECLS

typedef struct {
  const SwSystem *sys;
  /* Per coordinate. */
  double *q, *qd, *qdd;
  /* Per driver. */
  double *p, *pd, *pdd;
  /* Per node. */
  double *x, *v, *a, *f;
  double *ma;         /* M a over the nodes */
  double *Q;          /* per coordinate: generalized forces */
  double *lambda;     /* per row */
  double *q_guess;    /* algebraic coordinates: last solution */
  /* Signals take their left limit at t >= left_from (the end of the
   * current segment between events). */
  double  left_from;
  /* Scratch for the dense block solves. */
  gsl_matrix *jac;
  gsl_vector *vec, *vec2;
  gsl_permutation *perm;
  GError *error;      /* set when an evaluation fails */
  guint   n_evals;
} SwEquations;

SwEquations *sw_equations_new    (const SwSystem *sys);
void         sw_equations_free   (SwEquations    *eq);

/* Evaluates at state y and time t: fills q, qd, qdd (massless accelerations
 * are left 0), p, x, v, a, f; writes dy/dt when ydot is non-NULL. FALSE with
 * eq->error set when a massless block fails to solve. */
gboolean     sw_equations_eval   (SwEquations    *eq,
                                  double          t,
                                  const double   *y,
                                  double         *ydot);
/* After sw_equations_eval(): the velocities and accelerations of massless
 * coordinates (by differences along the motion) and the constraint
 * reactions, for output. */
gboolean     sw_equations_complete (SwEquations  *eq,
                                    double        t,
                                    const double *y,
                                    gboolean      left);
/* The state as the parts see it. */
void         sw_equations_get_state (SwEquations *eq,
                                     double       t,
                                     gboolean     left,
                                     SwState     *state);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwEquations, sw_equations_free)

G_END_DECLS
