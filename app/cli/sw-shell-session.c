/* sw-shell-session.c: the session of shaftwork-cli shell: its model and
 * history, its results (run when a command needs them, the last good ones
 * kept when a run fails), and carrying out one command line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "sw-shell-private.h"
#include "sw-error.h"
#include "sw-event-log.h"
#include "sw-modelica.h"
#include "sw-simulate.h"

void
sw_shell_print (SwShell *shell, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  g_string_append_vprintf (shell->out, format, ap);
  va_end (ap);
}

void
sw_shell_init (SwShell *shell)
{
  *shell = (SwShell) { 0 };
  shell->out = g_string_new (NULL);
  shell->plot_vars = g_new0 (char *, 1);
  shell->plot_width = 78;
  shell->plot_height = 16;
  shell->unicode = g_get_charset (NULL);
}

static void
clear_results (SwShell *shell)
{
  g_clear_pointer (&shell->trajectory, sw_trajectory_unref);
  g_clear_pointer (&shell->modes, sw_modes_unref);
  g_clear_pointer (&shell->events, g_array_unref);
  g_clear_pointer (&shell->modes_error, g_free);
  g_clear_pointer (&shell->stale_reason, g_free);
  shell->stale = FALSE;
  shell->dirty = TRUE;
}

static void
clear_model (SwShell *shell)
{
  if (shell->model != NULL)
    g_signal_handlers_disconnect_by_data (shell->model, shell);
  g_clear_object (&shell->history);
  g_clear_object (&shell->model);
  g_clear_pointer (&shell->path, g_free);
  clear_results (shell);
}

void
sw_shell_clear (SwShell *shell)
{
  clear_model (shell);
  g_strfreev (shell->plot_vars);
  g_string_free (shell->out, TRUE);
}

static void
model_changed (SwModel *model, gpointer data)
{
  SwShell *shell = data;

  shell->dirty = TRUE;
  if (shell->trajectory != NULL)
    shell->stale = TRUE;
}

/* Plotted by default: every inertia's and mass's speed, as `plot` draws. */
static void
choose_default_plot (SwShell *shell)
{
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();
  guint n = 0;

  for (guint i = 0; i < sw_model_get_n_components (shell->model) && n < SW_SHELL_MAX_PLOT; i++)
    {
      const SwComponent *c = sw_model_get_component (shell->model, i);
      const char *var = g_str_equal (c->kind->name, "rotational.inertia") ? "w"
                        : g_str_equal (c->kind->name, "translational.mass") ? "v" : NULL;

      if (var != NULL)
        {
          g_autofree char *name = g_strdup_printf ("%s.%s", c->id, var);

          g_strv_builder_add (b, name);
          n++;
        }
    }
  g_strfreev (shell->plot_vars);
  shell->plot_vars = g_strv_builder_end (b);
}

gboolean
sw_shell_open (SwShell *shell, const char *path, GError **error)
{
  SwModel *model = g_str_has_suffix (path, ".mo") ? sw_modelica_import_file (path, error)
                                                  : sw_model_new_from_file (path, error);

  if (model == NULL)
    return FALSE;
  if (sw_model_get_name (model) == NULL || *sw_model_get_name (model) == '\0')
    {
      g_autofree char *base = g_path_get_basename (path);
      char *dot = strrchr (base, '.');

      if (dot != NULL && dot != base)
        *dot = '\0';
      sw_model_set_name (model, base);
    }
  clear_model (shell);
  shell->model = model;
  shell->history = sw_history_new (model);
  /* A Modelica model is saved as a new .shaft file, never over the .mo. */
  shell->path = g_str_has_suffix (path, ".mo") ? NULL : g_strdup (path);
  g_signal_connect (model, "changed", G_CALLBACK (model_changed), shell);
  choose_default_plot (shell);
  return TRUE;
}

static void
log_event (double t, const char *id, int old_mode, int new_mode, gpointer data)
{
  sw_event_log_append (data, t, id, old_mode, new_mode);
}

struct _SwShellRun {
  SwSystem     *system;
  SwTrajectory *trajectory;
  GArray       *events;
  SwModes      *modes;
  char         *modes_error;
  GError       *error;
};

void
sw_shell_run_free (SwShellRun *run)
{
  g_clear_pointer (&run->system, sw_system_unref);
  g_clear_pointer (&run->trajectory, sw_trajectory_unref);
  g_clear_pointer (&run->events, g_array_unref);
  g_clear_pointer (&run->modes, sw_modes_unref);
  g_free (run->modes_error);
  g_clear_error (&run->error);
  g_free (run);
}

SwShellRun *
sw_shell_run_new (SwShell *shell)
{
  SwShellRun *run = g_new0 (SwShellRun, 1);

  g_return_val_if_fail (shell->model != NULL, NULL);
  /* The results will be of the model as it is now. */
  shell->dirty = FALSE;
  run->system = sw_model_assemble (shell->model, &run->error);
  return run;
}

void
sw_shell_run_compute (SwShellRun *run, GCancellable *cancellable)
{
  g_autoptr (GArray) events = NULL;
  g_autoptr (GError) modes_error = NULL;
  SwSimulateOptions o;
  SwModesOptions mo = sw_modes_options_default ();

  if (run->system == NULL)
    return;   /* it did not assemble: run->error says why */
  o = sw_simulate_options_from_system (run->system);
  events = sw_event_log_new ();
  o.on_mode_change = log_event;
  o.on_mode_change_data = events;
  if (!sw_simulate_check (run->system, &o, &run->error)
      || !(run->trajectory = sw_simulate (run->system, &o, NULL, NULL, cancellable, &run->error)))
    return;
  run->events = g_steal_pointer (&events);
  /* The modes as `modal` computes them: at t = 0, every mode. */
  mo.keep_values = FALSE;
  if (!(run->modes = sw_modes_compute_with_options (run->system, 0, NULL, &mo, &modes_error)))
    run->modes_error = g_strdup (modes_error->message);
}

gboolean
sw_shell_run_apply (SwShell *shell, SwShellRun *run, GError **error)
{
  gboolean dirty = shell->dirty;

  if (run->error != NULL)
    {
      /* The last good results stay, marked stale, with the reason. */
      g_clear_pointer (&shell->stale_reason, g_free);
      shell->stale = shell->trajectory != NULL;
      shell->stale_reason = g_strdup (run->error->message);
      g_propagate_error (error, g_steal_pointer (&run->error));
      return FALSE;
    }
  clear_results (shell);
  shell->dirty = dirty;
  shell->stale = dirty;
  shell->trajectory = g_steal_pointer (&run->trajectory);
  shell->events = g_steal_pointer (&run->events);
  shell->modes = g_steal_pointer (&run->modes);
  shell->modes_error = g_steal_pointer (&run->modes_error);
  return TRUE;
}

gboolean
sw_shell_update_results (SwShell *shell, GError **error)
{
  SwShellRun *run;
  gboolean ok;

  if (shell->model == NULL)
    {
      g_set_error_literal (error, SW_ERROR, SW_ERROR_INVALID, _("no model is open; open FILE.shaft first"));
      return FALSE;
    }
  if (!shell->dirty)
    {
      if (shell->stale_reason != NULL)
        {
          g_set_error_literal (error, SW_ERROR, SW_ERROR_INVALID, shell->stale_reason);
          return FALSE;
        }
      return TRUE;
    }
  run = sw_shell_run_new (shell);
  sw_shell_run_compute (run, NULL);
  ok = sw_shell_run_apply (shell, run, error);
  sw_shell_run_free (run);
  return ok;
}

/* A message names what was typed or read: its control characters (an
 * escape sequence would recolour or retitle the terminal) are shown as
 * \xNN, and past 4 kB it is cut (a name of a megabyte was echoed whole,
 * twice: hos26). Newlines and tabs stay. */
static char *
dup_printable_message (const char *message)
{
  GString *out = g_string_new (NULL);

  for (const char *p = message; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      if ((c & 0xc0) != 0x80 && out->len >= 4096)
        {
          g_string_append (out, "…");
          break;
        }
      if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
        g_string_append_printf (out, "\\x%02x", c);
      else if (c == 0xc2 && (guchar) p[1] >= 0x80 && (guchar) p[1] <= 0x9f)   /* U+0080 … U+009F */
        g_string_append_printf (out, "\\u%04x", (guchar) *++p);
      else
        g_string_append_c (out, (char) c);
    }
  return g_string_free (out, FALSE);
}

gboolean
sw_shell_execute (SwShell *shell, const char *line)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) words = sw_shell_split_line (line, &error);
  g_autofree char *printable = NULL;
  const SwShellCommand *command;

  if (words == NULL)
    goto failed;
  if (words[0] == NULL)
    return TRUE;
  if (!(command = sw_shell_find_command (words[0])))
    {
      g_autoptr (GString) names = g_string_new (NULL);
      guint n;
      const SwShellCommand *all = sw_shell_get_commands (&n);

      for (guint i = 0; i < n; i++)
        g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", all[i].name);
      g_set_error (&error, SW_ERROR, SW_ERROR_INVALID, _("unknown command “%s”; valid: %s (help CMD tells more)"),
                   words[0], names->str);
      goto failed;
    }
  if (shell->model == NULL && command->func != NULL
      && !g_str_equal (command->name, "open") && !g_str_equal (command->name, "import")
      && !g_str_equal (command->name, "help") && !g_str_equal (command->name, "quit"))
    {
      g_set_error (&error, SW_ERROR, SW_ERROR_INVALID, _("%s: no model is open; open FILE.shaft (or import FILE.mo) "
                                                         "first"), command->name);
      goto failed;
    }
  if (!g_str_equal (command->name, "quit"))
    shell->quit_asked = FALSE;
  if (command->func (shell, g_strv_length (words), words, &error))
    return TRUE;

failed:
  shell->n_failed++;
  printable = dup_printable_message (error->message);
  sw_shell_print (shell, _("error: %s\n"), printable);
  return FALSE;
}

