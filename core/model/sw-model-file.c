/* sw-model-file.c: reading *.shaft files (JSON, described in data/FORMAT.md).
 *
 * json-glib 1.6 keeps no source positions in its nodes, so the reader listens
 * to the parser's signals and records where every object, array, member and
 * element begins (as a byte offset into the text). When a signal fires for a
 * scalar, the scanner already stands at (or just past) the end of the value;
 * the start is found by stepping back over the token. Every problem is then
 * reported at the value (or key) it concerns, all of them in one GError.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-private.h"
#include "sw-model-file-private.h"
#include "sw-subsystem-private.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#define NO_OFFSET G_MAXSIZE

typedef struct {
  guint  line;      /* 0: no location */
  guint  column;
  guint  order;
  int    code;
  char  *message;
} Problem;

typedef struct {
  gsize       offset;   /* of the '{' or '[' */
  GHashTable *names;    /* an object's member names so far; NULL for arrays */
} OpenContainer;

typedef struct {
  char       *data;         /* the text, NUL-terminated */
  gsize       length;
  const char *file;
  GArray     *line_starts;  /* gsize: offset of each line's first byte */
  /* The last column worked out, to count on from there: lookups come in
   * increasing order, and a minified file is one long line. */
  guint       cached_line;
  gsize       cached_offset;
  guint       cached_column;
  /* Where data begins in its file (a definition of "subsystems"): lines
   * before it, and columns before it on its first line. */
  guint       base_line, base_column;
  guint64     n_flat;       /* components so far once subsystems are expanded */
  GArray     *open;         /* OpenContainer: the containers being parsed */
  GHashTable *where;        /* key (see *_key ()) -> offset + 1 */
  /* Plain JSON (see parse_plain): the scan's value starts and the tree they
   * belong to, whose scalars are remembered at the first lookup of one. */
  GArray     *starts;
  JsonNode   *scanned_root;
  gboolean    scalars_remembered;
  GArray     *problems;     /* Problem */
  SwModel    *model;
  char       *folder;       /* where subsystems' files are looked for */
  /* The file's inline subsystem definitions ("subsystems"): the outermost
   * reader's, borrowed by the readers of the definitions themselves. */
  SwInlineScope *scope;
  gboolean    owns_scope;
  gboolean    definition;   /* reading one of them: no header, no "subsystems" */
  GHashTable *defined;      /* component id -> offset + 1 of its first definition */
  GHashTable *unreadable;   /* ids of components that could not be read */
} Reader;

/* Locations */

static void
offset_to_location (Reader *r,
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

static guint
offset_to_line (Reader *r,
                gsize   offset)
{
  guint line, column;

  offset_to_location (r, offset, &line, &column);
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

static void
add_problem_at (Reader     *r,
                guint       line,
                guint       column,
                int         code,
                const char *message)
{
  Problem problem = { line, column, r->problems->len, code, single_line (message) };

  g_array_append_val (r->problems, problem);
}

static void G_GNUC_PRINTF (4, 5)
add_problem (Reader     *r,
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
    offset_to_location (r, offset, &line, &column);
  add_problem_at (r, line, column, code, message);
}

/* Takes error. */
static void
add_error (Reader *r,
           gsize   offset,
           GError *error)
{
  if (error == NULL)
    {
      add_problem (r, offset, SW_ERROR_INVALID, "%s", _("invalid value"));
      return;
    }
  add_problem (r, offset, error->domain == SW_ERROR ? error->code : SW_ERROR_INVALID,
               "%s", error->message);
  g_error_free (error);
}

static void
add_parse_error (Reader       *r,
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

      offset_to_location (r, offset, &line, &column);
    }
  else if (line > 0)
    line += r->base_line;
  while (*message == ' ')
    message++;
  if (g_str_has_prefix (message, "Parse error: "))
    message += strlen ("Parse error: ");

  text = g_strdup_printf (_("malformed JSON: %s"), message);
  add_problem_at (r, line, column, SW_ERROR_PARSE, text);
}

static void
on_scan_problem (gsize       offset,
                 const char *message,
                 gpointer    user_data)
{
  add_problem (user_data, offset, SW_ERROR_PARSE, "%s", message);
}

static int
compare_problems (gconstpointer a,
                  gconstpointer b)
{
  const Problem *pa = a, *pb = b;

  if (pa->line != pb->line)
    return pa->line < pb->line ? -1 : 1;
  if (pa->column != pb->column)
    return pa->column < pb->column ? -1 : 1;
  return pa->order < pb->order ? -1 : pa->order > pb->order;
}

static void
problem_clear (gpointer data)
{
  g_free (((Problem *) data)->message);
}

static void
open_container_clear (gpointer data)
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

          add_problem (r, key_start (r, offset), SW_ERROR_PARSE,
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

static JsonParser *
parser_reporting_positions (Reader *r)
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
static gboolean
remember_subtree (Reader   *r,
                  JsonNode *node,
                  gboolean  scalars,
                  guint    *next)
{
  gsize offset;

  if (*next >= r->starts->len)
    return FALSE;
  offset = g_array_index (r->starts, gsize, (*next)++);
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
        if (!remember_subtree (r, member, scalars, next))
          return FALSE;
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      if (r->data[offset] != '[')
        return FALSE;
      remember (r, container_key (array), offset);
      for (guint i = 0; i < json_array_get_length (array); i++)
        if (!remember_subtree (r, json_array_get_element (array, i), scalars, next))
          return FALSE;
    }
  else if (r->data[offset] == '{' || r->data[offset] == '[')
    return FALSE;

  return TRUE;
}

static void
remember_scalars (Reader *r)
{
  guint next = 0;

  r->scalars_remembered = TRUE;
  remember_subtree (r, r->scanned_root, TRUE, &next);
}

/* Plain JSON parsed without the parser's signals (which cost more than the
 * parsing): positions come from the scan. FALSE when the text does not
 * parse or disagrees with the scan; then nothing is remembered. */
static gboolean
parse_plain (Reader       *r,
             JsonParser   *parser,
             gsize         length,
             GArray       *starts)
{
  JsonNode *root;
  guint next = 0;

  if (!json_parser_load_from_data (parser, r->data, (gssize) length, NULL))
    return FALSE;
  root = json_parser_get_root (parser);
  r->starts = starts;
  if (root != NULL && remember_subtree (r, root, FALSE, &next) && next == starts->len)
    {
      r->scanned_root = root;
      return TRUE;
    }
  r->starts = NULL;
  g_hash_table_remove_all (r->where);
  return FALSE;
}

/* Looking positions up */

static gsize
object_offset (Reader     *r,
               JsonObject *object)
{
  gsize offset = recall (r, container_key (object));

  return offset != NO_OFFSET ? offset : 0;
}

static gsize
member_offset (Reader     *r,
               JsonObject *object,
               const char *name)
{
  gsize offset = recall (r, member_key (object, name));

  return offset != NO_OFFSET ? offset : object_offset (r, object);
}

static gsize
member_key_offset (Reader     *r,
                   JsonObject *object,
                   const char *name)
{
  gsize offset = recall (r, member_key (object, name));

  return offset != NO_OFFSET ? key_start (r, offset) : object_offset (r, object);
}

static gsize
element_offset (Reader    *r,
                JsonArray *array,
                guint      index)
{
  gsize offset = recall (r, element_key (array, index));

  return offset != NO_OFFSET ? offset : recall (r, container_key (array));
}

/* Values */

static const char *
describe_node (JsonNode *node)
{
  GType type;

  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      return _("an object");
    case JSON_NODE_ARRAY:
      return _("an array");
    case JSON_NODE_NULL:
      return "null";
    case JSON_NODE_VALUE:
    default:
      break;
    }

  type = json_node_get_value_type (node);
  if (type == G_TYPE_STRING)
    return _("a string");
  if (type == G_TYPE_BOOLEAN)
    return _("true/false");
  return _("a number");
}

static gboolean
node_get_number (JsonNode *node,
                 double   *value)
{
  GType type;

  if (!JSON_NODE_HOLDS_VALUE (node))
    return FALSE;

  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64)
    *value = (double) json_node_get_int (node);
  else if (type == G_TYPE_DOUBLE)
    *value = json_node_get_double (node);
  else
    return FALSE;

  return TRUE;
}

static const char *
node_get_string (JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static char *
join_names (const char *const *names)
{
  return g_strjoinv (", ", (char **) names);
}

static gboolean
has_unknown_keys (JsonObject        *object,
                  const char *const *valid)
{
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;

  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &name, &member))
    if (!g_strv_contains (valid, name))
      return TRUE;
  return FALSE;
}

/* Reports members of object not in valid. who: NULL at the top level. */
static void
check_keys (Reader            *r,
            JsonObject        *object,
            const char        *who,
            const char *const *valid)
{
  g_autoptr(GList) names = NULL;

  if (!has_unknown_keys (object, valid))
    return;
  names = json_object_get_members (object);

  for (GList *l = names; l != NULL; l = l->next)
    {
      g_autofree char *quoted = NULL;
      g_autofree char *list = NULL;

      if (g_strv_contains (valid, l->data))
        continue;

      quoted = _sw_quote (l->data);
      list = join_names (valid);
      if (who == NULL)
        add_problem (r, member_key_offset (r, object, l->data), SW_ERROR_UNKNOWN_PARAMETER,
                     _("unknown top-level key %s; valid keys: %s"), quoted, list);
      else
        add_problem (r, member_key_offset (r, object, l->data), SW_ERROR_UNKNOWN_PARAMETER,
                     _("%s: unknown key %s; valid keys: %s"), who, quoted, list);
    }
}

/* A TABLE parameter: a list of rows, each of n_columns numbers. Each
 * problem is reported at the row or value it concerns. */
static gboolean
read_table (Reader      *r,
            const char  *who,
            SwComponent *c,
            guint        p,
            JsonObject  *params,
            const char  *name)
{
  const SwParamDesc *desc = &c->kind->params[p];
  const SwTableDesc *table = desc->table;
  JsonNode *node = json_object_get_member (params, name);
  g_autofree char *shape = _sw_table_dup_row_shape (table);
  g_autofree double *values = NULL;
  JsonArray *rows;
  guint n_rows;
  double prev_w = -INFINITY;
  gboolean ok = TRUE;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      add_problem (r, member_offset (r, params, name), SW_ERROR_PARSE,
                   _("%s: parameter “%s” must be a list of rows [%s, …], not %s"),
                   who, desc->name, shape, describe_node (node));
      return FALSE;
    }
  rows = json_node_get_array (node);
  n_rows = json_array_get_length (rows);
  if (n_rows == 0)
    {
      add_problem (r, member_offset (r, params, name), SW_ERROR_INVALID,
                   _("%s: parameter “%s” needs at least one row %s"), who, desc->name, shape);
      return FALSE;
    }

  values = g_new (double, (gsize) n_rows * table->n_columns);
  for (guint i = 0; i < n_rows; i++)
    {
      JsonNode *row_node = json_array_get_element (rows, i);
      JsonArray *row;

      if (!JSON_NODE_HOLDS_ARRAY (row_node) ||
          json_array_get_length (json_node_get_array (row_node)) != table->n_columns)
        {
          if (JSON_NODE_HOLDS_ARRAY (row_node))
            add_problem (r, element_offset (r, rows, i), SW_ERROR_INVALID,
                         _("%s: parameter “%s”, row %u has %u values; valid: %s, %u numbers"),
                         who, desc->name, i + 1, json_array_get_length (json_node_get_array (row_node)),
                         shape, table->n_columns);
          else
            add_problem (r, element_offset (r, rows, i), SW_ERROR_PARSE,
                         _("%s: parameter “%s”, row %u must be %s, not %s"),
                         who, desc->name, i + 1, shape, describe_node (row_node));
          ok = FALSE;
          continue;
        }

      row = json_node_get_array (row_node);
      for (guint j = 0; j < table->n_columns; j++)
        {
          JsonNode *cell = json_array_get_element (row, j);
          double *value = &values[(gsize) i * table->n_columns + j];
          GError *error = NULL;

          if (!node_get_number (cell, value))
            {
              add_problem (r, element_offset (r, row, j), SW_ERROR_PARSE,
                           _("%s: parameter “%s”, row %u: %s must be a number, not %s"),
                           who, desc->name, i + 1, table->columns[j].name, describe_node (cell));
              *value = NAN;
              ok = FALSE;
              continue;
            }
          /* Increasing: against the last row whose w could be read. */
          if (!_sw_check_table_value (who, desc, i, j, *value, prev_w, &error))
            {
              add_error (r, element_offset (r, row, j), error);
              if (j == 0)
                *value = NAN;
              ok = FALSE;
              continue;
            }
        }
      if (!isnan (values[(gsize) i * table->n_columns]))
        prev_w = values[(gsize) i * table->n_columns];
    }
  if (!ok)
    return FALSE;

  g_clear_pointer (&c->table[p], sw_table_unref);
  c->table[p] = sw_table_new (n_rows, table->n_columns, values);
  c->param[p] = _sw_table_param_value (c->table[p]);
  c->given[p] = TRUE;
  return TRUE;
}

/* The byte of the character-th character (1-based) of a JSON string whose
 * opening quote is at offset (escapes count as the one character they
 * stand for); offset itself when no string begins there. */
static gsize
string_char_offset (Reader *r,
                    gsize   offset,
                    guint   character)
{
  gsize o;

  if (offset >= r->length || (r->data[offset] != '"' && r->data[offset] != '\''))
    return offset;
  o = offset + 1;
  for (guint k = 1; k < character && o < r->length && r->data[o] != r->data[offset]; k++)
    {
      if (r->data[o] == '\\' && r->data[offset] == '"')
        o += o + 1 < r->length && r->data[o + 1] == 'u' ? 6 : 2;
      else
        o = (gsize) (g_utf8_next_char (r->data + o) - r->data);
    }
  return MIN (o, r->length);
}

/* An EXPRESSION parameter: "formula", or {"expression": "formula",
 * "constants": {"name": number, …}}. */
static const char *const expression_keys[] = { "expression", "constants", NULL };

static gboolean
read_expression (Reader      *r,
                 const char  *who,
                 SwComponent *c,
                 guint        p,
                 JsonObject  *params,
                 const char  *name)
{
  const SwParamDesc *desc = &c->kind->params[p];
  JsonNode *node = json_object_get_member (params, name);
  JsonNode *text_node = node;
  JsonObject *object = NULL, *constants = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(SwExpression) expression = NULL;
  GError *error = NULL;
  gsize text_offset = member_offset (r, params, name);
  guint position = 0;
  int constant = -1;
  gboolean ok = TRUE;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autoptr(GList) keys = NULL;
      JsonNode *member;

      object = json_node_get_object (node);
      keys = json_object_get_members (object);
      for (GList *l = keys; l != NULL; l = l->next)
        if (!g_strv_contains (expression_keys, l->data))
          {
            add_problem (r, member_key_offset (r, object, l->data), SW_ERROR_UNKNOWN_PARAMETER,
                         _("%s: parameter “%s”: unknown key “%s”; valid: “expression” (the formula) and "
                           "“constants” ({\"name\": number, …})"), who, desc->name, (const char *) l->data);
            ok = FALSE;
          }
      text_node = json_object_get_member (object, "expression");
      if (text_node == NULL)
        {
          add_problem (r, text_offset, SW_ERROR_INVALID,
                       _("%s: parameter “%s”: “expression” (the formula) is missing"), who, desc->name);
          return FALSE;
        }
      text_offset = member_offset (r, object, "expression");
      member = json_object_get_member (object, "constants");
      if (member != NULL && !JSON_NODE_HOLDS_OBJECT (member))
        {
          add_problem (r, member_offset (r, object, "constants"), SW_ERROR_PARSE,
                       _("%s: parameter “%s”: “constants” must be an object {\"name\": number, …}, not %s"),
                       who, desc->name, describe_node (member));
          return FALSE;
        }
      if (member != NULL)
        {
          g_autoptr(GList) members = NULL;

          constants = json_node_get_object (member);
          members = json_object_get_members (constants);
          for (GList *l = members; l != NULL; l = l->next)
            {
              double value;

              if (!node_get_number (json_object_get_member (constants, l->data), &value))
                {
                  add_problem (r, member_offset (r, constants, l->data), SW_ERROR_PARSE,
                               _("%s: parameter “%s”: constant “%s” must be a number, not %s"),
                               who, desc->name, (const char *) l->data,
                               describe_node (json_object_get_member (constants, l->data)));
                  ok = FALSE;
                  continue;
                }
              g_ptr_array_add (names, l->data);
              g_array_append_val (values, value);
            }
        }
    }

  if (!JSON_NODE_HOLDS_VALUE (text_node) || json_node_get_value_type (text_node) != G_TYPE_STRING)
    {
      add_problem (r, text_offset, SW_ERROR_PARSE,
                   _("%s: parameter “%s” must be a formula in quotes such as \"%s\", or "
                     "{\"expression\": \"…\", \"constants\": {…}}, not %s"),
                   who, desc->name, desc->expression->default_text, describe_node (text_node));
      return FALSE;
    }
  if (!ok)
    return FALSE;

  expression = sw_expression_new (json_node_get_string (text_node), values->len,
                                  (const char *const *) names->pdata, (const double *) values->data);
  if (!_sw_check_expression (who, desc, expression, &position, &constant, &error))
    {
      gsize at = constant >= 0 && constants != NULL
        ? member_key_offset (r, constants, g_ptr_array_index (names, constant))
        : string_char_offset (r, text_offset, position);

      add_error (r, at, error);
      return FALSE;
    }

  g_clear_pointer (&c->expression[p], sw_expression_unref);
  c->expression[p] = g_steal_pointer (&expression);
  c->given[p] = TRUE;
  return TRUE;
}

/* Components */

/* ---- Shared signals ------------------------------------------------------ */

/* The shared signal called name (a new reference), or NULL with an error
 * listing those there are. */
static SwSignal *
shared_signal (Reader *r, const char *name, GError **error)
{
  int i = sw_model_find_shared_signal (r->model, name);
  g_autoptr(GString) names = g_string_new (NULL);
  g_autofree char *quoted = _sw_quote (name);

  if (i >= 0)
    return sw_signal_ref (sw_model_get_shared_signal (r->model, (guint) i));
  for (guint k = 0; k < sw_model_get_n_shared_signals (r->model); k++)
    g_string_append_printf (names, "%s%s", k > 0 ? ", " : "", sw_model_get_shared_signal_name (r->model, k));
  if (names->len == 0)
    g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                 _("there is no shared signal %s: the model has no “signals”; a signal is a number or an "
                   "object such as {\"step\": {…}}, or the name of one in the model's “signals”"), quoted);
  else
    g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                 _("there is no shared signal %s; valid: %s"), quoted, names->str);
  return NULL;
}

/* "signals": {"name": signal, …}, read before the components that name
 * them. */
static void
read_shared_signals (Reader *r, JsonObject *root)
{
  JsonNode *node = json_object_get_member (root, "signals");
  g_autoptr(GList) names = NULL;
  JsonObject *object;

  if (node == NULL)
    return;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      add_problem (r, member_offset (r, root, "signals"), SW_ERROR_PARSE,
                   _("“signals” must be an object {\"name\": signal, …}, not %s"), describe_node (node));
      return;
    }
  object = json_node_get_object (node);
  names = json_object_get_members (object);
  for (GList *l = names; l != NULL; l = l->next)
    {
      const char *name = l->data;
      g_autoptr(GError) error = NULL;
      g_autoptr(SwSignal) signal = NULL;
      g_autofree char *quoted = _sw_quote (name);

      if (!_sw_check_id (name, NULL))
        {
          add_problem (r, member_key_offset (r, object, name), SW_ERROR_INVALID,
                       _("shared signal %s: a name is letters, digits and “_”, not starting with a digit"), quoted);
          continue;
        }
      signal = sw_signal_new_from_json (json_object_get_member (object, name), &error);
      if (signal == NULL)
        {
          g_prefix_error (&error, _("shared signal %s: "), quoted);
          add_error (r, member_offset (r, object, name), g_steal_pointer (&error));
          continue;
        }
      _sw_model_add_shared_signal (r->model, name, signal);
    }
}

static const char *const component_keys[] = { "id", "kind", "model", "subsystem", "params", "position", "ui", NULL };

/* The kind of an inline definition ("subsystem": "EngineUnit"), or NULL
 * with the problem added; *ref: the name. */
static const SwKind *
inline_subsystem_kind (Reader *r, JsonObject *object, const char *who, char **ref)
{
  JsonNode *member = json_object_get_member (object, "subsystem");
  const char *name = node_get_string (member);
  GError *error = NULL;
  const SwKind *kind;

  if (name == NULL)
    {
      add_problem (r, member_offset (r, object, "subsystem"), SW_ERROR_PARSE,
                   _("%s: “subsystem” must be the name of a definition in “subsystems”, not %s"), who,
                   describe_node (member));
      return NULL;
    }
  kind = r->scope != NULL ? _sw_subsystem_load_inline (r->scope, name, &error) : NULL;
  if (kind == NULL && error != NULL)
    {
      g_autofree char *bad = g_strdup_printf ("subsystem:%s", name);

      /* Reported where it is defined. */
      if (g_hash_table_contains (r->unreadable, bad))
        {
          g_error_free (error);
          return NULL;
        }
    }
  if (kind == NULL)
    {
      if (error == NULL)
        g_set_error (&error, SW_ERROR, SW_ERROR_TOPOLOGY,
                     _("no subsystem “%s” is defined; define it in the file's top-level “subsystems”"), name);
      g_prefix_error (&error, _("%s: "), who);
      add_error (r, member_offset (r, object, "subsystem"), error);
      return NULL;
    }
  *ref = g_strdup (name);
  return kind;
}

/* A subsystem's kind from its "model" (a file, relative to the model's
 * folder) or its "subsystem" (a definition in the file), or NULL with the
 * problem added; *ref or *definition: the file or name as written. */
static const SwKind *
subsystem_kind (Reader *r, JsonObject *object, const char *who, char **ref, char **definition)
{
  JsonNode *member = json_object_get_member (object, "model");
  const char *file = member != NULL ? node_get_string (member) : NULL;
  g_autofree char *path = NULL;
  GError *error = NULL;
  const SwKind *kind;

  if (member == NULL && json_object_has_member (object, "subsystem"))
    return inline_subsystem_kind (r, object, who, definition);
  if (file == NULL)
    {
      add_problem (r, member != NULL ? member_offset (r, object, "model") : object_offset (r, object),
                   SW_ERROR_INVALID,
                   _("%s: a subsystem needs “model”, the .shaft file it is (e.g. \"engine.shaft\"), or “subsystem”, "
                     "the name of a definition in the file's “subsystems”"),
                   who);
      return NULL;
    }
  path = g_path_is_absolute (file) ? g_strdup (file) : g_build_filename (r->folder, file, NULL);
  kind = _sw_subsystem_load (path, &error);
  if (kind == NULL)
    {
      g_prefix_error (&error, _("%s: subsystem “%s”: "), who, file);
      add_error (r, member_offset (r, object, "model"), error);
      return NULL;
    }
  *ref = g_strdup (file);
  return kind;
}

static gboolean
read_param_value (Reader      *r,
                  const char  *who,
                  SwComponent *c,
                  guint        p,
                  JsonObject  *params,
                  const char  *name)
{
  const SwParamDesc *desc = &c->kind->params[p];
  JsonNode *node = json_object_get_member (params, name);
  GError *error = NULL;
  double value;

  if (desc->type == SW_PARAM_TABLE)
    return read_table (r, who, c, p, params, name);
  if (desc->type == SW_PARAM_EXPRESSION)
    return read_expression (r, who, c, p, params, name);

  switch (desc->type)
    {
    case SW_PARAM_REAL:
    case SW_PARAM_INITIAL:
      if (!node_get_number (node, &value))
        {
          add_problem (r, member_offset (r, params, name), SW_ERROR_PARSE,
                       _("%s: parameter “%s” must be a number, not %s"),
                       who, desc->name, describe_node (node));
          return FALSE;
        }
      if (!_sw_check_param (who, c->kind, p, value, &error))
        {
          add_error (r, member_offset (r, params, name), error);
          return FALSE;
        }
      break;

    case SW_PARAM_BOOLEAN:
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
        {
          add_problem (r, member_offset (r, params, name), SW_ERROR_PARSE,
                       _("%s: parameter “%s” must be true or false, not %s"),
                       who, desc->name, describe_node (node));
          return FALSE;
        }
      value = json_node_get_boolean (node) ? 1 : 0;
      break;

    case SW_PARAM_SIGNAL:
      {
        const char *ref = node_get_string (node);
        g_autoptr(SwSignal) signal = ref != NULL ? shared_signal (r, ref, &error)
                                                 : sw_signal_new_from_json (node, &error);

        if (signal == NULL)
          {
            if (error != NULL)
              g_prefix_error (&error, _("%s: parameter “%s”: "), who, desc->name);
            add_error (r, member_offset (r, params, name), error);
            return FALSE;
          }
        g_clear_error (&error);

        value = _sw_signal_param_value (signal);
        if (sw_signal_is_constant (signal) &&
            !_sw_check_param (who, c->kind, p, value, &error))
          {
            add_error (r, member_offset (r, params, name), error);
            return FALSE;
          }
        g_clear_pointer (&c->signal[p], sw_signal_unref);
        c->signal[p] = g_steal_pointer (&signal);
        g_free (c->signal_ref[p]);
        c->signal_ref[p] = g_strdup (ref);
      }
      break;

    default:
      g_assert_not_reached ();
    }

  c->param[p] = value;
  c->given[p] = TRUE;
  return TRUE;
}

/* Where problems of the parameters as a whole are reported. */
static gsize
params_offset (Reader     *r,
               JsonObject *object)
{
  return json_object_has_member (object, "params") ? member_offset (r, object, "params")
                                                   : object_offset (r, object);
}

static void
read_params (Reader      *r,
             JsonObject  *object,
             const char  *who,
             SwComponent *c)
{
  JsonNode *node = json_object_get_member (object, "params");
  GError *error = NULL;
  gboolean ok = TRUE;

  if (node != NULL && !JSON_NODE_HOLDS_OBJECT (node))
    {
      add_problem (r, params_offset (r, object), SW_ERROR_PARSE,
                   _("%s: “params” must be an object {…}, not %s"), who, describe_node (node));
      return;
    }

  if (node != NULL)
    {
      JsonObject *params = json_node_get_object (node);
      g_autoptr(GList) names = json_object_get_members (params);

      for (GList *l = names; l != NULL; l = l->next)
        {
          const char *name = l->data;
          int p = _sw_find_param (who, c->kind, name, &error);

          if (p < 0)
            {
              add_error (r, member_key_offset (r, params, name), g_steal_pointer (&error));
              ok = FALSE;
              continue;
            }
          if (!read_param_value (r, who, c, p, params, name))
            ok = FALSE;
        }
    }

  for (guint i = 0; i < c->kind->n_params; i++)
    {
      const SwParamDesc *desc = &c->kind->params[i];

      if (c->given[i] || desc->type == SW_PARAM_INITIAL || desc->type == SW_PARAM_TABLE ||
          desc->type == SW_PARAM_EXPRESSION || !isnan (desc->default_value))
        continue;
      add_problem (r, params_offset (r, object), SW_ERROR_INVALID,
                   _("%s: parameter “%s” (%s) is missing; it has no default value"),
                   who, desc->name, desc->label != NULL ? _(desc->label) : desc->name);
      ok = FALSE;
    }

  if (ok && !_sw_validate_params (who, c->kind, c->param, &error))
    add_error (r, params_offset (r, object), g_steal_pointer (&error));
}

static void
read_position (Reader      *r,
               JsonObject  *object,
               const char  *who,
               SwComponent *c)
{
  JsonNode *node = json_object_get_member (object, "position");
  double xy[2];
  gboolean ok;

  if (node == NULL)
    return;

  ok = JSON_NODE_HOLDS_ARRAY (node) && json_array_get_length (json_node_get_array (node)) == 2;
  for (guint i = 0; ok && i < 2; i++)
    ok = node_get_number (json_array_get_element (json_node_get_array (node), i), &xy[i]) &&
         isfinite (xy[i]);
  if (!ok)
    {
      add_problem (r, member_offset (r, object, "position"), SW_ERROR_PARSE,
                   _("%s: “position” must be [x, y], two finite numbers"), who);
      return;
    }

  if (c != NULL)
    {
      c->has_position = TRUE;
      c->position[0] = xy[0];
      c->position[1] = xy[1];
    }
}

static void
read_component (Reader    *r,
                JsonArray *array,
                guint      index)
{
  JsonNode *node = json_array_get_element (array, index);
  g_autofree char *who = NULL;
  SwComponent component;
  JsonObject *object;
  JsonNode *member;
  const SwKind *kind = NULL;
  const char *id = NULL;
  const char *kind_name;
  g_autofree char *model_ref = NULL;
  g_autofree char *definition = NULL;
  gboolean usable = FALSE;
  GError *error = NULL;
  gsize start;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      add_problem (r, element_offset (r, array, index), SW_ERROR_PARSE,
                   _("component #%u must be an object {…}, not %s"), index + 1, describe_node (node));
      return;
    }

  object = json_node_get_object (node);
  start = object_offset (r, object);
  member = json_object_get_member (object, "id");
  id = node_get_string (member);
  who = id != NULL ? _sw_component_label (id) : g_strdup_printf (_("component #%u"), index + 1);

  check_keys (r, object, who, component_keys);

  if (member == NULL)
    add_problem (r, start, SW_ERROR_INVALID, _("%s has no “id”"), who);
  else if (id == NULL)
    add_problem (r, member_offset (r, object, "id"), SW_ERROR_PARSE,
                 _("%s: “id” must be a string, not %s"), who, describe_node (member));
  else if (!_sw_check_id (id, &error))
    add_error (r, member_offset (r, object, "id"), g_steal_pointer (&error));
  else if (g_hash_table_contains (r->defined, id))
    {
      gsize first = GPOINTER_TO_SIZE (g_hash_table_lookup (r->defined, id)) - 1;

      add_problem (r, member_offset (r, object, "id"), SW_ERROR_TOPOLOGY,
                   _("duplicate component id “%s”; it is first defined at line %u"),
                   id, offset_to_line (r, first));
    }
  else
    {
      usable = TRUE;
      g_hash_table_insert (r->defined, g_strdup (id), GSIZE_TO_POINTER (start + 1));
    }

  member = json_object_get_member (object, "kind");
  kind_name = node_get_string (member);
  if (member == NULL)
    add_problem (r, start, SW_ERROR_INVALID,
                 _("%s has no “kind”; run 'shaftwork-cli list' for the catalogue of kinds"), who);
  else if (kind_name == NULL)
    add_problem (r, member_offset (r, object, "kind"), SW_ERROR_PARSE,
                 _("%s: “kind” must be a string, not %s"), who, describe_node (member));
  else if (strcmp (kind_name, "subsystem") == 0)
    kind = subsystem_kind (r, object, who, &model_ref, &definition);
  else
    {
      kind = _sw_lookup_kind (who, kind_name, &error);
      if (kind == NULL)
        add_error (r, member_offset (r, object, "kind"), g_steal_pointer (&error));
    }

  /* Connections to a component that cannot be used (an invalid id, an
   * unknown kind) are not reported again. A duplicate's connections go to
   * the first definition. */
  if (id != NULL && ((usable && kind == NULL) || (!usable && !g_hash_table_contains (r->defined, id))))
    g_hash_table_add (r->unreadable, g_strdup (id));

  if (kind == NULL)
    {
      read_position (r, object, who, NULL);
      return;
    }
  /* The model once flattened: refused at the component that passes the
   * limit (a definition's own size was checked when it was made). */
  r->n_flat += _sw_subsystem_flat_size (kind);
  if (r->n_flat > SW_SUBSYSTEM_MAX_FLAT && r->n_flat - _sw_subsystem_flat_size (kind) <= SW_SUBSYSTEM_MAX_FLAT)
    add_problem (r, object_offset (r, object), SW_ERROR_TOO_LARGE,
                 _("%s: with it the model holds more than %u components once its subsystems are expanded; at most %u"),
                 who, SW_SUBSYSTEM_MAX_FLAT, SW_SUBSYSTEM_MAX_FLAT);

  _sw_component_init (&component, kind, id != NULL ? id : "");
  component.model_ref = g_steal_pointer (&model_ref);
  component.definition = g_steal_pointer (&definition);
  offset_to_location (r, start, &component.line, &component.column);
  read_params (r, object, who, &component);
  read_position (r, object, who, &component);
  member = json_object_get_member (object, "ui");
  if (member != NULL)
    component.ui = json_node_copy (member);

  if (usable)
    _sw_model_take_component (r->model, &component);
  else
    _sw_component_clear (&component);
}

/* Connections */

static const char *const connection_keys[] = { "from", "to", "ui", NULL };

/* A connection as messages name it, made at the first message (a file of
 * 20 000 connections would spend longer on names than on reading). */
typedef struct {
  JsonObject *object;
  guint       index;
  char       *text;
} ConnectionName;

static const char *
connection_name (ConnectionName *name)
{
  const char *from, *to;

  if (name->text != NULL)
    return name->text;
  from = node_get_string (json_object_get_member (name->object, "from"));
  to = node_get_string (json_object_get_member (name->object, "to"));
  if (from != NULL && to != NULL)
    {
      g_autofree char *quoted_from = _sw_quote (from);
      g_autofree char *quoted_to = _sw_quote (to);

      name->text = g_strdup_printf (_("connection from %s to %s"), quoted_from, quoted_to);
    }
  else
    name->text = g_strdup_printf (_("connection #%u"), name->index + 1);
  return name->text;
}

static gboolean
read_end (Reader         *r,
          JsonObject     *object,
          const char     *key,
          ConnectionName *name,
          guint          *component,
          guint          *port)
{
  JsonNode *node = json_object_get_member (object, key);
  const char *ref = node_get_string (node);
  GError *error = NULL;

  if (node == NULL)
    {
      add_problem (r, object_offset (r, object), SW_ERROR_INVALID,
                   _("%s has no “%s”"), connection_name (name), key);
      return FALSE;
    }
  if (ref == NULL)
    {
      add_problem (r, member_offset (r, object, key), SW_ERROR_PARSE,
                   _("%s: “%s” must be a string “component.port”, not %s"),
                   connection_name (name), key, describe_node (node));
      return FALSE;
    }

  /* Any part before a dot may be the id (an invalid id can hold dots). */
  if (g_hash_table_size (r->unreadable) > 0)
    for (const char *dot = strchr (ref, '.'); dot != NULL; dot = strchr (dot + 1, '.'))
      {
        g_autofree char *id = g_strndup (ref, dot - ref);

        if (sw_model_find_component (r->model, id) < 0 &&
            g_hash_table_contains (r->unreadable, id))
          return FALSE;
      }

  if (!_sw_model_resolve_port (r->model, ref, component, port, &error))
    {
      g_prefix_error (&error, "%s: ", connection_name (name));
      add_error (r, member_offset (r, object, key), error);
      return FALSE;
    }

  return TRUE;
}

static void
read_connection (Reader    *r,
                 JsonArray *array,
                 guint      index)
{
  JsonNode *node = json_array_get_element (array, index);
  SwConnection connection = { 0 };
  ConnectionName name = { NULL, index, NULL };
  JsonNode *ui;
  GError *error = NULL;
  gboolean from_ok, to_ok;
  int duplicate_of;
  gsize start;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      add_problem (r, element_offset (r, array, index), SW_ERROR_PARSE,
                   _("connection #%u must be an object {\"from\": …, \"to\": …}, not %s"),
                   index + 1, describe_node (node));
      return;
    }

  name.object = json_node_get_object (node);
  start = object_offset (r, name.object);
  if (has_unknown_keys (name.object, connection_keys))   /* naming it costs */
    check_keys (r, name.object, connection_name (&name), connection_keys);

  from_ok = read_end (r, name.object, "from", &name, &connection.from_component, &connection.from_port);
  to_ok = read_end (r, name.object, "to", &name, &connection.to_component, &connection.to_port);
  if (!from_ok || !to_ok)
    goto out;

  if (!_sw_model_check_connection (r->model, &connection, &duplicate_of, &error))
    {
      g_prefix_error (&error, "%s: ", connection_name (&name));
      if (duplicate_of >= 0)
        {
          const SwConnection *first = sw_model_get_connection (r->model, duplicate_of);

          add_problem (r, start, error->code, _("%s (first at line %u)"), error->message, first->line);
          g_error_free (error);
        }
      else
        add_error (r, start, error);
      goto out;
    }

  offset_to_location (r, start, &connection.line, &connection.column);
  ui = json_object_get_member (name.object, "ui");
  _sw_model_take_connection (r->model, &connection, ui != NULL ? json_node_copy (ui) : NULL);

out:
  g_free (name.text);
}

/* Simulation settings */

static const char *const simulation_keys[] = { "stop_time", "output_interval", "tolerance", "method", NULL };

/* TRUE when the file gives key and it is valid: > 0, and < 1 when below_one. */
static gboolean
read_setting (Reader     *r,
              JsonObject *object,
              const char *key,
              gboolean    below_one,
              double     *value)
{
  JsonNode *node = json_object_get_member (object, key);
  char text[SW_NUMBER_BUF_SIZE];
  double v;

  if (node == NULL)
    return FALSE;

  if (!node_get_number (node, &v))
    {
      add_problem (r, member_offset (r, object, key), SW_ERROR_PARSE,
                   _("simulation: “%s” must be a number, not %s"), key, describe_node (node));
      return FALSE;
    }

  if (!isfinite (v) || v <= 0 || (below_one && v >= 1))
    {
      add_problem (r, member_offset (r, object, key), SW_ERROR_INVALID,
                   below_one ? _("simulation: “%s” = %s is out of range; valid: 0 < %s < 1")
                             : _("simulation: “%s” = %s is out of range; valid: %s > 0"),
                   key, sw_format_number (text, v), key);
      return FALSE;
    }

  *value = v;
  return TRUE;
}

static void
read_simulation (Reader     *r,
                 JsonObject *root)
{
  JsonNode *node = json_object_get_member (root, "simulation");
  SwSimulationSettings *settings = &r->model->simulation;
  JsonObject *object;
  JsonNode *method;
  double value;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      add_problem (r, member_offset (r, root, "simulation"), SW_ERROR_PARSE,
                   _("“simulation” must be an object {…}, not %s"), describe_node (node));
      return;
    }

  object = json_node_get_object (node);
  check_keys (r, object, _("simulation"), simulation_keys);

  if (read_setting (r, object, "stop_time", FALSE, &value))
    settings->stop_time_s = value;
  settings->output_interval_s = settings->stop_time_s / 500;
  if (read_setting (r, object, "output_interval", FALSE, &value))
    settings->output_interval_s = value;
  if (read_setting (r, object, "tolerance", TRUE, &value))
    settings->tolerance = value;

  method = json_object_get_member (object, "method");
  if (method != NULL)
    {
      const char *name = node_get_string (method);

      if (name == NULL || !g_strv_contains (_sw_simulation_methods, name))
        {
          g_autofree char *list = join_names (_sw_simulation_methods);
          g_autofree char *quoted = _sw_quote (name);

          if (name == NULL)
            add_problem (r, member_offset (r, object, "method"), SW_ERROR_PARSE,
                         _("simulation: “method” must be a string, not %s; valid: %s"),
                         describe_node (method), list);
          else
            add_problem (r, member_offset (r, object, "method"), SW_ERROR_INVALID,
                         _("simulation: unknown method %s; valid: %s"), quoted, list);
        }
      else
        {
          g_clear_pointer (&settings->method, g_free);
          if (strcmp (name, "auto") != 0)
            settings->method = g_strdup (name);
        }
    }
}

/* Inline subsystems */

/* One past the JSON value that starts at offset (an object or array). */
static gsize
value_end (Reader *r, gsize offset)
{
  int depth = 0;

  for (gsize o = offset; o < r->length; o++)
    switch (r->data[o])
      {
      case '"':
        for (o++; o < r->length && r->data[o] != '"'; o++)
          if (r->data[o] == '\\')
            o++;
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
  return r->length;
}



/* A definition's problems where they are in the file ("FILE:L:C: error:
 * …" lines from its reader), the others at offset. */
static void
add_definition_error (Reader *r, gsize offset, const char *name, GError *error)
{
  g_autofree char *quoted = _sw_quote (name);
  g_auto (GStrv) lines = g_strsplit (error->message, "\n", -1);
  g_autofree char *prefix = g_strdup_printf ("%s:", r->file);

  for (guint k = 0; lines[k] != NULL; k++)
    {
      const char *text = lines[k], *message = NULL;
      guint line = 0, column = 0;
      int used = 0;

      /* "FILE:L:C: error: message" ("error" translated). */
      if (g_str_has_prefix (text, prefix)
          && sscanf (text + strlen (prefix), "%u:%u: %n", &line, &column, &used) == 2 && used > 0)
        message = strstr (text + strlen (prefix) + used, ": ");
      if (message != NULL)
        {
          g_autofree char *prefixed = g_strdup_printf (_("subsystem %s: %s"), quoted, message + 2);

          add_problem_at (r, line, column, error->code, prefixed);
        }
      else
        add_problem (r, offset, error->code, _("subsystem %s: %s"), quoted, text);
    }
  g_error_free (error);
}

/* "subsystems": {"EngineUnit": {…a model's members…}, …}: read when a
 * component names one (so that definitions may use each other in any
 * order), kept as written for saving. */
static void
read_inline_subsystems (Reader *r, JsonObject *root)
{
  JsonNode *node = json_object_get_member (root, "subsystems");
  g_autoptr(GList) names = NULL;
  g_autofree char *key = NULL;
  JsonObject *object;

  if (node == NULL)
    return;
  if (r->definition)
    {
      add_problem (r, member_key_offset (r, root, "subsystems"), SW_ERROR_INVALID,
                   _("a definition cannot hold “subsystems”: define them all at the top level of the file"));
      return;
    }
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      add_problem (r, member_offset (r, root, "subsystems"), SW_ERROR_PARSE,
                   _("“subsystems” must be an object {\"Name\": {…definition…}, …}, not %s"), describe_node (node));
      return;
    }
  object = json_node_get_object (node);
  key = json_to_string (node, FALSE);
  r->scope = _sw_inline_scope_new (r->file, r->folder, key);
  r->owns_scope = TRUE;
  names = json_object_get_members (object);
  for (GList *l = names; l != NULL; l = l->next)
    {
      const char *name = l->data;
      JsonNode *member = json_object_get_member (object, name);
      g_autoptr(GError) error = NULL;
      g_autofree char *quoted = _sw_quote (name);
      gsize start;

      if (!_sw_check_id (name, &error))
        {
          add_problem (r, member_key_offset (r, object, name), SW_ERROR_INVALID,
                       _("subsystem name %s is not valid; valid: letters, digits and “_”, not starting with a digit"),
                       quoted);
          continue;
        }
      if (!JSON_NODE_HOLDS_OBJECT (member))
        {
          add_problem (r, member_offset (r, object, name), SW_ERROR_PARSE,
                       _("subsystem %s must be an object {…} with its components, connections and interface, not %s"),
                       quoted, describe_node (member));
          continue;
        }
      start = object_offset (r, json_node_get_object (member));
      /* Its text alone, with where it begins: its reader reports the
       * file's lines and columns. (Each blanking what came before it made
       * thousands of definitions quadratic in the file's size.) */
      {
        guint line, column;

        offset_to_location (r, start, &line, &column);
        _sw_inline_scope_add (r->scope, name, g_strndup (r->data + start, value_end (r, start) - start), line, column);
      }
    }
  /* Each is checked, used or not (a component naming a bad one is not
   * reported again). */
  for (GList *l = names; l != NULL; l = l->next)
    {
      GError *error = NULL;

      if (_sw_subsystem_load_inline (r->scope, l->data, &error) == NULL && error != NULL)
        {
          add_definition_error (r, member_key_offset (r, object, l->data), l->data, error);
          g_hash_table_add (r->unreadable, g_strdup_printf ("subsystem:%s", (const char *) l->data));
        }
    }
  r->model->subsystems = json_node_copy (node);
}

/* The document */

static const char *const top_keys[] = {
  "format", "version", "name", "interface", "signals", "subsystems", "components", "connections", "simulation", "ui",
  NULL
};

static gsize
first_token (Reader *r)
{
  gsize o = 0;

  while (o < r->length && g_ascii_isspace (r->data[o]))
    o++;
  return o;
}

/* FALSE when reading cannot go on (not a model, or a newer format). */
static gboolean
read_header (Reader     *r,
             JsonObject *root)
{
  JsonNode *node = json_object_get_member (root, "format");
  const char *format = node_get_string (node);
  char text[SW_NUMBER_BUF_SIZE];
  double version;

  if (node == NULL)
    add_problem (r, object_offset (r, root), SW_ERROR_PARSE,
                 _("“format” is missing; a model starts with \"format\": \"shaftwork-model\""));
  else if (g_strcmp0 (format, "shaftwork-model") != 0)
    {
      g_autofree char *quoted = format != NULL ? _sw_quote (format) : NULL;

      add_problem (r, member_offset (r, root, "format"), SW_ERROR_PARSE,
                   _("not a Shaftwork model: “format” is %s; valid: \"shaftwork-model\""),
                   quoted != NULL ? quoted : describe_node (node));
      return FALSE;
    }

  node = json_object_get_member (root, "version");
  if (node == NULL)
    add_problem (r, object_offset (r, root), SW_ERROR_PARSE,
                 _("“version” is missing; valid: 1"));
  else if (!node_get_number (node, &version))
    add_problem (r, member_offset (r, root, "version"), SW_ERROR_PARSE,
                 _("“version” must be the number 1, not %s"), describe_node (node));
  else if (version > 1)
    {
      add_problem (r, member_offset (r, root, "version"), SW_ERROR_PARSE,
                   _("this model was written by a newer Shaftwork (format version %s); "
                     "this version reads version 1"),
                   sw_format_number (text, version));
      return FALSE;
    }
  else if (version != 1)
    add_problem (r, member_offset (r, root, "version"), SW_ERROR_PARSE,
                 _("“version” = %s is not valid; valid: 1"), sw_format_number (text, version));

  return TRUE;
}

static void
read_root (Reader   *r,
           JsonNode *root)
{
  JsonObject *object;
  JsonNode *node;
  gboolean components_ok;

  if (root == NULL)
    {
      add_problem (r, NO_OFFSET, SW_ERROR_PARSE,
                   _("the file is empty; a model is a JSON object {…}"));
      return;
    }
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      add_problem (r, first_token (r), SW_ERROR_PARSE,
                   _("a model is a JSON object {…}, not %s"), describe_node (root));
      return;
    }

  object = json_node_get_object (root);
  if (!r->definition && !read_header (r, object))
    return;

  check_keys (r, object, NULL, top_keys);

  node = json_object_get_member (object, "name");
  if (node != NULL)
    {
      const char *name = node_get_string (node);

      if (name != NULL)
        r->model->name = g_strdup (name);
      else
        add_problem (r, member_offset (r, object, "name"), SW_ERROR_PARSE,
                     _("“name” must be a string, not %s"), describe_node (node));
    }

  read_shared_signals (r, object);
  read_inline_subsystems (r, object);

  node = json_object_get_member (object, "components");
  components_ok = node == NULL || JSON_NODE_HOLDS_ARRAY (node);
  if (!components_ok)
    add_problem (r, member_offset (r, object, "components"), SW_ERROR_PARSE,
                 _("“components” must be an array […], not %s"), describe_node (node));
  else if (node != NULL)
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        read_component (r, array, i);
    }

  node = json_object_get_member (object, "connections");
  if (node != NULL && !JSON_NODE_HOLDS_ARRAY (node))
    add_problem (r, member_offset (r, object, "connections"), SW_ERROR_PARSE,
                 _("“connections” must be an array […], not %s"), describe_node (node));
  else if (node != NULL && components_ok)
    {
      JsonArray *array = json_node_get_array (node);

      /* Without the components, every connection would be reported. */
      for (guint i = 0; i < json_array_get_length (array); i++)
        read_connection (r, array, i);
    }

  if (json_object_has_member (object, "simulation"))
    read_simulation (r, object);

  node = json_object_get_member (object, "ui");
  if (node != NULL)
    r->model->ui = json_node_copy (node);
  /* A subsystem's outer ports and parameters (sw-subsystem.c reads them). */
  node = json_object_get_member (object, "interface");
  if (node != NULL)
    r->model->interface = json_node_copy (node);
}

static void
reader_init (Reader     *r,
             const char *data,
             gsize       length,
             const char *file)
{
  gsize zero = 0;

  memset (r, 0, sizeof *r);
  r->data = g_malloc (length + 1);
  if (length > 0)
    memcpy (r->data, data, length);
  r->data[length] = '\0';
  r->length = length;
  r->file = file;

  r->line_starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_array_append_val (r->line_starts, zero);
  for (gsize i = 0; i < length; i++)
    if (r->data[i] == '\n')
      {
        gsize next = i + 1;

        g_array_append_val (r->line_starts, next);
      }

  r->open = g_array_new (FALSE, FALSE, sizeof (OpenContainer));
  g_array_set_clear_func (r->open, open_container_clear);
  r->where = g_hash_table_new (g_direct_hash, g_direct_equal);
  r->problems = g_array_new (FALSE, FALSE, sizeof (Problem));
  g_array_set_clear_func (r->problems, problem_clear);
  r->defined = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  r->unreadable = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  r->model = sw_model_new ();
  _sw_model_set_display_name (r->model, file);
}

static void
reader_clear (Reader *r)
{
  g_clear_pointer (&r->data, g_free);
  g_clear_pointer (&r->line_starts, g_array_unref);
  g_clear_pointer (&r->open, g_array_unref);
  g_clear_pointer (&r->where, g_hash_table_unref);
  g_clear_pointer (&r->problems, g_array_unref);
  g_clear_pointer (&r->defined, g_hash_table_unref);
  g_clear_pointer (&r->unreadable, g_hash_table_unref);
  g_clear_pointer (&r->folder, g_free);
  if (r->owns_scope)
    g_clear_pointer (&r->scope, _sw_inline_scope_free);
  g_clear_object (&r->model);
}

static void
reader_report (Reader  *r,
               GError **error)
{
  g_autoptr(GString) text = g_string_new (NULL);
  int code;

  g_array_sort (r->problems, compare_problems);
  code = g_array_index (r->problems, Problem, 0).code;

  for (guint i = 0; i < r->problems->len; i++)
    {
      const Problem *problem = &g_array_index (r->problems, Problem, i);

      if (i > 0)
        g_string_append_c (text, '\n');
      if (problem->line > 0)
        g_string_append_printf (text, "%s:%u:%u: ", r->file, problem->line, problem->column);
      else
        g_string_append_printf (text, "%s: ", r->file);
      g_string_append_printf (text, _("error: %s"), problem->message);
    }

  g_set_error_literal (error, SW_ERROR, code, text->str);
}

SwModel *
sw_model_new_from_data (const char  *data,
                        gssize       length,
                        const char  *display_name,
                        GError     **error)
{
  return sw_model_new_from_data_in (data, length, display_name, NULL, error);
}

/* scope: the inline definitions of the file whose definition data is
 * (then no header is needed), else NULL. */
static SwModel *
read_model (const char     *data,
            gssize          length,
            const char     *display_name,
            const char     *folder,
            SwInlineScope  *scope,
            guint           first_line,
            guint           first_column,
            GError        **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) parse_error = NULL;
  SwScanResult scan;
  SwModel *model = NULL;
  Reader r;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = strlen (data);
  if (display_name == NULL)
    display_name = "<memory>";

  reader_init (&r, data, length, display_name);
  r.base_line = first_line - 1;
  r.base_column = first_column - 1;
  r.folder = folder != NULL ? g_strdup (folder) : g_path_get_dirname (display_name);
  r.scope = scope;
  r.definition = scope != NULL;

  /* Text that would crash the parser or that it would read wrongly never
   * reaches it; a second top-level value neither (json-glib parses and
   * drops it). */
  scan.starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  if (_sw_model_file_scan (r.data, r.length, SW_MODEL_FILE_MAX_DEPTH, on_scan_problem, &r, &scan))
    {
      gsize parse_length = scan.trailing != SW_SCAN_NONE ? scan.value_end : r.length;

      gboolean parsed = FALSE;

      /* Plain JSON: where each value begins is known from the scan. Any
       * other text, the parser reports positions as it goes (slower). */
      if (scan.plain)
        {
          parser = json_parser_new ();
          parsed = parse_plain (&r, parser, parse_length, scan.starts);
          if (!parsed)
            g_clear_object (&parser);
        }
      if (!parsed)
        {
          g_debug ("%s: positions from the parser (the text is not plain JSON)", display_name);
          parser = parser_reporting_positions (&r);
          parsed = json_parser_load_from_data (parser, r.data, (gssize) parse_length, &parse_error);
        }

      if (!parsed)
        add_parse_error (&r, parse_error);
      else
        {
          if (scan.trailing != SW_SCAN_NONE)
            add_problem (&r, scan.trailing, SW_ERROR_PARSE,
                         _("unexpected text after the model; a model file holds one JSON object {…}"));
          read_root (&r, json_parser_get_root (parser));
        }
    }
  g_array_unref (scan.starts);

  if (r.problems->len > 0)
    reader_report (&r, error);
  else
    {
      model = g_steal_pointer (&r.model);
      model->folder = g_strdup (r.folder);
    }

  reader_clear (&r);
  return model;
}

SwModel *
sw_model_new_from_data_in (const char  *data,
                           gssize       length,
                           const char  *display_name,
                           const char  *folder,
                           GError     **error)
{
  return read_model (data, length, display_name, folder, NULL, 1, 1, error);
}

SwModel *
_sw_model_read_definition (const char     *text,
                           guint           line,
                           guint           column,
                           SwInlineScope  *scope,
                           GError        **error)
{
  return read_model (text, -1, _sw_inline_scope_get_file (scope), _sw_inline_scope_get_folder (scope), scope, line,
                     column, error);
}

SwModel *
sw_model_new_from_file (const char  *path,
                        GError     **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *display_name = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  display_name = g_filename_display_name (path);
  if (!g_file_get_contents (path, &contents, &length, &local_error))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_IO, _("%s: error: %s"),
                   display_name, local_error->message);
      return NULL;
    }

  {
    g_autofree char *folder = g_path_get_dirname (path);

    return sw_model_new_from_data_in (contents, (gssize) length, display_name, folder, error);
  }
}
