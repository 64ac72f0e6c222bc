/* sw-model-file-scan.c: one pass over a *.shaft file's raw text before
 * json-glib parses it.
 *
 * json-glib 1.6 recurses once per nested array or object (deep nesting
 * overflows the stack), decodes "\u0000" into a NUL that cuts the string
 * short, turns an unpaired surrogate escape into invalid UTF-8, and reads
 * only the first of several top-level arrays or objects. This pass finds
 * those places with a small lexer that follows json-glib's own rules, in
 * time linear in the length and memory linear in the depth limit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-file-private.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

typedef enum {
  OUTSIDE,          /* between tokens */
  IN_STRING,        /* "…", with backslash escapes */
  IN_QUOTE,         /* '…', without escapes (json-glib takes those too) */
  IN_COMMENT,       /* / * … * / */
} State;

/* The code unit of a "\uXXXX" escape at data[at], or -1 if there is none. */
static int
escape_at (const char *data,
           gsize       length,
           gsize       at)
{
  int code = 0;

  if (at + 6 > length || data[at] != '\\' || data[at + 1] != 'u')
    return -1;
  for (gsize k = at + 2; k < at + 6; k++)
    {
      int digit = g_ascii_xdigit_value (data[k]);

      if (digit < 0)
        return -1;
      code = code * 16 + digit;
    }
  return code;
}

/* At a backslash in a "…" string: reports an escape a model may not hold
 * and returns how many bytes the escape (or pair of escapes) takes. */
static gsize
check_escape (const char        *data,
              gsize              length,
              gsize              at,
              SwScanProblemFunc  report,
              gpointer           user_data,
              gboolean          *ok)
{
  int code = escape_at (data, length, at);
  g_autofree char *message = NULL;

  if (code < 0 && at + 1 < length && data[at + 1] == 'u')
    {
      /* json-glib reads "\u8y" as a code unit and decodes what follows
       * into invalid UTF-8: an escape needs exactly four hex digits. */
      gsize digits = 0;

      while (digits < 4 && at + 2 + digits < length && g_ascii_isxdigit (data[at + 2 + digits]))
        digits++;
      message = g_strdup_printf (_("“\\u%.*s” is not a complete escape; valid: \\u and four hex digits, "
                                   "e.g. \\u00e9"), (int) digits, data + at + 2);
      report (at, message, user_data);
      *ok = FALSE;
      return 2 + digits;
    }
  if (code < 0)
    return at + 1 < length ? 2 : 1;   /* json-glib judges other escapes */

  if (code == 0)
    message = g_strdup_printf (_("“%.6s” (NUL) is not allowed in a string"), data + at);
  else if (code >= 0xD800 && code <= 0xDBFF)
    {
      int next = escape_at (data, length, at + 6);

      if (next >= 0xDC00 && next <= 0xDFFF)
        return 12;
      message = g_strdup_printf (_("unpaired surrogate “%.6s” in a string; "
                                   "\\uD800–\\uDBFF must be followed by \\uDC00–\\uDFFF "
                                   "(a UTF-16 pair)"), data + at);
    }
  else if (code >= 0xDC00 && code <= 0xDFFF)
    message = g_strdup_printf (_("unpaired surrogate “%.6s” in a string; "
                                 "\\uDC00–\\uDFFF must follow \\uD800–\\uDBFF "
                                 "(a UTF-16 pair)"), data + at);

  if (message != NULL)
    {
      report (at, message, user_data);
      *ok = FALSE;
    }
  return 6;
}

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The starts found so far: result->starts holds n of them and room
 * beyond (written in place: one call a value cost a tenth of the scan). */
typedef struct {
  SwScanResult *result;
  guint         n;
} Starts;

/* 32 bits a start: half the memory (a large model has millions of values);
 * text beyond 4 GiB is not read as plain. */
static inline void
record_start (Starts *starts,
              gsize   offset)
{
  GArray *array = starts->result->starts;

  if (offset > G_MAXUINT32)
    starts->result->plain = FALSE;
  else if (array != NULL)
    {
      if (starts->n == array->len)
        g_array_set_size (array, MAX (1024, 2 * array->len));
      g_array_index (array, guint32, starts->n++) = (guint32) offset;
    }
}

/* Where a container directly inside the top-level one ends: one past its
 * ']' or '}' (few: one a member of the model). */
static void
record_member_end (SwScanResult *result,
                   gsize         offset)
{
  guint32 end = (guint32) (offset + 1);

  if (result->member_ends != NULL && offset < G_MAXUINT32)
    g_array_append_val (result->member_ends, end);
}

/* One past a bare token (a number, true, a misspelt word) starting at i. */
static gsize
bare_token_end (const char *data,
                gsize       length,
                gsize       i)
{
  gsize end = i + 1;

  while (end < length && (g_ascii_isalnum (data[end]) || data[end] == '.' || data[end] == '+' ||
                          data[end] == '-' || data[end] == '_'))
    end++;
  return end;
}

/* A number a double cannot hold: json-glib would read 1e-400 as 0 and
 * 1e400 as inf without a word, so a parameter silently became 0. Only
 * tokens with an exponent or hundreds of digits can be out of range. */
static gboolean
check_number_range (const char        *data,
                    gsize              at,
                    gsize              n,
                    SwScanProblemFunc  report,
                    gpointer           user_data)
{
  g_autofree char *token = NULL;
  g_autofree char *message = NULL;
  double value;

  if (!(g_ascii_isdigit (data[at]) || data[at] == '-') ||
      (n < 300 && memchr (data + at, 'e', n) == NULL && memchr (data + at, 'E', n) == NULL))
    return TRUE;

  token = g_strndup (data + at, n);
  errno = 0;
  value = g_ascii_strtod (token, NULL);
  if (errno != ERANGE)
    return TRUE;
  if (isinf (value))
    message = g_strdup_printf (_("the number “%.40s” is too large for a double; valid: magnitudes "
                                 "up to 1.8e308"), token);
  else if (value == 0.0)
    message = g_strdup_printf (_("the number “%.40s” is too small for a double and would read as 0; "
                                 "valid: 0, or magnitudes from 2.3e-308"), token);
  else
    return TRUE;   /* subnormal: a value; the parameters' own ranges judge it */
  report (at, message, user_data);
  return FALSE;
}

/* true, false, null, or a JSON number whose integer json-glib keeps as it
 * is (an integer of 19 digits or more may not fit a gint64). */
static gboolean
is_plain_scalar (const char *token,
                 gsize       n)
{
  gsize i = 0, digits = 0;
  gboolean integer = TRUE;

  if ((n == 4 && memcmp (token, "true", 4) == 0) || (n == 5 && memcmp (token, "false", 5) == 0) ||
      (n == 4 && memcmp (token, "null", 4) == 0))
    return TRUE;

  if (i < n && token[i] == '-')
    i++;
  if (i == n || !g_ascii_isdigit (token[i]) || (token[i] == '0' && i + 1 < n && g_ascii_isdigit (token[i + 1])))
    return FALSE;
  while (i < n && g_ascii_isdigit (token[i]))
    i++, digits++;
  if (i < n && token[i] == '.')
    {
      integer = FALSE;
      if (++i == n || !g_ascii_isdigit (token[i]))
        return FALSE;
      while (i < n && g_ascii_isdigit (token[i]))
        i++;
    }
  if (i < n && (token[i] == 'e' || token[i] == 'E'))
    {
      integer = FALSE;
      if (++i < n && (token[i] == '+' || token[i] == '-'))
        i++;
      if (i == n || !g_ascii_isdigit (token[i]))
        return FALSE;
      while (i < n && g_ascii_isdigit (token[i]))
        i++;
    }
  return i == n && !(integer && digits >= 19);
}

static gboolean
scan (const char        *data,
      gsize              length,
      guint              max_depth,
      SwScanProblemFunc  report,
      gpointer           user_data,
      SwScanResult      *result,
      Starts            *starts)
{
  g_autofree char *open = NULL;    /* '[' or '{' per level */
  const char *invalid = NULL;
  State state = OUTSIDE;
  guint depth = 0;
  gboolean ok = TRUE;
  gboolean container = TRUE;       /* no scalar at the top level so far */
  gboolean ended = FALSE;          /* the first top-level container has closed */
  gboolean key_candidate = FALSE;  /* the last token was a "…" string */
  gsize opened = 0;                /* where the current string or comment began */
  gsize i = 0;

  result->value_end = result->trailing = SW_SCAN_NONE;
  result->plain = TRUE;

  if (!g_utf8_validate_len (data, length, &invalid))
    {
      g_autofree char *message = NULL;

      if (*invalid == '\0')
        message = g_strdup (_("a NUL byte is not allowed; a model is UTF-8 text"));
      else
        message = g_strdup_printf (_("the text is not valid UTF-8 (byte 0x%02X); "
                                     "a model is UTF-8 text"), (guchar) *invalid);
      report (invalid - data, message, user_data);
      return FALSE;
    }

  open = g_malloc (max_depth);
  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    i = 3;   /* a byte order mark, which json-glib skips */

  for (; i < length; i++)
    {
      char c = data[i];

      switch (state)
        {
        case IN_STRING:
          /* The plain bytes of a string at once: most of a model's text. */
          while (c != '"' && c != '\\' && i + 1 < length)
            c = data[++i];
          if (c == '"')
            state = OUTSIDE;
          else if (c == '\\')
            i += check_escape (data, length, i, report, user_data, &ok) - 1;
          break;

        case IN_QUOTE:
          if (c == '\'')
            state = OUTSIDE;
          break;

        case IN_COMMENT:
          if (c == '*' && i + 1 < length && data[i + 1] == '/')
            {
              state = OUTSIDE;
              i++;
            }
          break;

        case OUTSIDE:
        default:
          if (is_space (c))
            break;
          if (c == '/' && i + 1 < length && data[i + 1] == '*')
            {
              opened = i;
              state = IN_COMMENT;
              result->plain = FALSE;
              i++;
              break;
            }
          if (ended)
            {
              /* The parser will not see what follows. */
              result->trailing = i;
              return ok;
            }
          if (depth == 0 && c != '[' && c != '{')
            container = FALSE;

          if (c == '"')
            {
              record_start (starts, i);
              key_candidate = TRUE;
              opened = i;
              state = IN_STRING;
              continue;
            }
          if (c == ':' && key_candidate && starts->n > 0)
            starts->n--;   /* it was a key */
          key_candidate = FALSE;

          if (c == '\'')
            {
              result->plain = FALSE;
              opened = i;
              state = IN_QUOTE;
            }
          else if (c == '[' || c == '{')
            {
              if (depth == max_depth)
                {
                  g_autofree char *message =
                    g_strdup_printf (_("too deeply nested: arrays and objects are nested "
                                       "more than %u levels deep here"), max_depth);

                  report (i, message, user_data);
                  return FALSE;
                }
              record_start (starts, i);
              open[depth++] = c;
            }
          else if (c == ']' || c == '}')
            {
              /* A mismatch: the parser stops here with its own message. */
              if (depth == 0 || open[depth - 1] != (c == ']' ? '[' : '{'))
                return ok;
              depth--;
              if (depth == 1)
                record_member_end (result, i);
              if (depth == 0 && container)
                {
                  ended = TRUE;
                  result->value_end = i + 1;
                }
            }
          else if (c != ',' && c != ':')
            {
              gsize end = bare_token_end (data, length, i);

              record_start (starts, i);
              if (!is_plain_scalar (data + i, end - i))
                result->plain = FALSE;
              /* Plain or not: an integer of 400 digits is not plain. */
              if (!check_number_range (data, i, end - i, report, user_data))
                ok = FALSE;
              i = end - 1;
            }
          break;
        }
    }

  /* A cut file: the parser would blame the token before the cut. */
  if (state != OUTSIDE)
    {
      report (opened, state == IN_COMMENT ? _("the file ends inside this comment; a comment ends with */")
                      : state == IN_QUOTE ? _("the file ends inside this string; it ends with '")
                                          : _("the file ends inside this string; a string ends with \""),
              user_data);
      return FALSE;
    }
  return ok;
}

gboolean
_sw_model_file_scan (const char        *data,
                     gsize              length,
                     guint              max_depth,
                     SwScanProblemFunc  report,
                     gpointer           user_data,
                     SwScanResult      *result)
{
  Starts starts = { result, result->starts != NULL ? result->starts->len : 0 };
  gboolean ok;

  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (max_depth > 0, FALSE);
  g_return_val_if_fail (report != NULL && result != NULL, FALSE);

  ok = scan (data, length, max_depth, report, user_data, result, &starts);
  if (result->starts != NULL)
    g_array_set_size (result->starts, starts.n);
  return ok;
}
