/* sw-expression.c: formulas typed by the user (see sw-expression.h), and
 * their compiled form (sw-expression-private.h).
 *
 * A text is checked here by a parser of libmatheval's grammar that knows
 * positions; only a text that passes is compiled (sw-expression-compile.c,
 * which reads it again into a tree). The names and limits are libmatheval's,
 * whose evaluation the compiled code reproduces (the tests compare them).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-expression-private.h"
#include "sw-error.h"
#include "sw-number.h"

#include <math.h>
#include <string.h>
#include <stdlib.h>
#include <glib/gi18n-lib.h>

/* libmatheval 1.1's functions, but delta and nandelta (distributions). */
const char *const sw_expression_functions[] = {
  "abs", "sqrt", "exp", "log", "sin", "cos", "tan", "cot", "sec", "csc", "asin", "acos", "atan",
  "acot", "asec", "acsc", "sinh", "cosh", "tanh", "coth", "sech", "csch", "asinh", "acosh", "atanh",
  "acoth", "asech", "acsch", "step", "erf", NULL
};

/* Names libmatheval knows besides those: none may name a constant. */
static const char *const reserved[] = { "delta", "nandelta", NULL };

const char *const sw_expression_builtins[] = {
  "pi", "e", "pi_2", "pi_4", "ln2", "ln10", "log2e", "log10e", "sqrt2", "sqrt1_2", NULL
};

struct _SwExpression {
  gatomicrefcount ref_count;
  char           *text;
  guint           n_constants;
  char          **names;
  double         *values;
};

SwExpression *
sw_expression_new (const char        *text,
                   guint              n_constants,
                   const char *const *names,
                   const double      *values)
{
  SwExpression *e;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (n_constants == 0 || (names != NULL && values != NULL), NULL);

  e = g_new0 (SwExpression, 1);
  g_atomic_ref_count_init (&e->ref_count);
  e->text = g_strdup (text);
  e->n_constants = n_constants;
  e->names = g_new0 (char *, n_constants + 1);
  e->values = g_new0 (double, MAX (n_constants, 1));
  for (guint i = 0; i < n_constants; i++)
    {
      g_return_val_if_fail (names[i] != NULL, e);
      e->names[i] = g_strdup (names[i]);
      e->values[i] = values[i];
    }
  return e;
}

SwExpression *
sw_expression_ref (SwExpression *expression)
{
  g_return_val_if_fail (expression != NULL, NULL);
  g_atomic_ref_count_inc (&expression->ref_count);
  return expression;
}

void
sw_expression_unref (SwExpression *expression)
{
  g_return_if_fail (expression != NULL);
  if (!g_atomic_ref_count_dec (&expression->ref_count))
    return;
  g_free (expression->text);
  g_strfreev (expression->names);
  g_free (expression->values);
  g_free (expression);
}

const char *
sw_expression_get_text (const SwExpression *expression)
{
  g_return_val_if_fail (expression != NULL, NULL);
  return expression->text;
}

guint
sw_expression_get_n_constants (const SwExpression *expression)
{
  g_return_val_if_fail (expression != NULL, 0);
  return expression->n_constants;
}

const char *
sw_expression_get_constant_name (const SwExpression *expression,
                                 guint               index)
{
  g_return_val_if_fail (expression != NULL, NULL);
  g_return_val_if_fail (index < expression->n_constants, NULL);
  return expression->names[index];
}

double
sw_expression_get_constant_value (const SwExpression *expression,
                                  guint               index)
{
  g_return_val_if_fail (expression != NULL, NAN);
  g_return_val_if_fail (index < expression->n_constants, NAN);
  return expression->values[index];
}

gboolean
sw_expression_equal (const SwExpression *a,
                     const SwExpression *b)
{
  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL)
    return FALSE;
  if (strcmp (a->text, b->text) != 0 || a->n_constants != b->n_constants)
    return FALSE;
  for (guint i = 0; i < a->n_constants; i++)
    if (strcmp (a->names[i], b->names[i]) != 0 || a->values[i] != b->values[i])
      return FALSE;
  return TRUE;
}

/* ---- Checking ------------------------------------------------------------ */

static gboolean
in_list (const char *const *list,
         const char        *name)
{
  for (guint i = 0; list != NULL && list[i] != NULL; i++)
    if (strcmp (list[i], name) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
is_identifier (const char *name)
{
  if (!(g_ascii_isalpha (name[0]) || name[0] == '_'))
    return FALSE;
  for (const char *c = name; *c != '\0'; c++)
    if (!(g_ascii_isalnum (*c) || *c == '_'))
      return FALSE;
  return TRUE;
}

typedef enum { TOK_END, TOK_NUMBER, TOK_NAME, TOK_OP, TOK_OPEN, TOK_CLOSE, TOK_BAD } TokenType;

typedef struct {
  const SwExpression *e;
  const char *const  *variables;
  const char         *p;          /* the next byte */
  TokenType           type;       /* the current token */
  const char         *start;      /* its first byte */
  gsize               length;
  guint               depth;
  GError             *error;
  const char         *error_at;
} Parser;

static void
next_token (Parser *ps)
{
  const char *p = ps->p;

  while (*p == ' ' || *p == '\t')
    p++;
  ps->start = p;
  if (*p == '\0')
    ps->type = TOK_END;
  else if (g_ascii_isdigit (*p) || (*p == '.' && g_ascii_isdigit (p[1])))
    {
      /* libmatheval's: digits, a point, digits, an exponent only when digits follow. */
      while (g_ascii_isdigit (*p))
        p++;
      if (*p == '.')
        for (p++; g_ascii_isdigit (*p); p++)
          ;
      if ((*p == 'e' || *p == 'E') &&
          (g_ascii_isdigit (p[1]) || ((p[1] == '+' || p[1] == '-') && g_ascii_isdigit (p[2]))))
        for (p += 2; g_ascii_isdigit (*p); p++)
          ;
      ps->type = TOK_NUMBER;
    }
  else if (g_ascii_isalpha (*p) || *p == '_')
    {
      while (g_ascii_isalnum (*p) || *p == '_')
        p++;
      ps->type = TOK_NAME;
    }
  else if (strchr ("+-*/^", *p) != NULL)
    p++, ps->type = TOK_OP;
  else if (*p == '(')
    p++, ps->type = TOK_OPEN;
  else if (*p == ')')
    p++, ps->type = TOK_CLOSE;
  else
    {
      p = g_utf8_next_char (p);
      ps->type = TOK_BAD;
    }
  ps->length = (gsize) (p - ps->start);
  ps->p = p;
}

static char *
dup_token (Parser *ps)
{
  return ps->type == TOK_END ? g_strdup (_("the end")) : g_strdup_printf ("“%.*s”", (int) ps->length, ps->start);
}

static char *
dup_valid_names (Parser *ps)
{
  GString *s = g_string_new (NULL);

  g_string_append (s, _("the variables "));
  for (guint i = 0; ps->variables[i] != NULL; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", ps->variables[i]);
  if (ps->e->n_constants > 0)
    {
      g_string_append (s, _("; the constants "));
      for (guint i = 0; i < ps->e->n_constants; i++)
        g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", ps->e->names[i]);
    }
  g_string_append (s, _("; pi, e; the functions "));
  for (guint i = 0; sw_expression_functions[i] != NULL; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", sw_expression_functions[i]);
  return g_string_free (s, FALSE);
}

static gboolean
fail (Parser     *ps,
      const char *at,
      const char *format,
      ...) G_GNUC_PRINTF (3, 4);

static gboolean
fail (Parser     *ps,
      const char *at,
      const char *format,
      ...)
{
  va_list args;

  if (ps->error != NULL)
    return FALSE;
  va_start (args, format);
  ps->error = g_error_new_valist (SW_ERROR, SW_ERROR_PARSE, format, args);
  va_end (args);
  ps->error_at = at;
  return FALSE;
}

static gboolean
fail_expected_operand (Parser *ps)
{
  g_autofree char *got = dup_token (ps);

  return fail (ps, ps->start, _("%s where a value belongs; valid: a number, a name, “-” or “(”"), got);
}

/* Limits on what reaches libmatheval, whose tree functions (simplify,
 * differentiate, evaluate) recurse once a level and whose derivatives of
 * long products grow with the square of their length: a formula of more
 * than MAX_NODES numbers, names and operators, or whose derivative by one
 * variable may have more than MAX_DERIVATIVE_NODES, is refused before it
 * is compiled (a 5 000-factor product would take gigabytes). */
#define MAX_NODES            5000
#define MAX_DERIVATIVE_NODES 500000
#define MAX_NESTING          200

/* The size of a subexpression as libmatheval would hold it, and a bound
 * on the size of its derivative (by the rules it applies: the product
 * rule copies both factors, a function its argument). Doubles: the bounds
 * of a hostile text may pass any integer. */
typedef struct {
  double nodes;
  double derivative;
} Size;

static gboolean parse_sum (Parser *ps, Size *out);

/* out's bounds checked at the token at: the first to pass a limit names it. */
static gboolean
check_size (Parser *ps, const char *at, const Size *out)
{
  if (out->nodes > MAX_NODES)
    return fail (ps, at, _("the formula is too long: more than %u numbers, names and operators; write a shorter one"),
                 MAX_NODES);
  if (out->derivative > MAX_DERIVATIVE_NODES)
    return fail (ps, at,
                 _("the formula is too large to differentiate: its derivative would have more than %u terms "
                   "(a long product or nesting); write a shorter one"), MAX_DERIVATIVE_NODES);
  return TRUE;
}

static gboolean
parse_primary (Parser *ps, Size *out)
{
  if (ps->type == TOK_NUMBER)
    {
      next_token (ps);
      *out = (Size) { 1, 1 };
      return TRUE;
    }
  if (ps->type == TOK_OPEN)
    {
      const char *open = ps->start;

      if (++ps->depth > MAX_NESTING)
        return fail (ps, open, _("too many parentheses inside each other (at most %u)"), MAX_NESTING);
      next_token (ps);
      if (!parse_sum (ps, out))
        return FALSE;
      if (ps->type != TOK_CLOSE)
        {
          g_autofree char *got = dup_token (ps);

          return fail (ps, ps->start, _("%s where “)” belongs, to close the “(” at character %ld"),
                       got, g_utf8_pointer_to_offset (ps->e->text, open) + 1);
        }
      ps->depth--;
      next_token (ps);
      return TRUE;
    }
  if (ps->type == TOK_NAME)
    {
      g_autofree char *name = g_strndup (ps->start, ps->length);
      const char *at = ps->start;

      next_token (ps);
      if (ps->type == TOK_OPEN)
        {
          g_autofree char *valid = NULL;
          Size arg;

          if (!in_list (sw_expression_functions, name))
            {
              valid = g_strjoinv (", ", (char **) sw_expression_functions);
              return fail (ps, at, _("unknown function “%s”; valid: %s"), name, valid);
            }
          if (!parse_primary (ps, &arg))
            return FALSE;
          /* f(a)' = f'(a) a': f' holds a copy of a, or two (tan, atanh). */
          *out = (Size) { arg.nodes + 1, 2 * arg.nodes + arg.derivative + 4 };
          return check_size (ps, at, out);
        }
      if (in_list (sw_expression_functions, name) || in_list (reserved, name))
        return fail (ps, at, _("“%s” is a function: write %s(…)"), name, name);
      if (!in_list (ps->variables, name) && !in_list (sw_expression_builtins, name) &&
          !in_list ((const char *const *) ps->e->names, name))
        {
          g_autofree char *valid = dup_valid_names (ps);

          return fail (ps, at, _("unknown name “%s”; valid: %s"), name, valid);
        }
      *out = (Size) { 1, 1 };
      return TRUE;
    }
  return fail_expected_operand (ps);
}

/* power: primary ('^' unary)?, right-associative (a^b^c nests: counted as
 * nesting, the parser recurses). */
static gboolean parse_unary (Parser *ps, Size *out);

static gboolean
parse_power (Parser *ps, Size *out)
{
  Size exponent;
  const char *at;

  if (!parse_primary (ps, out))
    return FALSE;
  if (!(ps->type == TOK_OP && *ps->start == '^'))
    return TRUE;
  at = ps->start;
  if (++ps->depth > MAX_NESTING)
    return fail (ps, at, _("too many powers inside each other (at most %u)"), MAX_NESTING);
  next_token (ps);
  if (!parse_unary (ps, &exponent))
    return FALSE;
  ps->depth--;
  /* (a^b)' = a^b (b' log a + b a'/a): a and b copied a few times. */
  *out = (Size) { out->nodes + exponent.nodes + 1,
                  4 * (out->nodes + exponent.nodes) + out->derivative + exponent.derivative + 8 };
  return check_size (ps, at, out);
}

static gboolean
parse_unary (Parser *ps, Size *out)
{
  guint n = 0;

  while (ps->type == TOK_OP && *ps->start == '-')
    {
      if (++n > MAX_NESTING)
        return fail (ps, ps->start, _("too many signs in a row"));
      next_token (ps);
    }
  if (ps->type == TOK_OP && *ps->start == '+')
    return fail (ps, ps->start, _("a “+” sign before a value is not valid; leave it out"));
  if (!parse_power (ps, out))
    return FALSE;
  out->nodes += n;
  out->derivative += n;
  return TRUE;
}

static gboolean
parse_product (Parser *ps, Size *out)
{
  if (!parse_unary (ps, out))
    return FALSE;
  while (ps->type == TOK_OP && (*ps->start == '*' || *ps->start == '/'))
    {
      const char *at = ps->start;
      Size b;

      next_token (ps);
      if (!parse_unary (ps, &b))
        return FALSE;
      /* (ab)' = a'b + ab', (a/b)' = (a'b - ab')/b^2: both copied, b twice. */
      *out = (Size) { out->nodes + b.nodes + 1, out->nodes + 2 * b.nodes + out->derivative + b.derivative + 5 };
      if (!check_size (ps, at, out))
        return FALSE;
    }
  return TRUE;
}

static gboolean
parse_sum (Parser *ps, Size *out)
{
  if (!parse_product (ps, out))
    return FALSE;
  while (ps->type == TOK_OP && (*ps->start == '+' || *ps->start == '-'))
    {
      const char *at = ps->start;
      Size b;

      next_token (ps);
      if (!parse_product (ps, &b))
        return FALSE;
      *out = (Size) { out->nodes + b.nodes + 1, out->derivative + b.derivative + 1 };
      if (!check_size (ps, at, out))
        return FALSE;
    }
  return TRUE;
}

static gboolean
check_constants (const SwExpression *e,
                 const char *const  *variables,
                 int                *constant,
                 GError            **error)
{
  for (guint i = 0; i < e->n_constants; i++)
    {
      const char *name = e->names[i];
      char buf[SW_NUMBER_BUF_SIZE];

      *constant = (int) i;
      if (!is_identifier (name))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("constant “%s”: a name is a letter or “_” followed by letters, digits or “_”"), name);
          return FALSE;
        }
      if (in_list (variables, name) || in_list (sw_expression_functions, name) ||
          in_list (sw_expression_builtins, name) || in_list (reserved, name))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("constant “%s”: the name is taken by a variable, function or built-in constant; choose another"),
                       name);
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (strcmp (e->names[j], name) == 0)
          {
            g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                         _("constant “%s” is given twice"), name);
            return FALSE;
          }
      if (!isfinite (e->values[i]) || !sw_number_in_scale (e->values[i]))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("constant “%s” = %s: valid: 0 or a finite magnitude from %g to %g"),
                       name, sw_format_number (buf, e->values[i]),
                       SW_NUMBER_MIN_MAGNITUDE, SW_NUMBER_MAX_MAGNITUDE);
          return FALSE;
        }
    }
  *constant = -1;
  return TRUE;
}

/* The formula as a message quotes it: whole when short, else the
 * characters around at with "…" where it is cut (a formula of a megabyte
 * would make a message no one reads and a dialog too long to lay out). */
static char *
excerpt (const char *text, const char *at)
{
  const guint around = 30;
  const char *start = at, *end = at, *p = text;
  guint n = 0;
  GString *s;

  while (*p != '\0' && n <= 2 * around)
    p = g_utf8_next_char (p), n++;
  if (n <= 2 * around)
    return g_strdup (text);
  for (guint k = 0; k < around && start > text; k++)
    start = g_utf8_prev_char (start);
  for (guint k = 0; k < around && *end != '\0'; k++)
    end = g_utf8_next_char (end);
  s = g_string_new (start > text ? "…" : "");
  g_string_append_len (s, start, end - start);
  if (*end != '\0')
    g_string_append (s, "…");
  return g_string_free (s, FALSE);
}

gboolean
sw_expression_check (const SwExpression *expression,
                     const char *const  *variables,
                     guint              *position,
                     int                *constant,
                     GError            **error)
{
  Parser ps = { .e = expression, .variables = variables };
  Size size;
  int bad_constant = -1;
  guint dummy_position;

  g_return_val_if_fail (expression != NULL, FALSE);
  g_return_val_if_fail (variables != NULL, FALSE);

  if (position == NULL)
    position = &dummy_position;
  if (constant == NULL)
    constant = &bad_constant;
  *position = 0;
  *constant = -1;

  if (!check_constants (expression, variables, constant, error))
    return FALSE;

  if (!g_utf8_validate (expression->text, -1, NULL))
    {
      g_set_error_literal (error, SW_ERROR, SW_ERROR_PARSE, _("the formula is not valid UTF-8 text"));
      *position = 1;
      return FALSE;
    }

  ps.p = expression->text;
  next_token (&ps);
  if (ps.type == TOK_END)
    {
      g_set_error_literal (error, SW_ERROR, SW_ERROR_PARSE,
                           _("the formula is empty; write one such as c*phi_rel"));
      *position = 1;
      return FALSE;
    }
  if (parse_sum (&ps, &size) && ps.type != TOK_END)
    {
      g_autofree char *got = dup_token (&ps);

      fail (&ps, ps.start, _("%s where an operator belongs; valid: + - * / ^ or “)” after an “(”"), got);
    }
  if (ps.error != NULL)
    {
      g_autofree char *quoted = NULL;

      *position = (guint) g_utf8_pointer_to_offset (expression->text, ps.error_at) + 1;
      quoted = excerpt (expression->text, ps.error_at);
      g_propagate_prefixed_error (error, ps.error, _("at character %u of “%s”: "), *position, quoted);
      return FALSE;
    }
  return TRUE;
}

/* ---- Constants as text --------------------------------------------------- */

char *
sw_expression_dup_constants_text (const SwExpression *expression)
{
  GString *s = g_string_new (NULL);

  g_return_val_if_fail (expression != NULL, NULL);
  for (guint i = 0; i < expression->n_constants; i++)
    {
      char buf[SW_NUMBER_BUF_SIZE];

      g_string_append_printf (s, "%s%s = %s", i > 0 ? ", " : "", expression->names[i],
                              sw_format_number (buf, expression->values[i]));
    }
  return g_string_free (s, FALSE);
}

SwExpression *
sw_expression_new_parse_constants (const char  *text,
                                   const char  *constants,
                                   GError     **error)
{
  g_auto(GStrv) entries = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (constants != NULL, NULL);

  entries = g_regex_split_simple ("[,;\n]", constants, 0, 0);
  for (guint i = 0; entries[i] != NULL; i++)
    {
      g_autofree char *entry = g_strstrip (g_strdup (entries[i]));
      const char *eq;
      g_autofree char *name = NULL;
      g_autofree char *number = NULL;
      char *end = NULL;
      double value;

      if (entry[0] == '\0')
        continue;
      eq = strchr (entry, '=');
      if (eq == NULL)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                       _("constant “%s”: write name = number, such as c = 1e4"), entry);
          return NULL;
        }
      name = g_strstrip (g_strndup (entry, (gsize) (eq - entry)));
      number = g_strstrip (g_strdup (eq + 1));
      value = g_ascii_strtod (number, &end);
      if (number[0] == '\0' || end == NULL || *end != '\0')
        {
          g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                       _("constant “%s”: “%s” is not a number"), name, number);
          return NULL;
        }
      g_ptr_array_add (names, g_steal_pointer (&name));
      g_array_append_val (values, value);
    }
  g_ptr_array_add (names, NULL);
  return sw_expression_new (text, values->len, (const char *const *) names->pdata,
                            (const double *) values->data);
}
