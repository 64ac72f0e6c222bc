/* sw-signal-read.c: time signals read from JSON and written to it, each type
 * by its descriptor (sw-signal.c), every problem named with what is valid.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-signal.h"
#include "sw-signal-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "sw-error.h"
#include "sw-number.h"

/* ------------------------------------------------------------------------ */
/* Reading                                                                  */
/* ------------------------------------------------------------------------ */

static const char *
article (const char *word)
{
  return strchr ("aeiou", word[0]) != NULL ? "an" : "a";
}

static const char *
describe_node (JsonNode *node)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      return _("an object");
    case JSON_NODE_ARRAY:
      return _("an array");
    case JSON_NODE_NULL:
      return _("null");
    case JSON_NODE_VALUE:
    default:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_BOOLEAN:
          return _("a boolean");
        case G_TYPE_STRING:
          return _("a string");
        case G_TYPE_INT64:
        case G_TYPE_DOUBLE:
          return _("a number");
        default:
          return _("a value of unknown type");
        }
    }
}

static gboolean
node_get_number (JsonNode *node,
                 double   *value)
{
  if (!JSON_NODE_HOLDS_VALUE (node))
    return FALSE;

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      *value = (double) json_node_get_int (node);
      return TRUE;
    case G_TYPE_DOUBLE:
      *value = json_node_get_double (node);
      return TRUE;
    default:
      return FALSE;
    }
}

static char *
join_strings (const char *const *names,
              gsize              n)
{
  GString *s = g_string_new (NULL);

  for (gsize i = 0; i < n && names[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append (s, ", ");
      g_string_append (s, names[i]);
    }
  return g_string_free (s, FALSE);
}

static char *
valid_fields (const SwSignalType *type)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (const SwSignalField *f = type->fields; f->name != NULL; f++)
    g_ptr_array_add (names, (gpointer) f->name);
  return join_strings ((const char *const *) names->pdata, names->len);
}

static char *
valid_types (void)
{
  return join_strings (sw_signal_type_names, G_N_ELEMENTS (sw_signal_type_names));
}

static gboolean
read_field (SwSignal            *signal,
            const SwSignalField *field,
            const char          *name,
            JsonNode            *node,
            GError             **error)
{
  const char *type = signal->type->name;
  double x;

  if (!node_get_number (node, &x))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                   _("field “%s” of %s %s signal must be a number, not %s"),
                   name, article (type), type, describe_node (node));
      return FALSE;
    }

  if (!isfinite (x))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("field “%s” of %s %s signal must be a finite number"),
                   name, article (type), type);
      return FALSE;
    }
  if (!sw_number_in_scale (x))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("field “%s” of %s %s signal = %g is too %s for the equations to stay finite; "
                     "valid: 0 or %g <= |%s| <= %g"),
                   name, article (type), type, x, fabs (x) < 1 ? _("small") : _("large"),
                   SW_NUMBER_MIN_MAGNITUDE, name, SW_NUMBER_MAX_MAGNITUDE);
      return FALSE;
    }

  switch (field->range)
    {
    case SW_FIELD_NONNEGATIVE:
      if (!(x >= 0.0))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("field “%s” of %s %s signal must be ≥ 0, not %g"),
                       name, article (type), type, x);
          return FALSE;
        }
      break;

    case SW_FIELD_POSITIVE:
      if (!(x > 0.0))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("field “%s” of %s %s signal must be > 0, not %g"),
                       name, article (type), type, x);
          return FALSE;
        }
      break;

    case SW_FIELD_PERCENT:
      if (!(x > 0.0 && x <= 100.0))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("field “%s” of %s %s signal is a percentage of the period "
                         "and must be > 0 and ≤ 100, not %g"),
                       name, article (type), type, x);
          return FALSE;
        }
      break;

    case SW_FIELD_INTEGER:
      if (x != floor (x) || fabs (x) > SW_SIGNAL_MAX_NPERIOD)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("field “%s” of %s %s signal must be a whole number "
                         "(negative for no limit), not %g"),
                       name, article (type), type, x);
          return FALSE;
        }
      break;

    case SW_FIELD_ANY:
    case SW_FIELD_CUSTOM:
    default:
      break;
    }

  *_sw_signal_field_ptr (signal, field) = x;
  return TRUE;
}

static gboolean
read_choice (JsonObject         *object,
             const char         *member,
             const char *const  *choices,
             guint               n_choices,
             guint              *choice,
             GError            **error)
{
  JsonNode *node = json_object_get_member (object, member);
  const char *value;

  if (node == NULL)
    return TRUE;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                   _("field “%s” of a table signal must be a string, not %s"),
                   member, describe_node (node));
      return FALSE;
    }

  value = json_node_get_string (node);
  for (guint i = 0; i < n_choices; i++)
    if (g_strcmp0 (value, choices[i]) == 0)
      {
        *choice = i;
        return TRUE;
      }

  {
    g_autofree char *valid = join_strings (choices, n_choices);

    g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                 _("field “%s” of a table signal cannot be “%s”; valid values: %s"),
                 member, value, valid);
  }
  return FALSE;
}

static gboolean
read_table (SwSignal    *signal,
            JsonObject  *object,
            GError     **error)
{
  JsonNode *points = json_object_get_member (object, "points");
  JsonArray *rows;
  guint n, choice;

  if (points == NULL)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("field “points” of a table signal is required: "
                     "a list of [time, value] rows"));
      return FALSE;
    }

  if (!JSON_NODE_HOLDS_ARRAY (points))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                   _("field “points” of a table signal must be a list of [time, value] rows, not %s"),
                   describe_node (points));
      return FALSE;
    }

  rows = json_node_get_array (points);
  n = json_array_get_length (rows);
  if (n == 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("field “points” of a table signal is empty; it needs at least one "
                     "[time, value] row"));
      return FALSE;
    }

  signal->n_points = n;
  signal->times = g_new (double, n);
  signal->values = g_new (double, n);

  for (guint i = 0; i < n; i++)
    {
      JsonNode *row = json_array_get_element (rows, i);
      JsonArray *pair = JSON_NODE_HOLDS_ARRAY (row) ? json_node_get_array (row) : NULL;
      double x[2];

      if (pair == NULL || json_array_get_length (pair) != 2)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                       _("row %u of field “points” of a table signal must be a [time, value] pair"),
                       i + 1);
          return FALSE;
        }

      for (guint c = 0; c < 2; c++)
        {
          JsonNode *cell = json_array_get_element (pair, c);

          if (!node_get_number (cell, &x[c]))
            {
              g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                           _("row %u of field “points” of a table signal: the %s must be "
                             "a number, not %s"),
                           i + 1, c == 0 ? _("time") : _("value"), describe_node (cell));
              return FALSE;
            }
          if (!isfinite (x[c]) || !sw_number_in_scale (x[c]))
            {
              g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                           _("row %u of field “points” of a table signal: the %s must be "
                             "0 or a finite number of magnitude 1e-100 … 1e100"),
                           i + 1, c == 0 ? _("time") : _("value"));
              return FALSE;
            }
        }

      if (i > 0 && x[0] < signal->times[i - 1])
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("row %u of field “points” of a table signal: time %g comes before "
                         "time %g of the row above; the time column must be nondecreasing "
                         "(a repeated time makes a jump)"),
                       i + 1, x[0], signal->times[i - 1]);
          return FALSE;
        }

      signal->times[i] = x[0];
      signal->values[i] = x[1];
    }

  choice = signal->interpolation;
  if (!read_choice (object, "interpolation", _sw_signal_interpolation_names,
                               G_N_ELEMENTS (_sw_signal_interpolation_names), &choice, error))
    return FALSE;
  signal->interpolation = choice;

  choice = signal->extrapolation;
  if (!read_choice (object, "extrapolation", _sw_signal_extrapolation_names,
                               G_N_ELEMENTS (_sw_signal_extrapolation_names), &choice, error))
    return FALSE;
  signal->extrapolation = choice;

  if (signal->extrapolation == SW_EXTRAPOLATION_PERIODIC && n >= 2 &&
      !(signal->times[n - 1] > signal->times[0]))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("field “points” of a periodic table signal must span a positive time "
                     "(its period is the last time minus the first)"));
      return FALSE;
    }

  if (_sw_signal_interpolation_is_smooth (signal->interpolation))
    {
      const char *name = _sw_signal_interpolation_names[signal->interpolation];

      if (signal->extrapolation == SW_EXTRAPOLATION_PERIODIC)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("a table signal with interpolation “%s” cannot be periodic (its slopes at the ends "
                         "would have to join); valid: extrapolation “hold” or “linear”, or interpolation "
                         "“linear” or “hold” with “periodic”"), name);
          return FALSE;
        }
      for (guint i = 1; i < n; i++)
        if (signal->times[i] == signal->times[i - 1])
          {
            g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                         _("row %u of field “points” of a table signal repeats time %g: a jump has no slope, "
                           "so interpolation “%s” needs increasing times; valid: interpolation “linear” or "
                           "“hold” for a table with jumps"), i + 1, signal->times[i], name);
            return FALSE;
          }
    }

  return TRUE;
}

static gboolean
check_parameters (SwSignal  *signal,
                  GError   **error)
{
  if (signal->type->kind == SW_SIGNAL_TRAPEZOID)
    {
      double busy = signal->rising + signal->width + signal->falling;

      if (busy > signal->period * (1.0 + SW_SIGNAL_PERIOD_SLACK))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("fields “rising” + “width” + “falling” of a trapezoid signal "
                         "(%g) must not exceed field “period” (%g)"),
                       busy, signal->period);
          return FALSE;
        }
    }

  return TRUE;
}

static SwSignal *signal_read (JsonNode  *node,
                              guint      depth,
                              GError   **error);

static SwSignal *
read_combination (const SwSignalType  *type,
                  JsonNode            *node,
                  guint                depth,
                  GError             **error)
{
  g_autoptr(SwSignal) signal = NULL;
  JsonArray *array;
  guint n;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                   _("%s %s signal must be a list of signals, not %s"),
                   article (type->name), type->name, describe_node (node));
      return NULL;
    }

  array = json_node_get_array (node);
  n = json_array_get_length (array);
  if (n == 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s %s signal needs at least one signal in its list"),
                   article (type->name), type->name);
      return NULL;
    }

  signal = _sw_signal_alloc (type);
  signal->children = g_new0 (SwSignal *, n);

  for (guint i = 0; i < n; i++)
    {
      SwSignal *child = signal_read (json_array_get_element (array, i), depth + 1, error);

      if (child == NULL)
        {
          g_prefix_error (error, _("element %u of %s %s signal: "),
                          i + 1, article (type->name), type->name);
          return NULL;
        }
      signal->children[signal->n_children++] = child;
      signal->n_inputs += child->n_inputs;
    }

  return g_steal_pointer (&signal);
}

/* A lookup's table (its first column the input's values, strictly
 * increasing as Modelica's CombiTable1Ds requires) and its input. */
static gboolean
read_lookup (SwSignal    *signal,
             JsonObject  *object,
             guint        depth,
             GError     **error)
{
  JsonNode *input = json_object_get_member (object, "input");

  if (!read_table (signal, object, error))
    {
      g_prefix_error (error, _("a lookup signal's points are [input, value] rows: "));
      return FALSE;
    }
  for (guint i = 1; i < signal->n_points; i++)
    if (!(signal->times[i] > signal->times[i - 1]))
      {
        g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                     _("row %u of field “points” of a lookup signal: input %g does not follow %g of the row "
                       "above; the input column must be strictly increasing"),
                     i + 1, signal->times[i], signal->times[i - 1]);
        return FALSE;
      }
  if (input == NULL)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("field “input” of a lookup signal is required: the signal whose value the table is "
                     "looked up at, such as {\"sensor\": {\"of\": \"speed1.w\"}}"));
      return FALSE;
    }
  signal->children = g_new0 (SwSignal *, 1);
  signal->children[0] = signal_read (input, depth + 1, error);
  if (signal->children[0] == NULL)
    {
      g_prefix_error (error, _("field “input” of a lookup signal: "));
      return FALSE;
    }
  signal->n_children = 1;
  signal->n_inputs = signal->children[0]->n_inputs;
  return TRUE;
}

static SwSignal *
read_typed (const SwSignalType  *type,
            JsonNode            *node,
            guint                depth,
            GError             **error)
{
  g_autoptr(SwSignal) signal = NULL;
  g_autoptr(GList) members = NULL;
  const char *given_as[32] = { NULL };   /* the spelling of each field given */
  JsonObject *object;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autofree char *fields = valid_fields (type);

      g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                   _("%s %s signal must be an object of fields (%s), not %s"),
                   article (type->name), type->name, fields, describe_node (node));
      return NULL;
    }

  signal = _sw_signal_alloc (type);
  object = json_node_get_object (node);
  members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      const SwSignalField *field = NULL;

      for (const SwSignalField *f = type->fields; f->name != NULL && field == NULL; f++)
        if (g_strcmp0 (f->name, name) == 0 || g_strcmp0 (f->aliases[0], name) == 0
            || g_strcmp0 (f->aliases[1], name) == 0)
          field = f;
      if (field != NULL && given_as[field - type->fields] != NULL)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                       _("field “%s” of %s %s signal is given twice, as “%s” and as “%s”; give one of them"),
                       field->name, article (type->name), type->name, given_as[field - type->fields], name);
          return NULL;
        }
      if (field != NULL)
        given_as[field - type->fields] = name;

      if (field == NULL)
        {
          g_autofree char *fields = valid_fields (type);

          g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                       _("unknown field “%s” in %s %s signal; valid fields: %s"),
                       name, article (type->name), type->name, fields);
          return NULL;
        }

      if (field->range != SW_FIELD_CUSTOM &&
          !read_field (signal, field, name, json_object_get_member (object, name), error))
        return NULL;
    }

  if (type->kind == SW_SIGNAL_TABLE && !read_table (signal, object, error))
    return NULL;
  if (type->kind == SW_SIGNAL_LOOKUP && !read_lookup (signal, object, depth, error))
    return NULL;

  if (!check_parameters (signal, error))
    return NULL;

  _sw_signal_prepare (signal);
  return g_steal_pointer (&signal);
}

/* {"sensor": {"of": "speed1.w"}}: the output of a sensor component,
 * checked against the model when it is assembled. */
static SwSignal *
read_sensor (JsonNode  *node,
             GError   **error)
{
  JsonObject *object = node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  g_autoptr(GList) members = object != NULL ? json_object_get_members (object) : NULL;
  JsonNode *of = object != NULL ? json_object_get_member (object, "of") : NULL;
  const char *text;

  for (GList *l = members; l != NULL; l = l->next)
    if (g_strcmp0 (l->data, "of") != 0)
      {
        g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                     _("unknown field “%s” in a sensor signal; its one field is “of”, the sensor's output "
                       "such as \"speed1.w\""), (const char *) l->data);
        return NULL;
      }
  if (of == NULL || !JSON_NODE_HOLDS_VALUE (of) || json_node_get_value_type (of) != G_TYPE_STRING)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                   _("a sensor signal must name the sensor's output as a string, "
                     "such as {\"sensor\": {\"of\": \"speed1.w\"}}"));
      return NULL;
    }
  text = json_node_get_string (of);
  if (strchr (text, '.') == NULL || text[0] == '.' || g_str_has_suffix (text, "."))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("“%s” is not a sensor output: give the sensor's id and its variable, such as \"speed1.w\""),
                   text);
      return NULL;
    }
  return sw_signal_new_sensor (text);
}

static SwSignal *
signal_read (JsonNode  *node,
             guint      depth,
             GError   **error)
{
  g_autofree char *types = NULL;
  g_autoptr(GList) members = NULL;
  JsonObject *object;
  const char *name;
  double value;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      types = valid_types ();
      g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                   _("a signal must be a number or an object such as "
                     "{\"sine\": {\"amplitude\": 1}}, not null; valid types: %s"),
                   types);
      return NULL;
    }

  if (depth > SW_SIGNAL_MAX_DEPTH)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("signals are nested more than %d deep"), SW_SIGNAL_MAX_DEPTH);
      return NULL;
    }

  if (node_get_number (node, &value))
    {
      if (!isfinite (value) || !sw_number_in_scale (value))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("a constant signal must be 0 or a finite number of magnitude %g … %g, not %g"),
                       SW_NUMBER_MIN_MAGNITUDE, SW_NUMBER_MAX_MAGNITUDE, value);
          return NULL;
        }
      return sw_signal_new_constant (value);
    }

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      types = valid_types ();
      g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                   _("a signal must be a number or an object such as "
                     "{\"sine\": {\"amplitude\": 1}}, not %s; valid types: %s"),
                   describe_node (node), types);
      return NULL;
    }

  object = json_node_get_object (node);
  members = json_object_get_members (object);

  if (members == NULL || members->next != NULL)
    {
      g_autofree char *found = NULL;
      GString *s = g_string_new (NULL);

      for (GList *l = members; l != NULL; l = l->next)
        g_string_append_printf (s, "%s“%s”", l == members ? "" : ", ", (const char *) l->data);
      found = g_string_free (s, FALSE);
      types = valid_types ();

      if (members == NULL)
        g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                     _("a signal object needs one member naming its type, "
                       "e.g. {\"sine\": {…}}, but it is empty; valid types: %s"),
                     types);
      else
        g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                     _("a signal object must have exactly one member naming its type, "
                       "but it has %u (%s); valid types: %s"),
                     g_list_length (members), found, types);
      return NULL;
    }

  name = members->data;
  if (g_strcmp0 (name, "sensor") == 0)
    return read_sensor (json_object_get_member (object, name), error);
  for (guint i = 0; i < G_N_ELEMENTS (_sw_signal_types); i++)
    {
      const SwSignalType *type = &_sw_signal_types[i];

      if (g_strcmp0 (type->name, name) != 0)
        continue;

      if (type->kind == SW_SIGNAL_SUM || type->kind == SW_SIGNAL_PRODUCT)
        return read_combination (type, json_object_get_member (object, name), depth, error);
      return read_typed (type, json_object_get_member (object, name), depth, error);
    }

  types = valid_types ();
  g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
               _("unknown signal type “%s”; valid types: %s"), name, types);
  return NULL;
}

SwSignal *
sw_signal_new_from_json (JsonNode  *node,
                         GError   **error)
{
  g_return_val_if_fail (node != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return signal_read (node, 0, error);
}

/* ------------------------------------------------------------------------ */
/* Writing                                                                  */
/* ------------------------------------------------------------------------ */

JsonNode *
sw_signal_to_json (const SwSignal *signal)
{
  const SwSignalType *type;
  JsonObject *outer;
  JsonNode *node;

  g_return_val_if_fail (signal != NULL, NULL);

  type = signal->type;
  if (type->kind == SW_SIGNAL_CONSTANT)
    return json_node_init_double (json_node_alloc (), signal->k);

  if (type->kind == SW_SIGNAL_SENSOR)
    {
      JsonObject *fields = json_object_new ();

      json_object_set_string_member (fields, "of", signal->of);
      outer = json_object_new ();
      json_object_set_object_member (outer, type->name, fields);
      node = json_node_alloc ();
      json_node_init_object (node, outer);
      json_object_unref (outer);
      return node;
    }

  if (type->kind == SW_SIGNAL_SUM || type->kind == SW_SIGNAL_PRODUCT)
    {
      JsonArray *array = json_array_sized_new (signal->n_children);

      for (guint i = 0; i < signal->n_children; i++)
        json_array_add_element (array, sw_signal_to_json (signal->children[i]));

      outer = json_object_new ();
      json_object_set_array_member (outer, type->name, array);
    }
  else
    {
      JsonObject *fields = json_object_new ();

      for (const SwSignalField *f = type->fields; f->name != NULL; f++)
        {
          if (f->range == SW_FIELD_CUSTOM)
            continue;
          if (f->range == SW_FIELD_INTEGER)
            json_object_set_int_member (fields, f->name, (gint64) _sw_signal_field_get (signal, f));
          else
            json_object_set_double_member (fields, f->name, _sw_signal_field_get (signal, f));
        }

      if (type->kind == SW_SIGNAL_LOOKUP)
        json_object_set_member (fields, "input", sw_signal_to_json (signal->children[0]));
      if (type->kind == SW_SIGNAL_TABLE || type->kind == SW_SIGNAL_LOOKUP)
        {
          JsonArray *rows = json_array_sized_new (signal->n_points);

          for (guint i = 0; i < signal->n_points; i++)
            {
              JsonArray *row = json_array_sized_new (2);

              json_array_add_double_element (row, signal->times[i]);
              json_array_add_double_element (row, signal->values[i]);
              json_array_add_array_element (rows, row);
            }
          json_object_set_array_member (fields, "points", rows);
          json_object_set_string_member (fields, "interpolation",
                                         _sw_signal_interpolation_names[signal->interpolation]);
          json_object_set_string_member (fields, "extrapolation",
                                         _sw_signal_extrapolation_names[signal->extrapolation]);
        }

      outer = json_object_new ();
      json_object_set_object_member (outer, type->name, fields);
    }

  node = json_node_alloc ();
  json_node_init_object (node, outer);
  json_object_unref (outer);
  return node;
}
