/* sw-cli-forced.c: forced, the steady-state response to harmonic torques by
 * engine order over a speed range (core/modal/sw-forced.h).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-cli-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include "sw-forced.h"
#include "sw-linear-friction.h"
#include "sw-system.h"
#include "sw-tuning.h"

/* "ID=X:Y[:Z]": the id before the last '=' (ids may hold dots), then
 * min_numbers … max_numbers numbers separated by ':'. */
static gboolean
parse_spec (const char *text, char **id, double *numbers, guint min_numbers, guint max_numbers, guint *n)
{
  const char *eq = strrchr (text, '=');
  g_auto (GStrv) parts = NULL;

  if (eq == NULL || eq == text)
    return FALSE;
  parts = g_strsplit (eq + 1, ":", -1);
  *n = g_strv_length (parts);
  if (*n < min_numbers || *n > max_numbers)
    return FALSE;
  for (guint k = 0; k < *n; k++)
    {
      char *end;

      numbers[k] = g_ascii_strtod (parts[k], &end);
      if (end == parts[k] || *end != '\0' || !isfinite (numbers[k]))
        return FALSE;
    }
  *id = g_strndup (text, eq - text);
  return TRUE;
}

/* The image: the section with the largest summed amplitude (or the one
 * asked for), its sum and peak solid, its orders dashed (the largest ones
 * where there are more than fit). */
static int
forced_plot (SwTrajectory *tr, const char *section, const char *path, const char *input, gboolean force)
{
  guint n = sw_trajectory_get_n_columns (tr), rows = sw_trajectory_get_n_rows (tr), k = 0;
  g_autofree char *id = NULL, *sum_name = NULL, *peak_name = NULL, *prefix = NULL, *title = NULL;
  guint cols[SW_PLOT_FILE_MAX_COLUMNS];
  const char *labels[SW_PLOT_FILE_MAX_COLUMNS] = { NULL };
  g_autoptr (GPtrArray) strings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) order_cols = g_array_new (FALSE, FALSE, sizeof (guint));
  double best = -1;
  int c;
  SwPlotFileStyle style = { 0 };

  if (section != NULL)
    id = g_strdup (section);
  else
    for (guint col = 0; col < n; col++)
      {
        const char *name = sw_trajectory_get_column_name (tr, col);
        const double *v = sw_trajectory_get_column (tr, col);

        if (!g_str_has_suffix (name, ".tau_amp"))
          continue;
        for (guint r = 0; r < rows; r++)
          if (v[r] > best)
            {
              best = v[r];
              g_free (id);
              id = g_strndup (name, strlen (name) - strlen (".tau_amp"));
            }
      }
  if (id == NULL)
    {
      g_printerr ("%s: %s\n", input, _("error: the model has no compliant section whose torque could be drawn"));
      return EXIT_MODEL;
    }
  sum_name = g_strdup_printf ("%s.tau_amp", id);
  peak_name = g_strdup_printf ("%s.tau_peak", id);
  prefix = g_strdup_printf ("%s.tau_amp@", id);
  if ((c = sw_trajectory_find_column (tr, sum_name)) < 0)
    {
      g_printerr (_("%s: error: --plot-section %s: no such compliant section; give the id of a spring, damper or "
                    "shaft\n"),
                  input, id);
      return EXIT_MODEL;
    }
  cols[k] = (guint) c;
  /* Translators: the legend of the vibratory torque summed over the orders. */
  labels[k++] = _("sum of orders");
  if ((c = sw_trajectory_find_column (tr, peak_name)) >= 0)
    {
      cols[k] = (guint) c;
      /* Translators: the legend of the peak of the synthesised periodic torque. */
      labels[k++] = _("synthesised peak");
    }
  for (guint col = 0; col < n; col++)
    if (g_str_has_prefix (sw_trajectory_get_column_name (tr, col), prefix))
      g_array_append_val (order_cols, col);
  /* The largest orders where they do not all fit. */
  while (order_cols->len > SW_PLOT_FILE_MAX_COLUMNS - k)
    {
      guint smallest = 0;
      double small = INFINITY;

      for (guint j = 0; j < order_cols->len; j++)
        {
          const double *v = sw_trajectory_get_column (tr, g_array_index (order_cols, guint, j));
          double top = 0;

          for (guint r = 0; r < rows; r++)
            top = MAX (top, isfinite (v[r]) ? v[r] : 0);
          if (top < small)
            small = top, smallest = j;
        }
      g_array_remove_index (order_cols, smallest);
    }
  for (guint j = 0; j < order_cols->len; j++)
    {
      guint col = g_array_index (order_cols, guint, j);
      /* Translators: the legend of one engine order's torque, e.g. "order 2.5". */
      char *label = g_strdup_printf (_("order %s"), sw_trajectory_get_column_name (tr, col) + strlen (prefix));

      g_ptr_array_add (strings, label);
      style.dashed_columns |= 1u << k;
      cols[k] = col;
      labels[k++] = label;
    }
  style.labels = labels;
  /* Translators: the title of a forced response's plot; %s is the section's id. */
  title = g_strdup_printf (_("Vibratory torque amplitude of %s"), id);
  return sw_cli_write_plot (tr, cols, k, &style, title, path, input, force);
}

/* The barred speed ranges as a table, on stdout when the table goes to a
 * file, else on stderr (the CSV is on stdout). */
static void
print_ranges (SwTrajectory *tr, gboolean to_stdout)
{
  g_autoptr (GArray) ranges = sw_forced_find_ranges (tr);
  void (*print) (const char *, ...) = to_stdout ? g_print : g_printerr;

  if (ranges->len == 0)
    {
      print ("%s\n", _("barred speed ranges: none (every section's vibratory stress within its continuous limit)"));
      return;
    }
  /* Translators: the header of the barred speed ranges' table; keep the columns' order. */
  print ("%s\n", _("section\tkind\tfrom_rpm\tto_rpm\tmax_stress_MPa\tat_rpm\tlimit_MPa"));
  for (guint k = 0; k < ranges->len; k++)
    {
      const SwForcedRange *r = &g_array_index (ranges, SwForcedRange, k);

      print ("%s\t%s\t%.6g\t%.6g\t%.6g\t%.6g\t%.6g\n", r->part,
             /* Translators: a speed range where the stress exceeds the continuous limit, within the transient one. */
             r->kind == SW_FORCED_RANGE_BARRED ? _("barred")
                                               /* Translators: a speed range above the transient stress limit. */
                                               : _("not allowed"),
             r->from_rpm, r->to_rpm, r->max_stress_mpa, r->at_rpm, r->limit_mpa);
    }
}

int
sw_cli_forced (int argc, char **argv)
{
  g_autofree char *range = NULL, *orders_text = NULL, *out_path = NULL, *friction = NULL, *section = NULL;
  g_auto (GStrv) excite = NULL;
  g_auto (GStrv) diameter = NULL;
  g_auto (GStrv) tune = NULL;
  g_auto (GStrv) limits = NULL;
  double rated_rpm = 0, at = 0;
  int speeds = 201;
  gboolean force = FALSE, no_peak = FALSE;
  GOptionEntry entries[] = {
    { "speed-range", 0, 0, G_OPTION_ARG_STRING, &range, N_("Speed range in rpm (0 < N0 < N1)"), N_("N0:N1") },
    { "speeds", 0, 0, G_OPTION_ARG_INT, &speeds, N_("Speeds evenly spaced over the range (default 201)"), N_("K") },
    { "excite", 0, 0, G_OPTION_ARG_STRING_ARRAY, &excite,
      N_("A harmonic torque A cos (order × angle + phase) on a body, amplitude in N·m, phase in degrees (default "
         "0); repeat for more"),
      N_("ID=ORDER:AMPLITUDE[:PHASE_DEG]") },
    { "orders", 0, 0, G_OPTION_ARG_STRING, &orders_text,
      N_("Only these of the excited orders, comma-separated (default: every excited order)"), N_("O,…") },
    { "diameter", 0, 0, G_OPTION_ARG_STRING_ARRAY, &diameter,
      N_("A section's shaft diameter in m (and bore, 0 for solid) for its stress amplitude in MPa; no kind has a "
         "diameter of its own, so it is given here; repeat for more"),
      N_("ID=D[:D_INNER]") },
    { "tune", 0, 0, G_OPTION_ARG_STRING_ARRAY, &tune,
      N_("Tune a rotational.tuned_absorber (Den Hartog's optimum: its c and d) or rotational.viscous_damper (its "
         "optimum d) to elastic mode MODE (1: the lowest) of the model without it, before the response; prints "
         "the values; repeat for more"),
      N_("ID=MODE") },
    { "limits", 0, 0, G_OPTION_ARG_STRING_ARRAY, &limits,
      N_("Allowable vibratory stress of a section with --diameter, as classification rules for propulsion "
         "shafting give it (IACS UR M68) from the material's tensile strength in MPa and the factor C_K of its "
         "design (default 1: plain shaft; 0.6 keyway): columns ID.stress_limit_cont and ID.stress_limit_trans, "
         "and the barred speed ranges listed; needs --rated-rpm; repeat for more"),
      N_("ID=UTS_MPA[:CK]") },
    { "rated-rpm", 0, 0, G_OPTION_ARG_DOUBLE, &rated_rpm,
      N_("Rated (maximum continuous) speed in rpm, for --limits"), N_("N") },
    { "no-peak", 0, 0, G_OPTION_ARG_NONE, &no_peak,
      N_("Leave out the peak of the synthesised signal (ID.tau_peak, ID.stress_peak)"), NULL },
    AT_ENTRY (at),
    FRICTION_ENTRY (friction),
    { "plot-section", 0, 0, G_OPTION_ARG_STRING, &section,
      N_("The section an image draws (default: the most loaded)"), N_("ID") },
    { "output-file", 'o', 0, G_OPTION_ARG_FILENAME, &out_path,
      N_("CSV file, or an image (.png, .svg, .pdf) of a section's torque amplitudes"), N_("FILE") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Replace the output file even if it is read-only"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (N_("MODEL"));
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  g_autoptr (GArray) excitations = g_array_new (FALSE, TRUE, sizeof (SwForcedExcitation));
  g_autoptr (GArray) from_model = NULL;
  g_autoptr (GArray) diameters = g_array_new (FALSE, FALSE, sizeof (SwForcedDiameter));
  g_autoptr (GArray) orders = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) limit_specs = g_array_new (FALSE, FALSE, sizeof (SwForcedLimit));
  g_autoptr (GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autofree double *state = NULL;
  SwForcedOptions o = sw_forced_options_default ();
  int status = EXIT_OK;

  sw_cli_init_context (ctx, N_("Forced response of MODEL linearised at an operating point (the initial\n"
                               "state, or --at's: its friction elements' state): the steady-state\n"
                               "amplitudes under harmonic torques by engine order (ω = order × 2π n / 60) over\n"
                               "a speed range. Columns: rpm; per compliant section ID.tau_amp (sum over the\n"
                               "orders), ID.tau_peak (peak of the synthesised periodic torque), ID.tau_amp@ORDER,\n"
                               "ID.stress_amp and ID.stress_peak in MPa with --diameter, ID.stress_limit_cont and\n"
                               "ID.stress_limit_trans with --limits (and the barred speed ranges listed); per\n"
                               "body ID.phi_amp. The excitation is the model's own (its \"excitation\": torques\n"
                               "by order at bodies or an engine's cranks, data/FORMAT.md) and --excite's."),
                       entries);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return sw_cli_usage_error (ctx, error->message);
  if (argc != 2)
    return sw_cli_usage_error (ctx, argc < 2 ? _("missing MODEL") : _("more than one MODEL given"));
  if (!sw_cli_parse_range (range, &o.from_rpm, &o.to_rpm))
    return sw_cli_usage_error (ctx, _("forced needs --speed-range N0:N1 (rpm)"));
  if (!(o.from_rpm > 0 && o.to_rpm > o.from_rpm && o.to_rpm <= SW_FORCED_MAX_RPM))
    {
      g_autofree char *msg = g_strdup_printf (_("--speed-range N0:N1 needs 0 < N0 < N1 <= %g rpm"),
                                              SW_FORCED_MAX_RPM);
      return sw_cli_usage_error (ctx, msg);
    }
  if (speeds < 2 || speeds > SW_FORCED_MAX_SPEEDS)
    {
      g_autofree char *msg = g_strdup_printf (_("--speeds must be 2 … %d"), SW_FORCED_MAX_SPEEDS);
      return sw_cli_usage_error (ctx, msg);
    }
  for (guint k = 0; excite != NULL && excite[k] != NULL; k++)
    {
      double v[3] = { 0, 0, 0 };
      guint nv;
      char *id = NULL;

      if (!parse_spec (excite[k], &id, v, 2, 3, &nv) || !(v[0] > 0) || !(v[1] >= 0))
        {
          g_autofree char *msg = g_strdup_printf (_("--excite “%s”: expected ID=ORDER:AMPLITUDE[:PHASE_DEG] with an "
                                                    "order above 0 and an amplitude >= 0 in N·m, e.g. "
                                                    "crank=2.5:1200:30"),
                                                  excite[k]);
          g_free (id);
          return sw_cli_usage_error (ctx, msg);
        }
      g_ptr_array_add (ids, id);
      g_array_append_val (excitations, ((SwForcedExcitation) { id, v[0], v[1], v[2] }));
    }
  for (guint k = 0; diameter != NULL && diameter[k] != NULL; k++)
    {
      double v[2] = { 0, 0 };
      guint nv;
      char *id = NULL;

      if (!parse_spec (diameter[k], &id, v, 1, 2, &nv) || !(v[0] > 0) || !(v[1] >= 0 && v[1] < v[0]))
        {
          g_autofree char *msg = g_strdup_printf (_("--diameter “%s”: expected ID=D[:D_INNER] in m with D > 0 and "
                                                    "0 <= D_INNER < D, e.g. shaft1=0.08"),
                                                  diameter[k]);
          g_free (id);
          return sw_cli_usage_error (ctx, msg);
        }
      g_ptr_array_add (ids, id);
      g_array_append_val (diameters, ((SwForcedDiameter) { id, v[0], v[1] }));
    }
  for (guint k = 0; limits != NULL && limits[k] != NULL; k++)
    {
      double v[2] = { 0, 1 };
      guint nv;
      char *id = NULL;

      if (!parse_spec (limits[k], &id, v, 1, 2, &nv) || !(v[0] > 0 && v[0] <= SW_FORCED_MAX_UTS_MPA)
          || !(v[1] > 0 && v[1] <= 1))
        {
          g_autofree char *msg = g_strdup_printf (_("--limits “%s”: expected ID=UTS_MPA[:CK] with a tensile strength "
                                                    "0 < UTS_MPA <= %d and 0 < CK <= 1, e.g. shaft=600:0.6"),
                                                  limits[k], SW_FORCED_MAX_UTS_MPA);
          g_free (id);
          return sw_cli_usage_error (ctx, msg);
        }
      g_ptr_array_add (ids, id);
      g_array_append_val (limit_specs, ((SwForcedLimit) { id, v[0], v[1] }));
    }
  if (limits != NULL && !(rated_rpm > 0 && isfinite (rated_rpm)))
    return sw_cli_usage_error (ctx, _("--limits needs --rated-rpm N (the rated speed, above 0)"));
  if (orders_text != NULL)
    {
      g_auto (GStrv) items = g_strsplit (orders_text, ",", -1);

      for (guint k = 0; items[k] != NULL; k++)
        {
          char *end;
          double v = g_ascii_strtod (items[k], &end);

          if (end == items[k] || *end != '\0' || !(v > 0) || !isfinite (v))
            return sw_cli_usage_error (ctx, _("--orders takes orders above 0 separated by commas, e.g. 0.5,1,2.5"));
          g_array_append_val (orders, v);
        }
      o.orders = (const double *) orders->data;
      o.n_orders = orders->len;
    }
  if (friction != NULL && !sw_linear_friction_from_string (friction, &o.friction))
    return sw_cli_usage_error (ctx, _("--friction must be operating, locked, open or engaged"));
  if (!(at >= 0) || !isfinite (at))
    return sw_cli_usage_error (ctx, _("--at must be a time >= 0"));
  if ((status = sw_cli_check_output (ctx, "-o", out_path, argv[1], force, FALSE)) != EXIT_OK)
    return status;
  for (guint k = 0; tune != NULL && tune[k] != NULL; k++)
    {
      double v[1];
      guint nv;
      g_autofree char *id = NULL;

      if (!parse_spec (tune[k], &id, v, 1, 1, &nv) || !(v[0] >= 1 && v[0] <= G_MAXUINT && v[0] == floor (v[0])))
        {
          g_autofree char *msg = g_strdup_printf (_("--tune “%s”: expected ID=MODE with a whole MODE >= 1, e.g. "
                                                    "absorber=1"),
                                                  tune[k]);
          return sw_cli_usage_error (ctx, msg);
        }
    }
  if (!(model = sw_cli_load_model (argv[1], &status)))
    return status;
  for (guint k = 0; tune != NULL && tune[k] != NULL; k++)
    {
      double v[1];
      guint nv;
      g_autofree char *id = NULL;
      SwTuning t;

      parse_spec (tune[k], &id, v, 1, 1, &nv);
      if (!sw_tuning_apply (model, id, (guint) v[0], &t, &error))
        {
          g_printerr ("%s: error: %s\n", argv[1], error->message);
          return EXIT_MODEL;
        }
      /* On stderr when the CSV goes to stdout. */
      (out_path != NULL ? g_print : g_printerr) (
        /* Translators: a damper tuned to a mode: its id, the mode, the mode's frequency, the inertia the mode
         * presents at the hub, the mass ratio, the values set. */
        _("%s tuned to mode %u (%.6g Hz without it, %.6g kg.m2 at the hub, mass ratio %.4g): c = %.6g N.m/rad, "
          "d = %.6g N.m.s/rad\n"),
        id, (guint) v[0], t.omega_rad_s / (2 * G_PI), t.effective_inertia, t.mass_ratio, t.c, t.d);
    }
  /* The model's own "excitation" first, then --excite's. */
  if (!(from_model = sw_forced_excitations_from_model (model, &error)))
    {
      g_printerr ("%s: error: %s\n", argv[1], error->message);
      return EXIT_MODEL;
    }
  g_array_prepend_vals (excitations, from_model->data, from_model->len);
  if (excitations->len == 0)
    return sw_cli_usage_error (ctx, _("forced needs an excitation: the model's “excitation”, or --excite "
                                      "ID=ORDER:AMPLITUDE[:PHASE_DEG]"));
  if (!(sys = sw_model_assemble (model, &error)))
    return sw_cli_model_error (error);
  if (!sw_cli_operating_state (sys, at, argv[1], &state))
    return EXIT_MODEL;
  o.at_s = at;
  o.at_state = state;
  o.n_speeds = speeds;
  o.excitations = (const SwForcedExcitation *) excitations->data;
  o.n_excitations = excitations->len;
  o.diameters = (const SwForcedDiameter *) diameters->data;
  o.n_diameters = diameters->len;
  o.peak = !no_peak;
  o.limits = (const SwForcedLimit *) limit_specs->data;
  o.n_limits = limit_specs->len;
  o.rated_rpm = rated_rpm;
  if (!(tr = sw_forced_compute (sys, &o, &error)))
    {
      g_printerr ("%s: error: %s\n", argv[1], error->message);
      return EXIT_MODEL;
    }
  if (limit_specs->len > 0)
    print_ranges (tr, out_path != NULL);
  if (sw_cli_is_image (out_path))
    return forced_plot (tr, section, out_path, argv[1], force);
  return sw_cli_write_csv (tr, out_path, argv[1], force);
}
