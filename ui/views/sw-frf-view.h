/* sw-frf-view.h: the frequency response view.
 *
 * Takes an assembled system (immutable, shared) and shows the response of
 * a chosen output variable to a unit harmonic torque or force at a chosen
 * input: magnitude (linear on a log axis, or in dB) and phase over a log
 * frequency axis, natural frequencies marked by dotted lines. The input
 * list holds what sw_frf_compute() accepts (torque and force sources, and
 * bodies), the output list every variable "id.var". The response is
 * computed in a worker (sw_frf_compute) whenever the system, input, output
 * or range changes; "computed" says when a result (or an error) arrived.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "sw-modes.h"
#include "sw-system.h"
#include "sw-trajectory.h"

G_BEGIN_DECLS

#define SW_TYPE_FRF_VIEW (sw_frf_view_get_type ())
G_DECLARE_FINAL_TYPE (SwFrfView, sw_frf_view, SW, FRF_VIEW, GtkWidget)

GtkWidget    *sw_frf_view_new           (void);

/* Fills the lists (keeping the chosen input and output when the new system
 * has them, otherwise the first source or body and its speed) and computes.
 * NULL empties the view. The view keeps a reference. */
void          sw_frf_view_set_system    (SwFrfView    *self,
                                         SwSystem     *system);
SwSystem     *sw_frf_view_get_system    (SwFrfView    *self);

/* A list of GtkStringObject: the input ids, and the outputs "id.var". */
GListModel   *sw_frf_view_get_inputs    (SwFrfView    *self);
GListModel   *sw_frf_view_get_outputs   (SwFrfView    *self);

/* Properties "input" and "output": an id in the lists; another is ignored
 * with a warning. */
void          sw_frf_view_set_input     (SwFrfView    *self,
                                         const char   *input);
const char   *sw_frf_view_get_input     (SwFrfView    *self);
void          sw_frf_view_set_output    (SwFrfView    *self,
                                         const char   *output);
const char   *sw_frf_view_get_output    (SwFrfView    *self);

/* Properties "from-hz" and "to-hz": 0 is automatic (a decade below the
 * lowest and above the highest natural frequency), as in SwFrfOptions. */
void          sw_frf_view_set_range     (SwFrfView    *self,
                                         double        from_hz,
                                         double        to_hz);
double        sw_frf_view_get_from_hz   (SwFrfView    *self);
double        sw_frf_view_get_to_hz     (SwFrfView    *self);

/* Property "db": the magnitude in decibels, 20 log10 (magnitude). */
void          sw_frf_view_set_db        (SwFrfView    *self,
                                         gboolean      db);
gboolean      sw_frf_view_get_db        (SwFrfView    *self);
/* The friction elements' state the response linearises in (default: as at
 * the operating point); a new one computes again. */
void          sw_frf_view_set_friction  (SwFrfView       *self,
                                         SwLinearFriction friction);
SwLinearFriction sw_frf_view_get_friction (SwFrfView    *self);

/* The operating point: the state of a run at at_s (0: the initial state);
 * a new one computes again. Property "at-cursor" is the page's choice of
 * the state under the trajectory plot's cursor, which the caller follows
 * (the view knows no plot). */
void          sw_frf_view_set_operating_time (SwFrfView *self,
                                              double     at_s);
double        sw_frf_view_get_operating_time (SwFrfView *self);
gboolean      sw_frf_view_get_at_cursor      (SwFrfView *self);
void          sw_frf_view_set_at_cursor      (SwFrfView *self,
                                              gboolean   at_cursor);
/* Why the response shown is 0 at every frequency, translated, or NULL. */
const char   *sw_frf_view_get_note           (SwFrfView *self);

/* The natural frequencies marked, from modes the caller computed already
 * (the modal pane's), or NULL: computed with the response from the
 * system's initial state. Rigid-body modes are not marked. */
void          sw_frf_view_set_modes     (SwFrfView    *self,
                                         SwModes      *modes);

/* The response shown (columns as sw_frf_compute() makes them, magnitude
 * linear), or NULL before the first result or after an error. Borrowed. */
SwTrajectory *sw_frf_view_get_response  (SwFrfView    *self);
/* The frequencies marked in Hz, ascending; n_frequencies may be NULL. */
const double *sw_frf_view_get_natural_frequencies (SwFrfView *self,
                                                   guint     *n_frequencies);
/* The last computation's error, or NULL. */
const GError *sw_frf_view_get_error     (SwFrfView    *self);
/* Property "busy": a computation is running. */
gboolean      sw_frf_view_get_busy      (SwFrfView    *self);

/* The plot as shown (light style) into a PNG, SVG or PDF file. */
gboolean      sw_frf_view_export        (SwFrfView    *self,
                                         const char   *path,
                                         int           width_px,
                                         int           height_px,
                                         GError      **error);

G_END_DECLS
