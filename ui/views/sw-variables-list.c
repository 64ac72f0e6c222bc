/* sw-variables-list.c: component → variable, with check boxes.
 *
 * Data: a GListStore of component items (SwVariablesItem with var = -1),
 * each holding a GListStore of its variable items. A GtkFilterListModel
 * filters the components (one matches when its id matches the search, or
 * one of its variables does), a GtkTreeListModel expands each into a
 * GtkFilterListModel of its variables (same search), a GtkSingleSelection
 * and a GtkListView show them. One check box per variable, bound both ways
 * to the item's "checked" property; the checked names are kept in a set by
 * "id.var", so they do not depend on rows that exist.
 *
 * The model's "changed" comes on every edit (a drag on the canvas sends
 * many): the items are made anew only when the components' ids or kinds
 * changed, keeping which components are expanded.
 *
 * The items are in sw-variables-item.c, the rows in sw-variables-list-rows.c,
 * a variable's menu in sw-variables-list-menu.c (sw-variables-list-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-variables-list.h"
#include "sw-variables-list-private.h"

#include <string.h>

#include <glib/gi18n.h>

#include "sw-inspector-number-row.h"

/* The list */

G_DEFINE_FINAL_TYPE (SwVariablesList, sw_variables_list, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MODEL,
  PROP_DISPLAY_UNITS,
  PROP_SEARCH_TEXT,
  PROP_N_PANELS,
  PROP_X_VARIABLE,
  N_PROPS
};

enum {
  CHECKED_CHANGED,
  MOVE_TO_PANEL,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Rows of the tree */

/* The top-level rows (GtkTreeListRow), each with a reference. */
static GPtrArray *
dup_component_rows (SwVariablesList *self)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func (g_object_unref);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->tree));

  for (guint i = 0; i < n; i++)
    {
      GtkTreeListRow *row = g_list_model_get_item (G_LIST_MODEL (self->tree), i);

      if (gtk_tree_list_row_get_depth (row) == 0)
        g_ptr_array_add (rows, row);
      else
        g_object_unref (row);
    }
  return rows;
}

SwVariablesItem *
_sw_variables_list_row_get_item (GtkTreeListRow *row)
{
  g_autoptr(GObject) object = gtk_tree_list_row_get_item (row);

  /* The stores hold the items. */
  return SW_VARIABLES_ITEM (object);
}

GHashTable *
_sw_variables_list_dup_expanded_ids (SwVariablesList *self)
{
  g_autoptr(GPtrArray) rows = dup_component_rows (self);
  GHashTable *ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < rows->len; i++)
    if (gtk_tree_list_row_get_expanded (rows->pdata[i]))
      g_hash_table_add (ids, g_strdup (_sw_variables_list_row_get_item (rows->pdata[i])->id));
  return ids;
}

/* Expands the listed components and collapses the others (all when ids is
 * NULL and expand is TRUE). */
void
_sw_variables_list_set_expanded_ids (SwVariablesList *self,
                                     GHashTable      *ids,
                                     gboolean         others)
{
  g_autoptr(GPtrArray) rows = dup_component_rows (self);

  for (guint i = 0; i < rows->len; i++)
    {
      gboolean expand = ids != NULL ? g_hash_table_contains (ids, _sw_variables_list_row_get_item (rows->pdata[i])->id) : others;

      gtk_tree_list_row_set_expanded (rows->pdata[i], expand);
    }
}

static void
update_empty (SwVariablesList *self)
{
  gboolean empty = g_list_model_get_n_items (G_LIST_MODEL (self->root_model)) == 0;

  if (empty)
    gtk_label_set_text (GTK_LABEL (self->empty_label),
                        g_list_model_get_n_items (G_LIST_MODEL (self->components)) == 0
                        ? _("No components") : _("No matching variables"));
  gtk_widget_set_visible (self->empty_label, empty);
  gtk_widget_set_visible (self->scroller, !empty);
}

/* Checks */

static void
emit_checked_changed (SwVariablesList *self)
{
  g_signal_emit (self, signals[CHECKED_CHANGED], 0);
}

static void
item_checked_cb (SwVariablesItem *item,
                 GParamSpec      *pspec,
                 SwVariablesList *self)
{
  gboolean changed;

  if (item->checked)
    changed = g_hash_table_add (self->checked, g_strdup (item->name));
  else
    changed = g_hash_table_remove (self->checked, item->name);
  if (changed && self->quiet == 0)
    emit_checked_changed (self);
}

/* Building the items */

static char *
dup_signature (SwModel *model)
{
  GString *s = g_string_new (NULL);
  guint n = model != NULL ? sw_model_get_n_components (model) : 0;

  for (guint i = 0; i < n; i++)
    {
      const SwComponent *c = sw_model_get_component (model, i);

      g_string_append_printf (s, "%s\t%s\n", c->id, c->kind->name);
    }
  /* and the observed variables, formulas and all. */
  if (model != NULL)
    {
      guint n_observed;
      const SwObservedEntry *observed = sw_model_get_observed (model, &n_observed);

      for (guint k = 0; k < n_observed; k++)
        g_string_append_printf (s, "=%s\t%s\t%s\n", observed[k].name, observed[k].expression, observed[k].unit);
    }
  return g_string_free (s, FALSE);
}

/* A component's item; a subsystem's holds its components', whose ids
 * and variables name the path ("engine1.crank.w"), as a run's columns do. */
static SwVariablesItem *
make_component (SwVariablesList   *self,
                const SwComponent *c,
                const char        *prefix)
{
  g_autofree char *id = g_strconcat (prefix, c->id, NULL);
  SwVariablesItem *item = _sw_variables_item_new (id, c->kind, -1);
  SwModel *inner = sw_kind_get_subsystem_model (c->kind);

  for (guint i = 0; inner != NULL && i < sw_model_get_n_components (inner); i++)
    {
      g_autofree char *inner_prefix = g_strconcat (id, ".", NULL);
      g_autoptr(SwVariablesItem) child = make_component (self, sw_model_get_component (inner, i), inner_prefix);

      g_list_store_append (item->children, child);
    }
  for (guint v = 0; v < _sw_variables_item_n_variable_slots (c->kind); v++)
    {
      g_autoptr(SwVariablesItem) child = _sw_variables_item_new (id, c->kind, (int) v);

      if (child == NULL)
        continue;
      child->checked = g_hash_table_contains (self->checked, child->name);
      g_signal_connect_object (child, "notify::checked", G_CALLBACK (item_checked_cb), self, 0);
      g_hash_table_insert (self->items, child->name, child);
      g_list_store_append (item->children, child);
    }
  return item;
}

/* The observed variables' row, after the components, when there are any. */
static void
add_observed (SwVariablesList *self,
              GPtrArray       *made)
{
  guint n;
  const SwObservedEntry *observed = sw_model_get_observed (self->model, &n);
  SwVariablesItem *group;

  if (n == 0)
    return;
  group = _sw_variables_item_new_observed (NULL, NULL, NULL);
  for (guint k = 0; k < n; k++)
    {
      g_autoptr(SwVariablesItem) child = _sw_variables_item_new_observed (observed[k].name, observed[k].expression,
                                                                                   observed[k].unit);

      child->checked = g_hash_table_contains (self->checked, child->name);
      g_signal_connect_object (child, "notify::checked", G_CALLBACK (item_checked_cb), self, 0);
      g_hash_table_insert (self->items, child->name, child);
      g_list_store_append (group->children, child);
    }
  g_ptr_array_add (made, group);
}

/* Makes the items anew from the model, keeping what is expanded; drops
 * checked names that went away. */
void
_sw_variables_list_rebuild (SwVariablesList *self)
{
  g_autoptr(GHashTable) expanded = _sw_variables_list_dup_expanded_ids (self);
  g_autoptr(GPtrArray) made = g_ptr_array_new_with_free_func (g_object_unref);
  GHashTableIter iter;
  gpointer key;
  gboolean dropped = FALSE;
  guint n = self->model != NULL ? sw_model_get_n_components (self->model) : 0;

  g_free (self->signature);
  self->signature = dup_signature (self->model);
  g_hash_table_remove_all (self->items);

  if (self->raised != NULL && (self->model == NULL || sw_model_find_component (self->model, self->raised) < 0))
    g_clear_pointer (&self->raised, g_free);
  g_clear_pointer (&self->x_variable, g_free);
  if (self->raised != NULL)
    g_ptr_array_add (made, make_component (self,
                                           sw_model_get_component (self->model,
                                                                   sw_model_find_component (self->model, self->raised)),
                                           ""));
  for (guint i = 0; i < n; i++)
    {
      const SwComponent *c = sw_model_get_component (self->model, i);

      if (g_strcmp0 (c->id, self->raised) != 0)
        g_ptr_array_add (made, make_component (self, c, ""));
    }
  if (self->model != NULL)
    add_observed (self, made);

  g_list_store_splice (self->components, 0, g_list_model_get_n_items (G_LIST_MODEL (self->components)),
                       made->pdata, made->len);
  _sw_variables_list_set_expanded_ids (self, expanded, FALSE);

  g_hash_table_iter_init (&iter, self->checked);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (self->items, key))
      {
        g_hash_table_iter_remove (&iter);
        dropped = TRUE;
      }
  update_empty (self);
  if (dropped)
    emit_checked_changed (self);
}

static void
model_changed_cb (SwVariablesList *self,
                  SwModel         *model)
{
  g_autofree char *signature = dup_signature (model);

  if (g_strcmp0 (signature, self->signature) != 0)
    _sw_variables_list_rebuild (self);
}

/* Menu or Shift+F10: the menu of the selected variable, under its row. */
static void
show_menu_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  SwVariablesList *self = SW_VARIABLES_LIST (widget);
  guint position = gtk_single_selection_get_selected (self->selection);
  g_autoptr(GtkTreeListRow) row = NULL;
  SwVariablesItem *item;
  GtkWidget *anchor = NULL;

  if (position == GTK_INVALID_LIST_POSITION)
    return;
  row = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  item = row != NULL ? _sw_variables_list_row_get_item (row) : NULL;
  if (item == NULL || item->var < 0)
    return;
  /* The focused row, when it is the selected one. */
  anchor = gtk_root_get_focus (gtk_widget_get_root (widget));
  if (_sw_variables_list_widget_get_variable (anchor) != item)
    anchor = NULL;
  while (anchor != NULL && !GTK_IS_TREE_EXPANDER (anchor))
    anchor = gtk_widget_get_parent (anchor);
  if (anchor == NULL)
    for (GtkWidget *c = gtk_widget_get_first_child (self->list_view); c != NULL; c = gtk_widget_get_next_sibling (c))
      {
        GtkWidget *e = gtk_widget_get_first_child (c);

        if (e != NULL && _sw_variables_list_widget_get_variable (e) == item)
          {
            anchor = e;
            break;
          }
      }
  _sw_variables_list_popup_menu (self, item->name, anchor);
}

static void
move_to_panel_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  const char *name;
  guint panel;

  g_variant_get (parameter, "(&su)", &name, &panel);
  g_signal_emit (widget, signals[MOVE_TO_PANEL], 0, name, MIN (panel, SW_VARIABLES_LIST (widget)->n_panels));
}

static void
use_as_x_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  sw_variables_list_set_x_variable (SW_VARIABLES_LIST (widget), g_variant_get_string (parameter, NULL));
}

static void
plot_against_time_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  sw_variables_list_set_x_variable (SW_VARIABLES_LIST (widget), NULL);
}

/* GObject */

static void
sw_variables_list_dispose (GObject *object)
{
  SwVariablesList *self = SW_VARIABLES_LIST (object);
  GtkWidget *child;

  if (self->model != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->model, self);
      g_clear_object (&self->model);
    }
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  self->search_entry = self->empty_label = self->scroller = self->list_view = self->menu = NULL;
  g_clear_object (&self->selection);
  g_clear_object (&self->tree);
  g_clear_object (&self->root_model);
  g_clear_object (&self->root_filter);
  g_clear_object (&self->child_filter);
  g_clear_object (&self->components);

  G_OBJECT_CLASS (sw_variables_list_parent_class)->dispose (object);
}

static void
sw_variables_list_finalize (GObject *object)
{
  SwVariablesList *self = SW_VARIABLES_LIST (object);

  g_clear_pointer (&self->items, g_hash_table_unref);
  g_clear_pointer (&self->checked, g_hash_table_unref);
  g_clear_pointer (&self->expanded_before_search, g_hash_table_unref);
  g_clear_pointer (&self->signature, g_free);
  g_clear_pointer (&self->raised, g_free);
  g_clear_pointer (&self->search_text, g_free);
  g_clear_pointer (&self->search_words, g_strfreev);
  g_clear_pointer (&self->x_variable, g_free);

  G_OBJECT_CLASS (sw_variables_list_parent_class)->finalize (object);
}

static void
sw_variables_list_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  SwVariablesList *self = SW_VARIABLES_LIST (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    case PROP_DISPLAY_UNITS:
      g_value_set_enum (value, self->units);
      break;
    case PROP_SEARCH_TEXT:
      g_value_set_string (value, self->search_text);
      break;
    case PROP_N_PANELS:
      g_value_set_uint (value, self->n_panels);
      break;
    case PROP_X_VARIABLE:
      g_value_set_string (value, self->x_variable);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_variables_list_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  SwVariablesList *self = SW_VARIABLES_LIST (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      sw_variables_list_set_model (self, g_value_get_object (value));
      break;
    case PROP_DISPLAY_UNITS:
      sw_variables_list_set_display_units (self, g_value_get_enum (value));
      break;
    case PROP_SEARCH_TEXT:
      sw_variables_list_set_search_text (self, g_value_get_string (value));
      break;
    case PROP_N_PANELS:
      sw_variables_list_set_n_panels (self, g_value_get_uint (value));
      break;
    case PROP_X_VARIABLE:
      sw_variables_list_set_x_variable (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_variables_list_class_init (SwVariablesListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sw_variables_list_dispose;
  object_class->finalize = sw_variables_list_finalize;
  object_class->get_property = sw_variables_list_get_property;
  object_class->set_property = sw_variables_list_set_property;

  /**
   * SwVariablesList:model:
   *
   * The model whose components are listed, or %NULL.
   */
  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, SW_TYPE_MODEL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * SwVariablesList:display-units:
   *
   * How units of speeds and angles are shown (as in the plots).
   */
  properties[PROP_DISPLAY_UNITS] =
    g_param_spec_enum ("display-units", NULL, NULL, SW_TYPE_PLOT_UNITS, SW_PLOT_UNITS_SI,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * SwVariablesList:search-text:
   *
   * What the rows are filtered by; "" shows them all.
   */
  properties[PROP_SEARCH_TEXT] =
    g_param_spec_string ("search-text", NULL, NULL, "",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * SwVariablesList:n-panels:
   *
   * How many panels the plot has: the context menu offers to move a
   * variable into each of them or into a new one.
   */
  properties[PROP_N_PANELS] =
    g_param_spec_uint ("n-panels", NULL, NULL, 0, G_MAXUINT, 1,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * SwVariablesList:x-variable:
   *
   * The variable ("id.var") the checked ones are plotted against, or %NULL
   * for time. Set from the context menu ("Use as X Axis", "Plot Against
   * Time") or by the window.
   */
  properties[PROP_X_VARIABLE] =
    g_param_spec_string ("x-variable", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * SwVariablesList::checked-changed:
   *
   * The checked variables changed: see sw_variables_list_dup_checked().
   */
  signals[CHECKED_CHANGED] =
    g_signal_new ("checked-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * SwVariablesList::move-to-panel:
   * @name: the variable, "id.var"
   * @panel: the panel (0 is the top one), or n-panels for a new one
   *
   * The user asked for a variable to go into another panel of the plot
   * (the context menu's "Move to Panel …", "New Panel").
   */
  signals[MOVE_TO_PANEL] =
    g_signal_new ("move-to-panel",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "variables.move-to-panel", "(su)", move_to_panel_action);
  gtk_widget_class_install_action (widget_class, "variables.use-as-x", "s", use_as_x_action);
  gtk_widget_class_install_action (widget_class, "variables.plot-against-time", NULL, plot_against_time_action);
  gtk_widget_class_install_action (widget_class, "variables.show-menu", NULL, show_menu_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "variables.show-menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "variables.show-menu", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "swvariableslist");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
sw_variables_list_init (SwVariablesList *self)
{
  GtkListItemFactory *factory;
  GtkEventController *controller;

  self->units = SW_PLOT_UNITS_SI;
  self->search_text = g_strdup ("");
  self->search_words = g_new0 (char *, 1);
  self->items = g_hash_table_new (g_str_hash, g_str_equal);
  self->checked = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->signature = g_strdup ("");
  self->n_panels = 1;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);

  self->search_entry = gtk_search_entry_new ();
  g_object_set (self->search_entry, "placeholder-text", _("Search variables"), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Search variables"),
                                  -1);
  gtk_widget_set_margin_start (self->search_entry, 6);
  gtk_widget_set_margin_end (self->search_entry, 6);
  gtk_widget_set_margin_top (self->search_entry, 6);
  gtk_widget_set_margin_bottom (self->search_entry, 6);
  gtk_widget_set_parent (self->search_entry, GTK_WIDGET (self));
  g_signal_connect (self->search_entry, "search-changed", G_CALLBACK (_sw_variables_list_search_changed_cb), self);
  g_signal_connect (self->search_entry, "stop-search", G_CALLBACK (_sw_variables_list_stop_search_cb), self);
  g_signal_connect_swapped (self->search_entry, "activate", G_CALLBACK (_sw_variables_list_focus_list), self);
  controller = gtk_event_controller_key_new ();
  g_signal_connect_swapped (controller, "key-pressed", G_CALLBACK (_sw_variables_list_search_key_pressed_cb), self);
  gtk_widget_add_controller (self->search_entry, controller);

  self->empty_label = gtk_label_new (_("No components"));
  gtk_widget_add_css_class (self->empty_label, "dim-label");
  gtk_widget_set_margin_top (self->empty_label, 24);
  gtk_widget_set_margin_bottom (self->empty_label, 24);
  gtk_widget_set_vexpand (self->empty_label, TRUE);
  gtk_widget_set_valign (self->empty_label, GTK_ALIGN_START);
  gtk_label_set_wrap (GTK_LABEL (self->empty_label), TRUE);
  gtk_widget_set_parent (self->empty_label, GTK_WIDGET (self));

  self->components = g_list_store_new (SW_TYPE_VARIABLES_ITEM);
  self->root_filter = gtk_custom_filter_new (_sw_variables_list_root_filter_func, self, NULL);
  self->child_filter = gtk_custom_filter_new (_sw_variables_list_child_filter_func, self, NULL);
  self->root_model = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (self->components)),
                                                g_object_ref (GTK_FILTER (self->root_filter)));
  self->tree = gtk_tree_list_model_new (g_object_ref (G_LIST_MODEL (self->root_model)), FALSE, FALSE,
                                        _sw_variables_list_create_children_cb, self, NULL);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->tree)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (_sw_variables_list_setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (_sw_variables_list_bind_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (_sw_variables_list_unbind_cb), self);
  self->list_view = gtk_list_view_new (GTK_SELECTION_MODEL (g_object_ref (self->selection)), factory);
  gtk_widget_add_css_class (self->list_view, "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list_view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Variables"),
                                  -1);
  g_signal_connect (self->list_view, "activate", G_CALLBACK (_sw_variables_list_activate_cb), self);
  controller = gtk_event_controller_key_new ();
  g_signal_connect_swapped (controller, "key-pressed", G_CALLBACK (_sw_variables_list_key_pressed_cb), self);
  gtk_widget_add_controller (self->list_view, controller);
  controller = GTK_EVENT_CONTROLLER (gtk_gesture_click_new ());
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (controller), GDK_BUTTON_SECONDARY);
  g_signal_connect_swapped (controller, "pressed", G_CALLBACK (_sw_variables_list_secondary_pressed_cb), self);
  gtk_widget_add_controller (self->list_view, controller);
  controller = GTK_EVENT_CONTROLLER (gtk_gesture_long_press_new ());
  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (controller), TRUE);
  g_signal_connect_swapped (controller, "pressed", G_CALLBACK (_sw_variables_list_long_pressed_cb), self);
  gtk_widget_add_controller (self->list_view, controller);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->list_view);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));

  gtk_search_entry_set_key_capture_widget (GTK_SEARCH_ENTRY (self->search_entry), GTK_WIDGET (self));
  update_empty (self);
}

/* Public API */

/**
 * sw_variables_list_new:
 *
 * Returns: (transfer floating): an empty list; give it a model.
 */
GtkWidget *
sw_variables_list_new (void)
{
  return g_object_new (SW_TYPE_VARIABLES_LIST, NULL);
}

void
sw_variables_list_set_model (SwVariablesList *self,
                             SwModel         *model)
{
  g_return_if_fail (SW_IS_VARIABLES_LIST (self));
  g_return_if_fail (model == NULL || SW_IS_MODEL (model));

  if (self->model == model)
    return;

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_set_object (&self->model, model);
  if (model != NULL)
    g_signal_connect_object (model, "changed", G_CALLBACK (model_changed_cb), self, G_CONNECT_SWAPPED);

  /* Another document: nothing raised or expanded carries over. */
  g_clear_pointer (&self->raised, g_free);
  g_list_store_remove_all (self->components);
  _sw_variables_list_rebuild (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

SwModel *
sw_variables_list_get_model (SwVariablesList *self)
{
  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), NULL);

  return self->model;
}

void
sw_variables_list_set_display_units (SwVariablesList *self,
                                     SwPlotUnits      units)
{
  g_return_if_fail (SW_IS_VARIABLES_LIST (self));
  g_return_if_fail (units <= SW_PLOT_UNITS_DEGREES);

  if (self->units == units)
    return;
  self->units = units;
  /* The rows show units when bound: bind them again. */
  _sw_variables_list_rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISPLAY_UNITS]);
}

SwPlotUnits
sw_variables_list_get_display_units (SwVariablesList *self)
{
  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), SW_PLOT_UNITS_SI);

  return self->units;
}

const char *
sw_variables_list_get_search_text (SwVariablesList *self)
{
  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), NULL);

  return self->search_text;
}

void
sw_variables_list_set_search_text (SwVariablesList *self,
                                   const char      *text)
{
  g_autofree char *folded = NULL;
  g_auto(GStrv) parts = NULL;
  g_autoptr(GStrvBuilder) words = g_strv_builder_new ();
  gboolean was_searching;

  g_return_if_fail (SW_IS_VARIABLES_LIST (self));

  if (text == NULL)
    text = "";
  if (strcmp (self->search_text, text) == 0)
    return;

  was_searching = self->search_words[0] != NULL;
  g_free (self->search_text);
  self->search_text = g_strdup (text);
  folded = g_utf8_casefold (text, -1);
  parts = g_strsplit_set (folded, " \t\n", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    if (parts[i][0] != '\0')
      g_strv_builder_add (words, parts[i]);
  g_strfreev (self->search_words);
  self->search_words = g_strv_builder_end (words);

  if (strcmp (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)), text) != 0)
    {
      self->syncing_entry = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text);
      self->syncing_entry = FALSE;
    }

  /* What was expanded before a search comes back after it. */
  if (!was_searching && self->search_words[0] != NULL)
    {
      g_clear_pointer (&self->expanded_before_search, g_hash_table_unref);
      self->expanded_before_search = _sw_variables_list_dup_expanded_ids (self);
    }

  gtk_filter_changed (GTK_FILTER (self->child_filter), GTK_FILTER_CHANGE_DIFFERENT);
  gtk_filter_changed (GTK_FILTER (self->root_filter), GTK_FILTER_CHANGE_DIFFERENT);

  if (self->search_words[0] != NULL)
    _sw_variables_list_set_expanded_ids (self, NULL, TRUE);
  else if (was_searching && self->expanded_before_search != NULL)
    {
      _sw_variables_list_set_expanded_ids (self, self->expanded_before_search, FALSE);
      g_clear_pointer (&self->expanded_before_search, g_hash_table_unref);
    }
  update_empty (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCH_TEXT]);
}

/* The checked variables of model's components (inside prefix), in the
 * model's order, those inside subsystems at their place. */
static void
add_checked (SwVariablesList *self,
             GStrvBuilder    *names,
             SwModel         *model,
             const char      *prefix)
{
  for (guint i = 0; i < sw_model_get_n_components (model); i++)
    {
      const SwComponent *c = sw_model_get_component (model, i);
      SwModel *inner = sw_kind_get_subsystem_model (c->kind);

      if (inner != NULL)
        {
          g_autofree char *inner_prefix = g_strconcat (prefix, c->id, ".", NULL);

          add_checked (self, names, inner, inner_prefix);
        }
      for (guint v = 0; v < _sw_variables_item_n_variable_slots (c->kind); v++)
        {
          g_autofree char *var = NULL, *help = NULL, *name = NULL;
          const char *unit;

          if (!_sw_variables_item_variable_info (c->kind, v, &var, &unit, &help))
            continue;
          name = g_strdup_printf ("%s%s.%s", prefix, c->id, var);
          if (g_hash_table_contains (self->checked, name))
            g_strv_builder_add (names, name);
        }
    }
}

char **
sw_variables_list_dup_checked (SwVariablesList *self)
{
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();

  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), NULL);

  if (self->model != NULL)
    {
      guint n;
      const SwObservedEntry *observed = sw_model_get_observed (self->model, &n);

      add_checked (self, names, self->model, "");
      /* then the observed variables, in the model's order */
      for (guint k = 0; k < n; k++)
        if (g_hash_table_contains (self->checked, observed[k].name))
          g_strv_builder_add (names, observed[k].name);
    }
  return g_strv_builder_end (names);
}

void
sw_variables_list_set_checked (SwVariablesList   *self,
                               const char *const *names)
{
  g_autoptr(GHashTable) wanted = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer key, value;
  gboolean changed = FALSE;

  g_return_if_fail (SW_IS_VARIABLES_LIST (self));

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    if (g_hash_table_contains (self->items, names[i]))
      g_hash_table_add (wanted, (gpointer) names[i]);

  self->quiet++;
  g_hash_table_iter_init (&iter, self->items);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      SwVariablesItem *item = value;
      gboolean checked = g_hash_table_contains (wanted, key);

      if (item->checked != checked)
        {
          changed = TRUE;
          _sw_variables_item_set_checked (item, checked);
        }
    }
  self->quiet--;

  if (changed)
    emit_checked_changed (self);
}

gboolean
sw_variables_list_get_name_checked (SwVariablesList *self,
                                    const char      *name)
{
  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  return g_hash_table_contains (self->checked, name);
}

gboolean
sw_variables_list_set_name_checked (SwVariablesList *self,
                                    const char      *name,
                                    gboolean         checked)
{
  SwVariablesItem *item;

  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  item = g_hash_table_lookup (self->items, name);
  if (item == NULL)
    return FALSE;
  /* Emits through item_checked_cb when it changes. */
  _sw_variables_item_set_checked (item, checked);
  return TRUE;
}

void
sw_variables_list_set_n_panels (SwVariablesList *self,
                                guint            n_panels)
{
  g_return_if_fail (SW_IS_VARIABLES_LIST (self));

  if (self->n_panels == n_panels)
    return;
  self->n_panels = n_panels;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PANELS]);
}

guint
sw_variables_list_get_n_panels (SwVariablesList *self)
{
  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), 0);

  return self->n_panels;
}

void
sw_variables_list_set_x_variable (SwVariablesList *self,
                                  const char      *name)
{
  g_return_if_fail (SW_IS_VARIABLES_LIST (self));

  if (g_strcmp0 (self->x_variable, name) == 0)
    return;
  g_free (self->x_variable);
  self->x_variable = g_strdup (name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_X_VARIABLE]);
}

const char *
sw_variables_list_get_x_variable (SwVariablesList *self)
{
  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), NULL);

  return self->x_variable;
}

gboolean
sw_variables_list_popup_menu (SwVariablesList *self,
                              const char      *name)
{
  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  return _sw_variables_list_popup_menu (self, name, NULL);
}

GtkWidget *
sw_variables_list_get_menu (SwVariablesList *self)
{
  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), NULL);

  return self->menu;
}
