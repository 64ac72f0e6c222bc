/* test-canvas-widget.c: the canvas alone with a model: properties and their
 * notifications, selection, actions and their enabled state, delete, duplicate
 * and turn.
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
count_cb (gpointer  object,
          gpointer  pspec_or_nothing,
          guint    *counter)
{
  (*counter)++;
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

int
main (int   argc,
      char *argv[])
{
  if (!canvas_test_init (&argc, &argv))
    return g_test_run ();

  g_test_add_func ("/ui/canvas/properties", test_properties);
  g_test_add_func ("/ui/canvas/selection", test_selection);
  g_test_add_func ("/ui/canvas/early-handler", test_early_handler);
  g_test_add_func ("/ui/canvas/actions", test_actions);
  g_test_add_func ("/ui/canvas/delete", test_delete);
  g_test_add_func ("/ui/canvas/duplicate-turn", test_duplicate_turn);

  return g_test_run ();
}
