/* bench-formula.c: a formula at built-in speed (issue 24).
 *
 * A chain of N inertias (J 0.01 kg.m²) joined by couplings (c 1e4, d 1), a
 * constant torque of 10 N.m on the first, 1 s, rk45, tolerance 1e-6, output
 * every 0.01 s of J0.w (bench-chain's speed chain), run twice in the same
 * process: with rotational.spring_damper (the engine's flat loop of linear
 * elements), with rotational.custom_coupling "c*phi_rel + d*w_rel" (a
 * linear law: the engine takes it into the same loop) and with
 * "c*phi_rel + d*w_rel + 0*t" (the same law, not recognised as linear: the
 * compiled code, called once per coupling). Columns:
 *   spring_s   sw_simulate() on the spring-damper chain
 *   formula_s  the same on the custom-coupling chain
 *   ratio      formula / spring (target <= 1.5 at N = 1 000)
 *   rhs        the same ratio for 2 000 evaluations of the right-hand side
 *              (sw_equations_eval) at the initial state: the equations alone
 *   dw         the largest difference of J0.w between the two runs over its
 *              largest value (the same equations: round-off, or differences
 *              of round-off size that change the integrator's steps)
 *   interp_s, ratio, rhs, dw   the same for the interpreted law
 * and the time of one formula evaluation (value; value and derivatives).
 *
 * Times are processor seconds of the process (best of several runs).
 *
 * Run: meson test -C build --benchmark bench-formula --verbose, or
 *      build/tests/bench-formula [N ...]; build/tests/bench-formula profile
 *      evaluates only the custom couplings' right-hand side (for perf).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <glib.h>

#include "sw-equations-private.h"
#include "sw-expression-private.h"
#include "sw-model.h"
#include "sw-simulate.h"

#define CHAIN_J   0.01
#define CHAIN_C   1e4
#define CHAIN_D   1.0
#define CHAIN_TAU 10.0

typedef void (*RunFunc) (gpointer data);

static double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* Best of at least three runs, and of as many as fit in a second. */
static double
best_time (RunFunc run, gpointer data)
{
  double best = INFINITY, total = 0;

  for (guint k = 0; k < 3 || (total < 1.0 && k < 1000); k++)
    {
      double start = cpu_seconds (), s;

      run (data);
      s = cpu_seconds () - start;
      best = MIN (best, s);
      total += s;
    }
  return best;
}

/* The law of the custom couplings: none (spring-dampers), the linear law
 * (which the engine takes into its flat loop of linear elements), or the
 * same law with a term that keeps it from being recognised as linear
 * (libmatheval does not simplify 0*t, nor do we): the compiled code. */
typedef enum { SPRING, FORMULA, INTERPRETED } Law;

static const char *const laws[] = { NULL, "c*phi_rel + d*w_rel", "c*phi_rel + d*w_rel + 0*t" };

static char *
chain_json (guint n, Law law)
{
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"chain\", \"components\": [\n");
  GString *c = g_string_new ("\"connections\": [{\"from\": \"tau.flange\", \"to\": \"J0.flange_a\"}");

  g_string_append_printf (s, "{\"id\": \"tau\", \"kind\": \"rotational.constant_torque\", "
                             "\"params\": {\"tau_constant\": %g}}", CHAIN_TAU);
  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (s, ",\n{\"id\": \"J%u\", \"kind\": \"rotational.inertia\", "
                                 "\"params\": {\"J\": %g, \"phi0\": 0, \"w0\": 0}}", i, CHAIN_J);
      if (i + 1 == n)
        break;
      if (law != SPRING)
        g_string_append_printf (s, ",\n{\"id\": \"S%u\", \"kind\": \"rotational.custom_coupling\", "
                                   "\"params\": {\"tau\": {\"expression\": \"%s\", "
                                   "\"constants\": {\"c\": %g, \"d\": %g}}}}", i, laws[law], CHAIN_C, CHAIN_D);
      else
        g_string_append_printf (s, ",\n{\"id\": \"S%u\", \"kind\": \"rotational.spring_damper\", "
                                   "\"params\": {\"c\": %g, \"d\": %g}}", i, CHAIN_C, CHAIN_D);
      g_string_append_printf (c, ",{\"from\": \"J%u.flange_b\", \"to\": \"S%u.flange_a\"}", i, i);
      g_string_append_printf (c, ",{\"from\": \"S%u.flange_b\", \"to\": \"J%u.flange_a\"}", i, i + 1);
    }
  g_string_append (s, "],\n");
  g_string_append (c, "]}");
  g_string_append (s, c->str);
  g_string_free (c, TRUE);
  return g_string_free (s, FALSE);
}

typedef struct {
  SwSystem          *sys;
  SwSimulateOptions  options;
  SwTrajectory      *tr;
} Run;

static void
run_simulate (gpointer data)
{
  Run *run = data;
  g_autoptr (GError) error = NULL;

  g_clear_pointer (&run->tr, sw_trajectory_unref);
  run->tr = sw_simulate (run->sys, &run->options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
}

static void
run_rhs (gpointer data)
{
  Run *run = data;
  g_autoptr (SwEquations) eq = sw_equations_new (run->sys);
  g_autofree double *ydot = g_new (double, MAX (sw_system_get_n_states (run->sys), 1));

  for (guint k = 0; k < 2000; k++)
    if (!sw_equations_eval (eq, 1e-5 * k, run->sys->y0, ydot))
      g_error ("evaluation failed: %s", eq->error->message);
}

static void
run_init (Run *run, guint n, Law law)
{
  static const char *const variables[] = { "J0.w", NULL };
  g_autofree char *json = chain_json (n, law);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (json, -1, "chain", &error);

  g_assert_no_error (error);
  run->sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  run->options = sw_simulate_options_default ();
  run->options.stop_time_s = 1.0;
  run->options.output_interval_s = 0.01;
  run->options.tolerance = 1e-6;
  run->options.method = SW_METHOD_RK45;
  run->options.variables = variables;
  run->tr = NULL;
}

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->tr, sw_trajectory_unref);
  g_clear_pointer (&run->sys, sw_system_unref);
}

static double
largest_difference (SwTrajectory *a, SwTrajectory *b)
{
  const double *x = sw_trajectory_get_column (a, sw_trajectory_find_column (a, "J0.w"));
  const double *y = sw_trajectory_get_column (b, sw_trajectory_find_column (b, "J0.w"));
  guint n = sw_trajectory_get_n_rows (a);
  double diff = 0, largest = 0;

  g_assert_cmpuint (n, ==, sw_trajectory_get_n_rows (b));
  for (guint i = 0; i < n; i++)
    {
      diff = MAX (diff, fabs (x[i] - y[i]));
      largest = MAX (largest, fabs (y[i]));
    }
  return diff / largest;
}

/* One formula evaluated 10^6 times. */
typedef struct {
  SwFunction *f;
  gboolean    derivatives;
  double      sink;
} EvalRun;

static void
run_eval (gpointer data)
{
  EvalRun *run = data;
  double vars[3] = { 1e-3, 0.5, 0 }, d[3], sum = 0;

  for (guint k = 0; k < 1000000; k++)
    {
      vars[0] += 1e-9;
      sum += _sw_function_eval (run->f, vars, run->derivatives ? d : NULL);
    }
  run->sink = sum;
}

static void
bench_eval (void)
{
  const char *const variables[] = { "phi_rel", "w_rel", "t", NULL };
  const char *const names[] = { "c", "d" };
  const double values[] = { CHAIN_C, CHAIN_D };
  const char *const formulas[] = { "c*phi_rel + d*w_rel", "c*phi_rel + d*w_rel*abs(w_rel) + 0.5*sin(3*t)^2",
                                   NULL };

  for (guint i = 0; formulas[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (SwExpression) e = sw_expression_new (formulas[i], 2, names, values);
      EvalRun run = { _sw_function_new (e, variables, &error), FALSE, 0 };
      double value, both;

      g_assert_no_error (error);
      value = best_time (run_eval, &run);
      run.derivatives = TRUE;
      both = best_time (run_eval, &run);
      printf ("one evaluation of %s: %.1f ns, with its derivatives %.1f ns\n", formulas[i], value * 1e3,
              both * 1e3);
      _sw_function_unref (run.f);
    }
}

int
main (int argc, char **argv)
{
  guint sizes[16] = { 1000 }, n_sizes = 1;

  if (argc > 1 && g_str_equal (argv[1], "profile"))
    {
      /* Only the custom couplings' right-hand side, for a profiler. */
      Run formula;

      run_init (&formula, 1000, INTERPRETED);
      for (guint k = 0; k < 50; k++)
        run_rhs (&formula);
      run_clear (&formula);
      return 0;
    }
  if (argc > 1)
    {
      n_sizes = 0;
      for (int i = 1; i < argc && n_sizes < G_N_ELEMENTS (sizes); i++)
        sizes[n_sizes++] = (guint) strtoul (argv[i], NULL, 10);
    }
  printf ("chain: N inertias J %g, couplings c %g d %g, torque %g, 1 s, rk45, tolerance 1e-6, output 0.01 s\n",
          CHAIN_J, CHAIN_C, CHAIN_D, CHAIN_TAU);
  printf ("%7s %10s %10s %6s %6s %9s %10s %6s %6s %9s\n", "N", "spring_s", "formula_s", "ratio", "rhs", "dw",
          "interp_s", "ratio", "rhs", "dw");
  for (guint k = 0; k < n_sizes; k++)
    {
      Run run[3];
      double t[3], r[3];

      for (Law law = SPRING; law <= INTERPRETED; law++)
        {
          run_init (&run[law], sizes[k], law);
          t[law] = best_time (run_simulate, &run[law]);
          r[law] = best_time (run_rhs, &run[law]);
        }
      printf ("%7u %10.4g %10.4g %6.2f %6.2f %9.2g %10.4g %6.2f %6.2f %9.2g\n", sizes[k], t[SPRING], t[FORMULA],
              t[FORMULA] / t[SPRING], r[FORMULA] / r[SPRING], largest_difference (run[FORMULA].tr, run[SPRING].tr),
              t[INTERPRETED], t[INTERPRETED] / t[SPRING], r[INTERPRETED] / r[SPRING],
              largest_difference (run[INTERPRETED].tr, run[SPRING].tr));
      fflush (stdout);
      for (Law law = SPRING; law <= INTERPRETED; law++)
        run_clear (&run[law]);
    }
  bench_eval ();
  return 0;
}
