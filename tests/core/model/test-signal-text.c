/* test-signal-text.c: SwSignal as text: round trips, spellings, malformed
 * input, fuzzing, type names.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <glib.h>
#include <json-glib/json-glib.h>

#include "sw-error.h"
#include "sw-signal.h"
#include "test-signal-common.h"

static void
check_error (const char *json,
             int         code,
             const char *needle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = json_from_string (json, &error);
  g_autoptr(SwSignal) signal = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (node);
  signal = sw_signal_new_from_json (node, &error);
  if (g_test_verbose () && error != NULL)
    g_test_message ("%s → %s", json, error->message);
  g_assert_null (signal);
  g_assert_error (error, SW_ERROR, code);
  g_assert_nonnull (strstr (error->message, needle));
}

static void
check_same (const SwSignal *a,
            const SwSignal *b)
{
  double ta = -2.0, tb = -2.0;

  g_assert_cmpstr (sw_signal_get_type_name (a), ==, sw_signal_get_type_name (b));
  g_assert_cmpint (sw_signal_is_constant (a), ==, sw_signal_is_constant (b));

  for (int i = -200; i <= 1200; i++)
    {
      double t = i * 0.0071;

      for (int side = 0; side < 2; side++)
        {
          double a1, a2, b1, b2;
          double ya = sw_signal_eval (a, t, side, &a1, &a2);
          double yb = sw_signal_eval (b, t, side, &b1, &b2);

          g_assert_cmpfloat (ya, ==, yb);
          g_assert_cmpfloat (a1, ==, b1);
          g_assert_cmpfloat (a2, ==, b2);
        }
    }

  for (guint i = 0; i < 50; i++)
    {
      gboolean fa = sw_signal_next_event (a, ta, &ta);
      gboolean fb = sw_signal_next_event (b, tb, &tb);

      g_assert_cmpint (fa, ==, fb);
      if (!fa)
        break;
      g_assert_cmpfloat (ta, ==, tb);
      g_assert_cmpfloat (sw_signal_eval (a, ta, TRUE, NULL, NULL), ==,
                         sw_signal_eval (b, tb, TRUE, NULL, NULL));
    }
}

static void
test_round_trip (void)
{
  const char *signals[] = {
    "-0.125",
    "{\"constant\": {\"k\": 3}}",
    "{\"step\": {\"height\": 2.5, \"offset\": 0.1, \"start_time\": 0.3}}",
    "{\"ramp\": {\"height\": -1, \"duration\": 0.3, \"start_time\": 1.1}}",
    "{\"sine\": {\"amplitude\": 0.1, \"freq_hz\": 7.3, \"phase\": -2, \"offset\": 1}}",
    "{\"exp_sine\": {\"damping\": 3.3, \"start_time\": 0.2}}",
    "{\"pulse\": {\"amplitude\": 2, \"width\": 33.3, \"period\": 0.3, \"nperiod\": 5}}",
    "{\"sawtooth\": {\"period\": 0.9, \"offset\": -4}}",
    "{\"trapezoid\": {\"rising\": 0.1, \"width\": 0.1, \"falling\": 0.3, \"period\": 0.7, "
      "\"nperiod\": 3, \"start_time\": 0.01}}",
    "{\"table\": {\"points\": [[0,0],[1,0],[1,1],[2,4],[3,9],[4,16]], "
      "\"extrapolation\": \"linear\", \"offset\": 0.5}}",
    "{\"table\": {\"points\": [[0,1],[0.4,3],[0.5,-1]], \"interpolation\": \"hold\", "
      "\"extrapolation\": \"periodic\", \"start_time\": 0.2}}",
    "{\"sum\": [1, {\"product\": [{\"sine\": {}}, {\"step\": {\"start_time\": 0.5}}]}]}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    {
      g_autoptr(SwSignal) a = parse (signals[i]);
      g_autoptr(JsonNode) node = sw_signal_to_json (a);
      g_autoptr(GError) error = NULL;
      g_autoptr(SwSignal) b = sw_signal_new_from_json (node, &error);
      g_autofree char *text = json_to_string (node, FALSE);
      g_autoptr(SwSignal) c = parse (text);

      g_assert_no_error (error);
      g_assert_nonnull (b);
      check_same (a, b);
      check_same (a, c);
    }
}

/* Modelica's spelling (Blocks.Sources: f, startTime) is what a signal
 * writes; the older freq_hz, start_time and MSL 3's freqHz read the same;
 * one field given in two spellings is an error naming both. */
static void
test_spellings (void)
{
  g_autoptr(SwSignal) modelica = parse ("{\"sine\": {\"amplitude\": 2, \"f\": 3, \"startTime\": 0.2}}");
  g_autoptr(SwSignal) older = parse ("{\"sine\": {\"amplitude\": 2, \"freq_hz\": 3, \"start_time\": 0.2}}");
  g_autoptr(SwSignal) msl3 = parse ("{\"sine\": {\"amplitude\": 2, \"freqHz\": 3, \"startTime\": 0.2}}");
  g_autoptr(JsonNode) node = sw_signal_to_json (older);
  JsonObject *fields = json_object_get_object_member (json_node_get_object (node), "sine");

  check_same (modelica, older);
  check_same (modelica, msl3);
  g_assert_true (json_object_has_member (fields, "f"));
  g_assert_true (json_object_has_member (fields, "startTime"));
  g_assert_false (json_object_has_member (fields, "freq_hz"));
  g_assert_false (json_object_has_member (fields, "start_time"));
  check_error ("{\"step\": {\"startTime\": 1, \"start_time\": 2}}", SW_ERROR_PARSE, "“startTime” of a step signal is given twice");
  check_error ("{\"sine\": {\"f\": 1, \"freqHz\": 2}}", SW_ERROR_PARSE, "“freqHz”");
}

static void
test_errors (void)
{
  /* The exact wording promised for an unknown field. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) node = json_from_string ("{\"sine\": {\"freq\": 1}}", NULL);
    g_autoptr(SwSignal) s = sw_signal_new_from_json (node, &error);

    g_assert_null (s);
    g_assert_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER);
    g_assert_cmpstr (error->message, ==,
                     "unknown field “freq” in a sine signal; "
                     "valid fields: amplitude, f, phase, offset, startTime");
  }

  check_error ("\"3\"", SW_ERROR_PARSE, "string");
  check_error ("true", SW_ERROR_PARSE, "boolean");
  check_error ("null", SW_ERROR_PARSE, "null");
  check_error ("[1, 2]", SW_ERROR_PARSE, "array");
  check_error ("{}", SW_ERROR_INVALID, "valid types: constant, step, ramp");
  check_error ("{\"sine\": {}, \"step\": {}}", SW_ERROR_INVALID, "exactly one");
  check_error ("{\"sinus\": {}}", SW_ERROR_UNKNOWN_PARAMETER, "“sinus”");
  check_error ("{\"sinus\": {}}", SW_ERROR_UNKNOWN_PARAMETER,
               "constant, step, ramp, sine, exp_sine, pulse, sawtooth, trapezoid, table, sum, product");
  check_error ("{\"sine\": 5}", SW_ERROR_PARSE, "sine");
  check_error ("{\"sine\": {\"amplitude\": \"1\"}}", SW_ERROR_PARSE, "“amplitude”");
  check_error ("{\"sine\": {\"freq_hz\": -1}}", SW_ERROR_INVALID, "“freq_hz”");
  check_error ("{\"exp_sine\": {\"damp\": 1}}", SW_ERROR_UNKNOWN_PARAMETER,
               "amplitude, f, phase, damping, offset, startTime");
  check_error ("{\"constant\": {\"k\": null}}", SW_ERROR_PARSE, "“k”");
  check_error ("{\"constant\": {\"value\": 1}}", SW_ERROR_UNKNOWN_PARAMETER, "valid fields: k");
  check_error ("{\"constant\": {\"offset\": 1}}", SW_ERROR_UNKNOWN_PARAMETER, "“offset”");
  check_error ("{\"step\": {\"height\": [1]}}", SW_ERROR_PARSE, "“height”");
  check_error ("{\"step\": {\"height\": {}}}", SW_ERROR_PARSE, "“height”");
  check_error ("{\"step\": {\"start\": 1}}", SW_ERROR_UNKNOWN_PARAMETER, "height, offset, startTime");
  check_error ("{\"ramp\": {\"duration\": 0}}", SW_ERROR_INVALID, "“duration”");
  check_error ("{\"ramp\": {\"duration\": -2}}", SW_ERROR_INVALID, "“duration”");
  check_error ("{\"pulse\": {\"width\": 0}}", SW_ERROR_INVALID, "“width”");
  check_error ("{\"pulse\": {\"width\": 101}}", SW_ERROR_INVALID, "“width”");
  check_error ("{\"pulse\": {\"period\": -1}}", SW_ERROR_INVALID, "“period”");
  check_error ("{\"pulse\": {\"nperiod\": 1.5}}", SW_ERROR_INVALID, "“nperiod”");
  check_error ("{\"pulse\": {\"nperiod\": true}}", SW_ERROR_PARSE, "“nperiod”");
  check_error ("{\"sawtooth\": {\"period\": 0}}", SW_ERROR_INVALID, "“period”");
  check_error ("{\"sawtooth\": {\"width\": 1}}", SW_ERROR_UNKNOWN_PARAMETER,
               "amplitude, period, offset, startTime");
  check_error ("{\"trapezoid\": {\"rising\": 0.5, \"width\": 0.5, \"falling\": 0.5, \"period\": 1}}",
               SW_ERROR_INVALID, "“rising”");
  check_error ("{\"trapezoid\": {\"falling\": -0.1}}", SW_ERROR_INVALID, "“falling”");
  check_error ("{\"table\": {}}", SW_ERROR_INVALID, "“points”");
  check_error ("{\"table\": {\"points\": []}}", SW_ERROR_INVALID, "“points”");
  check_error ("{\"table\": {\"points\": 3}}", SW_ERROR_PARSE, "“points”");
  check_error ("{\"table\": {\"points\": [[0, 1], [1]]}}", SW_ERROR_PARSE, "row 2");
  check_error ("{\"table\": {\"points\": [[0, 1], 5]}}", SW_ERROR_PARSE, "row 2");
  check_error ("{\"table\": {\"points\": [[0, 1], [1, \"a\"]]}}", SW_ERROR_PARSE, "value");
  check_error ("{\"table\": {\"points\": [[null, 1]]}}", SW_ERROR_PARSE, "time");
  check_error ("{\"table\": {\"points\": [[0, 1], [2, 1], [1, 1]]}}", SW_ERROR_INVALID, "row 3");
  check_error ("{\"table\": {\"points\": [[0, 1], [2, 1], [1, 1]]}}", SW_ERROR_INVALID, "nondecreasing");
  check_error ("{\"table\": {\"points\": [[0, 1]], \"interpolation\": \"cubic\"}}",
               SW_ERROR_INVALID, "“interpolation”");
  check_error ("{\"table\": {\"points\": [[0, 1]], \"interpolation\": \"cubic\"}}",
               SW_ERROR_INVALID, "linear, hold");
  check_error ("{\"table\": {\"points\": [[0, 1]], \"extrapolation\": 1}}",
               SW_ERROR_PARSE, "“extrapolation”");
  check_error ("{\"table\": {\"points\": [[0, 1]], \"extra\": 1}}", SW_ERROR_UNKNOWN_PARAMETER,
               "“extra” in a table signal; valid fields: points, interpolation, extrapolation, "
               "offset, startTime");
  check_error ("{\"table\": {\"points\": [[1, 0], [1, 1]], \"extrapolation\": \"periodic\"}}",
               SW_ERROR_INVALID, "“points”");
  check_error ("{\"sum\": []}", SW_ERROR_INVALID, "sum");
  check_error ("{\"sum\": {}}", SW_ERROR_PARSE, "sum");
  check_error ("{\"product\": [1, {\"sine\": {\"freq\": 2}}]}", SW_ERROR_UNKNOWN_PARAMETER,
               "element 2 of a product signal: unknown field “freq”");
  check_error ("{\"product\": [1, null]}", SW_ERROR_PARSE, "element 2");
}

static void
test_errors_built (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) inf = json_node_init_double (json_node_alloc (), INFINITY);
  g_autoptr(JsonNode) nan_field = NULL;
  g_autoptr(JsonNode) deep = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(SwSignal) s = NULL;
  GString *nested = g_string_new (NULL);

  /* Numbers that JSON text cannot carry but a built node can. */
  s = sw_signal_new_from_json (inf, &error);
  g_assert_null (s);
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_clear_error (&error);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "sine");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "amplitude");
  json_builder_add_double_value (builder, NAN);
  json_builder_end_object (builder);
  json_builder_end_object (builder);
  nan_field = json_builder_get_root (builder);
  s = sw_signal_new_from_json (nan_field, &error);
  g_assert_null (s);
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "“amplitude”"));
  g_clear_error (&error);

  /* Nesting too deep for the reader is refused, not recursed into. */
  for (guint i = 0; i < 1000; i++)
    g_string_append (nested, "{\"sum\": [");
  g_string_append (nested, "1");
  for (guint i = 0; i < 1000; i++)
    g_string_append (nested, "]}");
  deep = json_from_string (nested->str, &error);
  g_string_free (nested, TRUE);
  if (deep != NULL)
    {
      s = sw_signal_new_from_json (deep, &error);
      g_assert_null (s);
      g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "nested"));
    }
  else
    {
      /* json-glib itself may refuse this depth; that is fine too. */
      g_assert_nonnull (error);
    }
}

/* Random JSON from the signal vocabulary: never a crash, always exactly
 * one of a signal or an SW_ERROR. */
static const char *const vocabulary[] = {
  "constant", "step", "ramp", "sine", "exp_sine", "pulse", "sawtooth", "trapezoid", "table",
  "sum", "product", "k", "height", "duration", "amplitude", "freq_hz", "phase", "damping",
  "width", "period", "nperiod", "rising", "falling", "offset", "start_time", "points",
  "interpolation", "extrapolation", "linear", "hold", "periodic", "lookup", "input", "bogus",
};

static JsonNode *
random_node (GRand *rand,
             guint  depth)
{
  JsonNode *node = json_node_alloc ();
  gint kind = g_rand_int_range (rand, 0, depth > 4 ? 5 : 8);

  switch (kind)
    {
    case 0:
      return json_node_init_null (node);
    case 1:
      return json_node_init_boolean (node, g_rand_boolean (rand));
    case 2:
      return json_node_init_string (node, vocabulary[g_rand_int_range (rand, 0, G_N_ELEMENTS (vocabulary))]);
    case 3:
      return json_node_init_int (node, g_rand_int_range (rand, -3, 5));
    case 4:
      return json_node_init_double (node, g_rand_double_range (rand, -2.0, 2.0));
    case 5:
    case 6:
      {
        JsonObject *object = json_object_new ();
        gint n = g_rand_int_range (rand, 0, 4);

        for (gint i = 0; i < n; i++)
          json_object_set_member (object, vocabulary[g_rand_int_range (rand, 0, G_N_ELEMENTS (vocabulary))],
                                  random_node (rand, depth + 1));
        json_node_init_object (node, object);
        json_object_unref (object);
        return node;
      }
    default:
      {
        JsonArray *array = json_array_new ();
        gint n = g_rand_int_range (rand, 0, 4);

        for (gint i = 0; i < n; i++)
          json_array_add_element (array, random_node (rand, depth + 1));
        json_node_init_array (node, array);
        json_array_unref (array);
        return node;
      }
    }
}

static void
exercise (JsonNode *node,
          guint    *n_ok)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SwSignal) s = sw_signal_new_from_json (node, &error);

  if (s == NULL)
    {
      g_assert_nonnull (error);
      g_assert_true (error->domain == SW_ERROR);
      g_assert_cmpuint (strlen (error->message), >, 10);
      return;
    }

  g_assert_no_error (error);
  (*n_ok)++;

  {
    g_autoptr(JsonNode) back = sw_signal_to_json (s);
    g_autoptr(SwSignal) again = sw_signal_new_from_json (back, &error);
    double t = -1.0;

    g_assert_no_error (error);
    g_assert_nonnull (again);
    for (guint i = 0; i < 20 && sw_signal_next_event (s, t, &t); i++)
      {
        sw_signal_eval (s, t, TRUE, NULL, NULL);
        g_assert_cmpfloat (sw_signal_eval (s, t, FALSE, NULL, NULL), ==,
                           sw_signal_eval (again, t, FALSE, NULL, NULL));
      }
  }
}

static void
test_fuzz (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20240611);
  const char *seeds[] = {
    "{\"sine\": {\"amplitude\": 2, \"freq_hz\": 3, \"phase\": 0.4, \"start_time\": 0.2}}",
    "{\"table\": {\"points\": [[0,0],[1,0],[1,1],[2,4]], \"extrapolation\": \"periodic\"}}",
    "{\"product\": [{\"pulse\": {\"width\": 20, \"nperiod\": 3}}, {\"trapezoid\": {\"rising\": 0.1}}]}",
  };
  const char alphabet[] = "{}[]\",:0123456789.-eE tx";
  guint n_ok = 0, n_parsed = 0;

  /* Structured: random trees of the right words. */
  for (guint i = 0; i < 3000; i++)
    {
      g_autoptr(JsonNode) node = random_node (rand, 0);

      exercise (node, &n_ok);
    }

  /* Textual: valid documents with a few bytes changed. */
  for (guint i = 0; i < 3000; i++)
    {
      g_autofree char *text = g_strdup (seeds[i % G_N_ELEMENTS (seeds)]);
      gsize len = strlen (text);
      g_autoptr(JsonNode) node = NULL;

      for (guint m = 0; m < 1 + i % 3; m++)
        text[g_rand_int_range (rand, 0, len)] = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];

      node = json_from_string (text, NULL);
      if (node == NULL)
        continue;
      n_parsed++;
      exercise (node, &n_ok);
    }

  /* Both kinds of input reached the reader and some came through. */
  g_assert_cmpuint (n_parsed, >, 100);
  g_assert_cmpuint (n_ok, >, 100);
}

static void
test_type_names (void)
{
  guint n = 0;

  for (const char *const *name = sw_signal_type_names; *name != NULL; name++, n++)
    {
      g_autofree char *json = NULL;
      g_autoptr(SwSignal) s = NULL;

      if (g_str_equal (*name, "table"))
        json = g_strdup ("{\"table\": {\"points\": [[0, 1]]}}");
      else if (g_str_equal (*name, "lookup"))
        json = g_strdup ("{\"lookup\": {\"points\": [[0, 1]], \"input\": 2}}");
      else if (g_str_equal (*name, "sum") || g_str_equal (*name, "product"))
        json = g_strdup_printf ("{\"%s\": [2]}", *name);
      else
        json = g_strdup_printf ("{\"%s\": {}}", *name);

      s = parse (json);
      g_assert_cmpstr (sw_signal_get_type_name (s), ==, *name);
      g_assert_cmpint (sw_signal_is_constant (s), ==, g_str_equal (*name, "constant"));
    }

  g_assert_cmpuint (n, ==, 12);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/signal/round-trip", test_round_trip);
  g_test_add_func ("/core/signal/spellings", test_spellings);
  g_test_add_func ("/core/signal/errors", test_errors);
  g_test_add_func ("/core/signal/errors-built", test_errors_built);
  g_test_add_func ("/core/signal/fuzz", test_fuzz);
  g_test_add_func ("/core/signal/type-names", test_type_names);

  return g_test_run ();
}
