/* test-engine-rk853.c: the Dormand-Prince 8(5,3) method (rk853) against
 * closed forms: its order on a harmonic oscillator at the steps' ends and
 * at output times inside steps (the 7th-order dense output), a decay, a
 * spring and damper in series (the general form, against GSL), the
 * undamped step chain's exact modal solution, the energy the chain's
 * torque puts in, and a clutch's break-away located in time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <glib.h>

#include "sw-model.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-test-chain.h"
#include "sw-trajectory.h"
#include "test-engine-common.h"

static SwTrajectory *
run_rk853 (const SwSystem *sys, double stop, double interval, double tolerance, SwSimulateStats *stats)
{
  SwSimulateOptions o = sw_simulate_options_from_system (sys);
  g_autoptr (GError) error = NULL;
  SwTrajectory *tr;

  o.method = SW_METHOD_RK853;
  o.stop_time_s = stop;
  o.output_interval_s = interval;
  o.tolerance = tolerance;
  tr = sw_simulate_full (sys, &o, NULL, NULL, NULL, stats, &error);
  g_assert_no_error (error);
  g_assert_cmpint (stats->method, ==, SW_METHOD_RK853);
  return tr;
}

/* J = 1 on a spring c = 1 to the ground from phi = 1: phi = cos t. */
static const char oscillator[] = MODEL (COMP ("ground", "rotational.fixed", "") ", "
                                        COMP ("spring", "rotational.spring", "'c': 1") ", "
                                        COMP ("body", "rotational.inertia", "'J': 1, 'phi0': 1"),
                                        WIRE ("ground.flange", "spring.flange_a") ", "
                                        WIRE ("spring.flange_b", "body.flange_a"));

/* The largest error of the oscillator's angle and speed over the rows. */
static double
oscillator_error (double interval, double tolerance, guint64 *steps)
{
  g_autofree char *text = g_strdelimit (g_strdup (oscillator), "'", '"');
  g_autoptr (SwSystem) sys = assemble (text);
  SwSimulateStats stats;
  g_autoptr (SwTrajectory) tr = run_rk853 (sys, 6, interval, tolerance, &stats);
  const double *t = sw_trajectory_get_times (tr), *phi = column (tr, "body.phi"), *w = column (tr, "body.w");
  double e = 0;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    e = MAX (e, MAX (fabs (phi[r] - cos (t[r])), fabs (w[r] + sin (t[r]))));
  *steps = stats.n_steps;
  return e;
}

/* The error falls as the steps' number to the 8th power (global error
 * of an 8th-order method: h^8) at the end of the run, a step's end. */
static void
test_order (void)
{
  guint64 n1, n2;
  double e1 = oscillator_error (6, 1e-5, &n1), e2 = oscillator_error (6, 1e-9, &n2);
  double order = log (e1 / e2) / log ((double) n2 / n1);

  g_test_message ("steps %" G_GUINT64_FORMAT " -> %" G_GUINT64_FORMAT ", errors %.3g -> %.3g: order %.2f", n1, n2,
                  e1, e2, order);
  g_assert_cmpuint (n2, >, n1);
  g_assert_cmpfloat (e2, <, 1e-8);
  g_assert_cmpfloat (order, >, 7);
  g_assert_cmpfloat (order, <, 10);
}

/* Output times inside steps come from the continuous extension, of order
 * 7 (its error h^8 in a step): the rows' error falls as fast. */
static void
test_dense_order (void)
{
  guint64 n1, n2, n_end;
  double e1 = oscillator_error (0.0371, 1e-5, &n1), e2 = oscillator_error (0.0371, 1e-9, &n2);
  double order = log (e1 / e2) / log ((double) n2 / n1), e_end = oscillator_error (6, 1e-9, &n_end);

  g_test_message ("rows inside steps: steps %" G_GUINT64_FORMAT " -> %" G_GUINT64_FORMAT
                  ", errors %.3g -> %.3g: order %.2f (steps' ends %.3g)", n1, n2, e1, e2, order, e_end);
  g_assert_cmpuint (n2, ==, n_end);  /* the outputs cost no step */
  g_assert_cmpfloat (order, >, 6.5);
  g_assert_cmpfloat (e2, <, 10 * e_end + 1e-12);
}

/* J = 1 at w = 1 on a damper d = 2 to the ground: w = exp(-2 t), phi =
 * (1 - exp(-2 t)) / 2. */
static void
test_decay (void)
{
  g_autofree char *text = g_strdelimit (g_strdup (MODEL (COMP ("ground", "rotational.fixed", "") ", "
                                                         COMP ("damper", "rotational.damper", "'d': 2") ", "
                                                         COMP ("body", "rotational.inertia", "'J': 1, 'w0': 1"),
                                                         WIRE ("ground.flange", "damper.flange_a") ", "
                                                         WIRE ("damper.flange_b", "body.flange_a"))),
                                        "'", '"');
  g_autoptr (SwSystem) sys = assemble (text);
  SwSimulateStats stats;
  g_autoptr (SwTrajectory) tr = run_rk853 (sys, 3, 0.013, 1e-8, &stats);
  const double *t = sw_trajectory_get_times (tr), *phi = column (tr, "body.phi"), *w = column (tr, "body.w");

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      assert_abs (w[r], exp (-2 * t[r]), 1e-8);
      assert_abs (phi[r], 0.5 * (1 - exp (-2 * t[r])), 1e-8);
    }
}

/* J = 1 from phi = 1 on a spring c = 100 in series with a damper d = 1
 * to the ground: the node between them is a first-order state, so the run
 * takes the general form (not Nystrom's). phi' = w, J w' = -c (phi - x),
 * d x' = c (phi - x), written by hand and integrated by GSL. */
static int
series_rhs (double t, const double y[], double f[], void *params)
{
  f[0] = y[1];
  f[1] = -100 * (y[0] - y[2]);
  f[2] = 100 * (y[0] - y[2]);
  return GSL_SUCCESS;
}

static void
test_general_form (void)
{
  g_autofree char *text = g_strdelimit (g_strdup (MODEL (COMP ("ground", "rotational.fixed", "") ", "
                                                         COMP ("damper", "rotational.damper", "'d': 1") ", "
                                                         COMP ("spring", "rotational.spring", "'c': 100") ", "
                                                         COMP ("body", "rotational.inertia", "'J': 1, 'phi0': 1"),
                                                         WIRE ("ground.flange", "damper.flange_b") ", "
                                                         WIRE ("damper.flange_a", "spring.flange_a") ", "
                                                         WIRE ("spring.flange_b", "body.flange_a"))),
                                        "'", '"');
  g_autoptr (SwSystem) sys = assemble (text);
  SwSimulateStats stats;
  g_autoptr (SwTrajectory) tr = run_rk853 (sys, 2, 0.0173, 1e-8, &stats);
  const double *t = sw_trajectory_get_times (tr), *phi = column (tr, "body.phi"), *w = column (tr, "body.w");
  const double *x = column (tr, "damper.phi_rel");  /* ground minus node */
  const double y0[3] = { 1, 0, 0 };
  double err[3] = { 0 }, lo[3] = { INFINITY, INFINITY, INFINITY }, hi[3] = { -INFINITY, -INFINITY, -INFINITY };
  Oracle o;

  oracle_init (&o, series_rhs, 3, y0, NULL);
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      const double v[3] = { phi[r], w[r], -x[r] };

      oracle_advance (&o, t[r]);
      for (guint i = 0; i < 3; i++)
        {
          err[i] = MAX (err[i], fabs (v[i] - o.y[i]));
          lo[i] = MIN (lo[i], o.y[i]), hi[i] = MAX (hi[i], o.y[i]);
        }
    }
  oracle_clear (&o);
  /* Within 10 x the tolerance of each signal's range (issue 19's measure),
   * outputs inside steps included: steps past the stability bound (the
   * node's decay, rate 100/s) are refused, the extension there was 1e-7
   * off. */
  for (guint i = 0; i < 3; i++)
    {
      g_test_message ("state %u: error %.3g of its range %.3g (%" G_GUINT64_FORMAT " steps)", i,
                      err[i] / (hi[i] - lo[i]), hi[i] - lo[i], stats.n_steps);
      g_assert_cmpfloat (err[i], <=, 10 * 1e-8 * (hi[i] - lo[i]));
    }
}

/* The undamped step chain (N = 100, 2 s) against its exact modal solution
 * at the default tolerance: every angle and speed within 10 x the
 * tolerance of its range (issue 19's measure, which rk853's own margin
 * meets: 1.8e-5 at auto's rk45 margin, 1.1e-6 at its own), and the work of the torque, tau phi_0, found again
 * as the chain's kinetic and spring energy. */
static void
test_step_chain (void)
{
  const guint n = 100;
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTestChain) chain = sw_test_chain_new (n, 1, 1e4, 1, &error);
  g_autofree char *json = NULL;
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  g_autofree const double **phi = g_new (const double *, n), **w = g_new (const double *, n);
  SwSimulateStats stats;
  double phi_rel, w_rel, w_of_max, worst = 0, largest = 0;

  g_assert_no_error (error);
  json = sw_test_chain_json (chain, 2, 0.01);
  sys = assemble (json);
  tr = run_rk853 (sys, 2, 0.01, 1e-6, &stats);
  sw_test_chain_errors (chain, tr, &phi_rel, &w_rel, &w_of_max);
  g_test_message ("N = %u, %" G_GUINT64_FORMAT " steps: angles %.3g, speeds %.3g of their ranges", n, stats.n_steps,
                  phi_rel, w_rel);
  g_assert_cmpfloat (phi_rel, <=, 10 * 1e-6);
  g_assert_cmpfloat (w_rel, <=, 10 * 1e-6);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *p = g_strdup_printf ("J%u.phi", i), *v = g_strdup_printf ("J%u.w", i);

      phi[i] = column (tr, p);
      w[i] = column (tr, v);
    }
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double energy = 0, work = chain->tau * phi[0][r];

      for (guint i = 0; i < n; i++)
        energy += 0.5 * chain->J * w[i][r] * w[i][r];
      for (guint i = 0; i + 1 < n; i++)
        energy += 0.5 * chain->c * (phi[i + 1][r] - phi[i][r]) * (phi[i + 1][r] - phi[i][r]);
      worst = MAX (worst, fabs (energy - work));
      largest = MAX (largest, fabs (work));
    }
  g_test_message ("energy - work: %.3g of the largest work %.3g", worst / largest, largest);
  g_assert_cmpfloat (largest, >, 0);
  g_assert_cmpfloat (worst, <=, 1e-6 * largest);
}

/* CoupledClutches (MSL): clutch 1 breaks loose where its normal force
 * falls below what holds it, at t = (pi - 1.57) / (0.4 pi) s (as
 * test-friction.c with the default method). */
static void
test_clutch_event (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "data", "examples", "coupled-clutches.shaft",
                                            NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_file (path, &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  SwSimulateStats stats;
  const double *t, *mode;
  double free1 = NAN;

  g_assert_no_error (error);
  sys = assemble_model (model);
  tr = run_rk853 (sys, sw_simulate_options_from_system (sys).stop_time_s, 1e-3, 1e-8, &stats);
  t = sw_trajectory_get_times (tr);
  mode = column (tr, "clutch1.mode");
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr) && isnan (free1); r++)
    if (mode[r] == 2)
      free1 = t[r];
  g_test_message ("clutch1 free from %.12g s, %" G_GUINT64_FORMAT " events", free1, stats.n_events);
  g_assert_cmpfloat (fabs (free1 - (G_PI - 1.57) / (0.4 * G_PI)), <, 1e-6);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/engine/rk853/order", test_order);
  g_test_add_func ("/core/engine/rk853/dense-order", test_dense_order);
  g_test_add_func ("/core/engine/rk853/decay", test_decay);
  g_test_add_func ("/core/engine/rk853/general-form", test_general_form);
  g_test_add_func ("/core/engine/rk853/step-chain", test_step_chain);
  g_test_add_func ("/core/engine/rk853/clutch-event", test_clutch_event);
  return g_test_run ();
}
