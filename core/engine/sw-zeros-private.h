/* sw-zeros-private.h: zeroed arrays whose untouched pages cost nothing.
 *
 * calloc() zeroes a block it takes from a hole of the heap by writing it
 * whole: a large model's arrays that an evaluation only partly writes (a
 * chain's node forces, its accelerations of one node in two) then live in
 * memory whole, and the holes are many once a model's components are
 * freed (a 100 000-body chain: 28 MB). A large array here has pages of its
 * own, mapped as they are first written.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* n zeroed elements of size bytes (at least one); free with _sw_zeros_free(). */
gpointer _sw_zeros_new  (gsize n, gsize size);
void     _sw_zeros_free (gpointer p);

#define _sw_zeros(type, n) ((type *) _sw_zeros_new ((n), sizeof (type)))

/* For a model of at least this many nodes, the heap's free pages are given
 * back (glibc's malloc_trim(), milliseconds there) where a step has freed
 * much: they stay in memory as holes otherwise, beside the next step's
 * arrays (a 100 000-body chain's assembly: 14 MB). */
#define SW_TRIM_MIN_NODES 32768
void     _sw_trim_heap  (guint n_nodes);

G_END_DECLS
