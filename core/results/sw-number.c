/* sw-number.c: numbers as text, and the scale of numbers a model may hold.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-number.h"
#include "sw-number-private.h"

#include <math.h>
#include <string.h>

static int
copy_text (char       *buf,
           const char *text)
{
  strcpy (buf, text);
  return (int) strlen (text);
}

/* "e-6", "e20": the exponent as %g writes it, without its zeros. */
static int
write_exponent (char *buf,
                int   x)
{
  char reversed[8];
  int p = 0, k = 0;

  buf[p++] = 'e';
  if (x < 0)
    buf[p++] = '-', x = -x;
  do
    reversed[k++] = (char) ('0' + x % 10), x /= 10;
  while (x > 0);
  while (k > 0)
    buf[p++] = reversed[--k];
  return p;
}

/* Laid out as %.Pg would, P = max (digits, 15) (so numbers up to 1e15
 * keep no exponent), with exponents written "1e-6", "1e20". */
int
_sw_format_number_to (char   *buf,
                      double  value)
{
  char digits[SW_NUMBER_MAX_DIGITS + 1];
  int point, n, x, precision, p = 0;

  if (value == 0)
    return copy_text (buf, "0");
  if (isnan (value))
    return copy_text (buf, "nan");
  if (isinf (value))
    return copy_text (buf, value > 0 ? "inf" : "-inf");

  n = _sw_number_shortest_digits (value, digits, &point);
  x = point - 1;   /* the exponent of the first digit */
  precision = MAX (n, 15);
  if (value < 0)
    buf[p++] = '-';
  if (x < -4 || x >= precision)
    {
      buf[p++] = digits[0];
      if (n > 1)
        {
          buf[p++] = '.';
          memcpy (buf + p, digits + 1, n - 1), p += n - 1;
        }
      p += write_exponent (buf + p, x);
    }
  else if (x < 0)
    {
      buf[p++] = '0', buf[p++] = '.';
      for (int k = 0; k < -x - 1; k++)
        buf[p++] = '0';
      memcpy (buf + p, digits, n), p += n;
    }
  else
    {
      for (int k = 0; k <= x; k++)
        buf[p++] = k < n ? digits[k] : '0';
      if (n > x + 1)
        {
          buf[p++] = '.';
          memcpy (buf + p, digits + x + 1, n - x - 1), p += n - x - 1;
        }
    }
  buf[p] = '\0';
  return p;
}

char *
sw_format_number (char   *buf,
                  double  value)
{
  _sw_format_number_to (buf, value);
  return buf;
}

gboolean
sw_number_in_scale (double value)
{
  double m = fabs (value);

  return value == 0 || (m >= SW_NUMBER_MIN_MAGNITUDE && m <= SW_NUMBER_MAX_MAGNITUDE);
}

gboolean
sw_parse_typed_number (const char *text,
                       double     *value)
{
  g_autoptr(GString) s = NULL;
  char *end = NULL;
  double v;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  s = g_string_new (text);
  g_strstrip (s->str);
  s->len = strlen (s->str);
  g_string_replace (s, "−", "-", 0);
  g_string_replace (s, ",", ".", 0);
  if (s->len == 0)
    return FALSE;
  v = g_ascii_strtod (s->str, &end);
  if (end == s->str || *end != '\0' || !isfinite (v))
    return FALSE;
  *value = v;
  return TRUE;
}
