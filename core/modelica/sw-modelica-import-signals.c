/* sw-modelica-import-signals.c: Modelica.Blocks wired to a source's input
 * turned into its signal (JSON, as the file writes it): the blocks feeding
 * it through the whole connection set, sensors read back, nested blocks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica.h"
#include "sw-modelica-import-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include "sw-error.h"
#include "sw-kind.h"
#include "sw-table.h"
#include "sw-model-private.h"

/* Nesting of blocks feeding blocks (and of their signals). */
#define MAX_BLOCK_DEPTH 32

/* ---- Signals from blocks ------------------------------------------------ */

static JsonNode *block_signal (Import *im, const MoElement *block, guint depth);

/* The output that drives the connection set of connector target
 * ("block.y", "block.y[2]" or a sensor's "speedSensor.w"), or NULL. The
 * set is followed through every connect() that shares a connector, so an
 * input wired on from another input (connect (const.y, a.u);
 * connect (a.u, b.u)) is reached. */
static const char *
set_source (Import *im, const char *target)
{
  g_autoptr (GPtrArray) set = g_ptr_array_new ();

  g_ptr_array_add (set, (gpointer) target);
  for (guint i = 0; i < set->len; i++)
    {
      const char *end = g_ptr_array_index (set, i);

      for (guint k = 0; k < im->klass->connects->len; k++)
        {
          const MoConnect *c = &g_array_index (im->klass->connects, MoConnect, k);
          const char *other = strcmp (c->a, end) == 0 ? c->b : strcmp (c->b, end) == 0 ? c->a : NULL;
          const char *dot = other != NULL ? strchr (other, '.') : NULL;
          g_autofree char *id = NULL;
          const MoElement *el;
          gboolean seen = FALSE;

          if (other == NULL || dot == NULL)
            continue;
          for (guint j = 0; j < set->len && !seen; j++)
            seen = strcmp (g_ptr_array_index (set, j), other) == 0;
          if (seen)
            continue;
          id = g_strndup (other, (gsize) (dot - other));
          el = g_hash_table_lookup (im->elements, id);
          /* A block's output (y, y[k]) or a sensor's drives the set. */
          if (el != NULL && ((_sw_mo_import_is_block (el) && dot[1] == 'y' && (dot[2] == '\0' || dot[2] == '['))
                                           || (!_sw_mo_import_is_block (el) && _sw_mo_import_sensor_of (im, other) != NULL)))
            return other;
          g_ptr_array_add (set, (gpointer) other);
        }
    }
  return NULL;
}

/* What feeds input connector input of element el (NULL: nothing). */
static const MoElement *
feeding (Import *im, const MoElement *el, const char *input)
{
  g_autofree char *target = g_strdup_printf ("%s.%s", el->name, input);
  const char *source = set_source (im, target);
  g_autofree char *id = source != NULL ? g_strndup (source, strcspn (source, ".")) : NULL;

  /* Which output of a block of several (CombiTimeTable's y[2]). */
  im->block_output = source;
  return id != NULL ? g_hash_table_lookup (im->elements, id) : NULL;
}

static JsonNode *
number_node (double x)
{
  JsonNode *n = json_node_new (JSON_NODE_VALUE);

  json_node_set_double (n, x);
  return n;
}

/* The component of a connector "id.name" if it is a sensor (in the model
 * already), else NULL. */
const SwComponent *
_sw_mo_import_sensor_of (Import *im, const char *connector)
{
  g_autofree char *id = g_strndup (connector, strcspn (connector, "."));
  int index = sw_model_find_component (im->model, id);
  const SwComponent *c = index >= 0 ? sw_model_get_component (im->model, (guint) index) : NULL;

  return c != NULL && g_strcmp0 (c->kind->group, "Sensors") == 0 ? c : NULL;
}

/* A sensor's output wired to input connector input of el, as a sensor
 * signal {"sensor": {"of": "speedSensor.w"}} (the sensors' outputs have
 * the MSL's names), or NULL. */
static JsonNode *
sensor_input (Import *im, const MoElement *el, const char *input)
{
  g_autofree char *target = g_strdup_printf ("%s.%s", el->name, input);
  const char *other = set_source (im, target);

  if (other != NULL && _sw_mo_import_sensor_of (im, other) != NULL)
    {
      JsonObject *fields = json_object_new (), *outer = json_object_new ();
      JsonNode *n = json_node_new (JSON_NODE_OBJECT);

      json_object_set_string_member (fields, "of", other);
      json_object_set_object_member (outer, "sensor", fields);
      json_node_take_object (n, outer);
      return n;
    }
  return NULL;
}

JsonNode *
_sw_mo_import_input_signal (Import *im, const MoElement *block, const char *input, guint depth)
{
  const MoElement *src = feeding (im, block, input);

  if (src != NULL && !_sw_mo_import_is_block (src))
    {
      JsonNode *sensor = sensor_input (im, block, input);

      if (sensor != NULL)
        return sensor;
    }
  if (src == NULL || !_sw_mo_import_is_block (src))
    {
      _sw_mo_import_fail (im, block->line, block->column, _("%s.%s is not connected to a source block"), block->name, input);
      return NULL;
    }
  return block_signal (im, src, depth + 1);
}

static JsonNode *
list_node (const char *type, JsonNode *a, JsonNode *b)
{
  JsonArray *items = json_array_new ();
  JsonObject *o = json_object_new ();
  JsonNode *n = json_node_new (JSON_NODE_OBJECT);

  json_array_add_element (items, a);
  json_array_add_element (items, b);
  json_object_set_array_member (o, type, items);
  json_node_take_object (n, o);
  return n;
}

static double
mod_number (Import *im, const MoElement *el, const char *name, double fallback)
{
  MoMod *m = _sw_mo_find (el->mods, name);
  double x = fallback;

  if (m != NULL && m->value != NULL)
    _sw_mo_eval_number (im, m->value, &x);
  return x;
}

/* A block's output y as a signal (JSON, as the file writes it). */
static JsonNode *
block_signal (Import *im, const MoElement *block, guint depth)
{
  const char *type = _sw_mo_last_part (block->type);
  g_autofree char *snake = NULL;
  JsonObject *fields, *outer;
  JsonNode *node;

  if (depth > MAX_BLOCK_DEPTH)
    {
      _sw_mo_import_fail (im, block->line, block->column, _("blocks feed each other in a loop"));
      return NULL;
    }
  if (strcmp (type, "Product") == 0 || strcmp (type, "Add") == 0)
    {
      JsonNode *u1 = _sw_mo_import_input_signal (im, block, "u1", depth), *u2 = u1 ? _sw_mo_import_input_signal (im, block, "u2", depth) : NULL;

      if (u2 == NULL)
        return u1 != NULL ? (json_node_unref (u1), NULL) : NULL;
      if (strcmp (type, "Product") == 0)
        return list_node ("product", u1, u2);
      return list_node ("sum", list_node ("product", number_node (mod_number (im, block, "k1", 1)), u1),
                        list_node ("product", number_node (mod_number (im, block, "k2", 1)), u2));
    }
  /* Feedback: y = u1 - u2. */
  if (strcmp (type, "Feedback") == 0)
    {
      JsonNode *u1 = _sw_mo_import_input_signal (im, block, "u1", depth), *u2 = u1 ? _sw_mo_import_input_signal (im, block, "u2", depth) : NULL;

      if (u2 == NULL)
        return u1 != NULL ? (json_node_unref (u1), NULL) : NULL;
      return list_node ("sum", u1, list_node ("product", number_node (-1), u2));
    }
  if (strcmp (type, "Gain") == 0)
    {
      JsonNode *u = _sw_mo_import_input_signal (im, block, "u", depth);

      return u != NULL ? list_node ("product", number_node (mod_number (im, block, "k", 1)), u) : NULL;
    }
  if (strcmp (type, "CombiTimeTable") == 0)
    return _sw_mo_combi_table_signal (im, block, im->block_output);
  if (strcmp (type, "Exponentials") == 0)
    return _sw_mo_exponentials_signal (im, block);
  if (strcmp (type, "CombiTable1Ds") == 0 || strcmp (type, "CombiTable1D") == 0 || strcmp (type, "CombiTable1Dv") == 0)
    return _sw_mo_combi_table_1d_signal (im, block, im->block_output, depth);
  if (!g_strv_contains (_sw_mo_import_source_blocks, type))
    {
      _sw_mo_import_fail (im, block->line, block->column, _("the block %s is not supported; valid: %s, %s"), block->type,
                          "Constant, Step, Ramp, Sine, ExpSine, Pulse, SawTooth, Trapezoid, TimeTable, CombiTimeTable, "
                          "Exponentials, Tables.CombiTable1Ds (CombiTable1D, CombiTable1Dv)",
                          "Product, Add, Gain, Feedback");
      return NULL;
    }
  fields = json_object_new ();
  for (guint k = 0; block->mods != NULL && k < block->mods->len; k++)
    {
      MoMod *m = g_ptr_array_index (block->mods, k);
      Value v = { 0 };
      gboolean ok;

      /* A Constant straight into a source's input may be a subsystem's
       * parameter: that input is then what the parameter sets. */
      im->allow_own = depth == 1 && im->signal_target != NULL && strcmp (type, "Constant") == 0
                      && strcmp (m->name, "k") == 0 && m->value != NULL && _sw_mo_bind (im, m->value, im->signal_target);
      ok = m->value != NULL && _sw_mo_eval (im, m->value, &v);
      im->allow_own = FALSE;
      if (!ok)
        {
          if (m->value == NULL)
            _sw_mo_import_fail (im, m->line, m->column, _("%s.%s needs a value"), block->name, m->name);
          json_object_unref (fields);
          return NULL;
        }
      if (v.kind == V_MATRIX)
        {
          JsonArray *rows = json_array_new ();

          for (guint r = 0; r < v.rows; r++)
            {
              JsonArray *row = json_array_new ();

              for (guint c = 0; c < v.cols; c++)
                json_array_add_double_element (row, v.cells[r * v.cols + c]);
              json_array_add_array_element (rows, row);
            }
          /* TimeTable's table is the signal's points. */
          json_object_set_array_member (fields, strcmp (m->name, "table") == 0 ? "points" : m->name, rows);
        }
      else if (v.kind == V_NUMBER)
        json_object_set_double_member (fields, m->name, v.number);
      _sw_mo_value_clear (&v);
    }
  snake = _sw_mo_import_snake_case (strcmp (type, "TimeTable") == 0 ? "Table" : strcmp (type, "SawTooth") == 0 ? "Sawtooth" : type);
  outer = json_object_new ();
  json_object_set_object_member (outer, snake, fields);
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, outer);
  return node;
}
