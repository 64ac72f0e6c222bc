/* sw-canvas.h: the schematic editor of a model.
 *
 * Draws every component with its symbol (sw-symbols.h), id and key
 * parameter, and the wires between ports, routed orthogonally; edits go
 * through the model API, so a SwHistory on the same model makes every edit
 * undoable. Interaction: click, shift-click and rubber-band selection;
 * drag to move with grid snapping; drag from a port to a port to connect
 * (a port of the other domain refuses with a hint); middle drag or scroll
 * to pan, ctrl+scroll or pinch to zoom.
 *
 * Actions in the "canvas" group (installed on the widget): delete-selection,
 * select-all, duplicate, copy, cut, paste (the clipboard carries model JSON,
 * so it works between windows), rotate, flip, zoom-in, zoom-out, zoom-fit,
 * activate.
 *
 * Keyboard (every pointer path has one):
 *   Tab, Shift+Tab       select the next, previous component in model order
 *                        (past the last one, Tab leaves the canvas)
 *   Alt+arrows           select the nearest component in that direction
 *   arrows               move the selection by a grid step (with Shift: five);
 *                        with nothing selected, select the component nearest
 *                        the view's centre
 *   Ctrl+arrows          pan the view
 *   Enter, double-click  "component-activated" for the selected component
 *                        (the window plots its main variable)
 *   C                    connect from the selected component's first free
 *                        port: Tab, Shift+Tab (or the arrows) go through the
 *                        ports it can connect to, nearest first; C again takes
 *                        the component's next port; Enter connects; Escape
 *                        cancels
 *   Delete, Ctrl+A, Ctrl+D, Ctrl+C, Ctrl+X, Ctrl+V, R, F, +, −, 0: the actions
 *   Escape               cancel placing, connecting, a drag; else deselect
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>
#include "sw-history.h"
#include "sw-model.h"
#include "sw-modes.h"

G_BEGIN_DECLS

#define SW_TYPE_CANVAS (sw_canvas_get_type ())
G_DECLARE_FINAL_TYPE (SwCanvas, sw_canvas, SW, CANVAS, GtkWidget)

/* Properties: "model" (SwModel), "history" (SwHistory, for grouping a drag
 * into one step), "zoom" (double, 1 = 100 %). Signals "selection-changed"
 * and "component-activated" (int component: double-click or Enter). */
GtkWidget *sw_canvas_new                 (void);
void       sw_canvas_set_model           (SwCanvas   *canvas,
                                          SwModel    *model);
SwModel   *sw_canvas_get_model           (SwCanvas   *canvas);
void       sw_canvas_set_history         (SwCanvas   *canvas,
                                          SwHistory  *history);
double     sw_canvas_get_zoom            (SwCanvas   *canvas);
void       sw_canvas_set_zoom            (SwCanvas   *canvas,
                                          double      zoom);

/* Selected component indices (sorted); the one component when exactly one
 * is selected, else -1. */
GArray    *sw_canvas_dup_selection       (SwCanvas   *canvas);
int        sw_canvas_get_selected_component (SwCanvas *canvas);
void       sw_canvas_select_component    (SwCanvas   *canvas,
                                          int         component);
/* Selects it and centres the view on it unless it is wholly in sight. */
void       sw_canvas_show_component      (SwCanvas   *canvas,
                                          int         component);

/* Click-then-click placement: the next click on the canvas places a new
 * component of this kind there (Escape cancels). Dropping a string
 * "shaftwork-kind:<name>" (from the palette) places it where it is dropped. */
void       sw_canvas_begin_place         (SwCanvas   *canvas,
                                          const char *kind_name);
/* Places a new component of this kind at once and selects it: Enter in
 * the palette's search. After the component selected, on its line (a
 * drivetrain typed part by part grows from its drive to its load), else at
 * the centre of the view; at the nearest free spot around there, brought
 * into sight. Returns its index, or -1 (a hint says why). */
int        sw_canvas_place_kind_at_center (SwCanvas  *canvas,
                                          const char *kind_name);

/* Problems to mark at the components involved (from a failed check):
 * component indices and their messages; NULL clears. */
/* The same for the subsystem in the file path (a library's). */
int        sw_canvas_place_subsystem_at_center (SwCanvas *canvas,
                                                const char *path);
void       sw_canvas_set_problems        (SwCanvas   *canvas,
                                          const int  *components,
                                          const char *const *messages,
                                          guint       n);
/* Ports to mark as not connected (a small ring in the problem colour, as
 * Simscape marks a free port): port ports[k] of component components[k];
 * n = 0 clears. Kept by component id, like the problems. */
void       sw_canvas_set_unconnected_ports (SwCanvas    *canvas,
                                            const int   *components,
                                            const guint *ports,
                                            guint        n);

/* A mode on the schematic (sw-canvas-modes.c): every body coloured by its
 * share of the mode's kinetic energy and every compliant section by its
 * share of the potential energy, on a colour-blind-safe sequential scale
 * (sw_modes_scale_colour()) with a legend (0 … 100 %) in the corner where
 * it hides least; the most excitable section outlined. Components are
 * matched by id (SwModes' body and section parts), so modes of an older
 * assembly colour what still has the same ids. Animated, the symbols swing
 * across the drivetrain with the mode shape once a second, whatever the
 * mode's frequency. A reference to modes is kept until cleared; clearing
 * stops the animation. */
void       sw_canvas_set_mode            (SwCanvas   *canvas,
                                          SwModes    *modes,
                                          guint       mode_index);
void       sw_canvas_clear_mode          (SwCanvas   *canvas);
/* Loads on the schematic instead of a mode (a forced response at a
 * speed): section ids[k] coloured by shares[k] (0 … 1, of the largest) on
 * the modes' scale, outlined (may be NULL) outlined, title over the
 * legend. Matched by path like the modes; sw_canvas_clear_mode() or a mode
 * clears them. */
void       sw_canvas_set_loads           (SwCanvas          *canvas,
                                          const char        *title,
                                          const char *const *ids,
                                          const double      *shares,
                                          guint              n,
                                          const char        *outlined);
/* The subsystem the canvas shows ("engine1.", NULL: the model itself): the
 * modes name the parts inside by their path. */
void       sw_canvas_set_path_prefix     (SwCanvas   *canvas,
                                          const char *prefix);
/* What the mode shown gives the component id on the canvas: its body's
 * and its section's shares of the energies (NAN when it has none) and
 * whether it is outlined; FALSE when it has no colour. */
gboolean   sw_canvas_get_mode_shares     (SwCanvas   *canvas,
                                          const char *id,
                                          double     *body_percent,
                                          double     *section_percent,
                                          gboolean   *outlined);
/* The mode shown, or G_MAXUINT. */
guint      sw_canvas_get_mode_index      (SwCanvas   *canvas);
void       sw_canvas_set_mode_animated   (SwCanvas   *canvas,
                                          gboolean    animated);
gboolean   sw_canvas_get_mode_animated   (SwCanvas   *canvas);
/* The ports of the model shown when it is a subsystem (its "interface"),
 * drawn as markers beyond the drawing's edge they face: how many, and the
 * outer name of one, the inner component and port it is and its marker's
 * centre in model units. */
guint      sw_canvas_get_n_interface_ports (SwCanvas *canvas);
const char *sw_canvas_get_interface_port (SwCanvas   *canvas,
                                          guint       index,
                                          int        *component,
                                          guint      *port,
                                          double     *x,
                                          double     *y);

G_END_DECLS
