/* sw-number-private.h: what sw-number.c takes from a C++ library, and
 * what it gives the CSV writer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-number-17g.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most digits the shortest text of a double has. */
#define SW_NUMBER_MAX_DIGITS 17

/* The shortest digits that read back to |value| (finite, not 0), without a
 * sign, NUL-terminated: |value| = 0.DIGITS x 10^point. Returns how many. */
int _sw_number_shortest_digits (double value, char digits[SW_NUMBER_MAX_DIGITS + 1], int *point);
/* sw_format_number () into buf (SW_NUMBER_BUF_SIZE bytes); returns the
 * length written, without the NUL. */
int _sw_format_number_to (char *buf, double value);

/* "%.17g" by std::to_chars (exact, about 80 ns), for sw-number-17g.c:
 * buf of SW_DOUBLE_17G_BUF_SIZE bytes, NUL-terminated; returns the length. */
int _sw_number_17g_exact (char *buf, double value);

#ifdef __cplusplus
}
#endif
