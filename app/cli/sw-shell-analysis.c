/* sw-shell-analysis.c: the shell's frf, campbell, forced and study:
 * shaftwork-cli's own commands run on the model as it is now (its file when
 * unchanged, else a copy), their output drawn as terminal plots when no
 * output file is given: frf as a Bode plot over a logarithmic frequency
 * axis, campbell as its diagram with the table of critical speeds, forced
 * as the sections' vibratory torque against speed; study's table as it is.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "sw-shell-private.h"
#include "sw-error.h"

/* A CSV table of frf, campbell or forced as a trajectory over its first
 * column (named x_name, in x_unit); units from the columns' names (_hz,
 * _db, _deg; forced's .tau_, .stress_, .phi_). */
static SwTrajectory *
read_csv_table (const char *text, const char *x_name, const char *x_unit, GError **error)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_auto (GStrv) header = lines[0] != NULL ? g_strsplit (lines[0], ",", -1) : NULL;
  guint n = header != NULL ? g_strv_length (header) : 0;
  g_autofree double *values = NULL;
  SwTrajectory *tr;
  GStrv names, units;

  if (n < 2)
    {
      g_set_error_literal (error, SW_ERROR, SW_ERROR_INVALID, _("the analysis gave no table to plot"));
      return NULL;
    }
  names = g_new0 (char *, n);
  units = g_new0 (char *, n);
  for (guint c = 1; c < n; c++)
    {
      names[c - 1] = g_strdup (header[c]);
      units[c - 1] = g_strdup (g_str_has_suffix (header[c], "_db") ? "dB"
                               : g_str_has_suffix (header[c], "_deg") ? "deg"
                               : g_str_has_suffix (header[c], "_hz") ? "Hz"
                               : strstr (header[c], ".tau_") != NULL ? "N.m"
                               : strstr (header[c], ".stress_") != NULL ? "MPa"
                               : strstr (header[c], ".phi_") != NULL ? "rad" : "1");
    }
  tr = sw_trajectory_new (names, units);
  sw_trajectory_set_x_axis (tr, x_name, x_unit);
  values = g_new (double, n);
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto (GStrv) cells = g_strsplit (lines[i], ",", -1);

      if (g_strv_length (cells) != n)
        continue;
      for (guint c = 0; c < n; c++)
        values[c] = g_ascii_strtod (cells[c], NULL);
      sw_trajectory_append_row (tr, values[0], values + 1);
    }
  return tr;
}

/* The Bode plot of frf's output: magnitude in dB and phase over a
 * logarithmic frequency axis, and the peak. */
static gboolean
append_frf_plot (SwShell *shell, const char *csv, GError **error)
{
  g_autoptr (SwTrajectory) tr = read_csv_table (csv, "f", "Hz", error);
  SwShellPlotStyle style = { shell->plot_width, shell->plot_height, shell->unicode, shell->color, TRUE };
  guint cols[2];
  int mag, phase;

  if (tr == NULL)
    return FALSE;
  mag = sw_trajectory_find_column (tr, "magnitude_db");
  phase = sw_trajectory_find_column (tr, "phase_deg");
  if (mag < 0 || phase < 0 || sw_trajectory_get_n_rows (tr) == 0)
    {
      g_set_error_literal (error, SW_ERROR, SW_ERROR_INVALID, _("frf gave no magnitude and phase to plot"));
      return FALSE;
    }
  cols[0] = mag, cols[1] = phase;
  sw_shell_plot_append (shell->out, tr, cols, 2, &style, shell->stale);
  {
    const double *m = sw_trajectory_get_column (tr, mag), *f = sw_trajectory_get_times (tr);
    guint best = 0;

    for (guint i = 1; i < sw_trajectory_get_n_rows (tr); i++)
      if (m[i] > m[best])
        best = i;
    sw_shell_print (shell, _("peak: %.4g dB at %.6g Hz (-o FILE writes the table or an image)\n"), m[best], f[best]);
  }
  return TRUE;
}

/* The Campbell diagram: every mode's frequency and the order lines over
 * the reference shaft's speed, then campbell's table of critical speeds. */
static gboolean
append_campbell_plot (SwShell *shell, const char *csv_path, const char *table, GError **error)
{
  g_autofree char *csv = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  SwShellPlotStyle style = { shell->plot_width, MAX (8u, shell->plot_height - 4), shell->unicode, shell->color, FALSE };
  guint cols[SW_SHELL_MAX_PLOT], n;

  if (!g_file_get_contents (csv_path, &csv, NULL, error) || !(tr = read_csv_table (csv, "speed", "rpm", error)))
    return FALSE;
  n = MIN (sw_trajectory_get_n_columns (tr), SW_SHELL_MAX_PLOT);
  for (guint c = 0; c < n; c++)
    cols[c] = c;
  if (n == 0 || sw_trajectory_get_n_rows (tr) == 0)
    {
      g_set_error_literal (error, SW_ERROR, SW_ERROR_INVALID, _("campbell gave no diagram to plot"));
      return FALSE;
    }
  sw_shell_plot_append (shell->out, tr, cols, n, &style, shell->stale);
  g_string_append (shell->out, table);
  return TRUE;
}

/* The forced response: every section's vibratory torque (the orders'
 * sum) over the speed, then the most loaded section and where. */
static gboolean
append_forced_plot (SwShell *shell, const char *csv, GError **error)
{
  g_autoptr (SwTrajectory) tr = read_csv_table (csv, "speed", "rpm", error);
  SwShellPlotStyle style = { shell->plot_width, shell->plot_height, shell->unicode, shell->color, FALSE };
  guint cols[SW_SHELL_MAX_PLOT], n = 0, rows, best_col = 0, best_row = 0;
  double best = -1;

  if (tr == NULL)
    return FALSE;
  rows = sw_trajectory_get_n_rows (tr);
  for (guint c = 0; c < sw_trajectory_get_n_columns (tr); c++)
    {
      const double *v = sw_trajectory_get_column (tr, c);

      if (!g_str_has_suffix (sw_trajectory_get_column_name (tr, c), ".tau_amp"))
        continue;
      if (n < SW_SHELL_MAX_PLOT)
        cols[n++] = c;
      for (guint r = 0; r < rows; r++)
        if (v[r] > best)
          best = v[r], best_col = c, best_row = r;
    }
  if (n == 0 || rows == 0)
    {
      g_set_error_literal (error, SW_ERROR, SW_ERROR_INVALID, _("forced gave no section torque to plot"));
      return FALSE;
    }
  sw_shell_plot_append (shell->out, tr, cols, n, &style, shell->stale);
  {
    g_autofree char *id = g_strndup (sw_trajectory_get_column_name (tr, best_col),
                                     strlen (sw_trajectory_get_column_name (tr, best_col)) - strlen (".tau_amp"));

    sw_shell_print (shell, _("most loaded: %s, %.6g N·m at %.6g rpm (-o FILE writes the table or an image)\n"), id,
                    best, sw_trajectory_get_times (tr)[best_row]);
  }
  return TRUE;
}

static gboolean
has_option (int argc, char **argv, const char *const *options)
{
  for (int k = 1; k < argc; k++)
    for (guint i = 0; options[i] != NULL; i++)
      if (g_str_equal (argv[k], options[i])
          || (g_str_has_prefix (argv[k], options[i]) && argv[k][strlen (options[i])] == '='))
        return TRUE;
  return FALSE;
}

/* frf, campbell, forced and study: shaftwork-cli's own command on the model as it is now
 * (its file when unchanged, else a temporary copy), its output captured. */
gboolean
sw_shell_cmd_analysis (SwShell *shell, int argc, char **argv, GError **error)
{
  g_autofree char *tmp = NULL, *out = NULL, *err = NULL, *diagram = NULL;
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  const char *path = shell->path;
  int status = 0;
  gboolean ok;
  /* Without an output file, frf's table and campbell's diagram are drawn
   * here. */
  gboolean plain = !has_option (argc, argv, (const char *const[]) { "-o", "--output-file", "-h", "--help", NULL });
  gboolean plot_frf = plain && g_str_equal (argv[0], "frf");
  gboolean plot_campbell = plain && g_str_equal (argv[0], "campbell");
  gboolean plot_forced = plain && g_str_equal (argv[0], "forced");

  if (path == NULL || sw_history_get_modified (shell->history))
    {
      g_autofree char *data = sw_model_to_data (shell->model, NULL);
      const char *folder = sw_model_get_folder (shell->model);
      int fd = -1;

      /* Beside the model, so that its subsystems' files are found as it
       * names them; else in the temporary folder. */
      if (folder != NULL)
        {
          tmp = g_build_filename (folder, ".shaftwork-shell-XXXXXX.shaft", NULL);
          if ((fd = g_mkstemp (tmp)) < 0)
            g_clear_pointer (&tmp, g_free);
        }
      if (fd < 0 && (fd = g_file_open_tmp ("shaftwork-shell-XXXXXX.shaft", &tmp, error)) < 0)
        return FALSE;
      close (fd);
      if (!g_file_set_contents (tmp, data, -1, error))
        {
          g_unlink (tmp);
          return FALSE;
        }
      path = tmp;
    }
  g_ptr_array_add (args, "/proc/self/exe");
  for (int k = 0; k < argc; k++)
    g_ptr_array_add (args, argv[k]);
  if (plot_frf && !has_option (argc, argv, (const char *const[]) { "--db", NULL }))
    g_ptr_array_add (args, "--db");
  if (plot_campbell)
    {
      int fd = g_file_open_tmp ("shaftwork-shell-XXXXXX.csv", &diagram, error);

      if (fd < 0)
        {
          if (tmp != NULL)
            g_unlink (tmp);
          return FALSE;
        }
      close (fd);
      g_ptr_array_add (args, "-o");
      g_ptr_array_add (args, diagram);
    }
  g_ptr_array_add (args, (char *) path);
  g_ptr_array_add (args, NULL);
  ok = g_spawn_sync (NULL, (char **) args->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, error);
  if (tmp != NULL)
    g_unlink (tmp);
  if (!ok)
    {
      if (diagram != NULL)
        g_unlink (diagram);
      return FALSE;
    }
  if (!g_spawn_check_wait_status (status, NULL))
    {
      if (diagram != NULL)
        g_unlink (diagram);
      g_string_append (shell->out, out);
      g_strchomp (err);
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, "%s", err);
      return FALSE;
    }
  if (plot_frf)
    return append_frf_plot (shell, out, error);
  if (plot_forced)
    return append_forced_plot (shell, out, error);
  if (plot_campbell)
    {
      ok = append_campbell_plot (shell, diagram, out, error);
      g_unlink (diagram);
      return ok;
    }
  g_string_append (shell->out, out);
  return TRUE;
}
