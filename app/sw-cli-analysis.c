/* sw-cli-analysis.c: modal, frf and campbell.
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

int
sw_cli_modal (int argc, char **argv)
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
    return sw_cli_usage_error (ctx, error->message);
  if (argc != 2)
    return sw_cli_usage_error (ctx, argc < 2 ? "missing MODEL" : "more than one MODEL given");
  if (!(at >= 0) || !isfinite (at))
    return sw_cli_usage_error (ctx, "--at must be a time >= 0");
  if (!(model = sw_cli_load_model (argv[1], &status)))
    return status;
  if (!(sys = sw_model_assemble (model, &error)))
    return sw_cli_model_error (error);
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

int
sw_cli_frf (int argc, char **argv)
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
    return sw_cli_usage_error (ctx, error->message);
  if (argc != 2)
    return sw_cli_usage_error (ctx, argc < 2 ? "missing MODEL" : "more than one MODEL given");
  if (input == NULL || output == NULL)
    return sw_cli_usage_error (ctx, "frf needs --input ID and --output ID.VAR");
  if (points < 2 || from < 0 || to < 0)
    return sw_cli_usage_error (ctx, "--points must be >= 2 and --from, --to >= 0");
  if (!(sys = sw_cli_load_system (argv[1], &status)))
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
    return sw_cli_write_table (tr, out_path, title);
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

int
sw_cli_campbell (int argc, char **argv)
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
    return sw_cli_usage_error (ctx, error->message);
  if (argc != 2)
    return sw_cli_usage_error (ctx, argc < 2 ? "missing MODEL" : "more than one MODEL given");
  if (shaft == NULL || !parse_range (range, &o.from_rpm, &o.to_rpm))
    return sw_cli_usage_error (ctx, "campbell needs --shaft ID and --speed-range N0:N1 (rpm)");
  if (speeds < 2)
    return sw_cli_usage_error (ctx, "--speeds must be >= 2");
  if (orders_text != NULL)
    {
      g_auto (GStrv) items = g_strsplit (orders_text, ",", -1);

      for (guint k = 0; items[k] != NULL; k++)
        {
          char *end;
          double v = g_ascii_strtod (items[k], &end);

          if (end == items[k] || *end != '\0')
            return sw_cli_usage_error (ctx, "--orders takes numbers separated by commas, e.g. 0.5,1,1.5,2");
          g_array_append_val (orders, v);
        }
      o.orders = (const double *) orders->data;
      o.n_orders = orders->len;
    }
  o.n_speeds = speeds;
  if (!(sys = sw_cli_load_system (argv[1], &status)))
    return status;
  if (!(c = sw_campbell_compute (sys, shaft, &o, &error)))
    {
      g_printerr ("%s: error: %s\n", argv[1], error->message);
      return EXIT_MODEL;
    }
  if (out_path != NULL)
    {
      g_autofree char *title = g_strdup_printf ("Campbell diagram, reference shaft %s", shaft);

      if ((status = sw_cli_write_table (sw_campbell_get_diagram (c), out_path, title)) != EXIT_OK)
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
