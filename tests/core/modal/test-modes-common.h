/* test-modes-common.h: what the modal analysis tests (test-modes-*.c) share:
 * models from text, files and examples, modes and lookups in them, shapes, the
 * invariants of every analysis, the chain oracle.
 *
 * The test-modes-*.c programs test modal analysis (sw-modes.c), each case
 * against something independent of the engine:
 *
 * 1. published torsional benchmarks (Friswell et al., as asserted by
 *    openTorsion) and closed forms, copied from
 *    /work/shared/reference/modal/benchmarks.json;
 * 2. the derived cases of the Twin Builder digest (spec seed-000 §5.9);
 * 3. closed forms (uniform chains, gears, springs in series) and eigen-solves
 *    of K and M assembled by hand (test-modes-common.c);
 * 4. invariants checked on every model: kinetic = potential energy, percents,
 *    q^T M q = 1 with M from the inertias, rigid-body modes;
 * 5. damped eigenvalues against the characteristic polynomial;
 * 6. the operating point of a linear model;
 * 7. the JSON of `shaftwork-cli modal`.
 *
 * Models are JSON written with single quotes (turned into double quotes
 * before reading); the Friswell geared models are fixtures in
 * tests/data/modes/, the four-body drive train is data/examples/fourbody.shaft.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <math.h>
#include <stdarg.h>
#include <string.h>

#include <glib.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>
#include <json-glib/json-glib.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-simulate.h"
#include "sw-system.h"

G_BEGIN_DECLS

G_DEFINE_AUTOPTR_CLEANUP_FUNC (gsl_matrix, gsl_matrix_free)

G_DEFINE_AUTOPTR_CLEANUP_FUNC (gsl_vector, gsl_vector_free)

G_DEFINE_AUTOPTR_CLEANUP_FUNC (gsl_eigen_gensymmv_workspace, gsl_eigen_gensymmv_free)

/* ---- Assertions --------------------------------------------------------- */

/* |a - b| <= tol·|b| (g_assert_cmpfloat_with_epsilon compares strictly:
 * the smallest double keeps a == b == 0 passing). */
#define assert_rel(a, b, tol) \
  G_STMT_START { \
    double a_ = (a), b_ = (b); \
    g_assert_cmpfloat_with_epsilon (a_, b_, (tol) * fabs (b_) + G_MINDOUBLE); \
  } G_STMT_END

/* ---- Model text --------------------------------------------------------- */

typedef struct {
  GString *components;
  GString *connections;
} ModelText;

void
text_init (ModelText *t);

/* One component; params_format gives the members of "params" (single
 * quotes allowed). */
void G_GNUC_PRINTF (4, 5)
text_add (ModelText  *t,
          const char *id,
          const char *kind,
          const char *params_format,
          ...);

void
text_wire (ModelText  *t,
           const char *from,
           const char *to);

SwModel *
text_finish (ModelText  *t,
             const char *name);

SwModel *
model_new_from_path (const char *path);

SwModel *
model_new_from_example (const char *name);

SwSystem *
assemble (SwModel *model);

SwModes *
modes_at (const SwSystem *sys,
          double          t,
          const double   *state);

SwModes *
modes_of_model (SwModel *model);

/* Its modes at the initial state by solver, the n_lowest alone (0: all). */
SwModes *
modes_with (const SwSystem *sys,
            SwModesSolver   solver,
            guint           n_lowest);

/* ---- Lookups ------------------------------------------------------------ */

int
body_index (const SwModes *modes,
            const char    *id);

int
section_index (const SwModes *modes,
               const char    *id);

const char *
most_excitable_id (const SwModes *modes,
                   const SwMode  *mode);

double
component_param (SwModel    *model,
                 const char *id,
                 const char *param);

/* ---- Shapes ------------------------------------------------------------- */

/* got and want (indexed like the bodies) point the same way or opposite
 * ways; each normalised to unit length, they agree to tol up to sign. */
void
assert_parallel (const double *got,
                 const double *want,
                 guint         n,
                 double        tol);

/* want scaled so that its largest |entry| is +1; FALSE when two entries of
 * opposite sign share the largest magnitude (the sign is then a choice). */
gboolean
max_normalise (const double *want,
               guint         n,
               double       *out);

/* The max-normalised shape of a mode equals want scaled the same way (or,
 * when the sign is a choice, is parallel to it). */
void
assert_shape (const SwMode *mode,
              const double *want,
              guint         n,
              double        tol);

/* ---- 4. Invariants of every analysis ------------------------------------ */

/* undamped: the model has no dampers, so every elastic mode must have
 * damping ratio 0 and its damped frequency equal to the undamped one. */
void
check_invariants (const SwModes *modes,
                  gboolean       undamped);

/* ---- Chains: models and their hand-assembled eigenproblem --------------- */

typedef struct {
  guint               n_bodies;
  const char *const  *body;   /* ids */
  const double       *J;
  guint               n_springs;
  const char *const  *spring; /* ids */
  const int          *a, *b;  /* body index at each end, -1: ground */
  const double       *c;
} Chain;

/* Every mode against the hand-assembled eigenproblem: frequency, shape,
 * kinetic energy of every body, potential energy of every spring. The
 * eigenvalues must be distinct (else the shapes are not unique). */
void
check_chain_oracle (const SwModes *modes,
                    const Chain   *ch);

SwModes *
chain_modes (const Chain *ch,
             const char  *name);

/* benchmarks.json "msl_rotational_first_linear" (derived from the
 * parameters of Modelica.Mechanics.Rotational.Examples.First): undamped
 * 0, 12.15566 Hz; damped -0.059519 +/- 76.375682j (zeta 7.8e-4),
 * -0.714296 (real), 0. */
gboolean
find_eigenvalue (const SwModes *modes,
                 double         re,
                 double         im,
                 double         tol);

void
check_first (const SwModes *modes);

G_END_DECLS
