/* sw-modes-arrays.c: the large per-mode arrays of SwModes (issue 24).
 *
 * Every mode of a chain of 1 000 has 8 MB of shapes over the coordinates.
 * In 4 kB pages, the first write of each costs a page fault (2 000 of them,
 * about 4 % of `modal --json`); in 2 MB pages, where the kernel gives them
 * on request (transparent huge pages in "madvise" mode), four.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modes-private.h"

#ifdef G_OS_UNIX
#include <sys/mman.h>
#endif

#define HUGE_PAGE ((gsize) 2 << 20)

/* Arrays of at least two huge pages are mappings of their own. */
#define MAPPED(bytes) ((bytes) >= 2 * HUGE_PAGE)

double *
_sw_modes_array_new0 (gsize n)
{
  gsize bytes = MAX (n, 1) * sizeof (double);

#if defined(MADV_HUGEPAGE) && defined(MAP_ANONYMOUS)
  if (MAPPED (bytes))
    {
      /* Whole 2 MB pages (a part page at the end would fault every 4 kB),
       * at a 2 MB boundary: a larger mapping, trimmed. Zeroed, as every
       * anonymous mapping. */
      gsize whole = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
      char *p = mmap (NULL, whole + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      char *start;

      if (p == MAP_FAILED)
        g_error ("%s: failed to allocate %" G_GSIZE_FORMAT " bytes", G_STRLOC, whole);
      start = (char *) (((guintptr) p + HUGE_PAGE - 1) & ~(guintptr) (HUGE_PAGE - 1));
      if (start > p)
        munmap (p, start - p);
      munmap (start + whole, p + HUGE_PAGE - start);
      madvise (start, whole, MADV_HUGEPAGE);
      return (double *) start;
    }
#endif
  return g_new0 (double, MAX (n, 1));
}

void
_sw_modes_array_free (double *array, gsize n)
{
  gsize bytes = MAX (n, 1) * sizeof (double);

  if (array == NULL)
    return;
#if defined(MADV_HUGEPAGE) && defined(MAP_ANONYMOUS)
  if (MAPPED (bytes))
    {
      munmap (array, (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE);
      return;
    }
#endif
  g_free (array);
}
