/* sw-symbols-bodies.c: the symbols of bodies: inertias and masses, rods,
 * the fixed flange, a disc, Twin Builder's mass, the line force's point
 * masses (sw-symbols-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-symbols-private.h"

#include <math.h>

/* A disc on a shaft. */
void
_sw_symbol_draw_inertia (cairo_t              *cr,
                         const SwKind         *kind,
                         const SwSymbolLayout *layout,
                         const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  cairo_save (cr);
  cairo_set_line_width (cr, 2.5);
  _sw_symbol_draw_two_port_stubs (cr, layout, -10, 10);
  cairo_restore (cr);
  _sw_symbol_rounded_rectangle (cr, -10, -17, 20, 34, 2);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.35);
}

void
_sw_symbol_draw_mass (cairo_t              *cr,
                      const SwKind         *kind,
                      const SwSymbolLayout *layout,
                      const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  _sw_symbol_draw_two_port_stubs (cr, layout, -15, 15);
  cairo_rectangle (cr, -15, -12, 30, 24);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.3);
}

void
_sw_symbol_draw_rod (cairo_t              *cr,
                     const SwKind         *kind,
                     const SwSymbolLayout *layout,
                     const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  cairo_rectangle (cr, -30, -2.5, 60, 5);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.5);
}

void
_sw_symbol_draw_fixed (cairo_t              *cr,
                       const SwKind         *kind,
                       const SwSymbolLayout *layout,
                       const SwSymbolStyle  *style)
{
  _sw_symbol_line (cr, 0, -10, 0, -2);
  cairo_save (cr);
  cairo_set_line_width (cr, 2);
  _sw_symbol_line (cr, -16, -2, 16, -2);
  cairo_restore (cr);
  cairo_save (cr);
  cairo_set_line_width (cr, 1);
  for (double x = -10; x <= 16; x += 6.5)
    _sw_symbol_line (cr, x, -2, x - 6, 6);
  cairo_restore (cr);
}

/* A thin disc, without inertia, on the shaft. */
void
_sw_symbol_draw_disc (cairo_t              *cr,
                      const SwKind         *kind,
                      const SwSymbolLayout *layout,
                      const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  cairo_save (cr);
  cairo_set_line_width (cr, 2.5);
  _sw_symbol_draw_two_port_stubs (cr, layout, -2, 2);
  cairo_restore (cr);
  _sw_symbol_rounded_rectangle (cr, -2, -16, 4, 32, 1);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.35);
}

/* The body with the predecessor's and successor's flanges at its
 * sides and the source node's coming up into it from below, on
 * ground held by the support: a disc for a rotational mass, a
 * block for a translational one. */
void
_sw_symbol_draw_tb_mass (cairo_t              *cr,
                         const SwKind         *kind,
                         const SwSymbolLayout *layout,
                         const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);
  gboolean rotational = kind->ports[0].domain == SW_DOMAIN_ROTATIONAL;
  double half_w = rotational ? 12 : 15;

  cairo_save (cr);
  cairo_set_line_width (cr, rotational ? 2.5 : SW_SYMBOL_LINE_WIDTH);
  _sw_symbol_draw_two_port_stubs (cr, layout, -half_w, half_w);
  for (guint i = 0; i < kind->n_ports; i++)
    if (!kind->ports[i].is_support && layout->port_y[i] > 0)
      _sw_symbol_line (cr, layout->port_x[i], layout->port_y[i], layout->port_x[i], 11);
  cairo_restore (cr);
  if (rotational)
    _sw_symbol_rounded_rectangle (cr, -half_w, -15, 2 * half_w, 26, 2);
  else
    cairo_rectangle (cr, -half_w, -14, 2 * half_w, 25);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, rotational ? 0.35 : 0.3);
  /* The ground, open where the source node's shaft comes through,
   * hatched clear of that shaft and of the support's line. */
  _sw_symbol_set_colour (cr, style->fg, 1);
  cairo_save (cr);
  cairo_set_line_width (cr, 2);
  _sw_symbol_line (cr, -22, 13, -4, 13);
  _sw_symbol_line (cr, 4, 13, 28, 13);
  cairo_restore (cr);
  cairo_save (cr);
  cairo_set_line_width (cr, 1);
  for (double x = -18; x <= 28; x += 5)
    if ((x < -4 || x > 9) && (x < 15 || x > 25))
      _sw_symbol_line (cr, x, 13, x - 4, 18);
  cairo_restore (cr);
  for (guint i = 0; i < kind->n_ports; i++)
    if (kind->ports[i].is_support)
      _sw_symbol_line (cr, layout->port_x[i], 13, layout->port_x[i], layout->port_y[i]);
}

/* The line of action from frame_a to frame_b with its point
 * masses: one in the middle, or one near each end. */
void
_sw_symbol_draw_line_force (cairo_t              *cr,
                            const SwKind         *kind,
                            const SwSymbolLayout *layout,
                            const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);
  gboolean two = layout->entry.shape == SHAPE_LINE_FORCE_TWO_MASSES;

  _sw_symbol_line (cr, -layout->width / 2, 0, layout->width / 2, 0);
  for (guint i = 0; i < (two ? 2u : 1u); i++)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, two ? (i == 0 ? -16 : 16) : 0, 0, two ? 5 : 6, 0, 2 * G_PI);
      _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.8);
    }
}
