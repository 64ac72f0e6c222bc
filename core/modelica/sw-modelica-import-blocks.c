/* sw-modelica-import-blocks.c: Modelica.Blocks.Sources blocks that have no
 * signal type of their own, made of the signals that exist.
 *
 * Exponentials (a rising exponential for riseTime, then a falling one
 * from where it got) is
 *   offset + (step (outMax) - outMax e^(-tau / riseTimeConst)) W
 *          + y_rise e^(-(tau - riseTime) / fallTimeConst)
 * with W a step from 1 to 0 at startTime + riseTime and the falling
 * exponential starting there; e^(-d tau) is an ExpSine of frequency 0 and
 * phase pi / 2 (sin (pi / 2) is exactly 1). Each piece is 0 before its
 * start, as the MSL's block is offset before startTime.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-import-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

static JsonNode *
typed (const char *type, JsonObject *fields)
{
  JsonObject *outer = json_object_new ();
  JsonNode *n = json_node_new (JSON_NODE_OBJECT);

  json_object_set_object_member (outer, type, fields);
  json_node_take_object (n, outer);
  return n;
}

static JsonNode *
list (const char *type, JsonNode *a, JsonNode *b)
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

/* amplitude e^(-(t - start) / time_const) from start on, 0 before. */
static JsonNode *
decay (double amplitude, double time_const, double start)
{
  JsonObject *f = json_object_new ();

  json_object_set_double_member (f, "amplitude", amplitude);
  json_object_set_double_member (f, "f", 0);
  json_object_set_double_member (f, "phase", G_PI / 2);
  json_object_set_double_member (f, "damping", 1 / time_const);
  json_object_set_double_member (f, "startTime", start);
  return typed ("exp_sine", f);
}

static JsonNode *
step (double height, double offset, double start)
{
  JsonObject *f = json_object_new ();

  json_object_set_double_member (f, "height", height);
  json_object_set_double_member (f, "offset", offset);
  json_object_set_double_member (f, "startTime", start);
  return typed ("step", f);
}

JsonNode *
_sw_mo_exponentials_signal (Import *im, const MoElement *block)
{
  static const char *const names[] = {
    "outMax", "riseTime", "riseTimeConst", "fallTimeConst", "offset", "startTime", NULL,
  };
  /* The MSL's defaults; riseTime has none (its start is 0.5), and
   * fallTimeConst defaults to riseTimeConst. */
  double v[] = { 1, NAN, 0.1, NAN, 0, 0 };
  JsonNode *rise, *window, *fall, *sum;

  for (guint i = 0; block->mods != NULL && i < block->mods->len; i++)
    {
      const MoMod *m = g_ptr_array_index (block->mods, i);
      guint k = 0;

      while (names[k] != NULL && strcmp (names[k], m->name) != 0)
        k++;
      if (names[k] == NULL)
        {
          g_autofree char *valid = g_strjoinv (", ", (char **) names);

          _sw_mo_fail (im, m->line, m->column, _("%s (%s): parameter “%s” is not supported; valid: %s"), block->name,
                       block->type, m->name, valid);
          return NULL;
        }
      if (m->value == NULL)
        {
          _sw_mo_fail (im, m->line, m->column, _("%s.%s needs a value"), block->name, m->name);
          return NULL;
        }
      if (!_sw_mo_eval_number (im, m->value, &v[k]))
        return NULL;
    }
  if (isnan (v[1]))
    {
      _sw_mo_fail (im, block->line, block->column, _("%s.riseTime needs a value (>= 0)"), block->name);
      return NULL;
    }
  if (isnan (v[3]))
    v[3] = v[2];
  if (!(v[1] >= 0) || !(v[2] > 0) || !(v[3] > 0))
    {
      _sw_mo_fail (im, block->line, block->column,
                   _("%s: riseTime = %g, riseTimeConst = %g, fallTimeConst = %g are not valid; valid: riseTime >= 0, "
                     "the time constants > 0"), block->name, v[1], v[2], v[3]);
      return NULL;
    }
  rise = list ("sum", step (v[0], 0, v[5]), decay (-v[0], v[2], v[5]));
  window = step (-1, 1, v[5] + v[1]);
  fall = decay (v[0] * (1 - exp (-v[1] / v[2])), v[3], v[5] + v[1]);
  sum = list ("sum", list ("product", rise, window), fall);
  if (v[4] != 0)
    {
      JsonNode *offset = json_node_new (JSON_NODE_VALUE);

      json_node_set_double (offset, v[4]);
      sum = list ("sum", offset, sum);
    }
  return sum;
}
