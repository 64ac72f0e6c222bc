/* sw-kinds-custom.c: custom couplings, a torque (force) that is a formula of
 * the relative motion and time typed by the user (sw-expression.h).
 *
 * As Modelica's PartialCompliant: x_rel = x_b - x_a, the element pulls
 * flange_b back with tau (flange_b.tau = tau, flange_a.tau = -tau), so
 * "c*phi_rel + d*w_rel" is rotational.spring_damper. The formula is
 * compiled once per assembled system, with its exact derivatives by each
 * variable (sw_part_expression()). A formula that compiles to
 * c (x_rel - offset) + d v_rel makes the part a linear element, which the
 * engine evaluates in its flat loop as a spring-damper (SwLinearForce).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"

enum { C_A, C_B };
enum { P_FORMULA };
enum { V_REL, V_SPEED, V_TIME };

static double
custom_tau (const SwPart *p, const SwState *s, double *rel, double *speed)
{
  double vars[3];

  vars[V_REL] = SW_X (p, s, C_B) - SW_X (p, s, C_A);
  vars[V_SPEED] = SW_V (p, s, C_B) - SW_V (p, s, C_A);
  vars[V_TIME] = s->t;
  if (rel != NULL)
    *rel = vars[V_REL];
  if (speed != NULL)
    *speed = vars[V_SPEED];
  return sw_part_expression (p, P_FORMULA, vars, NULL);
}

static void
custom_forces (const SwPart *p, const SwState *s, double *f)
{
  double tau = custom_tau (p, s, NULL, NULL);

  f[p->node[C_A]] += tau;
  f[p->node[C_B]] -= tau;
}

static void
custom_variables (const SwPart *p, const SwState *s, double *out)
{
  double rel, speed, tau = custom_tau (p, s, &rel, &speed);

  out[0] = rel;
  out[1] = speed;
  out[2] = tau;
  out[3] = tau * speed;
}

static const SwPortDesc rot_ports[] = { SW_PORT ("flange_a", SW_ROT), SW_PORT ("flange_b", SW_ROT) };
static const SwPortDesc trans_ports[] = { SW_PORT ("flange_a", SW_TRANS), SW_PORT ("flange_b", SW_TRANS) };

static const char *const rot_variables[] = { "phi_rel", "w_rel", "t", NULL };
static const char *const rot_units[] = { "rad", "rad/s", "s", NULL };
static const char *const trans_variables[] = { "s_rel", "v_rel", "t", NULL };
static const char *const trans_units[] = { "m", "m/s", "s", NULL };
static const char *const default_names[] = { "c", "d" };
static const double rot_default_values[] = { 1e4, 10 };
static const double trans_default_values[] = { 1e4, 100 };

static const SwExpressionDesc rot_formula = {
  rot_variables, rot_units, "c*phi_rel + d*w_rel", default_names, rot_default_values, 2,
};
static const SwExpressionDesc trans_formula = {
  trans_variables, trans_units, "c*s_rel + d*v_rel", default_names, trans_default_values, 2,
};

static const SwParamDesc rot_params[] = {
  { "tau", N_("Torque formula"), "N.m", SW_PARAM_EXPRESSION, NAN, -INFINITY, INFINITY, FALSE,
    N_("The torque through the element as a formula of phi_rel (rad), w_rel (rad/s), t (s) and your "
       "constants, e.g. c*phi_rel + d*w_rel*abs(w_rel); + - * / ^, parentheses, pi, e and functions "
       "such as abs, sqrt, exp, log, sin, cos, tanh, atan, step"),
    NULL, &rot_formula },
};
static const SwParamDesc trans_params[] = {
  { "f", N_("Force formula"), "N", SW_PARAM_EXPRESSION, NAN, -INFINITY, INFINITY, FALSE,
    N_("The force through the element as a formula of s_rel (m), v_rel (m/s), t (s) and your "
       "constants, e.g. c*s_rel + d*v_rel*abs(v_rel); + - * / ^, parentheses, pi, e and functions "
       "such as abs, sqrt, exp, log, sin, cos, tanh, atan, step"),
    NULL, &trans_formula },
};

static const SwVarDesc rot_vars[] = {
  SW_VAR ("phi_rel", "rad", N_("Relative angle flange_b - flange_a")),
  SW_VAR ("w_rel", "rad/s", N_("Relative angular velocity")),
  SW_VAR ("tau", "N.m", N_("Torque through the element (flange_b.tau)")),
  SW_VAR ("power", "W", N_("Power going in through the flanges (tau w_rel)")),
};
static const SwVarDesc trans_vars[] = {
  SW_VAR ("s_rel", "m", N_("Relative position flange_b - flange_a")),
  SW_VAR ("v_rel", "m/s", N_("Relative velocity")),
  SW_VAR ("f", "N", N_("Force through the element (flange_b.f)")),
  SW_VAR ("power", "W", N_("Power going in through the flanges (tau w_rel)")),
};

/* Stiffness, damping and time: a formula may use any of them. Between two
 * massless nodes the element is taken as a damper (first order), so there
 * the formula must depend on the relative speed. */
const SwKind sw_kind_rot_custom_coupling = {
  .name = "rotational.custom_coupling", .label = N_("Custom coupling"), .group = "Rotational",
  .help = N_("A torque between two flanges given as a formula of the relative angle phi_rel, the relative "
             "speed w_rel, the time t and named constants (a spring, damper or any nonlinear law); "
             "differentiated exactly for the modal analysis"),
  .ports = SW_TABLE (rot_ports), .params = SW_TABLE (rot_params), .vars = SW_TABLE (rot_vars),
  .main_var = "tau", .forces = custom_forces, .linear = { .by_formula = TRUE, .formula = P_FORMULA },
  .force_flags = SW_FORCE_STIFFNESS | SW_FORCE_DAMPING | SW_FORCE_TIME,
  .variables = custom_variables, .state_vars = SW_BIT (4) - 1,
};

const SwKind sw_kind_trans_custom_coupling = {
  .name = "translational.custom_coupling", .label = N_("Custom coupling"), .group = "Translational",
  .help = N_("A force between two flanges given as a formula of the relative position s_rel, the relative "
             "speed v_rel, the time t and named constants (a spring, damper or any nonlinear law); "
             "differentiated exactly for the modal analysis"),
  .ports = SW_TABLE (trans_ports), .params = SW_TABLE (trans_params), .vars = SW_TABLE (trans_vars),
  .main_var = "f", .forces = custom_forces, .linear = { .by_formula = TRUE, .formula = P_FORMULA },
  .force_flags = SW_FORCE_STIFFNESS | SW_FORCE_DAMPING | SW_FORCE_TIME,
  .variables = custom_variables, .state_vars = SW_BIT (4) - 1,
};
