/* sw-system.c: from a model to the assembled, reduced equations.
 *
 * 1. Ports joined by connections become nodes (union-find); an unconnected
 *    support becomes a node pinned to ground.
 * 2. Each part declares masses, constraint rows and prescribed motions.
 * 3. The rows are eliminated one by one (sparse Gauss with a pivot in the
 *    smallest group), leaving every node coordinate affine in independent
 *    coordinates q and the prescribed motions: x = T q + P p(t) + c. A row
 *    whose coordinates cancel is redundant or a contradiction.
 * 4. Coordinates are classed (massive, first order, algebraic) and grouped
 *    into the small dense blocks the solver factors once.
 * 5. Initial values propagate through T.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-system-private.h"
#include "sw-equations-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include "sw-error.h"

/* ---- Builder ------------------------------------------------------------ */

typedef struct {
  guint  part;
  guint  n;
  guint  nodes[4];
  double coeffs[4];
  double offset;
  int    driver;        /* -1, or the motion's driver: row is sum = p(t) */
} RawRow;

typedef struct {
  guint  part;
  guint  node;
  double x0, v0;
} Initial;

struct _SwBuilder {
  SwSystem *system;
  GArray   *rows;       /* RawRow */
  GArray   *drivers;    /* SwDriver */
  GArray   *initials;   /* Initial */
  GArray   *bodies;     /* SwBody */
  GArray   *couplings;  /* SwMassCoupling */
};

void
sw_builder_add_mass (SwBuilder *b, const SwPart *part, guint node, double mass)
{
  SwBody body = { .part = part - b->system->parts, .n_nodes = 1, .nodes = { node }, .m_aa = mass };

  g_return_if_fail (node < b->system->n_nodes);
  b->system->mass[node] += mass;
  g_array_append_val (b->bodies, body);
}

void
sw_builder_add_mass_matrix (SwBuilder *b, const SwPart *part, guint node_a, guint node_b, double m_aa,
                            double m_ab, double m_bb)
{
  SwBody body = { .part = part - b->system->parts, .n_nodes = 2, .nodes = { node_a, node_b },
                  .m_aa = m_aa, .m_ab = m_ab, .m_bb = m_bb };
  SwMassCoupling coupling = { node_a, node_b, m_ab };

  g_return_if_fail (node_a < b->system->n_nodes && node_b < b->system->n_nodes);
  if (node_a == node_b)
    {
      /* Both ends on one node: the body moves as one. */
      sw_builder_add_mass (b, part, node_a, m_aa + 2 * m_ab + m_bb);
      return;
    }
  b->system->mass[node_a] += m_aa;
  b->system->mass[node_b] += m_bb;
  g_array_append_val (b->bodies, body);
  if (m_ab != 0)
    g_array_append_val (b->couplings, coupling);
}

void
_sw_system_apply_mass (const SwSystem *sys, const double *x, double *out)
{
  for (guint i = 0; i < sys->n_nodes; i++)
    out[i] = sys->mass[i] * x[i];
  for (guint k = 0; k < sys->n_couplings; k++)
    {
      const SwMassCoupling *c = &sys->couplings[k];
      out[c->a] += c->m * x[c->b];
      out[c->b] += c->m * x[c->a];
    }
}

double
_sw_body_value (const SwBody *body, const double *x)
{
  return body->n_nodes == 1 ? x[body->nodes[0]] : 0.5 * (x[body->nodes[0]] + x[body->nodes[1]]);
}

double
_sw_body_quadratic (const SwBody *body, const double *x)
{
  double a = x[body->nodes[0]], b;

  if (body->n_nodes == 1)
    return body->m_aa * a * a;
  b = x[body->nodes[1]];
  return body->m_aa * a * a + 2 * body->m_ab * a * b + body->m_bb * b * b;
}

void
sw_builder_add_constraint (SwBuilder    *b,
                           const SwPart *part,
                           guint         n,
                           const guint  *nodes,
                           const double *coeffs,
                           double        offset)
{
  RawRow row = { .part = part - b->system->parts, .n = n, .offset = offset, .driver = -1 };

  g_return_if_fail (n >= 1 && n <= 4);
  memcpy (row.nodes, nodes, n * sizeof (guint));
  memcpy (row.coeffs, coeffs, n * sizeof (double));
  g_array_append_val (b->rows, row);
}

void
sw_builder_add_motion (SwBuilder    *b,
                       const SwPart *part,
                       guint         node,
                       guint         support,
                       SwMotion      motion,
                       SwSignal     *signal)
{
  SwDriver driver = { .motion = motion, .signal = sw_signal_ref (signal),
                      .part = part - b->system->parts };
  guint nodes[2] = { node, support };
  double coeffs[2] = { 1, -1 };

  sw_builder_add_constraint (b, part, 2, nodes, coeffs, 0);
  g_array_index (b->rows, RawRow, b->rows->len - 1).driver = b->drivers->len;
  g_array_append_val (b->drivers, driver);
}

void
sw_builder_add_time_event (SwBuilder *b, double t)
{
  g_array_append_val (b->system->time_events, t);
}

void
sw_builder_set_initial (SwBuilder    *b,
                        const SwPart *part,
                        guint         node,
                        double        x0,
                        double        v0)
{
  Initial init = { .part = part - b->system->parts, .node = node, .x0 = x0, .v0 = v0 };

  g_array_append_val (b->initials, init);
}

double
sw_part_signal (const SwPart *part, guint param, const SwState *state, double *d1, double *d2)
{
  return sw_signal_eval (part->signal[param], state->t, state->left, d1, d2);
}

/* ---- Small helpers ------------------------------------------------------ */

static guint
uf_find (guint *parent, guint i)
{
  while (parent[i] != i)
    {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
  return i;
}

static void
uf_union (guint *parent, guint a, guint b)
{
  a = uf_find (parent, a);
  b = uf_find (parent, b);
  if (a != b)
    parent[MAX (a, b)] = MIN (a, b);
}

typedef struct {
  SwSystem *system;
  SwModel  *model;
  guint    *port_base;    /* per part: index of its first port */
  guint    *port_node;    /* per global port */
  GPtrArray *node_ports;  /* per node: GArray of guint global ports */
  const SwDriver *drivers;/* the prescribed motions declared so far */
} Ctx;

/* "inertia1.flange_b, spring.flange_a" */
static char *
describe_node (Ctx *ctx, guint node)
{
  GArray *ports = g_ptr_array_index (ctx->node_ports, node);
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < ports->len; k++)
    {
      guint gp = g_array_index (ports, guint, k);
      guint part = 0;

      while (part + 1 < ctx->system->n_parts && ctx->port_base[part + 1] <= gp)
        part++;
      if (s->len > 0)
        g_string_append (s, ", ");
      g_string_append_printf (s, "%s.%s", ctx->system->parts[part].id,
                              ctx->system->parts[part].kind->ports[gp - ctx->port_base[part]].name);
    }
  return g_string_free (s, FALSE);
}

static void
set_part_error (Ctx *ctx, GError **error, SwErrorCode code, guint part, const char *message)
{
  g_autofree char *loc = sw_model_dup_location (ctx->model, ctx->system->parts[part].component);

  g_set_error (error, SW_ERROR, code, "%serror: %s", loc, message);
}

/* ---- Elimination -------------------------------------------------------- */

typedef struct {
  GArray *terms;   /* SwTerm over variables: coordinates < n_nodes, drivers after */
  double  c0;
} Expr;

typedef struct {
  guint    n_vars;
  Expr    *expr;        /* per node */
  GArray **occ;         /* per coordinate: nodes whose expression has it */
  gboolean *dead;
  guint   *group;       /* union-find over coordinates coupled by rows */
  guint   *live;        /* per group root: coordinates not yet eliminated */
  double  *acc;         /* scratch accumulator per variable */
  gboolean *in_acc;
  GArray  *touched;
} Elim;

static double
expr_coeff (const Expr *e, guint var)
{
  for (guint k = 0; k < e->terms->len; k++)
    if (g_array_index (e->terms, SwTerm, k).index == var)
      return g_array_index (e->terms, SwTerm, k).coeff;
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
describe_group (Ctx *ctx, Elim *el, GArray *rows, const RawRow *failing)
{
  SwSystem *sys = ctx->system;
  g_autofree gboolean *node_in = g_new0 (gboolean, sys->n_nodes);
  g_autofree gboolean *part_in = g_new0 (gboolean, sys->n_parts);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < failing->n; i++)
    {
      const Expr *e = &el->expr[failing->nodes[i]];

      node_in[failing->nodes[i]] = TRUE;
      for (guint k = 0; k < e->terms->len; k++)
        {
          guint q = g_array_index (e->terms, SwTerm, k).index;

          if (q < sys->n_nodes && el->occ[q] != NULL)
            for (guint m = 0; m < el->occ[q]->len; m++)
              node_in[g_array_index (el->occ[q], guint, m)] = TRUE;
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
eliminate_row (Ctx *ctx, Elim *el, GArray *rows, guint r, gboolean *redundant, GError **error)
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

      for (guint k = 0; k < x->terms->len; k++)
        {
          guint q = g_array_index (x->terms, SwTerm, k).index;
          int root;

          if (q >= sys->n_nodes)
            continue;
          root = uf_find (el->group, q);
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

      for (guint k = 0; k < x->terms->len; k++)
        {
          SwTerm t = g_array_index (x->terms, SwTerm, k);
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
          set_part_error (ctx, error, SW_ERROR_CONTRADICTION, row->part, msg);
        }
      else
        {
          g_autofree char *msg = g_strdup_printf (
              _("kinematic loop contradicts itself at component “%s”: the ratios or offsets of %s "
                "do not agree (mismatch %g); remove one of them or make them consistent"),
              sys->parts[row->part].id, parts, c0);
          set_part_error (ctx, error, SW_ERROR_CONTRADICTION, row->part, msg);
        }
      return FALSE;
    }

  /* Pivot: a large coefficient, in the smallest group. */
  for (guint k = 0; k < e_terms->len; k++)
    {
      SwTerm t = g_array_index (e_terms, SwTerm, k);

      if (t.index >= sys->n_nodes || fabs (t.coeff) < 0.1 * q_max)
        continue;
      if (el->occ[t.index]->len < pivot_occ)
        {
          pivot = t.index;
          pivot_occ = el->occ[t.index]->len;
        }
    }
  g_assert (pivot >= 0);

  /* The row couples its coordinates into one group, less the pivot. */
  {
    guint root = uf_find (el->group, pivot);

    for (guint k = 0; k < e_terms->len; k++)
      {
        guint q = g_array_index (e_terms, SwTerm, k).index, r2;

        if (q >= sys->n_nodes || (r2 = uf_find (el->group, q)) == root)
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

        set_part_error (ctx, error, SW_ERROR_CONTRADICTION, row->part, msg);
        return FALSE;
      }
  }

  {
    double cp = 0;
    g_autoptr (GArray) occ = el->occ[pivot];

    for (guint k = 0; k < e_terms->len; k++)
      if (g_array_index (e_terms, SwTerm, k).index == (guint) pivot)
        cp = g_array_index (e_terms, SwTerm, k).coeff;

    el->occ[pivot] = NULL;
    el->dead[pivot] = TRUE;

    /* x := x - (a / cp) E for every node x that uses the pivot. */
    for (guint m = 0; m < occ->len; m++)
      {
        guint node = g_array_index (occ, guint, m);
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
            for (guint j = 0; j < x->terms->len; j++)
              {
                SwTerm *u = &g_array_index (x->terms, SwTerm, j);
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
                g_array_append_val (x->terms, n);
                if (t.index < sys->n_nodes)
                  g_array_append_val (el->occ[t.index], node);
              }
          }
        x->c0 -= f * c0;
        for (guint j = 0; j < x->terms->len; j++)
          x_scale = MAX (x_scale, fabs (g_array_index (x->terms, SwTerm, j).coeff));
        for (guint j = 0; j < x->terms->len;)
          {
            SwTerm *u = &g_array_index (x->terms, SwTerm, j);
            if (u->index == (guint) pivot || fabs (u->coeff) <= 1e-13 * x_scale)
              g_array_remove_index (x->terms, j);
            else
              j++;
          }
      }
  }
  *redundant = FALSE;
  return TRUE;
}

/* ---- Blocks ------------------------------------------------------------- */

static gboolean
factor_block (gsl_matrix *m)
{
  return gsl_linalg_cholesky_decomp1 (m) == GSL_SUCCESS;
}

/* Groups the coordinates of class cls by the union-find parent. */
static SwBlock *
make_blocks (SwSystem *sys, SwCoordClass cls, guint *parent, guint *n_blocks)
{
  g_autofree int *block_of_root = g_new (int, sys->n_coords);
  GArray *blocks = g_array_new (FALSE, TRUE, sizeof (SwBlock));
  g_autoptr (GPtrArray) members = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);

  for (guint j = 0; j < sys->n_coords; j++)
    block_of_root[j] = -1;
  for (guint j = 0; j < sys->n_coords; j++)
    {
      guint root;

      if (sys->coord_class[j] != cls)
        continue;
      root = uf_find (parent, j);
      if (block_of_root[root] < 0)
        {
          SwBlock b = { 0 };
          block_of_root[root] = blocks->len;
          g_array_append_val (blocks, b);
          g_ptr_array_add (members, g_array_new (FALSE, FALSE, sizeof (guint)));
        }
      g_array_append_val (g_ptr_array_index (members, block_of_root[root]), j);
    }
  for (guint b = 0; b < blocks->len; b++)
    {
      GArray *m = g_ptr_array_index (members, b);
      SwBlock *blk = &g_array_index (blocks, SwBlock, b);

      blk->n = m->len;
      blk->coords = g_memdup2 (m->data, m->len * sizeof (guint));
    }
  *n_blocks = blocks->len;
  return (SwBlock *) g_array_free (blocks, FALSE);
}

/* Massless blocks: the force parts and the nodes they need. */
static void
fill_massless_block (SwSystem *sys, SwBlock *blk, guint *part_mark, guint *node_mark, guint stamp)
{
  g_autoptr (GArray) parts = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) nodes = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint k = 0; k < blk->n; k++)
    {
      guint j = blk->coords[k];

      for (guint c = sys->c_start[j]; c < sys->c_start[j + 1]; c++)
        {
          guint node = sys->c_terms[c].index;

          if (node_mark[node] != stamp)
            {
              node_mark[node] = stamp;
              g_array_append_val (nodes, node);
            }
        }
    }
  for (guint fp = 0; fp < sys->n_force_parts; fp++)
    {
      const SwPart *p = &sys->parts[sys->force_parts[fp]];

      for (guint port = 0; port < p->kind->n_ports; port++)
        if (node_mark[p->node[port]] == stamp && part_mark[fp] != stamp)
          {
            part_mark[fp] = stamp;
            g_array_append_val (parts, sys->force_parts[fp]);
          }
    }
  blk->n_parts = parts->len;
  blk->parts = g_memdup2 (parts->data, parts->len * sizeof (guint));
  blk->n_nodes = nodes->len;
  blk->nodes = g_memdup2 (nodes->data, nodes->len * sizeof (guint));
}

/* The coordinate's position in the block, or -1 when it is not in it. */
static int
pos_in_block (const SwBlock *blk, const int *pos, guint coord)
{
  int k = pos[coord];

  return k >= 0 && (guint) k < blk->n && blk->coords[k] == coord ? k : -1;
}

static gboolean
build_massive_blocks (Ctx *ctx, GError **error)
{
  SwSystem *sys = ctx->system;
  g_autofree guint *parent = g_new (guint, sys->n_coords);
  g_autofree int *pos = g_new0 (int, MAX (sys->n_coords, 1));

  for (guint j = 0; j < sys->n_coords; j++)
    parent[j] = j;
  for (guint i = 0; i < sys->n_nodes; i++)
    if (sys->mass[i] > 0)
      for (guint k = sys->t_start[i] + 1; k < sys->t_start[i + 1]; k++)
        uf_union (parent, sys->t_terms[sys->t_start[i]].index, sys->t_terms[k].index);
  for (guint k = 0; k < sys->n_couplings; k++)
    {
      const SwMassCoupling *c = &sys->couplings[k];

      for (guint ta = sys->t_start[c->a]; ta < sys->t_start[c->a + 1]; ta++)
        for (guint tb = sys->t_start[c->b]; tb < sys->t_start[c->b + 1]; tb++)
          uf_union (parent, sys->t_terms[ta].index, sys->t_terms[tb].index);
    }

  sys->massive_blocks = make_blocks (sys, SW_COORD_MASSIVE, parent, &sys->n_massive_blocks);
  for (guint b = 0; b < sys->n_massive_blocks; b++)
    {
      SwBlock *blk = &sys->massive_blocks[b];

      blk->chol = gsl_matrix_calloc (blk->n, blk->n);
      for (guint k = 0; k < blk->n; k++)
        pos[blk->coords[k]] = k;
      for (guint k = 0; k < blk->n; k++)
        {
          guint j = blk->coords[k];

          /* M_r[j][l] = sum_i m_i T_ij T_il over the nodes of j. */
          for (guint c = sys->c_start[j]; c < sys->c_start[j + 1]; c++)
            {
              guint i = sys->c_terms[c].index;
              double tij = sys->c_terms[c].coeff;

              if (sys->mass[i] == 0)
                continue;
              for (guint t = sys->t_start[i]; t < sys->t_start[i + 1]; t++)
                {
                  guint l = sys->t_terms[t].index;
                  *gsl_matrix_ptr (blk->chol, k, pos[l]) += sys->mass[i] * tij * sys->t_terms[t].coeff;
                }
            }
        }
      for (guint k = 0; k < sys->n_couplings; k++)
        {
          const SwMassCoupling *c = &sys->couplings[k];

          for (guint ta = sys->t_start[c->a]; ta < sys->t_start[c->a + 1]; ta++)
            for (guint tb = sys->t_start[c->b]; tb < sys->t_start[c->b + 1]; tb++)
              {
                int ja = pos_in_block (blk, pos, sys->t_terms[ta].index);
                int jb = pos_in_block (blk, pos, sys->t_terms[tb].index);
                double v = c->m * sys->t_terms[ta].coeff * sys->t_terms[tb].coeff;

                if (ja < 0 || jb < 0)
                  continue;
                *gsl_matrix_ptr (blk->chol, ja, jb) += v;
                *gsl_matrix_ptr (blk->chol, jb, ja) += v;
              }
        }
      if (!factor_block (blk->chol))
        {
          guint node = sys->c_terms[sys->c_start[blk->coords[0]]].index;
          g_autofree char *where = describe_node (ctx, node);

          g_set_error (error, SW_ERROR, SW_ERROR_SINGULAR,
                       "%s: error: the inertias around %s do not determine every motion of the "
                       "coupled gears (singular mass matrix); add inertia on each free shaft",
                       sw_model_get_display_name (ctx->model), where);
          return FALSE;
        }
    }
  return TRUE;
}

static void
build_massless_blocks (SwSystem *sys)
{
  g_autofree guint *parent = g_new (guint, sys->n_coords);
  g_autofree guint *part_mark = g_new0 (guint, sys->n_force_parts);
  g_autofree guint *node_mark = g_new0 (guint, sys->n_nodes);
  g_autoptr (GArray) coords = g_array_new (FALSE, FALSE, sizeof (guint));
  guint stamp = 0;

  for (guint j = 0; j < sys->n_coords; j++)
    parent[j] = j;
  /* Coordinates of one class that one force part touches are solved together. */
  for (guint fp = 0; fp < sys->n_force_parts; fp++)
    {
      const SwPart *p = &sys->parts[sys->force_parts[fp]];

      for (int cls = SW_COORD_FIRST_ORDER; cls <= SW_COORD_ALGEBRAIC; cls++)
        {
          int first = -1;

          for (guint port = 0; port < p->kind->n_ports; port++)
            {
              guint i = p->node[port];

              for (guint t = sys->t_start[i]; t < sys->t_start[i + 1]; t++)
                {
                  guint j = sys->t_terms[t].index;

                  if (sys->coord_class[j] != (SwCoordClass) cls)
                    continue;
                  if (first < 0)
                    first = j;
                  else
                    uf_union (parent, first, j);
                }
            }
        }
    }
  sys->first_order_blocks = make_blocks (sys, SW_COORD_FIRST_ORDER, parent, &sys->n_first_order_blocks);
  sys->algebraic_blocks = make_blocks (sys, SW_COORD_ALGEBRAIC, parent, &sys->n_algebraic_blocks);
  for (guint b = 0; b < sys->n_first_order_blocks; b++)
    fill_massless_block (sys, &sys->first_order_blocks[b], part_mark, node_mark, ++stamp);
  for (guint b = 0; b < sys->n_algebraic_blocks; b++)
    fill_massless_block (sys, &sys->algebraic_blocks[b], part_mark, node_mark, ++stamp);
}

/* Reactions: G G^T lambda = G r per group of rows that share nodes. */
static void
build_row_blocks (SwSystem *sys)
{
  g_autofree guint *parent = g_new (guint, sys->n_rows);
  g_autofree int *row_at_node = g_new (int, sys->n_nodes);
  g_autofree int *block_of_root = g_new (int, sys->n_rows);
  g_autoptr (GPtrArray) members = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  GArray *blocks = g_array_new (FALSE, TRUE, sizeof (SwRowBlock));

  for (guint i = 0; i < sys->n_nodes; i++)
    row_at_node[i] = -1;
  for (guint r = 0; r < sys->n_rows; r++)
    {
      parent[r] = r;
      block_of_root[r] = -1;
    }
  for (guint r = 0; r < sys->n_rows; r++)
    {
      if (sys->rows[r].redundant)
        continue;
      for (guint k = 0; k < sys->rows[r].n; k++)
        {
          guint node = sys->rows[r].nodes[k];

          if (row_at_node[node] >= 0)
            uf_union (parent, row_at_node[node], r);
          else
            row_at_node[node] = r;
        }
    }
  for (guint r = 0; r < sys->n_rows; r++)
    {
      guint root;

      if (sys->rows[r].redundant)
        continue;
      root = uf_find (parent, r);
      if (block_of_root[root] < 0)
        {
          SwRowBlock b = { 0 };
          block_of_root[root] = blocks->len;
          g_array_append_val (blocks, b);
          g_ptr_array_add (members, g_array_new (FALSE, FALSE, sizeof (guint)));
        }
      g_array_append_val (g_ptr_array_index (members, block_of_root[root]), r);
    }

  for (guint b = 0; b < blocks->len; b++)
    {
      SwRowBlock *blk = &g_array_index (blocks, SwRowBlock, b);
      GArray *m = g_ptr_array_index (members, b);
      g_autoptr (GArray) nodes = g_array_new (FALSE, FALSE, sizeof (guint));

      blk->n = m->len;
      blk->rows = g_memdup2 (m->data, m->len * sizeof (guint));
      for (guint k = 0; k < blk->n; k++)
        for (guint c = 0; c < sys->rows[blk->rows[k]].n; c++)
          {
            guint node = sys->rows[blk->rows[k]].nodes[c];
            gboolean seen = FALSE;

            for (guint u = 0; u < nodes->len && !seen; u++)
              seen = g_array_index (nodes, guint, u) == node;
            if (!seen)
              g_array_append_val (nodes, node);
          }
      blk->n_nodes = nodes->len;
      blk->nodes = g_memdup2 (nodes->data, nodes->len * sizeof (guint));

      blk->chol = gsl_matrix_calloc (blk->n, blk->n);
      for (guint a = 0; a < blk->n; a++)
        for (guint c = 0; c < blk->n; c++)
          {
            const SwRow *ra = &sys->rows[blk->rows[a]], *rc = &sys->rows[blk->rows[c]];
            double sum = 0;

            for (guint i = 0; i < ra->n; i++)
              for (guint k = 0; k < rc->n; k++)
                if (ra->nodes[i] == rc->nodes[k])
                  sum += ra->coeffs[i] * rc->coeffs[k];
            gsl_matrix_set (blk->chol, a, c, sum);
          }
      if (!factor_block (blk->chol))
        g_clear_pointer (&blk->chol, gsl_matrix_free);
    }
  sys->n_row_blocks = blocks->len;
  sys->row_blocks = (SwRowBlock *) g_array_free (blocks, FALSE);
}

/* ---- Initial values ----------------------------------------------------- */

/* Unknowns: coordinates, then driver states. A node's value is
 * sum T q + sum P p + c; POSITION drivers are known, the others are states. */
typedef struct {
  guint   n_terms;
  SwTerm *terms;     /* over unknowns */
  double  rhs;
  double  shift;     /* node value = sum of terms + shift */
  guint   part;
  const char *param;
} InitEq;

static gboolean
solve_initial (Ctx *ctx, GArray *eqs, guint n_unknowns, double *value, GError **error)
{
  SwSystem *sys = ctx->system;
  g_autofree gboolean *set = g_new0 (gboolean, n_unknowns);
  g_autofree int *setter = g_new (int, n_unknowns);
  g_autofree gboolean *done = g_new0 (gboolean, MAX (eqs->len, 1));
  gboolean progress = TRUE;

  for (guint u = 0; u < n_unknowns; u++)
    setter[u] = -1;
  while (progress)
    {
      int free_eq = -1;

      progress = FALSE;
      for (guint e = 0; e < eqs->len; e++)
        {
          InitEq *eq = &g_array_index (eqs, InitEq, e);
          double sum = 0;
          int unset = -1, n_unset = 0;
          double cu = 0;

          if (done[e])
            continue;
          for (guint k = 0; k < eq->n_terms; k++)
            if (set[eq->terms[k].index])
              sum += eq->terms[k].coeff * value[eq->terms[k].index];
            else
              {
                n_unset++;
                unset = eq->terms[k].index;
                cu = eq->terms[k].coeff;
              }
          if (n_unset == 1)
            {
              value[unset] = (eq->rhs - sum) / cu;
              set[unset] = TRUE;
              setter[unset] = e;
              done[e] = TRUE;
              progress = TRUE;
            }
          else if (n_unset == 0)
            {
              if (fabs (sum - eq->rhs) > 1e-9 * (1 + fabs (eq->rhs)))
                {
                  const InitEq *other = NULL;
                  g_autofree char *msg = NULL;

                  for (guint k = 0; k < eq->n_terms && other == NULL; k++)
                    if (setter[eq->terms[k].index] >= 0)
                      other = &g_array_index (eqs, InitEq, setter[eq->terms[k].index]);
                  if (other != NULL)
                    msg = g_strdup_printf (
                        _("initial values contradict each other: %s.%s and %s.%s are linked by rigid "
                          "connections or gears and cannot both hold (%s.%s would have to be %g); "
                          "give only one of them"),
                        sys->parts[eq->part].id, eq->param, sys->parts[other->part].id, other->param,
                        sys->parts[eq->part].id, eq->param, sum + eq->shift);
                  else
                    msg = g_strdup_printf (
                        _("initial value %s.%s contradicts the prescribed motion of the rigidly connected "
                          "group; leave it out"),
                        sys->parts[eq->part].id, eq->param);
                  set_part_error (ctx, error, SW_ERROR_CONTRADICTION, eq->part, msg);
                  return FALSE;
                }
              done[e] = TRUE;
            }
          else if (free_eq < 0)
            free_eq = e;
        }
      /* An equation with several unknowns: fix all but one at 0. */
      if (!progress && free_eq >= 0)
        {
          InitEq *eq = &g_array_index (eqs, InitEq, free_eq);
          guint left = 0;

          for (guint k = 0; k < eq->n_terms; k++)
            if (!set[eq->terms[k].index] && ++left > 1)
              {
                set[eq->terms[k].index] = TRUE;
                value[eq->terms[k].index] = 0;
                progress = TRUE;
                break;
              }
        }
    }
  return TRUE;
}

static gboolean
compute_initial_values (Ctx *ctx, GArray *initials, GError **error)
{
  SwSystem *sys = ctx->system;
  guint nu = sys->n_coords + sys->n_drivers;
  g_autofree double *pos = g_new0 (double, nu);
  g_autofree double *vel = g_new0 (double, nu);
  g_autoptr (GArray) pos_eqs = g_array_new (FALSE, FALSE, sizeof (InitEq));
  g_autoptr (GArray) vel_eqs = g_array_new (FALSE, FALSE, sizeof (InitEq));
  gboolean ok;

  for (guint k = 0; k < initials->len; k++)
    {
      const Initial *in = &g_array_index (initials, Initial, k);
      guint i = in->node;
      const SwKind *kind = sys->parts[in->part].kind;

      for (int which = 0; which < 2; which++)
        {
          double given = which == 0 ? in->x0 : in->v0;
          InitEq eq = { .part = in->part, .param = kind->params[1 + which].name };
          GArray *terms;

          if (isnan (given))
            continue;
          terms = g_array_new (FALSE, FALSE, sizeof (SwTerm));
          eq.rhs = given - (which == 0 ? sys->x_const[i] : 0);
          for (guint t = sys->t_start[i]; t < sys->t_start[i + 1]; t++)
            g_array_append_val (terms, sys->t_terms[t]);
          for (guint t = sys->p_start[i]; t < sys->p_start[i + 1]; t++)
            {
              const SwDriver *d = &sys->drivers[sys->p_terms[t].index];
              SwTerm u = { sys->n_coords + sys->p_terms[t].index, sys->p_terms[t].coeff };
              double p, dp;

              p = sw_signal_eval (d->signal, 0, FALSE, &dp, NULL);
              if (d->motion == SW_MOTION_POSITION || (which == 1 && d->motion == SW_MOTION_SPEED))
                eq.rhs -= u.coeff * (d->motion == SW_MOTION_POSITION ? (which == 0 ? p : dp) : p);
              else
                g_array_append_val (terms, u);
            }
          eq.shift = given - eq.rhs;
          eq.n_terms = terms->len;
          eq.terms = (SwTerm *) g_array_free (terms, FALSE);
          g_array_append_val (which == 0 ? pos_eqs : vel_eqs, eq);
        }
    }
  ok = solve_initial (ctx, pos_eqs, nu, pos, error) && solve_initial (ctx, vel_eqs, nu, vel, error);
  for (guint e = 0; e < pos_eqs->len; e++)
    g_free (g_array_index (pos_eqs, InitEq, e).terms);
  for (guint e = 0; e < vel_eqs->len; e++)
    g_free (g_array_index (vel_eqs, InitEq, e).terms);
  if (!ok)
    return FALSE;

  sys->y0 = g_new0 (double, MAX (sys->n_states, 1));
  sys->q_guess = g_new0 (double, MAX (sys->n_coords, 1));
  for (guint j = 0; j < sys->n_coords; j++)
    {
      guint slot = sys->coord_state[j];

      switch (sys->coord_class[j])
        {
        case SW_COORD_MASSIVE:
          sys->y0[slot] = pos[j];
          sys->y0[slot + sys->n_massive] = vel[j];
          break;
        case SW_COORD_FIRST_ORDER:
          sys->y0[slot] = pos[j];
          break;
        case SW_COORD_ALGEBRAIC:
          sys->q_guess[j] = pos[j];
          break;
        }
    }
  for (guint k = 0; k < sys->n_drivers; k++)
    {
      const SwDriver *d = &sys->drivers[k];

      if (d->motion == SW_MOTION_SPEED)
        sys->y0[d->state] = pos[sys->n_coords + k];
      else if (d->motion == SW_MOTION_ACCELERATION)
        {
          sys->y0[d->state] = pos[sys->n_coords + k];
          sys->y0[d->state + 1] = vel[sys->n_coords + k];
        }
    }
  return TRUE;
}

/* ---- Assembly ----------------------------------------------------------- */

static gboolean
classify_coords (Ctx *ctx, GError **error)
{
  SwSystem *sys = ctx->system;
  g_autofree guint *flags = g_new0 (guint, sys->n_coords);
  g_autofree double *m = g_new0 (double, sys->n_coords);
  g_autofree int *forcer = g_new (int, sys->n_coords);
  guint n_massive = 0, n_first = 0, n_alg = 0;

  for (guint j = 0; j < sys->n_coords; j++)
    forcer[j] = -1;
  for (guint i = 0; i < sys->n_nodes; i++)
    for (guint t = sys->t_start[i]; t < sys->t_start[i + 1]; t++)
      m[sys->t_terms[t].index] += sys->mass[i] * sys->t_terms[t].coeff * sys->t_terms[t].coeff;
  for (guint k = 0; k < sys->n_couplings; k++)
    {
      const SwMassCoupling *c = &sys->couplings[k];

      for (guint ta = sys->t_start[c->a]; ta < sys->t_start[c->a + 1]; ta++)
        for (guint tb = sys->t_start[c->b]; tb < sys->t_start[c->b + 1]; tb++)
          if (sys->t_terms[ta].index == sys->t_terms[tb].index)
            m[sys->t_terms[ta].index] += 2 * c->m * sys->t_terms[ta].coeff * sys->t_terms[tb].coeff;
    }
  for (guint fp = 0; fp < sys->n_force_parts; fp++)
    {
      const SwPart *p = &sys->parts[sys->force_parts[fp]];

      for (guint port = 0; port < p->kind->n_ports; port++)
        for (guint t = sys->t_start[p->node[port]]; t < sys->t_start[p->node[port] + 1]; t++)
          {
            guint j = sys->t_terms[t].index;
            flags[j] |= p->kind->force_flags;
            if (forcer[j] < 0)
              forcer[j] = sys->force_parts[fp];
          }
    }

  sys->coord_class = g_new (SwCoordClass, MAX (sys->n_coords, 1));
  sys->coord_state = g_new (guint, MAX (sys->n_coords, 1));
  for (guint j = 0; j < sys->n_coords; j++)
    {
      if (m[j] > 0)
        sys->coord_class[j] = SW_COORD_MASSIVE;
      else if (flags[j] & SW_FORCE_DAMPING)
        sys->coord_class[j] = SW_COORD_FIRST_ORDER;
      else if (flags[j] & SW_FORCE_STIFFNESS)
        sys->coord_class[j] = SW_COORD_ALGEBRAIC;
      else
        {
          guint node = sys->c_terms[sys->c_start[j]].index;
          g_autofree char *where = describe_node (ctx, node);
          g_autofree char *msg = NULL;

          if (forcer[j] >= 0)
            msg = g_strdup_printf (_("component “%s” has no inertia to accelerate: the shaft at %s has no "
                                     "inertia, stiffness or damping; connect it to an inertia or mass"),
                                   sys->parts[forcer[j]].id, where);
          else
            msg = g_strdup_printf (_("nothing determines the motion of the shaft at %s: it has no inertia, "
                                     "stiffness or damping; connect it to an inertia, a spring or a ground"),
                                   where);
          {
            guint gp = g_array_index ((GArray *) g_ptr_array_index (ctx->node_ports, node), guint, 0);
            guint part = forcer[j] >= 0 ? (guint) forcer[j] : 0;

            if (forcer[j] < 0)
              while (part + 1 < sys->n_parts && ctx->port_base[part + 1] <= gp)
                part++;
            set_part_error (ctx, error, SW_ERROR_SINGULAR, part, msg);
          }
          return FALSE;
        }
    }
  for (guint j = 0; j < sys->n_coords; j++)
    switch (sys->coord_class[j])
      {
      case SW_COORD_MASSIVE: sys->coord_state[j] = n_massive++; break;
      case SW_COORD_FIRST_ORDER: sys->coord_state[j] = n_first++; break;
      case SW_COORD_ALGEBRAIC: sys->coord_state[j] = n_alg++; break;
      }
  for (guint j = 0; j < sys->n_coords; j++)
    if (sys->coord_class[j] == SW_COORD_FIRST_ORDER)
      sys->coord_state[j] += 2 * n_massive;
  sys->n_massive = n_massive;
  sys->n_first_order = n_first;
  sys->n_algebraic = n_alg;
  sys->n_states = 2 * n_massive + n_first;
  for (guint k = 0; k < sys->n_drivers; k++)
    {
      SwDriver *d = &sys->drivers[k];

      d->state = sys->n_states;
      sys->n_states += d->motion == SW_MOTION_SPEED ? 1 : d->motion == SW_MOTION_ACCELERATION ? 2 : 0;
    }
  return TRUE;
}

/* Nodes from connections; unconnected supports stay alone. */
static void
build_nodes (Ctx *ctx)
{
  SwSystem *sys = ctx->system;
  SwModel *model = ctx->model;
  guint n_ports = ctx->port_base[sys->n_parts];
  g_autofree guint *parent = g_new (guint, n_ports);
  g_autofree int *node_of_root = g_new (int, n_ports);

  for (guint p = 0; p < n_ports; p++)
    {
      parent[p] = p;
      node_of_root[p] = -1;
    }
  for (guint c = 0; c < sw_model_get_n_connections (model); c++)
    {
      const SwConnection *conn = sw_model_get_connection (model, c);

      uf_union (parent, ctx->port_base[conn->from_component] + conn->from_port,
                ctx->port_base[conn->to_component] + conn->to_port);
    }
  ctx->port_node = g_new (guint, n_ports);
  ctx->node_ports = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  for (guint p = 0; p < n_ports; p++)
    {
      guint root = uf_find (parent, p);

      if (node_of_root[root] < 0)
        {
          node_of_root[root] = ctx->node_ports->len;
          g_ptr_array_add (ctx->node_ports, g_array_new (FALSE, FALSE, sizeof (guint)));
        }
      ctx->port_node[p] = node_of_root[root];
      g_array_append_val (g_ptr_array_index (ctx->node_ports, node_of_root[root]), p);
    }
  sys->n_nodes = ctx->node_ports->len;
  sys->mass = g_new0 (double, MAX (sys->n_nodes, 1));
}

static void
build_parts (Ctx *ctx)
{
  SwSystem *sys = ctx->system;
  guint n = sw_model_get_n_components (ctx->model);

  sys->n_parts = n;
  sys->parts = g_new0 (SwPart, MAX (n, 1));
  ctx->port_base = g_new (guint, n + 1);
  ctx->port_base[0] = 0;
  for (guint i = 0; i < n; i++)
    {
      const SwComponent *c = sw_model_get_component (ctx->model, i);
      SwPart *p = &sys->parts[i];

      p->kind = c->kind;
      p->id = g_strdup (c->id);
      p->component = i;
      memcpy (p->param, c->param, sizeof p->param);
      for (guint k = 0; k < c->kind->n_params; k++)
        if (c->signal[k] != NULL)
          p->signal[k] = sw_signal_ref (c->signal[k]);
      ctx->port_base[i + 1] = ctx->port_base[i] + c->kind->n_ports;
    }
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
    for (guint k = 0; k < el->expr[i].terms->len; k++)
      {
        if (g_array_index (el->expr[i].terms, SwTerm, k).index < sys->n_nodes)
          nnz_t++;
        else
          nnz_p++;
      }
  sys->t_start = g_new (guint, sys->n_nodes + 1);
  sys->p_start = g_new (guint, sys->n_nodes + 1);
  sys->t_terms = g_new (SwTerm, MAX (nnz_t, 1));
  sys->p_terms = g_new (SwTerm, MAX (nnz_p, 1));
  sys->x_const = g_new (double, MAX (sys->n_nodes, 1));
  nnz_t = nnz_p = 0;
  for (guint i = 0; i < sys->n_nodes; i++)
    {
      sys->t_start[i] = nnz_t;
      sys->p_start[i] = nnz_p;
      sys->x_const[i] = el->expr[i].c0;
      for (guint k = 0; k < el->expr[i].terms->len; k++)
        {
          SwTerm t = g_array_index (el->expr[i].terms, SwTerm, k);

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

static gboolean
eliminate (Ctx *ctx, GArray *raw_rows, GError **error)
{
  SwSystem *sys = ctx->system;
  Elim el = { 0 };
  gboolean ok = TRUE;

  el.n_vars = sys->n_nodes + sys->n_drivers;
  el.expr = g_new0 (Expr, MAX (sys->n_nodes, 1));
  el.occ = g_new0 (GArray *, MAX (sys->n_nodes, 1));
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

      el.expr[i].terms = g_array_new (FALSE, FALSE, sizeof (SwTerm));
      g_array_append_val (el.expr[i].terms, t);
      el.occ[i] = g_array_new (FALSE, FALSE, sizeof (guint));
      g_array_append_val (el.occ[i], i);
    }

  sys->n_rows = raw_rows->len;
  sys->rows = g_new0 (SwRow, MAX (raw_rows->len, 1));
  /* Pins (fixed flanges, grounded supports) first, so that a row closing a
   * kinematic loop is recognised as one. */
  for (int pass = 0; pass < 2; pass++)
    for (guint r = 0; r < raw_rows->len && ok; r++)
      {
        const RawRow *raw = &g_array_index (raw_rows, RawRow, r);
        SwRow *row = &sys->rows[r];
        gboolean pin = raw->n == 1 && raw->driver < 0;

        if (pin != (pass == 0))
          continue;
        row->part = raw->part;
        row->n = raw->n;
        memcpy (row->nodes, raw->nodes, sizeof row->nodes);
        memcpy (row->coeffs, raw->coeffs, sizeof row->coeffs);
        ok = eliminate_row (ctx, &el, raw_rows, r, &row->redundant, error);
      }
  if (ok)
    flatten (sys, &el);

  for (guint i = 0; i < sys->n_nodes; i++)
    {
      g_array_unref (el.expr[i].terms);
      if (el.occ[i] != NULL)
        g_array_unref (el.occ[i]);
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

SwSystem *
sw_model_assemble (SwModel *model, GError **error)
{
  g_autoptr (SwSystem) sys = g_new0 (SwSystem, 1);
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (RawRow));
  g_autoptr (GArray) initials = g_array_new (FALSE, FALSE, sizeof (Initial));
  g_autoptr (GArray) drivers = g_array_new (FALSE, FALSE, sizeof (SwDriver));
  g_autoptr (GArray) bodies = g_array_new (FALSE, FALSE, sizeof (SwBody));
  g_autoptr (GArray) couplings = g_array_new (FALSE, FALSE, sizeof (SwMassCoupling));
  Ctx ctx = { .system = sys, .model = model };
  SwBuilder builder = { .system = sys, .rows = rows, .drivers = drivers, .initials = initials, .bodies = bodies,
                        .couplings = couplings };
  const SwSimulationSettings *settings;
  gboolean ok;

  g_return_val_if_fail (SW_IS_MODEL (model), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  sw_init ();
  g_atomic_ref_count_init (&sys->ref_count);
  sys->name = g_strdup (sw_model_get_name (model));
  settings = sw_model_get_simulation (model);
  sys->settings = *settings;
  sys->settings.method = g_strdup (settings->method);
  sys->time_events = g_array_new (FALSE, FALSE, sizeof (double));

  build_parts (&ctx);
  build_nodes (&ctx);
  for (guint i = 0; i < sys->n_parts; i++)
    {
      SwPart *p = &sys->parts[i];

      for (guint port = 0; port < p->kind->n_ports; port++)
        p->node[port] = ctx.port_node[ctx.port_base[i] + port];
      p->first_row = rows->len;
      if (p->kind->build != NULL)
        p->kind->build (p, &builder);
      p->n_rows = rows->len - p->first_row;
    }
  /* An unconnected support is fixed to ground. */
  for (guint i = 0; i < sys->n_parts; i++)
    {
      SwPart *p = &sys->parts[i];

      for (guint port = 0; port < p->kind->n_ports; port++)
        {
          GArray *ports = g_ptr_array_index (ctx.node_ports, p->node[port]);
          RawRow pin = { .part = i, .n = 1, .nodes = { p->node[port] }, .coeffs = { 1 }, .driver = -1 };

          if (p->kind->ports[port].is_support && ports->len == 1)
            g_array_append_val (rows, pin);
        }
    }
  sys->n_couplings = couplings->len;
  sys->couplings = g_memdup2 (couplings->data, MAX (couplings->len, 1) * sizeof (SwMassCoupling));
  sys->n_bodies = bodies->len;
  sys->bodies = g_memdup2 (bodies->data, MAX (bodies->len, 1) * sizeof (SwBody));
  sys->n_drivers = drivers->len;
  sys->drivers = g_memdup2 (drivers->data, MAX (drivers->len, 1) * sizeof (SwDriver));
  ctx.drivers = sys->drivers;
  {
    GArray *fp = g_array_new (FALSE, FALSE, sizeof (guint));
    for (guint i = 0; i < sys->n_parts; i++)
      if (sys->parts[i].kind->forces != NULL)
        g_array_append_val (fp, i);
    sys->n_force_parts = fp->len;
    sys->force_parts = (guint *) g_array_free (fp, FALSE);
  }

  ok = eliminate (&ctx, rows, error)
       && classify_coords (&ctx, error)
       && build_massive_blocks (&ctx, error);
  if (ok)
    {
      build_massless_blocks (sys);
      build_row_blocks (sys);
      ok = compute_initial_values (&ctx, initials, error);
    }
  /* One evaluation at the start finds massless sections nothing holds. */
  if (ok)
    {
      g_autoptr (SwEquations) eq = sw_equations_new (sys);

      if (!sw_equations_eval (eq, 0, sys->y0, NULL))
        {
          g_set_error (error, SW_ERROR, eq->error->code, "%s: error: %s", sw_model_get_display_name (model),
                       eq->error->message);
          ok = FALSE;
        }
    }

  g_free (ctx.port_base);
  g_free (ctx.port_node);
  if (ctx.node_ports != NULL)
    g_ptr_array_unref (ctx.node_ports);
  return ok ? g_steal_pointer (&sys) : NULL;
}

/* ---- Accessors and lifetime --------------------------------------------- */

SwSystem *
sw_system_ref (SwSystem *system)
{
  g_return_val_if_fail (system != NULL, NULL);
  g_atomic_ref_count_inc (&system->ref_count);
  return system;
}

static void
free_blocks (SwBlock *blocks, guint n)
{
  for (guint b = 0; b < n; b++)
    {
      g_free (blocks[b].coords);
      g_free (blocks[b].parts);
      g_free (blocks[b].nodes);
      if (blocks[b].chol != NULL)
        gsl_matrix_free (blocks[b].chol);
    }
  g_free (blocks);
}

void
sw_system_unref (SwSystem *sys)
{
  g_return_if_fail (sys != NULL);
  if (!g_atomic_ref_count_dec (&sys->ref_count))
    return;

  for (guint i = 0; i < sys->n_parts; i++)
    {
      g_free ((char *) sys->parts[i].id);
      for (guint k = 0; k < SW_KIND_MAX_PARAMS; k++)
        g_clear_pointer (&sys->parts[i].signal[k], sw_signal_unref);
    }
  for (guint k = 0; k < sys->n_drivers; k++)
    sw_signal_unref (sys->drivers[k].signal);
  free_blocks (sys->massive_blocks, sys->n_massive_blocks);
  free_blocks (sys->first_order_blocks, sys->n_first_order_blocks);
  free_blocks (sys->algebraic_blocks, sys->n_algebraic_blocks);
  for (guint b = 0; b < sys->n_row_blocks; b++)
    {
      g_free (sys->row_blocks[b].rows);
      g_free (sys->row_blocks[b].nodes);
      if (sys->row_blocks[b].chol != NULL)
        gsl_matrix_free (sys->row_blocks[b].chol);
    }
  g_free (sys->row_blocks);
  g_free (sys->parts);
  g_free (sys->name);
  g_free (sys->settings.method);
  g_free (sys->mass);
  g_free (sys->t_start);
  g_free (sys->t_terms);
  g_free (sys->p_start);
  g_free (sys->p_terms);
  g_free (sys->x_const);
  g_free (sys->c_start);
  g_free (sys->c_terms);
  g_free (sys->coord_class);
  g_free (sys->coord_state);
  g_free (sys->drivers);
  g_free (sys->bodies);
  g_free (sys->couplings);
  g_free (sys->rows);
  g_free (sys->y0);
  g_free (sys->q_guess);
  g_free (sys->force_parts);
  if (sys->time_events != NULL)
    g_array_unref (sys->time_events);
  g_free (sys);
}

const char *sw_system_get_name (const SwSystem *s) { return s->name; }
guint sw_system_get_n_parts (const SwSystem *s) { return s->n_parts; }
guint sw_system_get_n_nodes (const SwSystem *s) { return s->n_nodes; }
guint sw_system_get_n_dofs (const SwSystem *s) { return s->n_massive; }
guint sw_system_get_n_massless (const SwSystem *s) { return s->n_first_order + s->n_algebraic; }
guint sw_system_get_n_states (const SwSystem *s) { return s->n_states; }
const SwSimulationSettings *sw_system_get_settings (const SwSystem *s) { return &s->settings; }

const SwPart *
sw_system_get_part (const SwSystem *s, guint index)
{
  g_return_val_if_fail (index < s->n_parts, NULL);
  return &s->parts[index];
}
