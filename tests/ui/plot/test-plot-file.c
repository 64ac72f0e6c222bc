/* test-plot-file.c: sw_plot_file_write() into PNG, SVG and PDF files: file
 * magic, PNG size and pixels, errors, repeated calls and PLplot's stream;
 * x axis labels and logarithmic axes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <cairo.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <plplot.h>

#include "sw-error.h"
#include "sw-plot-file.h"
#include "sw-trajectory.h"

#define N_ROWS 401

typedef struct {
  char         *dir;
  SwTrajectory *trajectory;
} Fixture;

/* Columns: 0 "inertia1.w" [rad/s] sin, 1 "inertia2.w" [rad/s] cos,
 * 2 "spring.tau" [N.m], 3 "brake.tau" [N.m] constant with a NaN gap and an
 * event (two rows at t = 1). */
static SwTrajectory *
make_trajectory (void)
{
  char *names[] = { "inertia1.w", "inertia2.w", "spring.tau", "brake.tau", NULL };
  char *units[] = { "rad/s", "rad/s", "N.m", "N.m", NULL };
  SwTrajectory *trajectory = sw_trajectory_new (g_strdupv (names), g_strdupv (units));

  for (guint r = 0; r < N_ROWS; r++)
    {
      double t = 2.0 * r / (N_ROWS - 1);
      double values[4] = { 3.0 * sin (2 * G_PI * t), 3.0 * cos (2 * G_PI * t),
                           40.0 * exp (-t) * sin (6.0 * t), t < 1.0 ? -12.0 : 8.0 };
      if (r > 50 && r < 60)
        values[3] = NAN;
      sw_trajectory_append_row (trajectory, t, values);
      if (r == (N_ROWS - 1) / 2)
        {
          /* The right limit at the event t = 1. */
          values[3] = 8.0;
          sw_trajectory_append_row (trajectory, t, values);
        }
    }
  return trajectory;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("sw-plot-file-XXXXXX", &error);
  g_assert_no_error (error);
  f->trajectory = make_trajectory ();
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_autoptr(GDir) dir = g_dir_open (f->dir, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (f->dir, name, NULL);
      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (f->dir), ==, 0);
  g_free (f->dir);
  sw_trajectory_unref (f->trajectory);
}

static char *
read_file (const char *path, gsize *length)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, length, &error);
  g_assert_no_error (error);
  g_assert_nonnull (contents);
  g_assert_cmpuint (*length, >, 0);
  return contents;
}

static void
write_plot (Fixture *f, const char *name, int width, int height, char **out_path)
{
  static const guint columns[] = { 0, 1, 2 };
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, name, NULL);
  gboolean ok;

  ok = sw_plot_file_write (f->trajectory, columns, G_N_ELEMENTS (columns),
                           "Two inertias and a spring", path, width, height, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  *out_path = g_steal_pointer (&path);
}

static guint32
read_be32 (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

static void
assert_png_size (const char *path, guint width, guint height)
{
  gsize length = 0;
  g_autofree char *contents = read_file (path, &length);
  const guint8 *bytes = (const guint8 *) contents;

  /* Signature, then the IHDR chunk: length, "IHDR", width, height. */
  g_assert_cmpuint (length, >, 24);
  g_assert_cmpmem (bytes, 8, "\x89PNG\r\n\x1a\n", 8);
  g_assert_cmpmem (bytes + 12, 4, "IHDR", 4);
  g_assert_cmpuint (read_be32 (bytes + 16), ==, width);
  g_assert_cmpuint (read_be32 (bytes + 20), ==, height);
}

static void
test_png (Fixture *f, gconstpointer data)
{
  g_autofree char *path = NULL;

  write_plot (f, "plot.png", 800, 600, &path);
  assert_png_size (path, 800, 600);
}

/* Upper case extensions work too; the size is what was asked for. */
static void
test_png_size (Fixture *f, gconstpointer data)
{
  g_autofree char *path = NULL;

  write_plot (f, "plot.PNG", 321, 987, &path);
  assert_png_size (path, 321, 987);
}

static gboolean
near_colour (guint32 pixel, guint8 r, guint8 g, guint8 b, int tolerance)
{
  return abs ((int) ((pixel >> 16) & 0xff) - r) <= tolerance &&
         abs ((int) ((pixel >> 8) & 0xff) - g) <= tolerance &&
         abs ((int) (pixel & 0xff) - b) <= tolerance;
}

/* A light page: mostly white, dark axes, each curve in its own colour. */
static void
test_png_pixels (Fixture *f, gconstpointer data)
{
  g_autofree char *path = NULL;
  cairo_surface_t *surface;
  const guint8 *pixels;
  int width, height, stride;
  guint n_white = 0, n_dark = 0, n_blue = 0, n_orange = 0, n_green = 0;

  write_plot (f, "pixels.png", 640, 480, &path);
  surface = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  stride = cairo_image_surface_get_stride (surface);
  pixels = cairo_image_surface_get_data (surface);
  g_assert_cmpint (width, ==, 640);
  g_assert_cmpint (height, ==, 480);

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        guint32 pixel = *(const guint32 *) (pixels + y * stride + 4 * x);
        n_white += near_colour (pixel, 0xff, 0xff, 0xff, 2);
        n_dark += near_colour (pixel, 0x24, 0x24, 0x28, 24);
        n_blue += near_colour (pixel, 0x1c, 0x71, 0xd8, 24);
        n_orange += near_colour (pixel, 0xe6, 0x61, 0x00, 24);
        n_green += near_colour (pixel, 0x26, 0xa2, 0x69, 24);
      }
  g_assert_true (near_colour (*(const guint32 *) pixels, 0xff, 0xff, 0xff, 0));
  g_assert_cmpuint (n_white, >, (guint) (width * height * 7 / 10));
  g_assert_cmpuint (n_dark, >, 1000);
  g_assert_cmpuint (n_blue, >, 300);
  g_assert_cmpuint (n_orange, >, 300);
  g_assert_cmpuint (n_green, >, 300);
  cairo_surface_destroy (surface);
}

/* The image in memory (the shell's sixel plot) is the PNG file's drawing,
 * pixel for pixel; errors as the file's. */
static void
test_image (Fixture *f, gconstpointer data)
{
  static const guint columns[] = { 0, 1, 2 };
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  cairo_surface_t *png, *image;
  int stride;

  write_plot (f, "same.png", 400, 300, &path);
  png = cairo_image_surface_create_from_png (path);
  image = sw_plot_file_draw_image (f->trajectory, columns, G_N_ELEMENTS (columns), "Two inertias and a spring", NULL,
                                   SW_PLOT_IMAGE_DEFAULT, "the test image", 400, 300, &error);
  g_assert_no_error (error);
  g_assert_nonnull (image);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 400);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 300);
  stride = cairo_image_surface_get_stride (image);
  g_assert_cmpint (stride, ==, cairo_image_surface_get_stride (png));
  for (int y = 0; y < 300; y++)
    for (int x = 0; x < 400; x++)
      g_assert_cmphex (*(const guint32 *) (cairo_image_surface_get_data (image) + y * stride + 4 * x), ==,
                       *(const guint32 *) (cairo_image_surface_get_data (png) + y * stride + 4 * x));
  cairo_surface_destroy (png);
  cairo_surface_destroy (image);

  /* Too small, and a column that is not there. */
  g_assert_null (sw_plot_file_draw_image (f->trajectory, columns, 3, NULL, NULL, SW_PLOT_IMAGE_DEFAULT, "the test image",
                                          100, 100, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "the test image"));
  g_clear_error (&error);
  {
    static const guint missing[] = { 9 };

    g_assert_null (sw_plot_file_draw_image (f->trajectory, missing, 1, NULL, NULL, SW_PLOT_IMAGE_DEFAULT, "the test image",
                                            400, 300,
                                            &error));
    g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  }
}

/* Whether rgb (0xRRGGBB) is one of the palette's own colours. */
static gboolean
is_palette_color (const SwPlotColors *c, guint32 rgb)
{
  const guint8 *fixed[] = { c->background, c->foreground, c->grid, c->grid_minor };

  for (guint k = 0; k < G_N_ELEMENTS (fixed); k++)
    if (rgb == (guint32) (fixed[k][0] << 16 | fixed[k][1] << 8 | fixed[k][2]))
      return TRUE;
  for (guint k = 0; k < SW_PLOT_N_COLORS; k++)
    if (rgb == (guint32) (c->curves[k][0] << 16 | c->curves[k][1] << 8 | c->curves[k][2]))
      return TRUE;
  return FALSE;
}

/* Without anti-aliasing (the terminal's image) every pixel is one of the
 * palette's colours, not a blend of two; the dark flag takes the dark
 * palette, whose page is most of the image. */
static void
test_image_aliased (Fixture *f, gconstpointer data)
{
  static const guint columns[] = { 0, 1, 2 };
  static const struct { SwPlotImageFlags flags; gboolean dark; } cases[] = {
    { SW_PLOT_IMAGE_ALIASED, FALSE },
    { SW_PLOT_IMAGE_ALIASED | SW_PLOT_IMAGE_DARK, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const SwPlotColors *colors = cases[i].dark ? sw_plot_colors_dark () : sw_plot_colors_light ();
      guint32 page = (guint32) (colors->background[0] << 16 | colors->background[1] << 8 | colors->background[2]);
      g_autoptr (GError) error = NULL;
      cairo_surface_t *image;
      guint n_page = 0, n_curve = 0;
      int stride;

      image = sw_plot_file_draw_image (f->trajectory, columns, G_N_ELEMENTS (columns), "Two inertias and a spring",
                                       NULL, cases[i].flags, "the test image", 400, 300, &error);
      g_assert_no_error (error);
      g_assert_nonnull (image);
      stride = cairo_image_surface_get_stride (image);
      for (int y = 0; y < 300; y++)
        for (int x = 0; x < 400; x++)
          {
            guint32 rgb = *(const guint32 *) (cairo_image_surface_get_data (image) + y * stride + 4 * x) & 0xffffff;

            if (!is_palette_color (colors, rgb))
              g_test_message ("pixel %d, %d is %06x, not one of the palette's colours", x, y, rgb);
            g_assert_true (is_palette_color (colors, rgb));
            n_page += rgb == page;
            n_curve += rgb == (guint32) (colors->curves[0][0] << 16 | colors->curves[0][1] << 8
                                         | colors->curves[0][2]);
          }
      g_assert_cmpuint (n_page, >, 400 * 300 / 2);
      g_assert_cmpuint (n_curve, >, 100);
      cairo_surface_destroy (image);
    }
  /* The default afterwards is anti-aliased again: blends of two colours. */
  {
    g_autoptr (GError) error = NULL;
    cairo_surface_t *image = sw_plot_file_draw_image (f->trajectory, columns, G_N_ELEMENTS (columns), NULL, NULL,
                                                      SW_PLOT_IMAGE_DEFAULT, "the test image", 400, 300, &error);
    int stride = cairo_image_surface_get_stride (image);
    guint n_blends = 0;

    g_assert_no_error (error);
    for (int y = 0; y < 300; y++)
      for (int x = 0; x < 400; x++)
        n_blends += !is_palette_color (sw_plot_colors_light (),
                                       *(const guint32 *) (cairo_image_surface_get_data (image) + y * stride + 4 * x)
                                       & 0xffffff);
    g_assert_cmpuint (n_blends, >, 1000);
    cairo_surface_destroy (image);
  }
}

static void
test_svg (Fixture *f, gconstpointer data)
{
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  write_plot (f, "plot.svg", 800, 600, &path);
  contents = read_file (path, &length);
  g_assert_true (g_str_has_prefix (contents, "<?xml") || g_str_has_prefix (contents, "<svg"));
  g_assert_nonnull (strstr (contents, "<svg"));
}

static void
test_pdf (Fixture *f, gconstpointer data)
{
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  write_plot (f, "plot.pdf", 800, 600, &path);
  contents = read_file (path, &length);
  g_assert_cmpuint (length, >, 4);
  g_assert_cmpmem (contents, 4, "%PDF", 4);
}

static void
assert_no_files (Fixture *f)
{
  g_autoptr(GDir) dir = g_dir_open (f->dir, 0, NULL);

  g_assert_nonnull (dir);
  g_assert_null (g_dir_read_name (dir));
}

static void
test_bad_extension (Fixture *f, gconstpointer data)
{
  static const char *names[] = { "plot.jpg", "plot", "plot.png.txt", "png" };
  static const guint columns[] = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *path = g_build_filename (f->dir, names[i], NULL);
      gboolean ok = sw_plot_file_write (f->trajectory, columns, 1, "t", path, 400, 300, &error);

      g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
      g_assert_false (ok);
      g_assert_nonnull (strstr (error->message, ".png"));
      g_assert_nonnull (strstr (error->message, ".svg"));
      g_assert_nonnull (strstr (error->message, ".pdf"));
    }
  assert_no_files (f);
}

static void
test_unwritable (Fixture *f, gconstpointer data)
{
  static const guint columns[] = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) error2 = NULL;
  g_autofree char *path = g_build_filename (f->dir, "missing", "plot.png", NULL);
  g_autofree char *folder = g_build_filename (f->dir, "folder.svg", NULL);
  gboolean ok;

  ok = sw_plot_file_write (f->trajectory, columns, 1, "t", path, 400, 300, &error);
  g_assert_error (error, SW_ERROR, SW_ERROR_IO);
  g_assert_false (ok);
  g_assert_nonnull (strstr (error->message, path));
  assert_no_files (f);

  /* A folder where the file should go: renaming over it fails. */
  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  ok = sw_plot_file_write (f->trajectory, columns, 1, "t", folder, 400, 300, &error2);
  g_assert_error (error2, SW_ERROR, SW_ERROR_IO);
  g_assert_false (ok);
  g_assert_true (g_file_test (folder, G_FILE_TEST_IS_DIR));
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  assert_no_files (f);
}

static void
test_bad_columns (Fixture *f, gconstpointer data)
{
  guint many[SW_PLOT_FILE_MAX_COLUMNS + 1];
  static const guint missing[] = { 0, 4 };
  g_autofree char *path = g_build_filename (f->dir, "plot.png", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) error2 = NULL;
  g_autoptr(GError) error3 = NULL;
  g_autoptr(GError) error4 = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (many); i++)
    many[i] = i % 4;

  g_assert_false (sw_plot_file_write (f->trajectory, many, 0, "t", path, 400, 300, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_false (sw_plot_file_write (f->trajectory, many, G_N_ELEMENTS (many), "t", path,
                                      400, 300, &error2));
  g_assert_error (error2, SW_ERROR, SW_ERROR_INVALID);
  g_assert_false (sw_plot_file_write (f->trajectory, missing, 2, "t", path, 400, 300, &error3));
  g_assert_error (error3, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (error3->message, "4"));
  g_assert_false (sw_plot_file_write (f->trajectory, missing, 1, "t", path, 10, 300, &error4));
  g_assert_error (error4, SW_ERROR, SW_ERROR_INVALID);
  assert_no_files (f);
}

/* The most curves allowed, each unit in its own panel, no title. */
static void
test_many_columns (Fixture *f, gconstpointer data)
{
  guint columns[SW_PLOT_FILE_MAX_COLUMNS];
  g_autofree char *path = g_build_filename (f->dir, "many.png", NULL);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    columns[i] = i % 4;
  g_assert_true (sw_plot_file_write (f->trajectory, columns, G_N_ELEMENTS (columns), NULL,
                                     path, 640, 480, &error));
  g_assert_no_error (error);
  assert_png_size (path, 640, 480);
}

/* Constant, all-NaN, single-row and '#' in names and title. */
static void
test_degenerate (Fixture *f, gconstpointer data)
{
  char *names[] = { "constant", "nothing", "gear#2.phi", NULL };
  char *units[] = { "rad", "rad", "", NULL };
  static const guint columns[] = { 0, 1, 2 };
  g_autoptr(SwTrajectory) one_row = sw_trajectory_new (g_strdupv (names), g_strdupv (units));
  g_autoptr(SwTrajectory) flat = sw_trajectory_new (g_strdupv (names), g_strdupv (units));
  g_autofree char *path = g_build_filename (f->dir, "one-row.svg", NULL);
  g_autofree char *path2 = g_build_filename (f->dir, "flat.pdf", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) error2 = NULL;
  double row[3] = { 5.0, NAN, 0.0 };

  sw_trajectory_append_row (one_row, 0.0, row);
  g_assert_true (sw_plot_file_write (one_row, columns, 3, "case #1", path, 400, 300, &error));
  g_assert_no_error (error);

  for (guint r = 0; r < 10; r++)
    sw_trajectory_append_row (flat, r * 0.1, row);
  g_assert_true (sw_plot_file_write (flat, columns, 3, "# flat", path2, 400, 300, &error2));
  g_assert_no_error (error2);
}

/* A failed call leaves the file that was there alone; a page too small for
 * its panels is an error that says how large it must be. */
static void
test_failure_keeps_file (Fixture *f, gconstpointer data)
{
  char *names[SW_PLOT_FILE_MAX_COLUMNS + 1] = { NULL };
  char *units[SW_PLOT_FILE_MAX_COLUMNS + 1] = { NULL };
  guint columns[SW_PLOT_FILE_MAX_COLUMNS];
  double row[SW_PLOT_FILE_MAX_COLUMNS] = { 0 };
  g_autoptr(SwTrajectory) many_units = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize length_before = 0, length_after = 0;

  for (guint i = 0; i < SW_PLOT_FILE_MAX_COLUMNS; i++)
    {
      names[i] = g_strdup_printf ("part%u.x", i);
      units[i] = g_strdup_printf ("unit%u", i);
      columns[i] = i;
    }
  many_units = sw_trajectory_new (g_strdupv (names), g_strdupv (units));
  sw_trajectory_append_row (many_units, 0.0, row);
  sw_trajectory_append_row (many_units, 1.0, row);

  write_plot (f, "kept.png", 400, 300, &path);
  before = read_file (path, &length_before);
  g_assert_false (sw_plot_file_write (many_units, columns, G_N_ELEMENTS (columns), "t", path,
                                      160, 160, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "at least"));
  after = read_file (path, &length_after);
  g_assert_cmpmem (before, length_before, after, length_after);

  for (guint i = 0; i < SW_PLOT_FILE_MAX_COLUMNS; i++)
    {
      g_free (names[i]);
      g_free (units[i]);
    }
}

static void
test_x_label (void)
{
  static const struct {
    const char *name, *unit, *label;
  } cases[] = {
    { "time", "s", "time [s]" },
    { "frequency_hz", "Hz", "frequency [Hz]" },
    { "speed_rpm", "rpm", "speed [rpm]" },
    { "shaft_speed_RPM", "rpm", "shaft speed [rpm]" },
    { "time", "ms", "time [ms]" },
    { "angle_of_attack", "", "angle of attack" },
    { "angle", NULL, "angle" },
    { "_hz", "Hz", " hz [Hz]" },
    { "hz", "Hz", "hz [Hz]" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *label = sw_plot_file_dup_x_label (cases[i].name, cases[i].unit);
      g_assert_cmpstr (label, ==, cases[i].label);
    }
}

typedef struct {
  cairo_surface_t *surface;
  int              width, height;
} Image;

static Image
load_png (const char *path)
{
  Image image = { cairo_image_surface_create_from_png (path), 0, 0 };

  g_assert_cmpint (cairo_surface_status (image.surface), ==, CAIRO_STATUS_SUCCESS);
  image.width = cairo_image_surface_get_width (image.surface);
  image.height = cairo_image_surface_get_height (image.surface);
  return image;
}

static guint32
pixel_at (const Image *image, int x, int y)
{
  const guint8 *pixels = cairo_image_surface_get_data (image->surface);
  int stride = cairo_image_surface_get_stride (image->surface);

  return *(const guint32 *) (pixels + y * stride + 4 * x);
}

/* The first curve's blue blended with the white or grey background, as on
 * the edges of an antialiased line; not the other curves' colours. */
static gboolean
bluish (guint32 pixel)
{
  int r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;

  return b - r > 50 && b - g > 25;
}

/* The mean row of the first curve's (blue) pixels between columns x0 and x1,
 * -1 when there are none. */
static double
blue_row (const Image *image, int x0, int x1)
{
  double sum = 0.0;
  guint n = 0;

  for (int x = x0; x < x1; x++)
    for (int y = 0; y < image->height; y++)
      if (bluish (pixel_at (image, x, y)))
        {
          sum += y;
          n++;
        }
  return n > 0 ? sum / n : -1.0;
}

/* |1 / (1 - f² + 2iζf)| with ζ = 0.01 from 0.01 to 100 Hz: a resonance peak
 * of 50 at 1 Hz, 1 below it and falling as 1/f² above it. */
static SwTrajectory *
make_response (void)
{
  char *names[] = { "magnitude", "phase_deg", NULL };
  char *units[] = { "rad/(N.m)", "deg", NULL };
  SwTrajectory *response = sw_trajectory_new (g_strdupv (names), g_strdupv (units));

  sw_trajectory_set_x_axis (response, "frequency_hz", "Hz");
  for (guint r = 0; r <= 800; r++)
    {
      double f = pow (10.0, -2.0 + 4.0 * r / 800), zeta = 0.01;
      double re = 1.0 - f * f, im = 2.0 * zeta * f;
      double row[2] = { 1.0 / hypot (re, im), -atan2 (im, re) * 180.0 / G_PI };

      sw_trajectory_append_row (response, f, row);
    }
  return response;
}

/* Log-log: the peak at 1 Hz lies halfway across the panel (on a linear x
 * axis it would be at its left edge), and the curve at 0.03 Hz (magnitude 1)
 * lies far above the curve at 30 Hz (magnitude 1e-3), where on a linear y
 * axis up to 50 both would lie on the bottom. */
static void
test_log_axes (Fixture *f, gconstpointer data)
{
  static const guint columns[] = { 0, 1 };
  const SwPlotFileStyle style = { .log_x = TRUE, .log_y_columns = 1u << 0 };
  g_autoptr(SwTrajectory) response = make_response ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "bode.png", NULL);
  g_autofree char *svg = g_build_filename (f->dir, "bode.svg", NULL);
  int peak_x = -1, peak_y = G_MAXINT;
  double low, high;
  Image image;

  g_assert_true (sw_plot_file_write_styled (response, columns, 2, "Bode", &style, path,
                                            800, 600, &error));
  g_assert_no_error (error);
  assert_png_size (path, 800, 600);

  image = load_png (path);
  /* The legend's blue line lies right of the panel, beyond 3/4 of the width. */
  for (int x = 0; x < image.width * 3 / 4; x++)
    for (int y = 0; y < image.height; y++)
      if (bluish (pixel_at (&image, x, y)) && y < peak_y)
        {
          peak_x = x;
          peak_y = y;
        }
  g_assert_cmpint (peak_x, >, image.width * 3 / 10);
  g_assert_cmpint (peak_x, <, image.width * 6 / 10);

  /* The panel spans about 0.1 to 0.8 of the width: 0.03 Hz at about 0.18 and
   * 30 Hz at about 0.71 of it. */
  low = blue_row (&image, image.width * 16 / 100, image.width * 19 / 100);
  high = blue_row (&image, image.width * 67 / 100, image.width * 70 / 100);
  g_assert_cmpfloat (low, >, 0.0);
  g_assert_cmpfloat (high, >, 0.0);
  g_assert_cmpfloat (high - low, >, image.height * 0.1);
  cairo_surface_destroy (image.surface);

  g_assert_true (sw_plot_file_write_styled (response, columns, 2, NULL, &style, svg,
                                            400, 300, &error));
  g_assert_no_error (error);
}

/* Zero, negative, NaN and infinite values on log axes are gaps, x as well as
 * y; a column with no positive value at all is an empty panel. */
static void
test_log_nonpositive (Fixture *f, gconstpointer data)
{
  char *names[] = { "mixed", "negative", "linear", NULL };
  char *units[] = { "m", "N", "m", NULL };
  static const guint columns[] = { 0, 1, 2 };
  const SwPlotFileStyle style = { .log_x = TRUE, .log_y_columns = (1u << 0) | (1u << 1) };
  const SwPlotFileStyle all_log = { .log_x = TRUE, .log_y_columns = G_MAXUINT32 };
  g_autoptr(SwTrajectory) t = sw_trajectory_new (g_strdupv (names), g_strdupv (units));
  g_autoptr(SwTrajectory) nothing = sw_trajectory_new (g_strdupv (names), g_strdupv (units));
  g_autofree char *path = g_build_filename (f->dir, "gaps.png", NULL);
  g_autofree char *path2 = g_build_filename (f->dir, "nothing.pdf", NULL);
  g_autofree char *path3 = g_build_filename (f->dir, "linear-x.svg", NULL);
  g_autoptr(GError) error = NULL;

  for (int r = -5; r <= 20; r++)
    {
      double row[3] = { r % 3 == 0 ? 0.0 : r % 4 == 0 ? -1.0 : r % 5 == 0 ? NAN : 0.5 * r,
                        -1.0 * r, r };

      if (r == 7)
        row[0] = INFINITY;
      sw_trajectory_append_row (t, r, row);
    }
  g_assert_true (sw_plot_file_write_styled (t, columns, 3, "gaps", &style, path, 640, 480, &error));
  g_assert_no_error (error);
  assert_png_size (path, 640, 480);

  /* No positive x at all. */
  for (int r = 0; r < 3; r++)
    {
      double row[3] = { 0.0, -1.0, 1.0 };
      sw_trajectory_append_row (nothing, -r, row);
    }
  g_assert_true (sw_plot_file_write_styled (nothing, columns, 3, NULL, &all_log, path2,
                                            400, 300, &error));
  g_assert_no_error (error);

  /* Log y over a linear x from -5 to 20, and a constant on a log axis. */
  g_assert_true (sw_plot_file_write_styled (t, columns + 1, 2, NULL,
                                            &(SwPlotFileStyle) { .log_y_columns = 2 }, path3,
                                            400, 300, &error));
  g_assert_no_error (error);
}

/* A trajectory over many decades on a small page: labels thin out. */
static void
test_log_many_decades (Fixture *f, gconstpointer data)
{
  char *names[] = { "wide", NULL };
  char *units[] = { "1", NULL };
  static const guint columns[] = { 0 };
  const SwPlotFileStyle style = { .log_x = TRUE, .log_y_columns = 1 };
  g_autoptr(SwTrajectory) t = sw_trajectory_new (g_strdupv (names), g_strdupv (units));
  g_autofree char *path = g_build_filename (f->dir, "wide.png", NULL);
  g_autoptr(GError) error = NULL;

  sw_trajectory_set_x_axis (t, "speed_rpm", "rpm");
  for (int r = -300; r <= 300; r++)
    {
      double row[1] = { pow (10.0, -r) };
      sw_trajectory_append_row (t, pow (10.0, r / 10.0), row);
    }
  g_assert_true (sw_plot_file_write_styled (t, columns, 1, "wide", &style, path, 200, 160, &error));
  g_assert_no_error (error);
  assert_png_size (path, 200, 160);
}

/* Two calls in a row, the second over the first file; PLplot's current stream
 * is the caller's again afterwards. */
static void
test_twice (Fixture *f, gconstpointer data)
{
  g_autofree char *path = NULL;
  g_autofree char *path2 = NULL;
  g_autofree char *path3 = NULL;
  PLINT before = -1, after = -1;

  plgstrm (&before);
  write_plot (f, "again.png", 500, 400, &path);
  write_plot (f, "again.png", 400, 500, &path2);
  write_plot (f, "again.pdf", 400, 500, &path3);
  plgstrm (&after);
  g_assert_cmpint (before, ==, after);
  assert_png_size (path2, 400, 500);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/ui/plot-file/png", test_png);
  ADD ("/ui/plot-file/png-size", test_png_size);
  ADD ("/ui/plot-file/png-pixels", test_png_pixels);
  ADD ("/ui/plot-file/image", test_image);
  ADD ("/ui/plot-file/image-aliased", test_image_aliased);
  ADD ("/ui/plot-file/svg", test_svg);
  ADD ("/ui/plot-file/pdf", test_pdf);
  ADD ("/ui/plot-file/bad-extension", test_bad_extension);
  ADD ("/ui/plot-file/unwritable", test_unwritable);
  ADD ("/ui/plot-file/bad-columns", test_bad_columns);
  ADD ("/ui/plot-file/many-columns", test_many_columns);
  ADD ("/ui/plot-file/degenerate", test_degenerate);
  ADD ("/ui/plot-file/failure-keeps-file", test_failure_keeps_file);
  ADD ("/ui/plot-file/twice", test_twice);
  ADD ("/ui/plot-file/log-axes", test_log_axes);
  ADD ("/ui/plot-file/log-nonpositive", test_log_nonpositive);
  ADD ("/ui/plot-file/log-many-decades", test_log_many_decades);
  g_test_add_func ("/ui/plot-file/x-label", test_x_label);
#undef ADD

  return g_test_run ();
}
