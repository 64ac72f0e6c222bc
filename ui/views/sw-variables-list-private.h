/* sw-variables-list-private.h: what the files of SwVariablesList share:
 *
 *   sw-variables-list.c       the type, properties, signals, the items made
 *                             anew from the model, checks, actions, the API
 *   sw-variables-item.c       SwVariablesItem, a component or a variable
 *   sw-variables-list-rows.c  the rows: text, search filters, the factory,
 *                             keys; the API over the rows shown
 *   sw-variables-list-menu.c  a variable's context menu
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "sw-kind.h"
#include "sw-variables-list.h"

G_BEGIN_DECLS

/* Items */

#define SW_TYPE_VARIABLES_ITEM (sw_variables_item_get_type ())
G_DECLARE_FINAL_TYPE (SwVariablesItem, sw_variables_item, SW, VARIABLES_ITEM, GObject)

struct _SwVariablesItem
{
  GObject          parent_instance;

  char            *id;          /* the component's */
  const SwKind    *kind;        /* NULL for the observed variables */
  int              var;         /* index in kind->vars (past them: a port's), -1 for the component */
  char            *var_name;    /* "w", "flange_a.tau"; NULL for the component */
  const char      *unit;        /* the variable's */
  char            *help;        /* the variable's, translated */
  char            *name;        /* "id.var", or the id */
  char            *key;         /* what the search looks in, casefolded */
  GListStore      *children;    /* a component's variables (a subsystem's: its components), else NULL */
  gboolean         checked;
};

struct _SwVariablesList
{
  GtkWidget           parent_instance;

  SwModel            *model;
  SwPlotUnits         units;

  GtkWidget          *search_entry;
  GtkWidget          *empty_label;
  GtkWidget          *scroller;
  GtkWidget          *list_view;

  GListStore         *components;     /* SwVariablesItem, as shown */
  GtkCustomFilter    *root_filter;
  GtkCustomFilter    *child_filter;
  GtkFilterListModel *root_model;
  GtkTreeListModel   *tree;
  GtkSingleSelection *selection;

  GHashTable         *items;          /* "id.var" → SwVariablesItem (borrowed) */
  GHashTable         *checked;        /* "id.var" set */
  char               *signature;      /* ids and kinds of the items made */
  char               *raised;         /* id of the component shown first, or NULL */
  char               *search_text;    /* never NULL */
  char              **search_words;   /* casefolded, never NULL */
  GHashTable         *expanded_before_search;  /* ids, or NULL */
  guint               quiet;          /* checks set by the API, not the user */
  guint               n_panels;       /* the plot's panels, for the menu */
  char               *x_variable;     /* the X–Y plot's x axis, or NULL */
  GtkWidget          *menu;           /* a variable's context menu, or NULL */
  gboolean            syncing_entry;  /* the entry's text is being set from search_text */
};

/* sw-variables-list.c */
SwVariablesItem *_sw_variables_list_row_get_item     (GtkTreeListRow  *row);
GHashTable      *_sw_variables_list_dup_expanded_ids (SwVariablesList *self);
void             _sw_variables_list_set_expanded_ids (SwVariablesList *self,
                                                      GHashTable      *ids,
                                                      gboolean         others);
void             _sw_variables_list_rebuild          (SwVariablesList *self);

/* sw-variables-item.c */
void             _sw_variables_item_set_checked      (SwVariablesItem  *self,
                                                      gboolean          checked);
guint            _sw_variables_item_n_variable_slots (const SwKind     *kind);
gboolean         _sw_variables_item_variable_info    (const SwKind     *kind,
                                                      guint             v,
                                                      char            **name,
                                                      const char      **unit,
                                                      char            **help);
SwVariablesItem *_sw_variables_item_new              (const char       *id,
                                                      const SwKind     *kind,
                                                      int               var);
/* The observed variables' row (name NULL) and one of them. */
#define SW_VARIABLES_OBSERVED_ID "=observed"
SwVariablesItem *_sw_variables_item_new_observed     (const char       *name,
                                                      const char       *expression,
                                                      const char       *unit);

/* sw-variables-list-rows.c */
gboolean    _sw_variables_list_child_filter_func     (gpointer                  object,
                                                      gpointer                  user_data);
gboolean    _sw_variables_list_root_filter_func      (gpointer                  object,
                                                      gpointer                  user_data);
GListModel *_sw_variables_list_create_children_cb    (gpointer                  object,
                                                      gpointer                  user_data);
void        _sw_variables_list_setup_cb              (GtkSignalListItemFactory *factory,
                                                      GtkListItem              *list_item,
                                                      SwVariablesList          *self);
void        _sw_variables_list_bind_cb               (GtkSignalListItemFactory *factory,
                                                      GtkListItem              *list_item,
                                                      SwVariablesList          *self);
void        _sw_variables_list_unbind_cb             (GtkSignalListItemFactory *factory,
                                                      GtkListItem              *list_item,
                                                      SwVariablesList          *self);
void        _sw_variables_list_activate_cb           (GtkListView              *list_view,
                                                      guint                     position,
                                                      SwVariablesList          *self);
gboolean    _sw_variables_list_key_pressed_cb        (SwVariablesList          *self,
                                                      guint                     keyval,
                                                      guint                     keycode,
                                                      GdkModifierType           state,
                                                      GtkEventControllerKey    *controller);
void        _sw_variables_list_search_changed_cb     (GtkSearchEntry           *entry,
                                                      SwVariablesList          *self);
void        _sw_variables_list_stop_search_cb        (GtkSearchEntry           *entry,
                                                      SwVariablesList          *self);
void        _sw_variables_list_focus_list            (SwVariablesList          *self);
/* A variable's unit as its row shows it ("rad/s" as "rpm" in rpm). */
char       *_sw_variables_list_dup_unit_text         (SwVariablesList          *self,
                                                      const char               *unit);
gboolean    _sw_variables_list_search_key_pressed_cb (SwVariablesList          *self,
                                                      guint                     keyval,
                                                      guint                     keycode,
                                                      GdkModifierType           state,
                                                      GtkEventControllerKey    *controller);

/* sw-variables-list-menu.c */
SwVariablesItem *_sw_variables_list_widget_get_variable  (GtkWidget       *widget);
gboolean         _sw_variables_list_popup_menu           (SwVariablesList *self,
                                                          const char      *name,
                                                          GtkWidget       *anchor);
void             _sw_variables_list_secondary_pressed_cb (SwVariablesList *self,
                                                          int              n_press,
                                                          double           x,
                                                          double           y,
                                                          GtkGesture      *gesture);
void             _sw_variables_list_long_pressed_cb      (SwVariablesList *self,
                                                          double           x,
                                                          double           y,
                                                          GtkGesture      *gesture);

G_END_DECLS
