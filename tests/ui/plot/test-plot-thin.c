/* test-plot-thin.c: long curves against time are thinned to the lowest and
 * highest point of each pixel column (_sw_plot_thin_time in
 * ui/plot/sw-plot-draw-curves.c): at most two points a column, and every
 * column keeps exactly the minimum and maximum of the full data in it, so
 * that no peak is lost; columns too sparse to thin keep every point.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>

#include "sw-plot-draw-private.h"

#define N_ROWS  200000
#define COLUMNS 317

/* A deterministic noise in [-1, 1) (a linear congruential generator). */
static double
noise (guint32 *state)
{
  *state = *state * 1664525u + 1013904223u;
  return (*state >> 8) / (double) (1u << 23) - 1.0;
}

static int
column_of (double x, double x_min, double x_max)
{
  return MIN ((int) ((x - x_min) * (COLUMNS / (x_max - x_min))), COLUMNS - 1);
}

/* A signal with noise, single-row spikes up and down, over x_min … x_max
 * and a little beyond on both sides: per column the extremes of the
 * full data, found here by brute force, must be among the thinned points
 * of that column, and nothing else of it. */
static void
test_min_max (void)
{
  const double x_min = 1.0, x_max = 3.0;
  g_autofree double *x = g_new (double, N_ROWS);
  g_autofree double *y = g_new (double, N_ROWS);
  double lo[COLUMNS], hi[COLUMNS];
  guint n_in[COLUMNS] = { 0 }, n_out[COLUMNS] = { 0 };
  gboolean lo_kept[COLUMNS] = { FALSE }, hi_kept[COLUMNS] = { FALSE };
  g_autoptr(GArray) xs = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) ys = g_array_new (FALSE, FALSE, sizeof (double));
  guint32 state = 12345;
  guint inside = 0;

  for (guint r = 0; r < N_ROWS; r++)
    {
      x[r] = 0.9 + 2.2 * r / (N_ROWS - 1);
      y[r] = sin (7.0 * x[r]) + 0.05 * noise (&state);
      if (r % 4999 == 17)
        y[r] += (r % 2 ? 3.0 : -3.0) * (1.0 + 0.1 * noise (&state));
    }
  for (guint r = 0; r < N_ROWS; r++)
    {
      int c;

      if (x[r] < x_min || x[r] > x_max)
        continue;
      c = column_of (x[r], x_min, x_max);
      lo[c] = n_in[c] == 0 ? y[r] : MIN (lo[c], y[r]);
      hi[c] = n_in[c] == 0 ? y[r] : MAX (hi[c], y[r]);
      n_in[c]++;
    }

  _sw_plot_thin_time (x, y, 0, N_ROWS, 1.0, 1.0, FALSE, AXIS_LINEAR, x_min, x_max, COLUMNS, 2, xs, ys);

  /* In order of x, one point before the range and one after. */
  g_assert_cmpuint (xs->len, ==, ys->len);
  g_assert_cmpfloat (g_array_index (xs, double, 0), <, x_min);
  g_assert_cmpfloat (g_array_index (xs, double, xs->len - 1), >, x_max);
  for (guint i = 1; i < xs->len; i++)
    g_assert_cmpfloat (g_array_index (xs, double, i), >=, g_array_index (xs, double, i - 1));
  for (guint i = 0; i < xs->len; i++)
    {
      double xv = g_array_index (xs, double, i), yv = g_array_index (ys, double, i);
      int c;

      if (xv < x_min || xv > x_max)
        continue;
      inside++;
      c = column_of (xv, x_min, x_max);
      n_out[c]++;
      g_assert_cmpfloat (yv, >=, lo[c]);
      g_assert_cmpfloat (yv, <=, hi[c]);
      lo_kept[c] = lo_kept[c] || yv == lo[c];
      hi_kept[c] = hi_kept[c] || yv == hi[c];
    }
  for (guint c = 0; c < COLUMNS; c++)
    {
      g_assert_cmpuint (n_in[c], >, 2);
      g_assert_cmpuint (n_out[c], >=, 1);
      g_assert_cmpuint (n_out[c], <=, 2);
      g_assert_true (lo_kept[c]);
      g_assert_true (hi_kept[c]);
    }
  g_assert_cmpuint (inside, <=, 2 * COLUMNS);
  /* Far fewer points than rows. */
  g_assert_cmpuint (xs->len, <, N_ROWS / 100);
}

/* Rows no denser than per_column a column: every one kept, NaN a gap. */
static void
test_sparse (void)
{
  double x[50], y[50];
  g_autoptr(GArray) xs = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) ys = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint r = 0; r < G_N_ELEMENTS (x); r++)
    {
      x[r] = r;
      y[r] = r == 20 ? NAN : cos (r);
    }
  _sw_plot_thin_time (x, y, 0, G_N_ELEMENTS (x), 1.0, 1.0, FALSE, AXIS_LINEAR, 0.0, 49.0, 25, 2, xs, ys);
  g_assert_cmpuint (xs->len, ==, G_N_ELEMENTS (x));
  for (guint r = 0; r < G_N_ELEMENTS (x); r++)
    if (r == 20)
      g_assert_true (isnan (g_array_index (xs, double, r)));
    else
      {
        g_assert_cmpfloat (g_array_index (xs, double, r), ==, x[r]);
        g_assert_cmpfloat (g_array_index (ys, double, r), ==, y[r]);
      }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/plot/thin/min-max", test_min_max);
  g_test_add_func ("/ui/plot/thin/sparse", test_sparse);
  return g_test_run ();
}
