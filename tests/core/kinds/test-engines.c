/* test-engines.c: Twin Builder's engines and loads and its gearbox with
 * losses (rotational.fan, rotational.engine_speed, rotational.engine,
 * rotational.gear_loss) against closed forms.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-campbell.h"
#include "sw-frf.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-test-run.h"

/* The fan example (data/examples/fan-rundown.shaft, digest §5.3): J = 1,
 * 400 rpm, cf = 0.01, windage = 0.025. J w' = -(cf w + windage w^2) has
 * w(t) = a w0 e^-at / (a + b w0 (1 - e^-at)), a = cf / J, b = windage / J;
 * the digest's table at 1, 2, 5, 10, 20, 50 and 100 s. */
static void
test_fan_rundown (void)
{
  static const double table[][4] = {
    { 0, 41.887902, 400.0000, 44.283787 }, { 1, 20.309274, 193.9393, 10.514758 },
    { 2, 13.358472, 127.5640, 4.594804 },  { 5, 6.524222, 62.3017, 1.129379 },
    { 10, 3.456484, 33.0070, 0.333247 },   { 20, 1.716250, 16.3890, 0.090800 },
    { 50, 0.601988, 5.7486, 0.015080 },    { 100, 0.229326, 2.1899, 0.003608 },
  };
  g_autoptr (SwTrajectory) tr = sw_test_run_example ("fan-rundown.shaft", 0, 1e-10);
  const double *t = sw_trajectory_get_times (tr), *w = sw_test_column (tr, "FAN1.OMEGA");
  const double *n = sw_test_column (tr, "FAN1.n"), *tau = sw_test_column (tr, "FAN1.TORQUE");
  const double *loss = sw_test_column (tr, "FAN1.lossPower");
  double a = 0.01, b = 0.025, w0 = 400 * 2 * G_PI / 60;
  guint k = 0;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double e = exp (-a * t[r]), exact = a * w0 * e / (a + b * w0 * (1 - e));

      g_assert_cmpfloat (fabs (w[r] - exact), <=, 1e-8 * w0);
      g_assert_cmpfloat_with_epsilon (loss[r], tau[r] * w[r], 1e-12 * (1 + loss[r]));
      if (k < G_N_ELEMENTS (table) && t[r] == table[k][0])
        {
          g_assert_cmpfloat_with_epsilon (w[r], table[k][1], 1e-6);
          g_assert_cmpfloat_with_epsilon (n[r], table[k][2], 1e-4);
          g_assert_cmpfloat_with_epsilon (tau[r], table[k][3], 1e-6);
          k++;
        }
    }
  g_assert_cmpuint (k, ==, G_N_ELEMENTS (table));
}

/* An engine speed source at 1500 rpm spins an inertia on a fan: the shaft
 * turns at 1500 rpm exactly and the engine's torque is the fan's (no
 * acceleration); its power is the fan's loss. */
static void
test_engine_speed (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"engine\", \"kind\": \"rotational.engine_speed\", \"params\": {\"n\": 1500}},"
    "{\"id\": \"flywheel\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.3}},"
    "{\"id\": \"fan\", \"kind\": \"rotational.fan\", \"params\": {\"cf\": 0.02, \"windage\": 0.001}}],"
    "\"connections\": [{\"from\": \"engine.rot\", \"to\": \"flywheel.flange_a\"},"
    "{\"from\": \"flywheel.flange_b\", \"to\": \"fan.rot1\"}], \"simulation\": {\"stop_time\": 1}}";
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0.1, 0);
  const double *torque = sw_test_column (tr, "engine.torque"), *n = sw_test_column (tr, "engine.n");
  const double *power = sw_test_column (tr, "engine.power"), *loss = sw_test_column (tr, "fan.lossPower");
  double w = 1500 * 2 * G_PI / 60;

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      g_assert_cmpfloat_with_epsilon (n[r], 1500, 1e-9);
      g_assert_cmpfloat_with_epsilon (torque[r], 0.02 * w + 0.001 * w * w, 1e-9);
      g_assert_cmpfloat_with_epsilon (power[r], loss[r], 1e-9);
    }
}

/* A torque T on J1 through a gearbox with losses (ratio r, efficiency eta)
 * to J2 on a damper d, from rest: the power flows from shaft 1, torque2 =
 * -torque1 r eta, so (J2 + r^2 eta J1) w2' = r eta T - d w2. Then T
 * reverses: the gear rolls on forward (J2 now drives), stops and rolls
 * backward; no power is made. */
static void
test_gear_loss (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"T\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"step\": {\"height\": -20, "
    "\"offset\": 10, \"start_time\": 1}}}},"
    "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"gear\", \"kind\": \"rotational.gear_loss\", \"params\": {\"ratio\": 3, \"eta\": 0.8}},"
    "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 4}},"
    "{\"id\": \"load\", \"kind\": \"rotational.damper\", \"params\": {\"d\": 2}},"
    "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"}],"
    "\"connections\": [{\"from\": \"T.flange\", \"to\": \"J1.flange_a\"}, {\"from\": \"J1.flange_b\", \"to\": "
    "\"gear.rot1\"}, {\"from\": \"gear.rot2\", \"to\": \"J2.flange_a\"}, {\"from\": \"J2.flange_b\", \"to\": "
    "\"load.flange_a\"}, {\"from\": \"load.flange_b\", \"to\": \"ground.flange\"}],"
    "\"simulation\": {\"stop_time\": 3}}";
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0.01, 1e-10);
  const double *t = sw_trajectory_get_times (tr), *w2 = sw_test_column (tr, "gear.omega2");
  const double *w1 = sw_test_column (tr, "gear.omega1"), *tau1 = sw_test_column (tr, "gear.torque1");
  const double *tau2 = sw_test_column (tr, "gear.torque2"), *loss = sw_test_column (tr, "gear.lossPower");
  const double *mode = sw_test_column (tr, "gear.mode");
  double r = 3, eta = 0.8, J1 = 0.5, J2 = 4, d = 2, T = 10, m = J2 + r * r * eta * J1;
  guint seen = 0;

  for (guint i = 0; i < sw_trajectory_get_n_rows (tr); i++)
    {
      g_assert_cmpfloat_with_epsilon (w1[i], r * w2[i], 1e-9 * (1 + fabs (w1[i])));
      g_assert_cmpfloat (loss[i], >=, 0);
      seen |= 1u << (guint) (mode[i] + 1);
      if (t[i] < 1 && t[i] > 0)
        {
          /* With the damper: m w2' = r eta T - d w2. */
          double exact = r * eta * T / d * (1 - exp (-d * t[i] / m));

          g_assert_cmpfloat_with_epsilon (w2[i], exact, 1e-8);
          g_assert_cmpfloat_with_epsilon (tau2[i], -tau1[i] * r * eta, 1e-9 * (1 + fabs (tau2[i])));
          g_assert_cmpfloat_with_epsilon (loss[i], (1 - eta) * tau1[i] * w1[i], 1e-9 * (1 + loss[i]));
        }
    }
  /* Forward, then backward after the reversal. */
  g_assert_cmpuint (seen & 5, ==, 5);
}

/* ---- Dynamic engine ----------------------------------------------------- */

/* The default full-load and loss curves (n rpm, N.m), as the kind has them. */
static const double full_load[][2] = { { 0, 60 }, { 1000, 160 }, { 3000, 200 }, { 5000, 190 }, { 6500, 150 } };
static const double losses[][2] = { { 0, 8 }, { 1000, 12 }, { 3000, 20 }, { 6500, 40 } };

static double
curve (const double (*rows)[2], guint n_rows, double n)
{
  guint k = 1;

  while (k + 1 < n_rows && rows[k][0] < n)
    k++;
  return rows[k - 1][1] + (rows[k][1] - rows[k - 1][1]) * (n - rows[k - 1][0]) / (rows[k][0] - rows[k - 1][0]);
}

/* Driven at 1200 rpm exactly, the crank angle is w t: a cylinder fires
 * every pi strokes / cylinders / w = 25 ms. The request steps 0.1 -> 0.5
 * at 0.05 s, so the injection x(t) = u1 + (u0 - u1) e^-(t - 0.05)/tau, and
 * md is x at the last firing whose dead time is over: all in closed form. */
static void
test_engine_firing (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"drive\", \"kind\": \"rotational.engine_speed\", \"params\": {\"n\": 1200}},"
    "{\"id\": \"engine\", \"kind\": \"rotational.engine\", \"params\": {\"j\": 0.5, \"n0\": 1200, "
    "\"power_request\": {\"step\": {\"offset\": 0.1, \"height\": 0.4, \"start_time\": 0.05}}, "
    "\"time_constant\": 0.02, \"dead_time\": 0.01}}],"
    "\"connections\": [{\"from\": \"drive.rot\", \"to\": \"engine.rot2\"}], \"simulation\": {\"stop_time\": 0.3}}";
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 1e-4, 1e-10);
  const double *t = sw_trajectory_get_times (tr), *md = sw_test_column (tr, "engine.md");
  const double *x = sw_test_column (tr, "engine.torque_c"), *firings = sw_test_column (tr, "engine.firings");
  double w = 1200 * 2 * G_PI / 60, period = G_PI / w, tau = 0.02, dead = 0.01;
  double fl = curve (full_load, G_N_ELEMENTS (full_load), 1200), u0 = 0.1 * fl, u1 = 0.5 * fl;
  guint checked = 0;

  g_assert_cmpfloat_with_epsilon (period, 0.025, 1e-15);
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double k = floor (t[r] / period + 1e-9), k_applied = floor ((t[r] - dead) / period + 1e-9);
      double t_sample = k_applied * period;
      double x_exact = t[r] <= 0.05 ? u0 : u1 + (u0 - u1) * exp (-(t[r] - 0.05) / tau);
      double md_exact = k_applied < 1 || t_sample <= 0.05 ? u0 : u1 + (u0 - u1) * exp (-(t_sample - 0.05) / tau);

      g_assert_cmpfloat_with_epsilon (x[r], x_exact, 1e-7 * u1);
      /* Off the instants themselves, where the left and right rows differ. */
      if (fabs (t[r] / period - round (t[r] / period)) < 1e-6
          || fabs ((t[r] - dead) / period - round ((t[r] - dead) / period)) < 1e-6)
        continue;
      g_assert_cmpfloat (firings[r], ==, k);
      g_assert_cmpfloat_with_epsilon (md[r], md_exact, 1e-7 * u1);
      checked++;
    }
  g_assert_cmpuint (checked, >, 2500);
}

/* An engine on a fan settles where power_request × full_load(n) = losses(n)
 * + the fan's torque (found here by bisection on the curves); its energy
 * balances: kinetic + lost = initial + the combustion's work. */
/* An engine as it comes (no parameters given) runs at Twin Builder's
 * default power request 0.5: its internal torque at the start is half the
 * full-load curve at n0 = 700 rpm (placed from the palette it coasted, at
 * a request of 0). */
static void
test_engine_default_request (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"engine\", \"kind\": \"rotational.engine\"},"
    "{\"id\": \"load\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}],"
    "\"connections\": [{\"from\": \"engine.rot2\", \"to\": \"load.flange_a\"}],"
    " \"simulation\": {\"stop_time\": 0.01}}";
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 0.001, 0);
  const double *md = sw_test_column (tr, "engine.md"), *n = sw_test_column (tr, "engine.n");

  g_assert_cmpfloat_with_epsilon (n[0], 700, 1e-9);
  g_assert_cmpfloat_with_epsilon (md[0], 0.5 * curve (full_load, G_N_ELEMENTS (full_load), 700), 1e-9);
}

static void
test_engine_idle (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"engine\", \"kind\": \"rotational.engine\", \"params\": {\"j\": 0.2, \"n0\": 3400, "
    "\"power_request\": 0.3}},"
    "{\"id\": \"fan\", \"kind\": \"rotational.fan\", \"params\": {\"cf\": 0.1, \"windage\": 0}}],"
    "\"connections\": [{\"from\": \"engine.rot2\", \"to\": \"fan.rot1\"}], \"simulation\": {\"stop_time\": 15}}";
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 1e-4, 1e-10);
  const double *t = sw_trajectory_get_times (tr), *n = sw_test_column (tr, "engine.n");
  const double *power = sw_test_column (tr, "engine.power"), *e = sw_test_column (tr, "engine.energy");
  const double *loss_e = sw_test_column (tr, "engine.lossPower"), *loss_f = sw_test_column (tr, "fan.lossPower");
  guint last = sw_trajectory_get_n_rows (tr) - 1;
  double lo = 1000, hi = 6000, work = 0, lost = 0, worst = 0;

  for (int i = 0; i < 60; i++)
    {
      double mid = 0.5 * (lo + hi), net = 0.3 * curve (full_load, G_N_ELEMENTS (full_load), mid)
                                          - curve (losses, G_N_ELEMENTS (losses), mid) - 0.1 * mid * 2 * G_PI / 60;

      if (net > 0)
        lo = mid;
      else
        hi = mid;
    }
  g_test_message ("idle: %.6f rpm, closed form %.6f rpm", n[last], lo);
  g_assert_cmpfloat_with_epsilon (n[last], lo, 1e-3);
  for (guint r = 1; r <= last; r++)
    {
      double dt = t[r] - t[r - 1];

      g_assert_cmpfloat (loss_e[r], >=, 0);
      work += 0.5 * dt * (power[r] + power[r - 1]);
      lost += 0.5 * dt * (loss_e[r] + loss_e[r - 1] + loss_f[r] + loss_f[r - 1]);
      worst = MAX (worst, fabs (e[r] + lost - e[0] - work));
    }
  g_test_message ("energy balance off by %.3g J of %.3g J", worst, e[0]);
  g_assert_cmpfloat (worst, <=, 1e-6 * e[0]);
}

/* Its linearisation: md is held, so the crank's damping is the slope of the
 * losses and the load, d(losses)/dw + cf + 2 windage w: a decay rate of
 * that / J. And a bad cylinder count is refused by name. */
static void
test_engine_modal (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"engine\", \"kind\": \"rotational.engine\", \"params\": {\"j\": 0.2, \"n0\": 800}},"
    "{\"id\": \"fan\", \"kind\": \"rotational.fan\", \"params\": {\"cf\": 0.01, \"windage\": 0.0005}}],"
    "\"connections\": [{\"from\": \"engine.rot2\", \"to\": \"fan.rot1\"}], \"simulation\": {\"stop_time\": 1}}";
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "engine.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwModes) modes = NULL;
  double w = 800 * 2 * G_PI / 60, slope = 0.004 * 60 / (2 * G_PI) + 0.01 + 2 * 0.0005 * w;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  modes = sw_modes_compute (sys, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 1);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (modes, 0)->decay_rate_per_s, slope / 0.2, 1e-6);

  g_clear_object (&model);
  model = sw_model_new_from_data ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
                                  "{\"id\": \"engine\", \"kind\": \"rotational.engine\", \"params\": "
                                  "{\"cylinders\": 2.5}}], \"connections\": []}", -1, "engine.shaft", &error);
  g_assert_null (model);
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "engine"));
  g_assert_nonnull (strstr (error->message, "cylinders"));
}

/* The engine-start example (data/examples/engine-start.shaft): the starter
 * cranks the engine through the overrunning clutch, which opens once (the
 * engine overruns it) and never turns backward; the engine settles at its
 * idle speed, where 0.1 × full load = losses on the example's curves. */
static void
test_engine_start (void)
{
  static const double fl[][2] = { { 0, 600 }, { 600, 1500 }, { 1200, 2000 }, { 1800, 1900 }, { 2400, 1500 } };
  static const double loss[][2] = { { 0, 20 }, { 600, 60 }, { 1000, 150 }, { 2400, 450 } };
  g_autoptr (SwTrajectory) tr = sw_test_run_example ("engine-start.shaft", 1e-3, 1e-10);
  const double *n = sw_test_column (tr, "engine.n"), *w_rel = sw_test_column (tr, "overrun.w_rel");
  const double *mode = sw_test_column (tr, "overrun.mode"), *t = sw_trajectory_get_times (tr);
  guint last = sw_trajectory_get_n_rows (tr) - 1, openings = 0;
  double lo = 1000, hi = 2400;

  for (int i = 0; i < 60; i++)
    {
      double mid = 0.5 * (lo + hi);

      if (0.1 * curve (fl, G_N_ELEMENTS (fl), mid) > curve (loss, G_N_ELEMENTS (loss), mid))
        lo = mid;
      else
        hi = mid;
    }
  for (guint r = 1; r <= last; r++)
    {
      g_assert_cmpfloat (w_rel[r], >=, -1e-9);
      if (mode[r] == 1 && mode[r - 1] == 0)
        {
          openings++;
          g_test_message ("the engine overruns its starter at %.6f s, %.1f rpm", t[r], n[r]);
          g_assert_cmpfloat (t[r], <, 0.5);
        }
    }
  g_assert_cmpuint (openings, ==, 1);
  g_test_message ("idle: %.4f rpm, closed form %.4f rpm", n[last], lo);
  g_assert_cmpfloat_with_epsilon (n[last], lo, 0.5);
}

/* The firings excite the engine order cylinders / (strokes / 2): a
 * six-cylinder four-stroke engine on a shaft to a flywheel shows order 3
 * in its Campbell diagram, crossing the shaft mode at 60 f / 3 rpm. */
static void
test_engine_campbell (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"engine\", \"kind\": \"rotational.engine\", \"params\": {\"j\": 0.2, \"cylinders\": 6}},"
    "{\"id\": \"shaft\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 20000}},"
    "{\"id\": \"flywheel\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5}}],"
    "\"connections\": [{\"from\": \"engine.rot2\", \"to\": \"shaft.flange_a\"},"
    "{\"from\": \"shaft.flange_b\", \"to\": \"flywheel.flange_a\"}], \"simulation\": {\"stop_time\": 1}}";
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "campbell.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwCampbell) campbell = NULL;
  SwCampbellOptions o = sw_campbell_options_default ();
  double f = sqrt (20000 * (1 / 0.2 + 1 / 0.5)) / (2 * G_PI);
  gboolean crossed = FALSE;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  o.from_rpm = 0;
  o.to_rpm = 3000;
  campbell = sw_campbell_compute (sys, "engine", &o, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_campbell_get_n_orders (campbell), ==, 2);
  g_assert_cmpfloat (sw_campbell_get_order (campbell, 1)->order, ==, 3);
  g_assert_cmpstr (sw_campbell_get_order (campbell, 1)->part, ==, "engine");
  g_assert_cmpstr (sw_campbell_get_order (campbell, 1)->label, ==, "firing");
  for (guint k = 0; k < sw_campbell_get_n_crossings (campbell); k++)
    {
      const SwCriticalSpeed *c = sw_campbell_get_crossing (campbell, k);

      if (c->order == 3)
        {
          g_assert_cmpfloat_with_epsilon (c->speed_rpm, 60 * f / 3, 1e-6 * 60 * f);
          crossed = TRUE;
        }
    }
  g_assert_true (crossed);
}

/* A frequency response at the initial state marks the firing frequency
 * there: 1200 rpm, order 3, 60 Hz, next to the shaft mode (59.5 Hz), where
 * the engine's torque is amplified most. */
static void
test_engine_frf (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"engine\", \"kind\": \"rotational.engine\", \"params\": {\"j\": 0.2, \"cylinders\": 6, "
    "\"n0\": 1200}},"
    "{\"id\": \"shaft\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 20000}},"
    "{\"id\": \"flywheel\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5}}],"
    "\"connections\": [{\"from\": \"engine.rot2\", \"to\": \"shaft.flange_a\"},"
    "{\"from\": \"shaft.flange_b\", \"to\": \"flywheel.flange_a\"}], \"simulation\": {\"stop_time\": 1}}";
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "frf.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (GArray) ex = NULL;
  const SwFrfExcitation *firing;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  ex = sw_frf_excitations (sys, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ex->len, ==, 1);
  firing = &g_array_index (ex, SwFrfExcitation, 0);
  g_assert_cmpstr (firing->part, ==, "engine");
  g_assert_cmpstr (firing->label, ==, "firing");
  g_assert_cmpfloat (firing->order, ==, 3);
  g_assert_cmpfloat_with_epsilon (firing->hz, 3 * 1200.0 / 60, 1e-9);

  /* At rest nothing is excited. */
  g_clear_object (&model);
  g_clear_pointer (&sys, sw_system_unref);
  g_clear_pointer (&ex, g_array_unref);
  model = sw_model_new_from_data ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
                                  "{\"id\": \"engine\", \"kind\": \"rotational.engine\", \"params\": {\"n0\": 0}}],"
                                  " \"connections\": []}", -1, "frf.shaft", &error);
  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  ex = sw_frf_excitations (sys, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ex->len, ==, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();

  g_test_add_func ("/core/engines/fan-rundown", test_fan_rundown);
  g_test_add_func ("/core/engines/engine-speed", test_engine_speed);
  g_test_add_func ("/core/engines/gear-loss", test_gear_loss);
  g_test_add_func ("/core/engines/engine-firing", test_engine_firing);
  g_test_add_func ("/core/engines/engine-idle", test_engine_idle);
  g_test_add_func ("/core/engines/engine-default-request", test_engine_default_request);
  g_test_add_func ("/core/engines/engine-modal", test_engine_modal);
  g_test_add_func ("/core/engines/engine-start", test_engine_start);
  g_test_add_func ("/core/engines/engine-campbell", test_engine_campbell);
  g_test_add_func ("/core/engines/engine-frf", test_engine_frf);

  return g_test_run ();
}
