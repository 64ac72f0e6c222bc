/* sw-number-json.c: a double as a JSON number (sw-number-json.h).
 *
 * The shortest digits (sw-number-shortest.c), laid out as "%.17g" lays
 * out its digits: fixed for 10^-4 <= |v| < 10^17, otherwise d.ddde±XX with
 * at least two exponent digits. Where printf's 17 digits, trailing zeros
 * dropped, are the shortest ones, the text is json-glib's byte for byte;
 * elsewhere it is shorter ("0.1", not "0.10000000000000001") and reads
 * back to the same double.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-number-json.h"
#include "sw-number-private.h"

#include <math.h>
#include <string.h>

static const guint64 pow10[] = {
  1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL, 100000000ULL,
  1000000000ULL, 10000000000ULL, 100000000000ULL, 1000000000000ULL, 10000000000000ULL,
  100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL, 100000000000000000ULL,
};

int
sw_format_double_json (char *buf, double value)
{
  guint64 q, rest;
  unsigned __int128 tail;
  char first;
  int n, x, p = 0;

  if (!isfinite (value))
    {
      memcpy (buf, "null", 5);
      return 4;
    }
  /* The sign without a branch: half the values of a mode shape are
   * negative, in no order a processor could guess. */
  buf[0] = '-';
  p = signbit (value) != 0;
  if (value == 0)
    {
      memcpy (buf + p, "0.0", 4);
      return p + 3;
    }
  if (!_sw_number_shortest_decimal (value, &q, &n, &x))
    {
      char digits[SW_NUMBER_MAX_DIGITS + 1];
      int point;

      n = _sw_number_shortest_digits_exact (value, digits, &point);
      x = point - 1;
      q = 0;
      for (int i = 0; i < n; i++)
        q = q * 10 + (guint64) (digits[i] - '0');
    }
  /* The digits as 17, zeros after the n: the first, and 16 in the bytes
   * of two integers (written whole, past the end where the text is
   * shorter: no call to memcpy, no bytes stored to be read back). */
  q *= pow10[17 - n];
  first = (char) ('0' + q / pow10[16]);
  rest = q % pow10[16];
  tail = _sw_number_ascii8 ((guint32) (rest / 100000000))
         | (unsigned __int128) _sw_number_ascii8 ((guint32) (rest % 100000000)) << 64;

  if (x >= -4 && x < 17)
    {
      if (x < 0)
        {
          memcpy (buf + p, "0.000000", 8), p += 1 - x;
          buf[p] = first;
          _sw_number_store8 (buf + p + 1, (guint64) tail), _sw_number_store8 (buf + p + 9, (guint64) (tail >> 64));
          p += n;
        }
      else
        {
          buf[p] = first;
          _sw_number_store8 (buf + p + 1, (guint64) tail), _sw_number_store8 (buf + p + 9, (guint64) (tail >> 64));
          if (n > x + 1)
            {
              /* The point after x + 1 digits, the rest after it. */
              tail >>= 8 * x;
              buf[p + x + 1] = '.';
              _sw_number_store8 (buf + p + x + 2, (guint64) tail);
              _sw_number_store8 (buf + p + x + 10, (guint64) (tail >> 64));
              p += n + 1;
            }
          else
            {
              /* An integer: its zeros, and ".0". */
              p += x + 1;
              buf[p++] = '.', buf[p++] = '0';
            }
        }
    }
  else
    {
      int e = x < 0 ? -x : x;

      buf[p++] = first;
      if (n > 1)
        {
          buf[p++] = '.';
          _sw_number_store8 (buf + p, (guint64) tail), _sw_number_store8 (buf + p + 8, (guint64) (tail >> 64));
          p += n - 1;
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
