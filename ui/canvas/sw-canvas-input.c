/* sw-canvas-input.c: the canvas's input: hit testing, then what the
 * pointer does (select, move with snapping, connect two ports, rubber band,
 * place a component: sw-canvas-place.c), the controllers that feed it,
 * middle-drag pan, scroll and pinch zoom, the keyboard (sw-canvas-keys.c),
 * dropped kinds and problem tooltips.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-canvas-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#define DRAG_THRESHOLD  4.0      /* pixels before a press becomes a drag */
#define PORT_HIT_PX     8.0      /* pixels around a port that grab it */
#define WIRE_HIT_PX     5.0
#define KIND_PREFIX     "shaftwork-kind:"
#define SUBSYSTEM_PREFIX "shaftwork-subsystem:"

/* Hit testing */

/* The port under (wx, wy): its component, or -1. */
static int
hit_port (SwCanvas *self,
          double    wx,
          double    wy,
          guint    *port)
{
  double mx, my, radius = MAX (PORT_HIT_PX / self->view.zoom, 5);
  double best_distance = INFINITY;
  int best = -1;

  _sw_canvas_to_model (self, wx, wy, &mx, &my);
  for (guint i = self->items->len; i-- > 0;)
    {
      const SwCanvasItem *item = _sw_canvas_get_item (self, i);
      int p = _sw_canvas_hit_point (item->port_x, item->port_y, item->kind->n_ports,
                                    mx, my, radius);
      double d;

      if (p < 0)
        continue;
      d = hypot (item->port_x[p] - mx, item->port_y[p] - my);
      if (d < best_distance)
        {
          best_distance = d;
          best = (int) i;
          *port = (guint) p;
        }
    }
  return best;
}

static int
hit_component (SwCanvas *self,
               double    wx,
               double    wy)
{
  double mx, my;

  _sw_canvas_to_model (self, wx, wy, &mx, &my);
  for (guint i = self->items->len; i-- > 0;)
    {
      SwCanvasRect box = _sw_canvas_rect_inflate (&_sw_canvas_get_item (self, i)->box, 2);

      if (_sw_canvas_rect_contains (&box, mx, my))
        return (int) i;
    }
  return -1;
}

static int
hit_wire (SwCanvas *self,
          double    wx,
          double    wy)
{
  double mx, my, tolerance = WIRE_HIT_PX / self->view.zoom;
  const SwCanvasRoute *routes = _sw_canvas_get_routes (self);

  _sw_canvas_to_model (self, wx, wy, &mx, &my);
  for (guint i = self->routes->len; i-- > 0;)
    if (routes[i].n_points > 0 && _sw_canvas_route_distance (&routes[i], mx, my) <= tolerance)
      return (int) i;
  return -1;
}

/* Pointer */

static void
update_hover (SwCanvas *self,
              double    x,
              double    y)
{
  int component = -1;
  guint port = 0;
  const char *cursor = NULL;

  if (self->model != NULL)
    component = hit_port (self, x, y, &port);

  /* A connection does not start and end on the same port. */
  if (self->mode == SW_CANVAS_MODE_CONNECT &&
      component == self->connect_component && port == self->connect_port)
    component = -1;

  if (component != self->hover_component || port != self->hover_port)
    {
      self->hover_component = component;
      self->hover_port = port;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }

  if (self->mode == SW_CANVAS_MODE_CONNECT)
    {
      const SwCanvasItem *from = _sw_canvas_get_item (self, self->connect_component);

      if (component >= 0 &&
          _sw_canvas_get_item (self, component)->kind->ports[port].domain !=
          from->kind->ports[self->connect_port].domain)
        {
          _sw_canvas_show_hint (self,
                                from->kind->ports[self->connect_port].domain == SW_DOMAIN_ROTATIONAL
                                ? _("A rotational flange cannot connect to a translational one")
                                : _("A translational flange cannot connect to a rotational one"),
                                x, y, FALSE);
        }
      else if (self->hint_timeout == 0)
        _sw_canvas_hide_hint (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }

  if (self->placing != NULL || component >= 0 || self->mode == SW_CANVAS_MODE_CONNECT)
    cursor = "crosshair";
  else if (self->mode == SW_CANVAS_MODE_MOVE)
    cursor = "grabbing";
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), cursor);
}

void
_sw_canvas_pointer_press (SwCanvas        *self,
                          double           x,
                          double           y,
                          GdkModifierType  state)
{
  gboolean extend = (state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK)) != 0;
  int component, wire;
  guint port = 0;

  g_return_if_fail (SW_IS_CANVAS (self));

  _sw_canvas_ensure_items (self);
  if (self->key_connect)
    _sw_canvas_cancel (self);
  self->press_x = self->pointer_x = x;
  self->press_y = self->pointer_y = y;
  self->mode = SW_CANVAS_MODE_NONE;
  self->select_only_on_release = FALSE;
  self->press_component = -1;

  if (self->model == NULL)
    return;

  if (self->placing != NULL)
    {
      const SwKind *kind = self->placing;

      _sw_canvas_end_placing (self);
      _sw_canvas_place_kind (self, kind, x, y);
      return;
    }

  component = hit_port (self, x, y, &port);
  if (component >= 0)
    {
      self->mode = SW_CANVAS_MODE_CONNECT;
      self->connect_component = component;
      self->connect_port = port;
      self->hover_component = -1;
      _sw_canvas_hide_hint (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }

  component = hit_component (self, x, y);
  if (component >= 0)
    {
      const char *id = _sw_canvas_get_item (self, component)->id;

      self->press_component = component;
      if (extend)
        {
          if (!g_hash_table_remove (self->selection, id))
            _sw_canvas_select_add (self, (guint) component);
          _sw_canvas_clear_wire_selection (self);
          _sw_canvas_selection_changed (self);
          self->mode = g_hash_table_contains (self->selection, id)
                       ? SW_CANVAS_MODE_PENDING : SW_CANVAS_MODE_NONE;
        }
      else if (_sw_canvas_get_item (self, component)->selected)
        {
          self->select_only_on_release = TRUE;
          self->mode = SW_CANVAS_MODE_PENDING;
        }
      else
        {
          guint index = (guint) component;

          _sw_canvas_select_only (self, &index, 1);
          self->mode = SW_CANVAS_MODE_PENDING;
        }
      return;
    }

  wire = hit_wire (self, x, y);
  if (wire >= 0)
    {
      _sw_canvas_select_wire (self, (guint) wire);
      return;
    }

  if (!extend)
    _sw_canvas_select_none (self);
  g_clear_pointer (&self->band_base, g_hash_table_unref);
  self->band_base = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  {
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, self->selection);
    while (g_hash_table_iter_next (&iter, &key, &value))
      g_hash_table_insert (self->band_base, g_strdup (key), value);
  }
  self->mode = SW_CANVAS_MODE_RUBBER_BAND;
}

static void
start_move (SwCanvas *self)
{
  g_array_set_size (self->move_start, 0);
  for (guint i = 0; i < self->items->len; i++)
    {
      const SwCanvasItem *item = _sw_canvas_get_item (self, i);

      if (item->selected)
        {
          SwCanvasMoveStart start = { i, item->x, item->y };

          g_array_append_val (self->move_start, start);
        }
    }
  _sw_canvas_group_begin (self);
  self->in_group = TRUE;
  self->mode = SW_CANVAS_MODE_MOVE;
  self->select_only_on_release = FALSE;
}

static void
move_to (SwCanvas *self,
         double    x,
         double    y)
{
  const SwCanvasItem *anchor;
  double ax, ay, dx, dy;

  if (self->press_component < 0 || (guint) self->press_component >= self->items->len)
    return;

  /* Snap the pressed component to the grid; the others keep their offsets
   * from it. */
  anchor = _sw_canvas_get_item (self, self->press_component);
  ax = anchor->x;
  ay = anchor->y;
  for (guint k = 0; k < self->move_start->len; k++)
    {
      const SwCanvasMoveStart *s = &g_array_index (self->move_start, SwCanvasMoveStart, k);

      if (s->index == (guint) self->press_component)
        {
          ax = s->x;
          ay = s->y;
        }
    }
  dx = _sw_canvas_snap (ax + (x - self->press_x) / self->view.zoom) - ax;
  dy = _sw_canvas_snap (ay + (y - self->press_y) / self->view.zoom) - ay;

  sw_model_begin_edit (self->model);
  for (guint k = 0; k < self->move_start->len; k++)
    {
      const SwCanvasMoveStart *s = &g_array_index (self->move_start, SwCanvasMoveStart, k);
      const SwCanvasItem *item;

      if (s->index >= self->items->len)
        continue;
      item = _sw_canvas_get_item (self, s->index);
      if (item->x != s->x + dx || item->y != s->y + dy || !item->has_position)
        sw_model_set_position (self->model, s->index, s->x + dx, s->y + dy);
    }
  sw_model_end_edit (self->model);
}

static void
update_band (SwCanvas *self)
{
  double x1, y1, x2, y2;
  SwCanvasRect band;
  gboolean changed = FALSE;

  _sw_canvas_to_model (self, self->press_x, self->press_y, &x1, &y1);
  _sw_canvas_to_model (self, self->pointer_x, self->pointer_y, &x2, &y2);
  band = _sw_canvas_rect_from_points (x1, y1, x2, y2);

  for (guint i = 0; i < self->items->len; i++)
    {
      const SwCanvasItem *item = _sw_canvas_get_item (self, i);
      gboolean selected = _sw_canvas_rect_intersects (&band, &item->box) ||
                          g_hash_table_contains (self->band_base, item->id);

      if (selected != item->selected)
        {
          changed = TRUE;
          if (selected)
            _sw_canvas_select_add (self, i);
          else
            g_hash_table_remove (self->selection, item->id);
        }
    }
  if (changed)
    _sw_canvas_selection_changed (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_sw_canvas_pointer_motion (SwCanvas *self,
                           double    x,
                           double    y)
{
  g_return_if_fail (SW_IS_CANVAS (self));

  self->pointer_x = x;
  self->pointer_y = y;

  switch (self->mode)
    {
    case SW_CANVAS_MODE_PENDING:
      if (hypot (x - self->press_x, y - self->press_y) < DRAG_THRESHOLD)
        break;
      start_move (self);
      G_GNUC_FALLTHROUGH;
    case SW_CANVAS_MODE_MOVE:
      move_to (self, x, y);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
      break;
    case SW_CANVAS_MODE_CONNECT:
      update_hover (self, x, y);
      break;
    case SW_CANVAS_MODE_RUBBER_BAND:
      update_band (self);
      break;
    case SW_CANVAS_MODE_NONE:
    default:
      update_hover (self, x, y);
      if (self->placing != NULL)
        gtk_widget_queue_draw (GTK_WIDGET (self));
      break;
    }
}

/* Connects the port being connected from to (component, port); a refusal
 * is a hint at (x, y). */
gboolean
_sw_canvas_connect_to (SwCanvas *self,
                       int       component,
                       guint     port,
                       double    x,
                       double    y)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *from = NULL, *to = NULL;
  const SwCanvasItem *a, *b;

  _sw_canvas_hide_hint (self);
  if (component < 0 || (component == self->connect_component && port == self->connect_port))
    return FALSE;

  a = _sw_canvas_get_item (self, self->connect_component);
  b = _sw_canvas_get_item (self, component);
  if (a->kind->ports[self->connect_port].domain != b->kind->ports[port].domain)
    {
      _sw_canvas_show_hint (self,
                            a->kind->ports[self->connect_port].domain == SW_DOMAIN_ROTATIONAL
                            ? _("A rotational flange cannot connect to a translational one")
                            : _("A translational flange cannot connect to a rotational one"),
                            x, y, TRUE);
      return FALSE;
    }

  from = _sw_canvas_dup_port_path (a, self->connect_port);
  to = _sw_canvas_dup_port_path (b, port);
  if (!sw_model_connect (self->model, from, to, &error))
    {
      _sw_canvas_show_hint (self, error->message, x, y, TRUE);
      return FALSE;
    }
  return TRUE;
}

static void
finish_connection (SwCanvas *self,
                   double    x,
                   double    y)
{
  guint port = 0;
  int component = hit_port (self, x, y, &port);

  _sw_canvas_connect_to (self, component, port, x, y);
}

void
_sw_canvas_pointer_release (SwCanvas *self,
                            double    x,
                            double    y)
{
  SwCanvasMode mode;

  g_return_if_fail (SW_IS_CANVAS (self));

  if (self->mode != SW_CANVAS_MODE_NONE)
    _sw_canvas_pointer_motion (self, x, y);
  mode = self->mode;
  self->mode = SW_CANVAS_MODE_NONE;

  switch (mode)
    {
    case SW_CANVAS_MODE_PENDING:
      if (self->select_only_on_release && self->press_component >= 0 &&
          (guint) self->press_component < self->items->len)
        {
          guint index = (guint) self->press_component;

          _sw_canvas_select_only (self, &index, 1);
        }
      break;
    case SW_CANVAS_MODE_MOVE:
      if (self->in_group)
        {
          self->in_group = FALSE;
          _sw_canvas_group_end (self);
        }
      break;
    case SW_CANVAS_MODE_CONNECT:
      finish_connection (self, x, y);
      break;
    case SW_CANVAS_MODE_RUBBER_BAND:
      g_clear_pointer (&self->band_base, g_hash_table_unref);
      break;
    case SW_CANVAS_MODE_NONE:
    default:
      break;
    }

  self->select_only_on_release = FALSE;
  self->hover_component = -1;
  update_hover (self, x, y);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
_sw_canvas_cancel (SwCanvas *self)
{
  g_return_val_if_fail (SW_IS_CANVAS (self), FALSE);

  if (self->placing != NULL)
    {
      _sw_canvas_end_placing (self);
      return TRUE;
    }

  switch (self->mode)
    {
    case SW_CANVAS_MODE_CONNECT:
      self->mode = SW_CANVAS_MODE_NONE;
      self->key_connect = FALSE;
      self->hover_component = -1;
      _sw_canvas_hide_hint (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;

    case SW_CANVAS_MODE_MOVE:
      /* Back to where the drag began. */
      sw_model_begin_edit (self->model);
      for (guint k = 0; k < self->move_start->len; k++)
        {
          const SwCanvasMoveStart *s = &g_array_index (self->move_start, SwCanvasMoveStart, k);

          if (s->index < self->items->len)
            sw_model_set_position (self->model, s->index, s->x, s->y);
        }
      sw_model_end_edit (self->model);
      self->mode = SW_CANVAS_MODE_NONE;
      if (self->in_group)
        {
          self->in_group = FALSE;
          _sw_canvas_group_end (self);
        }
      return TRUE;

    case SW_CANVAS_MODE_RUBBER_BAND:
      {
        g_autoptr(GArray) base = g_array_new (FALSE, FALSE, sizeof (guint));

        for (guint i = 0; i < self->items->len; i++)
          if (g_hash_table_contains (self->band_base, _sw_canvas_get_item (self, i)->id))
            g_array_append_val (base, i);
        self->mode = SW_CANVAS_MODE_NONE;
        g_clear_pointer (&self->band_base, g_hash_table_unref);
        _sw_canvas_select_indices_array (self, base);
        gtk_widget_queue_draw (GTK_WIDGET (self));
      }
      return TRUE;

    case SW_CANVAS_MODE_PENDING:
    case SW_CANVAS_MODE_NONE:
    default:
      self->mode = SW_CANVAS_MODE_NONE;
      break;
    }

  if (g_hash_table_size (self->selection) > 0 || self->wire_from != NULL)
    {
      _sw_canvas_select_none (self);
      return TRUE;
    }
  return FALSE;
}

/* "id.port" of a component's port, from the model. */
static char *
port_path (SwModel *model,
           guint    component,
           guint    port)
{
  const SwComponent *c = sw_model_get_component (model, component);

  return g_strdup_printf ("%s.%s", c->id, c->kind->ports[port].name);
}

/* A part of two ports dropped onto a wire goes into it, as one undo step:
 * the wire's first end to its first port, its second port to the wire's
 * other end. Where the ports do not fit the wire's ends (another domain),
 * the wire stays and the part is only placed, with a hint. FALSE when
 * (x, y) is on no wire. */
static gboolean
insert_into_wire (SwCanvas     *self,
                  const SwKind *kind,
                  double        x,
                  double        y)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *from = NULL, *to = NULL, *in = NULL, *out = NULL;
  const SwConnection *wire;
  int w = hit_wire (self, x, y), index;
  double mx, my;

  if (w < 0)
    return FALSE;
  wire = sw_model_get_connection (self->model, (guint) w);
  from = port_path (self->model, wire->from_component, wire->from_port);
  to = port_path (self->model, wire->to_component, wire->to_port);

  _sw_canvas_to_model (self, x, y, &mx, &my);
  _sw_canvas_edit_begin (self);
  index = _sw_canvas_place_at (self, kind, NULL, mx, my, x, y);
  if (index >= 0)
    {
      guint n;

      in = port_path (self->model, (guint) index, 0);
      out = port_path (self->model, (guint) index, 1);
      sw_model_remove_connection (self->model, (guint) w);
      n = sw_model_get_n_connections (self->model);
      if (!sw_model_connect (self->model, from, in, &error) || !sw_model_connect (self->model, out, to, &error))
        {
          /* Back as it was, the part placed beside. */
          g_autoptr(GError) ignored = NULL;

          while (sw_model_get_n_connections (self->model) > n)
            sw_model_remove_connection (self->model, n);
          sw_model_connect (self->model, from, to, &ignored);
          _sw_canvas_show_hint (self, error->message, x, y, TRUE);
        }
    }
  _sw_canvas_edit_end (self);
  return index >= 0;
}

gboolean
_sw_canvas_drop_string (SwCanvas   *self,
                        const char *text,
                        double      x,
                        double      y)
{
  const SwKind *kind;

  g_return_val_if_fail (SW_IS_CANVAS (self), FALSE);

  if (self->model != NULL && text != NULL && g_str_has_prefix (text, SUBSYSTEM_PREFIX))
    {
      double mx, my;

      _sw_canvas_to_model (self, x, y, &mx, &my);
      return _sw_canvas_place_at (self, NULL, text + strlen (SUBSYSTEM_PREFIX), mx, my, x, y) >= 0;
    }
  if (self->model == NULL || text == NULL || !g_str_has_prefix (text, KIND_PREFIX))
    return FALSE;
  kind = sw_catalog_lookup (text + strlen (KIND_PREFIX));
  if (kind == NULL)
    return FALSE;
  if (kind->n_ports == 2 && insert_into_wire (self, kind, x, y))
    return TRUE;
  _sw_canvas_place_kind (self, kind, x, y);
  return TRUE;
}

/* Controllers */

static void
primary_drag_begin_cb (SwCanvas       *self,
                       double          x,
                       double          y,
                       GtkGestureDrag *gesture)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  gtk_widget_grab_focus (GTK_WIDGET (self));
  _sw_canvas_pointer_press (self, x, y, state);
}

static void
primary_drag_update_cb (SwCanvas       *self,
                        double          dx,
                        double          dy,
                        GtkGestureDrag *gesture)
{
  double x, y;

  if (gtk_gesture_drag_get_start_point (gesture, &x, &y))
    _sw_canvas_pointer_motion (self, x + dx, y + dy);
}

static void
primary_drag_end_cb (SwCanvas       *self,
                     double          dx,
                     double          dy,
                     GtkGestureDrag *gesture)
{
  double x, y;

  if (gtk_gesture_drag_get_start_point (gesture, &x, &y))
    _sw_canvas_pointer_release (self, x + dx, y + dy);
}

static void
click_pressed_cb (SwCanvas        *self,
                  int              n_press,
                  double           x,
                  double           y,
                  GtkGestureClick *gesture)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  gtk_widget_grab_focus (GTK_WIDGET (self));
  /* The secondary button gives up a placement. */
  if (button == GDK_BUTTON_SECONDARY && self->placing != NULL)
    _sw_canvas_end_placing (self);

  /* A double-click on a component activates it (plots it). */
  if (button == GDK_BUTTON_PRIMARY && n_press == 2 && self->model != NULL && self->placing == NULL)
    {
      int component;

      _sw_canvas_ensure_items (self);
      component = hit_component (self, x, y);
      if (component >= 0)
        _sw_canvas_emit_component_activated (self, (guint) component);
    }
}

static void
pan_begin_cb (SwCanvas       *self,
              double          x,
              double          y,
              GtkGestureDrag *gesture)
{
  self->pan_tx = self->view.tx;
  self->pan_ty = self->view.ty;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
}

static void
pan_update_cb (SwCanvas       *self,
               double          dx,
               double          dy,
               GtkGestureDrag *gesture)
{
  self->view.tx = self->pan_tx + dx;
  self->view.ty = self->pan_ty + dy;
  self->fit_follows = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
pan_end_cb (SwCanvas       *self,
            double          dx,
            double          dy,
            GtkGestureDrag *gesture)
{
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), NULL);
}

static gboolean
scroll_cb (SwCanvas                 *self,
           double                    dx,
           double                    dy,
           GtkEventControllerScroll *controller)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  gboolean wheel = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL;

  if (state & GDK_CONTROL_MASK)
    {
      double x = self->pointer_x, y = self->pointer_y;

      if (!self->pointer_inside)
        {
          x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
          y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
        }
      _sw_canvas_set_view_zoom (self, self->view.zoom * pow (wheel ? SW_CANVAS_ZOOM_STEP : 1.01, -dy), x, y);
      return TRUE;
    }

  /* Shift turns a wheel's vertical scroll into a horizontal one. */
  if ((state & GDK_SHIFT_MASK) && dx == 0)
    {
      dx = dy;
      dy = 0;
    }
  self->view.tx -= dx * (wheel ? 40 : 1);
  self->view.ty -= dy * (wheel ? 40 : 1);
  self->fit_follows = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

static void
zoom_begin_cb (SwCanvas         *self,
               GdkEventSequence *sequence,
               GtkGesture       *gesture)
{
  self->gesture_zoom = self->view.zoom;
}

static void
zoom_scale_changed_cb (SwCanvas       *self,
                       double          scale,
                       GtkGestureZoom *gesture)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  _sw_canvas_set_view_zoom (self, self->gesture_zoom * scale, x, y);
}

static void
motion_cb (SwCanvas                 *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *controller)
{
  self->pointer_inside = TRUE;
  /* During a drag the drag gesture reports the motion. */
  if (self->mode == SW_CANVAS_MODE_NONE)
    _sw_canvas_pointer_motion (self, x, y);
}

static void
leave_cb (SwCanvas                 *self,
          GtkEventControllerMotion *controller)
{
  self->pointer_inside = FALSE;
  if (self->mode == SW_CANVAS_MODE_NONE && (self->hover_component >= 0 || self->placing != NULL))
    {
      self->hover_component = -1;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static gboolean
key_pressed_cb (SwCanvas              *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *controller)
{
  return _sw_canvas_key_press (self, keyval, state);
}

static gboolean
drop_cb (SwCanvas      *self,
         const GValue  *value,
         double         x,
         double         y,
         GtkDropTarget *target)
{
  if (!G_VALUE_HOLDS_STRING (value))
    return FALSE;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  return _sw_canvas_drop_string (self, g_value_get_string (value), x, y);
}

static gboolean
query_tooltip_cb (SwCanvas   *self,
                  int         x,
                  int         y,
                  gboolean    keyboard_mode,
                  GtkTooltip *tooltip)
{
  double mx, my;
  guint port;
  int at_port = hit_port (self, x, y, &port);

  /* A port marked as not connected says so, and how to connect it. */
  if (at_port >= 0 && (_sw_canvas_get_item (self, at_port)->unconnected & (1u << port)) != 0)
    {
      const SwCanvasItem *item = _sw_canvas_get_item (self, at_port);
      /* Translators: the tooltip of a free port: port name, component id */
      g_autofree char *text = g_strdup_printf (_("Port %s of %s is not connected: drag from it to another port."),
                                               item->kind->ports[port].name, item->id);

      gtk_tooltip_set_text (tooltip, text);
      return TRUE;
    }
  _sw_canvas_to_model (self, x, y, &mx, &my);
  for (guint i = self->items->len; i-- > 0;)
    {
      const SwCanvasItem *item = _sw_canvas_get_item (self, i);
      SwCanvasRect area = _sw_canvas_rect_inflate (&item->box, 10);

      if (item->problem != NULL && _sw_canvas_rect_contains (&area, mx, my))
        {
          gtk_tooltip_set_text (tooltip, item->problem);
          return TRUE;
        }
    }
  /* Zoomed out, the labels say less: the part's own says the rest. */
  if (_sw_canvas_labels_compact (self))
    for (guint i = self->items->len; i-- > 0;)
      {
        SwCanvasRect area = _sw_canvas_rect_inflate (&_sw_canvas_get_item (self, i)->box, 4 / self->view.zoom);

        if (_sw_canvas_rect_contains (&area, mx, my))
          {
            g_autofree char *text = _sw_canvas_dup_item_tooltip (self, i);

            gtk_tooltip_set_text (tooltip, text);
            return TRUE;
          }
      }
  return FALSE;
}

void
_sw_canvas_input_init (SwCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *gesture;
  GtkEventController *controller;
  GtkDropTarget *drop;

  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect_swapped (gesture, "drag-begin", G_CALLBACK (primary_drag_begin_cb), self);
  g_signal_connect_swapped (gesture, "drag-update", G_CALLBACK (primary_drag_update_cb), self);
  g_signal_connect_swapped (gesture, "drag-end", G_CALLBACK (primary_drag_end_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_MIDDLE);
  g_signal_connect_swapped (gesture, "drag-begin", G_CALLBACK (pan_begin_cb), self);
  g_signal_connect_swapped (gesture, "drag-update", G_CALLBACK (pan_update_cb), self);
  g_signal_connect_swapped (gesture, "drag-end", G_CALLBACK (pan_end_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect_swapped (gesture, "pressed", G_CALLBACK (click_pressed_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect_swapped (gesture, "begin", G_CALLBACK (zoom_begin_cb), self);
  g_signal_connect_swapped (gesture, "scale-changed", G_CALLBACK (zoom_scale_changed_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect_swapped (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_swapped (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect_swapped (controller, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_key_new ();
  g_signal_connect_swapped (controller, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (widget, controller);

  drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY);
  g_signal_connect_swapped (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drop));
}
