/* sw-kinds-vehicle.c: Modelica's Translational.Components.Vehicle, a
 * simple ground vehicle as one part.
 *
 * The drive train's inertia J on flangeR rolls the vehicle's mass m on
 * flangeT through wheels of radius R (flangeT.s = R flangeR.phi, as
 * IdealRollingWheel), and three driving resistances act on the mass, as
 * the MSL builds them from its sources:
 * - drag, Cd A rho (v - vWind) |v - vWind| / 2 against the motion
 *   through the air (a quadratic speed dependent force whose support
 *   moves with the wind);
 * - rolling resistance, Cr m g cos (alpha) against the motion, linear
 *   within |v| < vReg (the MSL's Linear regularisation);
 * - inclination, m g sin (alpha) downhill, alpha = atan (inclination).
 * Wind, Cr and inclination are signals: the MSL's constants
 * (vWindConstant, CrConstant, inclinationConstant) or its inputs (vWind,
 * cr, inclination with useWindInput, useCrInput, useInclinationInput).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"

enum { V_R, V_T };
enum { P_M, P_G, P_J, P_RADIUS, P_A, P_CD, P_RHO, P_WIND, P_CR, P_VREG, P_INCLINATION, P_S0, P_V0 };

/* The three resistances at speed v, each as the force it exerts on the
 * vehicle (negative against forward motion). */
static void
resistances (const SwPart *p, const SwState *s, double v, double *drag, double *roll, double *grav)
{
  double alpha = atan (sw_part_signal (p, P_INCLINATION, s, NULL, NULL)), weight = p->param[P_M] * p->param[P_G];
  double v_air = v - sw_part_signal (p, P_WIND, s, NULL, NULL), v_reg = p->param[P_VREG];
  double cr = sw_part_signal (p, P_CR, s, NULL, NULL);

  *drag = -0.5 * p->param[P_CD] * p->param[P_A] * p->param[P_RHO] * v_air * fabs (v_air);
  *roll = -cr * weight * cos (alpha) * (fabs (v) >= v_reg ? (v > 0 ? 1 : -1) : v / v_reg);
  *grav = -weight * sin (alpha);
}

static void
vehicle_build (const SwPart *p, SwBuilder *b)
{
  guint nodes[2] = { p->node[V_R], p->node[V_T] };
  double coeffs[2] = { p->param[P_RADIUS], -1 };

  sw_builder_add_constraint (b, p, 2, nodes, coeffs, 0);
  sw_builder_add_mass (b, p, p->node[V_R], p->param[P_J]);
  sw_builder_add_mass (b, p, p->node[V_T], p->param[P_M]);
  sw_builder_set_initial_named (b, p, p->node[V_T], p->param[P_S0], p->param[P_V0], "s0", "v0");
}

static void
vehicle_forces (const SwPart *p, const SwState *s, double *f)
{
  double drag, roll, grav;

  resistances (p, s, SW_V (p, s, V_T), &drag, &roll, &grav);
  f[p->node[V_T]] += drag + roll + grav;
}

static void
vehicle_variables (const SwPart *p, const SwState *s, double *out)
{
  double v = SW_V (p, s, V_T);

  out[0] = SW_X (p, s, V_T);
  out[1] = v;
  out[2] = SW_A (p, s, V_T);
  out[3] = SW_V (p, s, V_R);
  resistances (p, s, v, &out[4], &out[5], &out[6]);
}

static const SwPortDesc vehicle_ports[] = { SW_PORT ("flangeR", SW_ROT), SW_PORT ("flangeT", SW_TRANS) };
static const SwParamDesc vehicle_params[] = {
  { "m", N_("Mass"), "kg", SW_PARAM_REAL, NAN, 0, INFINITY, TRUE, N_("Total mass of the vehicle") },
  SW_POSITIVE ("g", N_("Gravity"), "m/s2", 9.80665, N_("Constant gravity acceleration")),
  { "J", N_("Drive train inertia"), "kg.m2", SW_PARAM_REAL, NAN, 0, INFINITY, FALSE,
    N_("Total rotational inertia of the drive train, on flangeR") },
  { "R", N_("Wheel radius"), "m", SW_PARAM_REAL, NAN, 0, INFINITY, TRUE, N_("flangeT.s = R flangeR.phi") },
  SW_NONNEG ("A", N_("Cross section"), "m2", 1, N_("Cross section of the vehicle (drag)")),
  SW_NONNEG ("Cd", N_("Drag coefficient"), "", 0.5, N_("Drag resistance coefficient")),
  SW_NONNEG ("rho", N_("Air density"), "kg/m3", 1.2, N_("Density of the air")),
  SW_SIGNAL ("vWind", N_("Wind speed"), "m/s", N_("Wind velocity in the direction of flangeT")),
  { "cr", N_("Rolling resistance coefficient"), "", SW_PARAM_SIGNAL, 0.015, 0, INFINITY, FALSE,
    N_("Rolling resistance = Cr m g cos(alpha)"), NULL },
  SW_POSITIVE ("vReg", N_("Regularisation speed"), "m/s", 1e-3,
               N_("The rolling resistance is linear in the speed within ±vReg")),
  SW_SIGNAL ("inclination", N_("Inclination"), "",
             N_("tan(alpha) of the road: 0.1 rises 10 m over 100 m (uphill when driving forward)")),
  SW_INITIAL ("s0", N_("Initial position"), "m", N_("Absent: follows from rigid connections, else 0")),
  SW_INITIAL ("v0", N_("Initial speed"), "m/s", N_("Absent: follows from rigid connections, else 0")),
};
static const SwVarDesc vehicle_vars[] = {
  SW_VAR ("s", "m", N_("Position of the vehicle")),
  SW_VAR ("v", "m/s", N_("Velocity of the vehicle")),
  SW_VAR ("a", "m/s2", N_("Acceleration of the vehicle")),
  SW_VAR ("w", "rad/s", N_("Speed of the drive train (flangeR)")),
  SW_VAR ("fDrag", "N", N_("Drag on the vehicle (negative against forward motion)")),
  SW_VAR ("fRoll", "N", N_("Rolling resistance on the vehicle (negative against forward motion)")),
  SW_VAR ("fGrav", "N", N_("Inclination resistance on the vehicle (negative uphill)")),
};

const SwKind sw_kind_trans_vehicle = {
  .name = "translational.vehicle", .label = N_("Vehicle"), .group = "Translational",
  .help = N_("Simple vehicle (Modelica's Vehicle): mass, drive train inertia on flangeR rolling it through "
             "wheels of radius R, drag, rolling and inclination resistance"),
  .ports = SW_TABLE (vehicle_ports), .params = SW_TABLE (vehicle_params), .vars = SW_TABLE (vehicle_vars),
  .key_param = "m", .main_var = "v",
  .build = vehicle_build, .forces = vehicle_forces, .variables = vehicle_variables,
  .force_flags = SW_FORCE_DAMPING | SW_FORCE_TIME, .state_vars = SW_BIT (0) | SW_BIT (1) | SW_BIT (3),
};
