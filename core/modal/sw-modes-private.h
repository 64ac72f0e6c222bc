/* sw-modes-private.h: what other core analyses need of SwModes.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-modes.h"
#include "sw-linear-private.h"

G_BEGIN_DECLS

/* SwModes (sw-modes.c; a mode's values: sw-modes-values.c). */
struct _SwModes {
  gatomicrefcount ref_count;
  SwSystem *system;
  double    t;
  guint     n_modes;
  SwMode   *modes;
  double   *lambda;           /* per mode: the eigenvalue the energies use (0 for a rigid mode) */
  double   *storage;          /* kept per-mode arrays, or NULL */
  gboolean  scalars_with_values;  /* SwModesOptions.scalars_with_values, without keep_values */
  guint     n_bodies, n_sections;
  guint    *body_part, *section_part;
  double   *sec_k;            /* per section: its tangent stiffness over its nodes */
  guint    *sec_nodes, *sec_n;
  guint     n_eigenvalues;
  double   *eig_re, *eig_im;
  guint     n_coords;
  double   *coord_shapes;     /* per mode: mass-normalised shape over all coordinates */
  guint    *node_coord;       /* where each node is one coordinate times 1 (a chain's
                               * flanges): that coordinate, per node; else NULL */
  gsize     coord_shapes_n;   /* its doubles (sw-modes-arrays.c) */
  const char *solver, *damped_solver;
  SwLinearFriction friction;
  char       *note;             /* why the damped and undamped problems differ, or NULL */
};

/* Mode i's shape over the nodes (system->n_nodes). */
void     _sw_modes_node_shape      (const SwModes *modes, guint i, double *node_shape);
/* Every per-body and per-section value of mode i from its node shape (ke
 * and pe must be given, the others may be NULL); with scalars, the mode's
 * numbers that come from them too (most excitable section, energy balance). */
void     _sw_modes_values          (const SwModes *modes, guint i, const double *node_shape, double *shape,
                                    double *shape_mn, double *ke, double *kep, double *pe, double *pep,
                                    SwMode *scalars);

/* The mass-normalised shape of mode index over every independent
 * coordinate of the system (sw-system-private.h). */
const double *_sw_modes_get_coord_shape (const SwModes *modes, guint index);

/* Seconds spent in each part of _sw_modes_compute_timed(). */
typedef struct {
  double linearise_s;
  double eigen_s;
  double energies_s;
  double damped_s;
} SwModesTiming;

/* sw_modes_compute() that also reports where the time went (benchmarks). */
SwModes *_sw_modes_compute_timed (const SwSystem *system, double t, const double *state,
                                  const SwModesOptions *options, SwModesTiming *timing, GError **error);

/* The modes in a friction configuration (sw-linear-private.h), at state
 * (its order; NULL: the configuration's own). */
SwModes *_sw_modes_compute_in_config (const SwLinearConfig *config, double t, const double *state,
                                      const SwModesOptions *options, SwModesTiming *timing, GError **error);

/* K over the kept coordinates p with the coordinates s eliminated, and how
 * s follows p: x_s[i] = sum over column i of rec of value * q_p[row]. */
typedef struct {
  SwSparse K;
  SwSparse rec;
} Condensed;

void     _sw_condensed_clear (Condensed *c);
/* Each connected group C of s (through K_ss) is eliminated alone; FALSE
 * when a group's stiffness is singular. */
gboolean _sw_condense        (const SwSparse *K, const guint *p, guint np, const guint *s, guint ns,
                              Condensed *out);
/* The block of a over the coordinates idx (compressed, n_idx square). */
void     _sw_sparse_block    (const SwSparse *a, const guint *idx, guint n_idx, SwSparse *out);
/* Eigenvalues of the first-order system over [q_m, q_f, q_m'] (balanced
 * dgeevx); FALSE when the damping of the first-order coordinates or the
 * mass matrix is singular. */
gboolean _sw_damped_eigenvalues (SwLinear *lin, const guint *m, guint nm, const guint *f, guint nf,
                                 const guint *s, guint ns, double **re, double **im, guint *n_out);
/* The same for equations that are not symmetric (rolling lossy gears). */
gboolean _sw_general_damped_eigenvalues (SwLinear *lin, double **re, double **im, guint *n_out);

/* Proportional (classical) damping: every one of the n_modes mass-normalised
 * shapes (coordinates, n_modes x lin->n) satisfies D v = delta M v to
 * round-off, delta per mode into delta. Only when all damping acts on
 * massive coordinates. O(nonzeros) per mode. */
gboolean _sw_proportional_damping (SwLinear *lin, const double *coord_shapes, guint n_modes, double *delta);

/* A mode's damped eigenvalue (paired by Arnoldi's, sw-modes.c) is the one
 * the dense path would pair, given that every eigenvalue with
 * |lambda + s| < radius (the shift -s < 0) was found. */
gboolean _sw_modes_pairing_certain (const SwMode *mode, double radius, double s);

/* n doubles, zeroed, in 2 MB pages where they are large (sw-modes-arrays.c);
 * freed with _sw_modes_array_free() given the same n. */
double  *_sw_modes_array_new0      (gsize n);
void     _sw_modes_array_free      (double *array, gsize n);

G_END_DECLS
