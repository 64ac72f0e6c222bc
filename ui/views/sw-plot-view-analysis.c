/* sw-plot-view-analysis.c: SwPlotView as a signal analyser: amplitude
 * spectra over frequency or a shaft's orders (sw-spectrum.h), a second
 * cursor, statistics over the range shown, logarithmic axes; their
 * properties.
 *
 * A spectrum is made of the current run's shown columns over the time
 * range shown when it was chosen, the first time a drawing needs it, and
 * dropped when the run, the columns, the window or the shaft change. While
 * it is shown, the time range, zoom and cursor are kept aside and come back
 * with the time plot.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-plot-view-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

G_DEFINE_ENUM_TYPE (SwPlotAnalysis, sw_plot_analysis,
  G_DEFINE_ENUM_VALUE (SW_PLOT_ANALYSIS_TIME, "time"),
  G_DEFINE_ENUM_VALUE (SW_PLOT_ANALYSIS_SPECTRUM, "spectrum"),
  G_DEFINE_ENUM_VALUE (SW_PLOT_ANALYSIS_ORDERS, "orders"))

G_DEFINE_ENUM_TYPE (SwSpectrumWindow, sw_spectrum_window,
  G_DEFINE_ENUM_VALUE (SW_SPECTRUM_WINDOW_RECTANGULAR, "rectangular"),
  G_DEFINE_ENUM_VALUE (SW_SPECTRUM_WINDOW_HANN, "hann"),
  G_DEFINE_ENUM_VALUE (SW_SPECTRUM_WINDOW_FLAT_TOP, "flat-top"))

enum {
  PROP_ANALYSIS,
  PROP_SPECTRUM_WINDOW,
  PROP_ORDER_SHAFT,
  PROP_REFERENCE_VISIBLE,
  PROP_STATISTICS,
  PROP_LOG_X,
  PROP_LOG_Y,
  N_ANALYSIS_PROPS
};

static GParamSpec *properties[N_ANALYSIS_PROPS];
static guint first_prop_id;

static void
notify (SwPlotView *self, guint prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* ---- Spectra ------------------------------------------------------------- */

void
_sw_plot_view_invalidate_analysis (SwPlotView *self)
{
  self->spectrum_serial++;
  g_clear_pointer (&self->spectrum, sw_trajectory_unref);
  g_clear_pointer (&self->analysis_error, g_free);
}

/* The current run's times (what a spectrum of it all is of). */
static void
run_time_range (SwPlotView *self, double *t0, double *t1)
{
  const double *t;
  guint n;

  *t0 = *t1 = 0.0;
  if (!_sw_plot_view_has_rows (self->trajectory))
    return;
  t = sw_trajectory_get_times (self->trajectory);
  n = sw_trajectory_get_n_rows (self->trajectory);
  *t0 = t[0];
  *t1 = t[n - 1];
}

/* What a worker needs to make a spectrum: immutable, shared or copied. */
typedef struct {
  GWeakRef       view;
  guint          serial;
  SwTrajectory  *trajectory;
  GArray        *columns;      /* guint */
  int            shaft;        /* orders: the shaft's column */
  double         t0, t1;
  SwSpectrumWindow window;
  SwPlotAnalysis analysis;
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_weak_ref_clear (&job->view);
  g_clear_pointer (&job->trajectory, sw_trajectory_unref);
  g_clear_pointer (&job->columns, g_array_unref);
  g_free (job);
}

/* The job of what is shown; NULL when there is nothing to compute, and
 * then analysis_error may say why. */
static Job *
job_new (SwPlotView *self)
{
  SwTrajectory *tr = self->trajectory;
  Job *job;

  if (!_sw_plot_view_has_rows (tr))
    return NULL;
  job = g_new0 (Job, 1);
  g_weak_ref_init (&job->view, self);
  job->serial = self->spectrum_serial;
  job->trajectory = sw_trajectory_ref (tr);
  job->columns = g_array_new (FALSE, FALSE, sizeof (guint));
  job->window = self->window;
  job->analysis = self->analysis;
  job->t0 = self->analysis_t0;
  job->t1 = self->analysis_t1;
  if (!(job->t1 > job->t0))
    run_time_range (self, &job->t0, &job->t1);
  for (guint i = 0; i < self->columns->len; i++)
    {
      int c = sw_trajectory_find_column (tr, ((Column *) g_ptr_array_index (self->columns, i))->name);

      if (c >= 0)
        g_array_append_val (job->columns, c);
    }
  job->shaft = self->order_shaft != NULL ? sw_trajectory_find_column (tr, self->order_shaft) : -1;
  if (job->columns->len == 0)
    {
      job_free (job);
      return NULL;
    }
  if (job->analysis == SW_PLOT_ANALYSIS_ORDERS && job->shaft < 0)
    {
      self->analysis_error = g_strdup (_("Choose the shaft whose orders to show: right-click the plot, "
                                         "Order Spectrum Against"));
      job_free (job);
      return NULL;
    }
  return job;
}

/* Pure: any thread. */
static SwTrajectory *
job_run (Job *job, GError **error)
{
  if (job->analysis == SW_PLOT_ANALYSIS_SPECTRUM)
    return sw_spectrum_new_frequency (job->trajectory, (guint *) job->columns->data, job->columns->len,
                                      job->t0, job->t1, job->window, error);
  return sw_spectrum_new_order (job->trajectory, (guint *) job->columns->data, job->columns->len,
                                (guint) job->shaft, job->t0, job->t1, job->window, error);
}

static void
job_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  GError *error = NULL;
  SwTrajectory *result = job_run (data, &error);

  if (result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, (GDestroyNotify) sw_trajectory_unref);
}

/* Back on the main thread: applied only while the view lives and the job
 * is still what it shows. */
static void
job_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Job *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(SwPlotView) self = g_weak_ref_get (&job->view);
  g_autoptr(GError) error = NULL;
  SwTrajectory *spectrum = g_task_propagate_pointer (G_TASK (result), &error);

  if (self == NULL || job->serial != self->spectrum_serial)
    {
      g_clear_pointer (&spectrum, sw_trajectory_unref);
      if (self != NULL)
        {
          /* Stale: the next drawing asks again. */
          self->spectrum_running = FALSE;
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      return;
    }
  self->spectrum_running = FALSE;
  self->spectrum = spectrum;
  if (spectrum == NULL)
    self->analysis_error = g_strdup (error->message);
  _sw_plot_view_check_range (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Made now, on this thread (the API's answer). */
static void
make_spectrum (SwPlotView *self)
{
  g_autoptr(GError) error = NULL;
  Job *job = job_new (self);

  if (job == NULL)
    return;
  self->spectrum = job_run (job, &error);
  if (self->spectrum == NULL)
    self->analysis_error = g_strdup (error->message);
  job_free (job);
}

/* Made by a worker; the drawing waits for it. */
static void
start_spectrum (SwPlotView *self)
{
  Job *job;
  GTask *task;

  if (self->spectrum_running || (job = job_new (self)) == NULL)
    return;
  self->spectrum_running = TRUE;
  task = g_task_new (NULL, NULL, job_done, NULL);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, job_thread);
  g_object_unref (task);
}

gboolean
_sw_plot_view_spectrum_pending (SwPlotView *self)
{
  return self->analysis != SW_PLOT_ANALYSIS_TIME && self->spectrum == NULL && self->analysis_error == NULL &&
         self->spectrum_running;
}

char *
_sw_plot_view_dup_analysis_title (SwPlotView *self)
{
  double t0, t1;
  g_autofree char *window = g_utf8_strdown (sw_spectrum_window_label (self->window), -1);

  sw_plot_view_get_analysis_range (self, &t0, &t1);
  if (self->analysis == SW_PLOT_ANALYSIS_ORDERS)
    /* Translators: the orders of a shaft ("engine.phi") over a time range, and the window's name */
    return g_strdup_printf (_("Order spectrum against %s, %.4g s … %.4g s, %s window"),
                            self->order_shaft != NULL ? self->order_shaft : "–", t0, t1, window);
  /* Translators: a time range and the window's name ("flat top") */
  return g_strdup_printf (_("Amplitude spectrum, %.4g s … %.4g s, %s window"), t0, t1, window);
}

/* The lowest bins of a spectrum (over orders, below half an order): where
 * a run-up's trend or a start from rest leaks. */
#define LOW_BINS   6
#define LOW_ORDERS 0.5

/* The bins worth showing: up to a quarter beyond the last whose amplitude
 * is a hundredth of its column's largest past the lowest bins (a run-up's
 * trend), at least 16 bins and, over orders, 10 orders; the rest is the
 * interpolation's noise and the far harmonics of the run's steps. */
gboolean
_sw_plot_view_spectrum_extent (SwPlotView *self, double *x0, double *x1)
{
  SwTrajectory *spectrum = _sw_plot_view_shown (self);
  const double *x;
  guint rows, columns, last = 16;

  if (!_sw_plot_view_has_rows (spectrum) || (rows = sw_trajectory_get_n_rows (spectrum)) < 2)
    return FALSE;
  x = sw_trajectory_get_times (spectrum);
  columns = sw_trajectory_get_n_columns (spectrum);
  for (guint c = 0; c < columns; c++)
    {
      const double *y = sw_trajectory_get_column (spectrum, c);
      double largest = 0.0;

      for (guint r = LOW_BINS; r < rows; r++)
        if (self->analysis != SW_PLOT_ANALYSIS_ORDERS || x[r] >= LOW_ORDERS)
          largest = MAX (largest, y[r]);
      for (guint r = rows - 1; r > last; r--)
        if (y[r] > 1e-2 * largest)
          {
            last = r;
            break;
          }
    }
  *x0 = x[0];
  *x1 = MIN (x[rows - 1], 1.25 * x[MIN (last, rows - 1)]);
  if (self->analysis == SW_PLOT_ANALYSIS_ORDERS)
    *x1 = MIN (x[rows - 1], MAX (*x1, 10.5));
  return *x1 > *x0;
}

/* A linear panel of a spectrum fitted to the bins past the lowest few
 * (over orders: below half an order) when those (a run-up's trend, a start
 * from rest) are 5 times higher than the rest and would flatten it: they
 * then leave the top. */

void
_sw_plot_view_fit_spectrum_panels (SwPlotView *self, SwPlotScene *scene, SwPlotPanel *panels)
{
  for (guint p = 0; p < scene->n_panels; p++)
    {
      double all = 0.0, rest = 0.0;

      if (panels[p].fixed || panels[p].log || panels[p].db)
        continue;
      for (guint k = 0; k < scene->n_curves; k++)
        {
          const SwPlotCurve *c = &scene->curves[k];
          const double *x = sw_trajectory_get_times (c->trajectory);
          const double *y = sw_trajectory_get_column (c->trajectory, c->y_column);

          if (c->panel != p)
            continue;
          for (guint r = 1; r < sw_trajectory_get_n_rows (c->trajectory); r++)
            {
              double v = fabs (y[r] * c->y_factor);

              if (scene->x_fixed && (x[r] < scene->x_min || x[r] > scene->x_max))
                continue;
              all = MAX (all, v);
              if (self->analysis == SW_PLOT_ANALYSIS_ORDERS ? x[r] >= LOW_ORDERS : r >= LOW_BINS)
                rest = MAX (rest, v);
            }
        }
      if (rest > 0.0 && all > 5.0 * rest)
        {
          panels[p].fixed = TRUE;
          panels[p].y_min = 0.0;
          panels[p].y_max = 1.1 * rest;
        }
    }
}

SwTrajectory *
_sw_plot_view_shown (SwPlotView *self)
{
  if (self->analysis == SW_PLOT_ANALYSIS_TIME)
    return self->trajectory;
  if (self->spectrum == NULL && self->analysis_error == NULL)
    start_spectrum (self);
  return self->spectrum;
}

/* The same, a spectrum made now if a worker has not made it yet. */
static SwTrajectory *
shown_now (SwPlotView *self)
{
  if (self->analysis == SW_PLOT_ANALYSIS_TIME)
    return self->trajectory;
  if (self->spectrum == NULL && self->analysis_error == NULL)
    {
      /* What the worker brings is then stale. */
      self->spectrum_serial++;
      make_spectrum (self);
    }
  return self->spectrum;
}

void
sw_plot_view_set_analysis (SwPlotView *self, SwPlotAnalysis analysis)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));
  g_return_if_fail (analysis <= SW_PLOT_ANALYSIS_ORDERS);

  if (self->analysis == analysis)
    return;
  if (self->analysis == SW_PLOT_ANALYSIS_TIME)
    {
      /* The time view kept aside; the spectrum of what it shows. */
      self->saved.zoomed = self->zoomed;
      self->saved.t0 = self->t0;
      self->saved.t1 = self->t1;
      self->saved.cursor_visible = self->cursor_visible;
      self->saved.cursor_kept = self->cursor_kept;
      self->saved.cursor_t = self->cursor_t;
      if (!_sw_plot_view_effective_range (self, &self->analysis_t0, &self->analysis_t1) || _sw_plot_view_is_xy (self))
        self->analysis_t0 = self->analysis_t1 = 0.0;
    }
  self->analysis = analysis;
  /* The last drawing's x axis means nothing now (the pointer's cursor). */
  self->has_geometry = FALSE;
  _sw_plot_view_invalidate_analysis (self);
  _sw_plot_view_clear_y_ranges (self);
  self->cursor_visible = self->cursor_kept = FALSE;
  self->reference_visible = FALSE;
  if (analysis == SW_PLOT_ANALYSIS_TIME)
    {
      self->t0 = self->saved.t0;
      self->t1 = self->saved.t1;
      _sw_plot_view_set_zoomed (self, self->saved.zoomed);
      self->cursor_visible = self->saved.cursor_visible;
      self->cursor_kept = self->saved.cursor_kept;
      self->cursor_t = self->saved.cursor_t;
    }
  else
    _sw_plot_view_set_zoomed (self, FALSE);
  self->has_last_range = FALSE;
  _sw_plot_view_check_range (self);
  notify (self, PROP_ANALYSIS);
  notify (self, PROP_REFERENCE_VISIBLE);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

SwPlotAnalysis
sw_plot_view_get_analysis (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), SW_PLOT_ANALYSIS_TIME);
  return self->analysis;
}

void
sw_plot_view_set_spectrum_window (SwPlotView *self, SwSpectrumWindow window)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));
  g_return_if_fail (window <= SW_SPECTRUM_WINDOW_FLAT_TOP);

  if (self->window == window)
    return;
  self->window = window;
  _sw_plot_view_invalidate_analysis (self);
  notify (self, PROP_SPECTRUM_WINDOW);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

SwSpectrumWindow
sw_plot_view_get_spectrum_window (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), SW_SPECTRUM_WINDOW_FLAT_TOP);
  return self->window;
}

void
sw_plot_view_set_order_shaft (SwPlotView *self, const char *name)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  if (g_strcmp0 (self->order_shaft, name) == 0)
    return;
  g_free (self->order_shaft);
  self->order_shaft = g_strdup (name);
  if (self->analysis == SW_PLOT_ANALYSIS_ORDERS)
    _sw_plot_view_invalidate_analysis (self);
  notify (self, PROP_ORDER_SHAFT);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
sw_plot_view_get_order_shaft (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), NULL);
  return self->order_shaft;
}

SwTrajectory *
sw_plot_view_get_spectrum (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), NULL);
  return self->analysis == SW_PLOT_ANALYSIS_TIME ? NULL : shown_now (self);
}

const char *
sw_plot_view_get_analysis_error (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), NULL);
  if (self->analysis == SW_PLOT_ANALYSIS_TIME)
    return NULL;
  shown_now (self);
  return self->analysis_error;
}

void
sw_plot_view_get_analysis_range (SwPlotView *self, double *t0, double *t1)
{
  double a = self->analysis_t0, b = self->analysis_t1;

  g_return_if_fail (SW_IS_PLOT_VIEW (self));
  if (!(b > a))
    run_time_range (self, &a, &b);
  if (t0 != NULL)
    *t0 = a;
  if (t1 != NULL)
    *t1 = b;
}

/* ---- Second cursor, statistics, axes ------------------------------------- */

void
sw_plot_view_set_reference (SwPlotView *self, double x)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));
  g_return_if_fail (isfinite (x));

  self->reference_x = x;
  if (!self->reference_visible)
    {
      self->reference_visible = TRUE;
      notify (self, PROP_REFERENCE_VISIBLE);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
sw_plot_view_hide_reference (SwPlotView *self)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  if (!self->reference_visible)
    return;
  self->reference_visible = FALSE;
  notify (self, PROP_REFERENCE_VISIBLE);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
sw_plot_view_get_reference (SwPlotView *self, double *x)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), FALSE);
  if (x != NULL)
    *x = self->reference_x;
  return self->reference_visible;
}

void
sw_plot_view_set_statistics (SwPlotView *self, gboolean statistics)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  statistics = !!statistics;
  if (self->statistics == statistics)
    return;
  self->statistics = statistics;
  notify (self, PROP_STATISTICS);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
sw_plot_view_get_statistics (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), FALSE);
  return self->statistics;
}

gboolean
sw_plot_view_get_column_stats (SwPlotView *self, const char *name, SwSignalStats *stats)
{
  SwTrajectory *tr;
  const char *unused;
  double x0, x1, factor;
  int column;

  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), FALSE);
  g_return_val_if_fail (name != NULL && stats != NULL, FALSE);

  tr = shown_now (self);
  if (!_sw_plot_view_has_rows (tr) || _sw_plot_view_find_column (self, name) < 0 ||
      (column = sw_trajectory_find_column (tr, name)) < 0)
    return FALSE;
  if (_sw_plot_view_is_xy (self) && self->analysis == SW_PLOT_ANALYSIS_TIME)
    _sw_plot_view_full_time_range (self, &x0, &x1);
  else
    sw_plot_view_get_range (self, &x0, &x1);
  if (!sw_signal_stats (sw_trajectory_get_times (tr), sw_trajectory_get_column (tr, (guint) column),
                        sw_trajectory_get_n_rows (tr), x0, x1, stats))
    return FALSE;
  factor = _sw_plot_view_display_factor (self->display_units, sw_trajectory_get_column_unit (tr, (guint) column),
                                         &unused);
  stats->min *= factor;
  stats->max *= factor;
  stats->mean *= factor;
  stats->rms *= factor;
  stats->peak_to_peak *= factor;
  return TRUE;
}

void
sw_plot_view_set_log_x (SwPlotView *self, gboolean log_x)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  log_x = !!log_x;
  if (self->log_x == log_x)
    return;
  self->log_x = log_x;
  notify (self, PROP_LOG_X);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
sw_plot_view_get_log_x (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), FALSE);
  return self->log_x;
}

void
sw_plot_view_set_log_y (SwPlotView *self, gboolean log_y)
{
  g_return_if_fail (SW_IS_PLOT_VIEW (self));

  log_y = !!log_y;
  if (self->log_y == log_y)
    return;
  self->log_y = log_y;
  _sw_plot_view_clear_y_ranges (self);
  notify (self, PROP_LOG_Y);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
sw_plot_view_get_log_y (SwPlotView *self)
{
  g_return_val_if_fail (SW_IS_PLOT_VIEW (self), FALSE);
  return self->log_y;
}

/* ---- Properties ---------------------------------------------------------- */

void
_sw_plot_view_install_analysis_properties (GObjectClass *object_class, guint first_id)
{
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  first_prop_id = first_id;
  properties[PROP_ANALYSIS] =
    g_param_spec_enum ("analysis", NULL, NULL, SW_TYPE_PLOT_ANALYSIS, SW_PLOT_ANALYSIS_TIME, flags);
  properties[PROP_SPECTRUM_WINDOW] =
    g_param_spec_enum ("spectrum-window", NULL, NULL, SW_TYPE_SPECTRUM_WINDOW, SW_SPECTRUM_WINDOW_FLAT_TOP, flags);
  properties[PROP_ORDER_SHAFT] = g_param_spec_string ("order-shaft", NULL, NULL, NULL, flags);
  properties[PROP_REFERENCE_VISIBLE] = g_param_spec_boolean ("reference-visible", NULL, NULL, FALSE, flags);
  properties[PROP_STATISTICS] = g_param_spec_boolean ("statistics", NULL, NULL, FALSE, flags);
  properties[PROP_LOG_X] = g_param_spec_boolean ("log-x", NULL, NULL, FALSE, flags);
  properties[PROP_LOG_Y] = g_param_spec_boolean ("log-y", NULL, NULL, FALSE, flags);
  for (guint i = 0; i < N_ANALYSIS_PROPS; i++)
    g_object_class_install_property (object_class, first_id + i, properties[i]);
}

gboolean
_sw_plot_view_analysis_get_property (SwPlotView *self, guint prop_id, GValue *value)
{
  if (prop_id < first_prop_id || prop_id >= first_prop_id + N_ANALYSIS_PROPS)
    return FALSE;
  switch (prop_id - first_prop_id)
    {
    case PROP_ANALYSIS:
      g_value_set_enum (value, self->analysis);
      break;
    case PROP_SPECTRUM_WINDOW:
      g_value_set_enum (value, self->window);
      break;
    case PROP_ORDER_SHAFT:
      g_value_set_string (value, self->order_shaft);
      break;
    case PROP_REFERENCE_VISIBLE:
      g_value_set_boolean (value, self->reference_visible);
      break;
    case PROP_STATISTICS:
      g_value_set_boolean (value, self->statistics);
      break;
    case PROP_LOG_X:
      g_value_set_boolean (value, self->log_x);
      break;
    case PROP_LOG_Y:
      g_value_set_boolean (value, self->log_y);
      break;
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

gboolean
_sw_plot_view_analysis_set_property (SwPlotView *self, guint prop_id, const GValue *value)
{
  if (prop_id < first_prop_id || prop_id >= first_prop_id + N_ANALYSIS_PROPS)
    return FALSE;
  switch (prop_id - first_prop_id)
    {
    case PROP_ANALYSIS:
      sw_plot_view_set_analysis (self, g_value_get_enum (value));
      break;
    case PROP_SPECTRUM_WINDOW:
      sw_plot_view_set_spectrum_window (self, g_value_get_enum (value));
      break;
    case PROP_ORDER_SHAFT:
      sw_plot_view_set_order_shaft (self, g_value_get_string (value));
      break;
    case PROP_REFERENCE_VISIBLE:
      if (g_value_get_boolean (value))
        sw_plot_view_set_reference (self, self->reference_x);
      else
        sw_plot_view_hide_reference (self);
      break;
    case PROP_STATISTICS:
      sw_plot_view_set_statistics (self, g_value_get_boolean (value));
      break;
    case PROP_LOG_X:
      sw_plot_view_set_log_x (self, g_value_get_boolean (value));
      break;
    case PROP_LOG_Y:
      sw_plot_view_set_log_y (self, g_value_get_boolean (value));
      break;
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

void
_sw_plot_view_finalize_analysis (SwPlotView *self)
{
  _sw_plot_view_invalidate_analysis (self);
  g_free (self->order_shaft);
}
