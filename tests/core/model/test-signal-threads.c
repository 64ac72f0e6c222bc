/* test-signal-threads.c: SwSignal references shared by threads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <glib.h>
#include <json-glib/json-glib.h>

#include "sw-error.h"
#include "sw-signal.h"
#include "test-signal-common.h"

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
  g_test_add_func ("/core/signal/refcount-threads", test_refcount_threads);

  return g_test_run ();
}
