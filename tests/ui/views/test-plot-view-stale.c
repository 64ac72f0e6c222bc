/* test-plot-view-stale.c: a plot whose model was edited into one that
 * cannot run (sw_plot_view_set_stale): its curves dimmed under a veil and
 * a note in the middle, "Results of the last complete model"; the
 * property's notifications; a new trajectory clears it.
 *
 * Needs a display (xvfb-run); GSK_RENDERER=cairo. SW_PLOT_VIEW_SHOTS=DIR
 * keeps the pictures there (stale-before.png, stale.png, stale-dark.png).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>

#include <adwaita.h>

#include "sw-plot-view.h"
#include "sw-trajectory.h"
#include "sw-ui-test.h"

#define N_ROWS 2001

static SwTrajectory *
make_trajectory (double scale)
{
  char *names[] = { "inertia1.w", "inertia2.w", NULL };
  char *units[] = { "rad/s", "rad/s", NULL };
  SwTrajectory *trajectory = sw_trajectory_new (g_strdupv (names), g_strdupv (units));

  for (guint r = 0; r < N_ROWS; r++)
    {
      double t = 10.0 * r / (N_ROWS - 1);
      double values[2] = { scale * sin (3.0 * t), scale * exp (-0.2 * t) * cos (7.0 * t) };

      sw_trajectory_append_row (trajectory, t, values);
    }
  return trajectory;
}

/* Pixels of a strong colour (a curve's, not grey text or grid). */
static guint
count_vivid (cairo_surface_t *surface)
{
  guint n = 0;

  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      {
        double rgb[3];

        sw_ui_test_pixel_at (surface, x, y, rgb);
        if (MAX (rgb[0], MAX (rgb[1], rgb[2])) - MIN (rgb[0], MIN (rgb[1], rgb[2])) > 0.35)
          n++;
      }
  return n;
}

/* Dark pixels (text at full strength on the light style), and how many of
 * them lie in the middle third of the height. */
static guint
count_dark (cairo_surface_t *surface,
            guint           *in_middle)
{
  int h = cairo_image_surface_get_height (surface);
  guint n = 0;

  *in_middle = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      if (sw_ui_test_luminance_at (surface, x, y) < 0.3)
        {
          n++;
          if (y > h / 3 && y < 2 * h / 3)
            (*in_middle)++;
        }
  return n;
}

static void
test_stale (void)
{
  static const char *columns[] = { "inertia1.w", "inertia2.w", NULL };
  g_autoptr(SwTrajectory) first = make_trajectory (1.0);
  g_autoptr(SwTrajectory) next = make_trajectory (1.3);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *plot = sw_plot_view_new ();
  SwPlotView *view = SW_PLOT_VIEW (plot);
  cairo_surface_t *before, *stale, *dark, *after;
  guint vivid_before, vivid_stale, dark_before, dark_stale, middle_before, middle_stale;
  int notified = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), 700, 500);
  gtk_window_set_child (GTK_WINDOW (window), plot);
  sw_plot_view_set_trajectory (view, first);
  sw_plot_view_set_columns (view, columns);
  g_signal_connect (view, "notify::stale", G_CALLBACK (sw_ui_test_count_notify), &notified);
  gtk_window_present (GTK_WINDOW (window));
  sw_ui_test_set_dark (FALSE);
  sw_ui_test_iterate (300);
  g_assert_cmpint (sw_ui_test_wait_width (plot, 400, 10), >, 400);
  g_assert_false (sw_plot_view_get_stale (view));
  before = sw_ui_test_snapshot (plot);
  sw_ui_test_keep_picture (before, "SW_PLOT_VIEW_SHOTS", "stale-before.png");

  /* Stale: notified once, not again for the same value. */
  sw_plot_view_set_stale (view, TRUE);
  g_assert_true (sw_plot_view_get_stale (view));
  g_assert_cmpint (notified, ==, 1);
  sw_plot_view_set_stale (view, TRUE);
  g_assert_cmpint (notified, ==, 1);
  sw_ui_test_iterate (100);
  stale = sw_ui_test_snapshot (plot);
  sw_ui_test_keep_picture (stale, "SW_PLOT_VIEW_SHOTS", "stale.png");

  /* The curves faded: few strong colours left (the veil takes 70 % of
   * them to the page's white) ... */
  vivid_before = count_vivid (before);
  vivid_stale = count_vivid (stale);
  g_test_message ("vivid pixels %u → %u", vivid_before, vivid_stale);
  g_assert_cmpuint (vivid_before, >, 1000);
  g_assert_cmpuint (vivid_stale, <, vivid_before / 20);
  /* ... and the text at full strength is the note's, in the middle; the
   * axes' labels are faded too. */
  dark_before = count_dark (before, &middle_before);
  dark_stale = count_dark (stale, &middle_stale);
  g_test_message ("dark pixels %u (%u in the middle) → %u (%u)", dark_before, middle_before, dark_stale, middle_stale);
  g_assert_cmpuint (dark_before, >, 300);
  g_assert_cmpuint (middle_stale, >, 300);
  g_assert_cmpuint (middle_stale, ==, dark_stale);

  /* The dark style: kept for a look. */
  sw_ui_test_set_dark (TRUE);
  sw_ui_test_iterate (300);
  dark = sw_ui_test_snapshot (plot);
  sw_ui_test_keep_picture (dark, "SW_PLOT_VIEW_SHOTS", "stale-dark.png");
  g_assert_cmpuint (count_vivid (dark), <, vivid_before / 20);
  sw_ui_test_set_dark (FALSE);

  /* New results: current again, the curves at full strength. */
  sw_plot_view_set_trajectory (view, next);
  g_assert_false (sw_plot_view_get_stale (view));
  g_assert_cmpint (notified, ==, 2);
  sw_ui_test_iterate (300);
  after = sw_ui_test_snapshot (plot);
  g_assert_cmpuint (count_vivid (after), >, vivid_before / 2);
  /* As a property, too. */
  g_object_set (view, "stale", TRUE, NULL);
  g_assert_true (sw_plot_view_get_stale (view));
  g_assert_cmpint (notified, ==, 3);

  cairo_surface_destroy (before);
  cairo_surface_destroy (stale);
  cairo_surface_destroy (dark);
  cairo_surface_destroy (after);
  sw_ui_test_reset_style ();
  gtk_window_destroy (GTK_WINDOW (window));
  sw_ui_test_iterate (50);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (!sw_ui_test_init ("/ui/plot-view-stale/no-display"))
    return g_test_run ();
  g_test_add_func ("/ui/plot-view-stale/stale", test_stale);
  return g_test_run ();
}
