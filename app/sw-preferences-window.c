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

static void
sw_preferences_window_dispose (GObject *object)
{
  SwPreferencesWindow *self = SW_PREFERENCES_WINDOW (object);

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
      return;
    }

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
