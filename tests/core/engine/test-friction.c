/* test-friction.c: friction and contacts. Laws every run with sticking
 * friction must keep, on
 * Modelica's CoupledClutches (data/examples/coupled-clutches.shaft): four
 * inertias of 1 kg.m², J1 driven by 10 sin(10 pi t), three clutches engaged
 * one after the other (clutch1 by a cosine that frees it after 1.2506 s).
 *
 * - Total momentum: friction is internal, so sum J w = 10 + (1 - cos (10 pi
 *   t)) / pi exactly (digest §10.4), at any instant, whatever the modes.
 * - Energy: kinetic energy + dissipated energy = initial energy + work of
 *   the torque, the integrals taken piecewise between events.
 * - lossPower is never negative; a stuck clutch's w_rel is exactly 0.
 * - The events the digest names: clutch1, J2 and J3 locked at about
 *   0.906 s, clutch1 free at (pi - 1.57) / (0.4 pi) = 1.25063 s.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-test-files.h"
#include "sw-test-run.h"

static void
test_momentum (void)
{
  g_autoptr (SwTrajectory) tr = sw_test_run_example ("coupled-clutches.shaft", 1e-3, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *w[4] = { sw_test_column (tr, "J1.w"), sw_test_column (tr, "J2.w"), sw_test_column (tr, "J3.w"),
                         sw_test_column (tr, "J4.w") };
  double worst = 0;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double exact = 10 + (1 - cos (10 * G_PI * t[r])) / G_PI;

      worst = MAX (worst, fabs (w[0][r] + w[1][r] + w[2][r] + w[3][r] - exact));
    }
  g_test_message ("momentum: worst error %.3g N.m.s", worst);
  g_assert_cmpfloat (worst, <, 1e-7);
}

static void
test_energy (void)
{
  g_autoptr (SwTrajectory) tr = sw_test_run_example ("coupled-clutches.shaft", 1e-5, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *e[4] = { sw_test_column (tr, "J1.energy"), sw_test_column (tr, "J2.energy"),
                         sw_test_column (tr, "J3.energy"),
                         sw_test_column (tr, "J4.energy") };
  const double *loss[3] = { sw_test_column (tr, "clutch1.lossPower"), sw_test_column (tr, "clutch2.lossPower"),
                            sw_test_column (tr, "clutch3.lossPower") };
  const double *power = sw_test_column (tr, "torque.power");
  double work = 0, dissipated = 0, worst = 0, e0 = e[0][0] + e[1][0] + e[2][0] + e[3][0];

  for (guint r = 1; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double dt = t[r] - t[r - 1];

      work += 0.5 * dt * (power[r] + power[r - 1]);
      for (guint k = 0; k < 3; k++)
        {
          g_assert_cmpfloat (loss[k][r], >=, 0);
          dissipated += 0.5 * dt * (loss[k][r] + loss[k][r - 1]);
        }
      worst = MAX (worst, fabs (e[0][r] + e[1][r] + e[2][r] + e[3][r] + dissipated - e0 - work));
    }
  g_test_message ("energy: worst imbalance %.3g J of %.3g J, %.3g J dissipated", worst, e0, dissipated);
  g_assert_cmpfloat (dissipated, >, 30);
  g_assert_cmpfloat (worst, <, 1e-6 * e0);
}

static void
test_stuck_and_events (void)
{
  g_autoptr (SwTrajectory) tr = sw_test_run_example ("coupled-clutches.shaft", 1e-3, 1e-8);
  const double *t = sw_trajectory_get_times (tr);
  guint n = sw_trajectory_get_n_rows (tr);
  double locked_all = NAN, free1 = NAN;

  for (guint k = 1; k <= 3; k++)
    {
      g_autofree char *mode_name = g_strdup_printf ("clutch%u.mode", k);
      g_autofree char *w_name = g_strdup_printf ("clutch%u.w_rel", k);
      const double *mode = sw_test_column (tr, mode_name), *w = sw_test_column (tr, w_name);

      for (guint r = 0; r < n; r++)
        if (mode[r] == 0 && !(r + 1 < n && t[r + 1] == t[r]))
          g_assert_cmpfloat (w[r], ==, 0);
    }
  {
    const double *m1 = sw_test_column (tr, "clutch1.mode"), *m2 = sw_test_column (tr, "clutch2.mode");

    /* The stretch of both stuck that holds t = 0.95 s began at... */
    for (guint r = 0; r < n && t[r] <= 0.95; r++)
      if (m1[r] == 0 && m2[r] == 0)
        {
          if (isnan (locked_all))
            locked_all = t[r];
        }
      else
        locked_all = NAN;
    for (guint r = 0; r < n && isnan (free1); r++)
      if (m1[r] == 2)
        free1 = t[r];
  }
  g_test_message ("clutch1 and clutch2 stuck together from %.9g s, clutch1 free from %.9g s", locked_all, free1);
  g_assert_cmpfloat (fabs (locked_all - 0.906), <, 1e-3);
  g_assert_cmpfloat (fabs (free1 - (G_PI - 1.57) / (0.4 * G_PI)), <, 1e-6);
}

/* A mass of 1 kg at 2 m/s on support friction of 1 N: it slides to a stop
 * (s = 2t - t^2/2, stopping at t = 2 s, s = 2 m), stays stuck under a
 * force of 0.5 N from t = 2.5 s (below the static 1 N), and breaks away
 * when the force steps to 1.5 N at t = 3 s (a = 0.5 m/s^2). */
static void
test_support_friction (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"slide\", \"components\": ["
    "{\"id\": \"ground\", \"kind\": \"translational.fixed\"},"
    "{\"id\": \"friction\", \"kind\": \"translational.support_friction\", \"params\": {\"f_pos\": [[0, 1]]}},"
    "{\"id\": \"mass\", \"kind\": \"translational.mass\", \"params\": {\"m\": 1, \"s0\": 0, \"v0\": 2}},"
    "{\"id\": \"push\", \"kind\": \"translational.force\", \"params\": {\"f\": {\"sum\": ["
    "  {\"step\": {\"height\": 0.5, \"start_time\": 2.5}}, {\"step\": {\"height\": 1, \"start_time\": 3}}]}}}],"
    "\"connections\": [{\"from\": \"friction.support\", \"to\": \"ground.flange\"},"
    "{\"from\": \"friction.flange_b\", \"to\": \"mass.flange_a\"},"
    "{\"from\": \"push.flange\", \"to\": \"mass.flange_b\"}, {\"from\": \"push.support\", \"to\": \"ground.flange\"}],"
    "\"simulation\": {\"stop_time\": 4, \"output_interval\": 0.01, \"tolerance\": 1e-8}}";
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0, 0);
  const double *t = sw_trajectory_get_times (tr);
  const double *s = sw_test_column (tr, "mass.s"), *v = sw_test_column (tr, "mass.v");
  const double *mode = sw_test_column (tr, "friction.mode");

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      if (t[r] < 2 - 1e-9)
        {
          g_assert_cmpfloat_with_epsilon (s[r], 2 * t[r] - 0.5 * t[r] * t[r], 1e-9);
          g_assert_cmpfloat (mode[r], ==, 1);
        }
      else if (t[r] > 2 + 1e-9 && t[r] < 3)
        {
          g_assert_cmpfloat (v[r], ==, 0);
          g_assert_cmpfloat_with_epsilon (s[r], 2, 1e-9);
          g_assert_cmpfloat (mode[r], ==, 0);
        }
      else if (t[r] > 3 + 1e-9)
        {
          g_assert_cmpfloat_with_epsilon (v[r], 0.5 * (t[r] - 3), 1e-9);
          g_assert_cmpfloat (mode[r], ==, 1);
        }
    }
}

/* A mass of 1 kg at -1 m/s hits an elasto-gap (c 1e4 N/m, no damping) in
 * front of the ground: it touches at t = 1 s, stays in contact for half a
 * period, pi sqrt (m / c) = 0.0314 s, and leaves at +1 m/s; the gap never
 * pulls. */
static void
test_elasto_gap (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"ground\", \"kind\": \"translational.fixed\"},"
    "{\"id\": \"gap\", \"kind\": \"translational.elasto_gap\", \"params\": {\"c\": 1e4, \"d\": 0, \"s_rel0\": 0}},"
    "{\"id\": \"mass\", \"kind\": \"translational.mass\", \"params\": {\"m\": 1, \"s0\": 1, \"v0\": -1}}],"
    "\"connections\": [{\"from\": \"ground.flange\", \"to\": \"gap.flange_a\"},"
    "{\"from\": \"gap.flange_b\", \"to\": \"mass.flange_a\"}],"
    "\"simulation\": {\"stop_time\": 2, \"output_interval\": 0.001, \"tolerance\": 1e-10}}";
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0, 0);
  const double *t = sw_trajectory_get_times (tr), *v = sw_test_column (tr, "mass.v"), *f = sw_test_column (tr, "gap.f");
  double contact = G_PI * sqrt (1 / 1e4);

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      g_assert_cmpfloat (f[r], <=, 0);
      if (t[r] < 1 - 1e-6)
        g_assert_cmpfloat_with_epsilon (v[r], -1, 1e-9);
      else if (t[r] > 1 + contact + 1e-6)
        g_assert_cmpfloat_with_epsilon (v[r], 1, 1e-6);
      else if (t[r] > 1 + 1e-6 && t[r] < 1 + contact - 1e-6)
        g_assert_cmpfloat_with_epsilon (v[r], -cos (G_PI * (t[r] - 1) / contact), 1e-6);
    }
}

/* Two inertias joined by a disc twisting by 0.5 rad turn as one of 3 kg.m2
 * under 3 N.m: a = 1 rad/s^2, phi_b - phi_a = 0.5. */
static void
test_disc (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"drive\", \"kind\": \"rotational.constant_torque\", \"params\": {\"tau_constant\": 3}},"
    "{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"disc\", \"kind\": \"rotational.disc\", \"params\": {\"deltaPhi\": 0.5}},"
    "{\"id\": \"b\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}}],"
    "\"connections\": [{\"from\": \"drive.flange\", \"to\": \"a.flange_a\"},"
    "{\"from\": \"a.flange_b\", \"to\": \"disc.flange_a\"}, {\"from\": \"disc.flange_b\", \"to\": \"b.flange_a\"}],"
    "\"simulation\": {\"stop_time\": 1, \"output_interval\": 0.1}}";
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0, 0);
  const double *t = sw_trajectory_get_times (tr);
  const double *pa = sw_test_column (tr, "a.phi"), *pb = sw_test_column (tr, "b.phi");
  const double *tau = sw_test_column (tr, "disc.tau");

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      g_assert_cmpfloat_with_epsilon (pb[r] - pa[r], 0.5, 1e-12);
      g_assert_cmpfloat_with_epsilon (pa[r], 0.5 * t[r] * t[r], 1e-9);
      g_assert_cmpfloat_with_epsilon (fabs (tau[r]), 2, 1e-9);
    }
}

/* Modal analysis in the active modes: J1 (1) and J2 (3) joined by an
 * engaged clutch at rest, J2 held by a spring c = 400 to the ground. At
 * t = 0 the clutch sticks: one body of 4 kg.m2, omega = sqrt (400 / 4) = 10
 * rad/s. Released (f_normalized 0), J1 is free: a rigid mode and omega =
 * sqrt (400 / 3). */
static void
test_modes_in_active_mode (void)
{
  static const char *const engaged[] = { "1", "0" };
  static const double omega[] = { 10, 11.547005383792516 };

  for (guint k = 0; k < G_N_ELEMENTS (engaged); k++)
    {
      g_autofree char *text = g_strdup_printf (
        "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
        "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"},"
        "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1, \"phi0\": 0, \"w0\": 0}},"
        "{\"id\": \"clutch\", \"kind\": \"rotational.clutch\", \"params\": {\"fn_max\": 100, \"f_normalized\": %s}},"
        "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 3, \"phi0\": 0, \"w0\": 0}},"
        "{\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 400}}],"
        "\"connections\": [{\"from\": \"J1.flange_b\", \"to\": \"clutch.flange_a\"},"
        "{\"from\": \"clutch.flange_b\", \"to\": \"J2.flange_a\"}, {\"from\": \"J2.flange_b\", \"to\": \"spring.flange_a\"},"
        "{\"from\": \"spring.flange_b\", \"to\": \"ground.flange\"}]}", engaged[k]);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "modes.shaft", &error);
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (SwModes) modes = NULL;
      gboolean found = FALSE;

      g_assert_no_error (error);
      sys = sw_model_assemble (model, &error);
      g_assert_no_error (error);
      modes = sw_modes_compute (sys, 0, NULL, &error);
      g_assert_no_error (error);
      for (guint m = 0; m < sw_modes_get_n_modes (modes); m++)
        {
          if (fabs (sw_modes_get_mode (modes, m)->omega_rad_s - omega[k]) < 1e-9 * omega[k])
            found = TRUE;
        }
      g_assert_true (found);
      g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, k == 0 ? 1 : 2);
    }
}

/* A one-way clutch (released) between J1 and J2, 1 kg.m2 each, both at
 * rest; a torque on J2: +2 N.m runs J2 ahead alone (w2 = 2t, w1 = 0), -2
 * N.m is held by the freewheel and drags J1 along (w1 = w2 = -t). */
static void
test_one_way_clutch (void)
{
  static const double torque[] = { 2, -2 };

  for (guint k = 0; k < G_N_ELEMENTS (torque); k++)
    {
      g_autofree char *text = g_strdup_printf (
        "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
        "{\"id\": \"drive\", \"kind\": \"rotational.constant_torque\", \"params\": {\"tau_constant\": %g}},"
        "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1, \"phi0\": 0, \"w0\": 0}},"
        "{\"id\": \"ow\", \"kind\": \"rotational.one_way_clutch\", \"params\": {\"fn_max\": 100, \"f_normalized\": 0}},"
        "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1, \"phi0\": 0, \"w0\": 0}}],"
        "\"connections\": [{\"from\": \"drive.flange\", \"to\": \"J2.flange_b\"},"
        "{\"from\": \"J1.flange_b\", \"to\": \"ow.flange_a\"}, {\"from\": \"ow.flange_b\", \"to\": \"J2.flange_a\"}],"
        "\"simulation\": {\"stop_time\": 1, \"output_interval\": 0.1}}", torque[k]);
      g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0, 0);
      const double *t = sw_trajectory_get_times (tr);
      const double *w1 = sw_test_column (tr, "J1.w"), *w2 = sw_test_column (tr, "J2.w");

      for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
        {
          g_assert_cmpfloat_with_epsilon (w2[r], k == 0 ? 2 * t[r] : -t[r], 1e-9);
          g_assert_cmpfloat_with_epsilon (w1[r], k == 0 ? 0 : -t[r], 1e-9);
          g_assert_cmpfloat (w2[r] - w1[r], >=, 0);
        }
    }
}

/* Modelica's Friction example (data/examples/friction.shaft): kinetic and
 * spring energy + what the clutch, the brake and the spring's damper turn
 * into heat = initial energy + the torque's work. */
static void
test_friction_energy (void)
{
  g_autoptr (SwTrajectory) tr = sw_test_run_example ("friction.shaft", 1e-5, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const char *const stored[] = { "inertia1.energy", "inertia2.energy", "inertia3.energy", "spring.energy" };
  const char *const heat[] = { "clutch.lossPower", "brake.lossPower", "spring.lossPower" };
  const double *power = sw_test_column (tr, "torque.power");
  double work = 0, dissipated = 0, worst = 0, e0 = 0;

  for (guint k = 0; k < G_N_ELEMENTS (stored); k++)
    e0 += sw_test_column (tr, stored[k])[0];
  for (guint r = 1; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double dt = t[r] - t[r - 1], e = 0;

      work += 0.5 * dt * (power[r] + power[r - 1]);
      for (guint k = 0; k < G_N_ELEMENTS (heat); k++)
        {
          const double *p = sw_test_column (tr, heat[k]);

          g_assert_cmpfloat (p[r], >=, 0);
          dissipated += 0.5 * dt * (p[r] + p[r - 1]);
        }
      for (guint k = 0; k < G_N_ELEMENTS (stored); k++)
        e += sw_test_column (tr, stored[k])[r];
      worst = MAX (worst, fabs (e + dissipated - e0 - work));
    }
  g_test_message ("friction: worst imbalance %.3g J of %.3g J, %.3g J dissipated", worst, e0, dissipated);
  g_assert_cmpfloat (worst, <, 1e-6 * e0);
}

/* modal --at T: J1 (1, at 5 rad/s) slips on the clutch against J2 (3, on a
 * spring c = 400 to ground) and sticks at 0.077 s; at T = 2 s the two turn
 * as one: omega = sqrt (400 / 4) = 10 rad/s, the state carried back to
 * the model's own coordinates. */
static void
test_modes_at_stuck_instant (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"},"
    "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1, \"phi0\": 0, \"w0\": 5}},"
    "{\"id\": \"clutch\", \"kind\": \"rotational.clutch\", \"params\": {\"fn_max\": 100}},"
    "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 3, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 400}}],"
    "\"connections\": [{\"from\": \"J1.flange_b\", \"to\": \"clutch.flange_a\"},"
    "{\"from\": \"clutch.flange_b\", \"to\": \"J2.flange_a\"}, {\"from\": \"J2.flange_b\", \"to\": \"spring.flange_a\"},"
    "{\"from\": \"spring.flange_b\", \"to\": \"ground.flange\"}], \"simulation\": {\"stop_time\": 2}}";
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "stuck.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwModes) modes = NULL;
  g_autofree double *state = NULL;
  SwSimulateOptions o;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  o = sw_simulate_options_from_system (sys);
  state = sw_simulate_final_state (sys, &o, &error);
  g_assert_no_error (error);
  modes = sw_modes_compute (sys, 2, state, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 1);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (modes, 0)->omega_rad_s, 10, 1e-9);
}

/* Modelica's ElastoGap example (data/examples/elasto-gap.shaft): mass1
 * between two spring-dampers follows s'' + 3 s' + 20 s = 0 from s = 2
 * (digest §11.10: s(1) = -0.35317); mass2 between two gaps moves freely
 * for -0.5 < s < 0.5, and the gaps only push. */
static void
test_elasto_gap_example (void)
{
  g_autoptr (SwTrajectory) tr = sw_test_run_example ("elasto-gap.shaft", 0.01, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *s1 = sw_test_column (tr, "mass1.s"), *s2 = sw_test_column (tr, "mass2.s");
  const double *f1 = sw_test_column (tr, "elastoGap1.f"), *f2 = sw_test_column (tr, "elastoGap2.f");
  const double *loss = sw_test_column (tr, "elastoGap1.lossPower");
  double wd = sqrt (17.75);
  guint free_rows = 0;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double exact = exp (-1.5 * t[r]) * (2 * cos (wd * t[r]) + 3 / wd * sin (wd * t[r]));

      g_assert_cmpfloat_with_epsilon (s1[r], exact, 1e-8);
      /* flange_b.f: the gap pushes flange_b away (f <= 0) or nothing. */
      g_assert_cmpfloat (f1[r], <=, 0);
      g_assert_cmpfloat (f2[r], <=, 0);
      g_assert_cmpfloat (loss[r], >=, 0);
      if (fabs (s2[r]) < 0.5)
        {
          g_assert_cmpfloat (f1[r], ==, 0);
          g_assert_cmpfloat (f2[r], ==, 0);
          free_rows++;
        }
    }
  g_assert_cmpfloat_with_epsilon (s1[sw_trajectory_get_n_rows (tr) - 1], -3.788e-7, 1e-9);
  g_assert_cmpuint (free_rows, >, 100);
}

/* Two brakes in parallel on one inertia hold it together: static limits 50
 * and 30 N.m (mue 0.5, fn_max 100 and 60), a torque of 100 t: they share
 * the torque 5 : 3 while stuck and break away together at t = 0.8 s, when
 * it exceeds the sum (the lock rows alone would put it all on one brake,
 * which would slip at 0.5 s). */
static void
test_parallel_brakes (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"drive\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"ramp\": {\"height\": 100, \"duration\": 1}}}},"
    "{\"id\": \"J\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"b1\", \"kind\": \"rotational.brake\", \"params\": {\"fn_max\": 100}},"
    "{\"id\": \"b2\", \"kind\": \"rotational.brake\", \"params\": {\"fn_max\": 60}}],"
    "\"connections\": [{\"from\": \"drive.flange\", \"to\": \"J.flange_a\"},"
    "{\"from\": \"J.flange_b\", \"to\": \"b1.flange_a\"}, {\"from\": \"J.flange_b\", \"to\": \"b2.flange_a\"}],"
    "\"simulation\": {\"stop_time\": 1, \"output_interval\": 0.01, \"tolerance\": 1e-10}}";
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0, 0);
  const double *t = sw_trajectory_get_times (tr), *w = sw_test_column (tr, "J.w");
  const double *m1 = sw_test_column (tr, "b1.mode"), *m2 = sw_test_column (tr, "b2.mode");
  const double *tau1 = sw_test_column (tr, "b1.tau"), *tau2 = sw_test_column (tr, "b2.tau");

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      g_assert_cmpfloat (m1[r], ==, m2[r]);
      if (t[r] < 0.8 - 1e-9)
        {
          g_assert_cmpfloat (w[r], ==, 0);
          g_assert_cmpfloat_with_epsilon (tau1[r], 62.5 * t[r], 1e-9);
          g_assert_cmpfloat_with_epsilon (tau2[r], 37.5 * t[r], 1e-9);
        }
      else if (t[r] > 0.8 + 1e-9)
        /* Sliding: J w' = 100 t - 80 from 0.8 s. */
        g_assert_cmpfloat_with_epsilon (w[r], 50 * (t[r] * t[r] - 0.64) - 80 * (t[r] - 0.8), 1e-7);
    }
}

/* Modelica's PreLoad example (data/examples/preload.shaft): a spool held
 * by a preloaded spring through four elasto-gaps. Once plate B has settled
 * every contact touches and the spring holds the preload, 30 N less what
 * the contacts give (29.4 N); the spool does not move while the force is
 * below it, then follows (|F| - preload) / (c_spring) plus the two contacts'
 * give (digest §11.9), with the hysteresis of its damper. */
static void
test_preload_example (void)
{
  g_autoptr (SwTrajectory) tr = sw_test_run_example ("preload.shaft", 0.1, 1e-8);
  const double *t = sw_trajectory_get_times (tr), *s = sw_test_column (tr, "spool.s");
  const double *f = sw_test_column (tr, "force.f"), *spring = sw_test_column (tr, "spring.f");

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double beyond = fabs (f[r]) - 29.41;

      if (t[r] < 10)
        continue;
      if (beyond < -1)
        {
          /* Held: moved only by the contacts' give, 2 F / 1e6. */
          g_assert_cmpfloat_with_epsilon (s[r], 0.01475, 2 * fabs (f[r]) / 1e6 + 1e-6);
          g_assert_cmpfloat_with_epsilon (spring[r], -29.41, 0.05);
        }
      else if (beyond > 1)
        /* Within the hysteresis of the dampers (the spool's 2500 N.s/m at up
         * to 4.7e-4 m/s, over 20e3 N/m: 6e-5 m) and the contacts' own. */
        g_assert_cmpfloat_with_epsilon (fabs (s[r] - 0.01475),
                                        beyond / 20e3 + 2 * fabs (f[r]) / 1e6 - 2 * 29.41 / 1e6, 1e-4);
    }
}

/* On every bundled example, at tolerance 1e-10 and 20 000 rows: kinetic +
 * potential energy + what lossPower dissipated + what impacts at hard stops
 * took (impactLoss, the energy a stop takes at once) = the initial energy
 * + the work of the sources' power, within 1e-6 of the largest of them;
 * lossPower is never negative. PreLoad's plates settle in the first
 * milliseconds at 1e4 rad/s, faster than rows can integrate: its balance
 * starts at 1 s, and its contacts' quick releases want rows 0.5 ms apart.
 * Backlash's damping law kinks where tau_d passes tau_c (Modelica's min,
 * no event), and the trapezoid's error there wants rows 5 us apart.
 * The stepped spring's damping jumps at its area limits (KBKL, KVSC, KSTP
 * abrupt, as in the manual's example): rows 20 us apart there. The
 * vibrator's polynomial friction (32 N.m at its speed step, gone in some
 * 100 us) wants rows 0.1 us apart. */
static void
test_energy_balance (void)
{
  static const char *const examples[] = { "first", "fourbody", "elastic-bearing", "rolling-wheel", "friction",
                                          "coupled-clutches", "backlash", "elasto-gap", "preload", "lossy-gear",
                                          "lossy-gear-2", "translational-friction", "fan-rundown",
                                          "stick-limit-stop", "stepped-spring", "vibrator", "engine-start",
                                          "gear-pair" };
  static const double from[] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
  static const guint rows[] = { 20000, 20000, 20000, 20000, 20000, 20000, 200000, 20000, 200000, 20000, 20000,
                                20000, 200000, 20000, 1000000, 1000000, 200000, 200000 };

  for (guint e = 0; e < G_N_ELEMENTS (examples); e++)
    {
      g_autofree char *name = g_strdup_printf ("%s.shaft", examples[e]);
      g_autofree char *path = sw_test_example_path (name);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_model_new_from_file (path, &error);
      g_autoptr (SwTrajectory) tr = NULL;
      g_autoptr (GArray) stored = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr (GArray) lost = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr (GArray) supplied = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr (GArray) impacts = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr (GArray) pumped = g_array_new (FALSE, FALSE, sizeof (guint));
      const double *t;
      double e0 = 0, work = 0, dissipated = 0, worst = 0, scale;
      guint r0 = 0;

      g_assert_no_error (error);
      tr = sw_test_run_model (model, sw_model_get_simulation (model)->stop_time_s / rows[e], 1e-10);
      for (guint c = 0; c < sw_trajectory_get_n_columns (tr); c++)
        {
          const char *column_name = sw_trajectory_get_column_name (tr, c);
          g_autofree char *id = g_strndup (column_name, strchr (column_name, '.') - column_name);
          const SwComponent *component = sw_model_get_component (model, sw_model_find_component (model, id));

          if (g_str_has_suffix (column_name, ".energy") || g_str_has_suffix (column_name, ".kinetic_energy"))
            g_array_append_val (stored, c);
          else if (g_str_has_suffix (column_name, ".lossPower"))
            g_array_append_val (lost, c);
          else if (g_str_has_suffix (column_name, ".impactLoss"))
            g_array_append_val (impacts, c);
          else if (g_str_has_suffix (column_name, ".stiffnessWork"))
            g_array_append_val (pumped, c);
          else if (g_str_has_suffix (column_name, ".power")
                   && (strcmp (component->kind->group, "Sources") == 0
                       || strcmp (component->kind->group, "Engines and loads") == 0))
            g_array_append_val (supplied, c);
        }
      t = sw_trajectory_get_times (tr);
      while (t[r0] < from[e])
        r0++;
      for (guint k = 0; k < stored->len; k++)
        e0 += sw_trajectory_get_column (tr, g_array_index (stored, guint, k))[r0];
      scale = MAX (e0, 1e-300);
      for (guint r = r0 + 1; r < sw_trajectory_get_n_rows (tr); r++)
        {
          double dt = t[r] - t[r - 1], energy = 0;

          for (guint k = 0; k < supplied->len; k++)
            {
              const double *p = sw_trajectory_get_column (tr, g_array_index (supplied, guint, k));
              work += 0.5 * dt * (p[r] + p[r - 1]);
            }
          for (guint k = 0; k < lost->len; k++)
            {
              const double *p = sw_trajectory_get_column (tr, g_array_index (lost, guint, k));

              g_assert_cmpfloat (p[r], >=, 0);
              dissipated += 0.5 * dt * (p[r] + p[r - 1]);
            }
          for (guint k = 0; k < stored->len; k++)
            energy += sw_trajectory_get_column (tr, g_array_index (stored, guint, k))[r];
          for (guint k = 0; k < impacts->len; k++)
            energy += sw_trajectory_get_column (tr, g_array_index (impacts, guint, k))[r]
                      - sw_trajectory_get_column (tr, g_array_index (impacts, guint, k))[r0];
          for (guint k = 0; k < pumped->len; k++)
            energy -= sw_trajectory_get_column (tr, g_array_index (pumped, guint, k))[r]
                      - sw_trajectory_get_column (tr, g_array_index (pumped, guint, k))[r0];
          scale = MAX (scale, MAX (fabs (work), MAX (dissipated, energy)));
          worst = MAX (worst, fabs (energy + dissipated - e0 - work));
        }
      g_test_message ("%s: energy balance off by %.3g J of %.3g J", examples[e], worst, scale);
      g_assert_cmpfloat (worst, <=, 1e-6 * scale);
    }
}

/* Cases the random models found. (1) A mass with stops rubbing on a
 * support that hangs on a spring-damper: each sliding direction makes the
 * support's speed point the other way, so it sticks, and mass and support
 * coast together. (2) A mass pressed into its stop by a neighbour's
 * friction stays there, without events piling up. (3) A mass starting
 * beyond its stops is refused, naming it. */
static void
test_stop_mass_cases (void)
{
  static const char coast[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"m\", \"kind\": \"translational.mass_with_stop_and_friction\", \"params\": {\"v0\": 3.3, "
    "\"F_prop\": 305, \"F_Coulomb\": 958, \"F_Stribeck\": 988}},"
    "{\"id\": \"k\", \"kind\": \"translational.spring_damper\", \"params\": {\"c\": 413, \"d\": 1, \"s_rel0\": 1.23}}],"
    "\"connections\": [{\"from\": \"m.flange_b\", \"to\": \"k.flange_a\"}, {\"from\": \"m.support\", \"to\": \"k.flange_b\"}],"
    "\"simulation\": {\"stop_time\": 1, \"output_interval\": 0.1}}";
  static const char pressed[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"rider\", \"kind\": \"translational.mass_with_stop_and_friction\", \"params\": {\"m\": 179, \"v0\": 4.1, "
    "\"smax\": 8.8, \"F_Coulomb\": 340, \"F_Stribeck\": 355}},"
    "{\"id\": \"carrier\", \"kind\": \"translational.mass_with_stop_and_friction\", \"params\": {\"m\": 181, \"v0\": 3.3, "
    "\"smax\": 0.0559}}],"
    "\"connections\": [{\"from\": \"carrier.flange_b\", \"to\": \"rider.support\"}],"
    "\"simulation\": {\"stop_time\": 1, \"output_interval\": 0.01}}";
  static const char beyond[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"m\", \"kind\": \"translational.mass_with_stop_and_friction\", \"params\": {\"s0\": -2, \"smin\": 4.8}}]}";
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (beyond, -1, "beyond.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  SwSimulateOptions o;

  {
    g_autoptr (SwTrajectory) run = sw_test_run_text (coast, 0, 0);
    const double *v = sw_test_column (run, "m.v"), *mode = sw_test_column (run, "m.mode");

    for (guint r = 0; r < sw_trajectory_get_n_rows (run); r++)
      {
        g_assert_cmpfloat (mode[r], ==, 0);
        g_assert_cmpfloat (v[r], ==, 0);
      }
  }
  {
    g_autoptr (SwTrajectory) run = sw_test_run_text (pressed, 0, 0);
    const double *s = sw_test_column (run, "carrier.s"), *mode = sw_test_column (run, "carrier.mode");
    guint n = sw_trajectory_get_n_rows (run);

    g_assert_cmpfloat (mode[n - 1], ==, 0);
    g_assert_cmpfloat_with_epsilon (s[n - 1], 0.0559, 1e-12);
  }
  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  o = sw_simulate_options_from_system (sys);
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_null (tr);
  g_assert_error (error, SW_ERROR, SW_ERROR_CONTRADICTION);
  g_assert_nonnull (strstr (error->message, "component “m”"));
  g_assert_nonnull (strstr (error->message, "beyond its hard stops"));
}

/* A brake that engages only at 0.5 s: no mode changes at the start, yet
 * the inertia turns from the start (w = 10, phi = 10 t), then brakes at
 * tau = cgeo mue fn = 4 N.m, a = -2 rad/s2. */
static void
test_brake_engaged_later (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"J\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2, \"phi0\": 0, \"w0\": 10}},"
    "{\"id\": \"brake\", \"kind\": \"rotational.brake\", \"params\": {\"fn_max\": 8, "
    "\"f_normalized\": {\"step\": {\"height\": 1, \"start_time\": 0.5}}}}],"
    "\"connections\": [{\"from\": \"J.flange_b\", \"to\": \"brake.flange_a\"}],"
    "\"simulation\": {\"stop_time\": 2, \"output_interval\": 0.25}}";
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0, 1e-10);
  const double *t = sw_trajectory_get_times (tr), *w = sw_test_column (tr, "J.w"), *phi = sw_test_column (tr, "J.phi");

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double tb = MAX (0, t[r] - 0.5);

      g_assert_cmpfloat_with_epsilon (w[r], 10 - 2 * tb, 1e-8);
      g_assert_cmpfloat_with_epsilon (phi[r], 10 * t[r] - tb * tb, 1e-8);
    }
}

typedef struct {
  double t;
  char  *id;
  int    old_mode, new_mode;
} Logged;

static void
log_change (double t, const char *id, int old_mode, int new_mode, gpointer data)
{
  Logged e = { t, g_strdup (id), old_mode, new_mode };

  g_array_append_val ((GArray *) data, e);
}

static void
logged_clear (gpointer data)
{
  g_free (((Logged *) data)->id);
}

/* The event log of an example: every element's mode at the start, then
 * its changes. */
static GArray *
event_log (const char *example)
{
  g_autofree char *path = sw_test_example_path (example);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_file (path, &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  GArray *log = g_array_new (FALSE, FALSE, sizeof (Logged));
  SwSimulateOptions o;

  g_array_set_clear_func (log, logged_clear);
  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  o = sw_simulate_options_from_system (sys);
  o.on_mode_change = log_change;
  o.on_mode_change_data = log;
  tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return log;
}

/* The log names contacts closing and opening (backlash, gaps) and masses
 * reaching their hard stops: Translational Friction's stop2 hits its stop
 * at 0.0606 s (the digest) and its spring pushes it off at once; Backlash's
 * teeth part and meet in turn. */
static void
test_event_log (void)
{
  g_autoptr (GArray) stops = event_log ("translational-friction.shaft");
  g_autoptr (GArray) backlash = event_log ("backlash.shaft");
  guint at_stop = 0, contacts = 0;
  int last = -1;

  for (guint k = 0; k < stops->len; k++)
    {
      const Logged *e = &g_array_index (stops, Logged, k);

      if (e->new_mode == SW_MODE_AT_STOP)
        {
          const Logged *next = &g_array_index (stops, Logged, k + 1);

          g_assert_cmpstr (e->id, ==, "stop2");
          g_assert_cmpfloat_with_epsilon (e->t, 0.0606, 1e-4);
          g_assert_cmpint (next->old_mode, ==, SW_MODE_AT_STOP);
          g_assert_cmpint (next->new_mode, ==, SW_FRICTION_FORWARD);
          g_assert_cmpfloat (next->t, ==, e->t);
          at_stop++;
        }
    }
  g_assert_cmpuint (at_stop, ==, 1);
  for (guint k = 0; k < backlash->len; k++)
    {
      const Logged *e = &g_array_index (backlash, Logged, k);

      g_assert_cmpstr (e->id, ==, "elastoBacklash");
      g_assert_true (e->new_mode == SW_MODE_CONTACT || e->new_mode == SW_FRICTION_FREE);
      if (k == 0)
        g_assert_cmpint (e->old_mode, ==, SW_FRICTION_START);
      else
        {
          g_assert_cmpint (e->old_mode, ==, last);
          contacts += e->new_mode == SW_MODE_CONTACT;
        }
      last = e->new_mode;
    }
  /* Starting in contact, the teeth meet again 10 times in 1 s, as in the
   * reference (tests/data/msl/Backlash.csv.gz: its events at phi_rel =
   * -+b/2 going outward). */
  g_assert_cmpuint (contacts, ==, 10);
}

/* A clutch between J1 and J2 holding 10 N.m and a brake on J2 holding
 * 11 N.m (peak 1), J1 driven by 20 t: stuck, each carries the whole
 * torque. At t = 0.5 s the clutch slips (backward: J1 runs ahead) and
 * passes on its 10 N.m, which the brake holds: J2 stays at rest, J1
 * follows w = 10 (t - 0.5)^2, the brake carries 10 N.m. The same with the
 * brake named first (the joint decision tries the parts in the order of
 * their ids). (At a tie, both limits 10 N.m, either answer holds to
 * round-off, and the first in the order of the ids slides.) */
#define SERIES_MODEL(clutch, brake)                                                                            \
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["                                       \
  "{\"id\": \"drive\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"ramp\": {\"height\": 20, "    \
  "\"duration\": 1}}}},"                                                                                       \
  "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1, \"phi0\": 0, \"w0\": 0}},"        \
  "{\"id\": \"" clutch "\", \"kind\": \"rotational.clutch\", \"params\": {\"mue_pos\": [[0, 0.5]], "           \
  "\"fn_max\": 20, \"f_normalized\": 1}},"                                                                     \
  "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1, \"phi0\": 0, \"w0\": 0}},"        \
  "{\"id\": \"" brake "\", \"kind\": \"rotational.brake\", \"params\": {\"mue_pos\": [[0, 0.5]], "             \
  "\"fn_max\": 22, \"f_normalized\": 1}}],"                                                                    \
  "\"connections\": [{\"from\": \"drive.flange\", \"to\": \"J1.flange_a\"},"                                 \
  "{\"from\": \"J1.flange_b\", \"to\": \"" clutch ".flange_a\"}, {\"from\": \"" clutch ".flange_b\", "         \
  "\"to\": \"J2.flange_a\"}, {\"from\": \"J2.flange_b\", \"to\": \"" brake ".flange_a\"}],"                    \
  "\"simulation\": {\"stop_time\": 1, \"output_interval\": 0.01, \"tolerance\": 1e-10}}"

static void
check_series (const char *text, const char *clutch, const char *brake)
{
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0, 0);
  g_autofree char *clutch_mode = g_strdup_printf ("%s.mode", clutch);
  g_autofree char *brake_mode = g_strdup_printf ("%s.mode", brake);
  g_autofree char *brake_tau = g_strdup_printf ("%s.tau", brake);
  const double *t = sw_trajectory_get_times (tr), *w1 = sw_test_column (tr, "J1.w");
  const double *w2 = sw_test_column (tr, "J2.w"), *mc = sw_test_column (tr, clutch_mode);
  const double *mb = sw_test_column (tr, brake_mode), *tau = sw_test_column (tr, brake_tau);
  guint n = sw_trajectory_get_n_rows (tr);

  for (guint r = 0; r < n; r++)
    {
      g_assert_cmpfloat (mb[r], ==, 0);
      g_assert_cmpfloat (w2[r], ==, 0);
      g_assert_cmpfloat_with_epsilon (w1[r], t[r] > 0.5 ? 10 * (t[r] - 0.5) * (t[r] - 0.5) : 0, 1e-8);
      if (t[r] > 0.5 + 1e-9)
        {
          g_assert_cmpfloat (mc[r], ==, -1);
          g_assert_cmpfloat_with_epsilon (fabs (tau[r]), 10, 1e-9);
        }
    }
}

static void
test_series_decided_together (void)
{
  check_series (SERIES_MODEL ("clutch", "brake"), "clutch", "brake");
  check_series (SERIES_MODEL ("b_clutch", "a_brake"), "b_clutch", "a_brake");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();

  g_test_add_func ("/core/friction/coupled-clutches/momentum", test_momentum);
  g_test_add_func ("/core/friction/coupled-clutches/energy", test_energy);
  g_test_add_func ("/core/friction/coupled-clutches/stuck-and-events", test_stuck_and_events);
  g_test_add_func ("/core/friction/support-friction", test_support_friction);
  g_test_add_func ("/core/friction/friction-example-energy", test_friction_energy);
  g_test_add_func ("/core/friction/modes-in-active-mode", test_modes_in_active_mode);
  g_test_add_func ("/core/friction/one-way-clutch", test_one_way_clutch);
  g_test_add_func ("/core/friction/parallel-brakes", test_parallel_brakes);
  g_test_add_func ("/core/friction/stop-mass-cases", test_stop_mass_cases);
  g_test_add_func ("/core/friction/modes-at-stuck-instant", test_modes_at_stuck_instant);
  g_test_add_func ("/core/contact/elasto-gap", test_elasto_gap);
  g_test_add_func ("/core/contact/elasto-gap-example", test_elasto_gap_example);
  g_test_add_func ("/core/contact/preload-example", test_preload_example);
  g_test_add_func ("/core/contact/disc", test_disc);
  g_test_add_func ("/core/laws/energy-balance", test_energy_balance);
  g_test_add_func ("/core/events/log", test_event_log);
  g_test_add_func ("/core/friction/brake-engaged-later", test_brake_engaged_later);
  g_test_add_func ("/core/friction/series-decided-together", test_series_decided_together);

  return g_test_run ();
}
