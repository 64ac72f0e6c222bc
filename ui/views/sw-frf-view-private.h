/* sw-frf-view-private.h: what the tests see of SwFrfView.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-frf-view.h"
#include "sw-plot-draw.h"

G_BEGIN_DECLS

/* Draws the plot as the widget does onto cr; FALSE when nothing was drawn.
 * geometry (may be NULL) says where, and the ranges as shown (dB, log10). */
gboolean _sw_frf_view_render               (SwFrfView      *self,
                                            cairo_t        *cr,
                                            int             width,
                                            int             height,
                                            SwPlotGeometry *geometry);
/* The magnitude panel's y axis label, or NULL. */
char    *_sw_frf_view_dup_magnitude_label  (SwFrfView *self);

G_END_DECLS
