/* sw-eigen-arnoldi.c: the damped eigenvalues of a large banded system
 * M q'' + D q' + K q = 0 nearest a real shift (issue 24), by Arnoldi on the
 * shift-inverted first-order form: a two-level orthogonal Arnoldi (TOAR,
 * below) that keeps a basis over q alone, else ARPACK's implicitly
 * restarted Arnoldi over [q; v].
 *
 * With z = [q; v], v = q', the pencil A z = lambda B z,
 *   A = [[0, I], [-K, -D]],  B = [[I, 0], [0, M]],
 * has the finite eigenvalues of the state-space matrix A_s = [[0, I],
 * [-M^-1 K, -M^-1 D]] (M may be singular: massless coordinates are then
 * constraints or first-order equations, B's null space infinite
 * eigenvalues). Its shift-invert operator OP = (A - sigma B)^-1 B, z' = OP z:
 *   -sigma q' + v' = q                    ->  v' = q + sigma q'
 *   -K q' - (D + sigma M) v' = M v        ->  P q' = -(M v + (D + sigma M) q)
 * with P = K + sigma D + sigma^2 M: one real band LU (dgbtrf) of P for a
 * real sigma, and a band solve per step, O(n band^2). v enters only as M v,
 * so ARPACK's state is [q over all coordinates; v over the massive ones].
 * The eigenvalues theta = 1 / (lambda - sigma) of largest magnitude (ARPACK
 * "LM", regular mode) are the lambda nearest sigma. A sigma < 0 off every
 * eigenvalue keeps a singular K (rigid-body modes) working; a P that is
 * singular to working precision moves sigma.
 *
 * Rolling lossy gears add low-rank terms: P = P0 - U W (sigma), W (sigma) =
 * Wk + sigma Wd + sigma^2 Wm, solved on the band of P0 by the
 * Sherman-Morrison-Woodbury formula, P^-1 b = y + Z C^-1 W y with y =
 * P0^-1 b, Z = P0^-1 U and C = I - W Z (rank x rank, GSL's LU); their
 * effective M and D enter r through U too.
 *
 * The start vector is OP of a fixed random vector (no part in B's null
 * space), so runs repeat bit for bit. ARPACK keeps a run's state in Fortran
 * SAVE variables: one run at a time in the process (a lock), though the
 * window and the CLI may compute modes on several threads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-eigen-private.h"
#include "sw-band-order-private.h"

#include <math.h>
#include <string.h>
#include <gsl/gsl_linalg.h>
#include "sw-lapack-private.h"
#include "sw-gsl-private.h"

/* ARPACK's tolerance: |OP x - theta x| <= TOL |theta|. */
#define TOL 1e-13
#define MAX_RESTARTS 300

/* ARPACK is not reentrant (see above). */
static GMutex arpack_lock;

/* A matrix by rows in the band order: row i has columns col[start[i]] ...
 * col[start[i + 1] - 1] with those values. */
typedef struct {
  guint  *start, *col;
  double *value;
} Rows;

static void
rows_clear (Rows *a)
{
  g_clear_pointer (&a->start, g_free);
  g_clear_pointer (&a->col, g_free);
  g_clear_pointer (&a->value, g_free);
}

/* a (compressed columns, coordinates) by rows in the band order pos. */
static void
rows_init (Rows *out, const SwSparse *a, const guint *pos)
{
  guint n = a->n, nnz = a->start[n];
  g_autofree guint *fill = g_new0 (guint, n + 1);

  out->start = g_new0 (guint, n + 1);
  out->col = g_new (guint, MAX (nnz, 1));
  out->value = g_new (double, MAX (nnz, 1));
  for (guint k = 0; k < nnz; k++)
    out->start[pos[a->row[k]] + 1]++;
  for (guint i = 0; i < n; i++)
    out->start[i + 1] += out->start[i];
  for (guint j = 0; j < n; j++)
    for (guint k = a->start[j]; k < a->start[j + 1]; k++)
      {
        guint i = pos[a->row[k]], at = out->start[i] + fill[i]++;

        out->col[at] = pos[j];
        out->value[at] = a->value[k];
      }
}

/* Everything in the band order: the vectors of TOAR, ARPACK's and the
 * band's are the same rows, no permutation per step. */
typedef struct {
  guint           n, nm, kd;
  const SwSparse *K, *D, *M;
  const guint    *pos;      /* coordinate -> band order */
  const guint    *mband;    /* ARPACK's v entries: their rows (band order) */
  const gboolean *mrow;     /* massive, by row (band order) */
  Rows            Mr, Dr;
  double          sigma;
  double         *ab;       /* LU of P in LAPACK's general band storage */
  lapack_int     *ipiv;
  double         *t;        /* scratch, n */
  /* Lossy gears (lr NULL: none), by rows in the band order: U, Wk, Wd, Wm,
   * W (sigma) and Z (column-major, n apart), C's LU, scratch of the rank. */
  const SwLowRank *lr;
  double          *u, *wk, *wd, *wm, *w, *z;
  gsl_matrix      *c;
  gsl_permutation *perm;
  gsl_vector      *t_rank;
} Pencil;

/* x = P0^-1 x in place, from dgbtrf's factors (LAPACK's dgbtrs written out:
 * its per-row calls cost more than the arithmetic of a narrow band). */
static void
band_solve (const Pencil *p, double *x)
{
  guint n = p->n, kd = p->kd, kv = 2 * kd, ld = 3 * kd + 1;
  const double *ab = p->ab;

  /* L with its row interchanges. */
  for (guint j = 0; j + 1 < n; j++)
    {
      guint l = p->ipiv[j] - 1, lm = MIN (kd, n - 1 - j);
      const double *m = ab + (gsize) j * ld + kv;
      double xj;

      if (l != j)
        {
          double swap = x[l];

          x[l] = x[j];
          x[j] = swap;
        }
      xj = x[j];
      if (xj != 0)
        for (guint i = 1; i <= lm; i++)
          x[j + i] -= m[i] * xj;
    }
  /* U, of half-width 2 kd above the diagonal (its diagonal inverted by
   * factorise ()). */
  for (guint j = n; j-- > 0;)
    {
      const double *u = ab + (gsize) j * ld + kv;
      guint um = MIN (kv, j);
      double xj = x[j] * u[0];

      x[j] = xj;
      if (xj != 0)
        for (guint i = 1; i <= um; i++)
          x[j - i] -= u[-(int) i] * xj;
    }
}

/* W (sigma), Z = P0^-1 U and the LU of C = I - W Z. */
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Rows, rows_clear)

static gboolean
factorise_low_rank (Pencil *p)
{
  guint n = p->n, k = p->lr->n;
  int sign;

  for (gsize e = 0; e < (gsize) k * n; e++)
    p->w[e] = p->wk[e] + p->sigma * p->wd[e] + p->sigma * p->sigma * p->wm[e];
  memcpy (p->z, p->u, (gsize) n * k * sizeof (double));
  for (guint l = 0; l < k; l++)
    band_solve (p, p->z + (gsize) l * n);
  for (guint a = 0; a < k; a++)
    for (guint b = 0; b < k; b++)
      {
        double sum = a == b;

        for (guint j = 0; j < n; j++)
          sum -= p->w[(gsize) a * n + j] * p->z[(gsize) b * n + j];
        gsl_matrix_set (p->c, a, b, sum);
      }
  return gsl_linalg_LU_decomp (p->c, p->perm, &sign) == GSL_SUCCESS && gsl_linalg_LU_det (p->c, sign) != 0;
}

static gboolean
factorise (Pencil *p, double sigma)
{
  guint kd = p->kd, ld = 3 * kd + 1;
  const SwSparse *mats[] = { p->K, p->D, p->M };
  const double factor[] = { 1, sigma, sigma * sigma };

  memset (p->ab, 0, (gsize) ld * p->n * sizeof (double));
  for (guint m = 0; m < 3; m++)
    for (guint j = 0; j < p->n; j++)
      for (guint k = mats[m]->start[j]; k < mats[m]->start[j + 1]; k++)
        {
          guint r = p->pos[mats[m]->row[k]], c = p->pos[j];

          p->ab[(gsize) c * ld + 2 * kd + r - c] += factor[m] * mats[m]->value[k];
        }
  p->sigma = sigma;
  if (_sw_lapack ()->dgbtrf (LAPACK_COL_MAJOR, p->n, p->n, kd, kd, p->ab, ld, p->ipiv) != 0)
    return FALSE;
  /* Singular to working precision: a pivot lost in round-off of the
   * largest (sigma too near an eigenvalue). */
  {
    double big = 0, small = INFINITY;

    for (guint j = 0; j < p->n; j++)
      {
        double d = fabs (p->ab[(gsize) j * ld + 2 * kd]);

        big = MAX (big, d);
        small = MIN (small, d);
      }
    if (!(small > 1e-13 * big))
      return FALSE;
    /* band_solve () multiplies by the inverse pivots. */
    for (guint j = 0; j < p->n; j++)
      p->ab[(gsize) j * ld + 2 * kd] = 1 / p->ab[(gsize) j * ld + 2 * kd];
    return p->lr == NULL || factorise_low_rank (p);
  }
}

/* qo = the q part of OP [q; v], all three over the rows in the band order
 * (v's massless rows are not read). */
static gboolean
apply_q (Pencil *p, const double *q, const double *v, double *qo)
{
  guint n = p->n;
  double *t = p->t;

  /* t = v + sigma q at the masses; qo = -(M t + D q). */
  for (guint i = 0; i < n; i++)
    t[i] = p->mrow[i] ? v[i] + p->sigma * q[i] : 0;
  for (guint i = 0; i < n; i++)
    {
      double sum = 0;

      for (guint k = p->Mr.start[i]; k < p->Mr.start[i + 1]; k++)
        sum += p->Mr.value[k] * t[p->Mr.col[k]];
      for (guint k = p->Dr.start[i]; k < p->Dr.start[i + 1]; k++)
        sum += p->Dr.value[k] * q[p->Dr.col[k]];
      qo[i] = -sum;
    }
  if (p->lr != NULL)
    {
      /* r -= U (Wm t + Wd q): qo += U (...). */
      for (guint l = 0; l < p->lr->n; l++)
        {
          const double *wm = p->wm + (gsize) l * n, *wd = p->wd + (gsize) l * n, *u = p->u + (gsize) l * n;
          double sum = 0;

          for (guint j = 0; j < n; j++)
            sum += wm[j] * t[j] + wd[j] * q[j];
          for (guint j = 0; j < n; j++)
            qo[j] += u[j] * sum;
        }
    }
  band_solve (p, qo);
  if (p->lr != NULL)
    {
      /* q' += Z C^-1 W (sigma) q'. */
      for (guint l = 0; l < p->lr->n; l++)
        {
          double sum = 0;

          for (guint j = 0; j < n; j++)
            sum += p->w[(gsize) l * n + j] * qo[j];
          gsl_vector_set (p->t_rank, l, sum);
        }
      if (gsl_linalg_LU_svx (p->c, p->perm, p->t_rank) != GSL_SUCCESS)
        return FALSE;
      for (guint l = 0; l < p->lr->n; l++)
        for (guint j = 0; j < n; j++)
          qo[j] += p->z[(gsize) l * n + j] * gsl_vector_get (p->t_rank, l);
    }
  for (guint i = 0; i < n; i++)
    if (!isfinite (qo[i]))
      return FALSE;
  return TRUE;
}

/* out = OP in, over ARPACK's [q (n rows); v (the nm massive ones)]. */
static gboolean
apply (Pencil *p, const double *in, double *out, double *vfull)
{
  guint n = p->n;

  for (guint i = 0; i < p->nm; i++)
    vfull[p->mband[i]] = in[n + i];
  if (!apply_q (p, in, vfull, out))
    return FALSE;
  for (guint i = 0; i < p->nm; i++)
    out[n + i] = in[p->mband[i]] + p->sigma * out[p->mband[i]];
  return TRUE;
}

/* ---- Two-level orthogonal Arnoldi (TOAR) ----------------------------------
 * Every Krylov vector of OP is [Q a; Q b] with Q an orthonormal basis over
 * the coordinates alone: OP [Q a; Q b] = [q'; Q a + sigma q'], so each step
 * adds at most one column (q' orthogonalised against Q) and the Arnoldi
 * recurrence runs on the short coefficient vectors [a; b] (Q orthonormal:
 * the same inner product). Half the memory and traffic of Arnoldi over
 * [q; v], no restarts: it grows until the n_want largest Ritz values
 * converge (|h_{m+1,m} y_m| <= TOL |theta|), else gives up to ARPACK.
 *
 * Reading Q is the cost: a step reads it three times (sw-eigen-basis.c).
 * q' is orthogonalised by classical Gram-Schmidt twice (q' lies in Q but
 * for some 1e-5 of it at every step, so the second pass always matters):
 * c1 = Q^T q', then q' -= Q c1 and c2 = Q^T q' in one read; the third read
 * both subtracts Q c2 and forms the next step's Q a and Q b, which the
 * coefficients' Arnoldi gives before the new column's length is known
 * (its rows of U are still 0: it enters the next vector as u = q' - Q c2
 * itself). */

static double
norm2 (const double *x, gsize n)
{
  double sum = 0;

  for (gsize i = 0; i < n; i++)
    sum += x[i] * x[i];
  return sqrt (sum);
}
/* The Ritz values of H (m x m, leading dimension ld) and their residuals
 * beta |y_m|, into theta_re, theta_im, res. */
static gboolean
ritz (const double *H, guint ld, guint m, double beta, double *tr, double *ti, double *res)
{
  g_autofree double *a = g_new (double, (gsize) m * m);
  g_autofree double *vr = g_new (double, (gsize) m * m);
  g_autofree double *scale = g_new (double, m), *rconde = g_new (double, m), *rcondv = g_new (double, m);
  lapack_int ilo, ihi;
  double abnrm;

  for (guint c = 0; c < m; c++)
    memcpy (a + (gsize) c * m, H + (gsize) c * ld, m * sizeof (double));
  if (_sw_lapack ()->dgeevx (LAPACK_COL_MAJOR, 'N', 'N', 'V', 'N', m, a, m, tr, ti, NULL, 1, vr, m, &ilo, &ihi, scale,
                             &abnrm, rconde, rcondv) != 0)
    return FALSE;
  for (guint j = 0; j < m; j++)
    {
      /* A complex pair: columns j (real part) and j + 1 (imaginary). */
      if (ti[j] != 0 && j + 1 < m)
        {
          double y = hypot (vr[(gsize) j * m + m - 1], vr[(gsize) (j + 1) * m + m - 1]);

          res[j] = res[j + 1] = beta * y;
          j++;
        }
      else
        res[j] = beta * fabs (vr[(gsize) j * m + m - 1]);
    }
  return TRUE;
}

static int
by_magnitude (gconstpointer a, gconstpointer b, gpointer data)
{
  const double *mag = data;
  double x = mag[*(const guint *) a], y = mag[*(const guint *) b];

  return (x < y) - (x > y);
}

/* TRUE with the n_want (+ 1 for a split pair) largest Ritz values
 * converged in theta (new arrays) and *n_out; FALSE when it did not
 * converge within max_steps or a solve failed. */
static gboolean
toar (Pencil *p, guint n_want, guint max_steps, double **tre, double **tim, guint *n_out)
{
  guint n = p->n, cap = max_steps + 2, k = 0, L = 2 * cap;
  gsize np = _sw_basis_padded (n);
  g_auto (SwBasis) Q = { 0 };
  g_autofree double *U = g_new0 (double, (gsize) L * (max_steps + 1));
  g_autofree double *H = g_new0 (double, (gsize) (max_steps + 1) * max_steps);
  /* Q a and Q b of the current vector, OP's q', Q of the next a and b. */
  g_autofree double *top = g_new0 (double, np), *bot = g_new0 (double, np), *qo = g_new0 (double, np);
  g_autofree double *ya = g_new0 (double, np), *yb = g_new0 (double, np);
  g_autofree double *c = g_new (double, cap), *c2 = g_new (double, cap);
  g_autofree double *wa = g_new (double, cap), *wb = g_new (double, cap);
  g_autofree double *w = g_new (double, L), *h = g_new (double, max_steps + 1), *h2 = g_new (double, max_steps + 1);
  g_autofree double *tr = g_new (double, max_steps), *ti = g_new (double, max_steps);
  g_autofree double *res = g_new (double, max_steps), *mag = g_new (double, max_steps);
  g_autofree guint *idx = g_new (guint, max_steps);
  g_autoptr (GRand) rand = g_rand_new_with_seed (24);
  /* The first check where the wanted values can have converged (a
   * multiple of 5 steps), then by the residuals' progress. */
  guint next_check = (n_want + 14) / 5 * 5, last_check = 0;
  double nrm, beta, last_worst = INFINITY;

  if (np * cap > ((gsize) 1 << 26) || !_sw_basis_init (&Q, n, cap))
    return FALSE;
  /* Start: OP of a random [x; y] (y at the masses), in the basis of
   * {q0, x}. */
  for (guint r = 0; r < n; r++)
    top[r] = g_rand_double_range (rand, -1, 1);
  for (guint r = 0; r < n; r++)
    bot[r] = p->mrow[r] ? g_rand_double_range (rand, -1, 1) : 0;
  if (!apply_q (p, top, bot, qo))
    return FALSE;
  nrm = norm2 (qo, n);
  if (!(nrm > 0))
    return FALSE;
  _sw_basis_set_column (&Q, 0, qo, 1 / nrm);
  k = 1;
  U[0] = nrm;
  /* v0 = x + sigma q0 over the coordinates (its massless part is never
   * read by OP, and x there is as good as any), against q0 twice. */
  for (guint r = 0; r < n; r++)
    ya[r] = top[r] + p->sigma * qo[r];
  _sw_basis_dot (&Q, 1, ya, c);
  _sw_basis_sub_dot (&Q, 1, c, ya, NULL, c2);
  beta = sqrt (_sw_basis_combine (&Q, 1, c2, ya, NULL, NULL, NULL, NULL));
  U[cap] = c[0] + c2[0];
  if (beta > 1e-12 * norm2 (top, n))
    {
      _sw_basis_set_column (&Q, 1, ya, 1 / beta);
      U[cap + 1] = beta;
      k = 2;
    }
  nrm = norm2 (U, L);
  for (guint i = 0; i < L; i++)
    U[i] /= nrm;
  _sw_basis_combine (&Q, k, NULL, NULL, U, top, U + cap, bot);

  for (guint j = 0; j < max_steps; j++)
    {
      const double *a = U + (gsize) j * L; /* b at a + cap */
      gboolean check, grow;

      /* q' = OP [Q a; Q b], then q' = Q c + beta u, a new column u unless
       * q' lies in Q. */
      if (!apply_q (p, top, bot, qo))
        return FALSE;
      nrm = sqrt (_sw_basis_dot (&Q, k, qo, c));
      _sw_basis_sub_dot (&Q, k, c, qo, NULL, c2);
      for (guint i = 0; i < k; i++)
        c[i] += c2[i];
      /* v' = Q a + sigma q'; Arnoldi on the coefficients, twice
       * orthogonalised (the new column's rows wait for beta). */
      memset (w, 0, L * sizeof (double));
      for (guint i = 0; i < k; i++)
        {
          w[i] = c[i];
          w[cap + i] = a[i] + p->sigma * c[i];
        }
      memset (h, 0, (j + 1) * sizeof (double));
      /* (Small: loops, not BLAS, whose threads would then spin beside the
       * basis's.) Only rows below k and from cap to cap + k are not 0. */
      for (guint pass = 0; pass < 2; pass++)
        {
          for (guint i = 0; i <= j; i++)
            {
              const double *ui = U + (gsize) i * L;
              double sum = 0;

              for (guint r = 0; r < k; r++)
                sum += ui[r] * w[r] + ui[cap + r] * w[cap + r];
              h2[i] = sum;
            }
          for (guint i = 0; i <= j; i++)
            {
              const double *ui = U + (gsize) i * L;

              for (guint r = 0; r < k; r++)
                {
                  w[r] -= ui[r] * h2[i];
                  w[cap + r] -= ui[cap + r] * h2[i];
                }
              h[i] += h2[i];
            }
        }
      /* u = q' - Q c2, and Q of w's rows so far, in one read. */
      memcpy (wa, w, k * sizeof (double));
      memcpy (wb, w + cap, k * sizeof (double));
      beta = sqrt (_sw_basis_combine (&Q, k, c2, qo, wa, ya, wb, yb));
      grow = beta > 1e-14 * nrm && k < cap;
      if (grow)
        {
          _sw_basis_set_column (&Q, k, qo, 1 / beta);
          w[k] = beta;
          w[cap + k] = p->sigma * beta;
          k++;
        }
      nrm = norm2 (w, L);
      for (guint i = 0; i <= j; i++)
        H[(gsize) j * (max_steps + 1) + i] = h[i];
      H[(gsize) j * (max_steps + 1) + j + 1] = nrm;
      check = j + 1 == next_check || j + 1 == max_steps || nrm == 0;
      if (check)
        {
          guint m = j + 1, take = n_want;
          double worst = 0;
          gboolean converged;

          if (!ritz (H, max_steps + 1, m, nrm, tr, ti, res))
            return FALSE;
          for (guint i = 0; i < m; i++)
            idx[i] = i, mag[i] = hypot (tr[i], ti[i]);
          g_qsort_with_data (idx, m, sizeof (guint), by_magnitude, mag);
          /* Keep a complex pair whole. */
          if (take < m && ti[idx[take - 1]] != 0 && ti[idx[take]] == -ti[idx[take - 1]])
            take++;
          for (guint i = 0; i < take; i++)
            worst = MAX (worst, res[idx[i]] / (TOL * mag[idx[i]]));
          converged = worst <= 1;
          if (converged)
            {
              *tre = g_new (double, take);
              *tim = g_new (double, take);
              for (guint i = 0; i < take; i++)
                (*tre)[i] = tr[idx[i]], (*tim)[i] = ti[idx[i]];
              *n_out = take;
              return TRUE;
            }
          /* The next check in 5 steps, or sooner where the residuals'
           * fall since the last check says they will be there. */
          next_check = m + 5;
          if (last_check > 0 && last_worst > worst)
            {
              double per_step = log (last_worst / worst) / (m - last_check);

              next_check = m + (guint) CLAMP (ceil (log (worst) / per_step), 1, 5);
            }
          last_check = m, last_worst = worst;
        }
      if (nrm == 0)
        return FALSE;
      for (guint i = 0; i < L; i++)
        U[(gsize) (j + 1) * L + i] = w[i] / nrm;
      /* The next Q a and Q b: (Q w + u (beta, sigma beta) / beta) / nrm. */
      for (guint r = 0; r < n; r++)
        {
          double u = grow ? qo[r] : 0;

          top[r] = (ya[r] + u) / nrm;
          bot[r] = (yb[r] + p->sigma * u) / nrm;
        }
    }
  return FALSE;
}

/* A Cuthill-McKee order of the graph of K, D and M, made symmetric. */
static void
band_order (const SwSparse *const *mats, guint n, guint *order)
{
  gsize len = 0, nnz = 0;
  g_autofree guint *start = g_new (guint, n + 1);
  g_autofree guint *count = g_new0 (guint, n + 1);
  g_autofree guint *adj = NULL;
  g_autofree guint *roots = g_new (guint, MAX (n, 1));

  for (guint m = 0; m < 3; m++)
    for (guint j = 0; j < n; j++)
      for (guint k = mats[m]->start[j]; k < mats[m]->start[j + 1]; k++)
        count[j]++, count[mats[m]->row[k]]++, nnz += 2;
  adj = g_new (guint, MAX (nnz, 1));
  for (guint j = 0; j < n; j++)
    {
      start[j] = len;
      len += count[j];
      count[j] = start[j];
      roots[j] = j;
    }
  start[n] = len;
  for (guint m = 0; m < 3; m++)
    for (guint j = 0; j < n; j++)
      for (guint k = mats[m]->start[j]; k < mats[m]->start[j + 1]; k++)
        {
          adj[count[j]++] = mats[m]->row[k];
          adj[count[mats[m]->row[k]]++] = j;
        }
  _sw_band_sort_by_degree (start, roots, n);
  _sw_band_order (n, start, adj, roots, n, FALSE, FALSE, NULL, 0, order);
}

gboolean
_sw_damped_eigenvalues_near (const SwSparse *K, const SwSparse *D, const SwSparse *M, const SwLowRank *lossy,
                             const gboolean *massive, double *sigma, guint n_want, double **re, double **im,
                             guint *n_out, double *radius, gboolean *arpack_ran)
{
  const SwArpack *arpack = _sw_arpack_load ();
  const SwSparse *mats[] = { K, D, M };
  guint n = K->n, nm = 0, kd = 0, N;
  g_autofree guint *order = g_new (guint, MAX (n, 1));
  g_autofree guint *pos = g_new (guint, MAX (n, 1));
  g_autofree guint *mcoord = g_new (guint, MAX (n, 1));
  g_autofree double *ab = NULL;
  g_autofree lapack_int *ipiv = g_new (lapack_int, MAX (n, 1));
  g_autofree guint *mband = g_new (guint, MAX (n, 1));
  g_autofree gboolean *mrow = g_new0 (gboolean, MAX (n, 1));
  g_autofree double *t = g_new (double, MAX (n, 1));
  g_autofree double *vfull = g_new0 (double, MAX (n, 1));
  g_autofree double *resid = NULL, *V = NULL, *workd = NULL, *workl = NULL, *workev = NULL;
  g_autofree double *dr = NULL, *di = NULL;
  g_autofree a_int *select = NULL;
  g_autofree double *lw = NULL, *lz = NULL, *lu = NULL, *lwk = NULL, *lwd = NULL, *lwm = NULL;
  g_autoptr (gsl_matrix) lc = NULL;
  g_autoptr (gsl_permutation) lperm = NULL;
  g_autoptr (gsl_vector) lt = NULL;
  Pencil p = { 0 };
  g_auto (Rows) Mr = { 0 };
  g_auto (Rows) Dr = { 0 };
  guint nconv_toar = 0;
  a_int ido = 0, info = 1, nev, ncv, nconv = 0, lworkl, iparam[11] = { 0 }, ipntr[14] = { 0 };
  guint tries;

  if (n == 0)
    return FALSE;
  for (guint j = 0; j < n; j++)
    if (massive[j])
      mcoord[nm++] = j;
  N = n + nm;
  /* ARPACK needs nev + 2 <= ncv <= N. */
  if ((gsize) n_want + 3 > N)
    return FALSE;
  band_order (mats, n, order);
  for (guint k = 0; k < n; k++)
    pos[order[k]] = k;
  for (guint m = 0; m < 3; m++)
    for (guint j = 0; j < n; j++)
      for (guint k = mats[m]->start[j]; k < mats[m]->start[j + 1]; k++)
        {
          guint a = pos[mats[m]->row[k]], b = pos[j];

          kd = MAX (kd, a > b ? a - b : b - a);
        }
  nev = n_want;
  ncv = MIN ((a_int) N, MAX (2 * nev + 1, nev + 20));
  /* The band and the basis (at most 512 MB): refuse what cannot fit rather
   * than swap. */
  if ((gsize) (3 * kd + 1) * n > ((gsize) 1 << 28) || (gsize) ncv * N > ((gsize) 1 << 26))
    return FALSE;
  ab = g_new (double, (gsize) (3 * kd + 1) * n);
  for (guint i = 0; i < nm; i++)
    mband[i] = pos[mcoord[i]], mrow[mband[i]] = TRUE;
  rows_init (&Mr, M, pos);
  rows_init (&Dr, D, pos);
  p = (Pencil) { .n = n, .nm = nm, .kd = kd, .K = K, .D = D, .M = M, .pos = pos, .mband = mband, .mrow = mrow,
                 .Mr = Mr, .Dr = Dr, .ab = ab, .ipiv = ipiv, .t = t };
  if (lossy != NULL && lossy->n > 0)
    {
      const double *from[] = { lossy->u, lossy->wk, lossy->wd, lossy->wm };
      double **to[] = { &lu, &lwk, &lwd, &lwm };

      /* In the band order, as everything else. */
      for (guint m = 0; m < G_N_ELEMENTS (from); m++)
        {
          *to[m] = g_new (double, (gsize) lossy->n * n);
          for (guint l = 0; l < lossy->n; l++)
            for (guint j = 0; j < n; j++)
              (*to[m])[(gsize) l * n + pos[j]] = from[m][(gsize) l * n + j];
        }
      p.lr = lossy;
      p.u = lu, p.wk = lwk, p.wd = lwd, p.wm = lwm;
      p.w = lw = g_new (double, (gsize) lossy->n * n);
      p.z = lz = g_new (double, (gsize) lossy->n * n);
      p.c = lc = gsl_matrix_alloc (lossy->n, lossy->n);
      p.perm = lperm = gsl_permutation_alloc (lossy->n);
      p.t_rank = lt = gsl_vector_alloc (lossy->n);
    }
  /* P (sigma) singular: an eigenvalue at sigma; move off it. */
  for (tries = 0; tries < 6 && !factorise (&p, *sigma); tries++)
    *sigma *= 1.37;
  if (tries == 6)
    return FALSE;

  /* TOAR first (cheaper), ARPACK where it does not converge (or where
   * SW_MODES_ARPACK is set: the tests compare both). */
  *arpack_ran = FALSE;
  if (g_getenv ("SW_MODES_ARPACK") == NULL
      && toar (&p, nev, MIN (N - 1, 3 * (guint) nev + 30), &dr, &di, &nconv_toar))
    {
      nconv = nconv_toar;
      goto found;
    }
  *arpack_ran = TRUE;
  if (arpack == NULL)
    return FALSE;
  resid = g_new (double, N);
  V = g_new (double, (gsize) ncv * N);
  workd = g_new (double, 3 * (gsize) N);
  lworkl = 3 * ncv * ncv + 6 * ncv;
  workl = g_new (double, lworkl);
  {
    g_autoptr (GRand) rand = g_rand_new_with_seed (24);

    for (guint k = 0; k < N; k++)
      workd[k] = g_rand_double_range (rand, -1, 1);
    if (!apply (&p, workd, resid, vfull))
      return FALSE;
  }
  iparam[0] = 1;            /* exact shifts */
  iparam[2] = MAX_RESTARTS;
  iparam[6] = 1;            /* regular mode: OP x */
  dr = g_new0 (double, nev + 1);
  di = g_new0 (double, nev + 1);
  workev = g_new (double, 3 * ncv);
  select = g_new0 (a_int, ncv);
  {
    g_autoptr (GMutexLocker) locker = g_mutex_locker_new (&arpack_lock);
    gboolean applied = TRUE;

    do
      {
        arpack->dnaupd (&ido, "I", N, "LM", nev, TOL, resid, ncv, V, N, iparam, ipntr, workd, workl, lworkl, &info);
        /* A failed solve ends the run (ARPACK is told nothing: its state
         * is reset by the next run's ido = 0). */
        if (ido == -1 || ido == 1)
          applied = apply (&p, workd + ipntr[0] - 1, workd + ipntr[1] - 1, vfull);
      }
    while ((ido == -1 || ido == 1) && applied);
    /* info 1: not every Ritz value converged in MAX_RESTARTS. */
    if (!applied || info != 0 || iparam[4] < nev)
      return FALSE;
    arpack->dneupd (0, "A", select, dr, di, V, N, 0, 0, workev, "I", N, "LM", nev, TOL, resid, ncv, V, N, iparam,
                    ipntr, workd, workl, lworkl, &info);
    if (info != 0)
      return FALSE;
  }
  /* nev, or nev + 1 where a complex pair straddles the last place. */
  nconv = MIN (iparam[4], nev + 1);
found:
  *re = g_new (double, nconv);
  *im = g_new (double, nconv);
  *radius = 0;
  for (a_int k = 0; k < nconv; k++)
    {
      double t2 = dr[k] * dr[k] + di[k] * di[k];

      if (!(t2 > 0) || !isfinite (t2))
        {
          g_clear_pointer (re, g_free);
          g_clear_pointer (im, g_free);
          return FALSE;
        }
      /* lambda = sigma + 1 / theta. */
      (*re)[k] = p.sigma + dr[k] / t2;
      (*im)[k] = -di[k] / t2;
      *radius = MAX (*radius, 1 / sqrt (t2));
    }
  *n_out = nconv;
  return TRUE;
}
