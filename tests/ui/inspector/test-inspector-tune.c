/* test-inspector-tune.c: tuning numbers in the inspector by dragging,
 * scrolling and Up/Down in relative steps (a drag one undo step), within the
 * parameter ranges.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "sw-error.h"
#include "sw-geometry.h"
#include "sw-history.h"
#include "sw-inspector.h"
#include "sw-inspector-number-row.h"
#include "sw-inspector-signal-row.h"
#include "sw-inspector-table-row.h"
#include "sw-inspector-expression-row.h"
#include "sw-model.h"
#include "sw-ui-test.h"
#include "test-inspector-common.h"

/* The controller of a type on a widget. */
static GtkEventController *
find_controller (GtkWidget *widget,
                 GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        return controller;
    }
  return NULL;
}

static gboolean
scroll_notches (GtkWidget *widget,
                double     dy)
{
  GtkEventController *controller = find_controller (widget, GTK_TYPE_EVENT_CONTROLLER_SCROLL);
  gboolean handled = FALSE;

  g_assert_nonnull (controller);
  g_signal_emit_by_name (controller, "scroll", 0.0, dy, &handled);
  return handled;
}

static void
test_tune (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(SwHistory) history = sw_history_new (f->model);
  GtkWidget *number, *handle, *entry;
  GtkGesture *drag;
  guint n_changed;
  double j = 0.1, steps[] = { 1, 3, 10, 20 };
  gboolean handled = FALSE;

  sw_inspector_set_history (SW_INSPECTOR (f->inspector), history);
  g_assert_true (sw_inspector_get_history (SW_INSPECTOR (f->inspector)) == history);
  select_component (f, INERTIA1);
  number = row (f, "param-J");
  handle = sw_ui_test_find_named (number, "tune");
  g_assert_nonnull (handle);
  g_assert_cmpfloat (param (f, INERTIA1, "J"), ==, j);

  /* One scroll notch up on the handle: +1 %, through the model, one undo
   * step. */
  n_changed = f->n_changed;
  g_assert_true (scroll_notches (handle, -1));
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), j * 1.01, 1e-15);
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), 0.101, 1e-15);
  g_assert_cmpstr (shown (f, "param-J"), ==, "0.101");
  g_assert_cmpuint (f->n_changed, ==, n_changed + 1);
  g_assert_true (sw_history_undo (history));
  g_assert_cmpfloat (param (f, INERTIA1, "J"), ==, j);
  g_assert_cmpstr (shown (f, "param-J"), ==, "0.1");
  g_assert_false (sw_history_get_can_undo (history));

  /* Down, and down again, goes back exactly as up came (relative steps). */
  g_assert_true (scroll_notches (handle, 1));
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), j / 1.01, 1e-15);
  g_assert_true (sw_inspector_number_row_tune (SW_INSPECTOR_NUMBER_ROW (number), 1, FALSE));
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), j, 1e-15);
  /* Shift: 10 %. */
  g_assert_true (sw_inspector_number_row_tune (SW_INSPECTOR_NUMBER_ROW (number), 1, TRUE));
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), j * 1.1, 1e-15);
  while (sw_history_get_can_undo (history))
    sw_history_undo (history);

  /* The scroll wheel over the value only while it has the focus. */
  entry = sw_ui_test_find_type (number, GTK_TYPE_ENTRY);
  g_assert_false (scroll_notches (entry, -1));
  g_assert_cmpfloat (param (f, INERTIA1, "J"), ==, j);

  /* Up and Down in the value. */
  {
    GtkEventController *keys = find_controller (entry, GTK_TYPE_EVENT_CONTROLLER_KEY);

    g_assert_nonnull (keys);
    g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Up, 0, 0, &handled);
    g_assert_true (handled);
    g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), j * 1.01, 1e-15);
    g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Down, 0, 0, &handled);
    g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), j, 1e-15);
    g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_a, 0, 0, &handled);
    g_assert_false (handled);
    while (sw_history_get_can_undo (history))
      sw_history_undo (history);
  }

  /* A drag on the handle: 1 % every 4 pixels from where it began; the model
   * follows every step (the window re-simulates), and the whole drag is
   * one undo step. */
  drag = GTK_GESTURE (find_controller (handle, GTK_TYPE_GESTURE_DRAG));
  g_assert_nonnull (drag);
  n_changed = f->n_changed;
  g_signal_emit_by_name (drag, "drag-begin", 8.0, 8.0);
  for (guint k = 0; k < G_N_ELEMENTS (steps); k++)
    {
      g_signal_emit_by_name (drag, "drag-update", 4.0 * steps[k] + 1, 3.0);
      g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), j * pow (1.01, steps[k]), 1e-15);
    }
  g_assert_cmpuint (f->n_changed, ==, n_changed + G_N_ELEMENTS (steps));
  /* Back left of the start: below it. */
  g_signal_emit_by_name (drag, "drag-update", -8.0, 0.0);
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), j * pow (1.01, -2), 1e-15);
  g_signal_emit_by_name (drag, "drag-end", -8.0, 0.0);
  g_assert_true (sw_history_undo (history));
  g_assert_cmpfloat (param (f, INERTIA1, "J"), ==, j);
  g_assert_false (sw_history_get_can_undo (history));

  /* Zero stays zero going down; going up it starts at 1 % of the default
   * (the damper's d defaults to 0: then 0.01). */
  select_component (f, DAMPER);
  number = row (f, "param-d");
  g_assert_true (sw_model_set_param (f->model, DAMPER, "d", 0, NULL));
  g_assert_false (sw_inspector_number_row_tune (SW_INSPECTOR_NUMBER_ROW (number), -1, FALSE));
  g_assert_cmpfloat (param (f, DAMPER, "d"), ==, 0);
  g_assert_true (sw_inspector_number_row_tune (SW_INSPECTOR_NUMBER_ROW (number), 1, FALSE));
  g_assert_cmpfloat_with_epsilon (param (f, DAMPER, "d"), 0.01, 1e-15);
  g_assert_true (sw_inspector_number_row_tune (SW_INSPECTOR_NUMBER_ROW (number), 1, FALSE));
  g_assert_cmpfloat_with_epsilon (param (f, DAMPER, "d"), 0.0101, 1e-15);
  /* The spring's c defaults to a nonzero value: from zero up to 1 % of it. */
  select_component (f, SPRING);
  g_assert_true (sw_model_set_param (f->model, SPRING, "c", 0, NULL));
  g_assert_true (sw_inspector_number_row_tune (SW_INSPECTOR_NUMBER_ROW (row (f, "param-c")), 1, FALSE));
  {
    const SwKind *spring = sw_catalog_lookup ("rotational.spring");
    double c_default = spring->params[sw_kind_find_param (spring, "c")].default_value;

    g_assert_cmpfloat_with_epsilon (param (f, SPRING, "c"), 0.01 * c_default, 1e-12 * c_default);
  }

  /* Without a history each step is one undo step, and nothing breaks. */
  sw_inspector_set_history (SW_INSPECTOR (f->inspector), NULL);
  select_component (f, INERTIA1);
  drag = GTK_GESTURE (find_controller (sw_ui_test_find_named (row (f, "param-J"), "tune"), GTK_TYPE_GESTURE_DRAG));
  g_signal_emit_by_name (drag, "drag-begin", 0.0, 0.0);
  g_signal_emit_by_name (drag, "drag-update", 8.0, 0.0);
  g_signal_emit_by_name (drag, "drag-end", 8.0, 0.0);
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), j * 1.0201, 1e-15);
}

/* Steps stay in the range; negative values tune up towards zero. */
static void
test_tune_range (void)
{
  GtkWidget *number = g_object_ref_sink (sw_inspector_number_row_new ("Share", "x", ""));
  SwInspectorNumberRow *r = SW_INSPECTOR_NUMBER_ROW (number);
  guint n_committed = 0;

  g_signal_connect_swapped (number, "committed", G_CALLBACK (g_atomic_int_inc), &n_committed);
  sw_inspector_number_row_set_range (r, 0, 1, FALSE, FALSE);
  sw_inspector_number_row_show_value (r, 0.995);
  g_assert_true (sw_inspector_number_row_tune (r, 1, FALSE));
  g_assert_cmpfloat (sw_inspector_number_row_get_value (r), ==, 1);
  g_assert_false (sw_inspector_number_row_tune (r, 1, FALSE));
  g_assert_cmpuint (n_committed, ==, 1);

  /* An exclusive limit is never reached. */
  sw_inspector_number_row_set_range (r, 0, 1, FALSE, TRUE);
  sw_inspector_number_row_show_value (r, 0.995);
  g_assert_false (sw_inspector_number_row_tune (r, 1, FALSE));
  g_assert_cmpfloat (sw_inspector_number_row_get_value (r), ==, 0.995);

  sw_inspector_number_row_set_range (r, -INFINITY, INFINITY, FALSE, FALSE);
  sw_inspector_number_row_show_value (r, -2);
  g_assert_true (sw_inspector_number_row_tune (r, 1, FALSE));
  g_assert_cmpfloat_with_epsilon (sw_inspector_number_row_get_value (r), -2 / 1.01, 1e-15);

  /* Nothing to tune: empty or invalid. */
  sw_inspector_number_row_show_value (r, NAN);
  g_assert_false (sw_inspector_number_row_tune (r, 1, FALSE));

  g_assert_finalize_object (number);
}

int
main (int   argc,
      char *argv[])
{
  if (!inspector_test_init (&argc, &argv))
    return g_test_run ();

  ADD ("tune", test_tune);
  g_test_add_func ("/ui/inspector/tune-range", test_tune_range);

  return g_test_run ();
}
