/* sw-cli-simulate.c: simulate, plot and check.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <float.h>
#include <locale.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "sw-cli-private.h"
#include "sw-csv.h"
#include "sw-error.h"
#include "sw-event-log.h"
#include "sw-campbell.h"
#include "sw-frf.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-plot-file.h"

/* ---- Options shared by simulate and plot -------------------------------- */

typedef struct {
  char   *output;
  /* Numbers as given: read and checked by parse_run_numbers(). */
  char   *stop_time;
  char   *interval;
  char   *tolerance;
  char   *variables;        /* every --variables given, joined by commas */
  char  **variables_given;  /* each --variables as given: all count, not the last alone */
  gboolean quiet, progress, stats, events;
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
    { "stop-time", 0, 0, G_OPTION_ARG_STRING, &a->stop_time, N_("Stop time in s (default: the model’s)"), N_("T") },
    { "interval", 0, 0, G_OPTION_ARG_STRING, &a->interval, N_("Output interval in s (default: the model’s)"),
      N_("H") },
    { "tolerance", 0, 0, G_OPTION_ARG_STRING, &a->tolerance, N_("Relative and absolute tolerance"), N_("TOL") },
    { "variables", 0, 0, G_OPTION_ARG_STRING_ARRAY, &a->variables_given,
      N_("Variables to record, comma-separated, or patterns such as '*.w' (default: all; for plot: every "
         "body’s speed)"), N_("ID.VAR,…") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &a->quiet, N_("No progress line on a terminal during long runs"), NULL },
    { "progress", 0, 0, G_OPTION_ARG_NONE, &a->progress,
      N_("Progress on standard error from the start, as lines when it is not a terminal (for logs)"), NULL },
    { "method", 0, 0, G_OPTION_ARG_STRING, &a->method,
      N_("Integration method: auto (rk45, or bdf when stiff), rk45 (Dormand–Prince 5(4)), rk853 (Dormand–Prince "
         "8(5,3)), rkck (Cash–Karp 5(4)), rk8pd (Fehlberg 8(7)), adams, bdf"), N_("NAME") },
    { "stats", 0, 0, G_OPTION_ARG_NONE, &a->stats,
      N_("After the run, print the method used, steps, evaluations, Jacobians, events and time to stderr"), NULL },
    { "events", 0, 0, G_OPTION_ARG_NONE, &a->events,
      N_("Print the event log as the run goes: each friction mode change as “t = T s  ID: OLD → NEW” (to stderr when "
         "the CSV goes to standard output)"), NULL },
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
      const SwPart *p = sw_system_get_model_part (sys, i);
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

/* --events: a line per mode change, printed as it happens; a progress
 * line on the same terminal is cleared first and drawn again later. */
typedef struct {
  SwCliProgress *progress;
  gboolean       to_stderr;
} EventPrinter;

static void
print_event (double t, const char *id, int old_mode, int new_mode, gpointer data)
{
  EventPrinter *p = data;
  g_autofree char *line = sw_event_dup_line (t, id, old_mode, new_mode);

  if (p->progress->shown && p->progress->terminal)
    {
      g_printerr ("\r\033[K");
      p->progress->last_us = 0;
    }
  if (p->to_stderr)
    g_printerr ("%s\n", line);
  else
    g_print ("%s\n", line);
}

static gboolean
write_row_piece (double t, guint first, const double *values, guint n, gpointer data, GError **error)
{
  return sw_csv_writer_add_piece (data, t, first, values, n, error);
}

int
sw_cli_run (int argc, char **argv, gboolean plot)
{
  RunArgs a = { 0 };
  double stop_time = 0, interval = 0, tolerance = 0;
  SwCliProgress progress = { 0 };
  g_autoptr (GOptionContext) ctx = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  g_autoptr (SwCsvWriter) csv = NULL;
  g_autofree char *model_name = NULL;
  SwOutputFile *output = NULL;
  g_auto (GStrv) vars = NULL;
  SwSimulateOptions o;
  SwSimulateStats stats = { 0 };
  EventPrinter events = { &progress, FALSE };
  int status = EXIT_OK;

#ifdef __GLIBC__
  /* A fixed threshold for blocks of their own: glibc's moves up to the
   * size of each large block freed (up to 32 MB), after which the run's
   * large arrays come from the heap, around holes that stay resident (a
   * 100 000-body chain's run peaked 30 MB higher, 268 MB, with it). */
  mallopt (M_MMAP_THRESHOLD, 256 * 1024);
#endif
  ctx = run_context (argv[0], plot ? N_("Simulate MODEL and draw its trajectories against time.")
                                   : N_("Simulate MODEL and write its trajectories as CSV: one row per\n"
                                        "output time, two rows (left and right limit) at each event."),
                     &a, plot);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return sw_cli_usage_error (ctx, error->message);
  if (a.variables_given != NULL)
    a.variables = g_strjoinv (",", a.variables_given);
  if (argc != 2)
    {
      status = sw_cli_usage_error (ctx, argc < 2 ? _("missing MODEL") : _("more than one MODEL given"));
      goto out;
    }
  /* A stop time below the smallest normal double has no step to take
   * (sw_simulate() would refuse it without naming the option). */
  if (!sw_cli_parse_number (ctx, "--stop-time", a.stop_time, nextafter (DBL_MIN, 0), INFINITY,
                            _("a time in s >= 2.2250738585072014e-308"), &stop_time, &status)
      || !sw_cli_parse_number (ctx, "--interval", a.interval, 0, INFINITY, _("a time in s > 0"), &interval, &status)
      || !sw_cli_parse_number (ctx, "--tolerance", a.tolerance, nextafter (SW_TOLERANCE_MIN, 0), 1,
                               _("a number from 1e-14 to below 1, e.g. 1e-6"), &tolerance, &status))
    goto out;
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
  /* Lookups by id are done: their indexes go before the assembly's arrays. */
  sw_model_drop_caches (model);
  /* The run needs only the system: the model's components (a third of
   * the memory of a large model) go as soon as the assembly has made its
   * parts of them, before its own peak and the run's arrays. */
  if (!(sys = sw_model_assemble_emptying (model, &error)))
    {
      status = sw_cli_model_error (error);
      goto out;
    }
  model_name = g_strdup (sw_model_get_name (model));
  g_clear_object (&model);
#ifdef __GLIBC__
  malloc_trim (0);
#endif

  o = sw_simulate_options_from_system (sys);
  if (a.stop_time != NULL)
    o.stop_time_s = stop_time;
  if (a.interval != NULL)
    o.output_interval_s = interval;
  else if (a.stop_time != NULL && sw_system_get_settings (sys)->output_interval_s <= 0)
    o.output_interval_s = o.stop_time_s / 500;
  if (a.tolerance != NULL)
    o.tolerance = tolerance;
  if (a.method != NULL && !sw_method_from_name (a.method, &o.method))
    {
      g_autofree char *msg = g_strdup_printf (_("unknown method “%s”; valid: auto, rk45, rk853, rkck, rk8pd, adams, bdf"),
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
  for (guint k = 0; vars != NULL && vars[k] != NULL; k++)
    if (*g_strstrip (vars[k]) == '\0')
      {
        g_autofree char *msg = g_strdup_printf (_("--variables “%s” has an empty name; give ID.VAR names or "
                                                  "patterns such as '*.w', separated by commas"), a.variables);
        status = sw_cli_usage_error (ctx, msg);
        goto out;
      }
  o.variables = (const char *const *) vars;

  /* Variables, memory and events before the run: a bad option is a usage
   * error naming it, a model setting an error of the model. */
  if (!sw_simulate_check (sys, &o, &error))
    {
      g_autofree char *msg = NULL;

      if (g_error_matches (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER))
        msg = g_strdup_printf ("--variables: %s", error->message);
      else if (g_error_matches (error, SW_ERROR, SW_ERROR_TOO_LARGE)
               && (a.stop_time != NULL || a.interval != NULL || a.variables != NULL))
        {
          /* The options given that set the size, "--stop-time, --interval". */
          g_autoptr (GPtrArray) given = g_ptr_array_new ();

          if (a.stop_time != NULL)
            g_ptr_array_add (given, "--stop-time");
          if (a.interval != NULL)
            g_ptr_array_add (given, "--interval");
          if (a.variables != NULL)
            g_ptr_array_add (given, "--variables");
          g_ptr_array_add (given, NULL);
          {
            g_autofree char *names = g_strjoinv (", ", (char **) given->pdata);

            msg = g_strdup_printf ("%s: %s", names, error->message);
          }
        }
      if (msg != NULL)
        status = sw_cli_usage_error (ctx, msg);
      else
        {
          g_printerr ("%s: error: %s\n", argv[1], error->message);
          status = EXIT_MODEL;
        }
      goto out;
    }
  /* A plot draws at most SW_PLOT_FILE_MAX_COLUMNS curves: more chosen is
   * a usage error before the run, like any other bad --variables. */
  if (plot)
    {
      g_auto (GStrv) names = sw_simulate_dup_column_names (sys, &o, &error);
      guint n = names != NULL ? g_strv_length (names) : 0;

      if (n > SW_PLOT_FILE_MAX_COLUMNS)
        {
          g_autofree char *msg = a.variables != NULL
            ? g_strdup_printf (_("--variables: %u variables chosen; a plot draws 1 to %d: choose fewer (name "
                                 "them, or a narrower pattern such as '*.w')"), n, SW_PLOT_FILE_MAX_COLUMNS)
            : g_strdup_printf (_("the model has %u inertias and masses, whose speeds a plot draws by default; it "
                                 "draws 1 to %d: name --variables"), n, SW_PLOT_FILE_MAX_COLUMNS);

          status = sw_cli_usage_error (ctx, msg);
          goto out;
        }
    }
  /* A CSV is written row by row as the run computes it: its length is
   * bounded by the disk, not by memory. */
  if (!plot)
    {
      if (a.output != NULL && !(output = sw_cli_open_output (a.output, argv[1], a.force, &error)))
        {
          status = sw_cli_model_error (error);
          goto out;
        }
      /* The header's names made from the parts as it is written. */
      csv = sw_simulate_new_csv_writer (sys, &o, output, &error);
      g_assert (csv != NULL);   /* sw_simulate_check() read the columns */
      /* A row of a large model is never whole in memory. */
      o.on_row_piece = write_row_piece;
      o.on_row_data = csv;
      o.discard_rows = TRUE;
    }
  if (a.events)
    {
      /* Beside the rows, never into them: stderr when the CSV goes to
       * stdout, as --stats. */
      events.to_stderr = !plot && a.output == NULL;
      o.on_mode_change = print_event;
      o.on_mode_change_data = &events;
    }
  sw_cli_progress_init (&progress, a.quiet, a.progress);
  tr = sw_simulate_full (sys, &o, sw_cli_progress_update, &progress, NULL, &stats, &error);
  sw_cli_progress_end (&progress);
  if (csv != NULL && tr != NULL && !sw_csv_writer_finish (csv, &error))
    g_clear_pointer (&tr, sw_trajectory_unref);
  if (output != NULL && !sw_cli_close_output (g_steal_pointer (&output), tr != NULL, tr != NULL ? &error : NULL)
      && tr != NULL)
    g_clear_pointer (&tr, sw_trajectory_unref);
  if (a.stats)
    {
      g_autofree char *text = sw_simulate_stats_to_string (&stats);

      g_printerr ("%s\n", text);
    }
  if (tr == NULL)
    {
      g_printerr ("%s: error: %s\n", argv[1], error->message);
      status = EXIT_MODEL;
      goto out;
    }
  if (plot)
    {
      guint n = sw_trajectory_get_n_columns (tr);
      g_autofree guint *cols = g_new (guint, MAX (n, 1));

      for (guint c = 0; c < n; c++)
        cols[c] = c;
      status = sw_cli_write_plot (tr, cols, n, NULL, model_name, a.output, argv[1], a.force);
    }

out:
  if (output != NULL)
    sw_cli_close_output (output, FALSE, NULL);
  g_free (a.output);
  g_free (a.stop_time);
  g_free (a.interval);
  g_free (a.tolerance);
  g_free (a.variables);
  g_strfreev (a.variables_given);
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
  guint n_components, n_connections;

#ifdef __GLIBC__
  /* As simulate: large blocks of their own, given back when freed (the
   * 100 000-body chain's check peaked at 197 MB without). */
  mallopt (M_MMAP_THRESHOLD, 256 * 1024);
#endif
  /* Translators: keep “FILE:LINE:COL: error:” and the “ok: …” line in English, as check prints them. */
  sw_cli_init_context (ctx, N_("Check MODEL: every error as FILE:LINE:COL: error: …, or\n"
                               "“ok: N components, M connections, K degrees of freedom”."), NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return sw_cli_usage_error (ctx, error->message);
  if (argc != 2)
    return sw_cli_usage_error (ctx, argc < 2 ? _("missing MODEL") : _("more than one MODEL given"));
  if (!(model = sw_cli_load_model (argv[1], &status)))
    return status;
  sw_model_drop_caches (model);
  /* The line printed counts the model's own components and connections
   * (a subsystem one), which the assembly gives up as it goes. */
  n_components = sw_model_get_n_components (model);
  n_connections = sw_model_get_n_connections (model);
  if (!(sys = sw_model_assemble_emptying (model, &error)))
    return sw_cli_model_error (error);
  /* The run the model's settings ask for: events and memory. */
  {
    SwSimulateOptions o = sw_simulate_options_from_system (sys);

    if (!sw_simulate_check (sys, &o, &error))
      {
        g_printerr ("%s: error: %s\n", argv[1], error->message);
        return EXIT_MODEL;
      }
  }
  /* Not translated: scripts parse this line. */
  {
    guint nc = n_components, nw = n_connections;
    guint nd = sw_system_get_n_dofs (sys);

    g_print ("ok: %u component%s, %u connection%s, %u degree%s of freedom\n", nc, nc == 1 ? "" : "s",
             nw, nw == 1 ? "" : "s", nd, nd == 1 ? "" : "s");
  }
  /* The observed variables, columns of every run (sw-observed.h). */
  {
    guint n;
    const SwObservedEntry *observed = sw_model_get_observed (model, &n);

    for (guint k = 0; k < n; k++)
      g_print ("observed: %s = %s%s%s%s\n", observed[k].name, observed[k].expression,
               observed[k].unit[0] != '\0' ? " [" : "", observed[k].unit, observed[k].unit[0] != '\0' ? "]" : "");
  }
  return EXIT_OK;
}
