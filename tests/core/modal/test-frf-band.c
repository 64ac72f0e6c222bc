/* test-frf-band.c: the band path of frequency responses (issue 24) against
 * the dense one (the reference, a complex LU of the whole matrix), against
 * closed forms, and on a chain of 1 000 bodies.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <complex.h>
#include <math.h>
#include <string.h>
#include <glib.h>

#include "sw-error.h"
#include "sw-frf-private.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-gsl-private.h"
#include "sw-system-private.h"

static SwSystem *
assemble (const char *json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (json, -1, "frf-band.shaft", &error);
  SwSystem *sys;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  return sys;
}

static double complex
response (const SwTrajectory *tr, guint row)
{
  return sw_trajectory_get_column (tr, 2)[row] + I * sw_trajectory_get_column (tr, 3)[row];
}

/* Both paths on the same grid, every point within tol of the dense one
 * (relative; a response below 1e-280 underflows in either). With modes:
 * plus what the problem itself allows near an undamped resonance f_k, where
 * a relative change eps of any entry moves the solution by eps f^2 / |f^2 -
 * f_k^2|: the grid's points nearest a mode are 2.5e-6 from it, where either
 * path is 1e-10 from the exact solution of the rounded matrix (fourbody at
 * 10.53657 Hz: dense 1.9e-10 below it, band 2.0e-10 above, checked in
 * exact rational arithmetic): 4e-15 is about 9 roundings each. Returns the
 * number of points. */
static guint
compare_paths (const SwSystem *sys, const char *input, const char *output, const SwFrfOptions *o,
               const char *expect_solver, double tol, const SwModes *modes)
{
  g_autoptr (GError) error = NULL;
  const char *used_band = NULL, *used_dense = NULL;
  g_autoptr (SwTrajectory) band = _sw_frf_compute_with (sys, input, output, o, SW_FRF_SOLVER_AUTO, &used_band,
                                                        &error);
  g_autoptr (SwTrajectory) dense = NULL;
  guint n;

  g_assert_no_error (error);
  dense = _sw_frf_compute_with (sys, input, output, o, SW_FRF_SOLVER_DENSE, &used_dense, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (used_dense, ==, "dense");
  if (expect_solver != NULL)
    g_assert_cmpstr (used_band, ==, expect_solver);
  n = sw_trajectory_get_n_rows (dense);
  g_assert_cmpuint (sw_trajectory_get_n_rows (band), ==, n);
  for (guint r = 0; r < n; r++)
    {
      double complex yb = response (band, r), yd = response (dense, r);

      g_assert_cmpfloat (sw_trajectory_get_times (band)[r], ==, sw_trajectory_get_times (dense)[r]);
      g_assert_true (isfinite (creal (yd)) && isfinite (cimag (yd)));
      double f = sw_trajectory_get_times (dense)[r], allow = tol;

      for (guint k = 0; modes != NULL && k < sw_modes_get_n_modes (modes); k++)
        {
          double fk = sw_modes_get_mode (modes, k)->frequency_hz;

          allow = MAX (allow, tol + 4e-15 * f * f / fabs (f * f - fk * fk));
        }
      g_assert_cmpfloat (cabs (yb - yd), <=, allow * cabs (yd) + 1e-280);
      g_assert_cmpfloat (fabs (sw_trajectory_get_column (band, 0)[r] - cabs (yd)), <=, allow * cabs (yd) + 1e-280);
    }
  return n;
}

/* A tree of n inertias on spring-dampers: body i hangs on body i - 1, or
 * (branches) on an earlier one; some springs undamped, some bodies tied to
 * the ground, a torque on body 0. */
static char *
tree_json (GRand *rand, guint n, double branch_probability)
{
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"tree\", \"components\": [\n"
                             "{\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 0}},\n"
                             "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"}");
  GString *c = g_string_new ("\"connections\": [{\"from\": \"torque.flange\", \"to\": \"j0.flange_a\"}");

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (s, ",\n{\"id\": \"j%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": %.6g}}", i,
                              g_rand_double_range (rand, 0.05, 0.5));
      if (i > 0)
        {
          guint parent = g_rand_double (rand) < branch_probability ? (guint) g_rand_int_range (rand, 0, (gint32) i)
                                                                   : i - 1;
          double d = g_rand_double (rand) < 0.3 ? 0 : g_rand_double_range (rand, 0.1, 5);

          g_string_append_printf (s, ",\n{\"id\": \"s%u\", \"kind\": \"rotational.spring_damper\", "
                                     "\"params\": {\"c\": %.6g, \"d\": %.6g}}", i, g_rand_double_range (rand, 1e3, 1e5), d);
          g_string_append_printf (c, ",\n{\"from\": \"j%u.flange_b\", \"to\": \"s%u.flange_a\"}", parent, i);
          g_string_append_printf (c, ",{\"from\": \"s%u.flange_b\", \"to\": \"j%u.flange_a\"}", i, i);
        }
      if (i % 7 == 3)
        {
          g_string_append_printf (s, ",\n{\"id\": \"g%u\", \"kind\": \"rotational.spring_damper\", "
                                     "\"params\": {\"c\": %.6g, \"d\": 0.5}}", i, g_rand_double_range (rand, 1e2, 1e4));
          g_string_append_printf (c, ",\n{\"from\": \"j%u.flange_b\", \"to\": \"g%u.flange_a\"}", i, i);
          g_string_append_printf (c, ",{\"from\": \"g%u.flange_b\", \"to\": \"ground.flange\"}", i);
        }
    }
  g_string_append (s, "],\n");
  g_string_append (c, "]}");
  g_string_append (s, c->str);
  g_string_free (c, TRUE);
  return g_string_free (s, FALSE);
}

/* Chains (the tridiagonal path) and trees with branches (the general band)
 * of 10 to 60 bodies: the band path within 1e-10 of the dense one at every
 * point of the default grid, refinement near the resonances included. */
static void
test_against_dense (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (24);
  const struct { guint n; double branch; } cases[] = {
    { 10, 0 }, { 30, 0 }, { 60, 0 }, { 12, 0.3 }, { 30, 0.15 }, { 50, 0.1 },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autofree char *json = tree_json (rand, cases[k].n, cases[k].branch);
      g_autoptr (SwSystem) sys = assemble (json);
      g_autofree char *far = g_strdup_printf ("j%u.w", cases[k].n - 1);
      g_autofree char *mid = g_strdup_printf ("s%u.tau", cases[k].n / 2);
      SwFrfOptions o = sw_frf_options_default ();

      o.n_points = 100;
      g_test_message ("%u bodies, branches %g", cases[k].n, cases[k].branch);
      g_assert_cmpuint (compare_paths (sys, "torque", far, &o, "band", 1e-10, NULL), >, 100);
      g_assert_cmpuint (compare_paths (sys, "j1", mid, &o, "band", 1e-10, NULL), >, 100);
    }
}

/* The widths the band path sees: a chain's tridiagonal, a tree's wider
 * band, a body tied to all others (a star) refused to the dense path. */
static void
test_widths (void)
{
  guint n = 40, kl, ku;
  g_autoptr (gsl_matrix) K = gsl_matrix_calloc (n, n);
  g_autoptr (gsl_matrix) D = gsl_matrix_calloc (n, n);
  g_autoptr (gsl_matrix) M = gsl_matrix_calloc (n, n);
  g_autoptr (SwFrfBand) chain = NULL;
  g_autoptr (SwFrfBand) star = NULL;

  /* A chain numbered out of order: i next to (i * 7) % 40's neighbours. */
  for (guint i = 0; i + 1 < n; i++)
    {
      guint a = (i * 7) % n, b = ((i + 1) * 7) % n;

      gsl_matrix_set (K, a, b, -1);
      gsl_matrix_set (K, b, a, -1);
    }
  for (guint i = 0; i < n; i++)
    gsl_matrix_set (K, i, i, 2), gsl_matrix_set (M, i, i, 1);
  chain = _sw_frf_band_new (K, D, M);
  g_assert_nonnull (chain);
  _sw_frf_band_get_widths (chain, &kl, &ku);
  g_assert_cmpuint (kl, ==, 1);
  g_assert_cmpuint (ku, ==, 1);
  /* Non-symmetric: one entry above the band, in D alone. */
  gsl_matrix_set (D, 0, (2 * 7) % n, 0.5);
  {
    g_autoptr (SwFrfBand) lossy = _sw_frf_band_new (K, D, M);

    g_assert_nonnull (lossy);
    _sw_frf_band_get_widths (lossy, &kl, &ku);
    g_assert_cmpuint (MAX (kl, ku), ==, 2);
  }
  for (guint i = 1; i < n; i++)
    gsl_matrix_set (K, 0, i, -1), gsl_matrix_set (K, i, 0, -1);
  star = _sw_frf_band_new (K, D, M);
  g_assert_null (star);
}

/* J = 2 on a spring-damper (c = 800, d = 4) to ground: H = 1 / (c - J w^2 +
 * i d w); and two bodies, J1 = 1 on (c1 = 500, d1 = 2) to ground, J2 = 3 on
 * (c2 = 2000, d2 = 1) to J1, by Cramer's rule on the 2 x 2 (a tridiagonal
 * band). Both on the band path. */
static void
test_oscillators_closed_form (void)
{
  const char *one =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"one\", \"components\": ["
    " {\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 0}},"
    " {\"id\": \"body\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}},"
    " {\"id\": \"shaft\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 800, \"d\": 4}},"
    " {\"id\": \"ground\", \"kind\": \"rotational.fixed\"}],"
    " \"connections\": [{\"from\": \"torque.flange\", \"to\": \"body.flange_a\"},"
    "  {\"from\": \"body.flange_b\", \"to\": \"shaft.flange_a\"}, {\"from\": \"shaft.flange_b\", \"to\": \"ground.flange\"}]}";
  const char *two =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"two\", \"components\": ["
    " {\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 0}},"
    " {\"id\": \"j1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}},"
    " {\"id\": \"s1\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 500, \"d\": 2}},"
    " {\"id\": \"j2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 3}},"
    " {\"id\": \"s2\", \"kind\": \"rotational.spring_damper\", \"params\": {\"c\": 2000, \"d\": 1}},"
    " {\"id\": \"ground\", \"kind\": \"rotational.fixed\"}],"
    " \"connections\": [{\"from\": \"torque.flange\", \"to\": \"j1.flange_a\"},"
    "  {\"from\": \"j1.flange_b\", \"to\": \"s1.flange_a\"}, {\"from\": \"s1.flange_b\", \"to\": \"ground.flange\"},"
    "  {\"from\": \"j1.flange_b\", \"to\": \"s2.flange_a\"}, {\"from\": \"s2.flange_b\", \"to\": \"j2.flange_a\"}]}";
  g_autoptr (SwSystem) s1 = assemble (one);
  g_autoptr (SwSystem) s2 = assemble (two);
  g_autoptr (GError) error = NULL;
  const char *used = NULL;
  SwFrfOptions o = sw_frf_options_default ();
  g_autoptr (SwTrajectory) t1 = _sw_frf_compute_with (s1, "torque", "body.phi", &o, SW_FRF_SOLVER_AUTO, &used, &error);
  g_autoptr (SwTrajectory) t2 = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (used, ==, "band");
  for (guint r = 0; r < sw_trajectory_get_n_rows (t1); r++)
    {
      double w = 2 * G_PI * sw_trajectory_get_times (t1)[r];
      double complex H = 1 / (800 - 2 * w * w + I * 4 * w);

      g_assert_cmpfloat (cabs (response (t1, r) - H), <=, 1e-12 * cabs (H));
    }
  t2 = _sw_frf_compute_with (s2, "torque", "j2.w", &o, SW_FRF_SOLVER_AUTO, &used, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (used, ==, "band");
  g_assert_cmpuint (sw_trajectory_get_n_rows (t2), >, 400);
  for (guint r = 0; r < sw_trajectory_get_n_rows (t2); r++)
    {
      double w = 2 * G_PI * sw_trajectory_get_times (t2)[r];
      double complex k2 = 2000 + I * w * 1;
      double complex a11 = 500 + I * w * 2 + k2 - w * w * 1, a22 = k2 - w * w * 3, a12 = -k2;
      /* x2 = -a21 f / det, f = 1 on j1; w2 = i w x2 */
      double complex expect = I * w * (-a12) / (a11 * a22 - a12 * a12);

      g_assert_cmpfloat (cabs (response (t2, r) - expect), <=, 1e-10 * cabs (expect));
    }
}

/* Every example with a torque or force source (a rolling lossy gear's
 * non-symmetric equations, friction locked at the operating point, gears,
 * shafts): the source to every body's first variable, band against dense. */
static void
test_examples (void)
{
  const char *root = g_getenv ("SW_SOURCE_ROOT");
  g_autofree char *dir_path = NULL;
  g_autoptr (GDir) dir = NULL;
  const char *name;
  guint compared = 0;

  if (root == NULL)
    {
      g_test_skip ("SW_SOURCE_ROOT is not set: run through meson test");
      return;
    }
  dir_path = g_build_filename (root, "data", "examples", NULL);
  dir = g_dir_open (dir_path, 0, NULL);
  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = NULL;
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (SwModes) modes = NULL;

      if (!g_str_has_suffix (name, ".shaft"))
        continue;
      model = sw_model_new_from_file (path, &error);
      g_assert_no_error (error);
      if (!(sys = sw_model_assemble (model, &error)))
        continue;
      for (guint i = 0; i < sys->n_parts; i++)
        {
          const SwPart *src = &sys->parts[i];

          if (!g_str_equal (src->kind->group, "Sources") || src->kind->forces == NULL)
            continue;
          for (guint k = 0; k < sys->n_bodies; k++)
            {
              const SwPart *body = &sys->parts[sys->bodies[k].part];
              g_autofree char *output = g_strdup_printf ("%s.%s", body->id, body->kind->vars[0].name);
              g_autoptr (SwTrajectory) probe = NULL;
              SwFrfOptions o = sw_frf_options_default ();

              o.n_points = 60;
              /* Where the dense path refuses (no free motion, a singular
               * mass matrix), there is nothing to compare. */
              probe = _sw_frf_compute_with (sys, src->id, output, &o, SW_FRF_SOLVER_DENSE, NULL, &error);
              if (probe == NULL)
                {
                  g_test_message ("%s: %s -> %s: %s", name, src->id, output, error->message);
                  g_clear_error (&error);
                  continue;
                }
              if (modes == NULL)
                {
                  modes = sw_modes_compute (sys, 0, NULL, &error);
                  g_assert_no_error (error);
                }
              compare_paths (sys, src->id, output, &o, NULL, 1e-10, modes);
              compared++;
            }
        }
    }
  g_test_message ("%u responses compared", compared);
  g_assert_cmpuint (compared, >=, 10);
}

/* A chain of 1 000 inertias and springs on the default grid (160 000
 * points with the refinement around its 999 modes) runs on the band path
 * (bench-frf times it, and compares it with the dense path at N <= 300). */
static void
test_chain_1000 (void)
{
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"chain\", \"components\": [\n"
                             "{\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 0}}");
  GString *c = g_string_new ("\"connections\": [{\"from\": \"torque.flange\", \"to\": \"j0.flange_a\"}");
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL;
  const char *used = NULL;
  SwFrfOptions o = sw_frf_options_default ();
  guint n = 1000, rows;

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (s, ",\n{\"id\": \"j%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": %g}}", i,
                              0.1 + 0.01 * (i % 7));
      if (i + 1 < n)
        {
          g_string_append_printf (s, ",\n{\"id\": \"s%u\", \"kind\": \"rotational.spring\", "
                                     "\"params\": {\"c\": %g}}", i, 1e4 + 100 * (i % 5));
          g_string_append_printf (c, ",{\"from\": \"j%u.flange_b\", \"to\": \"s%u.flange_a\"}", i, i);
          g_string_append_printf (c, ",{\"from\": \"s%u.flange_b\", \"to\": \"j%u.flange_a\"}", i, i + 1);
        }
    }
  g_string_append_printf (s, "],\n%s]}", c->str);
  g_string_free (c, TRUE);
  json = g_string_free (s, FALSE);
  sys = assemble (json);
  tr = _sw_frf_compute_with (sys, "torque", "j0.w", &o, SW_FRF_SOLVER_AUTO, &used, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (used, ==, "band");
  rows = sw_trajectory_get_n_rows (tr);
  /* 400 points and 162 around each mode in range (a decade below the first,
   * above the last). */
  g_assert_cmpuint (rows, >, 150000);
  for (guint r = 0; r < rows; r++)
    g_assert_true (isfinite (sw_trajectory_get_column (tr, 0)[r]) && sw_trajectory_get_column (tr, 0)[r] > 0);
  /* Below the first elastic mode (0.14 Hz) the free chain turns as one
   * body: w = T / (i w J_total), the springs adding terms of order
   * (w / w_1)^2. (Much lower, K's rigid-body singularity costs digits: the
   * matrix's condition grows as 1 / w^2, in either path.) */
  {
    g_autoptr (SwTrajectory) low = NULL;
    SwFrfOptions lo = sw_frf_options_default ();
    double J = 0;

    for (guint i = 0; i < n; i++)
      J += 0.1 + 0.01 * (i % 7);
    lo.from_hz = 1e-3;
    lo.to_hz = 2e-3;
    lo.n_points = 5;
    low = _sw_frf_compute_with (sys, "torque", "j0.w", &lo, SW_FRF_SOLVER_AUTO, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (sw_trajectory_get_n_rows (low), ==, 5);
    for (guint r = 0; r < 5; r++)
      {
        double w = 2 * G_PI * sw_trajectory_get_times (low)[r];
        double complex expect = 1 / (I * w * J);

        g_assert_cmpfloat (cabs (response (low, r) - expect), <=, 1e-3 * cabs (expect));
      }
  }
}

/* Four frequencies at once (a chain: the vectors of four, with row
 * exchanges chosen per frequency) give each frequency's solution bit for
 * bit as a solve of that frequency alone (the scalar elimination), over
 * frequencies from below the first mode to far above the last, where rows
 * are exchanged at some steps and not at others. */
static void
test_lanes (void)
{
  guint n = 60;
  g_autoptr (gsl_matrix) K = gsl_matrix_calloc (n, n);
  g_autoptr (gsl_matrix) D = gsl_matrix_calloc (n, n);
  g_autoptr (gsl_matrix) M = gsl_matrix_calloc (n, n);
  g_autoptr (SwFrfBand) band = NULL;
  g_autofree double complex *F = g_new (double complex, (gsize) n * SW_FRF_BAND_LANES);
  g_autofree double complex *X4 = g_new (double complex, (gsize) n * SW_FRF_BAND_LANES);
  g_autofree double complex *X1 = g_new (double complex, n);

  for (guint i = 0; i < n; i++)
    {
      gsl_matrix_set (M, i, i, 0.5 + 0.1 * (i % 3));
      if (i + 1 < n)
        {
          double c = 1e4 * (1 + (i % 4)), d = 0.5 * (i % 2);

          *gsl_matrix_ptr (K, i, i) += c, *gsl_matrix_ptr (K, i + 1, i + 1) += c;
          *gsl_matrix_ptr (K, i, i + 1) -= c, *gsl_matrix_ptr (K, i + 1, i) -= c;
          *gsl_matrix_ptr (D, i, i) += d, *gsl_matrix_ptr (D, i + 1, i + 1) += d;
          *gsl_matrix_ptr (D, i, i + 1) -= d, *gsl_matrix_ptr (D, i + 1, i) -= d;
        }
    }
  band = _sw_frf_band_new (K, D, M);
  g_assert_nonnull (band);
  for (guint l = 0; l < SW_FRF_BAND_LANES; l++)
    for (guint r = 0; r < n; r++)
      F[(gsize) l * n + r] = r == l ? CMPLX (1 + l, 0.5) : (r == n - 1 ? CMPLX (0, -2) : 0);
  for (guint g = 0; g < 50; g++)
    {
      double w[SW_FRF_BAND_LANES];
      gboolean ok4[SW_FRF_BAND_LANES], ok1;
      const double complex *FL[SW_FRF_BAND_LANES];

      for (guint l = 0; l < SW_FRF_BAND_LANES; l++)
        {
          w[l] = 3 * pow (1.25, g + 0.37 * l);
          FL[l] = F + (gsize) l * n;
        }
      _sw_frf_band_solve_complex (band, SW_FRF_BAND_LANES, w, FL, X4, ok4);
      for (guint l = 0; l < SW_FRF_BAND_LANES; l++)
        {
          _sw_frf_band_solve_complex (band, 1, &w[l], &FL[l], X1, &ok1);
          g_assert_cmpint (ok1, ==, ok4[l]);
          for (guint r = 0; r < n; r++)
            {
              g_assert_cmpfloat (creal (X1[r]), ==, creal (X4[(gsize) l * n + r]));
              g_assert_cmpfloat (cimag (X1[r]), ==, cimag (X4[(gsize) l * n + r]));
            }
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/frf-band/against-dense", test_against_dense);
  g_test_add_func ("/core/frf-band/widths", test_widths);
  g_test_add_func ("/core/frf-band/oscillators-closed-form", test_oscillators_closed_form);
  g_test_add_func ("/core/frf-band/examples", test_examples);
  g_test_add_func ("/core/frf-band/chain-1000", test_chain_1000);
  g_test_add_func ("/core/frf-band/lanes", test_lanes);
  return g_test_run ();
}
