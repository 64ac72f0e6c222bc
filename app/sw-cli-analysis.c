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
  /* Translators: the headings of the table of modes; the columns widen to fit. */
  const char *h_mode = C_("modal table", "mode"), *h_f = _("f [Hz]"), *h_omega = _("omega [rad/s]");
  const char *h_fd = _("damped f [Hz]"), *h_zeta = _("damping"), *h_sec = _("most excitable section");
  const char *h_body = _("body"), *h_shape = _("shape"), *h_kin = _("kinetic %");
  const char *h_section = _("section"), *h_pot = _("potential %");
  int w_mode = sw_cli_column_width (h_mode, 5), w_f = sw_cli_column_width (h_f, 14);
  int w_omega = sw_cli_column_width (h_omega, 14), w_fd = sw_cli_column_width (h_fd, 14);
  int w_zeta = sw_cli_column_width (h_zeta, 11);
  int w_id = MAX (sw_cli_column_width (h_body, 20), sw_cli_column_width (h_section, 20));
  int w_shape = sw_cli_column_width (h_shape, 10), w_energy = MAX (sw_cli_column_width (h_kin, 12),
                                                                   sw_cli_column_width (h_pot, 12));
  g_autoptr (GString) line = g_string_new (NULL);

  g_print (ngettext ("Modal analysis of “%s” at t = %g s: %u mode\n\n",
                     "Modal analysis of “%s” at t = %g s: %u modes\n\n", n),
           name, sw_modes_get_time (modes), n);
  sw_cli_append_cell (line, h_mode, w_mode), g_string_append_c (line, ' ');
  sw_cli_append_cell (line, h_f, w_f), g_string_append_c (line, ' ');
  sw_cli_append_cell (line, h_omega, w_omega), g_string_append_c (line, ' ');
  sw_cli_append_cell (line, h_fd, w_fd), g_string_append_c (line, ' ');
  sw_cli_append_cell (line, h_zeta, w_zeta);
  g_print ("%s  %s\n", line->str, h_sec);
  for (guint i = 0; i < n; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);
      g_autofree char *zeta = m->has_damped && isfinite (m->damping_ratio) ? g_strdup_printf ("%.4g", m->damping_ratio)
                                                                          : g_strdup ("-");
      g_autofree char *fd = m->has_damped ? g_strdup_printf ("%.6g", m->damped_frequency_hz) : g_strdup ("-");
      g_autofree char *sec = NULL;

      if (m->most_excitable_section >= 0)
        {
          const char *id = sw_modes_get_section_part (modes, m->most_excitable_section)->id;
          double percent = m->potential_energy_percent[m->most_excitable_section];

          /* Translators: a section, its share of the potential energy, “tie”: another has as much. */
          sec = m->most_excitable_is_tie ? g_strdup_printf (_("%s (%.1f %%, tie)"), id, percent)
                                         : g_strdup_printf ("%s (%.1f %%)", id, percent);
        }
      g_print ("%*u %*.6g %*.6g ", w_mode, i + 1, w_f, m->frequency_hz, w_omega, m->omega_rad_s);
      g_string_truncate (line, 0);
      sw_cli_append_cell (line, fd, w_fd), g_string_append_c (line, ' ');
      sw_cli_append_cell (line, zeta, w_zeta);
      g_print ("%s  %s\n", line->str, m->rigid_body ? _("rigid-body mode") : sec);
    }
  for (guint i = 0; i < n; i++)
    if (sw_modes_get_mode (modes, i)->energy_balance_error > 1e-6)
      g_print (_("\nwarning: mode %u: kinetic and potential energy differ by %.2g %% (the linearisation of a "
                 "nonlinear element is poor here)\n"), i + 1, 100 * sw_modes_get_mode (modes, i)->energy_balance_error);
  for (guint i = 0; i < n; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);

      g_print (m->rigid_body ? _("\nMode %u: %.6g Hz (rigid body)\n") : _("\nMode %u: %.6g Hz\n"), i + 1,
               m->frequency_hz);
      g_string_assign (line, "  ");
      sw_cli_append_cell (line, h_body, -w_id), g_string_append_c (line, ' ');
      sw_cli_append_cell (line, h_shape, w_shape), g_string_append_c (line, ' ');
      sw_cli_append_cell (line, h_kin, w_energy);
      g_print ("%s\n", line->str);
      for (guint k = 0; k < nb; k++)
        {
          g_string_assign (line, "  ");
          sw_cli_append_cell (line, sw_modes_get_body_part (modes, k)->id, -w_id);
          g_print ("%s %*.4f %*.2f\n", line->str, w_shape, m->shape[k], w_energy, m->kinetic_energy_percent[k]);
        }
      if (m->rigid_body || ns == 0)
        continue;
      g_string_assign (line, "  ");
      sw_cli_append_cell (line, h_section, -w_id), g_string_append_c (line, ' ');
      sw_cli_append_cell (line, "", w_shape), g_string_append_c (line, ' ');
      sw_cli_append_cell (line, h_pot, w_energy);
      g_print ("%s\n", line->str);
      for (guint k = 0; k < ns; k++)
        {
          g_string_assign (line, "  ");
          sw_cli_append_cell (line, sw_modes_get_section_part (modes, k)->id, -w_id);
          g_print ("%s %*s %*.2f%s\n", line->str, w_shape, "", w_energy, m->potential_energy_percent[k],
                   (int) k == m->most_excitable_section ? _("  <- most excitable") : "");
        }
    }
}

int
sw_cli_modal (int argc, char **argv)
{
  double at = 0;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "at", 0, 0, G_OPTION_ARG_DOUBLE, &at,
      N_("Operating point: the state of a simulation at time T (default 0: the initial state)"), N_("T") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the result as JSON"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (N_("MODEL"));
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwModes) modes = NULL;
  g_autofree double *state = NULL;
  int status = EXIT_OK;

  sw_cli_init_context (ctx, N_("Natural frequencies of MODEL linearised at an operating point, with the\n"
                               "mode shape of every body, the kinetic energy of every body and the potential\n"
                               "energy of every compliant section; the section with the most potential\n"
                               "energy is the most excitable one at that frequency."), entries);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return sw_cli_usage_error (ctx, error->message);
  if (argc != 2)
    return sw_cli_usage_error (ctx, argc < 2 ? _("missing MODEL") : _("more than one MODEL given"));
  if (!(at >= 0) || !isfinite (at))
    return sw_cli_usage_error (ctx, _("--at must be a time >= 0"));
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
  gboolean force = FALSE;
  GOptionEntry entries[] = {
    { "input", 0, 0, G_OPTION_ARG_STRING, &input,
      N_("Where a unit harmonic torque or force enters: a source or a body"), N_("ID") },
    { "output", 0, 0, G_OPTION_ARG_STRING, &output,
      N_("The response: a variable, e.g. inertia3.w or spring.tau"), N_("ID.VAR") },
    { "from", 0, 0, G_OPTION_ARG_DOUBLE, &from,
      N_("Lowest frequency in Hz (default: a decade below the first mode)"), N_("F0") },
    { "to", 0, 0, G_OPTION_ARG_DOUBLE, &to,
      N_("Highest frequency in Hz (default: a decade above the last mode)"), N_("F1") },
    { "points", 0, 0, G_OPTION_ARG_INT, &points,
      N_("Points of the logarithmic grid before refinement (default 400)"), N_("N") },
    { "output-file", 'o', 0, G_OPTION_ARG_FILENAME, &out_path,
      N_("CSV file, or an image (.png, .svg, .pdf) of magnitude and phase"), N_("FILE") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Replace the output file even if it is read-only"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (N_("MODEL"));
  g_autoptr (GError) error = NULL;
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  SwFrfOptions o = sw_frf_options_default ();
  int status = EXIT_OK;

  sw_cli_init_context (ctx, N_("Frequency response of MODEL linearised at its initial state: magnitude,\n"
                               "phase, real and imaginary part of OUTPUT per unit INPUT, on a logarithmic\n"
                               "grid refined near every resonance."), entries);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return sw_cli_usage_error (ctx, error->message);
  if (argc != 2)
    return sw_cli_usage_error (ctx, argc < 2 ? _("missing MODEL") : _("more than one MODEL given"));
  if (input == NULL || output == NULL)
    return sw_cli_usage_error (ctx, _("frf needs --input ID and --output ID.VAR"));
  if (points < 2 || !(from >= 0) || !(to >= 0) || from > SW_FRF_MAX_HZ || to > SW_FRF_MAX_HZ)
    {
      g_autofree char *msg = g_strdup_printf (_("--points must be >= 2 and --from, --to between 0 and %g Hz"),
                                              SW_FRF_MAX_HZ);
      return sw_cli_usage_error (ctx, msg);
    }
  if (points > SW_FRF_MAX_POINTS)
    {
      g_autofree char *need = g_format_size ((guint64) points * 5 * sizeof (double));
      g_autofree char *msg = g_strdup_printf (_("--points %d is too many: at most %d (the response would keep "
                                                "%s)"), points, SW_FRF_MAX_POINTS, need);
      return sw_cli_usage_error (ctx, msg);
    }
  if ((status = sw_cli_check_output (ctx, "-o", out_path, argv[1], force, FALSE)) != EXIT_OK)
    return status;
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
    return sw_cli_write_table (tr, out_path, title, argv[1], force);
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
  gboolean force = FALSE;
  GOptionEntry entries[] = {
    { "shaft", 0, 0, G_OPTION_ARG_STRING, &shaft,
      N_("Reference shaft: the inertia whose speed is the x axis"), N_("ID") },
    { "speed-range", 0, 0, G_OPTION_ARG_STRING, &range, N_("Speed range of the reference shaft in rpm"), N_("N0:N1") },
    { "orders", 0, 0, G_OPTION_ARG_STRING, &orders_text, N_("Excitation orders, comma-separated (default 1)"),
      N_("O,…") },
    { "speeds", 0, 0, G_OPTION_ARG_INT, &speeds, N_("Speed samples over the range (default 61)"), N_("N") },
    { "output-file", 'o', 0, G_OPTION_ARG_FILENAME, &out_path,
      N_("CSV file, or an image (.png, .svg, .pdf) of the diagram"), N_("FILE") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Replace the output file even if it is read-only"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (N_("MODEL"));
  g_autoptr (GError) error = NULL;
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwCampbell) c = NULL;
  g_autoptr (GArray) orders = g_array_new (FALSE, FALSE, sizeof (double));
  SwCampbellOptions o = sw_campbell_options_default ();
  int status = EXIT_OK;

  sw_cli_init_context (ctx, N_("Campbell diagram of MODEL: natural frequencies against the speed of a\n"
                               "reference shaft, with excitation order lines; prints the critical speeds\n"
                               "(crossings) with the mode and its most excitable section."), entries);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return sw_cli_usage_error (ctx, error->message);
  if (argc != 2)
    return sw_cli_usage_error (ctx, argc < 2 ? _("missing MODEL") : _("more than one MODEL given"));
  if (shaft == NULL || !parse_range (range, &o.from_rpm, &o.to_rpm))
    return sw_cli_usage_error (ctx, _("campbell needs --shaft ID and --speed-range N0:N1 (rpm)"));
  if (speeds < 2)
    return sw_cli_usage_error (ctx, _("--speeds must be >= 2"));
  if (!(o.from_rpm >= 0 && o.to_rpm > o.from_rpm && o.to_rpm <= SW_CAMPBELL_MAX_RPM))
    {
      g_autofree char *msg = g_strdup_printf (_("--speed-range N0:N1 needs 0 <= N0 < N1 <= %g rpm"),
                                              SW_CAMPBELL_MAX_RPM);
      return sw_cli_usage_error (ctx, msg);
    }
  if (orders_text != NULL)
    {
      g_auto (GStrv) items = g_strsplit (orders_text, ",", -1);

      for (guint k = 0; items[k] != NULL; k++)
        {
          char *end;
          double v = g_ascii_strtod (items[k], &end);

          if (end == items[k] || *end != '\0')
            return sw_cli_usage_error (ctx, _("--orders takes numbers separated by commas, e.g. 0.5,1,1.5,2"));
          g_array_append_val (orders, v);
        }
      o.orders = (const double *) orders->data;
      o.n_orders = orders->len;
    }
  o.n_speeds = speeds;
  if ((status = sw_cli_check_output (ctx, "-o", out_path, argv[1], force, FALSE)) != EXIT_OK)
    return status;
  if (!(sys = sw_cli_load_system (argv[1], &status)))
    return status;
  if (speeds > SW_CAMPBELL_MAX_SPEEDS)
    {
      /* Each speed is a modal analysis that keeps a frequency and a section per mode. */
      guint64 bytes = (guint64) speeds * MAX (sw_system_get_n_dofs (sys), 1) * (sizeof (double) + sizeof (int));
      g_autofree char *need = g_format_size (bytes);
      g_autofree char *msg = g_strdup_printf (_("--speeds %d is too many: at most %d (each speed is a modal "
                                                "analysis; the diagram would keep %s)"),
                                              speeds, SW_CAMPBELL_MAX_SPEEDS, need);
      return sw_cli_usage_error (ctx, msg);
    }
  if (!(c = sw_campbell_compute (sys, shaft, &o, &error)))
    {
      g_printerr ("%s: error: %s\n", argv[1], error->message);
      return EXIT_MODEL;
    }
  if (out_path != NULL)
    {
      g_autofree char *title = g_strdup_printf (_("Campbell diagram, reference shaft %s"), shaft);

      if ((status = sw_cli_write_table (sw_campbell_get_diagram (c), out_path, title, argv[1], force)) != EXIT_OK)
        return status;
    }
  {
    /* Translators: the headings of the table of critical speeds; the columns widen to fit. */
    const char *h_speed = _("speed [rpm]"), *h_order = _("order"), *h_mode = C_("campbell table", "mode");
    const char *h_f = _("f [Hz]"), *h_sec = _("most excitable section");
    int w_speed = sw_cli_column_width (h_speed, 14), w_order = sw_cli_column_width (h_order, 8);
    int w_mode = sw_cli_column_width (h_mode, 6), w_f = sw_cli_column_width (h_f, 14);
    g_autoptr (GString) line = g_string_new (NULL);

    g_print (_("Critical speeds of %s (%u):\n"), shaft, sw_campbell_get_n_crossings (c));
    sw_cli_append_cell (line, h_speed, w_speed), g_string_append_c (line, ' ');
    sw_cli_append_cell (line, h_order, w_order), g_string_append_c (line, ' ');
    sw_cli_append_cell (line, h_mode, w_mode), g_string_append_c (line, ' ');
    sw_cli_append_cell (line, h_f, w_f);
    g_print ("%s  %s\n", line->str, h_sec);
    for (guint k = 0; k < sw_campbell_get_n_crossings (c); k++)
      {
        const SwCriticalSpeed *cs = sw_campbell_get_crossing (c, k);

        g_print ("%*.6g %*g %*u %*.6g  %s\n", w_speed, cs->speed_rpm, w_order, cs->order, w_mode, cs->mode, w_f,
                 cs->frequency_hz, cs->section >= 0 ? sw_system_get_part (sys, cs->section)->id : "-");
      }
  }
  return EXIT_OK;
}
