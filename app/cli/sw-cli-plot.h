/* sw-cli-plot.h: what the terminal program draws (ui/plot: PLplot and
 * cairo), in a module loaded the first time a command draws.
 *
 * PLplot, cairo and the 25 libraries they bring took 2.5–3 ms of every
 * start, and most commands (`modal --json`, `simulate` to CSV, `check`)
 * draw nothing. The module (sw-cli-plot-module.c, built as
 * shaftwork-plot.so) hands a table of the few calls the program makes.
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

/* The module's one entry point. */
#define SW_CLI_PLOT_MODULE_ENTRY "sw_cli_plot_module_get"
typedef const SwCliPlot *(*SwCliPlotModuleGet) (void);

/* Loads the module once (main thread: PLplot's is); NULL with error set
 * when it cannot be loaded. */
const SwCliPlot *sw_cli_plot (GError **error);

/* sw_plot_dup_unit_text() through the module; the unit as it is when the
 * module cannot be loaded. */
char *sw_cli_plot_dup_unit_text (const char *unit);

G_END_DECLS
