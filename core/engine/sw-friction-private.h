/* sw-friction-private.h: friction that sticks, run with exact events.
 *
 * A run with friction parts (kinds with a SwFrictionDesc) keeps each part's
 * mode (SwFrictionMode). Sliding, the part's forces follow its mode; stuck,
 * the part is a rigid lock: the run assembles the system again with a lock
 * row x_b - x_a = (the relative position at that instant) for every stuck
 * part (the elimination takes any set of rows), so a stuck relative speed
 * is exactly 0, and the lock's multiplier is the friction torque.
 *
 * Every friction part has a switching function that is >= 0 while its mode
 * holds: w sliding forward, -w backward, tau0_max - |tau| stuck, -fn free.
 * When one turns negative within a step, the run locates the instant on
 * the step's interpolant (GSL Brent, to 1e-12 s relative), and there the
 * modes are iterated to a consistent set (_sw_friction_run_settle): sliding
 * parts that reached w = 0 try to stick, stuck parts whose torque exceeds
 * the static limit break away in its direction, and a part that broke away
 * but whose relative acceleration would point backwards sticks again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-assembly-private.h"
#include "sw-equations-private.h"

G_BEGIN_DECLS

/* The builder's half: the lock row of a stuck part. */
void       _sw_friction_add_lock (const SwPart *part, SwBuilder *builder, double offset, double strength);

/* The parts' locks, per part NAN (not locked) or the lock's offset, and
 * the torque each can hold (RawRow.lock_order): a new system from base's
 * parts, nodes and parameters. */
SwSystem  *_sw_system_assemble_locked (const SwSystem *base, const double *locked, const double *strength,
                                       GError **error);

gboolean   _sw_system_has_friction (const SwSystem *sys);
/* Friction modes or held values: a row depends on more than the state and
 * the time, so rows are kept, not made again from the states. */
gboolean   _sw_system_has_history (const SwSystem *sys);
/* Parts with a SwContactDesc: a run locates and logs their changes too. */
gboolean   _sw_system_has_contacts (const SwSystem *sys);

/* At assembly: which friction parts act on the same relative motion
 * (SwSystem.friction_group). */
void       _sw_friction_find_groups (SwSystem *sys);

/* After the reactions (sw_equations_complete): stuck friction parts in
 * parallel (the same friction_group) share their torque in proportion
 * to their static limits, so that they break away together when the torque
 * exceeds the sum of the limits. The reactions alone would put it all on
 * the first, the others' lock rows being redundant. */
void       _sw_friction_share_locks (SwEquations *eq, double t, gboolean left);

/* Stuck parts whose lock rows are redundant in a loop (a stuck gear, a
 * clutch and a brake in series to the ground): their self-stresses, from
 * the configuration's rows (sw-friction-loops.c). NULL when no lock of
 * locked[] is redundant; strength[i] INFINITY for a part that holds
 * anything one way (at a hard stop, a one-way clutch), may be NULL. */
/* A small quadratic programme: min 1/2 x^T G x - b^T x over C x >= d,
 * from its unconstrained minimum (sw-friction-loops.c). ginv = G^-1 (n x
 * n), c (m x n, rows), d and the tolerances of the constraints (d
 * infinite: none); the rest is scratch. */
typedef struct {
  double *c, *d, *tol, *ginv;
  double *u, *z, *r, *gn, *ga, *m, *rhs;
  guint  *active;
} SwQp;
void         _sw_qp_init  (SwQp *qp, guint n, guint m);
void         _sw_qp_clear (SwQp *qp);
/* x: the unconstrained minimum, replaced by the constrained one; FALSE
 * when the constraints contradict each other. */
gboolean     _sw_qp_solve (const SwQp *qp, guint n, guint m, double *x);

typedef struct _SwLockLoops SwLockLoops;
SwLockLoops *_sw_lock_loops_new  (const SwSystem *sys, const double *locked, const double *strength);
void         _sw_lock_loops_free (SwLockLoops *loops);
/* Whether part's lock is one of the loops' and holds anything one way (a
 * one-way clutch, at a hard stop). FALSE when loops is NULL. */
gboolean     _sw_lock_loops_unbounded (const SwLockLoops *loops, guint part);
/* The scale of stuck part p's torque: its static limit, a lossy part's
 * |alpha| + |beta T| + |T| (the joint decision's scales). */
double       _sw_friction_lock_scale (const SwPart *p, const SwState *state);
/* After the reactions: the torques of eq->sys->lock_loops' locks shared as the
 * joint decision's least norm does. */
void         _sw_friction_share_loops (SwEquations *eq, double t, gboolean left);

typedef struct _SwFrictionRun SwFrictionRun;

/* NULL when the system has no friction parts and no contacts. */
SwFrictionRun *_sw_friction_run_new  (const SwSystem *base);
void           _sw_friction_run_free (SwFrictionRun *run);
/* The run's length (its stop time): 500 events within 1e-6 of it end the
 * run as chattering. */
void           _sw_friction_run_set_length (SwFrictionRun *run, double length);

/* The system of the current configuration (base while nothing is stuck)
 * and its equations, owned by the run; they change at _sw_friction_run_settle. */
const SwSystem *_sw_friction_run_get_system    (SwFrictionRun *run);
SwEquations    *_sw_friction_run_get_equations (SwFrictionRun *run);

/* The state (current system's order) y at t after a step: TRUE with *crossed
 * when a switching function turned negative since the last call (or
 * settle). */
gboolean   _sw_friction_run_check  (SwFrictionRun *run, double t, const double *y, gboolean *crossed,
                                    GError **error);

/* The instant in (t0, t1] where the first switching function turns
 * negative, on the interpolant interp (state at t into y). */
typedef gboolean (*SwInterpolateFunc) (gpointer data, double t, double *y, GError **error);
gboolean   _sw_friction_run_locate (SwFrictionRun *run, double t0, double t1, SwInterpolateFunc interp,
                                    gpointer data, double *t_event, double *y_event, GError **error);

/* At t with state y (current system, n_states of it): the modes iterated
 * to a consistent set. When the configuration changes, *changed is TRUE and
 * *y_new (g_free) holds the state in the new system's order. Sets the
 * switching functions' reference. Fails naming the part when the modes do
 * not settle (chattering). */
gboolean   _sw_friction_run_settle (SwFrictionRun *run, double t, const double *y, gboolean *changed,
                                    double **y_new, GError **error);

/* The state (current system's order) y at t in the base system's order:
 * what the model's own coordinates are there, stuck parts or not. */
gboolean   _sw_friction_run_base_state (SwFrictionRun *run, double t, const double *y, double *y_base,
                                        GError **error);

/* Each mode change of the last settle, in order: *part, *old, *new; FALSE
 * after the last. */
gboolean   _sw_friction_run_next_change (SwFrictionRun *run, guint *index, guint *part, int *old_mode,
                                         int *new_mode);

/* sw-friction-decide.c: the modes of the parts at relative speed 0
 * decided together, on the system base (all unlocked). */
typedef struct _SwFrictionDecide SwFrictionDecide;

SwFrictionDecide *_sw_friction_decide_new  (const SwSystem *base);
void              _sw_friction_decide_free (SwFrictionDecide *d);
/* Whether base's part can be decided so (plain Coulomb friction, hard
 * stops, one-way clutches and lossy parts whose relative motion is over
 * massive coordinates: not a stick band). */
gboolean          _sw_friction_decide_supports (const SwSystem *base, guint part);
/* The directions a part at a hard stop cannot slide (bits; a one-way
 * clutch's backward is implied). */
enum { SW_BLOCKED_FORWARD = 1, SW_BLOCKED_BACKWARD = 2 };
/* At t, base's state y, the other parts' modes as in from (an equations
 * of any configuration of base): the modes (0 stuck, +-1 sliding) and,
 * for lossy parts, the quadrants of parts[0..n) (ascending, all at
 * relative speed 0; blocked[k] the directions parts[k]'s stops block).
 * FALSE when no assignment is consistent or there are too many. */
gboolean          _sw_friction_decide (SwFrictionDecide *d, double t, const double *y, const SwEquations *from,
                                       const guint *parts, const guint8 *blocked, guint n, gint8 *modes,
                                       gint8 *quadrants);

/* Marks of the row after an event (startForward, startBackward) off. */
void       _sw_friction_run_clear_marks (SwFrictionRun *run);

G_END_DECLS
