/* sw-symbols-transmission.c: the symbols of transmissions: gears (ideal,
 * lossy, with play), the planetary, rack and pinion, the rolling wheel,
 * transformations, and the elastic meshes: gear pair, rack and pinion,
 * worm and wheel (sw-symbols-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-symbols-private.h"

#include <math.h>

/* Two meshing wheels on their shafts. */
void
_sw_symbol_draw_gear (cairo_t              *cr,
                      const SwKind         *kind,
                      const SwSymbolLayout *layout,
                      const SwSymbolStyle  *style)
{
  _sw_symbol_draw_two_port_stubs (cr, layout, -8, 10);
  _sw_symbol_draw_supports (cr, kind, layout);
  _sw_symbol_gear_wheel (cr, style, -8, 0, 10, 12);
  _sw_symbol_gear_wheel (cr, style, 10, 0, 6, 8);
}

/* The ideal gear's meshing wheels, the support holding a friction
 * lining against the big wheel (the bearing friction) and heat
 * rising from the small one (the mesh losses). */
void
_sw_symbol_draw_lossy_gear (cairo_t              *cr,
                            const SwKind         *kind,
                            const SwSymbolLayout *layout,
                            const SwSymbolStyle  *style)
{
  _sw_symbol_draw_two_port_stubs (cr, layout, -8, 10);
  _sw_symbol_line (cr, 0, layout->height / 2, 0, 15);
  _sw_symbol_gear_wheel (cr, style, -8, 0, 10, 12);
  _sw_symbol_gear_wheel (cr, style, 10, 0, 6, 8);
  _sw_symbol_set_colour (cr, style->fg, 1);
  cairo_rectangle (cr, -7, 12.5, 14, 3);
  cairo_fill (cr);
  cairo_save (cr);
  cairo_set_line_width (cr, 1.2);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (guint i = 0; i < 3; i++)
    _sw_symbol_heat_wave (cr, 6 + 4 * i, -10.5, -19);
  cairo_restore (cr);
}

/* The lossy gear's wheels, pad and heat, smaller, and on the small
 * wheel's shaft the backlash's slot with flange_b's tooth in it. */
void
_sw_symbol_draw_gearbox (cairo_t              *cr,
                         const SwKind         *kind,
                         const SwSymbolLayout *layout,
                         const SwSymbolStyle  *style)
{
  _sw_symbol_draw_two_port_stubs (cr, layout, -15, 14.5);
  _sw_symbol_line (cr, -8, layout->height / 2, -8, 13);
  _sw_symbol_gear_wheel (cr, style, -15, 0, 7, 9);
  _sw_symbol_gear_wheel (cr, style, 0, 0, 4, 5.5);
  _sw_symbol_set_colour (cr, style->fg, 1);
  cairo_rectangle (cr, -14, 10.5, 12, 2.5);
  cairo_fill (cr);
  cairo_save (cr);
  cairo_set_line_width (cr, 1.2);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (guint i = 0; i < 2; i++)
    _sw_symbol_heat_wave (cr, -2.0 + 4.0 * i, -8, -16);
  cairo_restore (cr);
  _sw_symbol_line (cr, 0, 0, 8, 0);
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

/* Ring, three planets and the sun, concentric; the sun's shaft
 * from the left, the carrier's from the top (to a planet), the
 * ring's from the right. */
void
_sw_symbol_draw_planetary (cairo_t              *cr,
                           const SwKind         *kind,
                           const SwSymbolLayout *layout,
                           const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  cairo_new_sub_path (cr);
  cairo_arc (cr, 0, 0, 23, 0, 2 * G_PI);
  cairo_new_sub_path (cr);
  cairo_arc_negative (cr, 0, 0, 18, 2 * G_PI, 0);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.45);
  _sw_symbol_set_colour (cr, style->fg, 1);
  _sw_symbol_line (cr, -30, 0, 0, 0);
  _sw_symbol_line (cr, 0, -30, 0, -11);
  _sw_symbol_line (cr, 23, 0, 30, 0);
  for (guint k = 0; k < 3; k++)
    {
      double a = -G_PI / 2 + k * 2 * G_PI / 3;

      _sw_symbol_gear_wheel (cr, style, 11 * cos (a), 11 * sin (a), 4.6, 7);
    }
  _sw_symbol_gear_wheel (cr, style, 0, 0, 5.2, 8);
}

/* A pinion on a rack. */
void
_sw_symbol_draw_r2t (cairo_t              *cr,
                     const SwKind         *kind,
                     const SwSymbolLayout *layout,
                     const SwSymbolStyle  *style)
{
  _sw_symbol_line (cr, -30, 0, -6, 0);
  _sw_symbol_draw_supports (cr, kind, layout);
  cairo_move_to (cr, 30, 0);
  cairo_line_to (cr, 24, 0);
  cairo_line_to (cr, 24, 11);
  cairo_line_to (cr, 18, 11);
  cairo_stroke (cr);
  {
    double dash = 2;

    cairo_save (cr);
    cairo_set_line_width (cr, 2);
    cairo_set_dash (cr, &dash, 1, 0);
    _sw_symbol_line (cr, -18, 8, 18, 8);
    cairo_restore (cr);
  }
  cairo_rectangle (cr, -18, 9, 36, 4);
  _sw_symbol_fill_tinted_and_stroke (cr, style, style->translational, 0.4);
  _sw_symbol_gear_wheel (cr, style, -6, 0, 6.5, 10);
}

/* A spoked wheel rolling on the ground. */
void
_sw_symbol_draw_wheel (cairo_t              *cr,
                       const SwKind         *kind,
                       const SwSymbolLayout *layout,
                       const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  _sw_symbol_line (cr, 30, 0, 5, 0);
  _sw_symbol_draw_supports (cr, kind, layout);
  cairo_save (cr);
  cairo_set_line_width (cr, 2);
  _sw_symbol_line (cr, -22, 9, 22, 9);
  cairo_restore (cr);
  cairo_save (cr);
  cairo_set_line_width (cr, 1);
  for (double x = -16; x <= 22; x += 6.5)
    _sw_symbol_line (cr, x, 9, x - 4, 13);
  cairo_restore (cr);
  cairo_new_sub_path (cr);
  cairo_arc (cr, -4, 0, 9, 0, 2 * G_PI);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.3);
  for (guint i = 0; i < 3; i++)
    {
      double a = G_PI / 2 + i * 2 * G_PI / 3;

      _sw_symbol_line (cr, -4, 0, -4 + 9 * cos (a), 9 * sin (a));
    }
  _sw_symbol_line (cr, -30, 0, -4, 0);
  cairo_new_sub_path (cr);
  cairo_arc (cr, -4, 0, 2, 0, 2 * G_PI);
  cairo_fill (cr);
}

void
_sw_symbol_draw_transform (cairo_t              *cr,
                           const SwKind         *kind,
                           const SwSymbolLayout *layout,
                           const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  _sw_symbol_draw_two_port_stubs (cr, layout, -16, 16);
  _sw_symbol_rounded_rectangle (cr, -16, -13, 32, 26, 2);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.15);
  _sw_symbol_set_colour (cr, style->fg, 1);
  _sw_symbol_upright_text (cr, "K", 0, 0, 14, TRUE, 24);
}

/* The elastic meshes draw their teeth: the ideal gear's wheels are
 * rings of dashes, these are wheels (and a rack, a worm) with real
 * teeth, a tooth of one in a gap of the other where they mesh, and a
 * small spring across the mesh. */

/* Two toothed wheels meshing at (-1, 0): the pinion (10 teeth) on
 * flange_a, the wheel (16) on flange_b, as the kind's tooth counts have
 * them (the ideal gear draws its big wheel left). */
void
_sw_symbol_draw_gear_pair (cairo_t              *cr,
                           const SwKind         *kind,
                           const SwSymbolLayout *layout,
                           const SwSymbolStyle  *style)
{
  _sw_symbol_draw_two_port_stubs (cr, layout, -8, 10);
  _sw_symbol_draw_supports (cr, kind, layout);
  _sw_symbol_toothed_wheel (cr, style, style->rotational, -8, 0, 7, 10, G_PI / 10);
  _sw_symbol_toothed_wheel (cr, style, style->rotational, 10, 0, 11, 16, 0);
  _sw_symbol_mesh_spring (cr, style, -1, 0, 0);
}

/* A toothed pinion on flangeR meshing with a toothed rack that
 * flangeT's rod pulls, as the ideal R2T draws them. */
void
_sw_symbol_draw_rack_pinion (cairo_t              *cr,
                             const SwKind         *kind,
                             const SwSymbolLayout *layout,
                             const SwSymbolStyle  *style)
{
  const double radius = 8, pitch = 2 * G_PI * radius / 12;

  _sw_symbol_line (cr, -layout->width / 2, 0, -6, 0);
  _sw_symbol_draw_supports (cr, kind, layout);
  cairo_move_to (cr, layout->width / 2, 0);
  cairo_line_to (cr, 24, 0);
  cairo_line_to (cr, 24, 9);
  cairo_line_to (cr, 20, 9);
  cairo_stroke (cr);
  _sw_symbol_toothed_rack (cr, style, style->translational, -20, 20, radius, 12.5, -6 - 3 * pitch, pitch);
  _sw_symbol_toothed_wheel (cr, style, style->rotational, -6, 0, radius, 12, G_PI / 2 + G_PI / 12);
  _sw_symbol_mesh_spring (cr, style, -6, radius, 0);
}

/* A worm on flange_a's shaft, seen from the side: a barrel, its thread
 * crossing it on a slant; above it a toothed wheel, its lowest teeth
 * sunk in the thread, that flange_b's shaft reaches from the right. */
void
_sw_symbol_draw_worm_wheel (cairo_t              *cr,
                            const SwKind         *kind,
                            const SwSymbolLayout *layout,
                            const SwSymbolStyle  *style)
{
  const double wheel_x = 3, wheel_y = -11, worm_r = 4.5;

  cairo_save (cr);
  cairo_set_line_width (cr, 2.5);
  _sw_symbol_line (cr, -layout->width / 2, 0, -17, 0);
  cairo_restore (cr);
  _sw_symbol_draw_supports (cr, kind, layout);
  cairo_move_to (cr, layout->width / 2, 0);
  cairo_line_to (cr, 22, 0);
  cairo_line_to (cr, 22, wheel_y);
  cairo_line_to (cr, wheel_x, wheel_y);
  cairo_stroke (cr);

  _sw_symbol_rounded_rectangle (cr, -17, -worm_r, 30, 2 * worm_r, 2);
  _sw_symbol_fill_tinted_and_stroke (cr, style, style->rotational, 0.3);
  cairo_save (cr);
  cairo_rectangle (cr, -17, -worm_r, 30, 2 * worm_r);
  cairo_clip (cr);
  cairo_set_line_width (cr, 1.2);
  for (double x = -15; x <= 14; x += 4)
    _sw_symbol_line (cr, x - 1.5, worm_r, x + 1.5, -worm_r);
  cairo_restore (cr);

  _sw_symbol_toothed_wheel (cr, style, style->rotational, wheel_x, wheel_y, 7.5, 12, G_PI / 2);
  _sw_symbol_mesh_spring (cr, style, wheel_x, -3.5, 0);
}
