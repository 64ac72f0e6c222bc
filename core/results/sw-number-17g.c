/* sw-number-17g.c: printf's "%.17g" at memory speed (sw-number-17g.h).
 *
 * The 17 significant digits are |v| 10^k rounded to an integer, k = 16 - x
 * for 10^x <= |v| < 10^(x+1): with a 64-bit long double mantissa, 10^k is
 * exact for 0 <= k <= 27 and the product is within 0.006 of the exact one,
 * so the rounding is printf's unless the fraction is within 0.01 of a half.
 * Those, magnitudes outside 1e-11 ... 1e17, and every number where long
 * double is no wider than double go to std::to_chars (exact, 80 ns a
 * number against about 15 here). Then %g's layout: fixed for -4 <= x < 17,
 * otherwise d.ddde±XX, trailing zeros dropped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-number-17g.h"
#include "sw-number-private.h"

#include <float.h>
#include <math.h>
#include <string.h>

#if LDBL_MANT_DIG >= 64
static const long double powers[] = {
  1e0L, 1e1L, 1e2L, 1e3L, 1e4L, 1e5L, 1e6L, 1e7L, 1e8L, 1e9L, 1e10L, 1e11L, 1e12L, 1e13L,
  1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L, 1e20L, 1e21L, 1e22L, 1e23L, 1e24L, 1e25L, 1e26L, 1e27L,
};

/* The 17 digits of |v| and x, or FALSE. */
static int
digits17 (double v, char digits[17], int *exponent)
{
  double a = fabs (v);
  int x, k;
  long double p, frac;
  unsigned long long d;

  if (!(a >= 1e-11 && a < 1e17))
    return 0;
  /* floor (log10 a) from the binary exponent (off by one at most: the
   * digits' range below corrects it). */
  frexp (a, &x);
  x = (int) floor ((x - 1) * 0.30102999566398120);
  k = 16 - x;
  if (k < 0 || k > 27)
    return 0;
  p = (long double) a * powers[k];
  if (p < 1e16L && k < 27)
    p = (long double) a * powers[++k], x--;
  else if (p >= 1e17L && k > 0)
    p = (long double) a * powers[--k], x++;
  if (p < 1e16L || p >= 1e17L)
    return 0;
  d = (unsigned long long) p;   /* truncation: p > 0 */
  frac = p - (long double) d;
  if (fabsl (frac - 0.5L) < 1e-2L)
    return 0;
  d += frac > 0.5L;
  if (d >= 100000000000000000ULL)
    d /= 10, x++;   /* 99999999999999999.7 rounded up: 10^17 */
  for (int i = 16; i >= 0; i--, d /= 10)
    digits[i] = (char) ('0' + d % 10);
  *exponent = x;
  return 1;
}
#endif

int
sw_format_double_17g (char *buf, double value)
{
#if LDBL_MANT_DIG >= 64
  char digits[17];
  int x, len = 17, p = 0;

  if (value == 0 || !digits17 (value, digits, &x))
    return _sw_number_17g_exact (buf, value);
  while (len > 1 && digits[len - 1] == '0')
    len--;
  if (signbit (value))
    buf[p++] = '-';
  if (x >= -4 && x < 17)
    {
      if (x < 0)
        {
          buf[p++] = '0', buf[p++] = '.';
          for (int i = 0; i < -x - 1; i++)
            buf[p++] = '0';
          memcpy (buf + p, digits, len), p += len;
        }
      else
        {
          int whole = x + 1;

          memcpy (buf + p, digits, (whole < 17 ? whole : 17)), p += (whole < 17 ? whole : 17);
          if (len > whole)
            {
              buf[p++] = '.';
              memcpy (buf + p, digits + whole, len - whole), p += len - whole;
            }
        }
    }
  else
    {
      int e = x < 0 ? -x : x;

      buf[p++] = digits[0];
      if (len > 1)
        {
          buf[p++] = '.';
          memcpy (buf + p, digits + 1, len - 1), p += len - 1;
        }
      buf[p++] = 'e';
      buf[p++] = x < 0 ? '-' : '+';
      if (e >= 100)
        buf[p++] = (char) ('0' + e / 100);
      buf[p++] = (char) ('0' + e / 10 % 10);
      buf[p++] = (char) ('0' + e % 10);
    }
  buf[p] = '\0';
  return p;
#else
  return _sw_number_17g_exact (buf, value);
#endif
}
