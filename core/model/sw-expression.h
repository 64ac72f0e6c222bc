/* sw-expression.h: a formula the user types, with named constants, as the
 * value of an EXPRESSION parameter (a custom coupling's torque):
 * "c*phi_rel + d*w_rel*abs(w_rel)" with c = 1e4, d = 2.
 *
 * The value is immutable and reference counted (like SwTable): the text
 * and its constants, in the order given. Which variables the text may use
 * is the parameter's (SwExpressionDesc in sw-kind.h). The grammar is
 * libmatheval's: numbers, names, + - * / ^ (grouped from the left:
 * 2^3^2 = 64), unary minus (below ^: -x^2 = -(x^2)), parentheses and the
 * functions of sw_expression_functions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _SwExpression SwExpression;

/* The names a formula may call as functions, NULL-terminated. */
extern const char *const sw_expression_functions[];
/* The constants every formula knows (e, pi, ...), NULL-terminated. */
extern const char *const sw_expression_builtins[];

/* Copies text and the n constants (names[i] = values[i]). Nothing is
 * checked: see sw_expression_check(). */
SwExpression *sw_expression_new                (const char         *text,
                                                guint               n_constants,
                                                const char *const  *names,
                                                const double       *values);
SwExpression *sw_expression_ref                (SwExpression       *expression);
void          sw_expression_unref              (SwExpression       *expression);

const char   *sw_expression_get_text           (const SwExpression *expression);
guint         sw_expression_get_n_constants    (const SwExpression *expression);
const char   *sw_expression_get_constant_name  (const SwExpression *expression,
                                                guint               index);
double        sw_expression_get_constant_value (const SwExpression *expression,
                                                guint               index);
gboolean      sw_expression_equal              (const SwExpression *a,
                                                const SwExpression *b);

/* Checks the text's syntax and names and the constants (names unique, not
 * a variable, function or built-in name; values finite and in the number
 * scale) against variables (NULL-terminated). On failure the message says
 * what is wrong and what would be valid, and *position (may be NULL) is
 * the 1-based character of the text where it is wrong, or 0 when the
 * problem is a constant's: then *constant is its index (else -1). */
gboolean      sw_expression_check              (const SwExpression *expression,
                                                const char *const  *variables,
                                                guint              *position,
                                                int                *constant,
                                                GError            **error);

/* The constants as text, "c = 10000, d = 2" ("" without any); and back:
 * "name = number" separated by commas, semicolons or new lines. The
 * reverse makes a new expression with text and those constants, or sets
 * a message naming the entry that is wrong (NULL). */
char         *sw_expression_dup_constants_text (const SwExpression *expression);
SwExpression *sw_expression_new_parse_constants (const char        *text,
                                                 const char        *constants,
                                                 GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwExpression, sw_expression_unref)

G_END_DECLS
