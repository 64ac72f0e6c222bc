/* sw-elimination.c: constraint rows eliminated one by one.
 *
 * Every node coordinate is kept as an affine expression in independent
 * coordinates q (one per node at first) and prescribed motions p. A row
 * picks a pivot q with a large coefficient in the smallest group and
 * substitutes it in the nodes that use it (merging gear trees costs
 * O(N log N)). A row whose coordinates cancel is redundant or a
 * contradiction; one that closes a loop and leaves the loop nothing to move
 * has ratios that disagree.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-assembly-private.h"
#include "sw-zeros-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>

/* ---- Elimination -------------------------------------------------------- */

/* Plain growable arrays, not GArrays: a GArray's header comes from
 * GLib's slice allocator, which kept the 400 000 headers of a 100 000-body
 * chain (21 MB) after they were freed. Their first entries are in place
 * (most nodes keep one term, most coordinates are in one or two nodes):
 * 400 000 malloc chunks of 32 bytes freed at the end stayed resident. */
typedef struct {
  SwTerm *terms;   /* over variables: coordinates < n_nodes, drivers after */
  guint   n_terms, cap_terms;
  double  c0;
  SwTerm  first[1];
} Expr;

typedef struct {
  guint *nodes;    /* nodes whose expression has the coordinate */
  guint  n, cap;
  guint  first[2];
} Occ;

typedef struct {
  guint    n_vars;
  Expr    *expr;        /* per node */
  Occ     *occ;         /* per coordinate (emptied once it is a pivot) */
  gboolean *dead;
  guint   *group;       /* union-find over coordinates coupled by rows */
  guint   *live;        /* per group root: coordinates not yet eliminated */
  double  *acc;         /* scratch accumulator per variable */
  gboolean *in_acc;
  GArray  *touched;
} Elim;

static void
expr_append (Expr *e, SwTerm t)
{
  if (e->n_terms == e->cap_terms)
    {
      e->cap_terms = MAX (2 * e->cap_terms, 2);
      /* Out of place: the entries it has, not its new room (read past
       * first[], valgrind's invalid read). */
      if (e->terms == e->first)
        e->terms = memcpy (g_new (SwTerm, e->cap_terms), e->first, e->n_terms * sizeof (SwTerm));
      else
        e->terms = g_renew (SwTerm, e->terms, e->cap_terms);
    }
  e->terms[e->n_terms++] = t;
}

static void
occ_append (Occ *o, guint node)
{
  if (o->n == o->cap)
    {
      o->cap = MAX (2 * o->cap, 2);
      if (o->nodes == o->first)
        o->nodes = memcpy (g_new (guint, o->cap), o->first, o->n * sizeof (guint));
      else
        o->nodes = g_renew (guint, o->nodes, o->cap);
    }
  o->nodes[o->n++] = node;
}

static double
expr_coeff (const Expr *e, guint var)
{
  for (guint k = 0; k < e->n_terms; k++)
    if (e->terms[k].index == var)
      return e->terms[k].coeff;
  return 0;
}

static void
acc_add (Elim *el, guint var, double c, double *scale)
{
  if (!el->in_acc[var])
    {
      el->in_acc[var] = TRUE;
      el->acc[var] = 0;
      g_array_append_val (el->touched, var);
    }
  el->acc[var] += c;
  *scale = MAX (*scale, fabs (c));
}

/* Parts that impose rows on the nodes sharing coordinates with node. */
static char *
describe_group (SwAssembly *ctx, Elim *el, GArray *rows, const RawRow *failing)
{
  SwSystem *sys = ctx->system;
  g_autofree gboolean *node_in = g_new0 (gboolean, sys->n_nodes);
  g_autofree gboolean *part_in = g_new0 (gboolean, sys->n_parts);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < failing->n; i++)
    {
      const Expr *e = &el->expr[failing->nodes[i]];

      node_in[failing->nodes[i]] = TRUE;
      for (guint k = 0; k < e->n_terms; k++)
        {
          guint q = e->terms[k].index;

          if (q < sys->n_nodes)
            for (guint m = 0; m < el->occ[q].n; m++)
              node_in[el->occ[q].nodes[m]] = TRUE;
          /* A prescribed motion already in the group names its source. */
          if (q >= sys->n_nodes && !part_in[ctx->drivers[q - sys->n_nodes].part])
            {
              guint part = ctx->drivers[q - sys->n_nodes].part;

              part_in[part] = TRUE;
              g_string_append_printf (s, "%s%s", s->len ? ", " : "", sys->parts[part].id);
            }
        }
    }
  for (guint r = 0; r < rows->len; r++)
    {
      const RawRow *row = &g_array_index (rows, RawRow, r);

      /* Rigid bodies (x_b - x_a = L) cannot disagree about a ratio. */
      if (row->n == 2 && fabs (row->coeffs[0]) == 1 && row->coeffs[1] == -row->coeffs[0] && row->driver < 0
          && row != failing)
        continue;
      for (guint i = 0; i < row->n; i++)
        if (node_in[row->nodes[i]] && !part_in[row->part])
          {
            part_in[row->part] = TRUE;
            g_string_append_printf (s, "%s%s", s->len ? ", " : "", sys->parts[row->part].id);
          }
    }
  return g_string_free (s, FALSE);
}

/* Returns FALSE with error set on a contradiction. */
static gboolean
eliminate_row (SwAssembly *ctx, Elim *el, GArray *rows, guint r, gboolean *redundant, GError **error)
{
  SwSystem *sys = ctx->system;
  const RawRow *row = &g_array_index (rows, RawRow, r);
  double scale = 0, c0 = -row->offset, c0_scale = fabs (row->offset);
  double q_max = 0;
  int pivot = -1;
  guint pivot_occ = G_MAXUINT;
  g_autoptr (GArray) e_terms = g_array_new (FALSE, FALSE, sizeof (SwTerm));
  int loop_root = -1;
  guint n_moving = 0;

  /* A row between nodes that already move together closes a kinematic loop. */
  for (guint i = 0; i < row->n; i++)
    {
      const Expr *x = &el->expr[row->nodes[i]];

      for (guint k = 0; k < x->n_terms; k++)
        {
          guint q = x->terms[k].index;
          int root;

          if (q >= sys->n_nodes)
            continue;
          root = _sw_uf_find (el->group, q);
          if (n_moving++ == 0)
            loop_root = root;
          else if (root != loop_root)
            loop_root = -2;
          break;
        }
    }
  if (n_moving < 2 || row->driver >= 0)
    loop_root = -1;

  g_array_set_size (el->touched, 0);
  for (guint i = 0; i < row->n; i++)
    {
      const Expr *x = &el->expr[row->nodes[i]];

      for (guint k = 0; k < x->n_terms; k++)
        {
          SwTerm t = x->terms[k];
          acc_add (el, t.index, row->coeffs[i] * t.coeff, &scale);
        }
      c0 += row->coeffs[i] * x->c0;
      c0_scale = MAX (c0_scale, fabs (row->coeffs[i] * x->c0));
    }
  if (row->driver >= 0)
    acc_add (el, sys->n_nodes + row->driver, -1, &scale);

  /* Cancellation leaves round-off behind: treat it as zero. */
  for (guint k = 0; k < el->touched->len; k++)
    {
      guint v = g_array_index (el->touched, guint, k);
      SwTerm t = { v, el->acc[v] };

      el->in_acc[v] = FALSE;
      if (fabs (t.coeff) <= 1e-10 * scale)
        continue;
      g_array_append_val (e_terms, t);
      if (v < sys->n_nodes)
        q_max = MAX (q_max, fabs (t.coeff));
    }

  if (q_max == 0)
    {
      g_autofree char *parts = NULL;
      gboolean has_driver = e_terms->len > 0;

      if (!has_driver && fabs (c0) <= 1e-9 * MAX (1.0, c0_scale))
        {
          *redundant = TRUE;
          return TRUE;
        }
      parts = describe_group (ctx, el, rows, row);
      if (has_driver)
        {
          g_autofree char *msg = g_strdup_printf (
              _("component “%s” prescribes the motion of a coordinate that is already fixed or "
                "prescribed by the rigidly connected group of: %s"),
              sys->parts[row->part].id, parts);
          _sw_assembly_set_error (ctx, error, SW_ERROR_CONTRADICTION, row->part, msg);
        }
      else
        {
          g_autofree char *msg = g_strdup_printf (
              _("kinematic loop contradicts itself at component “%s”: the ratios or offsets of %s "
                "do not agree (mismatch %g); remove one of them or make them consistent"),
              sys->parts[row->part].id, parts, c0);
          _sw_assembly_set_error (ctx, error, SW_ERROR_CONTRADICTION, row->part, msg);
        }
      return FALSE;
    }

  /* Pivot: a large coefficient, in the smallest group. */
  for (guint k = 0; k < e_terms->len; k++)
    {
      SwTerm t = g_array_index (e_terms, SwTerm, k);

      if (t.index >= sys->n_nodes || fabs (t.coeff) < 0.1 * q_max)
        continue;
      if (el->occ[t.index].n < pivot_occ)
        {
          pivot = t.index;
          pivot_occ = el->occ[t.index].n;
        }
    }
  g_assert (pivot >= 0);

  /* The row couples its coordinates into one group, less the pivot. */
  {
    guint root = _sw_uf_find (el->group, pivot);

    for (guint k = 0; k < e_terms->len; k++)
      {
        guint q = g_array_index (e_terms, SwTerm, k).index, r2;

        if (q >= sys->n_nodes || (r2 = _sw_uf_find (el->group, q)) == root)
          continue;
        el->group[MAX (root, r2)] = MIN (root, r2);
        el->live[MIN (root, r2)] += el->live[MAX (root, r2)];
        root = MIN (root, r2);
      }
    el->live[root]--;
    /* Ratios around a loop that disagree leave the loop nothing to move. */
    if (loop_root >= 0 && el->live[root] == 0)
      {
        g_autofree char *parts = describe_group (ctx, el, rows, row);
        g_autofree char *msg = g_strdup_printf (
            _("kinematic loop contradicts itself at component “%s”: the ratios of %s around the loop "
              "do not agree, which would lock every shaft in it; remove one path or make the ratios "
              "consistent"),
            sys->parts[row->part].id, parts);

        _sw_assembly_set_error (ctx, error, SW_ERROR_CONTRADICTION, row->part, msg);
        return FALSE;
      }
  }

  {
    double cp = 0;
    /* Taken out (its first entries copied), the coordinate's list emptied. */
    Occ taken = el->occ[pivot];
    gboolean own = taken.nodes != el->occ[pivot].first;
    const guint *occ = own ? taken.nodes : taken.first;
    guint n_occ = taken.n;

    for (guint k = 0; k < e_terms->len; k++)
      if (g_array_index (e_terms, SwTerm, k).index == (guint) pivot)
        cp = g_array_index (e_terms, SwTerm, k).coeff;

    el->occ[pivot] = (Occ) { 0 };
    el->dead[pivot] = TRUE;

    /* x := x - (a / cp) E for every node x that uses the pivot. */
    for (guint m = 0; m < n_occ; m++)
      {
        guint node = occ[m];
        Expr *x = &el->expr[node];
        double a = expr_coeff (x, pivot), f, x_scale = 0;

        if (a == 0)
          continue;
        f = a / cp;
        for (guint k = 0; k < e_terms->len; k++)
          {
            SwTerm t = g_array_index (e_terms, SwTerm, k);
            gboolean found = FALSE;

            if (t.index == (guint) pivot)
              continue;
            for (guint j = 0; j < x->n_terms; j++)
              {
                SwTerm *u = &x->terms[j];
                if (u->index == t.index)
                  {
                    u->coeff -= f * t.coeff;
                    found = TRUE;
                    break;
                  }
              }
            if (!found)
              {
                SwTerm n = { t.index, -f * t.coeff };
                expr_append (x, n);
                if (t.index < sys->n_nodes)
                  occ_append (&el->occ[t.index], node);
              }
          }
        x->c0 -= f * c0;
        for (guint j = 0; j < x->n_terms; j++)
          x_scale = MAX (x_scale, fabs (x->terms[j].coeff));
        for (guint j = 0; j < x->n_terms;)
          {
            SwTerm *u = &x->terms[j];
            if (u->index == (guint) pivot || fabs (u->coeff) <= 1e-13 * x_scale)
              {
                memmove (u, u + 1, (x->n_terms - j - 1) * sizeof (SwTerm));
                x->n_terms--;
              }
            else
              j++;
          }
      }
    if (own)
      g_free (taken.nodes);
  }
  *redundant = FALSE;
  return TRUE;
}

/* Flattens the eliminated expressions into T, P and c. */
static void
flatten (SwSystem *sys, Elim *el)
{
  g_autofree int *new_index = g_new (int, sys->n_nodes);
  guint nnz_t = 0, nnz_p = 0, n_coords = 0;

  for (guint q = 0; q < sys->n_nodes; q++)
    new_index[q] = el->dead[q] ? -1 : (int) n_coords++;
  sys->n_coords = n_coords;

  for (guint i = 0; i < sys->n_nodes; i++)
    for (guint k = 0; k < el->expr[i].n_terms; k++)
      {
        if (el->expr[i].terms[k].index < sys->n_nodes)
          nnz_t++;
        else
          nnz_p++;
      }
  sys->t_start = g_new (guint, sys->n_nodes + 1);
  sys->p_start = g_new (guint, sys->n_nodes + 1);
  sys->t_terms = g_new (SwTerm, MAX (nnz_t, 1));
  sys->p_terms = g_new (SwTerm, MAX (nnz_p, 1));
  /* Written where not 0 (its sign kept): a model without offsets (a
   * chain) has no pages of them (sw-zeros-private.h). */
  sys->x_const = _sw_zeros (double, MAX (sys->n_nodes, 1));
  nnz_t = nnz_p = 0;
  for (guint i = 0; i < sys->n_nodes; i++)
    {
      sys->t_start[i] = nnz_t;
      sys->p_start[i] = nnz_p;
      if (el->expr[i].c0 != 0 || signbit (el->expr[i].c0))
        sys->x_const[i] = el->expr[i].c0;
      for (guint k = 0; k < el->expr[i].n_terms; k++)
        {
          SwTerm t = el->expr[i].terms[k];

          if (t.index < sys->n_nodes)
            {
              g_assert (new_index[t.index] >= 0);
              t.index = new_index[t.index];
              sys->t_terms[nnz_t++] = t;
            }
          else
            {
              t.index -= sys->n_nodes;
              sys->p_terms[nnz_p++] = t;
            }
        }
    }
  sys->t_start[sys->n_nodes] = nnz_t;
  sys->p_start[sys->n_nodes] = nnz_p;

  /* Columns. */
  sys->c_start = g_new0 (guint, n_coords + 1);
  sys->c_terms = g_new (SwTerm, MAX (nnz_t, 1));
  for (guint k = 0; k < nnz_t; k++)
    sys->c_start[sys->t_terms[k].index + 1]++;
  for (guint j = 0; j < n_coords; j++)
    sys->c_start[j + 1] += sys->c_start[j];
  {
    g_autofree guint *fill = g_memdup2 (sys->c_start, (n_coords + 1) * sizeof (guint));

    for (guint i = 0; i < sys->n_nodes; i++)
      for (guint k = sys->t_start[i]; k < sys->t_start[i + 1]; k++)
        {
          SwTerm c = { i, sys->t_terms[k].coeff };
          sys->c_terms[fill[sys->t_terms[k].index]++] = c;
        }
  }
}

/* Locks, the strongest first; equal ones in the parts' order (stable). */
static int
compare_lock_order (gconstpointer a, gconstpointer b, gpointer rows)
{
  float la = g_array_index ((GArray *) rows, RawRow, *(const guint *) a).lock_order;
  float lb = g_array_index ((GArray *) rows, RawRow, *(const guint *) b).lock_order;

  return (la < lb) - (la > lb);
}

gboolean
_sw_assembly_eliminate (SwAssembly *ctx, GArray *raw_rows, GError **error)
{
  SwSystem *sys = ctx->system;
  Elim el = { 0 };
  gboolean ok = TRUE;

  el.n_vars = sys->n_nodes + sys->n_drivers;
  el.expr = g_new0 (Expr, MAX (sys->n_nodes, 1));
  el.occ = g_new0 (Occ, MAX (sys->n_nodes, 1));
  el.dead = g_new0 (gboolean, MAX (sys->n_nodes, 1));
  el.acc = g_new0 (double, MAX (el.n_vars, 1));
  el.group = g_new (guint, MAX (sys->n_nodes, 1));
  el.live = g_new (guint, MAX (sys->n_nodes, 1));
  for (guint i = 0; i < sys->n_nodes; i++)
    el.group[i] = i, el.live[i] = 1;
  el.in_acc = g_new0 (gboolean, MAX (el.n_vars, 1));
  el.touched = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < sys->n_nodes; i++)
    {
      SwTerm t = { i, 1 };

      el.expr[i].terms = el.expr[i].first;
      el.expr[i].cap_terms = G_N_ELEMENTS (el.expr[i].first);
      expr_append (&el.expr[i], t);
      el.occ[i].nodes = el.occ[i].first;
      el.occ[i].cap = G_N_ELEMENTS (el.occ[i].first);
      occ_append (&el.occ[i], i);
    }

  sys->n_rows = raw_rows->len;
  sys->rows = g_new0 (SwRow, MAX (raw_rows->len, 1));
  /* Pins (fixed flanges, grounded supports) first, so that a row closing a
   * kinematic loop is recognised as one; the friction parts' locks last,
   * the strongest first (RawRow.lock_order). */
  {
    g_autofree guint *order = g_new (guint, MAX (raw_rows->len, 1));
    guint n = 0, n_locks = 0;

    for (int pass = 0; pass < 3; pass++)
      for (guint r = 0; r < raw_rows->len; r++)
        {
          const RawRow *raw = &g_array_index (raw_rows, RawRow, r);
          int kind = raw->lock_order > 0 ? 2 : raw->n == 1 && raw->driver < 0 ? 0 : 1;

          if (kind == pass)
            order[n++] = r;
        }
    for (guint k = n; k > 0 && g_array_index (raw_rows, RawRow, order[k - 1]).lock_order > 0; k--)
      n_locks++;
    g_qsort_with_data (order + n - n_locks, (gint) n_locks, sizeof (guint), compare_lock_order, raw_rows);
    for (guint k = 0; k < n && ok; k++)
      {
        guint r = order[k];
        const RawRow *raw = &g_array_index (raw_rows, RawRow, r);
        SwRow *row = &sys->rows[r];
        gboolean redundant = FALSE;

        row->part = raw->part;
        row->n = raw->n;
        memcpy (row->nodes, raw->nodes, sizeof row->nodes);
        memcpy (row->coeffs, raw->coeffs, sizeof row->coeffs);
        ok = eliminate_row (ctx, &el, raw_rows, r, &redundant, error);
        row->redundant = redundant;
      }
  }
  if (ok)
    flatten (sys, &el);

  for (guint i = 0; i < sys->n_nodes; i++)
    {
      if (el.expr[i].terms != el.expr[i].first)
        g_free (el.expr[i].terms);
      if (el.occ[i].nodes != el.occ[i].first)
        g_free (el.occ[i].nodes);
    }
  g_free (el.expr);
  g_free (el.occ);
  g_free (el.dead);
  g_free (el.acc);
  g_free (el.group);
  g_free (el.live);
  g_free (el.in_acc);
  g_array_unref (el.touched);
  return ok;
}
