/* test-window-results-live.c: live tuning and pinned runs, the "ui" member,
 * plotted variables following renamed components, the new run in the
 * edit's own frame.
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
#include "sw-plot-view-private.h"
#include "sw-signal.h"
#include "sw-simulate.h"
#include "sw-test-files.h"
#include "test-window-common.h"

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

/* What the first frame painted after an edit showed. */
typedef struct {
  SwWindow     *window;
  SwPlotView   *plot;
  gboolean      armed;
  gboolean      began;         /* a frame began since armed */
  guint         frames;        /* painted since armed */
  SwTrajectory *shown;         /* the plot's run when the first was painted */
  guint         pages;         /* the plot's pages drawn by then */
  gboolean      running;       /* a run still under way then */
  guint         n_runs;        /* runs applied by then */
  gboolean      current;       /* the run shown is of the model as it is */
} FirstFrame;

/* Only a frame begun after the edit counts: a frame clock frozen in a
 * frame (a configure under way) ends that frame's paint when thawed. */
static void
first_frame_before_paint_cb (GdkFrameClock *clock,
                             FirstFrame    *probe)
{
  if (probe->armed)
    probe->began = TRUE;
}

static void
first_frame_after_paint_cb (GdkFrameClock *clock,
                            FirstFrame    *probe)
{
  g_autofree char *params = NULL;

  if (!probe->armed || !probe->began)
    return;
  if (probe->frames++ > 0)
    return;
  probe->shown = sw_plot_view_get_trajectory (probe->plot);
  probe->pages = _sw_plot_view_get_n_pages_drawn (probe->plot);
  probe->running = sw_window_get_running (probe->window) && probe->window->run_cancellable != NULL;
  probe->n_runs = sw_window_get_n_runs (probe->window);
  params = _sw_window_dup_params_text (sw_window_get_model (probe->window));
  probe->current = g_strcmp0 (params, probe->window->trajectory_params) == 0;
}

/* Spins until the first frame after the edit has been painted. */
static void
wait_first_frame (FirstFrame *probe)
{
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (probe->frames == 0 && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (probe->frames, >, 0);
}

/* A fast model (a run of a few milliseconds): the frame that follows an
 * edit shows its new run, drawn, not the next frame 16.7 ms later. The
 * wait is raised so that a loaded machine cannot make the run late: what
 * is tested is that the run is started before that frame and shown in it.
 * The edit's modes start after that frame (their table and charts are
 * not what it waits for) and come then: those of the edited model. */
static void
test_live_one_frame (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  FirstFrame probe = { window, SW_PLOT_VIEW (sw_window_get_plot_view (window)) };
  GdkFrameClock *clock;
  guint load = (guint) sw_model_find_component (model, "load");
  gulong handlers[2];

  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (wait_until_idle (window, 60));
  spin (0.2);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (probe.plot)));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  handlers[0] = g_signal_connect (clock, "before-paint", G_CALLBACK (first_frame_before_paint_cb), &probe);
  handlers[1] = g_signal_connect (clock, "after-paint", G_CALLBACK (first_frame_after_paint_cb), &probe);
  window->live_wait_us = 30 * G_USEC_PER_SEC;

  for (guint k = 0; k < 3; k++)
    {
      SwTrajectory *before = sw_plot_view_get_trajectory (probe.plot);
      guint pages = _sw_plot_view_get_n_pages_drawn (probe.plot);
      guint waits = window->n_live_waits_met;
      guint runs = sw_window_get_n_runs (window);
      SwModes *modes_before = sw_window_get_modes (window);

      /* The last run was short: the next frame waits for the new one. */
      g_assert_cmpint (window->last_run_us, >=, 0);
      g_assert_cmpint (window->last_run_us, <, window->live_wait_us);
      probe.frames = 0;
      probe.began = FALSE;
      probe.armed = TRUE;
      g_assert_true (sw_model_set_param (model, load, "J", get_param (model, "load", "J") * 1.25, NULL));
      /* What typing into the inspector does: the edit asks for a frame
       * of its own at once. */
      gtk_widget_queue_draw (GTK_WIDGET (window->inspector));
      wait_first_frame (&probe);
      probe.armed = FALSE;
      /* Shown by that frame's wait, or already before it. */
      g_assert_cmpuint (window->n_live_waits_met, <=, waits + 1);
      g_assert_cmpuint (sw_window_get_n_runs (window), ==, runs + 1);
      g_assert_true (probe.shown != before);
      g_assert_true (probe.shown == sw_window_get_trajectory (window));
      g_assert_true (probe.current);
      g_assert_false (probe.running);
      g_assert_cmpuint (probe.pages, >, pages);
      g_assert_true (sw_window_get_modes (window) == modes_before);
      g_assert_true (wait_until_idle (window, 60));
      spin (0.05);
      {
        g_autoptr(SwSystem) system = sw_model_assemble (model, NULL);
        g_autoptr(SwModes) fresh = sw_modes_compute (system, 0, NULL, NULL);
        SwModes *modes = sw_window_get_modes (window);

        g_assert_nonnull (modes);
        g_assert_true (modes != modes_before);
        g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, sw_modes_get_n_modes (fresh));
        for (guint i = 1; i < sw_modes_get_n_modes (fresh); i++)
          g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (modes, i)->frequency_hz,
                                          sw_modes_get_mode (fresh, i)->frequency_hz,
                                          1e-9 * sw_modes_get_mode (fresh, i)->frequency_hz);
      }
    }

  if (g_getenv ("SW_SCREENSHOTS") != NULL)
    {
      g_autofree char *png = g_build_filename (g_getenv ("SW_SCREENSHOTS"), "live-one-frame.png", NULL);

      save_window_png (window, png);
    }
  g_signal_handler_disconnect (clock, handlers[0]);
  g_signal_handler_disconnect (clock, handlers[1]);
  while (sw_history_undo (sw_window_get_history (window)))
    ;
  wait_until_idle (window, 60);
  window_destroy_and_check (window);
}

/* A slow model (a long stop time) never holds the main loop longer than
 * the wait: the frame after the edit is painted while the run still goes
 * and shows the run before; later edits do not wait at all until a run
 * is short again; Stop still stops it. */
static void
test_live_slow_model (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  FirstFrame probe = { window, SW_PLOT_VIEW (sw_window_get_plot_view (window)) };
  SwSimulationSettings settings = *sw_model_get_simulation (model);
  GdkFrameClock *clock;
  SwTrajectory *before;
  guint load = (guint) sw_model_find_component (model, "load");
  guint waits, runs;
  gulong handlers[2];

  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (wait_until_idle (window, 60));
  spin (0.2);
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  handlers[0] = g_signal_connect (clock, "before-paint", G_CALLBACK (first_frame_before_paint_cb), &probe);
  handlers[1] = g_signal_connect (clock, "after-paint", G_CALLBACK (first_frame_after_paint_cb), &probe);
  /* As if the last run had been short (on a loaded machine it may not
   * be): this edit's frame waits, but not for long. */
  window->last_run_us = 0;
  before = sw_plot_view_get_trajectory (probe.plot);
  runs = sw_window_get_n_runs (window);
  waits = window->n_live_waits;
  settings.stop_time_s = 500;
  probe.frames = 0;
  probe.began = FALSE;
  probe.armed = TRUE;
  sw_model_set_simulation (model, &settings);
  wait_first_frame (&probe);
  probe.armed = FALSE;
  g_assert_cmpuint (window->n_live_waits, ==, waits + 1);
  g_assert_true (probe.running);
  /* No run of the edited model applied: the run before, or (on a loaded
   * machine, a frame more than 100 ms after the edit) the run filling in. */
  g_assert_cmpuint (probe.n_runs, ==, runs);
  g_assert_true (probe.shown == before || probe.shown == window->partial);
  /* Too long for a frame: the next edits do not wait. */
  g_assert_cmpint (window->last_run_us, ==, G_MAXINT64);

  /* An edit during a long run restarts it (at once when the run is older
   * than 150 ms, else then), without waiting in a frame. */
  probe.frames = 0;
  probe.began = FALSE;
  probe.armed = TRUE;
  g_assert_true (sw_model_set_param (model, load, "J", get_param (model, "load", "J") * 1.25, NULL));
  wait_first_frame (&probe);
  probe.armed = FALSE;
  {
    g_autofree char *params = _sw_window_dup_params_text (model);
    gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

    /* The run under way becomes one of the model with the edit. */
    while (g_strcmp0 (window->live_params, params) != 0 && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, TRUE);
    g_assert_cmpstr (window->live_params, ==, params);
  }
  g_assert_cmpuint (window->n_live_waits, ==, waits + 1);
  g_assert_true (sw_window_get_running (window));

  /* Stop works as before. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.stop", NULL));
  g_assert_false (sw_window_get_running (window));
  g_assert_null (window->run_job);

  g_signal_handler_disconnect (clock, handlers[0]);
  g_signal_handler_disconnect (clock, handlers[1]);
  window_destroy_and_check (window);
}

static void
add_tests (void)
{
  g_test_add_func ("/app/window/live-edit", test_live_edit);
  g_test_add_func ("/app/window/live-one-frame", test_live_one_frame);
  g_test_add_func ("/app/window/live-slow-model", test_live_slow_model);
  g_test_add_func ("/app/window/ui-member", test_ui_member);
  g_test_add_func ("/app/window/rename-follows", test_rename_follows);
}

int
main (int   argc,
      char *argv[])
{
  return test_window_run (argc, argv, "test-window-results-live", add_tests);
}
