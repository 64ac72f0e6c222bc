/* sw-kinds-tb-mass.c: Twin Builder's rotational and translational mass
 * (MchRMas, MchTMas; seed-000 §3.5, §3.10) with every optional friction
 * law, stick friction, an external torque and position limits, under the
 * manual's names.
 *
 * The body sits on ROT; ROT1 (predecessor) and ROT2 (successor) are rigidly
 * joined to it by two rows, whose multipliers give M1 and M2. Against the
 * support (the ground unless connected) act
 *   MVSC    = KVSC w
 *   MFRCCLB = MCLB sign (w), a ramp MCLB w / OMEGACLB inside |w| < OMEGACLB
 *             (the manual's "MCLB / OMEGACLB sign (w)" is a slope: errata)
 *   MFRCPOL = KMUL |w|^KEXP sign (w)
 *   MFRCCH_VAL = KFRCCH MFRCCH (w), the table mirrored for w < 0
 * and the external torque MEXT_VAL = KEXT MEXT (t) accelerates it (the
 * manual calls it resistive but gives no sign: negate KEXT for a load).
 * J alpha = M + M1 - M2 + MEXT_VAL - MFRC.
 *
 * Stick (OMEGASTK > 0) is exact: below OMEGASTK the body latches (an
 * inelastic impact: its speed drops to 0, the energy is its impactLoss) and
 * holds until the accelerating torque exceeds MSTK. KSTK, the manual's
 * stiff damper for the stuck state (1e16 by default), is the lock's
 * limit: a value below 1e16 would let a stuck mass creep, which the lock
 * cannot, so it is refused. Position limits (PHIL <
 * PHIU, both nonzero) are hard stops: the body stops dead there and leaves
 * only away from them (with stick, beyond MSTK); two nonzero limits the
 * other way round are refused (the manual would ignore them). Both run on
 * the friction
 * engine (SwFrictionDesc: the support against ROT).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"
#include "sw-error.h"
#include "sw-table.h"

enum { TM_ROT, TM_ROT1, TM_ROT2, TM_SUPPORT };
enum {
  TM_J, TM_KVSC, TM_KMUL, TM_KEXP, TM_MCLB, TM_OMEGACLB, TM_OMEGASTK, TM_MSTK, TM_KSTK, TM_MFRCCH, TM_KFRCCH,
  TM_MEXT, TM_KEXT, TM_OMEGA0, TM_PHI0, TM_PHIU, TM_PHIL
};

static void
tb_mass_build (const SwPart *p, SwBuilder *b)
{
  double coeffs[2] = { 1, -1 };

  for (guint port = TM_ROT1; port <= TM_ROT2; port++)
    {
      guint nodes[2] = { p->node[port], p->node[TM_ROT] };

      sw_builder_add_constraint (b, p, 2, nodes, coeffs, 0);
    }
  sw_builder_add_mass (b, p, p->node[TM_ROT], p->param[TM_J]);
  sw_builder_set_initial (b, p, p->node[TM_ROT], p->param[TM_PHI0], 0, p->param[TM_OMEGA0]);
}

static double
speed (const SwPart *p, const SwState *s)
{
  return SW_V (p, s, TM_ROT) - SW_V (p, s, TM_SUPPORT);
}

static double
sign (double x)
{
  return x > 0 ? 1 : x < 0 ? -1 : 0;
}

/* The sign of the laws that may jump at speed 0. Sliding with stick, the
 * friction engine's mode keeps it until its event (the speed past 0 by its
 * band), as Modelica's friction does: flipping inside a step instead is a
 * jump that no step resolves, and a run that friction should stop at 0 then
 * creeps there in steps of 1e-11 s instead of reaching the event. */
static double
direction (const SwPart *p, const SwState *s, double w)
{
  int m = s->mode[p->index];

  if (p->param[TM_OMEGASTK] > 0 && (m == SW_FRICTION_FORWARD || m == SW_FRICTION_BACKWARD))
    return m;
  return sign (w);
}

/* The friction laws at speed w, those that jump at 0 in direction dir:
 * MVSC, MFRCCLB, MFRCPOL, MFRCCH_VAL. */
static void
friction_laws (const SwPart *p, double w, double dir, double *laws)
{
  double clb = p->param[TM_MCLB], band = p->param[TM_OMEGACLB];
  const SwTable *table = p->table[TM_MFRCCH];

  laws[0] = p->param[TM_KVSC] * w;
  laws[1] = fabs (w) >= band ? clb * dir : clb * w / band;
  laws[2] = p->param[TM_KMUL] > 0 ? p->param[TM_KMUL] * pow (fabs (w), p->param[TM_KEXP]) * dir : 0;
  laws[3] = p->param[TM_KFRCCH] * dir * sw_table_interpolate (table, 1, fabs (w));
}

static double
external (const SwPart *p, const SwState *s)
{
  return p->param[TM_KEXT] * sw_part_signal (p, TM_MEXT, s, NULL, NULL);
}

/* Stuck, the lock (the part's last row) holds it; its torque is friction. */
static gboolean
stuck (const SwPart *p, const SwState *s)
{
  return s->mode[p->index] == SW_FRICTION_STUCK;
}

static void
tb_mass_forces (const SwPart *p, const SwState *s, double *f)
{
  /* Probed at rest (SW_FRICTION_PROBE), the probe torque stands for the
   * laws that jump at speed 0: they are left out, as stuck. */
  double laws[4], tau, w = stuck (p, s) || s->mode[p->index] == SW_FRICTION_PROBE ? 0 : speed (p, s);

  friction_laws (p, w, direction (p, s, w), laws);
  tau = laws[0] + laws[1] + laws[2] + laws[3] - external (p, s);
  f[p->node[TM_ROT]] -= tau;
  f[p->node[TM_SUPPORT]] += tau;
}

static void
tb_mass_variables (const SwPart *p, const SwState *s, double *out)
{
  double w = speed (p, s), a = SW_A (p, s, TM_ROT) - SW_A (p, s, TM_SUPPORT), laws[4];
  double m1 = -SW_LAMBDA (p, s, 0), m2 = SW_LAMBDA (p, s, 1), ext = external (p, s), mfrc;

  friction_laws (p, stuck (p, s) ? 0 : w, stuck (p, s) ? 0 : direction (p, s, w), laws);
  mfrc = stuck (p, s) ? -SW_LAMBDA (p, s, p->n_rows - 1) : laws[0] + laws[1] + laws[2] + laws[3];
  out[0] = a;
  out[1] = w;
  out[2] = SW_X (p, s, TM_ROT) - SW_X (p, s, TM_SUPPORT);
  /* M: what balances the body, J alpha = M + M1 - M2 + MEXT_VAL - MFRC. */
  out[3] = p->param[TM_J] * a - m1 + m2 - ext + mfrc;
  out[4] = m1;
  out[5] = m2;
  out[6] = out[3] + m1 - m2 + ext;
  out[7] = out[6] - mfrc;
  out[8] = mfrc;
  out[9] = stuck (p, s) ? 0 : laws[0];
  out[10] = stuck (p, s) ? 0 : laws[2];
  out[11] = stuck (p, s) ? 0 : laws[1];
  out[12] = stuck (p, s) ? 0 : laws[3];
  out[13] = ext;
  out[14] = s->mode[p->index];
  out[15] = 0.5 * p->param[TM_J] * SW_V (p, s, TM_ROT) * SW_V (p, s, TM_ROT);
  /* The friction laws all oppose the speed; stuck, nothing slides. */
  out[16] = stuck (p, s) ? 0 : MAX (0, mfrc * w);
  out[17] = ext * w;
  out[18] = s->impact[p->index];
  out[19] = SW_JERK (p, s, TM_ROT) - SW_JERK (p, s, TM_SUPPORT);
}

static gboolean
has_limits (const SwPart *p)
{
  return p->param[TM_PHIU] != 0 && p->param[TM_PHIL] != 0 && p->param[TM_PHIU] > p->param[TM_PHIL];
}

/* Engaged (the friction engine runs it) only with stick or limits. The
 * sliding torque at speed 0 is the laws' forward limit there (it may
 * exceed MSTK). */
static void
tb_mass_limits (const SwPart *p, const SwState *s, double *tau0, double *tau0_max, double *engaged)
{
  double laws[4];

  (void) s;
  friction_laws (p, 0, 1, laws);
  *tau0 = laws[0] + laws[1] + laws[2] + laws[3];
  *tau0_max = p->param[TM_OMEGASTK] > 0 ? p->param[TM_MSTK] : 0;
  *engaged = p->param[TM_OMEGASTK] > 0 || has_limits (p) ? 1 : -1;
}

static void
tb_mass_stops (const SwPart *p, double *lower, double *upper)
{
  if (!has_limits (p))
    return;
  *lower = p->param[TM_PHIL];
  *upper = p->param[TM_PHIU];
}

static double
tb_mass_stick_speed (const SwPart *p)
{
  return p->param[TM_OMEGASTK];
}

/* The smallest KSTK the exact lock stands for: the manual's default. */
#define TB_KSTK_LOCK 1e16

/* The names of the parameters a refusal names (the masses differ). */
typedef struct {
  const char *kstk_unit, *upper, *lower, *position_unit;
} TbNames;

static gboolean
tb_mass_check (const double *params, const TbNames *names, GError **error)
{
  if (params[TM_KMUL] > 0 && params[TM_KEXP] < 0)
    {
      g_set_error_literal (error, SW_ERROR, SW_ERROR_INVALID,
                           _("parameter “KEXP” < 0 is not valid with polynomial friction (KMUL > 0): the friction "
                             "would be infinite at rest; valid: KEXP >= 0"));
      return FALSE;
    }
  /* Nothing accepted is ignored: a softer stick damper would let a stuck
   * mass creep, and the lock holds it exactly. */
  if (!(params[TM_KSTK] >= TB_KSTK_LOCK))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("parameter “KSTK” = %g %s is not valid: a stick friction coefficient is not modelled, "
                     "sticking is an exact lock (the limit of a large KSTK); valid: %g (the default) or more"),
                   params[TM_KSTK], names->kstk_unit, TB_KSTK_LOCK);
      return FALSE;
    }
  if (params[TM_PHIU] != 0 && params[TM_PHIL] != 0 && !(params[TM_PHIU] > params[TM_PHIL]))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("parameters “%s” = %g %s and “%s” = %g %s are not valid: the upper position limit must be above "
                     "the lower one (Twin Builder would ignore both); valid: %s > %s, or either 0 for no limits"),
                   names->upper, params[TM_PHIU], names->position_unit, names->lower, params[TM_PHIL],
                   names->position_unit, names->upper, names->lower);
      return FALSE;
    }
  return TRUE;
}

static gboolean
rot_tb_mass_validate (const double *params, GError **error)
{
  static const TbNames names = { "N.m.s/rad", "PHIU", "PHIL", "rad" };

  return tb_mass_check (params, &names, error);
}

static gboolean
trans_tb_mass_validate (const double *params, GError **error)
{
  static const TbNames names = { "N.s/m", "SU", "SL", "m" };

  return tb_mass_check (params, &names, error);
}

static const SwFrictionDesc tb_mass_friction = {
  .port_a = TM_SUPPORT, .port_b = TM_ROT, .limits = tb_mass_limits, .stops = tb_mass_stops,
  .stick_speed = tb_mass_stick_speed,
};

/* MFRCCH: rows [w, torque], mirrored for negative speeds; [[0, 0]] is off. */
static const SwColumnDesc rot_char_columns[] = {
  { "OMEGA", "rad/s", 0, INFINITY, FALSE },
  { "M", "N.m", -INFINITY, INFINITY, FALSE },
};
static const SwColumnDesc trans_char_columns[] = {
  { "V", "m/s", 0, INFINITY, FALSE },
  { "F", "N", -INFINITY, INFINITY, FALSE },
};
static const double char_default[] = { 0, 0 };
static const SwTableDesc rot_char_table = { rot_char_columns, 2, char_default, 1 };
static const SwTableDesc trans_char_table = { trans_char_columns, 2, char_default, 1 };

#define STICK_HELP N_("Twin Builder's damper for the stuck state; sticking is an exact lock here, its limit: only " \
                      "1e16 (the default) or more is valid")

static const SwPortDesc rot_ports[] = {
  SW_PORT ("ROT", SW_ROT), SW_PORT ("ROT1", SW_ROT), SW_PORT ("ROT2", SW_ROT), SW_SUPPORT ("support", SW_ROT),
};
static const SwParamDesc rot_params[] = {
  SW_NONNEG ("J", N_("Moment of inertia"), "kg.m2", 1, N_("Moment of inertia")),
  SW_NONNEG ("KVSC", N_("Viscous friction coefficient"), "N.m.s/rad", 0, N_("MVSC = KVSC × OMEGA")),
  SW_NONNEG ("KMUL", N_("Polynomial friction multiplier"), "N.m.s/rad", 0,
             N_("MFRCPOL = KMUL × |OMEGA|^KEXP × sign (OMEGA); 0: off")),
  SW_NONNEG ("KEXP", N_("Polynomial friction exponent"), "", 0, N_("Exponent of the polynomial friction")),
  SW_NONNEG ("MCLB", N_("Coulomb friction torque"), "N.m", 0,
             N_("Constant friction torque against the motion; a linear ramp inside |OMEGA| < OMEGACLB")),
  SW_POSITIVE ("OMEGACLB", N_("Coulomb angular velocity"), "rad/s", 1e-3,
               N_("Speed from which the Coulomb friction is constant")),
  SW_NONNEG ("OMEGASTK", N_("Stick angular velocity"), "rad/s", 0,
             N_("Below this speed the mass sticks (its speed drops to 0); 0: no stick")),
  SW_NONNEG ("MSTK", N_("Stick torque (break-off)"), "N.m", 0,
             N_("Stuck, the mass breaks off when the accelerating torque exceeds this")),
  SW_POSITIVE ("KSTK", N_("Stick friction coefficient"), "N.m.s/rad", 1e16, STICK_HELP),
  SW_TABLE_PARAM ("MFRCCH", N_("Characteristic friction torque"),
                  N_("Friction torque against the motion as a table of the speed: rows [OMEGA, M], mirrored for "
                     "negative speeds; [[0, 0]]: off"), &rot_char_table),
  SW_ANY ("KFRCCH", N_("Characteristic friction coefficient"), "", 1, N_("MFRCCH_VAL = KFRCCH × MFRCCH (OMEGA)")),
  SW_SIGNAL ("MEXT", N_("External torque"), "N.m",
             N_("An arbitrary torque of time, MEXT_VAL = KEXT × MEXT (t), accelerating the mass (a negative "
                "KEXT makes it a load)")),
  SW_ANY ("KEXT", N_("External torque coefficient"), "", 1, N_("Weight of the external torque")),
  SW_INITIAL ("OMEGA0", N_("Initial angular velocity"), "rad/s", N_("Absent: follows from rigid connections, else 0")),
  SW_INITIAL ("PHI0", N_("Initial angular position"), "rad", N_("Absent: follows from rigid connections, else 0")),
  SW_ANY ("PHIU", N_("Upper angular position"), "rad", 0,
          N_("Upper limit where the mass stops dead (both limits nonzero and PHIU > PHIL: on)")),
  SW_ANY ("PHIL", N_("Lower angular position"), "rad", 0, N_("Lower limit where the mass stops dead")),
};
static const SwVarDesc rot_vars[] = {
  SW_VAR ("ALPHA", "rad/s2", N_("Angular acceleration")),
  SW_VAR ("OMEGA", "rad/s", N_("Angular velocity")),
  SW_VAR ("PHI", "rad", N_("Angular position")),
  SW_VAR ("M", "N.m", N_("Torque supplied by the source (ROT)")),
  SW_VAR ("M1", "N.m", N_("Torque supplied by the predecessor (ROT1)")),
  SW_VAR ("M2", "N.m", N_("Torque supplied to the successor (ROT2)")),
  SW_VAR ("MACX", "N.m", N_("Accelerating external torques: M + M1 - M2 + MEXT_VAL")),
  SW_VAR ("MACC", "N.m", N_("Accelerating torque: MACX - MFRC = J ALPHA")),
  SW_VAR ("MFRC", "N.m", N_("Resulting friction torque (stuck: what holds it)")),
  SW_VAR ("MVSC", "N.m", N_("Viscous friction torque")),
  SW_VAR ("MFRCPOL", "N.m", N_("Polynomial friction torque")),
  SW_VAR ("MFRCCLB", "N.m", N_("Coulomb friction torque")),
  SW_VAR ("MFRCCH_VAL", "N.m", N_("Characteristic friction torque")),
  SW_VAR ("MEXT_VAL", "N.m", N_("External torque")),
  SW_VAR ("mode", "", N_("-1 turning backward, 0 stuck or at a limit, 1 turning forward, 2 neither stick nor limits")),
  SW_VAR ("energy", "J", N_("Kinetic energy")),
  SW_VAR ("lossPower", "W", N_("Power the friction turns into heat (never negative)")),
  SW_VAR ("power", "W", N_("Power of the external torque")),
  SW_VAR ("impactLoss", "J", N_("Kinetic energy lost in sticking and at the limits so far")),
  SW_VAR ("dALPHA", "rad/s3", N_("Angular jerk")),
};

static const SwPortDesc trans_ports[] = {
  SW_PORT ("TR", SW_TRANS), SW_PORT ("TR1", SW_TRANS), SW_PORT ("TR2", SW_TRANS), SW_SUPPORT ("support", SW_TRANS),
};
static const SwParamDesc trans_params[] = {
  SW_NONNEG ("M", N_("Mass"), "kg", 1, N_("Mass")),
  SW_NONNEG ("KVSC", N_("Viscous friction coefficient"), "N.s/m", 0, N_("FVSC = KVSC × V")),
  SW_NONNEG ("KMUL", N_("Polynomial friction multiplier"), "N.s/m", 0,
             N_("FFRCPOL = KMUL × |V|^KEXP × sign (V); 0: off")),
  SW_NONNEG ("KEXP", N_("Polynomial friction exponent"), "", 0, N_("Exponent of the polynomial friction")),
  SW_NONNEG ("FCLB", N_("Coulomb friction force"), "N", 0,
             N_("Constant friction force against the motion; a linear ramp inside |V| < VCLB")),
  SW_POSITIVE ("VCLB", N_("Coulomb velocity"), "m/s", 1e-3, N_("Speed from which the Coulomb friction is constant")),
  SW_NONNEG ("VSTK", N_("Stick velocity"), "m/s", 0,
             N_("Below this speed the mass sticks (its speed drops to 0); 0: no stick")),
  SW_NONNEG ("FSTK", N_("Stick force (break-off)"), "N", 0,
             N_("Stuck, the mass breaks off when the accelerating force exceeds this")),
  SW_POSITIVE ("KSTK", N_("Stick friction coefficient"), "N.s/m", 1e16, STICK_HELP),
  SW_TABLE_PARAM ("FFRCCH", N_("Characteristic friction force"),
                  N_("Friction force against the motion as a table of the speed: rows [V, F], mirrored for "
                     "negative speeds; [[0, 0]]: off"), &trans_char_table),
  SW_ANY ("KFRCCH", N_("Characteristic friction coefficient"), "", 1, N_("FFRCCH_VAL = KFRCCH × FFRCCH (V)")),
  SW_SIGNAL ("FEXT", N_("External force"), "N",
             N_("An arbitrary force of time, FEXT_VAL = KEXT × FEXT (t), accelerating the mass (a negative "
                "KEXT makes it a load)")),
  SW_ANY ("KEXT", N_("External force coefficient"), "", 1, N_("Weight of the external force")),
  SW_INITIAL ("V0", N_("Initial velocity"), "m/s", N_("Absent: follows from rigid connections, else 0")),
  SW_INITIAL ("S0", N_("Initial position"), "m", N_("Absent: follows from rigid connections, else 0")),
  SW_ANY ("SU", N_("Upper position limit"), "m", 0,
          N_("Upper limit where the mass stops dead (both limits nonzero and SU > SL: on)")),
  SW_ANY ("SL", N_("Lower position limit"), "m", 0, N_("Lower limit where the mass stops dead")),
};
static const SwVarDesc trans_vars[] = {
  SW_VAR ("ACC", "m/s2", N_("Acceleration")),
  SW_VAR ("V", "m/s", N_("Velocity")),
  SW_VAR ("S", "m", N_("Position")),
  SW_VAR ("F", "N", N_("Force supplied by the source (TR)")),
  SW_VAR ("F1", "N", N_("Force supplied by the predecessor (TR1)")),
  SW_VAR ("F2", "N", N_("Force supplied to the successor (TR2)")),
  SW_VAR ("FACX", "N", N_("Accelerating external forces: F + F1 - F2 + FEXT_VAL")),
  SW_VAR ("FACC", "N", N_("Accelerating force: FACX - FFRC = M ACC")),
  SW_VAR ("FFRC", "N", N_("Resulting friction force (stuck: what holds it)")),
  SW_VAR ("FVSC", "N", N_("Viscous friction force")),
  SW_VAR ("FFRCPOL", "N", N_("Polynomial friction force")),
  SW_VAR ("FFRCCLB", "N", N_("Coulomb friction force")),
  SW_VAR ("FFRCCH_VAL", "N", N_("Characteristic friction force")),
  SW_VAR ("FEXT_VAL", "N", N_("External force")),
  SW_VAR ("mode", "", N_("-1 moving backward, 0 stuck or at a limit, 1 moving forward, 2 neither stick nor limits")),
  SW_VAR ("energy", "J", N_("Kinetic energy")),
  SW_VAR ("lossPower", "W", N_("Power the friction turns into heat (never negative)")),
  SW_VAR ("power", "W", N_("Power of the external force")),
  SW_VAR ("impactLoss", "J", N_("Kinetic energy lost in sticking and at the limits so far")),
  SW_VAR ("dACC", "m/s3", N_("Jerk")),
};

/* Position, speed, mode, energy and the impacts follow from the state. */
#define TB_MASS_STATE_VARS (SW_BIT (1) | SW_BIT (2) | SW_BIT (14) | SW_BIT (15) | SW_BIT (18))

const SwKind sw_kind_rot_tb_mass = {
  .name = "rotational.tb_mass", .label = N_("Mass (Twin Builder)"), .group = "Rotational",
  .help = N_("Twin Builder's rotational mass: inertia with viscous, Coulomb, polynomial, characteristic and stick "
             "friction, an external torque and position limits; ROT for a source, ROT1 and ROT2 for the "
             "rigidities before and after it"),
  .ports = SW_TABLE (rot_ports), .params = SW_TABLE (rot_params), .vars = SW_TABLE (rot_vars),
  .key_param = "J", .main_var = "OMEGA", .validate = rot_tb_mass_validate,
  .build = tb_mass_build, .forces = tb_mass_forces, .variables = tb_mass_variables,
  .force_flags = SW_FORCE_DAMPING | SW_FORCE_TIME, .friction = &tb_mass_friction,
  .state_vars = TB_MASS_STATE_VARS, .jerk_vars = SW_BIT (19),
};

const SwKind sw_kind_trans_tb_mass = {
  .name = "translational.tb_mass", .label = N_("Mass (Twin Builder)"), .group = "Translational",
  .help = N_("Twin Builder's translational mass: a mass with viscous, Coulomb, polynomial, characteristic and "
             "stick friction, an external force and position limits; TR for a source, TR1 and TR2 for the "
             "rigidities before and after it"),
  .ports = SW_TABLE (trans_ports), .params = SW_TABLE (trans_params), .vars = SW_TABLE (trans_vars),
  .key_param = "M", .main_var = "V", .validate = trans_tb_mass_validate,
  .build = tb_mass_build, .forces = tb_mass_forces, .variables = tb_mass_variables,
  .force_flags = SW_FORCE_DAMPING | SW_FORCE_TIME, .friction = &tb_mass_friction,
  .state_vars = TB_MASS_STATE_VARS, .jerk_vars = SW_BIT (19),
};
