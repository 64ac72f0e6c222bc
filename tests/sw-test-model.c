/* sw-test-model.c: what tests of the model share (sw-test-model.h).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-test-model.h"

void
sw_test_count_changed (SwModel *model,
                       guint   *count)
{
  (*count)++;
}

void
sw_test_count_notify (GObject    *object,
                      GParamSpec *pspec,
                      guint      *count)
{
  (*count)++;
}

void
sw_test_add_component (SwModel    *model,
                       const char *kind,
                       const char *id)
{
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (sw_model_add_component (model, kind, id, &error), >=, 0);
  g_assert_no_error (error);
}

void
sw_test_assert_table (const SwTable *table,
                      guint          n_rows,
                      guint          n_columns,
                      const double  *values)
{
  g_assert_nonnull (table);
  g_assert_cmpuint (sw_table_get_n_rows (table), ==, n_rows);
  g_assert_cmpuint (sw_table_get_n_columns (table), ==, n_columns);
  for (guint i = 0; i < n_rows; i++)
    for (guint j = 0; j < n_columns; j++)
      g_assert_cmpfloat (sw_table_get (table, i, j), ==, values[i * n_columns + j]);
}
