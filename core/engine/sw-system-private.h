/* sw-system-private.h: the assembled arrays, shared by the assembly
 * (sw-system.c), the evaluation of the equations (sw-equations.c) and the
 * integrator (sw-simulate.c).
 *
 * Node coordinates are affine in the independent coordinates q and the
 * prescribed motions p(t):  x_i = sum_j T_ij q_j + sum_k P_ik p_k + c_i.
 * T is stored by rows (per node) and by columns (per coordinate), both
 * sparse. Coordinates come in three classes:
 *   massive    row of T^T M T nonzero: position and velocity are states;
 *   first order no inertia but damping: position is a state, its velocity
 *               solves the force balance;
 *   algebraic  no inertia, only stiffness: position solves the balance.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gsl/gsl_matrix.h>
#include "sw-system.h"

#include "sw-observed.h"

G_BEGIN_DECLS

typedef struct {
  guint  index;   /* coordinate, or driver in the driver lists */
  double coeff;
} SwTerm;

/* A linear element (SwLinearForce) on coordinates: its ends are
 * x_a = ka q[ja] + const, x_b = kb q[jb] + const (k = 0 for a pinned end);
 * tau = c (kb q[jb] - ka q[ja] - offset) + d (kb q'[jb] - ka q'[ja]) adds
 * ka tau to Q[ja] and -kb tau to Q[jb]. */
typedef struct {
  guint  ja, jb;
  double ka, kb;
  double c, d, offset;
} SwLinearElement;

/* A linear element between coordinates ja and jb themselves:
 * tau = c (q[jb] - q[ja]) + d (q'[jb] - q'[ja]), +tau on ja, -tau on jb. */
typedef struct {
  guint  ja, jb;
  double c, d;
} SwPlainElement;

/* Plain elements along a uniform stretch of a chain: element k joins
 * coordinates j0 + k and j0 + k + 1, all with the same c and d, so they
 * take no memory of their own. */
typedef struct {
  guint  j0, n;
  double c, d;
  /* 1 / m on all of j0 … j0 + n when that is one value, else 0 (read per
   * coordinate). */
  double inverse;
} SwPlainRun;

/* Coordinates j0 … j0 + n - 1. */
typedef struct {
  guint j0, n;
} SwCoordRange;

/* n coordinates from j0 with the same 1 / m. */
typedef struct {
  guint  j0, n;
  double value;
} SwInverseRun;

typedef enum {
  SW_COORD_MASSIVE,
  SW_COORD_FIRST_ORDER,
  SW_COORD_ALGEBRAIC
} SwCoordClass;

typedef struct {
  SwMotion  motion;
  SwSignal *signal;
  guint     part;
  guint     state;       /* first state slot for SPEED (1) and ACCELERATION (2) */
  double    w_crit;      /* FILTERED_*: the filter's critical frequency (rad/s) */
  SwSignal *speed, *acceleration;  /* MOVE: the other two signals */
} SwDriver;

/* Modelica's Bessel filter of Position (exact = false). */
#define SW_FILTER_AF 1.3617
#define SW_FILTER_BF 0.6180

/* How many states a prescribed motion integrates: a speed source its
 * position; an acceleration source and a filter position and speed. */
static inline guint
_sw_driver_n_states (const SwDriver *d)
{
  switch (d->motion)
    {
    case SW_MOTION_SPEED:
      return 1;
    case SW_MOTION_ACCELERATION:
    case SW_MOTION_FILTERED_POSITION:
    case SW_MOTION_FILTERED_SPEED:
      return 2;
    case SW_MOTION_POSITION:
    case SW_MOTION_MOVE:
    default:
      return 0;
    }
}

/* A filtered driver's acceleration from its states p, pd and the
 * reference s (MSL Rotational.Sources.Position and Speed, exact = false). */
static inline double
_sw_driver_filter (const SwDriver *d, double s, double p, double pd)
{
  if (d->motion == SW_MOTION_FILTERED_POSITION)
    return ((s - p) * d->w_crit - SW_FILTER_AF * pd) * (d->w_crit / SW_FILTER_BF);
  return (s - pd) * d->w_crit;
}

/* A part that carries mass: on one node (inertia, mass), or distributed
 * over two with a consistent mass matrix [[m_aa, m_ab], [m_ab, m_bb]]
 * (a shaft element). */
typedef struct {
  guint  part;
  guint  n_nodes;
  guint  nodes[2];
  double m_aa, m_ab, m_bb;
} SwBody;

/* An off-diagonal entry of the node mass matrix (a != b). */
typedef struct {
  guint  a, b;
  double m;
} SwMassCoupling;

/* A dense block of coordinates solved together. (The counts before the
 * pointers: no padding, 64 bytes. A massive coordinate alone has no
 * block, only its sys->mass_inverse.) */
typedef struct {
  guint      n;
  /* Massive blocks: the coordinates are in a Cuthill-McKee order and the
   * block of T^T M T is factored once as a band Cholesky (LAPACK's lower
   * band storage, (band + 1) x n): tridiagonal for a chain of shaft
   * elements, 1 x 1 for gear trees. */
  guint       band;
  /* massless blocks: the parts whose forces touch the block, and the nodes
   * whose coordinate depends on it (n_parts of parts, n_nodes of nodes) */
  guint      n_parts, n_nodes;
  /* A large massless block whose parts couple few coordinates each (a
   * chain of springs with massless nodes between them): its coordinates
   * in a Cuthill-McKee order, its Jacobian banded (band: the half
   * bandwidth) and factored as a band (sw-equations-massless.c), so that
   * its cost is linear in its size, not cubic. */
  gboolean   banded;
  guint     *coords;     /* coordinate indices */
  double     *factor;
  double     *diag_inverse;  /* 1 / the factor's diagonal, for _sw_band_solve() */
  guint     *parts;
  guint     *nodes;
} SwBlock;

/* Massless blocks at least this large are banded where the band is narrow. */
#define SW_BANDED_MIN_N 64

/* Constraint rows kept for the reactions. (The small fields together:
 * 56 bytes a row, not 64; a chain has one a body.) */
typedef struct {
  guint   part;
  guint16 n;             /* at most 4 */
  guint8  redundant;     /* implied by the others: its multiplier is 0 */
  guint   nodes[4];
  double  coeffs[4];
} SwRow;

/* Rows sharing nodes, for the reactions G G^T lambda = G (M a - f). The
 * rows are in a Cuthill-McKee order, so G G^T is banded (narrow for chains
 * and trees) and factored once as a band Cholesky. */
typedef struct {
  guint       n;         /* rows in the block (non-redundant) */
  guint       band;      /* half bandwidth */
  /* Hub nodes (sw-row-hubs.c): factor is then of G G^T without them, and
   * their rank-one terms are added back by Woodbury's identity: per hub i
   * the rows' coefficients u_i and z_i = A^-1 u_i (n each), and the
   * inverse of I + U^T Z (n_hubs x n_hubs), one after another in hubs
   * (NULL without hubs: 48 bytes a block, a chain has one a joint). */
  guint       n_hubs;
  guint      *rows;
  double     *factor;    /* (band + 1) x n, LAPACK lower band storage; NULL if singular */
  double     *diag_inverse;
  double     *hubs;
} SwRowBlock;

#define SW_ROW_BLOCK_HUB_U(blk)       ((blk)->hubs)
#define SW_ROW_BLOCK_HUB_Z(blk)       ((blk)->hubs + (gsize) (blk)->n_hubs * (blk)->n)
#define SW_ROW_BLOCK_HUB_INVERSE(blk) ((blk)->hubs + 2 * (gsize) (blk)->n_hubs * (blk)->n)

/* A node shared by more rows than this is a hub of their block; a block
 * with more hubs than SW_ROW_HUBS_MAX is factored whole. */
#define SW_ROW_HUB_MIN_ROWS 64
#define SW_ROW_HUBS_MAX     8

struct _SwSystem {
  gatomicrefcount ref_count;
  char           *name;
  SwSimulationSettings settings;

  guint     n_parts;
  SwPart   *parts;
  /* n_no_refs NULLs: the signal, table and function arrays of every part
   * that has none (sw-system.c, part_alloc_params). */
  gpointer *no_refs;
  guint     n_no_refs;
  /* Every part's id, one after another (each part's id points in), and
   * the numbers of every part without refs (its param points in): two
   * blocks, not two small allocations a part. */
  char     *part_ids;
  gsize     part_ids_size;
  double   *part_numbers;
  /* The parts' nodes and sensor inputs (SwPart.node, input point in). */
  guint       *part_nodes;
  gsize        n_part_nodes;
  SwPartInput *part_inputs;
  gsize        n_part_inputs;
  /* The arrays of row blocks of one row (a chain's every joint), one
   * after another: two blocks, not three small allocations a joint
   * (sw-system-blocks.c). */
  guint    *single_ints;
  guint     n_single_ints;
  double   *single_doubles;
  guint     n_single_doubles;

  guint     n_nodes;
  double   *mass;          /* per node */
  /* Rows of T and P, CSR: node i uses t_terms[t_start[i] .. t_start[i+1]). */
  guint    *t_start;
  SwTerm   *t_terms;
  guint    *p_start;
  SwTerm   *p_terms;
  double   *x_const;
  /* Columns of T, CSC: coordinate j appears in nodes c_terms[c_start[j] ..]. */
  guint    *c_start;
  SwTerm   *c_terms;       /* index = node */

  guint         n_coords;
  SwCoordClass *coord_class;
  guint        *coord_state;    /* position state slot of each coordinate */
  guint         n_massive, n_first_order, n_algebraic;

  guint     n_massive_blocks, n_first_order_blocks, n_algebraic_blocks;
  SwBlock  *massive_blocks, *first_order_blocks, *algebraic_blocks;

  /* What one evaluation does, fixed at assembly (sw-system-blocks.c).
   * Coordinates are numbered massive first, then first order, then
   * algebraic: massive coordinate j has position y[j] and velocity
   * y[j + n_massive], first-order coordinate j position y[j + n_massive].
   * Linear elements between nodes that each follow at most one coordinate
   * act on the coordinates directly (no node values, no node forces); the
   * other force parts are called, and only the nodes they and the massless
   * blocks read get x and v. */
  guint            n_linear;
  /* Not kept (48 bytes an element, a chain's every spring): each element
   * is in one of the lists below, and linear_from says which, in order
   * (SwLinearFrom); the Jacobian takes them back with
   * _sw_system_dup_linear(). */
  guint8          *linear_from;
  /* The same for evaluation, in two compact lists: elements on two
   * coordinates directly (ka = kb = 1, no offset), 24 bytes each, and the
   * others. A long chain is memory bound: half the bytes, half the time. */
  guint            n_plain;
  SwPlainElement  *plain;
  guint            n_plain_runs;
  SwPlainRun      *plain_runs;
  guint            n_general;
  SwLinearElement *general;
  guint            n_called_parts;
  guint           *called_parts;
  guint            n_needed_nodes;
  guint           *needed_nodes;
  /* 1 / m of a massive coordinate alone in its block (a chain of inertias,
   * a gear tree), 0 in a larger block; those are band solves, and the only
   * massive_blocks kept (drop_single_massive(), sw-system-blocks.c). */
  double   *mass_inverse;
  /* The same in runs of equal values, when that is at most half the bytes
   * (a uniform chain: one run), else NULL. */
  guint         n_inverse_runs;
  SwInverseRun *inverse_runs;
  /* Accelerations made in one pass (every coordinate massive and alone in
   * its block, and no two runs share an inner coordinate): the runs assign
   * their inner coordinates' accelerations, after the rest (zero_ranges)
   * is cleared, and every term is scaled by 1 / m as it is added. */
  gboolean      runs_assign;
  /* The massive coordinates were numbered along the parts that join them
   * (sw-system.c's renumber_coords), and the linear elements are sorted
   * in that order. */
  gboolean      coords_band_ordered;
  guint         n_zero_ranges;
  SwCoordRange *zero_ranges;
  guint     n_banded;
  guint    *banded_blocks;
  /* Nodes that move with a prescribed motion (a row of P), and the nodes
   * where the mass matrix sees their acceleration (M a_p nonzero), with
   * the mass couplings involved. */
  guint     n_driven_nodes;
  guint    *driven_nodes;
  guint     n_inertial_nodes;
  guint    *inertial_nodes;
  guint     n_driven_couplings;
  guint    *driven_couplings;

  guint     n_drivers;
  SwDriver *drivers;

  guint     n_bodies;
  SwBody   *bodies;
  guint           n_couplings;
  SwMassCoupling *couplings;

  /* Per model component: its part (parts are in the order of their ids). */
  guint    *model_order;

  guint     n_rows;
  SwRow    *rows;
  guint       n_row_blocks;
  SwRowBlock *row_blocks;
  /* A friction run's configuration: the self-stresses of its redundant
   * locks (sw-friction-loops.c), for every set of equations over it (the
   * run's and the output rows'); NULL where none. Owned. */
  struct _SwLockLoops *lock_loops;

  /* Initial values of the states, and the first guess of the algebraic
   * coordinates. */
  guint     n_states;
  double   *y0;
  /* Each state's nominal magnitude from the parts (Modelica's nominal:
   * sw_builder_set_nominal), 0 where none is given: the integrator's error
   * scales (sw-integrator.c). */
  double   *nominal;
  /* Held values of the parts' contacts (SwContactDesc.n_held), in all. */
  guint     n_held;
  double   *q_guess;

  /* Instants where a force jumps (time events of parts, not signals). */
  GArray   *time_events;

  /* Friction parts acting on the same relative motion (in parallel, in the
   * model's own coordinates): per part, the first such part (itself when
   * alone; G_MAXUINT for other kinds) and the sign of its motion against
   * that part's. NULL without friction parts. See sw-friction.c. */
  /* The model's observed variables (sw-system-observed.c), shared with
   * the systems made from this one; NULL without any. */
  struct _SwSystemObserved *observed;
  guint    *friction_group;
  gint8    *friction_sign;

  /* Parts with forces, in order, for the global force evaluation. */
  guint     n_force_parts;
  guint    *force_parts;
};

/* Where a linear element went in the evaluation's lists: general, plain,
 * the first of a new plain run or the next of the last run. */
typedef enum {
  SW_LINEAR_FROM_GENERAL,
  SW_LINEAR_FROM_PLAIN,
  SW_LINEAR_FROM_NEW_RUN,
  SW_LINEAR_FROM_RUN
} SwLinearFrom;

/* The linear elements, sys->n_linear of them in their order, as the plan
 * had them (sw-system-blocks.c); free with g_free(). */
SwLinearElement *_sw_system_dup_linear (const SwSystem *sys);

/* Solves L L^T x = b in place for a band Cholesky factor L (LAPACK lower
 * band storage, (band + 1) x n, as dpbtrf leaves it) with the inverses of
 * its diagonal: two substitutions, no checks, no allocation. */
static inline void
_sw_band_solve (guint n, guint band, const double *factor, const double *diag_inverse, double *x)
{
  gsize ldab = band + 1;

  for (guint r = 0; r < n; r++)
    {
      double s = x[r];

      for (guint c = r > band ? r - band : 0; c < r; c++)
        s -= factor[(r - c) + c * ldab] * x[c];
      x[r] = s * diag_inverse[r];
    }
  for (guint r = n; r-- > 0;)
    {
      double s = x[r];
      guint end = MIN (n, r + band + 1);

      for (guint c = r + 1; c < end; c++)
        s -= factor[(c - r) + r * ldab] * x[c];
      x[r] = s * diag_inverse[r];
    }
}

/* Solves G G^T x = b in place over a row block (blk->factor not NULL):
 * the band, then the hubs' correction. No allocation. */
static inline void
_sw_row_block_solve (const SwRowBlock *blk, double *x)
{
  guint n = blk->n, h = blk->n_hubs;
  double w[SW_ROW_HUBS_MAX], v[SW_ROW_HUBS_MAX];

  _sw_band_solve (n, blk->band, blk->factor, blk->diag_inverse, x);
  if (h == 0)
    return;
  for (guint i = 0; i < h; i++)
    {
      const double *u = &SW_ROW_BLOCK_HUB_U (blk)[(gsize) i * n];
      double s = 0;

      for (guint k = 0; k < n; k++)
        s += u[k] * x[k];
      w[i] = s;
    }
  for (guint i = 0; i < h; i++)
    {
      double s = 0;

      for (guint j = 0; j < h; j++)
        s += SW_ROW_BLOCK_HUB_INVERSE (blk)[i * h + j] * w[j];
      v[i] = s;
    }
  for (guint i = 0; i < h; i++)
    {
      const double *z = &SW_ROW_BLOCK_HUB_Z (blk)[(gsize) i * n];

      for (guint k = 0; k < n; k++)
        x[k] -= z[k] * v[i];
    }
}

/* out = M x over the nodes (diagonal masses and couplings). */
void _sw_system_apply_mass (const SwSystem *sys, const double *x, double *out);

/* The body's own displacement: its node, or the mean of its two ends.
 * Inline: the modal writers call it for every body of every mode. */
static inline double
_sw_body_value (const SwBody *body, const double *x)
{
  return body->n_nodes == 1 ? x[body->nodes[0]] : 0.5 * (x[body->nodes[0]] + x[body->nodes[1]]);
}

/* x^T M_body x */
static inline double
_sw_body_quadratic (const SwBody *body, const double *x)
{
  double a = x[body->nodes[0]], b;

  if (body->n_nodes == 1)
    return body->m_aa * a * a;
  b = x[body->nodes[1]];
  return body->m_aa * a * a + 2 * body->m_ab * a * b + body->m_bb * b * b;
}

/* The part a variable "id.var" belongs to: the longest part id before a
 * dot (a subsystem's parts have dotted ids, "engine1.flywheel", and so
 * have variables, "flange_a.tau"); -1 when none. *var: what follows. */
int      _sw_system_find_variable_part (const SwSystem *sys,
                                        const char     *name,
                                        const char    **var);

/* Observed variables (sw-system-observed.c): formula k reads the values of
 * variables input_var[j] of parts input_part[j], j from first[k] to
 * first[k + 1]; immutable, reference counted. */
typedef struct _SwSystemObserved {
  gatomicrefcount     ref_count;
  guint               n;
  char              **names;
  const char        **units;        /* interned; "" when not given */
  SwObservedProgram **programs;
  guint              *first;
  guint              *input_part, *input_var;
  guint               max_inputs;   /* of one formula */
} SwSystemObserved;

/* The model's observed variables resolved against sys's parts; FALSE
 * naming the one that reads what is not a variable. */
gboolean _sw_system_add_observed     (SwSystem *sys, SwModel *model, GError **error);
SwSystemObserved *_sw_system_observed_ref   (SwSystemObserved *observed);
void              _sw_system_observed_unref (SwSystemObserved *observed);
/* The error of observed variable var's formula turning value (NaN or
 * infinite) at t while the state is finite: its own 1/0 or sqrt(-1). */
void              _sw_system_observed_not_finite (const SwSystem *sys, guint var, double value, double t,
                                                  GError **error);
/* The index of the observed variable called name, or -1. */
int      _sw_system_find_observed    (const SwSystem *sys, const char *name);

/* Port variables (sw-port-variables.c): a part's variables are its kind's,
 * then per port k its position (2 k) and its cut torque or force (2 k + 1),
 * "flange_a.phi", "flange_a.tau" (translational "s", "f"). Hidden: a port
 * variable whose name the kind has itself. */
guint        _sw_part_n_variables         (const SwPart *p);
/* With the ports' speeds after those (2 n_ports + k: flange_a.w, by name). */
guint        _sw_part_n_named_variables   (const SwPart *p);
gboolean     _sw_part_variable_hidden     (const SwPart *p, guint v);
char        *_sw_part_dup_variable_name   (const SwPart *p, guint v);
const char  *_sw_part_variable_unit       (const SwPart *p, guint v);
/* The index of a variable by name (the kind's first), or -1. */
int          _sw_part_find_variable       (const SwPart *p, const char *name);
/* Depends on positions, speeds and modes alone (SwKind.state_vars). */
gboolean     _sw_part_variable_is_state   (const SwPart *p, guint v);
/* Port variable v (>= the kind's n_vars) at a completed state (reactions
 * and accelerations); f: scratch of n_nodes zeros, left zero. */
double       _sw_part_port_value          (const SwSystem *sys, const SwPart *p, guint v, const SwState *state,
                                           double *f);

G_END_DECLS
