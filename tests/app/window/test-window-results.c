/* test-window-results.c: the window's results area: the plotted variables
 * (the variables list and the plot's columns, the canvas's selection and
 * activation), runs filling the plot as they go, Stop, live tuning and
 * pinned runs, the "ui" member, the modes view (and the canvas coloured
 * by a mode), the frequency response and Campbell views, and screenshots
 * of every results page (SW_SCREENSHOTS=DIR).
 *
 * Needs a display: without one it fails under CI and skips elsewhere.
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

static void
count_notify (guint *n)
{
  (*n)++;
}

static gboolean
strv_has (char       **strv,
          const char  *name)
{
  return strv != NULL && g_strv_contains ((const char * const *) strv, name);
}

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

/* A long run: its rows reach the plot while it goes, then Stop gives the
 * plot back to the last finished run (none here). 500 s of fourbody is a
 * million rows: seconds of work, stopped long before its end. */
static void
test_partial_run (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_new ();
  SwPlotView *plot = SW_PLOT_VIEW (sw_window_get_plot_view (window));
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  SwSimulationSettings settings;
  SwTrajectory *partial = NULL;
  guint rows = 0, final_rows;
  gint64 end;

  sw_window_set_live (window, FALSE);
  g_assert_true (sw_window_load_file (window, file, &error));
  g_assert_no_error (error);
  settings = *sw_model_get_simulation (sw_window_get_model (window));
  settings.stop_time_s = 500;
  sw_model_set_simulation (sw_window_get_model (window), &settings);
  final_rows = 1 + (guint) ceil (settings.stop_time_s / settings.output_interval_s - 1e-9);
  sw_window_check_now (window);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-simulation", NULL));
  end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (sw_window_get_running (window) && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, TRUE);
      partial = sw_plot_view_get_trajectory (plot);
      if (partial != NULL && sw_window_get_running (window))
        {
          rows = sw_trajectory_get_n_rows (partial);
          break;
        }
    }
  /* Shown before the run ended, with part of its rows. */
  g_assert_nonnull (partial);
  g_assert_true (sw_window_get_running (window));
  g_assert_null (sw_window_get_trajectory (window));
  g_assert_cmpuint (rows, >, 0);
  g_assert_cmpuint (rows, <, final_rows);
  g_assert_cmpint (sw_trajectory_find_column (partial, "load.w"), >=, 0);
  g_assert_cmpstr (sw_trajectory_get_column_unit (partial, (guint) sw_trajectory_find_column (partial, "load.w")),
                   ==, "rad/s");
  /* It fills in: more rows a moment later, the same trajectory shown. */
  end = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
  while (sw_window_get_running (window) && sw_trajectory_get_n_rows (partial) == rows &&
         g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (sw_window_get_running (window));
  g_assert_cmpuint (sw_trajectory_get_n_rows (partial), >, rows);
  g_assert_true (sw_plot_view_get_trajectory (plot) == partial);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.stop", NULL));
  g_assert_false (sw_window_get_running (window));
  g_assert_null (sw_plot_view_get_trajectory (plot));
  g_assert_null (sw_window_get_trajectory (window));

  /* A run to its end: the trajectory shown is the one that filled in,
   * every row there. */
  settings.stop_time_s = 2;
  sw_model_set_simulation (sw_window_get_model (window), &settings);
  sw_window_check_now (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-simulation", NULL));
  g_assert_true (wait_until_idle (window, 60));
  g_assert_nonnull (sw_window_get_trajectory (window));
  g_assert_true (sw_plot_view_get_trajectory (plot) == sw_window_get_trajectory (window));
  g_assert_cmpuint (sw_trajectory_get_n_rows (sw_window_get_trajectory (window)), ==, 4001);

  window_destroy_and_check (window);
}

/* F6: the modes view shows the window's modes, with energies per body
 * (computed per mode, as the window keeps none), and colours the canvas
 * while the Modes page shows. */
static void
test_modes_view (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  SwModes *modes;

  sw_window_set_live (window, FALSE);
  g_assert_true (sw_window_load_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_null (sw_modes_view_get_modes (window->modes_view));
  g_assert_true (sw_modes_view_get_canvas (window->modes_view) == window->canvas);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.modal-analysis", NULL));
  g_assert_true (wait_until_idle (window, 60));
  iterate ();
  modes = sw_window_get_modes (window);
  g_assert_nonnull (modes);
  g_assert_true (sw_modes_view_get_modes (window->modes_view) == modes);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 4);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (window->results_stack), ==, "modes");
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->modes_view)));
  /* The first elastic mode, on the canvas too. */
  g_assert_cmpuint (sw_modes_view_get_selected_mode (window->modes_view), ==, 1);
  g_assert_cmpuint (sw_canvas_get_mode_index (window->canvas), ==, 1);
  text = sw_modes_view_dup_selection_text (window->modes_view);
  g_assert_nonnull (text);
  g_assert_true (g_str_has_prefix (text, "2\t"));
  /* The shares of every body add up to 100 %: the values the view asks
   * for exist although the window computed the modes without them. */
  {
    guint n = sw_modes_get_n_bodies (modes);
    g_autofree double *kinetic = g_new0 (double, n);
    double sum = 0;

    g_assert_null (sw_modes_get_mode (modes, 1)->kinetic_energy_percent);
    sw_modes_get_mode_values (modes, 1, NULL, NULL, NULL, kinetic, NULL, NULL);
    for (guint b = 0; b < n; b++)
      sum += kinetic[b];
    g_assert_cmpfloat_with_epsilon (sum, 100, 1e-6);
  }
  /* Another page: the canvas is itself again. */
  adw_view_stack_set_visible_child_name (window->results_stack, "trajectories");
  iterate ();
  g_assert_cmpuint (sw_canvas_get_mode_index (window->canvas), ==, G_MAXUINT);

  window_destroy_and_check (window);
}

static gboolean
wait_not_busy (GObject *view,
               double   timeout_s)
{
  gint64 end = g_get_monotonic_time () + (gint64) (timeout_s * G_USEC_PER_SEC);
  gboolean busy = TRUE;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_object_get (view, "busy", &busy, NULL);
      if (!busy)
        return TRUE;
      g_usleep (1000);
    }
  return FALSE;
}

/* The frequency response and Campbell pages get the model's snapshot when
 * they show; a crossing selected in the Campbell diagram shows its mode in
 * the Modes page. */
static void
test_frf_campbell (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  g_autoptr(GError) error = NULL;
  SwSystem *system;
  const SwCampbell *campbell;
  const SwCriticalSpeed *crossing;

  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (wait_until_idle (window, 60));
  /* Hidden pages compute nothing. */
  g_assert_null (sw_frf_view_get_system (window->frf_view));
  g_assert_null (sw_campbell_view_get_system (window->campbell_view));

  adw_view_stack_set_visible_child_name (window->results_stack, "frf");
  system = sw_frf_view_get_system (window->frf_view);
  g_assert_nonnull (system);
  g_assert_true (wait_not_busy (G_OBJECT (window->frf_view), 60));
  g_assert_null (sw_frf_view_get_error (window->frf_view));
  g_assert_nonnull (sw_frf_view_get_response (window->frf_view));
  {
    guint n = 0;

    /* The window's modes marked: three elastic ones. */
    sw_frf_view_get_natural_frequencies (window->frf_view, &n);
    g_assert_cmpuint (n, ==, 3);
  }

  /* An edit, checked: the page that shows gets the new snapshot. */
  g_assert_true (sw_model_set_param (model, (guint) sw_model_find_component (model, "load"), "J", 4, &error));
  g_assert_no_error (error);
  sw_window_check_now (window);
  g_assert_true (sw_frf_view_get_system (window->frf_view) != system);
  g_assert_true (wait_not_busy (G_OBJECT (window->frf_view), 60));
  g_assert_true (wait_until_idle (window, 60));

  adw_view_stack_set_visible_child_name (window->results_stack, "campbell");
  g_assert_true (sw_campbell_view_get_system (window->campbell_view) == sw_frf_view_get_system (window->frf_view));
  g_assert_true (wait_not_busy (G_OBJECT (window->campbell_view), 120));
  g_assert_null (sw_campbell_view_get_error (window->campbell_view));
  campbell = sw_campbell_view_get_campbell (window->campbell_view);
  g_assert_nonnull (campbell);
  if (sw_campbell_get_n_crossings (campbell) == 0)
    {
      /* Speeds high enough to cross the first elastic mode. */
      sw_campbell_view_set_speed_range (window->campbell_view, 0, 1e6);
      g_assert_true (wait_not_busy (G_OBJECT (window->campbell_view), 120));
      campbell = sw_campbell_view_get_campbell (window->campbell_view);
    }
  g_assert_cmpuint (sw_campbell_get_n_crossings (campbell), >, 0);
  crossing = sw_campbell_get_crossing (campbell, 0);
  g_assert_cmpuint (crossing->mode, >=, 2);
  sw_campbell_view_select_crossing (window->campbell_view, 0);
  iterate ();
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (window->results_stack), ==, "modes");
  g_assert_nonnull (sw_window_get_modes (window));
  g_assert_cmpuint (sw_modes_view_get_selected_mode (window->modes_view), ==, crossing->mode - 1);

  while (sw_history_undo (sw_window_get_history (window)))
    ;
  window_destroy_and_check (window);
}

/* The friction state of the linear analyses: J1 (2) - clutch (engaged
 * at rest) - J2 (3) - spring c = 600 - ground. The Modes page's choice
 * (next to "At the plot's cursor"): as at the operating point and all
 * locked, one body of 5, sqrt (600 / 5) rad/s; all open, J1 free (a rigid
 * mode) and J2 alone, sqrt (600 / 3). The frequency response and Campbell
 * pages have the same choice and mark those frequencies. */
static void
test_friction_choice (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"clutch\", \"components\": ["
    "{\"id\": \"drive\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 0}},"
    "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"clutch\", \"kind\": \"rotational.clutch\", \"params\": {\"fn_max\": 100, \"f_normalized\": 1}},"
    "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 3, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 600}},"
    "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"}],"
    "\"connections\": [{\"from\": \"drive.flange\", \"to\": \"J1.flange_a\"},"
    "{\"from\": \"J1.flange_b\", \"to\": \"clutch.flange_a\"}, {\"from\": \"clutch.flange_b\", \"to\": \"J2.flange_a\"},"
    "{\"from\": \"J2.flange_b\", \"to\": \"spring.flange_a\"}, {\"from\": \"spring.flange_b\", \"to\": \"ground.flange\"}]}";
  g_autofree char *dir = g_dir_make_tmp ("sw-friction-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "clutch.shaft", NULL);
  const double stuck = sqrt (600 / 5.0), open = sqrt (600 / 3.0);
  SwWindow *window = window_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  guint n_notify = 0, n = 0;
  const double *natural;
  SwModes *modes;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  sw_window_set_live (window, FALSE);
  g_assert_true (sw_window_load_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.modal-analysis", NULL));
  g_assert_true (wait_until_idle (window, 60));
  modes = sw_window_get_modes (window);
  g_assert_nonnull (modes);
  g_assert_true (sw_modes_get_friction (modes) == SW_LINEAR_FRICTION_OPERATING);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 1);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (modes, 0)->omega_rad_s, stuck, 1e-9);
  /* The choice sits in the Modes page, with three states. */
  g_assert_true (gtk_widget_is_ancestor (GTK_WIDGET (window->modes_friction_drop), GTK_WIDGET (window->modes_page)));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (window->modes_friction_drop)), ==, 3);
  g_assert_cmpuint (gtk_drop_down_get_selected (window->modes_friction_drop), ==, SW_LINEAR_FRICTION_OPERATING);

  /* All open: the modes again, J1 on its own. */
  gtk_drop_down_set_selected (window->modes_friction_drop, SW_LINEAR_FRICTION_OPEN);
  g_assert_true (wait_until_idle (window, 60));
  iterate ();
  modes = sw_window_get_modes (window);
  g_assert_true (sw_modes_get_friction (modes) == SW_LINEAR_FRICTION_OPEN);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 2);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (modes, 1)->omega_rad_s, open, 1e-9);
  g_assert_true (sw_modes_view_get_modes (window->modes_view) == modes);
  /* All locked. */
  gtk_drop_down_set_selected (window->modes_friction_drop, SW_LINEAR_FRICTION_LOCKED);
  g_assert_true (wait_until_idle (window, 60));
  modes = sw_window_get_modes (window);
  g_assert_true (sw_modes_get_friction (modes) == SW_LINEAR_FRICTION_LOCKED);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (modes, 0)->omega_rad_s, stuck, 1e-9);

  /* The frequency response: its own choice, one notify per change. */
  adw_view_stack_set_visible_child_name (window->results_stack, "frf");
  g_assert_nonnull (sw_frf_view_get_system (window->frf_view));
  sw_frf_view_set_input (window->frf_view, "drive");
  sw_frf_view_set_output (window->frf_view, "J2.phi");
  g_assert_true (wait_not_busy (G_OBJECT (window->frf_view), 60));
  g_assert_null (sw_frf_view_get_error (window->frf_view));
  natural = sw_frf_view_get_natural_frequencies (window->frf_view, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpfloat_with_epsilon (natural[0], stuck / (2 * G_PI), 1e-9);
  g_signal_connect_swapped (window->frf_view, "notify::friction", G_CALLBACK (count_notify), &n_notify);
  sw_frf_view_set_friction (window->frf_view, SW_LINEAR_FRICTION_OPEN);
  sw_frf_view_set_friction (window->frf_view, SW_LINEAR_FRICTION_OPEN);
  g_assert_cmpuint (n_notify, ==, 1);
  g_assert_true (wait_not_busy (G_OBJECT (window->frf_view), 60));
  g_assert_null (sw_frf_view_get_error (window->frf_view));
  natural = sw_frf_view_get_natural_frequencies (window->frf_view, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpfloat_with_epsilon (natural[0], open / (2 * G_PI), 1e-9);
  {
    guint friction = 0;

    g_object_get (window->frf_view, "friction", &friction, NULL);
    g_assert_cmpuint (friction, ==, SW_LINEAR_FRICTION_OPEN);
  }

  /* Campbell: the elastic mode at every speed, locked and open. */
  adw_view_stack_set_visible_child_name (window->results_stack, "campbell");
  sw_campbell_view_set_shaft (window->campbell_view, "J1");
  g_assert_true (wait_not_busy (G_OBJECT (window->campbell_view), 120));
  g_assert_null (sw_campbell_view_get_error (window->campbell_view));
  for (int k = 0; k < 2; k++)
    {
      const SwCampbell *c;
      SwTrajectory *d;

      if (k == 1)
        {
          g_object_set (window->campbell_view, "friction", (guint) SW_LINEAR_FRICTION_OPEN, NULL);
          g_assert_true (sw_campbell_view_get_friction (window->campbell_view) == SW_LINEAR_FRICTION_OPEN);
          g_assert_true (wait_not_busy (G_OBJECT (window->campbell_view), 120));
          g_assert_null (sw_campbell_view_get_error (window->campbell_view));
        }
      c = sw_campbell_view_get_campbell (window->campbell_view);
      g_assert_nonnull (c);
      d = sw_campbell_get_diagram (c);
      g_assert_cmpfloat_with_epsilon (sw_trajectory_get_column (d, 0)[0], (k == 0 ? stuck : open) / (2 * G_PI), 1e-9);
    }

  window_destroy_and_check (window);
  g_unlink (path);
  g_rmdir (dir);
}

/* Run an example: curves of every body's speed arrive in the plot. */
static void
test_run_curves (void)
{
  SwWindow *window = window_new ();
  SwPlotView *plot = SW_PLOT_VIEW (sw_window_get_plot_view (window));
  g_auto(GStrv) columns = NULL;

  g_assert_true (sw_window_get_live (window));
  g_assert_null (sw_plot_view_get_trajectory (plot));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-example", "s", "fourbody"));
  /* Live: the run starts by itself. */
  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (sw_plot_view_get_trajectory (plot) == sw_window_get_trajectory (window));
  g_assert_cmpuint (sw_trajectory_get_n_rows (sw_window_get_trajectory (window)), >, 1000);
  columns = sw_plot_view_dup_columns (plot);
  g_assert_nonnull (columns);
  g_assert_cmpuint (g_strv_length (columns), ==, 4);
  g_assert_cmpstr (columns[0], ==, "rotor.w");
  g_assert_cmpstr (columns[3], ==, "load.w");
  /* And the modes with it. */
  g_assert_true (wait_until_idle (window, 60));
  g_assert_nonnull (sw_window_get_modes (window));

  window_destroy_and_check (window);
}

static void
collect_event (double t, const char *id, int old_mode, int new_mode, gpointer data)
{
  sw_event_log_append (data, t, id, old_mode, new_mode);
}

/* The Friction example's event log below the variables list: the changes
 * sw_simulate reports for the same model, bit for bit and in order, 9 rows
 * (the two modes at the start and 7 changes);
 * activating a row moves the plot's cursor to its time. A model without
 * friction hides the list. */
static void
test_events (void)
{
  SwWindow *window = window_new ();
  SwPlotView *plot = SW_PLOT_VIEW (sw_window_get_plot_view (window));
  g_autoptr(GArray) expected = sw_event_log_new ();
  g_autoptr(SwSystem) system = NULL;
  g_autoptr(SwTrajectory) trajectory = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *rows;
  SwSimulateOptions options;
  double t = -1;

  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->events_box)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-example", "s", "friction"));
  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (wait_until_idle (window, 60));

  /* The same run outside the window. */
  system = sw_model_assemble (sw_window_get_model (window), &error);
  g_assert_no_error (error);
  options = sw_simulate_options_from_system (system);
  options.on_mode_change = collect_event;
  options.on_mode_change_data = expected;
  trajectory = sw_simulate (system, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (expected->len, ==, 9);

  g_assert_nonnull (window->events);
  g_assert_cmpuint (window->events->len, ==, expected->len);
  for (guint i = 0; i < expected->len; i++)
    {
      const SwEventLogEntry *a = &g_array_index (window->events, SwEventLogEntry, i);
      const SwEventLogEntry *b = &g_array_index (expected, SwEventLogEntry, i);

      g_assert_cmpfloat (a->t, ==, b->t);
      g_assert_cmpstr (a->id, ==, b->id);
      g_assert_cmpint (a->old_mode, ==, b->old_mode);
      g_assert_cmpint (a->new_mode, ==, b->new_mode);
    }
  /* The modes at the start (the clutch backward, the brake free), then the
   * changes: the brake engages at 0.5 s (free -> forward), the clutch
   * sticks last. */
  g_assert_cmpint (g_array_index (expected, SwEventLogEntry, 1).old_mode, ==, SW_FRICTION_START);
  g_assert_cmpint (g_array_index (expected, SwEventLogEntry, 1).new_mode, ==, SW_FRICTION_FREE);
  g_assert_cmpstr (g_array_index (expected, SwEventLogEntry, 5).id, ==, "brake");
  g_assert_cmpfloat (g_array_index (expected, SwEventLogEntry, 5).t, ==, 0.5);
  g_assert_cmpint (g_array_index (expected, SwEventLogEntry, 8).new_mode, ==, 0);

  /* Shown: a heading and a row per change. */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->events_box)));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->events_view)));
  g_assert_cmpstr (gtk_label_get_label (window->events_heading), ==, "7 Events");
  rows = G_LIST_MODEL (gtk_column_view_get_model (window->events_view));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 9);
  g_assert_cmpuint (_sw_window_events_get_n (window), ==, 9);

  /* A click (activate) on the third row: the cursor at its time. */
  g_signal_emit_by_name (window->events_view, "activate", 2u);
  g_assert_true (sw_plot_view_get_cursor (plot, &t));
  g_assert_cmpfloat (t, ==, g_array_index (expected, SwEventLogEntry, 2).t);
  g_signal_emit_by_name (window->events_view, "activate", 6u);
  g_assert_true (sw_plot_view_get_cursor (plot, &t));
  g_assert_cmpfloat (t, ==, g_array_index (expected, SwEventLogEntry, 6).t);

  /* No friction, no events: the list goes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-example", "s", "first"));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->events_box)));
  g_assert_true (wait_for_runs (window, sw_window_get_n_runs (window), 60));
  g_assert_true (wait_until_idle (window, 60));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->events_box)));
  g_assert_cmpuint (_sw_window_events_get_n (window), ==, 0);

  window_destroy_and_check (window);
}

/* A run that fails: the plot shows that run up to its failure (never the
 * last good run as if it were this one), the event list that run's
 * events, the error above; a model that cannot run at all shows no
 * results, with the error, and no events of components that are gone. */
static void
test_failed_run (void)
{
  SwWindow *window = window_new ();
  SwModel *model;
  SwTrajectory *good;
  g_autoptr(GError) error = NULL;
  guint n_good_events;
  int tau, body;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-example", "s", "friction"));
  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (wait_until_idle (window, 60));
  model = sw_window_get_model (window);
  good = sw_window_get_trajectory (window);
  g_assert_nonnull (good);
  n_good_events = _sw_window_events_get_n (window);
  g_assert_cmpuint (n_good_events, ==, 9);

  /* A torque growing as exp (2000 t) on an inertia beside it: the run
   * overflows at about 0.35 s, before the brake's change at 0.5 s. */
  sw_model_begin_edit (model);
  sw_model_add_component (model, "rotational.fixed", "fixed9", &error);
  tau = sw_model_add_component (model, "rotational.torque", "tau9", &error);
  body = sw_model_add_component (model, "rotational.inertia", "body9", &error);
  g_assert_no_error (error);
  {
    g_autoptr(JsonNode) node = json_from_string ("{\"exp_sine\": {\"amplitude\": 1, \"f\": 0.1, "
                                                 "\"damping\": -2000}}", &error);
    g_autoptr(SwSignal) growing = NULL;

    g_assert_no_error (error);
    growing = sw_signal_new_from_json (node, &error);
    g_assert_no_error (error);
    g_assert_true (sw_model_set_param_signal (model, (guint) tau, "tau", growing, &error));
    g_assert_true (sw_model_set_param (model, (guint) body, "J", 1, &error));
  }
  g_assert_true (sw_model_connect (model, "tau9.flange", "body9.flange_a", &error));
  g_assert_true (sw_model_connect (model, "tau9.support", "fixed9.flange", &error));
  g_assert_no_error (error);
  sw_model_end_edit (model);
  {
    gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

    if (sw_window_get_run_error (window) == NULL && !sw_window_get_running (window))
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-simulation", NULL));
    while (sw_window_get_run_error (window) == NULL && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, TRUE);
  }
  g_assert_true (wait_until_idle (window, 60));
  g_assert_nonnull (sw_window_get_run_error (window));
  g_assert_nonnull (strstr (sw_window_get_run_error (window), "tau9"));
  g_assert_true (gtk_revealer_get_reveal_child (window->error_revealer));
  g_assert_nonnull (strstr (gtk_label_get_label (window->run_status), "failed"));

  /* Not the good run as the current one. */
  g_assert_true (sw_window_get_trajectory (window) != good);
  g_assert_true (sw_plot_view_get_trajectory (window->plot_view) != good);
  if (sw_window_get_trajectory (window) != NULL)
    {
      /* The failed run as far as it went, with the new components. */
      SwTrajectory *failed = sw_window_get_trajectory (window);
      guint n = sw_trajectory_get_n_rows (failed);

      g_assert_cmpuint (n, >=, 1);
      g_assert_cmpfloat (sw_trajectory_get_times (failed)[n - 1], <, 0.5);
      g_assert_cmpint (sw_trajectory_find_column (failed, "body9.w"), >=, 0);
      g_assert_true (sw_plot_view_get_trajectory (window->plot_view) == failed);
    }
  else
    {
      g_assert_null (sw_plot_view_get_trajectory (window->plot_view));
      g_assert_cmpstr (gtk_stack_get_visible_child_name (window->trajectories_stack), ==, "empty");
    }
  /* Its events: the starting modes, not the brake's change at 0.5 s. */
  g_assert_cmpuint (_sw_window_events_get_n (window), <, n_good_events);
  for (guint i = 0; window->events != NULL && i < window->events->len; i++)
    g_assert_cmpfloat (g_array_index (window->events, SwEventLogEntry, i).t, <, 0.5);

  /* Undo: good again. */
  g_assert_true (sw_history_undo (sw_window_get_history (window)));
  g_assert_true (wait_for_runs (window, sw_window_get_n_runs (window), 60));
  g_assert_true (wait_until_idle (window, 60));
  g_assert_null (sw_window_get_run_error (window));
  g_assert_cmpuint (_sw_window_events_get_n (window), ==, n_good_events);

  /* A model that cannot run at all (the brake deleted, its wires with it,
   * and an inertia left free between two dampers): no events of the
   * brake, the results not shown as this model's. */
  {
    int brake = sw_model_find_component (model, "brake");

    g_assert_cmpint (brake, >=, 0);
    sw_model_begin_edit (model);
    sw_model_remove_component (model, (guint) brake);
    sw_model_add_component (model, "rotational.damper", "damper1", &error);
    sw_model_add_component (model, "rotational.damper", "damper2", &error);
    sw_model_add_component (model, "rotational.fixed", "fixed1", &error);
    g_assert_no_error (error);
    g_assert_true (sw_model_connect (model, "damper1.flange_b", "damper2.flange_a", &error));
    g_assert_true (sw_model_connect (model, "damper2.flange_b", "fixed1.flange", &error));
    g_assert_true (sw_model_connect (model, "damper1.flange_a", "fixed1.flange", &error));
    g_assert_no_error (error);
    sw_model_end_edit (model);
  }
  {
    gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

    while (sw_window_get_run_error (window) == NULL && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, TRUE);
  }
  g_assert_true (wait_until_idle (window, 60));
  g_assert_nonnull (sw_window_get_run_error (window));
  g_assert_cmpuint (_sw_window_events_get_n (window), ==, 0);
  g_assert_null (sw_window_get_trajectory (window));
  g_assert_null (sw_plot_view_get_trajectory (window->plot_view));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->trajectories_stack), ==, "empty");
  g_assert_cmpstr (adw_status_page_get_title (window->empty_status), ==, "The Run Failed");
  window_destroy_and_check (window);
}

/* Stop mid-run: the run ends at once, its result never arrives. */
static void
test_stop (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = copy_example_to_temp ("fourbody.shaft", &dir);
  g_autoptr(GError) error = NULL;
  g_autoptr(SwModel) model = sw_model_new_from_file (path, &error);
  SwSimulationSettings settings;
  SwWindow *window;

  g_assert_no_error (error);
  settings = *sw_model_get_simulation (model);
  settings.stop_time_s = 2000;
  settings.output_interval_s = 0.05;
  sw_model_set_simulation (model, &settings);
  g_assert_true (sw_model_save_to_file (model, path, &error));
  g_assert_no_error (error);

  window = window_new ();
  sw_window_set_live (window, FALSE);
  {
    g_autoptr(GFile) file = g_file_new_for_path (path);

    g_assert_true (sw_window_load_file (window, file, &error));
    g_assert_no_error (error);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-simulation", NULL));
  spin (0.4);
  g_assert_true (sw_window_get_running (window));
  /* Run has become Stop (on a loaded machine, and under the sanitizers,
   * one turn of the main loop drawing the run as it fills in may take a
   * second). */
  {
    gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
    g_autoptr(GPtrArray) found = g_ptr_array_new ();

    while (found->len == 0 && g_get_monotonic_time () < end)
      {
        g_main_context_iteration (NULL, TRUE);
        find_actionables (GTK_WIDGET (window), "win.stop", found);
      }
    g_assert_cmpuint (found->len, >=, 1);
    g_assert_true (gtk_widget_get_sensitive (g_ptr_array_index (found, 0)));
  }
  g_assert_true (sw_window_get_running (window));
  /* How fast the worker stops is measured by bench-live, not here. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.stop", NULL));
  g_assert_false (sw_window_get_running (window));
  spin (0.3);
  g_assert_null (sw_window_get_trajectory (window));
  g_assert_cmpuint (sw_window_get_n_runs (window), ==, 0);
  g_assert_true (action_button_sensitive (window, "win.run-simulation"));

  window_destroy_and_check (window);
  sw_test_remove_tree (dir);
}

/* With Live on, a parameter edit brings a new run, and the plotted data
 * change; pinning keeps the old run, named by what differed. */
static void
test_live_edit (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  SwPlotView *plot = SW_PLOT_VIEW (sw_window_get_plot_view (window));
  g_autoptr(GError) error = NULL;
  SwTrajectory *before;
  SwTrajectory *after;
  g_autofree char *params_before = NULL;
  g_autofree char *params_after = NULL;
  g_autofree char *difference = NULL;
  guint runs;
  int column;
  double w_before, w_after;

  g_assert_true (wait_for_runs (window, 0, 60));
  runs = sw_window_get_n_runs (window);
  before = sw_trajectory_ref (sw_window_get_trajectory (window));
  column = sw_trajectory_find_column (before, "load.w");
  g_assert_cmpint (column, >=, 0);
  w_before = sw_trajectory_interpolate (before, (guint) column, 1.0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pin-run", NULL));
  params_before = _sw_window_dup_params_text (model);

  /* Moving a component runs nothing. */
  sw_model_set_position (model, 0, 50, 90);
  spin (0.2);
  g_assert_cmpuint (sw_window_get_n_runs (window), ==, runs);

  g_assert_true (sw_model_set_param (model, (guint) sw_model_find_component (model, "load"), "J", 4,
                                     &error));
  g_assert_no_error (error);
  g_assert_true (wait_for_runs (window, runs, 60));
  after = sw_window_get_trajectory (window);
  g_assert_true (after != before);
  g_assert_true (sw_plot_view_get_trajectory (plot) == after);
  w_after = sw_trajectory_interpolate (after, (guint) column, 1.0);
  g_assert_cmpfloat (fabs (w_after - w_before), >, 1e-6 * fabs (w_before) + 1e-9);
  g_assert_cmpuint (sw_plot_view_get_n_pinned (plot), ==, 1);

  params_after = _sw_window_dup_params_text (model);
  difference = _sw_window_dup_difference_text (params_after, params_before);
  g_assert_cmpstr (difference, ==, "load.J = 4 → 2 kg·m²");
  g_free (difference);
  difference = _sw_window_dup_difference_text (params_before, params_before);
  g_assert_cmpstr (difference, ==, "same model");

  /* Many edits in one go: coalesced into few runs, the last one applied. */
  runs = sw_window_get_n_runs (window);
  for (guint i = 0; i < 20; i++)
    sw_model_set_param (model, (guint) sw_model_find_component (model, "load"), "J", 2 + 0.1 * i, NULL);
  g_assert_true (wait_for_runs (window, runs, 60));
  g_assert_true (wait_until_idle (window, 60));
  spin (0.1);
  g_assert_true (wait_until_idle (window, 60));
  g_assert_cmpuint (sw_window_get_n_runs (window) - runs, <=, 3);
  {
    g_autofree char *now = _sw_window_dup_params_text (model);

    /* The run shown is of the model as it is now. */
    g_assert_cmpstr (now, ==, window->trajectory_params);
  }

  sw_trajectory_unref (before);
  while (sw_history_undo (sw_window_get_history (window)))
    ;
  iterate ();
  window_destroy_and_check (window);
}

/* The plotted variables and their panels go into the file's "ui" member
 * and come back when it is opened. */
static void
test_ui_member (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = copy_example_to_temp ("fourbody.shaft", &dir);
  SwWindow *window = window_with_file (path);
  SwPlotView *plot = SW_PLOT_VIEW (sw_window_get_plot_view (window));
  const char *const plotted[] = { "hub1.w", "shaft.tau", "load.w", NULL };
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) back = NULL;
  g_autofree char *text = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *ui;

  g_assert_true (wait_for_runs (window, 0, 60));
  sw_window_set_plotted (window, plotted);
  iterate ();
  g_assert_cmpint (sw_plot_view_get_panel (plot, "hub1.w"), ==, 0);
  g_assert_cmpint (sw_plot_view_get_panel (plot, "shaft.tau"), ==, 1);
  /* load.w into a panel of its own. */
  sw_plot_view_set_panel (plot, "load.w", 2);
  g_assert_cmpint (sw_plot_view_get_panel (plot, "load.w"), ==, 2);
  {
    g_autoptr(GFile) file = g_file_new_for_path (path);

    g_assert_true (sw_window_save_to_file (window, file, &error));
    g_assert_no_error (error);
  }
  g_assert_false (sw_window_get_modified (window));
  window_destroy_and_check (window);

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  ui = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)), "ui");
  g_assert_nonnull (ui);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      json_object_get_object_member (ui, "plot"), "variables")), ==, 3);

  window = window_with_file (path);
  plot = SW_PLOT_VIEW (sw_window_get_plot_view (window));
  back = sw_window_dup_plotted (window);
  g_assert_cmpstrv (back, plotted);
  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_cmpint (sw_plot_view_get_panel (plot, "load.w"), ==, 2);
  g_assert_cmpint (sw_plot_view_get_panel (plot, "shaft.tau"), ==, 1);
  window_destroy_and_check (window);
  sw_test_remove_tree (dir);
}

/* The plotted variables follow a renamed component ("load.w" ->
 * "drum.w") and one grouped into a subsystem with Ctrl+G ("hub1.w" ->
 * "hub.hub1.w"), in the plot, in the list and in the saved file; undo
 * takes them back. */
static void
test_rename_follows (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = copy_example_to_temp ("fourbody.shaft", &dir);
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  const char *const plotted[] = { "hub1.w", "shaft.tau", "load.w", NULL };
  const char *const renamed[] = { "hub1.w", "shaft.tau", "drum.w", NULL };
  const char *const grouped[] = { "hub.hub1.w", "shaft.tau", "drum.w", NULL };
  g_autoptr(GError) error = NULL;
  int load, hub1;

  g_assert_true (wait_for_runs (window, 0, 60));
  sw_window_set_plotted (window, plotted);
  iterate ();

  load = sw_model_find_component (model, "load");
  g_assert_cmpint (load, >=, 0);
  g_assert_true (sw_model_set_id (model, (guint) load, "drum", &error));
  g_assert_no_error (error);
  iterate ();
  {
    g_auto(GStrv) now = sw_window_dup_plotted (window);

    g_assert_cmpstrv (now, renamed);
  }
  g_assert_true (sw_variables_list_get_name_checked (window->variables_list, "drum.w"));
  g_assert_false (sw_variables_list_get_name_checked (window->variables_list, "load.w"));

  /* Ctrl+G on hub1: a subsystem "Hub", its instance "hub". */
  hub1 = sw_model_find_component (model, "hub1");
  g_assert_cmpint (hub1, >=, 0);
  {
    guint selection[] = { (guint) hub1 };

    g_assert_cmpint (sw_model_make_subsystem (model, selection, 1, "Hub", &error), >=, 0);
    g_assert_no_error (error);
  }
  iterate ();
  {
    g_auto(GStrv) now = sw_window_dup_plotted (window);

    g_assert_cmpstrv (now, grouped);
  }
  g_assert_true (sw_variables_list_get_name_checked (window->variables_list, "hub.hub1.w"));

  /* Saved with the new names. */
  {
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autoptr(JsonParser) parser = json_parser_new ();
    g_autofree char *text = NULL;
    JsonArray *variables;

    g_assert_true (sw_window_save_to_file (window, file, &error));
    g_assert_no_error (error);
    g_file_get_contents (path, &text, NULL, &error);
    g_assert_no_error (error);
    g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
    g_assert_no_error (error);
    variables = json_object_get_array_member (
      json_object_get_object_member (json_object_get_object_member (
        json_node_get_object (json_parser_get_root (parser)), "ui"), "plot"), "variables");
    g_assert_cmpuint (json_array_get_length (variables), ==, 3);
    for (guint i = 0; i < 3; i++)
      g_assert_cmpstr (json_array_get_string_element (variables, i), ==, grouped[i]);
  }

  /* Undo the grouping, then the rename: the names go back. */
  g_assert_true (sw_history_undo (sw_window_get_history (window)));
  iterate ();
  {
    g_auto(GStrv) now = sw_window_dup_plotted (window);

    g_assert_cmpstrv (now, renamed);
  }
  g_assert_true (sw_history_undo (sw_window_get_history (window)));
  iterate ();
  {
    g_auto(GStrv) now = sw_window_dup_plotted (window);

    g_assert_cmpstrv (now, plotted);
  }
  g_assert_true (sw_variables_list_get_name_checked (window->variables_list, "load.w"));
  /* Deleting a component still drops its curves. */
  sw_model_remove_component (model, (guint) sw_model_find_component (model, "load"));
  iterate ();
  {
    const char *const left[] = { "hub1.w", "shaft.tau", NULL };
    g_auto(GStrv) now = sw_window_dup_plotted (window);

    g_assert_cmpstrv (now, left);
  }
  wait_until_idle (window, 60);
  window_destroy_and_check (window);
  sw_test_remove_tree (dir);
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

/* Reads a CSV export: its header's names and the number of data rows. */
static GStrv
read_csv (const char *path,
          guint      *n_rows,
          double     *last_time)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  guint n = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  g_assert_nonnull (lines[0]);
  for (guint i = 1; lines[i] != NULL; i++)
    if (lines[i][0] != '\0')
      {
        n++;
        *last_time = g_ascii_strtod (lines[i], NULL);
      }
  *n_rows = n;
  return g_strsplit (lines[0], ",", -1);
}

static void
assert_file_starts_with (const char *path,
                         const char *magic,
                         const char *or_magic)
{
  g_autofree char *text = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, >, 100);
  if (or_magic != NULL && g_str_has_prefix (text, or_magic))
    return;
  g_assert_cmpmem (text, MIN (length, strlen (magic)), magic, strlen (magic));
}

/* Export without the file chooser: the plot as PNG, SVG and PDF (and a
 * PNG without an extension), the plotted and all variables as CSV, each
 * file what it says, with the run's 4001 rows. */
static void
test_export (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_with_file (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("sw-export-XXXXXX", &error);
  const struct { const char *name, *magic, *or_magic; } plots[] = {
    { "plot.png", "\x89PNG\r\n\x1a\n", NULL },
    { "plot.svg", "<?xml", "<svg" },
    { "plot.pdf", "%PDF", NULL },
  };
  g_auto(GStrv) plotted = NULL;

  g_assert_no_error (error);
  /* Before a run there is nothing to export. */
  {
    g_autofree char *file = g_build_filename (dir, "none.csv", NULL);
    g_autofree char *written = NULL;

    if (window->trajectory == NULL)
      {
        written = _sw_window_export_to_path (window, "all", file, &error);
        g_assert_null (written);
        g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
        g_clear_error (&error);
        g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
      }
  }
  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (wait_until_idle (window, 60));
  g_assert_nonnull (window->trajectory);

  for (guint i = 0; i < G_N_ELEMENTS (plots); i++)
    {
      g_autofree char *file = g_build_filename (dir, plots[i].name, NULL);
      g_autofree char *written = _sw_window_export_to_path (window, "plot", file, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (written, ==, file);
      assert_file_starts_with (file, plots[i].magic, plots[i].or_magic);
      g_assert_cmpint (g_unlink (file), ==, 0);
    }
  /* Without an extension: a PNG, named so. */
  {
    g_autofree char *file = g_build_filename (dir, "plot", NULL);
    g_autofree char *png = g_build_filename (dir, "plot.png", NULL);
    g_autofree char *written = _sw_window_export_to_path (window, "plot", file, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (written, ==, png);
    assert_file_starts_with (png, "\x89PNG\r\n\x1a\n", NULL);
    g_assert_cmpint (g_unlink (png), ==, 0);
  }

  /* The plotted variables: time, then the plotted names in their order. */
  plotted = sw_window_dup_plotted (window);
  g_assert_cmpuint (g_strv_length (plotted), ==, 4);
  {
    g_autofree char *file = g_build_filename (dir, "plotted.csv", NULL);
    g_autofree char *written = _sw_window_export_to_path (window, "plotted", file, &error);
    g_auto(GStrv) header = NULL;
    guint n_rows = 0;
    double last = 0;

    g_assert_no_error (error);
    g_assert_cmpstr (written, ==, file);
    header = read_csv (file, &n_rows, &last);
    g_assert_cmpuint (g_strv_length (header), ==, 1 + g_strv_length (plotted));
    g_assert_cmpstr (header[0], ==, "time");
    for (guint i = 0; plotted[i] != NULL; i++)
      g_assert_cmpstr (header[i + 1], ==, plotted[i]);
    g_assert_cmpuint (n_rows, ==, 4001);
    g_assert_cmpfloat_with_epsilon (last, 2.0, 1e-9);
    g_assert_cmpint (g_unlink (file), ==, 0);
  }
  /* All variables: time, then every variable of the run. */
  {
    g_autofree char *file = g_build_filename (dir, "all.csv", NULL);
    g_autofree char *written = _sw_window_export_to_path (window, "all", file, &error);
    g_auto(GStrv) header = NULL;
    guint n_rows = 0, n_columns = sw_trajectory_get_n_columns (window->trajectory);
    double last = 0;

    g_assert_no_error (error);
    header = read_csv (file, &n_rows, &last);
    g_assert_cmpuint (n_columns, >, g_strv_length (plotted));
    g_assert_cmpuint (g_strv_length (header), ==, 1 + n_columns);
    g_assert_cmpstr (header[0], ==, "time");
    for (guint c = 0; c < n_columns; c++)
      g_assert_cmpstr (header[c + 1], ==, sw_trajectory_get_column_name (window->trajectory, c));
    for (guint i = 0; plotted[i] != NULL; i++)
      g_assert_true (strv_has (header, plotted[i]));
    g_assert_true (strv_has (header, "shaft.tau"));
    g_assert_cmpuint (n_rows, ==, 4001);
    g_assert_cmpfloat_with_epsilon (last, 2.0, 1e-9);
    g_assert_cmpint (g_unlink (file), ==, 0);
  }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  window_destroy_and_check (window);
}

static void
test_screenshots (void)
{
  const char *dir = g_getenv ("SW_SCREENSHOTS");
  static const char *const examples[] = { "first", "fourbody", "elastic-bearing", "rolling-wheel", "friction",
                                          "backlash", "translational-friction", "elasto-gap",
                                          "preload", "lossy-gear", "lossy-gear-2", "fan-rundown",
                                          "stick-limit-stop", "stepped-spring", "vibrator", "engine-start",
                                          "gear-pair" };
  AdwStyleManager *style = adw_style_manager_get_default ();

  if (dir == NULL)
    {
      g_test_skip ("SW_SCREENSHOTS is not set");
      return;
    }
  g_mkdir_with_parents (dir, 0755);
  for (guint dark = 0; dark < 2; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                       : ADW_COLOR_SCHEME_FORCE_LIGHT);
      /* The empty window, wide and narrow. */
      {
        SwWindow *window = window_new ();
        g_autofree char *file = g_strdup_printf ("%s/window-empty-%s.png", dir, dark ? "dark" : "light");

        gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
        spin (0.5);
        save_window_png (window, file);
        if (!dark)
          {
            g_autoptr(GError) error = NULL;
            g_autofree char *narrow = g_strdup_printf ("%s/window-700-%s.png", dir, "light");

            g_assert_true (sw_window_load_example (window, "first", &error));
            gtk_window_set_default_size (GTK_WINDOW (window), 700, 700);
            g_assert_true (wait_for_runs (window, 0, 60));
            sw_canvas_select_component (SW_CANVAS (window->canvas), 1);
            spin (0.5);
            save_window_png (window, narrow);
          }
        window_destroy_and_check (window);
      }
      for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
        {
          SwWindow *window = window_new ();
          g_autoptr(GError) error = NULL;
          g_autofree char *file = g_strdup_printf ("%s/window-%s-%s.png", dir, examples[i],
                                                   dark ? "dark" : "light");

          gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
          g_assert_true (sw_window_load_example (window, examples[i], &error));
          g_assert_no_error (error);
          g_assert_true (wait_for_runs (window, 0, 60));
          g_assert_true (wait_until_idle (window, 60));
          spin (0.5);
          save_window_png (window, file);
          /* Every results page. */
          for (guint page = 0; page < 3; page++)
            {
              static const char *const pages[] = { "modes", "frf", "campbell" };
              g_autofree char *page_file = g_strdup_printf ("%s/window-%s-%s-%s.png", dir, examples[i],
                                                            pages[page], dark ? "dark" : "light");

              adw_view_stack_set_visible_child_name (window->results_stack, pages[page]);
              iterate ();
              if (page == 1)
                g_assert_true (wait_not_busy (G_OBJECT (window->frf_view), 60));
              else if (page == 2)
                g_assert_true (wait_not_busy (G_OBJECT (window->campbell_view), 120));
              spin (0.5);
              save_window_png (window, page_file);
            }
          window_destroy_and_check (window);
        }
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

static void
add_tests (void)
{
  g_test_add_func ("/app/window/run-curves", test_run_curves);
  g_test_add_func ("/app/window/stop", test_stop);
  g_test_add_func ("/app/window/events", test_events);
  g_test_add_func ("/app/window/failed-run", test_failed_run);
  g_test_add_func ("/app/window/live-edit", test_live_edit);
  g_test_add_func ("/app/window/ui-member", test_ui_member);
  g_test_add_func ("/app/window/rename-follows", test_rename_follows);
  g_test_add_func ("/app/window/menu-panels-xy", test_menu_panels_xy);
  g_test_add_func ("/app/window/variables", test_variables);
  g_test_add_func ("/app/window/partial-run", test_partial_run);
  g_test_add_func ("/app/window/modes-view", test_modes_view);
  g_test_add_func ("/app/window/frf-campbell", test_frf_campbell);
  g_test_add_func ("/app/window/friction-choice", test_friction_choice);
  g_test_add_func ("/app/window/export", test_export);
  g_test_add_func ("/app/window/screenshots", test_screenshots);
}

int
main (int   argc,
      char *argv[])
{
  return test_window_run (argc, argv, "test-window-results", add_tests);
}
