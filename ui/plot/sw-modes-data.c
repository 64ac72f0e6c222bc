/* sw-modes-data.c: the drivetrain order of an SwModes's bodies and
 * sections, how sections move in a mode, the colour scale, share texts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modes-data.h"

#include <math.h>
#include <string.h>

#include "sw-part.h"

/* Ten stops of a perceptually uniform sequential scale from dark purple
 * through blue and green to yellow (the viridis hues), evenly spaced;
 * interpolated linearly between them. */
static const guint8 scale_stops[][3] = {
  { 0x44, 0x01, 0x54 },
  { 0x48, 0x28, 0x78 },
  { 0x3e, 0x49, 0x89 },
  { 0x31, 0x68, 0x8e },
  { 0x26, 0x82, 0x8e },
  { 0x1f, 0x9e, 0x89 },
  { 0x35, 0xb7, 0x79 },
  { 0x6e, 0xce, 0x58 },
  { 0xb5, 0xde, 0x2b },
  { 0xfd, 0xe7, 0x25 },
};

void
sw_modes_scale_colour (double t,
                       double rgb[3])
{
  const guint n = G_N_ELEMENTS (scale_stops);
  double x;
  guint i;

  g_return_if_fail (rgb != NULL);

  if (isnan (t))
    t = 0;
  t = CLAMP (t, 0.0, 1.0);
  x = t * (n - 1);
  i = MIN ((guint) floor (x), n - 2);
  x -= i;
  for (guint c = 0; c < 3; c++)
    rgb[c] = (scale_stops[i][c] * (1 - x) + scale_stops[i + 1][c] * x) / 255.0;
}

/* ---- Drivetrain order ----------------------------------------------------- */

typedef struct {
  const SwPart *part;
  int           body;      /* body index, or -1 */
  int           section;   /* section index, or -1 */
} Item;

static int
compare_items (gconstpointer a,
               gconstpointer b)
{
  const Item *ia = a, *ib = b;

  return (ia->part->component > ib->part->component) - (ia->part->component < ib->part->component);
}

static int
compare_guint (gconstpointer a,
               gconstpointer b)
{
  guint ua = *(const guint *) a, ub = *(const guint *) b;

  return (ua > ub) - (ua < ub);
}

static Item *
find_or_add (GArray       *items,
             const SwPart *part)
{
  for (guint i = 0; i < items->len; i++)
    if (g_array_index (items, Item, i).part == part)
      return &g_array_index (items, Item, i);
  g_array_append_val (items, ((Item) { part, -1, -1 }));
  return &g_array_index (items, Item, items->len - 1);
}

/* Items, sorted by component, and for each the items sharing a node with
 * it through a port that is not a support. */
static GArray *
collect_items (const SwModes *modes,
               GPtrArray    **neighbours)
{
  GArray *items = g_array_new (FALSE, FALSE, sizeof (Item));
  g_autoptr(GHashTable) by_node = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);

  for (guint b = 0; b < sw_modes_get_n_bodies (modes); b++)
    find_or_add (items, sw_modes_get_body_part (modes, b))->body = b;
  for (guint s = 0; s < sw_modes_get_n_sections (modes); s++)
    find_or_add (items, sw_modes_get_section_part (modes, s))->section = s;
  g_array_sort (items, compare_items);

  for (guint i = 0; i < items->len; i++)
    {
      const SwPart *part = g_array_index (items, Item, i).part;

      for (guint p = 0; p < part->kind->n_ports; p++)
        {
          GArray *list;

          if (part->kind->ports[p].is_support)
            continue;
          list = g_hash_table_lookup (by_node, GUINT_TO_POINTER (part->node[p]));
          if (list == NULL)
            {
              list = g_array_new (FALSE, FALSE, sizeof (guint));
              g_hash_table_insert (by_node, GUINT_TO_POINTER (part->node[p]), list);
            }
          if (list->len == 0 || g_array_index (list, guint, list->len - 1) != i)
            g_array_append_val (list, i);
        }
    }

  *neighbours = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  for (guint i = 0; i < items->len; i++)
    g_ptr_array_add (*neighbours, g_array_new (FALSE, FALSE, sizeof (guint)));
  {
    GHashTableIter iter;
    gpointer value;

    g_hash_table_iter_init (&iter, by_node);
    while (g_hash_table_iter_next (&iter, NULL, &value))
      {
        GArray *list = value;

        for (guint a = 0; a < list->len; a++)
          for (guint b = 0; b < list->len; b++)
            {
              guint ia = g_array_index (list, guint, a), ib = g_array_index (list, guint, b);
              GArray *n = g_ptr_array_index (*neighbours, ia);
              gboolean known = FALSE;

              if (ia == ib)
                continue;
              for (guint k = 0; k < n->len && !known; k++)
                known = g_array_index (n, guint, k) == ib;
              if (!known)
                g_array_append_val (n, ib);
            }
      }
  }
  /* Neighbours in file order, so the walk does not depend on hashing. */
  for (guint i = 0; i < items->len; i++)
    {
      GArray *n = g_ptr_array_index (*neighbours, i);
      g_array_sort (n, compare_guint);
    }
  return items;
}

/* The farthest item from start in its piece (the first in file order on a
 * tie); marks the piece in piece (when not NULL). */
static guint
farthest (GPtrArray *neighbours,
          guint      start,
          gboolean  *piece)
{
  guint n = neighbours->len, best = start;
  g_autofree int *distance = g_new (int, n);
  g_autofree guint *queue = g_new (guint, n);
  guint head = 0, tail = 0;

  for (guint i = 0; i < n; i++)
    distance[i] = -1;
  distance[start] = 0;
  queue[tail++] = start;
  while (head < tail)
    {
      guint u = queue[head++];
      GArray *list = g_ptr_array_index (neighbours, u);

      if (piece != NULL)
        piece[u] = TRUE;
      if (distance[u] > distance[best] || (distance[u] == distance[best] && u < best))
        best = u;
      for (guint k = 0; k < list->len; k++)
        {
          guint v = g_array_index (list, guint, k);

          if (distance[v] < 0)
            {
              distance[v] = distance[u] + 1;
              queue[tail++] = v;
            }
        }
    }
  return best;
}

static void
walk (GPtrArray *neighbours,
      guint      u,
      gboolean  *visited,
      GArray    *order)
{
  GArray *list = g_ptr_array_index (neighbours, u);

  visited[u] = TRUE;
  g_array_append_val (order, u);
  for (guint k = 0; k < list->len; k++)
    if (!visited[g_array_index (list, guint, k)])
      walk (neighbours, g_array_index (list, guint, k), visited, order);
}

void
sw_modes_get_drivetrain_order (const SwModes *modes,
                               guint         *body_order,
                               guint         *section_order)
{
  g_autoptr(GPtrArray) neighbours = NULL;
  g_autoptr(GArray) items = NULL;
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree gboolean *visited = NULL;
  guint nb = 0, ns = 0;

  g_return_if_fail (modes != NULL);

  items = collect_items (modes, &neighbours);
  visited = g_new0 (gboolean, MAX (items->len, 1));
  for (guint i = 0; i < items->len; i++)
    if (!visited[i])
      {
        guint a = farthest (neighbours, i, NULL);
        guint b = farthest (neighbours, a, NULL);

        walk (neighbours, MIN (a, b), visited, order);
      }

  for (guint k = 0; k < order->len; k++)
    {
      const Item *item = &g_array_index (items, Item, g_array_index (order, guint, k));

      if (item->body >= 0 && body_order != NULL)
        body_order[nb++] = item->body;
      if (item->section >= 0 && section_order != NULL)
        section_order[ns++] = item->section;
    }
}

void
sw_modes_get_section_shapes (const SwModes *modes,
                             const double  *body_shape,
                             double        *section_shape)
{
  guint nb, ns;

  g_return_if_fail (modes != NULL);
  g_return_if_fail (body_shape != NULL || sw_modes_get_n_bodies (modes) == 0);
  g_return_if_fail (section_shape != NULL || sw_modes_get_n_sections (modes) == 0);

  nb = sw_modes_get_n_bodies (modes);
  ns = sw_modes_get_n_sections (modes);
  for (guint s = 0; s < ns; s++)
    {
      const SwPart *section = sw_modes_get_section_part (modes, s);
      double sum = 0;
      guint n = 0;

      for (guint b = 0; b < nb; b++)
        {
          const SwPart *body = sw_modes_get_body_part (modes, b);
          gboolean shares = body == section;

          for (guint p = 0; p < section->kind->n_ports && !shares; p++)
            for (guint q = 0; q < body->kind->n_ports && !shares; q++)
              shares = !section->kind->ports[p].is_support && !body->kind->ports[q].is_support &&
                       section->node[p] == body->node[q];
          if (shares)
            {
              sum += body_shape[b];
              n++;
            }
        }
      section_shape[s] = n > 0 ? sum / n : 0;
    }
}

char *
sw_modes_format_share (double percent)
{
  int decimals;

  if (!isfinite (percent))
    return g_strdup ("—");
  if (percent <= 0)
    return g_strdup ("0 %");
  if (percent < 0.0001)
    return g_strdup ("< 0.0001 %");
  /* 2 significant digits below 1 %: 0.034 has 3 decimals. */
  decimals = percent >= 1 ? 1 : MIN (4, 1 - (int) floor (log10 (percent)));
  return g_strdup_printf ("%.*f %%", decimals, percent);
}

char *
sw_modes_shorten_label (const char *text,
                        guint       max_chars)
{
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);
  glong n = g_utf8_strlen (valid, -1);
  g_autofree char *head = NULL;
  g_autofree char *tail = NULL;
  glong n_head, n_tail;

  if (n <= (glong) max_chars || max_chars < 2)
    return g_steal_pointer (&valid);
  /* The start gets the odd character: it says what kind of part. */
  n_tail = (max_chars - 1) / 2;
  n_head = max_chars - 1 - n_tail;
  head = g_utf8_substring (valid, 0, n_head);
  tail = g_utf8_substring (valid, n - n_tail, n);
  return g_strconcat (head, "…", tail, NULL);
}
