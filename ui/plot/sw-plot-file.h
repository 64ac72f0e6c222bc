/* sw-plot-file.h: trajectories drawn into PNG, SVG or PDF files with PLplot.
 *
 * No GTK and no main loop: usable from the CLI as well as from the window.
 * PLplot keeps its current stream in process state, so call this from one
 * thread only (the main thread, like every other PLplot user).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sw-output-file.h"
#include "sw-plot-draw.h"
#include "sw-trajectory.h"

G_BEGIN_DECLS

/* At most this many curves in one file. */
#define SW_PLOT_FILE_MAX_COLUMNS 12

/* How a plot's axes are drawn. All zero (or NULL where a style is taken)
 * means linear axes everywhere. */
typedef struct {
  gboolean log_x;          /* logarithmic x axis */
  guint32  log_y_columns;  /* bit k set: the panel that holds the k-th listed
                            * column has a logarithmic y axis */
  /* What a plot of an analysis says rather than column names; NULL or 0
   * where not wanted. Arrays have an entry per listed column. */
  const char *const *labels;     /* legend text; a NULL entry: the column's name */
  const char *const *y_labels;   /* the y axis label of the column's panel, naming the
                                  * quantity: "phase [deg]"; the first column of a
                                  * panel that has one says it; otherwise "[unit]" */
  const char *const *end_labels; /* text where the curve leaves its panel: "2×" */
  guint32  dashed_columns;       /* bit k set: the k-th listed column dashed */
  const SwPlotMark *marks;       /* natural frequencies, crossings; a point's panel
                                  * counts panels in the order they first appear */
  guint    n_marks;
} SwPlotFileStyle;

/* Draws the given columns of a trajectory against its x values (time, or
 * whatever sw_trajectory_get_x_name() says) into path; the format follows
 * the extension (case-insensitive): .png (pngcairo), .svg (svgcairo), .pdf
 * (pdfcairo). Columns with the same unit and the same kind of y axis share a
 * panel (stacked vertically, shared x axis); each panel's y axis is labelled
 * with its unit, e.g. "[rad/s]", the x axis as sw_plot_file_dup_x_label()
 * says, a legend names each curve, title (may be NULL) on top. width_px and
 * height_px are pixels for PNG and points for SVG and PDF. Non-finite values
 * (and beyond ±1e300) break the line, and so do values that are not positive
 * on a logarithmic axis. style may be NULL: linear axes.
 *
 * The file is written as sw-output-file.h describes: under a temporary
 * name and renamed (a failed call leaves an existing file alone), through
 * symbolic links, keeping the file's mode, every write checked. Errors:
 * SW_ERROR_INVALID for an unknown extension, a bad column list, size or an
 * empty trajectory, or a refused target (read-only); SW_ERROR_IO when the
 * file cannot be written ("No space left on device"). */
gboolean sw_plot_file_write_styled (const SwTrajectory    *trajectory,
                                    const guint           *columns,
                                    guint                  n_columns,
                                    const char            *title,
                                    const SwPlotFileStyle *style,
                                    const char            *path,
                                    int                    width_px,
                                    int                    height_px,
                                    GError               **error);

/* The same into an output file opened by the caller, who commits it; the
 * format follows sw_output_file_get_path (output). */
gboolean sw_plot_file_write_to_output (const SwTrajectory    *trajectory,
                                       const guint           *columns,
                                       guint                  n_columns,
                                       const char            *title,
                                       const SwPlotFileStyle *style,
                                       SwOutputFile          *output,
                                       int                    width_px,
                                       int                    height_px,
                                       GError               **error);

/* sw_plot_file_write_styled() with linear axes. */
gboolean sw_plot_file_write (const SwTrajectory *trajectory,
                             const guint        *columns,
                             guint               n_columns,
                             const char         *title,
                             const char         *path,
                             int                 width_px,
                             int                 height_px,
                             GError            **error);

/* How an image in memory is drawn: the default is the PNG file's drawing. */
typedef enum {
  SW_PLOT_IMAGE_DEFAULT = 0,
  SW_PLOT_IMAGE_DARK    = 1 << 0,  /* the dark palette (a dark terminal) */
  SW_PLOT_IMAGE_ALIASED = 1 << 1,  /* no anti-aliasing: only the palette's exact
                                    * colours, which a sixel sends as they are */
} SwPlotImageFlags;

/* The same drawing into an image in memory: an opaque ARGB32 cairo image
 * surface of width_px × height_px, for a terminal that shows images (the
 * shell's sixel). what names the image in messages ("the terminal plot").
 * Errors as sw_plot_file_write_styled(): the column list, the size, a
 * missing driver, a plot too small for its panels and legend. Free with
 * cairo_surface_destroy(). */
cairo_surface_t *sw_plot_file_draw_image (const SwTrajectory    *trajectory,
                                          const guint           *columns,
                                          guint                  n_columns,
                                          const char            *title,
                                          const SwPlotFileStyle *style,
                                          SwPlotImageFlags       flags,
                                          const char            *what,
                                          int                    width_px,
                                          int                    height_px,
                                          GError               **error);

/* A scene (sw-plot-draw.h) drawn into path, written the same way; the
 * format follows the extension. What the plot widget exports with. */
gboolean sw_plot_file_write_scene (const SwPlotScene *scene,
                                   const char        *path,
                                   int                width_px,
                                   int                height_px,
                                   GError           **error);

/* Draws onto cr (a page of width × height) through PLplot's current
 * stream, an extcairo stream of that size; FALSE with the error (path names
 * the file in it). */
typedef gboolean (*SwPlotFileDraw) (cairo_t    *cr,
                                    int         width_px,
                                    int         height_px,
                                    gpointer    data,
                                    const char *path,
                                    GError    **error);

/* What draw draws, into path, written the same way (a chart that is not
 * a scene: the study's colour map). */
gboolean sw_plot_file_write_drawn (SwPlotFileDraw     draw,
                                   gpointer           data,
                                   const char        *path,
                                   int                width_px,
                                   int                height_px,
                                   GError           **error);

/* The x axis label for a trajectory's x name and unit (unit may be NULL or
 * empty): "time [s]" (translated) for time in seconds, otherwise the name
 * without a trailing "_<unit>" and with '_' as spaces, then the unit in
 * brackets: "frequency_hz", "Hz" gives "frequency [Hz]". Free with g_free(). */
char *sw_plot_file_dup_x_label (const char *name,
                                const char *unit);

G_END_DECLS
