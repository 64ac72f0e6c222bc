/* test-signal-common.c: what the SwSignal tests (test-signal-*.c) share:
 * parsing, values against closed forms, finite differences, event lists,
 * limits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-signal-common.h"

SwSignal *
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

void
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

void
check_value (const SwSignal *signal,
             double          t,
             gboolean        left,
             double          y)
{
  assert_close (sw_signal_eval (signal, t, left, NULL, NULL), y, 1e-12);
}

void
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

void
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

guint
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
