/* test-plot-analysis.c: the plot widget as a signal analyser: spectra of
 * the range shown and back to the time plot with its zoom and cursor, order
 * spectra against a shaft, the second cursor's differences, statistics
 * over the range shown against closed forms, logarithmic axes, the
 * right-click menu's actions, units written "N·m".
 *
 * Needs a display (xvfb-run); GSK_RENDERER=cairo. SW_PLOT_VIEW_SHOTS=DIR
 * keeps pictures of the widget there (spectrum.png, statistics.png, …).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "sw-plot-draw.h"
#include "sw-plot-view.h"
#include "sw-plot-view-private.h"
#include "sw-trajectory.h"
#include "sw-ui-test.h"

/* 0 … 4 s on steps of 0.5 … 1.5 ms; "shaft.phi" turns at 10 + 5 t rad/s;
 * "gear.tau" [N.m] = 0.5 + 2 sin (2 pi 6 t) + 0.3 sin (6 phi) (whose
 * orders and frequencies stay apart);
 * "shaft.w" [rad/s]. */
static SwTrajectory *
make_trajectory (void)
{
  char *names[] = { "shaft.phi", "shaft.w", "gear.tau", NULL };
  char *units[] = { "rad", "rad/s", "N.m", NULL };
  SwTrajectory *tr = sw_trajectory_new (g_strdupv (names), g_strdupv (units));
  double t = 0.0;

  for (guint i = 0; t <= 4.0; i++)
    {
      double phi = 10.0 * t + 2.5 * t * t;
      double row[3] = { phi, 10.0 + 5.0 * t, 0.5 + 2.0 * sin (2.0 * G_PI * 6.0 * t) + 0.3 * sin (6.0 * phi) };

      sw_trajectory_append_row (tr, t, row);
      t += 1e-3 * (1.0 + 0.5 * sin (0.3 * i));
    }
  return tr;
}

static SwPlotView *
make_view (GtkWidget **window_out)
{
  GtkWidget *window = gtk_window_new ();
  SwPlotView *view = SW_PLOT_VIEW (sw_plot_view_new ());
  g_autoptr(SwTrajectory) tr = make_trajectory ();
  const char *columns[] = { "gear.tau", NULL };

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 560);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  sw_plot_view_set_trajectory (view, tr);
  sw_plot_view_set_columns (view, columns);
  gtk_window_present (GTK_WINDOW (window));
  sw_ui_test_iterate (300);
  *window_out = window;
  return view;
}

static double
peak_near (SwTrajectory *tr, guint column, double x, double width)
{
  const double *xs = sw_trajectory_get_times (tr);
  const double *y = sw_trajectory_get_column (tr, column);
  double best = -1.0;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    if (fabs (xs[r] - x) <= width)
      best = MAX (best, y[r]);
  return best;
}

static gboolean
render (SwPlotView *view)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 900, 560);
  cairo_t *cr = cairo_create (surface);
  gboolean ok = _sw_plot_view_render (view, cr, 900, 560);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return ok;
}

static void
render_ok (SwPlotView *view)
{
  g_assert_true (render (view));
}

static void
count_moved (SwPlotView *view, double t, int *count)
{
  (*count)++;
}

static void
test_spectrum (void)
{
  GtkWidget *window;
  SwPlotView *view = make_view (&window);
  SwTrajectory *spectrum;
  int notified = 0, moved = 0;
  double t0, t1, t;

  g_signal_connect (view, "notify::analysis", G_CALLBACK (sw_ui_test_count_notify), &notified);
  g_signal_connect (view, "cursor-moved", G_CALLBACK (count_moved), &moved);
  g_assert_null (sw_plot_view_get_spectrum (view));
  g_assert_cmpint (sw_plot_view_get_spectrum_window (view), ==, SW_SPECTRUM_WINDOW_FLAT_TOP);

  /* Zoomed to 1 … 3 s, a cursor at 2 s: the spectrum is of 1 … 3 s. */
  sw_plot_view_set_range (view, 1.0, 3.0);
  sw_plot_view_set_cursor (view, 2.0);
  moved = 0;
  sw_plot_view_set_analysis (view, SW_PLOT_ANALYSIS_SPECTRUM);
  sw_plot_view_set_analysis (view, SW_PLOT_ANALYSIS_SPECTRUM);
  g_assert_cmpint (notified, ==, 1);
  g_assert_false (sw_plot_view_get_zoomed (view));
  sw_plot_view_get_analysis_range (view, &t0, &t1);
  g_assert_cmpfloat (t0, ==, 1.0);
  g_assert_cmpfloat (t1, ==, 3.0);
  spectrum = sw_plot_view_get_spectrum (view);
  g_assert_nonnull (spectrum);
  g_assert_null (sw_plot_view_get_analysis_error (view));
  g_assert_cmpstr (sw_trajectory_get_x_unit (spectrum), ==, "Hz");
  g_assert_cmpfloat_with_epsilon (sw_trajectory_get_times (spectrum)[1], 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (peak_near (spectrum, 0, 6.0, 1.0), 2.0, 2e-3);
  g_assert_cmpfloat_with_epsilon (sw_trajectory_get_column (spectrum, 0)[0], 0.5, 0.02);
  render_ok (view);
  sw_ui_test_iterate (200);
  sw_ui_test_keep_widget (GTK_WIDGET (view), "SW_PLOT_VIEW_SHOTS", "spectrum.png");

  /* A cursor on the spectrum reads amplitudes, but is no time. */
  sw_plot_view_set_cursor (view, 12.0);
  g_assert_cmpint (moved, ==, 0);
  g_assert_true (sw_plot_view_get_cursor (view, &t));
  g_assert_cmpfloat (t, ==, 2.0);

  /* Another window: made again. */
  sw_plot_view_set_spectrum_window (view, SW_SPECTRUM_WINDOW_HANN);
  g_assert_true (sw_plot_view_get_spectrum (view) != NULL);
  g_assert_cmpfloat_with_epsilon (peak_near (sw_plot_view_get_spectrum (view), 0, 6.0, 1.0), 2.0, 2e-3);
  g_assert_cmpfloat (peak_near (sw_plot_view_get_spectrum (view), 0, 6.0, 0.1), >, peak_near (sw_plot_view_get_spectrum (view), 0, 5.5, 0.1));

  /* Back: zoom and cursor as they were. */
  sw_plot_view_set_analysis (view, SW_PLOT_ANALYSIS_TIME);
  g_assert_true (sw_plot_view_get_zoomed (view));
  sw_plot_view_get_range (view, &t0, &t1);
  g_assert_cmpfloat (t0, ==, 1.0);
  g_assert_cmpfloat (t1, ==, 3.0);
  g_assert_true (sw_plot_view_get_cursor (view, &t));
  g_assert_cmpfloat (t, ==, 2.0);
  g_assert_null (sw_plot_view_get_spectrum (view));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Drawn, a spectrum is made by a worker: the drawing says so meanwhile,
 * and draws it when it comes; one made for a window changed since is
 * dropped. */
static void
test_worker (void)
{
  GtkWidget *window;
  SwPlotView *view = make_view (&window);
  gint64 end;

  sw_plot_view_set_analysis (view, SW_PLOT_ANALYSIS_SPECTRUM);
  g_assert_false (render (view));
  g_assert_true (_sw_plot_view_spectrum_pending (view));
  sw_plot_view_set_spectrum_window (view, SW_SPECTRUM_WINDOW_RECTANGULAR);
  end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (view->spectrum == NULL && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      if (!view->spectrum_running)
        render (view);  /* the stale one came back: ask again */
      g_usleep (1000);
    }
  g_assert_nonnull (view->spectrum);
  g_assert_false (_sw_plot_view_spectrum_pending (view));
  render_ok (view);
  /* Of the rectangular window: 6 Hz is near a bin's centre (0.25 Hz bins). */
  g_assert_cmpfloat_with_epsilon (peak_near (view->spectrum, 0, 6.0, 0.3), 2.0, 2e-3);

  /* Exported while a worker is at it: made at once, the file written. */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *dir = g_dir_make_tmp ("plot-analysis-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "spectrum.png", NULL);

    sw_plot_view_set_spectrum_window (view, SW_SPECTRUM_WINDOW_HANN);
    render (view);
    g_assert_true (sw_plot_view_export (view, path, 800, 500, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
    g_remove (path);
    g_rmdir (dir);
  }
  /* Of the Hann window now: 6 Hz is near a bin's centre (0.25 Hz bins). */
  g_assert_nonnull (view->spectrum);
  g_assert_cmpfloat_with_epsilon (peak_near (view->spectrum, 0, 6.0, 0.3), 2.0, 2e-3);
  g_assert_cmpint (sw_plot_view_get_spectrum_window (view), ==, SW_SPECTRUM_WINDOW_HANN);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_orders (void)
{
  GtkWidget *window;
  SwPlotView *view = make_view (&window);
  SwTrajectory *orders;

  sw_plot_view_set_analysis (view, SW_PLOT_ANALYSIS_ORDERS);
  g_assert_null (sw_plot_view_get_spectrum (view));
  g_assert_nonnull (sw_plot_view_get_analysis_error (view));
  /* Nothing drawn: the widget says why (the error) instead. */
  g_assert_false (render (view));
  sw_ui_test_iterate (200);
  sw_ui_test_keep_widget (GTK_WIDGET (view), "SW_PLOT_VIEW_SHOTS", "orders-no-shaft.png");

  /* Through the menu's action, as a click on a shaft does. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "plot.order-spectrum", "s", "shaft.w"));
  g_assert_cmpstr (sw_plot_view_get_order_shaft (view), ==, "shaft.w");
  g_assert_cmpint (sw_plot_view_get_analysis (view), ==, SW_PLOT_ANALYSIS_ORDERS);
  orders = sw_plot_view_get_spectrum (view);
  g_assert_nonnull (orders);
  g_assert_cmpfloat_with_epsilon (peak_near (orders, 0, 6.0, 0.3), 0.3, 1e-3);
  sw_plot_view_set_order_shaft (view, "shaft.phi");
  orders = sw_plot_view_get_spectrum (view);
  g_assert_cmpfloat_with_epsilon (peak_near (orders, 0, 6.0, 0.3), 0.3, 1e-3);
  sw_ui_test_iterate (200);
  sw_ui_test_keep_widget (GTK_WIDGET (view), "SW_PLOT_VIEW_SHOTS", "orders.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_reference (void)
{
  GtkWidget *window;
  SwPlotView *view = make_view (&window);
  g_autofree char *text = NULL;
  int notified = 0;
  double x;

  g_signal_connect (view, "notify::reference-visible", G_CALLBACK (sw_ui_test_count_notify), &notified);
  g_assert_false (sw_plot_view_get_reference (view, NULL));
  sw_plot_view_set_cursor (view, 1.0);
  /* "Second Cursor Here" puts it at the cursor, then the cursor moves. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "plot.reference-here", NULL));
  g_assert_true (sw_plot_view_get_reference (view, &x));
  g_assert_cmpfloat (x, ==, 1.0);
  g_assert_cmpint (notified, ==, 1);
  sw_plot_view_set_cursor (view, 1.25);
  text = _sw_plot_view_dup_overlay_text (view);
  g_assert_nonnull (text);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "Δt = 0.25 s"));
  g_assert_nonnull (strstr (text, "1/Δt = 4 Hz"));
  g_assert_nonnull (strstr (text, "N·m"));
  {
    /* Δ of gear.tau, as the column's values say. */
    SwTrajectory *tr = sw_plot_view_get_trajectory (view);
    double d = sw_trajectory_interpolate (tr, 2, 1.25) - sw_trajectory_interpolate (tr, 2, 1.0);
    g_autofree char *want = g_strdup_printf ("Δ = %.5g N·m", d);
    g_assert_nonnull (strstr (text, want));
  }
  render_ok (view);
  sw_ui_test_iterate (200);
  sw_ui_test_keep_widget (GTK_WIDGET (view), "SW_PLOT_VIEW_SHOTS", "reference.png");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "plot.hide-reference", NULL));
  g_assert_false (sw_plot_view_get_reference (view, NULL));
  g_assert_cmpint (notified, ==, 2);
  g_clear_pointer (&text, g_free);
  text = _sw_plot_view_dup_overlay_text (view);
  g_assert_null (text);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Over 1 … 3 s: shaft.w = 10 + 5 t has mean 20, RMS sqrt (mean of its
 * square), min 15, max 25, all exact for lines; gear.tau's 6 Hz sine has
 * 12 whole periods there. */
static void
test_statistics (void)
{
  GtkWidget *window;
  SwPlotView *view = make_view (&window);
  const char *columns[] = { "gear.tau", "shaft.w", NULL };
  g_autofree char *text = NULL;
  SwSignalStats s;
  double ms;

  sw_plot_view_set_columns (view, columns);
  sw_plot_view_set_range (view, 1.0, 3.0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "plot.statistics", NULL));
  g_assert_true (sw_plot_view_get_statistics (view));
  g_assert_true (sw_plot_view_get_column_stats (view, "shaft.w", &s));
  g_assert_cmpfloat_with_epsilon (s.mean, 20.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.min, 15.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.max, 25.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.peak_to_peak, 10.0, 1e-9);
  ms = (pow (25.0, 3) - pow (15.0, 3)) / (3.0 * 5.0 * 2.0);
  g_assert_cmpfloat_with_epsilon (s.rms, sqrt (ms), 1e-9);
  /* In rpm: the same, times 60 / 2 pi. */
  sw_plot_view_set_display_units (view, SW_PLOT_UNITS_RPM_DEGREES);
  g_assert_true (sw_plot_view_get_column_stats (view, "shaft.w", &s));
  g_assert_cmpfloat_with_epsilon (s.mean, 20.0 * 60.0 / (2.0 * G_PI), 1e-9);
  /* gear.tau: 0.5 + 2 sin over 12 periods + the order sine (its mean
   * is small): the mean near 0.5, the RMS near sqrt (0.25 + 2 + 0.045). */
  g_assert_true (sw_plot_view_get_column_stats (view, "gear.tau", &s));
  g_assert_cmpfloat_with_epsilon (s.mean, 0.5, 0.02);
  g_assert_cmpfloat_with_epsilon (s.rms, sqrt (0.25 + 2.0 + 0.045), 0.02);
  g_assert_cmpfloat (s.max, <=, 2.8);
  g_assert_cmpfloat (s.max, >, 2.5);
  g_assert_cmpfloat_with_epsilon (s.peak_to_peak, s.max - s.min, 1e-12);
  g_assert_false (sw_plot_view_get_column_stats (view, "no.such", &s));

  text = _sw_plot_view_dup_overlay_text (view);
  g_assert_nonnull (text);
  g_assert_nonnull (strstr (text, "RMS"));
  g_assert_nonnull (strstr (text, "shaft.w"));
  g_assert_nonnull (strstr (text, "rpm"));
  render_ok (view);
  sw_ui_test_iterate (200);
  sw_ui_test_keep_widget (GTK_WIDGET (view), "SW_PLOT_VIEW_SHOTS", "statistics.png");
  {
    /* In the dark style, the table's text is the plot's light text. */
    cairo_surface_t *surface;
    double rgb[3];

    sw_ui_test_set_dark (TRUE);
    sw_ui_test_iterate (300);
    surface = sw_ui_test_snapshot (GTK_WIDGET (view));
    sw_ui_test_keep_picture (surface, "SW_PLOT_VIEW_SHOTS", "statistics-dark.png");
    sw_ui_test_pixel_at (surface, 2, cairo_image_surface_get_height (surface) - 3, rgb);
    g_assert_cmpfloat (rgb[0] + rgb[1] + rgb[2], <, 1.0);  /* under the table: the dark page */
    cairo_surface_destroy (surface);
    sw_ui_test_reset_style ();
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_log_axes_and_menu (void)
{
  GtkWidget *window;
  SwPlotView *view = make_view (&window);
  const SwPlotGeometry *g;

  /* The property actions of the menu. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "plot.analysis", "s", "spectrum"));
  g_assert_cmpint (sw_plot_view_get_analysis (view), ==, SW_PLOT_ANALYSIS_SPECTRUM);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "plot.spectrum-window", "s", "hann"));
  g_assert_cmpint (sw_plot_view_get_spectrum_window (view), ==, SW_SPECTRUM_WINDOW_HANN);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "plot.log-y", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "plot.log-x", NULL));
  g_assert_true (sw_plot_view_get_log_x (view));
  g_assert_true (sw_plot_view_get_log_y (view));
  g_assert_nonnull (sw_plot_view_get_spectrum (view));
  render_ok (view);
  g = _sw_plot_view_get_geometry (view);
  g_assert_nonnull (g);
  g_assert_true (g->log_x);
  g_assert_true (g->panels[0].log);
  sw_ui_test_iterate (200);
  sw_ui_test_keep_widget (GTK_WIDGET (view), "SW_PLOT_VIEW_SHOTS", "spectrum-log.png");

  /* The menu by the keyboard: a popover with the shafts. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "plot.menu", NULL));
  sw_ui_test_iterate (200);
  g_assert_nonnull (view->menu);
  g_assert_true (gtk_widget_get_visible (view->menu));
  gtk_popover_popdown (GTK_POPOVER (view->menu));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A click on a legend entry hides its curve (greyed in the legend, not
 * drawn, the panel fitted to the rest); another shows it again. */
static void
test_legend (void)
{
  GtkWidget *window;
  SwPlotView *view = make_view (&window);
  const char *columns[] = { "gear.tau", "shaft.w", "shaft.phi", NULL };
  const SwPlotGeometry *g;
  const SwPlotLegendEntry *e = NULL;
  double top_before, top_after;

  sw_plot_view_set_columns (view, columns);
  /* shaft.w and shaft.phi in one panel: phi (up to 80 rad) sets its top. */
  sw_plot_view_set_panel (view, "shaft.phi", 1);
  render_ok (view);
  g = _sw_plot_view_get_geometry (view);
  g_assert_cmpuint (g->n_legend, ==, 3);
  top_before = g->panels[1].y_max;
  /* The last column's entry: shaft.phi (beside its panel or above it,
   * as the width allows). */
  for (guint i = 0; i < g->n_legend; i++)
    if (e == NULL || g->legend[i].curve > e->curve)
      e = &g->legend[i];
  g_assert_nonnull (e);
  g_assert_true (_sw_plot_view_legend_click (view, e->left + 10, e->top + e->height / 2));
  g_assert_true (sw_plot_view_get_column_hidden (view, "shaft.phi"));
  g_assert_false (sw_plot_view_get_column_hidden (view, "shaft.w"));
  render_ok (view);
  top_after = _sw_plot_view_get_geometry (view)->panels[1].y_max;
  g_test_message ("panel 1 top: %g, with phi hidden %g", top_before, top_after);
  g_assert_cmpfloat (top_after, <, 0.5 * top_before);
  g_assert_cmpuint (_sw_plot_view_get_geometry (view)->n_legend, ==, 3);
  sw_ui_test_iterate (200);
  sw_ui_test_keep_widget (GTK_WIDGET (view), "SW_PLOT_VIEW_SHOTS", "legend-hidden.png");
  /* Kept when the columns are given again; a click elsewhere does nothing. */
  sw_plot_view_set_columns (view, columns);
  g_assert_true (sw_plot_view_get_column_hidden (view, "shaft.phi"));
  g_assert_false (_sw_plot_view_legend_click (view, 5, 5));
  sw_plot_view_set_column_hidden (view, "shaft.phi", FALSE);
  g_assert_false (sw_plot_view_get_column_hidden (view, "shaft.phi"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* At the cursor, the runs behind read out beside this one. */
static void
test_runs_at_cursor (void)
{
  GtkWidget *window;
  SwPlotView *view = make_view (&window);
  g_autoptr(SwTrajectory) previous = make_trajectory ();
  g_autofree char *text = NULL;
  g_autofree char *want = NULL;

  sw_plot_view_set_previous (view, previous);
  sw_plot_view_pin (view, previous, "J = 2 → 4 kg·m²");
  sw_plot_view_set_cursor (view, 0.5);
  text = _sw_plot_view_dup_overlay_text (view);
  g_assert_nonnull (text);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "previous run"));
  g_assert_nonnull (strstr (text, "J = 2 → 4 kg·m²"));
  want = g_strdup_printf ("%.5g N·m", sw_trajectory_interpolate (previous, 2, 0.5));
  g_assert_nonnull (strstr (text, want));
  render_ok (view);
  sw_ui_test_iterate (200);
  sw_ui_test_keep_widget (GTK_WIDGET (view), "SW_PLOT_VIEW_SHOTS", "runs-at-cursor.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_units (void)
{
  g_autofree char *a = sw_plot_dup_unit_text ("N.m");
  g_autofree char *b = sw_plot_dup_unit_text ("kg.m2");
  g_autofree char *c = sw_plot_dup_unit_text ("rad/s");
  g_autofree char *d = sw_plot_dup_unit_text ("deg");
  g_autofree char *e = sw_plot_dup_unit_text ("N.m/(rad/s)");

  g_assert_cmpstr (a, ==, "N·m");
  g_assert_cmpstr (b, ==, "kg·m²");
  g_assert_cmpstr (c, ==, "rad/s");
  g_assert_cmpstr (d, ==, "°");
  g_assert_cmpstr (e, ==, "N·m/(rad/s)");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/plot-analysis/units", test_units);
  if (!sw_ui_test_init ("/ui/plot-analysis/no-display"))
    return g_test_run ();
  g_test_add_func ("/ui/plot-analysis/spectrum", test_spectrum);
  g_test_add_func ("/ui/plot-analysis/worker", test_worker);
  g_test_add_func ("/ui/plot-analysis/orders", test_orders);
  g_test_add_func ("/ui/plot-analysis/reference", test_reference);
  g_test_add_func ("/ui/plot-analysis/statistics", test_statistics);
  g_test_add_func ("/ui/plot-analysis/log-axes-and-menu", test_log_axes_and_menu);
  g_test_add_func ("/ui/plot-analysis/legend", test_legend);
  g_test_add_func ("/ui/plot-analysis/runs-at-cursor", test_runs_at_cursor);
  return g_test_run ();
}
