/* test-cli-common.c: what the tests of shaftwork-cli (test-cli-*.c) share:
 * running it as a user runs it (English or German), its output and exit
 * status, temporary models.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE  /* posix_openpt(), ptsname() */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <glib.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "sw-kind.h"
#include "sw-test-files.h"
#include "test-cli-common.h"

void
run_clear (Run *r)
{
  g_free (r->out);
  g_free (r->err);
}

char **
run_environ (gboolean german)
{
  char **env = g_get_environ ();

  env = g_environ_setenv (env, "LC_ALL", "C.UTF-8", TRUE);
  env = g_environ_unsetenv (env, "LANGUAGE");
  env = g_environ_unsetenv (env, "SW_LOCALEDIR");
  if (german)
    {
      /* The catalogues of this build: meson compiles po/de.po to
       * BUILD/po/de/LC_MESSAGES/shaftwork.mo, and the CLI is BUILD/app/shaftwork-cli;
       * SW_LOCALEDIR makes the CLI read them instead of the installed ones. glibc's
       * gettext honours LANGUAGE in every locale but "C", so C.UTF-8 suffices and
       * no German locale needs to be generated. */
      g_autofree char *app_dir = g_path_get_dirname (g_getenv ("SW_CLI"));
      g_autofree char *build_dir = g_path_get_dirname (app_dir);
      g_autofree char *locale_dir = g_build_filename (build_dir, "po", NULL);

      env = g_environ_setenv (env, "LANGUAGE", "de", TRUE);
      env = g_environ_setenv (env, "SW_LOCALEDIR", locale_dir, TRUE);
    }
  return env;
}

void
cli_run (Run *r, gboolean german, va_list ap)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) env = run_environ (german);
  const char *arg;
  int wait_status;

  g_ptr_array_add (argv, (char *) g_getenv ("SW_CLI"));
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (char *) arg);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL, &r->out, &r->err,
                &wait_status, &error);
  g_assert_no_error (error);
  r->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : 128;
}

void
cli (Run *r, ...)
{
  va_list ap;

  va_start (ap, r);
  cli_run (r, FALSE, ap);
  va_end (ap);
}

char *
write_temp_model (const char *text)
{
  g_autoptr (GError) error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp ("cli-XXXXXX.shaft", &path, &error);

  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return path;
}

void
cli_with_input (Run *r, const char *input, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE
                                                                        | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) env = run_environ (FALSE);
  const char *arg;
  va_list ap;

  g_ptr_array_add (argv, (char *) g_getenv ("SW_CLI"));
  va_start (ap, input);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (char *) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  g_subprocess_launcher_set_environ (launcher, env);
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, input, NULL, &r->out, &r->err, &error);
  g_assert_no_error (error);
  r->status = g_subprocess_get_if_exited (process) ? g_subprocess_get_exit_status (process) : 128;
}
