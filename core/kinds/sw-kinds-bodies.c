/* sw-kinds-bodies.c: ground, inertia, mass, rod and disc.
 *
 * A body's two flanges are separate nodes tied by a constraint row
 * (x_b - x_a = 0, or = L for a translational body of length L) so that the
 * torque through each flange is known; the body's mass sits on flange_a.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"

/* Fixed: x = x0. Row 0 exerts lambda on the node. */
enum { FIXED_FLANGE };
enum { FIXED_X0 };

static void
fixed_build (const SwPart *p, SwBuilder *b)
{
  guint node = p->node[FIXED_FLANGE];
  double one = 1;

  sw_builder_add_constraint (b, p, 1, &node, &one, p->param[FIXED_X0]);
}

static void
fixed_variables (const SwPart *p, const SwState *s, double *out)
{
  out[0] = -SW_LAMBDA (p, s, 0);
}

static const SwPortDesc rot_fixed_ports[] = { SW_PORT ("flange", SW_ROT) };
static const SwParamDesc rot_fixed_params[] = {
  SW_ANY ("phi0", N_("Angle"), "rad", 0, N_("Fixed angle of the flange")),
};
static const SwVarDesc rot_fixed_vars[] = {
  SW_VAR ("flange.tau", "N.m", N_("Torque acting on the ground through the flange")),
};

const SwKind sw_kind_rot_fixed = {
  .name = "rotational.fixed", .label = N_("Fixed"), .group = "Rotational",
  .help = N_("Flange fixed in the housing at a given angle"),
  .ports = SW_TABLE (rot_fixed_ports), .params = SW_TABLE (rot_fixed_params),
  .vars = SW_TABLE (rot_fixed_vars),
  .build = fixed_build, .variables = fixed_variables,
};

static const SwPortDesc trans_fixed_ports[] = { SW_PORT ("flange", SW_TRANS) };
static const SwParamDesc trans_fixed_params[] = {
  SW_ANY ("s0", N_("Position"), "m", 0, N_("Fixed position of the flange")),
};
static const SwVarDesc trans_fixed_vars[] = {
  SW_VAR ("flange.f", "N", N_("Force acting on the ground through the flange")),
};

const SwKind sw_kind_trans_fixed = {
  .name = "translational.fixed", .label = N_("Fixed"), .group = "Translational",
  .help = N_("Flange fixed in the housing at a given position"),
  .ports = SW_TABLE (trans_fixed_ports), .params = SW_TABLE (trans_fixed_params),
  .vars = SW_TABLE (trans_fixed_vars),
  .build = fixed_build, .variables = fixed_variables,
};

/* Inertia / mass: x_b - x_a = L (L = 0 for the inertia), mass on flange_a.
 * Row 0 exerts -lambda on flange_a and +lambda on flange_b. */
enum { BODY_A, BODY_B };
enum { BODY_M, BODY_X0, BODY_V0, BODY_L };

static double
body_length (const SwPart *p)
{
  return p->kind == &sw_kind_trans_mass ? p->param[BODY_L] : 0;
}

static void
body_build (const SwPart *p, SwBuilder *b)
{
  guint nodes[2] = { p->node[BODY_B], p->node[BODY_A] };
  double coeffs[2] = { 1, -1 };
  double L = body_length (p);

  sw_builder_add_constraint (b, p, 2, nodes, coeffs, L);
  sw_builder_add_mass (b, p, p->node[BODY_A], p->param[BODY_M]);
  /* The file gives the centre (Modelica s); the node is flange_a. */
  sw_builder_set_initial (b, p, p->node[BODY_A], p->param[BODY_X0], -L / 2, p->param[BODY_V0]);
  /* The last parameters: a_start (Modelica a(start, fixed = true)), then
   * the nominal position and speed (phi(nominal), w(nominal)). */
  if (!isnan (p->param[p->kind->n_params - 3]))
    sw_builder_set_initial_acceleration (b, p, p->node[BODY_A], p->param[p->kind->n_params - 3], "a_start");
  sw_builder_set_nominal (b, p, p->node[BODY_A], p->param[p->kind->n_params - 2], p->param[p->kind->n_params - 1]);
}

static void
body_variables (const SwPart *p, const SwState *s, double *out)
{
  double m = p->param[BODY_M];
  double v = SW_V (p, s, BODY_A);
  double a = SW_A (p, s, BODY_A);
  double lambda = SW_LAMBDA (p, s, 0);

  out[0] = SW_X (p, s, BODY_A) + body_length (p) / 2;
  out[1] = v;
  out[2] = a;
  out[3] = m * v * a;           /* rate of change of the kinetic energy */
  out[4] = 0.5 * m * v * v;
  out[5] = m * a + lambda;      /* flange_a */
  out[6] = -lambda;             /* flange_b */
}

static const SwPortDesc rot_body_ports[] = {
  SW_PORT ("flange_a", SW_ROT), SW_PORT ("flange_b", SW_ROT),
};
static const SwParamDesc inertia_params[] = {
  SW_NONNEG ("J", N_("Moment of inertia"), "kg.m2", 1, N_("Moment of inertia about the axis")),
  SW_INITIAL ("phi0", N_("Initial angle"), "rad", N_("Absent: follows from rigid connections, else 0")),
  SW_INITIAL ("w0", N_("Initial speed"), "rad/s", N_("Absent: follows from rigid connections, else 0")),
  SW_INITIAL ("a_start", N_("Initial acceleration"), "rad/s2",
              N_("Angular acceleration at t = 0, met by solving for the initial angles nothing else fixes; "
                 "absent: none")),
  SW_NOMINAL ("phi_nominal", N_("Nominal angle"), "rad",
              N_("Magnitude the angle's integration error is measured against (Modelica's phi(nominal)); "
                 "absent: the largest the angle has had, at most 1")),
  SW_NOMINAL ("w_nominal", N_("Nominal speed"), "rad/s",
              N_("Magnitude the speed's integration error is measured against (Modelica's w(nominal)); "
                 "absent: the largest the speed has had, at most 1")),
};
static const SwVarDesc inertia_vars[] = {
  SW_VAR ("phi", "rad", N_("Absolute rotation angle")),
  SW_VAR ("w", "rad/s", N_("Angular velocity")),
  SW_VAR ("a", "rad/s2", N_("Angular acceleration")),
  SW_VAR ("power", "W", N_("Rate of change of the stored kinetic energy")),
  SW_VAR ("energy", "J", N_("Kinetic energy")),
  SW_VAR ("flange_a.tau", "N.m", N_("Torque acting on the inertia through flange_a")),
  SW_VAR ("flange_b.tau", "N.m", N_("Torque acting on the inertia through flange_b")),
};

const SwKind sw_kind_rot_inertia = {
  .name = "rotational.inertia", .label = N_("Inertia"), .group = "Rotational",
  .help = N_("Rigid rotating body (1D-rotational inertia)"),
  .ports = SW_TABLE (rot_body_ports), .params = SW_TABLE (inertia_params),
  .vars = SW_TABLE (inertia_vars), .key_param = "J", .main_var = "w",
  .state_vars = SW_BIT (0) | SW_BIT (1) | SW_BIT (4),
  .build = body_build, .variables = body_variables,
};

static const SwPortDesc trans_body_ports[] = {
  SW_PORT ("flange_a", SW_TRANS), SW_PORT ("flange_b", SW_TRANS),
};
static const SwParamDesc mass_params[] = {
  SW_NONNEG ("m", N_("Mass"), "kg", 1, N_("Mass of the sliding body")),
  SW_INITIAL ("s0", N_("Initial position"), "m", N_("Of the centre; absent: follows from rigid connections, else 0")),
  SW_INITIAL ("v0", N_("Initial speed"), "m/s", N_("Absent: follows from rigid connections, else 0")),
  SW_NONNEG ("L", N_("Length"), "m", 0, N_("Distance between flange_a and flange_b")),
  SW_INITIAL ("a_start", N_("Initial acceleration"), "m/s2",
              N_("Acceleration at t = 0, met by solving for the initial positions nothing else fixes; "
                 "absent: none")),
  SW_NOMINAL ("s_nominal", N_("Nominal position"), "m",
              N_("Magnitude the position's integration error is measured against (Modelica's s(nominal)); "
                 "absent: the largest the position has had, at most 1")),
  SW_NOMINAL ("v_nominal", N_("Nominal speed"), "m/s",
              N_("Magnitude the speed's integration error is measured against (Modelica's v(nominal)); "
                 "absent: the largest the speed has had, at most 1")),
};
static const SwVarDesc mass_vars[] = {
  SW_VAR ("s", "m", N_("Position of the centre")),
  SW_VAR ("v", "m/s", N_("Velocity")),
  SW_VAR ("a", "m/s2", N_("Acceleration")),
  SW_VAR ("power", "W", N_("Rate of change of the stored kinetic energy")),
  SW_VAR ("energy", "J", N_("Kinetic energy")),
  SW_VAR ("flange_a.f", "N", N_("Force acting on the mass through flange_a")),
  SW_VAR ("flange_b.f", "N", N_("Force acting on the mass through flange_b")),
};

const SwKind sw_kind_trans_mass = {
  .name = "translational.mass", .label = N_("Mass"), .group = "Translational",
  .help = N_("Sliding mass with inertia"),
  .ports = SW_TABLE (trans_body_ports), .params = SW_TABLE (mass_params),
  .vars = SW_TABLE (mass_vars), .key_param = "m", .main_var = "v",
  .state_vars = SW_BIT (0) | SW_BIT (1) | SW_BIT (4),
  .build = body_build, .variables = body_variables,
};

/* Rod: massless rigid distance L. */
enum { ROD_L };

static void
rod_build (const SwPart *p, SwBuilder *b)
{
  guint nodes[2] = { p->node[BODY_B], p->node[BODY_A] };
  double coeffs[2] = { 1, -1 };

  sw_builder_add_constraint (b, p, 2, nodes, coeffs, p->param[ROD_L]);
}

static void
rod_variables (const SwPart *p, const SwState *s, double *out)
{
  out[0] = SW_X (p, s, BODY_A) + p->param[ROD_L] / 2;
  out[1] = -SW_LAMBDA (p, s, 0);
}

static const SwParamDesc rod_params[] = {
  SW_NONNEG ("L", N_("Length"), "m", 0, N_("Distance between flange_a and flange_b")),
};
static const SwVarDesc rod_vars[] = {
  SW_VAR ("s", "m", N_("Position of the centre")),
  SW_VAR ("f", "N", N_("Tension: force acting on the rod through flange_b")),
};

const SwKind sw_kind_trans_rod = {
  .name = "translational.rod", .label = N_("Rod"), .group = "Translational",
  .help = N_("Rod without inertia"),
  .ports = SW_TABLE (trans_body_ports), .params = SW_TABLE (rod_params),
  .vars = SW_TABLE (rod_vars), .key_param = "L", .main_var = "f",
  .build = rod_build, .variables = rod_variables,
};

/* Disc: massless, rigid, with a fixed twist deltaPhi = phi_b - phi_a
 * (Modelica's Disc); the same row as a rod's. */
static void
disc_variables (const SwPart *p, const SwState *s, double *out)
{
  out[0] = SW_X (p, s, BODY_A) + p->param[ROD_L] / 2;
  out[1] = -SW_LAMBDA (p, s, 0);
}

static const SwParamDesc disc_params[] = {
  SW_ANY ("deltaPhi", N_("Twist"), "rad", 0, N_("Fixed rotation of flange_b against flange_a")),
};
static const SwVarDesc disc_vars[] = {
  SW_VAR ("phi", "rad", N_("Angle of the disc's middle")),
  SW_VAR ("tau", "N.m", N_("Torque through the disc (flange_b.tau)")),
};

const SwKind sw_kind_rot_disc = {
  .name = "rotational.disc", .label = N_("Disc"), .group = "Rotational",
  .help = N_("Massless rigid disc that twists its flanges by a fixed angle"),
  .ports = SW_TABLE (rot_body_ports), .params = SW_TABLE (disc_params),
  .vars = SW_TABLE (disc_vars), .key_param = "deltaPhi", .main_var = "tau",
  .build = rod_build, .variables = disc_variables,
};
