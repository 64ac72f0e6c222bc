/* sw-symbols-friction.c: the symbols of friction: clutches, brakes, bearing
 * friction, the freewheel, the mass between stops, end stops and latches
 * (sw-symbols-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-symbols-private.h"

#include <math.h>

/* Two plates on their shafts, facing each other with a lining on
 * each face, and the normal force pressing them together. */
void
_sw_symbol_draw_clutch (cairo_t              *cr,
                        const SwKind         *kind,
                        const SwSymbolLayout *layout,
                        const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  cairo_save (cr);
  cairo_set_line_width (cr, 2.5);
  _sw_symbol_draw_two_port_stubs (cr, layout, -6, 6);
  cairo_restore (cr);
  _sw_symbol_rounded_rectangle (cr, -9, -14, 5, 28, 1);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.35);
  _sw_symbol_rounded_rectangle (cr, 4, -14, 5, 28, 1);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.35);
  _sw_symbol_set_colour (cr, style->fg, 1);
  cairo_rectangle (cr, -4, -12, 2.5, 24);
  cairo_rectangle (cr, 1.5, -12, 2.5, 24);
  cairo_fill (cr);
  _sw_symbol_line (cr, -17, -17, -12.5, -17);
  _sw_symbol_arrow_head (cr, -9, -17, 1, 0, 4.5);
  _sw_symbol_line (cr, 17, -17, 12.5, -17);
  _sw_symbol_arrow_head (cr, 9, -17, -1, 0, 4.5);
}

/* A disc on the shaft, gripped near its rim by the pads of a caliper
 * that is held by the support. */
void
_sw_symbol_draw_brake (cairo_t              *cr,
                       const SwKind         *kind,
                       const SwSymbolLayout *layout,
                       const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  cairo_save (cr);
  cairo_set_line_width (cr, 2.5);
  _sw_symbol_draw_two_port_stubs (cr, layout, -2.5, 2.5);
  cairo_restore (cr);
  _sw_symbol_rounded_rectangle (cr, -2.5, -15, 5, 30, 1);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.35);
  _sw_symbol_set_colour (cr, style->fg, 1);
  cairo_move_to (cr, -5, 8);
  cairo_line_to (cr, -9, 8);
  cairo_line_to (cr, -9, 16);
  cairo_line_to (cr, 9, 16);
  cairo_line_to (cr, 9, 8);
  cairo_line_to (cr, 5, 8);
  cairo_stroke (cr);
  cairo_rectangle (cr, -5.5, 3, 3, 10);
  cairo_rectangle (cr, 2.5, 3, 3, 10);
  cairo_fill (cr);
  _sw_symbol_line (cr, 0, 16, 0, layout->height / 2);
}

/* The shaft through a bearing block, the block on hatched ground
 * (the support): friction between the shaft and the housing. */
void
_sw_symbol_draw_bearing_friction (cairo_t              *cr,
                                  const SwKind         *kind,
                                  const SwSymbolLayout *layout,
                                  const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  _sw_symbol_rounded_rectangle (cr, -10, -8, 20, 16, 1.5);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.35);
  cairo_save (cr);
  cairo_set_line_width (cr, 2.5);
  _sw_symbol_line (cr, -layout->width / 2, 0, layout->width / 2, 0);
  cairo_restore (cr);
  _sw_symbol_set_colour (cr, style->fg, 1);
  _sw_symbol_line (cr, -10, -3, 10, -3);
  _sw_symbol_line (cr, -10, 3, 10, 3);
  _sw_symbol_line (cr, 0, 8, 0, 12);
  cairo_save (cr);
  cairo_set_line_width (cr, 2);
  _sw_symbol_line (cr, -14, 12, 14, 12);
  cairo_restore (cr);
  cairo_save (cr);
  cairo_set_line_width (cr, 1);
  for (double x = -10; x <= 14; x += 6)
    if (fabs (x - 2) > 3)
      _sw_symbol_line (cr, x, 12, x - 4, 17);
  cairo_restore (cr);
  _sw_symbol_line (cr, 0, 12, 0, layout->height / 2);
}

/* The clutch's plates pressed together, and below them a ratchet:
 * teeth that a pawl holds in one direction and slips over in the
 * other (the freewheel). */
void
_sw_symbol_draw_one_way_clutch (cairo_t              *cr,
                                const SwKind         *kind,
                                const SwSymbolLayout *layout,
                                const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  cairo_save (cr);
  cairo_set_line_width (cr, 2.5);
  _sw_symbol_draw_two_port_stubs (cr, layout, -6, 6);
  cairo_restore (cr);
  _sw_symbol_rounded_rectangle (cr, -9, -14, 5, 20, 1);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.35);
  _sw_symbol_rounded_rectangle (cr, 4, -14, 5, 20, 1);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.35);
  _sw_symbol_set_colour (cr, style->fg, 1);
  cairo_rectangle (cr, -4, -12, 2.5, 16);
  cairo_rectangle (cr, 1.5, -12, 2.5, 16);
  cairo_fill (cr);
  _sw_symbol_line (cr, -17, -17, -12.5, -17);
  _sw_symbol_arrow_head (cr, -9, -17, 1, 0, 4.5);
  _sw_symbol_line (cr, 17, -17, 12.5, -17);
  _sw_symbol_arrow_head (cr, 9, -17, -1, 0, 4.5);
  /* Three solid teeth, each a slope and a steep face, and the one
   * direction they let the clutch run free in. The steep face's x is
   * worked out in double: with an unsigned i, -14 + 7 * (i + 1) would
   * wrap to 2^32 - 7 for the first tooth, which cairo's 24.8 fixed
   * point happens to fold back to -7 at scales 1, 2, 0.5 ... and at
   * any other scale becomes a band to the surface's edge. */
  cairo_move_to (cr, -14, 17);
  for (guint i = 0; i < 3; i++)
    {
      double x = -14.0 + 7.0 * (i + 1);

      cairo_line_to (cr, x, 9);
      cairo_line_to (cr, x, 17);
    }
  cairo_close_path (cr);
  cairo_fill (cr);
  _sw_symbol_line (cr, 10, 13, 14, 13);
  _sw_symbol_arrow_head (cr, 18, 13, 1, 0, 4.5);
}

/* A mass sliding on hatched ground (the support) between two stops
 * that stand lower than the flanges. */
void
_sw_symbol_draw_stop_mass (cairo_t              *cr,
                           const SwKind         *kind,
                           const SwSymbolLayout *layout,
                           const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  _sw_symbol_draw_two_port_stubs (cr, layout, -12, 12);
  cairo_rectangle (cr, -12, -10, 24, 21);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.3);
  _sw_symbol_set_colour (cr, style->fg, 1);
  cairo_rectangle (cr, -24, 3, 3, 8);
  cairo_rectangle (cr, 21, 3, 3, 8);
  cairo_fill (cr);
  _sw_symbol_hatched_ground (cr, -25, 25, 12);
  if (layout->n_supports > 0)
    _sw_symbol_line (cr, 0, 12, 0, layout->height / 2);
}

/* The support's bracket: a base on the support's line, a stop standing
 * up from it at each end (x = ±17), the left one with a hole for the
 * flange's rod. */
static void
draw_stop_bracket (cairo_t              *cr,
                   const SwKind         *kind,
                   const SwSymbolLayout *layout,
                   const SwSymbolStyle  *style)
{
  _sw_symbol_set_colour (cr, style->fg, 1);
  cairo_rectangle (cr, -20, -14, 3.5, 11);
  cairo_rectangle (cr, -20, 3, 3.5, 12.5);
  cairo_rectangle (cr, 16.5, -14, 3.5, 29.5);
  cairo_rectangle (cr, -20, 12.5, 40, 3);
  cairo_fill (cr);
  if (layout->n_supports > 0)
    _sw_symbol_line (cr, 0, 15, 0, layout->height / 2);
}

/* A body on the flange's rod, free between the stops of a bracket on
 * the support: it hits them and comes away again. */
void
_sw_symbol_draw_end_stop (cairo_t              *cr,
                          const SwKind         *kind,
                          const SwSymbolLayout *layout,
                          const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  draw_stop_bracket (cr, kind, layout, style);
  cairo_save (cr);
  if (kind->ports[0].domain == SW_DOMAIN_ROTATIONAL)
    cairo_set_line_width (cr, 2.5);
  _sw_symbol_line (cr, -layout->width / 2, 0, -6, 0);
  cairo_restore (cr);
  cairo_rectangle (cr, -6, -8, 12, 16);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.35);
}

/* A bar on the flange's rod with a notch below, and a pawl pivoted on
 * the support whose tooth has dropped into the notch: once in, the
 * flange is locked to the support. */
void
_sw_symbol_draw_latch (cairo_t              *cr,
                       const SwKind         *kind,
                       const SwSymbolLayout *layout,
                       const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  cairo_save (cr);
  if (kind->ports[0].domain == SW_DOMAIN_ROTATIONAL)
    cairo_set_line_width (cr, 2.5);
  _sw_symbol_line (cr, -layout->width / 2, 0, -20, 0);
  cairo_restore (cr);

  /* The bar, its notch cut from below. */
  cairo_move_to (cr, -20, -6);
  cairo_line_to (cr, 20, -6);
  cairo_line_to (cr, 20, 3);
  cairo_line_to (cr, -6, 3);
  cairo_line_to (cr, -10, -2);
  cairo_line_to (cr, -14, 3);
  cairo_line_to (cr, -20, 3);
  cairo_close_path (cr);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.35);

  /* The pawl: a lever from its pivot over the support, its tooth up in
   * the notch. */
  _sw_symbol_set_colour (cr, style->fg, 1);
  for (guint i = 0; i < kind->n_ports; i++)
    if (kind->ports[i].is_support)
      _sw_symbol_line (cr, layout->port_x[i], layout->port_y[i], layout->port_x[i], 12);
  cairo_move_to (cr, -10, -0.5);
  cairo_line_to (cr, -6.5, 4.5);
  cairo_line_to (cr, 0, 9.5);
  cairo_line_to (cr, 0, 14);
  cairo_line_to (cr, -13.5, 7.5);
  cairo_line_to (cr, -13.5, 4.5);
  cairo_close_path (cr);
  cairo_fill (cr);
  cairo_new_sub_path (cr);
  cairo_arc (cr, 0, 12, 2.2, 0, 2 * G_PI);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0);
}
