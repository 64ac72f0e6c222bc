/* sw-map-draw.h: values on a grid of two parameters drawn as a colour map
 * by PLplot, with a colour bar: each run a cell around its point, coloured
 * on the sequential scale of sw-modes-data.h (viridis-like). No GTK.
 *
 * PLplot's current stream is process state: call it from the main thread
 * only, with the current stream an extcairo stream of the page's size.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "sw-plot-draw.h"

G_BEGIN_DECLS

typedef struct {
  const SwPlotColors *colors;   /* NULL: light */
  const char         *title;    /* above the map (what the colours are), may be NULL */
  const char         *x_label;
  const char         *y_label;
  guint               nx, ny;   /* >= 1 each */
  const double       *x;        /* nx values, increasing */
  const double       *y;        /* ny values, increasing */
  const double       *z;        /* z[i * ny + j] at (x[i], y[j]); NAN: none (left blank) */
  gboolean            log_x;    /* on a logarithmic axis (the values > 0) */
  gboolean            log_y;
} SwMapChart;

/* Draws chart onto cr (a page of width × height, which it paints). FALSE
 * when the page is too small for it, or no cell has a value. */
gboolean sw_map_chart_draw (cairo_t          *cr,
                            int               width,
                            int               height,
                            const SwMapChart *chart);

/* Whether values (n > 1, increasing) are best shown on a logarithmic axis:
 * all > 0, spanning a factor of 10 or more, and evenly spaced in their
 * logarithm rather than in themselves (a :log range). */
gboolean sw_map_values_are_log (const double *values,
                                guint         n);

G_END_DECLS
