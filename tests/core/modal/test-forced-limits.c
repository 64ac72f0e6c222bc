/* test-forced-limits.c: the allowable vibratory stresses of propulsion
 * shafting (IACS UR M68) against values computed by hand, and the barred
 * speed ranges of an undamped two-inertia shaft line against its crossing
 * speeds in closed form.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib.h>

#include "sw-error.h"
#include "sw-forced.h"
#include "sw-model.h"
#include "sw-system.h"

/* Hand values: sigma_B = 560 MPa makes (sigma_B + 160) / 18 = 40; d = 32 mm
 * makes d^-0.2 = 1/2, C_D = 0.35 + 0.465 = 0.815; d = 1024 mm, d^-0.2 = 1/4,
 * C_D = 0.5825. */
static void
test_formula (void)
{
  double c, t;

  /* C_K = 1, lambda = 0.5: 40 * 0.815 * (3 - 0.5) = 81.5; transient 1.7 x. */
  g_assert_true (sw_forced_stress_limits (560, 1, 0.032, 0.5, &c, &t));
  g_assert_cmpfloat_with_epsilon (c, 81.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (t, 138.55, 1e-12);
  /* lambda = 0.95 (0.9 ... 1.05): 40 * 0.815 * 1.38 = 44.988. */
  g_assert_true (sw_forced_stress_limits (560, 1, 0.032, 0.95, &c, &t));
  g_assert_cmpfloat_with_epsilon (c, 44.988, 1e-12);
  /* Just below 0.9: 3 - 2 * 0.81 = 1.38, the curve continuous there. */
  g_assert_true (sw_forced_stress_limits (560, 1, 0.032, 0.9 - 1e-12, &c, &t));
  g_assert_cmpfloat_with_epsilon (c, 44.988, 1e-9);
  /* C_K = 0.64 (sqrt 0.8), lambda = 0: 40 * 0.64 * 0.815 * 3 = 62.592;
   * transient 1.7 * 62.592 / 0.8 = 133.008. */
  g_assert_true (sw_forced_stress_limits (560, 0.64, 0.032, 0, &c, &t));
  g_assert_cmpfloat_with_epsilon (c, 62.592, 1e-12);
  g_assert_cmpfloat_with_epsilon (t, 133.008, 1e-12);
  /* d = 1024 mm, lambda = 1.05: 40 * 0.5825 * 1.38 = 32.154. */
  g_assert_true (sw_forced_stress_limits (560, 1, 1.024, 1.05, &c, &t));
  g_assert_cmpfloat_with_epsilon (c, 32.154, 1e-12);
  /* Beyond the rule's speeds, or out of range: none. */
  g_assert_false (sw_forced_stress_limits (560, 1, 0.032, 1.06, &c, &t));
  g_assert_true (isnan (c) && isnan (t));
  g_assert_false (sw_forced_stress_limits (0, 1, 0.032, 0.5, &c, &t));
  g_assert_false (sw_forced_stress_limits (560, 1.5, 0.032, 0.5, &c, &t));
  g_assert_false (sw_forced_stress_limits (560, 1, 0, 0.5, &c, &t));
}

/* Two inertias J1 = 2, J2 = 0.5 on an undamped spring c = 4e4, free: the
 * spring's torque under F cos (n theta) on J1 is
 * F (J2 / (J1 + J2)) wn^2 / |wn^2 - w^2|, wn^2 = c (J1 + J2) / (J1 J2) = 1e5. */
static const char two_inertia[] =
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"two\", \"components\": ["
  " {\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}},"
  " {\"id\": \"S\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 40000}},"
  " {\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5}}],"
  " \"connections\": [{\"from\": \"J1.flange_b\", \"to\": \"S.flange_a\"},"
  "  {\"from\": \"S.flange_b\", \"to\": \"J2.flange_a\"}]}";

#define F_NM       200.0
#define D_M        0.032
#define RATED_RPM  4000.0

/* The speeds where the stress 16 T / (pi d^3) meets base (3 - 2 x / nr^2)
 * (x = n^2, lambda < 0.9): with P = 16 F 0.2 wn^2 / (pi d^3) 1e-6 and
 * a = (2 pi / 60)^2, P = base (3 - 2 x / nr^2) s (wn^2 - a x), s = +1 below
 * the resonance and -1 above: a quadratic in x, its root in the branch. */
static double
crossing (double base, int side)
{
  double P = 16 * F_NM * 0.2 * 1e5 / (G_PI * pow (D_M, 3)) * 1e-6, a = pow (2 * G_PI / 60, 2);
  double k = 2 / (RATED_RPM * RATED_RPM);
  /* s base (3 - k x)(1e5 - a x) - P = 0: s base (k a x^2 - (3 a + 1e5 k) x + 3e5) - P = 0. */
  double A = side * base * k * a, B = -side * base * (3 * a + 1e5 * k), C = side * base * 3e5 - P;
  double disc = sqrt (B * B - 4 * A * C), x1 = (-B - disc) / (2 * A), x2 = (-B + disc) / (2 * A);
  double res = 1e5 / a;

  /* The root on the asked side of the resonance, nearest it. */
  if (side > 0)
    return sqrt (x1 < res && (x1 > x2 || x2 >= res) ? x1 : x2);
  return sqrt (x1 > res && (x1 < x2 || x2 <= res) ? x1 : x2);
}

static void
test_barred_ranges (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (two_inertia, -1, "two.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  g_autoptr (GArray) ranges = NULL;
  SwForcedExcitation ex = { "J1", 1, F_NM, 0 };
  SwForcedDiameter dia = { "S", D_M, 0 };
  SwForcedLimit lim = { "S", 560, 1 };
  SwForcedOptions o = sw_forced_options_default ();
  /* C_K = 1, d = 32 mm: base 40 * 0.815 = 32.6 MPa; transient 1.7 x. */
  double base = 32.6, expect[4];
  SwForcedRangeKind kinds[3] = { SW_FORCED_RANGE_BARRED, SW_FORCED_RANGE_NOT_ALLOWED, SW_FORCED_RANGE_BARRED };
  int lc;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  o.from_rpm = 100;
  o.to_rpm = 3500;
  o.n_speeds = 34001;
  o.excitations = &ex;
  o.n_excitations = 1;
  o.diameters = &dia;
  o.n_diameters = 1;
  o.limits = &lim;
  o.n_limits = 1;
  o.rated_rpm = RATED_RPM;
  tr = sw_forced_compute (sys, &o, &error);
  g_assert_no_error (error);
  /* The columns: the rule's values at row 0 (100 rpm). */
  lc = sw_trajectory_find_column (tr, "S.stress_limit_cont");
  g_assert_cmpint (lc, >=, 0);
  g_assert_cmpfloat_with_epsilon (sw_trajectory_get_column (tr, lc)[0],
                                  base * (3 - 2 * pow (100 / RATED_RPM, 2)), 1e-12);
  g_assert_cmpint (sw_trajectory_find_column (tr, "S.stress_limit_trans"), >=, 0);

  /* Below the resonance (3 019.8 rpm) the continuous, then the transient
   * limit; above it the transient, then the continuous one. */
  expect[0] = crossing (base, +1);
  expect[1] = crossing (1.7 * base, +1);
  expect[2] = crossing (1.7 * base, -1);
  expect[3] = crossing (base, -1);
  ranges = sw_forced_find_ranges (tr);
  g_assert_cmpuint (ranges->len, ==, 3);
  for (guint k = 0; k < 3; k++)
    {
      const SwForcedRange *r = &g_array_index (ranges, SwForcedRange, k);

      g_test_message ("range %u: %g to %g rpm (expected %g to %g)", k, r->from_rpm, r->to_rpm, expect[k],
                      expect[k + 1]);
      g_assert_cmpstr (r->part, ==, "S");
      g_assert_cmpint (r->kind, ==, kinds[k]);
      /* Ends interpolated between rows 0.1 rpm apart. */
      g_assert_cmpfloat_with_epsilon (r->from_rpm, expect[k], 1e-3);
      g_assert_cmpfloat_with_epsilon (r->to_rpm, expect[k + 1], 1e-3);
      g_assert_cmpfloat (r->max_stress_mpa, >, r->limit_mpa);
    }
}

static void
test_errors (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (two_inertia, -1, "two.shaft", &error);
  g_autoptr (SwSystem) sys = NULL;
  SwForcedExcitation ex = { "J1", 1, F_NM, 0 };
  SwForcedDiameter dia = { "S", D_M, 0 };
  SwForcedLimit lim = { "S", 560, 1 };
  SwForcedOptions o = sw_forced_options_default ();
  SwTrajectory *tr;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  o.from_rpm = 100;
  o.to_rpm = 3500;
  o.excitations = &ex;
  o.n_excitations = 1;
  o.limits = &lim;
  o.n_limits = 1;
  o.rated_rpm = RATED_RPM;
  /* No diameter. */
  tr = sw_forced_compute (sys, &o, &error);
  g_assert_null (tr);
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "no diameter"));
  g_clear_error (&error);
  /* No rated speed. */
  o.diameters = &dia;
  o.n_diameters = 1;
  o.rated_rpm = 0;
  g_assert_null (sw_forced_compute (sys, &o, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "rated speed"));
  g_clear_error (&error);
  /* A tensile strength out of range. */
  o.rated_rpm = RATED_RPM;
  lim.tensile_strength_mpa = -1;
  g_assert_null (sw_forced_compute (sys, &o, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "tensile strength"));
  g_clear_error (&error);
  /* Not a section. */
  lim.tensile_strength_mpa = 560;
  lim.part = "J1";
  g_assert_null (sw_forced_compute (sys, &o, &error));
  g_assert_nonnull (strstr (error->message, "not a compliant section"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/forced-limits/formula", test_formula);
  g_test_add_func ("/core/forced-limits/barred-ranges", test_barred_ranges);
  g_test_add_func ("/core/forced-limits/errors", test_errors);
  return g_test_run ();
}
