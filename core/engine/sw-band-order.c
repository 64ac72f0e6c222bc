/* sw-band-order.c: one Cuthill-McKee order (sw-band-order-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-band-order-private.h"

#include <stdlib.h>

typedef struct {
  const guint *start;
  guint        v;
} ByDegree;

static int
compare_degree (gconstpointer a, gconstpointer b)
{
  const ByDegree *x = a, *y = b;
  guint dx = x->start[x->v + 1] - x->start[x->v], dy = y->start[y->v + 1] - y->start[y->v];

  if (dx != dy)
    return dx < dy ? -1 : 1;
  return x->v < y->v ? -1 : x->v > y->v;
}

void
_sw_band_sort_by_degree (const guint *start,
                         guint       *vertices,
                         guint        n)
{
  g_autofree ByDegree *by = g_new (ByDegree, MAX (n, 1));

  for (guint k = 0; k < n; k++)
    by[k] = (ByDegree) { start, vertices[k] };
  qsort (by, n, sizeof (ByDegree), compare_degree);
  for (guint k = 0; k < n; k++)
    vertices[k] = by[k].v;
}

guint
_sw_band_order (guint        n,
                const guint *start,
                const guint *adj,
                const guint *roots,
                guint        n_roots,
                gboolean     by_degree,
                gboolean     reverse,
                guint       *seen,
                guint        stamp,
                guint       *order)
{
  g_autofree guint *own = NULL;
  g_autofree ByDegree *scratch = NULL;
  guint len = 0, head = 0;

  if (seen == NULL)
    {
      seen = own = g_new0 (guint, MAX (n, 1));
      stamp = 1;
    }
  if (by_degree)
    scratch = g_new (ByDegree, MAX (n, 1));
  for (guint r = 0; r < n_roots; r++)
    {
      if (seen[roots[r]] == stamp)
        continue;
      seen[roots[r]] = stamp;
      order[len++] = roots[r];
      for (; head < len; head++)
        {
          guint v = order[head], m = 0;

          for (guint k = start[v]; k < start[v + 1]; k++)
            if (seen[adj[k]] != stamp)
              {
                seen[adj[k]] = stamp;
                if (by_degree)
                  scratch[m++] = (ByDegree) { start, adj[k] };
                else
                  order[len++] = adj[k];
              }
          if (by_degree)
            {
              qsort (scratch, m, sizeof (ByDegree), compare_degree);
              for (guint k = 0; k < m; k++)
                order[len++] = scratch[k].v;
            }
        }
    }
  if (reverse)
    for (guint a = 0, b = len; a + 1 < b; a++, b--)
      {
        guint s = order[a];

        order[a] = order[b - 1];
        order[b - 1] = s;
      }
  return len;
}
