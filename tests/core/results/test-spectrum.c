/* test-spectrum.c: amplitude spectra against signals of known sine
 * components on variable time steps, order spectra against a closed-form
 * run-up and the firing order of a four-cylinder four-stroke engine
 * (data/examples/engine-start.shaft).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib.h>

#include "sw-error.h"
#include "sw-spectrum.h"
#include "sw-test-run.h"

/* Rows at steps of 0.5 … 1.5 times step, varying smoothly, as an
 * integrator's steps do, with two rows at an event instant. */
static GArray *
variable_times (double t_end, double step)
{
  GArray *t = g_array_new (FALSE, FALSE, sizeof (double));
  double v = 0.0;

  for (guint i = 0; v < t_end; i++)
    {
      g_array_append_val (t, v);
      if (i == 100)
        g_array_append_val (t, v);  /* an event instant */
      v += step * (1.0 + 0.5 * sin (0.37 * i));
    }
  v = t_end;
  g_array_append_val (t, v);
  return t;
}

typedef double (*Signal) (double t, gpointer data);

static SwTrajectory *
trajectory_of (GArray *times, const char *names, const char *units, Signal *signals, gpointer data)
{
  g_auto(GStrv) n = g_strsplit (names, ",", -1);
  guint columns = g_strv_length (n);
  SwTrajectory *tr = sw_trajectory_new (g_strsplit (names, ",", -1), g_strsplit (units, ",", -1));
  g_autofree double *row = g_new (double, columns);

  for (guint i = 0; i < times->len; i++)
    {
      double t = g_array_index (times, double, i);

      for (guint c = 0; c < columns; c++)
        row[c] = signals[c] (t, data);
      sw_trajectory_append_row (tr, t, row);
    }
  return tr;
}

/* The largest value of column within ± width of x, and where. */
static double
peak_near (SwTrajectory *tr, guint column, double x, double width, double *at)
{
  const double *xs = sw_trajectory_get_times (tr);
  const double *y = sw_trajectory_get_column (tr, column);
  double best = -1.0;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    if (fabs (xs[r] - x) <= width && y[r] > best)
      {
        best = y[r];
        if (at != NULL)
          *at = xs[r];
      }
  return best;
}

/* ---- Over frequency ------------------------------------------------------ */

static double
three_sines (double t, gpointer data)
{
  /* 7.35 Hz and 23.75 Hz fall half-way between the bins of 10 s. */
  return 0.7 + 2.0 * sin (2.0 * G_PI * 7.35 * t + 0.4) + 0.5 * sin (2.0 * G_PI * 23.75 * t) +
         0.1 * cos (2.0 * G_PI * 51.1 * t);
}

static void
test_flat_top (void)
{
  g_autoptr(GArray) times = variable_times (10.0, 2e-4);
  Signal signals[] = { three_sines };
  g_autoptr(SwTrajectory) tr = trajectory_of (times, "s.x", "N.m", signals, NULL);
  guint column = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(SwTrajectory) spectrum = sw_spectrum_new_frequency (tr, &column, 1, 0.0, 10.0,
                                                                 SW_SPECTRUM_WINDOW_FLAT_TOP, &error);
  const double *f;
  double at = 0.0;

  g_assert_no_error (error);
  g_assert_nonnull (spectrum);
  g_assert_cmpstr (sw_trajectory_get_x_unit (spectrum), ==, "Hz");
  g_assert_cmpstr (sw_trajectory_get_column_name (spectrum, 0), ==, "s.x");
  g_assert_cmpstr (sw_trajectory_get_column_unit (spectrum, 0), ==, "N.m");
  f = sw_trajectory_get_times (spectrum);
  g_assert_cmpfloat_with_epsilon (f[1], 0.1, 1e-12);
  g_assert_cmpfloat_with_epsilon (sw_trajectory_get_column (spectrum, 0)[0], 0.7, 1e-3);
  g_assert_cmpfloat_with_epsilon (peak_near (spectrum, 0, 7.35, 0.3, &at), 2.0, 1e-3);
  g_assert_cmpfloat_with_epsilon (at, 7.35, 0.051);
  g_assert_cmpfloat_with_epsilon (peak_near (spectrum, 0, 23.75, 0.3, &at), 0.5, 1e-3);
  g_assert_cmpfloat_with_epsilon (at, 23.75, 0.051);
  g_assert_cmpfloat_with_epsilon (peak_near (spectrum, 0, 51.1, 0.3, NULL), 0.1, 1e-3);
  /* Between the components: the window's sidelobes and the noise of the
   * interpolation, far below a thousandth. */
  g_assert_cmpfloat (peak_near (spectrum, 0, 15.0, 3.0, NULL), <, 1e-3);
  g_assert_cmpfloat (peak_near (spectrum, 0, 37.0, 8.0, NULL), <, 1e-3);
}

/* The same range of a longer run: only what lies in it counts. */
static void
test_range (void)
{
  g_autoptr(GArray) times = variable_times (20.0, 2e-4);
  Signal signals[] = { three_sines };
  g_autoptr(SwTrajectory) tr = trajectory_of (times, "s.x", "N.m", signals, NULL);
  guint column = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(SwTrajectory) spectrum = sw_spectrum_new_frequency (tr, &column, 1, 5.0, 15.0,
                                                                 SW_SPECTRUM_WINDOW_FLAT_TOP, &error);

  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (sw_trajectory_get_times (spectrum)[1], 0.1, 1e-12);
  g_assert_cmpfloat_with_epsilon (peak_near (spectrum, 0, 7.35, 0.3, NULL), 2.0, 1e-3);
  g_assert_cmpfloat_with_epsilon (peak_near (spectrum, 0, 23.75, 0.3, NULL), 0.5, 1e-3);

  g_clear_pointer (&spectrum, sw_trajectory_unref);
  spectrum = sw_spectrum_new_frequency (tr, &column, 1, 30.0, 40.0, SW_SPECTRUM_WINDOW_HANN, &error);
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_null (spectrum);
}

/* A sine at a bin's centre: every window gives its amplitude, a
 * rectangular one exactly; between bins only the flat top does. */
static void
test_windows (void)
{
  const guint n = 1024;
  g_autofree double *x = g_new (double, n);
  g_autofree double *a = g_new (double, n / 2 + 1);
  SwSpectrumWindow windows[] = { SW_SPECTRUM_WINDOW_RECTANGULAR, SW_SPECTRUM_WINDOW_HANN,
                                 SW_SPECTRUM_WINDOW_FLAT_TOP };

  for (guint w = 0; w < G_N_ELEMENTS (windows); w++)
    {
      g_autoptr(GError) error = NULL;

      for (guint j = 0; j < n; j++)
        x[j] = 3.0 * cos (2.0 * G_PI * 50.0 * j / n + 1.0) - 1.5;
      g_assert_true (sw_spectrum_amplitude (x, n, windows[w], a, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat_with_epsilon (a[50], 3.0, 1e-9);
      g_assert_cmpfloat_with_epsilon (a[0], 1.5, 1e-9);
      if (windows[w] == SW_SPECTRUM_WINDOW_RECTANGULAR)
        g_assert_cmpfloat (a[51], <, 1e-9);

      /* Half-way between bins. */
      for (guint j = 0; j < n; j++)
        x[j] = 3.0 * cos (2.0 * G_PI * 50.5 * j / n);
      g_assert_true (sw_spectrum_amplitude (x, n, windows[w], a, &error));
      if (windows[w] == SW_SPECTRUM_WINDOW_FLAT_TOP)
        g_assert_cmpfloat_with_epsilon (MAX (a[50], a[51]), 3.0, 3.0 * 6e-4);
      else
        g_assert_cmpfloat (MAX (a[50], a[51]), <, 3.0 * 0.9);  /* scalloping: 64 %, 85 % */
    }
  /* A constant leaks into no bin but the first, even with the flat top's
   * wide main lobe. */
  {
    g_autoptr(GError) error = NULL;

    for (guint j = 0; j < n; j++)
      x[j] = -4.0;
    g_assert_true (sw_spectrum_amplitude (x, n, SW_SPECTRUM_WINDOW_FLAT_TOP, a, &error));
    g_assert_cmpfloat_with_epsilon (a[0], 4.0, 1e-12);
    for (guint k = 1; k <= n / 2; k++)
      g_assert_cmpfloat (a[k], <, 1e-12);
  }
  x[7] = NAN;
  {
    g_autoptr(GError) error = NULL;
    g_assert_false (sw_spectrum_amplitude (x, n, SW_SPECTRUM_WINDOW_HANN, a, &error));
    g_assert_error (error, SW_ERROR, SW_ERROR_NOT_FINITE);
  }
  g_assert_cmpstr (sw_spectrum_window_label (SW_SPECTRUM_WINDOW_FLAT_TOP), !=, NULL);
}

static void
test_resample (void)
{
  /* A line, an event instant at 1 (0 → 5), and beyond the ends. */
  const double x[] = { 0.0, 0.5, 1.0, 1.0, 2.0 };
  const double y[] = { 0.0, 1.0, 2.0, 5.0, 7.0 };
  double out[6];

  sw_spectrum_resample (x, y, G_N_ELEMENTS (x), -0.5, 0.5, 6, out);
  g_assert_cmpfloat (out[0], ==, 0.0);
  g_assert_cmpfloat (out[1], ==, 0.0);
  g_assert_cmpfloat (out[2], ==, 1.0);
  g_assert_cmpfloat (out[3], ==, 5.0);  /* the right limit */
  g_assert_cmpfloat (out[4], ==, 6.0);
  g_assert_cmpfloat (out[5], ==, 7.0);
  g_assert_cmpuint (sw_spectrum_sample_count (10), ==, 256);
  g_assert_cmpuint (sw_spectrum_sample_count (1000), ==, 2048);
  g_assert_cmpuint (sw_spectrum_sample_count (G_MAXUINT), ==, 1u << 20);
}

/* ---- Over orders --------------------------------------------------------- */

/* A run-up: w = 20 + 15 t rad/s, phi = 20 t + 7.5 t^2; the signals are
 * sines of the angle, so over time they sweep but over orders they stand. */
static double run_up_w (double t, gpointer data) { return 20.0 + 15.0 * t; }
static double run_up_phi (double t, gpointer data) { return 20.0 * t + 7.5 * t * t; }
static double
run_up_signal (double t, gpointer data)
{
  double phi = run_up_phi (t, data);
  return 1.5 * sin (3.0 * phi) + 0.4 * cos (7.5 * phi + 0.3) + 0.25;
}

static void
test_order_closed_form (void)
{
  g_autoptr(GArray) times = variable_times (8.0, 1e-4);
  Signal signals[] = { run_up_w, run_up_phi, run_up_signal };
  g_autoptr(SwTrajectory) tr = trajectory_of (times, "shaft.w,shaft.phi,gear.tau", "rad/s,rad,N.m", signals, NULL);
  guint column = 2;

  /* Against the speed (integrated) and against the angle. */
  for (guint shaft = 0; shaft < 2; shaft++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(SwTrajectory) orders = sw_spectrum_new_order (tr, &column, 1, shaft, 1.0, 7.0,
                                                               SW_SPECTRUM_WINDOW_FLAT_TOP, &error);
      double revolutions = (run_up_phi (7.0, NULL) - run_up_phi (1.0, NULL)) / (2.0 * G_PI);
      double at = 0.0;

      g_assert_no_error (error);
      g_assert_cmpstr (sw_trajectory_get_x_unit (orders), ==, "");
      g_assert_cmpstr (sw_trajectory_get_column_unit (orders, 0), ==, "N.m");
      g_assert_cmpfloat_with_epsilon (sw_trajectory_get_times (orders)[1], 1.0 / revolutions, 1e-9);
      g_assert_cmpfloat_with_epsilon (peak_near (orders, 0, 3.0, 0.2, &at), 1.5, 1e-3);
      g_assert_cmpfloat_with_epsilon (at, 3.0, 0.5 / revolutions + 1e-9);
      g_assert_cmpfloat_with_epsilon (peak_near (orders, 0, 7.5, 0.2, &at), 0.4, 1e-3);
      g_assert_cmpfloat_with_epsilon (at, 7.5, 0.5 / revolutions + 1e-9);
      g_assert_cmpfloat_with_epsilon (sw_trajectory_get_column (orders, 0)[0], 0.25, 1e-3);
      g_assert_cmpfloat (peak_near (orders, 0, 5.25, 1.0, NULL), <, 1e-3);
    }

  /* Over time the same signal smears: no peak of 1.5 anywhere. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(SwTrajectory) f = sw_spectrum_new_frequency (tr, &column, 1, 1.0, 7.0,
                                                            SW_SPECTRUM_WINDOW_FLAT_TOP, &error);
    g_assert_no_error (error);
    g_assert_cmpfloat (peak_near (f, 0, 30.0, 30.0, NULL), <, 0.75);
  }
}

static double back_and_forth (double t, gpointer data) { return 30.0 * sin (t); }

static void
test_order_errors (void)
{
  g_autoptr(GArray) times = variable_times (8.0, 1e-3);
  Signal signals[] = { back_and_forth, run_up_signal };
  g_autoptr(SwTrajectory) tr = trajectory_of (times, "shaft.phi,gear.tau", "rad,N.m", signals, NULL);
  guint column = 1;
  g_autoptr(GError) error = NULL;
  g_autoptr(SwTrajectory) orders = NULL;

  /* Turning back. */
  orders = sw_spectrum_new_order (tr, &column, 1, 0, 0.0, 8.0, SW_SPECTRUM_WINDOW_HANN, &error);
  g_assert_null (orders);
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "shaft.phi"));
  g_clear_error (&error);
  /* One way only, 30 rad: 4.8 revolutions. */
  orders = sw_spectrum_new_order (tr, &column, 1, 0, 0.0, G_PI / 2, SW_SPECTRUM_WINDOW_HANN, &error);
  g_assert_no_error (error);
  g_assert_nonnull (orders);
  g_clear_pointer (&orders, sw_trajectory_unref);
  /* Too little of a turn. */
  orders = sw_spectrum_new_order (tr, &column, 1, 0, 0.0, 0.1, SW_SPECTRUM_WINDOW_HANN, &error);
  g_assert_null (orders);
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_clear_error (&error);
  /* Not a shaft. */
  orders = sw_spectrum_new_order (tr, &column, 1, 1, 0.0, 8.0, SW_SPECTRUM_WINDOW_HANN, &error);
  g_assert_null (orders);
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "gear.tau"));
}

/* A four-cylinder four-stroke engine fires twice a turn: its torque (held
 * from one firing to the next) has its largest order, past the mean and
 * the run-up's trend, at 2, while it runs up (0.5 … 2.5 s: at its steady
 * speed the torque held no longer changes). */
static void
test_engine_firing_order (void)
{
  g_autoptr(SwTrajectory) tr = sw_test_run_example ("engine-start.shaft", 0, 0);
  int md = sw_trajectory_find_column (tr, "engine.md");
  int phi = sw_trajectory_find_column (tr, "engine.phi");
  int w = sw_trajectory_find_column (tr, "engine.omega");
  guint column;
  const double *x, *y;
  double best = 0.0, best_order = 0.0;

  g_assert_cmpint (md, >=, 0);
  g_assert_cmpint (phi, >=, 0);
  column = (guint) md;
  for (int shaft = 0; shaft < 2; shaft++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(SwTrajectory) orders = NULL;

      if (shaft == 1 && w < 0)
        continue;
      orders = sw_spectrum_new_order (tr, &column, 1, (guint) (shaft == 0 ? phi : w), 0.5, 2.5,
                                      SW_SPECTRUM_WINDOW_HANN, &error);
      g_assert_no_error (error);
      x = sw_trajectory_get_times (orders);
      y = sw_trajectory_get_column (orders, 0);
      best = 0.0;
      for (guint r = 0; r < sw_trajectory_get_n_rows (orders); r++)
        if (x[r] >= 1.0 && y[r] > best)
          {
            best = y[r];
            best_order = x[r];
          }
      g_test_message ("largest order above 1: %g (%g N.m), bins %g; at 1.5 %g, at 3 %g, at 4 %g", best_order, best,
                      x[1], peak_near (orders, 0, 1.5, 0.25, NULL), peak_near (orders, 0, 3.0, 0.25, NULL),
                      peak_near (orders, 0, 4.0, 0.25, NULL));
      g_assert_cmpfloat_with_epsilon (best_order, 2.0, 2.0 * x[1]);
      /* and it stands out of its neighbourhood */
      g_assert_cmpfloat (peak_near (orders, 0, 1.5, 0.25, NULL), <, 0.5 * best);
      g_assert_cmpfloat (peak_near (orders, 0, 3.0, 0.25, NULL), <, 0.5 * best);
    }

  /* The count of firings, a staircase of two steps a turn: its difference
   * from 2 × revolutions is a sawtooth of the firing order, whose
   * harmonics have amplitudes 1 / (pi m) at orders 2 m. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(SwTrajectory) orders = NULL;
    int firings = sw_trajectory_find_column (tr, "engine.firings");

    g_assert_cmpint (firings, >=, 0);
    column = (guint) firings;
    orders = sw_spectrum_new_order (tr, &column, 1, (guint) phi, 0.5, 5.5, SW_SPECTRUM_WINDOW_FLAT_TOP, &error);
    g_assert_no_error (error);
    g_test_message ("firings: %g at 2, %g at 4", peak_near (orders, 0, 2.0, 0.1, NULL), peak_near (orders, 0, 4.0, 0.1, NULL));
    g_assert_cmpfloat_with_epsilon (peak_near (orders, 0, 2.0, 0.1, NULL), 1.0 / G_PI, 0.01 / G_PI);
    g_assert_cmpfloat_with_epsilon (peak_near (orders, 0, 4.0, 0.1, NULL), 0.5 / G_PI, 0.01 / G_PI);
    g_assert_cmpfloat (peak_near (orders, 0, 3.0, 0.3, NULL), <, 0.01);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/results/spectrum/flat-top", test_flat_top);
  g_test_add_func ("/core/results/spectrum/range", test_range);
  g_test_add_func ("/core/results/spectrum/windows", test_windows);
  g_test_add_func ("/core/results/spectrum/resample", test_resample);
  g_test_add_func ("/core/results/spectrum/order-closed-form", test_order_closed_form);
  g_test_add_func ("/core/results/spectrum/order-errors", test_order_errors);
  g_test_add_func ("/core/results/spectrum/engine-firing-order", test_engine_firing_order);
  return g_test_run ();
}
