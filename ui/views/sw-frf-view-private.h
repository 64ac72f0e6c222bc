/* sw-frf-view-private.h: what the tests see of SwFrfView.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sw-frf-view.h"
#include "sw-plot-draw.h"
#include "sw-plot-widget.h"

G_BEGIN_DECLS

/* Draws the plot as the widget does onto cr; FALSE when nothing was drawn.
 * geometry (may be NULL) says where, and the ranges as shown (dB, log10). */
gboolean _sw_frf_view_render               (SwFrfView      *self,
                                            cairo_t        *cr,
                                            int             width,
                                            int             height,
                                            SwPlotGeometry *geometry);
/* The magnitude panel's y axis label, or NULL. */
char    *_sw_frf_view_dup_magnitude_label  (SwFrfView *self);

/* What the view's files share (sw-frf-view.c: the type, the lists, the
 * job, the controls, the API; sw-frf-view-diagram.c: the scene and its
 * drawing). */
struct _SwFrfView {
  GtkWidget      parent_instance;

  GtkWidget     *controls;
  GtkDropDown   *input_drop;
  GtkDropDown   *output_drop;
  GtkEntry      *from_entry;
  GtkEntry      *to_entry;
  GtkToggleButton *db_button;
  GtkDropDown   *friction_drop;
  GtkCheckButton *at_cursor_check;
  GtkSpinner    *spinner;
  GtkDrawingArea *area;
  GtkLabel      *status;

  GtkStringList *inputs;
  GtkStringList *outputs;
  SwSystem      *system;
  SwModes       *modes;       /* the caller's, or NULL */
  double         from_hz, to_hz;
  gboolean       db;
  SwLinearFriction friction;
  /* Friction chosen in the list or by the API: no longer changed to
   * engaged when the operating point gives no response. */
  gboolean       friction_chosen;
  double         at_s;        /* the operating point's time (0: the initial state) */
  gboolean       filling;     /* the lists are being refilled: no jobs */

  GCancellable  *job;         /* the current computation */
  guint          range_timeout;
  SwTrajectory  *response;
  GArray        *natural;     /* double, Hz */
  GArray        *excited;     /* the components' excitations: double, Hz */
  GPtrArray     *excited_labels;
  GError        *error;
  char          *note;        /* the response is 0: why, or NULL */
  char          *title;
  char          *ratio_unit;

  SwPlotColors   colors;
  SwPlotWidgetStream stream;
};

/* sw-frf-view-diagram.c */
void     _sw_frf_view_draw_area            (GtkDrawingArea *area,
                                            cairo_t        *cr,
                                            int             width,
                                            int             height,
                                            gpointer        data);

G_END_DECLS
