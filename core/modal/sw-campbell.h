/* sw-campbell.h: Campbell diagram of a rotating drivetrain.
 *
 * The natural frequencies are computed at operating points where the whole
 * drivetrain turns as a rigid body with the reference shaft at each speed
 * (so speed-dependent elements are linearised there), and crossed with
 * excitation orders: f = order * n / 60. Each crossing is a critical speed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-system.h"
#include "sw-trajectory.h"
#include "sw-linear-friction.h"

G_BEGIN_DECLS

/* Each speed is a modal analysis: more is a run of hours. Speeds beyond
 * SW_CAMPBELL_MAX_RPM make the speed-dependent elements overflow. */
#define SW_CAMPBELL_MAX_SPEEDS 100000
#define SW_CAMPBELL_MAX_RPM    1e9

typedef struct {
  double        from_rpm, to_rpm;
  guint         n_speeds;        /* samples over the range, 2 … SW_CAMPBELL_MAX_SPEEDS */
  const double *orders;          /* excitation orders of the reference shaft */
  guint         n_orders;
  /* The friction elements' state, chosen once at the operating point and
   * kept at every speed (default: as there). */
  SwLinearFriction friction;
  /* The operating point: the state at_state (the system's order) at time
   * at_s, as sw_simulate_final_state() gives it; NULL: the initial state. */
  double        at_s;
  const double *at_state;
} SwCampbellOptions;

typedef struct {
  double speed_rpm;        /* of the reference shaft */
  double order;
  guint  mode;             /* 1-based mode index, as in the modal table */
  double frequency_hz;
  int    section;          /* most excitable section (part index), or -1 */
} SwCriticalSpeed;

/* An order line of the diagram: asked for in the options (part NULL), or
 * a component's periodic excitation (SwKind.excitations: a gear mesh's
 * teeth, a runout) turned into an order of the reference shaft through the
 * drivetrain's rigid-body motion. */
typedef struct {
  double      order;
  const char *part;        /* the component's id, or NULL */
  const char *label;       /* what excites it, untranslated ("mesh"), or NULL */
} SwCampbellOrder;

typedef struct _SwCampbell SwCampbell;

SwCampbellOptions sw_campbell_options_default (void);

SwCampbell   *sw_campbell_compute          (const SwSystem          *system,
                                            const char              *shaft,
                                            const SwCampbellOptions *options,
                                            GError                 **error);
void          sw_campbell_free             (SwCampbell *campbell);

/* The diagram: the "time" column is the speed in rpm; columns mode_<k>_hz
 * for every elastic mode, then order_<o>_hz for every order: the options',
 * then the components' (each order once). */
SwTrajectory *sw_campbell_get_diagram      (const SwCampbell *campbell);
guint         sw_campbell_get_n_crossings  (const SwCampbell *campbell);
const SwCriticalSpeed *sw_campbell_get_crossing (const SwCampbell *campbell, guint index);
/* The order lines, in the diagram's order. */
guint         sw_campbell_get_n_orders     (const SwCampbell *campbell);
const SwCampbellOrder *sw_campbell_get_order (const SwCampbell *campbell, guint index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwCampbell, sw_campbell_free)

G_END_DECLS
