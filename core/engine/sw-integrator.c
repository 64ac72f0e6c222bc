/* sw-integrator.c: what the steppers share (see sw-integrator-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-integrator-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <nvector/nvector_serial.h>
#include "sw-error.h"

/* The run's cancellable is read every this many evaluations. */
#define CANCEL_CHECK_EVALS 256

void
_sw_integrator_to_system (SwIntegrator *it, const double *z, double *y)
{
  if (it->order == NULL)
    memcpy (y, z, it->n * sizeof (double));
  else
    for (guint i = 0; i < it->n; i++)
      y[it->order[i]] = z[i];
}

void
_sw_integrator_from_system (SwIntegrator *it, const double *y, double *z)
{
  if (it->order == NULL)
    memcpy (z, y, it->n * sizeof (double));
  else
    for (guint i = 0; i < it->n; i++)
      z[i] = y[it->order[i]];
}

int
_sw_integrator_rhs (SwIntegrator *it, double t, const double *z, double *zdot)
{
  const double *y = z;
  double *ydot = zdot;
  gboolean finite = TRUE;

  it->n_rhs_evals++;
  if (it->n_rhs_evals % CANCEL_CHECK_EVALS == 0 && g_cancellable_is_cancelled (it->cancellable))
    return -1;
  if (it->order != NULL)
    {
      _sw_integrator_to_system (it, z, it->y_sys);
      y = it->y_sys;
      ydot = it->ydot_sys;
    }
  if (!sw_equations_eval (it->eq, t, y, ydot))
    return -1;
  if (it->check_finite)
    {
      for (guint i = 0; i < it->n; i++)
        finite &= isfinite (ydot[i]) && isfinite (y[i]);
      if (!finite)
        {
          _sw_integrator_note_not_finite (it, t, y);
          return -1;
        }
    }
  if (it->order != NULL)
    _sw_integrator_from_system (it, ydot, zdot);
  return 0;
}

void
_sw_integrator_note_not_finite (SwIntegrator *it, double t, const double *y)
{
  if (it->not_finite)
    return;
  it->not_finite = TRUE;
  it->not_finite_t = t;
  it->not_finite_y = g_memdup2 (y, it->n * sizeof (double));
}

void
_sw_integrator_clear_not_finite (SwIntegrator *it)
{
  it->not_finite = FALSE;
  g_clear_pointer (&it->not_finite_y, g_free);
}

void
_sw_integrator_on_message (int code, const char *module, const char *function, char *message, void *user_data)
{
  SwIntegrator *it = user_data;

  g_free (it->message);
  it->message = g_strdup_printf ("%s: %s", function, message);
}

SwIntegrator *
_sw_integrator_new (const SwSystem *sys, SwEquations *eq, SwMethod method, double tolerance,
                    GCancellable *cancellable, double t0, const double *y0, GError **error)
{
  SwIntegrator *it = g_new0 (SwIntegrator, 1);

  g_return_val_if_fail (method != SW_METHOD_AUTO && sys->n_states > 0, NULL);
  it->type = method == SW_METHOD_ADAMS || method == SW_METHOD_BDF ? &sw_integrator_cvode
             : method != SW_METHOD_RK45                           ? &sw_integrator_erk
             /* Positions and velocities alone: Nystrom form. */
             : sys->n_coords == sys->n_massive && sys->n_states == 2 * sys->n_massive ? &sw_integrator_nystrom
                                                                                        : &sw_integrator_dopri;
  it->sys = sys;
  it->eq = eq;
  it->method = method;
  it->tolerance = tolerance;
  it->cancellable = cancellable;
  it->n = sys->n_states;
  it->y_sys = g_new (double, it->n);
  it->ydot_sys = g_new (double, it->n);
  it->check_finite = it->type != &sw_integrator_dopri && it->type != &sw_integrator_nystrom;
  if (!it->type->init (it, t0, y0, error))
    {
      _sw_integrator_free (it);
      return NULL;
    }
  return it;
}

gboolean
_sw_integrator_sundials_start (SwIntegrator *it, GError **error)
{
  if (SUNContext_Create (NULL, &it->ctx) != 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_NOT_CONVERGED, _("the integrator (SUNDIALS) could not start"));
      return FALSE;
    }
  it->y = N_VNew_Serial (it->n, it->ctx);
  it->scratch = N_VNew_Serial (it->n, it->ctx);
  return it->y != NULL && it->scratch != NULL;
}

void
_sw_integrator_free (SwIntegrator *it)
{
  if (it == NULL)
    return;
  if (it->type != NULL && it->type->free != NULL)
    it->type->free (it);
  if (it->y != NULL)
    N_VDestroy (it->y);
  if (it->scratch != NULL)
    N_VDestroy (it->scratch);
  if (it->ctx != NULL)
    SUNContext_Free (&it->ctx);
  _sw_jacobian_pattern_free (it->pattern);
  g_free (it->order);
  g_free (it->y_sys);
  g_free (it->ydot_sys);
  g_free (it->not_finite_y);
  g_free (it->message);
  g_free (it);
}

gboolean
_sw_integrator_restart (SwIntegrator *it, double t, const double *y, GError **error)
{
  guint64 before[SW_N_COUNTERS] = { 0 }, after[SW_N_COUNTERS] = { 0 };
  gboolean ok;

  /* Whether the library starts its counters afresh or not. */
  it->type->counters (it, before);
  ok = it->type->restart (it, t, y, error);
  it->type->counters (it, after);
  for (guint k = 0; k < SW_N_COUNTERS; k++)
    if (after[k] < before[k])
      it->counted[k] += before[k];
  return ok;
}

void
_sw_integrator_get_stats (SwIntegrator *it, SwSimulateStats *stats)
{
  guint64 c[SW_N_COUNTERS] = { 0 };

  it->type->counters (it, c);
  stats->n_steps = it->counted[SW_COUNT_STEPS] + c[SW_COUNT_STEPS];
  stats->n_rejected = it->counted[SW_COUNT_REJECTED] + c[SW_COUNT_REJECTED];
  stats->n_jacobians = it->counted[SW_COUNT_JACOBIANS] + c[SW_COUNT_JACOBIANS];
  stats->n_jac_rhs_evals = it->counted[SW_COUNT_JAC_EVALS] + c[SW_COUNT_JAC_EVALS];
  stats->n_rhs_evals = it->n_rhs_evals;
}
