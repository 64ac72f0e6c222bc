/* sw-cli.c: shaftwork-cli, everything headless.
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

#include "sw-error.h"
#include "sw-model.h"
#include "sw-campbell.h"
#include "sw-frf.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-plot-file.h"

enum { EXIT_OK = 0, EXIT_MODEL = 1, EXIT_USAGE = 2 };

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

static int
usage_error (GOptionContext *ctx, const char *message)
{
  g_autofree char *help = ctx != NULL ? g_option_context_get_help (ctx, TRUE, NULL) : NULL;

  g_printerr ("shaftwork-cli: %s\n\n%s", message, help != NULL ? help : overview);
  return EXIT_USAGE;
}

static int
model_error (const GError *error)
{
  g_printerr ("%s\n", error->message);
  return EXIT_MODEL;
}

/* ---- Options shared by simulate and plot -------------------------------- */

typedef struct {
  char   *output;
  double  stop_time;
  double  interval;
  double  tolerance;
  char   *variables;
  char   *method;
} RunArgs;

static GOptionContext *
run_context (const char *command, const char *summary, RunArgs *a, gboolean plot)
{
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &a->output,
      plot ? "Image to write: FILE.png, FILE.svg or FILE.pdf" : "CSV file to write (default: standard output)",
      "FILE" },
    { "stop-time", 0, 0, G_OPTION_ARG_DOUBLE, &a->stop_time, "Stop time in s (default: the model's)", "T" },
    { "interval", 0, 0, G_OPTION_ARG_DOUBLE, &a->interval, "Output interval in s (default: the model's)", "H" },
    { "tolerance", 0, 0, G_OPTION_ARG_DOUBLE, &a->tolerance, "Relative and absolute tolerance", "TOL" },
    { "variables", 0, 0, G_OPTION_ARG_STRING, &a->variables,
      "Variables to record, comma-separated (default: all; for plot: every body's speed)", "ID.VAR,…" },
    { "method", 0, 0, G_OPTION_ARG_STRING, &a->method,
      "Integration method: auto, rk45, rkck, rk8pd, adams, bdf", "NAME" },
    { NULL }
  };
  GOptionContext *ctx = g_option_context_new ("MODEL");

  g_option_context_set_summary (ctx, summary);
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_set_help_enabled (ctx, TRUE);
  return ctx;
}

static SwModel *
load_model (const char *path, int *status)
{
  g_autoptr (GError) error = NULL;
  SwModel *model = sw_model_new_from_file (path, &error);

  if (model == NULL)
    *status = model_error (error);
  return model;
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

static int
run (int argc, char **argv, gboolean plot)
{
  RunArgs a = { .stop_time = NAN, .interval = NAN, .tolerance = NAN };
  g_autoptr (GOptionContext) ctx = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  g_auto (GStrv) vars = NULL;
  SwSimulateOptions o;
  int status = EXIT_OK;

  ctx = run_context (argv[0], plot ? "Simulate MODEL and draw its trajectories against time."
                                   : "Simulate MODEL and write its trajectories as CSV: one row per "
                                     "output time, two rows (left and right limit) at each event.",
                     &a, plot);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return usage_error (ctx, error->message);
  if (argc != 2)
    {
      status = usage_error (ctx, argc < 2 ? "missing MODEL" : "more than one MODEL given");
      goto out;
    }
  if (plot && a.output == NULL)
    {
      status = usage_error (ctx, "plot needs -o FILE.png, FILE.svg or FILE.pdf");
      goto out;
    }
  if (!(model = load_model (argv[1], &status)))
    goto out;
  if (!(sys = sw_model_assemble (model, &error)))
    {
      status = model_error (error);
      goto out;
    }

  o = sw_simulate_options_from_system (sys);
  if (!isnan (a.stop_time))
    o.stop_time_s = a.stop_time;
  if (!isnan (a.interval))
    o.output_interval_s = a.interval;
  else if (!isnan (a.stop_time) && sw_system_get_settings (sys)->output_interval_s <= 0)
    o.output_interval_s = o.stop_time_s / 500;
  if (!isnan (a.tolerance))
    o.tolerance = a.tolerance;
  if (a.method != NULL && !sw_method_from_name (a.method, &o.method))
    {
      g_autofree char *msg = g_strdup_printf ("unknown method “%s”; valid: auto, rk45, rkck, rk8pd, adams, bdf",
                                              a.method);
      status = usage_error (ctx, msg);
      goto out;
    }
  if (a.variables != NULL)
    vars = g_strsplit (a.variables, ",", -1);
  else if (plot)
    vars = default_plot_variables (sys);
  if (vars != NULL && vars[0] == NULL)
    {
      status = usage_error (ctx, plot ? "the model has no inertia or mass to plot; name --variables"
                                      : "--variables is empty");
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
      if (!sw_plot_file_write (tr, cols, n, sw_model_get_name (model), a.output, 1200, 800, &error))
        status = model_error (error);
    }
  else if (!sw_trajectory_write_csv (tr, a.output, &error))
    status = model_error (error);

out:
  g_free (a.output);
  g_free (a.variables);
  g_free (a.method);
  return status;
}

/* ---- modal -------------------------------------------------------------- */

static void
add_number_or_null (JsonBuilder *b, const char *name, double v)
{
  json_builder_set_member_name (b, name);
  if (isfinite (v))
    json_builder_add_double_value (b, v);
  else
    json_builder_add_null_value (b);
}

static void
modal_json (SwModes *modes, const char *name)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;
  guint nb = sw_modes_get_n_bodies (modes), ns = sw_modes_get_n_sections (modes);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "model"), json_builder_add_string_value (b, name);
  json_builder_set_member_name (b, "at_time"), json_builder_add_double_value (b, sw_modes_get_time (modes));
  json_builder_set_member_name (b, "modes");
  json_builder_begin_array (b);
  for (guint i = 0; i < sw_modes_get_n_modes (modes); i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "index"), json_builder_add_int_value (b, i + 1);
      add_number_or_null (b, "frequency_hz", m->frequency_hz);
      add_number_or_null (b, "omega_rad_s", m->omega_rad_s);
      json_builder_set_member_name (b, "rigid_body"), json_builder_add_boolean_value (b, m->rigid_body);
      add_number_or_null (b, "damped_frequency_hz", m->has_damped ? m->damped_frequency_hz : NAN);
      add_number_or_null (b, "damping_ratio", m->has_damped ? m->damping_ratio : NAN);
      json_builder_set_member_name (b, "shape");
      json_builder_begin_object (b);
      for (guint k = 0; k < nb; k++)
        add_number_or_null (b, sw_modes_get_body_part (modes, k)->id, m->shape[k]);
      json_builder_end_object (b);
      json_builder_set_member_name (b, "kinetic_energy_percent");
      json_builder_begin_object (b);
      for (guint k = 0; k < nb; k++)
        add_number_or_null (b, sw_modes_get_body_part (modes, k)->id, m->kinetic_energy_percent[k]);
      json_builder_end_object (b);
      json_builder_set_member_name (b, "potential_energy_percent");
      json_builder_begin_object (b);
      for (guint k = 0; k < ns; k++)
        add_number_or_null (b, sw_modes_get_section_part (modes, k)->id, m->potential_energy_percent[k]);
      json_builder_end_object (b);
      json_builder_set_member_name (b, "most_excitable_section");
      if (m->most_excitable_section >= 0)
        json_builder_add_string_value (b, sw_modes_get_section_part (modes, m->most_excitable_section)->id);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "most_excitable_is_tie");
      json_builder_add_boolean_value (b, m->most_excitable_is_tie);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  text = json_generator_to_data (gen, NULL);
  g_print ("%s\n", text);
}

static void
modal_table (SwModes *modes, const char *name)
{
  guint n = sw_modes_get_n_modes (modes), nb = sw_modes_get_n_bodies (modes), ns = sw_modes_get_n_sections (modes);

  g_print ("Modal analysis of “%s” at t = %g s: %u mode%s\n\n", name, sw_modes_get_time (modes), n, n == 1 ? "" : "s");
  g_print ("%5s %14s %14s %14s %11s  %s\n", "mode", "f [Hz]", "omega [rad/s]", "damped f [Hz]", "damping",
           "most excitable section");
  for (guint i = 0; i < n; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);
      g_autofree char *zeta = m->has_damped && isfinite (m->damping_ratio) ? g_strdup_printf ("%.4g", m->damping_ratio)
                                                                          : g_strdup ("-");
      g_autofree char *fd = m->has_damped ? g_strdup_printf ("%.6g", m->damped_frequency_hz) : g_strdup ("-");
      g_autofree char *sec = NULL;

      if (m->most_excitable_section >= 0)
        sec = g_strdup_printf ("%s (%.1f %%%s)", sw_modes_get_section_part (modes, m->most_excitable_section)->id,
                               m->potential_energy_percent[m->most_excitable_section],
                               m->most_excitable_is_tie ? ", tie" : "");
      g_print ("%5u %14.6g %14.6g %14s %11s  %s\n", i + 1, m->frequency_hz, m->omega_rad_s, fd, zeta,
               m->rigid_body ? "rigid-body mode" : sec);
    }
  for (guint i = 0; i < n; i++)
    if (sw_modes_get_mode (modes, i)->energy_balance_error > 1e-6)
      g_print ("\nwarning: mode %u: kinetic and potential energy differ by %.2g %% (the linearisation of a "
               "nonlinear element is poor here)\n", i + 1, 100 * sw_modes_get_mode (modes, i)->energy_balance_error);
  for (guint i = 0; i < n; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);

      g_print ("\nMode %u: %.6g Hz%s\n", i + 1, m->frequency_hz, m->rigid_body ? " (rigid body)" : "");
      g_print ("  %-20s %10s %12s\n", "body", "shape", "kinetic %");
      for (guint k = 0; k < nb; k++)
        g_print ("  %-20s %10.4f %12.2f\n", sw_modes_get_body_part (modes, k)->id, m->shape[k],
                 m->kinetic_energy_percent[k]);
      if (m->rigid_body || ns == 0)
        continue;
      g_print ("  %-20s %10s %12s\n", "section", "", "potential %");
      for (guint k = 0; k < ns; k++)
        g_print ("  %-20s %10s %12.2f%s\n", sw_modes_get_section_part (modes, k)->id, "",
                 m->potential_energy_percent[k], (int) k == m->most_excitable_section ? "  <- most excitable" : "");
    }
}

static int
modal (int argc, char **argv)
{
  double at = 0;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "at", 0, 0, G_OPTION_ARG_DOUBLE, &at, "Operating point: the state of a simulation at time T (default 0: the initial state)", "T" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print the result as JSON", NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("MODEL");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwModes) modes = NULL;
  g_autofree double *state = NULL;
  int status = EXIT_OK;

  g_option_context_set_summary (ctx, "Natural frequencies of MODEL linearised at an operating point, with the\n"
                                     "mode shape of every body, the kinetic energy of every body and the potential\n"
                                     "energy of every compliant section; the section with the most potential\n"
                                     "energy is the most excitable one at that frequency.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return usage_error (ctx, error->message);
  if (argc != 2)
    return usage_error (ctx, argc < 2 ? "missing MODEL" : "more than one MODEL given");
  if (!(at >= 0) || !isfinite (at))
    return usage_error (ctx, "--at must be a time >= 0");
  if (!(model = load_model (argv[1], &status)))
    return status;
  if (!(sys = sw_model_assemble (model, &error)))
    return model_error (error);
  if (at > 0)
    {
      SwSimulateOptions o = sw_simulate_options_from_system (sys);

      o.stop_time_s = at;
      if (!(state = sw_simulate_final_state (sys, &o, &error)))
        {
          g_printerr ("%s: error: %s\n", argv[1], error->message);
          return EXIT_MODEL;
        }
    }
  if (!(modes = sw_modes_compute (sys, at, state, &error)))
    {
      g_printerr ("%s: error: %s\n", argv[1], error->message);
      return EXIT_MODEL;
    }
  if (json)
    modal_json (modes, sw_model_get_name (model));
  else
    modal_table (modes, sw_model_get_name (model));
  return EXIT_OK;
}

/* ---- frf and campbell --------------------------------------------------- */

static gboolean
is_image (const char *path)
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
static int
write_table (SwTrajectory *tr, const char *path, const char *title)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (is_image (path))
    {
      guint cols[SW_PLOT_FILE_MAX_COLUMNS];
      SwPlotFileStyle style;
      guint n = plot_columns (tr, cols, &style);

      ok = sw_plot_file_write_styled (tr, cols, n, title, &style, path, 1200, 800, &error);
    }
  else
    ok = sw_trajectory_write_csv (tr, path, &error);
  return ok ? EXIT_OK : model_error (error);
}

static SwSystem *
load_system (const char *path, int *status)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = load_model (path, status);
  SwSystem *sys;

  if (model == NULL)
    return NULL;
  if (!(sys = sw_model_assemble (model, &error)))
    *status = model_error (error);
  return sys;
}

static int
frf (int argc, char **argv)
{
  g_autofree char *input = NULL, *output = NULL, *out_path = NULL;
  double from = 0, to = 0;
  int points = 400;
  GOptionEntry entries[] = {
    { "input", 0, 0, G_OPTION_ARG_STRING, &input, "Where a unit harmonic torque or force enters: a source or a body", "ID" },
    { "output", 0, 0, G_OPTION_ARG_STRING, &output, "The response: a variable, e.g. inertia3.w or spring.tau", "ID.VAR" },
    { "from", 0, 0, G_OPTION_ARG_DOUBLE, &from, "Lowest frequency in Hz (default: a decade below the first mode)", "F0" },
    { "to", 0, 0, G_OPTION_ARG_DOUBLE, &to, "Highest frequency in Hz (default: a decade above the last mode)", "F1" },
    { "points", 0, 0, G_OPTION_ARG_INT, &points, "Points of the logarithmic grid before refinement (default 400)", "N" },
    { "output-file", 'o', 0, G_OPTION_ARG_FILENAME, &out_path, "CSV file, or an image (.png, .svg, .pdf) of magnitude and phase", "FILE" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("MODEL");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  SwFrfOptions o = sw_frf_options_default ();
  int status = EXIT_OK;

  g_option_context_set_summary (ctx, "Frequency response of MODEL linearised at its initial state: magnitude,\n"
                                     "phase, real and imaginary part of OUTPUT per unit INPUT, on a logarithmic\n"
                                     "grid refined near every resonance.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return usage_error (ctx, error->message);
  if (argc != 2)
    return usage_error (ctx, argc < 2 ? "missing MODEL" : "more than one MODEL given");
  if (input == NULL || output == NULL)
    return usage_error (ctx, "frf needs --input ID and --output ID.VAR");
  if (points < 2 || from < 0 || to < 0)
    return usage_error (ctx, "--points must be >= 2 and --from, --to >= 0");
  if (!(sys = load_system (argv[1], &status)))
    return status;
  o.from_hz = from;
  o.to_hz = to;
  o.n_points = points;
  if (!(tr = sw_frf_compute (sys, input, output, &o, &error)))
    {
      g_printerr ("%s: error: %s\n", argv[1], error->message);
      return EXIT_MODEL;
    }
  {
    g_autofree char *title = g_strdup_printf ("%s / %s", output, input);
    return write_table (tr, out_path, title);
  }
}

static gboolean
parse_range (const char *text, double *a, double *b)
{
  g_auto (GStrv) parts = text ? g_strsplit (text, ":", 2) : NULL;
  char *end;

  if (parts == NULL || g_strv_length (parts) != 2)
    return FALSE;
  *a = g_ascii_strtod (parts[0], &end);
  if (*end != '\0' || end == parts[0])
    return FALSE;
  *b = g_ascii_strtod (parts[1], &end);
  return *end == '\0' && end != parts[1];
}

static int
campbell (int argc, char **argv)
{
  g_autofree char *shaft = NULL, *range = NULL, *orders_text = NULL, *out_path = NULL;
  int speeds = 61;
  GOptionEntry entries[] = {
    { "shaft", 0, 0, G_OPTION_ARG_STRING, &shaft, "Reference shaft: the inertia whose speed is the x axis", "ID" },
    { "speed-range", 0, 0, G_OPTION_ARG_STRING, &range, "Speed range of the reference shaft in rpm", "N0:N1" },
    { "orders", 0, 0, G_OPTION_ARG_STRING, &orders_text, "Excitation orders, comma-separated (default 1)", "O,…" },
    { "speeds", 0, 0, G_OPTION_ARG_INT, &speeds, "Speed samples over the range (default 61)", "N" },
    { "output-file", 'o', 0, G_OPTION_ARG_FILENAME, &out_path, "CSV file, or an image (.png, .svg, .pdf) of the diagram", "FILE" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("MODEL");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwCampbell) c = NULL;
  g_autoptr (GArray) orders = g_array_new (FALSE, FALSE, sizeof (double));
  SwCampbellOptions o = sw_campbell_options_default ();
  int status = EXIT_OK;

  g_option_context_set_summary (ctx, "Campbell diagram of MODEL: natural frequencies against the speed of a\n"
                                     "reference shaft, with excitation order lines; prints the critical speeds\n"
                                     "(crossings) with the mode and its most excitable section.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return usage_error (ctx, error->message);
  if (argc != 2)
    return usage_error (ctx, argc < 2 ? "missing MODEL" : "more than one MODEL given");
  if (shaft == NULL || !parse_range (range, &o.from_rpm, &o.to_rpm))
    return usage_error (ctx, "campbell needs --shaft ID and --speed-range N0:N1 (rpm)");
  if (speeds < 2)
    return usage_error (ctx, "--speeds must be >= 2");
  if (orders_text != NULL)
    {
      g_auto (GStrv) items = g_strsplit (orders_text, ",", -1);

      for (guint k = 0; items[k] != NULL; k++)
        {
          char *end;
          double v = g_ascii_strtod (items[k], &end);

          if (end == items[k] || *end != '\0')
            return usage_error (ctx, "--orders takes numbers separated by commas, e.g. 0.5,1,1.5,2");
          g_array_append_val (orders, v);
        }
      o.orders = (const double *) orders->data;
      o.n_orders = orders->len;
    }
  o.n_speeds = speeds;
  if (!(sys = load_system (argv[1], &status)))
    return status;
  if (!(c = sw_campbell_compute (sys, shaft, &o, &error)))
    {
      g_printerr ("%s: error: %s\n", argv[1], error->message);
      return EXIT_MODEL;
    }
  if (out_path != NULL)
    {
      g_autofree char *title = g_strdup_printf ("Campbell diagram, reference shaft %s", shaft);

      if ((status = write_table (sw_campbell_get_diagram (c), out_path, title)) != EXIT_OK)
        return status;
    }
    {
      g_print ("Critical speeds of %s (%u):\n", shaft, sw_campbell_get_n_crossings (c));
      g_print ("%14s %8s %6s %14s  %s\n", "speed [rpm]", "order", "mode", "f [Hz]", "most excitable section");
      for (guint k = 0; k < sw_campbell_get_n_crossings (c); k++)
        {
          const SwCriticalSpeed *cs = sw_campbell_get_crossing (c, k);

          g_print ("%14.6g %8g %6u %14.6g  %s\n", cs->speed_rpm, cs->order, cs->mode, cs->frequency_hz,
                   cs->section >= 0 ? sw_system_get_part (sys, cs->section)->id : "-");
        }
    }
  return EXIT_OK;
}

/* ---- check -------------------------------------------------------------- */

static int
check (int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = g_option_context_new ("MODEL");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwSystem) sys = NULL;
  int status = EXIT_OK;

  g_option_context_set_summary (ctx, "Check MODEL: every error as FILE:LINE:COL: error: …, or\n"
                                     "“ok: N components, M connections, K degrees of freedom”.");
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return usage_error (ctx, error->message);
  if (argc != 2)
    return usage_error (ctx, argc < 2 ? "missing MODEL" : "more than one MODEL given");
  if (!(model = load_model (argv[1], &status)))
    return status;
  if (!(sys = sw_model_assemble (model, &error)))
    return model_error (error);
  g_print ("ok: %u components, %u connections, %u degrees of freedom\n",
           sw_model_get_n_components (model), sw_model_get_n_connections (model), sw_system_get_n_dofs (sys));
  return EXIT_OK;
}

/* ---- list --------------------------------------------------------------- */

static const char *
domain_name (SwDomain d)
{
  return d == SW_DOMAIN_ROTATIONAL ? "rotational" : "translational";
}

static const char *
param_type_name (SwParamType t)
{
  switch (t)
    {
    case SW_PARAM_REAL: return "real";
    case SW_PARAM_BOOLEAN: return "boolean";
    case SW_PARAM_SIGNAL: return "signal";
    case SW_PARAM_INITIAL: return "initial";
    default: return "?";
    }
}

static char *
range_text (const SwParamDesc *p)
{
  if (p->type == SW_PARAM_BOOLEAN)
    return g_strdup ("true or false");
  if (isinf (p->min) && isinf (p->max))
    return g_strdup ("any");
  if (isinf (p->max))
    return g_strdup_printf ("%s %g", p->min_exclusive ? ">" : ">=", p->min);
  return g_strdup_printf ("%g … %g", p->min, p->max);
}

static char *
default_text (const SwParamDesc *p)
{
  if (p->type == SW_PARAM_INITIAL)
    return g_strdup ("from connections, else 0");
  if (p->type == SW_PARAM_SIGNAL)
    return g_strdup ("0");
  if (isnan (p->default_value))
    return g_strdup ("required");
  if (p->type == SW_PARAM_BOOLEAN)
    return g_strdup (p->default_value != 0 ? "true" : "false");
  return g_strdup_printf ("%g", p->default_value);
}

static void
list_json (void)
{
  guint n;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n);
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_array (b);
  for (guint k = 0; k < n; k++)
    {
      const SwKind *kind = kinds[k];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "kind"), json_builder_add_string_value (b, kind->name);
      json_builder_set_member_name (b, "label"), json_builder_add_string_value (b, kind->label);
      json_builder_set_member_name (b, "group"), json_builder_add_string_value (b, kind->group);
      json_builder_set_member_name (b, "help"), json_builder_add_string_value (b, kind->help);
      json_builder_set_member_name (b, "ports");
      json_builder_begin_array (b);
      for (guint i = 0; i < kind->n_ports; i++)
        {
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "name"), json_builder_add_string_value (b, kind->ports[i].name);
          json_builder_set_member_name (b, "domain");
          json_builder_add_string_value (b, domain_name (kind->ports[i].domain));
          json_builder_set_member_name (b, "support"), json_builder_add_boolean_value (b, kind->ports[i].is_support);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "parameters");
      json_builder_begin_array (b);
      for (guint i = 0; i < kind->n_params; i++)
        {
          const SwParamDesc *p = &kind->params[i];

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "name"), json_builder_add_string_value (b, p->name);
          json_builder_set_member_name (b, "label"), json_builder_add_string_value (b, p->label);
          json_builder_set_member_name (b, "type"), json_builder_add_string_value (b, param_type_name (p->type));
          json_builder_set_member_name (b, "unit"), json_builder_add_string_value (b, p->unit);
          json_builder_set_member_name (b, "default");
          if (p->type == SW_PARAM_INITIAL || isnan (p->default_value))
            json_builder_add_null_value (b);
          else if (p->type == SW_PARAM_BOOLEAN)
            json_builder_add_boolean_value (b, p->default_value != 0);
          else
            json_builder_add_double_value (b, p->default_value);
          json_builder_set_member_name (b, "min");
          if (isinf (p->min)) json_builder_add_null_value (b); else json_builder_add_double_value (b, p->min);
          json_builder_set_member_name (b, "min_exclusive"), json_builder_add_boolean_value (b, p->min_exclusive);
          json_builder_set_member_name (b, "max");
          if (isinf (p->max)) json_builder_add_null_value (b); else json_builder_add_double_value (b, p->max);
          json_builder_set_member_name (b, "help"), json_builder_add_string_value (b, p->help);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "variables");
      json_builder_begin_array (b);
      for (guint i = 0; i < kind->n_vars; i++)
        {
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "name"), json_builder_add_string_value (b, kind->vars[i].name);
          json_builder_set_member_name (b, "unit"), json_builder_add_string_value (b, kind->vars[i].unit);
          json_builder_set_member_name (b, "help"), json_builder_add_string_value (b, kind->vars[i].help);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  text = json_generator_to_data (gen, NULL);
  g_print ("%s\n", text);
}

static void
list_text (void)
{
  guint n;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n);
  const char *group = NULL;

  for (guint k = 0; k < n; k++)
    {
      const SwKind *kind = kinds[k];

      if (group == NULL || strcmp (group, kind->group) != 0)
        {
          g_print ("%s%s\n", group ? "\n" : "", kind->group);
          group = kind->group;
        }
      g_print ("\n  %s: %s. %s\n", kind->name, kind->label, kind->help);
      g_print ("    ports:");
      for (guint i = 0; i < kind->n_ports; i++)
        g_print (" %s (%s%s)", kind->ports[i].name, domain_name (kind->ports[i].domain),
                 kind->ports[i].is_support ? ", support: grounded when unconnected" : "");
      g_print ("\n");
      for (guint i = 0; i < kind->n_params; i++)
        {
          const SwParamDesc *p = &kind->params[i];
          g_autofree char *range = range_text (p);
          g_autofree char *def = default_text (p);

          g_print ("    %-16s %-10s %-8s default %s; valid %s. %s\n", p->name, p->unit[0] ? p->unit : "-",
                   param_type_name (p->type), def, range, p->help);
        }
      g_print ("    variables:");
      for (guint i = 0; i < kind->n_vars; i++)
        g_print (" %s [%s]", kind->vars[i].name, kind->vars[i].unit);
      g_print ("\n");
    }
}

/* The catalogue as Markdown: data/CATALOGUE.md is this output. */
static void
list_markdown (void)
{
  guint n;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n);
  const char *group = NULL;

  g_print ("# Catalogue of component kinds\n\n"
           "Generated from the kind tables in `core/` by `shaftwork-cli list --markdown`; do not edit.\n"
           "Units are SI. A `support` port left unconnected is fixed to ground. Signal parameters take a\n"
           "number or a signal object (see FORMAT.md). Initial values left out follow from the rigid\n"
           "connections, else 0.\n");
  for (guint k = 0; k < n; k++)
    {
      const SwKind *kind = kinds[k];

      if (group == NULL || strcmp (group, kind->group) != 0)
        {
          g_print ("\n## %s\n", kind->group);
          group = kind->group;
        }
      g_print ("\n### `%s`: %s\n\n%s.\n\nPorts:", kind->name, kind->label, kind->help);
      for (guint i = 0; i < kind->n_ports; i++)
        g_print ("%s `%s` (%s%s)", i ? "," : "", kind->ports[i].name, domain_name (kind->ports[i].domain),
                 kind->ports[i].is_support ? ", support" : "");
      g_print ("\n\n| parameter | unit | type | default | valid | meaning |\n|---|---|---|---|---|---|\n");
      for (guint i = 0; i < kind->n_params; i++)
        {
          const SwParamDesc *p = &kind->params[i];
          g_autofree char *range = range_text (p);
          g_autofree char *def = default_text (p);

          g_print ("| `%s` | %s | %s | %s | %s | %s |\n", p->name, p->unit[0] ? p->unit : "-",
                   param_type_name (p->type), def, range, p->help);
        }
      g_print ("\nVariables:");
      for (guint i = 0; i < kind->n_vars; i++)
        g_print ("%s `%s` [%s]", i ? "," : "", kind->vars[i].name, kind->vars[i].unit);
      g_print ("\n");
    }
}

static int
list (int argc, char **argv)
{
  gboolean json = FALSE, markdown = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print the catalogue as JSON", NULL },
    { "markdown", 0, 0, G_OPTION_ARG_NONE, &markdown, "Print the catalogue as Markdown", NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;

  g_option_context_set_summary (ctx, "List every component kind: ports, parameters (unit, default, "
                                     "valid range, meaning) and output variables.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return usage_error (ctx, error->message);
  if (argc != 1)
    return usage_error (ctx, "list takes no arguments");
  if (json)
    list_json ();
  else if (markdown)
    list_markdown ();
  else
    list_text ();
  return EXIT_OK;
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
    return run (argc - 1, argv + 1, FALSE);
  if (g_str_equal (command, "plot"))
    return run (argc - 1, argv + 1, TRUE);
  if (g_str_equal (command, "check"))
    return check (argc - 1, argv + 1);
  if (g_str_equal (command, "modal"))
    return modal (argc - 1, argv + 1);
  if (g_str_equal (command, "frf"))
    return frf (argc - 1, argv + 1);
  if (g_str_equal (command, "campbell"))
    return campbell (argc - 1, argv + 1);
  if (g_str_equal (command, "list"))
    return list (argc - 1, argv + 1);
  {
    g_autofree char *msg = g_strdup_printf ("unknown command “%s”", command);
    g_printerr ("shaftwork-cli: %s\n\n%s", msg, overview);
  }
  return EXIT_USAGE;
}
