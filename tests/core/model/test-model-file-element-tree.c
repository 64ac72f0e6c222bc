/* test-model-file-element-tree.c: an element of a streamed array is made
 * into a tree without json-glib's parser (sw-model-file-element-tree.c);
 * that tree must be the one json-glib's parser makes, node for node: the
 * same kinds of node, int64 where it has int64, doubles bit for bit, the
 * members in the same order. Where it might differ the maker gives NULL,
 * and the parser reads the element as before.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-model-reader-private.h"

#include <math.h>
#include <string.h>

static gboolean
same_tree (JsonNode *a, JsonNode *b)
{
  if (JSON_NODE_TYPE (a) != JSON_NODE_TYPE (b))
    return FALSE;
  switch (JSON_NODE_TYPE (a))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *oa = json_node_get_object (a), *ob = json_node_get_object (b);
        JsonObjectIter ia, ib;
        const char *na, *nb;
        JsonNode *ma, *mb;

        if (json_object_get_size (oa) != json_object_get_size (ob))
          return FALSE;
        json_object_iter_init_ordered (&ia, oa);
        json_object_iter_init_ordered (&ib, ob);
        while (json_object_iter_next_ordered (&ia, &na, &ma))
          if (!json_object_iter_next_ordered (&ib, &nb, &mb) || strcmp (na, nb) != 0 || !same_tree (ma, mb))
            return FALSE;
        return TRUE;
      }
    case JSON_NODE_ARRAY:
      {
        JsonArray *aa = json_node_get_array (a), *ab = json_node_get_array (b);

        if (json_array_get_length (aa) != json_array_get_length (ab))
          return FALSE;
        for (guint i = 0; i < json_array_get_length (aa); i++)
          if (!same_tree (json_array_get_element (aa, i), json_array_get_element (ab, i)))
            return FALSE;
        return TRUE;
      }
    case JSON_NODE_NULL:
      return TRUE;
    case JSON_NODE_VALUE:
      if (json_node_get_value_type (a) != json_node_get_value_type (b))
        return FALSE;
      if (json_node_get_value_type (a) == G_TYPE_INT64)
        return json_node_get_int (a) == json_node_get_int (b);
      if (json_node_get_value_type (a) == G_TYPE_DOUBLE)
        {
          double x = json_node_get_double (a), y = json_node_get_double (b);

          return memcmp (&x, &y, sizeof x) == 0;
        }
      if (json_node_get_value_type (a) == G_TYPE_BOOLEAN)
        return json_node_get_boolean (a) == json_node_get_boolean (b);
      return g_strcmp0 (json_node_get_string (a), json_node_get_string (b)) == 0;
    default:
      return FALSE;
    }
}

/* TRUE when the text was made without the parser (and then like it). */
static gboolean
check_text (const char *text, gsize length)
{
  g_autoptr(JsonNode) made = _sw_reader_element_tree (text, length);
  g_autoptr(JsonParser) parser = json_parser_new ();

  if (made == NULL)
    return FALSE;
  if (!json_parser_load_from_data (parser, text, (gssize) length, NULL))
    g_error ("made a tree of text json-glib refuses: %.*s", (int) length, text);
  if (!same_tree (made, json_parser_get_root (parser)))
    g_error ("a tree unlike json-glib's: %.*s", (int) length, text);
  return TRUE;
}

static void
test_cases (void)
{
  const char *made[] = {
    "{\"id\": \"j0\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.1}}",
    "{\"from\": \"j0.flange_b\", \"to\": \"s0.flange_a\"}",
    " {\"a\":[1,-2,0,-0,3.5,-0.0,1e3,1E-3,2.5e+2,123456789012345,-123456789012345678,999999999999999999],\"b\":{},\"c\":[]} ",
    "{\"t\": true, \"f\": false, \"n\": null, \"s\": \"\", \"nested\": [[[{}]], {\"x\": [1.7976931348623157e308]}]}",
    "{\"tiny\": 4.9e-324, \"subnormal\": 2.2250738585072011e-308, \"round\": 0.30000000000000004, \"big\": 1e400}",
    "{\"position\": {\"x\": 120, \"y\": -40, \"rotation\": 90}, \"label\": \"a/b\"}",
  };
  const char *refused[] = {
    "{\"label\": \"a\\\"b\"}", "{\"label\": \"a\\/b\"}", /* escapes */
    "{\"label\": \"Zahnrad \xc3\xa4\"}",  /* a byte outside ASCII */
    "{\"n\": 1234567890123456789}",       /* 19 digits */
    "{\"a\": 1, \"a\": 2}",               /* a key twice */
    "{\"a\": 01}", "{\"a\": 1.}", "{\"a\": .5}", "{\"a\": 1e}", "{\"a\": +1}", "{\"a\": -}",
    "{\"a\": 1,}", "{\"a\" 1}", "{\"a\": [1,]}", "{\"a\": tru}", "{\"a\": nulls}", "{\"a\": 1} x",
    "{\"a\": NaN}", "{\"a\": Infinity}", "{\"a\": \"unterminated}", "", "   ",
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
  };

  for (guint i = 0; i < G_N_ELEMENTS (made); i++)
    g_assert_true (check_text (made[i], strlen (made[i])));
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    g_assert_false (check_text (refused[i], strlen (refused[i])));
  /* The element ends where it is told to, not at the NUL. */
  g_assert_true (check_text ("{\"J\": 2.5}, {\"J\": 3}", strlen ("{\"J\": 2.5}")));
  g_assert_false (check_text ("{\"J\": 2.5}", strlen ("{\"J\": 2.5")));
}

/* Numbers as files write them: the shortest text, %.17g, %g, integers. */
static void
test_numbers (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (24);

  for (guint i = 0; i < 20000; i++)
    {
      double v;
      char text[128];
      guint64 bits = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);

      switch (i % 4)
        {
        case 0:
          memcpy (&v, &bits, sizeof v);
          if (!isfinite (v))
            continue;
          g_snprintf (text, sizeof text, "{\"v\": %.17g}", v);
          break;
        case 1:
          v = g_rand_double_range (rand, -1e6, 1e6);
          g_snprintf (text, sizeof text, "{\"v\": %.15g}", v);
          break;
        case 2:
          v = ldexp (g_rand_double (rand), g_rand_int_range (rand, -1070, 1020));
          g_snprintf (text, sizeof text, "{\"v\": %g, \"w\": [%.3e]}", v, -v);
          break;
        default:
          g_snprintf (text, sizeof text, "{\"v\": %" G_GINT64_FORMAT "}",
                      (gint64) (bits % 1000000000000000) * (bits & 1 ? -1 : 1));
          break;
        }
      if (!check_text (text, strlen (text)))
        g_error ("refused: %s", text);
    }
}

/* One past the object or array at o (strings skipped). */
static gsize
value_end (const char *d, gsize o, gsize length)
{
  int depth = 0;

  for (; o < length; o++)
    if (d[o] == '"')
      {
        for (o++; o < length && d[o] != '"'; o++)
          if (d[o] == '\\')
            o++;
      }
    else if (d[o] == '{' || d[o] == '[')
      depth++;
    else if ((d[o] == '}' || d[o] == ']') && --depth == 0)
      return o + 1;
  return length;
}

/* Every object and array in every example, fixture and fuzz seed (each
 * element of a model among them): made like json-glib, or left to it. */
static void
test_files (void)
{
  const char *root = g_getenv ("SW_SOURCE_ROOT");
  const char *folders[] = { "data/examples", "data/examples/marine", "tests/data/model-file", "tests/fuzz/corpus" };
  guint n_made = 0, n_texts = 0;

  g_assert_nonnull (root);
  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    {
      g_autofree char *folder = g_build_filename (root, folders[i], NULL);
      g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
      const char *entry;

      g_assert_nonnull (dir);
      while ((entry = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_build_filename (folder, entry, NULL);
          g_autofree char *text = NULL;
          gsize length;

          if (!g_file_test (path, G_FILE_TEST_IS_REGULAR) || !g_file_get_contents (path, &text, &length, NULL)
              || length > (1u << 20))
            continue;
          for (gsize o = 0; o < length; o++)
            if (text[o] == '{' || text[o] == '[')
              {
                /* A seed's thousands of nested brackets, each to its end,
                 * would take minutes under the sanitizers: seeds' texts up
                 * to 4 kB. */
                gsize limit = i == 3 ? MIN (length, o + 4096) : length;
                gsize end = value_end (text, o, limit);
                gboolean made;

                if (end == limit && limit < length)
                  continue;
                made = check_text (text + o, end - o);

                /* The fuzz seeds nest deep and break the syntax on purpose. */
                if (i < 3)
                  n_texts++, n_made += made;
              }
        }
    }
  /* The examples' and fixtures' almost all made here: the quick way is the
   * one taken. */
  g_assert_cmpuint (n_made, >, n_texts * 9 / 10);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/file/element-tree/cases", test_cases);
  g_test_add_func ("/model/file/element-tree/numbers", test_numbers);
  g_test_add_func ("/model/file/element-tree/files", test_files);
  return g_test_run ();
}
