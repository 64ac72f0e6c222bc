/* sw-kinds-engines.c: Twin Builder's engines and loads: the fan, the
 * engine speed source and the dynamic engine (seed-000 §3.1-§3.3), with the
 * manual's parameter and output names.
 *
 * All act between their shaft and a support (grounded when it is not
 * connected), as the sources do.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"

#include <string.h>
#include "sw-error.h"

enum { E_ROT, E_SUPPORT };

#define RPM_PER_RAD_S (60 / (2 * G_PI))

static double
rel_speed (const SwPart *p, const SwState *s)
{
  return SW_V (p, s, E_ROT) - SW_V (p, s, E_SUPPORT);
}

/* ---- Fan ---------------------------------------------------------------- */

enum { FAN_WINDAGE, FAN_CF };

/* Load torque cf w + windage w |w|: the manual prints windage w^2, which
 * would drive the shaft turning backwards; w |w| always opposes the motion
 * (digest §3.3). */
static double
fan_torque (const SwPart *p, const SwState *s)
{
  double w = rel_speed (p, s);

  return p->param[FAN_CF] * w + p->param[FAN_WINDAGE] * w * fabs (w);
}

static void
fan_forces (const SwPart *p, const SwState *s, double *f)
{
  double tau = fan_torque (p, s);

  f[p->node[E_ROT]] -= tau;
  f[p->node[E_SUPPORT]] += tau;
}

static void
fan_variables (const SwPart *p, const SwState *s, double *out)
{
  double w = rel_speed (p, s), tau = fan_torque (p, s);

  out[0] = w * RPM_PER_RAD_S;
  out[1] = w;
  out[2] = tau;
  out[3] = tau * w;
}

static const SwPortDesc rot_ports[] = { SW_PORT ("rot1", SW_ROT), SW_SUPPORT ("support", SW_ROT) };

static const SwParamDesc fan_params[] = {
  SW_NONNEG ("windage", N_("Windage coefficient"), "N.m.s2/rad2", 0.1,
             N_("Load torque = cf × omega + windage × omega × |omega|")),
  SW_NONNEG ("cf", N_("Friction coefficient"), "N.m.s/rad", 0, N_("Load torque proportional to the speed")),
};

static const SwVarDesc fan_vars[] = {
  SW_VAR ("n", "rpm", N_("Speed")),
  SW_VAR ("OMEGA", "rad/s", N_("Angular velocity")),
  SW_VAR ("TORQUE", "N.m", N_("Load torque, against the motion")),
  SW_VAR ("lossPower", "W", N_("Power the fan takes from the shaft (never negative)")),
};

const SwKind sw_kind_rot_fan = {
  .name = "rotational.fan", .label = N_("Fan"), .group = "Engines and loads",
  .help = N_("Twin Builder's fan: a load torque cf × omega + windage × omega × |omega| (the manual's omega² "
             "taken with the sign of the speed, so that it always brakes)"),
  .ports = SW_TABLE (rot_ports), .params = SW_TABLE (fan_params), .vars = SW_TABLE (fan_vars),
  .key_param = "windage", .main_var = "TORQUE",
  .forces = fan_forces, .force_flags = SW_FORCE_DAMPING, .variables = fan_variables,
  .state_vars = SW_BIT (4) - 1,
};

/* ---- Engine speed source ------------------------------------------------ */

enum { ES_N };

/* The crankshaft turns at n rpm exactly; the torque it takes is the
 * engine's. */
static void
engine_speed_build (const SwPart *p, SwBuilder *b)
{
  g_autoptr (SwSignal) omega = sw_signal_new_constant (p->param[ES_N] / RPM_PER_RAD_S);

  sw_builder_add_motion (b, p, p->node[E_ROT], p->node[E_SUPPORT], SW_MOTION_SPEED, omega);
}

static void
engine_speed_variables (const SwPart *p, const SwState *s, double *out)
{
  double w = rel_speed (p, s), torque = SW_LAMBDA (p, s, 0);

  out[0] = torque;
  out[1] = w * RPM_PER_RAD_S;
  out[2] = w;
  out[3] = torque * w;
}

static const SwPortDesc engine_ports[] = { SW_PORT ("rot", SW_ROT), SW_SUPPORT ("support", SW_ROT) };

static const SwParamDesc engine_speed_params[] = {
  SW_REAL ("n", N_("Speed"), "rpm", 1000, -1e6, 1e6, N_("Crankshaft speed, held exactly")),
};

static const SwVarDesc engine_speed_vars[] = {
  SW_VAR ("torque", "N.m", N_("Engine torque: what the load takes")),
  SW_VAR ("n", "rpm", N_("Speed")),
  SW_VAR ("omega", "rad/s", N_("Angular velocity")),
  SW_VAR ("power", "W", N_("Power delivered to the shaft")),
};

const SwKind sw_kind_rot_engine_speed = {
  .name = "rotational.engine_speed", .label = N_("Engine speed source"), .group = "Engines and loads",
  .help = N_("Twin Builder's engine speed source: the crankshaft turns at n rpm whatever the load, and the "
             "engine torque is what the load takes (valid for a load within the engine's range)"),
  .ports = SW_TABLE (engine_ports), .params = SW_TABLE (engine_speed_params), .vars = SW_TABLE (engine_speed_vars),
  .key_param = "n", .main_var = "torque",
  .build = engine_speed_build, .variables = engine_speed_variables,
  .state_vars = SW_BIT (1) | SW_BIT (2),
};

/* ---- Dynamic engine ----------------------------------------------------- */

/* Twin Builder's dynamic engine model (engine_dyn, seed-000 §3.1; its
 * equations are prose, reconstructed as the digest does):
 *   time_constant dx/dt = power_request(t) full_load(n) - x   (injection)
 *   md = x sampled when a cylinder fires, applied dead_time later, held
 *   J dw/dt = md - torque_l(n) - load
 * The injection state x is the part's internal node (its coordinate is a
 * torque, N.m): massless, with the time constant as its damping, so the
 * engine integrates it as a first-order state. Cylinders fire when the crank
 * angle (rot1 against the support) passes each multiple of
 * pi strokes / cylinders, forward: located events, every
 * 30 strokes / (n cylinders) s at n rpm. The samples wait in a queue for
 * their dead time. */
enum { ED_ROT1, ED_ROT2, ED_SUPPORT, ED_INJECTION };
enum { ED_J, ED_REQUEST, ED_FULL_LOAD, ED_LOSSES, ED_TIME_CONSTANT, ED_DEAD_TIME, ED_N0, ED_CYLINDERS, ED_STROKES,
       ED_BORE, ED_CRANK_RADIUS, ED_CONROD_LENGTH, ED_M_REC, ED_MAX_ORDER, ED_PRESSURE };
/* Held values: md, the next firing angle, firings so far, the queue's
 * first index and length, then ED_QUEUE (time, value) pairs. */
enum { EH_MD, EH_NEXT, EH_FIRINGS, EH_HEAD, EH_LENGTH, EH_QUEUE };
#define ED_QUEUE 32
/* The loss torque's sign follows the speed through a band this wide, so a
 * stalled engine rests instead of chattering. */
#define ED_LOSS_BAND_RPM 1.0

static double
ed_speed (const SwPart *p, const SwState *s)
{
  return SW_V (p, s, ED_ROT1) - SW_V (p, s, ED_SUPPORT);
}

static double
ed_angle (const SwPart *p, const SwState *s)
{
  return SW_X (p, s, ED_ROT1) - SW_X (p, s, ED_SUPPORT);
}

static double
ed_firing_angle (const SwPart *p)
{
  return G_PI * p->param[ED_STROKES] / p->param[ED_CYLINDERS];
}

/* The injection system's target: power_request × full_load(n). */
static double
ed_target (const SwPart *p, const SwState *s)
{
  double n = ed_speed (p, s) * RPM_PER_RAD_S;

  return sw_part_signal (p, ED_REQUEST, s, NULL, NULL) * sw_table_interpolate (p->table[ED_FULL_LOAD], 1, fabs (n));
}

static double
ed_loss (const SwPart *p, const SwState *s)
{
  double n = ed_speed (p, s) * RPM_PER_RAD_S;

  return sw_table_interpolate (p->table[ED_LOSSES], 1, fabs (n)) * CLAMP (n / ED_LOSS_BAND_RPM, -1, 1);
}

static void
ed_build (const SwPart *p, SwBuilder *b)
{
  double coeffs[2] = { 1, -1 }, n0 = p->param[ED_N0];
  guint nodes[2] = { p->node[ED_ROT2], p->node[ED_ROT1] };
  double x0 = sw_signal_eval (p->signal[ED_REQUEST], 0, FALSE, NULL, NULL)
              * sw_table_interpolate (p->table[ED_FULL_LOAD], 1, fabs (n0));

  sw_builder_add_constraint (b, p, 2, nodes, coeffs, 0);
  sw_builder_add_mass (b, p, p->node[ED_ROT1], p->param[ED_J]);
  sw_builder_set_initial (b, p, p->node[ED_ROT1], NAN, 0, n0 / RPM_PER_RAD_S);
  /* The injection starts settled at the initial speed. */
  sw_builder_set_initial (b, p, p->node[ED_INJECTION], x0, 0, NAN);
}

static void
ed_forces (const SwPart *p, const SwState *s, double *f)
{
  double tau = SW_HELD (p, s, EH_MD) - ed_loss (p, s);

  f[p->node[ED_ROT1]] += tau;
  f[p->node[ED_SUPPORT]] -= tau;
  f[p->node[ED_INJECTION]] += ed_target (p, s) - SW_X (p, s, ED_INJECTION)
                              - p->param[ED_TIME_CONSTANT] * SW_V (p, s, ED_INJECTION);
}

static void
ed_variables (const SwPart *p, const SwState *s, double *out)
{
  double w = ed_speed (p, s), md = SW_HELD (p, s, EH_MD), loss = ed_loss (p, s);

  out[0] = w * RPM_PER_RAD_S;
  out[1] = w;
  out[2] = md - loss - p->param[ED_J] * (SW_A (p, s, ED_ROT1) - SW_A (p, s, ED_SUPPORT));
  out[3] = SW_X (p, s, ED_INJECTION);
  out[4] = loss;
  out[5] = md;
  out[6] = ed_angle (p, s);
  out[7] = SW_HELD (p, s, EH_FIRINGS);
  out[8] = md * w;
  out[9] = loss * w;
  out[10] = 0.5 * p->param[ED_J] * w * w;
}

/* ---- Its firing events (held values) ---- */

static double
ed_switching (const SwPart *p, const SwState *s, int region)
{
  double g = SW_HELD (p, s, EH_NEXT) - ed_angle (p, s);

  (void) region;
  if (SW_HELD (p, s, EH_LENGTH) > 0)
    g = MIN (g, SW_HELD (p, s, EH_QUEUE + 2 * (int) SW_HELD (p, s, EH_HEAD)) - s->t);
  return g;
}

/* An event flips the region (0, 1), so that the engine calls update(). */
static int
ed_region (const SwPart *p, const SwState *s)
{
  int now = SW_REGION (p, s);

  return ed_switching (p, s, now) <= 0 ? 1 - now : now;
}

static void
ed_start (const SwPart *p, const SwState *s, double *held)
{
  double step = ed_firing_angle (p);

  memset (held, 0, (EH_QUEUE + 2 * ED_QUEUE) * sizeof (double));
  held[EH_MD] = SW_X (p, s, ED_INJECTION);
  held[EH_NEXT] = (floor (ed_angle (p, s) / step) + 1) * step;
}

static void
ed_update (const SwPart *p, const SwState *s, int old_region, int new_region, double *held)
{
  double step = ed_firing_angle (p), angle = ed_angle (p, s);

  (void) old_region, (void) new_region;
  /* Samples whose dead time is over take effect, in order. */
  while (held[EH_LENGTH] > 0 && held[EH_QUEUE + 2 * (int) held[EH_HEAD]] <= s->t)
    {
      held[EH_MD] = held[EH_QUEUE + 2 * (int) held[EH_HEAD] + 1];
      held[EH_HEAD] = fmod (held[EH_HEAD] + 1, ED_QUEUE);
      held[EH_LENGTH]--;
    }
  if (angle < held[EH_NEXT])
    return;
  /* A cylinder fires: the injection's value now, after the dead time. */
  held[EH_FIRINGS]++;
  held[EH_NEXT] = (floor (angle / step) + 1) * step;
  if (p->param[ED_DEAD_TIME] == 0)
    {
      held[EH_MD] = SW_X (p, s, ED_INJECTION);
      return;
    }
  /* A full queue (a dead time of more than ED_QUEUE firings) applies its
   * oldest sample early rather than lose the newest. */
  if (held[EH_LENGTH] == ED_QUEUE)
    {
      held[EH_MD] = held[EH_QUEUE + 2 * (int) held[EH_HEAD] + 1];
      held[EH_HEAD] = fmod (held[EH_HEAD] + 1, ED_QUEUE);
      held[EH_LENGTH]--;
    }
  {
    int tail = (int) fmod (held[EH_HEAD] + held[EH_LENGTH], ED_QUEUE);

    held[EH_QUEUE + 2 * tail] = s->t + p->param[ED_DEAD_TIME];
    held[EH_QUEUE + 2 * tail + 1] = SW_X (p, s, ED_INJECTION);
    held[EH_LENGTH]++;
  }
}

static int
ed_log_mode (int region)
{
  (void) region;
  return -1;
}

static const SwContactDesc ed_firing = {
  .region = ed_region, .switching = ed_switching, .n_held = EH_QUEUE + 2 * ED_QUEUE, .start = ed_start,
  .update = ed_update, .log_mode = ed_log_mode,
};

/* The firings: cylinders / (strokes / 2) per turn of the crank against
 * the support, the engine order the Campbell diagram draws. */
static guint
ed_excitations (const SwPart *p, SwExcitation *out)
{
  out[0] = (SwExcitation) { 2 * p->param[ED_CYLINDERS] / p->param[ED_STROKES], ED_ROT1, ED_SUPPORT, N_("firing") };
  return 1;
}

static gboolean
ed_validate (const double *params, GError **error)
{
  if (!(params[ED_CONROD_LENGTH] > params[ED_CRANK_RADIUS]))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("parameter “conrod_length” = %g m with crank_radius = %g m; valid: conrod_length > "
                     "crank_radius"),
                   params[ED_CONROD_LENGTH], params[ED_CRANK_RADIUS]);
      return FALSE;
    }
  if (fmod (params[ED_CYLINDERS], 1) != 0 || (params[ED_STROKES] != 2 && params[ED_STROKES] != 4))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("parameter “%s”: %g cylinders, %g strokes; valid: a whole number of cylinders and 2 or 4 "
                     "strokes"), params[ED_STROKES] != 2 && params[ED_STROKES] != 4 ? "strokes" : "cylinders",
                   params[ED_CYLINDERS], params[ED_STROKES]);
      return FALSE;
    }
  return TRUE;
}

static const SwPortDesc ed_ports[] = {
  SW_PORT ("rot1", SW_ROT), SW_PORT ("rot2", SW_ROT), SW_SUPPORT ("support", SW_ROT),
};

static const SwColumnDesc ed_curve_columns[] = {
  { "n", "rpm", 0, INFINITY, FALSE },
  { "torque", "N.m", 0, INFINITY, FALSE },
};
/* A passenger-car petrol engine's shape. */
static const double ed_full_load_default[] = { 0, 60, 1000, 160, 3000, 200, 5000, 190, 6500, 150 };
static const double ed_losses_default[] = { 0, 8, 1000, 12, 3000, 20, 6500, 40 };
/* The forced response's gas excitation (core/modal/sw-engine-harmonics.c):
 * the gauge pressure against the crank angle from the firing TDC. The
 * default is the motored cycle of the default geometry, compression ratio
 * 16: p = 1 bar (V_bdc / V)^1.35 - 1 bar from -180 to 180 degrees, 0
 * elsewhere, V from the slider-crank (data/FORMAT.md); a fired engine's
 * measured or simulated curve replaces it. */
static const SwColumnDesc ed_pressure_columns[] = {
  { "angle", "deg", -720, 720, FALSE },
  { "p", "Pa", -1e6, 1e9, FALSE },
};
static const double ed_pressure_default[] = {
  -360, 0, -180, 0, -150, 6339, -120, 3.046e+04, -90, 9.671e+04, -60, 3.087e+05, -45, 5.999e+05,
  -30, 1.274e+06, -20, 2.16e+06, -10, 3.4e+06, 0, 4.122e+06, 10, 3.4e+06, 20, 2.16e+06, 30, 1.274e+06,
  45, 5.999e+05, 60, 3.087e+05, 90, 9.671e+04, 120, 3.046e+04, 150, 6339, 180, 0, 360, 0,
};
static const SwTableDesc ed_pressure_table = { ed_pressure_columns, 2, ed_pressure_default, 21 };
static const SwTableDesc ed_full_load_table = { ed_curve_columns, 2, ed_full_load_default, 5 };
static const SwTableDesc ed_losses_table = { ed_curve_columns, 2, ed_losses_default, 4 };

static const SwParamDesc ed_params[] = {
  SW_POSITIVE ("j", N_("Moment of inertia"), "kg.m2", 1, N_("Inertia of the crankshaft and what turns with it")),
  /* Twin Builder's default 0.5: an engine placed as it comes runs. */
  SW_SIGNAL_DEFAULT ("power_request", N_("Relative power request"), "", 0.5,
                     N_("Fraction of the full-load torque requested (0 to 1), a number or a signal")),
  SW_TABLE_PARAM ("full_load", N_("Full-load torque"),
                  N_("Maximum torque produced inside the engine against the crankshaft speed (rows: n in rpm, "
                     "torque)"), &ed_full_load_table),
  SW_TABLE_PARAM ("losses", N_("Loss torque"),
                  N_("Braking torque with no fuel injected against the crankshaft speed (rows: n in rpm, "
                     "torque); it opposes the motion, reaching its full value from 1 rpm"), &ed_losses_table),
  SW_POSITIVE ("time_constant", N_("Injection time constant"), "s", 0.01,
               N_("Time constant of the injection control's first-order delay")),
  SW_NONNEG ("dead_time", N_("Delay due to the stroke"), "s", 0.01,
             N_("Time from a cylinder's firing until its torque acts")),
  SW_REAL ("n0", N_("Initial speed"), "rpm", 700, -1e6, 1e6, N_("Crankshaft speed at t = 0")),
  SW_REAL ("cylinders", N_("Cylinders"), "", 4, 1, 24, N_("Number of cylinders (not in Twin Builder's list: it "
                                                          "sets the firing instants)")),
  SW_REAL ("strokes", N_("Strokes per cycle"), "", 4, 2, 4, N_("2 or 4: a cylinder fires every strokes / 2 "
                                                               "revolutions")),
  SW_POSITIVE ("bore", N_("Bore"), "m", 0.08, N_("Cylinder bore, for the gas excitation of a forced response")),
  SW_POSITIVE ("crank_radius", N_("Crank radius"), "m", 0.045, N_("Half the stroke")),
  SW_POSITIVE ("conrod_length", N_("Connecting rod length"), "m", 0.145,
               N_("Centre to centre; longer than the crank radius")),
  SW_NONNEG ("m_rec", N_("Reciprocating mass"), "kg", 0.6,
             N_("Per cylinder: the piston, its pin and rings, and the rod's share at the small end (inertia "
                "excitation)")),
  SW_REAL ("max_order", N_("Highest excitation order"), "", 12, 0.5, 100,
           N_("A forced response takes the engine's harmonics up to this order")),
  SW_TABLE_PARAM ("cylinder_pressure", N_("Cylinder pressure"),
                  N_("Gauge pressure on the piston against the crank angle from the firing top dead centre (rows: "
                     "angle in degrees, p in Pa); the default is a motored cycle (no combustion): give the fired "
                     "engine's"), &ed_pressure_table),
};

static const SwVarDesc ed_vars[] = {
  SW_VAR ("n", "rpm", N_("Speed")),
  SW_VAR ("omega", "rad/s", N_("Angular velocity")),
  SW_VAR ("torque", "N.m", N_("Shaft torque: what the engine gives its shaft connections")),
  SW_VAR ("torque_c", "N.m", N_("Combustion torque: the injection system's output before the firings sample it")),
  SW_VAR ("torque_l", "N.m", N_("Loss torque")),
  SW_VAR ("md", "N.m", N_("Internal engine torque: the combustion torque at the last firing, after its dead time")),
  SW_VAR ("phi", "rad", N_("Crank angle")),
  SW_VAR ("firings", "", N_("Cylinder firings so far")),
  SW_VAR ("power", "W", N_("Power of the combustion (md × omega)")),
  SW_VAR ("lossPower", "W", N_("Power the losses take (never negative)")),
  SW_VAR ("energy", "J", N_("Kinetic energy of the crankshaft")),
};

const SwKind sw_kind_rot_engine = {
  .name = "rotational.engine", .label = N_("Dynamic engine"), .group = "Engines and loads",
  .help = N_("Twin Builder's dynamic engine model: power_request × full_load(n) drives a first-order injection "
             "delay; its value is sampled when a cylinder fires (every 120 / (n × cylinders) s for four "
             "strokes), acts after dead_time and is held until the next; the losses brake the crankshaft. The "
             "manual gives no equations, so these are Shaftwork's reading of it; the cylinders and strokes "
             "that set the firing instants are parameters here"),
  .ports = SW_TABLE (ed_ports), .n_internal = 1, .params = SW_TABLE (ed_params), .vars = SW_TABLE (ed_vars),
  .key_param = "j", .main_var = "n", .validate = ed_validate,
  .build = ed_build, .forces = ed_forces, .force_flags = SW_FORCE_STIFFNESS | SW_FORCE_DAMPING | SW_FORCE_TIME,
  .variables = ed_variables, .contact = &ed_firing, .excitations = ed_excitations,
  .state_vars = (SW_BIT (11) - 1) & ~SW_BIT (2),
};
