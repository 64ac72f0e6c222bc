/* sw-signal-eval.c: time signals evaluated: periods, tables, values and their
 * derivatives, inputs and the next event. The instants where a signal jumps
 * are the doubles computed at construction (sw-signal.c says how).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-signal.h"
#include "sw-signal-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "sw-error.h"
#include "sw-number.h"

/* ------------------------------------------------------------------------ */
/* Periods                                                                  */
/* ------------------------------------------------------------------------ */

/* The start of period k. Not inlined, so that the same (origin, cycle, k)
 * always gives the same double, whatever the compiler contracts elsewhere. */
G_NO_INLINE double
_sw_signal_period_start (const SwSignal *signal,
                         double          k)
{
  return signal->origin + k * signal->cycle;
}

/* Corner j of period k; j == n_corners is the start of period k + 1. */
static G_NO_INLINE double
corner_time (const SwSignal *signal,
             double          k,
             guint           j)
{
  double next = _sw_signal_period_start (signal, k + 1.0);
  double c;

  if (j >= signal->n_corners)
    return next;

  c = _sw_signal_period_start (signal, k) + signal->corners[j];
  return MIN (c, next);
}

typedef struct {
  double k;      /* period index (an integer) */
  guint  j;      /* segment: from corner j to corner j + 1 */
  double a, b;   /* the segment's start and end times */
} SwPeriodPos;

/* With left = FALSE finds the segment with a <= t < b, with left = TRUE the
 * one with a < t <= b. */
static void
periodic_locate (const SwSignal *signal,
                 double          t,
                 gboolean        left,
                 SwPeriodPos    *pos)
{
  double k = floor ((t - signal->origin) / signal->cycle);
  guint lo, hi;

  if (!isfinite (k))
    k = 0.0;

  /* The division may round across a period boundary: settle k by comparing
   * with the period starts themselves. Bounded, so that a k beyond 2^53
   * (where k + 1 == k) cannot loop forever. */
  for (guint i = 0; i < 8; i++)
    {
      double a = _sw_signal_period_start (signal, k);
      double b = _sw_signal_period_start (signal, k + 1.0);

      if (left ? a >= t : a > t)
        k -= 1.0;
      else if (left ? b < t : b <= t)
        k += 1.0;
      else
        break;
    }

  /* The last corner j with corner_time (k, j) <= t (< t from the left);
   * corner 0 qualifies by the choice of k. */
  lo = 1;
  hi = signal->n_corners;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      double c = corner_time (signal, k, mid);

      if (left ? c < t : c <= t)
        lo = mid + 1;
      else
        hi = mid;
    }

  pos->k = k;
  pos->j = lo - 1;
  pos->a = corner_time (signal, k, pos->j);
  pos->b = corner_time (signal, k, pos->j + 1);
}

/* Where t lies between a and b, 0 at a and exactly 1 at b. */
static double
segment_fraction (double a,
                  double b,
                  double t)
{
  if (t >= b)
    return 1.0;
  if (!(b > a) || t <= a)
    return 0.0;
  return (t - a) / (b - a);
}

static double
lerp (double y0,
      double y1,
      double w)
{
  if (w >= 1.0)
    return y1;
  return y0 + w * (y1 - y0);
}

/* Slope of table segment i (rows i and i + 1), 0 for a repeated time. */
double
_sw_signal_table_slope (const SwSignal *signal,
                        guint           i)
{
  double dt = signal->times[i + 1] - signal->times[i];

  if (!(dt > 0.0))
    return 0.0;
  return (signal->values[i + 1] - signal->values[i]) / dt;
}

/* y - offset and dy/dt of a periodic signal, t > start_time. */
static double
periodic_eval (const SwSignal *signal,
               double          t,
               gboolean        left,
               double         *y1)
{
  SwPeriodPos pos;
  double w;
  double a = signal->amplitude;

  *y1 = 0.0;
  periodic_locate (signal, t, left, &pos);

  if (signal->nperiod >= 0.0 && pos.k >= signal->nperiod)
    return 0.0;

  w = segment_fraction (pos.a, pos.b, t);

  switch (signal->type->kind)
    {
    case SW_SIGNAL_PULSE:
      return pos.j == 0 ? a : 0.0;

    case SW_SIGNAL_SAWTOOTH:
      *y1 = a / signal->period;
      return a * w;

    case SW_SIGNAL_TRAPEZOID:
      switch (pos.j)
        {
        case 0:
          *y1 = signal->rising > 0.0 ? a / signal->rising : 0.0;
          return a * w;
        case 1:
          return a;
        case 2:
          *y1 = signal->falling > 0.0 ? -a / signal->falling : 0.0;
          return w >= 1.0 ? 0.0 : a * (1.0 - w);
        default:
          return 0.0;
        }

    case SW_SIGNAL_TABLE:
    case SW_SIGNAL_LOOKUP:
      if (signal->interpolation == SW_INTERPOLATION_HOLD)
        return signal->values[pos.j];
      *y1 = _sw_signal_table_slope (signal, pos.j);
      return lerp (signal->values[pos.j], signal->values[pos.j + 1], w);

    case SW_SIGNAL_CONSTANT:
    case SW_SIGNAL_STEP:
    case SW_SIGNAL_RAMP:
    case SW_SIGNAL_SINE:
    case SW_SIGNAL_EXP_SINE:
    case SW_SIGNAL_SUM:
    case SW_SIGNAL_PRODUCT:
    default:
      g_assert_not_reached ();
    }

  return 0.0;
}

static gboolean
periodic_next_event (const SwSignal *signal,
                     double          t,
                     double         *t_event)
{
  SwPeriodPos pos;
  double k;
  guint j;

  if (!signal->any_corner_event)
    {
      if (signal->off_event)
        {
          double c = _sw_signal_period_start (signal, signal->nperiod);

          if (c > t)
            {
              *t_event = c;
              return TRUE;
            }
        }
      return FALSE;
    }

  periodic_locate (signal, t, FALSE, &pos);
  k = pos.k;
  j = pos.j;

  /* A full period holds an event, so this loop ends early unless the
   * signal has switched off or the arithmetic has run out of digits. */
  for (guint step = 0; step < 2 * signal->n_corners + 2; step++)
    {
      double c;

      if (++j >= signal->n_corners)
        {
          j = 0;
          k += 1.0;
        }

      if (signal->nperiod >= 0.0 && k >= signal->nperiod)
        {
          if (signal->off_event && k == signal->nperiod && j == 0)
            {
              c = _sw_signal_period_start (signal, k);
              if (c > t)
                {
                  *t_event = c;
                  return TRUE;
                }
            }
          return FALSE;
        }

      if (!signal->corner_event[j])
        continue;

      c = corner_time (signal, k, j);
      if (c > t)
        {
          *t_event = c;
          return TRUE;
        }
    }

  return FALSE;
}

/* ------------------------------------------------------------------------ */
/* Tables that are not periodic                                             */
/* ------------------------------------------------------------------------ */

/* y - offset and two derivatives from the breaks alone (start_time not
 * applied). */
double
_sw_signal_table_eval (const SwSignal *signal,
                       double          t,
                       gboolean        left,
                       double         *y1,
                       double         *y2)
{
  const double *bk = signal->breaks;
  guint n = signal->n_points;
  guint lo = 0, hi = n;
  guint i;
  double w;

  *y1 = 0.0;
  *y2 = 0.0;

  /* lo = the number of breaks before t (at or before t from the right). */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (left ? bk[mid] < t : bk[mid] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }

  if (lo == 0)
    {
      if (signal->extrapolation != SW_EXTRAPOLATION_LINEAR)
        return signal->values[0];
      *y1 = signal->slope_first;
      return t == bk[0] ? signal->values[0]
                        : signal->values[0] + signal->slope_first * (t - bk[0]);
    }

  if (lo == n)
    {
      if (signal->extrapolation != SW_EXTRAPOLATION_LINEAR)
        return signal->values[n - 1];
      *y1 = signal->slope_last;
      return t == bk[n - 1] ? signal->values[n - 1]
                            : signal->values[n - 1] + signal->slope_last * (t - bk[n - 1]);
    }

  i = lo - 1;
  if (signal->interpolation == SW_INTERPOLATION_HOLD)
    return signal->values[i];
  if (signal->slopes != NULL)
    return _sw_signal_spline_eval (signal, i, t, y1, y2);

  w = segment_fraction (bk[i], bk[i + 1], t);
  *y1 = _sw_signal_table_slope (signal, i);
  return lerp (signal->values[i], signal->values[i + 1], w);
}

static gboolean
table_next_event (const SwSignal *signal,
                  double          t,
                  double         *t_event)
{
  guint lo = 0, hi = signal->n_points;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (signal->breaks[mid] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }

  for (guint i = lo; i < signal->n_points; i++)
    if (signal->break_event[i])
      {
        *t_event = signal->breaks[i];
        return TRUE;
      }

  return FALSE;
}

/* ------------------------------------------------------------------------ */
/* Evaluation                                                               */
/* ------------------------------------------------------------------------ */

/* y - offset and two derivatives of a signal with a start time, once it has
 * started (t > start_time, or t == start_time from the right). Without
 * derivatives (forces ask for none) a sine costs one sin, not a sincos. */
static double
eval_started (const SwSignal *signal,
              double          t,
              gboolean        left,
              gboolean        derivatives,
              double         *y1,
              double         *y2)
{
  double tau = t - signal->start_time;

  *y1 = 0.0;
  *y2 = 0.0;

  switch (signal->type->kind)
    {
    case SW_SIGNAL_STEP:
      return signal->height;

    case SW_SIGNAL_RAMP:
      if (t < signal->ramp_end || (left && t == signal->ramp_end))
        {
          *y1 = signal->height / signal->duration;
          if (t == signal->ramp_end)
            return signal->height;
          return MIN (tau / signal->duration, 1.0) * signal->height;
        }
      return signal->height;

    case SW_SIGNAL_SINE:
      {
        double arg = signal->omega * tau + signal->phase;
        double s, c, a = signal->amplitude, w = signal->omega;

        if (!derivatives)
          return a * sin (arg);
        s = sin (arg), c = cos (arg);

        *y1 = a * w * c;
        *y2 = -a * w * w * s;
        return a * s;
      }

    case SW_SIGNAL_EXP_SINE:
      {
        double arg = signal->omega * tau + signal->phase;
        double s = sin (arg), c = cos (arg);
        double w = signal->omega, d = signal->damping;
        double ae = signal->amplitude * exp (-d * tau);

        *y1 = ae * (w * c - d * s);
        *y2 = ae * ((d * d - w * w) * s - 2.0 * d * w * c);
        return ae * s;
      }

    case SW_SIGNAL_PULSE:
    case SW_SIGNAL_SAWTOOTH:
    case SW_SIGNAL_TRAPEZOID:
      return periodic_eval (signal, t, left, y1);

    case SW_SIGNAL_TABLE:
      if (signal->is_periodic)
        return periodic_eval (signal, t, left, y1);
      return _sw_signal_table_eval (signal, t, left, y1, y2);

    case SW_SIGNAL_CONSTANT:
    case SW_SIGNAL_SUM:
    case SW_SIGNAL_PRODUCT:
    default:
      g_assert_not_reached ();
    }

  return 0.0;
}

/* inputs: the values of the sensor leaves (NULL: none known, NAN). */
static double
eval_full (const SwSignal *signal,
           double          t,
           gboolean        left,
           const double   *inputs,
           double         *d1,
           double         *d2)
{
  double y = 0.0, y1 = 0.0, y2 = 0.0;
  guint base = 0;

  switch (signal->type->kind)
    {
    case SW_SIGNAL_CONSTANT:
      y = signal->k;
      break;

    case SW_SIGNAL_SENSOR:
      /* A measured value has no time derivatives of its own. */
      y = inputs != NULL ? inputs[0] : NAN;
      y1 = y2 = NAN;
      break;

    case SW_SIGNAL_SUM:
      for (guint i = 0; i < signal->n_children; i++)
        {
          double c1 = 0, c2 = 0;
          const double *in = inputs != NULL ? inputs + base : NULL;

          y += d1 != NULL || d2 != NULL ? eval_full (signal->children[i], t, left, in, &c1, &c2)
                                        : eval_full (signal->children[i], t, left, in, NULL, NULL);
          y1 += c1;
          y2 += c2;
          base += signal->children[i]->n_inputs;
        }
      break;

    case SW_SIGNAL_PRODUCT:
      /* (p u)' = p' u + p u', (p u)'' = p'' u + 2 p' u' + p u''. */
      y = 1.0;
      for (guint i = 0; i < signal->n_children; i++)
        {
          double c1 = 0, c2 = 0;
          const double *in = inputs != NULL ? inputs + base : NULL;
          double u = d1 != NULL || d2 != NULL ? eval_full (signal->children[i], t, left, in, &c1, &c2)
                                              : eval_full (signal->children[i], t, left, in, NULL, NULL);
          double p2 = y2 * u + 2.0 * y1 * c1 + y * c2;
          double p1 = y1 * u + y * c1;

          y *= u;
          y1 = p1;
          y2 = p2;
          base += signal->children[i]->n_inputs;
        }
      break;

    case SW_SIGNAL_LOOKUP:
      {
        /* y = g(u): y' = g'(u) u', y'' = g''(u) u'^2 + g'(u) u''. The
         * table's own corners make no events (nor do they in Modelica's
         * CombiTable1Ds); the input's do. */
        double u1 = 0, u2 = 0, g1 = 0, g2 = 0;
        double u = d1 != NULL || d2 != NULL ? eval_full (signal->children[0], t, left, inputs, &u1, &u2)
                                            : eval_full (signal->children[0], t, left, inputs, NULL, NULL);

        y = signal->is_periodic ? periodic_eval (signal, u, left, &g1) : _sw_signal_table_eval (signal, u, left, &g1, &g2);
        y1 = g1 * u1;
        y2 = g2 * u1 * u1 + g1 * u2;
      }
      break;

    case SW_SIGNAL_STEP:
    case SW_SIGNAL_RAMP:
    case SW_SIGNAL_SINE:
    case SW_SIGNAL_EXP_SINE:
    case SW_SIGNAL_PULSE:
    case SW_SIGNAL_SAWTOOTH:
    case SW_SIGNAL_TRAPEZOID:
    case SW_SIGNAL_TABLE:
    default:
      if (t < signal->start_time || (left && t == signal->start_time))
        y = signal->offset;
      else
        y = signal->offset + eval_started (signal, t, left, d1 != NULL || d2 != NULL, &y1, &y2);
      break;
    }

  if (d1 != NULL)
    *d1 = y1;
  if (d2 != NULL)
    *d2 = y2;
  return y;
}

double
sw_signal_eval (const SwSignal *signal,
                double          t,
                gboolean        left,
                double         *d1,
                double         *d2)
{
  g_return_val_if_fail (signal != NULL, 0.0);

  return eval_full (signal, t, left, NULL, d1, d2);
}

double
sw_signal_eval_inputs (const SwSignal *signal,
                       double          t,
                       gboolean        left,
                       const double   *inputs,
                       double         *d1,
                       double         *d2)
{
  return eval_full (signal, t, left, inputs, d1, d2);
}

gboolean
sw_signal_has_range (const SwSignal *signal)
{
  g_return_val_if_fail (signal != NULL, FALSE);

  if ((signal->type->kind == SW_SIGNAL_TABLE || signal->type->kind == SW_SIGNAL_LOOKUP)
      && signal->extrapolation == SW_EXTRAPOLATION_NONE)
    return TRUE;
  for (guint i = 0; i < signal->n_children; i++)
    if (sw_signal_has_range (signal->children[i]))
      return TRUE;
  return FALSE;
}

gboolean
sw_signal_check_range (const SwSignal *signal,
                       double          t,
                       gboolean        left,
                       const double   *inputs,
                       double         *x,
                       double         *lo,
                       double         *hi)
{
  guint base = 0;

  /* The children first: a lookup's input may itself read a table. */
  for (guint i = 0; i < signal->n_children; i++)
    {
      if (!sw_signal_check_range (signal->children[i], t, left, inputs != NULL ? inputs + base : NULL, x, lo, hi))
        return FALSE;
      base += signal->children[i]->n_inputs;
    }
  if ((signal->type->kind != SW_SIGNAL_TABLE && signal->type->kind != SW_SIGNAL_LOOKUP)
      || signal->extrapolation != SW_EXTRAPOLATION_NONE || signal->n_points == 0)
    return TRUE;
  /* A lookup's grid; a time table's times after start_time, read past
   * the end only (before its start it gives its first value, as the MSL's
   * CombiTimeTable its offset). */
  *lo = signal->breaks[0];
  *hi = signal->breaks[signal->n_points - 1];
  if (signal->type->kind != SW_SIGNAL_LOOKUP)
    {
      *x = t;
      return t <= *hi;
    }
  *x = eval_full (signal->children[0], t, left, inputs, NULL, NULL);
  return *x >= *lo && *x <= *hi;
}

guint
sw_signal_get_n_inputs (const SwSignal *signal)
{
  g_return_val_if_fail (signal != NULL, 0);

  return signal->n_inputs;
}

const char *
sw_signal_get_input (const SwSignal *signal,
                     guint           index)
{
  g_return_val_if_fail (signal != NULL, NULL);
  g_return_val_if_fail (index < signal->n_inputs, NULL);

  if (signal->type->kind == SW_SIGNAL_SENSOR)
    return signal->of;
  for (guint i = 0; i < signal->n_children; i++)
    {
      if (index < signal->children[i]->n_inputs)
        return sw_signal_get_input (signal->children[i], index);
      index -= signal->children[i]->n_inputs;
    }
  g_return_val_if_reached (NULL);
}
gboolean
sw_signal_next_event (const SwSignal *signal,
                      double          t,
                      double         *t_event)
{
  double te = 0.0;
  gboolean found = FALSE;

  g_return_val_if_fail (signal != NULL, FALSE);

  switch (signal->type->kind)
    {
    case SW_SIGNAL_CONSTANT:
    case SW_SIGNAL_SENSOR:
      break;

    case SW_SIGNAL_SUM:
    case SW_SIGNAL_PRODUCT:
    case SW_SIGNAL_LOOKUP:
      for (guint i = 0; i < signal->n_children; i++)
        {
          double c;

          if (sw_signal_next_event (signal->children[i], t, &c) && (!found || c < te))
            {
              te = c;
              found = TRUE;
            }
        }
      break;

    case SW_SIGNAL_STEP:
    case SW_SIGNAL_RAMP:
    case SW_SIGNAL_SINE:
    case SW_SIGNAL_EXP_SINE:
    case SW_SIGNAL_PULSE:
    case SW_SIGNAL_SAWTOOTH:
    case SW_SIGNAL_TRAPEZOID:
    case SW_SIGNAL_TABLE:
    default:
      if (t < signal->start_time)
        {
          if (signal->start_event)
            {
              te = signal->start_time;
              found = TRUE;
              break;
            }
          /* Nothing happens at start_time: look strictly after it. */
          t = signal->start_time;
        }

      switch (signal->type->kind)
        {
        case SW_SIGNAL_RAMP:
          if (signal->height != 0.0 && signal->ramp_end > t)
            {
              te = signal->ramp_end;
              found = TRUE;
            }
          break;

        case SW_SIGNAL_PULSE:
        case SW_SIGNAL_SAWTOOTH:
        case SW_SIGNAL_TRAPEZOID:
          found = periodic_next_event (signal, t, &te);
          break;

        case SW_SIGNAL_TABLE:
          if (signal->is_periodic)
            found = periodic_next_event (signal, t, &te);
          else
            found = table_next_event (signal, t, &te);
          break;

        case SW_SIGNAL_CONSTANT:
        case SW_SIGNAL_STEP:
        case SW_SIGNAL_SINE:
        case SW_SIGNAL_EXP_SINE:
        case SW_SIGNAL_SUM:
        case SW_SIGNAL_PRODUCT:
        default:
          break;
        }
      break;
    }

  if (found && t_event != NULL)
    *t_event = te;
  return found;
}
