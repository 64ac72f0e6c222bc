/* sw-integrator-cvode.c: BDF and Adams, SUNDIALS CVODE.
 *
 *   bdf    variable-order BDF (1-5), Newton with a band Jacobian in the band
 *          order of sw-jacobian-private.h (dense when the band is wide),
 *          assembled from the elements' tangent stiffness and damping
 *          (differences only for called parts and massless blocks): linear
 *          work in a chain's length
 *   adams  variable-order Adams-Moulton (1-12), fixed-point iteration (no
 *          Jacobian), for smooth non-stiff models
 *
 * Dense output: CVODE's Nordsieck history, at the order of the method.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-integrator-private.h"

#include <glib/gi18n-lib.h>
#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_band.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_band.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>
#include "sw-error.h"
#include "sw-jacobian-private.h"

#define SW_BDF_NEWTON_ITERATIONS 5

typedef struct {
  SwJacobian        *jac;
  SUNMatrix          A;
  SUNLinearSolver    LS;       /* the guard around the band or dense solver */
  SUNNonlinearSolver NLS;
  /* The fastest growth the guard has refused (1/s; 0: none), and where. */
  double             unstable_rate, unstable_t;
} Cvode;

/* The Newton matrix I - gamma J of BDF, factored by SUNDIALS' band or
 * dense solver, and its determinant's sign looked at: the product of
 * (1 - gamma lambda) over J's eigenvalues is negative only when a real
 * lambda exceeds 1 / gamma, a motion growing faster than the step can
 * follow. BDF would damp it and show a quiet, wrong result (a feedback of
 * +1e50 times a speed ran to w = 0); refused as a recoverable failure,
 * CVODE shrinks the step until it follows the growth. (An even number of
 * such eigenvalues leaves the sign alone: those go unseen.) */
typedef struct {
  SUNLinearSolver inner;
  SwIntegrator   *it;
} Guard;

static SUNLinearSolver_Type
guard_type (SUNLinearSolver S)
{
  return SUNLINEARSOLVER_DIRECT;
}

static SUNLinearSolver_ID
guard_id (SUNLinearSolver S)
{
  return SUNLinSolGetID (((Guard *) S->content)->inner);
}

static int
guard_initialize (SUNLinearSolver S)
{
  return SUNLinSolInitialize (((Guard *) S->content)->inner);
}

static gboolean
determinant_negative (SUNLinearSolver inner, SUNMatrix A)
{
  gboolean band = SUNMatGetID (A) == SUNMATRIX_BAND;
  const sunindextype *pivots = band ? ((SUNLinearSolverContent_Band) inner->content)->pivots
                                    : ((SUNLinearSolverContent_Dense) inner->content)->pivots;
  sunindextype n = band ? SUNBandMatrix_Columns (A) : SUNDenseMatrix_Columns (A);
  gboolean negative = FALSE;

  for (sunindextype k = 0; k < n; k++)
    {
      double u = band ? SUNBandMatrix_Column (A, k)[0] : SUNDenseMatrix_Column (A, k)[k];

      negative ^= (u < 0) ^ (pivots[k] != k);
    }
  return negative;
}

static int
guard_setup (SUNLinearSolver S, SUNMatrix A)
{
  Guard *g = S->content;
  Cvode *cv = g->it->priv;
  int status = SUNLinSolSetup (g->inner, A);
  realtype gamma = 0;

  if (status != 0 || !determinant_negative (g->inner, A))
    return status;
  CVodeGetCurrentGamma (g->it->mem, &gamma);
  if (gamma > 0 && 1 / gamma > cv->unstable_rate)
    {
      cv->unstable_rate = 1 / gamma;
      CVodeGetCurrentTime (g->it->mem, &cv->unstable_t);
    }
  return SUNLS_PACKAGE_FAIL_REC;
}

static int
guard_solve (SUNLinearSolver S, SUNMatrix A, N_Vector x, N_Vector b, realtype tol)
{
  return SUNLinSolSolve (((Guard *) S->content)->inner, A, x, b, tol);
}

static sunindextype
guard_last_flag (SUNLinearSolver S)
{
  return SUNLinSolLastFlag (((Guard *) S->content)->inner);
}

static int
guard_free (SUNLinearSolver S)
{
  if (S == NULL)
    return 0;
  if (S->content != NULL)
    {
      SUNLinSolFree (((Guard *) S->content)->inner);
      g_free (S->content);
      S->content = NULL;
    }
  SUNLinSolFreeEmpty (S);
  return 0;
}

static SUNLinearSolver
guard_new (SUNLinearSolver inner, SwIntegrator *it)
{
  SUNLinearSolver S;
  Guard *g;

  if (inner == NULL || (S = SUNLinSolNewEmpty (it->ctx)) == NULL)
    {
      if (inner != NULL)
        SUNLinSolFree (inner);
      return NULL;
    }
  g = g_new (Guard, 1);
  g->inner = inner;
  g->it = it;
  S->content = g;
  S->ops->gettype = guard_type;
  S->ops->getid = guard_id;
  S->ops->initialize = guard_initialize;
  S->ops->setup = guard_setup;
  S->ops->solve = guard_solve;
  S->ops->lastflag = guard_last_flag;
  S->ops->free = guard_free;
  return S;
}

static int
cvode_rhs (realtype t, N_Vector y, N_Vector ydot, void *data)
{
  return _sw_integrator_rhs (data, t, N_VGetArrayPointer (y), N_VGetArrayPointer (ydot));
}

/* The Newton matrix's Jacobian, assembled from the elements into J (in
 * the integrator's order). */
static int
cvode_jacobian (realtype t, N_Vector y, N_Vector fy, SUNMatrix J, void *data, N_Vector tmp1, N_Vector tmp2,
                N_Vector tmp3)
{
  SwIntegrator *it = data;
  Cvode *cv = it->priv;
  guint64 before = _sw_jacobian_get_n_evals (cv->jac);
  SwJacobianMatrix out;
  gboolean ok;

  if (SUNMatGetID (J) == SUNMATRIX_BAND)
    out = (SwJacobianMatrix) { SUNBandMatrix_Data (J), SUNBandMatrix_LDim (J) - 1,
                               SUNBandMatrix_StoredUpperBandwidth (J), it->order != NULL };
  else
    out = (SwJacobianMatrix) { SUNDenseMatrix_Data (J), it->n, 0, it->order != NULL };
  SUNMatZero (J);
  _sw_integrator_to_system (it, N_VGetArrayPointer (y), it->y_sys);
  ok = _sw_jacobian_eval (cv->jac, it->eq, t, it->y_sys, &out);
  it->n_rhs_evals += _sw_jacobian_get_n_evals (cv->jac) - before;
  return ok ? 0 : -1;
}

static gboolean
failed (SwIntegrator *it, int status, double t, GError **error)
{
  Cvode *cv = it->priv;

  if (cv != NULL && cv->unstable_rate > 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_NOT_CONVERGED,
                   _("the motion is unstable at t = %.9g s: it grows faster than e^(%.3g t), beyond what any "
                     "step can follow; check the signs of feedback gains, stiffnesses and damping (a negative "
                     "stiffness or damping, a torque that rises with the speed it drives)"),
                   cv->unstable_t, cv->unstable_rate);
      return FALSE;
    }
  g_set_error (error, SW_ERROR, SW_ERROR_NOT_CONVERGED,
               _("the integrator (%s, CVODE) failed at t = %.9g s (%s); try a smaller tolerance%s; check "
                 "stiffnesses and inertias"),
               sw_method_to_name (it->method), t, it->message != NULL ? it->message : CVodeGetReturnFlagName (status),
               it->method == SW_METHOD_BDF ? "" : _(" or the method “bdf”"));
  return FALSE;
}

static gboolean
cvode_init (SwIntegrator *it, double t0, const double *y0, GError **error)
{
  Cvode *cv = g_new0 (Cvode, 1);
  int status;

  it->priv = cv;
  if (it->method == SW_METHOD_BDF)
    {
      it->pattern = _sw_jacobian_pattern_new (it->sys);
      if (!it->pattern->dense)
        it->order = g_memdup2 (it->pattern->order, it->n * sizeof (guint));
    }
  if (!_sw_integrator_sundials_start (it, error))
    return FALSE;
  _sw_integrator_from_system (it, y0, N_VGetArrayPointer (it->y));
  it->mem = CVodeCreate (it->method == SW_METHOD_BDF ? CV_BDF : CV_ADAMS, it->ctx);
  if (it->mem == NULL)
    return failed (it, CV_MEM_NULL, t0, error);
  status = CVodeSetErrHandlerFn (it->mem, _sw_integrator_on_message, it);
  if (status == CV_SUCCESS)
    status = CVodeInit (it->mem, cvode_rhs, t0, it->y);
  if (status == CV_SUCCESS)
    status = CVodeSetUserData (it->mem, it);
  if (status == CV_SUCCESS)
    {
      /* Each state over its scale (sw-integrator.c). */
      _sw_integrator_update_scales (it, N_VGetArrayPointer (it->y));
      status = CVodeWFtolerances (it->mem, _sw_integrator_weights);
    }
  if (status == CV_SUCCESS)
    status = CVodeSetMaxNumSteps (it->mem, -1);
  /* A state that starts to move after an event (a plate lifting off) is
   * measured against a small scale: more tries, never a failure. */
  if (status == CV_SUCCESS)
    status = CVodeSetMaxErrTestFails (it->mem, 100);
  /* Newton on a Jacobian of some steps before, past a contact's kink,
   * needs more than CVODE's 3 iterations; each failure costs a Jacobian
   * and a smaller step (PreLoad: 2 319 of 5 980 steps failed, 2 202
   * Jacobians; with 5, 288 and 105). */
  if (status == CV_SUCCESS && it->method == SW_METHOD_BDF)
    {
      status = CVodeSetMaxNonlinIters (it->mem, SW_BDF_NEWTON_ITERATIONS);
      if (it->pattern->dense)
        {
          cv->A = SUNDenseMatrix (it->n, it->n, it->ctx);
          cv->LS = cv->A != NULL ? guard_new (SUNLinSol_Dense (it->y, cv->A, it->ctx), it) : NULL;
        }
      else
        {
          cv->A = SUNBandMatrix (it->n, it->pattern->upper, it->pattern->lower, it->ctx);
          cv->LS = cv->A != NULL ? guard_new (SUNLinSol_Band (it->y, cv->A, it->ctx), it) : NULL;
        }
      status = status != CV_SUCCESS ? status : cv->A != NULL && cv->LS != NULL ? CVodeSetLinearSolver (it->mem, cv->LS, cv->A) : CV_MEM_FAIL;
      if (status == CV_SUCCESS)
        {
          cv->jac = _sw_jacobian_new (it->sys, it->pattern);
          status = CVodeSetJacFn (it->mem, cvode_jacobian);
        }
    }
  else if (status == CV_SUCCESS)
    {
      cv->NLS = SUNNonlinSol_FixedPoint (it->y, 0, it->ctx);
      status = cv->NLS != NULL ? CVodeSetNonlinearSolver (it->mem, cv->NLS) : CV_MEM_FAIL;
    }
  if (status != CV_SUCCESS)
    return failed (it, status, t0, error);
  return TRUE;
}

static gboolean
cvode_step (SwIntegrator *it, double t_stop, double *t, double *y, GError **error)
{
  realtype tret = *t;
  int status = CVodeSetStopTime (it->mem, t_stop);
  /* One step at a time, CVODE reads the target only to choose its first
   * step, which it bounds below by 100 roundings of the target's size: to
   * 1e50 s that bound was 2e36 s and the run failed at t = 0. A target at
   * most a million times the time so far (or 1 s) keeps that bound below
   * 2e-8 of it; the stop time stays the run's. */
  double reach = 1e6 * MAX (1.0, fabs (*t));

  if (status == CV_SUCCESS)
    status = CVode (it->mem, t_stop - *t > reach ? *t + reach : t_stop, it->y, &tret, CV_ONE_STEP);
  if (status < 0)
    return failed (it, status, tret, error);
  *t = status == CV_TSTOP_RETURN ? t_stop : tret;
  _sw_integrator_to_system (it, N_VGetArrayPointer (it->y), y);
  /* The next step's weights. */
  _sw_integrator_update_scales (it, N_VGetArrayPointer (it->y));
  return TRUE;
}

static gboolean
cvode_interpolate (SwIntegrator *it, double t, double *y, GError **error)
{
  int status = CVodeGetDky (it->mem, t, 0, it->scratch);

  if (status == CV_SUCCESS)
    _sw_integrator_to_system (it, N_VGetArrayPointer (it->scratch), y);
  return status == CV_SUCCESS || failed (it, status, t, error);
}

static gboolean
cvode_restart (SwIntegrator *it, double t, const double *y, GError **error)
{
  int status;

  _sw_integrator_from_system (it, y, N_VGetArrayPointer (it->y));
  _sw_integrator_update_scales (it, N_VGetArrayPointer (it->y));
  status = CVodeReInit (it->mem, t, it->y);
  return status == CV_SUCCESS || failed (it, status, t, error);
}

static void
cvode_counters (SwIntegrator *it, guint64 c[SW_N_COUNTERS])
{
  long steps = 0, fails = 0, conv_fails = 0, jacs = 0, jac_evals = 0;

  CVodeGetNumSteps (it->mem, &steps);
  CVodeGetNumErrTestFails (it->mem, &fails);
  CVodeGetNumNonlinSolvConvFails (it->mem, &conv_fails);
  if (it->method == SW_METHOD_BDF)
    {
      Cvode *cv = it->priv;

      CVodeGetNumJacEvals (it->mem, &jacs);
      CVodeGetNumLinRhsEvals (it->mem, &jac_evals);
      jac_evals += cv != NULL && cv->jac != NULL ? (long) _sw_jacobian_get_n_evals (cv->jac) : 0;
    }
  c[SW_COUNT_STEPS] = steps;
  c[SW_COUNT_REJECTED] = fails + conv_fails;
  c[SW_COUNT_JACOBIANS] = jacs;
  c[SW_COUNT_JAC_EVALS] = jac_evals;
}

static void
cvode_free (SwIntegrator *it)
{
  Cvode *cv = it->priv;

  if (it->mem != NULL)
    CVodeFree (&it->mem);
  if (cv == NULL)
    return;
  if (cv->LS != NULL)
    SUNLinSolFree (cv->LS);
  if (cv->A != NULL)
    SUNMatDestroy (cv->A);
  if (cv->NLS != NULL)
    SUNNonlinSolFree (cv->NLS);
  _sw_jacobian_free (cv->jac);
  g_free (cv);
  it->priv = NULL;
}

const SwIntegratorType sw_integrator_cvode = {
  .name = "CVODE",
  .init = cvode_init,
  .step = cvode_step,
  .interpolate = cvode_interpolate,
  .restart = cvode_restart,
  .counters = cvode_counters,
  .free = cvode_free,
};
