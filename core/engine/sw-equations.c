/* sw-equations.c: evaluating the reduced equations.
 *
 * Order of one evaluation at (t, y):
 *   prescribed motions p(t) and the states give q, x;
 *   algebraic coordinates solve their force balance (Newton on each block);
 *   first-order coordinates solve theirs for their velocities;
 *   all forces f, generalized forces Q = T^T (f - M a_p), and the
 *   accelerations of the massive coordinates: a multiply by 1/m for a
 *   coordinate alone in its block, band substitutions with the factor made
 *   at assembly for the others.
 * Nothing but arithmetic on the model happens per evaluation: the work is
 * linear in the size of a chain, without allocation or library calls.
 * The Newton blocks keep their factored Jacobian from one evaluation to the
 * next (linear elements: one step and a check). Reactions and node
 * accelerations are computed only for output rows (sw_equations_complete).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-equations-private.h"
#include "sw-friction-private.h"
#include "sw-zeros-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include "sw-error.h"

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
  guint ns = MAX (sys->n_states, 1), n_massless = sys->n_first_order_blocks + sys->n_algebraic_blocks;
  guint mv = MAX (max_block (sys->first_order_blocks, sys->n_first_order_blocks),
                  max_block (sys->algebraic_blocks, sys->n_algebraic_blocks));

  mv = MAX (mv, max_block (sys->massive_blocks, sys->n_massive_blocks));
  for (guint b = 0; b < sys->n_row_blocks; b++)
    mv = MAX (mv, sys->row_blocks[b].n);
  eq->sys = sys;
  eq->q = _sw_zeros (double, nc);
  eq->qd = _sw_zeros (double, nc);
  eq->qdd = _sw_zeros (double, nc);
  eq->Q = _sw_zeros (double, nc);
  eq->p = _sw_zeros (double, nd);
  eq->pd = _sw_zeros (double, nd);
  eq->pdd = _sw_zeros (double, nd);
  eq->x = _sw_zeros (double, nn);
  eq->v = _sw_zeros (double, nn);
  eq->a = _sw_zeros (double, nn);
  eq->f = _sw_zeros (double, nn);
  eq->ap = _sw_zeros (double, nn);
  eq->ma = _sw_zeros (double, nn);
  eq->lambda = _sw_zeros (double, MAX (sys->n_rows, 1));
  /* Read only for algebraic coordinates (sys->q_guess is 0 elsewhere). */
  eq->q_guess = _sw_zeros (double, nc);
  if (sys->n_algebraic > 0)
    memcpy (eq->q_guess, sys->q_guess, nc * sizeof (double));
  eq->qd_guess = _sw_zeros (double, nc);
  eq->left_from = INFINITY;
  eq->event_end = -INFINITY;
  eq->newton = g_new0 (SwNewtonCache, MAX (n_massless, 1));
  for (guint b = 0; b < n_massless; b++)
    {
      const SwBlock *blk = _sw_massless_block (sys, b);
      guint n = blk->n;

      /* Banded: LAPACK's band storage with room for the pivoting's fill. */
      eq->newton[b].lu = g_new (double, blk->banded ? (gsize) n * (3 * blk->band + 1) : (gsize) n * n);
      eq->newton[b].perm = g_new (size_t, n);
      eq->newton[b].steps = blk->banded ? g_new (double, n) : NULL;
    }
  eq->rhs = _sw_zeros (double, mv);
  eq->res = _sw_zeros (double, mv);
  eq->res2 = _sw_zeros (double, mv);
  /* sw_equations_complete()'s differences along the flow: only for
   * massless coordinates (a chain of inertias has none, and two sets of
   * equations of 100 000 bodies saved 21 MB without them). */
  if (sys->n_first_order + sys->n_algebraic > 0)
    {
      eq->c_qd_alg = _sw_zeros (double, nc);
      eq->c_qdd = _sw_zeros (double, nc);
      eq->c_qd_lo = _sw_zeros (double, nc);
      eq->c_qd_hi = _sw_zeros (double, nc);
      eq->c_q0 = _sw_zeros (double, nc);
      eq->c_ydot = _sw_zeros (double, ns);
      eq->c_tmp = _sw_zeros (double, ns);
      eq->c_tmp2 = _sw_zeros (double, ns);
    }
  eq->mode = g_new (gint8, MAX (sys->n_parts, 1));
  memset (eq->mode, SW_FRICTION_FREE, MAX (sys->n_parts, 1));
  eq->start = g_new0 (gint8, MAX (sys->n_parts, 1));
  eq->has_friction = _sw_system_has_friction (sys);
  eq->loss = _sw_zeros (double, MAX (sys->n_parts, 1));
  eq->impact = _sw_zeros (double, MAX (sys->n_parts, 1));
  eq->region = g_new0 (gint8, MAX (sys->n_parts, 1));
  eq->held = _sw_zeros (double, MAX (sys->n_held, 1));
  eq->quadrant = g_new (gint8, MAX (sys->n_parts, 1));
  memset (eq->quadrant, 1, MAX (sys->n_parts, 1));
  _sw_equations_losses_init (eq);
  /* and for the accelerations of lossy parts sliding. */
  if (sys->n_first_order + sys->n_algebraic > 0 || eq->n_loss_parts > 0)
    eq->c_ydot2 = _sw_zeros (double, ns);
  return eq;
}

void
sw_equations_free (SwEquations *eq)
{
  if (eq == NULL)
    return;
  _sw_zeros_free (eq->q);
  _sw_zeros_free (eq->qd);
  _sw_zeros_free (eq->qdd);
  _sw_zeros_free (eq->Q);
  _sw_zeros_free (eq->p);
  _sw_zeros_free (eq->pd);
  _sw_zeros_free (eq->pdd);
  _sw_zeros_free (eq->x);
  _sw_zeros_free (eq->v);
  _sw_zeros_free (eq->a);
  _sw_zeros_free (eq->f);
  _sw_zeros_free (eq->ap);
  _sw_zeros_free (eq->ma);
  _sw_zeros_free (eq->lambda);
  _sw_zeros_free (eq->q_guess);
  _sw_zeros_free (eq->qd_guess);
  for (guint b = 0; b < eq->sys->n_first_order_blocks + eq->sys->n_algebraic_blocks; b++)
    {
      g_free (eq->newton[b].lu);
      g_free (eq->newton[b].steps);
      g_free (eq->newton[b].perm);
    }
  g_free (eq->newton);
  _sw_zeros_free (eq->rhs);
  _sw_zeros_free (eq->res);
  _sw_zeros_free (eq->res2);
  _sw_zeros_free (eq->c_qd_alg);
  _sw_zeros_free (eq->c_qdd);
  _sw_zeros_free (eq->c_qd_lo);
  _sw_zeros_free (eq->c_qd_hi);
  _sw_zeros_free (eq->c_q0);
  _sw_zeros_free (eq->c_ydot);
  _sw_zeros_free (eq->c_ydot2);
  _sw_zeros_free (eq->c_tmp);
  _sw_zeros_free (eq->c_tmp2);
  _sw_zeros_free (eq->jerk);
  _sw_zeros_free (eq->c_jerk_y);
  _sw_zeros_free (eq->c_jerk_ydot);
  g_free (eq->mode);
  g_free (eq->start);
  _sw_zeros_free (eq->loss);
  g_free (eq->quadrant);
  _sw_zeros_free (eq->impact);
  g_free (eq->region);
  _sw_zeros_free (eq->held);
  _sw_equations_losses_clear (eq);
  g_clear_error (&eq->error);
  g_free (eq);
}

/* The time signals and parts see: a right limit within the window of the
 * last time event at the window's end (see _sw_time_event_end()), a left
 * limit at left_from at the latest (the integrator stops there, except in
 * the window before the stop time, which holds no event). */
static inline double
event_time (const SwEquations *eq, double t, gboolean left)
{
  if (left)
    return MIN (t, eq->left_from);
  return t < eq->event_end ? eq->event_end : t;
}

void
sw_equations_get_state (SwEquations *eq, double t, gboolean left, SwState *state)
{
  state->t = event_time (eq, t, left);
  state->left = left;
  state->x = eq->x;
  state->v = eq->v;
  state->a = eq->a;
  state->jerk = eq->jerk;
  state->lambda = eq->lambda;
  state->mode = eq->mode;
  state->start = eq->start;
  state->loss = eq->loss;
  state->quadrant = eq->quadrant;
  state->impact = eq->impact;
  state->region = eq->region;
  state->held = eq->held;
}

void
_sw_equations_start_held (SwEquations *eq, double t)
{
  SwState state;

  sw_equations_get_state (eq, t, FALSE, &state);
  for (guint i = 0; i < eq->sys->n_parts; i++)
    {
      const SwPart *p = &eq->sys->parts[i];
      const SwContactDesc *cd = p->kind->contact;

      if (cd == NULL)
        continue;
      if (cd->start != NULL)
        cd->start (p, &state, eq->held + p->first_held);
      eq->region[i] = (gint8) cd->region (p, &state);
    }
}

/* ---- Node values -------------------------------------------------------- */

/* x = T q + P p + c and v = T q' + P p' on the nodes an evaluation reads. */
static void
needed_nodes (SwEquations *eq, const double *q, const double *qd)
{
  const SwSystem *sys = eq->sys;

  for (guint k = 0; k < sys->n_needed_nodes; k++)
    {
      guint i = sys->needed_nodes[k];

      eq->x[i] = _sw_row_dot (sys, i, q, eq->p) + sys->x_const[i];
      eq->v[i] = _sw_row_dot (sys, i, qd, eq->pd);
    }
}

static void
fill_drivers (SwEquations *eq, double t, gboolean left, const double *y)
{
  const SwSystem *sys = eq->sys;

  t = event_time (eq, t, left);
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
        case SW_MOTION_FILTERED_POSITION:
        case SW_MOTION_FILTERED_SPEED:
          eq->p[k] = y[d->state], eq->pd[k] = y[d->state + 1];
          eq->pdd[k] = _sw_driver_filter (d, s, eq->p[k], eq->pd[k]);
          break;
        case SW_MOTION_MOVE:
          eq->p[k] = s;
          eq->pd[k] = sw_signal_eval (d->speed, t, left, NULL, NULL);
          eq->pdd[k] = sw_signal_eval (d->acceleration, t, left, NULL, NULL);
          break;
        }
    }
}

/* The first-order coordinates' velocities and the sources' rates into
 * ydot. */
static void
write_other_rates (SwEquations *eq, double *ydot)
{
  const SwSystem *sys = eq->sys;

  for (guint b = 0; b < sys->n_first_order_blocks; b++)
    {
      const SwBlock *blk = &sys->first_order_blocks[b];

      for (guint k = 0; k < blk->n; k++)
        ydot[sys->coord_state[blk->coords[k]]] = eq->qd[blk->coords[k]];
    }
  for (guint k = 0; k < sys->n_drivers; k++)
    {
      const SwDriver *d = &sys->drivers[k];

      if (d->motion == SW_MOTION_SPEED)
        ydot[d->state] = eq->pd[k];
      else if (_sw_driver_n_states (d) == 2)
        {
          ydot[d->state] = eq->pd[k];
          ydot[d->state + 1] = eq->pdd[k];
        }
    }
}

/* ---- One evaluation ----------------------------------------------------- */

/* The plain runs' share of the accelerations, in one pass: each run
 * assigns its inner coordinates (no other run touches them) and adds to
 * its ends (cleared before), every term scaled by 1 / m. */
SW_STEP_LOOPS static void
assign_runs (const SwSystem *sys, const double *q, const double *qd, double *qdd)
{
  const double *inverse = sys->mass_inverse;

  for (guint r = 0; r < sys->n_zero_ranges; r++)
    memset (qdd + sys->zero_ranges[r].j0, 0, sys->zero_ranges[r].n * sizeof (double));
  for (guint r = 0; r < sys->n_plain_runs; r++)
    {
      const SwPlainRun *run = &sys->plain_runs[r];
      const double c = run->c, d = run->d, w = run->inverse, *restrict qr = q + run->j0,
                   *restrict qdr = qd + run->j0, *restrict wr = inverse + run->j0;
      double *restrict out = qdd + run->j0, before = c * (qr[1] - qr[0]) + d * (qdr[1] - qdr[0]);
      guint n = run->n;

      /* before: the torque of the element left of coordinate k. (w tau -
       * w before, not w (tau - before): rounded as the same elements
       * added one by one, or as laws by formula. The element left of k is
       * made again at k, not carried from k - 1: no value passes from one
       * coordinate to the next, and the loop runs in vector lanes.) */
      if (w != 0)
        {
          out[0] += w * before;
          for (guint k = 1; k < n; k++)
            {
              double tau = c * (qr[k + 1] - qr[k]) + d * (qdr[k + 1] - qdr[k]);
              double left = c * (qr[k] - qr[k - 1]) + d * (qdr[k] - qdr[k - 1]);

              out[k] = w * tau - w * left;
            }
          out[n] -= w * (c * (qr[n] - qr[n - 1]) + d * (qdr[n] - qdr[n - 1]));
        }
      else
        {
          out[0] += wr[0] * before;
          for (guint k = 1; k < n; k++)
            {
              double tau = c * (qr[k + 1] - qr[k]) + d * (qdr[k + 1] - qdr[k]);

              out[k] = wr[k] * (tau - before);
              before = tau;
            }
          out[n] -= wr[n] * before;
        }
    }
}

/* Q = T^T (f - M a_p) on the massive coordinates, then their
 * accelerations into qdd. With sys->runs_assign every term goes into qdd
 * already scaled by 1 / m (scale), so that a long chain streams through
 * its vectors once. */
static void
massive_accelerations (SwEquations *eq, const double *q, const double *qd, double *qdd)
{
  const SwSystem *sys = eq->sys;
  const SwPlainElement *plain = sys->plain;
  const SwLinearElement *lin = sys->general;
  const double *inverse = sys->mass_inverse;
  /* Every coordinate massive and none in a band block: the forces gather
   * in qdd itself and become accelerations there (one stream less for a
   * long chain, which is memory bound). */
  gboolean in_place = sys->n_coords == sys->n_massive && sys->n_banded == 0;
  gboolean scaled = sys->runs_assign;
  double *Q = in_place ? qdd : eq->Q;

#define SCALE(j) (scaled ? inverse[j] : 1.0)
  if (scaled)
    assign_runs (sys, q, qd, qdd);
  else
    {
      memset (Q, 0, sys->n_coords * sizeof (double));
      for (guint r = 0; r < sys->n_plain_runs; r++)
        {
          const SwPlainRun *run = &sys->plain_runs[r];
          const double c = run->c, d = run->d, *qr = q + run->j0, *qdr = qd + run->j0;
          double *Qr = Q + run->j0;

          for (guint k = 0; k < run->n; k++)
            {
              double tau = c * (qr[k + 1] - qr[k]) + d * (qdr[k + 1] - qdr[k]);

              Qr[k] += tau;
              Qr[k + 1] -= tau;
            }
        }
    }
  for (guint k = 0; k < sys->n_plain; k++)
    {
      const SwPlainElement *e = &plain[k];
      double tau = e->c * (q[e->jb] - q[e->ja]) + e->d * (qd[e->jb] - qd[e->ja]);

      Q[e->ja] += SCALE (e->ja) * tau;
      Q[e->jb] -= SCALE (e->jb) * tau;
    }
  for (guint k = 0; k < sys->n_general; k++)
    {
      double tau = lin[k].c * (lin[k].kb * q[lin[k].jb] - lin[k].ka * q[lin[k].ja] - lin[k].offset)
                   + lin[k].d * (lin[k].kb * qd[lin[k].jb] - lin[k].ka * qd[lin[k].ja]);

      Q[lin[k].ja] += SCALE (lin[k].ja) * lin[k].ka * tau;
      Q[lin[k].jb] -= SCALE (lin[k].jb) * lin[k].kb * tau;
    }
  for (guint k = 0; k < sys->n_needed_nodes; k++)
    {
      guint i = sys->needed_nodes[k];

      for (guint t = sys->t_start[i]; t < sys->t_start[i + 1]; t++)
        {
          guint j = sys->t_terms[t].index;
          Q[j] += SCALE (j) * sys->t_terms[t].coeff * eq->f[i];
        }
    }
  if (sys->n_inertial_nodes > 0)
    {
      /* M a_p, where prescribed motions meet masses. */
      for (guint d = 0; d < sys->n_driven_nodes; d++)
        {
          guint i = sys->driven_nodes[d];
          double s = 0;

          for (guint k = sys->p_start[i]; k < sys->p_start[i + 1]; k++)
            s += sys->p_terms[k].coeff * eq->pdd[sys->p_terms[k].index];
          eq->ap[i] = s;
        }
      for (guint k = 0; k < sys->n_inertial_nodes; k++)
        {
          guint i = sys->inertial_nodes[k];
          eq->ma[i] = sys->mass[i] * eq->ap[i];
        }
      for (guint k = 0; k < sys->n_driven_couplings; k++)
        {
          const SwMassCoupling *c = &sys->couplings[sys->driven_couplings[k]];
          eq->ma[c->a] += c->m * eq->ap[c->b];
          eq->ma[c->b] += c->m * eq->ap[c->a];
        }
      for (guint k = 0; k < sys->n_inertial_nodes; k++)
        {
          guint i = sys->inertial_nodes[k];

          for (guint t = sys->t_start[i]; t < sys->t_start[i + 1]; t++)
            {
              guint j = sys->t_terms[t].index;
              Q[j] -= SCALE (j) * sys->t_terms[t].coeff * eq->ma[i];
            }
        }
    }
#undef SCALE
  if (scaled)
    return;
  /* In place when Q is qdd. */
  if (sys->inverse_runs != NULL)
    for (guint r = 0; r < sys->n_inverse_runs; r++)
      {
        const SwInverseRun *run = &sys->inverse_runs[r];

        for (guint j = run->j0; j < run->j0 + run->n; j++)
          qdd[j] = Q[j] * run->value;
      }
  else
    for (guint j = 0; j < sys->n_massive; j++)
      qdd[j] = Q[j] * inverse[j];
  for (guint b = 0; b < sys->n_banded; b++)
    {
      const SwBlock *blk = &sys->massive_blocks[sys->banded_blocks[b]];
      double *rhs = eq->rhs;

      for (guint k = 0; k < blk->n; k++)
        rhs[k] = Q[blk->coords[k]];
      _sw_band_solve (blk->n, blk->band, blk->factor, blk->diag_inverse, rhs);
      for (guint k = 0; k < blk->n; k++)
        qdd[blk->coords[k]] = rhs[k];
    }
}

/* dy/dt from q' and q'' (massive), the first-order velocities and the
 * sources' rates, after an evaluation that filled them. */
void
_sw_equations_write_rates (SwEquations *eq, const double *y, double *ydot)
{
  const SwSystem *sys = eq->sys;
  guint nm = sys->n_massive;

  memcpy (ydot, y + nm, nm * sizeof (double));
  memcpy (ydot + nm, eq->qdd, nm * sizeof (double));
  write_other_rates (eq, ydot);
}

gboolean
sw_equations_eval (SwEquations *eq, double t, const double *y, double *ydot)
{
  if (eq->n_loss_parts > 0 && _sw_equations_losses_sliding (eq))
    return _sw_equations_eval_losses (eq, t, y, ydot);
  return _sw_equations_eval_plain (eq, t, y, ydot);
}

/* An evaluation up to the massive accelerations, which go to qdd. direct:
 * every coordinate is massive, and the state is read where it is. */
static gboolean
evaluate (SwEquations *eq, double t, const double *y, gboolean direct, double *qdd)
{
  const SwSystem *sys = eq->sys;
  guint nm = sys->n_massive;
  gboolean left = t >= eq->left_from;
  const double *q = direct ? y : eq->q, *qd = direct ? y + nm : eq->qd;
  SwState state;

  eq->n_evals++;
  if (sys->n_drivers > 0)
    fill_drivers (eq, t, left, y);
  if (!direct)
    {
      memcpy (eq->q, y, nm * sizeof (double));
      memcpy (eq->qd, y + nm, nm * sizeof (double));
    }
  for (guint b = 0; b < sys->n_first_order_blocks; b++)
    {
      const SwBlock *blk = &sys->first_order_blocks[b];

      for (guint k = 0; k < blk->n; k++)
        {
          guint j = blk->coords[k];

          eq->q[j] = y[sys->coord_state[j]];
          eq->qd[j] = eq->qd_guess[j];
          eq->qdd[j] = 0;
        }
    }
  for (guint b = 0; b < sys->n_algebraic_blocks; b++)
    {
      const SwBlock *blk = &sys->algebraic_blocks[b];

      for (guint k = 0; k < blk->n; k++)
        {
          guint j = blk->coords[k];

          eq->q[j] = eq->q_guess[j];
          eq->qd[j] = 0;
          eq->qdd[j] = 0;
        }
    }
  needed_nodes (eq, q, qd);

  /* Algebraic blocks first (their positions feed the dampers' blocks). */
  for (guint b = 0; b < sys->n_algebraic_blocks; b++)
    {
      const SwBlock *blk = &sys->algebraic_blocks[b];

      if (!_sw_equations_solve_block (eq, sys->n_first_order_blocks + b, t, left))
        return FALSE;
      for (guint k = 0; k < blk->n; k++)
        eq->q_guess[blk->coords[k]] = eq->q[blk->coords[k]];
    }
  for (guint b = 0; b < sys->n_first_order_blocks; b++)
    {
      const SwBlock *blk = &sys->first_order_blocks[b];

      if (!_sw_equations_solve_block (eq, b, t, left))
        return FALSE;
      for (guint k = 0; k < blk->n; k++)
        eq->qd_guess[blk->coords[k]] = eq->qd[blk->coords[k]];
    }

  /* The forces of the parts that are not flat linear elements, then the
   * accelerations. */
  sw_equations_get_state (eq, t, left, &state);
  for (guint k = 0; k < sys->n_needed_nodes; k++)
    eq->f[sys->needed_nodes[k]] = 0;
  for (guint k = 0; k < sys->n_called_parts; k++)
    {
      const SwPart *p = &sys->parts[sys->called_parts[k]];
      _sw_equations_part_forces (eq, p, &state, eq->f);
    }
  massive_accelerations (eq, q, qd, qdd);
  return TRUE;
}

gboolean
_sw_equations_eval_plain (SwEquations *eq, double t, const double *y, double *ydot)
{
  guint nm = eq->sys->n_massive;
  /* Every coordinate massive: the accelerations go where the integrator
   * wants them. */
  gboolean direct = ydot != NULL && eq->sys->n_coords == nm;

  if (!evaluate (eq, t, y, direct, direct ? ydot + nm : eq->qdd))
    return FALSE;
  if (ydot != NULL)
    {
      memcpy (ydot, y + nm, nm * sizeof (double));
      if (!direct)
        memcpy (ydot + nm, eq->qdd, nm * sizeof (double));
      write_other_rates (eq, ydot);
    }
  return TRUE;
}

gboolean
_sw_equations_eval_accelerations (SwEquations *eq, double t, const double *y, double *a)
{
  guint nm = eq->sys->n_massive;

  g_return_val_if_fail (eq->sys->n_coords == nm && eq->sys->n_states == 2 * nm, FALSE);
  if (eq->n_loss_parts > 0 && _sw_equations_losses_sliding (eq))
    {
      if (!_sw_equations_eval_losses (eq, t, y, eq->c_ydot2))
        return FALSE;
      memcpy (a, eq->c_ydot2 + nm, nm * sizeof (double));
      return TRUE;
    }
  return evaluate (eq, t, y, TRUE, a);
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
  double *q0 = eq->c_q0;
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

void
_sw_equations_want_jerk (SwEquations *eq)
{
  guint ns = MAX (eq->sys->n_states, 1);

  if (eq->jerk != NULL)
    return;
  eq->jerk = _sw_zeros (double, MAX (eq->sys->n_nodes, 1));
  eq->c_jerk_y = _sw_zeros (double, ns);
  eq->c_jerk_ydot = _sw_zeros (double, ns);
}

static gboolean complete_at (SwEquations *eq, double t, const double *y, gboolean left, gboolean accelerations);

/* The equations completed at (t, y), and with eq->jerk the nodes' jerks:
 * the change of their accelerations over a short move along the flow, to
 * the side of the row (before an event's left limit, after anything
 * else). The move is exact to first order, and so is da/dt = a_t + a_y y'
 * from it. */
gboolean
sw_equations_complete (SwEquations *eq, double t, const double *y, gboolean left)
{
  const SwSystem *sys = eq->sys;
  double dt = (left ? -1e-7 : 1e-7) * (1 + fabs (t));

  if (eq->jerk == NULL)
    return complete_at (eq, t, y, left, TRUE);
  if (!sw_equations_eval (eq, t, y, eq->c_jerk_ydot))
    return FALSE;
  for (guint k = 0; k < sys->n_states; k++)
    eq->c_jerk_y[k] = y[k] + dt * eq->c_jerk_ydot[k];
  if (!complete_at (eq, t + dt, eq->c_jerk_y, left, TRUE))
    return FALSE;
  memcpy (eq->jerk, eq->a, sys->n_nodes * sizeof (double));
  if (!complete_at (eq, t, y, left, TRUE))
    return FALSE;
  for (guint i = 0; i < sys->n_nodes; i++)
    eq->jerk[i] = (eq->jerk[i] - eq->a[i]) / dt;
  return TRUE;
}

gboolean
_sw_equations_complete_for_switching (SwEquations *eq, double t, const double *y, gboolean left)
{
  return complete_at (eq, t, y, left, FALSE);
}

static gboolean
complete_at (SwEquations *eq, double t, const double *y, gboolean left, gboolean accelerations)
{
  const SwSystem *sys = eq->sys;

  if (sys->n_first_order + sys->n_algebraic > 0 && !accelerations)
    {
      double *qd_alg = eq->c_qd_alg, *ydot = eq->c_ydot, *tmp = eq->c_tmp;
      double h = 1e-7 * (1 + fabs (t));

      if (!algebraic_rates (eq, t, y, left ? -1 : 1, h, qd_alg, ydot, tmp) || !sw_equations_eval (eq, t, y, NULL))
        return FALSE;
      for (guint j = 0; j < sys->n_coords; j++)
        if (sys->coord_class[j] != SW_COORD_MASSIVE)
          {
            if (sys->coord_class[j] == SW_COORD_ALGEBRAIC)
              eq->qd[j] = qd_alg[j];
            eq->qdd[j] = 0;
          }
    }
  else if (sys->n_first_order + sys->n_algebraic > 0)
    {
      double *qd_alg = eq->c_qd_alg, *qdd = eq->c_qdd, *qd_lo = eq->c_qd_lo, *qd_hi = eq->c_qd_hi;
      double *ydot = eq->c_ydot, *ydot2 = eq->c_ydot2, *tmp = eq->c_tmp, *tmp2 = eq->c_tmp2;
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
    }
  else if (!sw_equations_eval (eq, t, y, NULL))
    return FALSE;
  _sw_equations_reactions (eq, t, left);
  if (eq->has_friction)
    {
      _sw_friction_share_loops (eq, t, left);
      _sw_friction_share_locks (eq, t, left);
    }
  return TRUE;
}

void
_sw_equations_reactions (SwEquations *eq, double t, gboolean left)
{
  const SwSystem *sys = eq->sys;
  SwState state;

  /* Every node (an evaluation computes only those it reads). */
  for (guint i = 0; i < sys->n_nodes; i++)
    {
      eq->x[i] = _sw_row_dot (sys, i, eq->q, eq->p) + sys->x_const[i];
      eq->v[i] = _sw_row_dot (sys, i, eq->qd, eq->pd);
      eq->a[i] = _sw_row_dot (sys, i, eq->qdd, eq->pdd);
    }

  /* Forces again, with the complete velocities, then the reactions from
   * G G^T lambda = G (M a - f). */
  sw_equations_get_state (eq, t, left, &state);
  memset (eq->f, 0, sys->n_nodes * sizeof (double));
  for (guint k = 0; k < sys->n_force_parts; k++)
    {
      const SwPart *p = &sys->parts[sys->force_parts[k]];
      _sw_equations_part_forces (eq, p, &state, eq->f);
    }
  for (guint r = 0; r < sys->n_rows; r++)
    eq->lambda[r] = 0;
  _sw_system_apply_mass (sys, eq->a, eq->ma);
  for (guint b = 0; b < sys->n_row_blocks; b++)
    {
      const SwRowBlock *blk = &sys->row_blocks[b];
      double *rhs = eq->rhs;

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
        _sw_row_block_solve (blk, rhs);
      for (guint k = 0; k < blk->n; k++)
        eq->lambda[blk->rows[k]] = blk->factor != NULL ? rhs[k] : NAN;
    }
}

gboolean
_sw_equations_positions (SwEquations *eq, double t, const double *y, gboolean left)
{
  const SwSystem *sys = eq->sys;
  guint nm = sys->n_massive;

  if (sys->n_coords != nm)
    return FALSE;
  if (sys->n_drivers > 0)
    fill_drivers (eq, t, left, y);
  memcpy (eq->q, y, nm * sizeof (double));
  memcpy (eq->qd, y + nm, nm * sizeof (double));
  for (guint i = 0; i < sys->n_nodes; i++)
    {
      eq->x[i] = _sw_row_dot (sys, i, eq->q, eq->p) + sys->x_const[i];
      eq->v[i] = _sw_row_dot (sys, i, eq->qd, eq->pd);
    }
  return TRUE;
}

gboolean
sw_equations_check_finite (SwEquations *eq, double t, gboolean left)
{
  const SwSystem *sys = eq->sys;
  SwState state;
  double vars[32];

  sw_equations_get_state (eq, t, left, &state);
  /* As the run's own check (sw-simulate.c): first the parts with a law of
   * their own (a custom coupling's 0/w_rel), then all, in the file's
   * order; a support only carries the NaN a law gave it. */
  for (guint k = 0; k < 2 * sys->n_parts; k++)
    {
      const SwPart *p = &sys->parts[sys->model_order != NULL ? sys->model_order[k % sys->n_parts] : k % sys->n_parts];

      if (k < sys->n_parts && p->kind->forces == NULL)
        continue;
      g_assert (p->kind->n_vars <= G_N_ELEMENTS (vars));
      p->kind->variables (p, &state, vars);
      for (guint v = 0; v < p->kind->n_vars; v++)
        if (!isfinite (vars[v]) && !(state.jerk == NULL && (p->kind->jerk_vars & (1u << v))))
          {
            g_clear_error (&eq->error);
            g_set_error (&eq->error, SW_ERROR, SW_ERROR_NOT_FINITE,
                         _("component “%s”: %s.%s is %s at t = %.9g s; the equations overflow: check the "
                           "parameters and initial values of “%s” and of what it is connected to (a tiny "
                           "inertia or mass against a huge stiffness, a huge torque or speed)"),
                         p->id, p->id, p->kind->vars[v].name, isnan (vars[v]) ? _("NaN") : _("infinite"), t, p->id);
            return FALSE;
          }
    }
  return TRUE;
}
