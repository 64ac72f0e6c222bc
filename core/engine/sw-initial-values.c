/* sw-initial-values.c: initial values through the eliminated constraints.
 *
 * phi0/w0 (s0/v0) are equations on the coordinates and the states of speed
 * and acceleration sources; they propagate through gears, default to 0 in a
 * group where nothing is given, and a contradiction names both parts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-assembly-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>

/* ---- Initial values ----------------------------------------------------- */

/* Unknowns: coordinates, then driver states. A node's value is
 * sum T q + sum P p + c; POSITION drivers are known, the others are states. */
typedef struct {
  guint   n_terms;
  SwTerm *terms;     /* over unknowns */
  double  rhs;
  double  shift;     /* the parameter's value = sum of terms + shift */
  guint   part;
  const char *param;
  gboolean relative;  /* of one flange against another */
} InitEq;

static gboolean
solve_initial (SwAssembly *ctx, GArray *eqs, guint n_unknowns, double *value, GError **error)
{
  SwSystem *sys = ctx->system;
  g_autofree gboolean *set = g_new0 (gboolean, n_unknowns);
  g_autofree int *setter = g_new (int, n_unknowns);
  g_autofree gboolean *done = g_new0 (gboolean, MAX (eqs->len, 1));
  gboolean progress = TRUE;

  for (guint u = 0; u < n_unknowns; u++)
    setter[u] = -1;
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

gboolean
_sw_assembly_initial_values (SwAssembly *ctx, GArray *initials, GError **error)
{
  SwSystem *sys = ctx->system;
  guint nu = sys->n_coords + sys->n_drivers;
  g_autofree double *pos = g_new0 (double, nu);
  g_autofree double *vel = g_new0 (double, nu);
  g_autoptr (GArray) pos_eqs = g_array_new (FALSE, FALSE, sizeof (InitEq));
  g_autoptr (GArray) vel_eqs = g_array_new (FALSE, FALSE, sizeof (InitEq));
  gboolean ok;

  for (guint k = 0; k < initials->len; k++)
    {
      const Initial *in = &g_array_index (initials, Initial, k);
      const SwKind *kind = sys->parts[in->part].kind;

      for (int which = 0; which < 2; which++)
        {
          double given = which == 0 ? in->x0 : in->v0;
          InitEq eq = { .part = in->part,
                        .param = in->names[which] != NULL ? in->names[which] : kind->params[1 + which].name,
                        .relative = in->node_a >= 0 };
          GArray *terms;

          if (isnan (given))
            continue;
          terms = g_array_new (FALSE, FALSE, sizeof (SwTerm));
          eq.rhs = given;
          /* The node, less node_a for a relative value. */
          for (int side = 0; side < (in->node_a >= 0 ? 2 : 1); side++)
            {
              guint i = side == 0 ? in->node : (guint) in->node_a;
              double sign = side == 0 ? 1 : -1;

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
          eq.terms = (SwTerm *) g_array_free (terms, FALSE);
          g_array_append_val (which == 0 ? pos_eqs : vel_eqs, eq);
        }
    }
  ok = solve_initial (ctx, pos_eqs, nu, pos, error) && solve_initial (ctx, vel_eqs, nu, vel, error);
  for (guint e = 0; e < pos_eqs->len; e++)
    g_free (g_array_index (pos_eqs, InitEq, e).terms);
  for (guint e = 0; e < vel_eqs->len; e++)
    g_free (g_array_index (vel_eqs, InitEq, e).terms);
  if (!ok)
    return FALSE;

  sys->y0 = g_new0 (double, MAX (sys->n_states, 1));
  sys->q_guess = g_new0 (double, MAX (sys->n_coords, 1));
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
  return TRUE;
}
