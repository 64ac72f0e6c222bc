/* sw-linear-private.h: the equations linearised at an operating point.
 *
 * K and D are the tangent stiffness and damping over all independent
 * coordinates (K = -dQ/dq, D = -dQ/dq'), by central differences of the
 * element forces, one coordinate at a time and only over the elements that
 * coordinate touches (linear work for a chain). M is T^T M T over the
 * massive coordinates. Modal analysis and frequency responses start here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gsl/gsl_matrix.h>
#include "sw-system-private.h"
#include "sw-linear-friction.h"

G_BEGIN_DECLS

/* A matrix in compressed columns: column j has rows row[start[j]] ...
 * row[start[j + 1] - 1] (ascending) with those values; only nonzeros. */
typedef struct {
  guint   n;
  guint  *start;
  guint  *row;
  double *value;
} SwSparse;

typedef struct {
  const SwSystem *sys;
  double      t;
  guint       n;          /* coordinates */
  gsl_matrix *K, *D;      /* n x n; NULL unless dense */
  gsl_matrix *M;          /* n x n, zero outside the massive coordinates */
  SwSparse    Ks, Ds, Ms; /* the same, compressed: always there */
  double     *q, *qd;     /* the operating point */
  double     *x;          /* node coordinates at the operating point */
  double     *v;          /* node velocities at the operating point */
  /* Per part: friction modes and the rest of SwState's per-part values at
   * the operating point (none broke away; a rolling lossy part's loss is
   * left 0 here and enters through the terms below). */
  gint8      *mode, *start, *quadrant, *region;
  double     *loss, *impact, *held;
  /* Rolling lossy parts (a lossy gear): the loss torque L_k between their
   * flange and support is linear in the motion, L = Lambda (M a - f) + X x
   * + V v over the nodes (through the reactions it depends on, solved with
   * the other parts' losses). K, D and M above are the symmetric part (the
   * gears ideal); the equations are K - U Wk, D - U Wd, M - U Wm with
   * U = T^T g (n x n_loss, column k: where L_k acts), and a load b on the
   * nodes is T^T b - U Lambda b. */
  guint       n_loss;
  double     *loss_u;                     /* n x n_loss, column-major */
  double     *loss_wk, *loss_wd, *loss_wm;/* n_loss x n, row-major */
  double     *loss_lambda;                /* n_loss x n_nodes, row-major */
} SwLinear;

/* A linear analysis' configuration at an operating point: the friction
 * parts' modes chosen (sw-linear-friction.h), the system with the stuck
 * ones locked, and the operating state in its order. */
typedef struct {
  SwSystem *sys;       /* base, or base with the stuck parts locked */
  double   *y;         /* the operating state in sys's order */
  gint8    *mode;      /* per part, or NULL: no friction parts */
  gint8    *quadrant;  /* per part: a lossy part's sign of transmitted torque */
  char     *note;      /* what the chosen state changed beyond the choice, or NULL */
} SwLinearConfig;

/* y: the state of base at t (NULL: its initial state). */
gboolean  _sw_linear_config_init  (SwLinearConfig *config, const SwSystem *base, double t, const double *y,
                                   SwLinearFriction friction, GError **error);
void      _sw_linear_config_clear (SwLinearConfig *config);
/* A lossy gear rolls: the equations are not symmetric. */
gboolean  _sw_linear_config_is_lossy (const SwLinearConfig *config);
/* The linearisation in the configuration, at its state (or at y, in its
 * order). */
SwLinear *_sw_linear_new_config   (const SwLinearConfig *config, double t, const double *y, gboolean dense,
                                   GError **error);

/* The state at the operating point as the parts see it, on the given node
 * arrays. */
void      _sw_linear_state (const SwLinear *lin, double *x, double *v, double *a, double *lambda, SwState *state);

/* The linearisation at (t, y) (NULL: the initial state) with the friction
 * parts in the given modes and quadrants (per part, NULL for a system
 * without friction parts; sys locks the stuck ones, see
 * sw-friction-private.h); usually through _sw_linear_new_config(). dense:
 * K, D and M as full matrices too, else only compressed (memory linear in a
 * chain's size). */
SwLinear *_sw_linear_new_in_modes (const SwSystem *sys, double t, const double *y, const gint8 *modes,
                                   const gint8 *quadrant, gboolean dense, GError **error);
/* The equations with the lossy parts' terms: dense n x n, column-major,
 * any may be NULL. */
void      _sw_linear_effective    (const SwLinear *lin, double *K, double *D, double *M);
/* The generalized load of a load b on the nodes (n_nodes), into F (n). */
void      _sw_linear_effective_load (const SwLinear *lin, const double *b, double *F);
void      sw_linear_free (SwLinear *lin);
/* FALSE (and why, naming the part) when K is not symmetric, as a position
 * fed back from a sensor away from the source makes it: the undamped
 * eigen solvers take symmetric matrices only. */
gboolean  _sw_linear_check_symmetric (const SwLinear *lin, GError **error);

/* The tangent stiffness of one element over its distinct port nodes:
 * nodes[] receives them (at most SW_KIND_MAX_PORTS), ke the n x n matrix
 * -df/dx, row-major. Returns n. */
guint     sw_linear_element_stiffness (SwLinear *lin, const SwPart *part, guint *nodes, double *ke);
/* The same on scratch arrays over the nodes, so that every section of a
 * large model costs O(1): x holds the operating point's node positions (as
 * lin->x, restored on return), f and a zeros (f left so at the part's
 * nodes). */
guint     _sw_linear_element_stiffness_in (SwLinear *lin, const SwPart *part, guint *nodes, double *ke, double *x,
                                           double *f, double *a);

/* Entry (r, c) of a, 0 where none is stored (binary search in column c). */
double    sw_sparse_get (const SwSparse *a, guint r, guint c);
/* Compressed columns from n_entries (row, column, value) triplets, summing
 * duplicates and dropping zeros. */
void      sw_sparse_init_from_triplets (SwSparse *a, guint n, const guint *rows, const guint *cols,
                                        const double *values, gsize n_entries);
void      sw_sparse_clear (SwSparse *a);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwLinear, sw_linear_free)
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SwLinearConfig, _sw_linear_config_clear)

G_END_DECLS
