/* sw-mode-row.h: one row of the modes table, a small GObject over one mode
 * of an SwModes: its cells as text, formatted as shaftwork-cli modal
 * prints them (frequencies to 6 significant digits, damping ratios to 4,
 * energy shares to 0.1 %).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "sw-modes.h"

G_BEGIN_DECLS

#define SW_TYPE_MODE_ROW (sw_mode_row_get_type ())
G_DECLARE_FINAL_TYPE (SwModeRow, sw_mode_row, SW, MODE_ROW, GObject)

/* Read-only properties, strings unless said: "index" (guint, from 0),
 * "number" (from 1), "frequency" (Hz), "rpm", "damped-frequency" (Hz),
 * "damping" (ratio), "section" (the most excitable section and its share
 * of the potential energy, or "UNSTABLE: grows as exp(… t), t in s", or
 * "rigid-body mode", or "overdamped: decays at … 1/s"), "rigid-body" and
 * "overdamped" (gboolean). A value that does not apply is "—". */
SwModeRow  *sw_mode_row_new          (const SwModes *modes,
                                      guint          index);
/* The row's cells made again from modes' mode of the same index (modes of
 * the model after an edit): only the properties whose text changed are
 * notified, so a table's cells are updated, not made again. */
void        sw_mode_row_update       (SwModeRow     *row,
                                      const SwModes *modes);
guint       sw_mode_row_get_index    (SwModeRow     *row);
/* The row's cells separated by tabs, no newline; a value that does not
 * apply is empty. */
char       *sw_mode_row_dup_tsv      (SwModeRow     *row);

G_END_DECLS
