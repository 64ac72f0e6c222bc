/* sw-kinds-rigidity.c: Twin Builder's rigidity (MchRStf, MchTStf;
 * seed-000 §3.8, §3.13): a massless nonlinear spring-damper section between
 * a predecessor (ROT1, TR1) and a successor (ROT2, TR2), under the manual's
 * parameter and output names.
 *
 * The deflection is DPHI = phi1 - phi2 + DPHI0 (the manual's
 * dq = q_n - q_n+1; DPHI0 pre-stretches the spring) and the difference
 * torque DM = MSTF + MFRC + MEXT_VAL acts against it: -DM on ROT1, +DM on
 * ROT2. MSTF depends on DPHI through five areas
 *
 *   2nd step | normal (left) | backlash | normal (right) | 2nd step
 *         DPHISTPL        DPHIBKLL   DPHIBKLU        DPHISTPU
 *
 * with CBKL inside the backlash, the rigidity law in the normal areas
 * (linear C; or progressive C/CPGR sinh (CPGR y), degressive C/CDGR asinh
 * (CDGR y) or polynomial C y + CMUL abs (y)^CEXP sgn (y)) and CSTP beyond the
 * steps, plus the characteristic KSTFCH MSTFCH (DPHI) everywhere. Where the
 * manual is silent (digest §3.8 notes, §7 errata 10-11):
 *  - continuous (the default): each area's law starts where the torque of
 *    the area before it ends (y = DPHI - DPHIBKLU in the right normal area,
 *    CSTP (DPHI - DPHISTPU) added to the torque at DPHISTPU), so the torque
 *    never jumps; continuous = false gives the manual's formulas on DPHI
 *    itself, which jump at the limits unless the slopes agree;
 *  - one rigidity law at a time (CPGR, CDGR, CMUL), one shape of the
 *    viscous law (KPGR, KDGR); the friction laws add: the viscous law with
 *    the resulting coefficient KVSCRES = KVSCBKL + KVSCSTP - KVSC + KVSCPOL
 *    (KVSC in the normal area, KBKL in the backlash, KSTP beyond the steps,
 *    smoothed by KBKLEXP/KSTPEXP; never below 0), the polynomial term
 *    KMUL abs (DOMEGA)^KEXP sgn (DOMEGA) and the characteristic (mirrored for
 *    negative DOMEGA, so that it always resists);
 *  - degressive friction with asinh (printed sinh, errata 7), KVSC DOMEGA
 *    for the printed KVSC omega (errata 8), KBKLCND 1 for the
 *    translational default 0 (errata 13).
 *
 * Where the law jumps at an area limit (continuous off, or KBKLEXP or
 * KSTPEXP 0 with a damping of its own), the part's region (SwContactDesc)
 * is its area: every crossing of such a limit is a located event, not
 * logged, and between events the law keeps its area's formulas.
 *
 * Outputs: the manual's, plus area, energy (potential: the integral of MSTF from 0 to
 * DPHI), power (DM DOMEGA, in through the flanges) and lossPower (MFRC
 * DOMEGA, never negative); the external torque's power is power - the
 * energy's rate - lossPower.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"

#include <float.h>
#include "sw-error.h"
#include "sw-table.h"

enum { R_1, R_2 };
enum {
  P_C, P_KVSC, P_CMUL, P_CEXP, P_KMUL, P_KEXP, P_KVSCMUL, P_KVSCEXP, P_CPGR, P_KPGR, P_CDGR, P_KDGR,
  P_BKLU, P_BKLL, P_CBKL, P_KBKL, P_KBKLEXP, P_KBKLCND, P_STPU, P_STPL, P_CSTP, P_KSTP, P_KSTPEXP, P_KSTPCND,
  P_STFCH, P_KSTFCH, P_FRCCH, P_KFRCCH, P_EXT, P_KEXT, P_D0, P_CONTINUOUS, N_PARAMS
};
enum {
  V_DALPHA, V_DOMEGA, V_DPHI, V_DM, V_OMEGA1, V_OMEGA2, V_MSTF, V_MFRC, V_MVSC, V_KVSCRES, V_MSTFPOL, V_MFRCPOL,
  V_KVSCPOL, V_MSTFPGR, V_MFRCPGR, V_MSTFDGR, V_MFRCDGR, V_MSTFBKL, V_KVSCBKL, V_MFRCBKL, V_MSTFSTP, V_KVSCSTP,
  V_MFRCSTP, V_MFRCCLB, V_MSTFCH, V_MFRCCH, V_MEXT, V_AREA, V_ENERGY, V_POWER, V_LOSS, V_JERK, N_VARS
};

G_STATIC_ASSERT (N_PARAMS <= SW_KIND_MAX_PARAMS);
G_STATIC_ASSERT (N_VARS <= 32);

/* Everything the laws give at one deflection x, speed w and time. */
typedef struct {
  int    area;                       /* -2, -1, 0, 1, 2 as above */
  double mstf, area_torque, mstfch, energy;
  double kvscbkl, kvscstp, kvscpol, kvscres;
  double mvsc, mfrcpgr, mfrcdgr, mfrcpol, mfrcch, mfrc;
  double mext, dm;
} Laws;

static double
sgn (double x)
{
  return x > 0 ? 1 : x < 0 ? -1 : 0;
}

/* The normal areas' law at y and its integral from 0. */
static double
normal_torque (const double *P, double y)
{
  double c = P[P_C];

  if (P[P_CPGR] > 0)
    return c / P[P_CPGR] * sinh (P[P_CPGR] * y);
  if (P[P_CDGR] > 0)
    return c / P[P_CDGR] * asinh (P[P_CDGR] * y);
  if (P[P_CMUL] > 0)
    return c * y + P[P_CMUL] * pow (fabs (y), P[P_CEXP]) * sgn (y);
  return c * y;
}

static double
normal_energy (const double *P, double y)
{
  double c = P[P_C];

  if (P[P_CPGR] > 0)
    {
      /* C / CPGR^2 (cosh z - 1), written without the cancellation. */
      double k = P[P_CPGR], h = sinh (0.5 * k * y);

      return 2 * c / (k * k) * h * h;
    }
  if (P[P_CDGR] > 0)
    {
      double k = P[P_CDGR], z = k * y;

      return c / k * (y * asinh (z) - z * y / (sqrt (1 + z * z) + 1));
    }
  if (P[P_CMUL] > 0)
    return 0.5 * c * y * y + P[P_CMUL] * pow (fabs (y), P[P_CEXP] + 1) / (P[P_CEXP] + 1);
  return 0.5 * c * y * y;
}

/* The integral of the table's column 1 from 0 to x: linear between rows,
 * the first row's value below it, the last segment continued beyond
 * (sw_table_interpolate). */
static double
table_primitive (const SwTable *t, double x)
{
  guint n = sw_table_get_n_rows (t);
  double x0 = sw_table_get (t, 0, 0), sum = 0;

  if (n == 1 || x <= x0)
    return sw_table_get (t, 0, 1) * (x - x0);
  for (guint r = 0; r + 1 < n; r++)
    {
      double a = sw_table_get (t, r, 0), b = sw_table_get (t, r + 1, 0);
      double end = r + 2 == n ? x : MIN (x, b);

      sum += 0.5 * (end - a) * (sw_table_get (t, r, 1) + sw_table_interpolate (t, 1, end));
      if (end >= x)
        break;
    }
  return sum;
}

static double
table_integral (const SwTable *t, double x)
{
  return table_primitive (t, x) - table_primitive (t, 0);
}

/* The smooth change of coefficient printed for the backlash and the 2nd
 * step: inner - (inner - outer) is what the manual writes as
 * outer - (outer - inner) exp (-|delta phi|^exp), phi the offset from the
 * middle of (lo, hi), delta = 1 / (sqrt (cnd) (hi - lo) / 2). */
static double
smooth_weight (double x, double lo, double hi, double exponent, double cnd)
{
  double half = 0.5 * (hi - lo), phi = x - (hi - half);

  return exp (-pow (fabs (phi / (sqrt (cnd) * half)), exponent));
}

/* The area at deflection x. */
static int
area_at (const double *P, double x)
{
  double bu = P[P_BKLU], bl = P[P_BKLL], su = P[P_STPU], sl = P[P_STPL];
  gboolean bkl = bl < 0 || bu > 0, stp = sl < 0 || su > 0;

  if (bkl && bl < x && x < bu)
    return 0;
  if (stp && x >= su)
    return 2;
  if (stp && x <= sl)
    return -2;
  return x >= (bkl ? bu : 0) ? 1 : -1;
}

/* Whether the law jumps at an area limit (see the top). */
static gboolean
has_jumps (const double *P)
{
  gboolean bkl = P[P_BKLL] < 0 || P[P_BKLU] > 0, stp = P[P_STPL] < 0 || P[P_STPU] > 0;
  gboolean continuous = P[P_CONTINUOUS] != 0;

  return (bkl && (!continuous || (P[P_KBKLEXP] <= 0 && P[P_KBKL] != P[P_KVSC])))
         || (stp && (!continuous || (P[P_KSTPEXP] <= 0 && P[P_KSTP] != P[P_KVSC])));
}

/* The law at deflection x and speed w in area (G_MININT: the area of x). */
static void
laws_eval (const SwPart *p, double x, double w, double mext_signal, int area, Laws *l)
{
  const double *P = p->param;
  double bu = P[P_BKLU], bl = P[P_BKLL], su = P[P_STPU], sl = P[P_STPL];
  gboolean bkl = bl < 0 || bu > 0, stp = sl < 0 || su > 0, continuous = P[P_CONTINUOUS] != 0;
  double kvsc = P[P_KVSC], base;

  if (!bkl)
    bu = bl = 0;

  /* Areas and the rigidity torque. Without a backlash the two normal
   * areas are one region. */
  l->area = area == G_MININT || (!bkl && ABS (area) == 1) ? area_at (P, x) : area;

  if (l->area == 0)
    {
      l->area_torque = P[P_CBKL] * x;
      l->energy = 0.5 * P[P_CBKL] * x * x;
    }
  else
    {
      /* The edge of the backlash on this side, and of the step. */
      double e = l->area > 0 ? bu : bl, s = l->area > 0 ? su : sl;
      double at_e = P[P_CBKL] * e, e_energy = 0.5 * P[P_CBKL] * e * e;
      double y = ABS (l->area) == 2 ? s : x;    /* up to the step edge */
      if (continuous)
        {
          l->area_torque = at_e + normal_torque (P, y - e);
          l->energy = e_energy + at_e * (y - e) + normal_energy (P, y - e);
        }
      else
        {
          l->area_torque = normal_torque (P, y);
          l->energy = e_energy + normal_energy (P, y) - normal_energy (P, e);
        }
      if (ABS (l->area) == 2)
        {
          /* y = s here: the energy up to the step edge, then CSTP. */
          if (continuous)
            {
              l->energy += l->area_torque * (x - s) + 0.5 * P[P_CSTP] * (x - s) * (x - s);
              l->area_torque += P[P_CSTP] * (x - s);
            }
          else
            {
              l->energy += 0.5 * P[P_CSTP] * (x * x - s * s);
              l->area_torque = P[P_CSTP] * x;
            }
        }
    }
  l->mstfch = P[P_KSTFCH] * sw_table_interpolate (p->table[P_STFCH], 1, x);
  l->energy += P[P_KSTFCH] * table_integral (p->table[P_STFCH], x);
  l->mstf = l->area_torque + l->mstfch;

  /* The viscous coefficient: backlash, 2nd step, position polynomial. */
  if (!bkl)
    l->kvscbkl = kvsc;
  else if (P[P_KBKLEXP] > 0)
    l->kvscbkl = kvsc - (kvsc - P[P_KBKL]) * smooth_weight (x, bl, bu, P[P_KBKLEXP], P[P_KBKLCND]);
  else
    l->kvscbkl = l->area == 0 ? P[P_KBKL] : kvsc;
  if (!stp)
    l->kvscstp = kvsc;
  else if (P[P_KSTPEXP] > 0)
    l->kvscstp = P[P_KSTP] - (P[P_KSTP] - kvsc) * smooth_weight (x, sl, su, P[P_KSTPEXP], P[P_KSTPCND]);
  else
    l->kvscstp = ABS (l->area) == 2 ? P[P_KSTP] : kvsc;
  l->kvscpol = P[P_KVSCMUL] > 0 ? P[P_KVSCMUL] * pow (fabs (x), P[P_KVSCEXP]) : 0;
  l->kvscres = MAX (0, l->kvscbkl + (l->kvscstp - kvsc) + l->kvscpol);

  /* The friction torques. */
  l->mvsc = l->kvscres * w;
  l->mfrcpgr = P[P_KPGR] > 0 ? l->kvscres / P[P_KPGR] * sinh (P[P_KPGR] * w) : 0;
  l->mfrcdgr = P[P_KDGR] > 0 ? l->kvscres / P[P_KDGR] * asinh (P[P_KDGR] * w) : 0;
  base = P[P_KPGR] > 0 ? l->mfrcpgr : P[P_KDGR] > 0 ? l->mfrcdgr : l->mvsc;
  l->mfrcpol = P[P_KMUL] > 0 ? P[P_KMUL] * pow (fabs (w), P[P_KEXP]) * sgn (w) : 0;
  l->mfrcch = P[P_KFRCCH] * sgn (w) * sw_table_interpolate (p->table[P_FRCCH], 1, fabs (w));
  l->mfrc = base + l->mfrcpol + l->mfrcch;

  l->mext = P[P_KEXT] * mext_signal;
  l->dm = l->mstf + l->mfrc + l->mext;
}

static double
deflection (const SwPart *p, const SwState *s)
{
  return SW_X (p, s, R_1) - SW_X (p, s, R_2) + p->param[P_D0];
}

/* The area the part is held in (its region), or G_MININT: its
 * deflection's. */
static int
held_area (const SwPart *p, const SwState *s)
{
  return has_jumps (p->param) && s->region != NULL ? SW_REGION (p, s) : G_MININT;
}

static int
rigidity_region (const SwPart *p, const SwState *s)
{
  const double *P = p->param;
  int area;

  if (!has_jumps (P))
    return 1;
  area = area_at (P, deflection (p, s));
  return !(P[P_BKLL] < 0 || P[P_BKLU] > 0) && area == -1 ? 1 : area;
}

/* >= 0 while the deflection stays in the area (by a margin of its
 * round-off, so that the area entered at a located event holds). */
static double
rigidity_switching (const SwPart *p, const SwState *s, int region)
{
  const double *P = p->param;
  double bu = P[P_BKLU], bl = P[P_BKLL], su = P[P_STPU], sl = P[P_STPL], x = deflection (p, s);
  gboolean bkl = bl < 0 || bu > 0, stp = sl < 0 || su > 0;
  double lo = -INFINITY, hi = INFINITY;
  double e = 16 * DBL_EPSILON * (fabs (SW_X (p, s, R_1)) + fabs (SW_X (p, s, R_2)) + fabs (P[P_D0]));

  if (!has_jumps (P))
    return 1;
  switch (region)
    {
    case 0:
      lo = bl, hi = bu;
      break;
    case 1:
      lo = bkl ? bu : stp ? sl : -INFINITY;
      hi = stp ? su : INFINITY;
      break;
    case -1:
      lo = stp ? sl : -INFINITY;
      hi = bl;
      break;
    case 2:
      lo = su;
      break;
    default:
      hi = sl;
      break;
    }
  return MIN (x - lo, hi - x) + e;
}

/* Area changes are not logged. */
static int
rigidity_log_mode (int region)
{
  (void) region;
  return -1;
}

static const SwContactDesc rigidity_areas = {
  .region = rigidity_region, .switching = rigidity_switching, .log_mode = rigidity_log_mode,
};

static void
rigidity_forces (const SwPart *p, const SwState *s, double *f)
{
  Laws l;

  laws_eval (p, deflection (p, s), SW_V (p, s, R_1) - SW_V (p, s, R_2), sw_part_signal (p, P_EXT, s, NULL, NULL),
             held_area (p, s), &l);
  f[p->node[R_1]] -= l.dm;
  f[p->node[R_2]] += l.dm;
}

static void
rigidity_variables (const SwPart *p, const SwState *s, double *out)
{
  const double *P = p->param;
  double w = SW_V (p, s, R_1) - SW_V (p, s, R_2);
  gboolean normal;
  Laws l;

  laws_eval (p, deflection (p, s), w, sw_part_signal (p, P_EXT, s, NULL, NULL), held_area (p, s), &l);
  normal = ABS (l.area) == 1;
  out[V_DALPHA] = s->a != NULL ? SW_A (p, s, R_1) - SW_A (p, s, R_2) : NAN;
  out[V_JERK] = SW_JERK (p, s, R_1) - SW_JERK (p, s, R_2);
  out[V_DOMEGA] = w;
  out[V_DPHI] = deflection (p, s);
  out[V_DM] = l.dm;
  out[V_OMEGA1] = SW_V (p, s, R_1);
  out[V_OMEGA2] = SW_V (p, s, R_2);
  out[V_MSTF] = l.mstf;
  out[V_MFRC] = l.mfrc;
  out[V_MVSC] = l.mvsc;
  out[V_KVSCRES] = l.kvscres;
  out[V_MSTFPOL] = normal && P[P_CMUL] > 0 ? l.area_torque : 0;
  out[V_MFRCPOL] = l.mfrcpol;
  out[V_KVSCPOL] = l.kvscpol;
  out[V_MSTFPGR] = normal && P[P_CPGR] > 0 ? l.area_torque : 0;
  out[V_MFRCPGR] = l.mfrcpgr;
  out[V_MSTFDGR] = normal && P[P_CDGR] > 0 ? l.area_torque : 0;
  out[V_MFRCDGR] = l.mfrcdgr;
  out[V_MSTFBKL] = l.area == 0 ? l.area_torque : 0;
  out[V_KVSCBKL] = l.kvscbkl;
  out[V_MFRCBKL] = l.kvscbkl * w;
  out[V_MSTFSTP] = ABS (l.area) == 2 ? l.area_torque : 0;
  out[V_KVSCSTP] = l.kvscstp;
  out[V_MFRCSTP] = l.kvscstp * w;
  out[V_MFRCCLB] = 0;
  out[V_MSTFCH] = l.mstfch;
  out[V_MFRCCH] = l.mfrcch;
  out[V_MEXT] = l.mext;
  out[V_AREA] = l.area;
  out[V_ENERGY] = l.energy;
  out[V_POWER] = l.dm * w;
  out[V_LOSS] = l.mfrc * w;
}

static gboolean
rigidity_validate (const double *P, GError **error)
{
  const char *stiffness[] = { "CPGR", "CDGR", "CMUL" };
  guint given = (P[P_CPGR] > 0) + (P[P_CDGR] > 0) + (P[P_CMUL] > 0);

  if (given > 1)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("“%s”, “%s” and “%s” choose the rigidity law: give at most one of them (> 0)"), stiffness[0],
                   stiffness[1], stiffness[2]);
      return FALSE;
    }
  if (P[P_KPGR] > 0 && P[P_KDGR] > 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("“%s” and “%s” both shape the viscous friction: give at most one of them (> 0)"), "KPGR", "KDGR");
      return FALSE;
    }
  if ((P[P_STPU] > 0 || P[P_STPL] < 0) && (P[P_BKLU] > P[P_STPU] || P[P_BKLL] < P[P_STPL]))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("the backlash (%g … %g) must lie within the 2nd step's limits (%g … %g): the step area lies "
                     "outside them"),
                   P[P_BKLL], P[P_BKLU], P[P_STPL], P[P_STPU]);
      return FALSE;
    }
  return TRUE;
}

/* ---- Tables --------------------------------------------------------------- */

static const SwPortDesc rot_ports[] = { SW_PORT ("ROT1", SW_ROT), SW_PORT ("ROT2", SW_ROT) };
static const SwPortDesc trans_ports[] = { SW_PORT ("TR1", SW_TRANS), SW_PORT ("TR2", SW_TRANS) };

/* Characteristics: MSTFCH over the deflection, both signs as given;
 * MFRCCH over the speed from 0, mirrored. [[0, 0]]: off. */
static const double char_default[] = { 0, 0 };
static const SwColumnDesc rot_stf_columns[] = {
  { "DPHI", "rad", -INFINITY, INFINITY, FALSE },
  { "M", "N.m", -INFINITY, INFINITY, FALSE },
};
static const SwColumnDesc rot_frc_columns[] = {
  { "DOMEGA", "rad/s", 0, INFINITY, FALSE },
  { "M", "N.m", 0, INFINITY, FALSE },
};
static const SwColumnDesc trans_stf_columns[] = {
  { "DS", "m", -INFINITY, INFINITY, FALSE },
  { "F", "N", -INFINITY, INFINITY, FALSE },
};
static const SwColumnDesc trans_frc_columns[] = {
  { "DV", "m/s", 0, INFINITY, FALSE },
  { "F", "N", 0, INFINITY, FALSE },
};
static const SwTableDesc rot_stf_table = { rot_stf_columns, 2, char_default, 1 };
static const SwTableDesc rot_frc_table = { rot_frc_columns, 2, char_default, 1 };
static const SwTableDesc trans_stf_table = { trans_stf_columns, 2, char_default, 1 };
static const SwTableDesc trans_frc_table = { trans_frc_columns, 2, char_default, 1 };

#define EXP_HELP N_("≥ 0 (a negative exponent would make the law infinite at 0)")
#define SMOOTH_HELP N_("> 0: the coefficient changes smoothly at the limits, the harder the larger (2 soft, 32 hard); " \
                       "0: it jumps there")
#define CND_HELP N_("Where the smooth change is half done: 1 puts about 63 percent of it at the limits")

/* The parameters, in the manual's (netlist) order; X is the position
 * difference's name, Y the torque's prefix. */
#define RIGIDITY_PARAMS(cu, ku, xu, fu, bklu, bkll, stpu, stpl, stfch, frcch, kfrcch, ext, d0, \
                        stf_table, frc_table, cnd_default, cnd_help, upper_label, lower_label, stp_upper_label, \
                        stp_lower_label, ext_label, d0_label) \
  SW_NONNEG ("C", N_("Rigidity (stiffness)"), cu, 0, \
             N_("Linear rigidity, the normal areas' slope at their start; 0: only friction there")), \
  SW_NONNEG ("KVSC", N_("Viscous friction coefficient"), ku, 0, \
             N_("Viscous friction in the normal area, the initial slope of the progressive or degressive law")), \
  SW_NONNEG ("CMUL", N_("Polynomial rigidity multiplier"), cu, 0, \
             N_("> 0: polynomial rigidity C y + CMUL abs (y)^CEXP sgn (y) in the normal areas")), \
  SW_NONNEG ("CEXP", N_("Polynomial rigidity exponent"), "", 0, EXP_HELP), \
  SW_NONNEG ("KMUL", N_("Polynomial friction multiplier"), ku, 0, \
             N_("> 0: adds KMUL abs (speed difference)^KEXP sgn (speed difference) to the friction")), \
  SW_NONNEG ("KEXP", N_("Polynomial friction exponent"), "", 0, EXP_HELP), \
  SW_NONNEG ("KVSCMUL", N_("Position dept polynomial friction multiplier"), ku, 0, \
             N_("KVSCPOL = KVSCMUL abs (position difference)^KVSCEXP, added to the viscous coefficient in every area")), \
  SW_NONNEG ("KVSCEXP", N_("Position dept polynomial friction exponent"), "", 0, EXP_HELP), \
  SW_NONNEG ("CPGR", N_("Progressivity rigidity coefficient"), "", 0, \
             N_("> 0: progressive rigidity C/CPGR sinh (CPGR y) in the normal areas (unit: 1 / position)")), \
  SW_NONNEG ("KPGR", N_("Progressivity friction coefficient"), "", 0, \
             N_("> 0: progressive viscous friction KVSCRES/KPGR sinh (KPGR × speed difference)")), \
  SW_NONNEG ("CDGR", N_("Degressivity rigidity coefficient"), "", 0, \
             N_("> 0: degressive rigidity C/CDGR asinh (CDGR y) in the normal areas (unit: 1 / position)")), \
  SW_NONNEG ("KDGR", N_("Degressivity friction coefficient"), "", 0, \
             N_("> 0: degressive viscous friction KVSCRES/KDGR asinh (KDGR × speed difference); the manual " \
                "prints sinh, taken as asinh (errata)")), \
  SW_NONNEG (bklu, upper_label, xu, 0, N_("Upper end of the backlash area (on when either limit is not 0)")), \
  SW_REAL (bkll, lower_label, xu, 0, -INFINITY, 0, N_("Lower end of the backlash area, ≤ 0")), \
  SW_NONNEG ("CBKL", N_("Backlash rigidity (inside backlash range)"), cu, 0, N_("Rigidity inside the backlash area")), \
  SW_NONNEG ("KBKL", N_("Backlash viscous friction coefficient"), ku, 0, \
             N_("Viscous friction coefficient inside the backlash area")), \
  SW_NONNEG ("KBKLEXP", N_("Backlash viscous friction exponent"), "", 0, SMOOTH_HELP), \
  SW_POSITIVE ("KBKLCND", N_("Backlash viscous friction conditioner"), "", cnd_default, cnd_help), \
  SW_NONNEG (stpu, stp_upper_label, xu, 0, \
             N_("Upper 2nd step limit: beyond it the 2nd step area (on when either limit is not 0; a limit left at 0 " \
                "puts that whole side in the step area)")), \
  SW_REAL (stpl, stp_lower_label, xu, 0, -INFINITY, 0, N_("Lower 2nd step limit, ≤ 0")), \
  SW_NONNEG ("CSTP", N_("2nd step rigidity (outside step range)"), cu, 0, N_("Rigidity in the 2nd step areas")), \
  SW_NONNEG ("KSTP", N_("2nd step viscous friction coefficient"), ku, 0, \
             N_("Viscous friction coefficient in the 2nd step areas")), \
  SW_NONNEG ("KSTPEXP", N_("2nd step viscous friction exponent"), "", 0, SMOOTH_HELP), \
  SW_POSITIVE ("KSTPCND", N_("2nd step viscous friction conditioner"), "", 1, CND_HELP), \
  SW_TABLE_PARAM (stfch, N_("Characteristic rigidity"), \
                  N_("Rigidity characteristic: rows [position difference, value], added in every area, both signs " \
                     "as given (below the first row its value, beyond the last row extrapolated); [[0, 0]]: off"), \
                  stf_table), \
  SW_ANY ("KSTFCH", N_("Characteristic rigidity coefficient"), "", 1, N_("Weight of the rigidity characteristic")), \
  SW_TABLE_PARAM (frcch, N_("Characteristic friction"), \
                  N_("Friction characteristic: rows [speed difference, value] from 0, mirrored for negative speeds " \
                     "(it always resists); [[0, 0]]: off"), \
                  frc_table), \
  SW_NONNEG (kfrcch, N_("Characteristic friction coefficient"), "", 1, N_("Weight of the friction characteristic")), \
  SW_SIGNAL (ext, ext_label, fu, \
             N_("An arbitrary difference torque (force) of time, weighted by KEXT and added to DM like the " \
                "spring's: a number or a signal")), \
  SW_ANY ("KEXT", N_("External (arbitrary) coefficient"), "", 1, N_("Weight of the external difference torque (force)")), \
  SW_ANY (d0, d0_label, xu, 0, \
          N_("Pre-stretch: the deflection while both flanges stand at the same position (it adds to their " \
             "difference; Twin Builder's masses' initial positions are not subtracted)")), \
  SW_BOOL ("continuous", N_("Continuous areas"), 1, \
           N_("On (not Twin Builder's): each area's law starts where the torque of the area before it ends, so " \
              "the torque never jumps; off: the manual's formulas on the deflection itself, which jump at the " \
              "area limits unless the slopes agree"))

static const SwParamDesc rot_params[] = {
  RIGIDITY_PARAMS ("N.m/rad", "N.m.s/rad", "rad", "N.m", "DPHIBKLU", "DPHIBKLL", "DPHISTPU", "DPHISTPL",
                   "MSTFCH", "MFRCCH", "KFRCCH", "MEXT", "DPHI0", &rot_stf_table, &rot_frc_table, 1, CND_HELP,
                   N_("Backlash upper limit of position angle difference"),
                   N_("Backlash lower limit of position angle diff"), N_("2nd step upper limit of position angle diff"),
                   N_("2nd step lower limit of position angle diff"), N_("External (arbitrary) torque"),
                   N_("Initial angular position difference")),
};
static const SwParamDesc trans_params[] = {
  RIGIDITY_PARAMS ("N/m", "N.s/m", "m", "N", "DSBKLU", "DSBKLL", "DSSTPU", "DSSTPL", "FSTFCH", "FFRCCH",
                   "KFRCCCH", "FEXT", "DS0", &trans_stf_table, &trans_frc_table, 1,
                   N_("Where the smooth change is half done: 1 puts about 63 percent of it at the limits (the manual's "
                      "default 0 would divide by zero: 1 here)"),
                   N_("Backlash upper limit of position diff"), N_("Backlash lower limit of position diff"),
                   N_("2nd step upper limit of position diff"), N_("2nd step lower limit of position diff"),
                   N_("External (arbitrary) force"), N_("Initial position difference")),
};

G_STATIC_ASSERT (G_N_ELEMENTS (rot_params) == N_PARAMS);

#define AREA_HELP N_("Area: 0 backlash, ±1 normal (right, left), ±2 2nd step (upper, lower)")
#define ENERGY_HELP N_("Potential energy: the rigidity's torque (force) integrated from 0 to the deflection")
#define POWER_HELP N_("Power going in through the flanges (DM × speed difference)")
#define LOSS_HELP N_("Power the friction dissipates (never negative)")

static const SwVarDesc rot_vars[] = {
  SW_VAR ("DALPHA", "rad/s2", N_("Angular acceleration difference")),
  SW_VAR ("DOMEGA", "rad/s", N_("Angular velocity difference OMEGA1 - OMEGA2")),
  SW_VAR ("DPHI", "rad", N_("Angular position difference PHI1 - PHI2 + DPHI0")),
  SW_VAR ("DM", "N.m", N_("Difference torque MSTF + MFRC + MEXT_VAL (on ROT2; -DM on ROT1)")),
  SW_VAR ("OMEGA1", "rad/s", N_("Predecessor angular velocity")),
  SW_VAR ("OMEGA2", "rad/s", N_("Successor angular velocity")),
  SW_VAR ("MSTF", "N.m", N_("Resulting rigidity torque")),
  SW_VAR ("MFRC", "N.m", N_("Resulting friction torque")),
  SW_VAR ("MVSC", "N.m", N_("Viscous friction torque KVSCRES × DOMEGA")),
  SW_VAR ("KVSCRES", "N.m.s/rad", N_("Resulting viscous friction coefficient")),
  SW_VAR ("MSTFPOL", "N.m", N_("Polynomial rigidity torque (in the normal areas)")),
  SW_VAR ("MFRCPOL", "N.m", N_("Polynomial friction torque KMUL abs (DOMEGA)^KEXP sgn (DOMEGA)")),
  SW_VAR ("KVSCPOL", "N.m.s/rad", N_("Polynomial viscous friction coefficient")),
  SW_VAR ("MSTFPGR", "N.m", N_("Progressive rigidity torque (in the normal areas)")),
  SW_VAR ("MFRCPGR", "N.m", N_("Progressive friction torque")),
  SW_VAR ("MSTFDGR", "N.m", N_("Degressive rigidity torque (in the normal areas)")),
  SW_VAR ("MFRCDGR", "N.m", N_("Degressive friction torque")),
  SW_VAR ("MSTFBKL", "N.m", N_("Backlash rigidity torque (in the backlash area)")),
  SW_VAR ("KVSCBKL", "N.m.s/rad", N_("Backlash viscous friction coefficient")),
  SW_VAR ("MFRCBKL", "N.m", N_("Backlash friction torque KVSCBKL × DOMEGA")),
  SW_VAR ("MSTFSTP", "N.m", N_("2nd step rigidity torque (in the 2nd step areas)")),
  SW_VAR ("KVSCSTP", "N.m.s/rad", N_("2nd step viscous friction coefficient")),
  SW_VAR ("MFRCSTP", "N.m", N_("2nd step viscous friction torque KVSCSTP × DOMEGA")),
  SW_VAR ("MFRCCLB", "N.m", N_("Coulomb friction torque: always 0 (the rigidity has no Coulomb friction)")),
  SW_VAR ("MSTFCH_VAL", "N.m", N_("Characteristic rigidity torque")),
  SW_VAR ("MFRCCH_VAL", "N.m", N_("Characteristic friction torque")),
  SW_VAR ("MEXT_VAL", "N.m", N_("External (arbitrary) torque")),
  SW_VAR ("area", "", AREA_HELP),
  SW_VAR ("energy", "J", ENERGY_HELP),
  SW_VAR ("power", "W", POWER_HELP),
  SW_VAR ("lossPower", "W", LOSS_HELP),
  SW_VAR ("dDALPHA", "rad/s3", N_("Angular jerk difference")),
};
static const SwVarDesc trans_vars[] = {
  SW_VAR ("DACC", "m/s2", N_("Acceleration difference")),
  SW_VAR ("DV", "m/s", N_("Velocity difference V1 - V2")),
  SW_VAR ("DS", "m", N_("Position difference S1 - S2 + DS0")),
  SW_VAR ("DF", "N", N_("Difference force FSTF + FFRC + FEXT_VAL (on TR2; -DF on TR1)")),
  SW_VAR ("V1", "m/s", N_("Predecessor velocity")),
  SW_VAR ("V2", "m/s", N_("Successor velocity")),
  SW_VAR ("FSTF", "N", N_("Resulting rigidity force")),
  SW_VAR ("FFRC", "N", N_("Resulting friction force")),
  SW_VAR ("FVSC", "N", N_("Viscous friction force KVSCRES × DV")),
  SW_VAR ("KVSCRES", "N.s/m", N_("Resulting viscous friction coefficient")),
  SW_VAR ("FSTFPOL", "N", N_("Polynomial rigidity force (in the normal areas)")),
  SW_VAR ("FFRCPOL", "N", N_("Polynomial friction force KMUL abs (DV)^KEXP sgn (DV)")),
  SW_VAR ("KVSCPOL", "N.s/m", N_("Polynomial viscous friction coefficient")),
  SW_VAR ("FSTFPGR", "N", N_("Progressive rigidity force (in the normal areas)")),
  SW_VAR ("FFRCPGR", "N", N_("Progressive friction force")),
  SW_VAR ("FSTFDGR", "N", N_("Degressive rigidity force (in the normal areas)")),
  SW_VAR ("FFRCDGR", "N", N_("Degressive friction force")),
  SW_VAR ("FSTFBKL", "N", N_("Backlash rigidity force (in the backlash area)")),
  SW_VAR ("KVSCBKL", "N.s/m", N_("Backlash viscous friction coefficient")),
  SW_VAR ("FFRCBKL", "N", N_("Backlash friction force KVSCBKL × DV (the manual prints MFRCBKL)")),
  SW_VAR ("FSTFSTP", "N", N_("2nd step rigidity force (in the 2nd step areas; the manual prints MSTFSTP)")),
  SW_VAR ("KVSCSTP", "N.s/m", N_("2nd step viscous friction coefficient")),
  SW_VAR ("FFRCSTP", "N", N_("2nd step viscous friction force KVSCSTP × DV")),
  SW_VAR ("FFRCCLB", "N", N_("Coulomb friction force: always 0 (the rigidity has no Coulomb friction)")),
  SW_VAR ("FSTFCH_VAL", "N", N_("Characteristic rigidity force")),
  SW_VAR ("FFRCCH_VAL", "N", N_("Characteristic friction force")),
  SW_VAR ("FEXT_VAL", "N", N_("External (arbitrary) force")),
  SW_VAR ("area", "", AREA_HELP),
  SW_VAR ("energy", "J", ENERGY_HELP),
  SW_VAR ("power", "W", POWER_HELP),
  SW_VAR ("lossPower", "W", LOSS_HELP),
  SW_VAR ("dDACC", "m/s3", N_("Jerk difference")),
};

G_STATIC_ASSERT (G_N_ELEMENTS (rot_vars) == N_VARS && G_N_ELEMENTS (trans_vars) == N_VARS);

/* Everything but the acceleration and jerk differences follows from the
 * state. */
#define RIGIDITY_STATE_VARS ((guint32) ((((guint64) 1 << N_VARS) - 1) & ~SW_BIT (V_DALPHA) & ~SW_BIT (V_JERK)))

const SwKind sw_kind_rot_rigidity = {
  .name = "rotational.rigidity", .label = N_("Rigidity (Twin Builder)"), .group = "Rotational",
  .help = N_("Twin Builder's rotational rigidity (MchRStf): a nonlinear spring-damper between the predecessor ROT1 "
             "and the successor ROT2 with backlash and 2nd step areas, DM = MSTF + MFRC + MEXT_VAL against "
             "DPHI = PHI1 − PHI2 + DPHI0. "
             "Choices where the manual is silent or contradicts itself: continuous areas (see “continuous”); one rigidity "
             "law of CPGR, CDGR, CMUL; the friction laws add, the viscous one (linear, KPGR sinh or KDGR asinh) with "
             "KVSCRES = KVSCBKL + KVSCSTP − KVSC + KVSCPOL; the characteristic friction mirrored; DPHI0 a pre-stretch"),
  .ports = SW_TABLE (rot_ports), .params = SW_TABLE (rot_params), .vars = SW_TABLE (rot_vars),
  .key_param = "C", .main_var = "DM", .validate = rigidity_validate,
  .forces = rigidity_forces, .variables = rigidity_variables, .contact = &rigidity_areas,
  .force_flags = SW_FORCE_STIFFNESS | SW_FORCE_DAMPING | SW_FORCE_TIME, .state_vars = RIGIDITY_STATE_VARS,
  .jerk_vars = SW_BIT (V_JERK),
};

const SwKind sw_kind_trans_rigidity = {
  .name = "translational.rigidity", .label = N_("Rigidity (Twin Builder)"), .group = "Translational",
  .help = N_("Twin Builder's translational rigidity (MchTStf): a nonlinear spring-damper between the predecessor "
             "TR1 and the successor TR2 with backlash and 2nd step areas, DF = FSTF + FFRC + FEXT_VAL against "
             "DS = S1 − S2 + DS0. "
             "Choices where the manual is silent or contradicts itself: continuous areas (see “continuous”); one rigidity "
             "law of CPGR, CDGR, CMUL; the friction laws add, the viscous one (linear, KPGR sinh or KDGR asinh) with "
             "KVSCRES = KVSCBKL + KVSCSTP − KVSC + KVSCPOL; the characteristic friction mirrored; DS0 a pre-stretch"),
  .ports = SW_TABLE (trans_ports), .params = SW_TABLE (trans_params), .vars = SW_TABLE (trans_vars),
  .key_param = "C", .main_var = "DF", .validate = rigidity_validate,
  .forces = rigidity_forces, .variables = rigidity_variables, .contact = &rigidity_areas,
  .force_flags = SW_FORCE_STIFFNESS | SW_FORCE_DAMPING | SW_FORCE_TIME, .state_vars = RIGIDITY_STATE_VARS,
  .jerk_vars = SW_BIT (V_JERK),
};
