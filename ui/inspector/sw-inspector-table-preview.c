/* sw-inspector-table-preview.c: the plot of a table parameter: one curve
 * (a friction characteristic mirrored for negative speeds,
 * sw_inspector_table_draw_preview()) or several columns with a legend and
 * a second axis for a second unit (sw_inspector_table_draw_columns()), and
 * the row's drawing area.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-inspector-table-row-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "sw-inspector-number-row.h"

/* The plot */

/* Returns the text's width in pixels (0 without layout_for). */
static int
draw_text (cairo_t    *cr,
           GtkWidget  *layout_for,
           const char *text,
           double      x,
           double      y,
           double      x_align,
           double      y_align)
{
  PangoLayout *layout;
  PangoAttrList *attrs;
  int w, h;

  if (layout_for == NULL)
    return 0;

  layout = gtk_widget_create_pango_layout (layout_for, text);
  attrs = pango_attr_list_new ();
  pango_attr_list_insert (attrs, pango_attr_scale_new (0.8));
  pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - x_align * w, y - y_align * h);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
  return w;
}

/* 1, 2 or 5 times a power of ten, at least x. */
static double
nice_step (double x)
{
  double p = pow (10, floor (log10 (x)));

  if (x <= p)
    return p;
  if (x <= 2 * p)
    return 2 * p;
  if (x <= 5 * p)
    return 5 * p;
  return 10 * p;
}

/* As the cells show numbers, with a true minus and a unit. */
static char *
label_number (double      v,
              const char *unit)
{
  g_autofree char *text = sw_inspector_format_number (fabs (v) < 1e-12 ? 0 : v);
  g_autofree char *unit_text = unit != NULL ? sw_inspector_dup_unit_text (unit) : g_strdup ("");
  const char *space = unit_text[0] == '\0' || strcmp (unit_text, "°") == 0 ? "" : " ";

  if (text[0] == '-')
    return g_strdup_printf ("−%s%s%s", text + 1, space, unit_text);
  return g_strdup_printf ("%s%s%s", text, space, unit_text);
}

/* Qualitative colours after the accent, readable on light and dark. */
static const GdkRGBA other_colours[] = {
  { 0.90, 0.38, 0.00, 1 },
  { 0.15, 0.64, 0.41, 1 },
  { 0.57, 0.25, 0.67, 1 },
  { 0.75, 0.11, 0.16, 1 },
};

void
sw_inspector_table_draw_preview (cairo_t       *cr,
                                 GtkWidget     *layout_for,
                                 const SwTable *table,
                                 double         x_scale,
                                 const char    *x_unit,
                                 double         y_scale,
                                 const char    *y_unit,
                                 int            width,
                                 int            height,
                                 const GdkRGBA *fg,
                                 const GdkRGBA *accent)
{
  double left = 44, right = 8, above = 6, below = 16;
  double pw, ph, x_max, y_max = 0, w_last;
  guint n_rows, nc;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (fg != NULL && accent != NULL);
  g_return_if_fail (isfinite (x_scale) && x_scale > 0 && isfinite (y_scale) && y_scale > 0);

  if (table == NULL || sw_table_get_n_columns (table) < 2)
    return;
  pw = width - left - right;
  ph = height - above - below;
  if (pw < 8 || ph < 8)
    return;

  n_rows = sw_table_get_n_rows (table);
  nc = sw_table_get_n_columns (table);
  /* A fifth beyond the last row shows how the table goes on. */
  w_last = sw_table_get (table, n_rows - 1, 0) / x_scale;
  if (w_last > 0)
    {
      double step = nice_step (w_last * 1.2 / 4);

      x_max = ceil (w_last * 1.2 / step) * step;
    }
  else
    x_max = 1;
  for (guint j = 1; j < nc; j++)
    {
      y_max = MAX (y_max, fabs (sw_table_interpolate (table, j, x_max * x_scale)));
      for (guint i = 0; i < n_rows; i++)
        y_max = MAX (y_max, fabs (sw_table_get (table, i, j)));
    }
  y_max /= y_scale;
  y_max = isfinite (y_max) && y_max > 0 ? nice_step (y_max) : 1;

  /* Frame and axes through the origin. */
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.2);
  cairo_rectangle (cr, left + 0.5, above + 0.5, pw - 1, ph - 1);
  cairo_stroke (cr);
  {
    static const double dash[] = { 3, 3 };
    double x0 = round (left + pw / 2) + 0.5, y0 = round (above + ph / 2) + 0.5;

    cairo_set_dash (cr, dash, 2, 0);
    cairo_move_to (cr, left, y0);
    cairo_line_to (cr, left + pw, y0);
    cairo_move_to (cr, x0, above);
    cairo_line_to (cr, x0, above + ph);
    cairo_stroke (cr);
    cairo_set_dash (cr, NULL, 0, 0);
  }

  /* The curves: value(w) for w >= 0 through every row, value(−w) = −value(w);
   * at w = 0 the jump from −value(0) to value(0) (Coulomb friction). */
  cairo_save (cr);
  cairo_rectangle (cr, left, above - 1, pw, ph + 2);
  cairo_clip (cr);
  cairo_set_line_width (cr, 1.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint j = nc - 1; j >= 1; j--)
    {
      const GdkRGBA *colour = j == 1 ? accent : &other_colours[(j - 2) % G_N_ELEMENTS (other_colours)];
      g_autoptr(GArray) xs = g_array_new (FALSE, FALSE, sizeof (double));
      double w;

      /* Speeds where the curve bends, in SI: 0, the rows, the edge. */
      w = 0;
      g_array_append_val (xs, w);
      for (guint i = 0; i < n_rows; i++)
        {
          w = sw_table_get (table, i, 0);
          if (w > 0 && w < x_max * x_scale)
            g_array_append_val (xs, w);
        }
      w = x_max * x_scale;
      g_array_append_val (xs, w);

      cairo_set_source_rgba (cr, colour->red, colour->green, colour->blue, colour->alpha);
      for (int side = -1; side <= 1; side += 2)
        {
          for (guint k = 0; k < xs->len; k++)
            {
              double ws = g_array_index (xs, double, k);
              double v = side * sw_table_interpolate (table, j, ws) / y_scale;
              double x = left + pw / 2 + side * (pw / 2) * (ws / x_scale) / x_max;
              double y = above + 1 + (ph - 2) * (y_max - v) / (2 * y_max);

              if (k == 0)
                cairo_move_to (cr, x, y);
              else
                cairo_line_to (cr, x, y);
            }
          cairo_stroke (cr);
        }
      /* The jump at rest. */
      {
        double v = sw_table_interpolate (table, j, 0) / y_scale;
        double x = left + pw / 2;

        cairo_move_to (cr, x, above + 1 + (ph - 2) * (y_max + v) / (2 * y_max));
        cairo_line_to (cr, x, above + 1 + (ph - 2) * (y_max - v) / (2 * y_max));
        cairo_stroke (cr);
      }
    }
  cairo_restore (cr);

  /* Labels: the value range on the left, the speed range below. */
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.7);
  {
    g_autofree char *top = label_number (y_max, NULL);
    g_autofree char *bottom = label_number (-y_max, NULL);
    g_autofree char *unit = y_unit != NULL ? sw_inspector_dup_unit_text (y_unit) : NULL;
    g_autofree char *x_left = label_number (-x_max, NULL);
    g_autofree char *x_right = label_number (x_max, x_unit);

    draw_text (cr, layout_for, top, left - 4, above, 1, 0);
    if (unit != NULL && unit[0] != '\0')
      draw_text (cr, layout_for, unit, left - 4, above + ph / 2, 1, 0.5);
    else
      draw_text (cr, layout_for, "0", left - 4, above + ph / 2, 1, 0.5);
    draw_text (cr, layout_for, bottom, left - 4, above + ph, 1, 1);
    draw_text (cr, layout_for, x_left, left, above + ph + 1, 0, 0);
    draw_text (cr, layout_for, "0", left + pw / 2, above + ph + 1, 0.5, 0);
    draw_text (cr, layout_for, x_right, left + pw, above + ph + 1, 1, 0);
  }
}

/* Where value v lies on an axis from lo to hi, in a plot of height ph
 * below above (a pixel kept free at each edge). */
static double
axis_y (double v,
        double lo,
        double hi,
        double above,
        double ph)
{
  return above + 1 + (ph - 2) * (hi - v) / (hi - lo);
}

void
sw_inspector_table_draw_columns (cairo_t                 *cr,
                                 GtkWidget               *layout_for,
                                 const SwTable           *table,
                                 const SwTablePlotColumn *columns,
                                 int                      width,
                                 int                      height,
                                 const GdkRGBA           *fg,
                                 const GdkRGBA           *accent)
{
  double left = 44, right = 8, above = 6, below = 34;
  double pw, ph, x_max, w_last, x_scale;
  double lo[2] = { 0, 0 }, hi[2] = { 0, 0 };
  gboolean bounded[2] = { TRUE, TRUE };
  const char *axis_unit[2] = { NULL, NULL };
  guint n_on_axis[2] = { 0, 0 };
  int axis[MAX_COLUMNS];
  gboolean dashed[MAX_COLUMNS];
  guint n_rows, nc;
  double legend_x;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (columns != NULL);
  g_return_if_fail (fg != NULL && accent != NULL);

  if (table == NULL || sw_table_get_n_columns (table) < 2 || sw_table_get_n_columns (table) > MAX_COLUMNS)
    return;
  n_rows = sw_table_get_n_rows (table);
  nc = sw_table_get_n_columns (table);
  for (guint j = 0; j < nc; j++)
    g_return_if_fail (isfinite (columns[j].scale) && columns[j].scale > 0);

  /* Which axis each column goes against: column 1's unit left, the next
   * unit right, any other nowhere (-1). */
  for (guint j = 1; j < nc; j++)
    {
      const char *unit = columns[j].unit != NULL ? columns[j].unit : "";

      axis[j] = -1;
      for (int a = 0; a < 2 && axis[j] < 0; a++)
        {
          if (axis_unit[a] == NULL)
            axis_unit[a] = unit;
          if (strcmp (axis_unit[a], unit) == 0)
            axis[j] = a;
        }
      dashed[j] = axis[j] >= 0 && n_on_axis[axis[j]]++ > 0;
    }
  if (n_on_axis[1] > 0)
    right = 44;
  pw = width - left - right;
  ph = height - above - below;
  if (pw < 8 || ph < 8)
    return;

  /* Speeds: 0 to a fifth beyond the last row, to a round number. */
  x_scale = columns[0].scale;
  w_last = sw_table_get (table, n_rows - 1, 0) / x_scale;
  if (w_last > 0)
    {
      double step = nice_step (w_last * 1.2 / 4);

      x_max = ceil (w_last * 1.2 / step) * step;
    }
  else
    x_max = 1;

  /* Each axis from 0 (or below, for negative values) to its columns' max
   * when they all have one, else to a round number above the values. */
  for (guint j = 1; j < nc; j++)
    {
      int a = axis[j];
      double scale = columns[j].scale;

      if (a < 0)
        continue;
      for (guint i = 0; i <= n_rows; i++)
        {
          double v = (i < n_rows ? sw_table_get (table, i, j) : sw_table_interpolate (table, j, x_max * x_scale))
                     / scale;

          if (isfinite (v))
            {
              lo[a] = MIN (lo[a], v);
              hi[a] = MAX (hi[a], v);
            }
        }
      if (!isfinite (columns[j].max))
        bounded[a] = FALSE;
    }
  for (int a = 0; a < 2; a++)
    {
      double bound = 0;

      for (guint j = 1; j < nc && bounded[a]; j++)
        if (axis[j] == a)
          bound = MAX (bound, columns[j].max / columns[j].scale);
      if (bounded[a] && isfinite (bound) && bound > 0 && hi[a] <= bound)
        hi[a] = bound;
      else if (hi[a] > 0)
        {
          /* Extrapolated beyond the bound, or unbounded: a round number. */
          double step = nice_step (hi[a] / 4);

          hi[a] = ceil (hi[a] / step) * step;
        }
      else
        hi[a] = 1;
      if (lo[a] < 0)
        lo[a] = -nice_step (-lo[a]);
    }

  /* Frame, and the zero line when an axis goes below it. */
  cairo_save (cr);
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.2);
  cairo_rectangle (cr, left + 0.5, above + 0.5, pw - 1, ph - 1);
  cairo_stroke (cr);
  if (lo[0] < 0)
    {
      static const double dash[] = { 3, 3 };
      double y0 = round (axis_y (0, lo[0], hi[0], above, ph)) + 0.5;

      cairo_set_dash (cr, dash, 2, 0);
      cairo_move_to (cr, left, y0);
      cairo_line_to (cr, left + pw, y0);
      cairo_stroke (cr);
    }
  cairo_restore (cr);

  /* The curves, through every row: column 1 last, on top. */
  cairo_save (cr);
  cairo_rectangle (cr, left, above - 1, pw, ph + 2);
  cairo_clip (cr);
  cairo_set_line_width (cr, 1.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint j = nc - 1; j >= 1; j--)
    {
      const GdkRGBA *colour = j == 1 ? accent : &other_colours[(j - 2) % G_N_ELEMENTS (other_colours)];
      static const double dash[] = { 5, 3 };
      int a = axis[j];
      double w = 0;

      if (a < 0)
        continue;
      cairo_set_source_rgba (cr, colour->red, colour->green, colour->blue, colour->alpha);
      cairo_set_dash (cr, dash, dashed[j] ? 2 : 0, 0);
      /* Speeds where the curve bends: 0, the rows, the edge. */
      for (guint k = 0; k < n_rows + 2; k++)
        {
          double x, y;

          w = k == 0 ? 0 : k <= n_rows ? sw_table_get (table, k - 1, 0) : x_max * x_scale;
          if (k > 0 && k <= n_rows && !(w > 0 && w < x_max * x_scale))
            continue;
          x = left + pw * (w / x_scale) / x_max;
          y = axis_y (sw_table_interpolate (table, j, w) / columns[j].scale, lo[a], hi[a], above, ph);
          if (k == 0)
            cairo_move_to (cr, x, y);
          else
            cairo_line_to (cr, x, y);
        }
      cairo_stroke (cr);
    }
  cairo_restore (cr);

  /* Labels: each axis's range, the speed's below, then the legend. */
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.7);
  for (int a = 0; a < 2; a++)
    {
      g_autofree char *top = NULL;
      g_autofree char *bottom = NULL;
      double x = a == 0 ? left - 4 : left + pw + 4;

      if (n_on_axis[a] == 0)
        continue;
      top = label_number (hi[a], axis_unit[a]);
      bottom = label_number (lo[a], lo[a] < 0 ? axis_unit[a] : NULL);
      draw_text (cr, layout_for, top, x, above, a == 0 ? 1 : 0, 0);
      draw_text (cr, layout_for, bottom, x, above + ph, a == 0 ? 1 : 0, 1);
    }
  {
    g_autofree char *x_right = label_number (x_max, columns[0].unit);

    draw_text (cr, layout_for, "0", left, above + ph + 1, 0, 0);
    draw_text (cr, layout_for, x_right, left + pw, above + ph + 1, 1, 0);
  }
  legend_x = left;
  for (guint j = 1; j < nc; j++)
    {
      const GdkRGBA *colour = j == 1 ? accent : &other_colours[(j - 2) % G_N_ELEMENTS (other_colours)];
      static const double dash[] = { 5, 3 };
      double y = height - 8;
      int text_w;

      if (axis[j] < 0)
        continue;
      cairo_save (cr);
      cairo_set_line_width (cr, 1.5);
      cairo_set_dash (cr, dash, dashed[j] ? 2 : 0, 0);
      cairo_set_source_rgba (cr, colour->red, colour->green, colour->blue, colour->alpha);
      cairo_move_to (cr, legend_x, y);
      cairo_line_to (cr, legend_x + 16, y);
      cairo_stroke (cr);
      cairo_restore (cr);
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.7);
      text_w = draw_text (cr, layout_for, columns[j].name, legend_x + 20, y, 0, 0.5);
      legend_x += 20 + text_w + 12;
    }
}

void
_sw_inspector_table_row_preview_draw_cb (GtkDrawingArea *area,
                                         cairo_t        *cr,
                                         int             width,
                                         int             height,
                                         gpointer        user_data)
{
  SwInspectorTableRow *self = user_data;
  GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (area));
  const char *x_unit, *y_unit;
  double x_scale, y_scale;
  GdkRGBA fg, accent;

  gtk_style_context_get_color (context, &fg);
  if (!gtk_style_context_lookup_color (context, "accent_color", &accent))
    gdk_rgba_parse (&accent, "#3584e4");

  if (_sw_inspector_table_row_is_several (self))
    {
      SwTablePlotColumn columns[MAX_COLUMNS];

      for (guint j = 0; j < _sw_inspector_table_row_n_columns (self); j++)
        {
          columns[j].name = self->desc->columns[j].name;
          columns[j].unit = _sw_inspector_table_row_column_display_unit (self, j, &columns[j].scale);
          columns[j].max = self->desc->columns[j].max;
        }
      sw_inspector_table_draw_columns (cr, GTK_WIDGET (area), self->preview, columns, width, height, &fg,
                                       &accent);
      return;
    }

  x_unit = _sw_inspector_table_row_column_display_unit (self, 0, &x_scale);
  y_unit = _sw_inspector_table_row_n_columns (self) > 1 ? _sw_inspector_table_row_column_display_unit (self, 1, &y_scale) : NULL;
  if (y_unit == NULL)
    y_scale = 1;
  sw_inspector_table_draw_preview (cr, GTK_WIDGET (area), self->preview, x_scale, x_unit, y_scale, y_unit,
                                   width, height, &fg, &accent);
}
