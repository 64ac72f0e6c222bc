/* sw-output-file.h: writing an output file whole, or not at all.
 *
 * Every file Shaftwork writes (CSV, images, model files) goes through an
 * SwOutputFile, which decides how the named target is written:
 *
 * - a path through symbolic links is written at the links' final target,
 *   so the links stay links and see the new contents;
 * - a regular file, or a new one, is written into an unnamed temporary file
 *   in the target's folder (O_TMPFILE; a named ".NAME.XXXXXX" where the file
 *   system has none), given the old file's mode and, where allowed, owner,
 *   synced, and renamed over the target at commit: a failure, a crash or a
 *   kill leaves the old file as it was (a kill leaves a named temporary file
 *   behind: sw_output_file_get_temporary_path() says which, for a signal
 *   handler to remove);
 * - a regular file with more than one hard link, or one in a folder that
 *   cannot take a temporary file, is rewritten in place, so that every name
 *   still shows the same file: the data are kept in memory until commit,
 *   where space is reserved first (fallocate), then written, the file cut to
 *   length and synced; only a failure during that last step can leave it
 *   damaged;
 * - anything else (a device, a FIFO, a terminal) is written directly.
 *
 * Refused before anything is written: a target that is one of the inputs
 * (the same device and inode, however it is named), a read-only target
 * (no write permission bits, or not writable by this user) unless
 * SW_OUTPUT_FILE_FORCE, a folder, a socket, a missing folder.
 *
 * Every write, sync, close, link and rename is checked; errors are SW_ERROR
 * (SW_ERROR_IO, or SW_ERROR_INVALID for the refusals above) naming the file
 * and the reason, e.g. "Cannot write “out.csv”: No space left on device".
 *
 * Setting the environment variable SW_OUTPUT_FILE_NO_TMPFILE makes the
 * named temporary file be used even where O_TMPFILE works (for tests).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  SW_OUTPUT_FILE_DEFAULT = 0,
  SW_OUTPUT_FILE_FORCE   = 1 << 0,  /* replace a read-only target (keeping its mode) */
} SwOutputFileFlags;

typedef struct _SwOutputFile SwOutputFile;

/* Whether path could be written with these inputs and flags, without
 * writing anything: the same checks sw_output_file_open() makes. inputs is
 * a NULL-terminated list of files read to make the output (may be NULL). */
gboolean      sw_output_file_check              (const char         *path,
                                                 const char *const  *inputs,
                                                 SwOutputFileFlags   flags,
                                                 GError            **error);
/* Opens path for writing as described above. A FIFO blocks until it has a
 * reader. Free with sw_output_file_commit() or sw_output_file_abort(). */
SwOutputFile *sw_output_file_open               (const char         *path,
                                                 const char *const  *inputs,
                                                 SwOutputFileFlags   flags,
                                                 GError            **error);
/* Appends data. After a failure every later write and the commit fail with
 * the same error. */
gboolean      sw_output_file_write              (SwOutputFile       *file,
                                                 const void         *data,
                                                 gsize               length,
                                                 GError            **error);
/* The path as given to sw_output_file_open(). */
const char   *sw_output_file_get_path           (SwOutputFile       *file);
/* The named temporary file that exists until commit or abort, or NULL
 * (an unnamed temporary file, or none). */
const char   *sw_output_file_get_temporary_path (SwOutputFile       *file);
/* Syncs, closes and puts the file in place; frees file either way. On
 * failure the target is left as it was (except as said for in-place). */
gboolean      sw_output_file_commit             (SwOutputFile       *file,
                                                 GError            **error);
/* Drops what was written (the target is left alone); frees file. NULL is
 * allowed. */
void          sw_output_file_abort              (SwOutputFile       *file);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwOutputFile, sw_output_file_abort)

G_END_DECLS
