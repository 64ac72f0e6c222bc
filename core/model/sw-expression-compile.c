/* sw-expression-compile.c: a checked formula compiled to straight-line
 * code, with its exact derivatives (see sw-expression-private.h).
 *
 * The text, checked by sw_expression_check(), is read again into a tree
 * in libmatheval's grammar (its '^' groups from the left, "2^3^2" is 64;
 * a sign binds below '^': "-x^2" is -(x^2), "2^-x^2" is 2^(-(x^2))).
 * While it is built the tree is simplified as libmatheval simplifies it
 * (numbers folded; 0 and 1 left out where they are neutral; 0^x is 0), so
 * its value is libmatheval's to the bit: the same operations in the same
 * order, and the functions defined as libmatheval defines them (asinh as
 * log(x + sqrt(x x + 1)), cot as 1 / tan, step(0) = 1, ...). Named and
 * built-in constants are folded as well (libmatheval keeps them as names
 * but computes the same). Each derivative is a tree of its own made by the
 * rules of calculus (libmatheval's, but asinh and acoth, which it gets
 * wrong), its zero terms left out.
 *
 * A tree becomes a program: a flat array of instructions over a few
 * registers (the variables, then temporaries), each an operation on two
 * registers or on a register and a constant held in the instruction. The
 * subtree that needs more registers is computed first (Sethi and Ullman),
 * so a tree of n nodes needs at most log2(n) + 1 temporaries: the registers
 * live on the evaluating thread's stack. Evaluation reads only the
 * immutable program: no lock, no allocation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-expression-private.h"
#include "sw-error.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

/* A formula may divide by 0 or overflow: IEEE arithmetic gives inf or NaN,
 * as libmatheval did, and the run reports a state that is not finite. The
 * fuzzing builds' float sanitizers (tests/fuzz/run-fuzzers, clang) would
 * take that for a crash. */
#if defined(__clang__)
#define SW_IEEE_ARITHMETIC __attribute__ ((no_sanitize ("float-divide-by-zero", "float-cast-overflow")))
#else
#define SW_IEEE_ARITHMETIC
#endif

/* ---- Functions ------------------------------------------------------------ */

/* In the order of sw_expression_functions, then those only derivatives use. */
typedef enum {
  F_ABS, F_SQRT, F_EXP, F_LOG, F_SIN, F_COS, F_TAN, F_COT, F_SEC, F_CSC, F_ASIN, F_ACOS, F_ATAN,
  F_ACOT, F_ASEC, F_ACSC, F_SINH, F_COSH, F_TANH, F_COTH, F_SECH, F_CSCH, F_ASINH, F_ACOSH, F_ATANH,
  F_ACOTH, F_ASECH, F_ACSCH, F_STEP, F_ERF,
  F_DELTA,
  N_FUNCTIONS
} Function;

SW_IEEE_ARITHMETIC static inline double
math_asinh (double x)
{
  return log (x + sqrt (x * x + 1));
}

SW_IEEE_ARITHMETIC static inline double
math_acosh (double x)
{
  return log (x + sqrt (x * x - 1));
}

/* libmatheval's definitions (its xmath.c and symbol table), so that a value
 * is the same to the bit. */
SW_IEEE_ARITHMETIC static inline double
apply_function (Function f, double x)
{
  switch (f)
    {
    case F_ABS:   return fabs (x);
    case F_SQRT:  return sqrt (x);
    case F_EXP:   return exp (x);
    case F_LOG:   return log (x);
    case F_SIN:   return sin (x);
    case F_COS:   return cos (x);
    case F_TAN:   return tan (x);
    case F_COT:   return 1 / tan (x);
    case F_SEC:   return 1 / cos (x);
    case F_CSC:   return 1 / sin (x);
    case F_ASIN:  return asin (x);
    case F_ACOS:  return acos (x);
    case F_ATAN:  return atan (x);
    case F_ACOT:  return atan (1 / x);
    case F_ASEC:  return acos (1 / x);
    case F_ACSC:  return asin (1 / x);
    case F_SINH:  return sinh (x);
    case F_COSH:  return cosh (x);
    case F_TANH:  return tanh (x);
    case F_COTH:  return 1 / tanh (x);
    case F_SECH:  return 1 / cosh (x);
    case F_CSCH:  return 1 / sinh (x);
    case F_ASINH: return math_asinh (x);
    case F_ACOSH: return math_acosh (x);
    case F_ATANH: return 0.5 * log ((1 + x) / (1 - x));
    case F_ACOTH: return 0.5 * log ((x + 1) / (x - 1));
    case F_ASECH: return math_acosh (1 / x);
    case F_ACSCH: return math_asinh (1 / x);
    case F_STEP:  return x < 0 ? 0 : 1;
    case F_ERF:   return erf (x);
    case F_DELTA: return x == 0 ? INFINITY : 0;
    case N_FUNCTIONS:
    default:      break;
    }
  g_assert_not_reached ();
  return NAN;
}

/* ---- Trees ---------------------------------------------------------------- */

typedef enum { N_CONST, N_VAR, N_NEG, N_ADD, N_SUB, N_MUL, N_DIV, N_POW, N_FUNC } NodeKind;

/* Nodes in one array, children by index. literal: a number of the text or
 * one folded from numbers only (what libmatheval holds as a constant; a
 * named or built-in constant it holds as a name, and its rules for 0 and 1
 * apply only to the former). */
typedef struct {
  guint8  kind;
  guint8  function;
  guint8  literal;
  guint8  var;
  int     a, b;
  double  value;
} Node;

typedef struct {
  GArray *nodes;
  gboolean derivative;   /* terms that are 0 at finite values left out */
} Tree;

#define NODE(tr, i) (&g_array_index ((tr)->nodes, Node, (i)))

static int
add_node (Tree *tr, Node n)
{
  g_array_append_val (tr->nodes, n);
  return (int) tr->nodes->len - 1;
}

static int
mk_const (Tree *tr, double value, gboolean literal)
{
  return add_node (tr, (Node) { .kind = N_CONST, .literal = literal, .value = value, .a = -1, .b = -1 });
}

static int
mk_var (Tree *tr, guint var)
{
  return add_node (tr, (Node) { .kind = N_VAR, .var = (guint8) var, .a = -1, .b = -1 });
}

static gboolean
is_const (Tree *tr, int i)
{
  return NODE (tr, i)->kind == N_CONST;
}

static gboolean
is_number (Tree *tr, int i)
{
  return NODE (tr, i)->kind == N_CONST && NODE (tr, i)->literal;
}

static gboolean
is_literal (Tree *tr, int i, double value)
{
  return is_number (tr, i) && NODE (tr, i)->value == value;
}

/* A constant that is exactly 0 (a derivative's terms). */
static gboolean
is_zero (Tree *tr, int i)
{
  return tr->derivative && NODE (tr, i)->kind == N_CONST && NODE (tr, i)->value == 0;
}

static int
mk_function (Tree *tr, Function f, int a)
{
  if (is_const (tr, a))
    return mk_const (tr, apply_function (f, NODE (tr, a)->value), NODE (tr, a)->literal);
  return add_node (tr, (Node) { .kind = N_FUNC, .function = (guint8) f, .a = a, .b = -1 });
}

static int
mk_neg (Tree *tr, int a)
{
  if (is_const (tr, a))
    return mk_const (tr, -NODE (tr, a)->value, NODE (tr, a)->literal);
  if (tr->derivative && NODE (tr, a)->kind == N_NEG)
    return NODE (tr, a)->a;
  return add_node (tr, (Node) { .kind = N_NEG, .a = a, .b = -1 });
}

SW_IEEE_ARITHMETIC static double
apply_binary (NodeKind kind, double a, double b)
{
  switch (kind)
    {
    case N_ADD: return a + b;
    case N_SUB: return a - b;
    case N_MUL: return a * b;
    case N_DIV: return a / b;
    case N_POW: return pow (a, b);
    case N_CONST: case N_VAR: case N_NEG: case N_FUNC:
    default:    break;
    }
  g_assert_not_reached ();
  return NAN;
}

SW_IEEE_ARITHMETIC static int
mk_binary (Tree *tr, NodeKind kind, int a, int b)
{
  /* libmatheval's rules: numbers folded, then its neutral elements. */
  if (is_number (tr, a) && is_number (tr, b))
    return mk_const (tr, apply_binary (kind, NODE (tr, a)->value, NODE (tr, b)->value), TRUE);
  switch (kind)
    {
    case N_ADD:
      if (is_literal (tr, a, 0))
        return b;
      if (is_literal (tr, b, 0))
        return a;
      break;
    case N_SUB:
      if (is_literal (tr, b, 0))
        return a;
      break;
    case N_MUL:
      if (is_literal (tr, a, 1))
        return b;
      if (is_literal (tr, b, 1))
        return a;
      break;
    case N_DIV:
      if (is_literal (tr, b, 1))
        return a;
      break;
    case N_POW:
      if (is_literal (tr, a, 0))
        return mk_const (tr, 0, TRUE);
      if (is_literal (tr, a, 1) || is_literal (tr, b, 0))
        return mk_const (tr, 1, TRUE);
      if (is_literal (tr, b, 1))
        return a;
      break;
    case N_CONST: case N_VAR: case N_NEG: case N_FUNC:
    default:
      g_assert_not_reached ();
    }
  /* Named constants fold to the value libmatheval computes from them. */
  if (is_const (tr, a) && is_const (tr, b))
    return mk_const (tr, apply_binary (kind, NODE (tr, a)->value, NODE (tr, b)->value), FALSE);
  /* In a derivative: terms that are 0 at every finite value. */
  if (tr->derivative)
    {
      if ((kind == N_ADD || kind == N_SUB) && is_zero (tr, b))
        return a;
      if (kind == N_ADD && is_zero (tr, a))
        return b;
      if (kind == N_SUB && is_zero (tr, a))
        return mk_neg (tr, b);
      if ((kind == N_MUL && (is_zero (tr, a) || is_zero (tr, b))) || (kind == N_DIV && is_zero (tr, a)))
        return mk_const (tr, 0, TRUE);
    }
  return add_node (tr, (Node) { .kind = (guint8) kind, .a = a, .b = b });
}

/* ---- Reading the checked text --------------------------------------------- */

typedef struct {
  Tree               *tree;
  const SwExpression *e;
  const char *const  *variables;
  const char         *p;
} Reader;

static const struct {
  const char *name;
  double      value;
} builtins[] = {
  { "pi", G_PI }, { "e", G_E }, { "pi_2", G_PI_2 }, { "pi_4", G_PI_4 }, { "ln2", G_LN2 }, { "ln10", G_LN10 },
  { "log2e", 1.4426950408889634074 }, { "log10e", 0.43429448190325182765 }, { "sqrt2", G_SQRT2 },
  { "sqrt1_2", 0.70710678118654752440 },
};

static void
skip_blanks (Reader *rd)
{
  while (*rd->p == ' ' || *rd->p == '\t')
    rd->p++;
}

static char
peek (Reader *rd)
{
  skip_blanks (rd);
  return *rd->p;
}

static int read_sum (Reader *rd);
static int read_unary (Reader *rd);

static int
read_name (Reader *rd, const char *start, gsize length)
{
  const SwExpression *e = rd->e;

  for (guint i = 0; rd->variables[i] != NULL; i++)
    if (strlen (rd->variables[i]) == length && strncmp (rd->variables[i], start, length) == 0)
      return mk_var (rd->tree, i);
  for (guint i = 0; i < sw_expression_get_n_constants (e); i++)
    {
      const char *name = sw_expression_get_constant_name (e, i);

      if (strlen (name) == length && strncmp (name, start, length) == 0)
        return mk_const (rd->tree, sw_expression_get_constant_value (e, i), FALSE);
    }
  for (guint i = 0; i < G_N_ELEMENTS (builtins); i++)
    if (strlen (builtins[i].name) == length && strncmp (builtins[i].name, start, length) == 0)
      return mk_const (rd->tree, builtins[i].value, FALSE);
  g_assert_not_reached ();
  return -1;
}

static int
read_primary (Reader *rd)
{
  char c = peek (rd);

  if (g_ascii_isdigit (c) || c == '.')
    {
      const char *p = rd->p;
      g_autofree char *number = NULL;

      /* The checker's lexing: digits, a point, digits, an exponent when digits follow. */
      while (g_ascii_isdigit (*p))
        p++;
      if (*p == '.')
        for (p++; g_ascii_isdigit (*p); p++)
          ;
      if ((*p == 'e' || *p == 'E') &&
          (g_ascii_isdigit (p[1]) || ((p[1] == '+' || p[1] == '-') && g_ascii_isdigit (p[2]))))
        for (p += 2; g_ascii_isdigit (*p); p++)
          ;
      number = g_strndup (rd->p, (gsize) (p - rd->p));
      rd->p = p;
      return mk_const (rd->tree, g_ascii_strtod (number, NULL), TRUE);
    }
  if (c == '(')
    {
      int inner;

      rd->p++;
      inner = read_sum (rd);
      g_assert (peek (rd) == ')');
      rd->p++;
      return inner;
    }
  g_assert (g_ascii_isalpha (c) || c == '_');
  {
    const char *start = rd->p;
    gsize length;

    while (g_ascii_isalnum (*rd->p) || *rd->p == '_')
      rd->p++;
    length = (gsize) (rd->p - start);
    if (peek (rd) == '(')
      {
        for (guint f = 0; sw_expression_functions[f] != NULL; f++)
          if (strlen (sw_expression_functions[f]) == length && strncmp (sw_expression_functions[f], start, length) == 0)
            return mk_function (rd->tree, (Function) f, read_primary (rd));
        g_assert_not_reached ();
      }
    return read_name (rd, start, length);
  }
}

/* power: primary ('^' exponent)*, grouped from the left; an exponent is a
 * primary or a sign and what follows it (a unary). */
static int
read_power (Reader *rd)
{
  int base = read_primary (rd);

  while (peek (rd) == '^')
    {
      int exponent;

      rd->p++;
      exponent = peek (rd) == '-' ? read_unary (rd) : read_primary (rd);
      base = mk_binary (rd->tree, N_POW, base, exponent);
    }
  return base;
}

static int
read_unary (Reader *rd)
{
  if (peek (rd) == '-')
    {
      rd->p++;
      return mk_neg (rd->tree, read_unary (rd));
    }
  return read_power (rd);
}

static int
read_product (Reader *rd)
{
  int left = read_unary (rd);

  for (char c = peek (rd); c == '*' || c == '/'; c = peek (rd))
    {
      rd->p++;
      left = mk_binary (rd->tree, c == '*' ? N_MUL : N_DIV, left, read_unary (rd));
    }
  return left;
}

static int
read_sum (Reader *rd)
{
  int left = read_product (rd);

  for (char c = peek (rd); c == '+' || c == '-'; c = peek (rd))
    {
      rd->p++;
      left = mk_binary (rd->tree, c == '+' ? N_ADD : N_SUB, left, read_product (rd));
    }
  return left;
}

/* ---- Derivatives ---------------------------------------------------------- */

/* Copies node i of src (the formula) into dst (a derivative's tree),
 * memoised in copied[]. */
static int
copy_node (Tree *dst, Tree *src, int i, int *copied)
{
  const Node *n;
  int a, b;

  if (copied[i] >= 0)
    return copied[i];
  n = NODE (src, i);
  switch (n->kind)
    {
    case N_CONST:
      copied[i] = mk_const (dst, n->value, n->literal);
      break;
    case N_VAR:
      copied[i] = mk_var (dst, n->var);
      break;
    case N_NEG:
      copied[i] = mk_neg (dst, copy_node (dst, src, n->a, copied));
      break;
    case N_FUNC:
      copied[i] = mk_function (dst, (Function) NODE (src, i)->function, copy_node (dst, src, n->a, copied));
      break;
    default:
      a = copy_node (dst, src, n->a, copied);
      b = copy_node (dst, src, NODE (src, i)->b, copied);
      copied[i] = mk_binary (dst, (NodeKind) NODE (src, i)->kind, a, b);
      break;
    }
  return copied[i];
}

#define K(v)         mk_const (d, (v), TRUE)
#define ADD(x, y)    mk_binary (d, N_ADD, (x), (y))
#define SUB(x, y)    mk_binary (d, N_SUB, (x), (y))
#define MUL(x, y)    mk_binary (d, N_MUL, (x), (y))
#define DIV(x, y)    mk_binary (d, N_DIV, (x), (y))
#define POW(x, y)    mk_binary (d, N_POW, (x), (y))
#define NEG(x)       mk_neg (d, (x))
#define FN(f, x)     mk_function (d, (f), (x))
#define SQUARE(x)    POW ((x), K (2))

/* The derivative by variable var of node i of src, built in d (shared
 * subtrees of the formula copied once). */
static int
differentiate (Tree *d, Tree *src, int i, guint var, int *copied)
{
  const Node n = *NODE (src, i);
  int a, da, b, db;

  switch (n.kind)
    {
    case N_CONST:
      return K (0);
    case N_VAR:
      return K (n.var == var ? 1 : 0);
    case N_NEG:
      return NEG (differentiate (d, src, n.a, var, copied));
    case N_ADD:
    case N_SUB:
      da = differentiate (d, src, n.a, var, copied);
      db = differentiate (d, src, n.b, var, copied);
      return mk_binary (d, (NodeKind) n.kind, da, db);
    case N_MUL:
      da = differentiate (d, src, n.a, var, copied);
      db = differentiate (d, src, n.b, var, copied);
      a = copy_node (d, src, n.a, copied);
      b = copy_node (d, src, n.b, copied);
      return ADD (MUL (da, b), MUL (a, db));
    case N_DIV:
      da = differentiate (d, src, n.a, var, copied);
      db = differentiate (d, src, n.b, var, copied);
      a = copy_node (d, src, n.a, copied);
      b = copy_node (d, src, n.b, copied);
      return DIV (SUB (MUL (da, b), MUL (a, db)), SQUARE (b));
    case N_POW:
      da = differentiate (d, src, n.a, var, copied);
      a = copy_node (d, src, n.a, copied);
      b = copy_node (d, src, n.b, copied);
      if (is_const (d, b))
        {
          /* (a^c)' = c a^(c - 1) a' */
          int c1 = mk_const (d, NODE (d, b)->value - 1, NODE (d, b)->literal);

          return MUL (MUL (b, POW (a, c1)), da);
        }
      /* (a^b)' = a^b (b' log a + b a' / a) */
      db = differentiate (d, src, n.b, var, copied);
      return MUL (copy_node (d, src, i, copied), ADD (MUL (db, FN (F_LOG, a)), MUL (b, DIV (da, a))));
    case N_FUNC:
      da = differentiate (d, src, n.a, var, copied);
      if (is_zero (d, da))
        return da;
      a = copy_node (d, src, n.a, copied);
      switch ((Function) n.function)
        {
        case F_ABS:   return MUL (da, SUB (MUL (K (2), FN (F_STEP, a)), K (1)));
        case F_SQRT:  return DIV (da, MUL (K (2), copy_node (d, src, i, copied)));
        case F_EXP:   return MUL (da, copy_node (d, src, i, copied));
        case F_LOG:   return DIV (da, a);
        case F_SIN:   return MUL (da, FN (F_COS, a));
        case F_COS:   return NEG (MUL (da, FN (F_SIN, a)));
        case F_TAN:   return DIV (da, SQUARE (FN (F_COS, a)));
        case F_COT:   return NEG (DIV (da, SQUARE (FN (F_SIN, a))));
        case F_SEC:   return MUL (da, MUL (FN (F_SEC, a), FN (F_TAN, a)));
        case F_CSC:   return NEG (MUL (da, MUL (FN (F_COT, a), FN (F_CSC, a))));
        case F_ASIN:  return DIV (da, FN (F_SQRT, SUB (K (1), SQUARE (a))));
        case F_ACOS:  return NEG (DIV (da, FN (F_SQRT, SUB (K (1), SQUARE (a)))));
        case F_ATAN:  return DIV (da, ADD (K (1), SQUARE (a)));
        case F_ACOT:  return NEG (DIV (da, ADD (K (1), SQUARE (a))));
        case F_ASEC:  return DIV (da, MUL (SQUARE (a), FN (F_SQRT, SUB (K (1), DIV (K (1), SQUARE (a))))));
        case F_ACSC:  return NEG (DIV (da, MUL (SQUARE (a), FN (F_SQRT, SUB (K (1), DIV (K (1), SQUARE (a)))))));
        case F_SINH:  return MUL (da, FN (F_COSH, a));
        case F_COSH:  return MUL (da, FN (F_SINH, a));
        case F_TANH:  return DIV (da, SQUARE (FN (F_COSH, a)));
        case F_COTH:  return NEG (DIV (da, SQUARE (FN (F_SINH, a))));
        case F_SECH:  return NEG (MUL (da, MUL (FN (F_SECH, a), FN (F_TANH, a))));
        case F_CSCH:  return NEG (MUL (da, MUL (FN (F_COTH, a), FN (F_CSCH, a))));
        /* libmatheval has 1 / sqrt(1 - x^2) for asinh and 1 / (x^2 - 1) for acoth. */
        case F_ASINH: return DIV (da, FN (F_SQRT, ADD (SQUARE (a), K (1))));
        case F_ACOSH: return DIV (da, FN (F_SQRT, SUB (SQUARE (a), K (1))));
        case F_ATANH: return DIV (da, SUB (K (1), SQUARE (a)));
        case F_ACOTH: return DIV (da, SUB (K (1), SQUARE (a)));
        case F_ASECH: return NEG (DIV (da, MUL (a, FN (F_SQRT, SUB (K (1), SQUARE (a))))));
        case F_ACSCH: return NEG (DIV (da, MUL (SQUARE (a), FN (F_SQRT, ADD (K (1), DIV (K (1), SQUARE (a)))))));
        case F_STEP:  return MUL (da, FN (F_DELTA, a));
        case F_ERF:   return MUL (da, MUL (K (M_2_SQRTPI), FN (F_EXP, NEG (SQUARE (a)))));
        case F_DELTA: case N_FUNCTIONS: default: break;
        }
      break;
    default:
      break;
    }
  g_assert_not_reached ();
  return -1;
}

/* ---- Programs ------------------------------------------------------------- */

/* Operations: binary ones on two registers (RR), a register and a constant
 * (RK) or a constant and a register (KR); unary ones on a register. */
typedef enum {
  OP_ADD_RR, OP_ADD_RK, OP_SUB_RR, OP_SUB_RK, OP_SUB_KR, OP_MUL_RR, OP_MUL_RK, OP_DIV_RR, OP_DIV_RK,
  OP_DIV_KR, OP_POW_RR, OP_POW_RK, OP_POW_KR, OP_NEG, OP_FUNCTION
} Op;

typedef struct {
  guint8  op;
  guint8  function;
  guint8  dst, a, b;
  double  k;
} Instruction;

/* The registers: the variables, then temporaries. */
#define MAX_REGISTERS 64

typedef struct {
  Instruction *code;
  guint        n_code;
  gboolean     is_const;  /* the result is k */
  guint8       result;    /* else the register that holds it */
  double       k;
} Program;

struct _SwFunction {
  gatomicrefcount ref_count;
  guint           n_variables;
  gboolean        is_linear;     /* c (v0 - offset) + d v1 */
  double          c, d, offset;
  Program         value;
  Program         derivative[SW_FUNCTION_MAX_VARIABLES];
  /* The value's code, in the same block (one cache line or two for a
   * short formula: a chain of couplings reads 1 000 of them). */
  Instruction     value_code[];
};

/* The registers a subtree needs beyond the variables (leaves: none). */
static guint
registers_needed (Tree *tr, int i, guint *need)
{
  const Node *n = NODE (tr, i);
  guint a, b;

  switch (n->kind)
    {
    case N_CONST:
    case N_VAR:
      return need[i] = 0;
    case N_NEG:
    case N_FUNC:
      /* (Not inside MAX (), which would evaluate it twice: 2^depth calls.) */
      a = registers_needed (tr, n->a, need);
      return need[i] = MAX (1u, a);
    default:
      a = registers_needed (tr, n->a, need);
      b = registers_needed (tr, NODE (tr, i)->b, need);
      return need[i] = MAX (1u, a == b ? a + 1 : MAX (a, b));
    }
}

typedef struct {
  gboolean is_const;
  guint8   reg;
  double   k;
} Operand;

/* Code for node i into register base or above; returns where the value is. */
static Operand
emit (Tree *tr, int i, guint base, const guint *need, GArray *code)
{
  const Node n = *NODE (tr, i);
  Instruction ins = { .dst = (guint8) base };
  Operand a, b;

  if (n.kind == N_CONST)
    return (Operand) { TRUE, 0, n.value };
  if (n.kind == N_VAR)
    return (Operand) { FALSE, n.var, 0 };
  if (n.kind == N_NEG || n.kind == N_FUNC)
    {
      a = emit (tr, n.a, base, need, code);
      g_assert (!a.is_const);
      ins.op = n.kind == N_NEG ? OP_NEG : OP_FUNCTION;
      ins.function = n.function;
      ins.a = a.reg;
      g_array_append_val (code, ins);
      return (Operand) { FALSE, ins.dst, 0 };
    }
  /* The side that needs more registers first; the other above it. */
  if (need[n.b] > need[n.a])
    {
      b = emit (tr, n.b, base, need, code);
      a = emit (tr, n.a, b.is_const ? base : base + 1, need, code);
    }
  else
    {
      a = emit (tr, n.a, base, need, code);
      b = emit (tr, n.b, a.is_const ? base : base + 1, need, code);
    }
  g_assert (!(a.is_const && b.is_const));
  /* pow (x, 2) stays pow: libm's differs from x * x in the last bit at times. */
  if (b.is_const)
    {
      ins.op = n.kind == N_ADD ? OP_ADD_RK : n.kind == N_SUB ? OP_SUB_RK : n.kind == N_MUL ? OP_MUL_RK
             : n.kind == N_DIV ? OP_DIV_RK : OP_POW_RK;
      ins.a = a.reg;
      ins.k = b.k;
    }
  else if (a.is_const)
    {
      /* a + and a * commute exactly. */
      ins.op = n.kind == N_ADD ? OP_ADD_RK : n.kind == N_SUB ? OP_SUB_KR : n.kind == N_MUL ? OP_MUL_RK
             : n.kind == N_DIV ? OP_DIV_KR : OP_POW_KR;
      ins.a = b.reg;
      ins.k = a.k;
    }
  else
    {
      ins.op = n.kind == N_ADD ? OP_ADD_RR : n.kind == N_SUB ? OP_SUB_RR : n.kind == N_MUL ? OP_MUL_RR
             : n.kind == N_DIV ? OP_DIV_RR : OP_POW_RR;
      ins.a = a.reg;
      ins.b = b.reg;
    }
  g_array_append_val (code, ins);
  return (Operand) { FALSE, ins.dst, 0 };
}

static gboolean
program_make (Program *prog, Tree *tr, int root, guint n_variables, GError **error)
{
  g_autofree guint *need = g_new (guint, tr->nodes->len);
  GArray *code;
  Operand out;

  if (n_variables + registers_needed (tr, root, need) > MAX_REGISTERS)
    {
      /* A tree of 2^60 nodes: the checker's limits keep formulas far below. */
      g_set_error_literal (error, SW_ERROR, SW_ERROR_PARSE, _("the formula is too large to compile; write a shorter one"));
      return FALSE;
    }
  code = g_array_new (FALSE, TRUE, sizeof (Instruction));
  out = emit (tr, root, n_variables, need, code);
  prog->is_const = out.is_const;
  prog->result = out.reg;
  prog->k = out.k;
  prog->n_code = code->len;
  prog->code = (Instruction *) g_array_free (code, FALSE);
  return TRUE;
}

SW_IEEE_ARITHMETIC G_ALWAYS_INLINE static inline double
program_run (const Program *prog, const double *vars, guint n_variables)
{
  double r[MAX_REGISTERS];
  const Instruction *ins = prog->code, *end = prog->code + prog->n_code;

  if (prog->is_const)
    return prog->k;
  for (guint i = 0; i < n_variables; i++)
    r[i] = vars[i];
  for (; ins < end; ins++)
    switch ((Op) ins->op)
      {
      case OP_ADD_RR:   r[ins->dst] = r[ins->a] + r[ins->b]; break;
      case OP_ADD_RK:   r[ins->dst] = r[ins->a] + ins->k; break;
      case OP_SUB_RR:   r[ins->dst] = r[ins->a] - r[ins->b]; break;
      case OP_SUB_RK:   r[ins->dst] = r[ins->a] - ins->k; break;
      case OP_SUB_KR:   r[ins->dst] = ins->k - r[ins->a]; break;
      case OP_MUL_RR:   r[ins->dst] = r[ins->a] * r[ins->b]; break;
      case OP_MUL_RK:   r[ins->dst] = r[ins->a] * ins->k; break;
      case OP_DIV_RR:   r[ins->dst] = r[ins->a] / r[ins->b]; break;
      case OP_DIV_RK:   r[ins->dst] = r[ins->a] / ins->k; break;
      case OP_DIV_KR:   r[ins->dst] = ins->k / r[ins->a]; break;
      case OP_POW_RR:   r[ins->dst] = pow (r[ins->a], r[ins->b]); break;
      case OP_POW_RK:   r[ins->dst] = pow (r[ins->a], ins->k); break;
      case OP_POW_KR:   r[ins->dst] = pow (ins->k, r[ins->a]); break;
      case OP_NEG:      r[ins->dst] = -r[ins->a]; break;
      case OP_FUNCTION: r[ins->dst] = apply_function ((Function) ins->function, r[ins->a]); break;
      default:          g_assert_not_reached ();
      }
  return r[prog->result];
}

/* ---- Linear laws ---------------------------------------------------------- */

/* A term k (v - offset) of variable var, or k v, or v. */
static gboolean
linear_term (Tree *tr, int i, guint *var, double *k, double *offset)
{
  const Node *n = NODE (tr, i);
  const Node *a, *b;

  *k = 1;
  *offset = 0;
  if (n->kind == N_VAR)
    {
      *var = n->var;
      return TRUE;
    }
  if (n->kind != N_MUL)
    return FALSE;
  a = NODE (tr, n->a);
  b = NODE (tr, n->b);
  if (b->kind == N_CONST)
    {
      const Node *swap = a;

      a = b;
      b = swap;
    }
  if (a->kind != N_CONST)
    return FALSE;
  *k = a->value;
  if (b->kind == N_VAR)
    {
      *var = b->var;
      return TRUE;
    }
  if (b->kind == N_SUB && NODE (tr, b->a)->kind == N_VAR && NODE (tr, b->b)->kind == N_CONST)
    {
      *var = NODE (tr, b->a)->var;
      *offset = NODE (tr, b->b)->value;
      return TRUE;
    }
  return FALSE;
}

/* c (v0 - offset) + d v1: what a linear spring-damper computes. */
SW_IEEE_ARITHMETIC static void
find_linear (SwFunction *f, Tree *tr, int root)
{
  const Node *n = NODE (tr, root);
  guint var[2] = { 0, 0 };
  double k[2], offset[2];
  gboolean ok;

  if (n->kind == N_ADD)
    ok = linear_term (tr, n->a, &var[0], &k[0], &offset[0]) && linear_term (tr, n->b, &var[1], &k[1], &offset[1]);
  else
    {
      ok = linear_term (tr, root, &var[0], &k[0], &offset[0]);
      var[1] = var[0] == 0 ? 1 : 0;
      k[1] = 0;
      offset[1] = 0;
    }
  if (!ok || var[0] == var[1] || var[0] > 1 || var[1] > 1)
    return;
  for (guint i = 0; i < 2; i++)
    {
      if (!isfinite (k[i]) || (var[i] == 1 && offset[i] != 0))
        return;
      if (var[i] == 0)
        f->c = k[i], f->offset = offset[i];
      else
        f->d = k[i];
    }
  f->is_linear = TRUE;
}

gboolean
_sw_function_get_linear (const SwFunction *function,
                         double           *c,
                         double           *d,
                         double           *offset)
{
  g_return_val_if_fail (function != NULL, FALSE);
  *c = function->c;
  *d = function->d;
  *offset = function->offset;
  return function->is_linear;
}

/* ---- The compiled function ------------------------------------------------ */

SwFunction *
_sw_function_new (const SwExpression *expression,
                  const char *const  *variables,
                  GError            **error)
{
  Tree tree = { g_array_new (FALSE, FALSE, sizeof (Node)), FALSE };
  Reader rd = { &tree, expression, variables, sw_expression_get_text (expression) };
  SwFunction *f;
  Program value;
  guint n = 0;
  int root;

  g_return_val_if_fail (expression != NULL, NULL);
  g_return_val_if_fail (variables != NULL, NULL);

  if (!sw_expression_check (expression, variables, NULL, NULL, error))
    {
      g_array_unref (tree.nodes);
      return NULL;
    }
  while (variables[n] != NULL)
    n++;
  g_return_val_if_fail (n <= SW_FUNCTION_MAX_VARIABLES, NULL);

  root = read_sum (&rd);
  g_assert (peek (&rd) == '\0');

  if (!program_make (&value, &tree, root, n, error))
    {
      g_array_unref (tree.nodes);
      return NULL;
    }
  f = g_malloc0 (sizeof (SwFunction) + value.n_code * sizeof (Instruction));
  g_atomic_ref_count_init (&f->ref_count);
  f->n_variables = n;
  f->value = value;
  f->value.code = f->value_code;
  /* (A constant formula may fold to no code: no copy from NULL.) */
  if (value.n_code > 0)
    memcpy (f->value_code, value.code, value.n_code * sizeof (Instruction));
  g_free (value.code);
  if (n >= 2)
    find_linear (f, &tree, root);
  for (guint v = 0; v < n; v++)
    {
      Tree d = { g_array_new (FALSE, FALSE, sizeof (Node)), TRUE };
      g_autofree int *copied = g_new (int, tree.nodes->len);
      gboolean ok;

      memset (copied, 0xff, tree.nodes->len * sizeof (int));
      ok = program_make (&f->derivative[v], &d, differentiate (&d, &tree, root, v, copied), n, error);
      g_array_unref (d.nodes);
      if (!ok)
        goto failed;
    }
  g_array_unref (tree.nodes);
  return f;

failed:
  g_array_unref (tree.nodes);
  _sw_function_unref (f);
  return NULL;
}

SwFunction *
_sw_function_ref (SwFunction *function)
{
  g_return_val_if_fail (function != NULL, NULL);
  g_atomic_ref_count_inc (&function->ref_count);
  return function;
}

void
_sw_function_unref (SwFunction *function)
{
  g_return_if_fail (function != NULL);
  if (!g_atomic_ref_count_dec (&function->ref_count))
    return;
  for (guint i = 0; i < SW_FUNCTION_MAX_VARIABLES; i++)
    g_free (function->derivative[i].code);
  g_free (function);
}

guint
_sw_function_get_n_instructions (const SwFunction *function,
                                 int               derivative)
{
  g_return_val_if_fail (function != NULL, 0);
  g_return_val_if_fail (derivative < (int) function->n_variables, 0);
  return derivative < 0 ? function->value.n_code : function->derivative[derivative].n_code;
}

SW_IEEE_ARITHMETIC double
_sw_function_eval (const SwFunction *function,
                   const double     *vars,
                   double           *derivs)
{
  if (derivs != NULL)
    for (guint i = 0; i < function->n_variables; i++)
      derivs[i] = program_run (&function->derivative[i], vars, function->n_variables);
  return program_run (&function->value, vars, function->n_variables);
}

SW_IEEE_ARITHMETIC double
sw_part_expression (const SwPart *part,
                    guint         param,
                    const double *vars,
                    double       *derivs)
{
  const SwFunction *f = part->function[param];

  g_assert (param < SW_KIND_MAX_PARAMS && f != NULL);
  /* A force's value alone: the value's code, inline. */
  if (derivs == NULL)
    return program_run (&f->value, vars, f->n_variables);
  return _sw_function_eval (f, vars, derivs);
}
