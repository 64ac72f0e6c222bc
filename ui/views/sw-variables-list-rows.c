/* sw-variables-list-rows.c: the rows of the variables list: their text
 * (units as displayed), the search's filters, the row widgets made and
 * bound by the factory, the keys of the list and of the search entry, and
 * the API over the rows shown (raise a component, expand one, the shown
 * components and rows).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-variables-list-private.h"

#include <string.h>

#include <glib/gi18n.h>

#include "sw-inspector-number-row.h"

/* The unit of a variable as shown: "rad/s" as "rpm" (SW_PLOT_UNITS_RPM,
 * _RPM_DEGREES), "rad" as "°" (SW_PLOT_UNITS_DEGREES, _RPM_DEGREES), each
 * as its own preference says; then spelt for display ("kg·m²"). */
static char *
dup_unit_text (SwVariablesList *self,
               const char      *unit)
{
  gboolean rpm = self->units == SW_PLOT_UNITS_RPM_DEGREES || self->units == SW_PLOT_UNITS_RPM;
  gboolean deg = self->units == SW_PLOT_UNITS_RPM_DEGREES || self->units == SW_PLOT_UNITS_DEGREES;

  if (unit != NULL && (rpm || deg))
    unit = sw_inspector_display_unit (unit, rpm ? "rpm" : "rad/s", deg ? "deg" : "rad", NULL);
  return sw_inspector_dup_unit_text (unit);
}

char *
_sw_variables_list_dup_unit_text (SwVariablesList *self,
                                  const char      *unit)
{
  return dup_unit_text (self, unit);
}

static char *
dup_row_text (SwVariablesList *self,
              SwVariablesItem *item)
{
  g_autofree char *unit = NULL;

  if (item->var < 0 && item->kind == NULL)
    return g_strdup (_("Observed variables"));
  /* Inside a subsystem, the path is the parent's row. */
  if (item->var < 0)
    return g_strdup (strrchr (item->id, '.') != NULL ? strrchr (item->id, '.') + 1 : item->id);
  unit = dup_unit_text (self, item->unit);
  if (unit[0] == '\0')
    return g_strdup_printf ("%s", item->var_name);
  return g_strdup_printf ("%s [%s]", item->var_name, unit);
}

/* Search */

static gboolean
key_matches (const char *key,
             char      **words)
{
  for (guint i = 0; words[i] != NULL; i++)
    if (strstr (key, words[i]) == NULL)
      return FALSE;
  return TRUE;
}

/* An item matches when its key does, or one of its children (at any
 * depth: the parts inside a subsystem) does. */
static gboolean
item_matches (SwVariablesItem *item,
              char           **words)
{
  guint n;

  if (words[0] == NULL || key_matches (item->key, words))
    return TRUE;
  n = item->children != NULL ? g_list_model_get_n_items (G_LIST_MODEL (item->children)) : 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(SwVariablesItem) child = g_list_model_get_item (G_LIST_MODEL (item->children), i);

      if (item_matches (child, words))
        return TRUE;
    }
  return FALSE;
}

gboolean
_sw_variables_list_child_filter_func (gpointer object,
                                      gpointer user_data)
{
  SwVariablesList *self = user_data;

  return item_matches (SW_VARIABLES_ITEM (object), self->search_words);
}

gboolean
_sw_variables_list_root_filter_func (gpointer object,
                                     gpointer user_data)
{
  SwVariablesList *self = user_data;

  return item_matches (SW_VARIABLES_ITEM (object), self->search_words);
}

GListModel *
_sw_variables_list_create_children_cb (gpointer object,
                                       gpointer user_data)
{
  SwVariablesList *self = user_data;
  SwVariablesItem *item = SW_VARIABLES_ITEM (object);

  if (item->children == NULL)
    return NULL;
  return G_LIST_MODEL (gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (item->children)),
                                                  g_object_ref (GTK_FILTER (self->child_filter))));
}

/* The rows */

void
_sw_variables_list_setup_cb (GtkSignalListItemFactory *factory,
                             GtkListItem              *list_item,
                             SwVariablesList          *self)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *check = gtk_check_button_new ();
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *detail = gtk_label_new (NULL);

  /* One stop per row for the keyboard: Enter and Space toggle. */
  gtk_widget_set_focusable (check, FALSE);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_xalign (GTK_LABEL (detail), 0);
  gtk_label_set_ellipsize (GTK_LABEL (detail), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (detail, TRUE);
  gtk_widget_add_css_class (detail, "dim-label");
  gtk_box_append (GTK_BOX (box), check);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), detail);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), box);
  gtk_list_item_set_child (list_item, expander);
}

void
_sw_variables_list_bind_cb (GtkSignalListItemFactory *factory,
                            GtkListItem              *list_item,
                            SwVariablesList          *self)
{
  GtkWidget *expander = gtk_list_item_get_child (list_item);
  GtkWidget *box = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));
  GtkWidget *check = gtk_widget_get_first_child (box);
  GtkWidget *title = gtk_widget_get_next_sibling (check);
  GtkWidget *detail = gtk_widget_get_next_sibling (title);
  GtkTreeListRow *row = gtk_list_item_get_item (list_item);
  SwVariablesItem *item = _sw_variables_list_row_get_item (row);
  g_autofree char *text = dup_row_text (self, item);

  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), row);
  gtk_widget_set_name (box, item->name);
  gtk_label_set_text (GTK_LABEL (title), text);

  if (item->var < 0)
    {
      gtk_widget_set_visible (check, FALSE);
      gtk_widget_add_css_class (title, "heading");
      gtk_label_set_text (GTK_LABEL (detail), item->kind != NULL ? _(item->kind->label) : _("Formulas over the results"));
      gtk_widget_set_tooltip_text (box, item->kind != NULL && item->kind->help != NULL ? _(item->kind->help) : NULL);
    }
  else
    {
      GBinding *binding;

      gtk_widget_set_visible (check, TRUE);
      gtk_widget_remove_css_class (title, "heading");
      gtk_label_set_text (GTK_LABEL (detail), item->help);
      gtk_widget_set_tooltip_text (box, item->help[0] != '\0' ? item->help : NULL);
      binding = g_object_bind_property (item, "checked", check, "active",
                                        G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
      /* A reference: the item may go (a rebuild) before the row unbinds. */
      g_object_set_data_full (G_OBJECT (list_item), "sw-binding", g_object_ref (binding), g_object_unref);
      gtk_accessible_update_property (GTK_ACCESSIBLE (check),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, item->name,
                                      -1);
    }
}

void
_sw_variables_list_unbind_cb (GtkSignalListItemFactory *factory,
                              GtkListItem              *list_item,
                              SwVariablesList          *self)
{
  GBinding *binding = g_object_steal_data (G_OBJECT (list_item), "sw-binding");
  GtkWidget *expander = gtk_list_item_get_child (list_item);

  if (binding != NULL)
    {
      g_binding_unbind (binding);
      g_object_unref (binding);
    }
  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), NULL);
}

/* Enter or Space on a row (or a double-click): a variable's check box
 * toggles, a component expands or collapses. */
static void
toggle_position (SwVariablesList *self,
                 guint            position)
{
  g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  SwVariablesItem *item;

  if (row == NULL)
    return;
  item = _sw_variables_list_row_get_item (row);
  if (item->var < 0)
    gtk_tree_list_row_set_expanded (row, !gtk_tree_list_row_get_expanded (row));
  else
    _sw_variables_item_set_checked (item, !item->checked);
}

void
_sw_variables_list_activate_cb (GtkListView     *list_view,
                                guint            position,
                                SwVariablesList *self)
{
  toggle_position (self, position);
}

gboolean
_sw_variables_list_key_pressed_cb (SwVariablesList       *self,
                                   guint                  keyval,
                                   guint                  keycode,
                                   GdkModifierType        state,
                                   GtkEventControllerKey *controller)
{
  guint position = gtk_single_selection_get_selected (self->selection);
  g_autoptr(GtkTreeListRow) row = NULL;

  if (position == GTK_INVALID_LIST_POSITION)
    return FALSE;
  if (keyval == GDK_KEY_space || keyval == GDK_KEY_KP_Space)
    {
      toggle_position (self, position);
      return TRUE;
    }
  row = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  if (row == NULL || !gtk_tree_list_row_is_expandable (row))
    return FALSE;
  if (keyval == GDK_KEY_plus || keyval == GDK_KEY_KP_Add || keyval == GDK_KEY_Right)
    {
      gtk_tree_list_row_set_expanded (row, TRUE);
      return TRUE;
    }
  if (keyval == GDK_KEY_minus || keyval == GDK_KEY_KP_Subtract || keyval == GDK_KEY_Left)
    {
      gtk_tree_list_row_set_expanded (row, FALSE);
      return TRUE;
    }
  return FALSE;
}

void
_sw_variables_list_search_changed_cb (GtkSearchEntry  *entry,
                                      SwVariablesList *self)
{
  /* Setting the text deletes the old one first, which reports an empty
   * search right away: not what was asked for. */
  if (self->syncing_entry)
    return;
  sw_variables_list_set_search_text (self, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

void
_sw_variables_list_stop_search_cb (GtkSearchEntry  *entry,
                                   SwVariablesList *self)
{
  sw_variables_list_set_search_text (self, "");
}

/* Enter or Down in the search field: into the list. */
void
_sw_variables_list_focus_list (SwVariablesList *self)
{
  if (g_list_model_get_n_items (G_LIST_MODEL (self->selection)) == 0)
    return;
  if (gtk_single_selection_get_selected (self->selection) == GTK_INVALID_LIST_POSITION)
    gtk_single_selection_set_selected (self->selection, 0);
  gtk_widget_child_focus (self->list_view, GTK_DIR_TAB_FORWARD);
}

gboolean
_sw_variables_list_search_key_pressed_cb (SwVariablesList       *self,
                                          guint                  keyval,
                                          guint                  keycode,
                                          GdkModifierType        state,
                                          GtkEventControllerKey *controller)
{
  if (keyval == GDK_KEY_Down || keyval == GDK_KEY_KP_Down)
    {
      _sw_variables_list_focus_list (self);
      return TRUE;
    }
  return FALSE;
}

static int
find_shown_component (SwVariablesList *self,
                      const char      *id)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->components));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(SwVariablesItem) item = g_list_model_get_item (G_LIST_MODEL (self->components), i);

      if (strcmp (item->id, id) == 0)
        return (int) i;
    }
  return -1;
}

void
sw_variables_list_raise_component (SwVariablesList *self,
                                   const char      *id)
{
  int index;

  g_return_if_fail (SW_IS_VARIABLES_LIST (self));
  g_return_if_fail (id != NULL);

  index = find_shown_component (self, id);
  if (index < 0)
    return;

  g_free (self->raised);
  self->raised = g_strdup (id);
  if (index > 0)
    {
      g_autoptr(SwVariablesItem) item = g_list_model_get_item (G_LIST_MODEL (self->components), index);
      g_autoptr(GHashTable) expanded = _sw_variables_list_dup_expanded_ids (self);

      g_list_store_remove (self->components, index);
      g_list_store_insert (self->components, 0, item);
      g_hash_table_add (expanded, g_strdup (id));
      _sw_variables_list_set_expanded_ids (self, expanded, FALSE);
    }
  else
    sw_variables_list_set_expanded (self, id, TRUE);

  /* To the top; the view keeps its place by an item, so it is told which
   * (setting the adjustment would be undone by the next layout). */
  if (g_list_model_get_n_items (G_LIST_MODEL (self->root_model)) > 0)
    gtk_widget_activate_action (self->list_view, "list.scroll-to-item", "u", 0);
}

char *
sw_variables_list_check_main_variable (SwVariablesList *self,
                                       const char      *id)
{
  g_auto(GStrv) steps = NULL;
  const SwKind *kind = NULL;
  SwModel *model;
  const char *var;
  char *name;

  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  /* A part inside a subsystem by its path: "engine1.crank". */
  steps = g_strsplit (id, ".", -1);
  model = self->model;
  for (guint k = 0; steps[k] != NULL; k++)
    {
      int index = model != NULL ? sw_model_find_component (model, steps[k]) : -1;

      if (index < 0)
        return NULL;
      kind = sw_model_get_component (model, (guint) index)->kind;
      model = sw_kind_get_subsystem_model (kind);
    }
  if (kind == NULL)
    return NULL;
  var = sw_kind_main_variable (kind);
  if (var == NULL)
    return NULL;
  name = g_strdup_printf ("%s.%s", id, var);
  sw_variables_list_set_name_checked (self, name, TRUE);
  sw_variables_list_raise_component (self, id);
  return name;
}

char **
sw_variables_list_dup_shown_components (SwVariablesList *self)
{
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  guint n;

  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), NULL);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->root_model));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(SwVariablesItem) item = g_list_model_get_item (G_LIST_MODEL (self->root_model), i);

      g_strv_builder_add (ids, item->id);
    }
  return g_strv_builder_end (ids);
}

char **
sw_variables_list_dup_shown_rows (SwVariablesList *self)
{
  g_autoptr(GStrvBuilder) rows = g_strv_builder_new ();
  guint n;

  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), NULL);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->tree));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->tree), i);
      SwVariablesItem *item = _sw_variables_list_row_get_item (row);
      g_autofree char *text = dup_row_text (self, item);

      if (item->var < 0)
        g_strv_builder_add (rows, item->id);
      else if (item->kind == NULL)
        {
          g_autofree char *line = g_strdup_printf ("  %s", text);

          g_strv_builder_add (rows, line);
        }
      else
        {
          g_autofree char *line = g_strdup_printf ("  %s.%s", item->id, text);

          g_strv_builder_add (rows, line);
        }
    }
  return g_strv_builder_end (rows);
}

void
sw_variables_list_set_expanded (SwVariablesList *self,
                                const char      *id,
                                gboolean         expanded)
{
  guint n;

  g_return_if_fail (SW_IS_VARIABLES_LIST (self));
  g_return_if_fail (id != NULL);

  /* Any shown component's row: one inside a subsystem too ("engine1.crank"). */
  n = g_list_model_get_n_items (G_LIST_MODEL (self->tree));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->tree), i);
      SwVariablesItem *item = _sw_variables_list_row_get_item (row);

      if (item->var < 0 && strcmp (item->id, id) == 0)
        {
          gtk_tree_list_row_set_expanded (row, expanded);
          return;
        }
    }
}
