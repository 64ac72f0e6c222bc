/* test-cli-shell-pty.c: shaftwork-cli shell on a pseudo-terminal this test
 * opens (posix_openpt) and plays the terminal of, for what tmux cannot
 * show (it strips sixel): the shell asks (DA1, ESC [ c) and draws the plot
 * as a sixel image (ESC P … q … ESC \) of the plot pane's size when the
 * answer holds 4, braille when it does not or when no answer comes; it
 * never asks with NO_COLOR or SHAFTWORK_SIXEL=0; set-option sixel off goes
 * back to braille; piped, neither the question nor an image is written.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#include <glib.h>

#include "sw-test-files.h"
#include "test-cli-common.h"

typedef struct {
  int      master;
  pid_t    pid;
  GString *out;        /* everything the shell wrote */
  gsize    answered;   /* where the last DA1 question answered ends */
  const char *answer;  /* to DA1; NULL: never answers */
  char    *dir, *model;
} Pty;

/* Starts the shell on the example four-body model on an 80 × 24 pty, with
 * the environment's extra VAR=VALUE words (NULL-terminated). */
static void
pty_start_sized (Pty *p, const char *answer, const char *const *extra_env, gboolean pixels)
{
  /* The kernel's idea of the window in pixels: 10 × 20 a cell, or none. */
  struct winsize ws = { 24, 80, pixels ? 800 : 0, pixels ? 480 : 0 };
  g_auto (GStrv) env = g_get_environ ();
  g_autofree char *state = NULL;
  const char *slave_name;
  char *argv[4];

  *p = (Pty) { posix_openpt (O_RDWR | O_NOCTTY), -1, g_string_new (NULL), 0, answer };
  g_assert_cmpint (p->master, >=, 0);
  g_assert_cmpint (grantpt (p->master), ==, 0);
  g_assert_cmpint (unlockpt (p->master), ==, 0);
  slave_name = ptsname (p->master);
  g_assert_nonnull (slave_name);
  p->dir = g_dir_make_tmp ("shell-pty-XXXXXX", NULL);
  p->model = sw_test_copy_example (p->dir, "fourbody.shaft");
  state = g_build_filename (p->dir, "state", NULL);
  env = g_environ_setenv (env, "TERM", "xterm-256color", TRUE);
  env = g_environ_setenv (env, "LC_ALL", "C.UTF-8", TRUE);
  env = g_environ_setenv (env, "XDG_STATE_HOME", state, TRUE);
  env = g_environ_unsetenv (env, "NO_COLOR");
  env = g_environ_unsetenv (env, "SHAFTWORK_SIXEL");
  for (guint k = 0; extra_env != NULL && extra_env[k] != NULL; k++)
    {
      g_auto (GStrv) kv = g_strsplit (extra_env[k], "=", 2);

      env = g_environ_setenv (env, kv[0], kv[1], TRUE);
    }
  argv[0] = (char *) g_getenv ("SW_CLI");
  argv[1] = "shell";
  argv[2] = p->model;
  argv[3] = NULL;
  g_assert_nonnull (argv[0]);
  p->pid = fork ();
  g_assert_cmpint (p->pid, >=, 0);
  if (p->pid == 0)
    {
      /* The child: a session of its own with the pty as its terminal. */
      int slave;

      setsid ();
      slave = open (slave_name, O_RDWR);
      if (slave < 0)
        _exit (127);
      ioctl (slave, TIOCSCTTY, 0);
      ioctl (slave, TIOCSWINSZ, &ws);
      dup2 (slave, 0), dup2 (slave, 1), dup2 (slave, 2);
      if (slave > 2)
        close (slave);
      alarm (120);   /* a session a failed test leaves behind ends by itself */
      execve (argv[0], argv, env);
      _exit (127);
    }
}

static void
pty_start (Pty *p, const char *answer, const char *const *extra_env)
{
  pty_start_sized (p, answer, extra_env, TRUE);
}

/* Reads what the shell writes, answering its DA1 questions, until the text
 * written after from holds what (or up to 20 s: a loaded machine). */
static gboolean
pty_wait_for (Pty *p, gsize from, const char *what)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  for (;;)
    {
      struct pollfd pfd = { p->master, POLLIN, 0 };
      char buf[4096];
      const char *asked;
      ssize_t got;

      if (p->out->len > from && g_strstr_len (p->out->str + from, p->out->len - from, what) != NULL)
        return TRUE;
      if (g_get_monotonic_time () > deadline)
        return FALSE;
      if (poll (&pfd, 1, 100) <= 0)
        continue;
      got = read (p->master, buf, sizeof buf);
      if (got <= 0)
        return FALSE;   /* the shell ended */
      g_string_append_len (p->out, buf, got);
      asked = g_strstr_len (p->out->str + p->answered, p->out->len - p->answered, "\033[c");
      if (asked != NULL)
        {
          p->answered = asked + 3 - p->out->str;
          if (p->answer != NULL)
            g_assert_cmpint (write (p->master, p->answer, strlen (p->answer)), ==, (ssize_t) strlen (p->answer));
        }
    }
}

static void
pty_type (Pty *p, const char *line)
{
  g_autofree char *with_return = g_strconcat (line, "\r", NULL);

  g_assert_cmpint (write (p->master, with_return, strlen (with_return)), ==, (ssize_t) strlen (with_return));
}

/* quit, and the shell has ended with status 0. */
static void
pty_stop (Pty *p)
{
  int status = 0;

  pty_type (p, "quit");
  pty_wait_for (p, p->out->len, "\033[?1049l");
  for (int i = 0; i < 200 && waitpid (p->pid, &status, WNOHANG) == 0; i++)
    {
      char buf[4096];

      /* Drain, so that the shell is never blocked writing. */
      if (read (p->master, buf, sizeof buf) < 0)
        g_usleep (50000);
      if (i == 199)
        {
          kill (p->pid, SIGKILL);
          waitpid (p->pid, &status, 0);
          g_error ("the shell did not end after quit");
        }
    }
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  close (p->master);
  sw_test_remove_tree (p->dir);
  g_free (p->dir);
  g_free (p->model);
  g_string_free (p->out, TRUE);
}

/* Whether the text holds a braille character (U+2801 … U+28FF: the plot's
 * dots; U+2800 is an empty cell). */
static gboolean
has_braille (const char *text, gsize len)
{
  for (gsize i = 0; i + 2 < len; i++)
    if ((guchar) text[i] == 0xe2 && ((guchar) text[i + 1] & 0xfc) == 0xa0 && !((guchar) text[i + 1] == 0xa0
                                                                            && (guchar) text[i + 2] == 0x80))
      return TRUE;
  return FALSE;
}

/* The sixel image in text from: ESC P, parameters, q, "1;1;W;H, …, ESC \. */
static gboolean
find_sixel (const char *text, gsize len, guint *width, guint *height)
{
  const char *dcs = g_strstr_len (text, len, "\033P");
  const char *q, *st;

  if (dcs == NULL)
    return FALSE;
  q = dcs + 2;
  while (q < text + len && (g_ascii_isdigit (*q) || *q == ';'))
    q++;
  g_assert_cmpint (*q, ==, 'q');
  st = g_strstr_len (q, text + len - q, "\033\\");
  g_assert_nonnull (st);
  g_assert_cmpint (sscanf (q + 1, "\"1;1;%u;%u", width, height), ==, 2);
  return TRUE;
}

static void
test_sixel (void)
{
  static const char *const env[] = { NULL };
  Pty p;
  guint w = 0, h = 0;
  gsize mark;

  /* xterm -ti vt340's answer, after the cell size (10 × 20 pixels). */
  pty_start (&p, "\033[6;20;10t\033[?63;1;2;4;6;9;15;22c", env);
  g_assert_true (pty_wait_for (&p, 0, "\033\\\0338"));
  /* Asked before the screen was taken, for the cell size and the
   * background first. */
  g_assert_true (g_str_has_prefix (p.out->str, "\033[16t\033]11;?\033\\\033[c"));
  g_assert_true (find_sixel (p.out->str, p.out->len, &w, &h));
  /* No background said: the light page (colour register 0, the first
   * pixel's, white). */
  g_assert_nonnull (g_strstr_len (p.out->str, p.out->len, "\"1;1;530;420#0;2;100;100;100#"));
  /* The plot pane at 80 × 24: 80 less the tree's 26 and its border, 53
   * cells of 10 px; 24 rows less the title, the message and the prompt,
   * 21 of 20 px. */
  g_assert_cmpuint (w, ==, 530);
  g_assert_cmpuint (h, ==, 420);
  /* The curves are the image's: no braille drawn under it. */
  g_assert_false (has_braille (p.out->str, p.out->len));
  /* An edit: drawn again when its run ends, an image again. */
  mark = p.out->len;
  pty_type (&p, "set coupling.c 5e3 N.m/rad");
  g_assert_true (pty_wait_for (&p, mark, "coupling.c = 5000"));
  g_assert_true (pty_wait_for (&p, mark, "\033P0;1;0q"));
  /* set-option sixel off: braille from then on. */
  pty_type (&p, "set-option sixel off");
  g_assert_true (pty_wait_for (&p, p.out->len, "sixel off"));
  mark = p.out->len;
  pty_type (&p, "plot");
  g_assert_true (pty_wait_for (&p, mark, "time [s]"));
  g_assert_true (has_braille (p.out->str + mark, p.out->len - mark));
  g_assert_null (g_strstr_len (p.out->str + mark, p.out->len - mark, "\033P"));
  pty_type (&p, "save");
  g_assert_true (pty_wait_for (&p, mark, "saved"));
  pty_stop (&p);
}

/* A terminal whose background is dark (OSC 11's answer) gets the plot on
 * the dark palette's page (#1e1e1e, 12 %), a light one on white. */
static void
check_background (const char *answer, const char *page)
{
  static const char *const env[] = { NULL };
  g_autofree char *want = g_strdup_printf ("\"1;1;530;420#0;2;%s#", page);
  Pty p;

  pty_start (&p, answer, env);
  g_assert_true (pty_wait_for (&p, 0, "\033\\\0338"));
  g_assert_true (pty_wait_for (&p, 0, want));
  pty_stop (&p);
}

static void
test_sixel_background (void)
{
  check_background ("\033[6;20;10t\033]11;rgb:1e1e/1e1e/1e1e\033\\\033[?62;4c", "12;12;12");
  check_background ("\033[6;20;10t\033]11;rgb:ffff/ffff/dddd\a\033[?62;4c", "100;100;100");
}

/* A terminal that says it shows sixel but not its cell size: the kernel's
 * window size in pixels gives it, else a small one (6 × 12) is taken, so
 * that the image never runs over the prompt. */
static void
check_cell_size (gboolean kernel_knows, guint width, guint height)
{
  static const char *const env[] = { NULL };
  Pty p;
  guint w = 0, h = 0;

  pty_start_sized (&p, "\033[?62;4;22c", env, kernel_knows);
  g_assert_true (pty_wait_for (&p, 0, "\033\\\0338"));
  g_assert_true (find_sixel (p.out->str, p.out->len, &w, &h));
  g_assert_cmpuint (w, ==, width);
  g_assert_cmpuint (h, ==, height);
  pty_stop (&p);
}

static void
test_cell_size (void)
{
  check_cell_size (TRUE, 530, 420);
  check_cell_size (FALSE, 53 * 6, 21 * 12);
}

/* A terminal that answers without 4, and one that never answers: braille,
 * no image. */
static void
check_braille (const char *answer)
{
  static const char *const env[] = { NULL };
  Pty p;

  pty_start (&p, answer, env);
  g_assert_true (pty_wait_for (&p, 0, "time [s]"));
  g_assert_true (pty_wait_for (&p, 0, "Type help"));
  g_assert_true (g_str_has_prefix (p.out->str, "\033[16t\033]11;?\033\\\033[c"));
  g_assert_true (has_braille (p.out->str, p.out->len));
  g_assert_null (g_strstr_len (p.out->str, p.out->len, "\033P"));
  pty_stop (&p);
}

static void
test_no_sixel (void)
{
  check_braille ("\033[?1;2c");   /* xterm's default answer */
}

static void
test_no_answer (void)
{
  check_braille (NULL);
}

/* Told not to: the terminal is never asked, and would have said 4. */
static void
check_not_asked (const char *setting)
{
  const char *const env[] = { setting, NULL };
  Pty p;

  pty_start (&p, "\033[?62;4c", env);
  g_assert_true (pty_wait_for (&p, 0, "time [s]"));
  g_assert_true (pty_wait_for (&p, 0, "Type help"));
  g_assert_null (g_strstr_len (p.out->str, p.out->len, "\033[c"));
  g_assert_null (g_strstr_len (p.out->str, p.out->len, "\033P"));
  g_assert_true (has_braille (p.out->str, p.out->len));
  pty_stop (&p);
}

static void
test_not_asked (void)
{
  check_not_asked ("NO_COLOR=1");
  check_not_asked ("SHAFTWORK_SIXEL=0");
}

/* Piped: plain text, never a question nor an image. */
static void
test_piped (void)
{
  g_autofree char *dir = g_dir_make_tmp ("shell-pty-XXXXXX", NULL);
  g_autofree char *model = sw_test_copy_example (dir, "fourbody.shaft");
  g_auto (Run) r = { 0 };

  cli_with_input (&r, "set-option\nset-option sixel on\nplot\n", "shell", model, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "time [s]"));
  g_assert_nonnull (strstr (r.out, "not on a terminal"));
  g_assert_null (strchr (r.out, '\033'));
  run_clear (&r);
  /* A bad option says what is valid; the session goes on. */
  cli_with_input (&r, "set-option sixel maybe\nset-option colour on\nplot\n", "shell", model, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "<stdin>:1: error: usage: set-option sixel on|off (valid options: sixel; values: on, off)"));
  g_assert_nonnull (strstr (r.err, "<stdin>:2: error: usage: set-option"));
  g_assert_nonnull (strstr (r.out, "time [s]"));
  sw_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/shell-pty/sixel", test_sixel);
  g_test_add_func ("/cli/shell-pty/sixel-background", test_sixel_background);
  g_test_add_func ("/cli/shell-pty/cell-size", test_cell_size);
  g_test_add_func ("/cli/shell-pty/no-sixel", test_no_sixel);
  g_test_add_func ("/cli/shell-pty/no-answer", test_no_answer);
  g_test_add_func ("/cli/shell-pty/not-asked", test_not_asked);
  g_test_add_func ("/cli/shell-pty/piped", test_piped);
  return g_test_run ();
}
