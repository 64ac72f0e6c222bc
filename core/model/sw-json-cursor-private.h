/* sw-json-cursor-private.h: plain JSON read straight from a file's text by
 * the model reader's direct paths (sw-model-file-element-tree.c makes
 * json-glib's nodes, sw-model-file-fast.c the model's components). Each
 * takes only what it reads exactly as json-glib would and says FALSE for
 * anything else (an escape or a byte outside printable ASCII in a string,
 * an integer of 19 digits or more, not strict JSON), which json-glib then
 * reads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <string.h>
#include <glib.h>

typedef struct {
  const char *p, *end;
} SwJsonCursor;

static inline void
_sw_json_skip_space (SwJsonCursor *c)
{
  while (c->p < c->end && (*c->p == ' ' || *c->p == '\n' || *c->p == '\t' || *c->p == '\r'))
    c->p++;
}

/* A string of printable ASCII without escapes: its bytes (not copied) and
 * length. */
static inline gboolean
_sw_json_string (SwJsonCursor *c, const char **text, gsize *length)
{
  const char *s;

  if (c->p >= c->end || *c->p != '"')
    return FALSE;
  s = ++c->p;
  while (c->p < c->end && *c->p != '"')
    {
      guchar b = (guchar) *c->p;

      if (b < 0x20 || b >= 0x7f || b == '\\')
        return FALSE;
      c->p++;
    }
  if (c->p >= c->end)
    return FALSE;
  *text = s;
  *length = c->p - s;
  c->p++;
  return TRUE;
}

/* After an object's member or an array's element: SW_JSON_NEXT past a
 * comma (and the spaces after it), SW_JSON_END past the closing byte,
 * SW_JSON_BAD at anything else. */
typedef enum { SW_JSON_NEXT, SW_JSON_END, SW_JSON_BAD } SwJsonAfter;

static inline SwJsonAfter
_sw_json_after (SwJsonCursor *c, char closing)
{
  _sw_json_skip_space (c);
  if (c->p < c->end && *c->p == ',')
    {
      c->p++;
      _sw_json_skip_space (c);
      return SW_JSON_NEXT;
    }
  if (c->p < c->end && *c->p == closing)
    {
      c->p++;
      return SW_JSON_END;
    }
  return SW_JSON_BAD;
}

/* The word (true, false, null) of n bytes. */
static inline gboolean
_sw_json_literal (SwJsonCursor *c, const char *word, gsize n)
{
  if ((gsize) (c->end - c->p) < n || memcmp (c->p, word, n) != 0)
    return FALSE;
  c->p += n;
  return TRUE;
}

static inline gboolean
_sw_json_is_digit (const SwJsonCursor *c)
{
  return c->p < c->end && *c->p >= '0' && *c->p <= '9';
}

/* -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? as json-glib makes it:
 * without fraction or exponent an int64 (*is_integer, 18 digits at most),
 * else the correctly rounded double. */
static inline gboolean
_sw_json_number (SwJsonCursor *c, gboolean *is_integer, gint64 *integer, double *value)
{
  const char *start = c->p;
  gboolean negative = FALSE;
  guint64 v = 0;   /* unsigned: a long run of digits before a '.' wraps, unused */
  guint digits = 0;
  char text[64], *stop = NULL;
  gsize n;

  *is_integer = TRUE;
  if (c->p < c->end && *c->p == '-')
    negative = TRUE, c->p++;
  if (!_sw_json_is_digit (c))
    return FALSE;
  if (*c->p == '0')
    {
      c->p++;
      if (_sw_json_is_digit (c))
        return FALSE;
    }
  else
    for (; _sw_json_is_digit (c); c->p++, digits++)
      v = v * 10 + (guint64) (*c->p - '0');
  if (c->p < c->end && *c->p == '.')
    {
      *is_integer = FALSE;
      c->p++;
      if (!_sw_json_is_digit (c))
        return FALSE;
      while (_sw_json_is_digit (c))
        c->p++;
    }
  if (c->p < c->end && (*c->p == 'e' || *c->p == 'E'))
    {
      *is_integer = FALSE;
      c->p++;
      if (c->p < c->end && (*c->p == '+' || *c->p == '-'))
        c->p++;
      if (!_sw_json_is_digit (c))
        return FALSE;
      while (_sw_json_is_digit (c))
        c->p++;
    }
  if (*is_integer)
    {
      if (digits > 18)
        return FALSE;
      *integer = negative ? -(gint64) v : (gint64) v;
      return TRUE;
    }
  /* A copy: the text need not end after the number (a mapped file). */
  n = c->p - start;
  if (n >= sizeof text)
    return FALSE;
  memcpy (text, start, n);
  text[n] = '\0';
  *value = g_ascii_strtod (text, &stop);
  return stop == text + n;
}
