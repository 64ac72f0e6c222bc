/* sw-number-json.h: a double as a JSON number, the shortest text that
 * reads back to it exactly, laid out as json-glib writes a double (printf's
 * "%.17g" layout, ".0" after an integer so that it reads back as a double),
 * at memory speed (sw-number-json.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <string.h>

G_BEGIN_DECLS

/* The text is at most 24 bytes ("-1.2345678901234567e-308"); the writer
 * stores whole blocks of digits past its end (no call to memcpy a number)
 * and needs this much room. */
#define SW_NUMBER_JSON_BUF_SIZE 40

/* Writes value into buf (SW_NUMBER_JSON_BUF_SIZE bytes), NUL-terminated:
 * "0.1", "-0.0", "1.0", "1e-05", "1.5e+20"; "null" for nan and inf, which
 * JSON has no number for. Returns the length without the NUL. */
int sw_format_double_json (char *buf, double value);

/* Many numbers at once (sw-number-json-batch.c): their digits made eight
 * at a time where the processor can (AVX-512 IFMA), then each text written
 * with a few stores. The same text as sw_format_double_json(). */
typedef struct {
  guint    size;
  guint64 *high, *low;   /* per number: the 16 digits after the first, ASCII */
  guint32 *meta;         /* first digit | exponent << 8 | digits << 16 | sign << 24; 0: not made */
  gboolean one_by_one;   /* without the vector lanes (tests compare) */
} SwJsonNumbers;

/* Room for size numbers. */
void sw_json_numbers_init (SwJsonNumbers *numbers, guint size);
void sw_json_numbers_clear (SwJsonNumbers *numbers);
/* The digits of values[0 ... n - 1], n <= size. */
void sw_json_numbers_prepare (SwJsonNumbers *numbers, const double *values, guint n);

static inline void
_sw_json_store8 (char *out, guint64 v)
{
  guint64 le = GUINT64_TO_LE (v);

  memcpy (out, &le, sizeof le);
}

/* The text of numbers made in the lanes other than "0.000ddd" (|v| >= 1,
 * or an exponent): sw-number-json-batch.c, out of the writers' loops. */
int _sw_json_numbers_write_other (guint32 meta, guint64 high, guint64 low, char *buf);

/* The text of values[i] (the value given again) into buf, which needs
 * SW_NUMBER_JSON_BUF_SIZE bytes; not NUL-terminated. Returns the length. */
static inline int
sw_json_numbers_write (const SwJsonNumbers *numbers, guint i, double value, char *buf)
{
  /* All read before the first store (a char store may alias them). */
  guint32 meta = numbers->meta[i];
  guint64 high = numbers->high[i], low = numbers->low[i];
  int x = (gint8) (meta >> 8), n = (meta >> 16) & 0xff, p = meta >> 24;

  if (meta == 0)
    return sw_format_double_json (buf, value);
  if (G_LIKELY (x < 0 && x >= -4))
    {
      /* "0.000" and the digits, over the zeros' tail (most numbers of
       * modal --json: shapes and percentages below 1). */
      int at = p + 1 - x;

      buf[0] = '-';
      memcpy (buf + p, "0.000000", 8);
      buf[at] = (char) meta;
      _sw_json_store8 (buf + at + 1, high);
      _sw_json_store8 (buf + at + 9, low);
      return at + n;
    }
  return _sw_json_numbers_write_other (meta, high, low, buf);
}

/* Whether sw_json_numbers_prepare() uses the vector lanes here (tests). */
gboolean _sw_json_numbers_in_lanes (void);

G_END_DECLS
