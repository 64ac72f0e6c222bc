/* test-number.c: sw_format_number against printf: the fewest digits that
 * read back (by trying %.1g … %.17g and strtod), laid out as %.Pg with
 * P = max (digits, 15) (P = digits for subnormals), exponents as "1e-6".
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib.h>

#include "sw-number.h"
#include "sw-number-json.h"
#include "sw-number-private.h"
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

/* The fast path of the shortest digits (sw-number-shortest.c) against
 * std::to_chars (libstdc++'s, an independent implementation): the same
 * digits and exponent for every double it takes, and it takes every normal
 * one in 1e-10 ... 1e17 (else this test would test the fallback). */
static void
check_shortest (double v)
{
  char got[SW_NUMBER_MAX_DIGITS + 1], want[SW_NUMBER_MAX_DIGITS + 1];
  int got_n, want_n, got_point, want_point, x;
  guint64 q;
  double a = fabs (v);

  if (!_sw_number_shortest_decimal (v, &q, &got_n, &x))
    {
      if (a > 1e-10 && a < 1e17)   /* the double 1e-10 is below 10^-10 */
        g_error ("%.17g: in the fast path's range, but not taken", v);
      return;
    }
  _sw_number_write_digits (got, q, got_n);
  got[got_n] = '\0';
  got_point = x + 1;
  want_n = _sw_number_shortest_digits_exact (v, want, &want_point);
  if (got_n != want_n || strcmp (got, want) != 0 || got_point != want_point)
    g_error ("%.17g: digits %s point %d, std::to_chars %s point %d", v, got, got_point, want, want_point);
}

static void
test_shortest (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (24);
  guint n_fast = 0;

  /* Powers of two (the gap below is half the gap above), of ten, their
   * neighbours, the ends of the range. */
  for (int e = -40; e <= 57; e++)
    {
      double v = ldexp (1, e);

      check_shortest (v), check_shortest (nextafter (v, 0)), check_shortest (nextafter (v, INFINITY));
    }
  for (int e = -12; e <= 17; e++)
    {
      double v = pow (10, e);

      check_shortest (v), check_shortest (nextafter (v, 0)), check_shortest (nextafter (v, INFINITY));
      check_shortest (-v);
    }
  for (guint i = 0; i < 400000; i++)
    {
      guint64 bits = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      double v, w;
      guint64 q;
      int n, x;

      memcpy (&v, &bits, sizeof v);
      check_shortest (v);
      /* Every magnitude of the range, uniform in the exponent. */
      w = g_rand_double_range (rand, 1, 10) * pow (10, g_rand_int_range (rand, -10, 17));
      check_shortest (w);
      n_fast += _sw_number_shortest_decimal (w, &q, &n, &x);
      /* Short decimals, integers, halves, sums that miss (0.1 + 0.2). */
      check_shortest (g_rand_int_range (rand, 1, 100000) * pow (10, -g_rand_int_range (rand, 0, 12)));
      check_shortest ((double) g_rand_int (rand) + 0.5 * g_rand_int_range (rand, 0, 2));
      check_shortest (g_rand_int_range (rand, 1, 1000) * 0.1 + g_rand_int_range (rand, 1, 1000) * 0.01);
      check_shortest (ldexp ((double) (bits >> 11), -g_rand_int_range (rand, 40, 80)));
    }
  g_assert_cmpuint (n_fast, >, 390000);
}

/* sw_format_double_json: reads back bit for bit, the shortest digits,
 * printf's "%.17g" layout (its exponent, fixed or not), ".0" after an
 * integer; printf's text exactly where its digits are the shortest. */
static void
check_json (double v)
{
  char got[SW_NUMBER_JSON_BUF_SIZE], want[64], digits[SW_NUMBER_MAX_DIGITS + 1], *end = NULL;
  int len = sw_format_double_json (got, v), n, point;
  double back;
  GString *mine = g_string_new (NULL);
  const char *e17, *e;

  g_assert_cmpint (len, ==, (int) strlen (got));
  g_assert_cmpint (len, <, SW_NUMBER_JSON_BUF_SIZE);
  if (!isfinite (v))
    {
      g_assert_cmpstr (got, ==, "null");
      g_string_free (mine, TRUE);
      return;
    }
  back = g_ascii_strtod (got, &end);
  g_assert_true (*end == '\0');
  if (memcmp (&back, &v, sizeof v) != 0)
    g_error ("%.17g: wrote %s, reads back as %.17g", v, got, back);
  /* A double to any JSON reader: a point or an exponent. */
  g_assert_true (strpbrk (got, ".e") != NULL);
  /* The digits, without sign, point, exponent and leading zeros. */
  for (const char *c = got; *c && *c != 'e'; c++)
    if (g_ascii_isdigit (*c) && (mine->len > 0 || *c != '0'))
      g_string_append_c (mine, *c);
  while (mine->len > 1 && mine->str[mine->len - 1] == '0')
    g_string_truncate (mine, mine->len - 1);
  /* printf's exponent, but where the shortest digits are a power of ten
   * just above v (the double 1e-11 is 9.9999999999999994e-12). */
  snprintf (want, sizeof want, "%.17g", v);
  e17 = strchr (want, 'e');
  e = strchr (got, 'e');
  if (strcmp (mine->str, "1") != 0)
    {
      g_assert_true ((e17 == NULL) == (e == NULL));
      if (e != NULL)
        g_assert_cmpstr (e, ==, e17);
    }
  n = 0;
  if (v != 0)
    {
      n = _sw_number_shortest_digits_exact (v, digits, &point);
      g_assert_cmpint ((int) mine->len, ==, n);
      g_assert_cmpstr (mine->str, ==, digits);
    }
  else
    g_assert_cmpstr (got, ==, signbit (v) ? "-0.0" : "0.0");
  /* printf's 17 digits, trailing zeros dropped: the same text when they
   * are the shortest. */
  g_string_truncate (mine, 0);
  for (const char *c = want; *c && *c != 'e'; c++)
    if (g_ascii_isdigit (*c) && (mine->len > 0 || *c != '0'))
      g_string_append_c (mine, *c);
  while (mine->len > 1 && mine->str[mine->len - 1] == '0')
    g_string_truncate (mine, mine->len - 1);
  if (v != 0 && (int) mine->len == n)
    {
      if (strpbrk (want, ".e") == NULL)
        g_strlcat (want, ".0", sizeof want);
      g_assert_cmpstr (got, ==, want);
    }
  g_string_free (mine, TRUE);
}

static void
test_json (void)
{
  static const double fixed[] = {
    0.0, 1, 0.1, 0.5, 1.5, 2.5e-5, 1e-4, 9.9999999999999991e-5, 1e-5, 123456789012345678.0, 1e16, 1e17,
    99999999999999999.0, 0.99999999999999999, 1e-11, 1e-12, 1e-300, 4.9406564584124654e-324,
    2.2250738585072014e-308, 1.7976931348623157e308, 100, 1e22, 1e23, 3.0e-7, 0.30000000000000004, 1e21,
    0.25, 0.125, 1024, 12345678901234567.0,
  };
  static const struct { double v; const char *text; } layouts[] = {
    { 0.1, "0.1" }, { 1, "1.0" }, { -0.0, "-0.0" }, { 100, "100.0" }, { 1e16, "10000000000000000.0" },
    { 1e17, "1e+17" }, { 1e-5, "1e-05" }, { 1.5e-4, "0.00015" }, { 2.5e300, "2.5e+300" }, { -3e-310, "-3e-310" },
    { 0.30000000000000004, "0.30000000000000004" }, { 123.456, "123.456" }, { NAN, "null" }, { -INFINITY, "null" },
  };
  g_autoptr (GRand) rand = g_rand_new_with_seed (17);
  char buf[SW_NUMBER_JSON_BUF_SIZE];

  for (guint i = 0; i < G_N_ELEMENTS (layouts); i++)
    {
      sw_format_double_json (buf, layouts[i].v);
      g_assert_cmpstr (buf, ==, layouts[i].text);
    }
  for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
    check_json (fixed[i]), check_json (-fixed[i]);
  check_json (NAN);
  check_json (INFINITY);
  for (guint i = 0; i < 50000; i++)
    {
      guint64 bits = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      double v;

      memcpy (&v, &bits, sizeof v);
      check_json (v);
      check_json (g_rand_double_range (rand, -1, 1) * pow (10, g_rand_int_range (rand, -14, 19)));
      check_json ((double) g_rand_int (rand) + 0.5 * g_rand_int_range (rand, 0, 2));
      check_json (g_rand_int_range (rand, 1, 1000) * pow (10, -g_rand_int_range (rand, 0, 12)));
    }
}

/* SwJsonNumbers (eight at a time in vector lanes where the processor has
 * them) against sw_format_double_json() one by one, itself checked above
 * against printf and strtod: the same text for every kind of double, most
 * of them through the lanes where they run; a sample read back. */
static double
batch_value (GRand *rand, guint kind)
{
  guint64 bits = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
  double v, p;

  switch (kind % 9)
    {
    case 0:
      memcpy (&v, &bits, sizeof v);
      return v;
    case 1:
      return g_rand_double_range (rand, -1, 1) * pow (10, g_rand_int_range (rand, -6, 17));
    case 2:
      return ldexp ((double) (bits >> 11), -g_rand_int_range (rand, 0, 80));
    case 3:
      return g_rand_int_range (rand, 0, 1000000) * pow (10, -g_rand_int_range (rand, 0, 12));
    case 4:
      return (double) g_rand_int_range (rand, 0, 100000000) + 0.5 * g_rand_int_range (rand, 0, 2);
    case 5:
      /* Powers of two and ten (a power of two's lower gap is half) and
       * their neighbours. */
      p = g_rand_boolean (rand) ? ldexp (1, g_rand_int_range (rand, -16, 56))
                                : pow (10, g_rand_int_range (rand, -6, 17));
      return g_rand_int_range (rand, 0, 3) == 0 ? p : nextafter (p, g_rand_boolean (rand) ? 0 : INFINITY);
    case 6:
      return g_rand_int_range (rand, 1, 1000) * 0.1 + g_rand_int_range (rand, 1, 1000) * 0.01;
    case 7:
      /* Mode shapes and percentages: 16 and 17 digits, mostly below 1. */
      return g_rand_double (rand) * (g_rand_boolean (rand) ? 100 : 1) * pow (10, -g_rand_int_range (rand, 0, 5));
    default:
      {
        static const double special[] = { 0.0, -0.0, NAN, INFINITY, -INFINITY, 5e-324, 1e308, 1e-4, 1e16, 1e17,
                                          9007199254740991.0, 9007199254740992.0, 0.1, 0.5, 1.0 };

        return special[g_rand_int_range (rand, 0, G_N_ELEMENTS (special))];
      }
    }
}

static void
check_json_batch (gboolean one_by_one)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (24);
  SwJsonNumbers numbers;
  double values[1003];
  guint in_lanes = 0, total = 0;

  sw_json_numbers_init (&numbers, G_N_ELEMENTS (values));
  numbers.one_by_one = one_by_one;
  for (guint round = 0; round < 2000; round++)
    {
      /* Whole groups of eight and a rest. */
      guint n = round % 2 == 0 ? G_N_ELEMENTS (values) : (guint) g_rand_int_range (rand, 0, 20);

      for (guint i = 0; i < n; i++)
        values[i] = (g_rand_boolean (rand) ? -1 : 1) * batch_value (rand, round + i);
      sw_json_numbers_prepare (&numbers, values, n);
      for (guint i = 0; i < n; i++)
        {
          char got[SW_NUMBER_JSON_BUF_SIZE + 1], want[SW_NUMBER_JSON_BUF_SIZE];
          int len = sw_json_numbers_write (&numbers, i, values[i], got);

          got[len] = '\0';
          sw_format_double_json (want, values[i]);
          if (strcmp (got, want) != 0)
            g_error ("%.17g: batch %s, one by one %s", values[i], got, want);
          if (i % 64 == 0 && isfinite (values[i]))
            g_assert_cmpfloat (g_ascii_strtod (got, NULL), ==, values[i]);
          in_lanes += numbers.meta[i] != 0;
          total++;
        }
    }
  sw_json_numbers_clear (&numbers);
  g_test_message ("%u of %u numbers in vector lanes (%s)", in_lanes, total,
                  one_by_one ? "turned off" : _sw_json_numbers_in_lanes () ? "AVX-512 IFMA" : "not on this processor");
  if (_sw_json_numbers_in_lanes () && !one_by_one)
    g_assert_cmpuint (in_lanes, >, total / 3);
  else
    g_assert_cmpuint (in_lanes, ==, 0);
}

static void
test_json_batch (void)
{
  check_json_batch (FALSE);
  check_json_batch (TRUE);
}

/* sw_format_fixed() and sw_format_fixed_width() against printf's "%.*f"
 * (glibc's: exact, a tie to even), padded by hand. */
static void
check_fixed (double v)
{
  static const char *const formats[] = { "%.0f", "%.1f", "%.2f", "%.3f", "%.4f" };

  for (int d = 0; d <= 4; d++)
    {
      char want[400], got[SW_NUMBER_FIXED_BUF_SIZE], padded[SW_NUMBER_FIXED_BUF_SIZE + 32];
      int len, width = d == 4 ? 10 : 12;

      g_ascii_formatd (want, sizeof want, formats[d], v);
      len = sw_format_fixed (got, v, d);
      if (strcmp (got, want) != 0 || len != (int) strlen (want))
        g_error ("%.17g, %d decimals: got %s, printf %s", v, d, got, want);
      len = sw_format_fixed_width (padded, v, width, d);
      for (int i = 0; i < width - (int) strlen (want); i++)
        if (padded[i] != ' ')
          g_error ("%.17g, %d decimals: not padded", v, d);
      if (len != MAX (width, (int) strlen (want)) || memcmp (padded + len - strlen (want), want, strlen (want)) != 0)
        g_error ("%.17g, %d decimals, width %d: got %.*s, printf %s", v, d, width, len, padded, want);
    }
}

static void
test_fixed (void)
{
  GRand *rand = g_rand_new_with_seed (11);
  const double special[] = { 0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, -0.625, 0.0625, 0.03125,
                             0.00005, 0.000049999999999999996, -0.001, -0.00004, 9.99995, 99.995, 99.99499999999999,
                             1e-300, 4.9e-324, -4.9e-324, 2.2250738585072014e-308, 999999999999999.9, 1e15,
                             -1e15, 1.7976931348623157e308, 1e300, 123456789.12345, 9999.99995, 99999999.5, 0.99995, NAN, -NAN,
                             INFINITY, -INFINITY };

  for (guint k = 0; k < G_N_ELEMENTS (special); k++)
    check_fixed (special[k]);
  for (guint k = 0; k < 50000; k++)
    {
      guint64 bits = (guint64) g_rand_int (rand) << 32 | g_rand_int (rand);
      double v;
      int d = g_rand_int_range (rand, 0, 5);

      memcpy (&v, &bits, sizeof v);
      check_fixed (v);
      /* Values of the sizes `modal` writes: shapes, percentages, and
       * exact ties (odd / 2^(d+1): a 5 after the last decimal). */
      check_fixed (g_rand_double_range (rand, -1, 1));
      check_fixed (g_rand_double_range (rand, 0, 100));
      check_fixed (g_rand_double_range (rand, -1e15, 1e15) * pow (10, -g_rand_int_range (rand, 0, 30)));
      check_fixed (ldexp (2 * (double) g_rand_int_range (rand, 0, 1 << 30) + 1, -(d + 1)) * (k % 2 ? 1 : -1));
    }
  g_rand_free (rand);
}

/* The fields made eight at a time: the same text as sw_format_fixed_width()
 * wherever they are made, and made for most values of `modal`'s sizes. */
static void
test_fixed_batch (void)
{
  GRand *rand = g_rand_new_with_seed (13);
  const int widths[] = { 10, 12, 11, 16 }, decimals[] = { 4, 2, 3, 1 };
  guint n = 4003, made = 0, total = 0;
  g_autofree double *values = g_new (double, n);
  g_autofree guint64 *fields = g_new (guint64, 2 * n);
  g_autofree guint8 *ok = g_new (guint8, n);

  for (guint round = 0; round < 40; round++)
    for (guint c = 0; c < G_N_ELEMENTS (widths); c++)
      {
        gboolean lanes;

        if (widths[c] - 9 + 7 - decimals[c] > 8)
          continue;
        for (guint i = 0; i < n; i++)
          {
            double r = g_rand_double (rand);

            switch (i % 6)
              {
              case 0: values[i] = 2 * r - 1; break;
              case 1: values[i] = 100 * r * r * r; break;
              case 2: values[i] = (r - 0.5) * pow (10, g_rand_int_range (rand, -30, 12)); break;
              case 3: values[i] = ldexp (2 * (double) g_rand_int_range (rand, 0, 1 << 20) + 1, -(decimals[c] + 1)); break;
              case 4: values[i] = i % 12 == 4 ? -0.0 : 0.0; break;
              default:
                {
                  guint64 bits = (guint64) g_rand_int (rand) << 32 | g_rand_int (rand);

                  memcpy (&values[i], &bits, sizeof bits);
                }
              }
          }
        lanes = sw_format_fixed_batch (values, n, widths[c], decimals[c], fields, ok);
        for (guint i = 0; i < n; i++)
          {
            char want[SW_NUMBER_FIXED_BUF_SIZE + 32], got[16];
            int len = sw_format_fixed_width (want, values[i], widths[c], decimals[c]);

            total++;
            if (!ok[i])
              continue;
            made++;
            for (int b = 0; b < 8; b++)
              got[b] = (char) (fields[2 * i] >> (8 * b)), got[8 + b] = (char) (fields[2 * i + 1] >> (8 * b));
            if (len != widths[c] || memcmp (got, want, len) != 0)
              g_error ("%.17g, width %d, %d decimals: lanes \"%.*s\", want \"%.*s\"", values[i], widths[c],
                       decimals[c], widths[c], got, len, want);
          }
        g_assert_true (lanes == _sw_json_numbers_in_lanes ());
      }
  g_test_message ("%u of %u fields made in lanes", made, total);
  if (_sw_json_numbers_in_lanes ())
    g_assert_cmpuint (made, >, total / 3);
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/number/special", test_special);
  g_test_add_func ("/core/number/random", test_random);
  g_test_add_func ("/core/number/shortest", test_shortest);
  g_test_add_func ("/core/number/json", test_json);
  g_test_add_func ("/core/number/json-batch", test_json_batch);
  g_test_add_func ("/core/number/fixed", test_fixed);
  g_test_add_func ("/core/number/fixed-batch", test_fixed_batch);
  return g_test_run ();
}
