/* sw-plot-widget.h: what the plot widgets share: a PLplot stream of their
 * own and the colours of the current style.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>
#include "sw-plot-draw.h"

G_BEGIN_DECLS

/* A widget's own extcairo stream: made on the first drawing, made again
 * when the size changes (an extcairo stream has a fixed page size), ended
 * by sw_plot_widget_stream_clear() in dispose. Main thread only. */
typedef struct {
  int id;      /* -1: none yet */
  int width, height;
} SwPlotWidgetStream;

#define SW_PLOT_WIDGET_STREAM_INIT { -1, 0, 0 }

/* The stream for pages of width × height, made (again) when needed; -1
 * when the extcairo driver is missing or PLplot has no free stream. The
 * current stream stays current. */
int      sw_plot_widget_stream_get   (SwPlotWidgetStream  *stream,
                                      int                  width,
                                      int                  height);
/* sw_plot_stream_draw() through the widget's stream; FALSE without one. */
gboolean sw_plot_widget_stream_draw  (SwPlotWidgetStream  *stream,
                                      cairo_t             *cr,
                                      int                  width,
                                      int                  height,
                                      const SwPlotScene   *scene,
                                      SwPlotGeometry      *geometry);
/* Ends the stream, if any; the caller's current stream stays current. */
void     sw_plot_widget_stream_clear (SwPlotWidgetStream  *stream);

/* The palette of AdwStyleManager's style (light or dark) with the page,
 * text and grid colours of the style's views as widget sees them; queues
 * a drawing of redraw. */
void     sw_plot_widget_update_colors (GtkWidget    *widget,
                                       GtkWidget    *redraw,
                                       SwPlotColors *colors);
/* Calls update (swapped: update (widget)) whenever the style turns dark or
 * light, for as long as widget lives. Call update from css_changed too. */
void     sw_plot_widget_follow_style  (GtkWidget    *widget,
                                       GCallback     update);
/* A plot page's status line: the error in red, else the note (why the
 * result is empty), else hidden. */
void     sw_plot_widget_show_status   (GtkLabel     *status,
                                       const GError *error,
                                       const char   *note);

G_END_DECLS
