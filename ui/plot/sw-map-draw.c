/* sw-map-draw.c: a colour map of a grid of runs (sw-map-draw.h).
 *
 * Each run is a cell from half way to its neighbours on either side (on a
 * logarithmic axis, half way in the logarithm), drawn by plimagefr() through
 * pltr1 with the cells' edges as the grid, so uneven lists of values keep
 * their own spacing. The colour bar beside it is the same scale drawn from
 * the lowest to the highest value. The page is laid out in millimetres, as
 * sw-modes-draw.c lays out its charts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-map-draw.h"

#include <math.h>
#include <string.h>
#include <plplot.h>

#include "sw-modes-data.h"

#define CHAR_MM      3.9    /* PLplot's character height: about 13 px of text */
#define SCALE_LEVELS 256
#define BAR_STEPS    128

enum { COLOR_BACKGROUND, COLOR_FOREGROUND, COLOR_GRID, N_COLORS };

static void
set_colors (const SwPlotColors *colors)
{
  PLINT r[N_COLORS], g[N_COLORS], b[N_COLORS];
  PLINT r1[SCALE_LEVELS], g1[SCALE_LEVELS], b1[SCALE_LEVELS];
  const guint8 *rgb[N_COLORS] = { colors->background, colors->foreground, colors->grid };

  for (guint i = 0; i < N_COLORS; i++)
    r[i] = rgb[i][0], g[i] = rgb[i][1], b[i] = rgb[i][2];
  plscmap0 (r, g, b, N_COLORS);
  for (guint i = 0; i < SCALE_LEVELS; i++)
    {
      double c[3];

      sw_modes_scale_colour (i / (double) (SCALE_LEVELS - 1), c);
      r1[i] = (PLINT) lround (c[0] * 255);
      g1[i] = (PLINT) lround (c[1] * 255);
      b1[i] = (PLINT) lround (c[2] * 255);
    }
  plscmap1 (r1, g1, b1, SCALE_LEVELS);
}

gboolean
sw_map_values_are_log (const double *values, guint n)
{
  double linear = 0, logarithmic = 0;

  if (n < 3 || !(values[0] > 0) || !(values[n - 1] >= 10 * values[0]))
    return FALSE;
  /* The spread of the steps, in the values and in their logarithm. */
  for (guint i = 1; i + 1 < n; i++)
    {
      linear = fmax (linear, fabs ((values[i + 1] - values[i]) / (values[1] - values[0]) - 1));
      logarithmic = fmax (logarithmic, fabs (log (values[i + 1] / values[i]) / log (values[1] / values[0]) - 1));
    }
  return logarithmic < linear;
}

/* The n + 1 edges of the cells around n values (as drawn: log10 on a
 * logarithmic axis). */
static void
cell_edges (const double *values, guint n, gboolean log_axis, PLFLT *edges)
{
  for (guint i = 0; i < n; i++)
    edges[i + 1] = log_axis ? log10 (values[i]) : values[i];
  if (n == 1)
    {
      double half = log_axis ? 0.5 : fabs (edges[1]) > 0 ? 0.1 * fabs (edges[1]) : 0.5;

      edges[0] = edges[1] - half;
      edges[1] += half;
      return;
    }
  /* Centres to edges, from the first on. */
  edges[0] = edges[1] - 0.5 * (edges[2] - edges[1]);
  for (guint i = 1; i < n; i++)
    edges[i] = 0.5 * (edges[i] + edges[i + 1]);
  edges[n] = 2 * (log_axis ? log10 (values[n - 1]) : values[n - 1]) - edges[n - 1];
}

static void
draw_label (const char *side, double distance, double position, double just, const char *text)
{
  g_autofree char *escaped = NULL;

  if (text == NULL)
    return;
  escaped = sw_plot_escape_text (text);
  plmtex (side, distance, position, just, escaped);
}

static gboolean
draw_map (const SwMapChart *chart, double page_w, double page_h, double ch)
{
  guint nx = chart->nx, ny = chart->ny;
  g_autofree PLFLT *xe = g_new (PLFLT, nx + 1);
  g_autofree PLFLT *ye = g_new (PLFLT, ny + 1);
  g_autofree PLFLT *cells = g_new (PLFLT, nx * ny);
  g_autofree PLFLT **rows = g_new (PLFLT *, nx);
  PLFLT bar_values[BAR_STEPS], *bar_rows[1] = { bar_values }, bar_x[2] = { 0, 1 }, bar_y[BAR_STEPS + 1];
  double left = 6.5 * ch, bottom = 4.2 * ch, top = 2.2 * ch, bar_w = 1.6 * ch, right = 7.5 * ch;
  double z_min = INFINITY, z_max = -INFINITY, below;
  double vp_w = page_w - left - right - bar_w - 1.2 * ch, vp_h = page_h - top - bottom;
  PLcGrid grid;

  if (vp_w < 8 * ch || vp_h < 4 * ch)
    return FALSE;
  for (guint k = 0; k < nx * ny; k++)
    if (isfinite (chart->z[k]))
      z_min = fmin (z_min, chart->z[k]), z_max = fmax (z_max, chart->z[k]);
  if (!(z_max >= z_min))
    return FALSE;
  if (z_max == z_min)
    {
      double pad = fabs (z_min) > 0 ? 0.05 * fabs (z_min) : 0.5;

      z_min -= pad, z_max += pad;
    }
  /* A cell without a value below the range: plimagefr leaves it out. */
  below = z_min - (z_max - z_min);
  for (guint i = 0; i < nx; i++)
    {
      rows[i] = cells + i * ny;
      for (guint j = 0; j < ny; j++)
        rows[i][j] = isfinite (chart->z[i * ny + j]) ? chart->z[i * ny + j] : below;
    }
  cell_edges (chart->x, nx, chart->log_x, xe);
  cell_edges (chart->y, ny, chart->log_y, ye);
  grid = (PLcGrid) { .xg = xe, .yg = ye, .nx = (PLINT) nx + 1, .ny = (PLINT) ny + 1 };

  plsvpa (left, left + vp_w, bottom, bottom + vp_h);
  plwind (xe[0], xe[nx], ye[0], ye[ny]);
  plimagefr ((const PLFLT *const *) rows, (PLINT) nx, (PLINT) ny, xe[0], xe[nx], ye[0], ye[ny], z_min, z_max,
             z_min, z_max, pltr1, &grid);
  plcol0 (COLOR_FOREGROUND);
  plwidth (0.8);
  plbox (chart->log_x ? "bcnstl" : "bcnst", 0, 0, chart->log_y ? "bcnstvl" : "bcnstv", 0, 0);
  draw_label ("b", 3.3, 0.5, 0.5, chart->x_label);
  draw_label ("l", 5.2, 0.5, 0.5, chart->y_label);
  draw_label ("t", 0.8, 0.5, 0.5, chart->title);

  /* The colour bar: the scale from z_min (bottom) to z_max, its ticks on
   * the right. */
  for (guint k = 0; k < BAR_STEPS; k++)
    bar_values[k] = z_min + (z_max - z_min) * (k + 0.5) / BAR_STEPS;
  for (guint k = 0; k <= BAR_STEPS; k++)
    bar_y[k] = z_min + (z_max - z_min) * k / BAR_STEPS;
  grid = (PLcGrid) { .xg = bar_x, .yg = bar_y, .nx = 2, .ny = BAR_STEPS + 1 };
  plsvpa (left + vp_w + 1.2 * ch, left + vp_w + 1.2 * ch + bar_w, bottom, bottom + vp_h);
  plwind (0, 1, z_min, z_max);
  plimagefr ((const PLFLT *const *) bar_rows, 1, BAR_STEPS, 0, 1, z_min, z_max, z_min, z_max, z_min, z_max,
             pltr1, &grid);
  plcol0 (COLOR_FOREGROUND);
  plbox ("bc", 0, 0, "bcmstv", 0, 0);
  plwidth (1.0);
  return TRUE;
}

gboolean
sw_map_chart_draw (cairo_t *cr, int width, int height, const SwMapChart *chart)
{
  const SwPlotColors *colors;
  PLFLT x_min, x_max, y_min, y_max;
  gboolean ok;

  g_return_val_if_fail (cr != NULL, FALSE);
  g_return_val_if_fail (width > 0 && height > 0, FALSE);
  g_return_val_if_fail (chart != NULL && chart->nx >= 1 && chart->ny >= 1, FALSE);
  g_return_val_if_fail (chart->x != NULL && chart->y != NULL && chart->z != NULL, FALSE);

  colors = chart->colors != NULL ? chart->colors : sw_plot_colors_light ();
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_set_source_rgb (cr, colors->background[0] / 255.0, colors->background[1] / 255.0,
                        colors->background[2] / 255.0);
  cairo_fill (cr);
  cairo_save (cr);
  pl_cmd (PLESC_DEVINIT, cr);
  set_colors (colors);
  pladv (0);
  plgspa (&x_min, &x_max, &y_min, &y_max);
  plschr (CHAR_MM, 1.0);
  ok = draw_map (chart, x_max - x_min, y_max - y_min, CHAR_MM);
  cairo_restore (cr);
  cairo_restore (cr);
  return ok;
}
