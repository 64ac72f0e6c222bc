/* sw-model-file-fast.c: the common component and connection of a streamed
 * array (sw-model-file-elements.c) read straight from the text, without
 * json-glib's tree, its positions or a label made for messages.
 *
 * A component of an id, a catalogue kind, numbers and truth values as
 * parameters, a position and a "ui"; a connection of "from" and "to": all
 * strings printable ASCII without escapes, no key twice. The values are
 * the tree's (integers of up to 18 digits through gint64, other numbers
 * correctly rounded: as sw-model-file-element-tree.c makes them), checked
 * with the same checks. Anything else, or anything a check refuses, is
 * left untouched for the reader's own path, which reads it again and
 * reports it: a problem is only ever found there, so every message stays
 * as it was. Reading a 10 000-body chain took 60 % of `check`'s time
 * through the tree.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-json-cursor-private.h"
#include "sw-model-reader-private.h"
#include "sw-subsystem-private.h"

#include <math.h>
#include <string.h>

/* Ids, kinds and ports longer than this are left to the reader's path. */
#define NAME_MAX_LENGTH 256

typedef SwJsonCursor Cursor;

static gboolean
accept (Cursor *c, char ch)
{
  _sw_json_skip_space (c);
  if (c->p >= c->end || *c->p != ch)
    return FALSE;
  c->p++;
  _sw_json_skip_space (c);
  return TRUE;
}

/* The string as a C string in buffer (at most NAME_MAX_LENGTH bytes). */
static gboolean
parse_name (Cursor *c, char *buffer)
{
  const char *text;
  gsize length;

  if (!_sw_json_string (c, &text, &length) || length >= NAME_MAX_LENGTH)
    return FALSE;
  memcpy (buffer, text, length);
  buffer[length] = '\0';
  return TRUE;
}

/* A number as json-glib's node would hold it, as a double (-0 is 0). */
static gboolean
parse_number (Cursor *c, double *value)
{
  gboolean is_integer;
  gint64 integer;

  if (!_sw_json_number (c, &is_integer, &integer, value))
    return FALSE;
  if (is_integer)
    *value = (double) integer;
  return TRUE;
}

/* Skips a plain JSON value (the scan has found the text plain). */
static gboolean
skip_value (Reader *r, Cursor *c)
{
  gsize o = c->p - r->data;
  gsize end = _sw_reader_value_end (r, o, c->end - r->data);

  if (end <= o)
    return FALSE;
  c->p = r->data + end;
  return TRUE;
}

/* ---- Components ---------------------------------------------------------- */

typedef struct {
  const char *name;
  gsize       length;
  double      value;
  gboolean    truth;    /* true or false (value 1 or 0), not a number */
} Given;

/* A catalogue kind by name, the last ones found looked at first. */
static const SwKind *
find_kind (Reader *r, const char *name)
{
  const SwKind *kind;

  for (guint i = 0; i < G_N_ELEMENTS (r->fast_kinds); i++)
    if (r->fast_kinds[i] != NULL && strcmp (r->fast_kinds[i]->name, name) == 0)
      return r->fast_kinds[i];
  kind = sw_catalog_lookup (name);
  if (kind != NULL)
    {
      memmove (&r->fast_kinds[1], &r->fast_kinds[0], sizeof r->fast_kinds - sizeof r->fast_kinds[0]);
      r->fast_kinds[0] = kind;
    }
  return kind;
}

static int
find_param (const SwKind *kind, const char *name, gsize length)
{
  for (guint i = 0; i < kind->n_params; i++)
    if (strncmp (kind->params[i].name, name, length) == 0 && kind->params[i].name[length] == '\0')
      return (int) i;
  return -1;
}

/* "params": {"name": number or truth value, …}. */
static gboolean
parse_params (Cursor *c, Given *given, guint *n_given)
{
  *n_given = 0;
  if (!accept (c, '{'))
    return FALSE;
  if (c->p < c->end && *c->p == '}')
    {
      c->p++;
      return TRUE;
    }
  for (;;)
    {
      Given *g;

      if (*n_given == SW_KIND_MAX_PARAMS)
        return FALSE;
      g = &given[(*n_given)++];
      if (!_sw_json_string (c, &g->name, &g->length) || !accept (c, ':'))
        return FALSE;
      g->truth = TRUE;
      if (_sw_json_literal (c, "true", 4))
        g->value = 1;
      else if (_sw_json_literal (c, "false", 5))
        g->value = 0;
      else if (parse_number (c, &g->value))
        g->truth = FALSE;
      else
        return FALSE;
      switch (_sw_json_after (c, '}'))
        {
        case SW_JSON_NEXT: continue;
        case SW_JSON_END: return TRUE;
        default: return FALSE;
        }
    }
}

/* A given value at parameter p as the reader's read_param_value() would
 * set it, FALSE where that would report a problem. */
static gboolean
set_param (SwComponent *c, guint p, const Given *g)
{
  const SwParamDesc *desc = &c->kind->params[p];
  double value = g->value;

  switch (desc->type)
    {
    case SW_PARAM_REAL:
    case SW_PARAM_INITIAL:
      if (g->truth || !_sw_check_param (NULL, c->kind, p, value, NULL))
        return FALSE;
      break;

    case SW_PARAM_BOOLEAN:
      if (!g->truth)
        return FALSE;
      break;

    case SW_PARAM_SIGNAL:
      {
        SwSignal *signal;

        /* A constant signal (sw-signal-read.c), then the parameter's range. */
        if (g->truth || !isfinite (value) || !sw_number_in_scale (value))
          return FALSE;
        signal = sw_signal_new_constant (value);
        value = _sw_signal_param_value (signal);
        if (sw_signal_is_constant (signal) && !_sw_check_param (NULL, c->kind, p, value, NULL))
          {
            sw_signal_unref (signal);
            return FALSE;
          }
        g_clear_pointer (&c->signal[p], sw_signal_unref);
        c->signal[p] = signal;
        g_clear_pointer (&c->signal_ref[p], g_free);
      }
      break;

    case SW_PARAM_TABLE:
    case SW_PARAM_EXPRESSION:
    default:
      return FALSE;
    }

  c->param[p] = value;
  c->given[p] = TRUE;
  return TRUE;
}

/* The component as read_params() and read_position() leave it, FALSE
 * where they would report a problem. */
static gboolean
fill_component (SwComponent *c, const Given *given, guint n_given, const double *xy)
{
  GError *error = NULL;

  for (guint k = 0; k < n_given; k++)
    {
      int p = find_param (c->kind, given[k].name, given[k].length);

      /* Unknown, or given twice (json-glib keeps the last: the tree's path). */
      if (p < 0 || c->given[p] || !set_param (c, (guint) p, &given[k]))
        return FALSE;
    }
  for (guint i = 0; i < c->kind->n_params; i++)
    {
      const SwParamDesc *desc = &c->kind->params[i];

      if (!c->given[i] && desc->type != SW_PARAM_INITIAL && desc->type != SW_PARAM_TABLE &&
          desc->type != SW_PARAM_EXPRESSION && isnan (desc->default_value))
        return FALSE;
    }
  /* A kind's check may use its error (freed: the reader's path says it). */
  if (!_sw_validate_params ("", c->kind, c->param, &error))
    {
      g_error_free (error);
      return FALSE;
    }
  if (xy != NULL)
    {
      if (!isfinite (xy[0]) || !isfinite (xy[1]))
        return FALSE;
      c->has_position = TRUE;
      c->position[0] = xy[0];
      c->position[1] = xy[1];
    }
  return TRUE;
}

gboolean
_sw_reader_fast_component (Reader *r,
                           gsize   o,
                           gsize   limit,
                           gsize  *end)
{
  Cursor c = { r->data + o, r->data + limit };
  char id[NAME_MAX_LENGTH], kind_name[NAME_MAX_LENGTH];
  gboolean has_id = FALSE, has_kind = FALSE, has_params = FALSE, has_position = FALSE;
  const char *ui_start = NULL, *ui_end = NULL;
  Given given[SW_KIND_MAX_PARAMS];
  guint n_given = 0;
  double xy[2];
  const SwKind *kind;
  SwComponent component;

  if (c.p >= c.end || *c.p != '{')
    return FALSE;
  c.p++;
  _sw_json_skip_space (&c);
  for (;;)
    {
      const char *key;
      gsize length;
      gboolean ok;

      if (!_sw_json_string (&c, &key, &length) || !accept (&c, ':'))
        return FALSE;
      if (length == 2 && memcmp (key, "id", 2) == 0 && !has_id)
        ok = has_id = parse_name (&c, id);
      else if (length == 4 && memcmp (key, "kind", 4) == 0 && !has_kind)
        ok = has_kind = parse_name (&c, kind_name);
      else if (length == 6 && memcmp (key, "params", 6) == 0 && !has_params)
        ok = has_params = parse_params (&c, given, &n_given);
      else if (length == 8 && memcmp (key, "position", 8) == 0 && !has_position)
        ok = has_position = accept (&c, '[') && parse_number (&c, &xy[0]) && accept (&c, ',') &&
                            parse_number (&c, &xy[1]) && accept (&c, ']');
      else if (length == 2 && memcmp (key, "ui", 2) == 0 && ui_start == NULL)
        {
          ui_start = c.p;
          ok = skip_value (r, &c);
          ui_end = c.p;
        }
      else
        ok = FALSE;   /* another key, or one given twice */
      if (!ok)
        return FALSE;
      {
        SwJsonAfter after = _sw_json_after (&c, '}');

        if (after == SW_JSON_NEXT)
          continue;
        if (after == SW_JSON_BAD)
          return FALSE;
        break;
      }
    }

  /* The checks of _sw_reader_read_component() on a valid component. */
  if (!has_id || !has_kind || !_sw_check_id (id, NULL) || sw_model_find_component (r->model, id) >= 0 ||
      (g_hash_table_size (r->defined) > 0 && g_hash_table_contains (r->defined, id)))
    return FALSE;
  if (strcmp (kind_name, "subsystem") == 0 || (kind = find_kind (r, kind_name)) == NULL)
    return FALSE;
  if (r->n_flat + _sw_subsystem_flat_size (kind) > SW_SUBSYSTEM_MAX_FLAT)
    return FALSE;

  _sw_component_init (&component, kind, id);
  if (!fill_component (&component, given, n_given, has_position ? xy : NULL))
    {
      _sw_component_clear (&component);
      return FALSE;
    }
  if (ui_start != NULL)
    {
      component.ui = _sw_reader_element_tree (ui_start, ui_end - ui_start);
      if (component.ui == NULL)
        {
          _sw_component_clear (&component);
          return FALSE;
        }
    }
  r->n_flat += _sw_subsystem_flat_size (kind);
  _sw_reader_offset_to_location (r, o, &component.line, &component.column);
  _sw_model_take_component (r->model, &component);
  *end = c.p - r->data;
  return TRUE;
}

/* ---- Connections --------------------------------------------------------- */

/* "component.port" of the model, as _sw_model_resolve_port() finds it. */
static gboolean
resolve_port (Reader *r, char *ref, guint *component, guint *port)
{
  char *dot = strchr (ref, '.');
  int i, p;

  if (dot == NULL || dot == ref || dot[1] == '\0')
    return FALSE;
  *dot = '\0';
  i = sw_model_find_component (r->model, ref);
  *dot = '.';
  if (i < 0)
    return FALSE;
  p = sw_kind_find_port (sw_model_get_component (r->model, (guint) i)->kind, dot + 1);
  if (p < 0)
    return FALSE;
  *component = (guint) i;
  *port = (guint) p;
  return TRUE;
}

gboolean
_sw_reader_fast_connection (Reader *r,
                            gsize   o,
                            gsize   limit,
                            gsize  *end)
{
  Cursor c = { r->data + o, r->data + limit };
  char from[NAME_MAX_LENGTH], to[NAME_MAX_LENGTH];
  gboolean has_from = FALSE, has_to = FALSE;
  SwConnection connection = { 0 };

  /* A component that could not be read: its connections are not reported. */
  if (g_hash_table_size (r->unreadable) > 0)
    return FALSE;
  if (c.p >= c.end || *c.p != '{')
    return FALSE;
  c.p++;
  _sw_json_skip_space (&c);
  for (;;)
    {
      const char *key;
      gsize length;

      if (!_sw_json_string (&c, &key, &length) || !accept (&c, ':'))
        return FALSE;
      if (length == 4 && memcmp (key, "from", 4) == 0 && !has_from)
        has_from = parse_name (&c, from);
      else if (length == 2 && memcmp (key, "to", 2) == 0 && !has_to)
        has_to = parse_name (&c, to);
      else
        return FALSE;
      if ((length == 4 && !has_from) || (length == 2 && !has_to))
        return FALSE;
      {
        SwJsonAfter after = _sw_json_after (&c, '}');

        if (after == SW_JSON_NEXT)
          continue;
        if (after == SW_JSON_BAD)
          return FALSE;
        break;
      }
    }
  if (!has_from || !has_to ||
      !resolve_port (r, from, &connection.from_component, &connection.from_port) ||
      !resolve_port (r, to, &connection.to_component, &connection.to_port) ||
      !_sw_model_check_connection (r->model, &connection, NULL, NULL))
    return FALSE;

  _sw_reader_offset_to_location (r, o, &connection.line, &connection.column);
  _sw_model_take_connection (r->model, &connection, NULL);
  *end = c.p - r->data;
  return TRUE;
}
