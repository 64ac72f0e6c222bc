/* sw-friction-loops.c: the torques of stuck friction parts whose locks
 * close a loop (sw-friction-private.h).
 *
 * Stuck parts in series to the ground (a stuck lossy gear, the clutch
 * behind it and a brake on the same shaft: the MSL's HeatLosses) lock the
 * same motion more than once. The reactions leave a redundant lock at 0
 * and put everything on the others, past their limits where sharing would
 * hold it; the run then broke one away, the joint decision (whose least
 * norm shares) found them all stuck again, and the modes chattered.
 *
 * Each redundant lock row r has a self-stress: multipliers of the other
 * rows which, with 1 on r, exert no net torque on any node. The rows are
 * constant in a configuration, so these are computed once, by the
 * reactions' own block solves. Each evaluation then adds the combination
 * of them that minimises sum (lambda_l / limit_l)^2 over the lock rows
 * they touch: the joint decision's least norm in torques scaled by each
 * part's limit (sw-friction-decide.c), so that the run holds what the
 * decision found held. Where that share runs a lock past its limit while
 * the others could take more (the load grows on a statically
 * indeterminate hold), the share is the least norm subject to every
 * lock's limits, a small quadratic programme solved by a dual active set
 * (keep_within_limits). Holding the first lock that reached its limit
 * there, as before, could hold the wrong one: around a ring of a clutch
 * and a freewheel, the freewheel at its limit left the clutch 0.8 N.m
 * past its own while a smaller circulating torque held both, and the
 * modes chattered.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-friction-private.h"

#include <math.h>
#include <string.h>

struct _SwLockLoops {
  guint    n;            /* redundant locks: self-stresses */
  guint    n_locks;      /* lock rows that any of them touches */
  guint   *lock_row, *lock_part;
  gboolean *unbounded;   /* at a hard stop or one-way: holds anything one way */
  /* Self-stress k: entries start[k] .. start[k + 1] - 1, row[] and value[]. */
  guint   *start, *row;
  double  *value;
  double  *on_lock;      /* n x n_locks: self-stress k's value on lock l */
  double  *normal, *mu, *weight;  /* scratch: n x n, n, n_locks */
  /* keep_within_limits()'s scratch, made once: nothing per evaluation
   * allocates. */
  double  *normal0, *base, *trial, *scale;
  gboolean *at_stop;
  /* The share within the limits: its programme (2 constraints a lock) and
   * the least norm's solution. */
  SwQp     qp;
  double  *mu0, *best;
};

void
_sw_lock_loops_free (SwLockLoops *loops)
{
  if (loops == NULL)
    return;
  g_free (loops->lock_row);
  g_free (loops->lock_part);
  g_free (loops->unbounded);
  g_free (loops->start);
  g_free (loops->row);
  g_free (loops->value);
  g_free (loops->on_lock);
  g_free (loops->normal);
  g_free (loops->mu);
  g_free (loops->weight);
  g_free (loops->normal0);
  g_free (loops->base);
  g_free (loops->trial);
  g_free (loops->scale);
  g_free (loops->at_stop);
  _sw_qp_clear (&loops->qp);
  g_free (loops->mu0);
  g_free (loops->best);
  g_free (loops);
}

SwLockLoops *
_sw_lock_loops_new (const SwSystem *sys, const double *locked, const double *strength)
{
  g_autofree int *part_of_lock = g_new (int, MAX (sys->n_rows, 1));
  g_autofree int *lock_index = g_new (int, MAX (sys->n_rows, 1));
  g_autofree double *force = g_new0 (double, MAX (sys->n_nodes, 1));
  g_autofree double *rhs = NULL;
  g_autoptr (GArray) redundant = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) start = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) row = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) value = g_array_new (FALSE, FALSE, sizeof (double));
  SwLockLoops *loops;
  guint max_block = 1, n_locks = 0, n;

  for (guint r = 0; r < sys->n_rows; r++)
    part_of_lock[r] = -1, lock_index[r] = -1;
  for (guint i = 0; i < sys->n_parts; i++)
    if (!isnan (locked[i]) && sys->parts[i].kind->friction != NULL && sys->parts[i].n_rows > 0)
      {
        guint r = sys->parts[i].first_row + sys->parts[i].n_rows - 1;

        part_of_lock[r] = (int) i;
        if (sys->rows[r].redundant)
          g_array_append_val (redundant, r);
      }
  if (redundant->len == 0)
    return NULL;
  for (guint b = 0; b < sys->n_row_blocks; b++)
    max_block = MAX (max_block, sys->row_blocks[b].n);
  rhs = g_new (double, max_block);

  for (guint k = 0; k < redundant->len; k++)
    {
      guint r0 = g_array_index (redundant, guint, k), one = r0;
      const SwRow *lock = &sys->rows[r0];
      double unit = 1;

      g_array_append_val (start, row->len);
      /* The other rows' multipliers against 1 on r0: G^T lambda = -g_r0,
       * as the reactions solve G^T lambda = M a - f. */
      for (guint c = 0; c < lock->n; c++)
        force[lock->nodes[c]] -= lock->coeffs[c];
      for (guint b = 0; b < sys->n_row_blocks; b++)
        {
          const SwRowBlock *blk = &sys->row_blocks[b];
          gboolean any = FALSE;

          for (guint m = 0; m < blk->n; m++)
            {
              const SwRow *rw = &sys->rows[blk->rows[m]];

              rhs[m] = 0;
              for (guint c = 0; c < rw->n; c++)
                rhs[m] += rw->coeffs[c] * force[rw->nodes[c]];
              any = any || rhs[m] != 0;
            }
          if (!any || blk->factor == NULL)
            continue;
          _sw_row_block_solve (blk, rhs);
          for (guint m = 0; m < blk->n; m++)
            if (rhs[m] != 0 && isfinite (rhs[m]))
              {
                g_array_append_val (row, blk->rows[m]);
                g_array_append_val (value, rhs[m]);
              }
        }
      for (guint c = 0; c < lock->n; c++)
        force[lock->nodes[c]] = 0;
      g_array_append_val (row, one);
      g_array_append_val (value, unit);
    }
  g_array_append_val (start, row->len);

  loops = g_new0 (SwLockLoops, 1);
  loops->n = n = redundant->len;
  loops->lock_row = g_new (guint, row->len);
  loops->lock_part = g_new (guint, row->len);
  loops->unbounded = g_new (gboolean, row->len);
  for (guint e = 0; e < row->len; e++)
    {
      guint r = g_array_index (row, guint, e);

      if (part_of_lock[r] < 0 || lock_index[r] >= 0)
        continue;
      lock_index[r] = (int) n_locks;
      loops->lock_row[n_locks] = r;
      loops->lock_part[n_locks] = (guint) part_of_lock[r];
      loops->unbounded[n_locks] = strength != NULL && !(strength[part_of_lock[r]] < INFINITY);
      n_locks++;
    }
  loops->n_locks = n_locks;
  loops->on_lock = g_new0 (double, (gsize) n * MAX (n_locks, 1));
  for (guint k = 0; k < n; k++)
    for (guint e = g_array_index (start, guint, k); e < g_array_index (start, guint, k + 1); e++)
      {
        int l = lock_index[g_array_index (row, guint, e)];

        if (l >= 0)
          loops->on_lock[k * n_locks + (guint) l] += g_array_index (value, double, e);
      }
  loops->start = (guint *) g_array_free (g_steal_pointer (&start), FALSE);
  loops->row = (guint *) g_array_free (g_steal_pointer (&row), FALSE);
  loops->value = (double *) g_array_free (g_steal_pointer (&value), FALSE);
  loops->normal = g_new (double, (gsize) n * n);
  loops->mu = g_new (double, n);
  loops->weight = g_new (double, MAX (n_locks, 1));
  loops->normal0 = g_new (double, (gsize) n * n);
  loops->base = g_new (double, MAX (sys->n_rows, 1));
  loops->trial = g_new (double, n);
  loops->scale = g_new (double, MAX (n_locks, 1));
  loops->at_stop = g_new (gboolean, MAX (n_locks, 1));
  _sw_qp_init (&loops->qp, n, 2 * MAX (n_locks, 1));
  loops->mu0 = g_new (double, n);
  loops->best = g_new (double, n);
  return loops;
}

void
_sw_qp_init (SwQp *qp, guint n, guint m)
{
  gsize q = n + 1;

  qp->c = g_new (double, (gsize) m * MAX (n, 1));
  qp->d = g_new (double, MAX (m, 1));
  qp->tol = g_new (double, MAX (m, 1));
  qp->ginv = g_new (double, (gsize) MAX (n, 1) * MAX (n, 1));
  qp->u = g_new (double, q);
  qp->z = g_new (double, MAX (n, 1));
  qp->r = g_new (double, q);
  qp->gn = g_new (double, MAX (n, 1));
  qp->ga = g_new (double, q * MAX (n, 1));
  qp->m = g_new (double, MAX (q * q, (gsize) n * n));
  qp->rhs = g_new (double, q);
  qp->active = g_new (guint, q);
}

void
_sw_qp_clear (SwQp *qp)
{
  g_free (qp->c);
  g_free (qp->d);
  g_free (qp->tol);
  g_free (qp->ginv);
  g_free (qp->u);
  g_free (qp->z);
  g_free (qp->r);
  g_free (qp->gn);
  g_free (qp->ga);
  g_free (qp->m);
  g_free (qp->rhs);
  g_free (qp->active);
}

gboolean
_sw_lock_loops_unbounded (const SwLockLoops *loops, guint part)
{
  if (loops == NULL)
    return FALSE;
  for (guint l = 0; l < loops->n_locks; l++)
    if (loops->lock_part[l] == part)
      return loops->unbounded[l];
  return FALSE;
}

/* The scale of a stuck part's torque in the least norm: its static limit,
 * a lossy part's |alpha| + |beta T| + |T| (at least 1) at the torque T it
 * transmits: the joint decision's own scales, so that both share alike. */
double
_sw_friction_lock_scale (const SwPart *p, const SwState *state)
{
  const SwFrictionDesc *f = p->kind->friction;
  double tau0, tau0_max, engaged, alpha, beta, T;

  if (f->loss == NULL)
    {
      f->limits (p, state, &tau0, &tau0_max, &engaged);
      return tau0_max;
    }
  T = f->transmitted (p, state);
  f->loss (p, state, 1, TRUE, &alpha, &beta);
  return MAX (fabs (alpha) + fabs (beta * T) + fabs (T), 1);
}

/* Solves the n x n system a mu = b in place (partial pivoting); a
 * combination without weight (every lock it touches unbounded) stays 0. */
static void
solve_small (double *a, double *b, guint n)
{
  for (guint k = 0; k < n; k++)
    {
      guint pivot = k;
      double scale = 0;

      for (guint i = k; i < n; i++)
        if (fabs (a[i * n + k]) > fabs (a[pivot * n + k]))
          pivot = i;
      for (guint j = 0; j < n; j++)
        scale = MAX (scale, fabs (a[k * n + j]));
      if (pivot != k)
        {
          for (guint j = 0; j < n; j++)
            {
              double s = a[k * n + j];

              a[k * n + j] = a[pivot * n + j];
              a[pivot * n + j] = s;
            }
          {
            double s = b[k];

            b[k] = b[pivot];
            b[pivot] = s;
          }
        }
      if (!(fabs (a[k * n + k]) > 1e-12 * MAX (scale, 1e-300)))
        {
          for (guint j = 0; j < n; j++)
            a[k * n + j] = j == k;
          b[k] = 0;
          for (guint i = 0; i < n; i++)
            if (i != k)
              a[i * n + k] = 0;
          continue;
        }
      for (guint i = k + 1; i < n; i++)
        {
          double m = a[i * n + k] / a[k * n + k];

          for (guint j = k; j < n; j++)
            a[i * n + j] -= m * a[k * n + j];
          b[i] -= m * b[k];
        }
    }
  for (guint k = n; k-- > 0;)
    {
      double s = b[k];

      for (guint j = k + 1; j < n; j++)
        s -= a[k * n + j] * b[j];
      b[k] = s / a[k * n + k];
    }
}

/* Stuck part p's two margins (torque lambda, the lock's multiplier), as
 * the run's switching functions judge them (sw-friction.c): *up = hi -
 * tau and *down = tau - lo, negative past a limit. A one-way clutch holds
 * anything backward; a part at a hard stop (at_stop) is not judged here.
 * A lossy part's hi is the larger of its two laws' lines in tau_t (its
 * power-flow quadrants, continuous at the bearing friction), lo the
 * smaller: piece (bits) 1 takes hi's positive line, 2 its negative one,
 * 4 and 8 the same for lo; 0 the one that holds at tau_t. */
static void
lock_sides (const SwPart *p, const SwState *state, double lambda, gboolean at_stop, guint piece, double *up,
            double *down)
{
  const SwFrictionDesc *f = p->kind->friction;
  double tau = -lambda, tau0, tau0_max, engaged, hi, lo;

  if (at_stop)
    {
      *up = *down = INFINITY;
      return;
    }
  f->limits (p, state, &tau0, &tau0_max, &engaged);
  hi = tau0_max, lo = -tau0_max;
  if (f->loss != NULL)
    {
      double tau_t = f->transmitted (p, state) + tau, bearing = f->bearing != NULL ? f->bearing (p, state) : 0;
      double alpha, beta;

      f->loss (p, state, 1, piece & 3 ? (piece & 1) != 0 : tau_t - bearing > 0, &alpha, &beta);
      hi = alpha + beta * tau_t;
      f->loss (p, state, -1, piece & 12 ? (piece & 4) != 0 : tau_t + bearing > 0, &alpha, &beta);
      lo = alpha + beta * tau_t;
    }
  *up = hi - tau;
  *down = f->one_way ? INFINITY : tau - lo;
}

/* eq->lambda = base + the combination mu of the self-stresses. */
static void
apply_mu (const SwLockLoops *L, double *lambda, const double *base, const double *mu)
{
  for (guint k = 0; k < L->n; k++)
    for (guint e = L->start[k]; e < L->start[k + 1]; e++)
      lambda[L->row[e]] = base[L->row[e]];
  for (guint k = 0; k < L->n; k++)
    if (isfinite (mu[k]))
      for (guint e = L->start[k]; e < L->start[k + 1]; e++)
        lambda[L->row[e]] += mu[k] * L->value[e];
}

/* Constraint j's margin (side j % 2 of lock j / 2) at the present
 * lambda, a lossy lock's on the line piece picks (lock_sides). */
static double
side_margin (const SwLockLoops *L, SwEquations *eq, const SwState *state, guint j, guint piece)
{
  guint l = j / 2;
  double up, down;

  lock_sides (&eq->sys->parts[L->lock_part[l]], state, eq->lambda[L->lock_row[l]], L->at_stop[l], piece, &up,
              &down);
  return j % 2 == 0 ? up : down;
}

/* The active set's directions for the normal nplus (Goldfarb and
 * Idnani's z = H n+ and r = N* n+): with the active constraints' normals
 * A (q of them), z = (G^-1 - G^-1 A M^-1 A^T G^-1) n+ and r = M^-1 A^T
 * G^-1 n+, M = A^T G^-1 A. */
static void
directions (const SwQp *qp, guint n, const guint *active, guint q, const double *nplus, double *z, double *r)
{
  double *gn = qp->gn, *ga = qp->ga, *m = qp->m, *rhs = qp->rhs;

  /* G^-1 n+ and G^-1 a_c */
  for (guint i = 0; i < n; i++)
    {
      gn[i] = 0;
      for (guint k = 0; k < n; k++)
        gn[i] += qp->ginv[i * n + k] * nplus[k];
      for (guint c = 0; c < q; c++)
        {
          ga[c * n + i] = 0;
          for (guint k = 0; k < n; k++)
            ga[c * n + i] += qp->ginv[i * n + k] * qp->c[active[c] * n + k];
        }
    }
  /* M r = A^T G^-1 n+ */
  for (guint c = 0; c < q; c++)
    {
      rhs[c] = 0;
      for (guint k = 0; k < n; k++)
        rhs[c] += qp->c[active[c] * n + k] * gn[k];
      for (guint d = 0; d < q; d++)
        {
          m[c * q + d] = 0;
          for (guint k = 0; k < n; k++)
            m[c * q + d] += qp->c[active[c] * n + k] * ga[d * n + k];
        }
    }
  solve_small (m, rhs, q);
  for (guint c = 0; c < q; c++)
    r[c] = rhs[c];
  for (guint i = 0; i < n; i++)
    {
      z[i] = gn[i];
      for (guint c = 0; c < q; c++)
        z[i] -= ga[c * n + i] * r[c];
    }
}

/* min 1/2 mu^T G mu - b^T mu over C mu >= d (m constraints, rows of
 * qp->c, d in qp->d; infinite d: none), from the unconstrained minimum
 * mu: Goldfarb and Idnani's dual active-set method, which adds the most
 * violated constraint and drops those whose multipliers would turn
 * negative, so it finds the share within the limits whenever there is
 * one (a method that only adds them can hold the wrong lock at its
 * limit). FALSE when the constraints contradict each other. */
gboolean
_sw_qp_solve (const SwQp *qp, guint n, guint m, double *mu)
{
  guint *active = qp->active, q = 0;
  double *u = qp->u, *z = qp->z, *r = qp->r;

  for (guint iter = 0; iter < 8 * (m + n) + 8; iter++)
    {
      guint p = m;
      double worst = 0, s_p, t1, t2, t;
      const double *nplus;

      for (guint j = 0; j < m; j++)
        {
          gboolean in = FALSE;
          double s = -qp->d[j];

          for (guint c = 0; c < q; c++)
            in = in || active[c] == j;
          if (in || !isfinite (qp->d[j]))
            continue;
          for (guint k = 0; k < n; k++)
            s += qp->c[j * n + k] * mu[k];
          if (s < -qp->tol[j] && s / qp->tol[j] < worst)
            p = j, worst = s / qp->tol[j];
        }
      if (p == m)
        return TRUE;
      nplus = &qp->c[p * n];
      u[q] = 0;
      /* Steps until p is active (a full step) or, dropping constraints, ... */
      for (guint inner = 0; inner <= n + m; inner++)
        {
          guint k = q;
          double zn = 0, z2 = 0, n2 = 0;

          directions (qp, n, active, q, nplus, z, r);
          s_p = -qp->d[p];
          for (guint i = 0; i < n; i++)
            {
              s_p += nplus[i] * mu[i];
              zn += z[i] * nplus[i];
              z2 += z[i] * z[i];
              n2 += nplus[i] * nplus[i];
            }
          t1 = INFINITY;
          for (guint c = 0; c < q; c++)
            if (r[c] > 0 && u[c] / r[c] < t1)
              t1 = u[c] / r[c], k = c;
          /* A full step, unless n+ depends on the active normals (z = 0). */
          t2 = zn > 1e-12 * sqrt (z2 * n2) ? MAX (-s_p, 0) / zn : INFINITY;
          t = MIN (t1, t2);
          if (!isfinite (t))
            return FALSE;
          for (guint c = 0; c < q; c++)
            u[c] -= t * r[c];
          u[q] += t;
          if (isfinite (t2))
            for (guint i = 0; i < n; i++)
              mu[i] += t * z[i];
          if (t2 <= t1)
            {
              active[q++] = p;
              break;
            }
          /* Drop constraint k: its multiplier reached 0. */
          for (guint c = k; c < q; c++)
            {
              active[c] = active[c + 1];
              u[c] = u[c + 1];
            }
          q--;
        }
      if (q > n)
        return FALSE;
    }
  return FALSE;
}

/* The lossy locks whose limits' pieces are chosen (at most 3: the rest
 * take the piece that holds), and lock l's pieces in choice combo
 * (lock_sides; combo G_MAXUINT: each the one that holds). */
#define MAX_LOSSY_CHOICES 3

static guint
piece_of (const guint *lossy, guint n_lossy, guint l, guint combo)
{
  for (guint i = 0; i < n_lossy && combo != G_MAXUINT; i++)
    if (lossy[i] == l)
      {
        guint bits = (combo >> (2 * i)) & 3;

        return ((bits & 1) ? 2 : 1) | ((bits & 2) ? 8 : 4);
      }
  return 0;
}

/* Each margin linearised about mu (on the pieces of combo): C mu >= d
 * keeps it 1e-9 of the lock's scale inside. */
static void
linearise (const SwLockLoops *L, SwEquations *eq, const SwState *state, const double *mu, const guint *lossy,
           guint n_lossy, guint combo)
{
  const SwQp *qp = &L->qp;
  guint n = L->n, m = 2 * L->n_locks;
  double *base = L->base, *trial = L->trial;

  apply_mu (L, eq->lambda, base, mu);
  for (guint j = 0; j < m; j++)
    {
      guint piece = piece_of (lossy, n_lossy, j / 2, combo);
      double m0 = side_margin (L, eq, state, j, piece), h = 1e-6 * L->scale[j / 2];

      qp->tol[j] = 1e-12 * L->scale[j / 2];
      if (!isfinite (m0))
        {
          qp->d[j] = INFINITY;
          continue;
        }
      qp->d[j] = 1e-9 * L->scale[j / 2] - m0;
      for (guint k = 0; k < n; k++)
        {
          memcpy (trial, mu, n * sizeof (double));
          trial[k] += h;
          apply_mu (L, eq->lambda, base, trial);
          qp->c[j * n + k] = (side_margin (L, eq, state, j, piece) - m0) / h;
          qp->d[j] += qp->c[j * n + k] * mu[k];
        }
      apply_mu (L, eq->lambda, base, mu);
    }
}

/* Whether every lock is within its limits at mu. */
static gboolean
within (const SwLockLoops *L, SwEquations *eq, const SwState *state, const double *mu)
{
  apply_mu (L, eq->lambda, L->base, mu);
  for (guint j = 0; j < 2 * L->n_locks; j++)
    if (side_margin (L, eq, state, j, 0) < 0)
      return FALSE;
  return TRUE;
}

/* The least norm put a lock past its limit while another could take more
 * (the decision found them all held): the share of least norm that keeps
 * every lock within its limits, just inside them. The margins are linear
 * in mu but for a lossy lock's: its limits follow the torque it
 * transmits on two lines each (its power-flow quadrants), hi the larger
 * of its two, lo the smaller, so that "within" is one line's or the
 * other's. First each margin linearised where mu is (and again where a
 * piece changed); where that finds no share, each choice of lines (a
 * handful), the nearest share to the least norm's. normal: the least
 * norm's matrix before its solution; mu: its solution, replaced. */
static void
keep_within_limits (const SwLockLoops *L, SwEquations *eq, const SwState *state, const double *normal,
                    double *mu)
{
  const SwSystem *sys = eq->sys;
  guint n = L->n, nl = L->n_locks, m = 2 * nl, lossy[MAX_LOSSY_CHOICES], n_lossy = 0;
  double *base = L->base, *scale = L->scale, *mu0 = L->mu0, *best = L->best, best_norm = INFINITY;
  const SwQp *qp = &L->qp;
  gboolean *at_stop = L->at_stop;

  memcpy (base, eq->lambda, MAX (sys->n_rows, 1) * sizeof (double));
  for (guint k = 0; k < n; k++)
    if (!isfinite (mu[k]))
      mu[k] = 0;
  for (guint l = 0; l < nl; l++)
    {
      const SwPart *p = &sys->parts[L->lock_part[l]];

      scale[l] = MAX (_sw_friction_lock_scale (p, state), 1e-150);
      at_stop[l] = L->unbounded[l] && !p->kind->friction->one_way;
      if (p->kind->friction->loss != NULL && !at_stop[l] && n_lossy < MAX_LOSSY_CHOICES)
        lossy[n_lossy++] = l;
    }
  /* base: the reactions' multipliers before the sharing. */
  for (guint k = 0; k < n; k++)
    for (guint e = L->start[k]; e < L->start[k + 1]; e++)
      base[L->row[e]] -= mu[k] * L->value[e];
  if (within (L, eq, state, mu))
    return;
  memcpy (mu0, mu, n * sizeof (double));
  /* G^-1, G the least norm's normal matrix. */
  for (guint j = 0; j < n; j++)
    {
      memcpy (qp->m, normal, (gsize) n * n * sizeof (double));
      for (guint k = 0; k < n; k++)
        qp->rhs[k] = k == j;
      solve_small (qp->m, qp->rhs, n);
      for (guint k = 0; k < n; k++)
        qp->ginv[k * n + j] = qp->rhs[k];
    }
  for (guint pass = 0; pass < 3; pass++)
    {
      linearise (L, eq, state, mu, lossy, n_lossy, G_MAXUINT);
      memcpy (mu, mu0, n * sizeof (double));
      if (!_sw_qp_solve (qp, n, m, mu))
        break;
      if (within (L, eq, state, mu))
        return;
    }
  /* Each choice of the lossy locks' lines: exactly linear. */
  for (guint combo = 0; n_lossy > 0 && combo < 1u << (2 * n_lossy); combo++)
    {
      double norm = 0;

      linearise (L, eq, state, mu0, lossy, n_lossy, combo);
      memcpy (mu, mu0, n * sizeof (double));
      if (!_sw_qp_solve (qp, n, m, mu) || !within (L, eq, state, mu))
        continue;
      for (guint j = 0; j < n; j++)
        for (guint k = 0; k < n; k++)
          norm += (mu[j] - mu0[j]) * normal[j * n + k] * (mu[k] - mu0[k]);
      if (norm < best_norm)
        {
          best_norm = norm;
          memcpy (best, mu, n * sizeof (double));
        }
    }
  /* No share holds: the least norm, and the run breaks a lock away. */
  memcpy (mu, isfinite (best_norm) ? best : mu0, n * sizeof (double));
  apply_mu (L, eq->lambda, base, mu);
}

void
_sw_friction_share_loops (SwEquations *eq, double t, gboolean left)
{
  const SwLockLoops *L = eq->sys->lock_loops;
  const SwSystem *sys = eq->sys;
  guint n, nl;
  SwState state;

  if (L == NULL)
    return;
  n = L->n, nl = L->n_locks;
  sw_equations_get_state (eq, t, left, &state);
  for (guint l = 0; l < nl; l++)
    {
      double s = _sw_friction_lock_scale (&sys->parts[L->lock_part[l]], &state);

      /* A one-way clutch or a part at a hard stop holds anything one way,
       * but not the other: weighted as the joint decision weights it
       * (its limit, at least 1), not as free to take any share, which
       * put a one-way clutch's forward torque past its limit while the
       * decision had found it held, and the modes chattered. */
      if (L->unbounded[l])
        s = MAX (s, 1);
      /* A limit of 0 holds nothing: weighted as a tiny one. */
      s = MAX (s, 1e-150);
      L->weight[l] = isfinite (s) ? 1 / (s * s) : 0;
    }
  /* min sum_l w_l (lambda_l + sum_k mu_k S_kl)^2 */
  for (guint j = 0; j < n; j++)
    {
      double b = 0;

      for (guint k = 0; k < n; k++)
        {
          double a = 0;

          for (guint l = 0; l < nl; l++)
            a += L->weight[l] * L->on_lock[j * nl + l] * L->on_lock[k * nl + l];
          L->normal[j * n + k] = a;
        }
      for (guint l = 0; l < nl; l++)
        b -= L->weight[l] * L->on_lock[j * nl + l] * eq->lambda[L->lock_row[l]];
      L->mu[j] = b;
    }
  memcpy (L->normal0, L->normal, (gsize) n * n * sizeof (double));
  solve_small (L->normal, L->mu, n);
  for (guint k = 0; k < n; k++)
    if (isfinite (L->mu[k]))
      for (guint e = L->start[k]; e < L->start[k + 1]; e++)
        eq->lambda[L->row[e]] += L->mu[k] * L->value[e];
  keep_within_limits (L, eq, &state, L->normal0, L->mu);
}
