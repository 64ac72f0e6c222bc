/* test-symbols-common.c: what the symbol tests (test-symbols-*.c) share:
 * drawing a symbol and counting its pixels, a kind from the future.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-symbols-common.h"

PixelCount
draw_and_count (const SwKind *kind,
                double        scale,
                int           rotation,
                gboolean      flipped,
                gboolean      dark,
                double        margin)
{
  const int size = (int) (160 * scale);
  SwSymbolStyle style = sw_symbol_style_default (dark);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cairo_t *cr = cairo_create (surface);
  double w = 0, h = 0, half_w, half_h;
  PixelCount count = { 0, 0 };
  const guint8 *data;
  int stride;

  sw_symbol_get_size (kind, &w, &h);
  if (rotation % 180 != 0)
    {
      double t = w;

      w = h;
      h = t;
    }

  cairo_translate (cr, size / 2.0, size / 2.0);
  cairo_scale (cr, scale, scale);
  cairo_rotate (cr, rotation * G_PI / 180);
  if (flipped)
    cairo_scale (cr, -1, 1);
  sw_symbol_draw (cr, kind, &style);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);

  half_w = (w / 2 + margin) * scale + AA_MARGIN;
  half_h = (h / 2 + margin) * scale + AA_MARGIN;
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < size; y++)
    for (int x = 0; x < size; x++)
      {
        guint32 pixel = *(const guint32 *) (gconstpointer) (data + y * stride + 4 * x);
        double dx = x + 0.5 - size / 2.0, dy = y + 0.5 - size / 2.0;

        if ((pixel >> 24) < 16)
          continue;
        if (fabs (dx) <= half_w && fabs (dy) <= half_h)
          count.inside++;
        else
          count.outside++;
      }

  cairo_surface_destroy (surface);
  return count;
}

const SwPortDesc future_ports[] = {
  { "a", SW_DOMAIN_ROTATIONAL, FALSE },
  { "b", SW_DOMAIN_ROTATIONAL, FALSE },
  { "c", SW_DOMAIN_TRANSLATIONAL, FALSE },
  { "housing", SW_DOMAIN_ROTATIONAL, TRUE },
};
static const SwParamDesc future_params[] = {
  { "k", "Constant", "s-1", SW_PARAM_REAL, 1, 0, 10, FALSE, "" },
  { "on", "Enabled", "", SW_PARAM_BOOLEAN, 1, 0, 1, FALSE, "" },
  { "v", "Volume", "m3", SW_PARAM_REAL, 1, 0, 10, FALSE, "" },
  { "q", "Something", "kg.m2/s2", SW_PARAM_REAL, 1, 0, 10, FALSE, "" },
};

const SwKind future_kind = {
  .name = "future.widget", .label = "Widget", .group = "Future",
  .ports = future_ports, .n_ports = G_N_ELEMENTS (future_ports),
  .params = future_params, .n_params = G_N_ELEMENTS (future_params),
  .key_param = "k",
};
