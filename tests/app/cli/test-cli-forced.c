/* test-cli-forced.c: shaftwork-cli forced as a user runs it: the CSV against
 * the exact 2-DOF solution, images, and the errors of bad specifications.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <complex.h>
#include <math.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "test-cli-common.h"

/* Two inertias J1 = 2, J2 = 0.5 on a spring-damper (c = 4e4, d = 6). */
static const char two_inertia[] =
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"two\", \"components\": ["
  " {\"id\": \"engine\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}},"
  " {\"id\": \"shaft\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 40000, \"d\": 6}},"
  " {\"id\": \"prop\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5}}],"
  " \"connections\": [{\"from\": \"engine.flange_b\", \"to\": \"shaft.flange_a\"},"
  "  {\"from\": \"shaft.flange_b\", \"to\": \"prop.flange_a\"}]}";

/* The section torque of T on J1: z (X2 - X1) = -T z w^2 J2 / det. */
static double
exact_tau (double w, double T)
{
  double complex z = 40000 + I * w * 6, det = (z - w * w * 2) * (z - w * w * 0.5) - z * z;

  return cabs (T * z * (z - (z - w * w * 0.5)) / det);
}

static void
test_csv (void)
{
  g_autofree char *model = write_temp_model (two_inertia);
  g_auto (Run) r = { 0 };
  g_auto (GStrv) lines = NULL;
  g_auto (GStrv) head = NULL;

  cli (&r, "forced", model, "--speed-range", "600:3000", "--speeds", "4", "--excite", "engine=1:100",
       "--excite", "engine=2.5:40:30", "--diameter", "shaft=0.04", NULL);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  g_assert_cmpstr (lines[0], ==,
                   "rpm,shaft.tau_amp,shaft.tau_peak,shaft.tau_amp@1,shaft.tau_amp@2.5,shaft.stress_amp,"
                   "shaft.stress_peak,engine.phi_amp,prop.phi_amp");
  for (guint k = 0; k < 4; k++)
    {
      g_auto (GStrv) cells = g_strsplit (lines[k + 1], ",", -1);
      double rpm = g_ascii_strtod (cells[0], NULL), w = 2 * G_PI * rpm / 60;
      double t1 = exact_tau (w, 100), t25 = exact_tau (2.5 * w, 40);

      g_assert_cmpfloat_with_epsilon (rpm, 600 + 800 * k, 1e-9);
      g_assert_cmpfloat (fabs (g_ascii_strtod (cells[3], NULL) - t1), <=, 1e-9 * t1);
      g_assert_cmpfloat (fabs (g_ascii_strtod (cells[4], NULL) - t25), <=, 1e-9 * t25);
      g_assert_cmpfloat (fabs (g_ascii_strtod (cells[1], NULL) - t1 - t25), <=, 1e-9 * (t1 + t25));
      /* 16 T / (pi d^3) in MPa. */
      g_assert_cmpfloat (fabs (g_ascii_strtod (cells[5], NULL) - 16 * (t1 + t25) / (G_PI * 0.04 * 0.04 * 0.04) / 1e6),
                         <=, 1e-9 * g_ascii_strtod (cells[5], NULL));
    }
  g_unlink (model);
}

static void
test_images (void)
{
  g_autofree char *model = write_temp_model (two_inertia);
  g_autofree char *dir = g_dir_make_tmp ("cli-forced-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "forced.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "forced.svg", NULL);
  g_autofree char *text = NULL;
  gsize len = 0;
  g_auto (Run) r = { 0 }, rs = { 0 }, bad = { 0 };

  cli (&r, "forced", model, "--speed-range", "300:6000", "--speeds", "50", "--excite", "engine=0.5:30",
       "--excite", "engine=1:100", "-o", png, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_file_get_contents (png, &text, &len, NULL));
  g_assert_cmpuint (len, >, 1000);
  g_clear_pointer (&text, g_free);
  cli (&rs, "forced", model, "--speed-range", "300:6000", "--speeds", "50", "--excite", "engine=0.5:30",
       "--excite", "prop=1:100:90", "--plot-section", "shaft", "-o", svg, NULL);
  g_assert_cmpint (rs.status, ==, 0);
  g_assert_true (g_file_get_contents (svg, &text, NULL, NULL));
  /* PLplot draws the legends' glyphs as paths: the file, not its words. */
  g_assert_nonnull (strstr (text, "<svg"));
  g_assert_cmpuint (strlen (text), >, 1000);
  cli (&bad, "forced", model, "--speed-range", "300:6000", "--excite", "engine=1:100", "--plot-section", "engine",
       "-o", svg, NULL);
  g_assert_cmpint (bad.status, ==, 1);
  g_assert_nonnull (strstr (bad.err, "--plot-section engine: no such compliant section"));
  g_unlink (png);
  g_unlink (svg);
  g_rmdir (dir);
  g_unlink (model);
}

static void
expect (const char *model, int status, const char *needle, ...)
{
  g_auto (Run) r = { 0 };
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  va_list ap;
  const char *a;

  g_ptr_array_add (args, (gpointer) "forced");
  g_ptr_array_add (args, (gpointer) model);
  va_start (ap, needle);
  while ((a = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  {
    const char **v = (const char **) args->pdata;
    guint n = args->len;

    /* cli() takes a NULL-terminated list: at most ten arguments here. */
    g_assert_cmpuint (n, <=, 11);
    cli (&r, v[0], v[1], n > 2 ? v[2] : NULL, n > 3 ? v[3] : NULL, n > 4 ? v[4] : NULL, n > 5 ? v[5] : NULL,
         n > 6 ? v[6] : NULL, n > 7 ? v[7] : NULL, n > 8 ? v[8] : NULL, n > 9 ? v[9] : NULL, NULL);
  }
  g_test_message ("%s", r.err);
  g_assert_cmpint (r.status, ==, status);
  g_assert_nonnull (strstr (r.err, needle));
}

/* The model's "excitation" of one order gives the CSV --excite gives, bit
 * for bit; both together add (twice the amplitude). */
static void
test_model_excitation (void)
{
  g_autofree char *json = g_strndup (two_inertia, strlen (two_inertia) - 1);
  g_autofree char *with = g_strconcat (json, ", \"excitation\": [{\"at\": \"engine\", \"orders\":"
                                       " [{\"order\": 2.5, \"amplitude\": 40, \"phase\": 30}]}]}", NULL);
  g_autofree char *plain = write_temp_model (two_inertia);
  g_autofree char *model = write_temp_model (with);
  g_auto (Run) a = { 0 };
  g_auto (Run) b = { 0 };
  g_auto (Run) c = { 0 };
  g_auto (GStrv) lines_b = NULL;
  g_auto (GStrv) lines_c = NULL;

  cli (&a, "forced", plain, "--speed-range", "600:3000", "--speeds", "7", "--excite", "engine=2.5:40:30", NULL);
  cli (&b, "forced", model, "--speed-range", "600:3000", "--speeds", "7", NULL);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_cmpint (b.status, ==, 0);
  g_assert_cmpstr (a.out, ==, b.out);
  cli (&c, "forced", model, "--speed-range", "600:3000", "--speeds", "7", "--excite", "engine=2.5:40:30", NULL);
  g_assert_cmpint (c.status, ==, 0);
  lines_b = g_strsplit (b.out, "\n", -1);
  lines_c = g_strsplit (c.out, "\n", -1);
  for (guint k = 1; k < 8; k++)
    {
      g_auto (GStrv) cb = g_strsplit (lines_b[k], ",", -1);
      g_auto (GStrv) cc = g_strsplit (lines_c[k], ",", -1);
      double one = g_ascii_strtod (cb[1], NULL);

      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cc[1], NULL), 2 * one, 1e-12 * one);
    }
  g_unlink (plain);
  g_unlink (model);
}

/* data/examples/inline-six-forced.shaft: a six-cylinder engine's own gas
 * and inertia harmonics on its six cranks, firing 1-5-3-6-2-4. At the
 * flywheel's shaft, beyond the crankshaft, the orders add with their
 * phases: on a rigid crankshaft only the multiples of 3 would remain; the
 * crankshaft's twist lets the others through, but far weaker at low
 * speed, where it is nearly rigid. */
static void
test_engine_example (void)
{
  g_autofree char *model = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "data", "examples",
                                             "inline-six-forced.shaft", NULL);
  g_auto (Run) r = { 0 };
  g_auto (GStrv) lines = NULL;
  g_auto (GStrv) head = NULL;
  g_auto (GStrv) cells = NULL;
  int c3 = -1, c6 = -1, c1 = -1, c2 = -1;

  cli (&r, "forced", model, "--speed-range", "300:600", "--speeds", "2", "--no-peak", NULL);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  head = g_strsplit (lines[0], ",", -1);
  cells = g_strsplit (lines[1], ",", -1);
  for (int k = 0; head[k] != NULL; k++)
    {
      if (strcmp (head[k], "shaft.tau_amp@3") == 0)
        c3 = k;
      else if (strcmp (head[k], "shaft.tau_amp@6") == 0)
        c6 = k;
      else if (strcmp (head[k], "shaft.tau_amp@1") == 0)
        c1 = k;
      else if (strcmp (head[k], "shaft.tau_amp@2") == 0)
        c2 = k;
    }
  g_assert_cmpint (MIN (MIN (c1, c2), MIN (c3, c6)), >, 0);
  /* At 300 rpm: the major orders at least 100 times the minor ones. */
  g_assert_cmpfloat (g_ascii_strtod (cells[c3], NULL), >, 100 * g_ascii_strtod (cells[c1], NULL));
  g_assert_cmpfloat (g_ascii_strtod (cells[c3], NULL), >, 100 * g_ascii_strtod (cells[c2], NULL));
  g_assert_cmpfloat (g_ascii_strtod (cells[c6], NULL), >, 100 * g_ascii_strtod (cells[c2], NULL));
}

static void
expect_tune_error (const char *model, const char *spec, int status, const char *needle)
{
  expect (model, status, needle, "--speed-range", "100:200", "--excite", "J=1:5", "--tune", spec, NULL);
}

static void
test_errors (void)
{
  g_autofree char *model = write_temp_model (two_inertia);

  expect (model, 1, "excitation 1: unknown component “nope”", "--speed-range", "100:200", "--excite", "nope=1:5",
          NULL);
  expect (model, 1, "component “shaft” (rotational.spring_damper) is not a body", "--speed-range", "100:200",
          "--excite", "shaft=1:5", NULL);
  expect (model, 2, "--excite “engine=-1:5”", "--speed-range", "100:200", "--excite", "engine=-1:5", NULL);
  expect (model, 2, "--excite “engine=1”", "--speed-range", "100:200", "--excite", "engine=1", NULL);
  expect (model, 2, "--excite “engine=1:x”", "--speed-range", "100:200", "--excite", "engine=1:x", NULL);
  expect (model, 1, "order 2 has no excitation; valid: the excited orders 1", "--speed-range", "100:200",
          "--excite", "engine=1:5", "--orders", "2", NULL);
  expect (model, 2, "--orders takes orders above 0", "--speed-range", "100:200", "--excite", "engine=1:5",
          "--orders", "0", NULL);
  expect (model, 2, "--diameter “shaft=0.04:0.05”", "--speed-range", "100:200", "--excite", "engine=1:5",
          "--diameter", "shaft=0.04:0.05", NULL);
  expect (model, 1, "diameter 1: component “engine” is not a compliant section", "--speed-range", "100:200",
          "--excite", "engine=1:5", "--diameter", "engine=0.04", NULL);
  expect (model, 2, "--speed-range N0:N1 needs 0 < N0 < N1", "--speed-range", "0:200", "--excite", "engine=1:5",
          NULL);
  expect (model, 2, "forced needs an excitation: the model's “excitation”, or --excite", "--speed-range", "100:200",
          NULL);
  expect (model, 2, "forced needs --speed-range", "--excite", "engine=1:5", NULL);
  /* Orders 99999999 and 1 asked the peak for 3.2 GB of samples (hos26);
   * 1e9 said only "above 0". */
  expect (model, 1, "2 orders up to 1e+08 on a common base of 1 would need 200000000 samples of the peak; valid: "
          "orders × (highest order / base + 1) up to 16777216", "--speed-range", "100:200", "--excite",
          "engine=99999999:5", "--excite", "engine=1:5", NULL);
  expect (model, 1, "order 1e+09; valid: a number above 0 and below 1e9", "--speed-range", "100:200", "--excite",
          "engine=1e9:5", NULL);
  g_unlink (model);
}

/* --limits: the rule's columns (d = 32 mm, 560 MPa, C_K = 1: 32.6 (3 - 2
 * lambda^2) MPa continuous, 1.7 x transient) and the ranges around the
 * resonance at 3 020 rpm (test-forced-limits checks their ends against the
 * closed form), on stdout with -o; the errors. */
static void
test_limits (void)
{
  g_autofree char *model = write_temp_model (two_inertia);
  g_autofree char *csv = g_build_filename (g_get_tmp_dir (), "sw-test-forced-limits.csv", NULL);
  g_autofree char *text = NULL;
  g_auto (Run) r = { 0 };
  g_auto (GStrv) lines = NULL;
  g_auto (GStrv) out = NULL;
  g_auto (GStrv) head = NULL;
  g_auto (GStrv) row = NULL;

  cli (&r, "forced", model, "--speed-range", "100:3500", "--speeds", "341", "--excite", "engine=1:200",
       "--diameter", "shaft=0.032", "--limits", "shaft=560", "--rated-rpm", "4000", "-o", csv, NULL);
  g_assert_cmpint (r.status, ==, 0);
  out = g_strsplit (r.out, "\n", -1);
  g_assert_cmpstr (out[0], ==, "section\tkind\tfrom_rpm\tto_rpm\tmax_stress_MPa\tat_rpm\tlimit_MPa");
  g_assert_true (g_str_has_prefix (out[1], "shaft\tbarred\t"));
  g_assert_true (g_str_has_prefix (out[2], "shaft\tnot allowed\t"));
  g_assert_true (g_str_has_prefix (out[3], "shaft\tbarred\t"));
  g_assert_cmpstr (out[4], ==, "");
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpstr (lines[0], ==,
                   "rpm,shaft.tau_amp,shaft.tau_peak,shaft.tau_amp@1,shaft.stress_amp,shaft.stress_peak,"
                   "shaft.stress_limit_cont,shaft.stress_limit_trans,engine.phi_amp,prop.phi_amp");
  row = g_strsplit (lines[1], ",", -1);
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (row[6], NULL), 32.6 * (3 - 2 * pow (100.0 / 4000, 2)), 1e-9);
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (row[7], NULL), 1.7 * 32.6 * (3 - 2 * pow (100.0 / 4000, 2)),
                                  1e-9);
  g_unlink (csv);

  expect (model, 2, "--limits needs --rated-rpm", "--speed-range", "100:200", "--excite", "engine=1:5",
          "--diameter", "shaft=0.04", "--limits", "shaft=560", NULL);
  expect (model, 2, "--limits “shaft=560:2”", "--speed-range", "100:200", "--excite", "engine=1:5", "--limits",
          "shaft=560:2", "--rated-rpm", "300", NULL);
  expect (model, 1, "limit 1: section “shaft” has no diameter", "--speed-range", "100:200", "--excite",
          "engine=1:5", "--limits", "shaft=560", "--rated-rpm", "300", NULL);
  g_unlink (model);
}

/* --tune sets the absorber to Den Hartog's optimum for the primary's mode
 * (J = 1 on 1e4 N.m/rad: 100 rad/s; mu = 0.1) and says so. */
static void
test_tune (void)
{
  g_autofree char *model = write_temp_model (
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"absorber\", \"components\": ["
    " {\"id\": \"G\", \"kind\": \"rotational.fixed\"},"
    " {\"id\": \"K\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 10000}},"
    " {\"id\": \"J\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}},"
    " {\"id\": \"A\", \"kind\": \"rotational.tuned_absorber\", \"params\": {\"J\": 0.1}}],"
    " \"connections\": [{\"from\": \"G.flange\", \"to\": \"K.flange_a\"}, {\"from\": \"K.flange_b\", \"to\": "
    "\"J.flange_a\"}, {\"from\": \"J.flange_b\", \"to\": \"A.flange\"}]}");
  g_auto (Run) r = { 0 };
  g_autofree char *expect = g_strdup_printf ("c = %.6g N.m/rad, d = %.6g N.m.s/rad", 0.1 * pow (100 / 1.1, 2),
                                             2 * 0.1 * 100 * sqrt (3 * 0.1 / (8 * pow (1.1, 3))));

  cli (&r, "forced", model, "--speed-range", "600:1400", "--speeds", "3", "--excite", "J=1:1", "--tune", "A=1", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.err, "A tuned to mode 1 (15.9155 Hz without it, 1 kg.m2 at the hub, mass ratio 0.1)"));
  g_assert_nonnull (strstr (r.err, expect));
  /* The absorber is a section (its torque) and a body (its inertia). */
  g_assert_true (g_str_has_prefix (r.out, "rpm,K.tau_amp,"));
  g_assert_nonnull (strstr (r.out, ",A.tau_amp,"));
  g_assert_nonnull (strstr (r.out, ",A.phi_amp"));
  expect_tune_error (model, "A=2", 1, "the model without it has 1 elastic modes");
  expect_tune_error (model, "J=1", 1, "cannot tune “J”: it is not a damper");
  expect_tune_error (model, "A=0", 2, "--tune “A=0”: expected ID=MODE");
  g_unlink (model);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/cli/forced/csv", test_csv);
  g_test_add_func ("/app/cli/forced/images", test_images);
  g_test_add_func ("/app/cli/forced/errors", test_errors);
  g_test_add_func ("/app/cli/forced/model-excitation", test_model_excitation);
  g_test_add_func ("/app/cli/forced/engine-example", test_engine_example);
  g_test_add_func ("/app/cli/forced/tune", test_tune);
  g_test_add_func ("/app/cli/forced/limits", test_limits);
  return g_test_run ();
}
