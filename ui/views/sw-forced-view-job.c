/* sw-forced-view-job.c: the forced response view's job.
 *
 * A change of system, excited body, orders, amplitude, speed range or
 * limits starts a job: the system (immutable, reference counted) and the model's
 * excitation (shared by reference) go to a GTask worker that runs
 * sw_forced_compute() and, for the critical speeds, the Campbell diagram of
 * the excited body over the same range and orders; the result is applied
 * on the main thread only if the view is still alive (a GWeakRef) and the
 * job is still the current one (its GCancellable). A new job cancels the
 * one before.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-forced-view-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "sw-simulate.h"

#define N_SPEEDS          400
#define N_CAMPBELL_SPEEDS 41

typedef struct {
  SwSystem *system;
  SwForcedModelExcitation *model_excitation;
  char     *body;
  GArray   *orders;
  GArray   *specs;
  double    amplitude;
  double    from_rpm, to_rpm;
  double    diameter_m, uts_mpa, rated_rpm;
  double    at_s;
} Job;

typedef struct {
  SwTrajectory *response;
  SwCampbell   *campbell;
  GArray       *ranges;
  char         *note;
} Result;

static void
job_free (Job *job)
{
  g_clear_pointer (&job->system, sw_system_unref);
  g_clear_pointer (&job->model_excitation, _sw_forced_model_excitation_unref);
  g_free (job->body);
  g_array_unref (job->orders);
  g_array_unref (job->specs);
  g_free (job);
}

static void
result_free (Result *r)
{
  g_clear_pointer (&r->response, sw_trajectory_unref);
  g_clear_pointer (&r->campbell, sw_campbell_free);
  g_clear_pointer (&r->ranges, g_array_unref);
  g_free (r->note);
  g_free (r);
}

/* Every section's amplitude 0 at every speed (there is a section). */
static gboolean
no_response (SwTrajectory *tr)
{
  gboolean any = FALSE;

  for (guint c = 0; c < sw_trajectory_get_n_columns (tr); c++)
    {
      const double *v = sw_trajectory_get_column (tr, c);

      if (!g_str_has_suffix (sw_trajectory_get_column_name (tr, c), ".tau_amp"))
        continue;
      any = TRUE;
      for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
        if (v[r] != 0)
          return FALSE;
    }
  return any;
}

/* Whether the response has a section at all (a column ID.tau_amp). */
static gboolean
has_sections (SwTrajectory *tr)
{
  for (guint c = 0; c < sw_trajectory_get_n_columns (tr); c++)
    if (g_str_has_suffix (sw_trajectory_get_column_name (tr, c), ".tau_amp"))
      return TRUE;
  return FALSE;
}

static void
job_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  guint n_model = job->model_excitation != NULL ? job->model_excitation->ex->len : 0;
  g_autofree SwForcedExcitation *ex = g_new0 (SwForcedExcitation, job->orders->len + n_model);
  SwForcedOptions o = sw_forced_options_default ();
  SwCampbellOptions co = sw_campbell_options_default ();
  g_autofree SwForcedDiameter *d = NULL;
  g_autofree SwForcedLimit *l = NULL;
  g_autoptr (GPtrArray) ids = NULL;    /* the names d and l point into */
  GError *error = NULL;
  Result *r = g_new0 (Result, 1);
  g_autofree double *state = NULL;
  gboolean rigid = FALSE;   /* engaged, no section is left */

  if (!sw_simulate_state_at (job->system, job->at_s, &state, &error))
    {
      result_free (r);
      g_task_return_error (task, error);
      return;
    }
  o.at_s = co.at_s = job->at_s;
  o.at_state = co.at_state = state;

  for (guint k = 0; k < job->orders->len; k++)
    {
      const SwForcedOrderSpec *spec = &g_array_index (job->specs, SwForcedOrderSpec, k);

      ex[k] = (SwForcedExcitation) { .part = job->body, .order = spec->order,
                                     .amplitude = isfinite (spec->amplitude) ? spec->amplitude : job->amplitude,
                                     .phase_deg = spec->phase_deg };
    }
  o.from_rpm = job->from_rpm;
  o.to_rpm = job->to_rpm;
  o.n_speeds = N_SPEEDS;
  /* The model's own excitation with the page's. */
  if (n_model > 0)
    memcpy (ex + job->orders->len, job->model_excitation->ex->data, n_model * sizeof (SwForcedExcitation));
  o.excitations = ex;
  o.n_excitations = job->orders->len + n_model;
  /* Limits: every section (known from the system) with the diameter and
   * the tensile strength, and the ranges the core finds in that table. */
  if (job->uts_mpa > 0 && job->diameter_m > 0)
    {
      ids = sw_forced_section_ids (job->system);

      d = g_new0 (SwForcedDiameter, MAX (ids->len, 1));
      l = g_new0 (SwForcedLimit, MAX (ids->len, 1));
      for (guint k = 0; k < ids->len; k++)
        {
          d[k] = (SwForcedDiameter) { .part = g_ptr_array_index (ids, k), .outer_diameter_m = job->diameter_m };
          l[k] = (SwForcedLimit) { .part = g_ptr_array_index (ids, k), .tensile_strength_mpa = job->uts_mpa,
                                   .ck = 1 };
        }
      o.diameters = d;
      o.n_diameters = ids->len;
      o.limits = l;
      o.n_limits = ids->len;
      o.rated_rpm = job->rated_rpm > 0 ? job->rated_rpm : job->to_rpm;
    }
  r->response = sw_forced_compute (job->system, &o, &error);
  /* Nothing responds at the operating point (a clutch open at t = 0): the
   * response of the driveline in gear, said so. */
  if (r->response != NULL && no_response (r->response) && !g_cancellable_is_cancelled (cancellable))
    {
      SwTrajectory *engaged;

      o.friction = SW_LINEAR_FRICTION_ENGAGED;
      engaged = sw_forced_compute (job->system, &o, NULL);
      /* Engaged it must respond somewhere: a rigid drivetrain has no
       * section left once its slipping clutch locks. */
      rigid = engaged != NULL && !has_sections (engaged);
      if (engaged != NULL && !no_response (engaged) && has_sections (engaged))
        {
          sw_trajectory_unref (r->response);
          r->response = engaged;
          co.friction = o.friction;
          r->note = g_strdup (_("No section responds at the operating point: shown with the clutches engaged and "
                                "the brakes released."));
        }
      else if (engaged != NULL)
        sw_trajectory_unref (engaged);
    }
  if (r->response != NULL && job->uts_mpa > 0 && job->diameter_m > 0)
    r->ranges = sw_forced_find_ranges (r->response);
  if (r->response == NULL)
    {
      result_free (r);
      g_task_return_error (task, error);
      return;
    }
  if (g_cancellable_is_cancelled (cancellable))
    {
      result_free (r);
      g_task_return_error_if_cancelled (task);
      return;
    }
  if (r->note == NULL && (!has_sections (r->response) || (rigid && no_response (r->response))))
    r->note = g_strdup (_("Nothing to load: the drivetrain has no compliant section (a spring, a shaft) the "
                          "excitation reaches, in this state of the friction elements or with the clutches engaged."));
  else if (r->note == NULL && no_response (r->response))
    r->note = g_strdup (_("No section responds to the excitation: in this state of the friction elements it "
                          "reaches none (an open clutch beside the excited body, or a locked brake holding it). "
                          "Try “At the plot’s cursor” with the cursor at a time when the drivetrain is engaged."));
  /* The critical speeds are a help: without them the response still shows. */
  co.from_rpm = job->from_rpm;
  co.to_rpm = job->to_rpm;
  co.n_speeds = N_CAMPBELL_SPEEDS;
  co.orders = (const double *) job->orders->data;
  co.n_orders = job->orders->len;
  r->campbell = sw_campbell_compute (job->system, job->body, &co, NULL);
  g_task_return_pointer (task, r, (GDestroyNotify) result_free);
}

static void
set_busy (SwForcedView *self, gboolean busy)
{
  gtk_spinner_set_spinning (self->spinner, busy);
  g_object_notify (G_OBJECT (self), "busy");
}

/* The error in red, or why no section responds. */
static void
show_error (SwForcedView *self)
{
  sw_plot_widget_show_status (self->status, self->error, self->note);
}

static void
job_done (GObject *source, GAsyncResult *res, gpointer data)
{
  GWeakRef *ref = data;
  g_autoptr (SwForcedView) self = g_weak_ref_get (ref);
  GTask *task = G_TASK (res);
  g_autoptr (GError) error = NULL;
  Result *r;

  g_weak_ref_clear (ref);
  g_free (ref);
  r = g_task_propagate_pointer (task, &error);
  if (self == NULL || g_task_get_cancellable (task) != self->job ||
      g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    {
      g_clear_pointer (&r, result_free);
      return;
    }
  g_clear_object (&self->job);
  g_clear_pointer (&self->response, sw_trajectory_unref);
  g_clear_pointer (&self->campbell, sw_campbell_free);
  g_clear_pointer (&self->ranges, g_array_unref);
  g_clear_error (&self->error);
  g_clear_pointer (&self->note, g_free);
  if (r != NULL)
    {
      self->note = g_steal_pointer (&r->note);
      self->response = g_steal_pointer (&r->response);
      self->campbell = g_steal_pointer (&r->campbell);
      self->ranges = g_steal_pointer (&r->ranges);
      result_free (r);
    }
  else
    self->error = g_steal_pointer (&error);
  _sw_forced_view_fill_sections (self);
  show_error (self);
  set_busy (self, FALSE);
  /* A first result: the cursor where the section plotted peaks. */
  if (!isfinite (self->cursor_rpm) && self->response != NULL && _sw_forced_view_plotted_section (self) != NULL)
    {
      g_autofree char *name = g_strdup_printf ("%s.tau_amp", _sw_forced_view_plotted_section (self));
      int c = sw_trajectory_find_column (self->response, name);
      const double *v = c >= 0 ? sw_trajectory_get_column (self->response, (guint) c) : NULL;
      guint best = 0;

      for (guint i = 1; v != NULL && i < sw_trajectory_get_n_rows (self->response); i++)
        if (isfinite (v[i]) && (!isfinite (v[best]) || v[i] > v[best]))
          best = i;
      if (v != NULL)
        self->cursor_rpm = sw_trajectory_get_times (self->response)[best];
    }
  _sw_forced_view_update_loads (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
  g_signal_emit_by_name (self, "computed");
}

void
_sw_forced_view_cancel_job (SwForcedView *self)
{
  if (self->job != NULL)
    {
      g_cancellable_cancel (self->job);
      g_clear_object (&self->job);
    }
}

void
_sw_forced_view_start_job (SwForcedView *self)
{
  g_autoptr (GTask) task = NULL;
  const char *body = sw_forced_view_get_body (self);
  gboolean was_busy = self->job != NULL;
  GWeakRef *ref;
  Job *job;

  if (self->filling)
    return;
  _sw_forced_view_cancel_job (self);
  g_clear_handle_id (&self->entry_timeout, g_source_remove);
  if (self->system == NULL || body == NULL)
    {
      g_clear_pointer (&self->response, sw_trajectory_unref);
      g_clear_pointer (&self->campbell, sw_campbell_free);
      g_clear_pointer (&self->ranges, g_array_unref);
      g_clear_error (&self->error);
      g_clear_pointer (&self->note, g_free);
      _sw_forced_view_fill_sections (self);
      show_error (self);
      _sw_forced_view_update_loads (self);
      gtk_widget_queue_draw (GTK_WIDGET (self->area));
      if (was_busy)
        set_busy (self, FALSE);
      return;
    }
  job = g_new0 (Job, 1);
  job->system = sw_system_ref (self->system);
  if (self->model_excitation != NULL)
    job->model_excitation = _sw_forced_model_excitation_ref (self->model_excitation);
  job->body = g_strdup (body);
  job->orders = g_array_copy (self->orders);
  job->specs = g_array_copy (self->specs);
  job->amplitude = self->amplitude;
  job->from_rpm = self->from_rpm;
  job->to_rpm = self->to_rpm;
  job->diameter_m = self->diameter_m;
  job->uts_mpa = self->uts_mpa;
  job->rated_rpm = self->rated_rpm;
  job->at_s = self->at_s;
  g_free (self->excited);
  self->excited = g_strdup (body);

  self->job = g_cancellable_new ();
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  task = g_task_new (NULL, self->job, job_done, ref);
  g_task_set_source_tag (task, _sw_forced_view_start_job);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, job_thread);
  set_busy (self, TRUE);
}
