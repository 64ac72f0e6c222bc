/* sw-inspector-signal-row.h: the editor of a signal parameter.
 *
 * An expander row: the signal type (constant, step, ramp, sine, exp_sine,
 * pulse, sawtooth, trapezoid, table), the fields of that type with their
 * units, and a small plot of the signal over [0, stop time]. Edits are
 * composed into JSON and read with sw_signal_new_from_json(); a valid
 * signal is handed out with "signal-edited", an invalid one is shown as an
 * error on the row. The plot follows what is typed, before it is applied.
 *
 * Signals are in SI, in and out; sw_inspector_signal_row_set_units()
 * chooses how fields in rad/s or rad, a table's values and the plot's value
 * axis are shown (rpm, degrees).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>
#include "sw-kind.h"

G_BEGIN_DECLS

#define SW_TYPE_INSPECTOR_SIGNAL_ROW (sw_inspector_signal_row_get_type ())
G_DECLARE_FINAL_TYPE (SwInspectorSignalRow, sw_inspector_signal_row, SW, INSPECTOR_SIGNAL_ROW, AdwExpanderRow)

/* Signal "signal-edited" (SwSignal *signal, borrowed for the emission).
 * Child rows are named "<param>.type", "<param>.<field>" ("tau.amplitude")
 * and "<param>.preview". */
GtkWidget      *sw_inspector_signal_row_new            (const SwParamDesc    *desc);
/* The parameter's signal in the model. */
void            sw_inspector_signal_row_set_signal     (SwInspectorSignalRow *self,
                                                        const SwSignal       *signal);
/* The name of the model's shared signal the parameter refers to (shown
 * with the summary), or NULL. */
void            sw_inspector_signal_row_set_shared     (SwInspectorSignalRow *self,
                                                        const char           *name);
/* The preferences: speed_unit "rad/s" or "rpm", angle_unit "rad" or
 * "deg" (at first "rad/s" and "rad"). Values shown, and edits pending, are
 * written anew in the new units. */
void            sw_inspector_signal_row_set_units      (SwInspectorSignalRow *self,
                                                        const char           *speed_unit,
                                                        const char           *angle_unit);
void            sw_inspector_signal_row_set_stop_time  (SwInspectorSignalRow *self,
                                                        double                stop_time_s);
/* What the plot shows: the edited signal while it is valid, else the
 * model's. */
const SwSignal *sw_inspector_signal_row_get_preview    (SwInspectorSignalRow *self);
/* The model refused the signal (its message), or NULL to clear. */
void            sw_inspector_signal_row_set_error      (SwInspectorSignalRow *self,
                                                        const char           *message);
/* Hands out pending valid edits now. */
void            sw_inspector_signal_row_commit         (SwInspectorSignalRow *self);

/* The plot itself: signal sampled over [0, stop_time_s] (with both sides
 * of every jump) into a width × height box; fg for axes and labels, accent
 * for the curve. The values are shown divided by value_scale, in
 * value_unit (descriptor spelling, NULL or "" for none), e.g. 2π/60 and
 * "rpm" for a speed in rpm. Labels are drawn with layout_for (a widget)
 * when given. */
void            sw_inspector_signal_draw_preview       (cairo_t              *cr,
                                                        GtkWidget            *layout_for,
                                                        const SwSignal       *signal,
                                                        double                stop_time_s,
                                                        double                value_scale,
                                                        const char           *value_unit,
                                                        int                   width,
                                                        int                   height,
                                                        const GdkRGBA        *fg,
                                                        const GdkRGBA        *accent);

G_END_DECLS
