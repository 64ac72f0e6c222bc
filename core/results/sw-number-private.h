/* sw-number-private.h: the shortest digits of a double, for the writers of
 * numbers as text (sw-number.c, sw-number-json.c, the CSV writer).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <string.h>

G_BEGIN_DECLS

/* The most digits the shortest text of a double has. */
#define SW_NUMBER_MAX_DIGITS 17

/* The shortest digits that read back to |value| (finite, not 0), without a
 * sign, NUL-terminated: |value| = 0.DIGITS x 10^point. Returns how many. */
int _sw_number_shortest_digits (double value, char digits[SW_NUMBER_MAX_DIGITS + 1], int *point);

/* The same by std::to_chars (sw-number-digits.cc): every finite value but
 * 0, about 80 ns; the fallback and the tests' reference. */
int _sw_number_shortest_digits_exact (double value, char digits[SW_NUMBER_MAX_DIGITS + 1], int *point);

/* The fast path (sw-number-shortest.c): for 1e-10 <= |value| < 1e17,
 * normal, the shortest digits as an integer of n_digits digits (no
 * trailing zero) and the exponent of the first one:
 * |value| = digits x 10^(exponent - n_digits + 1). FALSE elsewhere. */
gboolean _sw_number_shortest_decimal (double value, guint64 *digits, int *n_digits, int *exponent);

/* v < 10^8 as eight ASCII digits in the bytes of an integer, the first
 * digit in the lowest byte (_sw_number_store8 writes them in order):
 * halves, pairs and digits split in parallel lanes by multiplications, no
 * division and no table. */
static inline guint64
_sw_number_ascii8 (guint32 v)
{
  guint64 halves = (v / 10000) | ((guint64) (v % 10000) << 32);
  guint64 high = ((halves * 10486) >> 20) & 0x0000007F0000007FULL;   /* lane / 100 */
  guint64 pairs = high | ((halves - high * 100) << 16);
  guint64 tens = ((pairs * 103) >> 10) & 0x000F000F000F000FULL;    /* lane / 10 */

  return (tens | ((pairs - tens * 10) << 8)) + 0x3030303030303030ULL;
}

/* Stores the eight bytes of v, lowest first. */
static inline void
_sw_number_store8 (char *out, guint64 v)
{
  guint64 le = GUINT64_TO_LE (v);

  memcpy (out, &le, sizeof le);
}

/* The n decimal digits of q (leading zeros included) into out, no NUL. */
void _sw_number_write_digits (char *out, guint64 q, int n);
/* q < 10^17 as 17 digits, leading zeros included, into out, no NUL. */
void _sw_number_write_17 (char *out, guint64 q);

/* sw_format_number () into buf (SW_NUMBER_BUF_SIZE bytes); returns the
 * length written, without the NUL. */
int _sw_format_number_to (char *buf, double value);

G_END_DECLS
