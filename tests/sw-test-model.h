/* sw-test-model.h: what tests of the model share: handlers that count its
 * signals, a component added, a table compared value by value.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "sw-model.h"
#include "sw-table.h"

G_BEGIN_DECLS

/* A "changed" handler that counts into *count. */
void  sw_test_count_changed  (SwModel       *model,
                              guint         *count);
/* A "notify" handler that counts into *count. */
void  sw_test_count_notify   (GObject       *object,
                              GParamSpec    *pspec,
                              guint         *count);
/* Adds a component of kind with id; it must succeed. */
void  sw_test_add_component  (SwModel       *model,
                              const char    *kind,
                              const char    *id);
/* table has n_rows x n_columns entries equal to values (row by row). */
void  sw_test_assert_table   (const SwTable *table,
                              guint          n_rows,
                              guint          n_columns,
                              const double  *values);

G_END_DECLS
