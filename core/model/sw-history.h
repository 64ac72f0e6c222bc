/* sw-history.h: unlimited undo and redo for a model.
 *
 * The history watches the model's "changed" signal and keeps a snapshot
 * (the model's file text) before every edit, so every edit made through the
 * model API is undoable without the caller doing anything. A gesture that
 * changes the model many times (dragging a component) is one step between
 * sw_history_begin_group() and sw_history_end_group().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>
#include "sw-model.h"

G_BEGIN_DECLS

#define SW_TYPE_HISTORY (sw_history_get_type ())
G_DECLARE_FINAL_TYPE (SwHistory, sw_history, SW, HISTORY, GObject)

/* Properties (with notify only on change): "can-undo", "can-redo"
 * (booleans), "modified" (TRUE when the model differs from the last
 * sw_history_mark_saved()). */
SwHistory *sw_history_new              (SwModel   *model);
SwModel   *sw_history_get_model        (SwHistory *history);
gboolean   sw_history_get_can_undo     (SwHistory *history);
gboolean   sw_history_get_can_redo     (SwHistory *history);
gboolean   sw_history_get_modified     (SwHistory *history);
void       sw_history_mark_saved       (SwHistory *history);
/* Restore the model to before the last step (or redo it). FALSE when
 * there is nothing to undo (redo). */
gboolean   sw_history_undo             (SwHistory *history);
gboolean   sw_history_redo             (SwHistory *history);
void       sw_history_begin_group      (SwHistory *history);
void       sw_history_end_group        (SwHistory *history);
/* Forget every step (a new document was loaded into the model). */
void       sw_history_reset            (SwHistory *history);

G_END_DECLS
