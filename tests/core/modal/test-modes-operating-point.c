/* test-modes-operating-point.c: modes about the operating point of a linear
 * model
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

/* ---- 6. Operating point ------------------------------------------------- */

/* First is linear: its modes are the same at any state. */
static void
test_operating_point_first (void)
{
  g_autoptr(SwModel) model = model_new_from_example ("first.shaft");
  g_autoptr(SwSystem) sys = assemble (model);
  g_autoptr(GError) error = NULL;
  g_autoptr(SwModes) at0 = modes_at (sys, 0, NULL);
  g_autoptr(SwModes) later = NULL;
  g_autofree double *state = NULL;
  SwSimulateOptions o = sw_simulate_options_from_system (sys);
  double moved = 0;

  o.stop_time_s = 0.5;
  state = sw_simulate_final_state (sys, &o, &error);
  g_assert_no_error (error);
  g_assert_nonnull (state);
  for (guint k = 0; k < sw_system_get_n_states (sys); k++)
    moved = MAX (moved, fabs (state[k]));
  g_assert_cmpfloat (moved, >, 1e-3);   /* the operating point is not the initial one */

  later = modes_at (sys, 0.5, state);
  g_assert_cmpfloat (sw_modes_get_time (later), ==, 0.5);
  check_first (at0);
  check_first (later);
  g_assert_cmpuint (sw_modes_get_n_modes (later), ==, sw_modes_get_n_modes (at0));
  g_assert_cmpuint (sw_modes_get_n_eigenvalues (later), ==, sw_modes_get_n_eigenvalues (at0));
  /* The engine linearises by finite differences (sw-linear.c, step
   * 1e-6 (1 + |x|)): away from x = 0 round-off gives the tangent stiffness
   * a relative error of order 1e-10 |x|, so "the same" is to 1e-7 here. */
  for (guint i = 0; i < sw_modes_get_n_modes (at0); i++)
    {
      const SwMode *a = sw_modes_get_mode (at0, i), *b = sw_modes_get_mode (later, i);
      double d_shape = 0, d_pe = 0;

      g_assert_cmpint (a->rigid_body, ==, b->rigid_body);
      g_test_message ("mode %u: omega %.17g at 0 s, %.17g at 0.5 s", i + 1, a->omega_rad_s, b->omega_rad_s);
      assert_rel (b->omega_rad_s, a->omega_rad_s, 1e-7);
      g_assert_cmpfloat_with_epsilon (b->decay_rate_per_s, a->decay_rate_per_s, 1e-7 * (1 + a->omega_rad_s));
      g_assert_cmpint (b->most_excitable_section, ==, a->most_excitable_section);
      for (guint k = 0; k < sw_modes_get_n_bodies (at0); k++)
        d_shape = MAX (d_shape, fabs (b->shape[k] - a->shape[k]));
      for (guint k = 0; k < sw_modes_get_n_sections (at0); k++)
        d_pe = MAX (d_pe, fabs (b->potential_energy_percent[k] - a->potential_energy_percent[k]));
      g_test_message ("mode %u: largest change of a shape entry %.3g, of a potential energy percent %.3g",
                      i + 1, d_shape, d_pe);
      g_assert_cmpfloat (d_shape, <=, 1e-7);
      g_assert_cmpfloat (d_pe, <=, 1e-5);
    }
  for (guint k = 0; k < sw_modes_get_n_eigenvalues (at0); k++)
    {
      double ra, ia, rb, ib;

      sw_modes_get_eigenvalue (at0, k, &ra, &ia);
      sw_modes_get_eigenvalue (later, k, &rb, &ib);
      g_test_message ("eigenvalue %u: %.17g %+.17gi at 0 s, %.17g %+.17gi at 0.5 s", k, ra, ia, rb, ib);
      g_assert_cmpfloat_with_epsilon (rb, ra, 1e-7 * (1 + hypot (ra, ia)));
      g_assert_cmpfloat_with_epsilon (ib, ia, 1e-7 * (1 + hypot (ra, ia)));
    }
}

/* ------------------------------------------------------------------------- */

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/modes/operating-point/first", test_operating_point_first);

  return g_test_run ();
}
