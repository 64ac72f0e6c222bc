// sw-number-digits.cc: the shortest decimal digits of a double from the C++
// standard library's std::to_chars (libstdc++ 11+, exact), behind a C call:
// for the numbers sw-number-shortest.c leaves (subnormals, |v| < 1e-10 or
// >= 1e17), and its reference in tests. printf and strtod in a loop cost a
// microsecond a number, which a CSV of millions of values cannot afford.
//
// SPDX-License-Identifier: GPL-3.0-or-later
#include "sw-number-private.h"

#include <charconv>

extern "C" int
_sw_number_shortest_digits_exact (double value, char digits[SW_NUMBER_MAX_DIGITS + 1], int *point)
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
