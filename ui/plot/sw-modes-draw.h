/* sw-modes-draw.h: the modes view's charts drawn by PLplot onto a cairo
 * context: a mode shape along the drivetrain (a line with a dot per body)
 * and a bar chart of energy shares in percent (one horizontal bar per
 * body or section, coloured on the sequential scale of sw-modes-data.h,
 * the value beside it). No GTK.
 *
 * Like sw-plot-draw.h: the current PLplot stream is an extcairo stream
 * initialised with a page of the size drawn; call from the main thread
 * only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "sw-plot-draw.h"

G_BEGIN_DECLS

typedef enum {
  SW_MODES_CHART_SHAPE,  /* values -1 … 1 against the labels */
  SW_MODES_CHART_BARS,   /* values in percent, 0 … 100 */
} SwModesChartKind;

typedef struct {
  SwModesChartKind    kind;
  const SwPlotColors *colors;     /* NULL: light */
  const char         *title;      /* above the chart, may be NULL */
  guint               n;
  const char *const  *labels;     /* n names (bodies, sections) */
  const double       *values;     /* n values */
  int                 highlight;  /* bars: the one outlined, or -1 */
} SwModesChart;

/* Paints the page (width × height) and draws chart on it through PLplot's
 * current stream. FALSE when there is nothing to draw (n == 0) or the page
 * is too small; the page is painted in any case. cr's state is kept. */
gboolean sw_modes_chart_draw (cairo_t            *cr,
                              int                 width,
                              int                 height,
                              const SwModesChart *chart);

/* How a shape chart of n bodies on a page_w × page_h mm page writes their
 * names, the longest `longest` characters: upright or across, and at most
 * how many characters of each (a longer name is shortened in the middle). */
void     sw_modes_shape_names_fit (guint     n,
                                   guint     longest,
                                   double    page_w,
                                   double    page_h,
                                   gboolean *upright,
                                   guint    *max_chars);

/* The same for the names themselves, measured letter by letter in the
 * font the charts are drawn with ("inertia1" is narrower than eight
 * average letters). */
void     sw_modes_shape_labels_fit (guint              n,
                                    const char *const *labels,
                                    double             page_w,
                                    double             page_h,
                                    gboolean          *upright,
                                    guint             *max_chars);

/* A chart's title on a page page_w mm wide: one line where it fits, else
 * two, broken at a space, the second shortened with "…" only if it still
 * does not fit. Returns the number of lines (0 for no title); first and
 * second (NULL when not used) are freed with g_free(). */
guint    sw_modes_title_lines     (const char *title,
                                   double      page_w,
                                   char      **first,
                                   char      **second);

G_END_DECLS
