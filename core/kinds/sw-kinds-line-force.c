/* sw-kinds-line-force.c: Modelica MultiBody's line forces reduced to one
 * dimension (seed-004 §1.5): the point masses they carry, and the spring
 * and damper in series, whose damper length is a state.
 *
 * A line force's law is any translational element connected between
 * frame_a and frame_b (its flanges are the frames in 1-D). What the line
 * force adds is mass:
 *   LineForceWithMass: m at lengthFraction h of the way from frame_a, so
 *     x_m = (1 - h) x_a + h x_b: a consistent 2 x 2 mass matrix m [(1-h)^2,
 *     h (1-h); h (1-h), h^2], not two lumps;
 *   LineForceWithTwoMasses: m_a at L_a from frame_a and m_b at L_b from
 *     frame_b; along the line each moves rigidly with its frame, so they are
 *     lumps on the two nodes (L_a, L_b place them; they change nothing else).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"

enum { LF_A, LF_B };

static const SwPortDesc line_ports[] = { SW_PORT ("frame_a", SW_TRANS), SW_PORT ("frame_b", SW_TRANS) };

/* ---- With one mass ------------------------------------------------------ */

enum { LM_M, LM_H };

static double
point (const double *x, const SwPart *p, double h)
{
  return (1 - h) * x[p->node[LF_A]] + h * x[p->node[LF_B]];
}

static void
with_mass_build (const SwPart *p, SwBuilder *b)
{
  double m = p->param[LM_M], h = p->param[LM_H];

  if (m > 0)
    sw_builder_add_mass_matrix (b, p, p->node[LF_A], p->node[LF_B], m * (1 - h) * (1 - h), m * h * (1 - h),
                                m * h * h);
}

static void
with_mass_variables (const SwPart *p, const SwState *s, double *out)
{
  double h = p->param[LM_H], v = point (s->v, p, h);

  out[0] = SW_X (p, s, LF_B) - SW_X (p, s, LF_A);
  out[1] = SW_V (p, s, LF_B) - SW_V (p, s, LF_A);
  out[2] = point (s->x, p, h);
  out[3] = v;
  out[4] = 0.5 * p->param[LM_M] * v * v;
}

static const SwParamDesc with_mass_params[] = {
  SW_NONNEG ("m", N_("Mass"), "kg", 0, N_("Point mass on the line between frame_a and frame_b")),
  SW_REAL ("lengthFraction", N_("Position of the mass"), "", 0.5, 0, 1,
           N_("Where the mass sits, from frame_a (0) to frame_b (1); it moves as that point of the line")),
};

static const SwVarDesc with_mass_vars[] = {
  SW_VAR ("s_rel", "m", N_("Distance frame_b - frame_a")),
  SW_VAR ("v_rel", "m/s", N_("Rate of the distance")),
  SW_VAR ("s_m", "m", N_("Position of the point mass")),
  SW_VAR ("v_m", "m/s", N_("Velocity of the point mass")),
  SW_VAR ("energy", "J", N_("Kinetic energy of the point mass")),
};

const SwKind sw_kind_trans_line_force_with_mass = {
  .name = "translational.line_force_with_mass", .label = N_("Line force with mass"), .group = "Translational",
  .help = N_("Modelica MultiBody's LineForceWithMass in one dimension: a point mass riding on the line between "
             "frame_a and frame_b at lengthFraction (a consistent mass matrix); connect the force law between "
             "the frames"),
  .ports = SW_TABLE (line_ports), .params = SW_TABLE (with_mass_params), .vars = SW_TABLE (with_mass_vars),
  .key_param = "m", .main_var = "v_m",
  .build = with_mass_build, .variables = with_mass_variables,
  .state_vars = SW_BIT (5) - 1,
};

/* ---- With two masses ---------------------------------------------------- */

enum { LT_MA, LT_MB, LT_LA, LT_LB };

static void
two_masses_build (const SwPart *p, SwBuilder *b)
{
  if (p->param[LT_MA] > 0)
    sw_builder_add_mass (b, p, p->node[LF_A], p->param[LT_MA]);
  if (p->param[LT_MB] > 0)
    sw_builder_add_mass (b, p, p->node[LF_B], p->param[LT_MB]);
}

static void
two_masses_variables (const SwPart *p, const SwState *s, double *out)
{
  double va = SW_V (p, s, LF_A), vb = SW_V (p, s, LF_B);

  out[0] = SW_X (p, s, LF_B) - SW_X (p, s, LF_A);
  out[1] = vb - va;
  out[2] = SW_X (p, s, LF_A) + p->param[LT_LA];
  out[3] = SW_X (p, s, LF_B) - p->param[LT_LB];
  out[4] = 0.5 * (p->param[LT_MA] * va * va + p->param[LT_MB] * vb * vb);
}

static const SwParamDesc two_masses_params[] = {
  SW_NONNEG ("m_a", N_("Mass a"), "kg", 0, N_("Point mass a, at L_a from frame_a")),
  SW_NONNEG ("m_b", N_("Mass b"), "kg", 0, N_("Point mass b, at L_b from frame_b")),
  /* (Negative: beyond the frame, as in Modelica.) */
  SW_ANY ("L_a", N_("Distance of mass a"), "m", 0, N_("From frame_a towards frame_b")),
  SW_ANY ("L_b", N_("Distance of mass b"), "m", 0, N_("From frame_b towards frame_a")),
};

static const SwVarDesc two_masses_vars[] = {
  SW_VAR ("s_rel", "m", N_("Distance frame_b - frame_a")),
  SW_VAR ("v_rel", "m/s", N_("Rate of the distance")),
  SW_VAR ("s_a", "m", N_("Position of point mass a")),
  SW_VAR ("s_b", "m", N_("Position of point mass b")),
  SW_VAR ("energy", "J", N_("Kinetic energy of the point masses")),
};

const SwKind sw_kind_trans_line_force_two_masses = {
  .name = "translational.line_force_with_two_masses", .label = N_("Line force with two masses"),
  .group = "Translational",
  .help = N_("Modelica MultiBody's LineForceWithTwoMasses in one dimension: point masses m_a and m_b that move "
             "with frame_a and frame_b; connect the force law between the frames"),
  .ports = SW_TABLE (line_ports), .params = SW_TABLE (two_masses_params), .vars = SW_TABLE (two_masses_vars),
  .key_param = "m_a", .main_var = "s_rel",
  .build = two_masses_build, .variables = two_masses_variables,
  .state_vars = SW_BIT (5) - 1,
};

/* ---- Spring and damper in series (Maxwell) ------------------------------ */

/* MultiBody's SpringDamperSeries: frame_a - damper - spring - frame_b, with
 *   f = c (s - s_unstretched - s_damper) = d der(s_damper).
 * The damper's length s_damper is the part's internal node (its coordinate
 * is that length, not a place on the line): massless, with d as its
 * damping, so it is a first-order state that starts at s_damper_start.
 * Force f (tension) pulls frame_a forward and frame_b back. */
enum { LS_A, LS_B, LS_DAMPER };
enum { LS_C, LS_D, LS_S0, LS_DAMPER0 };

static double
series_force (const SwPart *p, const SwState *s)
{
  return p->param[LS_C] * (SW_X (p, s, LS_B) - SW_X (p, s, LS_A) - p->param[LS_S0] - SW_X (p, s, LS_DAMPER));
}

static void
series_build (const SwPart *p, SwBuilder *b)
{
  sw_builder_set_initial (b, p, p->node[LS_DAMPER], p->param[LS_DAMPER0], 0, NAN);
}

static void
series_forces (const SwPart *p, const SwState *s, double *f)
{
  double tension = series_force (p, s);

  f[p->node[LS_A]] += tension;
  f[p->node[LS_B]] -= tension;
  f[p->node[LS_DAMPER]] += tension - p->param[LS_D] * SW_V (p, s, LS_DAMPER);
}

static void
series_variables (const SwPart *p, const SwState *s, double *out)
{
  double tension = series_force (p, s);

  out[0] = SW_X (p, s, LS_B) - SW_X (p, s, LS_A);
  out[1] = SW_V (p, s, LS_B) - SW_V (p, s, LS_A);
  out[2] = SW_X (p, s, LS_DAMPER);
  out[3] = tension;
  out[4] = tension * tension / (2 * p->param[LS_C]);
  /* f der(s_damper), written f^2 / d so that it is never negative. */
  out[5] = tension * tension / p->param[LS_D];
}

static const SwParamDesc series_params[] = {
  SW_POSITIVE ("c", N_("Spring constant"), "N/m", NAN, N_("Stiffness of the spring")),
  SW_POSITIVE ("d", N_("Damping constant"), "N.s/m", NAN,
               N_("Damping of the damper; in series it must be > 0 (with d = 0 no force could pass)")),
  SW_ANY ("s_unstretched", N_("Unstretched length"), "m", 0, N_("Length of the spring and damper at zero force, "
                                                                "less the damper's length")),
  SW_ANY ("s_damper_start", N_("Initial length of damper"), "m", 0, N_("Length of the damper at t = 0")),
};

static const SwVarDesc series_vars[] = {
  SW_VAR ("s_rel", "m", N_("Distance frame_b - frame_a")),
  SW_VAR ("v_rel", "m/s", N_("Rate of the distance")),
  SW_VAR ("s_damper", "m", N_("Length of the damper (the element's state)")),
  SW_VAR ("f", "N", N_("Force through the element, positive in tension")),
  SW_VAR ("energy", "J", N_("Potential energy of the spring")),
  SW_VAR ("lossPower", "W", N_("Power the damper dissipates")),
};

const SwKind sw_kind_trans_spring_damper_series = {
  .name = "translational.spring_damper_series", .label = N_("Spring and damper in series"),
  .group = "Translational",
  .help = N_("Modelica MultiBody's SpringDamperSeries in one dimension (a Maxwell element): a damper and a "
             "spring in series between frame_a and frame_b, f = c (s - s_unstretched - s_damper) = d "
             "der(s_damper); the damper's length is a state that starts at s_damper_start"),
  .ports = SW_TABLE (line_ports), .n_internal = 1, .params = SW_TABLE (series_params),
  .vars = SW_TABLE (series_vars), .key_param = "c", .main_var = "f",
  .build = series_build, .forces = series_forces, .force_flags = SW_FORCE_STIFFNESS | SW_FORCE_DAMPING,
  .variables = series_variables,
  .state_vars = SW_BIT (6) - 1,
};
