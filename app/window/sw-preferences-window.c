/* sw-preferences-window.c: preferences bound to GSettings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-preferences-window.h"

#include <glib/gi18n.h>

#include "sw-settings.h"

struct _SwPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  AdwComboRow          *speed_row;
  AdwComboRow          *angle_row;
  GtkSpinButton        *autosave_spin;
  GtkSpinButton        *recent_spin;
  GtkAdjustment        *autosave_adjustment;
  GtkAdjustment        *recent_adjustment;
  AdwActionRow         *library_row;
  GtkWidget            *library_button;
  GtkFileChooserNative *library_chooser;

  GSettings            *settings;
};

G_DEFINE_FINAL_TYPE (SwPreferencesWindow, sw_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* The combo rows list the choices of a string key in schema order. */
static const char *const speed_units[] = { "rad/s", "rpm", NULL };
static const char *const angle_units[] = { "rad", "deg", NULL };

static gboolean
choice_to_index (GValue   *value,
                 GVariant *variant,
                 gpointer  user_data)
{
  const char *const *choices = user_data;
  const char *text = g_variant_get_string (variant, NULL);

  for (guint i = 0; choices[i] != NULL; i++)
    if (g_strcmp0 (choices[i], text) == 0)
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
index_to_choice (const GValue       *value,
                 const GVariantType *expected_type,
                 gpointer            user_data)
{
  const char *const *choices = user_data;
  guint index = g_value_get_uint (value);

  if (index >= g_strv_length ((char **) choices))
    return NULL;
  return g_variant_new_string (choices[index]);
}

/* The library's folder under the row's title. */
static void
update_library_row (SwPreferencesWindow *self)
{
  g_autofree char *folder = sw_settings_dup_library_folder (self->settings);

  adw_action_row_set_subtitle (self->library_row, folder);
}

static void
library_chosen_cb (SwPreferencesWindow *self, int response)
{
  g_autoptr (GFile) folder = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (self->library_chooser));
  path = folder != NULL ? g_file_get_path (folder) : NULL;
  if (path != NULL && self->settings != NULL)
    g_settings_set_string (self->settings, "library-folder", path);
  g_clear_object (&self->library_chooser);
}

static void
library_button_clicked_cb (SwPreferencesWindow *self)
{
  g_autofree char *current = sw_settings_dup_library_folder (self->settings);
  g_autoptr (GFile) folder = g_file_new_for_path (current);

  if (self->library_chooser != NULL)
    return;
  self->library_chooser = gtk_file_chooser_native_new (_("Subsystem Library"), GTK_WINDOW (self),
                                                       GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Select"), NULL);
  if (g_file_query_exists (folder, NULL))
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->library_chooser), folder, NULL);
  g_signal_connect_swapped (self->library_chooser, "response", G_CALLBACK (library_chosen_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->library_chooser));
}

static void
sw_preferences_window_dispose (GObject *object)
{
  SwPreferencesWindow *self = SW_PREFERENCES_WINDOW (object);

  if (self->library_chooser != NULL)
    {
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->library_chooser));
      g_clear_object (&self->library_chooser);
    }

  gtk_widget_dispose_template (GTK_WIDGET (self), SW_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (sw_preferences_window_parent_class)->dispose (object);
}

static void
sw_preferences_window_class_init (SwPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sw_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/shaftwork/Shaftwork/sw-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SwPreferencesWindow, speed_row);
  gtk_widget_class_bind_template_child (widget_class, SwPreferencesWindow, angle_row);
  gtk_widget_class_bind_template_child (widget_class, SwPreferencesWindow, autosave_spin);
  gtk_widget_class_bind_template_child (widget_class, SwPreferencesWindow, recent_spin);
  gtk_widget_class_bind_template_child (widget_class, SwPreferencesWindow, autosave_adjustment);
  gtk_widget_class_bind_template_child (widget_class, SwPreferencesWindow, recent_adjustment);
  gtk_widget_class_bind_template_child (widget_class, SwPreferencesWindow, library_row);
  gtk_widget_class_bind_template_child (widget_class, SwPreferencesWindow, library_button);
  gtk_widget_class_bind_template_callback (widget_class, library_button_clicked_cb);
}

static void
sw_preferences_window_init (SwPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = sw_settings_new ();
  if (self->settings == NULL)
    {
      /* Nothing would be kept: show the defaults, read-only. */
      gtk_widget_set_sensitive (GTK_WIDGET (self->speed_row), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->angle_row), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->autosave_spin), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->recent_spin), FALSE);
      gtk_widget_set_sensitive (self->library_button, FALSE);
      update_library_row (self);
      return;
    }
  update_library_row (self);
  g_signal_connect_object (self->settings, "changed::library-folder", G_CALLBACK (update_library_row), self,
                           G_CONNECT_SWAPPED);

  g_settings_bind_with_mapping (self->settings, "speed-unit", self->speed_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, choice_to_index, index_to_choice,
                                (gpointer) speed_units, NULL);
  g_settings_bind_with_mapping (self->settings, "angle-unit", self->angle_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, choice_to_index, index_to_choice,
                                (gpointer) angle_units, NULL);
  g_settings_bind (self->settings, "autosave-interval", self->autosave_adjustment, "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "recent-limit", self->recent_adjustment, "value",
                   G_SETTINGS_BIND_DEFAULT);
}

GtkWidget *
sw_preferences_window_new (GtkWindow *parent)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  return g_object_new (SW_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       "modal", parent != NULL,
                       NULL);
}
