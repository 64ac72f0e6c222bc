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

typedef struct {
  guint           n, nm, kd;
  const SwSparse *K, *D, *M;
  const guint    *pos;      /* coordinate -> band order */
  const guint    *mcoord;   /* v's entries: their coordinates */
  double          sigma;
  double         *ab;       /* LU of P in LAPACK's general band storage */
  lapack_int     *ipiv;
  double         *r, *mv;   /* scratch, band order / coordinates */
  /* Lossy gears (NULL: none): W (sigma), Z in coordinates (column-major),
   * C's LU, scratch of the rank. */
  const SwLowRank *lr;
  double          *w, *z;
  gsl_matrix      *c;
  gsl_permutation *perm;
  gsl_vector      *t;
} Pencil;

/* x = P0^-1 x in place (x over coordinates, via the band order). */
static gboolean
band_solve (Pencil *p, double *x)
{
  for (guint j = 0; j < p->n; j++)
    p->r[p->pos[j]] = x[j];
  if (_sw_lapack ()->dgbtrs (LAPACK_COL_MAJOR, 'N', p->n, p->kd, p->kd, 1, p->ab, 3 * p->kd + 1, p->ipiv, p->r, p->n)
      != 0)
    return FALSE;
  for (guint j = 0; j < p->n; j++)
    x[j] = p->r[p->pos[j]];
  return TRUE;
}

/* W (sigma), Z = P0^-1 U and the LU of C = I - W Z. */
static gboolean
factorise_low_rank (Pencil *p)
{
  const SwLowRank *lr = p->lr;
  guint n = p->n, k = lr->n;
  int sign;

  for (gsize e = 0; e < (gsize) k * n; e++)
    p->w[e] = lr->wk[e] + p->sigma * lr->wd[e] + p->sigma * p->sigma * lr->wm[e];
  memcpy (p->z, lr->u, (gsize) n * k * sizeof (double));
  for (guint l = 0; l < k; l++)
    if (!band_solve (p, p->z + (gsize) l * n))
      return FALSE;
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

/* y += s a x over coordinates (x, y indexed by coordinate). */
static void
sparse_add (const SwSparse *a, double s, const double *x, double *y)
{
  for (guint j = 0; j < a->n; j++)
    if (x[j] != 0)
      for (guint k = a->start[j]; k < a->start[j + 1]; k++)
        y[a->row[k]] += s * a->value[k] * x[j];
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
  if (_sw_lapack ()->dgbtrf (LAPACK_COL_MAJOR, p->n, p->n, kd, kd, p->ab, ld, p->ipiv) != 0
      || (p->lr != NULL && !factorise_low_rank (p)))
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
    return small > 1e-13 * big;
  }
}

/* out = OP in, over [q (n coordinates); v (nm massive ones)]. */
static gboolean
apply (Pencil *p, const double *in, double *out)
{
  guint n = p->n;
  const double *q = in, *v = in + n;
  double *qo = out, *vo = out + n;

  /* r = M v + (D + sigma M) q, in coordinates, then in band order. */
  memset (p->mv, 0, n * sizeof (double));
  for (guint i = 0; i < p->nm; i++)
    p->mv[p->mcoord[i]] = v[i] + p->sigma * q[p->mcoord[i]];
  memset (qo, 0, n * sizeof (double));
  sparse_add (p->M, 1, p->mv, qo);
  sparse_add (p->D, 1, q, qo);
  if (p->lr != NULL)
    {
      /* r -= U (Wm (v + sigma q) + Wd q), Wm's columns at the masses. */
      for (guint l = 0; l < p->lr->n; l++)
        {
          const double *wm = p->lr->wm + (gsize) l * n, *wd = p->lr->wd + (gsize) l * n, *u = p->lr->u + (gsize) l * n;
          double sum = 0;

          for (guint j = 0; j < n; j++)
            sum += wm[j] * p->mv[j] + wd[j] * q[j];
          for (guint j = 0; j < n; j++)
            qo[j] -= u[j] * sum;
        }
    }
  for (guint j = 0; j < n; j++)
    qo[j] = -qo[j];
  if (!band_solve (p, qo))
    return FALSE;
  if (p->lr != NULL)
    {
      /* q' += Z C^-1 W (sigma) q'. */
      for (guint l = 0; l < p->lr->n; l++)
        {
          double sum = 0;

          for (guint j = 0; j < n; j++)
            sum += p->w[(gsize) l * n + j] * qo[j];
          gsl_vector_set (p->t, l, sum);
        }
      if (gsl_linalg_LU_svx (p->c, p->perm, p->t) != GSL_SUCCESS)
        return FALSE;
      for (guint l = 0; l < p->lr->n; l++)
        for (guint j = 0; j < n; j++)
          qo[j] += p->z[(gsize) l * n + j] * gsl_vector_get (p->t, l);
    }
  for (guint i = 0; i < p->nm; i++)
    vo[i] = q[p->mcoord[i]] + p->sigma * qo[p->mcoord[i]];
  return TRUE;
}

/* ---- Two-level orthogonal Arnoldi (TOAR) ----------------------------------
 * Every Krylov vector of OP is [Q a; Q b] with Q an orthonormal basis over
 * the coordinates alone: OP [Q a; Q b] = [q'; Q a + sigma q'], so each step
 * adds at most one column (q' orthogonalised against Q) and the Arnoldi
 * recurrence runs on the short coefficient vectors [a; b] (Q orthonormal:
 * the same inner product). Half the memory and traffic of Arnoldi over
 * [q; v], no restarts: it grows until the n_want largest Ritz values
 * converge (|h_{m+1,m} y_m| <= TOL |theta|), else gives up to ARPACK. */

static double
norm2 (const double *x, gsize n)
{
  double sum = 0;

  for (gsize i = 0; i < n; i++)
    sum += x[i] * x[i];
  return sqrt (sum);
}

/* x -= Q c, c = Q^T x (classical Gram-Schmidt), a second pass where the
 * first cancelled more than 1 - 1/sqrt(2) of x (Daniel, Gragg, Kaufman and
 * Stewart's test); c (k long) gets the sum. */
static void
project_out (const double *Q, guint n, guint k, double *x, double *c, double *c2)
{
  double before = norm2 (x, n);

  memset (c, 0, k * sizeof (double));
  for (guint pass = 0; pass < 2 && k > 0; pass++)
    {
      double after;

      _sw_lapack ()->dgemv (CblasColMajor, CblasTrans, n, k, 1, Q, n, x, 1, 0, c2, 1);
      _sw_lapack ()->dgemv (CblasColMajor, CblasNoTrans, n, k, -1, Q, n, c2, 1, 1, x, 1);
      for (guint i = 0; i < k; i++)
        c[i] += c2[i];
      after = norm2 (x, n);
      if (after > M_SQRT1_2 * before)
        break;
      before = after;
    }
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
  guint n = p->n, nm = p->nm, cap = max_steps + 2, k = 0, L = 2 * cap;
  g_autofree double *Q = NULL;
  g_autofree double *U = g_new0 (double, (gsize) L * (max_steps + 1));
  g_autofree double *H = g_new0 (double, (gsize) (max_steps + 1) * max_steps);
  g_autofree double *in = g_new (double, n + nm), *out = g_new (double, n + nm);
  g_autofree double *vin = g_new (double, n), *qv = g_new (double, 2 * (gsize) n);
  g_autofree double *c = g_new (double, cap), *c2 = g_new (double, cap);
  g_autofree double *w = g_new (double, L), *h = g_new (double, max_steps + 1), *h2 = g_new (double, max_steps + 1);
  g_autofree double *tr = g_new (double, max_steps), *ti = g_new (double, max_steps);
  g_autofree double *res = g_new (double, max_steps), *mag = g_new (double, max_steps);
  g_autofree guint *idx = g_new (guint, max_steps);
  g_autoptr (GRand) rand = g_rand_new_with_seed (24);
  double nrm;

  if ((gsize) n * cap > ((gsize) 1 << 26))
    return FALSE;
  Q = g_new (double, (gsize) n * cap);
  /* Start: OP of a random [x; y], in the basis of {q0, x}. */
  for (guint r = 0; r < n + nm; r++)
    in[r] = g_rand_double_range (rand, -1, 1);
  if (!apply (p, in, out))
    return FALSE;
  nrm = norm2 (out, n);
  if (!(nrm > 0))
    return FALSE;
  for (guint r = 0; r < n; r++)
    Q[r] = out[r] / nrm;
  k = 1;
  U[0] = nrm;
  /* v0 = x + sigma q0 over the coordinates (its massless part is never
   * read by OP, and x there is as good as any). */
  for (guint r = 0; r < n; r++)
    vin[r] = in[r] + p->sigma * out[r];
  project_out (Q, n, k, vin, c, c2);
  nrm = norm2 (vin, n);
  if (nrm > 1e-12 * norm2 (in, n))
    {
      for (guint r = 0; r < n; r++)
        Q[(gsize) n + r] = vin[r] / nrm;
      k = 2;
    }
  U[cap + 0] = c[0];
  U[cap + 1] = k == 2 ? nrm : 0;
  nrm = norm2 (U, L);
  for (guint i = 0; i < L; i++)
    U[i] /= nrm;

  for (guint j = 0; j < max_steps; j++)
    {
      const double *a = U + (gsize) j * L; /* b at a + cap */
      double *qo = out;
      gboolean check;

      /* [q v] = Q [a b] (one pass over Q), OP of it: q'. */
      _sw_lapack ()->dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, n, 2, k, 1, Q, n, a, cap, 0, qv, n);
      memcpy (in, qv, n * sizeof (double));
      for (guint i = 0; i < nm; i++)
        in[n + i] = qv[n + p->mcoord[i]];
      if (!apply (p, in, out))
        return FALSE;
      /* q' = Q c + beta u: a new column u unless q' lies in Q. */
      nrm = norm2 (qo, n);
      project_out (Q, n, k, qo, c, c2);
      {
        double beta = norm2 (qo, n);

        memset (w, 0, L * sizeof (double));
        memcpy (w, c, k * sizeof (double));
        if (beta > 1e-14 * nrm && k < cap)
          {
            for (guint r = 0; r < n; r++)
              Q[(gsize) k * n + r] = qo[r] / beta;
            w[k] = beta;
            k++;
          }
        /* v' = Q a + sigma q'. */
        for (guint i = 0; i < k; i++)
          w[cap + i] = a[i] + p->sigma * w[i];
      }
      /* Arnoldi on the coefficients, twice orthogonalised. */
      memset (h, 0, (j + 1) * sizeof (double));
      for (guint pass = 0; pass < 2; pass++)
        {
          _sw_lapack ()->dgemv (CblasColMajor, CblasTrans, L, j + 1, 1, U, L, w, 1, 0, h2, 1);
          _sw_lapack ()->dgemv (CblasColMajor, CblasNoTrans, L, j + 1, -1, U, L, h2, 1, 1, w, 1);
          for (guint i = 0; i <= j; i++)
            h[i] += h2[i];
        }
      nrm = norm2 (w, L);
      for (guint i = 0; i <= j; i++)
        H[(gsize) j * (max_steps + 1) + i] = h[i];
      H[(gsize) j * (max_steps + 1) + j + 1] = nrm;
      check = j + 1 >= n_want + 10 && ((j + 1) % 5 == 0 || j + 1 == max_steps || nrm == 0);
      if (check)
        {
          guint m = j + 1, take = n_want;
          gboolean converged = TRUE;

          if (!ritz (H, max_steps + 1, m, nrm, tr, ti, res))
            return FALSE;
          for (guint i = 0; i < m; i++)
            idx[i] = i, mag[i] = hypot (tr[i], ti[i]);
          g_qsort_with_data (idx, m, sizeof (guint), by_magnitude, mag);
          /* Keep a complex pair whole. */
          if (take < m && ti[idx[take - 1]] != 0 && ti[idx[take]] == -ti[idx[take - 1]])
            take++;
          for (guint i = 0; i < take && converged; i++)
            converged = res[idx[i]] <= TOL * mag[idx[i]];
          if (converged)
            {
              *tre = g_new (double, take);
              *tim = g_new (double, take);
              for (guint i = 0; i < take; i++)
                (*tre)[i] = tr[idx[i]], (*tim)[i] = ti[idx[i]];
              *n_out = take;
              return TRUE;
            }
        }
      if (nrm == 0)
        return FALSE;
      for (guint i = 0; i < L; i++)
        U[(gsize) (j + 1) * L + i] = w[i] / nrm;
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
  g_autofree double *r = g_new (double, MAX (n, 1));
  g_autofree double *mv = g_new (double, MAX (n, 1));
  g_autofree double *resid = NULL, *V = NULL, *workd = NULL, *workl = NULL, *workev = NULL;
  g_autofree double *dr = NULL, *di = NULL;
  g_autofree a_int *select = NULL;
  g_autofree double *lw = NULL, *lz = NULL;
  g_autoptr (gsl_matrix) lc = NULL;
  g_autoptr (gsl_permutation) lperm = NULL;
  g_autoptr (gsl_vector) lt = NULL;
  Pencil p = { 0 };
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
  p = (Pencil) { .n = n, .nm = nm, .kd = kd, .K = K, .D = D, .M = M, .pos = pos, .mcoord = mcoord, .ab = ab,
                 .ipiv = ipiv, .r = r, .mv = mv };
  if (lossy != NULL && lossy->n > 0)
    {
      p.lr = lossy;
      p.w = lw = g_new (double, (gsize) lossy->n * n);
      p.z = lz = g_new (double, (gsize) lossy->n * n);
      p.c = lc = gsl_matrix_alloc (lossy->n, lossy->n);
      p.perm = lperm = gsl_permutation_alloc (lossy->n);
      p.t = lt = gsl_vector_alloc (lossy->n);
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
    if (!apply (&p, workd, resid))
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
          applied = apply (&p, workd + ipntr[0] - 1, workd + ipntr[1] - 1);
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
