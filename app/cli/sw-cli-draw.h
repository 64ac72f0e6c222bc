/* sw-cli-draw.h: what the terminal program draws (ui/plot: PLplot and
 * cairo), in the module shaftwork-cli-draw.so, loaded the first time a
 * command draws.
 *
 * PLplot, cairo and the 25 libraries they bring cost every start some
 * 3 ms and 4 MB of resident memory, and most commands (`modal --json`,
 * `simulate` to CSV, `check`) draw nothing. The module holds ui/plot's
 * objects alone: core's functions it calls are the program's, exported to
 * it (cli/shaftwork-cli.dynamic), so the process has one copy of core's
 * code and state.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include "sw-plot-file.h"

G_BEGIN_DECLS

typedef struct {
  /* The program's and the module's must agree (another build's module
   * is refused). */
  const char *version;
  gsize       size;
  __typeof__ (sw_plot_file_write_to_output)   *write_to_output;
  __typeof__ (sw_plot_file_draw_image)        *draw_image;
  __typeof__ (sw_plot_dup_unit_text)          *dup_unit_text;
  __typeof__ (cairo_image_surface_get_data)   *image_get_data;
  __typeof__ (cairo_image_surface_get_width)  *image_get_width;
  __typeof__ (cairo_image_surface_get_height) *image_get_height;
  __typeof__ (cairo_image_surface_get_stride) *image_get_stride;
  __typeof__ (cairo_surface_destroy)          *surface_destroy;
} SwCliDraw;

/* The table of the calls themselves: the module's, and that of programs
 * linking ui/plot (sw-cli-draw-linked.c). */
#define SW_CLI_DRAW_CALLS {                                \
    .version = SW_VERSION,                                 \
    .size = sizeof (SwCliDraw),                            \
    .write_to_output = sw_plot_file_write_to_output,       \
    .draw_image = sw_plot_file_draw_image,                 \
    .dup_unit_text = sw_plot_dup_unit_text,                \
    .image_get_data = cairo_image_surface_get_data,        \
    .image_get_width = cairo_image_surface_get_width,      \
    .image_get_height = cairo_image_surface_get_height,    \
    .image_get_stride = cairo_image_surface_get_stride,    \
    .surface_destroy = cairo_surface_destroy,              \
  }

/* The module's one entry point (sw-cli-draw-module.c). */
#define SW_CLI_DRAW_MODULE_ENTRY "sw_cli_draw_module_get"
typedef const SwCliDraw *(*SwCliDrawModuleGet) (void);

/* The calls: the program's loads the module once (sw-cli-draw-load.c; from
 * the main thread, as PLplot is used), NULL with error set when it cannot;
 * a program that links ui/plot hands its own (sw-cli-draw-linked.c). */
const SwCliDraw *sw_cli_draw (GError **error);

/* sw_plot_dup_unit_text(): the unit as it is when drawing cannot be
 * loaded. */
char *sw_cli_draw_dup_unit_text (const char *unit);

G_END_DECLS
