/* sw-modes-draw.c: mode shape and energy bar charts drawn by PLplot.
 *
 * The page is laid out in millimetres (PLplot's unit; the extcairo page
 * has 72 pixels an inch), text at a fixed size like sw-plot-draw.c. Names
 * along an axis are written by plmtex() at fractions of the viewport; when
 * they would crowd, the shape chart turns them upright and the bar chart
 * names every k-th bar only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modes-draw.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include <plplot.h>

#include "sw-modes-data.h"

#define CHAR_MM        3.9     /* PLplot's character height: about 13 px of text */
#define CHAR_W         0.75    /* of the height, an average character of a name (lower case and digits are wide in the UI font: 0.62 cut "engine1.damperRing") */
#define MAX_LABEL      24      /* characters of a name before it is shortened */
#define SCALE_LEVELS   256
#define BAR_X_MAX      100.0
#define BAR_ROOM       1.22    /* of 100 %: room for the value after a full bar */

enum {
  COLOR_BACKGROUND,
  COLOR_FOREGROUND,
  COLOR_GRID,
  COLOR_LINE,
  COLOR_FAINT,
  N_COLORS
};

static void
set_colors (const SwPlotColors *colors)
{
  PLINT r[N_COLORS], g[N_COLORS], b[N_COLORS];
  PLFLT a[N_COLORS];
  const guint8 *rgb[N_COLORS] = {
    colors->background, colors->foreground, colors->grid, colors->curves[0], colors->foreground
  };
  PLINT r1[SCALE_LEVELS], g1[SCALE_LEVELS], b1[SCALE_LEVELS];

  for (guint i = 0; i < N_COLORS; i++)
    {
      r[i] = rgb[i][0];
      g[i] = rgb[i][1];
      b[i] = rgb[i][2];
      a[i] = i == COLOR_FAINT ? 0.55 : 1.0;
    }
  plscmap0a (r, g, b, a, N_COLORS);

  /* cmap1 is the energy scale, one entry a level. */
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

/* PLplot reads '#' as an escape; long names shortened in the middle. */
static char *
label_text (const char *text,
            guint       max_chars)
{
  g_autofree char *shortened = sw_modes_shorten_label (text, max_chars);

  return sw_plot_escape_text (shortened);
}

/* The widest name's width in character heights (a name as shortened at
 * MAX_LABEL characters). */
static double text_width (const char *text, glong n_chars);

static double
widest_label (const SwModesChart *chart)
{
  double widest = CHAR_W;

  for (guint i = 0; i < chart->n; i++)
    if (chart->labels[i] != NULL)
      widest = MAX (widest, text_width (chart->labels[i], MAX_LABEL));
  return widest;
}

static guint
longest_label (const SwModesChart *chart)
{
  guint longest = 1;

  for (guint i = 0; i < chart->n; i++)
    if (chart->labels[i] != NULL)
      longest = MAX (longest, (guint) MIN (g_utf8_strlen (chart->labels[i], -1), MAX_LABEL));
  return longest;
}

/* Advance widths of the printable ASCII characters (' ' to '~') in
 * thousandths of an em of DejaVu Sans, the sans font PLplot's cairo driver
 * draws with; an em is 1.336 character heights there (measured: "Kinetic
 * energy per body" 177 px, "Eigenform entlang des Antriebsstrang" 278 px
 * at 11.05 px a character height). */
static const guint16 advance_milli_em[95] = {
  318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
  636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
  1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
  603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
  500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
  635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
};

#define EM_PER_CH    1.336
#define WIDTH_SPARE  1.05   /* another font, another hinting */

/* The width of the first n_chars characters of text in character heights,
 * with a twentieth to spare; other characters as an "ä" (or "…", "×"). */
static double
text_width (const char *text,
            glong       n_chars)
{
  double milli = 0;
  const char *p = text;

  for (glong i = 0; i < n_chars && *p != '\0'; i++, p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c >= ' ' && c <= '~')
        milli += advance_milli_em[c - ' '];
      else if (c == 0x2026)
        milli += 1000;
      else if (c == 0xD7)
        milli += 838;
      else if (c == 0xAD)
        ;   /* a soft hyphen: nothing unless broken there */
      else
        milli += 640;
    }
  return milli / 1000 * EM_PER_CH * WIDTH_SPARE;
}

static double
title_width (const char *text,
             glong       n_chars)
{
  return text_width (text, n_chars);
}

guint
sw_modes_title_lines (const char *title,
                      double      page_w,
                      char      **first,
                      char      **second)
{
  const double ch = CHAR_MM;
  double room = (page_w - 2 * ch) / ch;
  glong n = title != NULL ? g_utf8_strlen (title, -1) : 0;
  glong best = -1;
  const char *p;
  glong i;

  g_return_val_if_fail (first != NULL && second != NULL, 0);

  *first = *second = NULL;
  if (n == 0)
    return 0;
  if (title_width (title, n) <= room)
    {
      *first = g_strdup (title);
      return 1;
    }
  /* Two lines, broken at the last space that fits; the second shortened
   * with an ellipsis if it still does not (the widget's tooltip has it). */
  for (p = title, i = 0; *p != '\0'; p = g_utf8_next_char (p), i++)
    if (*p == ' ' && i > 0 && title_width (title, i) <= room)
      best = i;
  /* After a colon where both halves fit ("Mode 2 at 7.884 Hz:" above
   * "shape along the drivetrain"), rather than as far as the line goes. */
  {
    const char *colon = strstr (title, ": ");

    if (colon != NULL)
      {
        glong at = g_utf8_pointer_to_offset (title, colon) + 1;

        if (title_width (title, at) <= room && title_width (colon + 2, n - at - 1) <= room)
          best = at;
      }
  }
  if (best < 0)
    best = MAX (1, n / 2);
  {
    g_autofree char *head = g_utf8_substring (title, 0, best);
    const char *rest = g_utf8_offset_to_pointer (title, best);
    glong n_rest;

    while (*rest == ' ')
      rest++;
    n_rest = g_utf8_strlen (rest, -1);
    *first = g_strdup (head);
    if (title_width (rest, n_rest) <= room)
      *second = g_strdup (rest);
    else
      {
        glong fit = n_rest;
        g_autofree char *start = NULL;

        while (fit > 1 && title_width (rest, fit) + 0.8 > room)
          fit--;
        start = g_utf8_substring (rest, 0, fit);
        *second = g_strconcat (g_strchomp (start), "…", NULL);
      }
  }
  return 2;
}

/* The title's room above the chart: 2.2 character heights a line, 3.5
 * for two. */
static double
title_room (const SwModesChart *chart,
            double              page_w,
            double              ch)
{
  g_autofree char *first = NULL, *second = NULL;

  return sw_modes_title_lines (chart->title, page_w, &first, &second) == 2 ? 3.5 * ch : 2.2 * ch;
}

/* The title from the page's left edge (1 ch in; the viewport starts left
 * mm in and is vp_w wide, the page page_w), on two lines in a narrow
 * chart (sw_modes_title_lines()). */
static void
draw_title (const SwModesChart *chart, double left, double vp_w, double page_w, double ch)
{
  g_autofree char *first = NULL, *second = NULL;
  guint n = sw_modes_title_lines (chart->title, page_w, &first, &second);

  plcol0 (COLOR_FOREGROUND);
  for (guint k = 0; k < n; k++)
    {
      g_autofree char *text = sw_plot_escape_text (k == 0 ? first : second);

      plmtex ("t", n == 2 && k == 0 ? 2.3 : 1.0, (ch - left) / vp_w, 0.0, text);
    }
}

/* A dot of radius_mm around world point (x, y), in a viewport of vp_w ×
 * vp_h mm over the window's x and y spans. */
static void
dot (double x,
     double y,
     double radius_mm,
     double x_span,
     double y_span,
     double vp_w,
     double vp_h)
{
  plarc (x, y, radius_mm * x_span / vp_w, radius_mm * y_span / vp_h, 0, 360, 0, TRUE);
}

/* As sw_modes_shape_names_fit() for the widest name's width in character
 * heights (text_width()): names across when they fit side by side. */
static void
names_fit (guint     n,
           double    widest,
           double    page_w,
           double    page_h,
           gboolean *upright,
           guint    *max_chars)
{
  const double ch = CHAR_MM, top = 2.2 * ch;
  double slot = 0.92 * (page_w - 7 * ch) / MAX (n, 1);
  double room = 0.35 * page_h;
  /* A short chart takes the room for its longest name from the plot, down
   * to 4 characters' height of it: "engine" in full rather than "en…ne". */
  double needed = MIN (widest, MAX_LABEL * CHAR_W) * ch + ch;

  if (needed > room)
    room = MAX (room, MIN (needed, page_h - top - 4 * ch - 1.6 * ch));
  /* Names across when they fit side by side, else upright; but across,
   * shortened to a bar's width, when upright would leave fewer letters
   * (a low pane). */
  *upright = widest * ch > slot;
  *max_chars = MAX_LABEL;
  if (*upright && (room - ch) / (CHAR_W * ch) < slot / (CHAR_W * ch) && slot / (CHAR_W * ch) >= 6)
    {
      *upright = FALSE;
      *max_chars = (guint) (slot / (CHAR_W * ch));
    }
  else if (*upright)
    *max_chars = MIN (MAX_LABEL, (guint) MAX (4, (room - ch) / (CHAR_W * ch)));
}

void
sw_modes_shape_names_fit (guint     n,
                          guint     longest,
                          double    page_w,
                          double    page_h,
                          gboolean *upright,
                          guint    *max_chars)
{
  g_return_if_fail (upright != NULL && max_chars != NULL);

  names_fit (n, MIN (longest, MAX_LABEL) * CHAR_W, page_w, page_h, upright, max_chars);
}

void
sw_modes_shape_labels_fit (guint              n,
                           const char *const *labels,
                           double             page_w,
                           double             page_h,
                           gboolean          *upright,
                           guint             *max_chars)
{
  SwModesChart chart = { .n = n, .labels = labels };

  g_return_if_fail (n == 0 || labels != NULL);
  g_return_if_fail (upright != NULL && max_chars != NULL);

  names_fit (n, widest_label (&chart), page_w, page_h, upright, max_chars);
}

static gboolean
draw_shape (const SwModesChart *chart,
            double              page_w,
            double              page_h,
            double              ch)
{
  g_autofree PLFLT *xs = g_new (PLFLT, chart->n);
  g_autofree PLFLT *ys = g_new (PLFLT, chart->n);
  double left = 5.5 * ch, right = 1.5 * ch, top = title_room (chart, page_w, ch), bottom;
  double vp_w, vp_h, x_min = 0.5, x_max = chart->n + 0.5, y_lim = 1.15;
  double widest = widest_label (chart);
  guint max_chars = MAX_LABEL;
  gboolean upright;
  guint step = 1;

  vp_w = page_w - left - right;
  names_fit (chart->n, widest, page_w, page_h, &upright, &max_chars);
  if (upright)
    {
      bottom = MIN (widest, max_chars * CHAR_W) * ch + 1.6 * ch;
      /* Every step-th name when even upright they crowd. */
      while (vp_w / chart->n * step < 1.3 * ch)
        step++;
    }
  else
    bottom = 2.4 * ch;
  vp_h = page_h - top - bottom;
  if (vp_w < 8 * ch || vp_h < 3 * ch)
    return FALSE;

  plsvpa (left, left + vp_w, bottom, bottom + vp_h);
  plwind (x_min, x_max, -y_lim, y_lim);

  /* Grid at every half, the zero line stronger, a tick per body. */
  plwidth (0.6);
  plcol0 (COLOR_GRID);
  for (int k = -2; k <= 2; k++)
    pljoin (x_min, k * 0.5, x_max, k * 0.5);
  for (guint i = 0; i < chart->n; i++)
    pljoin (i + 1, -y_lim, i + 1, y_lim);
  plcol0 (COLOR_FAINT);
  plwidth (1.0);
  pljoin (x_min, 0, x_max, 0);
  plcol0 (COLOR_FOREGROUND);
  plwidth (0.8);
  plbox ("bc", 0, 0, "bcnstv", 0.5, 5);

  for (guint i = 0; i < chart->n; i++)
    {
      xs[i] = i + 1;
      ys[i] = CLAMP (chart->values[i], -y_lim, y_lim);
    }
  plcol0 (COLOR_LINE);
  plwidth (2.0);
  if (chart->n > 1)
    plline (chart->n, xs, ys);
  for (guint i = 0; i < chart->n; i++)
    dot (xs[i], ys[i], chart->n > 60 ? 0.5 : 1.1, x_max - x_min, 2 * y_lim, vp_w, vp_h);

  plcol0 (COLOR_FOREGROUND);
  for (guint i = 0; i < chart->n; i += step)
    {
      g_autofree char *text = label_text (chart->labels[i], max_chars);
      double pos = (i + 0.5) / chart->n;

      if (upright)
        plmtex ("bv", 0.6, pos, 1.0, text);
      else
        plmtex ("b", 1.5, pos, 0.5, text);
    }
  draw_title (chart, left, vp_w, page_w, ch);
  plwidth (1.0);
  return TRUE;
}


/* COLOR_FOREGROUND or COLOR_BACKGROUND, whichever is darker. */
static int
darker_of_page (const SwPlotColors *colors)
{
  const SwPlotColors *c = colors != NULL ? colors : sw_plot_colors_light ();
  int fg = c->foreground[0] + c->foreground[1] + c->foreground[2];
  int bg = c->background[0] + c->background[1] + c->background[2];

  return fg <= bg ? COLOR_FOREGROUND : COLOR_BACKGROUND;
}

static gboolean
draw_bars (const SwModesChart *chart,
           double              page_w,
           double              page_h,
           double              ch)
{
  guint longest = longest_label (chart), max_chars;
  double left, right = 1.0 * ch, top = title_room (chart, page_w, ch), bottom = 2.4 * ch;
  double vp_w, vp_h, x_max = BAR_X_MAX * BAR_ROOM, bar_h;
  guint step = 1;

  /* Names take at most 40 % of the width. */
  max_chars = MIN (longest, (guint) MAX (4, 0.4 * page_w / (CHAR_W * ch)));
  left = max_chars * CHAR_W * ch + 1.8 * ch;
  vp_w = page_w - left - right;
  vp_h = page_h - top - bottom;
  if (vp_w < 8 * ch || vp_h < 2 * ch)
    return FALSE;
  bar_h = vp_h / chart->n;
  while (bar_h * step < 1.15 * ch)
    step++;

  plsvpa (left, left + vp_w, bottom, bottom + vp_h);
  plwind (0, x_max, 0, chart->n);

  plwidth (0.6);
  plcol0 (COLOR_GRID);
  for (int k = 1; k <= 4; k++)
    pljoin (k * 25.0, 0, k * 25.0, chart->n);

  for (guint i = 0; i < chart->n; i++)
    {
      double v = isfinite (chart->values[i]) ? CLAMP (chart->values[i], 0, BAR_X_MAX) : 0;
      double yc = chart->n - i - 0.5, y0 = yc - 0.36, y1 = yc + 0.36;
      PLFLT bx[4] = { 0, v, v, 0 };
      PLFLT by[4] = { y0, y0, y1, y1 };

      plcol1 (v / BAR_X_MAX);
      if (v > 0)
        plfill (4, bx, by);
      if ((int) i == chart->highlight)
        {
          PLFLT ox[5] = { 0, MAX (v, 0.5), MAX (v, 0.5), 0, 0 };
          PLFLT oy[5] = { y0, y0, y1, y1, y0 };

          plcol0 (COLOR_FOREGROUND);
          plwidth (2.0);
          plline (5, ox, oy);
          plwidth (0.6);
        }
      if (bar_h >= 1.0 * ch || (int) i == chart->highlight)
        {
          g_autofree char *text = sw_modes_format_share (v);
          /* Its width in the bars' units: where it does not fit after the
           * bar (a full one), it is written inside, in the darker of the
           * page's two colours (the scale is light there). */
          double width = strlen (text) * CHAR_W * 0.9 * ch * x_max / vp_w;
          gboolean inside = v + 1.5 + width > x_max;

          plcol0 (inside ? darker_of_page (chart->colors) : COLOR_FOREGROUND);
          plschr (0, 0.9);
          plptex (inside ? v - 1.5 : v + 1.5, yc, 1, 0, inside ? 1.0 : 0.0, text);
          plschr (0, 1.0);
        }
    }

  plcol0 (COLOR_FOREGROUND);
  plwidth (0.8);
  plbox ("bcst", 25, 5, "bc", 0, 0);
  /* Every 25 % where "100 %" fits between them, else every 50 or 100. */
  for (int k = 0, by = vp_w / 4 >= 8 * CHAR_W * ch ? 25 : vp_w / 2 >= 8 * CHAR_W * ch ? 50 : 100; k <= 100; k += by)
    {
      g_autofree char *text = g_strdup_printf ("%d %%", k);

      plmtex ("b", 1.5, k / x_max, 0.5, text);
    }
  for (guint i = 0; i < chart->n; i += step)
    {
      g_autofree char *text = label_text (chart->labels[i], max_chars);

      plmtex ("lv", 0.6, (chart->n - i - 0.5) / chart->n, 1.0, text);
    }
  draw_title (chart, left, vp_w, page_w, ch);
  plwidth (1.0);
  return TRUE;
}

gboolean
sw_modes_chart_draw (cairo_t            *cr,
                     int                 width,
                     int                 height,
                     const SwModesChart *chart)
{
  const SwPlotColors *colors;
  PLFLT x_min, x_max, y_min, y_max;
  gboolean ok = FALSE;

  g_return_val_if_fail (cr != NULL, FALSE);
  g_return_val_if_fail (width > 0 && height > 0, FALSE);
  g_return_val_if_fail (chart != NULL, FALSE);
  g_return_val_if_fail (chart->n == 0 || (chart->labels != NULL && chart->values != NULL), FALSE);

  colors = chart->colors != NULL ? chart->colors : sw_plot_colors_light ();
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_set_source_rgb (cr, colors->background[0] / 255.0, colors->background[1] / 255.0,
                        colors->background[2] / 255.0);
  cairo_fill (cr);
  if (chart->n > 0)
    {
      cairo_save (cr);
      pl_cmd (PLESC_DEVINIT, cr);
      set_colors (colors);
      pladv (0);
      plgspa (&x_min, &x_max, &y_min, &y_max);
      plschr (CHAR_MM, 1.0);
      if (chart->kind == SW_MODES_CHART_SHAPE)
        ok = draw_shape (chart, x_max - x_min, y_max - y_min, CHAR_MM);
      else
        ok = draw_bars (chart, x_max - x_min, y_max - y_min, CHAR_MM);
      cairo_restore (cr);
    }
  cairo_restore (cr);
  return ok;
}
