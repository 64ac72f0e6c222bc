/* sw-campbell-view-private.h: what the tests see of SwCampbellView.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sw-campbell-view.h"
#include "sw-plot-draw.h"
#include "sw-plot-widget.h"

G_BEGIN_DECLS

/* Draws the diagram as the widget does onto cr; FALSE when nothing was drawn. */
gboolean _sw_campbell_view_render             (SwCampbellView     *self,
                                               cairo_t            *cr,
                                               int                 width,
                                               int                 height);
/* Where crossing index was last drawn, in the plot's pixels. */
gboolean _sw_campbell_view_crossing_position  (SwCampbellView     *self,
                                               guint               index,
                                               double             *x,
                                               double             *y);
/* The legend of order line index (sw_campbell_get_order): "order 2×", or
 * a component's excitation, "mesh 20× of gearPair". */
char    *_sw_campbell_view_dup_order_label    (SwCampbellView     *self,
                                               guint               index);
/* The text of a table cell: columns speed, order, mode, frequency, section. */
char    *_sw_campbell_view_dup_cell_text      (SwCampbellCrossing *row,
                                               guint               column);

/* What the view's files share (sw-campbell-view.c: the type, the job, the
 * table, the controls, the API; sw-campbell-view-diagram.c: the scene and
 * its drawing). */
struct _SwCampbellView {
  GtkWidget        parent_instance;

  GtkWidget       *controls;
  GtkDropDown     *shaft_drop;
  GtkEntry        *from_entry;
  GtkEntry        *to_entry;
  GtkEntry        *orders_entry;
  GtkDropDown     *friction_drop;
  GtkCheckButton  *at_cursor_check;
  GtkSpinner      *spinner;
  GtkDrawingArea  *area;
  GtkPaned        *paned;
  GtkColumnView   *table;
  GtkLabel        *status;

  GtkStringList   *shafts;
  GListStore      *rows;
  GtkSingleSelection *selection;
  SwSystem        *system;
  double           from_rpm, to_rpm;
  SwLinearFriction friction;
  gboolean         friction_chosen;  /* by the user: no fallback to engaged */
  char            *note;          /* why the diagram is engaged, or NULL */
  double           at_s;          /* the operating point's time (0: the initial state) */
  GArray          *orders;       /* double */
  gboolean         filling;
  guint            place_source;   /* the table's width again, after new rows */

  GCancellable    *job;
  guint            entry_timeout;
  SwCampbell      *campbell;
  GError          *error;
  char            *title;

  SwPlotColors     colors;
  SwPlotGeometry   geometry;
  gboolean         has_geometry;
  SwPlotWidgetStream stream;
};

/* sw-campbell-view-job.c: a job's input, owned by its GTask, and what
 * it gives back. */
typedef struct {
  SwSystem         *system;
  char             *shaft;
  SwCampbellOptions options;
  GArray           *orders;
  /* Friction not chosen yet: where no mode moves the reference shaft at
   * the operating point (a clutch open at t = 0), tried engaged. */
  gboolean          may_engage;
} SwCampbellViewJob;

typedef struct {
  SwCampbell      *campbell;
  SwLinearFriction friction;   /* the state the diagram is in */
  char            *note;       /* why it is engaged, or NULL */
} SwCampbellViewResult;

void     _sw_campbell_view_job_free           (SwCampbellViewJob  *job);
void     _sw_campbell_view_result_free        (SwCampbellViewResult *result);
/* The GTask thread function: returns an SwCampbellViewResult. */
void     _sw_campbell_view_job_thread         (GTask              *task,
                                               gpointer            source,
                                               gpointer            data,
                                               GCancellable       *cancellable);

/* sw-campbell-view-diagram.c */
void     _sw_campbell_view_draw_area          (GtkDrawingArea     *area,
                                               cairo_t            *cr,
                                               int                 width,
                                               int                 height,
                                               gpointer            data);
void     _sw_campbell_view_on_click           (SwCampbellView     *self,
                                               int                 n_press,
                                               double              x,
                                               double              y,
                                               GtkGestureClick    *gesture);

G_END_DECLS
