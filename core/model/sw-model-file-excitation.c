/* sw-model-file-excitation.c: the file's top-level "excitation" (harmonic
 * torques by engine order, sw-excitation.h), checked value by value with
 * its place in the file; the model keeps the entries and the JSON as
 * written, which the writer puts back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-private.h"
#include "sw-model-reader-private.h"
#include "sw-excitation.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

/* More cylinders or orders than any engine has; tables of this many rows. */
#define MAX_CYLINDERS 64
#define MAX_ORDERS    1000
#define MAX_ROWS      10000
#define MAX_ORDER     1e6

static const char *const entry_keys[] = {
  "at", "cranks", "engine", "strokes", "firing_order", "firing_angles", "gas", "inertia", "mean_torque", "orders",
  NULL
};
static const char *const order_keys[] = { "order", "amplitude", "phase", NULL };

void
sw_excitation_entry_clear (SwExcitationEntry *e)
{
  g_free (e->at);
  g_free (e->engine);
  g_strfreev (e->cranks);
  g_free (e->firing_deg);
  g_free (e->load_rpm);
  g_free (e->load_nm);
  for (guint k = 0; k < e->n_orders; k++)
    {
      g_free (e->orders[k].x);
      g_free (e->orders[k].y);
    }
  g_free (e->orders);
  memset (e, 0, sizeof *e);
}

gboolean
sw_excitation_firing_angles (const guint *firing_order, guint n, guint strokes, double *firing_deg)
{
  g_autofree gboolean *seen = g_new0 (gboolean, n + 1);

  g_return_val_if_fail (n > 0 && (strokes == 2 || strokes == 4), FALSE);
  for (guint k = 0; k < n; k++)
    {
      guint c = firing_order[k];

      if (c < 1 || c > n || seen[c])
        return FALSE;
      seen[c] = TRUE;
      firing_deg[c - 1] = k * 360.0 * (strokes / 2) / n;
    }
  return TRUE;
}

/* "excitation 2" for messages; with its body or engine when known. */
static char *
entry_label (guint index, JsonObject *object)
{
  const char *at = _sw_reader_node_get_string (json_object_get_member (object, "at"));
  const char *engine = _sw_reader_node_get_string (json_object_get_member (object, "engine"));

  if (engine != NULL)
    return g_strdup_printf (_("excitation %u (engine “%s”)"), index + 1, engine);
  if (at != NULL)
    return g_strdup_printf (_("excitation %u (at “%s”)"), index + 1, at);
  return g_strdup_printf (_("excitation %u"), index + 1);
}

static gboolean
read_number (Reader *r, JsonObject *object, const char *key, const char *who, double min, gboolean min_open,
             double max, double *value)
{
  JsonNode *node = json_object_get_member (object, key);
  char a[SW_NUMBER_BUF_SIZE], b[SW_NUMBER_BUF_SIZE], c[SW_NUMBER_BUF_SIZE];
  double v;

  if (!_sw_reader_node_get_number (node, &v))
    {
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, key), SW_ERROR_PARSE,
                              _("%s: “%s” must be a number, not %s"), who, key, _sw_reader_describe_node (node));
      return FALSE;
    }
  if (!(isfinite (v) && (min_open ? v > min : v >= min) && v <= max))
    {
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, key), SW_ERROR_INVALID,
                              _("%s: “%s” = %s is out of range; valid: %s %s %s … %s"), who, key,
                              sw_format_number (a, v), key, min_open ? ">" : ">=", sw_format_number (b, min),
                              sw_format_number (c, max));
      return FALSE;
    }
  *value = v;
  return TRUE;
}

/* An array of numbers, each checked by the caller's bounds; *n its length. */
static double *
read_numbers (Reader *r, JsonObject *object, const char *key, const char *who, double min, double max, guint *n)
{
  JsonNode *node = json_object_get_member (object, key);
  JsonArray *array;
  g_autofree double *v = NULL;
  char a[SW_NUMBER_BUF_SIZE];

  if (!JSON_NODE_HOLDS_ARRAY (node) || json_array_get_length (json_node_get_array (node)) == 0
      || json_array_get_length (json_node_get_array (node)) > MAX_ROWS)
    {
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, key), SW_ERROR_PARSE,
                              _("%s: “%s” must be an array of 1 … %d numbers […], not %s"), who, key, MAX_ROWS,
                              _sw_reader_describe_node (node));
      return NULL;
    }
  array = json_node_get_array (node);
  *n = json_array_get_length (array);
  v = g_new (double, *n);
  for (guint i = 0; i < *n; i++)
    if (!_sw_reader_node_get_number (json_array_get_element (array, i), &v[i]) || !(v[i] >= min && v[i] <= max))
      {
        JsonNode *element = json_array_get_element (array, i);
        gboolean number = _sw_reader_node_get_number (element, &v[i]);

        _sw_reader_add_problem (r, _sw_reader_element_offset (r, array, i),
                                number ? SW_ERROR_INVALID : SW_ERROR_PARSE,
                                number ? _("%s: “%s” element %u = %s is out of range; valid: finite, %g … %g")
                                       : _("%s: “%s” element %u must be a number, not %s"),
                                who, key, i + 1,
                                number ? sw_format_number (a, v[i]) : _sw_reader_describe_node (element), min, max);
        return NULL;
      }
  return g_steal_pointer (&v);
}

/* A table {"X": [...], "values": [...]} with X one of xs; *which its index
 * in xs. */
static gboolean
read_table (Reader *r, JsonObject *parent, const char *key, const char *who, const char *const *xs,
            gboolean nonneg, guint *which, double **x, double **y, guint *n)
{
  JsonObject *object = json_node_get_object (json_object_get_member (parent, key));
  g_autofree char *inner = g_strdup_printf ("%s: “%s”", who, key);
  const char *keys[4] = { NULL };
  guint nk = 0, nx = 0, ny = 0;
  int found = -1;
  g_autofree double *vx = NULL, *vy = NULL;

  for (guint k = 0; xs[k] != NULL; k++)
    {
      keys[nk++] = xs[k];
      if (json_object_has_member (object, xs[k]))
        found = found < 0 ? (int) k : -2;
    }
  keys[nk] = "values";
  if (_sw_reader_has_unknown_keys (object, keys) || found < 0 || !json_object_has_member (object, "values"))
    {
      g_autofree char *list = g_strjoinv (_("” or “"), (char **) xs);

      _sw_reader_add_problem (r, _sw_reader_member_offset (r, parent, key), SW_ERROR_PARSE,
                              _("%s must be a table {\"%s\": […], \"values\": […]} with one of “%s”"), inner, xs[0],
                              list);
      return FALSE;
    }
  if (!(vx = read_numbers (r, object, xs[found], inner, -1e300, 1e300, &nx))
      || !(vy = read_numbers (r, object, "values", inner, nonneg ? 0 : -1e300, 1e300, &ny)))
    return FALSE;
  if (nx != ny || nx < 2)
    {
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, parent, key), SW_ERROR_INVALID,
                              _("%s: %u values of “%s” and %u “values”; valid: the same number, at least 2"), inner,
                              nx, xs[found], ny);
      return FALSE;
    }
  for (guint i = 1; i < nx; i++)
    if (!(vx[i] > vx[i - 1]))
      {
        _sw_reader_add_problem (r, _sw_reader_element_offset (r, json_object_get_array_member (object, xs[found]), i),
                                SW_ERROR_INVALID, _("%s: “%s” must be strictly ascending; element %u is %g after %g"),
                                inner, xs[found], i + 1, vx[i], vx[i - 1]);
        return FALSE;
      }
  *which = (guint) found;
  *x = g_steal_pointer (&vx);
  *y = g_steal_pointer (&vy);
  *n = nx;
  return TRUE;
}

static gboolean
read_order (Reader *r, JsonArray *array, guint index, const char *who, SwExcitationOrder *o)
{
  static const char *const against[] = { "rpm", "mean_torque", NULL };
  JsonNode *node = json_array_get_element (array, index);
  g_autofree char *inner = g_strdup_printf (_("%s: order %u"), who, index + 1);
  JsonObject *object;
  JsonNode *amplitude;
  gboolean ok = TRUE;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      _sw_reader_add_problem (r, _sw_reader_element_offset (r, array, index), SW_ERROR_PARSE,
                              _("%s must be an object {\"order\": …, \"amplitude\": …, \"phase\": …}, not %s"), inner,
                              _sw_reader_describe_node (node));
      return FALSE;
    }
  object = json_node_get_object (node);
  _sw_reader_check_keys (r, object, inner, order_keys);
  if (!json_object_has_member (object, "order") || !json_object_has_member (object, "amplitude"))
    {
      _sw_reader_add_problem (r, _sw_reader_element_offset (r, array, index), SW_ERROR_PARSE,
                              _("%s needs “order” and “amplitude”"), inner);
      return FALSE;
    }
  ok &= read_number (r, object, "order", inner, 0, TRUE, MAX_ORDER, &o->order);
  if (json_object_has_member (object, "phase"))
    ok &= read_number (r, object, "phase", inner, -1e6, FALSE, 1e6, &o->phase_deg);
  amplitude = json_object_get_member (object, "amplitude");
  if (JSON_NODE_HOLDS_OBJECT (amplitude))
    {
      guint which;

      if (read_table (r, object, "amplitude", inner, against, TRUE, &which, &o->x, &o->y, &o->n))
        o->table = which == 0 ? SW_EXCITATION_AGAINST_SPEED : SW_EXCITATION_AGAINST_MEAN_TORQUE;
      else
        ok = FALSE;
    }
  else
    ok &= read_number (r, object, "amplitude", inner, 0, FALSE, 1e300, &o->amplitude);
  return ok;
}

/* A component the entry names, of the model or inside a subsystem
 * instance ("engine1.crank", as the flattened system names it): it must
 * exist (one that could not be read is not reported again). Its index in
 * *owner. */
static int
find_named (Reader *r, JsonObject *object, const char *key, const char *name, const char *who, SwModel **owner)
{
  int index = _sw_model_find_component_path (r->model, name, owner);

  if (index < 0 && !g_hash_table_contains (r->unreadable, name))
    {
      g_autofree char *quoted = _sw_quote (name);

      _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, key), SW_ERROR_INVALID,
                              _("%s: “%s”: there is no component %s; valid: the id of a body (an inertia, a shaft "
                                "element, an engine), inside a subsystem as INSTANCE.ID (“engine1.crank”)"),
                              who, key, quoted);
    }
  return index;
}

static gboolean
read_cylinders (Reader *r, JsonObject *object, const char *who, SwExcitationEntry *e)
{
  JsonNode *node = json_object_get_member (object, "cranks");
  JsonArray *array;
  SwModel *owner;
  gboolean ok = TRUE;

  if (!JSON_NODE_HOLDS_ARRAY (node) || json_array_get_length (json_node_get_array (node)) == 0
      || json_array_get_length (json_node_get_array (node)) > MAX_CYLINDERS)
    {
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "cranks"), SW_ERROR_PARSE,
                              _("%s: “cranks” must be an array of 1 … %d body ids, one per cylinder, not %s"), who,
                              MAX_CYLINDERS, _sw_reader_describe_node (node));
      return FALSE;
    }
  array = json_node_get_array (node);
  e->n_cylinders = json_array_get_length (array);
  e->cranks = g_new0 (char *, e->n_cylinders + 1);
  for (guint k = 0; k < e->n_cylinders; k++)
    {
      const char *id = _sw_reader_node_get_string (json_array_get_element (array, k));

      if (id == NULL)
        {
          _sw_reader_add_problem (r, _sw_reader_element_offset (r, array, k), SW_ERROR_PARSE,
                                  _("%s: “cranks” element %u must be a body's id, not %s"), who, k + 1,
                                  _sw_reader_describe_node (json_array_get_element (array, k)));
          ok = FALSE;
          continue;
        }
      e->cranks[k] = g_strdup (id);
      if (_sw_model_find_component_path (r->model, id, &owner) < 0 && !g_hash_table_contains (r->unreadable, id))
        {
          g_autofree char *quoted = _sw_quote (id);

          _sw_reader_add_problem (r, _sw_reader_element_offset (r, array, k), SW_ERROR_INVALID,
                                  _("%s: “cranks” element %u: there is no component %s; valid: a body's id, inside "
                                    "a subsystem as INSTANCE.ID (“engine1.crank3”)"),
                                  who, k + 1, quoted);
          ok = FALSE;
        }
    }
  return ok;
}

/* "firing_order" or "firing_angles" for n cylinders (strokes per cycle). */
static gboolean
read_firing (Reader *r, JsonObject *object, const char *who, guint n, guint strokes, SwExcitationEntry *e)
{
  gboolean by_order = json_object_has_member (object, "firing_order");
  const char *key = by_order ? "firing_order" : "firing_angles";
  g_autofree double *v = NULL;
  guint nv = 0;

  if (by_order && json_object_has_member (object, "firing_angles"))
    {
      _sw_reader_add_problem (r, _sw_reader_member_key_offset (r, object, "firing_angles"), SW_ERROR_INVALID,
                              _("%s: give “firing_order” or “firing_angles”, not both"), who);
      return FALSE;
    }
  e->firing_deg = g_new0 (double, n);
  if (!json_object_has_member (object, key))
    {
      /* Equal intervals in the cranks' order. */
      for (guint k = 0; k < n; k++)
        e->firing_deg[k] = k * 360.0 * (strokes / 2) / n;
      return TRUE;
    }
  if (!(v = read_numbers (r, object, key, who, by_order ? 1 : -1e6, by_order ? n : 1e6, &nv)))
    return FALSE;
  if (nv != n)
    {
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, key), SW_ERROR_INVALID,
                              _("%s: “%s” has %u values for %u cylinders; valid: one per cylinder"), who, key, nv, n);
      return FALSE;
    }
  if (by_order)
    {
      g_autofree guint *order = g_new (guint, n);
      gboolean whole = TRUE;

      for (guint k = 0; k < n; k++)
        {
          whole &= v[k] == floor (v[k]);
          order[k] = (guint) v[k];
        }
      if (!whole || !sw_excitation_firing_angles (order, n, strokes, e->firing_deg))
        {
          _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, key), SW_ERROR_INVALID,
                                  _("%s: “firing_order” must name each cylinder 1 … %u once (as 1, 3, 4, 2)"), who, n);
          return FALSE;
        }
    }
  else
    memcpy (e->firing_deg, v, n * sizeof (double));
  return TRUE;
}

static gboolean
read_boolean (Reader *r, JsonObject *object, const char *key, const char *who, gboolean *value)
{
  JsonNode *node = json_object_get_member (object, key);

  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    {
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, key), SW_ERROR_PARSE,
                              _("%s: “%s” must be true or false, not %s"), who, key, _sw_reader_describe_node (node));
      return FALSE;
    }
  *value = json_node_get_boolean (node);
  return TRUE;
}

static gboolean
read_entry (Reader *r, JsonArray *array, guint index, SwExcitationEntry *e)
{
  static const char *const load_x[] = { "rpm", NULL };
  JsonNode *node = json_array_get_element (array, index);
  JsonObject *object;
  g_autofree char *who = NULL;
  gboolean ok = TRUE, against_torque = FALSE;
  guint strokes = 4, given;
  double value;
  const char *text;
  int engine = -1;
  SwModel *owner = NULL;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      _sw_reader_add_problem (r, _sw_reader_element_offset (r, array, index), SW_ERROR_PARSE,
                              _("excitation %u must be an object {\"at\": …, \"orders\": […]}, not %s"), index + 1,
                              _sw_reader_describe_node (node));
      return FALSE;
    }
  object = json_node_get_object (node);
  who = entry_label (index, object);
  e->line = _sw_reader_offset_to_line (r, _sw_reader_element_offset (r, array, index));
  e->gas = e->inertia = TRUE;
  _sw_reader_check_keys (r, object, who, entry_keys);
  given = json_object_has_member (object, "at") + json_object_has_member (object, "cranks")
          + json_object_has_member (object, "engine");
  if (given == 0 || (json_object_has_member (object, "at") && given > 1))
    {
      _sw_reader_add_problem (r, _sw_reader_element_offset (r, array, index), SW_ERROR_PARSE,
                              _("%s: give “at” (a body), or “cranks” (one body per cylinder), or “engine” (a "
                                "rotational.engine, with or without “cranks”)"),
                              who);
      return FALSE;
    }
  if (json_object_has_member (object, "at"))
    {
      if (!(text = _sw_reader_node_get_string (json_object_get_member (object, "at"))))
        {
          _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "at"), SW_ERROR_PARSE,
                                  _("%s: “at” must be a body's id, not %s"), who,
                                  _sw_reader_describe_node (json_object_get_member (object, "at")));
          return FALSE;
        }
      e->at = g_strdup (text);
      ok &= find_named (r, object, "at", text, who, &owner) >= 0 || g_hash_table_contains (r->unreadable, text);
      for (const char *const *k = (const char *const[]) { "strokes", "firing_order", "firing_angles", "gas",
                                                          "inertia", NULL };
           *k != NULL; k++)
        if (json_object_has_member (object, *k))
          {
            _sw_reader_add_problem (r, _sw_reader_member_key_offset (r, object, *k), SW_ERROR_INVALID,
                                    _("%s: “%s” belongs to an engine's cylinders (“cranks” or “engine”), not to one "
                                      "body (“at”)"),
                                    who, *k);
            ok = FALSE;
          }
    }
  if (json_object_has_member (object, "engine"))
    {
      if (!(text = _sw_reader_node_get_string (json_object_get_member (object, "engine"))))
        {
          _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "engine"), SW_ERROR_PARSE,
                                  _("%s: “engine” must be the id of a rotational.engine, not %s"), who,
                                  _sw_reader_describe_node (json_object_get_member (object, "engine")));
          return FALSE;
        }
      e->engine = g_strdup (text);
      if ((engine = find_named (r, object, "engine", text, who, &owner)) < 0)
        return FALSE;
      /* Its parameters may be the instance's (an interface binds them):
       * the model's own engine only. */
      if (owner != r->model)
        {
          _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "engine"), SW_ERROR_INVALID,
                                  _("%s: engine “%s” is inside a subsystem; valid: an engine of the model itself, "
                                    "or its crank bodies in “cranks” with the gas harmonics in “orders”"),
                                  who, text);
          return FALSE;
        }
      if (strcmp (sw_model_get_component (r->model, engine)->kind->name, "rotational.engine") != 0)
        {
          _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "engine"), SW_ERROR_INVALID,
                                  _("%s: component “%s” is a %s; valid: a rotational.engine"), who, text,
                                  sw_model_get_component (r->model, engine)->kind->name);
          return FALSE;
        }
      if (json_object_has_member (object, "strokes"))
        {
          _sw_reader_add_problem (r, _sw_reader_member_key_offset (r, object, "strokes"), SW_ERROR_INVALID,
                                  _("%s: “strokes” is the engine's parameter; set it there"), who);
          ok = FALSE;
        }
      ok &= read_boolean (r, object, "gas", who, &e->gas) && read_boolean (r, object, "inertia", who, &e->inertia);
    }
  else
    for (const char *const *k = (const char *const[]) { "gas", "inertia", NULL }; *k != NULL; k++)
      if (json_object_has_member (object, *k))
        {
          _sw_reader_add_problem (r, _sw_reader_member_key_offset (r, object, *k), SW_ERROR_INVALID,
                                  _("%s: “%s” belongs to an “engine”'s own harmonics"), who, *k);
          ok = FALSE;
        }
  if (json_object_has_member (object, "cranks") && !read_cylinders (r, object, who, e))
    return FALSE;
  if (e->at == NULL)
    {
      const SwComponent *c = engine >= 0 ? sw_model_get_component (r->model, engine) : NULL;
      int cylinders = c != NULL ? sw_kind_find_param (c->kind, "cylinders") : -1;
      int engine_strokes = c != NULL ? sw_kind_find_param (c->kind, "strokes") : -1;

      if (c != NULL)
        {
          guint n = (guint) c->param[cylinders];

          strokes = (guint) c->param[engine_strokes];
          if (e->cranks != NULL && e->n_cylinders != n)
            {
              _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "cranks"), SW_ERROR_INVALID,
                                      _("%s: %u “cranks” for an engine of %u cylinders; valid: one per cylinder"),
                                      who, e->n_cylinders, n);
              return FALSE;
            }
          e->n_cylinders = n;
        }
      else if (json_object_has_member (object, "strokes"))
        {
          if (!read_number (r, object, "strokes", who, 2, FALSE, 4, &value))
            return FALSE;
          if (value != 2 && value != 4)
            {
              _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "strokes"), SW_ERROR_INVALID,
                                      _("%s: “strokes” = %g; valid: 2 or 4"), who, value);
              return FALSE;
            }
          strokes = (guint) value;
        }
      if (!read_firing (r, object, who, e->n_cylinders, strokes, e))
        return FALSE;
    }
  if (json_object_has_member (object, "orders"))
    {
      JsonNode *orders = json_object_get_member (object, "orders");
      JsonArray *list;

      if (!JSON_NODE_HOLDS_ARRAY (orders) || json_array_get_length (json_node_get_array (orders)) > MAX_ORDERS)
        {
          _sw_reader_add_problem (r, _sw_reader_member_offset (r, object, "orders"), SW_ERROR_PARSE,
                                  _("%s: “orders” must be an array of up to %d orders […], not %s"), who, MAX_ORDERS,
                                  _sw_reader_describe_node (orders));
          return FALSE;
        }
      list = json_node_get_array (orders);
      e->n_orders = json_array_get_length (list);
      e->orders = g_new0 (SwExcitationOrder, MAX (e->n_orders, 1));
      for (guint k = 0; k < e->n_orders; k++)
        {
          ok &= read_order (r, list, k, who, &e->orders[k]);
          against_torque |= e->orders[k].table == SW_EXCITATION_AGAINST_MEAN_TORQUE;
        }
    }
  else if (e->engine == NULL)
    {
      _sw_reader_add_problem (r, _sw_reader_element_offset (r, array, index), SW_ERROR_PARSE,
                              _("%s needs “orders”: [{\"order\": …, \"amplitude\": …}, …]"), who);
      return FALSE;
    }
  if (json_object_has_member (object, "mean_torque"))
    {
      if (JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "mean_torque")))
        {
          guint which;

          ok &= read_table (r, object, "mean_torque", who, load_x, FALSE, &which, &e->load_rpm, &e->load_nm,
                            &e->n_load);
        }
      else
        ok &= read_number (r, object, "mean_torque", who, -1e300, FALSE, 1e300, &e->mean_torque_nm);
    }
  else if (against_torque)
    {
      _sw_reader_add_problem (r, _sw_reader_element_offset (r, array, index), SW_ERROR_INVALID,
                              _("%s: an amplitude against the mean torque needs “mean_torque” (N.m, a number or "
                                "{\"rpm\": […], \"values\": […]})"),
                              who);
      ok = FALSE;
    }
  return ok;
}

void
_sw_reader_read_excitation (Reader *r, JsonObject *root)
{
  JsonNode *node = json_object_get_member (root, "excitation");
  JsonArray *array;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      _sw_reader_add_problem (r, _sw_reader_member_offset (r, root, "excitation"), SW_ERROR_PARSE,
                              _("“excitation” must be an array […] of harmonic torques, not %s"),
                              _sw_reader_describe_node (node));
      return;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      SwExcitationEntry e = { 0 };

      if (read_entry (r, array, i, &e))
        g_array_append_val (r->model->excitation, e);
      else
        sw_excitation_entry_clear (&e);
    }
  r->model->excitation_node = json_node_copy (node);
}
