/* sw-kinds-dampers.c: torsional vibration dampers fitted to a hub.
 *
 * Each has one flange (the hub it is fitted to) and a seismic inertia J of
 * its own, the part's internal node, coupled to the hub:
 *   viscous (Houdaille) damper: tau = d (w_ring - w_hub), a ring in a
 *     housing filled with a viscous fluid (the housing's inertia belongs to
 *     the hub: give it as an inertia there);
 *   tuned absorber: tau = c (phi_abs - phi_hub) + d (w_abs - w_hub).
 * tau acts on the hub (+) and the seismic inertia (-), as a compliant
 * element from flange_a = hub to flange_b = the inertia. The inertia starts
 * with the hub unless phi_rel_start or w_rel_start say otherwise.
 * sw-forced.h tunes them (Den Hartog's optimum for the absorber, the
 * optimum damping of the viscous damper).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"

enum { D_HUB, D_MASS };
enum { VD_J, VD_D, VD_START };
enum { TA_J, TA_C, TA_D, TA_START };

static void
apply (const SwPart *p, double tau, double *f)
{
  f[p->node[D_HUB]] += tau;
  f[p->node[D_MASS]] -= tau;
}

/* The seismic inertia's mass, and its start with the hub unless given. */
static void
build_seismic (const SwPart *p, SwBuilder *b, guint j, guint first)
{
  double x = p->param[first], v = p->param[first + 1];

  sw_builder_add_mass (b, p, p->node[D_MASS], p->param[j]);
  sw_builder_set_initial_relative (b, p, p->node[D_HUB], p->node[D_MASS], isnan (x) ? 0 : x, isnan (v) ? 0 : v,
                                   p->kind->params[first].name, p->kind->params[first + 1].name);
}

static void
viscous_build (const SwPart *p, SwBuilder *b)
{
  build_seismic (p, b, VD_J, VD_START);
}

static void
viscous_forces (const SwPart *p, const SwState *s, double *f)
{
  apply (p, p->param[VD_D] * (SW_V (p, s, D_MASS) - SW_V (p, s, D_HUB)), f);
}

static void
viscous_variables (const SwPart *p, const SwState *s, double *out)
{
  double w_rel = SW_V (p, s, D_MASS) - SW_V (p, s, D_HUB);

  out[0] = SW_X (p, s, D_MASS) - SW_X (p, s, D_HUB);
  out[1] = w_rel;
  out[2] = p->param[VD_D] * w_rel;
  out[3] = SW_X (p, s, D_MASS);
  out[4] = SW_V (p, s, D_MASS);
  out[5] = p->param[VD_D] * w_rel * w_rel;
}

static void
absorber_build (const SwPart *p, SwBuilder *b)
{
  build_seismic (p, b, TA_J, TA_START);
}

static double
absorber_tau (const SwPart *p, const SwState *s)
{
  return p->param[TA_C] * (SW_X (p, s, D_MASS) - SW_X (p, s, D_HUB))
         + p->param[TA_D] * (SW_V (p, s, D_MASS) - SW_V (p, s, D_HUB));
}

static void
absorber_forces (const SwPart *p, const SwState *s, double *f)
{
  apply (p, absorber_tau (p, s), f);
}

static void
absorber_variables (const SwPart *p, const SwState *s, double *out)
{
  double rel = SW_X (p, s, D_MASS) - SW_X (p, s, D_HUB), w_rel = SW_V (p, s, D_MASS) - SW_V (p, s, D_HUB);

  out[0] = rel;
  out[1] = w_rel;
  out[2] = absorber_tau (p, s);
  out[3] = SW_X (p, s, D_MASS);
  out[4] = SW_V (p, s, D_MASS);
  out[5] = 0.5 * p->param[TA_C] * rel * rel;
  out[6] = p->param[TA_D] * w_rel * w_rel;
}

static const SwPortDesc hub_ports[] = { SW_PORT ("flange", SW_ROT) };

#define SEISMIC_START \
  SW_INITIAL ("phi_rel_start", N_("Initial relative angle"), "rad", \
              N_("The seismic inertia's angle against the hub at t = 0; absent: 0")), \
  SW_INITIAL ("w_rel_start", N_("Initial relative speed"), "rad/s", \
              N_("The seismic inertia's speed against the hub at t = 0; absent: 0 (it turns with the hub)"))

static const SwParamDesc viscous_params[] = {
  SW_POSITIVE ("J", N_("Ring inertia"), "kg.m2", 0.1, N_("Moment of inertia of the seismic ring")),
  SW_NONNEG ("d", N_("Damping constant"), "N.m.s/rad", 10,
             N_("Viscous damping between the ring and the housing on the hub")),
  SEISMIC_START,
};
static const SwParamDesc absorber_params[] = {
  SW_POSITIVE ("J", N_("Absorber inertia"), "kg.m2", 0.1, N_("Moment of inertia of the absorber's seismic mass")),
  SW_NONNEG ("c", N_("Torsional stiffness"), "N.m/rad", 1e4, N_("Stiffness between the absorber and the hub")),
  SW_NONNEG ("d", N_("Damping constant"), "N.m.s/rad", 1, N_("Damping between the absorber and the hub")),
  SEISMIC_START,
};

static const SwVarDesc viscous_vars[] = {
  SW_VAR ("phi_rel", "rad", N_("Angle of the ring against the hub")),
  SW_VAR ("w_rel", "rad/s", N_("Speed of the ring against the hub")),
  SW_VAR ("tau", "N.m", N_("Damping torque on the ring (the hub takes its opposite)")),
  SW_VAR ("phi_ring", "rad", N_("Absolute angle of the ring")),
  SW_VAR ("w_ring", "rad/s", N_("Absolute speed of the ring")),
  SW_VAR ("lossPower", "W", N_("Power dissipated in the fluid (never negative)")),
};
static const SwVarDesc absorber_vars[] = {
  SW_VAR ("phi_rel", "rad", N_("Angle of the absorber against the hub")),
  SW_VAR ("w_rel", "rad/s", N_("Speed of the absorber against the hub")),
  SW_VAR ("tau", "N.m", N_("Torque on the absorber's inertia (the hub takes its opposite)")),
  SW_VAR ("phi_abs", "rad", N_("Absolute angle of the absorber's inertia")),
  SW_VAR ("w_abs", "rad/s", N_("Absolute speed of the absorber's inertia")),
  SW_VAR ("energy", "J", N_("Potential energy of the absorber's stiffness")),
  SW_VAR ("lossPower", "W", N_("Power dissipated by the absorber's damping (never negative)")),
};

const SwKind sw_kind_rot_viscous_damper = {
  .name = "rotational.viscous_damper", .label = N_("Viscous damper"), .group = "Rotational",
  .help = N_("Houdaille torsional vibration damper: a seismic ring of inertia J coupled to the hub (flange) by a "
             "viscous fluid, tau = d (w_ring - w_hub); the housing's inertia is the hub's. shaftwork-cli forced "
             "--tune sets d to its optimum for a mode"),
  .ports = SW_TABLE (hub_ports), .n_internal = 1, .params = SW_TABLE (viscous_params),
  .vars = SW_TABLE (viscous_vars), .key_param = "d", .main_var = "tau",
  .build = viscous_build, .forces = viscous_forces, .force_flags = SW_FORCE_DAMPING,
  .variables = viscous_variables, .state_vars = SW_BIT (G_N_ELEMENTS (viscous_vars)) - 1,
};

const SwKind sw_kind_rot_tuned_absorber = {
  .name = "rotational.tuned_absorber", .label = N_("Tuned absorber"), .group = "Rotational",
  .help = N_("Tuned torsional vibration absorber: an inertia J on a stiffness c and a damping d to the hub "
             "(flange). shaftwork-cli forced --tune sets c and d to Den Hartog's optimum for a mode"),
  .ports = SW_TABLE (hub_ports), .n_internal = 1, .params = SW_TABLE (absorber_params),
  .vars = SW_TABLE (absorber_vars), .key_param = "c", .main_var = "tau",
  .build = absorber_build, .forces = absorber_forces, .force_flags = SW_FORCE_STIFFNESS | SW_FORCE_DAMPING,
  .variables = absorber_variables, .state_vars = SW_BIT (G_N_ELEMENTS (absorber_vars)) - 1,
};
