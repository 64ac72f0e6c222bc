/* sw-kinds-sensors.c: Modelica's ideal sensors (Rotational.Sensors,
 * Translational.Sensors; digest seed-001 §6, §9).
 *
 * They add no dynamics: their outputs are variables.
 * - Absolute sensors (angle, speed, acceleration; position, speed,
 *   acceleration) read the node of their one flange and exert nothing on it
 *   (0 = flange.tau), so a sensor on a flange changes nothing; a flange
 *   connected to nothing else is a node nothing determines, the engine's
 *   usual error naming the sensor's flange.
 * - Relative sensors read flange_b - flange_a and exert nothing on either
 *   (flange_a.tau = flange_b.tau = 0). Both flanges must be connected: a
 *   free flange_b would be a massless point nothing holds, which has no
 *   position to read (Modelica's model is singular there too), and the
 *   engine says so.
 * - Torque, force and power sensors tie their flanges rigidly: the row
 *   x_b - x_a = 0, as a rod of length 0. It exerts -lambda on flange_a's
 *   node and +lambda on flange_b's, so Modelica's flange_a.tau (the torque
 *   acting on the sensor through flange_a) is lambda and flange_b.tau =
 *   -lambda. tau = flange_a.tau: positive when the side on flange_a pushes
 *   the sensor forward, that is, drives the side on flange_b forward.
 *   power = flange_a.tau der(flange_a.phi): positive when power flows from
 *   flange_a's side to flange_b's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"

enum { S_FLANGE };
enum { S_A, S_B };

/* ---- Absolute sensors --------------------------------------------------- */

static void
position_variables (const SwPart *p, const SwState *s, double *out)
{
  out[0] = SW_X (p, s, S_FLANGE);
}

static void
speed_variables (const SwPart *p, const SwState *s, double *out)
{
  out[0] = SW_V (p, s, S_FLANGE);
}

static void
acc_variables (const SwPart *p, const SwState *s, double *out)
{
  out[0] = SW_A (p, s, S_FLANGE);
}

/* ---- Relative sensors --------------------------------------------------- */

static void
rel_position_variables (const SwPart *p, const SwState *s, double *out)
{
  out[0] = SW_X (p, s, S_B) - SW_X (p, s, S_A);
}

static void
rel_speed_variables (const SwPart *p, const SwState *s, double *out)
{
  out[0] = SW_V (p, s, S_B) - SW_V (p, s, S_A);
}

static void
rel_acc_variables (const SwPart *p, const SwState *s, double *out)
{
  out[0] = SW_A (p, s, S_B) - SW_A (p, s, S_A);
}

/* ---- Through sensors: torque, force, power ------------------------------ */

static void
through_build (const SwPart *p, SwBuilder *b)
{
  guint nodes[2] = { p->node[S_B], p->node[S_A] };
  double coeffs[2] = { 1, -1 };

  sw_builder_add_constraint (b, p, 2, nodes, coeffs, 0);
}

static void
torque_variables (const SwPart *p, const SwState *s, double *out)
{
  out[0] = SW_LAMBDA (p, s, 0);
}

static void
power_variables (const SwPart *p, const SwState *s, double *out)
{
  double tau = SW_LAMBDA (p, s, 0), w = SW_V (p, s, S_A);

  out[0] = tau * w;
  out[1] = tau;
  out[2] = w;
}

/* ---- Relative states --------------------------------------------------- */

/* Modelica's Components.RelativeStates: it only asks a tool to use
 * phi_rel and w_rel as states. The engine picks its own, so it exerts
 * nothing; it reads the relative motion and takes its starts. */
enum { RS_START };

static void
relative_states_build (const SwPart *p, SwBuilder *b)
{
  sw_kind_build_relative_start (p, b, S_A, S_B, RS_START);
}

static void
relative_states_variables (const SwPart *p, const SwState *s, double *out)
{
  out[0] = SW_X (p, s, S_B) - SW_X (p, s, S_A);
  out[1] = SW_V (p, s, S_B) - SW_V (p, s, S_A);
  out[2] = SW_A (p, s, S_B) - SW_A (p, s, S_A);
}

/* ---- Tables ------------------------------------------------------------- */

static const SwPortDesc rot_one_port[] = { SW_PORT ("flange", SW_ROT) };
static const SwPortDesc rot_two_ports[] = { SW_PORT ("flange_a", SW_ROT), SW_PORT ("flange_b", SW_ROT) };
static const SwPortDesc trans_one_port[] = { SW_PORT ("flange", SW_TRANS) };
static const SwPortDesc trans_two_ports[] = { SW_PORT ("flange_a", SW_TRANS), SW_PORT ("flange_b", SW_TRANS) };

static const SwVarDesc angle_vars[] = { SW_VAR ("phi", "rad", N_("Absolute rotation angle")) };
static const SwVarDesc speed_vars[] = { SW_VAR ("w", "rad/s", N_("Angular velocity")) };
static const SwVarDesc acc_vars[] = { SW_VAR ("a", "rad/s2", N_("Angular acceleration")) };
static const SwVarDesc rel_angle_vars[] = {
  SW_VAR ("phi_rel", "rad", N_("Relative angle flange_b - flange_a")),
};
static const SwVarDesc rel_speed_vars[] = {
  SW_VAR ("w_rel", "rad/s", N_("Relative angular velocity flange_b - flange_a")),
};
static const SwVarDesc rel_acc_vars[] = {
  SW_VAR ("a_rel", "rad/s2", N_("Relative angular acceleration flange_b - flange_a")),
};
static const SwVarDesc torque_vars[] = {
  SW_VAR ("tau", "N.m", N_("Torque acting on the sensor through flange_a (= -flange_b.tau)")),
};
static const SwVarDesc rot_power_vars[] = {
  SW_VAR ("power", "W", N_("Power flowing from flange_a to flange_b (tau × w)")),
  SW_VAR ("tau", "N.m", N_("Torque acting on the sensor through flange_a (= -flange_b.tau)")),
  SW_VAR ("w", "rad/s", N_("Angular velocity")),
};

static const SwVarDesc position_vars[] = { SW_VAR ("s", "m", N_("Absolute position of the flange")) };
static const SwVarDesc trans_speed_vars[] = { SW_VAR ("v", "m/s", N_("Velocity")) };
static const SwVarDesc trans_acc_vars[] = { SW_VAR ("a", "m/s2", N_("Acceleration")) };
static const SwVarDesc rel_position_vars[] = {
  SW_VAR ("s_rel", "m", N_("Relative position flange_b - flange_a")),
};
static const SwVarDesc trans_rel_speed_vars[] = {
  SW_VAR ("v_rel", "m/s", N_("Relative velocity flange_b - flange_a")),
};
static const SwVarDesc trans_rel_acc_vars[] = {
  SW_VAR ("a_rel", "m/s2", N_("Relative acceleration flange_b - flange_a")),
};
static const SwVarDesc force_vars[] = {
  SW_VAR ("f", "N", N_("Force acting on the sensor through flange_a (= -flange_b.f)")),
};
static const SwVarDesc trans_power_vars[] = {
  SW_VAR ("power", "W", N_("Power flowing from flange_a to flange_b (f × v)")),
  SW_VAR ("f", "N", N_("Force acting on the sensor through flange_a (= -flange_b.f)")),
  SW_VAR ("v", "m/s", N_("Velocity")),
};

#define SENSOR(sym, kname, klabel, khelp, kports, kvars, kmain, kbuild, kvariables, kstate) \
  const SwKind sym = { \
    .name = kname, .label = klabel, .group = "Sensors", .help = khelp, \
    .ports = SW_TABLE (kports), .vars = SW_TABLE (kvars), .main_var = kmain, \
    .build = kbuild, .variables = kvariables, .state_vars = kstate, \
  }

SENSOR (sw_kind_rot_angle_sensor, "rotational.angle_sensor", N_("Angle sensor"),
        N_("Ideal sensor: the absolute angle phi of its flange (positive in the axis's sense of rotation); it "
           "takes no torque"),
        rot_one_port, angle_vars, NULL, NULL, position_variables, SW_BIT (0));
SENSOR (sw_kind_rot_speed_sensor, "rotational.speed_sensor", N_("Speed sensor"),
        N_("Ideal sensor: the angular velocity w = der(phi) of its flange (positive in the axis's sense of "
           "rotation); it takes no torque"),
        rot_one_port, speed_vars, NULL, NULL, speed_variables, SW_BIT (0));
SENSOR (sw_kind_rot_acc_sensor, "rotational.acc_sensor", N_("Acceleration sensor"),
        N_("Ideal sensor: the angular acceleration a = der(w) of its flange (positive in the axis's sense of "
           "rotation); it takes no torque"),
        rot_one_port, acc_vars, NULL, NULL, acc_variables, 0);
SENSOR (sw_kind_rot_rel_angle_sensor, "rotational.rel_angle_sensor", N_("Relative angle sensor"),
        N_("Ideal sensor: the relative angle phi_rel = flange_b.phi - flange_a.phi; it takes no torque, and "
           "both flanges must be connected"),
        rot_two_ports, rel_angle_vars, NULL, NULL, rel_position_variables, SW_BIT (0));
SENSOR (sw_kind_rot_rel_speed_sensor, "rotational.rel_speed_sensor", N_("Relative speed sensor"),
        N_("Ideal sensor: the relative angular velocity w_rel = der(phi_rel), flange_b's speed minus "
           "flange_a's; it takes no torque, and both flanges must be connected"),
        rot_two_ports, rel_speed_vars, NULL, NULL, rel_speed_variables, SW_BIT (0));
SENSOR (sw_kind_rot_rel_acc_sensor, "rotational.rel_acc_sensor", N_("Relative acceleration sensor"),
        N_("Ideal sensor: the relative angular acceleration a_rel = der(w_rel), flange_b's minus flange_a's; "
           "it takes no torque, and both flanges must be connected"),
        rot_two_ports, rel_acc_vars, NULL, NULL, rel_acc_variables, 0);
SENSOR (sw_kind_rot_torque_sensor, "rotational.torque_sensor", N_("Torque sensor"),
        N_("Ideal sensor that connects its flanges rigidly: tau = flange_a.tau, the torque passed from "
           "flange_a to flange_b, positive when the side on flange_a drives the side on flange_b forward"),
        rot_two_ports, torque_vars, NULL, through_build, torque_variables, 0);
SENSOR (sw_kind_rot_power_sensor, "rotational.power_sensor", N_("Power sensor"),
        N_("Ideal sensor that connects its flanges rigidly: power = flange_a.tau × w, the power flowing "
           "from the side on flange_a to the side on flange_b"),
        rot_two_ports, rot_power_vars, "power", through_build, power_variables, SW_BIT (2));

SENSOR (sw_kind_trans_position_sensor, "translational.position_sensor", N_("Position sensor"),
        N_("Ideal sensor: the absolute position s of its flange, positive along the axis; it takes no force"),
        trans_one_port, position_vars, NULL, NULL, position_variables, SW_BIT (0));
SENSOR (sw_kind_trans_speed_sensor, "translational.speed_sensor", N_("Speed sensor"),
        N_("Ideal sensor: the velocity v = der(s) of its flange, positive along the axis; it takes no force"),
        trans_one_port, trans_speed_vars, NULL, NULL, speed_variables, SW_BIT (0));
SENSOR (sw_kind_trans_acc_sensor, "translational.acc_sensor", N_("Acceleration sensor"),
        N_("Ideal sensor: the acceleration a = der(v) of its flange, positive along the axis; it takes no "
           "force"),
        trans_one_port, trans_acc_vars, NULL, NULL, acc_variables, 0);
SENSOR (sw_kind_trans_rel_position_sensor, "translational.rel_position_sensor", N_("Relative position sensor"),
        N_("Ideal sensor: the relative position s_rel = flange_b.s - flange_a.s; it takes no force, and both "
           "flanges must be connected"),
        trans_two_ports, rel_position_vars, NULL, NULL, rel_position_variables, SW_BIT (0));
SENSOR (sw_kind_trans_rel_speed_sensor, "translational.rel_speed_sensor", N_("Relative speed sensor"),
        N_("Ideal sensor: the relative velocity v_rel = der(s_rel), flange_b's velocity minus flange_a's; it "
           "takes no force, and both flanges must be connected"),
        trans_two_ports, trans_rel_speed_vars, NULL, NULL, rel_speed_variables, SW_BIT (0));
SENSOR (sw_kind_trans_rel_acc_sensor, "translational.rel_acc_sensor", N_("Relative acceleration sensor"),
        N_("Ideal sensor: the relative acceleration a_rel = der(v_rel), flange_b's minus flange_a's; it takes "
           "no force, and both flanges must be connected"),
        trans_two_ports, trans_rel_acc_vars, NULL, NULL, rel_acc_variables, 0);
SENSOR (sw_kind_trans_force_sensor, "translational.force_sensor", N_("Force sensor"),
        N_("Ideal sensor that connects its flanges rigidly: f = flange_a.f, the force passed from flange_a to "
           "flange_b, positive when the side on flange_a pushes the side on flange_b forward"),
        trans_two_ports, force_vars, NULL, through_build, torque_variables, 0);
SENSOR (sw_kind_trans_power_sensor, "translational.power_sensor", N_("Power sensor"),
        N_("Ideal sensor that connects its flanges rigidly: power = flange_a.f × v, the power flowing from "
           "the side on flange_a to the side on flange_b"),
        trans_two_ports, trans_power_vars, "power", through_build, power_variables, SW_BIT (2));
SENSOR (sw_kind_rot_multi_sensor, "rotational.multi_sensor", N_("Multi sensor"),
        N_("Ideal sensor that connects its flanges rigidly: tau = flange_a.tau, w, and power = tau × w flowing "
           "from the side on flange_a to the side on flange_b (Modelica's MultiSensor)"),
        rot_two_ports, rot_power_vars, "power", through_build, power_variables, SW_BIT (2));
SENSOR (sw_kind_trans_multi_sensor, "translational.multi_sensor", N_("Multi sensor"),
        N_("Ideal sensor that connects its flanges rigidly: f = flange_a.f, v, and power = f × v flowing from "
           "the side on flange_a to the side on flange_b (Modelica's MultiSensor)"),
        trans_two_ports, trans_power_vars, "power", through_build, power_variables, SW_BIT (2));

static const SwParamDesc rot_relative_states_params[] = { SW_REL_START_ROT };
static const SwParamDesc trans_relative_states_params[] = { SW_REL_START_TRANS };
static const SwVarDesc rot_relative_states_vars[] = {
  SW_VAR ("phi_rel", "rad", N_("Relative angle flange_b - flange_a")),
  SW_VAR ("w_rel", "rad/s", N_("Relative angular velocity")),
  SW_VAR ("a_rel", "rad/s2", N_("Relative angular acceleration")),
};
static const SwVarDesc trans_relative_states_vars[] = {
  SW_VAR ("s_rel", "m", N_("Relative position flange_b - flange_a")),
  SW_VAR ("v_rel", "m/s", N_("Relative velocity")),
  SW_VAR ("a_rel", "m/s2", N_("Relative acceleration")),
};

const SwKind sw_kind_rot_relative_states = {
  .name = "rotational.relative_states", .label = N_("Relative states"), .group = "Sensors",
  .help = N_("Modelica's RelativeStates: exerts nothing; its relative angle and speed take start values "
             "(phi_rel_start, w_rel_start); both flanges must be connected"),
  .ports = SW_TABLE (rot_two_ports), .params = SW_TABLE (rot_relative_states_params),
  .vars = SW_TABLE (rot_relative_states_vars), .build = relative_states_build,
  .variables = relative_states_variables, .state_vars = SW_BIT (0) | SW_BIT (1),
};

const SwKind sw_kind_trans_relative_states = {
  .name = "translational.relative_states", .label = N_("Relative states"), .group = "Sensors",
  .help = N_("Modelica's RelativeStates: exerts nothing; its relative position and speed take start values "
             "(s_rel_start, v_rel_start); both flanges must be connected"),
  .ports = SW_TABLE (trans_two_ports), .params = SW_TABLE (trans_relative_states_params),
  .vars = SW_TABLE (trans_relative_states_vars), .build = relative_states_build,
  .variables = relative_states_variables, .state_vars = SW_BIT (0) | SW_BIT (1),
};
