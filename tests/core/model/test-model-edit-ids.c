/* test-model-edit-ids.c: the model's editing API: display names, unique ids,
 * setting ids.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-model.h"
#include "test-model-edit-common.h"

/* Tests */

static void
test_display_name (void)
{
  guint changed = 0;
  SwModel *model = new_model (&changed);
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (sw_model_get_display_name (model), ==, "<memory>");
  sw_model_set_display_name (model, "gearbox.shaft");
  g_assert_cmpstr (sw_model_get_display_name (model), ==, "gearbox.shaft");
  sw_model_set_display_name (model, NULL);
  g_assert_cmpstr (sw_model_get_display_name (model), ==, "<memory>");

  /* Not part of the document. */
  g_assert_cmpuint (changed, ==, 0);

  /* Messages use it. */
  sw_model_set_display_name (model, "gearbox.shaft");
  g_assert_false (sw_model_restore (model, "{", -1, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "gearbox.shaft:1:"));

  g_assert_finalize_object (model);
}

static void
test_unique_id (void)
{
  guint changed = 0;
  SwModel *model = new_model (&changed);
  g_autofree char *id1 = NULL;
  g_autofree char *id2 = NULL;
  g_autofree char *id4 = NULL;
  g_autofree char *again1 = NULL;
  g_autofree char *bare = NULL;
  g_autofree char *gear = NULL;
  g_autofree char *mass = NULL;

  id1 = sw_model_dup_unique_id (model, "rotational.inertia");
  g_assert_cmpstr (id1, ==, "inertia1");
  sw_test_add_component (model, "rotational.inertia", id1);

  id2 = sw_model_dup_unique_id (model, "rotational.inertia");
  g_assert_cmpstr (id2, ==, "inertia2");
  sw_test_add_component (model, "rotational.inertia", id2);

  /* Taken ids are skipped, whatever their kind. */
  sw_test_add_component (model, "rotational.spring", "inertia3");
  id4 = sw_model_dup_unique_id (model, "rotational.inertia");
  g_assert_cmpstr (id4, ==, "inertia4");

  /* A freed id is used again. */
  changed = 0;
  sw_model_remove_component (model, 0);
  again1 = sw_model_dup_unique_id (model, "rotational.inertia");
  g_assert_cmpstr (again1, ==, "inertia1");

  bare = sw_model_dup_unique_id (model, "inertia");
  g_assert_cmpstr (bare, ==, "inertia1");
  gear = sw_model_dup_unique_id (model, "rotational.ideal_gear");
  g_assert_cmpstr (gear, ==, "ideal_gear1");
  mass = sw_model_dup_unique_id (model, "translational.mass");
  g_assert_cmpstr (mass, ==, "mass1");

  /* Asking changes nothing. */
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (sw_model_get_n_components (model), ==, 2);

  g_assert_finalize_object (model);
}

static void
test_set_id (void)
{
  guint changed = 0;
  SwModel *model = new_chain (&changed);
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) reader_error = NULL;
  g_autofree char *connections = NULL;
  g_autofree char *text = NULL;
  const char *stripped;

  g_assert_true (sw_model_set_id (model, 1, "shaft_2", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpstr (component_id (model, 1), ==, "shaft_2");
  g_assert_cmpint (sw_model_find_component (model, "shaft_2"), ==, 1);
  g_assert_cmpint (sw_model_find_component (model, "b"), ==, -1);

  /* The connections follow. */
  connections = describe_connections (model);
  g_assert_cmpstr (connections, ==,
                   "a.flange_b>shaft_2.flange_a|shaft_2.flange_b>c.flange_a|c.flange_b>d.flange_a|"
                   "ground.flange>shaft_2.flange_b|a.flange_a>d.flange_b");
  text = sw_model_to_data (model, NULL);
  g_assert_nonnull (strstr (text, "{\"from\": \"a.flange_b\", \"to\": \"shaft_2.flange_a\"}"));

  /* Its own id again is no change. */
  g_assert_true (sw_model_set_id (model, 1, "shaft_2", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 1);

  /* Failures change nothing, with the reader's messages. */
  g_assert_false (sw_model_set_id (model, 1, "c", &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_TOPOLOGY);
  g_assert_cmpstr (error->message, ==, "duplicate component id “c”");
  g_clear_error (&error);

  g_assert_false (sw_model_set_id (model, 1, "", &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "a component id may not be empty");
  g_clear_error (&error);

  g_assert_false (sw_model_set_id (model, 1, "2nd", &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_null (sw_model_new_from_data (HEADER "\"components\": [{\"id\": \"2nd\", "
                                         "\"kind\": \"rotational.inertia\"}]}",
                                         -1, NULL, &reader_error));
  g_assert_nonnull (reader_error);
  stripped = strstr (reader_error->message, ": error: ");
  g_assert_nonnull (stripped);
  g_assert_cmpstr (error->message, ==, stripped + strlen (": error: "));
  g_clear_error (&error);

  g_assert_cmpstr (component_id (model, 1), ==, "shaft_2");
  g_assert_cmpuint (changed, ==, 1);

  g_assert_finalize_object (model);
}

/* The id and connection indexes are caches: dropped, they are rebuilt, and
 * lookups and the repeated-connection check answer as before. */
static void
test_drop_caches (void)
{
  guint changed = 0;
  SwModel *model = new_chain (&changed);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (sw_model_find_component (model, "c"), ==, 2);
  g_assert_false (sw_model_connect (model, "a.flange_b", "b.flange_a", &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_TOPOLOGY);
  g_clear_error (&error);

  sw_model_drop_caches (model);
  g_assert_cmpint (sw_model_find_component (model, "c"), ==, 2);
  g_assert_cmpint (sw_model_find_component (model, "d"), ==, 3);
  g_assert_cmpint (sw_model_find_component (model, "nothing"), ==, -1);
  sw_model_drop_caches (model);
  g_assert_false (sw_model_connect (model, "a.flange_b", "b.flange_a", &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_TOPOLOGY);
  g_assert_nonnull (strstr (error->message, "already connected"));
  g_assert_cmpuint (changed, ==, 0);

  g_assert_finalize_object (model);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/model-edit/display-name", test_display_name);
  g_test_add_func ("/core/model-edit/unique-id", test_unique_id);
  g_test_add_func ("/core/model-edit/set-id", test_set_id);
  g_test_add_func ("/core/model-edit/drop-caches", test_drop_caches);

  return g_test_run ();
}
