/* sw-plot-draw-axes.c: the axes of a plot: ranges widened so that PLplot
 * can draw ticks on them, the ticks chosen and their labels written here
 * (linear, logarithmic, degrees), logarithmic grids and labels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-plot-draw-private.h"

#include <math.h>
#include <string.h>
#include <plplot.h>

/* Below this span (relative to the values' magnitude, plus a floor) data
 * count as constant: an axis from −90.00002° to −90° would only show
 * rounding noise (a phase that is −90° in exact arithmetic). */
#define MIN_SPAN_RELATIVE 1e-6
#define MIN_SPAN_ABSOLUTE 1e-12

/* Widens [min, max] so that PLplot can draw ticks on it: no data gives
 * [-1, 1], a constant (or what varies by less than the spans above) gets
 * room around its middle, anything else 5 % each side. */
void
_sw_plot_pad_range (gboolean found, double *min, double *max)
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
void
_sw_plot_pad_log_range (gboolean found, double *min, double *max)
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

Ticks
_sw_plot_ticks_for_range (double min, double max, int max_labels, gboolean degrees)
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
Ticks
_sw_plot_log_ticks (double min, double max, double decade_mm, double spacing_mm, double char_height)
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
guint
_sw_plot_widest_tick (const Ticks *ticks, double min, double max)
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
void
_sw_plot_label_tick (PLINT axis, PLFLT value, char *label, PLINT length, PLPointer data)
{
  const Ticks *ticks = data;

  format_tick (axis == PL_X_AXIS ? &ticks[0] : &ticks[1], value, label, (gsize) length);
}


/* Grid lines of a logarithmic axis from min to max (log10): darker at powers
 * of ten. x_axis says which axis; other_min and other_max span the other. */
void
_sw_plot_draw_log_grid (gboolean x_axis, const Ticks *ticks, double min, double max,
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

void
_sw_plot_draw_log_labels (gboolean x_axis, const Ticks *ticks, double min, double max)
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
const char *
_sw_plot_axis_options (const Ticks *ticks, gboolean numbers, gboolean x_axis)
{
  /* "l" puts a tick at every decade and 2 … 9 in between with "s"; without
   * it, ticks go every step decades. */
  if (ticks->log)
    return ticks->subticks ? "bcstl" : "bct";
  if (!numbers)
    return "bcst";
  return x_axis ? "bcnsto" : "bcnstvo";
}
