/* fuzz-corpus.c: runs a fuzz harness over every file of the seed corpus.
 *
 * Linked with one harness (fuzz-model-file.c or fuzz-engine.c), this is a
 * GLib test program with one subtest per file of tests/fuzz/corpus/: the
 * examples, files of the test data, and every input a fuzzer or an issue
 * found. The harness aborts on a failed check, so a reproducer that crashes
 * again fails the test. Built with the project's compiler in every build
 * (under build-asan with the sanitizers of that build).
 *
 * SW_FUZZ_CORPUS=DIR runs the files of DIR instead (tests/fuzz/pending/, a
 * reproducer to look at), and so do file names given after the options.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdint.h>
#include <string.h>
#include <glib.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
run_file (gconstpointer user_data)
{
  const char *path = user_data;
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  gsize length = 0;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  g_test_message ("%s: %" G_GSIZE_FORMAT " bytes", path, length);
  /* A copy of exactly the file's size, so that ASan sees any read past it. */
  {
    g_autofree uint8_t *copy = g_memdup2 (contents, length);

    g_assert_cmpint (LLVMFuzzerTestOneInput (copy, length), ==, 0);
  }
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static void
add_file (const char *harness, const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *test_path = g_strdup_printf ("/fuzz/%s/%s", harness, base);

  g_test_add_data_func_full (test_path, g_strdup (path), run_file, g_free);
}

int
main (int argc, char **argv)
{
  g_autofree char *harness = NULL;
  g_autofree char *dir_path = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  const char *override;
  const char *name;
  GDir *dir;

  g_test_init (&argc, &argv, NULL);

  /* fuzz-engine-corpus runs fuzz-engine.c: the subtests' middle part. */
  harness = g_path_get_basename (argv[0]);
  if (g_str_has_suffix (harness, "-corpus"))
    harness[strlen (harness) - strlen ("-corpus")] = '\0';
  if (g_str_has_prefix (harness, "fuzz-"))
    memmove (harness, harness + strlen ("fuzz-"), strlen (harness) - strlen ("fuzz-") + 1);

  if (argc > 1)
    {
      for (int i = 1; i < argc; i++)
        add_file (harness, argv[i]);
      return g_test_run ();
    }

  override = g_getenv ("SW_FUZZ_CORPUS");
  /* The Modelica reader has a corpus of its own (*.mo). */
  dir_path = override != NULL ? g_strdup (override)
                              : g_test_build_filename (G_TEST_DIST, strcmp (harness, "modelica") == 0
                                                                      ? "corpus-modelica" : "corpus", NULL);
  dir = g_dir_open (dir_path, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.')
      g_ptr_array_add (names, g_build_filename (dir_path, name, NULL));
  g_dir_close (dir);
  /* A corpus that cannot be found must not pass as an empty one. */
  g_assert_cmpuint (names->len, >, 0);
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    add_file (harness, g_ptr_array_index (names, i));
  return g_test_run ();
}
