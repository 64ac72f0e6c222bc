/* sw-dopri-private.h: the Dormand-Prince 5(4) tableau and what its two
 * steppers share (sw-integrator-dopri.c on any state, sw-integrator-
 * nystrom.c on positions and velocities).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-integrator-private.h"

G_BEGIN_DECLS

/* The Butcher tableau. */
static const double c2 = 1.0 / 5, c3 = 3.0 / 10, c4 = 4.0 / 5, c5 = 8.0 / 9;
static const double a21 = 1.0 / 5;
static const double a31 = 3.0 / 40, a32 = 9.0 / 40;
static const double a41 = 44.0 / 45, a42 = -56.0 / 15, a43 = 32.0 / 9;
static const double a51 = 19372.0 / 6561, a52 = -25360.0 / 2187, a53 = 64448.0 / 6561, a54 = -212.0 / 729;
static const double a61 = 9017.0 / 3168, a62 = -355.0 / 33, a63 = 46732.0 / 5247, a64 = 49.0 / 176,
                    a65 = -5103.0 / 18656;
static const double a71 = 35.0 / 384, a73 = 500.0 / 1113, a74 = 125.0 / 192, a75 = -2187.0 / 6784,
                    a76 = 11.0 / 84;
/* 5th order minus embedded 4th order. */
static const double e1 = 71.0 / 57600, e3 = -71.0 / 16695, e4 = 71.0 / 1920, e5 = -17253.0 / 339200,
                    e6 = 22.0 / 525, e7 = -1.0 / 40;
/* The continuous extension. */
static const double d1 = -12715105075.0 / 11282082432, d3 = 87487479700.0 / 32700410799,
                    d4 = -10690763975.0 / 1880347072, d5 = 701980252875.0 / 199316789632,
                    d6 = -1453857185.0 / 822651844, d7 = 69997945.0 / 29380423;

/* The step size control both steppers share. */
typedef struct {
  double   t, h;            /* where the next step starts, its trial size */
  double   t_old, h_old;    /* the last accepted step */
  double   facold;          /* its error (PI control) */
  gboolean need_h;          /* a first trial size is to be found */
  gboolean dense_ready;     /* the interpolant of the last step is made */
  guint64  n_steps, n_rejected;
  /* The pair's PI control: exponents alpha, beta and the bounds of
   * h_new / h_old; 0 where Dormand-Prince 5(4)'s (see sw-integrator-
   * dopri.c). */
  double   alpha, beta, fac_lo, fac_hi;
} SwDopriControl;

/* Starts afresh at t. */
/* Below this error norm of the state or its slope, the first step is
 * 1e-6 s rather than 1 % of their ratio (Hairer's 1e-10 on squares). */
#define SW_DOPRI_NORM_AT_REST 1e-5

void     _sw_dopri_start  (SwDopriControl *c, double t);
/* The first trial size after a trial of h_tried, from the norms of y'
 * and of y'' (by a difference), as Hairer and Wanner's starting step. */
void     _sw_dopri_first_h (SwDopriControl *c, double h_tried, double dnf, double der2, double t_end);
/* The next trial step from c->t towards t_stop (*last: it ends there);
 * FALSE when it became too small. */
gboolean _sw_dopri_trial  (const SwDopriControl *c, double t_stop, double *h, gboolean *last);
/* The trial step h ended in y1 with error norm err (not finite: noted,
 * and too long): TRUE accepted (c at its end, the next size set), FALSE
 * rejected (a shorter size set). */
gboolean _sw_dopri_judge  (SwIntegrator *it, SwDopriControl *c, double h, gboolean last, double t_stop, double err,
                           const double *y1, gboolean *rejected);
void     _sw_dopri_counters (const SwDopriControl *c, guint64 counters[SW_N_COUNTERS]);

/* The norm of v (sw-integrator-dopri.c), each state over its scale + the
 * larger of |y0| and |y1|. */
double   _sw_dopri_norm   (SwIntegrator *it, const double *y0, const double *y1, const double *v);
/* The same of a step's error e, its largest ratio alone (faster). */
double   _sw_dopri_norm_step (SwIntegrator *it, const double *y0, const double *y1, const double *e);
/* FALSE with the error of a failed step at t. */
gboolean _sw_dopri_failed (SwIntegrator *it, double t, const char *what, GError **error);

G_END_DECLS
