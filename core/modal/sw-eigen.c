/* sw-eigen.c: the generalized symmetric eigenproblem K v = lambda M v, and
 * the eigenvalues of the damped state-space matrix.
 *
 * The solver is picked by structure (tests/bench/bench-modal measures each
 * against LAPACK's dense one):
 * - up to SMALL coordinates, GSL's gensymmv (no set-up cost);
 * - a Cuthill-McKee order of the graph of K and M gives their bandwidth.
 *   M diagonal and K tridiagonal in that order (every chain of inertias):
 *   standard form M^-1/2 K M^-1/2 and LAPACK dstevr (MRRR), all modes or
 *   the lowest ones alone, O(n) per mode;
 * - a narrow band otherwise (shaft elements, branched trees of small width):
 *   LAPACK dsbgvd (all modes) or dsbgvx (the lowest ones) on the band;
 * - else the dense path: Cholesky M = L L^T, A = L^-1 K L^-T (dsygst), LAPACK
 *   dsyevr, v = L^-T z;
 * - the lowest modes of more than SW_EIGEN_LARGE coordinates: shift-invert
 *   Lanczos on the band (sw-eigen-lanczos.c), memory linear in n.
 * Damped: LAPACK dgeevx with balancing (permutation and scaling), which keeps
 * the damping ratios of lightly damped modes to about 1e-12.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-eigen-private.h"
#include "sw-band-order-private.h"

#include <math.h>
#include <string.h>
#include "sw-lapack-private.h"
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_errno.h>
#include "sw-gsl-private.h"

#define SMALL 48

/* Column-major dense copy of a. */
static void
densify (const SwSparse *a, double *out, gsize ld)
{
  for (guint j = 0; j < a->n; j++)
    {
      memset (out + j * ld, 0, a->n * sizeof (double));
      for (guint k = a->start[j]; k < a->start[j + 1]; k++)
        out[j * ld + a->row[k]] = a->value[k];
    }
}

static gboolean
gsl_path (const SwSparse *K, const SwSparse *M, guint n_want, double *eval, double *evec, gsize ldv,
          double *lambda_max)
{
  guint n = K->n;
  g_autoptr (gsl_matrix) A = gsl_matrix_alloc (n, n);
  g_autoptr (gsl_matrix) B = gsl_matrix_alloc (n, n);
  g_autoptr (gsl_matrix) V = gsl_matrix_alloc (n, n);
  g_autoptr (gsl_vector) w = gsl_vector_alloc (n);
  g_autoptr (gsl_eigen_gensymmv_workspace) ws = gsl_eigen_gensymmv_alloc (n);

  /* Symmetric: the column-major copy is the row-major one. */
  densify (K, A->data, A->tda);
  densify (M, B->data, B->tda);
  if (gsl_eigen_gensymmv (A, B, w, V, ws) != GSL_SUCCESS)
    return FALSE;
  gsl_eigen_gensymmv_sort (w, V, GSL_EIGEN_SORT_VAL_ASC);
  for (guint k = 0; k < n_want; k++)
    {
      eval[k] = gsl_vector_get (w, k);
      for (guint r = 0; r < n; r++)
        evec[k * ldv + r] = gsl_matrix_get (V, r, k);
    }
  *lambda_max = gsl_vector_get (w, n - 1);
  return TRUE;
}

static gboolean
is_diagonal (const SwSparse *M)
{
  for (guint j = 0; j < M->n; j++)
    for (guint k = M->start[j]; k < M->start[j + 1]; k++)
      if (M->row[k] != j)
        return FALSE;
  return TRUE;
}

/* A Cuthill-McKee order of the graph of K and M (linear work). */
static void
cuthill_mckee (const SwSparse *K, const SwSparse *M, guint *order)
{
  guint n = K->n, len = 0;
  g_autofree guint *start = g_new (guint, n + 1);
  g_autofree guint *adj = g_new (guint, MAX (K->start[n] + M->start[n], 1));
  g_autofree guint *roots = g_new (guint, MAX (n, 1));
  const SwSparse *mats[] = { K, M };

  /* One graph: each column's rows in K, then in M. */
  for (guint j = 0; j < n; j++)
    {
      start[j] = len;
      for (guint m = 0; m < 2; m++)
        for (guint k = mats[m]->start[j]; k < mats[m]->start[j + 1]; k++)
          adj[len++] = mats[m]->row[k];
      roots[j] = j;
    }
  start[n] = len;
  /* Start each component at a node of least degree (a chain's end). */
  _sw_band_sort_by_degree (start, roots, n);
  _sw_band_order (n, start, adj, roots, n, FALSE, FALSE, NULL, 0, order);
}

static guint
bandwidth (const SwSparse *a, const guint *pos)
{
  guint band = 0;

  for (guint j = 0; j < a->n; j++)
    for (guint k = a->start[j]; k < a->start[j + 1]; k++)
      band = MAX (band, pos[a->row[k]] > pos[j] ? pos[a->row[k]] - pos[j] : pos[j] - pos[a->row[k]]);
  return band;
}

/* Upper band storage (LAPACK 'U', ldab = kd + 1) of a in the order pos. */
static double *
band_upper (const SwSparse *a, const guint *pos, guint kd)
{
  double *ab = g_new0 (double, (gsize) (kd + 1) * a->n);

  for (guint j = 0; j < a->n; j++)
    for (guint k = a->start[j]; k < a->start[j + 1]; k++)
      {
        guint r = pos[a->row[k]], c = pos[j];

        if (r <= c)
          ab[(gsize) c * (kd + 1) + kd + r - c] = a->value[k];
      }
  return ab;
}

/* Columns of evec were computed in the order: back to the coordinates,
 * each row r scaled by scale[r] (NULL: 1). */
static void
unpermute (double *evec, gsize ldv, guint n, guint m, const guint *order, const double *scale)
{
  g_autofree double *tmp = NULL;
  gboolean identity = TRUE;

  for (guint r = 0; r < n && identity; r++)
    identity = order[r] == r;
  /* In order already (a chain numbered from one end): scaled in place,
   * without the copy (the same products). */
  if (identity)
    {
      if (scale != NULL)
        for (guint k = 0; k < m; k++)
          {
            double *col = evec + k * ldv;

            for (guint r = 0; r < n; r++)
              col[r] = col[r] * scale[r];
          }
      return;
    }
  tmp = g_new (double, n);
  for (guint k = 0; k < m; k++)
    {
      double *col = evec + k * ldv;

      memcpy (tmp, col, n * sizeof (double));
      for (guint r = 0; r < n; r++)
        col[order[r]] = tmp[r] * (scale ? scale[order[r]] : 1);
    }
}

static gboolean
dense_path (const SwSparse *K, const SwSparse *M, guint n_want, double *eval, double *evec, gsize ldv,
            double *lambda_max)
{
  guint n = K->n;
  g_autofree double *A = g_new (double, (gsize) n * n);
  g_autofree double *L = g_new (double, (gsize) n * n);
  g_autofree double *w = g_new (double, n);
  g_autofree lapack_int *support = g_new (lapack_int, 2 * n);
  lapack_int found = 0;
  char range = n_want < n ? 'I' : 'A';

  densify (K, A, n);
  densify (M, L, n);
  if (_sw_lapack ()->dpotrf (LAPACK_COL_MAJOR, 'L', n, L, n) != 0
      || _sw_lapack ()->dsygst (LAPACK_COL_MAJOR, 1, 'L', n, A, n, L, n) != 0)
    return FALSE;
  if (range == 'I')
    {
      /* Gershgorin: a bound on the largest eigenvalue of A (the rigid-body
       * threshold only needs its scale). */
      *lambda_max = 0;
      for (guint r = 0; r < n; r++)
        {
          double sum = 0;

          for (guint c = 0; c < n; c++)
            sum += fabs (c <= r ? A[(gsize) c * n + r] : A[(gsize) r * n + c]);
          *lambda_max = MAX (*lambda_max, sum);
        }
    }
  if (_sw_lapack ()->dsyevr (LAPACK_COL_MAJOR, 'V', range, 'L', n, A, n, 0, 0, 1, n_want, 0, &found, w, evec, ldv,
                      support) != 0
      || (guint) found != n_want)
    return FALSE;
  memcpy (eval, w, n_want * sizeof (double));
  if (range == 'A')
    *lambda_max = w[n - 1];
  return _sw_lapack ()->dtrtrs (LAPACK_COL_MAJOR, 'L', 'T', 'N', n, n_want, L, n, evec, ldv) == 0;
}

static gboolean
tridiagonal_path (const SwSparse *K, const SwSparse *M, const guint *order, const guint *pos, guint n_want,
                  double *eval, double *evec, gsize ldv, double *lambda_max)
{
  guint n = K->n;
  g_autofree double *scale = g_new (double, n);
  g_autofree double *d = g_new0 (double, n);
  g_autofree double *e = g_new0 (double, n);
  g_autofree double *d2 = NULL, *e2 = NULL;
  g_autofree double *w = g_new (double, n);
  g_autofree lapack_int *support = g_new (lapack_int, 2 * n);
  lapack_int found = 0;
  char range = n_want < n ? 'I' : 'A';

  for (guint j = 0; j < n; j++)
    {
      double m = M->start[j + 1] > M->start[j] ? M->value[M->start[j]] : 0;

      if (!(m > 0))
        return FALSE;
      scale[j] = 1 / sqrt (m);
    }
  for (guint j = 0; j < n; j++)
    for (guint k = K->start[j]; k < K->start[j + 1]; k++)
      {
        guint r = pos[K->row[k]], c = pos[j];
        double v = K->value[k] * scale[K->row[k]] * scale[j];

        if (r == c)
          d[r] = v;
        else if (r == c + 1)
          e[c] = v;
      }
  if (range == 'I')
    {
      /* The largest eigenvalue alone (bisection, O(n)). */
      d2 = g_memdup2 (d, n * sizeof (double));
      e2 = g_memdup2 (e, n * sizeof (double));
      if (_sw_lapack ()->dstevr (LAPACK_COL_MAJOR, 'N', 'I', n, d2, e2, 0, 0, n, n, 0, &found, w, NULL, 1, support) != 0
          || found != 1)
        return FALSE;
      *lambda_max = w[0];
    }
  if (_sw_lapack ()->dstevr (LAPACK_COL_MAJOR, 'V', range, n, d, e, 0, 0, 1, n_want, 0, &found, w, evec, ldv, support)
        != 0
      || (guint) found != n_want)
    return FALSE;
  memcpy (eval, w, n_want * sizeof (double));
  if (range == 'A')
    *lambda_max = w[n - 1];
  unpermute (evec, ldv, n, n_want, order, scale);
  return TRUE;
}

static gboolean
band_path (const SwSparse *K, const SwSparse *M, const guint *order, const guint *pos, guint ka, guint kb,
           guint n_want, double *eval, double *evec, gsize ldv, double *lambda_max)
{
  guint n = K->n;
  g_autofree double *ab = band_upper (K, pos, ka);
  g_autofree double *bb = band_upper (M, pos, kb);
  g_autofree double *w = g_new (double, n);
  lapack_int found = 0;

  if (n_want == n)
    {
      if (_sw_lapack ()->dsbgvd (LAPACK_COL_MAJOR, 'V', 'U', n, ka, kb, ab, ka + 1, bb, kb + 1, w, evec, ldv) != 0)
        return FALSE;
      *lambda_max = w[n - 1];
    }
  else
    {
      g_autofree double *q = g_new (double, (gsize) n * n);
      g_autofree lapack_int *fail = g_new (lapack_int, n);
      g_autofree double *ab2 = g_memdup2 (ab, (gsize) (ka + 1) * n * sizeof (double));
      g_autofree double *bb2 = g_memdup2 (bb, (gsize) (kb + 1) * n * sizeof (double));

      /* The largest eigenvalue alone (no vectors: a band reduction). */
      if (_sw_lapack ()->dsbgvx (LAPACK_COL_MAJOR, 'N', 'I', 'U', n, ka, kb, ab2, ka + 1, bb2, kb + 1, q, n, 0, 0, n, n,
                          0, &found, w, NULL, 1, fail) != 0
          || found != 1)
        return FALSE;
      *lambda_max = w[0];
      if (_sw_lapack ()->dsbgvx (LAPACK_COL_MAJOR, 'V', 'I', 'U', n, ka, kb, ab, ka + 1, bb, kb + 1, q, n, 0, 0, 1,
                          n_want, 0, &found, w, evec, ldv, fail) != 0
          || (guint) found != n_want)
        return FALSE;
    }
  memcpy (eval, w, n_want * sizeof (double));
  unpermute (evec, ldv, n, n_want, order, NULL);
  return TRUE;
}

gboolean
_sw_eigen_gensym (const SwSparse *K, const SwSparse *M, guint n_want, SwEigenMethod method, double *eval,
                  double *evec, gsize ldv, double *lambda_max, const char **solver)
{
  guint n = K->n, ka, kb;
  g_autofree guint *order = NULL;
  g_autofree guint *pos = NULL;

  g_return_val_if_fail (n == M->n && n_want >= 1 && n_want <= n && ldv >= n, FALSE);
  if (method == SW_EIGEN_DENSE)
    {
      *solver = n_want < n ? "dense (LAPACK dsyevr, lowest modes)" : "dense (LAPACK dsyevr)";
      return dense_path (K, M, n_want, eval, evec, ldv, lambda_max);
    }
  if (n <= SMALL && method != SW_EIGEN_LANCZOS)
    {
      *solver = "dense (GSL gensymmv)";
      return gsl_path (K, M, n_want, eval, evec, ldv, lambda_max);
    }
  order = g_new (guint, n);
  pos = g_new (guint, n);
  cuthill_mckee (K, M, order);
  for (guint k = 0; k < n; k++)
    pos[order[k]] = k;
  ka = bandwidth (K, pos);
  kb = bandwidth (M, pos);
  /* A few of many modes: shift-invert Lanczos (memory linear in n); every
   * mode of a large model is refused before (sw-modes.c). */
  if (method == SW_EIGEN_LANCZOS || (n > SW_EIGEN_LARGE && n_want < n))
    {
      *solver = "shift-invert Lanczos (LAPACK dpbtrf, lowest modes)";
      return _sw_eigen_lanczos (K, M, order, pos, MAX (ka, kb), n_want, eval, evec, ldv, lambda_max);
    }
  if (kb == 0 && ka <= 1 && is_diagonal (M))
    {
      *solver = n_want < n ? "tridiagonal (LAPACK dstevr, lowest modes)" : "tridiagonal (LAPACK dstevr)";
      return tridiagonal_path (K, M, order, pos, n_want, eval, evec, ldv, lambda_max);
    }
  /* A band pays while its width is small next to n. */
  if (MAX (ka, kb) <= MAX (n / 16, 2))
    {
      *solver = n_want < n ? "banded (LAPACK dsbgvx, lowest modes)" : "banded (LAPACK dsbgvd)";
      return band_path (K, M, order, pos, MAX (ka, kb), kb, n_want, eval, evec, ldv, lambda_max);
    }
  *solver = n_want < n ? "dense (LAPACK dsyevr, lowest modes)" : "dense (LAPACK dsyevr)";
  return dense_path (K, M, n_want, eval, evec, ldv, lambda_max);
}

gboolean
_sw_eigen_general (double *a, guint n, double *re, double *im)
{
  g_autofree double *scale = g_new (double, n);
  g_autofree double *rconde = g_new (double, n);
  g_autofree double *rcondv = g_new (double, n);
  lapack_int ilo, ihi;
  double abnrm;

  for (gsize k = 0; k < (gsize) n * n; k++)
    if (!isfinite (a[k]))
      return FALSE;
  return _sw_lapack ()->dgeevx (LAPACK_COL_MAJOR, 'B', 'N', 'N', 'N', n, a, n, re, im, NULL, 1, NULL, 1, &ilo, &ihi,
                         scale, &abnrm, rconde, rcondv) == 0;
}
