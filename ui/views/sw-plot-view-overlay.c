/* sw-plot-view-overlay.c: the table SwPlotView draws under its plot, with
 * Pango, in a strip the PLplot page gives up: the differences between the
 * cursor and the second cursor (Δt, 1/Δt, Δ of every curve), every curve's
 * value at the cursor in the previous and pinned runs, and the statistics
 * of every curve over the range shown (min, max, mean, RMS, peak-to-peak;
 * sw-spectrum.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-plot-view-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#define BOX_MARGIN  8.0
#define BOX_PADDING 6.0

/* A shown column's unit as shown ("N·m", "rpm"). */
static char *
dup_shown_unit (SwPlotView *self, SwTrajectory *tr, guint column, double *factor)
{
  const char *unit;

  *factor = _sw_plot_view_display_factor (self->display_units, sw_trajectory_get_column_unit (tr, column), &unit);
  return sw_plot_dup_unit_text (unit);
}

static void
append_number (GString *s, double value, const char *unit)
{
  if (!isfinite (value))
    g_string_append (s, "–");
  else
    g_string_append_printf (s, "%.5g", value);
  if (unit != NULL && *unit != '\0')
    g_string_append_printf (s, " %s", unit);
}

/* The differences between the cursors. */
static void
append_differences (SwPlotView *self, SwTrajectory *tr, GString *s)
{
  const char *x_unit = sw_trajectory_get_x_unit (tr);
  double dx = self->cursor_t - self->reference_x;
  g_autofree char *x_text = sw_plot_dup_unit_text (x_unit);

  if (self->analysis == SW_PLOT_ANALYSIS_ORDERS)
    g_string_append (s, _("Δorder = "));
  else if (self->analysis == SW_PLOT_ANALYSIS_SPECTRUM)
    g_string_append (s, _("Δf = "));
  else
    g_string_append (s, _("Δt = "));
  append_number (s, dx, x_text);
  if (self->analysis == SW_PLOT_ANALYSIS_TIME && g_strcmp0 (x_unit, "s") == 0 && dx != 0.0)
    {
      g_string_append (s, "    ");
      g_string_append (s, _("1/Δt = "));
      append_number (s, 1.0 / fabs (dx), "Hz");
    }
  for (guint i = 0; i < self->columns->len; i++)
    {
      const char *name = ((Column *) g_ptr_array_index (self->columns, i))->name;
      int c = sw_trajectory_find_column (tr, name);
      g_autofree char *unit = NULL;
      g_autofree char *escaped = NULL;
      double factor, a, b;

      if (c < 0)
        continue;
      unit = dup_shown_unit (self, tr, (guint) c, &factor);
      a = sw_trajectory_interpolate (tr, (guint) c, self->cursor_t) * factor;
      b = sw_trajectory_interpolate (tr, (guint) c, self->reference_x) * factor;
      escaped = g_markup_escape_text (name, -1);
      g_string_append_printf (s, "\n%s\t", escaped);
      g_string_append (s, _("Δ = "));
      append_number (s, a - b, unit);
    }
}

#define MAX_RUNS_SHOWN 4

/* Every curve's value at the cursor in the runs behind (previous, pinned)
 * beside this run's. */
static void
append_runs (SwPlotView *self, GString *s)
{
  SwTrajectory *runs[1 + MAX_RUNS_SHOWN];
  guint n = 0;

  runs[n++] = self->trajectory;
  if (self->previous != NULL)
    runs[n++] = self->previous;
  for (guint i = 0; i < self->pinned->len && n < G_N_ELEMENTS (runs); i++)
    runs[n++] = ((Pinned *) g_ptr_array_index (self->pinned, i))->trajectory;

  if (s->len > 0)
    g_string_append (s, "\n");
  g_string_append_printf (s, "<b>%.6g s\t%s", self->cursor_t, _("this run"));
  if (self->previous != NULL)
    g_string_append_printf (s, "\t%s", _("previous run"));
  for (guint i = 0; i < self->pinned->len && i + 1 + (self->previous != NULL) < n; i++)
    {
      const char *text = ((Pinned *) g_ptr_array_index (self->pinned, i))->text;
      g_autofree char *escaped = g_markup_escape_text (text != NULL ? text : _("pinned run"), -1);

      g_string_append_printf (s, "\t%s", escaped);
    }
  g_string_append (s, "</b>");

  for (guint i = 0; i < self->columns->len; i++)
    {
      const char *name = ((Column *) g_ptr_array_index (self->columns, i))->name;
      g_autofree char *escaped = g_markup_escape_text (name, -1);

      if (sw_trajectory_find_column (self->trajectory, name) < 0)
        continue;
      g_string_append_printf (s, "\n%s", escaped);
      for (guint r = 0; r < n; r++)
        {
          int c = sw_trajectory_find_column (runs[r], name);
          const double *t = sw_trajectory_get_times (runs[r]);
          guint rows = sw_trajectory_get_n_rows (runs[r]);
          g_autofree char *unit = NULL;
          double factor = 1.0, value = NAN;

          g_string_append_c (s, '\t');
          if (c >= 0 && rows > 0 && self->cursor_t >= t[0] && self->cursor_t <= t[rows - 1])
            {
              unit = dup_shown_unit (self, runs[r], (guint) c, &factor);
              value = sw_trajectory_interpolate (runs[r], (guint) c, self->cursor_t) * factor;
            }
          append_number (s, value, unit);
        }
    }
}

static void
append_statistics (SwPlotView *self, SwTrajectory *tr, GString *s)
{
  if (s->len > 0)
    g_string_append (s, "\n");
  g_string_append_printf (s, "<b>%s\t%s\t%s\t%s\t%s\t%s</b>", _("Statistics"), _("min"), _("max"), _("mean"),
                          _("RMS"), _("peak-to-peak"));
  for (guint i = 0; i < self->columns->len; i++)
    {
      const char *name = ((Column *) g_ptr_array_index (self->columns, i))->name;
      int c = sw_trajectory_find_column (tr, name);
      g_autofree char *unit = NULL;
      g_autofree char *escaped = NULL;
      SwSignalStats stats;
      double factor;

      if (c < 0 || !sw_plot_view_get_column_stats (self, name, &stats))
        continue;
      unit = dup_shown_unit (self, tr, (guint) c, &factor);
      escaped = g_markup_escape_text (name, -1);
      g_string_append_printf (s, "\n%s\t", escaped);
      append_number (s, stats.min, unit);
      g_string_append_c (s, '\t');
      append_number (s, stats.max, unit);
      g_string_append_c (s, '\t');
      append_number (s, stats.mean, unit);
      g_string_append_c (s, '\t');
      append_number (s, stats.rms, unit);
      g_string_append_c (s, '\t');
      append_number (s, stats.peak_to_peak, unit);
    }
}

char *
_sw_plot_view_dup_overlay_text (SwPlotView *self)
{
  SwTrajectory *tr = _sw_plot_view_shown (self);
  GString *s;

  if (!_sw_plot_view_has_rows (tr) || _sw_plot_view_is_xy (self))
    return NULL;
  s = g_string_new (NULL);
  if (self->reference_visible && self->cursor_visible)
    append_differences (self, tr, s);
  if (self->cursor_visible && self->analysis == SW_PLOT_ANALYSIS_TIME &&
      (self->previous != NULL || self->pinned->len > 0))
    append_runs (self, s);
  if (self->statistics && self->analysis == SW_PLOT_ANALYSIS_TIME)
    append_statistics (self, tr, s);
  if (s->len == 0)
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  return g_string_free (s, FALSE);
}

/* The table's layout, its columns as wide as their widest cells; NULL
 * when there is nothing to show. */
static PangoLayout *
overlay_layout (SwPlotView *self)
{
  g_autofree char *markup = _sw_plot_view_dup_overlay_text (self);
  g_auto(GStrv) lines = NULL;
  PangoLayout *layout, *one;
  PangoTabArray *tabs;
  int widths_px[8] = { 0 }, gap = 0, position = 0;

  if (markup == NULL)
    return NULL;
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  pango_layout_set_markup (layout, markup, -1);
  one = gtk_widget_create_pango_layout (GTK_WIDGET (self), "MM");
  pango_layout_get_pixel_size (one, &gap, NULL);
  lines = g_strsplit (markup, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      gboolean bold = g_str_has_prefix (lines[i], "<b>");
      g_autofree char *plain = bold ? g_strndup (lines[i] + 3, strlen (lines[i]) - 7) : g_strdup (lines[i]);
      g_auto(GStrv) cells = g_strsplit (plain, "\t", G_N_ELEMENTS (widths_px));

      if (g_strv_length (cells) < 2)
        continue;
      for (guint k = 0; cells[k] != NULL; k++)
        {
          g_autofree char *cell = bold ? g_strconcat ("<b>", cells[k], "</b>", NULL) : g_strdup (cells[k]);
          int w;

          pango_layout_set_markup (one, cell, -1);
          pango_layout_get_pixel_size (one, &w, NULL);
          widths_px[k] = MAX (widths_px[k], w);
        }
    }
  g_object_unref (one);
  tabs = pango_tab_array_new (G_N_ELEMENTS (widths_px) - 1, TRUE);
  for (guint k = 0; k + 1 < G_N_ELEMENTS (widths_px); k++)
    {
      position += widths_px[k] + gap;
      pango_tab_array_set_tab (tabs, (int) k, PANGO_TAB_LEFT, position);
    }
  pango_layout_set_tabs (layout, tabs);
  pango_tab_array_free (tabs);
  return layout;
}

int
_sw_plot_view_overlay_height (SwPlotView *self, int height)
{
  g_autoptr(PangoLayout) layout = overlay_layout (self);
  int lh;

  if (layout == NULL)
    return 0;
  pango_layout_get_pixel_size (layout, NULL, &lh);
  /* The plot keeps at least 60 % of the height. */
  return MIN ((int) (lh + 2 * BOX_PADDING + BOX_MARGIN), (int) (0.4 * height));
}

void
_sw_plot_view_snapshot_overlay (SwPlotView *self, GtkSnapshot *snapshot, int top, int width, int height)
{
  g_autoptr(PangoLayout) layout = overlay_layout (self);
  const SwPlotColors *c = &self->colors;
  GdkRGBA fg = { c->foreground[0] / 255.0, c->foreground[1] / 255.0, c->foreground[2] / 255.0, 1.0 };
  GdkRGBA border = { c->grid[0] / 255.0, c->grid[1] / 255.0, c->grid[2] / 255.0, 1.0 };
  float widths[4] = { 1, 1, 1, 1 };
  GdkRGBA borders[4] = { border, border, border, border };
  GskRoundedRect outline;
  int lw, lh;
  double x;

  if (layout == NULL || height <= 0)
    return;
  pango_layout_get_pixel_size (layout, &lw, &lh);
  /* Under the panels, flush with their left edge. */
  x = self->has_geometry && self->geometry.n_panels > 0 ? self->geometry.panels[0].left : BOX_MARGIN;
  /* or further left, so that a wide table fits */
  x = MAX (BOX_MARGIN, MIN (x, width - lw - 2 * BOX_PADDING - BOX_MARGIN));
  gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (x, top, MIN (lw + 2 * BOX_PADDING, width - x - BOX_MARGIN),
                                                                  height - BOX_MARGIN), 4);
  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, top, width, height));
  gtk_snapshot_append_border (snapshot, &outline, widths, borders);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x + BOX_PADDING, top + BOX_PADDING));
  gtk_snapshot_append_layout (snapshot, layout, &fg);
  gtk_snapshot_restore (snapshot);
  gtk_snapshot_pop (snapshot);
}

/* A stale plot: the page under a veil of the background, so its curves
 * read as faded, and a note in the middle saying whose they are (a
 * Modelica or Simscape user expects the last result kept, not passed off
 * as the current model's). */
void
_sw_plot_view_snapshot_stale (SwPlotView *self, GtkSnapshot *snapshot, int width, int height)
{
  const SwPlotColors *c = &self->colors;
  GdkRGBA veil = { c->background[0] / 255.0, c->background[1] / 255.0, c->background[2] / 255.0, 0.7 };
  GdkRGBA back = veil;
  GdkRGBA fg = { c->foreground[0] / 255.0, c->foreground[1] / 255.0, c->foreground[2] / 255.0, 1.0 };
  float widths[4] = { 1, 1, 1, 1 };
  GdkRGBA borders[4] = { fg, fg, fg, fg };
  g_autoptr(PangoLayout) layout = NULL;
  g_autofree char *markup = NULL;
  GskRoundedRect outline;
  PangoRectangle logical;
  double box_w, box_h, x, y;
  int lw, lh;

  if (width <= 0 || height <= 0)
    return;
  gtk_snapshot_append_color (snapshot, &veil, &GRAPHENE_RECT_INIT (0, 0, width, height));

  markup = g_markup_printf_escaped ("<b>%s</b>\n%s", _("Results of the last complete model"),
                                    _("The model has changed since: complete it to run it again."));
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  pango_layout_set_markup (layout, markup, -1);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_width (layout, (int) MAX (1, width - 4 * (BOX_MARGIN + BOX_PADDING)) * PANGO_SCALE);
  pango_layout_get_pixel_extents (layout, NULL, &logical);
  lw = logical.width, lh = logical.height;
  box_w = MIN (lw + 4 * BOX_PADDING, width - 2 * BOX_MARGIN);
  box_h = lh + 2 * BOX_PADDING;
  x = (width - box_w) / 2;
  y = MAX (BOX_MARGIN, (height - box_h) / 2);
  back.alpha = 0.95;
  gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (x, y, box_w, box_h), 6);
  gtk_snapshot_push_rounded_clip (snapshot, &outline);
  gtk_snapshot_append_color (snapshot, &back, &outline.bounds);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_append_border (snapshot, &outline, widths, borders);
  gtk_snapshot_save (snapshot);
  /* The layout is as wide as the page: its lines start logical.x in. */
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((width - lw) / 2.0 - logical.x, y + BOX_PADDING));
  gtk_snapshot_append_layout (snapshot, layout, &fg);
  gtk_snapshot_restore (snapshot);
}
