/* sw-palette-symbol.h: a component kind's symbol as a small picture, fitted
 * into a box of a given size and drawn in the widget's foreground colour.
 * Used by the palette rows, their drag icons and the inspector's title.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>
#include "sw-kind.h"

G_BEGIN_DECLS

GtkWidget *sw_palette_symbol_new  (const SwKind *kind,
                                   int           width,
                                   int           height);
/* The drawing itself, for other cairo users: the symbol scaled to fit
 * width × height (with a small margin) and centred; fg is the line colour. */
void       sw_palette_symbol_draw (cairo_t       *cr,
                                   const SwKind  *kind,
                                   int            width,
                                   int            height,
                                   const GdkRGBA *fg);

G_END_DECLS
