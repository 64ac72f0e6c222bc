/* bench-forced.c: the forced response of a chain of 1 000 inertias and
 * spring-dampers over 1 000 speeds and 24 orders (0.5 … 12, a four-stroke
 * engine's, all on the first body): 24 000 band solves. Issue 26 target:
 * <= 1 s. Processor time of sw_forced_compute alone (reading and assembling
 * the model not included), with every column (per order, peak), without the
 * peak, and with the sums alone (and with amplitudes that change with the
 * speed: tables, an engine's inertia); the baseline, in the same process, is the
 * same 24 000 solves of (K - w^2 M + i w D) X = F alone
 * (_sw_frf_band_solve_complex on the chain's tridiagonal matrices made
 * here), so the ratio is what the linearisation and the outputs add.
 * Each figure is the least of REPEATS runs.
 *
 * Run: meson test -C build --benchmark bench-forced --verbose
 *      or build/tests/bench-forced [N [once|sums]] ("once": the default
 *      columns computed once and nothing else, for perf record; "sums": the
 *      sums alone once)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <glib.h>

#include "sw-forced.h"
#include "sw-frf-private.h"
#include "sw-gsl-private.h"
#include "sw-model.h"
#include "sw-system.h"

#define N_SPEEDS 1000
#define N_ORDERS 24
#define FROM_RPM 100.0
#define TO_RPM   3000.0
/* Each figure is the least of this many runs: on a shared machine a run's
 * processor time varies by a fifth with the others' load. */
#define REPEATS  3

static double
inertia_of (guint i)
{
  return 0.1 + 0.01 * (i % 7);
}

static double
stiffness_of (guint i)
{
  return 1e5 + 1000 * (i % 5);
}

static char *
chain_json (guint n)
{
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"chain\", \"components\": [\n");
  GString *c = g_string_new ("\"connections\": [");

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (s, "%s{\"id\": \"j%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": %.17g}}",
                              i > 0 ? ",\n" : "", i, inertia_of (i));
      if (i + 1 < n)
        {
          g_string_append_printf (s,
                                  ",\n{\"id\": \"s%u\", \"kind\": \"rotational.spring_damper\", \"params\": "
                                  "{\"c\": %.17g, \"d\": 2}}",
                                  i, stiffness_of (i));
          g_string_append_printf (c, "%s{\"from\": \"j%u.flange_b\", \"to\": \"s%u.flange_a\"}", i > 0 ? "," : "", i,
                                  i);
          g_string_append_printf (c, ",{\"from\": \"s%u.flange_b\", \"to\": \"j%u.flange_a\"}", i, i + 1);
        }
    }
  g_string_append_printf (s, "],\n%s]}", c->str);
  g_string_free (c, TRUE);
  return g_string_free (s, FALSE);
}

static double
cpu_s (void)
{
  return (double) clock () / CLOCKS_PER_SEC;
}

static double
timed_once (const SwSystem *sys, const SwForcedExcitation *ex, gboolean per_order, gboolean peak, guint *columns)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  SwForcedOptions o = sw_forced_options_default ();
  double t0;

  o.from_rpm = FROM_RPM;
  o.to_rpm = TO_RPM;
  o.n_speeds = N_SPEEDS;
  o.excitations = ex;
  o.n_excitations = N_ORDERS;
  o.per_order = per_order;
  o.peak = peak;
  t0 = cpu_s ();
  tr = sw_forced_compute (sys, &o, &error);
  t0 = cpu_s () - t0;
  if (tr == NULL)
    {
      g_printerr ("bench-forced: %s\n", error->message);
      exit (1);
    }
  *columns = sw_trajectory_get_n_columns (tr);
  return t0;
}

static double
timed (const SwSystem *sys, const SwForcedExcitation *ex, gboolean per_order, gboolean peak, guint *columns)
{
  double best = INFINITY;

  for (int r = 0; r < REPEATS; r++)
    best = MIN (best, timed_once (sys, ex, per_order, peak, columns));
  return best;
}

/* The solves alone: the chain's K, D (d = 2 per section) and M, the same
 * 24 000 frequencies and loads. */
static double
solves_alone (guint n)
{
  g_autoptr (gsl_matrix) K = gsl_matrix_calloc (n, n);
  g_autoptr (gsl_matrix) D = gsl_matrix_calloc (n, n);
  g_autoptr (gsl_matrix) M = gsl_matrix_calloc (n, n);
  g_autoptr (SwFrfBand) band = NULL;
  g_autofree double complex *F = g_new0 (double complex, (gsize) n * SW_FRF_BAND_LANES);
  g_autofree double complex *X = g_new (double complex, (gsize) n * SW_FRF_BAND_LANES);
  double t0, sink = 0;

  for (guint i = 0; i < n; i++)
    {
      gsl_matrix_set (M, i, i, inertia_of (i));
      if (i + 1 < n)
        {
          double c = stiffness_of (i);

          *gsl_matrix_ptr (K, i, i) += c, *gsl_matrix_ptr (K, i + 1, i + 1) += c;
          *gsl_matrix_ptr (K, i, i + 1) -= c, *gsl_matrix_ptr (K, i + 1, i) -= c;
          *gsl_matrix_ptr (D, i, i) += 2, *gsl_matrix_ptr (D, i + 1, i + 1) += 2;
          *gsl_matrix_ptr (D, i, i + 1) -= 2, *gsl_matrix_ptr (D, i + 1, i) -= 2;
        }
    }
  t0 = cpu_s ();
  band = _sw_frf_band_new (K, D, M);
  g_assert (band != NULL);
  for (guint p = 0; p < N_SPEEDS * N_ORDERS; p += SW_FRF_BAND_LANES)
    {
      double w[SW_FRF_BAND_LANES];
      gboolean ok[SW_FRF_BAND_LANES];

      for (guint l = 0; l < SW_FRF_BAND_LANES; l++)
        {
          guint speed = (p + l) / N_ORDERS, j = (p + l) % N_ORDERS;
          double rpm = FROM_RPM + (TO_RPM - FROM_RPM) * speed / (N_SPEEDS - 1);

          w[l] = 0.5 * (j + 1) * 2 * G_PI * rpm / 60;
          F[(gsize) l * n] = 1000.0 / (j + 1);
        }
      {
        const double complex *FL[SW_FRF_BAND_LANES];

        for (guint l = 0; l < SW_FRF_BAND_LANES; l++)
          FL[l] = F + (gsize) l * n;
        _sw_frf_band_solve_complex (band, SW_FRF_BAND_LANES, w, FL, X, ok);
      }
      sink += creal (X[0]);
    }
  t0 = cpu_s () - t0;
  if (!isfinite (sink))
    printf ("(a solve was singular)\n");
  return t0;
}

int
main (int argc, char **argv)
{
  guint n = argc > 1 ? (guint) atoi (argv[1]) : 1000, columns = 0;
  g_autofree char *json = chain_json (n);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (json, -1, "chain.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  SwForcedExcitation ex[N_ORDERS];
  double base, full, no_peak, sums;

  if (model == NULL || !(sys = sw_model_assemble (model, &error)))
    {
      g_printerr ("bench-forced: %s\n", error->message);
      return 1;
    }
  for (guint j = 0; j < N_ORDERS; j++)
    ex[j] = (SwForcedExcitation) { "j0", 0.5 * (j + 1), 1000.0 / (j + 1), 10.0 * j };
  if (argc > 2 && g_str_equal (argv[2], "sums"))
    {
      full = timed_once (sys, ex, FALSE, FALSE, &columns);
      printf ("forced: sums only, once: %.3f s, %u columns\n", full, columns);
      return 0;
    }
  if (argc > 2 && g_str_equal (argv[2], "once"))
    {
      full = timed_once (sys, ex, TRUE, TRUE, &columns);
      printf ("forced: per order and peak (default), once: %.3f s, %u columns\n", full, columns);
      return 0;
    }
  base = INFINITY;
  for (int r = 0; r < REPEATS; r++)
    base = MIN (base, solves_alone (n));
  printf ("chain of %u bodies, %u speeds x %u orders = %u solves (target <= 1 s), least of %d runs\n", n, N_SPEEDS,
          N_ORDERS, N_SPEEDS * N_ORDERS, REPEATS);
  printf ("%-38s %9s %8s %8s\n", "", "cpu_s", "columns", "ratio");
  printf ("%-38s %9.3f %8s %8s\n", "baseline: the band solves alone", base, "-", "1.00");
  sums = timed (sys, ex, FALSE, FALSE, &columns);
  printf ("%-38s %9.3f %8u %8.2f\n", "forced: sums only", sums, columns, sums / base);
  no_peak = timed (sys, ex, TRUE, FALSE, &columns);
  printf ("%-38s %9.3f %8u %8.2f\n", "forced: per order, no peak", no_peak, columns, no_peak / base);
  full = timed (sys, ex, TRUE, TRUE, &columns);
  printf ("%-38s %9.3f %8u %8.2f\n", "forced: per order and peak (default)", full, columns, full / base);
  /* Amplitudes that change with the speed (a model's tables, an engine's
   * inertia): each order's load rebuilt at every speed. */
  {
    static const double rpm[] = { 100, 1000, 3000 }, amp[] = { 100, 800, 400 };

    for (guint j = 0; j < N_ORDERS; j++)
      {
        ex[j].n_table = j % 2 == 0 ? 3 : 0;
        ex[j].table_x = rpm;
        ex[j].table_y = amp;
        ex[j].amplitude_w2 = j % 2 == 1 ? 1e-3 : 0;
      }
    sums = timed (sys, ex, FALSE, FALSE, &columns);
    printf ("%-38s %9.3f %8u %8.2f\n", "forced: sums only, varying amplitudes", sums, columns, sums / base);
  }
  return 0;
}
