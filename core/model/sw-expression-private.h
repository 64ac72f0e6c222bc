/* sw-expression-private.h: an expression compiled for evaluation, with its
 * exact derivatives (sw-expression-compile.c): straight-line code over a
 * few registers, the constants folded, its value libmatheval's to the bit.
 *
 * Thread safety. A compiled function is immutable: any number of threads
 * evaluate it at once without a lock (a part's function is shared by the
 * systems made from it, a locked friction configuration, and read by a run
 * and by the window's columns at the same time); the registers live on the
 * caller's stack. Compiling uses no global state. Evaluation does not
 * allocate.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-expression.h"
#include "sw-part.h"

G_BEGIN_DECLS

/* Compiles a checked expression over variables (NULL-terminated, at most
 * SW_FUNCTION_MAX_VARIABLES): the value and the derivative by each. */
#define SW_FUNCTION_MAX_VARIABLES 4
SwFunction *_sw_function_new   (const SwExpression *expression,
                                const char *const  *variables,
                                GError            **error);
SwFunction *_sw_function_ref   (SwFunction         *function);
void        _sw_function_unref (SwFunction         *function);
/* The value at vars (one per variable); derivs (NULL: not wanted) gets the
 * derivative by each variable. */
double      _sw_function_eval  (const SwFunction   *function,
                                const double       *vars,
                                double             *derivs);
/* Whether the value is c (v0 - offset) + d v1 over the first two variables
 * (either term may be missing, in either order), and c, d and offset: a
 * linear element, which the engine evaluates in its flat loop. */
gboolean    _sw_function_get_linear (const SwFunction *function,
                                     double           *c,
                                     double           *d,
                                     double           *offset);
/* The length of the value's code (derivative -1) or of a derivative's: the
 * tests see the constants folded. */
guint       _sw_function_get_n_instructions (const SwFunction *function,
                                             int               derivative);

G_END_DECLS
