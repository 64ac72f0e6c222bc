/* test-model-file-text-errors.c: errors of reading models (*.shaft) located in
 * the text (line and column), malformed and deeply nested text, and text that
 * must be accepted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-test-files.h"
#include "test-model-file-common.h"

/* Text the JSON parser must not see, or that it would accept wrongly: each
 * case is rejected with one error at the first byte of needle. */
typedef struct {
  const char *text;
  const char *needle;     /* where the error is (after HEADER; ASCII before it) */
  const char *fragment;
} TextCase;

static const TextCase text_cases[] = {
  /* embedded NUL: escaped anywhere, or a raw byte */
  { HEADER "\"name\": \"x\\u0000y\"}", "\\u0000", "“\\u0000” (NUL) is not allowed in a string" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\\u0000garbage\"}]}",
    "\\u0000", "(NUL) is not allowed" },
  { HEADER "\"components\": [{\"id\": \"a\\u0000\", \"kind\": \"rotational.inertia\"}]}",
    "\\u0000", "(NUL) is not allowed" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", "
    "\"params\": {\"J\\u0000x\": 1}}]}", "\\u0000", "(NUL) is not allowed" },
  { HEADER "\"ui\": {\"zoom\": [\"\\u0000\"]}}", "\\u0000", "(NUL) is not allowed" },
  { HEADER "\"ui\": {\"k\\u0000\": 1}}", "\\u0000", "(NUL) is not allowed" },
  { "{\"format\\u0000x\": \"shaftwork-model\", \"version\": 1}", "\\u0000", "(NUL) is not allowed" },
  /* escapes with fewer than four hex digits (json-glib takes them and
   * decodes what follows into invalid UTF-8) */
  { HEADER "\"name\": \"\\u00e\xc3\xa9\"}", "\\u00e", "“\\u00e” is not a complete escape" },
  { HEADER "\"name\": \"\\u8zzzy\"}", "\\u8", "“\\u8” is not a complete escape" },
  /* unpaired UTF-16 surrogates */
  { HEADER "\"name\": \"x\\ud800y\"}", "\\ud800", "unpaired surrogate “\\ud800”" },
  { HEADER "\"name\": \"x\\uD800\"}", "\\uD800", "unpaired surrogate “\\uD800”" },
  { HEADER "\"name\": \"\\ud800\\u0041\"}", "\\ud800", "unpaired surrogate" },
  { HEADER "\"name\": \"\\ud800\\ud800\\udc00\"}", "\\ud800", "unpaired surrogate" },
  { HEADER "\"name\": \"x\\ud800y\" 7}", "\\ud800", "unpaired surrogate" },
  { HEADER "\"ui\": {\"a\": \"x\\udc00\"}}", "\\udc00", "unpaired surrogate “\\udc00”" },
  { HEADER "\"ui\": {\"\\udfff\": 1}}", "\\udfff", "unpaired surrogate" },
  /* a second value after the model */
  { HEADER "\"name\": \"a\"}{\"name\": \"b\"}", "{\"name\": \"b", "after the model" },
  { HEADER "\"name\": \"a\"} [1]", "[1]", "after the model" },
  { HEADER "\"name\": \"a\"} /* c */ x", "x", "after the model" },
  { HEADER "\"name\": \"a\"}\n\n  {", "{", "after the model" },
  /* a cut file: at the string or comment it ends in (issue 21, item 18),
   * not at the token before it */
  { HEADER "\"components\": [{\"id\": \"a\", \"pos", "\"pos", "the file ends inside this string" },
  { HEADER "\"name\": \"a \\\"b", "\"a \\", "a string ends with \"" },
  { HEADER "\"name\": 'ab", "'ab", "the file ends inside this string" },
  { HEADER "\"name\": \"a\" /* cut", "/* cut", "a comment ends with */" },
  /* not UTF-8 */
  { HEADER "\"name\": \"a\xff\"}", "\xff", "not valid UTF-8" },
  { HEADER "\n\"name\": \"\xc3\"}", "\xc3", "not valid UTF-8" },
  { HEADER "\"name\": \"\xed\xa0\x80\"}", "\xed", "not valid UTF-8" },
};

/* "test.shaft:LINE:COL: error: " at needle, searched after HEADER. */
static char *
location_of (const char *text,
             const char *needle)
{
  const char *from = g_str_has_prefix (text, HEADER) ? text + strlen (HEADER) : text;
  const char *at = strstr (from, needle);
  guint line = 1, column = 1;

  g_assert_nonnull (at);
  for (const char *p = text; p < at; p++)
    {
      if (*p == '\n')
        {
          line++;
          column = 1;
        }
      else
        column++;
    }
  return g_strdup_printf ("test.shaft:%u:%u: error: ", line, column);
}

static void
test_error_text (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (text_cases); i++)
    {
      const TextCase *c = &text_cases[i];
      g_autofree char *escaped = g_strescape (c->text, NULL);
      g_autofree char *where = NULL;
      g_autoptr(GError) error = NULL;
      SwModel *model;

      g_test_message ("case %u: %s", i, escaped);
      where = location_of (c->text, c->needle);
      model = sw_model_new_from_data (c->text, -1, "test.shaft", &error);
      g_assert_null (model);
      g_assert_error (error, SW_ERROR, SW_ERROR_PARSE);
      assert_error_format (error, "test.shaft");
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, where));
      assert_contains (error->message, c->fragment);
      g_assert_cmpuint (count_lines (error->message), ==, 1);
    }
}

static void
test_error_text_columns (void)
{
  static const char raw_nul[] = HEADER "\"name\": \"a\0b\"}";
  g_autofree char *invalid = NULL;
  g_autofree char *malformed = NULL;
  g_autoptr(GError) error = NULL;
  SwModel *model;

  /* A raw NUL byte: the text is not cut there. */
  model = sw_model_new_from_data (raw_nul, sizeof raw_nul - 1, "test.shaft", &error);
  g_assert_null (model);
  g_assert_error (error, SW_ERROR, SW_ERROR_PARSE);
  assert_error_format (error, "test.shaft");
  g_assert_true (g_str_has_prefix (error->message, "test.shaft:1:55: error: "));
  assert_contains (error->message, "a NUL byte");

  /* Columns count characters, for these errors as for all others. */
  invalid = load_error (HEADER "\"name\": \"\xc3\xa9\xc3\xa9\xff\"}");
  g_assert_true (g_str_has_prefix (invalid, "test.shaft:1:56: error: "));
  malformed = load_error (HEADER "\"name\": \"\xc3\xa9\xc3\xa9\xc3\xa9\", x}");
  g_assert_true (g_str_has_prefix (malformed, "test.shaft:1:58: error: malformed JSON: "));
}

/* What looks like the above but is not. */
static void
test_text_accepted (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  SwModel *model;
  SwModel *again;

  /* A pair is one character; escaped backslashes are text. */
  model = sw_model_new_from_data (HEADER "\"name\": \"\\ud83d\\ude00 \\\\ud800 \\\\u0000\", "
                                  "\"ui\": \"[[{\\\"[\"} /* [[[ */ \n", -1, "test.shaft", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (sw_model_get_name (model), ==, "\xf0\x9f\x98\x80 \\ud800 \\u0000");
  saved = sw_model_to_data (model, NULL);
  g_assert_true (g_utf8_validate (saved, -1, NULL));
  again = sw_model_new_from_data (saved, -1, "saved.shaft", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (sw_model_get_name (again), ==, sw_model_get_name (model));
  g_assert_finalize_object (again);
  g_assert_finalize_object (model);
}

/* A malformed first value is malformed JSON, not a second value. */
static void
test_error_unbalanced (void)
{
  g_autofree char *message = load_error (HEADER "\"name\": \"a\"]}");

  assert_contains (message, "test.shaft:1:");
  assert_contains (message, "malformed JSON");
  g_assert_null (strstr (message, "after the model"));
  g_assert_cmpuint (count_lines (message), ==, 1);
}

static GString *
nested (const char *prefix,
        guint       depth,
        const char *suffix)
{
  GString *text = g_string_new (prefix);

  for (guint i = 0; i < depth; i++)
    g_string_append_c (text, '[');
  for (guint i = 0; i < depth; i++)
    g_string_append_c (text, ']');
  g_string_append (text, suffix);
  return text;
}

static void
test_error_deep_nesting (void)
{
  g_autoptr(GString) bare = nested ("", 100000, "\n");
  g_autoptr(GString) in_ui = nested (HEADER "\n\"ui\": ", 100000, "}");
  g_autoptr(GString) unclosed = g_string_new (HEADER "\"ui\": ");
  g_autoptr(GString) deepest = nested (HEADER "\"ui\": ", 255, "}");
  g_autoptr(GString) in_string = g_string_new (HEADER "\"ui\": [\"\\\"");
  g_autofree char *message = NULL;
  g_autoptr(GError) error = NULL;
  SwModel *model;

  /* json-glib's parser recurses per level: this used to overflow the stack. */
  message = load_error (bare->str);
  g_assert_true (g_str_has_prefix (message, "test.shaft:1:257: error: "));
  assert_contains (message, "nested more than 256 levels deep");
  g_assert_cmpuint (count_lines (message), ==, 1);
  g_clear_pointer (&message, g_free);

  /* The top-level object is level 1; "ui"'s 256th bracket is level 257. */
  message = load_error (in_ui->str);
  g_assert_true (g_str_has_prefix (message, "test.shaft:2:262: error: "));
  g_clear_pointer (&message, g_free);

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (unclosed, '{');
  message = load_error (unclosed->str);
  g_assert_true (g_str_has_prefix (message, "test.shaft:1:306: error: "));
  g_clear_pointer (&message, g_free);

  model = sw_model_new_from_data (deepest->str, deepest->len, "test.shaft", &error);
  g_assert_no_error (error);
  g_assert_finalize_object (model);

  /* Brackets in strings are text. */
  for (guint i = 0; i < 100000; i++)
    g_string_append (in_string, "[{");
  g_string_append (in_string, "\"]}");
  model = sw_model_new_from_data (in_string->str, in_string->len, "test.shaft", &error);
  g_assert_no_error (error);
  g_assert_finalize_object (model);
}

/* An invalid id is reported once, not again by its connections. */
static void
test_error_dotted_id (void)
{
  g_autofree char *message = fixture_error ("dotted-id.shaft", SW_ERROR_INVALID);

  assert_contains (message, "dotted-id.shaft:5:12: error: component id “motor.shaft” is not valid");
  g_assert_cmpuint (count_lines (message), ==, 1);
}

/* The top-level "components" and "connections" are read element by
 * element (sw-model-file-elements.c): the same errors at the same places as
 * from a tree of the whole text, syntax errors first wherever they are. */
typedef struct {
  const char *text;
  const char *needle;     /* where the first error is (after HEADER), or NULL: no location checked */
  const char *fragment;
  guint       n_lines;
} ElementCase;

static const ElementCase element_cases[] = {
  /* a syntax error in a component that is never read (the header is wrong) */
  { "{\"format\": \"x\", \"version\": 1, \"components\": [{\"id\" \"a\"}]}", NULL, "malformed JSON", 1 },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\"},]}", NULL, "malformed JSON", 1 },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\"} {\"id\": \"b\"}]}", NULL,
    "malformed JSON", 1 },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"id\": \"b\"}]}", "\"id\": \"b\"",
    "appears more than once", 1 },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\"}, 5]}", "5]",
    "component #2 must be an object", 1 },
  { HEADER "\"connections\": [{\"from\": \"a.flange_b\", \"to\": \"b.flange_a\"}, []],\n"
    "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\"}, {\"id\": \"b\", \"kind\": \"rotational.inertia\"}]}",
    "[]]", "connection #2 must be an object", 1 },
  { HEADER "\"components\": [\n {\"id\": \"a\", \"kind\": \"rotational.inertia\"},\n"
    " {\"id\": \"b\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": -1}}],\n"
    " \"connections\": [{\"from\": \"a.flange_b\", \"to\": \"b.nope\"}]}", "-1", "parameter “J”", 2 },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\"},\n"
    " {\"id\": \"a\", \"kind\": \"rotational.inertia\"}]}", "\"a\", \"kind\": \"rotational.inertia\"}]",
    "duplicate component id “a”; it is first defined at line 1", 1 },
};

static void
test_error_element_by_element (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-model-file-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "test.shaft", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (element_cases); i++)
    {
      const ElementCase *c = &element_cases[i];
      g_autoptr(GError) error = NULL;
      g_autoptr(GError) file_error = NULL;
      g_autofree char *where = c->needle != NULL ? location_of (c->text, c->needle) : NULL;
      SwModel *model;

      g_test_message ("case %u: %s", i, c->text);
      model = sw_model_new_from_data (c->text, -1, "test.shaft", &error);
      g_assert_null (model);
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      assert_error_format (error, "test.shaft");
      if (where != NULL)
        g_assert_true (g_str_has_prefix (error->message, where));
      assert_contains (error->message, c->fragment);
      g_assert_cmpuint (count_lines (error->message), ==, c->n_lines);

      /* A file's text is read where it was loaded, not copied: the same. */
      g_assert_true (g_file_set_contents (path, c->text, -1, NULL));
      model = sw_model_new_from_file (path, &file_error);
      g_assert_null (model);
      g_assert_nonnull (file_error);
      {
        g_auto(GStrv) parts = g_strsplit (file_error->message, path, -1);
        g_autofree char *as_memory = g_strjoinv ("test.shaft", parts);

        g_assert_cmpstr (as_memory, ==, error->message);
      }
    }
  g_unlink (path);
  g_rmdir (dir);
}

/* Connections before components, and the other members after them. */
static void
test_element_by_element_order (void)
{
  static const char text[] = HEADER "\"connections\": [{\"from\": \"a.flange_b\", \"to\": \"b.flange_a\"}],\n"
    "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\"}, {\"id\": \"b\", \"kind\": \"rotational.inertia\"}],\n"
    "\"name\": \"order\"}";
  g_autoptr(GError) error = NULL;
  g_autoptr(SwModel) model = sw_model_new_from_data (text, -1, "test.shaft", &error);

  g_assert_no_error (error);
  g_assert_cmpuint (sw_model_get_n_components (model), ==, 2);
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, 1);
  g_assert_cmpuint (sw_model_get_connection (model, 0)->line, ==, 1);
  g_assert_cmpuint (sw_model_get_component (model, 1)->line, ==, 2);
  g_assert_cmpstr (sw_model_get_name (model), ==, "order");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/model-file/error/text", test_error_text);
  g_test_add_func ("/core/model-file/error/text-columns", test_error_text_columns);
  g_test_add_func ("/core/model-file/error/unbalanced", test_error_unbalanced);
  g_test_add_func ("/core/model-file/error/deep-nesting", test_error_deep_nesting);
  g_test_add_func ("/core/model-file/error/dotted-id", test_error_dotted_id);
  g_test_add_func ("/core/model-file/text-accepted", test_text_accepted);
  g_test_add_func ("/core/model-file/error/element-by-element", test_error_element_by_element);
  g_test_add_func ("/core/model-file/element-by-element-order", test_element_by_element_order);

  return g_test_run ();
}
