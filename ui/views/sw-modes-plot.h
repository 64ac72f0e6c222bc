/* sw-modes-plot.h: a chart of the modes view (a mode shape or energy bars,
 * sw-modes-draw.h) as a widget with its own PLplot extcairo stream, made
 * on the first drawing and again when the size changes, ended in dispose;
 * colours from AdwStyleManager (light or dark) and the style's view colours.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "sw-modes-draw.h"

G_BEGIN_DECLS

#define SW_TYPE_MODES_PLOT (sw_modes_plot_get_type ())
G_DECLARE_FINAL_TYPE (SwModesPlot, sw_modes_plot, SW, MODES_PLOT, GtkWidget)

/* Property "kind" (SwModesChartKind, construct-only in templates). */
GtkWidget        *sw_modes_plot_new         (SwModesChartKind   kind);
SwModesChartKind  sw_modes_plot_get_kind    (SwModesPlot       *plot);
/* Copies title, the n labels and values; highlight: a bar to outline, or
 * -1. message: shown instead of the chart when n is 0 (may be NULL). */
void              sw_modes_plot_set_data    (SwModesPlot       *plot,
                                             const char        *title,
                                             guint              n,
                                             const char *const *labels,
                                             const double      *values,
                                             int                highlight,
                                             const char        *message);
guint             sw_modes_plot_get_n_values (SwModesPlot      *plot);
double            sw_modes_plot_get_value   (SwModesPlot       *plot,
                                             guint              index);
const char       *sw_modes_plot_get_label   (SwModesPlot       *plot,
                                             guint              index);
int               sw_modes_plot_get_highlight (SwModesPlot     *plot);
const char       *sw_modes_plot_get_title   (SwModesPlot       *plot);
/* Compact: the chart asks no more width than its minimum (beside a chart
 * that should take the room left). */
void              sw_modes_plot_set_compact (SwModesPlot       *plot,
                                             gboolean           compact);

G_END_DECLS
