/* sw-kinds-lossy-gear.c: Modelica's LossyGear, a gear whose mesh efficiency
 * and bearing friction depend on the direction of the power flow, and
 * which sticks (self-locking included).
 *
 * It is an ideal gear (x_a - x_s) = ratio (x_b - x_s), one row, with a
 * friction torque tauLoss between flange_a and the support (Modelica:
 * 0 = flange_b.tau + ratio (flange_a.tau - tauLoss)). Rolling forward
 * (w_a > 0) with flange_a.tau >= 0 (input driving) tauLoss = (1 - eta_mf1)
 * flange_a.tau + tau_bf1, with flange_a.tau < 0 (output driving) (1 -
 * 1/eta_mf2) flange_a.tau + tau_bf2; backward the same with the bearing
 * friction negated. Stuck, it holds while tauLoss lies between the forward
 * and backward values. The engine runs it as friction with a loss law
 * (SwFrictionDesc.loss): it solves tauLoss with the reactions and locks
 * flange_a to the support when stuck. A lossTable of [[0, 1, 1, 0, 0]] is
 * Modelica's ideal gear: never stuck (mode 2, free).
 *
 * Modelica's Gearbox is a lossy gear whose flange_b drives an elasto-
 * backlash (c, d, b) to the gearbox's flange_b. The node between them has
 * no inertia and follows flange_a through the gear, x_m = x_s + (x_a -
 * x_s) / ratio, so the gearbox needs no row for it: the backlash torque
 * tau from x_b - x_m acts on flange_b, and the gear passes it on to
 * flange_a (flange_a.tau = tauLoss - tau / ratio) and the support.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <float.h>
#include "sw-kinds-private.h"
#include "sw-error.h"

enum { LG_A, LG_B, LG_S };
enum { LG_RATIO, LG_TABLE };
enum { COL_W, COL_ETA1, COL_ETA2, COL_BF1, COL_BF2 };

static gboolean
lossy_validate (const double *params, GError **error)
{
  if (params[LG_RATIO] != 0)
    return TRUE;
  g_set_error_literal (error, SW_ERROR, SW_ERROR_INVALID,
                       _("parameter “ratio” = 0 is not valid; valid: any nonzero number"));
  return FALSE;
}

static void
lossy_build (const SwPart *p, SwBuilder *b)
{
  double r = p->param[LG_RATIO];
  guint nodes[3] = { p->node[LG_A], p->node[LG_B], p->node[LG_S] };
  double coeffs[3] = { 1, -r, r - 1 };

  sw_builder_add_constraint (b, p, 3, nodes, coeffs, 0);
}

static gboolean
is_ideal (const SwPart *p)
{
  const SwTable *t = p->table[LG_TABLE];

  return sw_table_get_n_rows (t) == 1 && sw_table_get (t, 0, COL_ETA1) == 1 && sw_table_get (t, 0, COL_ETA2) == 1
         && sw_table_get (t, 0, COL_BF1) == 0 && sw_table_get (t, 0, COL_BF2) == 0;
}

static double
speed_a (const SwPart *p, const SwState *s)
{
  return SW_V (p, s, LG_A) - SW_V (p, s, LG_S);
}

static void
lossy_limits (const SwPart *p, const SwState *s, double *tau0, double *tau0_max, double *engaged)
{
  (void) s;
  *tau0 = *tau0_max = 0;
  *engaged = is_ideal (p) ? -1 : 1;
}

/* Modelica's quadrants 1 and 2 (forward), 4 and 3 (backward): tauLoss =
 * alpha + beta flange_a.tau. */
static void
quadrant_law (double eta1, double eta2, double bf1, double bf2, int dir, gboolean positive, double *alpha,
              double *beta)
{
  if (positive)
    {
      *alpha = dir > 0 ? bf1 : -bf2;
      *beta = dir > 0 ? 1 - eta1 : 1 - 1 / eta2;
    }
  else
    {
      *alpha = dir > 0 ? bf2 : -bf1;
      *beta = dir > 0 ? 1 - 1 / eta2 : 1 - eta1;
    }
}

static void
lossy_loss (const SwPart *p, const SwState *s, int dir, gboolean positive, double *alpha, double *beta)
{
  const SwTable *t = p->table[LG_TABLE];
  double w = fabs (speed_a (p, s));

  quadrant_law (sw_table_interpolate (t, COL_ETA1, w), sw_table_interpolate (t, COL_ETA2, w),
                fabs (sw_table_interpolate (t, COL_BF1, w)), fabs (sw_table_interpolate (t, COL_BF2, w)), dir,
                positive, alpha, beta);
}

/* Modelica's tau_bf_a: the bearing friction on flange_a's side, from
 * tau_bf1 = eta_mf1 tau_bf_a + tau_bf_b / i and tau_bf2 = tau_bf_a / eta_mf2
 * + tau_bf_b / i (split in half where both efficiencies are 1). */
static double
lossy_bearing (const SwPart *p, const SwState *s)
{
  const SwTable *t = p->table[LG_TABLE];
  double w = fabs (speed_a (p, s));
  double eta1 = sw_table_interpolate (t, COL_ETA1, w), eta2 = sw_table_interpolate (t, COL_ETA2, w);
  double bf1 = fabs (sw_table_interpolate (t, COL_BF1, w)), bf2 = fabs (sw_table_interpolate (t, COL_BF2, w));

  if (fabs (eta1 - 1) <= DBL_EPSILON && fabs (eta2 - 1) <= DBL_EPSILON)
    return 0.5 * bf1;
  return (bf1 - bf2) / (eta1 - 1 / eta2);
}

/* tauLoss: the lock's torque stuck, the engine's solution rolling. */
static double
loss_torque (const SwPart *p, const SwState *s)
{
  switch (s->mode[p->index])
    {
    case SW_FRICTION_STUCK:
      return -SW_LAMBDA (p, s, p->n_rows - 1);
    case SW_FRICTION_FORWARD:
    case SW_FRICTION_BACKWARD:
      return s->loss[p->index];
    default:
      return 0;
    }
}

/* The transmitted torque flange_a.tau but for tauLoss: the gear row's
 * reaction. */
static double
lossy_transmitted (const SwPart *p, const SwState *s)
{
  return -SW_LAMBDA (p, s, 0);
}

static void
lossy_forces (const SwPart *p, const SwState *s, double *f)
{
  int mode = s->mode[p->index];
  double tau = mode == SW_FRICTION_FORWARD || mode == SW_FRICTION_BACKWARD ? s->loss[p->index] : 0;

  f[p->node[LG_S]] += tau;
  f[p->node[LG_A]] -= tau;
}

static void
lossy_variables (const SwPart *p, const SwState *s, double *out)
{
  double r = p->param[LG_RATIO], lambda = SW_LAMBDA (p, s, 0), loss = loss_torque (p, s);
  double tau_a = -lambda + loss, tau_b = r * lambda, tau_s = (1 - r) * lambda - loss;
  double power = tau_a * SW_V (p, s, LG_A) + tau_b * SW_V (p, s, LG_B) + tau_s * SW_V (p, s, LG_S);

  out[0] = tau_a;
  out[1] = tau_b;
  out[2] = tau_s;
  out[3] = speed_a (p, s);
  out[4] = SW_A (p, s, LG_A) - SW_A (p, s, LG_S);
  out[5] = loss;
  out[6] = s->mode[p->index];
  out[7] = power;
  /* All power going in is lost; round-off around speed 0 is not. */
  out[8] = MAX (0, power);
  /* MSL's startForward, startBackward, locked (out[9 .. 11]), set as a
   * clutch's on an event's right row; the mode there is already the
   * rolling one (Dymola's LossyGearDemo1 reference). */
  {
    double flags[4];

    _sw_friction_mode_flags (p, s, flags);
    out[9] = flags[1];
    out[10] = flags[2];
    out[11] = s->mode[p->index] == SW_FRICTION_STUCK && flags[1] == 0 && flags[2] == 0;
  }
}

static const SwPortDesc lossy_ports[] = {
  SW_PORT ("flange_a", SW_ROT), SW_PORT ("flange_b", SW_ROT), SW_SUPPORT ("support", SW_ROT),
};

static const SwColumnDesc loss_columns[] = {
  { "w", "rad/s", 0, INFINITY, FALSE },
  { "eta_mf1", "", 0, 1, TRUE },
  { "eta_mf2", "", 0, 1, TRUE },
  { "tau_bf1", "N.m", 0, INFINITY, FALSE },
  { "tau_bf2", "N.m", 0, INFINITY, FALSE },
};
static const double loss_default[] = { 0, 1, 1, 0, 0 };
static const SwTableDesc loss_table = { loss_columns, 5, loss_default, 1 };

static const SwParamDesc lossy_params[] = {
  SW_ANY ("ratio", N_("Transmission ratio"), "", 1, N_("flange_a.phi / flange_b.phi; nonzero")),
  SW_TABLE_PARAM ("lossTable", N_("Loss table"),
                  N_("Rows [|w_a|, eta_mf1, eta_mf2, tau_bf1, tau_bf2]: mesh efficiency when flange_a drives "
                     "(eta_mf1) and when flange_b drives (eta_mf2), bearing friction torques at flange_a for "
                     "the two directions of power flow; [[0, 1, 1, 0, 0]] is an ideal gear"),
                  &loss_table),
};

static const SwVarDesc lossy_vars[] = {
  SW_VAR ("flange_a.tau", "N.m", N_("Torque acting on the gear through flange_a")),
  SW_VAR ("flange_b.tau", "N.m", N_("Torque acting on the gear through flange_b")),
  SW_VAR ("support.tau", "N.m", N_("Reaction torque acting on the gear through its support")),
  SW_VAR ("w_a", "rad/s", N_("Speed of flange_a relative to the support")),
  SW_VAR ("a_a", "rad/s2", N_("Acceleration of flange_a relative to the support")),
  SW_VAR ("tauLoss", "N.m", N_("Torque lost in the gear, at flange_a (mesh and bearing friction)")),
  SW_VAR ("mode", "", N_("-1 rolling backward, 0 stuck, 1 rolling forward, 2 ideal (no losses)")),
  SW_VAR ("power", "W", N_("Power going in through the flanges and the support")),
  SW_VAR ("lossPower", "W", N_("Power turned into heat (never negative)")),
  SW_VAR ("startForward", "", N_("1 at the instant it starts to roll forward")),
  SW_VAR ("startBackward", "", N_("1 at the instant it starts to roll backward")),
  SW_VAR ("locked", "", N_("1 while stuck")),
};

static const SwFrictionDesc lossy_friction = {
  .port_a = LG_S, .port_b = LG_A, .limits = lossy_limits, .loss = lossy_loss, .transmitted = lossy_transmitted,
  .bearing = lossy_bearing,
};

const SwKind sw_kind_rot_lossy_gear = {
  .name = "rotational.lossy_gear", .label = N_("Lossy gear"), .group = "Friction and clutches",
  .help = N_("Gear with mesh efficiency and bearing friction that depend on the direction of the power flow "
             "(Modelica's LossyGear); it sticks at zero speed, and locks itself where the efficiency is low"),
  .ports = SW_TABLE (lossy_ports), .params = SW_TABLE (lossy_params), .vars = SW_TABLE (lossy_vars),
  .state_vars = SW_BIT (3) | SW_BIT (6) | SW_BIT (9) | SW_BIT (10) | SW_BIT (11),
  .key_param = "ratio", .main_var = "tauLoss", .validate = lossy_validate,
  .build = lossy_build, .forces = lossy_forces, .variables = lossy_variables,
  .force_flags = SW_FORCE_DAMPING | SW_FORCE_TIME, .friction = &lossy_friction,
};

/* ---- Gearbox ------------------------------------------------------------ */

enum { GB_C = LG_TABLE + 1, GB_D, GB_B };

static gboolean
gearbox_validate (const double *params, GError **error)
{
  if (!lossy_validate (params, error))
    return FALSE;
  if (params[GB_B] > SW_BACKLASH_NO_PLAY && !(params[GB_C] > 0))
    {
      g_set_error_literal (error, SW_ERROR, SW_ERROR_INVALID,
                           _("parameter “c” = 0 is not valid with backlash (b > 0); valid: c > 0"));
      return FALSE;
    }
  return TRUE;
}

/* The backlash's relative angle and speed (flange_b against the gear's
 * output), its spring torque and its torque. */
static void
gearbox_backlash (const SwPart *p, const SwState *s, double *rel, double *w, double *tau_c, double *tau)
{
  double r = p->param[LG_RATIO];

  *rel = SW_X (p, s, LG_B) - SW_X (p, s, LG_S) - (SW_X (p, s, LG_A) - SW_X (p, s, LG_S)) / r;
  *w = SW_V (p, s, LG_B) - SW_V (p, s, LG_S) - (SW_V (p, s, LG_A) - SW_V (p, s, LG_S)) / r;
  _sw_backlash_law (p->param[GB_C], p->param[GB_D], p->param[GB_B], *rel, *w, tau_c, tau);
}

static double
gearbox_transmitted (const SwPart *p, const SwState *s)
{
  double rel, w, tau_c, tau;

  gearbox_backlash (p, s, &rel, &w, &tau_c, &tau);
  return -tau / p->param[LG_RATIO];
}

/* The backlash on flange_b, passed through the gear; rolling, tauLoss
 * (stuck, the lock carries it). */
static void
gearbox_forces (const SwPart *p, const SwState *s, double *f)
{
  int mode = s->mode[p->index];
  double loss = mode == SW_FRICTION_FORWARD || mode == SW_FRICTION_BACKWARD ? s->loss[p->index] : 0;
  double rel, w, tau_c, tau, tau_a;

  gearbox_backlash (p, s, &rel, &w, &tau_c, &tau);
  tau_a = loss - tau / p->param[LG_RATIO];
  f[p->node[LG_A]] -= tau_a;
  f[p->node[LG_B]] -= tau;
  f[p->node[LG_S]] += tau_a + tau;
}

static void
gearbox_variables (const SwPart *p, const SwState *s, double *out)
{
  double rel, w, tau_c, tau, loss = loss_torque (p, s), w_a = speed_a (p, s);
  double c = p->param[GB_C], tau_a, tau_s, power;

  gearbox_backlash (p, s, &rel, &w, &tau_c, &tau);
  tau_a = loss - tau / p->param[LG_RATIO];
  tau_s = -(tau_a + tau);
  power = tau_a * SW_V (p, s, LG_A) + tau * SW_V (p, s, LG_B) + tau_s * SW_V (p, s, LG_S);
  out[0] = tau_a;
  out[1] = tau;
  out[2] = tau_s;
  out[3] = w_a;
  out[4] = SW_A (p, s, LG_A) - SW_A (p, s, LG_S);
  out[5] = rel;
  out[6] = w;
  out[7] = loss;
  out[8] = s->mode[p->index];
  out[9] = c > 0 ? 0.5 * tau_c * tau_c / c : 0;
  out[10] = power;
  /* The gear's loss and the backlash damping's, each never negative. */
  out[11] = MAX (0, loss * w_a) + MAX (0, (tau - tau_c) * w);
  out[12] = tau != 0;
}

/* MSL's Gearbox has relative states phi_rel, w_rel across its
 * elasto-backlash: flange_b against the gear's output, x_B - x_S - (x_A -
 * x_S) / ratio. */
static void
gearbox_build (const SwPart *p, SwBuilder *b)
{
  double r = p->param[LG_RATIO];
  guint nodes[3] = { p->node[LG_B], p->node[LG_A], p->node[LG_S] };
  double coeffs[3] = { 1, -1 / r, 1 / r - 1 };

  if (!isnan (p->param[GB_B + 1]) || !isnan (p->param[GB_B + 2]))
    sw_builder_set_initial_combination (b, p, 3, nodes, coeffs, p->param[GB_B + 1], p->param[GB_B + 2],
                                        p->kind->params[GB_B + 1].name, p->kind->params[GB_B + 2].name);
}

static const SwParamDesc gearbox_params[] = {
  SW_ANY ("ratio", N_("Transmission ratio"), "", 1, N_("flange_a.phi / flange_b.phi; nonzero")),
  SW_TABLE_PARAM ("lossTable", N_("Loss table"),
                  N_("Rows [|w_a|, eta_mf1, eta_mf2, tau_bf1, tau_bf2]: mesh efficiency when flange_a drives "
                     "(eta_mf1) and when flange_b drives (eta_mf2), bearing friction torques at flange_a for "
                     "the two directions of power flow; [[0, 1, 1, 0, 0]] is an ideal gear"),
                  &loss_table),
  SW_NONNEG ("c", N_("Spring constant"), "N.m/rad", 1e5,
             N_("Torsional stiffness of the gear's output in contact (> 0 with backlash)")),
  SW_NONNEG ("d", N_("Damping constant"), "N.m.s/rad", 0, N_("Torsional damping in contact; it never pulls")),
  SW_NONNEG ("b", N_("Total backlash"), "rad", 0, N_("Play at the output: free within ±b/2")),
  SW_INITIAL ("phi_rel_start", N_("Initial relative angle"), "rad",
              N_("Twist of the output at t = 0, flange_b against the gear's output (Modelica's phi_rel(start, "
                 "fixed = true)); absent: from the flanges")),
  SW_INITIAL ("w_rel_start", N_("Initial relative speed"), "rad/s",
              N_("Rate of twist of the output at t = 0 (Modelica's w_rel(start, fixed = true)); absent: from the "
                 "flanges")),
};

static const SwVarDesc gearbox_vars[] = {
  SW_VAR ("flange_a.tau", "N.m", N_("Torque acting on the gearbox through flange_a")),
  SW_VAR ("flange_b.tau", "N.m", N_("Torque acting on the gearbox through flange_b (the backlash torque)")),
  SW_VAR ("support.tau", "N.m", N_("Reaction torque acting on the gearbox through its support")),
  SW_VAR ("w_a", "rad/s", N_("Speed of flange_a relative to the support")),
  SW_VAR ("a_a", "rad/s2", N_("Acceleration of flange_a relative to the support")),
  SW_VAR ("phi_rel", "rad", N_("Twist of the output: flange_b against the gear's output")),
  SW_VAR ("w_rel", "rad/s", N_("Rate of twist of the output")),
  SW_VAR ("tauLoss", "N.m", N_("Torque lost in the gear, at flange_a (mesh and bearing friction)")),
  SW_VAR ("mode", "", N_("-1 rolling backward, 0 stuck, 1 rolling forward, 2 ideal (no losses)")),
  SW_VAR ("energy", "J", N_("Potential energy stored in the output's spring")),
  SW_VAR ("power", "W", N_("Power going in through the flanges and the support")),
  SW_VAR ("lossPower", "W", N_("Power turned into heat in the gear and the damping (never negative)")),
  SW_VAR ("contact", "", N_("1 while the teeth touch and transmit torque, else 0")),
};

static const SwFrictionDesc gearbox_friction = {
  .port_a = LG_S, .port_b = LG_A, .limits = lossy_limits, .loss = lossy_loss, .transmitted = gearbox_transmitted,
  .bearing = lossy_bearing,
};

const SwKind sw_kind_rot_gearbox = {
  .name = "rotational.gearbox", .label = N_("Gearbox"), .group = "Friction and clutches",
  .help = N_("Realistic gearbox (Modelica's Gearbox): a lossy gear whose output drives flange_b through an "
             "elasto-backlash (stiffness, damping, play)"),
  .ports = SW_TABLE (lossy_ports), .params = SW_TABLE (gearbox_params), .vars = SW_TABLE (gearbox_vars),
  .state_vars = SW_BIT (3) | SW_BIT (5) | SW_BIT (6) | SW_BIT (8) | SW_BIT (9) | SW_BIT (12),
  .key_param = "ratio", .main_var = "tauLoss", .validate = gearbox_validate,
  .build = gearbox_build, .forces = gearbox_forces, .variables = gearbox_variables,
  .force_flags = SW_FORCE_STIFFNESS | SW_FORCE_DAMPING | SW_FORCE_TIME, .friction = &gearbox_friction,
};

/* ---- Twin Builder's gearbox with losses --------------------------------- */

/* gear_loss (seed-000 §3.15): torque2 = -torque1 ratio eta with the power
 * flowing from shaft 1, -torque1 ratio / eta from shaft 2. The manual
 * switches on the sign of the power and warns of chattering at zero power;
 * here it is Modelica's lossy gear with eta both ways and no bearing
 * friction, whose stuck mode holds the zero-power instants (it rolls on
 * wherever the manual's gear turns). */
enum { TB_RATIO, TB_ETA };

static gboolean
gear_loss_is_ideal (const SwPart *p)
{
  return p->param[TB_ETA] == 1;
}

static void
gear_loss_limits (const SwPart *p, const SwState *s, double *tau0, double *tau0_max, double *engaged)
{
  (void) s;
  *tau0 = *tau0_max = 0;
  *engaged = gear_loss_is_ideal (p) ? -1 : 1;
}

static void
gear_loss_law (const SwPart *p, const SwState *s, int dir, gboolean positive, double *alpha, double *beta)
{
  (void) s;
  quadrant_law (p->param[TB_ETA], p->param[TB_ETA], 0, 0, dir, positive, alpha, beta);
}

static void
gear_loss_variables (const SwPart *p, const SwState *s, double *out)
{
  double gear[12];

  lossy_variables (p, s, gear);
  out[0] = SW_V (p, s, LG_A) * 60 / (2 * G_PI);
  out[1] = SW_V (p, s, LG_A);
  out[2] = gear[0];
  out[3] = SW_V (p, s, LG_B) * 60 / (2 * G_PI);
  out[4] = SW_V (p, s, LG_B);
  out[5] = gear[1];
  out[6] = gear[5];
  out[7] = gear[6];
  out[8] = gear[8];
}

static const SwPortDesc gear_loss_ports[] = {
  SW_PORT ("rot1", SW_ROT), SW_PORT ("rot2", SW_ROT), SW_SUPPORT ("support", SW_ROT),
};

static const SwParamDesc gear_loss_params[] = {
  SW_ANY ("ratio", N_("Gear ratio"), "", 1, N_("omega1 / omega2; nonzero")),
  { "eta", N_("Efficiency"), "", SW_PARAM_REAL, 0.95, 0, 1, TRUE,
    N_("torque2 = -torque1 × ratio × eta with the power flowing from shaft 1, / eta from shaft 2"), NULL },
};

static const SwVarDesc gear_loss_vars[] = {
  SW_VAR ("n1", "rpm", N_("Speed of shaft 1")),
  SW_VAR ("omega1", "rad/s", N_("Angular velocity of shaft 1")),
  SW_VAR ("torque1", "N.m", N_("Torque acting on the gearbox through shaft 1")),
  SW_VAR ("n2", "rpm", N_("Speed of shaft 2")),
  SW_VAR ("omega2", "rad/s", N_("Angular velocity of shaft 2")),
  SW_VAR ("torque2", "N.m", N_("Torque acting on the gearbox through shaft 2")),
  SW_VAR ("tauLoss", "N.m", N_("Torque lost in the mesh, at shaft 1")),
  SW_VAR ("mode", "", N_("-1 rolling backward, 0 stuck, 1 rolling forward, 2 ideal (eta = 1)")),
  SW_VAR ("lossPower", "W", N_("Power turned into heat (never negative)")),
};

static const SwFrictionDesc gear_loss_friction = {
  .port_a = LG_S, .port_b = LG_A, .limits = gear_loss_limits, .loss = gear_loss_law,
  .transmitted = lossy_transmitted,
};

const SwKind sw_kind_rot_gear_loss = {
  .name = "rotational.gear_loss", .label = N_("Gearbox with losses"), .group = "Transmission",
  .help = N_("Twin Builder's gearbox with losses: ratio and efficiency, 1/eta when the power flows back from "
             "shaft 2; no inertia (Modelica's lossy gear with eta both ways, which sticks where the manual's "
             "would chatter at zero power)"),
  .ports = SW_TABLE (gear_loss_ports), .params = SW_TABLE (gear_loss_params), .vars = SW_TABLE (gear_loss_vars),
  .key_param = "ratio", .main_var = "torque2", .validate = lossy_validate,
  .build = lossy_build, .forces = lossy_forces, .variables = gear_loss_variables,
  .force_flags = SW_FORCE_DAMPING | SW_FORCE_TIME, .friction = &gear_loss_friction,
  .state_vars = SW_BIT (0) | SW_BIT (1) | SW_BIT (3) | SW_BIT (4) | SW_BIT (7),
};
