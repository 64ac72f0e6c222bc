/* sw-symbols-compliant.c: the symbols of compliant elements: springs,
 * dampers and both, shafts, spring-dampers with play or a gap, Twin
 * Builder's rigidity, the custom coupling, the spring and damper in series,
 * the vibration dampers and absorbers (sw-symbols-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-symbols-private.h"

#include <math.h>

void
_sw_symbol_draw_spring (cairo_t              *cr,
                        const SwKind         *kind,
                        const SwSymbolLayout *layout,
                        const SwSymbolStyle  *style)
{
  _sw_symbol_draw_two_port_stubs (cr, layout, -18, 18);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  _sw_symbol_zigzag (cr, -18, 18, 0, 9, 6);
}

void
_sw_symbol_draw_damper (cairo_t              *cr,
                        const SwKind         *kind,
                        const SwSymbolLayout *layout,
                        const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  _sw_symbol_draw_two_port_stubs (cr, layout, -14, 14);
  _sw_symbol_dashpot (cr, style, tint, -14, 8, 0, 10, 0, 14);
}

void
_sw_symbol_draw_spring_damper (cairo_t              *cr,
                               const SwKind         *kind,
                               const SwSymbolLayout *layout,
                               const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  _sw_symbol_draw_two_port_stubs (cr, layout, -16, 16);
  _sw_symbol_line (cr, -16, -13, -16, 13);
  _sw_symbol_line (cr, 16, -13, 16, 13);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_move_to (cr, -16, -9);
  cairo_line_to (cr, -11, -9);
  _sw_symbol_zigzag (cr, -11, 11, -9, 4.5, 6);
  _sw_symbol_line (cr, 11, -9, 16, -9);
  _sw_symbol_line (cr, -16, 9, -9, 9);
  _sw_symbol_dashpot (cr, style, tint, -9, 6, 9, 5.5, 0, 16);
}

/* A thick shaft and a twisted generatrix. */
void
_sw_symbol_draw_shaft (cairo_t              *cr,
                       const SwKind         *kind,
                       const SwSymbolLayout *layout,
                       const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  _sw_symbol_draw_two_port_stubs (cr, layout, -22, 22);
  _sw_symbol_rounded_rectangle (cr, -22, -6, 44, 12, 2);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.35);
  cairo_move_to (cr, -14, -6);
  cairo_curve_to (cr, -3, -6, 3, 6, 14, 6);
  cairo_stroke (cr);
}

/* A spring-damper, then the play: a tooth on flange_b's shaft free
 * to move between the walls of a slot on the spring-damper's end. */
void
_sw_symbol_draw_elasto_backlash (cairo_t              *cr,
                                 const SwKind         *kind,
                                 const SwSymbolLayout *layout,
                                 const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  _sw_symbol_draw_two_port_stubs (cr, layout, -24, 14.5);
  _sw_symbol_spring_damper_pair (cr, style, tint, -24, 2);
  _sw_symbol_line (cr, 2, 0, 8, 0);
  cairo_move_to (cr, 21, -3);
  cairo_line_to (cr, 21, -8);
  cairo_line_to (cr, 8, -8);
  cairo_line_to (cr, 8, 8);
  cairo_line_to (cr, 21, 8);
  cairo_line_to (cr, 21, 3);
  cairo_stroke (cr);
  cairo_save (cr);
  cairo_set_line_width (cr, 2.5);
  _sw_symbol_line (cr, 14.5, -5, 14.5, 5);
  cairo_restore (cr);
}

/* A spring-damper on flange_a whose free end stops short of a
 * plate on flange_b: it pushes only once the gap is closed. */
void
_sw_symbol_draw_elasto_gap (cairo_t              *cr,
                            const SwKind         *kind,
                            const SwSymbolLayout *layout,
                            const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  _sw_symbol_draw_two_port_stubs (cr, layout, -22, 15);
  _sw_symbol_spring_damper_pair (cr, style, tint, -22, 3);
  _sw_symbol_rounded_rectangle (cr, 11, -14, 4, 28, 1);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.5);
}

/* The spring-damper, its coil tighter towards ROT2 (a progressive
 * rigidity), and beside it its characteristic: flat in the
 * backlash, steeper in the 2nd step. */
void
_sw_symbol_draw_rigidity (cairo_t              *cr,
                          const SwKind         *kind,
                          const SwSymbolLayout *layout,
                          const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  _sw_symbol_draw_two_port_stubs (cr, layout, -22, 10);
  _sw_symbol_line (cr, -22, -13, -22, 13);
  _sw_symbol_line (cr, 10, -13, 10, 13);
  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  _sw_symbol_line (cr, -22, -9, -18, -9);
  _sw_symbol_progressive_zigzag (cr, -18, 7, -9, 4.5, 7, 0.8);
  _sw_symbol_line (cr, 7, -9, 10, -9);
  cairo_restore (cr);
  _sw_symbol_line (cr, -22, 9, -15, 9);
  _sw_symbol_dashpot (cr, style, tint, -15, 0, 9, 5.5, -6, 10);
  _sw_symbol_set_colour (cr, style->fg, 1);
  _sw_symbol_stepped_characteristic (cr, 21, -11, 7);
}

/* A box holding the typed formula between two shafts. */
void
_sw_symbol_draw_custom_coupling (cairo_t              *cr,
                                 const SwKind         *kind,
                                 const SwSymbolLayout *layout,
                                 const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  cairo_save (cr);
  if (kind->ports[0].domain == SW_DOMAIN_ROTATIONAL)
    cairo_set_line_width (cr, 2.5);
  _sw_symbol_draw_two_port_stubs (cr, layout, -15, 15);
  cairo_restore (cr);
  _sw_symbol_rounded_rectangle (cr, -15, -12, 30, 24, 2);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.15);
  _sw_symbol_set_colour (cr, style->fg, 1);
  _sw_symbol_upright_text (cr, "f(x)", 0, 0, 11, FALSE, 24);
}

/* The damper on frame_a, then the spring on frame_b, in one line (the
 * parallel spring-damper has them side by side between end bars); the
 * dot between them is the node whose place is the damper's length. */
void
_sw_symbol_draw_spring_damper_series (cairo_t              *cr,
                                      const SwKind         *kind,
                                      const SwSymbolLayout *layout,
                                      const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  _sw_symbol_draw_two_port_stubs (cr, layout, -24, 23);
  _sw_symbol_dashpot (cr, style, tint, -24, -6, 0, 8, -11, 1);
  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  _sw_symbol_zigzag (cr, 1, 23, 0, 7, 5);
  cairo_restore (cr);
  cairo_new_sub_path (cr);
  cairo_arc (cr, 1, 0, 2, 0, 2 * G_PI);
  cairo_fill (cr);
}

/* The hub (a disc on the flange) and the seismic ring on it: through a
 * dashpot for the viscous (Houdaille) damper, a spring and a damper for
 * the tuned absorber. */
void
_sw_symbol_draw_absorber (cairo_t              *cr,
                          const SwKind         *kind,
                          const SwSymbolLayout *layout,
                          const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  cairo_save (cr);
  cairo_set_line_width (cr, 2.5);
  _sw_symbol_line (cr, layout->port_x[0], 0, -18, 0);
  cairo_restore (cr);
  _sw_symbol_rounded_rectangle (cr, -18, -16, 4, 32, 1);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.35);
  if (g_str_has_suffix (kind->name, "tuned_absorber"))
    _sw_symbol_spring_damper_pair (cr, style, tint, -14, 12);
  else
    {
      _sw_symbol_line (cr, -14, 0, -10, 0);
      _sw_symbol_dashpot (cr, style, tint, -10, 4, 0, 7, -2, 12);
    }
  _sw_symbol_rounded_rectangle (cr, 12, -17, 14, 34, 2);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.35);
}
