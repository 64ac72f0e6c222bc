/* sw-application.c: startup, windows, and the application actions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-application.h"

#include <glib/gi18n.h>

#include "sw-error.h"
#include "sw-preferences-window.h"
#include "sw-recovery.h"
#include "sw-settings.h"
#include "sw-window.h"

struct _SwApplication
{
  AdwApplication  parent_instance;

  gboolean        recovery_offered;
};

G_DEFINE_FINAL_TYPE (SwApplication, sw_application, ADW_TYPE_APPLICATION)

static const struct {
  const char *action;
  const char *accels[3];
} accels[] = {
  { "win.new", { "<Control>n", NULL } },
  { "app.new-window", { "<Control><Shift>n", NULL } },
  { "win.open", { "<Control>o", NULL } },
  { "win.save", { "<Control>s", NULL } },
  { "win.save-as", { "<Control><Shift>s", NULL } },
  { "win.undo", { "<Control>z", NULL } },
  { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
  { "win.run-simulation", { "<Control>r", "F5", NULL } },
  { "win.modal-analysis", { "F6", NULL } },
  { "win.show-problems", { "F8", NULL } },
  { "window.close", { "<Control>w", NULL } },
  { "app.preferences", { "<Control>comma", NULL } },
  { "app.quit", { "<Control>q", NULL } },
};

static SwWindow *
new_window (SwApplication *self)
{
  SwWindow *window = sw_window_new (GTK_APPLICATION (self));

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* The active window when its document may be replaced, else a new one. */
static SwWindow *
pristine_window (SwApplication *self)
{
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (SW_IS_WINDOW (active) && sw_window_is_pristine (SW_WINDOW (active)))
    {
      gtk_window_present (active);
      return SW_WINDOW (active);
    }
  return new_window (self);
}

/* Once per run: copies left behind by a crash, each offered in a window
 * of its own. */
static void
offer_recovery (SwApplication *self)
{
  g_autoptr(GPtrArray) orphans = NULL;

  if (self->recovery_offered)
    return;
  self->recovery_offered = TRUE;

  orphans = sw_recovery_list_orphans ();
  for (guint i = 0; i < orphans->len; i++)
    sw_window_offer_recovery (pristine_window (self), g_ptr_array_index (orphans, i));
}

static void
sw_application_activate (GApplication *application)
{
  SwApplication *self = SW_APPLICATION (application);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    new_window (self);
  else
    gtk_window_present (window);
  offer_recovery (self);
}

static void
sw_application_open (GApplication  *application,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  SwApplication *self = SW_APPLICATION (application);

  for (int i = 0; i < n_files; i++)
    sw_window_open_file (pristine_window (self), files[i]);
  offer_recovery (self);
}

static void
new_window_action (GSimpleAction *action,
                   GVariant      *param,
                   gpointer       user_data)
{
  new_window (SW_APPLICATION (user_data));
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  gtk_window_present (GTK_WINDOW (sw_preferences_window_new (parent)));
}

static void
about_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  const char *developers[] = { "The Shaftwork authors https://github.com/shaftwork", NULL };
  const char *models[] = {
    "Modelica Standard Library (Rotational, Translational) https://modelica.org/modelicalibraries",
    NULL,
  };
  const char *built_with[] = {
    "GLib, GTK https://www.gtk.org",
    "libadwaita https://gnome.pages.gitlab.gnome.org/libadwaita/",
    "GNU Scientific Library https://www.gnu.org/software/gsl/",
    "JSON-GLib https://gitlab.gnome.org/GNOME/json-glib",
    "PLplot https://plplot.sourceforge.net",
    "LAPACK https://www.netlib.org/lapack/",
    NULL,
  };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", parent,
                        "modal", parent != NULL,
                        "application-name", _("Shaftwork"),
                        "application-icon", SW_APP_ID,
                        "developer-name", _("The Shaftwork authors"),
                        "version", SW_VERSION,
                        "comments", _("A workbench for the dynamics of drivetrains: draw them, "
                                      "simulate their motion and find their natural frequencies."),
                        "website", "https://github.com/shaftwork/shaftwork",
                        "issue-url", "https://github.com/shaftwork/shaftwork/issues",
                        "copyright", _("© 2024 The Shaftwork authors"),
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "developers", developers,
                        /* Translators: your names, one per line, as "Name <email>" or "Name https://…" */
                        "translator-credits", _("translator-credits"),
                        NULL);
  adw_about_window_add_credit_section (ADW_ABOUT_WINDOW (about), _("Component Models"), models);
  adw_about_window_add_acknowledgement_section (ADW_ABOUT_WINDOW (about), _("Built With"),
                                                built_with);
  gtk_window_present (GTK_WINDOW (about));
}

static void
quit_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (user_data)));

  /* Each window asks about its unsaved changes; the application ends with
   * its last window. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
  g_list_free (windows);
}

static const GActionEntry app_actions[] = {
  { .name = "new-window", .activate = new_window_action },
  { .name = "preferences", .activate = preferences_action },
  { .name = "about", .activate = about_action },
  { .name = "quit", .activate = quit_action },
};

static void
sw_application_startup (GApplication *application)
{
  SwApplication *self = SW_APPLICATION (application);

  G_APPLICATION_CLASS (sw_application_parent_class)->startup (application);

  sw_init ();
  g_set_application_name (_("Shaftwork"));
  gtk_window_set_default_icon_name (SW_APP_ID);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions),
                                   self);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), accels[i].action,
                                           accels[i].accels);
}

static void
sw_application_class_init (SwApplicationClass *klass)
{
  GApplicationClass *application_class = G_APPLICATION_CLASS (klass);

  application_class->startup = sw_application_startup;
  application_class->activate = sw_application_activate;
  application_class->open = sw_application_open;
}

static void
sw_application_init (SwApplication *self)
{
}

SwApplication *
sw_application_new (void)
{
  return g_object_new (SW_TYPE_APPLICATION,
                       "application-id", SW_APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/shaftwork/Shaftwork",
                       NULL);
}
