/* test-signal-operators.c: SwSignal products, sums and limits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <glib.h>
#include <json-glib/json-glib.h>

#include "sw-error.h"
#include "sw-signal.h"
#include "test-signal-common.h"

/* Modelica.Mechanics.Rotational.Examples.Friction: the drive torque is
 * sine (200, 50/π Hz) times step (height -1, offset 1, start_time 0.5). */
static void
test_friction_product (void)
{
  g_autoptr(SwSignal) s = parse ("{\"product\": ["
                                 "{\"sine\": {\"amplitude\": 200, \"freq_hz\": 15.915494309189533}},"
                                 "{\"step\": {\"height\": -1, \"offset\": 1, \"start_time\": 0.5}}]}");
  const double events[] = { 0.0, 0.5 };

  g_assert_cmpstr (sw_signal_get_type_name (s), ==, "product");
  check (s, 0.25, FALSE, 200.0 * sin (25.0), 200.0 * 100.0 * cos (25.0),
         -200.0 * 1e4 * sin (25.0));
  check (s, 0.75, FALSE, 0.0, 0.0, 0.0);
  check_value (s, 0.5, TRUE, 200.0 * sin (50.0));
  check_value (s, 0.5, FALSE, 0.0);
  check_fd (s, 0.31);
  check_events (s, -1.0, events, G_N_ELEMENTS (events));
}

static void
test_sum_product (void)
{
  g_autoptr(SwSignal) sum = parse ("{\"sum\": [1.5, {\"step\": {\"height\": 2, \"start_time\": 1}}, "
                                   "{\"sine\": {\"amplitude\": 1, \"freq_hz\": 0.5}}]}");
  /* 0.1 t · sin t, with sin t from freq_hz = 1/(2π). */
  g_autoptr(SwSignal) product = parse ("{\"product\": [{\"ramp\": {\"height\": 1, \"duration\": 10}}, "
                                       "{\"sine\": {\"freq_hz\": 0.15915494309189535}}]}");
  g_autoptr(SwSignal) triple = parse ("{\"product\": [{\"exp_sine\": {}}, "
                                      "{\"sine\": {\"amplitude\": 3, \"phase\": 1}}, "
                                      "{\"sum\": [{\"ramp\": {}}, 0.5]}]}");
  const double times[] = { 0.3, 1.7, 2.0, 5.0 };

  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      double t = times[i];

      check (sum, t, FALSE, 1.5 + (t >= 1.0 ? 2.0 : 0.0) + sin (G_PI * t),
             G_PI * cos (G_PI * t), -G_PI * G_PI * sin (G_PI * t));
      check (product, t, FALSE, 0.1 * t * sin (t), 0.1 * sin (t) + 0.1 * t * cos (t),
             0.2 * cos (t) - 0.1 * t * sin (t));
      check_fd (product, t);
      if (t != 2.0)
        check_fd (triple, t);
    }
  check_events (sum, -1.0, (const double[]) { 0.0, 1.0 }, 2);
  check_events (product, -1.0, (const double[]) { 0.0, 10.0 }, 2);
  check_events (triple, -1.0, (const double[]) { 0.0, 2.0 }, 2);
  g_assert_false (sw_signal_is_constant (sum));
  g_assert_cmpstr (sw_signal_get_type_name (sum), ==, "sum");
}

/* Left and right limits at every event against the signal just off it. */
static void
test_limits (void)
{
  const char *signals[] = {
    "{\"step\": {\"height\": -2, \"start_time\": 0.3}}",
    "{\"ramp\": {\"height\": 5, \"duration\": 0.7, \"start_time\": 0.2, \"offset\": 1}}",
    "{\"sine\": {\"amplitude\": 3, \"phase\": 0.5, \"start_time\": 0.1}}",
    "{\"exp_sine\": {\"start_time\": 0.4}}",
    "{\"pulse\": {\"width\": 20, \"period\": 0.3, \"nperiod\": 7, \"start_time\": 0.05}}",
    "{\"sawtooth\": {\"amplitude\": -2, \"period\": 0.7, \"start_time\": 0.35}}",
    "{\"trapezoid\": {\"amplitude\": 3, \"rising\": 0.1, \"width\": 0.05, \"falling\": 0.2, "
      "\"period\": 0.35, \"nperiod\": 9, \"offset\": -1, \"start_time\": 0.15}}",
    "{\"table\": {\"points\": [[0,0],[0.3,1],[0.3,2],[0.9,-1],[1.4,-1],[2,3]], "
      "\"extrapolation\": \"periodic\", \"start_time\": 0.25}}",
    "{\"table\": {\"points\": [[-1,2],[0.3,1],[0.3,2],[0.9,-1],[1.4,-1],[2,3]], "
      "\"extrapolation\": \"linear\", \"start_time\": 0.25}}",
    "{\"product\": [{\"pulse\": {\"period\": 0.4}}, {\"sine\": {\"freq_hz\": 3}}]}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    {
      g_autoptr(SwSignal) s = parse (signals[i]);

      g_assert_cmpuint (check_limits (s, -1.0, 10.0), >=, 1);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/signal/friction-product", test_friction_product);
  g_test_add_func ("/core/signal/sum-product", test_sum_product);
  g_test_add_func ("/core/signal/limits", test_limits);

  return g_test_run ();
}
