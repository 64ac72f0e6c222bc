/* sw-kind.h: descriptor tables of component kinds.
 *
 * A kind is a static const table: its ports, parameters and output variables,
 * and the functions that contribute to the equations. The file reader, the
 * CLI's catalogue (and later the palette and inspector) are generated from
 * these tables; a new kind is one table in a family file plus one line in
 * sw-catalog.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include "sw-signal.h"
#include "sw-table.h"

G_BEGIN_DECLS

#define SW_KIND_MAX_PORTS  4
#define SW_KIND_MAX_PARAMS 32

typedef enum {
  SW_DOMAIN_ROTATIONAL,
  SW_DOMAIN_TRANSLATIONAL
} SwDomain;

typedef struct {
  const char *name;      /* "flange_a", "flange", "support", "flangeR" */
  SwDomain    domain;
  /* An optional support: unconnected, it is fixed to ground (Modelica
   * useSupport=false); connected, the reaction acts on what it meets. */
  gboolean    is_support;
} SwPortDesc;

typedef enum {
  SW_PARAM_REAL,         /* a number */
  SW_PARAM_BOOLEAN,      /* true/false in the file, 0/1 inside */
  SW_PARAM_SIGNAL,       /* a number or a signal object, see sw-signal.h */
  SW_PARAM_INITIAL,      /* an optional initial value: absent means "follows
                          * from the connections" (default_value unused) */
  SW_PARAM_TABLE,        /* rows of numbers (sw-table.h), described by the
                          * parameter's table; default_value unused */
  SW_PARAM_EXPRESSION    /* a formula with named constants (sw-expression.h),
                          * described by the parameter's expression;
                          * default_value unused */
} SwParamType;

/* A column of a table parameter: its values must lie in [min, max]. */
typedef struct {
  const char *name;      /* "w", "tau", "eta_mf1" */
  const char *unit;
  double      min, max;
  gboolean    min_exclusive;
} SwColumnDesc;

/* A table parameter: at least one row of n_columns numbers, the first
 * column strictly increasing. */
typedef struct {
  const SwColumnDesc *columns;
  guint               n_columns;
  const double       *default_rows;    /* n_default_rows × n_columns */
  guint               n_default_rows;
} SwTableDesc;

/* An expression parameter: the variables its formula may use (besides its
 * own constants) and its default. */
typedef struct {
  const char *const *variables;        /* NULL-terminated: "phi_rel", "w_rel", "t" */
  const char *const *units;            /* of each variable */
  const char        *default_text;
  const char *const *default_names;    /* n_default_constants names and values */
  const double      *default_values;
  guint              n_default_constants;
} SwExpressionDesc;

typedef struct {
  const char  *name;     /* file name, Modelica or Twin Builder spelling */
  const char  *label;    /* N_() */
  const char  *unit;     /* "kg.m2", "N.m/rad", "" for dimensionless */
  SwParamType  type;
  double       default_value;   /* NAN: the file must give it */
  double       min, max;        /* inclusive valid range */
  gboolean     min_exclusive;   /* min itself is not valid (J > 0) */
  const char  *help;
  const SwTableDesc *table;     /* SW_PARAM_TABLE only */
  const SwExpressionDesc *expression;  /* SW_PARAM_EXPRESSION only */
} SwParamDesc;

typedef struct {
  const char *name;      /* "phi", "w", "tau", "flange_a.tau", "power" */
  const char *unit;
  const char *help;
} SwVarDesc;

typedef struct _SwPart    SwPart;
typedef struct _SwBuilder SwBuilder;
typedef struct _SwState   SwState;

/* How an element's force depends on the motion: the assembly uses this to
 * tell an algebraic massless node from a first-order one. */
typedef enum {
  SW_FORCE_NONE        = 0,
  SW_FORCE_STIFFNESS   = 1 << 0,  /* depends on positions */
  SW_FORCE_DAMPING     = 1 << 1,  /* depends on velocities */
  SW_FORCE_TIME        = 1 << 2   /* depends on time (a signal) */
} SwForceFlags;

/* A linear element between ports 0 (a) and 1 (b), a spring or a damper:
 * the force through it is tau = param[stiffness] (x_b - x_a - param[offset])
 * + param[damping] (v_b - v_a), +tau on a's node and -tau on b's. An index
 * of -1 leaves the term out. A kind that fills this gives the same forces
 * as its forces function; the engine then evaluates it in a flat loop.
 * by_formula: a part of the kind is such an element when its EXPRESSION
 * parameter formula, over (x_b - x_a, v_b - v_a, t), compiles to
 * c (x_rel - offset) + d v_rel (a custom coupling's "c*phi_rel + d*w_rel";
 * _sw_function_get_linear()). */
typedef struct {
  gboolean is_linear;
  int      stiffness, damping, offset;
  gboolean by_formula;
  int      formula;
} SwLinearForce;

/* Modelica's friction modes (PartialFriction), and free: no normal force. */
typedef enum {
  SW_FRICTION_BACKWARD = -1,
  SW_FRICTION_STUCK    = 0,
  SW_FRICTION_FORWARD  = 1,
  SW_FRICTION_FREE     = 2,
  /* Only as the old mode of an event log entry: the mode a run starts in. */
  SW_FRICTION_START    = 3,
  /* Only in the event log: a contact transmits force; a part held at a
   * hard stop (stuck there). */
  SW_MODE_CONTACT      = 4,
  SW_MODE_AT_STOP      = 5,
  /* Only inside the engine, at an event: the part's own friction is off
   * (kinds apply none, as free) and the engine applies the torque in the
   * state's loss between its friction ports instead, as a lock's
   * multiplier would (sw-friction-decide.c). */
  SW_FRICTION_PROBE    = 6
} SwFrictionMode;

/* A contact that opens and closes (elasto-backlash, elasto-gap): its force
 * is a continuous law of the state, made of pieces (regions: 0 open, +-1
 * pressing, +-2 beyond the play but with no force, as the damping would
 * pull). The engine locates every change of region as an event, as
 * Modelica's relations make them, and logs contact and free. */
typedef struct {
  /* The region at the state (whose region[] holds the present one, so a
   * region may depend on the history: a latch, a firing count). */
  int    (*region)    (const SwPart *part, const SwState *state);
  /* >= 0 while the state stays in region r. */
  double (*switching) (const SwPart *part, const SwState *state, int region);
  /* Held values (n_held per part, 0: none): numbers that change only at
   * the part's events, read as SW_HELD (part, state, k). start() gives
   * them at the first instant, update() when the region changes (at the
   * located instant; may be NULL). */
  guint  n_held;
  void   (*start)     (const SwPart *part, const SwState *state, double *held);
  void   (*update)    (const SwPart *part, const SwState *state, int old_region, int new_region, double *held);
  /* How a region shows in the event log (an SwFrictionMode), or -1: not
   * logged. NULL: contact for +-1, free otherwise. */
  int    (*log_mode)  (int region);
} SwContactDesc;

/* Friction that sticks. It acts along x[port_b] - x[port_a]; sliding, the
 * kind's forces give the law of the part's mode (state->mode); stuck, the
 * engine locks x_b - x_a (sw-friction.c) and the lock's multiplier is the
 * friction torque. */
typedef struct {
  guint port_a, port_b;
  /* At the state's time: the sliding torque at speed 0 (tau0 >= 0), the
   * largest static torque (tau0_max >= tau0), and how engaged it is: > 0
   * with a normal force, <= 0 free (continuous in time, so that the instant
   * it frees is found like any other). */
  void (*limits) (const SwPart *part, const SwState *state, double *tau0, double *tau0_max, double *engaged);
  /* Hard stops (NULL: none): the relative positions x_b - x_a it cannot
   * pass forward (*upper) and backward (*lower). Reaching one, the part
   * sticks there (an inelastic impact: its speed drops to 0) and leaves it
   * only away from it. */
  void (*stops)  (const SwPart *part, double *lower, double *upper);
  /* A freewheel in parallel: it never slides backward (a backward torque
   * keeps it locked, whatever the normal force). */
  gboolean one_way;
  /* A loss that depends on the torque the part transmits (a lossy gear),
   * or NULL. The transmitted torque tau_t is transmitted() (from the
   * state, reactions included) plus the friction torque tau. Sliding in
   * direction dir (+1, -1)
   * with tau_t >= 0 (positive) or < 0, the friction torque is alpha +
   * beta tau_t (beta < 1), which the engine solves together with the
   * reactions (the state's loss); stuck, the part holds while its torque
   * lies between the values of the two directions at its present tau_t.
   * limits() then gives only how engaged it is. */
  void (*loss) (const SwPart *part, const SwState *state, int dir, gboolean positive, double *alpha,
                double *beta);
  double (*transmitted) (const SwPart *part, const SwState *state);
  /* Which side drives a lossy part is judged by tau_t - dir bearing (the
   * bearing friction on the transmitted torque's side, Modelica's
   * tau_bf_a: tau_eta = flange_a.tau -+ tau_bf_a), or NULL: by tau_t. */
  double (*bearing) (const SwPart *part, const SwState *state);
  /* Twin Builder's stick band, or NULL: sliding, the part latches stuck as
   * soon as its speed falls below this (an impact: the speed drops to 0);
   * after a break-away it slides on until the speed has left the band. */
  double (*stick_speed) (const SwPart *part);
  /* A latch: once stuck (at a limit) it holds any torque for the rest of
   * the run; limits() then gives a huge finite tau0_max. */
  gboolean latches;
} SwFrictionDesc;

/* A periodic excitation a part makes (a gear mesh's teeth, a runout): its
 * frequency is order times the speed of port relative to port relative_to
 * (-1: to the ground), in turns per second. The Campbell diagram draws it
 * as an order line of its reference shaft. */
typedef struct {
  double      order;
  guint       port;
  int         relative_to;
  const char *label;      /* N_("mesh"), N_("runout") */
} SwExcitation;

#define SW_KIND_MAX_EXCITATIONS 4

/* A parameter's value by name (SwKind.placed). */
typedef struct {
  const char *name;
  double      value;
} SwParamValue;

typedef struct _SwKind SwKind;
struct _SwKind {
  const char        *name;      /* "rotational.inertia" */
  const char        *label;     /* N_("Inertia") */
  const char        *group;     /* "Rotational", "Translational", "Transmission", "Sources" */
  const char        *help;
  const SwPortDesc  *ports;
  guint              n_ports;
  /* Nodes of the part's own after its ports in SwPart.node (the middle of
   * a series spring-damper, an engine's injection state): never connected,
   * not in files or drawings. n_ports + n_internal <= SW_KIND_MAX_PORTS. */
  guint              n_internal;
  const SwParamDesc *params;
  guint              n_params;
  const SwVarDesc   *vars;
  guint              n_vars;
  /* The parameter shown on a symbol ("J"), or NULL. */
  const char        *key_param;
  /* The variable plotted when the component is double-clicked ("w" of an
   * inertia, "tau" of a spring); NULL: the first of vars. See
   * sw_kind_main_variable(). */
  const char        *main_var;
  /* Extra checks beyond each parameter's range (c > 0 when b > 0, ...).
   * NULL when the ranges say everything. Sets a message naming the
   * parameter. */
  gboolean         (*validate)  (const double *params, GError **error);

  /* Assembly: declare masses, constraints and prescribed motions. */
  void             (*build)     (const SwPart *part, SwBuilder *builder);
  /* Forces the element applies to its port nodes (added into f, indexed by
   * node). NULL for elements without forces. */
  void             (*forces)    (const SwPart *part, const SwState *state, double *f);
  SwForceFlags       force_flags;
  SwLinearForce      linear;
  /* All of the kind's variables, in the order of vars. */
  void             (*variables) (const SwPart *part, const SwState *state, double *out);
  /* Friction that sticks, or NULL. */
  const SwFrictionDesc *friction;
  /* A contact that opens, or NULL. */
  const SwContactDesc  *contact;
  /* The variables that depend on nothing but the time, the nodes'
   * positions and speeds and the modes (bit k for vars[k]): rows asking for
   * only those are made without accelerations and reactions. */
  guint32            state_vars;
  /* The variables that need the nodes' jerks (SwState.jerk): a row asking
   * for one costs the equations once more, a short move along the flow
   * away. */
  guint32            jerk_vars;
  /* What linear analysis (modes, frequency responses, Campbell)
   * differentiates instead of forces, or NULL: forces. A law that varies
   * periodically with the motion (a gear mesh's stiffness over the mesh
   * cycle) gives its mean here, contacts closed. Same nodes as forces. */
  void             (*mean_forces) (const SwPart *part, const SwState *state, double *f);
  /* The part's periodic excitations (at most SW_KIND_MAX_EXCITATIONS) into
   * out; returns how many. NULL: none. */
  guint            (*excitations) (const SwPart *part, SwExcitation *out);
  /* Internal nodes that are no motion (bit k: internal node k), such as a
   * brake's temperature: linear analysis holds them at the operating
   * point (their rows and columns of K and D are left out but the
   * diagonal of D), so they make no mode and couple to none. */
  guint8             linear_held;
  /* What a component placed from the palette starts with where the
   * default (Modelica's start value, which files rely on) makes a part
   * that does nothing: a clutch's 1 N normal force, a damper's d = 0.
   * Ends with a NULL name; NULL: the defaults. */
  const SwParamValue *placed;
};

const SwKind *const *sw_catalog_get_kinds (guint *n_kinds);
const SwKind       *sw_catalog_lookup    (const char *name);

int  sw_kind_find_port  (const SwKind *kind, const char *name);
int  sw_kind_find_param (const SwKind *kind, const char *name);
int  sw_kind_find_var   (const SwKind *kind, const char *name);
/* The kind's main variable (main_var, else the first variable), or NULL
 * for a kind without variables. */
const char *sw_kind_main_variable (const SwKind *kind);
/* A kind's port variables, as the engine outputs them after its own: two
 * per port, k = 2 port the position (flange_a.phi; translational .s) and
 * k = 2 port + 1 the torque or force on the component there (flange_a.tau;
 * .f); then, k = 2 n_ports + port, the port's speed (flange_a.w; .v), which
 * is found by name but not listed. The name written into buf (64 bytes are plenty); unit, when not
 * NULL, gets its unit. A kind's own variable of that name wins (a body's
 * flange_a.tau): sw_kind_find_var() finds it. */
const char *sw_kind_port_variable (const SwKind *kind,
                                   guint         k,
                                   char         *buf,
                                   gsize         size,
                                   const char  **unit);

/* A kind's nodes: its ports, then its internal nodes. */
static inline guint
sw_kind_n_nodes (const SwKind *kind)
{
  return kind->n_ports + kind->n_internal;
}

G_END_DECLS
