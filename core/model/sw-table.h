/* sw-table.h: characteristic tables of parameters, as Modelica writes them:
 * rows of numbers, the first column the argument (a speed), strictly
 * increasing from 0 or more, e.g. tau_pos = [[0, 1], [10, 2]] or a lossy
 * gear's lossTable = [[w, eta_mf1, eta_mf2, tau_bf1, tau_bf2], ...].
 *
 * Immutable and reference counted, so a built SwSystem shares its tables
 * with worker threads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _SwTable SwTable;

/* Copies n_rows × n_columns values, row after row. */
SwTable      *sw_table_new            (guint          n_rows,
                                       guint          n_columns,
                                       const double  *values);
SwTable      *sw_table_ref            (SwTable       *table);
void          sw_table_unref          (SwTable       *table);

guint         sw_table_get_n_rows     (const SwTable *table);
guint         sw_table_get_n_columns  (const SwTable *table);
double        sw_table_get            (const SwTable *table,
                                       guint          row,
                                       guint          column);
gboolean      sw_table_equal          (const SwTable *a,
                                       const SwTable *b);

/* Column `column` at x of the first column: linear between rows, and
 * beyond the last row along the line through the last two (Modelica's
 * CombiTable1D with extrapolation); a single row is constant. x below the
 * first row takes the first row's value. */
double        sw_table_interpolate    (const SwTable *table,
                                       guint          column,
                                       double         x);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwTable, sw_table_unref)

G_END_DECLS
