/* sw-frf-private.h: the solvers of a frequency response, for the tests and
 * bench-frf.
 *
 * Every frequency solves (K - w^2 M + i w D) Q = F. The dense path (a
 * complex LU of the n x n matrix, O(n^3) per frequency) is the reference;
 * the band path (sw-frf-band.c) reorders the coordinates by Cuthill-McKee
 * and solves the complex band system, O(n b^2) per frequency for a band of
 * half-width b (a chain: b = 1).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-complex-private.h"
#include <gsl/gsl_matrix.h>
#include "sw-frf.h"

G_BEGIN_DECLS

typedef enum {
  SW_FRF_SOLVER_AUTO,    /* the band path where the band is narrow, else dense */
  SW_FRF_SOLVER_DENSE,   /* a dense complex LU per frequency whatever the structure */
  SW_FRF_SOLVER_SERIAL,  /* AUTO on the calling thread alone */
  SW_FRF_SOLVER_FULL,    /* the band path's whole solution per frequency (before
                          * the entries alone, kept to compare with) */
} SwFrfSolver;

/* sw_frf_compute() with the solver chosen; *solver_used (may be NULL) gets
 * "band" or "dense". */
SwTrajectory *_sw_frf_compute_with (const SwSystem     *system,
                                    const char         *input,
                                    const char         *output,
                                    const SwFrfOptions *options,
                                    SwFrfSolver         solver,
                                    const char        **solver_used,
                                    GError            **error);

typedef struct _SwFrfBand SwFrfBand;

/* The band of K, D and M (n x n each, any structure, not necessarily
 * symmetric) in a Cuthill-McKee order of their common graph; NULL when it
 * is too wide to pay (see the rule in sw-frf-band.c). */
SwFrfBand *_sw_frf_band_new   (const gsl_matrix *K,
                               const gsl_matrix *D,
                               const gsl_matrix *M);
/* Lower and upper half-widths of the band in its order. */
void       _sw_frf_band_get_widths (const SwFrfBand *band,
                                    guint           *kl,
                                    guint           *ku);
/* Its order n. */
void       _sw_frf_band_get_size (const SwFrfBand *band,
                                  guint           *n);
/* At most this many frequencies per _sw_frf_band_solve(). */
#define SW_FRF_BAND_LANES 4

/* Solves (K - w^2 M + i w D) x = f at the n_w angular frequencies w (f
 * real, n long, in the coordinates' order; x: n_w solutions of n each, the
 * same order) by a band LU with partial pivoting. ok[k] FALSE when a pivot
 * is exactly 0 (the matrix is singular at w[k]; x is then not a number). */
void       _sw_frf_band_solve (SwFrfBand      *band,
                               guint           n_w,
                               const double   *w,
                               const double   *f,
                               double complex *x,
                               gboolean       *ok);
/* The same with a complex right-hand side per frequency: f[l] is
 * frequency l's (n), so that each frequency may have its own load (a
 * forced response's orders, sw-forced.c), shared without copies. */
void       _sw_frf_band_solve_complex (SwFrfBand                   *band,
                                       guint                        n_w,
                                       const double                *w,
                                       const double complex *const *f,
                                       double complex              *x,
                                       gboolean                    *ok);
/* Frequencies _sw_frf_band_solve_entries() solves together: its results
 * for frequencies split at a multiple of this are the same bit for bit as
 * those of one call (threads may share the work that way). */
#define SW_FRF_BAND_GROUP 8
/* Entries want[] (n_want >= 1 coordinates) of the solutions of (K - w^2 M +
 * i w D) x = f at the n_w frequencies w: y[l n_want + k] is x[want[k]] at
 * w[l]; ok[l] as _sw_frf_band_solve(). On a tridiagonal band it reads band
 * alone (threads may share it) and takes about half the work of the whole
 * solution; a wider band solves whole and picks. */
void       _sw_frf_band_solve_entries (SwFrfBand      *band,
                                       guint           n_w,
                                       const double   *w,
                                       const double   *f,
                                       guint           n_want,
                                       const guint    *want,
                                       double complex *y,
                                       gboolean       *ok);
void       _sw_frf_band_free  (SwFrfBand      *band);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwFrfBand, _sw_frf_band_free)

G_END_DECLS
