/* test-cli-output.c: shaftwork-cli's output files: never onto an input, links,
 * special files, refusals before writing, a full disk, interruptions.
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
#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "sw-kind.h"
#include "sw-test-files.h"
#include "test-cli-common.h"

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
  {
    g_auto (Run) forced = { 0 }, study = { 0 };

    cli (&forced, "forced", model, "--speed-range", "100:200", "-o", unit, NULL);
    g_assert_cmpint (forced.status, ==, 2);
    g_assert_nonnull (strstr (forced.err, "engine-unit.shaft”, which writing would destroy"));
    cli (&study, "study", model, "--vary", "engine1.J_fly=1,2", "--outputs", "max(propeller.w)", "-o", unit, NULL);
    g_assert_cmpint (study.status, ==, 2);
    g_assert_nonnull (strstr (study.err, "engine-unit.shaft”, which writing would destroy"));
  }
  g_assert_true (g_file_get_contents (unit, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  sw_test_remove_tree (dir);
}

/* A Modelica model's table file (CombiTimeTable's fileName) is an input
 * too: -o onto it is refused by every command that writes, the table as it
 * was (simulate, import, export and study replaced it, exit 0). */
static void
test_output_onto_table_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cli-XXXXXX", NULL);
  g_autofree char *table = g_build_filename (dir, "tab.txt", NULL);
  g_autofree char *model = g_build_filename (dir, "m.mo", NULL);
  g_autofree char *after = NULL;
  static const char tab[] = "#1\ndouble tab1(2,2)\n0 0\n1 2\n";
  static const char mo[] =
    "model T\n"
    "  Modelica.Blocks.Sources.CombiTimeTable t(tableOnFile=true, tableName=\"tab1\", fileName=\"tab.txt\");\n"
    "  Modelica.Mechanics.Rotational.Sources.Torque torque;\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia j(J=1);\n"
    "equation\n"
    "  connect(t.y[1], torque.tau);\n"
    "  connect(torque.flange, j.flange_a);\n"
    "  annotation (experiment(StopTime=1, Interval=0.1));\n"
    "end T;\n";
  const char *const commands[][8] = {
    { "simulate", model, "-o", table },
    { "simulate", model, "--force", "-o", table },
    { "import", model, "-o", table },
    { "export", model, "-o", table },
    { "study", model, "--vary", "j.J=1,2", "--outputs", "max(j.w)", "-o", table },
    { "frf", model, "--input", "torque", "--output", "j.w", "-o", table },
  };

  g_assert_true (g_file_set_contents (table, tab, -1, NULL));
  g_assert_true (g_file_set_contents (model, mo, -1, NULL));
  for (guint k = 0; k < G_N_ELEMENTS (commands); k++)
    {
      g_auto (Run) r = { 0 };

      cli (&r, commands[k][0], commands[k][1], commands[k][2], commands[k][3], commands[k][4], commands[k][5],
           commands[k][6], commands[k][7], NULL);
      g_test_message ("%s: %s", commands[k][0], r.err);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_nonnull (strstr (r.err, "tab.txt”, which writing would destroy"));
    }
  g_assert_true (g_file_get_contents (table, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, tab);
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

/* The exit status of the CLI with its standard output on /dev/full. */
static int
run_to_full (const char *command, ...)
{
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_auto (GStrv) env = run_environ (FALSE);
  g_autoptr (GError) error = NULL;
  va_list ap;

  g_ptr_array_add (args, (gpointer) g_getenv ("SW_CLI"));
  g_ptr_array_add (args, (gpointer) command);
  va_start (ap, command);
  for (const char *a = va_arg (ap, const char *); a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  g_subprocess_launcher_set_environ (launcher, env);
  g_subprocess_launcher_set_stdout_file_path (launcher, "/dev/full");
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) args->pdata, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_wait (process, NULL, &error));
  g_assert_no_error (error);
  return g_subprocess_get_exit_status (process);
}

static void
test_output_special_files (void)
{
  g_autofree char *model = sw_test_example_path ("first.shaft");
  g_autofree char *dir = g_dir_make_tmp ("cli-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "pipe", NULL);
  g_autofree char *full_link = g_build_filename (dir, "full.csv", NULL);
  g_autofree char *received = NULL;
  g_autofree char *exported = NULL;
  g_auto (Run) r_full = { 0 }, r_link = { 0 }, r_png = { 0 }, r_fifo = { 0 }, r_export = { 0 }, r_export_fifo = { 0 };
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
      /* export wrote beside the target and renamed over it: as root, the
       * device became a plain file (hos26). */
      cli (&r_export, "export", model, "-o", "/dev/full", NULL);
      g_assert_cmpint (r_export.status, ==, 1);
      g_assert_nonnull (strstr (r_export.err, "No space left on device"));
      g_assert_cmpint (g_stat ("/dev/full", &st), ==, 0);
      g_assert_true (S_ISCHR (st.st_mode));
      /* modal --json writes its descriptor itself: a full disk is exit 1. */
      g_assert_cmpint (run_to_full ("modal", model, "--json", NULL), ==, 1);
      g_assert_cmpint (run_to_full ("modal", model, NULL), ==, 1);
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
  reader = g_thread_new ("reader", read_fifo, fifo);
  cli (&r_export_fifo, "export", model, "-o", fifo, NULL);
  exported = g_thread_join (reader);
  g_assert_cmpint (r_export_fifo.status, ==, 0);
  g_assert_true (g_str_has_prefix (exported, "model "));
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
  g_test_add_func ("/app/cli/output/onto-input", test_output_onto_input);
  g_test_add_func ("/app/cli/output/onto-subsystem", test_output_onto_subsystem);
  g_test_add_func ("/app/cli/output/onto-table-file", test_output_onto_table_file);
  g_test_add_func ("/app/cli/output/links-and-modes", test_output_links_and_modes);
  g_test_add_func ("/app/cli/output/special-files", test_output_special_files);
  g_test_add_func ("/app/cli/output/refused-first", test_output_refused_first);
  g_test_add_func ("/app/cli/output/full-disk", test_output_full_disk);
  g_test_add_data_func ("/app/cli/output/interrupted", GINT_TO_POINTER (FALSE), test_output_interrupted);
  g_test_add_data_func ("/app/cli/output/interrupted-named-temporary", GINT_TO_POINTER (TRUE),
                        test_output_interrupted);
  return g_test_run ();
}
