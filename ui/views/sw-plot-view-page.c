/* sw-plot-view-page.c: the page the plot widget shows, drawn into an
 * image of its own and kept with what it showed.
 *
 * A snapshot paints the image as one picture: GTK's cairo node would
 * record every line and glyph and draw them all again when the frame is
 * rendered. The image is kept with the key of its scene
 * (sw_plot_scene_dup_key(): every field, the texts, each trajectory by
 * address and rows) and drawn again only when the key differs, so a
 * snapshot that changes nothing of the plot costs a copy.
 *
 * A new run is drawn ahead: at high idle priority, after the window has
 * handed the plot its runs and before GTK lays out the next frame, so that
 * a live edit's frame only paints the picture (the frame clock keeps
 * frames 16.7 ms apart: drawing in the frame made it that much later).
 * A short live run the window waits for inside the edit's frame (its
 * update phase, sw-window-live.c) is drawn by that frame's snapshot.
 *
 * A live edit's page is a draft (sw_plot_view_begin_draft()): its curves
 * are drawn without anti-aliasing as the pixel columns they cover
 * (sw-plot-draw-draft.c), the four-body example's page in ~3 ms instead
 * of ~6.5; a quarter of a second after the last edit it is drawn again
 * in full.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-plot-view-private.h"

#include "sw-plot-draw.h"

/* Live edits that pause this long get their page drawn in full. */
#define DRAFT_SETTLE_MS 250

/* The trajectories a key names, referenced while it is kept. */
static GPtrArray *
scene_runs (const SwPlotScene *scene)
{
  GPtrArray *runs = g_ptr_array_new_with_free_func ((GDestroyNotify) sw_trajectory_unref);

  for (guint k = 0; k < scene->n_curves; k++)
    if (k == 0 || scene->curves[k].trajectory != scene->curves[k - 1].trajectory)
      g_ptr_array_add (runs, sw_trajectory_ref ((SwTrajectory *) scene->curves[k].trajectory));
  return runs;
}

void
_sw_plot_view_page_clear (SwPlotView *self)
{
  g_clear_pointer (&self->page, cairo_surface_destroy);
  g_clear_pointer (&self->page_key, g_bytes_unref);
  g_clear_pointer (&self->page_runs, g_ptr_array_unref);
}

cairo_surface_t *
_sw_plot_view_dup_page (SwPlotView *self, int width, int height, int scale)
{
  g_autoptr(GBytes) key = NULL;
  cairo_surface_t *page;
  Scene s;
  cairo_t *cr;
  gboolean ok;

  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), NULL);

  if (width <= 0 || height <= 0 || scale <= 0)
    {
      self->geometry.need_width = self->geometry.need_height = 0;
      self->has_geometry = FALSE;
      return NULL;
    }
  /* The scene is built (and cleared) whether or not there is one. */
  if (!_sw_plot_view_build_scene (self, &s, TRUE))
    {
      _sw_plot_view_scene_clear (&s);
      _sw_plot_view_page_clear (self);
      self->geometry.need_width = self->geometry.need_height = 0;
      self->has_geometry = FALSE;
      return NULL;
    }
  key = sw_plot_scene_dup_key (&s.scene, width, height);
  if (self->page != NULL && self->page_scale == scale && g_bytes_equal (key, self->page_key))
    {
      _sw_plot_view_scene_clear (&s);
      self->geometry = self->page_geometry;
      self->has_geometry = TRUE;
      return cairo_surface_reference (self->page);
    }

  _sw_plot_view_page_clear (self);
  page = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width * scale, height * scale);
  cairo_surface_set_device_scale (page, scale, scale);
  cr = cairo_create (page);
  ok = _sw_plot_view_render (self, cr, width, height);
  cairo_destroy (cr);
  cairo_surface_flush (page);
  self->n_pages_drawn++;
  if (!ok)
    {
      _sw_plot_view_scene_clear (&s);
      cairo_surface_destroy (page);
      return NULL;
    }
  self->page = cairo_surface_reference (page);
  self->page_key = g_steal_pointer (&key);
  self->page_runs = scene_runs (&s.scene);
  self->page_scale = scale;
  self->page_geometry = self->geometry;
  _sw_plot_view_scene_clear (&s);
  return page;
}

static gboolean
draw_ahead_cb (gpointer data)
{
  SwPlotView *self = data;
  GtkWidget *widget = data;
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  cairo_surface_t *page;

  self->ahead_source = 0;
  if (!gtk_widget_get_mapped (widget) || width <= 0 || height <= 0)
    return G_SOURCE_REMOVE;
  page = _sw_plot_view_dup_page (self, width, height - _sw_plot_view_overlay_height (self, height),
                                 gtk_widget_get_scale_factor (widget));
  g_clear_pointer (&page, cairo_surface_destroy);
  return G_SOURCE_REMOVE;
}

void
_sw_plot_view_draw_ahead (SwPlotView *self)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  if (self->ahead_source != 0 || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  self->ahead_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, draw_ahead_cb, self, NULL);
  g_source_set_name_by_id (self->ahead_source, "[shaftwork] plot drawn ahead");
}

/* Edits have paused: the draft is drawn again in full. */
static gboolean
settle_cb (gpointer data)
{
  SwPlotView *self = data;

  self->draft_source = 0;
  self->draft = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

void
sw_plot_view_begin_draft (SwPlotView *self)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  self->draft = TRUE;
  g_clear_handle_id (&self->draft_source, g_source_remove);
  self->draft_source = g_timeout_add (DRAFT_SETTLE_MS, settle_cb, self);
  g_source_set_name_by_id (self->draft_source, "[shaftwork] plot draft settled");
}

guint
_sw_plot_view_get_n_pages_drawn (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), 0);
  return self->n_pages_drawn;
}
