/* test-lossy-gear.c: gears with losses that depend on the power flow
 * (rotational.lossy_gear, rotational.gearbox). LossyGearDemo1 itself is
 * checked against Modelica's reference in test-msl-reference, and the
 * energy balance of both demos in test-friction.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-test-run.h"

/* A sine-driven inertia, a gear of ratio 2 with efficiencies and bearing
 * friction that differ by direction and change with speed, an inertia
 * under a ramped load: the gear written as %s (its id "gear", its output
 * on node "out"). */
#define GEAR_MODEL(gear_and_backlash, output_connections)                                                        \
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["                                         \
  "{\"id\": \"fixed\", \"kind\": \"rotational.fixed\"},"                                                         \
  "{\"id\": \"torque1\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"sine\": {\"amplitude\": 10, " \
  "\"freq_hz\": 1}}}},"                                                                                           \
  "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}},"                                  \
  gear_and_backlash                                                                                               \
  "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1.5, \"phi0\": 0, \"w0\": 0}},"        \
  "{\"id\": \"torque2\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"ramp\": {\"height\": 5, "      \
  "\"duration\": 2, \"offset\": -10}}}}],"                                                                        \
  "\"connections\": [{\"from\": \"torque1.flange\", \"to\": \"J1.flange_a\"},"                                   \
  "{\"from\": \"J1.flange_b\", \"to\": \"gear.flange_a\"}," output_connections                                   \
  "{\"from\": \"torque2.flange\", \"to\": \"J2.flange_b\"}, {\"from\": \"torque1.support\", \"to\": \"fixed.flange\"}," \
  "{\"from\": \"gear.support\", \"to\": \"fixed.flange\"}, {\"from\": \"torque2.support\", \"to\": \"fixed.flange\"}]," \
  "\"simulation\": {\"stop_time\": 1}}"

#define LOSS_TABLE "[[0, 0.5, 0.7, 0.3, 0.2], [1, 0.6, 0.8, 0.4, 0.3]]"

/* A gearbox is a lossy gear whose output drives an elasto-backlash; it
 * keeps the node between them implicit. The same drivetrain built from the
 * two parts (that node explicit, solved through the gear's reaction) gives
 * the same motion and the same events: through forward, backward and
 * stuck phases and the backlash opening and closing. */
static void
test_gearbox_is_lossy_gear_and_backlash (void)
{
  static const char gearbox[] = GEAR_MODEL (
    "{\"id\": \"gear\", \"kind\": \"rotational.gearbox\", \"params\": {\"ratio\": 2, \"lossTable\": " LOSS_TABLE
    ", \"c\": 1e4, \"d\": 10, \"b\": 0.01}},",
    "{\"from\": \"gear.flange_b\", \"to\": \"J2.flange_a\"},");
  static const char parts[] = GEAR_MODEL (
    "{\"id\": \"gear\", \"kind\": \"rotational.lossy_gear\", \"params\": {\"ratio\": 2, \"lossTable\": " LOSS_TABLE
    "}}, {\"id\": \"bl\", \"kind\": \"rotational.elasto_backlash\", \"params\": {\"c\": 1e4, \"d\": 10, \"b\": 0.01}},",
    "{\"from\": \"gear.flange_b\", \"to\": \"bl.flange_a\"}, {\"from\": \"bl.flange_b\", \"to\": \"J2.flange_a\"},");
  g_autoptr (SwTrajectory) a = sw_test_run_text (gearbox, 1e-3, 1e-10);
  g_autoptr (SwTrajectory) b = sw_test_run_text (parts, 1e-3, 1e-10);
  const char *const names[] = { "J1.w", "J2.w", "J2.phi", "gear.tauLoss", "gear.mode" };
  const double *ta = sw_trajectory_get_times (a), *tb = sw_trajectory_get_times (b);
  const double *mode = sw_test_column (a, "gear.mode");
  guint n = sw_trajectory_get_n_rows (a), seen = 0, opened = 0;

  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      const double *x = sw_test_column (a, names[k]), *y = sw_test_column (b, names[k]);
      double scale = 0, worst = 0;
      guint matched = 0;

      /* Row by row at the output times away from events (a sign change of
       * the transmitted torque is an event too; the two may place one of
       * them a row apart). */
      for (guint r = 1, q = 1; r + 1 < n; r++)
        {
          if (ta[r] == ta[r - 1] || ta[r] == ta[r + 1])
            continue;
          while (q + 1 < sw_trajectory_get_n_rows (b) && tb[q] < ta[r])
            q++;
          if (tb[q] != ta[r] || tb[q] == tb[q - 1] || tb[q] == tb[q + 1])
            continue;
          scale = MAX (scale, fabs (y[q]));
          worst = MAX (worst, fabs (x[r] - y[q]));
          matched++;
        }
      g_test_message ("%s: gearbox and parts differ by %.3g of %.3g", names[k], worst, scale);
      g_assert_cmpuint (matched, >, 990);
      g_assert_cmpfloat (worst, <=, 1e-5 * scale);
    }
  /* Every mode and the backlash's play are visited. */
  for (guint r = 0; r < n; r++)
    {
      seen |= 1u << (guint) (mode[r] + 1);
      opened += sw_test_column (a, "gear.contact")[r] == 0;
    }
  g_assert_cmpuint (seen, ==, 7);
  g_assert_cmpuint (opened, >, 0);
}

/* Modelica's LossyGearDemo2 (data/examples/lossy-gear-2.shaft): bearing
 * friction in series with the lossy gear, on the same motion. Stuck
 * together their torque is shared (the digest: not unique); ours lets the
 * bearing carry up to its limit and the gear the rest, so the drivetrain
 * moves only when the torque exceeds both limits together. Checked: the
 * input turns only where the gear rolls, never where it is stuck; the
 * bearing's torque never exceeds its table; no power is made. */
static void
test_demo2 (void)
{
  g_autoptr (SwTrajectory) tr = sw_test_run_example ("lossy-gear-2.shaft", 0, 1e-10);
  const double *t = sw_trajectory_get_times (tr);
  const double *w = sw_test_column (tr, "Inertia1.w"), *mode = sw_test_column (tr, "gear.mode");
  const double *bearing = sw_test_column (tr, "bearingFriction.tau");
  const double *gear_loss = sw_test_column (tr, "gear.lossPower");
  const double *bearing_loss = sw_test_column (tr, "bearingFriction.lossPower");
  guint n = sw_trajectory_get_n_rows (tr), stuck = 0, moving = 0;

  for (guint r = 0; r < n; r++)
    {
      gboolean left = r + 1 < n && t[r + 1] == t[r];

      g_assert_cmpfloat (gear_loss[r], >=, 0);
      g_assert_cmpfloat (bearing_loss[r], >=, 0);
      /* tau_pos = [[0, 0.5], [1, 1]] */
      g_assert_cmpfloat (fabs (bearing[r]), <=, 0.5 + 0.5 * fabs (w[r]) + 1e-9);
      if (left)
        continue;
      if (mode[r] == 0)
        {
          g_assert_cmpfloat (w[r], ==, 0);
          stuck++;
        }
      else if (w[r] != 0)
        moving++;
    }
  g_assert_cmpuint (stuck, >, 100);
  g_assert_cmpuint (moving, >, 100);
}

/* LossyGearDemo3's gear (ratio 1, lossTable [0, 0.25, 0.25, 0.625, 2.5]:
 * tau_bf_a = (0.625 - 2.5) / (0.25 - 4) = 0.5) between a free J1 = 1 and
 * J2 = 2, which a torque %s turns. Driven from flange_b, flange_a.tau = 0
 * < tau_bf_a: flange_b drives, and the gear holds up to tauLossMax_p =
 * tau_bf2 = 2.5 N.m (judged by the sign of flange_a.tau alone it would
 * break loose at tau_bf1 = 0.625 N.m). */
#define DEMO3_MODEL(torque)                                                                                     \
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["                                        \
  "{\"id\": \"fixed\", \"kind\": \"rotational.fixed\"},"                                                        \
  "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1, \"phi0\": 0, \"w0\": 0}},"        \
  "{\"id\": \"gear\", \"kind\": \"rotational.lossy_gear\", \"params\": {\"ratio\": 1, "                      \
  "\"lossTable\": [[0, 0.25, 0.25, 0.625, 2.5]]}},"                                                              \
  "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}},"                                \
  "{\"id\": \"load\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": " torque "}}],"                  \
  "\"connections\": [{\"from\": \"J1.flange_b\", \"to\": \"gear.flange_a\"},"                                  \
  "{\"from\": \"gear.flange_b\", \"to\": \"J2.flange_a\"}, {\"from\": \"load.flange\", \"to\": \"J2.flange_b\"}," \
  "{\"from\": \"gear.support\", \"to\": \"fixed.flange\"}, {\"from\": \"load.support\", \"to\": \"fixed.flange\"}]," \
  "\"simulation\": {\"stop_time\": 1, \"output_interval\": 0.01}}"

/* A load of 0.65 N.m (above tau_bf1, below tau_bf2): the gear holds it,
 * nothing turns and nothing switches. */
static void
test_break_away_holds (void)
{
  g_autoptr (SwTrajectory) tr = sw_test_run_text (DEMO3_MODEL ("{\"step\": {\"height\": 0.65, \"start_time\": 0.1}}"),
                                                  0, 1e-8);
  const double *w = sw_test_column (tr, "J2.w"), *mode = sw_test_column (tr, "gear.mode");
  const double *loss = sw_test_column (tr, "gear.tauLoss");
  guint n = sw_trajectory_get_n_rows (tr);

  for (guint r = 0; r < n; r++)
    {
      g_assert_cmpfloat (w[r], ==, 0);
      g_assert_cmpfloat (mode[r], ==, 0);
    }
  /* The lock carries the load. */
  g_assert_cmpfloat_with_epsilon (loss[n - 1], 0.65, 1e-12);
}

/* A load ramped 0 ... 5 N.m over 1 s: stuck until it passes 2.5 N.m at t =
 * 0.5 s; rolling forward, flange_a.tau = -J1 a < tau_bf_a, so tauLoss =
 * quadrant2 = (1 - 1/0.25) flange_a.tau + 2.5 and (J2 + 4 J1) a = 5 t -
 * 2.5: w = 2.5 (t - 0.5)^2 / 6. */
static void
test_break_away_at_tau_bf2 (void)
{
  g_autoptr (SwTrajectory) tr = sw_test_run_text (
    DEMO3_MODEL ("{\"ramp\": {\"height\": 5, \"duration\": 1}}"), 0, 1e-10);
  const double *t = sw_trajectory_get_times (tr), *w = sw_test_column (tr, "J2.w");
  const double *w1 = sw_test_column (tr, "J1.w"), *mode = sw_test_column (tr, "gear.mode");
  guint n = sw_trajectory_get_n_rows (tr);
  double t_roll = -1;

  for (guint r = 0; r < n; r++)
    {
      double exact = t[r] > 0.5 ? 2.5 * (t[r] - 0.5) * (t[r] - 0.5) / 6 : 0;

      if (mode[r] == 1 && t_roll < 0)
        t_roll = t[r];
      g_assert_cmpfloat_with_epsilon (w[r], exact, 1e-9);
      g_assert_cmpfloat_with_epsilon (w1[r], w[r], 1e-12);
    }
  g_assert_cmpfloat_with_epsilon (t_roll, 0.5, 1e-9);
}

/* Modelica's LossyGearDemo3 (data/examples/lossy-gear-3.shaft), where the
 * driving side is not obvious: slowing down from 10 rad/s, flange_a.tau =
 * tau_bf_a = 0.5, so tau_eta = 0 and both quadrants give a = -2.5 / (J2 +
 * 4 J1) = -0.625 / (J2 + J1 / 4) = -500 rad/s^2: w = 10 - 500 t, stuck at
 * 0.02 s; the 1 N.m step at 0.5 s on flange_b's side stays below its 2.5
 * N.m break-away and is held. */
static void
test_demo3 (void)
{
  g_autoptr (SwTrajectory) tr = sw_test_run_example ("lossy-gear-3.shaft", 0, 1e-8);
  const double *t = sw_trajectory_get_times (tr);
  const double *w1 = sw_test_column (tr, "Inertia1.w"), *w2 = sw_test_column (tr, "Inertia2.w");
  const double *mode = sw_test_column (tr, "gear.mode"), *loss = sw_test_column (tr, "gear.tauLoss");
  guint n = sw_trajectory_get_n_rows (tr);

  for (guint r = 0; r < n; r++)
    {
      g_assert_cmpfloat_with_epsilon (w1[r], MAX (10 - 500 * t[r], 0), 1e-8);
      g_assert_cmpfloat_with_epsilon (w2[r], w1[r], 1e-12);
      if (t[r] > 0.021)
        g_assert_cmpfloat (mode[r], ==, 0);
    }
  g_assert_cmpfloat_with_epsilon (loss[n - 1], 1, 1e-12);
}

/* The modes of sys at t, from the state a run reaches there. */
static SwModes *
modes_at (SwSystem *sys, double t, GError **error)
{
  SwSimulateOptions o = sw_simulate_options_from_system (sys);
  g_autofree double *state = NULL;

  o.stop_time_s = t;
  o.tolerance = 1e-8;
  state = sw_simulate_final_state (sys, &o, error);
  g_assert_no_error (*error);
  return sw_modes_compute (sys, t, state, error);
}

/* Modal analysis: rolling with losses the equations are not symmetric
 * (test-modal-friction checks them against closed forms): the note names
 * the gear, and the undamped modes are those of the ideal gear, a rigid
 * one and J1 (1) through the ratio 2 against J2 (1.5) on the output's
 * spring, omega^2 = c (1 / (4 J1) + 1 / J2); stuck, the gear is locked to
 * its housing: with the gearbox's output spring, J2 on c = 1e4 alone. */
static void
test_modes (void)
{
  static const char text[] = GEAR_MODEL (
    "{\"id\": \"gear\", \"kind\": \"rotational.gearbox\", \"params\": {\"ratio\": 2, \"lossTable\": " LOSS_TABLE
    ", \"c\": 1e4, \"d\": 0, \"b\": 0}},",
    "{\"from\": \"gear.flange_b\", \"to\": \"J2.flange_a\"},");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "gearbox.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwModes) rolling = NULL, stuck = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  const double *t, *mode;
  double t_stuck = -1, t_rolling = -1;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  tr = sw_test_run_model (model, 1e-3, 1e-8);
  t = sw_trajectory_get_times (tr);
  mode = sw_test_column (tr, "gear.mode");
  /* Instants well inside a stuck and a rolling phase. */
  for (guint r = 5; r + 5 < sw_trajectory_get_n_rows (tr); r++)
    {
      gboolean steady = TRUE;

      for (guint k = r - 5; k <= r + 5; k++)
        steady = steady && mode[k] == mode[r];
      if (steady && mode[r] == 0 && t_stuck < 0)
        t_stuck = t[r];
      if (steady && mode[r] != 0 && t_rolling < 0)
        t_rolling = t[r];
    }
  g_assert_cmpfloat (t_stuck, >, 0);
  g_assert_cmpfloat (t_rolling, >, 0);

  rolling = modes_at (sys, t_rolling, &error);
  g_assert_no_error (error);
  g_assert_nonnull (sw_modes_get_note (rolling));
  g_assert_nonnull (strstr (sw_modes_get_note (rolling), "“gear”"));
  g_assert_cmpuint (sw_modes_get_n_modes (rolling), ==, 2);
  g_assert_true (sw_modes_get_mode (rolling, 0)->rigid_body);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (rolling, 1)->omega_rad_s, sqrt (1e4 * (0.25 + 1 / 1.5)), 1e-6);
  g_assert_true (sw_modes_get_mode (rolling, 1)->has_damped);
  stuck = modes_at (sys, t_stuck, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_modes_get_n_modes (stuck), ==, 1);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (stuck, 0)->omega_rad_s, sqrt (1e4 / 1.5), 1e-6);
}

/* A stuck lossy gear (ratio 2, no loss but 1 N.m of bearing friction),
 * the clutch behind it and a brake on the clutch's far shaft: three locks
 * in series to the ground, one of them redundant (the MSL's HeatLosses
 * has this line). The brake's and clutch's normal forces rise as
 * sin (0.4 pi t), the torque on the gear's input as 200 t. The line holds
 * until the input exceeds the bearing friction and what the brake holds,
 * reflected through the gear: 200 t = 1 + 0.5 sin (0.4 pi t) (the brake
 * holds mue fn_max sin = sin (0.4 pi t) on the output, half of it at the
 * input). Before, the reactions put the whole torque on one lock and the
 * run ended as chattering at 3e-10 s; with efficiencies at 0.00625 s. */
typedef struct {
  double t_gear;
  guint  n_changes;
} ModeChanges;

static void
on_mode_change (double t, const char *id, int old_mode, int new_mode, gpointer data)
{
  ModeChanges *m = data;

  m->n_changes++;
  if (g_str_equal (id, "gear") && t > 0 && m->t_gear < 0)
    m->t_gear = t;
}

static void
test_locks_in_series (void)
{
  static const char *const tables[] = { "[[0, 1, 1, 1, 1]]", "[[0, 0.8, 0.8, 1, 1], [1, 0.7, 0.7, 2, 2]]" };

  for (guint k = 0; k < G_N_ELEMENTS (tables); k++)
    {
      g_autofree char *text = g_strdup_printf (
        "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
        "{\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"ramp\": {\"height\": 20, \"duration\": 0.1}}}},"
        "{\"id\": \"J4\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2, \"phi0\": 0, \"w0\": 0}},"
        "{\"id\": \"gear\", \"kind\": \"rotational.lossy_gear\", \"params\": {\"ratio\": 2, \"lossTable\": %s}},"
        "{\"id\": \"clutch\", \"kind\": \"rotational.clutch\", \"params\": {\"fn_max\": 10, "
        "\"f_normalized\": {\"sine\": {\"amplitude\": 1, \"f\": 0.2}}, \"phi_rel_start\": 0, \"w_rel_start\": 0}},"
        "{\"id\": \"J5\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}},"
        "{\"id\": \"brake\", \"kind\": \"rotational.brake\", \"params\": {\"fn_max\": 2, "
        "\"f_normalized\": {\"sine\": {\"amplitude\": 1, \"f\": 0.2}}}}],"
        "\"connections\": [{\"from\": \"torque.flange\", \"to\": \"J4.flange_a\"}, {\"from\": \"J4.flange_b\", \"to\": \"gear.flange_a\"},"
        "{\"from\": \"gear.flange_b\", \"to\": \"clutch.flange_a\"}, {\"from\": \"clutch.flange_b\", \"to\": \"J5.flange_a\"},"
        "{\"from\": \"J5.flange_b\", \"to\": \"brake.flange_a\"}], \"simulation\": {\"stop_time\": 0.1, \"output_interval\": 1e-3}}",
        tables[k]);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "locks.shaft", &error);
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (SwTrajectory) tr = NULL;
      SwSimulateOptions o;
      ModeChanges m = { -1, 0 };
      const double *t, *w4, *w5;
      double lo = 1e-4, hi = 0.05;

      g_assert_no_error (error);
      sys = sw_model_assemble (model, &error);
      g_assert_no_error (error);
      o = sw_simulate_options_from_system (sys);
      o.tolerance = 1e-8;
      o.on_mode_change = on_mode_change;
      o.on_mode_change_data = &m;
      tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpfloat (sw_trajectory_get_times (tr)[sw_trajectory_get_n_rows (tr) - 1], ==, 0.1);
      g_assert_cmpuint (m.n_changes, <, 20);
      /* The input's break-away torque: bearing / efficiency (1, then 1 /
       * 0.8 at speed 0) plus the brake's share reflected, sin / 2 or
       * 0.8 sin / 2 (the output drives the input back through it). */
      for (int it = 0; it < 200; it++)
        {
          double mid = 0.5 * (lo + hi), eta = k == 0 ? 1 : 0.8;
          double f = 200 * mid - (1 / eta + 0.5 * sin (0.4 * G_PI * mid) / eta);

          if (f > 0)
            hi = mid;
          else
            lo = mid;
        }
      g_assert_cmpfloat_with_epsilon (m.t_gear, lo, 1e-8);
      /* Nothing turns before. */
      t = sw_trajectory_get_times (tr);
      w4 = sw_test_column (tr, "J4.w");
      w5 = sw_test_column (tr, "J5.w");
      for (guint r = 0; r < sw_trajectory_get_n_rows (tr) && t[r] < lo; r++)
        {
          g_assert_cmpfloat (w4[r], ==, 0);
          g_assert_cmpfloat (w5[r], ==, 0);
        }
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();

  g_test_add_func ("/core/lossy-gear/gearbox-is-lossy-gear-and-backlash", test_gearbox_is_lossy_gear_and_backlash);
  g_test_add_func ("/core/lossy-gear/demo2", test_demo2);
  g_test_add_func ("/core/lossy-gear/modes", test_modes);
  g_test_add_func ("/core/lossy-gear/demo3", test_demo3);
  g_test_add_func ("/core/lossy-gear/break-away/holds", test_break_away_holds);
  g_test_add_func ("/core/lossy-gear/break-away/at-tau-bf2", test_break_away_at_tau_bf2);
  g_test_add_func ("/core/lossy-gear/locks-in-series", test_locks_in_series);

  return g_test_run ();
}
