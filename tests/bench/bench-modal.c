/* bench-modal.c: modal analysis of free-free chains of N inertias, undamped
 * (springs) and damped (spring-dampers, not proportional), with the solver
 * picked by structure against LAPACK's dense one (dsyevr, dgeevx) in the
 * same run: time of each part, and how much the run raised the process's
 * peak resident memory (getrusage ru_maxrss; runs go from small to large,
 * and one that fits under an earlier peak shows 0: for the whole process
 * use /usr/bin/time -v on shaftwork-cli).
 * Issue 8 targets, for the whole `shaftwork-cli modal --json` process:
 * N = 1000 undamped < 0.5 s and < 100 MB, N = 3000 < 5 s and < 600 MB,
 * N = 1000 damped faster than openTorsion's 8.3 s.
 *
 * Issue 24: the lowest 20 modes of a 100 000-body chain (shift-invert
 * Lanczos) in <= 2 s and <= 300 MB for the modal computation; the rows
 * "lowest 20" print the time against that target (the model's reading is
 * a separate item of the issue, timed apart).
 *
 * Run: meson test -C build --benchmark bench-modal --verbose
 *      or build/tests/bench-modal [MAX_N] [--skip-dense-damped-above N]
 *      (MAX_N also bounds the lowest-modes rows: 100000 runs them all)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <glib.h>

#include "sw-model.h"
#include "sw-modes-private.h"
#include "sw-system.h"

static char *
chain_json (guint n, gboolean damped)
{
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"chain\", \"components\": [\n");
  GString *c = g_string_new ("\"connections\": [");

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (s, "%s{\"id\": \"j%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": %g}}",
                              i ? ",\n" : "", i, 0.1 + 0.01 * (i % 7));
      if (i + 1 < n)
        {
          if (damped)
            g_string_append_printf (s, ",\n{\"id\": \"s%u\", \"kind\": \"rotational.spring_damper\", "
                                       "\"params\": {\"c\": %g, \"d\": %g}}", i, 1e4 + 100 * (i % 5), 1 + 0.3 * (i % 3));
          else
            g_string_append_printf (s, ",\n{\"id\": \"s%u\", \"kind\": \"rotational.spring\", \"params\": {\"c\": %g}}",
                                    i, 1e4 + 100 * (i % 5));
          g_string_append_printf (c, "%s{\"from\": \"j%u.flange_b\", \"to\": \"s%u.flange_a\"}", i ? "," : "", i, i);
          g_string_append_printf (c, ",{\"from\": \"s%u.flange_b\", \"to\": \"j%u.flange_a\"}", i, i + 1);
        }
    }
  g_string_append (s, "],\n");
  g_string_append (c, "]}");
  g_string_append (s, c->str);
  g_string_free (c, TRUE);
  return g_string_free (s, FALSE);
}

static double
peak_mb (void)
{
  struct rusage u;

  getrusage (RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024.0;
}

int
main (int argc, char **argv)
{
  guint sizes[] = { 10, 1000, 3000 };
  guint max_n = argc > 1 ? (guint) atoi (argv[1]) : 3000;
  guint dense_damped_max = argc > 3 && strcmp (argv[2], "--skip-dense-damped-above") == 0 ? (guint) atoi (argv[3])
                                                                                           : 1000;

  printf ("%6s %-8s %-42s %-40s %9s %9s %9s %9s %9s %9s\n", "N", "damping", "solver", "damped solver", "linear_s",
          "eigen_s", "energy_s", "damped_s", "total_s", "+peak_MB");
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    for (int damped = 0; damped < 2; damped++)
      for (int dense = 0; dense < 2; dense++)
        {
          guint n = sizes[k];
          g_autofree char *json = NULL;
          g_autoptr (GError) error = NULL;
          g_autoptr (SwModel) model = NULL;
          g_autoptr (SwSystem) sys = NULL;
          g_autoptr (SwModes) modes = NULL;
          g_autoptr (GTimer) timer = g_timer_new ();
          SwModesTiming t = { 0 };
          SwModesOptions o = sw_modes_options_default ();
          guint reps = n <= 10 ? 200 : 1;
          double total, before;

          if (n > max_n)
            continue;
          if (dense && damped && n > dense_damped_max)
            {
              printf ("%6u %-8s %-42s %-40s (skipped: 2N = %u dense dgeevx takes minutes)\n", n, "spr-damp",
                      "dense (LAPACK dsyevr)", "state space (LAPACK dgeevx)", 2 * n);
              continue;
            }
          json = chain_json (n, damped);
          model = sw_model_new_from_data (json, -1, "chain", &error);
          g_assert_no_error (error);
          sys = sw_model_assemble (model, &error);
          g_assert_no_error (error);
          o.solver = dense ? SW_MODES_SOLVER_DENSE : SW_MODES_SOLVER_AUTO;
          /* The CLI's way: per-body values computed as they are written. */
          o.keep_values = FALSE;
          before = peak_mb ();
          g_timer_start (timer);
          for (guint r = 0; r < reps; r++)
            {
              g_clear_pointer (&modes, sw_modes_unref);
              modes = _sw_modes_compute_timed (sys, 0, NULL, &o, &t, &error);
              g_assert_no_error (error);
            }
          total = g_timer_elapsed (timer, NULL) / reps;
          g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, n);
          printf ("%6u %-8s %-42s %-40s %9.3g %9.3g %9.3g %9.3g %9.3g %9.0f\n", n, damped ? "spr-damp" : "none",
                  sw_modes_get_solver (modes), sw_modes_get_damped_solver (modes), t.linearise_s, t.eigen_s,
                  t.energies_s, t.damped_s, total, peak_mb () - before);
          fflush (stdout);
        }
  /* The lowest modes of large chains: only Lanczos runs there. */
  printf ("\n%7s %-8s %-52s %9s %9s %9s %9s %9s %9s %12s\n", "N", "damping", "solver (lowest 20)", "read_s",
          "linear_s", "eigen_s", "energy_s", "total_s", "+peak_MB", "total/2 s");
  for (guint n = 10000; n <= 100000 && n <= MAX (max_n, 3000) * 100; n *= 10)
    for (int damped = 0; damped < 2; damped++)
      {
        g_autofree char *json = chain_json (n, damped);
        g_autoptr (GError) error = NULL;
        g_autoptr (SwModel) model = NULL;
        g_autoptr (SwSystem) sys = NULL;
        g_autoptr (SwModes) modes = NULL;
        g_autoptr (GTimer) timer = g_timer_new ();
        SwModesTiming t = { 0 };
        SwModesOptions o = sw_modes_options_default ();
        double read_s, total, before;

        model = sw_model_new_from_data (json, -1, "chain", &error);
        g_assert_no_error (error);
        sys = sw_model_assemble (model, &error);
        g_assert_no_error (error);
        read_s = g_timer_elapsed (timer, NULL);
        o.n_lowest = 20;
        o.keep_values = FALSE;
        before = peak_mb ();
        g_timer_start (timer);
        modes = _sw_modes_compute_timed (sys, 0, NULL, &o, &t, &error);
        g_assert_no_error (error);
        total = g_timer_elapsed (timer, NULL);
        g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 20);
        printf ("%7u %-8s %-52s %9.3g %9.3g %9.3g %9.3g %9.3g %9.0f %12.2f\n", n, damped ? "spr-damp" : "none",
                sw_modes_get_solver (modes), read_s, t.linearise_s, t.eigen_s, t.energies_s, total,
                peak_mb () - before, total / 2);
        fflush (stdout);
      }
  return 0;
}
