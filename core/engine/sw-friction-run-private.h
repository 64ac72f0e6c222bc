/* sw-friction-run-private.h: a run with friction, shared by its files:
 * sw-friction.c (the run, its parallel locks, switching functions and
 * located events) and sw-friction-settle.c (the modes settled at an
 * event).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <math.h>
#include "sw-friction-private.h"

G_BEGIN_DECLS

/* Mode changes at one instant before the modes count as not settling. */
#define MAX_SETTLE_ROUNDS 50
/* Chattering: this many events within a span of 1e-6 of the run's length
 * (or at one instant), a length of at most CHATTER_LENGTH: events that
 * recur with the motion (a clutch in a run of 1e6 s, an engine's firings
 * before an operating point at 1e8 s) are not a pile-up however long the
 * run. */
#define CHATTER_EVENTS 500
#define CHATTER_SPAN 1e-6
/* And a slower pile-up: this many within 1e-2 of the run's length (a part
 * that breaks away and sticks again at every first step of the integrator,
 * some nanoseconds apart). */
#define CHATTER_EVENTS_SLOW 10000
#define CHATTER_SPAN_SLOW 1e-2
#define CHATTER_LENGTH 1.0

typedef struct {
  guint part;
  gint8 old_mode, new_mode;
} Change;

struct _SwFrictionRun {
  SwSystem    *base;
  SwSystem    *sys;       /* base, or base with the stuck parts locked */
  SwEquations *eq;
  guint        n;         /* friction parts */
  guint       *parts;
  /* Contacts that open (SwContactDesc): their switching functions follow
   * the friction parts' in g, and their regions. */
  guint        n_contacts;
  guint       *contacts;  /* their regions and held values are in eq */
  gboolean    *at_stop;   /* per part: stuck at a hard stop */
  gboolean    *leaving;   /* per part: broke away, still inside its stick band */
  guint        n_switch;  /* n + n_contacts */
  gint8       *mode;      /* per part of the system */
  gint8       *quadrant;  /* per part: a lossy part's transmitted torque's sign assumed */
  double      *impact;    /* per part: kinetic energy lost at its hard stops so far */
  double      *locked;    /* per part: NAN, or the lock's offset */
  double      *g;         /* per friction part: the switching function at the reference */
  /* Per friction part: a dead band in its sliding function right after it
   * broke away (from speed 0, where round-off may show either sign), until
   * it has slid clear of it. */
  double      *band;
  double      *g_trial;
  GArray      *changes;   /* the last settle's: Change */
  /* The instants of the last CHATTER_EVENTS events (a ring), and the span
   * that many may not fall within. */
  double       recent[CHATTER_EVENTS];
  guint        n_recent;
  double       chatter_span;
  double      *recent_slow;  /* the same, CHATTER_EVENTS_SLOW of them */
  guint        n_recent_slow;
  double       chatter_span_slow;
  gboolean     settled;   /* the modes at the start are settled */
  /* The switching function (n_switch: none) whose crossing the last
   * located event is: the part a chatter is named after. */
  guint        crossed;
  double       crossed_at;
  /* The joint decision at speed 0 (made at the first event that needs it). */
  SwFrictionDecide *decide;
};

typedef struct {
  double w, a;               /* relative speed and acceleration */
  double a_zero;             /* a relative acceleration this small is 0 (round-off) */
  double tau;                /* stuck: the lock's torque */
  double tau0, tau0_max;
  double w_stick;            /* the stick band (0: stick at speed 0) */
  /* Stuck, it holds while tau_lo <= tau <= tau_hi (-tau0_max, tau0_max
   * unless the part is lossy: then they depend on the transmitted torque
   * tau_t). */
  double tau_lo, tau_hi, tau_t;
  /* Lossy: the bearing friction by which the driving side is judged
   * (SwFrictionDesc.bearing), and tau_t less it in the direction the part
   * rolls (Modelica's tau_eta). */
  double bearing, tau_eta;
  double engaged;            /* > 0 engaged, <= 0 free */
  gboolean free;
  double rel;                /* relative position */
  double room_forward, room_backward;  /* to the hard stops (INFINITY: none) */
  double lower, upper;       /* the stops */
} Contact;

/* How contact part p's region shows in the log, or -1: not at all. */
static inline int
_sw_friction_contact_mode (const SwPart *p, int region)
{
  if (p->kind->contact->log_mode != NULL)
    return p->kind->contact->log_mode (region);
  return region == 1 || region == -1 ? SW_MODE_CONTACT : SW_FRICTION_FREE;
}

static inline double
_sw_friction_stick_speed (SwFrictionRun *run, guint i)
{
  const SwPart *p = &run->sys->parts[i];

  return p->kind->friction->stick_speed != NULL ? p->kind->friction->stick_speed (p) : 0;
}

/* A relative position this close to a stop is at it. */
static inline double
_sw_friction_stop_tolerance (const Contact *c)
{
  return 1e-9 * MAX (1, MAX (isfinite (c->upper) ? fabs (c->upper) : 0, isfinite (c->lower) ? fabs (c->lower) : 0));
}

/* A lossy part sliding: its law holds while the transmitted torque less
 * the bearing friction (tau_eta) keeps the sign assumed (quadrant), within
 * round-off. */
static inline double
_sw_friction_quadrant_value (const Contact *c, gint8 quadrant)
{
  if (quadrant == 0)
    return INFINITY;
  return quadrant * c->tau_eta + 1e-12 * (fabs (c->tau_t) + fabs (c->tau) + fabs (c->bearing)) + 1e-300;
}

/* After sw_equations_complete (): what part i's mode machine reads. */
void     _sw_friction_read_contact     (SwFrictionRun *run, guint i, double t, Contact *c);
/* The switching functions at (t, y) into g. */
gboolean _sw_friction_switching        (SwFrictionRun *run, double t, const double *y, double *g);
/* FALSE with the equations' error. */
gboolean _sw_friction_equations_error  (SwFrictionRun *run, GError **error);

G_END_DECLS
