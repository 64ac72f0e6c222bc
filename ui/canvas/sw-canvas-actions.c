/* sw-canvas-actions.c: the "canvas." actions (delete, select all,
 * duplicate, copy, cut, paste, rotate, flip, zoom, activate), their keys,
 * when each is enabled, the clipboard, which carries model JSON, and the
 * "component-activated" signal (double-click, Enter, canvas.activate).
 * The keys that need the canvas's state (arrows, Tab, Enter, C) are in
 * sw-canvas-input.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-canvas-private.h"

#include <string.h>

#define PASTE_OFFSET    20.0     /* model units */

static const char *const action_names[] = {
  "canvas.delete-selection", "canvas.select-all", "canvas.duplicate", "canvas.copy", "canvas.cut",
  "canvas.paste", "canvas.rotate", "canvas.flip", "canvas.zoom-in", "canvas.zoom-out", "canvas.zoom-fit",
  "canvas.activate",
};

static guint component_activated_signal;

void
_sw_canvas_emit_component_activated (SwCanvas *self,
                                     guint     component)
{
  g_return_if_fail (component < self->items->len);

  g_signal_emit (self, component_activated_signal, 0, (int) component);
}

gboolean
_sw_canvas_action_enabled (SwCanvas   *self,
                           const char *action)
{
  gboolean has_model, has_components, any;

  g_return_val_if_fail (SW_IS_CANVAS (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  has_model = self->model != NULL;
  has_components = has_model && self->items->len > 0;
  any = g_hash_table_size (self->selection) > 0;

  if (strcmp (action, "canvas.delete-selection") == 0)
    return any || self->wire_from != NULL;
  if (strcmp (action, "canvas.select-all") == 0 || strcmp (action, "canvas.zoom-fit") == 0)
    return has_components;
  if (strcmp (action, "canvas.paste") == 0)
    return has_model;
  if (strcmp (action, "canvas.zoom-in") == 0)
    return self->view.zoom < SW_CANVAS_MAX_ZOOM;
  if (strcmp (action, "canvas.zoom-out") == 0)
    return self->view.zoom > SW_CANVAS_MIN_ZOOM;
  if (strcmp (action, "canvas.activate") == 0)
    return g_hash_table_size (self->selection) == 1;
  /* duplicate, copy, cut, rotate, flip */
  return any;
}

void
_sw_canvas_update_actions (SwCanvas *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (action_names); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), action_names[i],
                                   _sw_canvas_action_enabled (self, action_names[i]));
}

/* Editing */

/* Gives components shown at an automatic spot that position, so that a
 * copy of them lands next to them. */
static void
pin_positions (SwCanvas *self,
               GArray   *indices)
{
  for (guint k = 0; k < indices->len; k++)
    {
      guint i = g_array_index (indices, guint, k);
      const SwCanvasItem *item = _sw_canvas_get_item (self, i);

      if (!item->has_position)
        sw_model_set_position (self->model, i, item->x, item->y);
    }
}

static char *
dup_selection_fragment (SwCanvas *self)
{
  g_autoptr(GArray) indices = _sw_canvas_dup_selection_indices (self);

  if (indices->len == 0)
    return NULL;
  return sw_model_dup_fragment (self->model, (const guint *) (gpointer) indices->data, indices->len);
}

static void
delete_selection (SwCanvas *self)
{
  g_autoptr(GArray) indices = NULL;
  int wire;

  if (self->model == NULL)
    return;

  wire = _sw_canvas_find_selected_wire (self);
  indices = _sw_canvas_dup_selection_indices (self);
  if (wire < 0 && indices->len == 0)
    return;

  _sw_canvas_edit_begin (self);
  if (wire >= 0)
    {
      _sw_canvas_clear_wire_selection (self);
      sw_model_remove_connection (self->model, (guint) wire);
    }
  g_hash_table_remove_all (self->selection);
  for (guint k = indices->len; k-- > 0;)
    sw_model_remove_component (self->model, g_array_index (indices, guint, k));
  _sw_canvas_edit_end (self);

  _sw_canvas_selection_changed (self);
}

/* Actions */

static void
delete_selection_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  delete_selection (SW_CANVAS (widget));
}

static void
select_all_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  SwCanvas *self = SW_CANVAS (widget);
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < self->items->len; i++)
    g_array_append_val (all, i);
  _sw_canvas_select_indices_array (self, all);
}

static void
duplicate_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  SwCanvas *self = SW_CANVAS (widget);
  g_autoptr(GArray) indices = _sw_canvas_dup_selection_indices (self);
  g_autoptr(GArray) added = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *fragment = NULL;

  if (self->model == NULL || indices->len == 0)
    return;

  _sw_canvas_edit_begin (self);
  pin_positions (self, indices);
  fragment = sw_model_dup_fragment (self->model, (const guint *) (gpointer) indices->data, indices->len);
  added = sw_model_paste_fragment (self->model, fragment, PASTE_OFFSET, PASTE_OFFSET, &error);
  _sw_canvas_edit_end (self);

  if (added == NULL)
    {
      _sw_canvas_show_hint (self, error->message, self->pointer_x, self->pointer_y, TRUE);
      return;
    }
  _sw_canvas_select_indices_array (self, added);
}

static void
copy_selection (SwCanvas *self)
{
  g_autoptr(GArray) indices = _sw_canvas_dup_selection_indices (self);
  g_autofree char *fragment = NULL;

  if (self->model == NULL || indices->len == 0)
    return;
  _sw_canvas_edit_begin (self);
  pin_positions (self, indices);
  _sw_canvas_edit_end (self);
  fragment = dup_selection_fragment (self);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), fragment);
  self->paste_count = 0;
}

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  copy_selection (SW_CANVAS (widget));
}

static void
cut_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  SwCanvas *self = SW_CANVAS (widget);

  if (self->model == NULL)
    return;
  _sw_canvas_edit_begin (self);
  copy_selection (self);
  /* Pasting after a cut puts the components back where they were. */
  self->paste_count = G_MAXUINT;
  delete_selection (self);
  _sw_canvas_edit_end (self);
}

static void
paste_ready_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(SwCanvas) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) added = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (object), result, &error);
  double offset;

  if (text == NULL || self->model == NULL)
    return;

  /* Each paste of the same copy lands a step further. */
  self->paste_count = self->paste_count == G_MAXUINT ? 0 : self->paste_count + 1;
  offset = PASTE_OFFSET * self->paste_count;
  added = sw_model_paste_fragment (self->model, text, offset, offset, &error);
  if (added == NULL)
    {
      int width = gtk_widget_get_width (GTK_WIDGET (self));
      int height = gtk_widget_get_height (GTK_WIDGET (self));

      _sw_canvas_show_hint (self, error->message, width / 3.0, height / 3.0, TRUE);
      return;
    }
  _sw_canvas_select_indices_array (self, added);
}

static void
paste_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  SwCanvas *self = SW_CANVAS (widget);

  if (self->model == NULL)
    return;
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, paste_ready_cb,
                                 g_object_ref (self));
}

static void
turn_selection (SwCanvas *self,
                int       degrees,
                gboolean  flip)
{
  g_autoptr(GArray) indices = _sw_canvas_dup_selection_indices (self);

  if (self->model == NULL || indices->len == 0)
    return;

  _sw_canvas_edit_begin (self);
  for (guint k = 0; k < indices->len; k++)
    {
      guint i = g_array_index (indices, guint, k);
      int rotation = sw_model_get_rotation (self->model, i);
      gboolean flipped = sw_model_get_flipped (self->model, i);

      sw_model_set_rotation (self->model, i, (rotation + degrees) % 360, flip ? !flipped : flipped);
    }
  _sw_canvas_edit_end (self);
}

static void
rotate_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  turn_selection (SW_CANVAS (widget), 90, FALSE);
}

static void
flip_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  turn_selection (SW_CANVAS (widget), 0, TRUE);
}

static void
zoom_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SwCanvas *self = SW_CANVAS (widget);

  _sw_canvas_set_view_zoom (self, self->view.zoom * SW_CANVAS_ZOOM_STEP,
                            gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0);
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  SwCanvas *self = SW_CANVAS (widget);

  _sw_canvas_set_view_zoom (self, self->view.zoom / SW_CANVAS_ZOOM_STEP,
                            gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0);
}

static void
zoom_fit_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  _sw_canvas_zoom_fit (SW_CANVAS (widget));
}

static void
activate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  SwCanvas *self = SW_CANVAS (widget);
  int component = sw_canvas_get_selected_component (self);

  if (component >= 0)
    _sw_canvas_emit_component_activated (self, (guint) component);
}

void
_sw_canvas_class_actions_init (GtkWidgetClass *widget_class)
{
  /**
   * SwCanvas::component-activated:
   * @canvas: the canvas
   * @component: the component's index
   *
   * A component was double-clicked, or Enter pressed with it selected: the
   * window plots its main variable (sw_kind_main_variable()).
   */
  component_activated_signal =
    g_signal_new ("component-activated",
                  G_TYPE_FROM_CLASS (widget_class),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_install_action (widget_class, "canvas.activate", NULL, activate_action);
  gtk_widget_class_install_action (widget_class, "canvas.delete-selection", NULL, delete_selection_action);
  gtk_widget_class_install_action (widget_class, "canvas.select-all", NULL, select_all_action);
  gtk_widget_class_install_action (widget_class, "canvas.duplicate", NULL, duplicate_action);
  gtk_widget_class_install_action (widget_class, "canvas.copy", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "canvas.cut", NULL, cut_action);
  gtk_widget_class_install_action (widget_class, "canvas.paste", NULL, paste_action);
  gtk_widget_class_install_action (widget_class, "canvas.rotate", NULL, rotate_action);
  gtk_widget_class_install_action (widget_class, "canvas.flip", NULL, flip_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-fit", NULL, zoom_fit_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "canvas.delete-selection", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Delete, 0, "canvas.delete-selection", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_BackSpace, 0, "canvas.delete-selection", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, GDK_CONTROL_MASK, "canvas.select-all", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK, "canvas.duplicate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, "canvas.copy", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_x, GDK_CONTROL_MASK, "canvas.cut", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_v, GDK_CONTROL_MASK, "canvas.paste", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, 0, "canvas.rotate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, 0, "canvas.flip", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0, "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, 0, "canvas.zoom-fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, 0, "canvas.zoom-fit", NULL);
}
