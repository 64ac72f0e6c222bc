/* main.c: the `shaftwork` program, the window.
 *
 *   shaftwork [FILE.shaft...]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-application.h"
#include "sw-error.h"
#include "sw-settings.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(SwApplication) application = NULL;

  sw_init_program ();
  sw_settings_init_locale ();

  application = sw_application_new ();
  return g_application_run (G_APPLICATION (application), argc, argv);
}
