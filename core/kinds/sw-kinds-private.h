/* sw-kinds-private.h: shorthands shared by the kind family files.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <math.h>
#include <glib/gi18n-lib.h>
#include "sw-part.h"

#define SW_ROT   SW_DOMAIN_ROTATIONAL
#define SW_TRANS SW_DOMAIN_TRANSLATIONAL

/* Table rows. */
#define SW_PORT(name, domain)            { name, domain, FALSE }
#define SW_SUPPORT(name, domain)         { name, domain, TRUE }
#define SW_REAL(n, l, u, def, lo, hi, h) { n, l, u, SW_PARAM_REAL, def, lo, hi, FALSE, h }
#define SW_POSITIVE(n, l, u, def, h)     { n, l, u, SW_PARAM_REAL, def, 0, INFINITY, TRUE, h }
#define SW_NONNEG(n, l, u, def, h)       { n, l, u, SW_PARAM_REAL, def, 0, INFINITY, FALSE, h }
#define SW_ANY(n, l, u, def, h)          { n, l, u, SW_PARAM_REAL, def, -INFINITY, INFINITY, FALSE, h }
#define SW_BOOL(n, l, def, h)            { n, l, "", SW_PARAM_BOOLEAN, def, 0, 1, FALSE, h }
#define SW_SIGNAL(n, l, u, h)            { n, l, u, SW_PARAM_SIGNAL, 0, -INFINITY, INFINITY, FALSE, h }
/* A signal whose constant default is d, not 0. */
#define SW_SIGNAL_DEFAULT(n, l, u, d, h) { n, l, u, SW_PARAM_SIGNAL, d, -INFINITY, INFINITY, FALSE, h }
#define SW_INITIAL(n, l, u, h)           { n, l, u, SW_PARAM_INITIAL, NAN, -INFINITY, INFINITY, FALSE, h }
/* Modelica's nominal attribute of a state: optional like an initial value,
 * > 0 when given (absent: the engine derives one). */
#define SW_NOMINAL(n, l, u, h)           { n, l, u, SW_PARAM_INITIAL, NAN, 0, INFINITY, TRUE, h }
/* Modelica's relative states of an element between two flanges
 * (phi_rel(start, fixed = true), w_rel; s_rel, v_rel): optional initial
 * values, set by sw_kind_build_relative_start(). The same texts as the
 * springs' (sw-kinds-compliant.c). */
#define SW_REL_START_ROT \
  SW_INITIAL ("phi_rel_start", N_("Initial relative angle"), "rad", \
              N_("phi_rel at t = 0 (Modelica's phi_rel(start, fixed = true)); absent: from the flanges")), \
  SW_INITIAL ("w_rel_start", N_("Initial relative speed"), "rad/s", \
              N_("w_rel at t = 0 (Modelica's w_rel(start, fixed = true)); absent: from the flanges")), \
  SW_INITIAL ("a_rel_start", N_("Initial relative acceleration"), "rad/s2", \
              N_("a_rel at t = 0 (Modelica's a_rel(start, fixed = true)): the initial positions left free are "\
                 "solved so that it holds; absent: not set"))
#define SW_REL_START_TRANS \
  SW_INITIAL ("s_rel_start", N_("Initial relative position"), "m", \
              N_("s_rel at t = 0 (Modelica's s_rel(start, fixed = true)); absent: from the flanges")), \
  SW_INITIAL ("v_rel_start", N_("Initial relative velocity"), "m/s", \
              N_("v_rel at t = 0 (Modelica's v_rel(start, fixed = true)); absent: from the flanges")), \
  SW_INITIAL ("a_rel_start", N_("Initial relative acceleration"), "m/s2", \
              N_("a_rel at t = 0 (Modelica's a_rel(start, fixed = true)): the initial positions left free are "\
                 "solved so that it holds; absent: not set"))
#define SW_TABLE_PARAM(n, l, h, t)       { n, l, "", SW_PARAM_TABLE, NAN, -INFINITY, INFINITY, FALSE, h, t }
#define SW_VAR(n, u, h)                  { n, u, h }

#define SW_TABLE(t) (t), G_N_ELEMENTS (t)
#define SW_BIT(k) (1u << (k))

/* Node values of a part's port. */
#define SW_X(p, s, port) ((s)->x[(p)->node[port]])
#define SW_V(p, s, port) ((s)->v[(p)->node[port]])
#define SW_A(p, s, port) ((s)->a[(p)->node[port]])
/* NaN when the row did not ask for jerks (see SwKind.jerk_vars). */
#define SW_JERK(p, s, port) ((s)->jerk != NULL ? (s)->jerk[(p)->node[port]] : NAN)
#define SW_LAMBDA(p, s, row) ((s)->lambda[(p)->first_row + (row)])
#define SW_HELD(p, s, k) ((s)->held[(p)->first_held + (k)])
#define SW_REGION(p, s) ((s)->region[(p)->index])

/* The families, each defined in its own sw-kinds-<family>.c. */
extern const SwKind sw_kind_rot_fixed, sw_kind_rot_inertia;
extern const SwKind sw_kind_trans_fixed, sw_kind_trans_mass, sw_kind_trans_rod;
extern const SwKind sw_kind_rot_spring, sw_kind_rot_damper, sw_kind_rot_spring_damper, sw_kind_rot_shaft;
extern const SwKind sw_kind_rot_viscous_damper, sw_kind_rot_tuned_absorber;
extern const SwKind sw_kind_trans_spring, sw_kind_trans_damper, sw_kind_trans_spring_damper;
extern const SwKind sw_kind_rot_ideal_gear, sw_kind_rot_ideal_planetary, sw_kind_trans_ideal_gear;
extern const SwKind sw_kind_ideal_gear_r2t, sw_kind_ideal_rolling_wheel;
extern const SwKind sw_kind_tsf_rot_rot, sw_kind_tsf_rot_trans, sw_kind_tsf_trans_rot, sw_kind_tsf_trans_trans;
extern const SwKind sw_kind_rot_torque, sw_kind_rot_constant_torque, sw_kind_rot_torque_step;
extern const SwKind sw_kind_rot_linear_speed_torque, sw_kind_rot_quadratic_speed_torque;
extern const SwKind sw_kind_rot_speed, sw_kind_rot_position, sw_kind_rot_accelerate;
extern const SwKind sw_kind_trans_force, sw_kind_trans_constant_force, sw_kind_trans_quadratic_speed_force;
extern const SwKind sw_kind_trans_speed, sw_kind_trans_position, sw_kind_trans_accelerate;
extern const SwKind sw_kind_rot_bearing_friction, sw_kind_rot_brake, sw_kind_rot_clutch, sw_kind_rot_one_way_clutch;
extern const SwKind sw_kind_rot_elasto_backlash, sw_kind_rot_lossy_gear, sw_kind_rot_gearbox;

/* Elasto-backlash (sw-kinds-backlash.c): stiffness c, damping d, play b;
 * diff = phi_rel - phi_rel0, w = w_rel: the spring's torque and the
 * element's (never pulling). */
void _sw_backlash_law (double c, double d, double b, double diff, double w, double *tau_c, double *tau);

/* A friction part's mode, startForward, startBackward and locked with
 * Modelica's values on an event's rows (sw-kinds-friction.c): out[0 .. 3]. */
void _sw_friction_mode_flags (const SwPart *p, const SwState *s, double *out);
#define SW_BACKLASH_NO_PLAY 1e-10
extern const SwKind sw_kind_trans_support_friction, sw_kind_trans_brake, sw_kind_trans_elasto_gap;
extern const SwKind sw_kind_rot_disc, sw_kind_trans_mass_with_stop_and_friction;
extern const SwKind sw_kind_rot_fan, sw_kind_rot_engine_speed, sw_kind_rot_engine, sw_kind_rot_gear_loss;
extern const SwKind sw_kind_rot_rigidity, sw_kind_trans_rigidity;
extern const SwKind sw_kind_rot_tb_mass, sw_kind_trans_tb_mass;
extern const SwKind sw_kind_trans_line_force_with_mass, sw_kind_trans_line_force_two_masses,
  sw_kind_trans_spring_damper_series;
extern const SwKind sw_kind_rot_custom_coupling, sw_kind_trans_custom_coupling;
extern const SwKind sw_kind_trans_force_step, sw_kind_trans_linear_speed_force;
extern const SwKind sw_kind_rot_multi_sensor, sw_kind_trans_multi_sensor;
extern const SwKind sw_kind_rot_relative_states, sw_kind_trans_relative_states;
extern const SwKind sw_kind_rot_elasto_backlash2, sw_kind_trans_vehicle;
extern const SwKind sw_kind_rot_sign_torque, sw_kind_trans_sign_force, sw_kind_rot_inverse_speed_torque,
  sw_kind_trans_inverse_speed_force;
extern const SwKind sw_kind_rot_eddy_current_torque, sw_kind_trans_eddy_current_force;
extern const SwKind sw_kind_rot_end_stop, sw_kind_trans_end_stop, sw_kind_rot_latch, sw_kind_trans_latch;
extern const SwKind sw_kind_rot_angle_sensor, sw_kind_rot_speed_sensor, sw_kind_rot_acc_sensor,
  sw_kind_rot_rel_angle_sensor, sw_kind_rot_rel_speed_sensor, sw_kind_rot_rel_acc_sensor,
  sw_kind_rot_torque_sensor, sw_kind_rot_power_sensor;
extern const SwKind sw_kind_trans_position_sensor, sw_kind_trans_speed_sensor, sw_kind_trans_acc_sensor,
  sw_kind_trans_rel_position_sensor, sw_kind_trans_rel_speed_sensor, sw_kind_trans_rel_acc_sensor,
  sw_kind_trans_force_sensor, sw_kind_trans_power_sensor;
extern const SwKind sw_kind_rot_constant_speed, sw_kind_rot_torque2, sw_kind_rot_move, sw_kind_rot_initialize_flange;
extern const SwKind sw_kind_trans_constant_speed, sw_kind_trans_force2, sw_kind_trans_move,
  sw_kind_trans_initialize_flange;

/* The relative initial values at parameters first, first + 1, first + 2
 * (made by SW_REL_START_ROT or _TRANS: position, speed, acceleration) of
 * port_b against port_a. */
static inline void
sw_kind_build_relative_start (const SwPart *p, SwBuilder *b, guint port_a, guint port_b, guint first)
{
  sw_builder_set_initial_relative (b, p, p->node[port_a], p->node[port_b], p->param[first], p->param[first + 1],
                                   p->kind->params[first].name, p->kind->params[first + 1].name);
  if (!isnan (p->param[first + 2]))
    sw_builder_set_initial_relative_acceleration (b, p, p->node[port_a], p->node[port_b], p->param[first + 2],
                                                  p->kind->params[first + 2].name);
}
