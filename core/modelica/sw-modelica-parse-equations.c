/* sw-modelica-parse-equations.c: the equations of a class: connect()
 * (a connector with subscripts, numbers kept in its text, expressions as
 * places "{k}" evaluated at import) and for loops of them; initial
 * equations COMPONENT.VARIABLE = VALUE, made start values with fixed =
 * true.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-private.h"
#include "sw-modelica-parse-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

/* A connector in connect(): a name, with a subscript kept in its text
 * (Move's "move.u[1]"). */
static char *
connector_ref (Parser *ps, GPtrArray *subs)
{
  char *n = _sw_mo_parse_name (ps);

  /* An element of an array of components (sine[2].y) or of a vector
   * input (move.u[1]). */
  while (n != NULL && _sw_mo_parse_is (ps, "[") && ps->error == NULL)
    {
      char *sub;

      _sw_mo_parse_next (ps);
      /* An expression (a[i + 1] in a for loop, a[n]): a place "{k}" for
       * its value, evaluated at import. */
      if (ps->tok.kind != T_NUMBER && !_sw_mo_parse_is (ps, "]") && !_sw_mo_parse_is (ps, ","))
        {
          sub = g_strdup_printf ("%s[{%u}", n, subs->len);
          g_ptr_array_add (subs, _sw_mo_parse_expression (ps));
        }
      /* The range first: converting a number beyond it is undefined. */
      else if (ps->tok.kind != T_NUMBER || !(ps->tok.number >= 1 && ps->tok.number <= 1e6)
               || ps->tok.number != (guint) ps->tok.number)
        {
          _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("expected an index 1, 2, … after “[”, not “%s”"), _sw_mo_parse_describe (ps));
          return n;
        }
      else
        {
          sub = g_strdup_printf ("%s[%u", n, (guint) ps->tok.number);
          _sw_mo_parse_next (ps);
        }
      g_free (n);
      n = sub;
      /* A second subscript: an element of a two-dimensional array
       * (j[1, 2].flange_a), kept as "j[1,2]". */
      if (_sw_mo_parse_accept (ps, ","))
        {
          if (ps->tok.kind != T_NUMBER && !_sw_mo_parse_is (ps, "]"))
            {
              sub = g_strdup_printf ("%s,{%u}", n, subs->len);
              g_ptr_array_add (subs, _sw_mo_parse_expression (ps));
            }
          else if (ps->tok.kind != T_NUMBER || !(ps->tok.number >= 1 && ps->tok.number <= 1e6)
                   || ps->tok.number != (guint) ps->tok.number)
            {
              _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("expected an index 1, 2, … after “,”, not “%s”"),
                                 _sw_mo_parse_describe (ps));
              return n;
            }
          else
            {
              sub = g_strdup_printf ("%s,%u", n, (guint) ps->tok.number);
              _sw_mo_parse_next (ps);
            }
          g_free (n);
          n = sub;
        }
      sub = g_strconcat (n, "]", NULL);
      g_free (n);
      n = sub;
      _sw_mo_parse_expect (ps, "]");
      if (ps->error == NULL && _sw_mo_parse_accept (ps, "."))
        {
          g_autofree char *rest = _sw_mo_parse_name (ps);

          sub = g_strdup_printf ("%s.%s", n, rest != NULL ? rest : "");
          g_free (n);
          n = sub;
        }
    }
  return n;
}

static void
loop_connect_free (MoLoopConnect *lc)
{
  g_free (lc->c.a);
  g_free (lc->c.b);
  g_ptr_array_unref (lc->subs);
  g_free (lc);
}

static void
loop_free (MoFor *f)
{
  g_free (f->var);
  _sw_mo_expr_free (f->from);
  _sw_mo_expr_free (f->to);
  g_free (f);
}

/* connect (a, b) [annotation (…)]; in loop (or NULL). */
static void
connect_equation (Parser *ps, MoClass *klass, MoFor *loop)
{
  MoConnect c = { NULL, NULL, ps->tok.line, ps->tok.column };
  g_autoptr (GPtrArray) subs = NULL;

  if (!_sw_mo_parse_accept (ps, "connect"))
    {
      _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column,
                         _("only connect() equations and for loops of them are supported here (and NAME = "
                           "EXPRESSION of a variable declared without a binding), not an equation starting with "
                           "“%s”"), _sw_mo_parse_describe (ps));
      return;
    }
  subs = g_ptr_array_new_with_free_func ((GDestroyNotify) _sw_mo_expr_free);
  _sw_mo_parse_expect (ps, "(");
  c.a = connector_ref (ps, subs);
  _sw_mo_parse_expect (ps, ",");
  c.b = connector_ref (ps, subs);
  _sw_mo_parse_expect (ps, ")");
  if (subs->len == 0 && loop == NULL)
    g_array_append_val (klass->connects, c);
  else
    {
      MoLoopConnect *lc = g_new0 (MoLoopConnect, 1);

      lc->c = c;
      lc->subs = g_steal_pointer (&subs);
      lc->loop = loop;
      if (klass->loop_connects == NULL)
        klass->loop_connects = g_ptr_array_new_with_free_func ((GDestroyNotify) loop_connect_free);
      g_ptr_array_add (klass->loop_connects, lc);
    }
  if (_sw_mo_parse_is (ps, "annotation"))
    {
      _sw_mo_parse_next (ps);
      g_ptr_array_unref (_sw_mo_parse_modifications (ps));
    }
  _sw_mo_parse_expect (ps, ";");
}

/* for i in from:to loop equations end for; (the range's ends evaluated at
 * import, with the model's parameters and the outer loops' indices). */
static void
for_equation (Parser *ps, MoClass *klass, MoFor *outer)
{
  MoFor *f = g_new0 (MoFor, 1);

  f->line = ps->tok.line;
  f->column = ps->tok.column;
  f->outer = outer;
  if (klass->loops == NULL)
    klass->loops = g_ptr_array_new_with_free_func ((GDestroyNotify) loop_free);
  g_ptr_array_add (klass->loops, f);
  _sw_mo_parse_next (ps);
  if (ps->tok.kind != T_IDENT)
    {
      _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("expected the loop's index after “for”, not “%s”"),
                         _sw_mo_parse_describe (ps));
      return;
    }
  f->var = g_strdup (ps->tok.text);
  _sw_mo_parse_next (ps);
  if (!_sw_mo_parse_expect (ps, "in"))
    return;
  f->from = _sw_mo_parse_expression (ps);
  if (ps->error == NULL && !_sw_mo_parse_is (ps, ":"))
    {
      _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column,
                         _("for %s: expected the range as from:to (for %s in 1:n loop), not “%s”"), f->var, f->var,
                         _sw_mo_parse_describe (ps));
      return;
    }
  _sw_mo_parse_next (ps);
  f->to = _sw_mo_parse_expression (ps);
  if (!_sw_mo_parse_expect (ps, "loop"))
    return;
  if (++ps->depth > MAX_DEPTH)
    {
      _sw_mo_parse_fail (ps, f->line, f->column, _("for loops nest deeper than %u levels"), MAX_DEPTH);
      return;
    }
  while (ps->error == NULL && !_sw_mo_parse_is (ps, "end"))
    {
      if (ps->tok.kind == T_END)
        {
          _sw_mo_parse_fail (ps, f->line, f->column, _("the for loop has no “end for;”"));
          break;
        }
      _sw_mo_parse_equation (ps, klass, f);
    }
  ps->depth--;
  if (_sw_mo_parse_expect (ps, "end") && _sw_mo_parse_expect (ps, "for"))
    _sw_mo_parse_expect (ps, ";");
}

/* name = expression; of a variable of a basic type declared without a
 * binding: that binding (an observed variable, see
 * sw-modelica-import-observed.c). */
static void
binding_equation (Parser *ps, MoClass *klass, MoElement *el, MoFor *loop)
{
  guint line = ps->tok.line, column = ps->tok.column;
  MoExpr *value;

  _sw_mo_parse_next (ps);
  if (!_sw_mo_parse_expect (ps, "="))
    return;
  value = _sw_mo_parse_expression (ps);
  if (value == NULL)
    return;
  if (loop != NULL || el->value != NULL)
    {
      _sw_mo_expr_free (value);
      _sw_mo_parse_fail (ps, line, column,
                         loop != NULL ? _("variable %s: an equation defining it inside a for loop is not supported")
                                      : _("variable %s is defined twice: where it is declared and by this equation"),
                         el->name);
      return;
    }
  el->value = value;
  _sw_mo_parse_expect (ps, ";");
}

void
_sw_mo_parse_equation (Parser *ps, MoClass *klass, MoFor *loop)
{
  MoElement *el = ps->tok.kind == T_IDENT && klass->names != NULL ? g_hash_table_lookup (klass->names, ps->tok.text)
                                                                   : NULL;

  if (_sw_mo_parse_is (ps, "for"))
    for_equation (ps, klass, loop);
  else if (el != NULL && !el->parameter && _sw_mo_is_basic_type (el->type))
    binding_equation (ps, klass, el, loop);
  else
    connect_equation (ps, klass, loop);
}


void
_sw_mo_parse_initial_equation (Parser *ps, MoClass *klass)
{
  guint line = ps->tok.line, column = ps->tok.column;
  g_autofree char *name = NULL;
  MoMod *m;

  /* der(x) = VALUE of a position or a speed: the start of its derivative,
   * a variable of the component too (der(inertia1.w) = 0 is a(start = 0,
   * fixed = true): a start at rest). */
  static const char *const derivatives[][2] = {
    { "phi", "w" }, { "w", "a" }, { "s", "v" }, { "v", "a" },
    { "phi_rel", "w_rel" }, { "w_rel", "a_rel" }, { "s_rel", "v_rel" }, { "v_rel", "a_rel" },
  };

  if (_sw_mo_parse_accept (ps, "der"))
    {
      g_autofree char *x = NULL;
      const char *dot;

      _sw_mo_parse_expect (ps, "(");
      x = ps->error == NULL ? _sw_mo_parse_name (ps) : NULL;
      _sw_mo_parse_expect (ps, ")");
      if (ps->error != NULL)
        return;
      dot = strrchr (x, '.');
      for (guint k = 0; dot != NULL && dot == strchr (x, '.') && name == NULL && k < G_N_ELEMENTS (derivatives); k++)
        if (strcmp (dot + 1, derivatives[k][0]) == 0)
          name = g_strdup_printf ("%.*s.%s", (int) (dot - x), x, derivatives[k][1]);
      if (name == NULL)
        {
          _sw_mo_parse_fail (ps, line, column,
                             _("der(%s) in an initial equation: valid: der(COMPONENT.VARIABLE) of phi, w, s, v and "
                               "the relative phi_rel, w_rel, s_rel, v_rel"), x);
          return;
        }
    }
  else if (ps->tok.kind == T_IDENT && !_sw_mo_parse_is (ps, "pre") && !_sw_mo_parse_is (ps, "for")
           && !_sw_mo_parse_is (ps, "if") && !_sw_mo_parse_is (ps, "when"))
    name = _sw_mo_parse_name (ps);
  if (ps->error != NULL)
    return;
  if (name == NULL || strchr (name, '.') == NULL || strchr (name, '.') != strrchr (name, '.') || !_sw_mo_parse_is (ps, "="))
    {
      _sw_mo_parse_fail (ps, line, column,
                         _("initial equations are read as COMPONENT.VARIABLE = VALUE (inertia1.w = 10: a start value "
                           "with fixed = true), not an equation starting with “%s”"), name != NULL ? name : _sw_mo_parse_describe (ps));
      return;
    }
  _sw_mo_parse_next (ps);
  m = g_new0 (MoMod, 1);
  m->name = g_steal_pointer (&name);
  m->line = line;
  m->column = column;
  if (klass->initial == NULL)
    klass->initial = _sw_mo_mods_new ();
  g_ptr_array_add (klass->initial, m);
  m->value = _sw_mo_parse_expression (ps);
  /* Its description and annotation, if any, say nothing to the import. */
  while (ps->tok.kind == T_STRING && ps->error == NULL)
    _sw_mo_parse_next (ps);
  if (_sw_mo_parse_is (ps, "annotation") && ps->error == NULL)
    {
      _sw_mo_parse_next (ps);
      g_ptr_array_unref (_sw_mo_parse_modifications (ps));
    }
  _sw_mo_parse_expect (ps, ";");
}

/* An attribute name = value among mods, made or its value replaced. */
static MoMod *
set_attribute (GPtrArray *mods, const char *name, MoExpr *value, guint line, guint column)
{
  MoMod *m = _sw_mo_find (mods, name);

  if (m == NULL)
    {
      m = g_new0 (MoMod, 1);
      m->name = g_strdup (name);
      m->line = line;
      m->column = column;
      g_ptr_array_add (mods, m);
    }
  _sw_mo_expr_free (m->value);
  m->value = value;
  return m;
}

/* The class's initial equations, component.variable = value, as
 * variable(start = value, fixed = true) of the component: what the
 * import reads as its initial value. */
void
_sw_mo_apply_initial (Parser *ps, MoClass *klass)
{
  for (guint k = 0; klass->initial != NULL && k < klass->initial->len && ps->error == NULL; k++)
    {
      MoMod *eq = g_ptr_array_index (klass->initial, k);
      const char *dot = strrchr (eq->name, '.');
      g_autofree char *id = g_strndup (eq->name, (gsize) (dot - eq->name));
      MoElement *el = klass->names != NULL ? g_hash_table_lookup (klass->names, id) : NULL;
      MoMod *var, *fixed;
      MoExpr *yes;

      if (el == NULL || el->parameter)
        {
          _sw_mo_parse_fail (ps, eq->line, eq->column, _("initial equation: “%s” is not a component of %s"), id,
                             klass->name);
          return;
        }
      if (el->mods == NULL)
        el->mods = _sw_mo_mods_new ();
      var = _sw_mo_find (el->mods, dot + 1);
      fixed = var != NULL ? _sw_mo_find (var->children, "fixed") : NULL;
      if (var != NULL && var->value != NULL)
        {
          _sw_mo_parse_fail (ps, eq->line, eq->column, _("initial equation: %s is bound at %u:%u; it has no start to give"),
                             eq->name, var->line, var->column);
          return;
        }
      if (fixed != NULL && fixed->value != NULL && fixed->value->kind == MO_BOOL && fixed->value->number != 0)
        {
          _sw_mo_parse_fail (ps, eq->line, eq->column,
                             _("initial equation: %s is fixed at %u:%u already; give its start there or here, not both"),
                             eq->name, fixed->line, fixed->column);
          return;
        }
      if (var == NULL)
        var = set_attribute (el->mods, dot + 1, NULL, eq->line, eq->column);
      if (var->children == NULL)
        var->children = _sw_mo_mods_new ();
      set_attribute (var->children, "start", g_steal_pointer (&eq->value), eq->line, eq->column);
      yes = g_new0 (MoExpr, 1);
      yes->kind = MO_BOOL;
      yes->number = 1;
      yes->depth = 1;
      yes->line = eq->line;
      yes->column = eq->column;
      set_attribute (var->children, "fixed", yes, eq->line, eq->column);
    }
}
