/* test-model-edit-remove.c: the model's editing API: removing components and
 * connections, and restoring them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-model.h"
#include "test-model-edit-common.h"


static void
test_remove_component (void)
{
  guint changed = 0;
  SwModel *model = new_chain (&changed);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *last = NULL;

  before = describe_connections (model);
  g_assert_cmpstr (before, ==,
                   "a.flange_b>b.flange_a|b.flange_b>c.flange_a|c.flange_b>d.flange_a|"
                   "ground.flange>b.flange_b|a.flange_a>d.flange_b");

  sw_model_remove_component (model, 1);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (sw_model_get_n_components (model), ==, 4);
  g_assert_cmpstr (component_id (model, 0), ==, "a");
  g_assert_cmpstr (component_id (model, 1), ==, "c");
  g_assert_cmpstr (component_id (model, 2), ==, "d");
  g_assert_cmpstr (component_id (model, 3), ==, "ground");
  g_assert_cmpint (sw_model_find_component (model, "b"), ==, -1);
  g_assert_cmpint (sw_model_find_component (model, "ground"), ==, 3);

  /* Every connection to b is gone; the others follow their components. */
  after = describe_connections (model);
  g_assert_cmpstr (after, ==, "c.flange_b>d.flange_a|a.flange_a>d.flange_b");
  g_assert_cmpuint (sw_model_get_connection (model, 0)->from_component, ==, 1);
  g_assert_cmpuint (sw_model_get_connection (model, 0)->to_component, ==, 2);

  /* The last component, then the first. */
  sw_model_remove_component (model, 3);
  sw_model_remove_component (model, 0);
  g_assert_cmpuint (changed, ==, 3);
  last = describe_connections (model);
  g_assert_cmpstr (last, ==, "c.flange_b>d.flange_a");
  g_assert_cmpuint (sw_model_get_connection (model, 0)->from_component, ==, 0);

  sw_model_remove_component (model, 1);
  sw_model_remove_component (model, 0);
  g_assert_cmpuint (sw_model_get_n_components (model), ==, 0);
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, 0);
  g_assert_cmpuint (changed, ==, 5);

  /* Out of range is a programmer error. */
  g_test_expect_message ("Shaftwork", G_LOG_LEVEL_CRITICAL, "*component < model->components->len*");
  sw_model_remove_component (model, 0);
  g_test_assert_expected_messages ();
  g_assert_cmpuint (changed, ==, 5);

  g_assert_finalize_object (model);
}

static void
test_remove_connection (void)
{
  guint changed = 0;
  SwModel *model = new_chain (&changed);
  g_autofree char *after = NULL;

  sw_model_remove_connection (model, 1);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, 4);
  g_assert_cmpuint (sw_model_get_n_components (model), ==, 5);
  after = describe_connections (model);
  g_assert_cmpstr (after, ==,
                   "a.flange_b>b.flange_a|c.flange_b>d.flange_a|"
                   "ground.flange>b.flange_b|a.flange_a>d.flange_b");

  g_test_expect_message ("Shaftwork", G_LOG_LEVEL_CRITICAL, "*connection < model->connections->len*");
  sw_model_remove_connection (model, 4);
  g_test_assert_expected_messages ();
  g_assert_cmpuint (changed, ==, 1);

  /* The connection is free again. */
  connect_ports (model, "c.flange_a", "b.flange_b");
  g_assert_cmpuint (changed, ==, 2);

  g_assert_finalize_object (model);
}

static void
test_restore (void)
{
  static const char other[] =
    HEADER "\"name\": \"Other\", \"components\": ["
    "{\"id\": \"x\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}, \"position\": [1, 2]},"
    "{\"id\": \"y\", \"kind\": \"rotational.spring\", \"ui\": {\"rotation\": 90}}],"
    "\"connections\": [{\"from\": \"x.flange_b\", \"to\": \"y.flange_a\", \"ui\": {\"route\": [3]}}],"
    "\"simulation\": {\"stop_time\": 3, \"method\": \"bdf\"}, \"ui\": {\"zoom\": 2}}";
  static const char renamed[] =
    HEADER "\"name\": \"Renamed\", \"components\": []}";
  static const char unnamed[] =
    HEADER "\"components\": [{\"id\": \"z\", \"kind\": \"rotational.fixed\"}]}";
  static const char *const bad[] = {
    "",
    "{",
    HEADER "\"components\": [{\"id\": \"x\", \"kind\": \"rotational.inertai\"}]}",
    HEADER "\"components\": [{\"id\": \"x\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": -1}}]}",
    HEADER "\"connections\": [{\"from\": \"x.flange_b\", \"to\": \"y.flange_a\"}]}",
    "{\"format\": \"shaftwork-model\", \"version\": 2}",
  };
  guint changed = 0, notified = 0;
  SwModel *model = new_chain (&changed);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *now = NULL;
  SwModel *reference;

  sw_model_set_name (model, "Chain");
  sw_model_set_display_name (model, "chain.shaft");
  g_signal_connect (model, "notify::name", G_CALLBACK (sw_test_count_notify), &notified);
  changed = 0;

  /* Bad text leaves the model as it was, with the reader's error. */
  before = sw_model_to_data (model, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) reader_error = NULL;
      g_autofree char *after = NULL;

      g_assert_null (sw_model_new_from_data (bad[i], -1, "chain.shaft", &reader_error));
      g_assert_false (sw_model_restore (model, bad[i], -1, &error));
      g_assert_nonnull (error);
      g_assert_nonnull (reader_error);
      g_assert_true (error->domain == SW_ERROR);
      g_assert_cmpint (error->code, ==, reader_error->code);
      g_assert_cmpstr (error->message, ==, reader_error->message);
      g_clear_error (&error);

      after = sw_model_to_data (model, NULL);
      g_assert_cmpstr (after, ==, before);
    }
  g_assert_cmpuint (changed, ==, 0);
  g_assert_cmpuint (notified, ==, 0);
  g_assert_cmpstr (sw_model_get_name (model), ==, "Chain");
  g_assert_cmpuint (sw_model_get_n_components (model), ==, 5);

  /* Everything is replaced, at once. */
  g_assert_true (sw_model_restore (model, other, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpstr (sw_model_get_name (model), ==, "Other");
  g_assert_cmpstr (sw_model_get_display_name (model), ==, "chain.shaft");
  g_assert_cmpuint (sw_model_get_n_components (model), ==, 2);
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, 1);
  g_assert_cmpfloat (sw_model_get_simulation (model)->stop_time_s, ==, 3);
  g_assert_cmpstr (sw_model_get_simulation (model)->method, ==, "bdf");
  g_assert_cmpint (sw_model_get_rotation (model, 1), ==, 90);

  reference = load (other);
  expected = sw_model_to_data (reference, NULL);
  now = sw_model_to_data (model, NULL);
  g_assert_cmpstr (now, ==, expected);

  /* The same content again is no change. */
  g_assert_true (sw_model_restore (model, expected, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 1);

  /* A length stops the text. */
  g_assert_true (sw_model_restore (model, before, (gssize) strlen (before), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 2);
  g_assert_cmpuint (notified, ==, 2);
  g_assert_cmpstr (sw_model_get_name (model), ==, "Chain");
  g_clear_pointer (&now, g_free);
  now = sw_model_to_data (model, NULL);
  g_assert_cmpstr (now, ==, before);

  g_assert_true (sw_model_restore (model, renamed, -1, &error));
  g_assert_true (sw_model_restore (model, unnamed, -1, &error));
  g_assert_no_error (error);
  g_assert_null (sw_model_get_name (model));
  g_assert_cmpuint (changed, ==, 4);
  g_assert_cmpuint (notified, ==, 4);

  /* A change without a new name does not notify it. */
  g_assert_true (sw_model_restore (model, HEADER "\"components\": []}", -1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 5);
  g_assert_cmpuint (notified, ==, 4);

  g_assert_finalize_object (reference);
  g_assert_finalize_object (model);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/model-edit/remove-component", test_remove_component);
  g_test_add_func ("/core/model-edit/remove-connection", test_remove_connection);
  g_test_add_func ("/core/model-edit/restore", test_restore);

  return g_test_run ();
}
