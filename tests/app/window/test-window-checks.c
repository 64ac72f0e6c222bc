/* test-window-checks.c: the check in the window: problems and "not connected
 * yet" hints.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "sw-canvas-private.h"
#include "sw-error.h"
#include "sw-application.h"
#include "sw-modelica.h"
#include "sw-recovery.h"
#include "sw-settings.h"
#include "sw-window.h"
#include "sw-window-private.h"
#include "sw-plot-view.h"
#include "sw-test-files.h"
#include "test-window-common.h"

static void
test_problems (void)
{
  SwWindow *window = window_new ();
  SwModel *model = sw_window_get_model (window);
  g_autoptr(GError) error = NULL;
  int inertia;

  /* A spring just placed, with both ends free, is not connected yet: a
   * hint, not a problem; run and modes stay off and Run says why. */
  g_assert_cmpint (sw_model_add_component (model, "rotational.spring", "spring1", &error), >=, 0);
  g_assert_no_error (error);
  sw_window_check_now (window);
  g_assert_cmpuint (sw_window_get_n_problems (window), ==, 0);
  g_assert_cmpuint (sw_window_get_n_hints (window), ==, 1);
  g_assert_false (action_button_sensitive (window, "win.run-simulation"));
  g_assert_false (action_button_sensitive (window, "win.modal-analysis"));
  {
    g_autoptr(GPtrArray) found = g_ptr_array_new ();
    const char *tooltip;

    find_actionables (GTK_WIDGET (window), "win.run-simulation", found);
    g_assert_cmpuint (found->len, >=, 1);
    tooltip = gtk_widget_get_tooltip_text (g_ptr_array_index (found, 0));
    g_assert_nonnull (tooltip);
    g_assert_nonnull (strstr (tooltip, "spring1 is not connected"));
  }

  /* Holding it with an inertia on each side fixes it; the debounced check
   * finds that by itself. */
  inertia = sw_model_add_component (model, "rotational.inertia", "inertia1", &error);
  g_assert_no_error (error);
  g_assert_cmpint (inertia, >=, 0);
  g_assert_true (sw_model_connect (model, "inertia1.flange_b", "spring1.flange_a", &error));
  g_assert_no_error (error);
  g_assert_cmpint (sw_model_add_component (model, "rotational.inertia", "inertia2", &error), >=, 0);
  g_assert_true (sw_model_connect (model, "spring1.flange_b", "inertia2.flange_a", &error));
  g_assert_no_error (error);
  {
    gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

    while ((sw_window_get_n_problems (window) != 0 || sw_window_get_n_hints (window) != 0) &&
           g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, TRUE);
  }
  g_assert_cmpuint (sw_window_get_n_problems (window), ==, 0);
  g_assert_cmpuint (sw_window_get_n_hints (window), ==, 0);
  g_assert_true (action_button_sensitive (window, "win.run-simulation"));

  /* Throw the edits away so the window closes without asking. */
  while (sw_history_undo (sw_window_get_history (window)))
    ;
  iterate ();
  g_assert_false (sw_window_get_modified (window));
  window_destroy_and_check (window);
}

/* A damper placed beside a model and connected at one end is not yet a
 * problem; every port connected, two dampers in series with a massless
 * node between them are one, and an unsaved model is named by its title
 * in the message, not "<memory>". */
static void
test_damper_hint (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  g_autoptr(GError) error = NULL;

  sw_window_set_live (window, FALSE);
  g_assert_cmpint (sw_model_add_component (model, "rotational.damper", "damper1", &error), >=, 0);
  g_assert_no_error (error);
  sw_window_check_now (window);
  g_assert_cmpuint (sw_window_get_n_problems (window), ==, 0);
  g_assert_true (action_button_sensitive (window, "win.run-simulation"));
  g_assert_true (sw_model_connect (model, "load.flange_b", "damper1.flange_a", &error));
  g_assert_no_error (error);
  sw_window_check_now (window);
  g_assert_cmpuint (sw_window_get_n_problems (window), ==, 0);
  g_assert_cmpuint (sw_window_get_n_hints (window), ==, 1);
  g_assert_false (action_button_sensitive (window, "win.run-simulation"));
  while (sw_history_undo (sw_window_get_history (window)))
    ;
  iterate ();
  window_destroy_and_check (window);

  window = window_new ();
  model = sw_window_get_model (window);
  sw_window_set_live (window, FALSE);
  sw_model_begin_edit (model);
  sw_model_add_component (model, "rotational.inertia", "inertia1", &error);
  sw_model_add_component (model, "rotational.damper", "damper1", &error);
  sw_model_add_component (model, "rotational.damper", "damper2", &error);
  sw_model_add_component (model, "rotational.inertia", "inertia2", &error);
  g_assert_no_error (error);
  g_assert_true (sw_model_connect (model, "inertia1.flange_b", "damper1.flange_a", &error));
  g_assert_true (sw_model_connect (model, "damper1.flange_b", "damper2.flange_a", &error));
  g_assert_true (sw_model_connect (model, "damper2.flange_b", "inertia2.flange_a", &error));
  g_assert_no_error (error);
  sw_model_end_edit (model);
  sw_window_check_now (window);
  g_assert_cmpuint (sw_window_get_n_problems (window), ==, 1);
  g_assert_cmpuint (sw_window_get_n_hints (window), ==, 0);
  g_assert_cmpstr (sw_model_get_display_name (model), ==, "Untitled Model");
  {
    g_autoptr(SwSystem) system = sw_model_assemble (model, &error);

    g_assert_null (system);
    g_assert_nonnull (error);
    g_assert_null (strstr (error->message, "<memory>"));
    g_assert_true (g_str_has_prefix (error->message, "Untitled Model"));
  }
  while (sw_history_undo (sw_window_get_history (window)))
    ;
  iterate ();
  window_destroy_and_check (window);
}

/* Whether a label under widget has text holding part. */
static gboolean
has_label_with (GtkWidget  *widget,
                const char *part)
{
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), part) != NULL)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_label_with (child, part))
      return TRUE;
  return FALSE;
}

/* A lone clutch beside a complete model assembles (it does nothing): the
 * model runs, but the results bar counts its two free ports, so the
 * problems list names it as a hint ("clutch1 is not connected yet")
 * rather than "no problems found", and Run does not say it cannot run. */
static void
test_lone_clutch_hint (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  g_autoptr(GError) error = NULL;

  sw_window_set_live (window, FALSE);
  g_assert_cmpint (sw_model_add_component (model, "rotational.clutch", "clutch1", &error), >=, 0);
  g_assert_no_error (error);
  sw_window_check_now (window);
  g_assert_cmpuint (sw_window_get_n_problems (window), ==, 0);
  g_assert_cmpuint (sw_window_get_n_hints (window), ==, 1);
  g_assert_true (action_button_sensitive (window, "win.run-simulation"));
  g_assert_true (has_label_with (GTK_WIDGET (window->problems_list), "clutch1 is not connected yet"));
  g_assert_false (has_label_with (GTK_WIDGET (window->problems_status), "no problems found"));
  g_assert_null (window->run_disabled_reason);
  while (sw_history_undo (sw_window_get_history (window)))
    ;
  iterate ();
  sw_window_check_now (window);
  g_assert_cmpuint (sw_window_get_n_hints (window), ==, 0);
  window_destroy_and_check (window);
}

/* Whether the component's port is ringed on the canvas as not connected. */
static gboolean
port_ringed (SwWindow   *window,
             const char *id,
             const char *port)
{
  SwModel *model = sw_window_get_model (window);
  const SwComponent *c = sw_model_get_component (model, (guint) sw_model_find_component (model, id));
  int p = sw_kind_find_port (c->kind, port);

  g_assert_cmpint (p, >=, 0);
  return _sw_canvas_get_port_unconnected (window->canvas, id, (guint) p);
}

/* A clutch with one flange free: that port (only) is ringed on the canvas,
 * the inertias' free ends (which end a drawing) are not; choosing its row
 * in the problems list selects the clutch and brings it back into sight;
 * connecting the port takes the ring away. */
static void
test_unconnected_port_marked (void)
{
  SwWindow *window = window_new ();
  SwModel *model = sw_window_get_model (window);
  g_autoptr(GError) error = NULL;
  GtkListBoxRow *row;
  SwCanvasView view;
  int clutch;

  sw_window_set_live (window, FALSE);
  sw_model_begin_edit (model);
  sw_model_add_component (model, "rotational.inertia", "inertia1", &error);
  clutch = sw_model_add_component (model, "rotational.clutch", "clutch1", &error);
  sw_model_add_component (model, "rotational.inertia", "inertia2", &error);
  g_assert_no_error (error);
  g_assert_true (sw_model_connect (model, "inertia1.flange_b", "clutch1.flange_a", &error));
  g_assert_no_error (error);
  sw_model_end_edit (model);
  sw_window_check_now (window);
  iterate ();

  g_assert_cmpuint (sw_window_get_n_hints (window), ==, 1);
  g_assert_true (port_ringed (window, "clutch1", "flange_b"));
  g_assert_false (port_ringed (window, "clutch1", "flange_a"));
  g_assert_false (port_ringed (window, "inertia1", "flange_a"));
  g_assert_false (port_ringed (window, "inertia2", "flange_a"));
  g_assert_false (port_ringed (window, "inertia2", "flange_b"));

  /* The view far away from everything: the row brings the clutch back. */
  _sw_canvas_get_view (window->canvas, &view);
  view.tx += 5000;
  view.ty -= 4000;
  _sw_canvas_set_view (window->canvas, &view);
  row = gtk_list_box_get_row_at_index (window->problems_list, 0);
  g_assert_nonnull (row);
  g_signal_emit_by_name (window->problems_list, "row-activated", row);
  iterate ();
  g_assert_cmpint (sw_canvas_get_selected_component (window->canvas), ==, clutch);
  {
    const SwCanvasItem *item = &g_array_index (window->canvas->items, SwCanvasItem, (guint) clutch);
    double x, y;
    int width = gtk_widget_get_width (GTK_WIDGET (window->canvas));
    int height = gtk_widget_get_height (GTK_WIDGET (window->canvas));

    g_assert_cmpint (width, >, 1);
    _sw_canvas_get_view (window->canvas, &view);
    _sw_canvas_view_to_widget (&view, item->box.x + item->box.width / 2, item->box.y + item->box.height / 2,
                               &x, &y);
    g_assert_cmpfloat_with_epsilon (x, width / 2.0, width / 4.0);
    g_assert_cmpfloat_with_epsilon (y, height / 2.0, height / 4.0);
  }

  /* Connected, the ring goes. */
  g_assert_true (sw_model_connect (model, "clutch1.flange_b", "inertia2.flange_a", &error));
  g_assert_no_error (error);
  sw_window_check_now (window);
  g_assert_false (port_ringed (window, "clutch1", "flange_b"));
  g_assert_false (port_ringed (window, "clutch1", "flange_a"));
  g_assert_cmpuint (sw_window_get_n_hints (window), ==, 0);

  while (sw_history_undo (sw_window_get_history (window)))
    ;
  iterate ();
  window_destroy_and_check (window);
}

static void
add_tests (void)
{
  g_test_add_func ("/app/window/problems", test_problems);
  g_test_add_func ("/app/window/damper-hint", test_damper_hint);
  g_test_add_func ("/app/window/lone-clutch-hint", test_lone_clutch_hint);
  g_test_add_func ("/app/window/unconnected-port-marked", test_unconnected_port_marked);
}

int
main (int   argc,
      char *argv[])
{
  return test_window_run (argc, argv, "test-window-checks", add_tests);
}
