/* sw-palette.h: every component kind of the catalogue, grouped (Rotational,
 * Translational, Transmission, Friction and clutches, Engines and loads,
 * Sources), each with its drawn symbol and label, generated from the kind
 * descriptors, with a search field. A row is a drag source carrying the
 * string "shaftwork-kind:<name>"; activating a row emits "kind-activated";
 * Enter in the search field emits "place-kind" with the first match. Each
 * row shows the domain of the kind's flanges (a "rot" or "trans" tag).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define SW_TYPE_PALETTE (sw_palette_get_type ())
G_DECLARE_FINAL_TYPE (SwPalette, sw_palette, SW, PALETTE, GtkWidget)

/* Signals "kind-activated" and "place-kind" (const char *kind_name).
 * Property "search-text". */
GtkWidget  *sw_palette_new              (void);
const char *sw_palette_get_search_text  (SwPalette  *palette);
void        sw_palette_set_search_text  (SwPalette  *palette,
                                         const char *text);
/* Shows the subsystems in the folder's .shaft files as a group "Subsystem
 * library" at the end (again when called again; NULL: none). Their rows
 * stand for "subsystem:FILE" in the signals, and drag
 * "shaftwork-subsystem:FILE". How many there are. */
guint       sw_palette_set_library_folder (SwPalette *palette,
                                           const char *folder);
/* Moves the keyboard focus into the search, its text selected (Ctrl+F in
 * the window); FALSE when it cannot take the focus (not shown). */
gboolean    sw_palette_focus_search     (SwPalette  *palette);
/* Kinds shown under the current search (for tests). */
guint       sw_palette_get_n_visible    (SwPalette  *palette);

G_END_DECLS
