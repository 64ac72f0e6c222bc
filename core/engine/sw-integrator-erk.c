/* sw-integrator-erk.c: explicit Runge-Kutta pairs, SUNDIALS ARKODE ERKStep.
 *
 *   rkck   Cash-Karp 5(4), 6 stages
 *   rk8pd  Fehlberg 8(7), 13 stages (GSL's rk8pd was Prince-Dormand 8(7),
 *          which ARKODE lacks; its Verner 6(5) came out far less accurate
 *          than its tolerance here). Fehlberg's error estimate vanishes on a
 *          pure quadrature y' = f(t): a model whose only states are those of
 *          speed or acceleration sources runs Dormand-Prince instead.
 *
 * Dense output: ARKODE's Hermite interpolant over the last step (its
 * default degree), which costs at most two more evaluations in a step that
 * holds output times.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-integrator-private.h"

#include <glib/gi18n-lib.h>
#include <arkode/arkode_erkstep.h>
#include <nvector/nvector_serial.h>
#include "sw-error.h"

static int
erk_rhs (realtype t, N_Vector y, N_Vector ydot, void *data)
{
  return _sw_integrator_rhs (data, t, N_VGetArrayPointer (y), N_VGetArrayPointer (ydot));
}

static gboolean
failed (SwIntegrator *it, int status, double t, GError **error)
{
  g_set_error (error, SW_ERROR, SW_ERROR_NOT_CONVERGED,
               _("the integrator (%s, ARKODE) failed at t = %.9g s (%s); try a smaller tolerance or the method "
                 "“bdf”; check stiffnesses and inertias"),
               sw_method_to_name (it->method), t, it->message != NULL ? it->message : ERKStepGetReturnFlagName (status));
  return FALSE;
}

static gboolean
erk_init (SwIntegrator *it, double t0, const double *y0, GError **error)
{
  ARKODE_ERKTableID table;
  int status;

  if (!_sw_integrator_sundials_start (it, error))
    return FALSE;
  _sw_integrator_from_system (it, y0, N_VGetArrayPointer (it->y));
  it->mem = ERKStepCreate (erk_rhs, t0, it->y, it->ctx);
  if (it->mem == NULL)
    return failed (it, ARK_MEM_NULL, t0, error);
  switch (it->method)
    {
    case SW_METHOD_RKCK: table = ARKODE_CASH_KARP_6_4_5; break;
    case SW_METHOD_RK8PD:
      /* Fehlberg's estimate vanishes when every state is a quadrature. */
      table = it->sys->n_massive + it->sys->n_first_order > 0 ? ARKODE_FEHLBERG_13_7_8 : ARKODE_DORMAND_PRINCE_7_4_5;
      break;
    case SW_METHOD_RK45:
    default: table = ARKODE_DORMAND_PRINCE_7_4_5; break;
    }
  status = ERKStepSetErrHandlerFn (it->mem, _sw_integrator_on_message, it);
  if (status == ARK_SUCCESS)
    status = ERKStepSetUserData (it->mem, it);
  if (status == ARK_SUCCESS)
    {
      /* Each state over its scale (sw-integrator.c). */
      _sw_integrator_update_scales (it, N_VGetArrayPointer (it->y));
      status = ERKStepWFtolerances (it->mem, _sw_integrator_weights);
    }
  if (status == ARK_SUCCESS)
    status = ERKStepSetTableNum (it->mem, table);
  if (status == ARK_SUCCESS)
    status = ERKStepSetMaxNumSteps (it->mem, -1);
  /* Explicit pairs on a stiff model: many rejections, never a failure. */
  if (status == ARK_SUCCESS)
    status = ERKStepSetMaxErrTestFails (it->mem, 100);

  if (status != ARK_SUCCESS)
    return failed (it, status, t0, error);
  return TRUE;
}

static gboolean
erk_step (SwIntegrator *it, double t_stop, double *t, double *y, GError **error)
{
  realtype tret = *t;
  int status = ERKStepSetStopTime (it->mem, t_stop);

  if (status == ARK_SUCCESS)
    status = ERKStepEvolve (it->mem, t_stop, it->y, &tret, ARK_ONE_STEP);
  if (status < 0)
    return failed (it, status, tret, error);
  *t = status == ARK_TSTOP_RETURN ? t_stop : tret;
  _sw_integrator_to_system (it, N_VGetArrayPointer (it->y), y);
  /* The next step's weights. */
  _sw_integrator_update_scales (it, N_VGetArrayPointer (it->y));
  return TRUE;
}

static gboolean
erk_interpolate (SwIntegrator *it, double t, double *y, GError **error)
{
  int status = ERKStepGetDky (it->mem, t, 0, it->scratch);

  if (status == ARK_SUCCESS)
    _sw_integrator_to_system (it, N_VGetArrayPointer (it->scratch), y);
  return status == ARK_SUCCESS || failed (it, status, t, error);
}

static gboolean
erk_restart (SwIntegrator *it, double t, const double *y, GError **error)
{
  int status;

  _sw_integrator_from_system (it, y, N_VGetArrayPointer (it->y));
  _sw_integrator_update_scales (it, N_VGetArrayPointer (it->y));
  status = ERKStepReset (it->mem, t, it->y);
  return status == ARK_SUCCESS || failed (it, status, t, error);
}

static void
erk_counters (SwIntegrator *it, guint64 c[SW_N_COUNTERS])
{
  long steps = 0, fails = 0;

  ERKStepGetNumSteps (it->mem, &steps);
  ERKStepGetNumErrTestFails (it->mem, &fails);
  c[SW_COUNT_STEPS] = steps;
  c[SW_COUNT_REJECTED] = fails;
}

static void
erk_free (SwIntegrator *it)
{
  if (it->mem != NULL)
    ERKStepFree (&it->mem);
}

const SwIntegratorType sw_integrator_erk = {
  .name = "ARKODE ERKStep",
  .init = erk_init,
  .step = erk_step,
  .interpolate = erk_interpolate,
  .restart = erk_restart,
  .counters = erk_counters,
  .free = erk_free,
};
