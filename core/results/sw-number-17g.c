/* sw-number-17g.c: printf's "%.17g" at memory speed (sw-number-17g.h).
 *
 * The 17 significant digits are |v| 10^k rounded to an integer, k = 16 - x
 * for 10^x <= |v| < 10^(x+1). 10^k is exact as a double for k <= 22, and
 * the product is exactly hi + lo (fma gives lo, the rounding error of hi):
 * the integer part and the fraction follow exactly, so the rounding is
 * printf's; a fraction within 1e-9 of a half (a tie: printf rounds to even)
 * and magnitudes outside 1e-6 ... 1e17 go to std::to_chars (exact, about
 * 80 ns a number against about 15 here). Then %g's layout: fixed for
 * -4 <= x < 17, otherwise d.ddde±XX, trailing zeros dropped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-number-17g.h"
#include "sw-number-private.h"

#include <math.h>
#include <string.h>

static const double powers[] = {
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* The 17 digits of |v| and x, or 0. */
static int
digits17 (double v, char digits[17], int *exponent)
{
  static const char pairs[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                              "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                              "8081828384858687888990919293949596979899";
  double a = fabs (v), hi, lo, r, whole;
  unsigned long long d;
  int x, k;

  if (!(a >= 1e-6 && a < 1e17))
    return 0;
  /* floor (log10 a) from the binary exponent: that or one less. */
  frexp (a, &x);
  x = (int) floor ((x - 1) * 0.30102999566398120);
  k = 16 - x;
  if (k < 1 || k > 22)
    return 0;
  hi = a * powers[k];
  if (hi >= 1e17)
    hi = a * powers[--k], x++;
  /* a 10^k exactly: hi + lo (10^k is exact as a double up to 10^22). */
  lo = fma (a, powers[k], -hi);
  if (!(hi >= 1e16 && hi < 1e17))
    return 0;
  d = (unsigned long long) hi;
  r = (hi - (double) d) + lo;
  whole = floor (r);
  r -= whole;
  if (fabs (r - 0.5) < 1e-9)
    return 0;   /* a tie, or near one: the exact path */
  d = (unsigned long long) ((long long) d + (long long) whole) + (r > 0.5);
  if (d < 10000000000000000ULL)
    return 0;
  if (d >= 100000000000000000ULL)
    d /= 10, x++;   /* rounded up to 10^17 */
  digits[0] = (char) ('0' + d / 10000000000000000ULL);
  d %= 10000000000000000ULL;
  for (int i = 15; i >= 1; i -= 2, d /= 100)
    memcpy (digits + i, pairs + 2 * (d % 100), 2);
  *exponent = x;
  return 1;
}

int
sw_format_double_17g (char *buf, double value)
{
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
}
