/* bench-study.c: a parameter study of the four-body example (issue 25):
 * a grid of the coupling's stiffness, two modes and a max per run.
 *
 *   alone     the same runs in this process, as a program would do them
 *             one by one: set the stiffness, assemble, simulate (recording
 *             the one variable), modes, the max; and assembling alone
 *   runner    the same runs through SwStudyRunner (core/study/), in pairs
 *             with alone (the order swapped every pair): on shared cores a
 *             run's processor time drifts by ±15 % within a minute, so the
 *             overhead is the median of the pairs' ratios
 *   cli       shaftwork-cli study with 10 000 runs, --jobs 1 and --jobs 2
 *             (wall time; peak memory from wait4), and 1 000 runs (peak
 *             memory independent of the number of runs); one run (the
 *             serial part: start, loading, the workers' setup, the header),
 *             and from the processor times the wall-time ratio two free
 *             cores would give (Amdahl: the serial part, then the rest
 *             shared by two)
 *
 * Ratios are against the baseline measured in the same process run; no
 * timing is asserted. SW_BENCH_STUDY_RUNS changes the 10 000.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-study-run.h"
#include "sw-system.h"

#define OUTPUTS "mode(2).frequency_hz,mode(3).frequency_hz,max(load.w)"

static double
now_s (void)
{
  return g_get_monotonic_time () / 1e6;
}

/* This process's processor time: on shared cores the fair measure of
 * the work a run takes. */
static double
cpu_s (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static char *
vary_for (guint64 n)
{
  return g_strdup_printf ("coupling.c=1e3:1e5:%" G_GUINT64_FORMAT ":log", n);
}

/* The runs one by one in this process, without the study's machinery. */
static double
alone (SwModel *model, const SwStudyDesign *d, guint n, gboolean assemble_only, double *check, double *wall)
{
  guint c = (guint) sw_model_find_component (model, "coupling");
  const char *vars[] = { "load.w", NULL };
  double t0 = now_s (), c0 = cpu_s ();

  *check = 0;
  for (guint run = 0; run < n; run++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (SwTrajectory) tr = NULL;
      g_autoptr (SwModes) modes = NULL;
      SwSimulateOptions o;
      SwModesOptions mo = sw_modes_options_default ();
      const double *w;
      double max = -INFINITY;

      if (!sw_model_set_param (model, c, "c", sw_study_design_get_value (d, run, 0), &error)
          || !(sys = sw_model_assemble (model, &error)))
        g_error ("%s", error->message);
      if (assemble_only)
        continue;
      o = sw_simulate_options_from_system (sys);
      o.variables = vars;
      if (!(tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error)))
        g_error ("%s", error->message);
      w = sw_trajectory_get_column (tr, 0);
      for (guint i = 0; i < sw_trajectory_get_n_rows (tr); i++)
        max = fmax (max, w[i]);
      mo.keep_values = FALSE;
      if (!(modes = sw_modes_compute_with_options (sys, 0, NULL, &mo, &error)))
        g_error ("%s", error->message);
      *check += max + sw_modes_get_mode (modes, 1)->frequency_hz + sw_modes_get_mode (modes, 2)->frequency_hz;
    }
  *wall = now_s () - t0;
  return cpu_s () - c0;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
through_runner (SwModel *model, const SwStudyDesign *d, const SwStudyOutputs *o, guint n, double *check,
                double *wall)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwStudyRunner) r = sw_study_runner_new (model, d, o, 0, &error);
  double t0 = now_s (), c0 = cpu_s (), v[3];

  g_assert_no_error (error);
  *check = 0;
  for (guint run = 0; run < n; run++)
    {
      if (!sw_study_runner_run (r, run, v, &error))
        g_error ("%s", error->message);
      *check += v[0] + v[1] + v[2];
    }
  *wall = now_s () - t0;
  return cpu_s () - c0;
}

/* shaftwork-cli study: wall time and the child's peak resident memory. */
static double
cli_study (const char *cli, const char *model, guint64 n, guint jobs, long *peak_kb, double *cpu_s)
{
  g_autofree char *vary = vary_for (n);
  g_autofree char *j = g_strdup_printf ("%u", jobs);
  g_autofree char *out = g_strdup_printf ("%s/bench-study-%d.csv", g_get_tmp_dir (), (int) getpid ());
  const char *argv[] = { cli, "study", model, "--vary", vary, "--outputs", OUTPUTS, "--jobs", j, "--quiet", "-o", out,
                         "--force", NULL };
  double t0 = now_s ();
  struct rusage ru;
  int status;
  pid_t pid = fork ();

  if (pid == 0)
    {
      execv (cli, (char **) argv);
      _exit (127);
    }
  if (pid < 0 || wait4 (pid, &status, 0, &ru) != pid || !WIFEXITED (status) || WEXITSTATUS (status) != 0)
    g_error ("%s study failed", cli);
  *peak_kb = ru.ru_maxrss;
  *cpu_s = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
  unlink (out);
  return now_s () - t0;
}

int
main (void)
{
  const char *root = g_getenv ("SW_SOURCE_ROOT"), *cli = g_getenv ("SW_CLI");
  const char *runs_env = g_getenv ("SW_BENCH_STUDY_RUNS");
  guint64 n_big = runs_env != NULL ? g_ascii_strtoull (runs_env, NULL, 10) : 10000;
  guint n_local = 200, n_pairs = 9;
  g_autofree char *model_path = g_build_filename (root != NULL ? root : ".", "data", "examples", "fourbody.shaft",
                                                  NULL);
  g_autofree char *vary = vary_for (n_local);
  const char *vary_list[] = { vary, NULL };
  g_auto (GStrv) out_texts = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwStudyDesign) d = NULL;
  g_autoptr (SwStudyOutputs) o = NULL;
  double t_alone, t_assemble, t_runner, check_alone, check_runner, t1, t2, cpu1, cpu2, cpu_small, cpu_one;
  double w_alone = 0, w_runner = 0, ratios[16], serial;
  long peak1, peak2, peak_small, peak_one;

  sw_init ();
  if (cli == NULL)
    {
      g_printerr ("bench-study: SW_CLI must name shaftwork-cli (meson test --benchmark sets it)\n");
      return 1;
    }
  model = sw_model_new_from_file (model_path, &error);
  g_assert_no_error (error);
  d = sw_study_design_new (vary_list, SW_STUDY_SAMPLE_GRID, 0, 0, &error);
  g_assert_no_error (error);
  out_texts = sw_study_split_outputs (OUTPUTS);
  o = sw_study_outputs_new ((const char *const *) out_texts, &error);
  g_assert_no_error (error);

  printf ("four-body example, coupling.c over a log grid, outputs %s\n", OUTPUTS);
  /* Pairs after a warm-up pair, the order swapped each time; the best of
   * each kind and the median ratio. */
  t_alone = t_assemble = t_runner = INFINITY;
  g_assert_cmpuint (n_pairs, <=, G_N_ELEMENTS (ratios));
  for (guint rep = 0; rep <= n_pairs; rep++)
    {
      double a, wa, b, wb, c, wc, unused;  /* wb: assembling's wall time, not reported */

      if (rep % 2 == 0)
        {
          a = alone (model, d, n_local, FALSE, &check_alone, &wa);
          c = through_runner (model, d, o, n_local, &check_runner, &wc);
        }
      else
        {
          c = through_runner (model, d, o, n_local, &check_runner, &wc);
          a = alone (model, d, n_local, FALSE, &check_alone, &wa);
        }
      b = alone (model, d, n_local, TRUE, &unused, &wb);
      if (rep == 0)
        continue;
      ratios[rep - 1] = c / a;
      if (a < t_alone)
        t_alone = a, w_alone = wa;
      if (b < t_assemble)
        t_assemble = b;
      if (c < t_runner)
        t_runner = c, w_runner = wc;
    }
  qsort (ratios, n_pairs, sizeof *ratios, compare_doubles);
  printf ("(times are processor time; wall time in brackets)\n");
  printf ("%u runs alone in-process:          %8.3f s [%.3f s]  (%.3f ms a run; assembling %.3f ms of it, %.1f %%)\n",
          n_local, t_alone, w_alone, 1e3 * t_alone / n_local, 1e3 * t_assemble / n_local, 100 * t_assemble / t_alone);
  printf ("%u runs through SwStudyRunner:     %8.3f s [%.3f s]  overhead: best %+.1f %%, median of %u pairs %+.1f %% "
          "(%+.1f … %+.1f %%) (same sums: %s)\n", n_local, t_runner, w_runner, 100 * (t_runner / t_alone - 1), n_pairs,
          100 * (ratios[n_pairs / 2] - 1), 100 * (ratios[0] - 1), 100 * (ratios[n_pairs - 1] - 1),
          check_alone == check_runner ? "yes" : "NO");

  t1 = cli_study (cli, model_path, n_big, 1, &peak1, &cpu1);
  printf ("%" G_GUINT64_FORMAT " runs, shaftwork-cli study --jobs 1: %8.3f s [%.3f s]  (%.3f ms a run, overhead "
          "over alone %+.1f %%, the whole process: start, loading, CSV), peak RSS %ld KiB\n", n_big, cpu1, t1,
          1e3 * cpu1 / n_big, 100 * (cpu1 / n_big / (t_alone / n_local) - 1), peak1);
  t2 = cli_study (cli, model_path, n_big, 2, &peak2, &cpu2);
  printf ("%" G_GUINT64_FORMAT " runs, shaftwork-cli study --jobs 2: %8.3f s [%.3f s]  wall-time ratio to --jobs 1: "
          "%.3f (target <= 0.55), peak RSS %ld KiB\n", n_big, cpu2, t2, t2 / t1, peak2);
  cli_study (cli, model_path, n_big / 10, 1, &peak_small, &cpu_small);
  cli_study (cli, model_path, 1, 1, &peak_one, &cpu_one);
  /* Two free cores: the serial part (a study of one run is all of it, and
   * more), then the rest of the work shared by two; and whether two jobs
   * take more processor time than one (locks, shared caches). */
  serial = fmin (cpu_one, cpu1);
  printf ("serial part (a study of one run, the whole process): %.3f s processor time; --jobs 2 on two free cores "
          "from the processor times: ratio %.4f; processor time --jobs 2 / --jobs 1: %.3f\n", cpu_one,
          (serial + (cpu1 - serial) / 2) / cpu1, cpu2 / cpu1);
  /* On cores other programs share, the wall-time ratio is bounded by what
   * they leave: CPU time over wall time says how many cores the study got. */
  printf ("cores the study got: --jobs 1 %.2f, --jobs 2 %.2f\n", cpu1 / t1, cpu2 / t2);
  printf ("peak RSS --jobs 1: %" G_GUINT64_FORMAT " runs %ld KiB, %" G_GUINT64_FORMAT " runs %ld KiB (ratio %.3f)\n",
          n_big / 10, peak_small, n_big, peak1, (double) peak1 / peak_small);
  printf ("load average while measuring (other processes share the cores): ");
  {
    double load[3];

    if (getloadavg (load, 3) == 3)
      printf ("%.2f %.2f %.2f\n", load[0], load[1], load[2]);
    else
      printf ("unknown\n");
  }
  return 0;
}
