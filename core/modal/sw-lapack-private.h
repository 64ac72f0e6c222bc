/* sw-lapack-private.h: the LAPACKE routines modal analysis uses, loaded
 * the first time they are needed: dstevr from LAPACK itself
 * (liblapack.so.3, at _sw_lapack_load ()), the others from liblapacke.so.3
 * at their first call.
 *
 * Linking LAPACK (OpenBLAS on Debian) into every program costs each start
 * about 4 ms of symbol relocation, and OpenBLAS starts a thread that spins
 * beside every simulation; most runs never solve an eigenproblem.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <lapacke.h>
#include <arpack.h>
#include <gsl/gsl_cblas.h>

G_BEGIN_DECLS

typedef struct {
  /* The BLAS that LAPACK links (OpenBLAS on Debian), not GSL's own. */
  __typeof__ (cblas_dgemv)    *dgemv;
  __typeof__ (cblas_dgemm)    *dgemm;
  __typeof__ (LAPACKE_dgbtrf) *dgbtrf;
  __typeof__ (LAPACKE_dgbtrs) *dgbtrs;
  __typeof__ (LAPACKE_dgeevx) *dgeevx;
  __typeof__ (LAPACKE_dpbtrf) *dpbtrf;
  __typeof__ (LAPACKE_dpbtrs) *dpbtrs;
  __typeof__ (LAPACKE_dpotrf) *dpotrf;
  __typeof__ (LAPACKE_dpotrs) *dpotrs;
  __typeof__ (LAPACKE_dsbgvd) *dsbgvd;
  __typeof__ (LAPACKE_dsbgvx) *dsbgvx;
  __typeof__ (LAPACKE_dstevr) *dstevr;
  __typeof__ (LAPACKE_dsyevr) *dsyevr;
  __typeof__ (LAPACKE_dsygst) *dsygst;
  __typeof__ (LAPACKE_dtrtrs) *dtrtrs;
} SwLapack;

/* Loads the library once (thread-safe); NULL with error set when it or a
 * routine is missing. */
const SwLapack *_sw_lapack_load (GError **error);

/* The routines, after a successful _sw_lapack_load (). */
const SwLapack *_sw_lapack (void);

/* ARPACK (libarpack.so.2, its C binding), loaded the same way the first
 * time the damped modes of a large model need it (sw-eigen-arnoldi.c). */
typedef struct {
  __typeof__ (dnaupd_c) *dnaupd;
  __typeof__ (dneupd_c) *dneupd;
} SwArpack;

/* NULL when the library or a routine is missing (the damped eigenvalues
 * of large models are then left out with a note, as before ARPACK). */
const SwArpack *_sw_arpack_load (void);

G_END_DECLS
