/* test-signal-tables.c: SwSignal tables against the MSL table example, and
 * periodic tables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <glib.h>
#include <json-glib/json-glib.h>

#include "sw-error.h"
#include "sw-signal.h"
#include "test-signal-common.h"

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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/signal/table-msl", test_table_msl);
  g_test_add_func ("/core/signal/table", test_table);
  g_test_add_func ("/core/signal/table-periodic", test_table_periodic);

  return g_test_run ();
}
