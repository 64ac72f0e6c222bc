/* sw-lapack.c: LAPACK loaded at its first use, LAPACKE at the first call
 * that needs it (sw-lapack-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-lapack-private.h"
#include "sw-error.h"

#include <gmodule.h>
#include <math.h>
#include <glib/gi18n-lib.h>
#ifdef G_OS_UNIX
#include <dlfcn.h>
#endif

/* Sanitizers' runtimes refuse RTLD_DEEPBIND (their interceptors would be
 * bypassed). */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define SANITIZED 1
#endif
#endif

#define LAPACK_LIBRARY "liblapack.so.3"
#define LAPACKE_LIBRARY "liblapacke.so.3"
#define ARPACK_LIBRARY "libarpack.so.2"

/* The table handed out: dstevr calls LAPACK's Fortran routine itself
 * (liblapack.so.3, loaded at _sw_lapack_load()), the others are stubs that
 * bind LAPACKE at their first call. All modes of an undamped model need
 * dstevr alone, and LAPACKE costs a start 1 ms more (liblapacke, libblas
 * and libtmglib: some 2 600 bindings made as they load). */
static SwLapack lapack;
static __typeof__ (LAPACK_dstevr_base) *fortran_dstevr;
static char *load_error;   /* why loading failed, or NULL */

/* LAPACKE's routines once bound (bind_lapacke ()). */
static SwLapack bound;
static char *bind_error;   /* why binding LAPACKE failed, or NULL */

/* RTLD_DEEPBIND: OpenBLAS's LAPACK binds some 16 000 references to its own
 * symbols as it loads; its own scope first finds them without walking the
 * libraries of the program. The handle stays open, and GModule's open
 * after it finds the same one. */
static GModule *
open_library (const char *name)
{
#if defined(RTLD_DEEPBIND) && !defined(SANITIZED)
  (void) dlopen (name, RTLD_LAZY | RTLD_LOCAL | RTLD_DEEPBIND);
#endif
  /* Never closed: the routines stay valid for the process's lifetime. */
  return g_module_open (name, G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
}

static gboolean
find (GModule    *module,
      const char *library,
      const char *name,
      gpointer   *slot,
      char      **error)
{
  if (g_module_symbol (module, name, slot) && *slot != NULL)
    return TRUE;
  *error = g_strdup_printf (_("%s has no %s"), library, name);
  return FALSE;
}

static void
bind_lapacke_once (void)
{
  GModule *module = open_library (LAPACKE_LIBRARY);

  if (module == NULL)
    {
      bind_error = g_strdup (g_module_error ());
      return;
    }
  g_module_make_resident (module);
  /* Found in LAPACKE's dependencies: the BLAS that LAPACK itself uses;
   * else GSL's (linked), slower but always there. */
  if (!g_module_symbol (module, "cblas_dgemv", (gpointer *) &bound.dgemv) || bound.dgemv == NULL)
    bound.dgemv = cblas_dgemv;
  if (!g_module_symbol (module, "cblas_dgemm", (gpointer *) &bound.dgemm) || bound.dgemm == NULL)
    bound.dgemm = cblas_dgemm;
#define FIND(r) find (module, LAPACKE_LIBRARY, "LAPACKE_" #r, (gpointer *) &bound.r, &bind_error)
  (void) (FIND (dgbtrf) && FIND (dgbtrs) && FIND (dgeevx) && FIND (dpbtrf) && FIND (dpbtrs) && FIND (dpotrf)
          && FIND (dpotrs) && FIND (dsbgvd) && FIND (dsbgvx) && FIND (dsyevr) && FIND (dsygst) && FIND (dtrtrs));
#undef FIND
}

/* LAPACKE's table, NULL when it cannot be bound (said once). */
static const SwLapack *
bind_lapacke (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      bind_lapacke_once ();
      if (bind_error != NULL)
        g_warning (_("LAPACK cannot be loaded (%s); modal analysis needs it: install liblapacke"), bind_error);
      g_once_init_leave (&done, 1);
    }
  return bind_error == NULL ? &bound : NULL;
}

/* The stubs: LAPACKE's routine, or the illegal-argument status of the
 * first argument when LAPACKE is missing (every caller takes a status
 * other than 0 as the solve failing). */
#define BIND(r) const SwLapack *l = bind_lapacke (); if (l == NULL) return -1; return l->r

static void
stub_dgemv (const enum CBLAS_ORDER order, const enum CBLAS_TRANSPOSE ta, const int m, const int n, const double alpha,
            const double *a, const int lda, const double *x, const int incx, const double beta, double *y,
            const int incy)
{
  const SwLapack *l = bind_lapacke ();

  (l != NULL ? l->dgemv : cblas_dgemv) (order, ta, m, n, alpha, a, lda, x, incx, beta, y, incy);
}

static void
stub_dgemm (const enum CBLAS_ORDER order, const enum CBLAS_TRANSPOSE ta, const enum CBLAS_TRANSPOSE tb, const int m,
            const int n, const int k, const double alpha, const double *a, const int lda, const double *b,
            const int ldb, const double beta, double *c, const int ldc)
{
  const SwLapack *l = bind_lapacke ();

  (l != NULL ? l->dgemm : cblas_dgemm) (order, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

static lapack_int
stub_dgbtrf (int layout, lapack_int m, lapack_int n, lapack_int kl, lapack_int ku, double *ab, lapack_int ldab,
             lapack_int *ipiv)
{
  BIND (dgbtrf) (layout, m, n, kl, ku, ab, ldab, ipiv);
}

static lapack_int
stub_dgbtrs (int layout, char trans, lapack_int n, lapack_int kl, lapack_int ku, lapack_int nrhs, const double *ab,
             lapack_int ldab, const lapack_int *ipiv, double *b, lapack_int ldb)
{
  BIND (dgbtrs) (layout, trans, n, kl, ku, nrhs, ab, ldab, ipiv, b, ldb);
}

static lapack_int
stub_dgeevx (int layout, char balanc, char jobvl, char jobvr, char sense, lapack_int n, double *a, lapack_int lda,
             double *wr, double *wi, double *vl, lapack_int ldvl, double *vr, lapack_int ldvr, lapack_int *ilo,
             lapack_int *ihi, double *scale, double *abnrm, double *rconde, double *rcondv)
{
  BIND (dgeevx) (layout, balanc, jobvl, jobvr, sense, n, a, lda, wr, wi, vl, ldvl, vr, ldvr, ilo, ihi, scale, abnrm,
                 rconde, rcondv);
}

static lapack_int
stub_dpbtrf (int layout, char uplo, lapack_int n, lapack_int kd, double *ab, lapack_int ldab)
{
  BIND (dpbtrf) (layout, uplo, n, kd, ab, ldab);
}

static lapack_int
stub_dpbtrs (int layout, char uplo, lapack_int n, lapack_int kd, lapack_int nrhs, const double *ab, lapack_int ldab,
             double *b, lapack_int ldb)
{
  BIND (dpbtrs) (layout, uplo, n, kd, nrhs, ab, ldab, b, ldb);
}

static lapack_int
stub_dpotrf (int layout, char uplo, lapack_int n, double *a, lapack_int lda)
{
  BIND (dpotrf) (layout, uplo, n, a, lda);
}

static lapack_int
stub_dpotrs (int layout, char uplo, lapack_int n, lapack_int nrhs, const double *a, lapack_int lda, double *b,
             lapack_int ldb)
{
  BIND (dpotrs) (layout, uplo, n, nrhs, a, lda, b, ldb);
}

static lapack_int
stub_dsbgvd (int layout, char jobz, char uplo, lapack_int n, lapack_int ka, lapack_int kb, double *ab,
             lapack_int ldab, double *bb, lapack_int ldbb, double *w, double *z, lapack_int ldz)
{
  BIND (dsbgvd) (layout, jobz, uplo, n, ka, kb, ab, ldab, bb, ldbb, w, z, ldz);
}

static lapack_int
stub_dsbgvx (int layout, char jobz, char range, char uplo, lapack_int n, lapack_int ka, lapack_int kb, double *ab,
             lapack_int ldab, double *bb, lapack_int ldbb, double *q, lapack_int ldq, double vl, double vu,
             lapack_int il, lapack_int iu, double abstol, lapack_int *m, double *w, double *z, lapack_int ldz,
             lapack_int *ifail)
{
  BIND (dsbgvx) (layout, jobz, range, uplo, n, ka, kb, ab, ldab, bb, ldbb, q, ldq, vl, vu, il, iu, abstol, m, w, z,
                 ldz, ifail);
}

static lapack_int
stub_dsyevr (int layout, char jobz, char range, char uplo, lapack_int n, double *a, lapack_int lda, double vl,
             double vu, lapack_int il, lapack_int iu, double abstol, lapack_int *m, double *w, double *z,
             lapack_int ldz, lapack_int *isuppz)
{
  BIND (dsyevr) (layout, jobz, range, uplo, n, a, lda, vl, vu, il, iu, abstol, m, w, z, ldz, isuppz);
}

static lapack_int
stub_dsygst (int layout, lapack_int itype, char uplo, lapack_int n, double *a, lapack_int lda, const double *b,
             lapack_int ldb)
{
  BIND (dsygst) (layout, itype, uplo, n, a, lda, b, ldb);
}

static lapack_int
stub_dtrtrs (int layout, char uplo, char trans, char diag, lapack_int n, lapack_int nrhs, const double *a,
             lapack_int lda, double *b, lapack_int ldb)
{
  BIND (dtrtrs) (layout, uplo, trans, diag, n, nrhs, a, lda, b, ldb);
}

#undef BIND

/* LAPACKE_dstevr's work for the column-major layout, which is all Shaftwork
 * uses: its NaN check, its workspace query and the same call of LAPACK's
 * routine (the same results, bit for bit). */
static lapack_int
direct_dstevr (int layout, char jobz, char range, lapack_int n, double *d, double *e, double vl, double vu,
               lapack_int il, lapack_int iu, double abstol, lapack_int *m, double *w, double *z, lapack_int ldz,
               lapack_int *isuppz)
{
  lapack_int info = 0, lwork = -1, liwork = -1, iwork_query = 0;
  double work_query = 0;
  g_autofree double *work = NULL;
  g_autofree lapack_int *iwork = NULL;

  g_return_val_if_fail (layout == LAPACK_COL_MAJOR, -1);
  if (isnan (abstol))
    return -11;
  for (lapack_int i = 0; i < n; i++)
    if (isnan (d[i]))
      return -5;
  for (lapack_int i = 0; i + 1 < n; i++)
    if (isnan (e[i]))
      return -6;
  if (range == 'V' && (isnan (vl) || isnan (vu)))
    return isnan (vl) ? -8 : -9;
  fortran_dstevr (&jobz, &range, &n, d, e, &vl, &vu, &il, &iu, &abstol, m, w, z, &ldz, isuppz, &work_query, &lwork,
                  &iwork_query, &liwork, &info, 1, 1);
  if (info != 0)
    return info;
  lwork = (lapack_int) work_query;
  liwork = iwork_query;
  work = g_new (double, MAX (lwork, 1));
  iwork = g_new (lapack_int, MAX (liwork, 1));
  fortran_dstevr (&jobz, &range, &n, d, e, &vl, &vu, &il, &iu, &abstol, m, w, z, &ldz, isuppz, work, &lwork, iwork,
                  &liwork, &info, 1, 1);
  return info;
}

static void
load (void)
{
  GModule *module = open_library (LAPACK_LIBRARY);

  if (module == NULL)
    {
      load_error = g_strdup (g_module_error ());
      return;
    }
  g_module_make_resident (module);
  if (!find (module, LAPACK_LIBRARY, "dstevr_", (gpointer *) &fortran_dstevr, &load_error))
    return;
  lapack = (SwLapack) {
    .dgemv = stub_dgemv, .dgemm = stub_dgemm, .dgbtrf = stub_dgbtrf, .dgbtrs = stub_dgbtrs, .dgeevx = stub_dgeevx,
    .dpbtrf = stub_dpbtrf, .dpbtrs = stub_dpbtrs, .dpotrf = stub_dpotrf, .dpotrs = stub_dpotrs,
    .dsbgvd = stub_dsbgvd, .dsbgvx = stub_dsbgvx, .dstevr = direct_dstevr, .dsyevr = stub_dsyevr,
    .dsygst = stub_dsygst, .dtrtrs = stub_dtrtrs,
  };
}

const SwLapack *
_sw_lapack_load (GError **error)
{
  static gsize loaded = 0;

  if (g_once_init_enter (&loaded))
    {
      load ();
      g_once_init_leave (&loaded, 1);
    }
  if (load_error != NULL)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_IO,
                   _("LAPACK cannot be loaded (%s); modal analysis needs it: install liblapacke"), load_error);
      return NULL;
    }
  return &lapack;
}

const SwLapack *
_sw_lapack (void)
{
  g_assert (lapack.dstevr != NULL);
  return &lapack;
}

static SwArpack arpack;
static char *arpack_error;   /* why loading ARPACK failed (for a debugger), or NULL */

static void
load_arpack (void)
{
  GModule *module = g_module_open (ARPACK_LIBRARY, G_MODULE_BIND_LOCAL);

  if (module == NULL)
    {
      arpack_error = g_strdup (g_module_error ());
      return;
    }
  g_module_make_resident (module);
  if (!g_module_symbol (module, "dnaupd_c", (gpointer *) &arpack.dnaupd) || arpack.dnaupd == NULL
      || !g_module_symbol (module, "dneupd_c", (gpointer *) &arpack.dneupd) || arpack.dneupd == NULL)
    arpack_error = g_strdup ("dnaupd_c/dneupd_c missing");
}

const SwArpack *
_sw_arpack_load (void)
{
  static gsize loaded = 0;

  if (g_once_init_enter (&loaded))
    {
      load_arpack ();
      g_once_init_leave (&loaded, 1);
    }
  return arpack_error == NULL ? &arpack : NULL;
}
