/* sw-window.h: a document window: palette | canvas | inspector.
 *
 * A window edits one model (SwModel) with its undo history (SwHistory).
 * The header bar has open, save, undo and redo, the model's name with an
 * unsaved-changes mark, the problems of the last check, modal analysis,
 * run and the primary menu. Actions are installed on the class ("win.*"):
 * new, open, open-example, open-recent, save, save-as, undo, redo,
 * run-simulation (Ctrl+R, F5), stop (Escape while running), modal-analysis
 * (F6), show-problems (F8), pin-run, clear-pinned, export-plot,
 * export-csv ("plotted" or "all").
 *
 * Below the canvas the results: trajectories of the last run (and the
 * pinned ones), the modes, and pages for the frequency response and the
 * Campbell diagram. With Live on (the default) every edit runs the
 * simulation and the modes again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>
#include "sw-history.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-trajectory.h"

G_BEGIN_DECLS

#define SW_TYPE_WINDOW (sw_window_get_type ())
G_DECLARE_FINAL_TYPE (SwWindow, sw_window, SW, WINDOW, AdwApplicationWindow)

/* Properties (read-only, notify on change): "model", "history", "file"
 * (NULL: untitled), "modified", "title-text" (the model's name shown in the
 * header), "running" (a simulation or modal analysis is under way),
 * "n-problems" (of the last check). */
SwWindow     *sw_window_new                  (GtkApplication *application);

/* Opens a file in this window, first asking about unsaved changes; an
 * error is shown in a dialog and leaves the document as it was. */
void          sw_window_open_file            (SwWindow    *self,
                                              GFile       *file);
/* Replaces the document without asking. On error the document is untouched. */
gboolean      sw_window_load_file            (SwWindow    *self,
                                              GFile       *file,
                                              GError     **error);
/* A bundled example ("first", "fourbody") as an untitled copy. */
gboolean      sw_window_load_example         (SwWindow    *self,
                                              const char  *name,
                                              GError     **error);
/* Saves to file (a temporary file renamed over it); the window then edits
 * that file and the document is no longer modified. */
gboolean      sw_window_save_to_file         (SwWindow    *self,
                                              GFile       *file,
                                              GError     **error);
/* Offers the recovery copy at path in a dialog (recover or discard). */
void          sw_window_offer_recovery       (SwWindow    *self,
                                              const char  *path);
/* Runs the check now instead of after the debounce delay. */
void          sw_window_check_now            (SwWindow    *self);

SwModel      *sw_window_get_model            (SwWindow    *self);
SwHistory    *sw_window_get_history          (SwWindow    *self);
GFile        *sw_window_get_file             (SwWindow    *self);
gboolean      sw_window_get_modified         (SwWindow    *self);
const char   *sw_window_get_title_text       (SwWindow    *self);
gboolean      sw_window_get_running          (SwWindow    *self);
guint         sw_window_get_n_problems       (SwWindow    *self);
/* The last finished simulation, or NULL. */
SwTrajectory *sw_window_get_trajectory       (SwWindow    *self);
/* The trajectory plot (an SwPlotView). */
GtkWidget    *sw_window_get_plot_view        (SwWindow    *self);
/* The plotted variables ("inertia1.w"; NULL: every body's speed, the
 * default); kept in the model file's "ui" member when saved. */
void          sw_window_set_plotted          (SwWindow          *self,
                                              const char *const *names);
char        **sw_window_dup_plotted          (SwWindow          *self);
/* Live tuning: every edit runs again (default TRUE). */
gboolean      sw_window_get_live             (SwWindow    *self);
void          sw_window_set_live             (SwWindow    *self,
                                              gboolean     live);
/* The last modal analysis, or NULL. */
SwModes      *sw_window_get_modes            (SwWindow    *self);
/* The last failed run's message (cleared by a new run), or NULL. */
const char   *sw_window_get_run_error        (SwWindow    *self);
/* Parts not connected yet, which keep the model from running but are
 * not counted as problems. */
guint         sw_window_get_n_hints          (SwWindow    *self);
/* How many runs have been shown since the window opened. */
guint         sw_window_get_n_runs           (SwWindow    *self);
/* An untitled, unmodified, empty document, with no crash copy offered in
 * it and not answered yet: a file opened from outside may replace it. */
gboolean      sw_window_is_pristine          (SwWindow    *self);

G_END_DECLS
