/* sw-plot-file.h: trajectories drawn into PNG, SVG or PDF files with PLplot.
 *
 * No GTK and no main loop: usable from the CLI as well as from the window.
 * PLplot keeps its current stream in process state, so call this from one
 * thread only (the main thread, like every other PLplot user).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sw-trajectory.h"

G_BEGIN_DECLS

/* At most this many curves in one file. */
#define SW_PLOT_FILE_MAX_COLUMNS 12

/* Draws the given columns of a trajectory against time into path; the format
 * follows the extension (case-insensitive): .png (pngcairo), .svg (svgcairo),
 * .pdf (pdfcairo). Columns with the same unit share a panel (stacked
 * vertically, shared time axis); each panel's y axis is labelled with its
 * unit, e.g. "[rad/s]", the x axis "time [s]", a legend names each curve,
 * title (may be NULL) on top. width_px and height_px are pixels for PNG and
 * points for SVG and PDF. Non-finite values (and beyond ±1e300) break the line.
 *
 * The file is written under a temporary name and renamed, so a failed call
 * leaves an existing file alone. Errors: SW_ERROR_INVALID for an unknown
 * extension, a bad column list, size or an empty trajectory; SW_ERROR_IO when
 * the file cannot be written. */
gboolean sw_plot_file_write (const SwTrajectory *trajectory,
                             const guint        *columns,
                             guint               n_columns,
                             const char         *title,
                             const char         *path,
                             int                 width_px,
                             int                 height_px,
                             GError            **error);

G_END_DECLS
