/* sw-canvas-geometry.c: the canvas's geometry, as pure functions.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-canvas-private.h"

#include <math.h>

#include "sw-symbols.h"

#define EPSILON 1e-6

static const double dir_dx[] = { -1, 1, 0, 0 };
static const double dir_dy[] = { 0, 0, -1, 1 };

double
_sw_canvas_snap (double value)
{
  return floor (value / SW_CANVAS_GRID + 0.5) * SW_CANVAS_GRID;
}

void
_sw_canvas_view_to_model (const SwCanvasView *view,
                          double              wx,
                          double              wy,
                          double             *mx,
                          double             *my)
{
  *mx = (wx - view->tx) / view->zoom;
  *my = (wy - view->ty) / view->zoom;
}

void
_sw_canvas_view_to_widget (const SwCanvasView *view,
                           double              mx,
                           double              my,
                           double             *wx,
                           double             *wy)
{
  *wx = mx * view->zoom + view->tx;
  *wy = my * view->zoom + view->ty;
}

void
_sw_canvas_view_zoom_at (SwCanvasView *view,
                         double        zoom,
                         double        wx,
                         double        wy)
{
  double mx, my;

  g_return_if_fail (zoom > 0);

  _sw_canvas_view_to_model (view, wx, wy, &mx, &my);
  view->zoom = zoom;
  view->tx = wx - mx * zoom;
  view->ty = wy - my * zoom;
}

void
_sw_canvas_view_fit (SwCanvasView       *view,
                     const SwCanvasRect *content,
                     double              width,
                     double              height,
                     double              margin,
                     double              min_zoom,
                     double              max_zoom)
{
  double cw = MAX (content->width, 1), ch = MAX (content->height, 1);
  double zoom = MIN ((width - 2 * margin) / cw, (height - 2 * margin) / ch);

  view->zoom = CLAMP (zoom, min_zoom, max_zoom);
  view->tx = width / 2 - (content->x + content->width / 2) * view->zoom;
  view->ty = height / 2 - (content->y + content->height / 2) * view->zoom;
}

static int
normal_rotation (int rotation)
{
  int quarter = (int) floor (rotation / 90.0 + 0.5);

  return ((quarter % 4) + 4) % 4 * 90;
}

/* Flip then rotate a vector of the frame. */
static void
turn (int       rotation,
      gboolean  flipped,
      double    fx,
      double    fy,
      double   *x,
      double   *y)
{
  if (flipped)
    fx = -fx;
  switch (normal_rotation (rotation))
    {
    case 90:
      *x = -fy;
      *y = fx;
      break;
    case 180:
      *x = -fx;
      *y = -fy;
      break;
    case 270:
      *x = fy;
      *y = -fx;
      break;
    default:
      *x = fx;
      *y = fy;
      break;
    }
}

void
_sw_canvas_frame_to_model (double    cx,
                           double    cy,
                           int       rotation,
                           gboolean  flipped,
                           double    fx,
                           double    fy,
                           double   *x,
                           double   *y)
{
  double dx, dy;

  turn (rotation, flipped, fx, fy, &dx, &dy);
  *x = cx + dx;
  *y = cy + dy;
}

SwCanvasRect
_sw_canvas_symbol_box (const SwKind *kind,
                       double        cx,
                       double        cy,
                       int           rotation)
{
  double w = 0, h = 0;
  int r = normal_rotation (rotation);

  sw_symbol_get_size (kind, &w, &h);
  if (r == 90 || r == 270)
    {
      double t = w;

      w = h;
      h = t;
    }
  return (SwCanvasRect) { cx - w / 2, cy - h / 2, w, h };
}

void
_sw_canvas_port_place (const SwKind *kind,
                       guint         port,
                       double        cx,
                       double        cy,
                       int           rotation,
                       gboolean      flipped,
                       double       *x,
                       double       *y,
                       SwCanvasDir  *direction)
{
  double fx = 0, fy = 0, w = 0, h = 0, dx, dy, fdx, fdy;

  sw_symbol_get_size (kind, &w, &h);
  sw_symbol_get_port_position (kind, port, &fx, &fy);
  _sw_canvas_frame_to_model (cx, cy, rotation, flipped, fx, fy, x, y);

  if (fabs (fx - w / 2) < EPSILON)
    fdx = 1, fdy = 0;
  else if (fabs (fx + w / 2) < EPSILON)
    fdx = -1, fdy = 0;
  else if (fy < 0)
    fdx = 0, fdy = -1;
  else
    fdx = 0, fdy = 1;

  turn (rotation, flipped, fdx, fdy, &dx, &dy);
  if (direction == NULL)
    return;
  if (dx < -0.5)
    *direction = SW_CANVAS_DIR_LEFT;
  else if (dx > 0.5)
    *direction = SW_CANVAS_DIR_RIGHT;
  else if (dy < -0.5)
    *direction = SW_CANVAS_DIR_UP;
  else
    *direction = SW_CANVAS_DIR_DOWN;
}

SwCanvasRect
_sw_canvas_rect_from_points (double x1,
                             double y1,
                             double x2,
                             double y2)
{
  return (SwCanvasRect) { MIN (x1, x2), MIN (y1, y2), fabs (x2 - x1), fabs (y2 - y1) };
}

SwCanvasRect
_sw_canvas_rect_inflate (const SwCanvasRect *rect,
                         double              margin)
{
  return (SwCanvasRect) { rect->x - margin, rect->y - margin,
                          MAX (0, rect->width + 2 * margin), MAX (0, rect->height + 2 * margin) };
}

gboolean
_sw_canvas_rect_contains (const SwCanvasRect *rect,
                          double              x,
                          double              y)
{
  return x >= rect->x && x <= rect->x + rect->width &&
         y >= rect->y && y <= rect->y + rect->height;
}

gboolean
_sw_canvas_rect_intersects (const SwCanvasRect *a,
                            const SwCanvasRect *b)
{
  return a->x <= b->x + b->width && b->x <= a->x + a->width &&
         a->y <= b->y + b->height && b->y <= a->y + a->height;
}

SwCanvasRect
_sw_canvas_rect_union (const SwCanvasRect *a,
                       const SwCanvasRect *b)
{
  double x1 = MIN (a->x, b->x), y1 = MIN (a->y, b->y);
  double x2 = MAX (a->x + a->width, b->x + b->width);
  double y2 = MAX (a->y + a->height, b->y + b->height);

  return (SwCanvasRect) { x1, y1, x2 - x1, y2 - y1 };
}

int
_sw_canvas_hit_box (const SwCanvasRect *boxes,
                    guint               n_boxes,
                    double              x,
                    double              y,
                    double              margin)
{
  for (guint i = n_boxes; i-- > 0;)
    {
      SwCanvasRect r = _sw_canvas_rect_inflate (&boxes[i], margin);

      if (_sw_canvas_rect_contains (&r, x, y))
        return (int) i;
    }
  return -1;
}

int
_sw_canvas_hit_point (const double *xs,
                      const double *ys,
                      guint         n_points,
                      double        x,
                      double        y,
                      double        radius)
{
  int best = -1;
  double best_distance = radius;

  for (guint i = 0; i < n_points; i++)
    {
      double d = hypot (xs[i] - x, ys[i] - y);

      if (d <= best_distance)
        {
          best = (int) i;
          best_distance = d;
        }
    }
  return best;
}

static double
segment_distance (double x1,
                  double y1,
                  double x2,
                  double y2,
                  double x,
                  double y)
{
  double dx = x2 - x1, dy = y2 - y1;
  double length2 = dx * dx + dy * dy;
  double t = length2 > 0 ? ((x - x1) * dx + (y - y1) * dy) / length2 : 0;

  t = CLAMP (t, 0, 1);
  return hypot (x1 + t * dx - x, y1 + t * dy - y);
}

double
_sw_canvas_route_distance (const SwCanvasRoute *route,
                           double               x,
                           double               y)
{
  double best = INFINITY;

  if (route->n_points == 1)
    return hypot (route->x[0] - x, route->y[0] - y);
  for (guint i = 0; i + 1 < route->n_points; i++)
    best = MIN (best, segment_distance (route->x[i], route->y[i], route->x[i + 1], route->y[i + 1], x, y));
  return best;
}

guint
_sw_canvas_route_branches (const SwCanvasRoute *a,
                           const SwCanvasRoute *b,
                           double              *xs,
                           double              *ys,
                           guint                max)
{
  guint n = 0;

  if (a->n_points < 2)
    return 0;
  for (guint i = 1; i + 1 < b->n_points && n < max; i++)
    {
      double x = b->x[i], y = b->y[i];
      gboolean at_end = (fabs (x - a->x[0]) < EPSILON && fabs (y - a->y[0]) < EPSILON) ||
                        (fabs (x - a->x[a->n_points - 1]) < EPSILON &&
                         fabs (y - a->y[a->n_points - 1]) < EPSILON);

      if (!at_end && _sw_canvas_route_distance (a, x, y) < EPSILON)
        {
          xs[n] = x;
          ys[n] = y;
          n++;
        }
    }
  return n;
}

/* Routing: a few candidate shapes (L, Z, U and detours around the end
 * symbols) between the ends of the two stubs, each scored by length,
 * bends, short legs, turning back and crossing a symbol; the best wins. */

#define PATH_MAX_POINTS SW_CANVAS_ROUTE_MAX

typedef struct {
  guint  n;
  double x[PATH_MAX_POINTS];
  double y[PATH_MAX_POINTS];
} Path;

static void
path_add (Path   *path,
          double  x,
          double  y)
{
  g_assert (path->n < PATH_MAX_POINTS);
  path->x[path->n] = x;
  path->y[path->n] = y;
  path->n++;
}

/* Drops repeated points and the middle of straight runs. */
static void
path_simplify (Path *path)
{
  Path out = { 0 };

  for (guint i = 0; i < path->n; i++)
    {
      double x = path->x[i], y = path->y[i];

      if (out.n > 0 && fabs (out.x[out.n - 1] - x) < EPSILON && fabs (out.y[out.n - 1] - y) < EPSILON)
        continue;
      if (out.n >= 2)
        {
          double x0 = out.x[out.n - 2], y0 = out.y[out.n - 2];
          double x1 = out.x[out.n - 1], y1 = out.y[out.n - 1];
          gboolean vertical = fabs (x0 - x1) < EPSILON && fabs (x1 - x) < EPSILON &&
                              (y1 - y0) * (y - y1) > 0;
          gboolean horizontal = fabs (y0 - y1) < EPSILON && fabs (y1 - y) < EPSILON &&
                                (x1 - x0) * (x - x1) > 0;

          if (vertical || horizontal)
            out.n--;
        }
      path_add (&out, x, y);
    }
  *path = out;
}

/* Whether two axis-parallel segments run along each other for a while. */
static gboolean
segments_overlap (double x1, double y1, double x2, double y2,
                  double u1, double v1, double u2, double v2)
{
  gboolean h1 = fabs (y1 - y2) < EPSILON, h2 = fabs (v1 - v2) < EPSILON;
  gboolean w1 = fabs (x1 - x2) < EPSILON, w2 = fabs (u1 - u2) < EPSILON;

  if (h1 && h2 && !w1 && !w2 && fabs (y1 - v1) < EPSILON)
    return MIN (MAX (x1, x2), MAX (u1, u2)) - MAX (MIN (x1, x2), MIN (u1, u2)) > EPSILON;
  if (w1 && w2 && !h1 && !h2 && fabs (x1 - u1) < EPSILON)
    return MIN (MAX (y1, y2), MAX (v1, v2)) - MAX (MIN (y1, y2), MIN (v1, v2)) > EPSILON;
  return FALSE;
}

typedef struct {
  SwCanvasParts *parts;
  guint          a, b;      /* the wire's ends, not avoided */
  GArray        *scratch;
  GArray        *near;      /* SwCanvasRect: the other parts the lanes reach */
} PartsToAvoid;

/* How many of the parts the lanes reach a segment enters. */
static guint
count_crossed (const PartsToAvoid *avoid,
               double x1, double y1, double x2, double y2)
{
  guint n = 0;

  for (guint k = 0; k < avoid->near->len; k++)
    n += _sw_canvas_segment_crosses (x1, y1, x2, y2, &g_array_index (avoid->near, SwCanvasRect, k));
  return n;
}

static double
path_score (const Path             *path,
            const SwCanvasObstacle *obstacles,
            guint                   n_obstacles,
            const SwCanvasRoute    *others,
            const SwCanvasRect     *other_bounds,
            guint                   n_others,
            const PartsToAvoid     *avoid,
            double                  best_so_far)
{
  double score = 0;

  for (guint i = 0; i + 1 < path->n; i++)
    {
      double x1 = path->x[i], y1 = path->y[i], x2 = path->x[i + 1], y2 = path->y[i + 1];
      double dx = x2 - x1, dy = y2 - y1;
      double length = fabs (dx) + fabs (dy);

      /* Not orthogonal: never chosen. */
      if (fabs (dx) > EPSILON && fabs (dy) > EPSILON)
        score += 1e6;
      score += length;
      if (length < 1.5 * SW_CANVAS_WIRE_STUB)
        score += 6;
      if (i > 0)
        {
          double pdx = x1 - path->x[i - 1], pdy = y1 - path->y[i - 1];

          score += 20;
          if (pdx * dx + pdy * dy < 0)
            score += 2000;   /* turns back on itself */
        }
      for (guint k = 0; k < n_obstacles; k++)
        if (_sw_canvas_segment_crosses (x1, y1, x2, y2, &obstacles[k].rect))
          score += obstacles[k].cost;
      if (score >= best_so_far)
        return score;
      /* Every other part, wherever it is. */
      if (avoid != NULL)
        score += SW_CANVAS_COST_SYMBOL * count_crossed (avoid, x1, y1, x2, y2);
      for (guint k = 0; k < n_others; k++)
        {
          SwCanvasRect segment = _sw_canvas_rect_from_points (x1, y1, x2, y2);

          if (!_sw_canvas_rect_intersects (&segment, &other_bounds[k]))
            continue;
          for (guint m = 0; m + 1 < others[k].n_points; m++)
            if (segments_overlap (x1, y1, x2, y2, others[k].x[m], others[k].y[m],
                                  others[k].x[m + 1], others[k].y[m + 1]))
              score += 300;
        }
    }
  return score;
}

static void
route_impl (double               ax,
                  double               ay,
                  SwCanvasDir          a_dir,
                  double               a_stub,
                  double               bx,
                  double               by,
                  SwCanvasDir          b_dir,
                  double               b_stub,
                  const SwCanvasObstacle *obstacles,
                  guint                n_obstacles,
                  const SwCanvasRoute *others,
                  guint                n_others,
                  const PartsToAvoid  *avoid,
                  SwCanvasRoute       *route)
{
  double sax = ax + a_stub * dir_dx[a_dir], say = ay + a_stub * dir_dy[a_dir];
  double sbx = bx + b_stub * dir_dx[b_dir], sby = by + b_stub * dir_dy[b_dir];
  double mx = _sw_canvas_snap ((sax + sbx) / 2), my = _sw_canvas_snap ((say + sby) / 2);
  double top = MIN (say, sby), bottom = MAX (say, sby);
  double left = MIN (sax, sbx), right = MAX (sax, sbx);
  double lanes_x[8], lanes_y[8];
  Path best = { 0 };
  double best_score = INFINITY;
  g_autofree SwCanvasRect *other_bounds = NULL;

  g_return_if_fail (route != NULL);
  g_return_if_fail (a_dir <= SW_CANVAS_DIR_DOWN && b_dir <= SW_CANVAS_DIR_DOWN);

  for (guint k = 0; k < n_obstacles; k++)
    {
      const SwCanvasRect *r = &obstacles[k].rect;

      top = MIN (top, r->y - SW_CANVAS_WIRE_STUB);
      bottom = MAX (bottom, r->y + r->height + SW_CANVAS_WIRE_STUB);
      left = MIN (left, r->x - SW_CANVAS_WIRE_STUB);
      right = MAX (right, r->x + r->width + SW_CANVAS_WIRE_STUB);
    }
  other_bounds = g_new (SwCanvasRect, MAX (n_others, 1));
  for (guint k = 0; k < n_others; k++)
    {
      other_bounds[k] = (SwCanvasRect) { others[k].x[0], others[k].y[0], 0, 0 };
      for (guint m = 1; m < others[k].n_points; m++)
        {
          SwCanvasRect point = { others[k].x[m], others[k].y[m], 0, 0 };

          other_bounds[k] = _sw_canvas_rect_union (&other_bounds[k], &point);
        }
    }

  top = _sw_canvas_snap (top - SW_CANVAS_GRID / 2);
  bottom = _sw_canvas_snap (bottom + SW_CANVAS_GRID / 2);
  left = _sw_canvas_snap (left - SW_CANVAS_GRID / 2);
  right = _sw_canvas_snap (right + SW_CANVAS_GRID / 2);

  /* Lanes a wire may run along: through the stubs' ends, halfway, round
   * the symbols, and a grid step beside those (beside another wire). */
  lanes_x[0] = sax; lanes_x[1] = sbx; lanes_x[2] = mx; lanes_x[3] = mx + SW_CANVAS_GRID;
  lanes_x[4] = left; lanes_x[5] = right; lanes_x[6] = left - SW_CANVAS_GRID;
  lanes_x[7] = right + SW_CANVAS_GRID;
  lanes_y[0] = say; lanes_y[1] = sby; lanes_y[2] = my; lanes_y[3] = my + SW_CANVAS_GRID;
  lanes_y[4] = top; lanes_y[5] = bottom; lanes_y[6] = top - SW_CANVAS_GRID;
  lanes_y[7] = bottom + SW_CANVAS_GRID;

  /* The other parts within the lanes' reach, found once: every shape
   * keeps inside it. */
  if (avoid != NULL)
    {
      SwCanvasRect reach = _sw_canvas_rect_from_points (ax, ay, bx, by);

      for (guint i = 0; i < 8; i++)
        {
          SwCanvasRect lane = { lanes_x[i], lanes_y[i], 0, 0 };

          reach = _sw_canvas_rect_union (&reach, &lane);
        }
      _sw_canvas_parts_find (avoid->parts, &reach, avoid->scratch);
      g_array_set_size (avoid->near, 0);
      for (guint k = 0; k < avoid->scratch->len; k++)
        {
          guint i = g_array_index (avoid->scratch, guint, k);

          if (i != avoid->a && i != avoid->b)
            g_array_append_val (avoid->near, *_sw_canvas_parts_get_box (avoid->parts, i));
        }
    }

  /* Shapes: across a vertical lane (two corners), across a horizontal lane,
   * and along both (three corners), from either side. */
  for (guint shape = 0; shape < 4; shape++)
    for (guint i = 0; i < 8; i++)
      for (guint j = 0; j < (shape < 2 ? 1u : 8u); j++)
        {
          Path path = { 0 };
          double score;

          path_add (&path, ax, ay);
          path_add (&path, sax, say);
          switch (shape)
            {
            case 0:
              path_add (&path, lanes_x[i], say);
              path_add (&path, lanes_x[i], sby);
              break;
            case 1:
              path_add (&path, sax, lanes_y[i]);
              path_add (&path, sbx, lanes_y[i]);
              break;
            case 2:
              path_add (&path, lanes_x[i], say);
              path_add (&path, lanes_x[i], lanes_y[j]);
              path_add (&path, sbx, lanes_y[j]);
              break;
            default:
              path_add (&path, sax, lanes_y[j]);
              path_add (&path, lanes_x[i], lanes_y[j]);
              path_add (&path, lanes_x[i], sby);
              break;
            }
          path_add (&path, sbx, sby);
          path_add (&path, bx, by);
          path_simplify (&path);
          score = path_score (&path, obstacles, n_obstacles, others, other_bounds, n_others, avoid, best_score);
          if (score < best_score)
            {
              best = path;
              best_score = score;
            }
        }

  G_STATIC_ASSERT (PATH_MAX_POINTS <= SW_CANVAS_ROUTE_MAX);
  route->n_points = best.n;
  for (guint i = 0; i < best.n; i++)
    {
      route->x[i] = best.x[i];
      route->y[i] = best.y[i];
    }
}

void
_sw_canvas_route (double                  ax,
                  double                  ay,
                  SwCanvasDir             a_dir,
                  double                  a_stub,
                  double                  bx,
                  double                  by,
                  SwCanvasDir             b_dir,
                  double                  b_stub,
                  const SwCanvasObstacle *obstacles,
                  guint                   n_obstacles,
                  const SwCanvasRoute    *others,
                  guint                   n_others,
                  SwCanvasRoute          *route)
{
  route_impl (ax, ay, a_dir, a_stub, bx, by, b_dir, b_stub, obstacles, n_obstacles, others, n_others, NULL, route);
}

gboolean
_sw_canvas_route_among (double                  ax,
                        double                  ay,
                        SwCanvasDir             a_dir,
                        double                  bx,
                        double                  by,
                        SwCanvasDir             b_dir,
                        const SwCanvasObstacle *obstacles,
                        guint                   n_obstacles,
                        const SwCanvasRoute    *others,
                        guint                   n_others,
                        SwCanvasParts          *parts,
                        guint                   a,
                        guint                   b,
                        SwCanvasRoute          *route)
{
  g_autoptr(GArray) scratch = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) near = g_array_new (FALSE, FALSE, sizeof (SwCanvasRect));
  PartsToAvoid avoid = { parts, a, b, scratch, near };

  g_return_val_if_fail (parts != NULL, FALSE);

  route_impl (ax, ay, a_dir, SW_CANVAS_WIRE_STUB, bx, by, b_dir, SW_CANVAS_WIRE_STUB, obstacles, n_obstacles,
              others, n_others, &avoid, route);
  for (guint i = 0; i + 1 < route->n_points; i++)
    if (count_crossed (&avoid, route->x[i], route->y[i], route->x[i + 1], route->y[i + 1]) > 0)
      return FALSE;
  return TRUE;
}

/* Drops repeated points and the middle of straight runs. */
void
_sw_canvas_route_simplify (SwCanvasRoute *route)
{
  Path path = { 0 };

  g_return_if_fail (route->n_points <= PATH_MAX_POINTS);
  for (guint i = 0; i < route->n_points; i++)
    path_add (&path, route->x[i], route->y[i]);
  path_simplify (&path);
  route->n_points = path.n;
  for (guint i = 0; i < path.n; i++)
    {
      route->x[i] = path.x[i];
      route->y[i] = path.y[i];
    }
}
