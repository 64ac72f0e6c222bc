/* sw-model-file-element-tree.c: one element of a streamed array
 * (sw-model-file-elements.c) made into json-glib's tree directly.
 *
 * json_parser_load_from_data() costs some 1.6 µs an element beyond the
 * tree itself (its scanner set up per call, a signal per member, the text
 * validated again): 6 ms of the 11 that reading a 1 000-body chain took.
 * The scan (sw-model-file-scan.c) has already found the text to be plain
 * JSON, so the nodes are made here as json-glib makes them: integers
 * without fraction or exponent as int64, other numbers as the correctly
 * rounded double, strings copied, members in the order of the text. Any
 * element this does not make exactly alike (an escape or a byte outside
 * ASCII in a string, an integer of 19 digits or more, a key twice, deep
 * nesting, anything not strict JSON) gives NULL: json-glib reads it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-reader-private.h"

#include <string.h>

/* Deeper elements are left to json-glib (no model nests this far). */
#define MAX_DEPTH 32

typedef struct {
  const char *p, *end;
} Cursor;

static JsonNode *parse_value (Cursor *c, guint depth);

static void
skip_space (Cursor *c)
{
  while (c->p < c->end && (*c->p == ' ' || *c->p == '\n' || *c->p == '\t' || *c->p == '\r'))
    c->p++;
}

/* A string of printable ASCII without escapes: its bytes (not copied) and
 * length; FALSE otherwise. */
static gboolean
parse_string (Cursor *c, const char **text, gsize *length)
{
  const char *s;

  if (c->p >= c->end || *c->p != '"')
    return FALSE;
  s = ++c->p;
  while (c->p < c->end && *c->p != '"')
    {
      guchar b = (guchar) *c->p;

      if (b < 0x20 || b >= 0x80 || b == '\\')
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

static gboolean
is_digit (const Cursor *c)
{
  return c->p < c->end && *c->p >= '0' && *c->p <= '9';
}

/* -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
static JsonNode *
parse_number (Cursor *c)
{
  const char *start = c->p;
  gboolean negative = FALSE, integer = TRUE;
  guint64 value = 0;   /* unsigned: a long run of digits before a '.' wraps, unused */
  guint digits = 0;

  if (c->p < c->end && *c->p == '-')
    negative = TRUE, c->p++;
  if (!is_digit (c))
    return NULL;
  if (*c->p == '0')
    {
      c->p++;
      if (is_digit (c))
        return NULL;
    }
  else
    for (; is_digit (c); c->p++, digits++)
      value = value * 10 + (*c->p - '0');
  if (c->p < c->end && *c->p == '.')
    {
      integer = FALSE;
      c->p++;
      if (!is_digit (c))
        return NULL;
      while (is_digit (c))
        c->p++;
    }
  if (c->p < c->end && (*c->p == 'e' || *c->p == 'E'))
    {
      integer = FALSE;
      c->p++;
      if (c->p < c->end && (*c->p == '+' || *c->p == '-'))
        c->p++;
      if (!is_digit (c))
        return NULL;
      while (is_digit (c))
        c->p++;
    }
  if (integer)
    {
      /* 18 digits stay inside int64; longer ones json-glib reads. */
      if (digits > 18)
        return NULL;
      return json_node_init_int (json_node_alloc (), negative ? -(gint64) value : (gint64) value);
    }
  else
    {
      char text[64], *stop = NULL;
      gsize n = c->p - start;
      double v;

      if (n >= sizeof text)
        return NULL;
      memcpy (text, start, n);
      text[n] = '\0';
      v = g_ascii_strtod (text, &stop);
      if (stop != text + n)
        return NULL;
      return json_node_init_double (json_node_alloc (), v);
    }
}

static JsonNode *
parse_object (Cursor *c, guint depth)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_init_object (json_node_alloc (), object);
  guint n_members = 0;

  json_object_unref (object);
  c->p++;   /* '{' */
  skip_space (c);
  if (c->p < c->end && *c->p == '}')
    {
      c->p++;
      return node;
    }
  for (;;)
    {
      const char *key;
      gsize key_length;
      char name[128];
      JsonNode *member;

      if (!parse_string (c, &key, &key_length) || key_length >= sizeof name)
        break;
      memcpy (name, key, key_length);
      name[key_length] = '\0';
      skip_space (c);
      if (c->p >= c->end || *c->p != ':')
        break;
      c->p++;
      skip_space (c);
      member = parse_value (c, depth + 1);
      if (member == NULL)
        break;
      json_object_set_member (object, name, member);
      if (json_object_get_size (object) != ++n_members)
        break;   /* the key given twice */
      skip_space (c);
      if (c->p < c->end && *c->p == ',')
        {
          c->p++;
          skip_space (c);
          continue;
        }
      if (c->p < c->end && *c->p == '}')
        {
          c->p++;
          return node;
        }
      break;
    }
  json_node_unref (node);
  return NULL;
}

static JsonNode *
parse_array (Cursor *c, guint depth)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_init_array (json_node_alloc (), array);

  json_array_unref (array);
  c->p++;   /* '[' */
  skip_space (c);
  if (c->p < c->end && *c->p == ']')
    {
      c->p++;
      return node;
    }
  for (;;)
    {
      JsonNode *element = parse_value (c, depth + 1);

      if (element == NULL)
        break;
      json_array_add_element (array, element);
      skip_space (c);
      if (c->p < c->end && *c->p == ',')
        {
          c->p++;
          skip_space (c);
          continue;
        }
      if (c->p < c->end && *c->p == ']')
        {
          c->p++;
          return node;
        }
      break;
    }
  json_node_unref (node);
  return NULL;
}

static gboolean
literal (Cursor *c, const char *word)
{
  gsize n = strlen (word);

  if ((gsize) (c->end - c->p) < n || memcmp (c->p, word, n) != 0)
    return FALSE;
  c->p += n;
  return TRUE;
}

static JsonNode *
parse_value (Cursor *c, guint depth)
{
  const char *text;
  gsize length;

  if (c->p >= c->end || depth > MAX_DEPTH)
    return NULL;
  switch (*c->p)
    {
    case '{':
      return parse_object (c, depth);
    case '[':
      return parse_array (c, depth);
    case '"':
      {
        char copy[256];

        /* json-glib copies the text again: a longer one is made once more. */
        if (!parse_string (c, &text, &length))
          return NULL;
        if (length >= sizeof copy)
          {
            g_autofree char *long_copy = g_strndup (text, length);

            return json_node_init_string (json_node_alloc (), long_copy);
          }
        memcpy (copy, text, length);
        copy[length] = '\0';
        return json_node_init_string (json_node_alloc (), copy);
      }
    case 't':
      return literal (c, "true") ? json_node_init_boolean (json_node_alloc (), TRUE) : NULL;
    case 'f':
      return literal (c, "false") ? json_node_init_boolean (json_node_alloc (), FALSE) : NULL;
    case 'n':
      return literal (c, "null") ? json_node_init_null (json_node_alloc ()) : NULL;
    default:
      return parse_number (c);
    }
}

JsonNode *
_sw_reader_element_tree (const char *text,
                         gsize       length)
{
  Cursor c = { text, text + length };
  JsonNode *node;

  skip_space (&c);
  node = parse_value (&c, 0);
  if (node == NULL)
    return NULL;
  skip_space (&c);
  if (c.p != c.end)
    {
      json_node_unref (node);
      return NULL;
    }
  return node;
}
