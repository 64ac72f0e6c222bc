/* sw-system-blocks.c: the small dense blocks the solver factors once.
 *
 * Massive coordinates coupled through T^T M T (only loops and shaft
 * elements couple them) share a Cholesky-factored block; massless ones
 * coupled by force elements share a Newton block with the parts and nodes
 * it needs; constraint rows sharing nodes share a block of G G^T for the
 * reactions. Then the plan of one evaluation: which coordinates are alone
 * in their block (a multiply by 1/m), which nodes see prescribed motions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-assembly-private.h"
#include "sw-band-order-private.h"
#include "sw-expression-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>

/* ---- Blocks ------------------------------------------------------------- */

/* Band Cholesky A = L L^T in place (LAPACK lower band storage, as dpbtrf:
 * (r, c), r >= c, at [r - c + c ldab]), then the inverses of L's diagonal
 * for _sw_band_solve(). FALSE when A is not positive definite. Done here
 * rather than by LAPACK: the bands are narrow, and a multithreaded BLAS
 * would start its threads for them. Right-looking: each column, once
 * scaled, updates the columns after it with contiguous runs (a block of
 * 2 000 reaction rows on one node is dense: 0.4 s so, 10 s along rows). */
gboolean
_sw_band_factor (guint n, guint band, double *ab, double **diag_inverse)
{
  gsize ldab = band + 1;

  for (guint j = 0; j < n; j++)
    {
      double *col = &ab[(gsize) j * ldab];
      guint below = MIN (n - 1 - j, band);
      double d = col[0];

      if (!(d > 0))
        return FALSE;
      d = sqrt (d);
      col[0] = d;
      for (guint i = 1; i <= below; i++)
        col[i] /= d;
      /* Column j + c, rows j + c … j + below: (j + i, j + c) at [i - c]. */
      for (guint c = 1; c <= below; c++)
        {
          double *target = &ab[(gsize) (j + c) * ldab] - c;
          double l = col[c];

          if (l == 0)
            continue;
          for (guint i = c; i <= below; i++)
            target[i] -= col[i] * l;
        }
    }
  *diag_inverse = g_new (double, MAX (n, 1));
  for (guint k = 0; k < n; k++)
    (*diag_inverse)[k] = 1 / ab[(gsize) k * ldab];
  return TRUE;
}

/* ---- Blocks of one ------------------------------------------------------ */

/* A block of one row (a chain's every joint) keeps its arrays in the
 * system's two arrays of them, moved there once the block is made: each is
 * otherwise a malloc chunk of 32 bytes for 4 or 8 bytes of data (a
 * 100 000-body chain's 300 000 took 10 MB). At most one a row: the arrays
 * are made that long. (A coordinate alone in its massive block has no
 * block: drop_single_massive().) */
static gboolean
single_row (const SwRowBlock *blk)
{
  return blk->n == 1 && blk->band == 0 && blk->n_hubs == 0 && blk->factor != NULL && blk->diag_inverse != NULL;
}

static void
single_arrays_init (SwSystem *sys)
{
  gsize n = sys->n_rows;

  if (sys->single_ints != NULL)
    return;
  sys->single_ints = g_new (guint, MAX (n, 1));
  sys->single_doubles = g_new (double, MAX (2 * n, 1));
}

static guint *
pack_int (SwSystem *sys, guint *from)
{
  guint *to = &sys->single_ints[sys->n_single_ints++];

  g_assert (sys->n_single_ints <= sys->n_rows);
  *to = *from;
  g_free (from);
  return to;
}

static double *
pack_double (SwSystem *sys, double *from)
{
  double *to = &sys->single_doubles[sys->n_single_doubles++];

  g_assert (sys->n_single_doubles <= 2 * (gsize) sys->n_rows);
  *to = *from;
  g_free (from);
  return to;
}

static void
pack_row (SwSystem *sys, SwRowBlock *blk)
{
  if (!single_row (blk))
    return;
  single_arrays_init (sys);
  blk->rows = pack_int (sys, blk->rows);
  blk->factor = pack_double (sys, blk->factor);
  blk->diag_inverse = pack_double (sys, blk->diag_inverse);
}

gboolean
_sw_system_owns_single (const SwSystem *sys, gconstpointer p)
{
  guintptr at = (guintptr) p;

  return (sys->single_ints != NULL && at >= (guintptr) sys->single_ints
          && at < (guintptr) (sys->single_ints + sys->n_single_ints))
         || (sys->single_doubles != NULL && at >= (guintptr) sys->single_doubles
             && at < (guintptr) (sys->single_doubles + sys->n_single_doubles));
}

/* Members of blocks numbered in order of appearance: each item's block,
 * then the items of block b at member[start[b]] .. member[start[b + 1]],
 * in increasing order. Flat arrays, not a GArray a block: GLib 2.74's
 * slice allocator kept the headers of a 100 000-body chain's blocks. */
static void
group_members (const int *block_of, guint n_items, guint n_blocks, guint **start, guint **member)
{
  g_autofree guint *fill = NULL;

  *start = g_new0 (guint, n_blocks + 1);
  *member = g_new (guint, MAX (n_items, 1));
  for (guint j = 0; j < n_items; j++)
    if (block_of[j] >= 0)
      (*start)[block_of[j] + 1]++;
  for (guint b = 0; b < n_blocks; b++)
    (*start)[b + 1] += (*start)[b];
  fill = g_memdup2 (*start, (n_blocks + 1) * sizeof (guint));
  for (guint j = 0; j < n_items; j++)
    if (block_of[j] >= 0)
      (*member)[fill[block_of[j]]++] = j;
}

/* Groups the coordinates of class cls by the union-find parent. */
static SwBlock *
make_blocks (SwSystem *sys, SwCoordClass cls, guint *parent, guint *n_blocks)
{
  g_autofree int *block_of_root = g_new (int, MAX (sys->n_coords, 1));
  g_autofree int *block_of = g_new (int, MAX (sys->n_coords, 1));
  g_autofree guint *start = NULL;
  g_autofree guint *member = NULL;
  SwBlock *blocks;
  guint n = 0;

  for (guint j = 0; j < sys->n_coords; j++)
    block_of_root[j] = -1;
  for (guint j = 0; j < sys->n_coords; j++)
    {
      guint root;

      block_of[j] = -1;
      if (sys->coord_class[j] != cls)
        continue;
      root = _sw_uf_find (parent, j);
      if (block_of_root[root] < 0)
        block_of_root[root] = n++;
      block_of[j] = block_of_root[root];
    }
  group_members (block_of, sys->n_coords, n, &start, &member);
  blocks = n > 0 ? g_new0 (SwBlock, n) : NULL;
  for (guint b = 0; b < n; b++)
    {
      blocks[b].n = start[b + 1] - start[b];
      blocks[b].coords = g_memdup2 (member + start[b], blocks[b].n * sizeof (guint));
    }
  *n_blocks = n;
  return blocks;
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

      for (guint port = 0; port < sw_part_n_nodes (p); port++)
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

/* A coordinate alone in its massive block (a chain's every body) is its
 * 1 / m in sys->mass_inverse (L = sqrt (m): 1 / m = (1 / L)^2), and no
 * block: 64 bytes and its arrays less a body. The blocks left are those
 * of two or more, the band solves. */
static void
drop_single_massive (SwSystem *sys)
{
  guint kept = 0;

  sys->mass_inverse = g_new0 (double, MAX (sys->n_massive, 1));
  for (guint b = 0; b < sys->n_massive_blocks; b++)
    {
      SwBlock *blk = &sys->massive_blocks[b];

      if (blk->n == 1)
        {
          sys->mass_inverse[blk->coords[0]] = blk->diag_inverse[0] * blk->diag_inverse[0];
          g_free (blk->coords);
          g_free (blk->factor);
          g_free (blk->diag_inverse);
          g_free (blk->parts);
          g_free (blk->nodes);
          continue;
        }
      sys->massive_blocks[kept++] = *blk;
    }
  sys->n_massive_blocks = kept;
  sys->massive_blocks = g_renew (SwBlock, sys->massive_blocks, MAX (kept, 1));
}

gboolean
_sw_assembly_build_massive_blocks (SwAssembly *ctx, GError **error)
{
  SwSystem *sys = ctx->system;
  g_autofree guint *parent = g_new (guint, sys->n_coords);
  g_autofree int *pos = g_new0 (int, MAX (sys->n_coords, 1));

  for (guint j = 0; j < sys->n_coords; j++)
    parent[j] = j;
  for (guint i = 0; i < sys->n_nodes; i++)
    if (sys->mass[i] > 0)
      for (guint k = sys->t_start[i] + 1; k < sys->t_start[i + 1]; k++)
        _sw_uf_union (parent, sys->t_terms[sys->t_start[i]].index, sys->t_terms[k].index);
  for (guint k = 0; k < sys->n_couplings; k++)
    {
      const SwMassCoupling *c = &sys->couplings[k];

      for (guint ta = sys->t_start[c->a]; ta < sys->t_start[c->a + 1]; ta++)
        for (guint tb = sys->t_start[c->b]; tb < sys->t_start[c->b + 1]; tb++)
          _sw_uf_union (parent, sys->t_terms[ta].index, sys->t_terms[tb].index);
    }

  sys->massive_blocks = make_blocks (sys, SW_COORD_MASSIVE, parent, &sys->n_massive_blocks);

  /* Which coordinates T^T M T couples: those of one massive node, and those
   * of the two nodes of a mass coupling (CSR over coordinates). */
  {
    g_autoptr (GArray) edges = g_array_new (FALSE, FALSE, sizeof (guint) * 2);
    g_autofree guint *start = g_new0 (guint, sys->n_coords + 1);
    g_autofree guint *next = NULL;
    g_autofree guint *fill = NULL;
    g_autofree guint *seen = g_new0 (guint, MAX (sys->n_coords, 1));
    g_autofree guint *order = g_new (guint, MAX (sys->n_coords, 1));
    guint stamp = 0;

    for (guint i = 0; i < sys->n_nodes; i++)
      if (sys->mass[i] > 0)
        for (guint a = sys->t_start[i]; a < sys->t_start[i + 1]; a++)
          for (guint b = a + 1; b < sys->t_start[i + 1]; b++)
            {
              guint e[2] = { sys->t_terms[a].index, sys->t_terms[b].index };
              g_array_append_val (edges, e);
            }
    for (guint k = 0; k < sys->n_couplings; k++)
      for (guint a = sys->t_start[sys->couplings[k].a]; a < sys->t_start[sys->couplings[k].a + 1]; a++)
        for (guint b = sys->t_start[sys->couplings[k].b]; b < sys->t_start[sys->couplings[k].b + 1]; b++)
          {
            guint e[2] = { sys->t_terms[a].index, sys->t_terms[b].index };
            g_array_append_val (edges, e);
          }
    for (guint k = 0; k < edges->len; k++)
      {
        guint *e = &g_array_index (edges, guint, 2 * k);
        start[e[0] + 1]++, start[e[1] + 1]++;
      }
    for (guint j = 0; j < sys->n_coords; j++)
      start[j + 1] += start[j];
    next = g_new (guint, MAX (2 * edges->len, 1));
    fill = g_memdup2 (start, (sys->n_coords + 1) * sizeof (guint));
    for (guint k = 0; k < edges->len; k++)
      {
        guint *e = &g_array_index (edges, guint, 2 * k);
        next[fill[e[0]]++] = e[1];
        next[fill[e[1]]++] = e[0];
      }

    for (guint b = 0; b < sys->n_massive_blocks; b++)
      {
        SwBlock *blk = &sys->massive_blocks[b];
        guint ldab;

        /* Cuthill-McKee order of the block's coordinates. */
        stamp++;
        _sw_band_order (sys->n_coords, start, next, blk->coords, blk->n, FALSE, FALSE, seen, stamp, order);
        memcpy (blk->coords, order, blk->n * sizeof (guint));
        blk->band = 0;
        for (guint k = 0; k < blk->n; k++)
          pos[blk->coords[k]] = k;
        for (guint k = 0; k < blk->n; k++)
          for (guint a = start[blk->coords[k]]; a < start[blk->coords[k] + 1]; a++)
            blk->band = MAX (blk->band, (guint) ABS (pos[next[a]] - (int) k));

        /* M_r in lower band storage: (r, c), r >= c, at [r - c + c ldab]. */
        ldab = blk->band + 1;
        blk->factor = g_new0 (double, (gsize) ldab * blk->n);
#define BAND(r, c) blk->factor[((r) - (c)) + (gsize) (c) * ldab]
        for (guint k = 0; k < blk->n; k++)
          {
            guint j = blk->coords[k];

            /* sum over nodes of m_i T_ij T_il, lower half */
            for (guint c = sys->c_start[j]; c < sys->c_start[j + 1]; c++)
              {
                guint i = sys->c_terms[c].index;

                if (sys->mass[i] == 0)
                  continue;
                for (guint t = sys->t_start[i]; t < sys->t_start[i + 1]; t++)
                  {
                    int l = pos[sys->t_terms[t].index];

                    if (l <= (int) k)
                      BAND (k, l) += sys->mass[i] * sys->c_terms[c].coeff * sys->t_terms[t].coeff;
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
                  if (ja == jb)
                    BAND (ja, ja) += 2 * v;
                  else
                    BAND (MAX (ja, jb), MIN (ja, jb)) += v;
                }
          }
#undef BAND
        if (!_sw_band_factor (blk->n, blk->band, blk->factor, &blk->diag_inverse))
          {
            guint node = sys->c_terms[sys->c_start[blk->coords[0]]].index;
            g_autofree char *where = _sw_assembly_describe_node (ctx, node);

            g_set_error (error, SW_ERROR, SW_ERROR_SINGULAR,
                         "%s: error: the inertias around %s do not determine every motion of the "
                         "coupled gears (singular mass matrix); add inertia on each free shaft",
                         ctx->model != NULL ? sw_model_get_display_name (ctx->model) : _("the model"), where);
            return FALSE;
          }
      }
  }
  drop_single_massive (sys);
  return TRUE;
}

/* A Cuthill-McKee order of a large massless block's coordinates over the
 * couplings its parts make (each part couples the coordinates its nodes
 * follow), and its half bandwidth there; the block is made banded when
 * the band is narrow. pos: -1 for every coordinate, left so. */
static void
massless_band_order (SwSystem *sys, SwBlock *blk, int *pos)
{
  g_autoptr (GArray) edges = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree guint *start = g_new0 (guint, blk->n + 1), *next = NULL, *fill = NULL, *order = NULL;
  g_autofree guint *roots = g_new (guint, MAX (blk->n, 1));
  guint band = 0;

  for (guint k = 0; k < blk->n; k++)
    pos[blk->coords[k]] = (int) k;
  for (guint k = 0; k < blk->n_parts; k++)
    {
      const SwPart *p = &sys->parts[blk->parts[k]];
      guint found[32], n_found = 0;

      for (guint port = 0; port < sw_part_n_nodes (p); port++)
        for (guint t = sys->t_start[p->node[port]]; t < sys->t_start[p->node[port] + 1]; t++)
          if (pos[sys->t_terms[t].index] >= 0 && n_found < G_N_ELEMENTS (found))
            found[n_found++] = (guint) pos[sys->t_terms[t].index];
      for (guint a = 0; a < n_found; a++)
        for (guint b = a + 1; b < n_found; b++)
          if (found[a] != found[b])
            {
              g_array_append_val (edges, found[a]);
              g_array_append_val (edges, found[b]);
            }
    }
  for (guint e = 0; e < edges->len; e++)
    start[g_array_index (edges, guint, e) + 1]++;
  for (guint k = 0; k < blk->n; k++)
    start[k + 1] += start[k];
  next = g_new (guint, MAX (edges->len, 1));
  fill = g_memdup2 (start, (blk->n + 1) * sizeof (guint));
  for (guint e = 0; e < edges->len; e += 2)
    {
      guint a = g_array_index (edges, guint, e), b = g_array_index (edges, guint, e + 1);

      next[fill[a]++] = b;
      next[fill[b]++] = a;
    }
  /* Breadth first from a coordinate of least degree in each component
   * (a chain's end). */
  order = g_new (guint, blk->n);
  for (guint k = 0; k < blk->n; k++)
    roots[k] = k;
  _sw_band_sort_by_degree (start, roots, blk->n);
  _sw_band_order (blk->n, start, next, roots, blk->n, FALSE, FALSE, NULL, 0, order);
  /* The band in the new order. */
  {
    g_autofree guint *rank = g_new (guint, blk->n);

    for (guint k = 0; k < blk->n; k++)
      rank[order[k]] = k;
    for (guint k = 0; k < blk->n; k++)
      for (guint a = start[k]; a < start[k + 1]; a++)
        band = MAX (band, (guint) ABS ((int) rank[k] - (int) rank[next[a]]));
  }
  for (guint k = 0; k < blk->n; k++)
    pos[blk->coords[k]] = -1;
  if (3 * band + 1 >= blk->n / 2)
    return;
  {
    g_autofree guint *coords = g_memdup2 (blk->coords, blk->n * sizeof (guint));

    for (guint k = 0; k < blk->n; k++)
      blk->coords[k] = coords[order[k]];
  }
  blk->band = band;
  blk->banded = TRUE;
}

void
_sw_assembly_build_massless_blocks (SwSystem *sys)
{
  g_autofree guint *parent = g_new (guint, sys->n_coords);
  g_autofree guint *part_mark = g_new0 (guint, sys->n_force_parts);
  g_autofree guint *node_mark = g_new0 (guint, sys->n_nodes);
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

          for (guint port = 0; port < sw_part_n_nodes (p); port++)
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
                    _sw_uf_union (parent, first, j);
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
  {
    g_autofree int *pos = g_new (int, MAX (sys->n_coords, 1));

    for (guint j = 0; j < sys->n_coords; j++)
      pos[j] = -1;
    for (guint b = 0; b < sys->n_first_order_blocks + sys->n_algebraic_blocks; b++)
      {
        SwBlock *blk = b < sys->n_first_order_blocks ? &sys->first_order_blocks[b]
                                                     : &sys->algebraic_blocks[b - sys->n_first_order_blocks];

        if (blk->n >= SW_BANDED_MIN_N)
          massless_band_order (sys, blk, pos);
      }
  }
}

/* Reactions: G G^T lambda = G r per group of rows that share nodes. */
static gboolean
row_has_node_before (const SwRow *row, guint k)
{
  for (guint c = 0; c < k; c++)
    if (row->nodes[c] == row->nodes[k])
      return TRUE;
  return FALSE;
}

void
_sw_assembly_build_row_blocks (SwSystem *sys)
{
  g_autofree guint *parent = g_new (guint, sys->n_rows);
  g_autofree int *row_at_node = g_new (int, sys->n_nodes);
  g_autofree int *block_of_root = g_new (int, sys->n_rows);
  g_autofree int *block_of = g_new (int, MAX (sys->n_rows, 1));
  g_autofree guint *m_start = NULL;
  g_autofree guint *member = NULL;
  SwRowBlock *blocks;
  guint n_blocks = 0;

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
            _sw_uf_union (parent, row_at_node[node], r);
          else
            row_at_node[node] = r;
        }
    }
  for (guint r = 0; r < sys->n_rows; r++)
    {
      guint root;

      block_of[r] = -1;
      if (sys->rows[r].redundant)
        continue;
      root = _sw_uf_find (parent, r);
      if (block_of_root[root] < 0)
        block_of_root[root] = n_blocks++;
      block_of[r] = block_of_root[root];
    }
  group_members (block_of, sys->n_rows, n_blocks, &m_start, &member);
  blocks = n_blocks > 0 ? g_new0 (SwRowBlock, n_blocks) : NULL;

  /* Rows touching each node (CSR), for the neighbours of a row. */
  {
    g_autofree guint *start = g_new0 (guint, sys->n_nodes + 1);
    g_autofree guint *at_node = NULL;
    g_autofree guint *fill = NULL;
    g_autofree int *pos = g_new (int, MAX (sys->n_rows, 1));
    g_autofree guint *seen = g_new0 (guint, MAX (sys->n_rows, 1));
    guint stamp = 0, total = 0;

    /* A row with a node twice (a gear with both flanges on one shaft) is
     * listed there once. */
    for (guint r = 0; r < sys->n_rows; r++)
      if (!sys->rows[r].redundant)
        for (guint k = 0; k < sys->rows[r].n; k++)
          if (!row_has_node_before (&sys->rows[r], k))
            start[sys->rows[r].nodes[k] + 1]++, total++;
    for (guint i = 0; i < sys->n_nodes; i++)
      start[i + 1] += start[i];
    at_node = g_new (guint, MAX (total, 1));
    fill = g_memdup2 (start, (sys->n_nodes + 1) * sizeof (guint));
    for (guint r = 0; r < sys->n_rows; r++)
      if (!sys->rows[r].redundant)
        for (guint k = 0; k < sys->rows[r].n; k++)
          if (!row_has_node_before (&sys->rows[r], k))
            at_node[fill[sys->rows[r].nodes[k]]++] = r;

    for (guint b = 0; b < n_blocks; b++)
      {
        SwRowBlock *blk = &blocks[b];
        const guint *m = member + m_start[b];
        guint n = m_start[b + 1] - m_start[b], head = 0, tail = 0, ldab;

        /* Cuthill-McKee: breadth first from a row of few neighbours. */
        blk->n = n;
        blk->rows = g_new (guint, n);
        stamp++;
        while (tail < n)
          {
            guint first = G_MAXUINT;

            for (guint k = 0; k < n && first == G_MAXUINT; k++)
              if (seen[m[k]] != stamp)
                first = m[k];
            seen[first] = stamp;
            blk->rows[tail++] = first;
            while (head < tail)
              {
                const SwRow *row = &sys->rows[blk->rows[head++]];

                for (guint c = 0; c < row->n; c++)
                  for (guint a = start[row->nodes[c]]; a < start[row->nodes[c] + 1]; a++)
                    if (seen[at_node[a]] != stamp)
                      {
                        seen[at_node[a]] = stamp;
                        blk->rows[tail++] = at_node[a];
                      }
              }
          }
        for (guint k = 0; k < n; k++)
          pos[blk->rows[k]] = k;

        if (n > SW_ROW_HUB_MIN_ROWS && _sw_row_block_factor_hubs (sys, blk, start, at_node, pos))
          continue;
        /* G G^T: entry (a, c) sums the products of their coefficients on
         * shared nodes; only neighbours are nonzero. */
        blk->band = 0;
        for (guint k = 0; k < n; k++)
          {
            const SwRow *row = &sys->rows[blk->rows[k]];

            for (guint c = 0; c < row->n; c++)
              for (guint a = start[row->nodes[c]]; a < start[row->nodes[c] + 1]; a++)
                blk->band = MAX (blk->band, (guint) ABS (pos[at_node[a]] - (int) k));
          }
        ldab = blk->band + 1;
        blk->factor = g_new0 (double, (gsize) ldab * n);
        for (guint k = 0; k < n; k++)
          {
            const SwRow *row = &sys->rows[blk->rows[k]];

            for (guint c = 0; c < row->n; c++)
              for (guint a = start[row->nodes[c]]; a < start[row->nodes[c] + 1]; a++)
                {
                  const SwRow *other = &sys->rows[at_node[a]];
                  int j = pos[at_node[a]];

                  /* Sum over the pairs of entries on one node: every (c, d). */

                  /* Lower band, column j: element (k, j) at [k - j + j ldab]. */
                  if (j > (int) k)
                    continue;
                  for (guint d = 0; d < other->n; d++)
                    if (other->nodes[d] == row->nodes[c])
                      blk->factor[(k - j) + (gsize) j * ldab] += row->coeffs[c] * other->coeffs[d];
                }
          }
        if (!_sw_band_factor (n, blk->band, blk->factor, &blk->diag_inverse))
          g_clear_pointer (&blk->factor, g_free);
        pack_row (sys, blk);
      }
  }
  sys->n_row_blocks = n_blocks;
  sys->row_blocks = blocks;
}


/* ---- The evaluation's plan ---------------------------------------------- */

/* sys->mass_inverse in runs of equal values, when those take at most
 * half its bytes. */
static void
inverse_runs (SwSystem *sys)
{
  guint n = 0;

  for (guint j = 0; j < sys->n_massive; j++)
    if (j == 0 || sys->mass_inverse[j] != sys->mass_inverse[j - 1])
      n++;
  if (n * sizeof (SwInverseRun) > sys->n_massive * sizeof (double) / 2)
    return;
  sys->inverse_runs = g_new (SwInverseRun, MAX (n, 1));
  for (guint j = 0; j < sys->n_massive; j++)
    if (j == 0 || sys->mass_inverse[j] != sys->mass_inverse[j - 1])
      sys->inverse_runs[sys->n_inverse_runs++] = (SwInverseRun) { j, 1, sys->mass_inverse[j] };
    else
      sys->inverse_runs[sys->n_inverse_runs - 1].n++;
}

static int
compare_linear (gconstpointer a, gconstpointer b)
{
  const SwLinearElement *x = a, *y = b;

  if (x->ja != y->ja)
    return x->ja < y->ja ? -1 : 1;
  return (x->jb > y->jb) - (x->jb < y->jb);
}

/* The one-pass plan of the accelerations (see sys->runs_assign), when
 * every coordinate is massive and alone in its block and no two runs share
 * an inner coordinate (two elements in parallel on a stretch do). */
static void
assigning_runs (SwSystem *sys)
{
  g_autofree gboolean *inner = NULL;
  guint n = sys->n_massive;

  if (sys->n_coords != n || sys->n_banded > 0 || sys->n_plain_runs == 0)
    return;
  inner = g_new0 (gboolean, n);
  for (guint r = 0; r < sys->n_plain_runs; r++)
    {
      SwPlainRun *run = &sys->plain_runs[r];

      run->inverse = sys->mass_inverse[run->j0];
      for (guint j = run->j0; j <= run->j0 + run->n; j++)
        if (sys->mass_inverse[j] != run->inverse)
          run->inverse = 0;
      for (guint j = run->j0 + 1; j < run->j0 + run->n; j++)
        {
          if (inner[j])
            return;
          inner[j] = TRUE;
        }
    }
  sys->runs_assign = TRUE;
  sys->zero_ranges = g_new (SwCoordRange, sys->n_plain_runs + 1);
  for (guint j = 0; j < n; j++)
    if (!inner[j])
      {
        SwCoordRange *last = sys->n_zero_ranges > 0 ? &sys->zero_ranges[sys->n_zero_ranges - 1] : NULL;

        if (last != NULL && last->j0 + last->n == j)
          last->n++;
        else
          sys->zero_ranges[sys->n_zero_ranges++] = (SwCoordRange) { j, 1 };
      }
}

SwLinearElement *
_sw_system_dup_linear (const SwSystem *sys)
{
  SwLinearElement *out = g_new (SwLinearElement, MAX (sys->n_linear, 1));
  guint g = 0, p = 0, r = 0, at = 0;

  for (guint k = 0; k < sys->n_linear; k++)
    switch ((SwLinearFrom) sys->linear_from[k])
      {
      case SW_LINEAR_FROM_GENERAL:
        out[k] = sys->general[g++];
        break;
      case SW_LINEAR_FROM_PLAIN:
        {
          const SwPlainElement *e = &sys->plain[p++];

          out[k] = (SwLinearElement) { .ja = e->ja, .jb = e->jb, .ka = 1, .kb = 1, .c = e->c, .d = e->d };
        }
        break;
      case SW_LINEAR_FROM_NEW_RUN:
      case SW_LINEAR_FROM_RUN:
        {
          const SwPlainRun *run;

          if (sys->linear_from[k] == SW_LINEAR_FROM_NEW_RUN)
            r++, at = 0;
          run = &sys->plain_runs[r - 1];
          out[k] = (SwLinearElement) { .ja = run->j0 + at, .jb = run->j0 + at + 1, .ka = 1, .kb = 1, .c = run->c,
                                       .d = run->d };
          at++;
        }
        break;
      }
  return out;
}

void
_sw_assembly_build_plan (SwSystem *sys)
{
  g_autoptr (GArray) linear = g_array_new (FALSE, FALSE, sizeof (SwLinearElement));
  g_autoptr (GArray) called = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) needed = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) banded = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) driven = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) inertial = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) couplings = g_array_new (FALSE, FALSE, sizeof (guint));
  /* Flags of a byte: a large model's plan is the assembly's peak. */
  g_autofree guint8 *is_driven = g_new0 (guint8, MAX (sys->n_nodes, 1));
  g_autofree guint8 *is_inertial = g_new0 (guint8, MAX (sys->n_nodes, 1));
  g_autofree guint8 *is_needed = g_new0 (guint8, MAX (sys->n_nodes, 1));

  for (guint j = 0; j < sys->n_massive; j++)
    g_assert (sys->coord_class[j] == SW_COORD_MASSIVE && sys->coord_state[j] == j);

  /* Linear elements on coordinates where both ends follow at most one
   * coordinate and no prescribed motion; the other parts are called. */
  for (guint k = 0; k < sys->n_force_parts; k++)
    {
      const SwPart *p = &sys->parts[sys->force_parts[k]];
      const SwLinearForce *lf = &p->kind->linear;
      double c = 0, d = 0, offset = 0;
      gboolean direct;

      if (lf->is_linear)
        {
          c = lf->stiffness >= 0 ? p->param[lf->stiffness] : 0;
          d = lf->damping >= 0 ? p->param[lf->damping] : 0;
          offset = lf->offset >= 0 ? p->param[lf->offset] : 0;
        }
      /* A formula that is a spring-damper's law (sw-expression-private.h). */
      direct = (lf->is_linear || (lf->by_formula && p->function[lf->formula] != NULL &&
                                  _sw_function_get_linear (p->function[lf->formula], &c, &d, &offset))) &&
               sw_part_n_nodes (p) == 2;

      for (guint port = 0; port < sw_part_n_nodes (p) && direct; port++)
        {
          guint i = p->node[port];
          direct = sys->t_start[i + 1] - sys->t_start[i] <= 1 && sys->p_start[i + 1] == sys->p_start[i];
        }
      if (direct)
        {
          guint a = p->node[0], b = p->node[1];
          SwLinearElement e = {
            .ja = sys->t_start[a + 1] > sys->t_start[a] ? sys->t_terms[sys->t_start[a]].index : 0,
            .jb = sys->t_start[b + 1] > sys->t_start[b] ? sys->t_terms[sys->t_start[b]].index : 0,
            .ka = sys->t_start[a + 1] > sys->t_start[a] ? sys->t_terms[sys->t_start[a]].coeff : 0,
            .kb = sys->t_start[b + 1] > sys->t_start[b] ? sys->t_terms[sys->t_start[b]].coeff : 0,
            .c = c,
            .d = d,
            .offset = offset - (sys->x_const[b] - sys->x_const[a]),
          };
          g_array_append_val (linear, e);
        }
      else
        {
          g_array_append_val (called, sys->force_parts[k]);
          for (guint port = 0; port < sw_part_n_nodes (p); port++)
            is_needed[p->node[port]] = TRUE;
        }
    }
  for (guint b = 0; b < sys->n_first_order_blocks + sys->n_algebraic_blocks; b++)
    {
      const SwBlock *blk = b < sys->n_first_order_blocks ? &sys->first_order_blocks[b]
                                                         : &sys->algebraic_blocks[b - sys->n_first_order_blocks];

      for (guint k = 0; k < blk->n_parts; k++)
        {
          const SwPart *p = &sys->parts[blk->parts[k]];
          for (guint port = 0; port < sw_part_n_nodes (p); port++)
            is_needed[p->node[port]] = TRUE;
        }
      for (guint k = 0; k < blk->n_nodes; k++)
        is_needed[blk->nodes[k]] = TRUE;
    }
  for (guint i = 0; i < sys->n_nodes; i++)
    if (is_needed[i])
      g_array_append_val (needed, i);
  /* Coordinates numbered along the shafts (sw-system.c): the elements in
   * their order, not the parts', so that a chain's join one run whatever
   * its ids. */
  if (sys->coords_band_ordered)
    g_array_sort (linear, compare_linear);
  sys->n_linear = linear->len;
  sys->plain = g_new (SwPlainElement, MAX (sys->n_linear, 1));
  sys->general = g_new (SwLinearElement, MAX (sys->n_linear, 1));
  sys->plain_runs = g_new (SwPlainRun, MAX (sys->n_linear, 1));
  sys->linear_from = g_new (guint8, MAX (sys->n_linear, 1));
  for (guint k = 0; k < sys->n_linear; k++)
    {
      const SwLinearElement *e = &g_array_index (linear, SwLinearElement, k);
      SwPlainRun *run = sys->n_plain_runs > 0 ? &sys->plain_runs[sys->n_plain_runs - 1] : NULL;
      SwLinearFrom from;

      if (!(e->ka == 1 && e->kb == 1 && e->offset == 0))
        sys->general[sys->n_general++] = *e, from = SW_LINEAR_FROM_GENERAL;
      else if (e->jb != e->ja + 1)
        sys->plain[sys->n_plain++] = (SwPlainElement) { e->ja, e->jb, e->c, e->d }, from = SW_LINEAR_FROM_PLAIN;
      else if (run != NULL && e->ja == run->j0 + run->n && e->c == run->c && e->d == run->d)
        run->n++, from = SW_LINEAR_FROM_RUN;
      else
        sys->plain_runs[sys->n_plain_runs++] = (SwPlainRun) { e->ja, 1, e->c, e->d }, from = SW_LINEAR_FROM_NEW_RUN;
      sys->linear_from[k] = from;
    }
  /* Each list cut to what it holds: sized for every element, the three
   * took 10 MB for a 100 000-body chain, which holds 0.7 MB (and in a heap
   * of a freed model's pages, room not written is resident too). */
  sys->plain = g_renew (SwPlainElement, sys->plain, MAX (sys->n_plain, 1));
  sys->general = g_renew (SwLinearElement, sys->general, MAX (sys->n_general, 1));
  sys->plain_runs = g_renew (SwPlainRun, sys->plain_runs, MAX (sys->n_plain_runs, 1));
  /* The lists hold them all, not kept besides: the Jacobian makes them
   * again when it needs them (a 100 000-body chain: 4.8 MB). */
  g_clear_pointer (&linear, g_array_unref);
  sys->n_called_parts = called->len;
  sys->called_parts = g_memdup2 (called->data, MAX (called->len, 1) * sizeof (guint));
  sys->n_needed_nodes = needed->len;
  sys->needed_nodes = g_memdup2 (needed->data, MAX (needed->len, 1) * sizeof (guint));

  /* (Coordinates alone in their block have none: sys->mass_inverse.) */
  for (guint b = 0; b < sys->n_massive_blocks; b++)
    g_array_append_val (banded, b);
  sys->n_banded = banded->len;
  sys->banded_blocks = g_memdup2 (banded->data, MAX (banded->len, 1) * sizeof (guint));
  inverse_runs (sys);
  assigning_runs (sys);

  for (guint i = 0; i < sys->n_nodes; i++)
    if (sys->p_start[i + 1] > sys->p_start[i])
      {
        is_driven[i] = TRUE;
        g_array_append_val (driven, i);
        if (sys->mass[i] != 0)
          is_inertial[i] = TRUE;
      }
  for (guint k = 0; k < sys->n_couplings; k++)
    {
      const SwMassCoupling *c = &sys->couplings[k];

      if (is_driven[c->a] || is_driven[c->b])
        {
          g_array_append_val (couplings, k);
          is_inertial[c->a] = is_inertial[c->b] = TRUE;
        }
    }
  for (guint i = 0; i < sys->n_nodes; i++)
    if (is_inertial[i])
      g_array_append_val (inertial, i);
  sys->n_driven_nodes = driven->len;
  sys->driven_nodes = g_memdup2 (driven->data, MAX (driven->len, 1) * sizeof (guint));
  sys->n_inertial_nodes = inertial->len;
  sys->inertial_nodes = g_memdup2 (inertial->data, MAX (inertial->len, 1) * sizeof (guint));
  sys->n_driven_couplings = couplings->len;
  sys->driven_couplings = g_memdup2 (couplings->data, MAX (couplings->len, 1) * sizeof (guint));
}
