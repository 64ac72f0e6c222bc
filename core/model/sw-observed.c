/* sw-observed.c: an observed variable's formula compiled by recursive
 * descent to a flat postfix program (see sw-observed.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-observed.h"
#include "sw-error.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

/* Functions of one argument first (in the order of the names), then two. */
typedef enum {
  OP_ABS, OP_SQRT, OP_SIN, OP_COS, OP_TAN, OP_ASIN, OP_ACOS, OP_ATAN, OP_SINH, OP_COSH, OP_TANH, OP_EXP,
  OP_LOG, OP_LOG10,
  OP_MIN, OP_MAX, OP_ATAN2,
  OP_CONST, OP_INPUT, OP_NEG, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_POW
} Op;

#define N_UNARY (OP_LOG10 + 1)

const char *const _sw_observed_functions[] = {
  "abs", "sqrt", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "exp", "log", "log10",
  "min", "max", "atan2", NULL
};

typedef struct {
  guint  op;
  guint  input;
  double value;
} Instruction;

struct _SwObservedProgram {
  guint        n;
  Instruction *code;
};

void
sw_observed_entry_clear (SwObservedEntry *entry)
{
  g_clear_pointer (&entry->name, g_free);
  g_clear_pointer (&entry->expression, g_free);
  g_clear_pointer (&entry->unit, g_free);
}

gboolean
_sw_observed_unit_valid (const char *unit)
{
  if (unit == NULL || strlen (unit) > SW_OBSERVED_MAX_UNIT)
    return FALSE;
  for (const char *c = unit; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && strchr ("./()-", *c) == NULL)
      return FALSE;
  return TRUE;
}

gboolean
_sw_observed_name_valid (const char *name)
{
  gboolean segment_start = TRUE;

  if (name == NULL || name[0] == '\0')
    return FALSE;
  for (const char *c = name; *c != '\0'; c++)
    {
      if (segment_start && !(g_ascii_isalpha (*c) || *c == '_'))
        return FALSE;
      if (*c == '.')
        segment_start = TRUE;
      else if (g_ascii_isalnum (*c) || *c == '_')
        segment_start = FALSE;
      else
        return FALSE;
    }
  return !segment_start;
}

/* ---- Compiling ------------------------------------------------------------ */

typedef struct {
  const char *text;
  const char *at;
  GArray     *code;      /* Instruction */
  GPtrArray  *inputs;
  guint       first_input;
  guint       depth;     /* operands on the stack */
  guint       nest;      /* recursion */
  GError    **error;
  const char *error_at;
} Parser;

static gboolean G_GNUC_PRINTF (3, 4)
fail (Parser *ps, const char *at, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL, *shown = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* The formula's first 120 characters: one of 4 MB was quoted whole,
   * as long as it was (hos26); the character number says where. */
  if (g_utf8_strlen (ps->text, -1) > 120)
    {
      g_autofree char *head = g_utf8_substring (ps->text, 0, 120);

      shown = g_strconcat (head, "…", NULL);
    }
  g_set_error (ps->error, SW_ERROR, SW_ERROR_PARSE, _("formula “%s”, character %u: %s"),
               shown != NULL ? shown : ps->text, (guint) g_utf8_pointer_to_offset (ps->text, at) + 1, message);
  ps->error_at = at;
  return FALSE;
}

static void
skip_space (Parser *ps)
{
  while (g_ascii_isspace (*ps->at))
    ps->at++;
}

/* Emits op: pops pops operands and pushes one. */
static gboolean
emit (Parser *ps, guint op, guint pops, guint input, double value)
{
  Instruction in = { op, input, value };

  if (ps->code->len >= SW_OBSERVED_MAX_OPS)
    return fail (ps, ps->at, _("the formula is too long (at most %u operations)"), SW_OBSERVED_MAX_OPS);
  ps->depth = ps->depth - pops + 1;
  if (ps->depth > SW_OBSERVED_MAX_DEPTH)
    return fail (ps, ps->at, _("the formula nests too deeply (at most %u operands pending)"),
                 SW_OBSERVED_MAX_DEPTH);
  g_array_append_val (ps->code, in);
  return TRUE;
}

static gboolean parse_sum (Parser *ps);

static guint
input_index (Parser *ps, const char *name)
{
  for (guint i = ps->first_input; i < ps->inputs->len; i++)
    if (strcmp (g_ptr_array_index (ps->inputs, i), name) == 0)
      return i - ps->first_input;
  g_ptr_array_add (ps->inputs, g_strdup (name));
  return ps->inputs->len - 1 - ps->first_input;
}

static gboolean
parse_call (Parser *ps, const char *start, const char *name)
{
  int f = -1;
  guint n_args = 0, wanted;

  for (guint k = 0; _sw_observed_functions[k] != NULL; k++)
    if (strcmp (_sw_observed_functions[k], name) == 0)
      f = (int) k;
  if (f < 0)
    {
      g_autofree char *valid = g_strjoinv (", ", (char **) _sw_observed_functions);

      return fail (ps, start, _("unknown function “%s”; valid: %s"), name, valid);
    }
  wanted = f < N_UNARY ? 1 : 2;
  ps->at++;
  for (;;)
    {
      if (!parse_sum (ps))
        return FALSE;
      n_args++;
      skip_space (ps);
      if (*ps->at == ',' && n_args < wanted)
        {
          ps->at++;
          continue;
        }
      if (*ps->at == ')' && n_args == wanted)
        {
          ps->at++;
          break;
        }
      return fail (ps, ps->at, _("%s takes %u argument(s): expected “%s”"), name, wanted,
                   n_args < wanted ? "," : ")");
    }
  return emit (ps, (guint) f, wanted, 0, 0);
}

static gboolean
parse_primary (Parser *ps)
{
  const char *start;

  skip_space (ps);
  start = ps->at;
  if (++ps->nest > SW_OBSERVED_MAX_DEPTH)
    return fail (ps, start, _("the formula nests too deeply (at most %u levels)"), SW_OBSERVED_MAX_DEPTH);
  if (g_ascii_isdigit (*start) || (*start == '.' && g_ascii_isdigit (start[1])))
    {
      char *end;
      double value = g_ascii_strtod (start, &end);

      ps->at = end;
      ps->nest--;
      return emit (ps, OP_CONST, 0, 0, value);
    }
  if (*start == '(')
    {
      ps->at++;
      if (!parse_sum (ps))
        return FALSE;
      skip_space (ps);
      if (*ps->at != ')')
        return fail (ps, ps->at, _("expected “)”"));
      ps->at++;
      ps->nest--;
      return TRUE;
    }
  if (g_ascii_isalpha (*start) || *start == '_')
    {
      g_autofree char *name = NULL;
      const char *end = start;

      /* A dotted name: id.port.var (a subsystem's parts have dotted ids). */
      while (g_ascii_isalnum (*end) || *end == '_' || (*end == '.' && (g_ascii_isalpha (end[1]) || end[1] == '_')))
        end++;
      name = g_strndup (start, end - start);
      ps->at = end;
      skip_space (ps);
      ps->nest--;
      if (*ps->at == '(')
        return parse_call (ps, start, name);
      if (strchr (name, '.') == NULL && strcmp (name, "pi") == 0)
        return emit (ps, OP_CONST, 0, 0, G_PI);
      return emit (ps, OP_INPUT, 0, input_index (ps, name), 0);
    }
  if (*start == '\0')
    return fail (ps, start, _("the formula ends where a number, a variable (ID.VAR), a function or “(” was expected"));
  return fail (ps, start, _("“%.*s” where a number, a variable (ID.VAR), a function or “(” was expected"),
               (int) (g_utf8_next_char (start) - start), start);
}

/* primary ('^' [sign] primary)*: grouped from the left. */
static gboolean
parse_power (Parser *ps)
{
  if (!parse_primary (ps))
    return FALSE;
  for (skip_space (ps); *ps->at == '^'; skip_space (ps))
    {
      gboolean minus;

      ps->at++;
      skip_space (ps);
      minus = *ps->at == '-';
      if (*ps->at == '-' || *ps->at == '+')
        ps->at++;
      if (!parse_primary (ps) || (minus && !emit (ps, OP_NEG, 1, 0, 0)) || !emit (ps, OP_POW, 2, 0, 0))
        return FALSE;
    }
  return TRUE;
}

static gboolean
parse_unary (Parser *ps)
{
  skip_space (ps);
  if (*ps->at == '-' || *ps->at == '+')
    {
      gboolean minus = *ps->at == '-';

      if (++ps->nest > SW_OBSERVED_MAX_DEPTH)
        return fail (ps, ps->at, _("the formula nests too deeply (at most %u levels)"), SW_OBSERVED_MAX_DEPTH);
      ps->at++;
      if (!parse_unary (ps))
        return FALSE;
      ps->nest--;
      return !minus || emit (ps, OP_NEG, 1, 0, 0);
    }
  return parse_power (ps);
}

static gboolean
parse_product (Parser *ps)
{
  if (!parse_unary (ps))
    return FALSE;
  for (skip_space (ps); *ps->at == '*' || *ps->at == '/'; skip_space (ps))
    {
      guint op = *ps->at == '*' ? OP_MUL : OP_DIV;

      ps->at++;
      if (!parse_unary (ps) || !emit (ps, op, 2, 0, 0))
        return FALSE;
    }
  return TRUE;
}

static gboolean
parse_sum (Parser *ps)
{
  if (++ps->nest > SW_OBSERVED_MAX_DEPTH)
    return fail (ps, ps->at, _("the formula nests too deeply (at most %u levels)"), SW_OBSERVED_MAX_DEPTH);
  if (!parse_product (ps))
    return FALSE;
  for (skip_space (ps); *ps->at == '+' || *ps->at == '-'; skip_space (ps))
    {
      guint op = *ps->at == '+' ? OP_ADD : OP_SUB;

      ps->at++;
      if (!parse_product (ps) || !emit (ps, op, 2, 0, 0))
        return FALSE;
    }
  ps->nest--;
  return TRUE;
}

SwObservedProgram *
_sw_observed_compile (const char *text, GPtrArray *inputs, guint *position, GError **error)
{
  g_autoptr (GArray) code = g_array_new (FALSE, FALSE, sizeof (Instruction));
  Parser ps = { text, text, code, inputs, inputs->len, 0, 0, error, NULL };
  SwObservedProgram *program;

  g_return_val_if_fail (text != NULL && inputs != NULL, NULL);

  if (position != NULL)
    *position = 0;
  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_PARSE, _("the formula is not UTF-8 text"));
      return NULL;
    }
  if (parse_sum (&ps) && *ps.at != '\0')
    fail (&ps, ps.at, _("“%.*s” where an operator (+ - * / ^) or the end was expected"),
          (int) (g_utf8_next_char (ps.at) - ps.at), ps.at);
  if (ps.error_at != NULL)
    {
      if (position != NULL)
        *position = (guint) g_utf8_pointer_to_offset (text, ps.error_at) + 1;
      g_ptr_array_set_size (inputs, ps.first_input);
      return NULL;
    }
  g_assert (ps.depth == 1);
  program = g_new (SwObservedProgram, 1);
  program->n = code->len;
  program->code = (Instruction *) g_array_free (g_steal_pointer (&code), FALSE);
  return program;
}

void
_sw_observed_program_free (SwObservedProgram *program)
{
  if (program == NULL)
    return;
  g_free (program->code);
  g_free (program);
}

/* ---- Evaluating ----------------------------------------------------------- */

double
_sw_observed_eval (const SwObservedProgram *program, const double *inputs)
{
  double stack[SW_OBSERVED_MAX_DEPTH + 1];
  guint top = 0;

  for (guint k = 0; k < program->n; k++)
    {
      const Instruction *in = &program->code[k];
      double *x;

      if (in->op == OP_CONST || in->op == OP_INPUT)
        {
          stack[top++] = in->op == OP_CONST ? in->value : inputs[in->input];
          continue;
        }
      x = &stack[top - 1];
      switch ((Op) in->op)
        {
        case OP_NEG:   *x = -*x; break;
        case OP_ABS:   *x = fabs (*x); break;
        case OP_SQRT:  *x = sqrt (*x); break;
        case OP_SIN:   *x = sin (*x); break;
        case OP_COS:   *x = cos (*x); break;
        case OP_TAN:   *x = tan (*x); break;
        case OP_ASIN:  *x = asin (*x); break;
        case OP_ACOS:  *x = acos (*x); break;
        case OP_ATAN:  *x = atan (*x); break;
        case OP_SINH:  *x = sinh (*x); break;
        case OP_COSH:  *x = cosh (*x); break;
        case OP_TANH:  *x = tanh (*x); break;
        case OP_EXP:   *x = exp (*x); break;
        case OP_LOG:   *x = log (*x); break;
        case OP_LOG10: *x = log10 (*x); break;
        case OP_ADD:   x[-1] = x[-1] + *x; top--; break;
        case OP_SUB:   x[-1] = x[-1] - *x; top--; break;
        case OP_MUL:   x[-1] = x[-1] * *x; top--; break;
        /* IEEE's x/0 (inf, NaN for 0/0) without the division UBSan's
         * float-divide-by-zero reports; the run then names the formula. */
        case OP_DIV:   x[-1] = *x != 0 ? x[-1] / *x : x[-1] * copysign (INFINITY, *x); top--; break;
        case OP_POW:   x[-1] = pow (x[-1], *x); top--; break;
        /* Modelica's min and max: the first where they are equal. */
        case OP_MIN:   x[-1] = *x < x[-1] ? *x : x[-1]; top--; break;
        case OP_MAX:   x[-1] = *x > x[-1] ? *x : x[-1]; top--; break;
        case OP_ATAN2: x[-1] = atan2 (x[-1], *x); top--; break;
        default:       g_assert_not_reached ();
        }
    }
  return stack[0];
}
