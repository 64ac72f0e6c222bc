/* sw-test-files.h: files and folders the tests make and look into.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* SW_SOURCE_ROOT/data/examples/name. */
char  *sw_test_example_path  (const char *name);
/* A copy of a bundled example in dir; returns its path. */
char  *sw_test_copy_example  (const char *dir,
                              const char *name);
/* Entries in a folder, hidden ones included. */
guint  sw_test_count_entries (const char *dir);
/* Removes a file or a folder with everything in it; symbolic links are
 * removed, not followed. */
void   sw_test_remove_tree   (const char *path);

G_END_DECLS
