/* sw-campbell-view-diagram.c: the Campbell diagram of SwCampbellView: the
 * scene (mode lines solid, order lines dashed and labelled, crossings
 * circled, the selected one highlighted) drawn through the view's PLplot
 * stream or exported to a file, and a click near a crossing's circle.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-campbell-view-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "sw-plot-file.h"

#define PICK_RADIUS_PX 12.0   /* a click this close to a crossing selects it */

/* ---- The scene --------------------------------------------------------------- */

char *
_sw_campbell_view_dup_order_label (SwCampbellView *self, guint index)
{
  const SwCampbellOrder *o;
  g_autofree char *order = NULL;

  g_return_val_if_fail (SW_IS_CAMPBELL_VIEW (self), NULL);
  g_return_val_if_fail (self->campbell != NULL && index < sw_campbell_get_n_orders (self->campbell), NULL);
  o = sw_campbell_get_order (self->campbell, index);
  order = g_strdup_printf ("%g", o->order);
  if (o->part != NULL)
    /* TRANSLATORS: an excitation's order line: "mesh 20× of gearPair" */
    return g_strdup_printf (_("%s %s× of %s"), o->label != NULL ? _(o->label) : "", order, o->part);
  return g_strdup_printf (_("order %s×"), order);
}

typedef struct {
  SwPlotScene scene;
  SwPlotPanel panel;
  GArray     *curves;
  GArray     *marks;
  GPtrArray  *strings;
} Scene;

static void
scene_clear (Scene *s)
{
  g_clear_pointer (&s->curves, g_array_unref);
  g_clear_pointer (&s->marks, g_array_unref);
  g_clear_pointer (&s->strings, g_ptr_array_unref);
}

static gboolean
build_scene (SwCampbellView *self, Scene *s, const SwPlotColors *colors)
{
  SwTrajectory *tr;
  guint n, selected;

  memset (s, 0, sizeof *s);
  if (self->campbell == NULL)
    return FALSE;
  tr = sw_campbell_get_diagram (self->campbell);
  n = sw_trajectory_get_n_columns (tr);
  if (n == 0 || sw_trajectory_get_n_rows (tr) == 0)
    return FALSE;
  s->curves = g_array_new (FALSE, TRUE, sizeof (SwPlotCurve));
  s->marks = g_array_new (FALSE, TRUE, sizeof (SwPlotMark));
  s->strings = g_ptr_array_new_with_free_func (g_free);
  s->panel = (SwPlotPanel) { .label = _("frequency [Hz]"), .unit = "Hz" };
  for (guint k = 0; k < n; k++)
    {
      const char *name = sw_trajectory_get_column_name (tr, k);
      SwPlotCurve c = { .trajectory = tr, .x_column = -1, .y_column = k, .x_factor = 1, .y_factor = 1,
                        .panel = 0, .color = k };
      char *label;

      if (g_str_has_prefix (name, "mode_"))
        {
          label = g_strdup_printf (_("mode %u"), (guint) g_ascii_strtoull (name + strlen ("mode_"), NULL, 10));
          c.line = SW_PLOT_LINE_SOLID;
        }
      else
        {
          g_autofree char *order = g_strndup (name + strlen ("order_"), strlen (name) - strlen ("order__hz"));
          guint index = k - (n - sw_campbell_get_n_orders (self->campbell));
          const SwCampbellOrder *o = sw_campbell_get_order (self->campbell, index);
          char *end = o->label != NULL ? g_strdup_printf (_("%s× %s"), order, _(o->label))
                                       : g_strdup_printf (_("%s×"), order);

          label = _sw_campbell_view_dup_order_label (self, index);
          g_ptr_array_add (s->strings, end);
          c.end_label = end;
          c.line = SW_PLOT_LINE_DASHED;
          /* A component's excitation (a gear mesh) in a dash of its own. */
          c.dash = o->part != NULL ? 1 : 0;
        }
      g_ptr_array_add (s->strings, label);
      c.label = label;
      g_array_append_val (s->curves, c);
    }
  selected = gtk_single_selection_get_selected (self->selection);
  for (guint i = 0; i < sw_campbell_get_n_crossings (self->campbell); i++)
    {
      const SwCriticalSpeed *cs = sw_campbell_get_crossing (self->campbell, i);
      SwPlotMark m = { .kind = SW_PLOT_MARK_POINT, .x = cs->speed_rpm, .y = cs->frequency_hz,
                       .highlight = i == selected };

      g_array_append_val (s->marks, m);
    }
  s->scene = (SwPlotScene) {
    .colors = colors,
    .title = self->title,
    .x_label = _("speed [rpm]"),
    .x_fixed = TRUE,
    .x_min = sw_trajectory_get_times (tr)[0],
    .x_max = sw_trajectory_get_times (tr)[sw_trajectory_get_n_rows (tr) - 1],
    .panels = &s->panel,
    .n_panels = 1,
    .curves = (const SwPlotCurve *) s->curves->data,
    .n_curves = s->curves->len,
    .marks = (const SwPlotMark *) s->marks->data,
    .n_marks = s->marks->len,
  };
  return TRUE;
}

/* ---- Drawing ----------------------------------------------------------------- */

gboolean
_sw_campbell_view_render (SwCampbellView *self, cairo_t *cr, int width, int height)
{
  Scene s;
  gboolean ok = FALSE;

  g_return_val_if_fail (SW_IS_CAMPBELL_VIEW (self), FALSE);

  cairo_save (cr);
  cairo_set_source_rgb (cr, self->colors.background[0] / 255.0, self->colors.background[1] / 255.0,
                        self->colors.background[2] / 255.0);
  cairo_paint (cr);
  cairo_restore (cr);
  self->has_geometry = FALSE;
  if (width <= 0 || height <= 0 || !build_scene (self, &s, &self->colors))
    return FALSE;
  ok = sw_plot_widget_stream_draw (&self->stream, cr, width, height, &s.scene, &self->geometry);
  self->has_geometry = ok;
  scene_clear (&s);
  return ok;
}

void
_sw_campbell_view_draw_area (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  _sw_campbell_view_render (SW_CAMPBELL_VIEW (data), cr, width, height);
}

gboolean
_sw_campbell_view_crossing_position (SwCampbellView *self, guint index, double *x, double *y)
{
  const SwPlotPanelGeometry *g = &self->geometry.panels[0];
  const SwCriticalSpeed *cs;

  g_return_val_if_fail (SW_IS_CAMPBELL_VIEW (self), FALSE);
  if (!self->has_geometry || self->campbell == NULL || index >= sw_campbell_get_n_crossings (self->campbell))
    return FALSE;
  cs = sw_campbell_get_crossing (self->campbell, index);
  *x = g->left + (cs->speed_rpm - self->geometry.x_min) / (self->geometry.x_max - self->geometry.x_min) * g->width;
  *y = g->top + (g->y_max - cs->frequency_hz) / (g->y_max - g->y_min) * g->height;
  return TRUE;
}

/* A click near a crossing's circle selects it. */
void
_sw_campbell_view_on_click (SwCampbellView *self, int n_press, double x, double y, GtkGestureClick *gesture)
{
  double best = PICK_RADIUS_PX * PICK_RADIUS_PX;
  guint best_index = GTK_INVALID_LIST_POSITION;

  for (guint i = 0; self->campbell != NULL && i < sw_campbell_get_n_crossings (self->campbell); i++)
    {
      double cx, cy, d;

      if (!_sw_campbell_view_crossing_position (self, i, &cx, &cy))
        break;
      d = (cx - x) * (cx - x) + (cy - y) * (cy - y);
      if (d <= best)
        best = d, best_index = i;
    }
  if (best_index != GTK_INVALID_LIST_POSITION)
    sw_campbell_view_select_crossing (self, best_index);
}

gboolean
sw_campbell_view_export (SwCampbellView *self, const char *path, int width_px, int height_px, GError **error)
{
  Scene s;
  gboolean ok;

  g_return_val_if_fail (SW_IS_CAMPBELL_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!build_scene (self, &s, sw_plot_colors_light ()))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot export “%s”: there is no diagram yet"), path);
      return FALSE;
    }
  ok = sw_plot_file_write_scene (&s.scene, path, width_px, height_px, error);
  scene_clear (&s);
  return ok;
}
