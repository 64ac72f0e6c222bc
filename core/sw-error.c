/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-error.h"

#include <string.h>
#include <gsl/gsl_errno.h>

G_DEFINE_QUARK (sw-error-quark, sw_error)

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
