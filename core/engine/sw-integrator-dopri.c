/* sw-integrator-dopri.c: Dormand-Prince 5(4) with its own dense output.
 *
 * The method of rk45 and of auto on non-stiff models. Written here rather
 * than taken from ARKODE because on small models the library's per-step
 * vector operations cost more than the equations (fourbody: 9 ms against
 * 3 ms; bench-methods): seven stages (first same as last), the error of
 * the embedded 4th-order solution in the weighted RMS norm, a PI step size
 * control, and the 4th-order continuous extension of Dormand and Prince
 * (Hairer, Norsett, Wanner, Solving ODEs I, II.6) for output times: no
 * evaluation more.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-dopri-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include "sw-error.h"

/* After an accepted step, y and k1 hold its end (first same as last), y1
 * and k7 its start, k3 … k6 its stages: the interpolant is made from them
 * the first time an output falls in the step, not on every step. */
typedef struct {
  double *y, *y1, *ytmp, *k1, *k2, *k3, *k4, *k5, *k6, *k7;
  double *r1, *r2, *r3, *r4, *r5;  /* the last step's interpolant */
  SwDopriControl c;
} Dopri;

gboolean
_sw_dopri_failed (SwIntegrator *it, double t, const char *what, GError **error)
{
  g_set_error (error, SW_ERROR, SW_ERROR_NOT_CONVERGED,
               _("the integrator (%s, Dormand-Prince) failed at t = %.9g s (%s); try a smaller tolerance or the "
                 "method “bdf”; check stiffnesses and inertias"),
               sw_method_to_name (it->method), t, what);
  return FALSE;
}

/* The error norm, each state's error over tolerance (its scale + |y|):
 * the largest (each state within its tolerance), or before (unit scales)
 * the RMS, scaled by its largest term when the plain sum overflows. */
double
_sw_dopri_norm (SwIntegrator *it, const double *y0, const double *y1, const double *v)
{
  const double *scale = it->scale;
  double s = 0, m = 0, tol = it->tolerance;

  for (guint i = 0; i < it->n; i++)
    {
      double r = v[i] / (tol * (scale[i] + MAX (fabs (y0[i]), fabs (y1[i]))));

      /* A step that ends in a value not finite is never accepted (0 y1
       * is NaN then). */
      s += r * r + 0 * y1[i];
      m = MAX (m, fabs (r));
    }
  if (!it->rms_norm || (m == 0 || !isfinite (m)))
    return isnan (s) ? NAN : m;
  if (isfinite (s))
    return sqrt (s / it->n);
  s = 0;
  for (guint i = 0; i < it->n; i++)
    {
      double r = v[i] / (tol * (scale[i] + MAX (fabs (y0[i]), fabs (y1[i])))) / m;
      s += r * r;
    }
  return m * sqrt (s / it->n);
}

/* _sw_dopri_norm of a step's error e: every state's ratio and their
 * largest in one loop of vector lanes (-fopenmp-simd's reduction: the
 * maxima in any order; a NaN told by the sum of the ratios, which are
 * never negative), e left as it was (a chain of 10 000 bodies: 10 % of
 * its run as two loops, the second one state at a time). */
SW_STEP_LOOPS double
_sw_dopri_norm_step (SwIntegrator *it, const double *y0, const double *y1, const double *e)
{
  const double *restrict a = y0, *restrict b = y1, *restrict scale = it->scale, *restrict err = e;
  double tol = it->tolerance, m = 0, sum = 0;
  guint n = it->n;

  if (it->rms_norm)
    return _sw_dopri_norm (it, y0, y1, e);
#pragma omp simd reduction(max : m) reduction(+ : sum)
  for (guint i = 0; i < n; i++)
    {
      double a0 = fabs (a[i]), a1 = fabs (b[i]);
      /* A step that ends in a value not finite is never accepted (0 times
       * it is NaN). */
      double r = fabs (err[i]) / (tol * (scale[i] + (a0 > a1 ? a0 : a1))) + 0 * b[i];

      sum += r;
      m = r > m ? r : m;
    }
  return isnan (sum) ? NAN : m;
}

/* ---- Step size control (both steppers) ---------------------------------- */

/* The PI controller h_new = h safety / (err^alpha / err_old^beta), Hairer's
 * DOPRI5 default (beta 0.04, alpha 0.2 - 0.75 beta). Gustafsson's PI.3.4
 * (alpha 0.14, beta 0.08, safety 0.9525 for the same steady error) was
 * measured: it halves the rejections where an oscillation's error estimate
 * dips twice a period (ElasticBearing at 1e-8: 488 -> 220 of 5 400), but
 * takes 6 % more steps on speed-check's damped chain (1 886 against 1 778). */
#define SW_PI_ALPHA  0.17
#define SW_PI_BETA   0.04
#define SW_PI_SAFETY 0.9

void
_sw_dopri_start (SwDopriControl *c, double t)
{
  c->t = t;
  c->need_h = TRUE;
  c->facold = 1e-4;
}

void
_sw_dopri_first_h (SwDopriControl *c, double h_tried, double dnf, double der2, double t_end)
{
  double h1;

  der2 = MAX (fabs (der2), dnf);
  h1 = der2 <= 1e-15 ? MAX (1e-6, fabs (h_tried) * 1e-3) : pow (0.01 / der2, 1.0 / 5);
  c->h = MIN (100 * h_tried, h1);
  c->h = MIN (c->h, t_end - c->t);
  c->need_h = FALSE;
}

gboolean
_sw_dopri_trial (const SwDopriControl *c, double t_stop, double *h, gboolean *last)
{
  *h = c->h;
  *last = c->t + 1.01 * *h >= t_stop;
  if (*last)
    *h = t_stop - c->t;
  return *h > 1e-14 * MAX (fabs (c->t), 1e-300) * 4 && isfinite (*h);
}

gboolean
_sw_dopri_judge (SwIntegrator *it, SwDopriControl *c, double h, gboolean last, double t_stop, double err,
                 const double *y1, gboolean *rejected)
{
  double fac11, fac, h_new;
  double alpha = c->alpha > 0 ? c->alpha : SW_PI_ALPHA, beta = c->alpha > 0 ? c->beta : SW_PI_BETA;
  double lo = c->fac_lo > 0 ? c->fac_lo : 0.2, hi = c->fac_hi > 0 ? c->fac_hi : 10;

  if (!isfinite (err))
    {
      /* Too long a step, or equations that overflow: a shorter step tells,
       * and the state is kept to name the variable if none helps. */
      _sw_integrator_note_not_finite (it, c->t + h, y1);
      err = 1e10;
    }
  /* PI control, factors between lo and hi (0.2 and 10). */
  fac11 = pow (err, alpha);
  fac = fac11 / pow (c->facold, beta);
  fac = MAX (1.0 / hi, MIN (1.0 / lo, fac / SW_PI_SAFETY));
  h_new = h / fac;
  if (err > 1)
    {
      c->n_rejected++;
      *rejected = TRUE;
      c->h = h / MIN (1.0 / lo, fac11 / SW_PI_SAFETY);
      return FALSE;
    }
  c->facold = MAX (err, 1e-4);
  c->n_steps++;
  if (it->not_finite)
    _sw_integrator_clear_not_finite (it);
  c->t_old = c->t;
  c->h_old = h;
  c->dense_ready = FALSE;
  if (*rejected)
    h_new = MIN (fabs (h_new), fabs (h));
  c->t = last ? t_stop : c->t + h;
  if (!last || h_new < c->h)
    c->h = h_new;
  return TRUE;
}

void
_sw_dopri_counters (const SwDopriControl *c, guint64 counters[SW_N_COUNTERS])
{
  counters[SW_COUNT_STEPS] = c->n_steps;
  counters[SW_COUNT_REJECTED] = c->n_rejected;
}

/* ---- The general stepper ------------------------------------------------ */

static gboolean
initial_step (SwIntegrator *it, Dopri *d, double t_end)
{
  guint n = it->n;
  double dnf = _sw_dopri_norm (it, d->y, d->y, d->k1), h, der2;

  /* Hairer's first guess, 0.01 |y| / |f| in the error's weights, with
   * each state's size its scale + |y| (the weights' own): a state at 0, or
   * at round-off of 0 (a clutch's speed where it locks), is no guide to a
   * step: at 1e-10 that guess came to 1e-17 s and the run stopped. */
  h = dnf <= SW_DOPRI_NORM_AT_REST ? 1e-6 : 0.01 / (dnf * it->tolerance);
  h = MIN (h, t_end - d->c.t);
  for (guint i = 0; i < n; i++)
    d->ytmp[i] = d->y[i] + h * d->k1[i];
  if (_sw_integrator_rhs (it, d->c.t + h, d->ytmp, d->k2) != 0)
    return FALSE;
  for (guint i = 0; i < n; i++)
    d->k3[i] = d->k2[i] - d->k1[i];
  der2 = _sw_dopri_norm (it, d->y, d->y, d->k3) / h;
  _sw_dopri_first_h (&d->c, h, dnf, der2, t_end);
  return TRUE;
}

static gboolean
dopri_init (SwIntegrator *it, double t0, const double *y0, GError **error)
{
  Dopri *d = g_new0 (Dopri, 1);
  double **v[] = { &d->y, &d->y1, &d->ytmp, &d->k1, &d->k2, &d->k3, &d->k4, &d->k5, &d->k6, &d->k7,
                   &d->r1, &d->r2, &d->r3, &d->r4, &d->r5 };

  it->priv = d;
  for (guint k = 0; k < G_N_ELEMENTS (v); k++)
    *v[k] = g_new0 (double, it->n);
  memcpy (d->y, y0, it->n * sizeof (double));
  _sw_integrator_update_scales (it, d->y);
  _sw_dopri_start (&d->c, t0);
  if (_sw_integrator_rhs (it, t0, d->y, d->k1) != 0)
    return _sw_dopri_failed (it, t0, _("the equations failed at the start"), error);
  return TRUE;
}

SW_STEP_LOOPS static gboolean
dopri_step (SwIntegrator *it, double t_stop, double *t_out, double *y_out, GError **error)
{
  Dopri *d = it->priv;
  guint n = it->n;
  double *y = d->y, *y1 = d->y1, *yt = d->ytmp;
  double *k1 = d->k1, *k2 = d->k2, *k3 = d->k3, *k4 = d->k4, *k5 = d->k5, *k6 = d->k6, *k7 = d->k7;
  gboolean rejected = FALSE;

  if (d->c.need_h)
    {
      if (!initial_step (it, d, t_stop))
        return _sw_dopri_failed (it, d->c.t, _("the equations failed"), error);
    }
  for (;;)
    {
      double h, t = d->c.t, err;
      gboolean last;

      if (!_sw_dopri_trial (&d->c, t_stop, &h, &last))
        return _sw_dopri_failed (it, t, _("the step size became too small"), error);
      for (guint i = 0; i < n; i++)
        yt[i] = y[i] + h * a21 * k1[i];
      if (_sw_integrator_rhs (it, t + c2 * h, yt, k2) != 0)
        return _sw_dopri_failed (it, t, _("the equations failed"), error);
      for (guint i = 0; i < n; i++)
        yt[i] = y[i] + h * (a31 * k1[i] + a32 * k2[i]);
      if (_sw_integrator_rhs (it, t + c3 * h, yt, k3) != 0)
        return _sw_dopri_failed (it, t, _("the equations failed"), error);
      for (guint i = 0; i < n; i++)
        yt[i] = y[i] + h * (a41 * k1[i] + a42 * k2[i] + a43 * k3[i]);
      if (_sw_integrator_rhs (it, t + c4 * h, yt, k4) != 0)
        return _sw_dopri_failed (it, t, _("the equations failed"), error);
      for (guint i = 0; i < n; i++)
        yt[i] = y[i] + h * (a51 * k1[i] + a52 * k2[i] + a53 * k3[i] + a54 * k4[i]);
      if (_sw_integrator_rhs (it, t + c5 * h, yt, k5) != 0)
        return _sw_dopri_failed (it, t, _("the equations failed"), error);
      for (guint i = 0; i < n; i++)
        yt[i] = y[i] + h * (a61 * k1[i] + a62 * k2[i] + a63 * k3[i] + a64 * k4[i] + a65 * k5[i]);
      if (_sw_integrator_rhs (it, last ? t_stop : t + h, yt, k6) != 0)
        return _sw_dopri_failed (it, t, _("the equations failed"), error);
      for (guint i = 0; i < n; i++)
        y1[i] = y[i] + h * (a71 * k1[i] + a73 * k3[i] + a74 * k4[i] + a75 * k5[i] + a76 * k6[i]);
      if (_sw_integrator_rhs (it, last ? t_stop : t + h, y1, k7) != 0)
        return _sw_dopri_failed (it, t, _("the equations failed"), error);
      for (guint i = 0; i < n; i++)
        yt[i] = h * (e1 * k1[i] + e3 * k3[i] + e4 * k4[i] + e5 * k5[i] + e6 * k6[i] + e7 * k7[i]);
      err = _sw_dopri_norm_step (it, y, y1, yt);
      if (_sw_dopri_judge (it, &d->c, h, last, t_stop, err, y1, &rejected))
        {
          /* The end becomes the start of the next step. */
          d->y = y1, d->y1 = y;
          d->k1 = k7, d->k7 = k1;
          y = d->y;
          _sw_integrator_update_scales (it, y);
          break;
        }
      if (g_cancellable_is_cancelled (it->cancellable))
        return _sw_dopri_failed (it, t, _("cancelled"), error);
    }
  *t_out = d->c.t;
  memcpy (y_out, y, n * sizeof (double));
  return TRUE;
}

SW_STEP_LOOPS static gboolean
dopri_interpolate (SwIntegrator *it, double t, double *y, GError **error)
{
  Dopri *d = it->priv;
  double s = (t - d->c.t_old) / d->c.h_old, s1 = 1 - s, h = d->c.h_old;

  if (!d->c.dense_ready)
    {
      /* y1, k7: the step's start; y, k1: its end. */
      for (guint i = 0; i < it->n; i++)
        {
          double ydiff = d->y[i] - d->y1[i], bspl = h * d->k7[i] - ydiff;

          d->r1[i] = d->y1[i];
          d->r2[i] = ydiff;
          d->r3[i] = bspl;
          d->r4[i] = ydiff - h * d->k1[i] - bspl;
          d->r5[i] = h * (d1 * d->k7[i] + d3 * d->k3[i] + d4 * d->k4[i] + d5 * d->k5[i] + d6 * d->k6[i]
                          + d7 * d->k1[i]);
        }
      d->c.dense_ready = TRUE;
    }

  for (guint i = 0; i < it->n; i++)
    y[i] = d->r1[i] + s * (d->r2[i] + s1 * (d->r3[i] + s * (d->r4[i] + s1 * d->r5[i])));
  return TRUE;
}

static gboolean
dopri_restart (SwIntegrator *it, double t, const double *y, GError **error)
{
  Dopri *d = it->priv;

  memcpy (d->y, y, it->n * sizeof (double));
  _sw_integrator_update_scales (it, d->y);
  _sw_dopri_start (&d->c, t);
  if (_sw_integrator_rhs (it, t, d->y, d->k1) != 0)
    return _sw_dopri_failed (it, t, _("the equations failed"), error);
  return TRUE;
}

static void
dopri_counters (SwIntegrator *it, guint64 c[SW_N_COUNTERS])
{
  Dopri *d = it->priv;

  _sw_dopri_counters (&d->c, c);
}

static void
dopri_free (SwIntegrator *it)
{
  Dopri *d = it->priv;

  if (d == NULL)
    return;
  g_free (d->y), g_free (d->y1), g_free (d->ytmp);
  g_free (d->k1), g_free (d->k2), g_free (d->k3), g_free (d->k4), g_free (d->k5), g_free (d->k6), g_free (d->k7);
  g_free (d->r1), g_free (d->r2), g_free (d->r3), g_free (d->r4), g_free (d->r5);
  g_free (d);
  it->priv = NULL;
}

const SwIntegratorType sw_integrator_dopri = {
  .name = "Dormand-Prince",
  .init = dopri_init,
  .step = dopri_step,
  .interpolate = dopri_interpolate,
  .restart = dopri_restart,
  .counters = dopri_counters,
  .free = dopri_free,
};
