/* sw-equations-massless.c: the force balance of a block of massless
 * coordinates (algebraic: their positions; first order: their
 * velocities) solved by Newton with a kept, factored Jacobian
 * (sw-equations-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-equations-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include "sw-error.h"

static void
update_nodes (SwEquations *eq, const SwBlock *blk, gboolean velocities)
{
  const SwSystem *sys = eq->sys;

  for (guint k = 0; k < blk->n_nodes; k++)
    {
      guint i = blk->nodes[k];

      if (velocities)
        eq->v[i] = _sw_row_dot (sys, i, eq->qd, eq->pd);
      else
        eq->x[i] = _sw_row_dot (sys, i, eq->q, eq->p) + sys->x_const[i];
    }
}

/* Q of the block's coordinates from the forces of the block's parts only. */
static void
block_residual (SwEquations *eq, const SwBlock *blk, double t, gboolean left, double *r)
{
  const SwSystem *sys = eq->sys;
  SwState state;

  sw_equations_get_state (eq, t, left, &state);
  for (guint k = 0; k < blk->n_parts; k++)
    {
      const SwPart *p = &sys->parts[blk->parts[k]];
      for (guint port = 0; port < sw_part_n_nodes (p); port++)
        eq->f[p->node[port]] = 0;
    }
  for (guint k = 0; k < blk->n_parts; k++)
    {
      const SwPart *p = &sys->parts[blk->parts[k]];
      _sw_equations_part_forces (eq, p, &state, eq->f);
    }
  for (guint k = 0; k < blk->n; k++)
    {
      guint j = blk->coords[k];
      double s = 0;

      for (guint c = sys->c_start[j]; c < sys->c_start[j + 1]; c++)
        s += sys->c_terms[c].coeff * eq->f[sys->c_terms[c].index];
      r[k] = s;
    }
  for (guint k = 0; k < blk->n_parts; k++)
    {
      const SwPart *p = &sys->parts[blk->parts[k]];
      for (guint port = 0; port < sw_part_n_nodes (p); port++)
        eq->f[p->node[port]] = 0;
    }
}

static void
set_block_error (SwEquations *eq, const SwBlock *blk, double t, gboolean velocities)
{
  g_clear_error (&eq->error);
  /* A friction element on the section: sliding, its torque does not depend
   * on where the section is, and a constant friction coefficient not on
   * its speed either, so nothing but an inertia or a damper there can set
   * them (Modelica puts an inertia on both sides of every clutch). */
  for (guint k = 0; velocities && k < blk->n_parts; k++)
    if (eq->sys->parts[blk->parts[k]].kind->friction != NULL)
      {
        g_set_error (&eq->error, SW_ERROR, SW_ERROR_SINGULAR,
                     _("at t = %g s the friction element “%s” sits on a massless shaft section that nothing "
                       "holds while it slides or is released (a spring alone there does not set the "
                       "section's speed); put an inertia, or a damper, between “%s” and the next spring"),
                     t, eq->sys->parts[blk->parts[k]].id, eq->sys->parts[blk->parts[k]].id);
        return;
      }
  g_set_error (&eq->error, SW_ERROR, SW_ERROR_SINGULAR,
               velocities
                 ? _("at t = %g s the massless shaft section at component “%s” can move without "
                     "resistance: its dampers do not hold it (a damper with both ends free, or with "
                     "zero damping); connect it to an inertia or a ground")
                 : _("at t = %g s the massless shaft section at component “%s” can move without "
                     "resistance: its springs do not hold it (a spring with both ends free, or with "
                     "zero stiffness); connect it to an inertia or a ground"),
               t, eq->sys->parts[blk->parts[0]].id);
}

/* ---- Banded blocks ----------------------------------------------------------
 *
 * A banded block's Jacobian J (entries within band of the diagonal) in
 * LAPACK's general band storage, column by column: J(i, j) at
 * lu[kv + i - j + j ldab], kv = 2 band, ldab = 3 band + 1, the band rows
 * above left for the fill of row interchanges. Factored in place with
 * partial pivoting (the unblocked algorithm of LAPACK's dgbtf2), solved
 * as dgbtrs does: O(n band^2), not O(n^3). */

#define AB(i, j) lu[kv + (gsize) (i) - (gsize) (j) + (gsize) (j) * ldab]

static gboolean
band_lu (guint n, guint band, double *lu, size_t *piv)
{
  gsize kv = 2 * (gsize) band, ldab = 3 * (gsize) band + 1;
  guint ju = 0;

  for (guint j = 0; j < n; j++)
    {
      guint km = MIN (band, n - 1 - j), p = 0;
      double best = fabs (AB (j, j));

      for (guint i = 1; i <= km; i++)
        if (fabs (AB (j + i, j)) > best)
          {
            best = fabs (AB (j + i, j));
            p = i;
          }
      piv[j] = j + p;
      if (!(best > 0) || !isfinite (best))
        return FALSE;
      ju = MAX (ju, MIN (j + band + p, n - 1));
      if (p != 0)
        for (guint c = j; c <= ju; c++)
          {
            double swap = AB (j, c);

            AB (j, c) = AB (j + p, c);
            AB (j + p, c) = swap;
          }
      for (guint i = 1; i <= km; i++)
        AB (j + i, j) /= AB (j, j);
      for (guint c = j + 1; c <= ju; c++)
        {
          double a = AB (j, c);

          if (a != 0)
            for (guint i = 1; i <= km; i++)
              AB (j + i, c) -= AB (j + i, j) * a;
        }
    }
  return TRUE;
}

static void
band_solve (guint n, guint band, const double *lu, const size_t *piv, double *b)
{
  gsize kv = 2 * (gsize) band, ldab = 3 * (gsize) band + 1;

  for (guint j = 0; j < n; j++)
    {
      guint lm = MIN (band, n - 1 - j);

      if (piv[j] != j)
        {
          double swap = b[j];

          b[j] = b[piv[j]];
          b[piv[j]] = swap;
        }
      for (guint i = 1; i <= lm; i++)
        b[j + i] -= AB (j + i, j) * b[j];
    }
  for (guint j = n; j-- > 0;)
    {
      b[j] /= AB (j, j);
      for (guint i = j > kv ? j - (guint) kv : 0; i < j; i++)
        b[i] -= AB (i, j) * b[j];
    }
}

/* The Jacobian of a banded block: the columns 2 band + 1 apart change
 * disjoint rows, so one residual gives all of them (2 band + 1 residuals
 * in all, each linear in the block's size). */
static gboolean
band_jacobian (SwEquations *eq, const SwBlock *blk, SwNewtonCache *cache, double t, gboolean left,
               gboolean velocities, const double *r)
{
  double *z = velocities ? eq->qd : eq->q, *lu = cache->lu;
  double *r2 = eq->res2, *h = cache->steps;
  guint n = blk->n, band = blk->band, period = 2 * band + 1;
  gsize kv = 2 * (gsize) band, ldab = 3 * (gsize) band + 1;

  memset (lu, 0, n * ldab * sizeof (double));
  for (guint group = 0; group < period && group < n; group++)
    {
      for (guint k = group; k < n; k += period)
        {
          guint j = blk->coords[k];

          h[k] = 1e-7 * (1 + fabs (z[j]));
          z[j] += h[k];
        }
      update_nodes (eq, blk, velocities);
      block_residual (eq, blk, t, left, r2);
      for (guint k = group; k < n; k += period)
        {
          guint j = blk->coords[k];

          z[j] -= h[k];
          for (guint m = k > band ? k - band : 0; m <= MIN (n - 1, k + band); m++)
            AB (m, k) = (r2[m] - r[m]) / h[k];
        }
    }
  update_nodes (eq, blk, velocities);
  return band_lu (n, band, lu, cache->perm);
}

#undef AB

/* The block's Jacobian at the current unknowns by forward differences,
 * LU-factored into the cache; r holds the residual there. */
static gboolean
block_jacobian (SwEquations *eq, const SwBlock *blk, SwNewtonCache *cache, double t, gboolean left,
                gboolean velocities, const double *r)
{
  double *z = velocities ? eq->qd : eq->q;
  double *r2 = eq->res2;
  guint n = blk->n;
  gsl_matrix_view J = gsl_matrix_view_array (cache->lu, n, n);
  gsl_permutation perm = { n, cache->perm };
  int sign;

  eq->n_jacobians++;
  cache->valid = FALSE;
  if (blk->banded)
    {
      if (!band_jacobian (eq, blk, cache, t, left, velocities, r))
        {
          set_block_error (eq, blk, t, velocities);
          return FALSE;
        }
      cache->valid = TRUE;
      return TRUE;
    }
  for (guint k = 0; k < n; k++)
    {
      guint j = blk->coords[k];
      double z0 = z[j], h = 1e-7 * (1 + fabs (z0));

      z[j] = z0 + h;
      update_nodes (eq, blk, velocities);
      block_residual (eq, blk, t, left, r2);
      for (guint m = 0; m < n; m++)
        cache->lu[m * n + k] = (r2[m] - r[m]) / h;
      z[j] = z0;
    }
  update_nodes (eq, blk, velocities);
  if (gsl_linalg_LU_decomp (&J.matrix, &perm, &sign) != GSL_SUCCESS
      || fabs (gsl_linalg_LU_det (&J.matrix, sign)) < 1e-300)
    {
      set_block_error (eq, blk, t, velocities);
      return FALSE;
    }
  cache->valid = TRUE;
  return TRUE;
}

/* Newton on the block's force balance: the unknowns are its positions
 * (algebraic) or velocities (first order). The Jacobian is kept factored
 * between evaluations (exact for linear elements, so they converge in one
 * step and one residual confirms it); it is made again where the steps
 * stop shrinking fast, as for nonlinear elements far from where it was
 * taken. */
gboolean
_sw_equations_solve_block (SwEquations *eq, guint index, double t, gboolean left)
{
  const SwSystem *sys = eq->sys;
  const SwBlock *blk = _sw_massless_block (sys, index);
  SwNewtonCache *cache = &eq->newton[index];
  gboolean velocities = index < sys->n_first_order_blocks;
  double *z = velocities ? eq->qd : eq->q;
  double *r = eq->res;
  guint n = blk->n, jac_iter = 0;
  double before = 0, last = 0;   /* the two last steps */
  /* One unknown: the values seen where the residual is negative and
   * positive. Newton steps that leave that bracket bisect it instead, so
   * a residual with kinks (a backlash that never pulls, a friction law)
   * cannot make the iteration cycle. */
  double z_neg = NAN, z_pos = NAN, widths[2] = { INFINITY, INFINITY };
  double r_first = 0, r_last = 0;  /* the residual at the first and the last iterate */

  for (guint iter = 0; iter < 100; iter++)
    {
      double step = 0;

      block_residual (eq, blk, t, left, r);
      for (guint k = 0; k < n; k++)
        r_last = k == 0 ? fabs (r[k]) : MAX (r_last, fabs (r[k]));
      if (iter == 0)
        r_first = r_last;
      if (n == 1)
        {
          if (r[0] < 0)
            z_neg = z[blk->coords[0]];
          else if (r[0] > 0)
            z_pos = z[blk->coords[0]];
        }
      if (!cache->valid || (iter >= jac_iter + 2 && last > 1e-2 * before))
        {
          if (!block_jacobian (eq, blk, cache, t, left, velocities, r))
            return FALSE;
          jac_iter = iter;
        }
      if (n == 1)
        {
          double z0 = z[blk->coords[0]], next = z0 - r[0] / cache->lu[0];

          double width = fabs (z_pos - z_neg);

          /* Outside the bracket, or it has not halved in two steps (Newton
           * from either side of a kink lands near the other end). */
          if (!isnan (width) && (!(next > MIN (z_neg, z_pos) && next < MAX (z_neg, z_pos)) || width > 0.5 * widths[0]))
            next = 0.5 * (z_neg + z_pos);
          if (!isnan (width))
            {
              widths[0] = widths[1];
              widths[1] = width;
            }
          r[0] = z0 - next;
        }
      else if (blk->banded)
        band_solve (n, blk->band, cache->lu, cache->perm, r);
      else
        {
          gsl_matrix_view J = gsl_matrix_view_array (cache->lu, n, n);
          gsl_vector_view rv = gsl_vector_view_array (r, n);
          gsl_permutation perm = { n, cache->perm };

          gsl_linalg_LU_svx (&J.matrix, &perm, &rv.vector);
        }
      for (guint k = 0; k < n; k++)
        {
          guint j = blk->coords[k];
          double dz = -r[k];

          z[j] += dz;
          step = MAX (step, fabs (dz) / (1 + fabs (z[j])));
        }
      update_nodes (eq, blk, velocities);
      if (step < 1e-13 || (iter > 0 && step < 1e-11))
        return TRUE;
      before = last;
      last = step;
    }
  g_clear_error (&eq->error);
  /* A residual that never changed sign (one unknown) or never fell: no
   * speed (position) balances the section. */
  if ((n == 1 && (isnan (z_neg) || isnan (z_pos))) || r_last >= 0.5 * r_first)
    g_set_error (&eq->error, SW_ERROR, SW_ERROR_NOT_CONVERGED,
                 velocities
                 ? _("at t = %g s the torques on the massless section at component “%s” balance at no speed: "
                     "something drives it (a slipping clutch, a source) and nothing there takes it (an open "
                     "backlash or gap, a free clutch); give the section an inertia")
                 : _("at t = %g s the torques on the massless section at component “%s” balance at no "
                     "position: something drives it and nothing there takes it (an open backlash or gap); "
                     "give the section an inertia or a spring"),
                 t, eq->sys->parts[blk->parts[0]].id);
  else
    g_set_error (&eq->error, SW_ERROR, SW_ERROR_NOT_CONVERGED,
                 _("at t = %g s the force balance of the massless section at component “%s” did not converge"),
                 t, eq->sys->parts[blk->parts[0]].id);
  return FALSE;
}
