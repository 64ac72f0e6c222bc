/* test-window-first-use.c: the examples and the results area as a new
 * user meets them (issue 23, 12).
 *
 * Both Open Example menus offer the marine examples, whose drive uses its
 * engines from a file beside it: opened, they run. The event list's
 * heading accounts for every row, the starting modes too. A pinned run's
 * name says which value is the pinned run's and which this run's. The
 * canvas shows every wire after a fit and fits again when it changes size,
 * until it is zoomed by hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include <adwaita.h>

#include "sw-canvas.h"
#include "sw-canvas-private.h"
#include "sw-event-log.h"
#include "sw-model.h"
#include "sw-window.h"
#include "sw-window-private.h"
#include "test-window-common.h"

static void
test_marine (void)
{
  SwWindow *window = window_new ();
  g_autoptr(GPtrArray) menus = g_ptr_array_new ();
  guint n_menus = 0;

  collect_menus (GTK_WIDGET (window), menus);
  for (guint m = 0; m < menus->len; m++)
    {
      g_autoptr(GPtrArray) targets = g_ptr_array_new_with_free_func (g_free);

      collect_targets (g_ptr_array_index (menus, m), "win.open-folder-example", targets);
      if (targets->len == 0)
        continue;
      n_menus++;
      g_assert_true (ptr_array_has_string (targets, "marine/twin-engine"));
      g_assert_true (ptr_array_has_string (targets, "marine/engine-unit"));
    }
  g_assert_cmpuint (n_menus, ==, 2);

  /* The drive finds its engines' file and runs. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-folder-example", "s",
                                             "marine/twin-engine"));
  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (wait_until_idle (window, 60));
  g_assert_null (sw_window_get_run_error (window));
  g_assert_cmpstr (sw_window_get_title_text (window), ==, "Twin-engine marine drive");
  g_assert_nonnull (sw_window_get_trajectory (window));
  g_assert_cmpint (sw_trajectory_find_column (sw_window_get_trajectory (window), "engine1.flywheel.w"), >=, 0);
  /* An example: nothing to save, no file of its own. */
  g_assert_false (sw_window_get_modified (window));
  g_assert_null (sw_window_get_file (window));

  {
    g_autoptr(GError) error = NULL;

    g_assert_true (sw_window_load_example (window, "marine/engine-unit", &error));
    g_assert_no_error (error);
    g_assert_cmpstr (sw_window_get_title_text (window), ==, "Engine unit");
  }
  window_destroy_and_check (window);
}

/* Vehicle launch: 3 starting modes and the changes after them; the
 * vibrator: one starting mode, no change ("No Events"). */
static void
test_event_heading (void)
{
  SwWindow *window = window_new ();
  guint n, n_starts = 0;
  g_autofree char *heading = NULL;
  g_autofree char *starts = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-example", "s", "vehicle-launch"));
  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (wait_until_idle (window, 60));
  n = _sw_window_events_get_n (window);
  g_assert_nonnull (window->events);
  for (guint i = 0; i < window->events->len; i++)
    n_starts += g_array_index (window->events, SwEventLogEntry, i).old_mode == SW_FRICTION_START;
  g_assert_cmpuint (n_starts, >=, 1);
  heading = g_strdup_printf ("%u Events", n - n_starts);
  starts = g_strdup_printf ("and %u starting modes", n_starts);
  g_assert_cmpstr (gtk_label_get_label (window->events_heading), ==, heading);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->events_starts)));
  g_assert_cmpstr (gtk_label_get_label (window->events_starts), ==, starts);
  window_destroy_and_check (window);

  /* The vibrator: a starting mode and no change, not "0 Events". */
  window = window_new ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-example", "s", "vibrator"));
  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (wait_until_idle (window, 60));
  g_assert_cmpuint (_sw_window_events_get_n (window), ==, 1);
  g_assert_cmpstr (gtk_label_get_label (window->events_heading), ==, "No Events");
  g_assert_cmpstr (gtk_label_get_label (window->events_starts), ==, "and 1 starting mode");
  window_destroy_and_check (window);
}

static void
test_pinned_name (void)
{
  const char *before = "load\trotational.inertia\t\nload.J\t4\tkg.m2\n";
  const char *after = "load\trotational.inertia\t\nload.J\t2\tkg.m2\n";
  g_autofree char *pinned = _sw_window_dup_pinned_text (before, after);
  g_autofree char *same = _sw_window_dup_pinned_text (before, before);

  /* The pinned run had 2, the run shown has 4. */
  g_assert_cmpstr (pinned, ==, "Pinned: load.J = 2 kg·m² (now 4)");
  g_assert_cmpstr (same, ==, "Pinned: same model");
}

/* Every wire inside the view after a fit, and a fit again at a new size;
 * a zoom by hand stays. */
static void
test_canvas_fit (void)
{
  SwWindow *window = window_new ();
  SwCanvas *canvas = window->canvas;
  const SwCanvasRoute *routes;
  double zoom_large, zoom_small;
  int width, height;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-example", "s", "vehicle-launch"));
  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (wait_until_idle (window, 60));
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-fit", NULL);
  iterate ();
  width = gtk_widget_get_width (GTK_WIDGET (canvas));
  height = gtk_widget_get_height (GTK_WIDGET (canvas));
  routes = _sw_canvas_get_routes (canvas);
  for (guint c = 0; c < sw_model_get_n_connections (sw_window_get_model (window)); c++)
    for (guint k = 0; k < routes[c].n_points; k++)
      {
        double x, y;

        _sw_canvas_view_to_widget (&canvas->view, routes[c].x[k], routes[c].y[k], &x, &y);
        g_assert_cmpfloat (x, >=, 0);
        g_assert_cmpfloat (y, >=, 0);
        g_assert_cmpfloat (x, <=, width);
        g_assert_cmpfloat (y, <=, height);
      }

  /* Narrower: fitted again, smaller. */
  zoom_large = sw_canvas_get_zoom (canvas);
  gtk_window_set_default_size (GTK_WINDOW (window), gtk_widget_get_width (GTK_WIDGET (window)) / 2,
                               gtk_widget_get_height (GTK_WIDGET (window)));
  spin (0.5);
  zoom_small = sw_canvas_get_zoom (canvas);
  if (gtk_widget_get_width (GTK_WIDGET (canvas)) < width)
    g_assert_cmpfloat (zoom_small, <, zoom_large);

  /* Zoomed by hand: kept at a new size. */
  sw_canvas_set_zoom (canvas, 1.5);
  gtk_window_set_default_size (GTK_WINDOW (window), gtk_widget_get_width (GTK_WIDGET (window)) + 200,
                               gtk_widget_get_height (GTK_WIDGET (window)));
  spin (0.5);
  g_assert_cmpfloat (sw_canvas_get_zoom (canvas), ==, 1.5);
  window_destroy_and_check (window);
}

static void
add_tests (void)
{
  g_test_add_func ("/app/window/examples/marine", test_marine);
  g_test_add_func ("/app/window/examples/event-heading", test_event_heading);
  g_test_add_func ("/app/window/examples/pinned-name", test_pinned_name);
  g_test_add_func ("/app/window/examples/canvas-fit", test_canvas_fit);
}

int
main (int    argc,
      char **argv)
{
  return test_window_run (argc, argv, "test-window-examples", add_tests);
}
