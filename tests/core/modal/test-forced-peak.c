/* test-forced-peak.c: the peak of the synthesised signal (sw-forced-peak.c)
 * against an independent search to 1e-9 relative: |T| sampled at 100 000
 * points (exact angles from a table), every sampled maximum that could hold
 * the peak refined by golden-section search (no derivatives), on random
 * amplitudes and phases, on the engine's dense harmonics, on near-ties
 * of two maxima made from symmetric signals slightly broken, and of two
 * neighbouring hills (a ripple on a hill); and the magnitudes of many
 * amplitudes at once against cabs().
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <complex.h>
#include <math.h>
#include <glib.h>

#include "sw-forced-private.h"

#define N_BRUTE 100000

typedef struct {
  double cs[N_BRUTE], sn[N_BRUTE];
  double t[N_BRUTE];
} Brute;

static Brute *
brute_new (void)
{
  Brute *b = g_new (Brute, 1);

  for (guint k = 0; k < N_BRUTE; k++)
    {
      b->cs[k] = cos (2 * G_PI * k / N_BRUTE);
      b->sn[k] = sin (2 * G_PI * k / N_BRUTE);
    }
  return b;
}

static double
signal_at (const double complex *y, const guint *m, guint n, double phi)
{
  double t = 0;

  for (guint k = 0; k < n; k++)
    t += creal (y[k]) * cos (m[k] * phi) - cimag (y[k]) * sin (m[k] * phi);
  return t;
}

/* max |T| on [a, b] where it has one hill, by golden sections. */
static double
golden (const double complex *y, const guint *m, guint n, double a, double b)
{
  const double r = (sqrt (5) - 1) / 2;
  double x1 = b - r * (b - a), x2 = a + r * (b - a);
  double f1 = fabs (signal_at (y, m, n, x1)), f2 = fabs (signal_at (y, m, n, x2)), best = MAX (f1, f2);

  for (int it = 0; it < 80; it++)
    {
      if (f1 < f2)
        {
          a = x1, x1 = x2, f1 = f2;
          x2 = a + r * (b - a);
          f2 = fabs (signal_at (y, m, n, x2));
        }
      else
        {
          b = x2, x2 = x1, f2 = f1;
          x1 = b - r * (b - a);
          f1 = fabs (signal_at (y, m, n, x1));
        }
      best = MAX (best, MAX (f1, f2));
    }
  return best;
}

/* The peak by brute force: samples at spacing h = 2 pi / 100 000, each
 * sampled maximum within the curvature bound (sum m^2 |y|) h^2 / 8 of the
 * best refined over the two spacings around it. */
static double
brute_peak (Brute *b, const double complex *y, const guint *m, guint n)
{
  double best = 0, bound = 0, h = 2 * G_PI / N_BRUTE, peak;

  for (guint k = 0; k < N_BRUTE; k++)
    b->t[k] = 0;
  for (guint k = 0; k < n; k++)
    {
      double re = creal (y[k]), im = cimag (y[k]);

      bound += (double) m[k] * m[k] * cabs (y[k]);
      for (guint i = 0; i < N_BRUTE; i++)
        {
          guint at = (guint) (((guint64) m[k] * i) % N_BRUTE);

          b->t[i] += re * b->cs[at] - im * b->sn[at];
        }
    }
  for (guint i = 0; i < N_BRUTE; i++)
    best = MAX (best, fabs (b->t[i]));
  bound *= h * h / 8;
  peak = best;
  for (guint i = 0; i < N_BRUTE; i++)
    {
      double here = fabs (b->t[i]);

      if (here + bound < best || here < fabs (b->t[(i + N_BRUTE - 1) % N_BRUTE])
          || here < fabs (b->t[(i + 1) % N_BRUTE]))
        continue;
      peak = MAX (peak, golden (y, m, n, (i - 1.0) * h, (i + 1.0) * h));
    }
  return peak;
}

/* The peak within 1e-9 of the brute force's, by the public function and
 * by a reused SwForcedPeak (its scratch from the peak before). */
static void
assert_peak (Brute *b, SwForcedPeak *reused, const double complex *y, const guint *m, guint n, const char *what)
{
  double want = brute_peak (b, y, m, n), got = sw_forced_synthesised_peak (y, m, n), again = got;

  if (reused != NULL)
    again = _sw_forced_peak_eval (reused, y, NULL);
  if (fabs (got - want) > 1e-9 * want || again != got)
    g_test_message ("%s: n = %u, peak %.17g, again %.17g, brute force %.17g", what, n, got, again, want);
  g_assert_cmpfloat (fabs (got - want), <=, 1e-9 * want);
  g_assert_cmpfloat (again, ==, got);
}

static double complex
random_amplitude (GRand *rand, double scale)
{
  return scale * g_rand_double_range (rand, 0.01, 1) * cexp (I * g_rand_double_range (rand, 0, 2 * G_PI));
}

/* Random amplitudes and phases on random harmonics (up to 24 of 1 … 48),
 * and an engine's orders 0.5 … 12 (harmonics 1 … 24) with amplitudes
 * falling as a chain's response does. */
static void
test_random (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (2026);
  g_autofree Brute *b = brute_new ();
  guint dense[24];
  g_autoptr (SwForcedPeak) reused = NULL;

  for (guint k = 0; k < 24; k++)
    dense[k] = k + 1;
  reused = _sw_forced_peak_new (dense, 24);
  for (guint trial = 0; trial < 60; trial++)
    {
      guint n = 2 + g_rand_int_range (rand, 0, 23), m[24];
      double complex y[24];

      for (guint k = 0; k < n; k++)
        {
          m[k] = 1 + g_rand_int_range (rand, 0, 48);
          y[k] = random_amplitude (rand, 1);
        }
      assert_peak (b, NULL, y, m, n, "random");
    }
  for (guint trial = 0; trial < 40; trial++)
    {
      double complex y[24];
      double fall = g_rand_double_range (rand, 0, 2.5);

      for (guint k = 0; k < 24; k++)
        y[k] = random_amplitude (rand, pow (k + 1, -fall));
      assert_peak (b, reused, y, dense, 24, "engine");
    }
}

/* Near-ties: a signal of even harmonics repeats after pi (two equal
 * peaks), one of odd harmonics changes sign (|T| peaks equally at its
 * maximum and its minimum), one of multiples of 3 has three equal peaks;
 * a harmonic eps times as large breaks the tie by about eps, so the
 * wrong peak would be 1e-8 … 1e-3 too low. */
static void
test_near_ties (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (26);
  g_autofree Brute *b = brute_new ();

  for (guint trial = 0; trial < 60; trial++)
    {
      /* 0: even harmonics 2, 4 …; 1: odd ones 1, 3 …; 2: multiples of 3. */
      guint kind = trial % 3, n = 1 + g_rand_int_range (rand, 0, 8), m[10];
      double complex y[10];
      double eps = pow (10, -g_rand_double_range (rand, 3, 8)), scale = 0;

      for (guint k = 0; k < n; k++)
        {
          m[k] = kind == 0 ? 2 * (k + 1) : kind == 1 ? 2 * k + 1 : 3 * (k + 1);
          y[k] = random_amplitude (rand, 1);
          scale += cabs (y[k]);
        }
      /* The harmonic that breaks the tie: 2 for the odd ones, else 1. */
      m[n] = kind == 1 ? 2 : 1;
      y[n] = random_amplitude (rand, eps * scale);
      assert_peak (b, NULL, y, m, n + 1, "near tie");
      /* Exactly tied. */
      assert_peak (b, NULL, y, m, n, "tie");
    }
}

/* Near-ties of neighbouring hills: a ripple of harmonic m (6 … 24, a
 * tenth to a thousandth of the main one) on a hill, in antiphase at its top,
 * makes two tops a ripple's period apart, a few samples, equal to within
 * 1e-8 … 1e-2 of the ripple; a third harmonic tilts them. */
static void
test_ripple (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (2601);
  g_autofree Brute *b = brute_new ();

  for (guint trial = 0; trial < 150; trial++)
    {
      double a = g_rand_double_range (rand, 0, 2 * G_PI), eps = pow (10, -g_rand_double_range (rand, 1, 3));
      double d = pow (10, -g_rand_double_range (rand, 2, 8)) * (g_rand_boolean (rand) ? 1 : -1);
      guint m[3] = { 1, (guint) g_rand_int_range (rand, 6, 25), 3 };
      double complex y[3] = { cexp (I * a), eps * cexp (I * (m[1] * a + G_PI + d)),
                              0.05 * cexp (I * (3 * a + g_rand_double_range (rand, -1e-3, 1e-3))) };

      assert_peak (b, NULL, y, m, g_rand_boolean (rand) ? 3 : 2, "ripple");
    }
}

/* The magnitudes two at a time against cabs() over the whole range of
 * doubles: subnormal, tiny (the square underflows), huge (it overflows),
 * zero; counts of every remainder (the vector loops' tails). */
static void
test_abs_many (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  double complex y[101];
  double got[101];
  guint count;

  for (guint trial = 0; trial < 200; trial++)
    {
      for (guint j = 0; j < G_N_ELEMENTS (y); j++)
        {
          double scale = pow (2, g_rand_int_range (rand, -1070, 1020));

          y[j] = scale * (g_rand_double_range (rand, -1, 1) + I * g_rand_double_range (rand, -1, 1));
          if (j % 17 == 3)
            y[j] = 0;
          if (j % 13 == 5)
            y[j] = CMPLX (0, creal (y[j]));
          got[j] = 1;
        }
      /* 90 … 101: every remainder of the vectors of four and two. */
      count = 90 + trial % 12;
      _sw_forced_abs_many (y, got, count, trial % 2 == 1);
      for (guint j = 0; j < count; j++)
        {
          double want = cabs (y[j]) + (trial % 2 == 1 ? 1 : 0);

          g_assert_cmpfloat (fabs (got[j] - want), <=, 4.5e-16 * want + 5e-324);
        }
    }
}

/* One harmonic, and a signal with a plain zero: exact answers. */
static void
test_exact (void)
{
  guint m1[] = { 3 }, m2[] = { 1, 2 };
  double complex y1[] = { 3 - 4 * I }, y2[] = { 1, 0 }, y0[] = { 0, 0 };

  g_assert_cmpfloat_with_epsilon (sw_forced_synthesised_peak (y1, m1, 1), 5, 1e-15);
  g_assert_cmpfloat_with_epsilon (sw_forced_synthesised_peak (y2, m2, 2), 1, 1e-15);
  g_assert_cmpfloat (sw_forced_synthesised_peak (y0, m2, 2), ==, 0);
  y2[1] = NAN;
  g_assert_true (isnan (sw_forced_synthesised_peak (y2, m2, 2)));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/forced/peak/random", test_random);
  g_test_add_func ("/core/forced/peak/near-ties", test_near_ties);
  g_test_add_func ("/core/forced/peak/ripple", test_ripple);
  g_test_add_func ("/core/forced/peak/exact", test_exact);
  g_test_add_func ("/core/forced/abs-many", test_abs_many);
  return g_test_run ();
}
