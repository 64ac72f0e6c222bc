/* sw-lapack.c: LAPACKE loaded at its first use (sw-lapack-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-lapack-private.h"
#include "sw-error.h"

#include <gmodule.h>
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

#define LAPACKE_LIBRARY "liblapacke.so.3"
#define ARPACK_LIBRARY "libarpack.so.2"

static SwLapack lapack;
static char *load_error;   /* why loading failed, or NULL */

static gboolean
find (GModule    *module,
      const char *name,
      gpointer   *slot)
{
  if (g_module_symbol (module, name, slot) && *slot != NULL)
    return TRUE;
  load_error = g_strdup_printf (_("%s has no %s"), LAPACKE_LIBRARY, name);
  return FALSE;
}

static void
load (void)
{
  GModule *module;

#if defined(RTLD_DEEPBIND) && !defined(SANITIZED)
  /* OpenBLAS's LAPACK binds some 16 000 references to its own symbols as
   * it loads; its own scope first finds them without walking the 40
   * libraries of the program (half the startup of `modal` otherwise). The
   * handle stays open, and GModule's open below finds the same one. */
  (void) dlopen (LAPACKE_LIBRARY, RTLD_LAZY | RTLD_LOCAL | RTLD_DEEPBIND);
#endif
  /* Never closed: the routines stay valid for the process's lifetime. */
  module = g_module_open (LAPACKE_LIBRARY, G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);

  if (module == NULL)
    {
      load_error = g_strdup (g_module_error ());
      return;
    }
  g_module_make_resident (module);
  /* Found in LAPACKE's dependencies: the BLAS that LAPACK itself uses;
   * else GSL's (linked), slower but always there. */
  if (!g_module_symbol (module, "cblas_dgemv", (gpointer *) &lapack.dgemv) || lapack.dgemv == NULL)
    lapack.dgemv = cblas_dgemv;
  if (!g_module_symbol (module, "cblas_dgemm", (gpointer *) &lapack.dgemm) || lapack.dgemm == NULL)
    lapack.dgemm = cblas_dgemm;
  (void) (find (module, "LAPACKE_dgbtrf", (gpointer *) &lapack.dgbtrf)
          && find (module, "LAPACKE_dgbtrs", (gpointer *) &lapack.dgbtrs)
          && find (module, "LAPACKE_dgeevx", (gpointer *) &lapack.dgeevx)
          && find (module, "LAPACKE_dpbtrf", (gpointer *) &lapack.dpbtrf)
          && find (module, "LAPACKE_dpbtrs", (gpointer *) &lapack.dpbtrs)
          && find (module, "LAPACKE_dpotrf", (gpointer *) &lapack.dpotrf)
          && find (module, "LAPACKE_dpotrs", (gpointer *) &lapack.dpotrs)
          && find (module, "LAPACKE_dsbgvd", (gpointer *) &lapack.dsbgvd)
          && find (module, "LAPACKE_dsbgvx", (gpointer *) &lapack.dsbgvx)
          && find (module, "LAPACKE_dstevr", (gpointer *) &lapack.dstevr)
          && find (module, "LAPACKE_dsyevr", (gpointer *) &lapack.dsyevr)
          && find (module, "LAPACKE_dsygst", (gpointer *) &lapack.dsygst)
          && find (module, "LAPACKE_dtrtrs", (gpointer *) &lapack.dtrtrs));
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
  g_assert (lapack.dtrtrs != NULL);
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
