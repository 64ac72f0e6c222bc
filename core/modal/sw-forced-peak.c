/* sw-forced-peak.c: the peak of a periodic signal made of harmonics, and
 * the common base of engine orders.
 *
 * The orders o_k of a forced response are rational (0.5, 1, 1.5 … for a
 * four-stroke engine): with their common base o_0 (the largest number of
 * which every order is a whole multiple m_k), the signal they make at a
 * speed, sum_k Re (Y_k exp (i o_k theta)), repeats after theta = 2 pi / o_0
 * (two turns for half orders), and in phi = o_0 theta it is the
 * trigonometric polynomial T (phi) = sum_k Re (Y_k exp (i m_k phi)) over
 * [0, 2 pi). Its peak, max |T|, is found by sampling N >= 4 max (m) + 4
 * points phi_j = (j + 1/2) h, h = 2 pi / N, then refining each sampled
 * local maximum of |T| that could hold the peak by Newton's method on
 * T' = 0, from the vertex of the parabola through it and its neighbours:
 * the true peak's nearest sample, h / 2 away at most, lies at most
 * |T''|max (h / 2)^2 / 2 below it, |T''| <= sum m_k^2 |Y_k|, so the best
 * sample's hill is refined first, then every other sampled maximum that
 * this bound lets rise above the peak found so far. The result is a value T
 * takes (never above the peak) and, refined, equal to it to rounding.
 *
 * A million peaks make a forced response (issue 26: 1 000 sections × 1 000
 * speeds), so both halves are cheap. Sampling: with tables of cos and sin
 * made once, the four samples at phi, -phi, pi - phi and pi + phi come from
 * the same four sums (the even and the odd harmonics apart: exp (i m pi) is
 * their sign), one multiply-add per harmonic and sample in all. Refining:
 * exp (i m phi) for every m by products in vectors of four (no sin or cos
 * per harmonic), exp (i phi) itself from the sample's and a short series
 * in the step from it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-forced-private.h"

#include <math.h>
#include <string.h>

struct _SwForcedPeak {
  guint   n, n_samples, n_quarter, m_max, n_blocks, n_even;
  guint  *m;
  guint  *row_of;     /* harmonic k's row of the tables: the even m first */
  double *c, *s;      /* row r, sample j < N / 4 at [r n_quarter + j] */
  double *er, *ei;    /* exp (i phi_j), every sample */
  double *w1, *w2;    /* m and m^2 at [m - 1], 4 n_blocks */
  /* Scratch of one evaluation (no allocation per peak). */
  double *values;     /* T at the N samples */
  guint  *candidates; /* samples whose hill could hold the peak */
  double *yre, *yim;  /* the amplitudes by table row */
  double *yr, *yi;    /* the amplitudes by harmonic, [m - 1], zero where none */
};

SwForcedPeak *
_sw_forced_peak_new (const guint *m, guint n)
{
  SwForcedPeak *p;
  guint m_max = 1, r = 0;
  guint64 N, Q;

  g_return_val_if_fail (n >= 1, NULL);
  p = g_new0 (SwForcedPeak, 1);
  for (guint k = 0; k < n; k++)
    m_max = MAX (m_max, m[k]);
  /* At least 4 max (m) + 4 samples, a multiple of 16: a quarter of them
   * (the sums) a whole number of vectors of four. */
  N = 16 * (((guint64) 4 * m_max + 4 + 15) / 16);
  Q = N / 4;
  p->n = n;
  p->m_max = m_max;
  p->n_samples = (guint) N;
  p->n_quarter = (guint) Q;
  p->n_blocks = (m_max + 3) / 4;
  p->m = g_memdup2 (m, n * sizeof (guint));
  p->row_of = g_new (guint, n);
  for (int odd = 0; odd < 2; odd++)
    for (guint k = 0; k < n; k++)
      if ((int) (m[k] % 2) == odd)
        p->row_of[k] = r++;
  for (guint k = 0; k < n; k++)
    p->n_even += m[k] % 2 == 0;
  p->c = g_new (double, (gsize) n * Q);
  p->s = g_new (double, (gsize) n * Q);
  for (guint k = 0; k < n; k++)
    for (guint j = 0; j < Q; j++)
      {
        /* m phi_j = m (2 j + 1) pi / N, reduced mod 2 pi in integers: the
         * angle stays below 2 pi, exact in its integer part. */
        double a = G_PI * (double) (((guint64) m[k] * (2 * j + 1)) % (2 * N)) / (double) N;

        p->c[(gsize) p->row_of[k] * Q + j] = cos (a);
        p->s[(gsize) p->row_of[k] * Q + j] = sin (a);
      }
  p->er = g_new (double, N);
  p->ei = g_new (double, N);
  for (guint j = 0; j < N; j++)
    {
      p->er[j] = cos (G_PI * (2 * j + 1) / (double) N);
      p->ei[j] = sin (G_PI * (2 * j + 1) / (double) N);
    }
  p->w1 = g_new (double, 4 * p->n_blocks);
  p->w2 = g_new (double, 4 * p->n_blocks);
  for (guint i = 0; i < 4 * p->n_blocks; i++)
    {
      p->w1[i] = i + 1;
      p->w2[i] = (double) (i + 1) * (i + 1);
    }
  p->values = g_new (double, N);
  p->candidates = g_new (guint, N);
  p->yre = g_new (double, n);
  p->yim = g_new (double, n);
  p->yr = g_new (double, 4 * p->n_blocks);
  p->yi = g_new (double, 4 * p->n_blocks);
  return p;
}

void
_sw_forced_peak_free (SwForcedPeak *p)
{
  if (p == NULL)
    return;
  g_free (p->m);
  g_free (p->row_of);
  g_free (p->c);
  g_free (p->s);
  g_free (p->er);
  g_free (p->ei);
  g_free (p->w1);
  g_free (p->w2);
  g_free (p->values);
  g_free (p->candidates);
  g_free (p->yre);
  g_free (p->yim);
  g_free (p->yr);
  g_free (p->yi);
  g_free (p);
}

/* The kernels in vectors of four written out (GNU C; two registers each
 * without AVX): on x86-64 a second copy for processors with AVX and FMA
 * (chosen when the library loads) besides the baseline's. */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define PEAK_CLONES __attribute__ ((target_clones ("fma", "default")))
#endif
#endif
#ifndef PEAK_CLONES
#define PEAK_CLONES
#endif

typedef double v4d __attribute__ ((vector_size (32)));
typedef gint64 v4l __attribute__ ((vector_size (32)));

#define LOAD4(p)  ({ v4d v_; memcpy (&v_, (p), sizeof v_); v_; })
#define STORE4(p, v) do { v4d v_ = (v); memcpy ((p), &v_, sizeof v_); } while (0)
#define SPLAT4(x) ((v4d) { (x), (x), (x), (x) })
#define ABS4(v)   ((v4d) ((v4l) (v) & (v4l) { G_MAXINT64, G_MAXINT64, G_MAXINT64, G_MAXINT64 }))
#if defined(__clang__)
#define REVERSE4(v) __builtin_shufflevector ((v), (v), 3, 2, 1, 0)
#else
#define REVERSE4(v) __builtin_shuffle ((v), (v4l) { 3, 2, 1, 0 })
#endif
#define MAX4(a, b) ({ v4d a_ = (a), b_ = (b); v4l gt_ = a_ > b_; (v4d) (((v4l) a_ & gt_) | ((v4l) b_ & ~gt_)); })

/* Samples j0 … j0 + 4 W - 1 of the first quarter and their three
 * mirrors into v; the largest |T| of them joins top. Sums of the even
 * (e) and the odd (o) harmonics: A = sum Re Y cos (m phi), B = sum Im Y
 * sin (m phi); T (phi) = A - B, T (-phi) = A + B, T (pi -+ phi) =
 * (Ae - Ao) +- (Be - Bo). W vectors at a time summed in registers over the
 * harmonics; W = 4 keeps eight sums in flight, as many as the
 * multiply-adds (two units, four cycles each). */
static inline __attribute__ ((always_inline)) void
sample_block (const SwForcedPeak *p, guint j0, guint W, double *restrict v, v4d *top)
{
  guint Q = p->n_quarter, N = p->n_samples, n = p->n, ne = p->n_even;
  v4d ae[4] = { { 0 } }, be[4] = { { 0 } }, ao[4] = { { 0 } }, bo[4] = { { 0 } };

  for (guint r = 0; r < ne; r++)
    {
      const double *c = p->c + (gsize) r * Q + j0, *s = p->s + (gsize) r * Q + j0;
      v4d re = SPLAT4 (p->yre[r]), im = SPLAT4 (p->yim[r]);

      for (guint q = 0; q < W; q++)
        {
          ae[q] += re * LOAD4 (c + 4 * q);
          be[q] += im * LOAD4 (s + 4 * q);
        }
    }
  for (guint r = ne; r < n; r++)
    {
      const double *c = p->c + (gsize) r * Q + j0, *s = p->s + (gsize) r * Q + j0;
      v4d re = SPLAT4 (p->yre[r]), im = SPLAT4 (p->yim[r]);

      for (guint q = 0; q < W; q++)
        {
          ao[q] += re * LOAD4 (c + 4 * q);
          bo[q] += im * LOAD4 (s + 4 * q);
        }
    }
  for (guint q = 0; q < W; q++)
    {
      guint j = j0 + 4 * q;
      v4d a = ae[q] + ao[q], b = be[q] + bo[q], d = ae[q] - ao[q], e = be[q] - bo[q];
      v4d t0 = a - b, t1 = a + b, t2 = d + e, t3 = d - e;

      /* Samples j … j + 3, N/2 + j …; N - 1 - j and N/2 - 1 - j run down:
       * stored reversed, whole vectors (the candidates' search reads them
       * back as such, from the store buffer). */
      STORE4 (v + j, t0);
      STORE4 (v + N / 2 + j, t3);
      STORE4 (v + N - 4 - j, REVERSE4 (t1));
      STORE4 (v + N / 2 - 4 - j, REVERSE4 (t2));
      *top = MAX4 (*top, MAX4 (MAX4 (ABS4 (t0), ABS4 (t1)), MAX4 (ABS4 (t2), ABS4 (t3))));
    }
}

/* T at the N samples into p->values; max |T| over them. */
static inline __attribute__ ((always_inline)) double
sample (const SwForcedPeak *p)
{
  guint Q = p->n_quarter, j0 = 0;
  v4d top = { 0, 0, 0, 0 };
  double best;

  for (; j0 + 16 <= Q; j0 += 16)
    sample_block (p, j0, 4, p->values, &top);
  for (; j0 + 8 <= Q; j0 += 8)
    sample_block (p, j0, 2, p->values, &top);
  for (; j0 < Q; j0 += 4)
    sample_block (p, j0, 1, p->values, &top);
  best = MAX (MAX (top[0], top[1]), MAX (top[2], top[3]));
  return best;
}

/* cos and sin of a small angle (|d| <= 0.25) by their series to d^12 and
 * d^13: the first term left out below 1e-20 of 1. */
static inline __attribute__ ((always_inline)) void
small_angle (double d, double *c, double *s)
{
  double x = d * d;

  *c = 1 + x * (-1.0 / 2 + x * (1.0 / 24 + x * (-1.0 / 720 + x * (1.0 / 40320 + x * (-1.0 / 3628800
       + x * (1.0 / 479001600))))));
  *s = d * (1 + x * (-1.0 / 6 + x * (1.0 / 120 + x * (-1.0 / 5040 + x * (1.0 / 362880 + x * (-1.0 / 39916800
       + x * (1.0 / 6227020800.0)))))));
}

/* T, T' and T'' at phi_j + d, from the amplitudes by harmonic (p->yr,
 * p->yi). exp (i m phi) for m = 1 … 4 by products, then block q (m = 4 q
 * + 1 … 4 q + 4) as block q - 2 times exp (8 i phi): two chains of
 * vector products (half the dependent steps of one). */
static inline __attribute__ ((always_inline)) void
evaluate (const SwForcedPeak *p, guint j, double d, double *t, double *t1, double *t2)
{
  double zr, zi, z2r, z2i, z3r, z3i, z4r, z4i, z8r, z8i;
  v4d pr, pi, qr, qi, a = { 0 }, b = { 0 }, c = { 0 };

  if (fabs (d) <= 0.25)
    {
      double cd, sd;

      small_angle (d, &cd, &sd);
      zr = p->er[j] * cd - p->ei[j] * sd;
      zi = p->er[j] * sd + p->ei[j] * cd;
    }
  else
    {
      double phi = G_PI * (2 * j + 1) / p->n_samples + d;

      zr = cos (phi);
      zi = sin (phi);
    }
  z2r = zr * zr - zi * zi, z2i = 2 * zr * zi;
  z3r = z2r * zr - z2i * zi, z3i = z2r * zi + z2i * zr;
  z4r = z2r * z2r - z2i * z2i, z4i = 2 * z2r * z2i;
  z8r = z4r * z4r - z4i * z4i, z8i = 2 * z4r * z4i;
  pr = (v4d) { zr, z2r, z3r, z4r };
  pi = (v4d) { zi, z2i, z3i, z4i };
  /* Block 1: block 0 times z^4. */
  qr = pr * SPLAT4 (z4r) - pi * SPLAT4 (z4i);
  qi = pr * SPLAT4 (z4i) + pi * SPLAT4 (z4r);
  for (guint q = 0; q < p->n_blocks; q++)
    {
      v4d yr = LOAD4 (p->yr + 4 * q), yi = LOAD4 (p->yi + 4 * q), u, w, nr, ni;

      /* Y exp (i m phi) = u + i w: T = u, T' = -m w, T'' = -m^2 u. */
      u = yr * pr - yi * pi;
      w = yr * pi + yi * pr;
      a += u;
      b += LOAD4 (p->w1 + 4 * q) * w;
      c += LOAD4 (p->w2 + 4 * q) * u;
      /* Block q + 2 from block q; q + 1 is next. */
      nr = pr * SPLAT4 (z8r) - pi * SPLAT4 (z8i);
      ni = pr * SPLAT4 (z8i) + pi * SPLAT4 (z8r);
      pr = qr, pi = qi;
      qr = nr, qi = ni;
    }
  *t = (a[0] + a[1]) + (a[2] + a[3]);
  *t1 = -((b[0] + b[1]) + (b[2] + b[3]));
  *t2 = -((c[0] + c[1]) + (c[2] + c[3]));
}

/* Newton on T' = 0 from phi_j + d, within a sample spacing h of it: the
 * larger of peak and every |T| met. */
static inline __attribute__ ((always_inline)) double
refine (const SwForcedPeak *p, guint j, double d, double h, double peak)
{
  double t, t1, t2;

  for (int it = 0; it < 6; it++)
    {
      double step;

      evaluate (p, j, d, &t, &t1, &t2);
      peak = MAX (peak, fabs (t));
      /* The parabola through phi rises at most t1^2 / (2 |t2|) above t:
       * within 1e-12 of it, phi is the top (no evaluation more; most
       * hills take two, from the vertex and one step on). */
      if (t2 == 0 || t1 * t1 <= 2e-12 * fabs (t2) * fabs (t))
        return peak;
      step = CLAMP (-t1 / t2, -h, h);
      d += step;
      /* Newton's next error is about (m_max / 2) step^2 (1e-9 rad here),
       * so the value at the point just reached is within rounding of the
       * hill's top. */
      if (fabs (step) < 1e-5)
        break;
    }
  evaluate (p, j, d, &t, &t1, &t2);
  return MAX (peak, fabs (t));
}

/* Where the parabola through the samples before, at and after a sampled
 * maximum peaks, within half a spacing h of it: Newton then starts a few
 * ulps of angle from the top, not up to h / 2. */
static inline double
vertex (double before, double at, double after, double h)
{
  double den = before - 2 * at + after;

  if (!(fabs (den) > 0))
    return 0;
  return CLAMP (0.5 * h * (before - after) / den, -0.5 * h, 0.5 * h);
}

/* Sample j's hill refined from its parabola's vertex. */
static inline __attribute__ ((always_inline)) double
refine_hill (const SwForcedPeak *p, guint j, double h, double peak)
{
  const double *v = p->values;
  guint N = p->n_samples;
  double before = v[j > 0 ? j - 1 : N - 1], after = v[j + 1 < N ? j + 1 : 0];

  return refine (p, j, vertex (before, v[j], after, h), h, peak);
}

/* An upper bound of |T| on sample j's two spacings, where it has a
 * sampled maximum: the parabola through the three samples peaks at most
 * (b - c)^2 / (8 (2 a - b - c)) above a (the samples signed so that a > 0),
 * and T strays from it by at most max |T'''| |x (x^2 - h^2)| / 6 <=
 * sum m^3 |Y| h^3 / (9 sqrt 3). Tighter than the curvature bound by
 * about m h: a lower hill is rarely refined. */
static inline double
hill_bound (const double *v, guint N, guint j, double cubic_bound)
{
  double a = v[j], b = v[j > 0 ? j - 1 : N - 1], c = v[j + 1 < N ? j + 1 : 0], den;

  if (a < 0)
    a = -a, b = -b, c = -c;
  den = 2 * a - b - c;
  return a + (den > 0 ? (b - c) * (b - c) / (8 * den) : 0) + cubic_bound;
}

PEAK_CLONES static double
peak_eval (SwForcedPeak *p, double curvature, double cubic)
{
  guint N = p->n_samples, n_candidates = 0, first;
  double *v = p->values, h = 2 * G_PI / N, bound = 0.5 * curvature * (h / 2) * (h / 2), best, peak;
  double cubic_bound = cubic * h * h * h / (9 * 1.7320508075688772); /* 9 sqrt 3 */

  best = sample (p);
  if (!(best > 0))
    return best == 0 ? 0 : NAN;
  /* The samples whose hill could rise above the best sample (whose hill
   * is refined first): mostly the best and its neighbours. */
  {
    v4d limit = SPLAT4 (best), b4 = SPLAT4 (bound);

    for (guint j0 = 0; j0 < N; j0 += 4)
      {
        v4l above = ABS4 (LOAD4 (v + j0)) + b4 >= limit;

        if ((above[0] | above[1]) | (above[2] | above[3]))
          for (guint u = 0; u < 4; u++)
            if (above[u])
              p->candidates[n_candidates++] = j0 + u;
      }
  }
  /* The best sample (the first of equals): in the list, as its value plus
   * the bound is above its value. */
  first = p->candidates[0];
  for (guint i = 1; i < n_candidates; i++)
    if (fabs (v[p->candidates[i]]) > fabs (v[first]))
      first = p->candidates[i];
  peak = refine_hill (p, first, h, best);
  for (guint i = 0; i < n_candidates; i++)
    {
      guint j = p->candidates[i];
      double here = fabs (v[j]);

      if (j == first || here + bound <= peak || here < fabs (v[j > 0 ? j - 1 : N - 1])
          || here < fabs (v[j + 1 < N ? j + 1 : 0]) || hill_bound (v, N, j, cubic_bound) <= peak)
        continue;
      peak = refine_hill (p, j, h, peak);
    }
  return peak;
}

double
_sw_forced_peak_eval (SwForcedPeak *p, const double complex *y, const double *abs_y)
{
  double curvature = 0, cubic = 0;

  if (p->n == 1)
    return _sw_forced_abs (y[0]);
  memset (p->yr, 0, 4 * p->n_blocks * sizeof (double));
  memset (p->yi, 0, 4 * p->n_blocks * sizeof (double));
  for (guint k = 0; k < p->n; k++)
    {
      guint r = p->row_of[k], m = p->m[k];

      p->yre[r] = creal (y[k]);
      p->yim[r] = cimag (y[k]);
      p->yr[m - 1] += creal (y[k]);
      p->yi[m - 1] += cimag (y[k]);
      double a = (double) m * m * (abs_y != NULL ? abs_y[k] : _sw_forced_abs (y[k]));

      curvature += a;
      cubic += m * a;
    }
  return peak_eval (p, curvature, cubic);
}

double
sw_forced_synthesised_peak (const double complex *y, const guint *m, guint n)
{
  g_autoptr (SwForcedPeak) p = NULL;

  g_return_val_if_fail (y != NULL && m != NULL && n >= 1, NAN);
  for (guint k = 0; k < n; k++)
    {
      g_return_val_if_fail (m[k] >= 1, NAN);
      if (!isfinite (creal (y[k])) || !isfinite (cimag (y[k])))
        return NAN;
    }
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
