/* bench-frf.c: frequency responses of a free chain of N inertias and
 * springs (bench-modal's chain, a torque on the first body, the speed of
 * the middle one) on the default grid (400 points and 162 around each of
 * the N - 1 modes): the band path (issue 24) against the dense complex LU
 * per frequency it replaced, run in the same process where it finishes in
 * reasonable time (N <= 300 by default), with their ratio and the largest
 * relative difference between them over the grid. Processor time of
 * sw_frf_compute alone (reading and assembling the model not included).
 * Issue 24 target: N = 1 000 in <= 1 s.
 *
 * Run: meson test -C build --benchmark bench-frf --verbose
 *      or build/tests/bench-frf [MAX_DENSE_N]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <glib.h>

#include "sw-frf-private.h"
#include "sw-model.h"
#include "sw-system.h"

static char *
chain_json (guint n)
{
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"chain\", \"components\": [\n"
                             "{\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 0}}");
  GString *c = g_string_new ("\"connections\": [{\"from\": \"torque.flange\", \"to\": \"j0.flange_a\"}");

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (s, ",\n{\"id\": \"j%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": %g}}", i,
                              0.1 + 0.01 * (i % 7));
      if (i + 1 < n)
        {
          g_string_append_printf (s, ",\n{\"id\": \"s%u\", \"kind\": \"rotational.spring\", \"params\": {\"c\": %g}}",
                                  i, 1e4 + 100 * (i % 5));
          g_string_append_printf (c, ",{\"from\": \"j%u.flange_b\", \"to\": \"s%u.flange_a\"}", i, i);
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

/* Processor time (both threads' where two run) in *seconds, wall-clock
 * time in *wall. */
static SwTrajectory *
timed (const SwSystem *sys, const char *output, SwFrfSolver solver, double *seconds, double *wall, const char **used)
{
  g_autoptr (GError) error = NULL;
  SwFrfOptions o = sw_frf_options_default ();
  double t0 = cpu_s ();
  gint64 w0 = g_get_monotonic_time ();
  SwTrajectory *tr = _sw_frf_compute_with (sys, "torque", output, &o, solver, used, &error);

  *seconds = cpu_s () - t0;
  if (wall != NULL)
    *wall = (g_get_monotonic_time () - w0) * 1e-6;
  if (tr == NULL)
    {
      g_printerr ("bench-frf: %s\n", error->message);
      exit (1);
    }
  return tr;
}

/* The largest relative difference of b from a over the rows (where a is
 * above underflow), and its frequency. */
static double
worst_difference (SwTrajectory *a, SwTrajectory *b, double *at_hz)
{
  double worst = 0;

  *at_hz = 0;
  for (guint r = 0; r < sw_trajectory_get_n_rows (a); r++)
    {
      double complex ya = sw_trajectory_get_column (a, 2)[r] + I * sw_trajectory_get_column (a, 3)[r];
      double complex yb = sw_trajectory_get_column (b, 2)[r] + I * sw_trajectory_get_column (b, 3)[r];

      if (cabs (ya) > 1e-280 && cabs (yb - ya) / cabs (ya) > worst)
        worst = cabs (yb - ya) / cabs (ya), *at_hz = sw_trajectory_get_times (a)[r];
    }
  return worst;
}

static gboolean
identical (SwTrajectory *a, SwTrajectory *b)
{
  for (guint c = 0; c < 4; c++)
    if (memcmp (sw_trajectory_get_column (a, c), sw_trajectory_get_column (b, c),
                sw_trajectory_get_n_rows (a) * sizeof (double))
        != 0)
      return FALSE;
  return TRUE;
}

/* Columns: the whole band solution per frequency (the path before the
 * entries alone, one thread: full_s), the entries on one thread (one_s,
 * processor time; one_wall_s) and on two (two_wall_s, wall-clock: compare
 * it with one_wall_s on an idle machine only; two_same: the same bits as
 * one), full_s / one_s, the largest relative difference of the entries
 * from the whole solution, and with the dense LU where it runs. */
int
main (int argc, char **argv)
{
  guint sizes[] = { 100, 300, 1000 };
  guint max_dense = argc > 1 ? (guint) atoi (argv[1]) : 300;

  printf ("%6s %8s %8s %8s %8s %10s %10s %8s %6s %12s %8s %6s %12s %s\n", "N", "points", "solver", "full_s", "one_s",
          "one_wall_s", "two_wall_s", "two_same", "ratio", "diff_full", "dense_s", "ratio", "diff_dense", "at_hz");
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      guint n = sizes[k];
      g_autofree char *json = chain_json (n);
      g_autofree char *output = g_strdup_printf ("j%u.w", n / 2);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_model_new_from_data (json, -1, "chain.shaft", &error);
      g_autoptr (SwSystem) sys = model != NULL ? sw_model_assemble (model, &error) : NULL;
      g_autoptr (SwTrajectory) full = NULL;
      g_autoptr (SwTrajectory) one = NULL;
      g_autoptr (SwTrajectory) two = NULL;
      g_autoptr (SwTrajectory) dense = NULL;
      const char *used = NULL;
      double t_full, t_one, wall_one, t_two, wall_two, t_dense, diff_full, hz_full, diff_dense, hz_dense;

      if (sys == NULL)
        {
          g_printerr ("bench-frf: %s\n", error->message);
          return 1;
        }
      full = timed (sys, output, SW_FRF_SOLVER_FULL, &t_full, NULL, NULL);
      one = timed (sys, output, SW_FRF_SOLVER_SERIAL, &t_one, &wall_one, &used);
      two = timed (sys, output, SW_FRF_SOLVER_AUTO, &t_two, &wall_two, NULL);
      diff_full = worst_difference (full, one, &hz_full);
      printf ("%6u %8u %8s %8.3f %8.3f %10.3f %10.3f %8s %6.2f %12.2e", n, sw_trajectory_get_n_rows (one), used, t_full,
              t_one, wall_one, wall_two, identical (one, two) ? "yes" : "NO", t_full / t_one, diff_full);
      if (n > max_dense)
        {
          printf (" %8s %6s %12s %.17g\n", "-", "-", "-", hz_full);
          fflush (stdout);
          continue;
        }
      dense = timed (sys, output, SW_FRF_SOLVER_DENSE, &t_dense, NULL, NULL);
      diff_dense = worst_difference (dense, one, &hz_dense);
      printf (" %8.3f %6.0f %12.2e %.17g\n", t_dense, t_dense / t_one, diff_dense, hz_dense);
      fflush (stdout);
    }
  return 0;
}
