/* sw-expression-private.h: an expression compiled for evaluation
 * (libmatheval), with its exact derivatives.
 *
 * Thread safety. libmatheval's parser keeps its state in globals, so
 * compiling (evaluator_create, evaluator_derivative) runs under one
 * process-wide lock. Evaluating writes the variables' values into the
 * evaluator's symbol table (shared with its derivatives), so an SwFunction
 * evaluates under its own lock: a part's function is shared by the systems
 * made from it (a locked friction configuration) and read by a run and by
 * the window's columns at the same time. Evaluation does not allocate.
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
double      _sw_function_eval  (SwFunction         *function,
                                const double       *vars,
                                double             *derivs);

G_END_DECLS
