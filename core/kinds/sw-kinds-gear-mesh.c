/* sw-kinds-gear-mesh.c: elastic gear meshes (COMSOL's gear pair, rack and
 * pinion, worm and wheel; digest seed-003 §6-§10).
 *
 * One mesh law serves all three. Flange a is the member the mesh is
 * referred to (the pinion; the worm), flange b the other (the wheel; the
 * rack), each measured from its support (sa, sb). The relative angle at a,
 *   theta_rel = (x_a - x_sa) - ratio (x_b - x_sb),
 * is COMSOL's theta_el + theta_et + theta_bl: the elastic twist of the
 * mesh, the static transmission error and the backlash in series, so the
 * mesh is a rigid ratio plus a series spring, dead zone and prescribed
 * error (§7.1). A very stiff mesh is the ideal gear: same sense of
 * rotation as Modelica's IdealGear (ratio > 0; COMSOL's external mesh
 * reverses it).
 *
 * Geometry at a: r_p its pitch radius (the pinion's; for the worm the
 * wheel's over the ratio), rho = r_p cos(alpha) its base radius. The mesh
 * stiffness k_g [N/m] along the line of action is a torsional stiffness
 * k_g rho^2 at a (§8, k_theta = k_g (r_pn cos alpha)^2), and so is the
 * damping. Backlash b_l along the pitch circle is theta_b = b_l / r_p
 * (§10), centred on the flank middle like the elasto-backlash (COMSOL puts
 * it in [0, theta_b]); the mesh torque is its law (sw-kinds-backlash.c):
 * zero within the play, never pulling, every change of piece a located
 * event. The transmission error e_t [m] is theta_et = e_t cos(alpha) / r_p
 * (§9, (3-2) as printed).
 *
 * Mesh stiffness (§8, method A, tooth stiffness of individual gears): one
 * wheel and one pinion tooth in series, k_pair = kt_a kt_b / (kt_a + kt_b),
 * times the number of tooth pairs in contact. That number follows the
 * mesh cycle theta_m = mod(theta_c, 2 pi / n_c) of the counting member c
 * (the wheel; the pinion of a rack) and the mean contact ratio eps: whole
 * eps = 1, 2, 3 is COMSOL's "constant"; 1 < eps < 2 its "varying, max
 * contact ratio 2" with zeta = (3 - eps) / 2, 2 < eps < 3 "max 3" with
 * zeta = (5 - eps) / 6 (digest §18 T8, T9). Not varying, the mesh has the
 * mean stiffness eps k_pair. Linear analysis takes the mean, the contacts
 * closed and no transmission error (§15).
 *
 * Varying, the stiffness jumps where tooth pairs enter and leave: each
 * stretch of the mesh cycle with one number of pairs is a segment, and the
 * part's region (SwContactDesc) is the contact's piece and the segment, so
 * that every jump is a located event and the law between events keeps the
 * segment's stiffness. The segment's stretch of the counting member's
 * turns is held (not wrapped over the cycle), so that a step over several
 * mesh cycles (prescribed motions on both sides) still sees the phase
 * leave it. A jump changes the stored energy by 1/2 dk d^2 at
 * the deflection d of that instant; stiffnessWork adds these up (a held
 * value), so that the energy balance closes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"
#include "sw-gear-mesh-private.h"
#include "sw-error.h"

#include <float.h>

/* What a kind's parameters make of the mesh. */
typedef struct {
  guint  a, b, sa, sb;    /* ports */
  guint  c, sc;           /* the member whose mesh cycle counts, its support */
  double n_c;             /* its teeth */
  double ratio;           /* flange_a motion per flange_b motion */
  double r_p, cos_alpha, sin_alpha;
  double kt_a, kt_b, eps;
  gboolean varying;
  double c_g, c_gk, b_l;
  double e_m, e_a, e_b;   /* TE: over the mesh cycle, runouts of a and b (0 for a rack) */
} Mesh;

double
_sw_gear_mesh_zeta (double eps)
{
  return eps <= 2 ? (3 - eps) / 2 : (5 - eps) / 6;
}

double
_sw_gear_mesh_pairs (double eps, gboolean varying, double phase)
{
  double z;

  if (!varying || eps == 1 || eps == 2 || eps == 3)
    return eps;
  z = _sw_gear_mesh_zeta (eps);
  /* COMSOL's gated sums with one tooth stiffness: each gate a tooth pair. */
  if (eps < 2)
    return 1 + (phase < 1 - z) + (phase >= z);
  return 1 + (phase < 1 - z) + (phase >= 2 * z) + (phase < 1 - 2 * z) + (phase >= z);
}

/* ---- Segments of the mesh cycle ----------------------------------------- */

/* A stretch of the mesh cycle (phase in [0, 1)) with one number of tooth
 * pairs: centre +- half, wrapped around 1. */
typedef struct {
  double centre, half, pairs;
} Segment;

#define MAX_SEGMENTS 4

/* The segments of a varying mesh (0: a constant stiffness). With eps < 2
 * two pairs while phase is within 1 - zeta of 0, one pair between; with
 * 2 < eps < 3 three pairs within 1 - 2 zeta of 0 and within 1/2 - zeta of
 * 1/2, two pairs between (what _sw_gear_mesh_pairs() counts). */
static guint
mesh_segments (const Mesh *m, Segment *seg)
{
  double z;

  if (!m->varying || m->eps == 1 || m->eps == 2 || m->eps == 3)
    return 0;
  z = _sw_gear_mesh_zeta (m->eps);
  if (m->eps < 2)
    {
      seg[0] = (Segment) { 0, 1 - z, 2 };
      seg[1] = (Segment) { 0.5, z - 0.5, 1 };
      return 2;
    }
  seg[0] = (Segment) { 0, 1 - 2 * z, 3 };
  seg[1] = (Segment) { 0.5 * (1 - z), 1.5 * z - 0.5, 2 };
  seg[2] = (Segment) { 0.5, 0.5 - z, 3 };
  seg[3] = (Segment) { 0.5 * (1 + z), 1.5 * z - 0.5, 2 };
  return 4;
}

/* phase - centre into [-1/2, 1/2). */
static double
from_centre (const Segment *seg, double phase)
{
  double d = phase - seg->centre;

  return d - floor (d + 0.5);
}

static int
segment_at (const Segment *seg, guint n, double phase)
{
  for (guint k = 0; k < n; k++)
    {
      double d = from_centre (&seg[k], phase);

      if (d >= -seg[k].half && d < seg[k].half)
        return (int) k;
    }
  return n > 0 ? (int) n - 1 : -1;
}

/* A region is the contact's piece (-2 … 2, see mesh_region) and the
 * segment. */
#define REGION(contact, segment) ((contact) + 5 * (segment))
#define REGION_SEGMENT(region) (((region) + 2) / 5)
#define REGION_CONTACT(region) ((region) - 5 * REGION_SEGMENT (region))

/* The segment the part is in (its region), -1 for none. */
static int
held_segment (const Mesh *m, const SwPart *p, const SwState *s)
{
  Segment seg[MAX_SEGMENTS];
  guint n = mesh_segments (m, seg);
  int k;

  if (n == 0 || s->region == NULL)
    return -1;
  k = REGION_SEGMENT (SW_REGION (p, s));
  return k >= 0 && k < (int) n ? k : -1;
}

/* The mesh law's result at a state. */
typedef struct {
  double theta_rel, w_rel;   /* at a */
  double phase;              /* of the mesh cycle, [0, 1) */
  double pairs, k_g, c_m;    /* tooth pairs in contact, N/m, N.s/m */
  double k_th, c_th;         /* at a: N.m/rad, N.m.s/rad */
  double theta_et, w_et;     /* static transmission error at a */
  double theta_b;
  double tau_c, tau;         /* spring torque, mesh torque at a */
} MeshState;

/* mean: the linear analysis' mean law; else with the stiffness of
 * segment (-1: of the phase now). */
static void
mesh_eval (const Mesh *m, const SwPart *p, const SwState *s, gboolean mean, int segment, MeshState *o)
{
  double th_a = SW_X (p, s, m->a) - SW_X (p, s, m->sa), w_a = SW_V (p, s, m->a) - SW_V (p, s, m->sa);
  double th_b = SW_X (p, s, m->b) - SW_X (p, s, m->sb), w_b = SW_V (p, s, m->b) - SW_V (p, s, m->sb);
  double th_c = SW_X (p, s, m->c) - SW_X (p, s, m->sc), w_c = SW_V (p, s, m->c) - SW_V (p, s, m->sc);
  double turns = m->n_c * th_c / (2 * G_PI), rho = m->r_p * m->cos_alpha, e_t, de_t;

  o->theta_rel = th_a - m->ratio * th_b;
  o->w_rel = w_a - m->ratio * w_b;
  o->phase = turns - floor (turns);
  if (o->phase >= 1)
    o->phase = 0;
  if (segment >= 0 && !mean)
    {
      Segment seg[MAX_SEGMENTS];
      guint n = mesh_segments (m, seg);

      g_assert ((guint) segment < n);
      o->pairs = seg[segment].pairs;
    }
  else
    o->pairs = _sw_gear_mesh_pairs (m->eps, m->varying && !mean, o->phase);
  o->k_g = o->pairs * m->kt_a * m->kt_b / (m->kt_a + m->kt_b);
  o->c_m = m->c_g + m->c_gk * o->k_g;
  o->k_th = o->k_g * rho * rho;
  o->c_th = o->c_m * rho * rho;
  /* Transmission error: a sine over the mesh cycle and once-per-turn
   * runouts; its mean is 0. */
  e_t = de_t = 0;
  if (!mean)
    {
      e_t = m->e_m * sin (m->n_c * th_c) + m->e_a * sin (th_a) + m->e_b * sin (th_b);
      de_t = m->e_m * m->n_c * cos (m->n_c * th_c) * w_c + m->e_a * cos (th_a) * w_a + m->e_b * cos (th_b) * w_b;
    }
  o->theta_et = e_t * m->cos_alpha / m->r_p;
  o->w_et = de_t * m->cos_alpha / m->r_p;
  o->theta_b = mean ? 0 : m->b_l / m->r_p;
  _sw_backlash_law (o->k_th, o->c_th, o->theta_b, o->theta_rel - o->theta_et, o->w_rel - o->w_et, &o->tau_c,
                    &o->tau);
}

/* tau resists theta_rel: -tau on a, +ratio tau on b, the reactions on the
 * supports. */
static void
mesh_apply (const Mesh *m, const SwPart *p, double tau, double *f)
{
  f[p->node[m->a]] -= tau;
  f[p->node[m->sa]] += tau;
  f[p->node[m->b]] += m->ratio * tau;
  f[p->node[m->sb]] -= m->ratio * tau;
}

/* Regions (SwContactDesc) as the elasto-backlash's: 0 open within the play,
 * +-1 pressing, +-2 beyond the play with the damping cancelling the spring;
 * one region without play. s is tau_c + tau_d. The switching functions
 * carry a margin of the round-off in diff and s (diff is a difference of
 * angles that grow with the run: at 60 rad apiece it is noise of 1e-14):
 * where an event is located, the region entered holds by that margin
 * instead of flipping back at once on noise, and region() agrees with it. */
static void
mesh_terms (const Mesh *m, const SwPart *p, const SwState *st, int segment, double *diff, double *half, double *s,
            double *tol_diff, double *tol_s)
{
  MeshState o;
  double th_a = SW_X (p, st, m->a) - SW_X (p, st, m->sa), th_b = SW_X (p, st, m->b) - SW_X (p, st, m->sb);
  double w_a = SW_V (p, st, m->a) - SW_V (p, st, m->sa), w_b = SW_V (p, st, m->b) - SW_V (p, st, m->sb);

  mesh_eval (m, p, st, FALSE, segment, &o);
  *diff = o.theta_rel - o.theta_et;
  *half = 0.5 * o.theta_b;
  *s = o.k_th * (*diff > 0 ? *diff - *half : *diff + *half) + o.c_th * (o.w_rel - o.w_et);
  *tol_diff = 16 * DBL_EPSILON * (fabs (th_a) + fabs (m->ratio * th_b) + fabs (o.theta_et) + *half);
  *tol_s = o.k_th * *tol_diff + 16 * DBL_EPSILON * o.c_th * (fabs (w_a) + fabs (m->ratio * w_b) + fabs (o.w_et));
}

/* The turns of the counting member (for the round-off of its phase). */
static double
mesh_turns (const Mesh *m, const SwPart *p, const SwState *st)
{
  return m->n_c * (SW_X (p, st, m->c) - SW_X (p, st, m->sc)) / (2 * G_PI);
}

static int
mesh_region (const Mesh *m, const SwPart *p, const SwState *st)
{
  Segment seg[MAX_SEGMENTS];
  guint n = mesh_segments (m, seg);
  double diff, half, s, e, e_s, turns = mesh_turns (m, p, st);
  int segment = n > 0 ? segment_at (seg, n, turns - floor (turns)) : 0, contact;

  mesh_terms (m, p, st, n > 0 ? segment : -1, &diff, &half, &s, &e, &e_s);
  if (m->b_l / m->r_p <= SW_BACKLASH_NO_PLAY)
    contact = 1;
  else if (diff > half)
    contact = s <= 0 ? 2 : 1;
  else if (diff < -half)
    contact = s >= 0 ? -2 : -1;
  else
    contact = 0;
  return REGION (contact, segment);
}

/* Held values: stiffnessWork, and the ends of the stretch of the mesh
 * cycle the part is in, in turns of mesh cycles counted from 0 (not
 * wrapped: see mesh_switching). */
enum { HELD_WORK, HELD_LOWER, HELD_UPPER, N_HELD };

/* The ends of the present segment's stretch around turns. */
static void
segment_bounds (const Mesh *m, const SwPart *p, const SwState *st, int segment, double *held)
{
  Segment seg[MAX_SEGMENTS];
  guint n = mesh_segments (m, seg);
  double turns, centre;

  if (n == 0 || segment < 0 || segment >= (int) n)
    {
      held[HELD_LOWER] = -G_MAXDOUBLE;
      held[HELD_UPPER] = G_MAXDOUBLE;
      return;
    }
  turns = mesh_turns (m, p, st);
  /* The occurrence of the segment's centre within half a cycle of turns
   * (a segment is less than a cycle wide). */
  centre = seg[segment].centre + floor (turns - seg[segment].centre + 0.5);
  held[HELD_LOWER] = centre - seg[segment].half;
  held[HELD_UPPER] = centre + seg[segment].half;
}

static double
mesh_switching (const Mesh *m, const SwPart *p, const SwState *st, int region)
{
  Segment seg[MAX_SEGMENTS];
  guint n = mesh_segments (m, seg);
  int segment = REGION_SEGMENT (region);
  double diff, half, s, e, e_s, g = G_MAXDOUBLE;

  if (n > 0)
    {
      double turns = mesh_turns (m, p, st);

      /* Until the turns leave the segment's stretch, by a margin of their
       * round-off. The stretch is held (not the phase's distance from the
       * segment's centre, which wraps every mesh cycle): a step that
       * passes a whole cycle or more (a mesh between prescribed motions
       * steps freely) still ends outside it, and the first crossing is
       * located. */
      if (st->held != NULL)
        g = MIN (turns - SW_HELD (p, st, HELD_LOWER), SW_HELD (p, st, HELD_UPPER) - turns);
      else
        g = seg[segment].half - fabs (from_centre (&seg[segment], turns - floor (turns)));
      g += 16 * DBL_EPSILON * (1 + fabs (turns));
    }
  mesh_terms (m, p, st, n > 0 ? segment : -1, &diff, &half, &s, &e, &e_s);
  switch (REGION_CONTACT (region))
    {
    case 0:
      return MIN (g, MIN (half - diff, diff + half) + e);
    case 1:
      return MIN (g, m->b_l / m->r_p <= SW_BACKLASH_NO_PLAY ? 1 : MIN (diff - half + e, s + e_s));
    case 2:
      return MIN (g, MIN (diff - half + e, e_s - s));
    case -1:
      return MIN (g, MIN (-half - diff + e, e_s - s));
    default:
      return MIN (g, MIN (-half - diff + e, s + e_s));
    }
}

/* The energy in the mesh's spring. */
static double
spring_energy (const MeshState *o)
{
  return o->k_th > 0 ? 0.5 * o->tau_c * o->tau_c / o->k_th : 0;
}

/* Held: stiffnessWork, from 0, and the segment's stretch. */
static void
mesh_start (const Mesh *m, const SwPart *p, const SwState *st, double *held)
{
  Segment seg[MAX_SEGMENTS];
  guint n = mesh_segments (m, seg);
  double turns = mesh_turns (m, p, st);

  held[HELD_WORK] = 0;
  segment_bounds (m, p, st, n > 0 ? segment_at (seg, n, turns - floor (turns)) : -1, held);
}

/* A change of segment at a fixed deflection changes the spring's energy. */
static void
mesh_update (const Mesh *m, const SwPart *p, const SwState *st, int old_region, int new_region, double *held)
{
  Segment seg[MAX_SEGMENTS];
  guint n = mesh_segments (m, seg);
  MeshState before, after;

  if (n == 0 || REGION_SEGMENT (old_region) == REGION_SEGMENT (new_region))
    return;
  segment_bounds (m, p, st, REGION_SEGMENT (new_region), held);
  mesh_eval (m, p, st, FALSE, REGION_SEGMENT (old_region), &before);
  mesh_eval (m, p, st, FALSE, REGION_SEGMENT (new_region), &after);
  held[HELD_WORK] += spring_energy (&after) - spring_energy (&before);
}

/* The variables every mesh has after its flange torques (and the order of
 * MESH_VARS below). */
enum { V_THETA_REL, V_W_REL, V_DELTA, V_DELTA_EL, V_F_C, V_F_R, V_TAU, V_K_G, V_PAIRS, V_THM, V_THETA_ET,
       V_CONTACT, V_ENERGY, V_POWER, V_LOSS, V_STIFFNESS_WORK, N_MESH_VARS };

static void
mesh_variables (const Mesh *m, const SwPart *p, const SwState *s, double *out)
{
  MeshState o;
  double rho = m->r_p * m->cos_alpha, wd;

  mesh_eval (m, p, s, FALSE, held_segment (m, p, s), &o);
  wd = o.w_rel - o.w_et;
  /* The flange torques (forces) acting on the mesh: minus what it applies. */
  out[m->a] = o.tau;
  out[m->b] = -m->ratio * o.tau;
  out += 2;
  if (m->sa == m->sb)
    *out++ = (m->ratio - 1) * o.tau;
  else
    {
      *out++ = -o.tau;
      *out++ = m->ratio * o.tau;
    }
  out[V_THETA_REL] = o.theta_rel;
  out[V_W_REL] = o.w_rel;
  out[V_DELTA] = rho * o.theta_rel;
  out[V_DELTA_EL] = o.k_th > 0 ? rho * o.tau_c / o.k_th : 0;
  out[V_F_C] = o.tau / rho;
  out[V_F_R] = fabs (o.tau / rho) * m->sin_alpha;
  out[V_TAU] = o.tau;
  out[V_K_G] = o.k_g;
  out[V_PAIRS] = o.pairs;
  out[V_THM] = o.phase * 2 * G_PI / m->n_c;
  out[V_THETA_ET] = o.theta_et;
  out[V_CONTACT] = o.tau != 0;
  out[V_ENERGY] = spring_energy (&o);
  out[V_POWER] = o.tau * o.w_rel;
  out[V_LOSS] = MAX (0, (o.tau - o.tau_c) * wd);
  out[V_STIFFNESS_WORK] = s->held != NULL ? SW_HELD (p, s, HELD_WORK) : 0;
}

static guint
mesh_excitations (const Mesh *m, SwExcitation *out)
{
  guint n = 0;

  if ((m->varying && m->eps != 1 && m->eps != 2 && m->eps != 3) || m->e_m != 0)
    out[n++] = (SwExcitation) { m->n_c, m->c, (int) m->sc, N_("mesh") };
  if (m->e_a != 0)
    out[n++] = (SwExcitation) { 1, m->a, (int) m->sa, N_("runout") };
  if (m->e_b != 0)
    out[n++] = (SwExcitation) { 1, m->b, (int) m->sb, N_("runout") };
  return n;
}

/* Contact while pressing, whatever the segment. */
static int
mesh_log_mode (int region)
{
  int contact = REGION_CONTACT (region);

  return contact == 1 || contact == -1 ? SW_MODE_CONTACT : SW_FRICTION_FREE;
}

/* Each kind: its Mesh from its parameters, then the shared functions. */
#define MESH_KIND_FUNCTIONS(prefix) \
  static void prefix##_forces (const SwPart *p, const SwState *s, double *f) \
  { Mesh m; MeshState o; prefix##_mesh (p, &m); mesh_eval (&m, p, s, FALSE, held_segment (&m, p, s), &o); \
    mesh_apply (&m, p, o.tau, f); } \
  static void prefix##_mean_forces (const SwPart *p, const SwState *s, double *f) \
  { Mesh m; MeshState o; prefix##_mesh (p, &m); mesh_eval (&m, p, s, TRUE, -1, &o); mesh_apply (&m, p, o.tau, f); } \
  static void prefix##_variables (const SwPart *p, const SwState *s, double *out) \
  { Mesh m; prefix##_mesh (p, &m); mesh_variables (&m, p, s, out); } \
  static int prefix##_region (const SwPart *p, const SwState *s) \
  { Mesh m; prefix##_mesh (p, &m); return mesh_region (&m, p, s); } \
  static double prefix##_switching (const SwPart *p, const SwState *s, int region) \
  { Mesh m; prefix##_mesh (p, &m); return mesh_switching (&m, p, s, region); } \
  static guint prefix##_excitations (const SwPart *p, SwExcitation *out) \
  { Mesh m; prefix##_mesh (p, &m); return mesh_excitations (&m, out); } \
  static void prefix##_start (const SwPart *p, const SwState *s, double *held) \
  { Mesh m; prefix##_mesh (p, &m); mesh_start (&m, p, s, held); } \
  static void prefix##_update (const SwPart *p, const SwState *s, int old_region, int new_region, double *held) \
  { Mesh m; prefix##_mesh (p, &m); mesh_update (&m, p, s, old_region, new_region, held); } \
  static int prefix##_log_mode (int region) \
  { return mesh_log_mode (region); } \
  static const SwContactDesc prefix##_contact = { prefix##_region, prefix##_switching, N_HELD, prefix##_start, \
                                                  prefix##_update, prefix##_log_mode }

/* The mesh law's parameters, after each kind's geometry: first the two
 * tooth stiffnesses, then these. */
#define MESH_LAW_PARAMS \
  SW_REAL ("contact_ratio", N_("Contact ratio"), "", 1.6, 1, 3, \
           N_("Mean number of tooth pairs in contact, eps (1 to 3). Varying, 1 < eps < 2 is COMSOL's maximum " \
              "contact ratio 2 with zeta = (3 - eps)/2, 2 < eps < 3 its maximum 3 with zeta = (5 - eps)/6")), \
  SW_BOOL ("varying", N_("Varying mesh stiffness"), 1, \
           N_("On: the tooth pairs in contact change over the mesh cycle (a stiffness that jumps as teeth " \
              "enter and leave); off: the mean stiffness eps k_pair")), \
  SW_NONNEG ("c_g", N_("Mesh damping"), "N.s/m", 0, N_("Damping along the line of action; it never pulls")), \
  SW_NONNEG ("c_gk", N_("Damping per mesh stiffness"), "s", 0, \
             N_("Damping proportional to the mesh stiffness now, added to c_g (COMSOL's default form c_g = t k_g)")), \
  SW_NONNEG ("b_l", N_("Backlash"), "m", 0, \
             N_("Play along the pitch circle: no mesh force within +-b_l/2 of the flank middle")), \
  SW_ANY ("e_m", N_("Transmission error over the mesh cycle"), "m", 0, \
          N_("Amplitude of a static transmission error e_m sin(n theta) at mesh frequency (tooth relief, " \
             "profile errors)"))

/* ---- Gear pair ---------------------------------------------------------- */

enum { GP_N_PN, GP_N_WH, GP_R_PN, GP_ALPHA, GP_KT_PN, GP_KT_WH, GP_EPS, GP_VARYING, GP_C_G, GP_C_GK, GP_B_L,
       GP_E_M, GP_E_PN, GP_E_WH };

static void
gear_pair_mesh (const SwPart *p, Mesh *m)
{
  const double *q = p->param;

  *m = (Mesh) { .a = 0, .b = 1, .sa = 2, .sb = 2, .c = 1, .sc = 2, .n_c = q[GP_N_WH],
                .ratio = q[GP_N_WH] / q[GP_N_PN], .r_p = q[GP_R_PN], .cos_alpha = cos (q[GP_ALPHA]),
                .sin_alpha = sin (q[GP_ALPHA]), .kt_a = q[GP_KT_PN], .kt_b = q[GP_KT_WH], .eps = q[GP_EPS],
                .varying = q[GP_VARYING] != 0, .c_g = q[GP_C_G], .c_gk = q[GP_C_GK], .b_l = q[GP_B_L],
                .e_m = q[GP_E_M], .e_a = q[GP_E_PN], .e_b = q[GP_E_WH] };
}

MESH_KIND_FUNCTIONS (gear_pair);

static gboolean
teeth_valid (const char *name, double n, GError **error)
{
  if (n == floor (n))
    return TRUE;
  g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("parameter “%s” = %g is not valid; valid: a whole number >= 1"),
               name, n);
  return FALSE;
}

static gboolean
gear_pair_validate (const double *q, GError **error)
{
  return teeth_valid ("n_pn", q[GP_N_PN], error) && teeth_valid ("n_wh", q[GP_N_WH], error);
}

#define MESH_PRESSURE_ANGLE \
  SW_REAL ("alpha", N_("Pressure angle"), "rad", 0.3490658503988659, 0, 1.4, \
           N_("Angle of the line of action: the mesh force turns the gears with cos(alpha), pushes them apart " \
              "with sin(alpha)"))

static const SwPortDesc gear_pair_ports[] = {
  SW_PORT ("flange_a", SW_ROT), SW_PORT ("flange_b", SW_ROT), SW_SUPPORT ("support", SW_ROT),
};
static const SwParamDesc gear_pair_params[] = {
  SW_REAL ("n_pn", N_("Teeth of the pinion"), "", 20, 1, 1e6, N_("Number of teeth of the pinion on flange_a")),
  SW_REAL ("n_wh", N_("Teeth of the wheel"), "", 60, 1, 1e6,
           N_("Number of teeth of the wheel on flange_b; the ratio flange_a.phi / flange_b.phi is n_wh / n_pn")),
  SW_POSITIVE ("r_pn", N_("Pitch radius of the pinion"), "m", 0.04,
               N_("Half the pinion's pitch diameter: a mesh stiffness in N/m is k_g (r_pn cos alpha)^2 in N.m/rad "
                  "at the pinion")),
  MESH_PRESSURE_ANGLE,
  SW_POSITIVE ("kt_pn", N_("Tooth stiffness of the pinion"), "N/m", 3e8,
               N_("Stiffness of one pinion tooth along the line of action")),
  SW_POSITIVE ("kt_wh", N_("Tooth stiffness of the wheel"), "N/m", 2e8,
               N_("Stiffness of one wheel tooth; a tooth pair is kt_wh kt_pn / (kt_wh + kt_pn)")),
  MESH_LAW_PARAMS,
  SW_ANY ("e_pn", N_("Runout of the pinion"), "m", 0, N_("Transmission error e_pn sin(phi_pinion): once per turn")),
  SW_ANY ("e_wh", N_("Runout of the wheel"), "m", 0, N_("Transmission error e_wh sin(phi_wheel): once per turn")),
};

#define MESH_VARS(angle_unit, mesh_cycle, mesh_cycle_help) \
  SW_VAR ("theta_rel", "rad", N_("Relative angle at flange_a past the rigid ratio: elastic twist, transmission " \
                                  "error and backlash in series")), \
  SW_VAR ("w_rel", "rad/s", N_("Its rate")), \
  SW_VAR ("delta", "m", N_("Relative displacement along the line of action (base radius times theta_rel)")), \
  SW_VAR ("delta_el", "m", N_("Elastic deflection of the mesh along the line of action")), \
  SW_VAR ("F_c", "N", N_("Mesh force along the line of action")), \
  SW_VAR ("F_r", "N", N_("Separating force on the bearings, |F_c| sin(alpha)")), \
  SW_VAR ("tau_mesh", "N.m", N_("Mesh torque at flange_a, F_c times its base radius")), \
  SW_VAR ("k_g", "N/m", N_("Mesh stiffness now")), \
  SW_VAR ("pairs", "", N_("Tooth pairs in contact now (the mean contact ratio when not varying)")), \
  SW_VAR (mesh_cycle, angle_unit, mesh_cycle_help), \
  SW_VAR ("theta_et", "rad", N_("Static transmission error as an angle at flange_a")), \
  SW_VAR ("contact", "", N_("1 while the teeth touch and transmit force, else 0")), \
  SW_VAR ("energy", "J", N_("Potential energy stored in the mesh")), \
  SW_VAR ("power", "W", N_("Power going in through the flanges (tau_mesh w_rel)")), \
  SW_VAR ("lossPower", "W", N_("Power dissipated by the mesh damping (never negative)")), \
  SW_VAR ("stiffnessWork", "J", N_("Energy the jumps of a varying mesh stiffness put into the mesh so far " \
                                    "(1/2 dk d^2 at each change of tooth pairs)"))

static const SwVarDesc gear_pair_vars[] = {
  SW_VAR ("flange_a.tau", "N.m", N_("Torque acting on the gear pair through flange_a")),
  SW_VAR ("flange_b.tau", "N.m", N_("Torque acting on the gear pair through flange_b")),
  SW_VAR ("support.tau", "N.m", N_("Reaction torque acting on the gear pair through its support")),
  MESH_VARS ("rad", "thm_wh", N_("Mesh cycle of the wheel, mod(phi_wheel, 2 pi / n_wh)")),
};

G_STATIC_ASSERT (G_N_ELEMENTS (gear_pair_vars) == 3 + N_MESH_VARS);

const SwKind sw_kind_rot_gear_pair = {
  .name = "rotational.gear_pair", .label = N_("Gear pair"), .group = "Transmission",
  .help = N_("Spur gear pair with an elastic mesh (COMSOL's gear pair): the ratio from the tooth counts, a mesh "
             "stiffness constant or varying over the mesh cycle from the contact ratio, mesh damping, backlash "
             "and static transmission error. Turns like the ideal gear (ratio n_wh / n_pn, same sense); the "
             "backlash is centred on the flank middle. Linear analysis uses the mean stiffness with the teeth "
             "in contact"),
  .ports = SW_TABLE (gear_pair_ports), .params = SW_TABLE (gear_pair_params), .vars = SW_TABLE (gear_pair_vars),
  .key_param = "n_wh", .main_var = "F_c", .validate = gear_pair_validate,
  .forces = gear_pair_forces, .variables = gear_pair_variables, .contact = &gear_pair_contact,
  .mean_forces = gear_pair_mean_forces, .excitations = gear_pair_excitations,
  .force_flags = SW_FORCE_STIFFNESS | SW_FORCE_DAMPING, .state_vars = SW_BIT (3 + N_MESH_VARS) - 1,
};

/* ---- Rack and pinion ---------------------------------------------------- */

enum { RP_N_PN, RP_R_PN, RP_ALPHA, RP_KT_PN, RP_KT_RK, RP_EPS, RP_VARYING, RP_C_G, RP_C_GK, RP_B_L, RP_E_M,
       RP_E_PN };

/* The rack moves r_pn per radian of the pinion; the mesh cycle is the
 * pinion's (the rack's pitch 2 pi r_pn / n_pn). */
static void
rack_pinion_mesh (const SwPart *p, Mesh *m)
{
  const double *q = p->param;

  *m = (Mesh) { .a = 0, .b = 1, .sa = 2, .sb = 3, .c = 0, .sc = 2, .n_c = q[RP_N_PN], .ratio = 1 / q[RP_R_PN],
                .r_p = q[RP_R_PN], .cos_alpha = cos (q[RP_ALPHA]), .sin_alpha = sin (q[RP_ALPHA]),
                .kt_a = q[RP_KT_PN], .kt_b = q[RP_KT_RK], .eps = q[RP_EPS], .varying = q[RP_VARYING] != 0,
                .c_g = q[RP_C_G], .c_gk = q[RP_C_GK], .b_l = q[RP_B_L], .e_m = q[RP_E_M], .e_a = q[RP_E_PN] };
}

MESH_KIND_FUNCTIONS (rack_pinion);

static gboolean
rack_pinion_validate (const double *q, GError **error)
{
  return teeth_valid ("n_pn", q[RP_N_PN], error);
}

static const SwPortDesc rack_pinion_ports[] = {
  SW_PORT ("flangeR", SW_ROT), SW_PORT ("flangeT", SW_TRANS),
  SW_SUPPORT ("supportR", SW_ROT), SW_SUPPORT ("supportT", SW_TRANS),
};
static const SwParamDesc rack_pinion_params[] = {
  SW_REAL ("n_pn", N_("Teeth of the pinion"), "", 20, 1, 1e6,
           N_("Number of teeth of the pinion on flangeR; the rack's pitch is 2 pi r_pn / n_pn")),
  SW_POSITIVE ("r_pn", N_("Pitch radius of the pinion"), "m", 0.04,
               N_("The rack moves r_pn per radian of the pinion; a mesh stiffness in N/m is k_g (r_pn cos alpha)^2 "
                  "in N.m/rad at the pinion")),
  MESH_PRESSURE_ANGLE,
  SW_POSITIVE ("kt_pn", N_("Tooth stiffness of the pinion"), "N/m", 3e8,
               N_("Stiffness of one pinion tooth along the line of action")),
  SW_POSITIVE ("kt_rk", N_("Tooth stiffness of the rack"), "N/m", 2e8,
               N_("Stiffness of one rack tooth; a tooth pair is kt_rk kt_pn / (kt_rk + kt_pn)")),
  MESH_LAW_PARAMS,
  SW_ANY ("e_pn", N_("Runout of the pinion"), "m", 0, N_("Transmission error e_pn sin(phi_pinion): once per turn")),
};
static const SwVarDesc rack_pinion_vars[] = {
  SW_VAR ("flangeR.tau", "N.m", N_("Torque acting on the rack and pinion through the pinion")),
  SW_VAR ("flangeT.f", "N", N_("Force acting on the rack and pinion through the rack")),
  SW_VAR ("supportR.tau", "N.m", N_("Reaction torque through supportR")),
  SW_VAR ("supportT.f", "N", N_("Reaction force through supportT")),
  MESH_VARS ("rad", "thm_pn", N_("Mesh cycle of the pinion, mod(phi_pinion, 2 pi / n_pn)")),
};

G_STATIC_ASSERT (G_N_ELEMENTS (rack_pinion_vars) == 4 + N_MESH_VARS);

const SwKind sw_kind_trans_rack_pinion = {
  .name = "translational.rack_pinion", .label = N_("Rack and pinion"), .group = "Transmission",
  .help = N_("Rack and pinion with an elastic mesh (COMSOL's rack and pinion): the rack moves r_pn per radian "
             "of the pinion; mesh stiffness constant or varying over the mesh cycle, mesh damping, backlash "
             "and static transmission error as the gear pair's"),
  .ports = SW_TABLE (rack_pinion_ports), .params = SW_TABLE (rack_pinion_params),
  .vars = SW_TABLE (rack_pinion_vars),
  .key_param = "r_pn", .main_var = "F_c", .validate = rack_pinion_validate,
  .forces = rack_pinion_forces, .variables = rack_pinion_variables, .contact = &rack_pinion_contact,
  .mean_forces = rack_pinion_mean_forces, .excitations = rack_pinion_excitations,
  .force_flags = SW_FORCE_STIFFNESS | SW_FORCE_DAMPING, .state_vars = SW_BIT (4 + N_MESH_VARS) - 1,
};

/* ---- Worm and wheel ----------------------------------------------------- */

enum { WW_N_WM, WW_N_WH, WW_R_WH, WW_ALPHA, WW_KT_WM, WW_KT_WH, WW_EPS, WW_VARYING, WW_C_G, WW_C_GK, WW_B_L,
       WW_E_M, WW_E_WM, WW_E_WH };

/* COMSOL: the gear pair with the worm for the wheel and the wheel for the
 * pinion (§7.2). The mesh is referred to the worm (flange_a): the wheel's
 * pitch radius over the ratio. */
static void
worm_wheel_mesh (const SwPart *p, Mesh *m)
{
  const double *q = p->param;
  double ratio = q[WW_N_WH] / q[WW_N_WM];

  *m = (Mesh) { .a = 0, .b = 1, .sa = 2, .sb = 2, .c = 1, .sc = 2, .n_c = q[WW_N_WH], .ratio = ratio,
                .r_p = q[WW_R_WH] / ratio, .cos_alpha = cos (q[WW_ALPHA]), .sin_alpha = sin (q[WW_ALPHA]),
                .kt_a = q[WW_KT_WM], .kt_b = q[WW_KT_WH], .eps = q[WW_EPS], .varying = q[WW_VARYING] != 0,
                .c_g = q[WW_C_G], .c_gk = q[WW_C_GK], .b_l = q[WW_B_L], .e_m = q[WW_E_M], .e_a = q[WW_E_WM],
                .e_b = q[WW_E_WH] };
}

MESH_KIND_FUNCTIONS (worm_wheel);

static gboolean
worm_wheel_validate (const double *q, GError **error)
{
  return teeth_valid ("n_wm", q[WW_N_WM], error) && teeth_valid ("n_wh", q[WW_N_WH], error);
}

static const SwParamDesc worm_wheel_params[] = {
  SW_REAL ("n_wm", N_("Starts of the worm"), "", 1, 1, 1e6, N_("Number of starts (threads) of the worm on flange_a")),
  SW_REAL ("n_wh", N_("Teeth of the wheel"), "", 40, 1, 1e6,
           N_("Number of teeth of the wheel on flange_b; the ratio flange_a.phi / flange_b.phi is n_wh / n_wm")),
  SW_POSITIVE ("r_wh", N_("Pitch radius of the wheel"), "m", 0.1,
               N_("Half the wheel's pitch diameter: a mesh stiffness in N/m is k_g (r_wh cos alpha)^2 in N.m/rad at "
                  "the wheel")),
  MESH_PRESSURE_ANGLE,
  SW_POSITIVE ("kt_wm", N_("Tooth stiffness of the worm"), "N/m", 3e8,
               N_("Stiffness of one worm thread along the line of action")),
  SW_POSITIVE ("kt_wh", N_("Tooth stiffness of the wheel"), "N/m", 2e8,
               N_("Stiffness of one wheel tooth; a pair is kt_wh kt_wm / (kt_wh + kt_wm)")),
  MESH_LAW_PARAMS,
  SW_ANY ("e_wm", N_("Runout of the worm"), "m", 0, N_("Transmission error e_wm sin(phi_worm): once per turn")),
  SW_ANY ("e_wh", N_("Runout of the wheel"), "m", 0, N_("Transmission error e_wh sin(phi_wheel): once per turn")),
};
static const SwVarDesc worm_wheel_vars[] = {
  SW_VAR ("flange_a.tau", "N.m", N_("Torque acting on the worm gear through the worm (flange_a)")),
  SW_VAR ("flange_b.tau", "N.m", N_("Torque acting on the worm gear through the wheel (flange_b)")),
  SW_VAR ("support.tau", "N.m", N_("Reaction torque acting on the worm gear through its support")),
  MESH_VARS ("rad", "thm_wh", N_("Mesh cycle of the wheel, mod(phi_wheel, 2 pi / n_wh)")),
};

G_STATIC_ASSERT (G_N_ELEMENTS (worm_wheel_vars) == 3 + N_MESH_VARS);

const SwKind sw_kind_rot_worm_wheel = {
  .name = "rotational.worm_wheel", .label = N_("Worm and wheel"), .group = "Transmission",
  .help = N_("Worm gear with an elastic mesh (COMSOL's worm and wheel): the worm on flange_a turns n_wh / n_wm "
             "times for one turn of the wheel; mesh stiffness, damping, backlash and transmission error as the "
             "gear pair's, referred to the wheel's pitch circle. Without friction (no self-locking)"),
  .ports = SW_TABLE (gear_pair_ports), .params = SW_TABLE (worm_wheel_params), .vars = SW_TABLE (worm_wheel_vars),
  .key_param = "n_wh", .main_var = "F_c", .validate = worm_wheel_validate,
  .forces = worm_wheel_forces, .variables = worm_wheel_variables, .contact = &worm_wheel_contact,
  .mean_forces = worm_wheel_mean_forces, .excitations = worm_wheel_excitations,
  .force_flags = SW_FORCE_STIFFNESS | SW_FORCE_DAMPING, .state_vars = SW_BIT (3 + N_MESH_VARS) - 1,
};
