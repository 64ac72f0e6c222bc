/* test-signal-stats.c: min, max, mean, RMS and peak-to-peak over a range
 * of a signal drawn as lines between rows, against closed forms: a ramp
 * (exact), a sine over whole periods, a step at an event instant, rows
 * crowded into one half (weighted by time, not by row).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <glib.h>

#include "sw-spectrum.h"

/* A ramp y = 3 t - 1 on rows that do not fall on the range's ends. */
static void
test_ramp (void)
{
  const double x[] = { 0.0, 0.13, 0.3, 0.41, 0.66, 0.8, 0.93, 1.0 };
  double y[G_N_ELEMENTS (x)];
  SwSignalStats s;

  for (guint i = 0; i < G_N_ELEMENTS (x); i++)
    y[i] = 3.0 * x[i] - 1.0;
  g_assert_true (sw_signal_stats (x, y, G_N_ELEMENTS (x), 0.0, 1.0, &s));
  g_assert_cmpfloat_with_epsilon (s.min, -1.0, 1e-14);
  g_assert_cmpfloat_with_epsilon (s.max, 2.0, 1e-14);
  g_assert_cmpfloat_with_epsilon (s.peak_to_peak, 3.0, 1e-14);
  g_assert_cmpfloat_with_epsilon (s.mean, 0.5, 1e-14);
  /* integral of (3t - 1)^2 over [0, 1] = ((2)^3 - (-1)^3) / 9 = 1 */
  g_assert_cmpfloat_with_epsilon (s.rms, 1.0, 1e-14);

  /* [0.25, 0.75]: y from -0.25 to 1.25; mean 0.5; mean square
   * (1.25^3 + 0.25^3) / (9 × 0.5). */
  g_assert_true (sw_signal_stats (x, y, G_N_ELEMENTS (x), 0.25, 0.75, &s));
  g_assert_cmpfloat_with_epsilon (s.min, -0.25, 1e-14);
  g_assert_cmpfloat_with_epsilon (s.max, 1.25, 1e-14);
  g_assert_cmpfloat_with_epsilon (s.mean, 0.5, 1e-14);
  g_assert_cmpfloat_with_epsilon (s.rms, sqrt ((pow (1.25, 3) + pow (0.25, 3)) / 4.5), 1e-14);

  /* Beyond the rows: clipped to them. Outside them or empty: nothing. */
  g_assert_true (sw_signal_stats (x, y, G_N_ELEMENTS (x), -5.0, 0.5, &s));
  g_assert_cmpfloat_with_epsilon (s.mean, 3.0 * 0.25 - 1.0, 1e-14);
  g_assert_false (sw_signal_stats (x, y, G_N_ELEMENTS (x), 2.0, 3.0, &s));
  g_assert_false (sw_signal_stats (x, y, G_N_ELEMENTS (x), 0.5, 0.5, &s));
}

/* 2 + 3 sin (2 pi 5 t) over 3 whole periods on 3001 rows: mean 2, RMS
 * sqrt (4 + 9/2), extremes 5 and -1 (to the lines' O(h^2)). */
static void
test_sine (void)
{
  const guint n = 3001;
  g_autofree double *x = g_new (double, n);
  g_autofree double *y = g_new (double, n);
  SwSignalStats s;

  for (guint i = 0; i < n; i++)
    {
      /* uneven steps */
      double u = (double) i / (n - 1);
      x[i] = 0.6 * (u + 0.02 * sin (2.0 * G_PI * u));
      y[i] = 2.0 + 3.0 * sin (2.0 * G_PI * 5.0 * x[i]);
    }
  g_assert_true (sw_signal_stats (x, y, n, 0.0, 0.6, &s));
  g_assert_cmpfloat_with_epsilon (s.mean, 2.0, 1e-4);
  g_assert_cmpfloat_with_epsilon (s.rms, sqrt (4.0 + 4.5), 1e-4);
  g_assert_cmpfloat_with_epsilon (s.max, 5.0, 1e-4);
  g_assert_cmpfloat_with_epsilon (s.min, -1.0, 1e-4);
  g_assert_cmpfloat_with_epsilon (s.peak_to_peak, 6.0, 2e-4);
}

/* 0 until 0.5, 1 after, with both limits at 0.5; rows crowded before the
 * step: the mean is 0.5 by time although most rows are 0. */
static void
test_step_by_time (void)
{
  GArray *x = g_array_new (FALSE, FALSE, sizeof (double));
  GArray *y = g_array_new (FALSE, FALSE, sizeof (double));
  SwSignalStats s;
  double v, zero = 0.0, one = 1.0, half = 0.5, end = 1.0;

  for (guint i = 0; i < 500; i++)
    {
      v = 0.5 * i / 500.0;
      g_array_append_val (x, v);
      g_array_append_val (y, zero);
    }
  g_array_append_val (x, half);
  g_array_append_val (y, zero);
  g_array_append_val (x, half);
  g_array_append_val (y, one);
  g_array_append_val (x, end);
  g_array_append_val (y, one);

  g_assert_true (sw_signal_stats ((double *) x->data, (double *) y->data, x->len, 0.0, 1.0, &s));
  g_assert_cmpfloat_with_epsilon (s.mean, 0.5, 1e-14);
  g_assert_cmpfloat_with_epsilon (s.rms, sqrt (0.5), 1e-14);
  g_assert_cmpfloat (s.min, ==, 0.0);
  g_assert_cmpfloat (s.max, ==, 1.0);
  /* The range ending at the event instant sees both limits drawn. */
  g_assert_true (sw_signal_stats ((double *) x->data, (double *) y->data, x->len, 0.25, 0.5, &s));
  g_assert_cmpfloat_with_epsilon (s.mean, 0.0, 1e-14);
  g_assert_cmpfloat (s.max, ==, 1.0);
  g_array_unref (x);
  g_array_unref (y);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/results/signal-stats/ramp", test_ramp);
  g_test_add_func ("/core/results/signal-stats/sine", test_sine);
  g_test_add_func ("/core/results/signal-stats/step-by-time", test_step_by_time);
  return g_test_run ();
}
