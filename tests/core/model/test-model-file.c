/* test-model-file.c: reading, writing and editing models (*.shaft).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-test-files.h"

/* Helpers */

static char *
fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "model-file", name, NULL);
}

static SwModel *
load_fixture (const char  *name,
              GError     **error)
{
  g_autofree char *path = fixture_path (name);

  return sw_model_new_from_file (path, error);
}

#define assert_contains(text, fragment)                                          \
  G_STMT_START {                                                                 \
    const char *text_ = (text), *fragment_ = (fragment);                         \
    if (text_ == NULL || strstr (text_, fragment_) == NULL)                      \
      g_test_message ("expected “%s” in:\n%s", fragment_, text_ ? text_ : "(null)"); \
    g_assert_nonnull (text_);                                                    \
    g_assert_nonnull (strstr (text_, fragment_));                                \
  } G_STMT_END

static guint
count_lines (const char *text)
{
  guint n = 1;

  for (const char *p = text; *p != '\0'; p++)
    if (*p == '\n')
      n++;
  return n;
}

/* Every line of a load error is "NAME:LINE:COL: error: ..." or "NAME: error: ...". */
static void
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

static void
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

static void
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

/* Loads text that must fail; returns the message. */
static char *
load_error (const char *text)
{
  g_autoptr(GError) error = NULL;
  SwModel *model = sw_model_new_from_data (text, -1, "test.shaft", &error);

  g_assert_null (model);
  assert_error_format (error, "test.shaft");
  g_test_message ("%s", error->message);
  return g_strdup (error->message);
}

#define HEADER "{\"format\": \"shaftwork-model\", \"version\": 1, "

/* Loading */

static void
test_load (void)
{
  g_autofree char *path = fixture_path ("first.shaft");
  g_autoptr(GError) error = NULL;
  g_autofree char *location = NULL;
  g_autofree char *expected_location = NULL;
  const SwKind *inertia = sw_catalog_lookup ("rotational.inertia");
  const SwKind *torque = sw_catalog_lookup ("rotational.torque");
  const SwKind *gear = sw_catalog_lookup ("rotational.ideal_gear");
  const SwSimulationSettings *sim;
  const SwComponent *c;
  const SwConnection *k;
  SwModel *model;
  double d1;

  model = sw_model_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (model);

  g_assert_cmpstr (sw_model_get_display_name (model), ==, path);
  g_assert_cmpstr (sw_model_get_name (model), ==, "First");
  g_assert_cmpuint (sw_model_get_n_components (model), ==, 4);

  c = sw_model_get_component (model, 0);
  g_assert_cmpstr (c->id, ==, "torque");
  g_assert_true (c->kind == torque);
  g_assert_true (c->given[0]);
  g_assert_nonnull (c->signal[0]);
  g_assert_cmpstr (sw_signal_get_type_name (c->signal[0]), ==, "sine");
  /* 10 sin (2π 5 t): 10 at t = 0.05, slope 10·2π·5 at t = 0 */
  g_assert_cmpfloat_with_epsilon (sw_signal_eval (c->signal[0], 0.05, FALSE, NULL, NULL), 10, 1e-12);
  sw_signal_eval (c->signal[0], 0, FALSE, &d1, NULL);
  g_assert_cmpfloat_with_epsilon (d1, 100 * G_PI, 1e-9);
  g_assert_true (c->has_position);
  g_assert_cmpfloat (c->position[0], ==, 40);
  g_assert_cmpfloat (c->position[1], ==, 80);
  g_assert_null (c->ui);
  g_assert_cmpuint (c->line, ==, 4);
  g_assert_cmpuint (c->column, ==, 5);

  c = sw_model_get_component (model, 1);
  g_assert_cmpstr (c->id, ==, "inertia1");
  g_assert_true (c->kind == inertia);
  g_assert_cmpfloat (c->param[sw_kind_find_param (inertia, "J")], ==, 0.1);
  g_assert_true (c->given[sw_kind_find_param (inertia, "J")]);
  g_assert_true (isnan (c->param[sw_kind_find_param (inertia, "phi0")]));
  g_assert_false (c->given[sw_kind_find_param (inertia, "phi0")]);
  g_assert_true (isnan (c->param[sw_kind_find_param (inertia, "w0")]));
  g_assert_false (c->given[sw_kind_find_param (inertia, "w0")]);
  for (guint i = 0; i < c->kind->n_params; i++)
    g_assert_null (c->signal[i]);
  g_assert_false (c->has_position);
  g_assert_cmpuint (c->line, ==, 6);

  c = sw_model_get_component (model, 2);
  g_assert_cmpstr (c->id, ==, "gear");
  g_assert_true (c->kind == gear);
  g_assert_cmpfloat (c->param[sw_kind_find_param (gear, "ratio")], ==, 10);

  c = sw_model_get_component (model, 3);
  g_assert_cmpstr (c->id, ==, "inertia2");
  g_assert_cmpfloat (c->param[sw_kind_find_param (inertia, "J")], ==, 2);
  g_assert_cmpfloat (c->param[sw_kind_find_param (inertia, "phi0")], ==, 0);
  g_assert_true (c->given[sw_kind_find_param (inertia, "phi0")]);
  g_assert_cmpfloat (c->param[sw_kind_find_param (inertia, "w0")], ==, 0);
  g_assert_true (c->given[sw_kind_find_param (inertia, "w0")]);

  g_assert_cmpint (sw_model_find_component (model, "gear"), ==, 2);
  g_assert_cmpint (sw_model_find_component (model, "nothing"), ==, -1);

  g_assert_cmpuint (sw_model_get_n_connections (model), ==, 3);
  k = sw_model_get_connection (model, 0);
  g_assert_cmpuint (k->from_component, ==, 0);
  g_assert_cmpint (k->from_port, ==, sw_kind_find_port (torque, "flange"));
  g_assert_cmpuint (k->to_component, ==, 1);
  g_assert_cmpint (k->to_port, ==, sw_kind_find_port (inertia, "flange_a"));
  g_assert_cmpuint (k->line, ==, 11);
  g_assert_cmpuint (k->column, ==, 5);
  k = sw_model_get_connection (model, 1);
  g_assert_cmpuint (k->from_component, ==, 1);
  g_assert_cmpint (k->from_port, ==, sw_kind_find_port (inertia, "flange_b"));
  g_assert_cmpuint (k->to_component, ==, 2);
  g_assert_cmpint (k->to_port, ==, sw_kind_find_port (gear, "flange_a"));
  k = sw_model_get_connection (model, 2);
  g_assert_cmpuint (k->from_component, ==, 2);
  g_assert_cmpint (k->from_port, ==, sw_kind_find_port (gear, "flange_b"));
  g_assert_cmpuint (k->to_component, ==, 3);
  g_assert_cmpint (k->to_port, ==, sw_kind_find_port (inertia, "flange_a"));

  sim = sw_model_get_simulation (model);
  g_assert_cmpfloat (sim->stop_time_s, ==, 1.0);
  g_assert_cmpfloat (sim->output_interval_s, ==, 0.001);
  g_assert_cmpfloat (sim->tolerance, ==, 1e-6);
  g_assert_null (sim->method);

  location = sw_model_dup_location (model, 1);
  expected_location = g_strdup_printf ("%s:6:5: ", path);
  g_assert_cmpstr (location, ==, expected_location);

  g_assert_finalize_object (model);
}

static void
test_defaults (void)
{
  g_autoptr(GError) error = NULL;
  const SwKind *spring = sw_catalog_lookup ("rotational.spring");
  const SwKind *torque = sw_catalog_lookup ("rotational.torque");
  const SwSimulationSettings *sim;
  const SwComponent *c;
  SwModel *model;
  int c_index;

  model = sw_model_new_from_data (HEADER "\"components\": ["
                                  "{\"id\": \"s\", \"kind\": \"rotational.spring\"},"
                                  "{\"id\": \"t\", \"kind\": \"rotational.torque\"}]}",
                                  -1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (sw_model_get_display_name (model), ==, "<memory>");
  g_assert_null (sw_model_get_name (model));

  c = sw_model_get_component (model, 0);
  c_index = sw_kind_find_param (spring, "c");
  g_assert_cmpint (c_index, >=, 0);
  g_assert_cmpfloat (c->param[c_index], ==, spring->params[c_index].default_value);
  g_assert_false (c->given[c_index]);

  c = sw_model_get_component (model, 1);
  g_assert_true (c->kind == torque);
  g_assert_false (c->given[0]);
  g_assert_nonnull (c->signal[0]);
  g_assert_true (sw_signal_is_constant (c->signal[0]));
  g_assert_cmpfloat (sw_signal_eval (c->signal[0], 1, FALSE, NULL, NULL), ==,
                     torque->params[0].default_value);
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, 0);

  sim = sw_model_get_simulation (model);
  g_assert_cmpfloat (sim->stop_time_s, ==, 1);
  g_assert_cmpfloat_with_epsilon (sim->output_interval_s, 1.0 / 500, 1e-15);
  g_assert_cmpfloat (sim->tolerance, ==, 1e-6);
  g_assert_null (sim->method);
  g_assert_finalize_object (model);

  /* The output interval follows the stop time. */
  model = sw_model_new_from_data (HEADER "\"simulation\": {\"stop_time\": 5, \"method\": \"bdf\"}}",
                                  -1, "x.shaft", &error);
  g_assert_no_error (error);
  sim = sw_model_get_simulation (model);
  g_assert_cmpfloat (sim->stop_time_s, ==, 5);
  g_assert_cmpfloat_with_epsilon (sim->output_interval_s, 0.01, 1e-15);
  g_assert_cmpstr (sim->method, ==, "bdf");
  g_assert_finalize_object (model);
}

/* Saving */

static void
round_trip (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text1 = NULL;
  g_autofree char *text2 = NULL;
  SwModel *model1, *model2;

  model1 = load_fixture (name, &error);
  g_assert_no_error (error);
  text1 = sw_model_to_data (model1, NULL);
  g_test_message ("%s saved:\n%s", name, text1);

  model2 = sw_model_new_from_data (text1, -1, "saved.shaft", &error);
  g_assert_no_error (error);
  assert_models_equal (model1, model2);

  text2 = sw_model_to_data (model2, NULL);
  g_assert_cmpstr (text1, ==, text2);

  g_assert_finalize_object (model1);
  g_assert_finalize_object (model2);
}

static void
test_round_trip (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(JsonNode) expected_ui = NULL;
  const SwComponent *c;
  SwModel *model;
  gsize length;

  round_trip ("first.shaft");
  round_trip ("round-trip.shaft");
  round_trip ("tables.shaft");

  model = load_fixture ("round-trip.shaft", &error);
  g_assert_no_error (error);
  text = sw_model_to_data (model, &length);
  g_assert_cmpuint (length, ==, strlen (text));

  /* Layout: order, 2-space indent, shortest numbers, small values inline. */
  g_assert_true (g_str_has_prefix (text, "{\n  \"format\": \"shaftwork-model\",\n  \"version\": 1,\n  \"name\": "));
  assert_contains (text, "\"name\": \"Round trip: «ümlauts», \\\"quotes\\\" and a\\ttab\"");
  assert_contains (text, "\n  \"components\": [\n    {\n      \"id\": \"motor\",\n      \"kind\": \"rotational.torque\",\n");
  assert_contains (text, "\"position\": [12.5, -3]");
  assert_contains (text, "\"J\": 0.0125");
  assert_contains (text, "\"phi_rel0\": 0.001");
  assert_contains (text, "\"TorqueDirection\": false");
  assert_contains (text, "\"w0\": 104.71975511965977");
  assert_contains (text, "{\"from\": \"push.flange\", \"to\": \"cart.flange_a\"}");
  assert_contains (text, "\"ui\": {\"points\": [[20, 0], [20, 40]]}");
  assert_contains (text, "\"simulation\": {\n    \"stop_time\": 2.5,\n    \"output_interval\": 0.005,\n"
                         "    \"tolerance\": 1e-8,\n    \"method\": \"rk8pd\"\n  }");
  assert_contains (text, "\"big\": 12345678901");
  assert_contains (text, "\"layers\": [\"a\", \"b\"]");
  g_assert_true (g_str_has_suffix (text, "}\n}\n"));
  /* Parameters left out stay out. */
  g_assert_null (strstr (text, "phi0"));

  /* ui kept as is. */
  c = sw_model_get_component (model, 0);
  expected_ui = json_from_string ("{\"rotation\": 90, \"label\": {\"visible\": true, \"offset\": [0, -12]}, "
                                  "\"note\": null}", &error);
  g_assert_no_error (error);
  assert_nodes_equal (c->ui, expected_ui);
  g_assert_true (c->has_position);

  g_assert_finalize_object (model);
}

static void
test_save_atomic (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *missing = NULL;
  g_autofree char *missing_dir = NULL;
  g_autofree char *target = NULL;
  g_autofree char *subdir = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *expected = NULL;
  SwModel *model, *reloaded;

  model = load_fixture ("first.shaft", &error);
  g_assert_no_error (error);
  expected = sw_model_to_data (model, NULL);

  dir = g_dir_make_tmp ("test-model-file-XXXXXX", &error);
  g_assert_no_error (error);

  /* A missing directory: an error, nothing created. */
  missing_dir = g_build_filename (dir, "missing", NULL);
  missing = g_build_filename (missing_dir, "model.shaft", NULL);
  g_assert_false (sw_model_save_to_file (model, missing, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_IO);
  assert_contains (error->message, "model.shaft");
  g_clear_error (&error);
  g_assert_false (g_file_test (missing_dir, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (sw_test_count_entries (dir), ==, 0);

  /* The rename fails (a directory is in the way): the temporary file goes. */
  subdir = g_build_filename (dir, "sub", NULL);
  g_assert_cmpint (g_mkdir (subdir, 0700), ==, 0);
  g_assert_false (sw_model_save_to_file (model, subdir, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_IO);
  g_clear_error (&error);
  g_assert_cmpuint (sw_test_count_entries (dir), ==, 1);
  g_assert_cmpint (g_rmdir (subdir), ==, 0);

  /* Over an existing file: replaced, no temporary file left. */
  target = g_build_filename (dir, "model.shaft", NULL);
  g_file_set_contents (target, "old contents", -1, &error);
  g_assert_no_error (error);
  g_assert_true (sw_model_save_to_file (model, target, &error));
  g_assert_no_error (error);
  g_file_get_contents (target, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (contents, ==, expected);
  g_assert_cmpuint (sw_test_count_entries (dir), ==, 1);

  reloaded = sw_model_new_from_file (target, &error);
  g_assert_no_error (error);
  assert_models_equal (model, reloaded);

  g_assert_cmpint (g_unlink (target), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  g_assert_finalize_object (reloaded);
  g_assert_finalize_object (model);
}

/* Table parameters */

static void
assert_table (const SwTable *table,
              guint          n_rows,
              guint          n_columns,
              const double  *values)
{
  g_assert_nonnull (table);
  g_assert_cmpuint (sw_table_get_n_rows (table), ==, n_rows);
  g_assert_cmpuint (sw_table_get_n_columns (table), ==, n_columns);
  for (guint i = 0; i < n_rows; i++)
    for (guint j = 0; j < n_columns; j++)
      g_assert_cmpfloat (sw_table_get (table, i, j), ==, values[i * n_columns + j]);
}

static void
test_tables (void)
{
  static const double mue[] = { 0, 0.5, 1.5, 0.45, 10, 0.3 };
  static const double mue_default[] = { 0, 0.5 };
  static const double tau_default[] = { 0, 1 };
  g_autoptr(GError) error = NULL;
  g_autofree char *path = fixture_path ("tables.shaft");
  g_autofree char *file_text = NULL;
  g_autofree char *saved = NULL;
  const SwComponent *c;
  SwModel *model;
  int p;

  model = load_fixture ("tables.shaft", &error);
  g_assert_no_error (error);

  c = sw_model_get_component (model, (guint) sw_model_find_component (model, "clutch"));
  p = sw_kind_find_param (c->kind, "mue_pos");
  g_assert_cmpint (p, >=, 0);
  assert_table (c->table[p], 3, 2, mue);
  g_assert_true (c->given[p]);
  /* The display value: the first row's value. */
  g_assert_cmpfloat (c->param[p], ==, 0.5);
  g_assert_null (c->signal[p]);

  c = sw_model_get_component (model, (guint) sw_model_find_component (model, "bf"));
  p = sw_kind_find_param (c->kind, "tau_pos");
  g_assert_cmpuint (sw_table_get_n_rows (c->table[p]), ==, 7);
  g_assert_cmpfloat (sw_table_get (c->table[p], 6, 0), ==, 10000);
  g_assert_cmpfloat (c->param[p], ==, 1.25);

  /* Saved exactly as the file is written. */
  g_assert_true (g_file_get_contents (path, &file_text, NULL, NULL));
  saved = sw_model_to_data (model, NULL);
  g_assert_cmpstr (saved, ==, file_text);
  g_assert_finalize_object (model);

  /* Left out: Modelica's default, not given (not written). */
  model = sw_model_new_from_data (HEADER "\"components\": [\n"
                                  "  {\"id\": \"b\", \"kind\": \"rotational.brake\",\n"
                                  "   \"params\": {\"fn_max\": 10, \"f_normalized\": 1}},\n"
                                  "  {\"id\": \"f\", \"kind\": \"rotational.bearing_friction\"}]}",
                                  -1, "test.shaft", &error);
  g_assert_no_error (error);
  c = sw_model_get_component (model, 0);
  p = sw_kind_find_param (c->kind, "mue_pos");
  assert_table (c->table[p], 1, 2, mue_default);
  g_assert_false (c->given[p]);
  g_assert_cmpfloat (c->param[p], ==, 0.5);
  c = sw_model_get_component (model, 1);
  p = sw_kind_find_param (c->kind, "tau_pos");
  assert_table (c->table[p], 1, 2, tau_default);
  g_assert_cmpfloat (c->param[p], ==, 1);
  g_free (saved);
  saved = sw_model_to_data (model, NULL);
  g_assert_null (strstr (saved, "mue_pos"));
  g_assert_null (strstr (saved, "tau_pos"));
  g_assert_finalize_object (model);
}

/* A bearing friction whose tau_pos is text; the table starts at line 4,
 * column 26. */
static char *
table_error (const char *table)
{
  g_autofree char *text =
    g_strconcat (HEADER "\"components\": [\n"
                 "  {\"id\": \"ok\", \"kind\": \"rotational.inertia\"},\n"
                 "  {\"id\": \"bf\", \"kind\": \"rotational.bearing_friction\",\n"
                 "   \"params\": {\"tau_pos\": ", table, "}}]}", NULL);

  return load_error (text);
}

static void
test_error_table (void)
{
  g_autofree char *message = NULL;

  /* Not a list, no rows. */
  message = table_error ("1");
  g_assert_cmpstr (message, ==, "test.shaft:4:26: error: component “bf”: parameter “tau_pos” must be a list "
                                "of rows [[w, tau], …], not a number");
  g_clear_pointer (&message, g_free);
  message = table_error ("[]");
  g_assert_cmpstr (message, ==, "test.shaft:4:26: error: component “bf”: parameter “tau_pos” needs at least "
                                "one row [w, tau]");
  g_clear_pointer (&message, g_free);

  /* Rows of the wrong shape, at the row. */
  message = table_error ("[[0, 1], 2]");
  g_assert_cmpstr (message, ==, "test.shaft:4:35: error: component “bf”: parameter “tau_pos”, row 2 must be "
                                "[w, tau], not a number");
  g_clear_pointer (&message, g_free);
  message = table_error ("[[0, 1, 2]]");
  g_assert_cmpstr (message, ==, "test.shaft:4:27: error: component “bf”: parameter “tau_pos”, row 1 has 3 "
                                "values; valid: [w, tau], 2 numbers");
  g_clear_pointer (&message, g_free);

  /* Values, at the value. */
  message = table_error ("[[0, \"x\"]]");
  g_assert_cmpstr (message, ==, "test.shaft:4:31: error: component “bf”: parameter “tau_pos”, row 1: tau "
                                "must be a number, not a string");
  g_clear_pointer (&message, g_free);
  message = table_error ("[[-1, 1]]");
  g_assert_cmpstr (message, ==, "test.shaft:4:28: error: component “bf”: parameter “tau_pos”, row 1: w = "
                                "-1 rad/s is out of range; valid: w >= 0");
  g_clear_pointer (&message, g_free);
  message = table_error ("[[0, 1], [1, -2]]");
  g_assert_cmpstr (message, ==, "test.shaft:4:39: error: component “bf”: parameter “tau_pos”, row 2: tau = "
                                "-2 N.m is out of range; valid: tau >= 0");
  g_clear_pointer (&message, g_free);
  message = table_error ("[[0, 1e-200]]");
  g_assert_cmpstr (message, ==, "test.shaft:4:31: error: component “bf”: parameter “tau_pos”, row 1: tau = "
                                "1e-200 N.m is too small for the equations to stay finite; valid: 0 or "
                                "1e-100 <= |tau| <= 1e+100");
  g_clear_pointer (&message, g_free);
  message = table_error ("[[0, 1], [1e101, 1]]");
  g_assert_cmpstr (message, ==, "test.shaft:4:36: error: component “bf”: parameter “tau_pos”, row 2: w = "
                                "1e101 rad/s is too large for the equations to stay finite; valid: 0 or "
                                "1e-100 <= |w| <= 1e+100");
  g_clear_pointer (&message, g_free);
  message = table_error ("[[0, 1], [99999999999999999999999999999999999999999999999999999999999999999999999"
                         "99999999999999999999999999999999999999999999999999999999999999999999999999999999999"
                         "99999999999999999999999999999999999999999999999999999999999999999999999999999999999"
                         "999999999999999999999999999999999999999999999999999999999999999999999999999999999, 1]]");
  assert_contains (message, "test.shaft:4:36: error: component “bf”: parameter “tau_pos”, row 2: w = inf "
                            "is not a finite number");
  g_clear_pointer (&message, g_free);

  /* Increasing, named with the row before. */
  message = table_error ("[[0, 1], [2, 1],\n [1, 1]]");
  g_assert_cmpstr (message, ==, "test.shaft:5:3: error: component “bf”: parameter “tau_pos”, row 3: w = 1 "
                                "must be larger than the row before (2); rows are [w, tau] with w increasing");
  g_clear_pointer (&message, g_free);
  message = table_error ("[[0, 1], [0, 1]]");
  assert_contains (message, "row 2: w = 0 must be larger than the row before (0)");
  g_clear_pointer (&message, g_free);

  /* Every problem, each once. */
  message = table_error ("[[-1, 1], [0, \"x\"], 5, [1, 2, 3], [2, -1]]");
  g_assert_cmpuint (count_lines (message), ==, 5);
  assert_contains (message, "4:28: error: component “bf”: parameter “tau_pos”, row 1: w");
  assert_contains (message, "4:40: error: component “bf”: parameter “tau_pos”, row 2: tau must");
  assert_contains (message, "4:46: error: component “bf”: parameter “tau_pos”, row 3 must");
  assert_contains (message, "4:49: error: component “bf”: parameter “tau_pos”, row 4 has 3 values");
  assert_contains (message, "4:64: error: component “bf”: parameter “tau_pos”, row 5: tau = -1");
  g_clear_pointer (&message, g_free);
}

/* Errors */

static char *
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

static void
test_error_unknown_key (void)
{
  g_autofree char *message = fixture_error ("unknown-key.shaft", SW_ERROR_UNKNOWN_PARAMETER);

  assert_contains (message, "unknown-key.shaft:5:3: error: unknown top-level key “solver”; valid keys: "
                            "format, version, name, interface, signals, subsystems, components, connections, simulation, ui");
  g_assert_cmpuint (count_lines (message), ==, 1);
}

static void
test_error_unknown_kind (void)
{
  g_autofree char *message = fixture_error ("unknown-kind.shaft", SW_ERROR_UNKNOWN_KIND);

  assert_contains (message, "unknown-kind.shaft:5:32: error: component “inertia1”: unknown kind "
                            "“rotational.inertai”; did you mean “rotational.inertia”");
  assert_contains (message, "unknown-kind.shaft:6:27: error: component “box”: unknown kind "
                            "“quantum.flux_capacitor”; run 'shaftwork-cli list'");
  /* The connection between them is not reported again. */
  g_assert_cmpuint (count_lines (message), ==, 2);
}

static void
test_error_unknown_param (void)
{
  g_autofree char *message = fixture_error ("unknown-param.shaft", SW_ERROR_UNKNOWN_PARAMETER);

  assert_contains (message, "unknown-param.shaft:5:73: error: component “spring”: rotational.spring "
                            "has no parameter “k”; valid: c, phi_rel0");
  g_assert_cmpuint (count_lines (message), ==, 1);
}

static void
test_error_out_of_range (void)
{
  g_autofree char *message = fixture_error ("out-of-range.shaft", SW_ERROR_INVALID);

  g_assert_cmpstr (strstr (message, "out-of-range.shaft:"), ==,
                   "out-of-range.shaft:9:14: error: component “inertia1”: parameter “J” = -1 kg.m2 "
                   "is out of range; valid: J >= 0");
}

static void
test_error_duplicate_id (void)
{
  g_autofree char *message = fixture_error ("duplicate-id.shaft", SW_ERROR_TOPOLOGY);

  assert_contains (message, "duplicate-id.shaft:7:12: error: duplicate component id “shaft”; "
                            "it is first defined at line 5");
  g_assert_cmpuint (count_lines (message), ==, 1);
}

static void
test_error_dangling (void)
{
  g_autofree char *message = fixture_error ("dangling.shaft", SW_ERROR_TOPOLOGY);

  assert_contains (message, "dangling.shaft:9:38: error: connection from “shaft.flange_b” to "
                            "“motor.flange”: there is no component “motor”");
  assert_contains (message, "dangling.shaft:10:14: error: connection from “gear.flange_c” to "
                            "“shaft.flange_a”: component “gear” (rotational.ideal_gear) has no port "
                            "“flange_c”; valid: flange_a, flange_b, support");
  g_assert_cmpuint (count_lines (message), ==, 2);
}

static void
test_error_domain (void)
{
  g_autofree char *message = fixture_error ("domain.shaft", SW_ERROR_TOPOLOGY);

  assert_contains (message, "domain.shaft:9:5: error: connection from “shaft.flange_b” to "
                            "“cart.flange_a”: “shaft.flange_b” is rotational but “cart.flange_a” "
                            "is translational");
}

static void
test_error_malformed (void)
{
  g_autofree char *message = fixture_error ("malformed.shaft", SW_ERROR_PARSE);

  assert_contains (message, "malformed.shaft:6:");
  assert_contains (message, ": error: malformed JSON: ");
  assert_contains (message, "rotational");
  g_assert_cmpuint (count_lines (message), ==, 1);
}

static void
test_error_multiple (void)
{
  g_autofree char *message = fixture_error ("multiple.shaft", SW_ERROR_UNKNOWN_PARAMETER);
  g_auto(GStrv) lines = g_strsplit (message, "\n", -1);

  g_assert_cmpuint (g_strv_length (lines), ==, 8);
  assert_contains (lines[0], "multiple.shaft:4:3: error: unknown top-level key “colour”");
  assert_contains (lines[1], "multiple.shaft:6:");
  assert_contains (lines[1], "component “shaft”: parameter “J” = -2 kg.m2 is out of range");
  assert_contains (lines[2], "multiple.shaft:7:");
  assert_contains (lines[2], "did you mean “rotational.ideal_gear”");
  assert_contains (lines[3], "multiple.shaft:8:");
  assert_contains (lines[3], "has no parameter “stiffness”");
  assert_contains (lines[4], "multiple.shaft:9:");
  assert_contains (lines[4], "component “stop”: parameter “ratio” = 0 is not valid");
  assert_contains (lines[5], "multiple.shaft:13:");
  assert_contains (lines[5], "there is no component “clutch”");
  assert_contains (lines[6], "multiple.shaft:15:");
  assert_contains (lines[6], "simulation: “stop_time” = -1 is out of range; valid: stop_time > 0");
  assert_contains (lines[7], "multiple.shaft:15:");
  assert_contains (lines[7], "simulation: unknown method “euler”; valid: auto, rk45, rkck, rk8pd, adams, bdf");
}

static void
test_error_signal (void)
{
  g_autofree char *message =
    load_error (HEADER "\"components\": [\n"
                "  {\"id\": \"t\", \"kind\": \"rotational.torque\",\n"
                "   \"params\": {\"tau\": {\"sine\": {\"amplitude\": \"big\"}}}}]}");

  g_assert_true (g_str_has_prefix (message, "test.shaft:3:22: error: component “t”: parameter “tau”: "));
  assert_contains (message, "amplitude");
}

static void
test_error_connections (void)
{
  const char *components =
    HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\"},"
    "{\"id\": \"b\", \"kind\": \"rotational.inertia\"}],\n\"connections\": [\n";
  g_autofree char *self = NULL;
  g_autofree char *duplicate = NULL;
  g_autofree char *reversed = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  SwModel *model;

  text = g_strconcat (components, "{\"from\": \"a.flange_a\", \"to\": \"a.flange_a\"}]}", NULL);
  self = load_error (text);
  assert_contains (self, "test.shaft:3:1: error: connection from “a.flange_a” to “a.flange_a”: "
                         "“a.flange_a” is connected to itself");
  g_free (text);

  text = g_strconcat (components,
                      "{\"from\": \"a.flange_b\", \"to\": \"b.flange_a\"},\n"
                      "{\"from\": \"a.flange_b\", \"to\": \"b.flange_a\"}]}", NULL);
  duplicate = load_error (text);
  assert_contains (duplicate, "test.shaft:4:1: error: connection from “a.flange_b” to “b.flange_a”: "
                              "“a.flange_b” and “b.flange_a” are already connected (first at line 3)");
  g_free (text);

  text = g_strconcat (components,
                      "{\"from\": \"a.flange_b\", \"to\": \"b.flange_a\"},\n"
                      "{\"from\": \"b.flange_a\", \"to\": \"a.flange_b\"}]}", NULL);
  reversed = load_error (text);
  assert_contains (reversed, "test.shaft:4:1: error:");
  assert_contains (reversed, "already connected");
  g_free (text);

  /* One port in several connections joins them into one node. */
  text = g_strconcat (components,
                      "{\"from\": \"a.flange_b\", \"to\": \"b.flange_a\"},\n"
                      "{\"from\": \"b.flange_b\", \"to\": \"a.flange_b\"}]}", NULL);
  model = sw_model_new_from_data (text, -1, "test.shaft", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, 2);
  g_assert_finalize_object (model);
}

typedef struct {
  const char *text;
  const char *fragment;
  guint       n_lines;    /* of the message; 0: not checked */
} BadInput;

static const BadInput bad_inputs[] = {
  /* not a model */
  { "", "test.shaft: error: the file is empty" },
  { "  \n ", "the file is empty" },
  { "[]", "test.shaft:1:1: error: a model is a JSON object {…}, not an array" },
  { "null", "not null" },
  { "42", "not a number" },
  { "\"model\"", "not a string" },
  { "{}", "“format” is missing" },
  { "{\"format\": \"shaftwork-model\"}", "“version” is missing" },
  { "{\"format\": \"other\", \"version\": 1}", "not a Shaftwork model: “format” is “other”" },
  { "{\"format\": 7, \"version\": 1}", "not a Shaftwork model" },
  { "{\"format\": \"shaftwork-model\", \"version\": 2}", "written by a newer Shaftwork (format version 2)" },
  { "{\"format\": \"shaftwork-model\", \"version\": 0}", "“version” = 0 is not valid; valid: 1" },
  { "{\"format\": \"shaftwork-model\", \"version\": \"1\"}", "“version” must be the number 1, not a string" },
  { "{\"format\": \"shaftwork-model\", \"version\": 1", "malformed JSON" },
  { "{\"format\": \"shaftwork-model\", \"version\": NaN}", "test.shaft:1:" },
  { "{\"format\": \"shaftwork-model\"\n\"version\": 1}", "test.shaft:1:28: error: malformed JSON: " },
  { "{\"format\": \"shaftwork-model\", \"version\": 1, \"version\": 1}", "key “version” appears more than once" },
  /* top level */
  { HEADER "\"name\": 5}", "“name” must be a string, not a number" },
  { HEADER "\"components\": {}}", "“components” must be an array […], not an object" },
  { HEADER "\"components\": {}, \"connections\": [{\"from\": \"a.b\", \"to\": \"c.d\"}]}",
    "test.shaft:1:59: error: “components” must be an array […], not an object", 1 },
  { HEADER "\"connections\": \"a.b\"}", "“connections” must be an array" },
  { HEADER "\"simulation\": []}", "“simulation” must be an object {…}, not an array" },
  /* components */
  { HEADER "\"components\": [5]}", "component #1 must be an object {…}, not a number" },
  { HEADER "\"components\": [{\"kind\": \"rotational.inertia\"}]}", "component #1 has no “id”" },
  { HEADER "\"components\": [{\"id\": 5, \"kind\": \"rotational.inertia\"}]}", "component #1: “id” must be a string" },
  { HEADER "\"components\": [{\"id\": \"\", \"kind\": \"rotational.inertia\"}]}", "may not be empty" },
  { HEADER "\"components\": [{\"id\": \"1a\", \"kind\": \"rotational.inertia\"}]}", "component id “1a” is not valid" },
  { HEADER "\"components\": [{\"id\": \"a.b\", \"kind\": \"rotational.inertia\"}]}", "component id “a.b” is not valid" },
  { HEADER "\"components\": [{\"id\": \"a\"}]}", "component “a” has no “kind”; run 'shaftwork-cli list'" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": [1]}]}", "“kind” must be a string, not an array" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"inertia\"}]}", "did you mean “rotational.inertia”" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"colour\": 1}]}",
    "component “a”: unknown key “colour”; valid keys: id, kind, model, subsystem, params, position, ui" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": [1]}]}",
    "“params” must be an object {…}, not an array" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": \"1\"}}]}",
    "parameter “J” must be a number, not a string" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": \"NaN\"}}]}",
    "parameter “J” must be a number, not a string" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": true}}]}",
    "parameter “J” must be a number, not true/false" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": null}}]}",
    "parameter “J” must be a number, not null" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"phi0\": {}}}]}",
    "parameter “phi0” must be a number, not an object" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1e999}}]}",
    "parameter “J” = inf is not a finite number" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": -99999999999999999999999}}]}",
    "is out of range; valid: J >= 0" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.quadratic_speed_dependent_torque\", "
    "\"params\": {\"TorqueDirection\": 1}}]}", "parameter “TorqueDirection” must be true or false, not a number" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.quadratic_speed_dependent_torque\", "
    "\"params\": {\"w_nominal\": 0}}]}", "parameter “w_nominal” = 0 rad/s is out of range; valid: w_nominal > 0" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": \"sine\"}}]}",
    "component “a”: parameter “tau”: " },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 1e999}}]}",
    "component “a”: parameter “tau”: " },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"position\": [1]}]}",
    "component “a”: “position” must be [x, y], two finite numbers" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"position\": [1, \"2\"]}]}",
    "“position” must be [x, y]" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"position\": {\"x\": 1}}]}",
    "“position” must be [x, y]" },
  { HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"nothing\", \"position\": 3}]}",
    "“position” must be [x, y]" },
  { HEADER "\"components\": [{\"id\": \"a\xff\", \"kind\": \"rotational.inertia\"}]}", "UTF-8" },
  /* connections */
  { HEADER "\"connections\": [3]}", "connection #1 must be an object" },
  { HEADER "\"connections\": [{\"from\": 1, \"to\": \"a.b\"}]}", "connection #1: “from” must be a string “component.port”, not a number" },
  { HEADER "\"connections\": [{\"to\": \"a.b\"}]}", "connection #1 has no “from”" },
  { HEADER "\"connections\": [{\"from\": \"a\", \"to\": \"b.\"}]}", "“a” is not a port; write “component.port”" },
  { HEADER "\"connections\": [{\"from\": \"a.b\", \"to\": \"c.d\", \"via\": 1}]}", "unknown key “via”; valid keys: from, to, ui" },
  /* simulation */
  { HEADER "\"simulation\": {\"stop_time\": \"1\"}}", "simulation: “stop_time” must be a number, not a string" },
  { HEADER "\"simulation\": {\"stop_time\": 0}}", "simulation: “stop_time” = 0 is out of range; valid: stop_time > 0" },
  { HEADER "\"simulation\": {\"stop_time\": 1e999}}", "simulation: “stop_time” = inf is out of range" },
  { HEADER "\"simulation\": {\"output_interval\": -0.1}}", "“output_interval” = -0.1 is out of range" },
  { HEADER "\"simulation\": {\"tolerance\": 1}}", "simulation: “tolerance” = 1 is out of range; valid: 0 < tolerance < 1" },
  { HEADER "\"simulation\": {\"method\": 4}}", "simulation: “method” must be a string, not a number" },
  { HEADER "\"simulation\": {\"speed\": 4}}", "simulation: unknown key “speed”; valid keys: stop_time, output_interval, tolerance, method" },
};

static void
test_error_bad_inputs (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_inputs); i++)
    {
      g_autofree char *message = NULL;

      g_autofree char *escaped = g_strescape (bad_inputs[i].text, NULL);

      g_test_message ("input %u: %s", i, escaped);
      message = load_error (bad_inputs[i].text);
      assert_contains (message, bad_inputs[i].fragment);
      if (bad_inputs[i].n_lines > 0)
        g_assert_cmpuint (count_lines (message), ==, bad_inputs[i].n_lines);
    }
}

static void
test_error_huge_numbers (void)
{
  g_autoptr(GError) error = NULL;
  const SwComponent *c;
  SwModel *model;

  /* json-glib wraps this integer to -1; the reader must not. */
  model = sw_model_new_from_data (HEADER "\"components\": [{\"id\": \"g\", \"kind\": \"rotational.ideal_gear\", "
                                  "\"params\": {\"ratio\": 99999999999999999999999}}]}",
                                  -1, "test.shaft", &error);
  g_assert_no_error (error);
  c = sw_model_get_component (model, 0);
  g_assert_cmpfloat_with_epsilon (c->param[0] / 1e23, 1, 1e-12);
  g_assert_finalize_object (model);
}

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

static void
test_error_missing_file (void)
{
  g_autoptr(GError) error = NULL;
  SwModel *model = sw_model_new_from_file ("/nonexistent/model.shaft", &error);

  g_assert_null (model);
  g_assert_error (error, SW_ERROR, SW_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, "/nonexistent/model.shaft: error: "));
}

/* Fuzzing */

static void
check_any_input (const char *text,
                 gsize       length)
{
  g_autoptr(GError) error = NULL;
  SwModel *model = sw_model_new_from_data (text, (gssize) length, "fuzz.shaft", &error);

  if (model != NULL)
    {
      g_autofree char *saved = NULL;
      SwModel *again;

      g_assert_no_error (error);
      /* Whatever loads also saves and loads again. */
      saved = sw_model_to_data (model, NULL);
      again = sw_model_new_from_data (saved, -1, "saved.shaft", &error);
      g_assert_no_error (error);
      assert_models_equal (model, again);
      g_assert_finalize_object (again);
      g_assert_finalize_object (model);
    }
  else
    {
      g_test_message ("%s", error->message);
      assert_error_format (error, "fuzz.shaft");
    }
}

static void
test_fuzz_truncate (void)
{
  const char *names[] = { "first.shaft", "round-trip.shaft", "multiple.shaft" };

  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      g_autofree char *path = fixture_path (names[n]);
      g_autofree char *contents = NULL;
      g_autoptr(GError) error = NULL;
      gsize length;

      g_file_get_contents (path, &contents, &length, &error);
      g_assert_no_error (error);

      for (gsize i = 0; i <= length; i++)
        {
          g_autofree char *prefix = g_strndup (contents, i);

          check_any_input (prefix, i);
        }
    }
}

static void
test_fuzz_mutate (void)
{
  static const char alphabet[] = "{}[]:,\".-+eE0123456789 \n\\tfnul\xc3\xff";
  g_autofree char *path = fixture_path ("round-trip.shaft");
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (20240601);
  gsize length;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);

  for (guint round = 0; round < 3000; round++)
    {
      g_autofree char *copy = g_memdup2 (contents, length + 1);
      guint n = g_rand_int_range (rand, 1, 4);

      for (guint k = 0; k < n; k++)
        copy[g_rand_int_range (rand, 0, (gint32) length)] =
          alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
      check_any_input (copy, length);
    }
}

/* Editing */

static void
on_changed (SwModel *model,
            guint   *count)
{
  (*count)++;
}

static void
on_notify (GObject    *object,
           GParamSpec *pspec,
           guint      *count)
{
  (*count)++;
}

static void
test_edit_changed (void)
{
  SwModel *model = sw_model_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(SwSignal) signal = NULL;
  g_autoptr(JsonNode) node = NULL;
  SwSimulationSettings settings = { 2, 0.01, 1e-7, (char *) "rk45" };
  const SwComponent *c;
  guint changed = 0;
  int shaft, motor;

  g_signal_connect (model, "changed", G_CALLBACK (on_changed), &changed);

  shaft = sw_model_add_component (model, "rotational.inertia", "shaft", &error);
  g_assert_no_error (error);
  g_assert_cmpint (shaft, ==, 0);
  g_assert_cmpuint (changed, ==, 1);
  c = sw_model_get_component (model, shaft);
  g_assert_cmpuint (c->line, ==, 0);
  g_assert_false (c->given[0]);

  motor = sw_model_add_component (model, "rotational.torque", "motor", &error);
  g_assert_no_error (error);
  g_assert_cmpint (motor, ==, 1);
  g_assert_cmpuint (changed, ==, 2);

  /* Failures change nothing. */
  g_assert_cmpint (sw_model_add_component (model, "rotational.inertia", "shaft", &error), ==, -1);
  g_assert_error (error, SW_ERROR, SW_ERROR_TOPOLOGY);
  assert_contains (error->message, "duplicate component id “shaft”");
  g_clear_error (&error);
  g_assert_cmpint (sw_model_add_component (model, "rotational.inertai", "x", &error), ==, -1);
  g_assert_error (error, SW_ERROR, SW_ERROR_UNKNOWN_KIND);
  assert_contains (error->message, "component “x”: unknown kind “rotational.inertai”; did you mean “rotational.inertia”");
  g_clear_error (&error);
  g_assert_cmpint (sw_model_add_component (model, "rotational.inertia", "9x", &error), ==, -1);
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpuint (sw_model_get_n_components (model), ==, 2);
  g_assert_cmpuint (changed, ==, 2);

  g_assert_true (sw_model_set_param (model, shaft, "J", 0.5, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 3);
  c = sw_model_get_component (model, shaft);
  g_assert_cmpfloat (c->param[0], ==, 0.5);
  g_assert_true (c->given[0]);

  g_assert_false (sw_model_set_param (model, shaft, "J", -1, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "component “shaft”: parameter “J” = -1 kg.m2 is out of range; valid: J >= 0");
  g_clear_error (&error);
  g_assert_false (sw_model_set_param (model, shaft, "K", 1, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER);
  assert_contains (error->message, "has no parameter “K”; valid: J, phi0, w0");
  g_clear_error (&error);
  g_assert_false (sw_model_set_param (model, shaft, "J", NAN, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpfloat (c->param[0], ==, 0.5);
  g_assert_cmpuint (changed, ==, 3);

  /* An initial value, then taken back out. */
  g_assert_true (sw_model_set_param (model, shaft, "w0", 3, &error));
  g_assert_true (c->given[2]);
  g_assert_true (sw_model_set_param (model, shaft, "w0", NAN, &error));
  g_assert_no_error (error);
  g_assert_false (c->given[2]);
  g_assert_true (isnan (c->param[2]));
  g_assert_cmpuint (changed, ==, 5);

  /* Signals */
  node = json_from_string ("{\"step\": {\"height\": 2, \"start_time\": 0.5}}", &error);
  g_assert_no_error (error);
  signal = sw_signal_new_from_json (node, &error);
  g_assert_no_error (error);
  g_assert_true (sw_model_set_param_signal (model, motor, "tau", signal, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 6);
  c = sw_model_get_component (model, motor);
  g_assert_true (c->signal[0] == signal);
  g_assert_true (c->given[0]);
  g_assert_false (sw_model_set_param_signal (model, shaft, "J", signal, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  assert_contains (error->message, "component “shaft”: parameter “J” takes a number, not a signal");
  g_clear_error (&error);
  g_assert_true (sw_model_set_param (model, motor, "tau", 4, &error));
  g_assert_true (sw_signal_is_constant (c->signal[0]));
  g_assert_cmpfloat (sw_signal_eval (c->signal[0], 0, FALSE, NULL, NULL), ==, 4);
  g_assert_cmpuint (changed, ==, 7);

  /* Connections */
  g_assert_true (sw_model_connect (model, "motor.flange", "shaft.flange_a", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, 1);
  g_assert_cmpuint (changed, ==, 8);
  g_assert_false (sw_model_connect (model, "motor.flange", "shaft.flange_a", &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_TOPOLOGY);
  assert_contains (error->message, "are already connected");
  g_clear_error (&error);
  g_assert_false (sw_model_connect (model, "motor.flange", "wheel.flange_a", &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_TOPOLOGY);
  g_assert_cmpstr (error->message, ==,
                   "connection from “motor.flange” to “wheel.flange_a”: there is no component “wheel”");
  g_clear_error (&error);
  g_assert_false (sw_model_connect (model, "motor.shaft", "shaft.flange_b", &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER);
  assert_contains (error->message, "has no port “shaft”; valid: flange, support");
  g_clear_error (&error);
  g_assert_cmpint (sw_model_add_component (model, "translational.mass", "cart", &error), ==, 2);
  g_assert_false (sw_model_connect (model, "cart.flange_a", "shaft.flange_b", &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_TOPOLOGY);
  assert_contains (error->message, "“cart.flange_a” is translational but “shaft.flange_b” is rotational");
  g_clear_error (&error);
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, 1);
  g_assert_cmpuint (changed, ==, 9);

  sw_model_set_simulation (model, &settings);
  g_assert_cmpuint (changed, ==, 10);
  g_assert_cmpfloat (sw_model_get_simulation (model)->stop_time_s, ==, 2);
  g_assert_cmpstr (sw_model_get_simulation (model)->method, ==, "rk45");
  settings.method = (char *) "auto";
  sw_model_set_simulation (model, &settings);
  g_assert_null (sw_model_get_simulation (model)->method);

  g_assert_finalize_object (model);
}

static void
test_edit_name (void)
{
  SwModel *model = sw_model_new ();
  g_autofree char *name = NULL;
  guint notified = 0, changed = 0;

  g_signal_connect (model, "notify::name", G_CALLBACK (on_notify), &notified);
  g_signal_connect (model, "changed", G_CALLBACK (on_changed), &changed);

  g_assert_null (sw_model_get_name (model));
  sw_model_set_name (model, "Gearbox");
  g_assert_cmpstr (sw_model_get_name (model), ==, "Gearbox");
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpuint (changed, ==, 1);

  sw_model_set_name (model, "Gearbox");
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpuint (changed, ==, 1);

  g_object_set (model, "name", "Axle", NULL);
  g_assert_cmpuint (notified, ==, 2);
  g_object_get (model, "name", &name, NULL);
  g_assert_cmpstr (name, ==, "Axle");
  g_object_set (model, "name", "Axle", NULL);
  g_assert_cmpuint (notified, ==, 2);

  sw_model_set_name (model, NULL);
  g_assert_null (sw_model_get_name (model));
  g_assert_cmpuint (notified, ==, 3);
  sw_model_set_name (model, NULL);
  g_assert_cmpuint (notified, ==, 3);
  g_assert_cmpuint (changed, ==, 3);

  g_assert_finalize_object (model);
}

/* The editing functions say what the reader says, without the location. */
static void
test_edit_same_messages (void)
{
  static const struct {
    const char *kind, *param;
    double value;
    const char *file_value;
  } cases[] = {
    { "rotational.inertia", "J", -1, "-1" },
    { "rotational.ideal_gear", "ratio", 0, "0" },
    { "rotational.quadratic_speed_dependent_torque", "w_nominal", -0.5, "-0.5" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = NULL;
      g_autofree char *file_message = NULL;
      g_autoptr(GError) error = NULL;
      SwModel *model = sw_model_new ();
      const char *stripped;

      text = g_strdup_printf (HEADER "\"components\": [{\"id\": \"c\", \"kind\": \"%s\", "
                              "\"params\": {\"%s\": %s}}]}",
                              cases[i].kind, cases[i].param, cases[i].file_value);
      file_message = load_error (text);
      stripped = strstr (file_message, ": error: ");
      g_assert_nonnull (stripped);
      stripped += strlen (": error: ");

      g_assert_cmpint (sw_model_add_component (model, cases[i].kind, "c", &error), ==, 0);
      g_assert_false (sw_model_set_param (model, 0, cases[i].param, cases[i].value, &error));
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, ==, stripped);
      g_assert_finalize_object (model);
    }
}

static void
test_edit_save (void)
{
  SwModel *model = sw_model_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *location = NULL;
  SwModel *loaded;

  sw_model_add_component (model, "rotational.inertia", "a", &error);
  sw_model_add_component (model, "rotational.fixed", "ground", &error);
  sw_model_connect (model, "a.flange_a", "ground.flange", &error);
  sw_model_set_param (model, 0, "J", 1.0 / 3, &error);
  g_assert_no_error (error);

  location = sw_model_dup_location (model, 0);
  g_assert_cmpstr (location, ==, "<memory>: ");

  text = sw_model_to_data (model, NULL);
  loaded = sw_model_new_from_data (text, -1, NULL, &error);
  g_assert_no_error (error);
  assert_models_equal (model, loaded);
  g_assert_cmpfloat (sw_model_get_component (loaded, 0)->param[0], ==, 1.0 / 3);

  g_assert_finalize_object (loaded);
  g_assert_finalize_object (model);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();

  g_test_add_func ("/core/model-file/load", test_load);
  g_test_add_func ("/core/model-file/defaults", test_defaults);
  g_test_add_func ("/core/model-file/round-trip", test_round_trip);
  g_test_add_func ("/core/model-file/save-atomic", test_save_atomic);
  g_test_add_func ("/core/model-file/tables", test_tables);
  g_test_add_func ("/core/model-file/error/table", test_error_table);
  g_test_add_func ("/core/model-file/error/unknown-key", test_error_unknown_key);
  g_test_add_func ("/core/model-file/error/unknown-kind", test_error_unknown_kind);
  g_test_add_func ("/core/model-file/error/unknown-param", test_error_unknown_param);
  g_test_add_func ("/core/model-file/error/out-of-range", test_error_out_of_range);
  g_test_add_func ("/core/model-file/error/duplicate-id", test_error_duplicate_id);
  g_test_add_func ("/core/model-file/error/dangling-connection", test_error_dangling);
  g_test_add_func ("/core/model-file/error/domain-mismatch", test_error_domain);
  g_test_add_func ("/core/model-file/error/malformed", test_error_malformed);
  g_test_add_func ("/core/model-file/error/multiple", test_error_multiple);
  g_test_add_func ("/core/model-file/error/signal", test_error_signal);
  g_test_add_func ("/core/model-file/error/connections", test_error_connections);
  g_test_add_func ("/core/model-file/error/bad-inputs", test_error_bad_inputs);
  g_test_add_func ("/core/model-file/error/huge-numbers", test_error_huge_numbers);
  g_test_add_func ("/core/model-file/error/text", test_error_text);
  g_test_add_func ("/core/model-file/error/text-columns", test_error_text_columns);
  g_test_add_func ("/core/model-file/error/unbalanced", test_error_unbalanced);
  g_test_add_func ("/core/model-file/error/deep-nesting", test_error_deep_nesting);
  g_test_add_func ("/core/model-file/error/dotted-id", test_error_dotted_id);
  g_test_add_func ("/core/model-file/text-accepted", test_text_accepted);
  g_test_add_func ("/core/model-file/error/missing-file", test_error_missing_file);
  g_test_add_func ("/core/model-file/fuzz/truncate", test_fuzz_truncate);
  g_test_add_func ("/core/model-file/fuzz/mutate", test_fuzz_mutate);
  g_test_add_func ("/core/model-file/edit/changed", test_edit_changed);
  g_test_add_func ("/core/model-file/edit/name", test_edit_name);
  g_test_add_func ("/core/model-file/edit/same-messages", test_edit_same_messages);
  g_test_add_func ("/core/model-file/edit/save", test_edit_save);

  return g_test_run ();
}
