/* sw-symbols-sensors.c: the symbols of ideal sensors: a round gauge, its
 * scale on the upper arc and a needle from the hub, the measured quantity's
 * letter below the hub (φ, ω, Δφ, τ, P, ...).
 *
 * An absolute sensor's one flange reaches the gauge from the left; a
 * relative sensor's flanges reach it from both sides and stop at its rim
 * (it only looks); a torque, force or power sensor's shaft runs straight
 * through the gauge from flange_a to flange_b (it ties them rigidly).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-symbols-private.h"

#include <math.h>

#define GAUGE_RADIUS 13.0

void
_sw_symbol_draw_sensor (cairo_t              *cr,
                        const SwKind         *kind,
                        const SwSymbolLayout *layout,
                        const SwSymbolStyle  *style)
{
  const double r = GAUGE_RADIUS;
  gboolean through = layout->entry.shape == SHAPE_THROUGH_SENSOR;
  const char *letter = layout->entry.letter != NULL ? layout->entry.letter : "";

  _sw_symbol_draw_two_port_stubs (cr, layout, -r, r);

  cairo_new_sub_path (cr);
  cairo_arc (cr, 0, 0, r, 0, 2 * G_PI);
  _sw_symbol_fill_tinted_and_stroke (cr, style, _sw_symbol_kind_tint (kind, style), 0.12);
  _sw_symbol_set_colour (cr, style->fg, 1);

  if (through)
    {
      cairo_save (cr);
      cairo_set_line_width (cr, 2.5);
      _sw_symbol_line (cr, -r, 0, r, 0);
      cairo_restore (cr);
    }

  /* The scale: five ticks on the upper arc. */
  cairo_save (cr);
  cairo_set_line_width (cr, 1);
  for (guint i = 0; i < 5; i++)
    {
      double a = (210 + 30 * i) * G_PI / 180, c = cos (a), s = sin (a);

      _sw_symbol_line (cr, (r - 3.5) * c, (r - 3.5) * s, (r - 1) * c, (r - 1) * s);
    }
  cairo_restore (cr);

  /* The needle, pointing up and to the right, and its hub. */
  {
    double a = 305 * G_PI / 180;

    cairo_save (cr);
    cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
    _sw_symbol_line (cr, 0, 0, (r - 4.5) * cos (a), (r - 4.5) * sin (a));
    cairo_restore (cr);
    cairo_new_sub_path (cr);
    cairo_arc (cr, 0, 0, 1.8, 0, 2 * G_PI);
    cairo_fill (cr);
  }

  _sw_symbol_upright_text (cr, letter, 0, 6.5, 8.5, FALSE, 15);
}
