/* sw-canvas-draw.c: the canvas's snapshot: the grid, wires and the dots
 * where they branch, symbols, labels (compact ones when zoomed out,
 * sw-canvas-labels.c), selection and problem marks, the
 * markers of the subsystem's own ports, the port under the pointer, the connection being drawn, the component being
 * placed, the rubber band and the hint.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-canvas-private.h"

#include <math.h>

#include <adwaita.h>

#include "sw-symbols.h"

/* Drawing: pure functions over cairo, model units unless said otherwise. */

static SwSymbolStyle
current_style (void)
{
  return sw_symbol_style_default (adw_style_manager_get_dark (adw_style_manager_get_default ()));
}

static void
set_colour (cairo_t      *cr,
            const double *rgba,
            double        alpha)
{
  cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3] * alpha);
}

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

/* Dots every grid step in widget units; sparser when they would crowd. */
static void
draw_grid (cairo_t             *cr,
           const SwCanvasView  *view,
           int                  width,
           int                  height,
           const SwSymbolStyle *style)
{
  double step = SW_CANVAS_GRID;
  double x0, y0, x1, y1;
  double dot = 1.0;

  while (step * view->zoom < 9)
    step *= 5;
  _sw_canvas_view_to_model (view, 0, 0, &x0, &y0);
  _sw_canvas_view_to_model (view, width, height, &x1, &y1);
  x0 = ceil (x0 / step) * step;
  y0 = ceil (y0 / step) * step;
  /* Counted, not stepped by adding: far out (a part placed at 1e300) a
   * step is below the coordinates' precision and x += step never moves.
   * There the dots would not be apart anyway: none is drawn. */
  if (!(x0 + step > x0 && y0 + step > y0) || (x1 - x0) / step > 10000 || (y1 - y0) / step > 10000)
    return;

  for (int j = 0; y0 + j * step <= y1; j++)
    for (int i = 0; x0 + i * step <= x1; i++)
      {
        double wx, wy;

        _sw_canvas_view_to_widget (view, x0 + i * step, y0 + j * step, &wx, &wy);
        cairo_rectangle (cr, floor (wx), floor (wy), dot, dot);
      }
  set_colour (cr, style->fg, 0.28);
  cairo_fill (cr);
}

static void
route_path (cairo_t             *cr,
            const SwCanvasRoute *route)
{
  cairo_move_to (cr, route->x[0], route->y[0]);
  for (guint i = 1; i < route->n_points; i++)
    cairo_line_to (cr, route->x[i], route->y[i]);
}

static void
draw_wire (cairo_t             *cr,
           const SwCanvasRoute *route,
           const double        *colour,
           const SwSymbolStyle *style,
           gboolean             selected)
{
  if (selected)
    {
      route_path (cr, route);
      set_colour (cr, style->accent, 0.35);
      cairo_set_line_width (cr, 6);
      cairo_stroke (cr);
    }
  route_path (cr, route);
  set_colour (cr, selected ? style->accent : colour, 1);
  cairo_set_line_width (cr, selected ? 2 : 1.5);
  cairo_stroke (cr);
}

/* The id and key text beside the symbol, upright. */
static void
draw_labels (cairo_t              *cr,
             PangoLayout          *layout,
             PangoFontDescription *font,
             const SwCanvasItem   *item,
             const SwSymbolStyle  *style)
{
  const char *lines[2] = { item->id, item->key };

  for (guint k = 0; k < 2; k++)
    {
      double x, y;

      if (lines[k] == NULL)
        continue;
      _sw_canvas_set_label_font (font, k);
      pango_layout_set_font_description (layout, font);
      pango_layout_set_text (layout, lines[k], -1);
      _sw_canvas_label_origin (item, k, &x, &y);
      set_colour (cr, style->fg, k == 0 ? 1.0 : 0.72);
      cairo_move_to (cr, x, y);
      pango_cairo_show_layout (cr, layout);
    }
}

/* The compact labels: ids at a fixed size on the screen, where they fit
 * (sw-canvas-labels.c). */
static void
draw_compact_labels (SwCanvas             *self,
                     cairo_t              *cr,
                     PangoLayout          *layout,
                     PangoFontDescription *font,
                     const SwSymbolStyle  *style)
{
  g_autoptr(GArray) places = g_array_new (FALSE, FALSE, sizeof (SwCanvasLabelPlace));

  _sw_canvas_place_compact_labels (self, gtk_widget_get_width (GTK_WIDGET (self)),
                                   gtk_widget_get_height (GTK_WIDGET (self)), places);
  for (guint k = 0; k < places->len; k++)
    {
      const SwCanvasLabelPlace *place = &g_array_index (places, SwCanvasLabelPlace, k);
      const SwCanvasItem *item = _sw_canvas_get_item (self, place->item);
      const char *lines[2] = { item->id, place->with_key ? item->key : NULL };
      double width = place->rect.width;
      double y = place->rect.y;

      for (guint line = 0; line < 2 && lines[line] != NULL; line++)
        {
          double w = line == 0 ? place->id_w : place->key_w;

          pango_font_description_set_weight (font, line == 0 ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
          pango_font_description_set_absolute_size (font, _sw_canvas_compact_label_size (self, line) * PANGO_SCALE);
          pango_layout_set_font_description (layout, font);
          pango_layout_set_text (layout, lines[line], -1);
          set_colour (cr, style->fg, line == 0 ? 1.0 : 0.72);
          /* Centred above or below the symbol, flush left beside it. */
          cairo_move_to (cr, place->rect.x >= item->box.x + item->box.width ? place->rect.x
                                                                            : place->rect.x + (width - w) / 2, y);
          pango_cairo_show_layout (cr, layout);
          y += place->id_h;
        }
    }
}

static void
draw_problem (cairo_t             *cr,
              const SwCanvasRect  *box,
              const SwSymbolStyle *style)
{
  SwCanvasRect outline = _sw_canvas_rect_inflate (box, 5);
  double bx = outline.x + outline.width, by = outline.y;

  rounded_rectangle (cr, &outline, 4);
  set_colour (cr, style->problem, 1);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);

  /* A badge with an exclamation mark on the top right corner. */
  cairo_new_sub_path (cr);
  cairo_arc (cr, bx, by, 6, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, bx - 0.9, by - 3.8, 1.8, 4.6);
  cairo_rectangle (cr, bx - 0.9, by + 1.8, 1.8, 1.8);
  cairo_fill (cr);
}

static void
draw_symbol_at (cairo_t             *cr,
                const SwKind        *kind,
                double               x,
                double               y,
                int                  rotation,
                gboolean             flipped,
                const SwSymbolStyle *style)
{
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_rotate (cr, rotation * G_PI / 180);
  if (flipped)
    cairo_scale (cr, -1, 1);
  sw_symbol_draw (cr, kind, style);
  cairo_restore (cr);
}

static void
draw_port_ring (cairo_t      *cr,
                double        x,
                double        y,
                const double *colour)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, 8, 0, 2 * G_PI);
  set_colour (cr, colour, 0.2);
  cairo_fill_preserve (cr);
  set_colour (cr, colour, 1);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);
}

/* A port nothing is connected to (where the drawing is unfinished): a
 * small ring in the problem colour, smaller than the hover ring. */
static void
draw_unconnected_ports (cairo_t             *cr,
                        const SwCanvasItem  *item,
                        double               dx,
                        double               dy,
                        const SwSymbolStyle *style)
{
  for (guint p = 0; p < item->kind->n_ports; p++)
    {
      if ((item->unconnected & (1u << p)) == 0)
        continue;
      cairo_new_sub_path (cr);
      cairo_arc (cr, item->port_x[p] + dx, item->port_y[p] + dy, 4.5, 0, 2 * G_PI);
    }
  set_colour (cr, style->problem, 1);
  cairo_set_line_width (cr, 1.8);
  cairo_stroke (cr);
}

/* The hint: white text on a rounded box near (x, y), in widget units. */
static void
draw_hint (cairo_t             *cr,
           GtkWidget           *widget,
           const char          *text,
           double               x,
           double               y,
           const SwSymbolStyle *style)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, text);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  int text_w, text_h;
  SwCanvasRect box;

  pango_layout_set_width (layout, MIN (480, MAX (width - 40, 120)) * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_get_pixel_size (layout, &text_w, &text_h);
  box = (SwCanvasRect) { x + 14, y + 14, text_w + 16, text_h + 10 };
  if (box.x + box.width > width - 4)
    box.x = MAX (4, width - 4 - box.width);
  if (box.y + box.height > height - 4)
    box.y = MAX (4, y - 14 - box.height);

  rounded_rectangle (cr, &box, 6);
  set_colour (cr, style->problem, 0.95);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_move_to (cr, box.x + 8, box.y + 5);
  pango_cairo_show_layout (cr, layout);
}

static const double *
wire_colour (SwCanvas            *self,
             const SwConnection  *c,
             const SwSymbolStyle *style)
{
  const SwCanvasItem *from = _sw_canvas_get_item (self, c->from_component);

  return from->kind->ports[c->from_port].domain == SW_DOMAIN_TRANSLATIONAL
         ? style->translational : style->rotational;
}

static void
draw_model (SwCanvas            *self,
            cairo_t             *cr,
            const SwSymbolStyle *style)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *font;
  cairo_font_options_t *options;
  guint n_connections = sw_model_get_n_connections (self->model);
  int selected_wire = _sw_canvas_find_selected_wire (self);
  const SwCanvasRoute *routes = _sw_canvas_get_routes (self);

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  /* Selection under everything. */
  for (guint i = 0; i < self->items->len; i++)
    {
      const SwCanvasItem *item = _sw_canvas_get_item (self, i);

      if (!item->selected)
        continue;
      {
        SwCanvasRect r = _sw_canvas_rect_inflate (&item->box, 5);

        rounded_rectangle (cr, &r, 4);
        set_colour (cr, style->accent, 0.16);
        cairo_fill_preserve (cr);
        set_colour (cr, style->accent, 1);
        cairo_set_line_width (cr, 1.5);
        cairo_stroke (cr);
      }
    }

  for (guint i = 0; i < n_connections; i++)
    {
      const SwConnection *c = sw_model_get_connection (self->model, i);
      SwCanvasRoute moved;

      if (routes[i].n_points > 0)
        draw_wire (cr, _sw_canvas_modes_move_route (self, c, &routes[i], &moved) ? &moved : &routes[i],
                   wire_colour (self, c, style), style, (int) i == selected_wire);
    }

  /* Dots where wires of one port part. */
  for (guint i = 0; i < n_connections; i++)
    for (guint j = 0; j < n_connections; j++)
      {
        const SwConnection *a = sw_model_get_connection (self->model, i);
        const SwConnection *b = sw_model_get_connection (self->model, j);
        double xs[SW_CANVAS_ROUTE_MAX], ys[SW_CANVAS_ROUTE_MAX];
        guint n;

        if (i == j || routes[i].n_points == 0 || routes[j].n_points == 0 || !_sw_canvas_connections_meet (a, b))
          continue;
        n = _sw_canvas_route_branches (&routes[i], &routes[j], xs, ys, G_N_ELEMENTS (xs));
        set_colour (cr, wire_colour (self, b, style), 1);
        for (guint k = 0; k < n; k++)
          {
            cairo_new_sub_path (cr);
            cairo_arc (cr, xs[k], ys[k], 2.6, 0, 2 * G_PI);
          }
        cairo_fill (cr);
      }

  layout = pango_cairo_create_layout (cr);
  options = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (pango_layout_get_context (layout), options);
  cairo_font_options_destroy (options);
  pango_layout_context_changed (layout);
  font = _sw_canvas_dup_label_font (GTK_WIDGET (self));

  /* A mode's energies under the symbols, which swing when animated. */
  _sw_canvas_modes_draw_under (self, cr, style);
  for (guint i = 0; i < self->items->len; i++)
    {
      const SwCanvasItem *item = _sw_canvas_get_item (self, i);
      double dx, dy;

      _sw_canvas_modes_get_offset (self, i, &dx, &dy);
      draw_symbol_at (cr, item->kind, item->x + dx, item->y + dy, item->rotation, item->flipped, style);
    }
  if (_sw_canvas_labels_compact (self))
    draw_compact_labels (self, cr, layout, font, style);
  for (guint i = 0; i < self->items->len; i++)
    {
      const SwCanvasItem *item = _sw_canvas_get_item (self, i);

      if (!_sw_canvas_labels_compact (self))
        draw_labels (cr, layout, font, item, style);
      if (item->problem != NULL)
        draw_problem (cr, &item->box, style);
      if (item->unconnected != 0)
        {
          double dx, dy;

          _sw_canvas_modes_get_offset (self, i, &dx, &dy);
          draw_unconnected_ports (cr, item, dx, dy, style);
        }
    }
  _sw_canvas_set_label_font (font, 0);
  pango_layout_set_font_description (layout, font);
  _sw_canvas_interface_draw (self, cr, layout, style);
  pango_font_description_free (font);

  if (self->hover_component >= 0 && (guint) self->hover_component < self->items->len)
    {
      const SwCanvasItem *item = _sw_canvas_get_item (self, self->hover_component);
      const double *colour = style->accent;

      if (self->mode == SW_CANVAS_MODE_CONNECT &&
          item->kind->ports[self->hover_port].domain !=
          _sw_canvas_get_item (self, self->connect_component)->kind->ports[self->connect_port].domain)
        colour = style->problem;
      draw_port_ring (cr, item->port_x[self->hover_port], item->port_y[self->hover_port], colour);
    }

  if (self->mode == SW_CANVAS_MODE_CONNECT)
    {
      const SwCanvasItem *from = _sw_canvas_get_item (self, self->connect_component);
      double ax = from->port_x[self->connect_port], ay = from->port_y[self->connect_port];
      SwCanvasDir a_dir = from->port_dir[self->connect_port];
      SwCanvasRoute route;
      double bx, by, dash = 4;
      const double *colour = style->accent;

      if (self->hover_component >= 0)
        {
          const SwCanvasItem *to = _sw_canvas_get_item (self, self->hover_component);
          SwCanvasObstacle obstacles[4];

          _sw_canvas_item_obstacles (from, &obstacles[0]);
          _sw_canvas_item_obstacles (to, &obstacles[2]);
          if (to->kind->ports[self->hover_port].domain != from->kind->ports[self->connect_port].domain)
            colour = style->problem;

          _sw_canvas_route (ax, ay, a_dir, SW_CANVAS_WIRE_STUB,
                            to->port_x[self->hover_port], to->port_y[self->hover_port],
                            to->port_dir[self->hover_port], SW_CANVAS_WIRE_STUB, obstacles, 4,
                            routes, n_connections, &route);
        }
      else
        {
          SwCanvasDir b_dir;
          SwCanvasObstacle obstacles[2];

          _sw_canvas_to_model (self, self->pointer_x, self->pointer_y, &bx, &by);
          if (fabs (bx - ax) >= fabs (by - ay))
            b_dir = bx > ax ? SW_CANVAS_DIR_LEFT : SW_CANVAS_DIR_RIGHT;
          else
            b_dir = by > ay ? SW_CANVAS_DIR_UP : SW_CANVAS_DIR_DOWN;
          _sw_canvas_item_obstacles (from, obstacles);
          _sw_canvas_route (ax, ay, a_dir, SW_CANVAS_WIRE_STUB, bx, by, b_dir, 0, obstacles, 2,
                            NULL, 0, &route);
        }
      route_path (cr, &route);
      set_colour (cr, colour, 1);
      cairo_set_line_width (cr, 1.5);
      cairo_set_dash (cr, &dash, 1, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      draw_port_ring (cr, ax, ay, style->accent);
    }

  if (self->placing != NULL && self->pointer_inside)
    {
      double mx, my;

      _sw_canvas_to_model (self, self->pointer_x, self->pointer_y, &mx, &my);
      cairo_push_group (cr);
      draw_symbol_at (cr, self->placing, _sw_canvas_snap (mx), _sw_canvas_snap (my), 0, FALSE, style);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, 0.5);
    }
}

void
_sw_canvas_snapshot (GtkWidget   *widget,
                     GtkSnapshot *snapshot)
{
  SwCanvas *self = SW_CANVAS (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  SwSymbolStyle style = current_style ();
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  draw_grid (cr, &self->view, width, height, &style);

  if (self->model != NULL)
    {
      cairo_save (cr);
      cairo_translate (cr, self->view.tx, self->view.ty);
      cairo_scale (cr, self->view.zoom, self->view.zoom);
      draw_model (self, cr, &style);
      cairo_restore (cr);
      _sw_canvas_modes_draw_legend (self, cr, width, height, &style);
    }

  if (self->mode == SW_CANVAS_MODE_RUBBER_BAND)
    {
      SwCanvasRect band = _sw_canvas_rect_from_points (self->press_x, self->press_y,
                                                       self->pointer_x, self->pointer_y);

      cairo_rectangle (cr, floor (band.x) + 0.5, floor (band.y) + 0.5, floor (band.width), floor (band.height));
      set_colour (cr, style.accent, 0.12);
      cairo_fill_preserve (cr);
      set_colour (cr, style.accent, 0.9);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
    }

  if (self->hint != NULL)
    draw_hint (cr, widget, self->hint, self->hint_x, self->hint_y, &style);

  cairo_destroy (cr);
}
