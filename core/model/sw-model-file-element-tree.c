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
#include "sw-json-cursor-private.h"
#include "sw-model-reader-private.h"

#include <string.h>

/* Deeper elements are left to json-glib (no model nests this far). */
#define MAX_DEPTH 32

typedef SwJsonCursor Cursor;

static JsonNode *parse_value (Cursor *c, guint depth);

/* A number as json-glib's node. */
static JsonNode *
parse_number (Cursor *c)
{
  gboolean is_integer;
  gint64 integer;
  double value;

  if (!_sw_json_number (c, &is_integer, &integer, &value))
    return NULL;
  return is_integer ? json_node_init_int (json_node_alloc (), integer)
                    : json_node_init_double (json_node_alloc (), value);
}

static JsonNode *
parse_object (Cursor *c, guint depth)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_init_object (json_node_alloc (), object);
  guint n_members = 0;

  json_object_unref (object);
  c->p++;   /* '{' */
  _sw_json_skip_space (c);
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

      if (!_sw_json_string (c, &key, &key_length) || key_length >= sizeof name)
        break;
      memcpy (name, key, key_length);
      name[key_length] = '\0';
      _sw_json_skip_space (c);
      if (c->p >= c->end || *c->p != ':')
        break;
      c->p++;
      _sw_json_skip_space (c);
      member = parse_value (c, depth + 1);
      if (member == NULL)
        break;
      json_object_set_member (object, name, member);
      if (json_object_get_size (object) != ++n_members)
        break;   /* the key given twice */
      switch (_sw_json_after (c, '}'))
        {
        case SW_JSON_NEXT: continue;
        case SW_JSON_END: return node;
        default: break;
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
  _sw_json_skip_space (c);
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
      switch (_sw_json_after (c, ']'))
        {
        case SW_JSON_NEXT: continue;
        case SW_JSON_END: return node;
        default: break;
        }
      break;
    }
  json_node_unref (node);
  return NULL;
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
        if (!_sw_json_string (c, &text, &length))
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
      return _sw_json_literal (c, "true", 4) ? json_node_init_boolean (json_node_alloc (), TRUE) : NULL;
    case 'f':
      return _sw_json_literal (c, "false", 5) ? json_node_init_boolean (json_node_alloc (), FALSE) : NULL;
    case 'n':
      return _sw_json_literal (c, "null", 4) ? json_node_init_null (json_node_alloc ()) : NULL;
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

  _sw_json_skip_space (&c);
  node = parse_value (&c, 0);
  if (node == NULL)
    return NULL;
  _sw_json_skip_space (&c);
  if (c.p != c.end)
    {
      json_node_unref (node);
      return NULL;
    }
  return node;
}
