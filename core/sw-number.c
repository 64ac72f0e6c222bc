/* sw-number.c: numbers as text, and the scale of numbers a model may hold.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-number.h"

#include <float.h>
#include <math.h>
#include <string.h>

char *
sw_format_number (char   *buf,
                  double  value)
{
  static const char *const formats[] = {
    "%.1g", "%.2g", "%.3g", "%.4g", "%.5g", "%.6g", "%.7g", "%.8g", "%.9g",
    "%.10g", "%.11g", "%.12g", "%.13g", "%.14g", "%.15g", "%.16g", "%.17g",
  };
  char *e;

  if (value == 0)
    return strcpy (buf, "0");
  if (isnan (value))
    return strcpy (buf, "nan");
  if (isinf (value))
    return strcpy (buf, value > 0 ? "inf" : "-inf");

  /* A normal double whose shortest text has 15 digits or fewer prints as
   * that text at %.15g (%g drops trailing zeros, and integers below 1e15
   * have no exponent); subnormals carry fewer digits, so try from 1. */
  for (guint k = fabs (value) < DBL_MIN ? 0 : 14; k < G_N_ELEMENTS (formats); k++)
    {
      g_ascii_formatd (buf, SW_NUMBER_BUF_SIZE, formats[k], value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }

  /* "1e-06" -> "1e-6", "1e+20" -> "1e20" */
  e = strchr (buf, 'e');
  if (e != NULL)
    {
      char *digits = e + 1;
      char *src;

      if (*digits == '+')
        memmove (digits, digits + 1, strlen (digits + 1) + 1);
      else if (*digits == '-')
        digits++;
      src = digits;
      while (*src == '0' && src[1] != '\0')
        src++;
      memmove (digits, src, strlen (src) + 1);
    }
  return buf;
}

gboolean
sw_number_in_scale (double value)
{
  double m = fabs (value);

  return value == 0 || (m >= SW_NUMBER_MIN_MAGNITUDE && m <= SW_NUMBER_MAX_MAGNITUDE);
}
