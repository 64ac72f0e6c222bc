/* sw-variables-list.h: the variables a run gives, component by component,
 * each with a check box: what the plots show.
 *
 * A GtkListView over a GtkTreeListModel: the components of a model in model
 * order (one raised component first), each expanding to its kind's
 * variables ("w [rad/s]", the variable's help beside it and as tooltip).
 * A search field above filters by component id or variable name (every
 * word must match "id.variable"). The list follows the model's "changed"
 * signal; checked variables are kept by name ("inertia1.w") and survive
 * edits, names that go away with their component are dropped.
 *
 * Keyboard: type to search, Down moves into the list, Enter or Space on a
 * variable toggles its check box, on a component expands or collapses it
 * (as do + and −); Escape clears the search. Menu or Shift+F10 (or a
 * right-click, a long-press) opens a variable's menu: move it to another
 * panel of the plot, use it as the X axis, plot against time again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "sw-model.h"
#include "sw-plot-view.h"

G_BEGIN_DECLS

#define SW_TYPE_VARIABLES_LIST (sw_variables_list_get_type ())
G_DECLARE_FINAL_TYPE (SwVariablesList, sw_variables_list, SW, VARIABLES_LIST, GtkWidget)

/* Properties: "model" (SwModel), "display-units" (SwPlotUnits: units of
 * speeds and angles as the plots show them), "search-text". Signal
 * "checked-changed": the set of checked names changed (by the user or by
 * the API, once per call). */
GtkWidget   *sw_variables_list_new               (void);
void         sw_variables_list_set_model         (SwVariablesList    *list,
                                                  SwModel            *model);
SwModel     *sw_variables_list_get_model         (SwVariablesList    *list);
void         sw_variables_list_set_display_units (SwVariablesList    *list,
                                                  SwPlotUnits         units);
SwPlotUnits  sw_variables_list_get_display_units (SwVariablesList    *list);
const char  *sw_variables_list_get_search_text   (SwVariablesList    *list);
void         sw_variables_list_set_search_text   (SwVariablesList    *list,
                                                  const char         *text);

/* Checked variables as "id.var" names, in model order (free with
 * g_strfreev()). Setting replaces them all; names the model does not have
 * are ignored. NULL checks nothing. */
char       **sw_variables_list_dup_checked       (SwVariablesList    *list);
void         sw_variables_list_set_checked       (SwVariablesList    *list,
                                                  const char *const  *names);
gboolean     sw_variables_list_get_name_checked  (SwVariablesList    *list,
                                                  const char         *name);
/* Checks or unchecks one "id.var"; FALSE when the model has no such
 * variable. */
gboolean     sw_variables_list_set_name_checked  (SwVariablesList    *list,
                                                  const char         *name,
                                                  gboolean            checked);

/* Brings a component to the top of the list, expanded, and scrolls there
 * (the window calls it when the canvas selects one). */
void         sw_variables_list_raise_component   (SwVariablesList    *list,
                                                  const char         *id);
/* Checks the component's main variable (sw_kind_main_variable()) and
 * raises it: what a double-click on a component does. Returns the name
 * checked ("inertia1.w"), or NULL when there is none; free with g_free(). */
char        *sw_variables_list_check_main_variable (SwVariablesList  *list,
                                                    const char       *id);

/* For tests and for whoever shows the list elsewhere: the components in the
 * order shown (ids, after raising and search), free with g_strfreev(). */
char       **sw_variables_list_dup_shown_components (SwVariablesList *list);
/* The rows as shown, one string each: a component as its id, a variable
 * as "  id.var [unit]" (indented, with its unit as displayed); free with
 * g_strfreev(). */
char       **sw_variables_list_dup_shown_rows    (SwVariablesList    *list);
/* Expands or collapses a component's row. */
void         sw_variables_list_set_expanded      (SwVariablesList    *list,
                                                  const char         *id,
                                                  gboolean            expanded);

/* The plot's panels, for the context menu ("n-panels", 1 by default), and
 * the variable the plot is drawn against ("x-variable", NULL: time; the
 * menu's "Use as X Axis" sets it). The menu's "Move to Panel …" emits
 * "move-to-panel" (name, panel; n-panels for a new panel): the window
 * moves the curve. */
void         sw_variables_list_set_n_panels      (SwVariablesList    *list,
                                                  guint               n_panels);
guint        sw_variables_list_get_n_panels      (SwVariablesList    *list);
void         sw_variables_list_set_x_variable    (SwVariablesList    *list,
                                                  const char         *name);
const char  *sw_variables_list_get_x_variable    (SwVariablesList    *list);
/* The context menu of a variable, actions "variables.move-to-panel" ("(su)"),
 * "variables.use-as-x" ("s"), "variables.plot-against-time"; free with
 * g_object_unref(). */
GMenuModel  *sw_variables_list_dup_menu          (SwVariablesList    *list,
                                                  const char         *name);
/* Opens that menu; FALSE when the model has no such variable. The popover
 * (NULL before the first) is there for tests. */
gboolean     sw_variables_list_popup_menu        (SwVariablesList    *list,
                                                  const char         *name);
GtkWidget   *sw_variables_list_get_menu          (SwVariablesList    *list);

G_END_DECLS
