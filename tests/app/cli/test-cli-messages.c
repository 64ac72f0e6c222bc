/* test-cli-messages.c: shaftwork-cli's help and usage, and its messages in
 * German.
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
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "sw-kind.h"
#include "sw-test-files.h"
#include "test-cli-common.h"

/* The same in German. */
static void
cli_de (Run *r, ...)
{
  va_list ap;

  va_start (ap, r);
  cli_run (r, TRUE, ap);
  va_end (ap);
}

static void
test_help_and_usage (void)
{
  g_auto (Run) help = { 0 }, version = { 0 }, none = { 0 }, unknown = { 0 }, sub = { 0 }, bad = { 0 };
  g_auto (Run) typo = { 0 }, start = { 0 };

  cli (&help, "--help", NULL);
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "simulate"));
  g_assert_nonnull (strstr (help.out, "check"));
  cli (&version, "--version", NULL);
  g_assert_cmpint (version.status, ==, 0);
  g_assert_true (g_str_has_prefix (version.out, "shaftwork-cli "));
  cli (&none, NULL);
  g_assert_cmpint (none.status, ==, 2);
  cli (&unknown, "frobnicate", NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_nonnull (strstr (unknown.err, "frobnicate"));
  g_assert_null (strstr (unknown.err, "did you mean"));
  /* A misspelt command or its start: the closest command. */
  cli (&typo, "simulat", "x.shaft", NULL);
  g_assert_cmpint (typo.status, ==, 2);
  g_assert_nonnull (strstr (typo.err, "unknown command “simulat”; did you mean “simulate”?"));
  cli (&start, "camp", NULL);
  g_assert_nonnull (strstr (start.err, "did you mean “campbell”?"));
  cli (&sub, "simulate", "--help", NULL);
  g_assert_cmpint (sub.status, ==, 0);
  g_assert_nonnull (strstr (sub.out, "--stop-time"));
  cli (&bad, "simulate", "--no-such-option", "x.shaft", NULL);
  g_assert_cmpint (bad.status, ==, 2);
}

/* With LANGUAGE=de the people's text is German, the core's messages too
 * (once the CLI binds the text domain), and what programs read stays English:
 * the CSV header, the ok line of check, the “FILE:LINE:COL: error:” prefix,
 * the JSON keys and the Markdown catalogue. */
static void
test_german (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_autofree char *broken = write_temp_model (
      "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"broken\",\n"
      " \"components\": [\n"
      "  {\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": -1}}]}\n");
  g_autofree char *app_dir = g_path_get_dirname (g_getenv ("SW_CLI"));
  g_autofree char *mo = g_build_filename (app_dir, "..", "po", "de", "LC_MESSAGES", "shaftwork.mo", NULL);
  g_autofree char *catalogue_path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "data", "CATALOGUE.md", NULL);
  g_autofree char *catalogue = NULL;
  g_autofree char *prefix = NULL;
  g_auto (Run) help = { 0 }, sub = { 0 }, usage = { 0 }, bad = { 0 }, ok = { 0 }, csv = { 0 }, table = { 0 },
               json = { 0 }, markdown = { 0 }, list = { 0 };
  g_auto (GStrv) lines = NULL;
  locale_t c_utf8 = newlocale (LC_ALL_MASK, "C.UTF-8", (locale_t) 0);

  if (c_utf8 == (locale_t) 0)
    {
      g_test_skip ("no C.UTF-8 locale here: gettext ignores LANGUAGE in the C locale");
      g_unlink (broken);
      return;
    }
  freelocale (c_utf8);
  if (!g_file_test (mo, G_FILE_TEST_IS_REGULAR))
    g_test_message ("%s is missing: build everything (ninja -C BUILD) before the tests", mo);
  g_assert_true (g_file_test (mo, G_FILE_TEST_IS_REGULAR));

  cli_de (&help, "--help", NULL);
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "Aufruf: shaftwork-cli BEFEHL"));
  g_assert_nonnull (strstr (help.out, "Eigenfrequenzen"));
  g_assert_null (strstr (help.out, "Usage"));
  /* Option descriptions and their arguments, through the context's domain. */
  cli_de (&sub, "simulate", "--help", NULL);
  g_assert_cmpint (sub.status, ==, 0);
  g_assert_nonnull (strstr (sub.out, "--output=DATEI"));
  g_assert_nonnull (strstr (sub.out, "Endzeit in s"));
  g_assert_nonnull (strstr (sub.out, "MODELL simulieren"));
  cli_de (&usage, "check", NULL);
  g_assert_cmpint (usage.status, ==, 2);
  g_assert_nonnull (strstr (usage.err, "MODELL fehlt"));

  /* A message from core. */
  cli_de (&bad, "check", broken, NULL);
  g_assert_cmpint (bad.status, ==, 1);
  prefix = g_strdup_printf ("%s:3:", broken);
  g_assert_nonnull (strstr (bad.err, prefix));
  g_assert_nonnull (strstr (bad.err, ": error: Komponente"));
  g_assert_nonnull (strstr (bad.err, "liegt außerhalb des Bereichs; gültig: J >= 0"));

  cli_de (&ok, "check", model, NULL);
  g_assert_cmpint (ok.status, ==, 0);
  g_assert_cmpstr (ok.out, ==, "ok: 8 components, 9 connections, 2 degrees of freedom\n");
  cli_de (&csv, "simulate", model, "--variables", "inertia3.w,inertia2.w", "--stop-time", "0.1", NULL);
  g_assert_cmpint (csv.status, ==, 0);
  lines = g_strsplit (csv.out, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "time,inertia3.w,inertia2.w");
  g_assert_cmpstr (lines[1], ==, "0,0,0");

  cli_de (&table, "modal", model, NULL);
  g_assert_cmpint (table.status, ==, 0);
  g_assert_nonnull (strstr (table.out, "Dämpfungsgrad"));
  g_assert_nonnull (strstr (table.out, "12.1557"));
  cli_de (&json, "modal", model, "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  g_assert_nonnull (strstr (json.out, "\"most_excitable_section\" : \"spring\""));
  /* The event log's modes. */
  {
    g_autofree char *friction = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "tests", "data", "msl",
                                                  "Friction.shaft", NULL);
    g_auto (Run) events = { 0 };

    cli_de (&events, "simulate", friction, "--events", "--variables", "clutch.mode", NULL);
    g_assert_cmpint (events.status, ==, 0);
    g_assert_nonnull (strstr (events.err, " s  clutch: rückwärts → haftend\n"));
    g_assert_nonnull (strstr (events.err, " s  brake: frei → vorwärts\n"));
  }
  cli_de (&list, "list", NULL);
  g_assert_cmpint (list.status, ==, 0);
  g_assert_nonnull (strstr (list.out, "Anschlüsse:"));
  /* The window's soft hyphens (U+00AD) stay out of the terminal. */
  g_assert_nonnull (strstr (list.out, "Relativgeschwindigkeitssensor"));
  g_assert_null (strstr (list.out, "\u00AD"));
  cli_de (&markdown, "list", "--markdown", NULL);
  g_assert_cmpint (markdown.status, ==, 0);
  g_assert_true (g_file_get_contents (catalogue_path, &catalogue, NULL, NULL));
  g_assert_cmpstr (markdown.out, ==, catalogue);
  g_unlink (broken);
}

/* Observed variables: columns of simulate's CSV, all variables or by
 * name, computed from what they read whether recorded or not; check
 * lists them. j spins at 3 rad/s: twice = 6 on every row. */
static void
test_observed (void)
{
  g_autofree char *path = write_temp_model (
    "{\"format\": \"shaftwork-model\", \"version\": 1,\n"
    "  \"components\": [{\"id\": \"j\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1, \"w0\": 3}}],\n"
    "  \"simulation\": {\"stop_time\": 1, \"output_interval\": 0.25},\n"
    "  \"observed\": [{\"name\": \"twice\", \"expression\": \"2 * j.w\"}]\n"
    "}\n");
  g_auto (Run) all = { 0 }, named = { 0 }, checked = { 0 };
  g_auto (GStrv) lines = NULL;

  cli (&all, "simulate", path, NULL);
  g_assert_cmpint (all.status, ==, 0);
  lines = g_strsplit (all.out, "\n", -1);
  g_assert_true (g_str_has_suffix (lines[0], ",twice"));
  cli (&named, "simulate", path, "--variables", "twice", NULL);
  g_assert_cmpint (named.status, ==, 0);
  g_assert_cmpstr (named.out, ==, "time,twice\n0,6\n0.25,6\n0.5,6\n0.75,6\n1,6\n");
  cli (&checked, "check", path, NULL);
  g_assert_cmpint (checked.status, ==, 0);
  g_assert_nonnull (strstr (checked.out, "\nobserved: twice = 2 * j.w\n"));
  g_unlink (path);
}

/* A Modelica file of several models (a package of examples): --model
 * chooses one, by its name or path; without it the error lists them. */
static void
test_modelica_model (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "tests", "data", "modelica", "forms",
                                            "Examples-msl4.mo", NULL);
  g_autofree char *shaft = sw_test_example_path ("first.shaft");
  g_auto (Run) chosen = { 0 }, by_path = { 0 }, none = { 0 }, unknown = { 0 }, not_modelica = { 0 };

  cli (&chosen, "check", "--model", "First", path, NULL);
  g_assert_cmpint (chosen.status, ==, 0);
  g_assert_cmpstr (chosen.out, ==, "ok: 8 components, 9 connections, 2 degrees of freedom\n");
  cli (&by_path, "simulate", path, "--model", "Examples.Backlash", "--variables", "inertia1.phi", "--stop-time", "0.01", NULL);
  g_assert_cmpint (by_path.status, ==, 0);
  g_assert_true (g_str_has_prefix (by_path.out, "time,inertia1.phi\n0,1.5707963267948966\n"));
  cli (&none, "check", path, NULL);
  g_assert_cmpint (none.status, ==, 1);
  g_assert_nonnull (strstr (none.err, "error: the file holds 2 models; choose one by its name (--model NAME): "
                                      "Examples.First, Examples.Backlash\n"));
  cli (&unknown, "check", "--model", "Second", path, NULL);
  g_assert_cmpint (unknown.status, ==, 1);
  g_assert_nonnull (strstr (unknown.err, "error: the file has no model “Second”"));
  /* A .shaft file holds one model: --model there is a mistake, not ignored. */
  cli (&not_modelica, "check", "--model", "First", shaft, NULL);
  g_assert_cmpint (not_modelica.status, ==, 2);
  g_assert_nonnull (strstr (not_modelica.err, "--model chooses a model of a Modelica file (*.mo)"));
}

/* Messages quote a file's name, an option's value as given: an escape
 * sequence in them is shown as \x1b, not sent to the terminal (a file
 * named so recoloured or retitled it: hos26). */
static void
test_printable (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "a\033]0;title\007\302\233.shaft", NULL);
  g_autofree char *valid = write_temp_model ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": "
                                             "[{\"id\": \"j\", \"kind\": \"rotational.inertia\"}]}");
  g_auto (Run) bad = { 0 }, option = { 0 }, command = { 0 };

  g_assert_true (g_file_set_contents (path, "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": "
                                      "[{\"id\": \"j\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": -1}}]}",
                                      -1, NULL));
  cli (&bad, "check", path, NULL);
  g_assert_cmpint (bad.status, ==, 1);
  g_assert_nonnull (strstr (bad.err, "a\\x1b]0;title\\x07\\u009b.shaft:1:"));
  g_assert_nonnull (strstr (bad.err, "parameter “J” = -1"));
  cli (&option, "simulate", valid, "--variables", "j\033[31m.w", NULL);
  g_assert_cmpint (option.status, ==, 2);
  g_assert_nonnull (strstr (option.err, "j\\x1b[31m.w"));
  cli (&command, "\033[2J", NULL);
  g_assert_cmpint (command.status, ==, 2);
  g_assert_nonnull (strstr (command.err, "\\x1b[2J"));
  for (const Run *r = &bad; r != NULL; r = r == &bad ? &option : r == &option ? &command : NULL)
    {
      g_assert_null (strchr (r->err, '\033'));
      g_assert_null (strchr (r->err, '\007'));
      g_assert_null (strstr (r->err, "\302\233"));
    }
  sw_test_remove_tree (dir);
  g_unlink (valid);
}

/* In a German locale (made here with localedef: none need be installed)
 * every number has a decimal point, as in the CSV and the JSON: the modes'
 * summary and their shape tables alike (the summary followed the locale,
 * 10,5366, the tables did not). */
static void
test_decimal_point (void)
{
  g_autofree char *model = sw_test_example_path ("fourbody.shaft");
  g_autofree char *dir = g_dir_make_tmp ("sw-locale-XXXXXX", NULL);
  g_autofree char *compiled = g_build_filename (dir, "de_DE.UTF-8", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL, *err = NULL;
  const char *make[] = { "localedef", "-i", "de_DE", "-f", "UTF-8", compiled, NULL };
  const char *argv[] = { g_getenv ("SW_CLI"), "modal", model, NULL };
  g_auto (GStrv) env = run_environ (TRUE);
  int status = 0;

  g_assert_nonnull (dir);
  if (!g_spawn_sync (NULL, (char **) make, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL
                     | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, NULL)
      || !g_file_test (compiled, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("localedef or the de_DE locale's source (package locales) is missing");
      sw_test_remove_tree (dir);
      return;
    }
  env = g_environ_setenv (env, "LOCPATH", dir, TRUE);
  env = g_environ_setenv (env, "LC_ALL", "de_DE.UTF-8", TRUE);
  g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  /* German words: the locale is in force. */
  g_assert_nonnull (strstr (out, "Modalanalyse"));
  g_assert_nonnull (strstr (out, "10.5366"));
  g_assert_nonnull (strstr (out, "1.0000"));
  g_assert_null (strstr (out, "10,5366"));
  sw_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/cli/help-and-usage", test_help_and_usage);
  g_test_add_func ("/app/cli/german", test_german);
  g_test_add_func ("/app/cli/decimal-point", test_decimal_point);
  g_test_add_func ("/app/cli/observed", test_observed);
  g_test_add_func ("/app/cli/modelica-model", test_modelica_model);
  g_test_add_func ("/app/cli/printable", test_printable);
  return g_test_run ();
}
