/* test-trajectory.c: column storage: growth, sized trajectories read while
 * they are written.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>

#include "sw-trajectory.h"

static SwTrajectory *
two_columns (guint capacity)
{
  return sw_trajectory_new_sized (g_strsplit ("a.x,b.y", ",", -1), g_strsplit ("m,N", ",", -1), capacity);
}

/* Rows appended past any initial size keep every value. */
static void
test_growth (void)
{
  g_autoptr (SwTrajectory) tr = sw_trajectory_new (g_strsplit ("a.x,b.y", ",", -1), g_strsplit ("m,N", ",", -1));

  for (guint r = 0; r < 100000; r++)
    {
      double v[2] = { r * 0.5, -(double) r };
      sw_trajectory_append_row (tr, r * 1e-3, v);
    }
  g_assert_cmpuint (sw_trajectory_get_n_rows (tr), ==, 100000);
  for (guint r = 0; r < 100000; r += 997)
    {
      g_assert_cmpfloat (sw_trajectory_get_times (tr)[r], ==, r * 1e-3);
      g_assert_cmpfloat (sw_trajectory_get_column (tr, 0)[r], ==, r * 0.5);
      g_assert_cmpfloat (sw_trajectory_get_column (tr, 1)[r], ==, -(double) r);
    }
}

typedef struct {
  SwTrajectory *tr;
  guint         n;
} Writer;

static gpointer
write_rows (gpointer data)
{
  Writer *w = data;

  for (guint r = 0; r < w->n; r++)
    {
      double v[2] = { 2.0 * r, 3.0 * r };
      sw_trajectory_append_row (w->tr, r, v);
    }
  return NULL;
}

/* A sized trajectory is read by one thread while another appends: every
 * row below the published count is complete, and the columns never move. */
static void
test_read_while_written (void)
{
  const guint n = 2000000;
  g_autoptr (SwTrajectory) tr = two_columns (n);
  Writer w = { tr, n };
  const double *times = sw_trajectory_get_times (tr);
  const double *x = sw_trajectory_get_column (tr, 0);
  GThread *thread = g_thread_new ("writer", write_rows, &w);
  guint seen = 0, checks = 0;

  while (seen < n)
    {
      guint rows = sw_trajectory_get_n_rows (tr);

      g_assert_cmpuint (rows, >=, seen);
      if (rows > 0)
        {
          guint r = rows - 1;

          g_assert_cmpfloat (times[r], ==, r);
          g_assert_cmpfloat (x[r], ==, 2.0 * r);
          g_assert_cmpfloat (sw_trajectory_get_column (tr, 1)[r], ==, 3.0 * r);
          checks++;
        }
      seen = rows;
    }
  g_thread_join (thread);
  g_test_message ("%u reads while writing", checks);
  g_assert_true (sw_trajectory_get_times (tr) == times);
  g_assert_true (sw_trajectory_get_column (tr, 0) == x);
  g_assert_cmpfloat (sw_trajectory_interpolate (tr, 0, 10.5), ==, 21);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/trajectory/growth", test_growth);
  g_test_add_func ("/core/trajectory/read-while-written", test_read_while_written);
  return g_test_run ();
}
