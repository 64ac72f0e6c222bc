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
 * points phi_j = (j + 1/2) h, h = 2 pi / N, then searching the cells
 * (5/8 h around a sample) that could hold it: the true peak lies within
 * h / 2 of a sample and at most |T''|max (h / 2)^2 / 2 above it, |T''| <=
 * sum m_k^2 |Y_k|. A cell is searched with the quartic p of T's Taylor
 * series at a point (|T - p| <= sum m_k^5 |Y_k| |x|^5 / 120): every maximum
 * of |p| there (the roots of the cubic p') that could rise above the peak
 * found is taken where that bound is below 1e-13 of it, else refined by
 * Newton's method. The best sample's cell first, from the vertex of the
 * parabola through it and its neighbours; its quartic also bounds its
 * neighbours' cells, and a three-sample bound the others, so that two
 * neighbouring hills with nearly equal tops are both looked at. The result
 * is within 1e-13 of the peak.
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
  gboolean repeated;  /* an m more than once: its amplitudes summed */
  guint  *m;
  guint  *row_of;     /* harmonic k's row of the tables: the even m first */
  double *c, *s;      /* row r, sample j < N / 4 at [r n_quarter + j] */
  double *er, *ei;    /* exp (i phi_j), every sample */
  double *w[4];       /* m, m^2, m^3, m^4 at [m - 1], 4 n_blocks */
  /* Scratch of one evaluation (no allocation per peak). */
  double *values;     /* T at the N samples */
  double *lane_top;   /* [j], j < N / 4: max |T| at sample j and its mirrors */
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
  /* At least 4 max (m) + 4 samples, a multiple of 64: a quarter of them
   * (the sums) a whole number of blocks of 16 (below). */
  Q = 16 * (((guint64) m_max + 1 + 15) / 16);
  N = 4 * Q;
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
  for (guint r = 0; r < 4; r++)
    {
      p->w[r] = g_new (double, 4 * p->n_blocks);
      for (guint i = 0; i < 4 * p->n_blocks; i++)
        p->w[r][i] = pow (i + 1, r + 1);
    }
  p->values = g_new (double, N);
  p->lane_top = g_new (double, Q);
  p->candidates = g_new (guint, N);
  p->yre = g_new (double, n);
  p->yim = g_new (double, n);
  /* Zero where no harmonic: only the others are written. */
  p->yr = g_new0 (double, 4 * p->n_blocks);
  p->yi = g_new0 (double, 4 * p->n_blocks);
  for (guint k = 0; k < n && !p->repeated; k++)
    for (guint i = 0; i < k && !p->repeated; i++)
      p->repeated = m[i] == m[k];
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
  for (guint r = 0; r < 4; r++)
    g_free (p->w[r]);
  g_free (p->values);
  g_free (p->lane_top);
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

/* Samples j0 … j0 + 15 of the first quarter and their three mirrors
 * into v, the largest |T| of each four into lane_top. Sums of the even
 * (e) and the odd (o) harmonics: A = sum Re Y cos (m phi), B = sum Im Y
 * sin (m phi); T (phi) = A - B, T (-phi) = A + B, T (pi -+ phi) =
 * (Ae - Ao) +- (Be - Bo). Sixteen samples at a time summed in registers
 * over the harmonics: eight sums in flight, as many as the multiply-adds
 * (two units, four cycles each). */
static inline __attribute__ ((always_inline)) void
sample_block (const SwForcedPeak *p, guint j0, double *restrict v, double *restrict lane_top, v4d *top)
{
  guint Q = p->n_quarter, N = p->n_samples, n = p->n, ne = p->n_even;
  v4d ae[4] = { { 0 } }, be[4] = { { 0 } }, ao[4] = { { 0 } }, bo[4] = { { 0 } };

  for (guint r = 0; r < ne; r++)
    {
      const double *c = p->c + (gsize) r * Q + j0, *s = p->s + (gsize) r * Q + j0;
      v4d re = SPLAT4 (p->yre[r]), im = SPLAT4 (p->yim[r]);

      for (guint q = 0; q < 4; q++)
        {
          ae[q] += re * LOAD4 (c + 4 * q);
          be[q] += im * LOAD4 (s + 4 * q);
        }
    }
  for (guint r = ne; r < n; r++)
    {
      const double *c = p->c + (gsize) r * Q + j0, *s = p->s + (gsize) r * Q + j0;
      v4d re = SPLAT4 (p->yre[r]), im = SPLAT4 (p->yim[r]);

      for (guint q = 0; q < 4; q++)
        {
          ao[q] += re * LOAD4 (c + 4 * q);
          bo[q] += im * LOAD4 (s + 4 * q);
        }
    }
  for (guint q = 0; q < 4; q++)
    {
      guint j = j0 + 4 * q;
      v4d a = ae[q] + ao[q], b = be[q] + bo[q], d = ae[q] - ao[q], e = be[q] - bo[q];
      v4d t0 = a - b, t1 = a + b, t2 = d + e, t3 = d - e;
      v4d lane = MAX4 (MAX4 (ABS4 (t0), ABS4 (t1)), MAX4 (ABS4 (t2), ABS4 (t3)));

      /* Samples j … j + 3, N/2 + j …; N - 1 - j and N/2 - 1 - j run down. */
      STORE4 (v + j, t0);
      STORE4 (v + N / 2 + j, t3);
      STORE4 (v + N - 4 - j, REVERSE4 (t1));
      STORE4 (v + N / 2 - 4 - j, REVERSE4 (t2));
      STORE4 (lane_top + j, lane);
      *top = MAX4 (*top, lane);
    }
}

/* T at the N samples into p->values; max |T| over them. */
static inline __attribute__ ((always_inline)) double
sample (const SwForcedPeak *p)
{
  v4d top = { 0, 0, 0, 0 };

  for (guint j0 = 0; j0 < p->n_quarter; j0 += 16)
    sample_block (p, j0, p->values, p->lane_top, &top);
  return MAX (MAX (top[0], top[1]), MAX (top[2], top[3]));
}

/* cos and sin of a small angle (|d| <= 1/16) by their series to d^8 and
 * d^9: the first term left out below 1e-18 of 1. */
static inline __attribute__ ((always_inline)) void
small_angle (double d, double *c, double *s)
{
  double x = d * d;

  *c = 1 + x * (-1.0 / 2 + x * (1.0 / 24 + x * (-1.0 / 720 + x * (1.0 / 40320))));
  *s = d * (1 + x * (-1.0 / 6 + x * (1.0 / 120 + x * (-1.0 / 5040 + x * (1.0 / 362880)))));
}

/* T and its first four derivatives at phi_j + d into t[0 … 4], from the
 * amplitudes by harmonic (p->yr, p->yi). exp (i m phi) for m = 1 … 4 by
 * products, then block q (m = 4 q + 1 … 4 q + 4) as block q - 2 times
 * exp (8 i phi): two chains of vector products (half the dependent steps
 * of one). */
static inline __attribute__ ((always_inline)) void
evaluate (const SwForcedPeak *p, guint j, double d, double t[5])
{
  double zr, zi, z2r, z2i, z3r, z3i, z4r, z4i, z8r, z8i;
  v4d pr, pi, qr, qi, acc[5] = { { 0 } };

  if (fabs (d) <= 1.0 / 16)
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

      /* Y exp (i m phi) = u + i w: T = u, T' = -m w, T'' = -m^2 u,
       * T''' = m^3 w, T'''' = m^4 u. */
      u = yr * pr - yi * pi;
      w = yr * pi + yi * pr;
      acc[0] += u;
      acc[1] += LOAD4 (p->w[0] + 4 * q) * w;
      acc[2] += LOAD4 (p->w[1] + 4 * q) * u;
      acc[3] += LOAD4 (p->w[2] + 4 * q) * w;
      acc[4] += LOAD4 (p->w[3] + 4 * q) * u;
      /* Block q + 2 from block q; q + 1 is next. */
      nr = pr * SPLAT4 (z8r) - pi * SPLAT4 (z8i);
      ni = pr * SPLAT4 (z8i) + pi * SPLAT4 (z8r);
      pr = qr, pi = qi;
      qr = nr, qi = ni;
    }
  for (guint r = 0; r < 5; r++)
    t[r] = (acc[r][0] + acc[r][1]) + (acc[r][2] + acc[r][3]);
  t[1] = -t[1];
  t[2] = -t[2];
}

/* p' (x) = t1 + t2 x + t3 x^2 / 2 + t4 x^3 / 6 and p'' of the quartic
 * p (x) = sum t_r x^r / r! at x. */
static inline double
slope (const double t[5], double x)
{
  return t[1] + x * (t[2] + x * (t[3] / 2 + x * t[4] / 6));
}

static inline double
bend (const double t[5], double x)
{
  return t[2] + x * (t[3] + x * t[4] / 2);
}

static inline double
quartic (const double t[5], double x)
{
  return t[0] + x * (t[1] + x * (t[2] / 2 + x * (t[3] / 6 + x * t[4] / 24)));
}

/* The root of p' in [lo, hi], where it changes sign: Newton's method kept
 * within a shrinking bracket (bisection where a step would leave it). */
static inline double
slope_root (const double t[5], double lo, double hi)
{
  /* From Newton's first step from 0 where it is in the bracket (near a
   * top: two or three steps), else from the middle. */
  double flo = slope (t, lo), x = t[2] != 0 ? -t[1] / t[2] : 0.5 * (lo + hi);

  if (!(x >= MIN (lo, hi) && x <= MAX (lo, hi)))
    x = 0.5 * (lo + hi);

  for (int it = 0; it < 60; it++)
    {
      double f = slope (t, x), d = bend (t, x), next;

      if (f == 0)
        return x;
      if ((f < 0) == (flo < 0))
        lo = x, flo = f;
      else
        hi = x;
      next = d != 0 ? x - f / d : 0.5 * (lo + hi);
      if (!(next >= MIN (lo, hi) && next <= MAX (lo, hi)))
        next = 0.5 * (lo + hi);
      /* 1e-11 rad off the root: p below its top by p'' 1e-22 / 2. */
      if (fabs (next - x) <= 1e-11)
        return next;
      x = next;
    }
  return x;
}

/* The maxima of |p| in [a, b]: the roots of p' where p p'' < 0. p'' has
 * at most two roots: between them and the ends p' is monotonic, with at
 * most one root each. Returns how many (at most 3) into x. */
static inline guint
quartic_maxima (const double t[5], double a, double b, double x[3])
{
  double cut[4], A = t[4] / 2, B = t[3], C = t[2];
  guint n_cut = 0, n = 0;

  /* The roots of p'' = C + B x + A x^2, the stable way; none where p''
   * keeps its sign over [a, b] (mostly: a hill's top). */
  cut[n_cut++] = a;
  {
    double ea = C + a * (B + a * A), eb = C + b * (B + b * A), mid = A != 0 ? -B / (2 * A) : a;

    if ((ea < 0) == (eb < 0) && ea != 0 && eb != 0
        && !(mid > a && mid < b && ((C + mid * (B + mid * A)) < 0) != (ea < 0)))
      A = B = 0, C = ea;
  }
  if (A != 0)
    {
      double disc = B * B - 4 * A * C;

      if (disc > 0)
        {
          double q = -0.5 * (B + copysign (sqrt (disc), B)), r1 = q / A, r2 = q != 0 ? C / q : r1;

          if (r1 > r2)
            {
              double s = r1;

              r1 = r2, r2 = s;
            }
          if (r1 > a && r1 < b)
            cut[n_cut++] = r1;
          if (r2 > a && r2 < b && r2 != r1)
            cut[n_cut++] = r2;
        }
    }
  else if (B != 0 && -C / B > a && -C / B < b)
    cut[n_cut++] = -C / B;
  cut[n_cut++] = b;
  for (guint k = 0; k + 1 < n_cut; k++)
    {
      double f0 = slope (t, cut[k]), f1 = slope (t, cut[k + 1]), r;

      if ((f0 < 0) == (f1 < 0) || f0 == 0)
        continue;
      r = slope_root (t, cut[k], cut[k + 1]);
      if (quartic (t, r) * bend (t, r) < 0)
        x[n++] = r;
    }
  return n;
}

/* Newton's method on T' = 0 from phi_j + d: the larger of peak and the top
 * of the hill of |T| there. Each evaluation's quartic p gives the next
 * point, its top; T strays from p at x by at most C5 |x|^5 / 120 (C5 =
 * sum m^5 |Y| bounds |T'''''|): where that is below 1e-13 of |T|, p's top
 * is the hill's to 1e-13 (most hills: one evaluation or two). */
static inline __attribute__ ((always_inline)) double
refine (const SwForcedPeak *p, guint j, double d, double h, double c5, double peak)
{
  double t[5];

  for (int it = 0; it < 8; it++)
    {
      double x = 0, top, x2, tops[3];
      guint n;

      evaluate (p, j, d, t);
      peak = MAX (peak, fabs (t[0]));
      /* The nearest top of p: mostly two Newton steps from 0 (quadratic
       * convergence from where the last quartic said), else looked for
       * over half a spacing around. */
      if (t[0] * t[2] < 0)
        {
          x = -t[1] / t[2];
          x -= slope (t, x) / bend (t, x);
          x -= slope (t, x) / bend (t, x);
        }
      if (!(t[0] * t[2] < 0 && fabs (x) <= h / 2 && quartic (t, x) * bend (t, x) < 0
            && fabs (slope (t, x)) <= 1e-9 * fabs (t[2]) * h))
        {
          n = quartic_maxima (t, -h / 2, h / 2, tops);
          if (n == 0)
            return peak;
          x = tops[0];
          for (guint k = 1; k < n; k++)
            if (fabs (tops[k]) < fabs (x))
              x = tops[k];
        }
      top = fabs (quartic (t, x));
      x2 = x * x;
      if (c5 * x2 * x2 * fabs (x) <= 1.2e-11 * top)
        return MAX (peak, top);
      d += x;
    }
  return peak;
}

/* Sample j's cell, [-5/8, 5/8] spacings around it (a little more than its
 * half spacing each side: a top on the border is found from either side),
 * searched from phi_j + x0: every maximum of |p| there (p the quartic at
 * x0) that could rise above peak refined, or taken where p is within 1e-13
 * of T. The largest of peak and the tops found. With done (the best
 * sample's cell) the neighbours' cells too are bounded by p, up to
 * 1 5/8 spacings: done[0] (before) and done[1] (after) where that bound
 * keeps them below the peak found (mostly: the top's hill falls away). */
static inline __attribute__ ((always_inline)) double
cell_search (const SwForcedPeak *p, guint j, double x0, double h, double c5, double peak, gboolean done[2])
{
  double t[5], tops[3], reach = done != NULL ? 1.625 * h : 0.625 * h, far[2] = { 0, 0 };
  guint n;

  evaluate (p, j, x0, t);
  peak = MAX (peak, fabs (t[0]));
  n = quartic_maxima (t, -reach - x0, reach - x0, tops);
  for (guint k = 0; k < n; k++)
    {
      double x = tops[k], top = fabs (quartic (t, x)), x2 = x * x, error = c5 * x2 * x2 * fabs (x) / 120;

      if (fabs (x0 + x) > 0.625 * h)
        {
          /* In a neighbour's cell: bounded below. */
          far[x0 + x > 0] = MAX (far[x0 + x > 0], top);
          continue;
        }
      if (top + error <= peak)
        continue;
      if (error <= 1e-13 * top)
        peak = MAX (peak, top);
      else
        peak = refine (p, j, x0 + x, h, c5, peak);
    }
  if (done != NULL)
    {
      double r = reach + fabs (x0), r2 = r * r, error = c5 * r2 * r2 * r / 120;

      for (int side = 0; side < 2; side++)
        {
          double sign = side ? 1 : -1;
          double top = MAX (far[side], MAX (fabs (quartic (t, sign * 0.625 * h - x0)), fabs (quartic (t, sign * reach - x0))));

          done[side] = top + error <= peak;
        }
    }
  return peak;
}

/* Where the parabola through the samples before, at and after a sampled
 * maximum peaks, within half a spacing h of it: the cell's search starts a
 * few ulps of angle from the top, not up to h / 2. */
static inline double
vertex (double before, double at, double after, double h)
{
  double den = before - 2 * at + after;

  if (!(fabs (den) > 0))
    return 0;
  return CLAMP (0.5 * h * (before - after) / den, -0.5 * h, 0.5 * h);
}

/* An upper bound of |T| on sample j's cell (|x| <= 5 h / 8): the parabola
 * P through the three samples, and T strays from it by at most
 * max |T'''| |x (x^2 - h^2)| / 6 <= sum m^3 |Y| h^3 / (9 sqrt 3) for |x| <= h.
 * Tighter than the curvature bound by about m h: a lower hill is rarely
 * searched. */
static inline double
cell_bound (const double *v, guint N, guint j, double h, double cubic_bound)
{
  double a = v[j], b = v[j > 0 ? j - 1 : N - 1], c = v[j + 1 < N ? j + 1 : 0], den = b - 2 * a + c;
  double r = 0.625, top = MAX (fabs (a + r * (c - b) / 2 + r * r * den / 2), fabs (a - r * (c - b) / 2 + r * r * den / 2));

  /* P (x) = a + (c - b) x / 2 + den x^2 / 2 in spacings; its vertex. */
  if (den != 0 && fabs ((b - c) / (2 * den)) < r)
    top = MAX (top, fabs (a - (c - b) * (c - b) / (8 * den)));
  return top + cubic_bound;
}

/* c2, c3, c5 bound |T''|, |T'''| and |T'''''|: sum m^r |Y|. */
PEAK_CLONES static double
peak_eval (SwForcedPeak *p, double c2, double c3, double c5)
{
  guint N = p->n_samples, Q = p->n_quarter, n_candidates = 0, first;
  double *v = p->values, h = 2 * G_PI / N, best, peak;
  gboolean done[2];
  double bound = 0.5 * c2 * (h / 2) * (h / 2), cubic_bound = c3 * h * h * h / (9 * 1.7320508075688772);

  best = sample (p);
  if (!(best > 0))
    return best == 0 ? 0 : NAN;
  /* The samples whose cell could rise above the best sample: mostly the
   * best and its neighbours; looked for among the four mirrors of a
   * sample of the first quarter only where the largest of them could be
   * one. */
  for (guint i0 = 0; i0 < Q; i0 += 64)
    {
      /* Which of 64 lanes could (a bit each, without a branch per lane). */
      v4l bits = { 0 };
      guint64 set;

      for (guint q = 0; q < 16 && i0 + 4 * q < Q; q++)
        {
          v4l above = LOAD4 (p->lane_top + i0 + 4 * q) + SPLAT4 (bound) >= SPLAT4 (best);

          bits |= above & ((v4l) { 1, 2, 4, 8 } << (4 * q));
        }
      for (set = (guint64) ((bits[0] | bits[1]) | (bits[2] | bits[3])); set != 0; set &= set - 1)
        {
          guint i = i0 + (guint) __builtin_ctzll (set);
          guint at[4] = { i, N / 2 - 1 - i, N / 2 + i, N - 1 - i };

          for (guint u = 0; u < 4; u++)
            {
              p->candidates[n_candidates] = at[u];
              n_candidates += fabs (v[at[u]]) + bound >= best;
            }
        }
    }
  g_assert (n_candidates > 0);
  /* The best sample (the first of equals): its cell first, from the
   * vertex of the parabola through it and its neighbours. */
  first = p->candidates[0];
  for (guint i = 1; i < n_candidates; i++)
    {
      guint j = p->candidates[i];

      if (fabs (v[j]) > fabs (v[first]) || (fabs (v[j]) == fabs (v[first]) && j < first))
        first = j;
    }
  peak = cell_search (p, first,
                      vertex (v[first > 0 ? first - 1 : N - 1], v[first], v[first + 1 < N ? first + 1 : 0], h),
                      h, c5, best, done);
  /* Every other cell that could hold a higher top (the true peak lies
   * within half a spacing of a sample, at most the curvature bound above
   * it). */
  for (guint i = 0; i < n_candidates; i++)
    {
      guint j = p->candidates[i];
      double before = v[j > 0 ? j - 1 : N - 1], after = v[j + 1 < N ? j + 1 : 0], here = fabs (v[j]);

      if (j == first || (j == (first + N - 1) % N && done[0]) || (j == (first + 1) % N && done[1])
          || here + bound <= peak || cell_bound (v, N, j, h, cubic_bound) <= peak)
        continue;
      /* From a sampled maximum's vertex, else from the sample. */
      peak = cell_search (p, j, here >= fabs (before) && here >= fabs (after) ? vertex (before, v[j], after, h) : 0,
                          h, c5, peak, NULL);
    }
  return peak;
}

double
_sw_forced_peak_eval (SwForcedPeak *p, const double complex *y, const double *abs_y)
{
  double c2 = 0, c3 = 0, c5 = 0;

  if (p->n == 1)
    return _sw_forced_abs (y[0]);
  if (p->repeated)
    {
      memset (p->yr, 0, 4 * p->n_blocks * sizeof (double));
      memset (p->yi, 0, 4 * p->n_blocks * sizeof (double));
      for (guint k = 0; k < p->n; k++)
        {
          p->yr[p->m[k] - 1] += creal (y[k]);
          p->yi[p->m[k] - 1] += cimag (y[k]);
        }
    }
  else
    for (guint k = 0; k < p->n; k++)
      {
        p->yr[p->m[k] - 1] = creal (y[k]);
        p->yi[p->m[k] - 1] = cimag (y[k]);
      }
  for (guint k = 0; k < p->n; k++)
    {
      guint r = p->row_of[k];
      double m = p->m[k], a = m * m * (abs_y != NULL ? abs_y[k] : _sw_forced_abs (y[k]));

      p->yre[r] = creal (y[k]);
      p->yim[r] = cimag (y[k]);
      c2 += a;
      c3 += m * a;
      c5 += m * m * m * a;
    }
  return peak_eval (p, c2, c3, c5);
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
