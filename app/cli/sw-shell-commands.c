/* sw-shell-commands.c: the commands of shaftwork-cli shell, one function
 * each, and their table (names, arguments, help).
 *
 * Edits go through the model's API (every one an undo step of its
 * SwHistory); results are brought up to date when a command shows them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "sw-shell-private.h"
#include "sw-error.h"
#include "sw-event-log.h"
#include "sw-modelica.h"
#include "sw-output-file.h"
#include "sw-plot-draw.h"

static gboolean
usage (GError **error, const char *command)
{
  const SwShellCommand *c = sw_shell_find_command (command);

  g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("usage: %s %s"), c->name, c->args != NULL ? _(c->args) : "");
  return FALSE;
}

/* ---- the model ---------------------------------------------------------- */

static gboolean
cmd_open (SwShell *shell, int argc, char **argv, GError **error)
{
  if (argc != 2)
    return usage (error, argv[0]);
  if (shell->model != NULL && sw_history_get_modified (shell->history))
    sw_shell_print (shell, _("(the unsaved edits of “%s” are dropped)\n"), sw_model_get_name (shell->model));
  if (!sw_shell_open (shell, argv[1], error))
    return FALSE;
  sw_shell_print (shell, _("opened %s: %u components, %u connections\n"), argv[1],
                  sw_model_get_n_components (shell->model), sw_model_get_n_connections (shell->model));
  return TRUE;
}

/* A parameter's value as text: a number with its unit, or what else it is. */
static char *
dup_param_text (const SwComponent *c, guint p)
{
  const SwParamDesc *desc = &c->kind->params[p];

  switch (desc->type)
    {
    case SW_PARAM_BOOLEAN:
      return g_strdup (c->param[p] != 0 ? "true" : "false");
    case SW_PARAM_SIGNAL:
      if (c->signal[p] != NULL && !sw_signal_is_constant (c->signal[p]))
        return g_strdup_printf (_("(signal: %s)"), c->signal_ref[p] != NULL ? c->signal_ref[p]
                                                                            : sw_signal_get_type_name (c->signal[p]));
      return sw_shell_dup_quantity (c->signal[p] != NULL ? sw_signal_eval (c->signal[p], 0, FALSE, NULL, NULL)
                                                         : c->param[p], desc->unit);
    case SW_PARAM_TABLE:
      return g_strdup (_("(table)"));
    case SW_PARAM_EXPRESSION:
      return g_strdup (_("(formula)"));
    case SW_PARAM_REAL:
    case SW_PARAM_INITIAL:
    default:
      return sw_shell_dup_quantity (c->param[p], desc->unit);
    }
}

static gboolean
cmd_get (SwShell *shell, int argc, char **argv, GError **error)
{
  guint ci;
  int p;
  const SwComponent *c;

  if (argc != 2)
    return usage (error, argv[0]);
  if (!sw_shell_parse_target (shell->model, argv[1], &ci, &p, error))
    return FALSE;
  c = sw_model_get_component (shell->model, ci);
  if (p >= 0)
    {
      g_autofree char *text = dup_param_text (c, p);

      sw_shell_print (shell, "%s.%s = %s\n", c->id, c->kind->params[p].name, text);
      return TRUE;
    }
  sw_shell_print (shell, "%s (%s)\n", c->id, c->kind->name);
  {
    int width = 0;

    for (guint k = 0; k < c->kind->n_params; k++)
      width = MAX (width, (int) strlen (c->kind->params[k].name));
    for (guint k = 0; k < c->kind->n_params; k++)
      {
        g_autofree char *text = dup_param_text (c, k);

        sw_shell_print (shell, "  %-*s = %s%s\n", width, c->kind->params[k].name, text,
                        c->given[k] ? "" : _("  (default)"));
      }
  }
  return TRUE;
}

/* "simulation.stop_time 3 s" and the like. */
static gboolean
set_simulation (SwShell *shell, const char *name, const char *number, const char *unit, GError **error)
{
  SwSimulationSettings s = *sw_model_get_simulation (shell->model);
  static const SwParamDesc desc = { "time", NULL, "s", SW_PARAM_REAL };
  static const SwParamDesc plain = { "tolerance", NULL, "", SW_PARAM_REAL };
  double v;

  if (g_str_equal (name, "stop_time") || g_str_equal (name, "output_interval"))
    {
      if (!sw_shell_parse_value (&desc, number, unit, &v, error))
        return FALSE;
      if (!(v > 0))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("simulation.%s must be a time > 0 s"), name);
          return FALSE;
        }
      if (g_str_equal (name, "stop_time"))
        s.stop_time_s = v;
      else
        s.output_interval_s = v;
    }
  else if (g_str_equal (name, "tolerance"))
    {
      if (!sw_shell_parse_value (&plain, number, unit, &v, error))
        return FALSE;
      if (!(v > 0 && v < 1))
        {
          g_set_error_literal (error, SW_ERROR, SW_ERROR_INVALID,
                               _("simulation.tolerance must be between 0 and 1, e.g. 1e-6"));
          return FALSE;
        }
      s.tolerance = v;
    }
  else
    {
      g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                   _("no setting “simulation.%s”; valid: stop_time, output_interval, tolerance"), name);
      return FALSE;
    }
  sw_model_set_simulation (shell->model, &s);
  return TRUE;
}

static gboolean
cmd_set (SwShell *shell, int argc, char **argv, GError **error)
{
  g_autoptr (GError) local = NULL;
  guint ci;
  int p;
  double v;
  const SwComponent *c;

  if (argc != 3 && argc != 4)
    return usage (error, argv[0]);
  if (g_str_has_prefix (argv[1], "simulation.") && sw_model_find_component (shell->model, "simulation") < 0)
    return set_simulation (shell, argv[1] + strlen ("simulation."), argv[2], argc == 4 ? argv[3] : NULL, error);
  if (!sw_shell_parse_target (shell->model, argv[1], &ci, &p, error))
    return FALSE;
  c = sw_model_get_component (shell->model, ci);
  if (p < 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("set needs ID.PARAM, not “%s”: get %s lists its parameters"),
                   argv[1], argv[1]);
      return FALSE;
    }
  if (!sw_shell_parse_value (&c->kind->params[p], argv[2], argc == 4 ? argv[3] : NULL, &v, &local))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, "%s.%s: %s", c->id, c->kind->params[p].name, local->message);
      return FALSE;
    }
  if (c->kind->params[p].type == SW_PARAM_SIGNAL)
    {
      g_autoptr (SwSignal) signal = sw_signal_new_constant (v);

      if (!sw_model_set_param_signal (shell->model, ci, c->kind->params[p].name, signal, error))
        return FALSE;
    }
  else if (!sw_model_set_param (shell->model, ci, c->kind->params[p].name, v, error))
    return FALSE;
  {
    g_autofree char *text = dup_param_text (sw_model_get_component (shell->model, ci), p);

    sw_shell_print (shell, "%s = %s\n", argv[1], text);
  }
  return TRUE;
}

static gboolean
cmd_add (SwShell *shell, int argc, char **argv, GError **error)
{
  g_autofree char *id = NULL;
  const SwKind *kind;

  if (argc != 2 && argc != 3)
    return usage (error, argv[0]);
  if (!(kind = sw_catalog_lookup (argv[1])))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("unknown kind “%s”; `shaftwork-cli list` shows them all (e.g. rotational.inertia)"), argv[1]);
      return FALSE;
    }
  id = argc == 3 ? g_strdup (argv[2]) : sw_model_dup_unique_id (shell->model, argv[1]);
  if (sw_model_add_component (shell->model, argv[1], id, error) < 0)
    return FALSE;
  sw_shell_print (shell, _("added %s (%s)\n"), id, kind->name);
  return TRUE;
}

static gboolean
cmd_connect (SwShell *shell, int argc, char **argv, GError **error)
{
  if (argc != 3)
    return usage (error, argv[0]);
  if (!sw_model_connect (shell->model, argv[1], argv[2], error))
    return FALSE;
  sw_shell_print (shell, _("connected %s to %s\n"), argv[1], argv[2]);
  return TRUE;
}

/* "ID.PORT" as a component and port index. */
static gboolean
parse_port (SwModel *model, const char *text, guint *component, guint *port, GError **error)
{
  const char *dot = strchr (text, '.');
  g_autofree char *id = dot != NULL ? g_strndup (text, dot - text) : NULL;
  int c = id != NULL ? sw_model_find_component (model, id) : -1;
  int p = c >= 0 ? sw_kind_find_port (sw_model_get_component (model, c)->kind, dot + 1) : -1;

  if (p < 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("“%s” is not a port of the model; valid: ID.PORT such as "
                                                        "rotor.flange_a"), text);
      return FALSE;
    }
  *component = c, *port = p;
  return TRUE;
}

static gboolean
cmd_remove (SwShell *shell, int argc, char **argv, GError **error)
{
  guint ci;
  int p;

  if (argc == 3)
    {
      guint a, pa, b, pb;

      if (!parse_port (shell->model, argv[1], &a, &pa, error) || !parse_port (shell->model, argv[2], &b, &pb, error))
        return FALSE;
      for (guint k = 0; k < sw_model_get_n_connections (shell->model); k++)
        {
          const SwConnection *w = sw_model_get_connection (shell->model, k);

          if ((w->from_component == a && w->from_port == pa && w->to_component == b && w->to_port == pb)
              || (w->from_component == b && w->from_port == pb && w->to_component == a && w->to_port == pa))
            {
              sw_model_remove_connection (shell->model, k);
              sw_shell_print (shell, _("removed the connection %s – %s\n"), argv[1], argv[2]);
              return TRUE;
            }
        }
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("%s and %s are not connected"), argv[1], argv[2]);
      return FALSE;
    }
  if (argc != 2)
    return usage (error, argv[0]);
  if (!sw_shell_parse_target (shell->model, argv[1], &ci, &p, error))
    return FALSE;
  if (p >= 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("remove takes a component ID or two ports, not “%s”"),
                   argv[1]);
      return FALSE;
    }
  sw_shell_print (shell, _("removed %s and its connections\n"), sw_model_get_component (shell->model, ci)->id);
  sw_model_remove_component (shell->model, ci);
  return TRUE;
}

static gboolean
cmd_undo (SwShell *shell, int argc, char **argv, GError **error)
{
  gboolean redo = g_str_equal (argv[0], "redo");

  if (argc != 1)
    return usage (error, argv[0]);
  if (!(redo ? sw_history_redo (shell->history) : sw_history_undo (shell->history)))
    {
      g_set_error_literal (error, SW_ERROR, SW_ERROR_INVALID, redo ? _("nothing to redo") : _("nothing to undo"));
      return FALSE;
    }
  sw_shell_print (shell, redo ? _("redone\n") : _("undone\n"));
  return TRUE;
}

static gboolean
cmd_save (SwShell *shell, int argc, char **argv, GError **error)
{
  const char *path = argc == 2 ? argv[1] : shell->path;

  if (argc > 2)
    return usage (error, argv[0]);
  if (path == NULL)
    {
      g_set_error_literal (error, SW_ERROR, SW_ERROR_INVALID, _("the model has no file yet: save FILE.shaft"));
      return FALSE;
    }
  /* A temporary file beside it, renamed over it (sw-output-file.h). */
  if (!sw_model_save_to_file (shell->model, path, error))
    return FALSE;
  if (path != shell->path)
    {
      g_free (shell->path);
      shell->path = g_strdup (path);
      sw_model_set_display_name (shell->model, path);
    }
  sw_history_mark_saved (shell->history);
  sw_shell_print (shell, _("saved %s\n"), shell->path);
  return TRUE;
}

static gboolean
cmd_import (SwShell *shell, int argc, char **argv, GError **error)
{
  if (argc != 2)
    return usage (error, argv[0]);
  if (!g_str_has_suffix (argv[1], ".mo"))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("import reads a Modelica file (FILE.mo), not “%s”"), argv[1]);
      return FALSE;
    }
  if (!sw_shell_open (shell, argv[1], error))
    return FALSE;
  sw_shell_print (shell, _("imported %s: %u components (save FILE.shaft keeps it)\n"), argv[1],
                  sw_model_get_n_components (shell->model));
  return TRUE;
}

static gboolean
cmd_export (SwShell *shell, int argc, char **argv, GError **error)
{
  g_autofree char *text = NULL;
  SwOutputFile *output;

  if (argc > 2)
    return usage (error, argv[0]);
  if (!(text = sw_modelica_export (shell->model, error)))
    return FALSE;
  if (argc == 1)
    {
      g_string_append (shell->out, text);
      return TRUE;
    }
  /* As `export -o`: a device or a FIFO is written to, not renamed over. */
  if (!(output = sw_output_file_open (argv[1], NULL, SW_OUTPUT_FILE_DEFAULT, error)))
    return FALSE;
  if (!sw_output_file_write (output, text, strlen (text), error))
    {
      sw_output_file_abort (output);
      return FALSE;
    }
  if (!sw_output_file_commit (output, error))
    return FALSE;
  sw_shell_print (shell, _("exported %s\n"), argv[1]);
  return TRUE;
}

/* ---- results ------------------------------------------------------------ */

/* The results, brought up to date; after a failed run the last good ones,
 * with a note saying why they are stale. FALSE when there are none. */
static gboolean
need_results (SwShell *shell, GError **error)
{
  g_autoptr (GError) local = NULL;

  if (sw_shell_update_results (shell, &local))
    return TRUE;
  if (shell->trajectory == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  sw_shell_print (shell, _("STALE: the model does not run (%s); these are the last good results\n"), local->message);
  return TRUE;
}

static gboolean
cmd_run (SwShell *shell, int argc, char **argv, GError **error)
{
  const SwTrajectory *tr;
  guint rows;

  if (argc != 1)
    return usage (error, argv[0]);
  shell->dirty = TRUE;
  if (!sw_shell_update_results (shell, error))
    {
      if (shell->trajectory != NULL)
        {
          g_autoptr (GError) e = g_steal_pointer (error);

          g_set_error (error, SW_ERROR, e->code, _("%s (the last good results are kept, marked stale)"), e->message);
        }
      return FALSE;
    }
  tr = shell->trajectory;
  rows = sw_trajectory_get_n_rows (tr);
  sw_shell_print (shell, _("ran to t = %g s: %u rows, %u variables, %u events\n"),
                  rows > 0 ? sw_trajectory_get_times (tr)[rows - 1] : 0.0, rows, sw_trajectory_get_n_columns (tr),
                  shell->events->len);
  return TRUE;
}

/* "id.w, id.phi, …": the columns whose name starts as prefix does, or a
 * few of all. */
static char *
dup_some_columns (const SwTrajectory *tr, const char *name)
{
  const char *dot = strchr (name, '.');
  g_autofree char *prefix = dot != NULL ? g_strndup (name, dot - name + 1) : g_strdup ("");
  GString *s = g_string_new (NULL);
  guint n = 0;

  for (guint c = 0; c < sw_trajectory_get_n_columns (tr) && n < 12; c++)
    if (g_str_has_prefix (sw_trajectory_get_column_name (tr, c), prefix))
      g_string_append_printf (s, "%s%s", n++ > 0 ? ", " : "", sw_trajectory_get_column_name (tr, c));
  if (n == 0)
    for (guint c = 0; c < sw_trajectory_get_n_columns (tr) && n < 12; c++)
      g_string_append_printf (s, "%s%s", n++ > 0 ? ", " : "", sw_trajectory_get_column_name (tr, c));
  return g_string_free (s, FALSE);
}

/* The plotted variables that the results hold, as columns. */
guint
sw_shell_get_plot_columns (SwShell *shell, guint *cols)
{
  guint n = 0;

  for (guint k = 0; shell->plot_vars[k] != NULL && n < SW_SHELL_MAX_PLOT; k++)
    {
      int c = sw_trajectory_find_column (shell->trajectory, shell->plot_vars[k]);

      if (c >= 0)
        cols[n++] = c;
    }
  return n;
}

void
sw_shell_append_plot (SwShell *shell)
{
  guint cols[SW_SHELL_MAX_PLOT];
  guint n = sw_shell_get_plot_columns (shell, cols);
  SwShellPlotStyle style = { shell->plot_width, shell->plot_height, shell->unicode, shell->color, FALSE };

  if (n == 0)
    {
      sw_shell_print (shell, _("(nothing to plot: plot ID.VAR …)\n"));
      return;
    }
  sw_shell_plot_append (shell->out, shell->trajectory, cols, n, &style, shell->stale);
}

static gboolean
cmd_plot (SwShell *shell, int argc, char **argv, GError **error)
{
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();
  guint n = 0;
  int first = 1;

  if (argc >= 2 && (g_str_equal (argv[1], "--ascii") || g_str_equal (argv[1], "--braille")))
    {
      shell->unicode = g_str_equal (argv[1], "--braille");
      first = 2;
    }
  if (!need_results (shell, error))
    return FALSE;
  for (int k = first; k < argc; k++)
    {
      if (strpbrk (argv[k], "*?") != NULL)
        {
          /* A pattern ('*.w'), as simulate's --variables takes. */
          guint matched = 0;

          for (guint c = 0; c < sw_trajectory_get_n_columns (shell->trajectory); c++)
            if (g_pattern_match_simple (argv[k], sw_trajectory_get_column_name (shell->trajectory, c)))
              {
                if (++n > SW_SHELL_MAX_PLOT)
                  {
                    g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                                 _("%s: more than %d variables; a plot draws 1 to %d"), argv[k], SW_SHELL_MAX_PLOT,
                                 SW_SHELL_MAX_PLOT);
                    return FALSE;
                  }
                g_strv_builder_add (b, sw_trajectory_get_column_name (shell->trajectory, c));
                matched++;
              }
          if (matched == 0)
            {
              g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER, _("no variable matches “%s”"), argv[k]);
              return FALSE;
            }
          continue;
        }
      if (sw_trajectory_find_column (shell->trajectory, argv[k]) < 0)
        {
          g_autofree char *some = dup_some_columns (shell->trajectory, argv[k]);

          g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER, _("no variable “%s”; valid: %s, …"), argv[k],
                       some);
          return FALSE;
        }
      if (++n > SW_SHELL_MAX_PLOT)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("a plot draws 1 to %d variables"), SW_SHELL_MAX_PLOT);
          return FALSE;
        }
      g_strv_builder_add (b, argv[k]);
    }
  if (n > 0)
    {
      g_strfreev (shell->plot_vars);
      shell->plot_vars = g_strv_builder_end (b);
    }
  sw_shell_append_plot (shell);
  return TRUE;
}

static gboolean
cmd_modes (SwShell *shell, int argc, char **argv, GError **error)
{
  guint64 k = 0;

  if (argc > 2)
    return usage (error, argv[0]);
  if (!need_results (shell, error))
    return FALSE;
  if (shell->modes == NULL)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("no modes: %s"), shell->modes_error);
      return FALSE;
    }
  if (argc == 1)
    {
      sw_shell_modes_append (shell->out, shell->modes, shell->unicode, shell->stale);
      return TRUE;
    }
  if (!g_ascii_string_to_unsigned (argv[1], 10, 1, sw_modes_get_n_modes (shell->modes), &k, NULL))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("no mode “%s”; valid: 1 to %u"), argv[1],
                   sw_modes_get_n_modes (shell->modes));
      return FALSE;
    }
  if (shell->stale)
    sw_shell_print (shell, _("STALE: the model changed or failed to run; these are the last good modes\n"));
  sw_shell_mode_append (shell->out, shell->modes, (guint) k - 1, shell->unicode);
  return TRUE;
}

static gboolean
cmd_events (SwShell *shell, int argc, char **argv, GError **error)
{
  if (argc != 1)
    return usage (error, argv[0]);
  if (!need_results (shell, error))
    return FALSE;
  if (shell->events->len == 0)
    sw_shell_print (shell, _("no events: no friction element or contact changed its mode\n"));
  for (guint k = 0; k < shell->events->len; k++)
    {
      const SwEventLogEntry *e = &g_array_index (shell->events, SwEventLogEntry, k);
      g_autofree char *line = sw_event_dup_line (e->t, e->id, e->old_mode, e->new_mode);

      sw_shell_print (shell, "%s\n", line);
    }
  return TRUE;
}

static gboolean
cmd_csv (SwShell *shell, int argc, char **argv, GError **error)
{
  if (argc != 2)
    return usage (error, argv[0]);
  if (!need_results (shell, error))
    return FALSE;
  if (!sw_trajectory_write_csv (shell->trajectory, argv[1], error))
    return FALSE;
  sw_shell_print (shell, _("wrote %s\n"), argv[1]);
  return TRUE;
}

/* ---- the session -------------------------------------------------------- */

static gboolean
cmd_tree (SwShell *shell, int argc, char **argv, GError **error)
{
  if (argc != 1)
    return usage (error, argv[0]);
  sw_shell_print (shell, "%s%s\n", sw_model_get_name (shell->model),
                  sw_history_get_modified (shell->history) ? _(" (modified)") : "");
  for (guint i = 0; i < sw_model_get_n_components (shell->model); i++)
    {
      const SwComponent *c = sw_model_get_component (shell->model, i);
      g_autofree char *key = NULL;

      if (c->kind->key_param != NULL)
        {
          int p = sw_kind_find_param (c->kind, c->kind->key_param);

          if (p >= 0)
            key = dup_param_text (c, p);
        }
      sw_shell_print (shell, "  %s %-14s %-24s %s%s%s\n", i + 1 < sw_model_get_n_components (shell->model) ? "├" : "└",
                      c->id, c->kind->name, key != NULL ? c->kind->key_param : "", key != NULL ? " = " : "",
                      key != NULL ? key : "");
    }
  return TRUE;
}

static gboolean
cmd_help (SwShell *shell, int argc, char **argv, GError **error)
{
  guint n;
  const SwShellCommand *all = sw_shell_get_commands (&n);

  if (argc == 2)
    {
      const SwShellCommand *c = sw_shell_find_command (argv[1]);

      if (c == NULL)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("no command “%s”; help lists them"), argv[1]);
          return FALSE;
        }
      sw_shell_print (shell, "%s %s\n  %s\n", c->name, c->args != NULL ? _(c->args) : "", _(c->help));
      return TRUE;
    }
  if (argc != 1)
    return usage (error, argv[0]);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *term = g_strdup_printf ("%s %s", all[i].name, all[i].args != NULL ? _(all[i].args) : "");
      g_autofree char *first = g_strdup (_(all[i].help));
      char *nl = strchr (first, '\n');

      if (nl != NULL)
        *nl = '\0';
      /* Padded by characters, not bytes ("VAR…"). */
      sw_shell_print (shell, "  %s", term);
      for (glong k = g_utf8_strlen (term, -1); k < 34; k++)
        g_string_append_c (shell->out, ' ');
      sw_shell_print (shell, " %s\n", first);
    }
  return TRUE;
}

static gboolean
cmd_set_option (SwShell *shell, int argc, char **argv, GError **error)
{
  if (argc == 1)
    {
      /* Translators: set-option's report; sixel is a name. */
      sw_shell_print (shell, _("sixel %s (%s)\n"), shell->sixel_off ? "off" : "on",
                      !shell->interactive ? _("not on a terminal: text plots")
                      : shell->sixel_supported ? _("the terminal shows sixel images")
                                               : _("the terminal did not say it shows sixel images: braille"));
      return TRUE;
    }
  if (argc != 3 || !g_str_equal (argv[1], "sixel") || !(g_str_equal (argv[2], "on") || g_str_equal (argv[2], "off")))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("usage: set-option sixel on|off (valid options: sixel; values: on, off)"));
      return FALSE;
    }
  shell->sixel_off = g_str_equal (argv[2], "off");
  if (!shell->sixel_off && shell->interactive && !shell->sixel_supported)
    sw_shell_print (shell, _("sixel on: but the terminal did not say it shows sixel images, so plots stay braille\n"));
  else
    sw_shell_print (shell, _("sixel %s\n"), argv[2]);
  return TRUE;
}

static gboolean
cmd_quit (SwShell *shell, int argc, char **argv, GError **error)
{
  /* Typed: unsaved edits are not dropped by one slip of the keyboard. */
  if (shell->interactive && shell->model != NULL && sw_history_get_modified (shell->history) && !shell->quit_asked)
    {
      shell->quit_asked = TRUE;
      g_set_error_literal (error, SW_ERROR, SW_ERROR_INVALID,
                           _("the model has unsaved edits: save (or save FILE), or quit again to drop them"));
      return FALSE;
    }
  shell->quit = TRUE;
  return TRUE;
}

static const SwShellCommand commands[] = {
  { "open", N_("FILE"), N_("open a model (.shaft, or a Modelica .mo)"), cmd_open },
  { "tree", NULL, N_("the components and their key parameters"), cmd_tree },
  { "get", N_("ID[.PARAM]"), N_("a parameter's value and unit, or all of a component's"), cmd_get },
  { "set", N_("ID.PARAM VALUE [UNIT]"),
    N_("set a parameter: set coupling.c 2e4 N.m/rad; set rotor.w0 1200 rpm; set clutch.fn_max 0.5\n"
       "  Units: the parameter's own (as written in files or as shown, N·m/rad), rpm for rad/s, deg for rad.\n"
       "  Initial values take “free”; simulation.stop_time, .output_interval and .tolerance set the run"),
    cmd_set },
  { "add", N_("KIND [ID]"), N_("add a component (shaftwork-cli list shows the kinds)"), cmd_add },
  { "connect", N_("ID.PORT ID.PORT"), N_("connect two ports"), cmd_connect },
  { "remove", N_("ID | ID.PORT ID.PORT"), N_("remove a component (with its connections) or a connection"),
    cmd_remove },
  { "undo", NULL, N_("take back the last edit"), cmd_undo },
  { "redo", NULL, N_("do the last undone edit again"), cmd_undo },
  { "save", N_("[FILE]"), N_("save the model (to its file, or FILE), through a temporary file"), cmd_save },
  { "import", N_("FILE.mo"), N_("open a Modelica model"), cmd_import },
  { "export", N_("[FILE.mo]"), N_("the model as Modelica (printed, or written to FILE.mo)"), cmd_export },
  { "run", NULL, N_("simulate the model now (commands that show results run it when it changed)"), cmd_run },
  { "plot", N_("[--ascii|--braille] [VAR…]"),
    N_("draw variables against time (plot hub1.w coupling.tau, or patterns: plot '*.w'); without VAR the "
       "last ones again"), cmd_plot },
  { "modes", N_("[N]"), N_("natural frequencies with the most excitable section and its share of the energy; "
                            "modes N: mode N's shape and energy of every body and section"), cmd_modes },
  { "frf", N_("OPTION…"), N_("frequency response, as shaftwork-cli frf (--input ID --output ID.VAR): a Bode plot, or -o FILE"),
    sw_shell_cmd_analysis },
  { "campbell", N_("OPTION…"), N_("Campbell diagram, as shaftwork-cli campbell (--shaft ID)"), sw_shell_cmd_analysis },
  { "forced", N_("OPTION…"),
    N_("forced response, as shaftwork-cli forced (--speed-range N0:N1 --excite ID=ORDER:AMPLITUDE): the "
       "sections' vibratory torque against speed and the most loaded one, or -o FILE"), sw_shell_cmd_analysis },
  { "study", N_("OPTION…"),
    N_("parameter study, as shaftwork-cli study (--vary ID.PARAM=SPEC --outputs LIST): its table, or -o FILE"),
    sw_shell_cmd_analysis },
  { "events", NULL, N_("the event log of the last run (friction mode changes)"), cmd_events },
  { "csv", N_("FILE"), N_("write the last run's trajectories as CSV (as shaftwork-cli simulate)"), cmd_csv },
  { "set-option", N_("[sixel on|off]"),
    N_("plots as sixel images on a terminal that says it shows them (on, the default), or braille (off); "
       "without arguments the options as they are. SHAFTWORK_SIXEL=0 in the environment: never ask the terminal"),
    cmd_set_option },
  { "help", N_("[CMD]"), N_("the commands, or one command's help"), cmd_help },
  { "quit", NULL, N_("end the session"), cmd_quit },
};

const SwShellCommand *
sw_shell_get_commands (guint *n)
{
  *n = G_N_ELEMENTS (commands);
  return commands;
}

const SwShellCommand *
sw_shell_find_command (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (commands[i].name, name))
      return &commands[i];
  if (g_str_equal (name, "exit"))
    return sw_shell_find_command ("quit");
  return NULL;
}
