/* sw-forced-view.h: the forced response view.
 *
 * Takes an assembled system and shows the steady-state response to a
 * harmonic torque on a body over a speed range (sw_forced_compute()): per
 * section the vibratory torque amplitude against rpm (the stress amplitude
 * in MPa when a shaft diameter is given), each order a thin line and their
 * sum bold, the critical speeds of the excited orders (sw_campbell_compute()
 * with the excited body as reference shaft) as dotted lines. A click or drag
 * on the plot moves the cursor; the sections' loads at the cursor's speed
 * colour the canvas (if any) while the view is mapped, the most loaded one
 * outlined. Computed in a worker whenever the system or a control changes;
 * "computed" says when.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "sw-canvas.h"
#include "sw-campbell.h"
#include "sw-forced.h"
#include "sw-system.h"

G_BEGIN_DECLS

#define SW_TYPE_FORCED_VIEW (sw_forced_view_get_type ())
G_DECLARE_FINAL_TYPE (SwForcedView, sw_forced_view, SW, FORCED_VIEW, GtkWidget)

GtkWidget    *sw_forced_view_new               (void);

/* Fills the body and section lists, keeping the chosen ones when the new
 * system has them, and computes. NULL empties the view. */
void          sw_forced_view_set_system        (SwForcedView *self,
                                                SwSystem     *system);
SwSystem     *sw_forced_view_get_system        (SwForcedView *self);

/* The operating point whose friction elements' state the response is in:
 * the state of a run at at_s (0: the initial state); a new one computes
 * again. Property "at-cursor" is the page's choice of the state under the
 * trajectory plot's cursor, which the caller follows. */
void          sw_forced_view_set_operating_time (SwForcedView *self,
                                                 double        at_s);
gboolean      sw_forced_view_get_at_cursor     (SwForcedView *self);
void          sw_forced_view_set_at_cursor     (SwForcedView *self,
                                                gboolean      at_cursor);
/* Why no section responds to the excitation, translated, or NULL. */
const char   *sw_forced_view_get_note          (SwForcedView *self);

/* Property "body": the excited body (a rotational inertia's id). */
void          sw_forced_view_set_body          (SwForcedView *self,
                                                const char   *body);
const char   *sw_forced_view_get_body          (SwForcedView *self);
/* Property "section": the section plotted (NULL: the most loaded one). */
void          sw_forced_view_set_section       (SwForcedView *self,
                                                const char   *section);
const char   *sw_forced_view_get_section       (SwForcedView *self);
/* The speed range in rpm (default 100 … 3000), 0 < from < to. */
void          sw_forced_view_set_speed_range   (SwForcedView *self,
                                                double        from_rpm,
                                                double        to_rpm);
double        sw_forced_view_get_from_rpm      (SwForcedView *self);
double        sw_forced_view_get_to_rpm        (SwForcedView *self);
/* The excitation: the torque amplitude (N.m, > 0; default 100) at each
 * of the orders (default 1, 2), in phase. The orders entry also takes an
 * order's own amplitude and phase, ORDER:AMPLITUDE[:PHASE_DEG], as
 * shaftwork-cli forced --excite does. */
void          sw_forced_view_set_excitation    (SwForcedView *self,
                                                const double *orders,
                                                guint         n_orders,
                                                double        amplitude);
const double *sw_forced_view_get_orders        (SwForcedView *self,
                                                guint        *n_orders);
double        sw_forced_view_get_amplitude     (SwForcedView *self);
/* The model's own excitation ("excitation" in its file:
 * sw_forced_excitations_from_model()), added to the page's: copied, with
 * its ids and tables; n = 0 for none. A change starts a new response. */
void          sw_forced_view_set_model_excitation (SwForcedView             *self,
                                                   const SwForcedExcitation *excitations,
                                                   guint                     n);
guint         sw_forced_view_get_n_model_excitations (SwForcedView *self);
/* A solid shaft's diameter in m for every section's stress (0: none,
 * torque shown; the default). */
void          sw_forced_view_set_diameter      (SwForcedView *self,
                                                double        diameter_m);
double        sw_forced_view_get_diameter      (SwForcedView *self);
/* The allowable vibratory stresses of IACS UR M68 (sw_forced_compute()'s
 * limits, C_K 1) for every section, with the diameter: the material's
 * minimum tensile strength in MPa (0: none, the default; at most
 * SW_FORCED_MAX_UTS_MPA) and the rated speed (0: the range's top). The
 * limits are drawn and the barred speed ranges the core finds
 * (sw_forced_find_ranges()) shaded: amber barred, red not allowed. */
void          sw_forced_view_set_limits        (SwForcedView *self,
                                                double        tensile_strength_mpa,
                                                double        rated_rpm);
double        sw_forced_view_get_tensile_strength (SwForcedView *self);
double        sw_forced_view_get_rated_rpm     (SwForcedView *self);
/* The cursor's speed in rpm (NAN: none; clamped to the range). */
void          sw_forced_view_set_cursor        (SwForcedView *self,
                                                double        rpm);
double        sw_forced_view_get_cursor        (SwForcedView *self);
/* The canvas coloured by the loads at the cursor while the view shows. */
void          sw_forced_view_set_canvas        (SwForcedView *self,
                                                SwCanvas     *canvas);

/* The response shown (sw_forced_compute()'s table), or NULL. Borrowed. */
SwTrajectory *sw_forced_view_get_response      (SwForcedView *self);
/* The critical speeds shown (may be NULL). Borrowed. */
const SwCampbell *sw_forced_view_get_campbell  (SwForcedView *self);
/* The section plotted, the most loaded at the cursor (or NULL). */
const char   *sw_forced_view_get_shown_section (SwForcedView *self);
const char   *sw_forced_view_get_most_loaded   (SwForcedView *self);
const GError *sw_forced_view_get_error         (SwForcedView *self);
/* Property "busy". */
gboolean      sw_forced_view_get_busy          (SwForcedView *self);

gboolean      sw_forced_view_export            (SwForcedView *self,
                                                const char   *path,
                                                int           width_px,
                                                int           height_px,
                                                GError      **error);

G_END_DECLS
