/* sw-assembly-private.h: the steps of sw_model_assemble(), one file each.
 *
 *   sw-system.c         nodes, parts, classes of coordinates, the whole
 *                       assembly and the system's lifetime
 *   sw-builder.c        the builder: what each part declares (masses, rows,
 *                       motions, initial values)
 *   sw-elimination.c    constraint rows eliminated into x = T q + P p + c
 *   sw-system-blocks.c  the dense blocks the solver factors, the plan of
 *                       one evaluation
 *   sw-row-hubs.c       reaction rows on hub nodes, factored in linear time
 *   sw-initial-values.c initial values through T
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-system-private.h"
#include "sw-error.h"

G_BEGIN_DECLS

typedef struct {
  guint  part;
  guint  n;
  guint  nodes[4];
  double coeffs[4];
  double offset;
  int    driver;        /* -1, or the motion's driver: row is sum = p(t) */
  /* 0, or a stuck friction part's lock row: 1 + its static limit. Locks
   * are eliminated after every other row, the strongest first, so that
   * in a loop of locks (a stuck gear, clutch and brake in series to the
   * ground) the weakest is the redundant one, whose torque is 0: the
   * others hold what they can. (In the struct's padding: 72 bytes.) */
  float  lock_order;
} RawRow;

/* What few initial values have (an acceleration, a combination of
 * nodes, parameters' names), kept apart from the others. */
typedef struct {
  const char *names[2]; /* the parameters of x0 and v0; NULL: the kind's 2nd and 3rd */
  /* An initial acceleration of node (Modelica a(start, fixed = true)),
   * met by the initial positions nothing else fixes. */
  gboolean has_a0;
  double   a0;
  const char *a_name;
  /* x0, v0 of a combination sum coeff[k] x[node[k]] instead (n_comb > 0:
   * a gearbox's twist, flange_b against its gear's output). */
  guint    n_comb;
  guint    comb_node[3];
  double   comb_coeff[3];
} InitialMore;

/* 40 bytes (a chain has one a body: its 112 bytes with the rest in it
 * were 7 MB more at the assembly's peak for 100 000 bodies). */
typedef struct {
  guint  part;
  guint  node;
  int    node_a;        /* -1; or x0, v0 are of node relative to node_a */
  guint  more;          /* index + 1 in SwBuilder.initial_more, or 0: none */
  double x0, v0;
  double x0_shift;      /* x0 minus the parameter's value */
} Initial;

/* A node's nominal position and speed (NAN: not given). */
typedef struct {
  guint  node;
  double x, v;
} Nominal;

struct _SwBuilder {
  SwSystem *system;
  GArray   *rows;       /* RawRow */
  GArray   *drivers;    /* SwDriver */
  GArray   *initials;   /* Initial */
  GArray   *initial_more; /* InitialMore */
  GArray   *bodies;     /* SwBody */
  GArray   *couplings;  /* SwMassCoupling */
  GArray   *nominals;   /* Nominal */
};

/* What the steps share while a model is assembled. */
typedef struct {
  SwSystem *system;
  SwModel  *model;
  guint    *port_base;    /* per part: index of its first port */
  guint    *port_node;    /* per global port */
  /* Per node n: its global ports, node_ports[node_port_start[n] …
   * node_port_start[n + 1]), in increasing order (flat: a GArray a node
   * took 20 MB for a 100 000-body chain). */
  guint    *node_port_start;
  guint    *node_ports;
  const SwDriver *drivers;/* the prescribed motions declared so far */
  /* sw_model_assemble_emptying(): once the model's components are given
   * up, each one's line and column in the file (messages), else NULL. */
  guint    *locations;
} SwAssembly;

guint     _sw_uf_find                        (guint *parent, guint i);
void      _sw_uf_union                       (guint *parent, guint a, guint b);
/* "inertia1.flange_b, spring.flange_a" */
char     *_sw_assembly_describe_node         (SwAssembly *ctx, guint node);
/* "FILE:LINE:COL: " of a component, as sw_model_dup_location() gives it,
 * also once the model has given up its components (ctx->locations). */
char     *_sw_assembly_dup_location          (SwAssembly *ctx, guint component);
/* sw-system-parts.c: the parts of ctx->model's components, in the order of
 * their ids, and ctx->port_base; FALSE (a message naming the component)
 * when a formula does not compile. */
gboolean  _sw_assembly_build_parts           (SwAssembly *ctx, GError **error);
/* A part's per-parameter arrays: one block of its own with refs, else its
 * numbers taken at *numbers from the system's block of them. */
void      _sw_part_alloc_params              (SwSystem *sys, SwPart *p, gboolean with_refs, double **numbers);
/* The shared NULLs of the parts without refs (sys->no_refs). */
void      _sw_system_alloc_no_refs           (SwSystem *sys);
/* "FILE:LINE:COL: error: message" at the part's component. */
void      _sw_assembly_set_error             (SwAssembly *ctx, GError **error, SwErrorCode code, guint part,
                                              const char *message);

gboolean  _sw_assembly_eliminate             (SwAssembly *ctx, GArray *raw_rows, GError **error);
gboolean  _sw_assembly_build_massive_blocks  (SwAssembly *ctx, GError **error);
void      _sw_assembly_build_massless_blocks (SwSystem *sys);
void      _sw_assembly_build_row_blocks      (SwSystem *sys);
/* Band Cholesky in place (sw-system-blocks.c); FALSE: not positive definite. */
gboolean  _sw_band_factor                    (guint n, guint band, double *ab, double **diag_inverse);
/* A row block with hub nodes factored by parts (sw-row-hubs.c); FALSE:
 * none, or A singular: nothing set, factor it whole. start/at_node: the
 * rows at each node (CSR), pos: each row's place in the block. */
gboolean  _sw_row_block_factor_hubs          (const SwSystem *sys, SwRowBlock *blk, const guint *start,
                                              const guint *at_node, const int *pos);
void      _sw_assembly_build_plan            (SwSystem *sys);
/* Whether p is in the system's arrays of the massive and row blocks of
 * one coordinate or row (sw-system-blocks.c): not to be freed alone. */
gboolean  _sw_system_owns_single            (const SwSystem *sys, gconstpointer p);
/* Sensor outputs in the parts' signals: their nodes and force flags
 * (sw-feedback.c); errors name the part and parameter. */
gboolean  _sw_assembly_resolve_feedback      (SwAssembly *ctx, GError **error);
gboolean  _sw_assembly_initial_values        (SwAssembly *ctx, GArray *initials, GArray *more, GError **error);

G_END_DECLS
