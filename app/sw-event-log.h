/* sw-event-log.h: the event log of a run (friction mode changes) as the
 * CLI prints it and the window lists it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One mode change: the time, the component's id, the modes before and
 * after (SwFrictionMode: -1 backward, 0 stuck, 1 forward, 2 free). */
typedef struct {
  double t;
  char  *id;
  int    old_mode;
  int    new_mode;
} SwEventLogEntry;

/* A GArray of SwEventLogEntry that frees the ids with the array. */
GArray     *sw_event_log_new         (void);
/* Appends a copy of id; an SwModeChangeFunc's arguments. */
void        sw_event_log_append      (GArray *log, double t, const char *id, int old_mode, int new_mode);

/* "forward", "stuck", "backward", "free" (translated); "mode N" otherwise,
 * in a static buffer of the caller's (SW_EVENT_MODE_BUF_SIZE). */
#define SW_EVENT_MODE_BUF_SIZE 32
const char *sw_event_mode_name       (int mode, char *buf);
/* "backward → stuck" (newly allocated). */
char       *sw_event_dup_change      (int old_mode, int new_mode);
/* The time as its shortest text that reads back exactly: "0.0067797089998355". */
char       *sw_event_dup_time        (double t);
/* "t = 0.0067797089998355 s  clutch: backward → stuck" (newly allocated). */
char       *sw_event_dup_line        (double t, const char *id, int old_mode, int new_mode);

G_END_DECLS
