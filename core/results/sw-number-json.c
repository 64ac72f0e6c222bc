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

/* Zeros: the tail of the digits, so that an integer's zeros and
 * copies of a fixed size (no call to memcpy) come out right. */
#define ZEROS "00000000000000000000000000000000"

int
sw_format_double_json (char *buf, double value)
{
  /* The n digits end at text + 17, zeros after them. */
  char text[17 + sizeof ZEROS];
  const char *d;
  guint64 q;
  int n, x, p = 0;

  if (!isfinite (value))
    {
      memcpy (buf, "null", 5);
      return 4;
    }
  if (signbit (value))
    buf[p++] = '-';
  if (value == 0)
    {
      memcpy (buf + p, "0.0", 4);
      return p + 3;
    }
  memcpy (text + 17, ZEROS, sizeof ZEROS);
  if (_sw_number_shortest_decimal (value, &q, &n, &x))
    _sw_number_write_17 (text, q);
  else
    {
      char digits[SW_NUMBER_MAX_DIGITS + 1];
      int point;

      n = _sw_number_shortest_digits_exact (value, digits, &point);
      x = point - 1;
      memcpy (text + 17 - n, digits, n);
    }
  d = text + 17 - n;

  if (x >= -4 && x < 17)
    {
      if (x < 0)
        {
          memcpy (buf + p, "0.000000", 8), p += 1 - x;
          memcpy (buf + p, d, 17), p += n;
        }
      else if (n > x + 1)
        {
          memcpy (buf + p, d, 17), p += x + 1;
          buf[p++] = '.';
          memcpy (buf + p, d + x + 1, 16), p += n - x - 1;
        }
      else
        {
          /* An integer: its zeros (the tail), and ".0". */
          memcpy (buf + p, d, 17), p += x + 1;
          buf[p++] = '.', buf[p++] = '0';
        }
    }
  else
    {
      int e = x < 0 ? -x : x;

      buf[p++] = d[0];
      if (n > 1)
        {
          buf[p++] = '.';
          memcpy (buf + p, d + 1, 16), p += n - 1;
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
