/* test-number.c: sw_format_number against printf: the fewest digits that
 * read back (by trying %.1g … %.17g and strtod), laid out as %.Pg with
 * P = max (digits, 15) (P = digits for subnormals), exponents as "1e-6".
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib.h>

#include "sw-number.h"
#include "sw-number-17g.h"
#include <stdio.h>

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

/* sw_format_double_17g against the C library's printf ("%.17g"), the
 * text json-glib writes: every magnitude and layout, ties of the 17th
 * digit, rounding up to a power of ten, specials, random bit patterns. */
static void
check_17g (double v)
{
  char want[64], got[SW_DOUBLE_17G_BUF_SIZE];
  int len = sw_format_double_17g (got, v);

  snprintf (want, sizeof want, "%.17g", v);
  g_assert_cmpstr (got, ==, want);
  g_assert_cmpint (len, ==, (int) strlen (want));
}

static void
test_17g (void)
{
  static const double fixed[] = {
    0.0, -0.0, 1, -1, 0.1, 0.5, 1.5, 2.5e-5, 1e-4, 9.9999999999999991e-5, 1e-5, 123456789012345678.0,
    1e16, 1e17, 99999999999999999.0, 9.9999999999999999e16, 0.99999999999999999, 1e-11, 1e-12, 1e-300,
    4.9406564584124654e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 100, 1e22, 1e23, 3.0e-7,
  };
  g_autoptr (GRand) rand = g_rand_new_with_seed (17);

  for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
    check_17g (fixed[i]), check_17g (-fixed[i]);
  check_17g (NAN);
  check_17g (INFINITY);
  check_17g (-INFINITY);
  for (guint i = 0; i < 50000; i++)
    {
      guint64 bits = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      double v;

      memcpy (&v, &bits, sizeof v);
      check_17g (v);
      /* Magnitudes where the fast path runs, and integers and halves. */
      check_17g (g_rand_double_range (rand, -1, 1) * pow (10, g_rand_int_range (rand, -14, 19)));
      check_17g ((double) g_rand_int (rand) + 0.5 * g_rand_int_range (rand, 0, 2));
      check_17g (g_rand_int_range (rand, 1, 1000) * pow (10, -g_rand_int_range (rand, 0, 12)));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/number/special", test_special);
  g_test_add_func ("/core/number/random", test_random);
  g_test_add_func ("/core/number/17g", test_17g);
  return g_test_run ();
}
