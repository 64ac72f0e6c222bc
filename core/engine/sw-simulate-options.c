/* sw-simulate-options.c: a run's options and methods by name, the choice
 * of auto's method, and a run's statistics as text (sw-simulate.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-simulate-private.h"

#include <glib/gi18n-lib.h>
#include "sw-equations-private.h"
#include "sw-jacobian-private.h"

static const struct {
  const char *name;
  SwMethod    method;
} methods[] = {
  { "auto", SW_METHOD_AUTO },   { "rk45", SW_METHOD_RK45 },   { "rkck", SW_METHOD_RKCK },
  { "rk8pd", SW_METHOD_RK8PD }, { "adams", SW_METHOD_ADAMS }, { "bdf", SW_METHOD_BDF },
  { "rk853", SW_METHOD_RK853 },
};

gboolean
sw_method_from_name (const char *name, SwMethod *method)
{
  for (guint k = 0; k < G_N_ELEMENTS (methods); k++)
    if (g_strcmp0 (methods[k].name, name) == 0)
      {
        *method = methods[k].method;
        return TRUE;
      }
  return FALSE;
}

const char *
sw_method_to_name (SwMethod method)
{
  for (guint k = 0; k < G_N_ELEMENTS (methods); k++)
    if (methods[k].method == method)
      return methods[k].name;
  return "auto";
}

SwSimulateOptions
sw_simulate_options_default (void)
{
  SwSimulateOptions o = {
    .stop_time_s = 1,
    .output_interval_s = 0.002,
    .tolerance = 1e-6,
    .method = SW_METHOD_AUTO,
    .variables = NULL,
  };
  return o;
}

SwSimulateOptions
sw_simulate_options_from_system (const SwSystem *system)
{
  SwSimulateOptions o = sw_simulate_options_default ();
  const SwSimulationSettings *s = sw_system_get_settings (system);

  if (s->stop_time_s > 0)
    o.stop_time_s = s->stop_time_s;
  o.output_interval_s = s->output_interval_s > 0 ? s->output_interval_s : o.stop_time_s / 500;
  if (s->tolerance > 0)
    o.tolerance = s->tolerance;
  if (s->method != NULL)
    sw_method_from_name (s->method, &o.method);
  return o;
}

/* ---- Choosing a method -------------------------------------------------- */

/* auto: explicit below this fastest rate x stop time, BDF above. An
 * explicit pair's step is bounded by stability to about 3 / rate, so it
 * needs at least (rate x stop) / 3 steps of 6-13 evaluations whatever the
 * tolerance; BDF's steps follow the accuracy and cost a Jacobian now and
 * then. tests/bench/bench-methods measures where they cross. */
#define SW_STIFF_RATE_TIME 2e4

/* The explicit pair of auto: Dormand-Prince 5(4) (our own, the fastest on
 * every model of bench-methods). rk853 is not taken (issue 24, `bench-
 * methods explicit`, core/README.md): faster on smooth motion (speed-check's
 * chain 0.86-0.92 at 1e-6, 0.64-0.72 at 1e-8), but 2.4-4.2 x slower where
 * stability or contacts set the steps (the marine engines, GearGrounded,
 * gear-pair) at every tolerance, so no rule on the tolerance wins alone. */
static SwMethod
explicit_method (double tolerance)
{
  return SW_METHOD_RK45;
}

static double
stiffness (const SwSystem *system, const SwSimulateOptions *options)
{
  g_autoptr (SwJacobianPattern) pattern = NULL;
  g_autoptr (SwEquations) eq = NULL;

  if (system->n_states == 0)
    return 0;
  pattern = _sw_jacobian_pattern_new (system);
  eq = sw_equations_new (system);
  eq->left_from = INFINITY;
  return _sw_jacobian_fastest_rate (pattern, eq, 0, system->y0) * options->stop_time_s;
}

SwMethod
_sw_simulate_choose_method (const SwSystem *system, const SwSimulateOptions *options, double *stiff)
{
  *stiff = 0;
  if (options->method != SW_METHOD_AUTO)
    return options->method;
  *stiff = stiffness (system, options);
  return *stiff > SW_STIFF_RATE_TIME ? SW_METHOD_BDF : explicit_method (options->tolerance);
}

SwMethod
sw_system_choose_method (const SwSystem *system, const SwSimulateOptions *options)
{
  double stiff;

  g_return_val_if_fail (system != NULL && options != NULL, SW_METHOD_RK45);
  return _sw_simulate_choose_method (system, options, &stiff);
}

char *
sw_simulate_stats_to_string (const SwSimulateStats *s)
{
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, _("method: %s"), sw_method_to_name (s->method));
  if (s->stiffness > 0)
    g_string_append_printf (text, _(" (stiffness: fastest rate × stop time %.3g)"), s->stiffness);
  /* %llu, not G_GUINT64_FORMAT: gettext cannot read a macro in a message. */
  g_string_append_printf (text, _("\nsteps: %llu accepted, %llu rejected"),
                          (unsigned long long) s->n_steps, (unsigned long long) s->n_rejected);
  g_string_append_printf (text, _("\nright-hand side evaluations: %llu"), (unsigned long long) s->n_rhs_evals);
  if (s->method == SW_METHOD_BDF)
    {
      if (s->jacobian_dense)
        g_string_append_printf (text, _("\nJacobians: %llu (dense, %llu evaluations)"),
                                (unsigned long long) s->n_jacobians, (unsigned long long) s->n_jac_rhs_evals);
      else
        g_string_append_printf (text, _("\nJacobians: %llu (band %u + %u, %llu evaluations)"),
                                (unsigned long long) s->n_jacobians, s->jacobian_lower, s->jacobian_upper,
                                (unsigned long long) s->n_jac_rhs_evals);
    }
  g_string_append_printf (text, _("\nevents: %llu"), (unsigned long long) s->n_events);
  if (s->n_mode_changes > 0)
    g_string_append_printf (text, _("\nfriction mode changes: %llu"), (unsigned long long) s->n_mode_changes);
  g_string_append_printf (text, _("\noutput rows: %llu"), (unsigned long long) s->n_rows);
  g_string_append_printf (text, _("\ntime: %.3f s"), s->wall_time_s);
  return g_string_free (text, FALSE);
}
