/* sw-frf-view.c: the frequency response view.
 *
 * The lists come from the system's parts: torque and force sources and
 * bodies as inputs (what sw_frf_compute() accepts), every variable of every
 * part as outputs. A change of system, input, output or range starts a job:
 * the system (immutable, reference counted) goes to a GTask worker, which
 * computes the modes (unless the caller gave some) and the response; the
 * result comes back to the main thread and is applied only if the view is
 * still alive (a GWeakRef) and the job is still the current one (its
 * GCancellable), as in GNOME Text Editor's statistics. PLplot draws on the
 * main thread only, through a stream of the view's own
 * (sw-frf-view-diagram.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-frf-view.h"
#include "sw-frf-view-private.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>
#include <glib/gi18n.h>

#include "sw-frf.h"
#include "sw-simulate.h"
#include "sw-plot-draw.h"
#include "sw-plot-widget.h"
#include "sw-plot-file.h"
#include "sw-ui-resources.h"

#define RANGE_DELAY_MS 400   /* after typing in a range entry */

G_DEFINE_FINAL_TYPE (SwFrfView, sw_frf_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_INPUT,
  PROP_OUTPUT,
  PROP_FROM_HZ,
  PROP_TO_HZ,
  PROP_DB,
  PROP_FRICTION,
  PROP_AT_CURSOR,
  PROP_BUSY,
  N_PROPS
};

enum { COMPUTED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* ---- Colours --------------------------------------------------------------- */

/* The palette of the style, the page and text colours of its views. */
static void
update_colors (SwFrfView *self)
{
  sw_plot_widget_update_colors (GTK_WIDGET (self), GTK_WIDGET (self->area), &self->colors);
}

/* ---- The lists ------------------------------------------------------------- */

/* A part carries mass when one of its mass parameters (kg, kg.m2) is
 * positive: an inertia, a mass, a shaft with its polar moment. */
static gboolean
is_body (const SwPart *p)
{
  for (guint k = 0; k < p->kind->n_params; k++)
    {
      const char *unit = p->kind->params[k].unit;

      if (unit != NULL && (strcmp (unit, "kg") == 0 || strcmp (unit, "kg.m2") == 0) && p->param[k] > 0)
        return TRUE;
    }
  return FALSE;
}

/* What sw_frf_compute() takes as an input: a torque or force source, or a body. */
static gboolean
is_input (const SwPart *p)
{
  return (g_strcmp0 (p->kind->group, "Sources") == 0 && p->kind->forces != NULL) || is_body (p);
}

static int
find_string (GtkStringList *list, const char *text)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));

  for (guint i = 0; text != NULL && i < n; i++)
    if (strcmp (gtk_string_list_get_string (list, i), text) == 0)
      return (int) i;
  return -1;
}

static const char *
selected_string (GtkDropDown *drop)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (drop);

  return item != NULL ? gtk_string_object_get_string (item) : NULL;
}

/* The main variable of the input's part when it is a body ("rotor.w"),
 * otherwise that of the first body. */
static int
default_output (SwFrfView *self)
{
  guint n = sw_system_get_n_parts (self->system);

  for (guint i = 0; i < n; i++)
    {
      const SwPart *p = sw_system_get_model_part (self->system, i);
      g_autofree char *name = NULL;
      const char *var;

      if (!is_body (p))
        continue;
      var = p->kind->main_var != NULL ? p->kind->main_var : p->kind->vars[0].name;
      name = g_strdup_printf ("%s.%s", p->id, var);
      /* The last body: usually the load, far from the source. */
      if (i + 1 < n)
        {
          gboolean later = FALSE;
          for (guint j = i + 1; j < n && !later; j++)
            later = is_body (sw_system_get_model_part (self->system, j));
          if (later)
            continue;
        }
      return find_string (self->outputs, name);
    }
  return 0;
}

static void fill_lists (SwFrfView *self);
static void start_job (SwFrfView *self);

/* ---- The job --------------------------------------------------------------- */

typedef struct {
  SwSystem     *system;
  SwModes      *modes;
  char         *input;
  char         *output;
  SwFrfOptions  options;
  /* Friction not chosen yet: a response that is 0 at the operating point
   * (a clutch open at t = 0) is tried with the clutches engaged. */
  gboolean      may_engage;
} Job;

typedef struct {
  SwTrajectory *response;
  GArray       *natural;
  GArray       *excited;       /* double, Hz */
  GPtrArray    *excited_labels;
  char         *note;
  SwLinearFriction friction;   /* the state the response is in */
} JobResult;

static void
job_free (Job *job)
{
  g_clear_pointer (&job->system, sw_system_unref);
  g_clear_pointer (&job->modes, sw_modes_unref);
  g_free (job->input);
  g_free (job->output);
  g_free (job);
}

static void
job_result_free (JobResult *r)
{
  g_clear_pointer (&r->response, sw_trajectory_unref);
  g_clear_pointer (&r->natural, g_array_unref);
  g_clear_pointer (&r->excited, g_array_unref);
  g_clear_pointer (&r->excited_labels, g_ptr_array_unref);
  g_free (r->note);
  g_free (r);
}

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* The natural frequencies of the elastic modes, ascending. */
static GArray *
natural_frequencies (const SwModes *modes)
{
  GArray *f = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; modes != NULL && i < sw_modes_get_n_modes (modes); i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);

      if (!m->rigid_body && m->frequency_hz > 0 && isfinite (m->frequency_hz))
        g_array_append_val (f, m->frequency_hz);
    }
  g_array_sort (f, compare_double);
  return f;
}

static void
job_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  g_autoptr (SwModes) computed = NULL;
  g_autoptr (GArray) excitations = NULL;
  g_autoptr (GError) error = NULL;
  JobResult *result = NULL;
  SwTrajectory *response;
  g_autofree double *state = NULL;

  if (!sw_simulate_state_at (job->system, job->options.at_s, &state, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  job->options.at_state = state;
  if (job->modes == NULL)
    {
      SwModesOptions o = sw_modes_options_default ();

      o.friction = job->options.friction;
      computed = sw_modes_compute_with_options (job->system, job->options.at_s, state, &o, NULL);
    }
  if (g_cancellable_is_cancelled (cancellable))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
      return;
    }
  if (!(response = sw_frf_compute (job->system, job->input, job->output, &job->options, &error)))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (sw_frf_is_zero (response) && job->may_engage && job->options.friction == SW_LINEAR_FRICTION_OPERATING)
    {
      SwFrfOptions o = job->options;
      SwTrajectory *engaged;

      o.friction = SW_LINEAR_FRICTION_ENGAGED;
      engaged = sw_frf_compute (job->system, job->input, job->output, &o, NULL);
      if (engaged != NULL && !sw_frf_is_zero (engaged))
        {
          SwModesOptions mo = sw_modes_options_default ();

          sw_trajectory_unref (response);
          response = engaged;
          job->options.friction = o.friction;
          mo.friction = o.friction;
          g_clear_pointer (&job->modes, sw_modes_unref);
          g_clear_pointer (&computed, sw_modes_unref);
          computed = sw_modes_compute_with_options (job->system, job->options.at_s, state, &mo, NULL);
          result = g_new0 (JobResult, 1);
          /* Translators: the output (“car.v”), the input (“engine”). */
          result->note = g_strdup_printf (_("At the operating point %s does not respond to %s (an open clutch or a "
                                            "locked brake between them): shown with the clutches engaged and the "
                                            "brakes released."),
                                          job->output, job->input);
        }
      else if (engaged != NULL)
        sw_trajectory_unref (engaged);
    }
  if (result == NULL)
    result = g_new0 (JobResult, 1);
  result->response = response;
  result->friction = job->options.friction;
  if (result->note == NULL && sw_frf_is_zero (response))
    {
      g_autofree char *why = sw_frf_dup_zero_note (job->input, job->output);

      /* Translators: after why a frequency response is 0: what to try in the page. */
      result->note = g_strdup_printf (_("%s Try another Friction state, or “At the plot’s cursor” with the cursor at "
                                        "a time when the drivetrain is engaged."),
                                      why);
    }
  result->natural = natural_frequencies (job->modes != NULL ? job->modes : computed);
  result->excited = g_array_new (FALSE, FALSE, sizeof (double));
  result->excited_labels = g_ptr_array_new_with_free_func (g_free);
  excitations = sw_frf_excitations (job->system, job->options.at_s, job->options.at_state, NULL);
  for (guint i = 0; excitations != NULL && i < excitations->len; i++)
    {
      const SwFrfExcitation *e = &g_array_index (excitations, SwFrfExcitation, i);

      g_array_append_val (result->excited, e->hz);
      g_ptr_array_add (result->excited_labels, sw_frf_excitation_label (e));
    }
  g_task_return_pointer (task, result, (GDestroyNotify) job_result_free);
}

static void
set_busy (SwFrfView *self, gboolean busy)
{
  gtk_spinner_set_spinning (self->spinner, busy);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

/* The error in red, or why the response is 0. */
static void
show_error (SwFrfView *self)
{
  sw_plot_widget_show_status (self->status, self->error, self->note);
}

static void
job_done (GObject *source, GAsyncResult *res, gpointer data)
{
  GWeakRef *ref = data;
  g_autoptr (SwFrfView) self = g_weak_ref_get (ref);
  GTask *task = G_TASK (res);
  g_autoptr (GError) error = NULL;
  JobResult *result;

  g_weak_ref_clear (ref);
  g_free (ref);
  result = g_task_propagate_pointer (task, &error);
  /* Only for a view still alive whose current job this is. */
  if (self == NULL || g_task_get_cancellable (task) != self->job ||
      g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    {
      if (result != NULL)
        job_result_free (result);
      return;
    }
  g_clear_object (&self->job);
  g_clear_pointer (&self->response, sw_trajectory_unref);
  g_clear_pointer (&self->natural, g_array_unref);
  g_clear_pointer (&self->excited, g_array_unref);
  g_clear_pointer (&self->excited_labels, g_ptr_array_unref);
  g_clear_error (&self->error);
  g_clear_pointer (&self->note, g_free);
  if (result != NULL && result->friction != self->friction)
    {
      /* Engaged in the worker: the list says so, without a new job. */
      self->friction = result->friction;
      self->filling = TRUE;
      gtk_drop_down_set_selected (self->friction_drop, self->friction);
      self->filling = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRICTION]);
    }
  if (result != NULL)
    {
      self->note = g_steal_pointer (&result->note);
      self->response = g_steal_pointer (&result->response);
      self->natural = g_steal_pointer (&result->natural);
      self->excited = g_steal_pointer (&result->excited);
      self->excited_labels = g_steal_pointer (&result->excited_labels);
      g_free (self->ratio_unit);
      self->ratio_unit = g_strdup (sw_trajectory_get_column_unit (self->response,
                                                                  (guint) sw_trajectory_find_column (self->response, "magnitude")));
      job_result_free (result);
    }
  else
    self->error = g_steal_pointer (&error);
  show_error (self);
  set_busy (self, FALSE);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
  g_signal_emit (self, signals[COMPUTED], 0);
}

static void
cancel_job (SwFrfView *self)
{
  if (self->job != NULL)
    {
      g_cancellable_cancel (self->job);
      g_clear_object (&self->job);
    }
}

/* Cancels the running job and starts one for the current choice. */
static void
start_job (SwFrfView *self)
{
  g_autoptr (GTask) task = NULL;
  const char *input = selected_string (self->input_drop);
  const char *output = selected_string (self->output_drop);
  GWeakRef *ref;
  Job *job;
  gboolean was_busy = self->job != NULL;

  if (self->filling)
    return;
  cancel_job (self);
  g_clear_handle_id (&self->range_timeout, g_source_remove);
  if (self->system == NULL || input == NULL || output == NULL)
    {
      g_clear_pointer (&self->response, sw_trajectory_unref);
      g_clear_error (&self->error);
      g_clear_pointer (&self->note, g_free);
      show_error (self);
      gtk_widget_queue_draw (GTK_WIDGET (self->area));
      if (was_busy)
        set_busy (self, FALSE);
      return;
    }
  job = g_new0 (Job, 1);
  job->system = sw_system_ref (self->system);
  job->input = g_strdup (input);
  job->output = g_strdup (output);
  job->options = sw_frf_options_default ();
  job->options.from_hz = self->from_hz;
  job->options.to_hz = self->to_hz;
  /* Not chosen: the operating point's, engaged only where it gives 0 (a
   * later operating point may give a response again). */
  job->options.friction = self->friction_chosen ? self->friction : SW_LINEAR_FRICTION_OPERATING;
  job->options.at_s = self->at_s;
  job->may_engage = !self->friction_chosen;
  /* The caller's modes mark the response when they are of its friction
   * state. */
  job->modes = self->modes != NULL && sw_modes_get_friction (self->modes) == job->options.friction
                   && sw_modes_get_time (self->modes) == self->at_s
               ? sw_modes_ref (self->modes) : NULL;
  g_free (self->title);
  self->title = g_strdup_printf ("%s / %s", output, input);

  self->job = g_cancellable_new ();
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  task = g_task_new (NULL, self->job, job_done, ref);
  g_task_set_source_tag (task, start_job);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, job_thread);
  set_busy (self, TRUE);
}

/* ---- Controls -------------------------------------------------------------- */

static void
on_at_cursor_toggled (SwFrfView *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AT_CURSOR]);
}

static void
on_selected (SwFrfView *self, GParamSpec *pspec, GtkDropDown *drop)
{
  if (self->filling)
    return;
  g_object_notify_by_pspec (G_OBJECT (self), properties[drop == self->input_drop ? PROP_INPUT : PROP_OUTPUT]);
  start_job (self);
}

/* An entry's frequency: TRUE with 0 for an empty one. */
static gboolean
parse_hz (GtkEntry *entry, double *hz)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  g_autofree char *copy = g_strstrip (g_strdup (text));
  char *end;

  if (*copy == '\0')
    {
      *hz = 0;
      return TRUE;
    }
  *hz = g_strtod (copy, &end);
  return *end == '\0' && isfinite (*hz) && *hz > 0 && *hz <= SW_FRF_MAX_HZ;
}

static void
set_range_internal (SwFrfView *self, double from_hz, double to_hz)
{
  gboolean from_changed = from_hz != self->from_hz, to_changed = to_hz != self->to_hz;

  if (!from_changed && !to_changed)
    return;
  self->from_hz = from_hz;
  self->to_hz = to_hz;
  if (from_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FROM_HZ]);
  if (to_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TO_HZ]);
  start_job (self);
}

static gboolean
range_timeout (gpointer data)
{
  SwFrfView *self = data;
  double from, to;
  gboolean from_ok = parse_hz (self->from_entry, &from), to_ok = parse_hz (self->to_entry, &to);

  self->range_timeout = 0;
  if (from_ok && to_ok)
    set_range_internal (self, from, to);
  return G_SOURCE_REMOVE;
}

static void
on_range_changed (SwFrfView *self, GtkEditable *editable)
{
  double hz;

  if (self->filling)
    return;
  if (parse_hz (GTK_ENTRY (editable), &hz))
    gtk_widget_remove_css_class (GTK_WIDGET (editable), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (editable), "error");
  g_clear_handle_id (&self->range_timeout, g_source_remove);
  self->range_timeout = g_timeout_add (RANGE_DELAY_MS, range_timeout, self);
}

static void
on_range_activate (SwFrfView *self, GtkEntry *entry)
{
  g_clear_handle_id (&self->range_timeout, g_source_remove);
  range_timeout (self);
}

/* ---- API ------------------------------------------------------------------- */

GtkWidget *
sw_frf_view_new (void)
{
  return g_object_new (SW_TYPE_FRF_VIEW, NULL);
}

static void
fill_lists (SwFrfView *self)
{
  g_autofree char *input = g_strdup (selected_string (self->input_drop));
  g_autofree char *output = g_strdup (selected_string (self->output_drop));
  g_autoptr (GPtrArray) ins = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) outs = g_ptr_array_new_with_free_func (g_free);
  int in_index, out_index;

  for (guint i = 0; self->system != NULL && i < sw_system_get_n_parts (self->system); i++)
    {
      const SwPart *p = sw_system_get_model_part (self->system, i);

      if (is_input (p))
        g_ptr_array_add (ins, g_strdup (p->id));
      for (guint v = 0; v < p->kind->n_vars; v++)
        g_ptr_array_add (outs, g_strdup_printf ("%s.%s", p->id, p->kind->vars[v].name));
    }
  g_ptr_array_add (ins, NULL);
  g_ptr_array_add (outs, NULL);
  self->filling = TRUE;
  gtk_string_list_splice (self->inputs, 0, g_list_model_get_n_items (G_LIST_MODEL (self->inputs)),
                          (const char *const *) ins->pdata);
  gtk_string_list_splice (self->outputs, 0, g_list_model_get_n_items (G_LIST_MODEL (self->outputs)),
                          (const char *const *) outs->pdata);
  in_index = find_string (self->inputs, input);
  out_index = find_string (self->outputs, output);
  gtk_drop_down_set_selected (self->input_drop, in_index >= 0 ? (guint) in_index
                              : ins->len > 1 ? 0 : GTK_INVALID_LIST_POSITION);
  if (out_index < 0 && self->system != NULL)
    out_index = default_output (self);
  gtk_drop_down_set_selected (self->output_drop, out_index >= 0 && outs->len > 1 ? (guint) out_index
                              : GTK_INVALID_LIST_POSITION);
  self->filling = FALSE;
  if (g_strcmp0 (input, selected_string (self->input_drop)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INPUT]);
  if (g_strcmp0 (output, selected_string (self->output_drop)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OUTPUT]);
}

void
sw_frf_view_set_system (SwFrfView *self, SwSystem *system)
{
  g_return_if_fail (SW_IS_FRF_VIEW (self));

  if (system != NULL)
    sw_system_ref (system);
  g_clear_pointer (&self->system, sw_system_unref);
  self->system = system;
  fill_lists (self);
  start_job (self);
}

SwSystem *
sw_frf_view_get_system (SwFrfView *self)
{
  g_return_val_if_fail (SW_IS_FRF_VIEW (self), NULL);
  return self->system;
}

GListModel *
sw_frf_view_get_inputs (SwFrfView *self)
{
  g_return_val_if_fail (SW_IS_FRF_VIEW (self), NULL);
  return G_LIST_MODEL (self->inputs);
}

GListModel *
sw_frf_view_get_outputs (SwFrfView *self)
{
  g_return_val_if_fail (SW_IS_FRF_VIEW (self), NULL);
  return G_LIST_MODEL (self->outputs);
}

static void
select_string (SwFrfView *self, GtkDropDown *drop, GtkStringList *list, const char *text)
{
  int index = find_string (list, text);

  if (index < 0)
    {
      g_warning ("“%s” is not in the list of %s", text, list == self->inputs ? "inputs" : "outputs");
      return;
    }
  gtk_drop_down_set_selected (drop, (guint) index);   /* notifies and computes when it changes */
}

void
sw_frf_view_set_input (SwFrfView *self, const char *input)
{
  g_return_if_fail (SW_IS_FRF_VIEW (self));
  g_return_if_fail (input != NULL);
  select_string (self, self->input_drop, self->inputs, input);
}

const char *
sw_frf_view_get_input (SwFrfView *self)
{
  g_return_val_if_fail (SW_IS_FRF_VIEW (self), NULL);
  return selected_string (self->input_drop);
}

void
sw_frf_view_set_output (SwFrfView *self, const char *output)
{
  g_return_if_fail (SW_IS_FRF_VIEW (self));
  g_return_if_fail (output != NULL);
  select_string (self, self->output_drop, self->outputs, output);
}

const char *
sw_frf_view_get_output (SwFrfView *self)
{
  g_return_val_if_fail (SW_IS_FRF_VIEW (self), NULL);
  return selected_string (self->output_drop);
}

static void
set_entry_hz (SwFrfView *self, GtkEntry *entry, double hz)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE] = "";

  if (hz > 0)
    g_snprintf (text, sizeof text, "%g", hz);
  self->filling = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
  self->filling = FALSE;
}

void
sw_frf_view_set_range (SwFrfView *self, double from_hz, double to_hz)
{
  g_return_if_fail (SW_IS_FRF_VIEW (self));
  g_return_if_fail (from_hz >= 0 && to_hz >= 0 && from_hz <= SW_FRF_MAX_HZ && to_hz <= SW_FRF_MAX_HZ);

  set_entry_hz (self, self->from_entry, from_hz);
  set_entry_hz (self, self->to_entry, to_hz);
  g_clear_handle_id (&self->range_timeout, g_source_remove);
  set_range_internal (self, from_hz, to_hz);
}

double
sw_frf_view_get_from_hz (SwFrfView *self)
{
  g_return_val_if_fail (SW_IS_FRF_VIEW (self), 0);
  return self->from_hz;
}

double
sw_frf_view_get_to_hz (SwFrfView *self)
{
  g_return_val_if_fail (SW_IS_FRF_VIEW (self), 0);
  return self->to_hz;
}

void
sw_frf_view_set_db (SwFrfView *self, gboolean db)
{
  g_return_if_fail (SW_IS_FRF_VIEW (self));

  db = !!db;
  if (db == self->db)
    return;
  self->db = db;
  gtk_toggle_button_set_active (self->db_button, db);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DB]);
}

void
sw_frf_view_set_friction (SwFrfView *self, SwLinearFriction friction)
{
  g_return_if_fail (SW_IS_FRF_VIEW (self));
  g_return_if_fail ((guint) friction <= SW_LINEAR_FRICTION_LAST);

  self->friction_chosen = TRUE;
  if (friction == self->friction)
    return;
  self->friction = friction;
  gtk_drop_down_set_selected (self->friction_drop, friction);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRICTION]);
  start_job (self);
}

SwLinearFriction
sw_frf_view_get_friction (SwFrfView *self)
{
  g_return_val_if_fail (SW_IS_FRF_VIEW (self), SW_LINEAR_FRICTION_OPERATING);
  return self->friction;
}

void
sw_frf_view_set_operating_time (SwFrfView *self, double at_s)
{
  g_return_if_fail (SW_IS_FRF_VIEW (self));
  g_return_if_fail (at_s >= 0 && isfinite (at_s));

  if (at_s == self->at_s)
    return;
  self->at_s = at_s;
  start_job (self);
}

double
sw_frf_view_get_operating_time (SwFrfView *self)
{
  g_return_val_if_fail (SW_IS_FRF_VIEW (self), 0);
  return self->at_s;
}

gboolean
sw_frf_view_get_at_cursor (SwFrfView *self)
{
  g_return_val_if_fail (SW_IS_FRF_VIEW (self), FALSE);
  return gtk_check_button_get_active (self->at_cursor_check);
}

void
sw_frf_view_set_at_cursor (SwFrfView *self, gboolean at_cursor)
{
  g_return_if_fail (SW_IS_FRF_VIEW (self));
  gtk_check_button_set_active (self->at_cursor_check, at_cursor);
}

const char *
sw_frf_view_get_note (SwFrfView *self)
{
  g_return_val_if_fail (SW_IS_FRF_VIEW (self), NULL);
  return self->note;
}

gboolean
sw_frf_view_get_db (SwFrfView *self)
{
  g_return_val_if_fail (SW_IS_FRF_VIEW (self), FALSE);
  return self->db;
}

void
sw_frf_view_set_modes (SwFrfView *self, SwModes *modes)
{
  g_return_if_fail (SW_IS_FRF_VIEW (self));

  if (modes == self->modes)
    return;
  if (modes != NULL)
    sw_modes_ref (modes);
  g_clear_pointer (&self->modes, sw_modes_unref);
  self->modes = modes;
  start_job (self);
}

SwTrajectory *
sw_frf_view_get_response (SwFrfView *self)
{
  g_return_val_if_fail (SW_IS_FRF_VIEW (self), NULL);
  return self->response;
}

const double *
sw_frf_view_get_natural_frequencies (SwFrfView *self, guint *n_frequencies)
{
  g_return_val_if_fail (SW_IS_FRF_VIEW (self), NULL);
  if (n_frequencies != NULL)
    *n_frequencies = self->natural != NULL ? self->natural->len : 0;
  return self->natural != NULL ? (const double *) self->natural->data : NULL;
}

const GError *
sw_frf_view_get_error (SwFrfView *self)
{
  g_return_val_if_fail (SW_IS_FRF_VIEW (self), NULL);
  return self->error;
}

gboolean
sw_frf_view_get_busy (SwFrfView *self)
{
  g_return_val_if_fail (SW_IS_FRF_VIEW (self), FALSE);
  return self->job != NULL;
}

/* ---- GObject --------------------------------------------------------------- */

static void
on_db_toggled (SwFrfView *self, GtkToggleButton *button)
{
  sw_frf_view_set_db (self, gtk_toggle_button_get_active (button));
}

static void
on_friction_selected (SwFrfView *self, GParamSpec *pspec, GtkDropDown *drop)
{
  guint selected = gtk_drop_down_get_selected (drop);

  if (selected <= SW_LINEAR_FRICTION_LAST && !self->filling)
    sw_frf_view_set_friction (self, (SwLinearFriction) selected);
}

static void
sw_frf_view_dispose (GObject *object)
{
  SwFrfView *self = SW_FRF_VIEW (object);

  cancel_job (self);
  g_clear_handle_id (&self->range_timeout, g_source_remove);
  sw_plot_widget_stream_clear (&self->stream);
  gtk_widget_dispose_template (GTK_WIDGET (self), SW_TYPE_FRF_VIEW);
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  g_clear_object (&self->inputs);
  g_clear_object (&self->outputs);
  g_clear_pointer (&self->system, sw_system_unref);
  g_clear_pointer (&self->modes, sw_modes_unref);
  g_clear_pointer (&self->response, sw_trajectory_unref);
  g_clear_pointer (&self->natural, g_array_unref);
  g_clear_pointer (&self->excited, g_array_unref);
  g_clear_pointer (&self->excited_labels, g_ptr_array_unref);
  G_OBJECT_CLASS (sw_frf_view_parent_class)->dispose (object);
}

static void
sw_frf_view_finalize (GObject *object)
{
  SwFrfView *self = SW_FRF_VIEW (object);

  g_clear_error (&self->error);
  g_free (self->note);
  g_free (self->title);
  g_free (self->ratio_unit);
  G_OBJECT_CLASS (sw_frf_view_parent_class)->finalize (object);
}

static void
sw_frf_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SwFrfView *self = SW_FRF_VIEW (object);

  switch (prop_id)
    {
    case PROP_INPUT: g_value_set_string (value, sw_frf_view_get_input (self)); break;
    case PROP_OUTPUT: g_value_set_string (value, sw_frf_view_get_output (self)); break;
    case PROP_FROM_HZ: g_value_set_double (value, self->from_hz); break;
    case PROP_TO_HZ: g_value_set_double (value, self->to_hz); break;
    case PROP_DB: g_value_set_boolean (value, self->db); break;
    case PROP_FRICTION: g_value_set_uint (value, self->friction); break;
    case PROP_AT_CURSOR: g_value_set_boolean (value, sw_frf_view_get_at_cursor (self)); break;
    case PROP_BUSY: g_value_set_boolean (value, self->job != NULL); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_frf_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  SwFrfView *self = SW_FRF_VIEW (object);

  switch (prop_id)
    {
    case PROP_INPUT: sw_frf_view_set_input (self, g_value_get_string (value)); break;
    case PROP_OUTPUT: sw_frf_view_set_output (self, g_value_get_string (value)); break;
    case PROP_FROM_HZ: sw_frf_view_set_range (self, g_value_get_double (value), self->to_hz); break;
    case PROP_TO_HZ: sw_frf_view_set_range (self, self->from_hz, g_value_get_double (value)); break;
    case PROP_DB: sw_frf_view_set_db (self, g_value_get_boolean (value)); break;
    case PROP_FRICTION: sw_frf_view_set_friction (self, (SwLinearFriction) g_value_get_uint (value)); break;
    case PROP_AT_CURSOR: sw_frf_view_set_at_cursor (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The style's colours are known once its CSS applies. */
static void
sw_frf_view_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (sw_frf_view_parent_class)->css_changed (widget, change);
  update_colors ((SwFrfView *) widget);
}

static void
sw_frf_view_class_init (SwFrfViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sw_frf_view_dispose;
  object_class->finalize = sw_frf_view_finalize;
  object_class->get_property = sw_frf_view_get_property;
  object_class->set_property = sw_frf_view_set_property;
  widget_class->css_changed = sw_frf_view_css_changed;

  properties[PROP_INPUT] = g_param_spec_string ("input", NULL, NULL, NULL,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_OUTPUT] = g_param_spec_string ("output", NULL, NULL, NULL,
                                                 G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FROM_HZ] = g_param_spec_double ("from-hz", NULL, NULL, 0, SW_FRF_MAX_HZ, 0,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TO_HZ] = g_param_spec_double ("to-hz", NULL, NULL, 0, SW_FRF_MAX_HZ, 0,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DB] = g_param_spec_boolean ("db", NULL, NULL, FALSE,
                                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* The friction elements' state (SwLinearFriction). */
  properties[PROP_FRICTION] = g_param_spec_uint ("friction", NULL, NULL, 0, SW_LINEAR_FRICTION_LAST, 0,
                                                 G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The page's "At the plot's cursor": the caller sets the time. */
  properties[PROP_AT_CURSOR] = g_param_spec_boolean ("at-cursor", NULL, NULL, FALSE,
                                                     G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A computation finished: a response, or an error (sw_frf_view_get_error). */
  signals[COMPUTED] = g_signal_new ("computed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);

  /* Links the resources in (they register themselves). */
  if (sw_ui_get_resource () == NULL)
    g_critical ("the ui resources are missing");
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/shaftwork/Shaftwork/ui/sw-frf-view.ui");
  gtk_widget_class_bind_template_child (widget_class, SwFrfView, controls);
  gtk_widget_class_bind_template_child (widget_class, SwFrfView, input_drop);
  gtk_widget_class_bind_template_child (widget_class, SwFrfView, output_drop);
  gtk_widget_class_bind_template_child (widget_class, SwFrfView, from_entry);
  gtk_widget_class_bind_template_child (widget_class, SwFrfView, to_entry);
  gtk_widget_class_bind_template_child (widget_class, SwFrfView, db_button);
  gtk_widget_class_bind_template_child (widget_class, SwFrfView, friction_drop);
  gtk_widget_class_bind_template_child (widget_class, SwFrfView, at_cursor_check);
  gtk_widget_class_bind_template_child (widget_class, SwFrfView, spinner);
  gtk_widget_class_bind_template_child (widget_class, SwFrfView, area);
  gtk_widget_class_bind_template_child (widget_class, SwFrfView, status);
  gtk_widget_class_set_css_name (widget_class, "swfrfview");
}

static void
sw_frf_view_init (SwFrfView *self)
{
  g_autoptr (GtkExpression) expression = gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");

  self->stream = (SwPlotWidgetStream) SW_PLOT_WIDGET_STREAM_INIT;
  gtk_widget_init_template (GTK_WIDGET (self));
  self->inputs = gtk_string_list_new (NULL);
  self->outputs = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->input_drop, G_LIST_MODEL (self->inputs));
  gtk_drop_down_set_model (self->output_drop, G_LIST_MODEL (self->outputs));
  gtk_drop_down_set_expression (self->output_drop, expression);
  gtk_drop_down_set_selected (self->input_drop, GTK_INVALID_LIST_POSITION);
  gtk_drop_down_set_selected (self->output_drop, GTK_INVALID_LIST_POSITION);
  g_signal_connect_swapped (self->input_drop, "notify::selected", G_CALLBACK (on_selected), self);
  g_signal_connect_swapped (self->output_drop, "notify::selected", G_CALLBACK (on_selected), self);
  g_signal_connect_swapped (self->from_entry, "changed", G_CALLBACK (on_range_changed), self);
  g_signal_connect_swapped (self->to_entry, "changed", G_CALLBACK (on_range_changed), self);
  g_signal_connect_swapped (self->from_entry, "activate", G_CALLBACK (on_range_activate), self);
  g_signal_connect_swapped (self->to_entry, "activate", G_CALLBACK (on_range_activate), self);
  g_signal_connect_swapped (self->db_button, "toggled", G_CALLBACK (on_db_toggled), self);
  g_signal_connect_swapped (self->friction_drop, "notify::selected", G_CALLBACK (on_friction_selected), self);
  g_signal_connect_swapped (self->at_cursor_check, "toggled", G_CALLBACK (on_at_cursor_toggled), self);
  gtk_drawing_area_set_draw_func (self->area, _sw_frf_view_draw_area, self, NULL);
  sw_plot_widget_follow_style (GTK_WIDGET (self), G_CALLBACK (update_colors));
  update_colors (self);
}
