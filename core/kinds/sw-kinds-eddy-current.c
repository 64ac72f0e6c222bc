/* sw-kinds-eddy-current.c: Modelica's eddy current brakes, EddyCurrentTorque
 * and EddyCurrentForce (Mechanics.*.Sources), with an optional thermal mass
 * of their own.
 *
 * The law (Kloss's): with w the flange's speed relative to the support,
 * k(T) = 1 + alphaRef (T - TRef), alphaRef = alpha20 / (1 + alpha20 (TRef -
 * 293.15)) (the MSL's linearTemperatureDependency and convertAlpha),
 * w_normalized = w / (w_nominal k(T)) and tau = 2 tau_nominal w_normalized /
 * (1 + w_normalized^2), which brakes the flange (the MSL's tau = flange.tau)
 * and turns lossPower = tau w into heat.
 *
 * The temperature T is the fixed T, or, with a heat capacity C > 0 (the
 * MSL's EddyCurrentBrake: the heat port joined to a HeatCapacitor alone,
 * adiabatic), the state of that thermal mass, from T_start: the coordinate
 * of the part's internal node, massless, whose balance lossPower - C dT/dt
 * = 0 (the heat flow in against the heat stored, as a damper's force
 * against its speed) the engine solves for dT/dt, a first-order state as
 * the damper of a series spring-damper. Linear analysis holds it at the
 * operating point (SwKind.linear_held): a temperature is no vibration, and
 * the brake's torque is linearised at the operating point's temperature.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"
#include "sw-error.h"

enum { EC_FLANGE, EC_SUPPORT, EC_THERMAL };
enum { P_NOMINAL, P_W_NOMINAL, P_TREF, P_ALPHA20, P_T, P_C, P_T_START };

/* The temperature the law sees. */
static double
temperature (const SwPart *p, const SwState *s)
{
  return p->param[P_C] > 0 ? SW_X (p, s, EC_THERMAL) : p->param[P_T];
}

/* tau (braking, positive with w) and w_normalized at the state. */
static double
eddy_tau (const SwPart *p, const SwState *s, double *w_normalized)
{
  double w = SW_V (p, s, EC_FLANGE) - SW_V (p, s, EC_SUPPORT), alpha20 = p->param[P_ALPHA20], tref = p->param[P_TREF];
  double alpha_ref = alpha20 / (1 + alpha20 * (tref - 293.15));
  /* A temperature so far below TRef that the material would conduct
   * without bound is out of the law's reach: held at its edge. */
  double k = MAX (1 + alpha_ref * (temperature (p, s) - tref), 1e-12);
  double wn = w / (p->param[P_W_NOMINAL] * k);

  *w_normalized = wn;
  return 2 * sw_part_signal (p, P_NOMINAL, s, NULL, NULL) * wn / (1 + wn * wn);
}

static void
eddy_build (const SwPart *p, SwBuilder *b)
{
  guint node = p->node[EC_THERMAL];
  double one = 1;

  if (p->param[P_C] > 0)
    {
      sw_builder_set_initial_named (b, p, node, p->param[P_T_START], NAN, p->kind->params[P_T_START].name,
                                    p->kind->params[P_T_START].name);
      sw_builder_set_nominal (b, p, node, p->param[P_T_START], NAN);
    }
  else
    /* No thermal mass: the node is held (the temperature is T). */
    sw_builder_add_constraint (b, p, 1, &node, &one, 0);
}

static void
eddy_forces (const SwPart *p, const SwState *s, double *f)
{
  double wn, tau = eddy_tau (p, s, &wn);

  f[p->node[EC_FLANGE]] -= tau;
  f[p->node[EC_SUPPORT]] += tau;
  if (p->param[P_C] > 0)
    f[p->node[EC_THERMAL]] += tau * (SW_V (p, s, EC_FLANGE) - SW_V (p, s, EC_SUPPORT))
                              - p->param[P_C] * SW_V (p, s, EC_THERMAL);
}

static void
eddy_variables (const SwPart *p, const SwState *s, double *out)
{
  double wn, tau = eddy_tau (p, s, &wn), w = SW_V (p, s, EC_FLANGE) - SW_V (p, s, EC_SUPPORT);
  double t = temperature (p, s);

  out[0] = tau;
  out[1] = SW_X (p, s, EC_FLANGE) - SW_X (p, s, EC_SUPPORT);
  out[2] = w;
  out[3] = wn;
  out[4] = tau * w;
  out[5] = t;
  out[6] = p->param[P_C] > 0 ? p->param[P_C] * (t - p->param[P_T_START]) : 0;
}

static gboolean
eddy_validate (const double *params, GError **error)
{
  double k = 1 + params[P_ALPHA20] * (params[P_TREF] - 293.15);

  if (!(k > 0))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("parameter “alpha20” = %g is not valid with TRef = %g K: 1 + alpha20 (TRef - 293.15 K) must be > 0"),
                   params[P_ALPHA20], params[P_TREF]);
      return FALSE;
    }
  return TRUE;
}

static const SwPortDesc rot_ports[] = { SW_PORT ("flange", SW_ROT), SW_SUPPORT ("support", SW_ROT) };
static const SwPortDesc trans_ports[] = { SW_PORT ("flange", SW_TRANS), SW_SUPPORT ("support", SW_TRANS) };

#define THERMAL_PARAMS \
  SW_POSITIVE ("TRef", N_("Reference temperature"), "K", 293.15, N_("Temperature at which the nominal speed holds")), \
  SW_ANY ("alpha20", N_("Temperature coefficient"), "1/K", 0, \
          N_("Of the material's resistance at 20 °C (copper 3.92e-3): a warmer brake brakes at a higher speed")), \
  SW_POSITIVE ("T", N_("Fixed temperature"), "K", 293.15, N_("The brake's temperature when it has no heat capacity")), \
  SW_NONNEG ("C", N_("Heat capacity"), "J/K", 0, \
             N_("Of the brake's own thermal mass, which its losses heat (adiabatic); 0: none, the temperature is T")), \
  SW_POSITIVE ("T_start", N_("Initial temperature"), "K", 293.15, N_("Of the thermal mass at t = 0 (with C > 0)"))

static const SwParamDesc rot_params[] = {
  { "tau_nominal", N_("Maximum torque"), "N.m", SW_PARAM_SIGNAL, 0, 0, INFINITY, FALSE,
    N_("The largest braking torque, at w_normalized = 1: a number or a signal (Modelica's tau_input)"), NULL },
  SW_POSITIVE ("w_nominal", N_("Nominal speed"), "rad/s", 1, N_("Speed of the largest torque at TRef")),
  THERMAL_PARAMS,
};
static const SwParamDesc trans_params[] = {
  { "f_nominal", N_("Maximum force"), "N", SW_PARAM_SIGNAL, 0, 0, INFINITY, FALSE,
    N_("The largest braking force, at v_normalized = 1: a number or a signal (Modelica's f_input)"), NULL },
  SW_POSITIVE ("v_nominal", N_("Nominal speed"), "m/s", 1, N_("Speed of the largest force at TRef")),
  THERMAL_PARAMS,
};

static const SwVarDesc rot_vars[] = {
  SW_VAR ("tau", "N.m", N_("Braking torque (Modelica's tau = flange.tau), of the speed's sign")),
  SW_VAR ("phi", "rad", N_("Angle of the flange relative to the support")),
  SW_VAR ("w", "rad/s", N_("Speed of the flange relative to the support")),
  SW_VAR ("w_normalized", "", N_("w / (w_nominal at the temperature): the largest torque at 1")),
  SW_VAR ("lossPower", "W", N_("Power turned into heat, tau w (never negative)")),
  SW_VAR ("TheatPort", "K", N_("Temperature of the brake")),
  SW_VAR ("heat", "J", N_("Heat stored in the thermal mass since t = 0, C (T - T_start)")),
};
static const SwVarDesc trans_vars[] = {
  SW_VAR ("f", "N", N_("Braking force (Modelica's f = flange.f), of the speed's sign")),
  SW_VAR ("s", "m", N_("Position of the flange relative to the support")),
  SW_VAR ("v", "m/s", N_("Velocity of the flange relative to the support")),
  SW_VAR ("v_normalized", "", N_("v / (v_nominal at the temperature): the largest force at 1")),
  SW_VAR ("lossPower", "W", N_("Power turned into heat, f v (never negative)")),
  SW_VAR ("TheatPort", "K", N_("Temperature of the brake")),
  SW_VAR ("heat", "J", N_("Heat stored in the thermal mass since t = 0, C (T - T_start)")),
};

/* Placed from the palette, a brake brakes (Modelica's tau_nominal = 0 does
 * nothing). */
static const SwParamValue placed_rot[] = { { "tau_nominal", 100 }, { NULL, 0 } };
static const SwParamValue placed_trans[] = { { "f_nominal", 100 }, { NULL, 0 } };

const SwKind sw_kind_rot_eddy_current_torque = {
  .name = "rotational.eddy_current_torque", .label = N_("Eddy current brake"), .group = "Sources",
  .help = N_("Eddy current brake (Modelica's EddyCurrentTorque): braking torque by Kloss's law of the speed, "
             "shifted by the temperature; optionally with a thermal mass its losses heat"),
  .ports = SW_TABLE (rot_ports), .n_internal = 1, .params = SW_TABLE (rot_params), .vars = SW_TABLE (rot_vars),
  .key_param = "tau_nominal", .main_var = "tau", .validate = eddy_validate, .build = eddy_build,
  .forces = eddy_forces, .force_flags = SW_FORCE_STIFFNESS | SW_FORCE_DAMPING | SW_FORCE_TIME, .variables = eddy_variables,
  .state_vars = SW_BIT (G_N_ELEMENTS (rot_vars)) - 1, .placed = placed_rot, .linear_held = 1,
};

const SwKind sw_kind_trans_eddy_current_force = {
  .name = "translational.eddy_current_force", .label = N_("Eddy current brake"), .group = "Sources",
  .help = N_("Eddy current brake (Modelica's EddyCurrentForce): braking force by Kloss's law of the speed, "
             "shifted by the temperature; optionally with a thermal mass its losses heat"),
  .ports = SW_TABLE (trans_ports), .n_internal = 1, .params = SW_TABLE (trans_params), .vars = SW_TABLE (trans_vars),
  .key_param = "f_nominal", .main_var = "f", .validate = eddy_validate, .build = eddy_build,
  .forces = eddy_forces, .force_flags = SW_FORCE_STIFFNESS | SW_FORCE_DAMPING | SW_FORCE_TIME, .variables = eddy_variables,
  .state_vars = SW_BIT (G_N_ELEMENTS (trans_vars)) - 1, .placed = placed_trans, .linear_held = 1,
};
