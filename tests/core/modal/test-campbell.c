/* test-campbell.c: critical speeds where order lines cross the modes.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib.h>

#include "sw-campbell.h"
#include "sw-error.h"
#include "sw-model.h"
#include "sw-system.h"

static SwSystem *
first_system (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "data", "examples", "first.shaft", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_file (path, &error);
  SwSystem *sys;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  return sys;
}

/* First: one elastic mode at 12.15566 Hz (sqrt(c (Ja + Jb) / (Ja Jb)) with
 * Ja = 0.1 * 10^2 + 2, Jb = 2); order k on inertia1 crosses it at
 * 60 f / k rpm; on inertia2 (10 times slower) at 60 f / k too, in its own rpm. */
static void
test_first_crossings (void)
{
  g_autoptr (SwSystem) sys = first_system ();
  const double orders[] = { 0.5, 1, 2, 3 };
  SwCampbellOptions o = sw_campbell_options_default ();
  g_autoptr (GError) error = NULL;
  g_autoptr (SwCampbell) c = NULL;
  double f = sqrt (1e4 * 14.0 / 24.0) / (2 * G_PI);
  SwTrajectory *d;

  o.from_rpm = 0;
  o.to_rpm = 2000;
  o.orders = orders;
  o.n_orders = G_N_ELEMENTS (orders);
  c = sw_campbell_compute (sys, "inertia1", &o, &error);
  g_assert_no_error (error);
  /* 60 f / 0.5 = 1459 rpm is inside the range; all four cross. */
  g_assert_cmpuint (sw_campbell_get_n_crossings (c), ==, 4);
  for (guint k = 0; k < 4; k++)
    {
      const SwCriticalSpeed *cs = sw_campbell_get_crossing (c, k);
      double order = orders[3 - k];

      g_assert_cmpfloat (cs->order, ==, order);
      g_assert_cmpfloat_with_epsilon (cs->speed_rpm, 60 * f / order, 1e-6 * 60 * f / order);
      g_assert_cmpfloat_with_epsilon (cs->frequency_hz, f, 1e-6 * f);
      g_assert_cmpuint (cs->mode, ==, 2);
      g_assert_cmpstr (sw_system_get_part (sys, cs->section)->id, ==, "spring");
    }
  d = sw_campbell_get_diagram (c);
  g_assert_cmpstr (sw_trajectory_get_x_name (d), ==, "speed_rpm");
  g_assert_cmpuint (sw_trajectory_get_n_columns (d), ==, 1 + 4);
  g_assert_cmpstr (sw_trajectory_get_column_name (d, 0), ==, "mode_2_hz");
  g_assert_cmpstr (sw_trajectory_get_column_name (d, 2), ==, "order_1_hz");
  for (guint r = 0; r < sw_trajectory_get_n_rows (d); r++)
    {
      g_assert_cmpfloat_with_epsilon (sw_trajectory_get_column (d, 0)[r], f, 1e-6 * f);
      g_assert_cmpfloat_with_epsilon (sw_trajectory_get_column (d, 2)[r], sw_trajectory_get_times (d)[r] / 60, 1e-9);
    }
}

static void
test_errors (void)
{
  g_autoptr (SwSystem) sys = first_system ();
  SwCampbellOptions o = sw_campbell_options_default ();
  const double bad_orders[] = { 0 };
  g_autoptr (GError) e1 = NULL, e2 = NULL, e3 = NULL;

  g_assert_null (sw_campbell_compute (sys, "spring", &o, &e1));
  g_assert_error (e1, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER);
  o.from_rpm = 100, o.to_rpm = 10;
  g_assert_null (sw_campbell_compute (sys, "inertia1", &o, &e2));
  g_assert_error (e2, SW_ERROR, SW_ERROR_INVALID);
  o = sw_campbell_options_default ();
  o.orders = bad_orders;
  g_assert_null (sw_campbell_compute (sys, "inertia1", &o, &e3));
  g_assert_error (e3, SW_ERROR, SW_ERROR_INVALID);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/campbell/first-crossings", test_first_crossings);
  g_test_add_func ("/core/campbell/errors", test_errors);
  return g_test_run ();
}
