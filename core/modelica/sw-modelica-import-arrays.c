/* sw-modelica-import-arrays.c: arrays of components expanded.
 *
 * Two dimensions as one: `Inertia j[2, 3]` becomes j_1_1 … j_2_3 (row
 * after row), an array modifier its rows of columns ({{…}, {…}} or a
 * matrix [… ; …]), `j[1, 2].flange_a` is `j_1_2.flange_a`, and a whole
 * array connects to one of its shape element by element.
 *
 * `Modelica.Blocks.Sources.Sine sine[3](amplitude = {1, 2, 3}, each f =
 * 2)` becomes three components sine_1, sine_2, sine_3, each with its own
 * element of every array modifier (a modifier with `each`, or one that is
 * no array of that size, is given to all). connect() equations follow:
 * `sine[2].y` is `sine_2.y`, and a connect of the whole array
 * (`connect(sine.y, move.u)`) is one connect per element, with the
 * element's index on the other side (`move.u[2]`) or the other array's
 * element (`inertia_2.flange_a`). The tree is rewritten in place, before
 * the components are added, so the rest of the import sees plain
 * components; the export writes them as such.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-import-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

/* The most elements an array of components may have. */
#define MAX_ARRAY 1000

typedef struct {
  char  *name;
  guint  n;     /* elements: rows × cols */
  guint  rows;
  guint  cols;  /* 0: one dimension */
} Array;

static void
array_clear (Array *a)
{
  g_free (a->name);
}

/* Deep copies of the tree's parts, an element's modifications given to
 * each element of its array. */
MoExpr *
_sw_mo_expr_copy (const MoExpr *e)
{
  MoExpr *c;

  if (e == NULL)
    return NULL;
  c = g_new0 (MoExpr, 1);
  *c = *e;
  c->text = g_strdup (e->text);
  c->a = _sw_mo_expr_copy (e->a);
  c->b = _sw_mo_expr_copy (e->b);
  c->c = _sw_mo_expr_copy (e->c);
  if (e->items != NULL)
    {
      c->items = g_ptr_array_new_with_free_func ((GDestroyNotify) _sw_mo_expr_free);
      for (guint k = 0; k < e->items->len; k++)
        g_ptr_array_add (c->items, _sw_mo_expr_copy (g_ptr_array_index (e->items, k)));
    }
  if (e->named != NULL)
    {
      c->named = _sw_mo_mods_new ();
      for (guint k = 0; k < e->named->len; k++)
        g_ptr_array_add (c->named, _sw_mo_mod_copy (g_ptr_array_index (e->named, k)));
    }
  return c;
}

MoMod *
_sw_mo_mod_copy (const MoMod *m)
{
  MoMod *c = g_new0 (MoMod, 1);

  *c = *m;
  c->name = g_strdup (m->name);
  c->value = _sw_mo_expr_copy (m->value);
  if (m->children != NULL)
    {
      c->children = _sw_mo_mods_new ();
      for (guint k = 0; k < m->children->len; k++)
        g_ptr_array_add (c->children, _sw_mo_mod_copy (g_ptr_array_index (m->children, k)));
    }
  return c;
}

/* An element's place: row i (0-based) of rows, and column j of cols in
 * an array of two dimensions (cols 0: one). */
typedef struct {
  guint i, rows, j, cols;
} Place;

/* The value of the array modifier e for the element at p, or NULL (and
 * im->error); e itself (a copy) when it is the same for all. */
static MoExpr *
element_value (Import *im, const MoExpr *e, const Place *p, const char *array, const char *mod)
{
  if ((e->kind == MO_ARRAY || e->kind == MO_MATRIX) && p->cols > 0)
    {
      /* {{…}, {…}} or [… ; …]: rows of the array's columns. */
      const MoExpr *row = e->items->len == p->rows ? g_ptr_array_index (e->items, p->i) : NULL;

      if (row == NULL || row->kind != MO_ARRAY || row->items->len != p->cols)
        {
          _sw_mo_fail (im, e->line, e->column,
                       _("%s.%s is not a %u × %u array of values for the elements of %s; give one for each, or write "
                         "“each %s”"), array, mod, p->rows, p->cols, array, mod);
          return NULL;
        }
      return _sw_mo_expr_copy (g_ptr_array_index (row->items, p->j));
    }
  if (e->kind == MO_ARRAY)
    {
      if (e->items->len != p->rows)
        {
          _sw_mo_fail (im, e->line, e->column,
                       _("%s.%s has %u values for the %u elements of %s; give one for each, or write “each %s”"),
                       array, mod, e->items->len, p->rows, array, mod);
          return NULL;
        }
      return _sw_mo_expr_copy (g_ptr_array_index (e->items, p->i));
    }
  /* fill (x, n): x for each. */
  if (e->kind == MO_CALL && strcmp (_sw_mo_last_part (e->text), "fill") == 0
      && e->items->len == (p->cols > 0 ? 3u : 2u))
    return _sw_mo_expr_copy (g_ptr_array_index (e->items, 0));
  return _sw_mo_expr_copy (e);
}

/* The modifications of element i of an array of n: copies, each array
 * value replaced by its element. NULL (and im->error) on an error. */
static GPtrArray *
element_mods (Import *im, GPtrArray *mods, const Place *p, const char *array)
{
  GPtrArray *out;

  if (mods == NULL)
    return NULL;
  out = _sw_mo_mods_new ();
  for (guint k = 0; k < mods->len && im->error == NULL; k++)
    {
      const MoMod *m = g_ptr_array_index (mods, k);
      MoMod *c = _sw_mo_mod_copy (m);

      g_ptr_array_add (out, c);
      if (m->value != NULL && !m->each)
        {
          g_clear_pointer (&c->value, _sw_mo_expr_free);
          c->value = element_value (im, m->value, p, array, m->name);
        }
      /* phi(start = {0, 1, 2}, each fixed = true) */
      if (m->children != NULL && !m->each)
        {
          g_ptr_array_unref (c->children);
          c->children = element_mods (im, m->children, p, array);
        }
    }
  return out;
}

/* The name an element of the array gets, free among the class's names. */
static char *
element_name (Import *im, const MoElement *el, const Place *p, guint i)
{
  char *name = p->cols > 0 ? g_strdup_printf ("%s_%u_%u", el->name, p->i + 1, p->j + 1)
                           : g_strdup_printf ("%s_%u", el->name, p->i + 1);

  for (guint k = 0; k < im->klass->elements->len; k++)
    {
      const MoElement *other = g_ptr_array_index (im->klass->elements, k);

      if (g_strcmp0 (other->name, name) == 0)
        {
          _sw_mo_fail (im, el->line, el->column,
                       _("the array %s cannot be expanded: its element %u would be %s, the name of another element"),
                       el->name, i + 1, name);
          g_free (name);
          return NULL;
        }
    }
  return name;
}

/* A size of the array el: a whole number 1 … MAX_ARRAY into *n. */
static gboolean
dimension (Import *im, const MoElement *el, const MoExpr *e, guint *n)
{
  double size = 0;

  if (!_sw_mo_eval_number (im, e, &size))
    return FALSE;
  if (!(size >= 1 && size <= MAX_ARRAY && size == floor (size)))
    {
      _sw_mo_fail (im, e->line, e->column,
                   _("the size of the array %s is %g; valid: a whole number from 1 to %d"), el->name, size, MAX_ARRAY);
      return FALSE;
    }
  *n = (guint) size;
  return TRUE;
}

/* The array element at index k of the class's elements replaced by its
 * elements (row after row), their number and shape into a. */
static gboolean
expand (Import *im, guint k, Array *a)
{
  MoElement *el = g_ptr_array_index (im->klass->elements, k);

  if (!dimension (im, el, el->size, &a->rows) || (el->size2 != NULL && !dimension (im, el, el->size2, &a->cols)))
    return FALSE;
  a->n = a->rows * MAX (a->cols, 1);
  if (a->n > MAX_ARRAY)
    {
      _sw_mo_fail (im, el->size->line, el->size->column,
                   _("the array %s has %u × %u elements; valid: at most %d"), el->name, a->rows, a->cols, MAX_ARRAY);
      return FALSE;
    }
  for (guint i = 0; i < a->n; i++)
    {
      MoElement *c = g_new0 (MoElement, 1);
      Place p = { a->cols > 0 ? i / a->cols : i, a->rows, a->cols > 0 ? i % a->cols : 0, a->cols };

      c->name = element_name (im, el, &p, i);
      c->type = g_strdup (el->type);
      c->line = el->line;
      c->column = el->column;
      c->doc = g_strdup (el->doc);
      c->mods = element_mods (im, el->mods, &p, el->name);
      /* The first keeps the array's place in the diagram. */
      if (i == 0 && el->annotation != NULL)
        {
          c->annotation = _sw_mo_mods_new ();
          for (guint a = 0; a < el->annotation->len; a++)
            g_ptr_array_add (c->annotation, _sw_mo_mod_copy (g_ptr_array_index (el->annotation, a)));
        }
      g_ptr_array_insert (im->klass->elements, (int) (k + 1 + i), c);
      if (c->name == NULL || im->error != NULL)
        return FALSE;
      g_hash_table_insert (im->elements, c->name, c);
    }
  g_hash_table_remove (im->elements, el->name);
  g_ptr_array_remove_index (im->klass->elements, k);
  return TRUE;
}

/* The array an end of a connect() names ("sine.y", "sine[2].y",
 * "j[1,2].flange_a"), or NULL; *index: its element (1-based, row after
 * row), 0 for the whole array; *subs: the subscripts written (0, 1, 2),
 * *i, *j: their values. */
static const Array *
array_of_end (GArray *arrays, const char *end, guint *index, guint *subs, guint *i, guint *j)
{
  gsize head = strcspn (end, ".[");

  *index = *subs = *i = *j = 0;
  for (guint k = 0; k < arrays->len; k++)
    {
      const Array *a = &g_array_index (arrays, Array, k);

      if (strlen (a->name) == head && strncmp (a->name, end, head) == 0)
        {
          if (end[head] == '[')
            {
              char *next = NULL;

              *i = (guint) strtoul (end + head + 1, &next, 10);
              *subs = 1;
              if (next != NULL && *next == ',')
                {
                  *j = (guint) strtoul (next + 1, NULL, 10);
                  *subs = 2;
                }
              *index = a->cols > 0 ? (*i - 1) * a->cols + *j : *i;
            }
          return a;
        }
    }
  return NULL;
}

/* An end's subscripts checked against its array: as many as it has
 * dimensions (or none), each in range. FALSE with an error. */
static gboolean
check_end (Import *im, const MoConnect *c, GArray *arrays, const char *end)
{
  guint index, subs, i, j;
  const Array *a = array_of_end (arrays, end, &index, &subs, &i, &j);
  guint dims = a != NULL && a->cols > 0 ? 2 : 1;

  if (a == NULL || subs == 0)
    return TRUE;
  if (subs != dims)
    {
      _sw_mo_fail (im, c->line, c->column,
                   _("connect (%s, %s): %s has %u dimension(s), %s gives %u subscript(s); valid: one for each "
                     "dimension (%s[i%s]) or none for the whole array"), c->a, c->b, a->name, dims, end, subs, a->name,
                   dims == 2 ? ", j" : "");
      return FALSE;
    }
  if (dims == 1 && i > a->n)
    {
      _sw_mo_fail (im, c->line, c->column, _("connect (%s, %s): the index is past the end of the array %s (%u)"),
                   c->a, c->b, a->name, a->n);
      return FALSE;
    }
  if (dims == 2 && (i > a->rows || j > a->cols))
    {
      _sw_mo_fail (im, c->line, c->column, _("connect (%s, %s): [%u, %u] is past the end of the array %s (%u × %u)"),
                   c->a, c->b, i, j, a->name, a->rows, a->cols);
      return FALSE;
    }
  return TRUE;
}

/* end with its array's element i (1-based) named: "sine.y" or "sine[i].y"
 * -> "sine_i.y"; an end of no array gets the subscript: "move.u" ->
 * "move.u[i]" (NULL: it is given whole to every element). */
static char *
element_end (GArray *arrays, const char *end, guint i, gboolean whole)
{
  guint index, subs, r, c;
  const Array *a = array_of_end (arrays, end, &index, &subs, &r, &c);
  const char *rest;
  guint f;

  if (a == NULL)
    return whole ? g_strdup_printf ("%s[%u]", end, i) : g_strdup (end);
  rest = end + strlen (a->name);
  if (*rest == '[')
    rest = strchr (rest, ']') + 1;
  f = index > 0 ? index : i;
  if (a->cols > 0)
    return g_strdup_printf ("%s_%u_%u%s", a->name, (f - 1) / a->cols + 1, (f - 1) % a->cols + 1, rest);
  return g_strdup_printf ("%s_%u%s", a->name, f, rest);
}

/* The connect()s rewritten for the arrays. */
static void
rewrite_connects (Import *im, GArray *arrays)
{
  GArray *old = im->klass->connects;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (MoConnect));

  for (guint k = 0; k < old->len; k++)
    {
      MoConnect *c = &g_array_index (old, MoConnect, k);
      guint ia, ib, subs, i_, j_;
      const Array *a = array_of_end (arrays, c->a, &ia, &subs, &i_, &j_), *b = array_of_end (arrays, c->b, &ib, &subs, &i_, &j_);
      /* A whole array on one side: one connect per element. */
      guint n = a != NULL && ia == 0 ? a->n : b != NULL && ib == 0 ? b->n : 1;
      gboolean whole = n > 1 || (a != NULL && ia == 0) || (b != NULL && ib == 0);

      if (im->error == NULL && a != NULL && b != NULL && ia == 0 && ib == 0
          && (a->n != b->n || a->cols != b->cols))
        _sw_mo_fail (im, c->line, c->column, _("connect (%s, %s): the arrays %s and %s differ in size (%u, %u)"), c->a,
                     c->b, a->name, b->name, a->n, b->n);
      if (im->error == NULL)
        (void) (check_end (im, c, arrays, c->a) && check_end (im, c, arrays, c->b));
      /* A whole array of two dimensions joins only an array of its shape
       * (there is no vector input of that shape). */
      if (im->error == NULL && ((a != NULL && ia == 0 && a->cols > 0 && (b == NULL || ib != 0))
                                || (b != NULL && ib == 0 && b->cols > 0 && (a == NULL || ia != 0))))
        _sw_mo_fail (im, c->line, c->column,
                     _("connect (%s, %s): a whole array of two dimensions connects only to an array of its shape; "
                       "valid: its elements one by one (%s[i, j])"), c->a, c->b,
                     a != NULL && ia == 0 && a->cols > 0 ? a->name : b->name);
      if (im->error != NULL || (a == NULL && b == NULL))
        {
          g_array_append_val (out, *c);
          continue;
        }
      for (guint i = 1; i <= n; i++)
        {
          MoConnect e = { element_end (arrays, c->a, i, whole && (a == NULL || ia == 0)),
                          element_end (arrays, c->b, i, whole && (b == NULL || ib == 0)), c->line, c->column };

          g_array_append_val (out, e);
        }
      g_free (c->a);
      g_free (c->b);
    }
  im->klass->connects = out;
  g_array_unref (old);
}

void
_sw_mo_expand_arrays (Import *im)
{
  g_autoptr (GArray) arrays = g_array_new (FALSE, FALSE, sizeof (Array));

  g_array_set_clear_func (arrays, (GDestroyNotify) array_clear);
  for (guint k = 0; k < im->klass->elements->len && im->error == NULL; k++)
    {
      MoElement *el = g_ptr_array_index (im->klass->elements, k);
      Array a = { NULL, 0, 0, 0 };

      if (el->size == NULL || el->parameter || strcmp (el->type, "extends") == 0)
        continue;
      a.name = g_strdup (el->name);
      if (!expand (im, k, &a))
        {
          g_free (a.name);
          return;
        }
      g_array_append_val (arrays, a);
      k += a.n - 1;
    }
  if (arrays->len > 0)
    rewrite_connects (im, arrays);
}
