/* sw-modelica-parse-private.h: the Modelica parser's state and its
 * tokens, shared by the tokenizer (sw-modelica-tokens.c) and the recursive
 * descent (sw-modelica-parse.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-modelica-private.h"

G_BEGIN_DECLS

/* Nesting deeper than this is refused (a hostile file): the parser
 * recurses once a level. */
#define MAX_DEPTH 200
/* An expression's tree deeper than this is refused: its evaluation and
 * its freeing recurse once a level, and a long chain of operators
 * (1+1+…, parsed by a loop) is as deep as it is long. No model needs
 * more than a few dozen. */
#define MAX_TREE_DEPTH 1000

typedef enum { T_END, T_IDENT, T_NUMBER, T_STRING, T_SYMBOL } TokenKind;

typedef struct {
  TokenKind kind;
  char     *text;       /* identifier, string contents, symbol ("(", "<=") */
  double    number;
  guint     line, column;
} Token;

typedef struct {
  const char *data, *p, *end;
  const char *name;
  guint       line;
  const char *line_start;
  Token       tok;      /* the current token */
  GError     *error;
  guint       depth;
} Parser;

void
_sw_mo_parse_fail (Parser *ps, guint line, guint column, const char *format, ...) G_GNUC_PRINTF (4, 5);

void
_sw_mo_parse_next (Parser *ps);

gboolean
_sw_mo_parse_is (Parser *ps, const char *symbol_or_keyword);

gboolean
_sw_mo_parse_accept (Parser *ps, const char *text);

const char *
_sw_mo_parse_describe (Parser *ps);

gboolean
_sw_mo_parse_expect (Parser *ps, const char *text);

char *
_sw_mo_parse_name (Parser *ps);

/* sw-modelica-parse.c's expressions and modifications, for the equations. */
MoExpr *
_sw_mo_parse_expression (Parser *ps);

GPtrArray *
_sw_mo_parse_modifications (Parser *ps);

/* sw-modelica-parse-equations.c: an equation of klass (a connect() or a
 * for loop of them), in loop (or NULL). */
void
_sw_mo_parse_equation (Parser *ps, MoClass *klass, MoFor *loop);

/* An initial equation COMPONENT.VARIABLE = EXPRESSION; into klass's
 * initial. */
void
_sw_mo_parse_initial_equation (Parser *ps, MoClass *klass);

/* klass's initial equations as its components' start values with fixed =
 * true, once its declarations are read. */
void
_sw_mo_apply_initial (Parser *ps, MoClass *klass);

G_END_DECLS
