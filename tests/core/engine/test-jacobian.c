/* test-jacobian.c: the BDF Jacobian assembled from the elements' tangents
 * (sw-jacobian.c) against central differences of the whole right-hand
 * side, column by column over every state (so a pattern that misses a
 * coupling fails too), and BDF on a stiff chain against rk45 and the
 * rigid-body closed form.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib.h>

#include "sw-jacobian-private.h"
#include "sw-model.h"
#include "sw-simulate.h"
#include "sw-system.h"

#define HEAD "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"jacobian\", "

/* Ground - spring-damper - J0 - spring-damper - J1 - spring - J2 with a
 * torque on J2 and a damper to the ground on J1. */
static const char chain_json[] = HEAD
  "\"components\": ["
  "{\"id\": \"G\", \"kind\": \"rotational.fixed\"},"
  "{\"id\": \"S0\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 2e4, \"d\": 3}},"
  "{\"id\": \"J0\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.02}},"
  "{\"id\": \"S1\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 5e4, \"d\": 7, \"phi_rel0\": 0.1}},"
  "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5}},"
  "{\"id\": \"D1\", \"kind\": \"rotational.damper\", \"params\": {\"d\": 2}},"
  "{\"id\": \"G1\", \"kind\": \"rotational.fixed\"},"
  "{\"id\": \"S2\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 1e3}},"
  "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.1}},"
  "{\"id\": \"tau\", \"kind\": \"rotational.constant_torque\", \"params\": {\"tau_constant\": 3}}],"
  "\"connections\": ["
  "{\"from\": \"G.flange\", \"to\": \"S0.flange_a\"}, {\"from\": \"S0.flange_b\", \"to\": \"J0.flange_a\"},"
  "{\"from\": \"J0.flange_b\", \"to\": \"S1.flange_a\"}, {\"from\": \"S1.flange_b\", \"to\": \"J1.flange_a\"},"
  "{\"from\": \"J1.flange_a\", \"to\": \"D1.flange_a\"}, {\"from\": \"D1.flange_b\", \"to\": \"G1.flange\"},"
  "{\"from\": \"J1.flange_b\", \"to\": \"S2.flange_a\"}, {\"from\": \"S2.flange_b\", \"to\": \"J2.flange_a\"},"
  "{\"from\": \"J2.flange_b\", \"to\": \"tau.flange\"}]}";

/* J0 - ideal gear (ratio 3) - spring-damper - J1 - ideal gear (ratio -0.5)
 * - J2, and a planetary gear with inertia on all three shafts (a massive
 * block of two coordinates) held by spring-dampers on each shaft (to J2
 * and the ground: one shaft follows two coordinates, so its spring-damper
 * is a called part, not a flat one). */
static const char gear_json[] = HEAD
  "\"components\": ["
  "{\"id\": \"J0\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.3}},"
  "{\"id\": \"gear\", \"kind\": \"rotational.ideal_gear\", \"params\": {\"ratio\": 3}},"
  "{\"id\": \"S\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 1e4, \"d\": 5}},"
  "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.05}},"
  "{\"id\": \"gear2\", \"kind\": \"rotational.ideal_gear\", \"params\": {\"ratio\": -0.5}},"
  "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.2}},"
  "{\"id\": \"P\", \"kind\": \"rotational.ideal_planetary\", \"params\": {\"ratio\": 2.5}},"
  "{\"id\": \"Js\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.01}},"
  "{\"id\": \"Jc\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.04}},"
  "{\"id\": \"Jr\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.03}},"
  "{\"id\": \"S3\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 3e3, \"d\": 1.5}},"
  "{\"id\": \"S4\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 2e3, \"d\": 0.5}},"
  "{\"id\": \"S5\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 7e3, \"d\": 2.5}},"
  "{\"id\": \"G\", \"kind\": \"rotational.fixed\"},"
  "{\"id\": \"tau\", \"kind\": \"rotational.constant_torque\", \"params\": {\"tau_constant\": 2}}],"
  "\"connections\": ["
  "{\"from\": \"tau.flange\", \"to\": \"J0.flange_a\"},"
  "{\"from\": \"J0.flange_b\", \"to\": \"gear.flange_a\"}, {\"from\": \"gear.flange_b\", \"to\": \"S.flange_a\"},"
  "{\"from\": \"S.flange_b\", \"to\": \"J1.flange_a\"}, {\"from\": \"J1.flange_b\", \"to\": \"gear2.flange_a\"},"
  "{\"from\": \"gear2.flange_b\", \"to\": \"J2.flange_a\"},"
  "{\"from\": \"Js.flange_b\", \"to\": \"P.sun\"}, {\"from\": \"Jc.flange_a\", \"to\": \"P.carrier\"},"
  "{\"from\": \"Jr.flange_a\", \"to\": \"P.ring\"},"
  "{\"from\": \"J2.flange_b\", \"to\": \"S3.flange_a\"}, {\"from\": \"S3.flange_b\", \"to\": \"P.carrier\"},"
  "{\"from\": \"P.sun\", \"to\": \"S4.flange_a\"}, {\"from\": \"S4.flange_b\", \"to\": \"G.flange\"},"
  "{\"from\": \"P.ring\", \"to\": \"S5.flange_a\"}, {\"from\": \"S5.flange_b\", \"to\": \"G.flange\"}]}";

/* Massless nodes: J0 - spring - (node) - damper - J1 (a first-order node),
 * and J1 - spring - (node) - spring - ground (an algebraic node), with a
 * spring-damper J1 - J2 beside them. */
static const char massless_json[] = HEAD
  "\"components\": ["
  "{\"id\": \"J0\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.1}},"
  "{\"id\": \"K0\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 2e3}},"
  "{\"id\": \"D0\", \"kind\": \"rotational.damper\", \"params\": {\"d\": 4}},"
  "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.2}},"
  "{\"id\": \"K1\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 5e3}},"
  "{\"id\": \"K2\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 8e3}},"
  "{\"id\": \"G\", \"kind\": \"rotational.fixed\"},"
  "{\"id\": \"S\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 1e3, \"d\": 1}},"
  "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.3}},"
  "{\"id\": \"tau\", \"kind\": \"rotational.constant_torque\", \"params\": {\"tau_constant\": 1}}],"
  "\"connections\": ["
  "{\"from\": \"tau.flange\", \"to\": \"J0.flange_a\"},"
  "{\"from\": \"J0.flange_b\", \"to\": \"K0.flange_a\"}, {\"from\": \"K0.flange_b\", \"to\": \"D0.flange_a\"},"
  "{\"from\": \"D0.flange_b\", \"to\": \"J1.flange_a\"},"
  "{\"from\": \"J1.flange_b\", \"to\": \"K1.flange_a\"}, {\"from\": \"K1.flange_b\", \"to\": \"K2.flange_a\"},"
  "{\"from\": \"K2.flange_b\", \"to\": \"G.flange\"},"
  "{\"from\": \"J1.flange_b\", \"to\": \"S.flange_a\"}, {\"from\": \"S.flange_b\", \"to\": \"J2.flange_a\"}]}";

/* Parts without a flat tangent: a quadratic and a linear speed-dependent
 * torque, a shaft element with distributed inertia (a massive block), a
 * speed source and an acceleration source (states of their own) each
 * through a spring-damper. */
static const char nonlinear_json[] = HEAD
  "\"components\": ["
  "{\"id\": \"J0\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.1}},"
  "{\"id\": \"quad\", \"kind\": \"rotational.quadratic_speed_dependent_torque\","
  " \"params\": {\"tau_nominal\": -2, \"w_nominal\": 3}},"
  "{\"id\": \"shaft\", \"kind\": \"rotational.shaft\", \"params\": {\"c\": 4e3, \"J\": 0.05}},"
  "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.2}},"
  "{\"id\": \"lin\", \"kind\": \"rotational.linear_speed_dependent_torque\","
  " \"params\": {\"tau_nominal\": -1, \"w_nominal\": 2, \"TorqueDirection\": false}},"
  "{\"id\": \"S1\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 2e3, \"d\": 3}},"
  "{\"id\": \"w\", \"kind\": \"rotational.speed\", \"params\": {\"w_ref\": 5}},"
  "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.4}},"
  "{\"id\": \"S2\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 1e3, \"d\": 2}},"
  "{\"id\": \"acc\", \"kind\": \"rotational.accelerate\", \"params\": {\"a_ref\": 1}}],"
  "\"connections\": ["
  "{\"from\": \"quad.flange\", \"to\": \"J0.flange_a\"},"
  "{\"from\": \"J0.flange_b\", \"to\": \"shaft.flange_a\"}, {\"from\": \"shaft.flange_b\", \"to\": \"J1.flange_a\"},"
  "{\"from\": \"lin.flange\", \"to\": \"J1.flange_a\"},"
  "{\"from\": \"J1.flange_b\", \"to\": \"S1.flange_a\"}, {\"from\": \"S1.flange_b\", \"to\": \"w.flange\"},"
  "{\"from\": \"J0.flange_a\", \"to\": \"S2.flange_a\"}, {\"from\": \"S2.flange_b\", \"to\": \"J2.flange_a\"},"
  "{\"from\": \"J2.flange_b\", \"to\": \"acc.flange\"}]}";

/* Modelica's filtered Position and Speed (exact = false): the filters'
 * states read their own (a position filter its angle and speed). */
static const char filtered_json[] = HEAD
  "\"components\": ["
  "{\"id\": \"pos\", \"kind\": \"rotational.position\", \"params\": {\"phi_ref\": {\"sine\": {\"amplitude\": 1, "
  "\"f\": 2}}, \"exact\": false, \"f_crit\": 20}},"
  "{\"id\": \"S0\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 2e3, \"d\": 3}},"
  "{\"id\": \"J0\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.1}},"
  "{\"id\": \"S1\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 1e3, \"d\": 2}},"
  "{\"id\": \"spd\", \"kind\": \"rotational.speed\", \"params\": {\"w_ref\": 5, \"exact\": false, \"f_crit\": 3}}],"
  "\"connections\": ["
  "{\"from\": \"pos.flange\", \"to\": \"S0.flange_a\"}, {\"from\": \"S0.flange_b\", \"to\": \"J0.flange_a\"},"
  "{\"from\": \"J0.flange_b\", \"to\": \"S1.flange_a\"}, {\"from\": \"S1.flange_b\", \"to\": \"spd.flange\"}]}";

static SwSystem *
system_from_json (const char *json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (json, -1, "test", &error);
  SwSystem *sys;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  return sys;
}

/* A chain of n inertias J 0.01 and spring-dampers (c, d), torque 10 on the
 * first. */
static SwSystem *
chain_system (guint n, double c, double d)
{
  GString *s = g_string_new (HEAD "\"components\": [{\"id\": \"tau\", \"kind\": \"rotational.constant_torque\", "
                                  "\"params\": {\"tau_constant\": 10}}");
  GString *k = g_string_new ("\"connections\": [{\"from\": \"tau.flange\", \"to\": \"J0.flange_a\"}");
  SwSystem *sys;

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (s, ", {\"id\": \"J%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.01}}", i);
      if (i + 1 == n)
        break;
      g_string_append_printf (s, ", {\"id\": \"S%u\", \"kind\": \"rotational.spring_damper\", "
                                 "\"params\": {\"c\": %g, \"d\": %g}}", i, c, d);
      g_string_append_printf (k, ", {\"from\": \"J%u.flange_b\", \"to\": \"S%u.flange_a\"}, "
                                 "{\"from\": \"S%u.flange_b\", \"to\": \"J%u.flange_a\"}", i, i, i, i + 1);
    }
  g_string_append (s, "], ");
  g_string_append (k, "]}");
  g_string_append (s, k->str);
  sys = system_from_json (s->str);
  g_string_free (s, TRUE);
  g_string_free (k, TRUE);
  return sys;
}

/* Central differences of the whole right-hand side, one state at a time:
 * dense, column-major, system order. */
static void
differences (SwEquations *eq, double t, const double *y, guint n, double *out)
{
  g_autofree double *yy = g_memdup2 (y, n * sizeof (double));
  g_autofree double *fp = g_new (double, n);
  g_autofree double *fm = g_new (double, n);

  for (guint c = 0; c < n; c++)
    {
      double h = 1e-6 * MAX (1, fabs (y[c]));

      yy[c] = y[c] + h;
      g_assert_true (sw_equations_eval (eq, t, yy, fp));
      yy[c] = y[c] - h;
      g_assert_true (sw_equations_eval (eq, t, yy, fm));
      yy[c] = y[c];
      for (guint r = 0; r < n; r++)
        out[c * n + r] = (fp[r] - fm[r]) / (2 * h);
    }
}

/* The assembled Jacobian at a state away from rest (the speed-dependent
 * parts have a slope there) against differences, within tol relative to
 * the larger of the entry and a 1e-3 share of its row's largest. Returns
 * the evaluations the Jacobian took. */
static guint64
check_model (const char *json, double tol)
{
  g_autoptr (SwSystem) sys = system_from_json (json);
  g_autoptr (SwJacobianPattern) pat = _sw_jacobian_pattern_new (sys);
  g_autoptr (SwJacobian) jac = _sw_jacobian_new (sys, pat);
  g_autoptr (SwEquations) eq = sw_equations_new (sys);
  guint n = sys->n_states, width = pat->lower + pat->upper + 1;
  g_autofree double *y = g_new (double, n);
  g_autofree double *dense = g_new0 (double, n * n);
  g_autofree double *band = g_new0 (double, n * width);
  g_autofree double *ref = g_new0 (double, n * n);
  g_autofree guint *where = g_new (guint, n);
  SwJacobianMatrix out_dense = { dense, n, 0, FALSE };
  SwJacobianMatrix out_band = { band, width - 1, pat->upper, TRUE };
  double t = 0.3, worst = 0;
  guint64 evals;

  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      y[i] = sys->y0[i] + 0.7 * sin (1.3 * i + 0.4) + 0.2;
      where[pat->order[i]] = i;
    }
  g_assert_true (_sw_jacobian_eval (jac, eq, t, y, &out_dense));
  evals = _sw_jacobian_get_n_evals (jac);
  g_assert_true (_sw_jacobian_eval (jac, eq, t, y, &out_band));
  differences (eq, t, y, n, ref);

  for (guint r = 0; r < n; r++)
    {
      double row_max = 0;

      for (guint c = 0; c < n; c++)
        row_max = MAX (row_max, fabs (ref[c * n + r]));
      for (guint c = 0; c < n; c++)
        {
          double a = dense[c * n + r], f = ref[c * n + r];
          double scale = MAX (fabs (f), 1e-3 * row_max);
          guint pr = where[r], pc = where[c];
          gboolean in_band = pr <= pc + pat->lower && pc <= pr + pat->upper;

          if (!in_band)
            {
              /* The pattern holds every nonzero of the Jacobian. */
              g_assert_cmpfloat (fabs (f), <=, 1e-9 * MAX (row_max, 1));
              g_assert_cmpfloat (a, ==, 0);
              continue;
            }
          /* The band layout in the pattern's order holds the same. */
          g_assert_cmpfloat (band[(gsize) pc * width + pr - pc + pat->upper], ==, a);
          if (scale == 0)
            g_assert_cmpfloat (a, ==, 0);
          else
            {
              worst = MAX (worst, fabs (a - f) / scale);
              if (fabs (a - f) > tol * scale)
                g_test_message ("row %u column %u: assembled %.12g, differences %.12g", r, c, a, f);
              g_assert_cmpfloat (fabs (a - f), <=, tol * scale);
            }
        }
    }
  g_test_message ("%u states, %u called parts, %u massive blocks, band %u + %u: worst relative difference %.3g, "
                  "%" G_GUINT64_FORMAT " evaluations", n, sys->n_called_parts, sys->n_banded, pat->lower, pat->upper,
                  worst, evals);
  return evals;
}

static void
test_chain (void)
{
  /* Every part flat: no evaluation of the right-hand side at all. */
  g_assert_cmpuint (check_model (chain_json, 1e-6), ==, 0);
}

static void
test_gear (void)
{
  check_model (gear_json, 1e-6);
}

static void
test_massless (void)
{
  /* The massless blocks' columns are differences themselves (forward, of
   * a Newton solution): a little looser. */
  g_assert_cmpuint (check_model (massless_json, 1e-5), >, 0);
}

static void
test_nonlinear (void)
{
  check_model (nonlinear_json, 1e-6);
}

static void
test_filtered (void)
{
  check_model (filtered_json, 1e-6);
}

/* A chain's band: 3 below the diagonal (a velocity reads its neighbours'
 * positions) and 2 above (a position reads only its own velocity). */
static void
test_chain_band (void)
{
  g_autoptr (SwSystem) sys = chain_system (40, 1e8, 1e3);
  g_autoptr (SwJacobianPattern) pat = _sw_jacobian_pattern_new (sys);

  g_assert_false (pat->dense);
  g_assert_cmpuint (pat->lower, ==, 3);
  g_assert_cmpuint (pat->upper, ==, 2);
}

static double
last_value (SwTrajectory *tr, guint column)
{
  return sw_trajectory_get_column (tr, column)[sw_trajectory_get_n_rows (tr) - 1];
}

/* BDF on a stiff chain (c 1e8, d 1e3) with the assembled Jacobian: no
 * evaluation spent on Jacobians, the same speeds as rk45 at every row,
 * and the rigid-body speed t tau / (N J) once the fast modes have died. */
static void
test_bdf_stiff_chain (void)
{
  const guint n = 30;
  g_autoptr (SwSystem) sys = chain_system (n, 1e8, 1e3);
  SwSimulateOptions o = sw_simulate_options_default ();
  const char *vars[] = { "J0.w", "J15.w", "J29.w", NULL };
  g_autoptr (SwTrajectory) bdf = NULL, rk = NULL;
  g_autoptr (GError) error = NULL;
  SwSimulateStats st_bdf, st_rk;
  guint rows;

  o.stop_time_s = 0.5;
  o.output_interval_s = 0.005;
  o.tolerance = 1e-8;
  o.variables = vars;
  o.method = SW_METHOD_BDF;
  bdf = sw_simulate_full (sys, &o, NULL, NULL, NULL, &st_bdf, &error);
  g_assert_no_error (error);
  o.method = SW_METHOD_RK45;
  rk = sw_simulate_full (sys, &o, NULL, NULL, NULL, &st_rk, &error);
  g_assert_no_error (error);

  g_assert_cmpint (st_bdf.method, ==, SW_METHOD_BDF);
  g_assert_cmpuint (st_bdf.n_jacobians, >, 0);
  g_assert_cmpuint (st_bdf.n_jac_rhs_evals, ==, 0);
  /* Stiff: BDF takes far fewer steps than the explicit method (whose steps
   * stability bounds; BDF's follow the accuracy, each state's within its own
   * magnitude: 9.9x fewer). */
  g_assert_cmpuint (8 * st_bdf.n_steps, <, st_rk.n_steps);

  rows = sw_trajectory_get_n_rows (bdf);
  g_assert_cmpuint (rows, ==, sw_trajectory_get_n_rows (rk));
  g_assert_cmpuint (rows, ==, 101);
  for (guint c = 0; c < 3; c++)
    for (guint r = 0; r < rows; r++)
      g_assert_cmpfloat_with_epsilon (sw_trajectory_get_column (bdf, c)[r], sw_trajectory_get_column (rk, c)[r],
                                      1e-5);
  /* w = t tau / (N J) = 0.5 * 10 / 0.3 */
  for (guint c = 0; c < 3; c++)
    g_assert_cmpfloat_with_epsilon (last_value (bdf, c), 0.5 * 10 / (n * 0.01), 1e-5);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/jacobian/chain", test_chain);
  g_test_add_func ("/core/jacobian/gear-and-planetary", test_gear);
  g_test_add_func ("/core/jacobian/massless-nodes", test_massless);
  g_test_add_func ("/core/jacobian/nonlinear-and-sources", test_nonlinear);
  g_test_add_func ("/core/jacobian/filtered-sources", test_filtered);
  g_test_add_func ("/core/jacobian/chain-band", test_chain_band);
  g_test_add_func ("/core/jacobian/bdf-stiff-chain", test_bdf_stiff_chain);
  return g_test_run ();
}
