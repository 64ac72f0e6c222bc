/* test-plot-draft.c: a live edit's curves drawn as the pixel columns they
 * cover (_sw_plot_column_spans, ui/plot/sw-plot-draw-draft.c): exact for
 * a straight line, gaps kept; from the points thinned to a column's lowest
 * and highest (what a page draws), every column still reaches the peaks of
 * the full data in it and nothing beyond what the full line covers next
 * to it; a draft page paints the curve in every column of its panel.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdlib.h>

#include "sw-plot-draw-private.h"

#define N_ROWS  200000
#define COLUMNS 317

/* A deterministic noise in [-1, 1) (a linear congruential generator). */
static double
noise (guint32 *state)
{
  *state = *state * 1664525u + 1013904223u;
  return (*state >> 8) / (double) (1u << 23) - 1.0;
}

/* y = 2 x + 1 from x = 0.5 to 3.5 covers in column c (x from c to c + 1)
 * the rows of its ends there; a NaN breaks the line, a lone point is its
 * own column, and nothing leaks past the last column. */
static void
test_exact (void)
{
  const double px[] = { 0.5, 3.5, NAN, 4.25, NAN, 5.5, 9.0 };
  const double py[] = { 2.0, 8.0, NAN, -1.0, NAN, 0.0, 7.0 };
  const double lo_expected[] = { 2.0, 3.0, 5.0, 7.0, -1.0, 0.0 };
  const double hi_expected[] = { 3.0, 5.0, 7.0, 8.0, -1.0, 1.0 };
  double lo[6], hi[6];

  _sw_plot_column_spans (px, py, G_N_ELEMENTS (px), 6, lo, hi);
  for (guint c = 0; c < 6; c++)
    {
      g_assert_cmpfloat_with_epsilon (lo[c], lo_expected[c], 1e-12);
      g_assert_cmpfloat_with_epsilon (hi[c], hi_expected[c], 1e-12);
    }

  /* Nothing in a column the line does not reach. */
  {
    const double qx[] = { 2.2, 2.8 }, qy[] = { 1.0, 1.0 };

    _sw_plot_column_spans (qx, qy, 2, 6, lo, hi);
    for (guint c = 0; c < 6; c++)
      g_assert_true (c == 2 ? lo[c] == 1.0 && hi[c] == 1.0 : isnan (lo[c]) && isnan (hi[c]));
  }
}

/* A noisy signal with single-row spikes, thinned to COLUMNS columns as a
 * page does, against the same signal in full. */
static void
test_thinned_against_full (void)
{
  const double x_min = 1.0, x_max = 3.0, scale = COLUMNS / (x_max - x_min);
  g_autofree double *x = g_new (double, N_ROWS);
  g_autofree double *y = g_new (double, N_ROWS);
  g_autofree double *px = g_new (double, N_ROWS);
  double full_lo[COLUMNS], full_hi[COLUMNS], thin_lo[COLUMNS], thin_hi[COLUMNS];
  double point_lo[COLUMNS], point_hi[COLUMNS];
  g_autoptr(GArray) xs = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) ys = g_array_new (FALSE, FALSE, sizeof (double));
  guint32 state = 4242;

  for (int c = 0; c < COLUMNS; c++)
    point_lo[c] = point_hi[c] = NAN;
  for (guint r = 0; r < N_ROWS; r++)
    {
      x[r] = 0.9 + 2.2 * r / (N_ROWS - 1);
      y[r] = sin (7.0 * x[r]) + 0.05 * noise (&state);
      if (r % 4999 == 17)
        y[r] += (r % 2 ? 3.0 : -3.0) * (1.0 + 0.1 * noise (&state));
      px[r] = (x[r] - x_min) * scale;
      if (px[r] >= 0.0 && px[r] < COLUMNS)
        {
          int c = (int) floor (px[r]);

          point_lo[c] = isnan (point_lo[c]) ? y[r] : MIN (point_lo[c], y[r]);
          point_hi[c] = isnan (point_hi[c]) ? y[r] : MAX (point_hi[c], y[r]);
        }
    }
  _sw_plot_column_spans (px, y, N_ROWS, COLUMNS, full_lo, full_hi);

  _sw_plot_thin_time (x, y, 0, N_ROWS, 1.0, 1.0, FALSE, AXIS_LINEAR, x_min, x_max, COLUMNS, 2, xs, ys);
  g_assert_cmpuint (xs->len, <, N_ROWS / 100);
  for (guint i = 0; i < xs->len; i++)
    g_array_index (xs, double, i) = (g_array_index (xs, double, i) - x_min) * scale;
  _sw_plot_column_spans ((const double *) xs->data, (const double *) ys->data, xs->len, COLUMNS, thin_lo,
                         thin_hi);

  for (int c = 0; c < COLUMNS; c++)
    {
      double near_lo = full_lo[c], near_hi = full_hi[c];

      /* The peaks of the full data in the column, drawn. */
      g_assert_false (isnan (point_lo[c]));
      g_assert_cmpfloat (thin_lo[c], <=, point_lo[c]);
      g_assert_cmpfloat (thin_hi[c], >=, point_hi[c]);
      /* Nothing the full line does not reach in this column or the next
       * (a thinned line joins a column's extreme to the next one's). */
      for (int d = MAX (c - 1, 0); d <= MIN (c + 1, COLUMNS - 1); d++)
        {
          near_lo = MIN (near_lo, full_lo[d]);
          near_hi = MAX (near_hi, full_hi[d]);
        }
      /* (Rows interpolated between other ends: rounding apart.) */
      g_assert_cmpfloat (thin_lo[c], >=, near_lo - 1e-12);
      g_assert_cmpfloat (thin_hi[c], <=, near_hi + 1e-12);
    }
}

/* A draft page of one long sine: every pixel column of the panel has the
 * curve's colour, exactly (no anti-aliasing), and the page's key is not
 * the full page's. */
static void
test_draft_page (void)
{
  char *names[] = { "inertia1.w", NULL };
  char *units[] = { "rad/s", NULL };
  g_autoptr(SwTrajectory) t = sw_trajectory_new (g_strdupv (names), g_strdupv (units));
  SwPlotPanel panel = { .label = "speed" };
  SwPlotCurve curve = { .trajectory = t, .x_column = -1, .y_column = 0, .x_factor = 1.0, .y_factor = 1.0,
                        .label = "inertia1.w" };
  SwPlotScene scene = { .x_label = "time", .panels = &panel, .n_panels = 1, .curves = &curve, .n_curves = 1 };
  const guint8 *rgb = sw_plot_colors_light ()->curves[0];
  guint32 want = ((guint32) rgb[0] << 16) | ((guint32) rgb[1] << 8) | rgb[2];
  g_autoptr(GBytes) full_key = NULL, draft_key = NULL;
  SwPlotGeometry geometry;
  cairo_surface_t *surface;
  cairo_t *cr;
  int stream, left, right, top, bottom, stride;
  const guint8 *data;

  for (guint r = 0; r < 20001; r++)
    {
      double time = r * 1e-3, value = sin (2.0 * G_PI * time);

      sw_trajectory_append_row (t, time, &value);
    }
  full_key = sw_plot_scene_dup_key (&scene, 640, 400);
  scene.draft = TRUE;
  draft_key = sw_plot_scene_dup_key (&scene, 640, 400);
  g_assert_false (g_bytes_equal (full_key, draft_key));

  stream = sw_plot_stream_new_screen (640, 400);
  g_assert_cmpint (stream, >=, 0);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 640, 400);
  cr = cairo_create (surface);
  g_assert_true (sw_plot_stream_draw (stream, cr, 640, 400, &scene, &geometry));
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  sw_plot_stream_free (stream);

  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  left = (int) ceil (geometry.panels[0].left) + 1;
  right = (int) floor (geometry.panels[0].left + geometry.panels[0].width) - 1;
  top = (int) ceil (geometry.panels[0].top);
  bottom = (int) floor (geometry.panels[0].top + geometry.panels[0].height);
  g_assert_cmpint (right - left, >, 300);
  for (int col = left; col < right; col++)
    {
      gboolean found = FALSE;

      for (int row = top; row < bottom && !found; row++)
        found = (((const guint32 *) (data + row * stride))[col] & 0xffffff) == want;
      g_assert_true (found);
    }
  cairo_surface_destroy (surface);
}

/* scene drawn at 640 x 400 and the device scale given, into an RGB24
 * image, straight (the draft's curves painted into its pixels) or through
 * a recording surface (cairo fills them). */
static cairo_surface_t *
draw_scene (const SwPlotScene *scene, int scale, gboolean recorded)
{
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 640 * scale, 400 * scale);
  cairo_surface_t *target = image;
  int stream = sw_plot_stream_new_screen (640, 400);
  cairo_t *cr;

  g_assert_cmpint (stream, >=, 0);
  if (recorded)
    target = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_surface_set_device_scale (target, scale, scale);
  cr = cairo_create (target);
  g_assert_true (sw_plot_stream_draw (stream, cr, 640, 400, scene, NULL));
  cairo_destroy (cr);
  sw_plot_stream_free (stream);
  if (recorded)
    {
      cairo_surface_set_device_scale (image, scale, scale);
      cr = cairo_create (image);
      cairo_set_source_surface (cr, target, 0, 0);
      cairo_paint (cr);
      cairo_destroy (cr);
      cairo_surface_destroy (target);
    }
  cairo_surface_flush (image);
  return image;
}

/* The draft's curves painted into the image's pixels are what cairo fills
 * (the rectangles rounded to device pixels either way): the same pixels,
 * a faint curve's blend within one level of a channel; at the device
 * scales 1 and 2. */
static void
test_draft_pixels (void)
{
  char *names[] = { "inertia1.w", NULL };
  char *units[] = { "rad/s", NULL };
  g_autoptr(SwTrajectory) now = sw_trajectory_new (g_strdupv (names), g_strdupv (units));
  g_autoptr(SwTrajectory) before = sw_trajectory_new (g_strdupv (names), g_strdupv (units));
  SwPlotPanel panel = { .label = "speed" };
  SwPlotCurve curves[2] = {
    { .trajectory = before, .x_column = -1, .y_column = 0, .x_factor = 1.0, .y_factor = 1.0,
      .line = SW_PLOT_LINE_FAINT },
    { .trajectory = now, .x_column = -1, .y_column = 0, .x_factor = 1.0, .y_factor = 1.0, .label = "inertia1.w" },
  };
  SwPlotScene scene = { .x_label = "time", .panels = &panel, .n_panels = 1, .curves = curves, .n_curves = 2,
                        .draft = TRUE };

  for (guint r = 0; r < 4001; r++)
    {
      double time = r * 5e-4, value = sin (2.0 * G_PI * 3 * time), earlier = 0.8 * cos (2.0 * G_PI * 2 * time);

      sw_trajectory_append_row (now, time, &value);
      sw_trajectory_append_row (before, time, &earlier);
    }
  for (int scale = 1; scale <= 2; scale++)
    {
      cairo_surface_t *direct = draw_scene (&scene, scale, FALSE);
      cairo_surface_t *filled = draw_scene (&scene, scale, TRUE);
      int stride = cairo_image_surface_get_stride (direct);
      const guint8 *a = cairo_image_surface_get_data (direct), *b = cairo_image_surface_get_data (filled);
      guint n_curve = 0;

      for (int y = 0; y < 400 * scale; y++)
        for (int x = 0; x < 640 * scale; x++)
          {
            guint32 p = ((const guint32 *) (a + y * stride))[x], q = ((const guint32 *) (b + y * stride))[x];

            for (int shift = 0; shift < 24; shift += 8)
              g_assert_cmpint (abs ((int) ((p >> shift) & 0xff) - (int) ((q >> shift) & 0xff)), <=, 1);
            n_curve += (p & 0xffffff) != 0xffffff;
          }
      /* (Not a blank page on both.) */
      g_assert_cmpuint (n_curve, >, 2000u * scale);
      cairo_surface_destroy (direct);
      cairo_surface_destroy (filled);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/plot/draft/exact", test_exact);
  g_test_add_func ("/ui/plot/draft/thinned-against-full", test_thinned_against_full);
  if (sw_plot_driver_available ())
    {
      g_test_add_func ("/ui/plot/draft/page", test_draft_page);
      g_test_add_func ("/ui/plot/draft/pixels", test_draft_pixels);
    }
  return g_test_run ();
}
