/* sw-model-file-elements.c: plain JSON read without a tree of the whole
 * file. The top-level "components" and "connections" arrays hold nearly all
 * of a large model; json-glib's tree of them took about twice the memory of
 * the model itself (a 100 000-body chain: 400 MB). So the top-level object
 * is parsed with those two arrays left empty, and each of their elements is
 * parsed alone when it is read, its tree freed before the next.
 *
 * Positions still come from the scan's value starts (as in
 * _sw_reader_parse_plain): the top-level tree is paired with the starts
 * outside the two arrays, each element's tree with its own run of starts.
 * Anything unusual (a key written with escapes or twice, an element that
 * is not an object, text json-glib refuses) gives up: the caller reads the
 * file again the old way, which reports it as before.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-private.h"
#include "sw-model-file-private.h"
#include "sw-model-reader-private.h"

#include <string.h>

static gsize
skip_space (Reader *r, gsize o, gsize end)
{
  while (o < end && g_ascii_isspace (r->data[o]))
    o++;
  return o;
}

/* One past the plain JSON value at o (the text is strict JSON: strings in
 * "…", no comments); end when it runs past end. The one scan of a value's
 * extent: the reader's inline subsystems cut their text with it too. */
gsize
_sw_reader_value_end (Reader *r,
                      gsize   o,
                      gsize   end)
{
  const char *d = r->data;
  int depth = 0;

  if (o >= end)
    return end;
  if (d[o] != '{' && d[o] != '[' && d[o] != '"')
    {
      while (o < end && (g_ascii_isalnum (d[o]) || d[o] == '.' || d[o] == '+' || d[o] == '-'))
        o++;
      return o;
    }
  for (; o < end; o++)
    switch (d[o])
      {
      case '"':
        for (o++; o < end && d[o] != '"'; o++)
          if (d[o] == '\\')
            o++;
        if (depth == 0)
          return MIN (o + 1, end);
        break;
      case '{':
      case '[':
        depth++;
        break;
      case '}':
      case ']':
        if (--depth == 0)
          return o + 1;
        break;
      default:
        break;
      }
  return end;
}

/* The index of the first start at or after offset. */
static guint
first_start_at (GArray *starts, gsize offset)
{
  guint lo = 0, hi = starts->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (starts, guint32, mid) < offset)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* One past the top-level member's value at o: the scan's end of it when
 * it is an array or object (member_ends, *next the first not passed yet),
 * else found here. */
static gsize
member_value_end (Reader *r, GArray *member_ends, guint *next, gsize o, gsize length)
{
  if (r->data[o] == '[' || r->data[o] == '{')
    {
      while (*next < member_ends->len && g_array_index (member_ends, guint32, *next) <= o)
        (*next)++;
      if (*next < member_ends->len)
        {
          gsize end = g_array_index (member_ends, guint32, *next);

          if (end <= length && r->data[end - 1] == (r->data[o] == '[' ? ']' : '}'))
            return end;
        }
    }
  return _sw_reader_value_end (r, o, length);
}

/* Finds the top-level "components" and "connections" arrays: FALSE when
 * the top level is not a simple object of members. */
static gboolean
find_arrays (Reader *r, gsize length, GArray *member_ends)
{
  guint next = 0;

  gsize o = skip_space (r, 0, length);

  if (o >= length || r->data[o] != '{')
    return FALSE;
  o = skip_space (r, o + 1, length);
  if (o < length && r->data[o] == '}')
    return TRUE;
  for (;;)
    {
      gsize key = o, key_end, value, value_end;
      SwElementSpan *span = NULL;

      if (o >= length || r->data[o] != '"')
        return FALSE;
      key_end = _sw_reader_value_end (r, key, length);
      if (memchr (r->data + key, '\\', key_end - key) != NULL)
        return FALSE;   /* json-glib would decode it: this reader does not */
      if (key_end - key == strlen ("\"components\"") && memcmp (r->data + key, "\"components\"", key_end - key) == 0)
        span = &r->component_span;
      else if (key_end - key == strlen ("\"connections\"") && memcmp (r->data + key, "\"connections\"", key_end - key) == 0)
        span = &r->connection_span;

      o = skip_space (r, key_end, length);
      if (o >= length || r->data[o] != ':')
        return FALSE;
      value = skip_space (r, o + 1, length);
      value_end = member_value_end (r, member_ends, &next, value, length);
      if (value_end <= value || value_end > length)
        return FALSE;
      if (span != NULL)
        {
          if (span->present)
            return FALSE;   /* given twice */
          span->present = TRUE;
          if (r->data[value] == '[' && r->data[value_end - 1] == ']')
            {
              span->open = value;
              span->close = value_end - 1;
            }
          else
            span->present = FALSE;   /* not an array: read from the tree, reported there */
        }
      o = skip_space (r, value_end, length);
      if (o < length && r->data[o] == ',')
        {
          o = skip_space (r, o + 1, length);
          continue;
        }
      return o < length && r->data[o] == '}';
    }
}

static gboolean
inside (const SwElementSpan *span, gsize offset)
{
  return span->present && offset > span->open && offset < span->close;
}

gboolean
_sw_reader_parse_streamed (Reader     *r,
                           JsonParser *parser,
                           gsize       length,
                           GArray     *starts,
                           GArray     *member_ends)
{
  g_autoptr(GString) text = NULL;
  g_autoptr(GArray) top_starts = NULL;
  const SwElementSpan *first, *second;
  gsize from = 0;

  memset (&r->component_span, 0, sizeof r->component_span);
  memset (&r->connection_span, 0, sizeof r->connection_span);
  if (!find_arrays (r, length, member_ends) || (!r->component_span.present && !r->connection_span.present))
    return FALSE;

  /* The text with the arrays' contents left out, in the order of the text. */
  first = &r->component_span;
  second = &r->connection_span;
  if (!first->present || (second->present && second->open < first->open))
    {
      first = &r->connection_span;
      second = &r->component_span;
    }
  text = g_string_sized_new (1024);
  for (guint k = 0; k < 2; k++)
    {
      const SwElementSpan *span = k == 0 ? first : second;

      if (!span->present)
        continue;
      g_string_append_len (text, r->data + from, span->open + 1 - from);
      from = span->close;
    }
  g_string_append_len (text, r->data + from, length - from);
  /* Finding the arrays went over the whole text. */
  _sw_reader_release_text (r, 0, length);

  top_starts = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint i = 0; i < starts->len; i++)
    {
      guint32 offset = g_array_index (starts, guint32, i);

      if (!inside (&r->component_span, offset) && !inside (&r->connection_span, offset))
        g_array_append_val (top_starts, offset);
    }

  if (!_sw_reader_parse_plain (r, parser, text->str, text->len, top_starts))
    return FALSE;
  r->starts = g_steal_pointer (&top_starts);
  r->owns_starts = TRUE;
  r->all_starts = starts;
  r->streamed = TRUE;
  return TRUE;
}

/* Reads one element parsed alone; FALSE to give up. held: the tree made
 * without the parser (_sw_reader_element_tree), kept as the parser keeps
 * its own, until the next element. */
static gboolean
read_streamed_element (Reader              *r,
                       JsonParser          *parser,
                       JsonNode           **held,
                       gsize                value,
                       gsize                value_end,
                       guint                index,
                       SwReaderElementFunc  read)
{
  GHashTable *outer_where = r->where;
  GArray *outer_starts = r->starts;
  JsonNode *outer_root = r->scanned_root;
  guint outer_first = r->scanned_first;
  gboolean outer_remembered = r->scalars_remembered;
  guint first = first_start_at (r->all_starts, value), next = first;
  JsonNode *node;
  gboolean ok;

  if (r->data[value] != '{' || first >= r->all_starts->len || g_array_index (r->all_starts, guint32, first) != value)
    return FALSE;
  g_clear_pointer (held, json_node_unref);
  *held = _sw_reader_element_tree (r->data + value, value_end - value);
  if (*held != NULL)
    node = *held;
  else if (!json_parser_load_from_data (parser, r->data + value, (gssize) (value_end - value), NULL))
    return FALSE;
  else
    node = json_parser_get_root (parser);
  if (node == NULL)
    return FALSE;

  g_hash_table_remove_all (r->element_where);
  r->where = r->element_where;
  r->starts = r->all_starts;
  ok = _sw_reader_remember_subtree (r, node, FALSE, &next) &&
       (next >= r->all_starts->len || g_array_index (r->all_starts, guint32, next) >= value_end);
  if (ok)
    {
      r->scanned_root = node;
      r->scanned_first = first;
      r->scalars_remembered = FALSE;
      read (r, NULL, index, node, value);
    }

  r->where = outer_where;
  r->starts = outer_starts;
  r->scanned_root = outer_root;
  r->scanned_first = outer_first;
  r->scalars_remembered = outer_remembered;
  return ok;
}

void
_sw_reader_for_each_element (Reader              *r,
                             JsonNode            *array_node,
                             SwElementSpan       *span,
                             SwReaderFastFunc     fast,
                             SwReaderElementFunc  read)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(JsonNode) held = NULL;
  gsize o, released;
  guint index = 0;

  if (!r->streamed || !span->present)
    {
      JsonArray *array = json_node_get_array (array_node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        read (r, array, i, json_array_get_element (array, i), NO_OFFSET);
      return;
    }

  span->visited = TRUE;
  if (r->element_where == NULL)
    r->element_where = g_hash_table_new (g_direct_hash, g_direct_equal);
  o = skip_space (r, span->open + 1, span->close);
  released = o;
  while (o < span->close && !r->stream_failed)
    {
      gsize end;

      /* A mapped file's pages already read go back (sw-model-file-text.c). */
      released = _sw_reader_release_behind (r, released, o);

      /* A common element straight from the text, any other through a tree. */
      if (fast != NULL && fast (r, o, span->close, &end))
        index++;
      else
        {
          end = _sw_reader_value_end (r, o, span->close);
          if (parser == NULL)
            parser = json_parser_new ();
          if (end <= o || !read_streamed_element (r, parser, &held, o, end, index++, read))
            {
              r->stream_failed = TRUE;
              break;
            }
        }
      o = skip_space (r, end, span->close);
      if (o < span->close && r->data[o] == ',')
        {
          o = skip_space (r, o + 1, span->close);
          if (o >= span->close)
            r->stream_failed = TRUE;   /* a comma before ']': json-glib's message */
        }
      else if (o < span->close)
        r->stream_failed = TRUE;
    }
  _sw_reader_release_text (r, released, span->close);
  g_hash_table_remove_all (r->element_where);
}

static void
ignore_element (Reader    *r,
                JsonArray *array,
                guint      index,
                JsonNode  *node,
                gsize      offset)
{
}

void
_sw_reader_check_unread (Reader *r)
{
  if (!r->streamed)
    return;
  if (r->component_span.present && !r->component_span.visited)
    _sw_reader_for_each_element (r, NULL, &r->component_span, NULL, ignore_element);
  if (r->connection_span.present && !r->connection_span.visited)
    _sw_reader_for_each_element (r, NULL, &r->connection_span, NULL, ignore_element);
}
