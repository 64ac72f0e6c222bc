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

/* ---- The operations, by chunks of blocks on several threads --------------
 * A pass is memory-bound: two cores read about twice as fast as one. The
 * rows are split into CHUNKS chunks, whatever the number of threads, and
 * each chunk's partial sums are added in the chunk order: the result is
 * the same bit for bit on any machine. The calling thread works too, so
 * a busy pool only slows a pass down. */

#define CHUNKS 16
/* Below this many basis entries a pass stays on the calling thread. */
#define THREADED (1 << 20)

typedef enum {
  OP_DOT,       /* part = Q^T x, sq = |x|^2 */
  OP_SUB_DOT,   /* x += Q neg, part = Q^T (weight x) (weight NULL: 1) */
  OP_COMBINE,   /* x += Q neg (neg not NULL), ya = Q ca, yb = Q cb, sq = |x|^2 */
  OP_TIMES,     /* column l of y (ldy apart, n rows) = Q column l of ca (k long), l < p */
} OpKind;

typedef struct {
  OpKind         kind;
  const SwBasis *b;
  guint          k;
  const double  *neg, *ca, *cb, *weight;
  double        *x, *ya, *yb;
  guint          p;
  gsize          ldy;
  double        *part;        /* CHUNKS x k */
  double         sq[CHUNKS];
  gint           next;        /* the next chunk to take */
  gint           left;        /* chunks not yet done */
  GMutex         lock;
  GCond          done;
} Op;

static void
run_chunk (Op *op, guint chunk)
{
  const SwBasis *b = op->b;
  guint k = op->k, lo = (guint) ((gsize) b->nb * chunk / CHUNKS), hi = (guint) ((gsize) b->nb * (chunk + 1) / CHUNKS);
  double *part = op->part != NULL ? op->part + (gsize) chunk * k : NULL;
  v2 sum = { 0 };

  if (part != NULL)
    memset (part, 0, k * sizeof (double));
  for (guint s = lo; s < hi; s++)
    {
      const double *q = block (b, s);
      gsize at = (gsize) s * BLOCK;

      switch (op->kind)
        {
        case OP_DOT:
          dot_block (q, k, op->x + at, part);
          for (guint r = 0; r < V; r++)
            {
              v2 xr = ((const v2 *) (op->x + at))[r];

              sum += xr * xr;
            }
          break;
        case OP_SUB_DOT:
          axpy_block (q, k, op->neg, op->x + at);
          if (op->weight != NULL)
            {
              double wx[BLOCK];

              for (guint r = 0; r < BLOCK; r++)
                wx[r] = op->weight[at + r] * op->x[at + r];
              dot_block (q, k, wx, part);
            }
          else
            dot_block (q, k, op->x + at, part);
          break;
        case OP_TIMES:
          for (guint l = 0; l < op->p; l++)
            {
              double y[BLOCK];
              guint rows = MIN (BLOCK, b->n - at);

              /* The first in the order of memory, the others from the cache. */
              if (l == 0)
                {
                  memset (y, 0, sizeof (y));
                  axpy_block (q, k, op->ca, y);
                }
              else
                set_cached_block (q, k, op->ca + (gsize) l * k, y);
              memcpy (op->ya + l * op->ldy + at, y, rows * sizeof (double));
            }
          break;
        case OP_COMBINE:
          /* The first read in the order of memory, the others from the
           * cache. */
          if (op->neg != NULL)
            axpy_block (q, k, op->neg, op->x + at);
          if (op->ca != NULL)
            set_cached_block (q, k, op->ca, op->ya + at);
          if (op->cb != NULL)
            set_cached_block (q, k, op->cb, op->yb + at);
          for (guint r = 0; r < V && op->x != NULL; r++)
            {
              v2 xr = ((const v2 *) (op->x + at))[r];

              sum += xr * xr;
            }
          break;
        }
    }
  op->sq[chunk] = sum[0] + sum[1];
}

static void
run_chunks (Op *op)
{
  guint chunk;

  while ((chunk = (guint) g_atomic_int_add (&op->next, 1)) < CHUNKS)
    {
      run_chunk (op, chunk);
      if (g_atomic_int_dec_and_test (&op->left))
        {
          g_mutex_lock (&op->lock);
          g_cond_signal (&op->done);
          g_mutex_unlock (&op->lock);
        }
    }
}

static void
op_free (Op *op)
{
  g_mutex_clear (&op->lock);
  g_cond_clear (&op->done);
}

static void
helper (gpointer data, gpointer user_data)
{
  run_chunks (data);
  g_atomic_rc_box_release_full (data, (GDestroyNotify) op_free);
}

/* The helpers' pool: one thread fewer than the processors (the caller is
 * the last), at most CHUNKS - 1; NULL on one processor. */
static GThreadPool *
pool (void)
{
  static GThreadPool *threads;
  static gsize once;

  if (g_once_init_enter (&once))
    {
      guint n = MIN ((guint) g_get_num_processors (), CHUNKS);

      threads = n > 1 ? g_thread_pool_new (helper, NULL, (gint) n - 1, FALSE, NULL) : NULL;
      g_once_init_leave (&once, 1);
    }
  return threads;
}

/* Runs op (an Op in a GAtomicRcBox), then releases it. */
static void
run (Op *op)
{
  GThreadPool *threads = (gsize) op->b->nb * BLOCK * op->k >= THREADED ? pool () : NULL;

  g_mutex_init (&op->lock);
  g_cond_init (&op->done);
  op->left = CHUNKS;
  for (gint t = 0; threads != NULL && t < g_thread_pool_get_max_threads (threads); t++)
    g_thread_pool_push (threads, g_atomic_rc_box_acquire (op), NULL);
  run_chunks (op);
  g_mutex_lock (&op->lock);
  while (g_atomic_int_get (&op->left) > 0)
    g_cond_wait (&op->done, &op->lock);
  g_mutex_unlock (&op->lock);
}

static Op *
op_new (OpKind kind, const SwBasis *b, guint k, gboolean with_part)
{
  Op *op = g_atomic_rc_box_new0 (Op);

  op->kind = kind, op->b = b, op->k = k;
  if (with_part)
    op->part = g_new (double, (gsize) CHUNKS * MAX (k, 1));
  return op;
}

/* Adds the chunks' partial sums in their order into c, and frees op. */
static void
op_finish (Op *op, double *c)
{
  memset (c, 0, op->k * sizeof (double));
  for (guint chunk = 0; chunk < CHUNKS; chunk++)
    for (guint i = 0; i < op->k; i++)
      c[i] += op->part[(gsize) chunk * op->k + i];
  g_free (op->part);
  g_atomic_rc_box_release_full (op, (GDestroyNotify) op_free);
}

double
_sw_basis_dot (const SwBasis *b, guint k, const double *x, double *c)
{
  Op *op = op_new (OP_DOT, b, k, TRUE);
  double sq = 0;

  op->x = (double *) x;
  run (op);
  for (guint chunk = 0; chunk < CHUNKS; chunk++)
    sq += op->sq[chunk];
  op_finish (op, c);
  return sq;
}

void
_sw_basis_sub_dot (const SwBasis *b, guint k, const double *c1, double *x, const double *weight, double *c2)
{
  g_autofree double *neg = g_new (double, MAX (k, 1));
  Op *op = op_new (OP_SUB_DOT, b, k, TRUE);

  for (guint i = 0; i < k; i++)
    neg[i] = -c1[i];
  op->neg = neg, op->x = x, op->weight = weight;
  run (op);
  op_finish (op, c2);
}

double
_sw_basis_combine (const SwBasis *b, guint k, const double *csub, double *x, const double *ca, double *ya,
                   const double *cb, double *yb)
{
  g_autofree double *neg = csub != NULL ? g_new (double, MAX (k, 1)) : NULL;
  Op *op = op_new (OP_COMBINE, b, k, FALSE);
  double sq = 0;

  for (guint i = 0; i < k && csub != NULL; i++)
    neg[i] = -csub[i];
  op->neg = neg, op->x = x, op->ca = ca, op->ya = ya, op->cb = cb, op->yb = yb;
  run (op);
  for (guint chunk = 0; chunk < CHUNKS; chunk++)
    sq += op->sq[chunk];
  g_atomic_rc_box_release_full (op, (GDestroyNotify) op_free);
  return sq;
}

void
_sw_basis_times (const SwBasis *b, guint k, const double *c, guint p, double *y, gsize ldy)
{
  Op *op = op_new (OP_TIMES, b, k, FALSE);

  g_return_if_fail (ldy >= b->n);
  op->ca = c, op->p = p, op->ya = y, op->ldy = ldy;
  run (op);
  g_atomic_rc_box_release_full (op, (GDestroyNotify) op_free);
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
