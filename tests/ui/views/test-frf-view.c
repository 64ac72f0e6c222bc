/* test-frf-view.c: the frequency response view over data/examples/fourbody.shaft:
 * the input and output lists, properties and their notifications, the
 * response against sw_frf_compute(), dB on the plot's axis against
 * 20 log10 of the magnitude, the natural frequencies marked against
 * sw_modes_compute(), an error shown, and the widget in a window in light
 * and dark styles.
 *
 * Needs a display (xvfb-run); GSK_RENDERER=cairo. SW_SCREENSHOTS=DIR keeps
 * the window's pictures there (frf-light.png, frf-dark.png).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <adwaita.h>

#include "sw-frf.h"
#include "sw-frf-view.h"
#include "sw-frf-view-private.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-ui-test.h"

/* Runs the main loop until the view has computed (at most 20 s). */
static void
wait_computed (SwFrfView *view)
{
  g_assert_cmpuint (sw_ui_test_wait_signal (view, "computed", 20), ==, 1);
  g_assert_false (sw_frf_view_get_busy (view));
}

static void
test_lists (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("fourbody.shaft");
  SwFrfView *view = g_object_ref_sink (SW_FRF_VIEW (sw_frf_view_new ()));
  GListModel *inputs = sw_frf_view_get_inputs (view), *outputs = sw_frf_view_get_outputs (view);

  g_assert_cmpuint (g_list_model_get_n_items (inputs), ==, 0);
  sw_frf_view_set_system (view, system);
  g_assert_true (sw_frf_view_get_system (view) == system);
  /* The source and the four bodies, not the springs. */
  g_assert_cmpuint (g_list_model_get_n_items (inputs), ==, 5);
  for (guint i = 0; i < 5; i++)
    g_assert_true (sw_ui_test_has_string (inputs, (const char *[]) { "torque", "rotor", "hub1", "hub2", "load" }[i]));
  g_assert_false (sw_ui_test_has_string (inputs, "shaft"));
  /* Every variable of every part. */
  g_assert_true (sw_ui_test_has_string (outputs, "load.w"));
  g_assert_true (sw_ui_test_has_string (outputs, "rotor.phi"));
  g_assert_true (sw_ui_test_has_string (outputs, "shaft.tau"));
  g_assert_true (sw_ui_test_has_string (outputs, "coupling.tau"));
  g_assert_false (sw_ui_test_has_string (outputs, "load"));
  /* A default choice, computed. */
  g_assert_cmpstr (sw_frf_view_get_input (view), ==, "torque");
  g_assert_cmpstr (sw_frf_view_get_output (view), ==, "load.w");
  wait_computed (view);
  g_assert_nonnull (sw_frf_view_get_response (view));

  sw_frf_view_set_system (view, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (inputs), ==, 0);
  g_assert_null (sw_frf_view_get_response (view));
  g_assert_finalize_object (view);
}

static void
test_properties (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("fourbody.shaft");
  SwFrfView *view = g_object_ref_sink (SW_FRF_VIEW (sw_frf_view_new ()));
  int input_notes = 0, db_notes = 0, from_notes = 0;
  gboolean db;

  sw_frf_view_set_system (view, system);
  g_signal_connect (view, "notify::input", G_CALLBACK (sw_ui_test_count_notify), &input_notes);
  g_signal_connect (view, "notify::db", G_CALLBACK (sw_ui_test_count_notify), &db_notes);
  g_signal_connect (view, "notify::from-hz", G_CALLBACK (sw_ui_test_count_notify), &from_notes);

  sw_frf_view_set_input (view, "rotor");
  g_assert_cmpstr (sw_frf_view_get_input (view), ==, "rotor");
  g_assert_cmpint (input_notes, ==, 1);
  sw_frf_view_set_input (view, "rotor");
  g_assert_cmpint (input_notes, ==, 1);
  g_object_set (view, "input", "torque", NULL);
  g_assert_cmpint (input_notes, ==, 2);

  sw_frf_view_set_db (view, TRUE);
  sw_frf_view_set_db (view, TRUE);
  g_object_get (view, "db", &db, NULL);
  g_assert_true (db);
  g_assert_cmpint (db_notes, ==, 1);

  sw_frf_view_set_range (view, 2, 500);
  sw_frf_view_set_range (view, 2, 500);
  g_assert_cmpfloat (sw_frf_view_get_from_hz (view), ==, 2);
  g_assert_cmpfloat (sw_frf_view_get_to_hz (view), ==, 500);
  g_assert_cmpint (from_notes, ==, 1);
  wait_computed (view);

  /* Dropped while a job runs: its result is never applied. */
  sw_frf_view_set_input (view, "hub1");
  g_assert_true (sw_frf_view_get_busy (view));
  g_assert_finalize_object (view);
  for (int i = 0; i < 50; i++)
    g_main_context_iteration (NULL, FALSE);
  g_usleep (100000);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
test_response (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("fourbody.shaft");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) expected = NULL;
  g_autoptr (SwModes) modes = NULL;
  SwFrfView *view = g_object_ref_sink (SW_FRF_VIEW (sw_frf_view_new ()));
  SwFrfOptions o = sw_frf_options_default ();
  SwTrajectory *shown;
  const double *natural;
  guint n, n_natural = 0, rows;
  int mag, exp_mag;

  sw_frf_view_set_system (view, system);
  sw_frf_view_set_input (view, "torque");
  sw_frf_view_set_output (view, "hub2.w");
  sw_frf_view_set_range (view, 1, 1000);
  wait_computed (view);
  g_assert_null (sw_frf_view_get_error (view));

  o.from_hz = 1;
  o.to_hz = 1000;
  expected = sw_frf_compute (system, "torque", "hub2.w", &o, &error);
  g_assert_no_error (error);
  shown = sw_frf_view_get_response (view);
  g_assert_nonnull (shown);
  rows = sw_trajectory_get_n_rows (expected);
  g_assert_cmpuint (sw_trajectory_get_n_rows (shown), ==, rows);
  mag = sw_trajectory_find_column (shown, "magnitude");
  exp_mag = sw_trajectory_find_column (expected, "magnitude");
  g_assert_cmpint (mag, >=, 0);
  for (guint r = 0; r < rows; r += rows / 7)
    {
      g_assert_cmpfloat (sw_trajectory_get_times (shown)[r], ==, sw_trajectory_get_times (expected)[r]);
      g_assert_cmpfloat_with_epsilon (sw_trajectory_get_column (shown, mag)[r],
                                      sw_trajectory_get_column (expected, exp_mag)[r],
                                      1e-12 * sw_trajectory_get_column (expected, exp_mag)[r]);
    }
  g_assert_cmpfloat (sw_trajectory_get_times (shown)[0], ==, 1);
  g_assert_cmpfloat_with_epsilon (sw_trajectory_get_times (shown)[rows - 1], 1000, 1e-9);

  /* The natural frequencies marked: the elastic modes of sw_modes. */
  modes = sw_modes_compute (system, 0, NULL, &error);
  g_assert_no_error (error);
  natural = sw_frf_view_get_natural_frequencies (view, &n_natural);
  n = 0;
  for (guint i = 0; i < sw_modes_get_n_modes (modes); i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);

      if (m->rigid_body)
        continue;
      g_assert_cmpuint (n, <, n_natural);
      g_assert_cmpfloat_with_epsilon (natural[n], m->frequency_hz, 1e-9 * m->frequency_hz);
      n++;
    }
  g_assert_cmpuint (n, ==, n_natural);
  g_assert_cmpuint (n_natural, ==, 3);

  /* Modes given by the caller are the ones marked. */
  {
    g_autoptr (SwModes) one = NULL;
    double first = natural[0];
    SwModesOptions mo = sw_modes_options_default ();

    mo.n_lowest = 2;
    one = sw_modes_compute_with_options (system, 0, NULL, &mo, &error);
    g_assert_no_error (error);
    sw_frf_view_set_modes (view, one);
    wait_computed (view);
    sw_frf_view_get_natural_frequencies (view, &n_natural);
    g_assert_cmpuint (n_natural, ==, 1);
    g_assert_cmpfloat_with_epsilon (sw_frf_view_get_natural_frequencies (view, NULL)[0], first, 1e-9 * first);
  }
  g_assert_finalize_object (view);
}

static void
test_db (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("fourbody.shaft");
  SwFrfView *view = g_object_ref_sink (SW_FRF_VIEW (sw_frf_view_new ()));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 900, 600);
  cairo_t *cr = cairo_create (surface);
  SwPlotGeometry g;
  SwTrajectory *tr;
  g_autofree char *linear_label = NULL, *db_label = NULL;
  double lo = G_MAXDOUBLE, hi = 0, top, bottom;
  int mag;

  sw_frf_view_set_system (view, system);
  sw_frf_view_set_output (view, "load.w");
  wait_computed (view);
  tr = sw_frf_view_get_response (view);
  mag = sw_trajectory_find_column (tr, "magnitude");
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      lo = MIN (lo, sw_trajectory_get_column (tr, mag)[r]);
      hi = MAX (hi, sw_trajectory_get_column (tr, mag)[r]);
    }

  g_assert_true (_sw_frf_view_render (view, cr, 900, 600, &g));
  g_assert_true (g.log_x);
  g_assert_true (g.panels[0].log);
  linear_label = _sw_frf_view_dup_magnitude_label (view);
  g_assert_cmpstr (linear_label, ==, "magnitude [rad/s/(N.m)]");

  sw_frf_view_set_db (view, TRUE);
  g_assert_true (_sw_frf_view_render (view, cr, 900, 600, &g));
  g_assert_false (g.panels[0].log);
  db_label = _sw_frf_view_dup_magnitude_label (view);
  g_assert_cmpstr (db_label, ==, "magnitude [dB re 1 rad/s/(N.m)]");
  /* The axis spans the data in dB with 5 % each side: 20 log10 of the
   * largest and smallest magnitude. */
  top = g.panels[0].y_max - 0.05 * (g.panels[0].y_max - g.panels[0].y_min) / 1.1;
  bottom = g.panels[0].y_min + 0.05 * (g.panels[0].y_max - g.panels[0].y_min) / 1.1;
  g_assert_cmpfloat_with_epsilon (top, 20 * log10 (hi), 1e-6);
  g_assert_cmpfloat_with_epsilon (bottom, 20 * log10 (lo), 1e-6);
  /* The phase panel stays in degrees. */
  g_assert_cmpfloat (g.panels[1].y_max, <=, 200);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  g_assert_finalize_object (view);
}

static void
test_error (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("fourbody.shaft");
  SwFrfView *view = g_object_ref_sink (SW_FRF_VIEW (sw_frf_view_new ()));

  sw_frf_view_set_system (view, system);
  wait_computed (view);
  /* A range above the grid's limit: refused by sw_frf_compute, shown. */
  sw_frf_view_set_range (view, 500, 100);
  wait_computed (view);
  g_assert_nonnull (sw_frf_view_get_error (view));
  g_assert_null (sw_frf_view_get_response (view));
  sw_frf_view_set_range (view, 0, 0);
  wait_computed (view);
  g_assert_null (sw_frf_view_get_error (view));
  g_assert_finalize_object (view);
}

/* The vehicle launch: its clutch is open at t = 0, so the car does not
 * respond to the engine: the page shows the response with the clutches
 * engaged and the brakes released (the list says so) and the note why; at
 * 2 s (the plot's cursor there) the clutch is engaged in the run, and the
 * response is sw_frf_compute()'s at the state of a run at 2 s, bit for
 * bit, as at the operating point. Chosen in the list, the operating point
 * stays, with its empty response and what to try. */
static void
test_operating_point (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("vehicle-launch.shaft");
  SwFrfView *view = g_object_ref_sink (SW_FRF_VIEW (sw_frf_view_new ()));
  SwSimulateOptions so = sw_simulate_options_from_system (system);
  SwFrfOptions o = sw_frf_options_default ();
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) expected = NULL, engaged = NULL;
  g_autofree double *state = NULL;
  int at_cursor_notes = 0;
  SwTrajectory *shown;

  g_signal_connect (view, "notify::at-cursor", G_CALLBACK (sw_ui_test_count_notify), &at_cursor_notes);
  sw_frf_view_set_system (view, system);
  sw_frf_view_set_input (view, "engine");
  sw_frf_view_set_output (view, "car.v");
  wait_computed (view);
  g_assert_false (sw_frf_is_zero (sw_frf_view_get_response (view)));
  g_assert_true (sw_frf_view_get_friction (view) == SW_LINEAR_FRICTION_ENGAGED);
  g_assert_cmpuint (gtk_drop_down_get_selected (view->friction_drop), ==, SW_LINEAR_FRICTION_ENGAGED);
  g_assert_nonnull (strstr (sw_frf_view_get_note (view), "car.v does not respond to engine"));
  g_assert_nonnull (strstr (sw_frf_view_get_note (view), "clutches engaged"));
  o.friction = SW_LINEAR_FRICTION_ENGAGED;
  engaged = sw_frf_compute (system, "engine", "car.v", &o, &error);
  g_assert_no_error (error);
  shown = sw_frf_view_get_response (view);
  g_assert_cmpuint (sw_trajectory_get_n_rows (shown), ==, sw_trajectory_get_n_rows (engaged));
  for (guint r = 0; r < sw_trajectory_get_n_rows (shown); r++)
    g_assert_cmpfloat (sw_trajectory_get_column (shown, 0)[r], ==, sw_trajectory_get_column (engaged, 0)[r]);
  o = sw_frf_options_default ();

  sw_frf_view_set_at_cursor (view, TRUE);
  g_assert_true (sw_frf_view_get_at_cursor (view));
  g_assert_cmpint (at_cursor_notes, ==, 1);
  sw_frf_view_set_operating_time (view, 2);
  g_assert_cmpfloat (sw_frf_view_get_operating_time (view), ==, 2);
  wait_computed (view);
  g_assert_null (sw_frf_view_get_note (view));
  shown = sw_frf_view_get_response (view);
  g_assert_false (sw_frf_is_zero (shown));

  so.stop_time_s = 2;
  state = sw_simulate_final_state (system, &so, &error);
  g_assert_no_error (error);
  o.at_s = 2;
  o.at_state = state;
  expected = sw_frf_compute (system, "engine", "car.v", &o, &error);
  g_assert_no_error (error);
  g_assert_true (sw_frf_view_get_friction (view) == SW_LINEAR_FRICTION_OPERATING);
  g_assert_cmpuint (sw_trajectory_get_n_rows (shown), ==, sw_trajectory_get_n_rows (expected));
  for (guint r = 0; r < sw_trajectory_get_n_rows (shown); r++)
    g_assert_cmpfloat (sw_trajectory_get_column (shown, 0)[r], ==, sw_trajectory_get_column (expected, 0)[r]);

  /* Chosen: at t = 0 the operating point's 0, said so. */
  sw_frf_view_set_operating_time (view, 0);
  wait_computed (view);
  g_assert_true (sw_frf_view_get_friction (view) == SW_LINEAR_FRICTION_ENGAGED);
  gtk_drop_down_set_selected (view->friction_drop, SW_LINEAR_FRICTION_OPERATING);
  wait_computed (view);
  g_assert_true (sw_frf_view_get_friction (view) == SW_LINEAR_FRICTION_OPERATING);
  g_assert_true (sw_frf_is_zero (sw_frf_view_get_response (view)));
  g_assert_nonnull (strstr (sw_frf_view_get_note (view), "Try another Friction state"));
  g_assert_finalize_object (view);
}

static void
test_window (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("fourbody.shaft");
  GtkWidget *window = gtk_window_new ();
  GtkWidget *widget = sw_frf_view_new ();
  SwFrfView *view = SW_FRF_VIEW (widget);
  cairo_surface_t *light, *dark;
  GtkWidget *area = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_set_child (GTK_WINDOW (window), widget);
  sw_frf_view_set_system (view, system);
  sw_frf_view_set_output (view, "hub2.w");
  gtk_window_present (GTK_WINDOW (window));
  wait_computed (view);
  sw_ui_test_set_dark (FALSE);
  sw_ui_test_iterate (300);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_DRAWING_AREA (c))
      area = c;
  g_assert_nonnull (area);
  g_assert_cmpint (gtk_widget_get_height (area), >, 400);

  light = sw_ui_test_snapshot (window);
  sw_ui_test_keep_picture (light, "SW_SCREENSHOTS", "frf-light.png");
  g_assert_cmpfloat (sw_ui_test_luminance_at (light, 5, gtk_widget_get_height (widget) - 3), >, 0.5);

  sw_ui_test_set_dark (TRUE);
  sw_frf_view_set_db (view, TRUE);
  sw_ui_test_iterate (300);
  dark = sw_ui_test_snapshot (window);
  sw_ui_test_keep_picture (dark, "SW_SCREENSHOTS", "frf-dark.png");
  g_assert_cmpfloat (sw_ui_test_luminance_at (dark, 5, gtk_widget_get_height (widget) - 3), <, 0.5);

  if (g_getenv ("SW_SCREENSHOTS") != NULL)
    {
      g_autofree char *path = g_build_filename (g_getenv ("SW_SCREENSHOTS"), "frf-export.png", NULL);
      g_autoptr (GError) error = NULL;

      g_assert_true (sw_frf_view_export (view, path, 1000, 650, &error));
      g_assert_no_error (error);
    }
  sw_ui_test_reset_style ();
  cairo_surface_destroy (light);
  cairo_surface_destroy (dark);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (!sw_ui_test_init ("/ui/frf-view/no-display"))
    return g_test_run ();

  g_test_add_func ("/ui/frf-view/lists", test_lists);
  g_test_add_func ("/ui/frf-view/properties", test_properties);
  g_test_add_func ("/ui/frf-view/response", test_response);
  g_test_add_func ("/ui/frf-view/db", test_db);
  g_test_add_func ("/ui/frf-view/error", test_error);
  g_test_add_func ("/ui/frf-view/operating-point", test_operating_point);
  g_test_add_func ("/ui/frf-view/window", test_window);
  return g_test_run ();
}
