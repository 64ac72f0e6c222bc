/* fuzz-engine.c: assembly, simulation and modal analysis of arbitrary files.
 *
 * One input is the text of a *.shaft file. A model that reads is assembled;
 * a system is simulated for a short time and its modes computed at t = 0 and
 * at the end of the run. Each step gives a result or a GError in the
 * SW_ERROR domain; never a crash, a critical, a leak or undefined behaviour
 * (with float-cast-overflow and float-divide-by-zero checked as well when
 * built by tests/fuzz/run-fuzzers). A trajectory has finite, nondecreasing
 * times and no NaN (huge values are allowed: parameters may be wild).
 *
 * So that one input runs in milliseconds, the run is cut short: the stop
 * time is at most FUZZ_STOP_TIME_S, at most FUZZ_MAX_ROWS output rows, a
 * tolerance no finer than FUZZ_MIN_TOLERANCE, systems of at most
 * FUZZ_MAX_STATES states and signals with at most FUZZ_MAX_EVENTS edges
 * in the run (a pulse of period 2e-9 s has 10^7 in 0.01 s, which the engine
 * accepts and takes seconds over), at most FUZZ_MAX_STEPS steps between
 * rows, and the run is cancelled after FUZZ_MAX_PROGRESS output times and
 * events.
 *
 * Built two ways: as a libFuzzer target (tests/fuzz/run-fuzzers) and, with
 * fuzz-corpus.c, as a test that runs every file of tests/fuzz/corpus/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gio/gio.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-signal.h"
#include "sw-simulate.h"
#include "sw-system.h"

#define FUZZ_NAME "fuzz-engine"
#include "fuzz-check.h"

#define FUZZ_STOP_TIME_S   0.01
#define FUZZ_MAX_ROWS      50
#define FUZZ_MIN_TOLERANCE 1e-8
#define FUZZ_MAX_STATES    200
#define FUZZ_MAX_PROGRESS  500
/* Steps between rows: an input as stiff as 1e100 / 1e-100 takes a million
 * (15 s under the sanitizers) before the engine's own limit ends it. */
#define FUZZ_MAX_STEPS     20000
#define FUZZ_MAX_EVENTS    2000


typedef struct {
  guint         calls;
  GCancellable *cancellable;
} Budget;

static void
fuzz_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      sw_init ();
      g_log_set_default_handler (on_log, NULL);
      g_once_init_leave (&done, 1);
    }
}

static void
check_error (const GError *error, const char *what)
{
  fuzz_check (error != NULL, what);
  fuzz_check (error->domain == SW_ERROR, what);
  fuzz_check (error->message != NULL && error->message[0] != '\0', what);
  fuzz_check (g_utf8_validate (error->message, -1, NULL), what);
}

static void
on_progress (double t, double stop_time_s, gpointer user_data)
{
  Budget *budget = user_data;

  fuzz_check (t >= 0 && t <= stop_time_s, "progress");
  if (++budget->calls == FUZZ_MAX_PROGRESS)
    g_cancellable_cancel (budget->cancellable);
}

static void
check_trajectory (const SwTrajectory *tr)
{
  guint n_rows = sw_trajectory_get_n_rows (tr);
  const double *times = sw_trajectory_get_times (tr);

  fuzz_check (n_rows >= 1, "simulating");
  for (guint r = 0; r < n_rows; r++)
    {
      fuzz_check (isfinite (times[r]), "simulating: time");
      fuzz_check (r == 0 || times[r] >= times[r - 1], "simulating: time");
    }
  for (guint c = 0; c < sw_trajectory_get_n_columns (tr); c++)
    {
      const double *v = sw_trajectory_get_column (tr, c);

      for (guint r = 0; r < n_rows; r++)
        if (isnan (v[r]))
          fuzz_fail ("simulating: %s is NaN at t = %g s",
                   sw_trajectory_get_column_name (tr, c), times[r]);
    }
}

static void
check_modes (const SwSystem *sys, double t, const double *state)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModes) modes = sw_modes_compute (sys, t, state, &error);

  if (modes == NULL)
    {
      check_error (error, "modal analysis");
      return;
    }
  for (guint i = 0; i < sw_modes_get_n_modes (modes); i++)
    {
      const SwMode *mode = sw_modes_get_mode (modes, i);

      fuzz_check (!isnan (mode->omega_rad_s) && mode->omega_rad_s >= 0, "modal analysis: omega");
      fuzz_check (!isnan (mode->frequency_hz), "modal analysis: frequency");
    }
  for (guint i = 0; i < sw_modes_get_n_eigenvalues (modes); i++)
    {
      double re, im;

      sw_modes_get_eigenvalue (modes, i, &re, &im);
      fuzz_check (!isnan (re) && !isnan (im), "modal analysis: eigenvalue");
    }
}

/* The signal edges before stop_time_s, counted up to FUZZ_MAX_EVENTS + 1. */
static guint
count_events (SwModel *model, double stop_time_s)
{
  guint n = 0;

  for (guint i = 0; i < sw_model_get_n_components (model); i++)
    {
      const SwComponent *c = sw_model_get_component (model, i);

      for (guint k = 0; k < c->kind->n_params; k++)
        {
          double t = 0, te;

          if (c->signal[k] == NULL)
            continue;
          /* te > t: an edge below the resolution of t is the engine's to handle. */
          while (n <= FUZZ_MAX_EVENTS && sw_signal_next_event (c->signal[k], t, &te)
                 && te < stop_time_s && te > t)
            {
              n++;
              t = te;
            }
        }
    }
  return n;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwSystem) sys = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) cancellable = NULL;
  g_autofree double *final_state = NULL;
  SwSimulateOptions o;
  Budget budget = { 0 };

  fuzz_init ();
  model = sw_model_new_from_data (size > 0 ? (const char *) data : "", (gssize) size, "fuzz.shaft", &error);
  if (model == NULL)
    {
      check_error (error, "reading the input");
      return 0;
    }
  sys = sw_model_assemble (model, &error);
  if (sys == NULL)
    {
      check_error (error, "assembling");
      return 0;
    }
  if (sw_system_get_n_states (sys) > FUZZ_MAX_STATES)
    return 0;

  check_modes (sys, 0, NULL);

  o = sw_simulate_options_from_system (sys);
  o.stop_time_s = MIN (o.stop_time_s, FUZZ_STOP_TIME_S);
  o.output_interval_s = MAX (o.output_interval_s, o.stop_time_s / FUZZ_MAX_ROWS);
  o.tolerance = MAX (o.tolerance, FUZZ_MIN_TOLERANCE);
  o.max_steps = FUZZ_MAX_STEPS;
  if (count_events (model, o.stop_time_s) > FUZZ_MAX_EVENTS)
    return 0;
  cancellable = g_cancellable_new ();
  budget.cancellable = cancellable;
  tr = sw_simulate (sys, &o, on_progress, &budget, cancellable, &error);
  if (tr == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return 0;   /* over budget: too many events for a quick run */
      check_error (error, "simulating");
      return 0;
    }
  check_trajectory (tr);

  /* The operating point at the end of the run, as the modes pane takes it. */
  final_state = sw_simulate_final_state (sys, &o, &error);
  if (final_state == NULL)
    {
      check_error (error, "simulating to the final state");
      return 0;
    }
  check_modes (sys, o.stop_time_s, final_state);
  return 0;
}
