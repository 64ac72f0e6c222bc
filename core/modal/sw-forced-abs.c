/* sw-forced-abs.c: the magnitudes of many complex amplitudes at once
 * (sw-forced-private.h), for the forced response's sums over the orders:
 * a million per response.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-forced-private.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define ABS_AVX2 1
#endif

/* |y| of n amplitudes into out (add: onto it), a million of them per
 * response: sqrt (re^2 + im^2) with both scaled by a power of two where the
 * square would underflow or overflow (exact; far along a damped chain the
 * response underflows), four (AVX2) or two (SSE2, always there) at a time
 * without a branch on x86-64: the scalar square root waits on errno's
 * check. */
#ifdef ABS_AVX2
/* Four at a time, for processors with AVX2: the first n / 4 * 4. */
__attribute__ ((target ("avx2"))) static guint
abs_many_avx2 (const double complex *restrict y, double *restrict out, guint n, gboolean add)
{
  const __m256d tiny = _mm256_set1_pd (1e-290), huge = _mm256_set1_pd (1e290), one = _mm256_set1_pd (1);
  const __m256d up_tiny = _mm256_set1_pd (0x1p600), up_huge = _mm256_set1_pd (0x1p-600);
  guint j = 0;

  for (; j + 4 <= n; j += 4)
    {
      __m256d a = _mm256_loadu_pd ((const double *) (y + j)), b = _mm256_loadu_pd ((const double *) (y + j + 2));
      /* Lanes j, j + 2, j + 1, j + 3. */
      __m256d re = _mm256_unpacklo_pd (a, b), im = _mm256_unpackhi_pd (a, b);
      __m256d s = _mm256_add_pd (_mm256_mul_pd (re, re), _mm256_mul_pd (im, im));
      __m256d small = _mm256_cmp_pd (s, tiny, _CMP_LT_OQ), big = _mm256_cmp_pd (s, huge, _CMP_GT_OQ);
      __m256d up = _mm256_blendv_pd (_mm256_blendv_pd (one, up_huge, big), up_tiny, small);
      __m256d down = _mm256_blendv_pd (_mm256_blendv_pd (one, up_tiny, big), up_huge, small);
      __m256d r;

      re = _mm256_mul_pd (re, up);
      im = _mm256_mul_pd (im, up);
      r = _mm256_mul_pd (_mm256_sqrt_pd (_mm256_add_pd (_mm256_mul_pd (re, re), _mm256_mul_pd (im, im))), down);
      r = _mm256_permute4x64_pd (r, 0xd8); /* 0, 2, 1, 3 */
      if (add)
        r = _mm256_add_pd (r, _mm256_loadu_pd (out + j));
      _mm256_storeu_pd (out + j, r);
    }
  return j;
}
#endif

void
_sw_forced_abs_many (const double complex *restrict y, double *restrict out, guint n, gboolean add)
{
  guint j = 0;

#ifdef ABS_AVX2
  if (__builtin_cpu_supports ("avx2"))
    j = abs_many_avx2 (y, out, n, add);
#endif

#if defined(__SSE2__)
  const __m128d tiny = _mm_set1_pd (1e-290), huge = _mm_set1_pd (1e290);
  const __m128d one = _mm_set1_pd (1), up_tiny = _mm_set1_pd (0x1p600), up_huge = _mm_set1_pd (0x1p-600);

  for (; j + 2 <= n; j += 2)
    {
      __m128d a = _mm_loadu_pd ((const double *) (y + j)), b = _mm_loadu_pd ((const double *) (y + j + 1));
      __m128d re = _mm_unpacklo_pd (a, b), im = _mm_unpackhi_pd (a, b);
      __m128d s = _mm_add_pd (_mm_mul_pd (re, re), _mm_mul_pd (im, im));
      __m128d small = _mm_cmplt_pd (s, tiny), big = _mm_cmpgt_pd (s, huge);
      __m128d up = _mm_or_pd (_mm_and_pd (small, up_tiny), _mm_or_pd (_mm_and_pd (big, up_huge),
                                                                        _mm_andnot_pd (_mm_or_pd (small, big), one)));
      __m128d down = _mm_or_pd (_mm_and_pd (small, up_huge), _mm_or_pd (_mm_and_pd (big, up_tiny),
                                                                          _mm_andnot_pd (_mm_or_pd (small, big), one)));
      __m128d r;

      re = _mm_mul_pd (re, up);
      im = _mm_mul_pd (im, up);
      r = _mm_mul_pd (_mm_sqrt_pd (_mm_add_pd (_mm_mul_pd (re, re), _mm_mul_pd (im, im))), down);
      if (add)
        r = _mm_add_pd (r, _mm_loadu_pd (out + j));
      _mm_storeu_pd (out + j, r);
    }
#endif
  for (; j < n; j++)
    out[j] = (add ? out[j] : 0) + _sw_forced_abs (y[j]);
}
