/* test-canvas.c: the schematic canvas. Its geometry as pure functions
 * (transforms, snapping, hit testing, wire routing, free spots); the widget
 * alone with a model: properties and their notifications, selection,
 * actions and their enabled state, pointer gestures played through the
 * canvas's handlers (select, rubber band, move with snapping as one undo
 * step, connect, refusals, wire selection, placement, drops), the
 * keyboard (Tab walks, arrows move by the grid, Alt+arrows select by
 * direction, Enter activates, C connects, placing at the view's centre),
 * the clipboard, and what it draws.
 *
 * Needs a display (xvfb-run); GSK_RENDERER=cairo.
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

/* A chain torque → inertia1 → spring → inertia2, a grounded gear, a mass
 * (translational) and a fixed flange, on the grid. */
static const char model_text[] =
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"Canvas test\",\n"
  " \"components\": [\n"
  "  {\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 1}, \"position\": [60, 100]},\n"
  "  {\"id\": \"inertia1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.1}, \"position\": [180, 100]},\n"
  "  {\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 1e4}, \"position\": [300, 100]},\n"
  "  {\"id\": \"inertia2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}, \"position\": [420, 100]},\n"
  "  {\"id\": \"mass\", \"kind\": \"translational.mass\", \"params\": {\"m\": 1}, \"position\": [180, 260]},\n"
  "  {\"id\": \"fixed\", \"kind\": \"rotational.fixed\", \"position\": [60, 220]}\n"
  " ],\n"
  " \"connections\": [\n"
  "  {\"from\": \"torque.flange\", \"to\": \"inertia1.flange_a\"},\n"
  "  {\"from\": \"inertia1.flange_b\", \"to\": \"spring.flange_a\"},\n"
  "  {\"from\": \"spring.flange_b\", \"to\": \"inertia2.flange_a\"},\n"
  "  {\"from\": \"torque.support\", \"to\": \"fixed.flange\"}\n"
  " ]}\n";

static SwModel *
new_model (void)
{
  g_autoptr(GError) error = NULL;
  SwModel *model = sw_model_new_from_data (model_text, -1, "canvas-test.shaft", &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

static void
count_cb (gpointer  object,
          gpointer  pspec_or_nothing,
          guint    *counter)
{
  (*counter)++;
}

static void
count_signal_cb (gpointer  object,
                 guint    *counter)
{
  (*counter)++;
}

/* The canvas alone, with the model and 1 model unit = 1 pixel from the
 * widget's origin, so that pointer coordinates are model coordinates. */
static SwCanvas *
new_canvas (SwModel *model)
{
  SwCanvas *canvas = g_object_ref_sink (SW_CANVAS (sw_canvas_new ()));
  SwCanvasView view = { 1, 0, 0 };

  sw_canvas_set_model (canvas, model);
  _sw_canvas_set_view (canvas, &view);
  return canvas;
}

static void
click (SwCanvas        *canvas,
       double           x,
       double           y,
       GdkModifierType  state)
{
  _sw_canvas_pointer_press (canvas, x, y, state);
  _sw_canvas_pointer_release (canvas, x, y);
}

static void
drag (SwCanvas *canvas,
      double    x1,
      double    y1,
      double    x2,
      double    y2)
{
  _sw_canvas_pointer_press (canvas, x1, y1, 0);
  for (guint i = 1; i <= 4; i++)
    _sw_canvas_pointer_motion (canvas, x1 + (x2 - x1) * i / 4, y1 + (y2 - y1) * i / 4);
  _sw_canvas_pointer_release (canvas, x2, y2);
}

static void
port_at (SwModel    *model,
         const char *id,
         const char *port,
         double     *x,
         double     *y)
{
  int index = sw_model_find_component (model, id);
  const SwComponent *c;
  int p;

  g_assert_cmpint (index, >=, 0);
  c = sw_model_get_component (model, index);
  p = sw_kind_find_port (c->kind, port);
  g_assert_cmpint (p, >=, 0);
  _sw_canvas_port_place (c->kind, p, c->position[0], c->position[1],
                         sw_model_get_rotation (model, index), sw_model_get_flipped (model, index),
                         x, y, NULL);
}

static gboolean
has_connection (SwModel    *model,
                const char *from,
                const char *to)
{
  for (guint i = 0; i < sw_model_get_n_connections (model); i++)
    {
      const SwConnection *c = sw_model_get_connection (model, i);
      const SwComponent *a = sw_model_get_component (model, c->from_component);
      const SwComponent *b = sw_model_get_component (model, c->to_component);
      g_autofree char *f = g_strdup_printf ("%s.%s", a->id, a->kind->ports[c->from_port].name);
      g_autofree char *t = g_strdup_printf ("%s.%s", b->id, b->kind->ports[c->to_port].name);

      if ((strcmp (f, from) == 0 && strcmp (t, to) == 0) || (strcmp (f, to) == 0 && strcmp (t, from) == 0))
        return TRUE;
    }
  return FALSE;
}

/* Whether the action is installed on the canvas and enabled now. */
static gboolean
action_enabled (SwCanvas   *canvas,
                const char *action)
{
  GtkWidget *widget = GTK_WIDGET (canvas);
  gboolean enabled = FALSE;
  GType owner;
  const char *name;
  const GVariantType *parameter;
  const char *property;

  for (guint i = 0; gtk_widget_class_query_action (GTK_WIDGET_GET_CLASS (widget), i, &owner, &name,
                                                   &parameter, &property); i++)
    if (strcmp (name, action) == 0)
      enabled = TRUE;
  g_assert_true (enabled);   /* installed */

  return _sw_canvas_action_enabled (canvas, action);
}

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

/* The widget */

static void
test_properties (void)
{
  SwModel *model = new_model ();
  SwHistory *history = sw_history_new (model);
  SwCanvas *canvas = g_object_ref_sink (SW_CANVAS (sw_canvas_new ()));
  guint model_notify = 0, history_notify = 0, zoom_notify = 0;
  SwModel *got_model = NULL;
  SwHistory *got_history = NULL;
  double got_zoom = 0;

  g_signal_connect (canvas, "notify::model", G_CALLBACK (count_cb), &model_notify);
  g_signal_connect (canvas, "notify::history", G_CALLBACK (count_cb), &history_notify);
  g_signal_connect (canvas, "notify::zoom", G_CALLBACK (count_cb), &zoom_notify);

  g_assert_null (sw_canvas_get_model (canvas));
  g_assert_cmpfloat (sw_canvas_get_zoom (canvas), ==, 1.0);

  sw_canvas_set_model (canvas, model);
  g_assert_true (sw_canvas_get_model (canvas) == model);
  g_assert_cmpuint (model_notify, ==, 1);
  sw_canvas_set_model (canvas, model);
  g_assert_cmpuint (model_notify, ==, 1);

  sw_canvas_set_history (canvas, history);
  g_assert_cmpuint (history_notify, ==, 1);
  sw_canvas_set_history (canvas, history);
  g_assert_cmpuint (history_notify, ==, 1);

  sw_canvas_set_zoom (canvas, 2.0);
  g_assert_cmpfloat (sw_canvas_get_zoom (canvas), ==, 2.0);
  g_assert_cmpuint (zoom_notify, ==, 1);
  sw_canvas_set_zoom (canvas, 2.0);
  g_assert_cmpuint (zoom_notify, ==, 1);
  /* Clamped to the range the property declares. */
  sw_canvas_set_zoom (canvas, 1000);
  g_assert_cmpuint (zoom_notify, ==, 2);
  g_assert_cmpfloat (sw_canvas_get_zoom (canvas), ==,
                     G_PARAM_SPEC_DOUBLE (g_object_class_find_property (G_OBJECT_GET_CLASS (canvas), "zoom"))->maximum);
  sw_canvas_set_zoom (canvas, 1000);
  g_assert_cmpuint (zoom_notify, ==, 2);

  g_object_set (canvas, "zoom", 0.5, NULL);
  g_assert_cmpuint (zoom_notify, ==, 3);
  g_object_get (canvas, "model", &got_model, "history", &got_history, "zoom", &got_zoom, NULL);
  g_assert_true (got_model == model);
  g_assert_true (got_history == history);
  g_assert_cmpfloat (got_zoom, ==, 0.5);
  g_clear_object (&got_model);
  g_clear_object (&got_history);

  g_object_set (canvas, "model", NULL, "history", NULL, NULL);
  g_assert_cmpuint (model_notify, ==, 2);
  g_assert_cmpuint (history_notify, ==, 2);
  g_assert_null (sw_canvas_get_model (canvas));

  /* The canvas let go of everything. */
  sw_canvas_set_model (canvas, model);
  sw_canvas_set_history (canvas, history);
  g_assert_finalize_object (canvas);
  g_assert_finalize_object (history);
  g_assert_finalize_object (model);
}

static void
test_selection (void)
{
  SwModel *model = new_model ();
  SwCanvas *canvas = new_canvas (model);
  guint changed = 0;
  g_autoptr(GArray) selection = NULL;
  int inertia1 = sw_model_find_component (model, "inertia1");
  int spring = sw_model_find_component (model, "spring");
  int inertia2 = sw_model_find_component (model, "inertia2");

  g_signal_connect (canvas, "selection-changed", G_CALLBACK (count_signal_cb), &changed);

  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, -1);
  selection = sw_canvas_dup_selection (canvas);
  g_assert_cmpuint (selection->len, ==, 0);
  g_clear_pointer (&selection, g_array_unref);

  sw_canvas_select_component (canvas, spring);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, spring);
  sw_canvas_select_component (canvas, spring);
  g_assert_cmpuint (changed, ==, 1);
  sw_canvas_select_component (canvas, -1);
  g_assert_cmpuint (changed, ==, 2);
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, -1);

  /* A click selects; shift-click adds and toggles; a click on empty space
   * clears. */
  click (canvas, 180, 100, 0);
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, inertia1);
  click (canvas, 420, 100, GDK_SHIFT_MASK);
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, -1);
  selection = sw_canvas_dup_selection (canvas);
  g_assert_cmpuint (selection->len, ==, 2);
  g_assert_cmpuint (g_array_index (selection, guint, 0), ==, (guint) inertia1);
  g_assert_cmpuint (g_array_index (selection, guint, 1), ==, (guint) inertia2);
  g_clear_pointer (&selection, g_array_unref);
  click (canvas, 180, 100, GDK_SHIFT_MASK);
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, inertia2);
  /* A plain click on a selected one among several keeps only it. */
  click (canvas, 180, 100, GDK_SHIFT_MASK);
  click (canvas, 420, 100, 0);
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, inertia2);
  changed = 0;
  click (canvas, 300, 400, 0);
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, -1);
  g_assert_cmpuint (changed, ==, 1);

  /* Rubber band over spring and inertia2 (from empty space). */
  drag (canvas, 250, 30, 470, 140);
  selection = sw_canvas_dup_selection (canvas);
  g_assert_cmpuint (selection->len, ==, 2);
  g_assert_cmpuint (g_array_index (selection, guint, 0), ==, (guint) spring);
  g_assert_cmpuint (g_array_index (selection, guint, 1), ==, (guint) inertia2);
  g_clear_pointer (&selection, g_array_unref);

  /* Escape clears it. */
  g_assert_true (_sw_canvas_cancel (canvas));
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, -1);
  g_assert_false (_sw_canvas_cancel (canvas));

  /* The selection follows its components when indices shift. */
  sw_canvas_select_component (canvas, inertia2);
  sw_model_remove_component (model, (guint) inertia1);
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, sw_model_find_component (model, "inertia2"));
  /* A rename in place keeps it selected. */
  {
    g_autoptr(GError) error = NULL;
    int index = sw_model_find_component (model, "inertia2");

    g_assert_true (sw_model_set_id (model, index, "flywheel", &error));
    g_assert_no_error (error);
    g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, index);
    /* Removing it clears the selection, with a signal. */
    changed = 0;
    sw_model_remove_component (model, index);
    g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, -1);
    g_assert_cmpuint (changed, ==, 1);
  }

  g_assert_finalize_object (canvas);
  g_assert_finalize_object (model);
}

/* A window's "changed" handler runs before the canvas's own and already
 * selects and marks by the new indices. */
static void
early_changed_cb (SwModel   *model,
                  SwCanvas **canvas)
{
  int last = (int) sw_model_get_n_components (model) - 1;
  const char *messages[] = { "marked early" };
  g_autoptr(GArray) selection = NULL;

  if (*canvas == NULL || last < 0)
    return;
  sw_canvas_set_problems (*canvas, &last, messages, 1);
  sw_canvas_select_component (*canvas, last);
  g_assert_cmpint (sw_canvas_get_selected_component (*canvas), ==, last);
  selection = sw_canvas_dup_selection (*canvas);
  g_assert_cmpuint (selection->len, ==, 1);
}

static void
test_early_handler (void)
{
  SwModel *model = new_model ();
  SwCanvas *canvas = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length;
  guint n;

  g_signal_connect (model, "changed", G_CALLBACK (early_changed_cb), &canvas);
  canvas = new_canvas (model);
  n = sw_model_get_n_components (model);

  sw_model_remove_component (model, 0);
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, (int) n - 2);
  g_assert_cmpstr (sw_model_get_component (model, n - 2)->id, ==, "fixed");

  /* A whole new content (an undo does this). */
  text = sw_model_to_data (model, &length);
  g_assert_true (sw_model_restore (model, model_text, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, (int) n - 1);
  g_assert_true (sw_model_restore (model, text, length, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, (int) n - 2);

  g_signal_handlers_disconnect_by_func (model, early_changed_cb, &canvas);
  g_assert_finalize_object (canvas);
  g_assert_finalize_object (model);
}

static void
test_actions (void)
{
  SwModel *model = new_model ();
  SwCanvas *canvas = new_canvas (model);
  const char *needs_selection[] = {
    "canvas.delete-selection", "canvas.duplicate", "canvas.copy", "canvas.cut",
    "canvas.rotate", "canvas.flip",
  };
  const char *always[] = {
    "canvas.select-all", "canvas.paste", "canvas.zoom-in", "canvas.zoom-out", "canvas.zoom-fit",
  };

  for (guint i = 0; i < G_N_ELEMENTS (needs_selection); i++)
    g_assert_false (action_enabled (canvas, needs_selection[i]));
  for (guint i = 0; i < G_N_ELEMENTS (always); i++)
    g_assert_true (action_enabled (canvas, always[i]));

  sw_canvas_select_component (canvas, 1);
  for (guint i = 0; i < G_N_ELEMENTS (needs_selection); i++)
    g_assert_true (action_enabled (canvas, needs_selection[i]));

  sw_canvas_select_component (canvas, -1);
  g_assert_false (action_enabled (canvas, "canvas.delete-selection"));
  /* Select all through the action. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.select-all", NULL));
  {
    g_autoptr(GArray) selection = sw_canvas_dup_selection (canvas);

    g_assert_cmpuint (selection->len, ==, sw_model_get_n_components (model));
  }
  g_assert_true (action_enabled (canvas, "canvas.delete-selection"));

  /* Without a model almost nothing works. */
  sw_canvas_set_model (canvas, NULL);
  g_assert_false (action_enabled (canvas, "canvas.select-all"));
  g_assert_false (action_enabled (canvas, "canvas.paste"));
  g_assert_false (action_enabled (canvas, "canvas.delete-selection"));

  g_assert_finalize_object (canvas);
  g_assert_finalize_object (model);
}

static void
test_delete (void)
{
  SwModel *model = new_model ();
  SwHistory *history = sw_history_new (model);
  SwCanvas *canvas = new_canvas (model);
  guint n = sw_model_get_n_components (model), n_connections = sw_model_get_n_connections (model);
  guint changed = 0;

  sw_canvas_set_history (canvas, history);

  /* Deleting inertia1 takes its two wires along. */
  sw_canvas_select_component (canvas, sw_model_find_component (model, "inertia1"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.delete-selection", NULL));
  g_assert_cmpuint (sw_model_get_n_components (model), ==, n - 1);
  g_assert_cmpint (sw_model_find_component (model, "inertia1"), ==, -1);
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, n_connections - 2);
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, -1);
  g_assert_false (action_enabled (canvas, "canvas.delete-selection"));

  /* Several at once are one change of the model and one undo step. */
  sw_canvas_select_component (canvas, sw_model_find_component (model, "spring"));
  click (canvas, 420, 100, GDK_SHIFT_MASK);
  click (canvas, 180, 260, GDK_SHIFT_MASK);
  g_signal_connect (model, "changed", G_CALLBACK (count_signal_cb), &changed);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.delete-selection", NULL));
  g_assert_cmpuint (sw_model_get_n_components (model), ==, n - 4);
  g_assert_cmpuint (changed, ==, 1);
  g_signal_handlers_disconnect_by_func (model, count_signal_cb, &changed);
  g_assert_true (sw_history_undo (history));
  g_assert_cmpuint (sw_model_get_n_components (model), ==, n - 1);
  g_assert_cmpint (sw_model_find_component (model, "mass"), >=, 0);

  sw_canvas_set_history (canvas, NULL);
  g_assert_finalize_object (canvas);
  g_assert_finalize_object (history);
  g_assert_finalize_object (model);
}

static void
test_duplicate_turn (void)
{
  SwModel *model = new_model ();
  SwCanvas *canvas = new_canvas (model);
  guint n = sw_model_get_n_components (model);
  int spring = sw_model_find_component (model, "spring");
  int copy;
  const SwComponent *original, *duplicate;

  sw_canvas_select_component (canvas, spring);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.duplicate", NULL));
  g_assert_cmpuint (sw_model_get_n_components (model), ==, n + 1);

  /* The copy is selected, beside the original, with its parameters. */
  copy = sw_canvas_get_selected_component (canvas);
  g_assert_cmpint (copy, >=, 0);
  g_assert_cmpint (copy, !=, spring);
  original = sw_model_get_component (model, spring);
  duplicate = sw_model_get_component (model, copy);
  g_assert_true (duplicate->kind == original->kind);
  g_assert_cmpstr (duplicate->id, !=, original->id);
  g_assert_cmpfloat (duplicate->param[0], ==, original->param[0]);
  g_assert_true (duplicate->has_position);
  g_assert_cmpfloat (duplicate->position[0], >, original->position[0]);
  g_assert_cmpfloat (duplicate->position[1], >, original->position[1]);

  /* Rotate and flip the copy. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.rotate", NULL));
  g_assert_cmpint (sw_model_get_rotation (model, copy), ==, 90);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.rotate", NULL));
  g_assert_cmpint (sw_model_get_rotation (model, copy), ==, 180);
  g_assert_false (sw_model_get_flipped (model, copy));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.flip", NULL));
  g_assert_true (sw_model_get_flipped (model, copy));
  g_assert_cmpint (sw_model_get_rotation (model, copy), ==, 180);
  g_assert_cmpint (sw_model_get_rotation (model, spring), ==, 0);

  g_assert_finalize_object (canvas);
  g_assert_finalize_object (model);
}

static void
test_move (void)
{
  SwModel *model = new_model ();
  SwHistory *history = sw_history_new (model);
  SwCanvas *canvas = new_canvas (model);
  int spring = sw_model_find_component (model, "spring");
  int inertia2 = sw_model_find_component (model, "inertia2");
  const SwComponent *c;

  sw_canvas_set_history (canvas, history);
  g_assert_false (sw_history_get_can_undo (history));

  /* Dragged by (23, 7) pixels at 100 %: snapped to (+20, +10). */
  drag (canvas, 300, 100, 323, 107);
  c = sw_model_get_component (model, spring);
  g_assert_cmpfloat (c->position[0], ==, 320);
  g_assert_cmpfloat (c->position[1], ==, 110);
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, spring);

  /* One undo step for the whole drag. */
  g_assert_true (sw_history_undo (history));
  c = sw_model_get_component (model, spring);
  g_assert_cmpfloat (c->position[0], ==, 300);
  g_assert_cmpfloat (c->position[1], ==, 100);
  g_assert_false (sw_history_get_can_undo (history));

  /* Two selected move together, keeping their distance; at 200 % the
   * pointer moves twice as far. */
  {
    SwCanvasView view = { 2, 0, 0 };

    _sw_canvas_set_view (canvas, &view);
  }
  sw_canvas_select_component (canvas, spring);
  click (canvas, 840, 200, GDK_SHIFT_MASK);
  drag (canvas, 600, 200, 640, 260);
  g_assert_cmpfloat (sw_model_get_component (model, spring)->position[0], ==, 320);
  g_assert_cmpfloat (sw_model_get_component (model, spring)->position[1], ==, 130);
  g_assert_cmpfloat (sw_model_get_component (model, inertia2)->position[0], ==, 440);
  g_assert_cmpfloat (sw_model_get_component (model, inertia2)->position[1], ==, 130);

  /* A press and release without moving does not move anything. */
  click (canvas, 640, 260, 0);
  g_assert_cmpfloat (sw_model_get_component (model, spring)->position[0], ==, 320);

  /* Escape during a drag puts them back. */
  _sw_canvas_pointer_press (canvas, 640, 260, 0);
  _sw_canvas_pointer_motion (canvas, 700, 300);
  g_assert_cmpfloat (sw_model_get_component (model, spring)->position[0], !=, 320);
  g_assert_true (_sw_canvas_cancel (canvas));
  g_assert_cmpfloat (sw_model_get_component (model, spring)->position[0], ==, 320);
  _sw_canvas_pointer_release (canvas, 700, 300);
  g_assert_cmpfloat (sw_model_get_component (model, spring)->position[0], ==, 320);

  sw_canvas_set_history (canvas, NULL);
  g_assert_finalize_object (canvas);
  g_assert_finalize_object (history);
  g_assert_finalize_object (model);
}

static void
test_connect (void)
{
  SwModel *model = new_model ();
  SwCanvas *canvas = new_canvas (model);
  guint n = sw_model_get_n_connections (model);
  double ax, ay, bx, by, mx, my;

  /* inertia2.flange_b to a new place: first a drag that ends on nothing. */
  port_at (model, "inertia2", "flange_b", &ax, &ay);
  drag (canvas, ax, ay, ax + 60, ay + 60);
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, n);

  /* To the fixed flange: connected. */
  port_at (model, "fixed", "flange", &bx, &by);
  drag (canvas, ax, ay, bx + 2, by - 1);
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, n + 1);
  g_assert_true (has_connection (model, "inertia2.flange_b", "fixed.flange"));
  g_assert_null (_sw_canvas_get_hint (canvas));

  /* Again: the model refuses and says why. */
  drag (canvas, ax, ay, bx, by);
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, n + 1);
  g_assert_nonnull (_sw_canvas_get_hint (canvas));
  g_assert_nonnull (strstr (_sw_canvas_get_hint (canvas), "already connected"));

  /* A rotational flange over a translational one: a hint while hovering,
   * and no connection. */
  port_at (model, "mass", "flange_a", &mx, &my);
  _sw_canvas_pointer_press (canvas, ax, ay, 0);
  _sw_canvas_pointer_motion (canvas, (ax + mx) / 2, (ay + my) / 2);
  _sw_canvas_pointer_motion (canvas, mx, my);
  g_assert_nonnull (_sw_canvas_get_hint (canvas));
  g_assert_nonnull (strstr (_sw_canvas_get_hint (canvas), "translational"));
  /* Away from it the hint goes. */
  _sw_canvas_pointer_motion (canvas, mx + 100, my + 100);
  g_assert_null (_sw_canvas_get_hint (canvas));
  _sw_canvas_pointer_motion (canvas, mx, my);
  _sw_canvas_pointer_release (canvas, mx, my);
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, n + 1);
  g_assert_false (has_connection (model, "inertia2.flange_b", "mass.flange_a"));

  /* Escape gives up a connection being drawn. */
  _sw_canvas_pointer_press (canvas, ax, ay, 0);
  _sw_canvas_pointer_motion (canvas, bx, by);
  g_assert_true (_sw_canvas_cancel (canvas));
  _sw_canvas_pointer_release (canvas, bx, by);
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, n + 1);

  g_assert_finalize_object (canvas);
  g_assert_finalize_object (model);
}

static void
test_wire (void)
{
  SwModel *model = new_model ();
  SwCanvas *canvas = new_canvas (model);
  guint n = sw_model_get_n_connections (model);
  int spring_wire = -1;
  double ax, ay, bx, by;

  /* The wire inertia1.flange_b → spring.flange_a runs straight along y = 100. */
  port_at (model, "inertia1", "flange_b", &ax, &ay);
  port_at (model, "spring", "flange_a", &bx, &by);
  g_assert_cmpfloat (ay, ==, by);
  for (guint i = 0; i < n; i++)
    {
      const SwConnection *c = sw_model_get_connection (model, i);

      if (c->to_component == (guint) sw_model_find_component (model, "spring"))
        spring_wire = (int) i;
    }
  g_assert_cmpint (spring_wire, >=, 0);

  click (canvas, (ax + bx) / 2, ay + 2, 0);
  g_assert_cmpint (_sw_canvas_get_selected_wire (canvas), ==, spring_wire);
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, -1);
  g_assert_true (action_enabled (canvas, "canvas.delete-selection"));
  g_assert_false (action_enabled (canvas, "canvas.duplicate"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.delete-selection", NULL));
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, n - 1);
  g_assert_false (has_connection (model, "inertia1.flange_b", "spring.flange_a"));
  g_assert_cmpint (_sw_canvas_get_selected_wire (canvas), ==, -1);
  g_assert_cmpuint (sw_model_get_n_components (model), ==, 6);

  /* Clicking empty space away from any wire selects nothing. */
  click (canvas, (ax + bx) / 2, ay + 40, 0);
  g_assert_cmpint (_sw_canvas_get_selected_wire (canvas), ==, -1);

  g_assert_finalize_object (canvas);
  g_assert_finalize_object (model);
}

static void
test_place (void)
{
  SwModel *model = new_model ();
  SwHistory *history = sw_history_new (model);
  SwCanvas *canvas = new_canvas (model);
  guint n = sw_model_get_n_components (model);
  const SwComponent *c;
  int index;

  sw_canvas_set_history (canvas, history);

  /* Click-then-click: the next click places it, snapped, selected. */
  sw_canvas_begin_place (canvas, "rotational.inertia");
  click (canvas, 603, 398, 0);
  g_assert_cmpuint (sw_model_get_n_components (model), ==, n + 1);
  index = sw_canvas_get_selected_component (canvas);
  g_assert_cmpint (index, ==, (int) n);
  c = sw_model_get_component (model, index);
  g_assert_cmpstr (c->kind->name, ==, "rotational.inertia");
  g_assert_cmpstr (c->id, ==, "inertia3");
  g_assert_true (c->has_position);
  g_assert_cmpfloat (c->position[0], ==, 600);
  g_assert_cmpfloat (c->position[1], ==, 400);
  /* One step to undo. */
  g_assert_true (sw_history_undo (history));
  g_assert_cmpuint (sw_model_get_n_components (model), ==, n);
  g_assert_false (sw_history_get_can_undo (history));

  /* Only the next click. */
  click (canvas, 700, 400, 0);
  g_assert_cmpuint (sw_model_get_n_components (model), ==, n);

  /* Escape gives it up. */
  sw_canvas_begin_place (canvas, "rotational.spring");
  g_assert_true (_sw_canvas_cancel (canvas));
  click (canvas, 700, 400, 0);
  g_assert_cmpuint (sw_model_get_n_components (model), ==, n);

  /* A drop from the palette places at the drop point. */
  g_assert_true (_sw_canvas_drop_string (canvas, "shaftwork-kind:rotational.spring", 511, 489));
  g_assert_cmpuint (sw_model_get_n_components (model), ==, n + 1);
  c = sw_model_get_component (model, n);
  g_assert_cmpstr (c->kind->name, ==, "rotational.spring");
  g_assert_cmpfloat (c->position[0], ==, 510);
  g_assert_cmpfloat (c->position[1], ==, 490);
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, (int) n);
  g_assert_false (_sw_canvas_drop_string (canvas, "shaftwork-kind:no.such_kind", 0, 0));
  g_assert_false (_sw_canvas_drop_string (canvas, "rotational.spring", 0, 0));
  g_assert_cmpuint (sw_model_get_n_components (model), ==, n + 1);

  sw_canvas_set_history (canvas, NULL);
  g_assert_finalize_object (canvas);
  g_assert_finalize_object (history);
  g_assert_finalize_object (model);
}

static void
test_auto_position (void)
{
  g_autoptr(GError) error = NULL;
  SwModel *model = new_model ();
  SwCanvas *canvas = new_canvas (model);
  g_autoptr(GArray) selection = NULL;
  int index;
  double x, y;

  /* A component without a position shows at a free spot: a click there
   * selects it, and nothing else is there. */
  index = sw_model_add_component (model, "rotational.damper", "unplaced", &error);
  g_assert_no_error (error);
  g_assert_false (sw_model_get_component (model, index)->has_position);

  for (y = 60; y < 2000; y += 100)
    {
      for (x = 60; x < 1000; x += 120)
        {
          click (canvas, x, y, 0);
          if (sw_canvas_get_selected_component (canvas) == index)
            break;
        }
      if (x < 1000)
        break;
    }
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, index);

  /* Dragging it gives it that position. */
  drag (canvas, x, y, x + 40, y);
  g_assert_true (sw_model_get_component (model, index)->has_position);
  g_assert_cmpfloat (sw_model_get_component (model, index)->position[0], ==, x + 40);

  g_assert_finalize_object (canvas);
  g_assert_finalize_object (model);
}

typedef struct {
  SwModel *model;
  guint    n;
} WaitData;

static gboolean
more_components (gpointer user_data)
{
  WaitData *data = user_data;

  return sw_model_get_n_components (data->model) > data->n;
}

static gboolean
wait_for (GSourceFunc condition,
          gpointer    data)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (!condition (data) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  return condition (data);
}

static void
test_clipboard (void)
{
  SwModel *model = new_model ();
  SwCanvas *canvas = new_canvas (model);
  GtkWidget *window = gtk_window_new ();
  guint n = sw_model_get_n_components (model);
  WaitData wait = { model, n };
  g_autoptr(GArray) selection = NULL;
  int spring = sw_model_find_component (model, "spring");
  const SwComponent *c;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (canvas));

  /* Copy inertia1 and spring with the wire between them, paste: two new
   * components, offset, selected, wired like the originals. */
  sw_canvas_select_component (canvas, sw_model_find_component (model, "inertia1"));
  click (canvas, 300, 100, GDK_SHIFT_MASK);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.copy", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.paste", NULL));
  g_assert_true (wait_for (more_components, &wait));
  g_assert_cmpuint (sw_model_get_n_components (model), ==, n + 2);
  selection = sw_canvas_dup_selection (canvas);
  g_assert_cmpuint (selection->len, ==, 2);
  g_assert_cmpuint (g_array_index (selection, guint, 0), ==, n);
  c = sw_model_get_component (model, n + 1);
  g_assert_cmpstr (c->kind->name, ==, "rotational.spring");
  g_assert_cmpfloat (c->position[0], >, 300);
  {
    const SwComponent *a = sw_model_get_component (model, n);
    g_autofree char *from = g_strdup_printf ("%s.flange_b", a->id);
    g_autofree char *to = g_strdup_printf ("%s.flange_a", c->id);

    g_assert_true (has_connection (model, from, to));
  }
  g_clear_pointer (&selection, g_array_unref);

  /* Cut the spring and paste it back where it was. */
  sw_canvas_select_component (canvas, spring);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.cut", NULL));
  g_assert_cmpint (sw_model_find_component (model, "spring"), ==, -1);
  wait.n = sw_model_get_n_components (model);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.paste", NULL));
  g_assert_true (wait_for (more_components, &wait));
  c = sw_model_get_component (model, sw_canvas_get_selected_component (canvas));
  g_assert_cmpstr (c->kind->name, ==, "rotational.spring");
  g_assert_cmpfloat (c->position[0], ==, 300);
  g_assert_cmpfloat (c->position[1], ==, 100);

  /* Text that is not a model: a hint, nothing added. */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (canvas)), "not a model");
  wait.n = sw_model_get_n_components (model);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.paste", NULL));
  {
    gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

    while (_sw_canvas_get_hint (canvas) == NULL && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, FALSE);
  }
  g_assert_nonnull (_sw_canvas_get_hint (canvas));
  g_assert_cmpuint (sw_model_get_n_components (model), ==, wait.n);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (canvas);
  g_assert_finalize_object (model);
}

/* Renders the canvas at its size and counts pixels near colour. */
static guint
count_colour (GtkWidget    *widget,
              const double *rgba)
{
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  cairo_surface_t *surface;
  cairo_t *cr;
  const guint8 *data;
  guint count = 0;

  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  if (node != NULL)
    gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  data = cairo_image_surface_get_data (surface);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        guint32 p = *(const guint32 *) (gconstpointer) (data + y * cairo_image_surface_get_stride (surface) + 4 * x);

        if (fabs (((p >> 16) & 0xff) / 255.0 - rgba[0]) < 0.06 &&
            fabs (((p >> 8) & 0xff) / 255.0 - rgba[1]) < 0.06 &&
            fabs ((p & 0xff) / 255.0 - rgba[2]) < 0.06)
          count++;
      }
  cairo_surface_destroy (surface);
  g_clear_pointer (&node, gsk_render_node_unref);
  return count;
}

static gboolean
is_drawn (gpointer widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 100;
}

static void
test_draw (void)
{
  SwModel *model = new_model ();
  SwCanvas *canvas = g_object_ref_sink (SW_CANVAS (sw_canvas_new ()));
  GtkWidget *window = gtk_window_new ();
  SwSymbolStyle style = sw_symbol_style_default (adw_style_manager_get_dark (adw_style_manager_get_default ()));
  int inertia2 = sw_model_find_component (model, "inertia2");
  int problem[] = { inertia2 };
  const char *messages[] = { "J must be > 0" };
  guint problem_pixels, accent_pixels;
  SwCanvasView view;

  gtk_window_set_default_size (GTK_WINDOW (window), 700, 500);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (canvas));
  sw_canvas_set_model (canvas, model);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (wait_for (is_drawn, canvas));

  /* Shown whole once it has a size: every component inside the widget. */
  _sw_canvas_get_view (canvas, &view);
  for (guint i = 0; i < sw_model_get_n_components (model); i++)
    {
      const SwComponent *c = sw_model_get_component (model, i);
      double wx, wy;

      _sw_canvas_view_to_widget (&view, c->position[0], c->position[1], &wx, &wy);
      g_assert_cmpfloat (wx, >, 0);
      g_assert_cmpfloat (wx, <, gtk_widget_get_width (GTK_WIDGET (canvas)));
      g_assert_cmpfloat (wy, >, 0);
      g_assert_cmpfloat (wy, <, gtk_widget_get_height (GTK_WIDGET (canvas)));
    }

  /* Problems in their colour, the selection in the accent colour. */
  g_assert_cmpuint (count_colour (GTK_WIDGET (canvas), style.problem), <, 5);
  sw_canvas_set_problems (canvas, problem, messages, 1);
  problem_pixels = count_colour (GTK_WIDGET (canvas), style.problem);
  g_assert_cmpuint (problem_pixels, >, 50);
  sw_canvas_set_problems (canvas, NULL, NULL, 0);
  g_assert_cmpuint (count_colour (GTK_WIDGET (canvas), style.problem), <, 5);

  accent_pixels = count_colour (GTK_WIDGET (canvas), style.accent);
  sw_canvas_select_component (canvas, inertia2);
  g_assert_cmpuint (count_colour (GTK_WIDGET (canvas), style.accent), >, accent_pixels + 50);

  /* Zoom actions, around the middle. */
  {
    double zoom = sw_canvas_get_zoom (canvas);

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-in", NULL));
    g_assert_cmpfloat_with_epsilon (sw_canvas_get_zoom (canvas), zoom * 1.25, 1e-9);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-out", NULL));
    g_assert_cmpfloat_with_epsilon (sw_canvas_get_zoom (canvas), zoom, 1e-9);
    sw_canvas_set_zoom (canvas, 0.3);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-fit", NULL));
    g_assert_cmpfloat_with_epsilon (sw_canvas_get_zoom (canvas), zoom, 1e-9);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (canvas);
  g_assert_finalize_object (model);
}

static gboolean
key (SwCanvas        *canvas,
     guint            keyval,
     GdkModifierType  state)
{
  return _sw_canvas_key_press (canvas, keyval, state);
}

static void
activated_cb (SwCanvas *canvas,
              int       component,
              int      *last)
{
  *last = component;
}

static void
test_keyboard (void)
{
  SwModel *model = new_model ();
  SwHistory *history = sw_history_new (model);
  SwCanvas *canvas = new_canvas (model);
  int torque = sw_model_find_component (model, "torque");
  int inertia1 = sw_model_find_component (model, "inertia1");
  int spring = sw_model_find_component (model, "spring");
  int inertia2 = sw_model_find_component (model, "inertia2");
  int mass = sw_model_find_component (model, "mass");
  int fixed = sw_model_find_component (model, "fixed");
  int activated = -1;
  guint n_selection_changed = 0;
  SwCanvasView view;

  sw_canvas_set_history (canvas, history);
  g_signal_connect (canvas, "component-activated", G_CALLBACK (activated_cb), &activated);
  g_signal_connect (canvas, "selection-changed", G_CALLBACK (count_signal_cb), &n_selection_changed);

  /* Tab walks the components in model order, Shift+Tab back; past either
   * end the key is left to move the focus on. */
  g_assert_true (key (canvas, GDK_KEY_Tab, 0));
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, torque);
  g_assert_cmpuint (n_selection_changed, ==, 1);
  g_assert_true (key (canvas, GDK_KEY_Tab, 0));
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, inertia1);
  g_assert_true (key (canvas, GDK_KEY_ISO_Left_Tab, GDK_SHIFT_MASK));
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, torque);
  g_assert_false (key (canvas, GDK_KEY_ISO_Left_Tab, GDK_SHIFT_MASK));
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, torque);
  sw_canvas_select_component (canvas, fixed);
  g_assert_false (key (canvas, GDK_KEY_Tab, 0));
  /* Ctrl+Tab is the toolkit's. */
  g_assert_false (key (canvas, GDK_KEY_Tab, GDK_CONTROL_MASK));

  /* Arrows move the selection by a grid step, Shift by five; each press
   * is one undo step. */
  sw_canvas_select_component (canvas, inertia1);
  g_assert_true (key (canvas, GDK_KEY_Right, 0));
  g_assert_cmpfloat (sw_model_get_component (model, inertia1)->position[0], ==, 180 + SW_CANVAS_GRID);
  g_assert_cmpfloat (sw_model_get_component (model, inertia1)->position[1], ==, 100);
  g_assert_true (key (canvas, GDK_KEY_Down, GDK_SHIFT_MASK));
  g_assert_cmpfloat (sw_model_get_component (model, inertia1)->position[1], ==, 100 + 5 * SW_CANVAS_GRID);
  g_assert_true (key (canvas, GDK_KEY_Left, 0));
  g_assert_true (key (canvas, GDK_KEY_Up, 0));
  g_assert_cmpfloat (sw_model_get_component (model, inertia1)->position[0], ==, 180);
  g_assert_cmpfloat (sw_model_get_component (model, inertia1)->position[1], ==, 140);
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, inertia1);
  g_assert_true (sw_history_undo (history));
  g_assert_cmpfloat (sw_model_get_component (model, inertia1)->position[1], ==, 150);
  g_assert_true (sw_history_undo (history));
  g_assert_true (sw_history_undo (history));
  g_assert_true (sw_history_undo (history));
  g_assert_cmpfloat (sw_model_get_component (model, inertia1)->position[0], ==, 180);
  g_assert_cmpfloat (sw_model_get_component (model, inertia1)->position[1], ==, 100);
  g_assert_false (sw_history_get_can_undo (history));

  /* Two selected move together. */
  sw_canvas_select_component (canvas, spring);
  click (canvas, 420, 100, GDK_SHIFT_MASK);
  g_assert_true (key (canvas, GDK_KEY_Down, 0));
  g_assert_cmpfloat (sw_model_get_component (model, spring)->position[1], ==, 110);
  g_assert_cmpfloat (sw_model_get_component (model, inertia2)->position[1], ==, 110);
  g_assert_true (sw_history_undo (history));

  /* Alt+arrows select the nearest component that way. */
  sw_canvas_select_component (canvas, inertia1);
  g_assert_true (key (canvas, GDK_KEY_Right, GDK_ALT_MASK));
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, spring);
  g_assert_true (key (canvas, GDK_KEY_Down, GDK_ALT_MASK));
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, mass);
  g_assert_true (key (canvas, GDK_KEY_Left, GDK_ALT_MASK));
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, fixed);
  /* Nothing further that way: the selection stays. */
  g_assert_true (key (canvas, GDK_KEY_Left, GDK_ALT_MASK));
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, fixed);
  g_assert_false (sw_history_get_can_undo (history));

  /* With nothing selected an arrow selects (from the view's centre, here
   * (320, 200)) rather than moving anything. */
  g_assert_true (key (canvas, GDK_KEY_Escape, 0));
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, -1);
  g_assert_true (key (canvas, GDK_KEY_Right, 0));
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, inertia2);
  g_assert_false (sw_history_get_can_undo (history));

  /* Enter activates the selected component (as a double-click does), and
   * so does canvas.activate. */
  g_assert_true (key (canvas, GDK_KEY_Return, 0));
  g_assert_cmpint (activated, ==, inertia2);
  activated = -1;
  sw_canvas_select_component (canvas, spring);
  g_assert_true (_sw_canvas_action_enabled (canvas, "canvas.activate"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.activate", NULL));
  g_assert_cmpint (activated, ==, spring);
  sw_canvas_select_component (canvas, -1);
  g_assert_false (_sw_canvas_action_enabled (canvas, "canvas.activate"));
  activated = -1;
  g_assert_false (key (canvas, GDK_KEY_Return, 0));
  g_assert_cmpint (activated, ==, -1);

  /* Ctrl+arrows pan. */
  _sw_canvas_get_view (canvas, &view);
  g_assert_true (key (canvas, GDK_KEY_Right, GDK_CONTROL_MASK));
  {
    SwCanvasView after;

    _sw_canvas_get_view (canvas, &after);
    g_assert_cmpfloat (after.tx, <, view.tx);
    g_assert_cmpfloat (after.ty, ==, view.ty);
  }

  /* Keys it does not use. */
  g_assert_false (key (canvas, GDK_KEY_q, 0));

  sw_canvas_set_history (canvas, NULL);
  g_assert_finalize_object (canvas);
  g_assert_finalize_object (history);
  g_assert_finalize_object (model);
}

static void
test_keyboard_connect (void)
{
  SwModel *model = new_model ();
  SwHistory *history = sw_history_new (model);
  SwCanvas *canvas = new_canvas (model);
  int inertia2 = sw_model_find_component (model, "inertia2");
  int inertia3, mass, target;
  guint n = sw_model_get_n_connections (model), port = 99;
  g_autoptr(GError) error = NULL;

  /* A free inertia right of inertia2. */
  inertia3 = sw_model_add_component (model, "rotational.inertia", "inertia3", &error);
  g_assert_no_error (error);
  sw_model_set_position (model, inertia3, 540, 100);
  sw_canvas_set_history (canvas, history);

  /* C from inertia2: its first free port (flange_b), to the nearest free
   * port it can meet (inertia3.flange_a). */
  sw_canvas_select_component (canvas, inertia2);
  g_assert_true (key (canvas, GDK_KEY_c, 0));
  target = _sw_canvas_get_connect_target (canvas, &port);
  g_assert_cmpint (target, ==, inertia3);
  g_assert_cmpuint (port, ==, 0);
  g_assert_nonnull (_sw_canvas_get_hint (canvas));
  g_assert_nonnull (strstr (_sw_canvas_get_hint (canvas), "inertia2.flange_b → inertia3.flange_a"));

  /* Tab: the next port (inertia3.flange_b), Shift+Tab back. */
  g_assert_true (key (canvas, GDK_KEY_Tab, 0));
  g_assert_cmpint (_sw_canvas_get_connect_target (canvas, &port), ==, inertia3);
  g_assert_cmpuint (port, ==, 1);
  g_assert_true (key (canvas, GDK_KEY_ISO_Left_Tab, GDK_SHIFT_MASK));
  g_assert_cmpint (_sw_canvas_get_connect_target (canvas, &port), ==, inertia3);
  g_assert_cmpuint (port, ==, 0);
  /* The translational mass is never offered. */
  mass = sw_model_find_component (model, "mass");
  for (guint k = 0; k < 12; k++)
    {
      g_assert_true (key (canvas, GDK_KEY_Tab, 0));
      g_assert_cmpint (_sw_canvas_get_connect_target (canvas, NULL), !=, mass);
      g_assert_cmpint (_sw_canvas_get_connect_target (canvas, NULL), !=, inertia2);
    }

  /* Escape gives it up: nothing connected, the selection kept. */
  g_assert_true (key (canvas, GDK_KEY_Escape, 0));
  g_assert_cmpint (_sw_canvas_get_connect_target (canvas, NULL), ==, -1);
  g_assert_null (_sw_canvas_get_hint (canvas));
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, n);
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, inertia2);

  /* Again, and Enter connects: one undo step. */
  g_assert_true (key (canvas, GDK_KEY_c, 0));
  g_assert_true (key (canvas, GDK_KEY_Return, 0));
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, n + 1);
  g_assert_true (has_connection (model, "inertia2.flange_b", "inertia3.flange_a"));
  g_assert_cmpint (_sw_canvas_get_connect_target (canvas, NULL), ==, -1);
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, inertia2);
  g_assert_true (sw_history_undo (history));
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, n);

  /* C again during a connection takes the component's next port. */
  sw_canvas_select_component (canvas, inertia3);
  g_assert_true (key (canvas, GDK_KEY_c, 0));
  g_assert_true (key (canvas, GDK_KEY_c, 0));
  g_assert_true (key (canvas, GDK_KEY_Return, 0));
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, n + 1);
  g_assert_true (has_connection (model, "inertia3.flange_b", "inertia2.flange_b"));

  /* A translational mass finds nothing to meet: a hint, Enter does
   * nothing. */
  sw_canvas_select_component (canvas, mass);
  g_assert_true (key (canvas, GDK_KEY_c, 0));
  g_assert_cmpint (_sw_canvas_get_connect_target (canvas, NULL), ==, -1);
  g_assert_nonnull (_sw_canvas_get_hint (canvas));
  g_assert_true (key (canvas, GDK_KEY_Return, 0));
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, n + 1);
  g_assert_true (key (canvas, GDK_KEY_Escape, 0));

  /* Nothing selected: a hint says what to do. */
  sw_canvas_select_component (canvas, -1);
  g_assert_true (key (canvas, GDK_KEY_c, 0));
  g_assert_nonnull (_sw_canvas_get_hint (canvas));
  g_assert_cmpint (_sw_canvas_get_connect_target (canvas, NULL), ==, -1);

  sw_canvas_set_history (canvas, NULL);
  g_assert_finalize_object (canvas);
  g_assert_finalize_object (history);
  g_assert_finalize_object (model);
}

static void
test_place_center (void)
{
  SwModel *model = new_model ();
  SwHistory *history = sw_history_new (model);
  GtkWidget *window = gtk_window_new ();
  SwCanvas *canvas = new_canvas (model);
  guint n = sw_model_get_n_components (model);
  double cx, cy;
  int a, b;
  SwCanvasRect box_a, box_b;

  sw_canvas_set_history (canvas, history);
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (canvas));
  gtk_window_present (GTK_WINDOW (window));
  for (guint k = 0; k < 50 && gtk_widget_get_width (GTK_WIDGET (canvas)) <= 1; k++)
    g_main_context_iteration (NULL, TRUE);
  {
    SwCanvasView view = { 1, 0, 0 };

    _sw_canvas_set_view (canvas, &view);
  }
  cx = gtk_widget_get_width (GTK_WIDGET (canvas)) / 2.0;
  cy = gtk_widget_get_height (GTK_WIDGET (canvas)) / 2.0;

  /* At the centre of the view (free there), on the grid, selected, one
   * undo step. */
  a = sw_canvas_place_kind_at_center (canvas, "rotational.inertia");
  g_assert_cmpint (a, ==, (int) n);
  g_assert_cmpstr (sw_model_get_component (model, a)->kind->name, ==, "rotational.inertia");
  g_assert_cmpfloat_with_epsilon (sw_model_get_component (model, a)->position[0], cx, 2 * SW_CANVAS_GRID);
  g_assert_cmpfloat_with_epsilon (sw_model_get_component (model, a)->position[1], cy, 2 * SW_CANVAS_GRID);
  g_assert_cmpfloat (fmod (sw_model_get_component (model, a)->position[0], SW_CANVAS_GRID), ==, 0);
  g_assert_cmpint (sw_canvas_get_selected_component (canvas), ==, a);

  /* A second one keeps clear of the first. */
  b = sw_canvas_place_kind_at_center (canvas, "rotational.inertia");
  g_assert_cmpint (b, ==, (int) n + 1);
  box_a = _sw_canvas_symbol_box (sw_model_get_component (model, a)->kind, sw_model_get_component (model, a)->position[0],
                                 sw_model_get_component (model, a)->position[1], 0);
  box_b = _sw_canvas_symbol_box (sw_model_get_component (model, b)->kind, sw_model_get_component (model, b)->position[0],
                                 sw_model_get_component (model, b)->position[1], 0);
  g_assert_false (_sw_canvas_rect_intersects (&box_a, &box_b));
  g_assert_true (sw_history_undo (history));
  g_assert_cmpuint (sw_model_get_n_components (model), ==, n + 1);

  /* Placing by a click can be finished with Enter: at the centre. */
  sw_canvas_begin_place (canvas, "rotational.spring");
  g_assert_true (key (canvas, GDK_KEY_Return, 0));
  g_assert_cmpuint (sw_model_get_n_components (model), ==, n + 2);
  g_assert_cmpstr (sw_model_get_component (model, n + 1)->kind->name, ==, "rotational.spring");

  sw_canvas_set_history (canvas, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (canvas);
  g_assert_finalize_object (history);
  g_assert_finalize_object (model);
}

/* A subsystem shown on the canvas (its definition, the path prefix set)
 * takes its parts' colours from modes of the whole model, named by path:
 * the shares are the modes' own, the most excitable section inside is
 * outlined, and parts elsewhere colour nothing. */
static void
test_modes_inside_subsystem (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "tests", "data", "subsystem",
                                            "twin-inline.shaft", NULL);
  g_autoptr(SwModel) model = sw_model_new_from_file (path, &error);
  g_autoptr(SwSystem) sys = NULL;
  g_autoptr(SwModes) modes = NULL;
  g_autoptr(SwModel) inner = NULL;
  g_autofree char *text = NULL;
  SwCanvas *canvas = SW_CANVAS (g_object_ref_sink (sw_canvas_new ()));
  gboolean checked = FALSE;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  modes = sw_modes_compute (sys, 0, NULL, &error);
  g_assert_no_error (error);
  text = sw_model_dup_definition (model, "Unit");
  inner = sw_model_new_from_data (text, -1, "Unit", &error);
  g_assert_no_error (error);
  sw_canvas_set_model (canvas, inner);

  for (guint k = 1; k < sw_modes_get_n_modes (modes); k++)
    {
      const SwMode *m = sw_modes_get_mode (modes, k);
      double potential[64], section;
      const char *id;
      gboolean outlined;

      if (m->most_excitable_section < 0 || !g_str_has_prefix ((id = sw_modes_get_section_part (modes, (guint) m->most_excitable_section)->id), "engine1."))
        continue;
      g_assert_cmpuint (sw_modes_get_n_sections (modes), <=, G_N_ELEMENTS (potential));
      sw_modes_get_mode_values (modes, k, NULL, NULL, NULL, NULL, NULL, potential);
      sw_canvas_set_path_prefix (canvas, NULL);
      sw_canvas_set_mode (canvas, modes, k);
      /* The model's ids are not on this canvas. */
      g_assert_false (sw_canvas_get_mode_shares (canvas, id + strlen ("engine1."), NULL, NULL, NULL));
      sw_canvas_set_path_prefix (canvas, "engine1.");
      g_assert_true (sw_canvas_get_mode_shares (canvas, id + strlen ("engine1."), NULL, &section, &outlined));
      g_assert_true (outlined);
      g_assert_cmpfloat (section, ==, potential[m->most_excitable_section]);
      g_assert_false (sw_canvas_get_mode_shares (canvas, "propShaft", NULL, NULL, NULL));
      checked = TRUE;
      break;
    }
  g_assert_true (checked);
  g_assert_finalize_object (canvas);
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

  if (!sw_ui_test_init ("/ui/canvas/no-display"))
    return g_test_run ();

  g_test_add_func ("/ui/canvas/properties", test_properties);
  g_test_add_func ("/ui/canvas/selection", test_selection);
  g_test_add_func ("/ui/canvas/early-handler", test_early_handler);
  g_test_add_func ("/ui/canvas/actions", test_actions);
  g_test_add_func ("/ui/canvas/delete", test_delete);
  g_test_add_func ("/ui/canvas/duplicate-turn", test_duplicate_turn);
  g_test_add_func ("/ui/canvas/move", test_move);
  g_test_add_func ("/ui/canvas/connect", test_connect);
  g_test_add_func ("/ui/canvas/wire", test_wire);
  g_test_add_func ("/ui/canvas/place", test_place);
  g_test_add_func ("/ui/canvas/keyboard", test_keyboard);
  g_test_add_func ("/ui/canvas/keyboard-connect", test_keyboard_connect);
  g_test_add_func ("/ui/canvas/place-center", test_place_center);
  g_test_add_func ("/ui/canvas/auto-position", test_auto_position);
  g_test_add_func ("/ui/canvas/clipboard", test_clipboard);
  g_test_add_func ("/ui/canvas/draw", test_draw);
  g_test_add_func ("/ui/canvas/modes-inside-subsystem", test_modes_inside_subsystem);

  return g_test_run ();
}
