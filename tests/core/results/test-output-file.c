/* test-output-file.c: SwOutputFile and the writers that use it: links,
 * special files, permissions, inputs, full disks, leftovers.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-output-file.h"
#include "sw-trajectory.h"
#include "sw-test-files.h"

typedef struct {
  char *dir;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  f->dir = g_dir_make_tmp ("test-output-file-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  sw_test_remove_tree (f->dir);
  g_free (f->dir);
}

static char *
in_dir (Fixture *f, const char *name)
{
  return g_build_filename (f->dir, name, NULL);
}

static void
assert_contents (const char *path, const char *expected)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (contents, ==, expected);
}

/* Written in place (g_file_set_contents would replace the file, breaking
 * hard links). */
static void
write_file (const char *path, const char *contents, int mode)
{
  FILE *fp = fopen (path, "w");

  g_assert_nonnull (fp);
  g_assert_cmpint (fputs (contents, fp), >=, 0);
  g_assert_cmpint (fclose (fp), ==, 0);
  g_assert_cmpint (g_chmod (path, mode), ==, 0);
}

static gboolean
write_text (const char *path, const char *const *inputs, SwOutputFileFlags flags, const char *text, GError **error)
{
  g_autoptr (SwOutputFile) out = sw_output_file_open (path, inputs, flags, error);

  if (out == NULL || !sw_output_file_write (out, text, strlen (text), error))
    return FALSE;
  return sw_output_file_commit (g_steal_pointer (&out), error);
}

static int
mode_of (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return st.st_mode & 07777;
}

static void
test_new_and_replace (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = in_dir (f, "out.csv");
  mode_t mask = umask (022);

  umask (mask);
  g_assert_true (write_text (path, NULL, 0, "one\n", &error));
  g_assert_no_error (error);
  assert_contents (path, "one\n");
  g_assert_cmpint (mode_of (path), ==, 0666 & ~mask);

  /* 0600 stays 0600. */
  g_assert_cmpint (g_chmod (path, 0600), ==, 0);
  g_assert_true (write_text (path, NULL, 0, "two\n", &error));
  g_assert_no_error (error);
  assert_contents (path, "two\n");
  g_assert_cmpint (mode_of (path), ==, 0600);
  g_assert_cmpuint (sw_test_count_entries (f->dir), ==, 1);
}

static void
test_read_only (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = in_dir (f, "locked.csv");

  write_file (path, "old", 0444);
  g_assert_false (sw_output_file_check (path, NULL, 0, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "locked.csv"));
  g_assert_nonnull (strstr (error->message, "read-only"));
  g_clear_error (&error);
  g_assert_false (write_text (path, NULL, 0, "new", &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_clear_error (&error);
  assert_contents (path, "old");

  /* Forced: replaced, still read-only. */
  g_assert_true (sw_output_file_check (path, NULL, SW_OUTPUT_FILE_FORCE, &error));
  g_assert_true (write_text (path, NULL, SW_OUTPUT_FILE_FORCE, "new", &error));
  g_assert_no_error (error);
  assert_contents (path, "new");
  g_assert_cmpint (mode_of (path), ==, 0444);
  g_assert_cmpuint (sw_test_count_entries (f->dir), ==, 1);
}

static void
test_symlinks (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *target = in_dir (f, "target.csv");
  g_autofree char *link = in_dir (f, "link.csv");
  g_autofree char *dangling = in_dir (f, "dangling.csv");
  g_autofree char *created = in_dir (f, "created.csv");
  g_autofree char *loop = in_dir (f, "loop.csv");
  GStatBuf st;

  write_file (target, "old", 0640);
  g_assert_cmpint (symlink ("target.csv", link), ==, 0);
  g_assert_true (write_text (link, NULL, 0, "new", &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  assert_contents (target, "new");
  g_assert_cmpint (mode_of (target), ==, 0640);

  /* A link to nowhere: its target is created. */
  g_assert_cmpint (symlink ("created.csv", dangling), ==, 0);
  g_assert_true (write_text (dangling, NULL, 0, "made", &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_lstat (dangling, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  assert_contents (created, "made");

  /* A loop: an error, nothing written. */
  g_assert_cmpint (symlink ("loop.csv", loop), ==, 0);
  g_assert_false (write_text (loop, NULL, 0, "x", &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_IO);
  g_assert_cmpuint (sw_test_count_entries (f->dir), ==, 5);
}

static void
test_hard_links (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *a = in_dir (f, "a.csv");
  g_autofree char *b = in_dir (f, "b.csv");
  GStatBuf sa, sb;

  write_file (a, "old contents, longer than the new", 0600);
  g_assert_cmpint (link (a, b), ==, 0);
  g_assert_true (write_text (a, NULL, 0, "new", &error));
  g_assert_no_error (error);
  assert_contents (a, "new");
  assert_contents (b, "new");
  g_assert_cmpint (g_stat (a, &sa), ==, 0);
  g_assert_cmpint (g_stat (b, &sb), ==, 0);
  g_assert_cmpuint (sa.st_ino, ==, sb.st_ino);
  g_assert_cmpuint (sa.st_nlink, ==, 2);
  g_assert_cmpint (mode_of (a), ==, 0600);
  g_assert_cmpuint (sw_test_count_entries (f->dir), ==, 2);
}

static void
test_inputs (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *model = in_dir (f, "m.shaft");
  g_autofree char *other = in_dir (f, "other.shaft");
  g_autofree char *dotted = g_build_filename (f->dir, ".", "m.shaft", NULL);
  g_autofree char *linked = in_dir (f, "link.shaft");
  g_autofree char *hard = in_dir (f, "hard.shaft");
  const char *inputs[] = { model, NULL };
  const char *outputs[] = { model, dotted, linked, hard };

  write_file (model, "{}", 0644);
  g_assert_cmpint (symlink ("m.shaft", linked), ==, 0);
  g_assert_cmpint (link (model, hard), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      g_assert_false (sw_output_file_check (outputs[i], inputs, 0, &error));
      g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "input"));
      g_clear_error (&error);
      /* Forcing does not help. */
      g_assert_false (write_text (outputs[i], inputs, SW_OUTPUT_FILE_FORCE, "time,x\n", &error));
      g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
      g_clear_error (&error);
    }
  assert_contents (model, "{}");
  g_assert_true (sw_output_file_check (other, inputs, 0, &error));
  g_assert_no_error (error);
}

static void
test_special_files (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *link = in_dir (f, "full");
  g_autofree char *folder = in_dir (f, "folder");
  g_autofree char *missing = g_build_filename (f->dir, "missing", "out.csv", NULL);
  g_autoptr (SwOutputFile) out = NULL;
  GStatBuf st;

  if (g_stat ("/dev/full", &st) != 0 || !S_ISCHR (st.st_mode))
    {
      g_test_skip ("no /dev/full");
      return;
    }
  /* The device itself, and through a link: "disk full", the link stays. */
  g_assert_false (write_text ("/dev/full", NULL, 0, "x", &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_IO);
  g_assert_nonnull (strstr (error->message, g_strerror (ENOSPC)));
  g_assert_nonnull (strstr (error->message, "/dev/full"));
  g_clear_error (&error);
  g_assert_cmpint (symlink ("/dev/full", link), ==, 0);
  g_assert_false (write_text (link, NULL, 0, "x", &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_IO);
  g_assert_nonnull (strstr (error->message, g_strerror (ENOSPC)));
  g_clear_error (&error);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (g_stat ("/dev/full", &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));

  /* /dev/null takes anything and stays a device. */
  g_assert_true (write_text ("/dev/null", NULL, 0, "x", &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat ("/dev/null", &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));

  /* After a failed write, the commit fails too. */
  out = sw_output_file_open ("/dev/full", NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_false (sw_output_file_write (out, "x", 1, &error));
  g_clear_error (&error);
  g_assert_false (sw_output_file_commit (g_steal_pointer (&out), &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_IO);
  g_clear_error (&error);

  /* A folder, a missing folder. */
  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  g_assert_false (sw_output_file_check (folder, NULL, 0, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_IO);
  g_clear_error (&error);
  g_assert_false (sw_output_file_check (missing, NULL, 0, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "missing"));
  g_clear_error (&error);
  g_assert_false (write_text (missing, NULL, 0, "x", &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_IO);
  g_assert_cmpuint (sw_test_count_entries (f->dir), ==, 2);
}

static gpointer
read_fifo (gpointer path)
{
  g_autoptr (GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

static void
test_fifo (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *fifo = in_dir (f, "pipe");
  g_autofree char *contents = NULL;
  GThread *reader;
  GStatBuf st;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  reader = g_thread_new ("reader", read_fifo, fifo);
  g_assert_true (write_text (fifo, NULL, 0, "through the pipe\n", &error));
  g_assert_no_error (error);
  contents = g_thread_join (reader);
  g_assert_cmpstr (contents, ==, "through the pipe\n");
  g_assert_cmpint (g_lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
  g_assert_cmpuint (sw_test_count_entries (f->dir), ==, 1);
}

static void
test_abort_and_temporaries (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = in_dir (f, "out.csv");
  gboolean named = GPOINTER_TO_INT (data);
  SwOutputFile *out;

  if (named)
    g_setenv ("SW_OUTPUT_FILE_NO_TMPFILE", "1", TRUE);
  write_file (path, "old", 0644);
  out = sw_output_file_open (path, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_true (sw_output_file_write (out, "new", 3, &error));
  if (named)
    {
      g_assert_nonnull (sw_output_file_get_temporary_path (out));
      g_assert_true (g_file_test (sw_output_file_get_temporary_path (out), G_FILE_TEST_IS_REGULAR));
      g_assert_cmpuint (sw_test_count_entries (f->dir), ==, 2);
    }
  else
    {
      /* O_TMPFILE: nothing visible while writing. */
      g_assert_null (sw_output_file_get_temporary_path (out));
      g_assert_cmpuint (sw_test_count_entries (f->dir), ==, 1);
    }
  sw_output_file_abort (out);
  assert_contents (path, "old");
  g_assert_cmpuint (sw_test_count_entries (f->dir), ==, 1);

  g_assert_true (write_text (path, NULL, 0, "new", &error));
  g_assert_no_error (error);
  assert_contents (path, "new");
  g_assert_cmpuint (sw_test_count_entries (f->dir), ==, 1);
  g_unsetenv ("SW_OUTPUT_FILE_NO_TMPFILE");
}

/* A tmpfs of 64 KiB at f->dir/small; FALSE (and the test skipped) where it
 * cannot be mounted (not root), unless CI is set (CI runs as root). */
static gboolean
mount_small_disk (Fixture *f, char **where)
{
  *where = in_dir (f, "small");
  g_assert_cmpint (g_mkdir (*where, 0755), ==, 0);
  if (mount ("tmpfs", *where, "tmpfs", 0, "size=64k") != 0)
    {
      int saved_errno = errno;

      g_rmdir (*where);
      if (g_getenv ("CI") != NULL && getuid () == 0)
        g_error ("cannot mount a tmpfs: %s", g_strerror (saved_errno));
      g_test_skip ("a small tmpfs needs root");
      return FALSE;
    }
  return TRUE;
}

static void
test_full_disk (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *small = NULL;
  g_autofree char *path = NULL;
  g_autofree char *linked = NULL;
  g_autofree char *big = NULL;
  gsize size = 256 * 1024;

  if (!mount_small_disk (f, &small))
    return;
  path = g_build_filename (small, "out.csv", NULL);
  linked = g_build_filename (small, "linked.csv", NULL);
  write_file (path, "old", 0644);
  big = g_malloc (size + 1);
  memset (big, 'x', size);
  big[size] = '\0';

  g_assert_false (write_text (path, NULL, 0, big, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_IO);
  g_assert_nonnull (strstr (error->message, g_strerror (ENOSPC)));
  g_assert_nonnull (strstr (error->message, "out.csv"));
  g_clear_error (&error);
  assert_contents (path, "old");
  g_assert_cmpuint (sw_test_count_entries (small), ==, 1);

  /* In place (two links): the space is asked for first, the old contents stay. */
  g_assert_cmpint (link (path, linked), ==, 0);
  g_assert_false (write_text (path, NULL, 0, big, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_IO);
  g_assert_nonnull (strstr (error->message, g_strerror (ENOSPC)));
  g_clear_error (&error);
  assert_contents (linked, "old");
  g_assert_cmpuint (sw_test_count_entries (small), ==, 2);

  g_assert_cmpint (umount (small), ==, 0);
}

static SwTrajectory *
small_trajectory (void)
{
  GStrv names = g_strsplit ("a.w", ",", -1);
  GStrv units = g_strsplit ("rad/s", ",", -1);
  SwTrajectory *tr = sw_trajectory_new (names, units);

  for (int i = 0; i < 3; i++)
    {
      double v = i * 0.5;
      sw_trajectory_append_row (tr, i, &v);
    }
  return tr;
}

static void
test_csv (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) tr = small_trajectory ();
  g_autofree char *target = in_dir (f, "target.csv");
  g_autofree char *link = in_dir (f, "link.csv");
  g_autofree char *locked = in_dir (f, "locked.csv");
  GStatBuf st;

  write_file (target, "old", 0600);
  g_assert_cmpint (symlink ("target.csv", link), ==, 0);
  g_assert_true (sw_trajectory_write_csv (tr, link, &error));
  g_assert_no_error (error);
  assert_contents (target, "time,a.w\n0,0\n1,0.5\n2,1\n");
  g_assert_cmpint (mode_of (target), ==, 0600);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));

  write_file (locked, "old", 0444);
  g_assert_false (sw_trajectory_write_csv (tr, locked, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_clear_error (&error);
  assert_contents (locked, "old");

  if (g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_assert_false (sw_trajectory_write_csv (tr, "/dev/full", &error));
      g_assert_error (error, SW_ERROR, SW_ERROR_IO);
      g_assert_nonnull (strstr (error->message, g_strerror (ENOSPC)));
    }
}

static void
test_model_save (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *example = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "data", "examples", "first.shaft", NULL);
  g_autofree char *target = in_dir (f, "target.shaft");
  g_autofree char *soft = in_dir (f, "link.shaft");
  g_autofree char *hard = in_dir (f, "hard.shaft");
  g_autofree char *locked = in_dir (f, "locked.shaft");
  g_autofree char *expected = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_file (example, &error);
  GStatBuf st, sh;

  g_assert_no_error (error);
  expected = sw_model_to_data (model, NULL);

  /* Through a symbolic link: the target is saved, the link stays. */
  write_file (target, "old", 0600);
  g_assert_cmpint (symlink ("target.shaft", soft), ==, 0);
  g_assert_true (sw_model_save_to_file (model, soft, &error));
  g_assert_no_error (error);
  assert_contents (target, expected);
  g_assert_cmpint (mode_of (target), ==, 0600);
  g_assert_cmpint (g_lstat (soft, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));

  /* A hard link: still one file. */
  g_assert_true (sw_model_save_to_file (model, target, &error));
  g_assert_cmpint (link (target, hard), ==, 0);
  write_file (target, "old", 0600);
  g_assert_true (sw_model_save_to_file (model, hard, &error));
  g_assert_no_error (error);
  assert_contents (target, expected);
  g_assert_cmpint (g_stat (target, &st), ==, 0);
  g_assert_cmpint (g_stat (hard, &sh), ==, 0);
  g_assert_cmpuint (st.st_ino, ==, sh.st_ino);

  /* Read-only: refused, untouched. */
  write_file (locked, "old", 0444);
  g_assert_false (sw_model_save_to_file (model, locked, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "read-only"));
  g_clear_error (&error);
  assert_contents (locked, "old");

  if (g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_assert_false (sw_model_save_to_file (model, "/dev/full", &error));
      g_assert_error (error, SW_ERROR, SW_ERROR_IO);
      g_assert_nonnull (strstr (error->message, g_strerror (ENOSPC)));
      g_assert_cmpint (g_stat ("/dev/full", &st), ==, 0);
      g_assert_true (S_ISCHR (st.st_mode));
    }
  g_assert_cmpuint (sw_test_count_entries (f->dir), ==, 4);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();

#define ADD(path, func, data) \
  g_test_add ("/core/output-file/" path, Fixture, data, fixture_set_up, func, fixture_tear_down)
  ADD ("new-and-replace", test_new_and_replace, NULL);
  ADD ("read-only", test_read_only, NULL);
  ADD ("symlinks", test_symlinks, NULL);
  ADD ("hard-links", test_hard_links, NULL);
  ADD ("inputs", test_inputs, NULL);
  ADD ("special-files", test_special_files, NULL);
  ADD ("fifo", test_fifo, NULL);
  ADD ("abort", test_abort_and_temporaries, GINT_TO_POINTER (FALSE));
  ADD ("abort-named-temporary", test_abort_and_temporaries, GINT_TO_POINTER (TRUE));
  ADD ("full-disk", test_full_disk, NULL);
  ADD ("csv", test_csv, NULL);
  ADD ("model-save", test_model_save, NULL);
#undef ADD
  return g_test_run ();
}
