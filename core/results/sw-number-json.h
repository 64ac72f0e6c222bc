/* sw-number-json.h: a double as a JSON number, the shortest text that
 * reads back to it exactly, laid out as json-glib writes a double (printf's
 * "%.17g" layout, ".0" after an integer so that it reads back as a double),
 * at memory speed (sw-number-json.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The text is at most 24 bytes ("-1.2345678901234567e-308"); the writer
 * stores whole blocks of digits past its end (no call to memcpy a number)
 * and needs this much room. */
#define SW_NUMBER_JSON_BUF_SIZE 40

/* Writes value into buf (SW_NUMBER_JSON_BUF_SIZE bytes), NUL-terminated:
 * "0.1", "-0.0", "1.0", "1e-05", "1.5e+20"; "null" for nan and inf, which
 * JSON has no number for. Returns the length without the NUL. */
int sw_format_double_json (char *buf, double value);

G_END_DECLS
