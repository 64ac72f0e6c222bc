/* sw-preferences-window.h: the preferences: display units, recovery copies
 * and recent files, stored in GSettings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define SW_TYPE_PREFERENCES_WINDOW (sw_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (SwPreferencesWindow, sw_preferences_window, SW, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

GtkWidget *sw_preferences_window_new (GtkWindow *parent);

G_END_DECLS
