/* test-engine-output-times.c: determinism of runs and events at and between
 * output times.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <glib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-trajectory.h"
#include "test-engine-common.h"

/* ---- 11. Determinism ---------------------------------------------------- */

static SwTrajectory *
simulate_first (void)
{
  const char *root = g_getenv ("SW_SOURCE_ROOT");
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SwModel) model = NULL;
  g_autoptr(SwSystem) sys = NULL;
  SwSimulateOptions o;
  SwTrajectory *tr;

  g_assert_nonnull (root);
  path = g_build_filename (root, "data", "examples", "first.shaft", NULL);
  model = sw_model_new_from_file (path, &error);
  g_assert_no_error (error);
  sys = assemble_model (model);
  o = sw_simulate_options_from_system (sys);
  g_assert_cmpfloat (o.stop_time_s, ==, 1.0);
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (tr);
  return tr;
}

static void
test_determinism (void)
{
  g_autoptr(SwTrajectory) a = simulate_first ();
  g_autoptr(SwTrajectory) b = simulate_first ();
  guint n = sw_trajectory_get_n_rows (a);

  g_assert_cmpuint (n, >=, 1001);
  g_assert_cmpuint (sw_trajectory_get_n_rows (b), ==, n);
  g_assert_cmpuint (sw_trajectory_get_n_columns (b), ==, sw_trajectory_get_n_columns (a));
  g_assert_cmpint (memcmp (sw_trajectory_get_times (a), sw_trajectory_get_times (b), n * sizeof (double)), ==, 0);
  for (guint c = 0; c < sw_trajectory_get_n_columns (a); c++)
    {
      g_assert_cmpstr (sw_trajectory_get_column_name (a, c), ==, sw_trajectory_get_column_name (b, c));
      g_assert_cmpint (memcmp (sw_trajectory_get_column (a, c), sw_trajectory_get_column (b, c),
                               n * sizeof (double)), ==, 0);
    }
}

/* ---- 12. Events --------------------------------------------------------- */

/* tau = 1 before start, 3 after, on J = 1 from rest:
 * w = t, then w(ts) + 3 (t - ts); phi = t²/2, then phi(ts) + w(ts) (t - ts)
 * + 3/2 (t - ts)². */
static void
check_step_event (double ts,
                  guint  n_rows)
{
  g_autofree char *text = g_strdelimit (g_strdup_printf (
    MODEL (COMP ("torque", "rotational.torque",
                 "'tau': {'step': {'height': 2, 'offset': 1, 'start_time': %.17g}}") ", "
           COMP ("inertia", "rotational.inertia", "'J': 1"),
           WIRE ("torque.flange", "inertia.flange_a")), ts), "'", '"');
  g_autoptr(SwTrajectory) tr = simulate (text, 1, 0.1, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *tau = column (tr, "torque.tau"), *a = column (tr, "inertia.a");
  const double *w = column (tr, "inertia.w"), *phi = column (tr, "inertia.phi");
  guint right = row_at (tr, ts), left = right - 1;

  assert_time_grid (tr, 1, 0.1);
  g_assert_cmpuint (sw_trajectory_get_n_rows (tr), ==, n_rows);
  g_assert_cmpuint (count_rows_at (tr, ts), ==, 2);
  g_assert_cmpfloat (t[left], ==, ts);
  g_assert_cmpfloat (tau[left], ==, 1);
  g_assert_cmpfloat (tau[right], ==, 3);
  assert_rel (a[left], 1, 1e-14);
  assert_rel (a[right], 3, 1e-14);
  g_assert_cmpfloat (w[left], ==, w[right]);
  g_assert_cmpfloat (phi[left], ==, phi[right]);
  for (guint k = 0; k < sw_trajectory_get_n_rows (tr); k++)
    {
      double d = t[k] - ts;

      if (k <= left)
        {
          g_assert_cmpfloat (tau[k], ==, 1);
          assert_close (w[k], t[k], 1e-12);
          assert_close (phi[k], 0.5 * t[k] * t[k], 1e-12);
        }
      else
        {
          g_assert_cmpfloat (tau[k], ==, 3);
          assert_close (w[k], ts + 3 * d, 1e-12);
          assert_close (phi[k], 0.5 * ts * ts + ts * d + 1.5 * d * d, 1e-12);
        }
    }
}

static void
test_event_on_output_time (void)
{
  /* 0, 0.1, …, 0.5, 0.5, …, 1 */
  check_step_event (0.5, 12);
}

static void
test_event_between_output_times (void)
{
  /* 0, 0.1, …, 0.5, 0.55, 0.55, 0.6, …, 1 */
  check_step_event (0.55, 13);
}

/* ---- 13. A stop time far beyond the motion ------------------------------ */

/* A damped oscillator (J 1, c 1, d 1) released from phi = 1 comes to rest
 * within a minute: to 1e50 s, BDF's steps grow with the time and it ends at
 * rest. Before, CVODE's first step was bounded below by 1e-14 of the
 * target (2e36 s): BDF called the model unstable, Adams failed "at t = 0 s".
 * Adams, not stable at large steps, now stops at the step limit instead,
 * with that limit's message. */
static void
test_huge_stop_time (void)
{
  g_autofree char *text = g_strdelimit (g_strdup (
    MODEL (COMP ("ground", "rotational.fixed", "") ", "
           COMP ("spring", "rotational.spring_damper", "'c': 1, 'd': 1") ", "
           COMP ("inertia", "rotational.inertia", "'J': 1, 'phi0': 1, 'w0': 0"),
           WIRE ("ground.flange", "spring.flange_a") ", " WIRE ("spring.flange_b", "inertia.flange_a"))), "'", '"');
  g_autoptr(SwSystem) sys = assemble (text);
  SwSimulateOptions o = sw_simulate_options_from_system (sys);
  g_autoptr(GError) error = NULL;
  g_autoptr(SwTrajectory) tr = NULL;

  o.stop_time_s = 1e50;
  o.output_interval_s = 1e49;
  o.method = SW_METHOD_BDF;
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_trajectory_get_n_rows (tr), ==, 11);
  g_assert_cmpfloat (sw_trajectory_get_times (tr)[10], ==, 1e50);
  for (guint k = 1; k <= 10; k++)
    {
      g_assert_cmpfloat (fabs (column (tr, "inertia.phi")[k]), <, 1e-6);
      g_assert_cmpfloat (fabs (column (tr, "inertia.w")[k]), <, 1e-6);
    }

  o.method = SW_METHOD_ADAMS;
  o.max_steps = 20000;
  g_clear_pointer (&tr, sw_trajectory_unref);
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_null (tr);
  g_assert_nonnull (error);
  g_assert_null (strstr (error->message, "at t = 0 s"));
  g_assert_nonnull (strstr (error->message, "steps"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/engine/determinism/first", test_determinism);
  g_test_add_func ("/core/engine/events/on-output-time", test_event_on_output_time);
  g_test_add_func ("/core/engine/events/between-output-times", test_event_between_output_times);
  g_test_add_func ("/core/engine/huge-stop-time", test_huge_stop_time);

  return g_test_run ();
}
