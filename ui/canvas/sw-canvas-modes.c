/* sw-canvas-modes.c: a mode shown on the schematic.
 *
 * sw_canvas_set_mode() reads the mode's energy shares per body and per
 * section from SwModes and keeps, per component id, the colour of each on
 * the sequential scale (sw-modes-data.h) and how far the component swings
 * in the mode. Drawing (called from sw-canvas-draw.c): a tile under each
 * coloured symbol (a ring of the colour around a lighter fill of it; a
 * part that is body and section at once gets the kinetic colour on top and
 * the potential one below), an outline round the most excitable section,
 * and the legend in the corner (or along an edge) where it hides nothing,
 * a strip where the full box would hide some or fill a short canvas.
 * Animated, a tick callback moves the symbols across the drivetrain by the
 * shape times sin (2 pi t / 1 s);
 * wires follow, their points moved in proportion along the route from one
 * end's offset to the other's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-canvas-private.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>
#include <glib/gi18n.h>

#include "sw-modes-data.h"

#define SWING_MODEL      12.0   /* model units at a shape value of 1 */
#define SWING_PERIOD_US  (G_USEC_PER_SEC * 1.0)
#define TILE_MARGIN      4.0
#define RING_WIDTH       3.0
#define OUTLINE_MARGIN   9.0
#define LEGEND_BAR_W     160.0
#define LEGEND_STRIP_BAR_W 100.0 /* the scale in a strip, shorter */
#define LEGEND_BAR_H     10.0
#define LEGEND_PAD       10.0
#define LEGEND_STRIP_VPAD 4.0   /* above and below a strip's contents */
#define LEGEND_MARGIN    12.0
#define LEGEND_STEP      16.0   /* px between the places tried along an edge */
#define LEGEND_MAX_SHARE 0.3    /* of the canvas's height, for the full box */

typedef struct {
  gboolean has_body, has_section;
  double   body_rgb[3], section_rgb[3];
  double   body_percent, section_percent;
  double   shape;        /* the swing, max |.| = 1 */
  gboolean has_shape;
} Entry;

typedef struct _SwCanvasModeView {
  SwModes      *modes;
  guint         index;
  GHashTable   *entries;    /* id → Entry */
  char         *outlined;   /* the most excitable section's id, or NULL */
  gboolean      animated;
  guint         tick;
  gint64        start_us;
  double        phase;      /* sin (2 pi t / period), 0 when still */
  gboolean      has_legend;
  SwCanvasRect  legend;
  double        legend_cover; /* px² of symbols and labels under it */
  char         *loads_title; /* sections' loads shown instead of a mode, or NULL */
} SwCanvasModeView;

static const char mode_view_key[] = "sw-canvas-mode-view";

static void
mode_view_free (gpointer data)
{
  SwCanvasModeView *mv = data;

  g_clear_pointer (&mv->modes, sw_modes_unref);
  g_clear_pointer (&mv->entries, g_hash_table_unref);
  g_free (mv->outlined);
  g_free (mv->loads_title);
  g_free (mv);
}

static SwCanvasModeView *
ensure_mode_view (SwCanvas *self)
{
  if (self->mode_view == NULL)
    {
      self->mode_view = g_new0 (SwCanvasModeView, 1);
      self->mode_view->index = G_MAXUINT;
      /* Freed with the canvas. */
      g_object_set_data_full (G_OBJECT (self), mode_view_key, self->mode_view, mode_view_free);
    }
  return self->mode_view;
}

static gboolean
showing (SwCanvas *self)
{
  return self->mode_view != NULL && (self->mode_view->modes != NULL || self->mode_view->loads_title != NULL);
}

static Entry *
ensure_entry (GHashTable *entries,
              const char *id)
{
  Entry *entry = g_hash_table_lookup (entries, id);

  if (entry == NULL)
    {
      entry = g_new0 (Entry, 1);
      g_hash_table_insert (entries, g_strdup (id), entry);
    }
  return entry;
}

/* Components SwModes does not know (sources, gears) swing with what is
 * wired to them: the mean of their known neighbours (supports left out),
 * spread a few steps along chains of such components. */
static void
spread_shapes (SwCanvas   *self,
               GHashTable *entries)
{
  guint nc, nw;

  if (self->model == NULL)
    return;
  nc = sw_model_get_n_components (self->model);
  nw = sw_model_get_n_connections (self->model);
  for (guint pass = 0; pass < 4; pass++)
    {
      g_autofree double *sum = g_new0 (double, MAX (nc, 1));
      g_autofree guint *count = g_new0 (guint, MAX (nc, 1));
      gboolean changed = FALSE;

      for (guint w = 0; w < nw; w++)
        {
          const SwConnection *c = sw_model_get_connection (self->model, w);
          const SwComponent *a, *b;
          Entry *ea, *eb;

          if (c->from_component >= nc || c->to_component >= nc)
            continue;
          a = sw_model_get_component (self->model, c->from_component);
          b = sw_model_get_component (self->model, c->to_component);
          if (a->kind->ports[c->from_port].is_support || b->kind->ports[c->to_port].is_support)
            continue;
          ea = g_hash_table_lookup (entries, a->id);
          eb = g_hash_table_lookup (entries, b->id);
          if (eb != NULL && eb->has_shape)
            sum[c->from_component] += eb->shape, count[c->from_component]++;
          if (ea != NULL && ea->has_shape)
            sum[c->to_component] += ea->shape, count[c->to_component]++;
        }
      for (guint i = 0; i < nc; i++)
        {
          const SwComponent *component = sw_model_get_component (self->model, i);
          Entry *entry = g_hash_table_lookup (entries, component->id);

          if (count[i] == 0 || (entry != NULL && entry->has_shape) || g_str_has_suffix (component->kind->name, ".fixed"))
            continue;
          entry = ensure_entry (entries, component->id);
          entry->shape = sum[i] / count[i];
          entry->has_shape = TRUE;
          changed = TRUE;
        }
      if (!changed)
        break;
    }
}

/* A subsystem is drawn as one block: the sections and bodies inside it
 * ("engine1.damper") add up on it ("engine1"), its shape the largest one's
 * inside. */
static void
subsystem_totals (GHashTable *entries)
{
  /* The keys as they are now (new ones are added, none removed). */
  g_autoptr (GList) ids = g_hash_table_get_keys (entries);

  for (GList *l = ids; l != NULL; l = l->next)
    {
      const char *id = l->data, *dot = strchr (id, '.');
      g_autofree char *top = dot != NULL ? g_strndup (id, dot - id) : NULL;
      Entry *inner = g_hash_table_lookup (entries, id), *outer;

      if (top == NULL)
        continue;
      outer = ensure_entry (entries, top);
      if (inner->has_section)
        {
          outer->has_section = TRUE;
          outer->section_percent += inner->section_percent;
          sw_modes_scale_colour (MIN (outer->section_percent, 100) / 100, outer->section_rgb);
        }
      if (inner->has_body)
        {
          outer->has_body = TRUE;
          outer->body_percent += inner->body_percent;
          sw_modes_scale_colour (MIN (outer->body_percent, 100) / 100, outer->body_rgb);
        }
      if (inner->has_shape && (!outer->has_shape || fabs (inner->shape) > fabs (outer->shape)))
        {
          outer->shape = inner->shape;
          outer->has_shape = TRUE;
        }
    }
}

static void
stop_ticking (SwCanvas *self)
{
  SwCanvasModeView *mv = self->mode_view;

  if (mv == NULL || mv->tick == 0)
    return;
  gtk_widget_remove_tick_callback (GTK_WIDGET (self), mv->tick);
  mv->tick = 0;
  mv->phase = 0;
}

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  SwCanvas *self = SW_CANVAS (widget);
  SwCanvasModeView *mv = self->mode_view;
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (mv->start_us == 0)
    mv->start_us = now;
  mv->phase = sin (2 * G_PI * (double) (now - mv->start_us) / SWING_PERIOD_US);
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

static void
update_ticking (SwCanvas *self)
{
  SwCanvasModeView *mv = self->mode_view;

  if (mv == NULL)
    return;
  if (mv->animated && mv->modes != NULL)
    {
      if (mv->tick == 0)
        {
          mv->start_us = 0;
          mv->tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick_cb, NULL, NULL);
        }
    }
  else
    stop_ticking (self);
}

/* A part of the modes (named by its path) as the canvas names it: without
 * the prefix of the subsystem shown; NULL when it is outside it. */
static const char *
shown_id (SwCanvas *self, const char *id)
{
  if (self->path_prefix == NULL)
    return id;
  return g_str_has_prefix (id, self->path_prefix) ? id + strlen (self->path_prefix) : NULL;
}

gboolean
sw_canvas_get_mode_shares (SwCanvas   *self,
                           const char *id,
                           double     *body_percent,
                           double     *section_percent,
                           gboolean   *outlined)
{
  const Entry *entry;

  g_return_val_if_fail (SW_IS_CANVAS (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if (self->mode_view == NULL || self->mode_view->entries == NULL
      || (entry = g_hash_table_lookup (self->mode_view->entries, id)) == NULL)
    return FALSE;
  if (body_percent != NULL)
    *body_percent = entry->has_body ? entry->body_percent : NAN;
  if (section_percent != NULL)
    *section_percent = entry->has_section ? entry->section_percent : NAN;
  if (outlined != NULL)
    *outlined = g_strcmp0 (self->mode_view->outlined, id) == 0;
  return TRUE;
}

void
sw_canvas_set_path_prefix (SwCanvas   *self,
                           const char *prefix)
{
  SwCanvasModeView *mv;

  g_return_if_fail (SW_IS_CANVAS (self));

  if (g_strcmp0 (self->path_prefix, prefix) == 0)
    return;
  g_free (self->path_prefix);
  self->path_prefix = g_strdup (prefix);
  /* The mode shown, coloured anew for the parts now on the canvas. */
  mv = self->mode_view;
  if (mv != NULL && mv->modes != NULL)
    {
      g_autoptr (SwModes) modes = sw_modes_ref (mv->modes);
      guint index = mv->index;

      mv->index = G_MAXUINT;
      sw_canvas_set_mode (self, modes, index);
    }
}

void
sw_canvas_set_mode (SwCanvas *self,
                    SwModes  *modes,
                    guint     mode_index)
{
  SwCanvasModeView *mv;
  const SwMode *m;
  guint nb, ns;
  g_autofree double *shape = NULL, *kinetic = NULL, *potential = NULL, *section_shape = NULL;

  g_return_if_fail (SW_IS_CANVAS (self));
  g_return_if_fail (modes != NULL);
  g_return_if_fail (mode_index < sw_modes_get_n_modes (modes));

  mv = ensure_mode_view (self);
  if (mv->modes == modes && mv->index == mode_index)
    return;
  g_clear_pointer (&mv->loads_title, g_free);
  sw_modes_ref (modes);
  g_clear_pointer (&mv->modes, sw_modes_unref);
  mv->modes = modes;
  mv->index = mode_index;
  g_clear_pointer (&mv->outlined, g_free);
  g_clear_pointer (&mv->entries, g_hash_table_unref);
  mv->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  m = sw_modes_get_mode (modes, mode_index);
  nb = sw_modes_get_n_bodies (modes);
  ns = sw_modes_get_n_sections (modes);
  shape = g_new (double, MAX (nb, 1));
  kinetic = g_new (double, MAX (nb, 1));
  potential = g_new (double, MAX (ns, 1));
  section_shape = g_new (double, MAX (ns, 1));
  sw_modes_get_mode_values (modes, mode_index, shape, NULL, NULL, kinetic, NULL, potential);
  sw_modes_get_section_shapes (modes, shape, section_shape);

  for (guint s = 0; s < ns; s++)
    {
      const char *id = shown_id (self, sw_modes_get_section_part (modes, s)->id);
      Entry *entry;

      if (id == NULL)
        continue;
      entry = ensure_entry (mv->entries, id);

      entry->has_section = TRUE;
      entry->section_percent = potential[s];
      sw_modes_scale_colour (potential[s] / 100, entry->section_rgb);
      entry->shape = section_shape[s];
      entry->has_shape = TRUE;
    }
  /* A body's own shape wins over that of a section it also is. */
  for (guint b = 0; b < nb; b++)
    {
      const char *id = shown_id (self, sw_modes_get_body_part (modes, b)->id);
      Entry *entry;

      if (id == NULL)
        continue;
      entry = ensure_entry (mv->entries, id);

      entry->has_body = TRUE;
      entry->body_percent = kinetic[b];
      sw_modes_scale_colour (kinetic[b] / 100, entry->body_rgb);
      entry->shape = shape[b];
      entry->has_shape = TRUE;
    }
  subsystem_totals (mv->entries);
  spread_shapes (self, mv->entries);
  if (m->most_excitable_section >= 0 && !m->rigid_body)
    {
      const char *id = shown_id (self, sw_modes_get_section_part (modes, m->most_excitable_section)->id);

      /* Inside a subsystem: the subsystem's block. */
      if (id != NULL)
        mv->outlined = g_strndup (id, strcspn (id, "."));
    }

  update_ticking (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
sw_canvas_clear_mode (SwCanvas *self)
{
  SwCanvasModeView *mv;

  g_return_if_fail (SW_IS_CANVAS (self));

  mv = self->mode_view;
  if (mv == NULL || (mv->modes == NULL && !mv->animated && mv->loads_title == NULL))
    return;
  stop_ticking (self);
  mv->animated = FALSE;
  g_clear_pointer (&mv->loads_title, g_free);
  g_clear_pointer (&mv->modes, sw_modes_unref);
  g_clear_pointer (&mv->entries, g_hash_table_unref);
  g_clear_pointer (&mv->outlined, g_free);
  mv->index = G_MAXUINT;
  mv->has_legend = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
sw_canvas_set_loads (SwCanvas           *self,
                     const char         *title,
                     const char *const  *ids,
                     const double       *shares,
                     guint               n,
                     const char         *outlined)
{
  SwCanvasModeView *mv;

  g_return_if_fail (SW_IS_CANVAS (self));
  g_return_if_fail (title != NULL);
  g_return_if_fail (n == 0 || (ids != NULL && shares != NULL));

  sw_canvas_clear_mode (self);
  mv = ensure_mode_view (self);
  mv->loads_title = g_strdup (title);
  mv->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (guint s = 0; s < n; s++)
    {
      const char *id = shown_id (self, ids[s]);
      Entry *entry;

      if (id == NULL || !isfinite (shares[s]))
        continue;
      entry = ensure_entry (mv->entries, id);
      entry->has_section = TRUE;
      entry->section_percent = 100 * CLAMP (shares[s], 0, 1);
      sw_modes_scale_colour (CLAMP (shares[s], 0, 1), entry->section_rgb);
    }
  /* Sections inside a subsystem colour its block with the largest of theirs. */
  {
    g_autoptr (GList) keys = g_hash_table_get_keys (mv->entries);

    for (GList *l = keys; l != NULL; l = l->next)
      {
        const char *id = l->data, *dot = strchr (id, '.');
        g_autofree char *top = dot != NULL ? g_strndup (id, dot - id) : NULL;
        Entry *inner = g_hash_table_lookup (mv->entries, id), *outer;

        if (top == NULL)
          continue;
        outer = ensure_entry (mv->entries, top);
        if (!outer->has_section || inner->section_percent > outer->section_percent)
          {
            outer->has_section = TRUE;
            outer->section_percent = inner->section_percent;
            memcpy (outer->section_rgb, inner->section_rgb, sizeof outer->section_rgb);
          }
      }
  }
  if (outlined != NULL && shown_id (self, outlined) != NULL)
    mv->outlined = g_strndup (shown_id (self, outlined), strcspn (shown_id (self, outlined), "."));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
sw_canvas_get_mode_index (SwCanvas *self)
{
  g_return_val_if_fail (SW_IS_CANVAS (self), G_MAXUINT);
  return showing (self) ? self->mode_view->index : G_MAXUINT;
}

void
sw_canvas_set_mode_animated (SwCanvas *self,
                             gboolean  animated)
{
  SwCanvasModeView *mv;

  g_return_if_fail (SW_IS_CANVAS (self));

  mv = ensure_mode_view (self);
  animated = !!animated;
  if (mv->animated == animated)
    return;
  mv->animated = animated;
  update_ticking (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
sw_canvas_get_mode_animated (SwCanvas *self)
{
  g_return_val_if_fail (SW_IS_CANVAS (self), FALSE);
  return self->mode_view != NULL && self->mode_view->animated;
}

/* ---- Drawing ----------------------------------------------------------------- */

static void
rounded_rectangle (cairo_t            *cr,
                   const SwCanvasRect *r,
                   double              radius)
{
  radius = MIN (radius, MIN (r->width, r->height) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, r->x + r->width - radius, r->y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, r->x + r->width - radius, r->y + r->height - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, r->x + radius, r->y + r->height - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, r->x + radius, r->y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static const Entry *
lookup (SwCanvas           *self,
        const SwCanvasItem *item)
{
  if (!showing (self) || item->id == NULL)
    return NULL;
  return g_hash_table_lookup (self->mode_view->entries, item->id);
}

/* Across the drivetrain at the item: down for a symbol along x, right for
 * one turned upright, whatever its flip. */
static void
item_offset (SwCanvas           *self,
             const SwCanvasItem *item,
             double             *dx,
             double             *dy)
{
  const Entry *entry = lookup (self, item);
  double amount;

  *dx = *dy = 0;
  if (entry == NULL || !entry->has_shape || self->mode_view->tick == 0)
    return;
  amount = SWING_MODEL * entry->shape * self->mode_view->phase;
  if (((item->rotation % 180) + 180) % 180 == 90)
    *dx = amount;
  else
    *dy = amount;
}

void
_sw_canvas_modes_get_offset (SwCanvas *self,
                             guint     index,
                             double   *dx,
                             double   *dy)
{
  *dx = *dy = 0;
  if (!showing (self) || index >= self->items->len)
    return;
  item_offset (self, _sw_canvas_get_item (self, index), dx, dy);
}

gboolean
_sw_canvas_modes_move_route (SwCanvas            *self,
                             const SwConnection  *c,
                             const SwCanvasRoute *route,
                             SwCanvasRoute       *moved)
{
  double ax, ay, bx, by, total = 0, along = 0;

  if (!showing (self) || self->mode_view->tick == 0 || route->n_points < 2 ||
      c->from_component >= self->items->len || c->to_component >= self->items->len)
    return FALSE;
  item_offset (self, _sw_canvas_get_item (self, c->from_component), &ax, &ay);
  item_offset (self, _sw_canvas_get_item (self, c->to_component), &bx, &by);
  if (ax == 0 && ay == 0 && bx == 0 && by == 0)
    return FALSE;

  for (guint i = 1; i < route->n_points; i++)
    total += hypot (route->x[i] - route->x[i - 1], route->y[i] - route->y[i - 1]);
  *moved = *route;
  for (guint i = 0; i < route->n_points; i++)
    {
      double f;

      if (i > 0)
        along += hypot (route->x[i] - route->x[i - 1], route->y[i] - route->y[i - 1]);
      f = total > 0 ? along / total : 0;
      moved->x[i] = route->x[i] + ax + (bx - ax) * f;
      moved->y[i] = route->y[i] + ay + (by - ay) * f;
    }
  return TRUE;
}

static void
tile (cairo_t             *cr,
      const SwCanvasRect  *box,
      const double        *rgb,
      const SwSymbolStyle *style,
      double               fill_alpha)
{
  SwCanvasRect r = _sw_canvas_rect_inflate (box, TILE_MARGIN);

  rounded_rectangle (cr, &r, 5);
  cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], fill_alpha);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
  cairo_set_line_width (cr, RING_WIDTH);
  cairo_stroke (cr);
  /* A hairline outside the ring, so that the scale's dark end stands out
   * from a dark page too. */
  r = _sw_canvas_rect_inflate (box, TILE_MARGIN + RING_WIDTH / 2 + 0.6);
  rounded_rectangle (cr, &r, 6);
  cairo_set_source_rgba (cr, style->fg[0], style->fg[1], style->fg[2], 0.45);
  cairo_set_line_width (cr, 0.8);
  cairo_stroke (cr);
}

void
_sw_canvas_modes_draw_under (SwCanvas            *self,
                             cairo_t             *cr,
                             const SwSymbolStyle *style)
{
  gboolean dark = style->fg[0] > 0.5;
  /* The fill is lighter than the ring so that the symbol's lines read. */
  double fill_alpha = dark ? 0.5 : 0.45;

  if (!showing (self))
    return;

  cairo_save (cr);
  for (guint i = 0; i < self->items->len; i++)
    {
      const SwCanvasItem *item = _sw_canvas_get_item (self, i);
      const Entry *entry = lookup (self, item);
      SwCanvasRect box;
      double dx, dy;

      if (entry == NULL || (!entry->has_body && !entry->has_section))
        continue;
      item_offset (self, item, &dx, &dy);
      box = item->box;
      box.x += dx;
      box.y += dy;

      if (entry->has_body && entry->has_section)
        {
          SwCanvasRect outer = _sw_canvas_rect_inflate (&box, TILE_MARGIN + RING_WIDTH);

          cairo_save (cr);
          cairo_rectangle (cr, outer.x, outer.y, outer.width, outer.height / 2);
          cairo_clip (cr);
          tile (cr, &box, entry->body_rgb, style, fill_alpha);
          cairo_restore (cr);
          cairo_save (cr);
          cairo_rectangle (cr, outer.x, outer.y + outer.height / 2, outer.width, outer.height / 2);
          cairo_clip (cr);
          tile (cr, &box, entry->section_rgb, style, fill_alpha);
          cairo_restore (cr);
        }
      else
        tile (cr, &box, entry->has_body ? entry->body_rgb : entry->section_rgb, style, fill_alpha);

      if (self->mode_view->outlined != NULL && g_strcmp0 (item->id, self->mode_view->outlined) == 0)
        {
          SwCanvasRect r = _sw_canvas_rect_inflate (&box, OUTLINE_MARGIN);
          double dash[2] = { 5, 3 };

          rounded_rectangle (cr, &r, 7);
          cairo_set_source_rgba (cr, style->fg[0], style->fg[1], style->fg[2], 1);
          cairo_set_line_width (cr, 2);
          cairo_set_dash (cr, dash, 2, 0);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
        }
    }
  cairo_restore (cr);
}

static PangoLayout *
legend_layout (GtkWidget  *widget,
               const char *text,
               double      scale)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoFontDescription *font = pango_font_description_copy (pango_context_get_font_description (
                                                              pango_layout_get_context (layout)));

  pango_font_description_set_size (font, (int) (pango_font_description_get_size (font) * scale));
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  return layout;
}

/* How much of the symbols and labels (px²) a legend at BOX would hide. */
static double
legend_cover_at (SwCanvas           *self,
                 const SwCanvasRect *box)
{
  double covered = 0;

  for (guint i = 0; i < self->items->len; i++)
    {
      const SwCanvasItem *item = _sw_canvas_get_item (self, i);
      SwCanvasRect r;
      double x0, y0, x1, y1;

      _sw_canvas_view_to_widget (&self->view, item->keep_out.x, item->keep_out.y, &x0, &y0);
      _sw_canvas_view_to_widget (&self->view, item->keep_out.x + item->keep_out.width,
                                 item->keep_out.y + item->keep_out.height, &x1, &y1);
      r = _sw_canvas_rect_from_points (x0, y0, x1, y1);
      if (_sw_canvas_rect_intersects (box, &r))
        covered += (MIN (box->x + box->width, r.x + r.width) - MAX (box->x, r.x)) *
                   (MIN (box->y + box->height, r.y + r.height) - MAX (box->y, r.y));
    }
  return covered;
}

/* Where the legend hides least of the symbols and labels: the corners,
 * bottom left, bottom right, top left, top right, the first on a tie; then,
 * if they all hide something, along the bottom and the top edge. How much
 * it hides there (px²). */
static double
legend_place (SwCanvas *self,
              int       width,
              int       height,
              double    box_w,
              double    box_h,
              double   *x,
              double   *y)
{
  const double xs[4] = { LEGEND_MARGIN, width - LEGEND_MARGIN - box_w, LEGEND_MARGIN, width - LEGEND_MARGIN - box_w };
  const double ys[4] = { height - LEGEND_MARGIN - box_h, height - LEGEND_MARGIN - box_h, LEGEND_MARGIN, LEGEND_MARGIN };
  double best = INFINITY;

  *x = xs[0];
  *y = ys[0];
  for (guint k = 0; k < 4; k++)
    {
      SwCanvasRect box = { xs[k], ys[k], box_w, box_h };
      double covered = legend_cover_at (self, &box);

      if (covered < best - 0.5)
        {
          best = covered;
          *x = xs[k];
          *y = ys[k];
        }
    }
  for (guint edge = 0; edge < 2 && best > 0; edge++)
    for (double bx = LEGEND_MARGIN + LEGEND_STEP; bx < width - LEGEND_MARGIN - box_w && best > 0; bx += LEGEND_STEP)
      {
        SwCanvasRect box = { bx, ys[2 * edge], box_w, box_h };
        double covered = legend_cover_at (self, &box);

        if (covered < best - 0.5)
          {
            best = covered;
            *x = bx;
            *y = ys[2 * edge];
          }
      }
  return best;
}

void
_sw_canvas_modes_draw_legend (SwCanvas            *self,
                              cairo_t             *cr,
                              int                  width,
                              int                  height,
                              const SwSymbolStyle *style)
{
  SwCanvasModeView *mv = self->mode_view;
  g_autoptr(PangoLayout) title = NULL;
  g_autoptr(PangoLayout) note = NULL;
  g_autofree char *title_text = NULL;
  const char *ticks[3] = { "0 %", "50 %", "100 %" };
  int title_w, title_h, note_w, note_h, tick_w, tick_h;
  double paper = style->fg[0] > 0.5 ? 0.17 : 1.0;
  double box_w, box_h, x, y, cover;
  gboolean strip = FALSE;
  double bar_w = LEGEND_BAR_W;
  cairo_pattern_t *gradient;

  if (!showing (self))
    return;
  if (mv->loads_title != NULL)
    title_text = g_strdup (mv->loads_title);
  else if (mv->modes != NULL && sw_modes_get_mode (mv->modes, mv->index)->rigid_body)
    /* Translators: the canvas legend; %u is the mode's number. */
    title_text = g_strdup_printf (_("Mode %u (rigid body): share of the motion"), mv->index + 1);
  else
    title_text = g_strdup_printf (_("Mode %u: share of the energy"), mv->index + 1);
  title = legend_layout (GTK_WIDGET (self), title_text, 0.9);
  note = legend_layout (GTK_WIDGET (self),
                        mv->loads_title != NULL
                        ? (mv->outlined != NULL ? _("sections: share of the largest\ndashed outline: most loaded section")
                                                : _("sections: share of the largest"))
                        : mv->outlined != NULL
                        ? _("bodies: kinetic · sections: potential\ndashed outline: most excitable section")
                        : _("bodies: kinetic · sections: potential"), 0.8);
  pango_layout_get_pixel_size (title, &title_w, &title_h);
  pango_layout_get_pixel_size (note, &note_w, &note_h);
  {
    g_autoptr(PangoLayout) probe = legend_layout (GTK_WIDGET (self), "100 %", 0.8);

    pango_layout_get_pixel_size (probe, &tick_w, &tick_h);
  }

  box_w = MAX (LEGEND_BAR_W + tick_w, MAX (title_w, note_w)) + 2 * LEGEND_PAD;
  box_h = LEGEND_PAD + title_h + 6 + LEGEND_BAR_H + 2 + tick_h + 4 + note_h + LEGEND_PAD;
  cover = legend_place (self, width, height, box_w, box_h, &x, &y);
  if (cover > 0 || box_h > LEGEND_MAX_SHARE * height)
    {
      /* It would hide part of the drawing, or take much of a short canvas
       * (the Modes page leaves it a quarter of 800 px, where the box covered
       * the wires around the symbols): a strip, the scale right of the
       * title, without the note, where that hides no more. */
      double strip_w = LEGEND_PAD + title_w + LEGEND_PAD + LEGEND_STRIP_BAR_W + tick_w + LEGEND_PAD;
      double strip_h = 2 * LEGEND_STRIP_VPAD + MAX (title_h, LEGEND_BAR_H + 2 + tick_h);
      double sx, sy, strip_cover = legend_place (self, width, height, strip_w, strip_h, &sx, &sy);

      if (strip_cover < cover || (strip_cover <= cover && box_h > LEGEND_MAX_SHARE * height))
        {
          strip = TRUE;
          bar_w = LEGEND_STRIP_BAR_W;
          cover = strip_cover;
          box_w = strip_w;
          box_h = strip_h;
          x = sx;
          y = sy;
        }
    }
  mv->legend = (SwCanvasRect) { x, y, box_w, box_h };
  mv->legend_cover = cover;
  mv->has_legend = TRUE;

  cairo_save (cr);
  rounded_rectangle (cr, &mv->legend, 8);
  cairo_set_source_rgba (cr, paper, paper, paper, 0.93);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, style->fg[0], style->fg[1], style->fg[2], 0.25);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  cairo_set_source_rgba (cr, style->fg[0], style->fg[1], style->fg[2], 1);
  cairo_move_to (cr, x + LEGEND_PAD, strip ? y + (box_h - title_h) / 2 : y + LEGEND_PAD);
  pango_cairo_show_layout (cr, title);

  /* The scale, from the same stops the symbols use: under the title, or
   * right of it in a strip. */
  {
    double bx = strip ? x + LEGEND_PAD + title_w + LEGEND_PAD + tick_w / 2.0 : x + LEGEND_PAD + tick_w / 2.0;
    double by = strip ? y + (box_h - LEGEND_BAR_H - 2 - tick_h) / 2 : y + LEGEND_PAD + title_h + 6;

    gradient = cairo_pattern_create_linear (bx, 0, bx + bar_w, 0);
    for (guint k = 0; k <= 32; k++)
      {
        double rgb[3];

        sw_modes_scale_colour (k / 32.0, rgb);
        cairo_pattern_add_color_stop_rgb (gradient, k / 32.0, rgb[0], rgb[1], rgb[2]);
      }
    cairo_rectangle (cr, bx, by, bar_w, LEGEND_BAR_H);
    cairo_set_source (cr, gradient);
    cairo_fill (cr);
    cairo_pattern_destroy (gradient);
    cairo_rectangle (cr, bx - 0.5, by - 0.5, bar_w + 1, LEGEND_BAR_H + 1);
    cairo_set_source_rgba (cr, style->fg[0], style->fg[1], style->fg[2], 0.3);
    cairo_set_line_width (cr, 1);
    cairo_stroke (cr);

    cairo_set_source_rgba (cr, style->fg[0], style->fg[1], style->fg[2], 0.85);
    for (guint k = 0; k < 3; k++)
      {
        g_autoptr(PangoLayout) tick = legend_layout (GTK_WIDGET (self), ticks[k], 0.8);
        int w, h;
        double tx = bx + k * bar_w / 2;

        pango_layout_get_pixel_size (tick, &w, &h);
        cairo_rectangle (cr, floor (tx) - (k == 2 ? 1 : 0), by + LEGEND_BAR_H, 1, 3);
        cairo_fill (cr);
        cairo_move_to (cr, tx - w / 2.0, by + LEGEND_BAR_H + 2);
        pango_cairo_show_layout (cr, tick);
      }
    if (!strip)
      {
        cairo_set_source_rgba (cr, style->fg[0], style->fg[1], style->fg[2], 0.75);
        cairo_move_to (cr, x + LEGEND_PAD, by + LEGEND_BAR_H + 2 + tick_h + 4);
        pango_cairo_show_layout (cr, note);
      }
  }
  cairo_restore (cr);
}

/* ---- Tests ------------------------------------------------------------------- */

gboolean
_sw_canvas_get_mode_colour (SwCanvas   *self,
                            const char *id,
                            gboolean    kinetic,
                            double      rgb[3])
{
  const Entry *entry;

  g_return_val_if_fail (SW_IS_CANVAS (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if (!showing (self) || (entry = g_hash_table_lookup (self->mode_view->entries, id)) == NULL ||
      !(kinetic ? entry->has_body : entry->has_section))
    return FALSE;
  memcpy (rgb, kinetic ? entry->body_rgb : entry->section_rgb, 3 * sizeof (double));
  return TRUE;
}

gboolean
_sw_canvas_get_mode_legend (SwCanvas     *self,
                            SwCanvasRect *rect)
{
  g_return_val_if_fail (SW_IS_CANVAS (self), FALSE);

  if (!showing (self) || !self->mode_view->has_legend)
    return FALSE;
  if (rect != NULL)
    *rect = self->mode_view->legend;
  return TRUE;
}

double
_sw_canvas_get_mode_legend_cover (SwCanvas *self)
{
  g_return_val_if_fail (SW_IS_CANVAS (self), 0.0);
  return showing (self) && self->mode_view->has_legend ? self->mode_view->legend_cover : 0.0;
}

const char *
_sw_canvas_get_mode_outlined (SwCanvas *self)
{
  g_return_val_if_fail (SW_IS_CANVAS (self), NULL);
  return showing (self) ? self->mode_view->outlined : NULL;
}

guint
_sw_canvas_get_mode_tick (SwCanvas *self)
{
  g_return_val_if_fail (SW_IS_CANVAS (self), 0);
  return self->mode_view != NULL ? self->mode_view->tick : 0;
}
