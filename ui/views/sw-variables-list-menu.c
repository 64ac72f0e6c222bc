/* sw-variables-list-menu.c: the context menu of a variable (right-click,
 * long-press, Menu or Shift+F10 on its row): move it to another panel or a
 * new one, use it as the X axis, plot against time again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-variables-list-private.h"

#include <string.h>

#include <glib/gi18n.h>

/* The context menu of a variable: right-click, long-press, Menu or
 * Shift+F10 on its row. */

GMenuModel *
sw_variables_list_dup_menu (SwVariablesList *self,
                            const char      *name)
{
  g_autoptr(GMenu) menu = NULL;
  g_autoptr(GMenu) panels = NULL;
  g_autoptr(GMenu) axis = NULL;
  g_autoptr(GMenuItem) item = NULL;

  g_return_val_if_fail (SW_IS_VARIABLES_LIST (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  menu = g_menu_new ();
  panels = g_menu_new ();
  for (guint i = 0; i <= self->n_panels; i++)
    {
      g_autofree char *label = i < self->n_panels
                               ? g_strdup_printf (_("Move to Panel %u"), i + 1)
                               : g_strdup (_("Move to a New Panel"));

      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target_value (item, "variables.move-to-panel",
                                               g_variant_new ("(su)", name, i));
      g_menu_append_item (panels, item);
      g_clear_object (&item);
    }
  g_menu_append_section (menu, NULL, G_MENU_MODEL (panels));

  axis = g_menu_new ();
  if (g_strcmp0 (self->x_variable, name) != 0)
    {
      item = g_menu_item_new (_("Use as X Axis"), NULL);
      g_menu_item_set_action_and_target_value (item, "variables.use-as-x", g_variant_new_string (name));
      g_menu_append_item (axis, item);
    }
  if (self->x_variable != NULL)
    g_menu_append (axis, _("Plot Against Time"), "variables.plot-against-time");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (axis));
  return G_MENU_MODEL (g_steal_pointer (&menu));
}

/* The variable of a row's widget (or of one inside it), or NULL. */
SwVariablesItem *
_sw_variables_list_widget_get_variable (GtkWidget *widget)
{
  for (; widget != NULL; widget = gtk_widget_get_parent (widget))
    if (GTK_IS_TREE_EXPANDER (widget))
      {
        GtkTreeListRow *row = gtk_tree_expander_get_list_row (GTK_TREE_EXPANDER (widget));
        SwVariablesItem *item = row != NULL ? _sw_variables_list_row_get_item (row) : NULL;

        return item != NULL && item->var >= 0 ? item : NULL;
      }
  return NULL;
}

gboolean
_sw_variables_list_popup_menu (SwVariablesList *self,
                               const char      *name,
                               GtkWidget       *anchor)
{
  g_autoptr(GMenuModel) model = NULL;
  graphene_point_t point = GRAPHENE_POINT_INIT (0, 0);
  graphene_point_t at;
  GdkRectangle rect = { 0, 0, 1, 1 };

  if (self->items == NULL || g_hash_table_lookup (self->items, name) == NULL)
    return FALSE;
  model = sw_variables_list_dup_menu (self, name);
  if (self->menu == NULL)
    {
      self->menu = gtk_popover_menu_new_from_model (NULL);
      gtk_popover_set_position (GTK_POPOVER (self->menu), GTK_POS_BOTTOM);
      gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
      gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
      gtk_widget_set_parent (self->menu, GTK_WIDGET (self));
    }
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->menu), model);
  if (anchor != NULL && gtk_widget_compute_point (anchor, GTK_WIDGET (self), &point, &at))
    {
      rect.x = (int) at.x;
      rect.y = (int) at.y;
      if (GTK_IS_TREE_EXPANDER (anchor))
        {
          rect.width = gtk_widget_get_width (anchor);
          rect.height = gtk_widget_get_height (anchor);
        }
    }
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &rect);
  g_object_set_data_full (G_OBJECT (self->menu), "sw-variable", g_strdup (name), g_free);
  gtk_popover_popup (GTK_POPOVER (self->menu));
  return TRUE;
}

static void
pointer_menu (SwVariablesList *self,
              double           x,
              double           y)
{
  GtkWidget *picked = gtk_widget_pick (self->list_view, x, y, GTK_PICK_DEFAULT);
  SwVariablesItem *item = _sw_variables_list_widget_get_variable (picked);
  GtkWidget *anchor = picked;

  if (item == NULL)
    return;
  while (anchor != NULL && !GTK_IS_TREE_EXPANDER (anchor))
    anchor = gtk_widget_get_parent (anchor);
  _sw_variables_list_popup_menu (self, item->name, anchor);
}

void
_sw_variables_list_secondary_pressed_cb (SwVariablesList *self,
                                         int              n_press,
                                         double           x,
                                         double           y,
                                         GtkGesture      *gesture)
{
  pointer_menu (self, x, y);
  gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_CLAIMED);
}

void
_sw_variables_list_long_pressed_cb (SwVariablesList *self,
                                    double           x,
                                    double           y,
                                    GtkGesture      *gesture)
{
  pointer_menu (self, x, y);
}
