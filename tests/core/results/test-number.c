/* test-number.c: sw_format_number against printf: the fewest digits that
 * read back (by trying %.1g … %.17g and strtod), laid out as %.Pg with
 * P = max (digits, 15) (P = digits for subnormals), exponents as "1e-6".
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib.h>

#include "sw-number.h"

/* The slow, obvious way. */
static void
reference (double v, char *out)
{
  char buf[64], format[8];
  int digits;
  char *e;

  for (digits = 1; digits <= 17; digits++)
    {
      g_snprintf (format, sizeof format, "%%.%de", digits - 1);
      g_ascii_formatd (buf, sizeof buf, format, v);
      if (g_ascii_strtod (buf, NULL) == v)
        break;
    }
  /* A subnormal has fewer digits than %.15g would print. */
  g_snprintf (format, sizeof format, "%%.%dg", fabs (v) < 2.2250738585072014e-308 ? digits : MAX (digits, 15));
  g_ascii_formatd (out, 64, format, v);
  e = strchr (out, 'e');
  if (e != NULL)
    {
      char *d = e + 1, *src;

      if (*d == '+')
        memmove (d, d + 1, strlen (d + 1) + 1);
      else if (*d == '-')
        d++;
      src = d;
      while (*src == '0' && src[1] != '\0')
        src++;
      memmove (d, src, strlen (src) + 1);
    }
}

static void
check (double v)
{
  char got[SW_NUMBER_BUF_SIZE], want[64];

  reference (v, want);
  sw_format_number (got, v);
  if (strcmp (got, want) != 0)
    g_error ("%.17g: got %s, want %s", v, got, want);
  g_assert_cmpfloat (g_ascii_strtod (got, NULL), ==, v);
}

static void
test_special (void)
{
  static const double values[] = {
    0.1, 0.2, 0.3, 1.0 / 3, 0.1 + 0.2, 1, 10, 100, 1e14, 1e15, 1e16, 123456789012345, 1234567890123456,
    12345678901234567.0, 1e-4, 1.5e-4, 1e-5, 5e-324, 2.2250738585072014e-308, 2.2250738585072e-310,
    1.7976931348623157e308, 9007199254740993.0, 0.000123, 299792458, 6.02214076e23, -2.5, -0.1,
  };
  char buf[SW_NUMBER_BUF_SIZE];

  for (guint k = 0; k < G_N_ELEMENTS (values); k++)
    {
      check (values[k]);
      check (-values[k]);
    }
  g_assert_cmpstr (sw_format_number (buf, -0.0), ==, "0");
  g_assert_cmpstr (sw_format_number (buf, 1e-6), ==, "1e-6");
  g_assert_cmpstr (sw_format_number (buf, 1e20), ==, "1e20");
  g_assert_cmpstr (sw_format_number (buf, 0.30000000000000004), ==, "0.30000000000000004");
  g_assert_cmpstr (sw_format_number (buf, NAN), ==, "nan");
  g_assert_cmpstr (sw_format_number (buf, -INFINITY), ==, "-inf");
}

/* Doubles of every exponent, from random bits. */
static void
test_random (void)
{
  GRand *rand = g_rand_new_with_seed (7);

  for (guint k = 0; k < 100000; k++)
    {
      guint64 bits = (guint64) g_rand_int (rand) << 32 | g_rand_int (rand);
      double v;

      memcpy (&v, &bits, sizeof v);
      if (isfinite (v) && v != 0)
        check (v);
      /* And values of the size simulations give. */
      check (g_rand_double_range (rand, -1e4, 1e4));
    }
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/number/special", test_special);
  g_test_add_func ("/core/number/random", test_random);
  return g_test_run ();
}
