/* sw-canvas-interface.c: the ports of the subsystem shown, drawn inside it.
 *
 * A model that is a subsystem names some inner ports as its own in its
 * "interface" ("flange": "flywheel.flange_b"). Opened in place, each is
 * drawn as a marker with its outer name beyond the drawing's edge the port
 * faces (a port facing right: right of everything), joined to the inner
 * port by a dashed line, so that one sees where the wires outside come in.
 * The markers are worked out with the items (_sw_canvas_rebuild_items())
 * and drawn after the symbols.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-canvas-private.h"

#include <string.h>

/* How far beyond the drawing's edge a marker sits, in model units. */
#define MARKER_GAP 40.0

void
_sw_canvas_interface_port_clear (gpointer data)
{
  SwCanvasInterfacePort *port = data;

  g_clear_pointer (&port->name, g_free);
}

void
_sw_canvas_interface_rebuild (SwCanvas *self)
{
  g_auto (GStrv) ports = self->model != NULL ? sw_model_dup_interface_ports (self->model) : NULL;
  SwCanvasRect edge = { 0 };

  g_array_set_size (self->interface_ports, 0);
  if (ports == NULL || self->items->len == 0)
    return;
  for (guint i = 0; i < self->items->len; i++)
    {
      const SwCanvasRect *r = &_sw_canvas_get_item (self, i)->keep_out;

      edge = i == 0 ? *r : _sw_canvas_rect_union (&edge, r);
    }
  for (guint k = 0; ports[k] != NULL && ports[k + 1] != NULL; k += 2)
    {
      const char *target = ports[k + 1], *dot = strrchr (target, '.');
      g_autofree char *id = dot != NULL ? g_strndup (target, dot - target) : NULL;
      int component = id != NULL ? sw_model_find_component (self->model, id) : -1;
      const SwCanvasItem *item;
      SwCanvasInterfacePort port = { 0 };
      int p;

      if (component < 0 || (guint) component >= self->items->len)
        continue;
      item = _sw_canvas_get_item (self, (guint) component);
      p = sw_kind_find_port (item->kind, dot + 1);
      if (p < 0)
        continue;
      port.name = g_strdup (ports[k]);
      port.component = (guint) component;
      port.port = (guint) p;
      port.dir = item->port_dir[p];
      port.x = item->port_x[p];
      port.y = item->port_y[p];
      switch (port.dir)
        {
        case SW_CANVAS_DIR_LEFT:  port.x = edge.x - MARKER_GAP; break;
        case SW_CANVAS_DIR_RIGHT: port.x = edge.x + edge.width + MARKER_GAP; break;
        case SW_CANVAS_DIR_UP:    port.y = edge.y - MARKER_GAP; break;
        case SW_CANVAS_DIR_DOWN:  port.y = edge.y + edge.height + MARKER_GAP; break;
        default: g_assert_not_reached ();
        }
      g_array_append_val (self->interface_ports, port);
    }
}

/* The marker's box: a tab of the name's size, its point towards the
 * inside, centred on (x, y). */
static SwCanvasRect
marker_box (const SwCanvasInterfacePort *port, double text_w, double text_h)
{
  double w = text_w + 14, h = MAX (text_h + 6, 18);

  return (SwCanvasRect) { port->x - w / 2, port->y - h / 2, w, h };
}

SwCanvasRect
_sw_canvas_interface_bounds (SwCanvas *self, const SwCanvasRect *bounds)
{
  SwCanvasRect all = *bounds;

  for (guint i = 0; i < self->interface_ports->len; i++)
    {
      const SwCanvasInterfacePort *port = &g_array_index (self->interface_ports, SwCanvasInterfacePort, i);
      /* Room for a name of some 12 letters. */
      SwCanvasRect r = { port->x - 50, port->y - 14, 100, 28 };

      all = _sw_canvas_rect_union (&all, &r);
    }
  return all;
}

void
_sw_canvas_interface_draw (SwCanvas            *self,
                           cairo_t             *cr,
                           PangoLayout         *layout,
                           const SwSymbolStyle *style)
{
  static const double dash = 4;

  for (guint i = 0; i < self->interface_ports->len; i++)
    {
      const SwCanvasInterfacePort *port = &g_array_index (self->interface_ports, SwCanvasInterfacePort, i);
      const SwCanvasItem *item = _sw_canvas_get_item (self, port->component);
      const double *colour = item->kind->ports[port->port].domain == SW_DOMAIN_TRANSLATIONAL
                             ? style->translational : style->rotational;
      int text_w, text_h;
      SwCanvasRect box;

      pango_layout_set_text (layout, port->name, -1);
      pango_layout_get_pixel_size (layout, &text_w, &text_h);
      box = marker_box (port, text_w, text_h);

      /* The line from the inner port to the marker's near side. */
      cairo_move_to (cr, item->port_x[port->port], item->port_y[port->port]);
      switch (port->dir)
        {
        case SW_CANVAS_DIR_LEFT:  cairo_line_to (cr, box.x + box.width, item->port_y[port->port]);
                                  cairo_line_to (cr, box.x + box.width, port->y); break;
        case SW_CANVAS_DIR_RIGHT: cairo_line_to (cr, box.x, item->port_y[port->port]);
                                  cairo_line_to (cr, box.x, port->y); break;
        case SW_CANVAS_DIR_UP:    cairo_line_to (cr, item->port_x[port->port], box.y + box.height);
                                  cairo_line_to (cr, port->x, box.y + box.height); break;
        case SW_CANVAS_DIR_DOWN:  cairo_line_to (cr, item->port_x[port->port], box.y);
                                  cairo_line_to (cr, port->x, box.y); break;
        default: g_assert_not_reached ();
        }
      cairo_set_source_rgba (cr, colour[0], colour[1], colour[2], colour[3]);
      cairo_set_line_width (cr, 1.5);
      cairo_set_dash (cr, &dash, 1, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);

      /* The marker: the port's colour, the outer name on it. */
      cairo_new_sub_path (cr);
      cairo_rectangle (cr, box.x, box.y, box.width, box.height);
      cairo_set_source_rgba (cr, colour[0], colour[1], colour[2], colour[3] * 0.18);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, colour[0], colour[1], colour[2], colour[3]);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      cairo_set_source_rgba (cr, style->fg[0], style->fg[1], style->fg[2], style->fg[3]);
      cairo_move_to (cr, box.x + (box.width - text_w) / 2, box.y + (box.height - text_h) / 2);
      pango_cairo_show_layout (cr, layout);
    }
}

guint
sw_canvas_get_n_interface_ports (SwCanvas *self)
{
  g_return_val_if_fail (SW_IS_CANVAS (self), 0);

  _sw_canvas_ensure_items (self);
  return self->interface_ports->len;
}

const char *
sw_canvas_get_interface_port (SwCanvas *self,
                              guint     index,
                              int      *component,
                              guint    *port,
                              double   *x,
                              double   *y)
{
  const SwCanvasInterfacePort *p;

  g_return_val_if_fail (SW_IS_CANVAS (self), NULL);
  g_return_val_if_fail (index < self->interface_ports->len, NULL);

  p = &g_array_index (self->interface_ports, SwCanvasInterfacePort, index);
  if (component != NULL)
    *component = (int) p->component;
  if (port != NULL)
    *port = p->port;
  if (x != NULL)
    *x = p->x;
  if (y != NULL)
    *y = p->y;
  return p->name;
}
