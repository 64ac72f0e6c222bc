/* test-model-file-positions.c: the reader takes positions in plain JSON
 * from its own scan of the text and in any other text from the parser's
 * signals (sw-model-file.c). Both must put every message, component and
 * connection at the same line and column.
 *
 * A comment after the model forces the second way without moving anything,
 * so each file is read as it is and with "/ * * /" appended, and the results
 * compared: the examples, the reader's fixtures with their errors, the fuzz
 * corpus, and hand-made texts for the cases the scan gives up on.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-error.h"
#include "sw-model.h"
#include "sw-test-files.h"

#include <string.h>

/* sw-model-file.c says at debug level when it falls back to the signals. */
static guint n_fallbacks;

static void
count_fallbacks (const char     *domain,
                 GLogLevelFlags  level,
                 const char     *message,
                 gpointer        data)
{
  if (strstr (message, "positions from the parser") != NULL)
    n_fallbacks++;
}

static void
assert_same_reading (const char *text,
                     const char *name)
{
  g_autofree char *commented = g_strconcat (text, "\n/**/", NULL);
  g_autoptr(GError) plain_error = NULL;
  g_autoptr(GError) signal_error = NULL;
  g_autoptr(SwModel) plain = sw_model_new_from_data (text, -1, name, &plain_error);
  g_autoptr(SwModel) signalled = sw_model_new_from_data (commented, -1, name, &signal_error);

  if (plain == NULL || signalled == NULL)
    {
      g_assert_nonnull (plain_error);
      g_assert_nonnull (signal_error);
      g_assert_cmpstr (plain_error->message, ==, signal_error->message);
      return;
    }

  g_assert_cmpuint (sw_model_get_n_components (plain), ==, sw_model_get_n_components (signalled));
  for (guint i = 0; i < sw_model_get_n_components (plain); i++)
    {
      const SwComponent *a = sw_model_get_component (plain, i);
      const SwComponent *b = sw_model_get_component (signalled, i);

      g_assert_cmpstr (a->id, ==, b->id);
      g_assert_cmpuint (a->line, ==, b->line);
      g_assert_cmpuint (a->column, ==, b->column);
    }
  g_assert_cmpuint (sw_model_get_n_connections (plain), ==, sw_model_get_n_connections (signalled));
  for (guint i = 0; i < sw_model_get_n_connections (plain); i++)
    {
      const SwConnection *a = sw_model_get_connection (plain, i);
      const SwConnection *b = sw_model_get_connection (signalled, i);

      g_assert_cmpuint (a->line, ==, b->line);
      g_assert_cmpuint (a->column, ==, b->column);
    }
}

/* Returns how many files it read. */
static guint
assert_same_in_folder (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *entry;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, entry, NULL);
      g_autofree char *text = NULL;
      gsize length;

      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR) || !g_file_get_contents (path, &text, &length, NULL))
        continue;
      /* A NUL cuts the text short in one reading and not in the other. */
      if (memchr (text, '\0', length) != NULL)
        continue;
      assert_same_reading (text, entry);
      n++;
    }
  return n;
}

static void
test_files (void)
{
  const char *root = g_getenv ("SW_SOURCE_ROOT");
  const char *folders[] = { "data/examples", "tests/data/model-file", "tests/fuzz/corpus" };

  g_assert_nonnull (root);
  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    {
      g_autofree char *folder = g_build_filename (root, folders[i], NULL);
      guint n;

      n_fallbacks = 0;
      n = assert_same_in_folder (folder);
      g_assert_cmpuint (n, >, 0);
      /* The examples are plain JSON: only their commented copies fell back. */
      if (i == 0)
        g_assert_cmpuint (n_fallbacks, ==, n);
    }
}

/* Texts where json-glib's tree differs from the text (a key twice), that
 * are not plain JSON, or whose errors sit on scalars deep inside. */
static void
test_texts (void)
{
  static const char *const texts[] = {
    /* A key twice: the tree keeps one value, the text has two. */
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [\n"
    "  {\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1, \"J\": -2}},\n"
    "  {\"id\": \"b\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": \"x\"}}]}",
    /* An integer beyond gint64. */
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [\n"
    "  {\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 123456789012345678901234}}]}",
    /* '…' strings and a bare word, which json-glib reads. */
    "{'format': 'shaftwork-model', \"version\": 1, \"components\": [\n"
    "  {\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}]}",
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [\n"
    "  {\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": nope}}]}",
    /* Problems on members, elements and keys, several per line. */
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"colour\": 1, \"components\": [\n"
    "  {\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": -1, \"w0\": \"x\", \"k\": 2}, \"position\": [1]},\n"
    "  3, {\"id\": \"a\", \"kind\": \"rotational.inertia\"}, {\"id\": 4, \"kind\": \"nope\"}],\n"
    "  \"connections\": [{\"from\": \"a.flange_b\", \"to\": \"zz.flange_a\"}, [], {\"from\": 1, \"tu\": 2},\n"
    "    {\"from\": \"a.flange_a\", \"to\": \"a.flange_a\"}],\n"
    "  \"simulation\": {\"stop_time\": -1, \"method\": \"euler\", \"tolerance\": [1e-3]}}",
    /* Escapes and non-ASCII text before the problem: columns count characters. */
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"sch\\u00e4ft \\\"x\\\" ü\", \"components\": [\n"
    "  {\"id\": \"ü\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0}}]}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    assert_same_reading (texts[i], "text.shaft");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_log_set_handler ("Shaftwork", G_LOG_LEVEL_DEBUG, count_fallbacks, NULL);

  g_test_add_func ("/core/model-file/positions/files", test_files);
  g_test_add_func ("/core/model-file/positions/texts", test_texts);

  return g_test_run ();
}
