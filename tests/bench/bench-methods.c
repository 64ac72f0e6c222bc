/* bench-methods.c: every integration method on the benchmark set, and how
 * auto compares with the best.
 *
 * Models:
 *   speed-chain  N = 1000 inertias J 0.01, spring-dampers c 1e4 d 1, torque
 *                10 on the first, 1 s, output 0.01 s, tolerance 1e-6
 *   stiff-chain  the same with c 1e8 and N = 100: d 1 (fast modes that ring:
 *                BDF must follow them too) and d 1e3 (damped: stiff)
 *   examples     every data/examples/NAME.shaft with their own settings (fourbody:
 *                2 s, output every 0.5 ms, every variable)
 * Columns: processor seconds of sw_simulate_full() (best of several runs),
 * accepted and rejected steps, evaluations of the right-hand side (all, and
 * for Jacobians), Jacobians. For each model, auto's time over the best
 * method's (target <= 1.3).
 * Then the stiff chain with bdf for N = 100 ... 10000: time, per body and
 * per body and step, steps, Jacobians (assembled from the elements: no
 * evaluations for a chain) and the growth from one N to the next; and the
 * same with J, c, d scaled so that the slow modes, and so the steps, stay
 * the same (the per-step cost alone).
 *
 * "explicit [FILE.shaft ...]": where auto takes an explicit pair, rk45 against
 * rk853 on the files (default the examples) at their own tolerance, 1e-4 and
 * 1e-8: time, steps and the error against rk45 at 1e-11 (issue 24).
 *
 * Run: meson test -C build --benchmark bench-methods --verbose, or
 *      build/tests/bench-methods [MODEL-SUBSTRING] ("stiff": the stiff
 *      chains and the scaling, "scaling": the scaling alone)
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

static double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static char *
chain_json_j (guint n, double j, double c, double d)
{
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"chain\", \"components\": [\n");
  GString *k = g_string_new ("\"connections\": [{\"from\": \"tau.flange\", \"to\": \"J0.flange_a\"}");

  g_string_append (s, "{\"id\": \"tau\", \"kind\": \"rotational.constant_torque\", \"params\": {\"tau_constant\": 10}}");
  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (s, ",\n{\"id\": \"J%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": %g}}", i, j);
      if (i + 1 == n)
        break;
      g_string_append_printf (s, ",\n{\"id\": \"S%u\", \"kind\": \"rotational.spring_damper\", "
                                 "\"params\": {\"c\": %g, \"d\": %g}}", i, c, d);
      g_string_append_printf (k, ",{\"from\": \"J%u.flange_b\", \"to\": \"S%u.flange_a\"}", i, i);
      g_string_append_printf (k, ",{\"from\": \"S%u.flange_b\", \"to\": \"J%u.flange_a\"}", i, i + 1);
    }
  g_string_append (s, "],\n");
  g_string_append (k, "],\n\"simulation\": {\"stop_time\": 1, \"output_interval\": 0.01, \"tolerance\": 1e-6}}");
  g_string_append (s, k->str);
  g_string_free (k, TRUE);
  return g_string_free (s, FALSE);
}

static char *
chain_json (guint n, double c, double d)
{
  return chain_json_j (n, 0.01, c, d);
}

static SwSystem *
assemble (const char *json, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = json != NULL ? sw_model_new_from_data (json, -1, "bench", &error)
                                           : sw_model_new_from_file (path, &error);
  SwSystem *sys;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  return sys;
}

/* Best processor time of sw_simulate_full() over runs that fit in about
 * half a second (at least two, one when a run is longer than 2 s). */
static gboolean
run (const SwSystem *sys, SwMethod method, double *best, SwSimulateStats *stats)
{
  SwSimulateOptions o = sw_simulate_options_from_system (sys);
  double total = 0;

  o.method = method;
  *best = INFINITY;
  for (guint k = 0; k < 2 || (total < 0.5 && k < 50); k++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (SwTrajectory) tr = NULL;
      double start = cpu_seconds (), s;

      tr = sw_simulate_full (sys, &o, NULL, NULL, NULL, stats, &error);
      s = cpu_seconds () - start;
      if (tr == NULL)
        {
          printf ("    %-6s failed: %s\n", sw_method_to_name (method), error->message);
          return FALSE;
        }
      *best = MIN (*best, s);
      total += s;
      if (s > 2)
        break;
    }
  return TRUE;
}

static void
bench_model (const char *name, const SwSystem *sys, gboolean explicit_too)
{
  static const SwMethod methods[] = { SW_METHOD_RK45, SW_METHOD_RKCK, SW_METHOD_RK8PD, SW_METHOD_ADAMS,
                                      SW_METHOD_BDF, SW_METHOD_AUTO };
  double best = INFINITY, t_auto = INFINITY;
  SwMethod chosen = SW_METHOD_AUTO;
  SwSimulateStats st;

  printf ("%s (%u states)\n", name, sw_system_get_n_states (sys));
  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      double t;

      if (!explicit_too && methods[m] != SW_METHOD_BDF && methods[m] != SW_METHOD_AUTO)
        continue;
      if (!run (sys, methods[m], &t, &st))
        continue;
      printf ("    %-6s %10.4g s %9" G_GUINT64_FORMAT " steps %7" G_GUINT64_FORMAT " rejected %10" G_GUINT64_FORMAT
              " rhs %7" G_GUINT64_FORMAT " for %" G_GUINT64_FORMAT " Jacobians",
              sw_method_to_name (methods[m]), t, st.n_steps, st.n_rejected, st.n_rhs_evals, st.n_jac_rhs_evals,
              st.n_jacobians);
      if (methods[m] == SW_METHOD_AUTO)
        {
          t_auto = t;
          chosen = st.method;
          printf (" -> %s (stiffness %.3g)", sw_method_to_name (st.method), st.stiffness);
        }
      else
        best = MIN (best, t);
      printf ("\n");
      fflush (stdout);
    }
  printf ("    auto (%s) / best: %.2f (target <= 1.3)\n", sw_method_to_name (chosen), t_auto / best);
}

/* One series of stiff chains for N = 100, 1000, 10000: seconds, per body,
 * steps, Jacobians and the evaluations they took, per body and step, and
 * the growth from the N before. refine scales J by 100/N and c, d by N/100
 * (the same continuous shaft cut finer: its slow modes, and so the steps,
 * stay the same); otherwise every element is J 0.01, c 1e8, d 1e3. */
static void
bench_scaling_series (gboolean refine)
{
  const guint sizes[] = { 100, 1000, 10000 };
  double t_before = 0;
  guint64 steps_before = 0;

  printf ("    %6s %9s %9s %8s %6s %6s %10s %8s %8s\n", "N", "s", "us/body", "steps", "Jacs", "evals",
          "us/(b*st)", "t growth", "steps x");
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      double scale = refine ? sizes[k] / 100.0 : 1;
      g_autofree char *json = chain_json_j (sizes[k], 0.01 / scale, 1e8 * scale, 1e3 * scale);
      g_autoptr (SwSystem) sys = assemble (json, NULL);
      SwSimulateStats st;
      double t;

      if (!run (sys, SW_METHOD_BDF, &t, &st))
        continue;
      printf ("    %6u %9.4g %9.4g %8" G_GUINT64_FORMAT " %6" G_GUINT64_FORMAT " %6" G_GUINT64_FORMAT " %10.3g",
              sizes[k], t, 1e6 * t / sizes[k], st.n_steps, st.n_jacobians, st.n_jac_rhs_evals,
              1e6 * t / sizes[k] / MAX (st.n_steps, 1));
      if (k > 0)
        printf (" %8.3g %8.3g", t / t_before, (double) st.n_steps / MAX (steps_before, 1));
      printf ("%s\n", st.jacobian_dense ? " (dense)" : "");
      if (k == 0)
        printf ("           band %u + %u\n", st.jacobian_lower, st.jacobian_upper);
      t_before = t;
      steps_before = st.n_steps;
      fflush (stdout);
    }
}

static void
bench_scaling (void)
{
  printf ("stiff chain J 0.01, c 1e8, d 1e3, bdf: time against N (growth x10 per x10 in N at equal steps; "
          "us/(b*st) = per body and step)\n");
  bench_scaling_series (FALSE);
  printf ("the same shaft cut finer (J 1/N, c and d x N/100: the same slow modes), bdf\n");
  bench_scaling_series (TRUE);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* ---- explicit: rk45 against rk853 where auto runs an explicit pair ---- */

/* The best processor time of runs with these options (as run()); the last
 * run's trajectory, NULL when it failed. */
static SwTrajectory *
run_options (const SwSystem *sys, const SwSimulateOptions *o, double *best, SwSimulateStats *stats)
{
  SwTrajectory *tr = NULL;
  double total = 0;

  *best = INFINITY;
  for (guint k = 0; k < 3 || (total < 0.3 && k < 30); k++)
    {
      g_autoptr (GError) error = NULL;
      double start = cpu_seconds (), s;

      g_clear_pointer (&tr, sw_trajectory_unref);
      tr = sw_simulate_full (sys, o, NULL, NULL, NULL, stats, &error);
      s = cpu_seconds () - start;
      if (tr == NULL)
        {
          printf (" (%s failed: %s)", sw_method_to_name (o->method), error->message);
          return NULL;
        }
      *best = MIN (*best, s);
      total += s;
      if (s > 2)
        break;
    }
  return tr;
}

/* rk45 and rk853 on one model at one tolerance (0: its own), where auto
 * would not take bdf: time, steps, events and error against rk45 at 1e-11. */
static void
bench_explicit_one (const char *name, const SwSystem *sys, double tolerance)
{
  SwSimulateOptions o = sw_simulate_options_from_system (sys);
  g_autoptr (SwTrajectory) ref = NULL;
  g_autoptr (GError) error = NULL;
  double t[2] = { INFINITY, INFINITY }, err[2] = { NAN, NAN };
  SwSimulateStats st[2] = { { 0 } };
  SwSimulateOptions tight;

  if (tolerance > 0)
    o.tolerance = tolerance;
  printf ("  %-40s %7.0e", name, o.tolerance);
  if (sw_system_choose_method (sys, &o) == SW_METHOD_BDF)
    {
      printf ("  stiff: bdf\n");
      return;
    }
  tight = o;
  tight.tolerance = 1e-11;
  tight.method = SW_METHOD_RK45;
  ref = sw_simulate (sys, &tight, NULL, NULL, NULL, &error);
  if (ref == NULL)
    {
      printf ("  reference failed: %s\n", error->message);
      return;
    }
  for (guint m = 0; m < 2; m++)
    {
      g_autoptr (SwTrajectory) tr = NULL;

      o.method = m == 0 ? SW_METHOD_RK45 : SW_METHOD_RK853;
      tr = run_options (sys, &o, &t[m], &st[m]);
      if (tr != NULL)
        err[m] = bench_run_error (tr, ref);
    }
  printf (" %9.3f %7" G_GUINT64_FORMAT " %8.1e | %9.3f %7" G_GUINT64_FORMAT " %8.1e | %5.2f %7.2g %5" G_GUINT64_FORMAT
          "\n", 1e3 * t[0], st[0].n_steps, err[0], 1e3 * t[1], st[1].n_steps, err[1], t[1] / t[0], err[1] / err[0],
          st[0].n_events);
  fflush (stdout);
}

/* Every file given, or the examples, at its own tolerance, 1e-4 and 1e-8. */
static void
bench_explicit (char **paths, guint n_paths, const char *examples)
{
  static const double tolerances[] = { 0, 1e-4, 1e-8 };
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);

  for (guint k = 0; k < n_paths; k++)
    g_ptr_array_add (files, g_strdup (paths[k]));
  if (n_paths == 0)
    {
      g_autoptr (GDir) dir = g_dir_open (examples, 0, NULL);
      const char *entry;

      while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
        if (g_str_has_suffix (entry, ".shaft"))
          g_ptr_array_add (files, g_build_filename (examples, entry, NULL));
    }
  g_ptr_array_sort (files, compare_names);
  printf ("rk45 against rk853 where auto takes an explicit pair (ms: processor time, best of runs; error: the "
          "worst position or speed against rk45 at 1e-11, over its range)\n");
  printf ("  %-40s %7s %9s %7s %8s | %9s %7s %8s | %5s %7s %5s\n", "model", "tol", "rk45 ms", "steps", "error",
          "rk853 ms", "steps", "error", "time", "error", "events");
  for (guint k = 0; k < files->len; k++)
    {
      const char *path = g_ptr_array_index (files, k);
      g_autofree char *base = g_path_get_basename (path);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_model_new_from_file (path, &error);
      g_autoptr (SwSystem) sys = model != NULL ? sw_model_assemble (model, &error) : NULL;

      if (sys == NULL || sw_system_get_n_states (sys) == 0)
        {
          printf ("  %-40s skipped: %s\n", base, error != NULL ? error->message : "no states");
          continue;
        }
      for (guint j = 0; j < G_N_ELEMENTS (tolerances); j++)
        bench_explicit_one (base, sys, tolerances[j]);
    }
}

int
main (int argc, char **argv)
{
  const char *only = argc > 1 ? argv[1] : NULL;
  const char *root = g_getenv ("SW_SOURCE_ROOT");
  g_autofree char *examples = g_build_filename (root != NULL ? root : ".", "data", "examples", NULL);
  g_autoptr (GDir) dir = g_dir_open (examples, 0, NULL);
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  const char *entry;

  if (g_strcmp0 (only, "explicit") == 0)
    {
      sw_init ();
      bench_explicit (argv + 2, argc - 2, examples);
      return 0;
    }
  if (only == NULL || strstr ("speed-chain", only) != NULL)
    {
      g_autofree char *json = chain_json (1000, 1e4, 1);
      g_autoptr (SwSystem) sys = assemble (json, NULL);

      bench_model ("speed-chain N=1000", sys, TRUE);
    }
  if (only == NULL || strstr ("stiff-chain", only) != NULL)
    {
      g_autofree char *json = chain_json (100, 1e8, 1);
      g_autofree char *damped = chain_json (100, 1e8, 1e3);
      g_autoptr (SwSystem) sys = assemble (json, NULL);
      g_autoptr (SwSystem) sys_damped = assemble (damped, NULL);

      bench_model ("stiff-chain N=100 c=1e8 d=1", sys, TRUE);
      bench_model ("stiff-chain N=100 c=1e8 d=1e3", sys_damped, TRUE);
    }
  while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (entry, ".shaft"))
      g_ptr_array_add (files, g_strdup (entry));
  g_ptr_array_sort (files, compare_names);
  for (guint k = 0; k < files->len; k++)
    {
      const char *name = g_ptr_array_index (files, k);
      g_autofree char *path = g_build_filename (examples, name, NULL);
      g_autoptr (SwSystem) sys = NULL;

      if (only != NULL && strstr (name, only) == NULL)
        continue;
      sys = assemble (NULL, path);
      bench_model (name, sys, TRUE);
    }
  if (only == NULL || strstr ("stiff-scaling", only) != NULL)
    bench_scaling ();
  return 0;
}
