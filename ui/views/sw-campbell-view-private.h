/* sw-campbell-view-private.h: what the tests see of SwCampbellView.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-campbell-view.h"

G_BEGIN_DECLS

/* Draws the diagram as the widget does onto cr; FALSE when nothing was drawn. */
gboolean _sw_campbell_view_render             (SwCampbellView     *self,
                                               cairo_t            *cr,
                                               int                 width,
                                               int                 height);
/* Where crossing index was last drawn, in the plot's pixels. */
gboolean _sw_campbell_view_crossing_position  (SwCampbellView     *self,
                                               guint               index,
                                               double             *x,
                                               double             *y);
/* The legend of order line index (sw_campbell_get_order): "order 2×", or
 * a component's excitation, "mesh 20× of gearPair". */
char    *_sw_campbell_view_dup_order_label    (SwCampbellView     *self,
                                               guint               index);
/* The text of a table cell: columns speed, order, mode, frequency, section. */
char    *_sw_campbell_view_dup_cell_text      (SwCampbellCrossing *row,
                                               guint               column);

G_END_DECLS
