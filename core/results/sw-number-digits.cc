// sw-number-digits.cc: the shortest decimal digits of a double, and printf's
// "%.17g", from the C++ standard library's std::to_chars (libstdc++ 11+,
// exact: the same text as printf in the C locale),
// behind a C call: printf and strtod in a loop cost a microsecond a number,
// which a CSV of millions of values cannot afford.
//
// SPDX-License-Identifier: GPL-3.0-or-later
#include "sw-number-private.h"

#include <charconv>

extern "C" int
_sw_number_shortest_digits (double value, char digits[SW_NUMBER_MAX_DIGITS + 1], int *point)
{
  // "d.ddde-xx": the shortest digits that read back, one before the point.
  char text[32];
  const char *end = std::to_chars (text, text + sizeof text, value < 0 ? -value : value,
                                   std::chars_format::scientific).ptr;
  const char *p = text;
  int n = 0, exponent = 0, sign = 1;

  digits[n++] = *p++;
  if (*p == '.')
    for (p++; *p != 'e'; p++)
      digits[n++] = *p;
  p++;
  if (*p == '-' || *p == '+')
    sign = *p++ == '-' ? -1 : 1;
  for (; p < end; p++)
    exponent = exponent * 10 + (*p - '0');

  digits[n] = '\0';
  *point = sign * exponent + 1;
  return n;
}

extern "C" int
_sw_number_17g_exact (char *buf, double value)
{
  char *end = std::to_chars (buf, buf + SW_DOUBLE_17G_BUF_SIZE - 1, value, std::chars_format::general, 17).ptr;

  *end = '\0';
  return (int) (end - buf);
}
