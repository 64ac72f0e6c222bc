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
 * times too, so the driver stops on them. */
static gboolean
run_hand (const gsl_odeiv2_step_type *type, guint64 *steps, guint64 *evals, double *momentum_error)
{
  Hand h = { 0 };
  gsl_odeiv2_system system = { hand_rhs, hand_jacobian, 4, &h };
  gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_y_new (&system, type, 1e-6, TOLERANCE, TOLERANCE);
  double w[4] = { 10, 0, 0, 0 }, t = 0;
  gboolean ok = TRUE;

  *momentum_error = 0;
  *steps = 0;
  for (guint k = 1; ok && k <= (guint) round (STOP / INTERVAL); k++)
    {
      ok = gsl_odeiv2_driver_apply (d, &t, k * INTERVAL, w) == GSL_SUCCESS;
      *steps += d->n;
      *momentum_error = MAX (*momentum_error, fabs (w[0] + w[1] + w[2] + w[3] - momentum_exact (t)));
    }
  *evals = h.evals;
  gsl_odeiv2_driver_free (d);
  return ok;
}

static double
bench_hand (const char *name, const gsl_odeiv2_step_type *type)
{
  double best = INFINITY, error = 0;
  guint64 steps = 0, evals = 0;

  for (guint r = 0; r < RUNS / 4; r++)
    {
      double start = now ();

      if (!run_hand (type, &steps, &evals, &error))
        {
          printf ("  regularised, GSL %-6s failed\n", name);
          return INFINITY;
        }
      best = MIN (best, now () - start);
    }
  printf ("  regularised, GSL %-6s %8.3f ms  steps %7" G_GUINT64_FORMAT "  evals %8" G_GUINT64_FORMAT
          "  events      0  momentum error %.2g\n", name, 1e3 * best, steps, evals, error);
  return best;
}

/* ---- Exact, by the engine ----------------------------------------------- */

static double
bench_exact (void)
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
  o.tolerance = TOLERANCE;
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
          G_GUINT64_FORMAT "  momentum error %.2g  (%" G_GUINT64_FORMAT " mode changes)\n",
          sw_method_to_name (stats.method), 1e3 * best, stats.n_steps, stats.n_rhs_evals, stats.n_events,
          momentum_error, stats.n_mode_changes);
  return best;
}

int
main (void)
{
  double exact, explicit_reg, implicit_reg, regularised;

  sw_init ();
  gsl_set_error_handler_off ();
  printf ("CoupledClutches, %g s, tolerance %g, output every %g s (wall time, best of several runs)\n", STOP,
          TOLERANCE, INTERVAL);
  exact = bench_exact ();
  explicit_reg = bench_hand ("rkf45", gsl_odeiv2_step_rkf45);
  implicit_reg = bench_hand ("msbdf", gsl_odeiv2_step_msbdf);
  regularised = MIN (explicit_reg, implicit_reg);
  printf ("exact %.3f ms a run (target < 5 ms); %.1fx faster than the best regularised (target >= 5)\n",
          1e3 * exact, regularised / exact);
  return 0;
}
