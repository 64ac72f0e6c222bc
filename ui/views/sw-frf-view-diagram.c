/* sw-frf-view-diagram.c: the Bode diagram of SwFrfView: magnitude (or dB)
 * and phase over log frequency, the natural frequencies as dotted lines,
 * drawn through the view's PLplot stream or exported to a file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-frf-view-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "sw-plot-file.h"

/* ---- The scene ------------------------------------------------------------- */

typedef struct {
  SwPlotScene  scene;
  SwPlotPanel  panels[2];
  SwPlotCurve  curves[2];
  GArray      *marks;
  GPtrArray   *strings;
} Scene;

static void
scene_clear (Scene *s)
{
  g_clear_pointer (&s->marks, g_array_unref);
  g_clear_pointer (&s->strings, g_ptr_array_unref);
}

/* FALSE when there is nothing to draw. */
static gboolean
build_scene (SwFrfView *self, Scene *s, const SwPlotColors *colors)
{
  int magnitude, phase;

  memset (s, 0, sizeof *s);
  if (self->response == NULL || sw_trajectory_get_n_rows (self->response) == 0)
    return FALSE;
  magnitude = sw_trajectory_find_column (self->response, "magnitude");
  phase = sw_trajectory_find_column (self->response, "phase_deg");
  g_return_val_if_fail (magnitude >= 0 && phase >= 0, FALSE);
  s->marks = g_array_new (FALSE, TRUE, sizeof (SwPlotMark));
  s->strings = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (s->strings, self->db ? g_strdup_printf (_("magnitude [dB re 1 %s]"), self->ratio_unit)
                                        : g_strdup_printf ("%s [%s]", _("magnitude"), self->ratio_unit));
  s->panels[0] = (SwPlotPanel) { .label = g_ptr_array_index (s->strings, 0), .unit = self->ratio_unit,
                                 .log = !self->db, .db = self->db };
  s->panels[1] = (SwPlotPanel) { .label = _("phase [deg]"), .unit = "deg" };
  s->curves[0] = (SwPlotCurve) { .trajectory = self->response, .x_column = -1, .y_column = (guint) magnitude,
                                 .x_factor = 1, .y_factor = 1, .panel = 0, .color = 0,
                                 .line = SW_PLOT_LINE_SOLID, .label = _("magnitude") };
  s->curves[1] = (SwPlotCurve) { .trajectory = self->response, .x_column = -1, .y_column = (guint) phase,
                                 .x_factor = 1, .y_factor = 1, .panel = 1, .color = 1,
                                 .line = SW_PLOT_LINE_SOLID, .label = _("phase") };
  for (guint i = 0; self->natural != NULL && i < self->natural->len; i++)
    {
      char *label = g_strdup_printf ("%.4g Hz", g_array_index (self->natural, double, i));
      SwPlotMark m = { .kind = SW_PLOT_MARK_X_LINE, .x = g_array_index (self->natural, double, i), .label = label };

      g_ptr_array_add (s->strings, label);
      g_array_append_val (s->marks, m);
    }
  for (guint i = 0; self->excited != NULL && i < self->excited->len; i++)
    {
      SwPlotMark m = { .kind = SW_PLOT_MARK_X_DASHED, .x = g_array_index (self->excited, double, i),
                       .label = g_ptr_array_index (self->excited_labels, i) };

      g_array_append_val (s->marks, m);
    }
  s->scene = (SwPlotScene) {
    .colors = colors,
    .title = self->title,
    .x_label = _("frequency [Hz]"),
    .log_x = TRUE,
    .panels = s->panels,
    .n_panels = 2,
    .curves = s->curves,
    .n_curves = 2,
    .marks = (const SwPlotMark *) s->marks->data,
    .n_marks = s->marks->len,
  };
  return TRUE;
}

/* ---- Drawing --------------------------------------------------------------- */

gboolean
_sw_frf_view_render (SwFrfView *self, cairo_t *cr, int width, int height, SwPlotGeometry *geometry)
{
  Scene s;
  gboolean ok = FALSE;

  g_return_val_if_fail (SW_IS_FRF_VIEW (self), FALSE);

  cairo_save (cr);
  cairo_set_source_rgb (cr, self->colors.background[0] / 255.0, self->colors.background[1] / 255.0,
                        self->colors.background[2] / 255.0);
  cairo_paint (cr);
  cairo_restore (cr);
  if (width <= 0 || height <= 0 || !build_scene (self, &s, &self->colors))
    return FALSE;
  ok = sw_plot_widget_stream_draw (&self->stream, cr, width, height, &s.scene, geometry);
  scene_clear (&s);
  return ok;
}

void
_sw_frf_view_draw_area (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  _sw_frf_view_render (SW_FRF_VIEW (data), cr, width, height, NULL);
}

char *
_sw_frf_view_dup_magnitude_label (SwFrfView *self)
{
  Scene s;
  char *label;

  g_return_val_if_fail (SW_IS_FRF_VIEW (self), NULL);
  if (!build_scene (self, &s, NULL))
    return NULL;
  label = g_strdup (s.panels[0].label);
  scene_clear (&s);
  return label;
}

gboolean
sw_frf_view_export (SwFrfView *self, const char *path, int width_px, int height_px, GError **error)
{
  Scene s;
  gboolean ok;

  g_return_val_if_fail (SW_IS_FRF_VIEW (self), FALSE);
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
