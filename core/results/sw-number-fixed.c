/* sw-number-fixed.c: printf's "%.*f" of a double without printf (the text
 * of `modal`: two million of them for a chain of 1 000; issue 24).
 *
 * v = m 2^e exactly (m < 2^53), so v 10^d = m 5^d 2^(e+d): for d <= 4 the
 * product m 5^d fits 63 bits, and the shift by e + d is exact to the left
 * and rounds to nearest, a tie to even, to the right, which is what glibc's
 * printf does in the default rounding mode. Past 1e15 (the digits would
 * not fit 64 bits) and for nan and inf, printf itself (in the C locale).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-number.h"
#include "sw-number-private.h"
#include "sw-number-json.h"
#include "sw-number-lanes-private.h"

#include <math.h>
#include <string.h>

static const guint64 pow5[] = { 1, 5, 25, 125, 625 };
static const guint64 powers_of_ten[] = {
  G_GUINT64_CONSTANT (1), G_GUINT64_CONSTANT (10), G_GUINT64_CONSTANT (100), G_GUINT64_CONSTANT (1000),
  G_GUINT64_CONSTANT (10000), G_GUINT64_CONSTANT (100000), G_GUINT64_CONSTANT (1000000),
  G_GUINT64_CONSTANT (10000000), G_GUINT64_CONSTANT (100000000), G_GUINT64_CONSTANT (1000000000),
  G_GUINT64_CONSTANT (10000000000), G_GUINT64_CONSTANT (100000000000), G_GUINT64_CONSTANT (1000000000000),
  G_GUINT64_CONSTANT (10000000000000), G_GUINT64_CONSTANT (100000000000000),
  G_GUINT64_CONSTANT (1000000000000000), G_GUINT64_CONSTANT (10000000000000000),
  G_GUINT64_CONSTANT (100000000000000000), G_GUINT64_CONSTANT (1000000000000000000),
  G_GUINT64_CONSTANT (10000000000000000000),
};
static const char *const formats[] = { "%.0f", "%.1f", "%.2f", "%.3f", "%.4f" };

/* q / 10^d and its rest, the divisor a constant (a multiplication). */
static inline guint64
split (guint64 q, int decimals, guint64 *fraction)
{
  switch (decimals)
    {
    case 1: *fraction = q % 10; return q / 10;
    case 2: *fraction = q % 100; return q / 100;
    case 3: *fraction = q % 1000; return q / 1000;
    case 4: *fraction = q % 10000; return q / 10000;
    default: *fraction = 0; return q;
    }
}

int
sw_format_fixed_width (char *buf, double value, int width, int decimals)
{
  guint64 bits, m, q, whole, fraction;
  int e, shift, len, pad, int_digits;
  char *p;

  g_return_val_if_fail (decimals >= 0 && decimals <= 4, 0);
  if (!(fabs (value) < 1e15))
    {
      char text[SW_NUMBER_FIXED_BUF_SIZE];

      len = (int) strlen (g_ascii_formatd (text, sizeof text, formats[decimals], value));
      pad = MAX (width - len, 0);
      memset (buf, ' ', pad);
      memcpy (buf + pad, text, len);
      return pad + len;
    }
  memcpy (&bits, &value, sizeof bits);
  m = bits & ((G_GUINT64_CONSTANT (1) << 52) - 1);
  e = (int) ((bits >> 52) & 0x7ff);
  if (e == 0)
    e = -1074;   /* zero and subnormal: no hidden bit */
  else
    m |= G_GUINT64_CONSTANT (1) << 52, e -= 1075;
  m *= pow5[decimals];
  shift = e + decimals;
  if (shift >= 0)
    q = m << shift;   /* below 1e19: |value| < 1e15 */
  else if (shift <= -64)
    q = 0;            /* m < 2^63: below half a unit */
  else
    {
      /* Without branches: the values (and so the rounding) are random. */
      guint64 rest = m & ((G_GUINT64_CONSTANT (1) << -shift) - 1), half = G_GUINT64_CONSTANT (1) << (-shift - 1);

      q = m >> -shift;
      q += (rest > half) | ((rest == half) & q);
    }
  if (q < 100000000 && decimals > 0 && width >= 10)
    {
      /* The common case, a field of 9 characters or more for 8 digits:
       * the digits at once, the zeros before the first that counts made
       * spaces, the decimals one byte on after the point, the sign before
       * the first digit. */
      guint64 text = _sw_number_ascii8 ((guint32) q), values = text - G_GUINT64_CONSTANT (0x3030303030303030);
      int int_places = 8 - decimals;
      int zeros = MIN (values != 0 ? __builtin_ctzll (values) / 8 : 8, int_places - 1);
      char *at = buf + width - 9;

      text -= G_GUINT64_CONSTANT (0x1010101010101010) & ((G_GUINT64_CONSTANT (1) << (8 * zeros)) - 1);
      if (width <= 16)
        memcpy (buf, "                ", 16);
      else
        memset (buf, ' ', width);
      _sw_number_store8 (at, text);
      _sw_number_store8 (at + int_places, '.' | (text >> (8 * int_places)) << 8);
      if (bits >> 63)
        at[zeros - 1] = '-';
      return width;
    }
  whole = split (q, decimals, &fraction);
  /* Digits of the integer part from its bit length (log10 2 ~ 1233 / 4096),
   * corrected by one comparison. */
  {
    int guess = ((64 - __builtin_clzll (whole | 1)) * 1233) >> 12;

    int_digits = guess + (whole >= powers_of_ten[guess]);
    int_digits = MAX (int_digits, 1);
  }
  /* The sign ("-0.00" too, as printf), the integer part, the point and
   * the decimals, after the spaces. */
  len = (int) (bits >> 63) + int_digits + (decimals > 0 ? decimals + 1 : 0);
  pad = MAX (width - len, 0);
  if (pad <= 16)
    memcpy (buf, "                ", 16);
  else
    memset (buf, ' ', pad);
  p = buf + pad + len;
  for (int i = 0; i < decimals; i++, fraction /= 10)
    *--p = (char) ('0' + fraction % 10);
  if (decimals > 0)
    *--p = '.';
  do
    *--p = (char) ('0' + whole % 10), whole /= 10;
  while (whole > 0);
  if (bits >> 63)
    *--p = '-';
  return pad + len;
}

int
sw_format_fixed (char *buf, double value, int decimals)
{
  char text[SW_NUMBER_FIXED_BUF_SIZE + 16];
  int len = sw_format_fixed_width (text, value, 0, decimals);

  memcpy (buf, text, len);
  buf[len] = '\0';
  return len;
}

#ifdef HAVE_LANES

/* Eight fields: q = v 10^d rounded as above, in lanes, then its eight
 * digits with the zeros before the first that counts made spaces, the
 * point let in after 8 - d of them, the sign before the first, after
 * width - 9 spaces. */
LANES static void
fixed8 (const double *values, int width, int decimals, guint64 *fields, guint8 *ok)
{
  const __m512i one = V8 (1);
  int places = 8 - decimals, off = width - 9;
  __m512i bits = _mm512_loadu_si512 (values);
  __m512i biased = _mm512_and_si512 (_mm512_srli_epi64 (bits, 52), V8 (0x7ff));
  __m512i m = _mm512_and_si512 (bits, V8 ((G_GUINT64_CONSTANT (1) << 52) - 1));
  __m512i right, p, q, rest, half, text, zeros, lo, hi;
  __mmask8 normal = _mm512_cmpneq_epi64_mask (biased, _mm512_setzero_si512 ()), fits;

  /* m 5^d (63 bits at most) shifted right by 1075 - d - e' (e' = 1 for a
   * subnormal), at most 64 (then q = 0: below half a unit). */
  m = _mm512_mask_or_epi64 (m, normal, m, V8 (G_GUINT64_CONSTANT (1) << 52));
  biased = _mm512_max_epi64 (biased, one);
  p = _mm512_mullo_epi64 (m, _mm512_set1_epi64 ((long long) pow5[decimals]));
  right = _mm512_min_epi64 (_mm512_sub_epi64 (_mm512_set1_epi64 (1075 - decimals), biased), V8 (64));
  fits = _mm512_cmpgt_epi64_mask (right, _mm512_setzero_si512 ());
  q = _mm512_srlv_epi64 (p, right);
  rest = _mm512_and_si512 (p, _mm512_sub_epi64 (_mm512_sllv_epi64 (one, right), one));
  half = _mm512_sllv_epi64 (one, _mm512_sub_epi64 (right, one));
  q = _mm512_mask_add_epi64 (q, _mm512_cmpgt_epu64_mask (rest, half)
                                  | (_mm512_cmpeq_epi64_mask (rest, half) & _mm512_test_epi64_mask (q, one)),
                             q, one);
  /* Not nan or inf (biased 0x7ff), below 10^8. */
  fits &= _mm512_cmplt_epu64_mask (q, V8 (100000000)) & _mm512_cmpneq_epi64_mask (biased, V8 (0x7ff));
  /* The zeros before the first digit that counts, one less than the
   * places before the point at most. */
  zeros = _mm512_set1_epi64 (places - 1);
  for (int i = decimals + 1; i < 8; i++)
    zeros = _mm512_mask_sub_epi64 (zeros, _mm512_cmpge_epu64_mask (q, _mm512_set1_epi64 ((long long) powers_of_ten[i])),
                                   zeros, one);
  text = ascii8 (q);
  text = _mm512_sub_epi64 (text, _mm512_and_si512 (V8 (0x1010101010101010ULL),
                                                   _mm512_sub_epi64 (_mm512_sllv_epi64 (one, _mm512_slli_epi64 (zeros, 3)),
                                                                     one)));
  /* The block of nine: the places, the point, the decimals (the last
   * digit in hi's first byte). */
  lo = _mm512_or_si512 (
    _mm512_and_si512 (text, _mm512_set1_epi64 ((long long) ((G_GUINT64_CONSTANT (1) << (8 * places)) - 1))),
    _mm512_or_si512 (_mm512_set1_epi64 ((long long) ((guint64) '.' << (8 * places))),
                     _mm512_sll_epi64 (_mm512_srl_epi64 (text, _mm_cvtsi32_si128 (8 * places)),
                                       _mm_cvtsi32_si128 (8 * places + 8))));
  hi = _mm512_srli_epi64 (text, 56);
  /* After the spaces: off (1 ... 7) bytes on. */
  hi = _mm512_or_si512 (_mm512_srl_epi64 (lo, _mm_cvtsi32_si128 (64 - 8 * off)),
                        _mm512_sll_epi64 (hi, _mm_cvtsi32_si128 (8 * off)));
  lo = _mm512_or_si512 (_mm512_sll_epi64 (lo, _mm_cvtsi32_si128 (8 * off)),
                        _mm512_set1_epi64 ((long long) (G_GUINT64_CONSTANT (0x2020202020202020) >> (64 - 8 * off))));
  /* '-' over the space before the first digit: off + zeros - 1 <= 7. */
  lo = _mm512_mask_add_epi64 (lo, _mm512_movepi64_mask (bits), lo,
                              _mm512_sllv_epi64 (V8 ('-' - ' '), _mm512_slli_epi64 (
                                                   _mm512_add_epi64 (zeros, _mm512_set1_epi64 (off - 1)), 3)));
  /* Each value's two words side by side. */
  _mm512_storeu_si512 (fields, _mm512_permutex2var_epi64 (lo, _mm512_set_epi64 (11, 3, 10, 2, 9, 1, 8, 0), hi));
  _mm512_storeu_si512 (fields + 8, _mm512_permutex2var_epi64 (lo, _mm512_set_epi64 (15, 7, 14, 6, 13, 5, 12, 4), hi));
  for (int i = 0; i < 8; i++)
    ok[i] = (fits >> i) & 1;
}

#endif

gboolean
sw_format_fixed_batch (const double *values, guint n, int width, int decimals, guint64 *fields, guint8 *ok)
{
#ifdef HAVE_LANES
  if (_sw_json_numbers_in_lanes () && decimals >= 1 && decimals <= 4 && width >= 10
      && width - 9 + 7 - decimals <= 8)
    {
      guint whole = n / 8 * 8;

      for (guint i = 0; i < whole; i += 8)
        fixed8 (values + i, width, decimals, fields + 2 * i, ok + i);
      if (whole < n)
        {
          double last[8] = { 0 };
          guint64 last_fields[16];
          guint8 last_ok[8];

          memcpy (last, values + whole, (n - whole) * sizeof (double));
          fixed8 (last, width, decimals, last_fields, last_ok);
          memcpy (fields + 2 * whole, last_fields, (n - whole) * 2 * sizeof (guint64));
          memcpy (ok + whole, last_ok, n - whole);
        }
      return TRUE;
    }
#endif
  memset (ok, 0, n);
  return FALSE;
}
