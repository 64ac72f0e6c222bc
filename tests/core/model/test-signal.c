/* test-signal.c: SwSignal against closed forms, the MSL table example,
 * finite differences, its own event list and malformed input.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <glib.h>
#include <json-glib/json-glib.h>

#include "sw-error.h"
#include "sw-signal.h"

/* |a - b| <= tol·(1 + |b|) */
#define assert_close(a, b, tol) \
  G_STMT_START { \
    double a_ = (a), b_ = (b); \
    g_assert_cmpfloat_with_epsilon (a_, b_, (tol) * (1.0 + fabs (b_))); \
  } G_STMT_END

static SwSignal *
parse (const char *json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = json_from_string (json, &error);
  SwSignal *signal;

  g_assert_no_error (error);
  g_assert_nonnull (node);
  signal = sw_signal_new_from_json (node, &error);
  g_assert_no_error (error);
  g_assert_nonnull (signal);
  return signal;
}

/* y, dy/dt and d2y/dt2 at t from one side. */
static void
check (const SwSignal *signal,
       double          t,
       gboolean        left,
       double          y,
       double          d1,
       double          d2)
{
  double e1 = NAN, e2 = NAN;
  double e = sw_signal_eval (signal, t, left, &e1, &e2);

  if (g_test_verbose ())
    g_test_message ("t = %.17g %s: y %.17g (want %.17g), d1 %.17g (want %.17g), d2 %.17g (want %.17g)",
                    t, left ? "left" : "right", e, y, e1, d1, e2, d2);
  assert_close (e, y, 1e-12);
  assert_close (e1, d1, 1e-12);
  assert_close (e2, d2, 1e-12);
}

static void
check_value (const SwSignal *signal,
             double          t,
             gboolean        left,
             double          y)
{
  assert_close (sw_signal_eval (signal, t, left, NULL, NULL), y, 1e-12);
}

/* The derivatives at a smooth point against central differences of the
 * value (d1) and of the analytic d1 (d2). */
static void
check_fd (const SwSignal *signal,
          double          t)
{
  const double h = 1e-6;
  double d1, d2, p1, m1;
  double y = sw_signal_eval (signal, t, FALSE, &d1, &d2);
  double yp = sw_signal_eval (signal, t + h, FALSE, &p1, NULL);
  double ym = sw_signal_eval (signal, t - h, FALSE, &m1, NULL);
  double scale = 1.0 + fabs (y) + fabs (d1) + fabs (d2);

  g_assert_cmpfloat_with_epsilon (sw_signal_eval (signal, t, TRUE, NULL, NULL), y, 1e-12 * scale);
  g_assert_cmpfloat_with_epsilon ((yp - ym) / (2.0 * h), d1, 1e-6 * scale);
  g_assert_cmpfloat_with_epsilon ((p1 - m1) / (2.0 * h), d2, 1e-6 * scale);
}

/* Asserts the events after t_from, as many as expected and no more. */
static void
check_events (const SwSignal *signal,
              double          t_from,
              const double   *expected,
              guint           n_expected)
{
  double t = t_from;

  for (guint i = 0; i < n_expected; i++)
    {
      double te = NAN;

      g_assert_true (sw_signal_next_event (signal, t, &te));
      g_assert_cmpfloat (te, >, t);
      g_assert_cmpfloat_with_epsilon (te, expected[i], 1e-12 * (1.0 + fabs (expected[i])));
      t = te;
    }

  g_assert_false (sw_signal_next_event (signal, t, NULL));
}

/* At every event in [t_from, t_to], the left and right limits must match
 * the signal just before and just after it. */
static guint
check_limits (const SwSignal *signal,
              double          t_from,
              double          t_to)
{
  const double delta = 1e-10;
  double t = t_from;
  guint n = 0;

  while (sw_signal_next_event (signal, t, &t) && t <= t_to)
    {
      double l1, r1, b1, a1;
      double l = sw_signal_eval (signal, t, TRUE, &l1, NULL);
      double r = sw_signal_eval (signal, t, FALSE, &r1, NULL);
      double before = sw_signal_eval (signal, t - delta, FALSE, &b1, NULL);
      double after = sw_signal_eval (signal, t + delta, TRUE, &a1, NULL);

      g_assert_cmpfloat_with_epsilon (l, before, 1e-5 * (1.0 + fabs (l)));
      g_assert_cmpfloat_with_epsilon (r, after, 1e-5 * (1.0 + fabs (r)));
      g_assert_cmpfloat_with_epsilon (l1, b1, 1e-5 * (1.0 + fabs (l1)));
      g_assert_cmpfloat_with_epsilon (r1, a1, 1e-5 * (1.0 + fabs (r1)));
      g_assert_cmpuint (++n, <, 100000);
    }

  return n;
}

static void
check_error (const char *json,
             int         code,
             const char *needle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = json_from_string (json, &error);
  g_autoptr(SwSignal) signal = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (node);
  signal = sw_signal_new_from_json (node, &error);
  if (g_test_verbose () && error != NULL)
    g_test_message ("%s → %s", json, error->message);
  g_assert_null (signal);
  g_assert_error (error, SW_ERROR, code);
  g_assert_nonnull (strstr (error->message, needle));
}

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

/* The MSL TimeTable example (Modelica.Blocks.Sources.TimeTable documentation). */
static void
test_table_msl (void)
{
  g_autoptr(SwSignal) s = parse ("{\"table\": {\"points\": [[0,0],[1,0],[1,1],[2,4],[3,9],[4,16]], "
                                 "\"extrapolation\": \"linear\"}}");
  g_autoptr(SwSignal) held = parse ("{\"table\": {\"points\": [[0,0],[1,0],[1,1],[2,4],[3,9],[4,16]]}}");
  const double events[] = { 1.0, 2.0, 3.0 };
  const double held_events[] = { 1.0, 2.0, 3.0, 4.0 };

  check (s, 1.0, TRUE, 0.0, 0.0, 0.0);
  check (s, 1.0, FALSE, 1.0, 3.0, 0.0);
  check (s, 1.5, FALSE, 2.5, 3.0, 0.0);
  check (s, 2.0, TRUE, 4.0, 3.0, 0.0);
  check (s, 2.0, FALSE, 4.0, 5.0, 0.0);
  check (s, 5.0, FALSE, 23.0, 7.0, 0.0);
  check (s, 0.5, FALSE, 0.0, 0.0, 0.0);
  /* The line through the last two points goes on without an event at 4. */
  check_events (s, -1.0, events, G_N_ELEMENTS (events));
  check_fd (s, 2.6);

  check (held, 5.0, FALSE, 16.0, 0.0, 0.0);
  check (held, 4.0, TRUE, 16.0, 7.0, 0.0);
  check (held, 4.0, FALSE, 16.0, 0.0, 0.0);
  check_events (held, -1.0, held_events, G_N_ELEMENTS (held_events));
}

static void
test_table (void)
{
  g_autoptr(SwSignal) hold = parse ("{\"table\": {\"points\": [[0,1],[1,3],[2,-1]], "
                                    "\"interpolation\": \"hold\", \"offset\": 10, \"start_time\": 0.5}}");
  g_autoptr(SwSignal) one = parse ("{\"table\": {\"points\": [[3,7]], \"offset\": 2, \"start_time\": 1}}");
  g_autoptr(SwSignal) before = parse ("{\"table\": {\"points\": [[1,2],[2,4]], "
                                      "\"extrapolation\": \"linear\"}}");
  g_autoptr(SwSignal) jump_first = parse ("{\"table\": {\"points\": [[0,1],[0,2],[1,2]]}}");
  const double hold_events[] = { 0.5, 1.5, 2.5 };

  check (hold, 0.4, FALSE, 10.0, 0.0, 0.0);
  check (hold, 0.5, TRUE, 10.0, 0.0, 0.0);
  check (hold, 0.5, FALSE, 11.0, 0.0, 0.0);
  check (hold, 1.2, FALSE, 11.0, 0.0, 0.0);
  check (hold, 1.5, TRUE, 11.0, 0.0, 0.0);
  check (hold, 1.5, FALSE, 13.0, 0.0, 0.0);
  check (hold, 2.5, TRUE, 13.0, 0.0, 0.0);
  check (hold, 2.5, FALSE, 9.0, 0.0, 0.0);
  check (hold, 50.0, FALSE, 9.0, 0.0, 0.0);
  check_events (hold, -3.0, hold_events, G_N_ELEMENTS (hold_events));

  /* One row is a constant once started. */
  check (one, 0.5, FALSE, 2.0, 0.0, 0.0);
  check (one, 1.0, TRUE, 2.0, 0.0, 0.0);
  check (one, 1.0, FALSE, 9.0, 0.0, 0.0);
  check (one, 10.0, FALSE, 9.0, 0.0, 0.0);
  check_events (one, 0.0, (const double[]) { 1.0 }, 1);

  /* Extrapolated backwards to start_time 0: y = 2 t, started with a kink. */
  check (before, 0.0, TRUE, 0.0, 0.0, 0.0);
  check (before, 0.0, FALSE, 0.0, 2.0, 0.0);
  check (before, 0.5, FALSE, 1.0, 2.0, 0.0);
  check (before, 3.0, FALSE, 6.0, 2.0, 0.0);
  check_events (before, -1.0, (const double[]) { 0.0 }, 1);

  /* A jump at the first time: the right limit is the second row. */
  check (jump_first, 0.0, TRUE, 0.0, 0.0, 0.0);
  check (jump_first, 0.0, FALSE, 2.0, 0.0, 0.0);
  check_events (jump_first, -1.0, (const double[]) { 0.0 }, 1);
}

static void
test_table_periodic (void)
{
  g_autoptr(SwSignal) triangle = parse ("{\"table\": {\"points\": [[0,0],[1,1],[2,0]], "
                                        "\"extrapolation\": \"periodic\"}}");
  g_autoptr(SwSignal) shifted = parse ("{\"table\": {\"points\": [[1,0],[2,2],[3,0]], "
                                       "\"extrapolation\": \"periodic\", \"start_time\": 0.5}}");
  g_autoptr(SwSignal) saw = parse ("{\"table\": {\"points\": [[0,0],[0.1,1]], "
                                   "\"extrapolation\": \"periodic\"}}");
  g_autoptr(SwSignal) steps = parse ("{\"table\": {\"points\": [[0,1],[0.5,2],[0.5,5],[1,3]], "
                                     "\"interpolation\": \"hold\", \"extrapolation\": \"periodic\"}}");
  double t = -1.0;

  check (triangle, -0.5, FALSE, 0.0, 0.0, 0.0);
  check (triangle, 0.5, FALSE, 0.5, 1.0, 0.0);
  check (triangle, 1.5, FALSE, 0.5, -1.0, 0.0);
  check (triangle, 2.5, FALSE, 0.5, 1.0, 0.0);
  check (triangle, 3.0, TRUE, 1.0, 1.0, 0.0);
  check (triangle, 3.0, FALSE, 1.0, -1.0, 0.0);
  check (triangle, 4.0, TRUE, 0.0, -1.0, 0.0);
  check (triangle, 4.0, FALSE, 0.0, 1.0, 0.0);
  for (guint i = 0; i < 20; i++)
    {
      g_assert_true (sw_signal_next_event (triangle, t, &t));
      g_assert_cmpfloat_with_epsilon (t, i, 1e-12);
    }

  /* The table's time axis is t - start_time; before its first time the
   * periodic continuation applies. */
  check (shifted, 0.5, TRUE, 0.0, 0.0, 0.0);
  check (shifted, 0.5, FALSE, 2.0, -2.0, 0.0);
  check (shifted, 0.75, FALSE, 1.5, -2.0, 0.0);
  check (shifted, 2.0, FALSE, 1.0, 2.0, 0.0);
  check (shifted, 2.5, TRUE, 2.0, 2.0, 0.0);
  check (shifted, 2.5, FALSE, 2.0, -2.0, 0.0);
  t = 0.0;
  for (guint i = 0; i < 10; i++)
    {
      g_assert_true (sw_signal_next_event (shifted, t, &t));
      g_assert_cmpfloat_with_epsilon (t, 0.5 + i, 1e-12);
    }

  /* A periodic sawtooth over many periods: jumps from 1 to 0 exactly at
   * each event the signal itself reports. */
  t = 0.0;
  for (guint i = 1; i <= 10000; i++)
    {
      g_assert_true (sw_signal_next_event (saw, t, &t));
      g_assert_cmpfloat_with_epsilon (t, 0.1 * i, 1e-11);
      check_value (saw, t, TRUE, 1.0);
      check_value (saw, t, FALSE, 0.0);
    }
  check_value (saw, 0.25, FALSE, 0.5);

  /* Hold with a repeated time: 1, then 5 (the second row wins from the right). */
  check (steps, 0.25, FALSE, 1.0, 0.0, 0.0);
  check (steps, 0.5, TRUE, 1.0, 0.0, 0.0);
  check (steps, 0.5, FALSE, 5.0, 0.0, 0.0);
  check (steps, 1.0, TRUE, 5.0, 0.0, 0.0);
  check (steps, 1.0, FALSE, 1.0, 0.0, 0.0);
  check (steps, 1.75, FALSE, 5.0, 0.0, 0.0);
  g_assert_cmpuint (check_limits (steps, -1.0, 10.0), >=, 20);
}

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

static void
check_same (const SwSignal *a,
            const SwSignal *b)
{
  double ta = -2.0, tb = -2.0;

  g_assert_cmpstr (sw_signal_get_type_name (a), ==, sw_signal_get_type_name (b));
  g_assert_cmpint (sw_signal_is_constant (a), ==, sw_signal_is_constant (b));

  for (int i = -200; i <= 1200; i++)
    {
      double t = i * 0.0071;

      for (int side = 0; side < 2; side++)
        {
          double a1, a2, b1, b2;
          double ya = sw_signal_eval (a, t, side, &a1, &a2);
          double yb = sw_signal_eval (b, t, side, &b1, &b2);

          g_assert_cmpfloat (ya, ==, yb);
          g_assert_cmpfloat (a1, ==, b1);
          g_assert_cmpfloat (a2, ==, b2);
        }
    }

  for (guint i = 0; i < 50; i++)
    {
      gboolean fa = sw_signal_next_event (a, ta, &ta);
      gboolean fb = sw_signal_next_event (b, tb, &tb);

      g_assert_cmpint (fa, ==, fb);
      if (!fa)
        break;
      g_assert_cmpfloat (ta, ==, tb);
      g_assert_cmpfloat (sw_signal_eval (a, ta, TRUE, NULL, NULL), ==,
                         sw_signal_eval (b, tb, TRUE, NULL, NULL));
    }
}

static void
test_round_trip (void)
{
  const char *signals[] = {
    "-0.125",
    "{\"constant\": {\"k\": 3}}",
    "{\"step\": {\"height\": 2.5, \"offset\": 0.1, \"start_time\": 0.3}}",
    "{\"ramp\": {\"height\": -1, \"duration\": 0.3, \"start_time\": 1.1}}",
    "{\"sine\": {\"amplitude\": 0.1, \"freq_hz\": 7.3, \"phase\": -2, \"offset\": 1}}",
    "{\"exp_sine\": {\"damping\": 3.3, \"start_time\": 0.2}}",
    "{\"pulse\": {\"amplitude\": 2, \"width\": 33.3, \"period\": 0.3, \"nperiod\": 5}}",
    "{\"sawtooth\": {\"period\": 0.9, \"offset\": -4}}",
    "{\"trapezoid\": {\"rising\": 0.1, \"width\": 0.1, \"falling\": 0.3, \"period\": 0.7, "
      "\"nperiod\": 3, \"start_time\": 0.01}}",
    "{\"table\": {\"points\": [[0,0],[1,0],[1,1],[2,4],[3,9],[4,16]], "
      "\"extrapolation\": \"linear\", \"offset\": 0.5}}",
    "{\"table\": {\"points\": [[0,1],[0.4,3],[0.5,-1]], \"interpolation\": \"hold\", "
      "\"extrapolation\": \"periodic\", \"start_time\": 0.2}}",
    "{\"sum\": [1, {\"product\": [{\"sine\": {}}, {\"step\": {\"start_time\": 0.5}}]}]}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    {
      g_autoptr(SwSignal) a = parse (signals[i]);
      g_autoptr(JsonNode) node = sw_signal_to_json (a);
      g_autoptr(GError) error = NULL;
      g_autoptr(SwSignal) b = sw_signal_new_from_json (node, &error);
      g_autofree char *text = json_to_string (node, FALSE);
      g_autoptr(SwSignal) c = parse (text);

      g_assert_no_error (error);
      g_assert_nonnull (b);
      check_same (a, b);
      check_same (a, c);
    }
}

/* Modelica's spelling (Blocks.Sources: f, startTime) is what a signal
 * writes; the older freq_hz, start_time and MSL 3's freqHz read the same;
 * one field given in two spellings is an error naming both. */
static void
test_spellings (void)
{
  g_autoptr(SwSignal) modelica = parse ("{\"sine\": {\"amplitude\": 2, \"f\": 3, \"startTime\": 0.2}}");
  g_autoptr(SwSignal) older = parse ("{\"sine\": {\"amplitude\": 2, \"freq_hz\": 3, \"start_time\": 0.2}}");
  g_autoptr(SwSignal) msl3 = parse ("{\"sine\": {\"amplitude\": 2, \"freqHz\": 3, \"startTime\": 0.2}}");
  g_autoptr(JsonNode) node = sw_signal_to_json (older);
  JsonObject *fields = json_object_get_object_member (json_node_get_object (node), "sine");

  check_same (modelica, older);
  check_same (modelica, msl3);
  g_assert_true (json_object_has_member (fields, "f"));
  g_assert_true (json_object_has_member (fields, "startTime"));
  g_assert_false (json_object_has_member (fields, "freq_hz"));
  g_assert_false (json_object_has_member (fields, "start_time"));
  check_error ("{\"step\": {\"startTime\": 1, \"start_time\": 2}}", SW_ERROR_PARSE, "“startTime” of a step signal is given twice");
  check_error ("{\"sine\": {\"f\": 1, \"freqHz\": 2}}", SW_ERROR_PARSE, "“freqHz”");
}

static void
test_errors (void)
{
  /* The exact wording promised for an unknown field. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) node = json_from_string ("{\"sine\": {\"freq\": 1}}", NULL);
    g_autoptr(SwSignal) s = sw_signal_new_from_json (node, &error);

    g_assert_null (s);
    g_assert_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER);
    g_assert_cmpstr (error->message, ==,
                     "unknown field “freq” in a sine signal; "
                     "valid fields: amplitude, f, phase, offset, startTime");
  }

  check_error ("\"3\"", SW_ERROR_PARSE, "string");
  check_error ("true", SW_ERROR_PARSE, "boolean");
  check_error ("null", SW_ERROR_PARSE, "null");
  check_error ("[1, 2]", SW_ERROR_PARSE, "array");
  check_error ("{}", SW_ERROR_INVALID, "valid types: constant, step, ramp");
  check_error ("{\"sine\": {}, \"step\": {}}", SW_ERROR_INVALID, "exactly one");
  check_error ("{\"sinus\": {}}", SW_ERROR_UNKNOWN_PARAMETER, "“sinus”");
  check_error ("{\"sinus\": {}}", SW_ERROR_UNKNOWN_PARAMETER,
               "constant, step, ramp, sine, exp_sine, pulse, sawtooth, trapezoid, table, sum, product");
  check_error ("{\"sine\": 5}", SW_ERROR_PARSE, "sine");
  check_error ("{\"sine\": {\"amplitude\": \"1\"}}", SW_ERROR_PARSE, "“amplitude”");
  check_error ("{\"sine\": {\"freq_hz\": -1}}", SW_ERROR_INVALID, "“freq_hz”");
  check_error ("{\"exp_sine\": {\"damp\": 1}}", SW_ERROR_UNKNOWN_PARAMETER,
               "amplitude, f, phase, damping, offset, startTime");
  check_error ("{\"constant\": {\"k\": null}}", SW_ERROR_PARSE, "“k”");
  check_error ("{\"constant\": {\"value\": 1}}", SW_ERROR_UNKNOWN_PARAMETER, "valid fields: k");
  check_error ("{\"constant\": {\"offset\": 1}}", SW_ERROR_UNKNOWN_PARAMETER, "“offset”");
  check_error ("{\"step\": {\"height\": [1]}}", SW_ERROR_PARSE, "“height”");
  check_error ("{\"step\": {\"height\": {}}}", SW_ERROR_PARSE, "“height”");
  check_error ("{\"step\": {\"start\": 1}}", SW_ERROR_UNKNOWN_PARAMETER, "height, offset, startTime");
  check_error ("{\"ramp\": {\"duration\": 0}}", SW_ERROR_INVALID, "“duration”");
  check_error ("{\"ramp\": {\"duration\": -2}}", SW_ERROR_INVALID, "“duration”");
  check_error ("{\"pulse\": {\"width\": 0}}", SW_ERROR_INVALID, "“width”");
  check_error ("{\"pulse\": {\"width\": 101}}", SW_ERROR_INVALID, "“width”");
  check_error ("{\"pulse\": {\"period\": -1}}", SW_ERROR_INVALID, "“period”");
  check_error ("{\"pulse\": {\"nperiod\": 1.5}}", SW_ERROR_INVALID, "“nperiod”");
  check_error ("{\"pulse\": {\"nperiod\": true}}", SW_ERROR_PARSE, "“nperiod”");
  check_error ("{\"sawtooth\": {\"period\": 0}}", SW_ERROR_INVALID, "“period”");
  check_error ("{\"sawtooth\": {\"width\": 1}}", SW_ERROR_UNKNOWN_PARAMETER,
               "amplitude, period, offset, startTime");
  check_error ("{\"trapezoid\": {\"rising\": 0.5, \"width\": 0.5, \"falling\": 0.5, \"period\": 1}}",
               SW_ERROR_INVALID, "“rising”");
  check_error ("{\"trapezoid\": {\"falling\": -0.1}}", SW_ERROR_INVALID, "“falling”");
  check_error ("{\"table\": {}}", SW_ERROR_INVALID, "“points”");
  check_error ("{\"table\": {\"points\": []}}", SW_ERROR_INVALID, "“points”");
  check_error ("{\"table\": {\"points\": 3}}", SW_ERROR_PARSE, "“points”");
  check_error ("{\"table\": {\"points\": [[0, 1], [1]]}}", SW_ERROR_PARSE, "row 2");
  check_error ("{\"table\": {\"points\": [[0, 1], 5]}}", SW_ERROR_PARSE, "row 2");
  check_error ("{\"table\": {\"points\": [[0, 1], [1, \"a\"]]}}", SW_ERROR_PARSE, "value");
  check_error ("{\"table\": {\"points\": [[null, 1]]}}", SW_ERROR_PARSE, "time");
  check_error ("{\"table\": {\"points\": [[0, 1], [2, 1], [1, 1]]}}", SW_ERROR_INVALID, "row 3");
  check_error ("{\"table\": {\"points\": [[0, 1], [2, 1], [1, 1]]}}", SW_ERROR_INVALID, "nondecreasing");
  check_error ("{\"table\": {\"points\": [[0, 1]], \"interpolation\": \"cubic\"}}",
               SW_ERROR_INVALID, "“interpolation”");
  check_error ("{\"table\": {\"points\": [[0, 1]], \"interpolation\": \"cubic\"}}",
               SW_ERROR_INVALID, "linear, hold");
  check_error ("{\"table\": {\"points\": [[0, 1]], \"extrapolation\": 1}}",
               SW_ERROR_PARSE, "“extrapolation”");
  check_error ("{\"table\": {\"points\": [[0, 1]], \"extra\": 1}}", SW_ERROR_UNKNOWN_PARAMETER,
               "“extra” in a table signal; valid fields: points, interpolation, extrapolation, "
               "offset, startTime");
  check_error ("{\"table\": {\"points\": [[1, 0], [1, 1]], \"extrapolation\": \"periodic\"}}",
               SW_ERROR_INVALID, "“points”");
  check_error ("{\"sum\": []}", SW_ERROR_INVALID, "sum");
  check_error ("{\"sum\": {}}", SW_ERROR_PARSE, "sum");
  check_error ("{\"product\": [1, {\"sine\": {\"freq\": 2}}]}", SW_ERROR_UNKNOWN_PARAMETER,
               "element 2 of a product signal: unknown field “freq”");
  check_error ("{\"product\": [1, null]}", SW_ERROR_PARSE, "element 2");
}

static void
test_errors_built (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) inf = json_node_init_double (json_node_alloc (), INFINITY);
  g_autoptr(JsonNode) nan_field = NULL;
  g_autoptr(JsonNode) deep = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(SwSignal) s = NULL;
  GString *nested = g_string_new (NULL);

  /* Numbers that JSON text cannot carry but a built node can. */
  s = sw_signal_new_from_json (inf, &error);
  g_assert_null (s);
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_clear_error (&error);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "sine");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "amplitude");
  json_builder_add_double_value (builder, NAN);
  json_builder_end_object (builder);
  json_builder_end_object (builder);
  nan_field = json_builder_get_root (builder);
  s = sw_signal_new_from_json (nan_field, &error);
  g_assert_null (s);
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "“amplitude”"));
  g_clear_error (&error);

  /* Nesting too deep for the reader is refused, not recursed into. */
  for (guint i = 0; i < 1000; i++)
    g_string_append (nested, "{\"sum\": [");
  g_string_append (nested, "1");
  for (guint i = 0; i < 1000; i++)
    g_string_append (nested, "]}");
  deep = json_from_string (nested->str, &error);
  g_string_free (nested, TRUE);
  if (deep != NULL)
    {
      s = sw_signal_new_from_json (deep, &error);
      g_assert_null (s);
      g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "nested"));
    }
  else
    {
      /* json-glib itself may refuse this depth; that is fine too. */
      g_assert_nonnull (error);
    }
}

/* Random JSON from the signal vocabulary: never a crash, always exactly
 * one of a signal or an SW_ERROR. */
static const char *const vocabulary[] = {
  "constant", "step", "ramp", "sine", "exp_sine", "pulse", "sawtooth", "trapezoid", "table",
  "sum", "product", "k", "height", "duration", "amplitude", "freq_hz", "phase", "damping",
  "width", "period", "nperiod", "rising", "falling", "offset", "start_time", "points",
  "interpolation", "extrapolation", "linear", "hold", "periodic", "bogus",
};

static JsonNode *
random_node (GRand *rand,
             guint  depth)
{
  JsonNode *node = json_node_alloc ();
  gint kind = g_rand_int_range (rand, 0, depth > 4 ? 5 : 8);

  switch (kind)
    {
    case 0:
      return json_node_init_null (node);
    case 1:
      return json_node_init_boolean (node, g_rand_boolean (rand));
    case 2:
      return json_node_init_string (node, vocabulary[g_rand_int_range (rand, 0, G_N_ELEMENTS (vocabulary))]);
    case 3:
      return json_node_init_int (node, g_rand_int_range (rand, -3, 5));
    case 4:
      return json_node_init_double (node, g_rand_double_range (rand, -2.0, 2.0));
    case 5:
    case 6:
      {
        JsonObject *object = json_object_new ();
        gint n = g_rand_int_range (rand, 0, 4);

        for (gint i = 0; i < n; i++)
          json_object_set_member (object, vocabulary[g_rand_int_range (rand, 0, G_N_ELEMENTS (vocabulary))],
                                  random_node (rand, depth + 1));
        json_node_init_object (node, object);
        json_object_unref (object);
        return node;
      }
    default:
      {
        JsonArray *array = json_array_new ();
        gint n = g_rand_int_range (rand, 0, 4);

        for (gint i = 0; i < n; i++)
          json_array_add_element (array, random_node (rand, depth + 1));
        json_node_init_array (node, array);
        json_array_unref (array);
        return node;
      }
    }
}

static void
exercise (JsonNode *node,
          guint    *n_ok)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SwSignal) s = sw_signal_new_from_json (node, &error);

  if (s == NULL)
    {
      g_assert_nonnull (error);
      g_assert_true (error->domain == SW_ERROR);
      g_assert_cmpuint (strlen (error->message), >, 10);
      return;
    }

  g_assert_no_error (error);
  (*n_ok)++;

  {
    g_autoptr(JsonNode) back = sw_signal_to_json (s);
    g_autoptr(SwSignal) again = sw_signal_new_from_json (back, &error);
    double t = -1.0;

    g_assert_no_error (error);
    g_assert_nonnull (again);
    for (guint i = 0; i < 20 && sw_signal_next_event (s, t, &t); i++)
      {
        sw_signal_eval (s, t, TRUE, NULL, NULL);
        g_assert_cmpfloat (sw_signal_eval (s, t, FALSE, NULL, NULL), ==,
                           sw_signal_eval (again, t, FALSE, NULL, NULL));
      }
  }
}

static void
test_fuzz (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20240611);
  const char *seeds[] = {
    "{\"sine\": {\"amplitude\": 2, \"freq_hz\": 3, \"phase\": 0.4, \"start_time\": 0.2}}",
    "{\"table\": {\"points\": [[0,0],[1,0],[1,1],[2,4]], \"extrapolation\": \"periodic\"}}",
    "{\"product\": [{\"pulse\": {\"width\": 20, \"nperiod\": 3}}, {\"trapezoid\": {\"rising\": 0.1}}]}",
  };
  const char alphabet[] = "{}[]\",:0123456789.-eE tx";
  guint n_ok = 0, n_parsed = 0;

  /* Structured: random trees of the right words. */
  for (guint i = 0; i < 3000; i++)
    {
      g_autoptr(JsonNode) node = random_node (rand, 0);

      exercise (node, &n_ok);
    }

  /* Textual: valid documents with a few bytes changed. */
  for (guint i = 0; i < 3000; i++)
    {
      g_autofree char *text = g_strdup (seeds[i % G_N_ELEMENTS (seeds)]);
      gsize len = strlen (text);
      g_autoptr(JsonNode) node = NULL;

      for (guint m = 0; m < 1 + i % 3; m++)
        text[g_rand_int_range (rand, 0, len)] = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];

      node = json_from_string (text, NULL);
      if (node == NULL)
        continue;
      n_parsed++;
      exercise (node, &n_ok);
    }

  /* Both kinds of input reached the reader and some came through. */
  g_assert_cmpuint (n_parsed, >, 100);
  g_assert_cmpuint (n_ok, >, 100);
}

static void
test_type_names (void)
{
  guint n = 0;

  for (const char *const *name = sw_signal_type_names; *name != NULL; name++, n++)
    {
      g_autofree char *json = NULL;
      g_autoptr(SwSignal) s = NULL;

      if (g_str_equal (*name, "table"))
        json = g_strdup ("{\"table\": {\"points\": [[0, 1]]}}");
      else if (g_str_equal (*name, "sum") || g_str_equal (*name, "product"))
        json = g_strdup_printf ("{\"%s\": [2]}", *name);
      else
        json = g_strdup_printf ("{\"%s\": {}}", *name);

      s = parse (json);
      g_assert_cmpstr (sw_signal_get_type_name (s), ==, *name);
      g_assert_cmpint (sw_signal_is_constant (s), ==, g_str_equal (*name, "constant"));
    }

  g_assert_cmpuint (n, ==, 11);
}

typedef struct {
  SwSignal *signal;
  double    sum;
} ThreadData;

static gpointer
thread_eval (gpointer user_data)
{
  ThreadData *data = user_data;

  for (guint i = 0; i < 20000; i++)
    {
      g_autoptr(SwSignal) mine = sw_signal_ref (data->signal);

      data->sum += sw_signal_eval (mine, i * 1e-3, i % 2, NULL, NULL);
    }
  return NULL;
}

static void
test_refcount_threads (void)
{
  SwSignal *s = parse ("{\"sum\": [{\"pulse\": {\"period\": 0.1}}, "
                       "{\"table\": {\"points\": [[0,0],[1,2]], \"extrapolation\": \"periodic\"}}]}");
  ThreadData data[4];
  GThread *threads[4];
  double expected = 0.0;

  for (guint i = 0; i < 20000; i++)
    expected += sw_signal_eval (s, i * 1e-3, i % 2, NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    {
      data[i].signal = s;
      data[i].sum = 0.0;
      threads[i] = g_thread_new ("eval", thread_eval, &data[i]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    {
      g_thread_join (threads[i]);
      g_assert_cmpfloat (data[i].sum, ==, expected);
    }

  g_assert_true (sw_signal_ref (s) == s);
  sw_signal_unref (s);
  sw_signal_unref (s);
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
  g_test_add_func ("/core/signal/table-msl", test_table_msl);
  g_test_add_func ("/core/signal/table", test_table);
  g_test_add_func ("/core/signal/table-periodic", test_table_periodic);
  g_test_add_func ("/core/signal/friction-product", test_friction_product);
  g_test_add_func ("/core/signal/sum-product", test_sum_product);
  g_test_add_func ("/core/signal/limits", test_limits);
  g_test_add_func ("/core/signal/round-trip", test_round_trip);
  g_test_add_func ("/core/signal/spellings", test_spellings);
  g_test_add_func ("/core/signal/errors", test_errors);
  g_test_add_func ("/core/signal/errors-built", test_errors_built);
  g_test_add_func ("/core/signal/fuzz", test_fuzz);
  g_test_add_func ("/core/signal/type-names", test_type_names);
  g_test_add_func ("/core/signal/refcount-threads", test_refcount_threads);

  return g_test_run ();
}
