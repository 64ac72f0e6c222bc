/* sw-kinds-sources-speed.c: Modelica's torque and force sources that
 * depend on the speed besides the linear and quadratic ones
 * (sw-kinds-sources.c): SignTorque / SignForce (a constant that changes
 * sign with the speed, regularised near 0) and InverseSpeedDependentTorque
 * / Force (falling as 1 / speed, bounded below w0).
 *
 * As the other sources, each acts between its flange and its support,
 * positive accelerating the flange, and outputs tau, phi, w, power (f, s,
 * v, power) relative to the support. The formulas are the MSL's (4.x),
 * including its choice for InverseSpeedDependentTorque with
 * TorqueDirection = false below w0 (tau_nominal w / w0).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"
#include "sw-error.h"

enum { SRC_FLANGE, SRC_SUPPORT };

/* Modelica.Blocks.Types.Regularization, numbered as Modelica's Integer()
 * of it. */
enum { REG_EXP = 1, REG_SINE, REG_LINEAR, REG_COSINE };

static double
rel_speed (const SwPart *p, const SwState *s)
{
  return SW_V (p, s, SRC_FLANGE) - SW_V (p, s, SRC_SUPPORT);
}

static void
apply_and_output (const SwPart *p, const SwState *s, double tau, double *f, double *out)
{
  if (f != NULL)
    {
      f[p->node[SRC_FLANGE]] += tau;
      f[p->node[SRC_SUPPORT]] -= tau;
    }
  if (out != NULL)
    {
      double w = rel_speed (p, s);

      out[0] = tau;
      out[1] = SW_X (p, s, SRC_FLANGE) - SW_X (p, s, SRC_SUPPORT);
      out[2] = w;
      out[3] = tau * w;
    }
}

/* ---- SignTorque: tau_nominal, reg, w0 ------------------------------------ */

enum { SIGN_NOMINAL, SIGN_REG, SIGN_W0 };

static double
sign_tau (const SwPart *p, const SwState *s)
{
  double w = rel_speed (p, s), w0 = p->param[SIGN_W0], sgn = w > 0 ? 1 : w < 0 ? -1 : 0, x;

  switch ((int) p->param[SIGN_REG])
    {
    case REG_EXP:
      x = 2 / (1 + exp (-w / (0.01 * w0))) - 1;
      break;
    case REG_SINE:
      x = fabs (w) >= w0 ? sgn : sin (G_PI / 2 * w / w0);
      break;
    case REG_LINEAR:
      x = fabs (w) >= w0 ? sgn : w / w0;
      break;
    default:
      x = fabs (w) >= w0 ? sgn : sgn * (1 - cos (G_PI / 2 * w / w0));
      break;
    }
  return p->param[SIGN_NOMINAL] * x;
}

static void
sign_forces (const SwPart *p, const SwState *s, double *f)
{
  apply_and_output (p, s, sign_tau (p, s), f, NULL);
}

static void
sign_variables (const SwPart *p, const SwState *s, double *out)
{
  apply_and_output (p, s, sign_tau (p, s), NULL, out);
}

static gboolean
sign_validate (const double *params, GError **error)
{
  if (params[SIGN_REG] != floor (params[SIGN_REG]))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("parameter “reg” = %g is not valid; valid: 1 (Exp), 2 (Sine), 3 (Linear), 4 (CoSine)"),
                   params[SIGN_REG]);
      return FALSE;
    }
  return TRUE;
}

/* ---- InverseSpeedDependentTorque: tau_nominal, TorqueDirection, w_nominal, w0 */

enum { INV_NOMINAL, INV_DIRECTION, INV_W_NOMINAL, INV_W0 };

static double
inverse_tau (const SwPart *p, const SwState *s)
{
  double w = rel_speed (p, s), w0 = p->param[INV_W0], tn = p->param[INV_NOMINAL], wn = p->param[INV_W_NOMINAL];

  if (p->param[INV_DIRECTION] != 0)
    return fabs (w) < w0 ? tn * wn / w0 : tn * wn / fabs (w);
  return fabs (w) < w0 ? tn * w / w0 : tn * wn / w;
}

static void
inverse_forces (const SwPart *p, const SwState *s, double *f)
{
  apply_and_output (p, s, inverse_tau (p, s), f, NULL);
}

static void
inverse_variables (const SwPart *p, const SwState *s, double *out)
{
  apply_and_output (p, s, inverse_tau (p, s), NULL, out);
}

/* ---- Tables --------------------------------------------------------------- */

static const SwPortDesc rot_ports[] = { SW_PORT ("flange", SW_ROT), SW_SUPPORT ("support", SW_ROT) };
static const SwPortDesc trans_ports[] = { SW_PORT ("flange", SW_TRANS), SW_SUPPORT ("support", SW_TRANS) };

#define REG_PARAM \
  SW_REAL ("reg", N_("Regularisation"), "", REG_EXP, REG_EXP, REG_COSINE, \
           N_("Around speed 0: 1 Exp, 2 Sine, 3 Linear, 4 CoSine (Modelica.Blocks.Types.Regularization)"))

static const SwParamDesc sign_torque_params[] = {
  SW_ANY ("tau_nominal", N_("Nominal torque"), "N.m", 1, N_("Torque in the direction of the speed; negative brakes")),
  REG_PARAM,
  SW_POSITIVE ("w0", N_("Regularisation speed"), "rad/s", 0.1, N_("The torque changes sign within ±w0")),
};
static const SwParamDesc sign_force_params[] = {
  SW_ANY ("f_nominal", N_("Nominal force"), "N", 1, N_("Force in the direction of the speed; negative brakes")),
  REG_PARAM,
  SW_POSITIVE ("v0", N_("Regularisation speed"), "m/s", 0.1, N_("The force changes sign within ±v0")),
};
static const SwParamDesc inverse_torque_params[] = {
  SW_ANY ("tau_nominal", N_("Nominal torque"), "N.m", 1, N_("Torque at nominal speed; negative acts as a load")),
  SW_BOOL ("TorqueDirection", N_("Same direction both ways"), 1,
           N_("true: the torque keeps its direction whichever way the flange turns")),
  SW_POSITIVE ("w_nominal", N_("Nominal speed"), "rad/s", 1, N_("Speed at which the torque is tau_nominal")),
  SW_POSITIVE ("w0", N_("Regularisation speed"), "rad/s", 0.1, N_("Below it the torque stays bounded")),
};
static const SwParamDesc inverse_force_params[] = {
  SW_ANY ("f_nominal", N_("Nominal force"), "N", 1, N_("Force at nominal speed; negative acts as a load")),
  SW_BOOL ("ForceDirection", N_("Same direction both ways"), 1,
           N_("true: the force keeps its direction whichever way the flange moves")),
  SW_POSITIVE ("v_nominal", N_("Nominal speed"), "m/s", 1, N_("Speed at which the force is f_nominal")),
  SW_POSITIVE ("v0", N_("Regularisation speed"), "m/s", 0.1, N_("Below it the force stays bounded")),
};

static const SwVarDesc rot_vars[] = {
  SW_VAR ("tau", "N.m", N_("Torque accelerating the flange")),
  SW_VAR ("phi", "rad", N_("Angle of the flange relative to the support")),
  SW_VAR ("w", "rad/s", N_("Speed of the flange relative to the support")),
  SW_VAR ("power", "W", N_("Power delivered to the flange")),
};
static const SwVarDesc trans_vars[] = {
  SW_VAR ("f", "N", N_("Force accelerating the flange")),
  SW_VAR ("s", "m", N_("Position of the flange relative to the support")),
  SW_VAR ("v", "m/s", N_("Velocity of the flange relative to the support")),
  SW_VAR ("power", "W", N_("Power delivered to the flange")),
};

#define SPEED_SOURCE(sym, kname, klabel, khelp, kports, kparams, kvars, kkey, kvalidate, kforces, kvariables) \
  const SwKind sym = { \
    .name = kname, .label = klabel, .group = "Sources", .help = khelp, \
    .ports = SW_TABLE (kports), .params = SW_TABLE (kparams), .vars = SW_TABLE (kvars), \
    .key_param = kkey, .validate = kvalidate, .forces = kforces, .force_flags = SW_FORCE_DAMPING, \
    .variables = kvariables, .state_vars = SW_BIT (4) - 1, \
  }

SPEED_SOURCE (sw_kind_rot_sign_torque, "rotational.sign_torque", N_("Sign torque"),
              N_("Constant torque that changes sign with the speed, regularised near 0 (Modelica's SignTorque)"),
              rot_ports, sign_torque_params, rot_vars, "tau_nominal", sign_validate, sign_forces, sign_variables);
SPEED_SOURCE (sw_kind_trans_sign_force, "translational.sign_force", N_("Sign force"),
              N_("Constant force that changes sign with the speed, regularised near 0 (Modelica's SignForce)"),
              trans_ports, sign_force_params, trans_vars, "f_nominal", sign_validate, sign_forces, sign_variables);
SPEED_SOURCE (sw_kind_rot_inverse_speed_torque, "rotational.inverse_speed_dependent_torque",
              N_("Inverse speed dependent torque"), N_("Torque inversely proportional to the speed, bounded below w0"),
              rot_ports, inverse_torque_params, rot_vars, "tau_nominal", NULL, inverse_forces, inverse_variables);
SPEED_SOURCE (sw_kind_trans_inverse_speed_force, "translational.inverse_speed_dependent_force",
              N_("Inverse speed dependent force"), N_("Force inversely proportional to the speed, bounded below v0"),
              trans_ports, inverse_force_params, trans_vars, "f_nominal", NULL, inverse_forces, inverse_variables);
