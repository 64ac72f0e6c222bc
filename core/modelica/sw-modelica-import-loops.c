/* sw-modelica-import-loops.c: for loops of connect() equations unrolled.
 *
 * `for i in 1:n - 1 loop connect(j[i].flange_b, j[i + 1].flange_a); end
 * for;` is one connect() per index, its subscripts evaluated with the
 * model's parameters and the loops' indices (the inner loop's range may use
 * the outer's index); a connect() outside a loop may have subscripts of
 * the parameters (j[n].flange_b). The parser keeps such a connect() with
 * "{k}" where subscript k goes (MoLoopConnect); here each becomes plain
 * connect()s with numbers (j[3].flange_b), appended to the class's, before
 * arrays of components are expanded (j[3] is then j_3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-import-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

/* The most connect()s the loops of a class may make: a hostile range
 * (1:1e9) is an error, not a run out of memory. */
#define MAX_UNROLLED 100000

typedef struct {
  Import              *im;
  const MoLoopConnect *lc;
  GPtrArray           *chain;   /* MoFor: outermost first */
  guint                made;    /* connect()s made, of the class */
} Unroll;

/* e's value as an integer (a loop's end, a subscript), or an error at e
 * naming what it is for. */
static gboolean
integer (Import *im, const MoExpr *e, const char *what, double *x)
{
  if (!_sw_mo_eval_number (im, e, x))
    return FALSE;
  if (!(fabs (*x) <= 1e9) || *x != floor (*x))
    {
      _sw_mo_fail (im, e->line, e->column, _("%s = %g is not an integer"), what, *x);
      return FALSE;
    }
  return TRUE;
}

/* template with "{k}" replaced by index[k]. */
static char *
fill (const char *template, const double *index)
{
  GString *out = g_string_new (NULL);

  for (const char *p = template; *p != '\0'; p++)
    if (*p == '{')
      {
        char *end;
        guint64 k = g_ascii_strtoull (p + 1, &end, 10);

        g_string_append_printf (out, "%.0f", index[k]);
        p = end;
      }
    else
      g_string_append_c (out, *p);
  return g_string_free (out, FALSE);
}

/* The connect() at the indices bound now. */
static gboolean
make (Unroll *u)
{
  const MoLoopConnect *lc = u->lc;
  g_autofree double *index = g_new0 (double, MAX (lc->subs->len, 1));
  MoConnect c = { NULL, NULL, lc->c.line, lc->c.column };

  for (guint k = 0; k < lc->subs->len; k++)
    {
      const MoExpr *e = g_ptr_array_index (lc->subs, k);

      if (!integer (u->im, e, _("the subscript"), &index[k]))
        return FALSE;
      if (index[k] < 1)
        {
          _sw_mo_fail (u->im, e->line, e->column, _("the subscript is %g; valid: an index 1, 2, …"), index[k]);
          return FALSE;
        }
    }
  if (++u->made > MAX_UNROLLED)
    {
      _sw_mo_fail (u->im, lc->c.line, lc->c.column, _("the for loops make more than %u connect() equations"),
                   MAX_UNROLLED);
      return FALSE;
    }
  c.a = fill (lc->c.a, index);
  c.b = fill (lc->c.b, index);
  g_array_append_val (u->im->klass->connects, c);
  return TRUE;
}

/* The loops from level in, each index bound as a parameter of its name
 * while its body is made. */
static gboolean
unroll (Unroll *u, guint level)
{
  const MoFor *f;
  double from, to;

  if (level == u->chain->len)
    return make (u);
  f = g_ptr_array_index (u->chain, level);
  if (!integer (u->im, f->from, f->var, &from) || !integer (u->im, f->to, f->var, &to))
    return FALSE;
  /* An index may not hide a parameter or an outer index: i in a[i] would
   * be ambiguous. */
  if (g_hash_table_contains (u->im->params, f->var))
    {
      _sw_mo_fail (u->im, f->line, f->column, _("for %s: a parameter of the model or an outer loop's index has that "
                                                "name; valid: another name"), f->var);
      return FALSE;
    }
  for (double i = from; i <= to; i++)
    {
      Value *v = g_new0 (Value, 1);
      gboolean ok;

      v->kind = V_NUMBER;
      v->number = i;
      g_hash_table_insert (u->im->params, f->var, v);
      ok = unroll (u, level + 1);
      g_hash_table_remove (u->im->params, f->var);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

void
_sw_mo_unroll_loops (Import *im)
{
  MoClass *klass = im->klass;
  Unroll u = { im, NULL, NULL, 0 };

  for (guint k = 0; klass->loop_connects != NULL && k < klass->loop_connects->len && im->error == NULL; k++)
    {
      g_autoptr (GPtrArray) chain = g_ptr_array_new ();

      u.lc = g_ptr_array_index (klass->loop_connects, k);
      for (const MoFor *f = u.lc->loop; f != NULL; f = f->outer)
        g_ptr_array_insert (chain, 0, (gpointer) f);
      u.chain = chain;
      unroll (&u, 0);
    }
  /* Made once: a class imported again (a subsystem's) has them already. */
  g_clear_pointer (&klass->loop_connects, g_ptr_array_unref);
}
