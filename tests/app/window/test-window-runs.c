/* test-window-runs.c: simulation and modal analysis in workers from the
 * window, and failed runs with their marks.
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

/* With Live on, an edit that makes the model unsolvable shows the error
 * above the results and marks the component it names; fixing it clears
 * the error and a new run arrives. */
static void
test_run_error (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  g_autoptr(GError) error = NULL;
  guint runs;

  g_assert_true (wait_for_runs (window, 0, 60));
  runs = sw_window_get_n_runs (window);
  g_assert_null (sw_window_get_run_error (window));

  /* Two dampers in series from the load to the ground: the node between
   * them is massless and nothing holds it. */
  sw_model_begin_edit (model);
  sw_model_add_component (model, "rotational.damper", "damper1", &error);
  sw_model_add_component (model, "rotational.damper", "damper2", &error);
  sw_model_add_component (model, "rotational.fixed", "fixed1", &error);
  g_assert_no_error (error);
  g_assert_true (sw_model_connect (model, "load.flange_b", "damper1.flange_a", &error));
  g_assert_true (sw_model_connect (model, "damper1.flange_b", "damper2.flange_a", &error));
  g_assert_true (sw_model_connect (model, "damper2.flange_b", "fixed1.flange", &error));
  g_assert_no_error (error);
  sw_model_end_edit (model);
  {
    gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

    while (sw_window_get_run_error (window) == NULL && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, TRUE);
  }
  g_assert_nonnull (sw_window_get_run_error (window));
  g_assert_nonnull (strstr (sw_window_get_run_error (window), "damper1"));
  g_assert_cmpuint (sw_window_get_n_problems (window), >=, 1);
  g_assert_cmpuint (sw_window_get_n_runs (window), ==, runs);

  /* Undo: the model runs again and the error goes. */
  g_assert_true (sw_history_undo (sw_window_get_history (window)));
  g_assert_true (wait_for_runs (window, runs, 60));
  g_assert_null (sw_window_get_run_error (window));
  iterate ();
  window_destroy_and_check (window);
}

/* A run that fails with an error naming a component (a huge constant
 * torque on a tiny inertia overflows) shows its message above the results
 * and marks that component, and only it, on the canvas. */
static void
test_run_error_marks (void)
{
  const char *text =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"Blow-up\",\n"
    " \"components\": [\n"
    "  {\"id\": \"fixed\", \"kind\": \"rotational.fixed\", \"position\": [40, 200]},\n"
    "  {\"id\": \"tau\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 1e100}, \"position\": [40, 80]},\n"
    "  {\"id\": \"body\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1e-100}, \"position\": [160, 80]}],\n"
    " \"connections\": [{\"from\": \"tau.flange\", \"to\": \"body.flange_a\"},\n"
    "  {\"from\": \"tau.support\", \"to\": \"fixed.flange\"}],\n"
    " \"simulation\": {\"stop_time\": 1e100, \"output_interval\": 1e99, \"tolerance\": 1e-6}}\n";
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("sw-run-error-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "blow-up.shaft", NULL);
  SwWindow *window;
  SwCanvas *canvas;
  const char *mark;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
  window = window_with_file (path);
  canvas = window->canvas;
  g_assert_true (SW_IS_CANVAS (canvas));
  /* Live runs it on opening; otherwise Run does. */
  {
    gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

    if (sw_window_get_run_error (window) == NULL)
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-simulation", NULL));
    while (sw_window_get_run_error (window) == NULL && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, TRUE);
  }
  g_assert_nonnull (sw_window_get_run_error (window));
  g_assert_nonnull (strstr (sw_window_get_run_error (window), "“tau”"));
  g_assert_nonnull (strstr (sw_window_get_run_error (window), "tau.phi"));
  iterate ();

  /* The component it names is marked, with the run's message. */
  mark = _sw_canvas_get_problem (canvas, "tau");
  g_assert_nonnull (mark);
  g_assert_nonnull (strstr (mark, "tau.phi"));
  g_assert_null (_sw_canvas_get_problem (canvas, "fixed"));
  g_assert_cmpuint (_sw_canvas_get_n_problems (canvas), >=, 1);

  window_destroy_and_check (window);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_simulate (void)
{
  g_autofree char *path = sw_test_example_path ("first.shaft");
  SwWindow *window = window_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  SwTrajectory *trajectory;

  /* Without Live, opening runs nothing. */
  sw_window_set_live (window, FALSE);
  g_assert_true (sw_window_load_file (window, file, &error));
  g_assert_no_error (error);
  spin (0.1);
  g_assert_null (sw_window_get_trajectory (window));
  /* Two runs in a row: the first is cancelled, the second applies. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-simulation", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-simulation", NULL));
  g_assert_true (sw_window_get_running (window));
  g_assert_true (wait_until_idle (window, 60));
  trajectory = sw_window_get_trajectory (window);
  g_assert_nonnull (trajectory);
  g_assert_cmpuint (sw_trajectory_get_n_rows (trajectory), >, 10);
  g_assert_cmpint (sw_trajectory_find_column (trajectory, "inertia3.w"), >=, 0);

  /* Destroying the window while a run is under way is safe: the result
   * finds no window and is dropped. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-simulation", NULL));
  window_destroy_and_check (window);
  {
    gint64 end = g_get_monotonic_time () + G_USEC_PER_SEC;

    while (g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, FALSE);
  }
}

static void
test_modes (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  SwModes *modes;

  sw_window_set_live (window, FALSE);
  g_assert_true (sw_window_load_file (window, file, &error));
  g_assert_null (sw_window_get_modes (window));
  /* F6: in the Modes page, never a window of its own. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.modal-analysis", NULL));
  g_assert_true (wait_until_idle (window, 60));
  g_assert_null (find_transient (window, ADW_TYPE_WINDOW));
  modes = sw_window_get_modes (window);
  g_assert_nonnull (modes);
  /* Four bodies on springs, free at the ends: one rigid-body mode, three
   * elastic ones. */
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 4);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  g_assert_cmpfloat (sw_modes_get_time (modes), ==, 0);

  window_destroy_and_check (window);
}

static void
add_tests (void)
{
  g_test_add_func ("/app/window/simulate", test_simulate);
  g_test_add_func ("/app/window/modes", test_modes);
  g_test_add_func ("/app/window/run-error", test_run_error);
  g_test_add_func ("/app/window/run-error-marks", test_run_error_marks);
}

int
main (int   argc,
      char *argv[])
{
  return test_window_run (argc, argv, "test-window-runs", add_tests);
}
