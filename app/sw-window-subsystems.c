/* sw-window-subsystems.c: subsystems in the window.
 *
 * "Make Subsystem" (Ctrl+G) moves the selected components into a new
 * definition of the model (one undo step). Double-click on a subsystem
 * opens it: one defined in the model is shown in the same canvas, with a
 * breadcrumb path back above it; one that is a file of its own opens in a
 * window of its own.
 *
 * Inside a definition the canvas and the inspector edit a model of the
 * definition alone (self->inner); each of its changes is written back into
 * the document (sw_model_set_definition), so runs, undo and saving stay
 * the document's, and each change of the document (undo, redo) is read
 * back into the definition shown. Definitions all live at the top of the
 * document, so a level deeper is just another definition's name.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-window-private.h"

#include <errno.h>
#include <glib/gi18n.h>

gboolean
_sw_window_inside_subsystem (SwWindow *self)
{
  return self->inner != NULL;
}

/* The model on the canvas: the document or the definition shown. */
SwModel *
_sw_window_get_shown_model (SwWindow *self)
{
  return self->inner != NULL ? self->inner : self->model;
}

char *
_sw_window_dup_component_path (SwWindow *self, guint index)
{
  SwModel *shown = _sw_window_get_shown_model (self);
  const char *id;

  if (shown == NULL || index >= sw_model_get_n_components (shown))
    return NULL;
  id = sw_model_get_component (shown, index)->id;
  if (self->inner_paths == NULL || self->inner_paths->len == 0)
    return g_strdup (id);
  return g_strdup_printf ("%s.%s", (const char *) g_ptr_array_index (self->inner_paths, self->inner_paths->len - 1),
                          id);
}

/* ---- Breadcrumb ------------------------------------------------------------ */

static void leave_to (SwWindow *self, guint depth);

static void
crumb_clicked_cb (GtkButton *button, SwWindow *self)
{
  leave_to (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "sw-depth")));
}

static void
update_breadcrumb (SwWindow *self)
{
  GtkWidget *child;
  guint depth = self->inner_names != NULL ? self->inner_names->len : 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->breadcrumb_bar))) != NULL)
    gtk_box_remove (self->breadcrumb_bar, child);
  gtk_widget_set_visible (GTK_WIDGET (self->breadcrumb_bar), depth > 0);
  for (guint level = 0; level <= depth; level++)
    {
      g_autofree char *text = NULL;
      GtkWidget *crumb;

      if (level == 0)
        text = g_strdup (self->title_text != NULL ? self->title_text : _("Model"));
      else
        /* "engine1 (EngineUnit)": the component opened and its definition. */
        text = g_strdup_printf (_("%s (%s)"), (const char *) g_ptr_array_index (self->inner_paths, level - 1),
                                (const char *) g_ptr_array_index (self->inner_names, level - 1));
      if (level > 0)
        gtk_box_append (self->breadcrumb_bar, gtk_image_new_from_icon_name ("go-next-symbolic"));
      if (level < depth)
        {
          crumb = gtk_button_new_with_label (text);
          gtk_widget_add_css_class (crumb, "flat");
          gtk_widget_set_tooltip_text (crumb, level == 0 ? _("Back to the model") : _("Back to this subsystem"));
          g_object_set_data (G_OBJECT (crumb), "sw-depth", GUINT_TO_POINTER (level));
          g_signal_connect (crumb, "clicked", G_CALLBACK (crumb_clicked_cb), self);
        }
      else
        {
          crumb = gtk_label_new (text);
          gtk_widget_add_css_class (crumb, "heading");
          gtk_widget_set_margin_start (crumb, 8);
        }
      gtk_box_append (self->breadcrumb_bar, crumb);
    }
}

/* ---- Keeping the definition and the document in step ------------------------ */

static const char *
current_name (SwWindow *self)
{
  return g_ptr_array_index (self->inner_names, self->inner_names->len - 1);
}

static void
inner_changed_cb (SwWindow *self)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  if (self->syncing)
    return;
  text = sw_model_to_data (self->inner, NULL);
  self->syncing = TRUE;
  if (!sw_model_set_definition (self->model, current_name (self), text, &error))
    {
      /* Kept on the canvas; written back once it reads again. */
      g_autofree char *message = g_strdup_printf (_("Not applied to the model yet: %s"), error->message);

      _sw_window_show_toast (self, message);
    }
  self->syncing = FALSE;
}

void
_sw_window_subsystems_document_changed (SwWindow *self)
{
  g_autofree char *text = NULL;

  if (self->syncing || self->inner == NULL)
    return;
  text = sw_model_dup_definition (self->model, current_name (self));
  /* Undone past its making: back to the model. */
  if (text == NULL)
    {
      leave_to (self, 0);
      return;
    }
  self->syncing = TRUE;
  sw_model_restore (self->inner, text, -1, NULL);
  self->syncing = FALSE;
}

/* Shows the definition of the deepest level (or the document at depth 0)
 * on the canvas and in the inspector. */
static void
show_level (SwWindow *self)
{
  guint depth = self->inner_names->len;

  if (self->inner != NULL)
    g_clear_signal_handler (&self->inner_changed_id, self->inner);
  g_clear_object (&self->inner);
  if (depth > 0)
    {
      g_autofree char *text = sw_model_dup_definition (self->model, current_name (self));
      g_autofree char *display = g_strdup_printf ("%s › %s", sw_model_get_display_name (self->model),
                                                  (const char *) g_ptr_array_index (self->inner_paths, depth - 1));
      g_autoptr (GError) error = NULL;

      self->inner = text != NULL ? sw_model_new_from_data_in (text, -1, display, sw_model_get_folder (self->model),
                                                              &error)
                                 : NULL;
      if (self->inner == NULL)
        {
          _sw_window_show_toast (self, error != NULL ? error->message : _("The subsystem is no longer defined"));
          g_ptr_array_set_size (self->inner_names, 0);
          g_ptr_array_set_size (self->inner_paths, 0);
        }
      else
        self->inner_changed_id = g_signal_connect_swapped (self->inner, "changed", G_CALLBACK (inner_changed_cb),
                                                           self);
    }
  sw_inspector_set_component (self->inspector, -1);
  sw_inspector_set_model (self->inspector, _sw_window_get_shown_model (self));
  sw_canvas_set_model (self->canvas, _sw_window_get_shown_model (self));
  sw_canvas_select_component (self->canvas, -1);
  gtk_widget_activate_action (GTK_WIDGET (self->canvas), "canvas.zoom-fit", NULL);
  update_breadcrumb (self);
  _sw_window_update_problems_marks (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

static void
leave_to (SwWindow *self, guint depth)
{
  if (self->inner_names == NULL || depth >= self->inner_names->len)
    return;
  g_ptr_array_set_size (self->inner_names, depth);
  g_ptr_array_set_size (self->inner_paths, depth);
  show_level (self);
}

void
_sw_window_subsystems_reset (SwWindow *self)
{
  if (self->inner_names == NULL)
    {
      self->inner_names = g_ptr_array_new_with_free_func (g_free);
      self->inner_paths = g_ptr_array_new_with_free_func (g_free);
    }
  if (self->inner != NULL)
    g_clear_signal_handler (&self->inner_changed_id, self->inner);
  g_clear_object (&self->inner);
  g_ptr_array_set_size (self->inner_names, 0);
  g_ptr_array_set_size (self->inner_paths, 0);
  update_breadcrumb (self);
}

void
_sw_window_subsystems_dispose (SwWindow *self)
{
  if (self->inner != NULL)
    g_clear_signal_handler (&self->inner_changed_id, self->inner);
  g_clear_object (&self->inner);
  g_clear_pointer (&self->inner_names, g_ptr_array_unref);
  g_clear_pointer (&self->inner_paths, g_ptr_array_unref);
  if (self->library_monitor != NULL)
    g_signal_handlers_disconnect_by_data (self->library_monitor, self);
  g_clear_object (&self->library_monitor);
}

gboolean
_sw_window_open_subsystem (SwWindow *self, guint component)
{
  SwModel *shown = _sw_window_get_shown_model (self);
  const SwComponent *c;

  if (shown == NULL || component >= sw_model_get_n_components (shown))
    return FALSE;
  c = sw_model_get_component (shown, component);
  if (c->definition != NULL)
    {
      g_ptr_array_add (self->inner_paths, _sw_window_dup_component_path (self, component));
      g_ptr_array_add (self->inner_names, g_strdup (c->definition));
      show_level (self);
      return TRUE;
    }
  if (c->model_ref != NULL)
    {
      /* A file of its own: edited as such, in its own window. */
      g_autofree char *path = g_canonicalize_filename (c->model_ref, sw_model_get_folder (self->model));
      g_autoptr (GFile) file = g_file_new_for_path (path);

      g_application_open (g_application_get_default (), &file, 1, "");
      return TRUE;
    }
  return FALSE;
}

/* ---- The library ----------------------------------------------------------- */

char *
_sw_window_dup_library_folder (SwWindow *self)
{
  g_autofree char *folder = self->settings != NULL ? g_settings_get_string (self->settings, "library-folder") : NULL;

  if (folder != NULL && folder[0] != '\0')
    return g_steal_pointer (&folder);
  return g_build_filename (g_get_user_data_dir (), "shaftwork", "library", NULL);
}

static void
library_rescan (SwWindow *self)
{
  g_autofree char *folder = _sw_window_dup_library_folder (self);

  sw_palette_set_library_folder (self->palette, folder);
}

static void
library_changed_cb (GFileMonitor *monitor, GFile *file, GFile *other, GFileMonitorEvent event, SwWindow *self)
{
  if (event == G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT || event == G_FILE_MONITOR_EVENT_DELETED
      || event == G_FILE_MONITOR_EVENT_MOVED_IN || event == G_FILE_MONITOR_EVENT_MOVED_OUT
      || event == G_FILE_MONITOR_EVENT_RENAMED)
    library_rescan (self);
}

static void
library_folder_setting_cb (SwWindow *self)
{
  _sw_window_library_init (self);
}

void
_sw_window_library_init (SwWindow *self)
{
  g_autofree char *folder = _sw_window_dup_library_folder (self);
  g_autoptr (GFile) dir = g_file_new_for_path (folder);

  if (self->library_monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->library_monitor, self);
      g_clear_object (&self->library_monitor);
    }
  else if (self->settings != NULL)
    g_signal_connect_object (self->settings, "changed::library-folder", G_CALLBACK (library_folder_setting_cb),
                             self, G_CONNECT_SWAPPED);
  self->library_monitor = g_file_monitor_directory (dir, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (self->library_monitor != NULL)
    g_signal_connect (self->library_monitor, "changed", G_CALLBACK (library_changed_cb), self);
  library_rescan (self);
}

/* The selected subsystem defined in the model, written into the library
 * as a file of its own (under a name not taken there). */
static void
sw_window_save_to_library (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SwWindow *self = SW_WINDOW (widget);
  SwModel *shown = _sw_window_get_shown_model (self);
  int selected = sw_canvas_get_selected_component (self->canvas);
  g_autofree char *folder = _sw_window_dup_library_folder (self), *text = NULL, *path = NULL, *message = NULL;
  g_autoptr (SwModel) definition = NULL;
  g_autoptr (GError) error = NULL;
  const SwComponent *c;

  if (shown == NULL || selected < 0 || (c = sw_model_get_component (shown, (guint) selected))->definition == NULL)
    return;
  text = sw_model_dup_definition (self->model, c->definition);
  definition = text != NULL ? sw_model_new_from_data_in (text, -1, c->definition, sw_model_get_folder (self->model),
                                                         &error)
                            : NULL;
  for (guint n = 1; definition != NULL && path == NULL; n++)
    {
      g_autofree char *name = n == 1 ? g_strdup_printf ("%s.shaft", c->definition)
                                     : g_strdup_printf ("%s%u.shaft", c->definition, n);
      g_autofree char *candidate = g_build_filename (folder, name, NULL);

      if (!g_file_test (candidate, G_FILE_TEST_EXISTS))
        path = g_steal_pointer (&candidate);
    }
  if (definition == NULL || g_mkdir_with_parents (folder, 0755) != 0
      || !sw_model_save_to_file (definition, path, &error))
    {
      _sw_window_show_error_dialog (self, _("Could Not Save to the Library"),
                                    error != NULL ? error->message : g_strerror (errno));
      return;
    }
  message = g_strdup_printf (_("Saved “%s” to the library"), c->definition);
  _sw_window_show_toast (self, message);
  /* The folder may be new: watched from now on. */
  _sw_window_library_init (self);
}

/* Back in this window after editing a subsystem's file in another: the
 * document reads it anew. */
static void
notify_is_active_cb (SwWindow *self)
{
  g_autoptr (GError) error = NULL;

  if (self->model != NULL && gtk_window_is_active (GTK_WINDOW (self))
      && !sw_model_refresh_subsystems (self->model, &error))
    _sw_window_show_toast (self, error->message);
}

void
_sw_window_subsystems_init (SwWindow *self)
{
  g_signal_connect (self, "notify::is-active", G_CALLBACK (notify_is_active_cb), NULL);
  _sw_window_library_init (self);
}

/* ---- Make Subsystem ------------------------------------------------------------ */

/* A name no definition of the model has yet: Subsystem1, Subsystem2, … */
static char *
free_name (SwModel *model)
{
  g_auto (GStrv) names = sw_model_dup_definition_names (model);

  for (guint n = 1;; n++)
    {
      g_autofree char *name = g_strdup_printf ("Subsystem%u", n);

      if (!g_strv_contains ((const char *const *) names, name))
        return g_steal_pointer (&name);
    }
}

static void
make_response_cb (AdwMessageDialog *dialog, const char *response, SwWindow *self)
{
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  g_autoptr (GArray) selection = NULL;
  g_autoptr (GError) error = NULL;
  SwModel *shown = _sw_window_get_shown_model (self);
  int made;

  if (g_strcmp0 (response, "make") != 0 || shown == NULL)
    return;
  selection = sw_canvas_dup_selection (self->canvas);
  if (selection->len == 0)
    return;
  made = sw_model_make_subsystem (shown, (const guint *) selection->data, selection->len,
                                  gtk_editable_get_text (entry), &error);
  if (made < 0)
    _sw_window_show_error_dialog (self, _("Could Not Make the Subsystem"), error->message);
  else
    sw_canvas_select_component (self->canvas, made);
}

static void
sw_window_make_subsystem (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SwWindow *self = SW_WINDOW (widget);
  g_autoptr (GArray) selection = sw_canvas_dup_selection (self->canvas);
  g_autofree char *name = NULL;
  GtkWidget *dialog, *entry;

  if (self->model == NULL || selection->len == 0)
    return;
  name = free_name (self->model);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Make Subsystem"),
                                   _("The selected components become one subsystem defined in this model. "
                                     "Their connections to the rest become its ports."));
  entry = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (entry), name);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Subsystem name"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "make", _("_Make"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "make", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "make");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (make_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
sw_window_leave_subsystem (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SwWindow *self = SW_WINDOW (widget);

  if (self->inner_names != NULL && self->inner_names->len > 0)
    leave_to (self, self->inner_names->len - 1);
}

void
_sw_window_subsystems_update_actions (SwWindow *self)
{
  g_autoptr (GArray) selection = self->canvas != NULL ? sw_canvas_dup_selection (self->canvas) : NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.make-subsystem",
                                 self->model != NULL && selection != NULL && selection->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.leave-subsystem", self->inner != NULL);
  {
    SwModel *shown = _sw_window_get_shown_model (self);
    int one = self->canvas != NULL ? sw_canvas_get_selected_component (self->canvas) : -1;

    gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-to-library",
                                   shown != NULL && one >= 0 && (guint) one < sw_model_get_n_components (shown)
                                   && sw_model_get_component (shown, (guint) one)->definition != NULL);
  }
}

void
_sw_window_subsystems_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.make-subsystem", NULL, sw_window_make_subsystem);
  gtk_widget_class_install_action (widget_class, "win.leave-subsystem", NULL, sw_window_leave_subsystem);
  gtk_widget_class_install_action (widget_class, "win.save-to-library", NULL, sw_window_save_to_library);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_g, GDK_CONTROL_MASK, "win.make-subsystem", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_ALT_MASK, "win.leave-subsystem", NULL);
}
