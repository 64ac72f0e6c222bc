/* test-cli-simulate.c: shaftwork-cli simulate as a user runs it: CSV,
 * statistics, options, events and their rows, hostile values, refused options,
 * progress, streamed rows.
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
      { "--stop-time", "-0" }, { "--stop-time", "1e-320" },   /* a denormal: named, not refused by the run */
      { "--stop-time", "1s" }, { "--interval", "-inf" }, { "--interval", "0" }, { "--tolerance", "-inf" },
      { "--tolerance", "1" }, { "--tolerance", "0" },
      { "--tolerance", "1e-300" },   /* below doubles: the run blamed stiffness or overflow (hos26) */
      { "--variables", "nope.w" }, { "--variables", "," },
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
  g_auto (Run) zero = { 0 }, not_a_number = { 0 }, reversed = { 0 }, all = { 0 }, speeds = { 0 };

  cli (&zero, "frf", first, "--input", "torque", "--output", "inertia3.w", "--from", "0", "--to", "0", NULL);
  g_assert_cmpint (zero.status, ==, 2);
  g_assert_nonnull (strstr (zero.err, "--from “0” is not valid; valid: a frequency in Hz above 0"));
  g_assert_cmpstr (zero.out, ==, "");
  /* --from nan stood for "not given": the default range, without a word
   * (hos26). */
  cli (&not_a_number, "frf", first, "--input", "torque", "--output", "inertia3.w", "--from", "nan", NULL);
  g_assert_cmpint (not_a_number.status, ==, 2);
  g_assert_nonnull (strstr (not_a_number.err, "--from “nan” is not valid"));
  g_assert_cmpstr (not_a_number.out, ==, "");
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
  /* check, which has no --variables, names the command that has (it said
   * "fewer variables"). */
  {
    g_auto (Run) checked = { 0 };
    g_autofree char *path = write_temp_model ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": "
                                              "[{\"id\": \"j\", \"kind\": \"rotational.inertia\"}], "
                                              "\"simulation\": {\"stop_time\": 1e300, \"output_interval\": 1e-300}}");

    cli (&checked, "check", path, NULL);
    g_assert_cmpint (checked.status, ==, 1);
    g_assert_nonnull (strstr (checked.err, "fewer variables to record (simulate’s --variables)"));
    g_unlink (path);
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
   * 1e-6 of its 3e-7 rad/s): 1.1 M steps a row, about 8 s. */
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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/cli/simulate-csv", test_simulate_csv);
  g_test_add_func ("/app/cli/simulate-stats", test_simulate_stats);
  g_test_add_func ("/app/cli/simulate-options", test_simulate_options);
  g_test_add_func ("/app/cli/simulate-events", test_simulate_events);
  g_test_add_func ("/app/cli/event-rows", test_event_rows);
  g_test_add_func ("/app/cli/hostile-values", test_hostile_values);
  g_test_add_func ("/app/cli/progress", test_progress);
  g_test_add_func ("/app/cli/streamed-rows", test_streamed_rows);
  g_test_add_func ("/app/cli/options-refused", test_options_refused);
  return g_test_run ();
}
