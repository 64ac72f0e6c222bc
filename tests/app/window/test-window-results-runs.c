/* test-window-results-runs.c: runs filling the plot as they go, Stop, events,
 * failed and partial runs.
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

static void
add_tests (void)
{
  g_test_add_func ("/app/window/run-curves", test_run_curves);
  g_test_add_func ("/app/window/stop", test_stop);
  g_test_add_func ("/app/window/events", test_events);
  g_test_add_func ("/app/window/failed-run", test_failed_run);
  g_test_add_func ("/app/window/partial-run", test_partial_run);
}

int
main (int   argc,
      char *argv[])
{
  return test_window_run (argc, argv, "test-window-results-runs", add_tests);
}
