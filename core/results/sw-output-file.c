/* sw-output-file.c: writing an output file whole, or not at all
 * (sw-output-file.h says how each kind of target is written).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE  /* O_TMPFILE, AT_EMPTY_PATH */
#include "sw-output-file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "sw-error.h"

/* How many symbolic links a dangling chain may have before it counts as a loop. */
#define MAX_LINKS 40

typedef enum {
  MODE_REPLACE,   /* a temporary file renamed over the target */
  MODE_IN_PLACE,  /* a regular file rewritten where it is */
  MODE_DIRECT,    /* a device, FIFO or terminal written as it is */
} Mode;

/* What a path turned out to be. */
typedef struct {
  Mode        mode;
  char       *target;   /* the file written: the path with its links resolved */
  gboolean    exists;
  struct stat st;       /* of target, when it exists */
} Target;

struct _SwOutputFile {
  char       *path;       /* as given */
  Target      t;
  int         fd;
  char       *tmp_path;   /* the named temporary file, or NULL */
  gboolean    anonymous;  /* fd is an O_TMPFILE */
  GByteArray *buffer;     /* MODE_IN_PLACE: everything written so far */
  GError     *error;      /* the first failure */
};

static void
target_clear (Target *t)
{
  g_clear_pointer (&t->target, g_free);
}

static void
set_errno_error (GError **error, const char *path, int saved_errno)
{
  g_autofree char *name = g_filename_display_name (path);

  g_set_error (error, SW_ERROR, SW_ERROR_IO, _("Cannot write “%s”: %s"), name, g_strerror (saved_errno));
}

/* The final target of a chain of symbolic links that ends nowhere: the file
 * to create. */
static char *
follow_dangling_links (const char *path, GError **error)
{
  g_autofree char *current = g_strdup (path);

  for (int i = 0; i < MAX_LINKS; i++)
    {
      struct stat st;
      g_autofree char *link = NULL;
      g_autoptr (GError) local = NULL;

      if (lstat (current, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&current);
      if (!(link = g_file_read_link (current, &local)))
        {
          set_errno_error (error, path, EINVAL);
          return NULL;
        }
      if (!g_path_is_absolute (link))
        {
          g_autofree char *dir = g_path_get_dirname (current);
          g_autofree char *joined = g_build_filename (dir, link, NULL);

          g_free (current);
          current = g_steal_pointer (&joined);
        }
      else
        {
          g_free (current);
          current = g_steal_pointer (&link);
        }
    }
  set_errno_error (error, path, ELOOP);
  return NULL;
}

static gboolean
is_writable (const char *path, int how)
{
  return faccessat (AT_FDCWD, path, how, AT_EACCESS) == 0;
}

static gboolean
is_input (const struct stat *st, const char *const *inputs, const char **which)
{
  for (guint i = 0; inputs != NULL && inputs[i] != NULL; i++)
    {
      struct stat in;

      if (stat (inputs[i], &in) == 0 && in.st_dev == st->st_dev && in.st_ino == st->st_ino)
        {
          *which = inputs[i];
          return TRUE;
        }
    }
  return FALSE;
}

/* Everything sw_output_file_check() checks; fills t. */
static gboolean
resolve (const char *path, const char *const *inputs, SwOutputFileFlags flags, Target *t, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *dir = NULL;
  struct stat st;

  memset (t, 0, sizeof *t);
  if (path == NULL || path[0] == '\0')
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("Cannot write a file with an empty name"));
      return FALSE;
    }
  name = g_filename_display_name (path);

  if (stat (path, &st) == 0)
    {
      const char *input = NULL;

      t->exists = TRUE;
      t->st = st;
      if (S_ISDIR (st.st_mode))
        {
          set_errno_error (error, path, EISDIR);
          return FALSE;
        }
      if (S_ISSOCK (st.st_mode))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("Cannot write “%s”: it is a socket"), name);
          return FALSE;
        }
      if (!S_ISREG (st.st_mode))
        {
          /* A device, a FIFO, a terminal: written as it is, through the
           * path (so /dev/stdout reaches this process's standard output). */
          t->mode = MODE_DIRECT;
          t->target = g_strdup (path);
          if (!is_writable (path, W_OK))
            {
              set_errno_error (error, path, errno);
              target_clear (t);
              return FALSE;
            }
          return TRUE;
        }

      if (is_input (&st, inputs, &input))
        {
          g_autofree char *input_name = g_filename_display_name (input);

          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("Cannot write “%s”: it is the input “%s”, which writing would destroy; choose another file"),
                       name, input_name);
          return FALSE;
        }
      {
        char *real = realpath (path, NULL);

        if (real == NULL)
          {
            set_errno_error (error, path, errno);
            return FALSE;
          }
        t->target = g_strdup (real);
        free (real);
      }
      if (!(flags & SW_OUTPUT_FILE_FORCE) && ((st.st_mode & 0222) == 0 || !is_writable (t->target, W_OK)))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("Cannot write “%s”: the file is read-only (mode %04o)"),
                       name, (unsigned) (st.st_mode & 07777));
          target_clear (t);
          return FALSE;
        }
      dir = g_path_get_dirname (t->target);
      if (st.st_nlink > 1 || !is_writable (dir, W_OK | X_OK))
        {
          /* Several names for one file, or a folder that takes no new file:
           * rewritten in place. */
          t->mode = MODE_IN_PLACE;
          if (!is_writable (t->target, W_OK))
            {
              set_errno_error (error, path, errno);
              target_clear (t);
              return FALSE;
            }
        }
      else
        t->mode = MODE_REPLACE;
      return TRUE;
    }

  if (errno != ENOENT)
    {
      set_errno_error (error, path, errno);
      return FALSE;
    }

  /* A new file, maybe at the end of a dangling symbolic link. */
  if (!(t->target = follow_dangling_links (path, error)))
    return FALSE;
  t->mode = MODE_REPLACE;
  dir = g_path_get_dirname (t->target);
  if (stat (dir, &st) != 0 || !S_ISDIR (st.st_mode))
    {
      g_autofree char *dir_name = g_filename_display_name (dir);

      g_set_error (error, SW_ERROR, SW_ERROR_IO, _("Cannot write “%s”: there is no folder “%s”"), name, dir_name);
      target_clear (t);
      return FALSE;
    }
  if (!is_writable (dir, W_OK | X_OK))
    {
      set_errno_error (error, path, errno);
      target_clear (t);
      return FALSE;
    }
  return TRUE;
}

gboolean
sw_output_file_check (const char *path, const char *const *inputs, SwOutputFileFlags flags, GError **error)
{
  Target t;

  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!resolve (path, inputs, flags, &t, error))
    return FALSE;
  target_clear (&t);
  return TRUE;
}

static void
output_free (SwOutputFile *file)
{
  if (file->fd >= 0)
    close (file->fd);
  if (file->tmp_path != NULL)
    g_unlink (file->tmp_path);
  g_free (file->tmp_path);
  g_free (file->path);
  target_clear (&file->t);
  if (file->buffer != NULL)
    g_byte_array_unref (file->buffer);
  g_clear_error (&file->error);
  g_free (file);
}

/* An unnamed file in dir, or a named one where the file system cannot. */
static gboolean
open_temporary (SwOutputFile *file, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (file->t.target);
  g_autofree char *base = g_path_get_basename (file->t.target);

  if (g_getenv ("SW_OUTPUT_FILE_NO_TMPFILE") == NULL)
    {
      file->fd = open (dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
      if (file->fd >= 0)
        {
          file->anonymous = TRUE;
          return TRUE;
        }
      if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)
        {
          set_errno_error (error, file->path, errno);
          return FALSE;
        }
    }
  {
    g_autofree char *template = g_strdup_printf (".%s.XXXXXX", base);

    file->tmp_path = g_build_filename (dir, template, NULL);
    file->fd = g_mkstemp_full (file->tmp_path, O_WRONLY | O_CLOEXEC, 0666);
    if (file->fd < 0)
      {
        set_errno_error (error, file->path, errno);
        g_clear_pointer (&file->tmp_path, g_free);
        return FALSE;
      }
  }
  return TRUE;
}

SwOutputFile *
sw_output_file_open (const char *path, const char *const *inputs, SwOutputFileFlags flags, GError **error)
{
  SwOutputFile *file;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  file = g_new0 (SwOutputFile, 1);
  file->fd = -1;
  file->path = g_strdup (path);
  if (!resolve (path, inputs, flags, &file->t, error))
    {
      output_free (file);
      return NULL;
    }

  switch (file->t.mode)
    {
    case MODE_REPLACE:
      if (!open_temporary (file, error))
        {
          output_free (file);
          return NULL;
        }
      if (file->t.exists)
        {
          /* The old file's owner (where allowed) and mode; the owner first,
           * as changing it clears the set-id bits. */
          if (fchown (file->fd, file->t.st.st_uid, file->t.st.st_gid) != 0)
            (void) !fchown (file->fd, (uid_t) -1, file->t.st.st_gid);
          if (fchmod (file->fd, file->t.st.st_mode & 07777) != 0)
            {
              set_errno_error (error, path, errno);
              output_free (file);
              return NULL;
            }
        }
      break;

    case MODE_IN_PLACE:
      file->buffer = g_byte_array_new ();
      file->fd = open (file->t.target, O_WRONLY | O_CLOEXEC | O_NOCTTY);
      break;

    case MODE_DIRECT:
      file->fd = open (path, O_WRONLY | O_CLOEXEC | O_NOCTTY);
      break;
    }
  if (file->fd < 0)
    {
      set_errno_error (error, path, errno);
      output_free (file);
      return NULL;
    }
  return file;
}

static gboolean
write_all (int fd, const guint8 *data, gsize length, off_t offset, gboolean positioned, int *saved_errno)
{
  while (length > 0)
    {
      ssize_t n = positioned ? pwrite (fd, data, MIN (length, (gsize) G_MAXSSIZE), offset)
                             : write (fd, data, MIN (length, (gsize) G_MAXSSIZE));

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          *saved_errno = n < 0 ? errno : ENOSPC;
          return FALSE;
        }
      data += n;
      length -= (gsize) n;
      offset += n;
    }
  return TRUE;
}

gboolean
sw_output_file_write (SwOutputFile *file, const void *data, gsize length, GError **error)
{
  int saved_errno = 0;

  g_return_val_if_fail (file != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (file->error == NULL)
    {
      if (file->buffer != NULL)
        g_byte_array_append (file->buffer, data, (guint) length);
      else if (!write_all (file->fd, data, length, 0, FALSE, &saved_errno))
        set_errno_error (&file->error, file->path, saved_errno);
    }
  if (file->error != NULL)
    {
      g_propagate_error (error, g_error_copy (file->error));
      return FALSE;
    }
  return TRUE;
}

const char *
sw_output_file_get_path (SwOutputFile *file)
{
  g_return_val_if_fail (file != NULL, NULL);
  return file->path;
}

const char *
sw_output_file_get_temporary_path (SwOutputFile *file)
{
  g_return_val_if_fail (file != NULL, NULL);
  return file->tmp_path;
}

static gboolean
close_fd (SwOutputFile *file, GError **error)
{
  int fd = file->fd;

  file->fd = -1;
  if (close (fd) != 0 && errno != EINTR)
    {
      set_errno_error (error, file->path, errno);
      return FALSE;
    }
  return TRUE;
}

/* Whether a failed fsync only says the file cannot be synced (a pipe, a
 * terminal, a character device). */
static gboolean
sync_not_supported (int saved_errno)
{
  return saved_errno == EINVAL || saved_errno == EROFS || saved_errno == ENOTSUP || saved_errno == EBADF;
}

static gboolean
commit_in_place (SwOutputFile *file, GError **error)
{
  int saved_errno = 0;
  guint len = file->buffer->len;

  /* Room first: a full disk then fails before the old contents are touched. */
  if (len > 0)
    {
      int r = posix_fallocate (file->fd, 0, (off_t) len);

      if (r != 0 && r != EOPNOTSUPP && r != EINVAL && r != ENOSYS)
        {
          set_errno_error (error, file->path, r);
          return FALSE;
        }
    }
  if (!write_all (file->fd, file->buffer->data, len, 0, TRUE, &saved_errno))
    {
      set_errno_error (error, file->path, saved_errno);
      return FALSE;
    }
  if (ftruncate (file->fd, (off_t) len) != 0 || fsync (file->fd) != 0)
    {
      set_errno_error (error, file->path, errno);
      return FALSE;
    }
  return close_fd (file, error);
}

/* Gives the unnamed temporary file the name tmp in its folder. */
static int
link_anonymous (int fd, const char *tmp)
{
  char proc[64];

  g_snprintf (proc, sizeof proc, "/proc/self/fd/%d", fd);
  if (linkat (AT_FDCWD, proc, AT_FDCWD, tmp, AT_SYMLINK_FOLLOW) == 0)
    return 0;
  if (errno == EEXIST)
    return -1;
  return linkat (fd, "", AT_FDCWD, tmp, AT_EMPTY_PATH);
}

static gboolean
commit_replace (SwOutputFile *file, GError **error)
{
  sigset_t block, saved;
  gboolean ok = TRUE, linked = FALSE;
  int link_errno = EEXIST;

  if (fsync (file->fd) != 0)
    {
      set_errno_error (error, file->path, errno);
      return FALSE;
    }
  if (file->anonymous)
    {
      /* A name for the file beside the target, renamed over it; no signal
       * in between, so that a Ctrl+C cannot leave that name behind. */
      g_autofree char *dir = g_path_get_dirname (file->t.target);
      g_autofree char *base = g_path_get_basename (file->t.target);

      sigemptyset (&block);
      sigaddset (&block, SIGINT);
      sigaddset (&block, SIGTERM);
      sigaddset (&block, SIGHUP);
      sigaddset (&block, SIGQUIT);
      pthread_sigmask (SIG_BLOCK, &block, &saved);
      for (int attempt = 0; attempt < 100 && !linked; attempt++)
        {
          g_autofree char *leaf = g_strdup_printf (".%s.%08x", base, g_random_int ());

          file->tmp_path = g_build_filename (dir, leaf, NULL);
          if (link_anonymous (file->fd, file->tmp_path) == 0)
            linked = TRUE;
          else
            {
              link_errno = errno;
              g_clear_pointer (&file->tmp_path, g_free);
              if (link_errno != EEXIST)
                break;
            }
        }
      if (!linked)
        {
          set_errno_error (error, file->path, link_errno);
          ok = FALSE;
        }
      else if (rename (file->tmp_path, file->t.target) != 0)
        {
          set_errno_error (error, file->path, errno);
          g_unlink (file->tmp_path);
          ok = FALSE;
        }
      g_clear_pointer (&file->tmp_path, g_free);
      pthread_sigmask (SIG_SETMASK, &saved, NULL);
      return ok && close_fd (file, error);
    }

  if (!close_fd (file, error))
    return FALSE;
  if (rename (file->tmp_path, file->t.target) != 0)
    {
      set_errno_error (error, file->path, errno);
      return FALSE;
    }
  g_clear_pointer (&file->tmp_path, g_free);
  return TRUE;
}

gboolean
sw_output_file_commit (SwOutputFile *file, GError **error)
{
  gboolean ok = FALSE;

  g_return_val_if_fail (file != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (file->error != NULL)
    g_propagate_error (error, g_steal_pointer (&file->error));
  else
    switch (file->t.mode)
      {
      case MODE_REPLACE:
        ok = commit_replace (file, error);
        break;
      case MODE_IN_PLACE:
        ok = commit_in_place (file, error);
        break;
      case MODE_DIRECT:
        if (fsync (file->fd) != 0 && !sync_not_supported (errno))
          set_errno_error (error, file->path, errno);
        else
          ok = close_fd (file, error);
        break;
      }
  output_free (file);
  return ok;
}

void
sw_output_file_abort (SwOutputFile *file)
{
  if (file != NULL)
    output_free (file);
}
