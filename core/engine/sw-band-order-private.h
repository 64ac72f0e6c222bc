/* sw-band-order-private.h: one Cuthill-McKee order for every banded matrix
 * of the core: the massive and massless blocks (sw-system-blocks.c), BDF's
 * Jacobian (sw-jacobian.c, reversed) and the modal analysis' K and M
 * (../modal/sw-eigen.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Sorts vertices (n of them) by increasing degree in the graph start/adj
 * (vertex v's neighbours are adj[start[v] .. start[v + 1])), the lower
 * index first among equal degrees. */
void  _sw_band_sort_by_degree (const guint *start,
                               guint       *vertices,
                               guint        n);

/* A Cuthill-McKee order of the graph start/adj: breadth first from each of
 * roots (n_roots, in that order) not yet reached, the neighbours of a
 * vertex in the order of adj, or by increasing degree when by_degree.
 * seen: NULL, or the caller's marks over all vertices, a vertex reached when
 * seen[v] == stamp (so that one array serves a block after another); n: the
 * number of vertices. With reverse, the order is reversed at the end
 * (reverse Cuthill-McKee). Fills order and returns the number of vertices
 * reached. */
guint _sw_band_order          (guint        n,
                               const guint *start,
                               const guint *adj,
                               const guint *roots,
                               guint        n_roots,
                               gboolean     by_degree,
                               gboolean     reverse,
                               guint       *seen,
                               guint        stamp,
                               guint       *order);

G_END_DECLS
