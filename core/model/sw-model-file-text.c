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

#ifdef G_OS_UNIX
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

/* Smaller files are read into memory as before: their text is small next
 * to the model's and the process. */
#define MAP_AT_LEAST (4u << 20)
/* Pages are given back in steps of this much text. */
#define RELEASE_STEP (1u << 20)

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

char *
_sw_model_file_map (const char *path,
                    gsize       smallest,
                    gsize      *length,
                    gsize      *mapped)
{
#ifdef G_OS_UNIX
  struct stat st;
  char *base = NULL;
  gsize total;
  int fd;

  if (smallest == 0)
    smallest = MAP_AT_LEAST;
  fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return NULL;
  if (fstat (fd, &st) == 0 && S_ISREG (st.st_mode) && (guint64) st.st_size >= smallest
      && (guint64) st.st_size < G_MAXSIZE - 2 * page_size ())
    {
      /* The file's pages, then at least one zero byte of an anonymous page. */
      total = ((gsize) st.st_size / page_size () + 1) * page_size ();
      base = mmap (NULL, total, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (base == MAP_FAILED)
        base = NULL;
      else if (mmap (base, (gsize) st.st_size, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) == MAP_FAILED)
        {
          munmap (base, total);
          base = NULL;
        }
      else
        {
          *length = (gsize) st.st_size;
          *mapped = total;
        }
    }
  close (fd);
  return base;
#else
  return NULL;
#endif
}

void
_sw_model_file_unmap (char  *data,
                      gsize  mapped)
{
#ifdef G_OS_UNIX
  if (data != NULL)
    munmap (data, mapped);
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
