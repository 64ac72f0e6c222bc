/* sw-modelica-parse.c: Modelica text into the tree of
 * sw-modelica-private.h, by recursive descent over the grammar of the
 * Modelica Language Specification 3.x restricted to what one class of
 * components and connections needs. The tokens are read in
 * sw-modelica-tokens.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-private.h"
#include "sw-modelica-parse-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include "sw-error.h"

/* ---- Expressions -------------------------------------------------------- */

static void expr_free (MoExpr *e);
static void mod_free (MoMod *m);

static MoExpr *
expr_new (Parser *ps, MoExprKind kind)
{
  MoExpr *e = g_new0 (MoExpr, 1);

  e->kind = kind;
  e->line = ps->tok.line;
  e->column = ps->tok.column;
  e->depth = 1;
  return e;
}

static guint
depth_of (const MoExpr *e)
{
  return e != NULL ? e->depth : 0;
}

/* e's depth from its operands' (set last): a tree past MAX_TREE_DEPTH is
 * an error at e, so that nothing recurses through it unbounded. */
static MoExpr *
grown (Parser *ps, MoExpr *e)
{
  guint d = MAX (depth_of (e->a), MAX (depth_of (e->b), depth_of (e->c)));

  for (guint k = 0; e->items != NULL && k < e->items->len; k++)
    d = MAX (d, depth_of (g_ptr_array_index (e->items, k)));
  for (guint k = 0; e->named != NULL && k < e->named->len; k++)
    d = MAX (d, depth_of (((MoMod *) g_ptr_array_index (e->named, k))->value));
  e->depth = MAX (e->depth, d + 1);
  if (e->depth > MAX_TREE_DEPTH)
    _sw_mo_parse_fail (ps, e->line, e->column,
                       _("the expression is too long or nests too deep: more than %u operators or levels in a row; split it "
                         "into parameters"), MAX_TREE_DEPTH);
  return e;
}

static void
expr_free (MoExpr *e)
{
  if (e == NULL)
    return;
  g_free (e->text);
  expr_free (e->a);
  expr_free (e->b);
  expr_free (e->c);
  g_clear_pointer (&e->items, g_ptr_array_unref);
  g_clear_pointer (&e->named, g_ptr_array_unref);
  g_free (e);
}

static MoExpr *expression (Parser *ps);
static GPtrArray *modifications (Parser *ps);

/* Arguments of a call or an array up to close: positional into items,
 * name = value into named. */
static void
arguments (Parser *ps, MoExpr *e, const char *close)
{
  e->items = g_ptr_array_new_with_free_func ((GDestroyNotify) expr_free);
  while (!_sw_mo_parse_is (ps, close) && ps->error == NULL)
    {
      if (ps->tok.kind == T_IDENT && ps->p < ps->end)
        {
          /* name = value: look past the name for a single "=". */
          const char *q = ps->p;

          while (q < ps->end && g_ascii_isspace (*q))
            q++;
          if (q + 1 < ps->end && q[0] == '=' && q[1] != '=')
            {
              MoMod *m = g_new0 (MoMod, 1);

              m->name = g_strdup (ps->tok.text);
              m->line = ps->tok.line;
              m->column = ps->tok.column;
              _sw_mo_parse_next (ps);
              _sw_mo_parse_next (ps);
              m->value = expression (ps);
              if (e->named == NULL)
                e->named = g_ptr_array_new_with_free_func ((GDestroyNotify) mod_free);
              g_ptr_array_add (e->named, m);
              if (!_sw_mo_parse_accept (ps, ","))
                break;
              continue;
            }
        }
      g_ptr_array_add (e->items, expression (ps));
      /* for-iterators of array constructors are not needed: refused. */
      if (!_sw_mo_parse_accept (ps, ","))
        break;
    }
  _sw_mo_parse_expect (ps, close);
}

static MoExpr *
primary (Parser *ps)
{
  MoExpr *e;

  if (++ps->depth > MAX_DEPTH)
    {
      _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("expressions nest deeper than %u levels"), MAX_DEPTH);
      return expr_new (ps, MO_NUMBER);
    }
  if (ps->tok.kind == T_NUMBER)
    {
      e = expr_new (ps, MO_NUMBER);
      e->number = ps->tok.number;
      _sw_mo_parse_next (ps);
    }
  else if (ps->tok.kind == T_STRING)
    {
      e = expr_new (ps, MO_STRING);
      e->text = g_strdup (ps->tok.text);
      _sw_mo_parse_next (ps);
      /* "a" + "b" is left to the binary operators. */
    }
  else if (_sw_mo_parse_is (ps, "true") || _sw_mo_parse_is (ps, "false"))
    {
      e = expr_new (ps, MO_BOOL);
      e->number = _sw_mo_parse_is (ps, "true");
      _sw_mo_parse_next (ps);
    }
  else if (_sw_mo_parse_is (ps, "("))
    {
      _sw_mo_parse_next (ps);
      e = expression (ps);
      _sw_mo_parse_expect (ps, ")");
    }
  else if (_sw_mo_parse_is (ps, "{"))
    {
      e = expr_new (ps, MO_ARRAY);
      _sw_mo_parse_next (ps);
      arguments (ps, e, "}");
    }
  else if (_sw_mo_parse_is (ps, "["))
    {
      /* [a, b; c, d]: rows of an MO_MATRIX. */
      e = expr_new (ps, MO_MATRIX);
      e->items = g_ptr_array_new_with_free_func ((GDestroyNotify) expr_free);
      _sw_mo_parse_next (ps);
      do
        {
          MoExpr *row = expr_new (ps, MO_ARRAY);

          row->items = g_ptr_array_new_with_free_func ((GDestroyNotify) expr_free);
          g_ptr_array_add (e->items, row);
          if (_sw_mo_parse_is (ps, "]"))
            break;
          do
            g_ptr_array_add (row->items, expression (ps));
          while (_sw_mo_parse_accept (ps, ",") && ps->error == NULL);
          grown (ps, row);
        }
      while (_sw_mo_parse_accept (ps, ";") && ps->error == NULL);
      _sw_mo_parse_expect (ps, "]");
    }
  else if (_sw_mo_parse_is (ps, "if"))
    {
      e = expr_new (ps, MO_IF);
      _sw_mo_parse_next (ps);
      e->a = expression (ps);
      _sw_mo_parse_expect (ps, "then");
      e->b = expression (ps);
      _sw_mo_parse_expect (ps, "else");
      e->c = expression (ps);
    }
  else if (ps->tok.kind == T_IDENT || _sw_mo_parse_is (ps, "."))
    {
      e = expr_new (ps, MO_NAME);
      e->text = _sw_mo_parse_name (ps);
      if (_sw_mo_parse_is (ps, "("))
        {
          e->kind = MO_CALL;
          _sw_mo_parse_next (ps);
          arguments (ps, e, ")");
        }
      else if (_sw_mo_parse_is (ps, "["))
        {
          /* k[2], tab[1, 2]: an element of a parameter's array. */
          guint line = ps->tok.line, column = ps->tok.column;

          e->kind = MO_INDEX;
          _sw_mo_parse_next (ps);
          arguments (ps, e, "]");
          if (ps->error == NULL && (e->named != NULL || e->items->len < 1 || e->items->len > 2))
            _sw_mo_parse_fail (ps, line, column,
                               _("%s[…]: give one or two subscripts (k[2], tab[1, 2]); slices and names are not "
                                 "supported"), e->text);
        }
    }
  else
    {
      _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("expected an expression, not “%s”"), _sw_mo_parse_describe (ps));
      e = expr_new (ps, MO_NUMBER);
    }
  ps->depth--;
  return grown (ps, e);
}

static MoExpr *
binary (Parser *ps, char op, MoExpr *a, MoExpr *b)
{
  MoExpr *e = g_new0 (MoExpr, 1);

  e->kind = MO_BINARY;
  e->op = op;
  e->line = a->line;
  e->column = a->column;
  e->a = a;
  e->b = b;
  return grown (ps, e);
}

static MoExpr *
factor (Parser *ps)
{
  MoExpr *e = primary (ps);

  while ((_sw_mo_parse_is (ps, "^") || _sw_mo_parse_is (ps, ".^")) && ps->error == NULL)
    {
      _sw_mo_parse_next (ps);
      e = binary (ps, '^', e, primary (ps));
    }
  return e;
}

static MoExpr *
term (Parser *ps)
{
  MoExpr *e = factor (ps);

  while ((_sw_mo_parse_is (ps, "*") || _sw_mo_parse_is (ps, "/") || _sw_mo_parse_is (ps, ".*") || _sw_mo_parse_is (ps, "./")) && ps->error == NULL)
    {
      char op = ps->tok.text[strlen (ps->tok.text) - 1];

      _sw_mo_parse_next (ps);
      e = binary (ps, op, e, factor (ps));
    }
  return e;
}

static MoExpr *
arithmetic (Parser *ps)
{
  MoExpr *e;

  if (_sw_mo_parse_is (ps, "-") || _sw_mo_parse_is (ps, "+"))
    {
      e = expr_new (ps, MO_UNARY);
      e->op = ps->tok.text[0];
      _sw_mo_parse_next (ps);
      e->a = term (ps);
      grown (ps, e);
    }
  else
    e = term (ps);
  while ((_sw_mo_parse_is (ps, "+") || _sw_mo_parse_is (ps, "-") || _sw_mo_parse_is (ps, ".+") || _sw_mo_parse_is (ps, ".-")) && ps->error == NULL)
    {
      char op = ps->tok.text[strlen (ps->tok.text) - 1];

      _sw_mo_parse_next (ps);
      e = binary (ps, op, e, term (ps));
    }
  return e;
}

static MoExpr *
relation (Parser *ps)
{
  static const struct { const char *text; char op; } ops[] = {
    { "<", '<' }, { ">", '>' }, { "<=", 'l' }, { ">=", 'g' }, { "==", '=' }, { "<>", 'n' },
  };
  MoExpr *e;

  if (_sw_mo_parse_is (ps, "not"))
    {
      /* not not …: recursion, counted as nesting. */
      if (++ps->depth > MAX_DEPTH)
        {
          _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("expressions nest deeper than %u levels"), MAX_DEPTH);
          return expr_new (ps, MO_NUMBER);
        }
      e = expr_new (ps, MO_UNARY);
      e->op = '!';
      _sw_mo_parse_next (ps);
      e->a = relation (ps);
      ps->depth--;
      return grown (ps, e);
    }
  e = arithmetic (ps);
  for (guint k = 0; k < G_N_ELEMENTS (ops); k++)
    if (_sw_mo_parse_is (ps, ops[k].text))
      {
        _sw_mo_parse_next (ps);
        return binary (ps, ops[k].op, e, arithmetic (ps));
      }
  return e;
}

static MoExpr *
expression (Parser *ps)
{
  MoExpr *e = relation (ps);

  while ((_sw_mo_parse_is (ps, "and") || _sw_mo_parse_is (ps, "or")) && ps->error == NULL)
    {
      char op = _sw_mo_parse_is (ps, "and") ? '&' : '|';

      _sw_mo_parse_next (ps);
      e = binary (ps, op, e, relation (ps));
    }
  return e;
}

/* ---- Modifications ------------------------------------------------------ */

static void
mod_free (MoMod *m)
{
  if (m == NULL)
    return;
  g_free (m->name);
  g_clear_pointer (&m->children, g_ptr_array_unref);
  expr_free (m->value);
  g_free (m);
}

MoMod *
_sw_mo_find (GPtrArray *mods, const char *name)
{
  for (guint k = 0; mods != NULL && k < mods->len; k++)
    {
      MoMod *m = g_ptr_array_index (mods, k);

      if (strcmp (m->name, name) == 0)
        return m;
    }
  return NULL;
}

/* Strings after a declaration or a class name: its documentation
 * ("a" + "b" joined), or NULL. */
static char *
doc_string (Parser *ps)
{
  GString *doc = NULL;

  while (ps->tok.kind == T_STRING)
    {
      if (doc == NULL)
        doc = g_string_new (NULL);
      g_string_append (doc, ps->tok.text);
      _sw_mo_parse_next (ps);
      _sw_mo_parse_accept (ps, "+");
    }
  return doc != NULL ? g_string_free (doc, FALSE) : NULL;
}

static void
skip_comment (Parser *ps)
{
  g_free (doc_string (ps));
}

/* "(" argument, … ")": each [each] [final] name [(…)] [= expression]
 * ["doc"]. */
static GPtrArray *
modifications (Parser *ps)
{
  GPtrArray *mods = g_ptr_array_new_with_free_func ((GDestroyNotify) mod_free);

  if (++ps->depth > MAX_DEPTH)
    {
      _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("modifications nest deeper than %u levels"), MAX_DEPTH);
      return mods;
    }
  _sw_mo_parse_expect (ps, "(");
  while (!_sw_mo_parse_is (ps, ")") && ps->error == NULL)
    {
      MoMod *m;

      gboolean each = FALSE;

      while (ps->error == NULL && (_sw_mo_parse_is (ps, "each") || _sw_mo_parse_is (ps, "final")))
        {
          each = each || _sw_mo_parse_is (ps, "each");
          _sw_mo_parse_next (ps);
        }
      if (_sw_mo_parse_is (ps, "redeclare") || _sw_mo_parse_is (ps, "replaceable"))
        {
          _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("“%s” is not supported"), ps->tok.text);
          break;
        }
      m = g_new0 (MoMod, 1);
      m->each = each;
      m->line = ps->tok.line;
      m->column = ps->tok.column;
      m->name = _sw_mo_parse_name (ps);
      if (m->name != NULL && _sw_mo_find (mods, m->name) != NULL)
        {
          /* J = 1, J = 2: which one would hold? Modelica refuses it. */
          _sw_mo_parse_fail (ps, m->line, m->column, _("“%s” is modified twice here (first at %u:%u); give it once"), m->name,
                             _sw_mo_find (mods, m->name)->line, _sw_mo_find (mods, m->name)->column);
          mod_free (m);
          break;
        }
      g_ptr_array_add (mods, m);
      if (m->name == NULL)
        break;
      if (_sw_mo_parse_is (ps, "("))
        m->children = modifications (ps);
      if (_sw_mo_parse_accept (ps, "=") || _sw_mo_parse_accept (ps, ":="))
        m->value = expression (ps);
      skip_comment (ps);
      if (!_sw_mo_parse_accept (ps, ","))
        break;
    }
  _sw_mo_parse_expect (ps, ")");
  ps->depth--;
  return mods;
}

/* ["doc"] [annotation (…)]: the annotation, or NULL; the string into
 * *doc. */
static GPtrArray *
comment (Parser *ps, char **doc)
{
  g_free (*doc);
  *doc = doc_string (ps);
  if (!_sw_mo_parse_accept (ps, "annotation"))
    return NULL;
  return modifications (ps);
}

/* ---- The class ---------------------------------------------------------- */

static void
element_free (MoElement *el)
{
  g_free (el->type);
  g_free (el->name);
  g_clear_pointer (&el->mods, g_ptr_array_unref);
  expr_free (el->value);
  g_clear_pointer (&el->annotation, g_ptr_array_unref);
  g_free (el->doc);
  expr_free (el->size);
  expr_free (el->size2);
  g_clear_pointer (&el->dims, g_ptr_array_unref);
  expr_free (el->condition);
  g_free (el);
}

void
_sw_mo_class_free (MoClass *klass)
{
  if (klass == NULL)
    return;
  g_free (klass->within);
  g_free (klass->name);
  g_free (klass->doc);
  g_clear_pointer (&klass->classes, g_ptr_array_unref);
  g_clear_pointer (&klass->imports, g_ptr_array_unref);
  g_clear_pointer (&klass->elements, g_ptr_array_unref);
  for (guint k = 0; klass->connects != NULL && k < klass->connects->len; k++)
    {
      g_free (g_array_index (klass->connects, MoConnect, k).a);
      g_free (g_array_index (klass->connects, MoConnect, k).b);
    }
  g_clear_pointer (&klass->connects, g_array_unref);
  g_clear_pointer (&klass->loop_connects, g_ptr_array_unref);
  g_clear_pointer (&klass->loops, g_ptr_array_unref);
  g_clear_pointer (&klass->annotation, g_ptr_array_unref);
  g_clear_pointer (&klass->names, g_hash_table_unref);
  g_clear_pointer (&klass->initial, g_ptr_array_unref);
  g_free (klass);
}

/* type name [(…)] [= value] ["doc"] [annotation (…)], … ; */
static void
declaration (Parser *ps, MoClass *klass, gboolean parameter)
{
  g_autofree char *type = _sw_mo_parse_name (ps);

  if (type == NULL)
    return;
  do
    {
      MoElement *el = g_new0 (MoElement, 1);

      el->type = g_strdup (type);
      el->parameter = parameter;
      el->line = ps->tok.line;
      el->column = ps->tok.column;
      g_ptr_array_add (klass->elements, el);
      if (ps->tok.kind != T_IDENT)
        {
          _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("expected a component name after %s, not “%s”"), type,
                             _sw_mo_parse_describe (ps));
          return;
        }
      el->name = g_strdup (ps->tok.text);
      {
        /* A name declared twice in one class: the later would silently
         * hide the first. */
        const MoElement *first = klass->names != NULL ? g_hash_table_lookup (klass->names, el->name) : NULL;

        if (first != NULL)
          {
            _sw_mo_parse_fail (ps, el->line, el->column, _("“%s” is declared twice (first at %u:%u); give it one name each"),
                               el->name, first->line, first->column);
            return;
          }
        if (klass->names == NULL)
          klass->names = g_hash_table_new (g_str_hash, g_str_equal);
        g_hash_table_insert (klass->names, el->name, el);
      }
      _sw_mo_parse_next (ps);
      /* An array of components (Sine sine[3]): its size, expanded by the
       * import; a parameter's sizes (tab[:, 2], k[2, 3]), checked against
       * its value's by the import. */
      if (el->parameter && _sw_mo_parse_accept (ps, "["))
        {
          el->dims = g_ptr_array_new_with_free_func ((GDestroyNotify) expr_free);
          do
            g_ptr_array_add (el->dims, _sw_mo_parse_accept (ps, ":") ? NULL : expression (ps));
          while (ps->error == NULL && _sw_mo_parse_accept (ps, ","));
          _sw_mo_parse_expect (ps, "]");
        }
      else if (_sw_mo_parse_accept (ps, "["))
        {
          el->size = expression (ps);
          if (ps->error == NULL && _sw_mo_parse_accept (ps, ","))
            el->size2 = expression (ps);
          if (ps->error == NULL && _sw_mo_parse_is (ps, ","))
            {
              _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column,
                                 _("arrays of components of more than two dimensions are not supported; valid: one "
                                   "or two (a component per element, j[4], j[2, 3]), a parameter of any shape"));
              return;
            }
          _sw_mo_parse_expect (ps, "]");
        }
      if (_sw_mo_parse_is (ps, "("))
        el->mods = modifications (ps);
      if (_sw_mo_parse_accept (ps, "=") || _sw_mo_parse_accept (ps, ":="))
        el->value = expression (ps);
      /* A conditional component: kept or left out with its connections
       * by the import (sw-modelica-import-conditions.c). */
      if (ps->error == NULL && _sw_mo_parse_accept (ps, "if"))
        el->condition = expression (ps);
      el->annotation = comment (ps, &el->doc);
    }
  while (_sw_mo_parse_accept (ps, ",") && ps->error == NULL);
  _sw_mo_parse_expect (ps, ";");
}

/* For the equations' parser (sw-modelica-parse-equations.c). */
MoExpr *
_sw_mo_parse_expression (Parser *ps)
{
  return expression (ps);
}

GPtrArray *
_sw_mo_parse_modifications (Parser *ps)
{
  return modifications (ps);
}

static MoClass *
class_new (void)
{
  MoClass *klass = g_new0 (MoClass, 1);

  klass->elements = g_ptr_array_new_with_free_func ((GDestroyNotify) element_free);
  klass->connects = g_array_new (FALSE, FALSE, sizeof (MoConnect));
  klass->classes = g_ptr_array_new_with_free_func ((GDestroyNotify) _sw_mo_class_free);
  klass->imports = g_ptr_array_new_with_free_func (g_free);
  return klass;
}

static void class_body (Parser *ps, MoClass *klass);

/* After "import": name = A.B.C; | A.B.C; | A.B.*; | A.B.{c, d};, kept as
 * "name=A.B.C" (its last part the name when none is given), "*=A.B".
 * Anything else is skipped to the ";". */
static void
import_clause (Parser *ps, MoClass *klass)
{
  g_autofree char *first = NULL, *path = NULL;

  if (ps->tok.kind == T_IDENT)
    {
      first = g_strdup (ps->tok.text);
      _sw_mo_parse_next (ps);
      if (_sw_mo_parse_accept (ps, "="))
        path = _sw_mo_parse_name (ps);
      else
        {
          GString *p = g_string_new (first);

          /* The dotted path by hand: it may end in ".*". */
          while (ps->error == NULL && (_sw_mo_parse_is (ps, ".") || _sw_mo_parse_is (ps, ".*")))
            {
              /* The lexer reads ".*" as one operator. */
              if (_sw_mo_parse_accept (ps, ".*") || (_sw_mo_parse_accept (ps, ".") && _sw_mo_parse_accept (ps, "*")))
                {
                  g_ptr_array_add (klass->imports, g_strdup_printf ("*=%s", p->str));
                  g_string_free (p, TRUE);
                  p = NULL;
                  break;
                }
              if (ps->tok.kind != T_IDENT)
                break;
              g_string_append_printf (p, ".%s", ps->tok.text);
              _sw_mo_parse_next (ps);
            }
          if (p != NULL)
            {
              const char *dot = strrchr (p->str, '.');

              g_ptr_array_add (klass->imports, g_strdup_printf ("%s=%s", dot != NULL ? dot + 1 : p->str, p->str));
              g_string_free (p, TRUE);
            }
        }
      if (path != NULL)
        g_ptr_array_add (klass->imports, g_strdup_printf ("%s=%s", first, path));
    }
  while (!_sw_mo_parse_is (ps, ";") && ps->tok.kind != T_END && ps->error == NULL)
    _sw_mo_parse_next (ps);
  _sw_mo_parse_expect (ps, ";");
}

/* model Name "doc" … end Name; inside another class (the keyword is the
 * current token). */
static void
nested_class (Parser *ps, MoClass *outer)
{
  MoClass *klass = class_new ();

  g_ptr_array_add (outer->classes, klass);
  klass->line = ps->tok.line;
  klass->column = ps->tok.column;
  if (++ps->depth > MAX_DEPTH)
    {
      _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("classes nest deeper than %u levels"), MAX_DEPTH);
      return;
    }
  _sw_mo_parse_next (ps);
  if (ps->tok.kind != T_IDENT)
    {
      _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("expected the name of the model, not “%s”"), _sw_mo_parse_describe (ps));
      return;
    }
  klass->name = g_strdup (ps->tok.text);
  _sw_mo_parse_next (ps);
  if (_sw_mo_parse_is (ps, "="))
    {
      _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("short class definitions (model %s = …) are not supported"),
                         klass->name);
      return;
    }
  class_body (ps, klass);
  ps->depth--;
}

/* After "model Name": "doc", elements, equations, "end Name;". */
static void
class_body (Parser *ps, MoClass *klass)
{
  static const char *const other_classes[] = {
    "connector", "record", "package", "function", "type", "operator", "expandable", NULL,
  };
  enum { ELEMENTS, EQUATIONS, INITIAL_EQUATIONS } section = ELEMENTS;

  klass->doc = doc_string (ps);
  while (ps->error == NULL && !_sw_mo_parse_is (ps, "end"))
    {
      if (ps->tok.kind == T_END)
        {
          _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("the model “%s” has no “end %s;”"), klass->name, klass->name);
          break;
        }
      if (_sw_mo_parse_accept (ps, "equation"))
        section = EQUATIONS;
      else if (_sw_mo_parse_accept (ps, "initial") && _sw_mo_parse_accept (ps, "equation"))
        section = INITIAL_EQUATIONS;
      else if (ps->error == NULL && (_sw_mo_parse_is (ps, "algorithm") || _sw_mo_parse_is (ps, "initial")))
        _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column,
                           _("algorithms are not supported: give start values with fixed = true, or initial equations "
                             "COMPONENT.VARIABLE = VALUE"));
      else if (_sw_mo_parse_accept (ps, "public") || _sw_mo_parse_accept (ps, "protected"))
        section = ELEMENTS;
      else if (_sw_mo_parse_is (ps, "annotation"))
        {
          GPtrArray *more;

          _sw_mo_parse_next (ps);
          more = modifications (ps);
          /* Older tools write one annotation among the elements
           * (Diagram) and another at the end (experiment): both hold,
           * the later where they name the same entry. */
          if (klass->annotation == NULL)
            klass->annotation = more;
          else if (ps->error != NULL)
            /* (An entry may have no name yet.) */
            g_ptr_array_unref (more);
          else
            {
              for (guint k = 0; k < more->len; k++)
                {
                  MoMod *m = g_ptr_array_index (more, k), *same = _sw_mo_find (klass->annotation, m->name);

                  if (same != NULL)
                    g_ptr_array_remove (klass->annotation, same);
                  g_ptr_array_add (klass->annotation, g_steal_pointer (&more->pdata[k]));
                }
              g_ptr_array_unref (more);
            }
          _sw_mo_parse_expect (ps, ";");
        }
      else if (section == INITIAL_EQUATIONS)
        _sw_mo_parse_initial_equation (ps, klass);
      else if (section == EQUATIONS)
        _sw_mo_parse_equation (ps, klass, NULL);
      else if (_sw_mo_parse_accept (ps, "import"))
        import_clause (ps, klass);
      else if (_sw_mo_parse_is (ps, "extends"))
        {
          MoElement *el = g_new0 (MoElement, 1);

          el->line = ps->tok.line;
          el->column = ps->tok.column;
          _sw_mo_parse_next (ps);
          el->type = g_strdup ("extends");
          el->name = _sw_mo_parse_name (ps);
          g_ptr_array_add (klass->elements, el);
          if (_sw_mo_parse_is (ps, "("))
            el->mods = modifications (ps);
          el->annotation = comment (ps, &el->doc);
          _sw_mo_parse_expect (ps, ";");
        }
      else
        {
          gboolean parameter = FALSE;

          while (ps->tok.kind == T_IDENT && ps->error == NULL)
            {
              if (_sw_mo_parse_is (ps, "parameter") || _sw_mo_parse_is (ps, "constant"))
                parameter = TRUE;
              else if (_sw_mo_parse_is (ps, "inner") || _sw_mo_parse_is (ps, "outer"))
                _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column,
                                   _("“%s” is not supported: inner and outer components (MultiBody's world, a fluid "
                                     "system) belong to other libraries; a model of Rotational and Translational "
                                     "components, blocks and heat transfer needs none"), ps->tok.text);
              else if (_sw_mo_parse_is (ps, "replaceable") || _sw_mo_parse_is (ps, "redeclare"))
                _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column,
                                   _("“%s” is not supported: declare each component with its class itself"), ps->tok.text);
              else if (!(_sw_mo_parse_is (ps, "final") || _sw_mo_parse_is (ps, "discrete") || _sw_mo_parse_is (ps, "input") || _sw_mo_parse_is (ps, "output")
                                                                             || _sw_mo_parse_is (ps, "flow") || _sw_mo_parse_is (ps, "stream") || _sw_mo_parse_is (ps, "encapsulated") || _sw_mo_parse_is (ps, "partial")))
                break;
              _sw_mo_parse_next (ps);
            }
          if (ps->error != NULL)
            break;
          if (ps->tok.kind == T_IDENT && g_strv_contains (other_classes, ps->tok.text))
            _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("a %s defined here is not supported; only models (subsystems)"),
                               ps->tok.text);
          else if (_sw_mo_parse_is (ps, "model") || _sw_mo_parse_is (ps, "block") || _sw_mo_parse_is (ps, "class"))
            {
              if (parameter)
                _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("a model cannot be a parameter"));
              else
                nested_class (ps, klass);
            }
          else
            declaration (ps, klass, parameter);
        }
    }
  _sw_mo_apply_initial (ps, klass);
  if (ps->error == NULL)
    {
      g_autofree char *end_name = NULL;

      _sw_mo_parse_expect (ps, "end");
      end_name = ps->error == NULL ? _sw_mo_parse_name (ps) : NULL;
      if (ps->error == NULL && g_strcmp0 (end_name, klass->name) != 0)
        _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("“end %s;” closes “%s”"), end_name, klass->name);
      _sw_mo_parse_expect (ps, ";");
    }
}

/* [encapsulated | partial | final] model|block|class Name …, end Name;
 * (the first token current). */
static void
top_class (Parser *ps, MoClass *klass)
{
  while ((_sw_mo_parse_accept (ps, "encapsulated") || _sw_mo_parse_accept (ps, "partial") || _sw_mo_parse_accept (ps, "final")) && ps->error == NULL)
    ;
  klass->line = ps->tok.line;
  klass->column = ps->tok.column;
  if (!(_sw_mo_parse_accept (ps, "model") || _sw_mo_parse_accept (ps, "block") || _sw_mo_parse_accept (ps, "class")) && ps->error == NULL)
    _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("expected “model”, not “%s”: a file holds one Modelica model"),
                       _sw_mo_parse_describe (ps));
  if (ps->error == NULL)
    klass->name = _sw_mo_parse_name (ps);
  if (ps->error == NULL)
    class_body (ps, klass);
}

static MoClass *
finish (Parser *ps, MoClass *klass, GError **error)
{
  g_clear_pointer (&ps->tok.text, g_free);
  if (ps->error != NULL)
    {
      _sw_mo_class_free (klass);
      g_propagate_error (error, ps->error);
      return NULL;
    }
  return klass;
}

MoClass *
_sw_mo_parse (const char *data, gsize length, const char *display_name, GError **error)
{
  Parser ps = { data, data, data + length, display_name, 1, data };
  MoClass *klass = class_new ();

  _sw_mo_parse_next (&ps);
  if (_sw_mo_parse_accept (&ps, "within"))
    {
      if (!_sw_mo_parse_is (&ps, ";"))
        klass->within = _sw_mo_parse_name (&ps);
      _sw_mo_parse_expect (&ps, ";");
    }
  top_class (&ps, klass);
  if (ps.error == NULL && ps.tok.kind != T_END)
    _sw_mo_parse_fail (&ps, ps.tok.line, ps.tok.column, _("text after “end %s;”: a file holds one model"), klass->name);
  return finish (&ps, klass, error);
}

MoClass *
_sw_mo_parse_class_at (const char *data, gsize length, const char *display_name, const char *at, guint line,
                       const char *line_start, GError **error)
{
  Parser ps = { data, at, data + length, display_name, line, line_start };
  MoClass *klass = class_new ();

  _sw_mo_parse_next (&ps);
  top_class (&ps, klass);
  return finish (&ps, klass, error);
}

gboolean
_sw_mo_parse_import_at (const char *data, gsize length, const char *display_name, const char *at, guint line,
                        const char *line_start, MoClass *klass, GError **error)
{
  Parser ps = { data, at, data + length, display_name, line, line_start };

  _sw_mo_parse_next (&ps);
  if (_sw_mo_parse_expect (&ps, "import"))
    import_clause (&ps, klass);
  g_clear_pointer (&ps.tok.text, g_free);
  if (ps.error != NULL)
    {
      g_propagate_error (error, ps.error);
      return FALSE;
    }
  return TRUE;
}

/* ---- For the arrays of components (sw-modelica-import-arrays.c) --------- */

GPtrArray *
_sw_mo_mods_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) mod_free);
}

void
_sw_mo_element_free (MoElement *el)
{
  element_free (el);
}

void
_sw_mo_expr_free (MoExpr *e)
{
  expr_free (e);
}
