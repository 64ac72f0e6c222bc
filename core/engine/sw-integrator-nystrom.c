/* sw-integrator-nystrom.c: Dormand-Prince 5(4) on positions and velocities.
 *
 * A system of massive coordinates alone has the state y = (q, v) with
 * q' = v: a stage's position slope is the stage's velocity,
 *   k_s^q = v + h sum_l a_sl k_l^v,
 * so a stage's position is q + h c_s v + h^2 sum_l (A^2)_sl k_l^v, and no
 * position slope need be stored or read (Runge-Kutta-Nystrom form of the
 * same method: the same steps, up to round-off). A long chain is memory
 * bound; this halves the vectors a step streams through and lets the
 * equations write the accelerations alone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-dopri-private.h"
#include "sw-equations-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include "sw-error.h"

#define STAGES 7

typedef struct {
  guint   nm;
  double *y, *y1, *yt;        /* 2 nm: positions, then velocities */
  /* Stage accelerations (nm each): k[0] at y, k[6] at y1 (first same as
   * last). After an accepted step y and k[0] are its end, y1 and k[6] its
   * start. */
  double *k[STAGES];
  /* The last step's interpolant y1 + s (y - y1 + s1 (r3 + s (r4 + s1 r5)))
   * (2 nm each) lies in what the step no longer needs: r3 in yt, r4 and r5
   * in the stage accelerations k[1] … k[4] (positions, then velocities),
   * so that a chain of 100 000 bodies keeps 8 MB less. */
  SwDopriControl ctl;     /* the step size control */
  /* The tableau in this form: a, c, A^2 (position weights), the solution's
   * b A and the error's e A and sum e, the continuous extension's d A and
   * sum d. */
  double  a[STAGES][STAGES], c[STAGES], aa[STAGES][STAGES];
  double  e[STAGES], ea[STAGES], e_sum, dd[STAGES], da[STAGES], d_sum;
} Nystrom;

static int
accelerations (SwIntegrator *it, double t, const double *y, double *a)
{
  it->n_rhs_evals++;
  if (it->n_rhs_evals % 64 == 0 && g_cancellable_is_cancelled (it->cancellable))
    return -1;
  return _sw_equations_eval_accelerations (it->eq, t, y, a) ? 0 : -1;
}

static void
tableau (Nystrom *d)
{
  const double rows[STAGES][STAGES] = {
    { 0 },
    { a21 },
    { a31, a32 },
    { a41, a42, a43 },
    { a51, a52, a53, a54 },
    { a61, a62, a63, a64, a65 },
    { a71, 0, a73, a74, a75, a76 },
  };
  const double e[STAGES] = { e1, 0, e3, e4, e5, e6, e7 }, dd[STAGES] = { d1, 0, d3, d4, d5, d6, d7 };

  memcpy (d->a, rows, sizeof rows);
  memcpy (d->e, e, sizeof e);
  memcpy (d->dd, dd, sizeof dd);
  d->e_sum = d->d_sum = 0;
  for (guint s = 0; s < STAGES; s++)
    {
      d->c[s] = 0;
      for (guint l = 0; l < STAGES; l++)
        {
          d->c[s] += d->a[s][l];
          d->aa[s][l] = 0;
          for (guint m = 0; m < STAGES; m++)
            d->aa[s][l] += d->a[s][m] * d->a[m][l];
        }
      d->e_sum += e[s];
      d->d_sum += dd[s];
    }
  for (guint l = 0; l < STAGES; l++)
    {
      d->ea[l] = d->da[l] = 0;
      for (guint m = 0; m < STAGES; m++)
        {
          d->ea[l] += e[m] * d->a[m][l];
          d->da[l] += dd[m] * d->a[m][l];
        }
    }
}

/* The state of stage s (1 … 6; 6 is the step's end) into out. */
SW_STEP_LOOPS static void
stage_state (const Nystrom *d, guint s, double h, double *restrict out)
{
  guint nm = d->nm;
  const double *restrict q = d->y, *restrict v = d->y + nm;
  const double *restrict k0 = d->k[0], *restrict k1 = d->k[1], *restrict k2 = d->k[2], *restrict k3 = d->k[3],
               *restrict k4 = d->k[4], *restrict k5 = d->k[5];
  double *restrict out_v = out + nm;
  const double a[STAGES] = { d->a[s][0], d->a[s][1], d->a[s][2], d->a[s][3], d->a[s][4], d->a[s][5] };
  const double aa[STAGES] = { d->aa[s][0], d->aa[s][1], d->aa[s][2], d->aa[s][3], d->aa[s][4] };
  double cs = d->c[s];

  /* Unrolled by the number of stages it reads: the inner sums stay in
   * registers. */
  switch (s)
    {
    case 1:
      for (guint j = 0; j < nm; j++)
        {
          out[j] = q[j] + h * cs * v[j];
          out_v[j] = v[j] + h * a[0] * k0[j];
        }
      break;
    case 2:
      for (guint j = 0; j < nm; j++)
        {
          out[j] = q[j] + h * (cs * v[j] + h * aa[0] * k0[j]);
          out_v[j] = v[j] + h * (a[0] * k0[j] + a[1] * k1[j]);
        }
      break;
    case 3:
      for (guint j = 0; j < nm; j++)
        {
          out[j] = q[j] + h * (cs * v[j] + h * (aa[0] * k0[j] + aa[1] * k1[j]));
          out_v[j] = v[j] + h * (a[0] * k0[j] + a[1] * k1[j] + a[2] * k2[j]);
        }
      break;
    case 4:
      for (guint j = 0; j < nm; j++)
        {
          out[j] = q[j] + h * (cs * v[j] + h * (aa[0] * k0[j] + aa[1] * k1[j] + aa[2] * k2[j]));
          out_v[j] = v[j] + h * (a[0] * k0[j] + a[1] * k1[j] + a[2] * k2[j] + a[3] * k3[j]);
        }
      break;
    case 5:
      for (guint j = 0; j < nm; j++)
        {
          out[j] = q[j] + h * (cs * v[j] + h * (aa[0] * k0[j] + aa[1] * k1[j] + aa[2] * k2[j] + aa[3] * k3[j]));
          out_v[j] = v[j] + h * (a[0] * k0[j] + a[1] * k1[j] + a[2] * k2[j] + a[3] * k3[j] + a[4] * k4[j]);
        }
      break;
    default:
      /* The end: a[1] = 0 (the second stage is not in the solution). */
      for (guint j = 0; j < nm; j++)
        {
          out[j] = q[j]
                   + h * (cs * v[j] + h * (aa[0] * k0[j] + aa[1] * k1[j] + aa[2] * k2[j] + aa[3] * k3[j]
                                           + aa[4] * k4[j]));
          out_v[j] = v[j] + h * (a[0] * k0[j] + a[2] * k2[j] + a[3] * k3[j] + a[4] * k4[j] + a[5] * k5[j]);
        }
      break;
    }
}

/* The step's error into out (2 nm): positions h (e_sum v + h sum ea_l
 * k_l), velocities h sum e_l k_l (e[1] = 0, ea[6] = 0). */
SW_STEP_LOOPS static void
error_vector (const Nystrom *d, double h, double *restrict out)
{
  guint nm = d->nm;
  const double *restrict v = d->y + nm;
  const double *restrict k0 = d->k[0], *restrict k1 = d->k[1], *restrict k2 = d->k[2], *restrict k3 = d->k[3],
               *restrict k4 = d->k[4], *restrict k5 = d->k[5], *restrict k6 = d->k[6];
  double *restrict out_v = out + nm;
  const double ea[STAGES] = { d->ea[0], d->ea[1], d->ea[2], d->ea[3], d->ea[4], d->ea[5] };
  const double e[STAGES] = { d->e[0], d->e[1], d->e[2], d->e[3], d->e[4], d->e[5], d->e[6] };
  double e_sum = d->e_sum;

  for (guint j = 0; j < nm; j++)
    {
      out[j] = h * (e_sum * v[j]
                    + h * (ea[0] * k0[j] + ea[1] * k1[j] + ea[2] * k2[j] + ea[3] * k3[j] + ea[4] * k4[j]
                           + ea[5] * k5[j]));
      out_v[j] = h * (e[0] * k0[j] + e[2] * k2[j] + e[3] * k3[j] + e[4] * k4[j] + e[5] * k5[j] + e[6] * k6[j]);
    }
}

static gboolean
initial_step (SwIntegrator *it, Nystrom *d, double t_end)
{
  guint nm = d->nm, n = 2 * nm;
  /* Scratch before the first step: y1 (the slopes at y), yt, k[1]. */
  double *f0 = d->y1, *a1 = d->k[1], *diff = d->yt, dnf, h, der2;

  /* y' = (v, k[0]) in full, for the norms the general stepper takes. */
  memcpy (f0, d->y + nm, nm * sizeof (double));
  memcpy (f0 + nm, d->k[0], nm * sizeof (double));
  dnf = _sw_dopri_norm (it, d->y, d->y, f0);
  /* Hairer's first guess, 0.01 |y| / |f| in the error's weights, with
   * each state's size its scale + |y| (the weights' own): a state at 0, or
   * at round-off of 0 (a clutch's speed where it locks), is no guide to a
   * step: at 1e-10 that guess came to 1e-17 s and the run stopped. */
  h = dnf <= SW_DOPRI_NORM_AT_REST ? 1e-6 : 0.01 / (dnf * it->tolerance);
  h = MIN (h, t_end - d->ctl.t);
  for (guint i = 0; i < n; i++)
    d->yt[i] = d->y[i] + h * f0[i];
  if (accelerations (it, d->ctl.t + h, d->yt, a1) != 0)
    return FALSE;
  /* The slopes' difference over yt: its positions' slopes are its own
   * velocities, read before they are overwritten. */
  for (guint i = 0; i < nm; i++)
    diff[i] = d->yt[nm + i] - f0[i];
  for (guint i = 0; i < nm; i++)
    diff[nm + i] = a1[i] - f0[nm + i];
  der2 = _sw_dopri_norm (it, d->y, d->y, diff) / h;
  _sw_dopri_first_h (&d->ctl, h, dnf, der2, t_end);
  /* The interpolant's vectors served as scratch. */
  d->ctl.dense_ready = FALSE;
  return TRUE;
}

static gboolean
nystrom_init (SwIntegrator *it, double t0, const double *y0, GError **error)
{
  Nystrom *d = g_new0 (Nystrom, 1);
  guint nm = it->sys->n_massive;

  it->priv = d;
  d->nm = nm;
  tableau (d);
  d->y = g_new0 (double, 2 * nm);
  d->y1 = g_new0 (double, 2 * nm);
  d->yt = g_new0 (double, 2 * nm);
  for (guint s = 0; s < STAGES; s++)
    d->k[s] = g_new0 (double, nm);
  memcpy (d->y, y0, 2 * nm * sizeof (double));
  _sw_integrator_update_scales (it, d->y);
  _sw_dopri_start (&d->ctl, t0);
  if (accelerations (it, t0, d->y, d->k[0]) != 0)
    return _sw_dopri_failed (it, t0, _("the equations failed at the start"), error);
  return TRUE;
}

SW_STEP_LOOPS static gboolean
nystrom_step (SwIntegrator *it, double t_stop, double *t_out, double *y_out, GError **error)
{
  Nystrom *d = it->priv;
  guint nm = d->nm;
  gboolean rejected = FALSE;

  if (d->ctl.need_h)
    {
      if (!initial_step (it, d, t_stop))
        return _sw_dopri_failed (it, d->ctl.t, _("the equations failed"), error);
    }
  for (;;)
    {
      double h, t = d->ctl.t, err, *tmp;
      gboolean last;

      if (!_sw_dopri_trial (&d->ctl, t_stop, &h, &last))
        return _sw_dopri_failed (it, t, _("the step size became too small"), error);
      for (guint s = 1; s < STAGES - 1; s++)
        {
          stage_state (d, s, h, d->yt);
          if (accelerations (it, last && s == STAGES - 2 ? t_stop : t + d->c[s] * h, d->yt, d->k[s]) != 0)
            return _sw_dopri_failed (it, t, _("the equations failed"), error);
        }
      stage_state (d, STAGES - 1, h, d->y1);
      if (accelerations (it, last ? t_stop : t + h, d->y1, d->k[STAGES - 1]) != 0)
        return _sw_dopri_failed (it, t, _("the equations failed"), error);
      error_vector (d, h, d->yt);
      err = _sw_dopri_norm_step (it, d->y, d->y1, d->yt);
      if (_sw_dopri_judge (it, &d->ctl, h, last, t_stop, err, d->y1, &rejected))
        {
          tmp = d->y, d->y = d->y1, d->y1 = tmp;
          tmp = d->k[0], d->k[0] = d->k[STAGES - 1], d->k[STAGES - 1] = tmp;
          _sw_integrator_update_scales (it, d->y);
          break;
        }
      if (g_cancellable_is_cancelled (it->cancellable))
        return _sw_dopri_failed (it, t, _("cancelled"), error);
    }
  *t_out = d->ctl.t;
  memcpy (y_out, d->y, 2 * nm * sizeof (double));
  return TRUE;
}

SW_STEP_LOOPS static gboolean
nystrom_interpolate (SwIntegrator *it, double t, double *y, GError **error)
{
  Nystrom *d = it->priv;
  guint nm = d->nm;
  double s = (t - d->ctl.t_old) / d->ctl.h_old, s1 = 1 - s, h = d->ctl.h_old;
  const double *restrict y0 = d->y1, *restrict y1 = d->y;
  double *restrict r3 = d->yt;
  /* r4 and r5, positions then velocities (see Nystrom). */
  double *r4q = d->k[1], *r4v = d->k[2], *r5q = d->k[3], *r5v = d->k[4];

  if (!d->ctl.dense_ready)
    {
      /* Stage accelerations: the start's is k[6] now, the end's k[0].
       * Each j's are read before its coefficients overwrite k[1] … k[4]. */
      double *ks[STAGES] = { d->k[6], d->k[1], d->k[2], d->k[3], d->k[4], d->k[5], d->k[0] };

      for (guint j = 0; j < nm; j++)
        {
          double v0 = y0[nm + j], v1 = y1[nm + j], sq = 0, sv = 0;
          /* Position, then velocity: slopes v and k at either end. */
          double ydq = y1[j] - y0[j], ydv = y1[nm + j] - y0[nm + j];
          double bq = h * v0 - ydq, bv = h * ks[0][j] - ydv;

          for (guint l = 0; l < STAGES; l++)
            {
              sq += d->da[l] * ks[l][j];
              sv += d->dd[l] * ks[l][j];
            }
          r3[j] = bq, r3[nm + j] = bv;
          r4q[j] = ydq - h * v1 - bq, r4v[j] = ydv - h * ks[6][j] - bv;
          r5q[j] = h * (d->d_sum * v0 + h * sq), r5v[j] = h * sv;
        }
      d->ctl.dense_ready = TRUE;
    }
  for (guint j = 0; j < nm; j++)
    y[j] = y0[j] + s * ((y1[j] - y0[j]) + s1 * (r3[j] + s * (r4q[j] + s1 * r5q[j])));
  for (guint j = 0; j < nm; j++)
    y[nm + j] = y0[nm + j] + s * ((y1[nm + j] - y0[nm + j]) + s1 * (r3[nm + j] + s * (r4v[j] + s1 * r5v[j])));
  return TRUE;
}

static gboolean
nystrom_restart (SwIntegrator *it, double t, const double *y, GError **error)
{
  Nystrom *d = it->priv;

  memcpy (d->y, y, 2 * d->nm * sizeof (double));
  _sw_integrator_update_scales (it, d->y);
  _sw_dopri_start (&d->ctl, t);
  /* The interpolant reads y: none until the next step. */
  d->ctl.dense_ready = FALSE;
  if (accelerations (it, t, d->y, d->k[0]) != 0)
    return _sw_dopri_failed (it, t, _("the equations failed"), error);
  return TRUE;
}

static void
nystrom_counters (SwIntegrator *it, guint64 c[SW_N_COUNTERS])
{
  Nystrom *d = it->priv;

  _sw_dopri_counters (&d->ctl, c);
}

static void
nystrom_free (SwIntegrator *it)
{
  Nystrom *d = it->priv;

  if (d == NULL)
    return;
  g_free (d->y), g_free (d->y1), g_free (d->yt);
  for (guint s = 0; s < STAGES; s++)
    g_free (d->k[s]);
  g_free (d);
  it->priv = NULL;
}

const SwIntegratorType sw_integrator_nystrom = {
  .name = "Dormand-Prince",
  .init = nystrom_init,
  .step = nystrom_step,
  .interpolate = nystrom_interpolate,
  .restart = nystrom_restart,
  .counters = nystrom_counters,
  .free = nystrom_free,
};
