/* sw-eigen-private.h: K v = lambda M v for symmetric K and positive definite M,
 * and the eigenvalues of a general real matrix.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include "sw-linear-private.h"

G_BEGIN_DECLS

typedef enum {
  SW_EIGEN_AUTO,    /* by structure: GSL when small, tridiagonal, banded, else dense */
  SW_EIGEN_DENSE,   /* LAPACK's dense solver whatever the structure (the reference) */
  SW_EIGEN_LANCZOS, /* shift-invert Lanczos on the band (sw-eigen-lanczos.c) */
} SwEigenMethod;

/* The n_want lowest eigenvalues (1 <= n_want <= n) ascending into eval and
 * their eigenvectors (M-orthonormal) into columns of evec: column k at
 * evec + k * ldv (ldv >= n). K and M hold both triangles. *lambda_max gets
 * the largest eigenvalue of all n (an upper bound when only some were
 * computed by the dense solver), *solver the method that ran. FALSE when
 * it fails. */
gboolean _sw_eigen_gensym (const SwSparse *K, const SwSparse *M, guint n_want, SwEigenMethod method,
                           double *eval, double *evec, gsize ldv, double *lambda_max, const char **solver);

/* Above this many coordinates only the lowest modes are computed (by
 * Lanczos, sw-eigen-lanczos.c): the other solvers' memory grows as n^2. */
#define SW_EIGEN_LARGE 5000

/* _sw_eigen_gensym() by shift-invert Lanczos, K and M in the band order pos
 * (order its inverse) of half-width kd. FALSE when it fails or does not
 * converge, or when the band would not fit in memory. */
gboolean _sw_eigen_lanczos (const SwSparse *K, const SwSparse *M, const guint *order, const guint *pos, guint kd,
                            guint n_want, double *eval, double *evec, gsize ldv, double *lambda_max);

/* The n_want (or n_want + 1, a complex pair kept whole) eigenvalues nearest
 * the real *sigma (< 0, moved off an eigenvalue it meets) of
 * det (K + lambda D + lambda^2 M) = 0 (with lossy's terms), K, D and M banded over the same
 * coordinates, massive[j] where M's column j is not 0: ARPACK's Arnoldi on
 * the shift-inverted first-order form (sw-eigen-arnoldi.c). New arrays re
 * and im, *n_out long; every eigenvalue with |lambda - sigma| < *radius is
 * among them; *arpack_ran: ARPACK ran (TOAR did not converge, or the
 * environment has SW_MODES_ARPACK). FALSE when neither converges (or ARPACK is
 * missing), or the band would not fit in memory. */
typedef struct {
  guint         n;                /* rank */
  const double *u;                /* coordinates x n, column-major */
  const double *wk, *wd, *wm;     /* n x coordinates, row-major */
} SwLowRank;

/* lossy: NULL, or terms that make the equations K - U Wk, D - U Wd,
 * M - U Wm (rolling lossy gears, sw-linear-private.h). */
gboolean _sw_damped_eigenvalues_near (const SwSparse *K, const SwSparse *D, const SwSparse *M,
                                      const SwLowRank *lossy, const gboolean *massive, double *sigma, guint n_want,
                                      double **re, double **im, guint *n_out, double *radius,
                                      gboolean *arpack_ran);

/* An orthonormal basis of up to cap vectors of n (sw-eigen-basis.c),
 * stored by blocks of SW_BASIS_BLOCK rows so that each operation below
 * reads it once. The vectors it works on are _sw_basis_padded (n) long,
 * zero past n. */
#define SW_BASIS_BLOCK 128

typedef struct {
  guint   n, nb, cap;   /* rows, blocks of rows, columns at most */
  double *q;            /* block s, column i, row r at q[(s cap + i) BLOCK + r] */
} SwBasis;

gsize    _sw_basis_padded     (guint n);
/* FALSE when the memory is not there. */
gboolean _sw_basis_init       (SwBasis *b, guint n, guint cap);
void     _sw_basis_clear      (SwBasis *b);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SwBasis, _sw_basis_clear)
/* c = Q^T x over the first k columns; returns |x|^2. */
double   _sw_basis_dot        (const SwBasis *b, guint k, const double *x, double *c);
/* x -= Q c1, then c2 = Q^T (weight x) (one read of Q; weight: a diagonal,
 * padded as x, or NULL for 1). */
void     _sw_basis_sub_dot    (const SwBasis *b, guint k, const double *c1, double *x, const double *weight,
                               double *c2);
/* Each that is not NULL, in one read of Q: x -= Q csub, ya = Q ca,
 * yb = Q cb; returns |x|^2 (after) when x is not NULL. */
double   _sw_basis_combine    (const SwBasis *b, guint k, const double *csub, double *x, const double *ca,
                               double *ya, const double *cb, double *yb);
/* Column l of y (n rows, ldy apart) = Q times column l of c (k rows,
 * k apart), for l < p: one read of Q. */
void     _sw_basis_times      (const SwBasis *b, guint k, const double *c, guint p, double *y, gsize ldy);
/* Column k = scale x. */
void     _sw_basis_set_column (SwBasis *b, guint k, const double *x, double scale);

/* The eigenvalues of the n x n matrix a (column-major, overwritten) with
 * balancing (LAPACK dgeevx, 'B'). FALSE when it fails. */
gboolean _sw_eigen_general (double *a, guint n, double *re, double *im);

G_END_DECLS
