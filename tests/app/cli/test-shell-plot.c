/* test-shell-plot.c: the shell's terminal plot against curves whose
 * drawing is known: a straight line y = t (the diagonal of its panel), a
 * constant (a line in the middle), the tick values at the extremes, a
 * panel per unit, braille dots where the line runs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib.h>

#include "sw-shell-private.h"

static SwTrajectory *
line_and_constant (void)
{
  char *names[] = { g_strdup ("a.y"), g_strdup ("b.c"), g_strdup ("c.v"), NULL };
  char *units[] = { g_strdup ("m"), g_strdup ("m"), g_strdup ("rad/s"), NULL };
  SwTrajectory *tr = sw_trajectory_new (g_strdupv (names), g_strdupv (units));

  for (guint i = 0; i <= 100; i++)
    {
      double t = i / 100.0, v[3] = { 10 * t, 5, sin (2 * G_PI * t) };

      sw_trajectory_append_row (tr, t, v);
    }
  for (guint k = 0; k < 3; k++)
    g_free (names[k]), g_free (units[k]);
  return tr;
}

/* The plot's lines between the y labels' border and the end, row by row. */
static GPtrArray *
canvas_rows (const char *text, guint width)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (strlen (lines[i]) == width && (lines[i][9] == '|' || lines[i][9] == '+') && lines[i][10] != '-')
      g_ptr_array_add (rows, g_strdup (lines[i] + 10));
  return rows;
}

static void
test_ascii_diagonal (void)
{
  SwTrajectory *tr = line_and_constant ();
  SwShellPlotStyle style = { 50, 14, FALSE, FALSE, FALSE };
  guint cols[] = { 0 };
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (GPtrArray) rows = NULL;

  sw_shell_plot_append (out, tr, cols, 1, &style, FALSE);
  rows = canvas_rows (out->str, 50);
  /* 14 lines: the x axis, its values and the legend leave 11 rows. */
  g_assert_cmpuint (rows->len, ==, 11);
  /* 50 columns less 10 for the y labels: 40. y = 10 t over 40 columns and
   * 11 rows: row r (from the top) holds the dots of y = 10 (1 - r / 10),
   * at x = 39 (1 - r / 10) ± 2 columns. */
  for (guint r = 0; r < rows->len; r++)
    {
      const char *row = rows->pdata[r];
      double expect = 39 * (1 - r / 10.0);
      const char *first = strchr (row, '*'), *last = strrchr (row, '*');

      g_assert_nonnull (first);
      g_assert_cmpfloat (fabs ((first - row) - expect), <=, 2.5);
      g_assert_cmpfloat (fabs ((last - row) - expect), <=, 2.5);
    }
  /* The extremes as tick values, the unit, the axis, the legend. */
  g_assert_nonnull (strstr (out->str, "       10+"));
  g_assert_nonnull (strstr (out->str, "        0+"));
  g_assert_nonnull (strstr (out->str, "[m]|"));
  g_assert_nonnull (strstr (out->str, "time [s]"));
  g_assert_nonnull (strstr (out->str, "* a.y [m]"));
  sw_trajectory_unref (tr);
}

static void
test_braille_panels (void)
{
  SwTrajectory *tr = line_and_constant ();
  SwShellPlotStyle style = { 60, 20, TRUE, TRUE, FALSE };
  guint cols[] = { 0, 1, 2 };
  g_autoptr (GString) out = g_string_new (NULL);

  sw_shell_plot_append (out, tr, cols, 3, &style, TRUE);
  if (g_test_verbose ())
    g_printerr ("%s", out->str);
  /* Two units, two panels: m (0 … 10) and rad/s (−1 … 1). */
  g_assert_nonnull (strstr (out->str, "[m]│"));
  g_assert_nonnull (strstr (out->str, "[rad/s]│"));
  g_assert_nonnull (strstr (out->str, "       10┤"));
  g_assert_nonnull (strstr (out->str, "        1┤"));
  g_assert_nonnull (strstr (out->str, "       -1┤"));
  /* The constant 5 is in the middle of 0 … 10: a row of dots along the
   * whole width in b.c's colour (the second, yellow). */
  {
    const char *row = strstr (out->str, "        5┤");
    const char *end = row != NULL ? strchr (row, '\n') : NULL;
    guint n = 0;

    g_assert_nonnull (end);
    for (const char *p = strstr (row, "\033[33m"); p != NULL && p < end; p = strstr (p + 1, "\033[33m"))
      n++;
    g_assert_cmpuint (n, ==, 50);
  }
  g_assert_true (g_str_has_prefix (out->str, "STALE"));
  g_assert_nonnull (strstr (out->str, "\033[34m━━\033[0m a.y [m]"));
  sw_trajectory_unref (tr);
}

/* Steep and shallow segments in every direction (Bresenham's octants): a
 * saw tooth 0 → 100 → 0 over three rows, then a slow ramp. Every line ends
 * (this hung once), and the column of the jump is filled top to bottom. */
static void
test_steep_lines_end (void)
{
  char *names[] = { "a.y", NULL }, *units[] = { "m", NULL };
  SwTrajectory *tr = sw_trajectory_new (g_strdupv (names), g_strdupv (units));
  const double ts[] = { 0, 0.01, 0.02, 0.5, 1 }, ys[] = { 0, 100, 0, 3, 100 };
  SwShellPlotStyle style = { 40, 12, FALSE, FALSE, FALSE };
  guint cols[] = { 0 };
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (GPtrArray) rows = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (ts); i++)
    sw_trajectory_append_row (tr, ts[i], &ys[i]);
  sw_shell_plot_append (out, tr, cols, 1, &style, FALSE);
  rows = canvas_rows (out->str, 40);
  g_assert_cmpuint (rows->len, ==, 9);
  for (guint r = 0; r < rows->len; r++)
    g_assert_cmpint (((char *) rows->pdata[r])[0], ==, '*');
  sw_trajectory_unref (tr);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/shell-plot/ascii-diagonal", test_ascii_diagonal);
  g_test_add_func ("/cli/shell-plot/braille-panels", test_braille_panels);
  g_test_add_func ("/cli/shell-plot/steep-lines-end", test_steep_lines_end);
  return g_test_run ();
}
