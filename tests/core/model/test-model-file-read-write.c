/* test-model-file-read-write.c: reading and writing models (*.shaft): loads,
 * defaults, round trips, atomic saves, tables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-test-files.h"
#include "test-model-file-common.h"
#include "sw-test-model.h"

static SwModel *
load_fixture (const char  *name,
              GError     **error)
{
  g_autofree char *path = fixture_path (name);

  return sw_model_new_from_file (path, error);
}

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
  sw_test_assert_table (c->table[p], 3, 2, mue);
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
  sw_test_assert_table (c->table[p], 1, 2, mue_default);
  g_assert_false (c->given[p]);
  g_assert_cmpfloat (c->param[p], ==, 0.5);
  c = sw_model_get_component (model, 1);
  p = sw_kind_find_param (c->kind, "tau_pos");
  sw_test_assert_table (c->table[p], 1, 2, tau_default);
  g_assert_cmpfloat (c->param[p], ==, 1);
  g_free (saved);
  saved = sw_model_to_data (model, NULL);
  g_assert_null (strstr (saved, "mue_pos"));
  g_assert_null (strstr (saved, "tau_pos"));
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

  return g_test_run ();
}
