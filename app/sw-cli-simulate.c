/* sw-cli-simulate.c: simulate, plot and check.
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

/* ---- Options shared by simulate and plot -------------------------------- */

typedef struct {
  char   *output;
  double  stop_time;
  double  interval;
  double  tolerance;
  char   *variables;
  char   *method;
  gboolean force;
} RunArgs;

static GOptionContext *
run_context (const char *command, const char *summary, RunArgs *a, gboolean plot)
{
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &a->output,
      plot ? N_("Image to write: FILE.png, FILE.svg or FILE.pdf") : N_("CSV file to write (default: standard output)"),
      N_("FILE") },
    { "stop-time", 0, 0, G_OPTION_ARG_DOUBLE, &a->stop_time, N_("Stop time in s (default: the model’s)"), N_("T") },
    { "interval", 0, 0, G_OPTION_ARG_DOUBLE, &a->interval, N_("Output interval in s (default: the model’s)"),
      N_("H") },
    { "tolerance", 0, 0, G_OPTION_ARG_DOUBLE, &a->tolerance, N_("Relative and absolute tolerance"), N_("TOL") },
    { "variables", 0, 0, G_OPTION_ARG_STRING, &a->variables,
      N_("Variables to record, comma-separated (default: all; for plot: every body’s speed)"), N_("ID.VAR,…") },
    { "method", 0, 0, G_OPTION_ARG_STRING, &a->method,
      N_("Integration method: auto, rk45, rkck, rk8pd, adams, bdf"), N_("NAME") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &a->force, N_("Replace the output file even if it is read-only"), NULL },
    { NULL }
  };
  GOptionContext *ctx = g_option_context_new (N_("MODEL"));

  sw_cli_init_context (ctx, summary, entries);
  g_option_context_set_help_enabled (ctx, TRUE);
  return ctx;
}


/* Plot default: the speed of every inertia and mass. */
static GStrv
default_plot_variables (const SwSystem *sys)
{
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();

  for (guint i = 0; i < sw_system_get_n_parts (sys); i++)
    {
      const SwPart *p = sw_system_get_part (sys, i);
      const char *var = g_str_equal (p->kind->name, "rotational.inertia") ? "w"
                        : g_str_equal (p->kind->name, "translational.mass") ? "v" : NULL;

      if (var != NULL)
        {
          g_autofree char *name = g_strdup_printf ("%s.%s", p->id, var);
          g_strv_builder_add (b, name);
        }
    }
  return g_strv_builder_end (b);
}

int
sw_cli_run (int argc, char **argv, gboolean plot)
{
  /* -INFINITY: not given on the command line. */
  RunArgs a = { .stop_time = -INFINITY, .interval = -INFINITY, .tolerance = -INFINITY };
  g_autoptr (GOptionContext) ctx = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  g_auto (GStrv) vars = NULL;
  SwSimulateOptions o;
  int status = EXIT_OK;

  ctx = run_context (argv[0], plot ? N_("Simulate MODEL and draw its trajectories against time.")
                                   : N_("Simulate MODEL and write its trajectories as CSV: one row per\n"
                                        "output time, two rows (left and right limit) at each event."),
                     &a, plot);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return sw_cli_usage_error (ctx, error->message);
  if (argc != 2)
    {
      status = sw_cli_usage_error (ctx, argc < 2 ? _("missing MODEL") : _("more than one MODEL given"));
      goto out;
    }
  if (isnan (a.stop_time) || isnan (a.interval) || isnan (a.tolerance)
      || a.stop_time == INFINITY || a.interval == INFINITY || a.tolerance == INFINITY)
    {
      status = sw_cli_usage_error (ctx, _("--stop-time, --interval and --tolerance take finite numbers"));
      goto out;
    }
  if (plot && a.output == NULL)
    {
      status = sw_cli_usage_error (ctx, _("plot needs -o FILE.png, FILE.svg or FILE.pdf"));
      goto out;
    }
  /* The output before any work: not the model, writable, an image for plot. */
  if ((status = sw_cli_check_output (ctx, "-o", a.output, argv[1], a.force, plot)) != EXIT_OK)
    goto out;
  if (!(model = sw_cli_load_model (argv[1], &status)))
    goto out;
  if (!(sys = sw_model_assemble (model, &error)))
    {
      status = sw_cli_model_error (error);
      goto out;
    }

  o = sw_simulate_options_from_system (sys);
  if (a.stop_time != -INFINITY)
    o.stop_time_s = a.stop_time;
  if (a.interval != -INFINITY)
    o.output_interval_s = a.interval;
  else if (a.stop_time != -INFINITY && sw_system_get_settings (sys)->output_interval_s <= 0)
    o.output_interval_s = o.stop_time_s / 500;
  if (a.tolerance != -INFINITY)
    o.tolerance = a.tolerance;
  if (a.method != NULL && !sw_method_from_name (a.method, &o.method))
    {
      g_autofree char *msg = g_strdup_printf (_("unknown method “%s”; valid: auto, rk45, rkck, rk8pd, adams, bdf"),
                                              a.method);
      status = sw_cli_usage_error (ctx, msg);
      goto out;
    }
  if (a.variables != NULL)
    vars = g_strsplit (a.variables, ",", -1);
  else if (plot)
    vars = default_plot_variables (sys);
  if (vars != NULL && vars[0] == NULL)
    {
      status = sw_cli_usage_error (ctx, plot ? _("the model has no inertia or mass to plot; name --variables")
                                      : _("--variables is empty"));
      goto out;
    }
  o.variables = (const char *const *) vars;

  if (!(tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error)))
    {
      g_autofree char *loc = g_strdup (argv[1]);
      g_printerr ("%s: error: %s\n", loc, error->message);
      status = EXIT_MODEL;
      goto out;
    }
  if (plot)
    {
      guint n = sw_trajectory_get_n_columns (tr);
      g_autofree guint *cols = g_new (guint, MAX (n, 1));

      for (guint c = 0; c < n; c++)
        cols[c] = c;
      status = sw_cli_write_plot (tr, cols, n, NULL, sw_model_get_name (model), a.output, argv[1], a.force);
    }
  else
    status = sw_cli_write_csv (tr, a.output, argv[1], a.force);

out:
  g_free (a.output);
  g_free (a.variables);
  g_free (a.method);
  return status;
}

/* ---- check -------------------------------------------------------------- */

int
sw_cli_check (int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = g_option_context_new (N_("MODEL"));
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwSystem) sys = NULL;
  int status = EXIT_OK;

  /* Translators: keep “FILE:LINE:COL: error:” and the “ok: …” line in English, as check prints them. */
  sw_cli_init_context (ctx, N_("Check MODEL: every error as FILE:LINE:COL: error: …, or\n"
                               "“ok: N components, M connections, K degrees of freedom”."), NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return sw_cli_usage_error (ctx, error->message);
  if (argc != 2)
    return sw_cli_usage_error (ctx, argc < 2 ? _("missing MODEL") : _("more than one MODEL given"));
  if (!(model = sw_cli_load_model (argv[1], &status)))
    return status;
  if (!(sys = sw_model_assemble (model, &error)))
    return sw_cli_model_error (error);
  /* Not translated: scripts parse this line. */
  g_print ("ok: %u components, %u connections, %u degrees of freedom\n",
           sw_model_get_n_components (model), sw_model_get_n_connections (model), sw_system_get_n_dofs (sys));
  return EXIT_OK;
}
