/* test-model-file-mapped.c: a large file's text is mapped and its pages
 * given back behind the reader (sw-model-file-text.c). Reading a file that
 * way must give what reading it into memory gives: the same model, every
 * component and connection at the same line and column, the same messages,
 * also for problems in text whose pages were given back and read again,
 * and for a file that ends exactly on a page.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-error.h"
#include "sw-model-private.h"
#include "sw-test-files.h"

#include <string.h>
#include <glib/gstdio.h>

/* The reader gives pages back in steps of a megabyte. */
#define RELEASE_STEP (1u << 20)

static char *
model_text (SwModel *model)
{
  return model != NULL ? sw_model_to_data (model, NULL) : NULL;
}

/* The file at path read mapped (whatever its size) and into memory. */
static void
assert_same_reading (const char *path)
{
  g_autoptr(GError) mapped_error = NULL;
  g_autoptr(GError) read_error = NULL;
  g_autoptr(SwModel) mapped = _sw_model_new_from_file_mapping (path, 1, &mapped_error);
  g_autoptr(SwModel) read = _sw_model_new_from_file_mapping (path, G_MAXSIZE, &read_error);

  if (mapped == NULL || read == NULL)
    {
      g_assert_nonnull (mapped_error);
      g_assert_nonnull (read_error);
      g_assert_cmpstr (mapped_error->message, ==, read_error->message);
      g_assert_cmpint (mapped_error->code, ==, read_error->code);
      return;
    }
  {
    g_autofree char *a = model_text (mapped);
    g_autofree char *b = model_text (read);

    g_assert_cmpstr (a, ==, b);
  }
  g_assert_cmpuint (sw_model_get_n_components (mapped), ==, sw_model_get_n_components (read));
  for (guint i = 0; i < sw_model_get_n_components (mapped); i++)
    {
      const SwComponent *a = sw_model_get_component (mapped, i);
      const SwComponent *b = sw_model_get_component (read, i);

      g_assert_cmpstr (a->id, ==, b->id);
      g_assert_cmpuint (a->line, ==, b->line);
      g_assert_cmpuint (a->column, ==, b->column);
    }
  g_assert_cmpuint (sw_model_get_n_connections (mapped), ==, sw_model_get_n_connections (read));
  for (guint i = 0; i < sw_model_get_n_connections (mapped); i++)
    {
      const SwConnection *a = sw_model_get_connection (mapped, i);
      const SwConnection *b = sw_model_get_connection (read, i);

      g_assert_cmpuint (a->from_component, ==, b->from_component);
      g_assert_cmpuint (a->to_port, ==, b->to_port);
      g_assert_cmpuint (a->line, ==, b->line);
      g_assert_cmpuint (a->column, ==, b->column);
    }
}

/* Every example, fixture and fuzz seed read both ways. */
static void
test_files (void)
{
  const char *root = g_getenv ("SW_SOURCE_ROOT");
  const char *folders[] = { "data/examples", "tests/data/model-file", "tests/fuzz/corpus" };

  g_assert_nonnull (root);
  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    {
      g_autofree char *folder = g_build_filename (root, folders[i], NULL);
      g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
      const char *entry;
      guint n = 0;

      g_assert_nonnull (dir);
      while ((entry = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_build_filename (folder, entry, NULL);

          if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
            continue;
          assert_same_reading (path);
          n++;
        }
      g_assert_cmpuint (n, >, 0);
    }
}

/* A chain of n inertias and spring-dampers, a component a line and the
 * connections on the last lines; the component texts of body k replaced
 * by bad_body when k == bad. */
static GString *
chain_text (guint n, guint bad, const char *bad_body)
{
  GString *s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"chain\",\n"
                             "\"components\": [\n"
                             "{\"id\": \"tau\", \"kind\": \"rotational.constant_torque\", "
                             "\"params\": {\"tau_constant\": 10}}");

  for (guint i = 0; i < n; i++)
    {
      if (i == bad)
        g_string_append_printf (s, ",\n%s", bad_body);
      else
        g_string_append_printf (s, ",\n{\"id\": \"J%u\", \"kind\": \"rotational.inertia\", "
                                   "\"params\": {\"J\": 0.01, \"phi0\": 0, \"w0\": 0}}", i);
      if (i + 1 < n)
        g_string_append_printf (s, ",\n{\"id\": \"S%u\", \"kind\": \"rotational.spring_damper\", "
                                   "\"params\": {\"c\": 10000, \"d\": 1}}", i);
    }
  g_string_append (s, "],\n\"connections\": [{\"from\": \"tau.flange\", \"to\": \"J0.flange_a\"}");
  for (guint i = 0; i + 1 < n; i++)
    g_string_append_printf (s, ",\n{\"from\": \"J%u.flange_b\", \"to\": \"S%u.flange_a\"}, "
                               "{\"from\": \"S%u.flange_b\", \"to\": \"J%u.flange_a\"}", i, i, i, i + 1);
  g_string_append (s, "]}\n");
  return s;
}

static char *
write_text (const char *dir, const char *name, const GString *text)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, NULL));
  return path;
}

/* Files of several megabytes: pages given back several times in the
 * components and the connections; errors before and after those places. */
static void
test_large (void)
{
  g_autofree char *dir = g_dir_make_tmp ("sw-mapped-XXXXXX", NULL);
  /* About 280 bytes a body: 4.5 MB in all, past the mapping's own threshold. */
  const guint n = 16000;
  static const struct {
    guint       body;
    const char *text;
    const char *message;   /* NULL: the file reads (a comment is read, not plain JSON) */
  } bad[] = {
    { G_MAXUINT, NULL, NULL },
    { 15000, "{\"id\": \"J15000\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.01}} /* note */", NULL },
    { 15990, "{\"id\": \"J15990\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": -1}}", "“J”" },
    { 8000, "{\"id\": \"J8000\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.01, \"x\": 1}}", "“x”" },
    { 12000, "{\"id\": \"J12000\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.01}} ,, ", "malformed" },
    { 14000, "{\"id\": \"J14000\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.01, \"w0\": 1e999}}", "1e999” is too large" },
  };

  g_assert_nonnull (dir);
  for (guint k = 0; k < G_N_ELEMENTS (bad); k++)
    {
      g_autoptr(GString) text = chain_text (n, bad[k].body, bad[k].text);
      g_autofree char *path = write_text (dir, "chain.shaft", text);
      g_autoptr(GError) error = NULL;
      g_autoptr(SwModel) model = NULL;

      g_assert_cmpuint (text->len, >, 4 * RELEASE_STEP);
      assert_same_reading (path);
      /* sw_model_new_from_file() maps a file this large. */
      model = sw_model_new_from_file (path, &error);
      if (bad[k].message == NULL)
        {
          g_assert_no_error (error);
          g_assert_cmpuint (sw_model_get_n_components (model), ==, 2 * n);
          g_assert_cmpuint (sw_model_get_n_connections (model), ==, 2 * n - 1);
          /* The last component on its line: line 3 is tau's, body i's on 4 + 2 i. */
          g_assert_cmpuint (sw_model_get_component (model, 2 * n - 1)->line, ==, 4 + 2 * (n - 1));
          g_assert_cmpuint (sw_model_get_component (model, 2 * n - 1)->column, ==, 1);
        }
      else
        {
          g_autofree char *where = g_strdup_printf ("chain.shaft:%u:", 4 + 2 * bad[k].body);

          g_assert_null (model);
          g_assert_nonnull (error);
          g_test_message ("%s", error->message);
          /* The line of the bad body, after megabytes of text given back. */
          g_assert_nonnull (strstr (error->message, where));
          g_assert_nonnull (strstr (error->message, bad[k].message));
        }
      g_unlink (path);
    }
  g_rmdir (dir);
}

/* A value that runs over a megabyte's boundary, where pages are given
 * back, with an error in it: a string, a number and a comment. */
static void
test_across_step (void)
{
  g_autofree char *dir = g_dir_make_tmp ("sw-mapped-XXXXXX", NULL);
  static const char *const values[] = { "\"not a number at all\"", "-1.00000000000000000000", "1 /* a comment */ , \"J\": -2" };

  g_assert_nonnull (dir);
  for (guint k = 0; k < G_N_ELEMENTS (values); k++)
    for (guint step = 1; step <= 2; step++)
      {
        g_autoptr(GString) text = chain_text (12000, G_MAXUINT, NULL);
        g_autofree char *path = NULL;
        g_autoptr(GError) error = NULL;
        g_autoptr(SwModel) model = NULL;
        const char *at = strstr (text->str + step * RELEASE_STEP, "\"J\": 0.01");
        gsize value, spaces;

        g_assert_nonnull (at);
        /* Spaces before the component so that its value starts 5 bytes
         * before the boundary. */
        value = (gsize) (at - text->str) + strlen ("\"J\": ");
        g_assert_cmpuint (value, >, step * RELEASE_STEP);
        spaces = (step + 1) * RELEASE_STEP - 5 - value;
        {
          /* At the start of the component's line. */
          gsize line_at = (gsize) (at - text->str);
          g_autofree char *pad = g_strnfill (spaces, ' ');

          while (line_at > 0 && text->str[line_at - 1] != '\n')
            line_at--;
          g_string_insert (text, (gssize) line_at, pad);
          value += spaces;
        }
        g_assert_cmpmem (text->str + value, 4, "0.01", 4);
        g_string_erase (text, (gssize) value, 4);
        g_string_insert (text, (gssize) value, values[k]);
        path = write_text (dir, "across.shaft", text);
        assert_same_reading (path);
        model = _sw_model_new_from_file_mapping (path, 1, &error);
        g_assert_null (model);
        g_assert_nonnull (error);
        g_test_message ("%s", error->message);
        g_assert_nonnull (strstr (error->message, "“J”"));
        /* At the value's line and column (a comment and a second J: its line). */
        {
          guint line = 1;
          gsize line_start = 0;
          g_autofree char *where = NULL;

          for (gsize i = 0; i < value; i++)
            if (text->str[i] == '\n')
              {
                line++;
                line_start = i + 1;
              }
          where = k < 2 ? g_strdup_printf ("across.shaft:%u:%" G_GSIZE_FORMAT ": ", line, value - line_start + 1)
                        : g_strdup_printf ("across.shaft:%u:", line);
          g_assert_nonnull (strstr (error->message, where));
        }
        g_unlink (path);
      }
  g_rmdir (dir);
}

/* Files that end exactly on a page and a byte before or after it: the
 * text's NUL comes from the mapping's own page. */
static void
test_page_ends (void)
{
  g_autofree char *dir = g_dir_make_tmp ("sw-mapped-XXXXXX", NULL);
  gsize page = 4096;

  g_assert_nonnull (dir);
  for (gsize pages = 1; pages <= 3; pages++)
    for (int delta = -1; delta <= 1; delta++)
      {
        g_autoptr(GString) text = chain_text (4, G_MAXUINT, NULL);
        g_autofree char *path = NULL;
        g_autoptr(GError) error = NULL;
        g_autoptr(SwModel) model = NULL;
        gsize want = pages * page + delta;

        /* Spaces after the model up to the size wanted. */
        g_assert_cmpuint (text->len, <, want);
        while (text->len < want)
          g_string_append_c (text, ' ');
        path = write_text (dir, "page.shaft", text);
        assert_same_reading (path);
        model = _sw_model_new_from_file_mapping (path, 1, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (sw_model_get_n_components (model), ==, 8);
        g_unlink (path);
      }
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();

  g_test_add_func ("/core/model-file/mapped/files", test_files);
  g_test_add_func ("/core/model-file/mapped/large", test_large);
  g_test_add_func ("/core/model-file/mapped/across-step", test_across_step);
  g_test_add_func ("/core/model-file/mapped/page-ends", test_page_ends);

  return g_test_run ();
}
