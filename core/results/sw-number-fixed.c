/* sw-number-fixed.c: printf's "%.*f" of a double without printf (the text
 * of `modal`: two million of them for a chain of 1 000; issue 24).
 *
 * v = m 2^e exactly (m < 2^53), so v 10^d = m 5^d 2^(e+d): for d <= 4 the
 * product m 5^d fits 63 bits, and the shift by e + d is exact to the left
 * and rounds to nearest, a tie to even, to the right, which is what glibc's
 * printf does in the default rounding mode. Past 1e15 (the digits would
 * not fit 64 bits) and for nan and inf, printf itself (in the C locale).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-number.h"
#include "sw-number-private.h"

#include <math.h>
#include <string.h>

static const guint64 pow5[] = { 1, 5, 25, 125, 625 };
static const guint64 powers_of_ten[] = {
  G_GUINT64_CONSTANT (1), G_GUINT64_CONSTANT (10), G_GUINT64_CONSTANT (100), G_GUINT64_CONSTANT (1000),
  G_GUINT64_CONSTANT (10000), G_GUINT64_CONSTANT (100000), G_GUINT64_CONSTANT (1000000),
  G_GUINT64_CONSTANT (10000000), G_GUINT64_CONSTANT (100000000), G_GUINT64_CONSTANT (1000000000),
  G_GUINT64_CONSTANT (10000000000), G_GUINT64_CONSTANT (100000000000), G_GUINT64_CONSTANT (1000000000000),
  G_GUINT64_CONSTANT (10000000000000), G_GUINT64_CONSTANT (100000000000000),
  G_GUINT64_CONSTANT (1000000000000000), G_GUINT64_CONSTANT (10000000000000000),
  G_GUINT64_CONSTANT (100000000000000000), G_GUINT64_CONSTANT (1000000000000000000),
  G_GUINT64_CONSTANT (10000000000000000000),
};
static const char *const formats[] = { "%.0f", "%.1f", "%.2f", "%.3f", "%.4f" };

/* q / 10^d and its rest, the divisor a constant (a multiplication). */
static inline guint64
split (guint64 q, int decimals, guint64 *fraction)
{
  switch (decimals)
    {
    case 1: *fraction = q % 10; return q / 10;
    case 2: *fraction = q % 100; return q / 100;
    case 3: *fraction = q % 1000; return q / 1000;
    case 4: *fraction = q % 10000; return q / 10000;
    default: *fraction = 0; return q;
    }
}

int
sw_format_fixed_width (char *buf, double value, int width, int decimals)
{
  guint64 bits, m, q, whole, fraction;
  int e, shift, len, pad, int_digits;
  char *p;

  g_return_val_if_fail (decimals >= 0 && decimals <= 4, 0);
  if (!(fabs (value) < 1e15))
    {
      char text[SW_NUMBER_FIXED_BUF_SIZE];

      len = (int) strlen (g_ascii_formatd (text, sizeof text, formats[decimals], value));
      pad = MAX (width - len, 0);
      memset (buf, ' ', pad);
      memcpy (buf + pad, text, len);
      return pad + len;
    }
  memcpy (&bits, &value, sizeof bits);
  m = bits & ((G_GUINT64_CONSTANT (1) << 52) - 1);
  e = (int) ((bits >> 52) & 0x7ff);
  if (e == 0)
    e = -1074;   /* zero and subnormal: no hidden bit */
  else
    m |= G_GUINT64_CONSTANT (1) << 52, e -= 1075;
  m *= pow5[decimals];
  shift = e + decimals;
  if (shift >= 0)
    q = m << shift;   /* below 1e19: |value| < 1e15 */
  else if (shift <= -64)
    q = 0;            /* m < 2^63: below half a unit */
  else
    {
      /* Without branches: the values (and so the rounding) are random. */
      guint64 rest = m & ((G_GUINT64_CONSTANT (1) << -shift) - 1), half = G_GUINT64_CONSTANT (1) << (-shift - 1);

      q = m >> -shift;
      q += (rest > half) | ((rest == half) & q);
    }
  if (q < 100000000 && decimals > 0 && width >= 10)
    {
      /* The common case, a field of 9 characters or more for 8 digits:
       * the digits at once, the zeros before the first that counts made
       * spaces, the decimals one byte on after the point, the sign before
       * the first digit. */
      guint64 text = _sw_number_ascii8 ((guint32) q), values = text - G_GUINT64_CONSTANT (0x3030303030303030);
      int int_places = 8 - decimals;
      int zeros = MIN (values != 0 ? __builtin_ctzll (values) / 8 : 8, int_places - 1);
      char *at = buf + width - 9;

      text -= G_GUINT64_CONSTANT (0x1010101010101010) & ((G_GUINT64_CONSTANT (1) << (8 * zeros)) - 1);
      if (width <= 16)
        memcpy (buf, "                ", 16);
      else
        memset (buf, ' ', width);
      _sw_number_store8 (at, text);
      _sw_number_store8 (at + int_places, '.' | (text >> (8 * int_places)) << 8);
      if (bits >> 63)
        at[zeros - 1] = '-';
      return width;
    }
  whole = split (q, decimals, &fraction);
  /* Digits of the integer part from its bit length (log10 2 ~ 1233 / 4096),
   * corrected by one comparison. */
  {
    int guess = ((64 - __builtin_clzll (whole | 1)) * 1233) >> 12;

    int_digits = guess + (whole >= powers_of_ten[guess]);
    int_digits = MAX (int_digits, 1);
  }
  /* The sign ("-0.00" too, as printf), the integer part, the point and
   * the decimals, after the spaces. */
  len = (int) (bits >> 63) + int_digits + (decimals > 0 ? decimals + 1 : 0);
  pad = MAX (width - len, 0);
  if (pad <= 16)
    memcpy (buf, "                ", 16);
  else
    memset (buf, ' ', pad);
  p = buf + pad + len;
  for (int i = 0; i < decimals; i++, fraction /= 10)
    *--p = (char) ('0' + fraction % 10);
  if (decimals > 0)
    *--p = '.';
  do
    *--p = (char) ('0' + whole % 10), whole /= 10;
  while (whole > 0);
  if (bits >> 63)
    *--p = '-';
  return pad + len;
}

int
sw_format_fixed (char *buf, double value, int decimals)
{
  char text[SW_NUMBER_FIXED_BUF_SIZE + 16];
  int len = sw_format_fixed_width (text, value, 0, decimals);

  memcpy (buf, text, len);
  buf[len] = '\0';
  return len;
}
