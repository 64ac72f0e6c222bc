/* sw-complex-private.h: <complex.h> with C11's CMPLX, which glibc 2.36
 * defines for GCC only: clang (the fuzz build) gets the same builtin here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <complex.h>

#ifndef CMPLX
#define CMPLX(x, y) __builtin_complex ((double) (x), (double) (y))
#endif
