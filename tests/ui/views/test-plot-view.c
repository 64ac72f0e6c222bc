/* test-plot-view.c: the trajectory plot widget: properties and their
 * notifications, panels by unit and moved, the cursor's read-outs, zoom,
 * pan and reset with their signals, the keyboard path, rpm and degrees, an
 * X–Y plot, runs behind, export to PNG, SVG and PDF, a long trajectory, the
 * PLplot stream, and the widget drawn in a window in light and dark styles.
 *
 * Needs a display (xvfb-run); GSK_RENDERER=cairo. SW_PLOT_VIEW_SHOTS=DIR
 * keeps the window's pictures there (light.png, dark.png, …).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>
#include <plplot.h>

#include "sw-error.h"
#include "sw-plot-view.h"
#include "sw-plot-view-private.h"
#include "sw-trajectory.h"
#include "sw-ui-test.h"

#define N_ROWS 401
#define RPM_PER_RAD_S (60.0 / (2.0 * G_PI))

/* Columns: 0 "inertia1.w", 1 "inertia2.w" [rad/s], 2 "spring.tau",
 * 3 "brake.tau" [N.m] (a step at the event t = 1: two rows), 4
 * "inertia1.phi" [rad]; t from 0 to stop_s. */
static SwTrajectory *
make_trajectory (double stop_s, double scale)
{
  char *names[] = { "inertia1.w", "inertia2.w", "spring.tau", "brake.tau", "inertia1.phi", NULL };
  char *units[] = { "rad/s", "rad/s", "N.m", "N.m", "rad", NULL };
  SwTrajectory *trajectory = sw_trajectory_new (g_strdupv (names), g_strdupv (units));

  for (guint r = 0; r < N_ROWS; r++)
    {
      double t = stop_s * r / (N_ROWS - 1);
      double values[5] = { scale * 3.0 * sin (2 * G_PI * t), scale * 3.0 * cos (2 * G_PI * t),
                           40.0 * exp (-t) * sin (6.0 * t), t < 1.0 ? -12.0 : 8.0,
                           scale * 3.0 * (1.0 - cos (2 * G_PI * t)) / (2 * G_PI) };

      if (t >= 1.0 && stop_s * (r - 1.0) / (N_ROWS - 1) < 1.0)
        {
          /* The left limit at the event. */
          double left[5];
          memcpy (left, values, sizeof left);
          left[3] = -12.0;
          sw_trajectory_append_row (trajectory, 1.0, left);
          t = 1.0;
          values[3] = 8.0;
          sw_trajectory_append_row (trajectory, 1.0, values);
          continue;
        }
      sw_trajectory_append_row (trajectory, t, values);
    }
  return trajectory;
}

static const char *all_columns[] = { "inertia1.w", "inertia2.w", "spring.tau", "brake.tau", "inertia1.phi", NULL };

/* Draws the widget onto an image of width × height. */
static cairo_surface_t *
render (SwPlotView *view, int width, int height, gboolean *ok)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  *ok = _sw_plot_view_render (view, cr, width, height);
  cairo_destroy (cr);
  return surface;
}

static void
render_ok (SwPlotView *view, int width, int height)
{
  gboolean ok;
  cairo_surface_t *surface = render (view, width, height, &ok);

  g_assert_true (ok);
  cairo_surface_destroy (surface);
}

static SwPlotView *
new_view (void)
{
  return g_object_ref_sink (SW_PLOT_VIEW (sw_plot_view_new ()));
}

static void
test_properties (void)
{
  SwPlotView *view = new_view ();
  int units_count = 0, title_count = 0, cursor_count = 0, visible_count = 0;
  SwPlotUnits units;
  g_autofree char *title = NULL;
  double t = -1.0;

  g_signal_connect (view, "notify::display-units", G_CALLBACK (sw_ui_test_count_notify), &units_count);
  g_signal_connect (view, "notify::title", G_CALLBACK (sw_ui_test_count_notify), &title_count);
  g_signal_connect (view, "notify::cursor-time", G_CALLBACK (sw_ui_test_count_notify), &cursor_count);
  g_signal_connect (view, "notify::cursor-visible", G_CALLBACK (sw_ui_test_count_notify), &visible_count);

  g_object_get (view, "display-units", &units, "title", &title, NULL);
  g_assert_cmpint (units, ==, SW_PLOT_UNITS_SI);
  g_assert_null (title);
  g_assert_false (sw_plot_view_get_cursor (view, &t));
  g_assert_null (sw_plot_view_get_trajectory (view));
  g_assert_cmpuint (sw_plot_view_get_n_panels (view), ==, 0);

  sw_plot_view_set_display_units (view, SW_PLOT_UNITS_RPM_DEGREES);
  g_assert_cmpint (sw_plot_view_get_display_units (view), ==, SW_PLOT_UNITS_RPM_DEGREES);
  g_assert_cmpint (units_count, ==, 1);
  g_object_set (view, "display-units", SW_PLOT_UNITS_RPM_DEGREES, NULL);
  g_assert_cmpint (units_count, ==, 1);
  g_object_set (view, "display-units", SW_PLOT_UNITS_SI, NULL);
  g_assert_cmpint (units_count, ==, 2);

  sw_plot_view_set_title (view, "Run 1");
  sw_plot_view_set_title (view, "Run 1");
  g_assert_cmpstr (sw_plot_view_get_title (view), ==, "Run 1");
  g_assert_cmpint (title_count, ==, 1);
  g_object_set (view, "title", NULL, NULL);
  g_assert_null (sw_plot_view_get_title (view));
  g_assert_cmpint (title_count, ==, 2);

  g_object_set (view, "cursor-time", 0.25, NULL);
  g_assert_cmpint (cursor_count, ==, 1);
  g_assert_cmpint (visible_count, ==, 1);
  g_object_set (view, "cursor-time", 0.25, NULL);
  g_assert_cmpint (cursor_count, ==, 1);
  g_assert_cmpint (visible_count, ==, 1);
  g_assert_true (sw_plot_view_get_cursor (view, &t));
  g_assert_cmpfloat (t, ==, 0.25);
  sw_plot_view_hide_cursor (view);
  sw_plot_view_hide_cursor (view);
  g_assert_cmpint (visible_count, ==, 2);
  g_assert_false (sw_plot_view_get_cursor (view, NULL));

  g_assert_finalize_object (view);
}

static void
test_panels (void)
{
  g_autoptr(SwTrajectory) tr = make_trajectory (2.0, 1.0);
  SwPlotView *view = new_view ();
  const char *some[] = { "inertia1.phi", "inertia1.w", "missing.x", NULL };
  char **names;

  sw_plot_view_set_columns (view, all_columns);
  /* Units come with the trajectory. */
  g_assert_cmpuint (sw_plot_view_get_n_panels (view), ==, 0);
  g_assert_cmpint (sw_plot_view_get_panel (view, "inertia1.w"), ==, -1);

  sw_plot_view_set_trajectory (view, tr);
  g_assert_true (sw_plot_view_get_trajectory (view) == tr);
  g_assert_cmpuint (sw_plot_view_get_n_panels (view), ==, 3);
  g_assert_cmpint (sw_plot_view_get_panel (view, "inertia1.w"), ==, 0);
  g_assert_cmpint (sw_plot_view_get_panel (view, "inertia2.w"), ==, 0);
  g_assert_cmpint (sw_plot_view_get_panel (view, "spring.tau"), ==, 1);
  g_assert_cmpint (sw_plot_view_get_panel (view, "brake.tau"), ==, 1);
  g_assert_cmpint (sw_plot_view_get_panel (view, "inertia1.phi"), ==, 2);
  g_assert_cmpint (sw_plot_view_get_panel (view, "nothing"), ==, -1);
  render_ok (view, 800, 600);
  g_assert_cmpuint (_sw_plot_view_get_geometry (view)->n_panels, ==, 3);

  /* The order of first appearance; names it does not have are left out. */
  sw_plot_view_set_columns (view, some);
  names = sw_plot_view_dup_columns (view);
  g_assert_cmpuint (g_strv_length (names), ==, 3);
  g_strfreev (names);
  g_assert_cmpuint (sw_plot_view_get_n_panels (view), ==, 2);
  g_assert_cmpint (sw_plot_view_get_panel (view, "inertia1.phi"), ==, 0);
  g_assert_cmpint (sw_plot_view_get_panel (view, "inertia1.w"), ==, 1);
  g_assert_cmpint (sw_plot_view_get_panel (view, "missing.x"), ==, -1);

  sw_plot_view_set_columns (view, NULL);
  g_assert_cmpuint (sw_plot_view_get_n_panels (view), ==, 0);
  g_assert_finalize_object (view);
}

static void
test_move_panel (void)
{
  g_autoptr(SwTrajectory) tr = make_trajectory (2.0, 1.0);
  SwPlotView *view = new_view ();

  sw_plot_view_set_trajectory (view, tr);
  sw_plot_view_set_columns (view, all_columns);
  g_assert_cmpuint (sw_plot_view_get_n_panels (view), ==, 3);

  /* Into the speeds' panel: the torques keep theirs while brake.tau is there. */
  sw_plot_view_set_panel (view, "spring.tau", 0);
  g_assert_cmpint (sw_plot_view_get_panel (view, "spring.tau"), ==, 0);
  g_assert_cmpint (sw_plot_view_get_panel (view, "brake.tau"), ==, 1);
  g_assert_cmpuint (sw_plot_view_get_n_panels (view), ==, 3);
  render_ok (view, 800, 600);

  sw_plot_view_set_panel (view, "brake.tau", 0);
  g_assert_cmpuint (sw_plot_view_get_n_panels (view), ==, 2);
  g_assert_cmpint (sw_plot_view_get_panel (view, "inertia1.phi"), ==, 1);

  /* A new panel at the bottom. */
  sw_plot_view_set_panel (view, "inertia1.w", 99);
  g_assert_cmpuint (sw_plot_view_get_n_panels (view), ==, 3);
  g_assert_cmpint (sw_plot_view_get_panel (view, "inertia1.w"), ==, 2);
  g_assert_cmpint (sw_plot_view_get_panel (view, "inertia2.w"), ==, 0);

  /* Kept when the list of columns changes, and with a new snapshot. */
  sw_plot_view_set_columns (view, all_columns);
  sw_plot_view_set_trajectory (view, tr);
  g_assert_cmpint (sw_plot_view_get_panel (view, "inertia1.w"), ==, 2);
  g_assert_cmpint (sw_plot_view_get_panel (view, "brake.tau"), ==, 0);
  render_ok (view, 800, 600);

  g_assert_finalize_object (view);
}

static void
on_cursor_moved (SwPlotView *view, double t, double *out)
{
  *out = t;
}

static void
test_cursor (void)
{
  g_autoptr(SwTrajectory) tr = make_trajectory (2.0, 1.0);
  SwPlotView *view = new_view ();
  static const double times[] = { 0.0, 0.123, 0.5, 1.0, 1.37, 2.0 };
  double moved = NAN, value;

  sw_plot_view_set_trajectory (view, tr);
  sw_plot_view_set_columns (view, all_columns);
  g_signal_connect (view, "cursor-moved", G_CALLBACK (on_cursor_moved), &moved);
  g_assert_false (sw_plot_view_get_cursor_value (view, "inertia1.w", &value));

  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      sw_plot_view_set_cursor (view, times[i]);
      g_assert_cmpfloat (moved, ==, times[i]);
      for (guint c = 0; all_columns[c] != NULL; c++)
        {
          g_assert_true (sw_plot_view_get_cursor_value (view, all_columns[c], &value));
          g_assert_cmpfloat_with_epsilon (value, sw_trajectory_interpolate (tr, c, times[i]), 1e-12);
        }
      render_ok (view, 800, 600);
    }
  /* The right limit at the event. */
  sw_plot_view_set_cursor (view, 1.0);
  g_assert_true (sw_plot_view_get_cursor_value (view, "brake.tau", &value));
  g_assert_cmpfloat (value, ==, 8.0);
  g_assert_false (sw_plot_view_get_cursor_value (view, "nothing", &value));

  /* Keyboard: Ctrl+arrows move it by a hundredth of the range. */
  sw_plot_view_set_cursor (view, 1.0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "plot.cursor-right", NULL));
  g_assert_cmpfloat_with_epsilon (moved, 1.02, 1e-12);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "plot.hide-cursor", NULL));
  g_assert_false (sw_plot_view_get_cursor (view, NULL));

  g_assert_finalize_object (view);
}

typedef struct {
  int    count;
  double t0, t1;
} RangeLog;

static void
on_range_changed (SwPlotView *view, double t0, double t1, RangeLog *log)
{
  log->count++;
  log->t0 = t0;
  log->t1 = t1;
}

static void
test_zoom (void)
{
  g_autoptr(SwTrajectory) tr = make_trajectory (2.0, 1.0);
  SwPlotView *view = new_view ();
  RangeLog log = { 0 };
  int zoomed_count = 0;
  const SwPlotGeometry *g;
  double t0, t1, y_min, y_max;

  g_signal_connect (view, "range-changed", G_CALLBACK (on_range_changed), &log);
  g_signal_connect (view, "notify::zoomed", G_CALLBACK (sw_ui_test_count_notify), &zoomed_count);
  sw_plot_view_set_columns (view, all_columns);
  sw_plot_view_set_trajectory (view, tr);
  g_assert_cmpint (log.count, ==, 1);
  g_assert_cmpfloat (log.t0, ==, 0.0);
  g_assert_cmpfloat (log.t1, ==, 2.0);
  sw_plot_view_get_range (view, &t0, &t1);
  g_assert_cmpfloat (t0, ==, 0.0);
  g_assert_cmpfloat (t1, ==, 2.0);
  g_assert_false (sw_plot_view_get_zoomed (view));

  /* The wheel's zoom: around a time. */
  sw_plot_view_zoom (view, 0.5, 0.5);
  sw_plot_view_get_range (view, &t0, &t1);
  g_assert_cmpfloat_with_epsilon (t0, 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (t1, 1.25, 1e-12);
  g_assert_cmpint (log.count, ==, 2);
  g_assert_cmpfloat_with_epsilon (log.t0, 0.25, 1e-12);
  g_assert_true (sw_plot_view_get_zoomed (view));
  g_assert_cmpint (zoomed_count, ==, 1);
  render_ok (view, 800, 600);
  g = _sw_plot_view_get_geometry (view);
  g_assert_nonnull (g);
  g_assert_cmpfloat_with_epsilon (g->x_min, 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (g->x_max, 1.25, 1e-12);

  /* Reset: all of it again. */
  sw_plot_view_reset_range (view);
  sw_plot_view_get_range (view, &t0, &t1);
  g_assert_cmpfloat (t0, ==, 0.0);
  g_assert_cmpfloat (t1, ==, 2.0);
  g_assert_cmpint (log.count, ==, 3);
  g_assert_cmpfloat (log.t1, ==, 2.0);
  g_assert_false (sw_plot_view_get_zoomed (view));
  g_assert_cmpint (zoomed_count, ==, 2);
  sw_plot_view_reset_range (view);
  g_assert_cmpint (log.count, ==, 3);

  /* A dragged rectangle: the middle half of the time axis and the upper
   * half of the torques' panel. */
  render_ok (view, 800, 600);
  g = _sw_plot_view_get_geometry (view);
  y_min = g->panels[1].y_min;
  y_max = g->panels[1].y_max;
  _sw_plot_view_zoom_to_rect (view, g->panels[1].left + 0.25 * g->panels[1].width, g->panels[1].top,
                              g->panels[1].left + 0.75 * g->panels[1].width,
                              g->panels[1].top + 0.5 * g->panels[1].height);
  sw_plot_view_get_range (view, &t0, &t1);
  g_assert_cmpfloat_with_epsilon (t0, 0.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (t1, 1.5, 1e-9);
  g_assert_cmpint (log.count, ==, 4);
  render_ok (view, 800, 600);
  g = _sw_plot_view_get_geometry (view);
  g_assert_cmpfloat_with_epsilon (g->panels[1].y_min, 0.5 * (y_min + y_max), 1e-9 * (y_max - y_min));
  g_assert_cmpfloat_with_epsilon (g->panels[1].y_max, y_max, 1e-9 * (y_max - y_min));

  /* The keyboard path: + zooms in, → pans, Home resets. */
  sw_plot_view_reset_range (view);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "plot.zoom-in", NULL));
  sw_plot_view_get_range (view, &t0, &t1);
  g_assert_cmpfloat_with_epsilon (t1 - t0, 2.0 / 1.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (0.5 * (t0 + t1), 1.0, 1e-12);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "plot.pan-right", NULL));
  sw_plot_view_get_range (view, &t0, &t1);
  g_assert_cmpfloat_with_epsilon (0.5 * (t0 + t1), 1.0 + 0.1 * 1.6, 1e-12);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "plot.zoom-out", NULL));
  sw_plot_view_get_range (view, &t0, &t1);
  g_assert_cmpfloat_with_epsilon (t1 - t0, 2.0, 1e-12);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "plot.reset", NULL));
  sw_plot_view_get_range (view, &t0, &t1);
  g_assert_cmpfloat (t0, ==, 0.0);
  g_assert_cmpfloat (t1, ==, 2.0);
  g_assert_false (sw_plot_view_get_zoomed (view));

  /* A run that grows: the range follows it unless zoomed. */
  {
    g_autoptr(SwTrajectory) longer = make_trajectory (3.0, 1.0);
    int before = log.count;

    sw_plot_view_set_trajectory (view, longer);
    g_assert_cmpint (log.count, ==, before + 1);
    g_assert_cmpfloat (log.t1, ==, 3.0);
    sw_plot_view_set_range (view, 0.5, 1.0);
    sw_plot_view_set_trajectory (view, tr);
    sw_plot_view_get_range (view, &t0, &t1);
    g_assert_cmpfloat (t0, ==, 0.5);
    g_assert_cmpfloat (t1, ==, 1.0);
  }

  g_assert_finalize_object (view);
}

static void
test_rpm (void)
{
  g_autoptr(SwTrajectory) tr = make_trajectory (2.0, 1.0);
  SwPlotView *view = new_view ();
  double value;

  sw_plot_view_set_trajectory (view, tr);
  sw_plot_view_set_columns (view, all_columns);
  sw_plot_view_set_cursor (view, 0.37);
  render_ok (view, 800, 600);

  g_object_set (view, "display-units", SW_PLOT_UNITS_RPM_DEGREES, NULL);
  g_assert_true (sw_plot_view_get_cursor_value (view, "inertia1.w", &value));
  g_assert_cmpfloat_with_epsilon (value, sw_trajectory_interpolate (tr, 0, 0.37) * RPM_PER_RAD_S, 1e-9);
  g_assert_true (sw_plot_view_get_cursor_value (view, "inertia1.phi", &value));
  g_assert_cmpfloat_with_epsilon (value, sw_trajectory_interpolate (tr, 4, 0.37) * 180.0 / G_PI, 1e-9);
  g_assert_true (sw_plot_view_get_cursor_value (view, "spring.tau", &value));
  g_assert_cmpfloat_with_epsilon (value, sw_trajectory_interpolate (tr, 2, 0.37), 1e-12);

  /* The speeds' panel spans the speeds in rpm (±3 rad/s ≈ ±28.6 rpm). */
  render_ok (view, 800, 600);
  g_assert_cmpfloat (_sw_plot_view_get_geometry (view)->panels[0].y_max, >, 3.0 * RPM_PER_RAD_S);
  g_assert_cmpfloat (_sw_plot_view_get_geometry (view)->panels[0].y_max, <, 3.5 * RPM_PER_RAD_S);
  g_assert_cmpfloat (_sw_plot_view_get_geometry (view)->panels[2].y_max, >, 6.0 / (2 * G_PI) * 180.0 / G_PI);

  g_object_set (view, "display-units", SW_PLOT_UNITS_SI, NULL);
  g_assert_true (sw_plot_view_get_cursor_value (view, "inertia1.w", &value));
  g_assert_cmpfloat_with_epsilon (value, sw_trajectory_interpolate (tr, 0, 0.37), 1e-12);
  render_ok (view, 800, 600);
  g_assert_cmpfloat (_sw_plot_view_get_geometry (view)->panels[0].y_max, <, 3.5);

  g_assert_finalize_object (view);
}

static void
test_xy (void)
{
  g_autoptr(SwTrajectory) tr = make_trajectory (2.0, 1.0);
  SwPlotView *view = new_view ();
  int x_count = 0;
  const SwPlotGeometry *g;
  double t0, t1;

  sw_plot_view_set_trajectory (view, tr);
  sw_plot_view_set_columns (view, all_columns);
  g_signal_connect (view, "notify::x-name", G_CALLBACK (sw_ui_test_count_notify), &x_count);

  sw_plot_view_set_xy (view, "inertia1.w", "inertia2.w");
  sw_plot_view_set_xy (view, "inertia1.w", "inertia2.w");
  g_assert_cmpint (x_count, ==, 1);
  g_assert_cmpstr (sw_plot_view_get_x_name (view), ==, "inertia1.w");
  g_assert_cmpstr (sw_plot_view_get_y_name (view), ==, "inertia2.w");
  g_assert_cmpuint (sw_plot_view_get_n_panels (view), ==, 1);
  render_ok (view, 600, 600);
  g = _sw_plot_view_get_geometry (view);
  /* A circle of radius 3: both axes span it. */
  g_assert_cmpuint (g->n_panels, ==, 1);
  g_assert_cmpfloat (g->x_min, <, -3.0);
  g_assert_cmpfloat (g->x_min, >, -3.5);
  g_assert_cmpfloat (g->x_max, >, 3.0);
  g_assert_cmpfloat (g->panels[0].y_min, <, -3.0);
  g_assert_cmpfloat (g->panels[0].y_max, >, 3.0);

  /* Zoom in both axes, and back. */
  sw_plot_view_zoom (view, 0.5, 0.0);
  sw_plot_view_get_range (view, &t0, &t1);
  g_assert_cmpfloat (t1 - t0, <, 3.5);
  render_ok (view, 600, 600);
  g_assert_cmpfloat (_sw_plot_view_get_geometry (view)->panels[0].y_max, <, 2.0);
  sw_plot_view_reset_range (view);
  render_ok (view, 600, 600);
  g_assert_cmpfloat (_sw_plot_view_get_geometry (view)->panels[0].y_max, >, 3.0);

  /* rpm on both axes. */
  sw_plot_view_set_display_units (view, SW_PLOT_UNITS_RPM_DEGREES);
  render_ok (view, 600, 600);
  g_assert_cmpfloat (_sw_plot_view_get_geometry (view)->x_max, >, 3.0 * RPM_PER_RAD_S);

  sw_plot_view_set_xy (view, NULL, NULL);
  g_assert_cmpint (x_count, ==, 2);
  g_assert_null (sw_plot_view_get_x_name (view));
  g_assert_null (sw_plot_view_get_y_name (view));
  g_assert_cmpuint (sw_plot_view_get_n_panels (view), ==, 3);
  sw_plot_view_get_range (view, &t0, &t1);
  g_assert_cmpfloat (t0, ==, 0.0);
  g_assert_cmpfloat (t1, ==, 2.0);

  g_assert_finalize_object (view);
}

static void
test_runs (void)
{
  g_autoptr(SwTrajectory) tr = make_trajectory (2.0, 1.0);
  g_autoptr(SwTrajectory) previous = make_trajectory (2.5, 0.8);
  g_autoptr(SwTrajectory) pinned = make_trajectory (2.0, 1.3);
  SwPlotView *view = new_view ();
  double t0, t1;

  sw_plot_view_set_trajectory (view, tr);
  sw_plot_view_set_columns (view, all_columns);
  sw_plot_view_set_previous (view, previous);
  sw_plot_view_pin (view, pinned, "inertia2.J = 2 → 4 kg·m²");
  sw_plot_view_pin (view, pinned, "inertia2.J = 2 → 5 kg·m²");
  g_assert_cmpuint (sw_plot_view_get_n_pinned (view), ==, 1);

  /* All the runs' times, and their values in the panels' ranges. */
  sw_plot_view_get_range (view, &t0, &t1);
  g_assert_cmpfloat (t1, ==, 2.5);
  render_ok (view, 800, 600);
  g_assert_cmpfloat (_sw_plot_view_get_geometry (view)->panels[0].y_max, >, 3.9);

  sw_plot_view_unpin (view, pinned);
  sw_plot_view_set_previous (view, NULL);
  g_assert_cmpuint (sw_plot_view_get_n_pinned (view), ==, 0);
  sw_plot_view_get_range (view, &t0, &t1);
  g_assert_cmpfloat (t1, ==, 2.0);
  render_ok (view, 800, 600);
  g_assert_cmpfloat (_sw_plot_view_get_geometry (view)->panels[0].y_max, <, 3.5);

  g_assert_finalize_object (view);
}

static char *
read_all (const char *path, gsize *length)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, length, &error));
  g_assert_no_error (error);
  return contents;
}

static void
test_export (void)
{
  g_autoptr(SwTrajectory) tr = make_trajectory (2.0, 1.0);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("sw-plot-view-XXXXXX", &error);
  SwPlotView *view = new_view ();
  static const struct { const char *name; const char *magic; gsize length; } files[] = {
    { "plot.png", "\x89PNG\r\n\x1a\n", 8 },
    { "plot.svg", "<?xml", 5 },
    { "plot.PDF", "%PDF-", 5 },
  };

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (dir, files[i].name, NULL);
      g_assert_false (sw_plot_view_export (view, path, 640, 480, &error));
      g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
      g_clear_error (&error);
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
    }

  sw_plot_view_set_trajectory (view, tr);
  sw_plot_view_set_columns (view, all_columns);
  sw_plot_view_set_display_units (view, SW_PLOT_UNITS_RPM_DEGREES);
  sw_plot_view_set_range (view, 0.5, 1.5);
  sw_plot_view_set_cursor (view, 1.0);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (dir, files[i].name, NULL);
      g_autofree char *contents = NULL;
      gsize length = 0;

      g_assert_true (sw_plot_view_export (view, path, 640, 480, &error));
      g_assert_no_error (error);
      contents = read_all (path, &length);
      g_assert_cmpuint (length, >, 1000);
      g_assert_cmpmem (contents, files[i].length, files[i].magic, files[i].length);
      g_assert_cmpint (g_remove (path), ==, 0);
    }

  /* The PNG is the size asked for. */
  {
    g_autofree char *path = g_build_filename (dir, "size.png", NULL);
    cairo_surface_t *surface;

    g_assert_true (sw_plot_view_export (view, path, 500, 300, &error));
    g_assert_no_error (error);
    surface = cairo_image_surface_create_from_png (path);
    g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 500);
    g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 300);
    cairo_surface_destroy (surface);
    g_assert_cmpint (g_remove (path), ==, 0);
  }
  {
    g_autofree char *path = g_build_filename (dir, "plot.jpg", NULL);
    g_assert_false (sw_plot_view_export (view, path, 640, 480, &error));
    g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
    g_clear_error (&error);
  }

  g_assert_cmpint (g_rmdir (dir), ==, 0);
  g_assert_finalize_object (view);
}

/* 600 000 rows drawn in a few milliseconds: thinned to two points a pixel
 * column. The time is reported, not asserted. */
/* A panel whose values vary by rounding noise only (a phase of −90° off by
 * 1e-8 relative, a torque of 1e-15 N·m about zero) is drawn as a constant,
 * with room around its middle, not zoomed into the noise; a small real
 * variation (1e-3 relative) still fills its panel. */
static void
test_noise_span (void)
{
  char *names[] = { "a.phi", "b.tau", "c.s", NULL };
  char *units[] = { "rad", "N.m", "m", NULL };
  const char *columns[] = { "a.phi", "b.tau", "c.s", NULL };
  g_autoptr(SwTrajectory) tr = sw_trajectory_new (g_strdupv (names), g_strdupv (units));
  SwPlotView *view = new_view ();
  const SwPlotGeometry *g;

  for (guint r = 0; r < N_ROWS; r++)
    {
      double t = 2.0 * r / (N_ROWS - 1);
      double values[3] = { -G_PI / 2 * (1.0 + 1e-8 * sin (7.0 * t)), 1e-15 * sin (5.0 * t),
                           100.0 + 0.1 * sin (3.0 * t) };

      sw_trajectory_append_row (tr, t, values);
    }
  sw_plot_view_set_trajectory (view, tr);
  sw_plot_view_set_columns (view, columns);
  g_assert_cmpuint (sw_plot_view_get_n_panels (view), ==, 3);
  render_ok (view, 800, 600);
  g = _sw_plot_view_get_geometry (view);
  g_assert_nonnull (g);
  /* −π/2 ± 10 %. */
  g_assert_cmpfloat_with_epsilon (g->panels[0].y_min, -G_PI / 2 * 1.1, 1e-6);
  g_assert_cmpfloat_with_epsilon (g->panels[0].y_max, -G_PI / 2 * 0.9, 1e-6);
  /* Nothing but noise about zero: −1 … 1. */
  g_assert_cmpfloat_with_epsilon (g->panels[1].y_min, -1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (g->panels[1].y_max, 1.0, 1e-9);
  /* 100 ± 0.1, 5 % room each side. */
  g_assert_cmpfloat (g->panels[2].y_min, <, 99.91);
  g_assert_cmpfloat (g->panels[2].y_min, >, 99.88);
  g_assert_cmpfloat (g->panels[2].y_max, >, 100.09);
  g_assert_cmpfloat (g->panels[2].y_max, <, 100.12);
  g_assert_finalize_object (view);
}

static void
test_large (void)
{
  char *names[] = { "inertia1.w", "shaft.tau", NULL };
  char *units[] = { "rad/s", "N.m", NULL };
  const char *columns[] = { "inertia1.w", "shaft.tau", NULL };
  guint n_rows = 600000;
  g_autoptr(SwTrajectory) tr = sw_trajectory_new_sized (g_strdupv (names), g_strdupv (units), n_rows);
  SwPlotView *view = new_view ();
  const SwPlotGeometry *g;
  gint64 start;
  int width = 1000;

  for (guint r = 0; r < n_rows; r++)
    {
      double t = r * 1e-4;
      double values[2] = { sin (t) + 0.1 * sin (900.0 * t), cos (3.0 * t) };
      sw_trajectory_append_row (tr, t, values);
    }
  sw_plot_view_set_trajectory (view, tr);
  sw_plot_view_set_columns (view, columns);
  render_ok (view, width, 600);  /* the stream's first page */

  for (int i = 0; i < 3; i++)
    {
      start = g_get_monotonic_time ();
      render_ok (view, width, 600);
      g_test_message ("%u rows, 2 curves at %d px: drawn in %.1f ms", n_rows, width,
                      (g_get_monotonic_time () - start) / 1000.0);
    }
  g = _sw_plot_view_get_geometry (view);
  g_assert_cmpuint (g->n_points, <=, 2 * (2 * (guint) ceil (g->panels[0].width) + 4));
  g_assert_cmpuint (g->n_points, >=, 2 * (guint) g->panels[0].width);

  /* Zoomed in far enough, every row is drawn. */
  sw_plot_view_set_range (view, 10.0, 10.01);
  render_ok (view, width, 600);
  g = _sw_plot_view_get_geometry (view);
  g_assert_cmpuint (g->n_points, >=, 2 * (100 + 1));
  g_assert_cmpuint (g->n_points, <=, 2 * (101 + 2));

  g_assert_finalize_object (view);
}

/* The widget's PLplot stream lives from its first drawing to its disposal
 * and leaves the current stream alone. */
static void
test_stream (void)
{
  g_autoptr(SwTrajectory) tr = make_trajectory (2.0, 1.0);
  SwPlotView *view = new_view ();
  SwPlotView *other = new_view ();
  PLINT before = -1, after = -1;
  int stream;

  sw_plot_view_set_trajectory (view, tr);
  sw_plot_view_set_columns (view, all_columns);
  sw_plot_view_set_trajectory (other, tr);
  sw_plot_view_set_columns (other, all_columns);
  g_assert_cmpint (_sw_plot_view_get_stream (view), ==, -1);

  plgstrm (&before);
  render_ok (view, 800, 600);
  render_ok (other, 800, 600);
  plgstrm (&after);
  g_assert_cmpint (before, ==, after);
  stream = _sw_plot_view_get_stream (view);
  g_assert_cmpint (stream, >, 0);
  g_assert_cmpint (_sw_plot_view_get_stream (other), !=, stream);

  /* Another size: a new stream of that size. */
  render_ok (view, 500, 400);
  g_assert_cmpint (_sw_plot_view_get_stream (view), >, 0);
  plgstrm (&after);
  g_assert_cmpint (before, ==, after);

  g_assert_finalize_object (view);
  render_ok (other, 800, 600);
  g_assert_finalize_object (other);
  plgstrm (&after);
  g_assert_cmpint (before, ==, after);
}

/* ---- In a window --------------------------------------------------------- */

static void
test_window (void)
{
  g_autoptr(SwTrajectory) tr = make_trajectory (2.0, 1.0);
  g_autoptr(SwTrajectory) previous = make_trajectory (2.0, 0.8);
  g_autoptr(SwTrajectory) pinned = make_trajectory (2.0, 1.3);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *plot = sw_plot_view_new ();
  SwPlotView *view = SW_PLOT_VIEW (plot);
  cairo_surface_t *light, *dark;
  const SwPlotColors *colors;

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_set_child (GTK_WINDOW (window), plot);
  sw_plot_view_set_trajectory (view, tr);
  sw_plot_view_set_columns (view, all_columns);
  sw_plot_view_set_previous (view, previous);
  sw_plot_view_pin (view, pinned, "inertia2.J = 2 → 4 kg·m²");
  sw_plot_view_set_cursor (view, 0.6);
  gtk_window_present (GTK_WINDOW (window));
  sw_ui_test_set_dark (FALSE);
  sw_ui_test_iterate (300);
  g_assert_cmpint (sw_ui_test_wait_width (plot, 500, 10), >, 500);

  light = sw_ui_test_snapshot (plot);
  sw_ui_test_keep_picture (light, "SW_PLOT_VIEW_SHOTS", "light.png");
  colors = _sw_plot_view_get_colors (view);
  g_assert_cmpfloat (sw_ui_test_luminance_at (light, 2, 2), >, 0.9);
  g_assert_cmpuint (sw_ui_test_count_colour (light, colors->curves[0], 30), >, 300);
  g_assert_cmpuint (sw_ui_test_count_colour (light, colors->curves[2], 30), >, 300);

  sw_ui_test_set_dark (TRUE);
  sw_ui_test_iterate (300);
  g_assert_true (adw_style_manager_get_dark (adw_style_manager_get_default ()));
  dark = sw_ui_test_snapshot (plot);
  sw_ui_test_keep_picture (dark, "SW_PLOT_VIEW_SHOTS", "dark.png");
  colors = _sw_plot_view_get_colors (view);
  g_assert_cmpfloat (sw_ui_test_luminance_at (dark, 2, 2), <, 0.2);
  g_assert_cmpuint (sw_ui_test_count_colour (dark, colors->curves[0], 30), >, 300);

  /* rpm and degrees, a zoomed X–Y plot, a small window. */
  sw_plot_view_set_display_units (view, SW_PLOT_UNITS_RPM_DEGREES);
  sw_plot_view_set_range (view, 0.3, 1.3);
  sw_ui_test_iterate (100);
  cairo_surface_destroy (sw_ui_test_snapshot (plot));
  {
    cairo_surface_t *s = sw_ui_test_snapshot (plot);
    sw_ui_test_keep_picture (s, "SW_PLOT_VIEW_SHOTS", "dark-rpm-zoomed.png");
    cairo_surface_destroy (s);
  }
  sw_plot_view_set_xy (view, "inertia1.w", "inertia2.w");
  sw_ui_test_iterate (100);
  {
    cairo_surface_t *s = sw_ui_test_snapshot (plot);
    sw_ui_test_keep_picture (s, "SW_PLOT_VIEW_SHOTS", "dark-xy.png");
    cairo_surface_destroy (s);
  }
  sw_plot_view_set_xy (view, NULL, NULL);
  sw_ui_test_set_dark (FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 420, 300);
  sw_ui_test_iterate (300);
  {
    cairo_surface_t *s = sw_ui_test_snapshot (plot);
    sw_ui_test_keep_picture (s, "SW_PLOT_VIEW_SHOTS", "light-small.png");
    cairo_surface_destroy (s);
  }

  cairo_surface_destroy (light);
  cairo_surface_destroy (dark);
  sw_ui_test_reset_style ();
  g_object_add_weak_pointer (G_OBJECT (plot), (gpointer *) &plot);
  gtk_window_destroy (GTK_WINDOW (window));
  sw_ui_test_iterate (50);
  g_assert_null (plot);
}

/* The widget paints the page it draws into an image of its own (one
 * picture for GTK to render, not every line recorded): what it shows is,
 * pixel for pixel, the page drawn straight onto a cairo context, a run
 * behind and a pinned one included. */
static void
test_snapshot_pixels (void)
{
  g_autoptr(SwTrajectory) tr = make_trajectory (2.0, 1.0);
  g_autoptr(SwTrajectory) previous = make_trajectory (2.0, 0.8);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *plot = sw_plot_view_new ();
  SwPlotView *view = SW_PLOT_VIEW (plot);
  cairo_surface_t *shown, *drawn;
  int width, height, stride, differ = 0;
  const guint8 *a, *b;
  gboolean ok;

  gtk_window_set_default_size (GTK_WINDOW (window), 700, 500);
  gtk_window_set_child (GTK_WINDOW (window), plot);
  sw_plot_view_set_trajectory (view, tr);
  sw_plot_view_set_columns (view, all_columns);
  sw_plot_view_set_previous (view, previous);
  gtk_window_present (GTK_WINDOW (window));
  sw_ui_test_set_dark (FALSE);
  sw_ui_test_iterate (300);
  g_assert_cmpint (sw_ui_test_wait_width (plot, 400, 10), >, 400);

  shown = sw_ui_test_snapshot (plot);
  width = cairo_image_surface_get_width (shown);
  height = cairo_image_surface_get_height (shown);
  drawn = render (view, width, height, &ok);
  g_assert_true (ok);
  g_assert_cmpint (cairo_image_surface_get_width (drawn), ==, width);
  stride = cairo_image_surface_get_stride (shown);
  g_assert_cmpint (cairo_image_surface_get_stride (drawn), ==, stride);
  a = cairo_image_surface_get_data (shown);
  b = cairo_image_surface_get_data (drawn);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      for (int i = 0; i < 3; i++)
        if (abs (a[y * stride + 4 * x + i] - b[y * stride + 4 * x + i]) > 1)
          {
            differ++;
            break;
          }
  g_assert_cmpint (differ, ==, 0);
  /* And it is a plot: the first curve's colour on it. */
  g_assert_cmpuint (sw_ui_test_count_colour (shown, _sw_plot_view_get_colors (view)->curves[0], 30), >, 100);

  cairo_surface_destroy (shown);
  cairo_surface_destroy (drawn);
  sw_ui_test_reset_style ();
  gtk_window_destroy (GTK_WINDOW (window));
  sw_ui_test_iterate (50);
}

/* The page shown is kept with what it showed: a snapshot that changes
 * nothing of the plot paints it again without drawing, one after a change
 * of the range, the size, the cursor or the colours draws it again (the
 * axes, ticks and curves of the new page); a new run is drawn ahead, before
 * the frame that shows it, and that frame only paints it. */
static void
test_page_cache (void)
{
  g_autoptr(SwTrajectory) tr = make_trajectory (2.0, 1.0);
  g_autoptr(SwTrajectory) next = make_trajectory (2.0, 0.7);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *plot = sw_plot_view_new ();
  SwPlotView *view = SW_PLOT_VIEW (plot);
  const SwPlotGeometry *g;
  cairo_surface_t *before, *after;
  double y_max;
  guint n;

  gtk_window_set_default_size (GTK_WINDOW (window), 700, 500);
  gtk_window_set_child (GTK_WINDOW (window), plot);
  sw_plot_view_set_trajectory (view, tr);
  sw_plot_view_set_columns (view, all_columns);
  gtk_window_present (GTK_WINDOW (window));
  sw_ui_test_set_dark (FALSE);
  sw_ui_test_iterate (300);
  g_assert_cmpint (sw_ui_test_wait_width (plot, 400, 10), >, 400);

  /* Nothing changed: the same page, not drawn again. */
  before = sw_ui_test_snapshot (plot);
  n = _sw_plot_view_get_n_pages_drawn (view);
  g_assert_cmpuint (n, >, 0);
  after = sw_ui_test_snapshot (plot);
  g_assert_cmpuint (_sw_plot_view_get_n_pages_drawn (view), ==, n);
  g_assert_cmpint (memcmp (cairo_image_surface_get_data (before), cairo_image_surface_get_data (after),
                           cairo_image_surface_get_stride (before) * cairo_image_surface_get_height (before)), ==, 0);
  cairo_surface_destroy (after);
  g = _sw_plot_view_get_geometry (view);
  g_assert_nonnull (g);
  g_assert_cmpfloat (g->x_max, ==, 2.0);
  y_max = g->panels[0].y_max;

  /* Another range: drawn again, with the new x axis. */
  sw_plot_view_set_range (view, 0.5, 1.5);
  sw_ui_test_iterate (100);
  after = sw_ui_test_snapshot (plot);
  g_assert_cmpuint (_sw_plot_view_get_n_pages_drawn (view), ==, n + 1);
  g = _sw_plot_view_get_geometry (view);
  g_assert_cmpfloat_with_epsilon (g->x_min, 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (g->x_max, 1.5, 1e-12);
  g_assert_cmpint (memcmp (cairo_image_surface_get_data (before), cairo_image_surface_get_data (after),
                           cairo_image_surface_get_stride (before) * cairo_image_surface_get_height (before)), !=, 0);
  cairo_surface_destroy (after);
  cairo_surface_destroy (sw_ui_test_snapshot (plot));
  g_assert_cmpuint (_sw_plot_view_get_n_pages_drawn (view), ==, n + 1);
  sw_plot_view_reset_range (view);
  sw_ui_test_iterate (100);
  g_assert_cmpuint (_sw_plot_view_get_n_pages_drawn (view), ==, n + 2);

  /* The cursor: drawn again. */
  sw_plot_view_set_cursor (view, 0.6);
  sw_ui_test_iterate (100);
  cairo_surface_destroy (sw_ui_test_snapshot (plot));
  g_assert_cmpuint (_sw_plot_view_get_n_pages_drawn (view), ==, n + 3);
  sw_plot_view_hide_cursor (view);

  /* Another size: drawn again at that size (by the window's frame). */
  n = _sw_plot_view_get_n_pages_drawn (view);
  gtk_window_set_default_size (GTK_WINDOW (window), 520, 400);
  sw_ui_test_iterate (300);
  g_assert_cmpint (gtk_widget_get_width (plot), <, 600);
  g_assert_cmpuint (_sw_plot_view_get_n_pages_drawn (view), >, n);
  n = _sw_plot_view_get_n_pages_drawn (view);
  after = sw_ui_test_snapshot (plot);
  g_assert_cmpuint (_sw_plot_view_get_n_pages_drawn (view), ==, n);
  g_assert_cmpint (cairo_image_surface_get_width (after), ==, gtk_widget_get_width (plot));
  g = _sw_plot_view_get_geometry (view);
  g_assert_cmpfloat (g->panels[0].left + g->panels[0].width, <, gtk_widget_get_width (plot));
  cairo_surface_destroy (after);

  /* The colours: drawn again. */
  sw_ui_test_set_dark (TRUE);
  sw_ui_test_iterate (300);
  after = sw_ui_test_snapshot (plot);
  g_assert_cmpfloat (sw_ui_test_luminance_at (after, 2, 2), <, 0.2);
  cairo_surface_destroy (after);
  sw_ui_test_set_dark (FALSE);
  sw_ui_test_iterate (300);

  /* A new run with other values: drawn ahead, once, with its own y range;
   * the frame paints that page. */
  n = _sw_plot_view_get_n_pages_drawn (view);
  sw_plot_view_set_trajectory (view, next);
  sw_ui_test_iterate (300);
  g_assert_cmpuint (_sw_plot_view_get_n_pages_drawn (view), ==, n + 1);
  cairo_surface_destroy (sw_ui_test_snapshot (plot));
  g_assert_cmpuint (_sw_plot_view_get_n_pages_drawn (view), ==, n + 1);
  g = _sw_plot_view_get_geometry (view);
  g_assert_cmpfloat (g->panels[0].y_max, !=, y_max);

  cairo_surface_destroy (before);
  sw_ui_test_reset_style ();
  gtk_window_destroy (GTK_WINDOW (window));
  sw_ui_test_iterate (50);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (!sw_ui_test_init ("/ui/plot-view/no-display"))
    return g_test_run ();

  g_test_add_func ("/ui/plot-view/properties", test_properties);
  g_test_add_func ("/ui/plot-view/panels", test_panels);
  g_test_add_func ("/ui/plot-view/move-panel", test_move_panel);
  g_test_add_func ("/ui/plot-view/cursor", test_cursor);
  g_test_add_func ("/ui/plot-view/zoom", test_zoom);
  g_test_add_func ("/ui/plot-view/rpm", test_rpm);
  g_test_add_func ("/ui/plot-view/xy", test_xy);
  g_test_add_func ("/ui/plot-view/runs", test_runs);
  g_test_add_func ("/ui/plot-view/export", test_export);
  g_test_add_func ("/ui/plot-view/noise-span", test_noise_span);
  g_test_add_func ("/ui/plot-view/large", test_large);
  g_test_add_func ("/ui/plot-view/stream", test_stream);
  g_test_add_func ("/ui/plot-view/window", test_window);
  g_test_add_func ("/ui/plot-view/snapshot-pixels", test_snapshot_pixels);
  g_test_add_func ("/ui/plot-view/page-cache", test_page_cache);
  return g_test_run ();
}
