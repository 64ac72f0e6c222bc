/* sw-plot-draw-private.h: what the files of sw_plot_draw() share: the
 * colour map's slots, the page's dimensions, ticks, panels and the layout.
 *
 *   sw-plot-draw.c         colours, streams, the layout and the page
 *   sw-plot-draw-axes.c    ranges, ticks and their labels
 *   sw-plot-draw-curves.c  values as shown, data ranges, thinning, line styles
 *   sw-plot-draw-labels.c  title, keys, legends, cursor, marks, end labels
 *   sw-plot-draw-draft.c   a live edit's curves, as the pixel columns they cover
 *
 * No GTK: this is ui/plot's library.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <math.h>
#include <plplot.h>

#include "sw-plot-draw.h"

G_BEGIN_DECLS

/* cmap0 */
enum {
  COLOR_BACKGROUND,
  COLOR_FOREGROUND,
  COLOR_GRID,
  COLOR_GRID_MINOR,
  COLOR_SELECTION,        /* the foreground, nearly transparent */
  COLOR_FAINT_FOREGROUND,
  COLOR_BAND,             /* SW_PLOT_MARK_X_BAND: amber, translucent */
  COLOR_BAND_HIGHLIGHT,   /* … highlighted: red, translucent */
  COLOR_CURVES,
  COLOR_FAINT_CURVES = COLOR_CURVES + SW_PLOT_N_COLORS,
  COLOR_DASHED_CURVES = COLOR_FAINT_CURVES + SW_PLOT_N_COLORS,
  N_COLORS = COLOR_DASHED_CURVES + SW_PLOT_N_COLORS
};

#define FAINT_ALPHA     0.5
#define DASHED_ALPHA    0.8
#define SELECTION_ALPHA 0.12
#define BAND_ALPHA      0.25
#define BAND_HIGHLIGHT_ALPHA 0.45

/* Text height on a page of 800 × 600 pixels (PLplot takes 72 pixels a inch)
 * and larger; smaller pages get smaller text. */
#define CHAR_HEIGHT_MM     4.9
#define PAGE_W_MM          (800 * 25.4 / 72)
#define PAGE_H_MM          (600 * 25.4 / 72)

/* Lengths in character heights. */
#define MARGIN_TOP_TITLE   3.0
#define MARGIN_TOP         1.0
#define MARGIN_BOTTOM      4.3
#define MARGIN_LEFT        1.3  /* beyond the unit label */
#define MARGIN_RIGHT       1.0
#define PANEL_GAP          1.4
#define PANEL_MIN_HEIGHT   3.0
#define PANEL_MIN_WIDTH    10.0
#define Y_LABEL_DISP       0.5  /* where PLplot puts horizontal y tick labels */
#define X_TICK_LABEL_DISP  1.5  /* where PLplot puts x tick labels */
#define Y_LABEL_SPACING    1.9  /* at least this far apart */
#define UNIT_LABEL_GAP     1.0
#define X_LABEL_DISP       3.0
#define LOG_SUBTICKS_MIN   2.5  /* a decade at least this long has ticks at 2 … 9 */
#define LOG_SUBGRID_MIN    6.0  /* and grid lines there when at least this long */
#define LEGEND_LINE        2.5
#define LEGEND_GAP         0.6
#define LEGEND_TEXT_OFFSET 0.8
#define LEGEND_SPACING     1.8
#define TITLE_SCALE        1.25
#define CHAR_WIDTH         0.75 /* of a character of a name, generous */
#define DIGIT_WIDTH        0.85 /* of a character of a tick label */

#define CURVE_WIDTH 1.6
#define GRID_WIDTH  0.6
#define AXIS_WIDTH  0.8
#define FAINT_WIDTH        1.0
#define DASHED_WIDTH       1.2
#define CURSOR_WIDTH       1.0
#define MARK_RADIUS        0.35 /* of a marked point's circle */
#define READOUT_CHARS      10   /* room for a value at the cursor */
#define READOUT_CHARS_ABOVE 8   /* in a legend above the panels, where rows are short */
#define READOUT_GAP        1.0
#define CURSOR_LABEL_ROW   1.3  /* above the first panel, for the cursor's x */
#define CURSOR_LABEL_DISP  0.9
#define KEY_GAP            2.0  /* between the keys on top */
#define X_LABEL_OVERHANG   1.5  /* half of a wide x tick label, right of the panels */
#define RIGHT_LEGEND_SHARE 0.65 /* legends beside the panels only when these keep this much of the width */
#define LABEL_MIN_SCALE    0.6  /* a long y axis label shrinks at most this much */
#define THIN_FACTOR        4    /* curves longer than this many points a pixel column are thinned */

/* Tick labels, chosen here rather than by PLplot: PLplot moves a common factor
 * into a separate "(x10^n)" label that collides with the panel above, and
 * cannot show a small variation around a large value. On a logarithmic axis
 * the values are log10 of the data and the labels are drawn here. */
typedef struct {
  double   step;      /* between labelled ticks; on a log axis in decades */
  int      digits;    /* after the decimal point (of the mantissa) */
  gboolean exponent;  /* "1.5e-4" rather than "0.00015" */
  gboolean log;
  int      every;     /* log: label every this many decades */
  gboolean minor;     /* log: label 2 and 5 times each power of ten too */
  gboolean subticks;  /* log: ticks at 2 … 9 times each power of ten */
  gboolean subgrid;   /* log: grid lines there too */
} Ticks;

/* A label on a logarithmic axis. */
typedef struct {
  double position;    /* log10 of the value */
  char   text[32];
} LogLabel;

/* What the layout needs of a panel. */
typedef struct {
  const SwPlotPanel *spec;
  double             y_min;   /* as shown: log10 on a log axis */
  double             y_max;
  Ticks              y_ticks;
  guint              n_entries;
} Panel;

/* Page geometry in millimetres. */
typedef struct {
  double scale;       /* of PLplot's default character height */
  double char_height;
  double page_w, page_h;
  double top, bottom, left, right, gap;
  double panel_w, panel_h;
  double unit_disp;   /* of the unit label, in character heights */
  double key_top;     /* of the first row of keys, from the top */
  guint  n_key_rows;
  double x_min, x_max; /* log10 on a log axis */
  Ticks  x_ticks;
  /* Legends right of the panels, or, where that would leave the panels too
   * narrow, above each panel in rows (the first one's above the cursor's x). */
  gboolean legend_above;
  double   legend_h[SW_PLOT_MAX_PANELS]; /* above: the rows of panel p's legend */
  double   readout_w;   /* of a value at the cursor, when there is room for one */
} Layout;

/* Where a legend's entry goes: its line starts at x, its row's middle is at
 * y (millimetres from the page's bottom left), and its room is width wide. */
typedef struct {
  guint  curve;
  double x, y, width;
} LegendPlace;

/* How an axis shows values: AXIS_LOG is TRUE, so a gboolean log flag is an
 * axis kind too. */
enum { AXIS_LINEAR = 0, AXIS_LOG = 1, AXIS_DB = 2 };

/* Non-finite values, and values so large that PLplot's arithmetic on them
 * would overflow, are gaps. */
static inline gboolean
_sw_plot_plottable (double value)
{
  return fabs (value) < 1e300; /* FALSE for NaN too */
}

/* A stored value as shown: scaled, log10 on a log axis, 20 log10 in dB;
 * NaN for a gap. */
static inline double
_sw_plot_shown (double value, double factor, int axis)
{
  value *= factor;
  if (!_sw_plot_plottable (value))
    return NAN;
  if (axis == AXIS_LOG)
    return value > 0.0 ? log10 (value) : NAN;
  if (axis == AXIS_DB)
    return value > 0.0 ? 20.0 * log10 (value) : NAN;
  return value;
}

/* sw-plot-draw.c */
char  *_sw_plot_escape_text   (const char   *text);
gsize  _sw_plot_text_length   (const char   *text);
void   _sw_plot_page_viewport (const Layout *l);
/* The top of panel p, in millimetres from the page's bottom. */
double _sw_plot_panel_top     (const Layout *l,
                               guint         p);

/* sw-plot-draw-axes.c */
void        _sw_plot_pad_range       (gboolean     found,
                                      double      *min,
                                      double      *max);
void        _sw_plot_pad_log_range   (gboolean     found,
                                      double      *min,
                                      double      *max);
Ticks       _sw_plot_ticks_for_range (double       min,
                                      double       max,
                                      int          max_labels,
                                      gboolean     degrees);
Ticks       _sw_plot_log_ticks       (double       min,
                                      double       max,
                                      double       decade_mm,
                                      double       spacing_mm,
                                      double       char_height);
guint       _sw_plot_widest_tick     (const Ticks *ticks,
                                      double       min,
                                      double       max);
void        _sw_plot_label_tick      (PLINT        axis,
                                      PLFLT        value,
                                      char        *label,
                                      PLINT        length,
                                      PLPointer    data);
void        _sw_plot_draw_log_grid   (gboolean     x_axis,
                                      const Ticks *ticks,
                                      double       min,
                                      double       max,
                                      double       other_min,
                                      double       other_max);
void        _sw_plot_draw_log_labels (gboolean     x_axis,
                                      const Ticks *ticks,
                                      double       min,
                                      double       max);
const char *_sw_plot_axis_options    (const Ticks *ticks,
                                      gboolean     numbers,
                                      gboolean     x_axis);

/* sw-plot-draw-curves.c */
int      _sw_plot_panel_axis     (const SwPlotPanel *panel);
gboolean _sw_plot_is_xy          (const SwPlotScene *scene);
gboolean _sw_plot_curves_x_range (const SwPlotScene *scene,
                                  double            *min,
                                  double            *max);
void     _sw_plot_panel_y_range  (const SwPlotScene *scene,
                                  guint              p,
                                  int                axis,
                                  double             x_min,
                                  double             x_max,
                                  GPtrArray         *points,
                                  double            *y_min,
                                  double            *y_max);
void     _sw_plot_thin_time      (const double      *x,
                                  const double      *y,
                                  guint              first,
                                  guint              end,
                                  double             x_factor,
                                  double             y_factor,
                                  gboolean           log_x,
                                  int                log_y,
                                  double             x_min,
                                  double             x_max,
                                  int                columns,
                                  guint              per_column,
                                  GArray            *xs,
                                  GArray            *ys);
void     _sw_plot_curve_points   (const SwPlotCurve *c,
                                  gboolean           log_x,
                                  int                log_y,
                                  double             x_min,
                                  double             x_max,
                                  double             y_min,
                                  double             y_max,
                                  double             width_px,
                                  double             height_px,
                                  GArray            *xs,
                                  GArray            *ys);
void     _sw_plot_set_line       (const SwPlotCurve *c);
void     _sw_plot_set_key_line   (const SwPlotKey   *key);
gboolean _sw_plot_in_legend      (const SwPlotCurve *c);

/* sw-plot-draw-labels.c */
void _sw_plot_draw_title        (const Layout      *l,
                                 const char        *title);
void _sw_plot_draw_keys         (const Layout      *l,
                                 const SwPlotScene *scene);
void _sw_plot_draw_legend       (const Layout      *l,
                                 const SwPlotScene *scene,
                                 guint              p);
void _sw_plot_draw_y_label      (const Layout      *l,
                                 const char        *label);
void _sw_plot_draw_selection    (const SwPlotScene *scene,
                                 const Panel       *panel);
void _sw_plot_draw_cursor       (const SwPlotScene *scene,
                                 const Panel       *panel,
                                 guint              p,
                                 const Layout      *l);
char *_sw_plot_spell_units      (const char        *label);
double _sw_plot_legend_entry_width (const SwPlotCurve *c,
                                   double             char_height,
                                   double             readout_w);
guint _sw_plot_legend_rows      (const SwPlotScene *scene,
                                 guint              p,
                                 double             char_height,
                                 double             width,
                                 double             readout_w);
guint _sw_plot_legend_places    (const Layout      *l,
                                 const SwPlotScene *scene,
                                 guint              p,
                                 LegendPlace       *places,
                                 guint              size);
void _sw_plot_legend_geometry   (const Layout      *l,
                                 const SwPlotScene *scene,
                                 guint              p,
                                 SwPlotGeometry    *geometry,
                                 int                width_px,
                                 int                height_px);
void _sw_plot_draw_reference    (const SwPlotScene *scene,
                                  const Panel       *panel,
                                  const Layout      *l);
void _sw_plot_draw_cursor_label (const Layout      *l,
                                 const SwPlotScene *scene);
void _sw_plot_draw_x_bands      (const SwPlotScene *scene,
                                 const Panel       *panel,
                                 const Layout      *l);
void _sw_plot_draw_x_marks      (const SwPlotScene *scene,
                                 const Panel       *panel,
                                 guint              p,
                                 const Layout      *l);
void _sw_plot_draw_point_marks  (const SwPlotScene *scene,
                                 const Panel       *panel,
                                 guint              p,
                                 const Layout      *l);
void _sw_plot_draw_end_label    (const SwPlotCurve *c,
                                 const double      *xs,
                                 const double      *ys,
                                 guint              n,
                                 const Panel       *panel,
                                 const Layout      *l);
void _sw_plot_draw_points       (const double      *x,
                                 const double      *y,
                                 guint              n);

/* For each pixel column c (0 … n_columns - 1, the column of x from c to
 * c + 1) the lowest and highest y (lo[c], hi[c]) of the line through the
 * points (px, py) where it passes that column; NAN in both where it does
 * not. px never decreases within a run of points; NaN ends a run. */
void     _sw_plot_column_spans     (const double              *px,
                                    const double              *py,
                                    guint                      n,
                                    int                        n_columns,
                                    double                    *lo,
                                    double                    *hi);
/* Draws the points xs, ys (as shown) of a curve against time, thinned to
 * the panel's pixel columns, as a draft onto cr in panel g, in the page's
 * user space page (cr's matrix at sw_plot_draw()). FALSE, drawing
 * nothing, for a curve it does not draft (dashed, or of an X-Y plot). */
gboolean _sw_plot_draw_draft_curve (cairo_t                   *cr,
                                    const cairo_matrix_t      *page,
                                    const SwPlotColors        *colors,
                                    const SwPlotCurve         *c,
                                    const double              *xs,
                                    const double              *ys,
                                    guint                      n,
                                    const SwPlotPanelGeometry *g,
                                    double                     x_min,
                                    double                     x_max);

G_END_DECLS
