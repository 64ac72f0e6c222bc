/* sw-study-view.c: the parameter study view.
 *
 * Run copies the model's text and makes the design and the outputs on the
 * main thread (their errors shown at once), then a GTask worker and one
 * thread more per other processor each load their own model from the text
 * and take the runs in turn through their own SwStudyRunner (sw-study-run.h:
 * each row as the same run done alone), writing each run's outputs or error
 * into its place in the shared SwStudyData under its lock and checking the
 * job's GCancellable between runs (Stop). The rows shown are the runs done
 * from the first on, so the table is in run order whatever the threads. The
 * main thread polls the data every POLL_MS: the progress, the table's new
 * rows and the plot (sw-study-view-plot.c). A new study cancels the one before;
 * a finished job is applied only while the view lives and the job is
 * current.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-study-view.h"
#include "sw-study-view-private.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <adwaita.h>
#include <glib/gi18n.h>

#include "sw-error.h"
#include "sw-number.h"
#include "sw-study-run.h"
#include "sw-ui-resources.h"

#define POLL_MS 100

G_DEFINE_FINAL_TYPE (SwStudyView, sw_study_view, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_RUNNING, N_PROPS };
enum { FINISHED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* ---- The study's data ----------------------------------------------------------- */

static void
study_data_clear (SwStudyData *d)
{
  g_clear_pointer (&d->design, sw_study_design_free);
  g_clear_pointer (&d->outputs, sw_study_outputs_free);
  g_clear_pointer (&d->values, g_array_unref);
  g_clear_pointer (&d->errors, g_ptr_array_unref);
  g_clear_pointer (&d->done, g_free);
  g_mutex_clear (&d->lock);
}

SwStudyData *
_sw_study_data_ref (SwStudyData *d)
{
  return g_atomic_rc_box_acquire (d);
}

void
_sw_study_data_unref (SwStudyData *d)
{
  g_atomic_rc_box_release_full (d, (GDestroyNotify) study_data_clear);
}

static SwStudyData *
study_data_new (SwStudyDesign *design, SwStudyOutputs *outputs)
{
  SwStudyData *d = g_atomic_rc_box_new0 (SwStudyData);

  d->design = design;
  d->outputs = outputs;
  d->n_params = sw_study_design_get_n_params (design);
  d->n_outputs = sw_study_outputs_get_n (outputs);
  d->n_runs = sw_study_design_get_n_runs (design);
  g_mutex_init (&d->lock);
  d->values = g_array_sized_new (FALSE, FALSE, sizeof (double), (guint) (d->n_runs * d->n_outputs));
  g_array_set_size (d->values, (guint) (d->n_runs * d->n_outputs));
  d->errors = g_ptr_array_new_full ((guint) d->n_runs, g_free);
  g_ptr_array_set_size (d->errors, (guint) d->n_runs);
  d->done = g_new0 (guint8, MAX (d->n_runs, 1));
  return d;
}

static guint64
study_n_done (SwStudyData *d)
{
  guint64 n;

  g_mutex_lock (&d->lock);
  n = d->n_done;
  g_mutex_unlock (&d->lock);
  return n;
}

/* ---- The job ------------------------------------------------------------------- */

typedef struct {
  SwStudyData *study;
  char        *model_text;
  gsize        model_len;
  char        *model_name;
} Job;

static void
job_free (Job *job)
{
  _sw_study_data_unref (job->study);
  g_free (job->model_text);
  g_free (job->model_name);
  g_free (job);
}

/* One worker: its own model and runner, runs taken in turn until none is
 * left or the study is stopped. FALSE with the error that kept it from
 * starting (the model or the runner). */
typedef struct {
  Job          *job;
  GCancellable *cancellable;
  GError       *error;
} Worker;

static gpointer
worker_run (gpointer data)
{
  Worker *w = data;
  SwStudyData *d = w->job->study;
  g_autoptr (SwModel) model = NULL;
  g_autoptr (SwStudyRunner) runner = NULL;
  g_autofree double *values = g_new0 (double, MAX (d->n_outputs, 1));

  /* A model belongs to one thread: each worker's own. */
  model = sw_model_new_from_data (w->job->model_text, (gssize) w->job->model_len, w->job->model_name, &w->error);
  if (model == NULL || !(runner = sw_study_runner_new (model, d->design, d->outputs, 0, &w->error)))
    return NULL;
  for (;;)
    {
      g_autoptr (GError) run_error = NULL;
      guint64 run;
      gboolean ok;

      if (g_cancellable_is_cancelled (w->cancellable))
        break;
      g_mutex_lock (&d->lock);
      run = d->next < d->n_runs ? d->next++ : G_MAXUINT64;
      g_mutex_unlock (&d->lock);
      if (run == G_MAXUINT64)
        break;
      ok = sw_study_runner_run (runner, run, values, &run_error);
      g_mutex_lock (&d->lock);
      for (guint i = 0; i < d->n_outputs; i++)
        g_array_index (d->values, double, run * d->n_outputs + i) = ok ? values[i] : NAN;
      if (!ok)
        d->errors->pdata[run] = g_strdup (run_error->message);
      d->done[run] = 1;
      /* The rows shown stay in run order: a prefix of the runs done. */
      while (d->n_done < d->n_runs && d->done[d->n_done])
        d->n_done++;
      g_mutex_unlock (&d->lock);
    }
  return NULL;
}

/* The study on every core: this thread and one more per other processor,
 * each a worker. */
static void
job_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  guint n = (guint) MIN ((guint64) MAX (g_get_num_processors (), 1), MAX (job->study->n_runs, 1));
  g_autofree Worker *workers = g_new0 (Worker, n);
  g_autofree GThread **threads = g_new0 (GThread *, n);
  GError *error = NULL;

  for (guint k = 0; k < n; k++)
    workers[k] = (Worker) { job, cancellable, NULL };
  for (guint k = 1; k < n; k++)
    threads[k] = g_thread_new ("sw-study", worker_run, &workers[k]);
  worker_run (&workers[0]);
  for (guint k = 1; k < n; k++)
    g_thread_join (threads[k]);
  for (guint k = 0; k < n; k++)
    {
      if (error == NULL)
        error = g_steal_pointer (&workers[k].error);
      g_clear_error (&workers[k].error);
    }
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
show_status (SwStudyView *self, const char *message)
{
  gtk_label_set_text (self->status, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status), message != NULL);
}

static void
show_progress (SwStudyView *self)
{
  guint64 done = self->study != NULL ? study_n_done (self->study) : 0, total = self->study != NULL ? self->study->n_runs : 0;
  g_autofree char *text = NULL;

  if (total == 0)
    {
      gtk_progress_bar_set_fraction (self->progress, 0);
      gtk_progress_bar_set_text (self->progress, _("Give what varies and the outputs, then Run Study"));
      return;
    }
  /* Translators: a parameter study's progress: runs done of all. */
  text = g_strdup_printf (_("%" PRIu64 " of %" PRIu64 " runs"), (uint64_t) done, (uint64_t) total);
  gtk_progress_bar_set_fraction (self->progress, (double) done / (double) total);
  gtk_progress_bar_set_text (self->progress, text);
}

/* The table's new rows (a run number each), the progress, the plot. */
static void
update_rows (SwStudyView *self)
{
  guint64 done = self->study != NULL ? study_n_done (self->study) : 0;

  if (done > self->n_shown)
    {
      g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_free);

      for (guint64 r = self->n_shown; r < done; r++)
        g_ptr_array_add (items, g_strdup_printf ("%" G_GUINT64_FORMAT, r));
      g_ptr_array_add (items, NULL);
      gtk_string_list_splice (self->rows, (guint) self->n_shown, 0, (const char *const *) items->pdata);
      self->n_shown = done;
      _sw_study_view_schedule_fit (self);
    }
  show_progress (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

static gboolean
poll_cb (gpointer data)
{
  update_rows (data);
  return G_SOURCE_CONTINUE;
}

static void
set_running (SwStudyView *self, gboolean running)
{
  gtk_button_set_label (self->run_button, running ? _("_Stop") : _("_Run Study"));
  if (running)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->run_button), "suggested-action");
      gtk_widget_add_css_class (GTK_WIDGET (self->run_button), "destructive-action");
      if (self->poll == 0)
        self->poll = g_timeout_add (POLL_MS, poll_cb, self);
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->run_button), "destructive-action");
      gtk_widget_add_css_class (GTK_WIDGET (self->run_button), "suggested-action");
      g_clear_handle_id (&self->poll, g_source_remove);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
job_done (GObject *source, GAsyncResult *res, gpointer data)
{
  GWeakRef *ref = data;
  g_autoptr (SwStudyView) self = g_weak_ref_get (ref);
  GTask *task = G_TASK (res);
  g_autoptr (GError) error = NULL;

  g_weak_ref_clear (ref);
  g_free (ref);
  g_task_propagate_boolean (task, &error);
  if (self == NULL || g_task_get_cancellable (task) != self->job)
    return;
  g_clear_object (&self->job);
  update_rows (self);
  if (error != NULL)
    show_status (self, error->message);
  set_running (self, FALSE);
  g_signal_emit (self, signals[FINISHED], 0);
}

static void
cancel_job (SwStudyView *self)
{
  if (self->job != NULL)
    {
      g_cancellable_cancel (self->job);
      g_clear_object (&self->job);
    }
}

/* The axes' lists from the study: its parameters, and its outputs with
 * "every natural frequency" when it has mode(K).frequency_hz outputs. */
static void
fill_axes (SwStudyView *self)
{
  g_autoptr (GPtrArray) params = g_ptr_array_new ();
  g_autoptr (GPtrArray) outputs = g_ptr_array_new ();
  gboolean has_modes = FALSE;

  for (guint k = 0; self->study != NULL && k < self->study->n_params; k++)
    g_ptr_array_add (params, (gpointer) sw_study_design_get_name (self->study->design, k));
  for (guint i = 0; self->study != NULL && i < self->study->n_outputs; i++)
    {
      const char *name = sw_study_outputs_get_name (self->study->outputs, i);

      g_ptr_array_add (outputs, (gpointer) name);
      has_modes |= g_str_has_prefix (name, "mode(") && g_str_has_suffix (name, ").frequency_hz");
    }
  if (has_modes)
    /* Translators: the study plot's choice of every mode(K).frequency_hz output at once. */
    g_ptr_array_add (outputs, (gpointer) _("Every natural frequency"));
  g_ptr_array_add (params, NULL);
  g_ptr_array_add (outputs, NULL);
  self->filling = TRUE;
  gtk_string_list_splice (self->params_list, 0, g_list_model_get_n_items (G_LIST_MODEL (self->params_list)),
                          (const char *const *) params->pdata);
  gtk_string_list_splice (self->outputs_list, 0, g_list_model_get_n_items (G_LIST_MODEL (self->outputs_list)),
                          (const char *const *) outputs->pdata);
  gtk_drop_down_set_selected (self->x_drop, 0);
  gtk_drop_down_set_selected (self->y_drop, 0);
  self->filling = FALSE;
  gtk_widget_set_sensitive (GTK_WIDGET (self->style_drop), _sw_study_view_can_map (self));
}

/* ---- Controls ------------------------------------------------------------------- */

static void
vary_from_entry (SwStudyView *self)
{
  g_auto (GStrv) items = g_strsplit (gtk_editable_get_text (GTK_EDITABLE (self->vary_entry)), ";", -1);

  g_ptr_array_set_size (self->vary, 0);
  for (guint k = 0; items[k] != NULL; k++)
    {
      char *item = g_strstrip (items[k]);

      if (*item != '\0')
        g_ptr_array_add (self->vary, g_strdup (item));
    }
  g_ptr_array_add (self->vary, NULL);
}

static void
vary_to_entry (SwStudyView *self)
{
  g_autofree char *text = g_strjoinv ("; ", (char **) self->vary->pdata);

  self->filling = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->vary_entry), text);
  self->filling = FALSE;
}

static void
on_vary_changed (SwStudyView *self)
{
  if (!self->filling)
    vary_from_entry (self);
}

static void
on_run_clicked (SwStudyView *self)
{
  if (self->job != NULL)
    sw_study_view_stop (self);
  else
    sw_study_view_run (self, NULL);
}

/* The outputs menu: a few natural frequencies and every component's main
 * variable's maximum, made from the model when the menu opens; a choice
 * is added to the outputs. */
static void
fill_output_choices (SwStudyView *self)
{
  guint n_modes = 0;

  for (GtkWidget *row; (row = gtk_widget_get_first_child (GTK_WIDGET (self->outputs_choices))) != NULL;)
    gtk_list_box_remove (self->outputs_choices, row);
  for (guint i = 0; self->model != NULL && i < sw_model_get_n_components (self->model); i++)
    if (sw_kind_find_param (sw_model_get_component (self->model, i)->kind, "J") >= 0)
      n_modes++;
  for (guint k = 1; k <= MIN (MAX (n_modes, 1), 6); k++)
    {
      g_autofree char *text = g_strdup_printf ("mode(%u).frequency_hz", k);
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_list_box_append (self->outputs_choices, label);
    }
  for (guint i = 0; self->model != NULL && i < sw_model_get_n_components (self->model); i++)
    {
      const SwComponent *c = sw_model_get_component (self->model, i);
      const char *var = sw_kind_main_variable (c->kind);
      g_autofree char *text = NULL;
      GtkWidget *label;

      if (var == NULL)
        continue;
      text = g_strdup_printf ("max(%s.%s)", c->id, var);
      label = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_list_box_append (self->outputs_choices, label);
    }
}

static void
on_output_chosen (SwStudyView *self, GtkListBoxRow *row)
{
  const char *choice = gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (row)));
  g_autofree char *text = g_strstrip (g_strdup (sw_study_view_get_outputs (self)));
  g_autofree char *joined = *text != '\0' ? g_strdup_printf ("%s, %s", text, choice) : g_strdup (choice);

  sw_study_view_set_outputs (self, joined);
  gtk_menu_button_popdown (self->outputs_menu);
}

static void
on_use_clicked (SwStudyView *self)
{
  GtkStringObject *row = gtk_single_selection_get_selected_item (self->selection);
  g_autoptr (GError) error = NULL;

  if (row == NULL)
    return;
  if (!sw_study_view_use_run (self, g_ascii_strtoull (gtk_string_object_get_string (row), NULL, 10), &error))
    show_status (self, error->message);
}

/* A double-click (or Enter) on a run uses it. */
static void
on_row_activated (SwStudyView *self, guint position, GtkColumnView *table)
{
  gtk_single_selection_set_selected (self->selection, position);
  on_use_clicked (self);
}

static void
on_selection (SwStudyView *self)
{
  gtk_widget_set_sensitive (GTK_WIDGET (self->use_button),
                            gtk_single_selection_get_selected_item (self->selection) != NULL && self->model != NULL);
}

static void
on_axes_selected (SwStudyView *self)
{
  gtk_widget_set_sensitive (GTK_WIDGET (self->style_drop), _sw_study_view_can_map (self));
  if (!self->filling)
    gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

static void
on_sample_selected (SwStudyView *self)
{
  gtk_widget_set_sensitive (GTK_WIDGET (self->samples_spin), gtk_drop_down_get_selected (self->sample_drop) != 0);
  on_axes_selected (self);
}

/* ---- API ------------------------------------------------------------------------ */

GtkWidget *
sw_study_view_new (void)
{
  return g_object_new (SW_TYPE_STUDY_VIEW, NULL);
}

/* The first parameter of the model in unit (given a value > 0): "ID.NAME",
 * and its value; NULL for none. */
static char *
first_param (SwModel *model, const char *unit, double *value)
{
  for (guint i = 0; i < sw_model_get_n_components (model); i++)
    {
      const SwComponent *c = sw_model_get_component (model, i);

      for (guint k = 0; k < c->kind->n_params; k++)
        if (c->kind->params[k].type == SW_PARAM_REAL && g_strcmp0 (c->kind->params[k].unit, unit) == 0
            && c->param[k] > 0 && isfinite (c->param[k]))
          {
            *value = c->param[k];
            return g_strdup_printf ("%s.%s", c->id, c->kind->params[k].name);
          }
    }
  return NULL;
}

/* The Vary entry's example in the model's own terms: its first inertia
 * (or mass) from half to twice its value, its first stiffness over two
 * decades; the generic one when it has neither. */
static void
update_vary_example (SwStudyView *self)
{
  static const char *const inertias[] = { "kg.m2", "kg" }, *const stiffnesses[] = { "N.m/rad", "N/m" };
  g_autoptr (GString) text = g_string_new (NULL);
  char a[SW_NUMBER_BUF_SIZE], b[SW_NUMBER_BUF_SIZE];
  double v = 0;

  for (guint k = 0; self->model != NULL && k < 2; k++)
    {
      g_autofree char *j = first_param (self->model, inertias[k], &v);

      if (j != NULL)
        {
          g_string_append_printf (text, "%s=%s:%s:4", j, sw_format_number (a, v / 2), sw_format_number (b, 2 * v));
          break;
        }
    }
  for (guint k = 0; self->model != NULL && k < 2; k++)
    {
      g_autofree char *c = first_param (self->model, stiffnesses[k], &v);

      if (c != NULL)
        {
          g_string_append_printf (text, "%s%s=%s:%s:5:log", text->len > 0 ? "; " : "", c,
                                  sw_format_number (a, v / 10), sw_format_number (b, 10 * v));
          break;
        }
    }
  gtk_entry_set_placeholder_text (self->vary_entry, text->len > 0 ? text->str : self->vary_example);
}

void
sw_study_view_set_model (SwStudyView *self, SwModel *model)
{
  g_return_if_fail (SW_IS_STUDY_VIEW (self));
  g_return_if_fail (model == NULL || SW_IS_MODEL (model));

  g_set_object (&self->model, model);
  update_vary_example (self);
  on_selection (self);
}

void
sw_study_view_add_vary (SwStudyView *self, const char *vary)
{
  const char *eq;

  g_return_if_fail (SW_IS_STUDY_VIEW (self));
  g_return_if_fail (vary != NULL && (eq = strchr (vary, '=')) != NULL);

  for (guint k = 0; k + 1 < self->vary->len; k++)
    {
      const char *old = g_ptr_array_index (self->vary, k);

      if (strncmp (old, vary, (gsize) (eq - vary + 1)) == 0)
        {
          g_free (self->vary->pdata[k]);
          self->vary->pdata[k] = g_strdup (vary);
          vary_to_entry (self);
          return;
        }
    }
  self->vary->pdata[self->vary->len - 1] = g_strdup (vary);
  g_ptr_array_add (self->vary, NULL);
  vary_to_entry (self);
}

void
sw_study_view_vary_param (SwStudyView *self, const char *id, const char *param, double value)
{
  char lo[SW_NUMBER_BUF_SIZE], hi[SW_NUMBER_BUF_SIZE];
  g_autofree char *text = NULL;

  g_return_if_fail (SW_IS_STUDY_VIEW (self));
  g_return_if_fail (id != NULL && param != NULL);

  if (value > 0 && isfinite (value))
    text = g_strdup_printf ("%s.%s=%s:%s:5:log", id, param, sw_format_number (lo, value / 2), sw_format_number (hi, value * 2));
  else if (value < 0 && isfinite (value))
    text = g_strdup_printf ("%s.%s=%s:%s:5", id, param, sw_format_number (lo, value * 2), sw_format_number (hi, value / 2));
  else
    text = g_strdup_printf ("%s.%s=0:1:5", id, param);
  sw_study_view_add_vary (self, text);
}

void
sw_study_view_clear_vary (SwStudyView *self)
{
  g_return_if_fail (SW_IS_STUDY_VIEW (self));
  g_ptr_array_set_size (self->vary, 0);
  g_ptr_array_add (self->vary, NULL);
  vary_to_entry (self);
}

const char *const *
sw_study_view_get_vary (SwStudyView *self)
{
  g_return_val_if_fail (SW_IS_STUDY_VIEW (self), NULL);
  return (const char *const *) self->vary->pdata;
}

void
sw_study_view_set_outputs (SwStudyView *self, const char *outputs)
{
  g_return_if_fail (SW_IS_STUDY_VIEW (self));
  g_return_if_fail (outputs != NULL);
  gtk_editable_set_text (GTK_EDITABLE (self->outputs_entry), outputs);
}

const char *
sw_study_view_get_outputs (SwStudyView *self)
{
  g_return_val_if_fail (SW_IS_STUDY_VIEW (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->outputs_entry));
}

void
sw_study_view_set_sample (SwStudyView *self, SwStudySample sample, guint64 n, guint64 seed)
{
  g_return_if_fail (SW_IS_STUDY_VIEW (self));
  g_return_if_fail (sample <= SW_STUDY_SAMPLE_RANDOM);

  gtk_drop_down_set_selected (self->sample_drop, sample);
  if (n > 0)
    gtk_spin_button_set_value (self->samples_spin, (double) n);
  self->seed = seed;
}

gboolean
sw_study_view_run (SwStudyView *self, GError **error)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (SwStudyDesign) design = NULL;
  g_autoptr (SwStudyOutputs) outputs = NULL;
  g_auto (GStrv) output_texts = NULL;
  g_autoptr (GTask) task = NULL;
  guint sample;
  GWeakRef *ref;
  Job *job;

  g_return_val_if_fail (SW_IS_STUDY_VIEW (self), FALSE);

  cancel_job (self);
  show_status (self, NULL);
  vary_from_entry (self);
  sample = gtk_drop_down_get_selected (self->sample_drop);
  if (self->model == NULL)
    g_set_error (&local, SW_ERROR, SW_ERROR_INVALID, _("There is no model to study"));
  else if (self->vary->len < 2)
    g_set_error (&local, SW_ERROR, SW_ERROR_INVALID,
                 _("Nothing varies: give ID.PARAM=SPEC under Vary, or choose “Vary…” in a parameter’s menu in the "
                   "inspector"));
  else if ((design = sw_study_design_new ((const char *const *) self->vary->pdata,
                                          sample <= SW_STUDY_SAMPLE_RANDOM ? (SwStudySample) sample : SW_STUDY_SAMPLE_GRID,
                                          (guint64) gtk_spin_button_get_value (self->samples_spin), self->seed,
                                          &local)) != NULL)
    {
      output_texts = sw_study_split_outputs (sw_study_view_get_outputs (self));
      if (output_texts == NULL || output_texts[0] == NULL)
        g_set_error (&local, SW_ERROR, SW_ERROR_INVALID,
                     _("No outputs: give what each run keeps, e.g. mode(2).frequency_hz, max(load.w)"));
      else
        outputs = sw_study_outputs_new ((const char *const *) output_texts, &local);
      if (local == NULL && (sw_study_design_get_n_runs (design) > SW_STUDY_VIEW_MAX_RUNS ||
                            sw_study_design_get_n_runs (design) * sw_study_outputs_get_n (outputs) > SW_STUDY_VIEW_MAX_VALUES))
        g_set_error (&local, SW_ERROR, SW_ERROR_INVALID,
                     _("%" PRIu64 " runs of %u outputs: the window keeps at most %d runs and %d values; run a study this "
                       "large with shaftwork-cli study"),
                     (uint64_t) sw_study_design_get_n_runs (design), sw_study_outputs_get_n (outputs),
                     SW_STUDY_VIEW_MAX_RUNS, SW_STUDY_VIEW_MAX_VALUES);
    }
  if (local != NULL)
    {
      show_status (self, local->message);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }

  g_clear_pointer (&self->study, _sw_study_data_unref);
  self->study = study_data_new (g_steal_pointer (&design), g_steal_pointer (&outputs));
  self->n_shown = 0;
  gtk_string_list_splice (self->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (self->rows)), NULL);
  _sw_study_view_rebuild_columns (self);
  fill_axes (self);

  job = g_new0 (Job, 1);
  job->study = _sw_study_data_ref (self->study);
  job->model_text = sw_model_to_data (self->model, &job->model_len);
  job->model_name = g_strdup (sw_model_get_display_name (self->model));
  self->job = g_cancellable_new ();
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  task = g_task_new (NULL, self->job, job_done, ref);
  g_task_set_source_tag (task, sw_study_view_run);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, job_thread);
  set_running (self, TRUE);
  update_rows (self);
  return TRUE;
}

/* Stop: the runs done stay. */
void
sw_study_view_stop (SwStudyView *self)
{
  g_return_if_fail (SW_IS_STUDY_VIEW (self));

  if (self->job == NULL)
    return;
  cancel_job (self);
  update_rows (self);
  set_running (self, FALSE);
  g_signal_emit (self, signals[FINISHED], 0);
}

gboolean
sw_study_view_get_running (SwStudyView *self)
{
  g_return_val_if_fail (SW_IS_STUDY_VIEW (self), FALSE);
  return self->job != NULL;
}

guint64
sw_study_view_get_n_done (SwStudyView *self)
{
  g_return_val_if_fail (SW_IS_STUDY_VIEW (self), 0);
  return self->study != NULL ? study_n_done (self->study) : 0;
}

guint64
sw_study_view_get_n_runs (SwStudyView *self)
{
  g_return_val_if_fail (SW_IS_STUDY_VIEW (self), 0);
  return self->study != NULL ? self->study->n_runs : 0;
}

gboolean
sw_study_view_use_run (SwStudyView *self, guint64 run, GError **error)
{
  g_autoptr (SwStudyRunner) runner = NULL;
  SwStudyData *d;
  gboolean ok;

  g_return_val_if_fail (SW_IS_STUDY_VIEW (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  d = self->study;
  if (self->model == NULL || d == NULL || run >= d->n_runs)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("There is no run %" PRIu64 " to use"), (uint64_t) run);
      return FALSE;
    }
  /* The values as a run sets them (components, signals, shared signals,
   * settings) on the document, one undo step. */
  if (!(runner = sw_study_runner_new (self->model, d->design, d->outputs, 0, error)))
    return FALSE;
  sw_model_begin_edit (self->model);
  ok = sw_study_runner_apply (runner, run, error);
  sw_model_end_edit (self->model);
  return ok;
}

void
sw_study_view_set_axes (SwStudyView *self, guint param, guint output)
{
  guint n;

  g_return_if_fail (SW_IS_STUDY_VIEW (self));

  n = g_list_model_get_n_items (G_LIST_MODEL (self->outputs_list));
  if (output == G_MAXUINT && self->study != NULL && n > self->study->n_outputs)
    output = n - 1;
  g_return_if_fail (param < g_list_model_get_n_items (G_LIST_MODEL (self->params_list)));
  g_return_if_fail (output < n);
  gtk_drop_down_set_selected (self->x_drop, param);
  gtk_drop_down_set_selected (self->y_drop, output);
}

void
sw_study_view_set_map (SwStudyView *self, gboolean map)
{
  g_return_if_fail (SW_IS_STUDY_VIEW (self));
  gtk_drop_down_set_selected (self->style_drop, map ? 1 : 0);
}

gboolean
sw_study_view_get_map (SwStudyView *self)
{
  g_return_val_if_fail (SW_IS_STUDY_VIEW (self), FALSE);
  return gtk_drop_down_get_selected (self->style_drop) == 1 && _sw_study_view_can_map (self);
}

/* ---- GObject -------------------------------------------------------------------- */

static void
update_colors (SwStudyView *self)
{
  sw_plot_widget_update_colors (GTK_WIDGET (self), GTK_WIDGET (self->area), &self->colors);
}

static void
sw_study_view_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (sw_study_view_parent_class)->css_changed (widget, change);
  update_colors ((SwStudyView *) widget);
}

static void
sw_study_view_dispose (GObject *object)
{
  SwStudyView *self = SW_STUDY_VIEW (object);

  cancel_job (self);
  g_clear_handle_id (&self->poll, g_source_remove);
  g_clear_handle_id (&self->fit_source, g_source_remove);
  sw_plot_widget_stream_clear (&self->stream);
  gtk_widget_dispose_template (GTK_WIDGET (self), SW_TYPE_STUDY_VIEW);
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  g_clear_object (&self->selection);
  g_clear_object (&self->rows);
  g_clear_object (&self->params_list);
  g_clear_object (&self->outputs_list);
  g_clear_object (&self->model);
  g_clear_pointer (&self->study, _sw_study_data_unref);
  G_OBJECT_CLASS (sw_study_view_parent_class)->dispose (object);
}

static void
sw_study_view_finalize (GObject *object)
{
  SwStudyView *self = SW_STUDY_VIEW (object);

  g_ptr_array_unref (self->vary);
  g_free (self->vary_example);
  G_OBJECT_CLASS (sw_study_view_parent_class)->finalize (object);
}

static void
sw_study_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_RUNNING: g_value_set_boolean (value, SW_STUDY_VIEW (object)->job != NULL); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_study_view_class_init (SwStudyViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sw_study_view_dispose;
  object_class->finalize = sw_study_view_finalize;
  object_class->get_property = sw_study_view_get_property;
  widget_class->css_changed = sw_study_view_css_changed;

  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);

  if (sw_ui_get_resource () == NULL)
    g_critical ("the ui resources are missing");
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/shaftwork/Shaftwork/ui/sw-study-view.ui");
  gtk_widget_class_bind_template_child (widget_class, SwStudyView, controls);
  gtk_widget_class_bind_template_child (widget_class, SwStudyView, axes);
  gtk_widget_class_bind_template_child (widget_class, SwStudyView, vary_entry);
  gtk_widget_class_bind_template_child (widget_class, SwStudyView, sample_drop);
  gtk_widget_class_bind_template_child (widget_class, SwStudyView, samples_spin);
  gtk_widget_class_bind_template_child (widget_class, SwStudyView, outputs_entry);
  gtk_widget_class_bind_template_child (widget_class, SwStudyView, outputs_menu);
  gtk_widget_class_bind_template_child (widget_class, SwStudyView, run_button);
  gtk_widget_class_bind_template_child (widget_class, SwStudyView, y_drop);
  gtk_widget_class_bind_template_child (widget_class, SwStudyView, x_drop);
  gtk_widget_class_bind_template_child (widget_class, SwStudyView, style_drop);
  gtk_widget_class_bind_template_child (widget_class, SwStudyView, progress);
  gtk_widget_class_bind_template_child (widget_class, SwStudyView, use_button);
  gtk_widget_class_bind_template_child (widget_class, SwStudyView, area);
  gtk_widget_class_bind_template_child (widget_class, SwStudyView, paned);
  gtk_widget_class_bind_template_child (widget_class, SwStudyView, table_scroller);
  gtk_widget_class_bind_template_child (widget_class, SwStudyView, table);
  gtk_widget_class_bind_template_child (widget_class, SwStudyView, status);
  gtk_widget_class_set_css_name (widget_class, "swstudyview");
}

static void
sw_study_view_init (SwStudyView *self)
{
  self->stream = (SwPlotWidgetStream) SW_PLOT_WIDGET_STREAM_INIT;
  self->vary = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->vary, NULL);
  self->seed = 1;
  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_editable_set_text (GTK_EDITABLE (self->outputs_entry), "mode(2).frequency_hz, mode(3).frequency_hz");
  self->vary_example = g_strdup (gtk_entry_get_placeholder_text (self->vary_entry));
  self->params_list = gtk_string_list_new (NULL);
  self->outputs_list = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->x_drop, G_LIST_MODEL (self->params_list));
  gtk_drop_down_set_model (self->y_drop, G_LIST_MODEL (self->outputs_list));
  self->rows = gtk_string_list_new (NULL);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->rows)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->table, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_swapped (self->selection, "notify::selected", G_CALLBACK (on_selection), self);
  g_signal_connect_swapped (self->table, "activate", G_CALLBACK (on_row_activated), self);
  g_signal_connect_swapped (self->paned, "notify::max-position", G_CALLBACK (_sw_study_view_schedule_fit), self);
  g_signal_connect_swapped (self->vary_entry, "changed", G_CALLBACK (on_vary_changed), self);
  g_signal_connect_swapped (self->vary_entry, "activate", G_CALLBACK (on_run_clicked), self);
  g_signal_connect_swapped (self->run_button, "clicked", G_CALLBACK (on_run_clicked), self);
  {
    GtkWidget *popover = gtk_popover_new ();
    GtkWidget *scroller = gtk_scrolled_window_new ();

    self->outputs_choices = GTK_LIST_BOX (gtk_list_box_new ());
    gtk_widget_set_name (GTK_WIDGET (self->outputs_choices), "output-choices");
    gtk_list_box_set_activate_on_single_click (self->outputs_choices, TRUE);
    g_signal_connect_swapped (self->outputs_choices, "row-activated", G_CALLBACK (on_output_chosen), self);
    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 320);
    gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->outputs_choices));
    gtk_popover_set_child (GTK_POPOVER (popover), scroller);
    g_signal_connect_swapped (popover, "show", G_CALLBACK (fill_output_choices), self);
    gtk_menu_button_set_popover (self->outputs_menu, popover);
  }
  g_signal_connect_swapped (self->use_button, "clicked", G_CALLBACK (on_use_clicked), self);
  g_signal_connect_swapped (self->sample_drop, "notify::selected", G_CALLBACK (on_sample_selected), self);
  g_signal_connect_swapped (self->x_drop, "notify::selected", G_CALLBACK (on_axes_selected), self);
  g_signal_connect_swapped (self->y_drop, "notify::selected", G_CALLBACK (on_axes_selected), self);
  g_signal_connect_swapped (self->style_drop, "notify::selected", G_CALLBACK (on_axes_selected), self);
  gtk_drawing_area_set_draw_func (self->area, _sw_study_view_draw_area, self, NULL);
  sw_plot_widget_follow_style (GTK_WIDGET (self), G_CALLBACK (update_colors));
  update_colors (self);
  show_progress (self);
}
