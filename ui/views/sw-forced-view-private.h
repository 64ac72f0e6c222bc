/* sw-forced-view-private.h: what the tests see of SwForcedView.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sw-forced-view.h"
#include "sw-plot-draw.h"
#include "sw-plot-widget.h"

G_BEGIN_DECLS

/* Draws the plot as the widget does onto cr; FALSE when nothing was drawn. */
gboolean _sw_forced_view_render           (SwForcedView *self,
                                           cairo_t      *cr,
                                           int           width,
                                           int           height);
/* The curves drawn: their number, and curve index's column of the
 * response, whether it is the bold sum and the factor its values are
 * drawn times (MPa per N.m with a diameter, else 1). */
guint    _sw_forced_view_get_n_curves     (SwForcedView *self);
gboolean _sw_forced_view_get_curve        (SwForcedView *self,
                                           guint         index,
                                           guint        *column,
                                           gboolean     *sum,
                                           double       *factor);
/* The shaded speed ranges of the section plotted: their number, and band
 * index's ends and kind (as sw_forced_find_ranges() gives them). */
guint    _sw_forced_view_get_n_bands      (SwForcedView *self);
gboolean _sw_forced_view_get_band         (SwForcedView *self,
                                           guint         index,
                                           double       *from_rpm,
                                           double       *to_rpm,
                                           SwForcedRangeKind *kind);
/* The x of speed rpm in the plot's pixels (after a drawing). */
gboolean _sw_forced_view_speed_position   (SwForcedView *self,
                                           double        rpm,
                                           double       *x);

/* What the view's files share (sw-forced-view.c: the type, the
 * controls, the section list, the API; sw-forced-view-job.c: the worker
 * and its result; sw-forced-view-diagram.c: the scene, its drawing, the
 * cursor, the loads on the canvas). */
/* An excited order as the orders entry gives it: ORDER[:AMPLITUDE[:PHASE]],
 * amplitude NAN where the common amplitude applies. */
typedef struct {
  double order;
  double amplitude;
  double phase_deg;
} SwForcedOrderSpec;

/* The model's excitation, copied with its ids and tables: the jobs share
 * it by reference. */
typedef struct {
  gatomicrefcount ref;
  GArray    *ex;     /* SwForcedExcitation */
  GPtrArray *owned;  /* what their pointers point at */
} SwForcedModelExcitation;

SwForcedModelExcitation *_sw_forced_model_excitation_new   (const SwForcedExcitation *ex,
                                                            guint                     n);
SwForcedModelExcitation *_sw_forced_model_excitation_ref   (SwForcedModelExcitation  *m);
void                     _sw_forced_model_excitation_unref (SwForcedModelExcitation  *m);
/* TRUE when m (NULL: none) holds the same n excitations. */
gboolean                 _sw_forced_model_excitation_same  (const SwForcedModelExcitation *m,
                                                            const SwForcedExcitation      *ex,
                                                            guint                          n);

struct _SwForcedView {
  GtkWidget        parent_instance;

  GtkWidget       *controls;
  GtkDropDown     *body_drop;
  GtkEntry        *orders_entry;
  GtkEntry        *amplitude_entry;
  GtkEntry        *from_entry;
  GtkEntry        *to_entry;
  GtkDropDown     *section_drop;
  GtkEntry        *diameter_entry;
  GtkEntry        *uts_entry;
  GtkEntry        *rated_entry;
  GtkCheckButton  *at_cursor_check;
  GtkSpinner      *spinner;
  GtkDrawingArea  *area;
  GtkLabel        *readout;
  GtkLabel        *status;

  GtkStringList   *bodies;
  GtkStringList   *sections;     /* first item: "most loaded" */
  SwSystem        *system;
  double           from_rpm, to_rpm;
  GArray          *orders;       /* double */
  GArray          *specs;        /* SwForcedOrderSpec, one per order */
  double           amplitude;
  double           diameter_m;
  double           uts_mpa;       /* 0: no limits */
  double           rated_rpm;     /* 0: the range's top */
  double           cursor_rpm;
  double           at_s;          /* the operating point's time (0: the initial state) */
  gboolean         filling;
  SwCanvas        *canvas;       /* weak */
  SwForcedModelExcitation *model_excitation; /* the model's "excitation", or NULL */

  GCancellable    *job;
  guint            entry_timeout;
  SwTrajectory    *response;
  SwCampbell      *campbell;
  GArray          *ranges;        /* SwForcedRange of the response, or NULL */
  GError          *error;
  char            *note;          /* no section responds: why, or NULL */
  char            *excited;       /* the body of the response shown */
  char            *most_loaded;   /* over the whole range */
  char            *loaded_at_cursor;

  SwPlotColors     colors;
  SwPlotGeometry   geometry;
  gboolean         has_geometry;
  SwPlotWidgetStream stream;
};

/* sw-forced-view.c: the section list from the response's columns,
 * keeping the choice. */
void     _sw_forced_view_fill_sections    (SwForcedView *self);

/* sw-forced-view-job.c: a job for the view's system, body, orders,
 * amplitude and speed range (none without a system or a body: the result
 * cleared), cancelling the current one; the current one cancelled. */
void     _sw_forced_view_start_job        (SwForcedView *self);
void     _sw_forced_view_cancel_job       (SwForcedView *self);

/* sw-forced-view-diagram.c */
const char *_sw_forced_view_plotted_section (SwForcedView *self);
void     _sw_forced_view_update_loads     (SwForcedView *self);
void     _sw_forced_view_draw_area        (GtkDrawingArea *area,
                                           cairo_t        *cr,
                                           int             width,
                                           int             height,
                                           gpointer        data);
void     _sw_forced_view_on_pointer       (SwForcedView   *self,
                                           double          x);
/* "ID.tau_amp" or "ID.stress_amp" as plotted: the quantity's suffix. */
const char *_sw_forced_view_quantity      (SwForcedView   *self);

G_END_DECLS
