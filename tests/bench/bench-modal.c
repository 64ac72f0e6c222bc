/* bench-modal.c: modal analysis with energies of free-free chains of N
 * inertias: time of each part (assembly, linearisation, eigen-solve,
 * energies). Targets (issue 3): N = 10 under 1 ms, N = 1000 under 0.5 s.
 * Ratios are per N^2 (the size of the output: N modes by N bodies) against
 * the N = 10 run of the same process.
 *
 * Run: meson test -C build --benchmark bench-modal --verbose
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <stdlib.h>
#include <glib.h>

#include "sw-model.h"
#include "sw-modes-private.h"
#include "sw-system.h"

static char *
chain_json (guint n)
{
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"chain\", \"components\": [\n");
  GString *c = g_string_new ("\"connections\": [");

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (s, "%s{\"id\": \"j%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": %g}}",
                              i ? ",\n" : "", i, 0.1 + 0.01 * (i % 7));
      if (i + 1 < n)
        {
          g_string_append_printf (s, ",\n{\"id\": \"s%u\", \"kind\": \"rotational.spring\", \"params\": {\"c\": %g}}", i,
                                  1e4 + 100 * (i % 5));
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

int
main (int argc, char **argv)
{
  guint sizes[] = { 10, 100, 1000, 3000 };
  guint n_sizes = argc > 1 ? (guint) atoi (argv[1]) : G_N_ELEMENTS (sizes);
  double base = 0;

  printf ("%6s %12s %12s %12s %12s %12s %10s\n", "N", "assembly_s", "linearise_s", "eigen_s", "energies_s",
          "total_s", "per_N^2");
  for (guint k = 0; k < MIN (n_sizes, G_N_ELEMENTS (sizes)); k++)
    {
      guint n = sizes[k];
      g_autofree char *json = chain_json (n);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_model_new_from_data (json, -1, "chain", &error);
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (SwModes) modes = NULL;
      g_autoptr (GTimer) timer = g_timer_new ();
      SwModesTiming t = { 0 };
      double assembly, total;
      guint reps = n <= 10 ? 200 : 1;

      g_assert_no_error (error);
      g_timer_start (timer);
      sys = sw_model_assemble (model, &error);
      assembly = g_timer_elapsed (timer, NULL);
      g_assert_no_error (error);
      g_timer_start (timer);
      for (guint r = 0; r < reps; r++)
        {
          g_clear_pointer (&modes, sw_modes_unref);
          modes = _sw_modes_compute_timed (sys, 0, NULL, NULL, &t, &error);
          g_assert_no_error (error);
        }
      total = g_timer_elapsed (timer, NULL) / reps;
      g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, n);
      if (k == 0)
        base = total / ((double) n * n);
      printf ("%6u %12.3g %12.3g %12.3g %12.3g %12.3g %10.2f\n", n, assembly, t.linearise_s, t.eigen_s,
              t.energies_s, total, total / ((double) n * n) / base);
      fflush (stdout);
    }
  return 0;
}
