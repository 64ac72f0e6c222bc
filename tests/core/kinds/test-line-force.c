/* test-line-force.c: MultiBody's line forces in one dimension
 * (translational.line_force_with_mass, translational.line_force_with_two_
 * masses, translational.spring_damper_series) against the digest's derived
 * cases (seed-004 §3 T8-T11).
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

/* T10: wall - spring (c = 1000) carrying m = 0.4 at h - M = 1 kg: the
 * consistent mass gives M + m h^2: h = 0, 0.5, 1 -> 31.6228, 30.1511,
 * 26.7261 rad/s (half-lumping would give 28.8675 at h = 0.5). */
static void
test_consistent_mass (void)
{
  static const double h[] = { 0, 0.5, 1 }, omega[] = { 31.6228, 30.1511, 26.7261 };

  for (guint k = 0; k < G_N_ELEMENTS (h); k++)
    {
      g_autofree char *text = g_strdup_printf (
        "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
        "{\"id\": \"wall\", \"kind\": \"translational.fixed\"},"
        "{\"id\": \"spring\", \"kind\": \"translational.spring\", \"params\": {\"c\": 1000}},"
        "{\"id\": \"line\", \"kind\": \"translational.line_force_with_mass\", \"params\": {\"m\": 0.4, "
        "\"lengthFraction\": %g}},"
        "{\"id\": \"M\", \"kind\": \"translational.mass\", \"params\": {\"m\": 1}}],"
        "\"connections\": [{\"from\": \"wall.flange\", \"to\": \"spring.flange_a\"},"
        "{\"from\": \"spring.flange_b\", \"to\": \"M.flange_a\"},"
        "{\"from\": \"wall.flange\", \"to\": \"line.frame_a\"}, {\"from\": \"M.flange_a\", \"to\": \"line.frame_b\"}]}",
        h[k]);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "line.shaft", &error);
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (SwModes) modes = NULL;

      g_assert_no_error (error);
      sys = sw_model_assemble (model, &error);
      g_assert_no_error (error);
      modes = sw_modes_compute (sys, 0, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 1);
      g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (modes, 0)->omega_rad_s, omega[k], 1e-4);
      g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (modes, 0)->omega_rad_s, sqrt (1000 / (1 + 0.4 * h[k] * h[k])),
                                      1e-9);
    }
}

/* T11: point masses m_a = m_b = 0.5 on the end nodes give the trajectory of
 * 0.5 kg more on each end mass; the masses sit at L_a from frame_a towards
 * frame_b and L_b from frame_b towards frame_a, either of them negative
 * (beyond its frame, as Modelica allows). */
static void
test_two_masses (void)
{
#define TWO(extra, ma, mb)                                                                                       \
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["                                          \
  "{\"id\": \"F\", \"kind\": \"translational.force\", \"params\": {\"f\": {\"sine\": {\"amplitude\": 10, "        \
  "\"freq_hz\": 3}}}},"                                                                                           \
  "{\"id\": \"A\", \"kind\": \"translational.mass\", \"params\": {\"m\": " ma ", \"s0\": 0, \"v0\": 0}},"          \
  "{\"id\": \"k\", \"kind\": \"translational.spring_damper\", \"params\": {\"c\": 400, \"d\": 3}},"                \
  "{\"id\": \"B\", \"kind\": \"translational.mass\", \"params\": {\"m\": " mb ", \"s0\": 0, \"v0\": 0}}" extra "],"  \
  "\"connections\": [{\"from\": \"F.flange\", \"to\": \"A.flange_a\"}, {\"from\": \"A.flange_b\", \"to\": "       \
  "\"k.flange_a\"}, {\"from\": \"k.flange_b\", \"to\": \"B.flange_a\"}" 
  static const char with_line[] =
    TWO (", {\"id\": \"line\", \"kind\": \"translational.line_force_with_two_masses\", \"params\": {\"m_a\": 0.5, "
         "\"m_b\": 0.5, \"L_a\": -0.1, \"L_b\": 0.25}}", "1", "2")
    ", {\"from\": \"A.flange_b\", \"to\": \"line.frame_a\"}, {\"from\": \"B.flange_a\", \"to\": \"line.frame_b\"}],"
    " \"simulation\": {\"stop_time\": 2}}";
  static const char lumped[] = TWO ("", "1.5", "2.5") "], \"simulation\": {\"stop_time\": 2}}";
  g_autoptr (SwTrajectory) a = sw_test_run_text (with_line, 0.01, 1e-10);
  g_autoptr (SwTrajectory) b = sw_test_run_text (lumped, 0.01, 1e-10);
  const char *const names[] = { "A.s", "A.v", "B.s", "B.v", "k.f" };

  g_assert_cmpuint (sw_trajectory_get_n_rows (a), ==, sw_trajectory_get_n_rows (b));
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      const double *x = sw_test_column (a, names[k]), *y = sw_test_column (b, names[k]);

      for (guint r = 0; r < sw_trajectory_get_n_rows (a); r++)
        g_assert_cmpfloat_with_epsilon (x[r], y[r], 1e-9 * (1 + fabs (y[r])));
    }
  {
    const double *sa = sw_test_column (a, "line.s_a"), *sb = sw_test_column (a, "line.s_b");
    const double *xa = sw_test_column (a, "A.s"), *xb = sw_test_column (a, "B.s");

    for (guint r = 0; r < sw_trajectory_get_n_rows (a); r++)
      {
        g_assert_cmpfloat_with_epsilon (sa[r], xa[r] - 0.1, 1e-12);
        g_assert_cmpfloat_with_epsilon (sb[r], xb[r] - 0.25, 1e-12);
      }
  }
#undef TWO
}

/* T8: the series element stretched by 0.01 m between two walls relaxes:
 * f(t) = 10 e^-10t N (tau = d / c = 0.1 s), lossPower(0) = f^2 / d = 1 W,
 * and it dissipates its 1/2 c 0.01^2 = 0.05 J. */
static void
test_series_relaxation (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"wall_a\", \"kind\": \"translational.fixed\"},"
    "{\"id\": \"wall_b\", \"kind\": \"translational.fixed\", \"params\": {\"s0\": 0.01}},"
    "{\"id\": \"series\", \"kind\": \"translational.spring_damper_series\", \"params\": {\"c\": 1000, \"d\": 100}}],"
    "\"connections\": [{\"from\": \"wall_a.flange\", \"to\": \"series.frame_a\"},"
    "{\"from\": \"series.frame_b\", \"to\": \"wall_b.flange\"}], \"simulation\": {\"stop_time\": 2}}";
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 1e-4, 1e-10);
  const double *t = sw_trajectory_get_times (tr), *f = sw_test_column (tr, "series.f");
  const double *loss = sw_test_column (tr, "series.lossPower"), *e = sw_test_column (tr, "series.energy");
  guint last = sw_trajectory_get_n_rows (tr) - 1;
  double lost = 0;

  g_assert_cmpfloat_with_epsilon (loss[0], 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (e[0], 0.05, 1e-15);
  for (guint r = 0; r <= last; r++)
    {
      g_assert_cmpfloat_with_epsilon (f[r], 10 * exp (-10 * t[r]), 1e-7);
      if (fabs (t[r] - 0.1) < 1e-12)
        g_assert_cmpfloat_with_epsilon (f[r], 3.6788, 5e-5);
      if (r > 0)
        lost += 0.5 * (t[r] - t[r - 1]) * (loss[r] + loss[r - 1]);
    }
  /* The trapezoid rule on e^-20t at 1e-4 s: 1.7e-8 J. */
  g_assert_cmpfloat_with_epsilon (lost + e[last], 0.05, 1e-6 * 0.05);
  g_assert_cmpfloat (lost, >, 0.05 * (1 - 1e-6));
}

/* T9: wall - series (c = 1000, d = 100) - M = 1 kg: eigenvalues 0 (the
 * damper creeps) and -5 +- 31.2250j: omega_n 31.6228 rad/s, zeta 0.15811.
 * A run from M displaced 0.01 m keeps its energy balance. */
static void
test_series_modes (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"wall\", \"kind\": \"translational.fixed\"},"
    "{\"id\": \"series\", \"kind\": \"translational.spring_damper_series\", \"params\": {\"c\": 1000, \"d\": 100}},"
    "{\"id\": \"M\", \"kind\": \"translational.mass\", \"params\": {\"m\": 1, \"s0\": 0.01, \"v0\": 0}}],"
    "\"connections\": [{\"from\": \"wall.flange\", \"to\": \"series.frame_a\"},"
    "{\"from\": \"series.frame_b\", \"to\": \"M.flange_a\"}], \"simulation\": {\"stop_time\": 2}}";
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "t9.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwModes) modes = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  const SwMode *mode;
  const double *t, *loss, *e_spring, *e_mass;
  double lost = 0, worst = 0, e0;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  modes = sw_modes_compute (sys, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 1);
  mode = sw_modes_get_mode (modes, 0);
  g_assert_false (mode->rigid_body);
  g_assert_cmpfloat_with_epsilon (mode->omega_rad_s, sqrt (1000), 1e-9);
  g_assert_cmpfloat_with_epsilon (mode->damped_frequency_hz * 2 * G_PI, sqrt (975), 1e-9);
  g_assert_cmpfloat_with_epsilon (mode->damping_ratio, 0.15811388300841897, 1e-9);
  g_assert_cmpfloat_with_epsilon (mode->decay_rate_per_s, 5, 1e-9);
  g_assert_cmpfloat (mode->energy_balance_error, <=, 1e-9);
  g_assert_cmpint (mode->most_excitable_section, ==, 0);

  tr = sw_test_run_model (model, 1e-4, 1e-10);
  t = sw_trajectory_get_times (tr);
  loss = sw_test_column (tr, "series.lossPower");
  e_spring = sw_test_column (tr, "series.energy");
  e_mass = sw_test_column (tr, "M.energy");
  e0 = e_spring[0] + e_mass[0];
  g_assert_cmpfloat_with_epsilon (e0, 0.05, 1e-15);
  for (guint r = 1; r < sw_trajectory_get_n_rows (tr); r++)
    {
      lost += 0.5 * (t[r] - t[r - 1]) * (loss[r] + loss[r - 1]);
      worst = MAX (worst, fabs (e_spring[r] + e_mass[r] + lost - e0));
    }
  g_assert_cmpfloat (worst, <=, 1e-6 * e0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();

  g_test_add_func ("/core/line-force/consistent-mass", test_consistent_mass);
  g_test_add_func ("/core/line-force/two-masses", test_two_masses);
  g_test_add_func ("/core/line-force/series-relaxation", test_series_relaxation);
  g_test_add_func ("/core/line-force/series-modes", test_series_modes);

  return g_test_run ();
}
