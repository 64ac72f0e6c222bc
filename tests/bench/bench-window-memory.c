/* bench-window-memory.c: the memory of a long run kept for the window.
 *
 * Runs data/examples/fourbody.shaft for 300 s with output every 0.5 ms
 * (600 001 rows) the way the window does (sw_simulate_new_trajectory,
 * record_into, the run in a worker thread while this thread reads the
 * plotted columns every 100 ms as a plot redraws), then makes the columns
 * the window plots by default (every body's speed) and a few more, and
 * prints the trajectory's bytes, the bytes per value stored, the time to
 * make a column and the process's peak RSS. The same run recorded as
 * values (every column, 8 bytes a value: what the window kept before) runs
 * in a child process for comparison.
 *
 *   meson test -C build --benchmark --verbose bench-window-memory
 *   build/tests/bench-window-memory [MODEL.shaft] [STOP_TIME_S]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <glib.h>

#include "sw-model.h"
#include "sw-simulate.h"
#include "sw-system.h"
#include "sw-trajectory.h"

/* What the window plots by default, then more. */
static const char *const plotted[] = { "rotor.w", "hub1.w", "hub2.w", "load.w" };
static const char *const more[] = { "shaft.tau", "coupling.tau", "load_shaft.tau", "rotor.phi", "load.a",
                                    "torque.tau" };

static double
peak_rss_mb (void)
{
  struct rusage u;

  getrusage (RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024.0;   /* kB on Linux */
}

static double
mb (guint64 bytes)
{
  return bytes / 1e6;
}

typedef struct {
  const SwSystem    *sys;
  SwSimulateOptions  o;
  SwTrajectory      *result;
  GError            *error;
  double             seconds;
  volatile gint      done;
} Run;

static gpointer
run_thread (gpointer data)
{
  Run *run = data;
  gint64 start = g_get_monotonic_time ();

  run->result = sw_simulate (run->sys, &run->o, NULL, NULL, NULL, &run->error);
  run->seconds = (g_get_monotonic_time () - start) * 1e-6;
  g_atomic_int_set (&run->done, 1);
  return NULL;
}

/* The run recorded as values in a sized trajectory through on_row, as the
 * window did before (in a child: its peak RSS is its own). */
static gboolean
append_values (double t, const double *values, guint n, gpointer data, GError **error)
{
  sw_trajectory_append_row (data, t, values);
  return TRUE;
}

static void
values_child (const SwSystem *sys, SwSimulateOptions o, int fd)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = sw_simulate_dup_column_names (sys, &o, &error);
  g_auto (GStrv) units = sw_simulate_dup_column_units (sys, &o, &error);
  guint rows = sw_simulate_get_max_rows (sys, &o, &error);
  g_autoptr (SwTrajectory) tr = sw_trajectory_new_sized (g_steal_pointer (&names), g_steal_pointer (&units), rows);
  g_autoptr (SwTrajectory) empty = NULL;
  guint64 stored;
  char text[200];
  gint64 start = g_get_monotonic_time ();
  double seconds;

  o.on_row = append_values;
  o.on_row_data = tr;
  o.discard_rows = TRUE;
  empty = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
  seconds = (g_get_monotonic_time () - start) * 1e-6;
  if (empty == NULL)
    g_error ("%s", error->message);
  sw_trajectory_get_memory (tr, &stored, NULL, NULL);
  g_snprintf (text, sizeof text, "%.1f %.1f %.3f", mb (stored), peak_rss_mb (), seconds);
  if (write (fd, text, strlen (text) + 1) < 0)
    _exit (1);
  _exit (0);
}

int
main (int argc, char **argv)
{
  g_autofree char *path = argc > 1 ? g_strdup (argv[1])
                                   : g_build_filename (g_getenv ("SW_SOURCE_ROOT") ? g_getenv ("SW_SOURCE_ROOT") : ".",
                                                       "data", "examples", "fourbody.shaft", NULL);
  double stop = argc > 2 ? g_ascii_strtod (argv[2], NULL) : 300;
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_file (path, &error);
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  SwSimulateOptions o;
  Run run;
  GThread *thread;
  int pipe_fd[2];
  pid_t child;
  char child_text[200] = "";
  double rss_start, old_mb = 0, old_rss = 0, old_s = 0;
  guint n_rows, n_cols, per_row, redraws = 0;
  guint64 stored, cached;
  int cols[G_N_ELEMENTS (plotted) + G_N_ELEMENTS (more)];
  guint n_plot = 0;

  if (model == NULL || (sys = sw_model_assemble (model, &error)) == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  o = sw_simulate_options_from_system (sys);
  o.stop_time_s = stop;

  /* The old way first, in a child of a process that holds nothing yet. */
  if (pipe (pipe_fd) != 0)
    return 1;
  child = fork ();
  if (child == 0)
    {
      close (pipe_fd[0]);
      values_child (sys, o, pipe_fd[1]);
    }
  close (pipe_fd[1]);
  if (read (pipe_fd[0], child_text, sizeof child_text - 1) > 0)
    sscanf (child_text, "%lf %lf %lf", &old_mb, &old_rss, &old_s);
  close (pipe_fd[0]);
  waitpid (child, NULL, 0);

  rss_start = peak_rss_mb ();
  tr = sw_simulate_new_trajectory (sys, &o, &error);
  if (tr == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  n_cols = sw_trajectory_get_n_columns (tr);
  for (guint k = 0; k < G_N_ELEMENTS (plotted) + G_N_ELEMENTS (more); k++)
    {
      const char *name = k < G_N_ELEMENTS (plotted) ? plotted[k] : more[k - G_N_ELEMENTS (plotted)];

      if ((cols[n_plot] = sw_trajectory_find_column (tr, name)) >= 0)
        n_plot++;
    }

  /* The run in a worker; the plot reads its columns every 100 ms. */
  run = (Run) { .sys = sys, .o = o };
  run.o.record_into = tr;
  run.o.discard_rows = TRUE;
  thread = g_thread_new ("run", run_thread, &run);
  while (!g_atomic_int_get (&run.done))
    {
      g_usleep (100 * 1000);
      for (guint k = 0; k < MIN (n_plot, G_N_ELEMENTS (plotted)); k++)
        sw_trajectory_get_column (tr, (guint) cols[k]);
      sw_trajectory_get_n_rows (tr);
      redraws++;
    }
  g_thread_join (thread);
  if (run.result == NULL)
    {
      g_printerr ("%s\n", run.error->message);
      return 1;
    }
  sw_trajectory_unref (run.result);
  n_rows = sw_trajectory_get_n_rows (tr);
  sw_trajectory_get_memory (tr, &stored, &cached, &per_row);

  printf ("model %s, %g s, output every %g s: %u rows, %u columns, %u values stored a row (time + states)\n",
          path, stop, o.output_interval_s, n_rows, n_cols, per_row);
  printf ("run (worker, %u redraws of %u columns meanwhile): %.3f s\n", redraws,
          MIN (n_plot, (guint) G_N_ELEMENTS (plotted)), run.seconds);
  printf ("stored: %.1f MB = %.3f bytes per value stored (%u x %u values), %.3f bytes per value of the table "
          "(%u x %u)\n", mb (stored), (double) stored / ((double) n_rows * per_row), n_rows, per_row,
          (double) stored / ((double) n_rows * (1 + n_cols)), n_rows, 1 + n_cols);
  printf ("columns made while running: %.1f MB; trajectory %.1f MB\n", mb (cached), mb (stored + cached));

  for (guint k = 0; k < n_plot; k++)
    {
      gint64 start = g_get_monotonic_time ();
      gboolean made_before;
      guint64 before;

      sw_trajectory_get_memory (tr, NULL, &before, NULL);
      sw_trajectory_get_column (tr, (guint) cols[k]);
      sw_trajectory_get_memory (tr, NULL, &cached, NULL);
      made_before = cached == before;
      printf ("  %-16s %s %7.1f ms   trajectory %.1f MB\n", sw_trajectory_get_column_name (tr, (guint) cols[k]),
              made_before ? "kept:" : "made:", (g_get_monotonic_time () - start) * 1e-3, mb (stored + cached));
    }
  sw_trajectory_get_memory (tr, &stored, &cached, NULL);
  printf ("%u columns made: trajectory %.1f MB (stored %.1f + columns %.1f; budget %.1f MB)\n", n_plot,
          mb (stored + cached), mb (stored), mb (cached), mb (SW_TRAJECTORY_CACHE_BYTES));
  printf ("peak RSS: %.1f MB (%.1f MB before the run)\n", peak_rss_mb (), rss_start);
  if (old_mb > 0)
    printf ("recorded as values (every column, the window before): trajectory %.1f MB, peak RSS %.1f MB, "
            "run %.3f s\n", old_mb, old_rss, old_s);
  return 0;
}
