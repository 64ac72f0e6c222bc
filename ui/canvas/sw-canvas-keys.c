/* sw-canvas-keys.c: the canvas from the keyboard (the keys are listed in
 * sw-canvas.h): Tab walks components, arrows move the selection on the grid,
 * Alt+arrows select by direction, C connects port to port (Tab through the
 * targets, Enter, Escape), the view follows the selection.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-canvas-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

/* Keyboard */

#define KEY_LARGE_STEPS  5       /* grid steps an arrow moves with Shift */
#define KEY_PAN_PX       40.0
#define REVEAL_MARGIN_PX 12.0

/* The component's box with its labels in widget pixels, and the widget's
 * size; FALSE before the canvas is laid out or for no such component. */
static gboolean
component_in_widget (SwCanvas *self,
                     guint     index,
                     double    box[4],
                     int      *width,
                     int      *height)
{
  const SwCanvasItem *item;

  *width = gtk_widget_get_width (GTK_WIDGET (self));
  *height = gtk_widget_get_height (GTK_WIDGET (self));
  if (*width <= 1 || *height <= 1 || index >= self->items->len)
    return FALSE;
  item = _sw_canvas_get_item (self, index);
  _sw_canvas_view_to_widget (&self->view, item->keep_out.x, item->keep_out.y, &box[0], &box[1]);
  _sw_canvas_view_to_widget (&self->view, item->keep_out.x + item->keep_out.width,
                             item->keep_out.y + item->keep_out.height, &box[2], &box[3]);
  return TRUE;
}

/* Pans the view so that the component and its labels are in sight. */
static void
reveal_component (SwCanvas *self,
                  guint     index)
{
  int width, height;
  double box[4], x1, y1, x2, y2, dx = 0, dy = 0;

  if (!component_in_widget (self, index, box, &width, &height))
    return;
  x1 = box[0] - REVEAL_MARGIN_PX;
  y1 = box[1] - REVEAL_MARGIN_PX;
  x2 = box[2] + REVEAL_MARGIN_PX;
  y2 = box[3] + REVEAL_MARGIN_PX;

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
      self->fit_follows = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

void
_sw_canvas_centre_component (SwCanvas *self,
                             guint     index)
{
  int width, height;
  double box[4];

  if (!component_in_widget (self, index, box, &width, &height))
    return;
  if (box[0] >= REVEAL_MARGIN_PX && box[1] >= REVEAL_MARGIN_PX && box[2] <= width - REVEAL_MARGIN_PX
      && box[3] <= height - REVEAL_MARGIN_PX)
    return;
  self->view.tx += width / 2.0 - (box[0] + box[2]) / 2;
  self->view.ty += height / 2.0 - (box[1] + box[3]) / 2;
  self->needs_fit = FALSE;
  self->fit_follows = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
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

      _sw_canvas_view_center (self, &wx, &wy);
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

      _sw_canvas_view_center (self, &wx, &wy);
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
  _sw_canvas_connect_to (self, component, port, wx, wy);
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
      self->fit_follows = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    }
  if (self->key_connect)
    return FALSE;

  if (self->placing != NULL && is_enter (keyval))
    {
      const SwKind *kind = self->placing;

      _sw_canvas_end_placing (self);
      _sw_canvas_place_at_center (self, kind);
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
