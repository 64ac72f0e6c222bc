/* sw-integrator-private.h: the steppers behind sw_simulate(), as a
 * descriptor table (GSL's gsl_odeiv2_step_type style).
 *
 * An integrator takes one error-controlled step at a time, never past a
 * stop time (an event or the end of the run), interpolates inside the last
 * step (dense output), and restarts from a given state after an event.
 * States are in the system's order (sw-system-private.h) at this interface;
 * an integrator may keep them in its own order (the band order of
 * sw-jacobian-private.h).
 *
 *   sw-integrator-dopri.c  Dormand-Prince 5(4) with its continuous extension
 *   sw-integrator-dop853.c Dormand-Prince 8(5,3) with its 7th-order one
 *   sw-integrator-erk.c    other explicit Runge-Kutta pairs (SUNDIALS ARKODE ERKStep)
 *   sw-integrator-cvode.c  BDF and Adams (SUNDIALS CVODE), band Jacobian
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>
#include <sundials/sundials_context.h>
#include <sundials/sundials_nvector.h>
#include "sw-equations-private.h"
#include "sw-jacobian-private.h"
#include "sw-simulate.h"

G_BEGIN_DECLS

typedef struct _SwIntegrator SwIntegrator;

enum { SW_COUNT_STEPS, SW_COUNT_REJECTED, SW_COUNT_JACOBIANS, SW_COUNT_JAC_EVALS, SW_N_COUNTERS };

typedef struct {
  const char *name;   /* the library and its method, for messages */
  gboolean (*init)        (SwIntegrator *it, double t0, const double *y0, GError **error);
  /* One step towards t_stop, never past it: *t and y (system order) the
   * time and state reached. FALSE with an error. */
  gboolean (*step)        (SwIntegrator *it, double t_stop, double *t, double *y, GError **error);
  /* The state at t within the last step. */
  gboolean (*interpolate) (SwIntegrator *it, double t, double *y, GError **error);
  /* Starts afresh from (t, y) (after an event). */
  gboolean (*restart)     (SwIntegrator *it, double t, const double *y, GError **error);
  /* The library's counters since it started or last restarted: accepted
   * steps, rejected steps, Jacobians, evaluations for Jacobians. */
  void     (*counters)    (SwIntegrator *it, guint64 counters[SW_N_COUNTERS]);
  void     (*free)        (SwIntegrator *it);
} SwIntegratorType;

struct _SwIntegrator {
  const SwIntegratorType *type;
  const SwSystem *sys;
  SwEquations    *eq;
  SwMethod        method;
  double          tolerance;   /* what a step's error is held to */
  double          turned_floor; /* a turned state's least scale, of its class's */
  GCancellable   *cancellable;
  guint           n;
  /* Error scales (system's order): a state's error is measured against
   * tolerance (scale + |y|). A given nominal is fixed; otherwise the scale
   * is the largest |y| at the end of an accepted step (peak), floored at a
   * fraction of the largest in its class (positions, speeds), smaller once
   * the state has turned (see sw-integrator.c). */
  double         *scale;
  guint8         *scale_class;
  double         *peak;
  guint8         *turned;
  double          class_max[2];
  /* The runs of states of one class in the system's order, (first, end,
   * class) each: the scales are made over them. */
  guint          *runs;
  guint           n_runs;
  double          time_scale;  /* s: the model's stop time, else 1 */
  /* Our steppers' norm: the RMS over the states (SW_ERROR_CONTROL_UNIT_RMS),
   * else the largest. SUNDIALS' is always the RMS. */
  gboolean        rms_norm;
  /* The integrator's order: its state i is the system's state order[i]
   * (NULL: the same order), and scratch vectors in the system's order. */
  guint          *order;
  double         *y_sys, *ydot_sys;
  SUNContext      ctx;
  N_Vector        y;         /* the integrator's state */
  void           *mem;       /* the library's */
  gpointer        priv;      /* the type's own */
  SwJacobianPattern *pattern; /* BDF: where its Jacobian is nonzero */
  /* The first state at which the equations gave a value that is not
   * finite (the run ends there, naming the variable). Checked on every
   * evaluation when check_finite (the libraries' steppers); Dormand-Prince
   * sees it in its error norm once a step instead. */
  gboolean        check_finite;
  gboolean        not_finite;
  double          not_finite_t;
  double         *not_finite_y;
  /* The library's last message. */
  char           *message;
  guint64         n_rhs_evals;
  guint64         counted[SW_N_COUNTERS];  /* before the last restarts */
  N_Vector        scratch;
};

extern const SwIntegratorType sw_integrator_dopri;
extern const SwIntegratorType sw_integrator_nystrom;
extern const SwIntegratorType sw_integrator_dop853;
extern const SwIntegratorType sw_integrator_erk;
extern const SwIntegratorType sw_integrator_cvode;

/* A new integrator of the method (not AUTO) for the system, started at
 * (t0, y0); NULL with an error. previous: the run's integrator before a
 * friction part changed the system (NULL at the start), whose classes'
 * magnitudes the new one's scales start from. */
SwIntegrator *_sw_integrator_new  (const SwSystem     *sys,
                                   SwEquations        *eq,
                                   SwMethod            method,
                                   double              tolerance,
                                   SwErrorControl      error_control,
                                   GCancellable       *cancellable,
                                   double              t0,
                                   const double       *y0,
                                   const SwIntegrator *previous,
                                   GError            **error);
void          _sw_integrator_free (SwIntegrator   *it);
/* it->type->restart, keeping the counters. */
gboolean      _sw_integrator_restart (SwIntegrator *it, double t, const double *y, GError **error);
/* Steps, rejected steps, Jacobians and evaluations since the start. */
void          _sw_integrator_get_stats (SwIntegrator *it, SwSimulateStats *stats);

/* The error scales after an accepted step that ended in y (integrator's
 * order). No allocation. */
void          _sw_integrator_update_scales (SwIntegrator *it, const double *y);
/* SUNDIALS' error weights (its EwtFn, user data the integrator): 1 /
 * (tolerance (scale + |y|)), the weights of our own norm. */
int           _sw_integrator_weights       (N_Vector y, N_Vector ewt, void *data);

/* The right-hand side in the integrator's order, as the libraries call it:
 * 0, or -1 when the equations fail (eq->error), a value is not finite or
 * the run is cancelled. */
int           _sw_integrator_rhs  (SwIntegrator   *it,
                                   double          t,
                                   const double   *z,
                                   double         *zdot);
/* Notes the first state whose evaluation is not finite; clears it (a
 * rejected trial step that a shorter one avoided). */
void          _sw_integrator_note_not_finite  (SwIntegrator *it, double t, const double *y);
void          _sw_integrator_clear_not_finite (SwIntegrator *it);
/* The integrator's order to the system's and back. */
void          _sw_integrator_to_system   (SwIntegrator *it, const double *z, double *y);
void          _sw_integrator_from_system (SwIntegrator *it, const double *y, double *z);
/* A SUNDIALS context, it->y and it->scratch (the library types' init). */
gboolean      _sw_integrator_sundials_start (SwIntegrator *it, GError **error);
/* Error and message handler for SUNDIALS: keeps the last message. */
void          _sw_integrator_on_message  (int         code,
                                          const char *module,
                                          const char *function,
                                          char       *message,
                                          void       *user_data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwIntegrator, _sw_integrator_free)

G_END_DECLS
