/* test-modes-benchmarks.c: modal analysis against published torsional
 * benchmarks (Friswell et al., as asserted by openTorsion) and closed forms,
 * from /work/shared/reference/modal/benchmarks.json
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include <glib.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>
#include <json-glib/json-glib.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "test-modes-common.h"

static SwModel *
model_new_from_fixture (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "modes", name, NULL);

  return model_new_from_path (path);
}

/* Elastic modes only: the frequencies in Hz, in order. */
static guint
elastic_frequencies (const SwModes *modes,
                     double        *out)
{
  guint n = 0;

  for (guint i = 0; i < sw_modes_get_n_modes (modes); i++)
    if (!sw_modes_get_mode (modes, i)->rigid_body)
      out[n++] = sw_modes_get_mode (modes, i)->frequency_hz;
  return n;
}

/* ---- 1. Published benchmarks -------------------------------------------- */

/* benchmarks.json "two_inertia_shaft" (openTorsion tests.py test_shaft):
 * 211.4 and 8.3 kg.m2 on a 9.775e6 N.m/rad shaft; published 176.1 Hz (0.1 Hz),
 * derived exact 176.07674675 Hz. */
static void
test_benchmark_two_inertia (void)
{
  static const char *const body[] = { "disk1", "disk2" };
  static const double J[] = { 211.4, 8.3 };
  static const char *const spring[] = { "shaft" };
  static const int a[] = { 0 }, b[] = { 1 };
  static const double c[] = { 9.775e6 };
  const Chain ch = { 2, body, J, 1, spring, a, b, c };
  g_autoptr(SwModes) modes = chain_modes (&ch, "two_inertia_shaft");
  const SwMode *m;

  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 2);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  m = sw_modes_get_mode (modes, 1);
  g_assert_false (m->rigid_body);
  assert_rel (m->frequency_hz, 176.07674675, 1e-6);
  g_assert_cmpfloat_with_epsilon (m->frequency_hz, 176.1, 0.05);
  g_assert_cmpstr (most_excitable_id (modes, m), ==, "shaft");
  check_chain_oracle (modes, &ch);
}

/* benchmarks.json "friswell_ex_9_7_1_five_disks" (openTorsion tests.py
 * test_friswell_ex971, Friswell et al. example 9.7.1): published frequencies
 * to 0.01 Hz; strain-energy fractions per spring derived in the note. */
static void
test_benchmark_five_disks (void)
{
  static const char *const body[] = { "d0", "d1", "d2", "d3", "d4" };
  static const double J[] = { 3.5e-3, 3.5e-3, 3.5e-3, 0.15, 0.05 };
  static const char *const spring[] = { "k01", "k12", "k23", "k34" };
  static const int a[] = { 0, 1, 2, 3 }, b[] = { 1, 2, 3, 4 };
  static const double c[] = { 12e3, 12e3, 14e3, 10e3 };
  static const double published_hz[] = { 81.21, 141.21, 378.95, 536.36 };
  static const double fraction[4][4] = {
    { 0.0010, 0.0038, 0.0063, 0.9889 },   /* 81.2076 Hz */
    { 0.1230, 0.3856, 0.4803, 0.0110 },   /* 141.2141 Hz */
    { 0.5606, 0.0673, 0.3721, 0.0001 },   /* 378.9530 Hz */
    { 0.3154, 0.5434, 0.1412, 0.0000 },   /* 536.3633 Hz */
  };
  const Chain ch = { 5, body, J, 4, spring, a, b, c };
  g_autoptr(SwModes) modes = chain_modes (&ch, "friswell_ex_9_7_1");

  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 5);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  for (guint i = 0; i < 4; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i + 1);

      g_assert_false (m->rigid_body);
      g_assert_cmpfloat_with_epsilon (m->frequency_hz, published_hz[i], 0.005);
      for (guint k = 0; k < 4; k++)
        g_assert_cmpfloat_with_epsilon (m->potential_energy_percent[section_index (modes, spring[k])] / 100,
                                        fraction[i][k], 1e-3);
    }
  check_chain_oracle (modes, &ch);
}

/* benchmarks.json "friswell_geared_page_x" (openTorsion tests.py
 * test_friswell_pagex): published 0, 425.4, 634.1, 3247.2 Hz (0.1 Hz);
 * derived exact 0, 425.3595, 634.0728, 3247.1924 Hz. */
static void
test_benchmark_geared_page_x (void)
{
  static const double published_hz[] = { 425.4, 634.1, 3247.2 };
  static const double exact_hz[] = { 425.3595, 634.0728, 3247.1924 };
  g_autoptr(SwModel) model = model_new_from_fixture ("friswell-geared-page-x.shaft");
  g_autoptr(SwModes) modes = modes_of_model (model);
  double f[8];

  check_invariants (modes, TRUE);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 4);
  g_assert_cmpuint (sw_modes_get_n_bodies (modes), ==, 5);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  g_assert_cmpuint (elastic_frequencies (modes, f), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpfloat_with_epsilon (f[i], published_hz[i], 0.05);
      assert_rel (f[i], exact_hz[i], 1e-4);
    }
  /* The mesh of ratio -1: the two gears turn opposite ways, equally. */
  for (guint i = 0; i < 4; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);

      g_assert_cmpfloat_with_epsilon (m->shape[body_index (modes, "gear2")],
                                      -m->shape[body_index (modes, "gear1")], 1e-12);
    }
}

/* benchmarks.json "friswell_9_6_3_geared_shafts" (openTorsion tests.py,
 * inside test_friswell_ex971): published 0, 10.304, 20.479, 24.423 Hz
 * (0.001 Hz). Shafts k = G pi D^4 / (32 L). */
static void
test_benchmark_geared_shafts (void)
{
  static const double published_hz[] = { 10.304, 20.479, 24.423 };
  const double G = 68e9;
  g_autoptr(SwModel) model = model_new_from_fixture ("friswell-9-6-3.shaft");
  g_autoptr(SwModes) modes = NULL;
  double f[8];

  /* The fixture's stiffnesses are the formula's. */
  assert_rel (component_param (model, "shaft1", "c"), G * G_PI * pow (0.2, 4) / (32 * 2.5), 1e-15);
  assert_rel (component_param (model, "shaft2", "c"), G * G_PI * pow (0.25, 4) / (32 * 3.5), 1e-15);
  assert_rel (component_param (model, "shaft3", "c"), G * G_PI * pow (0.25, 4) / (32 * 3.5), 1e-15);
  /* External meshes: ratio = -r_b / r_a. */
  assert_rel (component_param (model, "mesh21", "ratio"), -0.5 / 0.5, 1e-15);
  assert_rel (component_param (model, "mesh31", "ratio"), -0.5 / 0.8, 1e-15);
  assert_rel (component_param (model, "mesh42", "ratio"), -0.5 / 0.8, 1e-15);

  modes = modes_of_model (model);
  check_invariants (modes, TRUE);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 4);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  g_assert_cmpuint (elastic_frequencies (modes, f), ==, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpfloat_with_epsilon (f[i], published_hz[i], 0.0005);
}

/* Fixed-free uniform chain: inertia 0 tied to ground by "kg", the last end
 * free. */
static void
fixed_free_chain (guint   n,
                  double  J_value,
                  double  c_value,
                  Chain  *ch,
                  char ***ids)
{
  char **names = g_new0 (char *, 2 * n + 1);
  double *J = g_new (double, n), *c = g_new (double, n);
  int *a = g_new (int, n), *b = g_new (int, n);

  for (guint k = 0; k < n; k++)
    {
      names[k] = g_strdup_printf ("j%u", k + 1);
      names[n + k] = k == 0 ? g_strdup ("kg") : g_strdup_printf ("k%u%u", k, k + 1);
      J[k] = J_value, c[k] = c_value;
      a[k] = (int) k - 1, b[k] = (int) k;
    }
  ch->n_bodies = ch->n_springs = n;
  ch->body = (const char *const *) names;
  ch->spring = (const char *const *) names + n;
  ch->J = J, ch->c = c, ch->a = a, ch->b = b;
  *ids = names;
}

static void
chain_free (Chain  *ch,
            char  **ids)
{
  g_strfreev (ids);
  g_free ((double *) ch->J);
  g_free ((double *) ch->c);
  g_free ((int *) ch->a);
  g_free ((int *) ch->b);
}

/* benchmarks.json "uniform_fixed_free_chain" (derived, closed form):
 * omega_j = 2 sqrt(k/J) sin((2j-1) pi / (2 (2N+1))), J = 1, k = 1e4. */
static void
test_benchmark_fixed_free_chain (void)
{
  static const double n3_hz[] = { 7.083061, 19.846297, 28.678730 };
  static const double n3_fraction[3][3] = {   /* [kground, k12, k23] */
    { 0.5431, 0.3493, 0.1076 },
    { 0.3493, 0.1076, 0.5431 },
    { 0.1076, 0.5431, 0.3493 },
  };
  static const double n10_hz[] = { 2.37873, 7.08306, 11.62917, 15.91549, 19.8463,
                                   23.33377, 26.3, 28.67873, 30.41683, 31.47546 };
  static const guint sizes[] = { 3, 10 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      guint n = sizes[s];
      Chain ch;
      char **ids;
      g_autoptr(SwModes) modes = NULL;

      fixed_free_chain (n, 1, 1e4, &ch, &ids);
      modes = chain_modes (&ch, "uniform_fixed_free_chain");
      g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, n);
      for (guint j = 1; j <= n; j++)
        {
          const SwMode *m = sw_modes_get_mode (modes, j - 1);
          double omega = 2 * sqrt (1e4 / 1) * sin ((2.0 * j - 1) * G_PI / (2 * (2.0 * n + 1)));

          g_assert_false (m->rigid_body);
          assert_rel (m->omega_rad_s, omega, 1e-9);
          assert_rel (m->frequency_hz, n == 3 ? n3_hz[j - 1] : n10_hz[j - 1], 1e-5);
          if (n == 3)
            for (guint k = 0; k < 3; k++)
              g_assert_cmpfloat_with_epsilon (m->potential_energy_percent[section_index (modes, ch.spring[k])] / 100,
                                              n3_fraction[j - 1][k], 1e-3);
        }
      check_chain_oracle (modes, &ch);
      chain_free (&ch, ids);
    }
}

static void
test_benchmark_msl_first (void)
{
  g_autoptr(SwModel) model = model_new_from_example ("first.shaft");
  g_autoptr(SwModes) modes = modes_of_model (model);
  const SwMode *m;

  check_first (modes);
  /* Closed form: the gear reflects inertia1 as J1 r^2 = 0.1 * 100 onto
   * inertia2: omega^2 = c (1/12 + 1/2); shape inertia1 : inertia2 :
   * inertia3 = 10 : 1 : -6. */
  m = sw_modes_get_mode (modes, 1);
  assert_rel (m->omega_rad_s, sqrt (1e4 * (1.0 / 12 + 1.0 / 2)), 1e-12);
  g_assert_cmpfloat_with_epsilon (m->shape[body_index (modes, "inertia1")], 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->shape[body_index (modes, "inertia2")], 0.1, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->shape[body_index (modes, "inertia3")], -0.6, 1e-12);
}

/* ------------------------------------------------------------------------- */

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();

  g_test_add_func ("/core/modes/benchmark/two-inertia-shaft", test_benchmark_two_inertia);
  g_test_add_func ("/core/modes/benchmark/friswell-9-7-1-five-disks", test_benchmark_five_disks);
  g_test_add_func ("/core/modes/benchmark/friswell-geared-page-x", test_benchmark_geared_page_x);
  g_test_add_func ("/core/modes/benchmark/friswell-9-6-3-geared-shafts", test_benchmark_geared_shafts);
  g_test_add_func ("/core/modes/benchmark/uniform-fixed-free-chain", test_benchmark_fixed_free_chain);
  g_test_add_func ("/core/modes/benchmark/msl-first", test_benchmark_msl_first);

  return g_test_run ();
}
