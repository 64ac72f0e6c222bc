/* sw-eigen-basis.c: the orthonormal basis of a Krylov method over long
 * vectors (sw-eigen-private.h), stored in blocks of BLOCK rows (every
 * column's rows of one block side by side), so that each operation reads
 * the basis once, as one stream: at 100 000 coordinates the basis outgrows
 * every cache, and reading it is what the orthogonalisation costs (issue
 * 24). Two operations that need the same rows run on one block while it is
 * in cache (x -= Q c, then Q^T x: the two passes of classical Gram-Schmidt
 * in one read).
 *
 * The sums run over independent partial sums (vector lanes), so that the
 * compiler can use vector instructions without reordering a sum itself.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-eigen-private.h"

#include <string.h>

#define BLOCK SW_BASIS_BLOCK

gsize
_sw_basis_padded (guint n)
{
  return (gsize) (n + BLOCK - 1) / BLOCK * BLOCK;
}

gboolean
_sw_basis_init (SwBasis *b, guint n, guint cap)
{
  gsize len = _sw_basis_padded (n) * cap;

  *b = (SwBasis) { .n = n, .nb = (n + BLOCK - 1) / BLOCK, .cap = cap };
  /* Only the columns written are touched (the rest stays unmapped). */
  b->q = g_try_new (double, MAX (len, 1));
  return b->q != NULL;
}

void
_sw_basis_clear (SwBasis *b)
{
  g_clear_pointer (&b->q, g_free);
}

static inline double *
block (const SwBasis *b, guint s)
{
  return b->q + (gsize) s * b->cap * BLOCK;
}

/* Two doubles as one value (GCC's and Clang's vector extension: SSE2 on
 * any x86-64), read at any address. */
typedef double v2 __attribute__ ((vector_size (2 * sizeof (double)), aligned (sizeof (double))));

#define V (BLOCK / 2)

/* Within a block the columns are read one after the other, never side by
 * side: the processor's prefetch follows one ascending stream, and loses
 * two interleaved ones (half the speed from memory). A second read of the
 * same block comes from the cache. */

/* c[i] += q_i . x over one block, for the k columns at q (BLOCK apart). */
static inline void
dot_block (const double *q, guint k, const double *x, double *c)
{
  const v2 *xv = (const v2 *) x;

  for (guint i = 0; i < k; i++)
    {
      const v2 *qi = (const v2 *) (q + (gsize) i * BLOCK);
      v2 s0 = { 0 }, s1 = { 0 }, s2 = { 0 }, s3 = { 0 };

      for (guint r = 0; r < V; r += 4)
        {
          s0 += qi[r] * xv[r];
          s1 += qi[r + 1] * xv[r + 1];
          s2 += qi[r + 2] * xv[r + 2];
          s3 += qi[r + 3] * xv[r + 3];
        }
      s0 = (s0 + s1) + (s2 + s3);
      c[i] += s0[0] + s0[1];
    }
}

/* y += sum_i c_i q_i over one block. */
static inline void
axpy_block (const double *q, guint k, const double *c, double *y)
{
  v2 *yv = (v2 *) y;

  for (guint i = 0; i < k; i++)
    {
      const v2 *qi = (const v2 *) (q + (gsize) i * BLOCK);
      double ci = c[i];

      for (guint r = 0; r < V; r++)
        yv[r] += ci * qi[r];
    }
}

/* y = Q c over one block already in the cache (four columns side by side:
 * a quarter of the stores). */
static inline void
set_cached_block (const double *q, guint k, const double *c, double *y)
{
  v2 *yv = (v2 *) y;
  guint i = 0;

  memset (y, 0, BLOCK * sizeof (double));
  for (; i + 4 <= k; i += 4)
    {
      const v2 *q0 = (const v2 *) (q + (gsize) i * BLOCK), *q1 = q0 + V, *q2 = q1 + V, *q3 = q2 + V;
      double c0 = c[i], c1 = c[i + 1], c2 = c[i + 2], c3 = c[i + 3];

      for (guint r = 0; r < V; r++)
        yv[r] += (c0 * q0[r] + c1 * q1[r]) + (c2 * q2[r] + c3 * q3[r]);
    }
  axpy_block (q + (gsize) i * BLOCK, k - i, c + i, y);
}

void
_sw_basis_dot (const SwBasis *b, guint k, const double *x, double *c)
{
  memset (c, 0, k * sizeof (double));
  for (guint s = 0; s < b->nb; s++)
    dot_block (block (b, s), k, x + (gsize) s * BLOCK, c);
}

void
_sw_basis_sub_dot (const SwBasis *b, guint k, const double *c1, double *x, double *c2)
{
  g_autofree double *neg = g_new (double, MAX (k, 1));

  for (guint i = 0; i < k; i++)
    neg[i] = -c1[i];
  memset (c2, 0, k * sizeof (double));
  for (guint s = 0; s < b->nb; s++)
    {
      const double *q = block (b, s);
      double *xs = x + (gsize) s * BLOCK;

      axpy_block (q, k, neg, xs);
      dot_block (q, k, xs, c2);
    }
}

double
_sw_basis_combine (const SwBasis *b, guint k, const double *csub, double *x, const double *ca, double *ya,
                   const double *cb, double *yb)
{
  g_autofree double *neg = g_new (double, MAX (k, 1));
  v2 sum = { 0 };

  for (guint i = 0; i < k && csub != NULL; i++)
    neg[i] = -csub[i];
  for (guint s = 0; s < b->nb; s++)
    {
      const double *q = block (b, s);
      gsize at = (gsize) s * BLOCK;

      /* The first read in the order of memory, the others from the cache. */
      if (csub != NULL)
        axpy_block (q, k, neg, x + at);
      if (ca != NULL)
        set_cached_block (q, k, ca, ya + at);
      if (cb != NULL)
        set_cached_block (q, k, cb, yb + at);
      for (guint r = 0; r < V && x != NULL; r++)
        {
          v2 xr = ((const v2 *) (x + at))[r];

          sum += xr * xr;
        }
    }
  return sum[0] + sum[1];
}

void
_sw_basis_set_column (SwBasis *b, guint k, const double *x, double scale)
{
  g_return_if_fail (k < b->cap);
  for (guint s = 0; s < b->nb; s++)
    {
      double *q = block (b, s) + (gsize) k * BLOCK;
      const double *xs = x + (gsize) s * BLOCK;

      for (guint r = 0; r < BLOCK; r++)
        q[r] = scale * xs[r];
    }
}
