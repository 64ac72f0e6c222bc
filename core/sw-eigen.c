/* sw-eigen.c: the generalized symmetric eigenproblem K v = lambda M v.
 *
 * Measured on this project's machine (tests/bench/bench-modal, chain of
 * 1000 inertias): GSL gensymmv 1.3 s, LAPACK dsyevr (OpenBLAS) about 0.1 s,
 * LAPACK dstevr on the tridiagonal form a few ms. So: GSL for small
 * problems (no set-up cost, simplest path); for larger ones the problem is
 * brought to standard form A = L^-1 K L^-T (M = L L^T; diagonal for gear
 * trees), and when a Cuthill-McKee ordering makes A tridiagonal (every
 * chain) the tridiagonal solver runs, otherwise the dense one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-eigen-private.h"

#include <math.h>
#include <string.h>
#include <lapacke.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include "sw-gsl-private.h"

#define SMALL 48

static gboolean
gsl_path (const gsl_matrix *K, const gsl_matrix *M, gsl_vector *eval, gsl_matrix *evec)
{
  guint n = K->size1;
  g_autoptr (gsl_matrix) A = gsl_matrix_alloc (n, n);
  g_autoptr (gsl_matrix) B = gsl_matrix_alloc (n, n);
  g_autoptr (gsl_eigen_gensymmv_workspace) ws = gsl_eigen_gensymmv_alloc (n);

  gsl_matrix_memcpy (A, K);
  gsl_matrix_memcpy (B, M);
  if (gsl_eigen_gensymmv (A, B, eval, evec, ws) != GSL_SUCCESS)
    return FALSE;
  gsl_eigen_gensymmv_sort (eval, evec, GSL_EIGEN_SORT_VAL_ASC);
  return TRUE;
}

static gboolean
is_diagonal (const gsl_matrix *M)
{
  for (size_t r = 0; r < M->size1; r++)
    for (size_t c = 0; c < M->size2; c++)
      if (r != c && gsl_matrix_get (M, r, c) != 0)
        return FALSE;
  return TRUE;
}

/* A Cuthill-McKee order of the graph of A, and its bandwidth. */
static guint
cuthill_mckee (const gsl_matrix *A, guint *order)
{
  guint n = A->size1, head = 0, tail = 0, band = 0;
  g_autofree gboolean *seen = g_new0 (gboolean, n);
  g_autofree guint *degree = g_new0 (guint, n);
  g_autofree guint *pos = g_new (guint, n);

  for (guint r = 0; r < n; r++)
    for (guint c = 0; c < n; c++)
      if (r != c && gsl_matrix_get (A, r, c) != 0)
        degree[r]++;
  while (tail < n)
    {
      guint start = G_MAXUINT;

      /* Start each component at a node of least degree (a chain's end). */
      for (guint r = 0; r < n; r++)
        if (!seen[r] && (start == G_MAXUINT || degree[r] < degree[start]))
          start = r;
      seen[start] = TRUE;
      order[tail++] = start;
      while (head < tail)
        {
          guint r = order[head++];

          for (guint c = 0; c < n; c++)
            if (!seen[c] && c != r && gsl_matrix_get (A, r, c) != 0)
              {
                seen[c] = TRUE;
                order[tail++] = c;
              }
        }
    }
  for (guint k = 0; k < n; k++)
    pos[order[k]] = k;
  for (guint r = 0; r < n; r++)
    for (guint c = 0; c < n; c++)
      if (gsl_matrix_get (A, r, c) != 0)
        band = MAX (band, pos[r] > pos[c] ? pos[r] - pos[c] : pos[c] - pos[r]);
  return band;
}

gboolean
_sw_eigen_gensym (const gsl_matrix *K, const gsl_matrix *M, gsl_vector *eval, gsl_matrix *evec)
{
  guint n = K->size1;
  gboolean diagonal;
  g_autoptr (gsl_matrix) A = NULL;
  g_autoptr (gsl_matrix) L = NULL;
  g_autofree double *scale = NULL;
  g_autofree guint *order = NULL;
  guint band;

  g_return_val_if_fail (n == K->size2 && n == M->size1 && n == eval->size && n == evec->size1, FALSE);
  if (n <= SMALL)
    return gsl_path (K, M, eval, evec);

  /* Standard form. */
  A = gsl_matrix_alloc (n, n);
  gsl_matrix_memcpy (A, K);
  diagonal = is_diagonal (M);
  if (diagonal)
    {
      scale = g_new (double, n);
      for (guint k = 0; k < n; k++)
        {
          if (!(gsl_matrix_get (M, k, k) > 0))
            return FALSE;
          scale[k] = 1 / sqrt (gsl_matrix_get (M, k, k));
        }
      for (guint r = 0; r < n; r++)
        for (guint c = 0; c < n; c++)
          *gsl_matrix_ptr (A, r, c) *= scale[r] * scale[c];
    }
  else
    {
      L = gsl_matrix_alloc (n, n);
      gsl_matrix_memcpy (L, M);
      if (gsl_linalg_cholesky_decomp1 (L) != GSL_SUCCESS)
        return FALSE;
      gsl_blas_dtrsm (CblasLeft, CblasLower, CblasNoTrans, CblasNonUnit, 1, L, A);
      gsl_blas_dtrsm (CblasRight, CblasLower, CblasTrans, CblasNonUnit, 1, L, A);
      /* Symmetrize against round-off. */
      for (guint r = 0; r < n; r++)
        for (guint c = r + 1; c < n; c++)
          {
            double v = 0.5 * (gsl_matrix_get (A, r, c) + gsl_matrix_get (A, c, r));
            gsl_matrix_set (A, r, c, v), gsl_matrix_set (A, c, r, v);
          }
    }

  order = g_new (guint, n);
  band = cuthill_mckee (A, order);
  if (band <= 1)
    {
      g_autofree double *d = g_new (double, n);
      g_autofree double *e = g_new0 (double, n);
      g_autofree double *w = g_new (double, n);
      g_autofree double *z = g_new (double, (gsize) n * n);
      g_autofree lapack_int *support = g_new (lapack_int, 2 * n);
      lapack_int m = 0;

      for (guint k = 0; k < n; k++)
        {
          d[k] = gsl_matrix_get (A, order[k], order[k]);
          if (k + 1 < n)
            e[k] = gsl_matrix_get (A, order[k], order[k + 1]);
        }
      if (LAPACKE_dstevr (LAPACK_ROW_MAJOR, 'V', 'A', n, d, e, 0, 0, 0, 0, 0, &m, w, z, n, support) != 0
          || (guint) m != n)
        return FALSE;
      for (guint k = 0; k < n; k++)
        {
          gsl_vector_set (eval, k, w[k]);
          for (guint r = 0; r < n; r++)
            gsl_matrix_set (evec, order[r], k, z[(gsize) r * n + k]);
        }
    }
  else
    {
      g_autofree double *w = g_new (double, n);
      g_autofree double *z = g_new (double, (gsize) n * n);
      g_autofree lapack_int *support = g_new (lapack_int, 2 * n);
      lapack_int m = 0;

      if (LAPACKE_dsyevr (LAPACK_ROW_MAJOR, 'V', 'A', 'U', n, A->data, A->tda, 0, 0, 0, 0, 0, &m, w, z, n,
                          support) != 0
          || (guint) m != n)
        return FALSE;
      for (guint k = 0; k < n; k++)
        gsl_vector_set (eval, k, w[k]);
      for (guint r = 0; r < n; r++)
        for (guint k = 0; k < n; k++)
          gsl_matrix_set (evec, r, k, z[(gsize) r * n + k]);
    }

  /* Back to the generalized problem: v = M^-1/2 z, or L^-T z. */
  if (diagonal)
    {
      for (guint r = 0; r < n; r++)
        {
          gsl_vector_view row = gsl_matrix_row (evec, r);
          gsl_vector_scale (&row.vector, scale[r]);
        }
    }
  else
    gsl_blas_dtrsm (CblasLeft, CblasLower, CblasTrans, CblasNonUnit, 1, L, evec);
  return TRUE;
}
