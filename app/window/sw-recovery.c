/* sw-recovery.c: recovery copies on disk.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-recovery.h"

#include <glib/gstdio.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#ifdef G_OS_UNIX
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>
#endif

#define GROUP "Recovery"

char *
sw_recovery_get_dir (void)
{
  return g_build_filename (g_get_user_state_dir (), "shaftwork", "recovery", NULL);
}

static char *
info_path (const char *path)
{
  g_autofree char *stem = NULL;

  if (g_str_has_suffix (path, ".shaft"))
    stem = g_strndup (path, strlen (path) - strlen (".shaft"));
  else
    stem = g_strdup (path);
  return g_strconcat (stem, ".ini", NULL);
}

char *
sw_recovery_new_path (void)
{
  g_autofree char *dir = sw_recovery_get_dir ();
  g_autofree char *uuid = g_uuid_string_random ();
  g_autofree char *name = g_strdup_printf ("%ld-%s.shaft", (long) getpid (), uuid);

  return g_build_filename (dir, name, NULL);
}

gboolean
sw_recovery_write (const char  *path,
                   const char  *data,
                   gsize        length,
                   const char  *original_uri,
                   const char  *title,
                   GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *ini = info_path (path);
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *now_text = g_date_time_format_iso8601 (now);
  g_autofree char *key_data = NULL;
  gsize key_length = 0;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL, FALSE);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "%s: %s", dir, g_strerror (saved_errno));
      return FALSE;
    }

  g_key_file_set_string (key_file, GROUP, "uri", original_uri != NULL ? original_uri : "");
  g_key_file_set_string (key_file, GROUP, "title", title != NULL ? title : "");
  g_key_file_set_string (key_file, GROUP, "saved", now_text);
  key_data = g_key_file_to_data (key_file, &key_length, NULL);

  return g_file_set_contents_full (path, data, length, G_FILE_SET_CONTENTS_CONSISTENT,
                                   0600, error) &&
         g_file_set_contents_full (ini, key_data, key_length, G_FILE_SET_CONTENTS_CONSISTENT,
                                   0600, error);
}

void
sw_recovery_remove (const char *path)
{
  g_autofree char *ini = NULL;

  if (path == NULL)
    return;
  ini = info_path (path);
  g_remove (path);
  g_remove (ini);
}

/* The process that wrote a copy, from its name "PID-UUID.shaft". */
static gboolean
writer_is_running (const char *name)
{
  char *end = NULL;
  long pid = strtol (name, &end, 10);

  if (end == name || *end != '-' || pid <= 0)
    return FALSE;
  if (pid == (long) getpid ())
    return TRUE;
#ifdef G_OS_UNIX
  return kill ((pid_t) pid, 0) == 0 || errno == EPERM;
#else
  return FALSE;
#endif
}

static int
compare_mtime (gconstpointer a,
               gconstpointer b)
{
  const char *pa = *(const char *const *) a;
  const char *pb = *(const char *const *) b;
  GStatBuf sa, sb;

  if (g_stat (pa, &sa) != 0 || g_stat (pb, &sb) != 0)
    return strcmp (pa, pb);
  if (sa.st_mtime != sb.st_mtime)
    return sa.st_mtime < sb.st_mtime ? -1 : 1;
  return strcmp (pa, pb);
}

GPtrArray *
sw_recovery_list_orphans (void)
{
  g_autofree char *dir_path = sw_recovery_get_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (dir == NULL)
    return paths;
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".shaft") && !writer_is_running (name))
      g_ptr_array_add (paths, g_build_filename (dir_path, name, NULL));
  g_ptr_array_sort (paths, compare_mtime);
  return paths;
}

gboolean
sw_recovery_read_info (const char  *path,
                       char       **original_uri,
                       char       **title,
                       GDateTime  **saved)
{
  g_autofree char *ini = info_path (path);
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autofree char *saved_text = NULL;

  if (!g_key_file_load_from_file (key_file, ini, G_KEY_FILE_NONE, NULL))
    return FALSE;
  if (original_uri != NULL)
    {
      *original_uri = g_key_file_get_string (key_file, GROUP, "uri", NULL);
      if (*original_uri != NULL && **original_uri == '\0')
        g_clear_pointer (original_uri, g_free);
    }
  if (title != NULL)
    *title = g_key_file_get_string (key_file, GROUP, "title", NULL);
  if (saved != NULL)
    {
      saved_text = g_key_file_get_string (key_file, GROUP, "saved", NULL);
      *saved = saved_text != NULL ? g_date_time_new_from_iso8601 (saved_text, NULL) : NULL;
    }
  return TRUE;
}
