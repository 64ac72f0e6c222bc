/* test-forced.c: the forced response against the exact 2-DOF complex
 * solution, the time domain, an independent numpy computation, the peak of
 * the synthesised signal against brute force, the sections named without a
 * run (sw_forced_section_ids()), and the errors.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <complex.h>
#include <math.h>
#include <string.h>
#include <glib.h>

#include "sw-error.h"
#include "sw-forced.h"
#include "sw-model.h"
#include "sw-system.h"
#include "sw-test-forced.h"
#include "sw-test-run.h"

/* Two inertias J1 = 2, J2 = 0.5 on a spring-damper (c = 4e4, d = 6), free. */
static const char two_inertia[] =
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"two\", \"components\": ["
  " {\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}},"
  " {\"id\": \"S\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 40000, \"d\": 6}},"
  " {\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5}}],"
  " \"connections\": [{\"from\": \"J1.flange_b\", \"to\": \"S.flange_a\"},"
  "  {\"from\": \"S.flange_b\", \"to\": \"J2.flange_a\"}]}";

static SwSystem *
assemble (const char *json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (json, -1, "forced.shaft", &error);
  SwSystem *sys;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  return sys;
}

/* sw_forced_section_ids() names, without a run, the sections whose
 * ID.tau_amp columns tr has, in their order. */
static void
assert_section_ids (const SwSystem *sys, SwTrajectory *tr, guint n_expected)
{
  g_autoptr (GPtrArray) ids = sw_forced_section_ids (sys);
  guint n = 0;

  for (guint c = 0; c < sw_trajectory_get_n_columns (tr); c++)
    {
      const char *name = sw_trajectory_get_column_name (tr, c);

      if (g_str_has_suffix (name, ".tau_amp"))
        {
          g_autofree char *want = NULL;

          g_assert_cmpuint (n, <, ids->len);
          want = g_strdup_printf ("%s.tau_amp", (const char *) g_ptr_array_index (ids, n));
          g_assert_cmpstr (name, ==, want);
          n++;
        }
    }
  g_assert_cmpuint (n, ==, ids->len);
  g_assert_cmpuint (n, ==, n_expected);
}

/* The exact solution of [[z - w^2 J1, -z], [-z, z - w^2 J2]] X = [T, 0],
 * z = c + i w d: X1 = T (z - w^2 J2) / det, X2 = T z / det, the section's
 * torque z (X2 - X1). */
static void
two_dof (double w, double complex T, double complex *x1, double complex *x2, double complex *tau)
{
  double complex z = 40000 + I * w * 6, det = (z - w * w * 2) * (z - w * w * 0.5) - z * z;

  *x1 = T * (z - w * w * 0.5) / det;
  *x2 = T * z / det;
  *tau = z * (*x2 - *x1);
}

static void
test_two_inertia_closed_form (void)
{
  g_autoptr (SwSystem) sys = assemble (two_inertia);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  /* Orders 1 and 2.5 on J1, 2.5 again on J2 with a phase. */
  SwForcedExcitation ex[] = { { "J1", 1, 100, 0 }, { "J1", 2.5, 40, 30 }, { "J2", 2.5, 25, -60 } };
  SwForcedOptions o = sw_forced_options_default ();
  const double *rpm, *amp, *amp1, *amp25, *peak, *phi1, *phi2;

  o.from_rpm = 300;
  o.to_rpm = 6000;
  o.n_speeds = 400;
  o.excitations = ex;
  o.n_excitations = G_N_ELEMENTS (ex);
  tr = sw_forced_compute (sys, &o, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (sw_trajectory_get_x_name (tr), ==, "rpm");
  g_assert_cmpuint (sw_trajectory_get_n_rows (tr), ==, 400);
  rpm = sw_trajectory_get_times (tr);
  amp = sw_test_forced_column (tr, "S.tau_amp");
  amp1 = sw_test_forced_column (tr, "S.tau_amp@1");
  amp25 = sw_test_forced_column (tr, "S.tau_amp@2.5");
  peak = sw_test_forced_column (tr, "S.tau_peak");
  phi1 = sw_test_forced_column (tr, "J1.phi_amp");
  phi2 = sw_test_forced_column (tr, "J2.phi_amp");
  for (guint r = 0; r < 400; r++)
    {
      double W = 2 * G_PI * rpm[r] / 60;
      double complex x1a, x2a, ta, x1b, x2b, tb, x1c, x2c, tc, y[2], t25, p1, p2;
      guint m[2] = { 2, 5 };

      two_dof (W, 100, &x1a, &x2a, &ta);
      two_dof (2.5 * W, 40 * cexp (I * G_PI / 6), &x1b, &x2b, &tb);
      /* On J2: the mirror image, J1 and J2 swapped. */
      {
        double w = 2.5 * W;
        double complex z = 40000 + I * w * 6, det = (z - w * w * 2) * (z - w * w * 0.5) - z * z;
        double complex T = 25 * cexp (-I * G_PI / 3);

        x1c = T * z / det;
        x2c = T * (z - w * w * 2) / det;
        tc = z * (x2c - x1c);
      }
      (void) x1b;
      t25 = tb + tc;
      g_assert_cmpfloat (fabs (amp1[r] - cabs (ta)), <=, 1e-9 * cabs (ta));
      g_assert_cmpfloat (fabs (amp25[r] - cabs (t25)), <=, 1e-9 * cabs (t25));
      g_assert_cmpfloat (fabs (amp[r] - cabs (ta) - cabs (t25)), <=, 1e-9 * amp[r]);
      p1 = x1a, p2 = x1b + x1c;
      g_assert_cmpfloat (fabs (phi1[r] - cabs (p1) - cabs (p2)), <=, 1e-9 * phi1[r]);
      p1 = x2a, p2 = x2b + x2c;
      g_assert_cmpfloat (fabs (phi2[r] - cabs (p1) - cabs (p2)), <=, 1e-9 * phi2[r]);
      /* The synthesised signal over two turns (base order 0.5): brute force. */
      y[0] = ta, y[1] = t25;
      {
        double best = 0;

        for (guint k = 0; k < 20000; k++)
          {
            double phi = 2 * G_PI * k / 20000;
            best = MAX (best, fabs (creal (y[0] * cexp (I * m[0] * phi) + y[1] * cexp (I * m[1] * phi))));
          }
        g_assert_cmpfloat (peak[r], >=, best - 1e-12 * amp[r]);
        g_assert_cmpfloat (peak[r], <=, best + 1e-6 * amp[r]);
        g_assert_cmpfloat (peak[r], <=, amp[r] * (1 + 1e-12));
      }
    }
}

/* The peak against brute force on random signals of up to 24 harmonics. */
static void
test_synthesised_peak (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (26);

  for (guint trial = 0; trial < 60; trial++)
    {
      guint n = 1 + g_rand_int_range (rand, 0, 24), m[24];
      double complex y[24];
      double best = 0, scale = 0, got;

      for (guint k = 0; k < n; k++)
        {
          m[k] = 1 + g_rand_int_range (rand, 0, 24);
          y[k] = g_rand_double_range (rand, -1, 1) + I * g_rand_double_range (rand, -1, 1);
          scale += cabs (y[k]);
        }
      for (guint k = 0; k < 40000; k++)
        {
          double phi = 2 * G_PI * k / 40000, t = 0;

          for (guint j = 0; j < n; j++)
            t += creal (y[j] * cexp (I * m[j] * phi));
          best = MAX (best, fabs (t));
        }
      got = sw_forced_synthesised_peak (y, m, n);
      /* Brute force at spacing h is below the peak by at most
       * (sum m^2 |y|) h^2 / 8 (below 1.8e-6 of the scale here); the peak
       * never above. */
      g_assert_cmpfloat (got, >=, best - 1e-12 * scale);
      g_assert_cmpfloat (got, <=, best + 2e-6 * scale);
    }
}

static void
test_order_base (void)
{
  double orders[] = { 0.5, 1, 1.5, 6 }, third[] = { 1.0 / 3, 1 }, base;
  guint m[4];

  g_assert_true (sw_forced_order_base (orders, 4, m, &base));
  g_assert_cmpfloat_with_epsilon (base, 0.5, 1e-15);
  g_assert_cmpuint (m[0], ==, 1);
  g_assert_cmpuint (m[2], ==, 3);
  g_assert_cmpuint (m[3], ==, 12);
  g_assert_true (sw_forced_order_base (third, 2, m, &base));
  g_assert_cmpfloat_with_epsilon (base, 1.0 / 3, 1e-15);
  g_assert_cmpuint (m[1], ==, 3);
  orders[0] = G_PI;
  g_assert_false (sw_forced_order_base (orders, 4, m, &base));
}

/* Grounded: J1 on a spring-damper S0 to the ground, S1 to J2, a sine
 * torque on J2 (10 Hz: order 1 at 600 rpm). */
static char *
grounded (const char *tau)
{
  return g_strdup_printf (
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"grounded\", \"components\": ["
    " {\"id\": \"G\", \"kind\": \"rotational.fixed\"},"
    " {\"id\": \"S0\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 10000, \"d\": 8}},"
    " {\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}},"
    " {\"id\": \"S1\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 3000, \"d\": 4}},"
    " {\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5}},"
    " {\"id\": \"T\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": %s}}],"
    " \"connections\": [{\"from\": \"G.flange\", \"to\": \"S0.flange_a\"},"
    "  {\"from\": \"S0.flange_b\", \"to\": \"J1.flange_a\"}, {\"from\": \"J1.flange_b\", \"to\": \"S1.flange_a\"},"
    "  {\"from\": \"S1.flange_b\", \"to\": \"J2.flange_a\"}, {\"from\": \"T.flange\", \"to\": \"J2.flange_b\"}],"
    " \"simulation\": {\"stop_time\": 20, \"output_interval\": 0.001, \"tolerance\": 1e-10}}",
    tau);
}

/* Amplitude of a column's 10 Hz part over its last second (ten periods,
 * 1 000 samples): the discrete Fourier coefficient, exact for a sinusoid
 * sampled evenly over whole periods. */
static double
amplitude_10hz (SwTrajectory *tr, const char *name)
{
  const double *t = sw_trajectory_get_times (tr), *v = sw_test_forced_column (tr, name);
  guint rows = sw_trajectory_get_n_rows (tr), start = 0, count = 0;
  double complex sum = 0;

  while (start < rows && t[start] < 19 - 1e-9)
    start++;
  for (guint r = start; r < rows && t[r] < 20 - 1e-9; r++, count++)
    sum += v[r] * cexp (-I * 2 * G_PI * 10 * t[r]);
  g_assert_cmpuint (count, ==, 1000);
  return 2 * cabs (sum) / count;
}

static void
test_time_domain (void)
{
  g_autofree char *quiet = grounded ("0");
  g_autofree char *driven = grounded ("{\"sine\": {\"amplitude\": 50, \"freq_hz\": 10}}");
  g_autoptr (SwSystem) sys = assemble (quiet);
  g_autoptr (SwTrajectory) run = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  g_autoptr (GError) error = NULL;
  SwForcedExcitation ex[] = { { "J2", 1, 50, -90 } };
  SwForcedOptions o = sw_forced_options_default ();
  const char *names[][2] = { { "S0.tau_amp", "S0.tau" }, { "S1.tau_amp", "S1.tau" }, { "J1.phi_amp", "J1.phi" },
                             { "J2.phi_amp", "J2.phi" } };

  o.from_rpm = 600;
  o.to_rpm = 1200;
  o.n_speeds = 2;
  o.excitations = ex;
  o.n_excitations = 1;
  tr = sw_forced_compute (sys, &o, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (sw_trajectory_get_times (tr)[0], ==, 600);
  /* The slowest decay is about 0.6 s: after 19 s the transient is e^-30. */
  run = sw_test_run_text (driven, 0, 0);
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      double expect = sw_test_forced_column (tr, names[k][0])[0], got = amplitude_10hz (run, names[k][1]);

      g_test_message ("%s %.10g, time domain %.10g", names[k][0], expect, got);
      g_assert_cmpfloat (fabs (got - expect), <=, 1e-4 * expect);
    }
}

static void
test_stress (void)
{
  g_autoptr (SwSystem) sys = assemble (two_inertia);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  SwForcedExcitation ex[] = { { "J1", 1, 100, 0 }, { "J1", 2, 10, 0 } };
  SwForcedDiameter d[] = { { "S", 0.05, 0 } };
  SwForcedDiameter hollow[] = { { "S", 0.05, 0.03 } };
  SwForcedOptions o = sw_forced_options_default ();
  const double *stress, *amp, *peak, *stress_peak;

  o.from_rpm = 1000;
  o.to_rpm = 2000;
  o.n_speeds = 5;
  o.excitations = ex;
  o.n_excitations = 2;
  o.diameters = d;
  o.n_diameters = 1;
  tr = sw_forced_compute (sys, &o, &error);
  g_assert_no_error (error);
  stress = sw_test_forced_column (tr, "S.stress_amp");
  stress_peak = sw_test_forced_column (tr, "S.stress_peak");
  amp = sw_test_forced_column (tr, "S.tau_amp");
  peak = sw_test_forced_column (tr, "S.tau_peak");
  g_assert_cmpint (sw_trajectory_find_column (tr, "J1.stress_amp"), <, 0);
  for (guint r = 0; r < 5; r++)
    {
      /* 16 T / (pi d^3), in MPa. */
      g_assert_cmpfloat_with_epsilon (stress[r], 16 * amp[r] / (G_PI * 0.05 * 0.05 * 0.05) / 1e6, 1e-12 * stress[r]);
      g_assert_cmpfloat_with_epsilon (stress_peak[r], 16 * peak[r] / (G_PI * 0.05 * 0.05 * 0.05) / 1e6,
                                      1e-12 * stress[r]);
    }
  g_clear_pointer (&tr, sw_trajectory_unref);
  o.diameters = hollow;
  tr = sw_forced_compute (sys, &o, &error);
  g_assert_no_error (error);
  /* T r / Ip, Ip = pi (d_o^4 - d_i^4) / 32. */
  g_assert_cmpfloat_with_epsilon (sw_test_forced_column (tr, "S.stress_amp")[0],
                                  sw_test_forced_column (tr, "S.tau_amp")[0] * 0.025 / (G_PI * (pow (0.05, 4) - pow (0.03, 4)) / 32)
                                    / 1e6,
                                  1e-9);
}

/* A grounded chain of four inertias, three orders (one with two
 * excitations), against numpy 1.24 (Debian 12's python3-numpy): this script,
 * run once, printed the numbers below.
 *
 *   J = [1.5, 0.8, 1.2, 0.3]; c = [2e5, 8e4, 1.2e5, 5e4]; d = [20, 5, 12, 3]
 *   K, D: springs and dampers ground-J1, J1-J2, J2-J3, J3-J4; M = diag (J)
 *   excitations {1: J4 100, 2: J1 30 e^{i pi/4}, 3.5: J2 12 e^{-i pi/2} + J4 8}
 *   for rpm in 500, 1750, 3000, per order o: w = o 2 pi rpm / 60,
 *     X = numpy.linalg.solve (K - w^2 M + 1j w D, F)
 *     |tau| = |(c + 1j w d) (x_b - x_a)| per section, sum |X| per body */
static const char chain4[] =
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"chain4\", \"components\": ["
  " {\"id\": \"G\", \"kind\": \"rotational.fixed\"},"
  " {\"id\": \"S0\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 200000, \"d\": 20}},"
  " {\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1.5}},"
  " {\"id\": \"S1\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 80000, \"d\": 5}},"
  " {\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.8}},"
  " {\"id\": \"S2\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 120000, \"d\": 12}},"
  " {\"id\": \"J3\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1.2}},"
  " {\"id\": \"S3\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 50000, \"d\": 3}},"
  " {\"id\": \"J4\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.3}}],"
  " \"connections\": [{\"from\": \"G.flange\", \"to\": \"S0.flange_a\"},"
  "  {\"from\": \"S0.flange_b\", \"to\": \"J1.flange_a\"}, {\"from\": \"J1.flange_b\", \"to\": \"S1.flange_a\"},"
  "  {\"from\": \"S1.flange_b\", \"to\": \"J2.flange_a\"}, {\"from\": \"J2.flange_b\", \"to\": \"S2.flange_a\"},"
  "  {\"from\": \"S2.flange_b\", \"to\": \"J3.flange_a\"}, {\"from\": \"J3.flange_b\", \"to\": \"S3.flange_a\"},"
  "  {\"from\": \"S3.flange_b\", \"to\": \"J4.flange_a\"}]}";

static const struct {
  double rpm;
  double tau[12];   /* S0 … S3, each at orders 1, 2, 3.5 */
  double phi[4];    /* J1 … J4, summed over the orders */
} numpy_chain4[] = {
  { 500, { 121.3129061049865, 42.814570831207433, 21.829780494398797, 118.81857855618442, 9.2953499998009406, 16.3334404524573, 114.23082839404948, 6.3981192368378625, 17.429220388217445, 104.21759748554402, 1.3507200143521618, 7.1213645280365725 }, { 0.00092974791206910912, 0.0027353037930336389, 0.0038669633273708702, 0.0059652658249493588 } },
  { 1750, { 224.8737794717421, 158.26125584934385, 8.6467594301200119, 168.25466876605299, 29.927332334560447, 18.004660745333016, 81.572524711751143, 74.69180424621922, 31.954239774605437, 75.951746772587455, 41.987639815004542, 11.878174891076808 }, { 0.0019581005865605761, 0.0038288560052420532, 0.0041965684146103239, 0.0035905897302657861 } },
  { 3000, { 181.79420258594101, 26.350332393170866, 0.16747427436394133, 47.547064914589065, 22.988774975829788, 1.3431623261359602, 71.218097039474671, 27.848129914204627, 2.1015911228208002, 178.89032875435063, 6.2221986938323912, 1.3567799449730746 }, { 0.0010408475023813469, 0.0016768841376146636, 0.0009850369228998439, 0.0027465899137536901 } },
};

static void
test_numpy_chain (void)
{
  g_autoptr (SwSystem) sys = assemble (chain4);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  SwForcedExcitation ex[] = { { "J4", 1, 100, 0 }, { "J1", 2, 30, 45 }, { "J2", 3.5, 12, -90 }, { "J4", 3.5, 8, 0 } };
  SwForcedOptions o = sw_forced_options_default ();
  const char *orders[] = { "1", "2", "3.5" };

  o.from_rpm = 500;
  o.to_rpm = 3000;
  o.n_speeds = 3;
  o.excitations = ex;
  o.n_excitations = G_N_ELEMENTS (ex);
  tr = sw_forced_compute (sys, &o, &error);
  g_assert_no_error (error);
  for (guint r = 0; r < 3; r++)
    {
      g_assert_cmpfloat (sw_trajectory_get_times (tr)[r], ==, numpy_chain4[r].rpm);
      for (guint s = 0; s < 4; s++)
        {
          double sum = 0;

          for (guint k = 0; k < 3; k++)
            {
              g_autofree char *name = g_strdup_printf ("S%u.tau_amp@%s", s, orders[k]);
              double expect = numpy_chain4[r].tau[s * 3 + k];

              sum += expect;
              g_assert_cmpfloat (fabs (sw_test_forced_column (tr, name)[r] - expect), <=, 1e-9 * expect);
            }
          {
            g_autofree char *name = g_strdup_printf ("S%u.tau_amp", s);
            g_assert_cmpfloat (fabs (sw_test_forced_column (tr, name)[r] - sum), <=, 1e-9 * sum);
          }
        }
      for (guint b = 0; b < 4; b++)
        {
          g_autofree char *name = g_strdup_printf ("J%u.phi_amp", b + 1);
          double expect = numpy_chain4[r].phi[b];

          g_assert_cmpfloat (fabs (sw_test_forced_column (tr, name)[r] - expect), <=, 1e-9 * expect);
        }
    }
}

/* A star: a hub H (J = 2) with five arms Ak (J = 0.2 k) on spring-dampers
 * Sk (c = 1e4 k, d = 2), free; order 1 on H (100 N.m), order 3 on A3
 * (40 N.m at 90°). Its band is too wide for the band path: the dense
 * complex LU per frequency runs. Against numpy 1.24 (python3-numpy):
 *   M = diag (2, 0.2, 0.4, … 1.0); K, D from the arms
 *   X = numpy.linalg.solve (K - w^2 M + 1j w D, F), |tau_k| = |(c_k + 1j w d) (X_k - X_H)| */
static void
test_numpy_star (void)
{
  static const struct {
    double rpm;
    double tau[10];   /* S1 … S5, each at orders 1 and 3 */
  } expect[] = {
    { 800, { 4.2377595362336216, 12.102755455226507, 8.4758341318324142, 24.507929342399532, 12.713838741862679,
             114.78602421977752, 16.951825845790296, 49.171011896511331, 21.18980594631936, 61.487174243065141 } },
    { 2400, { 7.9819151229006824, 0.04402617416017978, 16.163278897336003, 0.087322027661142318,
              24.301688860223113, 3.9927024415044379, 32.428883233826205, 0.17427690936568518, 40.551542809468963,
              0.21779099737775665 } },
  };
  g_autoptr (GString) json = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"star\", "
                                           "\"components\": [{\"id\": \"H\", \"kind\": \"rotational.inertia\", "
                                           "\"params\": {\"J\": 2}}");
  g_autoptr (GString) links = g_string_new ("\"connections\": [");
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  SwForcedExcitation ex[] = { { "H", 1, 100, 0 }, { "A3", 3, 40, 90 } };
  SwForcedOptions o = sw_forced_options_default ();

  for (guint k = 1; k <= 5; k++)
    {
      g_string_append_printf (json,
                              ", {\"id\": \"S%u\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": %u, "
                              "\"d\": 2}}, {\"id\": \"A%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": %g}}",
                              k, 10000 * k, k, 0.2 * k);
      g_string_append_printf (links, "%s{\"from\": \"H.flange_b\", \"to\": \"S%u.flange_a\"}, "
                              "{\"from\": \"S%u.flange_b\", \"to\": \"A%u.flange_a\"}", k > 1 ? ", " : "", k, k, k);
    }
  g_string_append_printf (json, "], %s]}", links->str);
  sys = assemble (json->str);
  o.from_rpm = 800;
  o.to_rpm = 2400;
  o.n_speeds = 2;
  o.excitations = ex;
  o.n_excitations = 2;
  tr = sw_forced_compute (sys, &o, &error);
  g_assert_no_error (error);
  assert_section_ids (sys, tr, 5);
  for (guint r = 0; r < 2; r++)
    for (guint k = 0; k < 5; k++)
      for (guint j = 0; j < 2; j++)
        {
          g_autofree char *name = g_strdup_printf ("S%u.tau_amp@%s", k + 1, j == 0 ? "1" : "3");
          double want = expect[r].tau[k * 2 + j];

          g_assert_cmpfloat (fabs (sw_test_forced_column (tr, name)[r] - want), <=, 1e-9 * want);
        }
}

static void
expect_error (const SwSystem *sys, SwForcedOptions *o, const char *needle)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwTrajectory) tr = sw_forced_compute (sys, o, &error);

  g_assert_null (tr);
  sw_test_assert_error_says (error, needle);
}

static void
test_errors (void)
{
  g_autoptr (SwSystem) sys = assemble (two_inertia);
  SwForcedExcitation unknown[] = { { "nope", 1, 1, 0 } }, not_body[] = { { "S", 1, 1, 0 } };
  SwForcedExcitation bad_order[] = { { "J1", -1, 1, 0 } }, bad_amp[] = { { "J1", 1, NAN, 0 } };
  SwForcedExcitation good[] = { { "J1", 1, 1, 0 } }, irrational[] = { { "J1", 1, 1, 0 }, { "J1", G_PI, 1, 0 } };
  SwForcedDiameter bad_d[] = { { "S", 0.05, 0.06 } }, not_section[] = { { "J1", 0.05, 0 } };
  double order3[] = { 3 };
  SwForcedOptions o = sw_forced_options_default ();

  o.from_rpm = 100;
  o.to_rpm = 200;
  o.n_speeds = 3;
  expect_error (sys, &o, "no excitation");
  o.n_excitations = 1;
  o.excitations = unknown;
  expect_error (sys, &o, "unknown component “nope”");
  o.excitations = not_body;
  expect_error (sys, &o, "is not a body");
  o.excitations = bad_order;
  expect_error (sys, &o, "order -1");
  o.excitations = bad_amp;
  expect_error (sys, &o, "amplitude nan");
  o.excitations = irrational;
  o.n_excitations = 2;
  expect_error (sys, &o, "common base");
  o.excitations = good;
  o.n_excitations = 1;
  o.orders = order3;
  o.n_orders = 1;
  expect_error (sys, &o, "order 3 has no excitation; valid: the excited orders 1");
  o.orders = NULL;
  o.n_orders = 0;
  o.diameters = bad_d;
  o.n_diameters = 1;
  expect_error (sys, &o, "0 <= d_i < d_o");
  o.diameters = not_section;
  expect_error (sys, &o, "“J1” is not a compliant section");
  o.n_diameters = 0;
  o.from_rpm = 0;
  expect_error (sys, &o, "0 < from < to");
  o.from_rpm = 100;
  o.n_speeds = 1;
  expect_error (sys, &o, "1 speeds; valid: 2");
  /* 100 000 speeds of a table too wide for memory: refused before any work. */
  {
    static SwForcedExcitation many[3000];

    for (guint k = 0; k < G_N_ELEMENTS (many); k++)
      many[k] = (SwForcedExcitation) { "J1", 0.5 * (k + 1), 1, 0 };
    o.excitations = many;
    o.n_excitations = G_N_ELEMENTS (many);
    o.n_speeds = 100000;
    expect_error (sys, &o, "100000 speeds × 3006 columns would keep");
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/forced/two-inertia-closed-form", test_two_inertia_closed_form);
  g_test_add_func ("/core/forced/synthesised-peak", test_synthesised_peak);
  g_test_add_func ("/core/forced/order-base", test_order_base);
  g_test_add_func ("/core/forced/time-domain", test_time_domain);
  g_test_add_func ("/core/forced/numpy-chain", test_numpy_chain);
  g_test_add_func ("/core/forced/numpy-star", test_numpy_star);
  g_test_add_func ("/core/forced/stress", test_stress);
  g_test_add_func ("/core/forced/errors", test_errors);
  return g_test_run ();
}
