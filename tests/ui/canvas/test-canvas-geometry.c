/* test-canvas-geometry.c: the canvas's geometry as pure functions: transforms,
 * snapping, hit testing, wire routing, free spots.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <gtk/gtk.h>

#include "sw-canvas.h"
#include "sw-canvas-private.h"
#include "sw-history.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-system.h"
#include "sw-symbols.h"
#include "sw-ui-test.h"
#include "test-canvas-common.h"

/* Pure geometry */

static void
test_snap (void)
{
  g_assert_cmpfloat (_sw_canvas_snap (0), ==, 0);
  g_assert_cmpfloat (_sw_canvas_snap (4.9), ==, 0);
  g_assert_cmpfloat (_sw_canvas_snap (5.1), ==, 10);
  g_assert_cmpfloat (_sw_canvas_snap (123), ==, 120);
  g_assert_cmpfloat (_sw_canvas_snap (-14), ==, -10);
  g_assert_cmpfloat (_sw_canvas_snap (-16), ==, -20);
}

static void
test_view (void)
{
  SwCanvasView view = { 2, 30, -40 };
  SwCanvasRect content = { 100, 50, 400, 100 };
  double mx, my, wx, wy;

  _sw_canvas_view_to_widget (&view, 10, 20, &wx, &wy);
  g_assert_cmpfloat (wx, ==, 50);
  g_assert_cmpfloat (wy, ==, 0);
  _sw_canvas_view_to_model (&view, wx, wy, &mx, &my);
  g_assert_cmpfloat_with_epsilon (mx, 10, 1e-12);
  g_assert_cmpfloat_with_epsilon (my, 20, 1e-12);

  /* Zooming keeps the point under the pointer in place. */
  _sw_canvas_view_to_model (&view, 333, 222, &mx, &my);
  _sw_canvas_view_zoom_at (&view, 3.5, 333, 222);
  g_assert_cmpfloat (view.zoom, ==, 3.5);
  _sw_canvas_view_to_widget (&view, mx, my, &wx, &wy);
  g_assert_cmpfloat_with_epsilon (wx, 333, 1e-9);
  g_assert_cmpfloat_with_epsilon (wy, 222, 1e-9);

  /* Fitting centres the content and scales it to the tighter side. */
  _sw_canvas_view_fit (&view, &content, 820, 620, 10, 0.1, 10);
  g_assert_cmpfloat_with_epsilon (view.zoom, 2.0, 1e-12);
  _sw_canvas_view_to_widget (&view, 300, 100, &wx, &wy);
  g_assert_cmpfloat_with_epsilon (wx, 410, 1e-9);
  g_assert_cmpfloat_with_epsilon (wy, 310, 1e-9);
  _sw_canvas_view_fit (&view, &content, 820, 620, 10, 0.1, 1.5);
  g_assert_cmpfloat (view.zoom, ==, 1.5);
}

static void
test_frame (void)
{
  const SwKind *inertia = sw_catalog_lookup ("rotational.inertia");
  const SwKind *torque = sw_catalog_lookup ("rotational.torque");
  SwCanvasRect box;
  SwCanvasDir dir;
  double x, y, w, h;

  _sw_canvas_frame_to_model (100, 200, 0, FALSE, 30, 5, &x, &y);
  g_assert_cmpfloat (x, ==, 130);
  g_assert_cmpfloat (y, ==, 205);
  /* Clockwise on screen: right becomes down. */
  _sw_canvas_frame_to_model (100, 200, 90, FALSE, 30, 5, &x, &y);
  g_assert_cmpfloat (x, ==, 95);
  g_assert_cmpfloat (y, ==, 230);
  _sw_canvas_frame_to_model (100, 200, 180, FALSE, 30, 5, &x, &y);
  g_assert_cmpfloat (x, ==, 70);
  g_assert_cmpfloat (y, ==, 195);
  _sw_canvas_frame_to_model (100, 200, 270, FALSE, 30, 5, &x, &y);
  g_assert_cmpfloat (x, ==, 105);
  g_assert_cmpfloat (y, ==, 170);
  /* Flipped is mirrored left to right before turning. */
  _sw_canvas_frame_to_model (100, 200, 0, TRUE, 30, 5, &x, &y);
  g_assert_cmpfloat (x, ==, 70);
  g_assert_cmpfloat (y, ==, 205);

  sw_symbol_get_size (inertia, &w, &h);
  box = _sw_canvas_symbol_box (inertia, 100, 200, 90);
  g_assert_cmpfloat (box.width, ==, h);
  g_assert_cmpfloat (box.height, ==, w);
  g_assert_cmpfloat (box.x + box.width / 2, ==, 100);
  g_assert_cmpfloat (box.y + box.height / 2, ==, 200);

  _sw_canvas_port_place (inertia, 0, 100, 200, 0, FALSE, &x, &y, &dir);
  g_assert_cmpfloat (x, ==, 100 - w / 2);
  g_assert_cmpint (dir, ==, SW_CANVAS_DIR_LEFT);
  _sw_canvas_port_place (inertia, 1, 100, 200, 0, FALSE, &x, &y, &dir);
  g_assert_cmpint (dir, ==, SW_CANVAS_DIR_RIGHT);
  _sw_canvas_port_place (inertia, 0, 100, 200, 90, FALSE, &x, &y, &dir);
  g_assert_cmpfloat (x, ==, 100);
  g_assert_cmpfloat (y, ==, 200 - w / 2);
  g_assert_cmpint (dir, ==, SW_CANVAS_DIR_UP);
  _sw_canvas_port_place (inertia, 0, 100, 200, 0, TRUE, &x, &y, &dir);
  g_assert_cmpint (dir, ==, SW_CANVAS_DIR_RIGHT);
  /* A source's support faces down, and up when turned over. */
  _sw_canvas_port_place (torque, sw_kind_find_port (torque, "support"), 0, 0, 0, FALSE, &x, &y, &dir);
  g_assert_cmpint (dir, ==, SW_CANVAS_DIR_DOWN);
  _sw_canvas_port_place (torque, sw_kind_find_port (torque, "support"), 0, 0, 180, FALSE, &x, &y, &dir);
  g_assert_cmpint (dir, ==, SW_CANVAS_DIR_UP);
}

static void
test_hit (void)
{
  SwCanvasRect boxes[] = { { 0, 0, 60, 40 }, { 40, 20, 60, 40 } };
  SwCanvasRect a = { 0, 0, 10, 10 }, b = { 10, 10, 5, 5 }, c = { 11, 0, 5, 5 };
  double xs[] = { 0, 10, 12 }, ys[] = { 0, 0, 0 };
  SwCanvasRect r;

  /* The last drawn is on top. */
  g_assert_cmpint (_sw_canvas_hit_box (boxes, 2, 50, 30, 0), ==, 1);
  g_assert_cmpint (_sw_canvas_hit_box (boxes, 2, 10, 10, 0), ==, 0);
  g_assert_cmpint (_sw_canvas_hit_box (boxes, 2, 99, 5, 0), ==, -1);
  g_assert_cmpint (_sw_canvas_hit_box (boxes, 2, -3, 5, 4), ==, 0);

  /* The nearest point within the radius. */
  g_assert_cmpint (_sw_canvas_hit_point (xs, ys, 3, 11.5, 1, 5), ==, 2);
  g_assert_cmpint (_sw_canvas_hit_point (xs, ys, 3, 9, 1, 5), ==, 1);
  g_assert_cmpint (_sw_canvas_hit_point (xs, ys, 3, 30, 0, 5), ==, -1);

  g_assert_true (_sw_canvas_rect_intersects (&a, &b));
  g_assert_false (_sw_canvas_rect_intersects (&a, &c));
  r = _sw_canvas_rect_from_points (5, 9, -5, 1);
  g_assert_cmpfloat (r.x, ==, -5);
  g_assert_cmpfloat (r.y, ==, 1);
  g_assert_cmpfloat (r.width, ==, 10);
  g_assert_cmpfloat (r.height, ==, 8);
  r = _sw_canvas_rect_union (&a, &c);
  g_assert_cmpfloat (r.width, ==, 16);
  g_assert_true (_sw_canvas_rect_contains (&a, 10, 10));
  g_assert_false (_sw_canvas_rect_contains (&a, 10.1, 10));
}

static const double dir_x[] = { -1, 1, 0, 0 };
static const double dir_y[] = { 0, 0, -1, 1 };

/* Every route: from a to b, orthogonal, leaving a and reaching b along the
 * ports' directions, never doubling back. */
static void
check_route (const SwCanvasRoute *route,
             double ax, double ay, SwCanvasDir a_dir,
             double bx, double by, SwCanvasDir b_dir)
{
  guint n = route->n_points;

  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpfloat (route->x[0], ==, ax);
  g_assert_cmpfloat (route->y[0], ==, ay);
  g_assert_cmpfloat (route->x[n - 1], ==, bx);
  g_assert_cmpfloat (route->y[n - 1], ==, by);
  for (guint i = 0; i + 1 < n; i++)
    {
      double dx = route->x[i + 1] - route->x[i], dy = route->y[i + 1] - route->y[i];

      g_assert_true ((dx == 0) != (dy == 0));
      if (i == 0)
        g_assert_cmpfloat (dx * dir_x[a_dir] + dy * dir_y[a_dir], >, 0);
      if (i + 2 == n)
        g_assert_cmpfloat (dx * dir_x[b_dir] + dy * dir_y[b_dir], <, 0);
      if (i > 0)
        {
          double pdx = route->x[i] - route->x[i - 1], pdy = route->y[i] - route->y[i - 1];

          g_assert_cmpfloat (pdx * dx + pdy * dy, >=, 0);
        }
    }
}

static gboolean
route_crosses (const SwCanvasRoute *route,
               const SwCanvasRect  *rect)
{
  /* Sample the route densely and look for points strictly inside. */
  for (guint i = 0; i + 1 < route->n_points; i++)
    for (guint k = 0; k <= 100; k++)
      {
        double x = route->x[i] + (route->x[i + 1] - route->x[i]) * k / 100.0;
        double y = route->y[i] + (route->y[i + 1] - route->y[i]) * k / 100.0;

        if (x > rect->x + 1 && x < rect->x + rect->width - 1 &&
            y > rect->y + 1 && y < rect->y + rect->height - 1)
          return TRUE;
      }
  return FALSE;
}

static void
test_route (void)
{
  SwCanvasRoute route, other;
  SwCanvasObstacle boxes[2];

  /* Facing ports on one line: a straight wire. */
  _sw_canvas_route (30, 0, SW_CANVAS_DIR_RIGHT, 10, 90, 0, SW_CANVAS_DIR_LEFT, 10, NULL, 0, NULL, 0, &route);
  g_assert_cmpuint (route.n_points, ==, 2);
  check_route (&route, 30, 0, SW_CANVAS_DIR_RIGHT, 90, 0, SW_CANVAS_DIR_LEFT);

  /* Offset: a Z with its middle leg halfway. */
  _sw_canvas_route (30, 0, SW_CANVAS_DIR_RIGHT, 10, 130, 60, SW_CANVAS_DIR_LEFT, 10, NULL, 0, NULL, 0, &route);
  check_route (&route, 30, 0, SW_CANVAS_DIR_RIGHT, 130, 60, SW_CANVAS_DIR_LEFT);
  g_assert_cmpuint (route.n_points, ==, 4);
  g_assert_cmpfloat (route.x[1], ==, 80);
  g_assert_cmpfloat (route.x[2], ==, 80);

  /* A support straight down onto a ground flange below it. */
  _sw_canvas_route (40, 20, SW_CANVAS_DIR_DOWN, 10, 40, 110, SW_CANVAS_DIR_UP, 10, NULL, 0, NULL, 0, &route);
  g_assert_cmpuint (route.n_points, ==, 2);

  /* Ports facing away from each other, the symbols in the way: the wire
   * goes round both symbols. */
  boxes[0] = (SwCanvasObstacle) { { 0, -20, 60, 40 }, SW_CANVAS_COST_SYMBOL };     /* a at (60, 0) faces right */
  boxes[1] = (SwCanvasObstacle) { { -100, -20, 60, 40 }, SW_CANVAS_COST_SYMBOL };  /* b at (-100, 0) faces left */
  _sw_canvas_route (60, 0, SW_CANVAS_DIR_RIGHT, 10, -100, 0, SW_CANVAS_DIR_LEFT, 10, boxes, 2, NULL, 0, &route);
  check_route (&route, 60, 0, SW_CANVAS_DIR_RIGHT, -100, 0, SW_CANVAS_DIR_LEFT);
  g_assert_false (route_crosses (&route, &boxes[0].rect));
  g_assert_false (route_crosses (&route, &boxes[1].rect));

  /* Both facing right, one above the other (a damper beside an inertia). */
  boxes[0] = (SwCanvasObstacle) { { 370, 180, 60, 40 }, SW_CANVAS_COST_SYMBOL };
  boxes[1] = (SwCanvasObstacle) { { 370, 60, 60, 40 }, SW_CANVAS_COST_SYMBOL };
  _sw_canvas_route (370, 200, SW_CANVAS_DIR_LEFT, 10, 430, 80, SW_CANVAS_DIR_RIGHT, 10, boxes, 2, NULL, 0, &route);
  check_route (&route, 370, 200, SW_CANVAS_DIR_LEFT, 430, 80, SW_CANVAS_DIR_RIGHT);
  g_assert_false (route_crosses (&route, &boxes[0].rect));
  g_assert_false (route_crosses (&route, &boxes[1].rect));

  /* A label is in the way of any route: crossing it beats crossing the
   * symbol. (An inertia turned upright just above a damper, its flange_b
   * facing down onto the damper's label.) */
  {
    SwCanvasObstacle obstacles[] = {
      { { 370, 180, 60, 40 }, SW_CANVAS_COST_SYMBOL },   /* damper */
      { { 358, 150, 84, 28 }, SW_CANVAS_COST_LABEL },    /* its label */
      { { 380, 110, 40, 60 }, SW_CANVAS_COST_SYMBOL },   /* inertia */
    };

    _sw_canvas_route (370, 200, SW_CANVAS_DIR_LEFT, 10, 400, 170, SW_CANVAS_DIR_DOWN, 10,
                      obstacles, G_N_ELEMENTS (obstacles), NULL, 0, &route);
    check_route (&route, 370, 200, SW_CANVAS_DIR_LEFT, 400, 170, SW_CANVAS_DIR_DOWN);
    g_assert_false (route_crosses (&route, &obstacles[0].rect));
    g_assert_false (route_crosses (&route, &obstacles[2].rect));
  }

  /* A wire of another node already runs where the Z would put its middle
   * leg: this one keeps off it. */
  other.n_points = 2;
  other.x[0] = 80; other.y[0] = -100;
  other.x[1] = 80; other.y[1] = 200;
  _sw_canvas_route (30, 0, SW_CANVAS_DIR_RIGHT, 10, 130, 60, SW_CANVAS_DIR_LEFT, 10, NULL, 0, &other, 1, &route);
  check_route (&route, 30, 0, SW_CANVAS_DIR_RIGHT, 130, 60, SW_CANVAS_DIR_LEFT);
  for (guint i = 0; i + 1 < route.n_points; i++)
    g_assert_false (route.x[i] == 80 && route.x[i + 1] == 80);

  /* Distance to a route, and branching points. */
  _sw_canvas_route (30, 0, SW_CANVAS_DIR_RIGHT, 10, 130, 60, SW_CANVAS_DIR_LEFT, 10, NULL, 0, NULL, 0, &route);
  g_assert_cmpfloat_with_epsilon (_sw_canvas_route_distance (&route, 80, 30), 0, 1e-12);
  g_assert_cmpfloat_with_epsilon (_sw_canvas_route_distance (&route, 85, 30), 5, 1e-12);
  g_assert_cmpfloat_with_epsilon (_sw_canvas_route_distance (&route, 50, -7), 7, 1e-12);
  {
    double xs[4], ys[4];

    /* A wire from the same port turning off at x = 80 branches there. */
    other.n_points = 3;
    other.x[0] = 30; other.y[0] = 0;
    other.x[1] = 80; other.y[1] = 0;
    other.x[2] = 80; other.y[2] = -50;
    g_assert_cmpuint (_sw_canvas_route_branches (&route, &other, xs, ys, 4), ==, 1);
    g_assert_cmpfloat (xs[0], ==, 80);
    g_assert_cmpfloat (ys[0], ==, 0);
  }
}

static void
test_free_spot (void)
{
  SwCanvasRect occupied[] = { { 30, 40, 60, 40 }, { 150, 40, 60, 40 } };
  double x, y;

  _sw_canvas_find_free_spot (NULL, 0, 60, 40, &x, &y);
  g_assert_cmpfloat (x, ==, 60);
  g_assert_cmpfloat (y, ==, 60);

  _sw_canvas_find_free_spot (occupied, G_N_ELEMENTS (occupied), 60, 40, &x, &y);
  {
    SwCanvasRect box = { x - 30, y - 20, 60, 40 };

    g_assert_false (_sw_canvas_rect_intersects (&box, &occupied[0]));
    g_assert_false (_sw_canvas_rect_intersects (&box, &occupied[1]));
  }
  /* On the grid. */
  g_assert_cmpfloat (_sw_canvas_snap (x), ==, x);
  g_assert_cmpfloat (_sw_canvas_snap (y), ==, y);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/canvas/geometry/snap", test_snap);
  g_test_add_func ("/ui/canvas/geometry/view", test_view);
  g_test_add_func ("/ui/canvas/geometry/frame", test_frame);
  g_test_add_func ("/ui/canvas/geometry/hit", test_hit);
  g_test_add_func ("/ui/canvas/geometry/route", test_route);
  g_test_add_func ("/ui/canvas/geometry/free-spot", test_free_spot);

  return g_test_run ();
}
