/* sw-number-shortest.c: the shortest digits that read back to a double, in
 * exact integer arithmetic (about 10 ns a number; std::to_chars takes 80).
 *
 * For 1e-10 <= |v| < 1e17 (finite, normal): v = m 2^e, and V = v 10^k with
 * k = 16 - x (10^x <= |v| < 10^(x+1)) lies in [1e16, 1e17). V = m 5^k 2^(k+e)
 * is exact in 128 bits (m < 2^53, 5^k < 2^62 for k <= 26), an integer part
 * and a fraction of at most 62 bits, and so are the ends of the interval of
 * numbers that read back to v, V -+ 5^k 2^(k+e-1) (a quarter below a power
 * of two).
 * The digits are the largest power of ten j with a multiple of 10^j in the
 * interval (inclusive when m is even: strtod rounds a tie to the even
 * mantissa), the multiple nearest to V, a tie to the even one: what
 * std::to_chars gives, which does everything else (sw-number-digits.cc).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-number-private.h"

#include <math.h>
#include <string.h>

#define TEN16 10000000000000000ULL
#define TEN17 100000000000000000ULL

typedef unsigned __int128 u128;

static const guint64 pow5[] = {
  1ULL, 5ULL, 25ULL, 125ULL, 625ULL, 3125ULL, 15625ULL, 78125ULL, 390625ULL, 1953125ULL, 9765625ULL,
  48828125ULL, 244140625ULL, 1220703125ULL, 6103515625ULL, 30517578125ULL, 152587890625ULL,
  762939453125ULL, 3814697265625ULL, 19073486328125ULL, 95367431640625ULL, 476837158203125ULL,
  2384185791015625ULL, 11920928955078125ULL, 59604644775390625ULL, 298023223876953125ULL,
  1490116119384765625ULL,
};

/* 10^-11 ... 10^18 as the nearest doubles. */
static const double pow10_double[] = {
  1e-11, 1e-10, 1e-9, 1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1e0, 1e1, 1e2, 1e3,
  1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
};

/* floor (e2 log10 2) for |e2| < 1000, without a signed shift. */
static inline int
floor_log10_pow2 (int e2)
{
  return e2 >= 0 ? (e2 * 78913) >> 18 : -((-e2 * 78913 + (1 << 18) - 1) >> 18);
}

gboolean
_sw_number_shortest_decimal (double value, guint64 *digits, int *n_digits, int *exponent)
{
  guint64 bits, m, q, p, iv, rv, iu, ru, il, rl, lo, hi, c, mask, step, up, down;
  u128 vn;
  int biased, e, x, k, sh, left, j, n;
  gboolean even;

  memcpy (&bits, &value, sizeof bits);
  biased = (int) (bits >> 52 & 0x7ff);
  if (biased < 1023 - 39 || biased > 1023 + 56)
    return FALSE;   /* outside 1e-10 ... 1e17 (zero, subnormal, inf, nan) */
  m = (bits & ((1ULL << 52) - 1)) | (1ULL << 52);
  e = biased - 1075;
  even = (m & 1) == 0;

  /* x from the binary exponent and a comparison (one decade in three
   * starts inside a binade); V's integer part corrects it where 10^(x+1)
   * is not a double. */
  x = floor_log10_pow2 (biased - 1023);
  x += fabs (value) >= pow10_double[x + 12];
  for (;;)
    {
      k = 16 - x;
      if (k < 0 || k > 26)
        return FALSE;
      /* 4V = 4 m 5^k over 2^sh, sh = 2 - (k + e) <= 62. */
      step = pow5[k];
      vn = ((u128) m * step) << 2;
      sh = 2 - (k + e);
      left = sh < 0 ? -sh : 0;   /* |v| >= 2^53: all integers */
      vn <<= left, sh += left;
      iv = (guint64) (vn >> sh);
      if (G_LIKELY (iv >= TEN16 && iv < TEN17))
        break;
      x += iv < TEN16 ? -1 : 1;
    }
  mask = (1ULL << sh) - 1;
  rv = (guint64) vn & mask;
  /* The ends, V -+ 2 5^k over the same 2^sh (a quarter below when the gap
   * below is half: a power of two), as integer and fraction. */
  up = step << (1 + left);
  down = m == 1ULL << 52 && biased > 1 ? step << left : up;
  ru = rv + (up & mask);
  iu = iv + (up >> sh) + (ru >> sh);
  ru &= mask;
  rl = rv - (down & mask);
  il = iv - (down >> sh) - (rv < (down & mask));
  rl &= mask;
  /* The integers that read back: [lo, hi]. */
  lo = il + (rl != 0 || !even);
  hi = iu - (ru == 0 && !even);

  /* The most trailing zeros a number in [lo, hi] can have. None: 17
   * digits, V rounded (always inside: the interval is wider than 1). One:
   * the multiple of ten nearest V, or its neighbour inside. Both made
   * without a branch (computed values need 17 or 16 digits about equally
   * often: a branch would be guessed wrong half the time); more, rarely,
   * below. */
  {
    guint64 half = mask / 2 + 1;   /* 1 when sh = 0: then rv = 0 */
    guint64 c17 = iv + ((rv > half) | ((rv == half) & iv));
    guint64 down = iv / 10, r = iv - down * 10;
    guint64 q16 = down + ((r > 5) | ((r == 5) & ((rv > 0) | down)));
    guint64 one;

    q = hi / 10;
    one = -(guint64) (q * 10 >= lo);
    q16 -= q16 * 10 > hi;
    q16 += q16 * 10 < lo;
    if (G_LIKELY ((q / 10) * 100 < lo))
      {
        *digits = (q16 & one) | (c17 & ~one);
        *n_digits = 17 - (int) (one & 1);
        *exponent = x;
        return TRUE;
      }
  }
  for (j = 1, p = 10; j < 17; j++)
    {
      guint64 q10 = q / 10;

      if (q10 * (p * 10) < lo)
        break;
      q = q10, p *= 10;
    }
  /* The multiple of 10^j nearest V: down from the largest while the next
   * is nearer (2V against the two's sum), a tie to the even one. */
  c = q * p;
  while (c >= lo + p)
    {
      guint64 sum = 2 * c - p;

      if (2 * iv > sum || (2 * iv == sum && rv > 0))
        break;
      if (2 * iv == sum && (q & 1) == 0)
        break;
      c -= p, q--;
    }
  /* c has 16, 17 or (10^17 only) 18 digits. */
  n = c >= TEN17 ? 18 : c >= TEN16 ? 17 : 16;
  *digits = q;
  *n_digits = n - j;
  *exponent = x + n - 17;
  return TRUE;
}

void
_sw_number_write_17 (char *out, guint64 q)
{
  guint64 high = q / 100000000;

  out[0] = (char) ('0' + high / 100000000);
  _sw_number_store8 (out + 1, _sw_number_ascii8 ((guint32) (high % 100000000)));
  _sw_number_store8 (out + 9, _sw_number_ascii8 ((guint32) (q % 100000000)));
}

void
_sw_number_write_digits (char *out, guint64 q, int n)
{
  char all[17];

  _sw_number_write_17 (all, q);
  memcpy (out, all + 17 - n, n);
}

int
_sw_number_shortest_digits (double value, char digits[SW_NUMBER_MAX_DIGITS + 1], int *point)
{
  guint64 q;
  int n, x;

  if (!_sw_number_shortest_decimal (value, &q, &n, &x))
    return _sw_number_shortest_digits_exact (value, digits, point);
  _sw_number_write_digits (digits, q, n);
  digits[n] = '\0';
  *point = x + 1;
  return n;
}
