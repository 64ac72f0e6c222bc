/* sw-signal-spline.c: the slopes at the points of a smooth table signal,
 * one cubic Hermite polynomial per segment between them.
 *
 * The three rules are those of Modelica.Blocks.Types.Smoothness, with the
 * boundary conditions of the Modelica Standard Library's table functions
 * (ModelicaStandardTables.c), so that a CombiTimeTable imported gives the
 * values Modelica gives:
 *
 *  - akima (ContinuousDerivative): H. Akima, J. ACM 17(4) 589-602, 1970.
 *    The secants are continued by two on each side (m[-1] = 2 m[0] - m[1],
 *    m[-2] = 3 m[0] - 2 m[1], likewise at the end); where the weights are
 *    both 0 the slope is the mean of the two secants beside the point.
 *    GSL's gsl_interp_akima has the same continuation but makes that
 *    degenerate case a straight segment instead, so it is not used here.
 *  - fritsch-butland (MonotoneContinuousDerivative1): F. N. Fritsch and
 *    J. Butland, SIAM J. Sci. Stat. Comput. 5(2) 300-304, 1984, the
 *    weighted harmonic mean of the secants, 0 at an extremum; the end
 *    points take the end secants.
 *  - steffen (MonotoneContinuousDerivative2): M. Steffen, A&A 239, 443-450,
 *    1990, the parabola's slope limited to twice the smaller secant, 0 at
 *    an extremum; the end points take the end secants (gsl_interp_steffen
 *    uses Steffen's one-sided parabola there, so it is not used here).
 *
 * Times must increase strictly (the reader refuses a repeated time with a
 * smooth interpolation) and there must be at least 3 points (with 2 the
 * table is linear, as in Modelica).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-signal.h"
#include "sw-signal-private.h"

#include <math.h>

/* Secant k of the continued sequence, k = -2 … n (n points, n - 1 real
 * secants m[0] … m[n-2]). */
static double
akima_secant (const double *m,
              guint         n,
              int           k)
{
  int last = (int) n - 2;

  if (k < 0)
    return m[0] + (double) (-k) * (m[0] - m[1]);
  if (k > last)
    return m[last] + (double) (k - last) * (m[last] - m[last - 1]);
  return m[k];
}

static void
akima_slopes (const double *m,
              guint         n,
              double       *slopes)
{
  for (guint j = 0; j < n; j++)
    {
      double before = akima_secant (m, n, (int) j - 1);
      double after = akima_secant (m, n, (int) j);
      double w_after = fabs (akima_secant (m, n, (int) j + 1) - after);
      double w_before = fabs (before - akima_secant (m, n, (int) j - 2));

      if (w_after + w_before > 0.0)
        slopes[j] = (w_after * before + w_before * after) / (w_after + w_before);
      else
        slopes[j] = 0.5 * before + 0.5 * after;
    }
}

/* 0 where the secants beside a point are not both of one sign. */
static gboolean
extremum (double before,
          double after)
{
  return before == 0.0 || after == 0.0 || (before < 0.0) != (after < 0.0);
}

static double
fritsch_butland_slope (double h_before,
                       double h_after,
                       double before,
                       double after)
{
  if (extremum (before, after))
    return 0.0;
  return 3.0 * (h_before + h_after)
         / ((h_before + 2.0 * h_after) / before + (h_after + 2.0 * h_before) / after);
}

static double
steffen_slope (double h_before,
               double h_after,
               double before,
               double after)
{
  double p;

  if (extremum (before, after))
    return 0.0;
  p = (before * h_after + after * h_before) / (h_before + h_after);
  if (0.5 * fabs (p) > fabs (before) || 0.5 * fabs (p) > fabs (after))
    return (before > 0.0 ? 2.0 : -2.0) * MIN (fabs (before), fabs (after));
  return p;
}

void
_sw_signal_spline_slopes (SwInterpolation  rule,
                          const double    *t,
                          const double    *y,
                          guint            n,
                          double          *slopes)
{
  g_autofree double *m = NULL;

  g_assert (n >= 3);
  g_assert (rule == SW_INTERPOLATION_AKIMA || rule == SW_INTERPOLATION_FRITSCH_BUTLAND
            || rule == SW_INTERPOLATION_STEFFEN);

  m = g_new (double, n - 1);
  for (guint k = 0; k + 1 < n; k++)
    m[k] = (y[k + 1] - y[k]) / (t[k + 1] - t[k]);

  if (rule == SW_INTERPOLATION_AKIMA)
    {
      akima_slopes (m, n, slopes);
      return;
    }

  slopes[0] = m[0];
  slopes[n - 1] = m[n - 2];
  for (guint j = 1; j + 1 < n; j++)
    {
      double h_before = t[j] - t[j - 1], h_after = t[j + 1] - t[j];

      slopes[j] = rule == SW_INTERPOLATION_FRITSCH_BUTLAND
                    ? fritsch_butland_slope (h_before, h_after, m[j - 1], m[j])
                    : steffen_slope (h_before, h_after, m[j - 1], m[j]);
    }
}

double
_sw_signal_spline_eval (const SwSignal *signal,
                        guint           i,
                        double          t,
                        double         *y1,
                        double         *y2)
{
  double t0 = signal->breaks[i], h = signal->times[i + 1] - signal->times[i];
  double y0 = signal->values[i], dy = signal->values[i + 1] - y0;
  double m0 = signal->slopes[i], m1 = signal->slopes[i + 1];
  double secant = dy / h;
  double c2 = (3.0 * secant - 2.0 * m0 - m1) / h;
  double c3 = (m0 + m1 - 2.0 * secant) / (h * h);
  double s = t - t0;

  if (s >= h || t >= signal->breaks[i + 1])
    {
      /* The point itself exactly, so that the value is continuous there. */
      *y1 = m1;
      *y2 = 2.0 * c2 + 6.0 * c3 * h;
      return signal->values[i + 1];
    }
  if (s < 0.0)
    s = 0.0;
  *y1 = m0 + s * (2.0 * c2 + 3.0 * c3 * s);
  *y2 = 2.0 * c2 + 6.0 * c3 * s;
  return y0 + s * (m0 + s * (c2 + s * c3));
}
