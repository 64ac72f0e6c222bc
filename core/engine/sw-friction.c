/* sw-friction.c: friction that sticks, run with exact events
 * (sw-friction-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-friction-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>

/* Mode changes at one instant before the modes count as not settling. */
#define MAX_SETTLE_ROUNDS 50
/* Chattering: this many events within a span of 1e-6 of the run's length
 * (or at one instant). */
#define CHATTER_EVENTS 500
#define CHATTER_SPAN 1e-6
/* And a slower pile-up: this many within 1e-2 of the run's length (a part
 * that breaks away and sticks again at every first step of the integrator,
 * some nanoseconds apart). */
#define CHATTER_EVENTS_SLOW 10000
#define CHATTER_SPAN_SLOW 1e-2

typedef struct {
  guint part;
  gint8 old_mode, new_mode;
} Change;

/* How contact part p's region shows in the log, or -1: not at all. */
static int
contact_mode (const SwPart *p, int region)
{
  if (p->kind->contact->log_mode != NULL)
    return p->kind->contact->log_mode (region);
  return region == 1 || region == -1 ? SW_MODE_CONTACT : SW_FRICTION_FREE;
}

struct _SwFrictionRun {
  SwSystem    *base;
  SwSystem    *sys;       /* base, or base with the stuck parts locked */
  SwEquations *eq;
  guint        n;         /* friction parts */
  guint       *parts;
  /* Contacts that open (SwContactDesc): their switching functions follow
   * the friction parts' in g, and their regions. */
  guint        n_contacts;
  guint       *contacts;  /* their regions and held values are in eq */
  gboolean    *at_stop;   /* per part: stuck at a hard stop */
  gboolean    *leaving;   /* per part: broke away, still inside its stick band */
  guint        n_switch;  /* n + n_contacts */
  gint8       *mode;      /* per part of the system */
  gint8       *quadrant;  /* per part: a lossy part's transmitted torque's sign assumed */
  double      *impact;    /* per part: kinetic energy lost at its hard stops so far */
  double      *locked;    /* per part: NAN, or the lock's offset */
  double      *g;         /* per friction part: the switching function at the reference */
  /* Per friction part: a dead band in its sliding function right after it
   * broke away (from speed 0, where round-off may show either sign), until
   * it has slid clear of it. */
  double      *band;
  double      *g_trial;
  GArray      *changes;   /* the last settle's: Change */
  /* The instants of the last CHATTER_EVENTS events (a ring), and the span
   * that many may not fall within. */
  double       recent[CHATTER_EVENTS];
  guint        n_recent;
  double       chatter_span;
  double      *recent_slow;  /* the same, CHATTER_EVENTS_SLOW of them */
  guint        n_recent_slow;
  double       chatter_span_slow;
  gboolean     settled;   /* the modes at the start are settled */
  /* The switching function (n_switch: none) whose crossing the last
   * located event is: the part a chatter is named after. */
  guint        crossed;
  double       crossed_at;
  /* The joint decision at speed 0 (made at the first event that needs it). */
  SwFrictionDecide *decide;
};

void
_sw_friction_add_lock (const SwPart *part, SwBuilder *builder, double offset)
{
  const SwFrictionDesc *f = part->kind->friction;
  guint nodes[2] = { part->node[f->port_a], part->node[f->port_b] };
  double coeffs[2] = { -1, 1 };

  sw_builder_add_constraint (builder, part, 2, nodes, coeffs, offset);
}

gboolean
_sw_system_has_friction (const SwSystem *sys)
{
  for (guint i = 0; i < sys->n_parts; i++)
    if (sys->parts[i].kind->friction != NULL)
      return TRUE;
  return FALSE;
}

gboolean
_sw_system_has_history (const SwSystem *sys)
{
  return sys->n_held > 0 || _sw_system_has_friction (sys);
}

gboolean
_sw_system_has_contacts (const SwSystem *sys)
{
  for (guint i = 0; i < sys->n_parts; i++)
    if (sys->parts[i].kind->contact != NULL)
      return TRUE;
  return FALSE;
}

SwFrictionRun *
_sw_friction_run_new (const SwSystem *base)
{
  SwFrictionRun *run;
  GArray *parts = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *contacts = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < base->n_parts; i++)
    if (base->parts[i].kind->friction != NULL)
      g_array_append_val (parts, i);
    else if (base->parts[i].kind->contact != NULL)
      g_array_append_val (contacts, i);
  if (parts->len + contacts->len == 0)
    {
      g_array_unref (parts);
      g_array_unref (contacts);
      return NULL;
    }
  run = g_new0 (SwFrictionRun, 1);
  run->base = sw_system_ref ((SwSystem *) base);
  run->sys = sw_system_ref ((SwSystem *) base);
  run->eq = sw_equations_new (base);
  run->n = parts->len;
  run->parts = (guint *) g_array_free (parts, FALSE);
  run->n_contacts = contacts->len;
  run->contacts = (guint *) g_array_free (contacts, FALSE);
  run->n_switch = run->n + run->n_contacts;
  run->at_stop = g_new0 (gboolean, base->n_parts);
  run->leaving = g_new0 (gboolean, base->n_parts);
  run->mode = g_new (gint8, base->n_parts);
  memset (run->mode, SW_FRICTION_FREE, base->n_parts);
  run->impact = g_new0 (double, base->n_parts);
  run->quadrant = g_new (gint8, base->n_parts);
  memset (run->quadrant, 1, base->n_parts);
  run->locked = g_new (double, base->n_parts);
  for (guint i = 0; i < base->n_parts; i++)
    run->locked[i] = NAN;
  run->g = g_new0 (double, run->n_switch);
  run->band = g_new0 (double, MAX (run->n, 1));
  run->g_trial = g_new0 (double, run->n_switch);
  run->chatter_span = 1e-12;
  run->chatter_span_slow = 1e-12;
  run->recent_slow = g_new0 (double, CHATTER_EVENTS_SLOW);
  run->changes = g_array_new (FALSE, FALSE, sizeof (Change));
  run->crossed = run->n_switch;
  run->crossed_at = NAN;
  return run;
}

void
_sw_friction_run_set_length (SwFrictionRun *run, double length)
{
  run->chatter_span = MAX (CHATTER_SPAN * length, 1e-12);
  run->chatter_span_slow = MAX (CHATTER_SPAN_SLOW * length, 1e-12);
}

void
_sw_friction_run_free (SwFrictionRun *run)
{
  if (run == NULL)
    return;
  _sw_friction_decide_free (run->decide);
  sw_equations_free (run->eq);
  sw_system_unref (run->sys);
  sw_system_unref (run->base);
  g_free (run->recent_slow);
  g_free (run->parts);
  g_free (run->contacts);
  g_free (run->at_stop);
  g_free (run->leaving);
  g_free (run->mode);
  g_free (run->quadrant);
  g_free (run->impact);
  g_free (run->locked);
  g_free (run->g);
  g_free (run->band);
  g_free (run->g_trial);
  g_array_unref (run->changes);
  g_free (run);
}

const SwSystem *
_sw_friction_run_get_system (SwFrictionRun *run)
{
  return run->sys;
}

SwEquations *
_sw_friction_run_get_equations (SwFrictionRun *run)
{
  return run->eq;
}

gboolean
_sw_friction_run_next_change (SwFrictionRun *run, guint *index, guint *part, int *old_mode, int *new_mode)
{
  const Change *c;

  if (*index >= run->changes->len)
    return FALSE;
  c = &g_array_index (run->changes, Change, (*index)++);
  *part = c->part;
  *old_mode = c->old_mode;
  *new_mode = c->new_mode;
  return TRUE;
}

void
_sw_friction_run_clear_marks (SwFrictionRun *run)
{
  memset (run->eq->start, 0, run->sys->n_parts);
}

/* ---- Parallel locks ----------------------------------------------------- */

/* Part p's relative motion x_b - x_a over the coordinates (node rows of T:
 * b's terms, then a's negated), into terms; returns how many (at most 8,
 * else 0: too long to compare). */
static guint
relative_terms (const SwSystem *sys, const SwPart *p, SwTerm *terms)
{
  guint nodes[2] = { p->node[p->kind->friction->port_b], p->node[p->kind->friction->port_a] }, n = 0;

  for (guint e = 0; e < 2; e++)
    for (guint k = sys->t_start[nodes[e]]; k < sys->t_start[nodes[e] + 1]; k++)
      {
        guint j = 0;
        double c = e == 0 ? sys->t_terms[k].coeff : -sys->t_terms[k].coeff;

        while (j < n && terms[j].index != sys->t_terms[k].index)
          j++;
        if (j == n)
          {
            if (n == 8)
              return 0;
            terms[n++] = (SwTerm) { sys->t_terms[k].index, 0 };
          }
        terms[j].coeff += c;
      }
  return n;
}

/* +1 or -1 when a is b or -b (the same coordinates, proportional to 1e-12),
 * else 0. */
static int
same_motion (const SwTerm *a, guint na, const SwTerm *b, guint nb)
{
  int sign = 0;

  if (na != nb || na == 0)
    return 0;
  for (guint i = 0; i < na; i++)
    {
      guint j = 0;

      while (j < nb && b[j].index != a[i].index)
        j++;
      if (j == nb)
        return 0;
      if (sign == 0)
        sign = (a[i].coeff > 0) == (b[j].coeff > 0) ? 1 : -1;
      if (fabs (a[i].coeff - sign * b[j].coeff) > 1e-12 * fabs (a[i].coeff))
        return 0;
    }
  return sign;
}

void
_sw_friction_find_groups (SwSystem *sys)
{
  if (!_sw_system_has_friction (sys))
    return;
  sys->friction_group = g_new (guint, sys->n_parts);
  sys->friction_sign = g_new0 (gint8, sys->n_parts);
  for (guint i = 0; i < sys->n_parts; i++)
    {
      SwTerm mine[8], other[8];
      guint n;

      sys->friction_group[i] = G_MAXUINT;
      if (sys->parts[i].kind->friction == NULL)
        continue;
      sys->friction_group[i] = i;
      sys->friction_sign[i] = 1;
      n = relative_terms (sys, &sys->parts[i], mine);
      for (guint j = 0; j < i; j++)
        {
          int sign;

          if (sys->friction_group[j] != j)
            continue;
          sign = same_motion (mine, n, other, relative_terms (sys, &sys->parts[j], other));
          if (sign != 0)
            {
              sys->friction_group[i] = j;
              sys->friction_sign[i] = (gint8) sign;
              break;
            }
        }
    }
}

void
_sw_friction_share_locks (SwEquations *eq, double t, gboolean left)
{
  const SwSystem *sys = eq->sys;
  SwState state;

  if (sys->friction_group == NULL)
    return;
  sw_equations_get_state (eq, t, left, &state);
  for (guint g = 0; g < sys->n_parts; g++)
    {
      double total = 0, limit = 0, tau0, tau0_max, engaged;
      guint n = 0;

      /* Each group once, from its first part, over its stuck parts. */
      if (sys->friction_group[g] != g)
        continue;
      for (int pass = 0; pass < 2; pass++)
        for (guint j = g; j < sys->n_parts; j++)
          {
            const SwPart *q = &sys->parts[j];
            double *lambda = &eq->lambda[q->first_row + q->n_rows - 1];

            if (sys->friction_group[j] != g || eq->mode[j] != SW_FRICTION_STUCK)
              continue;
            q->kind->friction->limits (q, &state, &tau0, &tau0_max, &engaged);
            if (pass == 0)
              {
                total += sys->friction_sign[j] * -*lambda;
                limit += tau0_max;
                n++;
              }
            else if (n > 1)
              *lambda = -sys->friction_sign[j] * total * (limit > 0 ? tau0_max / limit : 1.0 / n);
          }
    }
}

/* ---- Switching functions ------------------------------------------------ */

static double
p_stick_speed (SwFrictionRun *run, guint i)
{
  const SwPart *p = &run->sys->parts[i];

  return p->kind->friction->stick_speed != NULL ? p->kind->friction->stick_speed (p) : 0;
}

typedef struct {
  double w, a;               /* relative speed and acceleration */
  double a_zero;             /* a relative acceleration this small is 0 (round-off) */
  double tau;                /* stuck: the lock's torque */
  double tau0, tau0_max;
  double w_stick;            /* the stick band (0: stick at speed 0) */
  /* Stuck, it holds while tau_lo <= tau <= tau_hi (-tau0_max, tau0_max
   * unless the part is lossy: then they depend on the transmitted torque
   * tau_t). */
  double tau_lo, tau_hi, tau_t;
  /* Lossy: the bearing friction by which the driving side is judged
   * (SwFrictionDesc.bearing), and tau_t less it in the direction the part
   * rolls (Modelica's tau_eta). */
  double bearing, tau_eta;
  double engaged;            /* > 0 engaged, <= 0 free */
  gboolean free;
  double rel;                /* relative position */
  double room_forward, room_backward;  /* to the hard stops (INFINITY: none) */
  double lower, upper;       /* the stops */
} Contact;

/* After sw_equations_complete (): what part i's mode machine reads. */
static void
read_contact (SwFrictionRun *run, guint i, double t, Contact *c)
{
  const SwPart *p = &run->sys->parts[i];
  const SwFrictionDesc *f = p->kind->friction;
  SwEquations *eq = run->eq;
  guint a = p->node[f->port_a], b = p->node[f->port_b];
  SwState state;

  sw_equations_get_state (eq, t, t >= eq->left_from, &state);
  c->w = eq->v[b] - eq->v[a];
  c->a = eq->a[b] - eq->a[a];
  c->a_zero = 1e-9 * MAX (fabs (eq->a[a]) + fabs (eq->a[b]), 1);
  c->tau = run->mode[i] == SW_FRICTION_STUCK ? -eq->lambda[p->first_row + p->n_rows - 1] : 0;
  f->limits (p, &state, &c->tau0, &c->tau0_max, &c->engaged);
  c->free = !(c->engaged > 0);
  c->tau_lo = -c->tau0_max, c->tau_hi = c->tau0_max, c->tau_t = 0, c->bearing = 0, c->tau_eta = 0;
  c->w_stick = f->stick_speed != NULL && !run->leaving[i] ? f->stick_speed (p) : 0;
  if (f->loss != NULL)
    {
      double alpha, beta;

      if (run->mode[i] == SW_FRICTION_FORWARD || run->mode[i] == SW_FRICTION_BACKWARD)
        c->tau = eq->loss[i];
      c->tau_t = f->transmitted (p, &state) + c->tau;
      c->bearing = f->bearing != NULL ? f->bearing (p, &state) : 0;
      c->tau_eta = c->tau_t - (run->mode[i] == SW_FRICTION_BACKWARD ? -1 : 1) * c->bearing;
      /* Stuck, it starts to roll forward past tauLossMax_p, backward past
       * tauLossMin_m: the driving side judged by tau_t - tau_bf_a and
       * tau_t + tau_bf_a (Modelica's LossyGear). */
      f->loss (p, &state, 1, c->tau_t - c->bearing > 0, &alpha, &beta);
      c->tau_hi = alpha + beta * c->tau_t;
      f->loss (p, &state, -1, c->tau_t + c->bearing > 0, &alpha, &beta);
      c->tau_lo = alpha + beta * c->tau_t;
      c->tau0_max = MAX (c->tau_hi, -c->tau_lo);
    }
  c->rel = eq->x[b] - eq->x[a];
  c->lower = -INFINITY, c->upper = INFINITY;
  if (f->stops != NULL)
    f->stops (p, &c->lower, &c->upper);
  c->room_forward = c->upper - c->rel;
  c->room_backward = c->rel - c->lower;
}

/* A relative position this close to a stop is at it. */
static double
stop_tolerance (const Contact *c)
{
  return 1e-9 * MAX (1, MAX (isfinite (c->upper) ? fabs (c->upper) : 0, isfinite (c->lower) ? fabs (c->lower) : 0));
}

/* A lossy part sliding: its law holds while the transmitted torque less
 * the bearing friction (tau_eta) keeps the sign assumed (quadrant), within
 * round-off. */
static double
quadrant_value (const Contact *c, gint8 quadrant)
{
  if (quadrant == 0)
    return INFINITY;
  return quadrant * c->tau_eta + 1e-12 * (fabs (c->tau_t) + fabs (c->tau) + fabs (c->bearing)) + 1e-300;
}

static double
switching_value (gint8 mode, const Contact *c, double band, gboolean one_way, gint8 quadrant)
{
  /* A freewheel holds any backward torque. */
  if (one_way && mode == SW_FRICTION_STUCK)
    return c->tau_hi - c->tau;
  switch (mode)
    {
    case SW_FRICTION_FORWARD:
      return MIN (MIN (MIN (c->w - c->w_stick + band, c->engaged), c->room_forward), quadrant_value (c, quadrant));
    case SW_FRICTION_BACKWARD:
      return MIN (MIN (MIN (-c->w - c->w_stick + band, c->engaged), c->room_backward),
                  quadrant_value (c, quadrant));
    case SW_FRICTION_STUCK:
      /* Held by a hard stop, it leaves only away from it. */
      if (c->room_forward <= stop_tolerance (c))
        return MIN (c->tau - c->tau_lo, c->engaged);
      if (c->room_backward <= stop_tolerance (c))
        return MIN (c->tau_hi - c->tau, c->engaged);
      return MIN (MIN (c->tau_hi - c->tau, c->tau - c->tau_lo), c->engaged);
    default:
      /* Free: until the normal force comes back. */
      return c->free ? -c->engaged : -1;
    }
}

/* The switching functions at (t, y) into g. */
static gboolean
switching (SwFrictionRun *run, double t, const double *y, double *g)
{
  /* A step ends at a time event with the signals' left limits: what
   * happens at the event itself is for the event. */
  if (!sw_equations_complete (run->eq, t, y, t >= run->eq->left_from))
    return FALSE;
  for (guint k = 0; k < run->n; k++)
    {
      Contact c;

      read_contact (run, run->parts[k], t, &c);
      if (fabs (c.w) > 10 * run->band[k])
        run->band[k] = 0;
      /* Out of its stick band after a break-away: the band holds again. */
      if (run->leaving[run->parts[k]] && c.w_stick == 0 && p_stick_speed (run, run->parts[k]) < fabs (c.w))
        {
          run->leaving[run->parts[k]] = FALSE;
          read_contact (run, run->parts[k], t, &c);
        }
      g[k] = switching_value (run->mode[run->parts[k]], &c, run->band[k],
                              run->sys->parts[run->parts[k]].kind->friction->one_way,
                              run->sys->parts[run->parts[k]].kind->friction->loss != NULL
                                ? run->quadrant[run->parts[k]] : 0);
    }
  if (run->n_contacts > 0)
    {
      SwState state;

      sw_equations_get_state (run->eq, t, t >= run->eq->left_from, &state);
      for (guint k = 0; k < run->n_contacts; k++)
        {
          const SwPart *p = &run->sys->parts[run->contacts[k]];

          g[run->n + k] = p->kind->contact->switching (p, &state, run->eq->region[run->contacts[k]]);
        }
    }
  return TRUE;
}

static gboolean
equations_error (SwFrictionRun *run, GError **error)
{
  if (run->eq->error != NULL)
    g_propagate_error (error, g_steal_pointer (&run->eq->error));
  else
    g_set_error_literal (error, SW_ERROR, SW_ERROR_NOT_CONVERGED, _("the equations could not be evaluated"));
  return FALSE;
}

gboolean
_sw_friction_run_check (SwFrictionRun *run, double t, const double *y, gboolean *crossed, GError **error)
{
  *crossed = FALSE;
  if (!switching (run, t, y, run->g_trial))
    return equations_error (run, error);
  for (guint k = 0; k < run->n_switch; k++)
    if (run->g_trial[k] < 0 && run->g[k] >= 0)
      *crossed = TRUE;
  if (!*crossed)
    memcpy (run->g, run->g_trial, run->n_switch * sizeof (double));
  return TRUE;
}

/* ---- Locating the event ------------------------------------------------- */

typedef struct {
  SwFrictionRun    *run;
  guint             k;
  SwInterpolateFunc interp;
  gpointer          data;
  double           *y;
  GError          **error;
  gboolean          failed;
} RootData;

static double
root_function (double t, void *user_data)
{
  RootData *d = user_data;
  SwFrictionRun *run = d->run;

  if (d->failed)
    return 0;
  if (!d->interp (d->data, t, d->y, d->error) || !switching (run, t, d->y, run->g_trial))
    {
      d->failed = TRUE;
      return 0;
    }
  return run->g_trial[d->k];
}

/* The root of switching function k in [lo, hi], g(lo) >= 0 > g(hi): the
 * end of the final bracket where g < 0. Brent's method where g(lo) > 0
 * (smooth functions: speeds, torques), else bisection on the sign (a
 * switching function that jumps, such as a normal force switched on). */
static gboolean
find_root (RootData *d, double lo, double hi, double *root)
{
  double tol = 1e-12 * MAX (fabs (hi), 1.0), g_lo = root_function (lo, d), hi_start = hi;

  if (d->failed)
    return FALSE;
  if (g_lo > 0)
    {
      gsl_root_fsolver *s = gsl_root_fsolver_alloc (gsl_root_fsolver_brent);
      gsl_function fn = { root_function, d };

      if (gsl_root_fsolver_set (s, &fn, lo, hi) == GSL_SUCCESS)
        for (int iter = 0; iter < 200 && !d->failed && hi - lo > tol; iter++)
          {
            if (gsl_root_fsolver_iterate (s) != GSL_SUCCESS)
              break;
            lo = gsl_root_fsolver_x_lower (s);
            hi = gsl_root_fsolver_x_upper (s);
          }
      gsl_root_fsolver_free (s);
      /* Brent's bracket may end on a zero of g: the event is where g < 0,
       * or it would be found again at once. */
      if (!d->failed && root_function (hi, d) >= 0)
        {
          lo = hi;
          hi = hi_start;
        }
    }
  /* Bisection keeps g(lo) >= 0 > g(hi), also where Brent stopped short. */
  while (!d->failed && hi - lo > tol)
    {
      double mid = 0.5 * (lo + hi);

      if (root_function (mid, d) < 0)
        hi = mid;
      else
        lo = mid;
    }
  *root = hi;
  return !d->failed;
}

gboolean
_sw_friction_run_locate (SwFrictionRun *run, double t0, double t1, SwInterpolateFunc interp, gpointer data,
                         double *t_event, double *y_event, GError **error)
{
  g_autofree double *g_end = g_memdup2 (run->g_trial, run->n_switch * sizeof (double));
  double first = t1;

  run->crossed = run->n_switch;
  for (guint k = 0; k < run->n_switch; k++)
    {
      RootData d = { run, k, interp, data, y_event, error, FALSE };
      double root;

      if (!(g_end[k] < 0 && run->g[k] >= 0))
        continue;
      /* Only a crossing before the earliest one found so far counts. */
      if (first < t1)
        {
          double at_first = root_function (first, &d);

          if (d.failed)
            return FALSE;
          if (at_first >= 0)
            continue;
        }
      if (!find_root (&d, t0, first, &root))
        return FALSE;
      if (root < first || run->crossed == run->n_switch)
        run->crossed = k;
      first = MIN (first, root);
    }
  *t_event = run->crossed_at = first;
  return interp (data, first, y_event, error);
}

/* ---- Settling the modes ------------------------------------------------- */

/* Node positions and velocities of the current configuration at (t, y)
 * (after sw_equations_complete) into the new system's state: every
 * coordinate read off a node that follows it alone. */
static gboolean
map_state (const SwSystem *from, const double *y_from, SwEquations *eq_from, const SwSystem *to, double *y_to,
           double *q_guess, GError **error)
{
  memset (y_to, 0, MAX (to->n_states, 1) * sizeof (double));
  for (guint j = 0; j < to->n_coords; j++)
    {
      gboolean found = FALSE;

      for (guint k = to->c_start[j]; k < to->c_start[j + 1] && !found; k++)
        {
          guint i = to->c_terms[k].index;
          double coeff = to->c_terms[k].coeff, q, qd;

          if (to->t_start[i + 1] - to->t_start[i] != 1 || to->p_start[i + 1] != to->p_start[i])
            continue;
          q = (eq_from->x[i] - to->x_const[i]) / coeff;
          qd = eq_from->v[i] / coeff;
          switch (to->coord_class[j])
            {
            case SW_COORD_MASSIVE:
              y_to[to->coord_state[j]] = q;
              y_to[to->coord_state[j] + to->n_massive] = qd;
              break;
            case SW_COORD_FIRST_ORDER:
              y_to[to->coord_state[j]] = q;
              break;
            case SW_COORD_ALGEBRAIC:
              q_guess[j] = q;
              break;
            }
          found = TRUE;
        }
      if (!found)
        {
          g_set_error_literal (error, SW_ERROR, SW_ERROR_NOT_CONVERGED,
                               _("the state could not be carried over to the new friction modes"));
          return FALSE;
        }
    }
  /* Speed and acceleration sources keep their own states, in the same
   * order in every configuration. */
  for (guint d = 0; d < to->n_drivers; d++)
    {
      const SwDriver *dt = &to->drivers[d], *df = &from->drivers[d];

      if (dt->motion == SW_MOTION_SPEED)
        y_to[dt->state] = y_from[df->state];
      else if (_sw_driver_n_states (dt) == 2)
        {
          y_to[dt->state] = y_from[df->state];
          y_to[dt->state + 1] = y_from[df->state + 1];
        }
    }
  return TRUE;
}

gboolean
_sw_friction_run_base_state (SwFrictionRun *run, double t, const double *y, double *y_base, GError **error)
{
  g_autofree double *guess = g_new0 (double, MAX (run->base->n_coords, 1));

  if (run->sys == run->base)
    {
      memcpy (y_base, y, run->base->n_states * sizeof (double));
      return TRUE;
    }
  if (!sw_equations_complete (run->eq, t, y, FALSE))
    return equations_error (run, error);
  return map_state (run->sys, y, run->eq, run->base, y_base, guess, error);
}

/* The velocities of a new configuration (its state y_to at t, its
 * equations eq_to) made to keep the momentum of the old one (eq_from, after
 * complete): T^T M (v_new - v_old) = 0 over the massive coordinates, v_new =
 * T q' + P p'. Where a lock was added at a relative speed (a hard stop, a
 * latch, a stick band) this is the inelastic impact (the limit of a stiff
 * spring and damper): the bodies joined share their momentum; otherwise
 * the old velocities are already the new system's and nothing changes. */
static gboolean
keep_momentum (SwEquations *eq_from, const SwSystem *to, SwEquations *eq_to, double t, double *y_to,
               GError **error)
{
  guint nm = to->n_massive;
  g_autofree double *dv = NULL, *mdv = NULL, *q = NULL, *rhs = NULL;

  if (nm == 0)
    return TRUE;
  if (!sw_equations_complete (eq_to, t, y_to, FALSE))
    {
      if (eq_to->error != NULL)
        g_propagate_error (error, g_steal_pointer (&eq_to->error));
      else
        g_set_error_literal (error, SW_ERROR, SW_ERROR_NOT_CONVERGED, _("the equations could not be evaluated"));
      return FALSE;
    }
  dv = g_new (double, MAX (to->n_nodes, 1));
  mdv = g_new (double, MAX (to->n_nodes, 1));
  q = g_new0 (double, nm);
  rhs = g_new (double, nm);
  for (guint i = 0; i < to->n_nodes; i++)
    dv[i] = eq_from->v[i] - eq_to->v[i];
  _sw_system_apply_mass (to, dv, mdv);
  for (guint j = 0; j < nm; j++)
    for (guint k = to->c_start[j]; k < to->c_start[j + 1]; k++)
      q[j] += to->c_terms[k].coeff * mdv[to->c_terms[k].index];
  /* (T^T M T)^-1 over the massive blocks, as the accelerations are solved. */
  for (guint j = 0; j < nm; j++)
    y_to[nm + j] += q[j] * to->mass_inverse[j];
  for (guint b = 0; b < to->n_banded; b++)
    {
      const SwBlock *blk = &to->massive_blocks[to->banded_blocks[b]];

      for (guint k = 0; k < blk->n; k++)
        rhs[k] = q[blk->coords[k]];
      _sw_band_solve (blk->n, blk->band, blk->factor, blk->diag_inverse, rhs);
      for (guint k = 0; k < blk->n; k++)
        y_to[nm + blk->coords[k]] += rhs[k];
    }
  return TRUE;
}

/* A new configuration for the locks in run->locked, the state carried
 * over from the current one at (t, y). */
static gboolean
reconfigure (SwFrictionRun *run, double t, const double *y, double **y_new, GError **error)
{
  g_autoptr (GError) local = NULL;
  SwSystem *sys = NULL;
  SwEquations *eq;
  double *state;
  gboolean any = FALSE;

  for (guint k = 0; k < run->n && !any; k++)
    any = !isnan (run->locked[run->parts[k]]);
  sys = any ? _sw_system_assemble_locked (run->base, run->locked, &local) : sw_system_ref (run->base);
  if (sys == NULL)
    {
      g_set_error (error, SW_ERROR, local->code, _("at t = %.9g s, locking the stuck friction elements: %s"), t,
                   local->message);
      return FALSE;
    }
  eq = sw_equations_new (sys);
  state = g_new0 (double, MAX (sys->n_states, 1));
  if (!map_state (run->sys, y, run->eq, sys, state, eq->q_guess, error))
    {
      g_free (state);
      sw_equations_free (eq);
      sw_system_unref (sys);
      return FALSE;
    }
  memcpy (eq->mode, run->mode, sys->n_parts);
  memcpy (eq->quadrant, run->quadrant, sys->n_parts);
  memcpy (eq->impact, run->impact, sys->n_parts * sizeof (double));
  memcpy (eq->start, run->eq->start, sys->n_parts);
  memcpy (eq->region, run->eq->region, sys->n_parts);
  memcpy (eq->held, run->eq->held, MAX (sys->n_held, 1) * sizeof (double));
  eq->left_from = run->eq->left_from;
  eq->event_end = run->eq->event_end;
  if (!keep_momentum (run->eq, sys, eq, t, state, error))
    {
      g_free (state);
      sw_equations_free (eq);
      sw_system_unref (sys);
      return FALSE;
    }
  sw_equations_free (run->eq);
  sw_system_unref (run->sys);
  run->sys = sys;
  run->eq = eq;
  g_free (*y_new);
  *y_new = state;
  return TRUE;
}

/* Where part i locks: its relative position now, or the hard stop it is
 * at (after complete). */
static double
lock_position (const Contact *c)
{
  if (c->room_forward <= stop_tolerance (c))
    return c->upper;
  if (c->room_backward <= stop_tolerance (c))
    return c->lower;
  return c->rel;
}

/* The next mode of part i by Modelica's rules, from where it is now. A
 * relative speed this small counts as 0 (the event was located to 1e-12 s;
 * stuck, it is exactly 0). */
/* A one-way clutch: sliding forward, or locked by its freewheel. */
static gint8
next_one_way_mode (gint8 mode, gint8 start, const Contact *c, double w_zero)
{
  if (c->w > w_zero)
    return SW_FRICTION_FORWARD;
  if (mode == SW_FRICTION_STUCK)
    return c->tau > c->tau_hi ? SW_FRICTION_FORWARD : SW_FRICTION_STUCK;
  if (mode == SW_FRICTION_FORWARD && start > 0)
    return c->a >= -c->a_zero ? SW_FRICTION_FORWARD : SW_FRICTION_STUCK;
  return SW_FRICTION_STUCK;
}

static gint8
next_mode (gint8 mode, gint8 start, const Contact *c, double w_zero)
{
  gboolean at_zero = fabs (c->w) <= c->w_stick + w_zero;
  gboolean at_upper = c->room_forward <= stop_tolerance (c), at_lower = c->room_backward <= stop_tolerance (c);

  /* Moving into a hard stop: it stops there. */
  if ((at_upper && c->w > w_zero && mode != SW_FRICTION_STUCK) ||
      (at_lower && c->w < -w_zero && mode != SW_FRICTION_STUCK))
    return SW_FRICTION_STUCK;
  if (mode == SW_FRICTION_STUCK && (at_upper || at_lower))
    {
      /* At a stop it leaves only away from it. */
      if (at_upper && c->tau < c->tau_lo)
        return SW_FRICTION_BACKWARD;
      if (at_lower && c->tau > c->tau_hi)
        return SW_FRICTION_FORWARD;
      return SW_FRICTION_STUCK;
    }
  if (c->free)
    return SW_FRICTION_FREE;
  if (mode == SW_FRICTION_FREE || (!at_zero && mode != SW_FRICTION_STUCK))
    return at_zero ? SW_FRICTION_STUCK : c->w > 0 ? SW_FRICTION_FORWARD : SW_FRICTION_BACKWARD;
  switch (mode)
    {
    case SW_FRICTION_STUCK:
      if (c->tau > c->tau_hi)
        return SW_FRICTION_FORWARD;
      if (c->tau < c->tau_lo)
        return SW_FRICTION_BACKWARD;
      return SW_FRICTION_STUCK;
    case SW_FRICTION_FORWARD:
      /* Just broken away: it slides on unless it accelerates backward (at
       * peak = 1 it starts with no acceleration at all). */
      return start > 0 && c->a >= -c->a_zero ? SW_FRICTION_FORWARD : SW_FRICTION_STUCK;
    case SW_FRICTION_BACKWARD:
      return start < 0 && c->a <= c->a_zero ? SW_FRICTION_BACKWARD : SW_FRICTION_STUCK;
    default:
      return mode;
    }
}

/* A lossy part going to slide in mode next: the sign of its transmitted
 * torque that its law assumes. Starting to slide, the present one; sliding
 * on, the other one when the present one contradicts it, once per event
 * (where neither sign is consistent, as where the bearing friction of
 * the two directions differs at tau_t = 0, the second one stays). TRUE
 * when it changed. */
static gboolean
settle_quadrant (SwFrictionRun *run, guint i, gint8 next, const Contact *c, guint8 *tried)
{
  gint8 q = run->quadrant[i];

  if (next != SW_FRICTION_FORWARD && next != SW_FRICTION_BACKWARD)
    return FALSE;
  if (next != run->mode[i])
    q = c->tau_t - (next == SW_FRICTION_FORWARD ? 1 : -1) * c->bearing >= 0 ? 1 : -1;
  else if (quadrant_value (c, q) < 0 && !(tried[i] & 4))
    {
      q = -q;
      tried[i] |= 4;
    }
  if (q == run->quadrant[i])
    return FALSE;
  run->quadrant[i] = q;
  return TRUE;
}

/* The contacts' regions and held values at the settled state (after
 * complete): TRUE when one changed. Changes that show in the log (open
 * and pressing, say) go to it. */
static gboolean
settle_contacts (SwFrictionRun *run, double t)
{
  SwState state;
  gboolean changed = FALSE;

  sw_equations_get_state (run->eq, t, FALSE, &state);
  for (guint k = 0; k < run->n_contacts; k++)
    {
      guint i = run->contacts[k];
      const SwPart *p = &run->sys->parts[i];
      const SwContactDesc *cd = p->kind->contact;
      double *held = run->eq->held + p->first_held;
      gint8 old = run->eq->region[i], region;
      int old_log, new_log;

      if (!run->settled && cd->start != NULL)
        cd->start (p, &state, held);
      region = (gint8) cd->region (p, &state);
      if (run->settled && region == old)
        continue;
      if (run->settled && cd->update != NULL)
        cd->update (p, &state, old, region, held);
      old_log = run->settled ? contact_mode (p, old) : SW_FRICTION_START;
      new_log = contact_mode (p, region);
      if (new_log >= 0 && old_log != new_log)
        g_array_append_val (run->changes, ((Change) { i, old_log, new_log }));
      changed = changed || run->settled;
      run->eq->region[i] = region;
    }
  return changed;
}

static int
compare_changes (gconstpointer a, gconstpointer b, gpointer sys)
{
  guint ca = ((const SwSystem *) sys)->parts[((const Change *) a)->part].component;
  guint cb = ((const SwSystem *) sys)->parts[((const Change *) b)->part].component;

  return (ca > cb) - (ca < cb);
}

/* A relative speed of part i this small counts as 0 (after complete):
 * round-off of the flanges' speeds and what the located instant (to 1e-12
 * s relative) leaves. */
static double
zero_speed (SwFrictionRun *run, guint i, const Contact *c, double t)
{
  const SwPart *p = &run->sys->parts[i];
  double w_scale = fabs (run->eq->v[p->node[p->kind->friction->port_a]])
                   + fabs (run->eq->v[p->node[p->kind->friction->port_b]]);

  return 1e-9 * MAX (w_scale, 1) + 1e-10 * fabs (c->a) * MAX (fabs (t), 1);
}

/* The modes of the parts at relative speed 0 (stuck ones included) decided
 * together (sw-friction-decide.c), per part (G_MININT8: not decided so),
 * and the quadrants of lossy ones; NULL where some such part is beyond
 * the joint decision (a one-way clutch, a stick band, hard stops) or it
 * finds no consistent assignment: the rounds decide alone then. After
 * complete at (t, y). */
static gint8 *
decide_together (SwFrictionRun *run, double t, const double *y, gint8 **quadrants)
{
  g_autoptr (GArray) parts = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree double *y_base = NULL;
  g_autofree gint8 *modes = NULL, *q = NULL;
  gint8 *decided;

  for (guint k = 0; k < run->n; k++)
    {
      guint i = run->parts[k];
      Contact c;

      read_contact (run, i, t, &c);
      /* Free, sliding at speed, or sliding on from a break-away (it keeps
       * its kinetic torque, Modelica's pre(startForward)): not at rest. */
      if (c.free || (run->mode[i] != SW_FRICTION_STUCK
                     && (fabs (c.w) > zero_speed (run, i, &c, t) || run->band[k] > 0)))
        continue;
      if (!_sw_friction_decide_supports (run->base, i))
        return NULL;
      g_array_append_val (parts, i);
    }
  if (parts->len == 0)
    return NULL;
  y_base = g_new (double, MAX (run->base->n_states, 1));
  if (!_sw_friction_run_base_state (run, t, y, y_base, NULL) || !sw_equations_complete (run->eq, t, y, FALSE))
    return NULL;
  if (run->decide == NULL)
    run->decide = _sw_friction_decide_new (run->base);
  modes = g_new (gint8, parts->len);
  q = g_new (gint8, parts->len);
  if (!_sw_friction_decide (run->decide, t, y_base, run->eq, (const guint *) parts->data, parts->len, modes, q))
    return NULL;
  decided = g_new (gint8, run->sys->n_parts);
  memset (decided, G_MININT8, run->sys->n_parts);
  *quadrants = g_new0 (gint8, run->sys->n_parts);
  for (guint k = 0; k < parts->len; k++)
    {
      guint i = g_array_index (parts, guint, k);

      decided[i] = modes[k] == 0 ? SW_FRICTION_STUCK : modes[k] > 0 ? SW_FRICTION_FORWARD : SW_FRICTION_BACKWARD;
      (*quadrants)[i] = q[k];
    }
  return decided;
}

/* The kinetic energy (after sw_equations_complete). */
static double
kinetic_energy (SwFrictionRun *run, double *scratch)
{
  double e = 0;

  _sw_system_apply_mass (run->sys, run->eq->v, scratch);
  for (guint i = 0; i < run->sys->n_nodes; i++)
    e += 0.5 * run->eq->v[i] * scratch[i];
  return e;
}

gboolean
_sw_friction_run_settle (SwFrictionRun *run, double t, const double *y, gboolean *changed, double **y_new,
                         GError **error)
{
  g_autofree double *state = g_memdup2 (y, MAX (run->sys->n_states, 1) * sizeof (double));
  g_autofree gint8 *start = g_new0 (gint8, run->sys->n_parts);
  g_autofree gint8 *before = g_memdup2 (run->mode, run->sys->n_parts);
  g_autofree gboolean *was_at_stop = g_memdup2 (run->at_stop, run->sys->n_parts * sizeof (gboolean));
  /* Per part, the sliding directions given it in this iteration (1
   * forward, 2 backward): where each one's speed points the other way
   * (a massless side whose speed follows the friction), it sticks. */
  g_autofree guint8 *tried = g_new0 (guint8, run->sys->n_parts);
  /* Parts that hit a hard stop here: the kinetic energy the impact takes
   * is theirs. */
  g_autofree gboolean *hit = g_new0 (gboolean, run->sys->n_parts);
  g_autofree gboolean *hit_stop = g_new0 (gboolean, run->sys->n_parts);
  g_autofree double *scratch = g_new (double, MAX (run->sys->n_nodes, 1));
  g_autofree gint8 *decided = NULL, *decided_q = NULL;
  guint round, n_hit = 0;
  double energy_before;

  *changed = FALSE;
  *y_new = NULL;
  g_array_set_size (run->changes, 0);

  /* Events piling up while time hardly advances: chattering. */
  run->recent[run->n_recent++ % CHATTER_EVENTS] = t;
  run->recent_slow[run->n_recent_slow++ % CHATTER_EVENTS_SLOW] = t;

  /* A part with hard stops cannot be beyond them (only at the start can it
   * be: every later arrival is located). */
  if (!sw_equations_complete (run->eq, t, state, FALSE))
    return equations_error (run, error);
  energy_before = kinetic_energy (run, scratch);
  for (guint k = 0; k < run->n; k++)
    {
      Contact c;

      read_contact (run, run->parts[k], t, &c);
      if (c.room_forward < -stop_tolerance (&c) || c.room_backward < -stop_tolerance (&c))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_CONTRADICTION,
                       _("component “%s”: at t = %.9g s it is beyond its hard stops: flange_b - support = %g m; "
                         "valid: %g m to %g m (smin + L to smax)"),
                       run->sys->parts[run->parts[k]].id, t, c.rel, c.lower, c.upper);
          return FALSE;
        }
    }
  decided = decide_together (run, t, state, &decided_q);
  for (round = 0; round < MAX_SETTLE_ROUNDS; round++)
    {
      gboolean round_changed = FALSE, relock = FALSE;

      if (!sw_equations_complete (run->eq, t, state, FALSE))
        return equations_error (run, error);
      for (guint k = 0; k < run->n; k++)
        {
          guint i = run->parts[k];
          Contact c;
          double w_zero;
          gint8 next;

          read_contact (run, i, t, &c);
          w_zero = zero_speed (run, i, &c, t);
          if (run->sys->parts[i].kind->friction->one_way)
            {
              if (c.w < -w_zero)
                {
                  g_set_error (error, SW_ERROR, SW_ERROR_CONTRADICTION,
                               _("component “%s”: the one-way clutch turns backward at t = %.9g s (w_rel = %g "
                                 "rad/s), which its freewheel does not allow; valid: initial speeds with "
                                 "w_rel >= 0"), run->sys->parts[i].id, t, c.w);
                  return FALSE;
                }
              next = next_one_way_mode (run->mode[i], start[i], &c, w_zero);
            }
          else if (round == 0 && decided != NULL && decided[i] != G_MININT8)
            next = decided[i];
          else
            next = next_mode (run->mode[i], start[i], &c, w_zero);
          if ((next == SW_FRICTION_FORWARD || next == SW_FRICTION_BACKWARD) && next != run->mode[i])
            {
              tried[i] |= next == SW_FRICTION_FORWARD ? 1 : 2;
              if ((tried[i] & 3) == 3)
                next = SW_FRICTION_STUCK;
            }
          if (run->sys->parts[i].kind->friction->loss != NULL && settle_quadrant (run, i, next, &c, tried))
            round_changed = TRUE;
          /* The joint decision knows the quadrant the torques will have. */
          if (round == 0 && decided != NULL && decided[i] != G_MININT8 && decided_q[i] != 0
              && (next == SW_FRICTION_FORWARD || next == SW_FRICTION_BACKWARD) && run->quadrant[i] != decided_q[i])
            {
              run->quadrant[i] = decided_q[i];
              round_changed = TRUE;
            }
          if (next == run->mode[i])
            continue;
          /* Stuck at speed: an impact (a hard stop, a stick band). */
          if (next == SW_FRICTION_STUCK && run->mode[i] != SW_FRICTION_STUCK && !hit[i] && fabs (c.w) > w_zero)
            {
              hit[i] = TRUE;
              hit_stop[i] = c.room_forward <= stop_tolerance (&c) || c.room_backward <= stop_tolerance (&c);
              n_hit++;
            }
          /* Breaking away from stuck: sliding starts at speed 0. */
          start[i] = run->mode[i] == SW_FRICTION_STUCK && (next == SW_FRICTION_FORWARD || next == SW_FRICTION_BACKWARD)
                     ? next : 0;
          run->band[k] = start[i] != 0 ? w_zero : 0;
          run->leaving[i] = start[i] != 0 && p_stick_speed (run, i) > 0;
          if ((next == SW_FRICTION_STUCK) != (run->mode[i] == SW_FRICTION_STUCK))
            {
              run->locked[i] = next == SW_FRICTION_STUCK ? lock_position (&c) : NAN;
              run->at_stop[i] = next == SW_FRICTION_STUCK && (c.room_forward <= stop_tolerance (&c)
                                                             || c.room_backward <= stop_tolerance (&c));
              relock = TRUE;
            }
          run->mode[i] = next;
          round_changed = TRUE;
        }
      if (!round_changed)
        break;
      *changed = TRUE;
      memcpy (run->eq->mode, run->mode, run->sys->n_parts);
      memcpy (run->eq->quadrant, run->quadrant, run->sys->n_parts);
      memcpy (run->eq->start, start, run->sys->n_parts);
      if (relock)
        {
          double *mapped = NULL;

          if (!reconfigure (run, t, state, &mapped, error))
            return FALSE;
          g_free (state);
          state = mapped;
        }
    }
  if (round == MAX_SETTLE_ROUNDS
      || (run->n_recent >= CHATTER_EVENTS && t - run->recent[run->n_recent % CHATTER_EVENTS] <= run->chatter_span)
      || (run->n_recent_slow >= CHATTER_EVENTS_SLOW
          && t - run->recent_slow[run->n_recent_slow % CHATTER_EVENTS_SLOW] <= run->chatter_span_slow))
    {
      /* The part that changed mode at this event; with contacts alone, the
       * first contact (there is at least one friction part or contact). */
      guint culprit = run->n > 0 ? run->parts[0] : run->contacts[0];

      for (guint k = run->n_contacts; k-- > 0;)
        if (run->g_trial[run->n + k] < 0)
          culprit = run->contacts[k];
      for (guint k = run->n; k-- > 0;)
        if (before[run->parts[k]] != run->mode[run->parts[k]] || start[run->parts[k]] != 0)
          culprit = run->parts[k];
      /* Events that a switching function's crossings make: its part. */
      if (run->crossed < run->n_switch && t == run->crossed_at)
        culprit = run->crossed < run->n ? run->parts[run->crossed] : run->contacts[run->crossed - run->n];
      if (run->sys->parts[culprit].kind->friction != NULL)
        g_set_error (error, SW_ERROR, SW_ERROR_NOT_CONVERGED,
                     _("component “%s”: the friction modes chatter at t = %.9g s (they switch back and forth with "
                       "hardly any time between); check the friction and the driving torques there"),
                     run->sys->parts[culprit].id, t);
      else
        g_set_error (error, SW_ERROR, SW_ERROR_NOT_CONVERGED,
                     _("component “%s”: its events pile up at t = %.9g s (they follow each other with hardly any "
                       "time between); check its parameters and what drives it there"),
                     run->sys->parts[culprit].id, t);
      return FALSE;
    }
  memcpy (run->eq->start, start, run->sys->n_parts);
  if (settle_contacts (run, t))
    *changed = TRUE;
  /* The log has what changed across the whole iteration, not its rounds,
   * and first every part's mode at the start. */
  for (guint k = 0; k < run->n; k++)
    {
      guint i = run->parts[k];

      gint8 old = !run->settled ? SW_FRICTION_START : was_at_stop[i] ? SW_MODE_AT_STOP : before[i];
      gint8 now = run->at_stop[i] ? SW_MODE_AT_STOP : run->mode[i];

      /* A part that hit a stop and left it at once (an impact, then a
       * spring pushes it back): both changes. */
      if (hit_stop[i] && !run->at_stop[i])
        {
          g_array_append_val (run->changes, ((Change) { i, old, SW_MODE_AT_STOP }));
          old = SW_MODE_AT_STOP;
        }
      if (old != now)
        g_array_append_val (run->changes, ((Change) { i, old, now }));
    }
  /* In the file's order (parts are in the order of their ids); the
   * changes of one part keep theirs (a stable sort). */
  g_array_sort_with_data (run->changes, compare_changes, run->sys);
  run->settled = TRUE;
  /* The switching functions' reference: this instant, new modes. */
  if (!switching (run, t, state, run->g))
    return equations_error (run, error);
  if (n_hit > 0)
    {
      double lost = MAX (0, energy_before - kinetic_energy (run, scratch));

      for (guint i = 0; i < run->sys->n_parts; i++)
        if (hit[i])
          run->impact[i] += lost / n_hit;
      memcpy (run->eq->impact, run->impact, run->sys->n_parts * sizeof (double));
    }
  for (guint k = 0; k < run->n_switch; k++)
    run->g[k] = MAX (run->g[k], 0);
  if (*changed)
    *y_new = g_steal_pointer (&state);
  return TRUE;
}
