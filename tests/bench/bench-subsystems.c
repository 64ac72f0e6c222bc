/* bench-subsystems.c: a model built from subsystems against the same model
 * written out flat, in the same process (issue 12: flattened before
 * assembly, so "just as fast").
 *
 * tests/data/subsystem: twin.shaft (two engine units from unit.shaft geared
 * to a propeller, 20 s), twin-inline.shaft (the unit defined in the model)
 * and twin-flat.shaft (the same parts written out by hand). For each:
 * reading the file, assembling, and a run with the model's settings, best
 * of several; then each time over the flat model's.
 *
 * Run: meson test -C build --benchmark bench-subsystems --verbose, or
 *      build/tests/bench-subsystems
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <time.h>
#include <glib.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-simulate.h"
#include "sw-system.h"

#define RUNS 7

typedef struct {
  double read_s, assemble_s, simulate_s;
} Times;

static double
now_s (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static Times
measure (const char *name)
{
  const char *root = g_getenv ("SW_SOURCE_ROOT");
  g_autofree char *path = g_build_filename (root != NULL ? root : ".", "tests", "data", "subsystem", name, NULL);
  Times best = { G_MAXDOUBLE, G_MAXDOUBLE, G_MAXDOUBLE };

  for (guint r = 0; r < RUNS; r++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = NULL;
      g_autoptr (SwSystem) sys = NULL;
      g_autoptr (SwTrajectory) tr = NULL;
      SwSimulateOptions o;
      double t0 = now_s (), t1, t2, t3;

      model = sw_model_new_from_file (path, &error);
      t1 = now_s ();
      if (model != NULL)
        sys = sw_model_assemble (model, &error);
      t2 = now_s ();
      if (sys != NULL)
        {
          o = sw_simulate_options_from_system (sys);
          tr = sw_simulate (sys, &o, NULL, NULL, NULL, &error);
        }
      t3 = now_s ();
      if (tr == NULL)
        g_error ("%s: %s", name, error->message);
      best.read_s = MIN (best.read_s, t1 - t0);
      best.assemble_s = MIN (best.assemble_s, t2 - t1);
      best.simulate_s = MIN (best.simulate_s, t3 - t2);
    }
  return best;
}

int
main (void)
{
  static const char *const names[] = { "twin-flat.shaft", "twin.shaft", "twin-inline.shaft" };
  Times times[G_N_ELEMENTS (names)];

  sw_init ();
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    times[k] = measure (names[k]);
  printf ("%-18s %10s %10s %10s %14s %14s\n", "model", "read ms", "assemble ms", "run ms", "assemble/flat",
          "run/flat");
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    printf ("%-18s %10.3f %10.3f %10.3f %14.2f %14.3f\n", names[k], 1e3 * times[k].read_s,
            1e3 * times[k].assemble_s, 1e3 * times[k].simulate_s, times[k].assemble_s / times[0].assemble_s,
            times[k].simulate_s / times[0].simulate_s);
  return 0;
}
