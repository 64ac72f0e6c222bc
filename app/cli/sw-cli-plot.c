/* sw-cli-plot.c: what the terminal program draws, as a table of calls
 * (sw-cli-plot.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-cli-plot.h"

static const SwCliPlot plot = {
  .write_to_output = sw_plot_file_write_to_output,
  .draw_image = sw_plot_file_draw_image,
  .dup_unit_text = sw_plot_dup_unit_text,
  .image_get_data = cairo_image_surface_get_data,
  .image_get_width = cairo_image_surface_get_width,
  .image_get_height = cairo_image_surface_get_height,
  .image_get_stride = cairo_image_surface_get_stride,
  .surface_destroy = cairo_surface_destroy,
};

const SwCliPlot *
sw_cli_plot (GError **error)
{
  return &plot;
}

char *
sw_cli_plot_dup_unit_text (const char *unit)
{
  return sw_plot_dup_unit_text (unit);
}
