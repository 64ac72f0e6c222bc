/* sw-inspector-signal-preview.c: the plot of a signal over the run's time
 * (sw_inspector_signal_draw_preview()), with the value on both sides of
 * each jump, and the row's drawing area.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-inspector-signal-row-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "sw-inspector-number-row.h"

/* The plot */

/* Samples, with the value on both sides of each jump. */
static GArray *
sample (const SwSignal *signal,
        double          stop_time_s,
        guint           n)
{
  GArray *points = g_array_new (FALSE, FALSE, sizeof (double) * 2);
  double t_prev = 0, p[2];

  p[0] = 0;
  p[1] = sw_signal_eval (signal, 0, FALSE, NULL, NULL);
  g_array_append_val (points, p);

  for (guint i = 1; i <= n; i++)
    {
      double t = stop_time_s * i / n, te;
      guint n_events = 0;

      /* More than a few events between two samples are not visible
       * anyway (a fast pulse): the samples then show what they show. */
      while (n_events < 4 && sw_signal_next_event (signal, t_prev, &te) && te < t)
        {
          p[0] = te;
          p[1] = sw_signal_eval (signal, te, TRUE, NULL, NULL);
          g_array_append_val (points, p);
          p[1] = sw_signal_eval (signal, te, FALSE, NULL, NULL);
          g_array_append_val (points, p);
          t_prev = te;
          n_events++;
        }
      p[0] = t;
      p[1] = sw_signal_eval (signal, t, i == n, NULL, NULL);
      g_array_append_val (points, p);
      t_prev = t;
    }
  return points;
}

static void
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
    return;

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

/* The ends of the axes are round numbers (nice_step): as the fields show
 * numbers ("3000", "1e4"), with a true minus. */
static char *
label_number (double v)
{
  g_autofree char *text = NULL;

  if (fabs (v) < 1e-12)
    v = 0;
  text = sw_inspector_format_number (v);
  if (text[0] == '-')
    return g_strconcat ("−", text + 1, NULL);
  return g_steal_pointer (&text);
}

void
sw_inspector_signal_draw_preview (cairo_t        *cr,
                                  GtkWidget      *layout_for,
                                  const SwSignal *signal,
                                  double          stop_time_s,
                                  double          value_scale,
                                  const char     *value_unit,
                                  int             width,
                                  int             height,
                                  const GdkRGBA  *fg,
                                  const GdkRGBA  *accent)
{
  g_autoptr(GArray) points = NULL;
  g_autofree char *top = NULL;
  g_autofree char *bottom = NULL;
  g_autofree char *end = NULL;
  double left = 44, right = 6, above = 6, below = 16;
  double pw, ph, lo = INFINITY, hi = -INFINITY, T;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (fg != NULL && accent != NULL);
  g_return_if_fail (isfinite (value_scale) && value_scale > 0);

  if (signal == NULL)
    return;

  T = isfinite (stop_time_s) && stop_time_s > 0 ? stop_time_s : 1;
  pw = width - left - right;
  ph = height - above - below;
  if (pw < 8 || ph < 8)
    return;

  points = sample (signal, T, (guint) MAX (pw, 2));
  for (guint i = 0; i < points->len; i++)
    {
      double *p = &g_array_index (points, double, 2 * i);

      /* In the unit shown from here on. */
      p[1] /= value_scale;
      if (isfinite (p[1]))
        {
          lo = MIN (lo, p[1]);
          hi = MAX (hi, p[1]);
        }
    }
  if (!isfinite (lo) || !isfinite (hi))
    return;
  if (hi - lo <= 1e-12 * MAX (1, fabs (hi)))
    {
      /* Flat: a line through the middle. */
      double pad = fabs (hi) > 0 ? fabs (hi) * 0.5 : 1;

      lo -= pad;
      hi += pad;
    }
  else
    {
      /* Out to round numbers: a sine of amplitude 10 sampled near its
       * peaks shows ±10, not ±9.99. */
      double step = nice_step ((hi - lo) / 4);

      lo = floor (lo / step + 1e-9) * step;
      hi = ceil (hi / step - 1e-9) * step;
    }

  /* Frame and zero line. */
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.2);
  cairo_rectangle (cr, left + 0.5, above + 0.5, pw - 1, ph - 1);
  cairo_stroke (cr);
  if (lo < 0 && hi > 0)
    {
      double y0 = round (above + ph * hi / (hi - lo)) + 0.5;
      static const double dash[] = { 3, 3 };

      cairo_set_dash (cr, dash, 2, 0);
      cairo_move_to (cr, left, y0);
      cairo_line_to (cr, left + pw, y0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  /* The curve. */
  cairo_save (cr);
  cairo_rectangle (cr, left, above - 1, pw, ph + 2);
  cairo_clip (cr);
  cairo_set_source_rgba (cr, accent->red, accent->green, accent->blue, accent->alpha);
  cairo_set_line_width (cr, 1.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint i = 0; i < points->len; i++)
    {
      const double *p = &g_array_index (points, double, 2 * i);
      double x = left + pw * p[0] / T;
      double y = above + 1 + (ph - 2) * (hi - p[1]) / (hi - lo);

      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);

  /* Labels: the value range on the left, the time span below. */
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.7);
  top = label_number (hi);
  bottom = label_number (lo);
  draw_text (cr, layout_for, top, left - 4, above, 1, 0);
  /* The unit of the values, halfway up their axis. */
  if (value_unit != NULL && value_unit[0] != '\0')
    {
      g_autofree char *unit = sw_inspector_dup_unit_text (value_unit);

      draw_text (cr, layout_for, unit, left - 4, above + ph / 2, 1, 0.5);
    }
  draw_text (cr, layout_for, bottom, left - 4, above + ph, 1, 1);
  draw_text (cr, layout_for, "0", left, above + ph + 1, 0, 0);
  {
    g_autofree char *t = label_number (T);

    end = g_strdup_printf ("%s s", t);
  }
  draw_text (cr, layout_for, end, left + pw, above + ph + 1, 1, 0);
}

void
_sw_inspector_signal_row_preview_draw_cb (GtkDrawingArea *area,
                                          cairo_t        *cr,
                                          int             width,
                                          int             height,
                                          gpointer        user_data)
{
  SwInspectorSignalRow *self = user_data;
  GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (area));
  GdkRGBA fg, accent;
  const char *unit;
  double scale;

  gtk_style_context_get_color (context, &fg);
  if (!gtk_style_context_lookup_color (context, "accent_color", &accent))
    gdk_rgba_parse (&accent, "#3584e4");

  unit = _sw_inspector_signal_row_param_display_unit (self, &scale);
  sw_inspector_signal_draw_preview (cr, GTK_WIDGET (area), self->preview, self->stop_time_s,
                                    scale, unit, width, height, &fg, &accent);
}

/* The object */
