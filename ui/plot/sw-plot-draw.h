/* sw-plot-draw.h: plots drawn by PLplot onto a cairo context.
 *
 * The drawing that the plot files (sw-plot-file.h) and the plot widget
 * (sw-plot-view.h) share: panels stacked over one x axis, chosen ticks,
 * legends, faint and dashed runs behind, a cursor with read-outs, a zoom
 * rectangle. A scene says what to draw; sw_plot_draw() draws it through the
 * current PLplot stream, an extcairo stream of the page's size. No GTK.
 *
 * PLplot's current stream is process state: call all of this from the main
 * thread only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "sw-trajectory.h"

G_BEGIN_DECLS

#define SW_PLOT_MAX_PANELS 12
#define SW_PLOT_N_COLORS   12

/* RGB, 0 … 255. */
typedef struct {
  guint8 background[3];
  guint8 foreground[3];
  guint8 grid[3];
  guint8 grid_minor[3];
  guint8 curves[SW_PLOT_N_COLORS][3];  /* a qualitative palette */
} SwPlotColors;

/* A white page, and the same hues lighter on a dark one. */
const SwPlotColors *sw_plot_colors_light (void);
const SwPlotColors *sw_plot_colors_dark  (void);

typedef enum {
  SW_PLOT_LINE_SOLID,   /* the run being shown */
  SW_PLOT_LINE_FAINT,   /* the previous run, thin and faint, behind */
  SW_PLOT_LINE_DASHED,  /* a pinned run; dash says which pattern */
} SwPlotLine;

/* One curve: a column of a trajectory against its x values (time), or
 * against another column (an X–Y plot). */
typedef struct {
  const SwTrajectory *trajectory;
  int         x_column;  /* -1: the trajectory's x values */
  guint       y_column;
  double      x_factor;  /* shown value = stored value × factor (rpm, degrees) */
  double      y_factor;
  guint       panel;
  guint       color;     /* into the colours' curves, modulo their number */
  SwPlotLine  line;
  guint       dash;      /* SW_PLOT_LINE_DASHED: 0, 1, 2 … a pattern each */
  const char *label;     /* legend text (solid and dashed curves); NULL: not in the legend */
  const char *end_label; /* may be NULL: text in the curve's colour where it leaves the
                          * panel (its last point in view), e.g. "2×" on an order line */
  gboolean    hidden;    /* in the legend, greyed, but not drawn nor fitted */
  double      width;     /* 0: as its line says; else the line's width (a sum drawn
                          * bold over its thin parts) */
} SwPlotCurve;

typedef struct {
  const char *label;     /* the y axis label: "speed w [rad/s]" */
  const char *unit;      /* "deg" gets ticks at multiples of 30° */
  gboolean    log;
  gboolean    fixed;     /* y_min … y_max; otherwise fitted to the data in the x range */
  double      y_min;
  double      y_max;
  gboolean    db;        /* values shown as 20 log10 (value) on a linear axis; gaps where
                          * value <= 0; y_min, y_max as stored (not in dB) */
} SwPlotPanel;

typedef enum {
  SW_PLOT_MARK_X_LINE,   /* a thin dotted vertical line through every panel at x,
                          * its label at the top of the first panel */
  SW_PLOT_MARK_POINT,    /* a circle at (x, y) in panel */
  SW_PLOT_MARK_X_DASHED, /* a dashed vertical line like SW_PLOT_MARK_X_LINE (an
                          * excitation), its label a line below theirs, so that
                          * one next to a natural frequency keeps both */
  SW_PLOT_MARK_X_BAND,   /* a filled band from x to x_end through every panel,
                          * behind the curves (a barred speed range): amber,
                          * red where highlight (a range not allowed) */
} SwPlotMarkKind;

/* Something marked on the data: a natural frequency, a crossing. x and y
 * are as stored, like the curves' values (before a factor: none here). */
typedef struct {
  SwPlotMarkKind kind;
  double         x;
  double         y;          /* SW_PLOT_MARK_POINT */
  double         x_end;      /* SW_PLOT_MARK_X_BAND: its other end */
  guint          panel;      /* SW_PLOT_MARK_POINT */
  const char    *label;      /* may be NULL; left out where it would overlap the previous one */
  gboolean       highlight;  /* the selected one: larger and filled */
} SwPlotMark;

/* A line of the key on top that says what each run's line style means. */
typedef struct {
  const char *text;
  SwPlotLine  line;
  guint       dash;
} SwPlotKey;

typedef struct {
  const SwPlotColors *colors;      /* NULL: light */
  const char         *title;       /* may be NULL */
  const char         *x_label;
  gboolean            log_x;
  gboolean            x_fixed;     /* x_min … x_max; otherwise all the data */
  double              x_min;
  double              x_max;
  const SwPlotPanel  *panels;
  guint               n_panels;    /* 1 … SW_PLOT_MAX_PANELS */
  const SwPlotCurve  *curves;
  guint               n_curves;
  const SwPlotKey    *keys;
  guint               n_keys;
  gboolean            readouts;    /* room in the legends for values at a cursor */
  gboolean            cursor;      /* a cursor at cursor_x (time), values in the legends */
  double              cursor_x;
  const char         *cursor_unit; /* after the cursor's x, e.g. "s"; may be NULL */
  gboolean            reference;   /* a second, dashed cursor at reference_x (the
                                    * differences are the widget's to show) */
  double              reference_x;
  gboolean            selection;   /* a rectangle being dragged, in panel selection_panel */
  guint               selection_panel;
  double              selection_x0, selection_x1, selection_y0, selection_y1;
  const SwPlotMark   *marks;       /* drawn over the curves; may be NULL */
  guint               n_marks;
  gboolean            draft;       /* curves drawn quickly, without anti-aliasing
                                    * (sw-plot-draw-draft.c): a live edit's frame,
                                    * drawn again in full once the edits pause;
                                    * never a file */
} SwPlotScene;

/* Where things were drawn, in page pixels from the top left corner. */
typedef struct {
  double   left, top, width, height;
  double   y_min, y_max;  /* the range drawn, as shown (log10 on a log axis) */
  gboolean log;
} SwPlotPanelGeometry;

#define SW_PLOT_MAX_LEGEND 64

/* A legend's line, where a click can find its curve. */
typedef struct {
  guint  curve;                      /* into the scene's curves */
  double left, top, width, height;
} SwPlotLegendEntry;

typedef struct {
  double              x_min, x_max;  /* as shown (log10 on a log axis) */
  gboolean            log_x;
  guint               n_panels;
  SwPlotPanelGeometry panels[SW_PLOT_MAX_PANELS];
  guint               n_points;      /* given to PLplot, after thinning */
  guint               n_legend;      /* the legends' entries, by curve */
  SwPlotLegendEntry   legend[SW_PLOT_MAX_LEGEND];
  int                 need_width;    /* when it did not fit: the page it needs */
  int                 need_height;
} SwPlotGeometry;

/* Draws scene onto cr (a page of width × height, which it paints) through
 * PLplot's current stream, an extcairo stream initialised with a page of
 * that size. Long curves are thinned to their minimum and maximum per pixel
 * column. FALSE when the panels and legends do not fit even with smaller
 * text; geometry (may be NULL) then says the size needed. cr's state is
 * as it was afterwards. */
gboolean sw_plot_draw             (cairo_t            *cr,
                                   int                 width,
                                   int                 height,
                                   const SwPlotScene  *scene,
                                   SwPlotGeometry     *geometry);

/* A key equal for two scenes exactly when sw_plot_draw() draws the same
 * page of width × height for them: every field, the texts, and each
 * curve's trajectory by its address and number of rows (a trajectory only
 * grows). Whoever keeps a key keeps the trajectories alive with it, so
 * that no other one takes an address it names. Free with g_bytes_unref(). */
GBytes  *sw_plot_scene_dup_key    (const SwPlotScene  *scene,
                                   int                 width,
                                   int                 height);

/* Whether PLplot's extcairo driver is installed: without it plinit() asks
 * on stdin for another device and finally leaves the process. */
gboolean sw_plot_driver_available (void);

/* A new extcairo stream for pages of width × height, initialised; the
 * current stream stays current. -1 when PLplot has no free stream. */
int      sw_plot_stream_new       (int                 width,
                                   int                 height);
/* The same, without anti-aliasing (lines and text) when aliased: only
 * the colours the scene sets, for an image sent to a terminal. */
int      sw_plot_stream_new_full  (int                 width,
                                   int                 height,
                                   gboolean            aliased);
/* The same for a widget, drawn again at every edit of a live run: lines
 * anti-aliased by cairo's fast rasteriser (CAIRO_ANTIALIAS_FAST), which
 * takes a third less time than its default on long curves; text as in
 * files. */
int      sw_plot_stream_new_screen (int                width,
                                    int                height);
/* Makes stream current, draws with sw_plot_draw() and makes the previous
 * stream current again. */
gboolean sw_plot_stream_draw      (int                 stream,
                                   cairo_t            *cr,
                                   int                 width,
                                   int                 height,
                                   const SwPlotScene  *scene,
                                   SwPlotGeometry     *geometry);
/* Ends stream (plend1) and makes the previous stream current again. */
void     sw_plot_stream_free      (int                 stream);

/* The quantity a unit measures, translated: "rad/s" → "speed", "N.m" →
 * "torque" … NULL for a unit it does not know. */
const char *sw_plot_unit_quantity (const char *unit);

/* A unit as text shows it: "N.m" → "N·m", "kg.m2" → "kg·m²", "deg" → "°"
 * ("1/s", "rad/s" stay). Free with g_free(). */
char       *sw_plot_dup_unit_text (const char *unit);

/* PLplot reads '#' as the start of an escape sequence: doubled. */
char       *sw_plot_escape_text   (const char *text);

G_END_DECLS
