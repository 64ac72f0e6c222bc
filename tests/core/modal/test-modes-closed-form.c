/* test-modes-closed-form.c: modal analysis against closed forms (uniform
 * chains, gears, springs in series) and eigen-solves of K and M assembled by
 * hand
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

/* ---- 3. Closed forms and hand-assembled eigenproblems ------------------- */

/* Free-free uniform chain of N inertias J and N-1 springs c:
 * omega_k = 2 sqrt(c/J) sin(k pi / (2N)), shape x_n = cos((n + 1/2) k pi / N),
 * and spring n (between bodies n and n+1) holds
 * sin^2((n+1) k pi / N) / (N/2) of the potential energy. */
static void
test_closed_form_free_free_chain (void)
{
  enum { N = 8 };
  const double J_value = 2, c_value = 5e3;
  char *names[2 * N] = { NULL };
  double J[N], c[N - 1];
  int a[N - 1], b[N - 1];
  Chain ch = { N, (const char *const *) names, J, N - 1, (const char *const *) names + N, a, b, c };
  g_autoptr(SwModes) modes = NULL;

  for (guint k = 0; k < N; k++)
    {
      names[k] = g_strdup_printf ("j%u", k);
      J[k] = J_value;
      if (k + 1 < N)
        {
          names[N + k] = g_strdup_printf ("c%u", k);
          c[k] = c_value, a[k] = (int) k, b[k] = (int) k + 1;
        }
    }
  modes = chain_modes (&ch, "free-free chain");
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, N);
  for (guint k = 0; k < N; k++)
    {
      const SwMode *m = sw_modes_get_mode (modes, k);
      double omega = 2 * sqrt (c_value / J_value) * sin (k * G_PI / (2 * N));
      double want[N], got[N];

      g_assert_cmpint (m->rigid_body, ==, k == 0);
      if (k == 0)
        {
          for (guint n = 0; n < N; n++)
            g_assert_cmpfloat_with_epsilon (m->shape[n], 1, 1e-9);
          continue;
        }
      assert_rel (m->omega_rad_s, omega, 1e-10);
      for (guint n = 0; n < N; n++)
        {
          want[n] = cos ((n + 0.5) * k * G_PI / N);
          got[n] = m->shape[body_index (modes, names[n])];
        }
      assert_parallel (got, want, N, 1e-8);
      for (guint n = 0; n + 1 < N; n++)
        {
          double s = sin ((n + 1) * k * G_PI / N);

          g_assert_cmpfloat_with_epsilon (m->potential_energy_percent[section_index (modes, names[N + n])],
                                          100 * s * s / (N / 2.0), 1e-8);
        }
    }
  for (guint k = 0; k < 2 * N; k++)
    g_free (names[k]);
}

/* inertia1 (J1) -- ideal gear, ratio r (phi1 = r phi2) -- inertia2 (J2), and
 * a spring c to ground on one side. On phi2: kinetic energy
 * 1/2 (J2 + J1 r^2) phi2'^2. Spring on inertia2: omega^2 = c / (J2 + J1 r^2);
 * spring on inertia1, potential 1/2 c r^2 phi2^2: omega^2 = c r^2 /
 * (J2 + J1 r^2) = c / (J1 + J2 / r^2). The shape is inertia1 : inertia2 =
 * r : 1; inertia1 carries J1 r^2 / (J1 r^2 + J2) of the kinetic energy. */
static void
test_closed_form_gear (void)
{
  static const double ratios[] = { -3, 2.5, 0.4, -0.25 };
  const double J1 = 0.3, J2 = 1.5, c = 2e4;

  for (guint i = 0; i < G_N_ELEMENTS (ratios); i++)
    for (guint side = 1; side <= 2; side++)
      {
        double r = ratios[i];
        ModelText t;
        g_autoptr(SwModel) model = NULL;
        g_autoptr(SwModes) modes = NULL;
        const SwMode *m;
        double want[2] = { r, 1 }, got[2], omega2;

        g_test_message ("ratio %g, spring on inertia%u", r, side);
        text_init (&t);
        text_add (&t, "inertia1", "rotational.inertia", "'J': %.17g", J1);
        text_add (&t, "gear", "rotational.ideal_gear", "'ratio': %.17g", r);
        text_add (&t, "inertia2", "rotational.inertia", "'J': %.17g", J2);
        text_add (&t, "spring", "rotational.spring", "'c': %.17g", c);
        text_add (&t, "fixed", "rotational.fixed", " ");
        text_wire (&t, "inertia1.flange_b", "gear.flange_a");
        text_wire (&t, "gear.flange_b", "inertia2.flange_a");
        text_wire (&t, side == 1 ? "inertia1.flange_a" : "inertia2.flange_b", "spring.flange_a");
        text_wire (&t, "spring.flange_b", "fixed.flange");
        model = text_finish (&t, "gear closed form");
        modes = modes_of_model (model);
        check_invariants (modes, TRUE);

        g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 1);
        m = sw_modes_get_mode (modes, 0);
        g_assert_false (m->rigid_body);
        omega2 = side == 2 ? c / (J2 + J1 * r * r) : c / (J1 + J2 / (r * r));
        assert_rel (m->omega_rad_s, sqrt (omega2), 1e-12);
        got[0] = m->shape[body_index (modes, "inertia1")];
        got[1] = m->shape[body_index (modes, "inertia2")];
        {
          double norm[2];

          g_assert_true (max_normalise (want, 2, norm));
          g_assert_cmpfloat_with_epsilon (got[0], norm[0], 1e-12);
          g_assert_cmpfloat_with_epsilon (got[1], norm[1], 1e-12);
        }
        g_assert_cmpfloat_with_epsilon (m->kinetic_energy_percent[body_index (modes, "inertia1")],
                                        100 * J1 * r * r / (J1 * r * r + J2), 1e-10);
        g_assert_cmpfloat_with_epsilon (m->potential_energy_percent[0], 100, 1e-10);
      }
}

/* Two degrees of freedom through a gear: inertia1 (J1) -c1- inertia2 (J2)
 * -gear r- inertia3 (J3) -c2- ground. In (phi1, phi3), phi2 = r phi3:
 * M = diag(J1, J2 r^2 + J3), K = [[c1, -c1 r], [-c1 r, c1 r^2 + c2]]. */
static void
test_oracle_gear_two_dof (void)
{
  const double J1 = 0.8, J2 = 0.1, J3 = 1.2, c1 = 3e4, c2 = 5e4, r = -2.5;
  g_autoptr(gsl_matrix) K = gsl_matrix_alloc (2, 2);
  g_autoptr(gsl_matrix) M = gsl_matrix_calloc (2, 2);
  g_autoptr(gsl_vector) eval = gsl_vector_alloc (2);
  g_autoptr(gsl_matrix) evec = gsl_matrix_alloc (2, 2);
  g_autoptr(gsl_eigen_gensymmv_workspace) ws = gsl_eigen_gensymmv_alloc (2);
  g_autoptr(SwModel) model = NULL;
  g_autoptr(SwModes) modes = NULL;
  ModelText t;

  gsl_matrix_set (M, 0, 0, J1);
  gsl_matrix_set (M, 1, 1, J2 * r * r + J3);
  gsl_matrix_set (K, 0, 0, c1);
  gsl_matrix_set (K, 0, 1, -c1 * r);
  gsl_matrix_set (K, 1, 0, -c1 * r);
  gsl_matrix_set (K, 1, 1, c1 * r * r + c2);
  g_assert_cmpint (gsl_eigen_gensymmv (K, M, eval, evec, ws), ==, GSL_SUCCESS);
  gsl_eigen_gensymmv_sort (eval, evec, GSL_EIGEN_SORT_VAL_ASC);

  text_init (&t);
  text_add (&t, "inertia1", "rotational.inertia", "'J': %.17g", J1);
  text_add (&t, "c1", "rotational.spring", "'c': %.17g", c1);
  text_add (&t, "inertia2", "rotational.inertia", "'J': %.17g", J2);
  text_add (&t, "gear", "rotational.ideal_gear", "'ratio': %.17g", r);
  text_add (&t, "inertia3", "rotational.inertia", "'J': %.17g", J3);
  text_add (&t, "c2", "rotational.spring", "'c': %.17g", c2);
  text_add (&t, "fixed", "rotational.fixed", " ");
  text_wire (&t, "inertia1.flange_b", "c1.flange_a");
  text_wire (&t, "c1.flange_b", "inertia2.flange_a");
  text_wire (&t, "inertia2.flange_b", "gear.flange_a");
  text_wire (&t, "gear.flange_b", "inertia3.flange_a");
  text_wire (&t, "inertia3.flange_b", "c2.flange_a");
  text_wire (&t, "c2.flange_b", "fixed.flange");
  model = text_finish (&t, "gear two dof");
  modes = modes_of_model (model);
  check_invariants (modes, TRUE);

  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);
      double lambda = gsl_vector_get (eval, i);
      double p1 = gsl_matrix_get (evec, 0, i), p3 = gsl_matrix_get (evec, 1, i);
      double qmq = J1 * p1 * p1 + (J2 * r * r + J3) * p3 * p3;
      double want[3], got[3];
      SwMode reordered = *m;

      p1 /= sqrt (qmq), p3 /= sqrt (qmq);
      want[0] = p1, want[1] = r * p3, want[2] = p3;
      assert_rel (m->omega_rad_s, sqrt (lambda), 1e-10);
      got[0] = m->shape[body_index (modes, "inertia1")];
      got[1] = m->shape[body_index (modes, "inertia2")];
      got[2] = m->shape[body_index (modes, "inertia3")];
      reordered.shape = got;
      assert_shape (&reordered, want, 3, 1e-9);
      g_assert_cmpfloat_with_epsilon (m->potential_energy[section_index (modes, "c1")],
                                      0.5 * c1 * (p1 - r * p3) * (p1 - r * p3), 1e-9 * lambda);
      g_assert_cmpfloat_with_epsilon (m->potential_energy[section_index (modes, "c2")],
                                      0.5 * c2 * p3 * p3, 1e-9 * lambda);
      g_assert_cmpfloat_with_epsilon (m->kinetic_energy[body_index (modes, "inertia2")],
                                      0.5 * J2 * r * r * p3 * p3 * lambda, 1e-9 * lambda);
    }
}

/* A hub with three spring branches to three inertias, against the
 * hand-assembled K and M. */
static void
test_oracle_branched (void)
{
  static const char *const body[] = { "hub", "fan", "pump", "generator" };
  static const double J[] = { 1.0, 0.5, 0.2, 0.8 };
  static const char *const spring[] = { "to_fan", "to_pump", "to_generator" };
  static const int a[] = { 0, 0, 0 }, b[] = { 1, 2, 3 };
  static const double c[] = { 1e4, 2e4, 3e4 };
  const Chain ch = { 4, body, J, 3, spring, a, b, c };
  g_autoptr(SwModes) modes = chain_modes (&ch, "branched");

  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 4);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  check_chain_oracle (modes, &ch);
}

/* Springs in series through a massless node: one spring of
 * c_eq = c1 c2 / (c1 + c2); both carry the same torque T, so each holds
 * T^2 / (2 c) of the potential energy: in proportion to 1/c. */
static void
test_closed_form_series_springs (void)
{
  const double c1 = 1e4, c2 = 3e4, J1 = 1, J2 = 2;
  const double c_eq = c1 * c2 / (c1 + c2);

  for (guint grounded = 0; grounded <= 1; grounded++)
    {
      ModelText t;
      g_autoptr(SwModel) model = NULL;
      g_autoptr(SwModes) modes = NULL;
      const SwMode *m;
      double omega2;

      text_init (&t);
      text_add (&t, "inertia1", "rotational.inertia", "'J': %.17g", J1);
      text_add (&t, "spring1", "rotational.spring", "'c': %.17g", c1);
      text_add (&t, "spring2", "rotational.spring", "'c': %.17g", c2);
      text_wire (&t, "inertia1.flange_b", "spring1.flange_a");
      text_wire (&t, "spring1.flange_b", "spring2.flange_a");
      if (grounded)
        {
          text_add (&t, "fixed", "rotational.fixed", " ");
          text_wire (&t, "spring2.flange_b", "fixed.flange");
          omega2 = c_eq / J1;
        }
      else
        {
          text_add (&t, "inertia2", "rotational.inertia", "'J': %.17g", J2);
          text_wire (&t, "spring2.flange_b", "inertia2.flange_a");
          omega2 = c_eq * (1 / J1 + 1 / J2);
        }
      model = text_finish (&t, "series springs");
      modes = modes_of_model (model);
      check_invariants (modes, TRUE);

      g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, grounded ? 1 : 2);
      g_assert_cmpuint (sw_modes_get_n_sections (modes), ==, 2);
      m = sw_modes_get_mode (modes, grounded ? 0 : 1);
      g_assert_false (m->rigid_body);
      assert_rel (m->omega_rad_s, sqrt (omega2), 1e-12);
      assert_rel (m->potential_energy[section_index (modes, "spring1")]
                  / m->potential_energy[section_index (modes, "spring2")], c2 / c1, 1e-10);
      g_assert_cmpfloat_with_epsilon (m->potential_energy_percent[section_index (modes, "spring1")],
                                      100 * (1 / c1) / (1 / c1 + 1 / c2), 1e-10);
      g_assert_cmpstr (most_excitable_id (modes, m), ==, "spring1");
      if (!grounded)
        {
          /* Free-free: the bodies move against each other, J1 x1 = -J2 x2. */
          g_assert_cmpfloat_with_epsilon (m->shape[body_index (modes, "inertia1")], 1, 1e-12);
          g_assert_cmpfloat_with_epsilon (m->shape[body_index (modes, "inertia2")], -J1 / J2, 1e-12);
        }
    }
}

/* ------------------------------------------------------------------------- */

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/modes/closed-form/free-free-chain", test_closed_form_free_free_chain);
  g_test_add_func ("/core/modes/closed-form/gear", test_closed_form_gear);
  g_test_add_func ("/core/modes/closed-form/series-springs", test_closed_form_series_springs);
  g_test_add_func ("/core/modes/oracle/gear-two-dof", test_oracle_gear_two_dof);
  g_test_add_func ("/core/modes/oracle/branched", test_oracle_branched);

  return g_test_run ();
}
