/* test-modes-twinbuilder.c: modal analysis on the derived cases of the Twin
 * Builder digest (spec seed-000 §5.9)
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

/* A printed reference value: within tol·|b|, or within half a unit of its
 * last printed digit when the print is coarser than that. */
#define assert_printed(a, b, tol, half_unit) \
  G_STMT_START { \
    double a_ = (a), b_ = (b); \
    g_assert_cmpfloat_with_epsilon (a_, b_, MAX ((tol) * fabs (b_), (half_unit))); \
  } G_STMT_END

/* benchmarks.json "friswell_9_9_drill_string_fe" (shaft elements with
 * distributed mass) is checked in test-shaft.c. */

/* ---- 2. Twin Builder digest cases (spec seed-000 §5.9) ------------------ */

/* (A) m = [1, 3], c = [300]: lambda = 400, f = 3.18310 Hz, q = [0.866025,
 * -0.288675], max-normalised [1, -1/3], W_kin = [150, 50], W_pot = [200]. */
static void
test_twinbuilder_a (void)
{
  static const char *const body[] = { "m1", "m2" };
  static const double J[] = { 1, 3 };
  static const char *const spring[] = { "c1" };
  static const int a[] = { 0 }, b[] = { 1 };
  static const double c[] = { 300 };
  const Chain ch = { 2, body, J, 1, spring, a, b, c };
  g_autoptr(SwModes) modes = chain_modes (&ch, "twinbuilder A");
  const SwMode *m;
  int m1, m2;

  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 2);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  m = sw_modes_get_mode (modes, 1);
  m1 = body_index (modes, "m1"), m2 = body_index (modes, "m2");
  assert_rel (m->omega_rad_s, 20, 1e-12);
  assert_printed (m->frequency_hz, 3.18310, 1e-6, 5e-6);
  g_assert_cmpfloat_with_epsilon (m->shape[m1], 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->shape[m2], -1.0 / 3, 1e-12);
  g_assert_cmpstr (most_excitable_id (modes, m), ==, "c1");
  g_assert_false (m->most_excitable_is_tie);
  g_assert_cmpfloat_with_epsilon (m->shape_mass_normalised[m1], 0.866025, 5e-7);
  g_assert_cmpfloat_with_epsilon (m->shape_mass_normalised[m2], -0.288675, 5e-7);
  assert_rel (m->kinetic_energy[m1], 150, 1e-10);
  assert_rel (m->kinetic_energy[m2], 50, 1e-10);
  assert_rel (m->potential_energy[0], 200, 1e-10);
}

/* (B) three equal bodies, c = [1, 1]: lambda = 0, 1, 3; both modes tie, and
 * the tie goes to the first section in file order. */
static void
test_twinbuilder_b_tie (void)
{
  static const char *const body[] = { "m1", "m2", "m3" };
  static const double J[] = { 1, 1, 1 };
  static const char *const spring[] = { "c1", "c2" };
  static const int a[] = { 0, 1 }, b[] = { 1, 2 };
  static const double c[] = { 1, 1 };
  static const double shape1[] = { -1, 0, 1 }, shape3[] = { -0.5, 1, -0.5 };
  const Chain ch = { 3, body, J, 2, spring, a, b, c };
  g_autoptr(SwModes) modes = chain_modes (&ch, "twinbuilder B");
  const SwMode *m;
  double s[3];

  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 3);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  g_assert_cmpint (sw_modes_get_mode (modes, 0)->most_excitable_section, ==, -1);
  /* File order is section order here; the tie rule names "c1". */
  g_assert_cmpstr (sw_modes_get_section_part (modes, 0)->id, ==, "c1");

  m = sw_modes_get_mode (modes, 1);
  assert_rel (m->omega_rad_s * m->omega_rad_s, 1, 1e-12);
  for (guint k = 0; k < 3; k++)
    s[k] = m->shape[body_index (modes, body[k])];
  assert_parallel (s, shape1, 3, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->potential_energy[section_index (modes, "c1")], 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->potential_energy[section_index (modes, "c2")], 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->kinetic_energy[body_index (modes, "m1")], 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->kinetic_energy[body_index (modes, "m2")], 0, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->kinetic_energy[body_index (modes, "m3")], 0.25, 1e-12);
  g_assert_true (m->most_excitable_is_tie);
  g_assert_cmpint (m->most_excitable_section, ==, 0);
  g_assert_cmpstr (most_excitable_id (modes, m), ==, "c1");

  m = sw_modes_get_mode (modes, 2);
  assert_rel (m->omega_rad_s * m->omega_rad_s, 3, 1e-12);
  for (guint k = 0; k < 3; k++)
    s[k] = m->shape[body_index (modes, body[k])];
  for (guint k = 0; k < 3; k++)
    g_assert_cmpfloat_with_epsilon (s[k], shape3[k], 1e-12);
  g_assert_cmpfloat_with_epsilon (m->kinetic_energy[body_index (modes, "m1")], 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->kinetic_energy[body_index (modes, "m2")], 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->kinetic_energy[body_index (modes, "m3")], 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->potential_energy[section_index (modes, "c1")], 0.75, 1e-12);
  g_assert_cmpfloat_with_epsilon (m->potential_energy[section_index (modes, "c2")], 0.75, 1e-12);
  g_assert_true (m->most_excitable_is_tie);
  g_assert_cmpstr (most_excitable_id (modes, m), ==, "c1");
}

/* The same three bodies with the springs listed the other way round: the
 * tie then goes to "c2", the first in this file. */
static void
test_twinbuilder_b_tie_file_order (void)
{
  static const char *const body[] = { "m1", "m2", "m3" };
  static const double J[] = { 1, 1, 1 };
  static const char *const spring[] = { "c2", "c1" };
  static const int a[] = { 1, 0 }, b[] = { 2, 1 };
  static const double c[] = { 1, 1 };
  const Chain ch = { 3, body, J, 2, spring, a, b, c };
  g_autoptr(SwModes) modes = chain_modes (&ch, "twinbuilder B reversed");

  for (guint i = 1; i < 3; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);

      g_assert_true (m->most_excitable_is_tie);
      g_assert_cmpstr (most_excitable_id (modes, m), ==, "c2");
    }
}

/* (C) m = [2, 1, 1], c = [100, 300]. The digest numbers its sections from 1:
 * "most excitable 1" is c1, "2" is c2. */
static void
test_twinbuilder_c (void)
{
  static const char *const body[] = { "m1", "m2", "m3" };
  static const double J[] = { 2, 1, 1 };
  static const char *const spring[] = { "c1", "c2" };
  static const int a[] = { 0, 1 }, b[] = { 1, 2 };
  static const double c[] = { 100, 300 };
  static const struct {
    double lambda, omega, f, q[3], w_kin[3], w_pot[2];
    const char *most;
  } want[] = {
    { 91.0546, 9.54225, 1.51870, { -0.496046, 0.407300, 0.584793 },
      { 22.405073, 7.552655, 15.569564 }, { 40.801691, 4.725600 }, "c1" },
    { 658.945, 25.6699, 4.08550, { -0.062753, 0.764269, -0.638762 },
      { 2.594927, 192.447345, 134.430436 }, { 34.198309, 295.274400 }, "c2" },
  };
  const Chain ch = { 3, body, J, 2, spring, a, b, c };
  g_autoptr(SwModes) modes = chain_modes (&ch, "twinbuilder C");

  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 3);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  for (guint i = 0; i < 2; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i + 1);

      assert_printed (m->omega_rad_s * m->omega_rad_s, want[i].lambda, 1e-6, 5e-4);
      assert_printed (m->omega_rad_s, want[i].omega, 1e-6, 5e-5);
      assert_printed (m->frequency_hz, want[i].f, 1e-6, 5e-6);
      for (guint k = 0; k < 3; k++)
        {
          int bi = body_index (modes, body[k]);

          g_assert_cmpfloat_with_epsilon (m->shape_mass_normalised[bi], want[i].q[k], 5e-7);
          g_assert_cmpfloat_with_epsilon (m->kinetic_energy[bi], want[i].w_kin[k], 5e-6);
        }
      for (guint k = 0; k < 2; k++)
        g_assert_cmpfloat_with_epsilon (m->potential_energy[section_index (modes, spring[k])], want[i].w_pot[k], 5e-6);
      g_assert_cmpstr (most_excitable_id (modes, m), ==, want[i].most);
      g_assert_false (m->most_excitable_is_tie);
    }
  check_chain_oracle (modes, &ch);
}

/* (D) the four-body drive train, data/examples/fourbody.shaft: m = [0.5,
 * 0.05, 0.05, 2], c = [5e4, 2e3, 1e5]. */
static void
test_twinbuilder_d_fourbody (void)
{
  static const char *const body[] = { "rotor", "hub1", "hub2", "load" };
  static const char *const section[] = { "shaft", "coupling", "load_shaft" };
  static const struct {
    double lambda, omega, f, shape[4], w_pot[3], w_pot_half_unit;
    const char *most;
  } want[] = {
    { 4382.89, 66.2034, 10.5366, { 1, 0.956171, -0.244322, -0.267796 },
      { 69.39, 2082.25, 39.81 }, 0.005, "coupling" },
    { 1.13501e6, 1065.37, 169.559, { -0.096617, 1, 0.040114, -0.001849 },
      { 549070.9, 16827.4, 1608.0 }, 0.05, "shaft" },
    { 2.0906e6, 1445.89, 230.121, { 0.002009, -0.039985, 1, -0.024503 },
      { 859.7, 21090.3, 1023352.2 }, 0.05, "load_shaft" },
  };
  static const double J[] = { 0.5, 0.05, 0.05, 2 };
  static const int a[] = { 0, 1, 2 }, b[] = { 1, 2, 3 };
  static const double c[] = { 5e4, 2e3, 1e5 };
  const Chain ch = { 4, body, J, 3, section, a, b, c };
  g_autoptr(SwModel) model = model_new_from_example ("fourbody.shaft");
  g_autoptr(SwModes) modes = modes_of_model (model);

  g_assert_cmpstr (sw_model_get_name (model), ==, "fourbody");
  /* The file says what the digest says. */
  for (guint k = 0; k < 4; k++)
    assert_rel (component_param (model, body[k], "J"), J[k], 1e-15);
  for (guint k = 0; k < 3; k++)
    assert_rel (component_param (model, section[k], "c"), c[k], 1e-15);

  check_invariants (modes, TRUE);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 4);
  g_assert_cmpuint (sw_modes_get_n_bodies (modes), ==, 4);
  g_assert_cmpuint (sw_modes_get_n_sections (modes), ==, 3);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  for (guint i = 0; i < 3; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i + 1);

      g_assert_false (m->rigid_body);
      assert_rel (m->omega_rad_s * m->omega_rad_s, want[i].lambda, 1e-4);
      assert_rel (m->omega_rad_s, want[i].omega, 1e-4);
      assert_rel (m->frequency_hz, want[i].f, 1e-4);
      /* Printed to 6 decimals: the smallest entries are known to 5e-7. */
      for (guint k = 0; k < 4; k++)
        assert_printed (m->shape[body_index (modes, body[k])], want[i].shape[k], 1e-4, 5e-7);
      for (guint k = 0; k < 3; k++)
        assert_printed (m->potential_energy[section_index (modes, section[k])], want[i].w_pot[k], 1e-4,
                        want[i].w_pot_half_unit);
      g_assert_cmpstr (most_excitable_id (modes, m), ==, want[i].most);
      g_assert_false (m->most_excitable_is_tie);
    }
  check_chain_oracle (modes, &ch);
}

/* ------------------------------------------------------------------------- */

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/modes/twinbuilder/a-two-bodies", test_twinbuilder_a);
  g_test_add_func ("/core/modes/twinbuilder/b-tie", test_twinbuilder_b_tie);
  g_test_add_func ("/core/modes/twinbuilder/b-tie-file-order", test_twinbuilder_b_tie_file_order);
  g_test_add_func ("/core/modes/twinbuilder/c-three-bodies", test_twinbuilder_c);
  g_test_add_func ("/core/modes/twinbuilder/d-fourbody", test_twinbuilder_d_fourbody);

  return g_test_run ();
}
