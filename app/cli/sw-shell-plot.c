/* sw-shell-plot.c: curves and the modes table as terminal text.
 *
 * A plot is a grid of character cells. With Unicode each cell is a braille
 * character, 2 × 4 dots (so a 70 × 12 cell plot has 140 × 48 dots); without,
 * each cell is one dot drawn with the curve's own letter (*, +, o, …).
 * Columns with the same unit share a panel (as in sw-plot-file.h); each
 * panel has its y range, the tick values at top and bottom and its unit;
 * the time axis runs under the last. Colour is ANSI's eight, one per
 * curve; without colour the curves' numbers mark their ends.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "sw-shell-private.h"
#include "sw-cli-draw.h"

#define MAX_PANELS 3
#define Y_LABEL_WIDTH 10

static const char *const colors[SW_SHELL_MAX_PLOT] = {
  "\033[34m", "\033[33m", "\033[32m", "\033[31m", "\033[35m", "\033[36m",
};
static const char ascii_marks[SW_SHELL_MAX_PLOT] = { '*', '+', 'o', 'x', '#', '@' };

typedef struct {
  guint  width, height;   /* cells */
  guint8 *dots;           /* braille bits per cell (ASCII: 1 when set) */
  gint8  *curve;          /* the curve drawn last into a cell, -1 none */
  char   *label;          /* a character put over a cell ('1', …), 0 none */
} Canvas;

static void
canvas_set (Canvas *cv, gboolean unicode, int x, int y, int curve)
{
  /* Dots: x to the right, y downwards, 2 × 4 a cell in braille. */
  static const guint8 bits[4][2] = { { 0x01, 0x08 }, { 0x02, 0x10 }, { 0x04, 0x20 }, { 0x40, 0x80 } };
  int cx, cy;

  if (x < 0 || y < 0)
    return;
  cx = unicode ? x / 2 : x, cy = unicode ? y / 4 : y;
  if (cx >= (int) cv->width || cy >= (int) cv->height)
    return;
  cv->dots[cy * cv->width + cx] |= unicode ? bits[y % 4][x % 2] : 1;
  cv->curve[cy * cv->width + cx] = curve;
}

static void
canvas_line (Canvas *cv, gboolean unicode, int x0, int y0, int x1, int y1, int curve)
{
  int dx = ABS (x1 - x0), dy = -ABS (y1 - y0), sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
  int err = dx + dy;

  /* Bresenham's line: both tests on the error before either step. */
  for (;;)
    {
      int e2 = 2 * err;

      canvas_set (cv, unicode, x0, y0, curve);
      if (x0 == x1 && y0 == y1)
        break;
      if (e2 >= dy)
        err += dy, x0 += sx;
      if (e2 <= dx)
        err += dx, y0 += sy;
    }
}

static void
append_braille (GString *out, guint8 bits)
{
  gunichar c = 0x2800 + bits;

  g_string_append_unichar (out, c);
}

static void
append_number (GString *out, double v, int width)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  char text[64];

  g_ascii_formatd (buf, sizeof buf, "%.4g", v);
  g_snprintf (text, sizeof text, "%*s", width, buf);
  g_string_append (out, text);
}

/* The range of the columns over the rows, finite values only; widened when
 * flat so that a constant shows as a line in the middle. */
static void
column_range (const SwTrajectory *tr, const guint *cols, guint n, double *lo, double *hi)
{
  guint rows = sw_trajectory_get_n_rows (tr);

  *lo = INFINITY, *hi = -INFINITY;
  for (guint k = 0; k < n; k++)
    {
      const double *y = sw_trajectory_get_column (tr, cols[k]);

      for (guint r = 0; r < rows; r++)
        if (isfinite (y[r]) && fabs (y[r]) < 1e300)
          *lo = MIN (*lo, y[r]), *hi = MAX (*hi, y[r]);
    }
  if (!(*lo <= *hi))
    *lo = -1, *hi = 1;
  else if (*hi - *lo <= 1e-12 * MAX (fabs (*lo), fabs (*hi)) || *hi == *lo)
    {
      double d = *lo != 0 ? fabs (*lo) * 0.1 : 1;

      *lo -= d, *hi += d;
    }
}

/* Where x lies on the axis: x, or log10 x on a logarithmic one. */
static double
x_of (const SwShellPlotStyle *style, double x)
{
  return style->log_x ? (x > 0 ? log10 (x) : NAN) : x;
}

static void
draw_panel (GString *out, const SwTrajectory *tr, const guint *cols, const guint *curve_of, guint n,
            guint rows_cells, guint width_cells, const SwShellPlotStyle *style)
{
  guint rows = sw_trajectory_get_n_rows (tr);
  const double *t = sw_trajectory_get_times (tr);
  double t0 = rows > 0 ? x_of (style, t[0]) : 0, t1 = rows > 0 ? x_of (style, t[rows - 1]) : 1, lo, hi;
  int px = style->unicode ? 2 * width_cells : width_cells, py = style->unicode ? 4 * rows_cells : rows_cells;
  Canvas cv = { width_cells, rows_cells };
  g_autofree char *unit = sw_cli_draw_dup_unit_text (sw_trajectory_get_column_unit (tr, cols[0]));

  cv.dots = g_new0 (guint8, width_cells * rows_cells);
  cv.curve = g_new (gint8, width_cells * rows_cells);
  cv.label = g_new0 (char, width_cells * rows_cells);
  memset (cv.curve, -1, width_cells * rows_cells);
  if (t1 <= t0)
    t1 = t0 + 1;
  column_range (tr, cols, n, &lo, &hi);
  for (guint k = 0; k < n; k++)
    {
      const double *y = sw_trajectory_get_column (tr, cols[k]);
      gboolean have_prev = FALSE;
      int x_prev = 0, y_prev = 0;

      for (guint r = 0; r < rows; r++)
        {
          int x, yy;

          if (!isfinite (y[r]) || fabs (y[r]) >= 1e300)
            {
              have_prev = FALSE;   /* a gap breaks the line */
              continue;
            }
          if (!isfinite (x_of (style, t[r])))
            {
              have_prev = FALSE;
              continue;
            }
          x = (int) lround ((x_of (style, t[r]) - t0) / (t1 - t0) * (px - 1));
          yy = (int) lround ((hi - y[r]) / (hi - lo) * (py - 1));
          if (have_prev)
            canvas_line (&cv, style->unicode, x_prev, y_prev, x, yy, curve_of[k]);
          else
            canvas_set (&cv, style->unicode, x, yy, curve_of[k]);
          x_prev = x, y_prev = yy, have_prev = TRUE;
        }
      /* Braille without colour: the curve's number marks where it ends. */
      if (!style->color && style->unicode && have_prev)
        {
          int cx = style->unicode ? x_prev / 2 : x_prev, cy = style->unicode ? y_prev / 4 : y_prev;

          cv.label[cy * width_cells + cx] = '1' + curve_of[k];
        }
    }
  for (guint row = 0; row < rows_cells; row++)
    {
      if (row == 0)
        append_number (out, hi, Y_LABEL_WIDTH - 1);
      else if (row == rows_cells - 1)
        append_number (out, lo, Y_LABEL_WIDTH - 1);
      else if (row == 1 || (rows_cells > 4 && row == rows_cells / 2))
        {
          /* The unit under the top value; the middle value half-way. */
          if (row == 1)
            {
              g_autofree char *u = g_strdup_printf ("[%s]", unit);
              for (glong k = g_utf8_strlen (u, -1); k < Y_LABEL_WIDTH - 1; k++)
                g_string_append_c (out, ' ');
              g_string_append (out, u);
            }
          else
            append_number (out, (lo + hi) / 2, Y_LABEL_WIDTH - 1);
        }
      else
        g_string_append_printf (out, "%*s", Y_LABEL_WIDTH - 1, "");
      g_string_append (out, style->unicode ? (row == 0 || row == rows_cells - 1 || row == rows_cells / 2 ? "┤" : "│")
                                           : (row == 0 || row == rows_cells - 1 || row == rows_cells / 2 ? "+" : "|"));
      for (guint x = 0; x < width_cells; x++)
        {
          guint i = row * width_cells + x;
          int c = cv.curve[i];

          if (c >= 0 && style->color)
            g_string_append (out, colors[c]);
          if (cv.label[i] != 0)
            g_string_append_c (out, cv.label[i]);
          else if (cv.dots[i] == 0)
            g_string_append_c (out, ' ');
          else if (style->unicode)
            append_braille (out, cv.dots[i]);
          else
            g_string_append_c (out, ascii_marks[c]);
          if (c >= 0 && style->color)
            g_string_append (out, "\033[0m");
        }
      g_string_append_c (out, '\n');
    }
  g_free (cv.dots);
  g_free (cv.curve);
  g_free (cv.label);
}

void
sw_shell_plot_append (GString *out, const SwTrajectory *tr, const guint *columns, guint n,
                      const SwShellPlotStyle *style, gboolean stale)
{
  const char *units[MAX_PANELS];
  guint panel_cols[MAX_PANELS][SW_SHELL_MAX_PLOT], panel_curve[MAX_PANELS][SW_SHELL_MAX_PLOT];
  guint panel_n[MAX_PANELS] = { 0 }, n_panels = 0, rows = sw_trajectory_get_n_rows (tr);
  guint width = MAX (style->width, Y_LABEL_WIDTH + 20), plot_w = width - Y_LABEL_WIDTH;
  guint legend_lines = 1, used = 0, avail;
  const double *t = sw_trajectory_get_times (tr);
  double t0 = rows > 0 ? t[0] : 0, t1 = rows > 0 ? t[rows - 1] : 0;
  g_autoptr (GString) legend = g_string_new (NULL);
  g_autofree char *x_unit = sw_cli_draw_dup_unit_text (sw_trajectory_get_x_unit (tr));

  n = MIN (n, SW_SHELL_MAX_PLOT);
  /* Panels by unit, in the order the units first appear. */
  for (guint k = 0; k < n; k++)
    {
      const char *u = sw_trajectory_get_column_unit (tr, columns[k]);
      guint p = 0;

      while (p < n_panels && g_strcmp0 (units[p], u) != 0)
        p++;
      if (p == n_panels)
        {
          if (n_panels == MAX_PANELS)
            p = MAX_PANELS - 1;   /* more units than panels: the last takes them */
          else
            units[n_panels++] = u;
        }
      panel_curve[p][panel_n[p]] = k;
      panel_cols[p][panel_n[p]++] = columns[k];
    }
  /* The legend: a mark in the curve's colour (or its number), its name and
   * unit, wrapped to the width. */
  for (guint k = 0; k < n; k++)
    {
      g_autofree char *u = sw_cli_draw_dup_unit_text (sw_trajectory_get_column_unit (tr, columns[k]));
      g_autofree char *text = g_strdup_printf ("%s [%s]", sw_trajectory_get_column_name (tr, columns[k]), u);
      char mark[8] = { 0 };
      guint len;

      if (style->color && style->unicode)
        strcpy (mark, "━━");
      else if (style->unicode)
        mark[0] = '1' + (char) k;
      else
        mark[0] = ascii_marks[k];
      len = (used > 0 ? 3 : 0) + g_utf8_strlen (mark, -1) + 1 + g_utf8_strlen (text, -1);
      if (used > 0 && used + len > width)
        {
          g_string_append_c (legend, '\n');
          legend_lines++;
          used = 0;
          len -= 3;
        }
      if (used > 0)
        g_string_append (legend, "   ");
      if (style->color)
        g_string_append (legend, colors[k]);
      g_string_append (legend, mark);
      if (style->color)
        g_string_append (legend, "\033[0m");
      g_string_append_printf (legend, " %s", text);
      used += len;
    }
  if (stale)
    g_string_append (out, _("STALE: the model changed or failed to run; these are the last good results\n"));
  avail = style->height > legend_lines + 2 + (stale ? 1 : 0) ? style->height - legend_lines - 2 - (stale ? 1 : 0) : 0;
  for (guint p = 0; p < n_panels; p++)
    draw_panel (out, tr, panel_cols[p], panel_curve[p], panel_n[p], MAX (3, avail / n_panels), plot_w, style);
  /* The time axis and its values at both ends and in the middle. */
  g_string_append_printf (out, "%*s", Y_LABEL_WIDTH - 1, "");
  g_string_append (out, style->unicode ? "└" : "+");
  for (guint x = 0; x < plot_w; x++)
    g_string_append (out, style->unicode ? (x == plot_w / 2 || x == plot_w - 1 ? "┬" : "─")
                                         : (x == plot_w / 2 || x == plot_w - 1 ? "+" : "-"));
  g_string_append_c (out, '\n');
  {
    char a[G_ASCII_DTOSTR_BUF_SIZE], m[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
    g_autofree char *axis = g_strdup_printf (style->log_x ? "%s [%s], log" : "%s [%s]", sw_trajectory_get_x_name (tr),
                                             x_unit);
    g_autoptr (GString) line = g_string_new (NULL);
    guint mid = Y_LABEL_WIDTH + plot_w / 2, end = Y_LABEL_WIDTH + plot_w;

    /* On a logarithmic axis the middle is the geometric mean. */
    g_ascii_formatd (a, sizeof a, "%.4g", t0);
    g_ascii_formatd (m, sizeof m, "%.4g", style->log_x && t0 > 0 && t1 > 0 ? sqrt (t0 * t1) : (t0 + t1) / 2);
    g_ascii_formatd (b, sizeof b, "%.4g", t1);
    /* Counted in characters (a unit may be "°"); the end value ends
     * under the axis' last column. */
    g_string_append_printf (line, "%*s%s", Y_LABEL_WIDTH - 1, "", a);
    while (g_utf8_strlen (line->str, -1) + (glong) strlen (m) / 2 < (glong) mid)
      g_string_append_c (line, ' ');
    g_string_append (line, m);
    /* The axis name between the middle and the end value. */
    while (g_utf8_strlen (line->str, -1) + 2 < (glong) (mid + end) / 2 - g_utf8_strlen (axis, -1) / 2)
      g_string_append_c (line, ' ');
    g_string_append_printf (line, "  %s", axis);
    while (g_utf8_strlen (line->str, -1) + 1 + (glong) strlen (b) < (glong) end)
      g_string_append_c (line, ' ');
    g_string_append_printf (line, " %s", b);
    g_string_append_printf (out, "%s\n", line->str);
  }
  g_string_append_printf (out, "%s\n", legend->str);
}

/* ---- the modes table ---------------------------------------------------- */

static void
append_bar (GString *out, double percent, guint width, gboolean unicode)
{
  /* Eighths of a cell with Unicode's block elements. */
  static const char *const eighths[] = { "", "▏", "▎", "▍", "▌", "▋", "▊", "▉" };
  double cells = CLAMP (percent, 0, 100) / 100 * width;
  guint whole = (guint) cells, used = 0;

  for (guint k = 0; k < whole; k++, used++)
    g_string_append (out, unicode ? "█" : "#");
  if (whole < width && unicode && (guint) ((cells - whole) * 8) > 0)
    {
      g_string_append (out, eighths[(guint) ((cells - whole) * 8)]);
      used++;
    }
  for (; used < width; used++)
    g_string_append_c (out, unicode ? ' ' : '.');
}

void
sw_shell_modes_append (GString *out, SwModes *modes, gboolean unicode, gboolean stale)
{
  guint n = sw_modes_get_n_modes (modes), ns = sw_modes_get_n_sections (modes);
  g_autofree double *pot = g_new (double, MAX (ns, 1));

  if (stale)
    g_string_append (out, _("STALE: the model changed or failed to run; these are the last good modes\n"));
  /* Translators: the headings of the shell's modes table; keep the widths. */
  g_string_append_printf (out, "%4s %12s %12s %10s  %s\n", C_("modal table", "mode"), _("f [Hz]"), _("damped f"),
                          _("damping"), _("most excitable section"));
  for (guint i = 0; i < n; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);
      char fd[32] = "-", zeta[32] = "-";

      if (m->has_damped)
        g_snprintf (fd, sizeof fd, "%.6g", m->damped_frequency_hz);
      if (m->has_damped && isfinite (m->damping_ratio))
        g_snprintf (zeta, sizeof zeta, "%.4g", m->damping_ratio);
      /* The same %.6g as `shaftwork-cli modal`'s table. */
      g_string_append_printf (out, "%4u %12.6g %12s %10s  ", i + 1, m->frequency_hz, fd, zeta);
      if (m->unstable)
        g_string_append_printf (out, _("UNSTABLE: grows as exp(%.4g t)"), m->growth_rate_per_s);
      else if (m->overdamped)
        g_string_append_printf (out, _("overdamped: decays at %.4g 1/s"), m->decay_rate_per_s);
      else if (m->rigid_body)
        g_string_append (out, _("rigid-body mode"));
      else if (m->most_excitable_section >= 0)
        {
          const char *id = sw_modes_get_section_part (modes, m->most_excitable_section)->id;
          double share;

          sw_modes_get_mode_values (modes, i, NULL, NULL, NULL, NULL, NULL, pot);
          share = pot[m->most_excitable_section];
          append_bar (out, share, 10, unicode);
          g_string_append_printf (out, " %5.1f %% %s%s", share, id, m->most_excitable_is_tie ? _(" (tie)") : "");
        }
      else
        g_string_append_c (out, '-');
      g_string_append_c (out, '\n');
    }
}

void
sw_shell_mode_append (GString *out, SwModes *modes, guint index, gboolean unicode)
{
  guint nb = sw_modes_get_n_bodies (modes), ns = sw_modes_get_n_sections (modes);
  const SwMode *m = sw_modes_get_mode (modes, index);
  g_autofree double *shape = g_new (double, MAX (nb, 1));
  g_autofree double *kin = g_new (double, MAX (nb, 1));
  g_autofree double *pot = g_new (double, MAX (ns, 1));
  int w = 12;

  sw_modes_get_mode_values (modes, index, shape, NULL, NULL, kin, NULL, pot);
  for (guint k = 0; k < nb; k++)
    w = MAX (w, (int) g_utf8_strlen (sw_modes_get_body_part (modes, k)->id, -1));
  for (guint k = 0; k < ns; k++)
    w = MAX (w, (int) g_utf8_strlen (sw_modes_get_section_part (modes, k)->id, -1));
  g_string_append_printf (out, m->rigid_body ? _("Mode %u: %.6g Hz (rigid body)\n") : _("Mode %u: %.6g Hz\n"),
                          index + 1, m->frequency_hz);
  /* Translators: headings of one mode's table in the shell; keep the widths. */
  g_string_append_printf (out, "  %-*s %8s  %s\n", w, _("body"), _("shape"), _("kinetic energy"));
  for (guint k = 0; k < nb; k++)
    {
      g_string_append_printf (out, "  %-*s %8.4f  ", w, sw_modes_get_body_part (modes, k)->id, shape[k]);
      append_bar (out, kin[k], 20, unicode);
      g_string_append_printf (out, " %6.2f %%\n", kin[k]);
    }
  if (m->rigid_body || ns == 0)
    return;
  g_string_append_printf (out, "  %-*s %8s  %s\n", w, _("section"), "", _("potential energy"));
  for (guint k = 0; k < ns; k++)
    {
      g_string_append_printf (out, "  %-*s %8s  ", w, sw_modes_get_section_part (modes, k)->id, "");
      append_bar (out, pot[k], 20, unicode);
      g_string_append_printf (out, " %6.2f %%%s\n", pot[k],
                              (int) k == m->most_excitable_section ? _("  <- most excitable") : "");
    }
}
