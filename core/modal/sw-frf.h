/* sw-frf.h: frequency response of the linearised equations.
 *
 * A unit harmonic torque or force enters at the input (a torque or force
 * source's flange against its support, or any body), and the complex
 * amplitude of an output variable (a body's angle, speed or acceleration, a
 * section's torque, any variable that depends on the motion) is computed
 * from (K - w^2 M + i w D) Q = F over all independent coordinates.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-system.h"
#include "sw-trajectory.h"
#include "sw-linear-friction.h"

G_BEGIN_DECLS

typedef struct {
  double      from_hz;    /* <= 0: a decade below the lowest natural frequency */
  double      to_hz;      /* <= 0: a decade above the highest */
  guint       n_points;   /* logarithmic grid, before refinement near resonances */
  /* The friction elements' state (default: as at the operating point). */
  SwLinearFriction friction;
  /* The operating point: the state at_state (the system's order) at time
   * at_s, as sw_simulate_final_state() gives it; NULL: the initial state. */
  double        at_s;
  const double *at_state;
} SwFrfOptions;

/* Beyond these a response needs more memory than it is worth, or w^2
 * overflows: sw_frf_compute() refuses them. */
#define SW_FRF_MAX_POINTS 1000000
#define SW_FRF_MAX_HZ     1e12

SwFrfOptions  sw_frf_options_default (void);

/* Columns: magnitude, phase_deg, real, imag, with the frequency in Hz as
 * the trajectory's "time" column. input is a component id, output
 * "id.var". The operating point is the options' (the initial state by
 * default); friction elements are in the state options->friction asks for
 * (a rolling lossy gear with its efficiency: the response of the
 * non-symmetric equations). */
SwTrajectory *sw_frf_compute (const SwSystem     *system,
                              const char         *input,
                              const char         *output,
                              const SwFrfOptions *options,
                              GError            **error);

/* A periodic excitation of a component at the operating point of a
 * frequency response (the initial state): an engine's firings, a gear
 * mesh, a runout (SwExcitation), so that a response shows where they fall
 * against its resonances. */
typedef struct {
  const char *part;     /* the component's id (the system's string) */
  const char *label;    /* untranslated: N_("firing"), N_("mesh") */
  double      order;    /* per turn (per metre on a translational port) */
  double      hz;       /* order × the relative speed there, > 0 */
} SwFrfExcitation;

/* The excitations with a frequency at the operating point, state at time
 * t (NULL: the initial state), in the components' order: an array of
 * SwFrfExcitation, empty for none; NULL with an error when the state
 * cannot be found. */
GArray       *sw_frf_excitations (const SwSystem *system,
                                  double          t,
                                  const double   *state,
                                  GError        **error);
/* Whether a response is 0 at every frequency: nothing carries the input to
 * the output in this state of the friction elements (an open clutch, or a
 * locked brake holding the output). */
gboolean      sw_frf_is_zero     (SwTrajectory   *response);
/* Says so, translated; the caller adds what to try there. */
char         *sw_frf_dup_zero_note (const char   *input,
                                    const char   *output);
/* Its mark on a plot, translated: "engine firing 60 Hz". */
char         *sw_frf_excitation_label (const SwFrfExcitation *excitation);

G_END_DECLS
