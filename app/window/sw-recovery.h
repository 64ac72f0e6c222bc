/* sw-recovery.h: recovery copies of models with unsaved changes.
 *
 * While a document has unsaved changes, its window writes a copy every
 * minute to $XDG_STATE_HOME/shaftwork/recovery/PID-UUID.shaft, with a key
 * file beside it (PID-UUID.ini) naming the original file and the time. A
 * clean save or close deletes both. At the next start, copies whose writer
 * (PID) is gone are offered for recovery.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

char      *sw_recovery_get_dir        (void);
/* A fresh path for this process's next recovery copy. */
char      *sw_recovery_new_path       (void);
/* Writes the copy and its key file (each through a temporary file).
 * original_uri may be NULL (an untitled document). */
gboolean   sw_recovery_write          (const char  *path,
                                       const char  *data,
                                       gsize        length,
                                       const char  *original_uri,
                                       const char  *title,
                                       GError     **error);
/* Deletes the copy and its key file; missing files are fine. */
void       sw_recovery_remove         (const char  *path);
/* Copies left by processes that are no longer running, oldest first. */
GPtrArray *sw_recovery_list_orphans   (void);
/* What the key file says; every out value may be NULL. */
gboolean   sw_recovery_read_info      (const char  *path,
                                       char       **original_uri,
                                       char       **title,
                                       GDateTime  **saved);

G_END_DECLS
