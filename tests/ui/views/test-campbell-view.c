/* test-campbell-view.c: the Campbell diagram view over
 * data/examples/fourbody.shaft: the shaft list, properties and their
 * notifications, the crossings in the table against sw_campbell_compute(),
 * the table's cells, "mode-selected" from the table and from a click on a
 * crossing's circle, a gear mesh's order line (gear-pair.shaft), an error
 * shown, the widget in a window in light and dark styles, and in the
 * width the page has in a 1280 px window with both side panels open: it
 * fits, its controls wrapped, the table beside the plot.
 *
 * Needs a display (xvfb-run); GSK_RENDERER=cairo. SW_SCREENSHOTS=DIR keeps
 * the window's pictures there (campbell-light.png, campbell-dark.png).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <adwaita.h>

#include "sw-campbell.h"
#include "sw-campbell-view.h"
#include "sw-campbell-view-private.h"
#include "sw-model.h"
#include "sw-simulate.h"
#include "sw-ui-test.h"

/* The view's speed samples over the range. */
#define VIEW_SPEEDS 121

static void
wait_computed (SwCampbellView *view)
{
  g_assert_cmpuint (sw_ui_test_wait_signal (view, "computed", 30), ==, 1);
  g_assert_false (sw_campbell_view_get_busy (view));
}

static void
on_mode_selected (SwCampbellView *view, guint mode, GArray *modes)
{
  g_array_append_val (modes, mode);
}

static void
test_shafts (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("fourbody.shaft");
  SwCampbellView *view = g_object_ref_sink (SW_CAMPBELL_VIEW (sw_campbell_view_new ()));
  GListModel *shafts = sw_campbell_view_get_shafts (view);
  int notes = 0;

  sw_campbell_view_set_system (view, system);
  g_assert_cmpuint (g_list_model_get_n_items (shafts), ==, 4);
  g_assert_true (sw_ui_test_has_string (shafts, "rotor"));
  g_assert_true (sw_ui_test_has_string (shafts, "hub1"));
  g_assert_true (sw_ui_test_has_string (shafts, "hub2"));
  g_assert_true (sw_ui_test_has_string (shafts, "load"));
  g_assert_false (sw_ui_test_has_string (shafts, "torque"));
  g_assert_false (sw_ui_test_has_string (shafts, "shaft"));
  g_assert_cmpstr (sw_campbell_view_get_shaft (view), ==, "rotor");

  g_signal_connect (view, "notify::shaft", G_CALLBACK (sw_ui_test_count_notify), &notes);
  sw_campbell_view_set_shaft (view, "load");
  sw_campbell_view_set_shaft (view, "load");
  g_assert_cmpint (notes, ==, 1);
  g_assert_cmpstr (sw_campbell_view_get_shaft (view), ==, "load");
  wait_computed (view);
  g_assert_nonnull (sw_campbell_view_get_campbell (view));
  g_assert_finalize_object (view);
}

static void
test_properties (void)
{
  SwCampbellView *view = g_object_ref_sink (SW_CAMPBELL_VIEW (sw_campbell_view_new ()));
  static const double orders[] = { 0.5, 1, 2 };
  const double *got;
  guint n;
  int notes = 0;
  double to;

  g_assert_cmpfloat (sw_campbell_view_get_from_rpm (view), ==, 0);
  g_assert_cmpfloat (sw_campbell_view_get_to_rpm (view), ==, 3000);
  got = sw_campbell_view_get_orders (view, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpfloat (got[0], ==, 1);

  g_signal_connect (view, "notify::to-rpm", G_CALLBACK (sw_ui_test_count_notify), &notes);
  sw_campbell_view_set_speed_range (view, 100, 9000);
  sw_campbell_view_set_speed_range (view, 100, 9000);
  g_assert_cmpint (notes, ==, 1);
  g_object_get (view, "to-rpm", &to, NULL);
  g_assert_cmpfloat (to, ==, 9000);
  sw_campbell_view_set_orders (view, orders, 3);
  got = sw_campbell_view_get_orders (view, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpfloat (got[2], ==, 2);
  /* No system: nothing to compute. */
  g_assert_false (sw_campbell_view_get_busy (view));
  g_assert_null (sw_campbell_view_get_campbell (view));
  g_assert_finalize_object (view);
}

static void
test_crossings (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("fourbody.shaft");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwCampbell) expected = NULL;
  g_autoptr (GArray) selected = g_array_new (FALSE, FALSE, sizeof (guint));
  SwCampbellView *view = g_object_ref_sink (SW_CAMPBELL_VIEW (sw_campbell_view_new ()));
  static const double orders[] = { 1, 2 };
  SwCampbellOptions o = sw_campbell_options_default ();
  GtkSelectionModel *table;
  guint n;

  sw_campbell_view_set_system (view, system);
  sw_campbell_view_set_shaft (view, "rotor");
  sw_campbell_view_set_speed_range (view, 0, 12000);
  sw_campbell_view_set_orders (view, orders, 2);
  wait_computed (view);
  g_assert_null (sw_campbell_view_get_error (view));

  o.from_rpm = 0;
  o.to_rpm = 12000;
  o.orders = orders;
  o.n_orders = 2;
  o.n_speeds = VIEW_SPEEDS;
  expected = sw_campbell_compute (system, "rotor", &o, &error);
  g_assert_no_error (error);

  table = sw_campbell_view_get_crossings (view);
  n = g_list_model_get_n_items (G_LIST_MODEL (table));
  g_assert_cmpuint (n, ==, sw_campbell_get_n_crossings (expected));
  g_assert_cmpuint (n, ==, 5);   /* modes 2, 3, 4 by order 2 and modes 2, 3 by order 1 below 12000 rpm */
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (SwCampbellCrossing) row = g_list_model_get_item (G_LIST_MODEL (table), i);
      const SwCriticalSpeed *got = sw_campbell_crossing_get_speed (row), *want = sw_campbell_get_crossing (expected, i);
      g_autofree char *mode_text = _sw_campbell_view_dup_cell_text (row, 2);
      g_autofree char *want_mode = g_strdup_printf ("%u", want->mode);
      g_autofree char *section = _sw_campbell_view_dup_cell_text (row, 4);

      g_assert_cmpfloat_with_epsilon (got->speed_rpm, want->speed_rpm, 1e-9 * want->speed_rpm);
      g_assert_cmpfloat (got->order, ==, want->order);
      g_assert_cmpuint (got->mode, ==, want->mode);
      g_assert_cmpfloat_with_epsilon (got->frequency_hz, want->frequency_hz, 1e-9 * want->frequency_hz);
      g_assert_cmpstr (mode_text, ==, want_mode);
      g_assert_cmpstr (section, ==, sw_system_get_part (system, (guint) want->section)->id);
      g_assert_cmpstr (sw_campbell_crossing_get_section (row), ==, section);
    }
  /* Nothing selected at first. */
  g_assert_false (gtk_selection_model_is_selected (table, 0));

  g_signal_connect (view, "mode-selected", G_CALLBACK (on_mode_selected), selected);
  sw_campbell_view_select_crossing (view, 3);
  g_assert_cmpuint (selected->len, ==, 1);
  g_assert_cmpuint (g_array_index (selected, guint, 0), ==, sw_campbell_get_crossing (expected, 3)->mode);
  /* As the table selects it (a click or the keyboard on a row). */
  gtk_selection_model_select_item (table, 0, TRUE);
  g_assert_cmpuint (selected->len, ==, 2);
  g_assert_cmpuint (g_array_index (selected, guint, 1), ==, sw_campbell_get_crossing (expected, 0)->mode);
  /* Unselecting emits nothing. */
  sw_campbell_view_select_crossing (view, GTK_INVALID_LIST_POSITION);
  g_assert_cmpuint (selected->len, ==, 2);

  /* A new result empties the selection without a signal. */
  sw_campbell_view_select_crossing (view, 1);
  g_assert_cmpuint (selected->len, ==, 3);
  sw_campbell_view_set_speed_range (view, 0, 6000);
  wait_computed (view);
  g_assert_cmpuint (selected->len, ==, 3);
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (table)), ==, GTK_INVALID_LIST_POSITION);
  g_assert_finalize_object (view);
}

/* data/examples/gear-pair.shaft: its varying mesh stiffness is an order
 * line of its own, 20 on the motor's pinion (60 teeth at a third of its
 * speed), labelled with what excites it, and so is its crossing. */
static void
test_mesh_order (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("gear-pair.shaft");
  SwCampbellView *view = g_object_ref_sink (SW_CAMPBELL_VIEW (sw_campbell_view_new ()));
  g_autofree char *user = NULL, *mesh = NULL, *order = NULL;
  g_autoptr (SwCampbellCrossing) row = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 640, 480);
  cairo_t *cr = cairo_create (surface);

  sw_campbell_view_set_system (view, system);
  sw_campbell_view_set_shaft (view, "motor");
  sw_campbell_view_set_speed_range (view, 0, 8000);
  wait_computed (view);
  g_assert_null (sw_campbell_view_get_error (view));
  user = _sw_campbell_view_dup_order_label (view, 0);
  mesh = _sw_campbell_view_dup_order_label (view, 1);
  g_assert_cmpstr (user, ==, "order 1×");
  g_assert_cmpstr (mesh, ==, "mesh 20× of gearPair");
  /* One crossing, the mesh order's, at 60 f / 20 rpm. */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (sw_campbell_view_get_crossings (view))), ==, 1);
  row = g_list_model_get_item (G_LIST_MODEL (sw_campbell_view_get_crossings (view)), 0);
  order = _sw_campbell_view_dup_cell_text (row, 1);
  g_assert_cmpstr (order, ==, "20× mesh");
  g_assert_cmpfloat_with_epsilon (sw_campbell_crossing_get_speed (row)->speed_rpm, 3516.84, 0.01);
  g_assert_true (_sw_campbell_view_render (view, cr, 640, 480));
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  g_clear_object (&row);
  g_assert_finalize_object (view);
}

/* No elastic mode, engaged or not: the order lines alone, no crossing,
 * and a note that says why (the page was an empty table). */
static void
test_rigid (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_rigid_drivetrain ();
  SwCampbellView *view = g_object_ref_sink (SW_CAMPBELL_VIEW (sw_campbell_view_new ()));

  sw_campbell_view_set_system (view, system);
  sw_campbell_view_set_shaft (view, "engine1");
  wait_computed (view);
  g_assert_null (sw_campbell_view_get_error (view));
  g_assert_cmpuint (sw_campbell_get_n_crossings (sw_campbell_view_get_campbell (view)), ==, 0);
  g_assert_nonnull (sw_campbell_view_get_note (view));
  g_assert_nonnull (strstr (sw_campbell_view_get_note (view), "No elastic mode"));
  g_assert_true (sw_campbell_view_get_friction (view) == SW_LINEAR_FRICTION_OPERATING);
  g_assert_finalize_object (view);
}

static void
test_error (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("fourbody.shaft");
  SwCampbellView *view = g_object_ref_sink (SW_CAMPBELL_VIEW (sw_campbell_view_new ()));

  sw_campbell_view_set_system (view, system);
  wait_computed (view);
  g_assert_null (sw_campbell_view_get_error (view));
  /* A system without a reference shaft: nothing to compute, an empty table. */
  sw_campbell_view_set_system (view, NULL);
  g_assert_false (sw_campbell_view_get_busy (view));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (sw_campbell_view_get_crossings (view))), ==, 0);
  g_assert_finalize_object (view);
}

/* Whether two diagrams have the same columns, value for value. */
static void
assert_same_diagram (const SwTrajectory *shown,
                     const SwTrajectory *want)
{
  g_assert_cmpuint (sw_trajectory_get_n_columns ((SwTrajectory *) shown), ==,
                    sw_trajectory_get_n_columns ((SwTrajectory *) want));
  g_assert_cmpuint (sw_trajectory_get_n_rows ((SwTrajectory *) shown), ==,
                    sw_trajectory_get_n_rows ((SwTrajectory *) want));
  for (guint c = 0; c < sw_trajectory_get_n_columns ((SwTrajectory *) want); c++)
    for (guint r = 0; r < sw_trajectory_get_n_rows ((SwTrajectory *) want); r++)
      g_assert_cmpfloat (sw_trajectory_get_column ((SwTrajectory *) shown, c)[r], ==,
                         sw_trajectory_get_column ((SwTrajectory *) want, c)[r]);
}

/* The vehicle launch about its engine: at t = 0 the clutch is open, so no
 * mode moves the engine and its orders excite nothing: the view shows the
 * diagram with the clutches engaged and the brakes released
 * (sw_campbell_compute()'s, value for value), says so and shows "Clutches
 * engaged" in its list. At 2 s (the plot's cursor there) the clutch is
 * engaged by itself: the diagram is sw_campbell_compute()'s in the friction
 * state of a run's state at 2 s, without a note. Chosen in the list, the
 * operating point's state stays at t = 0 (the open clutch's diagram). */
static void
test_operating_point (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("vehicle-launch.shaft");
  SwCampbellView *view = g_object_ref_sink (SW_CAMPBELL_VIEW (sw_campbell_view_new ()));
  SwSimulateOptions so = sw_simulate_options_from_system (system);
  SwCampbellOptions o = sw_campbell_options_default ();
  g_autoptr (GError) error = NULL;
  g_autoptr (SwCampbell) expected = NULL;
  g_autoptr (SwCampbell) engaged0 = NULL;
  g_autoptr (SwCampbell) open0 = NULL;
  g_autofree double *state = NULL;
  const SwTrajectory *at0, *shown, *want;

  sw_campbell_view_set_system (view, system);
  sw_campbell_view_set_shaft (view, "engine");
  wait_computed (view);
  g_assert_null (sw_campbell_view_get_error (view));
  o.from_rpm = sw_campbell_view_get_from_rpm (view);
  o.to_rpm = sw_campbell_view_get_to_rpm (view);
  o.orders = sw_campbell_view_get_orders (view, &o.n_orders);
  o.n_speeds = VIEW_SPEEDS;

  at0 = sw_campbell_get_diagram (sw_campbell_view_get_campbell (view));
  g_assert_nonnull (sw_campbell_view_get_note (view));
  g_assert_nonnull (strstr (sw_campbell_view_get_note (view), "clutches engaged"));
  g_assert_nonnull (strstr (sw_campbell_view_get_note (view), "engine"));
  g_assert_true (sw_campbell_view_get_friction (view) == SW_LINEAR_FRICTION_ENGAGED);
  g_assert_cmpuint (gtk_drop_down_get_selected (view->friction_drop), ==, SW_LINEAR_FRICTION_ENGAGED);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (view->status)));
  o.friction = SW_LINEAR_FRICTION_ENGAGED;
  engaged0 = sw_campbell_compute (system, "engine", &o, &error);
  g_assert_no_error (error);
  assert_same_diagram (at0, sw_campbell_get_diagram (engaged0));
  /* As at the operating point the clutch is open: another lowest mode. */
  o.friction = SW_LINEAR_FRICTION_OPERATING;
  open0 = sw_campbell_compute (system, "engine", &o, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (fabs (sw_trajectory_get_column (sw_campbell_get_diagram (open0), 0)[0] -
                           sw_trajectory_get_column ((SwTrajectory *) at0, 0)[0]), >, 0.1);

  sw_campbell_view_set_at_cursor (view, TRUE);
  g_assert_true (sw_campbell_view_get_at_cursor (view));
  sw_campbell_view_set_operating_time (view, 2);
  wait_computed (view);
  g_assert_null (sw_campbell_view_get_error (view));
  g_assert_null (sw_campbell_view_get_note (view));
  g_assert_true (sw_campbell_view_get_friction (view) == SW_LINEAR_FRICTION_OPERATING);
  shown = sw_campbell_get_diagram (sw_campbell_view_get_campbell (view));

  so.stop_time_s = 2;
  state = sw_simulate_final_state (system, &so, &error);
  g_assert_no_error (error);
  o.at_s = 2;
  o.at_state = state;
  expected = sw_campbell_compute (system, "engine", &o, &error);
  g_assert_no_error (error);
  want = sw_campbell_get_diagram (expected);
  assert_same_diagram (shown, want);

  /* Chosen in the list at t = 0: the open clutch's diagram, no note. */
  sw_campbell_view_set_operating_time (view, 0);
  wait_computed (view);
  g_assert_nonnull (sw_campbell_view_get_note (view));
  sw_campbell_view_set_friction (view, SW_LINEAR_FRICTION_OPERATING);
  wait_computed (view);
  g_assert_null (sw_campbell_view_get_note (view));
  g_assert_true (sw_campbell_view_get_friction (view) == SW_LINEAR_FRICTION_OPERATING);
  assert_same_diagram (sw_campbell_get_diagram (sw_campbell_view_get_campbell (view)), sw_campbell_get_diagram (open0));
  g_assert_finalize_object (view);
}

static void
test_window (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("fourbody.shaft");
  g_autoptr (GArray) selected = g_array_new (FALSE, FALSE, sizeof (guint));
  GtkWidget *window = gtk_window_new ();
  GtkWidget *widget = sw_campbell_view_new ();
  SwCampbellView *view = SW_CAMPBELL_VIEW (widget);
  static const double orders[] = { 1, 2, 4 };
  cairo_surface_t *light, *dark;
  GtkWidget *area;
  GList *gestures;
  double x, y;

  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 700);
  gtk_window_set_child (GTK_WINDOW (window), widget);
  sw_campbell_view_set_system (view, system);
  sw_campbell_view_set_speed_range (view, 0, 12000);
  sw_campbell_view_set_orders (view, orders, 3);
  gtk_window_present (GTK_WINDOW (window));
  wait_computed (view);
  sw_ui_test_set_dark (FALSE);
  sw_ui_test_iterate (300);
  area = sw_ui_test_find_type (widget, GTK_TYPE_DRAWING_AREA);
  g_assert_nonnull (area);
  g_assert_cmpint (sw_ui_test_wait_width (area, 400, 10), >, 400);

  /* A click on a crossing's circle selects it. */
  g_signal_connect (view, "mode-selected", G_CALLBACK (on_mode_selected), selected);
  g_assert_true (_sw_campbell_view_crossing_position (view, 4, &x, &y));
  gestures = NULL;
  {
    g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (area);

    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr (GObject) c = g_list_model_get_item (controllers, i);
        if (GTK_IS_GESTURE_CLICK (c))
          gestures = g_list_prepend (gestures, c);
      }
    g_assert_nonnull (gestures);
    g_signal_emit_by_name (gestures->data, "pressed", 1, x + 3, y - 2);
    g_list_free (gestures);
  }
  g_assert_cmpuint (selected->len, ==, 1);
  g_assert_cmpuint (g_array_index (selected, guint, 0), ==,
                    sw_campbell_get_crossing (sw_campbell_view_get_campbell (view), 4)->mode);
  sw_ui_test_iterate (200);

  light = sw_ui_test_snapshot (window);
  sw_ui_test_keep_picture (light, "SW_SCREENSHOTS", "campbell-light.png");
  sw_ui_test_set_dark (TRUE);
  sw_ui_test_iterate (300);
  dark = sw_ui_test_snapshot (window);
  sw_ui_test_keep_picture (dark, "SW_SCREENSHOTS", "campbell-dark.png");
  if (g_getenv ("SW_SCREENSHOTS") != NULL)
    {
      g_autofree char *path = g_build_filename (g_getenv ("SW_SCREENSHOTS"), "campbell-export.png", NULL);
      g_autoptr (GError) error = NULL;

      g_assert_true (sw_campbell_view_export (view, path, 1000, 650, &error));
      g_assert_no_error (error);
    }
  sw_ui_test_reset_style ();
  cairo_surface_destroy (light);
  cairo_surface_destroy (dark);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* What the Campbell page is given in a 1280 px window with the palette and
 * the inspector open (measured on the window); its minimum a good deal
 * less, for a longer translation or reference shaft. */
#define PAGE_AT_1280 687
#define MIN_AT_1280  600

/* Whether child lies inside widget's width. */
static gboolean
inside_width (GtkWidget *child, GtkWidget *widget)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (child, widget, &bounds));
  return bounds.origin.x >= 0 && bounds.origin.x + bounds.size.width <= gtk_widget_get_width (widget) + 0.5;
}

static void
test_narrow (void)
{
  g_autoptr (SwSystem) system = sw_ui_test_load_system ("fourbody.shaft");
  GtkWidget *window = gtk_window_new ();
  GtkWidget *widget = sw_campbell_view_new ();
  SwCampbellView *view = SW_CAMPBELL_VIEW (widget);
  GtkWidget *table_scroller;
  int minimum = 0, natural = 0, width, table_natural = 0;
  graphene_rect_t area_bounds, table_bounds;

  /* Its minimum fits the page; its natural width (all controls on one
   * line) is what a wide window shows. */
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_test_message ("the Campbell view: minimum %d px, natural %d px", minimum, natural);
  g_assert_cmpint (minimum, <=, MIN_AT_1280);
  g_assert_cmpint (natural, >, minimum);
  /* At 1280 px even its natural width fits: the controls on two lines. */
  g_assert_cmpint (natural, <=, PAGE_AT_1280);

  gtk_window_set_default_size (GTK_WINDOW (window), MIN_AT_1280, 520);
  gtk_window_set_child (GTK_WINDOW (window), widget);
  sw_campbell_view_set_system (view, system);
  gtk_window_present (GTK_WINDOW (window));
  wait_computed (view);
  sw_ui_test_iterate (300);
  width = sw_ui_test_wait_width (widget, MIN_AT_1280 / 2, 10);
  sw_ui_test_keep_widget (window, "SW_SCREENSHOTS", "campbell-narrow.png");
  g_assert_cmpint (width, <=, MIN_AT_1280);

  /* Every control is inside the page, wrapped onto a second line rather
   * than past its edge. */
  g_assert_true (inside_width (GTK_WIDGET (view->orders_entry), widget));
  g_assert_true (inside_width (GTK_WIDGET (view->at_cursor_check), widget));
  g_assert_true (inside_width (GTK_WIDGET (view->friction_drop), widget));

  /* The plot keeps most of the width, the table has its natural width or
   * the rest, beside it. */
  table_scroller = gtk_widget_get_ancestor (GTK_WIDGET (view->table), GTK_TYPE_SCROLLED_WINDOW);
  gtk_widget_measure (table_scroller, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &table_natural, NULL, NULL);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (view->area), widget, &area_bounds));
  g_assert_true (gtk_widget_compute_bounds (table_scroller, widget, &table_bounds));
  g_test_message ("plot %.0f px, table %.0f px (natural %d px)", area_bounds.size.width, table_bounds.size.width,
                  table_natural);
  g_assert_cmpfloat (area_bounds.size.width, >=, 0.5 * width);
  g_assert_cmpfloat (table_bounds.origin.x + table_bounds.size.width, <=, width + 0.5);
  g_assert_cmpfloat (table_bounds.size.width, >=, MIN (table_natural, 0.4 * width));

  gtk_window_destroy (GTK_WINDOW (window));
  sw_ui_test_iterate (50);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (!sw_ui_test_init ("/ui/campbell-view/no-display"))
    return g_test_run ();

  g_test_add_func ("/ui/campbell-view/shafts", test_shafts);
  g_test_add_func ("/ui/campbell-view/properties", test_properties);
  g_test_add_func ("/ui/campbell-view/crossings", test_crossings);
  g_test_add_func ("/ui/campbell-view/mesh-order", test_mesh_order);
  g_test_add_func ("/ui/campbell-view/error", test_error);
  g_test_add_func ("/ui/campbell-view/operating-point", test_operating_point);
  g_test_add_func ("/ui/campbell-view/rigid", test_rigid);
  g_test_add_func ("/ui/campbell-view/window", test_window);
  g_test_add_func ("/ui/campbell-view/narrow", test_narrow);
  return g_test_run ();
}
