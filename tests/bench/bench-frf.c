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

static SwTrajectory *
timed (const SwSystem *sys, const char *output, SwFrfSolver solver, double *seconds, const char **used)
{
  g_autoptr (GError) error = NULL;
  SwFrfOptions o = sw_frf_options_default ();
  double t0 = cpu_s ();
  SwTrajectory *tr = _sw_frf_compute_with (sys, "torque", output, &o, solver, used, &error);

  *seconds = cpu_s () - t0;
  if (tr == NULL)
    {
      g_printerr ("bench-frf: %s\n", error->message);
      exit (1);
    }
  return tr;
}

int
main (int argc, char **argv)
{
  guint sizes[] = { 100, 300, 1000 };
  guint max_dense = argc > 1 ? (guint) atoi (argv[1]) : 300;

  printf ("%6s %8s %8s %10s %10s %8s %12s %s\n", "N", "points", "solver", "new_s", "dense_s", "ratio", "max_rel_diff", "at_hz");
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      guint n = sizes[k];
      g_autofree char *json = chain_json (n);
      g_autofree char *output = g_strdup_printf ("j%u.w", n / 2);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_model_new_from_data (json, -1, "chain.shaft", &error);
      g_autoptr (SwSystem) sys = model != NULL ? sw_model_assemble (model, &error) : NULL;
      g_autoptr (SwTrajectory) band = NULL;
      g_autoptr (SwTrajectory) dense = NULL;
      const char *used = NULL;
      double t_band, t_dense, worst = 0, worst_hz = 0;

      if (sys == NULL)
        {
          g_printerr ("bench-frf: %s\n", error->message);
          return 1;
        }
      band = timed (sys, output, SW_FRF_SOLVER_AUTO, &t_band, &used);
      if (n > max_dense)
        {
          printf ("%6u %8u %8s %10.3f %10s %8s %12s\n", n, sw_trajectory_get_n_rows (band), used, t_band, "-", "-", "-");
          fflush (stdout);
          continue;
        }
      dense = timed (sys, output, SW_FRF_SOLVER_DENSE, &t_dense, NULL);
      for (guint r = 0; r < sw_trajectory_get_n_rows (band); r++)
        {
          double complex yb = sw_trajectory_get_column (band, 2)[r] + I * sw_trajectory_get_column (band, 3)[r];
          double complex yd = sw_trajectory_get_column (dense, 2)[r] + I * sw_trajectory_get_column (dense, 3)[r];

          if (cabs (yd) > 1e-280 && cabs (yb - yd) / cabs (yd) > worst)
            worst = cabs (yb - yd) / cabs (yd), worst_hz = sw_trajectory_get_times (band)[r];
        }
      printf ("%6u %8u %8s %10.3f %10.3f %8.1f %12.2e %.17g\n", n, sw_trajectory_get_n_rows (band), used, t_band,
              t_dense, t_dense / t_band, worst, worst_hz);
      fflush (stdout);
    }
  return 0;
}
