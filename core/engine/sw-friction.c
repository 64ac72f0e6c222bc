/* sw-friction.c: friction that sticks, run with exact events
 * (sw-friction-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-friction-run-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>





void
_sw_friction_add_lock (const SwPart *part, SwBuilder *builder, double offset, double strength)
{
  const SwFrictionDesc *f = part->kind->friction;
  guint nodes[2] = { part->node[f->port_a], part->node[f->port_b] };
  double coeffs[2] = { -1, 1 };

  sw_builder_add_constraint (builder, part, 2, nodes, coeffs, offset);
  g_array_index (builder->rows, RawRow, builder->rows->len - 1).lock_order = (float) (1 + MAX (strength, 0));
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
  length = MIN (length, CHATTER_LENGTH);
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
      gboolean lossy = FALSE;

      /* Each group once, from its first part, over its stuck parts. */
      if (sys->friction_group[g] != g)
        continue;
      for (int pass = 0; pass < 2 && !lossy; pass++)
        for (guint j = g; j < sys->n_parts; j++)
          {
            const SwPart *q = &sys->parts[j];
            double *lambda = &eq->lambda[q->first_row + q->n_rows - 1];

            if (sys->friction_group[j] != g || eq->mode[j] != SW_FRICTION_STUCK)
              continue;
            q->kind->friction->limits (q, &state, &tau0, &tau0_max, &engaged);
            /* A lossy part's limit follows the torque it transmits (its
             * static one is 0), and a one-way clutch or a part at a hard
             * stop holds anything one way (two freewheels back to back
             * lock both ways): a split in proportion to the static limits
             * ran them past those, while the joint decision found the
             * group held. The loops' least norm within the limits shares
             * then, with the joint decision's scales
             * (sw-friction-loops.c). */
            lossy = lossy || q->kind->friction->loss != NULL || _sw_lock_loops_unbounded (sys->lock_loops, j);
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



/* After sw_equations_complete (): what part i's mode machine reads. */
void
_sw_friction_read_contact (SwFrictionRun *run, guint i, double t, Contact *c)
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



static double
switching_value (gint8 mode, const Contact *c, double band, gboolean one_way, gint8 quadrant)
{
  /* A freewheel holds any backward torque. */
  if (one_way && mode == SW_FRICTION_STUCK)
    return c->tau_hi - c->tau;
  switch (mode)
    {
    case SW_FRICTION_FORWARD:
      return MIN (MIN (MIN (c->w - c->w_stick + band, c->engaged), c->room_forward), _sw_friction_quadrant_value (c, quadrant));
    case SW_FRICTION_BACKWARD:
      return MIN (MIN (MIN (-c->w - c->w_stick + band, c->engaged), c->room_backward),
                  _sw_friction_quadrant_value (c, quadrant));
    case SW_FRICTION_STUCK:
      /* Held by a hard stop, it leaves only away from it. */
      if (c->room_forward <= _sw_friction_stop_tolerance (c))
        return MIN (c->tau - c->tau_lo, c->engaged);
      if (c->room_backward <= _sw_friction_stop_tolerance (c))
        return MIN (c->tau_hi - c->tau, c->engaged);
      return MIN (MIN (c->tau_hi - c->tau, c->tau - c->tau_lo), c->engaged);
    default:
      /* Free: until the normal force comes back. */
      return c->free ? -c->engaged : -1;
    }
}

/* The switching functions at (t, y) into g. */
gboolean
_sw_friction_switching (SwFrictionRun *run, double t, const double *y, double *g)
{
  /* A step ends at a time event with the signals' left limits: what
   * happens at the event itself is for the event. */
  if (!_sw_equations_complete_for_switching (run->eq, t, y, t >= run->eq->left_from))
    return FALSE;
  for (guint k = 0; k < run->n; k++)
    {
      Contact c;

      _sw_friction_read_contact (run, run->parts[k], t, &c);
      if (fabs (c.w) > 10 * run->band[k])
        run->band[k] = 0;
      /* Out of its stick band after a break-away: the band holds again. */
      if (run->leaving[run->parts[k]] && c.w_stick == 0 && _sw_friction_stick_speed (run, run->parts[k]) < fabs (c.w))
        {
          run->leaving[run->parts[k]] = FALSE;
          _sw_friction_read_contact (run, run->parts[k], t, &c);
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

gboolean
_sw_friction_equations_error (SwFrictionRun *run, GError **error)
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
  if (!_sw_friction_switching (run, t, y, run->g_trial))
    return _sw_friction_equations_error (run, error);
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
  if (!d->interp (d->data, t, d->y, d->error) || !_sw_friction_switching (run, t, d->y, run->g_trial))
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

