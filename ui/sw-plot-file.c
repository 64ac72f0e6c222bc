/* sw-plot-file.c: trajectories drawn into PNG, SVG or PDF files with PLplot.
 *
 * Every call opens a PLplot stream of its own (plmkstrm), draws one page
 * through the extcairo driver onto a cairo surface and ends that stream
 * (plend1), then makes the caller's stream current again. cairo writes the
 * file through an SwOutputFile (sw-output-file.h), so that every write is
 * checked (a full disk is an error, not a truncated PNG) and links, devices
 * and permissions are handled as everywhere else. PLplot leaves the process
 * (plexit) on some errors it cannot report, such as a driver it cannot load,
 * so everything it could fail on is checked here first.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-plot-file.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <plplot.h>

#include "sw-error.h"
#include "sw-output-file.h"

#define MIN_SIZE_PX 160
#define MAX_SIZE_PX 16384

typedef enum { FORMAT_PNG, FORMAT_SVG, FORMAT_PDF } FormatKind;

typedef struct {
  const char *extension;
  FormatKind  kind;
} Format;

static const Format formats[] = {
  { ".png", FORMAT_PNG },
  { ".svg", FORMAT_SVG },
  { ".pdf", FORMAT_PDF },
};

/* cmap0: a light style, one readable colour per curve. */
enum {
  COLOR_BACKGROUND,
  COLOR_FOREGROUND,
  COLOR_GRID,
  COLOR_GRID_MINOR,
  COLOR_FIRST_CURVE,
  N_COLORS = COLOR_FIRST_CURVE + SW_PLOT_FILE_MAX_COLUMNS
};

static const guint8 palette[N_COLORS][3] = {
  [COLOR_BACKGROUND] = { 0xff, 0xff, 0xff },
  [COLOR_FOREGROUND] = { 0x24, 0x24, 0x28 },
  [COLOR_GRID]       = { 0xde, 0xdd, 0xda },
  [COLOR_GRID_MINOR] = { 0xee, 0xed, 0xeb },
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
};

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

/* The curves that share a unit and a kind of y axis. */
typedef struct {
  const char *unit;
  gboolean    log;
  guint      *curves;   /* positions in the caller's column list */
  guint       n_curves;
  double      y_min;    /* log10 on a log axis */
  double      y_max;
  Ticks       y_ticks;
} Panel;

/* What is drawn: the x values and each listed column, as log10 on a
 * logarithmic axis (NaN where a value is not positive). */
typedef struct {
  guint          n_rows;
  const double  *x;
  const double **y;     /* one per listed column */
  GPtrArray     *owned;
} Data;

/* Pango's font map, which the cairo driver uses for text, lives as long as
 * the process and holds fontconfig patterns that are never freed; in a build
 * with -Db_sanitize=address, LeakSanitizer would report them at exit in every
 * program that plots. Only memory allocated inside fontconfig is exempt. */
#if defined(__SANITIZE_ADDRESS__)
# define SW_LSAN_HOOK 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define SW_LSAN_HOOK 1
# endif
#endif
#ifdef SW_LSAN_HOOK
const char *__lsan_default_suppressions (void);
const char *
__lsan_default_suppressions (void)
{
  return "leak:libfontconfig.so\n";
}
#endif

static const Format *
format_for_path (const char *path)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (g_str_has_suffix (lower, formats[i].extension))
      return &formats[i];
  return NULL;
}

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

/* Without the driver, plinit() asks on stdin for another device and finally
 * leaves the process. */
static gboolean
device_available (const char *device)
{
  const char *menus[256] = { NULL };
  const char *names[256] = { NULL };
  const char **menus_p = menus, **names_p = names;
  int n = G_N_ELEMENTS (names);

  plgDevs (&menus_p, &names_p, &n);
  for (int i = 0; i < n && names[i] != NULL; i++)
    if (strcmp (names[i], device) == 0)
      return TRUE;
  return FALSE;
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

/* Minimum and maximum of the plottable values; FALSE when there is none. */
static gboolean
finite_range (const double *values, guint n, double *min, double *max)
{
  gboolean found = FALSE;

  for (guint i = 0; i < n; i++)
    {
      if (!plottable (values[i]))
        continue;
      if (!found)
        {
          *min = *max = values[i];
          found = TRUE;
        }
      else
        {
          *min = MIN (*min, values[i]);
          *max = MAX (*max, values[i]);
        }
    }
  return found;
}

/* Widens [min, max] so that PLplot can draw ticks on it: no data gives
 * [-1, 1], a constant gets room around it, anything else 5 % each side. */
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
  if (span <= 1e-9 * scale || span < 1e-200)
    {
      double pad = scale > 1e-200 ? 0.1 * scale : 1.0;
      *min -= pad;
      *max += pad;
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

/* log10 of the positive values, NaN for the others. */
static double *
log10_copy (const double *values, guint n)
{
  double *logs = g_new (double, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    logs[i] = values[i] > 0.0 && plottable (values[i]) ? log10 (values[i]) : NAN;
  return logs;
}

static gboolean
column_is_log (const SwPlotFileStyle *style, guint i)
{
  return i < 32 && (style->log_y_columns & (1u << i)) != 0;
}

static void
data_init (Data *data, const SwTrajectory *trajectory, const guint *columns, guint n_columns,
           const SwPlotFileStyle *style)
{
  data->n_rows = sw_trajectory_get_n_rows (trajectory);
  data->owned = g_ptr_array_new_with_free_func (g_free);
  data->x = sw_trajectory_get_times (trajectory);
  if (style->log_x)
    {
      data->x = log10_copy (data->x, data->n_rows);
      g_ptr_array_add (data->owned, (gpointer) data->x);
    }
  data->y = g_new (const double *, n_columns);
  for (guint i = 0; i < n_columns; i++)
    {
      data->y[i] = sw_trajectory_get_column (trajectory, columns[i]);
      if (column_is_log (style, i))
        {
          data->y[i] = log10_copy (data->y[i], data->n_rows);
          g_ptr_array_add (data->owned, (gpointer) data->y[i]);
        }
    }
}

static void
data_clear (Data *data)
{
  g_ptr_array_unref (data->owned);
  g_free (data->y);
}

/* Groups curves by unit and kind of y axis, in the order in which they first
 * appear. */
static GArray *
make_panels (const SwTrajectory *trajectory, const guint *columns, guint n_columns,
             const SwPlotFileStyle *style, const Data *data)
{
  GArray *panels = g_array_new (FALSE, TRUE, sizeof (Panel));

  for (guint i = 0; i < n_columns; i++)
    {
      const char *unit = sw_trajectory_get_column_unit (trajectory, columns[i]);
      gboolean log = column_is_log (style, i);
      Panel *panel = NULL;
      gboolean found = FALSE;
      double min = 0.0, max = 0.0;

      if (unit == NULL)
        unit = "";
      for (guint p = 0; p < panels->len && panel == NULL; p++)
        {
          Panel *candidate = &g_array_index (panels, Panel, p);
          if (strcmp (candidate->unit, unit) == 0 && candidate->log == log)
            panel = candidate;
        }
      if (panel == NULL)
        {
          Panel empty = { .unit = unit, .log = log, .curves = g_new0 (guint, n_columns),
                          .y_min = NAN, .y_max = NAN };
          g_array_append_val (panels, empty);
          panel = &g_array_index (panels, Panel, panels->len - 1);
        }
      panel->curves[panel->n_curves++] = i;

      /* Only values at a drawable x are drawn. */
      for (guint r = 0; r < data->n_rows; r++)
        {
          double value = data->y[i][r];

          if (!plottable (data->x[r]) || !plottable (value))
            continue;
          min = found ? MIN (min, value) : value;
          max = found ? MAX (max, value) : value;
          found = TRUE;
        }
      if (found)
        {
          panel->y_min = isnan (panel->y_min) ? min : MIN (panel->y_min, min);
          panel->y_max = isnan (panel->y_max) ? max : MAX (panel->y_max, max);
        }
    }
  for (guint p = 0; p < panels->len; p++)
    {
      Panel *panel = &g_array_index (panels, Panel, p);
      if (panel->log)
        pad_log_range (!isnan (panel->y_min), &panel->y_min, &panel->y_max);
      else
        pad_range (!isnan (panel->y_min), &panel->y_min, &panel->y_max);
    }
  return panels;
}

static void
free_panels (GArray *panels)
{
  for (guint p = 0; p < panels->len; p++)
    g_free (g_array_index (panels, Panel, p).curves);
  g_array_unref (panels);
}

/* Draws runs of finite points as lines, a lone finite point as a dot. */
static void
draw_curve (const double *x, const double *y, guint n_rows)
{
  guint start = 0;

  while (start < n_rows)
    {
      guint end;

      while (start < n_rows && !(plottable (x[start]) && plottable (y[start])))
        start++;
      end = start;
      while (end < n_rows && plottable (x[end]) && plottable (y[end]))
        end++;
      if (end - start >= 2)
        plline ((PLINT) (end - start), x + start, y + start);
      else if (end - start == 1)
        plpoin (1, x + start, y + start, 17);
      start = end;
    }
}

static void
draw_legend (const SwTrajectory *trajectory, const guint *columns, const Panel *panel,
             double text_scale, double char_height, double panel_width, double panel_height)
{
  g_autofree PLINT *opts = g_new (PLINT, panel->n_curves);
  g_autofree PLINT *text_colors = g_new (PLINT, panel->n_curves);
  g_autofree PLINT *line_colors = g_new (PLINT, panel->n_curves);
  g_autofree PLINT *line_styles = g_new (PLINT, panel->n_curves);
  g_autofree PLFLT *line_widths = g_new (PLFLT, panel->n_curves);
  g_autofree char **texts = g_new0 (char *, panel->n_curves + 1);
  PLFLT width = 0.0, height = 0.0;
  double line_length = LEGEND_LINE * char_height / panel_width;
  double x_offset = LEGEND_GAP * char_height / panel_width;

  for (guint k = 0; k < panel->n_curves; k++)
    {
      guint i = panel->curves[k];

      opts[k] = PL_LEGEND_LINE;
      text_colors[k] = COLOR_FOREGROUND;
      line_colors[k] = COLOR_FIRST_CURVE + (PLINT) i;
      line_styles[k] = 1;
      line_widths[k] = CURVE_WIDTH;
      texts[k] = escape_text (sw_trajectory_get_column_name (trajectory, columns[i]));
    }

  /* Outside, right of the top corner: PLplot puts the legend's bottom at the
   * panel's top there, so it is moved down by its own height. */
  pllegend (&width, &height, PL_LEGEND_BACKGROUND,
            PL_POSITION_RIGHT | PL_POSITION_TOP | PL_POSITION_OUTSIDE,
            x_offset, -(double) panel->n_curves * LEGEND_SPACING * char_height / panel_height,
            line_length, COLOR_BACKGROUND, COLOR_FOREGROUND, 1,
            0, 0, (PLINT) panel->n_curves, opts,
            LEGEND_TEXT_OFFSET, text_scale, LEGEND_SPACING, 0.0, text_colors, (const char * const *) texts,
            NULL, NULL, NULL, NULL,
            line_colors, line_styles, line_widths,
            NULL, NULL, NULL, NULL);

  for (guint k = 0; k < panel->n_curves; k++)
    g_free (texts[k]);
}

/* Page geometry in millimetres. */
typedef struct {
  double scale;       /* of PLplot's default character height */
  double char_height;
  double page_w, page_h;
  double top, bottom, left, right, gap;
  double panel_w, panel_h;
  double unit_disp;   /* of the unit label, in character heights */
  double x_min, x_max; /* log10 on a log axis */
  Ticks  x_ticks;
} Layout;

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

/* Lays out the panels for the current character height and chooses their
 * ticks. FALSE when they do not fit; need_w and need_h then say how large the
 * page would have to be. */
static gboolean
compute_layout (Layout *l, GArray *panels, gsize longest_name, gboolean has_title,
                gboolean log_x, double *need_w, double *need_h)
{
  PLFLT x_min, x_max, y_min, y_max, default_height, char_height;
  double ch, legend_w;
  guint n_panels = panels->len, y_chars = 1;
  int max_labels;

  plgspa (&x_min, &x_max, &y_min, &y_max);
  plgchr (&default_height, &char_height);
  ch = l->char_height = char_height;
  l->page_w = x_max - x_min;
  l->page_h = y_max - y_min;

  l->top = (has_title ? MARGIN_TOP_TITLE : MARGIN_TOP) * ch;
  l->bottom = MARGIN_BOTTOM * ch;
  l->gap = PANEL_GAP * ch;
  l->panel_h = (l->page_h - l->top - l->bottom - l->gap * (n_panels - 1)) / n_panels;

  /* The y tick labels decide the left margin. */
  max_labels = CLAMP ((int) (l->panel_h / (Y_LABEL_SPACING * ch)), 2, 8);
  for (guint p = 0; p < n_panels; p++)
    {
      Panel *panel = &g_array_index (panels, Panel, p);
      if (panel->log)
        panel->y_ticks = log_ticks (panel->y_min, panel->y_max,
                                    MAX (l->panel_h, 0.0) / (panel->y_max - panel->y_min),
                                    Y_LABEL_SPACING * ch, ch);
      else
        panel->y_ticks = ticks_for_range (panel->y_min, panel->y_max, max_labels,
                                          strcmp (panel->unit, "deg") == 0);
      y_chars = MAX (y_chars, widest_tick (&panel->y_ticks, panel->y_min, panel->y_max));
    }
  l->unit_disp = Y_LABEL_DISP + DIGIT_WIDTH * y_chars + UNIT_LABEL_GAP;
  l->left = (l->unit_disp + MARGIN_LEFT) * ch;

  legend_w = (LEGEND_GAP + 0.8 + LEGEND_LINE + LEGEND_TEXT_OFFSET) * ch +
             CHAR_WIDTH * (double) longest_name * ch;
  l->right = MARGIN_RIGHT * ch + legend_w;
  l->panel_w = l->page_w - l->left - l->right;
  choose_x_ticks (l, log_x);

  *need_w = l->left + l->right + PANEL_MIN_WIDTH * ch;
  *need_h = l->top + l->bottom + l->gap * (n_panels - 1) + PANEL_MIN_HEIGHT * ch * n_panels;
  return l->panel_w >= PANEL_MIN_WIDTH * ch && l->panel_h >= PANEL_MIN_HEIGHT * ch;
}

/* Centred over the panels, or over the page when it is wider than they are;
 * smaller when it is wider than the page. */
static void
draw_title (const Layout *l, const char *title, double y_top)
{
  g_autofree char *escaped = escape_text (title);
  double scale = TITLE_SCALE;
  double width = CHAR_WIDTH * text_length (title) * l->char_height;

  if (width * scale > l->page_w - 2.0 * l->char_height)
    scale = MAX (0.5, (l->page_w - 2.0 * l->char_height) / width);
  if (width * scale > l->panel_w)
    plvpor (0.0, 1.0, (y_top - l->panel_h) / l->page_h, y_top / l->page_h);
  plschr (0.0, scale * l->scale);
  plmtex ("t", 1.2, 0.5, 0.5, escaped);
  plschr (0.0, l->scale);
  plvpor (l->left / l->page_w, (l->left + l->panel_w) / l->page_w,
          (y_top - l->panel_h) / l->page_h, y_top / l->page_h);
}

/* Draws one page into the open stream, with smaller text on a small page.
 * FALSE with error when even the smallest text does not fit. */

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

/* Draws one page into the open stream, with smaller text on a small page.
 * FALSE with error when even the smallest text does not fit. */
static gboolean
draw_page (const SwTrajectory *trajectory, const guint *columns, guint n_columns,
           const char *title, const SwPlotFileStyle *style, const Data *data, GArray *panels,
           int width_px, int height_px, const char *path, GError **error)
{
  static const double scales[] = { 1.0, 0.85, 0.7 };
  gboolean has_title = title != NULL && *title != '\0';
  double need_w = 0.0, need_h = 0.0, base_height;
  PLFLT x_min, x_max, y_min, y_max;
  gsize longest = 1;
  gboolean found, fits = FALSE;
  g_autofree char *x_label = sw_plot_file_dup_x_label (sw_trajectory_get_x_name (trajectory),
                                                       sw_trajectory_get_x_unit (trajectory));
  g_autofree char *x_label_escaped = escape_text (x_label);
  Layout l = { 0 };

  for (guint i = 0; i < n_columns; i++)
    longest = MAX (longest, text_length (sw_trajectory_get_column_name (trajectory, columns[i])));
  found = finite_range (data->x, data->n_rows, &l.x_min, &l.x_max);
  if (style->log_x && (!found || l.x_max - l.x_min < 1.0))
    pad_log_range (found, &l.x_min, &l.x_max);
  else if (!found || l.x_max <= l.x_min)
    pad_range (found, &l.x_min, &l.x_max);

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
      fits = compute_layout (&l, panels, longest, has_title, style->log_x, &need_w, &need_h);
    }
  if (!fits)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("Cannot plot to “%s”: %u panels and the legend need at least %d × %d, "
                     "not %d × %d; make the plot larger, or choose fewer units or columns with shorter names"),
                   path, panels->len,
                   MAX (width_px, (int) ceil (need_w / l.page_w * width_px)),
                   MAX (height_px, (int) ceil (need_h / l.page_h * height_px)),
                   width_px, height_px);
      return FALSE;
    }

  for (guint p = 0; p < panels->len; p++)
    {
      const Panel *panel = &g_array_index (panels, Panel, p);
      gboolean last = p + 1 == panels->len;
      double y_top = l.page_h - l.top - p * (l.panel_h + l.gap);
      g_autofree char *unit = escape_text (panel->unit);
      g_autofree char *unit_label = g_strdup_printf ("[%s]", *unit != '\0' ? unit : "1");
      Ticks ticks[2] = { l.x_ticks, panel->y_ticks };

      plvpor (l.left / l.page_w, (l.left + l.panel_w) / l.page_w,
              (y_top - l.panel_h) / l.page_h, y_top / l.page_h);
      plwind (l.x_min, l.x_max, panel->y_min, panel->y_max);

      plwidth (GRID_WIDTH);
      if (ticks[0].log)
        draw_log_grid (TRUE, &ticks[0], l.x_min, l.x_max, panel->y_min, panel->y_max);
      if (ticks[1].log)
        draw_log_grid (FALSE, &ticks[1], panel->y_min, panel->y_max, l.x_min, l.x_max);
      plcol0 (COLOR_GRID);
      plbox (ticks[0].log ? "" : "g", ticks[0].step, 0, ticks[1].log ? "" : "g", ticks[1].step, 0);

      plwidth (CURVE_WIDTH);
      for (guint k = 0; k < panel->n_curves; k++)
        {
          guint i = panel->curves[k];
          plcol0 (COLOR_FIRST_CURVE + (PLINT) i);
          draw_curve (data->x, data->y[i], data->n_rows);
        }

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
      plmtex ("l", l.unit_disp, 0.5, 0.5, unit_label);
      if (last)
        plmtex ("b", X_LABEL_DISP, 0.5, 0.5, x_label_escaped);
      if (p == 0 && has_title)
        draw_title (&l, title, y_top);

      draw_legend (trajectory, columns, panel, l.scale, l.char_height, l.panel_w, l.panel_h);
    }
  return TRUE;
}

/* cairo's write callback: into the output file, whose first failure (the
 * one with the system's reason) is kept for the commit to report. */
static cairo_status_t
write_to_output (void *closure, const unsigned char *data, unsigned int length)
{
  return sw_output_file_write (closure, data, length, NULL) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

/* Opens a private stream drawing through PLplot's extcairo driver onto a
 * cairo surface that writes into output (PNG: once drawn), draws, ends the
 * stream and makes the caller's stream current again. PLplot itself opens no
 * file, so every byte goes through output and every failure is seen. */
static gboolean
plot (const SwTrajectory *trajectory, const guint *columns, guint n_columns,
      const char *title, const SwPlotFileStyle *style, const Format *format, SwOutputFile *output,
      const char *path, int width_px, int height_px, GError **error)
{
  PLINT previous = 0, stream = -1;
  PLINT r[N_COLORS], g[N_COLORS], b[N_COLORS];
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  GArray *panels;
  Data data;
  gboolean ok;

  switch (format->kind)
    {
    case FORMAT_SVG:
      surface = cairo_svg_surface_create_for_stream (write_to_output, output, width_px, height_px);
      break;
    case FORMAT_PDF:
      surface = cairo_pdf_surface_create_for_stream (write_to_output, output, width_px, height_px);
      break;
    case FORMAT_PNG:
    default:
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width_px, height_px);
      break;
    }
  cr = cairo_create (surface);
  if (cairo_status (cr) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_IO, _("Cannot plot to “%s”: %s"), path,
                   cairo_status_to_string (cairo_status (cr)));
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      return FALSE;
    }
  /* The background (extcairo paints none). */
  cairo_set_source_rgb (cr, palette[COLOR_BACKGROUND][0] / 255.0, palette[COLOR_BACKGROUND][1] / 255.0,
                        palette[COLOR_BACKGROUND][2] / 255.0);
  cairo_paint (cr);

  plgstrm (&previous);
  plmkstrm (&stream);
  if (stream < 0)
    {
      plsstrm (previous);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      g_set_error (error, SW_ERROR, SW_ERROR_IO,
                   _("Cannot plot to “%s”: PLplot has no free stream"), path);
      return FALSE;
    }

  for (guint i = 0; i < N_COLORS; i++)
    {
      r[i] = palette[i][0];
      g[i] = palette[i][1];
      b[i] = palette[i][2];
    }
  plsdev ("extcairo");
  plspage (0.0, 0.0, width_px, height_px, 0, 0);
  plscmap0 (r, g, b, N_COLORS);
  plinit ();
  pl_cmd (PLESC_DEVINIT, cr);

  data_init (&data, trajectory, columns, n_columns, style);
  panels = make_panels (trajectory, columns, n_columns, style, &data);
  ok = draw_page (trajectory, columns, n_columns, title, style, &data, panels,
                  width_px, height_px, path, error);
  free_panels (panels);
  data_clear (&data);

  plend1 ();
  plsstrm (previous);

  cairo_destroy (cr);
  if (format->kind == FORMAT_PNG)
    status = ok ? cairo_surface_write_to_png_stream (surface, write_to_output, output) : CAIRO_STATUS_SUCCESS;
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  if (ok && status != CAIRO_STATUS_SUCCESS)
    {
      /* A write error is the output's to report, with its reason. */
      if (status != CAIRO_STATUS_WRITE_ERROR || sw_output_file_write (output, "", 0, error))
        g_set_error (error, SW_ERROR, SW_ERROR_IO, _("Cannot write “%s”: %s"), path,
                     cairo_status_to_string (status));
      ok = FALSE;
    }
  return ok;
}

static gboolean
check_arguments (const SwTrajectory *trajectory, const guint *columns, guint n_columns,
                 const char *path, int width_px, int height_px, GError **error)
{
  guint n_available = sw_trajectory_get_n_columns (trajectory);

  if (n_columns == 0 || n_columns > SW_PLOT_FILE_MAX_COLUMNS)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("Cannot plot to “%s”: %u columns chosen; choose between 1 and %d"),
                   path, n_columns, SW_PLOT_FILE_MAX_COLUMNS);
      return FALSE;
    }
  for (guint i = 0; i < n_columns; i++)
    if (columns[i] >= n_available)
      {
        g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                     _("Cannot plot to “%s”: there is no column %u; the trajectory has columns 0 to %u"),
                     path, columns[i], n_available == 0 ? 0 : n_available - 1);
        return FALSE;
      }
  if (sw_trajectory_get_n_rows (trajectory) == 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("Cannot plot to “%s”: the trajectory has no rows"), path);
      return FALSE;
    }
  if (width_px < MIN_SIZE_PX || width_px > MAX_SIZE_PX ||
      height_px < MIN_SIZE_PX || height_px > MAX_SIZE_PX)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("Cannot plot to “%s”: a size of %d × %d; width and height must be between %d and %d"),
                   path, width_px, height_px, MIN_SIZE_PX, MAX_SIZE_PX);
      return FALSE;
    }
  return TRUE;
}

char *
sw_plot_file_dup_x_label (const char *name, const char *unit)
{
  g_autofree char *suffix = NULL;
  GString *label;

  g_return_val_if_fail (name != NULL, NULL);

  if (unit == NULL)
    unit = "";
  if (strcmp (name, "time") == 0 && strcmp (unit, "s") == 0)
    return g_strdup (_("time [s]"));

  label = g_string_new (name);
  suffix = g_strconcat ("_", unit, NULL);
  if (*unit != '\0' && label->len > strlen (suffix) &&
      g_ascii_strcasecmp (label->str + label->len - strlen (suffix), suffix) == 0)
    g_string_truncate (label, label->len - strlen (suffix));
  g_strdelimit (label->str, "_", ' ');
  if (*unit != '\0')
    g_string_append_printf (label, " [%s]", unit);
  return g_string_free (label, FALSE);
}

gboolean
sw_plot_file_write (const SwTrajectory *trajectory, const guint *columns, guint n_columns,
                    const char *title, const char *path, int width_px, int height_px,
                    GError **error)
{
  return sw_plot_file_write_styled (trajectory, columns, n_columns, title, NULL, path,
                                    width_px, height_px, error);
}

/* What every entry point checks before drawing; the format, or NULL. */
static const Format *
check_plot (const SwTrajectory *trajectory, const guint *columns, guint n_columns,
            const char *path, int width_px, int height_px, GError **error)
{
  const Format *format = format_for_path (path);

  if (format == NULL)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("Cannot plot to “%s”: unknown file type; the name must end in .png, .svg or .pdf"),
                   path);
      return NULL;
    }
  if (!check_arguments (trajectory, columns, n_columns, path, width_px, height_px, error))
    return NULL;
  if (!device_available ("extcairo"))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_IO,
                   _("Cannot plot to “%s”: the PLplot driver “%s” is not installed (package plplot-driver-cairo)"),
                   path, "extcairo");
      return NULL;
    }
  return format;
}

gboolean
sw_plot_file_write_to_output (const SwTrajectory *trajectory, const guint *columns, guint n_columns,
                              const char *title, const SwPlotFileStyle *style, SwOutputFile *output,
                              int width_px, int height_px, GError **error)
{
  static const SwPlotFileStyle linear = { FALSE, 0 };
  const char *path;
  const Format *format;

  g_return_val_if_fail (trajectory != NULL, FALSE);
  g_return_val_if_fail (columns != NULL || n_columns == 0, FALSE);
  g_return_val_if_fail (output != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  path = sw_output_file_get_path (output);
  if (!(format = check_plot (trajectory, columns, n_columns, path, width_px, height_px, error)))
    return FALSE;
  return plot (trajectory, columns, n_columns, title, style != NULL ? style : &linear, format, output,
               path, width_px, height_px, error);
}

gboolean
sw_plot_file_write_styled (const SwTrajectory *trajectory, const guint *columns, guint n_columns,
                           const char *title, const SwPlotFileStyle *style, const char *path,
                           int width_px, int height_px, GError **error)
{
  g_autoptr (SwOutputFile) output = NULL;

  g_return_val_if_fail (trajectory != NULL, FALSE);
  g_return_val_if_fail (columns != NULL || n_columns == 0, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Everything that does not need the file first: a bad call creates nothing. */
  if (!check_plot (trajectory, columns, n_columns, path, width_px, height_px, error))
    return FALSE;
  if (!(output = sw_output_file_open (path, NULL, SW_OUTPUT_FILE_DEFAULT, error))
      || !sw_plot_file_write_to_output (trajectory, columns, n_columns, title, style, output,
                                        width_px, height_px, error))
    return FALSE;
  return sw_output_file_commit (g_steal_pointer (&output), error);
}
