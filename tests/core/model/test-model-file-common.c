/* test-model-file-common.c: what the model file tests (test-model-file-*.c)
 * share: fixtures, loads that must fail, error messages and their format,
 * models compared.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-model-file-common.h"

char *
fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "model-file", name, NULL);
}

guint
count_lines (const char *text)
{
  guint n = 1;

  for (const char *p = text; *p != '\0'; p++)
    if (*p == '\n')
      n++;
  return n;
}

void
assert_error_format (const GError *error,
                     const char   *display_name)
{
  g_auto(GStrv) lines = NULL;

  g_assert_nonnull (error);
  g_assert_true (error->domain == SW_ERROR);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));

  lines = g_strsplit (error->message, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *p = lines[i];

      g_assert_true (g_str_has_prefix (p, display_name));
      p += strlen (display_name);
      if (p[0] == ':' && g_ascii_isdigit (p[1]))
        {
          p++;
          while (g_ascii_isdigit (*p))
            p++;
          g_assert_cmpint (*p, ==, ':');
          p++;
          g_assert_true (g_ascii_isdigit (*p));
          while (g_ascii_isdigit (*p))
            p++;
        }
      g_assert_true (g_str_has_prefix (p, ": error: "));
      g_assert_cmpuint (strlen (p), >, strlen (": error: "));
    }
}

static void
assert_params_equal (double a,
                     double b)
{
  if (isnan (a))
    g_assert_true (isnan (b));
  else
    g_assert_cmpfloat (a, ==, b);
}

void
assert_nodes_equal (JsonNode *a,
                    JsonNode *b)
{
  if (a == NULL || b == NULL)
    {
      g_assert_null (a);
      g_assert_null (b);
      return;
    }
  g_assert_true (json_node_equal (a, b));
}

void
assert_models_equal (SwModel *a,
                     SwModel *b)
{
  const SwSimulationSettings *sa = sw_model_get_simulation (a);
  const SwSimulationSettings *sb = sw_model_get_simulation (b);

  g_assert_cmpstr (sw_model_get_name (a), ==, sw_model_get_name (b));
  g_assert_cmpuint (sw_model_get_n_components (a), ==, sw_model_get_n_components (b));
  for (guint i = 0; i < sw_model_get_n_components (a); i++)
    {
      const SwComponent *ca = sw_model_get_component (a, i);
      const SwComponent *cb = sw_model_get_component (b, i);

      g_assert_cmpstr (ca->id, ==, cb->id);
      g_assert_true (ca->kind == cb->kind);
      for (guint p = 0; p < ca->kind->n_params; p++)
        {
          assert_params_equal (ca->param[p], cb->param[p]);
          g_assert_cmpint (ca->given[p], ==, cb->given[p]);
          if (ca->signal[p] == NULL)
            g_assert_null (cb->signal[p]);
          else
            {
              g_autoptr(JsonNode) ja = sw_signal_to_json (ca->signal[p]);
              g_autoptr(JsonNode) jb = sw_signal_to_json (cb->signal[p]);

              g_assert_nonnull (cb->signal[p]);
              g_assert_true (json_node_equal (ja, jb));
            }
          if (ca->table[p] == NULL)
            g_assert_null (cb->table[p]);
          else
            g_assert_true (sw_table_equal (ca->table[p], cb->table[p]));
        }
      g_assert_cmpint (ca->has_position, ==, cb->has_position);
      if (ca->has_position)
        {
          g_assert_cmpfloat (ca->position[0], ==, cb->position[0]);
          g_assert_cmpfloat (ca->position[1], ==, cb->position[1]);
        }
      assert_nodes_equal (ca->ui, cb->ui);
    }

  g_assert_cmpuint (sw_model_get_n_connections (a), ==, sw_model_get_n_connections (b));
  for (guint i = 0; i < sw_model_get_n_connections (a); i++)
    {
      const SwConnection *ca = sw_model_get_connection (a, i);
      const SwConnection *cb = sw_model_get_connection (b, i);

      g_assert_cmpuint (ca->from_component, ==, cb->from_component);
      g_assert_cmpuint (ca->from_port, ==, cb->from_port);
      g_assert_cmpuint (ca->to_component, ==, cb->to_component);
      g_assert_cmpuint (ca->to_port, ==, cb->to_port);
    }

  g_assert_cmpfloat (sa->stop_time_s, ==, sb->stop_time_s);
  g_assert_cmpfloat (sa->output_interval_s, ==, sb->output_interval_s);
  g_assert_cmpfloat (sa->tolerance, ==, sb->tolerance);
  g_assert_cmpstr (sa->method, ==, sb->method);
}

char *
load_error (const char *text)
{
  g_autoptr(GError) error = NULL;
  SwModel *model = sw_model_new_from_data (text, -1, "test.shaft", &error);

  g_assert_null (model);
  assert_error_format (error, "test.shaft");
  g_test_message ("%s", error->message);
  return g_strdup (error->message);
}

char *
fixture_error (const char *name,
               int         code)
{
  g_autofree char *path = fixture_path (name);
  g_autoptr(GError) error = NULL;
  SwModel *model = sw_model_new_from_file (path, &error);

  g_assert_null (model);
  g_assert_error (error, SW_ERROR, code);
  assert_error_format (error, path);
  g_test_message ("%s", error->message);
  return g_strdup (error->message);
}
