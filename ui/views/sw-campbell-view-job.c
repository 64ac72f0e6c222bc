/* sw-campbell-view-job.c: the Campbell view's worker: the operating
 * point's state, sw_campbell_compute(), and where the friction state was
 * not chosen and no mode moves the reference shaft there (the engine
 * behind a clutch open at t = 0), the diagram with the clutches engaged,
 * said so (as the Frequency, Modes and Forced pages do).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-campbell-view-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "sw-modes.h"
#include "sw-simulate.h"

void
_sw_campbell_view_result_free (SwCampbellViewResult *r)
{
  g_clear_pointer (&r->campbell, sw_campbell_free);
  g_free (r->note);
  g_free (r);
}

void
_sw_campbell_view_job_free (SwCampbellViewJob *job)
{
  g_clear_pointer (&job->system, sw_system_unref);
  g_free (job->shaft);
  g_array_unref (job->orders);
  g_free (job);
}

/* Whether an elastic mode at the operating point (in the friction state
 * given) moves the reference shaft: else its orders excite nothing the
 * diagram shows (the engine behind an open clutch). */
static gboolean
shaft_takes_part (const SwSystem *system, const char *shaft, double at_s, const double *state,
                  SwLinearFriction friction)
{
  SwModesOptions mo = sw_modes_options_default ();
  g_autoptr (SwModes) modes = NULL;
  g_autofree double *shape = NULL;
  int body = -1;

  mo.keep_values = FALSE;
  mo.friction = friction;
  modes = sw_modes_compute_with_options (system, at_s, state, &mo, NULL);
  if (modes == NULL)
    return TRUE;   /* not known: the diagram as computed */
  for (guint b = 0; b < sw_modes_get_n_bodies (modes); b++)
    if (strcmp (sw_modes_get_body_part (modes, b)->id, shaft) == 0)
      body = (int) b;
  if (body < 0)
    return TRUE;
  shape = g_new (double, MAX (sw_modes_get_n_bodies (modes), 1));
  for (guint i = 0; i < sw_modes_get_n_modes (modes); i++)
    {
      if (sw_modes_get_mode (modes, i)->rigid_body)
        continue;
      sw_modes_get_mode_values (modes, i, shape, NULL, NULL, NULL, NULL, NULL);
      if (fabs (shape[body]) > 1e-6)
        return TRUE;
    }
  return FALSE;
}

/* Whether the diagram has a mode line (columns mode_<k>_hz). */
static gboolean
has_elastic_mode (const SwCampbell *c)
{
  SwTrajectory *d = sw_campbell_get_diagram (c);

  for (guint k = 0; k < sw_trajectory_get_n_columns (d); k++)
    if (g_str_has_prefix (sw_trajectory_get_column_name (d, k), "mode_"))
      return TRUE;
  return FALSE;
}

void
_sw_campbell_view_job_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  SwCampbellViewJob *job = data;
  GError *error = NULL;
  g_autofree double *state = NULL;
  SwCampbellViewResult *r;
  SwCampbell *c;

  if (!sw_simulate_state_at (job->system, job->options.at_s, &state, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  job->options.at_state = state;
  c = sw_campbell_compute (job->system, job->shaft, &job->options, &error);
  if (c == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  r = g_new0 (SwCampbellViewResult, 1);
  r->campbell = c;
  r->friction = job->options.friction;
  if (job->may_engage && job->options.friction == SW_LINEAR_FRICTION_OPERATING &&
      !g_cancellable_is_cancelled (cancellable) &&
      !shaft_takes_part (job->system, job->shaft, job->options.at_s, state, job->options.friction) &&
      shaft_takes_part (job->system, job->shaft, job->options.at_s, state, SW_LINEAR_FRICTION_ENGAGED))
    {
      SwCampbellOptions o = job->options;
      SwCampbell *engaged;

      o.friction = SW_LINEAR_FRICTION_ENGAGED;
      engaged = sw_campbell_compute (job->system, job->shaft, &o, NULL);
      if (engaged != NULL)
        {
          sw_campbell_free (r->campbell);
          r->campbell = engaged;
          r->friction = o.friction;
          /* Translators: the reference shaft's id (“engine”). */
          r->note = g_strdup_printf (_("At the operating point no mode moves %s (an open clutch or a locked brake): "
                                       "shown with the clutches engaged and the brakes released."),
                                     job->shaft);
        }
    }
  if (r->note == NULL && !has_elastic_mode (r->campbell))
    r->note = g_strdup (_("No elastic mode: the drivetrain has no compliant section (a spring, a shaft) that could "
                          "resonate, so no order line crosses one."));
  g_task_return_pointer (task, r, (GDestroyNotify) _sw_campbell_view_result_free);
}
