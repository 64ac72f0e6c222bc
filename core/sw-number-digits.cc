// sw-number-digits.cc: the shortest decimal digits of a double, from the
// double-conversion library (Grisu3 with an exact fallback), behind a C
// call: printf and strtod in a loop cost a microsecond a number, which a
// CSV of millions of values cannot afford.
//
// SPDX-License-Identifier: GPL-3.0-or-later
#include "sw-number-private.h"

#include <double-conversion/double-to-string.h>

extern "C" int
_sw_number_shortest_digits (double value, char digits[SW_NUMBER_MAX_DIGITS + 1], int *point)
{
  bool sign;
  int length;

  double_conversion::DoubleToStringConverter::DoubleToAscii (
      value, double_conversion::DoubleToStringConverter::SHORTEST, 0, digits, SW_NUMBER_MAX_DIGITS + 1, &sign,
      &length, point);
  return length;
}
