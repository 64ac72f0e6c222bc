/* sw-symbols-sources.c: the symbols of sources: a circle on the driven flange
 * holding a glyph (a torque's curved arrow, a force's straight one, a
 * load's characteristic, a prescribed motion's letter, a fan), a constant
 * or step mark below it; the circle between two flanges (Torque2); the
 * dynamic engine, a cylinder on its crankcase.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-symbols-private.h"

#include <math.h>

void
_sw_symbol_draw_source (cairo_t              *cr,
                        const SwKind         *kind,
                        const SwSymbolLayout *layout,
                        const SwSymbolStyle  *style)
{
  const SwSymbolShapeEntry *entry = &layout->entry;
  double r = 13;

  _sw_symbol_line (cr, r, 0, 20, 0);
  for (guint i = 0; i < kind->n_ports; i++)
    if (kind->ports[i].is_support)
      _sw_symbol_line (cr, 0, r, 0, 20);

  cairo_new_sub_path (cr);
  cairo_arc (cr, 0, 0, r, 0, 2 * G_PI);
  _sw_symbol_fill_tinted_and_stroke (cr, style, _sw_symbol_kind_tint (kind, style), 0.12);

  _sw_symbol_set_colour (cr, style->fg, 1);
  switch (entry->glyph)
    {
    case GLYPH_TORQUE:
      {
        double cy = entry->mark != MARK_NONE ? -1.5 : 0.5, ra = 7;
        double a1 = 160 * G_PI / 180, a2 = 380 * G_PI / 180;

        cairo_new_sub_path (cr);
        cairo_arc (cr, 0, cy, ra, a1, a2 - 0.25);
        cairo_stroke (cr);
        _sw_symbol_arrow_head (cr, ra * cos (a2), cy + ra * sin (a2), -sin (a2), cos (a2), 4.5);
      }
      break;

    case GLYPH_FAN:
      /* Three blades, each a leaf from the hub outwards. */
      for (guint i = 0; i < 3; i++)
        {
          double a = G_PI / 2 + i * 2 * G_PI / 3, c = cos (a), s = sin (a);

          cairo_move_to (cr, 0, 0);
          cairo_curve_to (cr, 9 * c - 4 * s, 9 * s + 4 * c, 9 * c + 1 * s, 9 * s - 1 * c, 9 * c, 9 * s);
          cairo_curve_to (cr, 6 * c + 3 * s, 6 * s - 3 * c, 2 * c + 2 * s, 2 * s - 2 * c, 0, 0);
          cairo_close_path (cr);
        }
      cairo_fill (cr);
      cairo_new_sub_path (cr);
      cairo_arc (cr, 0, 0, 1.8, 0, 2 * G_PI);
      cairo_fill (cr);
      break;

    case GLYPH_FORCE:
      {
        double y = entry->mark != MARK_NONE ? -2 : 0;

        _sw_symbol_line (cr, -8, y, 5, y);
        _sw_symbol_arrow_head (cr, 9, y, 1, 0, 5);
      }
      break;

    case GLYPH_CURVE_LINEAR:
    case GLYPH_CURVE_QUADRATIC:
      cairo_save (cr);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, -6.5, -7.5);
      cairo_line_to (cr, -6.5, 6.5);
      cairo_line_to (cr, 7.5, 6.5);
      cairo_stroke (cr);
      cairo_restore (cr);
      cairo_move_to (cr, -6.5, 6.5);
      if (entry->glyph == GLYPH_CURVE_LINEAR)
        cairo_line_to (cr, 6.5, -5.5);
      else
        cairo_curve_to (cr, -1, 6.5, 4, 3, 6.5, -6.5);
      cairo_stroke (cr);
      break;

    case GLYPH_LETTER:
      /* Above a mark, smaller and higher so that they do not touch. */
      if (entry->mark != MARK_NONE)
        _sw_symbol_upright_text (cr, entry->letter, 0, -2.5, 12, FALSE, 2 * r - 8);
      else
        _sw_symbol_upright_text (cr, entry->letter, 0, 0, 15, FALSE, 2 * r - 6);
      break;

    case GLYPH_NONE:
    default:
      break;
    }

  switch (entry->mark)
    {
    case MARK_CONSTANT:
      _sw_symbol_line (cr, -4.5, 6.5, 4.5, 6.5);
      break;
    case MARK_STEP:
      cairo_move_to (cr, -5, 8);
      cairo_line_to (cr, 0, 8);
      cairo_line_to (cr, 0, 4);
      cairo_line_to (cr, 5, 4);
      cairo_stroke (cr);
      break;
    case MARK_NONE:
    default:
      break;
    }
}

/* Torque2 / Force2: the source's circle on a line from flange_a to
 * flange_b, its arrow turning (pushing) towards flange_b, which it
 * accelerates; flange_a takes the reaction. */
void
_sw_symbol_draw_source_between (cairo_t              *cr,
                                const SwKind         *kind,
                                const SwSymbolLayout *layout,
                                const SwSymbolStyle  *style)
{
  double r = 11;

  _sw_symbol_draw_two_port_stubs (cr, layout, -r, r);
  cairo_new_sub_path (cr);
  cairo_arc (cr, 0, 0, r, 0, 2 * G_PI);
  _sw_symbol_fill_tinted_and_stroke (cr, style, _sw_symbol_kind_tint (kind, style), 0.12);
  _sw_symbol_set_colour (cr, style->fg, 1);
  if (layout->entry.glyph == GLYPH_TORQUE)
    {
      double ra = 6, a1 = 160 * G_PI / 180, a2 = 380 * G_PI / 180;

      cairo_new_sub_path (cr);
      cairo_arc (cr, 0, 0.5, ra, a1, a2 - 0.25);
      cairo_stroke (cr);
      _sw_symbol_arrow_head (cr, ra * cos (a2), 0.5 + ra * sin (a2), -sin (a2), cos (a2), 4);
    }
  else
    {
      _sw_symbol_line (cr, -7, 0, 4, 0);
      _sw_symbol_arrow_head (cr, 8, 0, 1, 0, 4.5);
    }
}

/* The dynamic engine: its crankshaft through the crankcase from rot1
 * to rot2, thick like an inertia's (the engine has one); a cylinder on
 * the crankcase, its piston driving the crank by a connecting rod; the
 * crankcase held by the support, which takes the reaction torque. */
void
_sw_symbol_draw_engine (cairo_t              *cr,
                        const SwKind         *kind,
                        const SwSymbolLayout *layout,
                        const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);
  const double crank_x = 2.2, crank_y = -2.2;

  for (guint i = 0; i < kind->n_ports; i++)
    if (kind->ports[i].is_support)
      _sw_symbol_line (cr, layout->port_x[i], layout->port_y[i], layout->port_x[i], 11);

  /* The engine's outline: the crankcase and the cylinder on it, one
   * inside; the cylinder head on top. */
  cairo_move_to (cr, -14, -4);
  cairo_line_to (cr, -7.5, -4);
  cairo_line_to (cr, -7.5, -18);
  cairo_line_to (cr, 7.5, -18);
  cairo_line_to (cr, 7.5, -4);
  cairo_line_to (cr, 14, -4);
  cairo_line_to (cr, 14, 11);
  cairo_line_to (cr, -14, 11);
  cairo_close_path (cr);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.12);
  _sw_symbol_set_colour (cr, style->fg, 1);
  cairo_rectangle (cr, -9.5, -20, 19, 2.5);
  cairo_fill (cr);

  cairo_save (cr);
  cairo_set_line_width (cr, 2.5);
  _sw_symbol_draw_two_port_stubs (cr, layout, -14, 14);
  _sw_symbol_line (cr, -14, 0, 14, 0);
  cairo_restore (cr);

  /* The crank web and its pin, the connecting rod up to the piston. */
  cairo_new_sub_path (cr);
  cairo_arc (cr, 0, 0, 4.5, 0, 2 * G_PI);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.35);
  _sw_symbol_set_colour (cr, style->fg, 1);
  cairo_save (cr);
  cairo_set_line_width (cr, 2);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  _sw_symbol_line (cr, crank_x, crank_y, 0, -11);
  cairo_restore (cr);
  cairo_new_sub_path (cr);
  cairo_arc (cr, crank_x, crank_y, 1.5, 0, 2 * G_PI);
  cairo_fill (cr);

  /* The piston. */
  cairo_rectangle (cr, -5.5, -15, 11, 6);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.5);
}
