/* sw-plot-view-private.h: what the plot widget's tests reach.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-plot-draw.h"
#include "sw-plot-view.h"

G_BEGIN_DECLS

/* Draws the widget as its snapshot does, onto cr as a page of width ×
 * height, through the widget's PLplot stream; FALSE when nothing fits or
 * there is nothing to show. */
gboolean              _sw_plot_view_render        (SwPlotView     *self,
                                                   cairo_t        *cr,
                                                   int             width,
                                                   int             height);
/* Where the last drawing put the panels; NULL before one. */
const SwPlotGeometry *_sw_plot_view_get_geometry  (SwPlotView     *self);
/* Zooms to a rectangle in pixels of the last drawing (what a drag does). */
void                  _sw_plot_view_zoom_to_rect  (SwPlotView     *self,
                                                   double          x0,
                                                   double          y0,
                                                   double          x1,
                                                   double          y1);
/* The colours the widget draws with now. */
const SwPlotColors   *_sw_plot_view_get_colors    (SwPlotView     *self);
/* Its PLplot stream; -1 before the first drawing. */
int                   _sw_plot_view_get_stream    (SwPlotView     *self);

G_END_DECLS
