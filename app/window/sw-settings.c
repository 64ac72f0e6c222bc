/* sw-settings.c: finding the schema, installed or in the build folder.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-settings.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>
#include <locale.h>

GSettings *
sw_settings_new (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, SW_APP_ID, TRUE);

#ifdef SW_BUILD_SCHEMA_DIR
  if (schema == NULL && g_file_test (SW_BUILD_SCHEMA_DIR "/gschemas.compiled", G_FILE_TEST_EXISTS))
    {
      g_autoptr(GSettingsSchemaSource) build_source = NULL;
      g_autoptr(GError) error = NULL;

      build_source = g_settings_schema_source_new_from_directory (SW_BUILD_SCHEMA_DIR, source,
                                                                  FALSE, &error);
      if (build_source != NULL)
        schema = g_settings_schema_source_lookup (build_source, SW_APP_ID, FALSE);
      else
        g_debug ("Schemas in %s: %s", SW_BUILD_SCHEMA_DIR, error->message);
    }
#endif

  if (schema == NULL)
    {
      g_debug ("Schema %s is not installed: settings are not kept", SW_APP_ID);
      return NULL;
    }
  return g_settings_new_full (schema, NULL, NULL);
}

char *
sw_settings_dup_library_folder (GSettings *settings)
{
  g_autofree char *folder = settings != NULL ? g_settings_get_string (settings, "library-folder") : NULL;

  if (folder != NULL && folder[0] != '\0')
    return g_steal_pointer (&folder);
  return g_build_filename (g_get_user_data_dir (), "shaftwork", "library", NULL);
}

const char *
sw_settings_locale_dir (const char *program_dir)
{
#if defined(SW_BUILD_LOCALE_DIR) && defined(SW_BUILD_PROGRAM_DIR)
  g_autofree char *build_dir = g_canonicalize_filename (SW_BUILD_PROGRAM_DIR, NULL);
  g_autofree char *dir = program_dir != NULL ? g_canonicalize_filename (program_dir, NULL) : NULL;

  if (dir != NULL && g_strcmp0 (dir, build_dir) == 0 && g_file_test (SW_BUILD_LOCALE_DIR, G_FILE_TEST_IS_DIR))
    return SW_BUILD_LOCALE_DIR;
#endif
  return LOCALEDIR;
}

void
sw_settings_init_locale (void)
{
  g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *self_dir = self_path != NULL ? g_path_get_dirname (self_path) : NULL;

  setlocale (LC_ALL, "");
  /* One decimal separator everywhere: the plots write theirs with a
   * point whatever the locale. GTK would set the whole locale again. */
  setlocale (LC_NUMERIC, "C");
  if (!gtk_is_initialized ())
    gtk_disable_setlocale ();
  bindtextdomain (GETTEXT_PACKAGE, sw_settings_locale_dir (self_dir));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}
