/* sw-kinds-backlash.c: contacts that open: backlash in series with a
 * spring and damper (Modelica's ElastoBacklash) and a gap that lifts off
 * (ElastoGap).
 *
 * Inside the play, |phi_rel - phi_rel0| <= b/2, no torque. Beyond it the
 * spring torque tau_c = c (phi_diff -+ b/2) and the damping torque
 * tau_d = d w_rel act, but the damping never makes the contact pull: the
 * torque is tau_c + min(tau_c, tau_d) (max when pressing the other way),
 * and 0 when that would pull. So the torque is continuous when the contact
 * closes, and the element never pulls. Without play (b ~ 0) it is a plain
 * spring-damper. ElastoBacklash2 has the same contact without the
 * heuristic: pressing, its torque is tau_c + tau_d as it is (it jumps as
 * the contact closes), 0 where that would pull.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"
#include "sw-error.h"

enum { B_A, B_B };
enum { P_C, P_D, P_B, P_REL0 };

/* Play smaller than this is none (Modelica's bEps). */
#define NO_PLAY SW_BACKLASH_NO_PLAY

void
_sw_backlash_law (double c, double d, double b, double diff, double w, double *tau_c, double *tau)
{
  double half = 0.5 * b, tau_d = d * w;

  if (b <= NO_PLAY)
    {
      *tau_c = c * diff;
      *tau = *tau_c + tau_d;
    }
  else if (diff > half)
    {
      *tau_c = c * (diff - half);
      *tau = *tau_c + tau_d <= 0 ? 0 : *tau_c + MIN (*tau_c, tau_d);
    }
  else if (diff < -half)
    {
      *tau_c = c * (diff + half);
      *tau = *tau_c + tau_d >= 0 ? 0 : *tau_c + MAX (*tau_c, tau_d);
    }
  else
    *tau_c = *tau = 0;
}

/* The spring's torque and the element's; rel, w: phi_rel, w_rel. */
static void
backlash_torques (const SwPart *p, double rel, double w, double *tau_c, double *tau)
{
  _sw_backlash_law (p->param[P_C], p->param[P_D], p->param[P_B], rel - p->param[P_REL0], w, tau_c, tau);
}

static void
backlash_forces (const SwPart *p, const SwState *s, double *f)
{
  double tau_c, tau;

  backlash_torques (p, SW_X (p, s, B_B) - SW_X (p, s, B_A), SW_V (p, s, B_B) - SW_V (p, s, B_A), &tau_c, &tau);
  f[p->node[B_A]] += tau;
  f[p->node[B_B]] -= tau;
}

/* The variables of both kinds: relative motion, the torque (force) tau,
 * the spring's energy, the power in, the damping's loss and the contact. */
static void
contact_variables (const SwPart *p, const SwState *s, double tau_c, double tau, double *out)
{
  double w = SW_V (p, s, B_B) - SW_V (p, s, B_A);

  out[0] = SW_X (p, s, B_B) - SW_X (p, s, B_A);
  out[1] = w;
  out[2] = SW_A (p, s, B_B) - SW_A (p, s, B_A);
  out[3] = tau;
  out[4] = p->param[P_C] > 0 ? 0.5 * tau_c * tau_c / p->param[P_C] : 0;
  out[5] = tau * w;
  /* What goes in less what the spring stores: never negative. */
  out[6] = MAX (0, (tau - tau_c) * w);
  out[7] = tau != 0;
}

static void
backlash_variables (const SwPart *p, const SwState *s, double *out)
{
  double tau_c, tau;

  backlash_torques (p, SW_X (p, s, B_B) - SW_X (p, s, B_A), SW_V (p, s, B_B) - SW_V (p, s, B_A), &tau_c, &tau);
  contact_variables (p, s, tau_c, tau, out);
}

/* Regions (SwContactDesc) of Modelica's relations phi_diff > b/2, phi_diff
 * < -b/2 and tau_c + tau_d <= 0 (>= 0 below): open within the play,
 * pressing, or beyond it with the damping cancelling the spring. Without
 * play, one region: a plain spring-damper. s is tau_c + tau_d. */
static int
contact_region (double diff, double half, double s, gboolean no_play)
{
  if (no_play)
    return 1;
  if (diff > half)
    return s <= 0 ? 2 : 1;
  if (diff < -half)
    return s >= 0 ? -2 : -1;
  return 0;
}

static double
contact_switching (double diff, double half, double s, gboolean no_play, int region)
{
  switch (region)
    {
    case 0:
      return MIN (half - diff, diff + half);
    case 1:
      return no_play ? 1 : MIN (diff - half, s);
    case 2:
      return MIN (diff - half, -s);
    case -1:
      return MIN (-half - diff, -s);
    default:
      return MIN (-half - diff, s);
    }
}

/* phi_diff, b/2 and tau_c + tau_d of a backlash. */
static void
backlash_terms (const SwPart *p, const SwState *st, double *diff, double *half, double *s)
{
  double w = SW_V (p, st, B_B) - SW_V (p, st, B_A);

  *diff = SW_X (p, st, B_B) - SW_X (p, st, B_A) - p->param[P_REL0];
  *half = 0.5 * p->param[P_B];
  *s = p->param[P_C] * (*diff > 0 ? *diff - *half : *diff + *half) + p->param[P_D] * w;
}

static int
backlash_region (const SwPart *p, const SwState *st)
{
  double diff, half, s;

  backlash_terms (p, st, &diff, &half, &s);
  return contact_region (diff, half, s, p->param[P_B] <= NO_PLAY);
}

static double
backlash_switching (const SwPart *p, const SwState *st, int region)
{
  double diff, half, s;

  backlash_terms (p, st, &diff, &half, &s);
  return contact_switching (diff, half, s, p->param[P_B] <= NO_PLAY, region);
}

static const SwContactDesc backlash_contact = { backlash_region, backlash_switching };

/* ElastoBacklash2: the same contact and regions, but in contact the
 * torque is the spring's and the damper's as they are, tau_c + tau_d
 * (it jumps by the damping as the contact closes), and 0 where that
 * would pull. */
static void
backlash2_torques (const SwPart *p, double rel, double w, double *tau_c, double *tau)
{
  double diff = rel - p->param[P_REL0], half = 0.5 * p->param[P_B], c = p->param[P_C], d = p->param[P_D];

  if (p->param[P_B] <= NO_PLAY)
    {
      *tau_c = c * diff;
      *tau = *tau_c + d * w;
    }
  else if (diff > half)
    {
      *tau_c = c * (diff - half);
      *tau = MAX (0, *tau_c + d * w);
    }
  else if (diff < -half)
    {
      *tau_c = c * (diff + half);
      *tau = MIN (0, *tau_c + d * w);
    }
  else
    *tau_c = *tau = 0;
}

static void
backlash2_forces (const SwPart *p, const SwState *s, double *f)
{
  double tau_c, tau;

  backlash2_torques (p, SW_X (p, s, B_B) - SW_X (p, s, B_A), SW_V (p, s, B_B) - SW_V (p, s, B_A), &tau_c, &tau);
  f[p->node[B_A]] += tau;
  f[p->node[B_B]] -= tau;
}

static void
backlash2_variables (const SwPart *p, const SwState *s, double *out)
{
  double tau_c, tau;

  backlash2_torques (p, SW_X (p, s, B_B) - SW_X (p, s, B_A), SW_V (p, s, B_B) - SW_V (p, s, B_A), &tau_c, &tau);
  contact_variables (p, s, tau_c, tau, out);
}

static gboolean
backlash_validate (const double *params, GError **error)
{
  if (params[P_B] > NO_PLAY && !(params[P_C] > 0))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("parameter “c” = 0 is not valid with backlash (b > 0); valid: c > 0"));
      return FALSE;
    }
  return TRUE;
}

static const SwPortDesc backlash_ports[] = { SW_PORT ("flange_a", SW_ROT), SW_PORT ("flange_b", SW_ROT) };
static const SwParamDesc backlash_params[] = {
  SW_NONNEG ("c", N_("Spring constant"), "N.m/rad", 1e5, N_("Torsional stiffness in contact (> 0 with backlash)")),
  SW_NONNEG ("d", N_("Damping constant"), "N.m.s/rad", 0, N_("Torsional damping in contact; it never pulls")),
  SW_NONNEG ("b", N_("Total backlash"), "rad", 0, N_("Play between the teeth: free within ±b/2")),
  SW_ANY ("phi_rel0", N_("Unstretched angle"), "rad", 0, N_("Relative angle at the middle of the play")),
  SW_REL_START_ROT,
};

/* MSL's relative states phi_rel, w_rel (start, fixed = true). */
static void
backlash_build (const SwPart *p, SwBuilder *b)
{
  sw_kind_build_relative_start (p, b, B_A, B_B, P_REL0 + 1);
}
static const SwVarDesc backlash_vars[] = {
  SW_VAR ("phi_rel", "rad", N_("Relative angle flange_b - flange_a")),
  SW_VAR ("w_rel", "rad/s", N_("Relative angular velocity")),
  SW_VAR ("a_rel", "rad/s2", N_("Relative angular acceleration")),
  SW_VAR ("tau", "N.m", N_("Torque through the element (flange_b.tau)")),
  SW_VAR ("energy", "J", N_("Potential energy stored in the spring")),
  SW_VAR ("power", "W", N_("Power going in through the flanges (tau w_rel)")),
  SW_VAR ("lossPower", "W", N_("Power dissipated by the damping (never negative)")),
  SW_VAR ("contact", "", N_("1 while the teeth touch and transmit torque, else 0")),
};

const SwKind sw_kind_rot_elasto_backlash = {
  .name = "rotational.elasto_backlash", .label = N_("Elasto-backlash"), .group = "Friction and clutches",
  .help = N_("Backlash in series with a spring and damper: free within the play, never pulls"),
  .ports = SW_TABLE (backlash_ports), .params = SW_TABLE (backlash_params), .vars = SW_TABLE (backlash_vars),
  .state_vars = (SW_BIT (8) - 1) & ~SW_BIT (2), .contact = &backlash_contact,
  .key_param = "b", .main_var = "tau", .validate = backlash_validate,
  .build = backlash_build, .forces = backlash_forces, .variables = backlash_variables,
  .force_flags = SW_FORCE_STIFFNESS | SW_FORCE_DAMPING,
};

const SwKind sw_kind_rot_elasto_backlash2 = {
  .name = "rotational.elasto_backlash2", .label = N_("Elasto-backlash 2"), .group = "Friction and clutches",
  .help = N_("Backlash in series with a spring and damper (Modelica's ElastoBacklash2): free within the play; "
             "in contact the spring and damper torque as it is (it jumps by the damping as the contact closes), "
             "never pulling"),
  .ports = SW_TABLE (backlash_ports), .params = SW_TABLE (backlash_params), .vars = SW_TABLE (backlash_vars),
  .state_vars = (SW_BIT (8) - 1) & ~SW_BIT (2), .contact = &backlash_contact,
  .key_param = "b", .main_var = "tau", .validate = backlash_validate,
  .build = backlash_build, .forces = backlash2_forces, .variables = backlash2_variables,
  .force_flags = SW_FORCE_STIFFNESS | SW_FORCE_DAMPING,
};

/* ElastoGap: no force while s_rel > s_rel0; in contact the spring and the
 * damper push flange_b away, the damping limited as in the backlash, and
 * never pull. */
static void
gap_forces_of (const SwPart *p, double rel, double v, double *f_c, double *f)
{
  double f_d = p->param[P_D] * v;

  *f_c = *f = 0;
  if (rel > p->param[2])
    return;
  *f_c = p->param[P_C] * (rel - p->param[2]);
  *f = *f_c + f_d >= 0 ? 0 : *f_c + MAX (*f_c, f_d);
}

static void
gap_forces (const SwPart *p, const SwState *s, double *f)
{
  double f_c, force;

  gap_forces_of (p, SW_X (p, s, B_B) - SW_X (p, s, B_A), SW_V (p, s, B_B) - SW_V (p, s, B_A), &f_c, &force);
  f[p->node[B_A]] += force;
  f[p->node[B_B]] -= force;
}

static void
gap_variables (const SwPart *p, const SwState *s, double *out)
{
  double f_c, f;

  gap_forces_of (p, SW_X (p, s, B_B) - SW_X (p, s, B_A), SW_V (p, s, B_B) - SW_V (p, s, B_A), &f_c, &f);
  contact_variables (p, s, f_c, f, out);
}

/* The gap's regions, Modelica's relations s_rel < s_rel0 and f_c + f_d >= 0:
 * the contact is the backlash's lower side with no upper one. */
static void
gap_terms (const SwPart *p, const SwState *st, double *diff, double *s)
{
  double v = SW_V (p, st, B_B) - SW_V (p, st, B_A);

  *diff = SW_X (p, st, B_B) - SW_X (p, st, B_A) - p->param[2];
  *s = p->param[P_C] * *diff + p->param[P_D] * v;
}

static int
gap_region (const SwPart *p, const SwState *st)
{
  double diff, s;

  gap_terms (p, st, &diff, &s);
  return diff > 0 ? 0 : s >= 0 ? -2 : -1;
}

static double
gap_switching (const SwPart *p, const SwState *st, int region)
{
  double diff, s;

  gap_terms (p, st, &diff, &s);
  return region == 0 ? diff : contact_switching (diff, 0, s, FALSE, region);
}

static const SwContactDesc gap_contact = { gap_region, gap_switching };

static const SwPortDesc gap_ports[] = { SW_PORT ("flange_a", SW_TRANS), SW_PORT ("flange_b", SW_TRANS) };
static const SwParamDesc gap_params[] = {
  SW_NONNEG ("c", N_("Spring constant"), "N/m", 1, N_("Contact stiffness")),
  SW_NONNEG ("d", N_("Damping constant"), "N.s/m", 1, N_("Contact damping; it never pulls")),
  SW_ANY ("s_rel0", N_("Gap"), "m", 0, N_("Relative position below which the flanges touch")),
  SW_REL_START_TRANS,
};

/* MSL's relative states s_rel, v_rel (start, fixed = true): c, d, s_rel0,
 * then them. */
static void
gap_build (const SwPart *p, SwBuilder *b)
{
  sw_kind_build_relative_start (p, b, B_A, B_B, 3);
}
static const SwVarDesc gap_vars[] = {
  SW_VAR ("s_rel", "m", N_("Relative position flange_b - flange_a")),
  SW_VAR ("v_rel", "m/s", N_("Relative velocity")),
  SW_VAR ("a_rel", "m/s2", N_("Relative acceleration")),
  SW_VAR ("f", "N", N_("Force through the element (flange_b.f)")),
  SW_VAR ("energy", "J", N_("Potential energy stored in the contact spring")),
  SW_VAR ("power", "W", N_("Power going in through the flanges (f v_rel)")),
  SW_VAR ("lossPower", "W", N_("Power dissipated by the damping (never negative)")),
  SW_VAR ("contact", "", N_("1 while the flanges touch and push, else 0")),
};

const SwKind sw_kind_trans_elasto_gap = {
  .name = "translational.elasto_gap", .label = N_("Elasto-gap"), .group = "Friction and clutches",
  .help = N_("Spring and damper that act only when the gap is closed (s_rel < s_rel0); never pulls"),
  .ports = SW_TABLE (gap_ports), .params = SW_TABLE (gap_params), .vars = SW_TABLE (gap_vars),
  .state_vars = (SW_BIT (8) - 1) & ~SW_BIT (2), .contact = &gap_contact,
  .key_param = "s_rel0", .main_var = "f",
  .build = gap_build, .forces = gap_forces, .variables = gap_variables,
  .force_flags = SW_FORCE_STIFFNESS | SW_FORCE_DAMPING,
};
