/* test-lapack.c: LAPACK as modal analysis loads it (core/modal/sw-lapack.c):
 * dstevr called in LAPACK itself gives LAPACKE_dstevr's results bit for
 * bit, refuses NaN as it does, and the routines bound from LAPACKE at
 * their first call solve. A program's OpenBLAS runs one thread unless the
 * user chose otherwise.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gmodule.h>

#include "sw-error.h"
#include "sw-lapack-private.h"

/* A tridiagonal of n with spread eigenvalues: a chain's M^-1/2 K M^-1/2. */
static void
chain (guint n, double *d, double *e)
{
  for (guint i = 0; i < n; i++)
    {
      double ji = 0.1 + 0.01 * (i % 7), cl = i > 0 ? 1e4 + 100 * ((i - 1) % 5) : 0;
      double cr = i + 1 < n ? 1e4 + 100 * (i % 5) : 0;

      d[i] = (cl + cr) / ji;
      e[i] = i + 1 < n ? -cr / sqrt (ji * (0.1 + 0.01 * ((i + 1) % 7))) : 0;
    }
}

/* The same call through LAPACKE (opened here) and through the table: the
 * same eigenvalues and vectors, every bit; a NaN refused by both. */
static void
test_dstevr_as_lapacke (void)
{
  const guint n = 300;
  const SwLapack *lapack = _sw_lapack_load (NULL);
  GModule *lapacke = g_module_open ("liblapacke.so.3", G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
  __typeof__ (LAPACKE_dstevr) *reference = NULL;
  g_autofree double *d1 = g_new (double, n), *e1 = g_new (double, n), *d2 = g_new (double, n);
  g_autofree double *e2 = g_new (double, n), *w1 = g_new (double, n), *w2 = g_new (double, n);
  g_autofree double *z1 = g_new0 (double, (gsize) n * n), *z2 = g_new0 (double, (gsize) n * n);
  g_autofree lapack_int *s1 = g_new (lapack_int, 2 * n), *s2 = g_new (lapack_int, 2 * n);
  lapack_int m1 = 0, m2 = 0;

  if (lapack == NULL || lapacke == NULL)
    {
      g_test_skip ("LAPACK or LAPACKE is not installed");
      return;
    }
  g_assert_true (g_module_symbol (lapacke, "LAPACKE_dstevr", (gpointer *) &reference));
  chain (n, d1, e1);
  chain (n, d2, e2);
  g_assert_cmpint (reference (LAPACK_COL_MAJOR, 'V', 'A', n, d1, e1, 0, 0, 0, 0, 0, &m1, w1, z1, n, s1), ==, 0);
  g_assert_cmpint (lapack->dstevr (LAPACK_COL_MAJOR, 'V', 'A', n, d2, e2, 0, 0, 0, 0, 0, &m2, w2, z2, n, s2), ==, 0);
  g_assert_cmpint (m1, ==, (lapack_int) n);
  g_assert_cmpint (m2, ==, (lapack_int) n);
  g_assert_cmpmem (w1, n * sizeof (double), w2, n * sizeof (double));
  g_assert_cmpmem (z1, (gsize) n * n * sizeof (double), z2, (gsize) n * n * sizeof (double));
  /* The largest eigenvalue alone, as sw-eigen.c asks for it. */
  chain (n, d1, e1);
  chain (n, d2, e2);
  g_assert_cmpint (reference (LAPACK_COL_MAJOR, 'N', 'I', n, d1, e1, 0, 0, n, n, 0, &m1, w1, NULL, 1, s1), ==, 0);
  g_assert_cmpint (lapack->dstevr (LAPACK_COL_MAJOR, 'N', 'I', n, d2, e2, 0, 0, n, n, 0, &m2, w2, NULL, 1, s2), ==, 0);
  g_assert_cmpint (m2, ==, 1);
  g_assert_cmpmem (w1, sizeof (double), w2, sizeof (double));

  chain (n, d1, e1);
  chain (n, d2, e2);
  d1[n / 2] = d2[n / 2] = NAN;
  g_assert_cmpint (reference (LAPACK_COL_MAJOR, 'V', 'A', n, d1, e1, 0, 0, 0, 0, 0, &m1, w1, z1, n, s1), ==,
                   lapack->dstevr (LAPACK_COL_MAJOR, 'V', 'A', n, d2, e2, 0, 0, 0, 0, 0, &m2, w2, z2, n, s2));
  g_module_close (lapacke);
}

/* A routine bound from LAPACKE at its first call: a 3 x 3 positive
 * definite system solved by dpotrf and dpotrs (x = 1, 2, 3). */
static void
test_lapacke_bound_at_first_call (void)
{
  const SwLapack *lapack = _sw_lapack_load (NULL);
  double a[9] = { 4, 1, 0, 1, 3, 1, 0, 1, 2 };
  double b[3] = { 4 * 1 + 1 * 2, 1 * 1 + 3 * 2 + 1 * 3, 1 * 2 + 2 * 3 };

  if (lapack == NULL)
    {
      g_test_skip ("LAPACK is not installed");
      return;
    }
  g_assert_cmpint (lapack->dpotrf (LAPACK_COL_MAJOR, 'L', 3, a, 3), ==, 0);
  g_assert_cmpint (lapack->dpotrs (LAPACK_COL_MAJOR, 'L', 3, 1, a, 3, b, 3), ==, 0);
  for (int i = 0; i < 3; i++)
    g_assert_cmpfloat_with_epsilon (b[i], i + 1, 1e-14);
}

/* OpenBLAS's threads as a program starts it (sw_init_program()): one when
 * the environment names none, as many as the user asked otherwise. Each
 * case in a child of its own: the library reads its variables as it loads. */
static int
blas_threads_in_program (void)
{
  GModule *module;
  int (*get_threads) (void) = NULL;

  sw_init_program ();
  if (_sw_lapack_load (NULL) == NULL)
    return -1;
  module = g_module_open ("liblapack.so.3", G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
  if (module == NULL || !g_module_symbol (module, "openblas_get_num_threads", (gpointer *) &get_threads))
    return -1;   /* not OpenBLAS: no threads of its own */
  return get_threads ();
}

static void
test_one_blas_thread (void)
{
  if (g_test_subprocess ())
    {
      const char *asked = g_getenv ("SW_TEST_ASK_THREADS");
      int threads;

      g_unsetenv ("OPENBLAS_NUM_THREADS");
      g_unsetenv ("GOTO_NUM_THREADS");
      g_unsetenv ("OMP_NUM_THREADS");
      if (asked != NULL)
        g_setenv ("OPENBLAS_NUM_THREADS", asked, TRUE);
      threads = blas_threads_in_program ();
      if (threads < 0)
        return;
      g_assert_cmpint (threads, ==, asked != NULL ? atoi (asked) : 1);
      return;
    }
  g_unsetenv ("SW_TEST_ASK_THREADS");
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  if (g_get_num_processors () >= 2)
    {
      g_setenv ("SW_TEST_ASK_THREADS", "2", TRUE);
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
      g_test_trap_assert_passed ();
      g_unsetenv ("SW_TEST_ASK_THREADS");
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/modal/lapack/dstevr-as-lapacke", test_dstevr_as_lapacke);
  g_test_add_func ("/core/modal/lapack/lapacke-at-first-call", test_lapacke_bound_at_first_call);
  g_test_add_func ("/core/modal/lapack/one-blas-thread", test_one_blas_thread);
  return g_test_run ();
}
