/* sw-simulate-ranges.c: where a run reads a table with extrapolation
 * "none" (Modelica's NoExtrapolation) outside its points, and the instant
 * it leaves them within a step: the run stops there, as Modelica's does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-simulate-private.h"

#include <float.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include "sw-error.h"
#include "sw-integrator-private.h"

gboolean
_sw_range_read (SwRowMaker *maker, double t, const double *y, gboolean left, SwRangeRead *read, GError **error)
{
  const SwSystem *sys = maker->sys;
  SwState state;

  if (!_sw_row_maker_complete (maker, t, y, left))
    {
      g_clear_error (error);
      g_propagate_error (error, g_steal_pointer (&maker->eq->error));
      return FALSE;
    }
  sw_equations_get_state (maker->eq, t, left, &state);
  *read = (SwRangeRead) { INFINITY, NAN, NAN, NAN, 0, 0 };
  for (guint i = 0; i < sys->n_parts; i++)
    {
      const SwPart *p = &sys->parts[i];

      for (guint k = 0; k < p->kind->n_params; k++)
        {
          double x, lo, hi, m;

          if (p->signal[k] == NULL || !sw_signal_has_range (p->signal[k]))
            continue;
          sw_part_signal_in_range (p, k, &state, &x, &lo, &hi);
          m = MIN (x - lo, hi - x);
          if (isnan (m))
            m = -INFINITY;
          if (m < read->margin)
            *read = (SwRangeRead) { m, x, lo, hi, i, k };
        }
    }
  return TRUE;
}

void
_sw_range_error (const SwSystem *sys, double t, const SwRangeRead *read, GError **error)
{
  const SwPart *p = &sys->parts[read->part];

  g_clear_error (error);
  g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
               _("component “%s”: at t = %.9g s the table of its signal %s is read at %g, leaving its points "
                 "%g … %g; its extrapolation is “none” (Modelica's NoExtrapolation), which stops the run; "
                 "valid to read past the ends: extrapolation “hold” or “linear”"),
               p->id, t, p->kind->params[read->param].name, read->x, read->lo, read->hi);
}

/* Bisection halves the step until it is a few units of round-off of t. */
#define RANGE_BISECTIONS 200

/* The state at t: the step's interpolant, or (nothing integrated) y1. */
static gboolean
state_at (SwIntegrator *it, const SwSystem *sys, double t, const double *y1, double *y, GError **error)
{
  if (it != NULL)
    return it->type->interpolate (it, t, y, error);
  memcpy (y, y1, MAX (sys->n_states, 1) * sizeof (double));
  return TRUE;
}

gboolean
_sw_range_leaves (SwRowMaker *maker, SwIntegrator *it, double t0, double t1, const double *y1, double *y_leave,
                  double *t_leave, SwRangeRead *read, GError **error, GError **it_error)
{
  const SwSystem *sys = maker->sys;
  double lo = t0, hi = t1;

  *t_leave = t1;
  if (!_sw_range_read (maker, t1, y1, FALSE, read, error))
    return TRUE;
  if (read->margin >= 0)
    return FALSE;
  for (guint n = 0; n < RANGE_BISECTIONS && hi - lo > 4 * DBL_EPSILON * MAX (1, fabs (hi)); n++)
    {
      double mid = lo + (hi - lo) / 2;
      SwRangeRead at;

      if (!state_at (it, sys, mid, y1, y_leave, it_error) || !_sw_range_read (maker, mid, y_leave, FALSE, &at, error))
        return TRUE;
      if (at.margin >= 0)
        lo = mid;
      else
        hi = mid, *read = at;
    }
  *t_leave = lo;
  return TRUE;
}
