/* sw-window-subsystems.c: making subsystems and the subsystem library.
 *
 * "Make Subsystem" (Ctrl+G) moves the selected components into a new
 * definition of the model shown (one undo step), their number parameters
 * offered as its own (a check in the dialog, on by default). The library is a folder
 * of subsystem files (GSettings "library-folder"), watched, listed by the
 * palette; "Save Subsystem to Library" writes a definition there. A window
 * that becomes active again reads its document anew when a subsystem file
 * it uses changed meanwhile (saved from another window). Opening a
 * subsystem in place is sw-window-inside.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-window-private.h"
#include "sw-settings.h"

#include <errno.h>
#include <glib/gi18n.h>

void
_sw_window_library_dispose (SwWindow *self)
{
  if (self->library_monitor != NULL)
    g_signal_handlers_disconnect_by_data (self->library_monitor, self);
  g_clear_object (&self->library_monitor);
}

/* ---- The library ----------------------------------------------------------- */

static void
library_rescan (SwWindow *self)
{
  g_autofree char *folder = sw_settings_dup_library_folder (self->settings);

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
  g_autofree char *folder = sw_settings_dup_library_folder (self->settings);
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
  g_autofree char *folder = sw_settings_dup_library_folder (self->settings), *text = NULL, *path = NULL, *message = NULL;
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
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "sw-name");
  GtkCheckButton *params = g_object_get_data (G_OBJECT (dialog), "sw-params");
  g_autoptr (GArray) selection = NULL;
  g_autoptr (GError) error = NULL;
  SwModel *shown = _sw_window_get_shown_model (self);
  int made;

  if (g_strcmp0 (response, "make") != 0 || shown == NULL)
    return;
  selection = sw_canvas_dup_selection (self->canvas);
  if (selection->len == 0)
    return;
  made = sw_model_make_subsystem_full (shown, (const guint *) selection->data, selection->len,
                                       gtk_editable_get_text (entry), gtk_check_button_get_active (params), &error);
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
  GtkWidget *dialog, *entry, *params, *box;

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
  /* Without them, the parts' values could be set only inside. */
  params = gtk_check_button_new_with_mnemonic (_("_Parameters set from outside"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (params), TRUE);
  gtk_widget_set_tooltip_text (params, _("The parts’ number parameters become the subsystem’s own, "
                                         "set on its block (“spring_c” sets spring.c)"));
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_box_append (GTK_BOX (box), entry);
  gtk_box_append (GTK_BOX (box), params);
  g_object_set_data (G_OBJECT (dialog), "sw-name", entry);
  g_object_set_data (G_OBJECT (dialog), "sw-params", params);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "make", _("_Make"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "make", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "make");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (make_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
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
  gtk_widget_class_install_action (widget_class, "win.save-to-library", NULL, sw_window_save_to_library);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_g, GDK_CONTROL_MASK, "win.make-subsystem", NULL);
}
