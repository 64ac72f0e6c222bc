/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-error.h"

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
