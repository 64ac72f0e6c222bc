/* sw-number-17g.h: a double as printf ("%.17g") writes it in the C locale
 * (17 significant digits, "1e-05", "nan", "inf"), the text json-glib writes,
 * at memory speed (sw-number-17g.c): for writers that must stay
 * byte-identical with that text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

/* "-1.2345678901234567e-308" and a NUL. */
#define SW_DOUBLE_17G_BUF_SIZE 32

/* Writes value into buf (SW_DOUBLE_17G_BUF_SIZE bytes), NUL-terminated;
 * returns the length without the NUL. */
int sw_format_double_17g (char *buf, double value);

#ifdef __cplusplus
}
#endif
