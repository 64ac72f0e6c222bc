/* sw-kinds-friction.c: Coulomb friction with sticking (Modelica's
 * PartialFriction family): bearing friction and brakes against the
 * housing, clutches between two flanges; support friction and brakes of
 * sliding masses.
 *
 * Sliding, the friction torque is a function of the relative speed (a table
 * mirrored for negative speeds) times the normal force; stuck, the element
 * is a rigid lock whose torque follows from the coupled equations, and it
 * breaks away when that torque would exceed the maximum static friction
 * peak * (the sliding torque at speed 0). The engine runs this state
 * machine with exact events (sw-friction.c). Translational kinds are the
 * same with forces and speeds (the sign of MSL 3.0.1: friction opposes the
 * speed).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"
#include "sw-error.h"

/* Ports. The bearing friction and the brake join flange_a and flange_b
 * rigidly and rub against the support; the clutch rubs flange_b on
 * flange_a. */
enum { F_A, F_B, F_SUPPORT };

static const SwPortDesc housing_ports[] = {
  SW_PORT ("flange_a", SW_ROT), SW_PORT ("flange_b", SW_ROT), SW_SUPPORT ("support", SW_ROT),
};
static const SwPortDesc clutch_ports[] = { SW_PORT ("flange_a", SW_ROT), SW_PORT ("flange_b", SW_ROT) };
static const SwPortDesc trans_housing_ports[] = {
  SW_PORT ("flange_a", SW_TRANS), SW_PORT ("flange_b", SW_TRANS), SW_SUPPORT ("support", SW_TRANS),
};

/* The flanges of a bearing or brake turn together. */
static void
housing_build (const SwPart *p, SwBuilder *b)
{
  guint nodes[2] = { p->node[F_A], p->node[F_B] };
  double coeffs[2] = { -1, 1 };

  sw_builder_add_constraint (b, p, 2, nodes, coeffs, 0);
}

/* Parameters of the kinds with a normal force. */
enum { P_TABLE, P_PEAK, P_CGEO, P_FN_MAX, P_F_NORMALIZED };

/* How engaged: 1 for bearing friction (it always rubs), f_normalized for a
 * brake or clutch (free at 0 or below). */
static double
engagement (const SwPart *p, const SwState *s)
{
  if (p->kind->n_params <= P_F_NORMALIZED)
    return 1;
  return sw_part_signal (p, P_F_NORMALIZED, s, NULL, NULL);
}

/* The factor of the table's values: 1 for bearing friction, cgeo fn for a
 * brake or clutch (with fn = fn_max f_normalized). */
static double
normal_factor (const SwPart *p, const SwState *s)
{
  if (p->kind->n_params <= P_F_NORMALIZED)
    return 1;
  return p->param[P_CGEO] * p->param[P_FN_MAX] * MAX (0, engagement (p, s));
}

static void
limits (const SwPart *p, const SwState *s, double *tau0, double *tau0_max, double *engaged)
{
  *tau0 = normal_factor (p, s) * sw_table_interpolate (p->table[P_TABLE], 1, 0);
  *tau0_max = p->param[P_PEAK] * *tau0;
  /* A brake or clutch without normal force (or without fn_max or cgeo)
   * transmits nothing. */
  *engaged = normal_factor (p, s) > 0 ? engagement (p, s) : MIN (engagement (p, s), 0);
}

/* The friction torque sliding in the part's mode (0 stuck or free: the
 * lock, or nothing, carries it), positive against positive speed. */
static double
sliding_torque (const SwPart *p, const SwState *s, double w)
{
  switch (s->mode[p->index])
    {
    case SW_FRICTION_FORWARD:
      return normal_factor (p, s) * sw_table_interpolate (p->table[P_TABLE], 1, MAX (w, 0));
    case SW_FRICTION_BACKWARD:
      return -normal_factor (p, s) * sw_table_interpolate (p->table[P_TABLE], 1, MAX (-w, 0));
    default:
      return 0;
    }
}

/* The other side of the rubbing: the support, or flange_a of a clutch. */
static guint
other_port (const SwPart *p)
{
  return p->kind->friction->port_a;
}

static void
friction_forces (const SwPart *p, const SwState *s, double *f)
{
  double tau = sliding_torque (p, s, SW_V (p, s, F_B) - SW_V (p, s, other_port (p)));

  f[p->node[other_port (p)]] += tau;
  f[p->node[F_B]] -= tau;
}

/* mode, startForward, startBackward, locked with Modelica's values on an
 * event's two rows: at a break-away from stuck (start +-1) the right limit
 * still says Stuck with startForward (startBackward) set, the sliding mode
 * following once w_rel has left 0 (Dymola's second event, microseconds
 * later); locked is off from that row on. A part that slides through 0
 * into the other direction (start +-2) shows that direction at once, its
 * start converged away as in Modelica's event iteration. The start marks
 * are set on an event's right row only. */
void
_sw_friction_mode_flags (const SwPart *p, const SwState *s, double *out)
{
  int start = s->start[p->index];
  gboolean starting = start == 1 || start == -1;
  int shown = starting ? SW_FRICTION_STUCK : s->mode[p->index];

  out[0] = shown;
  out[1] = starting && start > 0;
  out[2] = starting && start < 0;
  out[3] = shown == SW_FRICTION_STUCK && !starting;
}

static void
friction_variables (const SwPart *p, const SwState *s, double *out)
{
  int mode = s->mode[p->index];
  double w = SW_V (p, s, F_B) - SW_V (p, s, other_port (p));
  /* Stuck, the lock is the part's last row; its multiplier acts on flange_b
   * as -tau. */
  double tau = mode == SW_FRICTION_STUCK ? -SW_LAMBDA (p, s, p->n_rows - 1) : sliding_torque (p, s, w);

  out[0] = SW_X (p, s, F_B) - SW_X (p, s, other_port (p));
  out[1] = w;
  out[2] = SW_A (p, s, F_B) - SW_A (p, s, other_port (p));
  out[3] = tau;
  _sw_friction_mode_flags (p, s, out + 4);
  /* Sliding, tau opposes w by construction; right after a break-away w
   * may still show round-off of the other sign: no power comes from that. */
  out[8] = tau * w;
  out[9] = mode == SW_FRICTION_STUCK ? 0 : MAX (0, tau * w);
  /* Modelica's free (f_normalized <= 0: no normal force; bearing friction
   * never) and the one-way clutch's stuck. */
  if (p->kind->n_vars > 10)
    out[10] = p->kind->n_params > P_F_NORMALIZED && engagement (p, s) <= 0;
  if (p->kind->n_vars > 11)
    out[11] = out[7] != 0 || w <= 0;
}

static const SwFrictionDesc housing_friction = { F_SUPPORT, F_B, limits };
static const SwFrictionDesc clutch_friction = { F_A, F_B, limits };

/* Tables: Modelica's defaults. */
static const SwColumnDesc tau_pos_columns[] = {
  { "w", "rad/s", 0, INFINITY, FALSE },
  { "tau", "N.m", 0, INFINITY, FALSE },
};
static const double tau_pos_default[] = { 0, 1 };
static const SwTableDesc tau_pos_table = { tau_pos_columns, 2, tau_pos_default, 1 };

static const SwColumnDesc mue_pos_columns[] = {
  { "w", "rad/s", 0, INFINITY, FALSE },
  { "mue", "", 0, INFINITY, FALSE },
};
static const double mue_pos_default[] = { 0, 0.5 };
static const SwTableDesc mue_pos_table = { mue_pos_columns, 2, mue_pos_default, 1 };

static const SwColumnDesc f_pos_columns[] = {
  { "v", "m/s", 0, INFINITY, FALSE },
  { "f", "N", 0, INFINITY, FALSE },
};
static const SwTableDesc f_pos_table = { f_pos_columns, 2, tau_pos_default, 1 };

static const SwColumnDesc trans_mue_pos_columns[] = {
  { "v", "m/s", 0, INFINITY, FALSE },
  { "mue", "", 0, INFINITY, FALSE },
};
static const SwTableDesc trans_mue_pos_table = { trans_mue_pos_columns, 2, mue_pos_default, 1 };

#define PEAK SW_REAL ("peak", N_("Peak factor"), "", 1, 1, INFINITY, \
                      N_("Maximum static friction = peak × the sliding friction at speed 0 (peak ≥ 1)"))

static const SwParamDesc bearing_params[] = {
  SW_TABLE_PARAM ("tau_pos", N_("Friction torque"), N_("Friction torque against positive speed: rows [w, tau], "
                                                     "w from 0 increasing; mirrored for negative speeds"),
                  &tau_pos_table),
  PEAK,
};

#define NORMAL_FORCE_PARAMS \
  SW_TABLE_PARAM ("mue_pos", N_("Friction coefficient"), N_("Friction coefficient against positive relative " \
                                                          "speed: rows [w, mue], w from 0 increasing"), \
                  &mue_pos_table), \
  PEAK, \
  SW_NONNEG ("cgeo", N_("Geometry constant"), "m", 1, \
             N_("Friction torque = cgeo × mue × normal force; N plates of radii r_i, r_o: N (r_o + r_i) / 2")), \
  SW_REAL ("fn_max", N_("Maximum normal force"), "N", 1, 0, INFINITY, \
           N_("Normal force when f_normalized = 1 (Modelica's start value 1 N: set it)")), \
  { "f_normalized", N_("Normalised normal force"), "", SW_PARAM_SIGNAL, 1, 0, 1, FALSE, \
    N_("Normal force / fn_max, from 0 (released) to 1 (fully engaged): a number or a signal"), NULL }

static const SwParamDesc brake_params[] = { NORMAL_FORCE_PARAMS };

static const SwParamDesc support_friction_params[] = {
  SW_TABLE_PARAM ("f_pos", N_("Friction force"), N_("Friction force against positive speed: rows [v, f], "
                                                   "v from 0 increasing; mirrored for negative speeds"),
                  &f_pos_table),
  PEAK,
};
static const SwParamDesc trans_brake_params[] = {
  SW_TABLE_PARAM ("mue_pos", N_("Friction coefficient"), N_("Friction coefficient against positive speed: rows "
                                                          "[v, mue], v from 0 increasing"),
                  &trans_mue_pos_table),
  PEAK,
  SW_NONNEG ("cgeo", N_("Geometry constant"), "", 1, N_("Friction force = cgeo × mue × normal force")),
  SW_REAL ("fn_max", N_("Maximum normal force"), "N", 1, 0, INFINITY,
           N_("Normal force when f_normalized = 1 (Modelica's start value 1 N: set it)")),
  { "f_normalized", N_("Normalised normal force"), "", SW_PARAM_SIGNAL, 1, 0, 1, FALSE,
    N_("Normal force / fn_max, from 0 (released) to 1 (fully engaged): a number or a signal"), NULL },
};
/* Clutches have MSL's relative states (phi_rel, w_rel) after the normal
 * force's parameters. */
enum { P_REL_START = P_F_NORMALIZED + 1 };
static const SwParamDesc clutch_params[] = { NORMAL_FORCE_PARAMS, SW_REL_START_ROT };

static void
clutch_build (const SwPart *p, SwBuilder *b)
{
  sw_kind_build_relative_start (p, b, F_A, F_B, P_REL_START);
}

/* Variables, Modelica's names. mode: -1 sliding backward, 0 stuck, 1
 * sliding forward, 2 free (no normal force). */
#define FRICTION_STATE_VARS \
  SW_VAR ("mode", "", N_("-1 sliding backward, 0 stuck, 1 sliding forward, 2 free")), \
  SW_VAR ("startForward", "", N_("1 at the instant it breaks away forward")), \
  SW_VAR ("startBackward", "", N_("1 at the instant it breaks away backward")), \
  SW_VAR ("locked", "", N_("1 while stuck")), \
  SW_VAR ("power", "W", N_("Power going in through the flanges (tau w_rel)")), \
  SW_VAR ("lossPower", "W", N_("Power turned into heat (never negative)"))

/* Relative position and speed, mode, startForward, startBackward, locked. */
#define FRICTION_STATE_BITS (SW_BIT (0) | SW_BIT (1) | SW_BIT (4) | SW_BIT (5) | SW_BIT (6) | SW_BIT (7))
/* And free (time: the normal force's signal), the one-way clutch's
 * stuck. */
#define FREE_BIT SW_BIT (10)
#define STUCK_BIT SW_BIT (11)

static const SwVarDesc housing_vars[] = {
  SW_VAR ("phi", "rad", N_("Angle of the flanges relative to the support")),
  SW_VAR ("w", "rad/s", N_("Speed relative to the support")),
  SW_VAR ("a", "rad/s2", N_("Acceleration relative to the support")),
  SW_VAR ("tau", "N.m", N_("Friction torque (positive against positive speed)")),
  FRICTION_STATE_VARS,
  SW_VAR ("free", "", N_("1 while there is no normal force: the element is not active")),
};
static const SwVarDesc trans_housing_vars[] = {
  SW_VAR ("s", "m", N_("Position of the flanges relative to the support")),
  SW_VAR ("v", "m/s", N_("Speed relative to the support")),
  SW_VAR ("a", "m/s2", N_("Acceleration relative to the support")),
  SW_VAR ("f", "N", N_("Friction force (positive against positive speed)")),
  FRICTION_STATE_VARS,
  SW_VAR ("free", "", N_("1 while there is no normal force: the element is not active")),
};
static const SwVarDesc clutch_vars[] = {
  SW_VAR ("phi_rel", "rad", N_("Relative angle flange_b - flange_a")),
  SW_VAR ("w_rel", "rad/s", N_("Relative speed")),
  SW_VAR ("a_rel", "rad/s2", N_("Relative acceleration")),
  SW_VAR ("tau", "N.m", N_("Friction torque (flange_b.tau; positive against positive w_rel)")),
  FRICTION_STATE_VARS,
  SW_VAR ("free", "", N_("1 while there is no normal force: the element is not active")),
};
static const SwVarDesc one_way_vars[] = {
  SW_VAR ("phi_rel", "rad", N_("Relative angle flange_b - flange_a")),
  SW_VAR ("w_rel", "rad/s", N_("Relative speed")),
  SW_VAR ("a_rel", "rad/s2", N_("Relative acceleration")),
  SW_VAR ("tau", "N.m", N_("Friction torque (flange_b.tau; positive against positive w_rel)")),
  FRICTION_STATE_VARS,
  SW_VAR ("free", "", N_("1 while there is no normal force: the element is not active")),
  SW_VAR ("stuck", "", N_("1 while w_rel = 0 or the freewheel holds (locked, or w_rel <= 0)")),
};

const SwKind sw_kind_rot_bearing_friction = {
  .name = "rotational.bearing_friction", .label = N_("Bearing friction"), .group = "Friction and clutches",
  .help = N_("Coulomb friction in a bearing: the flanges rub against the support; sticks at zero speed"),
  .ports = SW_TABLE (housing_ports), .params = SW_TABLE (bearing_params), .vars = SW_TABLE (housing_vars),
  .state_vars = FRICTION_STATE_BITS | FREE_BIT,
  .key_param = "tau_pos", .main_var = "tau",
  .build = housing_build, .forces = friction_forces, .variables = friction_variables,
  .force_flags = SW_FORCE_DAMPING | SW_FORCE_TIME, .friction = &housing_friction,
};

/* Placed from the palette, a brake or clutch holds: 1000 N of normal force
 * (500 N.m or N with cgeo = 1 and mue = 0.5), not Modelica's 1 N. */
static const SwParamValue placed_normal_force[] = { { "fn_max", 1000 }, { NULL, 0 } };

const SwKind sw_kind_rot_brake = {
  .name = "rotational.brake", .label = N_("Brake"), .group = "Friction and clutches",
  .help = N_("Brake: friction between the flanges and the support with a controlled normal force"),
  .ports = SW_TABLE (housing_ports), .params = SW_TABLE (brake_params), .vars = SW_TABLE (housing_vars),
  .state_vars = FRICTION_STATE_BITS | FREE_BIT,
  .key_param = "fn_max", .main_var = "tau",
  .build = housing_build, .forces = friction_forces, .variables = friction_variables,
  .force_flags = SW_FORCE_DAMPING | SW_FORCE_TIME, .friction = &housing_friction,
  .placed = placed_normal_force,
};

const SwKind sw_kind_rot_clutch = {
  .name = "rotational.clutch", .label = N_("Clutch"), .group = "Friction and clutches",
  .help = N_("Clutch: friction between two flanges with a controlled normal force; locks when they turn "
             "together"),
  .ports = SW_TABLE (clutch_ports), .params = SW_TABLE (clutch_params), .vars = SW_TABLE (clutch_vars),
  .state_vars = FRICTION_STATE_BITS | FREE_BIT,
  .key_param = "fn_max", .main_var = "w_rel",
  .build = clutch_build, .forces = friction_forces, .variables = friction_variables,
  .force_flags = SW_FORCE_DAMPING | SW_FORCE_TIME, .friction = &clutch_friction,
  .placed = placed_normal_force,
};

/* Translational: the same machine with forces (MSL 3.0.1's sign: the
 * friction force opposes the speed). */
const SwKind sw_kind_trans_support_friction = {
  .name = "translational.support_friction", .label = N_("Support friction"), .group = "Friction and clutches",
  .help = N_("Coulomb friction between the flanges and the support; sticks at zero speed"),
  .ports = SW_TABLE (trans_housing_ports), .params = SW_TABLE (support_friction_params),
  .vars = SW_TABLE (trans_housing_vars), .state_vars = FRICTION_STATE_BITS | FREE_BIT, .key_param = "f_pos",
  .main_var = "f",
  .build = housing_build, .forces = friction_forces, .variables = friction_variables,
  .force_flags = SW_FORCE_DAMPING | SW_FORCE_TIME, .friction = &housing_friction,
};

const SwKind sw_kind_trans_brake = {
  .name = "translational.brake", .label = N_("Brake"), .group = "Friction and clutches",
  .help = N_("Brake: friction between the flanges and the support with a controlled normal force"),
  .ports = SW_TABLE (trans_housing_ports), .params = SW_TABLE (trans_brake_params),
  .vars = SW_TABLE (trans_housing_vars), .state_vars = FRICTION_STATE_BITS | FREE_BIT, .key_param = "fn_max",
  .main_var = "f",
  .build = housing_build, .forces = friction_forces, .variables = friction_variables,
  .force_flags = SW_FORCE_DAMPING | SW_FORCE_TIME, .friction = &housing_friction,
  .placed = placed_normal_force,
};

/* Mass with hard stops and Stribeck friction against the support (Modelica's
 * MassWithStopAndFriction): flange_b - flange_a = L, the mass on flange_a
 * (its centre s = flange_a + L/2); sliding, f = F_prop v + sign (v)
 * (F_Coulomb + F_Stribeck exp (-fexp |v|)); the largest static force is
 * 1.001 (F_Coulomb + F_Stribeck). It stops dead at flange_b = smax and at
 * flange_a = smin (both relative to the support, which is the ground unless
 * connected). */
enum { MS_M, MS_X0, MS_V0, MS_L, MS_SMAX, MS_SMIN, MS_F_PROP, MS_F_COULOMB, MS_F_STRIBECK, MS_FEXP };
enum { MS_A, MS_B, MS_SUPPORT };

static void
stop_mass_build (const SwPart *p, SwBuilder *b)
{
  guint nodes[2] = { p->node[MS_B], p->node[MS_A] };
  double coeffs[2] = { 1, -1 };
  double L = p->param[MS_L];

  sw_builder_add_constraint (b, p, 2, nodes, coeffs, L);
  sw_builder_add_mass (b, p, p->node[MS_A], p->param[MS_M]);
  sw_builder_set_initial (b, p, p->node[MS_A], p->param[MS_X0], -L / 2, p->param[MS_V0]);
}

static double
stribeck_force (const SwPart *p, const SwState *s, double v)
{
  double coulomb = p->param[MS_F_COULOMB] + p->param[MS_F_STRIBECK] * exp (-p->param[MS_FEXP] * fabs (v));

  switch (s->mode[p->index])
    {
    case SW_FRICTION_FORWARD:
      return p->param[MS_F_PROP] * v + coulomb;
    case SW_FRICTION_BACKWARD:
      return p->param[MS_F_PROP] * v - coulomb;
    default:
      return 0;
    }
}

static void
stop_mass_forces (const SwPart *p, const SwState *s, double *f)
{
  double force = stribeck_force (p, s, SW_V (p, s, MS_B) - SW_V (p, s, MS_SUPPORT));

  f[p->node[MS_SUPPORT]] += force;
  f[p->node[MS_B]] -= force;
}

static void
stop_mass_limits (const SwPart *p, const SwState *s, double *f0, double *f0_max, double *engaged)
{
  (void) s;
  *f0 = p->param[MS_F_COULOMB] + p->param[MS_F_STRIBECK];
  *f0_max = 1.001 * *f0;
  *engaged = 1;
}

static void
stop_mass_stops (const SwPart *p, double *lower, double *upper)
{
  /* In flange_b's position relative to the support: flange_a >= smin is
   * flange_b >= smin + L. */
  *lower = p->param[MS_SMIN] + p->param[MS_L];
  *upper = p->param[MS_SMAX];
}

static void
stop_mass_variables (const SwPart *p, const SwState *s, double *out)
{
  int mode = s->mode[p->index];
  double v = SW_V (p, s, MS_B) - SW_V (p, s, MS_SUPPORT);
  double f = mode == SW_FRICTION_STUCK ? -SW_LAMBDA (p, s, p->n_rows - 1) : stribeck_force (p, s, v);

  out[0] = SW_X (p, s, MS_A) + p->param[MS_L] / 2 - SW_X (p, s, MS_SUPPORT);
  out[1] = v;
  out[2] = SW_A (p, s, MS_B) - SW_A (p, s, MS_SUPPORT);
  out[3] = f;
  _sw_friction_mode_flags (p, s, out + 4);
  out[8] = f * v;
  out[9] = mode == SW_FRICTION_STUCK ? 0 : MAX (0, f * v);
  out[10] = 0.5 * p->param[MS_M] * SW_V (p, s, MS_A) * SW_V (p, s, MS_A);
  out[11] = s->impact[p->index];
}

static gboolean
stop_mass_validate (const double *params, GError **error)
{
  if (!(params[MS_SMAX] - params[MS_SMIN] >= params[MS_L]))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("the stops smin = %g m and smax = %g m leave no room for the length L = %g m; "
                     "valid: smax - smin >= L"), params[MS_SMIN], params[MS_SMAX], params[MS_L]);
      return FALSE;
    }
  return TRUE;
}

static const SwFrictionDesc stop_mass_friction = { MS_SUPPORT, MS_B, stop_mass_limits, stop_mass_stops };

static const SwParamDesc stop_mass_params[] = {
  SW_NONNEG ("m", N_("Mass"), "kg", 1, N_("Mass of the sliding body")),
  SW_INITIAL ("s0", N_("Initial position"), "m", N_("Of the centre; absent: follows from rigid connections, else 0")),
  SW_INITIAL ("v0", N_("Initial speed"), "m/s", N_("Absent: follows from rigid connections, else 0")),
  SW_NONNEG ("L", N_("Length"), "m", 0, N_("Distance between flange_a and flange_b")),
  SW_ANY ("smax", N_("Upper stop"), "m", 25, N_("Right stop: flange_b cannot pass it")),
  SW_ANY ("smin", N_("Lower stop"), "m", -25, N_("Left stop: flange_a cannot pass it")),
  SW_NONNEG ("F_prop", N_("Viscous friction"), "N.s/m", 1, N_("Velocity dependent friction coefficient")),
  SW_NONNEG ("F_Coulomb", N_("Coulomb friction"), "N", 5, N_("Constant friction force while sliding")),
  SW_NONNEG ("F_Stribeck", N_("Stribeck friction"), "N", 10, N_("Extra friction at low speed (the Stribeck effect)")),
  SW_NONNEG ("fexp", N_("Stribeck decay"), "s/m", 2, N_("Exponential decay of the Stribeck friction with speed")),
};
static const SwPortDesc stop_mass_ports[] = {
  SW_PORT ("flange_a", SW_TRANS), SW_PORT ("flange_b", SW_TRANS), SW_SUPPORT ("support", SW_TRANS),
};
static const SwVarDesc stop_mass_vars[] = {
  SW_VAR ("s", "m", N_("Position of the centre relative to the support")),
  SW_VAR ("v", "m/s", N_("Velocity")),
  SW_VAR ("a", "m/s2", N_("Acceleration")),
  SW_VAR ("f", "N", N_("Friction force (positive against positive speed)")),
  FRICTION_STATE_VARS,
  SW_VAR ("energy", "J", N_("Kinetic energy")),
  SW_VAR ("impactLoss", "J", N_("Kinetic energy lost in its impacts at the stops so far (they stop it dead)")),
};

const SwKind sw_kind_trans_mass_with_stop_and_friction = {
  .name = "translational.mass_with_stop_and_friction", .label = N_("Mass with stops and friction"),
  .group = "Friction and clutches",
  .help = N_("Sliding mass with Stribeck friction against the support and hard stops where it stops dead"),
  .ports = SW_TABLE (stop_mass_ports), .params = SW_TABLE (stop_mass_params), .vars = SW_TABLE (stop_mass_vars),
  .state_vars = FRICTION_STATE_BITS | SW_BIT (10) | SW_BIT (11),
  .key_param = "m", .main_var = "v", .validate = stop_mass_validate,
  .build = stop_mass_build, .forces = stop_mass_forces, .variables = stop_mass_variables,
  .force_flags = SW_FORCE_DAMPING, .friction = &stop_mass_friction,
};

/* One-way clutch (Modelica's OneWayClutch): a clutch in parallel with a
 * freewheel. The freewheel blocks w_rel < 0; w_rel > 0 slides with the
 * clutch's friction. Locked, it breaks away forward above peak2 tau0, with
 * peak2 = max (peak, 1 + 1e-4), or above a tiny 1e-4 mue0 cgeo fn_max when
 * the clutch is released. */
static void
one_way_limits (const SwPart *p, const SwState *s, double *tau0, double *tau0_max, double *engaged)
{
  double mue0 = sw_table_interpolate (p->table[P_TABLE], 1, 0);

  *tau0 = normal_factor (p, s) * mue0;
  *tau0_max = *tau0 > 0 ? MAX (p->param[P_PEAK], 1 + 1e-4) * *tau0
                        : 1e-4 * mue0 * p->param[P_CGEO] * p->param[P_FN_MAX];
  *engaged = 1;
}

static const SwFrictionDesc one_way_friction = { F_A, F_B, one_way_limits, NULL, TRUE };

const SwKind sw_kind_rot_one_way_clutch = {
  .name = "rotational.one_way_clutch", .label = N_("One-way clutch"), .group = "Friction and clutches",
  .help = N_("Clutch in parallel with a freewheel: flange_b never turns backward against flange_a"),
  .ports = SW_TABLE (clutch_ports), .params = SW_TABLE (clutch_params), .vars = SW_TABLE (one_way_vars),
  .state_vars = FRICTION_STATE_BITS | FREE_BIT | STUCK_BIT,
  .key_param = "fn_max", .main_var = "w_rel",
  .build = clutch_build, .forces = friction_forces, .variables = friction_variables,
  .force_flags = SW_FORCE_DAMPING | SW_FORCE_TIME, .friction = &one_way_friction,
  .placed = placed_normal_force,
};
