/* bench-chain.c: the engine against the same equations written by hand.
 *
 * 1. A chain of N inertias (J 0.01 kg.m²) joined by spring-dampers (c 1e4,
 *    d 1), a constant torque of 10 N.m on the first, 1 s, rk45, tolerance
 *    1e-6, output every 0.01 s of J0.w (what tools/speed-check runs through
 *    the CLI). Columns:
 *      engine     sw_simulate()
 *      hand       a plain C right-hand side, GSL odeiv2 rkf45 driver with the
 *                 same tolerance, first step and output times
 *      ratio      engine / hand (target <= 1.5 for N >= 1000)
 *      rhs        the engine's sw_equations_eval() under the hand's driver
 *                 loop: the cost of the equations alone (rhs / hand)
 *      nostop     the hand code integrated to 1 s in one call: what stopping
 *                 on every output time costs the integrator
 *      steps, evals  of the hand run; the engine's (same driver, same
 *                 sequence of steps) when they differ
 *    and the growth t(100000) / t(10000) (target <= 12; 10 is linear).
 * 2. The four-body example (data/examples/fourbody.shaft: 2 s, output every
 *    0.5 ms, every variable): sw_simulate() alone (target <= 5 ms).
 * 3. Assembly and one evaluation for a chain with a gear and a massless
 *    spring pair in every tenth section, per section against N = 10 (linear
 *    work keeps it near 1); a gear train with every reaction output.
 * 4. Memory: the chain of MAX_N bodies written to a file, each of reading
 *    it, reading and assembling (what `check` does), and reading, assembling
 *    and simulating 0.01 s with every variable (what `simulate` does) in a
 *    process of its own: its peak RSS and the ratio to the hand code's
 *    process integrating the same 0.01 s (target: simulate <= 100 MB), and
 *    what each step adds to the one before it, against the hand code too.
 *
 * Times are processor seconds of the process (best of several runs).
 *
 * Run: meson test -C build --benchmark bench-chain --verbose, or
 *      build/tests/bench-chain [MAX_N [chain|fourbody|mixed|gears|memory]]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdio.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdlib.h>
#include <time.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

#include "sw-equations-private.h"
#include "sw-model.h"
#include "sw-simulate.h"

#define CHAIN_J   0.01
#define CHAIN_C   1e4
#define CHAIN_D   1.0
#define CHAIN_TAU 10.0
#define STOP_S    1.0
#define OUTPUT_S  0.01
#define TOLERANCE 1e-6

/* ---- Timing ------------------------------------------------------------- */

typedef void (*RunFunc) (gpointer data);

/* Processor time of the process, not wall time: the figures hold on a
 * machine shared with other jobs. */
static double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* Best of at least three runs (a long chain runs from the shared cache,
 * whose speed varies), and of as many as fit in half a second. */
static double
best_time (RunFunc run, gpointer data)
{
  double best = INFINITY, total = 0;

  for (guint k = 0; k < 3 || (total < 0.5 && k < 1000); k++)
    {
      double start = cpu_seconds (), s;

      run (data);
      s = cpu_seconds () - start;
      best = MIN (best, s);
      total += s;
    }
  return best;
}

/* ---- The chain, as a model and by hand ---------------------------------- */

static char *
speed_chain_json (guint n)
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
  guint  n;
  gulong evals;
} HandChain;

/* y = [phi_0 .. phi_{n-1}, w_0 .. w_{n-1}]. */
static int
hand_rhs (double t, const double y[], double dydt[], void *data)
{
  HandChain *h = data;
  guint n = h->n;
  const double *phi = y, *w = y + n;
  double *dphi = dydt, *dw = dydt + n;
  double prev = 0;   /* torque of the section on the left */

  (void) t;
  h->evals++;
  for (guint i = 0; i < n; i++)
    {
      double tau = 0, torque;

      if (i + 1 < n)
        tau = CHAIN_C * (phi[i + 1] - phi[i]) + CHAIN_D * (w[i + 1] - w[i]);
      torque = tau - prev + (i == 0 ? CHAIN_TAU : 0);
      dphi[i] = w[i];
      dw[i] = torque * (1 / CHAIN_J);
      prev = tau;
    }
  return GSL_SUCCESS;
}

typedef struct {
  gulong steps, evals;
  double w0;          /* w of the first inertia at the stop time */
} DriverRun;

/* The engine's driver settings: first step a tenth of the output interval
 * (of OUTPUT_S in STOP_S, scaled to stop);
 * stops on every output time unless n_out is 1. */
static DriverRun
drive (gsl_odeiv2_system *ode, double *y, double stop, guint n_out, gulong *evals)
{
  gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_y_new (ode, gsl_odeiv2_step_rkf45, stop * (OUTPUT_S / STOP_S) / 10,
                                                        TOLERANCE, TOLERANCE);
  DriverRun r = { 0 };
  double t = 0;
  gulong evals0 = *evals;

  for (guint k = 1; k <= n_out; k++)
    {
      int status = gsl_odeiv2_driver_apply (d, &t, k == n_out ? stop : k * (stop / n_out), y);

      if (status != GSL_SUCCESS)
        g_error ("hand integration failed: %s", gsl_strerror (status));
      r.steps += d->n;
    }
  r.evals = *evals - evals0;
  gsl_odeiv2_driver_free (d);
  return r;
}

typedef struct {
  guint      n;
  guint      n_out;
  DriverRun  result;
} HandRun;

static void
run_hand (gpointer data)
{
  HandRun *run = data;
  HandChain h = { run->n, 0 };
  gsl_odeiv2_system ode = { hand_rhs, NULL, 2 * run->n, &h };
  g_autofree double *y = g_new0 (double, 2 * run->n);

  run->result = drive (&ode, y, STOP_S, run->n_out, &h.evals);
  run->result.w0 = y[run->n];
}

/* The engine's equations under the same driver loop. */
typedef struct {
  const SwSystem *sys;
  DriverRun       result;
} RhsRun;

static int
engine_rhs (double t, const double y[], double dydt[], void *data)
{
  return sw_equations_eval (data, t, y, dydt) ? GSL_SUCCESS : GSL_EBADFUNC;
}

static void
run_engine_rhs (gpointer data)
{
  RhsRun *run = data;
  g_autoptr (SwEquations) eq = sw_equations_new (run->sys);
  guint n = sw_system_get_n_states (run->sys);
  gsl_odeiv2_system ode = { engine_rhs, NULL, n, eq };
  g_autofree double *y = g_memdup2 (run->sys->y0, n * sizeof (double));
  gulong evals = 0;

  run->result = drive (&ode, y, STOP_S, (guint) lround (STOP_S / OUTPUT_S), &evals);
  run->result.evals = eq->n_evals;
}

typedef struct {
  const SwSystem    *sys;
  SwSimulateOptions  options;
  double             w0;
} EngineRun;

static void
run_engine (gpointer data)
{
  EngineRun *run = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) tr = sw_simulate (run->sys, &run->options, NULL, NULL, NULL, &error);
  int col;

  g_assert_no_error (error);
  col = sw_trajectory_find_column (tr, "J0.w");
  g_assert_cmpint (col, >=, 0);
  run->w0 = sw_trajectory_get_column (tr, col)[sw_trajectory_get_n_rows (tr) - 1];
}

static void
bench_speed_chain (guint max_n)
{
  const guint sizes[] = { 10, 100, 1000, 10000, 100000 };
  const char *const variables[] = { "J0.w", NULL };
  double t_engine[G_N_ELEMENTS (sizes)] = { 0 }, t_hand[G_N_ELEMENTS (sizes)] = { 0 };

  printf ("chain: N inertias J %g, spring-dampers c %g d %g, torque %g, %g s, rk45, tolerance %g, output %g s\n",
          CHAIN_J, CHAIN_C, CHAIN_D, CHAIN_TAU, STOP_S, TOLERANCE, OUTPUT_S);
  printf ("%7s %11s %10s %10s %6s %10s %6s %10s %8s %9s %s\n", "N", "assembly_s", "engine_s", "hand_s", "ratio",
          "rhs_s", "ratio", "nostop_s", "steps", "evals", "(engine steps/evals if different)");
  for (guint k = 0; k < G_N_ELEMENTS (sizes) && sizes[k] <= max_n; k++)
    {
      guint n = sizes[k];
      g_autofree char *json = speed_chain_json (n);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_model_new_from_data (json, -1, "chain", &error);
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (GTimer) timer = g_timer_new ();
      HandRun hand = { n, (guint) lround (STOP_S / OUTPUT_S), { 0 } };
      HandRun nostop = { n, 1, { 0 } };
      RhsRun rhs = { 0 };
      EngineRun engine = { 0 };
      double t_assembly, t_rhs, t_nostop;

      g_assert_no_error (error);
      g_timer_start (timer);
      sys = sw_model_assemble (model, &error);
      t_assembly = g_timer_elapsed (timer, NULL);
      g_assert_no_error (error);

      engine.sys = sys;
      engine.options = sw_simulate_options_default ();
      engine.options.stop_time_s = STOP_S;
      engine.options.output_interval_s = OUTPUT_S;
      engine.options.tolerance = TOLERANCE;
      engine.options.method = SW_METHOD_RK45;
      engine.options.variables = variables;
      rhs.sys = sys;

      t_engine[k] = best_time (run_engine, &engine);
      t_hand[k] = best_time (run_hand, &hand);
      t_rhs = best_time (run_engine_rhs, &rhs);
      t_nostop = best_time (run_hand, &nostop);
      /* The same equations: the same answer to the tolerance. */
      if (fabs (engine.w0 - hand.result.w0) > 1e-4 * (1 + fabs (hand.result.w0)))
        g_error ("N = %u: w0(1) engine %.9g, hand %.9g", n, engine.w0, hand.result.w0);

      printf ("%7u %11.3g %10.4g %10.4g %6.2f %10.4g %6.2f %10.4g %8lu %9lu", n, t_assembly, t_engine[k],
              t_hand[k], t_engine[k] / t_hand[k], t_rhs, t_rhs / t_hand[k], t_nostop, hand.result.steps,
              hand.result.evals);
      if (rhs.result.steps != hand.result.steps || rhs.result.evals != hand.result.evals)
        printf (" (%lu/%lu)", rhs.result.steps, rhs.result.evals);
      printf ("\n");
      fflush (stdout);
    }
  if (max_n >= 100000)
    printf ("growth t(100000)/t(10000): engine %.1f, hand %.1f (target <= 12)\n", t_engine[4] / t_engine[3],
            t_hand[4] / t_hand[3]);
}

/* ---- The four-body example ---------------------------------------------- */

typedef struct {
  const SwSystem *sys;
  SwMethod        method;
} SimulateRun;

static void
run_simulate (gpointer data)
{
  SimulateRun *run = data;
  SwSimulateOptions o = sw_simulate_options_from_system (run->sys);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) tr = NULL;

  o.method = run->method;
  tr = sw_simulate (run->sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
}

/* 10^5 evaluations of the right-hand side at the initial state. */
static void
run_evaluations (gpointer data)
{
  const SwSystem *sys = data;
  g_autoptr (SwEquations) eq = sw_equations_new (sys);
  g_autofree double *ydot = g_new (double, MAX (sw_system_get_n_states (sys), 1));

  for (guint k = 0; k < 100000; k++)
    if (!sw_equations_eval (eq, 1e-5 * k, sys->y0, ydot))
      g_error ("evaluation failed: %s", eq->error->message);
}

static void
bench_fourbody (void)
{
  /* The source root: $SW_SOURCE_ROOT, or found from this file's path. */
  g_autofree char *here = g_path_get_dirname (__FILE__);
  const char *roots[] = { g_getenv ("SW_SOURCE_ROOT"), ".", "..", here };
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwSystem) sys = NULL;
  SwSimulateOptions o;
  double t;

  for (guint k = 0; k < G_N_ELEMENTS (roots) && path == NULL; k++)
    {
      g_autofree char *p = roots[k] == NULL ? NULL
                           : roots[k] == here ? g_build_filename (here, "..", "..", "data", "examples", "fourbody.shaft", NULL)
                           : g_build_filename (roots[k], "data", "examples", "fourbody.shaft", NULL);

      if (p != NULL && g_file_test (p, G_FILE_TEST_IS_REGULAR))
        path = g_steal_pointer (&p);
    }
  if (path == NULL)
    {
      printf ("\nfourbody.shaft not found: set SW_SOURCE_ROOT\n");
      return;
    }
  model = sw_model_new_from_file (path, &error);
  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  o = sw_simulate_options_from_system (sys);
  {
    SimulateRun run = { sys, SW_METHOD_AUTO };
    SwMethod chosen = sw_system_choose_method (sys, &o);

    t = best_time (run_simulate, &run);
    printf ("\nfourbody.shaft: %g s, output every %g s, every variable: sw_simulate %.2f ms (auto: %s; target <= 5)",
            o.stop_time_s, o.output_interval_s, 1e3 * t, sw_method_to_name (chosen));
    for (SwMethod m = SW_METHOD_RK45; m <= SW_METHOD_BDF; m++)
      if (m != chosen && m != SW_METHOD_ADAMS)
        {
          run.method = m;
          printf (", %s %.2f ms", sw_method_to_name (m), 1e3 * best_time (run_simulate, &run));
        }
    printf ("; one evaluation %.0f ns\n", 1e9 * best_time (run_evaluations, sys) / 100000);
  }
}

/* ---- Assembly and one evaluation, mixed chain ---------------------------- */

static char *
chain_json (guint n)
{
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"chain\", \"components\": [\n"
                             "{\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"sine\": {\"amplitude\": 10, \"freq_hz\": 5}}}}");
  GString *c = g_string_new ("\"connections\": [{\"from\": \"torque.flange\", \"to\": \"j0.flange_a\"}");

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (s, ",\n{\"id\": \"j%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.1}}", i);
      if (i + 1 == n)
        break;
      if (i % 10 == 5)
        {
          /* gear, then two springs in series around a massless node */
          g_string_append_printf (s, ",\n{\"id\": \"g%u\", \"kind\": \"rotational.ideal_gear\", \"params\": {\"ratio\": 2}}", i);
          g_string_append_printf (s, ",\n{\"id\": \"m%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.05}}", i);
          g_string_append_printf (s, ",\n{\"id\": \"s%u\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 1000}}", i);
          g_string_append_printf (s, ",\n{\"id\": \"t%u\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 2000}}", i);
          g_string_append_printf (c, ",{\"from\": \"j%u.flange_b\", \"to\": \"g%u.flange_a\"}", i, i);
          g_string_append_printf (c, ",{\"from\": \"g%u.flange_b\", \"to\": \"m%u.flange_a\"}", i, i);
          g_string_append_printf (c, ",{\"from\": \"m%u.flange_b\", \"to\": \"s%u.flange_a\"}", i, i);
          g_string_append_printf (c, ",{\"from\": \"s%u.flange_b\", \"to\": \"t%u.flange_a\"}", i, i);
          g_string_append_printf (c, ",{\"from\": \"t%u.flange_b\", \"to\": \"j%u.flange_a\"}", i, i + 1);
        }
      else
        {
          g_string_append_printf (s, ",\n{\"id\": \"s%u\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 1000, \"d\": 0.1}}", i);
          g_string_append_printf (c, ",{\"from\": \"j%u.flange_b\", \"to\": \"s%u.flange_a\"}", i, i);
          g_string_append_printf (c, ",{\"from\": \"s%u.flange_b\", \"to\": \"j%u.flange_a\"}", i, i + 1);
        }
    }
  g_string_append (s, "],\n");
  g_string_append (c, "]}");
  g_string_append (s, c->str);
  g_string_free (c, TRUE);
  return g_string_free (s, FALSE);
}

static void
bench_mixed_chain (void)
{
  const guint sizes[] = { 10, 100, 1000, 3000 };
  double base_assembly = 0, base_eval = 0;

  printf ("\nmixed chain (a gear and a massless spring pair in every tenth section)\n");
  printf ("%6s %8s %12s %10s %12s %10s\n", "N", "states", "assembly_s", "per_N", "eval_s/N", "per_N");
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      guint n = sizes[k];
      g_autofree char *json = chain_json (n);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_model_new_from_data (json, -1, "chain", &error);
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (SwEquations) eq = NULL;
      g_autofree double *ydot = NULL;
      g_autoptr (GTimer) timer = g_timer_new ();
      double t_assembly, t_eval;
      guint reps = MAX (20, 200000 / n);

      g_assert_no_error (error);
      g_timer_start (timer);
      sys = sw_model_assemble (model, &error);
      t_assembly = g_timer_elapsed (timer, NULL);
      g_assert_no_error (error);

      eq = sw_equations_new (sys);
      ydot = g_new (double, sw_system_get_n_states (sys));
      g_timer_start (timer);
      for (guint r = 0; r < reps; r++)
        if (!sw_equations_eval (eq, 1e-3 * r, sys->y0, ydot))
          g_error ("evaluation failed: %s", eq->error->message);
      t_eval = g_timer_elapsed (timer, NULL) / reps;

      if (k == 0)
        {
          base_assembly = t_assembly / n;
          base_eval = t_eval / n;
        }
      printf ("%6u %8u %12.3g %10.2f %12.3g %10.2f\n", n, sw_system_get_n_states (sys), t_assembly,
              t_assembly / n / base_assembly, t_eval / n, t_eval / n / base_eval);
    }
}

/* N inertias joined by ideal gears, no compliance: one rigid group whose
 * reactions form one block of rows. */
static char *
gear_train_json (guint n)
{
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"gears\", \"components\": [\n"
                             "{\"id\": \"torque\", \"kind\": \"rotational.constant_torque\"}");
  GString *c = g_string_new ("\"connections\": [{\"from\": \"torque.flange\", \"to\": \"j0.flange_a\"}");

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (s, ",\n{\"id\": \"j%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.01}}", i);
      if (i + 1 == n)
        break;
      g_string_append_printf (s, ",\n{\"id\": \"g%u\", \"kind\": \"rotational.ideal_gear\", \"params\": {\"ratio\": 1.001}}", i);
      g_string_append_printf (c, ",{\"from\": \"j%u.flange_b\", \"to\": \"g%u.flange_a\"}", i, i);
      g_string_append_printf (c, ",{\"from\": \"g%u.flange_b\", \"to\": \"j%u.flange_a\"}", i, i + 1);
    }
  g_string_append (s, "],\n");
  g_string_append (c, "]}");
  g_string_append (s, c->str);
  g_string_free (c, TRUE);
  return g_string_free (s, FALSE);
}

/* Assembly and a simulation with every variable (every reaction) output. */
static void
bench_gear_train (void)
{
  const guint sizes[] = { 10, 100, 1000 };
  double base = 0;

  printf ("\ngear train, every variable output\n%6s %12s %12s %10s\n", "gears", "assembly_s", "simulate_s", "per_N");
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      guint n = sizes[k];
      g_autofree char *json = gear_train_json (n);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_model_new_from_data (json, -1, "gears", &error);
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (SwTrajectory) tr = NULL;
      g_autoptr (GTimer) timer = g_timer_new ();
      SwSimulateOptions o;
      double assembly, sim;

      g_assert_no_error (error);
      sys = sw_model_assemble (model, &error);
      assembly = g_timer_elapsed (timer, NULL);
      g_assert_no_error (error);
      o = sw_simulate_options_from_system (sys);
      o.stop_time_s = 1;
      o.output_interval_s = 0.01;
      g_timer_start (timer);
      tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
      sim = g_timer_elapsed (timer, NULL);
      g_assert_no_error (error);
      if (k == 0)
        base = (assembly + sim) / n;
      printf ("%6u %12.3g %12.3g %10.2f\n", n, assembly, sim, (assembly + sim) / n / base);
    }
}

/* ---- Memory: reading and simulating a chain, against the hand code ------ */

/* Each measure runs in a child process of its own (fork before anything
 * large is made here), its peak RSS from wait4(). */
#define MEMORY_STOP_S   0.01
#define MEMORY_OUTPUT_S 0.001

typedef enum { MEASURE_NOTHING, MEASURE_HAND, MEASURE_READ, MEASURE_CHECK, MEASURE_SIMULATE } Measure;

static gboolean
discard_piece (double t, guint first, const double *values, guint n_values, gpointer data, GError **error)
{
  return TRUE;
}

static void
measure_in_child (Measure measure, const char *path, guint n)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  SwSimulateOptions o;

  if (measure == MEASURE_NOTHING)
    return;
  if (measure == MEASURE_HAND)
    {
      HandChain h = { n, 0 };
      gsl_odeiv2_system ode = { hand_rhs, NULL, 2 * n, &h };
      g_autofree double *y = g_new0 (double, 2 * n);

      drive (&ode, y, MEMORY_STOP_S, (guint) lround (MEMORY_STOP_S / MEMORY_OUTPUT_S), &h.evals);
      return;
    }
#ifdef __GLIBC__
  /* As shaftwork-cli check and simulate: a fixed threshold for blocks of
   * their own. */
  if (measure == MEASURE_CHECK || measure == MEASURE_SIMULATE)
    mallopt (M_MMAP_THRESHOLD, 256 * 1024);
#endif
  model = sw_model_new_from_file (path, &error);
  g_assert_no_error (error);
  if (measure == MEASURE_READ)
    return;
  /* As shaftwork-cli check and simulate: the id indexes dropped first,
   * the components given up once the assembly has its parts. */
  sw_model_drop_caches (model);
  sys = sw_model_assemble_emptying (model, &error);
  g_assert_no_error (error);
  if (measure == MEASURE_CHECK)
    return;
  /* As shaftwork-cli simulate: the model dropped once assembled, every
   * variable, each row written (here dropped) in pieces as it is made. */
  g_clear_object (&model);
  o = sw_simulate_options_default ();
  o.stop_time_s = MEMORY_STOP_S;
  o.output_interval_s = MEMORY_OUTPUT_S;
  o.tolerance = TOLERANCE;
  o.method = SW_METHOD_RK45;
  o.on_row_piece = discard_piece;
  o.discard_rows = TRUE;
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
}

/* Peak RSS (KiB) and wall time of one measure. */
static long
measure (Measure what, const char *path, guint n, double *seconds)
{
  gint64 start = g_get_monotonic_time ();
  struct rusage u;
  int status;
  pid_t pid;

  fflush (stdout);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      measure_in_child (what, path, n);
      _exit (0);
    }
  g_assert_cmpint (wait4 (pid, &status, 0, &u), ==, pid);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  *seconds = (g_get_monotonic_time () - start) / 1e6;
  return u.ru_maxrss;
}

static void
write_chain_in_child (const char *path, guint n)
{
  pid_t pid = fork ();
  int status;

  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      g_autofree char *json = speed_chain_json (n);

      g_assert_true (g_file_set_contents (path, json, -1, NULL));
      _exit (0);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
}

static void
bench_memory (guint n)
{
  static const struct { Measure what; const char *name; } measures[] = {
    { MEASURE_NOTHING, "the process alone" },
    { MEASURE_HAND, "hand-written (GSL rkf45)" },
    { MEASURE_READ, "read (sw_model_new_from_file)" },
    { MEASURE_CHECK, "read + assemble (check)" },
    { MEASURE_SIMULATE, "read + assemble + simulate" },
  };
  g_autofree char *dir = g_dir_make_tmp ("bench-chain-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "chain.shaft", NULL);
  long hand_kb = 1, before_kb = 0;

  g_assert_nonnull (dir);
  write_chain_in_child (path, n);
  printf ("\nmemory: chain of N = %u as a file, %g s, output %g s; peak RSS of a process doing each (target: "
          "simulate <= 100 MB)\n", n, MEMORY_STOP_S, MEMORY_OUTPUT_S);
  /* step_MiB: what the step adds to the one before it (reading to the
   * process alone), step/hand that against the hand code's whole process. */
  printf ("%-32s %10s %8s %9s %10s %8s\n", "", "peak_MiB", "/hand", "step_MiB", "step/hand", "wall_s");
  for (guint k = 0; k < G_N_ELEMENTS (measures); k++)
    {
      double seconds;
      long kb = measure (measures[k].what, path, n, &seconds);
      gboolean step = measures[k].what >= MEASURE_READ;

      if (measures[k].what == MEASURE_HAND)
        hand_kb = kb;
      else if (measures[k].what == MEASURE_NOTHING || step)
        {
          if (step)
            printf ("%-32s %10.1f %8.2f %9.1f %10.2f %8.2f\n", measures[k].name, kb / 1024.0, (double) kb / hand_kb,
                    (kb - before_kb) / 1024.0, (double) (kb - before_kb) / hand_kb, seconds);
          before_kb = kb;
          if (step)
            continue;
        }
      printf ("%-32s %10.1f %8.2f %9s %10s %8.2f\n", measures[k].name, kb / 1024.0,
              measures[k].what >= MEASURE_HAND ? (double) kb / hand_kb : NAN, "", "", seconds);
    }
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  guint max_n = argc > 1 ? (guint) atoi (argv[1]) : 100000;
  const char *only = argc > 2 ? argv[2] : NULL;

  gsl_set_error_handler_off ();
  if (only == NULL || g_str_equal (only, "chain"))
    bench_speed_chain (max_n);
  if (only == NULL || g_str_equal (only, "fourbody"))
    bench_fourbody ();
  if (only == NULL || g_str_equal (only, "mixed"))
    bench_mixed_chain ();
  if (only == NULL || g_str_equal (only, "gears"))
    bench_gear_train ();
  if (only == NULL || g_str_equal (only, "memory"))
    bench_memory (max_n);
  return 0;
}
