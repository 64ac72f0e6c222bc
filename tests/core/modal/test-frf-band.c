/* test-frf-band.c: the band path of frequency responses (issue 24) against
 * the dense one (the reference, a complex LU of the whole matrix), against
 * closed forms, and on a chain of 1 000 bodies; a chain's entries alone
 * (_sw_frf_band_solve_entries) against a quadruple-precision solve and the
 * whole solution.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <complex.h>
#include <float.h>
#include <math.h>
#include <string.h>
#include <glib.h>
#include <gsl/gsl_eigen.h>

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
 * exact rational arithmetic, with the coordinates in their ids' order).
 * Numbered along the shafts, the same matrices in another order round
 * otherwise: there the paths were 1.4e-9 apart, 6.4e-15 times the
 * amplification; 1e-14 is about 45 roundings. Returns the number of
 * points. */
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

          allow = MAX (allow, tol + 1e-14 * f * f / fabs (f * f - fk * fk));
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
 * (bench-frf times it, and compares it with the dense path at N <= 300),
 * the same on one thread as on two. */
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
  /* Two threads (where the processor has two) as one, bit for bit. */
  {
    g_autoptr (SwTrajectory) one = _sw_frf_compute_with (sys, "torque", "j0.w", &o, SW_FRF_SOLVER_SERIAL, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (sw_trajectory_get_n_rows (one), ==, rows);
    for (guint c = 0; c < 4; c++)
      g_assert_cmpmem (sw_trajectory_get_column (one, c), rows * sizeof (double), sw_trajectory_get_column (tr, c),
                       rows * sizeof (double));
  }
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

/* The reference for the entries path: the same matrix (its entries
 * rounded to doubles as the solvers round them) solved in quadruple
 * precision (113 bits; long double's 64 where the compiler has no
 * __float128) by elimination with partial pivoting: exact to far below the
 * doubles' roundings even at a resonance. */
#ifdef __SIZEOF_FLOAT128__
typedef __float128 Quad;
#else
typedef long double Quad;
#endif
typedef struct { Quad re, im; } QuadComplex;

static QuadComplex
q_mul (QuadComplex a, QuadComplex b)
{
  return (QuadComplex) { a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re };
}

static QuadComplex
q_sub (QuadComplex a, QuadComplex b)
{
  return (QuadComplex) { a.re - b.re, a.im - b.im };
}

static QuadComplex
q_div (QuadComplex a, QuadComplex b)
{
  Quad s = b.re * b.re + b.im * b.im;

  return (QuadComplex) { (a.re * b.re + a.im * b.im) / s, (a.im * b.re - a.re * b.im) / s };
}

static Quad
q_abs1 (QuadComplex a)
{
  return (a.re < 0 ? -a.re : a.re) + (a.im < 0 ? -a.im : a.im);
}

/* x = A^-1 f for tridiagonal K, D, M (n x n, natural order) at w. */
static void
quad_tridiagonal_solve (const gsl_matrix *K, const gsl_matrix *D, const gsl_matrix *M, double w, const double *f,
                        double complex *x)
{
  guint n = K->size1;
  g_autofree QuadComplex *d = g_new0 (QuadComplex, n);    /* row k: (k, k), (k, k+1), (k, k+2) */
  g_autofree QuadComplex *u = g_new0 (QuadComplex, n);
  g_autofree QuadComplex *u2 = g_new0 (QuadComplex, n);
  g_autofree QuadComplex *b = g_new0 (QuadComplex, n);
  g_autofree QuadComplex *low = g_new0 (QuadComplex, n); /* (k + 1, k) */
  g_autofree QuadComplex *y = g_new0 (QuadComplex, n + 2);
  double w2 = w * w;

#define QENTRY(r, c) \
  ((QuadComplex) { gsl_matrix_get (K, r, c) - w2 * gsl_matrix_get (M, r, c), w * gsl_matrix_get (D, r, c) })
  for (guint k = 0; k < n; k++)
    {
      d[k] = QENTRY (k, k);
      u[k] = k + 1 < n ? QENTRY (k, k + 1) : (QuadComplex) { 0, 0 };
      low[k] = k + 1 < n ? QENTRY (k + 1, k) : (QuadComplex) { 0, 0 };
      b[k] = (QuadComplex) { f[k], 0 };
    }
#undef QENTRY
  for (guint k = 0; k + 1 < n; k++)
    {
      QuadComplex m, t;

      if (q_abs1 (low[k]) > q_abs1 (d[k]))
        {
          /* Exchange rows k and k + 1: row k + 1 is (low, d, u) at k..k+2. */
          t = d[k], d[k] = low[k], low[k] = t;
          t = u[k], u[k] = d[k + 1], d[k + 1] = t;
          t = u2[k], u2[k] = u[k + 1], u[k + 1] = t;
          t = b[k], b[k] = b[k + 1], b[k + 1] = t;
        }
      m = q_div (low[k], d[k]);
      d[k + 1] = q_sub (d[k + 1], q_mul (m, u[k]));
      u[k + 1] = q_sub (u[k + 1], q_mul (m, u2[k]));
      b[k + 1] = q_sub (b[k + 1], q_mul (m, b[k]));
    }
  for (guint k = n; k-- > 0;)
    {
      QuadComplex r = q_sub (q_sub (b[k], q_mul (u[k], y[k + 1])), q_mul (u2[k], y[k + 2]));

      y[k] = q_div (r, d[k]);
      x[k] = CMPLX ((double) y[k].re, (double) y[k].im);
    }
}

/* A chain of n inertias (K tridiagonal in the natural order; D on every
 * third spring or none), its natural frequencies (rad/s) by GSL. */
static void
chain_matrices (guint n, gboolean damped, gboolean grounded, gsl_matrix *K, gsl_matrix *D, gsl_matrix *M, double *wn)
{
  g_autoptr (gsl_matrix) Kc = gsl_matrix_alloc (n, n);
  g_autoptr (gsl_matrix) Mc = gsl_matrix_alloc (n, n);
  g_autoptr (gsl_vector) eval = gsl_vector_alloc (n);
  gsl_eigen_gensymm_workspace *ws = gsl_eigen_gensymm_alloc (n);

  gsl_matrix_set_zero (K), gsl_matrix_set_zero (D), gsl_matrix_set_zero (M);
  for (guint i = 0; i < n; i++)
    {
      gsl_matrix_set (M, i, i, 0.1 + 0.01 * (i % 7));
      if (i + 1 < n)
        {
          double c = 1e4 + 100 * (i % 5), d = damped && i % 3 == 0 ? 0.3 : 0;

          *gsl_matrix_ptr (K, i, i) += c, *gsl_matrix_ptr (K, i + 1, i + 1) += c;
          *gsl_matrix_ptr (K, i, i + 1) -= c, *gsl_matrix_ptr (K, i + 1, i) -= c;
          *gsl_matrix_ptr (D, i, i) += d, *gsl_matrix_ptr (D, i + 1, i + 1) += d;
          *gsl_matrix_ptr (D, i, i + 1) -= d, *gsl_matrix_ptr (D, i + 1, i) -= d;
        }
    }
  if (grounded)
    *gsl_matrix_ptr (K, n - 1, n - 1) += 3e3;
  gsl_matrix_memcpy (Kc, K);
  gsl_matrix_memcpy (Mc, M);
  g_assert_cmpint (gsl_eigen_gensymm (Kc, Mc, eval, ws), ==, 0);
  gsl_eigen_gensymm_free (ws);
  for (guint i = 0; i < n; i++)
    wn[i] = sqrt (MAX (gsl_vector_get (eval, i), 0));
}

/* The entries path on chains (undamped, damped, grounded) against the
 * quadruple-precision solution, at frequencies 2.5e-6 from each natural
 * frequency (the default grid's nearest) and over a logarithmic grid. Near
 * an undamped resonance no double solver gets many digits (the whole
 * solution misses by up to 1e-7 at n = 120): each entry x_j's error is held
 * to what backward stability allows there, a few roundings times its Skeel
 * condition (|A^-1| |A| |x|)_j / |x_j| (row j of A^-1: A is complex
 * symmetric), and the same is checked of the whole solution. */
static void
test_entries_exact (void)
{
  const guint n = 120;
  const guint wants[][2] = { { 0, 0 }, { 60, 60 }, { 60, 61 }, { 119, 119 }, { 3, 100 } };
  const guint n_wants[] = { 1, 1, 2, 1, 2 };

  for (int variant = 0; variant < 3; variant++)
    {
      g_autoptr (gsl_matrix) K = gsl_matrix_alloc (n, n);
      g_autoptr (gsl_matrix) D = gsl_matrix_alloc (n, n);
      g_autoptr (gsl_matrix) M = gsl_matrix_alloc (n, n);
      g_autoptr (SwFrfBand) band = NULL;
      g_autoptr (GArray) ws = g_array_new (FALSE, FALSE, sizeof (double));
      g_autofree double *wn = g_new (double, n);
      g_autofree double *f = g_new0 (double, n);
      g_autofree double *e = g_new0 (double, n);
      g_autofree double *ax = g_new0 (double, n);
      g_autofree double complex *ref = g_new (double complex, n);
      g_autofree double complex *row = g_new (double complex, n);
      g_autofree double complex *full = g_new (double complex, n);
      double complex *y[G_N_ELEMENTS (n_wants)] = { NULL };
      g_autofree gboolean *ok = NULL;
      double worst_new = 0, worst_full = 0, scaled_new = 0, scaled_full = 0;

      chain_matrices (n, variant == 1, variant == 2, K, D, M, wn);
      f[0] = 1;
      f[n / 3] = -0.5;
      band = _sw_frf_band_new (K, D, M);
      g_assert_nonnull (band);
      for (guint i = 0; i < n; i++)
        if (wn[i] > 1e-3)
          for (int s = -1; s <= 1; s += 2)
            {
              double w = wn[i] * pow (1 + 1e-4, s / 40.0);

              g_array_append_val (ws, w);
            }
      for (guint k = 0; k < 100; k++)
        {
          double w = 0.1 * pow (1e4, k / 99.0);

          g_array_append_val (ws, w);
        }
      ok = g_new (gboolean, ws->len);
      for (guint c = 0; c < G_N_ELEMENTS (n_wants); c++)
        {
          y[c] = g_new (double complex, (gsize) ws->len * n_wants[c]);
          _sw_frf_band_solve_entries (band, ws->len, (const double *) ws->data, f, n_wants[c], wants[c], y[c], ok);
          for (guint g = 0; g < ws->len; g++)
            g_assert_true (ok[g]);
        }
      for (guint g = 0; g < ws->len; g++)
        {
          double w = g_array_index (ws, double, g);
          gboolean okf;

          quad_tridiagonal_solve (K, D, M, w, f, ref);
          _sw_frf_band_solve (band, 1, &w, f, full, &okf);
          g_assert_true (okf);
          /* |A| |x| */
          for (guint i = 0; i < n; i++)
            {
              ax[i] = 0;
              for (guint k = i > 0 ? i - 1 : 0; k <= MIN (n - 1, i + 1); k++)
                ax[i] += cabs (CMPLX (gsl_matrix_get (K, i, k) - w * w * gsl_matrix_get (M, i, k),
                                      w * gsl_matrix_get (D, i, k)))
                         * cabs (ref[k]);
            }
          for (guint c = 0; c < G_N_ELEMENTS (n_wants); c++)
            for (guint k = 0; k < n_wants[c]; k++)
              {
                guint j = wants[c][k];
                double complex r = ref[j];
                double e_new = cabs (y[c][(gsize) g * n_wants[c] + k] - r) / cabs (r);
                double e_full = cabs (full[j] - r) / cabs (r), cond = 0;

                /* Far above the highest mode the response decays along
                 * the chain to underflow: nothing to compare. */
                if (cabs (r) < 1e-250)
                  continue;
                e[j] = 1;
                quad_tridiagonal_solve (K, D, M, w, e, row);
                e[j] = 0;
                for (guint i = 0; i < n; i++)
                  cond += cabs (row[i]) * ax[i];
                cond /= cabs (r);
                worst_new = MAX (worst_new, e_new);
                worst_full = MAX (worst_full, e_full);
                scaled_new = MAX (scaled_new, e_new / (DBL_EPSILON * cond));
                scaled_full = MAX (scaled_full, e_full / (DBL_EPSILON * cond));
              }
        }
      for (guint c = 0; c < G_N_ELEMENTS (n_wants); c++)
        g_free (y[c]);
      g_test_message ("variant %d: %u frequencies; worst relative error: entries %.3g, whole solution %.3g; in "
                      "roundings times the condition: %.3g, %.3g", variant, ws->len, worst_new, worst_full, scaled_new,
                      scaled_full);
      g_assert_cmpfloat (scaled_new, <=, 8);
      g_assert_cmpfloat (scaled_full, <=, 8);
    }
}

/* The entries path's edges against the whole solution: wanted entries at
 * either end (one sweep alone), next to each other, apart, a chain of one
 * and of two bodies, a chain numbered out of order (the band reorders it),
 * a number of frequencies not a multiple of SW_FRF_BAND_GROUP; and a chain
 * scaled to 1e-150 (pivots whose |z|^2 underflow: the whole solution's
 * elimination with Smith's scaling solves there, so the same bits). */
static void
test_entries_edges (void)
{
  const guint sizes[] = { 1, 2, 3, 9, 40 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (int variant = 0; variant < 3; variant++)
      {
        guint n = sizes[s], nw = 13;
        double scale = variant == 2 ? 1e-150 : 1;
        g_autoptr (gsl_matrix) K = gsl_matrix_calloc (n, n);
        g_autoptr (gsl_matrix) D = gsl_matrix_calloc (n, n);
        g_autoptr (gsl_matrix) M = gsl_matrix_calloc (n, n);
        g_autoptr (SwFrfBand) band = NULL;
        g_autofree double *f = g_new0 (double, n);
        g_autofree double complex *full = g_new (double complex, n);
        g_autofree double complex *y = g_new (double complex, (gsize) nw * 2);
        gboolean ok[13], okf;
        double w[13];

        /* Body i at coordinate (7 i) % n where out of order (n = 40);
         * grounded at one end. */
        for (guint i = 0; i < n; i++)
          {
            gboolean shuffle = variant == 1 && n == 40;
            guint a = shuffle ? (i * 7) % n : i, b = shuffle ? ((i + 1) * 7) % n : i + 1;

            *gsl_matrix_ptr (M, a, a) += scale * (1 + 0.1 * (i % 3));
            if (i + 1 < n)
              {
                double c = scale * 1e3 * (1 + (i % 4)), d = scale * 0.2 * (i % 2);

                *gsl_matrix_ptr (K, a, a) += c, *gsl_matrix_ptr (K, b, b) += c;
                *gsl_matrix_ptr (K, a, b) -= c, *gsl_matrix_ptr (K, b, a) -= c;
                *gsl_matrix_ptr (D, a, a) += d, *gsl_matrix_ptr (D, b, b) += d;
                *gsl_matrix_ptr (D, a, b) -= d, *gsl_matrix_ptr (D, b, a) -= d;
              }
          }
        *gsl_matrix_ptr (K, 0, 0) += scale * 500;
        f[n - 1] = 1;
        f[n / 2] = 0.25;
        band = _sw_frf_band_new (K, D, M);
        g_assert_nonnull (band);
        for (guint l = 0; l < nw; l++)
          w[l] = 0.5 * pow (1.7, l);
        for (guint a = 0; a < n; a++)
          for (guint b = a; b < n; b++)
            {
              guint want[2] = { a, b }, nwant = a == b ? 1 : 2;

              _sw_frf_band_solve_entries (band, nw, w, f, nwant, want, y, ok);
              for (guint l = 0; l < nw; l++)
                {
                  _sw_frf_band_solve (band, 1, &w[l], f, full, &okf);
                  g_assert_cmpint (ok[l], ==, okf);
                  for (guint k = 0; k < nwant; k++)
                    {
                      double complex e = full[want[k]], got = y[(gsize) l * nwant + k];

                      if (variant == 2)
                        {
                          g_assert_cmpfloat (creal (got), ==, creal (e));
                          g_assert_cmpfloat (cimag (got), ==, cimag (e));
                        }
                      else
                        /* Another order's roundings, near a resonance
                         * (a wrong entry or step misses by far more). */
                        g_assert_cmpfloat (cabs (got - e), <=, 1e-9 * cabs (e));
                    }
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
  g_test_add_func ("/core/frf-band/entries-exact", test_entries_exact);
  g_test_add_func ("/core/frf-band/entries-edges", test_entries_edges);
  return g_test_run ();
}
