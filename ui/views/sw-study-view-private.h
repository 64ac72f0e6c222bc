/* sw-study-view-private.h: what the files of SwStudyView share.
 *
 *   sw-study-view.c       the type, the controls, the study's worker, the
 *                         table, the CSV, "Use Run", the API
 *   sw-study-view-plot.c  the plot: an output against a parameter, or as
 *                         the colour over a grid of two
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sw-study-view.h"
#include "sw-study-outputs.h"
#include "sw-plot-draw.h"
#include "sw-plot-widget.h"

G_BEGIN_DECLS

/* At most this many runs, and values (runs × outputs, 8 bytes each), in
 * the window, which keeps them; more is shaftwork-cli study's. */
#define SW_STUDY_VIEW_MAX_RUNS   1000000
#define SW_STUDY_VIEW_MAX_VALUES 20000000

/* A study as the workers fill it and the view reads it (under lock). */
typedef struct {
  SwStudyDesign  *design;
  SwStudyOutputs *outputs;
  guint           n_params, n_outputs;
  guint64         n_runs;
  GMutex          lock;
  guint64         next;       /* the next run a worker takes */
  guint64         n_done;     /* runs 0 … n_done - 1 are done (the rows shown) */
  guint8         *done;       /* per run */
  GArray         *values;     /* n_outputs doubles per run, in run order */
  GPtrArray      *errors;     /* per run: its error's message, or NULL */
} SwStudyData;

struct _SwStudyView {
  GtkWidget        parent_instance;

  GtkWidget       *controls;
  GtkWidget       *axes;
  GtkEntry        *vary_entry;
  char            *vary_example;  /* the template's placeholder, translated */
  GtkDropDown     *sample_drop;
  GtkSpinButton   *samples_spin;
  GtkEntry        *outputs_entry;
  GtkMenuButton   *outputs_menu;
  GtkListBox      *outputs_choices;
  GtkButton       *run_button;
  GtkDropDown     *y_drop;
  GtkDropDown     *x_drop;
  GtkDropDown     *style_drop;   /* lines, or a colour map (a grid of two parameters) */
  GtkProgressBar  *progress;
  GtkButton       *use_button;
  GtkDrawingArea  *area;
  GtkPaned        *paned;
  GtkWidget       *table_scroller;
  GtkColumnView   *table;
  GtkLabel        *status;

  SwModel         *model;
  GPtrArray       *vary;         /* char *, NULL-terminated */
  guint64          seed;

  SwStudyData     *study;        /* shown; shared with its worker */
  guint64          n_shown;      /* rows in the table */
  GCancellable    *job;
  guint            poll;
  GtkStringList   *params_list;
  GtkStringList   *outputs_list; /* the outputs, then "every natural frequency" */
  GtkStringList   *rows;         /* run numbers */
  GtkSingleSelection *selection;
  gboolean         filling;

  SwPlotColors     colors;
  SwPlotWidgetStream stream;

  guint            fit_source;   /* the divider fitted to the table, when idle */
  int              fit_position; /* where it was put; -1: dragged by hand, left there */
};

/* sw-study-view.c */
SwStudyData *_sw_study_data_ref   (SwStudyData *data);
void         _sw_study_data_unref (SwStudyData *data);

/* sw-study-view-table.c: the table's columns for the study shown (none
 * without one). */
void         _sw_study_view_rebuild_columns (SwStudyView *self);
/* The divider moved, when idle, so that the table shows all its columns,
 * up to TABLE_MAX_SHARE of the width (then it scrolls, with a scroll bar
 * always shown); not after the user dragged it. */
void         _sw_study_view_schedule_fit    (SwStudyView *self);
/* The table's width as the divider leaves it, and the width its columns
 * want. */
int          _sw_study_view_get_table_width (SwStudyView *self,
                                             int         *wanted);

/* sw-study-view-plot.c: draws the plot of the study shown, as the widget
 * does; FALSE when there is nothing to draw. The curves are returned for
 * the tests: their number. */
gboolean _sw_study_view_render      (SwStudyView *self,
                                     cairo_t     *cr,
                                     int          width,
                                     int          height);
void     _sw_study_view_draw_area   (GtkDrawingArea *area,
                                     cairo_t        *cr,
                                     int             width,
                                     int             height,
                                     gpointer        data);
guint    _sw_study_view_count_curves (SwStudyView *self);

/* The colour map of the study shown: the x axis's parameter against the
 * other one of a grid of two, the y axis's output as the colour; each
 * parameter's distinct values increasing, z[i * ny + j] the output of the
 * run at (x[i], y[j]) (NAN: not done, or failed). */
typedef struct {
  guint   x_param, y_param, output;
  guint   nx, ny;
  double *x, *y, *z;
} SwStudyMap;

/* Whether the study shown can be a colour map (a grid of two parameters,
 * one output on the y axis). */
gboolean _sw_study_view_can_map     (SwStudyView *self);
/* The map as drawn; FALSE (and nothing to free) when there is none. */
gboolean _sw_study_view_build_map   (SwStudyView *self,
                                     SwStudyMap  *map);
void     _sw_study_map_clear        (SwStudyMap  *map);

G_END_DECLS
