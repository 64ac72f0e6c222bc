/* sw-kinds-stops.c: COMSOL's joint end stops and latching locks (seed-003
 * §4.1, §4.2) on any relative motion u = x_flange - x_support (the support
 * is the ground unless connected; connected to another flange, u is the
 * motion between the two).
 *
 * End stop (re-releasable): free for u_min <= u <= u_max, beyond them a
 * penalty spring p pushes back, COMSOL's F_u = -p (u - u_max); p defaults to
 * COMSOL's rule p = (1e3 1/s)^2 m_e from the effective mass (inertia) m_e.
 * An optional damper d acts with it in contact but, as in the elasto-backlash,
 * never pulls: the torque is tau_c + min (tau_c, tau_d) (max below u_min),
 * and 0 where that would pull. It is a contact that opens (SwContactDesc):
 * hitting and leaving a stop are located events, logged as contact and free.
 *
 * Latch (COMSOL's Locking): free between its limits; once u reaches u_max or
 * u_min it is locked there for the rest of the run. COMSOL switches on a
 * stiff penalty spring and damper; here the lock is exact, on the friction
 * engine (SwFrictionDesc): the limits are hard stops where the part sticks
 * with an inelastic impact (its relative speed drops to 0, the kinetic
 * energy lost is its impactLoss, COMSOL's "loss of energy during locking"),
 * and stuck its holding torque is unbounded, so it never leaves. Between the
 * limits it is free: its engagement is minus the distance to the nearer
 * limit, so the instant it reaches one is located like any other.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"
#include "sw-error.h"

#include <float.h>

enum { S_FLANGE, S_SUPPORT };

/* ---- End stops ---------------------------------------------------------- */

enum { E_MAX, E_MIN, E_ME, E_P, E_D };
enum { EV_REL, EV_W, EV_A, EV_TAU, EV_CONTACT, EV_ENERGY, EV_POWER, EV_LOSS, N_END_VARS };

/* COMSOL's default ratio of impact speed to allowed penetration (1 m/s on
 * 1 mm): p = ratio^2 m_e. */
#define PENALTY_RATIO 1e3

static double
penalty (const SwPart *p)
{
  return p->param[E_P] > 0 ? p->param[E_P] : PENALTY_RATIO * PENALTY_RATIO * p->param[E_ME];
}

static double
rel (const SwPart *p, const SwState *s)
{
  return SW_X (p, s, S_FLANGE) - SW_X (p, s, S_SUPPORT);
}

static double
rel_speed (const SwPart *p, const SwState *s)
{
  return SW_V (p, s, S_FLANGE) - SW_V (p, s, S_SUPPORT);
}

/* The spring's torque tau_c, tau_c + tau_d (what decides whether the
 * contact pushes) and the element's torque tau, +tau on the support and
 * -tau on the flange (flange.tau: positive pressing on the upper stop). */
static void
end_stop_law (const SwPart *p, double u, double w, double *tau_c, double *sum, double *tau)
{
  double k = penalty (p), tau_d = p->param[E_D] * w;

  *tau_c = *sum = *tau = 0;
  if (u > p->param[E_MAX])
    {
      *tau_c = k * (u - p->param[E_MAX]);
      *sum = *tau_c + tau_d;
      *tau = *sum <= 0 ? 0 : *tau_c + MIN (*tau_c, tau_d);
    }
  else if (u < p->param[E_MIN])
    {
      *tau_c = k * (u - p->param[E_MIN]);
      *sum = *tau_c + tau_d;
      *tau = *sum >= 0 ? 0 : *tau_c + MAX (*tau_c, tau_d);
    }
}

static void
end_stop_forces (const SwPart *p, const SwState *s, double *f)
{
  double tau_c, sum, tau;

  end_stop_law (p, rel (p, s), rel_speed (p, s), &tau_c, &sum, &tau);
  f[p->node[S_SUPPORT]] += tau;
  f[p->node[S_FLANGE]] -= tau;
}

static void
end_stop_variables (const SwPart *p, const SwState *s, double *out)
{
  double w = rel_speed (p, s), tau_c, sum, tau;

  end_stop_law (p, rel (p, s), w, &tau_c, &sum, &tau);
  out[EV_REL] = rel (p, s);
  out[EV_W] = w;
  out[EV_A] = SW_A (p, s, S_FLANGE) - SW_A (p, s, S_SUPPORT);
  out[EV_TAU] = tau;
  out[EV_CONTACT] = tau != 0;
  out[EV_ENERGY] = 0.5 * tau_c * tau_c / penalty (p);
  out[EV_POWER] = tau * w;
  /* What goes in less what the penalty spring stores: never negative. */
  out[EV_LOSS] = MAX (0, (tau - tau_c) * w);
}

/* Regions: 0 between the stops, +-1 pressing on the upper (lower) stop,
 * +-2 beyond it with the damping cancelling the spring (no torque). */
static int
end_stop_region (const SwPart *p, const SwState *st)
{
  double u = rel (p, st), tau_c, sum, tau;

  end_stop_law (p, u, rel_speed (p, st), &tau_c, &sum, &tau);
  if (u > p->param[E_MAX])
    return sum <= 0 ? 2 : 1;
  if (u < p->param[E_MIN])
    return sum >= 0 ? -2 : -1;
  return 0;
}

static double
end_stop_switching (const SwPart *p, const SwState *st, int region)
{
  double u = rel (p, st), tau_c, sum, tau;
  double above = u - p->param[E_MAX], below = p->param[E_MIN] - u;

  end_stop_law (p, u, rel_speed (p, st), &tau_c, &sum, &tau);
  switch (region)
    {
    case 0:
      return MIN (-above, -below);
    case 1:
      return MIN (above, sum);
    case 2:
      return MIN (above, -sum);
    case -1:
      return MIN (below, -sum);
    default:
      return MIN (below, sum);
    }
}

static const SwContactDesc end_stop_contact = { end_stop_region, end_stop_switching };

static gboolean
limits_validate (const double *params, const char *max_name, const char *min_name, GError **error)
{
  if (!(params[E_MAX] >= params[E_MIN]))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("the limits “%s” = %g and “%s” = %g are the wrong way round; valid: %s >= %s"), max_name,
                   params[E_MAX], min_name, params[E_MIN], max_name, min_name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
rot_limits_validate (const double *params, GError **error)
{
  return limits_validate (params, "phi_max", "phi_min", error);
}

static gboolean
trans_limits_validate (const double *params, GError **error)
{
  return limits_validate (params, "s_max", "s_min", error);
}

static const SwPortDesc rot_ports[] = { SW_PORT ("flange", SW_ROT), SW_SUPPORT ("support", SW_ROT) };
static const SwPortDesc trans_ports[] = { SW_PORT ("flange", SW_TRANS), SW_SUPPORT ("support", SW_TRANS) };

static const SwParamDesc rot_end_stop_params[] = {
  SW_ANY ("phi_max", N_("Maximum relative rotation"), "rad", 1,
          N_("Upper stop: beyond it (flange - support > phi_max) the penalty spring pushes back")),
  SW_ANY ("phi_min", N_("Minimum relative rotation"), "rad", -1,
          N_("Lower stop: below it the penalty spring pushes back")),
  SW_POSITIVE ("I_e", N_("Effective moment of inertia"), "kg.m2", 1,
               N_("For COMSOL's default penalty factor p = (1e3 1/s)^2 I_e: the inertia of the body that hits "
                  "(of two, I_1 I_2 / (I_1 + I_2)); a contact then lasts pi ms")),
  SW_NONNEG ("p", N_("Penalty factor"), "N.m/rad", 0,
             N_("Stiffness of the stop beyond its limits; 0: COMSOL's default (1e3 1/s)^2 I_e")),
  SW_NONNEG ("d", N_("Damping"), "N.m.s/rad", 0,
             N_("Damping in contact (not in COMSOL: 0 makes impacts elastic); it never pulls")),
};
static const SwVarDesc rot_end_stop_vars[] = {
  SW_VAR ("phi_rel", "rad", N_("Relative rotation u = flange - support")),
  SW_VAR ("w_rel", "rad/s", N_("Relative angular velocity")),
  SW_VAR ("a_rel", "rad/s2", N_("Relative angular acceleration")),
  SW_VAR ("tau", "N.m", N_("Stop torque (flange.tau): positive on the upper stop, negative on the lower")),
  SW_VAR ("contact", "", N_("1 while a stop is pressed, else 0")),
  SW_VAR ("energy", "J", N_("Potential energy in the penalty spring")),
  SW_VAR ("power", "W", N_("Power going in through the flanges (tau w_rel)")),
  SW_VAR ("lossPower", "W", N_("Power dissipated by the damping (never negative)")),
};

static const SwParamDesc trans_end_stop_params[] = {
  SW_ANY ("s_max", N_("Maximum relative displacement"), "m", 0.1,
          N_("Upper stop: beyond it (flange - support > s_max) the penalty spring pushes back")),
  SW_ANY ("s_min", N_("Minimum relative displacement"), "m", -0.1,
          N_("Lower stop: below it the penalty spring pushes back")),
  SW_POSITIVE ("m_e", N_("Effective mass"), "kg", 1,
               N_("For COMSOL's default penalty factor p = (1e3 1/s)^2 m_e: the mass of the body that hits "
                  "(of two, m_1 m_2 / (m_1 + m_2)); 1 m/s then penetrates 1 mm and a contact lasts pi ms")),
  SW_NONNEG ("p", N_("Penalty factor"), "N/m", 0,
             N_("Stiffness of the stop beyond its limits; 0: COMSOL's default (1e3 1/s)^2 m_e")),
  SW_NONNEG ("d", N_("Damping"), "N.s/m", 0,
             N_("Damping in contact (not in COMSOL: 0 makes impacts elastic); it never pulls")),
};
static const SwVarDesc trans_end_stop_vars[] = {
  SW_VAR ("s_rel", "m", N_("Relative displacement u = flange - support")),
  SW_VAR ("v_rel", "m/s", N_("Relative velocity")),
  SW_VAR ("a_rel", "m/s2", N_("Relative acceleration")),
  SW_VAR ("f", "N", N_("Stop force (flange.f): positive on the upper stop, negative on the lower")),
  SW_VAR ("contact", "", N_("1 while a stop is pressed, else 0")),
  SW_VAR ("energy", "J", N_("Potential energy in the penalty spring")),
  SW_VAR ("power", "W", N_("Power going in through the flanges (f v_rel)")),
  SW_VAR ("lossPower", "W", N_("Power dissipated by the damping (never negative)")),
};

G_STATIC_ASSERT (G_N_ELEMENTS (rot_end_stop_vars) == N_END_VARS);
G_STATIC_ASSERT (G_N_ELEMENTS (trans_end_stop_vars) == N_END_VARS);

#define END_STOP_STATE_VARS ((SW_BIT (N_END_VARS) - 1) & ~SW_BIT (EV_A))

const SwKind sw_kind_rot_end_stop = {
  .name = "rotational.end_stop", .label = N_("End stop"), .group = "Rotational",
  .help = N_("COMSOL's end stops on a relative rotation (re-releasable): free between phi_min and phi_max, a "
             "penalty spring beyond them; hitting and leaving a stop are located events. Connect the support "
             "to another flange for a stop between two bodies"),
  .ports = SW_TABLE (rot_ports), .params = SW_TABLE (rot_end_stop_params), .vars = SW_TABLE (rot_end_stop_vars),
  .key_param = "phi_max", .main_var = "tau", .validate = rot_limits_validate,
  .forces = end_stop_forces, .variables = end_stop_variables, .contact = &end_stop_contact,
  .force_flags = SW_FORCE_STIFFNESS | SW_FORCE_DAMPING, .state_vars = END_STOP_STATE_VARS,
};

const SwKind sw_kind_trans_end_stop = {
  .name = "translational.end_stop", .label = N_("End stop"), .group = "Translational",
  .help = N_("COMSOL's end stops on a relative displacement (re-releasable): free between s_min and s_max, a "
             "penalty spring beyond them; hitting and leaving a stop are located events. Connect the support "
             "to another flange for a stop between two bodies"),
  .ports = SW_TABLE (trans_ports), .params = SW_TABLE (trans_end_stop_params),
  .vars = SW_TABLE (trans_end_stop_vars),
  .key_param = "s_max", .main_var = "f", .validate = trans_limits_validate,
  .forces = end_stop_forces, .variables = end_stop_variables, .contact = &end_stop_contact,
  .force_flags = SW_FORCE_STIFFNESS | SW_FORCE_DAMPING, .state_vars = END_STOP_STATE_VARS,
};

/* ---- Latches ------------------------------------------------------------ */

enum { L_MAX, L_MIN };
enum { LV_REL, LV_W, LV_A, LV_TAU, LV_LATCHED, LV_IMPACT, N_LATCH_VARS };

/* The holding torque of a latched latch: unbounded in effect, but finite,
 * so that the engine can share a torque among parts in parallel. */
#define LATCH_HOLD (G_MAXDOUBLE / 64)

static gboolean
latched (const SwPart *p, const SwState *s)
{
  return s->mode[p->index] == SW_FRICTION_STUCK;
}

/* Free, its engagement is minus the distance to the nearer limit, plus the
 * round-off of u (so that a state at a limit, as a latched run leaves it,
 * is engaged): it engages the instant it reaches one, and the engine sticks
 * it there. Latched, it holds any torque. */
static void
latch_limits (const SwPart *p, const SwState *s, double *tau0, double *tau0_max, double *engaged)
{
  double hi = p->param[L_MAX], lo = p->param[L_MIN], u = rel (p, s);
  double tol = 1e-14 * MAX (1, MAX (fabs (hi), fabs (lo)))
               + 4 * DBL_EPSILON * (fabs (SW_X (p, s, S_FLANGE)) + fabs (SW_X (p, s, S_SUPPORT)));

  *tau0 = 0;
  if (latched (p, s))
    {
      *tau0_max = LATCH_HOLD;
      *engaged = 1;
      return;
    }
  *tau0_max = 0;
  *engaged = MAX (u - hi, lo - u) + tol;
}

static void
latch_stops (const SwPart *p, double *lower, double *upper)
{
  *lower = p->param[L_MIN];
  *upper = p->param[L_MAX];
}

static void
latch_variables (const SwPart *p, const SwState *s, double *out)
{
  out[LV_REL] = rel (p, s);
  out[LV_W] = rel_speed (p, s);
  out[LV_A] = SW_A (p, s, S_FLANGE) - SW_A (p, s, S_SUPPORT);
  /* Latched, the lock is the part's only row; its multiplier acts on the
   * flange as -tau. */
  out[LV_TAU] = latched (p, s) ? -SW_LAMBDA (p, s, p->n_rows - 1) : 0;
  out[LV_LATCHED] = latched (p, s);
  out[LV_IMPACT] = s->impact[p->index];
}

static const SwFrictionDesc latch_friction = {
  .port_a = S_SUPPORT, .port_b = S_FLANGE, .limits = latch_limits, .stops = latch_stops, .latches = TRUE,
};

static const SwParamDesc rot_latch_params[] = {
  SW_ANY ("phi_max", N_("Maximum relative rotation"), "rad", 1,
          N_("Reaching it (flange - support = phi_max), the latch locks for the rest of the run")),
  SW_ANY ("phi_min", N_("Minimum relative rotation"), "rad", -1,
          N_("Reaching it, the latch locks for the rest of the run")),
};
static const SwVarDesc rot_latch_vars[] = {
  SW_VAR ("phi_rel", "rad", N_("Relative rotation u = flange - support")),
  SW_VAR ("w_rel", "rad/s", N_("Relative angular velocity (exactly 0 once latched)")),
  SW_VAR ("a_rel", "rad/s2", N_("Relative angular acceleration")),
  SW_VAR ("tau", "N.m", N_("Torque the lock holds (flange.tau), 0 while free")),
  SW_VAR ("latched", "", N_("1 once locked at a limit, else 0")),
  SW_VAR ("impactLoss", "J", N_("Kinetic energy lost when it locked (COMSOL's loss of energy during locking)")),
};
static const SwParamDesc trans_latch_params[] = {
  SW_ANY ("s_max", N_("Maximum relative displacement"), "m", 0.1,
          N_("Reaching it (flange - support = s_max), the latch locks for the rest of the run")),
  SW_ANY ("s_min", N_("Minimum relative displacement"), "m", -0.1,
          N_("Reaching it, the latch locks for the rest of the run")),
};
static const SwVarDesc trans_latch_vars[] = {
  SW_VAR ("s_rel", "m", N_("Relative displacement u = flange - support")),
  SW_VAR ("v_rel", "m/s", N_("Relative velocity (exactly 0 once latched)")),
  SW_VAR ("a_rel", "m/s2", N_("Relative acceleration")),
  SW_VAR ("f", "N", N_("Force the lock holds (flange.f), 0 while free")),
  SW_VAR ("latched", "", N_("1 once locked at a limit, else 0")),
  SW_VAR ("impactLoss", "J", N_("Kinetic energy lost when it locked (COMSOL's loss of energy during locking)")),
};

G_STATIC_ASSERT (G_N_ELEMENTS (rot_latch_vars) == N_LATCH_VARS);
G_STATIC_ASSERT (G_N_ELEMENTS (trans_latch_vars) == N_LATCH_VARS);

#define LATCH_STATE_VARS (SW_BIT (LV_REL) | SW_BIT (LV_W) | SW_BIT (LV_LATCHED) | SW_BIT (LV_IMPACT))

const SwKind sw_kind_rot_latch = {
  .name = "rotational.latch", .label = N_("Latch"), .group = "Friction and clutches",
  .help = N_("COMSOL's locking on a relative rotation: free between phi_min and phi_max; reaching either, it "
             "locks for the rest of the run. The lock is exact, the limit of COMSOL's stiff penalty spring and "
             "damper: the relative speed drops to 0 at once (an inelastic impact) and the kinetic energy it "
             "takes is impactLoss, COMSOL's loss of energy during locking"),
  .ports = SW_TABLE (rot_ports), .params = SW_TABLE (rot_latch_params), .vars = SW_TABLE (rot_latch_vars),
  .key_param = "phi_max", .main_var = "latched", .validate = rot_limits_validate,
  .variables = latch_variables, .friction = &latch_friction, .state_vars = LATCH_STATE_VARS,
};

const SwKind sw_kind_trans_latch = {
  .name = "translational.latch", .label = N_("Latch"), .group = "Friction and clutches",
  .help = N_("COMSOL's locking on a relative displacement: free between s_min and s_max; reaching either, it "
             "locks for the rest of the run. The lock is exact, the limit of COMSOL's stiff penalty spring and "
             "damper: the relative speed drops to 0 at once (an inelastic impact) and the kinetic energy it "
             "takes is impactLoss, COMSOL's loss of energy during locking"),
  .ports = SW_TABLE (trans_ports), .params = SW_TABLE (trans_latch_params), .vars = SW_TABLE (trans_latch_vars),
  .key_param = "s_max", .main_var = "latched", .validate = trans_limits_validate,
  .variables = latch_variables, .friction = &latch_friction, .state_vars = LATCH_STATE_VARS,
};
