/* test-cli.c: shaftwork-cli as a user runs it: output, files, exit status.
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

typedef struct {
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *r)
{
  g_free (r->out);
  g_free (r->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* The environment of a run: English by default, whatever the caller's
 * locale (LC_ALL C.UTF-8: UTF-8 output, untranslated), or German. */
static char **
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

static void
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

/* Runs the CLI with a NULL-terminated argument list, in English. */
static void
cli (Run *r, ...)
{
  va_list ap;

  va_start (ap, r);
  cli_run (r, FALSE, ap);
  va_end (ap);
}

/* The same in German. */
static void
cli_de (Run *r, ...)
{
  va_list ap;

  va_start (ap, r);
  cli_run (r, TRUE, ap);
  va_end (ap);
}

static char *
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

static void
test_help_and_usage (void)
{
  g_auto (Run) help = { 0 }, version = { 0 }, none = { 0 }, unknown = { 0 }, sub = { 0 }, bad = { 0 };

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
  cli (&sub, "simulate", "--help", NULL);
  g_assert_cmpint (sub.status, ==, 0);
  g_assert_nonnull (strstr (sub.out, "--stop-time"));
  cli (&bad, "simulate", "--no-such-option", "x.shaft", NULL);
  g_assert_cmpint (bad.status, ==, 2);
}

static void
test_simulate_csv (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_auto (Run) r = { 0 }, fine = { 0 };
  g_auto (GStrv) lines = NULL, fine_lines = NULL;

  cli (&r, "simulate", model, "--variables", "inertia3.w,inertia2.w", NULL);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "time,inertia3.w,inertia2.w");
  g_assert_cmpstr (lines[1], ==, "0,0,0");
  /* 1001 output times, a header and the final newline. */
  g_assert_cmpuint (g_strv_length (lines), ==, 1003);
  g_assert_true (g_str_has_prefix (lines[1001], "1,"));
  /* Shortest round-trip numbers: the value of inertia3.w at t = 0.25 is
   * written in full; to 6 digits at a tolerance that gives them (the model's
   * 1e-6 gives about 1e-5 here). */
  g_assert_cmpuint (strlen (lines[251]), >, strlen ("0.25,0.240268"));
  cli (&fine, "simulate", model, "--variables", "inertia3.w,inertia2.w", "--tolerance", "1e-10", NULL);
  g_assert_cmpint (fine.status, ==, 0);
  fine_lines = g_strsplit (fine.out, "\n", -1);
  g_assert_true (g_str_has_prefix (fine_lines[251], "0.25,0.240268"));
}

/* --stats: the method and counts on stderr after the run, the CSV alone on
 * stdout. */
static void
test_simulate_stats (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_auto (Run) r = { 0 };

  cli (&r, "simulate", model, "--variables", "inertia3.w", "--method", "bdf", "--stats", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.err, "method: bdf"));
  g_assert_nonnull (strstr (r.err, "steps: "));
  g_assert_nonnull (strstr (r.err, "right-hand side evaluations: "));
  g_assert_nonnull (strstr (r.err, "Jacobians: "));
  g_assert_nonnull (strstr (r.err, "output rows: 1001"));
  g_assert_true (g_str_has_prefix (r.out, "time,inertia3.w\n"));
  g_assert_null (strstr (r.out, "steps"));
}

/* --events on Modelica's Rotational Friction: one line per friction mode
 * change, in order, on stderr beside the CSV on stdout, on stdout when the
 * CSV goes to a file; the instants those of the MSL reference's events. */
static const struct {
  const char *id, *change;
  double      ref_t;   /* the reference's event (tests/data/msl/Friction.csv.gz; -1: the start) */
} friction_events[] = {
  { "clutch", "starts backward", -1 },   /* the modes at the start */
  { "brake", "starts free", -1 },
  { "clutch", "backward → stuck", 0.006779708999835505 },
  { "clutch", "stuck → backward", 0.05933976591305546 },
  { "clutch", "backward → stuck", 0.10928949522194487 },
  { "brake", "free → forward", 0.5 },
  { "clutch", "stuck → backward", 0.5342485716146042 },
  { "brake", "forward → stuck", 0.6406138053530858 },
  { "clutch", "backward → stuck", 1.663639783725821 },
};

/* The lines of an event log against friction_events, each time within
 * window of the reference's. */
static void
assert_friction_events (const char *text, double window)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  g_assert_cmpuint (g_strv_length (lines), ==, G_N_ELEMENTS (friction_events) + 1);
  g_assert_cmpstr (lines[G_N_ELEMENTS (friction_events)], ==, "");
  for (guint k = 0; k < G_N_ELEMENTS (friction_events); k++)
    {
      g_autofree char *tail = g_strdup_printf (" s  %s: %s", friction_events[k].id, friction_events[k].change);
      char *end = NULL;
      double t;

      g_test_message ("%s", lines[k]);
      g_assert_true (g_str_has_prefix (lines[k], "t = "));
      t = g_ascii_strtod (lines[k] + 4, &end);
      g_assert_cmpstr (end, ==, tail);
      if (friction_events[k].ref_t < 0)
        g_assert_cmpfloat (t, ==, 0);
      else
        g_assert_cmpfloat_with_epsilon (t, friction_events[k].ref_t, window);
    }
}

static void
test_simulate_events (void)
{
  g_autofree char *model = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "tests", "data", "msl", "Friction.shaft",
                                             NULL);
  g_autofree char *dir = g_dir_make_tmp ("cli-events-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename (dir, "friction.csv", NULL);
  g_autofree char *image = g_build_filename (dir, "friction.png", NULL);
  g_auto (Run) plain = { 0 }, fine = { 0 }, file = { 0 }, plot = { 0 }, stats = { 0 }, none = { 0 }, help = { 0 };
  g_auto (GStrv) rows = NULL;

  /* The model's tolerance (1e-6): the 8 changes in order, each within 5e-6 s. */
  cli (&plain, "simulate", model, "--events", "--variables", "clutch.mode,brake.mode", NULL);
  g_assert_cmpint (plain.status, ==, 0);
  assert_friction_events (plain.err, 5e-6);
  rows = g_strsplit (plain.out, "\n", -1);
  g_assert_cmpstr (rows[0], ==, "time,clutch.mode,brake.mode");
  g_assert_cmpstr (rows[1], ==, "0,-1,2");
  g_assert_null (strstr (plain.out, "→"));
  /* Converged: within the 2e-6 s of test-msl-reference's friction-events. */
  cli (&fine, "simulate", model, "--events", "--tolerance", "1e-10", "--variables", "clutch.mode", NULL);
  g_assert_cmpint (fine.status, ==, 0);
  assert_friction_events (fine.err, 2e-6);
  /* The CSV in a file, or an image: the log on stdout. */
  cli (&file, "simulate", model, "--events", "-o", csv, NULL);
  g_assert_cmpint (file.status, ==, 0);
  assert_friction_events (file.out, 5e-6);
  g_assert_cmpstr (file.err, ==, "");
  cli (&plot, "plot", model, "--events", "-o", image, NULL);
  g_assert_cmpint (plot.status, ==, 0);
  assert_friction_events (plot.out, 5e-6);
  /* --stats counts the same changes. */
  cli (&stats, "simulate", model, "--stats", "-o", csv, "--force", NULL);
  g_assert_cmpint (stats.status, ==, 0);
  g_assert_nonnull (strstr (stats.err, "friction mode changes: 7\n"));
  /* Without --events, no log. */
  cli (&none, "simulate", model, "-o", csv, "--force", NULL);
  g_assert_cmpint (none.status, ==, 0);
  g_assert_cmpstr (none.out, ==, "");
  g_assert_null (strstr (none.err, "→"));
  cli (&help, "simulate", "--help", NULL);
  g_assert_nonnull (strstr (help.out, "--events"));
  sw_test_remove_tree (dir);
}

static void
test_simulate_options (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_autofree char *dir = g_dir_make_tmp ("cli-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *text = NULL;
  g_auto (Run) r = { 0 }, bad_var = { 0 }, bad_method = { 0 };
  g_auto (GStrv) lines = NULL;

  cli (&r, "simulate", model, "-o", csv, "--stop-time", "0.5", "--interval", "0.1", "--tolerance", "1e-8",
       "--method", "bdf", "--variables", "inertia1.w", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.out, ==, "");
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 8);
  g_assert_true (g_str_has_prefix (lines[6], "0.5,"));
  /* inertia1.w = 10 * inertia2.w = 3.7200 at 0.5 s (hand-reduced model). */
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (strchr (lines[6], ',') + 1, NULL), 3.7200, 1e-3);

  /* A bad option value is a usage error (exit 2) that names the option. */
  cli (&bad_var, "simulate", model, "--variables", "inertia1.omega", NULL);
  g_assert_cmpint (bad_var.status, ==, 2);
  g_assert_nonnull (strstr (bad_var.err, "--variables"));
  g_assert_nonnull (strstr (bad_var.err, "inertia1.omega"));
  g_assert_nonnull (strstr (bad_var.err, "phi, w, a"));
  {
    static const char *const bad[][2] = {
      { "--stop-time", "nan" }, { "--stop-time", "-inf" }, { "--stop-time", "inf" }, { "--stop-time", "0" },
      { "--stop-time", "1s" }, { "--interval", "-inf" }, { "--interval", "0" }, { "--tolerance", "-inf" },
      { "--tolerance", "1" }, { "--tolerance", "0" }, { "--variables", "nope.w" }, { "--variables", "," },
      { "--variables", "x*" },
    };

    for (guint k = 0; k < G_N_ELEMENTS (bad); k++)
      {
        g_auto (Run) b = { 0 };

        cli (&b, "simulate", model, bad[k][0], bad[k][1], NULL);
        g_test_message ("%s %s: %s", bad[k][0], bad[k][1], b.err);
        g_assert_cmpint (b.status, ==, 2);
        g_assert_true (g_str_has_prefix (b.err, "shaftwork-cli: "));
        g_assert_nonnull (strstr (b.err, bad[k][0]));
        g_assert_null (strstr (b.err, "first.shaft"));
      }
  }
  cli (&bad_method, "simulate", model, "--method", "euler", NULL);
  g_assert_cmpint (bad_method.status, ==, 2);
  g_assert_nonnull (strstr (bad_method.err, "rk8pd"));
  g_unlink (csv);
  g_rmdir (dir);
}

#define ONE_BODY(params, sim) \
  "{\"format\": \"shaftwork-model\", \"version\": 1,\n" \
  " \"components\": [\n" \
  "  {\"id\": \"tau\", \"kind\": \"rotational.torque\", \"params\": {" params "}},\n" \
  "  {\"id\": \"J\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}],\n" \
  " \"connections\": [{\"from\": \"tau.flange\", \"to\": \"J.flange_a\"}]" sim "}\n"

/* Values whose equations would overflow are refused by check, with the valid
 * range; events beyond what a run may hold too; a result that overflows
 * anyway ends the run with exit 1, naming the variable and the time. */
static void
test_hostile_values (void)
{
  static const struct { const char *text, *expect; } refused[] = {
    { ONE_BODY ("\"tau\": {\"sine\": {\"amplitude\": 1e308, \"freq_hz\": 1}}", ""), "“amplitude”" },
    { ONE_BODY ("\"tau\": {\"pulse\": {\"amplitude\": 1, \"period\": 1e-9}}", ""), "events" },
    { ONE_BODY ("\"tau\": {\"pulse\": {\"amplitude\": 1, \"period\": 5e-324}}", ""), "“period”" },
    { ONE_BODY ("\"tau\": {\"table\": {\"points\": [[0, 0], [1e-300, 1]], \"extrapolation\": \"periodic\"}}",
                ""), "1e-100" },
  };
  g_autofree char *tiny_j = write_temp_model (
      "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"tiny\",\n"
      " \"components\": [{\"id\": \"J\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 5e-324}}]}\n");
  g_autofree char *overflow = write_temp_model (
      "{\"format\": \"shaftwork-model\", \"version\": 1,\n"
      " \"components\": [\n"
      "  {\"id\": \"tau\", \"kind\": \"rotational.constant_torque\", \"params\": {\"tau_constant\": 1e100}},\n"
      "  {\"id\": \"J\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1e-100}}],\n"
      " \"connections\": [{\"from\": \"tau.flange\", \"to\": \"J.flange_a\"}],\n"
      " \"simulation\": {\"stop_time\": 1e100, \"output_interval\": 1e99}}\n");
  g_autofree char *single = write_temp_model (ONE_BODY ("\"tau\": 1", ""));
  g_autofree char *first = sw_test_example_path ("first.shaft");
  g_autofree char *base = NULL;
  g_auto (Run) j = { 0 }, ovf = { 0 }, ok = { 0 }, modal = { 0 }, tiny_t = { 0 }, rows = { 0 };
  g_auto (Run) points = { 0 }, speeds = { 0 }, huge_f = { 0 };
  g_auto (GStrv) lines = NULL;

  for (guint k = 0; k < G_N_ELEMENTS (refused); k++)
    {
      g_autofree char *path = write_temp_model (refused[k].text);
      g_auto (Run) r = { 0 };

      cli (&r, "check", path, NULL);
      g_test_message ("%s", r.err);
      g_assert_cmpint (r.status, ==, 1);
      g_assert_nonnull (strstr (r.err, refused[k].expect));
      g_assert_nonnull (strstr (r.err, "“tau”"));
      g_unlink (path);
    }
  cli (&j, "check", tiny_j, NULL);
  g_assert_cmpint (j.status, ==, 1);
  g_assert_nonnull (strstr (j.err, "parameter “J” = 5e-324 kg.m2"));
  g_assert_nonnull (strstr (j.err, "valid: 0 or 1e-100 <= |J| <= 1e+100"));

  cli (&ovf, "simulate", overflow, "--method", "rk45", NULL);
  g_assert_cmpint (ovf.status, ==, 1);
  g_assert_nonnull (strstr (ovf.err, "component “tau”: tau.phi became "));
  g_assert_nonnull (strstr (ovf.err, " at t = "));
  g_assert_null (strstr (ovf.out, "inf"));
  g_assert_null (strstr (ovf.out, "nan"));

  /* Singular and plural in the line scripts parse; a model without a name
   * is called by its file in headings. */
  cli (&ok, "check", single, NULL);
  g_assert_cmpstr (ok.out, ==, "ok: 2 components, 1 connection, 1 degree of freedom\n");
  cli (&modal, "modal", single, NULL);
  g_assert_null (strstr (modal.out, "(null)"));
  base = g_path_get_basename (single);
  *strrchr (base, '.') = '\0';
  g_assert_nonnull (strstr (modal.out, base));

  /* However short the run, the row at the stop time is written. */
  cli (&tiny_t, "simulate", single, "--stop-time", "1e-300", "--variables", "J.w", NULL);
  g_assert_cmpint (tiny_t.status, ==, 0);
  lines = g_strsplit (tiny_t.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), >=, 4);
  g_assert_true (g_str_has_prefix (lines[g_strv_length (lines) - 2], "1e-300,"));
  /* w = t tau / J */
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (strchr (lines[g_strv_length (lines) - 2], ',') + 1, NULL) / 1e-300,
                                  1, 1e-9);

  /* Sizes beyond memory: usage errors naming the limit and the memory. */
  cli (&rows, "simulate", first, "--interval", "1.01e-8", NULL);
  g_assert_cmpint (rows.status, ==, 2);
  g_assert_nonnull (strstr (rows.err, "--interval"));
  g_assert_nonnull (strstr (rows.err, "GB"));
  cli (&points, "frf", first, "--input", "torque", "--output", "inertia3.w", "--points", "2147483647", NULL);
  g_assert_cmpint (points.status, ==, 2);
  g_assert_nonnull (strstr (points.err, "1000000"));
  g_assert_nonnull (strstr (points.err, "GB"));
  cli (&speeds, "campbell", first, "--shaft", "inertia1", "--speed-range", "0:100", "--speeds", "2147483647", NULL);
  g_assert_cmpint (speeds.status, ==, 2);
  g_assert_nonnull (strstr (speeds.err, "100000"));
  cli (&huge_f, "frf", first, "--input", "torque", "--output", "inertia3.w", "--from", "1e308", "--to", "1.7e308",
       NULL);
  g_assert_cmpint (huge_f.status, ==, 2);
  g_assert_null (strstr (huge_f.out, "nan"));

  g_unlink (tiny_j);
  g_unlink (overflow);
  g_unlink (single);
}

/* Options that were taken silently or misreported (issue 21, item 18):
 * --from 0 --to 0 is refused, not the default range; --from above --to
 * too; a plot of more variables than it draws is a usage error before the
 * run (exit 2), naming --variables; --variables twice; the row cap's
 * message. */
static void
test_options_refused (void)
{
  g_autofree char *first = sw_test_example_path ("first.shaft");
  g_autofree char *png = g_build_filename (g_get_tmp_dir (), "sw-cli-options.png", NULL);
  g_auto (Run) zero = { 0 }, reversed = { 0 }, all = { 0 }, speeds = { 0 };

  cli (&zero, "frf", first, "--input", "torque", "--output", "inertia3.w", "--from", "0", "--to", "0", NULL);
  g_assert_cmpint (zero.status, ==, 2);
  g_assert_nonnull (strstr (zero.err, "--from, --to above 0 Hz"));
  g_assert_cmpstr (zero.out, ==, "");
  cli (&reversed, "frf", first, "--input", "torque", "--output", "inertia3.w", "--from", "5", "--to", "1", NULL);
  g_assert_cmpint (reversed.status, ==, 2);
  g_assert_nonnull (strstr (reversed.err, "--from must be below --to"));
  cli (&all, "plot", first, "--variables", "*", "-o", png, NULL);
  g_assert_cmpint (all.status, ==, 2);
  g_assert_nonnull (strstr (all.err, "--variables: 62 variables chosen; a plot draws 1 to 12"));
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  cli (&speeds, "plot", first, "--variables", "*.w", "-o", png, NULL);
  g_assert_cmpint (speeds.status, ==, 0);
  g_unlink (png);
  /* --variables given twice: both count, not the last alone. */
  {
    g_auto (Run) twice = { 0 }, huge = { 0 };

    cli (&twice, "simulate", first, "--variables", "inertia1.w", "--variables", "inertia3.w", "--stop-time", "0.01",
         NULL);
    g_assert_cmpint (twice.status, ==, 0);
    g_assert_true (g_str_has_prefix (twice.out, "time,inertia1.w,inertia3.w\n"));
    /* The row cap names the options given, and a count past the doubles
     * as such. */
    cli (&huge, "simulate", first, "--stop-time", "1e308", "--interval", "1e-300", NULL);
    g_assert_cmpint (huge.status, ==, 2);
    g_assert_nonnull (strstr (huge.err, "--stop-time, --interval: the run would keep more than 1e308 rows"));
  }
}

/* Runs simulate on an example with these options and -o csv; returns the
 * process's peak resident size in kB (wait4). */
static long
simulate_peak_kb (const char *model, const char *stop, const char *csv)
{
  const char *argv[] = { g_getenv ("SW_CLI"), "simulate", model, "--stop-time", stop, "--interval", "1e-3",
                         "--variables", "inertia3.w", "-o", csv, NULL };
  g_autoptr (GError) error = NULL;
  struct rusage usage;
  int wait_status;
  GPid pid;

  g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                 &pid, &error);
  g_assert_no_error (error);
  g_assert_cmpint (wait4 (pid, &wait_status, 0, &usage), ==, pid);
  g_assert_true (WIFEXITED (wait_status));
  g_assert_cmpint (WEXITSTATUS (wait_status), ==, 0);
  return usage.ru_maxrss;
}

/* simulate -o writes rows as the run computes them: a million rows take
 * no more memory than ten. */
static void
test_streamed_rows (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_autofree char *dir = g_dir_make_tmp ("cli-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename (dir, "big.csv", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GMappedFile) mapped = NULL;
  long small = simulate_peak_kb (model, "0.01", csv), big = simulate_peak_kb (model, "1000", csv);
  const char *text;
  gsize length, lines = 0;

  mapped = g_mapped_file_new (csv, FALSE, &error);
  g_assert_no_error (error);
  text = g_mapped_file_get_contents (mapped);
  length = g_mapped_file_get_length (mapped);
  for (gsize k = 0; k < length; k++)
    lines += text[k] == '\n';
  /* The header, t = 0 and a row every millisecond. */
  g_assert_cmpuint (lines, ==, 1000002);
  g_test_message ("peak resident size %ld kB for 10 rows, %ld kB for %" G_GSIZE_FORMAT " bytes of CSV", small, big,
                  length);
  /* Kept in memory, the million rows alone would take 16 MB. */
  g_assert_cmpint (big - small, <, 4 * 1024);
  g_clear_pointer (&mapped, g_mapped_file_unref);
  sw_test_remove_tree (dir);
}

/* What the CLI writes to standard error when that is a terminal: a
 * pseudo-terminal stands in for it. */
static char *
stderr_on_terminal (const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) env = run_environ (FALSE);
  g_autoptr (GString) text = g_string_new (NULL);
  int master = posix_openpt (O_RDWR | O_NOCTTY), slave, wait_status;
  char buf[4096];
  ssize_t n;
  GPid pid;

  if (master < 0 || grantpt (master) != 0 || unlockpt (master) != 0
      || (slave = open (ptsname (master), O_RDWR | O_NOCTTY)) < 0)
    {
      /* Some sandboxes give no pseudo-terminals (/dev/pts/ptmx mode 000). */
      if (master >= 0)
        close (master);
      return NULL;
    }
  g_ptr_array_add (argv, (char *) g_getenv ("SW_CLI"));
  for (guint k = 0; args[k] != NULL; k++)
    g_ptr_array_add (argv, (char *) args[k]);
  g_ptr_array_add (argv, NULL);
  g_spawn_async_with_fds (NULL, (char **) argv->pdata, env, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid,
                          -1, -1, slave, &error);
  g_assert_no_error (error);
  close (slave);
  /* EIO once the child has exited and closed its side. */
  while ((n = read (master, buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0)
      g_string_append_len (text, buf, n);
  close (master);
  g_assert_cmpint (waitpid (pid, &wait_status, 0), ==, pid);
  g_assert_true (WIFEXITED (wait_status));
  g_assert_cmpint (WEXITSTATUS (wait_status), ==, 0);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A run of a few seconds shows simulated time / stop time and the rate on a
 * terminal, and clears the line at the end; --quiet doesn't; a pipe gets
 * lines only with --progress. */
static void
test_progress (void)
{
  /* A 1 MHz torque over 1 s at tolerance 1e-6 (the speed's error within
   * 1e-6 of its 3e-7 rad/s): about 3 s. */
  g_autofree char *model = write_temp_model (
      ONE_BODY ("\"tau\": {\"sine\": {\"amplitude\": 1, \"freq_hz\": 1e6}}",
                ", \"simulation\": {\"stop_time\": 1, \"output_interval\": 0.1, \"tolerance\": 1e-6}"));
  g_autofree char *quick = write_temp_model (
      ONE_BODY ("\"tau\": 1", ", \"simulation\": {\"stop_time\": 1, \"output_interval\": 0.1}"));
  g_autofree char *csv = g_strconcat (model, ".csv", NULL);
  const char *loud[] = { "simulate", model, "-o", csv, NULL };
  const char *quiet[] = { "simulate", model, "-o", csv, "--quiet", NULL };
  /* NULL where there are no pseudo-terminals. */
  g_autofree char *shown = stderr_on_terminal (loud);
  g_auto (Run) piped = { 0 }, logged = { 0 };

  cli (&logged, "simulate", quick, "-o", csv, "--progress", NULL);
  g_test_message ("%s", logged.err);
  g_assert_cmpint (logged.status, ==, 0);
  g_assert_true (g_str_has_prefix (logged.err, "t = "));
  g_assert_nonnull (strstr (logged.err, " s / 1 s ("));
  g_assert_nonnull (strstr (logged.err, "simulated per s\n"));
  g_assert_null (strstr (logged.err, "\r"));
  cli (&piped, "simulate", quick, "-o", csv, NULL);
  g_assert_cmpint (piped.status, ==, 0);
  g_assert_cmpstr (piped.err, ==, "");
  if (shown != NULL)
    {
      g_autofree char *hidden = stderr_on_terminal (quiet);

      g_test_message ("%s", shown);
      g_assert_nonnull (strstr (shown, "\r\033[Kt = "));
      g_assert_nonnull (strstr (shown, " s / 1 s ("));
      g_assert_true (g_str_has_suffix (shown, "\r\033[K"));
      g_assert_cmpstr (hidden, ==, "");
    }
  else
    g_test_message ("no pseudo-terminal here: the terminal half is not checked");
  g_unlink (csv);
  g_unlink (model);
  g_unlink (quick);
}

static void
assert_row (const char *line, double t, double a, double b)
{
  g_auto (GStrv) cells = g_strsplit (line, ",", -1);

  g_assert_cmpuint (g_strv_length (cells), ==, 3);
  g_assert_cmpfloat (g_ascii_strtod (cells[0], NULL), ==, t);
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[1], NULL), a, 1e-12);
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[2], NULL), b, 1e-12);
}

static void
test_event_rows (void)
{
  g_autofree char *model = write_temp_model (
      "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"step\","
      " \"components\": ["
      "  {\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"step\": {\"height\": 2, \"start_time\": 0.25}}}},"
      "  {\"id\": \"inertia\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5}}],"
      " \"connections\": [{\"from\": \"torque.flange\", \"to\": \"inertia.flange_a\"}],"
      " \"simulation\": {\"stop_time\": 0.5, \"output_interval\": 0.125}}");
  g_auto (Run) r = { 0 };
  g_auto (GStrv) lines = NULL;

  cli (&r, "simulate", model, "--variables", "torque.tau,inertia.a", NULL);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  /* 0, 0.125, 0.25 (left), 0.25 (right), 0.375, 0.5 */
  g_assert_cmpuint (g_strv_length (lines), ==, 8);
  assert_row (lines[3], 0.25, 0, 0);
  assert_row (lines[4], 0.25, 2, 4);
  assert_row (lines[6], 0.5, 2, 4);
  g_unlink (model);
}

static void
test_check (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_autofree char *broken = write_temp_model (
      "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"broken\",\n"
      " \"components\": [\n"
      "  {\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": -1}},\n"
      "  {\"id\": \"b\", \"kind\": \"rotational.flywheel\"}]}\n");
  g_autofree char *loop = write_temp_model (
      "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"loop\",\n"
      " \"components\": [\n"
      "  {\"id\": \"in1\", \"kind\": \"rotational.inertia\"},\n"
      "  {\"id\": \"g1\", \"kind\": \"rotational.ideal_gear\", \"params\": {\"ratio\": 2}},\n"
      "  {\"id\": \"g2\", \"kind\": \"rotational.ideal_gear\", \"params\": {\"ratio\": 3}},\n"
      "  {\"id\": \"in2\", \"kind\": \"rotational.inertia\"}],\n"
      " \"connections\": [\n"
      "  {\"from\": \"in1.flange_b\", \"to\": \"g1.flange_a\"}, {\"from\": \"in1.flange_b\", \"to\": \"g2.flange_a\"},\n"
      "  {\"from\": \"g1.flange_b\", \"to\": \"in2.flange_a\"}, {\"from\": \"g2.flange_b\", \"to\": \"in2.flange_a\"}]}\n");
  g_auto (Run) ok = { 0 }, bad = { 0 }, contradiction = { 0 }, missing = { 0 };
  g_autofree char *prefix = NULL;

  cli (&ok, "check", model, NULL);
  g_assert_cmpint (ok.status, ==, 0);
  g_assert_cmpstr (ok.out, ==, "ok: 8 components, 9 connections, 2 degrees of freedom\n");

  cli (&bad, "check", broken, NULL);
  g_assert_cmpint (bad.status, ==, 1);
  prefix = g_strdup_printf ("%s:4:", broken);
  g_assert_nonnull (strstr (bad.err, prefix));
  g_assert_nonnull (strstr (bad.err, "error:"));
  g_assert_nonnull (strstr (bad.err, "“J”"));
  g_assert_nonnull (strstr (bad.err, "rotational.flywheel"));

  cli (&contradiction, "check", loop, NULL);
  g_assert_cmpint (contradiction.status, ==, 1);
  g_assert_nonnull (strstr (contradiction.err, "g1"));
  g_assert_nonnull (strstr (contradiction.err, "g2"));

  cli (&missing, "check", "/nonexistent/model.shaft", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "/nonexistent/model.shaft"));
  g_unlink (broken);
  g_unlink (loop);
}

/* Every bundled example is valid and simulates. */
static void
test_examples (void)
{
  g_autofree char *dir_path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "data", "examples", NULL);
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_auto (Run) check = { 0 }, sim = { 0 };

      if (!g_str_has_suffix (name, ".shaft"))
        continue;
      cli (&check, "check", path, NULL);
      g_assert_cmpint (check.status, ==, 0);
      g_assert_true (g_str_has_prefix (check.out, "ok: "));
      cli (&sim, "simulate", path, "--interval", "0.1", NULL);
      g_assert_cmpint (sim.status, ==, 0);
      n++;
    }
  g_assert_cmpuint (n, >=, 4);
}

static void
test_list (void)
{
  g_auto (Run) text = { 0 }, json = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonArray *kinds;
  guint n;

  sw_catalog_get_kinds (&n);
  cli (&text, "list", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "rotational.inertia"));
  g_assert_nonnull (strstr (text.out, "kg.m2"));
  cli (&json, "list", "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  json_parser_load_from_data (parser, json.out, -1, &error);
  g_assert_no_error (error);
  kinds = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (kinds), ==, n);
  for (guint k = 0; k < n; k++)
    {
      JsonObject *kind = json_array_get_object_element (kinds, k);
      g_assert_true (json_object_has_member (kind, "parameters"));
      g_assert_true (json_object_has_member (kind, "ports"));
    }
}

/* Table parameters: their rows' columns, ranges and default rows. */
static void
test_list_tables (void)
{
  g_auto (Run) text = { 0 }, json = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonObject *clutch = NULL, *mue_pos = NULL;
  JsonArray *kinds, *params, *columns, *rows;

  cli (&text, "list", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "    mue_pos          -          table      default [[0, 0.5]]; valid rows "
                                      "[w, mue]: w >= 0 rad/s, increasing; mue >= 0. Friction coefficient"));
  g_assert_nonnull (strstr (text.out, "    tau_pos          -          table      default [[0, 1]]; valid rows "
                                      "[w, tau]: w >= 0 rad/s, increasing; tau >= 0 N.m. "));

  cli (&json, "list", "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  json_parser_load_from_data (parser, json.out, -1, &error);
  g_assert_no_error (error);
  kinds = json_node_get_array (json_parser_get_root (parser));
  for (guint k = 0; k < json_array_get_length (kinds); k++)
    if (g_strcmp0 (json_object_get_string_member (json_array_get_object_element (kinds, k), "kind"),
                   "rotational.clutch") == 0)
      clutch = json_array_get_object_element (kinds, k);
  g_assert_nonnull (clutch);
  params = json_object_get_array_member (clutch, "parameters");
  mue_pos = json_array_get_object_element (params, 0);
  g_assert_cmpstr (json_object_get_string_member (mue_pos, "name"), ==, "mue_pos");
  g_assert_cmpstr (json_object_get_string_member (mue_pos, "type"), ==, "table");
  rows = json_object_get_array_member (mue_pos, "default");
  g_assert_cmpuint (json_array_get_length (rows), ==, 1);
  g_assert_cmpfloat (json_array_get_double_element (json_array_get_array_element (rows, 0), 0), ==, 0);
  g_assert_cmpfloat (json_array_get_double_element (json_array_get_array_element (rows, 0), 1), ==, 0.5);
  columns = json_object_get_array_member (mue_pos, "columns");
  g_assert_cmpuint (json_array_get_length (columns), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (columns, 0), "name"), ==, "w");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (columns, 0), "unit"), ==, "rad/s");
  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (columns, 0), "increasing"));
  g_assert_cmpfloat (json_object_get_double_member (json_array_get_object_element (columns, 1), "min"), ==, 0);
  g_assert_true (json_object_get_null_member (json_array_get_object_element (columns, 1), "max"));
  g_assert_false (json_object_get_boolean_member (json_array_get_object_element (columns, 1), "increasing"));
  /* Other parameters have no columns. */
  g_assert_false (json_object_has_member (json_array_get_object_element (params, 1), "columns"));
}

/* Expression parameters: the formula's default, constants and variables;
 * a wrong formula in a model is reported at its character. */
static void
test_list_expressions (void)
{
  g_auto (Run) text = { 0 }, json = { 0 }, check = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;
  JsonObject *coupling = NULL, *tau, *def;
  JsonArray *kinds, *vars;

  cli (&text, "list", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "    tau              N.m        expression default “c*phi_rel + d*w_rel” with "
                                      "c = 10000, d = 10; valid a formula of phi_rel [rad], w_rel [rad/s], t [s] "
                                      "and named constants. The torque through the element"));

  cli (&json, "list", "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  json_parser_load_from_data (parser, json.out, -1, &error);
  g_assert_no_error (error);
  kinds = json_node_get_array (json_parser_get_root (parser));
  for (guint k = 0; k < json_array_get_length (kinds); k++)
    if (g_strcmp0 (json_object_get_string_member (json_array_get_object_element (kinds, k), "kind"),
                   "translational.custom_coupling") == 0)
      coupling = json_array_get_object_element (kinds, k);
  g_assert_nonnull (coupling);
  tau = json_array_get_object_element (json_object_get_array_member (coupling, "parameters"), 0);
  g_assert_cmpstr (json_object_get_string_member (tau, "name"), ==, "f");
  g_assert_cmpstr (json_object_get_string_member (tau, "type"), ==, "expression");
  def = json_object_get_object_member (tau, "default");
  g_assert_cmpstr (json_object_get_string_member (def, "expression"), ==, "c*s_rel + d*v_rel");
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (def, "constants"), "d"), ==, 100);
  vars = json_object_get_array_member (tau, "formula_variables");
  g_assert_cmpuint (json_array_get_length (vars), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (vars, 1), "name"), ==, "v_rel");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (vars, 1), "unit"), ==, "m/s");

  dir = g_dir_make_tmp ("sw-cli-expression-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "expression.shaft", NULL);
  g_assert_true (g_file_set_contents (path,
                                      "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [\n"
                                      "  {\"id\": \"k\", \"kind\": \"rotational.custom_coupling\",\n"
                                      "   \"params\": {\"tau\": \"2*phi_rel + x\"}}]}\n", -1, NULL));
  cli (&check, "check", path, NULL);
  g_assert_cmpint (check.status, ==, 1);
  g_assert_nonnull (strstr (check.err, "expression.shaft:3:35: error: component “k”: parameter “tau”: "
                                       "at character 13 of “2*phi_rel + x”: unknown name “x”; valid: the variables "
                                       "phi_rel, w_rel, t"));
  unlink (path);
  rmdir (dir);
}

/* data/CATALOGUE.md is generated: it must match the code. */
static void
test_catalogue_current (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "data", "CATALOGUE.md", NULL);
  g_autofree char *text = NULL;
  g_auto (Run) r = { 0 };

  cli (&r, "list", "--markdown", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  if (g_strcmp0 (text, r.out) != 0)
    g_test_message ("data/CATALOGUE.md is stale: run build/app/shaftwork-cli list --markdown > data/CATALOGUE.md");
  g_assert_cmpstr (text, ==, r.out);
}

static void
test_plot (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_autofree char *dir = g_dir_make_tmp ("cli-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "first.png", NULL);
  g_autofree char *bad = g_build_filename (dir, "first.bmp", NULL);
  g_autofree char *data = NULL;
  gsize len = 0;
  g_auto (Run) r = { 0 }, r_bad = { 0 }, r_missing = { 0 };

  cli (&r, "plot", model, "-o", png, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_file_get_contents (png, &data, &len, NULL));
  g_assert_cmpuint (len, >, 1000);
  g_assert_cmpint (memcmp (data, "\x89PNG", 4), ==, 0);
  cli (&r_bad, "plot", model, "-o", bad, NULL);
  g_assert_cmpint (r_bad.status, ==, 2);
  cli (&r_missing, "plot", model, NULL);
  g_assert_cmpint (r_missing.status, ==, 2);
  g_unlink (png);
  g_rmdir (dir);
}

static void
test_modal (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_auto (Run) table = { 0 }, json = { 0 }, at = { 0 }, bad = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonObject *root, *elastic;
  JsonArray *modes;

  cli (&table, "modal", model, NULL);
  g_assert_cmpint (table.status, ==, 0);
  g_assert_nonnull (strstr (table.out, "12.1557"));
  g_assert_nonnull (strstr (table.out, "most excitable"));

  cli (&json, "modal", model, "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  json_parser_load_from_data (parser, json.out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "model"), ==, "First");
  g_assert_cmpfloat (json_object_get_double_member (root, "at_time"), ==, 0);
  modes = json_object_get_array_member (root, "modes");
  g_assert_cmpuint (json_array_get_length (modes), ==, 2);
  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (modes, 0), "rigid_body"));
  g_assert_true (json_object_get_null_member (json_array_get_object_element (modes, 0), "most_excitable_section"));
  elastic = json_array_get_object_element (modes, 1);
  g_assert_cmpint (json_object_get_int_member (elastic, "index"), ==, 2);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (elastic, "frequency_hz"), 12.15566, 1e-4);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (elastic, "omega_rad_s"), 76.3763, 1e-3);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (elastic, "damping_ratio"), 7.8e-4, 1e-5);
  g_assert_cmpstr (json_object_get_string_member (elastic, "most_excitable_section"), ==, "spring");
  g_assert_cmpfloat_with_epsilon (
      json_object_get_double_member (json_object_get_object_member (elastic, "shape"), "inertia3"), -0.6, 1e-6);
  g_assert_cmpfloat_with_epsilon (
      json_object_get_double_member (json_object_get_object_member (elastic, "potential_energy_percent"), "spring"),
      100, 1e-6);
  g_assert_true (json_object_has_member (json_object_get_object_member (elastic, "kinetic_energy_percent"), "inertia1"));

  cli (&at, "modal", model, "--at", "0.5", "--json", NULL);
  g_assert_cmpint (at.status, ==, 0);
  g_assert_nonnull (strstr (at.out, "\"at_time\" : 0.5"));
  cli (&bad, "modal", model, "--at", "-1", NULL);
  g_assert_cmpint (bad.status, ==, 2);
}

/* --friction on modal, frf and campbell: J1 (2) - clutch (engaged) - J2
 * (3) - spring c = 600 - ground. Operating and locked: one body of 5,
 * sqrt (600 / 5) / 2 pi = 1.74346 Hz; open: J1 free and J2 alone, 2.25079
 * Hz. Before, frf and campbell refused any clutch. */
static void
test_friction_option (void)
{
  g_autofree char *model = write_temp_model (
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"clutch\", \"components\": ["
    "{\"id\": \"drive\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 0}},"
    "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"clutch\", \"kind\": \"rotational.clutch\", \"params\": {\"fn_max\": 100, \"f_normalized\": 1}},"
    "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 3, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 600}},"
    "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"}],"
    "\"connections\": [{\"from\": \"drive.flange\", \"to\": \"J1.flange_a\"},"
    "{\"from\": \"J1.flange_b\", \"to\": \"clutch.flange_a\"}, {\"from\": \"clutch.flange_b\", \"to\": \"J2.flange_a\"},"
    "{\"from\": \"J2.flange_b\", \"to\": \"spring.flange_a\"}, {\"from\": \"spring.flange_b\", \"to\": \"ground.flange\"}]}");
  g_auto (Run) plain = { 0 }, locked = { 0 }, open = { 0 }, json = { 0 }, bad = { 0 }, help = { 0 };
  g_auto (Run) frf = { 0 }, frf_open = { 0 }, camp = { 0 }, camp_open = { 0 }, camp_help = { 0 };
  g_auto (GStrv) rows = NULL;
  double f, magnitude;

  cli (&plain, "modal", model, NULL);
  g_assert_cmpint (plain.status, ==, 0);
  g_assert_nonnull (strstr (plain.out, ": 1 mode\n"));
  g_assert_nonnull (strstr (plain.out, "1.74346"));
  g_assert_null (strstr (plain.out, "Friction elements"));
  cli (&locked, "modal", model, "--friction=locked", NULL);
  g_assert_cmpint (locked.status, ==, 0);
  g_assert_nonnull (strstr (locked.out, "Friction elements locked"));
  g_assert_nonnull (strstr (locked.out, "1.74346"));
  cli (&open, "modal", model, "--friction", "open", NULL);
  g_assert_cmpint (open.status, ==, 0);
  g_assert_nonnull (strstr (open.out, "Friction elements open"));
  g_assert_nonnull (strstr (open.out, ": 2 modes\n"));
  g_assert_nonnull (strstr (open.out, "2.25079"));
  g_assert_nonnull (strstr (open.out, "rigid-body mode"));
  cli (&json, "modal", model, "--friction=open", "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  g_assert_nonnull (strstr (json.out, "\"friction\" : \"open\""));
  g_assert_nonnull (strstr (json.out, "\"note\" : null"));
  cli (&bad, "modal", model, "--friction=stuck", NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "--friction must be operating, locked or open"));
  cli (&help, "modal", "--help", NULL);
  g_assert_nonnull (strstr (help.out, "--friction=operating|locked|open"));

  /* J2.phi per torque on J1: locked 1 / (600 - 5 w^2); open, J2 does not feel it. */
  cli (&frf, "frf", model, "--input", "drive", "--output", "J2.phi", "--from", "0.5", "--to", "1",
       "--points", "2", NULL);
  g_assert_cmpint (frf.status, ==, 0);
  rows = g_strsplit (frf.out, "\n", -1);
  g_assert_cmpint (sscanf (rows[1], "%lf,%lf", &f, &magnitude), ==, 2);
  g_assert_cmpfloat_with_epsilon (f, 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (magnitude, 1 / (600 - 5 * G_PI * G_PI), 1e-9 / 600);
  cli (&frf_open, "frf", model, "--input", "drive", "--output", "J2.phi", "--from", "0.5", "--to", "1",
       "--points", "2", "--friction=open", NULL);
  g_assert_cmpint (frf_open.status, ==, 0);
  g_assert_nonnull (strstr (frf_open.out, "\n0.5,0,"));

  /* 60 × 1.74346 Hz = 104.607 rpm at order 1; open 135.047 rpm. */
  cli (&camp, "campbell", model, "--shaft", "J1", "--speed-range", "0:600", NULL);
  g_assert_cmpint (camp.status, ==, 0);
  g_assert_nonnull (strstr (camp.out, "104.607"));
  cli (&camp_open, "campbell", model, "--shaft", "J1", "--speed-range", "0:600", "--friction=open", NULL);
  g_assert_cmpint (camp_open.status, ==, 0);
  g_assert_nonnull (strstr (camp_open.out, "135.047"));
  cli (&camp_help, "frf", "--help", NULL);
  g_assert_nonnull (strstr (camp_help.out, "--friction=operating|locked|open"));
  g_unlink (model);
}

static void
test_frf_and_campbell (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_auto (Run) frf = { 0 }, frf_usage = { 0 }, frf_bad = { 0 }, camp = { 0 }, camp_usage = { 0 }, camp_range = { 0 };
  g_auto (GStrv) lines = NULL;

  cli (&frf, "frf", model, "--input", "torque", "--output", "inertia3.w", "--points", "20", NULL);
  g_assert_cmpint (frf.status, ==, 0);
  lines = g_strsplit (frf.out, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "frequency_hz,magnitude,phase_deg,real,imag");
  g_assert_cmpuint (g_strv_length (lines), >, 20);
  cli (&frf_usage, "frf", model, "--input", "torque", NULL);
  g_assert_cmpint (frf_usage.status, ==, 2);
  cli (&frf_bad, "frf", model, "--input", "torque", "--output", "inertia3.omega", NULL);
  g_assert_cmpint (frf_bad.status, ==, 1);
  g_assert_nonnull (strstr (frf_bad.err, "inertia3.omega"));

  /* 60 * 12.1557 Hz / order on inertia1: 729.34 rpm at order 1. */
  cli (&camp, "campbell", model, "--shaft", "inertia1", "--speed-range", "0:3000", "--orders", "0.5,1,2", NULL);
  g_assert_cmpint (camp.status, ==, 0);
  g_assert_nonnull (strstr (camp.out, "729.34"));
  g_assert_nonnull (strstr (camp.out, "1458.68"));
  g_assert_nonnull (strstr (camp.out, "spring"));
  cli (&camp_usage, "campbell", model, "--speed-range", "0:3000", NULL);
  g_assert_cmpint (camp_usage.status, ==, 2);
  cli (&camp_range, "campbell", model, "--shaft", "inertia1", "--speed-range", "3000", NULL);
  g_assert_cmpint (camp_range.status, ==, 2);
}

/* A gear pair's varying mesh stiffness is an order line of its own: 20
 * teeth on the motor's pinion cross the mesh mode (1172.28 Hz) at 60 f /
 * 20 = 3516.84 rpm; the CSV has its column. */
static void
test_campbell_mesh_order (void)
{
  g_autofree char *model = sw_test_example_path ("gear-pair.shaft");
  g_autofree char *dir = g_dir_make_tmp ("cli-mesh-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "campbell.csv", NULL);
  g_autofree char *text = NULL;
  g_auto (Run) camp = { 0 }, csv = { 0 };

  cli (&camp, "campbell", model, "--shaft", "motor", "--speed-range", "0:8000", NULL);
  g_assert_cmpint (camp.status, ==, 0);
  g_assert_nonnull (strstr (camp.out, "Order 20× of motor: mesh of gearPair"));
  g_assert_nonnull (strstr (camp.out, "3516.84"));
  cli (&csv, "campbell", model, "--shaft", "load", "--speed-range", "0:2000", "-o", path, NULL);
  g_assert_cmpint (csv.status, ==, 0);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_true (g_str_has_prefix (text, "speed_rpm,mode_2_hz,order_1_hz,order_60_hz\n"));
  g_unlink (path);
  g_rmdir (dir);
}

/* --db: magnitude_db = 20 log10 (magnitude) row by row, the rest as it is;
 * the Bode and Campbell images (legends, quantity axes, marks) are drawn. */
static void
test_frf_db (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_autofree char *dir = g_dir_make_tmp ("sw-cli-db-XXXXXX", NULL);
  g_autofree char *bode = g_build_filename (dir, "bode.png", NULL);
  g_autofree char *campbell = g_build_filename (dir, "campbell.svg", NULL);
  g_auto (Run) linear = { 0 }, db = { 0 }, image = { 0 }, camp = { 0 };
  g_auto (GStrv) lin_lines = NULL, db_lines = NULL;
  g_autofree char *svg = NULL;

  cli (&linear, "frf", model, "--input", "torque", "--output", "inertia3.w", "--points", "20", NULL);
  cli (&db, "frf", model, "--input", "torque", "--output", "inertia3.w", "--points", "20", "--db", NULL);
  g_assert_cmpint (linear.status, ==, 0);
  g_assert_cmpint (db.status, ==, 0);
  lin_lines = g_strsplit (linear.out, "\n", -1);
  db_lines = g_strsplit (db.out, "\n", -1);
  g_assert_cmpstr (db_lines[0], ==, "frequency_hz,magnitude_db,phase_deg,real,imag");
  g_assert_cmpuint (g_strv_length (db_lines), ==, g_strv_length (lin_lines));
  for (guint r = 1; lin_lines[r] != NULL && *lin_lines[r] != '\0'; r++)
    {
      g_auto (GStrv) a = g_strsplit (lin_lines[r], ",", -1);
      g_auto (GStrv) b = g_strsplit (db_lines[r], ",", -1);
      double magnitude = g_ascii_strtod (a[1], NULL), decibels = g_ascii_strtod (b[1], NULL);

      g_assert_cmpstr (a[0], ==, b[0]);
      g_assert_cmpstr (a[2], ==, b[2]);
      g_assert_cmpfloat_with_epsilon (decibels, 20 * log10 (magnitude), 1e-12 * (1 + fabs (decibels)));
    }

  cli (&image, "frf", model, "--input", "torque", "--output", "inertia3.w", "--db", "-o", bode, NULL);
  g_assert_cmpint (image.status, ==, 0);
  g_assert_true (g_file_test (bode, G_FILE_TEST_IS_REGULAR));
  cli (&camp, "campbell", model, "--shaft", "inertia1", "--speed-range", "0:3000", "--orders", "1,2", "-o", campbell,
       NULL);
  g_assert_cmpint (camp.status, ==, 0);
  g_assert_true (g_file_get_contents (campbell, &svg, NULL, NULL));
  g_assert_cmpuint (strlen (svg), >, 1000);
  g_unlink (bode);
  g_unlink (campbell);
  g_rmdir (dir);
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
  cli_de (&markdown, "list", "--markdown", NULL);
  g_assert_cmpint (markdown.status, ==, 0);
  g_assert_true (g_file_get_contents (catalogue_path, &catalogue, NULL, NULL));
  g_assert_cmpstr (markdown.out, ==, catalogue);
  g_unlink (broken);
}

/* ---- Outputs: never onto an input, links followed, special files written
 * as they are, permissions kept, every write checked (issue 7). */

static void
test_output_onto_input (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cli-XXXXXX", NULL);
  g_autofree char *model = sw_test_copy_example (dir, "first.shaft");
  g_autofree char *dotted = g_build_filename (dir, ".", "first.shaft", NULL);
  g_autofree char *hard = g_build_filename (dir, "hard.shaft", NULL);
  g_autofree char *before = NULL, *after = NULL;
  const char *outputs[] = { model, dotted, hard };

  g_assert_true (g_file_get_contents (model, &before, NULL, NULL));
  g_assert_cmpint (link (model, hard), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      g_auto (Run) r = { 0 }, forced = { 0 }, frf = { 0 };

      cli (&r, "simulate", model, "-o", outputs[i], NULL);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_nonnull (strstr (r.err, "-o"));
      g_assert_nonnull (strstr (r.err, "input"));
      cli (&forced, "simulate", model, "--force", "-o", outputs[i], NULL);
      g_assert_cmpint (forced.status, ==, 2);
      cli (&frf, "frf", model, "--input", "torque", "--output", "inertia3.w", "-o", outputs[i], NULL);
      g_assert_cmpint (frf.status, ==, 2);
    }
  g_assert_true (g_file_get_contents (model, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  sw_test_remove_tree (dir);
}

/* Nor onto a file the model reads (issue 21, item 10): the twin-engine
 * drive's engine-unit.shaft, for every command with -o, with --force too;
 * refused before any work, the file as it was. */
static void
test_output_onto_subsystem (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cli-XXXXXX", NULL);
  g_autofree char *marine = g_build_filename (dir, "marine", NULL);
  g_autofree char *unit = NULL, *model = NULL;
  g_autofree char *before = NULL, *after = NULL;

  g_assert_cmpint (g_mkdir (marine, 0700), ==, 0);
  unit = sw_test_copy_example (dir, "marine/engine-unit.shaft");
  model = sw_test_copy_example (dir, "marine/twin-engine.shaft");

  g_assert_true (g_file_get_contents (unit, &before, NULL, NULL));
  {
    g_auto (Run) simulate = { 0 }, forced = { 0 }, exported = { 0 }, frf = { 0 }, campbell = { 0 };

    cli (&simulate, "simulate", model, "-o", unit, NULL);
    g_assert_cmpint (simulate.status, ==, 2);
    g_assert_nonnull (strstr (simulate.err, "-o: Cannot write"));
    g_assert_nonnull (strstr (simulate.err, "engine-unit.shaft”, which writing would destroy"));
    cli (&forced, "simulate", model, "--force", "-o", unit, NULL);
    g_assert_cmpint (forced.status, ==, 2);
    cli (&exported, "export", model, "-o", unit, NULL);
    g_assert_cmpint (exported.status, ==, 2);
    cli (&frf, "frf", model, "--input", "engine1", "--output", "propeller.w", "-o", unit, NULL);
    g_assert_cmpint (frf.status, ==, 2);
    cli (&campbell, "campbell", model, "-o", unit, NULL);
    g_assert_cmpint (campbell.status, ==, 2);
  }
  g_assert_true (g_file_get_contents (unit, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  sw_test_remove_tree (dir);
}

static void
test_output_links_and_modes (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_autofree char *dir = g_dir_make_tmp ("cli-XXXXXX", NULL);
  g_autofree char *real = g_build_filename (dir, "real.csv", NULL);
  g_autofree char *link = g_build_filename (dir, "link.csv", NULL);
  g_autofree char *locked = g_build_filename (dir, "locked.csv", NULL);
  g_autofree char *contents = NULL;
  g_auto (Run) r = { 0 }, r_private = { 0 }, r_locked = { 0 }, r_forced = { 0 }, r_stdout = { 0 };
  GStatBuf st;

  /* Through a symbolic link: the target gets the CSV, the link stays. */
  g_assert_true (g_file_set_contents (real, "old", -1, NULL));
  g_assert_cmpint (symlink ("real.csv", link), ==, 0);
  cli (&r, "simulate", model, "--interval", "0.5", "-o", link, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_true (g_file_get_contents (real, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "time,"));

  /* 0600 stays 0600. */
  g_assert_cmpint (g_chmod (real, 0600), ==, 0);
  cli (&r_private, "simulate", model, "--interval", "0.5", "-o", real, NULL);
  g_assert_cmpint (r_private.status, ==, 0);
  g_assert_cmpint (g_stat (real, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);

  /* 0444: refused (naming --force) before simulating, replaced with --force, still 0444. */
  g_assert_true (g_file_set_contents (locked, "old", -1, NULL));
  g_assert_cmpint (g_chmod (locked, 0444), ==, 0);
  cli (&r_locked, "simulate", model, "--interval", "0.5", "-o", locked, NULL);
  g_assert_cmpint (r_locked.status, ==, 2);
  g_assert_nonnull (strstr (r_locked.err, "read-only"));
  g_assert_nonnull (strstr (r_locked.err, "--force"));
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (locked, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "old");
  cli (&r_forced, "simulate", model, "--interval", "0.5", "--force", "-o", locked, NULL);
  g_assert_cmpint (r_forced.status, ==, 0);
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (locked, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "time,"));
  g_assert_cmpint (g_stat (locked, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0444);
  g_assert_cmpuint (sw_test_count_entries (dir), ==, 3);

  /* /dev/stdout is this process's standard output, not a file to replace. */
  cli (&r_stdout, "simulate", model, "--interval", "0.5", "-o", "/dev/stdout", NULL);
  g_assert_cmpint (r_stdout.status, ==, 0);
  g_assert_true (g_str_has_prefix (r_stdout.out, "time,"));
  sw_test_remove_tree (dir);
}

static gpointer
read_fifo (gpointer path)
{
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

static void
test_output_special_files (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_autofree char *dir = g_dir_make_tmp ("cli-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "pipe", NULL);
  g_autofree char *full_link = g_build_filename (dir, "full.csv", NULL);
  g_autofree char *received = NULL;
  g_auto (Run) r_full = { 0 }, r_link = { 0 }, r_png = { 0 }, r_fifo = { 0 };
  GThread *reader;
  GStatBuf st;

  /* A full device: "No space left on device", exit 1; it stays a device. */
  if (g_stat ("/dev/full", &st) == 0 && S_ISCHR (st.st_mode))
    {
      cli (&r_full, "simulate", model, "-o", "/dev/full", NULL);
      g_assert_cmpint (r_full.status, ==, 1);
      g_assert_nonnull (strstr (r_full.err, "No space left on device"));
      g_assert_cmpint (symlink ("/dev/full", full_link), ==, 0);
      cli (&r_link, "simulate", model, "-o", full_link, NULL);
      g_assert_cmpint (r_link.status, ==, 1);
      g_assert_nonnull (strstr (r_link.err, "No space left on device"));
      g_assert_cmpint (g_lstat (full_link, &st), ==, 0);
      g_assert_true (S_ISLNK (st.st_mode));
      cli (&r_png, "plot", model, "-o", "/dev/full", NULL);
      g_assert_cmpint (r_png.status, ==, 2); /* not an image name */
      g_assert_cmpint (g_stat ("/dev/full", &st), ==, 0);
      g_assert_true (S_ISCHR (st.st_mode));
    }

  /* A FIFO is written, not replaced. */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  reader = g_thread_new ("reader", read_fifo, fifo);
  cli (&r_fifo, "simulate", model, "--interval", "0.5", "-o", fifo, NULL);
  received = g_thread_join (reader);
  g_assert_cmpint (r_fifo.status, ==, 0);
  g_assert_true (g_str_has_prefix (received, "time,"));
  g_assert_cmpint (g_lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
  sw_test_remove_tree (dir);
}

static void
test_output_refused_first (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cli-XXXXXX", NULL);
  g_autofree char *model = sw_test_copy_example (dir, "first.shaft");
  g_autofree char *txt = g_build_filename (dir, "x.txt", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing", "out.csv", NULL);
  g_autofree char *missing_png = g_build_filename (dir, "missing", "out.png", NULL);
  g_auto (Run) r_txt = { 0 }, r_missing = { 0 }, r_png = { 0 }, r_campbell = { 0 };
  gint64 start = g_get_monotonic_time ();

  /* A stop time that would take minutes: refused at once, as usage errors
   * naming the option, and nothing is created. */
  cli (&r_txt, "plot", model, "--stop-time", "100000", "-o", txt, NULL);
  g_assert_cmpint (r_txt.status, ==, 2);
  g_assert_nonnull (strstr (r_txt.err, "-o"));
  g_assert_nonnull (strstr (r_txt.err, "x.txt"));
  cli (&r_missing, "simulate", model, "--stop-time", "100000", "-o", missing, NULL);
  g_assert_cmpint (r_missing.status, ==, 2);
  g_assert_nonnull (strstr (r_missing.err, "-o"));
  g_assert_nonnull (strstr (r_missing.err, "missing"));
  cli (&r_png, "plot", model, "--stop-time", "100000", "-o", missing_png, NULL);
  g_assert_cmpint (r_png.status, ==, 2);
  cli (&r_campbell, "campbell", model, "--shaft", "inertia1", "--speed-range", "0:1000", "-o", missing, NULL);
  g_assert_cmpint (r_campbell.status, ==, 2);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 60 * G_USEC_PER_SEC);
  g_assert_cmpuint (sw_test_count_entries (dir), ==, 1);
  sw_test_remove_tree (dir);
}

/* A PNG onto a full file system: an error, no truncated file. Needs a small
 * tmpfs (root); skipped without, except under CI (which runs as root). */
static void
test_output_full_disk (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_autofree char *dir = g_dir_make_tmp ("cli-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "p.png", NULL);
  g_autofree char *csv = g_build_filename (dir, "p.csv", NULL);
  g_auto (Run) r_png = { 0 }, r_csv = { 0 };

  if (mount ("tmpfs", dir, "tmpfs", 0, "size=64k") != 0)
    {
      int saved_errno = errno;

      g_rmdir (dir);
      if (g_getenv ("CI") != NULL && getuid () == 0)
        g_error ("cannot mount a tmpfs: %s", g_strerror (saved_errno));
      g_test_skip ("a small tmpfs needs root");
      return;
    }
  cli (&r_png, "plot", model, "-o", png, NULL);
  g_assert_cmpint (r_png.status, ==, 1);
  g_assert_nonnull (strstr (r_png.err, "No space left on device"));
  g_assert_nonnull (strstr (r_png.err, "p.png"));
  cli (&r_csv, "simulate", model, "-o", csv, NULL);
  g_assert_cmpint (r_csv.status, ==, 1);
  g_assert_nonnull (strstr (r_csv.err, "No space left on device"));
  g_assert_cmpuint (sw_test_count_entries (dir), ==, 0);
  g_assert_cmpint (umount (dir), ==, 0);
  g_rmdir (dir);
}

/* Whether process pid has a file in dir open (the output being written:
 * "DIR/#123 (deleted)" for an O_TMPFILE, "DIR/.out.csv.XXXXXX" otherwise;
 * not the model it reads). */
static gboolean
writes_into (GPid pid, const char *dir, const char *model)
{
  g_autofree char *fds = g_strdup_printf ("/proc/%d/fd", pid);
  g_autoptr (GDir) d = g_dir_open (fds, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *fd = g_build_filename (fds, name, NULL);
      g_autofree char *target = g_file_read_link (fd, NULL);

      if (target != NULL && g_str_has_prefix (target, dir) && target[strlen (dir)] == '/'
          && strcmp (target, model) != 0)
        return TRUE;
    }
  return FALSE;
}

static void
test_output_interrupted (gconstpointer data)
{
  gboolean named = GPOINTER_TO_INT (data);
  g_autofree char *dir = g_dir_make_tmp ("cli-XXXXXX", NULL);
  g_autofree char *model = sw_test_copy_example (dir, "first.shaft");
  g_autofree char *out = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *contents = NULL;
  g_auto (GStrv) env = run_environ (FALSE);
  g_autoptr (GError) error = NULL;
  const char *argv[] = { g_getenv ("SW_CLI"), "simulate", model, "--stop-time", "1", "--interval", "2e-5",
                         "-o", out, NULL };
  gint64 deadline = g_get_monotonic_time () + 240 * G_USEC_PER_SEC;
  gboolean caught = FALSE;
  GPid pid;
  int status;

  if (named)
    env = g_environ_setenv (env, "SW_OUTPUT_FILE_NO_TMPFILE", "1", TRUE);
  g_assert_true (g_file_set_contents (out, "old", -1, NULL));
  g_spawn_async (NULL, (char **) argv, env, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL,
                 NULL, NULL, &pid, &error);
  g_assert_no_error (error);
  /* Ctrl+C while the CSV (38 MB, seconds of formatting) is being written. */
  while (g_get_monotonic_time () < deadline && waitpid (pid, &status, WNOHANG) == 0)
    {
      if (writes_into (pid, dir, model))
        {
          caught = TRUE;
          kill (pid, SIGINT);
          break;
        }
      g_usleep (2000);
    }
  if (caught)
    g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  g_assert_true (caught);
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, SIGINT);
  /* The model and the old output, nothing else. */
  g_assert_cmpuint (sw_test_count_entries (dir), ==, 2);
  g_assert_true (g_file_get_contents (out, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "old");
  sw_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/cli/help-and-usage", test_help_and_usage);
  g_test_add_func ("/app/cli/simulate-csv", test_simulate_csv);
  g_test_add_func ("/app/cli/simulate-stats", test_simulate_stats);
  g_test_add_func ("/app/cli/simulate-options", test_simulate_options);
  g_test_add_func ("/app/cli/simulate-events", test_simulate_events);
  g_test_add_func ("/app/cli/event-rows", test_event_rows);
  g_test_add_func ("/app/cli/check", test_check);
  g_test_add_func ("/app/cli/hostile-values", test_hostile_values);
  g_test_add_func ("/app/cli/progress", test_progress);
  g_test_add_func ("/app/cli/streamed-rows", test_streamed_rows);
  g_test_add_func ("/app/cli/examples", test_examples);
  g_test_add_func ("/app/cli/list", test_list);
  g_test_add_func ("/app/cli/list-tables", test_list_tables);
  g_test_add_func ("/app/cli/list-expressions", test_list_expressions);
  g_test_add_func ("/app/cli/catalogue-current", test_catalogue_current);
  g_test_add_func ("/app/cli/plot", test_plot);
  g_test_add_func ("/app/cli/modal", test_modal);
  g_test_add_func ("/app/cli/friction-option", test_friction_option);
  g_test_add_func ("/app/cli/frf-and-campbell", test_frf_and_campbell);
  g_test_add_func ("/app/cli/options-refused", test_options_refused);
  g_test_add_func ("/app/cli/campbell-mesh-order", test_campbell_mesh_order);
  g_test_add_func ("/app/cli/frf-db", test_frf_db);
  g_test_add_func ("/app/cli/german", test_german);
  g_test_add_func ("/app/cli/output/onto-input", test_output_onto_input);
  g_test_add_func ("/app/cli/output/onto-subsystem", test_output_onto_subsystem);
  g_test_add_func ("/app/cli/output/links-and-modes", test_output_links_and_modes);
  g_test_add_func ("/app/cli/output/special-files", test_output_special_files);
  g_test_add_func ("/app/cli/output/refused-first", test_output_refused_first);
  g_test_add_func ("/app/cli/output/full-disk", test_output_full_disk);
  g_test_add_data_func ("/app/cli/output/interrupted", GINT_TO_POINTER (FALSE), test_output_interrupted);
  g_test_add_data_func ("/app/cli/output/interrupted-named-temporary", GINT_TO_POINTER (TRUE),
                        test_output_interrupted);
  return g_test_run ();
}
