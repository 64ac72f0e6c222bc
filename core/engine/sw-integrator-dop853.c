/* sw-integrator-dop853.c: Dormand-Prince 8(5,3) with its 7th-order dense
 * output (method rk853).
 *
 * At the default tolerance each state is held to 2e-8 of its scale
 * (sw-integrator.c), where an 8th-order pair takes a third of the steps of
 * the 5th-order one: twelve evaluations a step against six, and fewer in
 * all (the chain of speed-check: half). The error is Hairer's: the 5th-order
 * estimate e5 damped by the 3rd-order e3, e5^2 / sqrt(e5^2 + 0.01 e3^2)
 * (an 8th-order estimate), here state by state in the engine's norm. Three
 * stages more make the continuous extension when an output or an event
 * falls in the step (Hairer, Norsett, Wanner, Solving ODEs I, II.6).
 *
 * A system of positions and velocities alone is integrated in Nystrom form
 * (as sw-integrator-nystrom.c): only the stages' accelerations are kept,
 * a stage's position is q + h c v + h^2 (A^2 k), so each stage streams half
 * the vectors.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-dopri-private.h"
#include "sw-dop853-tableau.h"
#include "sw-equations-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include "sw-error.h"

#define S SW_DOP853_STAGES
/* The h lambda (see h_lambda()) a step is cut to, and that rejects it
 * (the method's stability bound is near 6); the controller's safety
 * factor (sw-integrator-dopri.c's). */
#define SW_DOP853_H_LAMBDA        1.5
#define SW_DOP853_H_LAMBDA_REJECT 3
#define SW_PI_SAFETY_853          0.9
/* The stage at the step's end (the next step's first). */
#define END 12

/* One row of weights: its nonzero entries. */
typedef struct {
  guint  m;
  guint8 col[S];
  double w[S];
  double sum;   /* of all its weights */
} Row;

typedef struct {
  gboolean nystrom;
  guint    n, nm, kn;          /* states; positions (Nystrom); a slope's length */
  double  *y, *y1, *yt;        /* n each: the step's start and end, a stage */
  /* Stage slopes (kn each; Nystrom: accelerations). After an accepted
   * step y and k[0] are its end, y1 and k[END] its start. */
  double  *k[S];
  double  *r[8];               /* the last step's interpolant (n each) */
  SwDopriControl ctl;
  double   c[S];
  /* Rows of A (stage states and b), of A^2 (Nystrom positions), of the
   * errors and of the continuous extension, and these times A. */
  Row      a[S], aa[S], e5, e5a, e3, e3a, d[4], da[4];
} Dop853;

static void
row_set (Row *r, const double *w)
{
  r->m = 0;
  r->sum = 0;
  for (guint l = 0; l < S; l++)
    if (w[l] != 0)
      {
        r->col[r->m] = l;
        r->w[r->m++] = w[l];
        r->sum += w[l];
      }
}

/* v A for a row of weights v. */
static void
row_times_a (Row *out, const double *v, const double a[S][S])
{
  double w[S] = { 0 };

  for (guint l = 0; l < S; l++)
    for (guint m = 0; m < S; m++)
      w[m] += v[l] * a[l][m];
  row_set (out, w);
}

static void
tableau (Dop853 *d)
{
  double a[S][S] = { { 0 } }, e3[S] = { 0 };

  for (guint k = 0; k < G_N_ELEMENTS (sw_dop853_a); k++)
    a[sw_dop853_a[k].row][sw_dop853_a[k].col] = sw_dop853_a[k].v;
  memcpy (d->c, sw_dop853_c, sizeof d->c);
  for (guint s = 0; s < S; s++)
    {
      row_set (&d->a[s], a[s]);
      row_times_a (&d->aa[s], a[s], a);
    }
  memcpy (e3, a[END], sizeof e3);
  e3[0] -= sw_dop853_bhh[0], e3[8] -= sw_dop853_bhh[1], e3[11] -= sw_dop853_bhh[2];
  row_set (&d->e5, sw_dop853_e5);
  row_times_a (&d->e5a, sw_dop853_e5, a);
  row_set (&d->e3, e3);
  row_times_a (&d->e3a, e3, a);
  for (guint j = 0; j < 4; j++)
    {
      row_set (&d->d[j], sw_dop853_d[j]);
      row_times_a (&d->da[j], sw_dop853_d[j], a);
    }
}

/* out = base + h (cv vel + g sum_l w_l k_l) over len states (base or vel
 * may be NULL: 0), M terms (a constant where it is inlined: the sum is
 * unrolled and each state read once). */
static inline __attribute__ ((always_inline)) void
fused (double *restrict out, const double *restrict base, double h, double cv, const double *restrict vel, double g,
       const Row *row, double *const *k, guint len, const guint M)
{
  const double *kp[S];
  double w[S];

  for (guint t = 0; t < M; t++)
    {
      kp[t] = k[row->col[t]];
      w[t] = g * row->w[t];
    }
  for (guint j = 0; j < len; j++)
    {
      double acc = vel != NULL ? cv * vel[j] : 0;

      for (guint t = 0; t < M; t++)
        acc += w[t] * kp[t][j];
      out[j] = (base != NULL ? base[j] : 0) + h * acc;
    }
}

#define FUSED_CASE(M) \
  case M: \
    if (vel != NULL && base != NULL) \
      fused (out, base, h, cv, vel, g, row, k, len, M); \
    else if (base != NULL) \
      fused (out, base, h, cv, NULL, g, row, k, len, M); \
    else if (vel != NULL) \
      fused (out, NULL, h, cv, vel, g, row, k, len, M); \
    else \
      fused (out, NULL, h, cv, NULL, g, row, k, len, M); \
    break;

SW_STEP_LOOPS static void
combine (double *restrict out, const double *restrict base, double h, double cv, const double *restrict vel,
         double g, const Row *row, double *const *k, guint len)
{
  switch (row->m)
    {
      FUSED_CASE (0)
      FUSED_CASE (1)
      FUSED_CASE (2)
      FUSED_CASE (3)
      FUSED_CASE (4)
      FUSED_CASE (5)
      FUSED_CASE (6)
      FUSED_CASE (7)
      FUSED_CASE (8)
      FUSED_CASE (9)
      FUSED_CASE (10)
      FUSED_CASE (11)
      FUSED_CASE (12)
      FUSED_CASE (13)
      FUSED_CASE (14)
      FUSED_CASE (15)
      FUSED_CASE (16)
    default:
      g_assert_not_reached ();
    }
}

/* The state of stage s into out: y + h sum_l a_sl k_l, or in Nystrom form
 * positions q + h (c_s v + h (A^2 k)_s), velocities v + h (A k)_s. */
SW_STEP_LOOPS static void
stage_state (const Dop853 *d, guint s, double h, double *out)
{
  if (!d->nystrom)
    combine (out, d->y, h, 0, NULL, 1, &d->a[s], d->k, d->n);
  else
    {
      combine (out, d->y, h, d->a[s].sum, d->y + d->nm, h, &d->aa[s], d->k, d->nm);
      combine (out + d->nm, d->y + d->nm, h, 0, NULL, 1, &d->a[s], d->k, d->nm);
    }
}

/* The combination v . k of the step's slopes in full (n states), with va
 * = v A: in Nystrom form positions h (sum v) v0 + h^2 (v A) k. */
SW_STEP_LOOPS static void
slopes_combined (const Dop853 *d, const Row *v, const Row *va, double h, double *out)
{
  if (!d->nystrom)
    combine (out, NULL, h, 0, NULL, 1, v, d->k, d->n);
  else
    {
      combine (out, NULL, h, v->sum, d->y + d->nm, h, va, d->k, d->nm);
      combine (out + d->nm, NULL, h, 0, NULL, 1, v, d->k, d->nm);
    }
}

static int
slopes (SwIntegrator *it, Dop853 *d, double t, const double *y, double *k)
{
  if (!d->nystrom)
    return _sw_integrator_rhs (it, t, y, k);
  it->n_rhs_evals++;
  if (it->n_rhs_evals % 64 == 0 && g_cancellable_is_cancelled (it->cancellable))
    return -1;
  return _sw_equations_eval_accelerations (it->eq, t, y, k) ? 0 : -1;
}

/* The full slope y' at (y, k) into out (n states). */
SW_STEP_LOOPS static void
full_slope (const Dop853 *d, const double *y, const double *k, double *out)
{
  if (!d->nystrom)
    memcpy (out, k, d->n * sizeof (double));
  else
    {
      memcpy (out, y + d->nm, d->nm * sizeof (double));
      memcpy (out + d->nm, k, d->nm * sizeof (double));
    }
}

/* The error norm of the step from y to y1 with the estimates e5 and e3:
 * each state's e5^2 / sqrt(e5^2 + 0.01 e3^2) over its tolerance, the
 * largest, or (unit scales) Hairer's over the sums of squares. */
SW_STEP_LOOPS static double
error_norm (SwIntegrator *it, const double *restrict y0, const double *restrict y1, const double *restrict e5,
            const double *restrict e3)
{
  const double *restrict scale = it->scale;
  double tol = it->tolerance, m = 0, s5 = 0, s3 = 0;
  gboolean bad = FALSE;

  for (guint i = 0, n = it->n; i < n; i++)
    {
      double a0 = fabs (y0[i]), a1 = fabs (y1[i]), w = 1 / (tol * (scale[i] + (a0 > a1 ? a0 : a1)));
      double r5 = e5[i] * w, r3 = e3[i] * w, q = r5 * r5 + 0.01 * r3 * r3;
      /* (0 times y1 is NaN when y1 is not finite: never accepted.) */
      double r = (q > 0 ? r5 * r5 / sqrt (q) : 0) + 0 * y1[i];

      bad |= isnan (r);
      m = r > m ? r : m;
      s5 += r5 * r5, s3 += r3 * r3;
    }
  if (bad)
    return NAN;
  if (it->rms_norm)
    return s5 + s3 > 0 ? s5 / sqrt (it->n * (s5 + 0.01 * s3)) : 0;
  return m;
}

/* h lambda of the step: h |f(y1) - f(y12)| / |y1 - y12| with y12 the
 * state of stage 11 (at the step's end too), Hairer's measure of how
 * close the step is to the method's stability bound (DOP853's stiffness
 * detection; about 6 at the bound). */
static double
h_lambda (const Dop853 *d, double h)
{
  const double *y1 = d->y1, *y12 = d->yt, *k1 = d->k[END], *k12 = d->k[END - 1];
  double num = 0, den = 0;

  if (!d->nystrom)
    for (guint i = 0; i < d->n; i++)
      {
        num += (k1[i] - k12[i]) * (k1[i] - k12[i]);
        den += (y1[i] - y12[i]) * (y1[i] - y12[i]);
      }
  else
    for (guint j = 0, nm = d->nm; j < nm; j++)
      {
        double dq = y1[j] - y12[j], dv = y1[nm + j] - y12[nm + j], da = k1[j] - k12[j];

        num += dv * dv + da * da;
        den += dq * dq + dv * dv;
      }
  return den > 0 ? h * sqrt (num / den) : 0;
}

static gboolean
initial_step (SwIntegrator *it, Dop853 *d, double t_end)
{
  double *f0 = d->r[0], *f1 = d->r[1], *diff = d->r[2], dnf, h, der2;
  guint n = d->n;

  full_slope (d, d->y, d->k[0], f0);
  dnf = _sw_dopri_norm (it, d->y, d->y, f0);
  /* As Dormand-Prince 5(4)'s (sw-integrator-dopri.c). */
  h = dnf <= SW_DOPRI_NORM_AT_REST ? 1e-6 : 0.01 / (dnf * it->tolerance);
  h = MIN (h, t_end - d->ctl.t);
  for (guint i = 0; i < n; i++)
    d->yt[i] = d->y[i] + h * f0[i];
  if (slopes (it, d, d->ctl.t + h, d->yt, d->k[1]) != 0)
    return FALSE;
  full_slope (d, d->yt, d->k[1], f1);
  for (guint i = 0; i < n; i++)
    diff[i] = f1[i] - f0[i];
  der2 = _sw_dopri_norm (it, d->y, d->y, diff) / h;
  _sw_dopri_first_h (&d->ctl, h, dnf, der2, t_end);
  d->ctl.dense_ready = FALSE;
  return TRUE;
}

static void
control_start (Dop853 *d, double t)
{
  _sw_dopri_start (&d->ctl, t);
  /* h_new / h_old within 0.2 … 6 (Hairer's DOP853: 1/3 … 6; 0.2 halves
   * the rejections after events); the PI exponents of sw-integrator-
   * dopri.c's for order 8 (1/8 - 0.75 beta). The first step of a start or
   * a restart is guessed as for order 5, shorter: Hairer's guess for order
   * 8 was rejected once or twice after each of the vehicle launch's 880
   * events (1 292 rejections against 79). */
  d->ctl.beta = 0.04;
  d->ctl.alpha = 1.0 / 8 - 0.75 * d->ctl.beta;
  d->ctl.fac_lo = 0.2;
  d->ctl.fac_hi = 6;
}

static gboolean
dop853_init (SwIntegrator *it, double t0, const double *y0, GError **error)
{
  Dop853 *d = g_new0 (Dop853, 1);
  const SwSystem *sys = it->sys;

  it->priv = d;
  d->n = it->n;
  d->nystrom = sys->n_coords == sys->n_massive && sys->n_states == 2 * sys->n_massive;
  d->nm = d->nystrom ? sys->n_massive : 0;
  d->kn = d->nystrom ? d->nm : d->n;
  tableau (d);
  d->y = g_new0 (double, d->n);
  d->y1 = g_new0 (double, d->n);
  d->yt = g_new0 (double, d->n);
  for (guint s = 0; s < S; s++)
    d->k[s] = g_new0 (double, d->kn);
  for (guint j = 0; j < G_N_ELEMENTS (d->r); j++)
    d->r[j] = g_new0 (double, d->n);
  memcpy (d->y, y0, d->n * sizeof (double));
  _sw_integrator_update_scales (it, d->y);
  control_start (d, t0);
  if (slopes (it, d, t0, d->y, d->k[0]) != 0)
    return _sw_dopri_failed (it, t0, _("the equations failed at the start"), error);
  return TRUE;
}

SW_STEP_LOOPS static gboolean
dop853_step (SwIntegrator *it, double t_stop, double *t_out, double *y_out, GError **error)
{
  Dop853 *d = it->priv;
  gboolean rejected = FALSE;

  if (d->ctl.need_h && !initial_step (it, d, t_stop))
    return _sw_dopri_failed (it, d->ctl.t, _("the equations failed"), error);
  for (;;)
    {
      double h, t = d->ctl.t, err, hl, *tmp;
      gboolean last;

      if (!_sw_dopri_trial (&d->ctl, t_stop, &h, &last))
        return _sw_dopri_failed (it, t, _("the step size became too small"), error);
      for (guint s = 1; s < END; s++)
        {
          stage_state (d, s, h, d->yt);
          if (slopes (it, d, last && s == END - 1 ? t_stop : t + d->c[s] * h, d->yt, d->k[s]) != 0)
            return _sw_dopri_failed (it, t, _("the equations failed"), error);
        }
      stage_state (d, END, h, d->y1);
      /* The estimates into the interpolant's vectors, free until the step
       * is accepted. */
      slopes_combined (d, &d->e5, &d->e5a, h, d->r[0]);
      slopes_combined (d, &d->e3, &d->e3a, h, d->r[1]);
      err = error_norm (it, d->y, d->y1, d->r[0], d->r[1]);
      hl = 0;
      if (isfinite (err) && err <= 1)
        {
          if (slopes (it, d, last ? t_stop : t + h, d->y1, d->k[END]) != 0)
            return _sw_dopri_failed (it, t, _("the equations failed"), error);
          /* A step far past the stability bound can pass the error test
           * where its unstable mode is still small (the estimate e5 is
           * damped by a large e3), and its continuous extension is then
           * off by far more than the tolerance (a spring and a damper in
           * series at 1e-8: h lambda 28 accepted, outputs 1e-6 off):
           * rejected, as if its error were that much larger. */
          hl = h_lambda (d, h);
          if (hl > SW_DOP853_H_LAMBDA_REJECT)
            err = MAX (1.01, pow (SW_PI_SAFETY_853 * hl / SW_DOP853_H_LAMBDA, 1 / d->ctl.alpha));
        }
      if (_sw_dopri_judge (it, &d->ctl, h, last, t_stop, err, d->y1, &rejected))
        {
          /* And the next step within SW_DOP853_H_LAMBDA, where the
           * continuous extension holds. */
          if (hl > SW_DOP853_H_LAMBDA)
            d->ctl.h = MIN (d->ctl.h, h * SW_DOP853_H_LAMBDA / hl);
          tmp = d->y, d->y = d->y1, d->y1 = tmp;
          tmp = d->k[0], d->k[0] = d->k[END], d->k[END] = tmp;
          _sw_integrator_update_scales (it, d->y);
          break;
        }
      if (g_cancellable_is_cancelled (it->cancellable))
        return _sw_dopri_failed (it, t, _("cancelled"), error);
    }
  *t_out = d->ctl.t;
  memcpy (y_out, d->y, d->n * sizeof (double));
  return TRUE;
}

/* The interpolant of the last step: three stages more, then its eight
 * vectors. y1 and k[END] hold the step's start, y and k[0] its end. */
static gboolean
make_dense (SwIntegrator *it, Dop853 *d)
{
  double h = d->ctl.h_old, t = d->ctl.t_old, *swap_y, *swap_k, *f0 = d->r[0], *f1 = d->r[1];
  guint n = d->n;

  /* The steppers' stage formulas read the start from y and k[0], the end's
   * slope from k[END]: swap back for the while. */
  swap_y = d->y, d->y = d->y1, d->y1 = swap_y;
  swap_k = d->k[0], d->k[0] = d->k[END], d->k[END] = swap_k;
  for (guint s = END + 1; s < S; s++)
    {
      stage_state (d, s, h, d->yt);
      if (slopes (it, d, t + d->c[s] * h, d->yt, d->k[s]) != 0)
        {
          swap_y = d->y, d->y = d->y1, d->y1 = swap_y;
          swap_k = d->k[0], d->k[0] = d->k[END], d->k[END] = swap_k;
          return FALSE;
        }
    }
  for (guint j = 0; j < 4; j++)
    slopes_combined (d, &d->d[j], &d->da[j], h, d->r[4 + j]);
  full_slope (d, d->y, d->k[0], f0);
  full_slope (d, d->y1, d->k[END], f1);
  /* (f0 and f1 are the first two vectors: each read before it is set.) */
  for (guint i = 0; i < n; i++)
    {
      double ydiff = d->y1[i] - d->y[i], bspl = h * f0[i] - ydiff, hf1 = h * f1[i];

      d->r[0][i] = d->y[i];
      d->r[1][i] = ydiff;
      d->r[2][i] = bspl;
      d->r[3][i] = ydiff - hf1 - bspl;
    }
  swap_y = d->y, d->y = d->y1, d->y1 = swap_y;
  swap_k = d->k[0], d->k[0] = d->k[END], d->k[END] = swap_k;
  d->ctl.dense_ready = TRUE;
  return TRUE;
}

SW_STEP_LOOPS static gboolean
dop853_interpolate (SwIntegrator *it, double t, double *y, GError **error)
{
  Dop853 *d = it->priv;
  double s = (t - d->ctl.t_old) / d->ctl.h_old, s1 = 1 - s;
  double *const *r = d->r;

  if (!d->ctl.dense_ready && !make_dense (it, d))
    return _sw_dopri_failed (it, t, _("the equations failed"), error);
  for (guint i = 0; i < d->n; i++)
    y[i] = r[0][i]
           + s * (r[1][i]
                  + s1 * (r[2][i] + s * (r[3][i] + s1 * (r[4][i] + s * (r[5][i] + s1 * (r[6][i] + s * r[7][i]))))));
  return TRUE;
}

static gboolean
dop853_restart (SwIntegrator *it, double t, const double *y, GError **error)
{
  Dop853 *d = it->priv;

  memcpy (d->y, y, d->n * sizeof (double));
  _sw_integrator_update_scales (it, d->y);
  control_start (d, t);
  if (slopes (it, d, t, d->y, d->k[0]) != 0)
    return _sw_dopri_failed (it, t, _("the equations failed"), error);
  return TRUE;
}

static void
dop853_counters (SwIntegrator *it, guint64 c[SW_N_COUNTERS])
{
  Dop853 *d = it->priv;

  _sw_dopri_counters (&d->ctl, c);
}

static void
dop853_free (SwIntegrator *it)
{
  Dop853 *d = it->priv;

  if (d == NULL)
    return;
  g_free (d->y), g_free (d->y1), g_free (d->yt);
  for (guint s = 0; s < S; s++)
    g_free (d->k[s]);
  for (guint j = 0; j < G_N_ELEMENTS (d->r); j++)
    g_free (d->r[j]);
  g_free (d);
  it->priv = NULL;
}

const SwIntegratorType sw_integrator_dop853 = {
  .name = "Dormand-Prince 8(5,3)",
  .init = dop853_init,
  .step = dop853_step,
  .interpolate = dop853_interpolate,
  .restart = dop853_restart,
  .counters = dop853_counters,
  .free = dop853_free,
};
