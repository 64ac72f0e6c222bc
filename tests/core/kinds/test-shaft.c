/* test-shaft.c: the shaft element with distributed inertia (consistent mass)
 * against the drill string of Friswell et al., Dynamics of Rotating Machines
 * (2010), example 9.9, as asserted in the openTorsion test suite (values in
 * ../shared/reference/modal/benchmarks.json, case friswell_9_9_drill_string_fe).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib.h>

#include "sw-error.h"

#include "sw-model.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-system.h"

/* Hollow shaft L = 800 m, OD 0.78 m, ID 0.65 m, G = 75e9 Pa, rho = 8000 kg/m3,
 * in ne equal elements; disk 200 kg.m2 at the top, 10 kg.m2 at the bit. */
static char *
drill_string (guint ne)
{
  double Ip = G_PI * (pow (0.78, 4) - pow (0.65, 4)) / 32, le = 800.0 / ne;
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"drill\", \"components\": ["
                             "{\"id\": \"top\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 200}},"
                             "{\"id\": \"bit\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 10}}");
  GString *c = g_string_new ("\"connections\": [");

  for (guint e = 0; e < ne; e++)
    {
      g_string_append_printf (s, ",{\"id\": \"e%u\", \"kind\": \"rotational.shaft\", \"params\": {\"c\": %.17g, \"J\": %.17g}}",
                              e, 75e9 * Ip / le, 8000 * Ip * le);
      if (e == 0)
        g_string_append (c, "{\"from\": \"top.flange_b\", \"to\": \"e0.flange_a\"}");
      else
        g_string_append_printf (c, ",{\"from\": \"e%u.flange_b\", \"to\": \"e%u.flange_a\"}", e - 1, e);
    }
  g_string_append_printf (c, ",{\"from\": \"e%u.flange_b\", \"to\": \"bit.flange_a\"}]}", ne - 1);
  g_string_append (s, "],");
  g_string_append (s, c->str);
  g_string_free (c, TRUE);
  return g_string_free (s, FALSE);
}

static SwSystem *
assemble (const char *json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (json, -1, "drill.shaft", &error);
  SwSystem *sys;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  return sys;
}

static void
check_drill_string (guint ne, const double *published)
{
  g_autofree char *json = drill_string (ne);
  g_autoptr (SwSystem) sys = assemble (json);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModes) modes = sw_modes_compute (sys, 0, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, ne + 1);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  for (guint k = 0; k < 5; k++)
    g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (modes, k)->frequency_hz, published[k], 0.5e-4);
  /* Every elastic mode: kinetic energy (bodies and shaft elements) equals
   * potential energy. */
  for (guint i = 1; i < sw_modes_get_n_modes (modes); i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);
      double ke = 0, pe = 0;

      for (guint b = 0; b < sw_modes_get_n_bodies (modes); b++)
        ke += m->kinetic_energy[b];
      for (guint s = 0; s < sw_modes_get_n_sections (modes); s++)
        pe += m->potential_energy[s];
      g_assert_cmpfloat_with_epsilon (ke, pe, 1e-8 * pe);
      g_assert_cmpfloat_with_epsilon (ke, 0.5 * m->omega_rad_s * m->omega_rad_s, 1e-8 * ke);
    }
}

static void
test_drill_string_5 (void)
{
  const double f[] = { 0.0, 1.9417, 4.0719, 6.5437, 9.1547 };
  check_drill_string (5, f);
}

static void
test_drill_string_8 (void)
{
  const double f[] = { 0.0, 1.9225, 3.9187, 6.0625, 8.4185 };
  check_drill_string (8, f);
}

static void
test_drill_string_50 (void)
{
  const double f[] = { 0.0, 1.9106, 3.8232, 5.7394, 7.6613 };
  check_drill_string (50, f);
}

/* A free shaft spun up by a torque: J_total a = tau, and the shaft's own
 * kinetic energy is 1/2 J w^2 when it turns rigidly. */
static void
test_rigid_spin (void)
{
  g_autoptr (SwSystem) sys = assemble (
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"spin\", \"components\": ["
    " {\"id\": \"torque\", \"kind\": \"rotational.constant_torque\", \"params\": {\"tau_constant\": 3}},"
    " {\"id\": \"hub\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5}},"
    " {\"id\": \"shaft\", \"kind\": \"rotational.shaft\", \"params\": {\"c\": 1e4, \"J\": 1}}],"
    " \"connections\": [{\"from\": \"torque.flange\", \"to\": \"hub.flange_a\"},"
    "  {\"from\": \"hub.flange_b\", \"to\": \"shaft.flange_a\"}],"
    " \"simulation\": {\"stop_time\": 2, \"output_interval\": 0.01, \"tolerance\": 1e-10}}");
  SwSimulateOptions o = sw_simulate_options_from_system (sys);
  const char *vars[] = { "hub.w", "shaft.kinetic_energy", "hub.energy", "shaft.energy", "torque.phi", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  guint last;
  double w, work;

  o.variables = vars;
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  last = sw_trajectory_get_n_rows (tr) - 1;
  w = sw_trajectory_get_column (tr, 0)[last];
  /* The mean speed follows the rigid body; the free end oscillates around it. */
  g_assert_cmpfloat_with_epsilon (w, 3 * 2 / 1.5, 0.05 * w);
  /* Energy: the torque's work equals all kinetic plus potential energy. */
  work = 3 * sw_trajectory_get_column (tr, 4)[last];
  g_assert_cmpfloat_with_epsilon (sw_trajectory_get_column (tr, 1)[last] + sw_trajectory_get_column (tr, 2)[last]
                                  + sw_trajectory_get_column (tr, 3)[last], work, 1e-6 * work);
}

/* Beyond SW_MODES_MAX_COORDS the analysis refuses with a message rather than
 * running out of memory. */
static void
test_too_large (void)
{
  g_autofree char *json = drill_string (SW_MODES_MAX_COORDS + 1);
  g_autoptr (SwSystem) sys = assemble (json);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModes) modes = sw_modes_compute (sys, 0, NULL, &error);

  g_assert_null (modes);
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "at most"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/shaft/drill-string-5", test_drill_string_5);
  g_test_add_func ("/core/shaft/drill-string-8", test_drill_string_8);
  g_test_add_func ("/core/shaft/drill-string-50", test_drill_string_50);
  g_test_add_func ("/core/shaft/rigid-spin", test_rigid_spin);
  g_test_add_func ("/core/shaft/too-large", test_too_large);
  return g_test_run ();
}
