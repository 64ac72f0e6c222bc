/* sw-cli-analysis.c: modal, frf and campbell.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <errno.h>
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

/* The text is written by sw-cli-modal-text.c, the JSON by
 * sw-cli-modal-json.c. */

/* --friction: the friction elements' state of a linear analysis. */
static gboolean
parse_friction (const char *text, SwLinearFriction *friction)
{
  *friction = SW_LINEAR_FRICTION_OPERATING;
  return text == NULL || sw_linear_friction_from_string (text, friction);
}

gboolean
sw_cli_operating_state (SwSystem *sys, double at, const char *path, double **state)
{
  g_autoptr (GError) error = NULL;

  if (sw_simulate_state_at (sys, at, state, &error))
    return TRUE;
  g_printerr ("%s: error: %s\n", path, error->message);
  return FALSE;
}

int
sw_cli_modal (int argc, char **argv)
{
  double at = 0;
  gboolean json = FALSE;
  int n_lowest = G_MININT;   /* not given: all modes */
  g_autofree char *friction = NULL;
  GOptionEntry entries[] = {
    AT_ENTRY (at),
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the result as JSON"), NULL },
    { "modes", 0, 0, G_OPTION_ARG_INT, &n_lowest, N_("Only the K lowest modes (default: all; a model of more than 5000 coordinates needs K, at most an eighth of them)"), N_("K") },
    FRICTION_ENTRY (friction),
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (N_("MODEL"));
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwModes) modes = NULL;
  g_autofree double *state = NULL;
  SwModesOptions options = sw_modes_options_default ();
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
  /* --modes 0 asked for no mode: refused, not taken for "all". */
  if (n_lowest != G_MININT && n_lowest < 1)
    return sw_cli_usage_error (ctx, _("--modes must be a number of modes >= 1"));
  if (!parse_friction (friction, &options.friction))
    return sw_cli_usage_error (ctx, _("--friction must be operating, locked, open or engaged"));
  if (!(model = sw_cli_load_model (argv[1], &status)))
    return status;
  if (!(sys = sw_model_assemble (model, &error)))
    return sw_cli_model_error (error);
  if (!sw_cli_operating_state (sys, at, argv[1], &state))
    return EXIT_MODEL;
  /* Each mode's values are computed as they are written, with the numbers
   * that come from them (not with the modes too). */
  options.n_lowest = MAX (n_lowest, 0);
  options.keep_values = FALSE;
  options.scalars_with_values = TRUE;
  if (!(modes = sw_modes_compute_with_options (sys, at, state, &options, &error)))
    {
      g_printerr ("%s: error: %s\n", argv[1], error->message);
      return EXIT_MODEL;
    }
  if (json)
    {
      if (sw_cli_modal_json (modes, sw_model_get_name (model), g_get_charset (NULL)))
        return EXIT_OK;
      g_printerr (_("shaftwork-cli: cannot write to standard output: %s\n"), g_strerror (errno));
      return EXIT_MODEL;
    }
  sw_cli_modal_text (modes, sw_model_get_name (model), g_get_charset (NULL));
  return EXIT_OK;
}

/* ---- frf and campbell --------------------------------------------------- */

/* The response with its magnitude in decibels: magnitude_db [dB] =
 * 20 log10 (magnitude) in place of magnitude, the other columns as they are. */
static SwTrajectory *
frf_in_db (const SwTrajectory *tr)
{
  guint n = sw_trajectory_get_n_columns (tr), rows = sw_trajectory_get_n_rows (tr);
  int magnitude = sw_trajectory_find_column (tr, "magnitude");
  g_auto (GStrv) names = g_new0 (char *, n + 1);
  g_auto (GStrv) units = g_new0 (char *, n + 1);
  g_autofree double *row = g_new (double, MAX (n, 1));
  SwTrajectory *db;

  g_assert (magnitude >= 0);
  for (guint c = 0; c < n; c++)
    {
      gboolean m = (int) c == magnitude;

      names[c] = g_strdup (m ? "magnitude_db" : sw_trajectory_get_column_name (tr, c));
      units[c] = g_strdup (m ? "dB" : sw_trajectory_get_column_unit (tr, c));
    }
  db = sw_trajectory_new (g_steal_pointer (&names), g_steal_pointer (&units));
  sw_trajectory_set_x_axis (db, sw_trajectory_get_x_name (tr), sw_trajectory_get_x_unit (tr));
  for (guint r = 0; r < rows; r++)
    {
      for (guint c = 0; c < n; c++)
        {
          double v = sw_trajectory_get_column (tr, c)[r];

          row[c] = (int) c == magnitude ? (v > 0 ? 20 * log10 (v) : v == 0 ? -INFINITY : NAN) : v;
        }
      sw_trajectory_append_row (db, sw_trajectory_get_times (tr)[r], row);
    }
  return db;
}

/* The Bode plot: magnitude (log or dB) and phase over a log frequency axis,
 * legends and y axes that name the quantities, natural frequencies and the
 * components' excitations marked. */
static int
frf_plot (const SwSystem *sys, const SwFrfOptions *o, SwTrajectory *tr, gboolean db, const char *title,
          const char *path, const char *input, gboolean force)
{
  SwModesOptions mo = sw_modes_options_default ();
  int magnitude = sw_trajectory_find_column (tr, db ? "magnitude_db" : "magnitude");
  int phase = sw_trajectory_find_column (tr, "phase_deg");
  int real = sw_trajectory_find_column (tr, "real");
  g_autoptr (SwModes) modes = NULL;
  g_autoptr (GArray) excitations = sw_frf_excitations (sys, o->at_s, o->at_state, NULL);
  g_autoptr (GArray) marks = g_array_new (FALSE, TRUE, sizeof (SwPlotMark));
  g_autoptr (GPtrArray) strings = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *magnitude_label = NULL;
  const char *ratio = sw_trajectory_get_column_unit (tr, (guint) real);
  guint cols[2];
  const char *labels[2], *y_labels[2];
  SwPlotFileStyle style = { .log_x = TRUE, .log_y_columns = db ? 0 : 1u << 0 };

  g_assert (magnitude >= 0 && phase >= 0 && real >= 0);
  /* The natural frequencies marked are those of the response's state. */
  mo.friction = o->friction;
  modes = sw_modes_compute_with_options (sys, o->at_s, o->at_state, &mo, NULL);
  cols[0] = (guint) magnitude;
  cols[1] = (guint) phase;
  /* Translators: the legend and axis of a frequency response's magnitude and phase. */
  labels[0] = _("magnitude");
  labels[1] = _("phase");
  /* Translators: decibels relative to 1 of the ratio's unit, e.g. "magnitude [dB re 1 rad/s/(N.m)]". */
  magnitude_label = db ? g_strdup_printf (_("magnitude [dB re 1 %s]"), ratio)
                       : g_strdup_printf ("%s [%s]", labels[0], ratio);
  y_labels[0] = magnitude_label;
  y_labels[1] = _("phase [deg]");
  for (guint i = 0; modes != NULL && i < sw_modes_get_n_modes (modes); i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);
      char *label;

      if (m->rigid_body || !(m->frequency_hz > 0))
        continue;
      /* Translators: a natural frequency marked on a plot, and a mode line's legend. */
      label = g_strdup_printf (_("mode %u"), i + 1);
      g_ptr_array_add (strings, label);
      g_array_append_val (marks, ((SwPlotMark) { .kind = SW_PLOT_MARK_X_LINE, .x = m->frequency_hz, .label = label }));
    }
  /* The engines' firings and the gear meshes at the operating point. */
  for (guint i = 0; excitations != NULL && i < excitations->len; i++)
    {
      const SwFrfExcitation *e = &g_array_index (excitations, SwFrfExcitation, i);
      char *label = sw_frf_excitation_label (e);

      g_ptr_array_add (strings, label);
      g_array_append_val (marks, ((SwPlotMark) { .kind = SW_PLOT_MARK_X_DASHED, .x = e->hz, .label = label }));
    }
  style.labels = labels;
  style.y_labels = y_labels;
  style.marks = (const SwPlotMark *) marks->data;
  style.n_marks = marks->len;
  return sw_cli_write_plot (tr, cols, 2, &style, title, path, input, force);
}

int
sw_cli_frf (int argc, char **argv)
{
  g_autofree char *input = NULL, *output = NULL, *out_path = NULL, *friction = NULL;
  /* Text, read below: as doubles, NAN stood for "not given" and --from nan
   * was taken for the default range without a word (hos26). 0 given is
   * refused, not taken for "not given". */
  g_autofree char *from_text = NULL, *to_text = NULL, *valid_hz = NULL;
  double from = NAN, to = NAN;
  int points = 400;
  gboolean force = FALSE, db = FALSE;
  double at = 0;
  GOptionEntry entries[] = {
    { "input", 0, 0, G_OPTION_ARG_STRING, &input,
      N_("Where a unit harmonic torque or force enters: a source or a body"), N_("ID") },
    { "output", 0, 0, G_OPTION_ARG_STRING, &output,
      N_("The response: a variable, e.g. inertia3.w or spring.tau"), N_("ID.VAR") },
    { "from", 0, 0, G_OPTION_ARG_STRING, &from_text,
      N_("Lowest frequency in Hz (default: a decade below the first mode)"), N_("F0") },
    { "to", 0, 0, G_OPTION_ARG_STRING, &to_text,
      N_("Highest frequency in Hz (default: a decade above the last mode)"), N_("F1") },
    { "points", 0, 0, G_OPTION_ARG_INT, &points,
      N_("Points of the logarithmic grid before refinement (default 400)"), N_("N") },
    { "output-file", 'o', 0, G_OPTION_ARG_FILENAME, &out_path,
      N_("CSV file, or an image (.png, .svg, .pdf) of magnitude and phase"), N_("FILE") },
    { "db", 0, 0, G_OPTION_ARG_NONE, &db,
      N_("Magnitude in decibels, 20 log10 of the ratio, in the CSV (column magnitude_db) and the plot"), NULL },
    AT_ENTRY (at),
    FRICTION_ENTRY (friction),
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Replace the output file even if it is read-only"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (N_("MODEL"));
  g_autoptr (GError) error = NULL;
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  g_autofree double *state = NULL;
  SwFrfOptions o = sw_frf_options_default ();
  int status = EXIT_OK;

  sw_cli_init_context (ctx, N_("Frequency response of MODEL linearised at an operating point (the initial\n"
                               "state, or --at's): magnitude, phase, real and imaginary part of OUTPUT per unit\n"
                               "INPUT, on a logarithmic grid refined near every resonance."), entries);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return sw_cli_usage_error (ctx, error->message);
  if (argc != 2)
    return sw_cli_usage_error (ctx, argc < 2 ? _("missing MODEL") : _("more than one MODEL given"));
  if (input == NULL || output == NULL)
    return sw_cli_usage_error (ctx, _("frf needs --input ID and --output ID.VAR"));
  if (!parse_friction (friction, &o.friction))
    return sw_cli_usage_error (ctx, _("--friction must be operating, locked, open or engaged"));
  if (!(at >= 0) || !isfinite (at))
    return sw_cli_usage_error (ctx, _("--at must be a time >= 0"));
  valid_hz = g_strdup_printf (_("a frequency in Hz above 0 and at most %g"), SW_FRF_MAX_HZ);
  if (!sw_cli_parse_number (ctx, "--from", from_text, 0, nextafter (SW_FRF_MAX_HZ, INFINITY), valid_hz, &from, &status)
      || !sw_cli_parse_number (ctx, "--to", to_text, 0, nextafter (SW_FRF_MAX_HZ, INFINITY), valid_hz, &to, &status))
    return status;
  if (points < 2 || (!isnan (from) && !(from > 0 && from <= SW_FRF_MAX_HZ))
      || (!isnan (to) && !(to > 0 && to <= SW_FRF_MAX_HZ)))
    {
      g_autofree char *msg = g_strdup_printf (_("--points must be >= 2 and --from, --to above 0 Hz (the grid is "
                                                "logarithmic) and at most %g Hz"), SW_FRF_MAX_HZ);
      return sw_cli_usage_error (ctx, msg);
    }
  if (!isnan (from) && !isnan (to) && !(from < to))
    return sw_cli_usage_error (ctx, _("--from must be below --to"));
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
  if (!sw_cli_operating_state (sys, at, argv[1], &state))
    return EXIT_MODEL;
  o.from_hz = isnan (from) ? 0 : from;
  o.to_hz = isnan (to) ? 0 : to;
  o.n_points = points;
  o.at_s = at;
  o.at_state = state;
  if (!(tr = sw_frf_compute (sys, input, output, &o, &error)))
    {
      g_printerr ("%s: error: %s\n", argv[1], error->message);
      return EXIT_MODEL;
    }
  if (sw_frf_is_zero (tr))
    {
      g_autofree char *note = sw_frf_dup_zero_note (input, output);

      /* Translators: a remark on a result that is not an error, then what to try. */
      g_printerr (_("%s: note: %s Try --friction engaged, locked or open, or --at a time when the drivetrain is engaged.\n"),
                  argv[1], note);
    }
  if (db)
    {
      SwTrajectory *in_db = frf_in_db (tr);

      sw_trajectory_unref (tr);
      tr = in_db;
    }
  if (sw_cli_is_image (out_path))
    {
      g_autofree char *title = g_strdup_printf ("%s / %s", output, input);
      return frf_plot (sys, &o, tr, db, title, out_path, argv[1], force);
    }
  return sw_cli_write_csv (tr, out_path, argv[1], force);
}

/* The Campbell diagram: mode lines solid ("mode 2"), order lines dashed
 * ("order 1×", labelled "1×" at their end), crossings circled; at most
 * SW_PLOT_FILE_MAX_COLUMNS lines: every order (up to half of them) and the
 * lowest modes. */
static int
campbell_plot (const SwCampbell *c, const char *title, const char *path, const char *input, gboolean force)
{
  SwTrajectory *tr = sw_campbell_get_diagram (c);
  guint n = sw_trajectory_get_n_columns (tr), n_modes = 0, n_orders, keep_modes, keep_orders, k;
  guint cols[SW_PLOT_FILE_MAX_COLUMNS], mode_of[SW_PLOT_FILE_MAX_COLUMNS] = { 0 };
  double order_of[SW_PLOT_FILE_MAX_COLUMNS] = { 0 };
  const char *labels[SW_PLOT_FILE_MAX_COLUMNS], *y_labels[SW_PLOT_FILE_MAX_COLUMNS];
  const char *end_labels[SW_PLOT_FILE_MAX_COLUMNS] = { NULL };
  g_autoptr (GPtrArray) strings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) marks = g_array_new (FALSE, TRUE, sizeof (SwPlotMark));
  SwPlotFileStyle style = { 0 };

  while (n_modes < n && g_str_has_prefix (sw_trajectory_get_column_name (tr, n_modes), "mode_"))
    n_modes++;
  n_orders = n - n_modes;
  keep_modes = MIN (n_modes, SW_PLOT_FILE_MAX_COLUMNS - MIN (n_orders, SW_PLOT_FILE_MAX_COLUMNS / 2));
  keep_orders = MIN (n_orders, SW_PLOT_FILE_MAX_COLUMNS - keep_modes);
  for (k = 0; k < keep_modes + keep_orders; k++)
    {
      guint col = k < keep_modes ? k : n_modes + (k - keep_modes);
      const char *name = sw_trajectory_get_column_name (tr, col);
      char *label;

      cols[k] = col;
      y_labels[k] = _("frequency [Hz]");
      if (k < keep_modes)
        {
          mode_of[k] = (guint) g_ascii_strtoull (name + strlen ("mode_"), NULL, 10);
          label = g_strdup_printf (_("mode %u"), mode_of[k]);
        }
      else
        {
          /* "order_1.5_hz": the order as the file names it. */
          g_autofree char *order = g_strndup (name + strlen ("order_"), strlen (name) - strlen ("order__hz"));
          const SwCampbellOrder *o = sw_campbell_get_order (c, col - n_modes);
          char *end;

          order_of[k] = g_ascii_strtod (order, NULL);
          if (o->part != NULL)
            {
              /* Translators: a component's excitation order line (a gear mesh): "mesh 20× of gearPair", "20× mesh". */
              label = g_strdup_printf (_("%s %s× of %s"), o->label != NULL ? _(o->label) : "", order, o->part);
              end = g_strdup_printf (_("%s× %s"), order, o->label != NULL ? _(o->label) : "");
            }
          else
            {
              /* Translators: an excitation order line's legend and its label on the line, e.g. "order 2×", "2×". */
              label = g_strdup_printf (_("order %s×"), order);
              end = g_strdup_printf (_("%s×"), order);
            }
          g_ptr_array_add (strings, end);
          end_labels[k] = end;
          style.dashed_columns |= 1u << k;
        }
      g_ptr_array_add (strings, label);
      labels[k] = label;
    }
  /* The crossings of the lines drawn. */
  for (guint i = 0; i < sw_campbell_get_n_crossings (c); i++)
    {
      const SwCriticalSpeed *cs = sw_campbell_get_crossing (c, i);
      gboolean mode_drawn = FALSE, order_drawn = FALSE;

      for (guint j = 0; j < k; j++)
        {
          mode_drawn |= j < keep_modes && mode_of[j] == cs->mode;
          order_drawn |= j >= keep_modes && fabs (order_of[j] - cs->order) <= 1e-5 * cs->order;
        }
      if (mode_drawn && order_drawn)
        g_array_append_val (marks, ((SwPlotMark) { .kind = SW_PLOT_MARK_POINT, .x = cs->speed_rpm,
                                                   .y = cs->frequency_hz, .panel = 0 }));
    }
  style.labels = labels;
  style.y_labels = y_labels;
  style.end_labels = end_labels;
  style.marks = (const SwPlotMark *) marks->data;
  style.n_marks = marks->len;
  return sw_cli_write_plot (tr, cols, k, &style, title, path, input, force);
}

int
sw_cli_campbell (int argc, char **argv)
{
  g_autofree char *shaft = NULL, *range = NULL, *orders_text = NULL, *out_path = NULL, *friction = NULL;
  int speeds = 61;
  gboolean force = FALSE;
  double at = 0;
  GOptionEntry entries[] = {
    { "shaft", 0, 0, G_OPTION_ARG_STRING, &shaft,
      N_("Reference shaft: the inertia whose speed is the x axis"), N_("ID") },
    { "speed-range", 0, 0, G_OPTION_ARG_STRING, &range, N_("Speed range of the reference shaft in rpm"), N_("N0:N1") },
    { "orders", 0, 0, G_OPTION_ARG_STRING, &orders_text, N_("Excitation orders, comma-separated (default 1)"),
      N_("O,…") },
    { "speeds", 0, 0, G_OPTION_ARG_INT, &speeds, N_("Speed samples over the range (default 61)"), N_("N") },
    AT_ENTRY (at),
    FRICTION_ENTRY (friction),
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
  g_autofree double *state = NULL;
  SwCampbellOptions o = sw_campbell_options_default ();
  int status = EXIT_OK;

  sw_cli_init_context (ctx, N_("Campbell diagram of MODEL: natural frequencies against the speed of a\n"
                               "reference shaft, with excitation order lines; prints the critical speeds\n"
                               "(crossings) with the mode and its most excitable section."), entries);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return sw_cli_usage_error (ctx, error->message);
  if (argc != 2)
    return sw_cli_usage_error (ctx, argc < 2 ? _("missing MODEL") : _("more than one MODEL given"));
  if (shaft == NULL || !sw_cli_parse_range (range, &o.from_rpm, &o.to_rpm))
    return sw_cli_usage_error (ctx, _("campbell needs --shaft ID and --speed-range N0:N1 (rpm)"));
  if (speeds < 2)
    return sw_cli_usage_error (ctx, _("--speeds must be >= 2"));
  if (!parse_friction (friction, &o.friction))
    return sw_cli_usage_error (ctx, _("--friction must be operating, locked, open or engaged"));
  if (!(at >= 0) || !isfinite (at))
    return sw_cli_usage_error (ctx, _("--at must be a time >= 0"));
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
  if (!sw_cli_operating_state (sys, at, argv[1], &state))
    return EXIT_MODEL;
  o.at_s = at;
  o.at_state = state;
  if (!(c = sw_campbell_compute (sys, shaft, &o, &error)))
    {
      g_printerr ("%s: error: %s\n", argv[1], error->message);
      return EXIT_MODEL;
    }
  if (out_path != NULL)
    {
      g_autofree char *title = g_strdup_printf (_("Campbell diagram, reference shaft %s"), shaft);

      if (sw_cli_is_image (out_path))
        status = campbell_plot (c, title, out_path, argv[1], force);
      else
        status = sw_cli_write_csv (sw_campbell_get_diagram (c), out_path, argv[1], force);
      if (status != EXIT_OK)
        return status;
    }
  {
    /* Translators: the headings of the table of critical speeds; the columns widen to fit. */
    const char *h_speed = _("speed [rpm]"), *h_order = _("order"), *h_mode = C_("campbell table", "mode");
    const char *h_f = _("f [Hz]"), *h_sec = _("most excitable section");
    int w_speed = sw_cli_column_width (h_speed, 14), w_order = sw_cli_column_width (h_order, 8);
    int w_mode = sw_cli_column_width (h_mode, 6), w_f = sw_cli_column_width (h_f, 14);
    g_autoptr (GString) line = g_string_new (NULL);

    /* The components' excitations (gear meshes) drawn as order lines. */
    for (guint k = 0; k < sw_campbell_get_n_orders (c); k++)
      {
        const SwCampbellOrder *o = sw_campbell_get_order (c, k);
        g_autofree char *order = g_strdup_printf ("%g", o->order);

        if (o->part != NULL)
          /* Translators: "Order 20× of inertia1: mesh of gearPair" */
          g_print (_("Order %s× of %s: %s of %s\n"), order, shaft, o->label != NULL ? _(o->label) : "", o->part);
      }
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
