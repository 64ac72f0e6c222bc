/* sw-cli.c: shaftwork-cli, everything headless: the command dispatch and what the
 * commands share (sw-cli-private.h).
 *
 * Exit status: 0 success, 1 a model or data error, 2 a usage error.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "sw-cli-private.h"
#include "sw-error.h"
#include "sw-campbell.h"
#include "sw-frf.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-plot-file.h"

static const char *overview =
  "Usage: shaftwork-cli COMMAND [OPTION…]\n"
  "\n"
  "Simulate and analyse drivetrain models (*.shaft) without a window.\n"
  "\n"
  "Commands:\n"
  "  simulate MODEL   integrate the model and write its trajectories as CSV\n"
  "  plot MODEL       integrate the model and draw trajectories to PNG, SVG or PDF\n"
  "  modal MODEL      natural frequencies, mode shapes, energy of every body and section\n"
  "  frf MODEL        frequency response from a source or body to a variable\n"
  "  campbell MODEL   natural frequencies against shaft speed, with order lines and critical speeds\n"
  "  check MODEL      report every error in a model, or a summary when it is valid\n"
  "  list             the catalogue of component kinds, ports and parameters\n"
  "\n"
  "Options:\n"
  "  -h, --help       show this help (COMMAND --help for a command's options)\n"
  "  --version        show the version\n"
  "\n"
  "Exit status: 0 success, 1 model or data error, 2 usage error.\n";

int
sw_cli_usage_error (GOptionContext *ctx, const char *message)
{
  g_autofree char *help = ctx != NULL ? g_option_context_get_help (ctx, TRUE, NULL) : NULL;

  g_printerr ("shaftwork-cli: %s\n\n%s", message, help != NULL ? help : overview);
  return EXIT_USAGE;
}

int
sw_cli_model_error (const GError *error)
{
  g_printerr ("%s\n", error->message);
  return EXIT_MODEL;
}

SwModel *
sw_cli_load_model (const char *path, int *status)
{
  g_autoptr (GError) error = NULL;
  SwModel *model = sw_model_new_from_file (path, &error);

  if (model == NULL)
    *status = sw_cli_model_error (error);
  return model;
}

gboolean
sw_cli_is_image (const char *path)
{
  return path != NULL && (g_str_has_suffix (path, ".png") || g_str_has_suffix (path, ".svg")
                          || g_str_has_suffix (path, ".pdf"));
}

/* The columns of tr worth drawing, and how: a frequency response as a Bode
 * plot (magnitude on log-log axes, phase over log frequency), anything else
 * every column on linear axes. Returns how many went into cols. */
static guint
plot_columns (const SwTrajectory *tr, guint *cols, SwPlotFileStyle *style)
{
  guint n = MIN (sw_trajectory_get_n_columns (tr), SW_PLOT_FILE_MAX_COLUMNS);
  int magnitude = sw_trajectory_find_column (tr, "magnitude");
  int phase = sw_trajectory_find_column (tr, "phase_deg");

  *style = (SwPlotFileStyle) { FALSE, 0 };
  if (strcmp (sw_trajectory_get_x_name (tr), "frequency_hz") == 0 && magnitude >= 0 && phase >= 0)
    {
      cols[0] = (guint) magnitude;
      cols[1] = (guint) phase;
      *style = (SwPlotFileStyle) { .log_x = TRUE, .log_y_columns = 1u << 0 };
      return 2;
    }
  for (guint c = 0; c < n; c++)
    cols[c] = c;
  return n;
}

/* CSV to a file or stdout, or the columns drawn into an image. */
int
sw_cli_write_table (SwTrajectory *tr, const char *path, const char *title)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (sw_cli_is_image (path))
    {
      guint cols[SW_PLOT_FILE_MAX_COLUMNS];
      SwPlotFileStyle style;
      guint n = plot_columns (tr, cols, &style);

      ok = sw_plot_file_write_styled (tr, cols, n, title, &style, path, 1200, 800, &error);
    }
  else
    ok = sw_trajectory_write_csv (tr, path, &error);
  return ok ? EXIT_OK : sw_cli_model_error (error);
}

SwSystem *
sw_cli_load_system (const char *path, int *status)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_cli_load_model (path, status);
  SwSystem *sys;

  if (model == NULL)
    return NULL;
  if (!(sys = sw_model_assemble (model, &error)))
    *status = sw_cli_model_error (error);
  return sys;
}


int
main (int argc, char **argv)
{
  const char *command;

  setlocale (LC_ALL, "");
  sw_init ();
  if (argc < 2)
    {
      g_printerr ("%s", overview);
      return EXIT_USAGE;
    }
  command = argv[1];
  if (g_str_equal (command, "--help") || g_str_equal (command, "-h") || g_str_equal (command, "help"))
    {
      g_print ("%s", overview);
      return EXIT_OK;
    }
  if (g_str_equal (command, "--version"))
    {
      g_print ("shaftwork-cli %s\n", SW_VERSION);
      return EXIT_OK;
    }
  if (g_str_equal (command, "simulate"))
    return sw_cli_run (argc - 1, argv + 1, FALSE);
  if (g_str_equal (command, "plot"))
    return sw_cli_run (argc - 1, argv + 1, TRUE);
  if (g_str_equal (command, "check"))
    return sw_cli_check (argc - 1, argv + 1);
  if (g_str_equal (command, "modal"))
    return sw_cli_modal (argc - 1, argv + 1);
  if (g_str_equal (command, "frf"))
    return sw_cli_frf (argc - 1, argv + 1);
  if (g_str_equal (command, "campbell"))
    return sw_cli_campbell (argc - 1, argv + 1);
  if (g_str_equal (command, "list"))
    return sw_cli_list (argc - 1, argv + 1);
  {
    g_autofree char *msg = g_strdup_printf ("unknown command “%s”", command);
    g_printerr ("shaftwork-cli: %s\n\n%s", msg, overview);
  }
  return EXIT_USAGE;
}
