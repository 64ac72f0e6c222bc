/* sw-signal.h: time signals that drive sources (Modelica.Blocks.Sources semantics).
 *
 * A signal is immutable and reference counted, so a built SwSystem can share it
 * with worker threads. It gives its value and first two time derivatives (exact
 * motion sources need them), and the instants where it or a derivative jumps
 * (the integrator steps exactly onto them and emits left/right rows there).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef struct _SwSignal SwSignal;

/* The names accepted in a file: "constant", "step", "ramp", "sine", "exp_sine",
 * "pulse", "sawtooth", "trapezoid", "table", "sum", "product", "lookup". */
extern const char *const sw_signal_type_names[];

SwSignal   *sw_signal_new_constant   (double      value);
/* A JSON number, or an object with exactly one member naming the type, e.g.
 * {"sine": {"amplitude": 10, "f": 5}}. On error the message names the
 * offending field and says what would be valid; the caller prefixes the
 * file, line, component and parameter. */
SwSignal   *sw_signal_new_from_json  (JsonNode   *node,
                                      GError    **error);
/* A new node that sw_signal_new_from_json() reads back to an equal signal
 * (a plain number for a constant). */
JsonNode   *sw_signal_to_json        (const SwSignal *signal);

SwSignal   *sw_signal_ref            (SwSignal   *signal);
void        sw_signal_unref          (SwSignal   *signal);

gboolean    sw_signal_is_constant    (const SwSignal *signal);
/* "sine", "constant", ... */
const char *sw_signal_get_type_name  (const SwSignal *signal);

/* y(t). With left = FALSE the right limit at a jump, with left = TRUE the left
 * limit. d1, d2 (may be NULL) receive dy/dt and d2y/dt2 on the same side. */
double      sw_signal_eval           (const SwSignal *signal,
                                      double      t,
                                      gboolean    left,
                                      double     *d1,
                                      double     *d2);

/* Sensor outputs fed back ({"sensor": {"of": "speed1.w"}}, alone or inside
 * sums and products): the signal's value depends on the motion, which the
 * engine measures and passes in. n_inputs counts the sensor leaves, depth
 * first; sw_signal_get_input() names leaf i ("speed1.w"). Evaluated
 * without inputs (sw_signal_eval), a sensor leaf is NAN, and so are the
 * time derivatives of a signal with one. */
SwSignal   *sw_signal_new_sensor      (const char *of);
/* A "sum" or "product" of the children (each referenced). */
SwSignal   *sw_signal_new_combination (const char *type,
                                       SwSignal  **children,
                                       guint       n_children);
/* The signal with prefix put before every sensor leaf's output (a
 * subsystem's components moved into the outer model, "engine1."); the
 * signal itself (a new reference) when it has none. */
SwSignal   *sw_signal_dup_prefixed    (SwSignal   *signal,
                                       const char *prefix);
guint       sw_signal_get_n_inputs    (const SwSignal *signal);
const char *sw_signal_get_input       (const SwSignal *signal,
                                       guint           index);
/* As sw_signal_eval(), with inputs[i] the value of sensor leaf i. No
 * checks, no allocation (called per step). */
double      sw_signal_eval_inputs     (const SwSignal *signal,
                                       double          t,
                                       gboolean        left,
                                       const double   *inputs,
                                       double         *d1,
                                       double         *d2);

/* Whether a table or lookup in the signal has extrapolation "none"
 * (Modelica's NoExtrapolation): then the run checks it at every output. */
gboolean    sw_signal_has_range       (const SwSignal *signal);
/* FALSE when at t (inputs as for sw_signal_eval_inputs) a table or lookup
 * with extrapolation "none" is read outside its points: *x the time or
 * input it reads, [*lo, *hi] its points' range. No allocation. */
gboolean    sw_signal_check_range     (const SwSignal *signal,
                                       double          t,
                                       gboolean        left,
                                       const double   *inputs,
                                       double         *x,
                                       double         *lo,
                                       double         *hi);

/* The first instant strictly after t where y, dy/dt or d2y/dt2 is
 * discontinuous. FALSE if there is none. */
gboolean    sw_signal_next_event     (const SwSignal *signal,
                                      double      t,
                                      double     *t_event);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwSignal, sw_signal_unref)

G_END_DECLS
