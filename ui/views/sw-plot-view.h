/* sw-plot-view.h: the trajectory plot widget.
 *
 * Knows nothing of the model: it is given an immutable SwTrajectory and the
 * names of the columns to show, and says what the user does through signals
 * ("cursor-moved", "range-changed"). The checked variables appear in panels
 * stacked over one time axis, one panel per unit unless moved; a previous
 * run may be drawn faintly behind, and pinned runs dashed, with a key that
 * says what differed. PLplot draws it (extcairo), on the main thread, with
 * one PLplot stream per widget.
 *
 * Pointer: drag a rectangle to zoom, the scroll wheel zooms the time axis
 * around the pointer, middle-drag or Shift-drag pans, double-click resets;
 * hovering shows a cursor that reads out every curve, a click keeps it,
 * Ctrl+click places a second cursor; a click on a legend entry hides or
 * shows its curve; the right button opens a menu of the plot's actions
 * (spectra, order spectra, window, second cursor, statistics, logarithmic
 * axes), as do Menu and Shift+F10.
 * Keyboard: + and − zoom, the arrows pan, Home resets, Ctrl+Left and
 * Ctrl+Right move the cursor, Escape hides it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "sw-spectrum.h"
#include "sw-trajectory.h"

G_BEGIN_DECLS

typedef enum {
  SW_PLOT_UNITS_SI,           /* as stored: rad/s, rad */
  SW_PLOT_UNITS_RPM_DEGREES,  /* rad/s shown in rpm, rad in degrees */
  SW_PLOT_UNITS_RPM,          /* rad/s shown in rpm, rad as stored */
  SW_PLOT_UNITS_DEGREES,      /* rad/s as stored, rad in degrees */
} SwPlotUnits;

#define SW_TYPE_PLOT_UNITS (sw_plot_units_get_type ())
GType sw_plot_units_get_type (void);

/* What the plot shows of the checked variables. */
typedef enum {
  SW_PLOT_ANALYSIS_TIME,      /* against time */
  SW_PLOT_ANALYSIS_SPECTRUM,  /* amplitude spectra of the time range shown when chosen */
  SW_PLOT_ANALYSIS_ORDERS,    /* the same over a shaft's orders ("order-shaft") */
} SwPlotAnalysis;

#define SW_TYPE_PLOT_ANALYSIS (sw_plot_analysis_get_type ())
GType sw_plot_analysis_get_type (void);
#define SW_TYPE_SPECTRUM_WINDOW (sw_spectrum_window_get_type ())
GType sw_spectrum_window_get_type (void);

#define SW_TYPE_PLOT_VIEW (sw_plot_view_get_type ())
G_DECLARE_FINAL_TYPE (SwPlotView, sw_plot_view, SW, PLOT_VIEW, GtkWidget)

GtkWidget    *sw_plot_view_new               (void);

/* The run shown; takes a reference (NULL: none). A run that fills in is
 * handed again as a new snapshot each time; long runs are thinned to what
 * the pixels can show, so this redraws cheaply. */
void          sw_plot_view_set_trajectory    (SwPlotView          *self,
                                              SwTrajectory        *trajectory);
SwTrajectory *sw_plot_view_get_trajectory    (SwPlotView          *self);
/* A live edit's run comes next: pages are drawn as drafts (curves without
 * anti-aliasing, ~3 ms less for 8 long curves) until no call has come for
 * a quarter of a second, then once more in full. Exports are always full. */
void          sw_plot_view_begin_draft       (SwPlotView          *self);

/* The names of the columns to show (NULL-terminated; NULL: none). Names
 * the trajectory does not have are left out until it has them. */
void          sw_plot_view_set_columns       (SwPlotView          *self,
                                              const char * const  *names);
/* The names shown, in order; free with g_strfreev(). */
char        **sw_plot_view_dup_columns       (SwPlotView          *self);

/* Panels, top to bottom: by default one per unit, in the order in which the
 * units first appear. */
guint         sw_plot_view_get_n_panels      (SwPlotView          *self);
/* The panel of a column; -1 when it is not shown. */
int           sw_plot_view_get_panel         (SwPlotView          *self,
                                              const char          *name);
/* Moves a shown column into panel (0 … n_panels - 1), or into a new panel
 * at the bottom when panel is n_panels or more. */
void          sw_plot_view_set_panel         (SwPlotView          *self,
                                              const char          *name,
                                              guint                panel);

void          sw_plot_view_set_display_units (SwPlotView          *self,
                                              SwPlotUnits          units);
SwPlotUnits   sw_plot_view_get_display_units (SwPlotView          *self);

void          sw_plot_view_set_title         (SwPlotView          *self,
                                              const char          *title);
const char   *sw_plot_view_get_title         (SwPlotView          *self);

/* An X–Y plot of y_name against x_name; x_name NULL: back to time. */
void          sw_plot_view_set_xy            (SwPlotView          *self,
                                              const char          *x_name,
                                              const char          *y_name);
/* NULL when plotting against time. */
const char   *sw_plot_view_get_x_name        (SwPlotView          *self);
const char   *sw_plot_view_get_y_name        (SwPlotView          *self);

/* Stale: the model was edited into one that cannot run (a port left
 * dangling), so the curves are the last complete model's: drawn dimmed
 * under a note saying so. A new trajectory clears it. */
void          sw_plot_view_set_stale         (SwPlotView          *self,
                                              gboolean             stale);
gboolean      sw_plot_view_get_stale         (SwPlotView          *self);

/* The run before, drawn faintly behind (NULL: none); takes a reference. */
void          sw_plot_view_set_previous      (SwPlotView          *self,
                                              SwTrajectory        *trajectory);
/* Pinned runs, dashed behind, each named in the key by text (what differed:
 * "inertia2.J = 2 → 4 kg·m²"). Pinning a pinned run again changes its
 * text. */
void          sw_plot_view_pin               (SwPlotView          *self,
                                              SwTrajectory        *trajectory,
                                              const char          *text);
void          sw_plot_view_unpin             (SwPlotView          *self,
                                              SwTrajectory        *trajectory);
guint         sw_plot_view_get_n_pinned      (SwPlotView          *self);

/* The time range shown (the x range in an X–Y plot); all of it unless
 * zoomed. */
void          sw_plot_view_get_range         (SwPlotView          *self,
                                              double              *t0,
                                              double              *t1);
void          sw_plot_view_set_range         (SwPlotView          *self,
                                              double               t0,
                                              double               t1);
/* factor < 1 zooms in, around center. */
void          sw_plot_view_zoom              (SwPlotView          *self,
                                              double               factor,
                                              double               center);
/* By a fraction of the range: positive moves later. */
void          sw_plot_view_pan               (SwPlotView          *self,
                                              double               fraction);
/* Back to all of it, y ranges fitted again. */
void          sw_plot_view_reset_range       (SwPlotView          *self);
/* Whether the time range is zoomed (property "zoomed"). */
gboolean      sw_plot_view_get_zoomed        (SwPlotView          *self);

void          sw_plot_view_set_cursor        (SwPlotView          *self,
                                              double               t);
void          sw_plot_view_hide_cursor       (SwPlotView          *self);
/* FALSE when there is no cursor. */
gboolean      sw_plot_view_get_cursor        (SwPlotView          *self,
                                              double              *t);
/* A shown column's value at the cursor, in the units shown; FALSE when
 * there is no cursor or the column is not shown. */
gboolean      sw_plot_view_get_cursor_value  (SwPlotView          *self,
                                              const char          *name,
                                              double              *value);

/* Writes what is shown (panels, ranges, units, runs, colours; not the
 * cursor) into a PNG, SVG or PDF file, as the extension says, through
 * sw_plot_file_write_scene(). */
gboolean      sw_plot_view_export            (SwPlotView          *self,
                                              const char          *path,
                                              int                  width,
                                              int                  height,
                                              GError             **error);

/* A shown column hidden (a click on its legend entry toggles it): still in
 * the legend, greyed, but not drawn. */
void          sw_plot_view_set_column_hidden (SwPlotView          *self,
                                              const char          *name,
                                              gboolean             hidden);
gboolean      sw_plot_view_get_column_hidden (SwPlotView          *self,
                                              const char          *name);

/* ---- The signal analyser (sw-plot-view-analysis.c) ----------------------- */

/* Spectra (property "analysis") of the current run's shown columns over
 * the time range shown when chosen (the whole run when not zoomed); the
 * time range, zoom and cursor come back with SW_PLOT_ANALYSIS_TIME. In a
 * spectrum the cursor reads frequencies (or orders) and "cursor-moved" is
 * not emitted; sw_plot_view_get_cursor() gives the time cursor. */
void             sw_plot_view_set_analysis       (SwPlotView       *self,
                                                  SwPlotAnalysis    analysis);
SwPlotAnalysis   sw_plot_view_get_analysis       (SwPlotView       *self);
/* Property "spectrum-window": flat top by default (true amplitudes). */
void             sw_plot_view_set_spectrum_window (SwPlotView      *self,
                                                  SwSpectrumWindow  window);
SwSpectrumWindow sw_plot_view_get_spectrum_window (SwPlotView      *self);
/* Property "order-shaft": the column of the shaft ("engine.phi", an angle
 * or a speed) whose revolutions order spectra use; NULL: none chosen. */
void             sw_plot_view_set_order_shaft    (SwPlotView       *self,
                                                  const char       *name);
const char      *sw_plot_view_get_order_shaft    (SwPlotView       *self);
/* The spectra shown (x axis frequency or order, the shown columns), made
 * when first needed; NULL when showing time or when they cannot be made,
 * and then sw_plot_view_get_analysis_error() says why. */
SwTrajectory    *sw_plot_view_get_spectrum       (SwPlotView       *self);
const char      *sw_plot_view_get_analysis_error (SwPlotView       *self);
/* The time range the spectra are of. */
void             sw_plot_view_get_analysis_range (SwPlotView       *self,
                                                  double           *t0,
                                                  double           *t1);

/* A second cursor (property "reference-visible", dashed) for differences
 * to the cursor: Δt, Δvalue of every curve, 1/Δt, shown in a box over the
 * plot. */
void             sw_plot_view_set_reference      (SwPlotView       *self,
                                                  double            x);
void             sw_plot_view_hide_reference     (SwPlotView       *self);
gboolean         sw_plot_view_get_reference      (SwPlotView       *self,
                                                  double           *x);

/* Property "statistics": min, max, mean, RMS and peak-to-peak of every
 * curve of the current run over the x range shown, in a box over the plot. */
void             sw_plot_view_set_statistics     (SwPlotView       *self,
                                                  gboolean          statistics);
gboolean         sw_plot_view_get_statistics     (SwPlotView       *self);
/* The statistics of a shown column over the x range shown, in the units
 * shown (of its spectrum in a spectrum); FALSE when it is not shown. */
gboolean         sw_plot_view_get_column_stats   (SwPlotView       *self,
                                                  const char       *name,
                                                  SwSignalStats    *stats);

/* Logarithmic axes (properties "log-x", "log-y"; all panels' y axes);
 * values <= 0 leave gaps. */
void             sw_plot_view_set_log_x          (SwPlotView       *self,
                                                  gboolean          log_x);
gboolean         sw_plot_view_get_log_x          (SwPlotView       *self);
void             sw_plot_view_set_log_y          (SwPlotView       *self,
                                                  gboolean          log_y);
gboolean         sw_plot_view_get_log_y          (SwPlotView       *self);

G_END_DECLS
