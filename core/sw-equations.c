/* sw-equations.c: evaluating the reduced equations.
 *
 * Order of one evaluation at (t, y):
 *   prescribed motions p(t) and the states give q, x;
 *   algebraic coordinates solve their force balance (Newton on each block);
 *   first-order coordinates solve theirs for their velocities;
 *   all forces f, generalized forces Q = T^T f, and the accelerations of the
 *   massive coordinates from the factored blocks of T^T M T.
 * The work is linear in the size of a chain: every block is small.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-equations-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include "sw-error.h"
#include <lapacke.h>

static guint
max_block (const SwBlock *blocks, guint n)
{
  guint m = 1;

  for (guint b = 0; b < n; b++)
    m = MAX (m, blocks[b].n);
  return m;
}

SwEquations *
sw_equations_new (const SwSystem *sys)
{
  SwEquations *eq = g_new0 (SwEquations, 1);
  guint nc = MAX (sys->n_coords, 1), nd = MAX (sys->n_drivers, 1), nn = MAX (sys->n_nodes, 1);
  guint mb = MAX (max_block (sys->first_order_blocks, sys->n_first_order_blocks),
                  max_block (sys->algebraic_blocks, sys->n_algebraic_blocks));
  guint mv = MAX (mb, max_block (sys->massive_blocks, sys->n_massive_blocks));

  for (guint b = 0; b < sys->n_row_blocks; b++)
    mv = MAX (mv, sys->row_blocks[b].n);
  eq->sys = sys;
  eq->q = g_new0 (double, nc);
  eq->qd = g_new0 (double, nc);
  eq->qdd = g_new0 (double, nc);
  eq->Q = g_new0 (double, nc);
  eq->p = g_new0 (double, nd);
  eq->pd = g_new0 (double, nd);
  eq->pdd = g_new0 (double, nd);
  eq->x = g_new0 (double, nn);
  eq->v = g_new0 (double, nn);
  eq->a = g_new0 (double, nn);
  eq->f = g_new0 (double, nn);
  eq->ma = g_new0 (double, nn);
  eq->lambda = g_new0 (double, MAX (sys->n_rows, 1));
  eq->q_guess = g_memdup2 (sys->q_guess, nc * sizeof (double));
  eq->left_from = INFINITY;
  eq->jac = gsl_matrix_alloc (mb, mb);
  eq->vec = gsl_vector_alloc (mv);
  eq->vec2 = gsl_vector_alloc (mv);
  eq->perm = gsl_permutation_alloc (mb);
  return eq;
}

void
sw_equations_free (SwEquations *eq)
{
  if (eq == NULL)
    return;
  g_free (eq->q);
  g_free (eq->qd);
  g_free (eq->qdd);
  g_free (eq->Q);
  g_free (eq->p);
  g_free (eq->pd);
  g_free (eq->pdd);
  g_free (eq->x);
  g_free (eq->v);
  g_free (eq->a);
  g_free (eq->f);
  g_free (eq->ma);
  g_free (eq->lambda);
  g_free (eq->q_guess);
  gsl_matrix_free (eq->jac);
  gsl_vector_free (eq->vec);
  gsl_vector_free (eq->vec2);
  gsl_permutation_free (eq->perm);
  g_clear_error (&eq->error);
  g_free (eq);
}

void
sw_equations_get_state (SwEquations *eq, double t, gboolean left, SwState *state)
{
  state->t = t;
  state->left = left;
  state->x = eq->x;
  state->v = eq->v;
  state->a = eq->a;
  state->lambda = eq->lambda;
}

/* ---- Node values -------------------------------------------------------- */

static inline double
row_dot (const SwSystem *sys, guint i, const double *q, const double *p)
{
  double s = 0;

  for (guint k = sys->t_start[i]; k < sys->t_start[i + 1]; k++)
    s += sys->t_terms[k].coeff * q[sys->t_terms[k].index];
  for (guint k = sys->p_start[i]; k < sys->p_start[i + 1]; k++)
    s += sys->p_terms[k].coeff * p[sys->p_terms[k].index];
  return s;
}

static void
update_nodes (SwEquations *eq, const SwBlock *blk, gboolean velocities)
{
  const SwSystem *sys = eq->sys;

  for (guint k = 0; k < blk->n_nodes; k++)
    {
      guint i = blk->nodes[k];

      if (velocities)
        eq->v[i] = row_dot (sys, i, eq->qd, eq->pd);
      else
        eq->x[i] = row_dot (sys, i, eq->q, eq->p) + sys->x_const[i];
    }
}

static void
fill_drivers (SwEquations *eq, double t, gboolean left, const double *y)
{
  const SwSystem *sys = eq->sys;

  for (guint k = 0; k < sys->n_drivers; k++)
    {
      const SwDriver *d = &sys->drivers[k];
      double s, d1, d2;

      s = sw_signal_eval (d->signal, t, left, &d1, &d2);
      switch (d->motion)
        {
        case SW_MOTION_POSITION:
          eq->p[k] = s, eq->pd[k] = d1, eq->pdd[k] = d2;
          break;
        case SW_MOTION_SPEED:
          eq->p[k] = y[d->state], eq->pd[k] = s, eq->pdd[k] = d1;
          break;
        case SW_MOTION_ACCELERATION:
          eq->p[k] = y[d->state], eq->pd[k] = y[d->state + 1], eq->pdd[k] = s;
          break;
        }
    }
}

/* ---- Massless blocks ---------------------------------------------------- */

/* Q of the block's coordinates from the forces of the block's parts only. */
static void
block_residual (SwEquations *eq, const SwBlock *blk, double t, gboolean left, gsl_vector *r)
{
  const SwSystem *sys = eq->sys;
  SwState state;

  sw_equations_get_state (eq, t, left, &state);
  for (guint k = 0; k < blk->n_parts; k++)
    {
      const SwPart *p = &sys->parts[blk->parts[k]];
      for (guint port = 0; port < p->kind->n_ports; port++)
        eq->f[p->node[port]] = 0;
    }
  for (guint k = 0; k < blk->n_parts; k++)
    {
      const SwPart *p = &sys->parts[blk->parts[k]];
      p->kind->forces (p, &state, eq->f);
    }
  for (guint k = 0; k < blk->n; k++)
    {
      guint j = blk->coords[k];
      double s = 0;

      for (guint c = sys->c_start[j]; c < sys->c_start[j + 1]; c++)
        s += sys->c_terms[c].coeff * eq->f[sys->c_terms[c].index];
      gsl_vector_set (r, k, s);
    }
  for (guint k = 0; k < blk->n_parts; k++)
    {
      const SwPart *p = &sys->parts[blk->parts[k]];
      for (guint port = 0; port < p->kind->n_ports; port++)
        eq->f[p->node[port]] = 0;
    }
}

/* Newton with a difference Jacobian: the unknowns are the block's positions
 * (algebraic) or velocities (first order). Linear elements converge in one
 * step; the second confirms. */
static gboolean
solve_block (SwEquations *eq, const SwBlock *blk, double t, gboolean left, gboolean velocities)
{
  double *z = velocities ? eq->qd : eq->q;
  guint n = blk->n;
  gsl_matrix_view J = gsl_matrix_submatrix (eq->jac, 0, 0, n, n);
  gsl_vector_view r = gsl_vector_subvector (eq->vec, 0, n);
  gsl_vector_view r2 = gsl_vector_subvector (eq->vec2, 0, n);
  gsl_permutation perm = { n, eq->perm->data };

  for (guint iter = 0; iter < 50; iter++)
    {
      double step = 0;
      int sign;

      block_residual (eq, blk, t, left, &r.vector);
      for (guint k = 0; k < n; k++)
        {
          guint j = blk->coords[k];
          double z0 = z[j], h = 1e-7 * (1 + fabs (z0));

          z[j] = z0 + h;
          update_nodes (eq, blk, velocities);
          block_residual (eq, blk, t, left, &r2.vector);
          for (guint m = 0; m < n; m++)
            gsl_matrix_set (&J.matrix, m, k, (gsl_vector_get (&r2.vector, m) - gsl_vector_get (&r.vector, m)) / h);
          z[j] = z0;
        }
      if (gsl_linalg_LU_decomp (&J.matrix, &perm, &sign) != GSL_SUCCESS
          || fabs (gsl_linalg_LU_det (&J.matrix, sign)) < 1e-300
          || gsl_linalg_LU_svx (&J.matrix, &perm, &r.vector) != GSL_SUCCESS)
        {
          g_clear_error (&eq->error);
          g_set_error (&eq->error, SW_ERROR, SW_ERROR_SINGULAR,
                       velocities
                         ? _("at t = %g s the massless shaft section at component “%s” can move without "
                             "resistance: its dampers do not hold it (a damper with both ends free, or with "
                             "zero damping); connect it to an inertia or a ground")
                         : _("at t = %g s the massless shaft section at component “%s” can move without "
                             "resistance: its springs do not hold it (a spring with both ends free, or with "
                             "zero stiffness); connect it to an inertia or a ground"),
                       t, eq->sys->parts[blk->parts[0]].id);
          update_nodes (eq, blk, velocities);
          return FALSE;
        }
      for (guint k = 0; k < n; k++)
        {
          guint j = blk->coords[k];
          double dz = -gsl_vector_get (&r.vector, k);

          z[j] += dz;
          step = MAX (step, fabs (dz) / (1 + fabs (z[j])));
        }
      update_nodes (eq, blk, velocities);
      if (step < 1e-13 || (iter > 0 && step < 1e-11))
        return TRUE;
    }
  g_clear_error (&eq->error);
  g_set_error (&eq->error, SW_ERROR, SW_ERROR_NOT_CONVERGED,
               _("at t = %g s the force balance of the massless section at component “%s” did not converge"),
               t, eq->sys->parts[blk->parts[0]].id);
  return FALSE;
}

/* ---- One evaluation ----------------------------------------------------- */

gboolean
sw_equations_eval (SwEquations *eq, double t, const double *y, double *ydot)
{
  const SwSystem *sys = eq->sys;
  gboolean left = t >= eq->left_from;
  SwState state;

  eq->n_evals++;
  fill_drivers (eq, t, left, y);
  for (guint j = 0; j < sys->n_coords; j++)
    {
      guint slot = sys->coord_state[j];

      switch (sys->coord_class[j])
        {
        case SW_COORD_MASSIVE:
          eq->q[j] = y[slot], eq->qd[j] = y[slot + sys->n_massive];
          break;
        case SW_COORD_FIRST_ORDER:
          eq->q[j] = y[slot], eq->qd[j] = 0;
          break;
        case SW_COORD_ALGEBRAIC:
          eq->q[j] = eq->q_guess[j], eq->qd[j] = 0;
          break;
        }
      eq->qdd[j] = 0;
    }
  for (guint i = 0; i < sys->n_nodes; i++)
    {
      eq->x[i] = row_dot (sys, i, eq->q, eq->p) + sys->x_const[i];
      eq->v[i] = row_dot (sys, i, eq->qd, eq->pd);
    }

  for (guint b = 0; b < sys->n_algebraic_blocks; b++)
    {
      const SwBlock *blk = &sys->algebraic_blocks[b];

      if (!solve_block (eq, blk, t, left, FALSE))
        return FALSE;
      for (guint k = 0; k < blk->n; k++)
        eq->q_guess[blk->coords[k]] = eq->q[blk->coords[k]];
    }
  for (guint b = 0; b < sys->n_first_order_blocks; b++)
    if (!solve_block (eq, &sys->first_order_blocks[b], t, left, TRUE))
      return FALSE;

  /* All forces, then T^T (f - M a_p). */
  sw_equations_get_state (eq, t, left, &state);
  memset (eq->f, 0, sys->n_nodes * sizeof (double));
  for (guint k = 0; k < sys->n_force_parts; k++)
    {
      const SwPart *p = &sys->parts[sys->force_parts[k]];
      p->kind->forces (p, &state, eq->f);
    }
  for (guint i = 0; i < sys->n_nodes; i++)
    eq->a[i] = row_dot (sys, i, eq->qdd, eq->pdd);   /* prescribed part only: qdd is 0 */
  _sw_system_apply_mass (sys, eq->a, eq->ma);
  for (guint b = 0; b < sys->n_massive_blocks; b++)
    {
      const SwBlock *blk = &sys->massive_blocks[b];
      gsl_vector_view rhs = gsl_vector_subvector (eq->vec, 0, blk->n);

      for (guint k = 0; k < blk->n; k++)
        {
          guint j = blk->coords[k];
          double s = 0;

          for (guint c = sys->c_start[j]; c < sys->c_start[j + 1]; c++)
            {
              guint i = sys->c_terms[c].index;
              s += sys->c_terms[c].coeff * (eq->f[i] - eq->ma[i]);
            }
          gsl_vector_set (&rhs.vector, k, s);
        }
      LAPACKE_dpbtrs (LAPACK_COL_MAJOR, 'L', blk->n, blk->band, 1, blk->factor, blk->band + 1,
                      rhs.vector.data, blk->n);
      for (guint k = 0; k < blk->n; k++)
        eq->qdd[blk->coords[k]] = gsl_vector_get (&rhs.vector, k);
    }
  for (guint i = 0; i < sys->n_nodes; i++)
    eq->a[i] = row_dot (sys, i, eq->qdd, eq->pdd);

  if (ydot != NULL)
    {
      for (guint j = 0; j < sys->n_coords; j++)
        {
          guint slot = sys->coord_state[j];

          if (sys->coord_class[j] == SW_COORD_MASSIVE)
            {
              ydot[slot] = eq->qd[j];
              ydot[slot + sys->n_massive] = eq->qdd[j];
            }
          else if (sys->coord_class[j] == SW_COORD_FIRST_ORDER)
            ydot[slot] = eq->qd[j];
        }
      for (guint k = 0; k < sys->n_drivers; k++)
        {
          const SwDriver *d = &sys->drivers[k];

          if (d->motion == SW_MOTION_SPEED)
            ydot[d->state] = eq->pd[k];
          else if (d->motion == SW_MOTION_ACCELERATION)
            {
              ydot[d->state] = eq->pd[k];
              ydot[d->state + 1] = eq->pdd[k];
            }
        }
    }
  return TRUE;
}

/* ---- Outputs ------------------------------------------------------------ */

/* The state moved by dt along its flow (first order in dt, enough for the
 * differences below, which are taken over one such move). */
static gboolean
eval_moved (SwEquations *eq, double t, const double *y, const double *ydot, double dt, double *tmp)
{
  for (guint k = 0; k < eq->sys->n_states; k++)
    tmp[k] = y[k] + dt * ydot[k];
  return sw_equations_eval (eq, t + dt, tmp, NULL);
}

/* Velocities of the algebraic coordinates by a difference of their
 * solutions along the flow; side -1 backward, +1 forward, 0 central. */
static gboolean
algebraic_rates (SwEquations *eq, double t, const double *y, int side, double h, double *out,
                 double *ydot, double *tmp)
{
  const SwSystem *sys = eq->sys;
  g_autofree double *q0 = g_new (double, MAX (sys->n_coords, 1));
  double lo = side > 0 ? 0 : -h, hi = side < 0 ? 0 : h;

  if (!sw_equations_eval (eq, t, y, ydot))
    return FALSE;
  if (!eval_moved (eq, t, y, ydot, lo, tmp))
    return FALSE;
  memcpy (q0, eq->q, sys->n_coords * sizeof (double));
  if (!eval_moved (eq, t, y, ydot, hi, tmp))
    return FALSE;
  for (guint j = 0; j < sys->n_coords; j++)
    out[j] = (eq->q[j] - q0[j]) / (hi - lo);
  return TRUE;
}

gboolean
sw_equations_complete (SwEquations *eq, double t, const double *y, gboolean left)
{
  const SwSystem *sys = eq->sys;
  SwState state;

  if (sys->n_first_order + sys->n_algebraic > 0)
    {
      guint nc = MAX (sys->n_coords, 1), ns = MAX (sys->n_states, 1);
      g_autofree double *qd_alg = g_new0 (double, nc);
      g_autofree double *qdd = g_new0 (double, nc);
      g_autofree double *qd_lo = g_new0 (double, nc);
      g_autofree double *qd_hi = g_new0 (double, nc);
      g_autofree double *ydot = g_new0 (double, ns);
      g_autofree double *ydot2 = g_new0 (double, ns);
      g_autofree double *tmp = g_new0 (double, ns);
      g_autofree double *tmp2 = g_new0 (double, ns);
      int side = left ? -1 : 1;
      double scale = 1 + fabs (t), h = 1e-7 * scale, H = 1e-4 * scale;
      double lo = side > 0 ? 0 : -H, hi = side < 0 ? 0 : H;

      if (!algebraic_rates (eq, t, y, side, h, qd_alg, ydot, tmp))
        return FALSE;
      /* Massless accelerations: differences of the velocities over H. */
      for (int end = 0; end < 2; end++)
        {
          double dt = end == 0 ? lo : hi;
          double *out = end == 0 ? qd_lo : qd_hi;

          for (guint k = 0; k < sys->n_states; k++)
            tmp2[k] = y[k] + dt * ydot[k];
          if (!algebraic_rates (eq, t + dt, tmp2, side, h, out, ydot2, tmp))
            return FALSE;
          if (!sw_equations_eval (eq, t + dt, tmp2, NULL))
            return FALSE;
          for (guint j = 0; j < sys->n_coords; j++)
            if (sys->coord_class[j] == SW_COORD_FIRST_ORDER)
              out[j] = eq->qd[j];
        }
      for (guint j = 0; j < sys->n_coords; j++)
        qdd[j] = (qd_hi[j] - qd_lo[j]) / (hi - lo);

      if (!sw_equations_eval (eq, t, y, NULL))
        return FALSE;
      for (guint j = 0; j < sys->n_coords; j++)
        if (sys->coord_class[j] != SW_COORD_MASSIVE)
          {
            if (sys->coord_class[j] == SW_COORD_ALGEBRAIC)
              eq->qd[j] = qd_alg[j];
            eq->qdd[j] = qdd[j];
          }
      for (guint i = 0; i < sys->n_nodes; i++)
        {
          eq->v[i] = row_dot (sys, i, eq->qd, eq->pd);
          eq->a[i] = row_dot (sys, i, eq->qdd, eq->pdd);
        }
    }
  else if (!sw_equations_eval (eq, t, y, NULL))
    return FALSE;

  /* Forces again, with the complete velocities, then the reactions from
   * G G^T lambda = G (M a - f). */
  sw_equations_get_state (eq, t, left, &state);
  memset (eq->f, 0, sys->n_nodes * sizeof (double));
  for (guint k = 0; k < sys->n_force_parts; k++)
    {
      const SwPart *p = &sys->parts[sys->force_parts[k]];
      p->kind->forces (p, &state, eq->f);
    }
  for (guint r = 0; r < sys->n_rows; r++)
    eq->lambda[r] = 0;
  _sw_system_apply_mass (sys, eq->a, eq->ma);
  for (guint b = 0; b < sys->n_row_blocks; b++)
    {
      const SwRowBlock *blk = &sys->row_blocks[b];
      double *rhs = eq->vec->data;

      for (guint k = 0; k < blk->n; k++)
        {
          const SwRow *row = &sys->rows[blk->rows[k]];
          double s = 0;

          for (guint c = 0; c < row->n; c++)
            {
              guint i = row->nodes[c];
              s += row->coeffs[c] * (eq->ma[i] - eq->f[i]);
            }
          rhs[k] = s;
        }
      if (blk->factor != NULL)
        LAPACKE_dpbtrs (LAPACK_COL_MAJOR, 'L', blk->n, blk->band, 1, blk->factor, blk->band + 1, rhs, blk->n);
      for (guint k = 0; k < blk->n; k++)
        eq->lambda[blk->rows[k]] = blk->factor != NULL ? rhs[k] : NAN;
    }
  return TRUE;
}
