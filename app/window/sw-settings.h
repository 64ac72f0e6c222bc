/* sw-settings.h: the window's GSettings.
 *
 * The schema io.github.shaftwork.Shaftwork is looked up where GLib looks
 * (installed, or GSETTINGS_SCHEMA_DIR), then in the build folder, so the
 * window also runs straight from a build.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define SW_APP_ID "io.github.shaftwork.Shaftwork"

/* A new GSettings, or NULL when the schema is nowhere (callers then keep
 * the built-in defaults). */
GSettings *sw_settings_new (void);
/* The subsystem library's folder: "library-folder", or when that is empty
 * (or settings NULL) shaftwork/library in the user's data folder. */
char      *sw_settings_dup_library_folder (GSettings *settings);

/* The folder of the translations for a program in program_dir: the build's
 * compiled translations when program_dir is this build's program folder
 * (the README runs the window from there), else the installed ones. */
const char *sw_settings_locale_dir  (const char *program_dir);
/* The program's locale: the user's, its text domain bound (see
 * sw_settings_locale_dir(), for the running program), numbers with a
 * decimal point in every locale (LC_NUMERIC "C"): the plots' axes, the
 * schematic and the inspector then write them alike. */
void        sw_settings_init_locale (void);

G_END_DECLS
