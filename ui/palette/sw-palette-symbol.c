/* sw-palette-symbol.c: a kind's symbol fitted into a small box.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-palette-symbol.h"

#include <glib/gi18n.h>

#include "sw-symbols.h"
#include "sw-model.h"

/* Pixels left free around the symbol, and the largest magnification: a
 * small symbol (a fixed flange) is not blown up to fill the box. */
#define MARGIN    2.0
#define MAX_SCALE 1.0

void
sw_palette_symbol_draw (cairo_t       *cr,
                        const SwKind  *kind,
                        int            width,
                        int            height,
                        const GdkRGBA *fg)
{
  SwSymbolStyle style;
  double sw = 0, sh = 0, scale;
  gboolean dark;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (kind != NULL);
  g_return_if_fail (fg != NULL);

  /* Light lines on a dark background. */
  dark = 0.299 * fg->red + 0.587 * fg->green + 0.114 * fg->blue > 0.5;
  style = sw_symbol_style_default (dark);
  style.fg[0] = fg->red;
  style.fg[1] = fg->green;
  style.fg[2] = fg->blue;
  style.fg[3] = fg->alpha;

  sw_symbol_get_size (kind, &sw, &sh);

  cairo_save (cr);
  if (sw > 0 && sh > 0)
    {
      scale = MIN ((width - 2 * MARGIN) / sw, (height - 2 * MARGIN) / sh);
      scale = MIN (scale, MAX_SCALE);
      cairo_translate (cr, width / 2.0, height / 2.0);
      cairo_scale (cr, scale, scale);
      sw_symbol_draw (cr, kind, &style);
    }
  else
    {
      /* No symbol for this kind: a plain box. */
      cairo_rectangle (cr, MARGIN + 0.5, MARGIN + 0.5, width - 2 * MARGIN - 1, height - 2 * MARGIN - 1);
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static void
draw_cb (GtkDrawingArea *area,
         cairo_t        *cr,
         int             width,
         int             height,
         gpointer        user_data)
{
  const SwKind *kind = user_data;
  GdkRGBA fg;

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  sw_palette_symbol_draw (cr, kind, width, height, &fg);
}

GtkWidget *
sw_palette_symbol_new (const SwKind *kind,
                       int           width,
                       int           height)
{
  GtkWidget *area;

  g_return_val_if_fail (kind != NULL, NULL);
  g_return_val_if_fail (width > 0 && height > 0, NULL);

  area = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), width);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), height);
  /* A subsystem's kind lives while something holds it. */
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_cb, (gpointer) sw_kind_ref (kind),
                                  (GDestroyNotify) sw_kind_unref);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (area),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _(kind->label),
                                  -1);
  return area;
}
