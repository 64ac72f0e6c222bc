/* sw-campbell-view.h: the Campbell diagram view.
 *
 * Takes an assembled system and shows its natural frequencies against the
 * speed of a reference shaft (an inertia chosen from a list), with
 * excitation order lines: mode lines solid ("mode 2"), order lines dashed
 * and labelled ("1×"), crossings (critical speeds) circled and listed in a
 * table (speed, order, mode, frequency, most excitable section). Selecting
 * a crossing, in the table or by clicking its circle, emits "mode-selected"
 * with its mode. Computed in a worker (sw_campbell_compute) whenever the
 * system, shaft, speed range or orders change; "computed" says when.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "sw-campbell.h"
#include "sw-system.h"

G_BEGIN_DECLS

#define SW_TYPE_CAMPBELL_VIEW (sw_campbell_view_get_type ())
G_DECLARE_FINAL_TYPE (SwCampbellView, sw_campbell_view, SW, CAMPBELL_VIEW, GtkWidget)

/* A row of the table: one crossing. */
#define SW_TYPE_CAMPBELL_CROSSING (sw_campbell_crossing_get_type ())
G_DECLARE_FINAL_TYPE (SwCampbellCrossing, sw_campbell_crossing, SW, CAMPBELL_CROSSING, GObject)

const SwCriticalSpeed *sw_campbell_crossing_get_speed   (SwCampbellCrossing *self);
/* The id of the most excitable section, or NULL. */
const char            *sw_campbell_crossing_get_section (SwCampbellCrossing *self);

GtkWidget    *sw_campbell_view_new              (void);

/* Fills the shaft list (every rotational inertia), keeping the chosen shaft
 * when the new system has it, and computes. NULL empties the view. */
void          sw_campbell_view_set_system       (SwCampbellView *self,
                                                 SwSystem       *system);
SwSystem     *sw_campbell_view_get_system       (SwCampbellView *self);
/* GtkStringObjects: the shaft ids. */
GListModel   *sw_campbell_view_get_shafts       (SwCampbellView *self);

/* Property "shaft". */
void          sw_campbell_view_set_shaft        (SwCampbellView *self,
                                                 const char     *shaft);
const char   *sw_campbell_view_get_shaft        (SwCampbellView *self);
/* Properties "from-rpm", "to-rpm" (default 0 … 3000). */
void          sw_campbell_view_set_speed_range  (SwCampbellView *self,
                                                 double          from_rpm,
                                                 double          to_rpm);
double        sw_campbell_view_get_from_rpm     (SwCampbellView *self);
double        sw_campbell_view_get_to_rpm       (SwCampbellView *self);
/* The friction elements' state the diagram linearises in (default: as at
 * the operating point); a new one computes again. */
void          sw_campbell_view_set_friction     (SwCampbellView  *self,
                                                 SwLinearFriction friction);
SwLinearFriction sw_campbell_view_get_friction  (SwCampbellView *self);

/* The operating point whose friction elements' state the diagram keeps:
 * the state of a run at at_s (0: the initial state); a new one computes
 * again. Property "at-cursor" is the page's choice of the state under the
 * trajectory plot's cursor, which the caller follows. */
void          sw_campbell_view_set_operating_time (SwCampbellView *self,
                                                   double          at_s);
gboolean      sw_campbell_view_get_at_cursor      (SwCampbellView *self);
void          sw_campbell_view_set_at_cursor      (SwCampbellView *self,
                                                   gboolean        at_cursor);
/* The excitation orders (default 1), each > 0; at least one. */
void          sw_campbell_view_set_orders       (SwCampbellView *self,
                                                 const double   *orders,
                                                 guint           n_orders);
const double *sw_campbell_view_get_orders       (SwCampbellView *self,
                                                 guint          *n_orders);

/* The diagram shown, or NULL (before a result, after an error). Borrowed. */
const SwCampbell *sw_campbell_view_get_campbell (SwCampbellView *self);
/* The table's rows: a GtkSingleSelection of SwCampbellCrossing, in the
 * order of sw_campbell_get_crossing(). */
GtkSelectionModel *sw_campbell_view_get_crossings (SwCampbellView *self);
/* Selects crossing index (GTK_INVALID_LIST_POSITION: none); emits
 * "mode-selected" when one is selected. */
void          sw_campbell_view_select_crossing  (SwCampbellView *self,
                                                 guint           index);
const GError *sw_campbell_view_get_error        (SwCampbellView *self);
/* Why the diagram is not at the operating point's friction state (no mode
 * moved the reference shaft there: shown engaged), or NULL. */
const char   *sw_campbell_view_get_note         (SwCampbellView *self);
/* Property "busy". */
gboolean      sw_campbell_view_get_busy         (SwCampbellView *self);

gboolean      sw_campbell_view_export           (SwCampbellView *self,
                                                 const char     *path,
                                                 int             width_px,
                                                 int             height_px,
                                                 GError        **error);

G_END_DECLS
