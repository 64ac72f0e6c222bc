/* sw-modes-order.c: the bodies and sections of an SwModes in drivetrain
 * order, for the mode-shape and energy charts' axes.
 *
 * The order follows the model's connections through every part of the
 * system, gears, clutches and subsystems' insides included (a gearbox
 * joins its input and output shafts though it is neither a body nor a
 * section). The walk starts at an end of the longest chain (the end
 * nearer what drives it in time, a torque source or an engine, else the
 * end earlier in the file) and goes along it;
 * a side branch is listed where it leaves the chain, before the chain
 * goes on. Grounds and sensors take no part: a ground joins whatever is
 * fixed, a sensor what it measures, and neither is a path of the
 * drivetrain.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modes-order.h"

#include "sw-part.h"

typedef struct {
  const SwSystem *system;
  guint           n_parts;
  GPtrArray      *neighbours;    /* per part: GArray of part indices, ascending */
  gboolean       *in_graph;
} Graph;

static gboolean
takes_part (const SwPart *part)
{
  return !g_str_has_suffix (part->kind->name, ".fixed") && g_strcmp0 (part->kind->group, "Sensors") != 0;
}

static int
compare_guint (gconstpointer a,
               gconstpointer b)
{
  guint ua = *(const guint *) a, ub = *(const guint *) b;

  return (ua > ub) - (ua < ub);
}

static void
graph_init (Graph          *graph,
            const SwSystem *system)
{
  g_autoptr(GHashTable) by_node = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  GHashTableIter iter;
  gpointer value;

  graph->system = system;
  graph->n_parts = sw_system_get_n_parts (system);
  graph->in_graph = g_new0 (gboolean, MAX (graph->n_parts, 1));
  graph->neighbours = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  for (guint i = 0; i < graph->n_parts; i++)
    g_ptr_array_add (graph->neighbours, g_array_new (FALSE, FALSE, sizeof (guint)));

  /* Parts by the nodes of their ports (supports aside). */
  for (guint i = 0; i < graph->n_parts; i++)
    {
      const SwPart *part = sw_system_get_part (system, i);

      graph->in_graph[i] = takes_part (part);
      if (!graph->in_graph[i])
        continue;
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

  /* Parts that share a node are neighbours. */
  g_hash_table_iter_init (&iter, by_node);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      GArray *list = value;

      for (guint a = 0; a < list->len; a++)
        for (guint b = 0; b < list->len; b++)
          {
            guint ia = g_array_index (list, guint, a), ib = g_array_index (list, guint, b);
            GArray *n = g_ptr_array_index (graph->neighbours, ia);
            gboolean known = FALSE;

            if (ia == ib)
              continue;
            for (guint k = 0; k < n->len && !known; k++)
              known = g_array_index (n, guint, k) == ib;
            if (!known)
              g_array_append_val (n, ib);
          }
    }
  /* Sorted, so that the walk does not depend on hashing. */
  for (guint i = 0; i < graph->n_parts; i++)
    g_array_sort (g_ptr_array_index (graph->neighbours, i), compare_guint);
}

static void
graph_clear (Graph *graph)
{
  g_clear_pointer (&graph->neighbours, g_ptr_array_unref);
  g_clear_pointer (&graph->in_graph, g_free);
}

/* Distances from start within its piece (-1 elsewhere); returns the
 * farthest part, the earlier in the file on a tie. */
static guint
distances (const Graph *graph,
           guint        start,
           int         *distance)
{
  g_autofree guint *queue = g_new (guint, MAX (graph->n_parts, 1));
  guint head = 0, tail = 0, best = start;

  for (guint i = 0; i < graph->n_parts; i++)
    distance[i] = -1;
  distance[start] = 0;
  queue[tail++] = start;
  while (head < tail)
    {
      guint u = queue[head++];
      GArray *list = g_ptr_array_index (graph->neighbours, u);

      if (distance[u] > distance[best] ||
          (distance[u] == distance[best] &&
           sw_system_get_part (graph->system, u)->component < sw_system_get_part (graph->system, best)->component))
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

/* Depth first from u; at each part the neighbours off the chain first,
 * the chain's next part last. */
static void
walk (const Graph   *graph,
      guint          u,
      const gboolean *on_chain,
      gboolean      *visited,
      GArray        *order)
{
  GArray *list = g_ptr_array_index (graph->neighbours, u);

  visited[u] = TRUE;
  g_array_append_val (order, u);
  for (guint pass = 0; pass < 2; pass++)
    for (guint k = 0; k < list->len; k++)
      {
        guint v = g_array_index (list, guint, k);

        if (!visited[v] && on_chain[v] == (pass == 1))
          walk (graph, v, on_chain, visited, order);
      }
}

void
sw_modes_get_connected_order (const SwModes *modes,
                              guint         *body_order,
                              guint         *section_order)
{
  const SwSystem *system;
  Graph graph = { 0 };
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree gboolean *visited = NULL;
  g_autofree gboolean *on_chain = NULL;
  g_autofree int *from_a = NULL;
  g_autofree int *from_b = NULL;
  g_autofree int *body_of = NULL;
  g_autofree int *section_of = NULL;
  g_autofree gboolean *listed_body = NULL;
  g_autofree gboolean *listed_section = NULL;
  guint nb, ns, n_body = 0, n_section = 0;

  g_return_if_fail (modes != NULL);

  system = sw_modes_get_system (modes);
  nb = sw_modes_get_n_bodies (modes);
  ns = sw_modes_get_n_sections (modes);
  graph_init (&graph, system);
  visited = g_new0 (gboolean, MAX (graph.n_parts, 1));
  on_chain = g_new0 (gboolean, MAX (graph.n_parts, 1));
  from_a = g_new (int, MAX (graph.n_parts, 1));
  from_b = g_new (int, MAX (graph.n_parts, 1));

  /* Pieces in the order of their first component in the file. */
  for (guint k = 0; k < sw_system_get_n_parts (system); k++)
    {
      const SwPart *first = sw_system_get_model_part (system, k);
      guint a, b;

      if (first == NULL || visited[first->index] || !graph.in_graph[first->index])
        continue;
      a = distances (&graph, first->index, from_a);
      b = distances (&graph, a, from_a);
      distances (&graph, b, from_b);
      for (guint i = 0; i < graph.n_parts; i++)
        on_chain[i] = from_a[i] >= 0 && from_a[i] + from_b[i] == from_a[b];
      /* From the drive: the end nearer a part driven in time (a torque
       * source, an engine); else the end earlier in the file. */
      {
        int near_a = G_MAXINT, near_b = G_MAXINT;

        for (guint i = 0; i < graph.n_parts; i++)
          if (from_a[i] >= 0 && (sw_system_get_part (system, i)->force_flags & SW_FORCE_TIME) != 0)
            {
              near_a = MIN (near_a, from_a[i]);
              near_b = MIN (near_b, from_b[i]);
            }
        if (near_b < near_a ||
            (near_b == near_a &&
             sw_system_get_part (system, b)->component < sw_system_get_part (system, a)->component))
          a = b;
      }
      walk (&graph, a, on_chain, visited, order);
    }

  /* Bodies and sections as the walk meets their parts; any it did not
   * meet (a body only a sensor reads) after them, in their own order. */
  body_of = g_new (int, MAX (graph.n_parts, 1));
  section_of = g_new (int, MAX (graph.n_parts, 1));
  for (guint i = 0; i < graph.n_parts; i++)
    body_of[i] = section_of[i] = -1;
  for (guint b = 0; b < nb; b++)
    body_of[sw_modes_get_body_part (modes, b)->index] = (int) b;
  for (guint s = 0; s < ns; s++)
    section_of[sw_modes_get_section_part (modes, s)->index] = (int) s;
  listed_body = g_new0 (gboolean, MAX (nb, 1));
  listed_section = g_new0 (gboolean, MAX (ns, 1));
  for (guint k = 0; k < order->len; k++)
    {
      guint part = g_array_index (order, guint, k);

      if (body_of[part] >= 0)
        {
          listed_body[body_of[part]] = TRUE;
          if (body_order != NULL)
            body_order[n_body] = (guint) body_of[part];
          n_body++;
        }
      if (section_of[part] >= 0)
        {
          listed_section[section_of[part]] = TRUE;
          if (section_order != NULL)
            section_order[n_section] = (guint) section_of[part];
          n_section++;
        }
    }
  for (guint b = 0; b < nb; b++)
    if (!listed_body[b])
      {
        if (body_order != NULL)
          body_order[n_body] = b;
        n_body++;
      }
  for (guint s = 0; s < ns; s++)
    if (!listed_section[s])
      {
        if (section_order != NULL)
          section_order[n_section] = s;
        n_section++;
      }
  g_assert_cmpuint (n_body, ==, nb);
  g_assert_cmpuint (n_section, ==, ns);
  graph_clear (&graph);
}
