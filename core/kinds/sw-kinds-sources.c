/* sw-kinds-sources.c: torque and force sources and prescribed motions.
 *
 * A source acts between its flange and its support (grounded when the
 * support is not connected). Positive torque or force accelerates the
 * flange along the axis (Modelica: tau = -flange.tau).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"

enum { SRC_FLANGE, SRC_SUPPORT };

static inline void
apply (const SwPart *p, double tau, double *f)
{
  f[p->node[SRC_FLANGE]] += tau;
  f[p->node[SRC_SUPPORT]] -= tau;
}

static inline double
rel_speed (const SwPart *p, const SwState *s)
{
  return SW_V (p, s, SRC_FLANGE) - SW_V (p, s, SRC_SUPPORT);
}

/* Every force source outputs tau, phi, w, power from its torque. */
static void
source_outputs (const SwPart *p, const SwState *s, double tau, double *out)
{
  double w = rel_speed (p, s);

  out[0] = tau;
  out[1] = SW_X (p, s, SRC_FLANGE) - SW_X (p, s, SRC_SUPPORT);
  out[2] = w;
  out[3] = tau * w;
}

/* Torque / force from a signal: param 0. */
static double
signal_tau (const SwPart *p, const SwState *s)
{
  return sw_part_signal (p, 0, s, NULL, NULL);
}

static void
signal_forces (const SwPart *p, const SwState *s, double *f)
{
  apply (p, signal_tau (p, s), f);
}

static void
signal_variables (const SwPart *p, const SwState *s, double *out)
{
  source_outputs (p, s, signal_tau (p, s), out);
}

/* Constant: param 0. */
static void
constant_forces (const SwPart *p, const SwState *s, double *f)
{
  apply (p, p->param[0], f);
}

static void
constant_variables (const SwPart *p, const SwState *s, double *out)
{
  source_outputs (p, s, p->param[0], out);
}

/* TorqueStep: stepTorque, offsetTorque, startTime. */
enum { STEP_HEIGHT, STEP_OFFSET, STEP_START };

static double
step_tau (const SwPart *p, const SwState *s)
{
  double t0 = p->param[STEP_START];
  gboolean on = s->left ? s->t > t0 : s->t >= t0;

  return p->param[STEP_OFFSET] + (on ? p->param[STEP_HEIGHT] : 0);
}

static void
step_build (const SwPart *p, SwBuilder *b)
{
  sw_builder_add_time_event (b, p->param[STEP_START]);
}

static void
step_forces (const SwPart *p, const SwState *s, double *f)
{
  apply (p, step_tau (p, s), f);
}

static void
step_variables (const SwPart *p, const SwState *s, double *out)
{
  source_outputs (p, s, step_tau (p, s), out);
}

/* Speed dependent: nominal, direction, w_nominal. */
enum { SPD_NOMINAL, SPD_DIRECTION, SPD_W_NOMINAL };

static double
linear_speed_tau (const SwPart *p, const SwState *s)
{
  double r = rel_speed (p, s) / p->param[SPD_W_NOMINAL];

  return p->param[SPD_NOMINAL] * (p->param[SPD_DIRECTION] != 0 ? fabs (r) : r);
}

static double
quadratic_speed_tau (const SwPart *p, const SwState *s)
{
  double r = rel_speed (p, s) / p->param[SPD_W_NOMINAL];

  return p->param[SPD_NOMINAL] * (p->param[SPD_DIRECTION] != 0 ? r * r : r * fabs (r));
}

static void
linear_speed_forces (const SwPart *p, const SwState *s, double *f)
{
  apply (p, linear_speed_tau (p, s), f);
}

static void
linear_speed_variables (const SwPart *p, const SwState *s, double *out)
{
  source_outputs (p, s, linear_speed_tau (p, s), out);
}

static void
quadratic_speed_forces (const SwPart *p, const SwState *s, double *f)
{
  apply (p, quadratic_speed_tau (p, s), f);
}

static void
quadratic_speed_variables (const SwPart *p, const SwState *s, double *out)
{
  source_outputs (p, s, quadratic_speed_tau (p, s), out);
}

/* Prescribed motion: one row, x - x_support = s(t); the row exerts lambda
 * on the flange, which is the torque the source applies. */
enum { MOTION_REF, MOTION_EXACT, MOTION_F_CRIT };

/* exact = false (Modelica): the flange follows a filter of the reference,
 * whose states the engine integrates. */
static void
exact_or_filtered_build (const SwPart *p, SwBuilder *b, SwMotion exact, SwMotion filtered)
{
  guint flange = p->node[SRC_FLANGE], support = p->node[SRC_SUPPORT];

  if (p->param[MOTION_EXACT] != 0)
    sw_builder_add_motion (b, p, flange, support, exact, p->signal[MOTION_REF]);
  else
    sw_builder_add_filtered_motion (b, p, flange, support, filtered, p->signal[MOTION_REF],
                                    2 * G_PI * p->param[MOTION_F_CRIT]);
}

static void
position_build (const SwPart *p, SwBuilder *b)
{
  exact_or_filtered_build (p, b, SW_MOTION_POSITION, SW_MOTION_FILTERED_POSITION);
}

/* Modelica's Speed declares its angle phi (s) with start 0 and fixed =
 * true: the flange's position against the support at t = 0, after the
 * filter's parameters (absent: from the connections, as before). */
enum { MOTION_X0 = MOTION_F_CRIT + 1 };

static void
speed_build (const SwPart *p, SwBuilder *b)
{
  exact_or_filtered_build (p, b, SW_MOTION_SPEED, SW_MOTION_FILTERED_SPEED);
  sw_builder_set_initial_relative (b, p, p->node[SRC_SUPPORT], p->node[SRC_FLANGE], p->param[MOTION_X0], NAN,
                                   p->kind->params[MOTION_X0].name, NULL);
}

static void
accelerate_build (const SwPart *p, SwBuilder *b)
{
  sw_builder_add_motion (b, p, p->node[SRC_FLANGE], p->node[SRC_SUPPORT], SW_MOTION_ACCELERATION, p->signal[0]);
}

static void
motion_variables (const SwPart *p, const SwState *s, double *out)
{
  source_outputs (p, s, SW_LAMBDA (p, s, 0), out);
  out[4] = SW_A (p, s, SRC_FLANGE) - SW_A (p, s, SRC_SUPPORT);
}

static const SwPortDesc rot_ports[] = { SW_PORT ("flange", SW_ROT), SW_SUPPORT ("support", SW_ROT) };
static const SwPortDesc trans_ports[] = { SW_PORT ("flange", SW_TRANS), SW_SUPPORT ("support", SW_TRANS) };

static const SwVarDesc rot_vars[] = {
  SW_VAR ("tau", "N.m", N_("Torque accelerating the flange")),
  SW_VAR ("phi", "rad", N_("Angle of the flange relative to the support")),
  SW_VAR ("w", "rad/s", N_("Speed of the flange relative to the support")),
  SW_VAR ("power", "W", N_("Power delivered to the flange")),
  SW_VAR ("a", "rad/s2", N_("Acceleration of the flange relative to the support")),
};
static const SwVarDesc trans_vars[] = {
  SW_VAR ("f", "N", N_("Force accelerating the flange")),
  SW_VAR ("s", "m", N_("Position of the flange relative to the support")),
  SW_VAR ("v", "m/s", N_("Velocity of the flange relative to the support")),
  SW_VAR ("power", "W", N_("Power delivered to the flange")),
  SW_VAR ("a", "m/s2", N_("Acceleration of the flange relative to the support")),
};

static const SwParamDesc torque_params[] = {
  SW_SIGNAL ("tau", N_("Torque"), "N.m", N_("Accelerating torque: a number or a signal")),
};
static const SwParamDesc constant_torque_params[] = {
  SW_ANY ("tau_constant", N_("Torque"), "N.m", 1, N_("Constant torque; negative acts as a load")),
};
static const SwParamDesc torque_step_params[] = {
  SW_ANY ("stepTorque", N_("Step"), "N.m", 1, N_("Height of the torque step")),
  SW_ANY ("offsetTorque", N_("Offset"), "N.m", 0, N_("Torque before the step")),
  SW_ANY ("startTime", N_("Start time"), "s", 0, N_("Time of the step")),
};
static const SwParamDesc speed_torque_params[] = {
  SW_ANY ("tau_nominal", N_("Nominal torque"), "N.m", 1, N_("Torque at nominal speed; negative acts as a load")),
  SW_BOOL ("TorqueDirection", N_("Same direction both ways"), 1,
           N_("true: the torque keeps its direction whichever way the flange turns")),
  SW_POSITIVE ("w_nominal", N_("Nominal speed"), "rad/s", 1, N_("Speed at which the torque is tau_nominal")),
};
/* Modelica's exact and f_crit (Position: a 2nd-order Bessel filter,
 * Speed: 1st order). */
#define SW_FILTER_PARAMS \
  SW_BOOL ("exact", N_("Exact"), 1, N_("true: the flange follows the reference exactly; false: a filter of it")), \
  SW_POSITIVE ("f_crit", N_("Filter frequency"), "Hz", 50, N_("Critical frequency of the filter when exact is false"))

static const SwParamDesc speed_params[] = {
  SW_SIGNAL ("w_ref", N_("Speed"), "rad/s", N_("Reference speed, followed exactly or filtered (exact)")),
  SW_FILTER_PARAMS,
  SW_INITIAL ("phi0", N_("Initial angle"), "rad",
              N_("Of the flange against the support at t = 0 (Modelica's phi(start)); absent: follows from rigid "
                 "connections, else 0")),
};
static const SwParamDesc position_params[] = {
  SW_SIGNAL ("phi_ref", N_("Angle"), "rad", N_("Reference angle, followed exactly or filtered (exact)")),
  SW_FILTER_PARAMS,
};
static const SwParamDesc rot_accelerate_params[] = {
  SW_SIGNAL ("a_ref", N_("Acceleration"), "rad/s2",
             N_("Reference acceleration; starts from the driven body’s initial angle and speed")),
};
static const SwParamDesc force_params[] = {
  SW_SIGNAL ("f", N_("Force"), "N", N_("Accelerating force: a number or a signal")),
};
static const SwParamDesc constant_force_params[] = {
  SW_ANY ("f_constant", N_("Force"), "N", 1, N_("Constant force; negative acts as a load")),
};
static const SwParamDesc force_step_params[] = {
  SW_ANY ("stepForce", N_("Step"), "N", 1, N_("Height of the force step")),
  SW_ANY ("offsetForce", N_("Offset"), "N", 0, N_("Force before the step")),
  SW_ANY ("startTime", N_("Start time"), "s", 0, N_("Time of the step")),
};
static const SwParamDesc speed_force_params[] = {
  SW_ANY ("f_nominal", N_("Nominal force"), "N", 1, N_("Force at nominal speed; negative acts as a load")),
  SW_BOOL ("ForceDirection", N_("Same direction both ways"), 1,
           N_("true: the force keeps its direction whichever way the flange moves")),
  SW_POSITIVE ("v_nominal", N_("Nominal speed"), "m/s", 1, N_("Speed at which the force is f_nominal")),
};
static const SwParamDesc trans_speed_params[] = {
  SW_SIGNAL ("v_ref", N_("Speed"), "m/s", N_("Reference speed, followed exactly or filtered (exact)")),
  SW_FILTER_PARAMS,
  SW_INITIAL ("s0", N_("Initial position"), "m",
              N_("Of the flange against the support at t = 0 (Modelica's s(start)); absent: follows from rigid "
                 "connections, else 0")),
};
static const SwParamDesc trans_position_params[] = {
  SW_SIGNAL ("s_ref", N_("Position"), "m", N_("Reference position, followed exactly or filtered (exact)")),
  SW_FILTER_PARAMS,
};
static const SwParamDesc trans_accelerate_params[] = {
  SW_SIGNAL ("a_ref", N_("Acceleration"), "m/s2",
             N_("Reference acceleration; starts from the driven body’s initial position and speed")),
};

#define SOURCE(sym, kname, klabel, khelp, kports, kparams, kvars, nvars, kkey, kbuild, kforces, kflags, kvariables) \
  const SwKind sym = { \
    .name = kname, .label = klabel, .group = "Sources", .help = khelp, \
    .ports = SW_TABLE (kports), .params = SW_TABLE (kparams), .vars = kvars, .n_vars = nvars, \
    .key_param = kkey, .build = kbuild, .forces = kforces, .force_flags = kflags, .variables = kvariables, \
    /* Forces: all; motions: phi and w (tau is a reaction). */ \
    .state_vars = nvars == 4 ? SW_BIT (4) - 1 : SW_BIT (1) | SW_BIT (2), \
  }

SOURCE (sw_kind_rot_torque, "rotational.torque", N_("Torque"), N_("Torque given by a signal"),
        rot_ports, torque_params, rot_vars, 4, "tau", NULL, signal_forces, SW_FORCE_TIME, signal_variables);
SOURCE (sw_kind_rot_constant_torque, "rotational.constant_torque", N_("Constant torque"),
        N_("Constant torque, independent of speed"), rot_ports, constant_torque_params, rot_vars, 4,
        "tau_constant", NULL, constant_forces, SW_FORCE_NONE, constant_variables);
SOURCE (sw_kind_rot_torque_step, "rotational.torque_step", N_("Torque step"),
        N_("Constant torque that steps at a given time"), rot_ports, torque_step_params, rot_vars, 4,
        "stepTorque", step_build, step_forces, SW_FORCE_TIME, step_variables);
SOURCE (sw_kind_rot_linear_speed_torque, "rotational.linear_speed_dependent_torque",
        N_("Linear speed dependent torque"), N_("Torque proportional to the speed"), rot_ports,
        speed_torque_params, rot_vars, 4, "tau_nominal", NULL, linear_speed_forces, SW_FORCE_DAMPING,
        linear_speed_variables);
SOURCE (sw_kind_rot_quadratic_speed_torque, "rotational.quadratic_speed_dependent_torque",
        N_("Quadratic speed dependent torque"), N_("Torque proportional to the square of the speed"),
        rot_ports, speed_torque_params, rot_vars, 4, "tau_nominal", NULL, quadratic_speed_forces,
        SW_FORCE_DAMPING, quadratic_speed_variables);
SOURCE (sw_kind_rot_speed, "rotational.speed", N_("Speed"), N_("Flange driven at a reference speed, exactly or through a filter"),
        rot_ports, speed_params, rot_vars, 5, "w_ref", speed_build, NULL, SW_FORCE_NONE, motion_variables);
SOURCE (sw_kind_rot_position, "rotational.position", N_("Position"),
        N_("Flange driven to a reference angle, exactly or through a filter"), rot_ports, position_params, rot_vars, 5,
        "phi_ref", position_build, NULL, SW_FORCE_NONE, motion_variables);
SOURCE (sw_kind_rot_accelerate, "rotational.accelerate", N_("Accelerate"),
        N_("Flange driven exactly at a reference acceleration"), rot_ports, rot_accelerate_params,
        rot_vars, 5, "a_ref", accelerate_build, NULL, SW_FORCE_NONE, motion_variables);
SOURCE (sw_kind_trans_force, "translational.force", N_("Force"), N_("Force given by a signal"),
        trans_ports, force_params, trans_vars, 4, "f", NULL, signal_forces, SW_FORCE_TIME, signal_variables);
SOURCE (sw_kind_trans_constant_force, "translational.constant_force", N_("Constant force"),
        N_("Constant force, independent of speed"), trans_ports, constant_force_params, trans_vars, 4,
        "f_constant", NULL, constant_forces, SW_FORCE_NONE, constant_variables);
SOURCE (sw_kind_trans_force_step, "translational.force_step", N_("Force step"),
        N_("Constant force that steps at a given time"), trans_ports, force_step_params, trans_vars, 4,
        "stepForce", step_build, step_forces, SW_FORCE_TIME, step_variables);
SOURCE (sw_kind_trans_linear_speed_force, "translational.linear_speed_dependent_force",
        N_("Linear speed dependent force"), N_("Force proportional to the speed"), trans_ports,
        speed_force_params, trans_vars, 4, "f_nominal", NULL, linear_speed_forces, SW_FORCE_DAMPING,
        linear_speed_variables);
SOURCE (sw_kind_trans_quadratic_speed_force, "translational.quadratic_speed_dependent_force",
        N_("Quadratic speed dependent force"), N_("Force proportional to the square of the speed"),
        trans_ports, speed_force_params, trans_vars, 4, "f_nominal", NULL, quadratic_speed_forces,
        SW_FORCE_DAMPING, quadratic_speed_variables);
SOURCE (sw_kind_trans_speed, "translational.speed", N_("Speed"), N_("Flange driven at a reference speed, exactly or through a filter"),
        trans_ports, trans_speed_params, trans_vars, 5, "v_ref", speed_build, NULL, SW_FORCE_NONE,
        motion_variables);
SOURCE (sw_kind_trans_position, "translational.position", N_("Position"),
        N_("Flange driven to a reference position, exactly or through a filter"), trans_ports, trans_position_params, trans_vars, 5,
        "s_ref", position_build, NULL, SW_FORCE_NONE, motion_variables);
SOURCE (sw_kind_trans_accelerate, "translational.accelerate", N_("Accelerate"),
        N_("Flange driven exactly at a reference acceleration"), trans_ports, trans_accelerate_params,
        trans_vars, 5, "a_ref", accelerate_build, NULL, SW_FORCE_NONE, motion_variables);
