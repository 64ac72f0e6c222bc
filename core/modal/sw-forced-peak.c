/* sw-forced-peak.c: the peak of a periodic signal made of harmonics, and
 * the common base of engine orders.
 *
 * The orders o_k of a forced response are rational (0.5, 1, 1.5 … for a
 * four-stroke engine): with their common base o_0 (the largest number of
 * which every order is a whole multiple m_k), the signal they make at a
 * speed, sum_k Re (Y_k exp (i o_k theta)), repeats after theta = 2 pi / o_0
 * (two turns for half orders), and in phi = o_0 theta it is the
 * trigonometric polynomial T (phi) = sum_k Re (Y_k exp (i m_k phi)) over
 * [0, 2 pi). Its peak, max |T|, is found by sampling at least 4 max (m) + 4
 * evenly spaced points (a table of cos and sin made once, so that a sample
 * costs two multiplications per harmonic; samples j and N - j share them,
 * so the tables hold half the samples), then refining each sampled local
 * maximum of |T| that could hold the peak by Newton's method on T' = 0,
 * from the vertex of the parabola through it and its neighbours: the true
 * peak's nearest sample, h / 2 away at most, lies at most
 * |T''|max (h / 2)^2 / 2 below it, |T''| <= sum m_k^2 |Y_k|, so the best
 * sample's hill is refined first, then every other sampled maximum that
 * this bound lets rise above the peak found so far. The result is a value T
 * takes (never above the peak) and, refined, equal to it to rounding.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-forced-private.h"

#include <math.h>
#include <string.h>

struct _SwForcedPeak {
  guint   n, n_samples, n_half, m_max;
  guint  *m;
  double *c, *s;      /* harmonic k, sample j <= n_samples / 2 at [k n_half + j] */
  double *values;     /* T at the samples */
  double complex *powers; /* exp (i j phi), j = 0 … max (m_max, 3) */
};

SwForcedPeak *
_sw_forced_peak_new (const guint *m, guint n)
{
  SwForcedPeak *p = g_new0 (SwForcedPeak, 1);
  guint m_max = 1;

  g_return_val_if_fail (n >= 1, NULL);
  for (guint k = 0; k < n; k++)
    m_max = MAX (m_max, m[k]);
  p->n = n;
  p->m_max = m_max;
  /* At least 4 max (m) + 4, a whole number of blocks of 8 (below). */
  p->n_samples = 8 * ((4 * m_max + 4 + 7) / 8);
  p->m = g_memdup2 (m, n * sizeof (guint));
  /* Samples 0 … N / 2 (a whole number of blocks of 8): N - j's cos and
   * sin are j's and minus j's. */
  p->n_half = 8 * ((p->n_samples / 2 + 1 + 7) / 8);
  p->c = g_new (double, (gsize) n * p->n_half);
  p->s = g_new (double, (gsize) n * p->n_half);
  p->values = g_new (double, p->n_samples);
  p->powers = g_new (double complex, MAX (m_max + 1, 4)); /* z^0 … z^3 always */
  for (guint k = 0; k < n; k++)
    for (guint j = 0; j < p->n_half; j++)
      {
        /* m j mod N first: the angle stays below 2 pi, exact in its
         * integer part. */
        double a = 2 * G_PI * (double) (((guint64) m[k] * j) % p->n_samples) / p->n_samples;

        p->c[(gsize) k * p->n_half + j] = cos (a);
        p->s[(gsize) k * p->n_half + j] = sin (a);
      }
  return p;
}

void
_sw_forced_peak_free (SwForcedPeak *p)
{
  if (p == NULL)
    return;
  g_free (p->m);
  g_free (p->c);
  g_free (p->s);
  g_free (p->values);
  g_free (p->powers);
  g_free (p);
}

static inline double complex
cmul (double complex a, double complex b)
{
  return CMPLX (creal (a) * creal (b) - cimag (a) * cimag (b), creal (a) * cimag (b) + cimag (a) * creal (b));
}

/* T, T' and T'' at phi. */
static void
evaluate (SwForcedPeak *p, const double complex *y, double phi, double *t, double *t1, double *t2)
{
  double complex z = CMPLX (cos (phi), sin (phi)), *pw = p->powers, z4;
  double a = 0, b = 0, c = 0;

  /* Products written out (the compiler's complex one guards against
   * infinities), the powers in four chains of z^4: a quarter of the
   * dependent steps of one chain of z. */
  pw[0] = 1;
  pw[1] = z;
  pw[2] = cmul (z, z);
  pw[3] = cmul (pw[2], z);
  z4 = cmul (pw[2], pw[2]);
  for (guint j = 4; j <= p->m_max; j++)
    pw[j] = cmul (pw[j - 4], z4);
  for (guint k = 0; k < p->n; k++)
    {
      /* Y e^{i m phi} = u + i v: T = u, T' = -m v, T'' = -m^2 u. */
      double complex e = cmul (y[k], pw[p->m[k]]);
      double mk = p->m[k];

      a += creal (e);
      b -= mk * cimag (e);
      c -= mk * mk * creal (e);
    }
  *t = a;
  *t1 = b;
  *t2 = c;
}

/* Newton on T' = 0 from phi, within a sample spacing h of it: the larger
 * of peak and every |T| met. */
static double
refine (SwForcedPeak *p, const double complex *y, double phi, double h, double peak)
{
  for (int it = 0; it < 6; it++)
    {
      double t, t1, t2, step;

      evaluate (p, y, phi, &t, &t1, &t2);
      peak = MAX (peak, fabs (t));
      /* The parabola through phi rises at most t1^2 / (2 |t2|) above t:
       * within 1e-14 of it, phi is the top to rounding (no evaluation
       * more). */
      if (t2 == 0 || t1 * t1 <= 2e-14 * fabs (t2) * fabs (t))
        return peak;
      step = CLAMP (-t1 / t2, -h, h);
      phi += step;
      /* Newton's next error is about (m_max / 2) step^2 (1e-9 rad here),
       * so the value at the point just reached is within rounding of the
       * hill's top. */
      if (fabs (step) < 1e-5)
        break;
    }
  {
    double t, t1, t2;

    evaluate (p, y, phi, &t, &t1, &t2);
    return MAX (peak, fabs (t));
  }
}

/* The samples' multiply-adds are most of a peak's cost: on x86-64 a
 * second copy for processors with AVX and FMA (four lanes, chosen when the
 * library loads) besides the baseline's two. */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define SAMPLES_CLONES __attribute__ ((target_clones ("fma", "default")))
#endif
#endif
#ifndef SAMPLES_CLONES
#define SAMPLES_CLONES
#endif

typedef double v4d __attribute__ ((vector_size (32)));

/* Samples j0 … j0 + 8 u - 1 from their sums A (a) and B (b): T at j is
 * A - B, at N - j A + B. */
static inline void
store_samples (guint j0, guint count, guint N, const v4d *a, const v4d *b, double *restrict v)
{
  double av[16], bv[16];

  memcpy (av, a, count * sizeof (double));
  memcpy (bv, b, count * sizeof (double));
  for (guint u = 0; u < count; u++)
    {
      guint j = j0 + u;

      if (j <= N / 2)
        v[j] = av[u] - bv[u];
      if (j > 0 && j < N - j)
        v[N - j] = av[u] + bv[u];
    }
}

/* T at the N samples into v from the tables of the first H (a multiple of
 * 8, above N / 2): with A = sum Re Y cos and B = sum Im Y sin at sample j,
 * T there is A - B and at N - j A + B (half the work, and tables that fit
 * the first-level cache). Sixteen samples at a time summed in registers
 * over the harmonics (a store per sample, not one per sample and
 * harmonic): eight independent sums, as many as the multiply-adds in
 * flight (two units, four cycles each); four would leave half of them
 * waiting on the sum before. */
SAMPLES_CLONES static void
sample (guint n, guint N, guint H, const double *restrict cs, const double *restrict sn, const double complex *y,
        double *restrict v)
{
  /* Vectors of four written out (GNU C; two registers each without AVX):
   * the compiler's cheap vectoriser leaves two sums per sample scalar. */
  guint j0 = 0;

  for (; j0 + 16 <= H; j0 += 16)
    {
      v4d a[4] = { { 0 } }, b[4] = { { 0 } };

      for (guint k = 0; k < n; k++)
        {
          const double *c = cs + (gsize) k * H + j0, *s = sn + (gsize) k * H + j0;
          v4d re = { creal (y[k]), creal (y[k]), creal (y[k]), creal (y[k]) };
          v4d im = { cimag (y[k]), cimag (y[k]), cimag (y[k]), cimag (y[k]) };

          for (guint q = 0; q < 4; q++)
            {
              v4d cq, sq;

              memcpy (&cq, c + 4 * q, sizeof cq);
              memcpy (&sq, s + 4 * q, sizeof sq);
              a[q] += re * cq;
              b[q] += im * sq;
            }
        }
      store_samples (j0, 16, N, a, b, v);
    }
  for (; j0 < H; j0 += 8)
    {
      v4d a[2] = { { 0 } }, b[2] = { { 0 } };

      for (guint k = 0; k < n; k++)
        {
          const double *c = cs + (gsize) k * H + j0, *s = sn + (gsize) k * H + j0;
          v4d re = { creal (y[k]), creal (y[k]), creal (y[k]), creal (y[k]) };
          v4d im = { cimag (y[k]), cimag (y[k]), cimag (y[k]), cimag (y[k]) };

          for (guint q = 0; q < 2; q++)
            {
              v4d cq, sq;

              memcpy (&cq, c + 4 * q, sizeof cq);
              memcpy (&sq, s + 4 * q, sizeof sq);
              a[q] += re * cq;
              b[q] += im * sq;
            }
        }
      store_samples (j0, 8, N, a, b, v);
    }
}

/* Where the parabola through the samples before, at and after a sampled
 * maximum peaks, within half a spacing h of it: Newton then starts a few
 * ulps of angle from the top, not up to h / 2. */
static double
vertex (double before, double at, double after, double h)
{
  double den = before - 2 * at + after;

  if (!(fabs (den) > 0))
    return 0;
  return CLAMP (0.5 * h * (before - after) / den, -0.5 * h, 0.5 * h);
}

double
_sw_forced_peak_eval (SwForcedPeak *p, const double complex *y, const double *abs_y)
{
  guint N = p->n_samples;
  double *v = p->values, best = -1, curvature = 0, h = 2 * G_PI / N, bound, peak, at;
  guint first = 0;

  if (p->n == 1)
    return _sw_forced_abs (y[0]);
  for (guint k = 0; k < p->n; k++)
    curvature += (double) p->m[k] * p->m[k] * (abs_y != NULL ? abs_y[k] : _sw_forced_abs (y[k]));
  sample (p->n, N, p->n_half, p->c, p->s, y, v);
  /* The best sample: four independent chains of comparisons (without
   * branches: which sample wins is unpredictable), N a multiple of 8. */
  {
    double top[4] = { -1, -1, -1, -1 };
    guint at_top[4] = { 0, 0, 0, 0 };

    for (guint j = 0; j < N; j += 4)
      for (guint u = 0; u < 4; u++)
        {
          double here = fabs (v[j + u]);
          gboolean above = here > top[u];

          top[u] = above ? here : top[u];
          at_top[u] = above ? j + u : at_top[u];
        }
    for (guint u = 0; u < 4; u++)
      if (top[u] > best || (top[u] == best && at_top[u] < first))
        best = top[u], first = at_top[u];
  }
  bound = 0.5 * curvature * (h / 2) * (h / 2);
  /* The best sample's hill first: the peak found there then rules out
   * every sampled maximum whose hill cannot rise above it. */
  at = first * h + vertex (v[first > 0 ? first - 1 : N - 1], v[first], v[first + 1 < N ? first + 1 : 0], h);
  peak = refine (p, y, at, h, best);
  for (guint j = 0; j < N; j++)
    {
      double here = fabs (v[j]), before, after;

      /* Most samples: their hill cannot rise above the peak. */
      if (here + bound <= peak || j == first)
        continue;
      before = v[j > 0 ? j - 1 : N - 1];
      after = v[j + 1 < N ? j + 1 : 0];
      if (here < fabs (before) || here < fabs (after))
        continue;
      peak = refine (p, y, j * h + vertex (before, v[j], after, h), h, peak);
    }
  return peak;
}

double
sw_forced_synthesised_peak (const double complex *y, const guint *m, guint n)
{
  g_autoptr (SwForcedPeak) p = NULL;

  g_return_val_if_fail (y != NULL && m != NULL && n >= 1, NAN);
  p = _sw_forced_peak_new (m, n);
  return _sw_forced_peak_eval (p, y, NULL);
}

/* x as p / q with q <= SW_FORCED_MAX_DENOMINATOR, within 1e-9 of x
 * relative, by its continued fraction. */
static gboolean
as_fraction (double x, guint64 *num, guint64 *den)
{
  guint64 h0 = 0, h1 = 1, k0 = 1, k1 = 0;
  double r = x;

  for (int it = 0; it < 64; it++)
    {
      double a = floor (r);
      guint64 h2, k2;

      if (a > 1e12)
        break;
      h2 = (guint64) a * h1 + h0;
      k2 = (guint64) a * k1 + k0;
      if (k2 > SW_FORCED_MAX_DENOMINATOR)
        break;
      h0 = h1, h1 = h2, k0 = k1, k1 = k2;
      if (fabs ((double) h1 / k1 - x) <= 1e-9 * x)
        {
          *num = h1;
          *den = k1;
          return h1 > 0;
        }
      if (r - a == 0)
        break;
      r = 1 / (r - a);
    }
  return FALSE;
}

static guint64
gcd64 (guint64 a, guint64 b)
{
  while (b != 0)
    {
      guint64 t = a % b;

      a = b;
      b = t;
    }
  return a;
}

gboolean
sw_forced_order_base (const double *orders, guint n, guint *m, double *base)
{
  guint64 g = 0, l = 1;
  g_autofree guint64 *num = g_new (guint64, MAX (n, 1));
  g_autofree guint64 *den = g_new (guint64, MAX (n, 1));

  g_return_val_if_fail (n >= 1, FALSE);
  /* base = gcd (p_k) / lcm (q_k); m_k = (p_k / q_k) / base. */
  for (guint k = 0; k < n; k++)
    {
      if (!(isfinite (orders[k]) && orders[k] > 0 && orders[k] < 1e9) || !as_fraction (orders[k], &num[k], &den[k]))
        return FALSE;
      l = l / gcd64 (l, den[k]) * den[k];
      if (l > G_MAXUINT32)
        return FALSE;
    }
  for (guint k = 0; k < n; k++)
    g = gcd64 (g, num[k] * (l / den[k]));
  for (guint k = 0; k < n; k++)
    {
      guint64 mk = num[k] * (l / den[k]) / g;

      if (mk > G_MAXUINT32)
        return FALSE;
      m[k] = (guint) mk;
    }
  *base = (double) g / l;
  return TRUE;
}
