/* test-canvas-keyboard.c: the canvas's keyboard: Tab walks, arrows move by the
 * grid, Alt+arrows select by direction, Enter activates, C connects, placing
 * at the view's centre.
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

  /* A drivetrain placed one after another (Enter in the palette's
   * search): no symbol or label over another's (a clutch under an engine
   * put its name over the engine's support). */
  {
    static const char *const kinds[] = { "rotational.engine", "rotational.clutch", "rotational.ideal_gear",
                                          "rotational.inertia" };
    guint first = sw_model_get_n_components (model);

    for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
      g_assert_cmpint (sw_canvas_place_kind_at_center (canvas, kinds[k]), ==, (int) (first + k));
    _sw_canvas_ensure_items (canvas);
    /* In a row, each after the one before (it was selected): from the
     * drive to the load, not around the centre. */
    for (guint k = 1; k < G_N_ELEMENTS (kinds); k++)
      {
        const SwComponent *before = sw_model_get_component (model, first + k - 1);
        const SwComponent *c = sw_model_get_component (model, first + k);

        g_assert_cmpfloat (c->position[1], ==, before->position[1]);
        g_assert_cmpfloat (c->position[0], >, before->position[0]);
        g_assert_cmpfloat (c->position[0] - before->position[0], <=, 20 * SW_CANVAS_GRID);
      }
    for (guint i = 0; i < sw_model_get_n_components (model); i++)
      for (guint j = i + 1; j < sw_model_get_n_components (model); j++)
        if (j >= first)
          g_assert_false (_sw_canvas_rect_intersects (&_sw_canvas_get_item (canvas, i)->keep_out,
                                                      &_sw_canvas_get_item (canvas, j)->keep_out));
    for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
      g_assert_true (sw_history_undo (history));
  }

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

int
main (int   argc,
      char *argv[])
{
  if (!canvas_test_init (&argc, &argv))
    return g_test_run ();

  g_test_add_func ("/ui/canvas/keyboard", test_keyboard);
  g_test_add_func ("/ui/canvas/keyboard-connect", test_keyboard_connect);
  g_test_add_func ("/ui/canvas/place-center", test_place_center);

  return g_test_run ();
}
