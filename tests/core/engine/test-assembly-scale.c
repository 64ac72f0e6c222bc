/* test-assembly-scale.c: large sections of massless nodes (issue 21,
 * item 9). Springs in series with massless nodes between them are one
 * block of algebraic coordinates; its Jacobian was dense and factored by
 * dense LU (10 000 springs: 240 s and 800 MB in check). Now a block whose
 * parts couple few coordinates is ordered into a band and factored as one:
 * linear in its length. The run is checked against the closed form of
 * springs in series: one spring of stiffness 1 / sum (1 / c_k). Many
 * bodies on one node: their reactions, a dense block but for the hub
 * node's rank-one part (linear: 4 000 bodies check in 0.15 s, 46 s when
 * factored whole), against J a.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-system.h"
#include "sw-test-run.h"

/* A torque on J0, n springs (stiffness c0 (1 + k mod 3)) in series, J1;
 * n = 0: one spring of the series stiffness instead. */
static char *
series_model (guint n, double c0)
{
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [\n"
                             " {\"id\": \"tq\", \"kind\": \"rotational.torque\", "
                             "\"params\": {\"tau\": {\"sine\": {\"amplitude\": 10, \"freq_hz\": 2}}}},\n"
                             " {\"id\": \"j0\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}},\n"
                             " {\"id\": \"j1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}}");

  for (guint k = 0; k < n; k++)
    g_string_append_printf (s, ",\n {\"id\": \"s%u\", \"kind\": \"rotational.spring\", \"params\": {\"c\": %.17g}}",
                            k, c0 * (1 + k % 3));
  if (n == 0)
    g_string_append_printf (s, ",\n {\"id\": \"s0\", \"kind\": \"rotational.spring\", \"params\": {\"c\": %.17g}}",
                            c0);
  g_string_append (s, "],\n \"connections\": [{\"from\": \"tq.flange\", \"to\": \"j0.flange_a\"},\n"
                   "  {\"from\": \"j0.flange_b\", \"to\": \"s0.flange_a\"}");
  for (guint k = 0; k + 1 < n; k++)
    g_string_append_printf (s, ",\n  {\"from\": \"s%u.flange_b\", \"to\": \"s%u.flange_a\"}", k, k + 1);
  g_string_append_printf (s, ",\n  {\"from\": \"s%u.flange_b\", \"to\": \"j1.flange_a\"}],\n"
                          " \"simulation\": {\"stop_time\": 1, \"output_interval\": 0.01, \"tolerance\": 1e-9}}",
                          n > 0 ? n - 1 : 0);
  return g_string_free (s, FALSE);
}

static double
series_stiffness (guint n, double c0)
{
  double compliance = 0;

  for (guint k = 0; k < n; k++)
    compliance += 1 / (c0 * (1 + k % 3));
  return 1 / compliance;
}

/* 3 000 springs in series run as the one spring they make; the section's
 * 2 999 massless nodes are assembled in a band (a second or so; dense,
 * minutes). */
static void
test_series_springs (void)
{
  const guint n = 3000;
  const double c0 = 3e7;
  g_autofree char *chain = series_model (n, c0), *one = series_model (0, series_stiffness (n, c0));
  g_autoptr (SwTrajectory) a = sw_test_run_text (chain, 0, 0);
  g_autoptr (SwTrajectory) b = sw_test_run_text (one, 0, 0);
  const double *wa = sw_test_column (a, "j1.w"), *wb = sw_test_column (b, "j1.w");
  const double *pa = sw_test_column (a, "j0.phi"), *pb = sw_test_column (b, "j0.phi");
  double worst = 0, scale = 0;

  g_assert_cmpuint (sw_trajectory_get_n_rows (a), ==, sw_trajectory_get_n_rows (b));
  for (guint r = 0; r < sw_trajectory_get_n_rows (a); r++)
    {
      worst = MAX (worst, MAX (fabs (wa[r] - wb[r]), fabs (pa[r] - pb[r])));
      scale = MAX (scale, fabs (wb[r]));
    }
  g_test_message ("series stiffness %.6g N.m/rad: j1.w and j0.phi within %.3g (of %.3g)", series_stiffness (n, c0),
                  worst, scale);
  g_assert_cmpfloat (scale, >, 0.1);
  g_assert_cmpfloat (worst, <, 1e-6 * scale);
}

/* 1 000 bodies rigidly on one node (their reaction rows one block, dense
 * but for the hub): they turn as one body of their summed inertia,
 * w = tau t / J, and each body's flange carries its share J_k a. */
static void
test_bodies_on_one_node (void)
{
  const guint n = 1000;
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [\n"
                             " {\"id\": \"tq\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 3}},\n"
                             " {\"id\": \"hub\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}");
  g_autofree char *text = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  const double *t, *w, *tau;
  double j_total = 1;

  for (guint k = 0; k < n; k++)
    {
      g_string_append_printf (s, ",\n {\"id\": \"b%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": %g}}", k,
                              1e-3 * (1 + k % 4));
      j_total += 1e-3 * (1 + k % 4);
    }
  g_string_append (s, "],\n \"connections\": [{\"from\": \"tq.flange\", \"to\": \"hub.flange_a\"}");
  for (guint k = 0; k < n; k++)
    g_string_append_printf (s, ",\n  {\"from\": \"b%u.flange_a\", \"to\": \"hub.flange_b\"}", k);
  g_string_append (s, "],\n \"simulation\": {\"stop_time\": 1, \"output_interval\": 0.25}}");
  text = g_string_free (s, FALSE);
  tr = sw_test_run_text (text, 0, 0);
  t = sw_trajectory_get_times (tr);
  w = sw_test_column (tr, "b999.w");
  tau = sw_test_column (tr, "b3.flange_a.tau");
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      g_assert_cmpfloat_with_epsilon (w[r], 3 * t[r] / j_total, 1e-12);
      g_assert_cmpfloat_with_epsilon (fabs (tau[r]), 4e-3 * 3 / j_total, 1e-12);
    }
}

/* Two hubs of 300 bodies each (hub nodes: their reaction rows are factored
 * without them and added back by Woodbury's identity, sw-row-hubs.c),
 * joined by a spring and driven by a sine torque: every body's flange
 * carries its own J_k a (Newton's law per body), to round-off of the
 * largest. */
static void
test_two_hubs (void)
{
  const guint n = 300;
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [\n"
                             " {\"id\": \"tq\", \"kind\": \"rotational.torque\", "
                             "\"params\": {\"tau\": {\"sine\": {\"amplitude\": 10, \"freq_hz\": 3}}}},\n"
                             " {\"id\": \"ha\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}},\n"
                             " {\"id\": \"hb\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}},\n"
                             " {\"id\": \"link\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 400}}");
  g_autofree char *text = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  guint rows;

  for (guint k = 0; k < 2 * n; k++)
    g_string_append_printf (s, ",\n {\"id\": \"b%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": %g}}", k,
                            1e-3 * (1 + k % 5));
  g_string_append (s, "],\n \"connections\": [{\"from\": \"tq.flange\", \"to\": \"ha.flange_a\"},"
                      "{\"from\": \"ha.flange_b\", \"to\": \"link.flange_a\"},"
                      "{\"from\": \"link.flange_b\", \"to\": \"hb.flange_a\"}");
  for (guint k = 0; k < 2 * n; k++)
    g_string_append_printf (s, ",\n  {\"from\": \"b%u.flange_a\", \"to\": \"%s\"}", k,
                            k < n ? "ha.flange_b" : "hb.flange_b");
  g_string_append (s, "],\n \"simulation\": {\"stop_time\": 0.5, \"output_interval\": 0.01}}");
  text = g_string_free (s, FALSE);
  tr = sw_test_run_text (text, 0, 0);
  rows = sw_trajectory_get_n_rows (tr);
  for (guint k = 0; k < 2 * n; k += 7)
    {
      g_autofree char *a_name = g_strdup_printf ("b%u.a", k), *tau_name = g_strdup_printf ("b%u.flange_a.tau", k);
      const double *a = sw_test_column (tr, a_name), *tau = sw_test_column (tr, tau_name);
      double jk = 1e-3 * (1 + k % 5), largest = 0;

      for (guint r = 0; r < rows; r++)
        largest = MAX (largest, fabs (jk * a[r]));
      g_assert_cmpfloat (largest, >, 0);
      for (guint r = 0; r < rows; r++)
        g_assert_cmpfloat_with_epsilon (fabs (tau[r]), fabs (jk * a[r]), 1e-10 * largest);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/assembly-scale/series-springs", test_series_springs);
  g_test_add_func ("/core/assembly-scale/bodies-on-one-node", test_bodies_on_one_node);
  g_test_add_func ("/core/assembly-scale/two-hubs", test_two_hubs);
  return g_test_run ();
}
