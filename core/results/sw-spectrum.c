/* sw-spectrum.c: amplitude spectra over frequency and over a shaft's
 * orders (GSL's mixed-radix real FFT), uniform resampling, and the
 * statistics of a signal over a range. No GTK.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-spectrum.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_fft_real.h>

#include "sw-error.h"

#define MIN_SAMPLES 256u
#define MAX_SAMPLES (1u << 20)

guint
sw_spectrum_sample_count (guint rows)
{
  guint n = MIN_SAMPLES;

  while (n < MAX_SAMPLES && n < 2 * (guint64) rows)
    n *= 2;
  return n;
}

/* ---- Resampling ---------------------------------------------------------- */

void
sw_spectrum_resample (const double *x, const double *y, guint n, double x0, double step,
                      guint n_out, double *out)
{
  guint i = 0;

  g_return_if_fail (x != NULL && y != NULL && n > 0);
  g_return_if_fail (out != NULL || n_out == 0);

  for (guint k = 0; k < n_out; k++)
    {
      double xv = x0 + k * step;

      /* x[i] <= xv < x[i + 1], the later of equal rows. */
      while (i + 1 < n && x[i + 1] <= xv)
        i++;
      if (xv < x[0])
        out[k] = y[0];
      else if (i + 1 >= n)
        out[k] = y[n - 1];
      else
        {
          double h = x[i + 1] - x[i];
          double f = h > 0.0 ? (xv - x[i]) / h : 1.0;
          out[k] = y[i] + f * (y[i + 1] - y[i]);
        }
    }
}

/* ---- Windows ------------------------------------------------------------- */

/* Periodic windows (z = 2 pi j / n): the cosine sums of the Hann window and
 * of the flat-top HFT95 (G. Heinzel, A. Rüdiger, R. Schilling, "Spectrum
 * and spectral density estimation by the DFT", 2002: 0.0044 dB flatness). */
static double
window_value (SwSpectrumWindow window, guint j, guint n)
{
  double z = 2.0 * G_PI * j / n;

  switch (window)
    {
    case SW_SPECTRUM_WINDOW_HANN:
      return 0.5 - 0.5 * cos (z);
    case SW_SPECTRUM_WINDOW_FLAT_TOP:
      return 1.0 - 1.9383379 * cos (z) + 1.3045202 * cos (2.0 * z) - 0.4028270 * cos (3.0 * z) +
             0.0350665 * cos (4.0 * z);
    case SW_SPECTRUM_WINDOW_RECTANGULAR:
    default:
      return 1.0;
    }
}

const char *
sw_spectrum_window_label (SwSpectrumWindow window)
{
  switch (window)
    {
    case SW_SPECTRUM_WINDOW_HANN:
      return _("Hann");
    case SW_SPECTRUM_WINDOW_FLAT_TOP:
      return _("Flat top");
    case SW_SPECTRUM_WINDOW_RECTANGULAR:
    default:
      return _("Rectangular");
    }
}

/* ---- Spectrum ------------------------------------------------------------ */

gboolean
sw_spectrum_amplitude (const double *samples, guint n, SwSpectrumWindow window, double *amplitude,
                       GError **error)
{
  g_autofree double *data = NULL;
  gsl_fft_real_wavetable *wavetable;
  gsl_fft_real_workspace *workspace;
  double gain = 0.0, mean = 0.0;
  int status;

  g_return_val_if_fail (samples != NULL && amplitude != NULL, FALSE);
  g_return_val_if_fail (n >= 4, FALSE);
  g_return_val_if_fail (window <= SW_SPECTRUM_WINDOW_FLAT_TOP, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = g_new (double, n);
  for (guint j = 0; j < n; j++)
    {
      double w = window_value (window, j, n);

      if (!isfinite (samples[j]))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_NOT_FINITE,
                       _("Cannot compute a spectrum: sample %u of %u is not a finite number"), j + 1, n);
          return FALSE;
        }
      data[j] = w;
      gain += w;
      mean += w * samples[j];
    }
  /* The mean as the window sees it, taken out before the transform: a
   * constant would otherwise leak into the window's main lobe (as far as
   * five bins for the flat top) and show as a low frequency. */
  mean /= gain;
  for (guint j = 0; j < n; j++)
    data[j] *= samples[j] - mean;

  wavetable = gsl_fft_real_wavetable_alloc (n);
  workspace = gsl_fft_real_workspace_alloc (n);
  if (wavetable == NULL || workspace == NULL)
    status = GSL_ENOMEM;
  else
    status = gsl_fft_real_transform (data, 1, n, wavetable, workspace);
  if (wavetable != NULL)
    gsl_fft_real_wavetable_free (wavetable);
  if (workspace != NULL)
    gsl_fft_real_workspace_free (workspace);
  if (status != GSL_SUCCESS)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("Cannot compute a spectrum of %u samples: %s"), n,
                   gsl_strerror (status));
      return FALSE;
    }

  /* GSL's half-complex order: data[0] = X0, then (Re, Im) of X1 … and, for
   * an even n, X(n/2) real in data[n - 1]. */
  amplitude[0] = fabs (mean);
  for (guint k = 1; k < (n + 1) / 2; k++)
    amplitude[k] = 2.0 * hypot (data[2 * k - 1], data[2 * k]) / gain;
  if (n % 2 == 0)
    amplitude[n / 2] = fabs (data[n - 1]) / gain;
  return TRUE;
}

/* ---- Trajectories -------------------------------------------------------- */

/* The rows of trajectory with first <= row < end that lie in [t0, t1],
 * widened by one row on each side where there is one. */
static gboolean
rows_in_range (const SwTrajectory *trajectory, double t0, double t1, guint *first, guint *end,
               GError **error)
{
  const double *t = sw_trajectory_get_times (trajectory);
  guint n = sw_trajectory_get_n_rows (trajectory);
  guint a = 0, b;

  if (!(t1 > t0) || n < 4 || t1 <= t[0] || t0 >= t[n - 1])
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("Cannot compute a spectrum between %g s and %g s: the run has no results there"), t0, t1);
      return FALSE;
    }
  while (a + 1 < n && t[a + 1] <= t0)
    a++;
  b = a;
  while (b < n && t[b] < t1)
    b++;
  b = MIN (b + 1, n);
  if (b - a < 4)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("Cannot compute a spectrum between %g s and %g s: the run has only %u results there; "
                     "zoom out or give the run a smaller output interval"), t0, t1, b - a);
      return FALSE;
    }
  *first = a;
  *end = b;
  return TRUE;
}

static SwTrajectory *
new_result (const SwTrajectory *trajectory, const guint *columns, guint n_columns, guint n_bins,
            const char *x_name, const char *x_unit)
{
  GStrv names = g_new0 (char *, n_columns + 1);  /* the trajectory takes them */
  GStrv units = g_new0 (char *, n_columns + 1);
  const char *unit;
  SwTrajectory *result;

  for (guint c = 0; c < n_columns; c++)
    {
      names[c] = g_strdup (sw_trajectory_get_column_name (trajectory, columns[c]));
      unit = sw_trajectory_get_column_unit (trajectory, columns[c]);
      units[c] = g_strdup (unit != NULL ? unit : "");
    }
  result = sw_trajectory_new_sized (names, units, n_bins);
  sw_trajectory_set_x_axis (result, x_name, x_unit);
  return result;
}

/* Resamples columns at the n uniform points of x (x_of_row: the rows'
 * positions, nondecreasing) from x0 by step, and makes their spectra. */
static SwTrajectory *
spectra (const SwTrajectory *trajectory, const guint *columns, guint n_columns, const double *x_of_row,
         guint first, guint end, double x0, double step, guint n, SwSpectrumWindow window,
         const char *x_name, const char *x_unit, GError **error)
{
  guint n_bins = n / 2 + 1;
  g_autofree double *samples = g_new (double, n);
  g_autofree double *amplitude = g_new (double, (gsize) n_bins * MAX (n_columns, 1));
  g_autofree double *row = g_new (double, MAX (n_columns, 1));
  SwTrajectory *result;

  for (guint c = 0; c < n_columns; c++)
    {
      const double *y = sw_trajectory_get_column (trajectory, columns[c]);
      g_autoptr(GError) local = NULL;

      sw_spectrum_resample (x_of_row + first, y + first, end - first, x0, step, n, samples);
      if (!sw_spectrum_amplitude (samples, n, window, amplitude + (gsize) c * n_bins, &local))
        {
          g_set_error (error, SW_ERROR, local->code, _("“%s”: %s"),
                       sw_trajectory_get_column_name (trajectory, columns[c]), local->message);
          return NULL;
        }
    }
  result = new_result (trajectory, columns, n_columns, n_bins, x_name, x_unit);
  for (guint k = 0; k < n_bins; k++)
    {
      for (guint c = 0; c < n_columns; c++)
        row[c] = amplitude[(gsize) c * n_bins + k];
      sw_trajectory_append_row (result, k / (n * step), row);
    }
  return result;
}

static gboolean
check_columns (const SwTrajectory *trajectory, const guint *columns, guint n_columns)
{
  for (guint c = 0; c < n_columns; c++)
    if (columns[c] >= sw_trajectory_get_n_columns (trajectory))
      return FALSE;
  return TRUE;
}

SwTrajectory *
sw_spectrum_new_frequency (const SwTrajectory *trajectory, const guint *columns, guint n_columns,
                           double t0, double t1, SwSpectrumWindow window, GError **error)
{
  const double *t;
  guint first, end, n;

  g_return_val_if_fail (trajectory != NULL, NULL);
  g_return_val_if_fail (columns != NULL || n_columns == 0, NULL);
  g_return_val_if_fail (check_columns (trajectory, columns, n_columns), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!rows_in_range (trajectory, t0, t1, &first, &end, error))
    return NULL;
  t = sw_trajectory_get_times (trajectory);
  t0 = MAX (t0, t[0]);
  t1 = MIN (t1, t[sw_trajectory_get_n_rows (trajectory) - 1]);
  n = sw_spectrum_sample_count (end - first);
  return spectra (trajectory, columns, n_columns, t, first, end, t0, (t1 - t0) / n, n, window,
                  _("frequency"), "Hz", error);
}

SwTrajectory *
sw_spectrum_new_order (const SwTrajectory *trajectory, const guint *columns, guint n_columns,
                       guint shaft_column, double t0, double t1, SwSpectrumWindow window, GError **error)
{
  const char *unit, *name;
  const double *t, *shaft;
  g_autofree double *angle = NULL;
  gboolean speed;
  double sign, a0, a1, revolutions, back = 0.0, top, speed_factor;
  guint first, end, n, rows;

  g_return_val_if_fail (trajectory != NULL, NULL);
  g_return_val_if_fail (columns != NULL || n_columns == 0, NULL);
  g_return_val_if_fail (check_columns (trajectory, columns, n_columns), NULL);
  g_return_val_if_fail (shaft_column < sw_trajectory_get_n_columns (trajectory), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  name = sw_trajectory_get_column_name (trajectory, shaft_column);
  unit = sw_trajectory_get_column_unit (trajectory, shaft_column);
  speed_factor = g_strcmp0 (unit, "rad/s") == 0 ? 1.0 : g_strcmp0 (unit, "rpm") == 0 ? G_PI / 30.0 : 0.0;
  speed = speed_factor > 0.0;
  if (!speed && g_strcmp0 (unit, "rad") != 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("Cannot compute an order spectrum against “%s” [%s]: the shaft needs an angle [rad] or "
                     "a speed [rad/s, rpm]"), name, unit != NULL ? unit : "");
      return NULL;
    }
  if (!rows_in_range (trajectory, t0, t1, &first, &end, error))
    return NULL;

  /* The shaft's angle at every row (a speed integrated by trapezoids). */
  rows = sw_trajectory_get_n_rows (trajectory);
  t = sw_trajectory_get_times (trajectory);
  shaft = sw_trajectory_get_column (trajectory, shaft_column);
  angle = g_new (double, rows);
  for (guint r = 0; r < rows; r++)
    angle[r] = !speed ? shaft[r] : r == 0 ? 0.0 : angle[r - 1] + 0.5 * speed_factor * (t[r] - t[r - 1]) * (shaft[r] + shaft[r - 1]);
  t0 = MAX (t0, t[0]);
  t1 = MIN (t1, t[rows - 1]);
  sw_spectrum_resample (t, angle, rows, t0, 0.0, 1, &a0);
  sw_spectrum_resample (t, angle, rows, t1, 0.0, 1, &a1);
  sign = a1 >= a0 ? 1.0 : -1.0;
  revolutions = sign * (a1 - a0) / (2.0 * G_PI);
  if (!(revolutions >= 2.0) || !isfinite (revolutions))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("Cannot compute an order spectrum against “%s”: it turns %.3g times between %g s and "
                     "%g s; it needs at least 2 revolutions"), name, revolutions, t0, t1);
      return NULL;
    }

  /* Revolutions from t0 at every row, kept nondecreasing; a shaft that
   * turns back more than a thousandth of the range does not have orders. */
  top = -G_MAXDOUBLE;
  for (guint r = 0; r < rows; r++)
    {
      double v = sign * (angle[r] - a0) / (2.0 * G_PI);

      if (r >= first && r < end && v < top)
        back = MAX (back, top - v);
      top = MAX (top, v);
      angle[r] = top;
    }
  if (back > 1e-3 * revolutions)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("Cannot compute an order spectrum against “%s”: it turns back by %.3g revolutions between "
                     "%g s and %g s; choose a range in which it turns one way"), name, back, t0, t1);
      return NULL;
    }
  n = sw_spectrum_sample_count (end - first);
  return spectra (trajectory, columns, n_columns, angle, first, end, 0.0, revolutions / n, n, window,
                  _("order"), "", error);
}

/* ---- Statistics ---------------------------------------------------------- */

gboolean
sw_signal_stats (const double *x, const double *y, guint n, double x0, double x1, SwSignalStats *stats)
{
  double lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE, sum = 0.0, sum2 = 0.0, length;
  gboolean any = FALSE;

  g_return_val_if_fail (x != NULL && y != NULL && stats != NULL, FALSE);

  if (n == 0)
    return FALSE;
  x0 = MAX (x0, x[0]);
  x1 = MIN (x1, x[n - 1]);
  if (!(x1 > x0))
    return FALSE;
  for (guint i = 0; i + 1 < n; i++)
    {
      double xa = x[i], xb = x[i + 1], h = xb - xa, a, b, sa, sb;

      if (xb < x0 || xa > x1)
        continue;
      if (h <= 0.0)
        {
          /* An event instant: both limits are drawn. */
          a = y[i];
          b = y[i + 1];
        }
      else
        {
          sa = MAX (xa, x0);
          sb = MIN (xb, x1);
          a = y[i] + (sa - xa) / h * (y[i + 1] - y[i]);
          b = y[i] + (sb - xa) / h * (y[i + 1] - y[i]);
          /* The exact integrals of the line and of its square. */
          sum += 0.5 * (sb - sa) * (a + b);
          sum2 += (sb - sa) * (a * a + a * b + b * b) / 3.0;
        }
      lo = MIN (lo, MIN (a, b));
      hi = MAX (hi, MAX (a, b));
      any = TRUE;
    }
  if (!any)
    return FALSE;
  length = x1 - x0;
  stats->min = lo;
  stats->max = hi;
  stats->mean = sum / length;
  stats->rms = sqrt (MAX (0.0, sum2 / length));
  stats->peak_to_peak = hi - lo;
  return TRUE;
}
