/* sw-test-files.c: files and folders the tests make and look into.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-test-files.h"

#include <sys/stat.h>
#include <glib/gstdio.h>

char *
sw_test_example_path (const char *name)
{
  const char *root = g_getenv ("SW_SOURCE_ROOT");

  g_assert_nonnull (root);
  return g_build_filename (root, "data", "examples", name, NULL);
}

char *
sw_test_copy_example (const char *dir, const char *name)
{
  g_autofree char *source = sw_test_example_path (name);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);
  gsize length;

  g_file_get_contents (source, &text, &length, &error);
  g_assert_no_error (error);
  g_file_set_contents (path, text, (gssize) length, &error);
  g_assert_no_error (error);
  return path;
}

guint
sw_test_count_entries (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  g_assert_nonnull (d);
  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

void
sw_test_remove_tree (const char *path)
{
  GStatBuf st;

  if (g_lstat (path, &st) != 0)
    return;
  if (S_ISDIR (st.st_mode))
    {
      g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          sw_test_remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}
