/* sw-plot-draw-labels.c: what is drawn over and beside the panels: the
 * title, the keys on top, each panel's legend and y axis label, the
 * selection, the cursor with its read-outs, marks, curves' end labels, and
 * runs of points as lines.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-plot-draw-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include <plplot.h>

/* Centred over the panels, or over the page when it is wider than they are;
 * smaller when it is wider than the page. */
void
_sw_plot_draw_title (const Layout *l, const char *title)
{
  g_autofree char *escaped = _sw_plot_escape_text (title);
  double scale = TITLE_SCALE;
  double width = CHAR_WIDTH * _sw_plot_text_length (title) * l->char_height;
  double x = l->left + 0.5 * l->panel_w;

  if (width * scale > l->page_w - 2.0 * l->char_height)
    scale = MAX (0.5, (l->page_w - 2.0 * l->char_height) / width);
  if (width * scale > l->panel_w)
    x = 0.5 * l->page_w;
  _sw_plot_page_viewport (l);
  plcol0 (COLOR_FOREGROUND);
  plschr (0.0, scale * l->scale);
  plptex (x, l->page_h - 0.5 * MARGIN_TOP_TITLE * l->char_height, 1.0, 0.0, 0.5, escaped);
  plschr (0.0, l->scale);
}

/* The keys on top, in rows from the left. */
void
_sw_plot_draw_keys (const Layout *l, const SwPlotScene *scene)
{
  double ch = l->char_height;
  double x = MARGIN_RIGHT * ch, row = 0;

  _sw_plot_page_viewport (l);
  for (guint k = 0; k < scene->n_keys; k++)
    {
      const SwPlotKey *key = &scene->keys[k];
      g_autofree char *text = _sw_plot_escape_text (key->text);
      double w = (LEGEND_LINE + LEGEND_TEXT_OFFSET + KEY_GAP) * ch + CHAR_WIDTH * _sw_plot_text_length (key->text) * ch;
      double y;

      if (k > 0 && x + w > l->page_w - MARGIN_RIGHT * ch)
        {
          row++;
          x = MARGIN_RIGHT * ch;
        }
      y = l->page_h - l->key_top - (row + 0.5) * LEGEND_SPACING * ch;
      _sw_plot_set_key_line (key);
      pljoin (x, y, x + LEGEND_LINE * ch, y);
      pllsty (1);
      plcol0 (COLOR_FOREGROUND);
      plptex (x + (LEGEND_LINE + LEGEND_TEXT_OFFSET) * ch, y, 1.0, 0.0, 0.0, text);
      x += w;
    }
}

/* The cursor's value of a curve as shown; NaN when it has none there. */
static double
readout (const SwPlotCurve *c, double t)
{
  if (sw_trajectory_get_n_rows (c->trajectory) == 0 || !isfinite (t))
    return NAN;
  return sw_trajectory_interpolate (c->trajectory, c->y_column, t) * c->y_factor;
}

/* An entry's room in a legend above a panel: line, name, the value at the
 * cursor when there is room for one, and a gap to the next. */
double
_sw_plot_legend_entry_width (const SwPlotCurve *c, double ch, double readout_w)
{
  return (LEGEND_LINE + LEGEND_TEXT_OFFSET + KEY_GAP) * ch + CHAR_WIDTH * _sw_plot_text_length (c->label) * ch +
         readout_w;
}

/* Rows panel p's legend takes above it, on a width wide; a wider entry has
 * a row of its own. */
guint
_sw_plot_legend_rows (const SwPlotScene *scene, guint p, double ch, double width, double readout_w)
{
  guint rows = 0;
  double x = 0.0;

  for (guint k = 0; k < scene->n_curves; k++)
    {
      const SwPlotCurve *c = &scene->curves[k];
      double w;

      if (c->panel != p || !_sw_plot_in_legend (c))
        continue;
      w = _sw_plot_legend_entry_width (c, ch, readout_w);
      /* The gap after an entry may go beyond the width. */
      if (rows == 0 || x + w - KEY_GAP * ch > width)
        {
          rows++;
          x = 0.0;
        }
      x += w;
    }
  return rows;
}

/* Where panel p's legend entries go, at most size of them: right of the
 * panel's top corner one a row, or above the panel in rows from its left
 * edge (above the first panel's cursor row). */
guint
_sw_plot_legend_places (const Layout *l, const SwPlotScene *scene, guint p, LegendPlace *places, guint size)
{
  double ch = l->char_height;
  double y_top = _sw_plot_panel_top (l, p);
  double x_start = l->left + l->panel_w + LEGEND_GAP * ch, x_end = l->page_w;
  double x = x_start;
  guint n = 0, row = 0;

  if (l->legend_above)
    {
      x_start = x = l->left;
      x_end = l->left + l->panel_w;
      y_top += l->legend_h[p];
      if (p == 0 && scene->readouts)
        y_top += CURSOR_LABEL_ROW * ch;
    }
  for (guint k = 0; k < scene->n_curves && n < size; k++)
    {
      const SwPlotCurve *c = &scene->curves[k];
      LegendPlace *place;
      double w = x_end - x_start;

      if (c->panel != p || !_sw_plot_in_legend (c))
        continue;
      if (l->legend_above)
        {
          w = _sw_plot_legend_entry_width (c, ch, l->readout_w);
          if (n > 0 && x + w - KEY_GAP * ch > x_end)
            {
              row++;
              x = x_start;
            }
        }
      place = &places[n++];
      place->curve = k;
      place->x = x;
      place->y = y_top - (row + 0.5) * LEGEND_SPACING * ch;
      place->width = l->legend_above ? w : x_end - x_start;
      if (l->legend_above)
        x += w;
      else
        row++;
    }
  return n;
}

/* A panel's legend: a line and a name per curve, and the value at the
 * cursor when there is one (flush right beside the panel, after the name
 * above it). */
void
_sw_plot_draw_legend (const Layout *l, const SwPlotScene *scene, guint p)
{
  double ch = l->char_height;
  LegendPlace places[SW_PLOT_MAX_LEGEND];
  guint n = _sw_plot_legend_places (l, scene, p, places, G_N_ELEMENTS (places));

  _sw_plot_page_viewport (l);
  for (guint i = 0; i < n; i++)
    {
      const SwPlotCurve *c = &scene->curves[places[i].curve];
      double x0 = places[i].x, y = places[i].y;
      g_autofree char *text = NULL;

      _sw_plot_set_line (c);
      if (c->hidden)
        plcol0 (COLOR_GRID);
      pljoin (x0, y, x0 + LEGEND_LINE * ch, y);
      plcol0 (c->hidden ? COLOR_GRID : COLOR_FOREGROUND);
      text = _sw_plot_escape_text (c->label);
      plptex (x0 + (LEGEND_LINE + LEGEND_TEXT_OFFSET) * ch, y, 1.0, 0.0, 0.0, text);
      if (scene->cursor && scene->readouts && !_sw_plot_is_xy (scene))
        {
          double value = readout (c, scene->cursor_x);
          char number[32];

          if (scene->panels[p].db)
            value = _sw_plot_shown (value, 1.0, AXIS_DB);
          if (isnan (value))
            g_strlcpy (number, "–", sizeof number);
          else
            g_snprintf (number, sizeof number, "%.5g", value);
          if (l->legend_above)
            plptex (x0 + places[i].width - KEY_GAP * ch, y, 1.0, 0.0, 1.0, number);
          else
            plptex (l->page_w - MARGIN_RIGHT * ch, y, 1.0, 0.0, 1.0, number);
        }
    }
}

/* Where _sw_plot_draw_legend() put panel p's entries, in pixels: each
 * the height of its row, from its line to the end of its room. */
void
_sw_plot_legend_geometry (const Layout *l, const SwPlotScene *scene, guint p, SwPlotGeometry *geometry,
                          int width_px, int height_px)
{
  double ch = l->char_height;
  LegendPlace places[SW_PLOT_MAX_LEGEND];
  guint n = _sw_plot_legend_places (l, scene, p, places, SW_PLOT_MAX_LEGEND - geometry->n_legend);

  for (guint i = 0; i < n; i++)
    {
      SwPlotLegendEntry *e = &geometry->legend[geometry->n_legend++];
      double y = places[i].y + 0.5 * LEGEND_SPACING * ch;

      e->curve = places[i].curve;
      e->left = places[i].x / l->page_w * width_px;
      e->width = places[i].width / l->page_w * width_px;
      e->top = (l->page_h - y) / l->page_h * height_px;
      e->height = LEGEND_SPACING * ch / l->page_h * height_px;
    }
}

/* The y axis label, smaller when longer than the panel. */
void
_sw_plot_draw_y_label (const Layout *l, const char *raw_label)
{
  g_autofree char *label = _sw_plot_spell_units (raw_label);
  g_autofree char *escaped = _sw_plot_escape_text (label);
  double width = CHAR_WIDTH * 0.9 * _sw_plot_text_length (label) * l->char_height;
  double scale = 1.0;

  if (width * 0.8 > l->panel_h && strrchr (label, '[') != NULL)
    {
      /* Too long even smaller: the unit alone. */
      const char *unit = strrchr (label, '[');

      g_free (escaped);
      escaped = _sw_plot_escape_text (unit);
      width = CHAR_WIDTH * 0.9 * _sw_plot_text_length (unit) * l->char_height;
    }
  if (width > l->panel_h)
    scale = MAX (LABEL_MIN_SCALE, l->panel_h / width);
  if (scale < 1.0)
    plschr (0.0, scale * l->scale);
  plmtex ("l", l->unit_disp, 0.5, 0.5, escaped);
  if (scale < 1.0)
    plschr (0.0, l->scale);
}

void
_sw_plot_draw_selection (const SwPlotScene *scene, const Panel *panel)
{
  double x0 = scene->selection_x0, x1 = scene->selection_x1;
  double y0 = scene->selection_y0, y1 = scene->selection_y1;
  PLFLT xs[5], ys[5];

  if (scene->log_x)
    {
      x0 = x0 > 0.0 ? log10 (x0) : -300.0;
      x1 = x1 > 0.0 ? log10 (x1) : -300.0;
    }
  if (panel->spec->log || panel->spec->db)
    {
      y0 = _sw_plot_shown (y0, 1.0, _sw_plot_panel_axis (panel->spec));
      y1 = _sw_plot_shown (y1, 1.0, _sw_plot_panel_axis (panel->spec));
      y0 = isnan (y0) ? -300.0 : y0;
      y1 = isnan (y1) ? -300.0 : y1;
    }
  xs[0] = xs[3] = xs[4] = x0;
  xs[1] = xs[2] = x1;
  ys[0] = ys[1] = ys[4] = y0;
  ys[2] = ys[3] = y1;
  plcol0 (COLOR_SELECTION);
  plfill (4, xs, ys);
  plcol0 (COLOR_FOREGROUND);
  plwidth (CURSOR_WIDTH);
  plline (5, xs, ys);
}

/* The cursor in a panel: a vertical line at its time and a dot on each
 * curve; in an X–Y plot, a dot where each curve is at that time. */
void
_sw_plot_draw_cursor (const SwPlotScene *scene, const Panel *panel, guint p, const Layout *l)
{
  gboolean xy = _sw_plot_is_xy (scene);
  double x = _sw_plot_shown (scene->cursor_x, 1.0, scene->log_x);

  if (!xy)
    {
      if (isnan (x) || x < l->x_min || x > l->x_max)
        return;
      plcol0 (COLOR_FOREGROUND);
      plwidth (CURSOR_WIDTH);
      pllsty (1);
      pljoin (x, panel->y_min, x, panel->y_max);
    }
  for (guint k = 0; k < scene->n_curves; k++)
    {
      const SwPlotCurve *c = &scene->curves[k];
      PLFLT px, py;

      if (c->panel != p || c->hidden || c->line != SW_PLOT_LINE_SOLID || sw_trajectory_get_n_rows (c->trajectory) == 0)
        continue;
      px = xy ? _sw_plot_shown (sw_trajectory_interpolate (c->trajectory, (guint) c->x_column, scene->cursor_x),
                                c->x_factor, scene->log_x)
              : x;
      py = _sw_plot_shown (readout (c, scene->cursor_x), 1.0, _sw_plot_panel_axis (panel->spec));
      if (isnan (px) || isnan (py) || px < l->x_min || px > l->x_max ||
          py < panel->y_min || py > panel->y_max)
        continue;
      plcol0 (COLOR_CURVES + (PLINT) (c->color % SW_PLOT_N_COLORS));
      plssym (0.0, 1.6);
      plpoin (1, &px, &py, 17);
      plssym (0.0, 1.0);
    }
}

/* The second cursor: a dashed vertical line. */
void
_sw_plot_draw_reference (const SwPlotScene *scene, const Panel *panel, const Layout *l)
{
  double x = _sw_plot_shown (scene->reference_x, 1.0, scene->log_x);

  if (isnan (x) || x < l->x_min || x > l->x_max)
    return;
  plcol0 (COLOR_FOREGROUND);
  plwidth (CURSOR_WIDTH);
  pllsty (3);
  pljoin (x, panel->y_min, x, panel->y_max);
  pllsty (1);
}

/* The cursor's x above the first panel. */
void
_sw_plot_draw_cursor_label (const Layout *l, const SwPlotScene *scene)
{
  double x = _sw_plot_shown (scene->cursor_x, 1.0, scene->log_x);
  double position;
  char text[96];

  if (_sw_plot_is_xy (scene) || isnan (x) || x < l->x_min || x > l->x_max)
    return;
  if (scene->cursor_unit != NULL && *scene->cursor_unit != '\0')
    g_snprintf (text, sizeof text, "%.6g %s", scene->cursor_x, scene->cursor_unit);
  else
    g_snprintf (text, sizeof text, "%.6g", scene->cursor_x);
  position = (x - l->x_min) / (l->x_max - l->x_min);
  /* Within the panel: centred, or flush with the nearer edge. */
  plcol0 (COLOR_FOREGROUND);
  if (position * l->panel_w < 0.5 * CHAR_WIDTH * strlen (text) * l->char_height)
    plmtex ("t", CURSOR_LABEL_DISP, position, 0.0, text);
  else if ((1.0 - position) * l->panel_w < 0.5 * CHAR_WIDTH * strlen (text) * l->char_height)
    plmtex ("t", CURSOR_LABEL_DISP, position, 1.0, text);
  else
    plmtex ("t", CURSOR_LABEL_DISP, position, 0.5, text);
}

/* The marks' vertical lines through a panel, dotted; in the first panel
 * their labels inside the top edge, right of the line (left of it near the
 * right edge), left out where one would overlap the previous label. */
/* The vertical lines of one kind of mark, and in the first panel their
 * labels on line `line` from the top. */
static void
draw_x_marks_of (const SwPlotScene *scene, const Panel *panel, guint p, const Layout *l, SwPlotMarkKind kind,
                 PLINT mark, PLINT space, double line)
{
  double ch = l->char_height, last_end = -G_MAXDOUBLE;

  plcol0 (COLOR_FAINT_FOREGROUND);
  plwidth (CURSOR_WIDTH);
  plstyl (1, &mark, &space);
  for (guint k = 0; k < scene->n_marks; k++)
    {
      const SwPlotMark *m = &scene->marks[k];
      double x = _sw_plot_shown (m->x, 1.0, scene->log_x);

      if (m->kind == kind && !isnan (x) && x >= l->x_min && x <= l->x_max)
        pljoin (x, panel->y_min, x, panel->y_max);
    }
  pllsty (1);
  if (p != 0)
    return;
  plcol0 (COLOR_FOREGROUND);
  for (guint k = 0; k < scene->n_marks; k++)
    {
      const SwPlotMark *m = &scene->marks[k];
      double x = _sw_plot_shown (m->x, 1.0, scene->log_x), at, width, start;
      g_autofree char *text = NULL;

      if (m->kind != kind || m->label == NULL || isnan (x) || x < l->x_min || x > l->x_max)
        continue;
      at = (x - l->x_min) / (l->x_max - l->x_min) * l->panel_w;
      width = CHAR_WIDTH * _sw_plot_text_length (m->label) * ch;
      start = at + 0.4 * ch + width > l->panel_w ? at - 0.4 * ch - width : at + 0.4 * ch;
      if (start < last_end || start < 0.0)
        continue;
      text = _sw_plot_escape_text (m->label);
      plmtex ("t", line, start / l->panel_w, 0.0, text);
      last_end = start + width + 0.6 * ch;
    }
}

/* The bands' filled rectangles over a panel's height, clipped to the x
 * range (plfill, behind the curves). */
void
_sw_plot_draw_x_bands (const SwPlotScene *scene, const Panel *panel, const Layout *l)
{
  for (guint k = 0; k < scene->n_marks; k++)
    {
      const SwPlotMark *m = &scene->marks[k];
      double x0 = _sw_plot_shown (MIN (m->x, m->x_end), 1.0, scene->log_x);
      double x1 = _sw_plot_shown (MAX (m->x, m->x_end), 1.0, scene->log_x);
      PLFLT xs[4], ys[4];

      if (m->kind != SW_PLOT_MARK_X_BAND || isnan (x0) || isnan (x1) || x1 < l->x_min || x0 > l->x_max)
        continue;
      x0 = MAX (x0, l->x_min);
      x1 = MIN (x1, l->x_max);
      xs[0] = xs[3] = x0;
      xs[1] = xs[2] = x1;
      ys[0] = ys[1] = panel->y_min;
      ys[2] = ys[3] = panel->y_max;
      plcol0 (m->highlight ? COLOR_BAND_HIGHLIGHT : COLOR_BAND);
      plfill (4, xs, ys);
    }
}

void
_sw_plot_draw_x_marks (const SwPlotScene *scene, const Panel *panel, guint p, const Layout *l)
{
  draw_x_marks_of (scene, panel, p, l, SW_PLOT_MARK_X_LINE, 600, 900, -1.4);
  draw_x_marks_of (scene, panel, p, l, SW_PLOT_MARK_X_DASHED, 2500, 1500, -2.9);
}

/* The marked points of a panel: circles, the highlighted one larger with a
 * filled dot inside. */
void
_sw_plot_draw_point_marks (const SwPlotScene *scene, const Panel *panel, guint p, const Layout *l)
{
  /* World units per millimetre. */
  double wx = (l->x_max - l->x_min) / l->panel_w, wy = (panel->y_max - panel->y_min) / l->panel_h;
  double r = MARK_RADIUS * l->char_height;

  plcol0 (COLOR_FOREGROUND);
  plwidth (CURVE_WIDTH);
  pllsty (1);
  for (guint k = 0; k < scene->n_marks; k++)
    {
      const SwPlotMark *m = &scene->marks[k];
      PLFLT x = _sw_plot_shown (m->x, 1.0, scene->log_x), y = _sw_plot_shown (m->y, 1.0, _sw_plot_panel_axis (panel->spec));

      if (m->kind != SW_PLOT_MARK_POINT || m->panel != p || isnan (x) || isnan (y) ||
          x < l->x_min || x > l->x_max || y < panel->y_min || y > panel->y_max)
        continue;
      if (m->highlight)
        {
          plarc (x, y, 1.6 * r * wx, 1.6 * r * wy, 0.0, 360.0, 0.0, FALSE);
          plarc (x, y, 0.7 * r * wx, 0.7 * r * wy, 0.0, 360.0, 0.0, TRUE);
        }
      else
        plarc (x, y, r * wx, r * wy, 0.0, 360.0, 0.0, FALSE);
    }
}

/* A curve's end label where it leaves the panel: below the top edge or
 * above the line at the right edge, ending left of the point, in the
 * curve's colour. xs, ys are the points drawn (NaN: gaps). */
void
_sw_plot_draw_end_label (const SwPlotCurve *c, const double *xs, const double *ys, guint n,
                         const Panel *panel, const Layout *l)
{
  double cw = l->char_height * (l->x_max - l->x_min) / l->panel_w;
  double chy = l->char_height * (panel->y_max - panel->y_min) / l->panel_h;
  double ex, ey;
  g_autofree char *text = NULL;
  guint i;
  gboolean found = FALSE;

  for (i = n; i-- > 0;)
    if (!isnan (xs[i]) && !isnan (ys[i]) && xs[i] >= l->x_min && xs[i] <= l->x_max &&
        ys[i] >= panel->y_min && ys[i] <= panel->y_max)
      {
        found = TRUE;
        break;
      }
  if (!found)
    return;
  ex = xs[i];
  ey = ys[i];
  if (i + 1 < n && !isnan (xs[i + 1]) && !isnan (ys[i + 1]))
    {
      /* Where the segment to the next point leaves the panel. */
      double dx = xs[i + 1] - ex, dy = ys[i + 1] - ey, t = 1.0;

      if (dx > 0.0 && ex + dx > l->x_max)
        t = MIN (t, (l->x_max - ex) / dx);
      if (dy > 0.0 && ey + dy > panel->y_max)
        t = MIN (t, (panel->y_max - ey) / dy);
      if (dy < 0.0 && ey + dy < panel->y_min)
        t = MIN (t, (panel->y_min - ey) / dy);
      ex += t * dx;
      ey += t * dy;
    }
  text = _sw_plot_escape_text (c->end_label);
  plcol0 (COLOR_CURVES + (PLINT) (c->color % SW_PLOT_N_COLORS));
  if (ey >= panel->y_max - 0.8 * chy)
    plptex (ex - 0.4 * cw, panel->y_max - 0.8 * chy, 1.0, 0.0, 1.0, text);
  else
    plptex (ex - 0.4 * cw, ey + 0.8 * chy, 1.0, 0.0, 1.0, text);
}

/* Draws runs of finite points as lines, a lone finite point as a dot. */
void
_sw_plot_draw_points (const double *x, const double *y, guint n)
{
  guint start = 0;

  while (start < n)
    {
      guint end;

      while (start < n && isnan (x[start]))
        start++;
      end = start;
      while (end < n && !isnan (x[end]))
        end++;
      if (end - start >= 2)
        plline ((PLINT) (end - start), x + start, y + start);
      else if (end - start == 1)
        plpoin (1, x + start, y + start, 17);
      start = end;
    }
}
