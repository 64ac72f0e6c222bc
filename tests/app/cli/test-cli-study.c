/* test-cli-study.c: shaftwork-cli study as a user runs it: the table,
 * the same whatever --jobs, shards and merge, failed runs as rows, the
 * Slurm scripts (run here with sh, as a task would run them), status.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib.h>
#include <json-glib/json-glib.h>
#include <glib/gstdio.h>

#include "sw-test-files.h"
#include "test-cli-common.h"

#define VARY1 "coupling.c=1e3,-1,2e3,4e3,6e3,8e3"
#define VARY2 "load.J=1:4:3:log"
#define OUTS  "max(load.w),mode(2).frequency_hz,hub1.w@1.5,cross(load.phi,0.5)"

static char *
read_file (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* The local table, and checks of its shape: a header, a row per run in
 * order, the failed runs with their error. */
static char *
local_table (const char *dir, const char *model, const char *jobs)
{
  g_autofree char *out = g_build_filename (dir, "local.csv", NULL);
  g_auto (Run) r = { 0 };

  cli (&r, "study", model, "--vary", VARY1, "--vary", VARY2, "--outputs", OUTS, "--jobs", jobs, "-o", out, NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);
  return read_file (out);
}

static void
test_table (void)
{
  g_autofree char *dir = g_dir_make_tmp ("study-XXXXXX", NULL);
  g_autofree char *model = sw_test_copy_example (dir, "fourbody.shaft");
  g_autofree char *one = local_table (dir, model, "1");
  g_autofree char *two = local_table (dir, model, "2");
  g_autofree char *three = local_table (dir, model, "3");
  g_auto (GStrv) lines = g_strsplit (one, "\n", -1);
  g_auto (Run) out = { 0 };

  g_assert_cmpstr (one, ==, two);
  g_assert_cmpstr (one, ==, three);
  /* 6 stiffnesses x 3 inertias, a header and the last line's end. */
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 18 + 1);
  /* A column whose name holds a comma is quoted. */
  g_assert_cmpstr (lines[0], ==,
                   "run,coupling.c,load.J,max(load.w),mode(2).frequency_hz,hub1.w@1.5,\"cross(load.phi,0.5)\",error");
  g_assert_true (g_str_has_prefix (lines[1], "0,1000,1,"));
  g_assert_true (g_str_has_suffix (lines[1], ","));
  g_assert_true (g_str_has_prefix (lines[3], "2,1000,4,"));
  /* The log range's middle: sqrt (1 x 4). */
  g_assert_true (g_str_has_prefix (lines[2], "1,1000,2,"));
  /* c = -1: three failed rows, outputs empty, the error names the parameter. */
  for (guint i = 4; i <= 6; i++)
    {
      g_assert_nonnull (strstr (lines[i], ",,,,"));
      g_assert_nonnull (strstr (lines[i], "“c” = -1"));
    }
  g_assert_true (g_str_has_prefix (lines[7], "6,2000,1,"));
  g_assert_true (g_str_has_prefix (lines[18], "17,8000,4,"));
  /* Standard output gets the same table. */
  cli (&out, "study", model, "--vary", VARY1, "--vary", VARY2, "--outputs", OUTS, NULL);
  g_assert_cmpint (out.status, ==, 0);
  g_assert_cmpstr (out.out, ==, one);
  sw_test_remove_tree (dir);
}

static void
test_shards_merge (void)
{
  g_autofree char *dir = g_dir_make_tmp ("study-XXXXXX", NULL);
  g_autofree char *model = sw_test_copy_example (dir, "fourbody.shaft");
  g_autofree char *whole = local_table (dir, model, "2");
  g_autofree char *merged = g_build_filename (dir, "merged.csv", NULL);
  g_autofree char *text = NULL;
  char *shards[5];
  g_auto (Run) m = { 0 }, twice = { 0 }, other = { 0 };

  for (guint k = 0; k < 5; k++)
    {
      g_autofree char *spec = g_strdup_printf ("%u/5", k);
      g_autofree char *name = g_strdup_printf ("shard-%u.csv", k);
      g_auto (Run) r = { 0 };

      shards[k] = g_build_filename (dir, name, NULL);
      cli (&r, "study", model, "--vary", VARY1, "--vary", VARY2, "--outputs", OUTS, "--shard", spec, "-o", shards[k],
           NULL);
      g_assert_cmpint (r.status, ==, 0);
    }
  /* Any order of the shards. */
  cli (&m, "study", "merge", shards[3], shards[0], shards[4], shards[2], shards[1], "-o", merged, NULL);
  g_assert_cmpint (m.status, ==, 0);
  text = read_file (merged);
  g_assert_cmpstr (text, ==, whole);
  cli (&twice, "study", "merge", shards[0], shards[0], NULL);
  g_assert_cmpint (twice.status, ==, 1);
  g_assert_nonnull (strstr (twice.err, "more than one"));
  {
    g_autofree char *odd = g_build_filename (dir, "odd.csv", NULL);

    g_assert_true (g_file_set_contents (odd, "run,x,error\n0,1,\n", -1, NULL));
    cli (&other, "study", "merge", shards[0], odd, NULL);
    g_assert_cmpint (other.status, ==, 1);
    g_assert_nonnull (strstr (other.err, "columns differ"));
  }
  for (guint k = 0; k < 5; k++)
    g_free (shards[k]);
  sw_test_remove_tree (dir);
}

/* The same seed, the same sample; a shard of a sample is a slice of it. */
static void
test_sample (void)
{
  g_autofree char *dir = g_dir_make_tmp ("study-XXXXXX", NULL);
  g_autofree char *model = sw_test_copy_example (dir, "fourbody.shaft");
  g_auto (Run) a = { 0 }, b = { 0 }, c = { 0 }, s = { 0 };

  cli (&a, "study", model, "--vary", "coupling.c=lognormal:8:0.3", "--vary", "shaft.c=uniform:4e4:6e4",
       "--outputs", "mode(2).frequency_hz", "--sample", "lhs:20", "--seed", "5", NULL);
  cli (&b, "study", model, "--vary", "coupling.c=lognormal:8:0.3", "--vary", "shaft.c=uniform:4e4:6e4",
       "--outputs", "mode(2).frequency_hz", "--sample", "lhs:20", "--seed", "5", "--jobs", "2", NULL);
  cli (&c, "study", model, "--vary", "coupling.c=lognormal:8:0.3", "--vary", "shaft.c=uniform:4e4:6e4",
       "--outputs", "mode(2).frequency_hz", "--sample", "lhs:20", "--seed", "6", NULL);
  cli (&s, "study", model, "--vary", "coupling.c=lognormal:8:0.3", "--vary", "shaft.c=uniform:4e4:6e4",
       "--outputs", "mode(2).frequency_hz", "--sample", "lhs:20", "--seed", "5", "--shard", "1/2", NULL);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_cmpstr (a.out, ==, b.out);
  g_assert_cmpstr (a.out, !=, c.out);
  {
    g_auto (GStrv) all = g_strsplit (a.out, "\n", -1);
    g_auto (GStrv) half = g_strsplit (s.out, "\n", -1);

    g_assert_cmpuint (g_strv_length (all), ==, 22);
    g_assert_cmpuint (g_strv_length (half), ==, 12);
    for (guint i = 1; i <= 10; i++)
      g_assert_cmpstr (half[i], ==, all[10 + i]);
  }
  sw_test_remove_tree (dir);
}

static void
test_usage (void)
{
  g_autofree char *model = sw_test_example_path ("fourbody.shaft");
  const struct { const char *args[6]; const char *says; } bad[] = {
    { { "--vary", "coupling.c=1,2", NULL }, "no --outputs" },
    { { "--vary", "coupling.c=1,x", "--outputs", "events", NULL }, "“x” is not a number" },
    { { "--vary", "nobody.c=1", "--outputs", "events", NULL }, "no component “nobody”" },
    { { "--vary", "signals.drive.amplitude=1", "--outputs", "events", NULL },
      "no shared signal “drive”; valid: none (the model’s \"signals\" is empty)" },
    { { "--vary", "coupling.c=1", "--outputs", "max(nobody.w)", NULL }, "nobody.w" },
    { { "--vary", "coupling.c=1", "--outputs", "mode(0).frequency_hz", NULL }, "mode(K)" },
    { { "--outputs", "events", "--sample", "lhs", NULL }, "--sample" },
    { { "--outputs", "events", "--shard", "3/3", NULL }, "--shard" },
    { { "--outputs", "events", "--shards", "3", NULL }, "--slurm" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_auto (Run) r = { 0 };
      const char *const *a = bad[i].args;

      cli (&r, "study", model, a[0], a[1], a[2], a[3], a[4], a[5], NULL);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_nonnull (strstr (r.err, bad[i].says));
    }
}

/* What --slurm writes on #SBATCH lines and into study.ini: a newline in
 * --partition started a line of the script of its own (hos26). Refused
 * before anything is written. */
static void
test_slurm_injection (void)
{
  g_autofree char *model = sw_test_example_path ("fourbody.shaft");
  g_autofree char *dir = g_dir_make_tmp ("cli-study-XXXXXX", NULL);
  g_autofree char *slurm = g_build_filename (dir, "slurm", NULL);
  g_autofree char *newline_dir = g_build_filename (dir, "a\nb", NULL);
  const char *const bad[][2] = {
    { "--partition", "x\ntouch injected" }, { "--time", "1:00 \n#" }, { "--mem", "2G;id" }, { "--mem", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_auto (Run) r = { 0 };

      cli (&r, "study", model, "--vary", "coupling.c=1,2", "--outputs", "events", "--slurm", slurm, bad[i][0], bad[i][1],
           NULL);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_nonnull (strstr (r.err, bad[i][0]));
      g_assert_nonnull (strstr (r.err, "#SBATCH"));
    }
  {
    g_auto (Run) r = { 0 };

    /* The message shows the newline escaped, on one line. */
    cli (&r, "study", model, "--vary", "coupling.c=1,2", "--outputs", "events", "--slurm", slurm, "--partition",
         bad[0][1], NULL);
    g_assert_nonnull (strstr (r.err, "“x\\ntouch injected”"));
  }
  {
    g_auto (Run) r = { 0 };

    cli (&r, "study", model, "--vary", "coupling.c=1,2", "--outputs", "events", "--slurm", newline_dir, NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "control characters"));
  }
  g_assert_cmpuint (sw_test_count_entries (dir), ==, 0);
  sw_test_remove_tree (dir);
}

/* The Slurm scripts, run with sh as Slurm would (tests/app/cli/
 * test-study-slurm.sh runs them on a real Slurm): four tasks, then the
 * merge, give the local table; status counts what is there. */
static void
test_slurm_scripts (void)
{
  g_autofree char *dir = g_dir_make_tmp ("study-XXXXXX", NULL);
  g_autofree char *model = sw_test_copy_example (dir, "fourbody.shaft");
  g_autofree char *whole = local_table (dir, model, "2");
  g_autofree char *slurm = g_build_filename (dir, "slurm", NULL);
  g_autofree char *array = g_build_filename (slurm, "study.sbatch", NULL);
  g_autofree char *merge = g_build_filename (slurm, "merge.sbatch", NULL);
  g_autofree char *table = g_build_filename (slurm, "study.csv", NULL);
  g_autofree char *script = NULL, *merged = NULL;
  g_auto (Run) w = { 0 }, before = { 0 }, after = { 0 };

  cli (&w, "study", model, "--vary", VARY1, "--vary", VARY2, "--outputs", OUTS, "--slurm", slurm, "--shards", "4",
       "--partition", "debug", "--time", "0:10:00", "--mem", "500M", NULL);
  g_assert_cmpint (w.status, ==, 0);
  script = read_file (array);
  g_assert_nonnull (strstr (script, "#SBATCH --array=0-3\n"));
  g_assert_nonnull (strstr (script, "#SBATCH --partition=debug\n"));
  g_assert_nonnull (strstr (script, "#SBATCH --time=0:10:00\n"));
  g_assert_nonnull (strstr (script, "#SBATCH --mem=500M\n"));
  cli (&before, "study", "status", slurm, NULL);
  g_assert_cmpint (before.status, ==, 0);
  g_assert_nonnull (strstr (before.out, "shards finished: 0 of 4"));
  g_assert_nonnull (strstr (before.out, "not merged"));
  for (guint k = 0; k < 4; k++)
    {
      g_autofree char *id = g_strdup_printf ("%u", k);
      const char *argv[] = { "/bin/sh", array, NULL };
      g_auto (GStrv) env = g_environ_setenv (g_get_environ (), "SLURM_ARRAY_TASK_ID", id, TRUE);
      int status = -1;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, NULL));
      g_assert_cmpint (status, ==, 0);
    }
  {
    const char *argv[] = { "/bin/sh", merge, NULL };
    int status = -1;

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, NULL));
    g_assert_cmpint (status, ==, 0);
  }
  merged = read_file (table);
  g_assert_cmpstr (merged, ==, whole);
  cli (&after, "study", "status", slurm, NULL);
  g_assert_nonnull (strstr (after.out, "shards finished: 4 of 4"));
  g_assert_nonnull (strstr (after.out, "runs finished: 18 of 18 (3 failed)"));
  g_assert_nonnull (strstr (after.out, "table: /"));
  sw_test_remove_tree (dir);
}

/* A row of the table equals the same run done alone with simulate and
 * modal: bit for bit for the max (the CSVs hold the shortest text that
 * reads back to the same double), to 1e-12 for the frequency. */
static void
test_row_equals_alone (void)
{
  g_autofree char *dir = g_dir_make_tmp ("study-XXXXXX", NULL);
  g_autofree char *model = sw_test_copy_example (dir, "fourbody.shaft");
  g_autofree char *edited = g_build_filename (dir, "edited.shaft", NULL);
  g_autofree char *text = read_file (model);
  g_autofree char *changed = NULL;
  g_auto (Run) study = { 0 }, sim = { 0 }, modal = { 0 };
  g_auto (GStrv) rows = NULL, row = NULL, lines = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  double max = -INFINITY, f;
  char *at;

  cli (&study, "study", model, "--vary", "coupling.c=2e3,3e3", "--outputs", "max(load.w),mode(2).frequency_hz",
       NULL);
  g_assert_cmpint (study.status, ==, 0);
  rows = g_strsplit (study.out, "\n", -1);
  row = g_strsplit (rows[2], ",", -1);
  g_assert_cmpstr (row[1], ==, "3000");
  /* The same model with c = 3e3 written in, run alone. */
  at = strstr (text, "\"c\": 2e3");
  g_assert_nonnull (at);
  changed = g_strdup_printf ("%.*s\"c\": 3e3%s", (int) (at - text), text, at + strlen ("\"c\": 2e3"));
  g_assert_true (g_file_set_contents (edited, changed, -1, NULL));
  cli (&sim, "simulate", edited, "--variables", "load.w", NULL);
  g_assert_cmpint (sim.status, ==, 0);
  lines = g_strsplit (sim.out, "\n", -1);
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    max = fmax (max, g_ascii_strtod (strchr (lines[i], ',') + 1, NULL));
  g_assert_cmpfloat (g_ascii_strtod (row[2], NULL), ==, max);
  cli (&modal, "modal", edited, "--json", NULL);
  g_assert_cmpint (modal.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, modal.out, -1, NULL));
  f = json_object_get_double_member (
    json_array_get_object_element (json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                                                 "modes"), 1), "frequency_hz");
  g_assert_cmpfloat (fabs (g_ascii_strtod (row[3], NULL) - f), <=, 1e-12 * f);
  sw_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/study/table", test_table);
  g_test_add_func ("/cli/study/shards-merge", test_shards_merge);
  g_test_add_func ("/cli/study/sample", test_sample);
  g_test_add_func ("/cli/study/usage", test_usage);
  g_test_add_func ("/cli/study/slurm-scripts", test_slurm_scripts);
  g_test_add_func ("/cli/study/slurm-injection", test_slurm_injection);
  g_test_add_func ("/cli/study/row-equals-alone", test_row_equals_alone);
  return g_test_run ();
}
