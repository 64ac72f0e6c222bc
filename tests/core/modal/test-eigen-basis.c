/* test-eigen-basis.c: the blocked Krylov basis of sw-eigen-basis.c (issue
 * 24) against the same products written as plain sums over a dense copy:
 * lengths that do not fill the last block (its padding must stay 0), and
 * one large enough for the passes to run on the thread pool; and the same
 * result bit for bit from a basis run again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <glib.h>

#include "sw-eigen-private.h"

typedef struct {
  guint    n, k;
  gsize    np;
  SwBasis  b;
  double  *dense;           /* the same columns, n apart */
  double  *x, *c1, *ca, *cb;
} Fixture;

static void
fixture_init (Fixture *f, guint n, guint k, guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autofree double *col = NULL;

  f->n = n, f->k = k, f->np = _sw_basis_padded (n);
  g_assert_cmpuint (f->np % SW_BASIS_BLOCK, ==, 0);
  g_assert_cmpuint (f->np, >=, n);
  g_assert_true (_sw_basis_init (&f->b, n, k + 1));
  f->dense = g_new (double, (gsize) n * k);
  col = g_new0 (double, f->np);
  for (guint i = 0; i < k; i++)
    {
      for (guint r = 0; r < n; r++)
        col[r] = g_rand_double_range (rand, -1, 1);
      /* Scaled as set: column i = 0.5 col. */
      _sw_basis_set_column (&f->b, i, col, 0.5);
      for (guint r = 0; r < n; r++)
        f->dense[(gsize) i * n + r] = 0.5 * col[r];
    }
  f->x = g_new0 (double, f->np);
  for (guint r = 0; r < n; r++)
    f->x[r] = g_rand_double_range (rand, -1, 1);
  f->c1 = g_new (double, k), f->ca = g_new (double, k), f->cb = g_new (double, k);
  for (guint i = 0; i < k; i++)
    {
      f->c1[i] = g_rand_double_range (rand, -1, 1);
      f->ca[i] = g_rand_double_range (rand, -1, 1);
      f->cb[i] = g_rand_double_range (rand, -1, 1);
    }
}

static void
fixture_clear (Fixture *f)
{
  _sw_basis_clear (&f->b);
  g_free (f->dense);
  g_free (f->x);
  g_free (f->c1);
  g_free (f->ca);
  g_free (f->cb);
}

/* Q^T x by plain sums, and the scale of each sum (for the round-off). */
static void
dense_dot (const Fixture *f, const double *x, double *c, double *scale)
{
  for (guint i = 0; i < f->k; i++)
    {
      double sum = 0, abs = 0;

      for (guint r = 0; r < f->n; r++)
        {
          sum += f->dense[(gsize) i * f->n + r] * x[r];
          abs += fabs (f->dense[(gsize) i * f->n + r] * x[r]);
        }
      c[i] = sum;
      scale[i] = abs;
    }
}

/* y = Q c (plus y0 when not NULL) by plain sums. */
static void
dense_times (const Fixture *f, const double *c, const double *y0, double *y)
{
  for (guint r = 0; r < f->n; r++)
    {
      double sum = y0 != NULL ? y0[r] : 0;

      for (guint i = 0; i < f->k; i++)
        sum += f->dense[(gsize) i * f->n + r] * c[i];
      y[r] = sum;
    }
}

static void
assert_close (const double *a, const double *b, guint len, double tol)
{
  for (guint i = 0; i < len; i++)
    g_assert_cmpfloat (fabs (a[i] - b[i]), <=, tol);
}

static void
assert_padding_zero (const Fixture *f, const double *x)
{
  for (gsize r = f->n; r < f->np; r++)
    g_assert_cmpfloat (x[r], ==, 0);
}

static void
check (guint n, guint k)
{
  Fixture f;
  double tol = 1e-13 * k;
  g_autofree double *c = NULL, *want = NULL, *scale = NULL, *x = NULL, *y = NULL, *ya = NULL, *yb = NULL;
  g_autofree double *neg = NULL;
  double sq, want_sq = 0;

  fixture_init (&f, n, k, 24 + n);
  c = g_new (double, k), want = g_new (double, k), scale = g_new (double, k);
  x = g_new0 (double, f.np), y = g_new0 (double, f.np);
  ya = g_new0 (double, f.np), yb = g_new0 (double, f.np);
  neg = g_new (double, k);

  /* c = Q^T x, and |x|^2. */
  sq = _sw_basis_dot (&f.b, k, f.x, c);
  for (guint r = 0; r < n; r++)
    want_sq += f.x[r] * f.x[r];
  g_assert_cmpfloat (fabs (sq - want_sq), <=, 1e-13 * want_sq);
  want_sq = 0;
  dense_dot (&f, f.x, want, scale);
  for (guint i = 0; i < k; i++)
    g_assert_cmpfloat (fabs (c[i] - want[i]), <=, 1e-14 * scale[i] + 1e-300);

  /* x -= Q c1, then c = Q^T x. */
  memcpy (x, f.x, f.np * sizeof (double));
  _sw_basis_sub_dot (&f.b, k, f.c1, x, NULL, c);
  for (guint i = 0; i < k; i++)
    neg[i] = -f.c1[i];
  dense_times (&f, neg, f.x, y);
  assert_close (x, y, n, tol);
  assert_padding_zero (&f, x);
  dense_dot (&f, y, want, scale);
  for (guint i = 0; i < k; i++)
    g_assert_cmpfloat (fabs (c[i] - want[i]), <=, 1e-13 * scale[i] + 1e-300);

  /* x -= Q c1, ya = Q ca, yb = Q cb, |x|^2. */
  memcpy (x, f.x, f.np * sizeof (double));
  sq = _sw_basis_combine (&f.b, k, f.c1, x, f.ca, ya, f.cb, yb);
  dense_times (&f, neg, f.x, y);
  assert_close (x, y, n, tol);
  for (guint r = 0; r < n; r++)
    want_sq += y[r] * y[r];
  g_assert_cmpfloat (fabs (sq - want_sq), <=, 1e-13 * want_sq);
  dense_times (&f, f.ca, NULL, y);
  assert_close (ya, y, n, tol);
  dense_times (&f, f.cb, NULL, y);
  assert_close (yb, y, n, tol);
  assert_padding_zero (&f, x);
  assert_padding_zero (&f, ya);
  assert_padding_zero (&f, yb);

  /* x -= Q c1, then c = Q^T (weight x). */
  {
    g_autofree double *weight = g_new0 (double, f.np), *wy = g_new (double, n);

    for (guint r = 0; r < n; r++)
      weight[r] = 0.5 + (r % 3);
    memcpy (x, f.x, f.np * sizeof (double));
    _sw_basis_sub_dot (&f.b, k, f.c1, x, weight, c);
    dense_times (&f, neg, f.x, y);
    assert_close (x, y, n, tol);
    for (guint r = 0; r < n; r++)
      wy[r] = weight[r] * y[r];
    dense_dot (&f, wy, want, scale);
    for (guint i = 0; i < k; i++)
      g_assert_cmpfloat (fabs (c[i] - want[i]), <=, 1e-13 * scale[i] + 1e-300);
  }

  /* Y = Q C, three columns n apart (no padding). */
  {
    g_autofree double *C = g_new (double, 3 * (gsize) k), *Y = g_new (double, 3 * (gsize) n);

    memcpy (C, f.c1, k * sizeof (double));
    memcpy (C + k, f.ca, k * sizeof (double));
    memcpy (C + 2 * k, f.cb, k * sizeof (double));
    _sw_basis_times (&f.b, k, C, 3, Y, n);
    for (guint l = 0; l < 3; l++)
      {
        dense_times (&f, C + (gsize) l * k, NULL, y);
        assert_close (Y + (gsize) l * n, y, n, tol);
      }
  }

  /* Only some of them. */
  _sw_basis_combine (&f.b, k, NULL, NULL, f.ca, ya, NULL, NULL);
  dense_times (&f, f.ca, NULL, y);
  assert_close (ya, y, n, tol);

  /* Again, bit for bit (the chunks' sums in a fixed order, whichever
   * thread ran them). */
  {
    g_autofree double *c_again = g_new (double, k), *x_again = g_new0 (double, f.np);
    double sq_again;

    memcpy (x_again, f.x, f.np * sizeof (double));
    for (guint rep = 0; rep < 3; rep++)
      {
        _sw_basis_dot (&f.b, k, f.x, c);
        _sw_basis_dot (&f.b, k, f.x, c_again);
        g_assert_cmpmem (c, k * sizeof (double), c_again, k * sizeof (double));
      }
    memcpy (x, f.x, f.np * sizeof (double));
    sq = _sw_basis_combine (&f.b, k, f.c1, x, f.ca, ya, f.cb, yb);
    sq_again = _sw_basis_combine (&f.b, k, f.c1, x_again, f.ca, y, f.cb, yb);
    g_assert_cmpfloat (sq, ==, sq_again);
    g_assert_cmpmem (x, f.np * sizeof (double), x_again, f.np * sizeof (double));
    g_assert_cmpmem (ya, f.np * sizeof (double), y, f.np * sizeof (double));
  }
  fixture_clear (&f);
}

/* Fewer rows than a block, a block and a bit, many blocks. */
static void
test_small (void)
{
  check (1, 1);
  check (37, 5);
  check (SW_BASIS_BLOCK, 3);
  check (SW_BASIS_BLOCK + 1, 7);
  check (3001, 13);
}

/* Past the size where the passes go to the thread pool (2^20 entries). */
static void
test_threaded (void)
{
  check (50003, 23);
}

/* Several threads using bases at once (the window's jobs): each gets its
 * own result. */
static gpointer
check_thread (gpointer data)
{
  check (GPOINTER_TO_UINT (data), 21);
  return NULL;
}

static void
test_concurrent (void)
{
  GThread *threads[3];

  for (guint t = 0; t < G_N_ELEMENTS (threads); t++)
    threads[t] = g_thread_new ("basis", check_thread, GUINT_TO_POINTER (50000 + 17 * t));
  for (guint t = 0; t < G_N_ELEMENTS (threads); t++)
    g_thread_join (threads[t]);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/eigen/basis/small", test_small);
  g_test_add_func ("/core/eigen/basis/threaded", test_threaded);
  g_test_add_func ("/core/eigen/basis/concurrent", test_concurrent);
  return g_test_run ();
}
