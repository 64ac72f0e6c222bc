/* sw-modes-arrays.c: the large per-mode arrays of SwModes and the
 * element-wise passes over a mode's values (issue 24).
 *
 * Every mode of a chain of 1 000 has 8 MB of shapes over the coordinates.
 * In 4 kB pages, the first write of each costs a page fault (2 000 of them,
 * about 4 % of `modal --json`); in 2 MB pages, where the kernel gives them
 * on request (transparent huge pages in "madvise" mode), four.
 *
 * The percents and the scaled shape divide every value by one number:
 * eight divisions at a time in AVX-512 lanes where the processor has them
 * (the same IEEE quotient in each lane, so the same bits as one by one).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modes-private.h"

#include <string.h>
#ifdef G_OS_UNIX
#include <sys/mman.h>
#endif

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define HAVE_LANES 1
#include <immintrin.h>
#endif

#define HUGE_PAGE ((gsize) 2 << 20)

/* Arrays of at least two huge pages are mappings of their own. */
static gboolean
mapped (gsize bytes)
{
#if defined(MADV_HUGEPAGE) && defined(MAP_ANONYMOUS)
  return bytes >= 2 * HUGE_PAGE;
#else
  return FALSE;
#endif
}

double *
_sw_modes_array_new0 (gsize n)
{
  gsize bytes = MAX (n, 1) * sizeof (double);

#if defined(MADV_HUGEPAGE) && defined(MAP_ANONYMOUS)
  if (mapped (bytes))
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
  if (mapped (bytes))
    {
      munmap (array, (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE);
      return;
    }
#endif
  g_free (array);
}

#ifdef HAVE_LANES
#define LANES __attribute__ ((target ("avx512f")))

LANES static void
divide_lanes (double *out, const double *in, double factor, double divisor, guint n)
{
  __m512d f = _mm512_set1_pd (factor), d = _mm512_set1_pd (divisor);
  guint i = 0;

  for (; i + 8 <= n; i += 8)
    _mm512_storeu_pd (out + i, _mm512_div_pd (_mm512_mul_pd (_mm512_loadu_pd (in + i), f), d));
  for (; i < n; i++)
    out[i] = in[i] * factor / divisor;
}

static gboolean
have_lanes (void)
{
  static gsize state = 0;   /* 1 + whether */

  if (g_once_init_enter (&state))
    g_once_init_leave (&state, 1 + __builtin_cpu_supports ("avx512f"));
  return state == 2;
}
#endif

void
_sw_modes_divide (double *out, const double *in, double factor, double divisor, guint n)
{
#ifdef HAVE_LANES
  if (have_lanes ())
    {
      divide_lanes (out, in, factor, divisor, n);
      return;
    }
#endif
  for (guint i = 0; i < n; i++)
    out[i] = in[i] * factor / divisor;
}
