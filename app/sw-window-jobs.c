/* sw-window-jobs.c: the window's jobs: a simulation or a modal analysis
 * runs in a GTask worker on an immutable snapshot (SwSystem) taken on the
 * main thread; progress comes back throttled, and a result is applied only
 * when the window is alive and the job is still the current one. Also the
 * natural frequencies window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-window-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-system.h"

#define PROGRESS_INTERVAL_US (50 * 1000)

/* ---- Jobs ---------------------------------------------------------------- */

typedef struct {
  GWeakRef           window;
  GCancellable      *cancellable;
  GMainContext      *context;
  SwSystem          *system;
  SwSimulateOptions  options;
  gint64             last_progress_us;  /* worker only */
  double             elapsed_s;         /* written by the worker before it returns */
} Job;

static void
job_clear (gpointer data)
{
  Job *job = data;

  g_weak_ref_clear (&job->window);
  g_clear_object (&job->cancellable);
  g_clear_pointer (&job->context, g_main_context_unref);
  g_clear_pointer (&job->system, sw_system_unref);
}

static Job *
job_new (SwWindow     *self,
         SwSystem     *system,
         GCancellable *cancellable)
{
  Job *job = g_atomic_rc_box_new0 (Job);

  g_weak_ref_init (&job->window, self);
  job->cancellable = g_object_ref (cancellable);
  job->context = g_main_context_ref_thread_default ();
  job->system = sw_system_ref (system);
  job->options = sw_simulate_options_from_system (system);
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

static void
set_running_changed (SwWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), self->run_cancellable != NULL);
  if (self->run_cancellable != NULL)
    gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->modes_button), self->modes_cancellable == NULL);
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
  if (had_jobs && !gtk_widget_in_destruction (GTK_WIDGET (self)))
    set_running_changed (self);
}

/* Simulation */

typedef struct {
  Job    *job;
  double  fraction;
} Progress;

static gboolean
progress_apply (gpointer data)
{
  Progress *progress = data;
  g_autoptr(SwWindow) self = g_weak_ref_get (&progress->job->window);

  if (self != NULL && progress->job->cancellable == self->run_cancellable)
    gtk_progress_bar_set_fraction (self->progress_bar, progress->fraction);
  return G_SOURCE_REMOVE;
}

static void
progress_free (gpointer data)
{
  Progress *progress = data;

  job_unref (progress->job);
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
  progress->fraction = stop_time_s > 0 ? CLAMP (t / stop_time_s, 0.0, 1.0) : 0.0;
  g_main_context_invoke_full (job->context, G_PRIORITY_DEFAULT, progress_apply, progress,
                              progress_free);
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
  SwTrajectory *trajectory;

  job->last_progress_us = start;
  trajectory = sw_simulate (job->system, &job->options, run_progress, job, cancellable, &error);
  job->elapsed_s = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  if (trajectory == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, trajectory, (GDestroyNotify) sw_trajectory_unref);
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

static void
run_done (GObject      *source_object,
          GAsyncResult *result,
          gpointer      data)
{
  Job *job = data;
  g_autoptr(SwWindow) self = current_job_window (job, TRUE);
  g_autoptr(GError) error = NULL;
  g_autoptr(SwTrajectory) trajectory = g_task_propagate_pointer (G_TASK (result), &error);

  if (self == NULL)
    {
      job_unref (job);
      return;
    }

  if (trajectory == NULL)
    {
      if (!g_cancellable_is_cancelled (job->cancellable))
        _sw_window_show_error_dialog (self, _("Simulation Failed"), error->message);
    }
  else
    {
      guint n_rows = sw_trajectory_get_n_rows (trajectory);
      g_autofree char *text = NULL;

      g_clear_pointer (&self->trajectory, sw_trajectory_unref);
      self->trajectory = g_steal_pointer (&trajectory);
      text = g_strdup_printf (ngettext ("Simulated %u row in %.2f s",
                                        "Simulated %u rows in %.2f s", n_rows),
                              n_rows, job->elapsed_s);
      _sw_window_show_toast (self, text);
    }
  job_unref (job);
}

/* The snapshot is taken here, on the main thread; NULL after showing why
 * there is none. */
static SwSystem *
assemble_for_job (SwWindow   *self,
                  const char *heading)
{
  g_autoptr(GError) error = NULL;
  SwSystem *system;

  if (sw_model_get_n_components (self->model) == 0)
    {
      _sw_window_show_toast (self, _("The model is empty: add components from the palette first"));
      return NULL;
    }
  system = sw_model_assemble (self->model, &error);
  if (system == NULL)
    {
      _sw_window_run_check (self);
      _sw_window_show_error_dialog (self, heading, error->message);
    }
  return system;
}

static void
sw_window_run_simulation (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *param)
{
  SwWindow *self = SW_WINDOW (widget);
  g_autoptr(SwSystem) system = NULL;
  g_autoptr(GTask) task = NULL;
  Job *job;

  system = assemble_for_job (self, _("Cannot Simulate the Model"));
  if (system == NULL)
    return;

  /* A new run cancels the previous one. */
  if (self->run_cancellable != NULL)
    g_cancellable_cancel (self->run_cancellable);
  g_clear_object (&self->run_cancellable);
  self->run_cancellable = g_cancellable_new ();

  job = job_new (self, system, self->run_cancellable);
  task = g_task_new (NULL, self->run_cancellable, run_done, job_ref (job));
  g_task_set_source_tag (task, sw_window_run_simulation);
  g_task_set_name (task, "[shaftwork] simulate");
  g_task_set_task_data (task, job, job_unref);
  g_task_run_in_thread (task, run_worker);
  set_running_changed (self);
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
  SwModes *modes = sw_modes_compute (job->system, 0.0, NULL, &error);

  if (modes == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, modes, (GDestroyNotify) sw_modes_unref);
}

static GtkWidget *
grid_label (const char *text,
            float       xalign,
            const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
show_modes_window (SwWindow *self,
                   SwModes  *modes)
{
  GtkWidget *dialog = adw_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *title = adw_window_title_new (_("Natural Frequencies"), self->title_text);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *grid = gtk_grid_new ();
  GtkEventController *escape;
  guint n_modes = sw_modes_get_n_modes (modes);
  g_autofree char *summary = NULL;
  const char *headings[] = {
    N_("Mode"), N_("Frequency"), N_("Damped frequency"), N_("Damping ratio"),
    N_("Most excitable section"),
  };

  gtk_window_set_title (GTK_WINDOW (dialog), _("Natural Frequencies"));
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (dialog), -1, 440);
  escape = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (escape),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (dialog, escape);

  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), title);
  gtk_box_append (GTK_BOX (box), header);

  summary = g_strdup_printf (ngettext ("%u mode, linearised at the initial state (t = %g s).",
                                       "%u modes, linearised at the initial state (t = %g s).",
                                       n_modes),
                             n_modes, sw_modes_get_time (modes));
  gtk_box_append (GTK_BOX (content), grid_label (summary, 0, "dim-label"));

  gtk_grid_set_column_spacing (GTK_GRID (grid), 24);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  for (guint c = 0; c < G_N_ELEMENTS (headings); c++)
    gtk_grid_attach (GTK_GRID (grid), grid_label (_(headings[c]), c == 0 || c == 4 ? 0 : 1,
                                                  "heading"), (int) c, 0, 1, 1);
  for (guint i = 0; i < n_modes; i++)
    {
      const SwMode *mode = sw_modes_get_mode (modes, i);
      g_autofree char *index = g_strdup_printf ("%u", i + 1);
      g_autofree char *frequency = NULL;
      g_autofree char *damped = NULL;
      g_autofree char *ratio = NULL;
      const char *section = "—";
      int row = (int) i + 1;

      if (mode->rigid_body)
        frequency = g_strdup (_("rigid body"));
      else
        frequency = g_strdup_printf (_("%.4g Hz"), mode->frequency_hz);
      if (mode->has_damped && mode->damped_frequency_hz > 0)
        damped = g_strdup_printf (_("%.4g Hz"), mode->damped_frequency_hz);
      else
        damped = g_strdup ("—");
      if (mode->has_damped && !isnan (mode->damping_ratio))
        ratio = g_strdup_printf ("%.3g", mode->damping_ratio);
      else
        ratio = g_strdup ("—");
      if (mode->most_excitable_section >= 0)
        section = sw_modes_get_section_part (modes, (guint) mode->most_excitable_section)->id;

      gtk_grid_attach (GTK_GRID (grid), grid_label (index, 0, "numeric"), 0, row, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), grid_label (frequency, 1, "numeric"), 1, row, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), grid_label (damped, 1, "numeric"), 2, row, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), grid_label (ratio, 1, "numeric"), 3, row, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), grid_label (section, 0, NULL), 4, row, 1, 1);
    }
  gtk_box_append (GTK_BOX (content), grid);

  gtk_widget_set_margin_top (content, 18);
  gtk_widget_set_margin_bottom (content, 18);
  gtk_widget_set_margin_start (content, 18);
  gtk_widget_set_margin_end (content, 18);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), content);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (box), scroller);
  adw_window_set_content (ADW_WINDOW (dialog), box);
  gtk_window_present (GTK_WINDOW (dialog));
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
        _sw_window_show_error_dialog (self, _("Modal Analysis Failed"), error->message);
    }
  else
    show_modes_window (self, modes);
  job_unref (job);
}

static void
sw_window_modal_analysis (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *param)
{
  SwWindow *self = SW_WINDOW (widget);
  g_autoptr(SwSystem) system = NULL;
  g_autoptr(GTask) task = NULL;
  Job *job;

  system = assemble_for_job (self, _("Cannot Analyse the Model"));
  if (system == NULL)
    return;

  if (self->modes_cancellable != NULL)
    g_cancellable_cancel (self->modes_cancellable);
  g_clear_object (&self->modes_cancellable);
  self->modes_cancellable = g_cancellable_new ();

  job = job_new (self, system, self->modes_cancellable);
  task = g_task_new (NULL, self->modes_cancellable, modes_done, job_ref (job));
  g_task_set_source_tag (task, sw_window_modal_analysis);
  g_task_set_name (task, "[shaftwork] modes");
  g_task_set_task_data (task, job, job_unref);
  g_task_run_in_thread (task, modes_worker);
  set_running_changed (self);
}

void
_sw_window_class_jobs_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.run-simulation", NULL, sw_window_run_simulation);
  gtk_widget_class_install_action (widget_class, "win.modal-analysis", NULL, sw_window_modal_analysis);
}
