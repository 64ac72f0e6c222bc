/* test-canvas-pointer.c: pointer gestures played through the canvas's
 * handlers: move with snapping as one undo step, connect, refusals, wire
 * selection, placement, drops (the first on an empty canvas keeps the
 * view), automatic positions.
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

/* A part of two ports dropped onto a wire goes into it, as one undo step
 * (issue 23, 7); onto a wire of another domain it is only placed. */
static void
test_drop_on_wire (void)
{
  SwModel *model = new_model ();
  SwCanvas *canvas = new_canvas (model);
  SwHistory *history = sw_history_new (model);
  const SwCanvasRoute *route;
  guint n = sw_model_get_n_components (model), n_wires = sw_model_get_n_connections (model);
  double x = -1, y = -1;
  const SwComponent *c;

  sw_canvas_set_history (canvas, history);
  g_assert_true (has_connection (model, "spring.flange_b", "inertia2.flange_a"));
  /* The middle of the wire's route (its first segment's). */
  for (guint i = 0; i < sw_model_get_n_connections (model); i++)
    {
      const SwConnection *w = sw_model_get_connection (model, i);

      if (g_strcmp0 (sw_model_get_component (model, w->from_component)->id, "spring") == 0 && w->from_port == 1)
        {
          route = &_sw_canvas_get_routes (canvas)[i];
          g_assert_cmpuint (route->n_points, >=, 2);
          x = (route->x[0] + route->x[1]) / 2;
          y = (route->y[0] + route->y[1]) / 2;
        }
    }
  g_assert_cmpfloat (x, >=, 0);
  g_assert_true (_sw_canvas_drop_string (canvas, "shaftwork-kind:rotational.damper", x, y));
  g_assert_cmpuint (sw_model_get_n_components (model), ==, n + 1);
  c = sw_model_get_component (model, n);
  g_assert_cmpstr (c->kind->name, ==, "rotational.damper");
  g_assert_false (has_connection (model, "spring.flange_b", "inertia2.flange_a"));
  g_assert_true (has_connection (model, "spring.flange_b", "damper1.flange_a"));
  g_assert_true (has_connection (model, "damper1.flange_b", "inertia2.flange_a"));
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, n_wires + 1);

  /* One undo step takes it all back. */
  g_assert_true (sw_history_undo (history));
  g_assert_cmpuint (sw_model_get_n_components (model), ==, n);
  g_assert_true (has_connection (model, "spring.flange_b", "inertia2.flange_a"));
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, n_wires);

  /* A translational part onto a rotational wire: placed, the wire kept. */
  g_assert_true (_sw_canvas_drop_string (canvas, "shaftwork-kind:translational.spring", x, y));
  g_assert_cmpuint (sw_model_get_n_components (model), ==, n + 1);
  g_assert_true (has_connection (model, "spring.flange_b", "inertia2.flange_a"));
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, n_wires);

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

/* The first part dropped on an empty canvas stays under the pointer, at
 * the zoom shown: the view does not jump to fit it alone (zoomed in,
 * centred), so the next part dropped beside it lands beside it. */
static void
test_first_drop (void)
{
  g_autoptr(SwModel) model = sw_model_new ();
  g_autoptr(SwHistory) history = sw_history_new (model);
  GtkWidget *window = gtk_window_new ();
  SwCanvas *canvas = SW_CANVAS (sw_canvas_new ());
  SwCanvasView before, after;
  const SwComponent *c;
  double wx, wy;

  /* As the window has it: an undo history, the model set before shown. */
  sw_canvas_set_history (canvas, history);
  sw_canvas_set_model (canvas, model);
  gtk_window_set_default_size (GTK_WINDOW (window), 700, 400);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (canvas));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_cmpint (sw_ui_test_wait_width (GTK_WIDGET (canvas), 300, 20), >=, 300);
  _sw_canvas_get_view (canvas, &before);

  g_assert_true (_sw_canvas_drop_string (canvas, "shaftwork-kind:rotational.inertia", 200, 150));
  sw_ui_test_iterate (200);
  /* A new size (the results coming up below) does not fit it either. */
  gtk_window_set_default_size (GTK_WINDOW (window), 700, 300);
  sw_ui_test_iterate (300);
  _sw_canvas_get_view (canvas, &after);
  g_assert_cmpfloat (after.zoom, ==, before.zoom);
  c = sw_model_get_component (model, 0);
  _sw_canvas_view_to_widget (&after, c->position[0], c->position[1], &wx, &wy);
  g_assert_cmpfloat_with_epsilon (wx, 200, SW_CANVAS_GRID * after.zoom);
  g_assert_cmpfloat_with_epsilon (wy, 150, SW_CANVAS_GRID * after.zoom);

  /* A document opened (a model set) is shown whole, as before. */
  {
    g_autoptr(SwModel) full = new_model ();

    sw_canvas_set_model (canvas, full);
    sw_ui_test_iterate (300);
    _sw_canvas_get_view (canvas, &after);
    g_assert_cmpfloat (after.zoom, !=, before.zoom);
    sw_canvas_set_model (canvas, NULL);
  }

  sw_canvas_set_history (canvas, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  if (!canvas_test_init (&argc, &argv))
    return g_test_run ();

  g_test_add_func ("/ui/canvas/move", test_move);
  g_test_add_func ("/ui/canvas/connect", test_connect);
  g_test_add_func ("/ui/canvas/wire", test_wire);
  g_test_add_func ("/ui/canvas/place", test_place);
  g_test_add_func ("/ui/canvas/drop-on-wire", test_drop_on_wire);
  g_test_add_func ("/ui/canvas/auto-position", test_auto_position);
  g_test_add_func ("/ui/canvas/first-drop", test_first_drop);

  return g_test_run ();
}
