/* sw-number.h: numbers as text, and the scale of numbers a model may hold.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Large enough for any number sw_format_number() writes. */
#define SW_NUMBER_BUF_SIZE 40

/* The shortest text that reads back to exactly value, in the C locale
 * whatever the user's: "0.1", "1e-6", "10", "0.30000000000000004"; "0" for
 * -0, "nan", "inf", "-inf". Returns buf. */
char     *sw_format_number   (char   *buf,
                              double  value);

/* Room for any text sw_format_fixed() writes ("-1.8e308" as %.4f has 315
 * characters). */
#define SW_NUMBER_FIXED_BUF_SIZE 320

/* printf ("%.*f", decimals, value) in the C locale, decimals 0 ... 4,
 * without printf where |value| < 1e15 (sw-number-fixed.c): "-0.00",
 * "1.0000", "nan". NUL-terminated; returns the length. */
int       sw_format_fixed    (char   *buf,
                              double  value,
                              int     decimals);
/* printf ("%*.*f", width, decimals, value) the same way, into buf of
 * MAX (width, SW_NUMBER_FIXED_BUF_SIZE) + 16 bytes (it stores 16 spaces
 * at once), not NUL-terminated. Returns the length. */
int       sw_format_fixed_width (char   *buf,
                                 double  value,
                                 int     width,
                                 int     decimals);

/* The fields of sw_format_fixed_width() for n values, where the processor
 * can make them eight at a time (AVX-512): value i's in the 16 bytes of
 * fields[2 i], fields[2 i + 1] (lowest first), its width bytes the text and
 * the rest to be written over, where ok[i]; else (ok[i] FALSE, or FALSE
 * returned for all) by sw_format_fixed_width(). */
gboolean  sw_format_fixed_batch (const double *values,
                                 guint         n,
                                 int           width,
                                 int           decimals,
                                 guint64      *fields,
                                 guint8       *ok);

/* Parses what a user typed (the window's inspector, the terminal shell):
 * surrounding space is ignored, a comma is a decimal point, "−" is a minus.
 * FALSE unless the whole text is one finite number. */
gboolean  sw_parse_typed_number (const char *text,
                                 double     *value);

/* Magnitudes a parameter or signal value may have besides 0: products of a
 * few of them (a stiffness over an inertia, w^2 J) stay far from overflow
 * and underflow, so no model's equations become infinite or NaN. */
#define SW_NUMBER_MAX_MAGNITUDE 1e100
#define SW_NUMBER_MIN_MAGNITUDE 1e-100

/* 0, or a magnitude between SW_NUMBER_MIN_MAGNITUDE and
 * SW_NUMBER_MAX_MAGNITUDE. */
gboolean  sw_number_in_scale (double  value);

G_END_DECLS
