/* sw-equations-private.h: evaluating the reduced equations of a SwSystem.
 *
 * A SwEquations is the per-run workspace: the integrator, the outputs and
 * (later) the linearisation all go through sw_equations_eval(). It solves
 * the massless coordinates, the accelerations of the massive ones, and on
 * request the constraint reactions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <float.h>
#include <math.h>

#include "sw-system-private.h"

/* The per-step loops (the explicit integrators' stages, error norm, scales
 * and interpolant; a chain's forces) compiled twice, for AVX2 and for the baseline
 * processor, the one to run chosen as the program loads. AVX2 without FMA
 * (which the attribute leaves off): four doubles a register, the same
 * operations and roundings, so the same bits (speed-check's chain of
 * 10 000: 0.42 -> 0.32 s of integration). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_ADDRESS__)
#define SW_AVX2_LOOPS 1
#define SW_STEP_LOOPS __attribute__ ((target_clones ("avx2", "default")))
#else
#define SW_STEP_LOOPS
#endif

G_BEGIN_DECLS

/* A massless block's Jacobian by differences, factored (LU), kept from
 * one evaluation to the next: exact for linear elements, refreshed when
 * the iteration stops contracting fast. */
typedef struct {
  double  *lu;         /* n x n; a banded block's: (3 band + 1) x n, sw-equations-massless.c */
  size_t  *perm;
  double  *steps;      /* a banded block's: the difference steps of a column group */
  gboolean valid;
} SwNewtonCache;

typedef struct {
  const SwSystem *sys;
  /* Per coordinate. */
  double *q, *qd, *qdd;
  /* Per driver. */
  double *p, *pd, *pdd;
  /* Per node. */
  double *x, *v, *a, *f;
  double *ap;         /* the prescribed part of a (driven nodes only, else 0) */
  double *ma;         /* M a over the nodes */
  double *Q;          /* per coordinate: generalized forces */
  double *lambda;     /* per row */
  double *q_guess;    /* algebraic coordinates: last solution */
  double *qd_guess;   /* first-order coordinates: last solution */
  /* Signals take their left limit at t >= left_from (the end of the
   * current segment between events). */
  double  left_from;
  /* The end of the window of the last time event passed
   * (_sw_time_event_end(), -INFINITY before any): a right limit at t
   * below it is taken at event_end, so that the events the window merged
   * (a few ulps after the event itself) have all happened. */
  double  event_end;
  /* Massless blocks: first order, then algebraic. */
  SwNewtonCache *newton;
  /* Scratch: block right-hand sides and residuals (largest block), and
   * the per-coordinate and per-state arrays of sw_equations_complete()
   * (NULL when the system has no massless coordinates; c_ydot2 also made
   * for lossy parts). */
  double *rhs, *res, *res2;
  double *c_qd_alg, *c_qdd, *c_qd_lo, *c_qd_hi, *c_q0;
  double *c_ydot, *c_ydot2, *c_tmp, *c_tmp2;
  /* Per part: friction modes (SW_FRICTION_FREE unless a run sets them, see
   * sw-friction-private.h) and break-away marks (SwState). */
  gint8  *mode;
  gint8  *start;
  gboolean has_friction;  /* stuck parts in parallel share their locks */
  /* Per part: a lossy part's friction torque sliding (solved with the
   * reactions at every evaluation, sw-friction-loss.c) and the sign of
   * its transmitted torque assumed (+1, -1). */
  double  *loss;
  gint8   *quadrant;
  double  *impact;        /* per part: energy lost at its hard stops so far */
  gint8   *region;        /* per part: a contact's region */
  double  *held;          /* the contacts' held values (sys->n_held) */
  /* Per node: the jerks, made by sw_equations_complete() once
   * _sw_equations_want_jerk() asked for them (else NULL), and its scratch
   * (per state). */
  double  *jerk;
  double  *c_jerk_y, *c_jerk_ydot;
  guint   *loss_parts;    /* the parts with a loss law */
  guint    n_loss_parts;
  /* Their solve's workspace: the sliding ones, and their transmitted torques'
   * sensitivity to their torques for that set. */
  guint   *loss_sliding, *loss_cached;
  guint    n_loss_cached;
  double  *loss_sens, *loss_jac, *loss_res, *loss_t0;
  size_t  *loss_perm;
  /* Parts in mode SW_FRICTION_PROBE (their torque in loss): only while
   * the modes at an event are decided, else 0. */
  guint   n_probes;
  GError *error;      /* set when an evaluation fails */
  guint   n_evals;    /* evaluations of the right-hand side */
  guint   n_jacobians;/* massless block Jacobians computed */
} SwEquations;

/* Time events whose instants differ by round-off are one event: two
 * signals' edges at 3 x 0.1 and 0.3 s, a step at 0.3 s and the third
 * period of a pulse (0.30000000000000004). The window after an event at t
 * is 8 ulps of max(|t|, 1 s): wider than the few roundings that place a
 * periodic corner (origin + k cycle + corner) or a table break, far below
 * any step an integrator takes. A run stops once, at the first instant of
 * a cluster (so every left limit is before every edge in it), and takes
 * the right limits at the end of its window (after every edge in it). */
static inline double
_sw_time_event_end (double t)
{
  return t + 8 * DBL_EPSILON * MAX (fabs (t), 1.0);
}

SwEquations *sw_equations_new    (const SwSystem *sys);
void         sw_equations_free   (SwEquations    *eq);

/* Evaluates at state y and time t: fills q, qd, qdd (massless accelerations
 * are left 0), p, and x, v, f on the nodes the equations read (those of
 * force parts that are not flat linear elements and of massless blocks);
 * writes dy/dt when ydot is non-NULL. When every coordinate is massive and
 * ydot is non-NULL, q, qd and qdd are left as they were (the state is read
 * from y, the accelerations written into ydot): evaluate with ydot NULL, or
 * call sw_equations_complete(), to have them. FALSE with
 * eq->error set when a massless block fails to solve. Only arithmetic on
 * the model: no allocation, no library solves; the node accelerations a
 * and the reactions are left to sw_equations_complete(). */
gboolean     sw_equations_eval   (SwEquations    *eq,
                                  double          t,
                                  const double   *y,
                                  double         *ydot);
/* Evaluates at (t, y) and completes the state for output: the velocities
 * and accelerations of massless coordinates (by differences along the
 * motion), x, v and a on every node, all forces f and the constraint
 * reactions. */
gboolean     sw_equations_complete (SwEquations  *eq,
                                    double        t,
                                    const double *y,
                                    gboolean      left);
/* sw_equations_complete() without the accelerations of the massless
 * coordinates (left at 0) nor jerks: what the switching functions read,
 * for a third of the evaluations. */
gboolean     _sw_equations_complete_for_switching (SwEquations *eq, double t, const double *y, gboolean left);
/* From now on sw_equations_complete() makes the nodes' jerks too (for
 * the variables of SwKind.jerk_vars). */
void         _sw_equations_want_jerk (SwEquations *eq);
/* After sw_equations_complete(): FALSE with eq->error set
 * (SW_ERROR_NOT_FINITE) naming the first variable of any part that is
 * infinite or NaN at t. */
gboolean     sw_equations_check_finite (SwEquations *eq,
                                        double       t,
                                        gboolean     left);
/* Inside the engine: the evaluation without lossy parts' losses solved,
 * the reactions of an evaluation (x, v, a and f on every node, lambda),
 * and dy/dt from what an evaluation with ydot NULL filled. */
gboolean     _sw_equations_eval_plain  (SwEquations *eq, double t, const double *y, double *ydot);
void         _sw_equations_reactions   (SwEquations *eq, double t, gboolean left);
void         _sw_equations_write_rates (SwEquations *eq, const double *y, double *ydot);
/* For a system of massive coordinates alone (states: positions, then
 * velocities): only the accelerations at (t, y), into a (n_massive). */
gboolean     _sw_equations_eval_accelerations (SwEquations *eq, double t, const double *y, double *a);
/* Only x and v on every node, for a system whose coordinates are all
 * massive (FALSE otherwise: complete it instead). */
gboolean     _sw_equations_positions   (SwEquations *eq, double t, const double *y, gboolean left);

/* sw-friction-loss.c: lossy parts (SwFrictionDesc.loss). */
void         _sw_equations_losses_init    (SwEquations *eq);
void         _sw_equations_losses_clear   (SwEquations *eq);
gboolean     _sw_equations_losses_sliding (const SwEquations *eq);
gboolean     _sw_equations_eval_losses    (SwEquations *eq, double t, const double *y, double *ydot);
/* Copies the modes, break-away marks, quadrants, impact losses, regions
 * and held values of from. */
void         _sw_equations_copy_modes     (SwEquations *to, const SwEquations *from);

/* After sw_equations_complete(): the contacts' held values and regions as a
 * run starting at t would have them (an operating point's). */
void         _sw_equations_start_held     (SwEquations *eq, double t);

/* Part p's forces into f, and the probe torque of a part in mode
 * SW_FRICTION_PROBE. */
static inline void
_sw_equations_part_forces (const SwEquations *eq, const SwPart *p, const SwState *state, double *f)
{
  p->kind->forces (p, state, f);
  if (G_UNLIKELY (eq->n_probes > 0) && p->kind->friction != NULL && eq->mode[p->index] == SW_FRICTION_PROBE)
    {
      f[p->node[p->kind->friction->port_a]] += eq->loss[p->index];
      f[p->node[p->kind->friction->port_b]] -= eq->loss[p->index];
    }
}

/* Node i's value from the coordinates q and the prescribed motions p (one
 * row of T and P; the constant left out). */
static inline double
_sw_row_dot (const SwSystem *sys, guint i, const double *q, const double *p)
{
  double s = 0;

  for (guint k = sys->t_start[i]; k < sys->t_start[i + 1]; k++)
    s += sys->t_terms[k].coeff * q[sys->t_terms[k].index];
  for (guint k = sys->p_start[i]; k < sys->p_start[i + 1]; k++)
    s += sys->p_terms[k].coeff * p[sys->p_terms[k].index];
  return s;
}

/* Massless block index: first order, then algebraic. */
static inline const SwBlock *
_sw_massless_block (const SwSystem *sys, guint index)
{
  return index < sys->n_first_order_blocks ? &sys->first_order_blocks[index]
                                           : &sys->algebraic_blocks[index - sys->n_first_order_blocks];
}

/* sw-equations-massless.c: Newton on massless block index at t; FALSE
 * with eq->error set when it fails (naming the section, and saying so
 * where no speed or position balances it). */
gboolean     _sw_equations_solve_block (SwEquations *eq, guint index, double t, gboolean left);

/* The state as the parts see it. */
void         sw_equations_get_state (SwEquations *eq,
                                     double       t,
                                     gboolean     left,
                                     SwState     *state);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwEquations, sw_equations_free)

G_END_DECLS
