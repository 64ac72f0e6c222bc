/* test-plot-key.c: sw_plot_scene_dup_key() (ui/plot/sw-plot-draw.c), with
 * which the plot view keeps its drawn page: equal for equal scenes (texts
 * compared by content, not address), different when anything drawn
 * differs: the size, a range, a colour, a text, a curve's run or its rows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sw-plot-draw.h"

typedef struct {
  SwPlotScene scene;
  SwPlotPanel panel;
  SwPlotCurve curves[2];
  SwPlotColors colors;
  char        label[32];
} Scene;

static SwTrajectory *
make_run (guint n_rows, double scale)
{
  char *names[] = { "a.w", "b.w", NULL };
  char *units[] = { "rad/s", "rad/s", NULL };
  SwTrajectory *tr = sw_trajectory_new (g_strdupv (names), g_strdupv (units));

  for (guint r = 0; r < n_rows; r++)
    {
      double values[2] = { scale * r, -scale * r };

      sw_trajectory_append_row (tr, 0.1 * r, values);
    }
  return tr;
}

static void
scene_init (Scene *s, SwTrajectory *tr)
{
  memset (s, 0, sizeof *s);
  g_strlcpy (s->label, "speed [rad/s]", sizeof s->label);
  s->colors = *sw_plot_colors_light ();
  s->panel.label = s->label;
  s->panel.unit = "rad/s";
  for (guint k = 0; k < 2; k++)
    s->curves[k] = (SwPlotCurve) { .trajectory = tr, .x_column = -1, .y_column = k, .x_factor = 1.0,
                                   .y_factor = 1.0, .color = k, .label = k == 0 ? "a.w" : "b.w" };
  s->scene.colors = &s->colors;
  s->scene.x_label = "time [s]";
  s->scene.panels = &s->panel;
  s->scene.n_panels = 1;
  s->scene.curves = s->curves;
  s->scene.n_curves = 2;
}

static gboolean
same (const Scene *a, int wa, int ha, const Scene *b, int wb, int hb)
{
  g_autoptr(GBytes) ka = sw_plot_scene_dup_key (&a->scene, wa, ha);
  g_autoptr(GBytes) kb = sw_plot_scene_dup_key (&b->scene, wb, hb);

  return g_bytes_equal (ka, kb);
}

static void
test_key (void)
{
  g_autoptr(SwTrajectory) tr = make_run (50, 1.0);
  g_autoptr(SwTrajectory) other = make_run (50, 2.0);
  Scene a, b;

  scene_init (&a, tr);
  scene_init (&b, tr);
  /* Equal, the label at another address. */
  g_assert_true (a.panel.label != b.panel.label);
  g_assert_true (same (&a, 640, 480, &b, 640, 480));

  /* The size. */
  g_assert_false (same (&a, 640, 480, &b, 641, 480));
  g_assert_false (same (&a, 640, 480, &b, 640, 479));

  /* A range. */
  b.scene.x_fixed = TRUE;
  b.scene.x_min = 0.5;
  b.scene.x_max = 1.5;
  g_assert_false (same (&a, 640, 480, &b, 640, 480));
  scene_init (&b, tr);
  b.panel.fixed = TRUE;
  b.panel.y_max = 3.0;
  g_assert_false (same (&a, 640, 480, &b, 640, 480));

  /* A colour, a text, NULL against "". */
  scene_init (&b, tr);
  b.colors.curves[1][2] ^= 1;
  g_assert_false (same (&a, 640, 480, &b, 640, 480));
  scene_init (&b, tr);
  b.label[0] = 'S';
  g_assert_false (same (&a, 640, 480, &b, 640, 480));
  scene_init (&b, tr);
  b.scene.title = "";
  g_assert_false (same (&a, 640, 480, &b, 640, 480));

  /* The cursor. */
  scene_init (&b, tr);
  b.scene.cursor = TRUE;
  b.scene.cursor_x = 0.0;
  g_assert_false (same (&a, 640, 480, &b, 640, 480));

  /* Another run, and the same run with more rows. */
  scene_init (&b, other);
  g_assert_false (same (&a, 640, 480, &b, 640, 480));
  scene_init (&b, tr);
  g_assert_true (same (&a, 640, 480, &b, 640, 480));
  {
    g_autoptr(GBytes) before = sw_plot_scene_dup_key (&a.scene, 640, 480);
    g_autoptr(GBytes) after = NULL;
    double values[2] = { 0.0, 0.0 };

    sw_trajectory_append_row (tr, 10.0, values);
    after = sw_plot_scene_dup_key (&a.scene, 640, 480);
    g_assert_false (g_bytes_equal (before, after));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/plot/scene-key", test_key);
  return g_test_run ();
}
