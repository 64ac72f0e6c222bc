/* sw-cli-progress.c: numeric options and the progress line of long runs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdio.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "sw-cli-private.h"

gboolean
sw_cli_parse_number (GOptionContext *ctx, const char *option, const char *text, double above, double below,
                     const char *valid, double *value, int *status)
{
  char *end = NULL;

  if (text == NULL)
    return TRUE;
  *value = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (*value) || !(*value > above) || !(*value < below))
    {
      g_autofree char *msg = g_strdup_printf (_("%s “%s” is not valid; valid: %s"), option, text, valid);

      *status = sw_cli_usage_error (ctx, msg);
      return FALSE;
    }
  return TRUE;
}

/* A run shows progress once it has taken this long, and then redraws its
 * line at most this often on a terminal, or writes a line this often to a
 * log. */
#define PROGRESS_AFTER_S    1.0
#define PROGRESS_EVERY_S    0.1
#define PROGRESS_LOG_EVERY_S 1.0

void
sw_cli_progress_init (SwCliProgress *progress, gboolean quiet, gboolean forced)
{
  progress->terminal = isatty (STDERR_FILENO);
  progress->enabled = !quiet && (forced || progress->terminal);
  /* Asked for: from the first output time on. */
  progress->after_s = forced ? 0 : PROGRESS_AFTER_S;
  progress->start_us = g_get_monotonic_time ();
  progress->last_us = 0;
  progress->shown = FALSE;
}

void
sw_cli_progress_update (double t, double stop_time_s, gpointer data)
{
  SwCliProgress *progress = data;
  gint64 now = g_get_monotonic_time ();
  double elapsed = (now - progress->start_us) / 1e6;

  if (!progress->enabled || elapsed < progress->after_s
      || (now - progress->last_us) / 1e6 < (progress->terminal ? PROGRESS_EVERY_S : PROGRESS_LOG_EVERY_S))
    return;
  progress->last_us = now;
  progress->shown = TRUE;
  /* A terminal's line is redrawn in place; a log gets one line each time. */
  g_printerr ("%s", progress->terminal ? "\r\033[K" : "");
  /* Translators: the progress line of a long run: simulated time / stop time, percentage, simulated seconds
   * per second of wall time. */
  g_printerr (_("t = %.4g s / %.4g s (%.0f %%), %.3g s simulated per s"), t, stop_time_s,
              100 * t / stop_time_s, t / elapsed);
  g_printerr ("%s", progress->terminal ? "" : "\n");
}

void
sw_cli_progress_end (SwCliProgress *progress)
{
  if (progress->shown && progress->terminal)
    g_printerr ("\r\033[K");
}
