/* sw-plot-view-private.h: what the plot widget's tests reach, and what its
 * files share:
 *
 *   sw-plot-view.c        the type, properties, signals, runs and ranges,
 *                         drawing, the data API
 *   sw-plot-view-scene.c  units and labels, panels, the scene of what is shown
 *   sw-plot-view-input.c  pointer, keys and actions; the range and cursor API
 *   sw-plot-view-analysis.c  spectra, order spectra, second cursor, statistics, log axes
 *   sw-plot-view-overlay.c   the table of the analyser's figures under the plot
 *   sw-plot-view-menu.c      the right-click menu and its actions
 *   sw-plot-view-legend.c    curves hidden by a click on their legend entries
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "sw-plot-draw.h"
#include "sw-plot-view.h"
#include "sw-plot-widget.h"
#include "sw-trajectory.h"

G_BEGIN_DECLS

typedef struct {
  char *name;
  char *key;       /* the panel key given by sw_plot_view_set_panel(); NULL: by unit */
  gboolean hidden; /* clicked off in the legend */
} Column;

typedef struct {
  SwTrajectory *trajectory;
  char         *text;
} Pinned;

typedef struct {
  gboolean fixed;
  double   min, max;
} Range;

struct _SwPlotView
{
  GtkWidget      parent_instance;

  SwTrajectory  *trajectory;
  SwTrajectory  *previous;
  GPtrArray     *pinned;       /* of Pinned */
  GPtrArray     *columns;      /* of Column */
  guint          panel_serial; /* for keys of new panels */
  SwPlotUnits    display_units;
  char          *title;
  char          *x_name;       /* X–Y plot, or NULL */
  char          *y_name;

  /* The view: time range when zoomed, y ranges per panel; X–Y ranges. */
  gboolean       zoomed;
  double         t0, t1;
  GArray        *y_ranges;     /* of Range, by panel */
  Range          xy_x, xy_y;
  double         last_range[2];
  gboolean       has_last_range;

  gboolean       stale;        /* the last complete model's curves */
  gboolean       cursor_visible;
  gboolean       cursor_kept;  /* clicked: stays when the pointer leaves */
  double         cursor_t;

  /* Pointer */
  double         pointer_x, pointer_y;
  gboolean       dragging;     /* a rectangle */
  gboolean       panning;
  double         drag_x0, drag_y0, drag_x1, drag_y1;
  double         pan_t0, pan_t1;
  Range          pan_xy_y;

  /* The signal analyser (sw-plot-view-analysis.c) */
  SwPlotAnalysis analysis;
  SwSpectrumWindow window;
  char          *order_shaft;
  double         analysis_t0, analysis_t1;
  SwTrajectory  *spectrum;      /* made when first needed, by a worker for drawing */
  guint          spectrum_serial;  /* a worker's result is applied only if still equal */
  gboolean       spectrum_running;
  char          *analysis_error;
  struct {                      /* the time view, back after a spectrum */
    gboolean zoomed, cursor_visible, cursor_kept;
    double   t0, t1, cursor_t;
  } saved;
  gboolean       reference_visible;
  double         reference_x;
  gboolean       statistics;
  gboolean       log_x, log_y;
  GtkWidget     *menu;          /* the right-click menu, a GtkPopoverMenu */

  SwPlotColors   colors;
  SwPlotWidgetStream stream;
  SwPlotGeometry geometry;
  gboolean       has_geometry;

  /* The page last drawn (sw-plot-view-page.c) */
  cairo_surface_t *page;
  GBytes        *page_key;
  GPtrArray     *page_runs;     /* the trajectories its key names, referenced */
  int            page_scale;
  SwPlotGeometry page_geometry;
  guint          n_pages_drawn;
  guint          ahead_source;
  gboolean       draft;         /* live edits: pages drawn as drafts until they pause */
  guint          draft_source;  /* then drawn in full */
};

typedef struct {
  SwPlotScene scene;
  GArray     *panels;   /* SwPlotPanel */
  GArray     *curves;   /* SwPlotCurve */
  GArray     *keys;     /* SwPlotKey */
  GPtrArray  *strings;
  GPtrArray  *curve_names;  /* each curve's column name (borrowed) */
} Scene;

/* sw-plot-view.c */
gboolean              _sw_plot_view_has_rows          (const SwTrajectory *trajectory);
guint                 _sw_plot_view_runs              (SwPlotView     *self,
                                                       SwTrajectory  **out,
                                                       guint           size);
gboolean              _sw_plot_view_full_time_range   (SwPlotView     *self,
                                                       double         *t0,
                                                       double         *t1);
gboolean              _sw_plot_view_is_xy             (SwPlotView     *self);
gboolean              _sw_plot_view_effective_range   (SwPlotView     *self,
                                                       double         *t0,
                                                       double         *t1);
void                  _sw_plot_view_check_range       (SwPlotView     *self);
void                  _sw_plot_view_clear_y_ranges    (SwPlotView     *self);
void                  _sw_plot_view_set_zoomed        (SwPlotView     *self,
                                                       gboolean        zoomed);
void                  _sw_plot_view_set_cursor_internal (SwPlotView   *self,
                                                       double          t,
                                                       gboolean        visible);

/* sw-plot-view-page.c */
/* The page of width × height (without the analyser's table) at scale,
 * drawn again only when its scene differs from the last one's; NULL when
 * nothing is drawn (no runs, no columns, too small: the geometry says). */
cairo_surface_t      *_sw_plot_view_dup_page          (SwPlotView     *self,
                                                       int             width,
                                                       int             height,
                                                       int             scale);
void                  _sw_plot_view_page_clear        (SwPlotView     *self);
/* Draws the page at high idle priority, before the next frame's layout. */
void                  _sw_plot_view_draw_ahead        (SwPlotView     *self);
/* How many pages have been drawn (for tests). */
guint                 _sw_plot_view_get_n_pages_drawn (SwPlotView     *self);

/* sw-plot-view-scene.c */
double                _sw_plot_view_display_factor    (SwPlotUnits     units,
                                                       const char     *unit,
                                                       const char    **shown_unit);
guint                 _sw_plot_view_compute_panels    (SwPlotView     *self,
                                                       int            *panel_of,
                                                       GPtrArray      *keys_out);
int                   _sw_plot_view_find_column       (SwPlotView     *self,
                                                       const char     *name);
void                  _sw_plot_view_scene_clear       (Scene          *s);
gboolean              _sw_plot_view_build_scene       (SwPlotView     *self,
                                                       Scene          *s,
                                                       gboolean        interactive);

/* sw-plot-view-analysis.c */
/* The trajectory drawn as the current run: the spectrum in a spectrum. */
SwTrajectory         *_sw_plot_view_shown             (SwPlotView     *self);
void                  _sw_plot_view_invalidate_analysis (SwPlotView   *self);
/* A worker is making the spectrum shown. */
gboolean              _sw_plot_view_spectrum_pending  (SwPlotView     *self);
/* The y ranges of a spectrum's panels that are not fixed. */
void                  _sw_plot_view_fit_spectrum_panels (SwPlotView   *self,
                                                       SwPlotScene    *scene,
                                                       SwPlotPanel    *panels);
/* The x range a spectrum's whole view shows; FALSE without one. */
gboolean              _sw_plot_view_spectrum_extent   (SwPlotView     *self,
                                                       double         *x0,
                                                       double         *x1);
/* "Amplitude spectrum, 0 s … 6 s, flat-top window" */
char                 *_sw_plot_view_dup_analysis_title (SwPlotView    *self);
void                  _sw_plot_view_install_analysis_properties (GObjectClass *object_class,
                                                       guint           first_id);
gboolean              _sw_plot_view_analysis_get_property (SwPlotView *self,
                                                       guint           prop_id,
                                                       GValue         *value);
gboolean              _sw_plot_view_analysis_set_property (SwPlotView *self,
                                                       guint           prop_id,
                                                       const GValue   *value);
void                  _sw_plot_view_finalize_analysis (SwPlotView     *self);

/* sw-plot-view-legend.c */
/* A click at (x, y) on a legend's entry shows or hides its column. */
gboolean              _sw_plot_view_legend_click      (SwPlotView     *self,
                                                       double          x,
                                                       double          y);

/* sw-plot-view-overlay.c */
/* The table of differences, runs and statistics under the plot: its
 * height in a widget of height (0: none), and its drawing in the strip
 * top … top + height. */
int                   _sw_plot_view_overlay_height    (SwPlotView     *self,
                                                       int             height);
void                  _sw_plot_view_snapshot_overlay  (SwPlotView     *self,
                                                       GtkSnapshot    *snapshot,
                                                       int             top,
                                                       int             width,
                                                       int             height);
/* Its text; NULL when there is none. */
char                 *_sw_plot_view_dup_overlay_text  (SwPlotView     *self);
/* The veil and note over a stale plot, over the strip 0 … height. */
void                  _sw_plot_view_snapshot_stale    (SwPlotView     *self,
                                                       GtkSnapshot    *snapshot,
                                                       int             width,
                                                       int             height);

/* sw-plot-view-menu.c */
void                  _sw_plot_view_class_init_menu   (GtkWidgetClass *widget_class);
void                  _sw_plot_view_init_menu         (SwPlotView     *self);

/* sw-plot-view-input.c */
void                  _sw_plot_view_class_init_input  (GtkWidgetClass *widget_class);
void                  _sw_plot_view_init_input        (SwPlotView     *self);

/* For tests */

/* Draws the widget as its snapshot does, onto cr as a page of width ×
 * height, through the widget's PLplot stream; FALSE when nothing fits or
 * there is nothing to show. */
gboolean              _sw_plot_view_render        (SwPlotView     *self,
                                                   cairo_t        *cr,
                                                   int             width,
                                                   int             height);
/* Where the last drawing put the panels; NULL before one. */
const SwPlotGeometry *_sw_plot_view_get_geometry  (SwPlotView     *self);
/* Zooms to a rectangle in pixels of the last drawing (what a drag does). */
void                  _sw_plot_view_zoom_to_rect  (SwPlotView     *self,
                                                   double          x0,
                                                   double          y0,
                                                   double          x1,
                                                   double          y1);
/* The colours the widget draws with now. */
const SwPlotColors   *_sw_plot_view_get_colors    (SwPlotView     *self);
/* Its PLplot stream; -1 before the first drawing. */
int                   _sw_plot_view_get_stream    (SwPlotView     *self);

G_END_DECLS
