/* bench-common.h: what the benchmarks share: processor time, and a run's
 * error against a reference run (bench-common.c, for those that link core).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <sys/resource.h>

/* Processor time (user + system) of the finished child processes, s. */
static inline double
bench_children_cpu_s (void)
{
  struct rusage u;

  getrusage (RUSAGE_CHILDREN, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec + 1e-6 * (u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

struct _SwTrajectory;

/* The worst over a's positions and speeds (.phi, .w, .s, .v) of the
 * largest difference to ref's over ref's range (columns that do not move
 * are left out), at a's output rows (not its events' pairs of rows: the
 * events of two runs differ by round-off) against ref interpolated there. */
double bench_run_error (struct _SwTrajectory *a,
                        struct _SwTrajectory *ref);
