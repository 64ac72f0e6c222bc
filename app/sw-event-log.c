/* sw-event-log.c: the event log of a run as text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sw-event-log.h"
#include "sw-kind.h"
#include "sw-number.h"

static void
entry_clear (gpointer data)
{
  SwEventLogEntry *e = data;

  g_free (e->id);
}

GArray *
sw_event_log_new (void)
{
  GArray *log = g_array_new (FALSE, FALSE, sizeof (SwEventLogEntry));

  g_array_set_clear_func (log, entry_clear);
  return log;
}

void
sw_event_log_append (GArray *log, double t, const char *id, int old_mode, int new_mode)
{
  SwEventLogEntry e = { t, g_strdup (id), old_mode, new_mode };

  g_return_if_fail (log != NULL);
  g_array_append_val (log, e);
}

const char *
sw_event_mode_name (int mode, char *buf)
{
  switch (mode)
    {
    case SW_FRICTION_FORWARD:
      /* Translators: a friction element's mode: sliding forward. */
      return C_("friction mode", "forward");
    case SW_FRICTION_STUCK:
      /* Translators: a friction element's mode: sticking. */
      return C_("friction mode", "stuck");
    case SW_FRICTION_BACKWARD:
      /* Translators: a friction element's mode: sliding backward. */
      return C_("friction mode", "backward");
    case SW_FRICTION_FREE:
      /* Translators: a friction element's mode: no normal force, free
       * running; a contact's: open, no force. */
      return C_("friction mode", "free");
    case SW_MODE_CONTACT:
      /* Translators: a contact's mode (backlash, gap): the teeth touch. */
      return C_("friction mode", "contact");
    case SW_MODE_AT_STOP:
      /* Translators: a mass's mode: held at a hard stop. */
      return C_("friction mode", "at stop");
    default:
      /* Translators: a mode without a name, by its number. */
      g_snprintf (buf, SW_EVENT_MODE_BUF_SIZE, _("mode %d"), mode);
      return buf;
    }
}

char *
sw_event_dup_change (int old_mode, int new_mode)
{
  char a[SW_EVENT_MODE_BUF_SIZE], b[SW_EVENT_MODE_BUF_SIZE];

  if (old_mode == SW_FRICTION_START)
    /* Translators: the mode a friction element starts in: "starts stuck". */
    return g_strdup_printf (_("starts %s"), sw_event_mode_name (new_mode, b));
  /* Translators: a mode change, old → new: "backward → stuck". */
  return g_strdup_printf (_("%s → %s"), sw_event_mode_name (old_mode, a), sw_event_mode_name (new_mode, b));
}

char *
sw_event_dup_time (double t)
{
  char buf[SW_NUMBER_BUF_SIZE];

  return g_strdup (sw_format_number (buf, t));
}

char *
sw_event_dup_line (double t, const char *id, int old_mode, int new_mode)
{
  g_autofree char *time = sw_event_dup_time (t);
  g_autofree char *change = sw_event_dup_change (old_mode, new_mode);

  /* Translators: a line of the event log: time, component, mode change:
   * "t = 0.5 s  brake: free → stuck". */
  return g_strdup_printf (_("t = %s s  %s: %s"), time, id, change);
}
