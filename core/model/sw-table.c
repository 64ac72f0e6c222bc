/* sw-table.c: characteristic tables (sw-table.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-table.h"

#include <string.h>

struct _SwTable {
  gatomicrefcount ref_count;
  guint           n_rows, n_columns;
  double          values[];    /* row-major */
};

SwTable *
sw_table_new (guint n_rows, guint n_columns, const double *values)
{
  SwTable *table;

  g_return_val_if_fail (n_rows > 0 && n_columns > 0 && values != NULL, NULL);
  table = g_malloc (sizeof *table + (gsize) n_rows * n_columns * sizeof (double));
  g_atomic_ref_count_init (&table->ref_count);
  table->n_rows = n_rows;
  table->n_columns = n_columns;
  memcpy (table->values, values, (gsize) n_rows * n_columns * sizeof (double));
  return table;
}

SwTable *
sw_table_ref (SwTable *table)
{
  g_return_val_if_fail (table != NULL, NULL);
  g_atomic_ref_count_inc (&table->ref_count);
  return table;
}

void
sw_table_unref (SwTable *table)
{
  g_return_if_fail (table != NULL);
  if (g_atomic_ref_count_dec (&table->ref_count))
    g_free (table);
}

guint
sw_table_get_n_rows (const SwTable *table)
{
  return table->n_rows;
}

guint
sw_table_get_n_columns (const SwTable *table)
{
  return table->n_columns;
}

double
sw_table_get (const SwTable *table, guint row, guint column)
{
  g_return_val_if_fail (row < table->n_rows && column < table->n_columns, 0);
  return table->values[(gsize) row * table->n_columns + column];
}

gboolean
sw_table_equal (const SwTable *a, const SwTable *b)
{
  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL || a->n_rows != b->n_rows || a->n_columns != b->n_columns)
    return FALSE;
  for (gsize i = 0; i < (gsize) a->n_rows * a->n_columns; i++)
    if (a->values[i] != b->values[i])
      return FALSE;
  return TRUE;
}

double
sw_table_interpolate (const SwTable *table, guint column, double x)
{
  const double *v = table->values;
  guint nc = table->n_columns, lo, hi;

  g_return_val_if_fail (column < nc, 0);
  if (table->n_rows == 1 || x <= v[0])
    return v[column];

  /* The segment [lo, lo + 1] holding x, the last one beyond the table. */
  lo = 0, hi = table->n_rows - 1;
  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;

      if (v[(gsize) mid * nc] <= x)
        lo = mid;
      else
        hi = mid;
    }
  {
    double x0 = v[(gsize) lo * nc], x1 = v[(gsize) hi * nc];
    double y0 = v[(gsize) lo * nc + column], y1 = v[(gsize) hi * nc + column];

    return y0 + (y1 - y0) * (x - x0) / (x1 - x0);
  }
}
