/* sw-simulate.h: time integration of an assembled system.
 *
 * sw_simulate() is synchronous and pure: run it in a worker thread with a
 * shared SwSystem; it checks the cancellable at every output time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>
#include "sw-system.h"
#include "sw-trajectory.h"

G_BEGIN_DECLS

typedef enum {
  SW_METHOD_AUTO,     /* rk8pd, or bdf when the model is stiff */
  SW_METHOD_RK45,     /* Runge-Kutta-Fehlberg 4(5) */
  SW_METHOD_RKCK,     /* Runge-Kutta Cash-Karp 4(5) */
  SW_METHOD_RK8PD,    /* Runge-Kutta Prince-Dormand 8(9) */
  SW_METHOD_ADAMS,    /* variable-order Adams (non-stiff multistep) */
  SW_METHOD_BDF       /* variable-order BDF with the assembled Jacobian (stiff) */
} SwMethod;

typedef struct {
  double      stop_time_s;
  double      output_interval_s;
  double      tolerance;          /* relative and absolute */
  SwMethod    method;
  /* "id.var" names or glob patterns ('*.w') to record, NULL-terminated;
   * NULL records every variable. */
  const char *const *variables;
} SwSimulateOptions;

SwSimulateOptions sw_simulate_options_default     (void);
/* Defaults overridden by the model's simulation settings. */
SwSimulateOptions sw_simulate_options_from_system (const SwSystem *system);
/* "auto", "rk45", ...; FALSE for an unknown name. */
gboolean          sw_method_from_name             (const char *name,
                                                   SwMethod   *method);
const char       *sw_method_to_name               (SwMethod    method);
/* The method AUTO resolves to for this system. */
SwMethod          sw_system_choose_method         (const SwSystem *system,
                                                   const SwSimulateOptions *options);

/* Signal edges and other time events a run may hold before its stop time. */
#define SW_SIMULATE_MAX_EVENTS 10000000

/* What sw_simulate() checks before it starts, without running: the settings'
 * ranges, the variables' names, the number of events and the memory the
 * trajectory would take (at most half of the machine's). SW_ERROR_INVALID,
 * SW_ERROR_UNKNOWN_PARAMETER (a variable) or SW_ERROR_TOO_LARGE. */
gboolean      sw_simulate_check (const SwSystem          *system,
                                 const SwSimulateOptions *options,
                                 GError                 **error);

typedef void (*SwProgressFunc) (double t, double stop_time_s, gpointer user_data);

SwTrajectory *sw_simulate (const SwSystem          *system,
                           const SwSimulateOptions *options,
                           SwProgressFunc           progress,
                           gpointer                 progress_data,
                           GCancellable            *cancellable,
                           GError                 **error);

/* Integrates up to options->stop_time_s and returns the state vector there
 * (sw_system_get_n_states() values; free with g_free()): the operating point
 * of a modal analysis at a time of a simulation. */
double       *sw_simulate_final_state (const SwSystem          *system,
                                       const SwSimulateOptions *options,
                                       GError                 **error);

G_END_DECLS
