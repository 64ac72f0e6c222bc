/* sw-plot-draw-curves.c: the curves of a plot: values as shown (scaled,
 * log10, dB), the ranges of the data, long curves thinned to the lowest and
 * highest point of each pixel column, line styles and who is in a legend.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-plot-draw-private.h"

#include <math.h>
#include <string.h>
#include <plplot.h>

int
_sw_plot_panel_axis (const SwPlotPanel *panel)
{
  return panel->log ? AXIS_LOG : panel->db ? AXIS_DB : AXIS_LINEAR;
}

gboolean
_sw_plot_is_xy (const SwPlotScene *scene)
{
  return scene->n_curves > 0 && scene->curves[0].x_column >= 0;
}

static const double *
curve_x (const SwPlotCurve *c)
{
  return c->x_column < 0 ? sw_trajectory_get_times (c->trajectory)
                         : sw_trajectory_get_column (c->trajectory, (guint) c->x_column);
}

/* The rows of a curve that can be seen between x_min and x_max (shown),
 * with one more on each side: all of them, unless x is the trajectory's
 * times (never decreasing) on a linear axis, which are searched. */
static void
curve_rows (const SwPlotCurve *c, gboolean log_x, double x_min, double x_max,
            guint *first, guint *end)
{
  const double *x = curve_x (c);
  guint n = sw_trajectory_get_n_rows (c->trajectory), lo, hi;
  double raw_min, raw_max;

  *first = 0;
  *end = n;
  if (c->x_column >= 0 || log_x || !(c->x_factor > 0.0) || n < 2 ||
      !_sw_plot_plottable (x[0]) || !_sw_plot_plottable (x[n - 1]))
    return;
  raw_min = x_min / c->x_factor;
  raw_max = x_max / c->x_factor;
  /* First row with x >= raw_min. */
  lo = 0;
  hi = n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (x[mid] < raw_min)
        lo = mid + 1;
      else
        hi = mid;
    }
  *first = lo > 0 ? lo - 1 : 0;
  /* First row with x > raw_max. */
  hi = n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (x[mid] <= raw_max)
        lo = mid + 1;
      else
        hi = mid;
    }
  *end = MIN (lo + 1, n);
}

/* The x range of all the curves. */
gboolean
_sw_plot_curves_x_range (const SwPlotScene *scene, double *min, double *max)
{
  gboolean found = FALSE;

  for (guint k = 0; k < scene->n_curves; k++)
    {
      const SwPlotCurve *c = &scene->curves[k];
      const double *x = curve_x (c);
      guint n = sw_trajectory_get_n_rows (c->trajectory);

      for (guint r = 0; r < n; r++)
        {
          double v = _sw_plot_shown (x[r], c->x_factor, scene->log_x);

          if (isnan (v))
            continue;
          *min = found ? MIN (*min, v) : v;
          *max = found ? MAX (*max, v) : v;
          found = TRUE;
        }
    }
  return found;
}

/* The y range of a panel's curves where x is between x_min and x_max. */
void
_sw_plot_panel_y_range (const SwPlotScene *scene, guint p, int axis, double x_min, double x_max,
                        GPtrArray *points, double *y_min, double *y_max)
{
  gboolean found = FALSE;
  double min = 0.0, max = 0.0;

  for (guint k = 0; k < scene->n_curves; k++)
    {
      const SwPlotCurve *c = &scene->curves[k];
      const double *x, *y;
      guint first, end;

      if (c->panel != p || c->hidden)
        continue;
      if (g_ptr_array_index (points, 2 * k) != NULL)
        {
          /* Thinned already: the extremes are kept. */
          GArray *xs = g_ptr_array_index (points, 2 * k), *ys = g_ptr_array_index (points, 2 * k + 1);

          for (guint i = 0; i < xs->len; i++)
            {
              double xv = g_array_index (xs, double, i), yv = g_array_index (ys, double, i);

              if (isnan (xv) || isnan (yv) || xv < x_min || xv > x_max)
                continue;
              min = found ? MIN (min, yv) : yv;
              max = found ? MAX (max, yv) : yv;
              found = TRUE;
            }
          continue;
        }
      x = curve_x (c);
      y = sw_trajectory_get_column (c->trajectory, c->y_column);
      curve_rows (c, scene->log_x, x_min, x_max, &first, &end);
      for (guint r = first; r < end; r++)
        {
          double xv = _sw_plot_shown (x[r], c->x_factor, scene->log_x);
          double yv = _sw_plot_shown (y[r], c->y_factor, axis);

          if (isnan (xv) || isnan (yv) || xv < x_min || xv > x_max)
            continue;
          min = found ? MIN (min, yv) : yv;
          max = found ? MAX (max, yv) : yv;
          found = TRUE;
        }
    }
  if (axis == AXIS_LOG)
    _sw_plot_pad_log_range (found, &min, &max);
  else
    _sw_plot_pad_range (found, &min, &max);
  *y_min = min;
  *y_max = max;
}

static void
append_point (GArray *xs, GArray *ys, double x, double y)
{
  g_array_append_val (xs, x);
  g_array_append_val (ys, y);
}

/* A gap, once. */
static void
append_gap (GArray *xs, GArray *ys)
{
  double nan = NAN;

  if (xs->len > 0 && !isnan (g_array_index (xs, double, xs->len - 1)))
    append_point (xs, ys, nan, nan);
}

/* A pixel column's lowest and highest point, in the order they come. */
typedef struct {
  int    column;
  guint  n;
  guint  i_min, i_max;
  double x_min, y_min, x_max, y_max;
} Bucket;

static void
flush_bucket (Bucket *b, GArray *xs, GArray *ys)
{
  if (b->n == 0)
    return;
  if (b->i_min == b->i_max)
    append_point (xs, ys, b->x_min, b->y_min);
  else if (b->i_min < b->i_max)
    {
      append_point (xs, ys, b->x_min, b->y_min);
      append_point (xs, ys, b->x_max, b->y_max);
    }
  else
    {
      append_point (xs, ys, b->x_max, b->y_max);
      append_point (xs, ys, b->x_min, b->y_min);
    }
  b->n = 0;
}

/* Against time: the rows first … end - 1 in the x range and one each side,
 * thinned to the lowest and highest point per pixel column when there are
 * more than THIN_FACTOR a column; x never decreases. Also thins points
 * already thinned (factors 1, linear) to fewer columns. */
void
_sw_plot_thin_time (const double *x, const double *y, guint first, guint end,
                    double x_factor, double y_factor, gboolean log_x, int log_y,
                    double x_min, double x_max, int columns, guint per_column, GArray *xs, GArray *ys)
{
  double x_scale = columns / (x_max - x_min);

  if (end - first <= per_column * (guint) columns)
    {
      for (guint r = first; r < end; r++)
        {
          double xv = _sw_plot_shown (x[r], x_factor, log_x);
          double yv = _sw_plot_shown (y[r], y_factor, log_y);

          if (isnan (xv) || isnan (yv))
            append_gap (xs, ys);
          else
            append_point (xs, ys, xv, yv);
        }
      return;
    }

  {
    Bucket b = { .column = G_MININT };
    gboolean have_before = FALSE;
    double before_x = 0.0, before_y = 0.0;

    for (guint r = first; r < end; r++)
      {
        double xv = _sw_plot_shown (x[r], x_factor, log_x);
        double yv = _sw_plot_shown (y[r], y_factor, log_y);
        int column;

        if (isnan (xv) || isnan (yv))
          {
            flush_bucket (&b, xs, ys);
            have_before = FALSE;
            append_gap (xs, ys);
            continue;
          }
        if (xv < x_min)
          {
            /* Only the last point before the range: the line from it enters. */
            have_before = TRUE;
            before_x = xv;
            before_y = yv;
            continue;
          }
        if (have_before)
          {
            append_point (xs, ys, before_x, before_y);
            have_before = FALSE;
          }
        if (xv > x_max)
          {
            /* Only the first point after it. */
            flush_bucket (&b, xs, ys);
            append_point (xs, ys, xv, yv);
            break;
          }
        column = MIN ((int) ((xv - x_min) * x_scale), columns - 1);
        if (column != b.column)
          {
            flush_bucket (&b, xs, ys);
            b.column = column;
          }
        if (b.n == 0 || yv < b.y_min)
          {
            b.i_min = r;
            b.x_min = xv;
            b.y_min = yv;
          }
        if (b.n == 0 || yv > b.y_max)
          {
            b.i_max = r;
            b.x_max = xv;
            b.y_max = yv;
          }
        b.n++;
      }
    flush_bucket (&b, xs, ys);
    if (have_before)
      append_point (xs, ys, before_x, before_y);
  }
}

/* The points of a curve to draw: against time, those in the x range and
 * one each side, thinned to the lowest and highest point per pixel column
 * when there are many; in an X–Y plot, points closer than half a pixel to
 * the last one kept are left out. Gaps are NaN. */
void
_sw_plot_curve_points (const SwPlotCurve *c, gboolean log_x, int log_y,
                       double x_min, double x_max, double y_min, double y_max,
                       double width_px, double height_px, GArray *xs, GArray *ys)
{
  const double *x = curve_x (c);
  const double *y = sw_trajectory_get_column (c->trajectory, c->y_column);
  int columns = MAX (1, (int) ceil (width_px));
  double x_scale = columns / (x_max - x_min);
  guint first, end;

  curve_rows (c, log_x, x_min, x_max, &first, &end);

  if (c->x_column >= 0)
    {
      double y_scale = height_px / (y_max - y_min);
      double last_x = NAN, last_y = NAN;
      gboolean thin = end - first > THIN_FACTOR * (guint) columns;

      for (guint r = first; r < end; r++)
        {
          double xv = _sw_plot_shown (x[r], c->x_factor, log_x);
          double yv = _sw_plot_shown (y[r], c->y_factor, log_y);

          if (isnan (xv) || isnan (yv))
            {
              append_gap (xs, ys);
              last_x = NAN;
              continue;
            }
          if (thin && !isnan (last_x) && r + 1 < end &&
              fabs (xv - last_x) * x_scale < 0.5 && fabs (yv - last_y) * y_scale < 0.5)
            continue;
          append_point (xs, ys, xv, yv);
          last_x = xv;
          last_y = yv;
        }
      return;
    }

  _sw_plot_thin_time (x, y, first, end, c->x_factor, c->y_factor, log_x, log_y, x_min, x_max, columns,
                      THIN_FACTOR, xs, ys);
}

void
_sw_plot_set_line (const SwPlotCurve *c)
{
  guint color = c->color % SW_PLOT_N_COLORS;

  switch (c->line)
    {
    case SW_PLOT_LINE_FAINT:
      plcol0 (COLOR_FAINT_CURVES + (PLINT) color);
      plwidth (FAINT_WIDTH);
      pllsty (1);
      break;
    case SW_PLOT_LINE_DASHED:
      plcol0 (COLOR_DASHED_CURVES + (PLINT) color);
      plwidth (DASHED_WIDTH);
      pllsty (2 + (PLINT) (c->dash % 7));
      break;
    case SW_PLOT_LINE_SOLID:
    default:
      plcol0 (COLOR_CURVES + (PLINT) color);
      plwidth (CURVE_WIDTH);
      pllsty (1);
      break;
    }
  if (c->width > 0)
    plwidth (c->width);
}

void
_sw_plot_set_key_line (const SwPlotKey *key)
{
  SwPlotCurve c = { .line = key->line, .dash = key->dash };

  _sw_plot_set_line (&c);
  plcol0 (key->line == SW_PLOT_LINE_FAINT ? COLOR_FAINT_FOREGROUND : COLOR_FOREGROUND);
}

/* Solid curves with a label, and dashed ones with a label (an order line);
 * runs behind say what they are in the keys on top. */
gboolean
_sw_plot_in_legend (const SwPlotCurve *c)
{
  return c->line != SW_PLOT_LINE_FAINT && c->label != NULL;
}
