/* sw-jacobian.c: the band structure of the reduced equations' Jacobian and
 * the model's fastest rate (see sw-jacobian-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-jacobian-private.h"

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
  switch (sys->drivers[v - sys->n_coords].motion)
    {
    case SW_MOTION_SPEED: return 1;
    case SW_MOTION_ACCELERATION: return 2;
    case SW_MOTION_POSITION:
    default: return 0;
    }
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

  for (guint k = 0; k < p->kind->n_ports; k++)
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

typedef struct {
  const guint *degree;
  guint        j;
} ByDegree;

static int
compare_degree (gconstpointer a, gconstpointer b)
{
  const ByDegree *x = a, *y = b;
  guint dx = x->degree[x->j], dy = y->degree[y->j];

  if (dx != dy)
    return dx < dy ? -1 : 1;
  return x->j < y->j ? -1 : x->j > y->j;
}

/* Reverse Cuthill-McKee over the state coordinates: each component breadth
 * first from a coordinate of least degree, neighbours by increasing degree. */
static guint *
reverse_cuthill_mckee (const SwSystem *sys, const guint *start, const guint *adj, guint *n_out)
{
  guint n = sys->n_coords + sys->n_drivers, len = 0, head = 0;
  g_autofree guint *degree = g_new (guint, n);
  g_autofree gboolean *seen = g_new0 (gboolean, n);
  g_autofree ByDegree *roots = g_new (ByDegree, n);
  g_autofree ByDegree *scratch = g_new (ByDegree, MAX (n, 1));
  guint *order = g_new (guint, MAX (n, 1));
  guint n_roots = 0;

  for (guint j = 0; j < n; j++)
    {
      degree[j] = start[j + 1] - start[j];
      if (is_state_coord (sys, j))
        roots[n_roots++] = (ByDegree) { degree, j };
    }
  qsort (roots, n_roots, sizeof (ByDegree), compare_degree);
  for (guint r = 0; r < n_roots; r++)
    {
      if (seen[roots[r].j])
        continue;
      seen[roots[r].j] = TRUE;
      order[len++] = roots[r].j;
      for (; head < len; head++)
        {
          guint j = order[head], m = 0;

          for (guint k = start[j]; k < start[j + 1]; k++)
            if (!seen[adj[k]])
              {
                seen[adj[k]] = TRUE;
                scratch[m++] = (ByDegree) { degree, adj[k] };
              }
          qsort (scratch, m, sizeof (ByDegree), compare_degree);
          for (guint k = 0; k < m; k++)
            order[len++] = scratch[k].j;
        }
    }
  for (guint a = 0, b = len; a + 1 < b; a++, b--)
    {
      guint s = order[a];
      order[a] = order[b - 1];
      order[b - 1] = s;
    }
  *n_out = len;
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

  pat->n = sys->n_states;
  pat->order = g_new (guint, MAX (pat->n, 1));
  mark = g_new0 (guint, MAX (nc, 1));
  c.mark = mark;

  /* Force elements: flat linear ones, then the parts called. */
  for (guint k = 0; k < sys->n_linear; k++)
    {
      const SwLinearElement *e = &sys->linear[k];

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
  /* Bandwidths over every coupled pair (and each coordinate with itself). */
  for (guint j = 0; j < nc; j++)
    {
      int wj;

      if (!is_state_coord (sys, j))
        continue;
      wj = n_states_of (sys, j);
      pat->lower = MAX (pat->lower, (guint) (wj - 1));
      pat->upper = MAX (pat->upper, (guint) (wj - 1));
      for (guint a = start[j]; a < start[j + 1]; a++)
        {
          guint k = adj[a];
          int wk = n_states_of (sys, k);
          /* Row j's states depend on column k's. */
          int hi = position[k] + wk - 1 - position[j], lo = position[j] + wj - 1 - position[k];

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

/* The widest band worth a stiffness estimate: as many evaluations. */
#define MAX_GROUPS 400

double
_sw_jacobian_fastest_rate (const SwJacobianPattern *pat, SwEquations *eq, double t, const double *y)
{
  const SwSystem *sys = eq->sys;
  guint n = pat->n, nm = sys->n_massive, width = pat->lower + pat->upper + 1;
  g_autofree double *f0 = NULL, *f1 = NULL, *yy = NULL, *h = NULL;
  g_autofree double *s_pos = NULL, *s_vel = NULL;
  g_autofree guint *where = NULL;
  double rate = 0;

  if (n == 0 || width > MAX_GROUPS)
    return 0;
  f0 = g_new (double, n);
  f1 = g_new (double, n);
  yy = g_memdup2 (y, n * sizeof (double));
  h = g_new (double, n);
  s_pos = g_new0 (double, n);   /* per row (system order): sums over position columns */
  s_vel = g_new0 (double, n);   /* and over velocity columns */
  where = g_new (guint, n);
  for (guint i = 0; i < n; i++)
    where[pat->order[i]] = i;
  if (!sw_equations_eval (eq, t, y, f0))
    {
      g_clear_error (&eq->error);
      return 0;
    }
  for (guint g = 0; g < width; g++)
    {
      for (guint i = g; i < n; i += width)
        {
          guint s = pat->order[i];

          h[s] = 1e-7 * MAX (1, fabs (y[s]));
          yy[s] = y[s] + h[s];
        }
      if (!sw_equations_eval (eq, t, yy, f1))
        {
          g_clear_error (&eq->error);
          return 0;
        }
      for (guint i = g; i < n; i += width)
        {
          guint s = pat->order[i];
          gboolean velocity = s >= nm && s < 2 * nm;
          guint r0 = i > pat->upper ? i - pat->upper : 0, r1 = MIN (n - 1, i + pat->lower);

          for (guint r = r0; r <= r1; r++)
            {
              guint row = pat->order[r];
              double d = fabs (f1[row] - f0[row]) / h[s];

              if (velocity)
                s_vel[row] += d;
              else
                s_pos[row] += d;
            }
          yy[s] = y[s];
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
