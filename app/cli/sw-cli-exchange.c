/* sw-cli-exchange.c: models to and from Modelica.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>

#include "sw-cli-private.h"
#include "sw-modelica.h"

/* ---- import ------------------------------------------------------------- */

int
sw_cli_import (int argc, char **argv)
{
  g_autofree char *out_path = NULL;
  gboolean force = FALSE;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out_path, N_("The .shaft file to write (default: standard output)"),
      N_("FILE") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Replace the output file even if it is read-only"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (N_("MODEL.mo"));
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;
  int status = EXIT_OK;

  sw_cli_init_context (ctx, N_("Import a Modelica model built from Modelica.Mechanics.Rotational,\n"
                               "Modelica.Mechanics.Translational and Modelica.Blocks.Sources as a\n"
                               "Shaftwork model. Every command also takes a .mo file directly."), entries);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return sw_cli_usage_error (ctx, error->message);
  if (argc != 2)
    return sw_cli_usage_error (ctx, argc < 2 ? _("missing MODEL.mo") : _("more than one MODEL.mo given"));
  if ((status = sw_cli_check_output (ctx, "-o", out_path, argv[1], force, FALSE)) != EXIT_OK)
    return status;
  if (!(model = sw_cli_load_model (argv[1], &status)))
    return status;
  if (out_path == NULL)
    {
      g_autofree char *data = sw_model_to_data (model, NULL);

      fputs (data, stdout);
      return EXIT_OK;
    }
  if (!sw_model_save_to_file (model, out_path, &error))
    {
      g_printerr ("%s\n", error->message);
      return EXIT_MODEL;
    }
  return EXIT_OK;
}

/* ---- export ------------------------------------------------------------- */

int
sw_cli_export (int argc, char **argv)
{
  g_autofree char *out_path = NULL, *text = NULL;
  gboolean force = FALSE;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out_path, N_("The .mo file to write (default: standard output)"),
      N_("FILE") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Replace the output file even if it is read-only"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (N_("MODEL"));
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;
  SwOutputFile *output;
  int status = EXIT_OK;

  sw_cli_init_context (ctx, N_("Write MODEL as a Modelica model: components of the Modelica Standard Library\n"
                               "as their classes, signals as blocks of Modelica.Blocks.Sources; kinds the\n"
                               "library does not have as classes of a package Shaftwork."), entries);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return sw_cli_usage_error (ctx, error->message);
  if (argc != 2)
    return sw_cli_usage_error (ctx, argc < 2 ? _("missing MODEL") : _("more than one MODEL given"));
  if ((status = sw_cli_check_output (ctx, "-o", out_path, argv[1], force, FALSE)) != EXIT_OK)
    return status;
  if (!(model = sw_cli_load_model (argv[1], &status)))
    return status;
  if (!(text = sw_modelica_export (model, &error)))
    {
      g_printerr ("%s: error: %s\n", argv[1], error->message);
      return EXIT_MODEL;
    }
  if (out_path == NULL)
    {
      fputs (text, stdout);
      return EXIT_OK;
    }
  /* As every other output: a device or a FIFO is written to, not
   * renamed over (as root, -o /dev/null made /dev/null a plain file). */
  output = sw_cli_open_output (out_path, argv[1], force, &error);
  if (output == NULL || !sw_cli_close_output (output, sw_output_file_write (output, text, strlen (text), &error), &error))
    {
      g_printerr ("%s: error: %s\n", out_path, error->message);
      return EXIT_MODEL;
    }
  return EXIT_OK;
}
