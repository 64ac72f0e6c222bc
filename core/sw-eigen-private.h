/* sw-eigen-private.h: K v = lambda M v for symmetric K and positive definite M.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>

G_BEGIN_DECLS

/* Eigenvalues ascending into eval, eigenvectors (columns, M-orthogonal,
 * scale unspecified) into evec. FALSE when it fails. */
gboolean _sw_eigen_gensym (const gsl_matrix *K, const gsl_matrix *M, gsl_vector *eval, gsl_matrix *evec);

G_END_DECLS
