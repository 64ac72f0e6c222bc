/* sw-kinds-sources-extra.c: Modelica's other sources: constant speed,
 * torque and force between two flanges (Torque2, Force2), Move (position,
 * speed and acceleration given), and InitializeFlange.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"

enum { SRC_FLANGE, SRC_SUPPORT };

/* ---- Constant speed: w = w_fixed, the angle integrated from its start --- */

static void
constant_speed_build (const SwPart *p, SwBuilder *b)
{
  g_autoptr (SwSignal) w = sw_signal_new_constant (p->param[0]);

  sw_builder_add_motion (b, p, p->node[SRC_FLANGE], p->node[SRC_SUPPORT], SW_MOTION_SPEED, w);
}

/* tau (the row's multiplier: what the source exerts on the flange), phi,
 * w, power, a, all relative to the support. */
static void
motion_variables (const SwPart *p, const SwState *s, double *out)
{
  double w = SW_V (p, s, SRC_FLANGE) - SW_V (p, s, SRC_SUPPORT);

  out[0] = SW_LAMBDA (p, s, 0);
  out[1] = SW_X (p, s, SRC_FLANGE) - SW_X (p, s, SRC_SUPPORT);
  out[2] = w;
  out[3] = out[0] * w;
  out[4] = SW_A (p, s, SRC_FLANGE) - SW_A (p, s, SRC_SUPPORT);
}

/* ---- Move: three signals, none differentiated -------------------------- */

enum { MOVE_X, MOVE_V, MOVE_A };

static void
move_build (const SwPart *p, SwBuilder *b)
{
  sw_builder_add_move (b, p, p->node[SRC_FLANGE], p->node[SRC_SUPPORT], p->signal[MOVE_X], p->signal[MOVE_V],
                       p->signal[MOVE_A]);
}

/* ---- Torque2 / Force2: flange_a.tau = tau, flange_b.tau = -tau --------- */

enum { TWO_A, TWO_B };

static void
two_forces (const SwPart *p, const SwState *s, double *f)
{
  double tau = sw_part_signal (p, 0, s, NULL, NULL);

  /* A cut torque flange.tau acts on the flange's node as -flange.tau. */
  f[p->node[TWO_A]] -= tau;
  f[p->node[TWO_B]] += tau;
}

static void
two_variables (const SwPart *p, const SwState *s, double *out)
{
  double tau = sw_part_signal (p, 0, s, NULL, NULL);
  double w_rel = SW_V (p, s, TWO_B) - SW_V (p, s, TWO_A);

  out[0] = tau;
  out[1] = SW_X (p, s, TWO_B) - SW_X (p, s, TWO_A);
  out[2] = w_rel;
  out[3] = tau * w_rel;
}

/* ---- InitializeFlange: start values of what it is connected to --------- */

enum { INIT_X, INIT_V, INIT_A };

static void
initialize_build (const SwPart *p, SwBuilder *b)
{
  const SwKind *k = p->kind;

  sw_builder_set_initial_named (b, p, p->node[0], p->param[INIT_X], p->param[INIT_V], k->params[INIT_X].name,
                                k->params[INIT_V].name);
  if (!isnan (p->param[INIT_A]))
    sw_builder_set_initial_acceleration (b, p, p->node[0], p->param[INIT_A], k->params[INIT_A].name);
}

static void
initialize_variables (const SwPart *p, const SwState *s, double *out)
{
  out[0] = SW_X (p, s, 0);
  out[1] = SW_V (p, s, 0);
}

/* ---- Tables ------------------------------------------------------------ */

static const SwPortDesc rot_ports[] = { SW_PORT ("flange", SW_ROT), SW_SUPPORT ("support", SW_ROT) };
static const SwPortDesc trans_ports[] = { SW_PORT ("flange", SW_TRANS), SW_SUPPORT ("support", SW_TRANS) };
static const SwPortDesc rot_two_ports[] = { SW_PORT ("flange_a", SW_ROT), SW_PORT ("flange_b", SW_ROT) };
static const SwPortDesc trans_two_ports[] = { SW_PORT ("flange_a", SW_TRANS), SW_PORT ("flange_b", SW_TRANS) };
static const SwPortDesc rot_init_ports[] = { SW_PORT ("flange", SW_ROT) };
static const SwPortDesc trans_init_ports[] = { SW_PORT ("flange", SW_TRANS) };

static const SwVarDesc rot_motion_vars[] = {
  SW_VAR ("tau", "N.m", N_("Torque accelerating the flange")),
  SW_VAR ("phi", "rad", N_("Angle of the flange relative to the support")),
  SW_VAR ("w", "rad/s", N_("Speed of the flange relative to the support")),
  SW_VAR ("power", "W", N_("Power delivered to the flange")),
  SW_VAR ("a", "rad/s2", N_("Acceleration of the flange relative to the support")),
};
static const SwVarDesc trans_motion_vars[] = {
  SW_VAR ("f", "N", N_("Force accelerating the flange")),
  SW_VAR ("s", "m", N_("Position of the flange relative to the support")),
  SW_VAR ("v", "m/s", N_("Velocity of the flange relative to the support")),
  SW_VAR ("power", "W", N_("Power delivered to the flange")),
  SW_VAR ("a", "m/s2", N_("Acceleration of the flange relative to the support")),
};
static const SwVarDesc rot_two_vars[] = {
  SW_VAR ("tau", "N.m", N_("Torque accelerating flange_b and decelerating flange_a")),
  SW_VAR ("phi_rel", "rad", N_("Angle of flange_b relative to flange_a")),
  SW_VAR ("w_rel", "rad/s", N_("Speed of flange_b relative to flange_a")),
  SW_VAR ("power", "W", N_("Power delivered to the flanges")),
};
static const SwVarDesc trans_two_vars[] = {
  SW_VAR ("f", "N", N_("Force accelerating flange_b and decelerating flange_a")),
  SW_VAR ("s_rel", "m", N_("Position of flange_b relative to flange_a")),
  SW_VAR ("v_rel", "m/s", N_("Velocity of flange_b relative to flange_a")),
  SW_VAR ("power", "W", N_("Power delivered to the flanges")),
};
static const SwVarDesc rot_init_vars[] = {
  SW_VAR ("phi", "rad", N_("Angle of the flange")),
  SW_VAR ("w", "rad/s", N_("Speed of the flange")),
};
static const SwVarDesc trans_init_vars[] = {
  SW_VAR ("s", "m", N_("Position of the flange")),
  SW_VAR ("v", "m/s", N_("Velocity of the flange")),
};

static const SwParamDesc rot_constant_speed_params[] = {
  SW_ANY ("w_fixed", N_("Speed"), "rad/s", 1, N_("Fixed speed of the flange relative to the support")),
};
static const SwParamDesc trans_constant_speed_params[] = {
  SW_ANY ("v_fixed", N_("Speed"), "m/s", 1, N_("Fixed speed of the flange relative to the support")),
};
static const SwParamDesc torque2_params[] = {
  SW_SIGNAL ("tau", N_("Torque"), "N.m",
             N_("Torque between the flanges: positive accelerates flange_b and decelerates flange_a")),
};
static const SwParamDesc force2_params[] = {
  SW_SIGNAL ("f", N_("Force"), "N",
             N_("Force between the flanges: positive accelerates flange_b and decelerates flange_a")),
};
static const SwParamDesc rot_move_params[] = {
  SW_SIGNAL ("phi", N_("Angle"), "rad", N_("Angle of the flange relative to the support")),
  SW_SIGNAL ("w", N_("Speed"), "rad/s", N_("Its speed, taken as given (not the derivative of phi)")),
  SW_SIGNAL ("a", N_("Acceleration"), "rad/s2", N_("Its acceleration, taken as given (not the derivative of w)")),
};
static const SwParamDesc trans_move_params[] = {
  SW_SIGNAL ("s", N_("Position"), "m", N_("Position of the flange relative to the support")),
  SW_SIGNAL ("v", N_("Speed"), "m/s", N_("Its speed, taken as given (not the derivative of s)")),
  SW_SIGNAL ("a", N_("Acceleration"), "m/s2", N_("Its acceleration, taken as given (not the derivative of v)")),
};
static const SwParamDesc rot_init_params[] = {
  SW_INITIAL ("phi_start", N_("Initial angle"), "rad", N_("Angle of the flange at t = 0; absent: not set")),
  SW_INITIAL ("w_start", N_("Initial speed"), "rad/s", N_("Speed of the flange at t = 0; absent: not set")),
  SW_INITIAL ("a_start", N_("Initial acceleration"), "rad/s2",
              N_("Acceleration of the flange at t = 0, met by the free initial angles; absent: not set")),
};
static const SwParamDesc trans_init_params[] = {
  SW_INITIAL ("s_start", N_("Initial position"), "m", N_("Position of the flange at t = 0; absent: not set")),
  SW_INITIAL ("v_start", N_("Initial speed"), "m/s", N_("Speed of the flange at t = 0; absent: not set")),
  SW_INITIAL ("a_start", N_("Initial acceleration"), "m/s2",
              N_("Acceleration of the flange at t = 0, met by the free initial positions; absent: not set")),
};

#define MOTION_KIND(sym, kname, klabel, khelp, kports, kparams, kvars, kkey, kbuild) \
  const SwKind sym = { \
    .name = kname, .label = klabel, .group = "Sources", .help = khelp, \
    .ports = SW_TABLE (kports), .params = SW_TABLE (kparams), .vars = SW_TABLE (kvars), \
    .key_param = kkey, .build = kbuild, .variables = motion_variables, \
    .state_vars = SW_BIT (1) | SW_BIT (2), \
  }

MOTION_KIND (sw_kind_rot_constant_speed, "rotational.constant_speed", N_("Constant speed"),
             N_("Flange driven at a fixed speed, whatever the torque"), rot_ports, rot_constant_speed_params,
             rot_motion_vars, "w_fixed", constant_speed_build);
MOTION_KIND (sw_kind_trans_constant_speed, "translational.constant_speed", N_("Constant speed"),
             N_("Flange driven at a fixed speed, whatever the force"), trans_ports, trans_constant_speed_params,
             trans_motion_vars, "v_fixed", constant_speed_build);
MOTION_KIND (sw_kind_rot_move, "rotational.move", N_("Move"),
             N_("Flange driven by given angle, speed and acceleration signals"), rot_ports, rot_move_params,
             rot_motion_vars, NULL, move_build);
MOTION_KIND (sw_kind_trans_move, "translational.move", N_("Move"),
             N_("Flange driven by given position, speed and acceleration signals"), trans_ports,
             trans_move_params, trans_motion_vars, NULL, move_build);

const SwKind sw_kind_rot_torque2 = {
  .name = "rotational.torque2", .label = N_("Torque between flanges"), .group = "Sources",
  .help = N_("Torque given by a signal, acting between two flanges"),
  .ports = SW_TABLE (rot_two_ports), .params = SW_TABLE (torque2_params), .vars = SW_TABLE (rot_two_vars),
  .key_param = "tau", .forces = two_forces, .force_flags = SW_FORCE_TIME, .variables = two_variables,
  .state_vars = SW_BIT (4) - 1,
};
const SwKind sw_kind_trans_force2 = {
  .name = "translational.force2", .label = N_("Force between flanges"), .group = "Sources",
  .help = N_("Force given by a signal, acting between two flanges"),
  .ports = SW_TABLE (trans_two_ports), .params = SW_TABLE (force2_params), .vars = SW_TABLE (trans_two_vars),
  .key_param = "f", .forces = two_forces, .force_flags = SW_FORCE_TIME, .variables = two_variables,
  .state_vars = SW_BIT (4) - 1,
};
const SwKind sw_kind_rot_initialize_flange = {
  .name = "rotational.initialize_flange", .label = N_("Initialize flange"), .group = "Sources",
  .help = N_("Sets the initial angle, speed and acceleration of the flange it is connected to"),
  .ports = SW_TABLE (rot_init_ports), .params = SW_TABLE (rot_init_params), .vars = SW_TABLE (rot_init_vars),
  .build = initialize_build, .variables = initialize_variables, .state_vars = SW_BIT (2) - 1,
};
const SwKind sw_kind_trans_initialize_flange = {
  .name = "translational.initialize_flange", .label = N_("Initialize flange"), .group = "Sources",
  .help = N_("Sets the initial position, speed and acceleration of the flange it is connected to"),
  .ports = SW_TABLE (trans_init_ports), .params = SW_TABLE (trans_init_params), .vars = SW_TABLE (trans_init_vars),
  .build = initialize_build, .variables = initialize_variables, .state_vars = SW_BIT (2) - 1,
};
