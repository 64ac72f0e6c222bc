/* sw-window-jobs.c: the window's jobs: a simulation or a modal analysis
 * runs in a GTask worker on an immutable snapshot (SwSystem) taken on the
 * main thread; progress comes back throttled, and a result is applied only
 * when the window is alive and the job is still the current one. Run
 * becomes Stop while a run is under way; a new run cancels the previous
 * one.
 *
 * A run's rows go into a trajectory made to its size
 * (sw_simulate_new_trajectory: it keeps each row's time and state and
 * derives a column when the plot first asks for it), appended by the
 * worker as sw_simulate computes them (record_into); the main thread reads
 * the rows published so far, so the plot fills in while the run goes, and
 * the finished run is that same trajectory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-window-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <time.h>

#include "sw-error.h"
#include "sw-event-log.h"
#include "sw-simulate.h"
#include "sw-system.h"

#define PROGRESS_INTERVAL_US (50 * 1000)
/* A run shorter than this never turns Run into Stop (no flicker while
 * live tuning). */
#define BUSY_DELAY_MS        120
/* The modes of a model too large for all of them: its lowest this many. */
#define LARGE_MODEL_MODES    20

/* ---- Jobs ---------------------------------------------------------------- */

typedef struct _SwWindowJob {
  GWeakRef           window;
  GCancellable      *cancellable;
  GMainContext      *context;
  GThread           *owner;             /* the thread of context: the window's */
  SwSystem          *system;
  SwSimulateOptions  options;
  char              *params_text;       /* the model as it was, for the legend */
  SwTrajectory      *rows;              /* a run's rows as they come (set by the worker) */
  double             modes_time_s;      /* modes: the operating point's time */
  SwLinearFriction   modes_friction;    /* modes: the friction elements' state */
  gboolean           modes_may_engage;  /* no mode at the operating point: try engaged */
  gint64             last_progress_us;  /* worker only */
  double             elapsed_s;         /* written by the worker before it returns */
  gint64             cpu_us;            /* … and the processor time it took */
  /* A run's result, also for a main thread waiting for it
   * (_sw_window_wait_live_run): set by the worker under lock. */
  GMutex             lock;
  GCond              finished_cond;
  gboolean           finished;
  gpointer           result;            /* RunResult, taken by whoever applies it */
} Job;

static void run_result_free (gpointer data);

static void
job_clear (gpointer data)
{
  Job *job = data;

  g_weak_ref_clear (&job->window);
  g_clear_object (&job->cancellable);
  g_clear_pointer (&job->context, g_main_context_unref);
  g_clear_pointer (&job->system, sw_system_unref);
  g_clear_pointer (&job->params_text, g_free);
  g_clear_pointer (&job->rows, sw_trajectory_unref);
  g_clear_pointer (&job->result, run_result_free);
  g_mutex_clear (&job->lock);
  g_cond_clear (&job->finished_cond);
}

static Job *
job_new (SwWindow     *self,
         SwSystem     *system,
         GCancellable *cancellable)
{
  Job *job = g_atomic_rc_box_new0 (Job);

  g_weak_ref_init (&job->window, self);
  g_mutex_init (&job->lock);
  g_cond_init (&job->finished_cond);
  job->cancellable = g_object_ref (cancellable);
  job->context = g_main_context_ref_thread_default ();
  job->owner = g_thread_self ();
  job->system = sw_system_ref (system);
  job->options = sw_simulate_options_from_system (system);
  /* The variables list offers the ports' torques: made when shown. */
  job->options.port_variables = TRUE;
  return job;
}

static Job *
job_ref (Job *job)
{
  return g_atomic_rc_box_acquire (job);
}

static void
job_unref (gpointer job)
{
  g_atomic_rc_box_release_full (job, job_clear);
}

/* Run or Stop: the look follows the run after BUSY_DELAY_MS, the actions
 * at once. Each live run comes here four times (run and modes started and
 * done): the look and the tooltip are set only when they change, since a
 * tooltip set asks the display where the pointer is and a style class
 * restyles the header bar (~1.5 ms a live edit). */
void
_sw_window_update_run_button (SwWindow *self)
{
  gboolean running = self->run_cancellable != NULL;
  gboolean busy = running && self->busy_shown;
  GtkWidget *button = GTK_WIDGET (self->run_button);
  const char *tooltip;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.stop",
                                 running || self->modes_cancellable != NULL);
  if (self->run_look != (busy ? 2u : 1u))
    {
      self->run_look = busy ? 2 : 1;
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), busy ? "win.stop" : "win.run-simulation");
      adw_button_content_set_icon_name (self->run_content,
                                        busy ? "media-playback-stop-symbolic" : "media-playback-start-symbolic");
      adw_button_content_set_label (self->run_content, busy ? _("_Stop") : _("_Run"));
      gtk_widget_remove_css_class (button, busy ? "suggested-action" : "destructive-action");
      gtk_widget_add_css_class (button, busy ? "destructive-action" : "suggested-action");
    }
  /* Why Run is off, when it is. */
  if (busy)
    tooltip = _("Stop the Simulation (Escape)");
  else if (self->run_disabled_reason != NULL)
    tooltip = self->run_disabled_reason;
  else
    tooltip = _("Simulate the Model (Ctrl+R)");
  if (g_strcmp0 (gtk_widget_get_tooltip_text (button), tooltip) != 0)
    gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), busy);
}

static gboolean
busy_timeout_cb (gpointer data)
{
  SwWindow *self = data;

  self->busy_source = 0;
  self->busy_shown = self->run_cancellable != NULL;
  _sw_window_update_run_button (self);
  return G_SOURCE_REMOVE;
}

static void
set_running_changed (SwWindow *self)
{
  if (self->run_cancellable == NULL)
    {
      g_clear_handle_id (&self->busy_source, g_source_remove);
      self->busy_shown = FALSE;
    }
  else if (!self->busy_shown && self->busy_source == 0)
    {
      self->busy_source = g_timeout_add (BUSY_DELAY_MS, busy_timeout_cb, self);
      g_source_set_name_by_id (self->busy_source, "[shaftwork] run busy");
    }
  _sw_window_update_run_button (self);
  _sw_window_notify (self, PROP_RUNNING);
}

void
_sw_window_cancel_jobs (SwWindow *self)
{
  gboolean had_jobs = self->run_cancellable != NULL || self->modes_cancellable != NULL;

  if (self->run_cancellable != NULL)
    g_cancellable_cancel (self->run_cancellable);
  if (self->modes_cancellable != NULL)
    g_cancellable_cancel (self->modes_cancellable);
  g_clear_object (&self->run_cancellable);
  g_clear_object (&self->modes_cancellable);
  g_clear_pointer (&self->run_job, job_unref);
  g_clear_handle_id (&self->busy_source, g_source_remove);
  if (had_jobs && !gtk_widget_in_destruction (GTK_WIDGET (self)))
    set_running_changed (self);
}

/* Simulation */

typedef struct {
  Job          *job;
  double        t;
  double        stop_time_s;
  SwTrajectory *rows;         /* the run filling in, or NULL */
} Progress;

static gboolean
progress_apply (gpointer data)
{
  Progress *progress = data;
  g_autoptr(SwWindow) self = NULL;

  /* GTK is called below: only ever on the window's thread. */
  g_assert (g_thread_self () == progress->job->owner);
  self = g_weak_ref_get (&progress->job->window);

  if (self != NULL && progress->job->cancellable == self->run_cancellable)
    {
      g_autofree char *text = NULL;

      gtk_progress_bar_set_fraction (self->progress_bar,
                                     progress->stop_time_s > 0
                                     ? CLAMP (progress->t / progress->stop_time_s, 0.0, 1.0) : 0.0);
      /* Translators: simulated time of the stop time, in seconds */
      text = g_strdup_printf (_("%.3g s / %g s"), progress->t, progress->stop_time_s);
      gtk_progress_bar_set_text (self->progress_bar, text);
      if (progress->rows != NULL)
        _sw_window_results_show_partial (self, progress->rows);
    }
  return G_SOURCE_REMOVE;
}

static void
progress_free (gpointer data)
{
  Progress *progress = data;

  job_unref (progress->job);
  g_clear_pointer (&progress->rows, sw_trajectory_unref);
  g_free (progress);
}

/* In the worker: hand the progress to the main context, at most every 50 ms. */
static void
run_progress (double   t,
              double   stop_time_s,
              gpointer data)
{
  Job *job = data;
  gint64 now = g_get_monotonic_time ();
  Progress *progress;

  if (now - job->last_progress_us < PROGRESS_INTERVAL_US)
    return;
  job->last_progress_us = now;
  progress = g_new (Progress, 1);
  progress->job = job_ref (job);
  progress->t = t;
  progress->stop_time_s = stop_time_s;
  progress->rows = job->rows != NULL ? sw_trajectory_ref (job->rows) : NULL;
  /* Always a source attached to the window's context, never
   * g_main_context_invoke_full: that calls progress_apply right here, in
   * the worker, whenever this thread can acquire the context (the main
   * thread not iterating it: tests, bench-live), and progress_apply makes
   * GTK calls. */
  {
    GSource *source = g_idle_source_new ();

    g_source_set_priority (source, G_PRIORITY_DEFAULT);
    g_source_set_callback (source, progress_apply, progress, progress_free);
    g_source_set_static_name (source, "[shaftwork] run progress");
    g_source_attach (source, job->context);
    g_source_unref (source);
  }
}

/* What a finished run hands to the main thread: its trajectory and its
 * event log, which the worker made alone and no longer touches. */
typedef struct {
  SwTrajectory *trajectory;
  GArray       *events;     /* SwEventLogEntry */
  GError       *error;      /* a failed run: its rows and events up to the failure */
} RunResult;

static void
run_result_free (gpointer data)
{
  RunResult *result = data;

  g_clear_pointer (&result->trajectory, sw_trajectory_unref);
  g_clear_pointer (&result->events, g_array_unref);
  g_clear_error (&result->error);
  g_free (result);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RunResult, run_result_free)

/* In the worker: every friction mode change, into the run's own log. */
static void
run_mode_change (double      t,
                 const char *id,
                 int         old_mode,
                 int         new_mode,
                 gpointer    data)
{
  sw_event_log_append (data, t, id, old_mode, new_mode);
}

/* In the worker: the run is over; its result (NULL: none, the task's
 * error says why) for whoever applies it first, run_done or a main thread
 * waiting for it. */
static void
job_finish (Job       *job,
            RunResult *run)
{
  g_mutex_lock (&job->lock);
  job->result = run;
  job->finished = TRUE;
  g_cond_broadcast (&job->finished_cond);
  g_mutex_unlock (&job->lock);
}

static RunResult *
job_steal_result (Job *job)
{
  RunResult *run;

  g_mutex_lock (&job->lock);
  run = g_steal_pointer (&job->result);
  g_mutex_unlock (&job->lock);
  return run;
}

/* The calling thread's processor time: what a run costs, whatever the
 * load of the machine makes of its wall time. */
static gint64
thread_cpu_us (void)
{
  struct timespec t;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t) != 0)
    return g_get_monotonic_time ();
  return (gint64) t.tv_sec * G_USEC_PER_SEC + t.tv_nsec / 1000;
}

static void
run_worker (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;
  gint64 start = g_get_monotonic_time ();
  gint64 start_cpu = thread_cpu_us ();
  SwSimulateOptions options = job->options;
  g_autoptr(SwTrajectory) empty = NULL;
  g_autoptr(GArray) events = sw_event_log_new ();
  SwTrajectory *rows;
  RunResult *run;

  job->last_progress_us = start;
  /* Room for every row the run can make; the rows' times and states are
   * kept, the columns made from them when they are shown. */
  rows = sw_simulate_new_trajectory (job->system, &options, &error);
  if (rows == NULL)
    {
      job_finish (job, NULL);
      g_task_return_error (task, error);
      return;
    }
  job->rows = rows;
  options.record_into = rows;
  options.on_row = NULL;
  options.discard_rows = TRUE;
  options.on_mode_change = run_mode_change;
  options.on_mode_change_data = events;
  empty = sw_simulate (job->system, &options, run_progress, job, cancellable, &error);
  job->elapsed_s = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  job->cpu_us = thread_cpu_us () - start_cpu;
  if (empty == NULL && g_cancellable_is_cancelled (cancellable))
    {
      job_finish (job, NULL);
      g_task_return_error (task, error);
      return;
    }
  /* A failed run too: the rows recorded up to the failure and the events
   * until then are what the user is shown with its error. */
  run = g_new0 (RunResult, 1);
  run->trajectory = sw_trajectory_ref (job->rows);
  run->events = g_steal_pointer (&events);
  run->error = error;
  job_finish (job, run);
  g_task_return_boolean (task, TRUE);
}

/* A result is applied only when its window is alive and its job is still
 * the current one (a run or a modal analysis): then the job is over and
 * the window, referenced, is returned; else NULL. */
static SwWindow *
current_job_window (Job      *job,
                    gboolean  run)
{
  SwWindow *self = g_weak_ref_get (&job->window);
  GCancellable **slot;

  if (self == NULL)
    return NULL;
  slot = run ? &self->run_cancellable : &self->modes_cancellable;
  if (job->cancellable != *slot)
    {
      g_object_unref (self);
      return NULL;
    }
  g_clear_object (slot);
  set_running_changed (self);
  return self;
}

/* The current run's result (run; NULL and error: none) into the window. */
static void
run_apply (SwWindow  *self,
           Job       *job,
           RunResult *run,
           GError    *error)
{
  SwTrajectory *trajectory = run != NULL ? run->trajectory : NULL;

  g_clear_pointer (&self->run_job, job_unref);
  if (trajectory == NULL || run->error != NULL)
    {
      _sw_window_results_end_partial (self);
      if (!g_cancellable_is_cancelled (job->cancellable))
        {
          const char *message = run != NULL ? run->error->message : error->message;

          /* Never an older run as if it were this one: the failed run up
           * to its failure, its events, its error. */
          _sw_window_set_run_error (self, message);
          _sw_window_results_set_failed_run (self, trajectory, job->params_text);
          _sw_window_events_set (self, run != NULL ? run->events : NULL);
        }
    }
  else
    {
      guint n_rows = sw_trajectory_get_n_rows (trajectory);
      g_autofree char *text = NULL;

      self->last_run_us = job->cpu_us;
      /* Drawn quickly while edits follow, in full once they pause. */
      if (self->run_is_live)
        sw_plot_view_begin_draft (self->plot_view);
      _sw_window_set_run_error (self, NULL);
      _sw_window_results_set_run (self, trajectory, job->params_text);
      _sw_window_events_set (self, run->events);
      self->n_runs++;
      /* Live runs take milliseconds: "0.00 s" would say nothing. */
      if (job->elapsed_s < 1)
        text = g_strdup_printf (ngettext ("%u row in %.0f ms", "%u rows in %.0f ms", n_rows),
                                n_rows, MAX (job->elapsed_s * 1000, 1));
      else
        text = g_strdup_printf (ngettext ("%u row in %.2f s", "%u rows in %.2f s", n_rows),
                                n_rows, job->elapsed_s);
      gtk_label_set_label (self->run_status, text);
    }
  _sw_window_live_run_done (self);
}

static void
run_done (GObject      *source_object,
          GAsyncResult *result,
          gpointer      data)
{
  Job *job = data;
  g_autoptr(SwWindow) owner = g_weak_ref_get (&job->window);
  g_autoptr(SwWindow) self = current_job_window (job, TRUE);
  g_autoptr(GError) error = NULL;
  g_autoptr(RunResult) run = NULL;

  if (owner != NULL)
    owner->n_run_workers_done++;
  g_task_propagate_boolean (G_TASK (result), &error);
  /* Not current (a newer run, Stop, a closed window), or applied by
   * _sw_window_wait_live_run already. */
  if (self == NULL)
    {
      job_unref (job);
      return;
    }
  run = job_steal_result (job);
  run_apply (self, job, run, error);
  job_unref (job);
}

gboolean
_sw_window_wait_live_run (SwWindow *self,
                          gint64    timeout_us)
{
  gint64 deadline = g_get_monotonic_time () + timeout_us;
  Job *job = self->run_job;
  g_autoptr(SwWindow) current = NULL;
  g_autoptr(RunResult) run = NULL;

  if (job == NULL || job->cancellable != self->run_cancellable)
    return FALSE;
  g_mutex_lock (&job->lock);
  while (!job->finished)
    if (!g_cond_wait_until (&job->finished_cond, &job->lock, deadline))
      break;
  run = g_steal_pointer (&job->result);
  g_mutex_unlock (&job->lock);
  /* Not in time, or no result (the task's error comes to run_done). */
  if (run == NULL)
    return FALSE;
  job_ref (job);
  current = current_job_window (job, TRUE);
  g_assert (current == self);
  run_apply (self, job, run, NULL);
  job_unref (job);
  return TRUE;
}

/* The snapshot is taken here, on the main thread; NULL after showing why
 * there is none. */
static SwSystem *
assemble_for_job (SwWindow *self,
                  gboolean  quiet)
{
  g_autoptr(GError) error = NULL;
  SwSystem *system;

  if (sw_model_get_n_components (self->model) == 0)
    {
      if (!quiet)
        _sw_window_show_toast (self, _("The model is empty: add components from the palette first"));
      return NULL;
    }
  system = sw_model_assemble (self->model, &error);
  if (system == NULL)
    {
      _sw_window_run_check (self);
      /* Parts not connected yet are a hint, not a failure. */
      if (self->n_problems > 0 || self->n_hints == 0)
        {
          _sw_window_set_run_error (self, error->message);
          /* What is shown is of the model before: said so, and no
           * events of components that may be gone. */
          _sw_window_results_set_failed_run (self, NULL, NULL);
          _sw_window_events_set (self, NULL);
        }
      else
        {
          _sw_window_set_run_error (self, NULL);
          if (!quiet && self->run_disabled_reason != NULL)
            _sw_window_show_toast (self, self->run_disabled_reason);
        }
    }
  else
    _sw_window_analysis_set_system (self, system);
  return system;
}

gboolean
_sw_window_start_run (SwWindow *self,
                      gboolean  live)
{
  g_autoptr(SwSystem) system = NULL;
  g_autoptr(GTask) task = NULL;
  Job *job;

  system = assemble_for_job (self, live);
  if (system == NULL)
    return FALSE;

  /* A new run cancels the previous one. */
  if (self->run_cancellable != NULL)
    g_cancellable_cancel (self->run_cancellable);
  g_clear_object (&self->run_cancellable);
  self->run_cancellable = g_cancellable_new ();
  self->run_started_us = g_get_monotonic_time ();
  self->run_is_live = live;

  job = job_new (self, system, self->run_cancellable);
  job->params_text = _sw_window_dup_params_text (self->model);
  /* Live tuning need not run this model again. */
  g_free (self->live_params);
  self->live_params = g_strdup (job->params_text);
  g_clear_pointer (&self->run_job, job_unref);
  self->run_job = job_ref (job);
  task = g_task_new (NULL, self->run_cancellable, run_done, job_ref (job));
  g_task_set_source_tag (task, _sw_window_start_run);
  g_task_set_name (task, "[shaftwork] simulate");
  g_task_set_task_data (task, job, job_unref);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_progress_bar_set_text (self->progress_bar, NULL);
  g_task_run_in_thread (task, run_worker);
  set_running_changed (self);
  return TRUE;
}

static void
sw_window_run_simulation (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *param)
{
  SwWindow *self = SW_WINDOW (widget);

  if (_sw_window_start_run (self, FALSE))
    _sw_window_start_modes (self);
}

static void
sw_window_stop (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  SwWindow *self = SW_WINDOW (widget);
  gboolean had_run = self->run_cancellable != NULL;

  _sw_window_cancel_jobs (self);
  if (had_run)
    {
      gtk_label_set_label (self->run_status, _("Stopped"));
      _sw_window_results_end_partial (self);
    }
  _sw_window_live_run_done (self);
}

/* Modal analysis */

static void
modes_worker (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;
  g_autofree double *state = NULL;
  SwModesOptions options = sw_modes_options_default ();
  SwModes *modes;

  /* The operating point: the initial state, or the state at the time
   * under the trajectory cursor (what `modal --at` does). */
  if (job->modes_time_s > 0)
    {
      job->options.stop_time_s = job->modes_time_s;
      state = sw_simulate_final_state (job->system, &job->options, &error);
      if (state == NULL)
        {
          g_task_return_error (task, error);
          return;
        }
    }
  if (g_task_return_error_if_cancelled (task))
    return;
  /* Shapes and energies are computed per mode when shown. */
  options.keep_values = FALSE;
  options.friction = job->modes_friction;
  /* A large model: its lowest modes alone, as `modal --modes 20` does (all
   * of them need memory that grows with the square of its size). */
  {
    guint n = sw_system_get_n_dofs (job->system) + sw_system_get_n_massless (job->system);

    if (n > SW_MODES_MAX_COORDS)
      options.n_lowest = MIN (LARGE_MODEL_MODES, n / 8);
  }
  modes = sw_modes_compute_with_options (job->system, job->modes_time_s, state, &options, &error);
  if (modes != NULL && sw_modes_get_n_modes (modes) == 0 && job->modes_may_engage
      && options.friction == SW_LINEAR_FRICTION_OPERATING && !g_cancellable_is_cancelled (job->cancellable))
    {
      SwModes *engaged;

      options.friction = SW_LINEAR_FRICTION_ENGAGED;
      engaged = sw_modes_compute_with_options (job->system, job->modes_time_s, state, &options, NULL);
      if (engaged != NULL && sw_modes_get_n_modes (engaged) > 0)
        {
          sw_modes_unref (modes);
          modes = engaged;
        }
      else if (engaged != NULL)
        sw_modes_unref (engaged);
    }
  if (modes == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, modes, (GDestroyNotify) sw_modes_unref);
}

static void
modes_done (GObject      *source_object,
            GAsyncResult *result,
            gpointer      data)
{
  Job *job = data;
  g_autoptr(SwWindow) self = current_job_window (job, FALSE);
  g_autoptr(GError) error = NULL;
  g_autoptr(SwModes) modes = g_task_propagate_pointer (G_TASK (result), &error);

  if (self == NULL)
    {
      job_unref (job);
      return;
    }
  if (modes == NULL)
    {
      if (!g_cancellable_is_cancelled (job->cancellable))
        _sw_window_modes_set_error (self, error->message);
    }
  else
    _sw_window_modes_set (self, modes);
  job_unref (job);
}

gboolean
_sw_window_start_modes (SwWindow *self)
{
  g_autoptr(SwSystem) system = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GTask) task = NULL;
  double t = 0;
  Job *job;

  if (sw_model_get_n_components (self->model) == 0)
    return FALSE;
  system = sw_model_assemble (self->model, &error);
  if (system == NULL)
    return FALSE;

  if (self->modes_cancellable != NULL)
    g_cancellable_cancel (self->modes_cancellable);
  g_clear_object (&self->modes_cancellable);
  self->modes_cancellable = g_cancellable_new ();

  if (self->modes_at_cursor && !sw_plot_view_get_cursor (self->plot_view, &t))
    t = 0;
  job = job_new (self, system, self->modes_cancellable);
  job->modes_time_s = MAX (t, 0.0);
  job->modes_friction = self->modes_friction_chosen ? self->modes_friction : SW_LINEAR_FRICTION_OPERATING;
  job->modes_may_engage = !self->modes_friction_chosen;
  task = g_task_new (NULL, self->modes_cancellable, modes_done, job_ref (job));
  g_task_set_source_tag (task, _sw_window_start_modes);
  g_task_set_name (task, "[shaftwork] modes");
  g_task_set_task_data (task, job, job_unref);
  g_task_run_in_thread (task, modes_worker);
  set_running_changed (self);
  return TRUE;
}

static void
sw_window_modal_analysis (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *param)
{
  SwWindow *self = SW_WINDOW (widget);
  g_autoptr(SwSystem) system = assemble_for_job (self, FALSE);

  if (system == NULL)
    return;
  adw_view_stack_set_visible_child_name (self->results_stack, "modes");
  _sw_window_start_modes (self);
}

void
_sw_window_class_jobs_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.run-simulation", NULL, sw_window_run_simulation);
  gtk_widget_class_install_action (widget_class, "win.stop", NULL, sw_window_stop);
  gtk_widget_class_install_action (widget_class, "win.modal-analysis", NULL, sw_window_modal_analysis);
}
