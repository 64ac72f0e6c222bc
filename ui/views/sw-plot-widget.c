/* sw-plot-widget.c: a PLplot stream of a widget's own, and the colours of
 * the current style, shared by the plot, FRF, Campbell and modes widgets.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-plot-widget.h"

#include <math.h>
#include <adwaita.h>

int
sw_plot_widget_stream_get (SwPlotWidgetStream *stream, int width, int height)
{
  g_return_val_if_fail (stream != NULL, -1);

  if (stream->id >= 0 && (stream->width != width || stream->height != height))
    sw_plot_widget_stream_clear (stream);
  if (stream->id < 0 && sw_plot_driver_available ())
    {
      stream->id = sw_plot_stream_new_screen (width, height);
      stream->width = width;
      stream->height = height;
    }
  return stream->id;
}

gboolean
sw_plot_widget_stream_draw (SwPlotWidgetStream *stream, cairo_t *cr, int width, int height,
                            const SwPlotScene *scene, SwPlotGeometry *geometry)
{
  int id = sw_plot_widget_stream_get (stream, width, height);

  return id >= 0 && sw_plot_stream_draw (id, cr, width, height, scene, geometry);
}

void
sw_plot_widget_stream_clear (SwPlotWidgetStream *stream)
{
  g_return_if_fail (stream != NULL);

  if (stream->id < 0)
    return;
  sw_plot_stream_free (stream->id);
  stream->id = -1;
}

static void
rgb_from_gdk (guint8 out[3], const GdkRGBA *c)
{
  out[0] = (guint8) lround (CLAMP (c->red, 0.0, 1.0) * 255);
  out[1] = (guint8) lround (CLAMP (c->green, 0.0, 1.0) * 255);
  out[2] = (guint8) lround (CLAMP (c->blue, 0.0, 1.0) * 255);
}

static void
mix (guint8 out[3], const guint8 a[3], const guint8 b[3], double t)
{
  for (int i = 0; i < 3; i++)
    out[i] = (guint8) lround (a[i] * (1.0 - t) + b[i] * t);
}

void
sw_plot_widget_update_colors (GtkWidget *widget, GtkWidget *redraw, SwPlotColors *colors)
{
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  GtkStyleContext *context;
  GdkRGBA bg, fg;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (colors != NULL);

  context = gtk_widget_get_style_context (widget);
  *colors = *(dark ? sw_plot_colors_dark () : sw_plot_colors_light ());
  if (gtk_style_context_lookup_color (context, "view_bg_color", &bg) &&
      gtk_style_context_lookup_color (context, "view_fg_color", &fg))
    {
      rgb_from_gdk (colors->background, &bg);
      rgb_from_gdk (colors->foreground, &fg);
      mix (colors->grid, colors->background, colors->foreground, dark ? 0.2 : 0.13);
      mix (colors->grid_minor, colors->background, colors->foreground, dark ? 0.1 : 0.065);
    }
  if (redraw != NULL)
    gtk_widget_queue_draw (redraw);
}

void
sw_plot_widget_follow_style (GtkWidget *widget, GCallback update)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (update != NULL);

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark", update, widget,
                           G_CONNECT_SWAPPED);
}

void
sw_plot_widget_show_status (GtkLabel *status, const GError *error, const char *note)
{
  const char *text = error != NULL ? error->message : note;

  g_return_if_fail (GTK_IS_LABEL (status));

  gtk_label_set_text (status, text != NULL ? text : "");
  /* Whole in the tooltip where the label's lines cut it short. */
  gtk_widget_set_tooltip_text (GTK_WIDGET (status), text);
  gtk_widget_set_visible (GTK_WIDGET (status), text != NULL);
  if (error != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (status), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (status), "error");
}
