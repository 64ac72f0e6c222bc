/* bench-events.c: exact friction events against regularised friction.
 *
 * Modelica's CoupledClutches (data/examples/coupled-clutches.shaft), 1.5 s,
 * tolerance 1e-6, output every 1 ms:
 *   exact        sw_simulate(): stuck clutches are locks, mode changes are
 *                located events (sw-friction.c)
 *   regularised  the same drive line written by hand with each clutch's
 *                torque cgeo mue fn tanh (w_rel / 1e-3 rad/s) (no sticking,
 *                no events: the usual stiff substitute), integrated by GSL
 *                with the same tolerance and output times: rkf45 and msbdf
 *                (implicit, for the stiffness the tanh brings)
 * Prints the wall time per run (best of several), steps, right-hand-side
 * evaluations and events, the momentum error against its closed form
 * (sum J w = 10 + (1 - cos 10 pi t) / pi) and the ratio. Targets: exact at
 * least 5x faster than regularised, under 5 ms a run.
 *
 * "To the same accuracy": the momentum is no measure of it (Runge-Kutta
 * methods keep linear invariants exactly whatever their error), so each
 * run's speeds are compared with its own model's converged solution
 * (tolerance 1e-12) at the output times, and the regularised runs are
 * also timed at the loosest tolerance (from 1e-6 down by sqrt 10) that is
 * as accurate as the exact run at 1e-6.
 *
 * Run: meson test -C build --benchmark bench-events --verbose, or
 *      build/tests/bench-events
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdio.h>
#include <time.h>
#include <glib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-simulate.h"
#include "sw-system.h"

#define STOP 1.5
#define INTERVAL 1e-3
#define TOLERANCE 1e-6
#define W_REG 1e-3
#define RUNS 20
#define N_OUT ((guint) (STOP / INTERVAL + 0.5))
#define REFERENCE_TOLERANCE 1e-12

static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static double
momentum_exact (double t)
{
  return 10 + (1 - cos (10 * G_PI * t)) / G_PI;
}

/* ---- Regularised, by hand ----------------------------------------------- */

typedef struct {
  guint64 evals;
} Hand;

/* f_normalized of the three clutches (as in the example). */
static double
engaged (guint k, double t)
{
  switch (k)
    {
    case 0: return MAX (0, sin (2 * G_PI * 0.2 * t + 1.57));
    case 1: return t >= 0.4 ? 1 : 0;
    default: return t >= 0.9 ? 1 : 0;
    }
}

static int
hand_rhs (double t, const double w[], double dw[], void *data)
{
  Hand *h = data;

  h->evals++;
  dw[0] = 10 * sin (10 * G_PI * t);
  dw[1] = dw[2] = dw[3] = 0;
  for (guint k = 0; k < 3; k++)
    {
      /* cgeo 1, mue 0.5, fn_max 20: tau = 10 f_normalized tanh (w_rel / W_REG). */
      double tau = 10 * engaged (k, t) * tanh ((w[k + 1] - w[k]) / W_REG);

      dw[k] += tau;
      dw[k + 1] -= tau;
    }
  return GSL_SUCCESS;
}

static int
hand_jacobian (double t, const double w[], double *dfdy, double dfdt[], void *data)
{
  (void) data;
  for (guint i = 0; i < 16; i++)
    dfdy[i] = 0;
  dfdt[0] = 100 * G_PI * cos (10 * G_PI * t);
  dfdt[1] = dfdt[2] = dfdt[3] = 0;
  for (guint k = 0; k < 3; k++)
    {
      double c = tanh ((w[k + 1] - w[k]) / W_REG), g = 10 * engaged (k, t) * (1 - c * c) / W_REG;

      /* tau = g-linearised in w_rel: +tau on k, -tau on k + 1. */
      dfdy[k * 4 + k + 1] += g;
      dfdy[k * 4 + k] -= g;
      dfdy[(k + 1) * 4 + k + 1] -= g;
      dfdy[(k + 1) * 4 + k] += g;
    }
  return GSL_SUCCESS;
}

/* One run; FALSE when GSL failed. Time events at 0.4 and 0.9 s are output
 * times too, so the driver stops on them. The speeds at each output time
 * into out (N_OUT x 4) unless NULL. */
static gboolean
run_hand (const gsl_odeiv2_step_type *type, double tolerance, guint64 *steps, guint64 *evals,
          double *momentum_error, double *out)
{
  Hand h = { 0 };
  gsl_odeiv2_system system = { hand_rhs, hand_jacobian, 4, &h };
  gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_y_new (&system, type, 1e-6, tolerance, tolerance);
  double w[4] = { 10, 0, 0, 0 }, t = 0;
  gboolean ok = TRUE;

  *momentum_error = 0;
  *steps = 0;
  for (guint k = 1; ok && k <= (guint) round (STOP / INTERVAL); k++)
    {
      ok = gsl_odeiv2_driver_apply (d, &t, k * INTERVAL, w) == GSL_SUCCESS;
      *steps += d->n;
      *momentum_error = MAX (*momentum_error, fabs (w[0] + w[1] + w[2] + w[3] - momentum_exact (t)));
      for (guint i = 0; i < 4 && out != NULL; i++)
        out[(k - 1) * 4 + i] = w[i];
    }
  *evals = h.evals;
  gsl_odeiv2_driver_free (d);
  return ok;
}

static double
max_difference (const double *a, const double *b)
{
  double d = 0;

  for (guint i = 0; i < 4 * N_OUT; i++)
    d = MAX (d, fabs (a[i] - b[i]));
  return d;
}

/* Best time of a regularised run at tolerance; its speed error against
 * reference (the converged regularised solution) into *speed_error. */
static double
bench_hand (const char *name, const gsl_odeiv2_step_type *type, double tolerance, const double *reference,
            double *speed_error)
{
  g_autofree double *out = g_new (double, 4 * N_OUT);
  double best = INFINITY, error = 0;
  guint64 steps = 0, evals = 0;

  for (guint r = 0; r < RUNS / 4; r++)
    {
      double start = now ();

      if (!run_hand (type, tolerance, &steps, &evals, &error, out))
        {
          printf ("  regularised, GSL %-6s failed\n", name);
          return INFINITY;
        }
      best = MIN (best, now () - start);
    }
  *speed_error = max_difference (out, reference);
  printf ("  regularised, GSL %-6s tol %-7.2g %8.3f ms  steps %7" G_GUINT64_FORMAT "  evals %8" G_GUINT64_FORMAT
          "  momentum error %.2g  speed error %.2g\n", name, tolerance, 1e3 * best, steps, evals, error,
          *speed_error);
  return best;
}

/* ---- Exact, by the engine ----------------------------------------------- */

/* The speeds at the output times (not the events' extra rows) into out. */
static void
grid_speeds (SwTrajectory *tr, double *out)
{
  const double *t = sw_trajectory_get_times (tr), *w[4];
  guint k = 0;

  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *name = g_strdup_printf ("J%u.w", i + 1);
      w[i] = sw_trajectory_get_column (tr, sw_trajectory_find_column (tr, name));
    }
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr) && k < N_OUT; r++)
    if (fabs (t[r] - (k + 1) * INTERVAL) < 1e-12 && (r + 1 == sw_trajectory_get_n_rows (tr) || t[r + 1] != t[r]))
      {
        for (guint i = 0; i < 4; i++)
          out[k * 4 + i] = w[i][r];
        k++;
      }
  g_assert (k == N_OUT);
}

static double
bench_exact (double *speed_error)
{
  const char *root = g_getenv ("SW_SOURCE_ROOT");
  g_autofree char *path = g_build_filename (root != NULL ? root : ".", "data", "examples", "coupled-clutches.shaft",
                                            NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_file (path, &error);
  g_autoptr (SwSystem) sys = NULL;
  SwSimulateOptions o;
  SwSimulateStats stats = { 0 };
  static const char *const speeds[] = { "J*.w", NULL };
  double best = INFINITY, momentum_error = 0;

  if (model == NULL || !(sys = sw_model_assemble (model, &error)))
    g_error ("%s", error->message);
  o = sw_simulate_options_from_system (sys);
  /* What the regularised runs give too: the speeds. */
  o.variables = speeds;
  o.stop_time_s = STOP;
  o.output_interval_s = INTERVAL;
  o.tolerance = REFERENCE_TOLERANCE;
  {
    g_autoptr (SwTrajectory) reference = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
    g_autoptr (SwTrajectory) run = NULL;
    g_autofree double *a = g_new (double, 4 * N_OUT), *b = g_new (double, 4 * N_OUT);

    o.tolerance = TOLERANCE;
    run = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
    grid_speeds (reference, a);
    grid_speeds (run, b);
    *speed_error = max_difference (a, b);
  }
  for (guint r = 0; r < RUNS; r++)
    {
      double start = now ();
      g_autoptr (SwTrajectory) tr = sw_simulate_full (sys, &o, NULL, NULL, NULL, &stats, &error);
      const double *t, *w[4];

      if (tr == NULL)
        g_error ("%s", error->message);
      best = MIN (best, now () - start);
      t = sw_trajectory_get_times (tr);
      for (guint k = 0; k < 4; k++)
        {
          g_autofree char *name = g_strdup_printf ("J%u.w", k + 1);
          w[k] = sw_trajectory_get_column (tr, sw_trajectory_find_column (tr, name));
        }
      momentum_error = 0;
      for (guint i = 0; i < sw_trajectory_get_n_rows (tr); i++)
        momentum_error = MAX (momentum_error, fabs (w[0][i] + w[1][i] + w[2][i] + w[3][i] - momentum_exact (t[i])));
    }
  printf ("  exact, %-16s %8.3f ms  steps %7" G_GUINT64_FORMAT "  evals %8" G_GUINT64_FORMAT "  events %6"
          G_GUINT64_FORMAT "  momentum error %.2g  speed error %.2g  (%" G_GUINT64_FORMAT " mode changes)\n",
          sw_method_to_name (stats.method), 1e3 * best, stats.n_steps, stats.n_rhs_evals, stats.n_events,
          momentum_error, *speed_error, stats.n_mode_changes);
  return best;
}

int
main (void)
{
  g_autofree double *reference = g_new (double, 4 * N_OUT);
  double exact, exact_error, regularised = INFINITY, error, same_accuracy = INFINITY;
  guint64 steps, evals;
  const gsl_odeiv2_step_type *types[] = { gsl_odeiv2_step_rkf45, gsl_odeiv2_step_msbdf };
  const char *names[] = { "rkf45", "msbdf" };

  sw_init ();
  gsl_set_error_handler_off ();
  printf ("CoupledClutches, %g s, output every %g s (wall time, best of several runs; speed error: max |w - w "
          "converged| over the output times, rad/s)\n", STOP, INTERVAL);
  exact = bench_exact (&exact_error);
  if (!run_hand (gsl_odeiv2_step_msbdf, REFERENCE_TOLERANCE, &steps, &evals, &error, reference))
    g_error ("the regularised reference run failed");
  for (guint m = 0; m < G_N_ELEMENTS (types); m++)
    {
      double time = bench_hand (names[m], types[m], TOLERANCE, reference, &error);

      regularised = MIN (regularised, time);
      /* The same accuracy as the exact run: tighter tolerances. */
      for (double tol = TOLERANCE; error > exact_error && tol >= 1e-11;)
        {
          tol /= sqrt (10);
          time = bench_hand (names[m], types[m], tol, reference, &error);
        }
      if (error <= exact_error)
        same_accuracy = MIN (same_accuracy, time);
    }
  printf ("exact %.3f ms a run (target < 5 ms); %.1fx faster than the best regularised at the same tolerance, "
          "%.1fx at the same accuracy (target >= 5)\n", 1e3 * exact, regularised / exact, same_accuracy / exact);
  return 0;
}
