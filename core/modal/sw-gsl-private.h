/* sw-gsl-private.h: g_autoptr() for the GSL types core uses.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_permutation.h>
#include <gsl/gsl_vector.h>

G_DEFINE_AUTOPTR_CLEANUP_FUNC (gsl_matrix, gsl_matrix_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (gsl_vector, gsl_vector_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (gsl_vector_complex, gsl_vector_complex_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (gsl_permutation, gsl_permutation_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (gsl_eigen_gensymmv_workspace, gsl_eigen_gensymmv_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (gsl_eigen_nonsymm_workspace, gsl_eigen_nonsymm_free)
