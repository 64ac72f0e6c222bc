/* sw-simulate.c: integrating an assembled system with GSL odeiv2.
 *
 * The integrator stops exactly on every output time and every time event
 * (signal edges, part events); it never steps over one. At an event the
 * output gets the left limit, the integrator restarts, and the right limit
 * follows in a second row with the same time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-simulate.h"

#include <math.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include "sw-equations-private.h"
#include "sw-error.h"

static const struct {
  const char *name;
  SwMethod    method;
} methods[] = {
  { "auto", SW_METHOD_AUTO },
  { "rk45", SW_METHOD_RK45 },
  { "rkck", SW_METHOD_RKCK },
  { "rk8pd", SW_METHOD_RK8PD },
  { "adams", SW_METHOD_ADAMS },
  { "bdf", SW_METHOD_BDF },
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

/* ---- GSL callbacks ------------------------------------------------------ */

static int
rhs (double t, const double y[], double dydt[], void *data)
{
  SwEquations *eq = data;

  return sw_equations_eval (eq, t, y, dydt) ? GSL_SUCCESS : GSL_EBADFUNC;
}

/* Jacobian by differences of the right-hand side: exact up to round-off for
 * linear elements, the tangent for nonlinear ones. */
static int
jacobian (double t, const double y[], double *dfdy, double dfdt[], void *data)
{
  SwEquations *eq = data;
  guint n = eq->sys->n_states;
  g_autofree double *f0 = g_new (double, n);
  g_autofree double *f1 = g_new (double, n);
  g_autofree double *yy = g_memdup2 (y, n * sizeof (double));
  double ht = 1e-8 * (1 + fabs (t));

  if (!sw_equations_eval (eq, t, y, f0))
    return GSL_EBADFUNC;
  for (guint k = 0; k < n; k++)
    {
      double h = 1e-8 * (1 + fabs (y[k]));

      yy[k] = y[k] + h;
      if (!sw_equations_eval (eq, t, yy, f1))
        return GSL_EBADFUNC;
      for (guint r = 0; r < n; r++)
        dfdy[r * n + k] = (f1[r] - f0[r]) / h;
      yy[k] = y[k];
    }
  if (!sw_equations_eval (eq, t + ht, y, f1))
    return GSL_EBADFUNC;
  for (guint r = 0; r < n; r++)
    dfdt[r] = (f1[r] - f0[r]) / ht;
  return GSL_SUCCESS;
}

SwMethod
sw_system_choose_method (const SwSystem *system, const SwSimulateOptions *options)
{
  guint n = system->n_states;
  g_autoptr (SwEquations) eq = NULL;
  g_autofree double *J = NULL;
  g_autofree double *dfdt = NULL;
  double rho = 0;

  if (options->method != SW_METHOD_AUTO)
    return options->method;
  if (n == 0 || n > 400)
    return SW_METHOD_RK8PD;
  /* The fastest rate of the linearised model (a Gershgorin bound) against
   * the output interval: explicit steps would be far shorter than it. */
  eq = sw_equations_new (system);
  J = g_new (double, n * n);
  dfdt = g_new (double, n);
  if (jacobian (0, system->y0, J, dfdt, eq) != GSL_SUCCESS)
    return SW_METHOD_RK8PD;
  for (guint r = 0; r < n; r++)
    {
      double s = 0;
      for (guint k = 0; k < n; k++)
        s += fabs (J[r * n + k]);
      rho = MAX (rho, s);
    }
  return rho * options->output_interval_s > 2000 ? SW_METHOD_BDF : SW_METHOD_RK8PD;
}

static const gsl_odeiv2_step_type *
step_type (SwMethod method)
{
  switch (method)
    {
    case SW_METHOD_RK45: return gsl_odeiv2_step_rkf45;
    case SW_METHOD_RKCK: return gsl_odeiv2_step_rkck;
    case SW_METHOD_ADAMS: return gsl_odeiv2_step_msadams;
    case SW_METHOD_BDF: return gsl_odeiv2_step_msbdf;
    case SW_METHOD_AUTO:
    case SW_METHOD_RK8PD:
    default: return gsl_odeiv2_step_rk8pd;
    }
}

/* ---- Output columns ----------------------------------------------------- */

typedef struct {
  guint part;
  guint var;
} Column;

/* Every "id.var" that matches a glob pattern ('*.w', 'J*.phi'). */
static gboolean
select_pattern (const SwSystem *sys, const char *pattern, GArray *cols, GError **error)
{
  g_autoptr (GPatternSpec) spec = g_pattern_spec_new (pattern);
  guint before = cols->len;

  for (guint i = 0; i < sys->n_parts; i++)
    for (guint v = 0; v < sys->parts[i].kind->n_vars; v++)
      {
        g_autofree char *name = g_strdup_printf ("%s.%s", sys->parts[i].id, sys->parts[i].kind->vars[v].name);

        if (g_pattern_spec_match_string (spec, name))
          {
            Column c = { i, v };
            g_array_append_val (cols, c);
          }
      }
  if (cols->len == before)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                   _("no variable matches “%s”; variables are ID.VAR, e.g. inertia1.w"), pattern);
      return FALSE;
    }
  return TRUE;
}

static gboolean
select_columns (const SwSystem *sys, const SwSimulateOptions *o, GArray *cols, GStrv *names, GStrv *units,
                GError **error)
{
  g_autoptr (GStrvBuilder) nb = g_strv_builder_new ();
  g_autoptr (GStrvBuilder) ub = g_strv_builder_new ();

  if (o->variables == NULL)
    {
      for (guint i = 0; i < sys->n_parts; i++)
        for (guint v = 0; v < sys->parts[i].kind->n_vars; v++)
          {
            Column c = { i, v };
            g_array_append_val (cols, c);
          }
    }
  else
    for (guint k = 0; o->variables[k] != NULL; k++)
      {
        const char *name = o->variables[k];
        const char *dot = strchr (name, '.');

        if (strpbrk (name, "*?") != NULL)
          {
            if (!select_pattern (sys, name, cols, error))
              return FALSE;
            continue;
          }
        g_autofree char *id = dot ? g_strndup (name, dot - name) : g_strdup (name);
        int part = -1, var;

        for (guint i = 0; i < sys->n_parts && part < 0; i++)
          if (strcmp (sys->parts[i].id, id) == 0)
            part = i;
        if (part < 0)
          {
            g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                         _("unknown variable “%s”: there is no component “%s”"), name, id);
            return FALSE;
          }
        var = dot ? sw_kind_find_var (sys->parts[part].kind, dot + 1) : -1;
        if (var < 0)
          {
            const SwKind *kind = sys->parts[part].kind;
            g_autoptr (GString) valid = g_string_new (NULL);

            for (guint v = 0; v < kind->n_vars; v++)
              g_string_append_printf (valid, "%s%s", v ? ", " : "", kind->vars[v].name);
            g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                         _("unknown variable “%s”: component “%s” (%s) has %s"), name, id, kind->name,
                         valid->str);
            return FALSE;
          }
        {
          Column c = { part, var };
          g_array_append_val (cols, c);
        }
      }
  for (guint k = 0; k < cols->len; k++)
    {
      Column c = g_array_index (cols, Column, k);
      g_autofree char *name = g_strdup_printf ("%s.%s", sys->parts[c.part].id,
                                               sys->parts[c.part].kind->vars[c.var].name);

      g_strv_builder_add (nb, name);
      g_strv_builder_add (ub, sys->parts[c.part].kind->vars[c.var].unit);
    }
  *names = g_strv_builder_end (nb);
  *units = g_strv_builder_end (ub);
  return TRUE;
}

typedef struct {
  const SwSystem *sys;
  SwEquations    *eq;
  SwTrajectory   *tr;
  GArray         *cols;
  double         *row;
} Output;

/* A result overflowed or became NaN at t: the error names the first
 * variable (of every component's, recorded or not) that is not finite. */
static gboolean
not_finite_error (Output *out, double t, const double *y, gboolean left)
{
  const SwSystem *sys = out->sys;
  SwState state;
  double vars[32];

  sw_equations_get_state (out->eq, t, left, &state);
  g_clear_error (&out->eq->error);
  for (guint i = 0; i < sys->n_parts; i++)
    {
      const SwPart *p = &sys->parts[i];

      p->kind->variables (p, &state, vars);
      for (guint v = 0; v < p->kind->n_vars; v++)
        if (!isfinite (vars[v]))
          {
            g_set_error (&out->eq->error, SW_ERROR, SW_ERROR_NOT_FINITE,
                         _("component “%s”: %s.%s became %s at t = %.9g s; the equations overflow: check the "
                           "parameters of “%s” and of what it is connected to (a tiny inertia or mass "
                           "against a huge stiffness, a huge torque), or try the method “bdf”"),
                         p->id, p->id, p->kind->vars[v].name, isnan (vars[v]) ? "NaN" : "infinite", t, p->id);
            return FALSE;
          }
    }
  g_set_error (&out->eq->error, SW_ERROR, SW_ERROR_NOT_FINITE,
               _("the state became infinite or NaN at t = %.9g s; the equations overflow: check for a tiny "
                 "inertia or mass against a huge stiffness, or try the method “bdf”"), t);
  return FALSE;
}

static gboolean
emit_row (Output *out, double t, const double *y, gboolean left)
{
  const SwSystem *sys = out->sys;
  SwState state;
  int last_part = -1;
  double vars[32];

  if (!sw_equations_complete (out->eq, t, y, left))
    return FALSE;
  sw_equations_get_state (out->eq, t, left, &state);
  for (guint k = 0; k < out->cols->len; k++)
    {
      Column c = g_array_index (out->cols, Column, k);

      if ((int) c.part != last_part)
        {
          const SwPart *p = &sys->parts[c.part];

          g_assert (p->kind->n_vars <= G_N_ELEMENTS (vars));
          p->kind->variables (p, &state, vars);
          last_part = c.part;
        }
      out->row[k] = vars[c.var];
      if (!isfinite (out->row[k]))
        return not_finite_error (out, t, y, left);
    }
  for (guint k = 0; k < sys->n_states; k++)
    if (!isfinite (y[k]))
      return not_finite_error (out, t, y, left);
  sw_trajectory_append_row (out->tr, t, out->row);
  return TRUE;
}

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* Sorted instants in (0, stop) where a signal or a part's force jumps; NULL
 * with an error naming the signal when there are more than
 * SW_SIMULATE_MAX_EVENTS (a pulse of period 1e-9 s would fill the memory). */
static GArray *
collect_events (const SwSystem *sys, double stop, GError **error)
{
  g_autoptr (GArray) ev = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < sys->n_parts; i++)
    for (guint k = 0; k < SW_KIND_MAX_PARAMS; k++)
      {
        const SwSignal *s = sys->parts[i].signal[k];
        double t = 0, te;

        if (s == NULL)
          continue;
        /* te > t: a period below the resolution of t must not loop. */
        while (sw_signal_next_event (s, t, &te) && te < stop && te > t)
          {
            if (ev->len >= SW_SIMULATE_MAX_EVENTS)
              {
                g_set_error (error, SW_ERROR, SW_ERROR_TOO_LARGE,
                             _("component “%s”: the signal “%s” has more than %d events (signal edges) "
                               "before the stop time %g s, the most a run may hold; make its period longer "
                               "or the stop time shorter"),
                             sys->parts[i].id, sys->parts[i].kind->params[k].name, SW_SIMULATE_MAX_EVENTS,
                             stop);
                return NULL;
              }
            g_array_append_val (ev, te);
            t = te;
          }
      }
  for (guint k = 0; k < sys->time_events->len; k++)
    {
      double te = g_array_index (sys->time_events, double, k);
      if (te > 0 && te < stop)
        g_array_append_val (ev, te);
    }
  g_array_sort (ev, compare_double);
  return g_steal_pointer (&ev);
}

/* The k-th output time. When the interval is 1/m of a second (0.001, 0.1),
 * k/m is the double nearest the decimal time (3/10 is 0.3, where 3 * 0.1 is
 * 0.30000000000000004), so rows line up with other tools' output. */
static double
output_time (guint k, double dt, double per_second)
{
  return per_second > 0 ? k / per_second : k * dt;
}

/* What a run will produce, checked before it starts. */
typedef struct {
  GArray *cols;       /* Column */
  GStrv   names, units;
  GArray *events;     /* sorted instants */
  guint   n_out;      /* output times after t = 0 */
} Plan;

static void
plan_clear (Plan *plan)
{
  g_clear_pointer (&plan->cols, g_array_unref);
  g_clear_pointer (&plan->events, g_array_unref);
  g_clear_pointer (&plan->names, g_strfreev);
  g_clear_pointer (&plan->units, g_strfreev);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Plan, plan_clear)

/* The memory a run may fill with its trajectory: half of the machine's. */
static double
memory_budget_bytes (void)
{
  long pages = sysconf (_SC_PHYS_PAGES), page_size = sysconf (_SC_PAGE_SIZE);

  return pages > 0 && page_size > 0 ? 0.5 * (double) pages * (double) page_size : 4e9;
}

static gboolean
too_large_error (double rows, guint n_values, GError **error)
{
  double need = rows * (n_values + 1) * sizeof (double), budget = memory_budget_bytes ();
  g_autofree char *need_text = NULL;
  g_autofree char *budget_text = NULL;

  /* Rows are counted in a guint. */
  if (need <= budget && rows < 1e9)
    return FALSE;
  need_text = g_format_size (need < 1e18 ? (guint64) need : G_GUINT64_CONSTANT (1000000000000000000));
  budget_text = g_format_size ((guint64) budget);
  g_set_error (error, SW_ERROR, SW_ERROR_TOO_LARGE,
               _("the run would keep %.4g rows of %u values: %s%s, more than the %s or 10^9 rows a run may use "
                 "(half of this machine’s memory); choose a larger output interval, a shorter stop time or fewer "
                 "variables"),
               rows, n_values + 1, need < 1e18 ? "" : "over ", need_text, budget_text);
  return TRUE;
}

static gboolean
plan_run (const SwSystem *sys, const SwSimulateOptions *o, Plan *plan, GError **error)
{
  double stop = o->stop_time_s, dt = o->output_interval_s, n_out;

  if (!(stop > 0) || !(dt > 0) || !(o->tolerance > 0 && o->tolerance < 1) || !isfinite (stop) || !isfinite (dt))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("invalid simulation settings: stop time %g s, output interval %g s, tolerance %g; "
                     "valid: stop time > 0, output interval > 0, 0 < tolerance < 1"),
                   stop, dt, o->tolerance);
      return FALSE;
    }
  /* At least the row at the stop time, however short the run. */
  n_out = MAX (1, ceil (stop / dt - 1e-9));
  plan->cols = g_array_new (FALSE, FALSE, sizeof (Column));
  if (!select_columns (sys, o, plan->cols, &plan->names, &plan->units, error)
      || too_large_error (1 + n_out, plan->cols->len, error)
      || !(plan->events = collect_events (sys, stop, error))
      || too_large_error (1 + n_out + 2.0 * plan->events->len, plan->cols->len, error))
    return FALSE;
  plan->n_out = (guint) n_out;
  return TRUE;
}

gboolean
sw_simulate_check (const SwSystem *system, const SwSimulateOptions *options, GError **error)
{
  g_auto (Plan) plan = { 0 };

  g_return_val_if_fail (system != NULL && options != NULL, FALSE);
  return plan_run (system, options, &plan, error);
}

static SwTrajectory *
integrate (const SwSystem          *sys,
           const SwSimulateOptions *o,
           SwProgressFunc           progress,
           gpointer                 progress_data,
           GCancellable            *cancellable,
           double                  *y_final,
           GError                 **error)
{
  g_auto (Plan) plan = { 0 };
  g_autoptr (SwEquations) eq = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  g_autofree double *y = NULL;
  g_autofree double *row = NULL;
  GArray *cols, *events;
  gsl_odeiv2_system ode;
  gsl_odeiv2_driver *driver = NULL;
  SwMethod method;
  Output out;
  double t = 0, stop, dt, per_second;
  guint k_out = 1, n_out, e = 0;
  gboolean ok = TRUE;

  g_return_val_if_fail (sys != NULL && o != NULL, NULL);
  sw_init ();

  if (!plan_run (sys, o, &plan, error))
    return NULL;
  stop = o->stop_time_s;
  dt = o->output_interval_s;
  cols = plan.cols;
  events = plan.events;
  n_out = plan.n_out;
  tr = sw_trajectory_new (g_steal_pointer (&plan.names), g_steal_pointer (&plan.units));
  row = g_new0 (double, MAX (cols->len, 1));
  eq = sw_equations_new (sys);
  y = g_memdup2 (sys->y0, MAX (sys->n_states, 1) * sizeof (double));
  per_second = fabs (1 / dt - round (1 / dt)) <= 1e-9 * (1 / dt) ? round (1 / dt) : 0;
  method = sw_system_choose_method (sys, o);

  out = (Output) { .sys = sys, .eq = eq, .tr = tr, .cols = cols, .row = row };
  eq->left_from = events->len > 0 ? g_array_index (events, double, 0) : INFINITY;

  ode = (gsl_odeiv2_system) { rhs, jacobian, sys->n_states, eq };
  if (sys->n_states > 0)
    {
      driver = gsl_odeiv2_driver_alloc_y_new (&ode, step_type (method), MIN (dt, stop) / 10,
                                              o->tolerance, o->tolerance);
      /* A runaway model ends with an error, not an endless loop. */
      gsl_odeiv2_driver_set_nmax (driver, 1000000);
      gsl_odeiv2_driver_set_hmin (driver, 1e-15 * stop);
    }

  ok = emit_row (&out, 0, y, FALSE);
  while (ok && k_out <= n_out)
    {
      double t_out = k_out == n_out ? stop : output_time (k_out, dt, per_second);
      double t_event = e < events->len ? g_array_index (events, double, e) : INFINITY;
      double target = MIN (t_out, t_event);
      gboolean at_event = t_event <= t_out;

      if (target > t && driver != NULL)
        {
          int status = gsl_odeiv2_driver_apply (driver, &t, target, y);

          if (status != GSL_SUCCESS)
            {
              if (eq->error != NULL)
                g_propagate_error (error, g_steal_pointer (&eq->error));
              else
                g_set_error (error, SW_ERROR, SW_ERROR_NOT_CONVERGED,
                             status == GSL_EMAXITER
                               ? _("the integrator (%s) needed more than a million steps before t = %.9g s (GSL: %s); "
                                   "the model is very stiff or unstable: %scheck stiffnesses and inertias")
                               : _("the integrator (%s) failed at t = %.9g s (GSL: %s); try a smaller tolerance%s; "
                                   "check stiffnesses and inertias"),
                             sw_method_to_name (method), t, gsl_strerror (status),
                             method == SW_METHOD_BDF ? ""
                             : status == GSL_EMAXITER ? _("try the method “bdf”, or ") : _(" or the method “bdf”"));
              ok = FALSE;
              break;
            }
        }
      t = target;
      if (at_event)
        {
          ok = emit_row (&out, t, y, TRUE);
          /* Skip events at the same instant, then restart from the right limit. */
          while (e < events->len && g_array_index (events, double, e) <= t)
            e++;
          eq->left_from = e < events->len ? g_array_index (events, double, e) : INFINITY;
          if (driver != NULL)
            gsl_odeiv2_driver_reset (driver);
          ok = ok && emit_row (&out, t, y, FALSE);
          if (t_out <= t)
            k_out++;
        }
      else
        {
          ok = emit_row (&out, t, y, FALSE);
          k_out++;
        }
      if (!ok && eq->error != NULL && error != NULL && *error == NULL)
        g_propagate_error (error, g_steal_pointer (&eq->error));
      if (ok && progress != NULL)
        progress (t, stop, progress_data);
      if (ok && g_cancellable_set_error_if_cancelled (cancellable, error))
        ok = FALSE;
    }
  if (driver != NULL)
    gsl_odeiv2_driver_free (driver);
  if (!ok && eq->error != NULL && error != NULL && *error == NULL)
    g_propagate_error (error, g_steal_pointer (&eq->error));
  if (!ok)
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, SW_ERROR, SW_ERROR_NOT_CONVERGED, _("the simulation failed at t = %g s"), t);
      return NULL;
    }
  if (y_final != NULL)
    memcpy (y_final, y, sys->n_states * sizeof (double));
  return g_steal_pointer (&tr);
}

SwTrajectory *
sw_simulate (const SwSystem          *sys,
             const SwSimulateOptions *o,
             SwProgressFunc           progress,
             gpointer                 progress_data,
             GCancellable            *cancellable,
             GError                 **error)
{
  return integrate (sys, o, progress, progress_data, cancellable, NULL, error);
}

double *
sw_simulate_final_state (const SwSystem *sys, const SwSimulateOptions *options, GError **error)
{
  SwSimulateOptions o = *options;
  const char *const none[] = { NULL };
  g_autofree double *y = g_new0 (double, MAX (sys->n_states, 1));
  g_autoptr (SwTrajectory) tr = NULL;

  o.variables = none;
  o.output_interval_s = o.stop_time_s;
  tr = integrate (sys, &o, NULL, NULL, NULL, y, error);
  return tr != NULL ? g_steal_pointer (&y) : NULL;
}
