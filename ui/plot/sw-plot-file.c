/* sw-plot-file.c: trajectories drawn into PNG, SVG or PDF files with PLplot.
 *
 * Every call opens a PLplot stream of its own (sw_plot_stream_new), draws one
 * page through the extcairo driver onto a cairo surface with the drawing the
 * plot widget uses too (sw-plot-draw.h), ends that stream and makes the
 * caller's stream current again. cairo writes the file through an
 * SwOutputFile (sw-output-file.h), so that every write is checked (a full
 * disk is an error, not a truncated PNG) and links, devices and permissions
 * are handled as everywhere else. PLplot leaves the process (plexit) on some
 * errors it cannot report, such as a driver it cannot load, so everything it
 * could fail on is checked here first.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-plot-file.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <plplot.h>

#include "sw-error.h"
#include "sw-output-file.h"
#include "sw-plot-draw.h"

#define MIN_SIZE_PX 160
#define MAX_SIZE_PX 16384

typedef enum { FORMAT_PNG, FORMAT_SVG, FORMAT_PDF } FormatKind;

typedef struct {
  const char *extension;
  FormatKind  kind;
} Format;

static const Format formats[] = {
  { ".png", FORMAT_PNG },
  { ".svg", FORMAT_SVG },
  { ".pdf", FORMAT_PDF },
};

/* Pango's font map, which the cairo driver uses for text, lives as long as
 * the process and holds fontconfig patterns that are never freed; in a build
 * with -Db_sanitize=address, LeakSanitizer would report them at exit in every
 * program that plots. Only memory allocated inside fontconfig is exempt. */
#if defined(__SANITIZE_ADDRESS__)
# define SW_LSAN_HOOK 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define SW_LSAN_HOOK 1
# endif
#endif
#ifdef SW_LSAN_HOOK
const char *__lsan_default_suppressions (void);
const char *
__lsan_default_suppressions (void)
{
  return "leak:libfontconfig.so\n";
}
#endif

static const Format *
format_for_path (const char *path)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (g_str_has_suffix (lower, formats[i].extension))
      return &formats[i];
  return NULL;
}

/* cairo's write callback: into the output file, whose first failure (the
 * one with the system's reason) is kept for the commit to report. */
static cairo_status_t
write_to_output (void *closure, const unsigned char *data, unsigned int length)
{
  return sw_output_file_write (closure, data, length, NULL) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

/* Opens a private stream drawing through PLplot's extcairo driver onto a
 * cairo surface that writes into output (PNG: once drawn), draws with draw
 * (the stream current), ends the stream and makes the caller's stream
 * current again. PLplot itself opens no file, so every byte goes through
 * output and every failure is seen. */
static gboolean
plot_drawn (SwPlotFileDraw draw, gpointer data, const Format *format, SwOutputFile *output,
            const char *path, int width_px, int height_px, GError **error)
{
  cairo_surface_t *surface;
  PLINT previous = 0;
  cairo_status_t status;
  cairo_t *cr;
  int stream;
  gboolean ok;

  switch (format->kind)
    {
    case FORMAT_SVG:
      surface = cairo_svg_surface_create_for_stream (write_to_output, output, width_px, height_px);
      break;
    case FORMAT_PDF:
      surface = cairo_pdf_surface_create_for_stream (write_to_output, output, width_px, height_px);
      break;
    case FORMAT_PNG:
    default:
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width_px, height_px);
      break;
    }
  cr = cairo_create (surface);
  if (cairo_status (cr) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_IO, _("Cannot plot to “%s”: %s"), path,
                   cairo_status_to_string (cairo_status (cr)));
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      return FALSE;
    }

  stream = sw_plot_stream_new (width_px, height_px);
  if (stream < 0)
    {
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      g_set_error (error, SW_ERROR, SW_ERROR_IO,
                   _("Cannot plot to “%s”: PLplot has no free stream"), path);
      return FALSE;
    }
  plgstrm (&previous);
  plsstrm (stream);
  ok = draw (cr, width_px, height_px, data, path, error);
  plsstrm (previous);
  sw_plot_stream_free (stream);

  cairo_destroy (cr);
  if (format->kind == FORMAT_PNG)
    status = ok ? cairo_surface_write_to_png_stream (surface, write_to_output, output) : CAIRO_STATUS_SUCCESS;
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  if (ok && status != CAIRO_STATUS_SUCCESS)
    {
      /* A write error is the output's to report, with its reason. */
      if (status != CAIRO_STATUS_WRITE_ERROR || sw_output_file_write (output, "", 0, error))
        g_set_error (error, SW_ERROR, SW_ERROR_IO, _("Cannot write “%s”: %s"), path,
                     cairo_status_to_string (status));
      ok = FALSE;
    }
  return ok;
}

static gboolean
draw_scene (cairo_t *cr, int width_px, int height_px, gpointer data, const char *path, GError **error)
{
  const SwPlotScene *scene = data;
  SwPlotGeometry geometry;

  if (sw_plot_draw (cr, width_px, height_px, scene, &geometry))
    return TRUE;
  g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
               _("Cannot plot to “%s”: %u panels and the legend need at least %d × %d, "
                 "not %d × %d; make the plot larger, or choose fewer units or columns with shorter names"),
               path, scene->n_panels, geometry.need_width, geometry.need_height, width_px, height_px);
  return FALSE;
}

static gboolean
plot (const SwPlotScene *scene, const Format *format, SwOutputFile *output,
      const char *path, int width_px, int height_px, GError **error)
{
  return plot_drawn (draw_scene, (gpointer) scene, format, output, path, width_px, height_px, error);
}

static gboolean
column_is_log (const SwPlotFileStyle *style, guint i)
{
  return i < 32 && (style->log_y_columns & (1u << i)) != 0;
}

static gboolean
column_is_dashed (const SwPlotFileStyle *style, guint i)
{
  return i < 32 && (style->dashed_columns & (1u << i)) != 0;
}

/* The scene of a column list: columns with the same unit and the same kind
 * of y axis share a panel, in the order in which they first appear, each
 * panel labelled with its unit or the style's label; a colour per listed
 * column, the style's legend texts, dashes, end labels and marks. The
 * strings are kept in strings. */
static void
make_scene (SwPlotScene *scene, SwPlotPanel *panels, SwPlotCurve *curves, GPtrArray *strings,
            const SwTrajectory *trajectory, const guint *columns, guint n_columns,
            const char *title, const SwPlotFileStyle *style)
{
  char *x_label = sw_plot_file_dup_x_label (sw_trajectory_get_x_name (trajectory),
                                            sw_trajectory_get_x_unit (trajectory));
  gboolean named[SW_PLOT_FILE_MAX_COLUMNS] = { FALSE };

  g_ptr_array_add (strings, x_label);
  *scene = (SwPlotScene) {
    .colors = sw_plot_colors_light (),
    .title = title,
    .x_label = x_label,
    .log_x = style->log_x,
    .panels = panels,
    .curves = curves,
    .n_curves = n_columns,
    .marks = style->marks,
    .n_marks = style->marks != NULL ? style->n_marks : 0,
  };
  for (guint i = 0; i < n_columns; i++)
    {
      const char *unit = sw_trajectory_get_column_unit (trajectory, columns[i]);
      gboolean log = column_is_log (style, i);
      guint p;

      if (unit == NULL)
        unit = "";
      for (p = 0; p < scene->n_panels; p++)
        if (strcmp (panels[p].unit, unit) == 0 && panels[p].log == log)
          break;
      if (p == scene->n_panels)
        {
          /* "speed [rad/s]": the quantity, as the window's plots name it. */
          const char *quantity = sw_plot_unit_quantity (unit);
          char *label = g_strdup_printf ("%s%s[%s]", quantity != NULL ? quantity : "", quantity != NULL ? " " : "",
                                         *unit != '\0' ? unit : "1");

          g_ptr_array_add (strings, label);
          panels[p] = (SwPlotPanel) { .label = label, .unit = unit, .log = log };
          scene->n_panels++;
        }
      if (style->y_labels != NULL && style->y_labels[i] != NULL && !named[p])
        {
          panels[p].label = style->y_labels[i];
          named[p] = TRUE;
        }
      curves[i] = (SwPlotCurve) {
        .trajectory = trajectory,
        .x_column = -1,
        .y_column = columns[i],
        .x_factor = 1.0,
        .y_factor = 1.0,
        .panel = p,
        .color = i,
        .line = column_is_dashed (style, i) ? SW_PLOT_LINE_DASHED : SW_PLOT_LINE_SOLID,
        .label = style->labels != NULL && style->labels[i] != NULL
                   ? style->labels[i] : sw_trajectory_get_column_name (trajectory, columns[i]),
        .end_label = style->end_labels != NULL ? style->end_labels[i] : NULL,
      };
    }
}

static gboolean
plot_columns (const SwTrajectory *trajectory, const guint *columns, guint n_columns,
              const char *title, const SwPlotFileStyle *style, const Format *format, SwOutputFile *output,
              const char *path, int width_px, int height_px, GError **error)
{
  SwPlotPanel panels[SW_PLOT_FILE_MAX_COLUMNS];
  SwPlotCurve curves[SW_PLOT_FILE_MAX_COLUMNS];
  g_autoptr(GPtrArray) strings = g_ptr_array_new_with_free_func (g_free);
  SwPlotScene scene;

  G_STATIC_ASSERT (SW_PLOT_FILE_MAX_COLUMNS <= SW_PLOT_MAX_PANELS);
  make_scene (&scene, panels, curves, strings, trajectory, columns, n_columns, title, style);
  return plot (&scene, format, output, path, width_px, height_px, error);
}

static gboolean
check_arguments (const SwTrajectory *trajectory, const guint *columns, guint n_columns,
                 const char *path, int width_px, int height_px, GError **error)
{
  guint n_available = sw_trajectory_get_n_columns (trajectory);

  if (n_columns == 0 || n_columns > SW_PLOT_FILE_MAX_COLUMNS)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("Cannot plot to “%s”: %u columns chosen; choose between 1 and %d"),
                   path, n_columns, SW_PLOT_FILE_MAX_COLUMNS);
      return FALSE;
    }
  for (guint i = 0; i < n_columns; i++)
    if (columns[i] >= n_available)
      {
        g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                     _("Cannot plot to “%s”: there is no column %u; the trajectory has columns 0 to %u"),
                     path, columns[i], n_available == 0 ? 0 : n_available - 1);
        return FALSE;
      }
  if (sw_trajectory_get_n_rows (trajectory) == 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("Cannot plot to “%s”: the trajectory has no rows"), path);
      return FALSE;
    }
  if (width_px < MIN_SIZE_PX || width_px > MAX_SIZE_PX ||
      height_px < MIN_SIZE_PX || height_px > MAX_SIZE_PX)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("Cannot plot to “%s”: a size of %d × %d; width and height must be between %d and %d"),
                   path, width_px, height_px, MIN_SIZE_PX, MAX_SIZE_PX);
      return FALSE;
    }
  return TRUE;
}

char *
sw_plot_file_dup_x_label (const char *name, const char *unit)
{
  g_autofree char *suffix = NULL;
  GString *label;

  g_return_val_if_fail (name != NULL, NULL);

  if (unit == NULL)
    unit = "";
  if (strcmp (name, "time") == 0 && strcmp (unit, "s") == 0)
    return g_strdup (_("time [s]"));

  label = g_string_new (name);
  suffix = g_strconcat ("_", unit, NULL);
  if (*unit != '\0' && label->len > strlen (suffix) &&
      g_ascii_strcasecmp (label->str + label->len - strlen (suffix), suffix) == 0)
    g_string_truncate (label, label->len - strlen (suffix));
  g_strdelimit (label->str, "_", ' ');
  if (*unit != '\0')
    g_string_append_printf (label, " [%s]", unit);
  return g_string_free (label, FALSE);
}

/* The format of a plot to path at that size, or NULL with error: an
 * unknown type, a size out of range or no PLplot driver. */
static const Format *
target_format (const char *path, int width_px, int height_px, GError **error)
{
  const Format *format;

  if (!(format = format_for_path (path)))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("Cannot plot to “%s”: unknown file type; the name must end in .png, .svg or .pdf"),
                   path);
      return NULL;
    }
  if (width_px < MIN_SIZE_PX || width_px > MAX_SIZE_PX ||
      height_px < MIN_SIZE_PX || height_px > MAX_SIZE_PX)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("Cannot plot to “%s”: a size of %d × %d; width and height must be between %d and %d"),
                   path, width_px, height_px, MIN_SIZE_PX, MAX_SIZE_PX);
      return NULL;
    }
  if (!sw_plot_driver_available ())
    {
      g_set_error (error, SW_ERROR, SW_ERROR_IO,
                   _("Cannot plot to “%s”: the PLplot driver “%s” is not installed (package plplot-driver-cairo)"),
                   path, "extcairo");
      return NULL;
    }
  return format;
}

gboolean
sw_plot_file_write (const SwTrajectory *trajectory, const guint *columns, guint n_columns,
                    const char *title, const char *path, int width_px, int height_px,
                    GError **error)
{
  return sw_plot_file_write_styled (trajectory, columns, n_columns, title, NULL, path,
                                    width_px, height_px, error);
}

/* What every entry point checks before drawing; the format, or NULL. */
static const Format *
check_plot (const SwTrajectory *trajectory, const guint *columns, guint n_columns,
            const char *path, int width_px, int height_px, GError **error)
{
  const Format *format = format_for_path (path);

  if (format == NULL)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("Cannot plot to “%s”: unknown file type; the name must end in .png, .svg or .pdf"),
                   path);
      return NULL;
    }
  if (!check_arguments (trajectory, columns, n_columns, path, width_px, height_px, error))
    return NULL;
  if (!sw_plot_driver_available ())
    {
      g_set_error (error, SW_ERROR, SW_ERROR_IO,
                   _("Cannot plot to “%s”: the PLplot driver “%s” is not installed (package plplot-driver-cairo)"),
                   path, "extcairo");
      return NULL;
    }
  return format;
}

gboolean
sw_plot_file_write_to_output (const SwTrajectory *trajectory, const guint *columns, guint n_columns,
                              const char *title, const SwPlotFileStyle *style, SwOutputFile *output,
                              int width_px, int height_px, GError **error)
{
  static const SwPlotFileStyle linear = { FALSE, 0, NULL, NULL, NULL, 0, NULL, 0 };
  const char *path;
  const Format *format;

  g_return_val_if_fail (trajectory != NULL, FALSE);
  g_return_val_if_fail (columns != NULL || n_columns == 0, FALSE);
  g_return_val_if_fail (output != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  path = sw_output_file_get_path (output);
  if (!(format = check_plot (trajectory, columns, n_columns, path, width_px, height_px, error)))
    return FALSE;
  return plot_columns (trajectory, columns, n_columns, title, style != NULL ? style : &linear, format, output,
               path, width_px, height_px, error);
}

cairo_surface_t *
sw_plot_file_draw_image (const SwTrajectory *trajectory, const guint *columns, guint n_columns,
                         const char *title, const SwPlotFileStyle *style, SwPlotImageFlags flags, const char *what,
                         int width_px, int height_px, GError **error)
{
  static const SwPlotFileStyle linear = { FALSE, 0, NULL, NULL, NULL, 0, NULL, 0 };
  SwPlotPanel panels[SW_PLOT_FILE_MAX_COLUMNS];
  SwPlotCurve curves[SW_PLOT_FILE_MAX_COLUMNS];
  g_autoptr (GPtrArray) strings = g_ptr_array_new_with_free_func (g_free);
  SwPlotGeometry geometry;
  SwPlotScene scene;
  cairo_surface_t *surface;
  cairo_t *cr;
  int stream;
  gboolean ok;

  g_return_val_if_fail (trajectory != NULL, NULL);
  g_return_val_if_fail (columns != NULL || n_columns == 0, NULL);
  g_return_val_if_fail (what != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_arguments (trajectory, columns, n_columns, what, width_px, height_px, error))
    return NULL;
  if (!sw_plot_driver_available ())
    {
      g_set_error (error, SW_ERROR, SW_ERROR_IO,
                   _("Cannot plot to “%s”: the PLplot driver “%s” is not installed (package plplot-driver-cairo)"),
                   what, "extcairo");
      return NULL;
    }
  /* RGB24 would do, but cairo's PNG look (and the tests' pixels) are ARGB32. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width_px, height_px);
  cr = cairo_create (surface);
  if (cairo_status (cr) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_IO, _("Cannot plot to “%s”: %s"), what,
                   cairo_status_to_string (cairo_status (cr)));
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      return NULL;
    }
  stream = sw_plot_stream_new_full (width_px, height_px, (flags & SW_PLOT_IMAGE_ALIASED) != 0);
  if (stream < 0)
    {
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      g_set_error (error, SW_ERROR, SW_ERROR_IO, _("Cannot plot to “%s”: PLplot has no free stream"), what);
      return NULL;
    }
  make_scene (&scene, panels, curves, strings, trajectory, columns, n_columns, title,
              style != NULL ? style : &linear);
  if (flags & SW_PLOT_IMAGE_DARK)
    scene.colors = sw_plot_colors_dark ();
  ok = sw_plot_stream_draw (stream, cr, width_px, height_px, &scene, &geometry);
  sw_plot_stream_free (stream);
  cairo_destroy (cr);
  if (!ok)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("Cannot plot to “%s”: %u panels and the legend need at least %d × %d, "
                     "not %d × %d; make the plot larger, or choose fewer units or columns with shorter names"),
                   what, scene.n_panels, geometry.need_width, geometry.need_height, width_px, height_px);
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_surface_flush (surface);
  return surface;
}

gboolean
sw_plot_file_write_styled (const SwTrajectory *trajectory, const guint *columns, guint n_columns,
                           const char *title, const SwPlotFileStyle *style, const char *path,
                           int width_px, int height_px, GError **error)
{
  g_autoptr (SwOutputFile) output = NULL;

  g_return_val_if_fail (trajectory != NULL, FALSE);
  g_return_val_if_fail (columns != NULL || n_columns == 0, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Everything that does not need the file first: a bad call creates nothing. */
  if (!check_plot (trajectory, columns, n_columns, path, width_px, height_px, error))
    return FALSE;
  if (!(output = sw_output_file_open (path, NULL, SW_OUTPUT_FILE_DEFAULT, error))
      || !sw_plot_file_write_to_output (trajectory, columns, n_columns, title, style, output,
                                        width_px, height_px, error))
    return FALSE;
  return sw_output_file_commit (g_steal_pointer (&output), error);
}

gboolean
sw_plot_file_write_scene (const SwPlotScene *scene,
                          const char        *path,
                          int                width_px,
                          int                height_px,
                          GError           **error)
{
  g_autoptr (SwOutputFile) output = NULL;
  const Format *format;

  g_return_val_if_fail (scene != NULL, FALSE);
  g_return_val_if_fail (scene->n_panels >= 1 && scene->n_panels <= SW_PLOT_MAX_PANELS, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!(format = target_format (path, width_px, height_px, error)))
    return FALSE;
  if (!(output = sw_output_file_open (path, NULL, SW_OUTPUT_FILE_DEFAULT, error))
      || !plot (scene, format, output, path, width_px, height_px, error))
    return FALSE;
  return sw_output_file_commit (g_steal_pointer (&output), error);
}

gboolean
sw_plot_file_write_drawn (SwPlotFileDraw draw, gpointer data, const char *path, int width_px, int height_px,
                          GError **error)
{
  g_autoptr (SwOutputFile) output = NULL;
  const Format *format;

  g_return_val_if_fail (draw != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!(format = target_format (path, width_px, height_px, error)))
    return FALSE;
  if (!(output = sw_output_file_open (path, NULL, SW_OUTPUT_FILE_DEFAULT, error))
      || !plot_drawn (draw, data, format, output, path, width_px, height_px, error))
    return FALSE;
  return sw_output_file_commit (g_steal_pointer (&output), error);
}
