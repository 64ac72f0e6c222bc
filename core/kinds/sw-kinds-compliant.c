/* sw-kinds-compliant.c: springs and dampers between two flanges.
 *
 * Modelica PartialCompliant: x_rel = x_b - x_a, the element pulls flange_b
 * back with tau (flange_b.tau = tau, flange_a.tau = -tau). Rotational and
 * translational kinds share the equations and differ only in their tables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"

enum { C_A, C_B };

static inline void
apply (const SwPart *p, double tau, double *f)
{
  f[p->node[C_A]] += tau;
  f[p->node[C_B]] -= tau;
}

/* Spring: c, x_rel0. */
static double
spring_tau (const SwPart *p, const SwState *s)
{
  return p->param[0] * (SW_X (p, s, C_B) - SW_X (p, s, C_A) - p->param[1]);
}

static void
spring_forces (const SwPart *p, const SwState *s, double *f)
{
  apply (p, spring_tau (p, s), f);
}

static void
spring_variables (const SwPart *p, const SwState *s, double *out)
{
  double rel = SW_X (p, s, C_B) - SW_X (p, s, C_A);
  double w_rel = SW_V (p, s, C_B) - SW_V (p, s, C_A);
  double tau = spring_tau (p, s);

  out[0] = rel;
  out[1] = w_rel;
  out[2] = tau;
  out[3] = 0.5 * p->param[0] * (rel - p->param[1]) * (rel - p->param[1]);
  out[4] = tau * w_rel;     /* all of it goes into the stored energy */
  out[5] = 0;
}

/* Damper: d. */
static void
damper_forces (const SwPart *p, const SwState *s, double *f)
{
  apply (p, p->param[0] * (SW_V (p, s, C_B) - SW_V (p, s, C_A)), f);
}

static void
damper_variables (const SwPart *p, const SwState *s, double *out)
{
  double w_rel = SW_V (p, s, C_B) - SW_V (p, s, C_A);

  out[0] = SW_X (p, s, C_B) - SW_X (p, s, C_A);
  out[1] = w_rel;
  out[2] = p->param[0] * w_rel;
  out[3] = p->param[0] * w_rel * w_rel;   /* in, all of it dissipated */
  out[4] = out[3];
}

/* SpringDamper: c, d, x_rel0. */
static void
spring_damper_forces (const SwPart *p, const SwState *s, double *f)
{
  double rel = SW_X (p, s, C_B) - SW_X (p, s, C_A) - p->param[2];
  double w_rel = SW_V (p, s, C_B) - SW_V (p, s, C_A);

  apply (p, p->param[0] * rel + p->param[1] * w_rel, f);
}

static void
spring_damper_variables (const SwPart *p, const SwState *s, double *out)
{
  double rel = SW_X (p, s, C_B) - SW_X (p, s, C_A);
  double w_rel = SW_V (p, s, C_B) - SW_V (p, s, C_A);
  double stretch = rel - p->param[2];

  out[0] = rel;
  out[1] = w_rel;
  out[2] = p->param[0] * stretch + p->param[1] * w_rel;
  out[3] = 0.5 * p->param[0] * stretch * stretch;
  out[4] = out[2] * w_rel;                /* in through the flanges */
  out[5] = p->param[1] * w_rel * w_rel;   /* dissipated by the damper */
}

/* Modelica's phi_rel, w_rel and a_rel (start, fixed = true): the element's
 * last three parameters, initial values of the relative motion. */
static void
compliant_build (const SwPart *p, SwBuilder *b)
{
  sw_kind_build_relative_start (p, b, C_A, C_B, p->kind->n_params - 3);
}

static const SwPortDesc rot_ports[] = { SW_PORT ("flange_a", SW_ROT), SW_PORT ("flange_b", SW_ROT) };
static const SwPortDesc trans_ports[] = { SW_PORT ("flange_a", SW_TRANS), SW_PORT ("flange_b", SW_TRANS) };

#define ROT_C     SW_NONNEG ("c", N_("Spring constant"), "N.m/rad", 1e5, N_("Torsional stiffness"))
#define ROT_D     SW_NONNEG ("d", N_("Damping constant"), "N.m.s/rad", 0, N_("Torsional damping"))
#define ROT_REL0  SW_ANY ("phi_rel0", N_("Unstretched angle"), "rad", 0, N_("Relative angle at which the spring torque is zero"))
#define TRANS_C   SW_NONNEG ("c", N_("Spring constant"), "N/m", 1, N_("Stiffness"))
#define TRANS_D   SW_NONNEG ("d", N_("Damping constant"), "N.s/m", 1, N_("Damping"))
#define TRANS_REL0 SW_ANY ("s_rel0", N_("Unstretched length"), "m", 0, N_("Relative position at which the spring force is zero"))
#define ROT_START SW_REL_START_ROT
#define TRANS_START SW_REL_START_TRANS

static const SwParamDesc rot_spring_params[] = { ROT_C, ROT_REL0, ROT_START };
static const SwParamDesc rot_damper_params[] = {
  SW_NONNEG ("d", N_("Damping constant"), "N.m.s/rad", 0, N_("Torsional damping")), ROT_START,
};
static const SwParamDesc rot_spring_damper_params[] = { ROT_C, ROT_D, ROT_REL0, ROT_START };
static const SwParamDesc trans_spring_params[] = { TRANS_C, TRANS_REL0, TRANS_START };
static const SwParamDesc trans_damper_params[] = {
  SW_NONNEG ("d", N_("Damping constant"), "N.s/m", 0, N_("Damping")), TRANS_START,
};
static const SwParamDesc trans_spring_damper_params[] = { TRANS_C, TRANS_D, TRANS_REL0, TRANS_START };

static const SwVarDesc rot_spring_vars[] = {
  SW_VAR ("phi_rel", "rad", N_("Relative angle flange_b - flange_a")),
  SW_VAR ("w_rel", "rad/s", N_("Relative angular velocity")),
  SW_VAR ("tau", "N.m", N_("Torque through the element (flange_b.tau)")),
  SW_VAR ("energy", "J", N_("Potential energy stored in the spring")),
  SW_VAR ("power", "W", N_("Power going in through the flanges (tau w_rel)")),
  SW_VAR ("lossPower", "W", N_("Power dissipated as heat (never negative)")),
};
static const SwVarDesc rot_damper_vars[] = {
  SW_VAR ("phi_rel", "rad", N_("Relative angle flange_b - flange_a")),
  SW_VAR ("w_rel", "rad/s", N_("Relative angular velocity")),
  SW_VAR ("tau", "N.m", N_("Torque through the element (flange_b.tau)")),
  SW_VAR ("power", "W", N_("Power going in through the flanges (tau w_rel)")),
  SW_VAR ("lossPower", "W", N_("Power dissipated as heat (never negative)")),
};
static const SwVarDesc rot_spring_damper_vars[] = {
  SW_VAR ("phi_rel", "rad", N_("Relative angle flange_b - flange_a")),
  SW_VAR ("w_rel", "rad/s", N_("Relative angular velocity")),
  SW_VAR ("tau", "N.m", N_("Torque through the element (flange_b.tau)")),
  SW_VAR ("energy", "J", N_("Potential energy stored in the spring")),
  SW_VAR ("power", "W", N_("Power going in through the flanges (tau w_rel)")),
  SW_VAR ("lossPower", "W", N_("Power dissipated as heat (never negative)")),
};
static const SwVarDesc trans_spring_vars[] = {
  SW_VAR ("s_rel", "m", N_("Relative position flange_b - flange_a")),
  SW_VAR ("v_rel", "m/s", N_("Relative velocity")),
  SW_VAR ("f", "N", N_("Force through the element (flange_b.f)")),
  SW_VAR ("energy", "J", N_("Potential energy stored in the spring")),
  SW_VAR ("power", "W", N_("Power going in through the flanges (tau w_rel)")),
  SW_VAR ("lossPower", "W", N_("Power dissipated as heat (never negative)")),
};
static const SwVarDesc trans_damper_vars[] = {
  SW_VAR ("s_rel", "m", N_("Relative position flange_b - flange_a")),
  SW_VAR ("v_rel", "m/s", N_("Relative velocity")),
  SW_VAR ("f", "N", N_("Force through the element (flange_b.f)")),
  SW_VAR ("power", "W", N_("Power going in through the flanges (tau w_rel)")),
  SW_VAR ("lossPower", "W", N_("Power dissipated as heat (never negative)")),
};
static const SwVarDesc trans_spring_damper_vars[] = {
  SW_VAR ("s_rel", "m", N_("Relative position flange_b - flange_a")),
  SW_VAR ("v_rel", "m/s", N_("Relative velocity")),
  SW_VAR ("f", "N", N_("Force through the element (flange_b.f)")),
  SW_VAR ("energy", "J", N_("Potential energy stored in the spring")),
  SW_VAR ("power", "W", N_("Power going in through the flanges (tau w_rel)")),
  SW_VAR ("lossPower", "W", N_("Power dissipated as heat (never negative)")),
};

#define COMPLIANT(sym, kname, klabel, kgroup, khelp, kports, kparams, kvars, kkey, kmain, kforces, kvariables, \
                  kflags, kc, kd, krel0, kplaced) \
  const SwKind sym = { \
    .name = kname, .label = klabel, .group = kgroup, .help = khelp, \
    .ports = SW_TABLE (kports), .params = SW_TABLE (kparams), .vars = SW_TABLE (kvars), \
    .key_param = kkey, .main_var = kmain, .build = compliant_build, .forces = kforces, .force_flags = kflags, \
    .variables = kvariables, \
    .linear = { TRUE, kc, kd, krel0 }, .state_vars = SW_BIT (G_N_ELEMENTS (kvars)) - 1, .placed = kplaced, \
  }

/* Placed from the palette, a damper damps (Modelica's d = 0 does nothing):
 * 10 N.m.s/rad, a time constant of 0.1 s on the default 1 kg.m2 inertia;
 * 1 N.s/m on the default 1 kg mass. */
static const SwParamValue placed_rot_damper[] = { { "d", 10 }, { NULL, 0 } };
static const SwParamValue placed_trans_damper[] = { { "d", 1 }, { NULL, 0 } };

COMPLIANT (sw_kind_rot_spring, "rotational.spring", N_("Spring"), "Rotational",
           N_("Linear torsional spring"), rot_ports, rot_spring_params, rot_spring_vars, "c", "tau",
           spring_forces, spring_variables, SW_FORCE_STIFFNESS, 0, -1, 1, NULL);
COMPLIANT (sw_kind_rot_damper, "rotational.damper", N_("Damper"), "Rotational",
           N_("Linear torsional damper"), rot_ports, rot_damper_params, rot_damper_vars, "d", "tau",
           damper_forces, damper_variables, SW_FORCE_DAMPING, -1, 0, -1, placed_rot_damper);
COMPLIANT (sw_kind_rot_spring_damper, "rotational.spring_damper", N_("Spring-damper"), "Rotational",
           N_("Linear torsional spring and damper in parallel"), rot_ports, rot_spring_damper_params,
           rot_spring_damper_vars, "c", "tau", spring_damper_forces, spring_damper_variables,
           SW_FORCE_STIFFNESS | SW_FORCE_DAMPING, 0, 1, 2, NULL);
COMPLIANT (sw_kind_trans_spring, "translational.spring", N_("Spring"), "Translational",
           N_("Linear translational spring"), trans_ports, trans_spring_params, trans_spring_vars, "c", "f",
           spring_forces, spring_variables, SW_FORCE_STIFFNESS, 0, -1, 1, NULL);
COMPLIANT (sw_kind_trans_damper, "translational.damper", N_("Damper"), "Translational",
           N_("Linear translational damper"), trans_ports, trans_damper_params, trans_damper_vars, "d", "f",
           damper_forces, damper_variables, SW_FORCE_DAMPING, -1, 0, -1, placed_trans_damper);
COMPLIANT (sw_kind_trans_spring_damper, "translational.spring_damper", N_("Spring-damper"), "Translational",
           N_("Linear translational spring and damper in parallel"), trans_ports, trans_spring_damper_params,
           trans_spring_damper_vars, "c", "f", spring_damper_forces, spring_damper_variables,
           SW_FORCE_STIFFNESS | SW_FORCE_DAMPING, 0, 1, 2, NULL);

/* Shaft element: a spring with its polar mass moment distributed along it,
 * as the consistent finite-element mass matrix (J/6) [[2, 1], [1, 2]]. */
enum { SHAFT_C, SHAFT_J };

static void
shaft_build (const SwPart *p, SwBuilder *b)
{
  double J = p->param[SHAFT_J];

  if (J > 0)
    sw_builder_add_mass_matrix (b, p, p->node[C_A], p->node[C_B], J / 3, J / 6, J / 3);
  compliant_build (p, b);
}

static double
shaft_tau (const SwPart *p, const SwState *s)
{
  return p->param[SHAFT_C] * (SW_X (p, s, C_B) - SW_X (p, s, C_A));
}

static void
shaft_forces (const SwPart *p, const SwState *s, double *f)
{
  apply (p, shaft_tau (p, s), f);
}

static void
shaft_variables (const SwPart *p, const SwState *s, double *out)
{
  double rel = SW_X (p, s, C_B) - SW_X (p, s, C_A);
  double w_rel = SW_V (p, s, C_B) - SW_V (p, s, C_A);
  double wa = SW_V (p, s, C_A), wb = SW_V (p, s, C_B), J = p->param[SHAFT_J];

  out[0] = rel;
  out[1] = w_rel;
  out[2] = shaft_tau (p, s);
  out[3] = 0.5 * p->param[SHAFT_C] * rel * rel;
  out[4] = J / 6 * (wa * wa + wa * wb + wb * wb);     /* 1/2 w^T M w */
  out[5] = out[2] * w_rel;
  out[6] = 0;
}

static const SwParamDesc shaft_params[] = {
  SW_NONNEG ("c", N_("Torsional stiffness"), "N.m/rad", 1e5, N_("G Ip / L of the shaft")),
  SW_NONNEG ("J", N_("Polar mass moment"), "kg.m2", 0,
             N_("Of the whole shaft, distributed along it (consistent mass); 0: a massless spring")),
  ROT_START,
};
static const SwVarDesc shaft_vars[] = {
  SW_VAR ("phi_rel", "rad", N_("Twist flange_b - flange_a")),
  SW_VAR ("w_rel", "rad/s", N_("Relative angular velocity")),
  SW_VAR ("tau", "N.m", N_("Torque through the shaft (flange_b.tau)")),
  SW_VAR ("energy", "J", N_("Potential energy of the twist")),
  SW_VAR ("kinetic_energy", "J", N_("Kinetic energy of the shaft's own rotation")),
  SW_VAR ("power", "W", N_("Power going in through the flanges: the potential energy's rate")),
  SW_VAR ("lossPower", "W", N_("Power dissipated as heat (never negative)")),
};

const SwKind sw_kind_rot_shaft = {
  .name = "rotational.shaft", .label = N_("Shaft"), .group = "Rotational",
  .help = N_("Elastic shaft with distributed inertia (one finite element)"),
  .ports = SW_TABLE (rot_ports), .params = SW_TABLE (shaft_params), .vars = SW_TABLE (shaft_vars),
  .state_vars = SW_BIT (0) | SW_BIT (1) | SW_BIT (3) | SW_BIT (4),
  .key_param = "c", .main_var = "tau", .build = shaft_build, .forces = shaft_forces, .force_flags = SW_FORCE_STIFFNESS,
  .linear = { TRUE, SHAFT_C, -1, -1 }, .variables = shaft_variables,
};
