/* sw-model-file-text.c: a large model file's text mapped, not copied, and
 * its pages given back behind the reader.
 *
 * The reader goes over the text a few times from the start (line starts,
 * the scan, the top level) and then once, element by element, through the
 * big arrays. A copy of the text (28 MB for a 100 000-body chain) stayed
 * resident beside the whole model; mapped, the pages already read are
 * dropped from the process (madvise MADV_DONTNEED: they stay in the page
 * cache, and a later look at them, such as a message's column, reads them
 * again from there), so the reader holds about a megabyte of text at a
 * time. The mapping ends with a zero byte of its own (an anonymous page
 * after the file's), so the text is NUL-terminated as the reader needs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-reader-private.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#ifdef G_OS_UNIX
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

/* Smaller files are read into memory as before: their text is small next
 * to the model's and the process. */
#define MAP_AT_LEAST (4u << 20)
/* Pages are given back in steps of this much text. */
#define RELEASE_STEP (1u << 20)
/* What is not a regular file (a pipe, a device) is read up to this much:
 * /dev/zero or `yes` would otherwise fill the memory. */
#define STREAM_AT_MOST ((gsize) 1 << 30)
/* How long a named pipe is waited for before it is said to have no writer
 * (tests shorten it). */
guint _sw_model_file_fifo_wait_ms = 10000;
/* Files mapped at the same time (threads reading); more are read into
 * memory. */
#define N_SLOTS 16

static gsize
page_size (void)
{
#ifdef G_OS_UNIX
  static gsize size;

  if (g_once_init_enter (&size))
    g_once_init_leave (&size, (gsize) MAX (sysconf (_SC_PAGESIZE), 1));
  return size;
#else
  return 4096;
#endif
}

#ifdef G_OS_UNIX
/* A file cut short while it is mapped makes a read of its lost pages raise
 * SIGBUS, which would kill the program. The handler below puts a page of
 * zeros where the fault was (the reader then sees the text end there) and
 * marks the mapping; reading it ends with an error. Only faults inside a
 * mapping of the reader's are handled; others go on to the handler before
 * ours, or to the default (the program ends, as it would have). */
typedef struct {
  char *base;          /* atomic: NULL when free */
  gsize size;
  gint  cut;           /* atomic: a fault was repaired */
} Slot;

static Slot slots[N_SLOTS];
static struct sigaction previous_bus;

static void
on_bus (int sig, siginfo_t *info, void *context)
{
  char *at = info != NULL ? (char *) info->si_addr : NULL;
  int saved = errno;

  for (guint i = 0; at != NULL && i < N_SLOTS; i++)
    {
      char *base = g_atomic_pointer_get (&slots[i].base);

      if (base != NULL && at >= base && at < base + slots[i].size)
        {
          gsize page = page_size ();
          char *start = base + (gsize) (at - base) / page * page;

          /* mmap is a plain system call on Linux, safe here. */
          if (mmap (start, page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED)
            {
              g_atomic_int_set (&slots[i].cut, 1);
              errno = saved;
              return;
            }
        }
    }
  errno = saved;
  if ((previous_bus.sa_flags & SA_SIGINFO) && previous_bus.sa_sigaction != NULL)
    previous_bus.sa_sigaction (sig, info, context);
  else if (!(previous_bus.sa_flags & SA_SIGINFO) && previous_bus.sa_handler != SIG_DFL
           && previous_bus.sa_handler != SIG_IGN)
    previous_bus.sa_handler (sig);
  else
    {
      /* The fault repeats on return and ends the program. */
      signal (SIGBUS, SIG_DFL);
    }
}

static gboolean
install_bus_handler (void)
{
  static gsize installed;

  if (g_once_init_enter (&installed))
    {
      struct sigaction action;
      gsize ok = 1;

      memset (&action, 0, sizeof action);
      action.sa_sigaction = on_bus;
      action.sa_flags = SA_SIGINFO | SA_NODEFER;
      sigemptyset (&action.sa_mask);
      if (sigaction (SIGBUS, &action, &previous_bus) != 0)
        ok = 2;
      g_once_init_leave (&installed, ok);
    }
  return installed == 1;
}

static int
take_slot (char *base, gsize size)
{
  /* The slot is taken before the file is mapped into it, so no fault can
   * read its size before it is set. */
  for (guint i = 0; i < N_SLOTS; i++)
    if (g_atomic_pointer_compare_and_exchange (&slots[i].base, NULL, base))
      {
        slots[i].size = size;
        g_atomic_int_set (&slots[i].cut, 0);
        return (int) i;
      }
  return -1;
}
#endif

gboolean
_sw_model_file_map (const char *path,
                    gsize       smallest,
                    SwFileMap  *map)
{
#ifdef G_OS_UNIX
  struct stat st;
  char *base = NULL;
  gsize total;
  int fd, slot = -1;

  memset (map, 0, sizeof *map);
  map->fd = -1;
  map->slot = -1;
  if (smallest == 0)
    smallest = MAP_AT_LEAST;
  if (!install_bus_handler ())
    return FALSE;
  /* Only a regular file is opened here: opening a pipe would take its
   * writer's text from the read that follows (and could block). */
  if (stat (path, &st) != 0 || !S_ISREG (st.st_mode) || (guint64) st.st_size < smallest)
    return FALSE;
  fd = open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    return FALSE;
  if (fstat (fd, &st) == 0 && S_ISREG (st.st_mode) && (guint64) st.st_size >= smallest
      && (guint64) st.st_size < G_MAXSIZE - 2 * page_size ())
    {
      /* The file's pages, then at least one zero byte of an anonymous page. */
      total = ((gsize) st.st_size / page_size () + 1) * page_size ();
      base = mmap (NULL, total, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (base == MAP_FAILED)
        base = NULL;
      else if ((slot = take_slot (base, total)) < 0
               || mmap (base, (gsize) st.st_size, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) == MAP_FAILED)
        {
          if (slot >= 0)
            g_atomic_pointer_set (&slots[slot].base, NULL);
          munmap (base, total);
          base = NULL;
        }
    }
  if (base == NULL)
    {
      close (fd);
      return FALSE;
    }
  map->data = base;
  map->length = (gsize) st.st_size;
  map->mapped = total;
  map->fd = fd;
  map->slot = slot;
  map->mtime_s = (gint64) st.st_mtim.tv_sec;
  map->mtime_ns = (gint64) st.st_mtim.tv_nsec;
  return TRUE;
#else
  memset (map, 0, sizeof *map);
  return FALSE;
#endif
}

gboolean
_sw_model_file_unmap (SwFileMap *map)
{
  gboolean same = TRUE;
#ifdef G_OS_UNIX
  struct stat st;

  if (map->data == NULL)
    return TRUE;
  /* Cut short (a page lost), grown, or written over while read: the text
   * read is not the file's. */
  if (g_atomic_int_get (&slots[map->slot].cut)
      || fstat (map->fd, &st) != 0 || (gsize) st.st_size != map->length
      || (gint64) st.st_mtim.tv_sec != map->mtime_s || (gint64) st.st_mtim.tv_nsec != map->mtime_ns)
    same = FALSE;
  munmap (map->data, map->mapped);
  g_atomic_pointer_set (&slots[map->slot].base, NULL);
  close (map->fd);
  memset (map, 0, sizeof *map);
  map->fd = -1;
  map->slot = -1;
#endif
  return same;
}

#ifdef G_OS_UNIX
/* A pipe opened without blocking: FALSE when it is a named one (a path in
 * the file system, not a pipe from a program such as /dev/stdin) and
 * nothing is written to it, nor is it closed by a writer, within
 * _sw_model_file_fifo_wait_ms. */
static gboolean
wait_for_writer (int fd, const char *path)
{
  char resolved[PATH_MAX];
  struct stat st;
  struct pollfd p = { .fd = fd, .events = POLLIN };
  int n;

  /* A program's pipe resolves to no path ("pipe:[…]"): its writer is there. */
  if (realpath (path, resolved) == NULL || stat (resolved, &st) != 0 || !S_ISFIFO (st.st_mode))
    return TRUE;
  do
    n = poll (&p, 1, (int) _sw_model_file_fifo_wait_ms);
  while (n < 0 && errno == EINTR);
  return n != 0;
}
#endif

/* Like g_file_get_contents(), for a model file: a folder is named as one,
 * and what is not a regular file is read only up to its first NUL byte (a
 * model holds none: the reader reports it where it is) or STREAM_AT_MOST. */
gboolean
_sw_model_file_read (const char  *path,
                     char       **contents,
                     gsize       *length,
                     GError     **error)
{
#ifdef G_OS_UNIX
  g_autoptr(GString) text = NULL;
  g_autofree char *display_name = g_filename_display_name (path);
  struct stat st;
  char buffer[65536];
  int fd;

  /* Not blocking: a named pipe no program has open for writing would hold
   * the open for ever. */
  fd = open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    {
      int code = errno;

      g_set_error (error, SW_ERROR, SW_ERROR_IO, _("%s: error: %s"), display_name, g_strerror (code));
      return FALSE;
    }
  if (fstat (fd, &st) == 0 && S_ISFIFO (st.st_mode) && !wait_for_writer (fd, path))
    {
      close (fd);
      g_set_error (error, SW_ERROR, SW_ERROR_IO,
                   _("%s: error: a named pipe that nothing was written to within %u s: no program writes to it"),
                   display_name, (_sw_model_file_fifo_wait_ms + 999) / 1000);
      return FALSE;
    }
  fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK);
  if (S_ISDIR (st.st_mode))
    {
      close (fd);
      g_set_error (error, SW_ERROR, SW_ERROR_IO, _("%s: error: a folder, not a model file"), display_name);
      return FALSE;
    }
  if (S_ISREG (st.st_mode))
    {
      g_autoptr(GError) local_error = NULL;

      close (fd);
      if (g_file_get_contents (path, contents, length, &local_error))
        return TRUE;
      g_set_error (error, SW_ERROR, SW_ERROR_IO, _("%s: error: %s"), display_name, local_error->message);
      return FALSE;
    }
  text = g_string_new (NULL);
  for (;;)
    {
      gssize n = read (fd, buffer, sizeof buffer);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int code = errno;

          close (fd);
          g_set_error (error, SW_ERROR, SW_ERROR_IO, _("%s: error: %s"), display_name, g_strerror (code));
          return FALSE;
        }
      if (n == 0)
        break;
      g_string_append_len (text, buffer, n);
      if (memchr (buffer, '\0', (gsize) n) != NULL)
        break;
      if (text->len > STREAM_AT_MOST)
        {
          close (fd);
          g_set_error (error, SW_ERROR, SW_ERROR_IO,
                       _("%s: error: more than %u MiB without an end: not a model file"), display_name,
                       (guint) (STREAM_AT_MOST >> 20));
          return FALSE;
        }
    }
  close (fd);
  *length = text->len;
  *contents = g_string_free (g_steal_pointer (&text), FALSE);
  return TRUE;
#else
  g_autoptr(GError) local_error = NULL;
  g_autofree char *display_name = g_filename_display_name (path);

  if (g_file_get_contents (path, contents, length, &local_error))
    return TRUE;
  g_set_error (error, SW_ERROR, SW_ERROR_IO, _("%s: error: %s"), display_name, local_error->message);
  return FALSE;
#endif
}

void
_sw_reader_release_text (Reader *r,
                         gsize   from,
                         gsize   to)
{
#ifdef G_OS_UNIX
  gsize page = page_size ();

  if (!r->mapped)
    return;
  to = MIN (to, r->length);
  from = (from + page - 1) / page * page;
  to = to / page * page;
  if (to > from)
    madvise (r->data + from, to - from, MADV_DONTNEED);
#endif
}

gsize
_sw_reader_release_behind (Reader *r,
                           gsize   released,
                           gsize   offset)
{
  if (!r->mapped || offset < released + RELEASE_STEP)
    return released;
  _sw_reader_release_text (r, released, offset);
  return offset / page_size () * page_size ();
}
