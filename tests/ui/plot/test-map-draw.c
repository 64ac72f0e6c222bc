/* test-map-draw.c: the colour map of a grid (ui/plot/sw-map-draw.c): each
 * cell is drawn in the colour of its own value, a cell without a value is
 * left blank, logarithmic axes are chosen for :log ranges only, and the
 * map is written to a file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdlib.h>
#include <glib/gstdio.h>
#include <plplot.h>

#include "sw-error.h"
#include "sw-map-draw.h"
#include "sw-modes-data.h"
#include "sw-plot-file.h"

#define WIDTH  720
#define HEIGHT 480

/* The colour PLplot gives a datum at t (0 … 1) of the map's range: cmap1
 * has the scale's 256 levels (level i at i / 255), and plcol1 (t) takes
 * level floor (256 t), the last for t = 1 (PLplot's plcol1). */
static void
expected_colour (double t, guint8 rgb[3])
{
  guint level = MIN ((guint) floor (t * 256), 255);
  double c[3];

  sw_modes_scale_colour (level / 255.0, c);
  for (guint i = 0; i < 3; i++)
    rgb[i] = (guint8) lround (c[i] * 255);
}

/* The pixels of the page in colour rgb (within 1 in each channel). */
static guint
count_colour (cairo_surface_t *surface, const guint8 rgb[3])
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint n = 0;

  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++)
      {
        guint32 p = *(const guint32 *) (data + y * stride + 4 * x);
        int r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;

        n += abs (r - rgb[0]) <= 1 && abs (g - rgb[1]) <= 1 && abs (b - rgb[2]) <= 1;
      }
  return n;
}

static cairo_surface_t *
draw (const SwMapChart *chart)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  int stream = sw_plot_stream_new (WIDTH, HEIGHT);
  PLINT previous = 0;

  g_assert_cmpint (stream, >=, 0);
  plgstrm (&previous);
  plsstrm (stream);
  g_assert_true (sw_map_chart_draw (cr, WIDTH, HEIGHT, chart));
  plsstrm (previous);
  sw_plot_stream_free (stream);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* Six runs, 3 × 2, values 0 … 5: each cell (about 150 × 150 pixels) in its
 * value's colour; the colour bar's steps are a few dozen pixels each. */
static void
test_cells (void)
{
  const double x[] = { 1, 2, 3 }, y[] = { 10, 20 };
  double z[6];
  SwMapChart chart = { .title = "max(load.w)", .x_label = "coupling.c", .y_label = "load.J",
                       .nx = 3, .ny = 2, .x = x, .y = y, .z = z };
  const guint8 *page = sw_plot_colors_light ()->background;
  cairo_surface_t *surface;
  guint blank;

  for (guint k = 0; k < 6; k++)
    z[k] = k;
  surface = draw (&chart);
  blank = count_colour (surface, page);
  for (guint k = 0; k < 6; k++)
    {
      guint8 rgb[3];

      expected_colour (k / 5.0, rgb);
      g_assert_cmpuint (count_colour (surface, rgb), >, 5000);
    }
  cairo_surface_destroy (surface);

  /* The last cell without a value: blank (the page), the range 0 … 4. */
  z[5] = NAN;
  surface = draw (&chart);
  for (guint k = 0; k < 5; k++)
    {
      guint8 rgb[3];

      expected_colour (k / 4.0, rgb);
      g_assert_cmpuint (count_colour (surface, rgb), >, 5000);
    }
  g_assert_cmpuint (count_colour (surface, page), >, blank + 5000);
  cairo_surface_destroy (surface);

  /* Nothing to colour: FALSE. */
  for (guint k = 0; k < 6; k++)
    z[k] = NAN;
  {
    cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
    cairo_t *cr = cairo_create (s);
    int stream = sw_plot_stream_new (WIDTH, HEIGHT);
    PLINT previous = 0;

    plgstrm (&previous);
    plsstrm (stream);
    g_assert_false (sw_map_chart_draw (cr, WIDTH, HEIGHT, &chart));
    plsstrm (previous);
    sw_plot_stream_free (stream);
    cairo_destroy (cr);
    cairo_surface_destroy (s);
  }
}

static void
test_log_axes (void)
{
  /* 1e3:1e5:5:log and 1e3:1e5:5 */
  const double decades[] = { 1e3, 1e4, 1e5 }, log5[] = { 1e3, 3162.2776601683795, 1e4, 31622.776601683792, 1e5 };
  const double linear5[] = { 1e3, 25750, 50500, 75250, 1e5 };
  const double even[] = { 0.1, 33.4, 66.7, 100 }, small[] = { 1, 2, 3, 4 }, negative[] = { -1, 10, 100 };

  g_assert_true (sw_map_values_are_log (decades, 3));
  g_assert_false (sw_map_values_are_log (even, 4));
  g_assert_false (sw_map_values_are_log (small, 4));
  g_assert_false (sw_map_values_are_log (negative, 3));
  g_assert_false (sw_map_values_are_log (decades, 2));
  g_assert_true (sw_map_values_are_log (log5, 5));
  g_assert_false (sw_map_values_are_log (linear5, 5));
}

static gboolean
draw_into_file (cairo_t *cr, int width, int height, gpointer data, const char *path, GError **error)
{
  return sw_map_chart_draw (cr, width, height, data);
}

/* Through sw_plot_file_write_drawn(): a PNG of the page's size, and a
 * page too small is an error naming the file. */
static void
test_file (void)
{
  const double x[] = { 1e3, 1e4, 1e5 }, y[] = { 1, 2 }, z[] = { 1, 2, 3, 4, 5, 6 };
  SwMapChart chart = { .title = "f", .x_label = "c", .y_label = "J", .nx = 3, .ny = 2, .x = x, .y = y, .z = z,
                       .log_x = TRUE };
  g_autofree char *dir = g_dir_make_tmp ("sw-map-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "map.png", NULL);
  g_autoptr (GError) error = NULL;
  cairo_surface_t *png;

  g_assert_true (sw_plot_file_write_drawn (draw_into_file, &chart, path, 500, 300, &error));
  g_assert_no_error (error);
  png = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 500);
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, 300);
  cairo_surface_destroy (png);
  g_unlink (path);
  g_assert_false (sw_plot_file_write_drawn (draw_into_file, &chart, path, 50, 300, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_assert_true (sw_plot_driver_available ());
  g_test_add_func ("/ui/map-draw/cells", test_cells);
  g_test_add_func ("/ui/map-draw/log-axes", test_log_axes);
  g_test_add_func ("/ui/map-draw/file", test_file);
  return g_test_run ();
}
