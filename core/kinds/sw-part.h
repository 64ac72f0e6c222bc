/* sw-part.h: what a component kind sees of the engine.
 *
 * A part is a component as placed in an assembled system: its port nodes,
 * its parameter values and signals. Kinds declare their equations through a
 * SwBuilder (masses, linear constraints, prescribed motions) and their force
 * and output functions read a SwState.
 *
 * Coordinates: every connection point is a node with one coordinate x (angle
 * in rad or position in m). Forces are generalized forces on nodes, positive
 * along the axis.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-kind.h"

G_BEGIN_DECLS

/* An EXPRESSION parameter compiled (sw-expression-private.h). */
typedef struct _SwFunction SwFunction;

/* Sensor outputs a part's signals read (a torque fed back from a speed
 * sensor): at most SW_PART_MAX_INPUTS, each the position (speed FALSE) or
 * speed of the node in slot b, minus that of slot a (SW_PART_NO_SLOT:
 * absolute); slots index SwPart.node, after the kind's own nodes. */
#define SW_PART_MAX_INPUTS 4
#define SW_PART_MAX_NODES  (SW_KIND_MAX_PORTS + 2 * SW_PART_MAX_INPUTS)
#define SW_PART_NO_SLOT    0xff

typedef struct {
  guint8 param;      /* the SIGNAL parameter whose leaf it is, in leaf order */
  guint8 speed;
  guint8 slot_a, slot_b;
} SwPartInput;

struct _SwPart {
  const SwKind *kind;
  const char   *id;
  guint         component;                     /* index in the model */
  /* Index in its system: parts are in the order of their ids (so that a
   * model's results do not depend on the order of its file), and the
   * per-part arrays of SwState are indexed by it. */
  guint         index;
  /* Node of each port, then the part's internal nodes, then the n_read
   * nodes its sensor inputs read (sw_part_n_nodes() in all). Room for
   * SW_PART_MAX_NODES in a part whose signals read sensor outputs, else
   * for its kind's nodes alone: a system keeps its parts' nodes in one
   * block (a part was 152 bytes with the room in it). */
  guint        *node;
  /* Its n_inputs sensor outputs: room for SW_PART_MAX_INPUTS in a part
   * whose signals read any, else NULL. */
  SwPartInput  *input;
  /* (Small counts side by side: 88 bytes a part, not 96.) */
  guint8        n_read;
  guint8        n_inputs;
  guint16       n_rows;                        /* the part's constraint rows: */
  guint         first_row;                     /* from this one */
  /* Per parameter of the kind (kind->n_params each, one block): */
  double       *param;      /* NAN for an unset INITIAL */
  SwSignal    **signal;     /* SIGNAL params, else NULL */
  SwTable     **table;      /* TABLE params, else NULL */
  SwFunction  **function;   /* EXPRESSION params, else NULL */
  guint         first_held;                    /* its held values (SwContactDesc) */
  /* The kind's force_flags, with what the inputs add: a fed-back angle
   * makes stiffness, a speed damping. */
  SwForceFlags  force_flags;
};

struct _SwState {
  double        t;
  gboolean      left;       /* signals take their left limit (event rows) */
  const double *x, *v, *a;  /* per node: coordinate, velocity, acceleration */
  /* Per node: the jerk da/dt, only for rows that ask for a variable of
   * SwKind.jerk_vars; else NULL. */
  const double *jerk;
  /* Per constraint row: the multiplier; row r exerts coeff_i * lambda[r] on
   * its i-th node. */
  const double *lambda;
  /* Per part: the mode of a friction element (SwFrictionMode), and +1 / -1
   * on the row right after it broke away forward / backward, else 0. */
  const gint8  *mode;
  const gint8  *start;
  /* Per part with a SwFrictionDesc loss: the friction torque sliding (the
   * engine's solution) and the sign of the transmitted torque assumed
   * (+1 or -1). */
  const double *loss;
  const gint8  *quadrant;
  /* Per part with hard stops: the kinetic energy lost in its impacts so
   * far (J). */
  const double *impact;
  /* Per part with a contact: its region; and the held values of all parts
   * (from each part's first_held). */
  const gint8  *region;
  const double *held;
};

/* Every node the part's forces read: its kind's, then those its sensor
 * inputs read. */
static inline guint
sw_part_n_nodes (const SwPart *part)
{
  return sw_kind_n_nodes (part->kind) + part->n_read;
}

/* The signal of parameter i at the state's time (with the sensor outputs
 * it reads from the state). */
double sw_part_signal (const SwPart *part, guint param, const SwState *state,
                       double *d1, double *d2);
/* FALSE when param's signal reads a table with extrapolation "none"
 * (Modelica's NoExtrapolation) outside its points at state: *x what it
 * reads, [*lo, *hi] the points' range (sw_signal_check_range). */
gboolean sw_part_signal_in_range (const SwPart *part, guint param, const SwState *state,
                                  double *x, double *lo, double *hi);

/* The EXPRESSION parameter i at vars (the values of its variables, in the
 * order of its SwExpressionDesc); derivs (NULL: not wanted) receives the
 * exact derivative by each variable. Safe from any thread; no allocation. */
double sw_part_expression (const SwPart *part, guint param, const double *vars,
                           double *derivs);

/* The part becomes a body: modal analysis reports its kinetic energy. */
void   sw_builder_add_mass        (SwBuilder    *builder,
                                   const SwPart *part,
                                   guint         node,
                                   double        mass);
/* A mass distributed over two nodes: the symmetric 2 x 2 mass matrix
 * [[m_aa, m_ab], [m_ab, m_bb]] (a consistent shaft element). */
void   sw_builder_add_mass_matrix (SwBuilder    *builder,
                                   const SwPart *part,
                                   guint         node_a,
                                   guint         node_b,
                                   double        m_aa,
                                   double        m_ab,
                                   double        m_bb);
/* sum_i coeffs[i] * x[nodes[i]] = offset. Rows are numbered in the order
 * a part adds them, from part->first_row. */
void   sw_builder_add_constraint  (SwBuilder    *builder,
                                   const SwPart *part,
                                   guint         n,
                                   const guint  *nodes,
                                   const double *coeffs,
                                   double        offset);

typedef enum {
  SW_MOTION_POSITION,      /* x - x_support = s(t) */
  SW_MOTION_SPEED,         /* d/dt (x - x_support) = s(t), starting from 0 */
  SW_MOTION_ACCELERATION,  /* d2/dt2 (x - x_support) = s(t), from the body's initial values */
  /* Modelica's exact = false: the flange follows the states of a filter of
   * the reference (sw_builder_add_filtered_motion). */
  SW_MOTION_FILTERED_POSITION,  /* 2nd-order Bessel filter, from s(0) at rest */
  SW_MOTION_FILTERED_SPEED,     /* 1st order on the speed, from speed s(0) */
  SW_MOTION_MOVE           /* position, speed and acceleration each a signal */
} SwMotion;

/* A prescribed motion, also one constraint row of the part. */
void   sw_builder_add_motion      (SwBuilder    *builder,
                                   const SwPart *part,
                                   guint         node,
                                   guint         support,
                                   SwMotion      motion,
                                   SwSignal     *signal);
/* A filtered motion (SW_MOTION_FILTERED_POSITION or _SPEED) with the
 * filter's critical frequency w_crit (rad/s). */
void   sw_builder_add_filtered_motion (SwBuilder    *builder,
                                       const SwPart *part,
                                       guint         node,
                                       guint         support,
                                       SwMotion      motion,
                                       SwSignal     *signal,
                                       double        w_crit);
/* Modelica's Move: x - x_support = position(t), its derivatives speed(t)
 * and acceleration(t) as given (not differentiated). */
void   sw_builder_add_move        (SwBuilder    *builder,
                                   const SwPart *part,
                                   guint         node,
                                   guint         support,
                                   SwSignal     *position,
                                   SwSignal     *speed,
                                   SwSignal     *acceleration);
/* An instant where the element's force jumps: the integrator stops there
 * and the output gets a left and a right row. */
void   sw_builder_add_time_event  (SwBuilder    *builder,
                                   double        t);
/* Nominal magnitudes of a node's position and speed (Modelica's nominal
 * attribute; NAN: not given): the error of each state the node follows is
 * measured against them instead of a magnitude the engine derives. */
void   sw_builder_set_nominal     (SwBuilder    *builder,
                                   const SwPart *part,
                                   guint         node,
                                   double        x_nominal,
                                   double        v_nominal);
/* Initial coordinate and velocity of a node (NAN: not given), from the
 * part's initial-value parameters: x0 = parameter + x0_shift (a mass's
 * flange_a lies L/2 behind the centre that s0 names). Messages quote the
 * parameter's value, not the node's. */
void   sw_builder_set_initial     (SwBuilder    *builder,
                                   const SwPart *part,
                                   guint         node,
                                   double        x0,
                                   double        x0_shift,
                                   double        v0);
/* The same with the parameters' names (NULL: the kind's 2nd and 3rd). */
void   sw_builder_set_initial_named (SwBuilder    *builder,
                                     const SwPart *part,
                                     guint         node,
                                     double        x0,
                                     double        v0,
                                     const char   *x_name,
                                     const char   *v_name);
/* The node's acceleration at t = 0 (parameter name): the initial positions
 * nothing else fixes are solved so that it holds. */
void   sw_builder_set_initial_acceleration (SwBuilder    *builder,
                                            const SwPart *part,
                                            guint         node,
                                            double        a0,
                                            const char   *name);
/* The same for node_b relative to node_a (x_b - x_a, v_b - v_a; NAN: not
 * given), from the parameters x_name and v_name (a spring's phi_rel_start,
 * w_rel_start). */
void   sw_builder_set_initial_relative (SwBuilder    *builder,
                                        const SwPart *part,
                                        guint         node_a,
                                        guint         node_b,
                                        double        x_rel,
                                        double        v_rel,
                                        const char   *x_name,
                                        const char   *v_name);
/* Initial values of a combination sum coeffs[k] x[nodes[k]] (n from 1 to
 * 3) and of its speed (NAN: not given), from the parameters x_name and
 * v_name (a gearbox's twist: flange_b against its gear's output). */
void   sw_builder_set_initial_combination (SwBuilder    *builder,
                                           const SwPart *part,
                                           guint         n,
                                           const guint  *nodes,
                                           const double *coeffs,
                                           double        x,
                                           double        v,
                                           const char   *x_name,
                                           const char   *v_name);
/* An initial acceleration of node_b relative to node_a (Modelica's
 * a_rel(start, fixed = true)), met as sw_builder_set_initial_acceleration()
 * meets an absolute one. */
void   sw_builder_set_initial_relative_acceleration (SwBuilder    *builder,
                                                     const SwPart *part,
                                                     guint         node_a,
                                                     guint         node_b,
                                                     double        a_rel,
                                                     const char   *name);

G_END_DECLS
