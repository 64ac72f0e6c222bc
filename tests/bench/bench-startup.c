/* bench-startup.c: what `shaftwork-cli simulate data/examples/fourbody.shaft`
 * costs beyond starting the program (issue 24: the whole process minus
 * `shaftwork-cli --version`, target <= 20 ms; ../shared/tools/speed-check
 * takes the best of 3 wall times).
 *
 * Each case runs in pairs with --version (the order swapped every pair: on
 * shared cores the speed drifts within a minute), and the medians of the
 * pairs' differences and ratios are printed, in wall time and in processor
 * time (user + system of the process and its threads, from wait4). The
 * cases take the run apart: the model checked only; the run with one
 * variable; every variable as CSV to standard output (the text, 51 columns
 * by 4 001 rows); the same into a file that exists (written whole or not at
 * all: a temporary file, fsync, rename over it).
 *
 * Needs SW_CLI (meson sets it) and SW_SOURCE_ROOT; N pairs (default 15) as
 * the first argument. No timing is asserted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <glib.h>
#include <glib/gstdio.h>

typedef struct {
  double wall_ms, cpu_ms;
} Cost;

static double
now_ms (void)
{
  struct timespec t;

  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

/* One run of argv, its standard output to /dev/null. */
static Cost
run (char **argv)
{
  struct rusage u;
  double start = now_ms ();
  int status = 0;
  pid_t pid = fork ();
  Cost c;

  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      int null = open ("/dev/null", O_WRONLY);

      dup2 (null, 1);
      dup2 (null, 2);
      execv (argv[0], argv);
      _exit (127);
    }
  g_assert_cmpint (wait4 (pid, &status, 0, &u), ==, pid);
  c.wall_ms = now_ms () - start;
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  c.cpu_ms = (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e3 + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-3;
  return c;
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (double *v, guint n)
{
  qsort (v, n, sizeof *v, compare_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

int
main (int argc, char **argv)
{
  const char *cli = g_getenv ("SW_CLI"), *root = g_getenv ("SW_SOURCE_ROOT");
  guint n = argc > 1 ? (guint) MAX (atoi (argv[1]), 1) : 15;
  g_autofree char *model = NULL, *dir = NULL, *csv = NULL;
  g_autofree double *dw = NULL, *dc = NULL, *rw = NULL, *rc = NULL, *vw = NULL, *vc = NULL;

  if (cli == NULL)
    {
      g_printerr ("bench-startup: SW_CLI must name shaftwork-cli\n");
      return 77;
    }
  model = g_build_filename (root != NULL ? root : ".", "data", "examples", "fourbody.shaft", NULL);
  dir = g_dir_make_tmp ("bench-startup-XXXXXX", NULL);
  csv = g_build_filename (dir, "f.csv", NULL);
  dw = g_new (double, n), dc = g_new (double, n), rw = g_new (double, n), rc = g_new (double, n);
  vw = g_new (double, n), vc = g_new (double, n);

  {
    char *version[] = { (char *) cli, "--version", NULL };
    char *check[] = { (char *) cli, "check", model, NULL };
    char *one[] = { (char *) cli, "simulate", model, "--variables", "load.w", NULL };
    char *to_stdout[] = { (char *) cli, "simulate", model, NULL };
    char *to_file[] = { (char *) cli, "simulate", model, "-o", csv, NULL };
    struct {
      const char *name;
      char      **argv;
    } cases[] = {
      { "check (read and check the model)", check },
      { "simulate, one variable, CSV to stdout", one },
      { "simulate, every variable, CSV to stdout", to_stdout },
      { "simulate, every variable, -o FILE (exists)", to_file },
    };

    run (to_file);   /* the file exists from here on, and the caches are warm */
    printf ("bench-startup: %s, %u pairs with --version (medians; differences in ms)\n", model, n);
    printf ("%-46s %9s %9s %9s %9s %9s %9s\n", "case", "wall", "-version", "ratio", "cpu", "-version", "ratio");
    for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
      {
        for (guint i = 0; i < n; i++)
          {
            Cost v, c;

            if (i % 2)
              v = run (version), c = run (cases[k].argv);
            else
              c = run (cases[k].argv), v = run (version);
            dw[i] = c.wall_ms - v.wall_ms, dc[i] = c.cpu_ms - v.cpu_ms;
            rw[i] = c.wall_ms / v.wall_ms, rc[i] = c.cpu_ms / MAX (v.cpu_ms, 1e-3);
            vw[i] = v.wall_ms, vc[i] = v.cpu_ms;
          }
        printf ("%-46s %9.1f %9.1f %9.2f %9.1f %9.1f %9.2f\n", cases[k].name, median (vw, n) + median (dw, n),
                median (dw, n), median (rw, n), median (vc, n) + median (dc, n), median (dc, n), median (rc, n));
        fflush (stdout);
      }
    printf ("--version alone: wall %.1f ms, cpu %.1f ms; target: simulate -o FILE minus --version <= 20 ms\n",
            median (vw, n), median (vc, n));
  }
  g_remove (csv);
  g_rmdir (dir);
  return 0;
}
