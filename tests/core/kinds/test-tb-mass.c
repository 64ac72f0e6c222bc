/* test-tb-mass.c: Twin Builder's masses (rotational.tb_mass,
 * translational.tb_mass) against the digest's worked examples (§5.4, §5.5)
 * and the friction laws' formulas.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-frf.h"
#include "sw-model.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-test-run.h"

#define MODEL(components, connections, stop)                                                                 \
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [" components "], \"connections\": ["    \
  connections "], \"simulation\": {\"stop_time\": " stop "}}"

/* §5.4: J = 2.1e-3, KVSC = 0.25, OMEGA0 = 10, free: w = 10 e^-t/8.4ms; the
 * digest's table. */
static void
test_viscous_decay (void)
{
  static const char text[] = MODEL (
    "{\"id\": \"Mas1\", \"kind\": \"rotational.tb_mass\", \"params\": {\"J\": 0.0021, \"KVSC\": 0.25, "
    "\"OMEGA0\": 10}}", "", "0.05");
  static const double table[][2] = {
    { 0.001, 8.877655 }, { 0.005, 5.514313 }, { 0.010, 3.040764 }, { 0.020, 0.924625 }, { 0.050, 0.025996 },
  };
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0.001, 1e-10);
  const double *t = sw_trajectory_get_times (tr), *w = sw_test_column (tr, "Mas1.OMEGA");
  const double *mvsc = sw_test_column (tr, "Mas1.MVSC"), *macc = sw_test_column (tr, "Mas1.MACC");
  const double *alpha = sw_test_column (tr, "Mas1.ALPHA"), *mode = sw_test_column (tr, "Mas1.mode");
  guint k = 0;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      g_assert_cmpfloat_with_epsilon (w[r], 10 * exp (-t[r] * 0.25 / 0.0021), 1e-7);
      g_assert_cmpfloat_with_epsilon (mvsc[r], 0.25 * w[r], 1e-9);
      g_assert_cmpfloat_with_epsilon (macc[r], 0.0021 * alpha[r], 1e-9);
      g_assert_cmpfloat (mode[r], ==, SW_FRICTION_FREE);
      if (k < G_N_ELEMENTS (table) && fabs (t[r] - table[k][0]) < 1e-12)
        g_assert_cmpfloat_with_epsilon (w[r], table[k++][1], 1e-6);
    }
  g_assert_cmpuint (k, ==, G_N_ELEMENTS (table));
}

/* §5.5: J = 0.01, KVSC = 0.05, stick below 1e-6 rad/s with MSTK = 5, limits
 * -6 and 1 rad, from 0.5 rad at rest, 6 N.m: it breaks off at once, w =
 * 120 (1 - e^-t/0.2), reaches PHIU at 0.042262 s at 22.857 rad/s and stays
 * there; the impact takes 1/2 J w^2; MACX = 6 throughout. The translational
 * mass the same in its units. */
static void
check_limit_stop (const char *text, const char *prefix)
{
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0.001, 1e-10);
  g_autofree char *n_w = g_strconcat (prefix, ".", strstr (prefix, "Tr") ? "V" : "OMEGA", NULL);
  g_autofree char *n_phi = g_strconcat (prefix, ".", strstr (prefix, "Tr") ? "S" : "PHI", NULL);
  g_autofree char *n_acx = g_strconcat (prefix, ".", strstr (prefix, "Tr") ? "FACX" : "MACX", NULL);
  g_autofree char *n_impact = g_strconcat (prefix, ".impactLoss", NULL);
  const double *t = sw_trajectory_get_times (tr), *w = sw_test_column (tr, n_w), *phi = sw_test_column (tr, n_phi);
  const double *macx = sw_test_column (tr, n_acx), *impact = sw_test_column (tr, n_impact);
  double t_hit = 0, w_hit = 0;
  guint n = sw_trajectory_get_n_rows (tr);

  for (guint r = 0; r < n; r++)
    {
      g_assert_cmpfloat_with_epsilon (macx[r], 6, 1e-9);
      if (r + 1 < n && t[r + 1] == t[r] && t[r] > 0)
        t_hit = t[r], w_hit = w[r];
      if (t_hit == 0 && !(r + 1 < n && t[r + 1] == t[r]))
        {
          double e = exp (-t[r] / 0.2);

          g_assert_cmpfloat_with_epsilon (w[r], 120 * (1 - e), 1e-6);
          g_assert_cmpfloat_with_epsilon (phi[r], 0.5 + 120 * (t[r] - 0.2 * (1 - e)), 1e-7);
        }
      else if (t_hit > 0 && t[r] > t_hit)
        {
          g_assert_cmpfloat (w[r], ==, 0);
          g_assert_cmpfloat_with_epsilon (phi[r], 1, 1e-12);
          g_assert_cmpfloat_with_epsilon (impact[r], 0.5 * 0.01 * w_hit * w_hit, 1e-9);
        }
    }
  g_assert_cmpfloat_with_epsilon (t_hit, 0.042262, 1e-6);
  g_assert_cmpfloat_with_epsilon (w_hit, 22.857, 1e-3);
}

static void
test_limit_stop (void)
{
  check_limit_stop (MODEL ("{\"id\": \"Mas1\", \"kind\": \"rotational.tb_mass\", \"params\": {\"J\": 0.01, "
                           "\"KVSC\": 0.05, \"OMEGASTK\": 1e-6, \"MSTK\": 5, \"PHI0\": 0.5, \"OMEGA0\": 0, "
                           "\"PHIU\": 1, \"PHIL\": -6}},"
                           "{\"id\": \"Srcf1\", \"kind\": \"rotational.constant_torque\", "
                           "\"params\": {\"tau_constant\": 6}}",
                           "{\"from\": \"Srcf1.flange\", \"to\": \"Mas1.ROT\"}", "0.1"), "Mas1");
  check_limit_stop (MODEL ("{\"id\": \"TrMas1\", \"kind\": \"translational.tb_mass\", \"params\": {\"M\": 0.01, "
                           "\"KVSC\": 0.05, \"VSTK\": 1e-6, \"FSTK\": 5, \"S0\": 0.5, \"V0\": 0, "
                           "\"SU\": 1, \"SL\": -6}},"
                           "{\"id\": \"F1\", \"kind\": \"translational.constant_force\", "
                           "\"params\": {\"f_constant\": 6}}",
                           "{\"from\": \"F1.flange\", \"to\": \"TrMas1.TR\"}", "0.1"), "TrMas1");
}

/* Stick at a speed: below OMEGASTK = 0.5 the mass latches (w jumps to 0,
 * the impact takes J 0.5^2 / 2) and holds while the torque stays under
 * MSTK; a torque step above MSTK at 1 s breaks it off. Before the latch,
 * Coulomb friction with its ramp, polynomial and characteristic friction
 * against their formulas. */
static void
test_stick_and_laws (void)
{
  static const char text[] = MODEL (
    "{\"id\": \"m\", \"kind\": \"rotational.tb_mass\", \"params\": {\"J\": 0.2, \"KVSC\": 0.01, \"MCLB\": 0.3, "
    "\"OMEGACLB\": 1, \"KMUL\": 0.02, \"KEXP\": 1.5, \"MFRCCH\": [[0, 0.1], [10, 0.3]], \"KFRCCH\": 2, "
    "\"OMEGASTK\": 0.5, \"MSTK\": 0.8, \"OMEGA0\": -4}},"
    "{\"id\": \"T\", \"kind\": \"rotational.torque_step\", \"params\": {\"stepTorque\": 1, \"offsetTorque\": 0.5, "
    "\"startTime\": 1}}",
    "{\"from\": \"T.flange\", \"to\": \"m.ROT1\"}", "1.5");
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0.001, 1e-10);
  const double *t = sw_trajectory_get_times (tr), *w = sw_test_column (tr, "m.OMEGA");
  const double *clb = sw_test_column (tr, "m.MFRCCLB"), *pol = sw_test_column (tr, "m.MFRCPOL");
  const double *ch = sw_test_column (tr, "m.MFRCCH_VAL"), *m1 = sw_test_column (tr, "m.M1");
  const double *mode = sw_test_column (tr, "m.mode"), *impact = sw_test_column (tr, "m.impactLoss");
  double t_latch = -1;
  guint n = sw_trajectory_get_n_rows (tr), ramp = 0, stuck = 0;

  for (guint r = 0; r < n; r++)
    {
      /* Sliding, the laws that jump at 0 take the mode's direction (also
       * on the row of a break-off, at w = 0). */
      double a = fabs (w[r]), s = mode[r];
      gboolean left = r + 1 < n && t[r + 1] == t[r];

      g_assert_cmpfloat_with_epsilon (m1[r], t[r] < 1 || (t[r] == 1 && left) ? 0.5 : 1.5, 1e-9);
      if (mode[r] != SW_FRICTION_STUCK)
        {
          g_assert_cmpfloat_with_epsilon (clb[r], a >= 1 ? 0.3 * s : 0.3 * w[r], 1e-12);
          g_assert_cmpfloat_with_epsilon (pol[r], 0.02 * pow (a, 1.5) * s, 1e-12);
          g_assert_cmpfloat_with_epsilon (ch[r], 2 * s * (0.1 + 0.02 * MIN (a, 10)), 1e-12);
          ramp += a < 1 && a > 0;
        }
      else
        {
          g_assert_cmpfloat (w[r], ==, 0);
          if (t_latch < 0)
            t_latch = t[r];
          stuck++;
        }
      if (t_latch >= 0 && t[r] > t_latch && t[r] < 1)
        g_assert_cmpfloat_with_epsilon (impact[r], 0.5 * 0.2 * 0.25, 1e-6);
    }
  /* It latched at -0.5 rad/s (the row before shows the speed), held the
   * 0.5 N.m below MSTK, and broke off at the step to 1.5 N.m. */
  g_assert_cmpfloat (t_latch, >, 0);
  g_assert_cmpfloat (t_latch, <, 1);
  g_assert_cmpuint (stuck, >, 10);
  g_assert_cmpuint (ramp, >, 10);
  g_assert_cmpfloat (w[n - 1], >, 0);
}

/* Inconsistent friction: a break-off torque of 0 but 843 N.m of sliding
 * friction at any speed (KEXP = 0) against 24 N.m: the mass breaks away and
 * sticks again at every first step of the integrator, nanoseconds apart.
 * The run ends with a message naming it (the random models found it
 * growing for minutes), also in a short run (0.2 s, where 10 000 events
 * spread over more than 1e-3 of it), and at a tight tolerance (where the
 * speed's friction once flipped inside steps of 1e-11 s until the step
 * limit, before the mode kept its direction). */
static void
test_chatter (void)
{
  static const char text[] = MODEL (
    "{\"id\": \"m\", \"kind\": \"rotational.tb_mass\", \"params\": {\"J\": 73.7, \"KMUL\": 843.7, \"KEXP\": 0, "
    "\"OMEGASTK\": 369, \"MSTK\": 0, \"MEXT\": 3.4, \"KEXT\": 7, \"OMEGA0\": 3.1}}", "", "1");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "chatter.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  SwSimulateOptions o;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  o = sw_simulate_options_from_system (sys);
  for (guint k = 0; k < 3; k++)
    {
      o.stop_time_s = k == 1 ? 0.2 : 1;
      o.tolerance = k == 2 ? 1e-8 : 1e-6;
      o.output_interval_s = 0.01;
      tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
      g_assert_null (tr);
      g_assert_error (error, SW_ERROR, SW_ERROR_NOT_CONVERGED);
      g_assert_nonnull (strstr (error->message, "component “m”"));
      g_assert_nonnull (strstr (error->message, "chatter"));
      g_clear_error (&error);
    }
}

/* Jerk outputs: a mass on a rigidity to the ground swings as
 * PHI = PHI0 cos (w t), w^2 = C / J, so dALPHA = PHI0 w^3 sin (w t), and
 * the rigidity's dDALPHA is the same (the ground does not move). The
 * frequency response of the jerk is (i w)^3 that of the angle. */
static void
test_jerk (void)
{
  static const char text[] = MODEL (
    "{\"id\": \"Mas1\", \"kind\": \"rotational.tb_mass\", \"params\": {\"J\": 0.5, \"PHI0\": 0.1}}, "
    "{\"id\": \"Rig1\", \"kind\": \"rotational.rigidity\", \"params\": {\"C\": 200}}, "
    "{\"id\": \"ground\", \"kind\": \"rotational.fixed\", \"params\": {}}",
    "{\"from\": \"Mas1.ROT2\", \"to\": \"Rig1.ROT1\"}, {\"from\": \"Rig1.ROT2\", \"to\": \"ground.flange\"}",
    "1");
  static const char linear[] = MODEL (
    "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5}}, "
    "{\"id\": \"Rig1\", \"kind\": \"rotational.rigidity\", \"params\": {\"C\": 200, \"KVSC\": 1}}, "
    "{\"id\": \"ground\", \"kind\": \"rotational.fixed\", \"params\": {}}",
    "{\"from\": \"J1.flange_b\", \"to\": \"Rig1.ROT1\"}, {\"from\": \"Rig1.ROT2\", \"to\": \"ground.flange\"}",
    "1");
  const double w = 20, phi0 = 0.1;
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "jerk.shaft", &error);
  g_autoptr (SwModel) model2 = NULL;
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = sw_test_run_model (model, 0.01, 1e-10);
  g_autoptr (SwTrajectory) frf_jerk = NULL, frf_phi = NULL;
  const double *t = sw_trajectory_get_times (tr), *jerk = sw_test_column (tr, "Mas1.dALPHA");
  const double *djerk = sw_test_column (tr, "Rig1.dDALPHA");
  SwFrfOptions o = sw_frf_options_default ();

  g_assert_no_error (error);
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      g_assert_cmpfloat_with_epsilon (jerk[r], phi0 * w * w * w * sin (w * t[r]), 1e-5 * phi0 * w * w * w);
      g_assert_cmpfloat_with_epsilon (djerk[r], jerk[r], 1e-5 * phi0 * w * w * w);
    }
  /* A frequency response needs a body without friction laws. */
  model2 = sw_model_new_from_data (linear, -1, "jerk.shaft", &error);
  g_assert_no_error (error);
  sys = sw_model_assemble (model2, &error);
  g_assert_no_error (error);
  frf_jerk = sw_frf_compute (sys, "J1", "Rig1.dDALPHA", &o, &error);
  g_assert_no_error (error);
  frf_phi = sw_frf_compute (sys, "J1", "Rig1.DPHI", &o, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_trajectory_get_n_rows (frf_jerk), ==, sw_trajectory_get_n_rows (frf_phi));
  for (guint r = 0; r < sw_trajectory_get_n_rows (frf_jerk); r++)
    {
      double f = sw_trajectory_get_times (frf_jerk)[r], W = 2 * G_PI * f;
      double re = sw_test_column (frf_phi, "real")[r], im = sw_test_column (frf_phi, "imag")[r];

      if (!isfinite (re))
        continue;
      /* (i W)^3 (re + i im) = W^3 (im - i re) */
      g_assert_cmpfloat_with_epsilon (sw_test_column (frf_jerk, "real")[r], W * W * W * im,
                                      1e-5 * W * W * W * hypot (re, im));
      g_assert_cmpfloat_with_epsilon (sw_test_column (frf_jerk, "imag")[r], -W * W * W * re,
                                      1e-5 * W * W * W * hypot (re, im));
    }
}

/* Nothing accepted is ignored: KSTK (the manual's stick damper) below the
 * 1e16 the exact lock stands for is refused when the file is read and when
 * it is set, naming the component, the parameter and what is valid, for
 * both masses; the default and more are accepted. Two nonzero position
 * limits the wrong way round (which the manual would ignore) are refused;
 * one limit alone is Twin Builder's "off" and kept. */
static void
test_refused (void)
{
  static const struct {
    const char *kind, *stick, *upper, *lower, *unit;
  } masses[] = {
    { "rotational.tb_mass", "OMEGASTK", "PHIU", "PHIL", "N.m.s/rad" },
    { "translational.tb_mass", "VSTK", "SU", "SL", "N.s/m" },
  };

  for (guint m = 0; m < G_N_ELEMENTS (masses); m++)
    {
      g_autofree char *soft = g_strdup_printf (
          "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [{\"id\": \"Mas1\", \"kind\": \"%s\", "
          "\"params\": {\"%s\": 1e-6, \"KSTK\": 1e6}}], \"connections\": []}", masses[m].kind, masses[m].stick);
      g_autofree char *stiff = g_strdup_printf (
          "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [{\"id\": \"Mas1\", \"kind\": \"%s\", "
          "\"params\": {\"%s\": 1e-6, \"KSTK\": 1e20}}], \"connections\": []}", masses[m].kind, masses[m].stick);
      g_autofree char *inverted = g_strdup_printf (
          "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [{\"id\": \"Mas1\", \"kind\": \"%s\", "
          "\"params\": {\"%s\": -1, \"%s\": 2}}], \"connections\": []}", masses[m].kind, masses[m].upper,
          masses[m].lower);
      g_autofree char *unit = g_strdup_printf ("1e+06 %s", masses[m].unit);
      g_autofree char *upper = g_strdup_printf ("“%s” = -1", masses[m].upper);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_model_new_from_data (soft, -1, "soft.shaft", &error);
      int index;

      g_assert_null (model);
      sw_test_assert_error_says (error, "component “Mas1”");
      sw_test_assert_error_says (error, "“KSTK”");
      sw_test_assert_error_says (error, unit);
      sw_test_assert_error_says (error, "exact lock");
      sw_test_assert_error_says (error, "valid: 1e+16 (the default) or more");
      g_clear_error (&error);

      model = sw_model_new_from_data (inverted, -1, "inverted.shaft", &error);
      g_assert_null (model);
      sw_test_assert_error_says (error, "component “Mas1”");
      sw_test_assert_error_says (error, upper);
      sw_test_assert_error_says (error, masses[m].lower);
      g_clear_error (&error);

      /* The default and a stiffer damper are the lock. */
      model = sw_model_new_from_data (stiff, -1, "stiff.shaft", &error);
      g_assert_no_error (error);
      index = sw_model_find_component (model, "Mas1");
      g_assert_cmpint (index, >=, 0);
      g_assert_true (sw_model_set_param (model, index, "KSTK", 1e16, &error));
      g_assert_no_error (error);
      /* Set on its own, as the inspector does. */
      g_assert_false (sw_model_set_param (model, index, "KSTK", 1e3, &error));
      sw_test_assert_error_says (error, "“KSTK”");
      g_clear_error (&error);
      /* One limit alone is the manual's "no limits": kept. */
      g_assert_true (sw_model_set_param (model, index, masses[m].upper, 1, &error));
      g_assert_no_error (error);
      g_assert_false (sw_model_set_param (model, index, masses[m].lower, 1, &error));
      sw_test_assert_error_says (error, masses[m].upper);
      g_clear_error (&error);
      g_assert_true (sw_model_set_param (model, index, masses[m].lower, -6, &error));
      g_assert_no_error (error);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();

  g_test_add_func ("/core/tb-mass/viscous-decay", test_viscous_decay);
  g_test_add_func ("/core/tb-mass/limit-stop", test_limit_stop);
  g_test_add_func ("/core/tb-mass/stick-and-laws", test_stick_and_laws);
  g_test_add_func ("/core/tb-mass/chatter", test_chatter);
  g_test_add_func ("/core/tb-mass/jerk", test_jerk);
  g_test_add_func ("/core/tb-mass/refused", test_refused);

  return g_test_run ();
}
