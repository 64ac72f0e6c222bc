/* sw-initial-values.c: initial values through the eliminated constraints.
 *
 * phi0/w0 (s0/v0) are equations on the coordinates and the states of speed
 * and acceleration sources; they propagate through gears, default to 0 in a
 * group where nothing is given, and a contradiction names both parts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-assembly-private.h"
#include "sw-equations-private.h"
#include "sw-zeros-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_permutation.h>

/* ---- Initial values ----------------------------------------------------- */

/* Unknowns: coordinates, then driver states. A node's value is
 * sum T q + sum P p + c; POSITION drivers are known, the others are states. */
/* 48 bytes (a chain has one a body). */
typedef struct {
  SwTerm *terms;     /* over unknowns; while the set is made, its start in the block */
  double  rhs;
  double  shift;     /* the parameter's value = sum of terms + shift */
  const char *param;
  guint   n_terms;
  guint   part;
  gboolean relative;  /* of one flange against another */
} InitEq;

/* preset (NULL: none): unknowns whose value is given in value[]. by_eq
 * (NULL: not wanted) receives whether an equation fixed each unknown
 * (FALSE: free, left at 0 or preset). */
static gboolean
solve_initial (SwAssembly *ctx, GArray *eqs, guint n_unknowns, double *value, const gboolean *preset,
               gboolean *by_eq, GError **error)
{
  SwSystem *sys = ctx->system;
  g_autofree gboolean *set = g_new0 (gboolean, n_unknowns);
  g_autofree int *setter = g_new (int, n_unknowns);
  g_autofree gboolean *done = g_new0 (gboolean, MAX (eqs->len, 1));
  gboolean progress = TRUE;

  for (guint u = 0; u < n_unknowns; u++)
    {
      setter[u] = -1;
      set[u] = preset != NULL && preset[u];
    }
  while (progress)
    {
      int free_eq = -1;

      progress = FALSE;
      for (guint e = 0; e < eqs->len; e++)
        {
          InitEq *eq = &g_array_index (eqs, InitEq, e);
          double sum = 0;
          int unset = -1, n_unset = 0;
          double cu = 0;

          if (done[e])
            continue;
          for (guint k = 0; k < eq->n_terms; k++)
            if (set[eq->terms[k].index])
              sum += eq->terms[k].coeff * value[eq->terms[k].index];
            else
              {
                n_unset++;
                unset = eq->terms[k].index;
                cu = eq->terms[k].coeff;
              }
          if (n_unset == 1)
            {
              value[unset] = (eq->rhs - sum) / cu;
              set[unset] = TRUE;
              setter[unset] = e;
              done[e] = TRUE;
              progress = TRUE;
            }
          else if (n_unset == 0)
            {
              if (fabs (sum - eq->rhs) > 1e-9 * (1 + fabs (eq->rhs)))
                {
                  const InitEq *other = NULL;
                  g_autofree char *msg = NULL;

                  for (guint k = 0; k < eq->n_terms && other == NULL; k++)
                    if (setter[eq->terms[k].index] >= 0)
                      other = &g_array_index (eqs, InitEq, setter[eq->terms[k].index]);
                  if (other != NULL)
                    msg = g_strdup_printf (
                        _("initial values contradict each other: %s.%s and %s.%s are linked by rigid "
                          "connections or gears and cannot both hold (%s.%s would have to be %g); "
                          "give only one of them"),
                        sys->parts[eq->part].id, eq->param, sys->parts[other->part].id, other->param,
                        sys->parts[eq->part].id, eq->param, sum + eq->shift);
                  else if (eq->relative && eq->n_terms == 0)
                    {
                      const SwKind *kind = sys->parts[eq->part].kind;
                      const char *unit = kind->params[sw_kind_find_param (kind, eq->param)].unit;

                      msg = g_strdup_printf (
                          _("initial value %s.%s = %g %s cannot hold: the flanges of %s are rigidly connected, "
                            "so it is always %g %s; leave it out"),
                          sys->parts[eq->part].id, eq->param, eq->rhs + eq->shift, unit, sys->parts[eq->part].id,
                          sum + eq->shift, unit);
                    }
                  else
                    {
                      const SwKind *kind = sys->parts[eq->part].kind;
                      const char *unit = kind->params[sw_kind_find_param (kind, eq->param)].unit;

                      msg = g_strdup_printf (
                          _("initial value %s.%s = %g %s contradicts the %g %s its rigidly connected group is "
                            "held at by a fixed flange or a prescribed motion; leave it out or make them agree"),
                          sys->parts[eq->part].id, eq->param, eq->rhs + eq->shift, unit, sum + eq->shift, unit);
                    }
                  _sw_assembly_set_error (ctx, error, SW_ERROR_CONTRADICTION, eq->part, msg);
                  return FALSE;
                }
              done[e] = TRUE;
            }
          else if (free_eq < 0)
            free_eq = e;
        }
      /* An equation with several unknowns: fix all but one at 0. */
      if (!progress && free_eq >= 0)
        {
          InitEq *eq = &g_array_index (eqs, InitEq, free_eq);
          guint left = 0;

          for (guint k = 0; k < eq->n_terms; k++)
            if (!set[eq->terms[k].index] && ++left > 1)
              {
                set[eq->terms[k].index] = TRUE;
                value[eq->terms[k].index] = 0;
                progress = TRUE;
                break;
              }
        }
    }
  if (by_eq != NULL)
    for (guint u = 0; u < n_unknowns; u++)
      by_eq[u] = setter[u] >= 0;
  return TRUE;
}

/* Terms on the same unknown added up, and those that cancel left out (the
 * two flanges of a relative value may follow the same coordinates). */
static void
merge_terms (GArray *terms)
{
  guint n = 0;

  for (guint k = 0; k < terms->len; k++)
    {
      SwTerm t = g_array_index (terms, SwTerm, k);
      gboolean merged = FALSE;

      for (guint m = 0; m < n && !merged; m++)
        if (g_array_index (terms, SwTerm, m).index == t.index)
          {
            g_array_index (terms, SwTerm, m).coeff += t.coeff;
            merged = TRUE;
          }
      if (!merged)
        g_array_index (terms, SwTerm, n++) = t;
    }
  g_array_set_size (terms, n);
  n = 0;
  for (guint k = 0; k < terms->len; k++)
    if (fabs (g_array_index (terms, SwTerm, k).coeff) > 1e-12)
      g_array_index (terms, SwTerm, n++) = g_array_index (terms, SwTerm, k);
  g_array_set_size (terms, n);
}

/* A prescribed motion's position (which 0) or speed (1) at t = 0 when the
 * motion fixes it; FALSE when it is an unknown (an integrated state). */
static gboolean
driver_start (const SwDriver *d, int which, double *value)
{
  double p, dp;

  p = sw_signal_eval (d->signal, 0, FALSE, &dp, NULL);
  switch (d->motion)
    {
    case SW_MOTION_POSITION:
      *value = which == 0 ? p : dp;
      return TRUE;
    case SW_MOTION_MOVE:
      *value = which == 0 ? p : sw_signal_eval (d->speed, 0, FALSE, NULL, NULL);
      return TRUE;
    case SW_MOTION_FILTERED_POSITION:
      /* MSL: phi = phi_ref initially, w from its start value 0. */
      *value = which == 0 ? p : 0;
      return TRUE;
    case SW_MOTION_SPEED:
    case SW_MOTION_FILTERED_SPEED:
      /* MSL: w = w_ref initially; the angle is a state. */
      *value = p;
      return which == 1;
    case SW_MOTION_ACCELERATION:
    default:
      return FALSE;
    }
}

/* The states from the unknowns' values: coordinates, then drivers. */
static void
fill_states (SwSystem *sys, const double *pos, const double *vel)
{
  for (guint j = 0; j < sys->n_coords; j++)
    {
      guint slot = sys->coord_state[j];

      switch (sys->coord_class[j])
        {
        case SW_COORD_MASSIVE:
          sys->y0[slot] = pos[j];
          sys->y0[slot + sys->n_massive] = vel[j];
          break;
        case SW_COORD_FIRST_ORDER:
          sys->y0[slot] = pos[j];
          break;
        case SW_COORD_ALGEBRAIC:
          sys->q_guess[j] = pos[j];
          break;
        }
    }
  for (guint k = 0; k < sys->n_drivers; k++)
    {
      const SwDriver *d = &sys->drivers[k];
      double known;

      if (d->motion == SW_MOTION_SPEED)
        sys->y0[d->state] = pos[sys->n_coords + k];
      else if (_sw_driver_n_states (d) == 2)
        {
          sys->y0[d->state] = driver_start (d, 0, &known) ? known : pos[sys->n_coords + k];
          sys->y0[d->state + 1] = driver_start (d, 1, &known) ? known : vel[sys->n_coords + k];
        }
    }
}

/* ---- Initial accelerations ---------------------------------------------- */

static gboolean
has_accelerations (GArray *more)
{
  for (guint k = 0; k < more->len; k++)
    if (g_array_index (more, InitialMore, k).has_a0)
      return TRUE;
  return FALSE;
}

/* An initial acceleration condition: a0 of node (against node_a). */
typedef struct {
  guint       part;
  guint       node;
  int         node_a;
  double      a0;
  const char *a_name;
} Condition;

/* The unknown's position is a state (or an algebraic coordinate's, which
 * the equations solve anyway, so it is no unknown of its own). */
static gboolean
is_free_position (const SwSystem *sys, guint u)
{
  const SwDriver *d = u >= sys->n_coords ? &sys->drivers[u - sys->n_coords] : NULL;
  double known;

  if (d == NULL)
    return sys->coord_class[u] != SW_COORD_ALGEBRAIC;
  /* A driver's angle is free when it integrates one the motion does not
   * fix (a speed source's, not a filtered position's). */
  return _sw_driver_n_states (d) > 0 && !driver_start (d, 0, &known);
}

/* "inertia1.a_start, inertia2.a_start" for the conditions in list (all
 * when NULL). */
static char *
describe_conditions (const SwSystem *sys, const Condition *cond, guint n, const gboolean *list)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < n; k++)
    if (list == NULL || list[k])
      g_string_append_printf (s, "%s%s.%s", s->len > 0 ? ", " : "", sys->parts[cond[k].part].id, cond[k].a_name);
  return g_string_free (s, FALSE);
}

typedef struct {
  SwAssembly        *ctx;
  SwEquations       *eq;
  GArray            *pos_eqs;
  const Condition   *cond;
  guint              n_cond;
  guint              nu;
  guint             *free_u;    /* the unknowns solved for */
  guint              n_free;
  gboolean          *preset;    /* per unknown */
  double            *pos, *vel;
} AccelSolve;

/* The conditions' residuals with the free unknowns at z: the positions
 * through the position equations, the states, one evaluation. */
static gboolean
accel_residual (AccelSolve *as, const double *z, double *res, GError **error)
{
  SwSystem *sys = as->ctx->system;

  for (guint i = 0; i < as->n_free; i++)
    as->pos[as->free_u[i]] = z[i];
  if (!solve_initial (as->ctx, as->pos_eqs, as->nu, as->pos, as->preset, NULL, error))
    return FALSE;
  fill_states (sys, as->pos, as->vel);
  if (!sw_equations_complete (as->eq, 0, sys->y0, FALSE))
    {
      g_set_error_literal (error, SW_ERROR, as->eq->error->code, as->eq->error->message);
      return FALSE;
    }
  /* A relative acceleration (a_rel) is of node against node_a. */
  for (guint k = 0; k < as->n_cond; k++)
    res[k] = as->eq->a[as->cond[k].node] - (as->cond[k].node_a >= 0 ? as->eq->a[as->cond[k].node_a] : 0)
             - as->cond[k].a0;
  return TRUE;
}

/* The Jacobian of the residuals by the unknowns in cols (n_cond x n), by
 * central differences. */
static gboolean
accel_jacobian (AccelSolve *as, double *z, const guint *cols, guint n, gsl_matrix *jac, GError **error)
{
  g_autofree double *rp = g_new (double, as->n_cond), *rm = g_new (double, as->n_cond);

  for (guint c = 0; c < n; c++)
    {
      double z0 = z[cols[c]], h = 1e-6 * (1 + fabs (z0));

      z[cols[c]] = z0 + h;
      if (!accel_residual (as, z, rp, error))
        return FALSE;
      z[cols[c]] = z0 - h;
      if (!accel_residual (as, z, rm, error))
        return FALSE;
      z[cols[c]] = z0;
      for (guint k = 0; k < as->n_cond; k++)
        gsl_matrix_set (jac, k, c, (rp[k] - rm[k]) / (2 * h));
    }
  return TRUE;
}

/* Modelica's a(start, fixed = true): the positions nothing else fixes
 * (free: left at 0 by the position equations) are solved so that each
 * node with an initial acceleration has it. Linear models: one Newton
 * step and one evaluation to confirm it. With more free positions than
 * conditions, those the conditions depend on most (pivoted QR) are
 * solved, the others stay. */
static gboolean
initial_accelerations (SwAssembly *ctx, GArray *initials, GArray *more, GArray *pos_eqs, const gboolean *by_eq, double *pos,
                       double *vel, GError **error)
{
  SwSystem *sys = ctx->system;
  guint nu = sys->n_coords + sys->n_drivers;
  g_autoptr (SwEquations) eq = sw_equations_new (sys);
  g_autofree Condition *cond = g_new (Condition, MAX (more->len, 1));
  g_autofree guint *free_u = g_new (guint, MAX (nu, 1));
  g_autofree gboolean *preset = g_new0 (gboolean, MAX (nu, 1));
  g_autofree double *z = NULL, *res = NULL, *step = NULL;
  g_autofree gboolean *stuck = NULL;
  g_autofree guint *cols = NULL;
  g_autofree char *names = NULL;
  g_autofree char *msg = NULL;
  AccelSolve as = { ctx, eq, pos_eqs, cond, 0, nu, free_u, 0, preset, pos, vel };
  gsl_matrix *jac = NULL;
  gsl_vector *tau = NULL;
  gsl_permutation *perm = NULL;
  double scale = 1, jscale = 0;
  guint n, rank = 0;
  int signum;
  gboolean ok = FALSE;

  for (guint k = 0; k < initials->len; k++)
    {
      const Initial *in = &g_array_index (initials, Initial, k);
      const InitialMore *m = in->more > 0 ? &g_array_index (more, InitialMore, in->more - 1) : NULL;

      if (m != NULL && m->has_a0)
        {
          cond[as.n_cond++] = (Condition) { in->part, in->node, in->node_a, m->a0, m->a_name };
          scale = MAX (scale, fabs (m->a0));
        }
    }
  for (guint u = 0; u < nu; u++)
    if (!by_eq[u] && is_free_position (sys, u))
      {
        free_u[as.n_free++] = u;
        preset[u] = TRUE;
      }
  names = describe_conditions (sys, cond, as.n_cond, NULL);
  if (as.n_cond > as.n_free)
    {
      msg = g_strdup_printf (
          _("initial accelerations %s cannot all hold: they are %u conditions on %u initial positions left free "
            "(positions given or held by fixed flanges and prescribed motions are not free); leave some out or "
            "leave positions free"),
          names, as.n_cond, as.n_free);
      _sw_assembly_set_error (ctx, error, SW_ERROR_CONTRADICTION, cond[0].part, msg);
      return FALSE;
    }
  n = as.n_cond;
  z = g_new (double, as.n_free);
  res = g_new (double, n);
  step = g_new (double, as.n_free);
  stuck = g_new0 (gboolean, n);
  cols = g_new (guint, as.n_free);
  for (guint i = 0; i < as.n_free; i++)
    {
      z[i] = pos[free_u[i]];
      cols[i] = i;
    }

  /* Which free positions to solve: the columns of a pivoted QR of the
   * whole Jacobian, as many as it has rank. */
  jac = gsl_matrix_alloc (n, as.n_free);
  tau = gsl_vector_alloc (MIN (n, as.n_free));
  perm = gsl_permutation_alloc (as.n_free);
  if (!accel_residual (&as, z, res, error) || !accel_jacobian (&as, z, cols, as.n_free, jac, error))
    goto out;
  {
    gsl_vector *norm = gsl_vector_alloc (as.n_free);
    double top;

    for (guint k = 0; k < n; k++)
      for (guint i = 0; i < as.n_free; i++)
        jscale = MAX (jscale, fabs (gsl_matrix_get (jac, k, i)));
    for (guint k = 0; k < n; k++)
      {
        double row = 0;

        for (guint i = 0; i < as.n_free; i++)
          row = MAX (row, fabs (gsl_matrix_get (jac, k, i)));
        stuck[k] = row <= 1e-12 * jscale;
      }
    gsl_linalg_QRPT_decomp (jac, tau, perm, &signum, norm);
    gsl_vector_free (norm);
    top = fabs (gsl_matrix_get (jac, 0, 0));
    while (rank < n && fabs (gsl_matrix_get (jac, rank, rank)) > 1e-10 * top)
      rank++;
  }
  if (rank < n)
    {
      gboolean any_stuck = FALSE;

      for (guint k = 0; k < n; k++)
        any_stuck = any_stuck || stuck[k];
      g_free (names);
      names = describe_conditions (sys, cond, n, any_stuck ? stuck : NULL);
      msg = g_strdup_printf (
          any_stuck ? _("initial acceleration %s cannot be met: no free initial position changes it (they are all "
                        "given, held, or act elsewhere); leave it out")
                    : _("initial accelerations %s cannot be met together: the free initial positions change them "
                        "only in fixed proportions (a singular system); leave some out"),
          names);
      _sw_assembly_set_error (ctx, error, SW_ERROR_SINGULAR, cond[0].part, msg);
      goto out;
    }
  for (guint i = 0; i < n; i++)
    cols[i] = gsl_permutation_get (perm, i);
  gsl_matrix_free (jac);
  jac = gsl_matrix_alloc (n, n);
  gsl_permutation_free (perm);
  perm = gsl_permutation_alloc (n);

  /* Newton on the chosen columns, until the steps reach round-off (a
   * linear model: the second step); the residual must then be small
   * against the forces (the stiffness times the positions). */
  for (guint iter = 0; iter < 50; iter++)
    {
      double worst = 0, zmax = 0, largest = 0, before = 0;
      gsl_vector_view r = gsl_vector_view_array (res, n), x = gsl_vector_view_array (step, n);

      for (guint i = 0; i < as.n_free; i++)
        zmax = MAX (zmax, fabs (z[i]));
      if (!accel_jacobian (&as, z, cols, n, jac, error))
        goto out;
      if (gsl_linalg_LU_decomp (jac, perm, &signum) != GSL_SUCCESS
          || fabs (gsl_linalg_LU_det (jac, signum)) == 0
          || gsl_linalg_LU_solve (jac, perm, &r.vector, &x.vector) != GSL_SUCCESS)
        break;
      /* Halved until the residual falls (a law whose slope vanishes at
       * the start, a cubic spring at rest, takes a huge first step). */
      for (guint k = 0; k < n; k++)
        before = MAX (before, fabs (res[k]));
      for (guint halving = 0; halving < 80; halving++)
        {
          for (guint i = 0; i < n; i++)
            z[cols[i]] -= step[i];
          if (!accel_residual (&as, z, res, error))
            goto out;
          worst = 0;
          for (guint k = 0; k < n; k++)
            worst = MAX (worst, fabs (res[k]));
          if (worst < before || halving == 79)
            break;
          for (guint i = 0; i < n; i++)
            {
              z[cols[i]] += step[i];
              step[i] /= 2;
            }
        }
      for (guint i = 0; i < n; i++)
        largest = MAX (largest, fabs (step[i]));
      if (largest <= 1e-13 * (1 + zmax) || worst == 0)
        {
          ok = worst <= 1e-8 * (scale + jscale * (1 + zmax));
          break;
        }
    }
  if (ok)
    goto out;
  msg = g_strdup_printf (_("initial accelerations %s: the initial positions that would give them were not found "
                           "(Newton's iteration did not converge); leave them out or give the positions"),
                         names);
  _sw_assembly_set_error (ctx, error, SW_ERROR_NOT_CONVERGED, cond[0].part, msg);

out:
  if (jac != NULL)
    gsl_matrix_free (jac);
  if (tau != NULL)
    gsl_vector_free (tau);
  if (perm != NULL)
    gsl_permutation_free (perm);
  return ok;
}

/* The equations of the given positions (which 0) or speeds (1), their
 * terms in one block (*block, freed by the caller): one allocation, not
 * one an equation (a 100 000-body chain's were 200 000). */
static GArray *
initial_equations (const SwSystem *sys, GArray *initials, GArray *more, int which, SwTerm **block)
{
  /* Sized once: a growing array of 100 000 bodies' equations was copied
   * as it grew, at the assembly's peak. */
  GArray *eqs = g_array_sized_new (FALSE, FALSE, sizeof (InitEq), initials->len);
  GArray *all = g_array_new (FALSE, FALSE, sizeof (SwTerm));
  /* One scratch array for an equation's terms, merged before they go into
   * the block. */
  g_autoptr (GArray) terms = g_array_new (FALSE, FALSE, sizeof (SwTerm));

  for (guint k = 0; k < initials->len; k++)
    {
      static const InitialMore none = { { NULL, NULL } };
      const Initial *in = &g_array_index (initials, Initial, k);
      const InitialMore *m = in->more > 0 ? &g_array_index (more, InitialMore, in->more - 1) : &none;
      const SwKind *kind = sys->parts[in->part].kind;
      double given = which == 0 ? in->x0 : in->v0;
      InitEq eq = { .part = in->part,
                    .param = m->names[which] != NULL ? m->names[which] : kind->params[1 + which].name,
                    .relative = in->node_a >= 0 || m->n_comb > 0 };

      if (isnan (given))
        continue;
      g_array_set_size (terms, 0);
      eq.rhs = given;
      /* The node, less node_a for a relative value; or a combination of
       * nodes. */
      for (int side = 0; side < (m->n_comb > 0 ? (int) m->n_comb : in->node_a >= 0 ? 2 : 1); side++)
        {
          guint i = m->n_comb > 0 ? m->comb_node[side] : side == 0 ? in->node : (guint) in->node_a;
          double sign = m->n_comb > 0 ? m->comb_coeff[side] : side == 0 ? 1 : -1;

          eq.rhs -= which == 0 ? sign * sys->x_const[i] : 0;
          for (guint t = sys->t_start[i]; t < sys->t_start[i + 1]; t++)
            g_array_append_val (terms, ((SwTerm) { sys->t_terms[t].index, sign * sys->t_terms[t].coeff }));
          for (guint t = sys->p_start[i]; t < sys->p_start[i + 1]; t++)
            {
              const SwDriver *d = &sys->drivers[sys->p_terms[t].index];
              SwTerm u = { sys->n_coords + sys->p_terms[t].index, sign * sys->p_terms[t].coeff };
              double known;

              if (driver_start (d, which, &known))
                eq.rhs -= u.coeff * known;
              else
                g_array_append_val (terms, u);
            }
        }
      merge_terms (terms);
      eq.shift = given - eq.rhs - (which == 0 ? in->x0_shift : 0);
      eq.n_terms = terms->len;
      eq.terms = GSIZE_TO_POINTER ((gsize) all->len);
      g_array_append_vals (all, terms->data, terms->len);
      g_array_append_val (eqs, eq);
    }
  /* The block no longer moves: the equations point into it. (Never NULL:
   * an empty array's data may be, and NULL + 0 is undefined; taken from
   * the array at its length, not copied.) */
  if (all->len == 0)
    g_array_set_size (all, 1);
  {
    gsize n = all->len;

    *block = g_renew (SwTerm, (SwTerm *) (void *) g_array_free (all, FALSE), n);
  }
  for (guint e = 0; e < eqs->len; e++)
    {
      InitEq *eq = &g_array_index (eqs, InitEq, e);

      eq->terms = *block + GPOINTER_TO_SIZE (eq->terms);
    }
  return eqs;
}

gboolean
_sw_assembly_initial_values (SwAssembly *ctx, GArray *initials, GArray *more, GError **error)
{
  SwSystem *sys = ctx->system;
  guint nu = sys->n_coords + sys->n_drivers;
  g_autofree double *pos = g_new0 (double, nu);
  g_autofree double *vel = g_new0 (double, nu);
  g_autofree gboolean *by_eq = g_new0 (gboolean, nu);
  g_autofree SwTerm *pos_terms = NULL;
  g_autofree SwTerm *vel_terms = NULL;
  g_autoptr (GArray) pos_eqs = NULL;
  g_autoptr (GArray) vel_eqs = NULL;
  gboolean ok;

  sys->y0 = g_new0 (double, MAX (sys->n_states, 1));
  /* Written for algebraic coordinates alone. */
  sys->q_guess = _sw_zeros (double, MAX (sys->n_coords, 1));
  /* The speeds' equations made once the positions are solved: the two
   * sets are never in memory together unless accelerations are given. */
  pos_eqs = initial_equations (sys, initials, more, 0, &pos_terms);
  ok = solve_initial (ctx, pos_eqs, nu, pos, NULL, by_eq, error);
  if (ok && !has_accelerations (more))
    {
      g_clear_pointer (&pos_eqs, g_array_unref);
      g_clear_pointer (&pos_terms, g_free);
    }
  if (ok)
    {
      vel_eqs = initial_equations (sys, initials, more, 1, &vel_terms);
      ok = solve_initial (ctx, vel_eqs, nu, vel, NULL, NULL, error);
      g_clear_pointer (&vel_eqs, g_array_unref);
      g_clear_pointer (&vel_terms, g_free);
    }
  if (ok)
    fill_states (sys, pos, vel);
  if (ok && has_accelerations (more))
    ok = initial_accelerations (ctx, initials, more, pos_eqs, by_eq, pos, vel, error);
  return ok;
}
