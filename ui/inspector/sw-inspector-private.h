/* sw-inspector-private.h: what the files of SwInspector share:
 *
 *   sw-inspector.c        the type, properties, units, values shown, edits
 *                         and their callbacks, the API
 *   sw-inspector-simulation.c  the simulation settings (no component selected)
 *   sw-inspector-build.c  the rows built from a kind's descriptors
 *   sw-inspector-tuning.c "Tune for mode" under a damper's parameters
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sw-inspector.h"
#include "sw-inspector-expression-row.h"
#include "sw-inspector-geometry-row.h"
#include "sw-inspector-number-row.h"
#include "sw-inspector-signal-row.h"
#include "sw-inspector-table-row.h"

G_BEGIN_DECLS

typedef enum {
  SIM_STOP_TIME,
  SIM_OUTPUT_INTERVAL,
  SIM_TOLERANCE,
  N_SIM_NUMBERS
} SimNumber;

struct _SwInspector
{
  GtkWidget      parent_instance;

  SwModel       *model;
  SwHistory     *history;
  /* The model shown being a subsystem: the model its block is in and the
   * block's id, whose values the parameters bound to its own show. */
  SwModel       *outer_model;
  char          *outer_id;
  gboolean       tune_group;      /* a drag's history group is open */
  int            component;
  const char    *speed_unit;      /* interned: "rad/s", "rpm" */
  const char    *angle_unit;      /* interned: "rad", "deg" */

  GtkWidget     *page;            /* AdwPreferencesPage, rebuilt */
  /* What the page shows. */
  const SwKind  *shown_kind;      /* NULL: the simulation settings or nothing */
  gboolean       shown_simulation;
  GtkWidget     *id_row;
  gboolean       id_pending;
  GtkWidget     *param_rows[SW_KIND_MAX_PARAMS];
  GtkWidget     *sim_rows[N_SIM_NUMBERS];
  GtkWidget     *method_row;
  GtkWidget     *tuning_row;      /* "Tune for mode" of a damper, or NULL */

  gboolean       rebuilding;      /* rows are going away: ignore their signals */
  gboolean       syncing;         /* rows are being set from the model */
};

/* sw-inspector.c */
/* The value the block outside gives the subsystem's parameter bound (the
 * one in effect), into *value; FALSE when it is not known. */
gboolean           _sw_inspector_get_outer_value      (SwInspector              *self,
                                                       const char               *bound,
                                                       double                   *value);
const SwComponent *_sw_inspector_current_component    (SwInspector              *self);
void               _sw_inspector_set_row_param        (GtkWidget                *row,
                                                       guint                     param);
guint              _sw_inspector_row_param            (GtkWidget                *row);
void               _sw_inspector_apply_units          (SwInspector              *self);
void               _sw_inspector_refresh              (SwInspector              *self);
void               _sw_inspector_end_tune_group       (SwInspector              *self);
void               _sw_inspector_connect_tuning       (SwInspector              *self,
                                                       GtkWidget                *row);
void               _sw_inspector_param_committed_cb   (SwInspectorNumberRow     *row,
                                                       double                    value,
                                                       SwInspector              *self);
void               _sw_inspector_switch_cb            (GtkSwitch                *sw,
                                                       GParamSpec               *pspec,
                                                       SwInspector              *self);
void               _sw_inspector_signal_edited_cb     (SwInspectorSignalRow     *row,
                                                       SwSignal                 *signal,
                                                       SwInspector              *self);
void               _sw_inspector_table_edited_cb      (SwInspectorTableRow      *row,
                                                       SwTable                  *table,
                                                       SwInspector              *self);
void               _sw_inspector_expression_edited_cb (SwInspectorExpressionRow *row,
                                                       SwExpression             *expression,
                                                       SwInspector              *self);
void               _sw_inspector_geometry_apply_cb    (SwInspectorGeometryRow   *row,
                                                       double                    inertia,
                                                       double                    stiffness,
                                                       SwInspector              *self);
void               _sw_inspector_show_id_error        (GtkWidget                *row,
                                                       const char               *message);
void               _sw_inspector_id_changed_cb        (GtkEditable              *row,
                                                       SwInspector              *self);
void               _sw_inspector_id_commit            (SwInspector              *self);
void               _sw_inspector_id_leave_cb          (GtkEventControllerFocus  *focus,
                                                       SwInspector              *self);

/* sw-inspector-simulation.c */
void               _sw_inspector_build_simulation     (SwInspector              *self);
void               _sw_inspector_refresh_simulation   (SwInspector              *self);
void               _sw_inspector_commit_simulation    (SwInspector              *self);

/* sw-inspector-build.c */
void _sw_inspector_rebuild (SwInspector *self);

void               _sw_inspector_emit_outer           (SwInspector              *self,
                                                       const char               *param);
void               _sw_inspector_emit_vary            (SwInspector              *self,
                                                       const char               *id,
                                                       const char               *param,
                                                       double                    value);

/* sw-inspector-tuning.c (also "Vary…" on a number row) */
void       _sw_inspector_add_vary_menu   (SwInspector  *self,
                                          GtkWidget    *row,
                                          guint         param);
/* "Vary …" in a signal row's menu: one per number of its signal. */
void       _sw_inspector_add_signal_vary_menu (SwInspector *self,
                                               GtkWidget   *row,
                                               guint        param);
gboolean   _sw_inspector_kind_is_tunable (const SwKind *kind);
GtkWidget *_sw_inspector_tuning_row_new  (SwInspector  *self);

G_END_DECLS
