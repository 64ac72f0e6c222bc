/* main.c: the `shaftwork` program, the window.
 *
 *   shaftwork [FILE.shaft...]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <locale.h>

#include "sw-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(SwApplication) application = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  application = sw_application_new ();
  return g_application_run (G_APPLICATION (application), argc, argv);
}
