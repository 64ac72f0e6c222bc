/* sw-forced.h: the steady-state (forced) response of a shaft line to
 * harmonic torques by engine order, over a speed range.
 *
 * The equations are linearised at the initial state, as for the modes and
 * frequency responses. At a speed n (rpm) an excitation of order o acts at
 * w = o 2 pi n / 60; every speed and order solves (K - w^2 M + i w D) X = F
 * on the band of the equations (sw-frf-band.c: O(N) for a chain), F holding
 * every excitation of that order with its phase. An excitation is the torque
 * A cos (o theta + phase) on a body, theta the angle turned at speed n.
 *
 * Per compliant section (a part with stiffness or damping and a torque
 * variable "tau", or "f" on a translational one) the vibratory torque's
 * amplitude per order, their sum (conservative), and the peak of the
 * periodic signal they make together (sw_forced_synthesised_peak()); per
 * body its angle's amplitude summed over the orders; with a section's
 * diameter given, the shear stress amplitude at its surface.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <complex.h>
#include "sw-system.h"
#include "sw-trajectory.h"
#include "sw-linear-friction.h"
#include "sw-model.h"

G_BEGIN_DECLS

/* What an excitation's amplitude table is against. */
typedef enum {
  SW_FORCED_AGAINST_SPEED,        /* the speed, rpm */
  SW_FORCED_AGAINST_MEAN_TORQUE,  /* the mean (load) torque at the speed, N.m */
} SwForcedAgainst;

/* A harmonic torque (a force on a translational body) on a body; on a
 * shaft element (a body over two flanges), at its flange_a. Its amplitude
 * at speed n is the constant amplitude, or with a table (n_table >= 2 rows,
 * x strictly ascending) the table's value at n or at the mean torque
 * there (linear between rows, the end rows' values beyond), plus
 * amplitude_w2 Omega^2 with Omega = 2 pi n / 60 (a reciprocating mass's
 * inertia torque). The mean torque at n is mean_torque_nm, or with
 * n_load >= 2 rows the table load_rpm → load_nm. The arrays are borrowed. */
typedef struct {
  const char *part;        /* the body's component id */
  double      order;       /* per revolution at the speed, > 0 */
  double      amplitude;   /* N.m (N), >= 0 */
  double      phase_deg;   /* A cos (o theta + phase) */
  SwForcedAgainst against;
  const double *table_x, *table_y;  /* the table's rows; y >= 0 */
  guint       n_table;              /* 0: the constant amplitude */
  const double *load_rpm, *load_nm; /* the mean torque against the speed */
  guint       n_load;               /* 0: mean_torque_nm */
  double      mean_torque_nm;
  double      amplitude_w2;         /* N.m.s2 (N.s2), >= 0 */
} SwForcedExcitation;

/* The model's "excitation" (sw-excitation.h) as harmonic torques by body
 * and order (sw-forced-model.c): an entry at one body as it is; one over
 * cylinders once per cylinder and order, its phase less the order times
 * the cylinder's firing angle, so that the cylinders' contributions add
 * with their phases; a rotational.engine's own gas and inertia harmonics
 * (sw-engine-harmonics.h) as such, or its "orders" for the gas. Elements
 * SwForcedExcitation, whose ids and tables borrow from the model: valid
 * until it changes. Empty when it has none; NULL and an error naming the
 * entry (and its line) when an engine's parameters do not allow it. */
GArray         *sw_forced_excitations_from_model (SwModel  *model,
                                                  GError  **error);

/* The amplitude of e at rpm (N.m), as above. */
double          sw_forced_excitation_amplitude (const SwForcedExcitation *e,
                                                double                    rpm);

/* A section's shaft: the stress amplitude is T (d_o / 2) / Ip with
 * Ip = pi (d_o^4 - d_i^4) / 32, for a solid shaft 16 T / (pi d^3). */
typedef struct {
  const char *part;              /* the section's component id */
  double      outer_diameter_m;  /* > 0 */
  double      inner_diameter_m;  /* 0 (solid) <= d_i < d_o */
} SwForcedDiameter;

/* A section's allowable vibratory torsional stress, continuous and
 * transient, as classification rules for propulsion shafting define it
 * (IACS UR M68; sw-forced-limits.c): from the material's minimum tensile
 * strength, the shaft's diameter (the section needs a SwForcedDiameter)
 * and a factor for its design features (C_K: 1 a plain shaft or integral
 * flange, 0.6 a keyway …), against the speed over the rated speed. */
typedef struct {
  const char *part;                  /* the section's component id */
  double      tensile_strength_mpa;  /* sigma_B, 0 < sigma_B <= SW_FORCED_MAX_UTS_MPA */
  double      ck;                    /* 0 < C_K <= 1 */
} SwForcedLimit;

#define SW_FORCED_MAX_UTS_MPA 2000

/* Beyond these a response keeps more rows than it is worth, or w^2
 * overflows; an order's fraction has at most this denominator (0.5 for a
 * four-stroke engine's half orders, 1/3 …). */
#define SW_FORCED_MAX_SPEEDS     100000
#define SW_FORCED_MAX_RPM        1e9
#define SW_FORCED_MAX_DENOMINATOR 1000
/* The table's values (8 bytes each) at most. */
#define SW_FORCED_MAX_BYTES      ((guint64) 2 << 30)
/* The peak's samples at most: orders × (highest multiple of their base
 * + 1), each a cosine and a sine kept (16 bytes) and summed at every
 * speed; orders 99999999 and 1 asked for 3.2 GB (hos26); at most 256 MB. */
#define SW_FORCED_MAX_PEAK_SAMPLES ((guint64) 1 << 24)

typedef struct {
  double       from_rpm, to_rpm;   /* 0 < from < to <= SW_FORCED_MAX_RPM */
  guint        n_speeds;           /* evenly spaced, 2 … SW_FORCED_MAX_SPEEDS */
  const SwForcedExcitation *excitations;
  guint        n_excitations;      /* at least one */
  /* The orders to compute (each excited), or NULL: every excited order. */
  const double *orders;
  guint        n_orders;
  const SwForcedDiameter *diameters;
  guint        n_diameters;
  /* Columns ID.tau_amp@ORDER per section and order (default TRUE). */
  gboolean     per_order;
  /* Columns ID.tau_peak (and ID.stress_peak) (default TRUE). */
  gboolean     peak;
  /* The friction elements' state (default: as at the operating point). */
  SwLinearFriction friction;
  /* The operating point: the state at_state (the system's order) at time
   * at_s, as sw_simulate_final_state() gives it; NULL: the initial state. */
  double        at_s;
  const double *at_state;
  /* Allowable stresses (columns ID.stress_limit_cont and
   * ID.stress_limit_trans in MPa), each for a section with a diameter;
   * they need the rated speed (> 0). */
  const SwForcedLimit *limits;
  guint        n_limits;
  double       rated_rpm;
} SwForcedOptions;

SwForcedOptions sw_forced_options_default (void);

/* The ids of the compliant sections sw_forced_compute() reports, in its
 * columns' order, known without a run (for options naming every section);
 * free with g_ptr_array_unref(). */
GPtrArray      *sw_forced_section_ids (const SwSystem *system);

/* The response as a table whose x axis is "rpm": per section, in the file's
 * order, ID.tau_amp (sum over the orders of the amplitudes), ID.tau_peak,
 * ID.tau_amp@ORDER per order (the order as %g), and with a diameter
 * ID.stress_amp and ID.stress_peak in MPa; then per body ID.phi_amp (rad or
 * m, summed over the orders). A speed where the equations are singular (an
 * undamped resonance hit exactly) has NAN in its row. Errors name the
 * excitation, order or diameter and say what is valid. */
SwTrajectory   *sw_forced_compute (const SwSystem        *system,
                                   const SwForcedOptions *options,
                                   GError               **error);

/* The rule's allowable vibratory stresses (MPa) of a shaft of outer
 * diameter d at lambda = n / n_rated: continuous tau_C (3 - 2 lambda^2
 * below 0.9, 1.38 from 0.9 to 1.05) and transient tau_T = 1.7 tau_C /
 * sqrt (C_K); FALSE (and NAN) beyond lambda = 1.05, where the rule gives
 * none, or for a value out of range (sw-forced-limits.c). */
gboolean        sw_forced_stress_limits (double  tensile_strength_mpa,
                                         double  ck,
                                         double  outer_diameter_m,
                                         double  lambda,
                                         double *continuous_mpa,
                                         double *transient_mpa);

/* A speed range a section's vibratory stress puts out of continuous use:
 * barred (above the continuous limit, within the transient one: to be
 * passed through quickly) or not allowed (above the transient limit). */
typedef enum {
  SW_FORCED_RANGE_BARRED,
  SW_FORCED_RANGE_NOT_ALLOWED,
} SwForcedRangeKind;

typedef struct {
  char             *part;        /* the section's id */
  SwForcedRangeKind kind;
  double            from_rpm, to_rpm;  /* ends interpolated between rows */
  double            max_stress_mpa;    /* the largest in the range's rows */
  double            at_rpm;            /* where */
  double            limit_mpa;         /* the limit exceeded there */
} SwForcedRange;

/* The ranges of a forced response's table (sw_forced_compute with limits):
 * per section with ID.stress_limit_cont, where its synthesised stress
 * ID.stress_peak (without it the sum ID.stress_amp, conservative) exceeds
 * the continuous limit, split into barred and not-allowed pieces, in the
 * table's order of sections, each section's by speed. A row whose stress is
 * not a number (an undamped resonance hit exactly) counts as not allowed; a
 * row beyond the rule's speeds (no limit) as within it. Elements
 * SwForcedRange, freed with the array. */
GArray         *sw_forced_find_ranges  (const SwTrajectory *table);

/* max over theta of |sum_k Re (y[k] exp (i m[k] phi))|, phi in [0, 2 pi):
 * the peak of a periodic signal of harmonics m[k] >= 1 (integers; the
 * orders over their common base), found by sampling at least 4 max (m) + 4
 * points and searching every sample's neighbourhood that could hold the
 * peak with the quartic of the signal's Taylor series there, refined by
 * Newton's method (sw-forced-peak.c): within 1e-13 of the peak. NAN where
 * an amplitude is not finite. */
double          sw_forced_synthesised_peak (const double complex *y,
                                            const guint          *m,
                                            guint                 n);

/* The orders' common base: orders[k] = m[k] base with integer m[k] >= 1,
 * each order taken as the nearest fraction with a denominator up to
 * SW_FORCED_MAX_DENOMINATOR (within 1e-9 relative); FALSE when one is not. */
gboolean        sw_forced_order_base (const double *orders,
                                      guint         n,
                                      guint        *m,
                                      double       *base);

G_END_DECLS
