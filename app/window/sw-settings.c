/* sw-settings.c: finding the schema, installed or in the build folder.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-settings.h"

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
