/* sw-application.h: the Shaftwork application.
 *
 * One instance per session (io.github.shaftwork.Shaftwork): launching
 * `shaftwork FILE.shaft` again opens the file in the running instance.
 * Application actions: new-window, preferences, about, quit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define SW_TYPE_APPLICATION (sw_application_get_type ())
G_DECLARE_FINAL_TYPE (SwApplication, sw_application, SW, APPLICATION, AdwApplication)

SwApplication *sw_application_new (void);

G_END_DECLS
