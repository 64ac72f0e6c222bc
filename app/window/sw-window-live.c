/* sw-window-live.c: live tuning. With Live on (the default) every edit
 * that changes what is simulated (a parameter, a connection, a setting;
 * not a move on the canvas) runs the simulation and the modes again.
 *
 * Edits are coalesced: the edits of one main-loop turn start one run, at
 * idle priority; while a live run is under way, further edits wait for it
 * and then start one run with the model as it is by then, so a drag or
 * typing shows every result the solver can deliver. A run that has been
 * going for longer than LIVE_RESTART_MS is cancelled instead: its result
 * would be stale when it arrives.
 *
 * One frame: when the last run took less than LIVE_WAIT_US of processor
 * time, the next run starts before the edit's frame paints (its idle runs
 * ahead of GTK's frame clock) and that frame waits for it, at most
 * LIVE_WAIT_US, in its update phase (a tick callback) and shows it: the
 * new curve comes with the edit's own frame instead of the next one,
 * 16.7 ms later. A run that is not done by then comes as before, and the
 * next edits do not wait until a run is short again; a large model's run
 * starts after the edit's frame, as it always did: it never holds the
 * main thread, a small one at most LIVE_WAIT_US, and typing stays smooth.
 *
 * The modes of such an edit start after its frame has painted: their
 * result, shown in the modes table, charts and canvas, would otherwise
 * often arrive while the frame waits for the run and hold its paint
 * back by a few milliseconds.
 *
 * A model being drawn, with a part left dangling
 * (_sw_window_count_unconnected()) and no problem elsewhere, is not run:
 * the results bar says "N ports unconnected" instead of a
 * failure each time, and the plot shows its curves dimmed, as the last
 * complete model's (sw_plot_view_set_stale()), until the next run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-window-private.h"

#include <glib/gi18n.h>

#define LIVE_RESTART_MS 150
/* Half a frame: the other half draws the plot. */
#define LIVE_WAIT_US    (8 * 1000)
/* Before GDK_PRIORITY_REDRAW (G_PRIORITY_HIGH_IDLE + 20): the run starts
 * ahead of the frame the edit asked for. */
#define LIVE_PRIORITY   (G_PRIORITY_HIGH_IDLE + 10)

/* Whether the last run was short enough for a frame to wait for the next. */
static gboolean
runs_are_short (SwWindow *self)
{
  return self->last_run_us >= 0 && self->last_run_us < self->live_wait_us;
}

/* A short run starts ahead of the edit's frame; a large model's snapshot
 * and start wait until the frame has shown the edit (typing stays smooth). */
static int
live_priority (SwWindow *self)
{
  return runs_are_short (self) ? LIVE_PRIORITY : G_PRIORITY_DEFAULT_IDLE;
}

static gboolean
live_modes_cb (gpointer data)
{
  SwWindow *self = data;

  self->live_modes = 0;
  _sw_window_start_modes (self);
  return G_SOURCE_REMOVE;
}

/* After the frame being painted (its paint follows the tick callbacks in
 * the same turn of the main loop). */
static void
start_modes_after_frame (SwWindow *self)
{
  if (self->live_modes != 0)
    return;
  self->live_modes = g_idle_add_full (G_PRIORITY_DEFAULT, live_modes_cb, self, NULL);
  g_source_set_name_by_id (self->live_modes, "[shaftwork] live modes");
}

static gboolean
live_tick_cb (GtkWidget     *widget,
              GdkFrameClock *clock,
              gpointer       data)
{
  SwWindow *self = SW_WINDOW (widget);

  self->live_tick = 0;
  start_modes_after_frame (self);
  /* Already shown, or not live any more. */
  if (self->run_job == NULL || !self->run_is_live)
    return G_SOURCE_REMOVE;
  self->n_live_waits++;
  if (_sw_window_wait_live_run (self, self->live_wait_us))
    self->n_live_waits_met++;
  else if (self->run_cancellable != NULL)
    /* Too long for a frame: no waiting until a run is short again. */
    self->last_run_us = G_MAXINT64;
  return G_SOURCE_REMOVE;
}

/* The frame after a live run's start shows it, when the run is likely
 * to be done in time. */
static void
wait_in_next_frame (SwWindow *self)
{
  if (self->live_tick != 0 || !runs_are_short (self) || !gtk_widget_get_mapped (GTK_WIDGET (self->plot_view)))
    return;
  self->live_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), live_tick_cb, NULL, NULL);
}

static gboolean
live_idle_cb (gpointer data)
{
  SwWindow *self = data;
  g_autofree char *params = NULL;
  guint unconnected;

  self->live_source = 0;
  if (self->model == NULL || !sw_window_get_live (self))
    return G_SOURCE_REMOVE;

  if (self->run_cancellable != NULL)
    {
      gint64 running_ms = (g_get_monotonic_time () - self->run_started_us) / 1000;

      /* Wait for a short run to finish (see _sw_window_live_run_done);
       * a long one is restarted, also when it is not done by then. */
      if (running_ms < LIVE_RESTART_MS)
        {
          self->live_pending = TRUE;
          self->live_source = g_timeout_add_full (live_priority (self), (guint) (LIVE_RESTART_MS - running_ms),
                                                  live_idle_cb, self, NULL);
          g_source_set_name_by_id (self->live_source, "[shaftwork] live run restart");
          return G_SOURCE_REMOVE;
        }
    }

  /* What the run would simulate: nothing to do when it is what the last
   * run (or the run under way) simulates. */
  params = _sw_window_dup_params_text (self->model);
  if (g_strcmp0 (params, self->live_params) == 0)
    return G_SOURCE_REMOVE;
  if (sw_model_get_n_components (self->model) == 0)
    {
      _sw_window_cancel_jobs (self);
      _sw_window_results_clear (self);
      _sw_window_results_update_state (self);
      g_free (self->live_params);
      self->live_params = g_steal_pointer (&params);
      return G_SOURCE_REMOVE;
    }
  g_free (self->live_params);
  self->live_params = g_steal_pointer (&params);
  /* A model being drawn: said calmly, not run (its half-built states
   * would fail one after another, or show results of nothing much). */
  unconnected = _sw_window_count_unconnected (self->model);
  if (unconnected > 0)
    _sw_window_run_check (self);
  /* A problem elsewhere is one all the same: the run says it. */
  if (unconnected > 0 && self->n_problems == 0)
    {
      /* Short: read in full beside the six tabs of a 1280 px window. */
      g_autofree char *text = g_strdup_printf (ngettext ("%u port unconnected", "%u ports unconnected", unconnected),
                                               unconnected);

      if (self->run_cancellable != NULL && self->run_is_live)
        _sw_window_cancel_jobs (self);
      _sw_window_set_run_error (self, NULL);
      gtk_label_set_label (self->run_status, text);
      /* The curves shown are not this model's any more: dimmed, and said. */
      sw_plot_view_set_stale (self->plot_view, TRUE);
      return G_SOURCE_REMOVE;
    }
  if (_sw_window_start_run (self, TRUE))
    {
      wait_in_next_frame (self);
      if (self->live_tick == 0)
        _sw_window_start_modes (self);
    }
  return G_SOURCE_REMOVE;
}

static void
schedule (SwWindow *self)
{
  if (self->live_source != 0)
    return;
  self->live_source = g_idle_add_full (live_priority (self), live_idle_cb, self, NULL);
  g_source_set_name_by_id (self->live_source, "[shaftwork] live run");
}

void
_sw_window_live_model_changed (SwWindow *self)
{
  if (!sw_window_get_live (self))
    return;
  schedule (self);
}

void
_sw_window_live_run_done (SwWindow *self)
{
  if (self->live_pending)
    {
      self->live_pending = FALSE;
      /* At once, not when a long run would have been restarted. */
      g_clear_handle_id (&self->live_source, g_source_remove);
      schedule (self);
    }
}

void
_sw_window_live_clear (SwWindow *self)
{
  g_clear_handle_id (&self->live_source, g_source_remove);
  if (self->live_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->live_tick);
  self->live_tick = 0;
  g_clear_handle_id (&self->live_modes, g_source_remove);
  self->live_pending = FALSE;
  g_clear_pointer (&self->live_params, g_free);
  /* Another document: how long its runs take is not known yet. */
  self->last_run_us = -1;
}

static void
live_toggled_cb (SwWindow *self)
{
  /* Turning Live on brings the results up to date. */
  if (sw_window_get_live (self))
    schedule (self);
}

void
_sw_window_live_init (SwWindow *self)
{
  self->last_run_us = -1;
  self->live_wait_us = LIVE_WAIT_US;
  g_signal_connect_object (self->live_button, "toggled", G_CALLBACK (live_toggled_cb), self,
                           G_CONNECT_SWAPPED);
}
