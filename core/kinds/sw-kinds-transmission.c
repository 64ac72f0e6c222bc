/* sw-kinds-transmission.c: ideal gears, the planetary, rotation-translation
 * couplings and Twin Builder's coordinate transformations.
 *
 * All are one linear constraint row among flange coordinates; the reaction
 * multiplier gives every flange torque or force.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"
#include "sw-error.h"

static gboolean
validate_nonzero (const char *name, double value, GError **error)
{
  if (value != 0)
    return TRUE;
  g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
               _("parameter “%s” = 0 is not valid; valid: any nonzero number"), name);
  return FALSE;
}

static gboolean
validate_ratio (const double *params, GError **error)
{
  return validate_nonzero ("ratio", params[0], error);
}

static gboolean
validate_k (const double *params, GError **error)
{
  return validate_nonzero ("K", params[0], error);
}

/* Ideal gear: (x_a - x_s) = ratio (x_b - x_s). */
enum { GEAR_A, GEAR_B, GEAR_S };

static void
gear_build (const SwPart *p, SwBuilder *b)
{
  double r = p->param[0];
  guint nodes[3] = { p->node[GEAR_A], p->node[GEAR_B], p->node[GEAR_S] };
  double coeffs[3] = { 1, -r, r - 1 };

  sw_builder_add_constraint (b, p, 3, nodes, coeffs, 0);
}

static void
gear_variables (const SwPart *p, const SwState *s, double *out)
{
  double r = p->param[0], lambda = SW_LAMBDA (p, s, 0);

  out[0] = -lambda;
  out[1] = r * lambda;
  out[2] = (1 - r) * lambda;
}

static const SwPortDesc gear_ports[] = {
  SW_PORT ("flange_a", SW_ROT), SW_PORT ("flange_b", SW_ROT), SW_SUPPORT ("support", SW_ROT),
};
static const SwParamDesc gear_params[] = {
  SW_ANY ("ratio", N_("Transmission ratio"), "", 1, N_("flange_a.phi / flange_b.phi; nonzero")),
};
static const SwVarDesc gear_vars[] = {
  SW_VAR ("flange_a.tau", "N.m", N_("Torque acting on the gear through flange_a")),
  SW_VAR ("flange_b.tau", "N.m", N_("Torque acting on the gear through flange_b")),
  SW_VAR ("support.tau", "N.m", N_("Reaction torque acting on the gear through its support")),
};

const SwKind sw_kind_rot_ideal_gear = {
  .name = "rotational.ideal_gear", .label = N_("Ideal gear"), .group = "Transmission",
  .help = N_("Ideal gear without inertia, elasticity, damping or backlash"),
  .ports = SW_TABLE (gear_ports), .params = SW_TABLE (gear_params), .vars = SW_TABLE (gear_vars),
  .key_param = "ratio", .validate = validate_ratio,
  .build = gear_build, .variables = gear_variables,
};

/* Translational ideal gear (MSL 4's Translational.Components.IdealGear,
 * and IdealLever, which has its equations): the rotational one's row on
 * positions, so the same build and variables. */
static const SwPortDesc trans_gear_ports[] = {
  SW_PORT ("flange_a", SW_TRANS), SW_PORT ("flange_b", SW_TRANS), SW_SUPPORT ("support", SW_TRANS),
};
static const SwParamDesc trans_gear_params[] = {
  SW_ANY ("ratio", N_("Transmission ratio"), "", 1, N_("flange_a.s / flange_b.s, both against the support; nonzero")),
};
static const SwVarDesc trans_gear_vars[] = {
  SW_VAR ("flange_a.f", "N", N_("Force acting on the gear through flange_a")),
  SW_VAR ("flange_b.f", "N", N_("Force acting on the gear through flange_b")),
  SW_VAR ("support.f", "N", N_("Reaction force acting on the gear through its support")),
};

const SwKind sw_kind_trans_ideal_gear = {
  .name = "translational.ideal_gear", .label = N_("Ideal gear (translational)"), .group = "Transmission",
  .help = N_("Ideal translational gear or lever without mass, elasticity, damping or backlash: flange_a moves "
             "ratio times as far as flange_b against the support (Modelica's Translational IdealGear and "
             "IdealLever)"),
  .ports = SW_TABLE (trans_gear_ports), .params = SW_TABLE (trans_gear_params), .vars = SW_TABLE (trans_gear_vars),
  .key_param = "ratio", .validate = validate_ratio,
  .build = gear_build, .variables = gear_variables,
};

/* Planetary: (1 + ratio) x_carrier = x_sun + ratio x_ring. */
enum { PLANET_SUN, PLANET_CARRIER, PLANET_RING };

static void
planetary_build (const SwPart *p, SwBuilder *b)
{
  double r = p->param[0];
  guint nodes[3] = { p->node[PLANET_SUN], p->node[PLANET_RING], p->node[PLANET_CARRIER] };
  double coeffs[3] = { 1, r, -(1 + r) };

  sw_builder_add_constraint (b, p, 3, nodes, coeffs, 0);
}

static void
planetary_variables (const SwPart *p, const SwState *s, double *out)
{
  double r = p->param[0], lambda = SW_LAMBDA (p, s, 0);

  out[0] = -lambda;
  out[1] = (1 + r) * lambda;
  out[2] = -r * lambda;
}

static const SwPortDesc planetary_ports[] = {
  SW_PORT ("sun", SW_ROT), SW_PORT ("carrier", SW_ROT), SW_PORT ("ring", SW_ROT),
};
static const SwParamDesc planetary_params[] = {
  SW_POSITIVE ("ratio", N_("Ring / sun teeth"), "", 2, N_("Number of ring teeth over number of sun teeth")),
};
static const SwVarDesc planetary_vars[] = {
  SW_VAR ("sun.tau", "N.m", N_("Torque acting on the gear through the sun")),
  SW_VAR ("carrier.tau", "N.m", N_("Torque acting on the gear through the carrier")),
  SW_VAR ("ring.tau", "N.m", N_("Torque acting on the gear through the ring")),
};

const SwKind sw_kind_rot_ideal_planetary = {
  .name = "rotational.ideal_planetary", .label = N_("Ideal planetary gear"), .group = "Transmission",
  .help = N_("Ideal planetary gear box; planet inertia neglected"),
  .ports = SW_TABLE (planetary_ports), .params = SW_TABLE (planetary_params),
  .vars = SW_TABLE (planetary_vars), .key_param = "ratio",
  .build = planetary_build, .variables = planetary_variables,
};

/* Rotation to translation: k_r (x_R - x_sR) = k_t (x_T - x_sT). */
enum { R2T_R, R2T_T, R2T_SR, R2T_ST };

static void
r2t_build_with (const SwPart *p, SwBuilder *b, double k_r, double k_t)
{
  guint nodes[4] = { p->node[R2T_R], p->node[R2T_SR], p->node[R2T_T], p->node[R2T_ST] };
  double coeffs[4] = { k_r, -k_r, -k_t, k_t };

  sw_builder_add_constraint (b, p, 4, nodes, coeffs, 0);
}

static void
r2t_variables_with (const SwPart *p, const SwState *s, double k_r, double k_t, double *out)
{
  double lambda = SW_LAMBDA (p, s, 0);

  out[0] = -k_r * lambda;   /* flangeR.tau */
  out[1] = k_t * lambda;    /* flangeT.f */
  out[2] = k_r * lambda;    /* supportR.tau */
  out[3] = -k_t * lambda;   /* supportT.f */
}

static void
gear_r2t_build (const SwPart *p, SwBuilder *b)
{
  r2t_build_with (p, b, 1, p->param[0]);
}

static void
gear_r2t_variables (const SwPart *p, const SwState *s, double *out)
{
  r2t_variables_with (p, s, 1, p->param[0], out);
}

static void
wheel_build (const SwPart *p, SwBuilder *b)
{
  r2t_build_with (p, b, p->param[0], 1);
}

static void
wheel_variables (const SwPart *p, const SwState *s, double *out)
{
  r2t_variables_with (p, s, p->param[0], 1, out);
}

static const SwPortDesc r2t_ports[] = {
  SW_PORT ("flangeR", SW_ROT), SW_PORT ("flangeT", SW_TRANS),
  SW_SUPPORT ("supportR", SW_ROT), SW_SUPPORT ("supportT", SW_TRANS),
};
static const SwParamDesc gear_r2t_params[] = {
  SW_ANY ("ratio", N_("Transmission ratio"), "rad/m", 1, N_("flangeR.phi / flangeT.s; nonzero")),
};
static const SwParamDesc wheel_params[] = {
  SW_POSITIVE ("radius", N_("Wheel radius"), "m", 0.3, N_("Radius of the wheel")),
};
static const SwVarDesc r2t_vars[] = {
  SW_VAR ("flangeR.tau", "N.m", N_("Torque acting on the coupling through flangeR")),
  SW_VAR ("flangeT.f", "N", N_("Force acting on the coupling through flangeT")),
  SW_VAR ("supportR.tau", "N.m", N_("Reaction torque through supportR")),
  SW_VAR ("supportT.f", "N", N_("Reaction force through supportT")),
};

const SwKind sw_kind_ideal_gear_r2t = {
  .name = "rotational.ideal_gear_r2t", .label = N_("Ideal gear R2T"), .group = "Transmission",
  .help = N_("Gearbox transforming rotational into translational motion"),
  .ports = SW_TABLE (r2t_ports), .params = SW_TABLE (gear_r2t_params), .vars = SW_TABLE (r2t_vars),
  .key_param = "ratio", .validate = validate_ratio,
  .build = gear_r2t_build, .variables = gear_r2t_variables,
};

const SwKind sw_kind_ideal_rolling_wheel = {
  .name = "rotational.ideal_rolling_wheel", .label = N_("Ideal rolling wheel"), .group = "Transmission",
  .help = N_("Wheel rolling without slip and without rolling resistance"),
  .ports = SW_TABLE (r2t_ports), .params = SW_TABLE (wheel_params), .vars = SW_TABLE (r2t_vars),
  .key_param = "radius",
  .build = wheel_build, .variables = wheel_variables,
};

/* Twin Builder coordinate transformations: K = v1 / v2 = M2 / M1, so
 * x1 = K x2 with absolute coordinates; power is conserved. */
static void
tsf_build (const SwPart *p, SwBuilder *b)
{
  guint nodes[2] = { p->node[0], p->node[1] };
  double coeffs[2] = { 1, -p->param[0] };

  sw_builder_add_constraint (b, p, 2, nodes, coeffs, 0);
}

static void
tsf_variables (const SwPart *p, const SwState *s, double *out)
{
  double K = p->param[0], lambda = SW_LAMBDA (p, s, 0);

  out[0] = -lambda;               /* torque or force taken from the predecessor */
  out[1] = -K * lambda;           /* torque or force delivered to the successor */
  out[2] = SW_V (p, s, 0);
  out[3] = SW_V (p, s, 1);
}

static const SwParamDesc tsf_params[] = {
  SW_ANY ("K", N_("Transformation factor"), "", 1,
          N_("Predecessor velocity / successor velocity = successor torque / predecessor torque")),
};
static const SwPortDesc tsf_rr_ports[] = { SW_PORT ("ROT1", SW_ROT), SW_PORT ("ROT2", SW_ROT) };
static const SwPortDesc tsf_rt_ports[] = { SW_PORT ("ROT1", SW_ROT), SW_PORT ("TR2", SW_TRANS) };
static const SwPortDesc tsf_tr_ports[] = { SW_PORT ("TR1", SW_TRANS), SW_PORT ("ROT2", SW_ROT) };
static const SwPortDesc tsf_tt_ports[] = { SW_PORT ("TR1", SW_TRANS), SW_PORT ("TR2", SW_TRANS) };
static const SwVarDesc tsf_rr_vars[] = {
  SW_VAR ("M1", "N.m", N_("Torque at the predecessor")), SW_VAR ("M2", "N.m", N_("Torque at the successor")),
  SW_VAR ("OMEGA1", "rad/s", N_("Predecessor speed")), SW_VAR ("OMEGA2", "rad/s", N_("Successor speed")),
};
static const SwVarDesc tsf_rt_vars[] = {
  SW_VAR ("M1", "N.m", N_("Torque at the predecessor")), SW_VAR ("F2", "N", N_("Force at the successor")),
  SW_VAR ("OMEGA1", "rad/s", N_("Predecessor speed")), SW_VAR ("V2", "m/s", N_("Successor velocity")),
};
static const SwVarDesc tsf_tr_vars[] = {
  SW_VAR ("F1", "N", N_("Force at the predecessor")), SW_VAR ("M2", "N.m", N_("Torque at the successor")),
  SW_VAR ("V1", "m/s", N_("Predecessor velocity")), SW_VAR ("OMEGA2", "rad/s", N_("Successor speed")),
};
static const SwVarDesc tsf_tt_vars[] = {
  SW_VAR ("F1", "N", N_("Force at the predecessor")), SW_VAR ("F2", "N", N_("Force at the successor")),
  SW_VAR ("V1", "m/s", N_("Predecessor velocity")), SW_VAR ("V2", "m/s", N_("Successor velocity")),
};

#define TSF(sym, kname, klabel, kports, kvars) \
  const SwKind sym = { \
    .name = kname, .label = klabel, .group = "Transmission", \
    .help = N_("Twin Builder coordinate transformation: v2 = v1 / K, F2 = K F1"), \
    .ports = SW_TABLE (kports), .params = SW_TABLE (tsf_params), .vars = SW_TABLE (kvars), \
    .key_param = "K", .validate = validate_k, .build = tsf_build, .variables = tsf_variables, \
  }

TSF (sw_kind_tsf_rot_rot, "transformation.rot_rot", N_("Transformation rot→rot"), tsf_rr_ports, tsf_rr_vars);
TSF (sw_kind_tsf_rot_trans, "transformation.rot_trans", N_("Transformation rot→trans"), tsf_rt_ports, tsf_rt_vars);
TSF (sw_kind_tsf_trans_rot, "transformation.trans_rot", N_("Transformation trans→rot"), tsf_tr_ports, tsf_tr_vars);
TSF (sw_kind_tsf_trans_trans, "transformation.trans_trans", N_("Transformation trans→trans"), tsf_tt_ports, tsf_tt_vars);
