/* sw-canvas-labels.c: the labels at the zoom shown (sw-canvas-private.h).
 *
 * Labels are sized in model units, so that they zoom with the drawing;
 * but a long shaft line fitted to the canvas is shown at a third of its
 * size or less, where an 11-unit id is 4 px high and its neighbours' run
 * into it. Below FULL_LABELS_ZOOM the canvas draws compact labels
 * instead, at a fixed size on the screen: each part's id and parameter
 * line above, below or beside its symbol where they overlap no other
 * label, symbol or port's wire stub, else its id alone, else nothing
 * (parts first that are selected, then in the model's order). Nothing is
 * lost: a part's tooltip then gives its id, kind and parameter line, the
 * inspector everything, and zooming in shows the full labels again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-canvas-private.h"

#include <math.h>
#include <glib/gi18n.h>

/* The parameter line (10 model units) under 7.5 px is not readable. */
#define FULL_LABELS_ZOOM 0.75
/* A compact label's id, and its gap to the symbol, on the screen. */
#define COMPACT_ID_PX    10.0
#define COMPACT_KEY_PX   9.0
#define COMPACT_GAP_PX   3.0
/* More parts than this in view: no compact labels (none would be read). */
#define MAX_COMPACT      400

gboolean
_sw_canvas_labels_compact (SwCanvas *self)
{
  return self->view.zoom < FULL_LABELS_ZOOM;
}

double
_sw_canvas_compact_label_size (SwCanvas *self,
                               guint     line)
{
  return (line == 0 ? COMPACT_ID_PX : COMPACT_KEY_PX) / self->view.zoom;
}

/* The logical size of text in the layout's font, model units. */
static void
measure (PangoLayout *layout,
         const char  *text,
         double      *width,
         double      *height)
{
  PangoRectangle logical;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_extents (layout, NULL, &logical);
  *width = (double) logical.width / PANGO_SCALE;
  *height = (double) logical.height / PANGO_SCALE;
}

/* A candidate place for item's id of width × height beside its box. */
static SwCanvasRect
candidate (const SwCanvasItem *item,
           SwCanvasLabelSide   side,
           double              width,
           double              height,
           double              gap)
{
  const SwCanvasRect *box = &item->box;

  switch (side)
    {
    case SW_CANVAS_LABEL_BELOW:
      return (SwCanvasRect) { box->x + box->width / 2 - width / 2, box->y + box->height + gap, width, height };
    case SW_CANVAS_LABEL_RIGHT:
      return (SwCanvasRect) { box->x + box->width + gap, box->y + box->height / 2 - height / 2, width, height };
    case SW_CANVAS_LABEL_ABOVE:
    default:
      return (SwCanvasRect) { box->x + box->width / 2 - width / 2, box->y - gap - height, width, height };
    }
}

static gboolean
meets_any (const SwCanvasRect *rect,
           GArray             *rects)
{
  for (guint k = 0; k < rects->len; k++)
    if (_sw_canvas_rect_intersects (rect, &g_array_index (rects, SwCanvasRect, k)))
      return TRUE;
  return FALSE;
}

void
_sw_canvas_place_compact_labels (SwCanvas *self,
                                 int       width,
                                 int       height,
                                 GArray   *places)
{
  g_autoptr(GArray) visible = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) taken = g_array_new (FALSE, FALSE, sizeof (SwCanvasRect));
  g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (SwCanvasRect));
  g_autoptr(PangoLayout) layout = NULL;
  g_autoptr(PangoLayout) key_layout = NULL;
  PangoFontDescription *font;
  double zoom = self->view.zoom, size = _sw_canvas_compact_label_size (self, 0), gap = COMPACT_GAP_PX / zoom;
  SwCanvasRect view = { -self->view.tx / zoom, -self->view.ty / zoom, width / zoom, height / zoom };
  SwCanvasRect shown;

  g_array_set_size (places, 0);
  if (self->label_context == NULL || zoom <= 0)
    return;
  shown = view;
  view = _sw_canvas_rect_inflate (&view, 4 * size);
  /* The selected parts first: theirs are the labels looked for. */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < self->items->len; i++)
      {
        const SwCanvasItem *item = _sw_canvas_get_item (self, i);

        if (item->selected == (pass == 0) && _sw_canvas_rect_intersects (&item->box, &view))
          g_array_append_val (visible, i);
      }
  if (visible->len > MAX_COMPACT)
    return;

  /* What a label must not cover: every symbol, and every port's stub,
   * where its wire leaves. */
  for (guint k = 0; k < visible->len; k++)
    {
      const SwCanvasItem *item = _sw_canvas_get_item (self, g_array_index (visible, guint, k));
      SwCanvasRect box = _sw_canvas_rect_inflate (&item->box, gap / 2);

      g_array_append_val (taken, box);
      for (guint p = 0; p < item->kind->n_ports; p++)
        {
          static const double dx[] = { -1, 1, 0, 0 }, dy[] = { 0, 0, -1, 1 };
          double x = item->port_x[p], y = item->port_y[p];
          SwCanvasRect stub = _sw_canvas_rect_from_points (x, y, x + SW_CANVAS_WIRE_STUB * dx[item->port_dir[p]],
                                                           y + SW_CANVAS_WIRE_STUB * dy[item->port_dir[p]]);

          stub = _sw_canvas_rect_inflate (&stub, 2);
          g_array_append_val (taken, stub);
        }
    }

  layout = pango_layout_new (self->label_context);
  key_layout = pango_layout_new (self->label_context);
  font = _sw_canvas_dup_label_font (GTK_WIDGET (self));
  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_set_weight (font, PANGO_WEIGHT_NORMAL);
  pango_font_description_set_absolute_size (font, _sw_canvas_compact_label_size (self, 1) * PANGO_SCALE);
  pango_layout_set_font_description (key_layout, font);
  pango_font_description_free (font);
  for (guint k = 0; k < visible->len; k++)
    {
      guint i = g_array_index (visible, guint, k);
      const SwCanvasItem *item = _sw_canvas_get_item (self, i);
      SwCanvasLabelSide sides[3] = { item->label_side, SW_CANVAS_LABEL_BELOW, SW_CANVAS_LABEL_RIGHT };
      double id_w, id_h, key_w = 0, key_h = 0;
      gboolean done = FALSE;

      if (item->label_side == SW_CANVAS_LABEL_BELOW)
        sides[1] = SW_CANVAS_LABEL_ABOVE;
      measure (layout, item->id, &id_w, &id_h);
      if (item->key != NULL)
        measure (key_layout, item->key, &key_w, &key_h);
      /* With the parameter line where there is room, else without. */
      for (int with_key = item->key != NULL; !done && with_key >= 0; with_key--)
        for (guint s = 0; !done && s < G_N_ELEMENTS (sides); s++)
          {
            SwCanvasLabelPlace place = { i, candidate (item, sides[s], with_key ? MAX (id_w, key_w) : id_w,
                                                       id_h + (with_key ? key_h : 0), gap),
                                         with_key > 0, id_w, id_h, key_w };
            SwCanvasRect apart = _sw_canvas_rect_inflate (&place.rect, gap / 2);

            if (s > 0 && sides[s] == sides[0])
              continue;
            if (meets_any (&place.rect, taken) || meets_any (&apart, placed))
              continue;
            /* Not cut by the canvas's edge (where a part is in view). */
            if ((place.rect.x < shown.x || place.rect.x + place.rect.width > shown.x + shown.width) &&
                _sw_canvas_rect_intersects (&item->box, &shown) &&
                item->box.x >= shown.x && item->box.x + item->box.width <= shown.x + shown.width)
              continue;
            g_array_append_val (places, place);
            g_array_append_val (placed, place.rect);
            done = TRUE;
          }
    }
}

char *
_sw_canvas_dup_item_tooltip (SwCanvas *self,
                             guint     index)
{
  const SwCanvasItem *item;

  g_return_val_if_fail (index < self->items->len, NULL);
  item = _sw_canvas_get_item (self, index);
  if (item->key != NULL)
    return g_strdup_printf ("%s (%s)\n%s", item->id, _(item->kind->label), item->key);
  return g_strdup_printf ("%s (%s)", item->id, _(item->kind->label));
}
