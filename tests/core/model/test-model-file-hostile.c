/* test-model-file-hostile.c: files that are not what a model file should
 * be never crash the reader (sw-model-file-text.c): a mapped file cut
 * short or grown while it is read (a read of a page lost raised SIGBUS), a
 * folder, a device that never ends, a pipe, a sparse file's hole, and
 * CRLF line ends and a byte order mark in a mapped file (messages at the
 * same line and column as in the LF file).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-error.h"
#include "sw-model-private.h"
#include "sw-model-reader-private.h"

#include <signal.h>
#include <string.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* A chain of n inertias, one a line; body bad's J is -1 when bad < n. */
static GString *
chain_text (guint n, guint bad, const char *line_end)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"chain\",%s"
                             "\"components\": [%s"
                             "{\"id\": \"tau\", \"kind\": \"rotational.constant_torque\", "
                             "\"params\": {\"tau_constant\": 10}}", line_end, line_end);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, ",%s{\"id\": \"J%u\", \"kind\": \"rotational.inertia\", "
                               "\"params\": {\"J\": %s, \"phi0\": 0, \"w0\": 0}}", line_end, i, i == bad ? "-1" : "0.01");
  g_string_append_printf (s, "],%s\"connections\": [{\"from\": \"tau.flange\", \"to\": \"J0.flange_a\"}]}%s",
                          line_end, line_end);
  return s;
}

static char *
write_text (const char *dir, const char *name, const char *text, gsize length)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, (gssize) length, NULL));
  return path;
}

/* A mapping whose file is cut short: the lost pages read as zeros (no
 * SIGBUS), and the unmapping says the text was not the file's. */
static void
test_cut_mapping (void)
{
  g_autofree char *dir = g_dir_make_tmp ("sw-hostile-XXXXXX", NULL);
  g_autoptr(GString) text = chain_text (30000, G_MAXUINT, "\n");
  g_autofree char *path = write_text (dir, "cut.shaft", text->str, text->len);
  SwFileMap map;
  gsize cut = text->len / 3;
  guint64 sum = 0;

  g_assert_true (_sw_model_file_map (path, 1, &map));
  g_assert_cmpuint (map.length, ==, text->len);
  g_assert_cmpint (truncate (path, (off_t) cut), ==, 0);
  for (gsize i = 0; i < map.length; i += 512)
    {
      if (i >= (cut + 4095) / 4096 * 4096)
        g_assert_cmpint (map.data[i], ==, 0);
      sum += (guchar) map.data[i];
    }
  g_assert_cmpuint (sum, >, 0);
  g_assert_false (_sw_model_file_unmap (&map));

  /* Grown while mapped, and untouched. */
  g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, NULL));
  g_assert_true (_sw_model_file_map (path, 1, &map));
  g_assert_true (_sw_model_file_unmap (&map));
  g_assert_true (_sw_model_file_map (path, 1, &map));
  {
    FILE *f = fopen (path, "a");

    g_assert_nonnull (f);
    fputs ("   ", f);
    fclose (f);
  }
  g_assert_false (_sw_model_file_unmap (&map));
  g_unlink (path);
  g_rmdir (dir);
}

typedef struct {
  const char *path;
  gsize       cut;
  gulong      delay_us;
} Cutter;

static gpointer
cut_later (gpointer data)
{
  Cutter *c = data;

  g_usleep (c->delay_us);
  g_assert_cmpint (truncate (c->path, (off_t) c->cut), ==, 0);
  return NULL;
}

/* A file cut short by another thread while the reader reads it mapped:
 * a model (read before the cut), or an error, never a crash. */
static void
test_cut_while_read (void)
{
  g_autofree char *dir = g_dir_make_tmp ("sw-hostile-XXXXXX", NULL);
  g_autoptr(GString) text = chain_text (30000, G_MAXUINT, "\n");
  g_autofree char *path = g_build_filename (dir, "cut.shaft", NULL);
  guint changed = 0, read = 0, other = 0;

  for (guint k = 0; k < 12; k++)
    {
      Cutter c = { path, text->len / 2 + k * 4096, k * 8000 };
      g_autoptr(GError) error = NULL;
      g_autoptr(SwModel) model = NULL;
      GThread *thread;

      g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, NULL));
      thread = g_thread_new ("cut", cut_later, &c);
      model = _sw_model_new_from_file_mapping (path, 1, &error);
      g_thread_join (thread);
      if (model != NULL)
        {
          g_assert_no_error (error);
          g_assert_cmpuint (sw_model_get_n_components (model), ==, 30001);
          read++;
          continue;
        }
      g_assert_error (error, SW_ERROR, error->code);
      g_assert_nonnull (strstr (error->message, "cut.shaft"));
      if (strstr (error->message, "changed while it was read") != NULL)
        changed++;
      else
        other++;
    }
  g_test_message ("%u read before the cut, %u noticed the change, %u read the cut file", read, changed, other);
  g_unlink (path);
  g_rmdir (dir);
}

/* Neither a folder nor an endless device nor a pipe crashes or hangs. */
static void
test_odd_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("sw-hostile-XXXXXX", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SwModel) model = NULL;

  model = sw_model_new_from_file (dir, &error);
  g_assert_null (model);
  g_assert_error (error, SW_ERROR, SW_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "a folder"));
  g_clear_error (&error);

  /* /dev/zero: read up to its first byte, a NUL at 1:1. */
  if (g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    {
      model = sw_model_new_from_file ("/dev/zero", &error);
      g_assert_null (model);
      g_assert_error (error, SW_ERROR, SW_ERROR_PARSE);
      g_assert_true (g_str_has_prefix (error->message, "/dev/zero:1:1: "));
      g_assert_nonnull (strstr (error->message, "NUL"));
      g_clear_error (&error);
    }
  g_rmdir (dir);
}

static gpointer
write_fifo (gpointer data)
{
  const char *path = data;
  g_autoptr(GString) text = chain_text (20, G_MAXUINT, "\n");
  FILE *f = fopen (path, "w");

  g_assert_nonnull (f);
  fwrite (text->str, 1, text->len, f);
  /* Then NULs that would not end: the reader stops at the first. */
  for (guint i = 0; i < 64; i++)
    {
      static const char zeros[1024];

      if (fwrite (zeros, 1, sizeof zeros, f) != sizeof zeros)
        break;
    }
  fclose (f);
  return NULL;
}

/* A pipe is read as a stream: its NUL reported at its line and column. */
static void
test_fifo (void)
{
  g_autofree char *dir = g_dir_make_tmp ("sw-hostile-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "pipe.shaft", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SwModel) model = NULL;
  GThread *thread;

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  thread = g_thread_new ("fifo", write_fifo, path);
  model = sw_model_new_from_file (path, &error);
  g_assert_null (model);
  g_assert_error (error, SW_ERROR, SW_ERROR_PARSE);
  /* 24 lines of text, the NUL after the last line's end. */
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "pipe.shaft:25:1: "));
  g_assert_nonnull (strstr (error->message, "NUL"));
  g_thread_join (thread);
  g_unlink (path);
  g_rmdir (dir);
}

static gpointer
write_fifo_late (gpointer data)
{
  const char *path = data;
  g_autoptr(GString) text = chain_text (5, G_MAXUINT, "\n");
  FILE *f;

  g_usleep (200 * 1000);
  f = fopen (path, "w");
  g_assert_nonnull (f);
  fwrite (text->str, 1, text->len, f);
  fclose (f);
  return NULL;
}

/* A named pipe no program writes to is an error after a wait, not a read
 * that never ends; one whose writer comes during the wait is read. */
static void
test_fifo_no_writer (void)
{
  g_autofree char *dir = g_dir_make_tmp ("sw-hostile-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "lonely.shaft", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SwModel) model = NULL;
  guint wait_ms = _sw_model_file_fifo_wait_ms;
  gint64 start = g_get_monotonic_time ();
  GThread *thread;

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  _sw_model_file_fifo_wait_ms = 300;
  model = sw_model_new_from_file (path, &error);
  g_assert_null (model);
  g_assert_error (error, SW_ERROR, SW_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, "no program writes to it"));
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 300 * 1000);
  g_clear_error (&error);

  _sw_model_file_fifo_wait_ms = 20000;
  thread = g_thread_new ("fifo", write_fifo_late, path);
  model = sw_model_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (model);
  g_assert_cmpuint (sw_model_get_n_components (model), >, 5);
  g_thread_join (thread);
  _sw_model_file_fifo_wait_ms = wait_ms;
  g_unlink (path);
  g_rmdir (dir);
}

/* A sparse file (a hole of zeros between its two halves), mapped: the
 * hole's first byte is reported. */
static void
test_sparse (void)
{
  g_autofree char *dir = g_dir_make_tmp ("sw-hostile-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sparse.shaft", NULL);
  g_autoptr(GString) text = chain_text (10, G_MAXUINT, "\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(SwModel) model = NULL;
  FILE *f = fopen (path, "w");

  g_assert_nonnull (f);
  /* The first two lines, then a hole of 6 MB, then the rest. */
  fwrite (text->str, 1, 20, f);
  g_assert_cmpint (fseek (f, 6 << 20, SEEK_SET), ==, 0);
  fwrite (text->str + 20, 1, text->len - 20, f);
  fclose (f);
  model = sw_model_new_from_file (path, &error);
  g_assert_null (model);
  g_assert_error (error, SW_ERROR, SW_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "sparse.shaft:1:21: "));
  g_assert_nonnull (strstr (error->message, "NUL"));
  g_unlink (path);
  g_rmdir (dir);
}

/* CRLF line ends and a byte order mark in a mapped file: the message at
 * the line and column of the LF file's (a BOM is not a column). */
static void
test_crlf_bom (void)
{
  g_autofree char *dir = g_dir_make_tmp ("sw-hostile-XXXXXX", NULL);
  const guint n = 50000, bad = 49000;
  g_autoptr(GString) lf = chain_text (n, bad, "\n");
  g_autoptr(GString) crlf = chain_text (n, bad, "\r\n");
  g_autofree char *lf_path = write_text (dir, "m.shaft", lf->str, lf->len);
  g_autoptr(GError) lf_error = NULL;
  g_autoptr(SwModel) lf_model = sw_model_new_from_file (lf_path, &lf_error);
  g_autofree char *where = g_strdup_printf ("m.shaft:%u:", 4 + bad);

  g_assert_cmpuint (lf->len, >, 4u << 20);
  g_assert_null (lf_model);
  g_assert_nonnull (lf_error);
  g_assert_nonnull (strstr (lf_error->message, where));
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(GString) text = g_string_new_len (crlf->str, (gssize) crlf->len);
      g_autofree char *path = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(SwModel) model = NULL;

      if (k == 1)
        g_string_prepend (text, "\xEF\xBB\xBF");
      path = write_text (dir, "m.shaft", text->str, text->len);
      model = sw_model_new_from_file (path, &error);
      g_assert_null (model);
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, ==, lf_error->message);
    }
  g_unlink (lf_path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  /* The pipe's writer goes on after the reader has stopped. */
  signal (SIGPIPE, SIG_IGN);

  g_test_add_func ("/core/model-file/hostile/cut-mapping", test_cut_mapping);
  g_test_add_func ("/core/model-file/hostile/cut-while-read", test_cut_while_read);
  g_test_add_func ("/core/model-file/hostile/odd-files", test_odd_files);
  g_test_add_func ("/core/model-file/hostile/fifo", test_fifo);
  g_test_add_func ("/core/model-file/hostile/fifo-no-writer", test_fifo_no_writer);
  g_test_add_func ("/core/model-file/hostile/sparse", test_sparse);
  g_test_add_func ("/core/model-file/hostile/crlf-bom", test_crlf_bom);

  return g_test_run ();
}
