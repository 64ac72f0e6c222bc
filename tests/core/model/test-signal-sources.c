/* test-signal-sources.c: SwSignal sources against closed forms: constant,
 * step, ramp, sine, exponential sine, pulse, sawtooth, trapezoid.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <glib.h>
#include <json-glib/json-glib.h>

#include "sw-error.h"
#include "sw-signal.h"
#include "test-signal-common.h"

/* ------------------------------------------------------------------------ */

static void
test_constant (void)
{
  g_autoptr(SwSignal) number = parse ("2.5");
  g_autoptr(SwSignal) object = parse ("{\"constant\": {\"k\": -3}}");
  g_autoptr(SwSignal) unit = parse ("{\"constant\": {}}");
  g_autoptr(SwSignal) integer = parse ("7");
  g_autoptr(SwSignal) made = sw_signal_new_constant (4.0);
  g_autoptr(JsonNode) node = NULL;

  check (number, -10.0, FALSE, 2.5, 0.0, 0.0);
  check (number, 10.0, TRUE, 2.5, 0.0, 0.0);
  check (object, 0.0, FALSE, -3.0, 0.0, 0.0);
  check (unit, 1.0, FALSE, 1.0, 0.0, 0.0);
  check (integer, 1.0, FALSE, 7.0, 0.0, 0.0);
  check (made, 1.0, TRUE, 4.0, 0.0, 0.0);

  g_assert_true (sw_signal_is_constant (number));
  g_assert_true (sw_signal_is_constant (object));
  g_assert_cmpstr (sw_signal_get_type_name (number), ==, "constant");
  g_assert_cmpstr (sw_signal_get_type_name (object), ==, "constant");
  g_assert_false (sw_signal_next_event (number, -1e9, NULL));
  g_assert_false (sw_signal_next_event (object, 0.0, NULL));

  /* A constant is written as a plain number. */
  node = sw_signal_to_json (object);
  g_assert_true (JSON_NODE_HOLDS_VALUE (node));
  g_assert_cmpfloat (json_node_get_double (node), ==, -3.0);
}

static void
test_step (void)
{
  g_autoptr(SwSignal) s = parse ("{\"step\": {\"height\": 2, \"offset\": 1, \"start_time\": 0.5}}");
  g_autoptr(SwSignal) unit = parse ("{\"step\": {}}");
  const double events[] = { 0.5 };

  g_assert_false (sw_signal_is_constant (s));
  g_assert_cmpstr (sw_signal_get_type_name (s), ==, "step");
  check (s, -1.0, FALSE, 1.0, 0.0, 0.0);
  check (s, 0.5, TRUE, 1.0, 0.0, 0.0);
  check (s, 0.5, FALSE, 3.0, 0.0, 0.0);
  check (s, 0.7, TRUE, 3.0, 0.0, 0.0);
  check (s, 100.0, FALSE, 3.0, 0.0, 0.0);
  check_events (s, -1.0, events, 1);
  check_events (s, 0.5, NULL, 0);

  check (unit, 0.0, TRUE, 0.0, 0.0, 0.0);
  check (unit, 0.0, FALSE, 1.0, 0.0, 0.0);
}

static void
test_ramp (void)
{
  g_autoptr(SwSignal) s = parse ("{\"ramp\": {\"height\": 3, \"duration\": 2, \"offset\": -1, "
                                 "\"start_time\": 1}}");
  g_autoptr(SwSignal) unit = parse ("{\"ramp\": {}}");
  const double events[] = { 1.0, 3.0 };

  check (s, 0.5, FALSE, -1.0, 0.0, 0.0);
  check (s, 1.0, TRUE, -1.0, 0.0, 0.0);
  check (s, 1.0, FALSE, -1.0, 1.5, 0.0);
  check (s, 2.0, FALSE, 0.5, 1.5, 0.0);
  check (s, 3.0, TRUE, 2.0, 1.5, 0.0);
  check (s, 3.0, FALSE, 2.0, 0.0, 0.0);
  check (s, 7.0, FALSE, 2.0, 0.0, 0.0);
  check_fd (s, 2.3);
  check_events (s, -5.0, events, 2);
  check_events (s, 1.0, events + 1, 1);

  /* Defaults: height 1 over 2 s. */
  check (unit, 1.0, FALSE, 0.5, 0.5, 0.0);
  check (unit, 2.0, FALSE, 1.0, 0.0, 0.0);
}

static void
test_sine (void)
{
  g_autoptr(SwSignal) s = parse ("{\"sine\": {\"amplitude\": 2, \"freq_hz\": 3, \"phase\": 0.4, "
                                 "\"offset\": 0.5, \"start_time\": 0.2}}");
  g_autoptr(SwSignal) zero_phase = parse ("{\"sine\": {\"start_time\": 1}}");
  g_autoptr(SwSignal) flat = parse ("{\"sine\": {\"amplitude\": 0, \"start_time\": 1}}");
  const double w = 2.0 * G_PI * 3.0;
  const double one[] = { 1.0 };
  const double times[] = { 0.21, 0.37, 0.5, 1.3, 17.25 };

  check (s, 0.1, FALSE, 0.5, 0.0, 0.0);
  check (s, 0.2, TRUE, 0.5, 0.0, 0.0);
  check (s, 0.2, FALSE, 0.5 + 2.0 * sin (0.4), 2.0 * w * cos (0.4), -2.0 * w * w * sin (0.4));
  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      double arg = w * (times[i] - 0.2) + 0.4;

      check (s, times[i], FALSE, 0.5 + 2.0 * sin (arg), 2.0 * w * cos (arg), -2.0 * w * w * sin (arg));
      check_fd (s, times[i]);
    }
  check_events (s, 0.0, (const double[]) { 0.2 }, 1);

  /* Phase 0: the value is continuous at start_time but the slope jumps. */
  check (zero_phase, 1.0, TRUE, 0.0, 0.0, 0.0);
  check (zero_phase, 1.0, FALSE, 0.0, 2.0 * G_PI, 0.0);
  check (zero_phase, 1.25, FALSE, 1.0, 0.0, -4.0 * G_PI * G_PI);
  check_events (zero_phase, 0.0, one, 1);

  /* Nothing ever moves. */
  check_events (flat, -1.0, NULL, 0);
}

static void
test_exp_sine (void)
{
  g_autoptr(SwSignal) s = parse ("{\"exp_sine\": {\"amplitude\": 1.5, \"freq_hz\": 2, \"phase\": 0.3, "
                                 "\"damping\": 0.7, \"offset\": 0.2, \"start_time\": 0.1}}");
  g_autoptr(SwSignal) unit = parse ("{\"exp_sine\": {}}");
  const double times[] = { 0.15, 0.4, 1.0, 2.7 };
  const double w = 4.0 * G_PI;

  check (s, 0.0, FALSE, 0.2, 0.0, 0.0);
  check (s, 0.1, TRUE, 0.2, 0.0, 0.0);
  check_value (s, 0.1, FALSE, 0.2 + 1.5 * sin (0.3));
  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      double tau = times[i] - 0.1;

      check_value (s, times[i], FALSE, 0.2 + 1.5 * exp (-0.7 * tau) * sin (w * tau + 0.3));
      check_fd (s, times[i]);
    }
  check_events (s, -1.0, (const double[]) { 0.1 }, 1);

  /* At start_time the derivatives follow from the product rule by hand:
   * y' = A ω, y'' = -2 A d ω for phase 0. */
  check (unit, 0.0, FALSE, 0.0, 4.0 * G_PI, -2.0 * 4.0 * G_PI);
  check_value (unit, 0.125, FALSE, exp (-0.125));
}

static void
test_pulse (void)
{
  g_autoptr(SwSignal) s = parse ("{\"pulse\": {\"amplitude\": 2, \"width\": 30, \"period\": 0.5, "
                                 "\"nperiod\": 3, \"offset\": 1, \"start_time\": 0.25}}");
  g_autoptr(SwSignal) full = parse ("{\"pulse\": {\"width\": 100, \"nperiod\": 2}}");
  g_autoptr(SwSignal) never = parse ("{\"pulse\": {\"nperiod\": 0}}");
  const double events[] = { 0.25, 0.40, 0.75, 0.90, 1.25, 1.40 };
  const double full_events[] = { 0.0, 2.0 };

  check (s, 0.0, FALSE, 1.0, 0.0, 0.0);
  check (s, 0.25, TRUE, 1.0, 0.0, 0.0);
  check (s, 0.25, FALSE, 3.0, 0.0, 0.0);
  check (s, 0.3, FALSE, 3.0, 0.0, 0.0);
  check (s, 0.4, TRUE, 3.0, 0.0, 0.0);
  check (s, 0.4, FALSE, 1.0, 0.0, 0.0);
  check (s, 0.6, FALSE, 1.0, 0.0, 0.0);
  check (s, 0.75, TRUE, 1.0, 0.0, 0.0);
  check (s, 0.75, FALSE, 3.0, 0.0, 0.0);
  check (s, 1.3, FALSE, 3.0, 0.0, 0.0);
  /* Three periods, then the offset for ever. */
  check (s, 1.8, FALSE, 1.0, 0.0, 0.0);
  check (s, 1e6, FALSE, 1.0, 0.0, 0.0);
  check_events (s, -1.0, events, G_N_ELEMENTS (events));

  /* Width 100 %: up from the start until nperiod periods have passed. */
  check (full, 0.0, FALSE, 1.0, 0.0, 0.0);
  check (full, 1.0, TRUE, 1.0, 0.0, 0.0);
  check (full, 1.0, FALSE, 1.0, 0.0, 0.0);
  check (full, 2.0, TRUE, 1.0, 0.0, 0.0);
  check (full, 2.0, FALSE, 0.0, 0.0, 0.0);
  check_events (full, -1.0, full_events, G_N_ELEMENTS (full_events));

  check (never, 0.2, FALSE, 0.0, 0.0, 0.0);
  check_events (never, -1.0, NULL, 0);
}

/* 1000 periods of 0.1 s: every edge where start_time + k·period (+ width)
 * puts it, each classified consistently with left/right. */
static void
test_pulse_no_drift (void)
{
  g_autoptr(SwSignal) s = parse ("{\"pulse\": {\"amplitude\": 1, \"width\": 50, \"period\": 0.1, "
                                 "\"nperiod\": 1000, \"start_time\": 0.3}}");
  double t = 0.0;
  double previous_rise = NAN;

  for (guint m = 0; m < 2000; m++)
    {
      guint k = m / 2;
      gboolean rising = m % 2 == 0;
      double expected = 0.3 + k * 0.1 + (rising ? 0.0 : 0.05);
      double te;

      g_assert_true (sw_signal_next_event (s, t, &te));
      g_assert_cmpfloat (te, >, t);
      g_assert_cmpfloat_with_epsilon (te, expected, 1e-12);
      check_value (s, te, TRUE, rising ? 0.0 : 1.0);
      check_value (s, te, FALSE, rising ? 1.0 : 0.0);
      if (rising)
        {
          if (!isnan (previous_rise))
            g_assert_cmpfloat_with_epsilon (te - previous_rise, 0.1, 1e-12);
          previous_rise = te;
        }
      t = te;
    }

  /* The last falling edge ends it. */
  g_assert_cmpfloat_with_epsilon (t, 0.3 + 999 * 0.1 + 0.05, 1e-12);
  g_assert_false (sw_signal_next_event (s, t, NULL));
  check_value (s, 100.3, FALSE, 0.0);
  check_value (s, 100.35, FALSE, 0.0);
}

static void
test_sawtooth (void)
{
  g_autoptr(SwSignal) s = parse ("{\"sawtooth\": {\"amplitude\": 4, \"period\": 2, \"offset\": -1, "
                                 "\"start_time\": 1}}");
  double t = 0.0;

  check (s, 0.0, FALSE, -1.0, 0.0, 0.0);
  check (s, 1.0, TRUE, -1.0, 0.0, 0.0);
  check (s, 1.0, FALSE, -1.0, 2.0, 0.0);
  check (s, 1.5, FALSE, 0.0, 2.0, 0.0);
  check (s, 3.0, TRUE, 3.0, 2.0, 0.0);
  check (s, 3.0, FALSE, -1.0, 2.0, 0.0);
  check (s, 4.5, FALSE, 2.0, 2.0, 0.0);
  check_fd (s, 2.2);

  /* An event at every period start, for ever. */
  for (guint k = 0; k < 50; k++)
    {
      g_assert_true (sw_signal_next_event (s, t, &t));
      g_assert_cmpfloat_with_epsilon (t, 1.0 + 2.0 * k, 1e-12);
    }
}

static void
test_trapezoid (void)
{
  g_autoptr(SwSignal) s = parse ("{\"trapezoid\": {\"amplitude\": 2, \"rising\": 0.1, \"width\": 0.2, "
                                 "\"falling\": 0.3, \"period\": 1, \"nperiod\": 2, \"offset\": 0.5}}");
  g_autoptr(SwSignal) tight = parse ("{\"trapezoid\": {\"rising\": 0.25, \"width\": 0.5, "
                                     "\"falling\": 0.25, \"period\": 1, \"nperiod\": 1}}");
  g_autoptr(SwSignal) square = parse ("{\"trapezoid\": {}}");
  const double events[] = { 0.0, 0.1, 0.3, 0.6, 1.0, 1.1, 1.3, 1.6 };
  const double tight_events[] = { 0.0, 0.25, 0.75, 1.0 };
  const double fall = -2.0 / 0.3;
  double t = -1.0, t3, t6;

  check (s, -0.5, FALSE, 0.5, 0.0, 0.0);
  check (s, 0.0, TRUE, 0.5, 0.0, 0.0);
  check (s, 0.0, FALSE, 0.5, 20.0, 0.0);
  check (s, 0.05, FALSE, 1.5, 20.0, 0.0);
  check (s, 0.1, TRUE, 2.5, 20.0, 0.0);
  check (s, 0.1, FALSE, 2.5, 0.0, 0.0);
  check (s, 0.2, FALSE, 2.5, 0.0, 0.0);
  /* The corners are where the signal says (0.1 + 0.2 is not 0.3 in
   * binary); classification is exact there. */
  g_assert_true (sw_signal_next_event (s, 0.2, &t3));
  g_assert_true (sw_signal_next_event (s, t3, &t6));
  g_assert_cmpfloat_with_epsilon (t3, 0.3, 1e-15);
  g_assert_cmpfloat_with_epsilon (t6, 0.6, 1e-15);
  check (s, t3, TRUE, 2.5, 0.0, 0.0);
  check (s, t3, FALSE, 2.5, fall, 0.0);
  check (s, 0.45, FALSE, 1.5, fall, 0.0);
  check (s, t6, TRUE, 0.5, fall, 0.0);
  check (s, t6, FALSE, 0.5, 0.0, 0.0);
  check (s, 0.8, FALSE, 0.5, 0.0, 0.0);
  check (s, 1.0, TRUE, 0.5, 0.0, 0.0);
  check (s, 1.0, FALSE, 0.5, 20.0, 0.0);
  check (s, 1.05, FALSE, 1.5, 20.0, 0.0);
  check (s, 1.45, FALSE, 1.5, fall, 0.0);
  check (s, 2.05, FALSE, 0.5, 0.0, 0.0);
  check_fd (s, 0.07);
  check_fd (s, 1.5);
  check_events (s, -1.0, events, G_N_ELEMENTS (events));

  /* The fall ends exactly at the period's end, and the last period's end
   * is an event (the slope jumps to 0). */
  check (tight, 1.0, TRUE, 0.0, -4.0, 0.0);
  check (tight, 1.0, FALSE, 0.0, 0.0, 0.0);
  check (tight, 0.875, FALSE, 0.5, -4.0, 0.0);
  check_events (tight, -1.0, tight_events, G_N_ELEMENTS (tight_events));

  /* Defaults: a square wave, 1 for half a period, jumping. */
  check (square, 0.0, FALSE, 1.0, 0.0, 0.0);
  check (square, 0.5, TRUE, 1.0, 0.0, 0.0);
  check (square, 0.5, FALSE, 0.0, 0.0, 0.0);
  check (square, 7.0, TRUE, 0.0, 0.0, 0.0);
  check (square, 7.0, FALSE, 1.0, 0.0, 0.0);
  for (guint i = 0; i < 20; i++)
    {
      g_assert_true (sw_signal_next_event (square, t, &t));
      g_assert_cmpfloat_with_epsilon (t, 0.5 * i, 1e-12);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();

  g_test_add_func ("/core/signal/constant", test_constant);
  g_test_add_func ("/core/signal/step", test_step);
  g_test_add_func ("/core/signal/ramp", test_ramp);
  g_test_add_func ("/core/signal/sine", test_sine);
  g_test_add_func ("/core/signal/exp-sine", test_exp_sine);
  g_test_add_func ("/core/signal/pulse", test_pulse);
  g_test_add_func ("/core/signal/pulse-no-drift", test_pulse_no_drift);
  g_test_add_func ("/core/signal/sawtooth", test_sawtooth);
  g_test_add_func ("/core/signal/trapezoid", test_trapezoid);

  return g_test_run ();
}
