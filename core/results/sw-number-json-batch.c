/* sw-number-json-batch.c: the JSON text of many doubles at once
 * (sw-number-json.h), for `modal --json`'s three million numbers.
 *
 * One number at a time (sw-number-shortest.c and sw-number-json.c) takes
 * about 30 ns: some 250 instructions, most of them 64- and 128-bit integer
 * work that a processor runs one number after the other. Where the
 * processor has AVX-512 with IFMA (52-bit multiplications in eight lanes),
 * eight numbers go through the same exact arithmetic side by side, and what
 * is left per number is a few stores (sw_json_numbers_write()).
 *
 * The lanes take the common case and leave the rest (marked by a 0 in
 * meta) to sw_format_double_json(): 2^-19 <= |v| < 2^30 (modal --json's
 * shapes and percentages; one pair of registers holds each table), not an
 * integer, 15, 16 or 17 shortest digits. For such v = m 2^e (m < 2^53)
 * with 10^x <= |v| < 10^(x+1) and k = 16 - x (7 ... 22), V = v 10^k =
 * m 5^k 2^(k+e) lies in [1e16, 1e17) and W = m 5^k 2^c is exact in 104 bits
 * (c = 2 up to k = 20, 0 above, where 4 5^k would not fit the 52 bits of
 * a lane's multiplication): W = V 2^sh, sh = c - k - e (1 ... 50). The
 * numbers that read back to v are V -+ 5^k 2^(k+e-1) (a quarter below when
 * m is a power of two), inclusive when m is even (strtod rounds a tie to
 * the even m; never exactly at an end in this range, as it happens). That
 * half-gap is 0.55 ... 11.1 units of V's last digit, so (when it is below
 * 10) only the multiples of ten next to V, 10t and 10t + 10, can be inside:
 * 16 digits when one is (the nearer when both, a tie to the even one), 15
 * when that one is a multiple of 100, else 17 (V rounded, a tie to even).
 * A multiple of 1000 inside is the multiple of 100 (the only one): its
 * digits less its zeros at the end (14 or fewer), but where it carries
 * into the digits before or the number is an integer (the general way).
 * V's integer part is split as A 10^8 + B (a double's quotient, corrected),
 * and A (9 digits) and the 8 after it become ASCII by multiplications in
 * 32- and 16-bit lanes, as _sw_number_ascii8() does in one register.
 * The same digits as sw-number-shortest.c's (tests/core/results/test-number.c
 * compares the texts of a million doubles).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-number-json.h"
#include "sw-number-private.h"

#include "sw-number-lanes-private.h"

/* Rounded up to whole groups of eight. */
static guint
padded (guint n)
{
  return (n + 7) / 8 * 8;
}

void
sw_json_numbers_init (SwJsonNumbers *numbers, guint size)
{
  guint n = padded (MAX (size, 1));

  numbers->size = size;
  numbers->one_by_one = FALSE;
  numbers->high = g_new (guint64, n);
  numbers->low = g_new (guint64, n);
  numbers->meta = g_new0 (guint32, n);
}

void
sw_json_numbers_clear (SwJsonNumbers *numbers)
{
  g_clear_pointer (&numbers->high, g_free);
  g_clear_pointer (&numbers->low, g_free);
  g_clear_pointer (&numbers->meta, g_free);
  numbers->size = 0;
}

#ifdef HAVE_LANES

#define TEN16 10000000000000000ULL
#define TEN8 100000000
/* Fixed point with 60 bits of fraction: distances of at most 16 units. */
#define FIX_ONE (1ULL << 60)

/* 5^k 2^c for k = 7 ... 22: 4 x 5^k up to k = 20, 5^21, 5^22. */
static const guint64 scaled_pow5[16] = {
  312500ULL, 1562500ULL, 7812500ULL, 39062500ULL, 195312500ULL, 976562500ULL, 4882812500ULL, 24414062500ULL,
  122070312500ULL, 610351562500ULL, 3051757812500ULL, 15258789062500ULL, 76293945312500ULL, 381469726562500ULL,
  476837158203125ULL, 2384185791015625ULL,
};

/* 10^-5 ... 10^9 as the nearest doubles: where the decade of an
 * estimate x (-6 ... 8) ends, at [x + 6]. */
static const double decade_end[16] = {
  1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
};

/* table[i], i = 0 ... 15 (the low four bits of i), from two registers. */
LANES static inline __m512i
lookup (const guint64 *table, __m512i i)
{
  return _mm512_permutex2var_epi64 (_mm512_loadu_si512 (table), i, _mm512_loadu_si512 (table + 8));
}

/* x / 10 for x < 2^32. */
LANES static inline __m512i
div10 (__m512i x)
{
  return _mm512_srli_epi64 (_mm512_mul_epu32 (x, V8 (0xCCCCCCCDULL)), 35);
}

LANES static inline __attribute__ ((always_inline)) void
prepare8 (const double *values, guint64 *high, guint64 *low, guint32 *meta)
{
  const __m512i zero = OPAQUE (_mm512_setzero_si512 ()), one = V8 (1);
  __m512i bits = _mm512_loadu_si512 (values);
  __m512i magnitude = _mm512_and_si512 (bits, V8 (0x7fffffffffffffffULL));
  __m512i biased = _mm512_srli_epi64 (magnitude, 52);
  __m512i fraction = _mm512_and_si512 (bits, V8 ((1ULL << 52) - 1));
  __m512i x, k, p5, sh, w_low, w_high, iv, rest, a, b, t, t_tens, t_hundreds, pos, up_gap, down_gap, even, tail, n;
  __mmask8 ok, inside_below, inside_above, up, sixteen, fifteen, round_up, general;

  /* 2^-19 <= |v| < 2^30: x = -6 ... 9, one register pair of each table
   * (modal --json's numbers are shapes and percentages). */
  ok = _mm512_cmple_epu64_mask (_mm512_sub_epi64 (biased, V8 (1004)), V8 (1052 - 1004));
  /* floor (e log10 2), e = -19 ... 29: a 32-bit signed product. */
  x = _mm512_srai_epi64 (_mm512_mul_epi32 (_mm512_sub_epi64 (biased, V8 (1023)), V8 (78913)), 18);
  {
    __m512i i = _mm512_add_epi64 (x, V8 (6));
    __m512d end = _mm512_castsi512_pd (lookup ((const guint64 *) decade_end, i));

    x = _mm512_mask_add_epi64 (x, _mm512_cmp_pd_mask (_mm512_castsi512_pd (magnitude), end, _CMP_GE_OQ), x, one);
  }
  k = _mm512_sub_epi64 (V8 (16), x);
  p5 = lookup (scaled_pow5, _mm512_sub_epi64 (k, V8 (7)));
  sh = _mm512_sub_epi64 (_mm512_sub_epi64 (V8 (1077), k), biased);
  sh = _mm512_mask_sub_epi64 (sh, _mm512_cmpgt_epu64_mask (k, V8 (20)), sh, V8 (2));

  /* W = m 5^k 2^c = (2^52 + fraction) 5^k 2^c in two 52-bit halves; V's
   * integer part and the sh bits of its fraction. */
  w_low = _mm512_madd52lo_epu64 (zero, fraction, p5);
  w_high = _mm512_madd52hi_epu64 (p5, fraction, p5);
  iv = _mm512_or_si512 (_mm512_sllv_epi64 (w_high, _mm512_sub_epi64 (V8 (52), sh)), _mm512_srlv_epi64 (w_low, sh));
  rest = _mm512_and_si512 (w_low, _mm512_sub_epi64 (_mm512_sllv_epi64 (one, sh), one));
  ok &= _mm512_cmplt_epu64_mask (_mm512_sub_epi64 (iv, V8 (TEN16)), V8 (9 * TEN16));

  /* iv = a 10^8 + b: the quotient in doubles is off by at most one. */
  a = _mm512_cvttpd_epu64 (_mm512_mul_pd (_mm512_cvtepu64_pd (iv), OPAQUE (_mm512_set1_pd (1e-8))));
  b = _mm512_sub_epi64 (iv, _mm512_mul_epu32 (a, V8 (TEN8)));   /* a < 2^30 */
  {
    __mmask8 below = _mm512_cmplt_epi64_mask (b, zero), above;

    a = _mm512_mask_sub_epi64 (a, below, a, one);
    b = _mm512_mask_add_epi64 (b, below, b, V8 (TEN8));
    above = _mm512_cmpge_epi64_mask (b, V8 (TEN8));
    a = _mm512_mask_add_epi64 (a, above, a, one);
    b = _mm512_mask_sub_epi64 (b, above, b, V8 (TEN8));
  }
  /* t = iv / 10 (its low part: t's parity), its last digit and the one
   * before; V - 10t and the half-gaps in fixed point (exact: V has at most
   * 48 bits of fraction). */
  t = div10 (b);
  t_hundreds = div10 (t);
  t_tens = _mm512_sub_epi64 (t, _mm512_mul_epu32 (t_hundreds, V8 (10)));
  pos = _mm512_or_si512 (_mm512_slli_epi64 (_mm512_sub_epi64 (b, _mm512_mul_epu32 (t, V8 (10))), 60),
                         _mm512_sllv_epi64 (rest, _mm512_sub_epi64 (V8 (60), sh)));
  up_gap = _mm512_sllv_epi64 (p5, _mm512_sub_epi64 (V8 (59), sh));   /* 5^k 2^(k+e-1) */
  down_gap = _mm512_mask_srli_epi64 (up_gap, _mm512_cmpeq_epi64_mask (fraction, zero), up_gap, 1);
  even = _mm512_andnot_si512 (bits, one);
  inside_below = _mm512_cmplt_epu64_mask (pos, _mm512_add_epi64 (down_gap, even));
  inside_above = _mm512_cmplt_epu64_mask (_mm512_sub_epi64 (V8 (10 * FIX_ONE), pos), _mm512_add_epi64 (up_gap, even));
  sixteen = inside_below | inside_above;
  {
    __mmask8 down100 = _mm512_cmpeq_epi64_mask (t_tens, zero) & inside_below;
    __mmask8 up100 = _mm512_cmpeq_epi64_mask (t_tens, V8 (9)) & inside_above;

    fifteen = down100 | up100;
    /* A half-gap of 10 or more (a third multiple of ten may be inside). */
    general = _mm512_cmpge_epu64_mask (up_gap, V8 (10 * FIX_ONE));
    ok &= ~general;
    /* 17 digits: V rounded; 16: 10t or 10t + 10, the nearer (a tie to
     * the even t); 15: the multiple of 100; as the 8 digits after a's 9,
     * zeros after the last. */
    round_up = _mm512_cmpgt_epu64_mask (rest, _mm512_sllv_epi64 (one, _mm512_sub_epi64 (sh, one)))
               | (_mm512_cmpeq_epi64_mask (rest, _mm512_sllv_epi64 (one, _mm512_sub_epi64 (sh, one)))
                  & _mm512_test_epi64_mask (b, one));
    up = _mm512_cmpgt_epu64_mask (pos, V8 (5 * FIX_ONE))
         | (_mm512_cmpeq_epi64_mask (pos, V8 (5 * FIX_ONE)) & _mm512_test_epi64_mask (t, one));
    up = inside_above & (up | ~inside_below);
    tail = _mm512_mask_add_epi64 (b, round_up, b, one);
    tail = _mm512_mask_mov_epi64 (tail, sixteen, _mm512_mul_epu32 (_mm512_mask_add_epi64 (t, up, t, one), V8 (10)));
    tail = _mm512_mask_mov_epi64 (tail, fifteen,
                                  _mm512_mul_epu32 (_mm512_mask_add_epi64 (t_hundreds, up100, t_hundreds, one), V8 (100)));
  }
  n = _mm512_mask_blend_epi64 (sixteen, V8 (17), V8 (16));
  {
    __m512i first = _mm512_srli_epi64 (_mm512_mul_epu32 (a, V8 (1441151881)), 57);   /* a / 10^8, a < 10^9 */
    __m512i high_text = ascii8 (_mm512_sub_epi64 (a, _mm512_mul_epu32 (first, V8 (TEN8))));
    __m512i low_text = ascii8 (tail);
    __m512i m;

    /* The multiple of 100 inside is the only one (the interval is 20
     * units wide at most), and so is any multiple of 10^j, j > 2, inside:
     * its digits are 17 less its zeros at the end (the highest bytes of
     * the digits' words). Not where it carries into a (10^8: as before,
     * the general way), nor for an integer (no point in the text). */
    {
      __m512i zeros = _mm512_srli_epi64 (_mm512_lzcnt_epi64 (_mm512_sub_epi64 (low_text, V8 (0x3030303030303030ULL))), 3);
      __m512i high_zeros = _mm512_srli_epi64 (
        _mm512_lzcnt_epi64 (_mm512_sub_epi64 (high_text, V8 (0x3030303030303030ULL))), 3);

      zeros = _mm512_mask_add_epi64 (zeros, _mm512_cmpeq_epi64_mask (tail, zero), zeros, high_zeros);
      n = _mm512_mask_sub_epi64 (n, fifteen, V8 (17), zeros);
      ok &= ~(fifteen & _mm512_cmpge_epu64_mask (tail, V8 (TEN8)));
      ok &= _mm512_cmpgt_epi64_mask (n, _mm512_add_epi64 (x, one));
    }
    m = _mm512_or_si512 (
      _mm512_or_si512 (_mm512_add_epi64 (first, V8 ('0')), _mm512_slli_epi64 (_mm512_and_si512 (x, V8 (0xff)), 8)),
      _mm512_or_si512 (_mm512_slli_epi64 (n, 16), _mm512_slli_epi64 (_mm512_srli_epi64 (bits, 63), 24)));

    _mm512_storeu_si512 (high, high_text);
    _mm512_storeu_si512 (low, low_text);
    _mm256_storeu_si256 ((__m256i *) meta, _mm512_cvtepi64_epi32 (_mm512_maskz_mov_epi64 (ok, m)));
  }
}

/* Whole groups of eight (the constants stay in registers over the loop). */
LANES static void
prepare_lanes (const double *values, guint n, guint64 *high, guint64 *low, guint32 *meta)
{
  for (guint i = 0; i < n; i += 8)
    prepare8 (values + i, high + i, low + i, meta + i);
}

static gboolean
have_lanes (void)
{
  return __builtin_cpu_supports ("avx512f") && __builtin_cpu_supports ("avx512dq")
         && __builtin_cpu_supports ("avx512bw") && __builtin_cpu_supports ("avx512vl")
         && __builtin_cpu_supports ("avx512ifma") && __builtin_cpu_supports ("avx512cd");
}

#endif

int
_sw_json_numbers_write_other (guint32 meta, guint64 high, guint64 low, char *buf)
{
  int x = (gint8) (meta >> 8), n = (meta >> 16) & 0xff, p = meta >> 24;

  buf[0] = '-';
  if (x < -4)
    {
      /* "d.ddd" (or "d") and "e-0X" over the digits' tail (x is -5 or -6). */
      char exponent[4] = { 'e', '-', '0', (char) ('0' - x) };
      int point = n > 1;

      buf[p] = (char) meta;
      buf[p + 1] = '.';
      _sw_json_store8 (buf + p + 2, high);
      _sw_json_store8 (buf + p + 10, low);
      memcpy (buf + p + n + point, exponent, 4);
      return p + n + point + 4;
    }
  else
    {
      /* The digits, then those after the point again one byte on. */
      unsigned __int128 tail = high | (unsigned __int128) low << 64;

      buf[p] = (char) meta;
      _sw_json_store8 (buf + p + 1, (guint64) tail);
      _sw_json_store8 (buf + p + 9, (guint64) (tail >> 64));
      tail >>= 8 * x;
      buf[p + x + 1] = '.';
      _sw_json_store8 (buf + p + x + 2, (guint64) tail);
      _sw_json_store8 (buf + p + x + 10, (guint64) (tail >> 64));
      return p + n + 1;
    }
}

gboolean
_sw_json_numbers_in_lanes (void)
{
#ifdef HAVE_LANES
  static gsize state = 0;   /* 1 + whether */

  if (g_once_init_enter (&state))
    g_once_init_leave (&state, 1 + have_lanes ());
  return state == 2;
#else
  return FALSE;
#endif
}

void
sw_json_numbers_prepare (SwJsonNumbers *numbers, const double *values, guint n)
{
  G_GNUC_UNUSED guint whole = n / 8 * 8;

  g_return_if_fail (n <= numbers->size);
#ifdef HAVE_LANES
  if (!numbers->one_by_one && _sw_json_numbers_in_lanes ())
    {
      prepare_lanes (values, whole, numbers->high, numbers->low, numbers->meta);
      if (whole < n)
        {
          /* The last few through the lanes too, from a copy padded with
           * zeros (the arrays have room for whole groups). */
          double last[8] = { 0 };

          memcpy (last, values + whole, (n - whole) * sizeof (double));
          prepare_lanes (last, 8, numbers->high + whole, numbers->low + whole, numbers->meta + whole);
        }
      return;
    }
#endif
  /* Without the lanes: all by sw_format_double_json(). */
  memset (numbers->meta, 0, n * sizeof (guint32));
}
