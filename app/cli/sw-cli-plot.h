/* sw-cli-plot.h: what the terminal program draws (ui/plot: PLplot and
 * cairo), as a table of the few calls it makes.
 *
 * (Session 20 tried it as a module loaded on first use, 2.5-3 ms less at
 * each start; the module held a second copy of core's code and state,
 * which AddressSanitizer's one-definition check refused: linked in again.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include "sw-plot-file.h"

G_BEGIN_DECLS

typedef struct {
  __typeof__ (sw_plot_file_write_to_output) *write_to_output;
  __typeof__ (sw_plot_file_draw_image)      *draw_image;
  __typeof__ (sw_plot_dup_unit_text)        *dup_unit_text;
  __typeof__ (cairo_image_surface_get_data)   *image_get_data;
  __typeof__ (cairo_image_surface_get_width)  *image_get_width;
  __typeof__ (cairo_image_surface_get_height) *image_get_height;
  __typeof__ (cairo_image_surface_get_stride) *image_get_stride;
  __typeof__ (cairo_surface_destroy)          *surface_destroy;
} SwCliPlot;

/* The drawing calls (never NULL; error is not set: kept for the callers
 * that handle a drawing that cannot be made). */
const SwCliPlot *sw_cli_plot (GError **error);

/* sw_plot_dup_unit_text(). */
char *sw_cli_plot_dup_unit_text (const char *unit);

G_END_DECLS
