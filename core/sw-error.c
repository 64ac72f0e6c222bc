/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-error.h"

#include <string.h>
#include <gsl/gsl_errno.h>

G_DEFINE_QUARK (sw-error-quark, sw_error)

/* OpenBLAS starts its worker threads as LAPACK loads, and each spins on
 * sched_yield for some 0.1 s of processor time before it sleeps, again
 * after every call it ran in parallel: `modal --json` of a 1 000-body chain
 * took 0.20 s of processor time for 0.11 s of its own. Shaftwork's LAPACK
 * work is tridiagonal (MRRR), banded or small, where the threads gain
 * nothing, and studies run models side by side; a dense 1 500-coordinate
 * model's modes took 0.56 s in one thread, 0.43 s in two (0.74 s of
 * processor time). The variables are read as the library loads, so they
 * are set here, before any thread could read the environment; a user's
 * own choice stays. */
static void
one_blas_thread (void)
{
  if (g_getenv ("OPENBLAS_NUM_THREADS") == NULL && g_getenv ("GOTO_NUM_THREADS") == NULL
      && g_getenv ("OMP_NUM_THREADS") == NULL)
    g_setenv ("OPENBLAS_NUM_THREADS", "1", FALSE);
}

void
sw_init_program (void)
{
  one_blas_thread ();
  sw_init ();
}

void
sw_init (void)
{
  static gsize initialised = 0;

  if (g_once_init_enter (&initialised))
    {
      /* Every GSL status is checked and turned into a GError instead. */
      gsl_set_error_handler_off ();
      g_once_init_leave (&initialised, 1);
    }
}

/* Levenshtein's distance, ASCII letters without case: for the "did you
 * mean" of a message. */
guint
sw_edit_distance (const char *a, const char *b)
{
  gsize la = strlen (a), lb = strlen (b);
  g_autofree guint *row = g_new (guint, lb + 1);

  for (gsize j = 0; j <= lb; j++)
    row[j] = j;
  for (gsize i = 1; i <= la; i++)
    {
      guint diagonal = row[0];

      row[0] = i;
      for (gsize j = 1; j <= lb; j++)
        {
          guint up = row[j];
          guint cost = g_ascii_tolower (a[i - 1]) == g_ascii_tolower (b[j - 1]) ? 0 : 1;

          row[j] = MIN (MIN (row[j] + 1, row[j - 1] + 1), diagonal + cost);
          diagonal = up;
        }
    }

  return row[lb];
}
