/* bench-accuracy.c: the error control at the default tolerance, each
 * state's error within its nominal magnitude (SW_ERROR_CONTROL_NOMINAL,
 * "new") against the RMS of every state's over 1 as before
 * (SW_ERROR_CONTROL_UNIT_RMS, "old"), in one process (issue 19, item 5).
 *
 * Models:
 *   chain N    undamped step chains, N = 100 (2 s) and 1000 (12 s: the wave
 *              reaches the far end), J 1, c 1e4, torque 1: speeds ~1e-2 rad/s;
 *              against the exact modal solution (LAPACK, sw-test-chain.c);
 *              also with every method
 *   examples   every data/examples/NAME.shaft with its own settings, and
 *              ElasticBearing at the MSL example's tolerance 1e-6 (the file
 *              asks for 1e-8), with every method; against a run of the same
 *              method at tolerance 1e-11 (nominal scales)
 * Columns: the run's time (best of several, processor seconds), accepted
 * and rejected steps, and the error: the worst over the positions and speeds (*.phi,
 * *.w, *.s, *.v) of its largest difference over the signal's range;
 * "speeds of max" for the chains is the speeds' largest error over the
 * largest speed (the measure). Then new over old: time and error.
 *
 * Run: meson test -C build --benchmark bench-accuracy --verbose, or
 *      build/tests/bench-accuracy [MODEL-SUBSTRING], or
 *      build/tests/bench-accuracy chain-auto (the chains, default method alone;
 *      chain-rk853 and so on: that method alone)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <glib.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-simulate.h"
#include "bench-common.h"
#include "sw-system.h"
#include "sw-test-chain.h"

typedef struct {
  double   seconds;
  guint64  steps;
  guint64  rejected;
  double   error;        /* over each signal's range, the worst */
  double   w_of_max;     /* chains: the speeds' error over the largest speed */
  gboolean failed;
} Result;

static double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static SwSystem *
assemble (const char *json, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = json != NULL ? sw_model_new_from_data (json, -1, "bench", &error)
                                           : sw_model_new_from_file (path, &error);
  SwSystem *sys = model != NULL ? sw_model_assemble (model, &error) : NULL;

  if (sys == NULL)
    g_error ("%s", error->message);
  return sys;
}

/* The best time of runs that fit in about half a second (at least two, one
 * when a run is longer than 2 s); the last run's trajectory. */
static SwTrajectory *
run (const SwSystem *sys, const SwSimulateOptions *o, Result *r)
{
  SwTrajectory *tr = NULL;
  double total = 0;

  r->seconds = INFINITY;
  for (guint k = 0; k < 2 || (total < 0.5 && k < 50); k++)
    {
      g_autoptr (GError) error = NULL;
      SwSimulateStats stats;
      double start = cpu_seconds (), s;

      g_clear_pointer (&tr, sw_trajectory_unref);
      tr = sw_simulate_full (sys, o, NULL, NULL, NULL, &stats, &error);
      s = cpu_seconds () - start;
      if (tr == NULL)
        {
          printf ("    failed: %s\n", error->message);
          r->failed = TRUE;
          return NULL;
        }
      r->seconds = MIN (r->seconds, s);
      r->steps = stats.n_steps;
      r->rejected = stats.n_rejected;
      total += s;
      if (s > 2)
        break;
    }
  return tr;
}

static void
print_pair (const char *name, const char *method, const Result *old, const Result *new, gboolean chain)
{
  if (old->failed || new->failed)
    return;
  printf ("  %-26s %-6s %9.4f %7" G_GUINT64_FORMAT " %5" G_GUINT64_FORMAT " %9.2e %9.4f %7" G_GUINT64_FORMAT
          " %5" G_GUINT64_FORMAT " %9.2e %7.2f %9.2e",
          name, method, 1e3 * old->seconds, old->steps, old->rejected, old->error, 1e3 * new->seconds, new->steps,
          new->rejected, new->error,
          new->seconds / old->seconds, old->error > 0 ? new->error / old->error : NAN);
  if (chain)
    printf ("   speeds of max %.2e -> %.2e", old->w_of_max, new->w_of_max);
  printf ("\n");
  fflush (stdout);
}

static void
header (void)
{
  printf ("  %-26s %-6s %9s %7s %5s %9s %9s %7s %5s %9s %7s %9s\n", "model", "method", "old ms", "steps", "rej",
          "error", "new ms", "steps", "rej", "error", "time x", "error x");
}

/* The method of the chains when not every method (chain-NAME). */
static SwMethod chain_method = SW_METHOD_AUTO;

static void
bench_chain (guint n, double stop, gboolean every_method)
{
  static const SwMethod methods[] = { SW_METHOD_AUTO, SW_METHOD_RK45, SW_METHOD_RK853, SW_METHOD_RKCK,
                                      SW_METHOD_RK8PD, SW_METHOD_ADAMS, SW_METHOD_BDF };
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTestChain) chain = sw_test_chain_new (n, 1, 1e4, 1, &error);
  g_autofree char *json = NULL, *name = NULL;
  g_autoptr (SwSystem) sys = NULL;

  if (chain == NULL)
    g_error ("%s", error->message);
  json = sw_test_chain_json (chain, stop, stop / 200);
  sys = assemble (json, NULL);
  name = g_strdup_printf ("chain N = %u, %g s", n, stop);
  for (guint m = 0; m < (every_method ? G_N_ELEMENTS (methods) : 1); m++)
    {
      Result r[2] = { { 0 } };
      SwMethod method = every_method ? methods[m] : chain_method;

      for (guint k = 0; k < 2; k++)
        {
          SwSimulateOptions o = sw_simulate_options_from_system (sys);
          g_autoptr (SwTrajectory) tr = NULL;
          double phi_rel, w_rel;

          o.method = method;
          o.error_control = k == 0 ? SW_ERROR_CONTROL_UNIT_RMS : SW_ERROR_CONTROL_NOMINAL;
          tr = run (sys, &o, &r[k]);
          if (tr == NULL)
            continue;
          sw_test_chain_errors (chain, tr, &phi_rel, &w_rel, &r[k].w_of_max);
          r[k].error = MAX (phi_rel, w_rel);
        }
      print_pair (name, sw_method_to_name (method), &r[0], &r[1], TRUE);
    }
}

static void
bench_example (const char *path, const char *name, double tolerance, gboolean every_method)
{
  static const SwMethod methods[] = { SW_METHOD_AUTO, SW_METHOD_RK45, SW_METHOD_RK853, SW_METHOD_RKCK,
                                      SW_METHOD_RK8PD, SW_METHOD_ADAMS, SW_METHOD_BDF };
  g_autoptr (SwSystem) sys = assemble (NULL, path);

  for (guint m = 0; m < (every_method ? G_N_ELEMENTS (methods) : 1); m++)
    {
      SwSimulateOptions o = sw_simulate_options_from_system (sys);
      g_autoptr (SwTrajectory) ref = NULL;
      g_autoptr (GError) error = NULL;
      Result r[2] = { { 0 } };

      o.method = methods[m] == SW_METHOD_AUTO ? sw_system_choose_method (sys, &o) : methods[m];
      if (tolerance > 0)
        o.tolerance = tolerance;
      {
        SwSimulateOptions tight = o;

        tight.tolerance = 1e-11;
        ref = sw_simulate (sys, &tight, NULL, NULL, NULL, &error);
        if (ref == NULL)
          {
            printf ("  %-26s %-6s reference failed: %s\n", name, sw_method_to_name (o.method), error->message);
            continue;
          }
      }
      o.method = methods[m];
      for (guint k = 0; k < 2; k++)
        {
          g_autoptr (SwTrajectory) tr = NULL;

          o.error_control = k == 0 ? SW_ERROR_CONTROL_UNIT_RMS : SW_ERROR_CONTROL_NOMINAL;
          tr = run (sys, &o, &r[k]);
          if (tr != NULL)
            r[k].error = bench_run_error (tr, ref);
        }
      print_pair (name, sw_method_to_name (methods[m]), &r[0], &r[1], FALSE);
    }
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

int
main (int argc, char **argv)
{
  const char *only = argc > 1 ? argv[1] : NULL;
  const char *root = g_getenv ("SW_SOURCE_ROOT");
  g_autofree char *examples = g_build_filename (root != NULL ? root : ".", "data", "examples", NULL);
  g_autoptr (GDir) dir = g_dir_open (examples, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *entry;

  sw_init ();
  printf ("error control: old = RMS of every state over 1, new = each state over its nominal magnitude; default settings\n");
  header ();
  if (only != NULL && g_str_has_prefix (only, "chain-") && sw_method_from_name (only + 6, &chain_method))
    {
      /* One method alone (chain-auto: the default). */
      bench_chain (100, 2, FALSE);
      bench_chain (1000, 12, FALSE);
      return 0;
    }
  if (only == NULL || strstr ("chain", only) != NULL)
    {
      bench_chain (100, 2, TRUE);
      bench_chain (1000, 12, FALSE);
    }
  if (only == NULL || strstr ("elastic-bearing", only) != NULL)
    {
      g_autofree char *path = g_build_filename (examples, "elastic-bearing.shaft", NULL);

      bench_example (path, "elastic-bearing (tol 1e-6)", 1e-6, TRUE);
    }
  while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (entry, ".shaft"))
      g_ptr_array_add (names, g_strdup (entry));
  g_ptr_array_sort (names, compare_names);
  for (guint k = 0; k < names->len; k++)
    {
      const char *name = g_ptr_array_index (names, k);
      g_autofree char *path = g_build_filename (examples, name, NULL);

      if (only != NULL && strstr (name, only) == NULL)
        continue;
      bench_example (path, name, 0, FALSE);
    }
  return 0;
}
