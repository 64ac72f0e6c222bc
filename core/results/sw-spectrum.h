/* sw-spectrum.h: the signal analyser's numbers, without GTK.
 *
 * Results have variable time steps: a signal is first resampled uniformly
 * (linear interpolation between rows, at an event instant the right limit),
 * in time for a spectrum over frequency, or in the revolutions of a shaft
 * for an order spectrum. The spectrum is single-sided, in the signal's own
 * unit and corrected for the window's gain, so that a sine of amplitude A
 * shows a peak of A (at its bin's centre; the flat-top window keeps it
 * within about 5e-4 of A between bins).
 *
 * Statistics over a range treat the signal as what the plots draw: straight
 * lines between rows. Mean and RMS are its time averages (exact integrals
 * of the lines), not averages of the rows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include "sw-trajectory.h"

G_BEGIN_DECLS

typedef enum {
  SW_SPECTRUM_WINDOW_RECTANGULAR, /* finest resolution, leaks between bins */
  SW_SPECTRUM_WINDOW_HANN,        /* the usual compromise */
  SW_SPECTRUM_WINDOW_FLAT_TOP,    /* amplitudes true between bins (HFT95) */
} SwSpectrumWindow;

/* The uniform samples a spectrum of rows rows is computed from: a power of
 * two, at least 256 and twice the rows (the linear interpolation then
 * loses little), at most 2^20. */
guint         sw_spectrum_sample_count    (guint               rows);

/* y at n_out uniform points x0 … x0 + (n_out - 1) step, linearly
 * interpolated in (x, y), x nondecreasing (equal x: the later row wins);
 * held constant outside x's range. */
void          sw_spectrum_resample        (const double       *x,
                                           const double       *y,
                                           guint               n,
                                           double              x0,
                                           double              step,
                                           guint               n_out,
                                           double             *out);

/* The single-sided amplitude spectrum of n uniform samples (n >= 4):
 * n / 2 + 1 amplitudes, bin k at k / (n step), the window's gain divided
 * out; bin 0 is the size of the mean (weighted by the window), which is
 * taken out before the transform so that it leaks into no other bin. FALSE with error (SW_ERROR_INVALID,
 * SW_ERROR_NOT_FINITE) when GSL fails or a sample is not finite. */
gboolean      sw_spectrum_amplitude       (const double       *samples,
                                           guint               n,
                                           SwSpectrumWindow    window,
                                           double             *amplitude,
                                           GError            **error);

/* The window's name, translated ("Hann"), for menus. */
const char   *sw_spectrum_window_label    (SwSpectrumWindow    window);

/* The amplitude spectra of columns of trajectory between times t0 and t1:
 * a trajectory with x axis "frequency" [Hz], one row per bin, the same
 * column names and units. Errors (SW_ERROR_INVALID) name the column or the
 * range: fewer than 4 rows in it, an empty range, a value not finite. */
SwTrajectory *sw_spectrum_new_frequency   (const SwTrajectory *trajectory,
                                           const guint        *columns,
                                           guint               n_columns,
                                           double              t0,
                                           double              t1,
                                           SwSpectrumWindow    window,
                                           GError            **error);

/* The same over the orders of a shaft: shaft_column is its angle (unit
 * "rad") or its speed ("rad/s" or "rpm", integrated by the trapezoid
 * rule); the
 * signals are resampled uniformly in its revolutions and the x axis is
 * "order" [1]. The shaft must turn one way between t0 and t1 (standing
 * still at times is allowed) and at least 2 revolutions; otherwise an
 * error that names it. */
SwTrajectory *sw_spectrum_new_order       (const SwTrajectory *trajectory,
                                           const guint        *columns,
                                           guint               n_columns,
                                           guint               shaft_column,
                                           double              t0,
                                           double              t1,
                                           SwSpectrumWindow    window,
                                           GError            **error);

typedef struct {
  double min, max;
  double mean;          /* the time average of the lines between rows */
  double rms;           /* the square root of the time average of their square */
  double peak_to_peak;  /* max - min */
} SwSignalStats;

/* Statistics of y(x) (x nondecreasing) between x0 < x1 as drawn: the rows
 * inside and the values interpolated at x0 and x1. FALSE when the range
 * misses the rows or is empty. */
gboolean      sw_signal_stats             (const double       *x,
                                           const double       *y,
                                           guint               n,
                                           double              x0,
                                           double              x1,
                                           SwSignalStats      *stats);

G_END_DECLS
