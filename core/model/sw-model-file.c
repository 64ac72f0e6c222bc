/* sw-model-file.c: reading *.shaft files (JSON, described in data/FORMAT.md).
 *
 * json-glib 1.6 keeps no source positions in its nodes, so the reader listens
 * to the parser's signals and records where every object, array, member and
 * element begins (as a byte offset into the text). When a signal fires for a
 * scalar, the scanner already stands at (or just past) the end of the value;
 * the start is found by stepping back over the token. Every problem is then
 * reported at the value (or key) it concerns, all of them in one GError.
 *
 * Here the connections, the settings, the inline subsystems and the file as
 * a whole; the positions and problems are in sw-model-file-positions.c, the
 * values in sw-model-file-values.c, the components in
 * sw-model-file-components.c (sw-model-reader-private.h between them).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-private.h"
#include "sw-model-file-private.h"
#include "sw-model-reader-private.h"
#include "sw-subsystem-private.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>

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
  from = _sw_reader_node_get_string (json_object_get_member (name->object, "from"));
  to = _sw_reader_node_get_string (json_object_get_member (name->object, "to"));
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
  const char *ref = _sw_reader_node_get_string (node);
  GError *error = NULL;

  if (node == NULL)
    {
      _sw_reader_add_problem (r, _sw_reader_object_offset (r, object), SW_ERROR_INVALID,
                                         _("%s has no “%s”"), connection_name (name), key);
      return FALSE;
    }
  if (ref == NULL)
    {
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, key), SW_ERROR_PARSE,
                                         _("%s: “%s” must be a string “component.port”, not %s"),
                                         connection_name (name), key, _sw_reader_describe_node (node));
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
      _sw_reader_add_error (r, _sw_reader_member_offset (r, object, key), error);
      return FALSE;
    }

  return TRUE;
}

static void
read_connection (Reader    *r,
                 JsonArray *array,
                 guint      index,
                 JsonNode  *node,
                 gsize      offset)
{
  SwConnection connection = { 0 };
  ConnectionName name = { NULL, index, NULL };
  JsonNode *ui;
  GError *error = NULL;
  gboolean from_ok, to_ok;
  int duplicate_of;
  gsize start;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      _sw_reader_add_problem (r, array != NULL ? _sw_reader_element_offset (r, array, index) : offset, SW_ERROR_PARSE,
                                         _("connection #%u must be an object {\"from\": …, \"to\": …}, not %s"),
                                         index + 1, _sw_reader_describe_node (node));
      return;
    }

  name.object = json_node_get_object (node);
  start = _sw_reader_object_offset (r, name.object);
  if (_sw_reader_has_unknown_keys (name.object, connection_keys))   /* naming it costs */
    _sw_reader_check_keys (r, name.object, connection_name (&name), connection_keys);

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

          _sw_reader_add_problem (r, start, error->code, _("%s (first at line %u)"), error->message, first->line);
          g_error_free (error);
        }
      else
        _sw_reader_add_error (r, start, error);
      goto out;
    }

  _sw_reader_offset_to_location (r, start, &connection.line, &connection.column);
  ui = json_object_get_member (name.object, "ui");
  _sw_model_take_connection (r->model, &connection, ui != NULL ? json_node_copy (ui) : NULL);

out:
  g_free (name.text);
}

/* Simulation settings */

static const char *const simulation_keys[] = { "stop_time", "output_interval", "tolerance", "method", NULL };

/* The first control character of text other than a tab, or 0. The name is
 * printed as it is (modal's heading, the shell's tree, plot titles, the
 * Modelica export): an escape sequence there recoloured or retitled the
 * terminal (hos26). */
static gunichar
find_control (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if ((c < 0x20 && c != '\t') || (c >= 0x7f && c <= 0x9f))
        return c;
    }
  return 0;
}

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

  if (!_sw_reader_node_get_number (node, &v))
    {
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, key), SW_ERROR_PARSE,
                                         _("simulation: “%s” must be a number, not %s"), key, _sw_reader_describe_node (node));
      return FALSE;
    }

  if (!isfinite (v) || v <= 0 || (below_one && v >= 1))
    {
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, key), SW_ERROR_INVALID,
                                         below_one ? _("simulation: “%s” = %s is out of range; valid: 0 < %s < 1")
                                                   : _("simulation: “%s” = %s is out of range; valid: %s > 0"),
                                         key, sw_format_number (text, v), key);
      return FALSE;
    }
  if (g_str_equal (key, "tolerance") && v < SW_TOLERANCE_MIN)
    {
      char least[SW_NUMBER_BUF_SIZE];

      _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, key), SW_ERROR_INVALID,
                              _("simulation: “%s” = %s is finer than a double can follow; valid: %s <= %s < 1"), key,
                              sw_format_number (text, v), sw_format_number (least, SW_TOLERANCE_MIN), key);
      return FALSE;
    }
  /* A run shorter than the smallest normal double has no step the
   * integrator can take (sw_simulate() refuses it too, without a line). */
  if (g_str_equal (key, "stop_time") && v < DBL_MIN)
    {
      char least[SW_NUMBER_BUF_SIZE];

      _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, key), SW_ERROR_INVALID,
                              _("simulation: “%s” = %s s is too short; valid: %s >= %s s"), key,
                              sw_format_number (text, v), key, sw_format_number (least, DBL_MIN));
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
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, root, "simulation"), SW_ERROR_PARSE,
                                         _("“simulation” must be an object {…}, not %s"), _sw_reader_describe_node (node));
      return;
    }

  object = json_node_get_object (node);
  _sw_reader_check_keys (r, object, _("simulation"), simulation_keys);

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
      const char *name = _sw_reader_node_get_string (method);

      if (name == NULL || !g_strv_contains (_sw_simulation_methods, name))
        {
          g_autofree char *list = _sw_reader_join_names (_sw_simulation_methods);
          g_autofree char *quoted = _sw_quote (name);

          if (name == NULL)
            _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "method"), SW_ERROR_PARSE,
                                               _("simulation: “method” must be a string, not %s; valid: %s"),
                                               _sw_reader_describe_node (method), list);
          else
            _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "method"), SW_ERROR_INVALID,
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

          _sw_reader_add_problem_at (r, line, column, error->code, prefixed);
        }
      else
        _sw_reader_add_problem (r, offset, error->code, _("subsystem %s: %s"), quoted, text);
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
      _sw_reader_add_problem (r, _sw_reader_member_key_offset (r, root, "subsystems"), SW_ERROR_INVALID,
                                         _("a definition cannot hold “subsystems”: define them all at the top level of the file"));
      return;
    }
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, root, "subsystems"), SW_ERROR_PARSE,
                                         _("“subsystems” must be an object {\"Name\": {…definition…}, …}, not %s"), _sw_reader_describe_node (node));
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
          _sw_reader_add_problem (r, _sw_reader_member_key_offset (r, object, name), SW_ERROR_INVALID,
                                             _("subsystem name %s is not valid; valid: letters, digits and “_”, not starting with a digit"),
                                             quoted);
          continue;
        }
      if (!JSON_NODE_HOLDS_OBJECT (member))
        {
          _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, name), SW_ERROR_PARSE,
                                             _("subsystem %s must be an object {…} with its components, connections and interface, not %s"),
                                             quoted, _sw_reader_describe_node (member));
          continue;
        }
      start = _sw_reader_object_offset (r, json_node_get_object (member));
      /* Its text alone, with where it begins: its reader reports the
       * file's lines and columns. (Each blanking what came before it made
       * thousands of definitions quadratic in the file's size.) */
      {
        guint line, column;

        _sw_reader_offset_to_location (r, start, &line, &column);
        _sw_inline_scope_add (r->scope, name, g_strndup (r->data + start, _sw_reader_value_end (r, start, r->length) - start), line, column);
      }
    }
  /* Each is checked, used or not (a component naming a bad one is not
   * reported again). */
  for (GList *l = names; l != NULL; l = l->next)
    {
      GError *error = NULL;

      if (_sw_subsystem_load_inline (r->scope, l->data, &error) == NULL && error != NULL)
        {
          add_definition_error (r, _sw_reader_member_key_offset (r, object, l->data), l->data, error);
          g_hash_table_add (r->unreadable, g_strdup_printf ("subsystem:%s", (const char *) l->data));
        }
    }
  r->model->subsystems = json_node_copy (node);
}

/* The document */

static const char *const top_keys[] = {
  "format", "version", "name", "interface", "signals", "subsystems", "components", "connections", "simulation",
  "excitation", "observed", "ui", NULL
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
  const char *format = _sw_reader_node_get_string (node);
  char text[SW_NUMBER_BUF_SIZE];
  double version;

  if (node == NULL)
    _sw_reader_add_problem (r, _sw_reader_object_offset (r, root), SW_ERROR_PARSE,
                                       _("“format” is missing; a model starts with \"format\": \"shaftwork-model\""));
  else if (g_strcmp0 (format, "shaftwork-model") != 0)
    {
      g_autofree char *quoted = format != NULL ? _sw_quote (format) : NULL;

      _sw_reader_add_problem (r, _sw_reader_member_offset (r, root, "format"), SW_ERROR_PARSE,
                                         _("not a Shaftwork model: “format” is %s; valid: \"shaftwork-model\""),
                                         quoted != NULL ? quoted : _sw_reader_describe_node (node));
      return FALSE;
    }

  node = json_object_get_member (root, "version");
  if (node == NULL)
    _sw_reader_add_problem (r, _sw_reader_object_offset (r, root), SW_ERROR_PARSE,
                                       _("“version” is missing; valid: 1"));
  else if (!_sw_reader_node_get_number (node, &version))
    _sw_reader_add_problem (r, _sw_reader_member_offset (r, root, "version"), SW_ERROR_PARSE,
                                       _("“version” must be the number 1, not %s"), _sw_reader_describe_node (node));
  else if (version > 1)
    {
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, root, "version"), SW_ERROR_PARSE,
                                         _("this model was written by a newer Shaftwork (format version %s); "
                                           "this version reads version 1"),
                                         sw_format_number (text, version));
      return FALSE;
    }
  else if (version != 1)
    _sw_reader_add_problem (r, _sw_reader_member_offset (r, root, "version"), SW_ERROR_PARSE,
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
      _sw_reader_add_problem (r, NO_OFFSET, SW_ERROR_PARSE,
                              _("the file is empty; a model is a JSON object {…}"));
      return;
    }
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      _sw_reader_add_problem (r, first_token (r), SW_ERROR_PARSE,
                              _("a model is a JSON object {…}, not %s"), _sw_reader_describe_node (root));
      return;
    }

  object = json_node_get_object (root);
  if (!r->definition && !read_header (r, object))
    return;

  _sw_reader_check_keys (r, object, NULL, top_keys);

  node = json_object_get_member (object, "name");
  if (node != NULL)
    {
      const char *name = _sw_reader_node_get_string (node);
      gunichar control = name != NULL ? find_control (name) : 0;

      if (control != 0)
        _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "name"), SW_ERROR_INVALID,
                                _("“name” holds the control character U+%04X; valid: printable text (tabs too)"),
                                control);
      else if (name != NULL)
        r->model->name = g_strdup (name);
      else
        _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "name"), SW_ERROR_PARSE,
                                           _("“name” must be a string, not %s"), _sw_reader_describe_node (node));
    }

  _sw_reader_read_shared_signals (r, object);
  read_inline_subsystems (r, object);

  node = json_object_get_member (object, "components");
  components_ok = node == NULL || JSON_NODE_HOLDS_ARRAY (node);
  if (!components_ok)
    _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "components"), SW_ERROR_PARSE,
                                       _("“components” must be an array […], not %s"), _sw_reader_describe_node (node));
  else if (node != NULL)
    _sw_reader_for_each_element (r, node, &r->component_span, _sw_reader_fast_component, _sw_reader_read_component);

  node = json_object_get_member (object, "connections");
  if (node != NULL && !JSON_NODE_HOLDS_ARRAY (node))
    _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "connections"), SW_ERROR_PARSE,
                                       _("“connections” must be an array […], not %s"), _sw_reader_describe_node (node));
  /* Without the components, every connection would be reported. */
  else if (node != NULL && components_ok)
    _sw_reader_for_each_element (r, node, &r->connection_span, _sw_reader_fast_connection, read_connection);

  if (json_object_has_member (object, "simulation"))
    read_simulation (r, object);
  if (json_object_has_member (object, "excitation") && r->definition)
    _sw_reader_add_problem (r, _sw_reader_member_key_offset (r, object, "excitation"), SW_ERROR_INVALID,
                            _("a subsystem's definition cannot hold “excitation”: give it in the model that uses "
                              "the subsystem"));
  else if (json_object_has_member (object, "excitation"))
    _sw_reader_read_excitation (r, object);

  if (json_object_has_member (object, "observed") && components_ok)
    _sw_reader_read_observed (r, object);

  node = json_object_get_member (object, "ui");
  if (node != NULL)
    r->model->ui = json_node_copy (node);
  /* A subsystem's outer ports and parameters (sw-subsystem.c reads them). */
  node = json_object_get_member (object, "interface");
  if (node != NULL)
    r->model->interface = json_node_copy (node);
}

/* terminated: data[length] is a NUL the caller owns, so the text is read
 * where it is (a large file is not held twice). */
/* mapped: data is a mapped file's (sw-model-file-text.c), terminated. */
static void
reader_init (Reader     *r,
             const char *data,
             gsize       length,
             gboolean    terminated,
             gboolean    mapped,
             const char *file)
{
  gsize zero = 0;

  memset (r, 0, sizeof *r);
  r->mapped = mapped && terminated;
  if (terminated)
    r->data = (char *) data;
  else
    {
      r->data = g_malloc (length + 1);
      if (length > 0)
        memcpy (r->data, data, length);
      r->data[length] = '\0';
      r->owns_data = TRUE;
    }
  r->length = length;
  r->file = file;

  r->line_starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_array_append_val (r->line_starts, zero);
  for (const char *nl = memchr (r->data, '\n', length); nl != NULL;
       nl = memchr (nl + 1, '\n', length - (gsize) (nl + 1 - r->data)))
    {
      gsize next = (gsize) (nl - r->data) + 1;

      g_array_append_val (r->line_starts, next);
    }
  _sw_reader_release_text (r, 0, length);

  r->open = g_array_new (FALSE, FALSE, sizeof (OpenContainer));
  g_array_set_clear_func (r->open, _sw_reader_open_container_clear);
  r->where = g_hash_table_new (g_direct_hash, g_direct_equal);
  r->problems = g_array_new (FALSE, FALSE, sizeof (Problem));
  g_array_set_clear_func (r->problems, _sw_reader_problem_clear);
  r->defined = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  r->unreadable = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  r->model = sw_model_new ();
  _sw_model_set_display_name (r->model, file);
}

static void
reader_clear (Reader *r)
{
  if (r->owns_data)
    g_clear_pointer (&r->data, g_free);
  g_clear_pointer (&r->line_starts, g_array_unref);
  g_clear_pointer (&r->open, g_array_unref);
  g_clear_pointer (&r->where, g_hash_table_unref);
  g_clear_pointer (&r->problems, g_array_unref);
  g_clear_pointer (&r->defined, g_hash_table_unref);
  g_clear_pointer (&r->unreadable, g_hash_table_unref);
  g_clear_pointer (&r->element_where, g_hash_table_unref);
  if (r->owns_starts)
    g_clear_pointer (&r->starts, g_array_unref);
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

  g_array_sort (r->problems, _sw_reader_compare_problems);
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
/* Parses the text and reads the model into r. streamed: plain JSON's big
 * arrays element by element (sw-model-file-elements.c); FALSE when that
 * gave up and the text must be read again without it. */
static gboolean
read_text (Reader   *r,
           gboolean  streamed)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) parse_error = NULL;
  SwScanResult scan;

  /* Text that would crash the parser or that it would read wrongly never
   * reaches it; a second top-level value neither (json-glib parses and
   * drops it). */
  scan.starts = g_array_new (FALSE, FALSE, sizeof (guint32));
  scan.member_ends = g_array_new (FALSE, FALSE, sizeof (guint32));
  if (_sw_model_file_scan (r->data, r->length, SW_MODEL_FILE_MAX_DEPTH, _sw_reader_on_scan_problem, r, &scan))
    {
      _sw_reader_release_text (r, 0, r->length);
      gsize parse_length = scan.trailing != SW_SCAN_NONE ? scan.value_end : r->length;

      gboolean parsed = FALSE;

      /* Plain JSON: where each value begins is known from the scan. Any
       * other text, the parser reports positions as it goes (slower). */
      if (scan.plain && streamed)
        {
          parser = json_parser_new ();
          parsed = _sw_reader_parse_streamed (r, parser, parse_length, scan.starts, scan.member_ends);
          if (!parsed)
            g_clear_object (&parser);
        }
      if (!parsed && scan.plain)
        {
          parser = json_parser_new ();
          parsed = _sw_reader_parse_plain (r, parser, r->data, parse_length, scan.starts);
          if (!parsed)
            g_clear_object (&parser);
        }
      if (!parsed)
        {
          g_debug ("%s: positions from the parser (the text is not plain JSON)", r->file);
          parser = _sw_reader_parser_reporting_positions (r);
          parsed = json_parser_load_from_data (parser, r->data, (gssize) parse_length, &parse_error);
        }

      if (!parsed)
        _sw_reader_add_parse_error (r, parse_error);
      else
        {
          if (scan.trailing != SW_SCAN_NONE)
            _sw_reader_add_problem (r, scan.trailing, SW_ERROR_PARSE,
                                    _("unexpected text after the model; a model file holds one JSON object {…}"));
          read_root (r, json_parser_get_root (parser));
          _sw_reader_check_unread (r);
        }
    }
  r->all_starts = NULL;
  if (!r->owns_starts)
    r->starts = NULL;
  g_array_unref (scan.starts);
  g_array_unref (scan.member_ends);
  return !r->stream_failed;
}

/* scope: the inline definitions of the file whose definition data is
 * (then no header is needed), else NULL. */
static SwModel *
read_model (const char     *data,
            gssize          length,
            gboolean        terminated,
            gboolean        mapped,
            const char     *display_name,
            const char     *folder,
            SwInlineScope  *scope,
            guint           first_line,
            guint           first_column,
            GError        **error)
{
  SwModel *model = NULL;
  Reader r;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = strlen (data);
  if (display_name == NULL)
    display_name = "<memory>";

  for (guint attempt = 0; ; attempt++)
    {
      reader_init (&r, data, length, terminated, mapped, display_name);
      r.base_line = first_line - 1;
      r.base_column = first_column - 1;
      r.folder = folder != NULL ? g_strdup (folder) : g_path_get_dirname (display_name);
      r.scope = scope;
      r.definition = scope != NULL;
      if (read_text (&r, attempt == 0) || attempt > 0)
        break;
      g_debug ("%s: read again with a whole tree", display_name);
      reader_clear (&r);
    }

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
  return read_model (data, length, FALSE, FALSE, display_name, folder, NULL, 1, 1, error);
}

SwModel *
_sw_model_read_definition (const char     *text,
                           guint           line,
                           guint           column,
                           SwInlineScope  *scope,
                           GError        **error)
{
  return read_model (text, -1, FALSE, FALSE, _sw_inline_scope_get_file (scope), _sw_inline_scope_get_folder (scope), scope, line,
                     column, error);
}

SwModel *
_sw_model_new_from_file_mapping (const char  *path,
                                 gsize        smallest_mapped,
                                 GError     **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *display_name = NULL;
  g_autofree char *folder = NULL;
  SwModel *model;
  SwFileMap map;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  display_name = g_filename_display_name (path);
  folder = g_path_get_dirname (path);
  /* A large file mapped: its pages go back as the reader passes them. */
  if (_sw_model_file_map (path, smallest_mapped, &map))
    {
      g_autoptr(GError) local_error = NULL;

      model = read_model (map.data, (gssize) map.length, TRUE, TRUE, display_name, folder, NULL, 1, 1,
                          &local_error);
      if (!_sw_model_file_unmap (&map))
        {
          g_clear_object (&model);
          g_clear_error (&local_error);
          g_set_error (&local_error, SW_ERROR, SW_ERROR_IO,
                       _("%s: error: the file changed while it was read; read it again"), display_name);
        }
      if (local_error != NULL)
        g_propagate_error (error, g_steal_pointer (&local_error));
      return model;
    }
  if (!_sw_model_file_read (path, &contents, &length, error))
    return NULL;
  /* _sw_model_file_read() ends the text with a NUL. */
  return read_model (contents, (gssize) length, TRUE, FALSE, display_name, folder, NULL, 1, 1, error);
}

SwModel *
sw_model_new_from_file (const char  *path,
                        GError     **error)
{
  return _sw_model_new_from_file_mapping (path, 0, error);
}
