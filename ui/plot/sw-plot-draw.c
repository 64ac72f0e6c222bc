/* sw-plot-draw.c: plots drawn by PLplot onto a cairo context.
 *
 * What the plot files and the plot widget share. A scene (sw-plot-draw.h)
 * names the curves, their panels and styles; sw_plot_draw() lays the page
 * out in millimetres (PLplot's unit; 72 pixels an inch), chooses the ticks,
 * thins long curves to what a pixel column can show and draws everything
 * through the current PLplot stream, an extcairo stream drawing onto the
 * caller's cairo context.
 *
 * Here the colours, the streams, the layout and the page; the axes, the
 * curves and the labels are in sw-plot-draw-{axes,curves,labels}.c
 * (sw-plot-draw-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-plot-draw.h"
#include "sw-plot-draw-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include <plplot.h>

static const SwPlotColors colors_light = {
  .background = { 0xff, 0xff, 0xff },
  .foreground = { 0x24, 0x24, 0x28 },
  .grid       = { 0xde, 0xdd, 0xda },
  .grid_minor = { 0xee, 0xed, 0xeb },
  .curves = {
    { 0x1c, 0x71, 0xd8 }, /* blue */
    { 0xe6, 0x61, 0x00 }, /* orange */
    { 0x26, 0xa2, 0x69 }, /* green */
    { 0xc0, 0x1c, 0x28 }, /* red */
    { 0x81, 0x3d, 0x9c }, /* purple */
    { 0x86, 0x5e, 0x3c }, /* brown */
    { 0x10, 0x8d, 0x9e }, /* teal */
    { 0xd4, 0x48, 0x9a }, /* magenta */
    { 0x5e, 0x5c, 0x64 }, /* grey */
    { 0x98, 0x98, 0x00 }, /* olive */
    { 0x62, 0xa0, 0xea }, /* light blue */
    { 0xa5, 0x1d, 0x2d }, /* dark red */
  },
};

/* The same hues, light enough to read on a dark page. */
static const SwPlotColors colors_dark = {
  .background = { 0x1e, 0x1e, 0x1e },
  .foreground = { 0xff, 0xff, 0xff },
  .grid       = { 0x45, 0x45, 0x48 },
  .grid_minor = { 0x30, 0x30, 0x32 },
  .curves = {
    { 0x62, 0xa0, 0xea }, /* blue */
    { 0xff, 0xa3, 0x48 }, /* orange */
    { 0x57, 0xe3, 0x89 }, /* green */
    { 0xed, 0x33, 0x3b }, /* red: a deep one, so that it does not read as the orange */
    { 0xc0, 0x61, 0xcb }, /* purple */
    { 0xcd, 0xab, 0x8f }, /* brown */
    { 0x5b, 0xc8, 0xd8 }, /* teal */
    { 0xf3, 0x8b, 0xc8 }, /* magenta */
    { 0xc0, 0xbf, 0xbc }, /* grey */
    { 0xe5, 0xe5, 0x50 }, /* olive */
    { 0x99, 0xc1, 0xf1 }, /* light blue */
    { 0xff, 0x7b, 0x8a }, /* dark red */
  },
};

/* PLplot reads '#' as the start of an escape sequence; "##" is a literal '#'. */
char *
_sw_plot_escape_text (const char *text)
{
  GString *s = g_string_sized_new (strlen (text) + 8);

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '#')
        g_string_append_c (s, '#');
      g_string_append_c (s, *p);
    }
  return g_string_free (s, FALSE);
}

/* Characters, for estimating widths; bytes if text is not UTF-8. */
gsize
_sw_plot_text_length (const char *text)
{
  return g_utf8_validate (text, -1, NULL) ? (gsize) g_utf8_strlen (text, -1) : strlen (text);
}

const SwPlotColors *
sw_plot_colors_light (void)
{
  return &colors_light;
}

const SwPlotColors *
sw_plot_colors_dark (void)
{
  return &colors_dark;
}

char *
sw_plot_escape_text (const char *text)
{
  g_return_val_if_fail (text != NULL, NULL);
  return _sw_plot_escape_text (text);
}

static const char *const superscripts[] = { "⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹" };

/* The descriptors' ASCII spelling as the rest of the interface writes it
 * (the inspector's number rows): a dot between letters is a multiplication
 * dot, a digit after a letter a power. PLplot's cairo drivers draw UTF-8. */
char *
sw_plot_dup_unit_text (const char *unit)
{
  GString *s;

  if (unit == NULL)
    return g_strdup ("");
  if (strcmp (unit, "deg") == 0)
    return g_strdup ("°");
  s = g_string_new (NULL);
  for (const char *p = unit; *p != '\0'; p++)
    {
      if (*p == '.' && p > unit && g_ascii_isalpha (p[-1]) && g_ascii_isalpha (p[1]))
        g_string_append (s, "·");
      else if (g_ascii_isdigit (*p) && p > unit && g_ascii_isalpha (p[-1]))
        g_string_append (s, superscripts[*p - '0']);
      else
        g_string_append_c (s, *p);
    }
  return g_string_free (s, FALSE);
}

/* Every "[unit]" of a label spelt by sw_plot_dup_unit_text(). */
char *
_sw_plot_spell_units (const char *label)
{
  GString *s = g_string_new (NULL);
  const char *p = label;

  while (*p != '\0')
    {
      const char *open = strchr (p, '['), *close = open != NULL ? strchr (open, ']') : NULL;
      g_autofree char *unit = NULL, *text = NULL;

      if (close == NULL)
        {
          g_string_append (s, p);
          break;
        }
      g_string_append_len (s, p, open + 1 - p);
      unit = g_strndup (open + 1, close - open - 1);
      text = sw_plot_dup_unit_text (unit);
      g_string_append (s, text);
      g_string_append_c (s, ']');
      p = close + 1;
    }
  return g_string_free (s, FALSE);
}

const char *
sw_plot_unit_quantity (const char *unit)
{
  static const struct { const char *unit; const char *quantity; } quantities[] = {
    { "rad/s",  N_("speed") },
    { "rpm",    N_("speed") },
    { "m/s",    N_("speed") },
    { "rad",    N_("angle") },
    { "deg",    N_("angle") },
    { "m",      N_("position") },
    { "N.m",    N_("torque") },
    { "N",      N_("force") },
    { "rad/s2", N_("acceleration") },
    { "m/s2",   N_("acceleration") },
    { "W",      N_("power") },
    { "J",      N_("energy") },
  };

  if (unit == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (quantities); i++)
    if (strcmp (unit, quantities[i].unit) == 0)
      return _(quantities[i].quantity);
  return NULL;
}

gboolean
sw_plot_driver_available (void)
{
  const char *menus[256] = { NULL };
  const char *names[256] = { NULL };
  const char **menus_p = menus, **names_p = names;
  int n = G_N_ELEMENTS (names);

  plgDevs (&menus_p, &names_p, &n);
  for (int i = 0; i < n && names[i] != NULL; i++)
    if (strcmp (names[i], "extcairo") == 0)
      return TRUE;
  return FALSE;
}

int
sw_plot_stream_new (int width, int height)
{
  return sw_plot_stream_new_full (width, height, FALSE);
}

/* A stream with the cairo driver's options (NULL: its defaults). */
static int
stream_new (int width, int height, const char *options)
{
  PLINT previous = 0, stream = -1;

  g_return_val_if_fail (width > 0 && height > 0, -1);

  plgstrm (&previous);
  plmkstrm (&stream);
  if (stream < 0)
    {
      plsstrm (previous);
      return -1;
    }
  plsdev ("extcairo");
  plspage (0.0, 0.0, width, height, 0, 0);
  /* The driver's options are read and freed by plinit: they hold for
   * this stream only. */
  if (options != NULL)
    plsetopt ("drvopt", options);
  plinit ();
  plsstrm (previous);
  return stream;
}

int
sw_plot_stream_new_full (int width, int height, gboolean aliased)
{
  /* 1 is CAIRO_ANTIALIAS_NONE. */
  return stream_new (width, height, aliased ? "text_anti_aliasing=1,graphics_anti_aliasing=1" : NULL);
}

int
sw_plot_stream_new_screen (int width, int height)
{
  /* 4 is CAIRO_ANTIALIAS_FAST: on the four-body example's live plot (8
   * curves of ~700 points) the frame's processor time goes from ~38 to
   * ~25 ms (bench-live), the lines look the same at 1:1. */
  return stream_new (width, height, "graphics_anti_aliasing=4");
}

gboolean
sw_plot_stream_draw (int stream, cairo_t *cr, int width, int height,
                     const SwPlotScene *scene, SwPlotGeometry *geometry)
{
  PLINT previous = 0;
  gboolean ok;

  g_return_val_if_fail (stream >= 0, FALSE);

  plgstrm (&previous);
  plsstrm (stream);
  ok = sw_plot_draw (cr, width, height, scene, geometry);
  plsstrm (previous);
  return ok;
}

void
sw_plot_stream_free (int stream)
{
  PLINT previous = 0;

  g_return_if_fail (stream >= 0);

  plgstrm (&previous);
  plsstrm (stream);
  plend1 ();
  plsstrm (previous != stream ? previous : 0);
}

static void
set_color (PLINT *r, PLINT *g, PLINT *b, PLFLT *a, guint i, const guint8 rgb[3], double alpha)
{
  r[i] = rgb[0];
  g[i] = rgb[1];
  b[i] = rgb[2];
  a[i] = alpha;
}

static void
set_colors (const SwPlotColors *colors)
{
  PLINT r[N_COLORS], g[N_COLORS], b[N_COLORS];
  PLFLT a[N_COLORS];

  set_color (r, g, b, a, COLOR_BACKGROUND, colors->background, 1.0);
  set_color (r, g, b, a, COLOR_FOREGROUND, colors->foreground, 1.0);
  set_color (r, g, b, a, COLOR_GRID, colors->grid, 1.0);
  set_color (r, g, b, a, COLOR_GRID_MINOR, colors->grid_minor, 1.0);
  set_color (r, g, b, a, COLOR_SELECTION, colors->foreground, SELECTION_ALPHA);
  set_color (r, g, b, a, COLOR_FAINT_FOREGROUND, colors->foreground, FAINT_ALPHA);
  /* Okabe and Ito's orange and vermillion: warnings that read on a light
   * and a dark page and to colour-blind eyes. */
  set_color (r, g, b, a, COLOR_BAND, (const guint8[3]) { 230, 159, 0 }, BAND_ALPHA);
  set_color (r, g, b, a, COLOR_BAND_HIGHLIGHT, (const guint8[3]) { 213, 94, 0 }, BAND_HIGHLIGHT_ALPHA);
  for (guint i = 0; i < SW_PLOT_N_COLORS; i++)
    {
      set_color (r, g, b, a, COLOR_CURVES + i, colors->curves[i], 1.0);
      set_color (r, g, b, a, COLOR_FAINT_CURVES + i, colors->curves[i], FAINT_ALPHA);
      set_color (r, g, b, a, COLOR_DASHED_CURVES + i, colors->curves[i], DASHED_ALPHA);
    }
  plscmap0a (r, g, b, a, N_COLORS);
}

/* Chooses the x ticks: labels with room for about three characters between
 * them. */
static void
choose_x_ticks (Layout *l, gboolean log_x)
{
  double ch = l->char_height;
  guint x_chars;
  int max_labels;

  if (log_x)
    {
      Ticks all = { .step = 1.0, .log = TRUE, .every = 1, .minor = TRUE };
      double decade_mm = l->panel_w / (l->x_max - l->x_min);

      x_chars = _sw_plot_widest_tick (&all, l->x_min, l->x_max);
      l->x_ticks = _sw_plot_log_ticks (l->x_min, l->x_max, decade_mm, (x_chars + 3) * DIGIT_WIDTH * ch, ch);
      return;
    }
  l->x_ticks = _sw_plot_ticks_for_range (l->x_min, l->x_max, 10, FALSE);
  x_chars = _sw_plot_widest_tick (&l->x_ticks, l->x_min, l->x_max);
  max_labels = CLAMP ((int) (l->panel_w / ((x_chars + 3) * DIGIT_WIDTH * ch)), 2, 10);
  l->x_ticks = _sw_plot_ticks_for_range (l->x_min, l->x_max, max_labels, FALSE);
}

/* Rows the keys on top take on a page width wide. */
static guint
key_rows (const SwPlotScene *scene, double ch, double width)
{
  guint rows = 0;
  double x = 0.0;

  for (guint k = 0; k < scene->n_keys; k++)
    {
      double w = (LEGEND_LINE + LEGEND_TEXT_OFFSET + KEY_GAP) * ch +
                 CHAR_WIDTH * _sw_plot_text_length (scene->keys[k].text) * ch;

      if (rows == 0 || x + w > width)
        {
          rows++;
          x = 0.0;
        }
      x += w;
    }
  return rows;
}

/* Lays out the panels for the current character height and chooses their
 * ticks, with the legends right of the panels or above them. FALSE when they
 * do not fit; need_w and need_h then say how large the page would have to
 * be. */
static gboolean
compute_layout (Layout *l, const SwPlotScene *scene, Panel *panels, guint n_panels,
                gsize longest_name, gboolean above, double *need_w, double *need_h)
{
  PLFLT x_min, x_max, y_min, y_max, default_height, char_height;
  gboolean has_title = scene->title != NULL && *scene->title != '\0';
  double ch, legend_w, legends_h = 0.0;
  guint y_chars = 1;
  int max_labels;

  plgspa (&x_min, &x_max, &y_min, &y_max);
  plgchr (&default_height, &char_height);
  ch = l->char_height = char_height;
  l->page_w = x_max - x_min;
  l->page_h = y_max - y_min;
  l->legend_above = above;
  l->readout_w = !scene->readouts ? 0.0
                 : (READOUT_GAP + (above ? READOUT_CHARS_ABOVE : READOUT_CHARS) * DIGIT_WIDTH) * ch;

  l->top = (has_title ? MARGIN_TOP_TITLE : MARGIN_TOP) * ch;
  l->key_top = l->top;
  l->n_key_rows = key_rows (scene, ch, l->page_w - 2.0 * MARGIN_RIGHT * ch);
  l->top += l->n_key_rows * LEGEND_SPACING * ch;
  if (scene->readouts)
    l->top += CURSOR_LABEL_ROW * ch;
  l->bottom = MARGIN_BOTTOM * ch;
  l->gap = PANEL_GAP * ch;

  /* The legends above take rows on the panels' width, which the y labels
   * decide: counted first on a width with room for wide labels. */
  for (guint p = 0; p < n_panels; p++)
    {
      l->legend_h[p] = 0.0;
      if (above)
        l->legend_h[p] = _sw_plot_legend_rows (scene, p, ch, l->page_w - (MARGIN_RIGHT + MARGIN_LEFT + 9.0) * ch,
                                               l->readout_w) * LEGEND_SPACING * ch;
      legends_h += l->legend_h[p];
    }
  l->panel_h = (l->page_h - l->top - l->bottom - legends_h - l->gap * (n_panels - 1)) / n_panels;

  /* The y tick labels decide the left margin. */
  max_labels = CLAMP ((int) (l->panel_h / (Y_LABEL_SPACING * ch)), 2, 8);
  for (guint p = 0; p < n_panels; p++)
    {
      Panel *panel = &panels[p];
      if (panel->spec->log)
        panel->y_ticks = _sw_plot_log_ticks (panel->y_min, panel->y_max,
                                             MAX (l->panel_h, 0.0) / (panel->y_max - panel->y_min),
                                             Y_LABEL_SPACING * ch, ch);
      else
        panel->y_ticks = _sw_plot_ticks_for_range (panel->y_min, panel->y_max, max_labels,
                                                   panel->spec->unit != NULL && strcmp (panel->spec->unit, "deg") == 0);
      y_chars = MAX (y_chars, _sw_plot_widest_tick (&panel->y_ticks, panel->y_min, panel->y_max));
    }
  l->unit_disp = Y_LABEL_DISP + DIGIT_WIDTH * y_chars + UNIT_LABEL_GAP;
  l->left = (l->unit_disp + MARGIN_LEFT) * ch;

  legend_w = (LEGEND_GAP + 0.8 + LEGEND_LINE + LEGEND_TEXT_OFFSET) * ch +
             CHAR_WIDTH * (double) longest_name * ch + l->readout_w;
  /* Above, the last x tick label, centred on the right edge, needs room. */
  l->right = MARGIN_RIGHT * ch + (above ? X_LABEL_OVERHANG * ch : legend_w);
  l->panel_w = l->page_w - l->left - l->right;
  if (above)
    {
      /* Counted again on the panels' own width; more rows take height. */
      legends_h = 0.0;
      for (guint p = 0; p < n_panels; p++)
        {
          l->legend_h[p] = _sw_plot_legend_rows (scene, p, ch, l->panel_w, l->readout_w) * LEGEND_SPACING * ch;
          legends_h += l->legend_h[p];
        }
      l->panel_h = (l->page_h - l->top - l->bottom - legends_h - l->gap * (n_panels - 1)) / n_panels;
    }
  choose_x_ticks (l, scene->log_x);

  *need_w = l->left + l->right + PANEL_MIN_WIDTH * ch;
  *need_h = l->top + l->bottom + legends_h + l->gap * (n_panels - 1) + PANEL_MIN_HEIGHT * ch * n_panels;
  return l->panel_w >= PANEL_MIN_WIDTH * ch && l->panel_h >= PANEL_MIN_HEIGHT * ch;
}

/* A legend beside the panels when they keep most of the width; otherwise
 * above them, where it takes height instead; beside them again when above
 * leaves the panels too short. */
static gboolean
choose_layout (Layout *l, const SwPlotScene *scene, Panel *panels, guint n_panels,
               gsize longest_name, gboolean has_legend, double *need_w, double *need_h)
{
  double w = 0.0, h = 0.0;

  if (compute_layout (l, scene, panels, n_panels, longest_name, FALSE, need_w, need_h) &&
      (!has_legend || l->panel_w >= RIGHT_LEGEND_SHARE * l->page_w))
    return TRUE;
  if (has_legend && compute_layout (l, scene, panels, n_panels, longest_name, TRUE, &w, &h))
    return TRUE;
  if (compute_layout (l, scene, panels, n_panels, longest_name, FALSE, need_w, need_h))
    return TRUE;
  /* Neither fits: the narrower page of the two is asked for. */
  if (has_legend)
    {
      *need_w = MIN (*need_w, w);
      *need_h = MAX (*need_h, h);
    }
  return FALSE;
}

double
_sw_plot_panel_top (const Layout *l, guint p)
{
  double top = l->page_h - l->top - p * (l->panel_h + l->gap);

  for (guint q = 0; q <= p && q < SW_PLOT_MAX_PANELS; q++)
    top -= l->legend_h[q];
  return top;
}

/* The viewport of panel p, and the world of its data. */
static void
panel_viewport (const Layout *l, const Panel *panel, guint p)
{
  double y_top = _sw_plot_panel_top (l, p);

  plvpor (l->left / l->page_w, (l->left + l->panel_w) / l->page_w,
          (y_top - l->panel_h) / l->page_h, y_top / l->page_h);
  plwind (l->x_min, l->x_max, panel->y_min, panel->y_max);
}

/* The whole page, in millimetres from its bottom left corner. */
void
_sw_plot_page_viewport (const Layout *l)
{
  plvpor (0.0, 1.0, 0.0, 1.0);
  plwind (0.0, l->page_w, 0.0, l->page_h);
}
static void
unref_array (gpointer array)
{
  if (array != NULL)
    g_array_unref (array);
}

/* The columns each run's curves show, made in one pass a run (a live
 * edit's run keeps states only: its columns are made when drawn). */
static void
prepare_columns (const SwPlotScene *scene)
{
  g_autofree guint *columns = g_new (guint, 2 * MAX (scene->n_curves, 1));

  for (guint k = 0; k < scene->n_curves; k++)
    {
      const SwTrajectory *tr = scene->curves[k].trajectory;
      guint n = 0;
      gboolean first = TRUE;

      for (guint j = 0; j < k && first; j++)
        first = scene->curves[j].trajectory != tr;
      if (!first)
        continue;
      for (guint j = k; j < scene->n_curves; j++)
        if (scene->curves[j].trajectory == tr && !scene->curves[j].hidden)
          {
            columns[n++] = scene->curves[j].y_column;
            if (scene->curves[j].x_column >= 0)
              columns[n++] = (guint) scene->curves[j].x_column;
          }
      sw_trajectory_prepare_columns (tr, columns, n);
    }
}

/* Draws one page into the open stream, with smaller text on a small page. */
static gboolean
draw_page (cairo_t *cr, const cairo_matrix_t *page, const SwPlotScene *scene, int width_px, int height_px, SwPlotGeometry *geometry)
{
  static const double scales[] = { 1.0, 0.85, 0.7 };
  double need_w = 0.0, need_h = 0.0, base_height;
  PLFLT x_min, x_max, y_min, y_max;
  gsize longest = 1;
  gboolean fits = FALSE, found, has_legend = FALSE;
  Panel panels[SW_PLOT_MAX_PANELS] = { { 0 } };
  guint n_panels = scene->n_panels;
  g_autofree char *x_spelt = _sw_plot_spell_units (scene->x_label != NULL ? scene->x_label : "");
  g_autofree char *x_label = _sw_plot_escape_text (x_spelt);
  g_autoptr(GArray) xs = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) ys = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GPtrArray) points = g_ptr_array_new_full (2 * scene->n_curves, unref_array);
  Layout l = { 0 };

  for (guint k = 0; k < scene->n_curves; k++)
    if (_sw_plot_in_legend (&scene->curves[k]))
      {
        longest = MAX (longest, _sw_plot_text_length (scene->curves[k].label));
        panels[scene->curves[k].panel].n_entries++;
        has_legend = TRUE;
      }

  /* The x range: as given, or all the data. */
  if (scene->x_fixed)
    {
      l.x_min = _sw_plot_shown (scene->x_min, 1.0, scene->log_x);
      l.x_max = _sw_plot_shown (scene->x_max, 1.0, scene->log_x);
      found = !isnan (l.x_min) && !isnan (l.x_max) && l.x_max > l.x_min;
    }
  else
    found = _sw_plot_curves_x_range (scene, &l.x_min, &l.x_max);
  /* Against time, the data fill the width; an X–Y plot gets room round it. */
  if (scene->log_x && (!found || l.x_max - l.x_min < 1.0))
    _sw_plot_pad_log_range (found, &l.x_min, &l.x_max);
  else if (!found || l.x_max <= l.x_min || (_sw_plot_is_xy (scene) && !scene->x_fixed))
    _sw_plot_pad_range (found, &l.x_min, &l.x_max);

  prepare_columns (scene);
  /* Curves against time, thinned once to the page's pixel columns: their
   * extremes give the y ranges, and little is left to thin to a panel's. */
  for (guint k = 0; k < scene->n_curves; k++)
    {
      const SwPlotCurve *c = &scene->curves[k];
      GArray *cx = NULL, *cy = NULL;

      if (c->x_column < 0)
        {
          cx = g_array_new (FALSE, FALSE, sizeof (double));
          cy = g_array_new (FALSE, FALSE, sizeof (double));
          _sw_plot_curve_points (c, scene->log_x, _sw_plot_panel_axis (&scene->panels[c->panel]), l.x_min, l.x_max,
                                 0.0, 1.0, width_px, 1.0, cx, cy);
        }
      g_ptr_array_add (points, cx);
      g_ptr_array_add (points, cy);
    }

  for (guint p = 0; p < n_panels; p++)
    {
      Panel *panel = &panels[p];

      panel->spec = &scene->panels[p];
      panel->y_min = _sw_plot_shown (panel->spec->y_min, 1.0, _sw_plot_panel_axis (panel->spec));
      panel->y_max = _sw_plot_shown (panel->spec->y_max, 1.0, _sw_plot_panel_axis (panel->spec));
      if (!panel->spec->fixed || isnan (panel->y_min) || isnan (panel->y_max) ||
          panel->y_max <= panel->y_min)
        _sw_plot_panel_y_range (scene, p, _sw_plot_panel_axis (panel->spec), l.x_min, l.x_max, points, &panel->y_min, &panel->y_max);
    }

  /* PLplot's default character height grows with the page; text of a fixed
   * size reads better, a little smaller on a small page. */
  pladv (0);
  plgspa (&x_min, &x_max, &y_min, &y_max);
  base_height = CHAR_HEIGHT_MM * CLAMP (MIN ((x_max - x_min) / PAGE_W_MM, (y_max - y_min) / PAGE_H_MM),
                                        0.75, 1.0);
  for (guint i = 0; i < G_N_ELEMENTS (scales) && !fits; i++)
    {
      l.scale = scales[i];
      plschr (base_height, l.scale);
      fits = choose_layout (&l, scene, panels, n_panels, longest, has_legend, &need_w, &need_h);
    }
  if (!fits)
    {
      geometry->need_width = MAX (width_px, (int) ceil (need_w / l.page_w * width_px));
      geometry->need_height = MAX (height_px, (int) ceil (need_h / l.page_h * height_px));
      return FALSE;
    }

  geometry->x_min = l.x_min;
  geometry->x_max = l.x_max;
  geometry->log_x = scene->log_x;
  geometry->n_panels = n_panels;

  if (scene->title != NULL && *scene->title != '\0')
    _sw_plot_draw_title (&l, scene->title);
  if (scene->n_keys > 0)
    _sw_plot_draw_keys (&l, scene);

  for (guint p = 0; p < n_panels; p++)
    {
      const Panel *panel = &panels[p];
      gboolean last = p + 1 == n_panels;
      Ticks ticks[2] = { l.x_ticks, panel->y_ticks };
      double y_top = _sw_plot_panel_top (&l, p);
      SwPlotPanelGeometry *g = &geometry->panels[p];

      g->left = l.left / l.page_w * width_px;
      g->width = l.panel_w / l.page_w * width_px;
      g->top = (l.page_h - y_top) / l.page_h * height_px;
      g->height = l.panel_h / l.page_h * height_px;
      g->y_min = panel->y_min;
      g->y_max = panel->y_max;
      g->log = panel->spec->log;

      panel_viewport (&l, panel, p);

      plwidth (GRID_WIDTH);
      pllsty (1);
      if (ticks[0].log)
        _sw_plot_draw_log_grid (TRUE, &ticks[0], l.x_min, l.x_max, panel->y_min, panel->y_max);
      if (ticks[1].log)
        _sw_plot_draw_log_grid (FALSE, &ticks[1], panel->y_min, panel->y_max, l.x_min, l.x_max);
      plcol0 (COLOR_GRID);
      plbox (ticks[0].log ? "" : "g", ticks[0].step, 0, ticks[1].log ? "" : "g", ticks[1].step, 0);

      if (scene->n_marks > 0)
        _sw_plot_draw_x_bands (scene, panel, &l);
      /* Faint and dashed runs first, behind. */
      for (int pass = 0; pass < 2; pass++)
        for (guint k = 0; k < scene->n_curves; k++)
          {
            const SwPlotCurve *c = &scene->curves[k];

            if (c->panel != p || c->hidden || (c->line == SW_PLOT_LINE_SOLID) != (pass == 1))
              continue;
            g_array_set_size (xs, 0);
            g_array_set_size (ys, 0);
            if (g_ptr_array_index (points, 2 * k) != NULL)
              {
                GArray *cx = g_ptr_array_index (points, 2 * k), *cy = g_ptr_array_index (points, 2 * k + 1);

                _sw_plot_thin_time ((const double *) cx->data, (const double *) cy->data, 0, cx->len, 1.0, 1.0,
                                    FALSE, FALSE, l.x_min, l.x_max, MAX (1, (int) ceil (g->width)), 2, xs, ys);
              }
            else
              _sw_plot_curve_points (c, scene->log_x, _sw_plot_panel_axis (panel->spec), l.x_min, l.x_max,
                                     panel->y_min, panel->y_max, g->width, g->height, xs, ys);
            _sw_plot_set_line (c);
            if (!scene->draft)
              _sw_plot_draw_points ((const double *) xs->data, (const double *) ys->data, xs->len);
            else if (!_sw_plot_draw_draft_curve (cr, page, scene->colors != NULL ? scene->colors : &colors_light, c,
                                                 (const double *) xs->data, (const double *) ys->data, xs->len, g,
                                                 l.x_min, l.x_max))
              {
                /* The extcairo driver strokes onto cr with the
                 * anti-aliasing it set at PLESC_DEVINIT. */
                cairo_antialias_t antialias = cairo_get_antialias (cr);

                cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
                _sw_plot_draw_points ((const double *) xs->data, (const double *) ys->data, xs->len);
                cairo_set_antialias (cr, antialias);
              }
            geometry->n_points += xs->len;
            if (c->end_label != NULL && *c->end_label != '\0')
              {
                pllsty (1);
                _sw_plot_draw_end_label (c, (const double *) xs->data, (const double *) ys->data, xs->len, panel, &l);
              }
          }
      pllsty (1);

      if (scene->n_marks > 0)
        {
          _sw_plot_draw_x_marks (scene, panel, p, &l);
          _sw_plot_draw_point_marks (scene, panel, p, &l);
        }

      if (scene->selection && scene->selection_panel == p)
        _sw_plot_draw_selection (scene, panel);
      if (scene->reference && !_sw_plot_is_xy (scene))
        _sw_plot_draw_reference (scene, panel, &l);
      if (scene->cursor)
        _sw_plot_draw_cursor (scene, panel, p, &l);

      plcol0 (COLOR_FOREGROUND);
      plwidth (AXIS_WIDTH);
      plslabelfunc (_sw_plot_label_tick, ticks);
      plbox (_sw_plot_axis_options (&ticks[0], last, TRUE), ticks[0].step, 0,
             _sw_plot_axis_options (&ticks[1], TRUE, FALSE), ticks[1].step, 0);
      plslabelfunc (NULL, NULL);
      if (last && ticks[0].log)
        _sw_plot_draw_log_labels (TRUE, &ticks[0], l.x_min, l.x_max);
      if (ticks[1].log)
        _sw_plot_draw_log_labels (FALSE, &ticks[1], panel->y_min, panel->y_max);
      _sw_plot_draw_y_label (&l, panel->spec->label != NULL ? panel->spec->label : "");
      if (last)
        plmtex ("b", X_LABEL_DISP, 0.5, 0.5, x_label);
      if (p == 0 && scene->cursor && scene->readouts)
        _sw_plot_draw_cursor_label (&l, scene);

      _sw_plot_draw_legend (&l, scene, p);
      _sw_plot_legend_geometry (&l, scene, p, geometry, width_px, height_px);
    }
  return TRUE;
}

static void
key_add (GByteArray *key, gconstpointer data, gsize size)
{
  g_byte_array_append (key, data, (guint) size);
}

#define KEY_ADD(key, value) key_add ((key), &(value), sizeof (value))

/* A text and where it ends; NULL differs from "". */
static void
key_add_text (GByteArray *key, const char *text)
{
  guint8 tag = text != NULL;

  KEY_ADD (key, tag);
  if (text != NULL)
    key_add (key, text, strlen (text) + 1);
}

static void
key_add_trajectory (GByteArray *key, const SwTrajectory *trajectory)
{
  guint n_rows = trajectory != NULL ? sw_trajectory_get_n_rows (trajectory) : 0;

  KEY_ADD (key, trajectory);
  KEY_ADD (key, n_rows);
}

GBytes *
sw_plot_scene_dup_key (const SwPlotScene *scene, int width, int height)
{
  GByteArray *key;
  const SwPlotColors *colors;

  g_return_val_if_fail (scene != NULL, NULL);
  g_return_val_if_fail (scene->panels != NULL || scene->n_panels == 0, NULL);
  g_return_val_if_fail (scene->curves != NULL || scene->n_curves == 0, NULL);
  g_return_val_if_fail (scene->keys != NULL || scene->n_keys == 0, NULL);
  g_return_val_if_fail (scene->marks != NULL || scene->n_marks == 0, NULL);

  key = g_byte_array_sized_new (512);
  colors = scene->colors != NULL ? scene->colors : &colors_light;
  KEY_ADD (key, width);
  KEY_ADD (key, height);
  key_add (key, colors, sizeof *colors);
  key_add_text (key, scene->title);
  key_add_text (key, scene->x_label);
  KEY_ADD (key, scene->log_x);
  KEY_ADD (key, scene->x_fixed);
  KEY_ADD (key, scene->x_min);
  KEY_ADD (key, scene->x_max);
  KEY_ADD (key, scene->n_panels);
  for (guint p = 0; p < scene->n_panels; p++)
    {
      const SwPlotPanel *panel = &scene->panels[p];

      key_add_text (key, panel->label);
      key_add_text (key, panel->unit);
      KEY_ADD (key, panel->log);
      KEY_ADD (key, panel->fixed);
      KEY_ADD (key, panel->y_min);
      KEY_ADD (key, panel->y_max);
      KEY_ADD (key, panel->db);
    }
  KEY_ADD (key, scene->n_curves);
  for (guint k = 0; k < scene->n_curves; k++)
    {
      const SwPlotCurve *c = &scene->curves[k];

      key_add_trajectory (key, c->trajectory);
      KEY_ADD (key, c->x_column);
      KEY_ADD (key, c->y_column);
      KEY_ADD (key, c->x_factor);
      KEY_ADD (key, c->y_factor);
      KEY_ADD (key, c->panel);
      KEY_ADD (key, c->color);
      KEY_ADD (key, c->line);
      KEY_ADD (key, c->dash);
      key_add_text (key, c->label);
      key_add_text (key, c->end_label);
      KEY_ADD (key, c->hidden);
      KEY_ADD (key, c->width);
    }
  KEY_ADD (key, scene->n_keys);
  for (guint k = 0; k < scene->n_keys; k++)
    {
      key_add_text (key, scene->keys[k].text);
      KEY_ADD (key, scene->keys[k].line);
      KEY_ADD (key, scene->keys[k].dash);
    }
  KEY_ADD (key, scene->readouts);
  KEY_ADD (key, scene->cursor);
  KEY_ADD (key, scene->cursor_x);
  key_add_text (key, scene->cursor_unit);
  KEY_ADD (key, scene->reference);
  KEY_ADD (key, scene->reference_x);
  KEY_ADD (key, scene->selection);
  KEY_ADD (key, scene->selection_panel);
  KEY_ADD (key, scene->selection_x0);
  KEY_ADD (key, scene->selection_x1);
  KEY_ADD (key, scene->selection_y0);
  KEY_ADD (key, scene->selection_y1);
  KEY_ADD (key, scene->draft);
  KEY_ADD (key, scene->n_marks);
  for (guint m = 0; m < scene->n_marks; m++)
    {
      const SwPlotMark *mark = &scene->marks[m];

      KEY_ADD (key, mark->kind);
      KEY_ADD (key, mark->x);
      KEY_ADD (key, mark->y);
      KEY_ADD (key, mark->x_end);
      KEY_ADD (key, mark->panel);
      key_add_text (key, mark->label);
      KEY_ADD (key, mark->highlight);
    }
  return g_byte_array_free_to_bytes (key);
}

gboolean
sw_plot_draw (cairo_t *cr, int width, int height, const SwPlotScene *scene, SwPlotGeometry *geometry)
{
  const SwPlotColors *colors;
  SwPlotGeometry scratch;
  cairo_matrix_t page;
  gboolean ok;

  g_return_val_if_fail (cr != NULL, FALSE);
  g_return_val_if_fail (width > 0 && height > 0, FALSE);
  g_return_val_if_fail (scene != NULL, FALSE);
  g_return_val_if_fail (scene->n_panels >= 1 && scene->n_panels <= SW_PLOT_MAX_PANELS, FALSE);
  g_return_val_if_fail (scene->curves != NULL || scene->n_curves == 0, FALSE);
  g_return_val_if_fail (scene->marks != NULL || scene->n_marks == 0, FALSE);
  for (guint k = 0; k < scene->n_curves; k++)
    {
      const SwPlotCurve *c = &scene->curves[k];

      g_return_val_if_fail (c->trajectory != NULL, FALSE);
      g_return_val_if_fail (c->panel < scene->n_panels, FALSE);
      g_return_val_if_fail (c->y_column < sw_trajectory_get_n_columns (c->trajectory), FALSE);
      g_return_val_if_fail (c->x_column < (int) sw_trajectory_get_n_columns (c->trajectory), FALSE);
      g_return_val_if_fail ((c->x_column >= 0) == (scene->curves[0].x_column >= 0), FALSE);
    }

  if (geometry == NULL)
    geometry = &scratch;
  memset (geometry, 0, sizeof *geometry);
  colors = scene->colors != NULL ? scene->colors : &colors_light;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_set_source_rgb (cr, colors->background[0] / 255.0, colors->background[1] / 255.0,
                        colors->background[2] / 255.0);
  cairo_fill (cr);
  cairo_save (cr);
  /* The page's user space, for a draft's curves drawn past PLplot. */
  cairo_get_matrix (cr, &page);
  pl_cmd (PLESC_DEVINIT, cr);
  set_colors (colors);
  ok = draw_page (cr, &page, scene, width, height, geometry);
  cairo_restore (cr);
  cairo_restore (cr);
  return ok;
}
