/* sw-kinds-engines.c: Twin Builder's engines and loads: the fan and the
 * engine speed source (seed-000 §3.2-§3.3), with the manual's parameter and
 * output names.
 *
 * Both act between their shaft and a support (grounded when it is not
 * connected), as the sources do.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"

enum { E_ROT, E_SUPPORT };

#define RPM_PER_RAD_S (60 / (2 * G_PI))

static double
rel_speed (const SwPart *p, const SwState *s)
{
  return SW_V (p, s, E_ROT) - SW_V (p, s, E_SUPPORT);
}

/* ---- Fan ---------------------------------------------------------------- */

enum { FAN_WINDAGE, FAN_CF };

/* Load torque cf w + windage w |w|: the manual prints windage w^2, which
 * would drive the shaft turning backwards; w |w| always opposes the motion
 * (digest §3.3). */
static double
fan_torque (const SwPart *p, const SwState *s)
{
  double w = rel_speed (p, s);

  return p->param[FAN_CF] * w + p->param[FAN_WINDAGE] * w * fabs (w);
}

static void
fan_forces (const SwPart *p, const SwState *s, double *f)
{
  double tau = fan_torque (p, s);

  f[p->node[E_ROT]] -= tau;
  f[p->node[E_SUPPORT]] += tau;
}

static void
fan_variables (const SwPart *p, const SwState *s, double *out)
{
  double w = rel_speed (p, s), tau = fan_torque (p, s);

  out[0] = w * RPM_PER_RAD_S;
  out[1] = w;
  out[2] = tau;
  out[3] = tau * w;
}

static const SwPortDesc rot_ports[] = { SW_PORT ("rot1", SW_ROT), SW_SUPPORT ("support", SW_ROT) };

static const SwParamDesc fan_params[] = {
  SW_NONNEG ("windage", N_("Windage coefficient"), "N.m.s2/rad2", 0.1,
             N_("Load torque = cf × omega + windage × omega × |omega|")),
  SW_NONNEG ("cf", N_("Friction coefficient"), "N.m.s/rad", 0, N_("Load torque proportional to the speed")),
};

static const SwVarDesc fan_vars[] = {
  SW_VAR ("n", "rpm", N_("Speed")),
  SW_VAR ("OMEGA", "rad/s", N_("Angular velocity")),
  SW_VAR ("TORQUE", "N.m", N_("Load torque, against the motion")),
  SW_VAR ("lossPower", "W", N_("Power the fan takes from the shaft (never negative)")),
};

const SwKind sw_kind_rot_fan = {
  .name = "rotational.fan", .label = N_("Fan"), .group = "Engines and loads",
  .help = N_("Twin Builder's fan: a load torque cf × omega + windage × omega × |omega| (the manual's omega² "
             "taken with the sign of the speed, so that it always brakes)"),
  .ports = SW_TABLE (rot_ports), .params = SW_TABLE (fan_params), .vars = SW_TABLE (fan_vars),
  .key_param = "windage", .main_var = "TORQUE",
  .forces = fan_forces, .force_flags = SW_FORCE_DAMPING, .variables = fan_variables,
  .state_vars = SW_BIT (4) - 1,
};

/* ---- Engine speed source ------------------------------------------------ */

enum { ES_N };

/* The crankshaft turns at n rpm exactly; the torque it takes is the
 * engine's. */
static void
engine_speed_build (const SwPart *p, SwBuilder *b)
{
  g_autoptr (SwSignal) omega = sw_signal_new_constant (p->param[ES_N] / RPM_PER_RAD_S);

  sw_builder_add_motion (b, p, p->node[E_ROT], p->node[E_SUPPORT], SW_MOTION_SPEED, omega);
}

static void
engine_speed_variables (const SwPart *p, const SwState *s, double *out)
{
  double w = rel_speed (p, s), torque = SW_LAMBDA (p, s, 0);

  out[0] = torque;
  out[1] = w * RPM_PER_RAD_S;
  out[2] = w;
  out[3] = torque * w;
}

static const SwPortDesc engine_ports[] = { SW_PORT ("rot", SW_ROT), SW_SUPPORT ("support", SW_ROT) };

static const SwParamDesc engine_speed_params[] = {
  SW_REAL ("n", N_("Speed"), "rpm", 1000, -1e6, 1e6, N_("Crankshaft speed, held exactly")),
};

static const SwVarDesc engine_speed_vars[] = {
  SW_VAR ("torque", "N.m", N_("Engine torque: what the load takes")),
  SW_VAR ("n", "rpm", N_("Speed")),
  SW_VAR ("omega", "rad/s", N_("Angular velocity")),
  SW_VAR ("power", "W", N_("Power delivered to the shaft")),
};

const SwKind sw_kind_rot_engine_speed = {
  .name = "rotational.engine_speed", .label = N_("Engine speed source"), .group = "Engines and loads",
  .help = N_("Twin Builder's engine speed source: the crankshaft turns at n rpm whatever the load, and the "
             "engine torque is what the load takes (valid for a load within the engine's range)"),
  .ports = SW_TABLE (engine_ports), .params = SW_TABLE (engine_speed_params), .vars = SW_TABLE (engine_speed_vars),
  .key_param = "n", .main_var = "torque",
  .build = engine_speed_build, .variables = engine_speed_variables,
  .state_vars = SW_BIT (1) | SW_BIT (2),
};
