/* sw-number-lanes-private.h: eight doubles' digits side by side in
 * AVX-512 lanes (sw-number-json-batch.c, sw-number-fixed.c), where the
 * processor has them (_sw_json_numbers_in_lanes()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define HAVE_LANES 1
#include <immintrin.h>

#define LANES __attribute__ ((target ("avx512f,avx512dq,avx512ifma,avx512bw,avx512vl,avx512cd")))
/* A constant the compiler cannot see into: made once before the loop and
 * kept (in a register, or on the stack as an operand), not made again at
 * each use from an immediate (two instructions each), and a product by it
 * stays one multiplication, not shifts and additions: 10 % of the loop. */
#define OPAQUE(c) ({ __typeof__ (c) _c = (c); __asm__ ("" : "+v" (_c)); _c; })
#define V8(c) OPAQUE (_mm512_set1_epi64 ((long long) (c)))

/* Eight numbers below 10^8 as eight ASCII digits each, the first in the
 * lowest byte: halves, pairs, digits (_sw_number_ascii8()'s steps). */
LANES static inline __m512i
ascii8 (__m512i v)
{
  __m512i high4 = _mm512_srli_epi64 (_mm512_mul_epu32 (v, V8 (0xD1B71759)), 45);   /* / 10^4 */
  __m512i halves = _mm512_or_si512 (high4, _mm512_slli_epi64 (_mm512_sub_epi64 (v, _mm512_mul_epu32 (high4, V8 (10000))), 32));
  __m512i hundreds = _mm512_srli_epi32 (_mm512_mullo_epi32 (halves, OPAQUE (_mm512_set1_epi32 (10486))), 20);
  __m512i pairs = _mm512_or_si512 (
    hundreds, _mm512_slli_epi32 (_mm512_sub_epi32 (halves, _mm512_mullo_epi32 (hundreds, OPAQUE (_mm512_set1_epi32 (100)))), 16));
  __m512i tens = _mm512_srli_epi16 (_mm512_mullo_epi16 (pairs, OPAQUE (_mm512_set1_epi16 (103))), 10);
  __m512i digits = _mm512_or_si512 (
    tens, _mm512_slli_epi16 (_mm512_sub_epi16 (pairs, _mm512_mullo_epi16 (tens, OPAQUE (_mm512_set1_epi16 (10)))), 8));

  return _mm512_add_epi64 (digits, V8 (0x3030303030303030ULL));
}

#endif
