/* sw-canvas-input.c: the canvas's input: hit testing, then what the
 * pointer does (select, move with snapping, connect two ports, rubber band,
 * place a component), the controllers that feed it, middle-drag pan,
 * scroll and pinch zoom, the keyboard (walk, move, connect: the keys are
 * listed in sw-canvas.h), dropped kinds and problem tooltips.
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

/* Placing */

/* A new component of kind (or, path given, of the subsystem in that file)
 * at (mx, my) in model units, selected; a refusal is a hint at (wx, wy).
 * Its index, or -1. */
static int
place_at (SwCanvas     *self,
          const SwKind *kind,
          const char   *path,
          double        mx,
          double        my,
          double        wx,
          double        wy)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  int index;
  guint new_index;

  if (path != NULL)
    {
      /* "…/engine-unit.shaft" -> engine_unit1 */
      g_autofree char *base = g_path_get_basename (path);

      if (strchr (base, '.') != NULL)
        *strrchr (base, '.') = '\0';
      id = sw_model_dup_unique_id (self->model, base);
    }
  else
    id = sw_model_dup_unique_id (self->model, kind->name);

  _sw_canvas_edit_begin (self);
  index = path != NULL ? sw_model_add_subsystem (self->model, path, id, &error)
                       : sw_model_add_component (self->model, kind->name, id, &error);
  if (index >= 0)
    sw_model_set_position (self->model, (guint) index, _sw_canvas_snap (mx), _sw_canvas_snap (my));
  _sw_canvas_edit_end (self);

  if (index < 0)
    {
      _sw_canvas_show_hint (self, error->message, wx, wy, TRUE);
      return -1;
    }
  new_index = (guint) index;
  _sw_canvas_select_only (self, &new_index, 1);
  return index;
}

static void
place_kind (SwCanvas     *self,
            const SwKind *kind,
            double        wx,
            double        wy)
{
  double mx, my;

  _sw_canvas_to_model (self, wx, wy, &mx, &my);
  place_at (self, kind, NULL, mx, my, wx, wy);
}

/* The view's centre in widget units (as if at the natural size before the
 * first allocation). */
static void
view_center (SwCanvas *self,
             double   *wx,
             double   *wy)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  *wx = (width > 1 ? width : 640) / 2.0;
  *wy = (height > 1 ? height : 400) / 2.0;
}

/* The grid spot nearest (mx, my) where kind's symbol keeps clear of every
 * component and its labels. */
static void
free_spot_near (SwCanvas     *self,
                const SwKind *kind,
                double       *mx,
                double       *my)
{
  const double step = 2 * SW_CANVAS_GRID;
  double x0 = _sw_canvas_snap (*mx), y0 = _sw_canvas_snap (*my);

  for (int ring = 0; ring <= 40; ring++)
    {
      double best_d = INFINITY, best_x = x0, best_y = y0;

      for (int i = -ring; i <= ring; i++)
        for (int j = -ring; j <= ring; j++)
          {
            double x = x0 + i * step, y = y0 + j * step, d;
            SwCanvasRect box;
            gboolean free = TRUE;

            if (MAX (ABS (i), ABS (j)) != ring)
              continue;
            box = _sw_canvas_symbol_box (kind, x, y, 0);
            box = _sw_canvas_rect_inflate (&box, SW_CANVAS_GRID);
            for (guint k = 0; k < self->items->len && free; k++)
              free = !_sw_canvas_rect_intersects (&box, &_sw_canvas_get_item (self, k)->keep_out);
            d = hypot (x - *mx, y - *my);
            if (free && d < best_d)
              {
                best_d = d;
                best_x = x;
                best_y = y;
              }
          }
      if (isfinite (best_d))
        {
          *mx = best_x;
          *my = best_y;
          return;
        }
    }
  *mx = x0;
  *my = y0;
}

static int
place_at_center (SwCanvas     *self,
                 const SwKind *kind)
{
  double wx, wy, mx, my;

  _sw_canvas_ensure_items (self);
  view_center (self, &wx, &wy);
  _sw_canvas_to_model (self, wx, wy, &mx, &my);
  free_spot_near (self, kind, &mx, &my);
  return place_at (self, kind, NULL, mx, my, wx, wy);
}

int
sw_canvas_place_subsystem_at_center (SwCanvas   *self,
                                     const char *path)
{
  double wx, wy, mx, my;

  g_return_val_if_fail (SW_IS_CANVAS (self), -1);
  g_return_val_if_fail (path != NULL, -1);

  if (self->model == NULL)
    return -1;
  _sw_canvas_ensure_items (self);
  view_center (self, &wx, &wy);
  _sw_canvas_to_model (self, wx, wy, &mx, &my);
  return place_at (self, NULL, path, mx, my, wx, wy);
}

int
sw_canvas_place_kind_at_center (SwCanvas   *self,
                                const char *kind_name)
{
  const SwKind *kind;

  g_return_val_if_fail (SW_IS_CANVAS (self), -1);
  g_return_val_if_fail (kind_name != NULL, -1);

  kind = sw_catalog_lookup (kind_name);
  g_return_val_if_fail (kind != NULL, -1);

  if (self->model == NULL)
    return -1;
  return place_at_center (self, kind);
}

static void
end_placing (SwCanvas *self)
{
  self->placing = NULL;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
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

      end_placing (self);
      place_kind (self, kind, x, y);
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
static gboolean
connect_to (SwCanvas *self,
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

  connect_to (self, component, port, x, y);
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
      end_placing (self);
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
      return place_at (self, NULL, text + strlen (SUBSYSTEM_PREFIX), mx, my, x, y) >= 0;
    }
  if (self->model == NULL || text == NULL || !g_str_has_prefix (text, KIND_PREFIX))
    return FALSE;
  kind = sw_catalog_lookup (text + strlen (KIND_PREFIX));
  if (kind == NULL)
    return FALSE;
  place_kind (self, kind, x, y);
  return TRUE;
}

/* Keyboard */

#define KEY_LARGE_STEPS  5       /* grid steps an arrow moves with Shift */
#define KEY_PAN_PX       40.0
#define REVEAL_MARGIN_PX 12.0

/* Pans the view so that the component and its labels are in sight. */
static void
reveal_component (SwCanvas *self,
                  guint     index)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  const SwCanvasItem *item;
  double x1, y1, x2, y2, dx = 0, dy = 0;

  if (width <= 1 || height <= 1 || index >= self->items->len)
    return;
  item = _sw_canvas_get_item (self, index);
  _sw_canvas_view_to_widget (&self->view, item->keep_out.x, item->keep_out.y, &x1, &y1);
  _sw_canvas_view_to_widget (&self->view, item->keep_out.x + item->keep_out.width,
                             item->keep_out.y + item->keep_out.height, &x2, &y2);
  x1 -= REVEAL_MARGIN_PX;
  y1 -= REVEAL_MARGIN_PX;
  x2 += REVEAL_MARGIN_PX;
  y2 += REVEAL_MARGIN_PX;

  if (x2 - x1 > width)
    dx = width / 2.0 - (x1 + x2) / 2;
  else if (x1 < 0)
    dx = -x1;
  else if (x2 > width)
    dx = width - x2;
  if (y2 - y1 > height)
    dy = height / 2.0 - (y1 + y2) / 2;
  else if (y1 < 0)
    dy = -y1;
  else if (y2 > height)
    dy = height - y2;

  if (dx != 0 || dy != 0)
    {
      self->view.tx += dx;
      self->view.ty += dy;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
select_one (SwCanvas *self,
            guint     index)
{
  _sw_canvas_select_only (self, &index, 1);
  reveal_component (self, index);
}

/* Tab: the next component in model order (Shift+Tab: the one before); past
 * the end, FALSE, so that the focus moves on. */
static gboolean
walk_components (SwCanvas *self,
                 gboolean  backward)
{
  g_autoptr(GArray) selected = _sw_canvas_dup_selection_indices (self);
  int n = (int) self->items->len, next;

  if (n == 0)
    return FALSE;
  if (selected->len == 0)
    next = backward ? n - 1 : 0;
  else
    {
      /* From the last (first) selected one. */
      int current = (int) g_array_index (selected, guint, backward ? 0 : selected->len - 1);

      next = current + (backward ? -1 : 1);
      if (next < 0 || next >= n)
        return FALSE;
    }
  select_one (self, (guint) next);
  return TRUE;
}

/* The component nearest (x, y) (model units) in the direction (dx, dy), one
 * of them 0 and the other ±1, off the axis costing twice as much; or -1. */
static int
nearest_in_direction (SwCanvas *self,
                      double    x,
                      double    y,
                      int       dx,
                      int       dy,
                      int       exclude)
{
  double best_score = INFINITY;
  int best = -1;

  for (guint i = 0; i < self->items->len; i++)
    {
      const SwCanvasItem *item = _sw_canvas_get_item (self, i);
      double ex = item->x - x, ey = item->y - y;
      double along = ex * dx + ey * dy, across = fabs (ex * dy - ey * dx), score;

      if ((int) i == exclude || along < SW_CANVAS_GRID / 2)
        continue;
      score = along + 2 * across;
      if (score < best_score)
        {
          best_score = score;
          best = (int) i;
        }
    }
  return best;
}

static int
nearest_to (SwCanvas *self,
            double    x,
            double    y)
{
  double best_d = INFINITY;
  int best = -1;

  for (guint i = 0; i < self->items->len; i++)
    {
      const SwCanvasItem *item = _sw_canvas_get_item (self, i);
      double d = hypot (item->x - x, item->y - y);

      if (d < best_d)
        {
          best_d = d;
          best = (int) i;
        }
    }
  return best;
}

/* Alt+arrow (or an arrow with nothing selected): from the selected
 * component, or from the view's centre. */
static gboolean
select_in_direction (SwCanvas *self,
                     int       dx,
                     int       dy)
{
  g_autoptr(GArray) selected = _sw_canvas_dup_selection_indices (self);
  double x, y;
  int from = -1, next;

  if (self->items->len == 0)
    return FALSE;
  if (selected->len > 0)
    {
      const SwCanvasItem *item;

      from = (int) g_array_index (selected, guint, selected->len - 1);
      item = _sw_canvas_get_item (self, from);
      x = item->x;
      y = item->y;
    }
  else
    {
      double wx, wy;

      view_center (self, &wx, &wy);
      _sw_canvas_to_model (self, wx, wy, &x, &y);
    }
  next = nearest_in_direction (self, x, y, dx, dy, from);
  if (next < 0 && from < 0)
    next = nearest_to (self, x, y);
  if (next >= 0)
    select_one (self, (guint) next);
  return TRUE;
}

/* Arrows: the selection moves on the grid, one undo step a press. */
static void
move_selection_by (SwCanvas *self,
                   double    dx,
                   double    dy)
{
  g_autoptr(GArray) indices = _sw_canvas_dup_selection_indices (self);

  if (indices->len == 0)
    return;
  _sw_canvas_edit_begin (self);
  for (guint k = 0; k < indices->len; k++)
    {
      guint i = g_array_index (indices, guint, k);
      const SwCanvasItem *item = _sw_canvas_get_item (self, i);

      sw_model_set_position (self->model, i, _sw_canvas_snap (item->x) + dx, _sw_canvas_snap (item->y) + dy);
    }
  _sw_canvas_edit_end (self);
  reveal_component (self, g_array_index (indices, guint, 0));
}

static gboolean
port_is_connected (SwCanvas *self,
                   guint     component,
                   guint     port)
{
  guint n = sw_model_get_n_connections (self->model);

  for (guint k = 0; k < n; k++)
    {
      const SwConnection *c = sw_model_get_connection (self->model, k);

      if ((c->from_component == component && c->from_port == port) ||
          (c->to_component == component && c->to_port == port))
        return TRUE;
    }
  return FALSE;
}

typedef struct {
  int    component;
  guint  port;
  double cost;
} ConnectTarget;

static int
compare_targets (gconstpointer a,
                 gconstpointer b)
{
  const ConnectTarget *ta = a, *tb = b;

  if (ta->cost != tb->cost)
    return ta->cost < tb->cost ? -1 : 1;
  if (ta->component != tb->component)
    return ta->component < tb->component ? -1 : 1;
  return ta->port < tb->port ? -1 : ta->port > tb->port;
}

/* The ports of other components that the port being connected can meet
 * (same domain), free ones first, nearest first. */
static GArray *
dup_connect_targets (SwCanvas *self)
{
  GArray *targets = g_array_new (FALSE, FALSE, sizeof (ConnectTarget));
  const SwCanvasItem *from = _sw_canvas_get_item (self, self->connect_component);
  SwDomain domain = from->kind->ports[self->connect_port].domain;
  double fx = from->port_x[self->connect_port], fy = from->port_y[self->connect_port];

  for (guint i = 0; i < self->items->len; i++)
    {
      const SwCanvasItem *item = _sw_canvas_get_item (self, i);

      if ((int) i == self->connect_component)
        continue;
      for (guint p = 0; p < item->kind->n_ports; p++)
        {
          ConnectTarget t = { (int) i, p, hypot (item->port_x[p] - fx, item->port_y[p] - fy) };

          if (item->kind->ports[p].domain != domain)
            continue;
          if (port_is_connected (self, i, p))
            t.cost += 1e9;
          g_array_append_val (targets, t);
        }
    }
  g_array_sort (targets, compare_targets);
  return targets;
}

/* The hint that says what Enter would connect, by the port it starts at. */
static void
key_connect_show (SwCanvas *self)
{
  const SwCanvasItem *from = _sw_canvas_get_item (self, self->connect_component);
  g_autofree char *source = _sw_canvas_dup_port_path (from, self->connect_port);
  g_autofree char *text = NULL;
  double wx, wy;

  _sw_canvas_view_to_widget (&self->view, from->port_x[self->connect_port], from->port_y[self->connect_port],
                             &wx, &wy);
  /* The wire being drawn ends here while there is no target. */
  self->pointer_x = wx;
  self->pointer_y = wy;

  if (self->hover_component >= 0)
    {
      g_autofree char *target = _sw_canvas_dup_port_path (_sw_canvas_get_item (self, self->hover_component),
                                                          self->hover_port);

      /* TRANSLATORS: connecting from the keyboard; the keys are not translated */
      text = g_strdup_printf (_("%s → %s\nEnter connects, Tab takes the next port, Escape cancels"),
                              source, target);
      reveal_component (self, (guint) self->hover_component);
    }
  else
    text = g_strdup_printf (_("%s: no port to connect to. C takes the next port, Escape cancels"), source);
  /* Under the component, clear of the wire being drawn (the hint is drawn
   * 14 pixels right of and below its point). */
  {
    double bx, by;

    _sw_canvas_view_to_widget (&self->view, from->keep_out.x, from->keep_out.y + from->keep_out.height, &bx, &by);
    _sw_canvas_show_hint (self, text, bx - 14, by - 6, FALSE);
  }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The next (step 1) or previous (-1) target. */
static void
key_connect_step (SwCanvas *self,
                  int       step)
{
  g_autoptr(GArray) targets = dup_connect_targets (self);
  int n = (int) targets->len, at = -1;

  for (int k = 0; k < n; k++)
    {
      const ConnectTarget *t = &g_array_index (targets, ConnectTarget, k);

      if (t->component == self->hover_component && t->port == self->hover_port)
        at = k;
    }
  if (n == 0)
    self->hover_component = -1;
  else
    {
      const ConnectTarget *t;

      at = at < 0 ? (step > 0 ? 0 : n - 1) : ((at + step) % n + n) % n;
      t = &g_array_index (targets, ConnectTarget, at);
      self->hover_component = t->component;
      self->hover_port = t->port;
    }
  key_connect_show (self);
}

/* C: from the selected component's first free port (else its first). */
static gboolean
key_connect_begin (SwCanvas *self)
{
  int component = sw_canvas_get_selected_component (self);
  const SwCanvasItem *item;
  guint port = 0;

  if (component < 0)
    {
      double wx, wy;

      view_center (self, &wx, &wy);
      _sw_canvas_show_hint (self, _("Select one component to connect from"), wx, wy, TRUE);
      return TRUE;
    }
  item = _sw_canvas_get_item (self, component);
  if (item->kind->n_ports == 0)
    return FALSE;
  for (guint p = item->kind->n_ports; p-- > 0;)
    if (!port_is_connected (self, (guint) component, p))
      port = p;

  self->mode = SW_CANVAS_MODE_CONNECT;
  self->key_connect = TRUE;
  self->connect_component = component;
  self->connect_port = port;
  self->hover_component = -1;
  key_connect_step (self, 1);
  return TRUE;
}

/* C again: the component's next port. */
static void
key_connect_next_source (SwCanvas *self)
{
  const SwCanvasItem *item = _sw_canvas_get_item (self, self->connect_component);

  self->connect_port = (self->connect_port + 1) % item->kind->n_ports;
  self->hover_component = -1;
  key_connect_step (self, 1);
}

static void
key_connect_finish (SwCanvas *self)
{
  int component = self->hover_component;
  guint port = self->hover_port;
  double wx = self->pointer_x, wy = self->pointer_y;

  if (component < 0)
    return;
  self->mode = SW_CANVAS_MODE_NONE;
  self->key_connect = FALSE;
  self->hover_component = -1;
  connect_to (self, component, port, wx, wy);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
_sw_canvas_get_connect_target (SwCanvas *self,
                               guint    *port)
{
  g_return_val_if_fail (SW_IS_CANVAS (self), -1);

  if (!self->key_connect || self->mode != SW_CANVAS_MODE_CONNECT || self->hover_component < 0)
    return -1;
  if (port != NULL)
    *port = self->hover_port;
  return self->hover_component;
}

static gboolean
is_enter (guint keyval)
{
  return keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter || keyval == GDK_KEY_ISO_Enter;
}

gboolean
_sw_canvas_key_press (SwCanvas        *self,
                      guint            keyval,
                      GdkModifierType  state)
{
  GdkModifierType mods = state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK);
  gboolean tab = keyval == GDK_KEY_Tab || keyval == GDK_KEY_KP_Tab || keyval == GDK_KEY_ISO_Left_Tab;
  gboolean back = keyval == GDK_KEY_ISO_Left_Tab || (mods & GDK_SHIFT_MASK) != 0;
  int dx = 0, dy = 0;

  g_return_val_if_fail (SW_IS_CANVAS (self), FALSE);

  if (keyval == GDK_KEY_Escape)
    return _sw_canvas_cancel (self);
  if (self->model == NULL)
    return FALSE;
  _sw_canvas_ensure_items (self);

  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left: dx = -1; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: dx = 1; break;
    case GDK_KEY_Up: case GDK_KEY_KP_Up: dy = -1; break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: dy = 1; break;
    default: break;
    }

  if (self->key_connect && self->mode == SW_CANVAS_MODE_CONNECT)
    {
      if (is_enter (keyval))
        {
          key_connect_finish (self);
          return TRUE;
        }
      if (tab && !(mods & (GDK_CONTROL_MASK | GDK_ALT_MASK)))
        {
          key_connect_step (self, back ? -1 : 1);
          return TRUE;
        }
      if ((dx != 0 || dy != 0) && !(mods & GDK_CONTROL_MASK))
        {
          key_connect_step (self, dx + dy > 0 ? 1 : -1);
          return TRUE;
        }
      if ((keyval == GDK_KEY_c || keyval == GDK_KEY_C) && !(mods & (GDK_CONTROL_MASK | GDK_ALT_MASK)))
        {
          key_connect_next_source (self);
          return TRUE;
        }
    }
  else if (self->mode != SW_CANVAS_MODE_NONE)
    return FALSE;   /* a pointer gesture is under way */

  if ((dx != 0 || dy != 0) && (mods & GDK_CONTROL_MASK))
    {
      self->view.tx -= dx * KEY_PAN_PX;
      self->view.ty -= dy * KEY_PAN_PX;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    }
  if (self->key_connect)
    return FALSE;

  if (self->placing != NULL && is_enter (keyval))
    {
      const SwKind *kind = self->placing;

      end_placing (self);
      place_at_center (self, kind);
      return TRUE;
    }

  if (tab && !(mods & (GDK_CONTROL_MASK | GDK_ALT_MASK)))
    return walk_components (self, back);

  if (is_enter (keyval) && mods == 0)
    {
      int component = sw_canvas_get_selected_component (self);

      if (component < 0)
        return FALSE;
      _sw_canvas_emit_component_activated (self, (guint) component);
      return TRUE;
    }

  if ((keyval == GDK_KEY_c || keyval == GDK_KEY_C) && !(mods & (GDK_CONTROL_MASK | GDK_ALT_MASK)))
    return key_connect_begin (self);

  if (dx != 0 || dy != 0)
    {
      g_autoptr(GArray) selected = _sw_canvas_dup_selection_indices (self);

      if ((mods & GDK_ALT_MASK) || selected->len == 0)
        return select_in_direction (self, dx, dy);
      {
        double step = SW_CANVAS_GRID * ((mods & GDK_SHIFT_MASK) ? KEY_LARGE_STEPS : 1);

        move_selection_by (self, dx * step, dy * step);
      }
      return TRUE;
    }
  return FALSE;
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
    end_placing (self);

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
