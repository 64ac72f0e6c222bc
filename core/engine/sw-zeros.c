/* sw-zeros.c: zeroed arrays whose untouched pages cost nothing
 * (sw-zeros-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-zeros-private.h"

#include <sys/mman.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

/* From this size an array is mapped on its own (glibc's own threshold for
 * a block of its own, as shaftwork-cli fixes it). */
#define SW_ZEROS_MAPPED_MIN (256 * 1024)

/* Before each array, its size; 16 bytes keep the array aligned for any
 * type. */
#define HEADER 16

gpointer
_sw_zeros_new (gsize n, gsize size)
{
  gsize bytes = MAX (n, 1) * size + HEADER;
  char *base = NULL;

  g_return_val_if_fail (size > 0 && MAX (n, 1) <= (G_MAXSIZE - HEADER) / size, NULL);
  if (bytes >= SW_ZEROS_MAPPED_MIN)
    {
      base = mmap (NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (base == MAP_FAILED)
        g_error ("out of memory: %" G_GSIZE_FORMAT " bytes", bytes);
    }
  else
    base = g_malloc0 (bytes);
  *(gsize *) base = bytes;
  return base + HEADER;
}

void
_sw_trim_heap (guint n_nodes)
{
#ifdef __GLIBC__
  if (n_nodes >= SW_TRIM_MIN_NODES)
    malloc_trim (0);
#endif
}

void
_sw_zeros_free (gpointer p)
{
  char *base;
  gsize bytes;

  if (p == NULL)
    return;
  base = (char *) p - HEADER;
  bytes = *(gsize *) base;
  if (bytes >= SW_ZEROS_MAPPED_MIN)
    munmap (base, bytes);
  else
    g_free (base);
}
