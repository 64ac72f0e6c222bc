/* test-window-results-variables.c: the plotted variables: the variables list
 * and the plot's columns, the canvas's selection and activation, the panels'
 * menu and x-y plots.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "sw-window.h"
#include "sw-window-private.h"
#include "sw-error.h"
#include "sw-event-log.h"
#include "sw-plot-view.h"
#include "sw-signal.h"
#include "sw-simulate.h"
#include "sw-test-files.h"
#include "test-window-common.h"

/* The variables list is the plot's columns: checking adds, unchecking
 * removes; a selected component comes first in the list, an activated one
 * has its main variable plotted. */
static void
test_variables (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_with_file (path);
  SwPlotView *plot = SW_PLOT_VIEW (sw_window_get_plot_view (window));
  SwVariablesList *list = window->variables_list;
  g_auto(GStrv) checked = NULL;
  g_auto(GStrv) columns = NULL;
  g_auto(GStrv) shown = NULL;
  g_auto(GStrv) plotted = NULL;
  g_autofree char *main_variable = NULL;
  int shaft;

  g_assert_true (SW_IS_VARIABLES_LIST (list));
  g_assert_true (sw_variables_list_get_model (list) == sw_window_get_model (window));
  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (list)));
  /* The default, every body's speed, is checked. */
  checked = sw_variables_list_dup_checked (list);
  columns = sw_plot_view_dup_columns (plot);
  g_assert_cmpuint (g_strv_length (checked), ==, 4);
  g_assert_true (strv_has (checked, "rotor.w"));
  g_assert_true (strv_has (checked, "load.w"));
  g_assert_cmpuint (g_strv_length (columns), ==, 4);

  /* Checking a variable plots it, after the others. */
  g_assert_true (sw_variables_list_set_name_checked (list, "shaft.tau", TRUE));
  iterate ();
  g_clear_pointer (&columns, g_strfreev);
  columns = sw_plot_view_dup_columns (plot);
  g_assert_cmpuint (g_strv_length (columns), ==, 5);
  g_assert_cmpstr (columns[0], ==, "rotor.w");
  g_assert_cmpstr (columns[4], ==, "shaft.tau");
  g_assert_cmpint (sw_plot_view_get_panel (plot, "shaft.tau"), ==, 1);
  plotted = sw_window_dup_plotted (window);
  g_assert_cmpstrv (plotted, columns);
  /* Unchecking takes it away again. */
  g_assert_true (sw_variables_list_set_name_checked (list, "rotor.w", FALSE));
  iterate ();
  g_clear_pointer (&columns, g_strfreev);
  columns = sw_plot_view_dup_columns (plot);
  g_assert_cmpuint (g_strv_length (columns), ==, 4);
  g_assert_false (strv_has (columns, "rotor.w"));
  /* And the window's plotted variables go to the list. */
  {
    const char *const names[] = { "hub1.w", "load.phi", NULL };

    sw_window_set_plotted (window, names);
    g_clear_pointer (&checked, g_strfreev);
    checked = sw_variables_list_dup_checked (list);
    g_assert_cmpuint (g_strv_length (checked), ==, 2);
    g_assert_true (strv_has (checked, "load.phi"));
  }

  /* Selecting a component on the canvas raises it in the list. */
  shaft = sw_model_find_component (sw_window_get_model (window), "shaft");
  g_assert_cmpint (shaft, >=, 0);
  sw_canvas_select_component (window->canvas, shaft);
  iterate ();
  shown = sw_variables_list_dup_shown_components (list);
  g_assert_cmpstr (shown[0], ==, "shaft");
  /* Activating it (Enter, double-click) plots its main variable. */
  adw_view_stack_set_visible_child_name (window->results_stack, "modes");
  g_signal_emit_by_name (window->canvas, "component-activated", shaft);
  iterate ();
  main_variable = g_strdup_printf ("shaft.%s",
                                   sw_kind_main_variable (sw_model_get_component (sw_window_get_model (window),
                                                                                  (guint) shaft)->kind));
  g_clear_pointer (&columns, g_strfreev);
  columns = sw_plot_view_dup_columns (plot);
  g_assert_true (strv_has (columns, main_variable));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (window->results_stack), ==, "trajectories");

  window_destroy_and_check (window);
}

/* The variables list's menu moves a curve into another panel and makes a
 * variable the X axis (the first other plotted one against it); both go
 * into the "ui" member and come back. */
static void
test_menu_panels_xy (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = copy_example_to_temp ("fourbody.shaft", &dir);
  SwWindow *window = window_with_file (path);
  SwPlotView *plot = SW_PLOT_VIEW (sw_window_get_plot_view (window));
  GtkWidget *list = GTK_WIDGET (window->variables_list);
  const char *const plotted[] = { "hub1.w", "shaft.tau", "load.w", NULL };
  g_autoptr(GError) error = NULL;

  g_assert_true (wait_for_runs (window, 0, 60));
  sw_window_set_plotted (window, plotted);
  iterate ();
  g_assert_cmpuint (sw_plot_view_get_n_panels (plot), ==, 2);
  g_assert_cmpuint (sw_variables_list_get_n_panels (window->variables_list), ==, 2);
  /* load.w into a new panel, then shaft.tau into the first. */
  g_assert_true (gtk_widget_activate_action (list, "variables.move-to-panel", "(su)", "load.w", 2));
  g_assert_cmpint (sw_plot_view_get_panel (plot, "load.w"), ==, 2);
  g_assert_cmpuint (sw_variables_list_get_n_panels (window->variables_list), ==, 3);
  g_assert_true (gtk_widget_activate_action (list, "variables.move-to-panel", "(su)", "shaft.tau", 0));
  g_assert_cmpint (sw_plot_view_get_panel (plot, "shaft.tau"), ==, 0);
  g_assert_cmpint (sw_plot_view_get_panel (plot, "load.w"), ==, 1);
  g_assert_cmpuint (sw_variables_list_get_n_panels (window->variables_list), ==, 2);
  /* The next run keeps them. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-simulation", NULL));
  g_assert_true (wait_for_runs (window, 1, 60));
  g_assert_cmpint (sw_plot_view_get_panel (plot, "shaft.tau"), ==, 0);
  g_assert_cmpint (sw_plot_view_get_panel (plot, "load.w"), ==, 1);

  /* hub1.w as the X axis: shaft.tau against it; back to time and again. */
  g_assert_true (gtk_widget_activate_action (list, "variables.use-as-x", "s", "hub1.w"));
  g_assert_cmpstr (sw_plot_view_get_x_name (plot), ==, "hub1.w");
  g_assert_cmpstr (sw_plot_view_get_y_name (plot), ==, "shaft.tau");
  g_assert_true (gtk_widget_activate_action (list, "variables.plot-against-time", NULL));
  g_assert_null (sw_plot_view_get_x_name (plot));
  g_assert_true (gtk_widget_activate_action (list, "variables.use-as-x", "s", "hub1.w"));
  g_assert_cmpstr (sw_plot_view_get_x_name (plot), ==, "hub1.w");
  {
    g_autoptr(GFile) file = g_file_new_for_path (path);

    g_assert_true (sw_window_save_to_file (window, file, &error));
    g_assert_no_error (error);
  }
  window_destroy_and_check (window);

  window = window_with_file (path);
  plot = SW_PLOT_VIEW (sw_window_get_plot_view (window));
  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_cmpstr (sw_variables_list_get_x_variable (window->variables_list), ==, "hub1.w");
  g_assert_cmpstr (sw_plot_view_get_x_name (plot), ==, "hub1.w");
  g_assert_cmpstr (sw_plot_view_get_y_name (plot), ==, "shaft.tau");
  /* Back to time: the panels as they were moved. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window->variables_list),
                                             "variables.plot-against-time", NULL));
  g_assert_cmpint (sw_plot_view_get_panel (plot, "shaft.tau"), ==, 0);
  g_assert_cmpint (sw_plot_view_get_panel (plot, "load.w"), ==, 1);
  window_destroy_and_check (window);
  sw_test_remove_tree (dir);
}

/* A curve clicked off in the legend stays off when the model is saved and
 * opened again (the "ui" member's "hidden"); the others stay on. */
static void
test_hidden_saved (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = copy_example_to_temp ("fourbody.shaft", &dir);
  SwWindow *window = window_with_file (path);
  SwPlotView *plot = SW_PLOT_VIEW (sw_window_get_plot_view (window));
  const char *const plotted[] = { "hub1.w", "load.w", NULL };
  g_autoptr(GError) error = NULL;

  g_assert_true (wait_for_runs (window, 0, 60));
  sw_window_set_plotted (window, plotted);
  iterate ();
  sw_plot_view_set_column_hidden (plot, "load.w", TRUE);
  {
    g_autoptr(GFile) file = g_file_new_for_path (path);

    g_assert_true (sw_window_save_to_file (window, file, &error));
    g_assert_no_error (error);
  }
  window_destroy_and_check (window);

  window = window_with_file (path);
  plot = SW_PLOT_VIEW (sw_window_get_plot_view (window));
  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (sw_plot_view_get_column_hidden (plot, "load.w"));
  g_assert_false (sw_plot_view_get_column_hidden (plot, "hub1.w"));
  window_destroy_and_check (window);
  sw_test_remove_tree (dir);
}

static void
add_tests (void)
{
  g_test_add_func ("/app/window/menu-panels-xy", test_menu_panels_xy);
  g_test_add_func ("/app/window/variables", test_variables);
  g_test_add_func ("/app/window/hidden-saved", test_hidden_saved);
}

int
main (int   argc,
      char *argv[])
{
  return test_window_run (argc, argv, "test-window-results-variables", add_tests);
}
