/* sw-symbols.h: engineering symbols of component kinds, as pure functions
 * over cairo.
 *
 * A symbol is drawn in its own frame: centred on the origin, inside the
 * box returned by sw_symbol_get_size(), flanges on the left (flange_a) and
 * right (flange_b), supports below. The canvas applies position, rotation,
 * flip and zoom with the cairo matrix before calling these.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>
#include "sw-kind.h"

G_BEGIN_DECLS

typedef struct {
  double fg[4];           /* lines, RGBA */
  double accent[4];       /* selection, highlights */
  double rotational[4];   /* port colour of the rotational domain */
  double translational[4];/* port colour of the translational domain */
  double problem[4];      /* error marker */
} SwSymbolStyle;

/* Light or dark defaults. */
SwSymbolStyle sw_symbol_style_default     (gboolean dark);

/* Width and height of the symbol's box in canvas units (the grid is 10). */
void          sw_symbol_get_size          (const SwKind        *kind,
                                           double              *width,
                                           double              *height);
/* Where port index sits in the symbol frame. */
void          sw_symbol_get_port_position (const SwKind        *kind,
                                           guint                port,
                                           double              *x,
                                           double              *y);
/* The symbol itself (disc, zigzag, dashpot, meshing wheels, hatched
 * ground, source circle with arrow, …) and its ports; rotational and
 * translational ports look different. */
void          sw_symbol_draw              (cairo_t             *cr,
                                           const SwKind        *kind,
                                           const SwSymbolStyle *style);
/* The label under a symbol: "inertia1" and its key parameter with unit,
 * "J = 0.1 kg·m²". Free with g_free(). */
char         *sw_symbol_dup_key_text      (const SwKind        *kind,
                                           const double        *params);

G_END_DECLS
