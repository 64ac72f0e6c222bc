/* sw-simulate-events.c: the instants in a run where a signal or a part's
 * force jumps (time events), clustered where they coincide up to round-off.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-simulate-private.h"

#include <glib/gi18n-lib.h>
#include "sw-equations-private.h"
#include "sw-error.h"
#include "sw-simulate.h"

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* Sorted instants in (0, stop) where a signal or a part's force jumps, one
 * for each cluster that coincides up to round-off (its first instant; the
 * others are within _sw_time_event_end() of it). A cluster whose window
 * reaches the stop time is the stop's: no event, the row at the stop is
 * its right limit, and *last_left is its first instant, from which the
 * last steps take the left limit (else the stop time: a jump at the stop
 * is after the run). NULL
 * with an error naming the signal when there are more than
 * SW_SIMULATE_MAX_EVENTS (a pulse of period 1e-9 s would fill the memory). */
GArray *
_sw_simulate_time_events (const SwSystem *sys, double stop, double *last_left, GError **error)
{
  g_autoptr (GArray) ev = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < sys->n_parts; i++)
    for (guint k = 0; k < sys->parts[i].kind->n_params; k++)
      {
        const SwSignal *s = sys->parts[i].signal[k];
        double t = 0, te;

        if (s == NULL)
          continue;
        /* te > t: a period below the resolution of t must not loop. */
        while (sw_signal_next_event (s, t, &te) && te < stop && te > t)
          {
            if (ev->len >= SW_SIMULATE_MAX_EVENTS)
              {
                g_set_error (error, SW_ERROR, SW_ERROR_TOO_LARGE,
                             _("component “%s”: the signal “%s” has more than %d events (signal edges) "
                               "before the stop time %g s, the most a run may hold; make its period longer "
                               "or the stop time shorter"),
                             sys->parts[i].id, sys->parts[i].kind->params[k].name, SW_SIMULATE_MAX_EVENTS,
                             stop);
                return NULL;
              }
            g_array_append_val (ev, te);
            t = te;
          }
      }
  for (guint k = 0; k < sys->time_events->len; k++)
    {
      double te = g_array_index (sys->time_events, double, k);
      if (te > 0 && te < stop)
        g_array_append_val (ev, te);
    }
  g_array_sort (ev, compare_double);
  *last_left = stop;
  {
    guint n = 0;

    for (guint k = 0; k < ev->len; k++)
      {
        double te = g_array_index (ev, double, k);

        if (n > 0 && te <= _sw_time_event_end (g_array_index (ev, double, n - 1)))
          continue;
        if (_sw_time_event_end (te) >= stop)
          {
            *last_left = te;
            break;
          }
        g_array_index (ev, double, n++) = te;
      }
    g_array_set_size (ev, n);
  }
  return g_steal_pointer (&ev);
}
