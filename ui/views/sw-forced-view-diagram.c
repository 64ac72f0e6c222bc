/* sw-forced-view-diagram.c: the forced response plot of SwForcedView: the
 * scene (the section's amplitude summed over the orders bold, each order
 * thin, the peak of the synthesised signal dashed; the critical speeds of
 * the excited orders as dotted lines; with limits, the allowable stresses
 * dashed and the barred speed ranges shaded; the cursor) drawn through the view's
 * PLplot stream or exported to a file, the pointer that moves the cursor,
 * and the sections' loads at the cursor (the read-out, the canvas).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-forced-view-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "sw-plot-file.h"

#define SUM_WIDTH   2.8
#define ORDER_WIDTH 0.9

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

const char *
_sw_forced_view_quantity (SwForcedView *self)
{
  return self->diameter_m > 0 ? "stress_amp" : "tau_amp";
}

static gboolean
is_excited_order (SwForcedView *self, double order)
{
  for (guint k = 0; k < self->orders->len; k++)
    if (fabs (g_array_index (self->orders, double, k) - order) <= 1e-9 * order)
      return TRUE;
  return FALSE;
}

static gboolean
build_scene (SwForcedView *self, Scene *s, const SwPlotColors *colors)
{
  SwTrajectory *tr = self->response;
  const char *section = _sw_forced_view_plotted_section (self);
  g_autofree char *sum_name = NULL, *peak_name = NULL, *order_prefix = NULL;
  double factor = self->diameter_m > 0 ? 16 / (G_PI * pow (self->diameter_m, 3)) * 1e-6 : 1;
  guint n, color = 1;
  int sum;

  memset (s, 0, sizeof *s);
  if (tr == NULL || section == NULL || sw_trajectory_get_n_rows (tr) == 0)
    return FALSE;
  sum_name = g_strdup_printf ("%s.tau_amp", section);
  peak_name = g_strdup_printf ("%s.tau_peak", section);
  order_prefix = g_strdup_printf ("%s.tau_amp@", section);
  sum = sw_trajectory_find_column (tr, sum_name);
  if (sum < 0)
    return FALSE;
  n = sw_trajectory_get_n_columns (tr);
  s->curves = g_array_new (FALSE, TRUE, sizeof (SwPlotCurve));
  s->marks = g_array_new (FALSE, TRUE, sizeof (SwPlotMark));
  s->strings = g_ptr_array_new_with_free_func (g_free);
  s->panel = (SwPlotPanel) {
    .label = self->diameter_m > 0 ? _("stress amplitude [MPa]") : _("vibratory torque amplitude [N·m]"),
    .unit = self->diameter_m > 0 ? "MPa" : "N.m",
    /* Resonance peaks span decades over the rest. */
    .log = TRUE,
  };
  {
    /* Translators: the bold curve: the orders' amplitudes added. */
    char *label = g_strdup (_("sum of the orders"));
    SwPlotCurve c = { .trajectory = tr, .x_column = -1, .y_column = (guint) sum, .x_factor = 1,
                      .y_factor = factor, .color = 0, .line = SW_PLOT_LINE_SOLID, .label = label,
                      .width = SUM_WIDTH };

    g_ptr_array_add (s->strings, label);
    g_array_append_val (s->curves, c);
  }
  for (guint k = 0; k < n; k++)
    {
      const char *name = sw_trajectory_get_column_name (tr, k);
      char *label;
      SwPlotCurve c = { .trajectory = tr, .x_column = -1, .y_column = k, .x_factor = 1, .y_factor = factor,
                        .line = SW_PLOT_LINE_SOLID, .width = ORDER_WIDTH };

      if (!g_str_has_prefix (name, order_prefix))
        continue;
      label = g_strdup_printf (_("order %s×"), name + strlen (order_prefix));
      g_ptr_array_add (s->strings, label);
      c.label = label;
      c.end_label = NULL;
      c.color = color++;
      g_array_append_val (s->curves, c);
    }
  if (self->orders->len > 1 && sw_trajectory_find_column (tr, peak_name) >= 0)
    {
      SwPlotCurve c = { .trajectory = tr, .x_column = -1, .y_column = (guint) sw_trajectory_find_column (tr, peak_name),
                        .x_factor = 1, .y_factor = factor, .color = 0, .line = SW_PLOT_LINE_DASHED,
                        /* Translators: the dashed curve: the peak of the periodic torque the orders make together. */
                        .label = _("peak of the summed signal") };

      g_array_append_val (s->curves, c);
    }
  /* The limits of the section (MPa, as stored) and its barred ranges shaded. */
  if (self->diameter_m > 0)
    {
      static const char *const suffix[] = { "stress_limit_cont", "stress_limit_trans" };

      for (guint k = 0; k < G_N_ELEMENTS (suffix); k++)
        {
          g_autofree char *name = g_strdup_printf ("%s.%s", section, suffix[k]);
          int column = sw_trajectory_find_column (tr, name);
          /* The palette's last colour: apart from the sum's and the orders'. */
          SwPlotCurve c = { .trajectory = tr, .x_column = -1, .x_factor = 1, .y_factor = 1,
                            .color = SW_PLOT_N_COLORS - 1,
                            .line = SW_PLOT_LINE_DASHED, .dash = 1 + k, .width = ORDER_WIDTH,
                            /* Translators: the allowable stress curves of the classification rule. */
                            .label = k == 0 ? _("allowable, continuous") : _("allowable, transient") };

          if (column < 0)
            continue;
          c.y_column = (guint) column;
          g_array_append_val (s->curves, c);
        }
    }
  for (guint i = 0; self->ranges != NULL && self->diameter_m > 0 && i < self->ranges->len; i++)
    {
      const SwForcedRange *r = &g_array_index (self->ranges, SwForcedRange, i);
      SwPlotMark m = { .kind = SW_PLOT_MARK_X_BAND, .x = r->from_rpm, .x_end = r->to_rpm,
                       .highlight = r->kind == SW_FORCED_RANGE_NOT_ALLOWED };

      if (g_strcmp0 (r->part, section) == 0)
        g_array_append_val (s->marks, m);
    }
  for (guint i = 0; self->campbell != NULL && i < sw_campbell_get_n_crossings (self->campbell); i++)
    {
      const SwCriticalSpeed *cs = sw_campbell_get_crossing (self->campbell, i);
      char *label;
      SwPlotMark m = { .kind = SW_PLOT_MARK_X_LINE, .x = cs->speed_rpm };

      if (!is_excited_order (self, cs->order))
        continue;
      /* Translators: a critical speed's mark: order and mode, "2× m1". */
      label = g_strdup_printf (_("%g× m%u"), cs->order, cs->mode);
      g_ptr_array_add (s->strings, label);
      m.label = label;
      g_array_append_val (s->marks, m);
    }
  {
    /* Translators: the forced response plot's title: the section, the excited body. */
    char *title = g_strdup_printf (_("Forced response of %s, excited at %s"), section,
                                   self->excited != NULL ? self->excited : "");

    g_ptr_array_add (s->strings, title);
  }
  s->scene = (SwPlotScene) {
    .colors = colors,
    .title = g_ptr_array_index (s->strings, s->strings->len - 1),
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
    .cursor = isfinite (self->cursor_rpm),
    .readouts = isfinite (self->cursor_rpm),
    .cursor_x = self->cursor_rpm,
    .cursor_unit = "rpm",
  };
  return TRUE;
}

guint
_sw_forced_view_get_n_bands (SwForcedView *self)
{
  Scene s;
  guint n = 0;

  if (!build_scene (self, &s, sw_plot_colors_light ()))
    return 0;
  for (guint i = 0; i < s.marks->len; i++)
    n += g_array_index (s.marks, SwPlotMark, i).kind == SW_PLOT_MARK_X_BAND;
  scene_clear (&s);
  return n;
}

gboolean
_sw_forced_view_get_band (SwForcedView *self, guint index, double *from_rpm, double *to_rpm,
                          SwForcedRangeKind *kind)
{
  Scene s;
  gboolean ok = FALSE;

  if (!build_scene (self, &s, sw_plot_colors_light ()))
    return FALSE;
  for (guint i = 0; i < s.marks->len && !ok; i++)
    {
      const SwPlotMark *m = &g_array_index (s.marks, SwPlotMark, i);

      if (m->kind != SW_PLOT_MARK_X_BAND || index-- > 0)
        continue;
      *from_rpm = m->x;
      *to_rpm = m->x_end;
      *kind = m->highlight ? SW_FORCED_RANGE_NOT_ALLOWED : SW_FORCED_RANGE_BARRED;
      ok = TRUE;
    }
  scene_clear (&s);
  return ok;
}

guint
_sw_forced_view_get_n_curves (SwForcedView *self)
{
  Scene s;
  guint n;

  if (!build_scene (self, &s, sw_plot_colors_light ()))
    return 0;
  n = s.curves->len;
  scene_clear (&s);
  return n;
}

gboolean
_sw_forced_view_get_curve (SwForcedView *self, guint index, guint *column, gboolean *is_sum, double *factor)
{
  Scene s;
  gboolean ok;

  if (!build_scene (self, &s, sw_plot_colors_light ()))
    return FALSE;
  ok = index < s.curves->len;
  if (ok)
    {
      const SwPlotCurve *c = &g_array_index (s.curves, SwPlotCurve, index);

      *column = c->y_column;
      *is_sum = c->width == SUM_WIDTH;
      *factor = c->y_factor;
    }
  scene_clear (&s);
  return ok;
}

/* ---- The canvas and the read-out ---------------------------------------------- */

const char *
_sw_forced_view_plotted_section (SwForcedView *self)
{
  const char *chosen = sw_forced_view_get_section (self);

  return chosen != NULL ? chosen : self->most_loaded;
}

/* The sections' loads at the cursor: the read-out, the most loaded one,
 * and the canvas's colours while the view shows. */
void
_sw_forced_view_update_loads (SwForcedView *self)
{
  g_autoptr (GPtrArray) ids = g_ptr_array_new ();
  g_autoptr (GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GString) text = g_string_new (NULL);
  double top = 0;
  int best = -1;

  g_clear_pointer (&self->loaded_at_cursor, g_free);
  if (self->response != NULL && sw_trajectory_get_n_rows (self->response) > 0 && isfinite (self->cursor_rpm))
    {
      SwTrajectory *tr = self->response;
      double factor = self->diameter_m > 0 ? 16 / (G_PI * pow (self->diameter_m, 3)) * 1e-6 : 1;
      const char *unit = self->diameter_m > 0 ? "MPa" : "N·m";
      const char *shown = _sw_forced_view_plotted_section (self);

      for (guint c = 0; c < sw_trajectory_get_n_columns (tr); c++)
        {
          const char *name = sw_trajectory_get_column_name (tr, c);
          double v;

          if (!g_str_has_suffix (name, ".tau_amp"))
            continue;
          v = sw_trajectory_interpolate (tr, c, self->cursor_rpm);
          g_ptr_array_add (ids, (gpointer) name);
          g_array_append_val (values, v);
          if (isfinite (v) && (best < 0 || v > top))
            top = v, best = (int) ids->len - 1;
        }
      if (best >= 0)
        {
          const char *name = g_ptr_array_index (ids, best);

          self->loaded_at_cursor = g_strndup (name, strlen (name) - strlen (".tau_amp"));
          /* Translators: the read-out under the forced response: speed, the most loaded section, its amplitude. */
          g_string_printf (text, _("%.0f rpm: most loaded %s, %.4g %s"), self->cursor_rpm,
                           self->loaded_at_cursor, top * factor, unit);
          if (shown != NULL && g_strcmp0 (shown, self->loaded_at_cursor) != 0)
            {
              g_autofree char *column = g_strdup_printf ("%s.tau_amp", shown);
              int k = sw_trajectory_find_column (tr, column);

              if (k >= 0)
                g_string_append_printf (text, _("; %s %.4g %s"), shown,
                                        sw_trajectory_interpolate (tr, (guint) k, self->cursor_rpm) * factor, unit);
            }
          /* The cursor in a shaded range of the section plotted. */
          for (guint i = 0; self->ranges != NULL && self->diameter_m > 0 && i < self->ranges->len; i++)
            {
              const SwForcedRange *r = &g_array_index (self->ranges, SwForcedRange, i);

              if (g_strcmp0 (r->part, shown) != 0 || self->cursor_rpm < r->from_rpm || self->cursor_rpm > r->to_rpm)
                continue;
              g_string_append_printf (text, r->kind == SW_FORCED_RANGE_NOT_ALLOWED
                                      /* Translators: after the read-out: the cursor's speed range, rpm to rpm. */
                                      ? _(" — not allowed %.0f–%.0f rpm")
                                      /* Translators: after the read-out: a range to pass through quickly. */
                                      : _(" — barred %.0f–%.0f rpm"),
                                      r->from_rpm, r->to_rpm);
              break;
            }
        }
    }
  gtk_label_set_text (self->readout, text->str);

  if (self->canvas == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  if (best < 0)
    {
      sw_canvas_clear_mode (self->canvas);
      return;
    }
  {
    g_autofree char *title = NULL;
    g_autofree const char **section_ids = g_new0 (const char *, ids->len + 1);
    g_autofree char **owned = g_new0 (char *, ids->len + 1);
    g_autofree double *shares = g_new0 (double, MAX (ids->len, 1));

    for (guint k = 0; k < ids->len; k++)
      {
        const char *name = g_ptr_array_index (ids, k);

        owned[k] = g_strndup (name, strlen (name) - strlen (".tau_amp"));
        section_ids[k] = owned[k];
        shares[k] = top > 0 ? g_array_index (values, double, k) / top : 0;
      }
    /* Translators: the canvas legend's title; %.0f is the speed in rpm. */
    title = g_strdup_printf (_("Forced response at %.0f rpm: vibratory torque"), self->cursor_rpm);
    sw_canvas_set_loads (self->canvas, title, section_ids, shares, ids->len, self->loaded_at_cursor);
    for (guint k = 0; k < ids->len; k++)
      g_free (owned[k]);
  }
}

/* ---- Drawing ----------------------------------------------------------------- */

gboolean
_sw_forced_view_render (SwForcedView *self, cairo_t *cr, int width, int height)
{
  Scene s;
  gboolean ok = FALSE;

  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), FALSE);

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
_sw_forced_view_draw_area (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  _sw_forced_view_render (SW_FORCED_VIEW (data), cr, width, height);
}

gboolean
_sw_forced_view_speed_position (SwForcedView *self, double rpm, double *x)
{
  const SwPlotPanelGeometry *g = &self->geometry.panels[0];

  if (!self->has_geometry || !(self->geometry.x_max > self->geometry.x_min))
    return FALSE;
  *x = g->left + (rpm - self->geometry.x_min) / (self->geometry.x_max - self->geometry.x_min) * g->width;
  return TRUE;
}

/* A press or drag on the plot puts the cursor at its speed. */
void
_sw_forced_view_on_pointer (SwForcedView *self, double x)
{
  const SwPlotPanelGeometry *g = &self->geometry.panels[0];

  if (!self->has_geometry || g->width <= 0)
    return;
  sw_forced_view_set_cursor (self, self->geometry.x_min + (x - g->left) / g->width *
                                     (self->geometry.x_max - self->geometry.x_min));
}

gboolean
sw_forced_view_export (SwForcedView *self, const char *path, int width_px, int height_px, GError **error)
{
  Scene s;
  gboolean ok;

  g_return_val_if_fail (SW_IS_FORCED_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!build_scene (self, &s, sw_plot_colors_light ()))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot export “%s”: there is no response yet"), path);
      return FALSE;
    }
  ok = sw_plot_file_write_scene (&s.scene, path, width_px, height_px, error);
  scene_clear (&s);
  return ok;
}
