/* sw-inspector-expression-row.h: the editor of an expression parameter
 * (sw-expression.h): a custom coupling's torque formula and its constants.
 *
 * An expander row whose subtitle is the formula; inside, an entry for the
 * formula, one for the constants ("c = 1e4, d = 2"), what is wrong (if
 * anything, at which character, and what is valid) and which variables the
 * formula may use. What is typed is checked at each change; the apply
 * button or Enter hands a valid expression out with "expression-edited".
 * An invalid one is never handed out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>
#include "sw-kind.h"
#include "sw-expression.h"

G_BEGIN_DECLS

#define SW_TYPE_INSPECTOR_EXPRESSION_ROW (sw_inspector_expression_row_get_type ())
G_DECLARE_FINAL_TYPE (SwInspectorExpressionRow, sw_inspector_expression_row, SW, INSPECTOR_EXPRESSION_ROW,
                      AdwExpanderRow)

/* Signal "expression-edited" (SwExpression *expression, borrowed for the
 * emission). Children are named "<param>.formula", "<param>.constants"
 * (AdwEntryRow), "<param>.error" and "<param>.variables". */
GtkWidget    *sw_inspector_expression_row_new        (const SwParamDesc        *desc);
/* The parameter's expression in the model; replaces what is typed. */
void          sw_inspector_expression_row_set_expression (SwInspectorExpressionRow *self,
                                                          const SwExpression       *expression);
/* The problem of what is typed or the model's refusal, or NULL. */
const char   *sw_inspector_expression_row_get_error  (SwInspectorExpressionRow *self);
/* The model refused the expression (its message), or NULL to clear. */
void          sw_inspector_expression_row_set_error  (SwInspectorExpressionRow *self,
                                                      const char               *message);
/* Hands out what is typed now, when it is valid (what apply does). */
void          sw_inspector_expression_row_commit     (SwInspectorExpressionRow *self);

G_END_DECLS
