/* test-cli-shell-tty.c: shaftwork-cli shell typed into a terminal of
 * 80 × 24 (tmux: new-session, send-keys, capture-pane): open an example,
 * set a parameter, see the plot redraw and the modes change (against
 * `modal` of the edited file), undo, save; history kept; in colour, and
 * without (NO_COLOR); long text (help, an error of 50 lines) read whole
 * with PgUp/PgDn.
 *
 * Needs tmux: without it the test fails under CI and skips elsewhere.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "sw-model.h"
#include "sw-test-files.h"
#include "test-cli-common.h"

typedef struct {
  char *socket;   /* tmux -L: a server of this test's own */
  char *dir;      /* the model and the history live here */
  char *model;
} Tty;

static char *
tmux (Tty *t, gboolean escapes, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  /* Our own server even when the tests run inside a tmux. */
  g_auto (GStrv) env = g_environ_unsetenv (g_get_environ (), "TMUX");
  char *out = NULL;
  const char *arg;
  int status = 0;
  va_list ap;

  g_ptr_array_add (argv, "tmux");
  g_ptr_array_add (argv, "-L");
  g_ptr_array_add (argv, t->socket);
  va_start (ap, escapes);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (char *) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                &out, NULL, &status, &error);
  g_assert_no_error (error);
  (void) escapes;
  return out;
}

static char *
capture (Tty *t, gboolean escapes)
{
  return escapes ? tmux (t, TRUE, "capture-pane", "-p", "-e", "-t", "s", NULL)
                 : tmux (t, FALSE, "capture-pane", "-p", "-t", "s", NULL);
}

/* The screen once it shows text (up to 20 s: a loaded machine). */
static char *
wait_for (Tty *t, const char *text)
{
  for (int i = 0; i < 400; i++)
    {
      char *screen = capture (t, FALSE);

      if (strstr (screen, text) != NULL)
        return screen;
      g_free (screen);
      g_usleep (50000);
    }
  {
    g_autofree char *screen = capture (t, FALSE);

    g_error ("the screen never showed “%s”:\n%s", text, screen);
  }
  return NULL;
}

static void
type (Tty *t, const char *line)
{
  g_free (tmux (t, FALSE, "send-keys", "-t", "s", "-l", line, NULL));
  g_free (tmux (t, FALSE, "send-keys", "-t", "s", "Enter", NULL));
}

static gboolean
have_tmux (void)
{
  g_autofree char *path = g_find_program_in_path ("tmux");

  if (path != NULL)
    return TRUE;
  if (g_getenv ("CI") != NULL)
    g_error ("tmux is missing (.ci/run installs it)");
  g_test_skip ("tmux is not installed");
  return FALSE;
}

static void
tty_start (Tty *t, gboolean color)
{
  g_autofree char *state = NULL, *command = NULL;

  t->socket = g_strdup_printf ("sw-shell-test-%d-%d", (int) getpid (), color);
  t->dir = g_dir_make_tmp ("shell-tty-XXXXXX", NULL);
  t->model = sw_test_copy_example (t->dir, "fourbody.shaft");
  state = g_build_filename (t->dir, "state", NULL);
  /* timeout: a session a failed test leaves behind ends by itself. */
  command = g_strdup_printf ("timeout 300 env %s LC_ALL=C.UTF-8 XDG_STATE_HOME='%s' TERM=%s '%s' shell '%s'",
                             color ? "-u NO_COLOR" : "NO_COLOR=1", state, color ? "xterm-256color" : "xterm",
                             g_getenv ("SW_CLI"), t->model);
  g_free (tmux (t, FALSE, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", "-s", "s", command, NULL));
  g_free (wait_for (t, "Type help"));
}

static void
tty_stop (Tty *t)
{
  g_free (tmux (t, FALSE, "kill-server", NULL));
  sw_test_remove_tree (t->dir);
  g_free (t->socket);
  g_free (t->dir);
  g_free (t->model);
}

/* The second mode's frequency as `modal` prints it for the model with
 * coupling.c = c. */
static char *
modal_second_frequency (Tty *t, double c)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) m = sw_model_new_from_file (t->model, &error);
  g_autofree char *path = g_build_filename (t->dir, "modal.shaft", NULL);
  g_auto (Run) r = { 0 };
  const char *line;

  g_assert_no_error (error);
  g_assert_true (sw_model_set_param (m, sw_model_find_component (m, "coupling"), "c", c, &error));
  g_assert_true (sw_model_save_to_file (m, path, &error));
  cli (&r, "modal", path, NULL);
  g_assert_cmpint (r.status, ==, 0);
  line = strstr (r.out, "\n    2 ");
  g_assert_nonnull (line);
  {
    g_auto (GStrv) words = g_strsplit_set (line + 1, " ", -1);

    for (guint k = 0, n = 0; words[k] != NULL; k++)
      if (words[k][0] != '\0' && ++n == 2)
        return g_strdup (words[k]);
  }
  g_assert_not_reached ();
  return NULL;
}

/* Any SGR colour (30–37, 38, 90–97, 40–47, 48, 100–107) in text with
 * escapes. */
static gboolean
has_color (const char *text)
{
  for (const char *p = strstr (text, "\033["); p != NULL; p = strstr (p + 1, "\033["))
    {
      const char *end = p + 2;

      while (*end != '\0' && (g_ascii_isdigit (*end) || *end == ';'))
        end++;
      if (*end != 'm')
        continue;
      {
        g_autofree char *params = g_strndup (p + 2, end - p - 2);
        g_auto (GStrv) codes = g_strsplit (params, ";", -1);

        for (guint k = 0; codes[k] != NULL; k++)
          {
            int v = atoi (codes[k]);

            if ((v >= 30 && v <= 38) || (v >= 40 && v <= 48) || (v >= 90 && v <= 97) || (v >= 100 && v <= 107))
              return TRUE;
          }
      }
    }
  return FALSE;
}

/* The plot's part of the screen: right of the tree's border. */
static char *
plot_part (const char *screen)
{
  GString *s = g_string_new (NULL);
  g_auto (GStrv) lines = g_strsplit (screen, "\n", -1);

  for (guint i = 1; lines[i] != NULL && i < 21; i++)
    {
      const char *bar = strstr (lines[i], "│");

      if (bar != NULL)
        g_string_append_printf (s, "%s\n", bar);
    }
  return g_string_free (s, FALSE);
}

static void
test_session (void)
{
  Tty t = { 0 };
  g_autofree char *before = NULL, *after = NULL, *modes = NULL, *undone = NULL, *colored = NULL;
  g_autofree char *f_edit = NULL, *f_orig = NULL, *history = NULL, *hist_path = NULL;
  g_autofree char *plot_before = NULL, *plot_after = NULL;
  g_autoptr (SwModel) saved = NULL;
  g_autoptr (GError) error = NULL;

  if (!have_tmux ())
    return;
  tty_start (&t, TRUE);
  before = wait_for (&t, "time [s]");
  /* The tree beside the plot, at 80 × 24. */
  g_assert_nonnull (strstr (before, "coupling 2000 N·m/rad"));
  g_assert_nonnull (strstr (before, "Shaftwork shell — fourbody"));
  colored = capture (&t, TRUE);
  g_assert_true (has_color (colored));

  f_edit = modal_second_frequency (&t, 5e3);
  f_orig = modal_second_frequency (&t, 2e3);
  g_assert_cmpstr (f_edit, !=, f_orig);

  type (&t, "set coupling.c 5e3 N.m/rad");
  after = wait_for (&t, "coupling.c = 5000 N·m/rad");
  g_assert_nonnull (strstr (after, "coupling 5000 N·m/rad"));
  g_assert_nonnull (strstr (after, "(modified)"));
  /* The plot is drawn again when the run in the background ends. */
  plot_before = plot_part (before);
  for (int i = 0; i < 400; i++)
    {
      g_free (after);
      g_free (plot_after);
      after = capture (&t, FALSE);
      plot_after = plot_part (after);
      if (strcmp (plot_before, plot_after) != 0 && strstr (after, "STALE") == NULL)
        break;
      g_usleep (50000);
    }
  g_assert_cmpstr (plot_before, !=, plot_after);
  g_assert_null (strstr (after, "STALE"));

  type (&t, "modes");
  modes = wait_for (&t, f_edit);
  g_assert_nonnull (strstr (modes, "rigid-body mode"));

  /* Undo: the modes page shows the original model's modes. */
  type (&t, "undo");
  g_free (wait_for (&t, "undone"));
  undone = wait_for (&t, f_orig);
  g_assert_null (strstr (undone, f_edit));

  type (&t, "save");
  g_free (wait_for (&t, "saved"));
  saved = sw_model_new_from_file (t.model, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (sw_model_get_component (saved, sw_model_find_component (saved, "coupling"))->param[0], ==, 2e3);

  /* Tab completes ids (and commands): "get coupl" becomes "get coupling ". */
  g_free (tmux (&t, FALSE, "send-keys", "-t", "s", "-l", "get coupl", NULL));
  g_free (tmux (&t, FALSE, "send-keys", "-t", "s", "Tab", NULL));
  g_free (wait_for (&t, "> get coupling"));
  g_free (tmux (&t, FALSE, "send-keys", "-t", "s", "Enter", NULL));
  g_free (wait_for (&t, "phi_rel_start"));

  /* quit: the history is kept for the next session. */
  type (&t, "quit");
  hist_path = g_build_filename (t.dir, "state", "shaftwork", "history", NULL);
  for (int i = 0; i < 200 && !g_file_test (hist_path, G_FILE_TEST_EXISTS); i++)
    g_usleep (50000);
  g_assert_true (g_file_get_contents (hist_path, &history, NULL, NULL));
  g_assert_nonnull (strstr (history, "set coupling.c 5e3 N.m/rad\nmodes\nundo\nsave\nget coupling \n"));
  tty_stop (&t);
}

static void
test_monochrome (void)
{
  Tty t = { 0 };
  g_autofree char *screen = NULL, *escaped = NULL, *after = NULL, *after_escaped = NULL, *hist_path = NULL;
  g_autofree char *stale = NULL;

  if (!have_tmux ())
    return;
  tty_start (&t, FALSE);
  screen = wait_for (&t, "time [s]");
  escaped = capture (&t, TRUE);
  g_assert_false (has_color (escaped));
  /* Without colour the curves are told apart by their numbers. */
  g_assert_nonnull (strstr (screen, "1 rotor.w [rad/s]"));
  g_assert_nonnull (strstr (screen, "2 hub1.w [rad/s]"));
  /* Every line fits 80 columns, the prompt on the last. */
  {
    g_auto (GStrv) lines = g_strsplit (screen, "\n", -1);

    g_assert_cmpuint (g_strv_length (lines), >=, 24);
    for (guint i = 0; lines[i] != NULL; i++)
      g_assert_cmpint (g_utf8_strlen (lines[i], -1), <=, 80);
    g_assert_true (g_str_has_prefix (lines[23], ">"));
  }
  /* A model that does not run keeps its last plot, marked stale, and
   * says why; undo brings it back fresh. */
  type (&t, "set simulation.output_interval 1e-12");
  stale = wait_for (&t, "Stale, the last good results are kept: the run would keep");
  g_assert_nonnull (strstr (stale, "STALE"));
  g_assert_nonnull (strstr (stale, "time [s]"));
  type (&t, "undo");
  g_free (wait_for (&t, "undone"));
  for (int i = 0; i < 400; i++)
    {
      g_free (stale);
      stale = capture (&t, FALSE);
      if (strstr (stale, "STALE") == NULL)
        break;
      g_usleep (50000);
    }
  g_assert_null (strstr (stale, "STALE"));

  /* A larger terminal: the screen is laid out again at once, wider. */
  g_free (tmux (&t, FALSE, "resize-window", "-t", "s", "-x", "120", "-y", "40", NULL));
  {
    glong widest = 0;

    for (int i = 0; i < 200 && widest <= 80; i++)
      {
        g_autofree char *now = capture (&t, FALSE);
        g_auto (GStrv) lines = g_strsplit (now, "\n", -1);

        for (guint k = 0; lines[k] != NULL; k++)
          if (strstr (lines[k], "│") != NULL)
            widest = MAX (widest, g_utf8_strlen (g_strchomp (lines[k]), -1));
        if (widest <= 80)
          g_usleep (50000);
      }
    g_assert_cmpint (widest, >, 80);
  }
  type (&t, "set nobody.c 1");
  after = wait_for (&t, "no component “nobody”");
  after_escaped = capture (&t, TRUE);
  g_assert_false (has_color (after_escaped));
  /* Unsaved edits: the first quit is refused and says why, the second
   * ends the session (which writes the history on its way out). */
  type (&t, "set shaft.c 4e4");
  g_free (wait_for (&t, "shaft.c = 40000"));
  type (&t, "quit");
  g_free (wait_for (&t, "unsaved edits"));
  hist_path = g_build_filename (t.dir, "state", "shaftwork", "history", NULL);
  g_assert_false (g_file_test (hist_path, G_FILE_TEST_EXISTS));
  type (&t, "quit");
  for (int i = 0; i < 200 && !g_file_test (hist_path, G_FILE_TEST_EXISTS); i++)
    g_usleep (50000);
  g_assert_true (g_file_test (hist_path, G_FILE_TEST_EXISTS));
  tty_stop (&t);
}

/* The screen's lines fit 80 columns, 24 of them, the prompt on the last. */
static void
assert_fits_80x24 (const char *screen)
{
  g_auto (GStrv) lines = g_strsplit (screen, "\n", -1);

  g_assert_cmpuint (g_strv_length (lines), >=, 24);
  for (guint i = 0; lines[i] != NULL; i++)
    g_assert_cmpint (g_utf8_strlen (lines[i], -1), <=, 80);
  g_assert_true (g_str_has_prefix (lines[23], ">"));
}

/* Presses PgDn until the screen shows text (at most 10 times). */
static char *
page_down_to (Tty *t, const char *text)
{
  for (int k = 0; k < 10; k++)
    {
      char *screen;

      g_free (tmux (t, FALSE, "send-keys", "-t", "s", "NPage", NULL));
      g_usleep (100000);
      screen = capture (t, FALSE);
      if (strstr (screen, text) != NULL)
        return screen;
      g_free (screen);
    }
  return wait_for (t, text);
}

/* Long text at 80 × 24 is readable whole: help's page scrolls (PgUp/PgDn,
 * a foot line says where it is), and a long error takes up to half the
 * screen, ends in "… more" and PgDn shows it all as a page. */
static void
test_long_messages (void)
{
  Tty t = { 0 };
  g_autofree char *help = NULL, *end = NULL, *back = NULL, *error = NULL, *whole = NULL, *last = NULL;

  if (!have_tmux ())
    return;
  tty_start (&t, FALSE);
  type (&t, "help");
  help = wait_for (&t, "PgUp/PgDn scroll");
  assert_fits_80x24 (help);
  g_assert_nonnull (strstr (help, "── lines 1–"));
  g_assert_nonnull (strstr (help, "open FILE"));
  g_assert_null (strstr (help, "end the session"));
  /* A line longer than the screen continues under its text column. */
  g_assert_nonnull (strstr (help, "  set ID.PARAM VALUE [UNIT]          set a parameter:"));
  g_assert_nonnull (strstr (help, "\n                                     N.m/rad;"));
  end = page_down_to (&t, "end the session");
  assert_fits_80x24 (end);
  g_assert_null (strstr (end, "open FILE"));
  for (int k = 0; k < 10 && back == NULL; k++)
    {
      g_free (tmux (&t, FALSE, "send-keys", "-t", "s", "PPage", NULL));
      g_usleep (100000);
      back = capture (&t, FALSE);
      if (strstr (back, "── lines 1–") == NULL)
        g_clear_pointer (&back, g_free);
    }
  g_assert_nonnull (back);
  g_assert_nonnull (strstr (back, "open FILE"));

  /* An error of some 50 lines (the usage of study): its start on the
   * screen, then "… more"; PgDn shows it whole, to its last option. */
  type (&t, "study --vary x");
  error = wait_for (&t, "… more: PgDn shows the whole message");
  assert_fits_80x24 (error);
  g_assert_nonnull (strstr (error, "error: shaftwork-cli: no --outputs"));
  g_assert_null (strstr (error, "--submit"));
  g_free (tmux (&t, FALSE, "send-keys", "-t", "s", "NPage", NULL));
  whole = wait_for (&t, "The whole message is shown above");
  assert_fits_80x24 (whole);
  g_assert_nonnull (strstr (whole, "no --outputs: name what to keep"));
  last = page_down_to (&t, "--submit");
  assert_fits_80x24 (last);
  g_assert_nonnull (strstr (last, "With --slurm: submit the jobs with sbatch"));
  tty_stop (&t);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/shell-tty/session", test_session);
  g_test_add_func ("/cli/shell-tty/monochrome-80x24", test_monochrome);
  g_test_add_func ("/cli/shell-tty/long-messages-80x24", test_long_messages);
  return g_test_run ();
}
