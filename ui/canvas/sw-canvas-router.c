/* sw-canvas-router.c: what keeps wires off parts they do not join
 * (sw-canvas-private.h).
 *
 * SwCanvasParts holds every part's box grown over its ports, in buckets
 * by place, so that a wire's segment is checked against its neighbours
 * alone: the candidate shapes of _sw_canvas_route_among() (sw-canvas-
 * geometry.c) pay for each part their lanes reach, not only the
 * parts near the wire's ends.
 *
 * When every candidate crosses some part (a crowded drawing), a maze
 * router finds a way between them: a sparse grid of lanes beside the
 * parts' boxes in a window round the wire's ends (grown once when it
 * finds nothing), searched for the shortest path with few bends, not
 * along other nodes' wires (Dijkstra over grid point and heading).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-canvas-private.h"

#include <math.h>
#include <string.h>

#define CELL         80.0
/* A box over more buckets than this is checked against every segment. */
#define MAX_BUCKETS  256
/* How far beyond its box a part is kept clear: its ports sit on the box's
 * edge, and a wire along the edge would pass through them. */
#define PORT_MARGIN  4.0
/* The maze's window round the wire's stubs, and the most parts it takes. */
#define WINDOW_MARGIN (6 * SW_CANVAS_GRID)
#define MAZE_MAX_PARTS 60
#define BEND_COST    20.0
#define ALONG_COST   300.0

struct _SwCanvasParts {
  GArray     *boxes;    /* SwCanvasRect, grown by PORT_MARGIN */
  GHashTable *buckets;  /* gint64 (bucket) -> GArray of guint */
  GArray     *large;    /* guint */
  guint      *stamp;    /* per box: the query that saw it last */
  guint       query;
};

static gboolean
bucket_range (const SwCanvasRect *r, gint64 *bx0, gint64 *bx1, gint64 *by0, gint64 *by1)
{
  double x0 = floor (r->x / CELL), x1 = floor ((r->x + r->width) / CELL);
  double y0 = floor (r->y / CELL), y1 = floor ((r->y + r->height) / CELL);

  if (!(fabs (x0) < 1e9 && fabs (x1) < 1e9 && fabs (y0) < 1e9 && fabs (y1) < 1e9)
      || (x1 - x0 + 1) * (y1 - y0 + 1) > MAX_BUCKETS)
    return FALSE;
  *bx0 = (gint64) x0, *bx1 = (gint64) x1, *by0 = (gint64) y0, *by1 = (gint64) y1;
  return TRUE;
}

SwCanvasParts *
_sw_canvas_parts_new (const SwCanvasRect *boxes,
                      guint               n_boxes)
{
  SwCanvasParts *parts = g_new0 (SwCanvasParts, 1);

  parts->boxes = g_array_sized_new (FALSE, FALSE, sizeof (SwCanvasRect), n_boxes);
  parts->buckets = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) g_array_unref);
  parts->large = g_array_new (FALSE, FALSE, sizeof (guint));
  parts->stamp = g_new0 (guint, MAX (n_boxes, 1));
  for (guint i = 0; i < n_boxes; i++)
    {
      SwCanvasRect box = _sw_canvas_rect_inflate (&boxes[i], PORT_MARGIN);
      gint64 bx0, bx1, by0, by1;

      g_array_append_val (parts->boxes, box);
      if (!bucket_range (&box, &bx0, &bx1, &by0, &by1))
        {
          g_array_append_val (parts->large, i);
          continue;
        }
      for (gint64 bx = bx0; bx <= bx1; bx++)
        for (gint64 by = by0; by <= by1; by++)
          {
            gint64 key = _sw_canvas_bucket_key (bx, by);
            GArray *bucket = g_hash_table_lookup (parts->buckets, &key);

            if (bucket == NULL)
              {
                bucket = g_array_new (FALSE, FALSE, sizeof (guint));
                g_hash_table_insert (parts->buckets, g_memdup2 (&key, sizeof key), bucket);
              }
            g_array_append_val (bucket, i);
          }
    }
  return parts;
}

void
_sw_canvas_parts_free (SwCanvasParts *parts)
{
  if (parts == NULL)
    return;
  g_array_unref (parts->boxes);
  g_hash_table_unref (parts->buckets);
  g_array_unref (parts->large);
  g_free (parts->stamp);
  g_free (parts);
}

const SwCanvasRect *
_sw_canvas_parts_get_box (const SwCanvasParts *parts,
                          guint                index)
{
  g_return_val_if_fail (index < parts->boxes->len, NULL);
  return &g_array_index (parts->boxes, SwCanvasRect, index);
}

static void
visit (SwCanvasParts      *parts,
       guint               i,
       const SwCanvasRect *region,
       GArray             *found)
{
  if (parts->stamp[i] == parts->query)
    return;
  parts->stamp[i] = parts->query;
  if (_sw_canvas_rect_intersects (&g_array_index (parts->boxes, SwCanvasRect, i), region))
    g_array_append_val (found, i);
}

void
_sw_canvas_parts_find (SwCanvasParts      *parts,
                       const SwCanvasRect *region,
                       GArray             *found)
{
  gint64 bx0, bx1, by0, by1;

  g_array_set_size (found, 0);
  if (++parts->query == 0)
    {
      memset (parts->stamp, 0, sizeof (guint) * MAX (parts->boxes->len, 1));
      parts->query = 1;
    }
  for (guint k = 0; k < parts->large->len; k++)
    visit (parts, g_array_index (parts->large, guint, k), region, found);
  if (!bucket_range (region, &bx0, &bx1, &by0, &by1))
    {
      for (guint i = 0; i < parts->boxes->len; i++)
        visit (parts, i, region, found);
      return;
    }
  for (gint64 bx = bx0; bx <= bx1; bx++)
    for (gint64 by = by0; by <= by1; by++)
      {
        gint64 key = _sw_canvas_bucket_key (bx, by);
        GArray *bucket = g_hash_table_lookup (parts->buckets, &key);

        for (guint k = 0; bucket != NULL && k < bucket->len; k++)
          visit (parts, g_array_index (bucket, guint, k), region, found);
      }
}

/* Whether an axis-parallel segment enters the inside of rect (its edge does
 * not count). */
gboolean
_sw_canvas_segment_crosses (double              x1,
                            double              y1,
                            double              x2,
                            double              y2,
                            const SwCanvasRect *rect)
{
  double left = rect->x + 1, right = rect->x + rect->width - 1;
  double top = rect->y + 1, bottom = rect->y + rect->height - 1;

  if (left >= right || top >= bottom)
    return FALSE;
  if (fabs (y1 - y2) < 1e-6)
    return y1 > top && y1 < bottom && MAX (x1, x2) > left && MIN (x1, x2) < right;
  return x1 > left && x1 < right && MAX (y1, y2) > top && MIN (y1, y2) < bottom;
}

/* ---- The maze ------------------------------------------------------------ */

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* Sorted lanes without repeats, inside lo … hi. */
static void
tidy_lanes (GArray *lanes, double lo, double hi)
{
  guint n = 0;

  g_array_sort (lanes, compare_doubles);
  for (guint i = 0; i < lanes->len; i++)
    {
      double v = g_array_index (lanes, double, i);

      if (v < lo || v > hi || (n > 0 && fabs (v - g_array_index (lanes, double, n - 1)) < 1e-6))
        continue;
      g_array_index (lanes, double, n++) = v;
    }
  g_array_set_size (lanes, n);
}

static guint
find_lane (GArray *lanes, double v)
{
  for (guint i = 0; i < lanes->len; i++)
    if (fabs (g_array_index (lanes, double, i) - v) < 1e-6)
      return i;
  g_assert_not_reached ();
}

typedef struct {
  double cost;
  guint  state;
} Entry;

static void
heap_push (GArray *heap, double cost, guint state)
{
  Entry e = { cost, state };
  guint i = heap->len;

  g_array_append_val (heap, e);
  while (i > 0)
    {
      guint parent = (i - 1) / 2;
      Entry *p = &g_array_index (heap, Entry, parent), *c = &g_array_index (heap, Entry, i);

      if (p->cost <= c->cost)
        break;
      e = *p, *p = *c, *c = e;
      i = parent;
    }
}

static Entry
heap_pop (GArray *heap)
{
  Entry top = g_array_index (heap, Entry, 0);
  guint i = 0, n;

  g_array_index (heap, Entry, 0) = g_array_index (heap, Entry, heap->len - 1);
  g_array_set_size (heap, heap->len - 1);
  n = heap->len;
  for (;;)
    {
      guint l = 2 * i + 1, r = l + 1, m = i;
      Entry e;

      if (l < n && g_array_index (heap, Entry, l).cost < g_array_index (heap, Entry, m).cost)
        m = l;
      if (r < n && g_array_index (heap, Entry, r).cost < g_array_index (heap, Entry, m).cost)
        m = r;
      if (m == i)
        break;
      e = g_array_index (heap, Entry, i);
      g_array_index (heap, Entry, i) = g_array_index (heap, Entry, m);
      g_array_index (heap, Entry, m) = e;
      i = m;
    }
  return top;
}

static const int step_dx[] = { -1, 1, 0, 0 };
static const int step_dy[] = { 0, 0, -1, 1 };

/* The maze in one window: FALSE when it holds no way, or too many parts. */
static gboolean
maze_in (SwCanvasParts      *parts,
         const SwCanvasRect *window,
         double              sax,
         double              say,
         SwCanvasDir         a_dir,
         double              sbx,
         double              sby,
         const SwCanvasRoute *others,
         guint               n_others,
         SwCanvasRoute      *middle)
{
  g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) xs = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) ys = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) heap = g_array_new (FALSE, FALSE, sizeof (Entry));
  g_autofree double *dist = NULL;
  g_autofree guint *from = NULL;
  g_autofree guint8 *blocked = NULL;   /* per point: bit 0 inside; 1 right edge; 2 down edge */
  double lo_x = window->x, hi_x = window->x + window->width;
  double lo_y = window->y, hi_y = window->y + window->height;
  guint nx, ny, n_states, start, goal_x, goal_y, end = G_MAXUINT;
  SwCanvasRoute out = { 0 };

  _sw_canvas_parts_find (parts, window, found);
  if (found->len > MAZE_MAX_PARTS)
    return FALSE;

  /* Lanes: through the stubs' ends, the window's edges, and beside every
   * part, a grid step or so off its box, on the grid. */
  g_array_append_vals (xs, (double[]) { sax, sbx, lo_x, hi_x }, 4);
  g_array_append_vals (ys, (double[]) { say, sby, lo_y, hi_y }, 4);
  for (guint k = 0; k < found->len; k++)
    {
      const SwCanvasRect *r = _sw_canvas_parts_get_box (parts, g_array_index (found, guint, k));
      double v[2];

      v[0] = floor ((r->x - SW_CANVAS_GRID / 2) / SW_CANVAS_GRID) * SW_CANVAS_GRID;
      v[1] = ceil ((r->x + r->width + SW_CANVAS_GRID / 2) / SW_CANVAS_GRID) * SW_CANVAS_GRID;
      g_array_append_vals (xs, v, 2);
      v[0] = floor ((r->y - SW_CANVAS_GRID / 2) / SW_CANVAS_GRID) * SW_CANVAS_GRID;
      v[1] = ceil ((r->y + r->height + SW_CANVAS_GRID / 2) / SW_CANVAS_GRID) * SW_CANVAS_GRID;
      g_array_append_vals (ys, v, 2);
    }
  tidy_lanes (xs, lo_x, hi_x);
  tidy_lanes (ys, lo_y, hi_y);
  nx = xs->len, ny = ys->len;

  /* What is closed: points inside a part, and the steps to the right and
   * down that cross one (lanes are not all beside every part). Each part
   * marks the lanes its inside spans. */
  blocked = g_new0 (guint8, nx * ny);
  for (guint k = 0; k < found->len; k++)
    {
      const SwCanvasRect *r = _sw_canvas_parts_get_box (parts, g_array_index (found, guint, k));
      double left = r->x + 1, right = r->x + r->width - 1, top = r->y + 1, bottom = r->y + r->height - 1;
      guint i0 = 0, i1 = nx, j0 = 0, j1 = ny;

      /* i0: the last lane at or left of the inside, i1: the first at or
       * right of it (nx: none); so for j. */
      for (guint i = 0; i < nx; i++)
        {
          double x = g_array_index (xs, double, i);

          if (x <= left)
            i0 = i;
          if (x >= right && i1 == nx)
            i1 = i;
        }
      for (guint j = 0; j < ny; j++)
        {
          double y = g_array_index (ys, double, j);

          if (y <= top)
            j0 = j;
          if (y >= bottom && j1 == ny)
            j1 = j;
        }
      for (guint j = j0; j < MIN (j1 + 1, ny); j++)
        for (guint i = i0; i < MIN (i1 + 1, nx); i++)
          {
            double x = g_array_index (xs, double, i), y = g_array_index (ys, double, j);
            gboolean row_inside = y > top && y < bottom, column_inside = x > left && x < right;

            if (row_inside && column_inside)
              blocked[j * nx + i] |= 1;
            if (row_inside && i + 1 < nx && i < i1 && MAX (x, g_array_index (xs, double, i + 1)) > left)
              blocked[j * nx + i] |= 2;
            if (column_inside && j + 1 < ny && j < j1 && MAX (y, g_array_index (ys, double, j + 1)) > top)
              blocked[j * nx + i] |= 4;
          }
    }

  /* Steps along another node's wire cost extra: two wires on one lane
   * look like one (bits 8: to the right, 16: down). */
  for (guint k = 0; k < n_others; k++)
    for (guint m = 0; m + 1 < others[k].n_points; m++)
      {
        double x1 = others[k].x[m], y1 = others[k].y[m], x2 = others[k].x[m + 1], y2 = others[k].y[m + 1];
        gboolean horizontal = fabs (y1 - y2) < 1e-6;
        GArray *across = horizontal ? ys : xs, *along = horizontal ? xs : ys;
        double at = horizontal ? y1 : x1, lo = horizontal ? MIN (x1, x2) : MIN (y1, y2);
        double hi = horizontal ? MAX (x1, x2) : MAX (y1, y2);

        for (guint a = 0; a < across->len; a++)
          {
            if (fabs (g_array_index (across, double, a) - at) > 1e-6)
              continue;
            for (guint b = 0; b + 1 < along->len; b++)
              if (MIN (hi, g_array_index (along, double, b + 1)) - MAX (lo, g_array_index (along, double, b)) > 1e-6)
                blocked[horizontal ? a * nx + b : b * nx + a] |= horizontal ? 8 : 16;
          }
      }

  n_states = nx * ny * 4;
  dist = g_new (double, n_states);
  from = g_new (guint, n_states);
  for (guint s = 0; s < n_states; s++)
    dist[s] = INFINITY;
  start = (find_lane (ys, say) * nx + find_lane (xs, sax)) * 4 + a_dir;
  goal_x = find_lane (xs, sbx), goal_y = find_lane (ys, sby);
  dist[start] = 0;
  from[start] = G_MAXUINT;
  heap_push (heap, 0, start);
  while (heap->len > 0)
    {
      Entry e = heap_pop (heap);
      guint point = e.state / 4, dir = e.state % 4;
      guint i = point % nx, j = point / nx;

      if (e.cost > dist[e.state])
        continue;
      if (i == goal_x && j == goal_y)
        {
          end = e.state;
          break;
        }
      for (guint d = 0; d < 4; d++)
        {
          int ni = (int) i + step_dx[d], nj = (int) j + step_dy[d];
          guint next, state;
          double cost;

          /* Never back the way it came. */
          if (step_dx[d] == -step_dx[dir] && step_dy[d] == -step_dy[dir])
            continue;
          if (ni < 0 || nj < 0 || ni >= (int) nx || nj >= (int) ny)
            continue;
          next = (guint) nj * nx + (guint) ni;
          if ((blocked[next] & 1) && !((guint) ni == goal_x && (guint) nj == goal_y))
            continue;
          if ((d == SW_CANVAS_DIR_RIGHT && (blocked[point] & 2)) || (d == SW_CANVAS_DIR_LEFT && (blocked[next] & 2)) ||
              (d == SW_CANVAS_DIR_DOWN && (blocked[point] & 4)) || (d == SW_CANVAS_DIR_UP && (blocked[next] & 4)))
            continue;
          cost = e.cost + fabs (g_array_index (xs, double, ni) - g_array_index (xs, double, i)) +
                 fabs (g_array_index (ys, double, nj) - g_array_index (ys, double, j)) + (d != dir ? BEND_COST : 0);
          if ((d == SW_CANVAS_DIR_RIGHT && (blocked[point] & 8)) || (d == SW_CANVAS_DIR_LEFT && (blocked[next] & 8)) ||
              (d == SW_CANVAS_DIR_DOWN && (blocked[point] & 16)) || (d == SW_CANVAS_DIR_UP && (blocked[next] & 16)))
            cost += ALONG_COST;
          state = next * 4 + d;
          if (cost < dist[state])
            {
              dist[state] = cost;
              from[state] = e.state;
              heap_push (heap, cost, state);
            }
        }
    }
  if (end == G_MAXUINT)
    return FALSE;

  /* Back from the goal, keeping the corners only. */
  for (guint s = end, later = G_MAXUINT; s != G_MAXUINT; later = s, s = from[s])
    {
      guint point = s / 4;
      /* A turn at this point: the step after it heads elsewhere. */
      gboolean corner = from[s] == G_MAXUINT || later == G_MAXUINT || later % 4 != s % 4;

      if (!corner)
        continue;
      if (out.n_points == SW_CANVAS_ROUTE_MAX - 4)
        return FALSE;
      out.x[out.n_points] = g_array_index (xs, double, point % nx);
      out.y[out.n_points] = g_array_index (ys, double, point / nx);
      out.n_points++;
    }
  for (guint k = 0; k < out.n_points; k++)
    {
      middle->x[k] = out.x[out.n_points - 1 - k];
      middle->y[k] = out.y[out.n_points - 1 - k];
    }
  middle->n_points = out.n_points;
  return TRUE;
}

gboolean
_sw_canvas_parts_route (SwCanvasParts *parts,
                        double         ax,
                        double         ay,
                        SwCanvasDir    a_dir,
                        double         bx,
                        double         by,
                        SwCanvasDir    b_dir,
                        const SwCanvasRoute *others,
                        guint          n_others,
                        SwCanvasRoute *route)
{
  static const double dx[] = { -1, 1, 0, 0 }, dy[] = { 0, 0, -1, 1 };
  double sax = ax + SW_CANVAS_WIRE_STUB * dx[a_dir], say = ay + SW_CANVAS_WIRE_STUB * dy[a_dir];
  double sbx = bx + SW_CANVAS_WIRE_STUB * dx[b_dir], sby = by + SW_CANVAS_WIRE_STUB * dy[b_dir];
  SwCanvasRect window = _sw_canvas_rect_from_points (sax, say, sbx, sby);
  SwCanvasRoute middle = { 0 };

  g_return_val_if_fail (parts != NULL && route != NULL, FALSE);
  g_return_val_if_fail (a_dir <= SW_CANVAS_DIR_DOWN && b_dir <= SW_CANVAS_DIR_DOWN, FALSE);

  for (guint attempt = 0; attempt < 2; attempt++)
    {
      SwCanvasRect w = _sw_canvas_rect_inflate (&window, WINDOW_MARGIN * (1 + 3 * attempt));

      w.x = floor (w.x / SW_CANVAS_GRID) * SW_CANVAS_GRID;
      w.y = floor (w.y / SW_CANVAS_GRID) * SW_CANVAS_GRID;
      if (maze_in (parts, &w, sax, say, a_dir, sbx, sby, others, n_others, &middle))
        {
          route->n_points = 0;
          route->x[route->n_points] = ax, route->y[route->n_points++] = ay;
          for (guint k = 0; k < middle.n_points; k++)
            {
              guint n = route->n_points;

              if (fabs (route->x[n - 1] - middle.x[k]) < 1e-6 && fabs (route->y[n - 1] - middle.y[k]) < 1e-6)
                continue;
              route->x[n] = middle.x[k], route->y[n] = middle.y[k];
              route->n_points++;
            }
          route->x[route->n_points] = bx, route->y[route->n_points++] = by;
          _sw_canvas_route_simplify (route);
          return TRUE;
        }
    }
  return FALSE;
}
