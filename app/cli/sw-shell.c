/* sw-shell.c: shaftwork-cli shell: the command line, and the script mode
 * (commands from a file or a pipe, plain text out); on a terminal the
 * screen (sw-shell-screen.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "sw-cli-private.h"
#include "sw-shell-private.h"

/* Commands from a file or a pipe: output as plain text, errors on stderr
 * with the line they came from; the session goes on after an error. */
static int
run_script (SwShell *shell, FILE *in)
{
  char *line = NULL;
  size_t size = 0;
  guint number = 0;

  while (!shell->quit && getline (&line, &size, in) >= 0)
    {
      gboolean ok;

      number++;
      g_strchomp (line);
      ok = sw_shell_execute (shell, line);
      /* g_print: in the locale's character set where it is not UTF-8. */
      if (ok)
        g_print ("%s", shell->out->str);
      else
        {
          fflush (stdout);
          g_printerr ("%s:%u: %s", "<stdin>", number, shell->out->str);
        }
      g_string_truncate (shell->out, 0);
    }
  free (line);
  return shell->n_failed > 0 ? EXIT_MODEL : EXIT_OK;
}

int
sw_cli_shell (int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = g_option_context_new (N_("[MODEL]"));
  g_autoptr (GError) error = NULL;
  SwShell shell;
  int status;

  sw_cli_init_context (ctx, N_("A terminal workbench: open a model, set its parameters (with units), undo,\n"
                               "run it and see the curves, modes and events redrawn after every edit.\n"
                               "On a terminal it fills the screen; plots are sixel images where the\n"
                               "terminal says it shows them (SHAFTWORK_SIXEL=0: never ask; set-option\n"
                               "sixel off), braille elsewhere; PgUp/PgDn scroll long pages. From a file\n"
                               "or a pipe (shaftwork-cli shell MODEL < script) it reads one command a\n"
                               "line and prints plain text. “help” inside lists the commands."), NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return sw_cli_usage_error (ctx, error->message);
  if (argc > 2)
    return sw_cli_usage_error (ctx, _("more than one MODEL given"));
  sw_shell_init (&shell);
  if (argc == 2 && !sw_shell_open (&shell, argv[1], &error))
    {
      sw_shell_clear (&shell);
      return sw_cli_model_error (error);
    }
  if (isatty (STDIN_FILENO) && isatty (STDOUT_FILENO))
    status = sw_shell_run_interactive (&shell);
  else
    status = run_script (&shell, stdin);
  sw_shell_clear (&shell);
  return status;
}
