/* sw-inspector.h: the parameters of the selected component, or the model's
 * simulation settings when nothing is selected.
 *
 * Rows are generated from the kind's parameter descriptors in
 * AdwPreferencesGroups: label, value, unit, help as tooltip, range checked
 * as you type (an invalid value is shown as an error and not applied).
 * Signal parameters get an editor (signal type, its fields, a small preview
 * over the simulated time); initial values have their own group; inertias
 * and shafts can be given by geometry (cylinder: diameters, length,
 * density; shaft: diameters, length, shear modulus) with material presets.
 * Every change goes through the model API (and so into its history).
 * Numbers can be tuned by dragging or scrolling (1 % a step, see
 * sw-inspector-number-row.h), each step an edit, so the window's live
 * runs follow; a drag is one undo step when "history" is set. A number
 * parameter's row has a menu (right-click) with "Vary…": the signal
 * "vary-requested" (component id, parameter name, its value) asks for it in
 * a parameter study.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>
#include "sw-history.h"
#include "sw-model.h"

G_BEGIN_DECLS

#define SW_TYPE_INSPECTOR (sw_inspector_get_type ())
G_DECLARE_FINAL_TYPE (SwInspector, sw_inspector, SW, INSPECTOR, GtkWidget)

/* Properties: "model" (SwModel), "history" (SwHistory: a drag to tune is
 * one undo step), "component" (int, -1 = the simulation
 * settings), "speed-unit" ("rad/s" or "rpm") and "angle-unit" ("rad" or
 * "deg"): how parameters in exactly rad/s or rad (and such fields of their
 * signals) are shown and typed; the model stays in SI. NULL sets the SI
 * unit. */
GtkWidget  *sw_inspector_new            (void);
void        sw_inspector_set_model      (SwInspector *inspector,
                                         SwModel     *model);
SwModel    *sw_inspector_get_model      (SwInspector *inspector);
/* The model shown being a subsystem opened in place: the model its block
 * is in and the block's id (NULL: none). A parameter inside that the
 * subsystem's own parameter sets is shown with the block's value, the one
 * in effect, not editable. */
/* Puts the focus on the row of parameter param of the component shown;
 * FALSE when there is none. */
gboolean    sw_inspector_focus_param    (SwInspector *inspector,
                                         const char  *param);
/* Signal "outer-requested" (the subsystem's parameter's name): the row
 * under such a parameter asks to show it on the block outside. */
void        sw_inspector_set_outer      (SwInspector *inspector,
                                         SwModel     *outer_model,
                                         const char  *block_id);
void        sw_inspector_set_history    (SwInspector *inspector,
                                         SwHistory   *history);
SwHistory  *sw_inspector_get_history    (SwInspector *inspector);
void        sw_inspector_set_component  (SwInspector *inspector,
                                         int          component);
int         sw_inspector_get_component  (SwInspector *inspector);
void        sw_inspector_set_speed_unit (SwInspector *inspector,
                                         const char  *speed_unit);
const char *sw_inspector_get_speed_unit (SwInspector *inspector);
void        sw_inspector_set_angle_unit (SwInspector *inspector,
                                         const char  *angle_unit);
const char *sw_inspector_get_angle_unit (SwInspector *inspector);

G_END_DECLS
