/* sw-eigen-arnoldi.c: the damped eigenvalues of a large banded system
 * M q'' + D q' + K q = 0 nearest a real shift (issue 24), by ARPACK's
 * implicitly restarted Arnoldi on the shift-inverted first-order form.
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
 * so the state is [q over all coordinates; v over the massive ones]. The
 * eigenvalues theta = 1 / (lambda - sigma) of largest magnitude (ARPACK
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
                             guint *n_out, double *radius)
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
  a_int ido = 0, info = 1, nev, ncv, nconv, lworkl, iparam[11] = { 0 }, ipntr[14] = { 0 };
  guint tries;

  if (arpack == NULL || n == 0)
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
