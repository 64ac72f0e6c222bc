/* test-port-variables.c: every port's position and cut torque or force as
 * variables with Modelica's names and signs (spring.flange_b.tau,
 * mass.flange_a.s, src.support.tau).
 *
 * On a driven two-inertia drive with a torque sensor and a damper to the
 * ground, and a mass of length L on a spring: at every node the ports'
 * torques (forces) sum to zero; a spring's flange_b.tau = c phi_rel and
 * flange_a.tau = -c phi_rel; a damper's d w_rel; an inertia's flange_a.tau
 * + flange_b.tau = J a; the torque sensor's output is the cut torque at its
 * flange_a and minus the spring's flange_b.tau there; a source's flange.tau
 * = -tau, its grounded support's +tau; a mass's flanges lie at s -+ L/2;
 * positions are the bodies'. An unknown name lists the ports' variables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-test-run.h"

#define J1 1.0
#define J2 2.0
#define C  400.0
#define D  5.0
#define M  1.5
#define L  0.4
#define CT 100.0

static const char *const model_text =
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
  "{\"id\": \"src\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"sine\": {\"amplitude\": 10, \"f\": 3}}}},"
  "{\"id\": \"j1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1, \"phi0\": 0, \"w0\": 0}},"
  "{\"id\": \"sp\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 400}},"
  "{\"id\": \"ts\", \"kind\": \"rotational.torque_sensor\"},"
  "{\"id\": \"j2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2, \"phi0\": 0, \"w0\": 0}},"
  "{\"id\": \"d\", \"kind\": \"rotational.damper\", \"params\": {\"d\": 5}},"
  "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"},"
  "{\"id\": \"wall\", \"kind\": \"translational.fixed\"},"
  "{\"id\": \"st\", \"kind\": \"translational.spring\", \"params\": {\"c\": 100}},"
  "{\"id\": \"mass\", \"kind\": \"translational.mass\", \"params\": {\"m\": 1.5, \"L\": 0.4, \"s0\": 0.5, \"v0\": 0}},"
  "{\"id\": \"push\", \"kind\": \"translational.force\", \"params\": {\"f\": {\"step\": {\"height\": 20, \"startTime\": 0.2}}}}"
  "], \"connections\": ["
  "{\"from\": \"src.flange\", \"to\": \"j1.flange_a\"}, {\"from\": \"j1.flange_b\", \"to\": \"sp.flange_a\"},"
  "{\"from\": \"sp.flange_b\", \"to\": \"ts.flange_a\"}, {\"from\": \"ts.flange_b\", \"to\": \"j2.flange_a\"},"
  "{\"from\": \"j2.flange_b\", \"to\": \"d.flange_b\"}, {\"from\": \"d.flange_a\", \"to\": \"ground.flange\"},"
  "{\"from\": \"wall.flange\", \"to\": \"st.flange_a\"}, {\"from\": \"st.flange_b\", \"to\": \"mass.flange_a\"},"
  "{\"from\": \"push.flange\", \"to\": \"mass.flange_b\"}"
  "], \"simulation\": {\"stop_time\": 1}}";

static const char *const extra[] = {
  "sp.phi_rel", "d.w_rel", "j1.phi", "j2.a", "ts.tau", "src.tau", "mass.s", "mass.a", "push.f", "st.s_rel",
};

typedef struct {
  SwSystem     *sys;
  SwTrajectory *tr;
  GPtrArray    *names;   /* every port's torque or force, then positions, then extra */
} Run;

static void
run_clear (Run *r)
{
  g_clear_pointer (&r->tr, sw_trajectory_unref);
  g_clear_pointer (&r->sys, sw_system_unref);
  g_clear_pointer (&r->names, g_ptr_array_unref);
}

static const char *
cut_name (const SwPart *p, guint port)
{
  return p->kind->ports[port].domain == SW_DOMAIN_ROTATIONAL ? "tau" : "f";
}

static void
run_model (Run *r, gboolean record)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (model_text, -1, "ports.shaft", &error);
  g_autoptr (SwTrajectory) shown = NULL;
  SwSimulateOptions o;

  g_assert_no_error (error);
  r->sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  r->names = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < sw_system_get_n_parts (r->sys); i++)
    {
      const SwPart *p = sw_system_get_part (r->sys, i);

      for (guint k = 0; k < p->kind->n_ports; k++)
        {
          gboolean rot = p->kind->ports[k].domain == SW_DOMAIN_ROTATIONAL;

          g_ptr_array_add (r->names, g_strdup_printf ("%s.%s.%s", p->id, p->kind->ports[k].name, cut_name (p, k)));
          g_ptr_array_add (r->names, g_strdup_printf ("%s.%s.%s", p->id, p->kind->ports[k].name, rot ? "phi" : "s"));
        }
    }
  for (guint k = 0; k < G_N_ELEMENTS (extra); k++)
    g_ptr_array_add (r->names, g_strdup (extra[k]));
  g_ptr_array_add (r->names, NULL);
  o = sw_simulate_options_from_system (r->sys);
  o.output_interval_s = 0.005;
  o.tolerance = 1e-10;
  o.variables = (const char *const *) r->names->pdata;
  if (record)
    {
      /* A trajectory that keeps states and makes columns when asked. */
      r->tr = sw_simulate_new_trajectory (r->sys, &o, &error);
      g_assert_no_error (error);
      o.record_into = r->tr;
      g_clear_pointer (&shown, sw_trajectory_unref);
      shown = sw_simulate (r->sys, &o, NULL, NULL, NULL, &error);
      g_assert_nonnull (shown);
    }
  else
    r->tr = sw_simulate (r->sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_ptr_array_set_size (r->names, r->names->len - 1);
}

static const double *
col (Run *r, const char *name)
{
  return sw_test_column (r->tr, name);
}

/* |a - b| <= eps (1 + |b|) */
static void
assert_close (double a, double b, double eps)
{
  g_assert_cmpfloat (fabs (a - b), <=, eps * (1 + fabs (b)));
}

static void
check (gboolean record)
{
  Run r = { 0 };
  guint n, n_nodes, n_checked = 0;
  double worst = 0, scale = 0;

  run_model (&r, record);
  n = sw_trajectory_get_n_rows (r.tr);
  n_nodes = sw_system_get_n_nodes (r.sys);
  g_assert_cmpuint (n, >, 100);

  /* Kirchhoff: at every node the cut torques of the ports on it sum to 0. */
  for (guint node = 0; node < n_nodes; node++)
    {
      g_autoptr (GPtrArray) on = g_ptr_array_new ();

      for (guint i = 0; i < sw_system_get_n_parts (r.sys); i++)
        {
          const SwPart *p = sw_system_get_part (r.sys, i);

          for (guint k = 0; k < p->kind->n_ports; k++)
            if (p->node[k] == node)
              {
                g_autofree char *name = g_strdup_printf ("%s.%s.%s", p->id, p->kind->ports[k].name, cut_name (p, k));

                g_ptr_array_add (on, (gpointer) col (&r, name));
              }
        }
      /* A lone port is a grounded support: the ground takes it. */
      if (on->len < 2)
        continue;
      n_checked++;
      for (guint row = 0; row < n; row++)
        {
          double sum = 0;

          for (guint k = 0; k < on->len; k++)
            {
              sum += ((const double *) on->pdata[k])[row];
              scale = MAX (scale, fabs (((const double *) on->pdata[k])[row]));
            }
          worst = MAX (worst, fabs (sum));
        }
    }
  g_test_message ("%u nodes: the ports' torques sum to %.3g at worst (largest torque %.3g)", n_checked, worst, scale);
  g_assert_cmpuint (n_checked, ==, 9);
  g_assert_cmpfloat (scale, >, 1);
  g_assert_cmpfloat (worst, <=, 1e-9 * scale);

  for (guint row = 0; row < n; row++)
    {
      double tau_sp = C * col (&r, "sp.phi_rel")[row];

      assert_close (col (&r, "sp.flange_b.tau")[row], tau_sp, 1e-12);
      assert_close (col (&r, "sp.flange_a.tau")[row], -tau_sp, 1e-12);
      assert_close (col (&r, "d.flange_b.tau")[row], D * col (&r, "d.w_rel")[row], 1e-12);
      assert_close (col (&r, "j2.flange_a.tau")[row] + col (&r, "j2.flange_b.tau")[row], J2 * col (&r, "j2.a")[row],
                    1e-9);
      /* The torque sensor reads the cut torque at its flange_a, which the
       * spring's flange_b gets back. */
      assert_close (col (&r, "ts.flange_a.tau")[row], col (&r, "ts.tau")[row], 1e-12);
      assert_close (col (&r, "ts.flange_a.tau")[row], -col (&r, "sp.flange_b.tau")[row], 1e-9);
      assert_close (col (&r, "ts.flange_b.tau")[row], -col (&r, "ts.tau")[row], 1e-12);
      /* Modelica's Torque: flange.tau = -tau; its support takes +tau. */
      assert_close (col (&r, "src.flange.tau")[row], -col (&r, "src.tau")[row], 1e-12);
      assert_close (col (&r, "src.support.tau")[row], col (&r, "src.tau")[row], 1e-12);
      assert_close (col (&r, "src.flange.phi")[row], col (&r, "j1.phi")[row], 1e-12);
      assert_close (col (&r, "j1.flange_b.phi")[row], col (&r, "j1.phi")[row], 1e-12);
      /* The mass: flanges at s -+ L/2; the spring pulls on flange_a with
       * CT s_rel; the force source pushes through flange_b. */
      assert_close (col (&r, "mass.flange_a.s")[row], col (&r, "mass.s")[row] - L / 2, 1e-12);
      assert_close (col (&r, "mass.flange_b.s")[row], col (&r, "mass.s")[row] + L / 2, 1e-12);
      assert_close (col (&r, "st.flange_b.f")[row], CT * col (&r, "st.s_rel")[row], 1e-12);
      assert_close (col (&r, "push.flange.f")[row], -col (&r, "push.f")[row], 1e-12);
      assert_close (col (&r, "mass.flange_a.f")[row] + col (&r, "mass.flange_b.f")[row], M * col (&r, "mass.a")[row],
                    1e-9);
    }
  run_clear (&r);
}

static void
test_balance (void)
{
  check (FALSE);
}

/* The same from a trajectory that keeps states and makes its columns. */
static void
test_balance_recorded (void)
{
  check (TRUE);
}

static void
test_unknown (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (model_text, -1, "ports.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  const char *const names[] = { "sp.flange_c.tau", NULL };
  SwSimulateOptions o;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  o = sw_simulate_options_from_system (sys);
  o.variables = names;
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_null (tr);
  sw_test_assert_error_says (error, "unknown variable “sp.flange_c.tau”");
  sw_test_assert_error_says (error, "flange_a.phi, flange_a.tau, flange_b.phi, flange_b.tau");
}

/* A variable named twice, or by a name and a pattern, is one column, in
 * the place it was first named (issue 21, item 18). */
static void
test_repeated (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (model_text, -1, "ports.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  const char *const names[] = { "sp.flange_a.tau", "sp.*", "sp.flange_a.tau", NULL };
  SwSimulateOptions o;
  guint n, count = 0;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  o = sw_simulate_options_from_system (sys);
  o.variables = names;
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  n = sw_trajectory_get_n_columns (tr);
  g_assert_cmpuint (n, >, 2);
  g_assert_cmpstr (sw_trajectory_get_column_name (tr, 0), ==, "sp.flange_a.tau");
  for (guint k = 0; k < n; k++)
    count += g_str_equal (sw_trajectory_get_column_name (tr, k), "sp.flange_a.tau");
  g_assert_cmpuint (count, ==, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/port-variables/balance", test_balance);
  g_test_add_func ("/core/port-variables/balance-recorded", test_balance_recorded);
  g_test_add_func ("/core/port-variables/unknown", test_unknown);
  g_test_add_func ("/core/port-variables/repeated", test_repeated);
  return g_test_run ();
}
