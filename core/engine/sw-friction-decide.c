/* sw-friction-decide.c: the modes of the friction parts at relative speed
 * 0 decided together, at an event (sw-friction-private.h).
 *
 * Each candidate (a part stuck, or arriving at or engaged at speed 0) has
 * an unknown torque lambda_k between its friction ports and a relative
 * acceleration a = W lambda + a0. W, a0 and, for lossy parts, the
 * transmitted torque T = H lambda + T0 come from the unlocked system with
 * the candidates' own friction replaced by probe torques
 * (SW_FRICTION_PROBE): one evaluation at lambda = 0 and one per candidate.
 * Then the assignments of the modes (stuck: a_k = 0 within the static
 * limits, unbounded toward a hard stop it rests against, a one-way
 * clutch's backward and both ways for a latch; forward or backward (not into a stop it rests
 * against, a one-way clutch forward only): lambda_k the torque of sliding
 * at speed 0,
 * a_k pointing that way; lossy ones also in one of their quadrants) are
 * tried with as few parts sliding as possible first, in the order of the
 * parts (ids): the first consistent one is the answer. That is Modelica's
 * rule (a stuck part breaks away only when it cannot hold), it terminates,
 * and it does not depend on the order of the file. Where the torques are
 * not unique (stuck parts in series or in parallel), the linear solve
 * takes the least-squares solution of least norm in torques scaled by
 * each part's static limit, so parallel parts share in proportion to their
 * limits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-friction-private.h"

#include <math.h>
#include <string.h>
#include <gsl/gsl_linalg.h>

/* More candidates than this, or a search that has not found its answer
 * after WORK_BUDGET (the number of checks times n^3, the cost of each one's
 * decomposition: 3^10 checks of 10 candidates, the worst case it must
 * take), and the caller iterates instead. The search tries the fewest
 * parts sliding first, so a long shaft line at rest with a few parts
 * breaking away is decided here whatever the number of its bearings. */
#define MAX_CANDIDATES 64
#define WORK_BUDGET    (59049.0 * 1000.0)

struct _SwFrictionDecide {
  const SwSystem *base;
  SwEquations    *eq;
  double          t;         /* the event's */
};

typedef struct {
  guint  part;
  /* Parts in parallel (the same relative motion, SwSystem.friction_group)
   * slide or stick together: the first candidate of the group (-1: this
   * one) and the sense relative to it. */
  int    follows;
  gint8  sign;
  gboolean lossy;
  /* A one-way clutch: its freewheel holds any torque backward (no lower
   * limit stuck) and it slides forward only; a part at a hard stop the
   * same toward the stop. SW_BLOCKED_* bits. */
  gboolean one_way;
  guint8 blocked;
  double scale;              /* the static limit, for the least-norm split */
  double tau0, tau0_max;     /* plain: sliding at speed 0, the static limit */
  double a_zero;             /* a relative acceleration this small is 0 */
  double a0, T0, bearing;    /* at lambda = 0 */
} Candidate;

SwFrictionDecide *
_sw_friction_decide_new (const SwSystem *base)
{
  SwFrictionDecide *d = g_new0 (SwFrictionDecide, 1);

  d->base = base;
  d->eq = sw_equations_new (base);
  return d;
}

void
_sw_friction_decide_free (SwFrictionDecide *d)
{
  if (d == NULL)
    return;
  sw_equations_free (d->eq);
  g_free (d);
}

/* Whether part i's relative motion is over massive coordinates only (a
 * relative acceleration is then a state's, and W is meaningful). */
static gboolean
over_massive (const SwSystem *sys, const SwPart *p)
{
  guint nodes[2] = { p->node[p->kind->friction->port_a], p->node[p->kind->friction->port_b] };

  for (guint e = 0; e < 2; e++)
    for (guint k = sys->t_start[nodes[e]]; k < sys->t_start[nodes[e] + 1]; k++)
      if (sys->coord_class[sys->t_terms[k].index] != SW_COORD_MASSIVE)
        return FALSE;
  return TRUE;
}

gboolean
_sw_friction_decide_supports (const SwSystem *base, guint part)
{
  const SwPart *p = &base->parts[part];
  const SwFrictionDesc *f = p->kind->friction;

  return f != NULL && over_massive (base, p);
}

/* The relative accelerations and, for lossy parts, the transmitted torques
 * at the probe torques lambda. */
static gboolean
probe (SwFrictionDecide *d, double t, const double *y, Candidate *c, guint n, const double *lambda, double *a,
       double *T)
{
  SwEquations *eq = d->eq;
  SwState state;

  for (guint k = 0; k < n; k++)
    eq->loss[c[k].part] = lambda[k];
  if (!sw_equations_complete (eq, t, y, t >= eq->left_from))
    return FALSE;
  sw_equations_get_state (eq, t, t >= eq->left_from, &state);
  for (guint k = 0; k < n; k++)
    {
      const SwPart *p = &d->base->parts[c[k].part];
      const SwFrictionDesc *f = p->kind->friction;
      guint na = p->node[f->port_a], nb = p->node[f->port_b];

      a[k] = eq->a[nb] - eq->a[na];
      T[k] = c[k].lossy ? f->transmitted (p, &state) : 0;
      c[k].a_zero = MAX (c[k].a_zero, 1e-9 * MAX (fabs (eq->a[na]) + fabs (eq->a[nb]), 1));
    }
  return TRUE;
}

/* A lossy part's friction torque alpha + beta tau_t in direction dir with
 * the driving side positive or not. */
static void
lossy_law (SwFrictionDecide *d, const Candidate *c, int dir, gboolean positive, double *alpha, double *beta)
{
  const SwPart *p = &d->base->parts[c->part];
  SwState state;

  sw_equations_get_state (d->eq, d->t, d->t >= d->eq->left_from, &state);
  p->kind->friction->loss (p, &state, dir, positive, alpha, beta);
}

typedef struct {
  SwFrictionDecide *d;
  Candidate *c;
  guint      n;
  double    *W, *H;          /* n x n, row-major: d a_k / d lambda_j, d T_k / d lambda_j */
  /* The assignment: per candidate 0 stuck, +-1 sliding; lossy sliding
   * ones in quadrant q (+-1). */
  gint8     *mode, *quadrant;
  /* Scratch. */
  gsl_matrix *A, *V;
  gsl_vector *b, *x, *s, *work;
  double    *lambda, *acc, *tau_t;
  double     spent;          /* on checks, against WORK_BUDGET */
} Problem;

/* Whether candidate c may be in mode (0 stuck, +-1 sliding). */
static inline gboolean
direction_open (const Candidate *c, int mode)
{
  return !(mode > 0 && (c->blocked & SW_BLOCKED_FORWARD)) && !(mode < 0 && (c->blocked & SW_BLOCKED_BACKWARD));
}

/* The torques of the assignment (FALSE: none, the equations contradict
 * each other), then whether they are consistent with it. */
static gboolean
consistent (Problem *pb)
{
  guint n = pb->n;
  double smax = 0;

  for (guint k = 0; k < n; k++)
    if (pb->c[k].follows >= 0)
      {
        pb->mode[k] = (gint8) (pb->c[k].sign * pb->mode[pb->c[k].follows]);
        pb->quadrant[k] = pb->quadrant[pb->c[k].follows];
      }
  for (guint k = 0; k < n; k++)
    if (!direction_open (&pb->c[k], pb->mode[k]))
      return FALSE;
  for (guint k = 0; k < n; k++)
    {
      const Candidate *c = &pb->c[k];
      double rhs;

      for (guint j = 0; j < n; j++)
        gsl_matrix_set (pb->A, k, j, 0);
      if (pb->mode[k] == 0)
        {
          /* a_k = 0 */
          for (guint j = 0; j < n; j++)
            gsl_matrix_set (pb->A, k, j, pb->W[k * n + j] * pb->c[j].scale);
          rhs = -c->a0;
          /* Rows of accelerations and of torques on one scale. */
          {
            double row = 0;

            for (guint j = 0; j < n; j++)
              row = MAX (row, fabs (gsl_matrix_get (pb->A, k, j)));
            if (row > 0)
              {
                for (guint j = 0; j < n; j++)
                  gsl_matrix_set (pb->A, k, j, gsl_matrix_get (pb->A, k, j) / row);
                rhs /= row;
              }
          }
        }
      else if (!c->lossy)
        {
          gsl_matrix_set (pb->A, k, k, c->scale);
          rhs = pb->mode[k] * c->tau0;
        }
      else
        {
          double alpha, beta;

          /* lambda = alpha + beta (T0 + H lambda + lambda) */
          lossy_law (pb->d, c, pb->mode[k], pb->quadrant[k] > 0, &alpha, &beta);
          for (guint j = 0; j < n; j++)
            gsl_matrix_set (pb->A, k, j, (-beta * pb->H[k * n + j] + (j == k) * (1 - beta)) * pb->c[j].scale);
          rhs = alpha + beta * c->T0;
        }
      gsl_vector_set (pb->b, k, rhs);
    }
  /* Least squares of least norm: redundant locks share. */
  if (gsl_linalg_SV_decomp (pb->A, pb->V, pb->s, pb->work) != GSL_SUCCESS)
    return FALSE;
  smax = gsl_vector_get (pb->s, 0);
  for (guint k = 0; k < n; k++)
    if (gsl_vector_get (pb->s, k) <= 1e-10 * smax)
      gsl_vector_set (pb->s, k, 0);
  if (gsl_linalg_SV_solve (pb->A, pb->V, pb->s, pb->b, pb->x) != GSL_SUCCESS)
    return FALSE;
  for (guint k = 0; k < n; k++)
    pb->lambda[k] = gsl_vector_get (pb->x, k) * pb->c[k].scale;
  for (guint k = 0; k < n; k++)
    {
      pb->acc[k] = pb->c[k].a0;
      pb->tau_t[k] = pb->c[k].T0 + pb->lambda[k];
      for (guint j = 0; j < n; j++)
        {
          pb->acc[k] += pb->W[k * n + j] * pb->lambda[j];
          pb->tau_t[k] += pb->H[k * n + j] * pb->lambda[j];
        }
    }
  for (guint k = 0; k < n; k++)
    {
      const Candidate *c = &pb->c[k];
      double tol = 1e-9 * (c->scale + fabs (pb->lambda[k]) + fabs (pb->tau_t[k])) + 1e-12;

      if (pb->mode[k] == 0)
        {
          double lo = c->blocked & SW_BLOCKED_BACKWARD ? -INFINITY : -c->tau0_max;
          double hi = c->blocked & SW_BLOCKED_FORWARD ? INFINITY : c->tau0_max;

          /* Stuck: held (the accelerations' equation was solvable). */
          if (fabs (pb->acc[k]) > 1e3 * c->a_zero)
            return FALSE;
          if (c->lossy)
            {
              double alpha, beta;

              lossy_law (pb->d, c, 1, pb->tau_t[k] - c->bearing > 0, &alpha, &beta);
              hi = alpha + beta * pb->tau_t[k];
              lossy_law (pb->d, c, -1, pb->tau_t[k] + c->bearing > 0, &alpha, &beta);
              lo = alpha + beta * pb->tau_t[k];
            }
          /* Strictly, as the switching functions that located the event. */
          if (pb->lambda[k] > hi || pb->lambda[k] < lo)
            return FALSE;
        }
      else
        {
          if (pb->mode[k] * pb->acc[k] < -c->a_zero)
            return FALSE;
          if (c->lossy && pb->quadrant[k] * (pb->tau_t[k] - pb->mode[k] * c->bearing) < -tol)
            return FALSE;
        }
    }
  return TRUE;
}

/* Every assignment with exactly k groups sliding among candidates
 * from..n-1, the first consistent one (TRUE) in the order of the parts:
 * sliding forward before backward, quadrants + before -. */
static gboolean
search (Problem *pb, guint from, guint k)
{
  if (pb->spent > WORK_BUDGET)
    return FALSE;
  if (k == 0)
    {
      pb->spent += (double) pb->n * pb->n * pb->n;
      return consistent (pb);
    }
  for (guint i = from; i < pb->n; i++)
    for (int dir = 1; dir >= -1 && pb->c[i].follows < 0; dir -= 2)
      for (int q = 1; q >= (pb->c[i].lossy ? -1 : 1) && direction_open (&pb->c[i], dir); q -= 2)
        {
          pb->mode[i] = (gint8) dir;
          pb->quadrant[i] = (gint8) q;
          if (search (pb, i + 1, k - 1))
            return TRUE;
          pb->mode[i] = 0;
          pb->quadrant[i] = 1;
        }
  return FALSE;
}

gboolean
_sw_friction_decide (SwFrictionDecide *d, double t, const double *y, const SwEquations *from, const guint *parts,
                     const guint8 *blocked, guint n, gint8 *modes, gint8 *quadrants)
{
  const SwSystem *sys = d->base;
  SwEquations *eq = d->eq;
  g_autofree Candidate *c = NULL;
  g_autofree double *zero = NULL, *a = NULL, *T = NULL, *W = NULL, *H = NULL;
  g_autofree gint8 *mode = NULL, *quadrant = NULL;
  g_autofree double *lambda = NULL, *acc = NULL, *tau_t = NULL;
  Problem pb;
  SwState state;
  gboolean found = FALSE;

  if (n == 0 || n > MAX_CANDIDATES)
    return FALSE;
  d->t = t;
  _sw_equations_copy_modes (eq, from);
  eq->left_from = from->left_from;
  eq->event_end = from->event_end;
  c = g_new0 (Candidate, n);
  for (guint k = 0; k < n; k++)
    {
      c[k].part = parts[k];
      c[k].follows = -1;
      c[k].sign = 1;
      for (guint j = 0; j < k && sys->friction_group != NULL && c[k].follows < 0; j++)
        if (c[j].follows < 0 && sys->friction_group[parts[j]] == sys->friction_group[parts[k]])
          {
            c[k].follows = (int) j;
            c[k].sign = (gint8) (sys->friction_sign[parts[j]] * sys->friction_sign[parts[k]]);
          }
      c[k].lossy = sys->parts[parts[k]].kind->friction->loss != NULL;
      c[k].one_way = sys->parts[parts[k]].kind->friction->one_way;
      c[k].blocked = blocked[k] | (c[k].one_way ? SW_BLOCKED_BACKWARD : 0);
      eq->mode[parts[k]] = SW_FRICTION_PROBE;
    }
  eq->n_probes = n;
  zero = g_new0 (double, n);
  a = g_new (double, n);
  T = g_new (double, n);
  W = g_new (double, n * n);
  H = g_new (double, n * n);
  if (!probe (d, t, y, c, n, zero, a, T))
    goto out;
  sw_equations_get_state (eq, t, t >= eq->left_from, &state);
  for (guint k = 0; k < n; k++)
    {
      const SwPart *p = &sys->parts[c[k].part];
      double engaged;

      c[k].a0 = a[k];
      c[k].T0 = T[k];
      p->kind->friction->limits (p, &state, &c[k].tau0, &c[k].tau0_max, &engaged);
      /* A latch at its limit or latched holds whatever comes, both ways,
       * for good: a stop on both sides, probed like one. */
      if (p->kind->friction->latches)
        c[k].blocked = SW_BLOCKED_FORWARD | SW_BLOCKED_BACKWARD;
      else if (!(c[k].tau0_max < 1e300))
        goto out;
      c[k].bearing = c[k].lossy && p->kind->friction->bearing != NULL ? p->kind->friction->bearing (p, &state) : 0;
      /* (A one-way clutch's limit is tiny when its clutch is open, a stop's
       * friction may be none: probe them with a torque of 1 at least,
       * whose effect is above round-off.) */
      c[k].scale = p->kind->friction->latches ? 1
                   : c[k].blocked != 0 ? MAX (c[k].tau0_max, 1) : MAX (c[k].tau0_max, 1e-300);
      if (c[k].lossy)
        {
          double alpha, beta;

          lossy_law (d, &c[k], 1, TRUE, &alpha, &beta);
          c[k].scale = MAX (fabs (alpha) + fabs (beta * T[k]) + fabs (T[k]), 1);
        }
    }
  /* One unit of each candidate's scale at a time: W's and H's columns. */
  for (guint j = 0; j < n; j++)
    {
      double h = c[j].scale;

      zero[j] = h;
      if (!probe (d, t, y, c, n, zero, a, T))
        goto out;
      zero[j] = 0;
      for (guint k = 0; k < n; k++)
        {
          W[k * n + j] = (a[k] - c[k].a0) / h;
          H[k * n + j] = (T[k] - c[k].T0) / h;
        }
    }
  /* A one-way clutch or a stop holds what it must: it shares redundant
   * torque as if its limit were the torque that holds it alone. */
  for (guint k = 0; k < n; k++)
    if (c[k].blocked != 0 && W[k * n + k] != 0)
      c[k].scale = MAX (c[k].scale, fabs (c[k].a0 / W[k * n + k]));
  mode = g_new0 (gint8, n);
  quadrant = g_new (gint8, n);
  memset (quadrant, 1, n);
  lambda = g_new (double, n);
  acc = g_new (double, n);
  tau_t = g_new (double, n);
  pb = (Problem) { d, c, n, W, H, mode, quadrant, gsl_matrix_alloc (n, n), gsl_matrix_alloc (n, n),
                   gsl_vector_alloc (n), gsl_vector_alloc (n), gsl_vector_alloc (n), gsl_vector_alloc (n),
                   lambda, acc, tau_t, 0 };
  for (guint k = 0; k <= n && !found && pb.spent <= WORK_BUDGET; k++)
    found = search (&pb, 0, k);
  gsl_matrix_free (pb.A);
  gsl_matrix_free (pb.V);
  gsl_vector_free (pb.b);
  gsl_vector_free (pb.x);
  gsl_vector_free (pb.s);
  gsl_vector_free (pb.work);
  if (found)
    {
      memcpy (modes, mode, n);
      memcpy (quadrants, quadrant, n);
    }
out:
  eq->n_probes = 0;
  g_clear_error (&eq->error);
  return found;
}
