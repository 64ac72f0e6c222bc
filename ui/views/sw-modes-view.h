/* sw-modes-view.h: the modes of a drivetrain at an operating point.
 *
 * A table of the modes (number, frequency in Hz and rpm, damped frequency,
 * damping ratio, the most excitable section with its share of the
 * potential energy; rigid-body and overdamped modes say so), rows
 * selectable, Ctrl+C copies the selected rows as tab-separated text. The
 * selected mode's shape along the drivetrain and its kinetic energy per
 * body and potential energy per section in percent (the numbers
 * `shaftwork-cli modal` prints) are drawn by PLplot below. The operating
 * point's time is shown above the table. Without modes: a hint.
 *
 * With a canvas (property "canvas"), the view colours it by the selected
 * mode while the view is mapped (sw_canvas_set_mode()) and clears it when
 * unmapped, and "animate" swings the canvas's symbols with the mode shape.
 *
 * Properties: "selected-mode" (guint, G_MAXUINT: none), "animate"
 * (gboolean, the "Animate" button; action "modes.animate"), "canvas"
 * (SwCanvas, not owned). Signal "mode-selected" (guint index, G_MAXUINT
 * when none is) whenever "selected-mode" changes. Actions: "modes.copy"
 * (Ctrl+C), "modes.animate".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "sw-canvas.h"
#include "sw-modes.h"

G_BEGIN_DECLS

#define SW_TYPE_MODES_VIEW (sw_modes_view_get_type ())
G_DECLARE_FINAL_TYPE (SwModesView, sw_modes_view, SW, MODES_VIEW, GtkWidget)

GtkWidget *sw_modes_view_new               (void);
/* Shows modes (a reference is kept; NULL: the empty state with a hint).
 * The selected mode stays when it exists in the new modes (a new operating
 * point), else the first elastic mode is selected. */
void       sw_modes_view_set_modes         (SwModesView *view,
                                            SwModes     *modes);
SwModes   *sw_modes_view_get_modes         (SwModesView *view);
guint      sw_modes_view_get_selected_mode (SwModesView *view);
/* Selects that row alone; G_MAXUINT (or an index past the last mode)
 * selects none. */
void       sw_modes_view_set_selected_mode (SwModesView *view,
                                            guint        index);
gboolean   sw_modes_view_get_animate       (SwModesView *view);
void       sw_modes_view_set_animate       (SwModesView *view,
                                            gboolean     animate);
SwCanvas  *sw_modes_view_get_canvas        (SwModesView *view);
void       sw_modes_view_set_canvas        (SwModesView *view,
                                            SwCanvas    *canvas);
/* The selected rows as Ctrl+C copies them: one line each, cells separated
 * by tabs; NULL when none is selected. */
char      *sw_modes_view_dup_selection_text (SwModesView *view);

G_END_DECLS
