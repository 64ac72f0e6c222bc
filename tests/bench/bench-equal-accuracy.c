/* bench-equal-accuracy.c: whole `shaftwork-cli simulate` processes against
 * the same equations written by hand in C on GSL's rkf45, both judged by
 * the error they make (issue 24's "whole simulate / hand-written C").
 *
 * The model is speed-check's chain (../shared/tools/speed-check): N inertias
 * J 0.01 joined by spring-dampers c 1e4, d 1, a torque step of 10 N.m on the
 * first, 1 s, tolerance 1e-6, output every 0.01 s. GSL's driver at its
 * nominal 1e-6 is some 30 times outside that tolerance on this chain, the
 * engine (issue 19's error control) well inside it, so the time ratio at
 * one nominal tolerance compares answers of different quality. Here the
 * hand-written program runs at tolerances 1e-6 … 1e-11; every run's error
 * is measured against a reference (the same equations, GSL rk8pd at 1e-13):
 * the largest difference of any speed at t = 0.1, 0.2, … 1 s over the
 * largest speed. The equal-accuracy time is the hand-written time
 * interpolated (log-log, between the two tolerances around it) at the
 * engine's own error.
 *
 * Processor time of child processes, best of several runs: each run is a
 * whole process, the hand-written one this program itself started with
 * "hand TOL N" (compiled with the engine's optimisation).
 *
 * Run: build/tests/bench-equal-accuracy [N ...] (default 1000 10000), with
 * SW_CLI set to shaftwork-cli (meson test -C build --benchmark does).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

#include "bench-common.h"

#define N_MARKS 10   /* speeds compared at t = 0.1 … 1 s */
#define REPEATS 5

static const double hand_tolerances[] = { 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11 };

/* The chain's equations, written out: y = (phi, w). */
static int
chain_rhs (double t, const double y[], double f[], void *data)
{
  const int n = *(const int *) data;
  const double J = 0.01, c = 1e4, d = 1.0;
  const double *phi = y, *w = y + n;
  double *a = f + n;

  (void) t;
  for (int i = 0; i < n; i++)
    {
      f[i] = w[i];
      a[i] = 0;
    }
  a[0] = 10.0;
  for (int i = 0; i + 1 < n; i++)
    {
      double tau = c * (phi[i + 1] - phi[i]) + d * (w[i + 1] - w[i]);

      a[i] += tau;
      a[i + 1] -= tau;
    }
  for (int i = 0; i < n; i++)
    a[i] /= J;
  return GSL_SUCCESS;
}

/* Integrates the chain with GSL's driver, stopping at every output time as
 * speed-check's program does; the speeds at the marks go to marks (n per
 * mark) when it is not NULL. */
static gboolean
hand_run (int n, const gsl_odeiv2_step_type *type, double tol, double *marks)
{
  g_autofree double *y = g_new0 (double, 2 * n);
  gsl_odeiv2_system sys = { chain_rhs, NULL, 2 * (size_t) n, &n };
  gsl_odeiv2_driver *driver = gsl_odeiv2_driver_alloc_y_new (&sys, type, 1e-6, tol, tol);
  double t = 0, sum = 0;
  gboolean ok = TRUE;

  for (int k = 1; k <= 100 && ok; k++)
    {
      ok = gsl_odeiv2_driver_apply (driver, &t, k * 0.01, y) == GSL_SUCCESS;
      sum += y[n];   /* what speed-check's program keeps of each output row */
      if (marks != NULL && k % 10 == 0)
        memcpy (marks + (gsize) (k / 10 - 1) * n, y + n, n * sizeof (double));
    }
  gsl_odeiv2_driver_free (driver);
  if (marks == NULL)
    printf ("%.17g\n", sum);
  return ok;
}

/* Least processor time of REPEATS runs of argv as a child process. */
static double
best_of (const char *const *argv)
{
  double best = INFINITY;

  for (int r = 0; r < REPEATS; r++)
    {
      g_autoptr(GError) error = NULL;
      int status = 0;
      double before = bench_children_cpu_s ();

      if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                         NULL, NULL, NULL, NULL, &status, &error) ||
          !g_spawn_check_wait_status (status, &error))
        g_error ("%s: %s", argv[0], error->message);
      best = MIN (best, bench_children_cpu_s () - before);
    }
  return best;
}

static char *
chain_file (int n, const char *dir)
{
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"chain\", \"components\": [\n"
                             "{\"id\": \"tau\", \"kind\": \"rotational.constant_torque\", \"params\": {\"tau_constant\": 10}}");
  GString *c = g_string_new ("\"connections\": [{\"from\": \"tau.flange\", \"to\": \"J0.flange_a\"}");
  char *path = g_build_filename (dir, "chain.shaft", NULL);

  for (int i = 0; i < n; i++)
    {
      g_string_append_printf (s, ",\n{\"id\": \"J%d\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.01}}", i);
      if (i + 1 < n)
        {
          g_string_append_printf (s, ",\n{\"id\": \"S%d\", \"kind\": \"rotational.spring_damper\", "
                                     "\"params\": {\"c\": 1e4, \"d\": 1}}", i);
          g_string_append_printf (c, ",\n{\"from\": \"J%d.flange_b\", \"to\": \"S%d.flange_a\"}, "
                                     "{\"from\": \"S%d.flange_b\", \"to\": \"J%d.flange_a\"}", i, i, i, i + 1);
        }
    }
  g_string_append_printf (s, "],\n%s],\n\"simulation\": {\"stop_time\": 1, \"output_interval\": 0.01, "
                             "\"tolerance\": 1e-6}}\n", c->str);
  if (!g_file_set_contents (path, s->str, s->len, NULL))
    g_error ("cannot write %s", path);
  g_string_free (s, TRUE);
  g_string_free (c, TRUE);
  return path;
}

/* The engine's speeds at the marks, from a run writing every speed. */
static void
engine_marks (const char *cli, const char *model, const char *method, int n, const char *dir, double *marks)
{
  g_autofree char *csv = g_build_filename (dir, "all.csv", NULL);
  g_autoptr(GString) names = g_string_new (NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  guint found = 0;

  for (int i = 0; i < n; i++)
    g_string_append_printf (names, "%sJ%d.w", i ? "," : "", i);
  {
    const char *argv[] = { cli, "simulate", model, "--method", method, "--variables", names->str, "-o", csv, NULL };

    best_of (argv);
  }
  if (!g_file_get_contents (csv, &text, NULL, NULL))
    g_error ("no %s", csv);
  lines = g_strsplit (text, "\n", -1);
  for (guint l = 1; lines[l] != NULL && lines[l][0] != '\0'; l++)
    {
      char *end = NULL;
      double t = g_ascii_strtod (lines[l], &end);
      int k = (int) lround (t * 10);

      if (k < 1 || fabs (t * 10 - k) > 1e-9)
        continue;
      for (int i = 0; i < n; i++)
        marks[(gsize) (k - 1) * n + i] = g_ascii_strtod (end + 1, &end);
      found++;
    }
  g_assert_cmpuint (found, ==, N_MARKS);
}

/* Largest speed difference at the marks over the largest speed. */
static double
error_of (const double *marks, const double *reference, gsize count)
{
  double worst = 0, largest = 0;

  for (gsize i = 0; i < count; i++)
    {
      worst = MAX (worst, fabs (marks[i] - reference[i]));
      largest = MAX (largest, fabs (reference[i]));
    }
  return worst / largest;
}

static void
compare (const char *self, const char *cli, int n)
{
  g_autofree char *dir = g_dir_make_tmp ("bench-equal-accuracy-XXXXXX", NULL);
  g_autofree char *model = chain_file (n, dir);
  gsize count = (gsize) N_MARKS * n;
  g_autofree double *reference = g_new (double, count);
  g_autofree double *marks = g_new (double, count);
  g_autofree char *n_text = g_strdup_printf ("%d", n);
  const guint n_tol = G_N_ELEMENTS (hand_tolerances);
  double hand_s[G_N_ELEMENTS (hand_tolerances)], hand_err[G_N_ELEMENTS (hand_tolerances)];
  const char *methods[] = { "rk45", "auto", "rk853" };

  hand_run (n, gsl_odeiv2_step_rk8pd, 1e-13, reference);
  printf ("\nchain N = %d (speed-check's), 1 s, tolerance 1e-6: error = largest speed difference at t = 0.1 … 1 s "
          "over the largest speed, against GSL rk8pd at 1e-13\n", n);
  printf ("%-34s %10s %10s\n", "run (whole process)", "cpu_s", "error");
  for (guint k = 0; k < n_tol; k++)
    {
      char tol[32];
      const char *argv[] = { self, "hand", tol, n_text, NULL };

      g_ascii_formatd (tol, sizeof tol, "%g", hand_tolerances[k]);
      hand_s[k] = best_of (argv);
      hand_run (n, gsl_odeiv2_step_rkf45, hand_tolerances[k], marks);
      hand_err[k] = error_of (marks, reference, count);
      printf ("hand-written rkf45, tolerance %-5s %10.4f %10.2e\n", tol, hand_s[k], hand_err[k]);
    }
  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    {
      const char *argv[] = { cli, "simulate", model, "--method", methods[m], "--variables", "J0.w",
                             "-o", "/dev/null", NULL };
      double engine_s = best_of (argv), engine_err, equal_s = NAN;

      engine_marks (cli, model, methods[m], n, dir, marks);
      engine_err = error_of (marks, reference, count);
      /* The hand-written time at the engine's error, between the two
       * tolerances whose errors bracket it (log-log). */
      for (guint k = 0; k + 1 < n_tol; k++)
        if (hand_err[k] >= engine_err && hand_err[k + 1] <= engine_err)
          {
            double f = log (hand_err[k] / engine_err) / log (hand_err[k] / hand_err[k + 1]);

            equal_s = exp (log (hand_s[k]) + f * log (hand_s[k + 1] / hand_s[k]));
          }
      printf ("shaftwork-cli simulate --method %-5s %8.4f %10.2e   / hand at 1e-6: %.2f   / hand at equal error "
              "(%.4f s): %.2f\n", methods[m], engine_s, engine_err, engine_s / hand_s[0], equal_s, engine_s / equal_s);
    }
  g_remove (model);
  {
    g_autofree char *csv = g_build_filename (dir, "all.csv", NULL);

    g_remove (csv);
  }
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  const char *cli = g_getenv ("SW_CLI");

  gsl_set_error_handler_off ();
  if (argc == 4 && strcmp (argv[1], "hand") == 0)
    return hand_run (atoi (argv[3]), gsl_odeiv2_step_rkf45, g_ascii_strtod (argv[2], NULL), NULL) ? 0 : 1;
  if (cli == NULL)
    {
      fprintf (stderr, "bench-equal-accuracy: set SW_CLI to shaftwork-cli\n");
      return 2;
    }
  if (argc > 1)
    for (int a = 1; a < argc; a++)
      compare (argv[0], cli, atoi (argv[a]));
  else
    {
      compare (argv[0], cli, 1000);
      compare (argv[0], cli, 10000);
    }
  return 0;
}
