/* sw-friction-loss.c: the friction torque of lossy parts (a lossy gear),
 * which depends on the torque the part transmits.
 *
 * Sliding, a lossy part's friction torque is L = alpha + beta tau_t, where
 * the transmitted torque tau_t = T + L, T from the state and the reactions
 * (a gear's multiplier), which in turn depend on L (Modelica solves the
 * same algebraic loop). In one configuration the reactions are affine in
 * the L of the sliding parts, so every evaluation solves r(L) = L - alpha -
 * beta tau_t(L) = 0 by Newton with T's sensitivity to L, taken once per set
 * of sliding parts by unit changes: one step, and one evaluation more to
 * confirm it (a residual that stops falling at the round-off of the
 * reactions is accepted). The state carries L to the parts' forces
 * (SwState.loss). Modal analysis linearises a rolling lossy part with its
 * efficiency (core/modal/sw-linear-friction.c: non-symmetric equations).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-equations-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_linalg.h>
#include "sw-error.h"

#define MAX_LOSS_ITERATIONS 20

static gboolean
is_lossy (const SwPart *p)
{
  return p->kind->friction != NULL && p->kind->friction->loss != NULL;
}

void
_sw_equations_losses_init (SwEquations *eq)
{
  const SwSystem *sys = eq->sys;
  guint n = 0;

  for (guint i = 0; i < sys->n_parts; i++)
    n += is_lossy (&sys->parts[i]);
  if (n == 0)
    return;
  eq->loss_parts = g_new (guint, n);
  for (guint i = 0; i < sys->n_parts; i++)
    if (is_lossy (&sys->parts[i]))
      eq->loss_parts[eq->n_loss_parts++] = i;
  eq->loss_sliding = g_new (guint, n);
  eq->loss_cached = g_new (guint, n);
  eq->n_loss_cached = G_MAXUINT;
  eq->loss_sens = g_new (double, n * n);
  eq->loss_jac = g_new (double, n * n);
  eq->loss_res = g_new (double, n);
  eq->loss_t0 = g_new (double, n);
  eq->loss_perm = g_new (size_t, n);
}

void
_sw_equations_losses_clear (SwEquations *eq)
{
  g_free (eq->loss_parts);
  g_free (eq->loss_sliding);
  g_free (eq->loss_cached);
  g_free (eq->loss_sens);
  g_free (eq->loss_jac);
  g_free (eq->loss_res);
  g_free (eq->loss_t0);
  g_free (eq->loss_perm);
}

static gboolean
sliding (gint8 mode)
{
  return mode == SW_FRICTION_FORWARD || mode == SW_FRICTION_BACKWARD;
}

gboolean
_sw_equations_losses_sliding (const SwEquations *eq)
{
  for (guint k = 0; k < eq->n_loss_parts; k++)
    if (sliding (eq->mode[eq->loss_parts[k]]))
      return TRUE;
  return FALSE;
}

void
_sw_equations_copy_modes (SwEquations *to, const SwEquations *from)
{
  guint n = MAX (to->sys->n_parts, 1);

  memcpy (to->mode, from->mode, n);
  memcpy (to->start, from->start, n);
  memcpy (to->quadrant, from->quadrant, n);
  memcpy (to->impact, from->impact, n * sizeof (double));
  memcpy (to->region, from->region, n);
  memcpy (to->held, from->held, MAX (to->sys->n_held, 1) * sizeof (double));
}

/* T of part (after the reactions). */
static double
transmitted (SwEquations *eq, double t, gboolean left, guint part)
{
  const SwPart *p = &eq->sys->parts[part];
  SwState state;

  sw_equations_get_state (eq, t, left, &state);
  return p->kind->friction->transmitted (p, &state);
}

/* Evaluates with the current L and the reactions. */
static gboolean
evaluate (SwEquations *eq, double t, const double *y, gboolean left)
{
  if (!_sw_equations_eval_plain (eq, t, y, NULL))
    return FALSE;
  _sw_equations_reactions (eq, t, left);
  return TRUE;
}

/* d T_i / d L_j over the sliding parts, by unit changes of each L. */
static gboolean
sensitivity (SwEquations *eq, double t, const double *y, gboolean left, guint m)
{
  if (!evaluate (eq, t, y, left))
    return FALSE;
  for (guint i = 0; i < m; i++)
    eq->loss_t0[i] = transmitted (eq, t, left, eq->loss_sliding[i]);
  for (guint j = 0; j < m; j++)
    {
      double *L = &eq->loss[eq->loss_sliding[j]], h = 1 + fabs (*L);

      *L += h;
      if (!evaluate (eq, t, y, left))
        return FALSE;
      *L -= h;
      for (guint i = 0; i < m; i++)
        eq->loss_sens[i * m + j] = (transmitted (eq, t, left, eq->loss_sliding[i]) - eq->loss_t0[i]) / h;
    }
  memcpy (eq->loss_cached, eq->loss_sliding, m * sizeof (guint));
  eq->n_loss_cached = m;
  return TRUE;
}

/* The largest constraint reaction: the scale of the torques a
 * transmitted torque is made from. */
static double
reaction_scale (const SwEquations *eq)
{
  double scale = 0;

  for (guint r = 0; r < eq->sys->n_rows; r++)
    scale = MAX (scale, fabs (eq->lambda[r]));
  return scale;
}

static gboolean
same_set (const SwEquations *eq, guint m)
{
  return eq->n_loss_cached == m && memcmp (eq->loss_cached, eq->loss_sliding, m * sizeof (guint)) == 0;
}

gboolean
_sw_equations_eval_losses (SwEquations *eq, double t, const double *y, double *ydot)
{
  const SwSystem *sys = eq->sys;
  gboolean left = t >= eq->left_from;
  guint m = 0;
  double res_prev = INFINITY;
  SwState state;

  for (guint k = 0; k < eq->n_loss_parts; k++)
    if (sliding (eq->mode[eq->loss_parts[k]]))
      eq->loss_sliding[m++] = eq->loss_parts[k];
  if (!same_set (eq, m) && !sensitivity (eq, t, y, left, m))
    return FALSE;
  for (guint iter = 0; iter < MAX_LOSS_ITERATIONS; iter++)
    {
      gboolean converged = TRUE;
      double res_max = 0, scale_max = 0;

      if (!evaluate (eq, t, y, left))
        return FALSE;
      sw_equations_get_state (eq, t, left, &state);
      for (guint i = 0; i < m; i++)
        {
          guint part = eq->loss_sliding[i];
          const SwPart *p = &sys->parts[part];
          double L = eq->loss[part], tau_t = p->kind->friction->transmitted (p, &state) + L, alpha, beta;

          p->kind->friction->loss (p, &state, eq->mode[part], eq->quadrant[part] > 0, &alpha, &beta);
          eq->loss_res[i] = L - alpha - beta * tau_t;
          if (!(fabs (eq->loss_res[i]) <= 1e-12 * (fabs (L) + fabs (alpha) + fabs (beta * tau_t)) + 1e-300))
            converged = FALSE;
          res_max = MAX (res_max, fabs (eq->loss_res[i]));
          scale_max = MAX (scale_max, fabs (L) + fabs (alpha) + fabs (beta * tau_t));
          /* dr_i/dL_j = delta_ij - beta_i (delta_ij + dT_i/dL_j) */
          for (guint j = 0; j < m; j++)
            eq->loss_jac[i * m + j] = (i == j) - beta * ((i == j) + eq->loss_sens[i * m + j]);
        }
      /* The loop is affine: a residual that stops falling is the round-off
       * of the reactions the transmitted torques come from (a massless
       * input flange's torque is a difference of larger forces). */
      if (!converged && res_max >= 0.5 * res_prev && res_max <= 1e-8 * (scale_max + reaction_scale (eq)))
        converged = TRUE;
      res_prev = res_max;
      if (converged)
        {
          if (ydot != NULL)
            _sw_equations_write_rates (eq, y, ydot);
          return TRUE;
        }
      if (m == 1)
        eq->loss[eq->loss_sliding[0]] -= eq->loss_res[0] / eq->loss_jac[0];
      else
        {
          gsl_matrix_view J = gsl_matrix_view_array (eq->loss_jac, m, m);
          gsl_vector_view r = gsl_vector_view_array (eq->loss_res, m);
          gsl_permutation perm = { m, eq->loss_perm };
          int sign;

          if (gsl_linalg_LU_decomp (&J.matrix, &perm, &sign) != 0
              || gsl_linalg_LU_svx (&J.matrix, &perm, &r.vector) != 0)
            break;
          for (guint i = 0; i < m; i++)
            eq->loss[eq->loss_sliding[i]] -= eq->loss_res[i];
        }
    }
  g_clear_error (&eq->error);
  g_set_error (&eq->error, SW_ERROR, SW_ERROR_NOT_CONVERGED,
               _("at t = %.9g s the losses of component “%s” could not be solved with the torques it transmits"), t,
               sys->parts[eq->loss_sliding[0]].id);
  return FALSE;
}
