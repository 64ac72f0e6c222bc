/* sw-model-file-positions.c: where each value of a *.shaft file is in its
 * text (json-glib keeps no positions: the reader listens to the parser's
 * signals), and the problems found, each at its line and column.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-private.h"
#include "sw-model-file-private.h"
#include "sw-model-reader-private.h"
#include "sw-subsystem-private.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>

/* Locations */

void
_sw_reader_offset_to_location (Reader *r,
                               gsize   offset,
                               guint  *line,
                               guint  *column)
{
  guint lo = 0, hi = r->line_starts->len;
  gsize start;
  guint n = 0;

  offset = MIN (offset, r->length);
  /* The last line starting at or before offset. */
  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;

      if (g_array_index (r->line_starts, gsize, mid) <= offset)
        lo = mid;
      else
        hi = mid;
    }

  start = g_array_index (r->line_starts, gsize, lo);
  if (r->cached_line == lo + 1 && r->cached_offset <= offset && r->cached_offset >= start)
    {
      start = r->cached_offset;
      n = r->cached_column - 1;
    }
  for (gsize i = start; i < offset; i++)
    if (((guchar) r->data[i] & 0xC0) != 0x80)
      n++;

  *line = lo + 1;
  *column = n + 1;
  r->cached_line = *line;
  r->cached_offset = offset;
  r->cached_column = *column;
  if (lo == 0)
    *column += r->base_column;
  *line += r->base_line;
}

guint
_sw_reader_offset_to_line (Reader *r,
                           gsize   offset)
{
  guint line, column;

  _sw_reader_offset_to_location (r, offset, &line, &column);
  return line;
}

/* Offsets are remembered by the address of what the parser built: a
 * container's JsonObject or JsonArray, a member's or an element's JsonNode
 * (all alive as long as the parser's tree). */
static gconstpointer
container_key (gconstpointer container)
{
  return container;
}

static gconstpointer
member_key (JsonObject *object,
            const char *name)
{
  return json_object_get_member (object, name);
}

static gconstpointer
element_key (JsonArray *array,
             guint      index)
{
  return index < json_array_get_length (array) ? json_array_get_element (array, index) : NULL;
}

static void
remember (Reader        *r,
          gconstpointer  key,
          gsize          offset)
{
  if (key != NULL)
    g_hash_table_replace (r->where, (gpointer) key, GSIZE_TO_POINTER (offset + 1));
}

static void remember_scalars (Reader *r);

static gsize
recall (Reader        *r,
        gconstpointer  key)
{
  gpointer value = key != NULL ? g_hash_table_lookup (r->where, key) : NULL;

  if (value == NULL && key != NULL && r->scanned_root != NULL && !r->scalars_remembered)
    {
      remember_scalars (r);
      value = g_hash_table_lookup (r->where, key);
    }

  return value != NULL ? GPOINTER_TO_SIZE (value) - 1 : NO_OFFSET;
}

/* The byte the parser's scanner last read. */
static gsize
scanner_offset (Reader     *r,
                JsonParser *parser)
{
  guint line = json_parser_get_current_line (parser);
  guint pos = json_parser_get_current_pos (parser);
  gsize offset;

  if (r->length == 0)
    return 0;
  if (line == 0 || line > r->line_starts->len)
    return r->length - 1;

  offset = g_array_index (r->line_starts, gsize, line - 1) + pos;
  offset = offset > 0 ? offset - 1 : 0;
  return MIN (offset, r->length - 1);
}

static gboolean
is_token_char (char c)
{
  return g_ascii_isalnum (c) || c == '.' || c == '+' || c == '-' || c == '_';
}

static gboolean
is_escaped (Reader *r,
            gsize   offset)
{
  guint backslashes = 0;

  while (offset > backslashes && r->data[offset - backslashes - 1] == '\\')
    backslashes++;
  return backslashes % 2 == 1;
}

/* From the end of a scalar (or the delimiter after it) back to its first
 * byte; end itself when the text there does not look like a value. */
static gsize
scalar_start (Reader *r,
              gsize   end)
{
  const char *d = r->data;
  gsize o = end;

  if (r->length == 0)
    return 0;
  o = MIN (o, r->length - 1);

  while (o > 0 && g_ascii_isspace (d[o]))
    o--;
  if (o > 0 && (d[o] == ',' || d[o] == '}' || d[o] == ']'))
    o--;
  while (o > 0 && g_ascii_isspace (d[o]))
    o--;

  if (d[o] == '"' || d[o] == '\'')
    {
      char quote = d[o];

      while (o > 0)
        {
          o--;
          if (d[o] == quote && !is_escaped (r, o))
            return o;
        }
      return end;
    }

  if (is_token_char (d[o]))
    {
      while (o > 0 && is_token_char (d[o - 1]))
        o--;
      return o;
    }

  return end;
}

/* From the start of a member's value back to its key. */
static gsize
key_start (Reader *r,
           gsize   value)
{
  const char *d = r->data;
  gsize o = value;

  if (value == NO_OFFSET || value == 0 || value >= r->length)
    return value;

  o--;
  while (o > 0 && g_ascii_isspace (d[o]))
    o--;
  if (d[o] != ':' || o == 0)
    return value;
  o--;
  while (o > 0 && g_ascii_isspace (d[o]))
    o--;
  if (d[o] == '"' || d[o] == '\'')
    {
      char quote = d[o];

      while (o > 0)
        {
          o--;
          if (d[o] == quote && !is_escaped (r, o))
            return o;
        }
    }

  return value;
}

static gsize
value_start (Reader     *r,
             JsonParser *parser,
             JsonNode   *node)
{
  gsize offset = NO_OFFSET;

  if (JSON_NODE_HOLDS_OBJECT (node))
    offset = recall (r, container_key (json_node_get_object (node)));
  else if (JSON_NODE_HOLDS_ARRAY (node))
    offset = recall (r, container_key (json_node_get_array (node)));

  return offset != NO_OFFSET ? offset : scalar_start (r, scanner_offset (r, parser));
}

/* json-glib 1.6 wraps integers too large for gint64; read those again as
 * doubles (a finite or an infinite one, which the checks then refuse). */
static void
fix_number (Reader   *r,
            JsonNode *node,
            gsize     offset)
{
  const char *text;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return;
  if (offset >= r->length)
    return;

  text = r->data + offset;
  if (!g_ascii_isdigit (*text) && *text != '-')
    return;

  errno = 0;
  g_ascii_strtoll (text, NULL, 10);
  if (errno == ERANGE)
    json_node_set_double (node, g_ascii_strtod (text, NULL));
}

/* Problems */

/* One problem is one line of valid UTF-8 in the report, whatever text a
 * message quotes (json-glib's messages quote the input). */
static char *
single_line (const char *message)
{
  GString *out = g_string_sized_new (strlen (message));

  for (const char *p = message; *p != '\0'; )
    {
      gunichar c = g_utf8_get_char_validated (p, -1);
      const char *next = g_utf8_next_char (p);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        next = p + 1;
      if (*p == '\n')
        g_string_append (out, "\\n");
      else if (next == p + 1 && ((guchar) *p < 0x20 || (guchar) *p >= 0x7f))
        g_string_append_printf (out, "\\x%02x", (guchar) *p);
      else
        g_string_append_len (out, p, next - p);
      p = next;
    }

  return g_string_free (out, FALSE);
}

void
_sw_reader_add_problem_at (Reader     *r,
                           guint       line,
                           guint       column,
                           int         code,
                           const char *message)
{
  Problem problem = { line, column, r->problems->len, code, single_line (message) };

  g_array_append_val (r->problems, problem);
}

void G_GNUC_PRINTF (4, 5)
_sw_reader_add_problem (Reader     *r,
                        gsize       offset,
                        int         code,
                        const char *format,
                        ...)
{
  g_autofree char *message = NULL;
  guint line = 0, column = 0;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (offset != NO_OFFSET)
    _sw_reader_offset_to_location (r, offset, &line, &column);
  _sw_reader_add_problem_at (r, line, column, code, message);
}

/* Takes error. */
void
_sw_reader_add_error (Reader *r,
                      gsize   offset,
                      GError *error)
{
  if (error == NULL)
    {
      _sw_reader_add_problem (r, offset, SW_ERROR_INVALID, "%s", _("invalid value"));
      return;
    }
  _sw_reader_add_problem (r, offset, error->domain == SW_ERROR ? error->code : SW_ERROR_INVALID,
                          "%s", error->message);
  g_error_free (error);
}

void
_sw_reader_add_parse_error (Reader       *r,
                            const GError *error)
{
  const char *message = error->message;
  g_autofree char *text = NULL;
  guint line = 0, column = 0;

  /* json-glib: "<data>:LINE:COL: Parse error: ...", COL counting bytes;
   * the report counts characters. */
  if (g_str_has_prefix (message, "<data>:"))
    {
      const char *p = message + strlen ("<data>:");
      char *end;

      line = (guint) g_ascii_strtoull (p, &end, 10);
      if (*end == ':')
        column = (guint) g_ascii_strtoull (end + 1, &end, 10);
      if (*end == ':' && line > 0)
        message = end + 1;
      else
        line = column = 0;
    }
  if (line > 0 && line <= r->line_starts->len)
    {
      gsize offset = g_array_index (r->line_starts, gsize, line - 1) + (column > 0 ? column - 1 : 0);

      _sw_reader_offset_to_location (r, offset, &line, &column);
    }
  else if (line > 0)
    line += r->base_line;
  while (*message == ' ')
    message++;
  if (g_str_has_prefix (message, "Parse error: "))
    message += strlen ("Parse error: ");

  text = g_strdup_printf (_("malformed JSON: %s"), message);
  _sw_reader_add_problem_at (r, line, column, SW_ERROR_PARSE, text);
}

void
_sw_reader_on_scan_problem (gsize       offset,
                            const char *message,
                            gpointer    user_data)
{
  _sw_reader_add_problem (user_data, offset, SW_ERROR_PARSE, "%s", message);
}

int
_sw_reader_compare_problems (gconstpointer a,
                             gconstpointer b)
{
  const Problem *pa = a, *pb = b;

  if (pa->line != pb->line)
    return pa->line < pb->line ? -1 : 1;
  if (pa->column != pb->column)
    return pa->column < pb->column ? -1 : 1;
  return pa->order < pb->order ? -1 : pa->order > pb->order;
}

void
_sw_reader_problem_clear (gpointer data)
{
  g_free (((Problem *) data)->message);
}

void
_sw_reader_open_container_clear (gpointer data)
{
  g_clear_pointer (&((OpenContainer *) data)->names, g_hash_table_unref);
}

/* Parser signals */

static void
push_container (Reader     *r,
                JsonParser *parser,
                gboolean    is_object)
{
  OpenContainer open = { scanner_offset (r, parser), NULL };

  if (is_object)
    open.names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_array_append_val (r->open, open);
}

static gsize
pop_container (Reader *r)
{
  gsize offset;

  if (r->open->len == 0)
    return 0;
  offset = g_array_index (r->open, OpenContainer, r->open->len - 1).offset;
  g_array_set_size (r->open, r->open->len - 1);
  return offset;
}

static void
on_object_start (JsonParser *parser,
                 Reader     *r)
{
  push_container (r, parser, TRUE);
}

static void
on_array_start (JsonParser *parser,
                Reader     *r)
{
  push_container (r, parser, FALSE);
}

static void
on_object_end (JsonParser *parser,
               JsonObject *object,
               Reader     *r)
{
  remember (r, container_key (object), pop_container (r));
}

static void
on_array_end (JsonParser *parser,
              JsonArray  *array,
              Reader     *r)
{
  remember (r, container_key (array), pop_container (r));
}

static void
on_object_member (JsonParser *parser,
                  JsonObject *object,
                  const char *name,
                  Reader     *r)
{
  JsonNode *node = json_object_get_member (object, name);
  gsize offset;

  if (node == NULL)
    return;

  offset = value_start (r, parser, node);
  fix_number (r, node, offset);
  remember (r, member_key (object, name), offset);

  /* Nested containers have ended by now: the innermost open one is object. */
  if (r->open->len > 0)
    {
      GHashTable *names = g_array_index (r->open, OpenContainer, r->open->len - 1).names;

      if (names != NULL && !g_hash_table_add (names, g_strdup (name)))
        {
          g_autofree char *quoted = _sw_quote (name);

          _sw_reader_add_problem (r, key_start (r, offset), SW_ERROR_PARSE,
                                  _("key %s appears more than once in this object"), quoted);
        }
    }
}

static void
on_array_element (JsonParser *parser,
                  JsonArray  *array,
                  guint       index,
                  Reader     *r)
{
  JsonNode *node = json_array_get_element (array, index);
  gsize offset;

  if (node == NULL)
    return;

  offset = value_start (r, parser, node);
  fix_number (r, node, offset);
  remember (r, element_key (array, index), offset);
}

JsonParser *
_sw_reader_parser_reporting_positions (Reader *r)
{
  JsonParser *parser = json_parser_new ();

  g_signal_connect (parser, "object-start", G_CALLBACK (on_object_start), r);
  g_signal_connect (parser, "object-member", G_CALLBACK (on_object_member), r);
  g_signal_connect (parser, "object-end", G_CALLBACK (on_object_end), r);
  g_signal_connect (parser, "array-start", G_CALLBACK (on_array_start), r);
  g_signal_connect (parser, "array-element", G_CALLBACK (on_array_element), r);
  g_signal_connect (parser, "array-end", G_CALLBACK (on_array_end), r);
  return parser;
}

/* Pairs the tree with the value starts of the scan: both are in the order
 * of the text. Containers are remembered by their JsonObject or JsonArray,
 * and with scalars also every member and element by its JsonNode. FALSE
 * when tree and text disagree (a key given twice leaves fewer values in the
 * tree than in the text). */
gboolean
_sw_reader_remember_subtree (Reader   *r,
                             JsonNode *node,
                             gboolean  scalars,
                             guint    *next)
{
  gsize offset;

  if (*next >= r->starts->len)
    return FALSE;
  offset = g_array_index (r->starts, guint32, (*next)++);
  if (scalars)
    remember (r, node, offset);

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      if (r->data[offset] != '{')
        return FALSE;
      remember (r, container_key (object), offset);
      json_object_iter_init_ordered (&iter, object);
      while (json_object_iter_next_ordered (&iter, &name, &member))
        if (!_sw_reader_remember_subtree (r, member, scalars, next))
          return FALSE;
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      if (r->data[offset] != '[')
        return FALSE;
      remember (r, container_key (array), offset);
      for (guint i = 0; i < json_array_get_length (array); i++)
        if (!_sw_reader_remember_subtree (r, json_array_get_element (array, i), scalars, next))
          return FALSE;
    }
  else if (r->data[offset] == '{' || r->data[offset] == '[')
    return FALSE;

  return TRUE;
}

static void
remember_scalars (Reader *r)
{
  guint next = r->scanned_first;

  r->scalars_remembered = TRUE;
  _sw_reader_remember_subtree (r, r->scanned_root, TRUE, &next);
}

/* Plain JSON parsed without the parser's signals (which cost more than the
 * parsing): positions come from the scan. text: the reader's, or the
 * top-level object with its big arrays left out (sw-model-file-elements.c),
 * whose values are those of starts in order. FALSE when the text does not
 * parse or disagrees with the scan; then nothing is remembered. */
gboolean
_sw_reader_parse_plain (Reader       *r,
                        JsonParser   *parser,
                        const char   *text,
                        gsize         length,
                        GArray       *starts)
{
  JsonNode *root;
  guint next = 0;

  if (!json_parser_load_from_data (parser, text, (gssize) length, NULL))
    return FALSE;
  root = json_parser_get_root (parser);
  r->starts = starts;
  r->scanned_first = 0;
  if (root != NULL && _sw_reader_remember_subtree (r, root, FALSE, &next) && next == starts->len)
    {
      r->scanned_root = root;
      return TRUE;
    }
  r->starts = NULL;
  g_hash_table_remove_all (r->where);
  return FALSE;
}

/* Looking positions up */

gsize
_sw_reader_object_offset (Reader     *r,
                          JsonObject *object)
{
  gsize offset = recall (r, container_key (object));

  return offset != NO_OFFSET ? offset : 0;
}

gsize
_sw_reader_member_offset (Reader     *r,
                          JsonObject *object,
                          const char *name)
{
  gsize offset = recall (r, member_key (object, name));

  return offset != NO_OFFSET ? offset : _sw_reader_object_offset (r, object);
}

gsize
_sw_reader_member_key_offset (Reader     *r,
                              JsonObject *object,
                              const char *name)
{
  gsize offset = recall (r, member_key (object, name));

  return offset != NO_OFFSET ? key_start (r, offset) : _sw_reader_object_offset (r, object);
}

gsize
_sw_reader_element_offset (Reader    *r,
                           JsonArray *array,
                           guint      index)
{
  gsize offset = recall (r, element_key (array, index));

  return offset != NO_OFFSET ? offset : recall (r, container_key (array));
}
