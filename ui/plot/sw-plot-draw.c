/* sw-plot-draw.c: plots drawn by PLplot onto a cairo context.
 *
 * What the plot files and the plot widget share. A scene (sw-plot-draw.h)
 * names the curves, their panels and styles; sw_plot_draw() lays the page
 * out in millimetres (PLplot's unit; 72 pixels an inch), chooses the ticks,
 * thins long curves to what a pixel column can show and draws everything
 * through the current PLplot stream, an extcairo stream drawing onto the
 * caller's cairo context.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-plot-draw.h"

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
    { 0xf6, 0x61, 0x51 }, /* red */
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

/* cmap0 */
enum {
  COLOR_BACKGROUND,
  COLOR_FOREGROUND,
  COLOR_GRID,
  COLOR_GRID_MINOR,
  COLOR_SELECTION,        /* the foreground, nearly transparent */
  COLOR_FAINT_FOREGROUND,
  COLOR_CURVES,
  COLOR_FAINT_CURVES = COLOR_CURVES + SW_PLOT_N_COLORS,
  COLOR_DASHED_CURVES = COLOR_FAINT_CURVES + SW_PLOT_N_COLORS,
  N_COLORS = COLOR_DASHED_CURVES + SW_PLOT_N_COLORS
};

#define FAINT_ALPHA     0.5
#define DASHED_ALPHA    0.8
#define SELECTION_ALPHA 0.12

/* Text height on a page of 800 × 600 pixels (PLplot takes 72 pixels a inch)
 * and larger; smaller pages get smaller text. */
#define CHAR_HEIGHT_MM     4.9
#define PAGE_W_MM          (800 * 25.4 / 72)
#define PAGE_H_MM          (600 * 25.4 / 72)

/* Lengths in character heights. */
#define MARGIN_TOP_TITLE   3.0
#define MARGIN_TOP         1.0
#define MARGIN_BOTTOM      4.3
#define MARGIN_LEFT        1.3  /* beyond the unit label */
#define MARGIN_RIGHT       1.0
#define PANEL_GAP          1.4
#define PANEL_MIN_HEIGHT   3.0
#define PANEL_MIN_WIDTH    10.0
#define Y_LABEL_DISP       0.5  /* where PLplot puts horizontal y tick labels */
#define X_TICK_LABEL_DISP  1.5  /* where PLplot puts x tick labels */
#define Y_LABEL_SPACING    1.9  /* at least this far apart */
#define UNIT_LABEL_GAP     1.0
#define X_LABEL_DISP       3.0
#define LOG_SUBTICKS_MIN   2.5  /* a decade at least this long has ticks at 2 … 9 */
#define LOG_SUBGRID_MIN    6.0  /* and grid lines there when at least this long */
#define LEGEND_LINE        2.5
#define LEGEND_GAP         0.6
#define LEGEND_TEXT_OFFSET 0.8
#define LEGEND_SPACING     1.8
#define TITLE_SCALE        1.25
#define CHAR_WIDTH         0.75 /* of a character of a name, generous */
#define DIGIT_WIDTH        0.85 /* of a character of a tick label */

#define CURVE_WIDTH 1.6
#define GRID_WIDTH  0.6
#define AXIS_WIDTH  0.8
#define FAINT_WIDTH        1.0
#define DASHED_WIDTH       1.2
#define CURSOR_WIDTH       1.0
#define MARK_RADIUS        0.35 /* of a marked point's circle */
#define READOUT_CHARS      10   /* room for a value at the cursor */
#define READOUT_GAP        1.0
#define CURSOR_LABEL_ROW   1.3  /* above the first panel, for the cursor's x */
#define CURSOR_LABEL_DISP  0.9
#define KEY_GAP            2.0  /* between the keys on top */
#define LABEL_MIN_SCALE    0.6  /* a long y axis label shrinks at most this much */
#define THIN_FACTOR        4    /* curves longer than this many points a pixel column are thinned */


/* Tick labels, chosen here rather than by PLplot: PLplot moves a common factor
 * into a separate "(x10^n)" label that collides with the panel above, and
 * cannot show a small variation around a large value. On a logarithmic axis
 * the values are log10 of the data and the labels are drawn here. */
typedef struct {
  double   step;      /* between labelled ticks; on a log axis in decades */
  int      digits;    /* after the decimal point (of the mantissa) */
  gboolean exponent;  /* "1.5e-4" rather than "0.00015" */
  gboolean log;
  int      every;     /* log: label every this many decades */
  gboolean minor;     /* log: label 2 and 5 times each power of ten too */
  gboolean subticks;  /* log: ticks at 2 … 9 times each power of ten */
  gboolean subgrid;   /* log: grid lines there too */
} Ticks;

/* A label on a logarithmic axis. */
typedef struct {
  double position;    /* log10 of the value */
  char   text[32];
} LogLabel;


/* PLplot reads '#' as the start of an escape sequence; "##" is a literal '#'. */
static char *
escape_text (const char *text)
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
static gsize
text_length (const char *text)
{
  return g_utf8_validate (text, -1, NULL) ? (gsize) g_utf8_strlen (text, -1) : strlen (text);
}

/* Non-finite values, and values so large that PLplot's arithmetic on them
 * would overflow, are gaps. */
static inline gboolean
plottable (double value)
{
  return fabs (value) < 1e300; /* FALSE for NaN too */
}

/* Below this span (relative to the values' magnitude, plus a floor) data
 * count as constant: an axis from −90.00002° to −90° would only show
 * rounding noise (a phase that is −90° in exact arithmetic). */
#define MIN_SPAN_RELATIVE 1e-6
#define MIN_SPAN_ABSOLUTE 1e-12

/* Widens [min, max] so that PLplot can draw ticks on it: no data gives
 * [-1, 1], a constant (or what varies by less than the spans above) gets
 * room around its middle, anything else 5 % each side. */
static void
pad_range (gboolean found, double *min, double *max)
{
  double span, scale;

  if (!found)
    {
      *min = -1.0;
      *max = 1.0;
      return;
    }
  span = *max - *min;
  scale = MAX (fabs (*min), fabs (*max));
  if (span <= MIN_SPAN_RELATIVE * scale + MIN_SPAN_ABSOLUTE)
    {
      double middle = 0.5 * (*min + *max);
      double pad = scale > 10.0 * MIN_SPAN_ABSOLUTE ? 0.1 * scale : 1.0;

      *min = middle - pad;
      *max = middle + pad;
      return;
    }
  *min -= 0.05 * span;
  *max += 0.05 * span;
}

/* The same for a logarithmic axis, in decades: no data gives 1 … 10, and a
 * range is widened to at least a decade, so that a power of ten is on it. */
static void
pad_log_range (gboolean found, double *min, double *max)
{
  double span, pad;

  if (!found)
    {
      *min = 0.0;
      *max = 1.0;
      return;
    }
  span = *max - *min;
  pad = MAX (0.05 * span, 0.5 * (1.0 - span) + 0.02);
  *min -= pad;
  *max += pad;
}

static double
count_ticks (double min, double max, double step)
{
  return floor (max / step + 1e-9) - ceil (min / step - 1e-9) + 1.0;
}

/* The smallest 1, 2 or 5 times a power of ten that puts at most max_labels
 * labels between min and max. */
static double
nice_step (double min, double max, int max_labels)
{
  static const double factors[] = { 1.0, 2.0, 5.0 };
  double magnitude = pow (10.0, floor (log10 ((max - min) / (4.0 * MAX (max_labels, 1)))));
  double previous = magnitude;

  for (int decade = 0; decade < 4; decade++, magnitude *= 10.0)
    for (guint i = 0; i < G_N_ELEMENTS (factors); i++)
      {
        double step = factors[i] * magnitude;
        double n = count_ticks (min, max, step);
        if (n <= max_labels)
          return n >= 2.0 ? step : previous; /* one label says little */
        previous = step;
      }
  return previous;
}

/* Angles over a wide range read best at multiples of 30, 45 or 90 degrees;
 * 0 when none fits. */
static double
degree_step (double min, double max, int max_labels)
{
  static const double steps[] = { 30.0, 45.0, 90.0, 180.0, 360.0, 720.0 };

  if (max - min < 100.0)
    return 0.0;
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (count_ticks (min, max, steps[i]) <= max_labels)
      return count_ticks (min, max, steps[i]) >= 2.0 ? steps[i] : 0.0;
  return 0.0;
}

static Ticks
ticks_for_range (double min, double max, int max_labels, gboolean degrees)
{
  double largest = MAX (fabs (min), fabs (max));
  double angle_step = degrees ? degree_step (min, max, max_labels) : 0.0;
  Ticks t = { angle_step > 0.0 ? angle_step : nice_step (min, max, max_labels), 0, FALSE };
  int step_exp = (int) floor (log10 (t.step) + 1e-9);

  if (largest == 0.0 || (largest >= 1e-3 && largest < 1e5))
    t.digits = MAX (0, -step_exp);
  else
    {
      t.exponent = TRUE;
      t.digits = CLAMP ((int) floor (log10 (largest)) - step_exp, 0, 12);
    }
  return t;
}

static void
format_tick (const Ticks *ticks, double value, char *label, gsize size)
{
  char format[16];
  char number[G_ASCII_DTOSTR_BUF_SIZE];
  int exponent;
  double mantissa;

  if (fabs (value) < 1e-6 * ticks->step)
    value = 0.0;
  g_snprintf (format, sizeof format, "%%.%df", ticks->digits);
  if (!ticks->exponent || value == 0.0)
    {
      g_ascii_formatd (number, sizeof number, format, value);
      g_strlcpy (label, ticks->exponent ? "0" : number, size);
      return;
    }
  exponent = (int) floor (log10 (fabs (value)));
  mantissa = value / pow (10.0, exponent);
  g_ascii_formatd (number, sizeof number, format, mantissa);
  if (fabs (g_ascii_strtod (number, NULL)) >= 10.0)
    {
      /* 9.96 rounded up to 10.0 */
      exponent++;
      g_ascii_formatd (number, sizeof number, format, mantissa / 10.0);
    }
  g_snprintf (label, size, "%se%d", number, exponent);
}

/* 2 × 10^-3 as "0.002", 10^5 as "1e5": plain from 0.01 to 50000. */
static void
format_log_tick (int decade, int mantissa, char *label, gsize size)
{
  char format[16];

  if (decade >= -2 && decade <= 4)
    {
      g_snprintf (format, sizeof format, "%%.%df", MAX (0, -decade));
      g_ascii_formatd (label, size, format, mantissa * pow (10.0, decade));
    }
  else
    g_snprintf (label, size, "%de%d", mantissa, decade);
}

/* The labels between min and max (log10) on a logarithmic axis. */
static GArray *
log_labels (const Ticks *ticks, double min, double max)
{
  static const int mantissas[] = { 1, 2, 5 };
  GArray *labels = g_array_new (FALSE, FALSE, sizeof (LogLabel));
  int first = (int) floor (min), last = (int) ceil (max);

  for (int decade = first; decade <= last; decade++)
    for (guint i = 0; i < (ticks->minor ? G_N_ELEMENTS (mantissas) : 1); i++)
      {
        LogLabel label = { decade + log10 (mantissas[i]), "" };

        if (label.position < min - 1e-9 || label.position > max + 1e-9 ||
            (!ticks->minor && decade % ticks->every != 0))
          continue;
        format_log_tick (decade, mantissas[i], label.text, sizeof label.text);
        g_array_append_val (labels, label);
      }
  return labels;
}

/* Labels on a logarithmic axis from min to max (log10), decade_mm long per
 * decade and spacing_mm or more apart: 1, 2 and 5 times each power of ten
 * when there is room, else every power of ten, or every second, fifth … */
static Ticks
log_ticks (double min, double max, double decade_mm, double spacing_mm, double char_height)
{
  static const int everies[] = { 1, 2, 3, 5, 10, 20, 50, 100 };
  Ticks t = { .step = 1.0, .log = TRUE, .every = everies[G_N_ELEMENTS (everies) - 1] };

  t.minor = log10 (2.0) * decade_mm >= spacing_mm; /* 1 to 2 and 5 to 10 */
  if (t.minor)
    t.every = 1;
  for (guint i = 0; i < G_N_ELEMENTS (everies) && !t.minor; i++)
    if (everies[i] * decade_mm >= spacing_mm)
      {
        t.every = everies[i];
        break;
      }
  /* Ticks and grid lines only where there could be a label. */
  t.step = t.every;
  t.subticks = t.every == 1 && decade_mm >= LOG_SUBTICKS_MIN * char_height;
  t.subgrid = t.subticks && decade_mm >= LOG_SUBGRID_MIN * char_height;
  return t;
}

/* Characters in the widest label between min and max. */
static guint
widest_tick (const Ticks *ticks, double min, double max)
{
  char label[64];
  guint widest = 1;
  double first = ceil (min / ticks->step - 1e-9);
  double n = count_ticks (min, max, ticks->step);

  if (ticks->log)
    {
      g_autoptr(GArray) labels = log_labels (ticks, min, max);

      for (guint i = 0; i < labels->len; i++)
        widest = MAX (widest, (guint) strlen (g_array_index (labels, LogLabel, i).text));
      return widest;
    }
  for (double k = first; k < first + n; k++)
    {
      format_tick (ticks, k * ticks->step, label, sizeof label);
      widest = MAX (widest, (guint) strlen (label));
    }
  return widest;
}

/* plslabelfunc() callback; data is the x Ticks followed by the y Ticks. */
static void
label_tick (PLINT axis, PLFLT value, char *label, PLINT length, PLPointer data)
{
  const Ticks *ticks = data;

  format_tick (axis == PL_X_AXIS ? &ticks[0] : &ticks[1], value, label, (gsize) length);
}


/* Grid lines of a logarithmic axis from min to max (log10): darker at powers
 * of ten. x_axis says which axis; other_min and other_max span the other. */
static void
draw_log_grid (gboolean x_axis, const Ticks *ticks, double min, double max,
               double other_min, double other_max)
{
  for (int decade = (int) floor (min); decade <= (int) ceil (max); decade++)
    for (int m = ticks->subgrid ? 9 : 1; m >= 1; m--)
      {
        double position = decade + log10 (m);

        if (position < min || position > max || decade % ticks->every != 0)
          continue;
        plcol0 (m == 1 ? COLOR_GRID : COLOR_GRID_MINOR);
        if (x_axis)
          pljoin (position, other_min, position, other_max);
        else
          pljoin (other_min, position, other_max, position);
      }
}

static void
draw_log_labels (gboolean x_axis, const Ticks *ticks, double min, double max)
{
  g_autoptr(GArray) labels = log_labels (ticks, min, max);

  for (guint i = 0; i < labels->len; i++)
    {
      const LogLabel *label = &g_array_index (labels, LogLabel, i);
      double position = (label->position - min) / (max - min);

      if (x_axis)
        plmtex ("b", X_TICK_LABEL_DISP, position, 0.5, label->text);
      else
        plmtex ("lv", Y_LABEL_DISP, position, 1.0, label->text);
    }
}

/* plbox() options for an axis. */
static const char *
axis_options (const Ticks *ticks, gboolean numbers, gboolean x_axis)
{
  /* "l" puts a tick at every decade and 2 … 9 in between with "s"; without
   * it, ticks go every step decades. */
  if (ticks->log)
    return ticks->subticks ? "bcstl" : "bct";
  if (!numbers)
    return "bcst";
  return x_axis ? "bcnsto" : "bcnstvo";
}

/* What the layout needs of a panel. */
typedef struct {
  const SwPlotPanel *spec;
  double             y_min;   /* as shown: log10 on a log axis */
  double             y_max;
  Ticks              y_ticks;
  guint              n_entries;
} Panel;

/* Page geometry in millimetres. */
typedef struct {
  double scale;       /* of PLplot's default character height */
  double char_height;
  double page_w, page_h;
  double top, bottom, left, right, gap;
  double panel_w, panel_h;
  double unit_disp;   /* of the unit label, in character heights */
  double key_top;     /* of the first row of keys, from the top */
  guint  n_key_rows;
  double x_min, x_max; /* log10 on a log axis */
  Ticks  x_ticks;
} Layout;

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
  return escape_text (text);
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
  plinit ();
  plsstrm (previous);
  return stream;
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
  for (guint i = 0; i < SW_PLOT_N_COLORS; i++)
    {
      set_color (r, g, b, a, COLOR_CURVES + i, colors->curves[i], 1.0);
      set_color (r, g, b, a, COLOR_FAINT_CURVES + i, colors->curves[i], FAINT_ALPHA);
      set_color (r, g, b, a, COLOR_DASHED_CURVES + i, colors->curves[i], DASHED_ALPHA);
    }
  plscmap0a (r, g, b, a, N_COLORS);
}

/* How an axis shows values: AXIS_LOG is TRUE, so a gboolean log flag is an
 * axis kind too. */
enum { AXIS_LINEAR = 0, AXIS_LOG = 1, AXIS_DB = 2 };

/* A stored value as shown: scaled, log10 on a log axis, 20 log10 in dB;
 * NaN for a gap. */
static inline double
shown (double value, double factor, int axis)
{
  value *= factor;
  if (!plottable (value))
    return NAN;
  if (axis == AXIS_LOG)
    return value > 0.0 ? log10 (value) : NAN;
  if (axis == AXIS_DB)
    return value > 0.0 ? 20.0 * log10 (value) : NAN;
  return value;
}

static int
panel_axis (const SwPlotPanel *panel)
{
  return panel->log ? AXIS_LOG : panel->db ? AXIS_DB : AXIS_LINEAR;
}

static gboolean
is_xy (const SwPlotScene *scene)
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
      !plottable (x[0]) || !plottable (x[n - 1]))
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
static gboolean
curves_x_range (const SwPlotScene *scene, double *min, double *max)
{
  gboolean found = FALSE;

  for (guint k = 0; k < scene->n_curves; k++)
    {
      const SwPlotCurve *c = &scene->curves[k];
      const double *x = curve_x (c);
      guint n = sw_trajectory_get_n_rows (c->trajectory);

      for (guint r = 0; r < n; r++)
        {
          double v = shown (x[r], c->x_factor, scene->log_x);

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
static void
panel_y_range (const SwPlotScene *scene, guint p, int axis, double x_min, double x_max,
               GPtrArray *points, double *y_min, double *y_max)
{
  gboolean found = FALSE;
  double min = 0.0, max = 0.0;

  for (guint k = 0; k < scene->n_curves; k++)
    {
      const SwPlotCurve *c = &scene->curves[k];
      const double *x, *y;
      guint first, end;

      if (c->panel != p)
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
          double xv = shown (x[r], c->x_factor, scene->log_x);
          double yv = shown (y[r], c->y_factor, axis);

          if (isnan (xv) || isnan (yv) || xv < x_min || xv > x_max)
            continue;
          min = found ? MIN (min, yv) : yv;
          max = found ? MAX (max, yv) : yv;
          found = TRUE;
        }
    }
  if (axis == AXIS_LOG)
    pad_log_range (found, &min, &max);
  else
    pad_range (found, &min, &max);
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
static void
thin_time (const double *x, const double *y, guint first, guint end,
           double x_factor, double y_factor, gboolean log_x, int log_y,
           double x_min, double x_max, int columns, guint per_column, GArray *xs, GArray *ys)
{
  double x_scale = columns / (x_max - x_min);

  if (end - first <= per_column * (guint) columns)
    {
      for (guint r = first; r < end; r++)
        {
          double xv = shown (x[r], x_factor, log_x);
          double yv = shown (y[r], y_factor, log_y);

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
        double xv = shown (x[r], x_factor, log_x);
        double yv = shown (y[r], y_factor, log_y);
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
static void
curve_points (const SwPlotCurve *c, gboolean log_x, int log_y,
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
          double xv = shown (x[r], c->x_factor, log_x);
          double yv = shown (y[r], c->y_factor, log_y);

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

  thin_time (x, y, first, end, c->x_factor, c->y_factor, log_x, log_y, x_min, x_max, columns,
             THIN_FACTOR, xs, ys);
}

static void
set_line (const SwPlotCurve *c)
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
}

static void
set_key_line (const SwPlotKey *key)
{
  SwPlotCurve c = { .line = key->line, .dash = key->dash };

  set_line (&c);
  plcol0 (key->line == SW_PLOT_LINE_FAINT ? COLOR_FAINT_FOREGROUND : COLOR_FOREGROUND);
}

/* Solid curves with a label, and dashed ones with a label (an order line);
 * runs behind say what they are in the keys on top. */
static gboolean
in_legend (const SwPlotCurve *c)
{
  return c->line != SW_PLOT_LINE_FAINT && c->label != NULL;
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

      x_chars = widest_tick (&all, l->x_min, l->x_max);
      l->x_ticks = log_ticks (l->x_min, l->x_max, decade_mm, (x_chars + 3) * DIGIT_WIDTH * ch, ch);
      return;
    }
  l->x_ticks = ticks_for_range (l->x_min, l->x_max, 10, FALSE);
  x_chars = widest_tick (&l->x_ticks, l->x_min, l->x_max);
  max_labels = CLAMP ((int) (l->panel_w / ((x_chars + 3) * DIGIT_WIDTH * ch)), 2, 10);
  l->x_ticks = ticks_for_range (l->x_min, l->x_max, max_labels, FALSE);
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
                 CHAR_WIDTH * text_length (scene->keys[k].text) * ch;

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
 * ticks. FALSE when they do not fit; need_w and need_h then say how large the
 * page would have to be. */
static gboolean
compute_layout (Layout *l, const SwPlotScene *scene, Panel *panels, guint n_panels,
                gsize longest_name, double *need_w, double *need_h)
{
  PLFLT x_min, x_max, y_min, y_max, default_height, char_height;
  gboolean has_title = scene->title != NULL && *scene->title != '\0';
  double ch, legend_w, entries_h = 0.0;
  guint y_chars = 1;
  int max_labels;

  plgspa (&x_min, &x_max, &y_min, &y_max);
  plgchr (&default_height, &char_height);
  ch = l->char_height = char_height;
  l->page_w = x_max - x_min;
  l->page_h = y_max - y_min;

  l->top = (has_title ? MARGIN_TOP_TITLE : MARGIN_TOP) * ch;
  l->key_top = l->top;
  l->n_key_rows = key_rows (scene, ch, l->page_w - 2.0 * MARGIN_RIGHT * ch);
  l->top += l->n_key_rows * LEGEND_SPACING * ch;
  if (scene->readouts)
    l->top += CURSOR_LABEL_ROW * ch;
  l->bottom = MARGIN_BOTTOM * ch;
  l->gap = PANEL_GAP * ch;
  l->panel_h = (l->page_h - l->top - l->bottom - l->gap * (n_panels - 1)) / n_panels;

  /* The y tick labels decide the left margin. */
  max_labels = CLAMP ((int) (l->panel_h / (Y_LABEL_SPACING * ch)), 2, 8);
  for (guint p = 0; p < n_panels; p++)
    {
      Panel *panel = &panels[p];
      if (panel->spec->log)
        panel->y_ticks = log_ticks (panel->y_min, panel->y_max,
                                    MAX (l->panel_h, 0.0) / (panel->y_max - panel->y_min),
                                    Y_LABEL_SPACING * ch, ch);
      else
        panel->y_ticks = ticks_for_range (panel->y_min, panel->y_max, max_labels,
                                          panel->spec->unit != NULL && strcmp (panel->spec->unit, "deg") == 0);
      y_chars = MAX (y_chars, widest_tick (&panel->y_ticks, panel->y_min, panel->y_max));
      entries_h = MAX (entries_h, panel->n_entries * LEGEND_SPACING * ch);
    }
  l->unit_disp = Y_LABEL_DISP + DIGIT_WIDTH * y_chars + UNIT_LABEL_GAP;
  l->left = (l->unit_disp + MARGIN_LEFT) * ch;

  legend_w = (LEGEND_GAP + 0.8 + LEGEND_LINE + LEGEND_TEXT_OFFSET) * ch +
             CHAR_WIDTH * (double) longest_name * ch;
  if (scene->readouts)
    legend_w += (READOUT_GAP + READOUT_CHARS * DIGIT_WIDTH) * ch;
  l->right = MARGIN_RIGHT * ch + legend_w;
  l->panel_w = l->page_w - l->left - l->right;
  choose_x_ticks (l, scene->log_x);

  *need_w = l->left + l->right + PANEL_MIN_WIDTH * ch;
  *need_h = l->top + l->bottom + l->gap * (n_panels - 1) + PANEL_MIN_HEIGHT * ch * n_panels;
  return l->panel_w >= PANEL_MIN_WIDTH * ch && l->panel_h >= PANEL_MIN_HEIGHT * ch;
}

/* The viewport of panel p, and the world of its data. */
static void
panel_viewport (const Layout *l, const Panel *panel, guint p)
{
  double y_top = l->page_h - l->top - p * (l->panel_h + l->gap);

  plvpor (l->left / l->page_w, (l->left + l->panel_w) / l->page_w,
          (y_top - l->panel_h) / l->page_h, y_top / l->page_h);
  plwind (l->x_min, l->x_max, panel->y_min, panel->y_max);
}

/* The whole page, in millimetres from its bottom left corner. */
static void
page_viewport (const Layout *l)
{
  plvpor (0.0, 1.0, 0.0, 1.0);
  plwind (0.0, l->page_w, 0.0, l->page_h);
}

/* Centred over the panels, or over the page when it is wider than they are;
 * smaller when it is wider than the page. */
static void
draw_title (const Layout *l, const char *title)
{
  g_autofree char *escaped = escape_text (title);
  double scale = TITLE_SCALE;
  double width = CHAR_WIDTH * text_length (title) * l->char_height;
  double x = l->left + 0.5 * l->panel_w;

  if (width * scale > l->page_w - 2.0 * l->char_height)
    scale = MAX (0.5, (l->page_w - 2.0 * l->char_height) / width);
  if (width * scale > l->panel_w)
    x = 0.5 * l->page_w;
  page_viewport (l);
  plcol0 (COLOR_FOREGROUND);
  plschr (0.0, scale * l->scale);
  plptex (x, l->page_h - 0.5 * MARGIN_TOP_TITLE * l->char_height, 1.0, 0.0, 0.5, escaped);
  plschr (0.0, l->scale);
}

/* The keys on top, in rows from the left. */
static void
draw_keys (const Layout *l, const SwPlotScene *scene)
{
  double ch = l->char_height;
  double x = MARGIN_RIGHT * ch, row = 0;

  page_viewport (l);
  for (guint k = 0; k < scene->n_keys; k++)
    {
      const SwPlotKey *key = &scene->keys[k];
      g_autofree char *text = escape_text (key->text);
      double w = (LEGEND_LINE + LEGEND_TEXT_OFFSET + KEY_GAP) * ch + CHAR_WIDTH * text_length (key->text) * ch;
      double y;

      if (k > 0 && x + w > l->page_w - MARGIN_RIGHT * ch)
        {
          row++;
          x = MARGIN_RIGHT * ch;
        }
      y = l->page_h - l->key_top - (row + 0.5) * LEGEND_SPACING * ch;
      set_key_line (key);
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

/* A panel's legend right of its top corner: a line and a name per curve,
 * and the value at the cursor when there is one. */
static void
draw_legend (const Layout *l, const SwPlotScene *scene, guint p)
{
  double ch = l->char_height;
  double y_top = l->page_h - l->top - p * (l->panel_h + l->gap);
  double x0 = l->left + l->panel_w + LEGEND_GAP * ch;
  guint row = 0;

  page_viewport (l);
  for (guint k = 0; k < scene->n_curves; k++)
    {
      const SwPlotCurve *c = &scene->curves[k];
      g_autofree char *text = NULL;
      double y;

      if (c->panel != p || !in_legend (c))
        continue;
      y = y_top - (row + 0.5) * LEGEND_SPACING * ch;
      row++;
      set_line (c);
      pljoin (x0, y, x0 + LEGEND_LINE * ch, y);
      plcol0 (COLOR_FOREGROUND);
      text = escape_text (c->label);
      plptex (x0 + (LEGEND_LINE + LEGEND_TEXT_OFFSET) * ch, y, 1.0, 0.0, 0.0, text);
      if (scene->cursor && scene->readouts && !is_xy (scene))
        {
          double value = readout (c, scene->cursor_x);

          if (scene->panels[p].db)
            value = shown (value, 1.0, AXIS_DB);
          char number[32];

          if (isnan (value))
            g_strlcpy (number, "–", sizeof number);
          else
            g_snprintf (number, sizeof number, "%.5g", value);
          plptex (l->page_w - MARGIN_RIGHT * ch, y, 1.0, 0.0, 1.0, number);
        }
    }
}

/* The y axis label, smaller when longer than the panel. */
static void
draw_y_label (const Layout *l, const char *label)
{
  g_autofree char *escaped = escape_text (label);
  double width = CHAR_WIDTH * 0.9 * text_length (label) * l->char_height;
  double scale = 1.0;

  if (width * 0.8 > l->panel_h && strrchr (label, '[') != NULL)
    {
      /* Too long even smaller: the unit alone. */
      const char *unit = strrchr (label, '[');

      g_free (escaped);
      escaped = escape_text (unit);
      width = CHAR_WIDTH * 0.9 * text_length (unit) * l->char_height;
    }
  if (width > l->panel_h)
    scale = MAX (LABEL_MIN_SCALE, l->panel_h / width);
  if (scale < 1.0)
    plschr (0.0, scale * l->scale);
  plmtex ("l", l->unit_disp, 0.5, 0.5, escaped);
  if (scale < 1.0)
    plschr (0.0, l->scale);
}

static void
draw_selection (const SwPlotScene *scene, const Panel *panel)
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
      y0 = shown (y0, 1.0, panel_axis (panel->spec));
      y1 = shown (y1, 1.0, panel_axis (panel->spec));
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
static void
draw_cursor (const SwPlotScene *scene, const Panel *panel, guint p, const Layout *l)
{
  gboolean xy = is_xy (scene);
  double x = shown (scene->cursor_x, 1.0, scene->log_x);

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

      if (c->panel != p || c->line != SW_PLOT_LINE_SOLID || sw_trajectory_get_n_rows (c->trajectory) == 0)
        continue;
      px = xy ? shown (sw_trajectory_interpolate (c->trajectory, (guint) c->x_column, scene->cursor_x),
                       c->x_factor, scene->log_x)
              : x;
      py = shown (readout (c, scene->cursor_x), 1.0, panel_axis (panel->spec));
      if (isnan (px) || isnan (py) || px < l->x_min || px > l->x_max ||
          py < panel->y_min || py > panel->y_max)
        continue;
      plcol0 (COLOR_CURVES + (PLINT) (c->color % SW_PLOT_N_COLORS));
      plssym (0.0, 1.6);
      plpoin (1, &px, &py, 17);
      plssym (0.0, 1.0);
    }
}

/* The cursor's x above the first panel. */
static void
draw_cursor_label (const Layout *l, const SwPlotScene *scene)
{
  double x = shown (scene->cursor_x, 1.0, scene->log_x);
  double position;
  char text[96];

  if (is_xy (scene) || isnan (x) || x < l->x_min || x > l->x_max)
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
      double x = shown (m->x, 1.0, scene->log_x);

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
      double x = shown (m->x, 1.0, scene->log_x), at, width, start;
      g_autofree char *text = NULL;

      if (m->kind != kind || m->label == NULL || isnan (x) || x < l->x_min || x > l->x_max)
        continue;
      at = (x - l->x_min) / (l->x_max - l->x_min) * l->panel_w;
      width = CHAR_WIDTH * text_length (m->label) * ch;
      start = at + 0.4 * ch + width > l->panel_w ? at - 0.4 * ch - width : at + 0.4 * ch;
      if (start < last_end || start < 0.0)
        continue;
      text = escape_text (m->label);
      plmtex ("t", line, start / l->panel_w, 0.0, text);
      last_end = start + width + 0.6 * ch;
    }
}

static void
draw_x_marks (const SwPlotScene *scene, const Panel *panel, guint p, const Layout *l)
{
  draw_x_marks_of (scene, panel, p, l, SW_PLOT_MARK_X_LINE, 600, 900, -1.4);
  draw_x_marks_of (scene, panel, p, l, SW_PLOT_MARK_X_DASHED, 2500, 1500, -2.9);
}

/* The marked points of a panel: circles, the highlighted one larger with a
 * filled dot inside. */
static void
draw_point_marks (const SwPlotScene *scene, const Panel *panel, guint p, const Layout *l)
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
      PLFLT x = shown (m->x, 1.0, scene->log_x), y = shown (m->y, 1.0, panel_axis (panel->spec));

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
static void
draw_end_label (const SwPlotCurve *c, const double *xs, const double *ys, guint n,
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
  text = escape_text (c->end_label);
  plcol0 (COLOR_CURVES + (PLINT) (c->color % SW_PLOT_N_COLORS));
  if (ey >= panel->y_max - 0.8 * chy)
    plptex (ex - 0.4 * cw, panel->y_max - 0.8 * chy, 1.0, 0.0, 1.0, text);
  else
    plptex (ex - 0.4 * cw, ey + 0.8 * chy, 1.0, 0.0, 1.0, text);
}

/* Draws runs of finite points as lines, a lone finite point as a dot. */
static void
draw_points (const double *x, const double *y, guint n)
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

static void
unref_array (gpointer array)
{
  if (array != NULL)
    g_array_unref (array);
}

/* Draws one page into the open stream, with smaller text on a small page. */
static gboolean
draw_page (const SwPlotScene *scene, int width_px, int height_px, SwPlotGeometry *geometry)
{
  static const double scales[] = { 1.0, 0.85, 0.7 };
  double need_w = 0.0, need_h = 0.0, base_height;
  PLFLT x_min, x_max, y_min, y_max;
  gsize longest = 1;
  gboolean fits = FALSE, found;
  Panel panels[SW_PLOT_MAX_PANELS] = { { 0 } };
  guint n_panels = scene->n_panels;
  g_autofree char *x_label = escape_text (scene->x_label != NULL ? scene->x_label : "");
  g_autoptr(GArray) xs = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) ys = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GPtrArray) points = g_ptr_array_new_full (2 * scene->n_curves, unref_array);
  Layout l = { 0 };

  for (guint k = 0; k < scene->n_curves; k++)
    if (in_legend (&scene->curves[k]))
      {
        longest = MAX (longest, text_length (scene->curves[k].label));
        panels[scene->curves[k].panel].n_entries++;
      }

  /* The x range: as given, or all the data. */
  if (scene->x_fixed)
    {
      l.x_min = shown (scene->x_min, 1.0, scene->log_x);
      l.x_max = shown (scene->x_max, 1.0, scene->log_x);
      found = !isnan (l.x_min) && !isnan (l.x_max) && l.x_max > l.x_min;
    }
  else
    found = curves_x_range (scene, &l.x_min, &l.x_max);
  /* Against time, the data fill the width; an X–Y plot gets room round it. */
  if (scene->log_x && (!found || l.x_max - l.x_min < 1.0))
    pad_log_range (found, &l.x_min, &l.x_max);
  else if (!found || l.x_max <= l.x_min || (is_xy (scene) && !scene->x_fixed))
    pad_range (found, &l.x_min, &l.x_max);

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
          curve_points (c, scene->log_x, panel_axis (&scene->panels[c->panel]), l.x_min, l.x_max,
                        0.0, 1.0, width_px, 1.0, cx, cy);
        }
      g_ptr_array_add (points, cx);
      g_ptr_array_add (points, cy);
    }

  for (guint p = 0; p < n_panels; p++)
    {
      Panel *panel = &panels[p];

      panel->spec = &scene->panels[p];
      panel->y_min = shown (panel->spec->y_min, 1.0, panel_axis (panel->spec));
      panel->y_max = shown (panel->spec->y_max, 1.0, panel_axis (panel->spec));
      if (!panel->spec->fixed || isnan (panel->y_min) || isnan (panel->y_max) ||
          panel->y_max <= panel->y_min)
        panel_y_range (scene, p, panel_axis (panel->spec), l.x_min, l.x_max, points, &panel->y_min, &panel->y_max);
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
      fits = compute_layout (&l, scene, panels, n_panels, longest, &need_w, &need_h);
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
    draw_title (&l, scene->title);
  if (scene->n_keys > 0)
    draw_keys (&l, scene);

  for (guint p = 0; p < n_panels; p++)
    {
      const Panel *panel = &panels[p];
      gboolean last = p + 1 == n_panels;
      Ticks ticks[2] = { l.x_ticks, panel->y_ticks };
      double y_top = l.page_h - l.top - p * (l.panel_h + l.gap);
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
        draw_log_grid (TRUE, &ticks[0], l.x_min, l.x_max, panel->y_min, panel->y_max);
      if (ticks[1].log)
        draw_log_grid (FALSE, &ticks[1], panel->y_min, panel->y_max, l.x_min, l.x_max);
      plcol0 (COLOR_GRID);
      plbox (ticks[0].log ? "" : "g", ticks[0].step, 0, ticks[1].log ? "" : "g", ticks[1].step, 0);

      /* Faint and dashed runs first, behind. */
      for (int pass = 0; pass < 2; pass++)
        for (guint k = 0; k < scene->n_curves; k++)
          {
            const SwPlotCurve *c = &scene->curves[k];

            if (c->panel != p || (c->line == SW_PLOT_LINE_SOLID) != (pass == 1))
              continue;
            g_array_set_size (xs, 0);
            g_array_set_size (ys, 0);
            if (g_ptr_array_index (points, 2 * k) != NULL)
              {
                GArray *cx = g_ptr_array_index (points, 2 * k), *cy = g_ptr_array_index (points, 2 * k + 1);

                thin_time ((const double *) cx->data, (const double *) cy->data, 0, cx->len, 1.0, 1.0,
                           FALSE, FALSE, l.x_min, l.x_max, MAX (1, (int) ceil (g->width)), 2, xs, ys);
              }
            else
              curve_points (c, scene->log_x, panel_axis (panel->spec), l.x_min, l.x_max,
                            panel->y_min, panel->y_max, g->width, g->height, xs, ys);
            set_line (c);
            draw_points ((const double *) xs->data, (const double *) ys->data, xs->len);
            geometry->n_points += xs->len;
            if (c->end_label != NULL && *c->end_label != '\0')
              {
                pllsty (1);
                draw_end_label (c, (const double *) xs->data, (const double *) ys->data, xs->len, panel, &l);
              }
          }
      pllsty (1);

      if (scene->n_marks > 0)
        {
          draw_x_marks (scene, panel, p, &l);
          draw_point_marks (scene, panel, p, &l);
        }

      if (scene->selection && scene->selection_panel == p)
        draw_selection (scene, panel);
      if (scene->cursor)
        draw_cursor (scene, panel, p, &l);

      plcol0 (COLOR_FOREGROUND);
      plwidth (AXIS_WIDTH);
      plslabelfunc (label_tick, ticks);
      plbox (axis_options (&ticks[0], last, TRUE), ticks[0].step, 0,
             axis_options (&ticks[1], TRUE, FALSE), ticks[1].step, 0);
      plslabelfunc (NULL, NULL);
      if (last && ticks[0].log)
        draw_log_labels (TRUE, &ticks[0], l.x_min, l.x_max);
      if (ticks[1].log)
        draw_log_labels (FALSE, &ticks[1], panel->y_min, panel->y_max);
      draw_y_label (&l, panel->spec->label != NULL ? panel->spec->label : "");
      if (last)
        plmtex ("b", X_LABEL_DISP, 0.5, 0.5, x_label);
      if (p == 0 && scene->cursor && scene->readouts)
        draw_cursor_label (&l, scene);

      draw_legend (&l, scene, p);
    }
  return TRUE;
}

gboolean
sw_plot_draw (cairo_t *cr, int width, int height, const SwPlotScene *scene, SwPlotGeometry *geometry)
{
  const SwPlotColors *colors;
  SwPlotGeometry scratch;
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
  pl_cmd (PLESC_DEVINIT, cr);
  set_colors (colors);
  ok = draw_page (scene, width, height, geometry);
  cairo_restore (cr);
  cairo_restore (cr);
  return ok;
}
