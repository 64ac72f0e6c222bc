/* test-window-results-forced.c: the Forced Response page of the window:
 * the snapshot handed over when the page shows, the plotted amplitudes
 * equal to sw_forced_compute()'s on that snapshot, the most loaded section
 * coloured on the canvas at the cursor (and the canvas itself again on
 * another page), and a parameter tuned in the inspector (as a drag on its
 * handle does) computed again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "sw-window.h"
#include "sw-window-private.h"
#include "sw-canvas-private.h"
#include "sw-forced.h"
#include "sw-forced-view-private.h"
#include "sw-inspector-number-row.h"
#include "sw-test-files.h"
#include "test-window-common.h"

/* The view's speeds over the range (sw-forced-view.c). */
#define VIEW_SPEEDS 400

/* Every column of the view's response equals sw_forced_compute() on the
 * view's system with the view's excitation. */
static void
assert_response_is_forced (SwForcedView *view)
{
  SwTrajectory *got = sw_forced_view_get_response (view);
  guint n_orders;
  const double *orders = sw_forced_view_get_orders (view, &n_orders);
  g_autofree SwForcedExcitation *ex = g_new0 (SwForcedExcitation, n_orders);
  SwForcedOptions o = sw_forced_options_default ();
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) want = NULL;

  g_assert_nonnull (got);
  for (guint k = 0; k < n_orders; k++)
    ex[k] = (SwForcedExcitation) { .part = sw_forced_view_get_body (view), .order = orders[k],
                                   .amplitude = sw_forced_view_get_amplitude (view) };
  o.from_rpm = sw_forced_view_get_from_rpm (view);
  o.to_rpm = sw_forced_view_get_to_rpm (view);
  o.n_speeds = VIEW_SPEEDS;
  o.excitations = ex;
  o.n_excitations = n_orders;
  want = sw_forced_compute (sw_forced_view_get_system (view), &o, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_trajectory_get_n_columns (got), ==, sw_trajectory_get_n_columns (want));
  g_assert_cmpuint (sw_trajectory_get_n_rows (got), ==, sw_trajectory_get_n_rows (want));
  /* The curves drawn are columns of it. */
  g_assert_cmpuint (_sw_forced_view_get_n_curves (view), ==, 1 + n_orders + (n_orders > 1));
  for (guint c = 0; c < sw_trajectory_get_n_columns (want); c++)
    for (guint i = 0; i < sw_trajectory_get_n_rows (want); i++)
      {
        double a = sw_trajectory_get_column (got, c)[i], b = sw_trajectory_get_column (want, c)[i];

        g_assert_true ((isnan (a) && isnan (b)) || a == b);
      }
}

static GtkWidget *
find_named (GtkWidget *widget, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_forced_page (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  SwForcedView *view = window->forced_view;
  g_autofree char *load_before = NULL;
  SwSystem *system;
  double section_percent = 0, before, after;
  gboolean outlined = FALSE;
  const char *loaded;
  int column;

  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (wait_until_idle (window, 60));
  /* A hidden page computes nothing. */
  g_assert_null (sw_forced_view_get_system (view));

  adw_view_stack_set_visible_child_name (window->results_stack, "forced");
  system = sw_forced_view_get_system (view);
  g_assert_nonnull (system);
  g_assert_true (wait_not_busy (G_OBJECT (view), 60));
  iterate ();
  g_assert_null (sw_forced_view_get_error (view));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));
  assert_response_is_forced (view);

  /* The cursor: the most loaded section coloured at the top of the scale
   * and outlined on the canvas. */
  sw_forced_view_set_cursor (view, 1500);
  loaded = sw_forced_view_get_most_loaded (view);
  g_assert_nonnull (loaded);
  g_assert_true (sw_canvas_get_mode_shares (window->canvas, loaded, NULL, &section_percent, &outlined));
  g_assert_cmpfloat_with_epsilon (section_percent, 100, 1e-9);
  g_assert_true (outlined);
  /* At the default 1280 × 800 the loads' legend hides none of the drawing
   * (a strip where the full box would). */
  {
    double cover = -1;

    for (guint k = 0; k < 50 && cover != 0; k++)
      {
        gtk_widget_queue_draw (GTK_WIDGET (window->canvas));
        spin (0.1);
        if (_sw_canvas_get_mode_legend (window->canvas, NULL))
          cover = _sw_canvas_get_mode_legend_cover (window->canvas);
      }
    g_test_message ("the legend hides %g px² of the drawing", cover);
    g_assert_cmpfloat (cover, ==, 0);
  }
  load_before = g_strdup_printf ("%s.tau_amp", sw_forced_view_get_shown_section (view));
  column = sw_trajectory_find_column (sw_forced_view_get_response (view), load_before);
  g_assert_cmpint (column, >=, 0);
  before = sw_trajectory_interpolate (sw_forced_view_get_response (view), (guint) column, 1500);

  /* The load's inertia tuned in the inspector as a drag on its handle
   * does (+10 % a step, twice), checked: the page gets the new snapshot
   * and computes again. */
  sw_inspector_set_component (window->inspector, sw_model_find_component (model, "load"));
  iterate ();
  {
    GtkWidget *row = find_named (GTK_WIDGET (window->inspector), "param-J");

    g_assert_nonnull (row);
    g_assert_true (sw_inspector_number_row_tune (SW_INSPECTOR_NUMBER_ROW (row), 1, TRUE));
    g_assert_true (sw_inspector_number_row_tune (SW_INSPECTOR_NUMBER_ROW (row), 1, TRUE));
  }
  g_assert_cmpfloat_with_epsilon (get_param (model, "load", "J"), 2 * 1.1 * 1.1, 1e-12);
  sw_window_check_now (window);
  g_assert_true (sw_forced_view_get_system (view) != system);
  g_assert_true (sw_forced_view_get_busy (view));
  g_assert_true (wait_not_busy (G_OBJECT (view), 60));
  iterate ();
  assert_response_is_forced (view);
  column = sw_trajectory_find_column (sw_forced_view_get_response (view), load_before);
  g_assert_cmpint (column, >=, 0);
  after = sw_trajectory_interpolate (sw_forced_view_get_response (view), (guint) column, 1500);
  g_assert_cmpfloat (fabs (after - before), >, 1e-9 * fabs (before));
  /* The cursor stays, the canvas follows. */
  g_assert_cmpfloat (sw_forced_view_get_cursor (view), ==, 1500);
  g_assert_true (sw_canvas_get_mode_shares (window->canvas, sw_forced_view_get_most_loaded (view), NULL,
                                            &section_percent, &outlined));

  if (g_getenv ("SW_SCREENSHOTS") != NULL)
    {
      g_autofree char *png = g_build_filename (g_getenv ("SW_SCREENSHOTS"), "window-forced.png", NULL);

      save_window_png (window, png);
    }
  /* The Modes page and back: each page's colours, whatever the order in
   * which the pages are unmapped and mapped. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.modal-analysis", NULL));
  g_assert_true (wait_until_idle (window, 60));
  iterate ();
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (window->results_stack), ==, "modes");
  g_assert_cmpuint (sw_canvas_get_mode_index (window->canvas), ==, 1);
  adw_view_stack_set_visible_child_name (window->results_stack, "forced");
  iterate ();
  g_assert_cmpuint (sw_canvas_get_mode_index (window->canvas), ==, G_MAXUINT);
  g_assert_true (sw_canvas_get_mode_shares (window->canvas, sw_forced_view_get_most_loaded (view), NULL,
                                            &section_percent, &outlined));
  adw_view_stack_set_visible_child_name (window->results_stack, "modes");
  iterate ();
  g_assert_cmpuint (sw_canvas_get_mode_index (window->canvas), ==, 1);
  adw_view_stack_set_visible_child_name (window->results_stack, "forced");
  iterate ();

  /* Another page: the canvas is itself again. */
  adw_view_stack_set_visible_child_name (window->results_stack, "trajectories");
  iterate ();
  g_assert_false (sw_canvas_get_mode_shares (window->canvas, sw_forced_view_get_most_loaded (view), NULL, NULL, NULL));

  while (sw_history_undo (sw_window_get_history (window)))
    ;
  window_destroy_and_check (window);
}

static void
add_tests (void)
{
  g_test_add_func ("/app/window/forced-page", test_forced_page);
}

int
main (int   argc,
      char *argv[])
{
  return test_window_run (argc, argv, "test-window-results-forced", add_tests);
}
