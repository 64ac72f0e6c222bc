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
 * A model being drawn, with a part left dangling
 * (_sw_window_count_unconnected()) and no problem elsewhere, is not run:
 * the results bar says "Incomplete: N ports unconnected" instead of a
 * failure each time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-window-private.h"

#include <glib/gi18n.h>

#define LIVE_RESTART_MS 150

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
       * a long one is restarted. */
      if (running_ms < LIVE_RESTART_MS)
        {
          self->live_pending = TRUE;
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
      g_autofree char *text = g_strdup_printf (ngettext ("Incomplete: %u port unconnected",
                                                         "Incomplete: %u ports unconnected", unconnected),
                                               unconnected);

      if (self->run_cancellable != NULL && self->run_is_live)
        _sw_window_cancel_jobs (self);
      _sw_window_set_run_error (self, NULL);
      gtk_label_set_label (self->run_status, text);
      return G_SOURCE_REMOVE;
    }
  if (_sw_window_start_run (self, TRUE))
    _sw_window_start_modes (self);
  return G_SOURCE_REMOVE;
}

static void
schedule (SwWindow *self)
{
  if (self->live_source != 0)
    return;
  self->live_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, live_idle_cb, self, NULL);
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
      schedule (self);
    }
}

void
_sw_window_live_clear (SwWindow *self)
{
  g_clear_handle_id (&self->live_source, g_source_remove);
  self->live_pending = FALSE;
  g_clear_pointer (&self->live_params, g_free);
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
  g_signal_connect_object (self->live_button, "toggled", G_CALLBACK (live_toggled_cb), self,
                           G_CONNECT_SWAPPED);
}
