/* sw-shell-screen.c: shaftwork-cli shell on a terminal.
 *
 * The screen is drawn with plain VT100 escapes and redrawn whole after
 * every command (a terminal of 80 × 24 is 2 000 cells: nothing to gain by
 * tracking changes), as sw-shell-layout.c composes it: a title line, the
 * page (plot, modes or text), the message and readline's prompt on the last
 * line. PgUp/PgDn scroll a long text page, and show a message cut to
 * "… more" whole. Before the screen is taken, the terminal is asked whether
 * it shows sixel images (sw-shell-sixel.c; never with SHAFTWORK_SIXEL=0,
 * NO_COLOR or TERM=dumb, never when not on a terminal). An edit
 * runs the model again in a worker thread (GTask, as Live in the window: a
 * snapshot taken on this thread, the next edit cancels the run) while the
 * prompt stays live (readline's callback interface in a GLib main loop);
 * the plot or the modes page is drawn again when it ends.
 *
 * Colour when the terminal has it (not with NO_COLOR, TERM=dumb or a TERM
 * that does not name a colour terminal); with TERM=dumb no escapes at all:
 * a prompt and plain text, line by line.
 *
 * Readline gives the editing, the history (kept in
 * $XDG_STATE_HOME/shaftwork/history, by default
 * ~/.local/state/shaftwork/history) and completion of commands, ids,
 * ID.PARAM, kinds and variable names.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <readline/readline.h>
#include <readline/history.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <glib-unix.h>

#include "sw-cli-private.h"
#include "sw-shell-private.h"

/* Readline's completion has no user data: the session it completes in. */
static SwShell *completing;

static gboolean
terminal_has_color (void)
{
  const char *term = g_getenv ("TERM");

  if (g_getenv ("NO_COLOR") != NULL && g_getenv ("NO_COLOR")[0] != '\0')
    return FALSE;
  if (term == NULL || g_str_equal (term, "dumb"))
    return FALSE;
  return g_getenv ("COLORTERM") != NULL || strstr (term, "color") != NULL || g_str_has_prefix (term, "xterm")
         || g_str_has_prefix (term, "screen") || g_str_has_prefix (term, "tmux") || g_str_has_prefix (term, "rxvt")
         || g_str_equal (term, "linux");
}

static void
terminal_size (guint *width, guint *height)
{
  struct winsize ws;

  *width = 80, *height = 24;
  if (ioctl (STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0)
    *width = ws.ws_col, *height = ws.ws_row;
}

static char *
history_path (void)
{
  const char *state = g_getenv ("XDG_STATE_HOME");

  if (state != NULL && g_path_is_absolute (state))
    return g_build_filename (state, "shaftwork", "history", NULL);
  return g_build_filename (g_get_home_dir (), ".local", "state", "shaftwork", "history", NULL);
}

/* ---- completion ---------------------------------------------------------- */

static GPtrArray *candidates;

static char *
next_candidate (const char *text, int state)
{
  static guint index;

  if (state == 0)
    index = 0;
  while (candidates != NULL && index < candidates->len)
    {
      const char *c = candidates->pdata[index++];

      if (g_str_has_prefix (c, text))
        return strdup (c);
    }
  return NULL;
}

static void
add_candidate (const char *text)
{
  g_ptr_array_add (candidates, g_strdup (text));
}

static char **
complete (const char *text, int start, int end)
{
  SwShell *shell = completing;
  g_autofree char *first = NULL;
  char *space;

  g_clear_pointer (&candidates, g_ptr_array_unref);
  candidates = g_ptr_array_new_with_free_func (g_free);
  first = g_strndup (rl_line_buffer, start);
  g_strchug (first);
  if ((space = strchr (first, ' ')) != NULL)
    *space = '\0';
  if (first[0] == '\0')
    {
      guint n;
      const SwShellCommand *all = sw_shell_get_commands (&n);

      for (guint i = 0; i < n; i++)
        add_candidate (all[i].name);
    }
  else if (g_str_equal (first, "open") || g_str_equal (first, "save") || g_str_equal (first, "import")
           || g_str_equal (first, "export") || g_str_equal (first, "csv"))
    return NULL;   /* file names: readline's own */
  else if (g_str_equal (first, "help"))
    {
      guint n;
      const SwShellCommand *all = sw_shell_get_commands (&n);

      for (guint i = 0; i < n; i++)
        add_candidate (all[i].name);
    }
  else if (g_str_equal (first, "add"))
    {
      guint n;
      const SwKind *const *kinds = sw_catalog_get_kinds (&n);

      for (guint i = 0; i < n; i++)
        add_candidate (kinds[i]->name);
    }
  else if (g_str_equal (first, "plot") && shell->trajectory != NULL)
    for (guint c = 0; c < sw_trajectory_get_n_columns (shell->trajectory); c++)
      add_candidate (sw_trajectory_get_column_name (shell->trajectory, c));
  else if (shell->model != NULL)
    {
      /* ids, then ID.PARAM (set, get) or ID.PORT (connect, remove). */
      gboolean ports = g_str_equal (first, "connect") || g_str_equal (first, "remove");

      for (guint i = 0; i < sw_model_get_n_components (shell->model); i++)
        {
          const SwComponent *c = sw_model_get_component (shell->model, i);

          if (strchr (text, '.') == NULL)
            {
              g_autofree char *with_dot = g_strconcat (c->id, ".", NULL);

              add_candidate (g_str_equal (first, "remove") || g_str_equal (first, "get") ? c->id : with_dot);
            }
          else if (ports)
            for (guint p = 0; p < c->kind->n_ports; p++)
              {
                g_autofree char *name = g_strdup_printf ("%s.%s", c->id, c->kind->ports[p].name);
                add_candidate (name);
              }
          else
            for (guint p = 0; p < c->kind->n_params; p++)
              {
                g_autofree char *name = g_strdup_printf ("%s.%s", c->id, c->kind->params[p].name);
                add_candidate (name);
              }
        }
      if (g_str_equal (first, "set") && strchr (text, '.') == NULL)
        add_candidate ("simulation.");
      else if (g_str_equal (first, "set"))
        {
          add_candidate ("simulation.stop_time");
          add_candidate ("simulation.output_interval");
          add_candidate ("simulation.tolerance");
        }
    }
  /* An id completed up to its dot waits for the parameter. */
  rl_completion_append_character = candidates->len > 0 && g_str_has_suffix (candidates->pdata[0], ".") ? '\0' : ' ';
  rl_attempted_completion_over = 1;
  return rl_completion_matches (text, next_candidate);
}

/* ---- the session ---------------------------------------------------------- */

static gboolean
is_edit (const char *name)
{
  static const char *const edits[] = { "set", "add", "connect", "remove", "undo", "redo", "open", "import", "run" };

  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    if (g_str_equal (name, edits[i]))
      return TRUE;
  return FALSE;
}

/* TERM=dumb: a prompt and plain text, line by line. */
static int
run_line_mode (SwShell *shell)
{
  char *line;

  while (!shell->quit && (line = readline ("shaftwork> ")) != NULL)
    {
      if (line[0] != '\0')
        add_history (line);
      sw_shell_execute (shell, line);
      fputs (shell->out->str, stdout);
      g_string_truncate (shell->out, 0);
      free (line);
    }
  return EXIT_OK;
}

/* The full screen: what it shows, and the run going on in a worker. */
typedef struct {
  SwShell      *shell;
  GMainLoop    *loop;
  SwShellView   view;      /* its page_text and message are owned here */
  char         *page_text, *message;
  GCancellable *job;       /* the current run's; NULL when none runs */
} Screen;

/* Readline's line handler has no user data either. */
static Screen *screen_now;
/* Runs started and not yet returned: the session waits for them to end. */
static guint runs_in_flight;

static void
screen_redraw (Screen *s)
{
  g_autoptr (GString) screen = g_string_new (NULL);
  guint width, height;

  terminal_size (&width, &height);
  s->view.page_text = s->page_text;
  s->view.message = s->message;
  sw_shell_layout_compose (s->shell, &s->view, width, height, screen);
  fwrite (screen->str, 1, screen->len, stdout);
  fflush (stdout);
}

static void
set_message (Screen *s, char *message, gboolean failed)
{
  g_free (s->message);
  s->message = message;
  s->view.failed = failed;
}

/* A text page of its own, from its first line. */
static void
set_text_page (Screen *s, char *text)
{
  g_free (s->page_text);
  s->page_text = text;
  s->view.page = SW_SHELL_PAGE_TEXT;
  s->view.scroll = 0;
}

static void
run_in_worker (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  sw_shell_run_compute (data, cancellable);
  g_task_return_boolean (task, TRUE);
}

static void
run_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Screen *s = screen_now;
  SwShellRun *run = g_task_get_task_data (G_TASK (result));
  GCancellable *job = g_task_get_cancellable (G_TASK (result));
  g_autoptr (GError) error = NULL;

  runs_in_flight--;
  /* Only the current job's results count (a later edit cancelled this
   * one); the screen may be gone when the session ended meanwhile. */
  if (s == NULL || job != s->job)
    return;
  g_clear_object (&s->job);
  /* The reason first: the message line is cut to the width. */
  if (!sw_shell_run_apply (s->shell, run, &error))
    set_message (s, g_strdup_printf (_("Stale, the last good results are kept: %s"), error->message), TRUE);
  screen_redraw (s);
  /* The line being typed comes back under the new screen. */
  rl_forced_update_display ();
}

/* As Live in the window: the model runs in a worker after every edit (a
 * new edit cancels the run before); the plot or the modes page is drawn
 * again when it ends. */
static void
start_run (Screen *s)
{
  g_autoptr (GTask) task = NULL;

  if (s->job != NULL)
    g_cancellable_cancel (s->job);
  g_clear_object (&s->job);
  if (s->shell->model == NULL)
    return;
  s->job = g_cancellable_new ();
  task = g_task_new (NULL, s->job, run_done, NULL);
  g_task_set_task_data (task, sw_shell_run_new (s->shell), (GDestroyNotify) sw_shell_run_free);
  runs_in_flight++;
  g_task_run_in_thread (task, run_in_worker);
}

static void
handle_line (char *line)
{
  Screen *s = screen_now;
  SwShell *shell = s->shell;
  g_auto (GStrv) words = NULL;
  const char *name;
  gboolean ok;

  if (line == NULL)
    {
      /* Ctrl+D ends the session as quit does. */
      shell->quit = TRUE;
      g_main_loop_quit (s->loop);
      return;
    }
  words = sw_shell_split_line (line, NULL);
  name = words != NULL && words[0] != NULL ? words[0] : "";
  if (line[0] != '\0')
    add_history (line);
  ok = sw_shell_execute (shell, line);
  free (line);
  if (ok && g_str_equal (name, "plot"))
    {
      s->view.page = SW_SHELL_PAGE_PLOT;
      set_message (s, g_strdup (shell->stale ? _("Plot (stale: the model changed or does not run)") : ""), FALSE);
    }
  else if (ok && g_str_equal (name, "modes") && words[1] == NULL)
    {
      s->view.page = SW_SHELL_PAGE_MODES;
      set_message (s, g_strdup (""), FALSE);
    }
  else if (ok && is_edit (name))
    {
      char *nl = strchr (shell->out->str, '\n');

      set_message (s, nl != NULL ? g_strndup (shell->out->str, nl - shell->out->str) : g_strdup (shell->out->str),
                   FALSE);
      if (s->view.page == SW_SHELL_PAGE_TEXT)
        s->view.page = SW_SHELL_PAGE_PLOT;
      if (shell->dirty)
        start_run (s);
    }
  else if (ok && shell->out->len > 0 && strchr (shell->out->str, '\n') != strrchr (shell->out->str, '\n'))
    {
      set_text_page (s, g_strdup (shell->out->str));
      set_message (s, g_strdup (""), FALSE);
    }
  else
    {
      /* One line (or an error): the message line. */
      set_message (s, g_strchomp (g_strdup (shell->out->str)), !ok);
    }
  g_string_truncate (shell->out, 0);
  screen_redraw (s);
  if (shell->quit)
    g_main_loop_quit (s->loop);
}

/* PgDn: a message cut to "… more" shown whole as a page; else the text
 * page a page further. PgUp: a page back. */
static int
page_down (int count, int key)
{
  Screen *s = screen_now;

  if (s->view.more)
    {
      set_text_page (s, g_strdup (s->message));
      set_message (s, g_strdup (_("The whole message is shown above; PgUp/PgDn scroll it.")), s->view.failed);
    }
  else if (s->view.page == SW_SHELL_PAGE_TEXT)
    s->view.scroll += MAX (s->view.page_rows, 1);
  screen_redraw (s);
  rl_forced_update_display ();
  return 0;
}

static int
page_up (int count, int key)
{
  Screen *s = screen_now;

  if (s->view.page == SW_SHELL_PAGE_TEXT)
    s->view.scroll -= MIN (s->view.scroll, MAX (s->view.page_rows, 1));
  screen_redraw (s);
  rl_forced_update_display ();
  return 0;
}

static gboolean
stdin_ready (int fd, GIOCondition condition, gpointer data)
{
  rl_callback_read_char ();
  return G_SOURCE_CONTINUE;
}

/* The terminal changed size: everything is laid out again. */
static gboolean
terminal_resized (gpointer data)
{
  Screen *s = data;

  rl_resize_terminal ();
  screen_redraw (s);
  rl_forced_update_display ();
  return G_SOURCE_CONTINUE;
}

static void
run_full_screen (SwShell *shell)
{
  Screen s = { shell, g_main_loop_new (NULL, FALSE), { SW_SHELL_PAGE_PLOT } };
  guint watch, resize;

  screen_now = &s;
  /* The alternate screen, given back on the way out. */
  fputs ("\033[?1049h\033[H\033[2J", stdout);
  if (shell->model != NULL)
    {
      g_autoptr (GError) error = NULL;

      if (!sw_shell_update_results (shell, &error))
        set_message (&s, g_strdup (error->message), TRUE);
      else
        set_message (&s, g_strdup (_("Type help for the commands; Tab completes; quit ends.")), FALSE);
    }
  else
    set_message (&s, g_strdup (_("open FILE.shaft to begin; help lists the commands.")), FALSE);
  screen_redraw (&s);
  /* SIGWINCH comes through the main loop, not readline's handler. */
  rl_catch_sigwinch = 0;
  rl_callback_handler_install ("> ", handle_line);
  rl_bind_keyseq ("\033[6~", page_down);
  rl_bind_keyseq ("\033[5~", page_up);
  watch = g_unix_fd_add (STDIN_FILENO, G_IO_IN | G_IO_HUP | G_IO_ERR, stdin_ready, NULL);
  resize = g_unix_signal_add (SIGWINCH, terminal_resized, &s);
  g_main_loop_run (s.loop);
  g_source_remove (watch);
  g_source_remove (resize);
  rl_callback_handler_remove ();
  if (s.job != NULL)
    g_cancellable_cancel (s.job);
  g_clear_object (&s.job);
  screen_now = NULL;
  /* A run still going ends (cancelled) before the session does. */
  while (runs_in_flight > 0)
    g_main_context_iteration (NULL, TRUE);
  fputs ("\033[?1049l", stdout);
  fflush (stdout);
  g_main_loop_unref (s.loop);
  g_free (s.page_text);
  g_free (s.message);
}

/* Whether the terminal shows sixel images, asked (DA1) unless told not to
 * (SHAFTWORK_SIXEL=0, NO_COLOR); the size of its cells in pixels as it
 * says, else as the kernel knows it, else unknown (the layout then takes
 * 6 × 12, small enough never to run over the prompt). */
static void
ask_for_sixel (SwShell *shell)
{
  const char *env = g_getenv ("SHAFTWORK_SIXEL");
  const char *no_color = g_getenv ("NO_COLOR");
  SwShellTerminal terminal;
  struct winsize ws;

  shell->sixel_supported = FALSE;
  if ((env != NULL && (g_str_equal (env, "0") || g_ascii_strcasecmp (env, "off") == 0
                       || g_ascii_strcasecmp (env, "no") == 0))
      || (no_color != NULL && no_color[0] != '\0'))
    return;
  /* 150 ms: a terminal answers within a few over SSH; one that never
   * answers (a plain serial line) costs no more at the start. */
  if (!sw_shell_terminal_query (STDIN_FILENO, STDOUT_FILENO, 150, &terminal))
    return;
  shell->sixel_supported = terminal.sixel;
  shell->cell_width_px = terminal.cell_width_px;
  shell->cell_height_px = terminal.cell_height_px;
  shell->dark_background = terminal.background_known && terminal.background_dark;
  if (shell->cell_width_px == 0 && ioctl (STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0
      && ws.ws_xpixel >= ws.ws_col * 4 && ws.ws_ypixel >= ws.ws_row * 4)
    {
      shell->cell_width_px = ws.ws_xpixel / ws.ws_col;
      shell->cell_height_px = ws.ws_ypixel / ws.ws_row;
    }
}

int
sw_shell_run_interactive (SwShell *shell)
{
  g_autofree char *history = history_path ();
  g_autofree char *history_dir = g_path_get_dirname (history);
  const char *term = g_getenv ("TERM");

  completing = shell;
  rl_readline_name = "shaftwork";
  rl_attempted_completion_function = complete;
  using_history ();
  read_history (history);
  shell->interactive = TRUE;
  shell->color = terminal_has_color ();
  if (term == NULL || g_str_equal (term, "dumb"))
    run_line_mode (shell);
  else
    {
      ask_for_sixel (shell);
      run_full_screen (shell);
    }
  if (g_mkdir_with_parents (history_dir, 0700) == 0 && write_history (history) == 0)
    history_truncate_file (history, 1000);
  clear_history ();
  g_clear_pointer (&candidates, g_ptr_array_unref);
  completing = NULL;
  return EXIT_OK;   /* a typing session: errors were shown as they came */
}
