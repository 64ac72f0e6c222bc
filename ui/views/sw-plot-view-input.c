/* sw-plot-view-input.c: SwPlotView's range and cursor, by pointer, keys
 * and API: the cursor follows the pointer (a click keeps it), the wheel and
 * the keys zoom, a drag zooms to its rectangle, Shift+drag or the middle
 * button pans, a double-click resets; the "plot." actions and their keys.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-plot-view-private.h"

#include <math.h>
#include <string.h>

#define DRAG_THRESHOLD_PX 4.0
#define ZOOM_STEP         1.25   /* keyboard and one step of the wheel */
#define PAN_STEP          0.1    /* of the range */
#define CURSOR_STEP       0.01   /* of the range */
#define MIN_RANGE         1e-9   /* of the whole range, or absolute */

/* ---- Pointer ------------------------------------------------------------- */

/* The panel under a point of the last drawing, -1 for none; x within the
 * panels' width when inside. */
static int
panel_at (SwPlotView *self, double x, double y, gboolean *inside_x)
{
  const SwPlotGeometry *g = &self->geometry;

  *inside_x = FALSE;
  if (!self->has_geometry)
    return -1;
  for (guint p = 0; p < g->n_panels; p++)
    {
      const SwPlotPanelGeometry *pg = &g->panels[p];

      if (y >= pg->top && y <= pg->top + pg->height)
        {
          *inside_x = x >= pg->left && x <= pg->left + pg->width;
          return (int) p;
        }
    }
  return -1;
}

/* The x value (time) at a pixel column of the last drawing. */
static double
x_at (SwPlotView *self, double x)
{
  const SwPlotGeometry *g = &self->geometry;
  const SwPlotPanelGeometry *pg = &g->panels[0];
  double v = g->x_min + (x - pg->left) / pg->width * (g->x_max - g->x_min);

  return g->log_x ? pow (10.0, v) : v;
}

static void
on_motion (GtkEventControllerMotion *motion, double x, double y, SwPlotView *self)
{
  gboolean inside_x;

  self->pointer_x = x;
  self->pointer_y = y;
  if (self->cursor_kept || self->dragging || self->panning || _sw_plot_view_is_xy (self))
    return;
  if (panel_at (self, x, y, &inside_x) >= 0 && inside_x)
    _sw_plot_view_set_cursor_internal (self, x_at (self, x), TRUE);
}

static void
on_leave (GtkEventControllerMotion *motion, SwPlotView *self)
{
  if (!self->cursor_kept && self->cursor_visible)
    _sw_plot_view_set_cursor_internal (self, self->cursor_t, FALSE);
}

static gboolean
on_scroll (GtkEventControllerScroll *scroll, double dx, double dy, SwPlotView *self)
{
  gboolean inside_x;
  double center, t0, t1;

  if (dy == 0.0 || !self->has_geometry)
    return FALSE;
  if (panel_at (self, self->pointer_x, self->pointer_y, &inside_x) >= 0 && inside_x)
    center = x_at (self, self->pointer_x);
  else
    {
      sw_plot_view_get_range (self, &t0, &t1);
      center = 0.5 * (t0 + t1);
    }
  sw_plot_view_zoom (self, pow (ZOOM_STEP, CLAMP (dy, -5.0, 5.0)), center);
  return TRUE;
}

static void
start_pan (SwPlotView *self, double x, double y)
{
  self->panning = TRUE;
  self->drag_x0 = x;
  self->drag_y0 = y;
  sw_plot_view_get_range (self, &self->pan_t0, &self->pan_t1);
  if (_sw_plot_view_is_xy (self) && self->has_geometry)
    {
      const SwPlotPanelGeometry *pg = &self->geometry.panels[0];
      self->pan_xy_y = (Range) { TRUE, pg->y_min, pg->y_max };
    }
}

static void
update_pan (SwPlotView *self, double dx, double dy)
{
  const SwPlotPanelGeometry *pg;
  double shift;

  if (!self->has_geometry)
    return;
  pg = &self->geometry.panels[0];
  shift = -dx / pg->width * (self->pan_t1 - self->pan_t0);
  if (_sw_plot_view_is_xy (self))
    {
      double y_shift = dy / pg->height * (self->pan_xy_y.max - self->pan_xy_y.min);

      self->xy_x = (Range) { TRUE, self->pan_t0 + shift, self->pan_t1 + shift };
      self->xy_y = (Range) { TRUE, self->pan_xy_y.min + y_shift, self->pan_xy_y.max + y_shift };
      _sw_plot_view_check_range (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  sw_plot_view_set_range (self, self->pan_t0 + shift, self->pan_t1 + shift);
}

static void
on_drag_begin (GtkGestureDrag *gesture, double x, double y, SwPlotView *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (state & GDK_SHIFT_MASK)
    {
      start_pan (self, x, y);
      return;
    }
  self->dragging = FALSE;
  self->drag_x0 = self->drag_x1 = x;
  self->drag_y0 = self->drag_y1 = y;
}

static void
on_drag_update (GtkGestureDrag *gesture, double dx, double dy, SwPlotView *self)
{
  if (self->panning)
    {
      update_pan (self, dx, dy);
      return;
    }
  self->drag_x1 = self->drag_x0 + dx;
  self->drag_y1 = self->drag_y0 + dy;
  if (hypot (dx, dy) >= DRAG_THRESHOLD_PX)
    self->dragging = TRUE;
  if (self->dragging)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_drag_end (GtkGestureDrag *gesture, double dx, double dy, SwPlotView *self)
{
  gboolean inside_x;

  if (self->panning)
    {
      self->panning = FALSE;
      return;
    }
  if (self->dragging)
    {
      self->dragging = FALSE;
      _sw_plot_view_zoom_to_rect (self, self->drag_x0, self->drag_y0,
                                  self->drag_x0 + dx, self->drag_y0 + dy);
      return;
    }
  /* A click on a legend's entry shows or hides its curve. */
  if (_sw_plot_view_legend_click (self, self->drag_x0, self->drag_y0))
    return;
  /* A click: the cursor stays there; with Ctrl, the second cursor. */
  if (!_sw_plot_view_is_xy (self) && panel_at (self, self->drag_x0, self->drag_y0, &inside_x) >= 0 && inside_x &&
      (gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture)) & GDK_CONTROL_MASK))
    {
      sw_plot_view_set_reference (self, x_at (self, self->drag_x0));
      return;
    }
  if (!_sw_plot_view_is_xy (self) && panel_at (self, self->drag_x0, self->drag_y0, &inside_x) >= 0 && inside_x)
    {
      _sw_plot_view_set_cursor_internal (self, x_at (self, self->drag_x0), TRUE);
      self->cursor_kept = TRUE;
    }
}

static void
on_middle_begin (GtkGestureDrag *gesture, double x, double y, SwPlotView *self)
{
  start_pan (self, x, y);
}

static void
on_middle_update (GtkGestureDrag *gesture, double dx, double dy, SwPlotView *self)
{
  update_pan (self, dx, dy);
}

static void
on_middle_end (GtkGestureDrag *gesture, double dx, double dy, SwPlotView *self)
{
  self->panning = FALSE;
}

static void
on_pressed (GtkGestureClick *click, int n_press, double x, double y, SwPlotView *self)
{
  if (n_press == 2)
    sw_plot_view_reset_range (self);
}

void
_sw_plot_view_zoom_to_rect (SwPlotView *self, double x0, double y0, double x1, double y1)
{
  const SwPlotGeometry *g = &self->geometry;
  const SwPlotPanelGeometry *pg;
  gboolean inside_x;
  int p;
  double tx0, tx1, ty0, ty1;

  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  if ((p = panel_at (self, x0, y0, &inside_x)) < 0)
    return;
  pg = &g->panels[p];
  x0 = CLAMP (x0, pg->left, pg->left + pg->width);
  x1 = CLAMP (x1, pg->left, pg->left + pg->width);
  y0 = CLAMP (y0, pg->top, pg->top + pg->height);
  y1 = CLAMP (y1, pg->top, pg->top + pg->height);
  if (fabs (x1 - x0) < 2.0)
    return;
  tx0 = x_at (self, MIN (x0, x1));
  tx1 = x_at (self, MAX (x0, x1));
  ty0 = pg->y_max - (MAX (y0, y1) - pg->top) / pg->height * (pg->y_max - pg->y_min);
  ty1 = pg->y_max - (MIN (y0, y1) - pg->top) / pg->height * (pg->y_max - pg->y_min);
  if (pg->log)
    {
      ty0 = pow (10.0, ty0);
      ty1 = pow (10.0, ty1);
    }
  if (_sw_plot_view_is_xy (self))
    {
      self->xy_x = (Range) { TRUE, tx0, tx1 };
      if (fabs (y1 - y0) >= 2.0)
        self->xy_y = (Range) { TRUE, ty0, ty1 };
      _sw_plot_view_check_range (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  if (fabs (y1 - y0) >= 2.0)
    {
      if (self->y_ranges->len <= (guint) p)
        g_array_set_size (self->y_ranges, (guint) p + 1);
      g_array_index (self->y_ranges, Range, p) = (Range) { TRUE, ty0, ty1 };
    }
  sw_plot_view_set_range (self, tx0, tx1);
}

/* ---- Actions ------------------------------------------------------------- */

static void
zoom_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SwPlotView *self = SW_PLOT_VIEW (widget);
  double t0, t1, center;

  sw_plot_view_get_range (self, &t0, &t1);
  center = self->cursor_visible && self->cursor_t >= t0 && self->cursor_t <= t1 && !_sw_plot_view_is_xy (self)
           ? self->cursor_t : 0.5 * (t0 + t1);
  sw_plot_view_zoom (self, strcmp (action_name, "plot.zoom-in") == 0 ? 1.0 / ZOOM_STEP : ZOOM_STEP, center);
}

static void
pan_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SwPlotView *self = SW_PLOT_VIEW (widget);

  if (strcmp (action_name, "plot.pan-left") == 0)
    sw_plot_view_pan (self, -PAN_STEP);
  else if (strcmp (action_name, "plot.pan-right") == 0)
    sw_plot_view_pan (self, PAN_STEP);
  else if (self->has_geometry)
    {
      /* Up and down move every panel's y range. */
      double sign = strcmp (action_name, "plot.pan-up") == 0 ? 1.0 : -1.0;
      const SwPlotGeometry *g = &self->geometry;

      for (guint p = 0; p < g->n_panels; p++)
        {
          const SwPlotPanelGeometry *pg = &g->panels[p];
          double shift = sign * PAN_STEP * (pg->y_max - pg->y_min);
          Range r = { TRUE, pg->y_min + shift, pg->y_max + shift };

          if (pg->log)
            {
              r.min = pow (10.0, r.min);
              r.max = pow (10.0, r.max);
            }
          if (_sw_plot_view_is_xy (self))
            self->xy_y = r;
          else
            {
              if (self->y_ranges->len <= p)
                g_array_set_size (self->y_ranges, p + 1);
              g_array_index (self->y_ranges, Range, p) = r;
            }
        }
      gtk_widget_queue_draw (widget);
    }
}

static void
reset_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  sw_plot_view_reset_range (SW_PLOT_VIEW (widget));
}

static void
cursor_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SwPlotView *self = SW_PLOT_VIEW (widget);
  double t0, t1, t;

  if (strcmp (action_name, "plot.hide-cursor") == 0)
    {
      sw_plot_view_hide_cursor (self);
      return;
    }
  sw_plot_view_get_range (self, &t0, &t1);
  if (!self->cursor_visible)
    t = 0.5 * (t0 + t1);
  else
    t = self->cursor_t + (strcmp (action_name, "plot.cursor-left") == 0 ? -1.0 : 1.0) * CURSOR_STEP * (t1 - t0);
  sw_plot_view_set_cursor (self, CLAMP (t, t0, t1));
}

void
sw_plot_view_get_range (SwPlotView *self, double *t0, double *t1)
{
  double a = 0.0, b = 0.0;

  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  if (!_sw_plot_view_effective_range (self, &a, &b) && self->has_geometry)
    {
      /* An X–Y plot fitted to its data: what was drawn. */
      a = self->geometry.log_x ? pow (10.0, self->geometry.x_min) : self->geometry.x_min;
      b = self->geometry.log_x ? pow (10.0, self->geometry.x_max) : self->geometry.x_max;
    }
  if (t0 != NULL)
    *t0 = a;
  if (t1 != NULL)
    *t1 = b;
}

void
sw_plot_view_set_range (SwPlotView *self, double t0, double t1)
{
  double full0, full1, smallest;

  g_return_if_fail (SW_IS_PLOT_VIEW (self));
  g_return_if_fail (isfinite (t0) && isfinite (t1));

  if (t1 < t0)
    {
      double swap = t0;
      t0 = t1;
      t1 = swap;
    }
  smallest = MIN_RANGE * MAX (1.0, MAX (fabs (t0), fabs (t1)));
  if (_sw_plot_view_full_time_range (self, &full0, &full1) && full1 > full0)
    smallest = MAX (smallest, MIN_RANGE * (full1 - full0));
  if (t1 - t0 < smallest)
    {
      double mid = 0.5 * (t0 + t1);
      t0 = mid - 0.5 * smallest;
      t1 = mid + 0.5 * smallest;
    }
  if (_sw_plot_view_is_xy (self))
    self->xy_x = (Range) { TRUE, t0, t1 };
  else
    {
      self->t0 = t0;
      self->t1 = t1;
      _sw_plot_view_set_zoomed (self, TRUE);
    }
  _sw_plot_view_check_range (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
sw_plot_view_zoom (SwPlotView *self, double factor, double center)
{
  double t0, t1;

  g_return_if_fail (SW_IS_PLOT_VIEW (self));
  g_return_if_fail (factor > 0.0 && isfinite (factor));

  sw_plot_view_get_range (self, &t0, &t1);
  if (t1 <= t0)
    return;
  if (!isfinite (center))
    center = 0.5 * (t0 + t1);
  if (_sw_plot_view_is_xy (self) && self->has_geometry && !self->xy_y.fixed)
    {
      const SwPlotPanelGeometry *pg = &self->geometry.panels[0];
      if (!pg->log)
        {
          double mid = 0.5 * (pg->y_min + pg->y_max), half = 0.5 * (pg->y_max - pg->y_min) * factor;
          self->xy_y = (Range) { TRUE, mid - half, mid + half };
        }
    }
  else if (_sw_plot_view_is_xy (self) && self->xy_y.fixed)
    {
      double mid = 0.5 * (self->xy_y.min + self->xy_y.max), half = 0.5 * (self->xy_y.max - self->xy_y.min) * factor;
      self->xy_y = (Range) { TRUE, mid - half, mid + half };
    }
  sw_plot_view_set_range (self, center + (t0 - center) * factor, center + (t1 - center) * factor);
}

void
sw_plot_view_pan (SwPlotView *self, double fraction)
{
  double t0, t1;

  g_return_if_fail (SW_IS_PLOT_VIEW (self));
  g_return_if_fail (isfinite (fraction));

  sw_plot_view_get_range (self, &t0, &t1);
  if (t1 <= t0)
    return;
  sw_plot_view_set_range (self, t0 + fraction * (t1 - t0), t1 + fraction * (t1 - t0));
}

void
sw_plot_view_reset_range (SwPlotView *self)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  if (_sw_plot_view_is_xy (self))
    self->xy_x.fixed = self->xy_y.fixed = FALSE;
  else
    {
      _sw_plot_view_clear_y_ranges (self);
      _sw_plot_view_set_zoomed (self, FALSE);
    }
  _sw_plot_view_check_range (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
sw_plot_view_get_zoomed (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), FALSE);
  return self->zoomed;
}

void
sw_plot_view_set_cursor (SwPlotView *self, double t)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));
  g_return_if_fail (isfinite (t));

  _sw_plot_view_set_cursor_internal (self, t, TRUE);
  self->cursor_kept = TRUE;
}

void
sw_plot_view_hide_cursor (SwPlotView *self)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  if (self->cursor_visible)
    _sw_plot_view_set_cursor_internal (self, self->cursor_t, FALSE);
}

gboolean
sw_plot_view_get_cursor (SwPlotView *self, double *t)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), FALSE);

  if (self->analysis != SW_PLOT_ANALYSIS_TIME)
    {
      /* The time cursor, kept aside while a spectrum is shown. */
      if (t != NULL)
        *t = self->saved.cursor_t;
      return self->saved.cursor_visible;
    }
  if (t != NULL)
    *t = self->cursor_t;
  return self->cursor_visible;
}

/* ---- Setup --------------------------------------------------------------- */

void
_sw_plot_view_class_init_input (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "plot.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "plot.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "plot.pan-left", NULL, pan_action);
  gtk_widget_class_install_action (widget_class, "plot.pan-right", NULL, pan_action);
  gtk_widget_class_install_action (widget_class, "plot.pan-up", NULL, pan_action);
  gtk_widget_class_install_action (widget_class, "plot.pan-down", NULL, pan_action);
  gtk_widget_class_install_action (widget_class, "plot.reset", NULL, reset_action);
  gtk_widget_class_install_action (widget_class, "plot.cursor-left", NULL, cursor_action);
  gtk_widget_class_install_action (widget_class, "plot.cursor-right", NULL, cursor_action);
  gtk_widget_class_install_action (widget_class, "plot.hide-cursor", NULL, cursor_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "plot.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_SHIFT_MASK, "plot.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "plot.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "plot.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "plot.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0, "plot.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "plot.pan-left", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "plot.pan-right", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "plot.pan-up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "plot.pan-down", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "plot.reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Home, 0, "plot.reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_CONTROL_MASK, "plot.cursor-left", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_CONTROL_MASK, "plot.cursor-right", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "plot.hide-cursor", NULL);
}

void
_sw_plot_view_init_input (SwPlotView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkEventController *motion, *scroll;
  GtkGesture *drag, *middle, *click;

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (widget, motion);

  scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (widget, scroll);

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drag));

  middle = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (middle), GDK_BUTTON_MIDDLE);
  g_signal_connect (middle, "drag-begin", G_CALLBACK (on_middle_begin), self);
  g_signal_connect (middle, "drag-update", G_CALLBACK (on_middle_update), self);
  g_signal_connect (middle, "drag-end", G_CALLBACK (on_middle_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (middle));

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));
}
