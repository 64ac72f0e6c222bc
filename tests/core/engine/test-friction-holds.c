/* test-friction-holds.c: stuck friction parts whose torques are not
 * unique (in parallel, around a ring) held while some share of the torque
 * keeps every one within its limits. Each case was refused as chatter by
 * test-friction-random: the joint decision found the parts held, the run's
 * share put one past its limit, it broke away and the decision held it
 * again at once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-test-run.h"

/* Two one-way clutches back to back between two bodies: each freewheel
 * holds any torque one way, so together they lock both ways whatever
 * their clutches' limits (0.55 and 0.9 N.m against a load of 10 N.m).
 * They were one friction group, whose torque the run split in proportion
 * to the clutches' static limits: both reached their limits at once while
 * the decision (one-way: no backward limit) held them, and the run
 * chattered at 31.6 ms. The bodies turn as one, so (J0 + J1) w is the
 * torque's impulse, and each clutch's torque stays below its forward
 * limit. */
static void
test_back_to_back_freewheels (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"back-to-back\", \"components\": [\n"
    "{\"id\": \"tau\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"sine\": {\"amplitude\": 10, \"f\": 2}}}},\n"
    "{\"id\": \"J0\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5, \"phi0\": 0, \"w0\": 0}},\n"
    "{\"id\": \"W1\", \"kind\": \"rotational.one_way_clutch\", \"params\": {\"fn_max\": 2, \"peak\": 1.1, \"f_normalized\": 1}},\n"
    "{\"id\": \"W2\", \"kind\": \"rotational.one_way_clutch\", \"params\": {\"fn_max\": 3, \"peak\": 1.2, \"f_normalized\": 1}},\n"
    "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1.5, \"phi0\": 0, \"w0\": 0}}],\n"
    "\"connections\": [{\"from\": \"tau.flange\", \"to\": \"J0.flange_a\"},\n"
    "{\"from\": \"J0.flange_b\", \"to\": \"W1.flange_a\"}, {\"from\": \"W1.flange_b\", \"to\": \"J1.flange_a\"},\n"
    "{\"from\": \"J1.flange_a\", \"to\": \"W2.flange_a\"}, {\"from\": \"W2.flange_b\", \"to\": \"J0.flange_b\"}]}\n";
  g_autoptr (SwTrajectory) tr = sw_test_run_text_until (text, 1, 0.001, FALSE);
  const double *t = sw_trajectory_get_times (tr), *w0 = sw_test_column (tr, "J0.w"), *w1 = sw_test_column (tr, "J1.w");
  const double *m1 = sw_test_column (tr, "W1.mode"), *m2 = sw_test_column (tr, "W2.mode");
  const double *tau1 = sw_test_column (tr, "W1.tau"), *tau2 = sw_test_column (tr, "W2.tau");
  /* Forward limits: peak mue fn_max (mue 0.5). */
  double limit1 = 1.1 * 0.5 * 2, limit2 = 1.2 * 0.5 * 3, peak = 10 / (2 * G_PI * 2);

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double impulse = 10 * (1 - cos (2 * G_PI * 2 * t[r])) / (2 * G_PI * 2);

      g_assert_cmpfloat (m1[r], ==, 0);
      g_assert_cmpfloat (m2[r], ==, 0);
      g_assert_cmpfloat_with_epsilon (w0[r], w1[r], 1e-12 * peak);
      g_assert_cmpfloat_with_epsilon ((0.5 + 1.5) * w0[r], impulse, 1e-6 * peak);
      g_assert_cmpfloat (tau1[r], <=, limit1 * (1 + 1e-9));
      g_assert_cmpfloat (tau2[r], <=, limit2 * (1 + 1e-9));
    }
}

typedef struct {
  const char *body;
  double J;
  const char *ports[4];
} Body;

/* Row r: each body's torque balance J a = the torques the parts at its
 * flanges exert on it (minus their cut torques), to round-off. */
static void
assert_balances (SwTrajectory *tr, guint r, const Body *bodies, guint n_bodies)
{
  for (guint b = 0; b < n_bodies; b++)
    {
      g_autofree char *a_name = g_strdup_printf ("%s.a", bodies[b].body);
      double sum = bodies[b].J * sw_test_column (tr, a_name)[r], scale = fabs (sum);

      for (guint q = 0; q < 4 && bodies[b].ports[q] != NULL; q++)
        {
          double v = sw_test_column (tr, bodies[b].ports[q])[r];

          sum += v;
          scale += fabs (v);
        }
      g_assert_cmpfloat (fabs (sum), <=, 1e-9 * (1 + scale));
    }
}

/* Whether row r is one of an event's two rows (the instant the modes
 * change). */
static gboolean
event_row (SwTrajectory *tr, guint r)
{
  const double *t = sw_trajectory_get_times (tr);

  return (r > 0 && t[r - 1] == t[r]) || (r + 1 < sw_trajectory_get_n_rows (tr) && t[r + 1] == t[r]);
}

/* A normal force {"ramp": {height, duration, startTime}} at t. */
static double
ramp (double height, double duration, double start, double t)
{
  return height * CLAMP ((t - start) / duration, 0, 1);
}

/* test-friction-random's trial 2: a ring of four bodies coupled by two
 * clutches and two one-way clutches, on bearings and a brake. All four
 * couplings stuck, the ring turns as one and its circulating torque is
 * not unique. The share of least norm ran the one-way clutch L1 past its
 * limit; holding L1 at its limit (the first found past it) left L0 0.8
 * N.m past its own, where a circulating torque 0.8 N.m smaller held both:
 * the decision held them, the run broke L0 away, and the modes chattered
 * at 0.19 s. Now the share is the least norm within every limit. Checked
 * at every row: each body's torque balance J a = the torques the parts
 * at its flanges exert (so the share moved only a circulating torque),
 * and each stuck coupling within its static limit, peak mue fn_max
 * f_normalized(t) (mue 0.5; 1e-4 mue fn_max for a released one-way
 * clutch, Modelica's). */
static void
test_ring_within_limits (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"ring\", \"components\": [\n"
    "{\"id\": \"tau\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"sine\": {\"amplitude\": 65.8888, \"f\": 19.1}}}},\n"
    "{\"id\": \"J0\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.06639, \"phi0\": 0, \"w0\": 0}},\n"
    "{\"id\": \"F0\", \"kind\": \"rotational.bearing_friction\", \"params\": {\"tau_pos\": [[0, 4.758], [10, 7.145]], \"peak\": 1.49}},\n"
    "{\"id\": \"L0\", \"kind\": \"rotational.clutch\", \"params\": {\"fn_max\": 201.1, \"peak\": 1.25, "
    "\"f_normalized\": {\"ramp\": {\"height\": 0.687, \"duration\": 0.402, \"startTime\": 0.14}}}},\n"
    "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.1889, \"phi0\": 0, \"w0\": 0}},\n"
    "{\"id\": \"F1\", \"kind\": \"rotational.bearing_friction\", \"params\": {\"tau_pos\": [[0, 4.832], [10, 1.159]], \"peak\": 1.56}},\n"
    "{\"id\": \"L1\", \"kind\": \"rotational.one_way_clutch\", \"params\": {\"fn_max\": 99.28, \"peak\": 1.38, "
    "\"f_normalized\": {\"ramp\": {\"height\": 0.895, \"duration\": 0.358, \"startTime\": 0.158}}}},\n"
    "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.926, \"phi0\": 0, \"w0\": 0}},\n"
    "{\"id\": \"F2\", \"kind\": \"rotational.bearing_friction\", \"params\": {\"tau_pos\": [[0, 4.07], [10, 2.066]], \"peak\": 1.34}},\n"
    "{\"id\": \"L2\", \"kind\": \"rotational.clutch\", \"params\": {\"fn_max\": 244.7, \"peak\": 1.05, "
    "\"f_normalized\": {\"sine\": {\"amplitude\": 0.5, \"offset\": 0.5, \"f\": 14.4, \"phase\": 0.888}}}},\n"
    "{\"id\": \"J3\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.6184, \"phi0\": 0, \"w0\": 0}},\n"
    "{\"id\": \"B3\", \"kind\": \"rotational.brake\", \"params\": {\"fn_max\": 51.99, \"peak\": 1.21, \"f_normalized\": 1}},\n"
    "{\"id\": \"L3\", \"kind\": \"rotational.one_way_clutch\", \"params\": {\"fn_max\": 295.3, \"peak\": 1.34, "
    "\"f_normalized\": {\"sine\": {\"amplitude\": 0.5, \"offset\": 0.5, \"f\": 13, \"phase\": 1.23}}}}],\n"
    "\"connections\": [\n"
    "{\"from\": \"tau.flange\", \"to\": \"J0.flange_a\"}, {\"from\": \"J0.flange_a\", \"to\": \"F0.flange_a\"},\n"
    "{\"from\": \"J0.flange_b\", \"to\": \"L0.flange_a\"}, {\"from\": \"L0.flange_b\", \"to\": \"J1.flange_b\"},\n"
    "{\"from\": \"J1.flange_a\", \"to\": \"F1.flange_a\"}, {\"from\": \"J1.flange_b\", \"to\": \"L1.flange_a\"},\n"
    "{\"from\": \"L1.flange_b\", \"to\": \"J2.flange_b\"}, {\"from\": \"J2.flange_a\", \"to\": \"F2.flange_a\"},\n"
    "{\"from\": \"J2.flange_b\", \"to\": \"L2.flange_a\"}, {\"from\": \"L2.flange_b\", \"to\": \"J3.flange_b\"},\n"
    "{\"from\": \"J3.flange_a\", \"to\": \"B3.flange_a\"}, {\"from\": \"J3.flange_b\", \"to\": \"L3.flange_a\"},\n"
    "{\"from\": \"L3.flange_b\", \"to\": \"J0.flange_b\"}]}\n";
  /* Per body: its inertia and the parts' ports at its flanges. */
  static const Body bodies[] = {
    { "J0", 0.06639, { "tau.flange.tau", "F0.flange_a.tau", "L0.flange_a.tau", "L3.flange_b.tau" } },
    { "J1", 0.1889, { "F1.flange_a.tau", "L0.flange_b.tau", "L1.flange_a.tau", NULL } },
    { "J2", 0.926, { "F2.flange_a.tau", "L1.flange_b.tau", "L2.flange_a.tau", NULL } },
    { "J3", 0.6184, { "B3.flange_a.tau", "L2.flange_b.tau", "L3.flange_a.tau", NULL } },
  };
  g_autoptr (SwTrajectory) tr = sw_test_run_text_until (text, 0.5, 0.001, TRUE);
  const double *t = sw_trajectory_get_times (tr);
  const double *mode[4], *tau[4];
  guint ring_stuck = 0;

  for (guint k = 0; k < 4; k++)
    {
      g_autofree char *m = g_strdup_printf ("L%u.mode", k), *c = g_strdup_printf ("L%u.tau", k);

      mode[k] = sw_test_column (tr, m);
      tau[k] = sw_test_column (tr, c);
    }
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double limit[4] = {
        1.25 * 0.5 * 201.1 * ramp (0.687, 0.402, 0.14, t[r]),
        1.38 * 0.5 * 99.28 * ramp (0.895, 0.358, 0.158, t[r]),
        1.05 * 0.5 * 244.7 * (0.5 + 0.5 * sin (2 * G_PI * 14.4 * t[r] + 0.888)),
        1.34 * 0.5 * 295.3 * (0.5 + 0.5 * sin (2 * G_PI * 13 * t[r] + 1.23)),
      };

      /* A one-way clutch released: its freewheel's 1e-4 mue fn_max. */
      if (limit[1] == 0)
        limit[1] = 1e-4 * 0.5 * 99.28;
      gboolean all = TRUE;

      assert_balances (tr, r, bodies, G_N_ELEMENTS (bodies));
      if (event_row (tr, r))
        continue;
      for (guint k = 0; k < 4; k++)
        {
          all = all && mode[k][r] == 0;
          if (mode[k][r] != 0)
            continue;
          /* One-way (L1, L3): no backward limit. */
          g_assert_cmpfloat (tau[k][r], <=, limit[k] * (1 + 1e-9) + 1e-12);
          if (k % 2 == 0)
            g_assert_cmpfloat (tau[k][r], >=, -limit[k] * (1 + 1e-9) - 1e-12);
        }
      ring_stuck += all;
    }
  /* The case itself: the whole ring held, near the old chatter too. */
  g_assert_cmpuint (ring_stuck, >, 100);
}

/* Whether a stuck lossy gear's tauLoss lies within Modelica's bounds at
 * its flange_a.tau (LossyGear at w = 0: tauLossMin_m <= tauLoss <=
 * tauLossMax_p), from its lossTable row [0, eta1, eta2, bf1, bf2]. */
static void
assert_lossy_held (double eta1, double eta2, double bf1, double bf2, double tau_a, double loss)
{
  double bf_a = (bf1 - bf2) / (eta1 - 1 / eta2);
  double max_p = tau_a - bf_a > 0 ? (1 - eta1) * tau_a + bf1 : (1 - 1 / eta2) * tau_a + bf2;
  double min_m = tau_a + bf_a > 0 ? (1 - 1 / eta2) * tau_a - bf2 : (1 - eta1) * tau_a - bf1;
  double tol = 1e-9 * (fabs (tau_a) + bf1 + bf2);

  g_assert_cmpfloat (loss, <=, max_p + tol);
  g_assert_cmpfloat (loss, >=, min_m - tol);
}

/* A brake beside a lossy gear on one shaft, and a second lossy gear
 * behind (a random model of test-friction-random, seed 6, refused
 * before). Stuck, a lossy gear holds while its tauLoss lies between
 * Modelica's tauLossMin_m and tauLossMax_p at its flange_a.tau; each is
 * the larger (smaller) of two lines in flange_a.tau, the power-flow
 * quadrants, which meet at the bearing friction tau_bf_a. The brake's and
 * the gear's shares, linearised where the least norm lay, stayed on one
 * line, found no share within the limits and left the brake past its
 * own, which the decision held again: the modes chattered at 30.5 ms.
 * Now each choice of lines is tried. Checked at every row: each body's
 * torque balance, and while stuck each gear's tauLoss within Modelica's
 * bounds, computed here from its lossTable, and the brake within peak mue
 * fn_max f_normalized(t) (mue 0.5). */
static void
test_brake_beside_lossy_gear (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"brake-gears\", \"components\": [\n"
    "{\"id\": \"tau\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"sine\": {\"amplitude\": 76.3715, \"f\": 19.3}}}},\n"
    "{\"id\": \"J0\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1.488, \"phi0\": 0, \"w0\": 0}},\n"
    "{\"id\": \"B0\", \"kind\": \"rotational.brake\", \"params\": {\"fn_max\": 71.64, \"peak\": 1.1, "
    "\"f_normalized\": {\"sine\": {\"amplitude\": 0.5, \"offset\": 0.5, \"f\": 11.4, \"phase\": -0.364}}}},\n"
    "{\"id\": \"L0\", \"kind\": \"rotational.lossy_gear\", \"params\": {\"ratio\": -0.304, \"lossTable\": [[0, 0.34, 0.323, 0.0403, 1.34]]}},\n"
    "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1.411, \"phi0\": 0, \"w0\": 0}},\n"
    "{\"id\": \"L1\", \"kind\": \"rotational.lossy_gear\", \"params\": {\"ratio\": -2.81, \"lossTable\": [[0, 0.932, 0.663, 0.486, 1.33]]}},\n"
    "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1.434, \"phi0\": 0, \"w0\": 0}}],\n"
    "\"connections\": [\n"
    "{\"from\": \"tau.flange\", \"to\": \"J0.flange_a\"}, {\"from\": \"J0.flange_a\", \"to\": \"B0.flange_a\"},\n"
    "{\"from\": \"J0.flange_b\", \"to\": \"L0.flange_a\"}, {\"from\": \"L0.flange_b\", \"to\": \"J1.flange_b\"},\n"
    "{\"from\": \"J1.flange_b\", \"to\": \"L1.flange_a\"}, {\"from\": \"L1.flange_b\", \"to\": \"J2.flange_b\"}]}\n";
  static const Body bodies[] = {
    { "J0", 1.488, { "tau.flange.tau", "B0.flange_a.tau", "L0.flange_a.tau", NULL } },
    { "J1", 1.411, { "L0.flange_b.tau", "L1.flange_a.tau", NULL } },
    { "J2", 1.434, { "L1.flange_b.tau", NULL } },
  };
  g_autoptr (SwTrajectory) tr = sw_test_run_text_until (text, 0.5, 0.001, TRUE);
  const double *t = sw_trajectory_get_times (tr), *brake_mode = sw_test_column (tr, "B0.mode"), *brake = sw_test_column (tr, "B0.tau");
  const double *mode0 = sw_test_column (tr, "L0.mode"), *loss0 = sw_test_column (tr, "L0.tauLoss"), *tau0 = sw_test_column (tr, "L0.flange_a.tau");
  const double *mode1 = sw_test_column (tr, "L1.mode"), *loss1 = sw_test_column (tr, "L1.tauLoss"), *tau1 = sw_test_column (tr, "L1.flange_a.tau");
  guint both_held = 0;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double limit = 1.1 * 0.5 * 71.64 * (0.5 + 0.5 * sin (2 * G_PI * 11.4 * t[r] - 0.364));

      assert_balances (tr, r, bodies, G_N_ELEMENTS (bodies));
      if (event_row (tr, r))
        continue;
      if (mode0[r] == 0)
        assert_lossy_held (0.34, 0.323, 0.0403, 1.34, tau0[r], loss0[r]);
      if (mode1[r] == 0)
        assert_lossy_held (0.932, 0.663, 0.486, 1.33, tau1[r], loss1[r]);
      if (brake_mode[r] == 0)
        g_assert_cmpfloat (fabs (brake[r]), <=, limit * (1 + 1e-9) + 1e-12);
      both_held += brake_mode[r] == 0 && mode0[r] == 0;
    }
  g_assert_cmpuint (both_held, >, 20);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/friction-holds/back-to-back-freewheels", test_back_to_back_freewheels);
  g_test_add_func ("/core/friction-holds/ring-within-limits", test_ring_within_limits);
  g_test_add_func ("/core/friction-holds/brake-beside-lossy-gear", test_brake_beside_lossy_gear);
  return g_test_run ();
}
