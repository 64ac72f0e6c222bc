/* sw-jacobian.c: the band structure of the reduced equations' Jacobian,
 * the Jacobian assembled from the elements' tangents, and the model's
 * fastest rate (see sw-jacobian-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-jacobian-private.h"
#include "sw-band-order-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A clique larger than this makes the pattern dense (its pairs alone would
 * cost more than a dense matrix's columns). */
#define MAX_CLIQUE 2000

typedef struct {
  const SwSystem *sys;
  GArray *pairs;      /* guint pairs (a, b) of coupled state coordinates */
  guint  *members;    /* scratch: one clique */
  guint  *mark;       /* per coordinate: stamp of the clique it is in */
  guint   stamp;
  guint   n;          /* members */
  gboolean too_wide;
} Cliques;

/* The graph's vertices: the coordinates, then the drivers (a speed or
 * acceleration source integrates its signal in states of its own, which
 * the forces on the nodes it drives read). */
static guint
n_states_of (const SwSystem *sys, guint v)
{
  if (v < sys->n_coords)
    return sys->coord_class[v] == SW_COORD_MASSIVE ? 2 : sys->coord_class[v] == SW_COORD_FIRST_ORDER ? 1 : 0;
  return _sw_driver_n_states (&sys->drivers[v - sys->n_coords]);
}

static gboolean
is_state_coord (const SwSystem *sys, guint v)
{
  return n_states_of (sys, v) > 0;
}

/* The state slot of the vertex's k-th state. */
static guint
state_of (const SwSystem *sys, guint v, guint k)
{
  if (v < sys->n_coords)
    return k == 0 && sys->coord_class[v] == SW_COORD_MASSIVE ? v : v + sys->n_massive;
  return sys->drivers[v - sys->n_coords].state + k;
}

static void
clique_begin (Cliques *c)
{
  c->stamp++;
  c->n = 0;
}

static void
clique_add (Cliques *c, guint j)
{
  if (c->mark[j] == c->stamp || !is_state_coord (c->sys, j))
    return;
  c->mark[j] = c->stamp;
  if (c->n < MAX_CLIQUE)
    c->members[c->n++] = j;
  else
    c->too_wide = TRUE;
}

/* Every coordinate the node follows. */
static void
clique_add_node (Cliques *c, guint node)
{
  const SwSystem *sys = c->sys;

  for (guint k = sys->t_start[node]; k < sys->t_start[node + 1]; k++)
    clique_add (c, sys->t_terms[k].index);
  for (guint k = sys->p_start[node]; k < sys->p_start[node + 1]; k++)
    clique_add (c, sys->n_coords + sys->p_terms[k].index);
}

static void
clique_add_part (Cliques *c, guint part)
{
  const SwPart *p = &c->sys->parts[part];

  for (guint k = 0; k < sw_part_n_nodes (p); k++)
    clique_add_node (c, p->node[k]);
}

static void
clique_end (Cliques *c)
{
  if (c->too_wide)
    return;
  for (guint a = 0; a < c->n; a++)
    for (guint b = 0; b < c->n; b++)
      if (a != b)
        {
          guint pair[2] = { c->members[a], c->members[b] };
          g_array_append_vals (c->pairs, pair, 2);
        }
}

static int
compare_pairs (gconstpointer a, gconstpointer b)
{
  const guint *x = a, *y = b;

  if (x[0] != y[0])
    return x[0] < y[0] ? -1 : 1;
  return x[1] < y[1] ? -1 : x[1] > y[1];
}

/* Adjacency in compressed rows (no self, no duplicates) from the pairs. */
static void
adjacency (GArray *pairs, guint n, guint **start, guint **adj)
{
  guint *p = (guint *) pairs->data, m = pairs->len / 2, len = 0;

  if (m > 0)   /* an empty GArray has no data to sort */
    qsort (p, m, 2 * sizeof (guint), compare_pairs);
  *start = g_new0 (guint, n + 1);
  *adj = g_new (guint, MAX (m, 1));
  for (guint k = 0; k < m; k++)
    {
      if (k > 0 && p[2 * k] == p[2 * k - 2] && p[2 * k + 1] == p[2 * k - 1])
        continue;
      (*adj)[len++] = p[2 * k + 1];
      (*start)[p[2 * k] + 1]++;
    }
  for (guint j = 0; j < n; j++)
    (*start)[j + 1] += (*start)[j];
}

/* Reverse Cuthill-McKee over the state coordinates: each component breadth
 * first from a coordinate of least degree, neighbours by increasing degree. */
static guint *
reverse_cuthill_mckee (const SwSystem *sys, const guint *start, const guint *adj, guint *n_out)
{
  guint n = sys->n_coords + sys->n_drivers, n_roots = 0;
  g_autofree guint *roots = g_new (guint, MAX (n, 1));
  guint *order = g_new (guint, MAX (n, 1));

  for (guint j = 0; j < n; j++)
    if (is_state_coord (sys, j))
      roots[n_roots++] = j;
  _sw_band_sort_by_degree (start, roots, n_roots);
  *n_out = _sw_band_order (n, start, adj, roots, n_roots, TRUE, TRUE, NULL, 0, order);
  return order;
}

static void
massless_block_clique (Cliques *c, const SwBlock *blk)
{
  clique_begin (c);
  for (guint k = 0; k < blk->n; k++)
    clique_add (c, blk->coords[k]);
  for (guint k = 0; k < blk->n_parts; k++)
    clique_add_part (c, blk->parts[k]);
  for (guint k = 0; k < blk->n_nodes; k++)
    clique_add_node (c, blk->nodes[k]);
  clique_end (c);
}

SwJacobianPattern *
_sw_jacobian_pattern_new (const SwSystem *sys)
{
  SwJacobianPattern *pat = g_new0 (SwJacobianPattern, 1);
  guint nc = sys->n_coords + sys->n_drivers, n_order = 0;
  g_autoptr (GArray) pairs = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree guint *members = g_new (guint, MAX_CLIQUE);
  g_autofree guint *mark = NULL;
  g_autofree guint *start = NULL;
  g_autofree guint *adj = NULL;
  g_autofree guint *coord_order = NULL;
  g_autofree int *position = NULL;
  Cliques c = { sys, pairs, members, mark, 0, 0, FALSE };
  g_autofree SwLinearElement *linear = _sw_system_dup_linear (sys);

  pat->n = sys->n_states;
  pat->order = g_new (guint, MAX (pat->n, 1));
  mark = g_new0 (guint, MAX (nc, 1));
  c.mark = mark;

  /* Force elements: flat linear ones, then the parts called. */
  for (guint k = 0; k < sys->n_linear; k++)
    {
      const SwLinearElement *e = &linear[k];

      clique_begin (&c);
      if (e->ka != 0)
        clique_add (&c, e->ja);
      if (e->kb != 0)
        clique_add (&c, e->jb);
      clique_end (&c);
    }
  for (guint k = 0; k < sys->n_called_parts; k++)
    {
      clique_begin (&c);
      clique_add_part (&c, sys->called_parts[k]);
      clique_end (&c);
    }
  for (guint b = 0; b < sys->n_first_order_blocks; b++)
    massless_block_clique (&c, &sys->first_order_blocks[b]);
  for (guint b = 0; b < sys->n_algebraic_blocks; b++)
    massless_block_clique (&c, &sys->algebraic_blocks[b]);
  /* A massive block shares every force on one of its coordinates with the
   * others (M^-1 is full over the block). */
  if (sys->n_massive_blocks > 0 && !c.too_wide)
    {
      adjacency (pairs, nc, &start, &adj);
      for (guint b = 0; b < sys->n_massive_blocks; b++)
        {
          const SwBlock *blk = &sys->massive_blocks[b];

          if (blk->n < 2)
            continue;
          clique_begin (&c);
          for (guint k = 0; k < blk->n; k++)
            {
              guint j = blk->coords[k];

              clique_add (&c, j);
              for (guint a = start[j]; a < start[j + 1]; a++)
                clique_add (&c, adj[a]);
            }
          clique_end (&c);
        }
      g_clear_pointer (&start, g_free);
      g_clear_pointer (&adj, g_free);
    }

  if (c.too_wide)
    {
      for (guint i = 0; i < pat->n; i++)
        pat->order[i] = i;
      pat->lower = pat->upper = pat->n > 0 ? pat->n - 1 : 0;
      pat->dense = TRUE;
      return pat;
    }

  adjacency (pairs, nc, &start, &adj);
  coord_order = reverse_cuthill_mckee (sys, start, adj, &n_order);

  /* Each coordinate's position, then its velocity. */
  position = g_new (int, MAX (nc, 1));
  {
    guint i = 0;

    for (guint k = 0; k < n_order; k++)
      {
        guint j = coord_order[k];

        position[j] = i;
        for (guint w = 0; w < n_states_of (sys, j); w++)
          pat->order[i++] = state_of (sys, j, w);
      }
    g_assert (i == pat->n);
  }
  /* Bandwidths over every coupled pair, row by row: a massive
   * coordinate's position row reads only its velocity, its velocity row
   * every state coupled to it; a first-order position's row those too; a
   * driver's rows read only its own states. */
  for (guint j = 0; j < nc; j++)
    {
      int wj, row;

      if (!is_state_coord (sys, j))
        continue;
      wj = n_states_of (sys, j);
      /* Within the vertex: q' = v (above), v' reads q (below). */
      if (wj == 2)
        {
          pat->upper = MAX (pat->upper, 1);
          /* A filter's acceleration reads its own position too. */
          if (j < sys->n_coords || sys->drivers[j - sys->n_coords].motion != SW_MOTION_ACCELERATION)
            pat->lower = MAX (pat->lower, 1);
        }
      if (j >= sys->n_coords)
        continue;
      row = position[j] + wj - 1;
      for (guint a = start[j]; a < start[j + 1]; a++)
        {
          guint k = adj[a];
          int wk = n_states_of (sys, k);
          int hi = position[k] + wk - 1 - row, lo = row - position[k];

          if (wk == 0)
            continue;
          if (hi > 0)
            pat->upper = MAX (pat->upper, (guint) hi);
          if (lo > 0)
            pat->lower = MAX (pat->lower, (guint) lo);
        }
    }
  /* A band wider than half the matrix saves nothing on a small one. */
  pat->dense = pat->n <= 12 || 2 * (pat->lower + pat->upper) >= pat->n;
  return pat;
}

void
_sw_jacobian_pattern_free (SwJacobianPattern *pat)
{
  if (pat == NULL)
    return;
  g_free (pat->order);
  g_free (pat);
}


/* ---- The Jacobian ------------------------------------------------------- */

struct _SwJacobian {
  const SwSystem          *sys;
  const SwJacobianPattern *pat;
  SwLinearElement         *linear;   /* the system's linear elements (_sw_system_dup_linear) */
  guint     n;             /* states */
  guint     nv;            /* vertices: coordinates, then drivers */
  guint    *where;         /* system state -> position in the pattern's order */
  /* Vertices a massless block reads: their columns by differences of the
   * whole right-hand side, at these positions (ascending). */
  gboolean *by_differences;
  guint     n_diff_positions;
  guint    *diff_positions;
  /* Per vertex, the called parts whose forces depend on the motion of a
   * node it moves (CSR). */
  guint    *vp_start, *vp;
  /* Per driver, the nodes that follow it (columns of P, CSR). */
  guint    *dn_start;
  SwTerm   *dn;
  /* Per coordinate, the flat linear elements with an end on it (CSR). */
  guint    *le_start, *le;
  /* Per coordinate: its massive block of two or more (-1: none) and its
   * place in it. */
  int      *block_of;
  guint    *block_pos;
  /* Scratch: one column of dQ (per coordinate, with the list of those
   * written), the blocks it touches, a block's right-hand side, and
   * states for the differences. */
  double   *dQ;
  guint    *touched, *mark, n_touched, stamp;
  guint    *blocks, *block_mark, n_blocks;
  double   *rhs;
  double   *f0, *f1, *yy;
  guint64   n_evals;
};

/* Marks every state vertex a massless block reads. */
static void
mark_block_reach (const SwSystem *sys, const SwBlock *blk, gboolean *mark)
{
  for (guint k = 0; k < blk->n; k++)
    mark[blk->coords[k]] = TRUE;
  for (guint k = 0; k < blk->n_parts + blk->n_nodes; k++)
    {
      const SwPart *p = k < blk->n_parts ? &sys->parts[blk->parts[k]] : NULL;
      guint n_nodes = p != NULL ? sw_part_n_nodes (p) : 1;

      for (guint port = 0; port < n_nodes; port++)
        {
          guint node = p != NULL ? p->node[port] : blk->nodes[k - blk->n_parts];

          for (guint t = sys->t_start[node]; t < sys->t_start[node + 1]; t++)
            mark[sys->t_terms[t].index] = TRUE;
          for (guint t = sys->p_start[node]; t < sys->p_start[node + 1]; t++)
            mark[sys->n_coords + sys->p_terms[t].index] = TRUE;
        }
    }
}

/* CSR from (key, value) pairs, keys < n_keys, each pair once. */
static void
csr_from_pairs (GArray *pairs, guint n_keys, guint **start, guint **values)
{
  guint *p = (guint *) pairs->data, m = pairs->len / 2, len = 0;

  if (m > 0)
    qsort (p, m, 2 * sizeof (guint), compare_pairs);
  *start = g_new0 (guint, n_keys + 1);
  *values = g_new (guint, MAX (m, 1));
  for (guint k = 0; k < m; k++)
    {
      if (k > 0 && p[2 * k] == p[2 * k - 2] && p[2 * k + 1] == p[2 * k - 1])
        continue;
      (*values)[len++] = p[2 * k + 1];
      (*start)[p[2 * k] + 1]++;
    }
  for (guint j = 0; j < n_keys; j++)
    (*start)[j + 1] += (*start)[j];
}

static void
append_pair (GArray *pairs, guint key, guint value)
{
  guint pair[2] = { key, value };

  g_array_append_vals (pairs, pair, 2);
}

SwJacobian *
_sw_jacobian_new (const SwSystem *sys, const SwJacobianPattern *pat)
{
  SwJacobian *jac = g_new0 (SwJacobian, 1);
  guint nc = sys->n_coords, nn = sys->n_nodes, n_mb = 1;
  g_autoptr (GArray) pairs = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree guint *np_start = NULL, *np = NULL;
  g_autofree guint *dn_count = NULL;
  g_autofree guint *state_vertex = NULL;

  jac->sys = sys;
  jac->pat = pat;
  jac->n = sys->n_states;
  jac->nv = nc + sys->n_drivers;
  g_assert (pat->n == jac->n);

  jac->where = g_new (guint, MAX (jac->n, 1));
  for (guint i = 0; i < jac->n; i++)
    jac->where[pat->order[i]] = i;

  /* Which vertex each state belongs to. */
  state_vertex = g_new (guint, MAX (jac->n, 1));
  for (guint v = 0; v < jac->nv; v++)
    for (guint w = 0; w < n_states_of (sys, v); w++)
      state_vertex[state_of (sys, v, w)] = v;

  jac->by_differences = g_new0 (gboolean, MAX (jac->nv, 1));
  for (guint b = 0; b < sys->n_first_order_blocks; b++)
    mark_block_reach (sys, &sys->first_order_blocks[b], jac->by_differences);
  for (guint b = 0; b < sys->n_algebraic_blocks; b++)
    mark_block_reach (sys, &sys->algebraic_blocks[b], jac->by_differences);
  jac->diff_positions = g_new (guint, MAX (jac->n, 1));
  for (guint i = 0; i < jac->n; i++)
    if (jac->by_differences[state_vertex[pat->order[i]]])
      jac->diff_positions[jac->n_diff_positions++] = i;

  /* Drivers' nodes. */
  dn_count = g_new0 (guint, MAX (sys->n_drivers, 1));
  jac->dn_start = g_new0 (guint, sys->n_drivers + 1);
  for (guint i = 0; i < nn; i++)
    for (guint t = sys->p_start[i]; t < sys->p_start[i + 1]; t++)
      jac->dn_start[sys->p_terms[t].index + 1]++;
  for (guint d = 0; d < sys->n_drivers; d++)
    jac->dn_start[d + 1] += jac->dn_start[d];
  jac->dn = g_new (SwTerm, MAX (jac->dn_start[sys->n_drivers], 1));
  for (guint i = 0; i < nn; i++)
    for (guint t = sys->p_start[i]; t < sys->p_start[i + 1]; t++)
      {
        guint d = sys->p_terms[t].index;

        jac->dn[jac->dn_start[d] + dn_count[d]++] = (SwTerm) { i, sys->p_terms[t].coeff };
      }

  /* Nodes -> called parts whose forces depend on the motion, then
   * vertices -> those parts. */
  for (guint k = 0; k < sys->n_called_parts; k++)
    {
      const SwPart *p = &sys->parts[sys->called_parts[k]];

      if ((p->force_flags & (SW_FORCE_STIFFNESS | SW_FORCE_DAMPING)) == 0)
        continue;
      for (guint port = 0; port < sw_part_n_nodes (p); port++)
        append_pair (pairs, p->node[port], sys->called_parts[k]);
    }
  csr_from_pairs (pairs, nn, &np_start, &np);
  g_array_set_size (pairs, 0);
  for (guint j = 0; j < nc; j++)
    for (guint c = sys->c_start[j]; c < sys->c_start[j + 1]; c++)
      for (guint a = np_start[sys->c_terms[c].index]; a < np_start[sys->c_terms[c].index + 1]; a++)
        append_pair (pairs, j, np[a]);
  for (guint d = 0; d < sys->n_drivers; d++)
    for (guint k = jac->dn_start[d]; k < jac->dn_start[d + 1]; k++)
      for (guint a = np_start[jac->dn[k].index]; a < np_start[jac->dn[k].index + 1]; a++)
        append_pair (pairs, nc + d, np[a]);
  csr_from_pairs (pairs, jac->nv, &jac->vp_start, &jac->vp);

  /* Coordinates -> flat linear elements (the jacobian's own copy). */
  jac->linear = _sw_system_dup_linear (sys);
  g_array_set_size (pairs, 0);
  for (guint k = 0; k < sys->n_linear; k++)
    {
      const SwLinearElement *e = &jac->linear[k];

      if (e->ka != 0)
        append_pair (pairs, e->ja, k);
      if (e->kb != 0)
        append_pair (pairs, e->jb, k);
    }
  csr_from_pairs (pairs, nc, &jac->le_start, &jac->le);

  /* Massive blocks of two or more. */
  jac->block_of = g_new (int, MAX (nc, 1));
  jac->block_pos = g_new0 (guint, MAX (nc, 1));
  for (guint j = 0; j < nc; j++)
    jac->block_of[j] = -1;
  for (guint b = 0; b < sys->n_massive_blocks; b++)
    {
      const SwBlock *blk = &sys->massive_blocks[b];

      if (blk->n < 2)
        continue;
      n_mb = MAX (n_mb, blk->n);
      for (guint k = 0; k < blk->n; k++)
        {
          jac->block_of[blk->coords[k]] = b;
          jac->block_pos[blk->coords[k]] = k;
        }
    }

  jac->dQ = g_new0 (double, MAX (nc, 1));
  jac->touched = g_new (guint, MAX (nc, 1));
  jac->mark = g_new0 (guint, MAX (nc, 1));
  jac->blocks = g_new (guint, MAX (sys->n_massive_blocks, 1));
  jac->block_mark = g_new0 (guint, MAX (sys->n_massive_blocks, 1));
  jac->rhs = g_new0 (double, n_mb);
  jac->f0 = g_new0 (double, MAX (jac->n, 1));
  jac->f1 = g_new0 (double, MAX (jac->n, 1));
  jac->yy = g_new0 (double, MAX (jac->n, 1));
  return jac;
}

void
_sw_jacobian_free (SwJacobian *jac)
{
  if (jac == NULL)
    return;
  g_free (jac->where);
  g_free (jac->by_differences);
  g_free (jac->diff_positions);
  g_free (jac->vp_start);
  g_free (jac->vp);
  g_free (jac->dn_start);
  g_free (jac->dn);
  g_free (jac->le_start);
  g_free (jac->le);
  g_free (jac->linear);
  g_free (jac->block_of);
  g_free (jac->block_pos);
  g_free (jac->dQ);
  g_free (jac->touched);
  g_free (jac->mark);
  g_free (jac->blocks);
  g_free (jac->block_mark);
  g_free (jac->rhs);
  g_free (jac->f0);
  g_free (jac->f1);
  g_free (jac->yy);
  g_free (jac);
}

guint64
_sw_jacobian_get_n_evals (const SwJacobian *jac)
{
  return jac->n_evals;
}

/* Adds v at (row, column) (system states) into out. */
static inline void
put (const SwJacobian *jac, const SwJacobianMatrix *out, guint row, guint col, double v)
{
  guint r = out->in_order ? jac->where[row] : row, c = out->in_order ? jac->where[col] : col;
  guint pr = jac->where[row], pc = jac->where[col];

  /* Only where the pattern says the Jacobian can be nonzero (a band
   * matrix has no room elsewhere). */
  g_assert (pr <= pc + jac->pat->lower && pc <= pr + jac->pat->upper);
  out->data[c * out->col_stride + r + out->offset] += v;
}

static inline void
dq_add (SwJacobian *jac, guint j, double v)
{
  if (jac->mark[j] != jac->stamp)
    {
      jac->mark[j] = jac->stamp;
      jac->dQ[j] = 0;
      jac->touched[jac->n_touched++] = j;
    }
  jac->dQ[j] += v;
}

static void
column_begin (SwJacobian *jac)
{
  jac->stamp++;
  jac->n_touched = 0;
}

/* The flat linear elements on coordinate j: dQ/dq_j (velocity FALSE,
 * from c) or dQ/dq'_j (from d). */
static void
column_linear (SwJacobian *jac, guint j, gboolean velocity)
{
  for (guint a = jac->le_start[j]; a < jac->le_start[j + 1]; a++)
    {
      const SwLinearElement *e = &jac->linear[jac->le[a]];
      double g = velocity ? e->d : e->c;
      double dtau = g * ((e->jb == j ? e->kb : 0) - (e->ja == j ? e->ka : 0));

      if (dtau == 0)
        continue;
      if (e->ka != 0)
        dq_add (jac, e->ja, e->ka * dtau);
      if (e->kb != 0)
        dq_add (jac, e->jb, -e->kb * dtau);
    }
}

/* The called parts' forces at the nodes' current values, times scale,
 * into dQ. Leaves f at their nodes 0. */
static void
parts_Q (SwJacobian *jac, SwEquations *eq, const SwState *state, guint v, SwForceFlags flag, double scale)
{
  const SwSystem *sys = jac->sys;

  for (guint a = jac->vp_start[v]; a < jac->vp_start[v + 1]; a++)
    {
      const SwPart *p = &sys->parts[jac->vp[a]];

      if (p->force_flags & flag)
        for (guint port = 0; port < sw_part_n_nodes (p); port++)
          eq->f[p->node[port]] = 0;
    }
  for (guint a = jac->vp_start[v]; a < jac->vp_start[v + 1]; a++)
    {
      const SwPart *p = &sys->parts[jac->vp[a]];

      if (p->force_flags & flag)
        p->kind->forces (p, state, eq->f);
    }
  for (guint a = jac->vp_start[v]; a < jac->vp_start[v + 1]; a++)
    {
      const SwPart *p = &sys->parts[jac->vp[a]];

      if (!(p->force_flags & flag))
        continue;
      for (guint port = 0; port < sw_part_n_nodes (p); port++)
        {
          guint i = p->node[port];

          /* Each node once: ports of several parts may share it. */
          if (eq->f[i] == 0)
            continue;
          for (guint t = sys->t_start[i]; t < sys->t_start[i + 1]; t++)
            dq_add (jac, sys->t_terms[t].index, scale * sys->t_terms[t].coeff * eq->f[i]);
          eq->f[i] = 0;
        }
    }
}

/* Moves the nodes vertex v moves (x or v) by dz. */
static void
shift (SwJacobian *jac, SwEquations *eq, guint v, double *target, double dz)
{
  const SwSystem *sys = jac->sys;

  if (v < sys->n_coords)
    for (guint c = sys->c_start[v]; c < sys->c_start[v + 1]; c++)
      target[sys->c_terms[c].index] += sys->c_terms[c].coeff * dz;
  else
    for (guint k = jac->dn_start[v - sys->n_coords]; k < jac->dn_start[v - sys->n_coords + 1]; k++)
      target[jac->dn[k].index] += jac->dn[k].coeff * dz;
}

/* The called parts on vertex v: dQ by central differences of their own
 * forces over its position (velocity FALSE) or velocity state, z. */
static void
column_parts (SwJacobian *jac, SwEquations *eq, const SwState *state, guint v, gboolean velocity, double z)
{
  SwForceFlags flag = velocity ? SW_FORCE_DAMPING : SW_FORCE_STIFFNESS;
  double *target = velocity ? eq->v : eq->x;
  double h = 1e-6 * (1 + fabs (z));
  gboolean any = FALSE;

  for (guint a = jac->vp_start[v]; a < jac->vp_start[v + 1] && !any; a++)
    any = (jac->sys->parts[jac->vp[a]].force_flags & flag) != 0;
  if (!any)
    return;
  shift (jac, eq, v, target, h);
  parts_Q (jac, eq, state, v, flag, 0.5 / h);
  shift (jac, eq, v, target, -2 * h);
  parts_Q (jac, eq, state, v, flag, -0.5 / h);
  shift (jac, eq, v, target, h);
}

/* The column col of the Jacobian from dQ: rows of the massive velocities,
 * M^-1 dQ. */
static void
column_end (SwJacobian *jac, const SwJacobianMatrix *out, guint col)
{
  const SwSystem *sys = jac->sys;
  guint nm = sys->n_massive;

  jac->n_blocks = 0;
  for (guint k = 0; k < jac->n_touched; k++)
    {
      guint j = jac->touched[k];
      int b = j < nm ? jac->block_of[j] : -1;

      /* Massless rows belong to columns done by differences. */
      if (j >= nm || jac->dQ[j] == 0)
        continue;
      if (b < 0)
        put (jac, out, j + nm, col, sys->mass_inverse[j] * jac->dQ[j]);
      else if (jac->block_mark[b] != jac->stamp)
        {
          jac->block_mark[b] = jac->stamp;
          jac->blocks[jac->n_blocks++] = b;
        }
    }
  for (guint k = 0; k < jac->n_blocks; k++)
    {
      const SwBlock *blk = &sys->massive_blocks[jac->blocks[k]];

      memset (jac->rhs, 0, blk->n * sizeof (double));
      for (guint a = 0; a < jac->n_touched; a++)
        {
          guint j = jac->touched[a];

          if (j < nm && jac->block_of[j] == (int) jac->blocks[k])
            jac->rhs[jac->block_pos[j]] = jac->dQ[j];
        }
      _sw_band_solve (blk->n, blk->band, blk->factor, blk->diag_inverse, jac->rhs);
      for (guint a = 0; a < blk->n; a++)
        if (jac->rhs[a] != 0)
          put (jac, out, blk->coords[a] + nm, col, jac->rhs[a]);
    }
}

static gboolean
eval_full (SwJacobian *jac, SwEquations *eq, double t, const double *y, double *f)
{
  jac->n_evals++;
  return sw_equations_eval (eq, t, y, f);
}

/* The columns at the listed positions by forward differences of the whole
 * right-hand side from jac->f0 = f(t, y), in groups of columns lower +
 * upper + 1 apart (no row sees two of a group). */
static gboolean
grouped_differences (SwJacobian *jac, SwEquations *eq, double t, const double *y, const guint *positions,
                     guint m, const SwJacobianMatrix *out)
{
  const SwJacobianPattern *pat = jac->pat;
  guint n = jac->n, width = MIN (pat->lower + pat->upper + 1, n);
  double *yy = jac->yy, *f0 = jac->f0, *f1 = jac->f1;

  memcpy (yy, y, n * sizeof (double));
  for (guint g = 0; g < width; g++)
    {
      gboolean any = FALSE;

      for (guint k = 0; k < m; k++)
        if (positions[k] % width == g)
          {
            guint s = pat->order[positions[k]];

            yy[s] = y[s] + 1e-7 * MAX (1, fabs (y[s]));
            any = TRUE;
          }
      if (!any)
        continue;
      if (!eval_full (jac, eq, t, yy, f1))
        return FALSE;
      for (guint k = 0; k < m; k++)
        {
          guint i = positions[k], s = pat->order[i];
          guint r0 = i > pat->upper ? i - pat->upper : 0, r1 = MIN (n - 1, i + pat->lower);
          double h = yy[s] - y[s];   /* the step as it is represented */

          if (i % width != g)
            continue;
          yy[s] = y[s];
          for (guint r = r0; r <= r1; r++)
            {
              guint row = pat->order[r];
              double d = (f1[row] - f0[row]) / h;

              if (d != 0)
                put (jac, out, row, s, d);
            }
        }
    }
  return TRUE;
}

gboolean
_sw_jacobian_eval (SwJacobian *jac, SwEquations *eq, double t, const double *y, const SwJacobianMatrix *out)
{
  const SwSystem *sys = jac->sys;
  guint nm = sys->n_massive, nc = sys->n_coords;
  gboolean differenced = jac->n_diff_positions > 0 || jac->vp_start[jac->nv] > 0;
  SwState state;

  /* The nodes' values at (t, y), for the parts differenced and as f0. */
  if (differenced && !eval_full (jac, eq, t, y, jac->f0))
    return FALSE;
  sw_equations_get_state (eq, t, t >= eq->left_from, &state);

  for (guint j = 0; j < nm; j++)
    {
      if (jac->by_differences[j])
        continue;
      put (jac, out, j, j + nm, 1);
      for (int velocity = 0; velocity < 2; velocity++)
        {
          column_begin (jac);
          column_linear (jac, j, velocity);
          column_parts (jac, eq, &state, j, velocity, y[j + velocity * nm]);
          column_end (jac, out, j + velocity * nm);
        }
    }
  for (guint d = 0; d < sys->n_drivers; d++)
    {
      const SwDriver *drv = &sys->drivers[d];
      guint w = n_states_of (sys, nc + d);

      if (w == 0 || jac->by_differences[nc + d])
        continue;
      if (w == 2)
        put (jac, out, drv->state, drv->state + 1, 1);
      if (drv->motion == SW_MOTION_FILTERED_POSITION)
        {
          put (jac, out, drv->state + 1, drv->state, -drv->w_crit * drv->w_crit / SW_FILTER_BF);
          put (jac, out, drv->state + 1, drv->state + 1, -SW_FILTER_AF * drv->w_crit / SW_FILTER_BF);
        }
      else if (drv->motion == SW_MOTION_FILTERED_SPEED)
        put (jac, out, drv->state + 1, drv->state + 1, -drv->w_crit);
      for (guint velocity = 0; velocity < w; velocity++)
        {
          column_begin (jac);
          column_parts (jac, eq, &state, nc + d, velocity, y[drv->state + velocity]);
          column_end (jac, out, drv->state + velocity);
        }
    }
  if (jac->n_diff_positions > 0)
    {
    return grouped_differences (jac, eq, t, y, jac->diff_positions, jac->n_diff_positions, out);
    }
  return TRUE;
}

/* The widest band worth a stiffness estimate (its storage is n x width). */
#define MAX_WIDTH 400

double
_sw_jacobian_fastest_rate (const SwJacobianPattern *pat, SwEquations *eq, double t, const double *y)
{
  const SwSystem *sys = eq->sys;
  guint n = pat->n, nm = sys->n_massive, width = pat->lower + pat->upper + 1;
  g_autoptr (SwJacobian) jac = NULL;
  g_autofree double *band = NULL, *s_pos = NULL, *s_vel = NULL;
  SwJacobianMatrix out;
  double rate = 0;

  if (n == 0 || width > MAX_WIDTH)
    return 0;
  jac = _sw_jacobian_new (sys, pat);
  band = g_new0 (double, (gsize) n * width);
  /* Column c, row r at c * width + (r - c + upper). */
  out = (SwJacobianMatrix) { band, width - 1, pat->upper, TRUE };
  if (!_sw_jacobian_eval (jac, eq, t, y, &out))
    {
      g_clear_error (&eq->error);
      return 0;
    }
  s_pos = g_new0 (double, n);   /* per row (system order): sums over position columns */
  s_vel = g_new0 (double, n);   /* and over velocity columns */
  for (guint c = 0; c < n; c++)
    {
      guint s = pat->order[c];
      gboolean velocity = s >= nm && s < 2 * nm;
      guint r0 = c > pat->upper ? c - pat->upper : 0, r1 = MIN (n - 1, c + pat->lower);

      for (guint r = r0; r <= r1; r++)
        {
          double d = fabs (band[(gsize) c * width + r - c + pat->upper]);

          if (velocity)
            s_vel[pat->order[r]] += d;
          else
            s_pos[pat->order[r]] += d;
        }
    }
  /* Decaying rates: the damping rows of massive velocities, the rows of
   * first-order positions. Stiffness rows alone (sqrt(|M^-1 K|)) give
   * oscillations that BDF has to follow as closely as an explicit method,
   * so they do not count. Massive positions (q' = q'') carry no rate. */
  for (guint s = nm; s < n; s++)
    rate = MAX (rate, s < 2 * nm ? s_vel[s] : s_pos[s]);
  return isfinite (rate) ? rate : 0;
}
