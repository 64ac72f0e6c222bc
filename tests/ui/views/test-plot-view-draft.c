/* test-plot-view-draft.c: a live edit's page (sw_plot_view_begin_draft):
 * drawn as a draft, its curves without anti-aliasing (fewer colours on
 * the page than the full one's blends), once; drawn again in full when no
 * edit has come for a quarter of a second; an export is never a draft.
 *
 * Needs a display (xvfb-run); GSK_RENDERER=cairo. SW_PLOT_VIEW_SHOTS=DIR
 * keeps the pictures there (draft.png, settled.png).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "sw-plot-view.h"
#include "sw-plot-view-private.h"
#include "sw-trajectory.h"
#include "sw-ui-test.h"

#define N_ROWS 4001

/* Two speeds over 10 s, of amplitude scale. */
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

/* How many colours the picture has. */
static guint
count_colours (cairo_surface_t *surface)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      g_hash_table_add (seen, GUINT_TO_POINTER (((const guint32 *) (data + y * stride))[x]));
  return g_hash_table_size (seen);
}

/* Whether the page would be drawn as a draft, for the screen and for a file. */
static gboolean
scene_is_draft (SwPlotView *view, gboolean interactive)
{
  Scene s;
  gboolean draft;

  g_assert_true (_sw_plot_view_build_scene (view, &s, interactive));
  draft = s.scene.draft;
  _sw_plot_view_scene_clear (&s);
  return draft;
}

static void
test_draft (void)
{
  static const char *columns[] = { "inertia1.w", "inertia2.w", NULL };
  g_autoptr(SwTrajectory) first = make_trajectory (1.0);
  g_autoptr(SwTrajectory) next = make_trajectory (1.3);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("sw-plot-draft-XXXXXX", &error);
  g_autofree char *path = NULL;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *plot = sw_plot_view_new ();
  SwPlotView *view = SW_PLOT_VIEW (plot);
  cairo_surface_t *full, *draft, *settled;
  guint n;

  g_assert_no_error (error);
  gtk_window_set_default_size (GTK_WINDOW (window), 700, 500);
  gtk_window_set_child (GTK_WINDOW (window), plot);
  sw_plot_view_set_trajectory (view, first);
  sw_plot_view_set_columns (view, columns);
  gtk_window_present (GTK_WINDOW (window));
  sw_ui_test_set_dark (FALSE);
  sw_ui_test_iterate (300);
  g_assert_cmpint (sw_ui_test_wait_width (plot, 400, 10), >, 400);
  g_assert_false (scene_is_draft (view, TRUE));
  full = sw_ui_test_snapshot (plot);

  /* A live edit's run: a draft, drawn once (ahead of its frame). */
  n = _sw_plot_view_get_n_pages_drawn (view);
  sw_plot_view_begin_draft (view);
  sw_plot_view_set_trajectory (view, next);
  sw_ui_test_iterate (50);
  g_assert_true (scene_is_draft (view, TRUE));
  g_assert_false (scene_is_draft (view, FALSE));
  g_assert_cmpuint (_sw_plot_view_get_n_pages_drawn (view), ==, n + 1);
  draft = sw_ui_test_snapshot (plot);
  sw_ui_test_keep_picture (draft, "SW_PLOT_VIEW_SHOTS", "draft.png");
  g_assert_cmpuint (_sw_plot_view_get_n_pages_drawn (view), ==, n + 1);
  /* The curves' blends are gone; the text is as before. */
  g_assert_cmpuint (count_colours (draft), <, count_colours (full));

  /* Exported meanwhile: in full. */
  path = g_build_filename (dir, "plot.png", NULL);
  g_assert_true (sw_plot_view_export (view, path, 640, 480, &error));
  g_assert_no_error (error);

  /* No edit for a quarter of a second: drawn again, in full (a loaded
   * machine may paint that frame late). */
  sw_ui_test_iterate (300);
  for (guint i = 0; i < 50 && _sw_plot_view_get_n_pages_drawn (view) == n + 1; i++)
    sw_ui_test_iterate (100);
  g_assert_false (scene_is_draft (view, TRUE));
  g_assert_cmpuint (_sw_plot_view_get_n_pages_drawn (view), ==, n + 2);
  settled = sw_ui_test_snapshot (plot);
  sw_ui_test_keep_picture (settled, "SW_PLOT_VIEW_SHOTS", "settled.png");
  g_assert_cmpuint (count_colours (settled), >, count_colours (draft));

  cairo_surface_destroy (full);
  cairo_surface_destroy (draft);
  cairo_surface_destroy (settled);
  g_unlink (path);
  g_rmdir (dir);
  sw_ui_test_reset_style ();
  gtk_window_destroy (GTK_WINDOW (window));
  sw_ui_test_iterate (50);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (!sw_ui_test_init ("/ui/plot-view-draft/no-display"))
    return g_test_run ();
  g_test_add_func ("/ui/plot-view-draft/draft", test_draft);
  return g_test_run ();
}
