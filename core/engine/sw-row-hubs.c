/* sw-row-hubs.c: a block of reaction rows with hub nodes, factored in
 * linear time (issue 21, item 9).
 *
 * Rows that share a node couple in G G^T; when hundreds share one node (a
 * thousand discs on one shaft node) their block is dense and its Cholesky
 * cubic. A hub node contributes the rank-one term u u^T, u the rows'
 * coefficients on it; the rest, A, stays banded. So
 *
 *   G G^T = A + U U^T,   (A + U U^T)^-1 b = y - Z (I + U^T Z)^-1 U^T y
 *
 * with y = A^-1 b and Z = A^-1 U (Woodbury): a band solve and h dot
 * products per solve, for h hubs. Where A is singular (a row that touches
 * only hubs) the block is factored whole, as before.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-assembly-private.h"

#include <math.h>
#include <string.h>

static gboolean
is_hub (const guint *hubs, guint n_hubs, guint node)
{
  for (guint h = 0; h < n_hubs; h++)
    if (hubs[h] == node)
      return TRUE;
  return FALSE;
}

/* The block's hub nodes (more than SW_ROW_HUB_MIN_ROWS rows each), in the
 * order its rows reach them; their number, or G_MAXUINT for more than
 * SW_ROW_HUBS_MAX. */
static guint
find_hubs (const SwSystem *sys, const SwRowBlock *blk, const guint *start, guint *hubs)
{
  guint n_hubs = 0;

  for (guint k = 0; k < blk->n; k++)
    {
      const SwRow *row = &sys->rows[blk->rows[k]];

      for (guint c = 0; c < row->n; c++)
        {
          guint node = row->nodes[c], count = start[node + 1] - start[node];

          if (count <= SW_ROW_HUB_MIN_ROWS || is_hub (hubs, n_hubs, node))
            continue;
          if (n_hubs == SW_ROW_HUBS_MAX)
            return G_MAXUINT;   /* too many: the block is factored whole */
          hubs[n_hubs++] = node;
        }
    }
  return n_hubs;
}

/* (I + U^T Z)^-1, h x h, by Gauss-Jordan: I + U^T A^-1 U is symmetric
 * positive definite and small. */
static gboolean
invert_capacitance (guint h, double *c, double *inverse)
{
  for (guint i = 0; i < h; i++)
    for (guint j = 0; j < h; j++)
      inverse[i * h + j] = i == j;
  for (guint p = 0; p < h; p++)
    {
      double d = c[p * h + p];

      if (!(d > 0))
        return FALSE;
      for (guint j = 0; j < h; j++)
        c[p * h + j] /= d, inverse[p * h + j] /= d;
      for (guint i = 0; i < h; i++)
        if (i != p)
          {
            double f = c[i * h + p];

            for (guint j = 0; j < h; j++)
              c[i * h + j] -= f * c[p * h + j], inverse[i * h + j] -= f * inverse[p * h + j];
          }
    }
  return TRUE;
}

gboolean
_sw_row_block_factor_hubs (const SwSystem *sys, SwRowBlock *blk, const guint *start, const guint *at_node,
                           const int *pos)
{
  guint hubs[SW_ROW_HUBS_MAX], n = blk->n, h, band = 0;
  gsize ldab;
  double c[SW_ROW_HUBS_MAX * SW_ROW_HUBS_MAX];
  double *hub_u, *hub_z;

  h = find_hubs (sys, blk, start, hubs);
  if (h == 0 || h == G_MAXUINT)
    return FALSE;
  /* A: the products on every node but the hubs. */
  for (guint k = 0; k < n; k++)
    {
      const SwRow *row = &sys->rows[blk->rows[k]];

      for (guint e = 0; e < row->n; e++)
        if (!is_hub (hubs, h, row->nodes[e]))
          for (guint a = start[row->nodes[e]]; a < start[row->nodes[e] + 1]; a++)
            band = MAX (band, (guint) ABS (pos[at_node[a]] - (int) k));
    }
  ldab = band + 1;
  blk->band = band;
  blk->factor = g_new0 (double, ldab * n);
  blk->n_hubs = h;
  blk->hubs = g_new0 (double, 2 * (gsize) h * n + h * h);
  hub_u = SW_ROW_BLOCK_HUB_U (blk);
  hub_z = SW_ROW_BLOCK_HUB_Z (blk);
  for (guint k = 0; k < n; k++)
    {
      const SwRow *row = &sys->rows[blk->rows[k]];

      for (guint e = 0; e < row->n; e++)
        {
          guint node = row->nodes[e];

          for (guint i = 0; i < h; i++)
            if (hubs[i] == node)
              hub_u[(gsize) i * n + k] += row->coeffs[e];
          if (is_hub (hubs, h, node))
            continue;
          for (guint a = start[node]; a < start[node + 1]; a++)
            {
              const SwRow *other = &sys->rows[at_node[a]];
              int j = pos[at_node[a]];

              if (j > (int) k)
                continue;
              for (guint d = 0; d < other->n; d++)
                if (other->nodes[d] == node)
                  blk->factor[(k - j) + (gsize) j * ldab] += row->coeffs[e] * other->coeffs[d];
            }
        }
    }
  if (!_sw_band_factor (n, band, blk->factor, &blk->diag_inverse))
    goto whole;
  for (guint i = 0; i < h; i++)
    {
      double *z = &hub_z[(gsize) i * n];

      memcpy (z, &hub_u[(gsize) i * n], n * sizeof (double));
      _sw_band_solve (n, band, blk->factor, blk->diag_inverse, z);
    }
  for (guint i = 0; i < h; i++)
    for (guint j = 0; j < h; j++)
      {
        double s = i == j;

        for (guint k = 0; k < n; k++)
          s += hub_u[(gsize) i * n + k] * hub_z[(gsize) j * n + k];
        c[i * h + j] = s;
      }
  if (invert_capacitance (h, c, SW_ROW_BLOCK_HUB_INVERSE (blk)))
    return TRUE;
whole:
  g_clear_pointer (&blk->factor, g_free);
  g_clear_pointer (&blk->diag_inverse, g_free);
  g_clear_pointer (&blk->hubs, g_free);
  blk->n_hubs = 0;
  return FALSE;
}
