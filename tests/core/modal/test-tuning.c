/* test-tuning.c: the tuned absorber and the viscous damper kinds against
 * closed forms, and their tuning against Den Hartog's results: at the
 * optimum the absorbed primary shows two equal peaks at the fixed points'
 * frequencies, of height x_st sqrt (1 + 2 / mu); the viscous damper's
 * optimum gives the lowest peak, x_st (1 + 2 / mu) (Den Hartog, Mechanical
 * Vibrations, 4th ed., sections 3.3 and 3.10).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib.h>

#include "sw-error.h"
#include "sw-forced.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-system.h"
#include "sw-test-run.h"
#include "sw-tuning.h"

/* A primary J = 1 on K = 1e4 to the ground (w_p = 100 rad/s), undamped,
 * with a damper of inertia 0.1 (mu = 0.1) on its flange. */
static SwModel *
primary_with (const char *kind)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *json = g_strdup_printf (
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"primary\", \"components\": ["
    " {\"id\": \"G\", \"kind\": \"rotational.fixed\"},"
    " {\"id\": \"K\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 10000}},"
    " {\"id\": \"P\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}},"
    " {\"id\": \"A\", \"kind\": \"%s\", \"params\": {\"J\": 0.1}}],"
    " \"connections\": [{\"from\": \"G.flange\", \"to\": \"K.flange_a\"}, {\"from\": \"K.flange_b\", \"to\": \"P.flange_a\"},"
    "  {\"from\": \"P.flange_b\", \"to\": \"A.flange\"}]}",
    kind);
  SwModel *model = sw_model_new_from_data (json, -1, "primary.shaft", &error);

  g_assert_no_error (error);
  return model;
}

/* The primary's angle amplitude per unit torque over w in [lo, hi] rad/s
 * (order 1: rpm = w 60 / 2 pi), n points. */
static SwTrajectory *
sweep (SwModel *model, double lo, double hi, guint n)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwSystem) sys = sw_model_assemble (model, &error);
  SwForcedExcitation ex[] = { { "P", 1, 1, 0 } };
  SwForcedOptions o = sw_forced_options_default ();
  SwTrajectory *tr;

  g_assert_no_error (error);
  o.from_rpm = lo * 60 / (2 * G_PI);
  o.to_rpm = hi * 60 / (2 * G_PI);
  o.n_speeds = n;
  o.excitations = ex;
  o.n_excitations = 1;
  o.per_order = FALSE;
  o.peak = FALSE;
  tr = sw_forced_compute (sys, &o, &error);
  g_assert_no_error (error);
  return tr;
}

/* The local maxima of P.phi_amp: their heights and rad/s (a parabola
 * through each and its neighbours). */
static guint
peaks (SwTrajectory *tr, double *height, double *w, guint max)
{
  const double *v = sw_test_column (tr, "P.phi_amp"), *rpm = sw_trajectory_get_times (tr);
  guint n = 0;

  for (guint r = 1; r + 1 < sw_trajectory_get_n_rows (tr) && n < max; r++)
    if (v[r] > v[r - 1] && v[r] >= v[r + 1])
      {
        double a = v[r - 1], b = v[r], c = v[r + 1], shift = 0.5 * (a - c) / (a - 2 * b + c);

        height[n] = b - 0.25 * (a - c) * shift;
        w[n++] = (rpm[r] + shift * (rpm[r + 1] - rpm[r])) * 2 * G_PI / 60;
      }
  return n;
}

static void
test_absorber_den_hartog (void)
{
  g_autoptr (SwModel) model = primary_with ("rotational.tuned_absorber");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  SwTuning t;
  double mu = 0.1, h[4], w[4], x_st = 1e-4, r = sqrt (mu / (2 + mu));
  /* The fixed points: (w / w_p)^2 = (1 -+ sqrt (mu / (2 + mu))) / (1 + mu). */
  double w_lo = 100 * sqrt ((1 - r) / (1 + mu)), w_hi = 100 * sqrt ((1 + r) / (1 + mu));
  int c_param;

  g_assert_true (sw_tuning_apply (model, "A", 1, &t, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (t.omega_rad_s, 100, 1e-9);
  g_assert_cmpfloat_with_epsilon (t.effective_inertia, 1, 1e-9);
  g_assert_cmpfloat_with_epsilon (t.mass_ratio, 0.1, 1e-9);
  g_assert_cmpfloat_with_epsilon (t.c, 0.1 * pow (100 / 1.1, 2), 1e-6);
  g_assert_cmpfloat_with_epsilon (t.d, 2 * 0.1 * 100 * sqrt (3 * 0.1 / (8 * pow (1.1, 3))), 1e-9);
  c_param = sw_kind_find_param (sw_model_get_component (model, 3)->kind, "c");
  g_assert_cmpfloat (sw_model_get_component (model, 3)->param[c_param], ==, t.c);
  tr = sweep (model, 60, 140, 8001);
  g_assert_cmpuint (peaks (tr, h, w, 4), ==, 2);
  g_test_message ("peaks %.6g at %.6g rad/s, %.6g at %.6g rad/s; fixed points %.6g, %.6g rad/s", h[0], w[0], h[1],
                  w[1], w_lo, w_hi);
  g_assert_cmpfloat (fabs (h[0] - h[1]), <=, 0.01 * h[0]);
  g_assert_cmpfloat (fabs (w[0] - w_lo), <=, 0.01 * w_lo);
  g_assert_cmpfloat (fabs (w[1] - w_hi), <=, 0.01 * w_hi);
  g_assert_cmpfloat (fabs (h[0] - x_st * sqrt (1 + 2 / mu)), <=, 0.01 * h[0]);
}

static double
highest (SwModel *model)
{
  g_autoptr (SwTrajectory) tr = sweep (model, 30, 170, 7001);
  const double *v = sw_test_column (tr, "P.phi_amp");
  double top = 0;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    top = MAX (top, v[r]);
  return top;
}

static void
test_viscous_optimum (void)
{
  g_autoptr (SwModel) model = primary_with ("rotational.viscous_damper");
  g_autoptr (GError) error = NULL;
  SwTuning t;
  double mu = 0.1, best, lower, higher;

  g_assert_true (sw_tuning_apply (model, "A", 1, &t, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (t.c, ==, 0);
  g_assert_cmpfloat_with_epsilon (t.d, 2 * 0.1 * 100 / sqrt (2 * 1.1 * 2.1), 1e-9);
  best = highest (model);
  g_assert_cmpfloat (fabs (best - 1e-4 * (1 + 2 / mu)), <=, 0.01 * best);
  g_assert_true (sw_model_set_param (model, 3, "d", 0.8 * t.d, &error));
  lower = highest (model);
  g_assert_true (sw_model_set_param (model, 3, "d", 1.25 * t.d, &error));
  higher = highest (model);
  g_test_message ("peak at the optimum %.6g, at 0.8 d %.6g, at 1.25 d %.6g", best, lower, higher);
  g_assert_cmpfloat (best, <, lower);
  g_assert_cmpfloat (best, <, higher);
}

/* The kinds alone on a fixed hub: the absorber is an oscillator of
 * sqrt (c / J) with damping ratio d / (2 sqrt (c J)); the viscous damper's
 * ring, started at 1 rad/s, slows as exp (-d t / J). */
static void
test_kinds_closed_form (void)
{
  g_autoptr (GError) error = NULL;
  const char *absorber =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"a\", \"components\": ["
    " {\"id\": \"G\", \"kind\": \"rotational.fixed\"},"
    " {\"id\": \"A\", \"kind\": \"rotational.tuned_absorber\", \"params\": {\"J\": 0.2, \"c\": 500, \"d\": 0.4}}],"
    " \"connections\": [{\"from\": \"G.flange\", \"to\": \"A.flange\"}]}";
  const char *ring =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"v\", \"components\": ["
    " {\"id\": \"G\", \"kind\": \"rotational.fixed\"},"
    " {\"id\": \"V\", \"kind\": \"rotational.viscous_damper\", \"params\": {\"J\": 0.5, \"d\": 2, \"w_rel_start\": 1}}],"
    " \"connections\": [{\"from\": \"G.flange\", \"to\": \"V.flange\"}],"
    " \"simulation\": {\"stop_time\": 1, \"output_interval\": 0.01, \"tolerance\": 1e-10}}";
  g_autoptr (SwModel) model = sw_model_new_from_data (absorber, -1, "a.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwModes) modes = NULL;
  g_autoptr (SwTrajectory) run = NULL;
  const SwMode *m;
  const double *w, *t;
  guint rows;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  modes = sw_modes_compute (sys, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 1);
  m = sw_modes_get_mode (modes, 0);
  g_assert_cmpfloat_with_epsilon (m->omega_rad_s, sqrt (500 / 0.2), 1e-9 * 50);
  g_assert_cmpfloat_with_epsilon (m->damping_ratio, 0.4 / (2 * sqrt (500 * 0.2)), 1e-9);
  run = sw_test_run_text (ring, 0, 0);
  w = sw_test_column (run, "V.w_ring");
  t = sw_trajectory_get_times (run);
  rows = sw_trajectory_get_n_rows (run);
  g_assert_cmpfloat_with_epsilon (t[rows - 1], 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (w[rows - 1], exp (-2 / 0.5), 1e-7);
  g_assert_cmpfloat_with_epsilon (sw_test_column (run, "V.tau")[rows - 1], 2 * exp (-2 / 0.5), 1e-6);
}

static void
test_errors (void)
{
  g_autoptr (SwModel) model = primary_with ("rotational.tuned_absorber");
  SwTuning t;

  {
    g_autoptr (GError) error = NULL;
    g_assert_false (sw_tuning_apply (model, "P", 1, &t, &error));
    sw_test_assert_error_says (error, "cannot tune “P”: it is not a damper");
  }
  {
    g_autoptr (GError) error = NULL;
    g_assert_false (sw_tuning_apply (model, "nope", 1, &t, &error));
    sw_test_assert_error_says (error, "there is no such component");
  }
  {
    g_autoptr (GError) error = NULL;
    g_assert_false (sw_tuning_apply (model, "A", 2, &t, &error));
    sw_test_assert_error_says (error, "the model without it has 1 elastic modes; valid: 1 … 1");
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/tuning/absorber-den-hartog", test_absorber_den_hartog);
  g_test_add_func ("/core/tuning/viscous-optimum", test_viscous_optimum);
  g_test_add_func ("/core/tuning/kinds-closed-form", test_kinds_closed_form);
  g_test_add_func ("/core/tuning/errors", test_errors);
  return g_test_run ();
}
