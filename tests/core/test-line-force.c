/* test-line-force.c: MultiBody's line forces in one dimension
 * (translational.line_force_with_mass, translational.line_force_with_two_
 * masses) against the digest's derived cases (seed-004 §3 T10, T11).
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
 * 0.5 kg more on each end mass. */
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
         "\"m_b\": 0.5, \"L_a\": 0.1}}", "1", "2")
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
#undef TWO
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();

  g_test_add_func ("/core/line-force/consistent-mass", test_consistent_mass);
  g_test_add_func ("/core/line-force/two-masses", test_two_masses);

  return g_test_run ();
}
