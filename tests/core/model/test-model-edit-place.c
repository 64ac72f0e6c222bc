/* test-model-edit-place.c: the model's editing API: positions and rotations.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-model.h"
#include "test-model-edit-common.h"

static void
test_position (void)
{
  guint changed = 0;
  SwModel *model = new_chain (&changed);
  g_autofree char *text = NULL;
  const SwComponent *c;
  SwModel *loaded;

  c = sw_model_get_component (model, 2);
  g_assert_false (c->has_position);

  sw_model_set_position (model, 2, 40, -80.5);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_true (c->has_position);
  g_assert_cmpfloat (c->position[0], ==, 40);
  g_assert_cmpfloat (c->position[1], ==, -80.5);

  /* The same place is no change. */
  sw_model_set_position (model, 2, 40, -80.5);
  g_assert_cmpuint (changed, ==, 1);

  sw_model_set_position (model, 2, 40, 0.1);
  g_assert_cmpuint (changed, ==, 2);
  /* (0, 0) is a position too, not "none". */
  sw_model_set_position (model, 3, 0, 0);
  g_assert_cmpuint (changed, ==, 3);
  g_assert_true (sw_model_get_component (model, 3)->has_position);

  text = sw_model_to_data (model, NULL);
  g_assert_nonnull (strstr (text, "\"position\": [40, 0.1]"));
  loaded = load (text);
  g_assert_true (sw_model_get_component (loaded, 2)->has_position);
  g_assert_cmpfloat (sw_model_get_component (loaded, 2)->position[1], ==, 0.1);
  g_assert_true (sw_model_get_component (loaded, 3)->has_position);
  g_assert_false (sw_model_get_component (loaded, 0)->has_position);

  g_test_expect_message ("Shaftwork", G_LOG_LEVEL_CRITICAL, "*isfinite*");
  sw_model_set_position (model, 2, NAN, 0);
  g_test_assert_expected_messages ();
  g_assert_cmpuint (changed, ==, 3);

  g_assert_finalize_object (loaded);
  g_assert_finalize_object (model);
}

static void
test_rotation (void)
{
  static const char text[] =
    HEADER "\"components\": ["
    "{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"ui\": {\"label\": \"left\", \"color\": [1, 2]}},"
    "{\"id\": \"b\", \"kind\": \"rotational.inertia\"},"
    "{\"id\": \"odd\", \"kind\": \"rotational.inertia\", \"ui\": {\"rotation\": 100, \"flip\": 1}},"
    "{\"id\": \"neg\", \"kind\": \"rotational.inertia\", \"ui\": {\"rotation\": -90.0, \"flip\": true}},"
    "{\"id\": \"junk\", \"kind\": \"rotational.inertia\", \"ui\": {\"rotation\": \"up\"}},"
    "{\"id\": \"scalar\", \"kind\": \"rotational.inertia\", \"ui\": 7}"
    "]}";
  g_autofree char *original = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *resaved = NULL;
  g_autofree char *back = NULL;
  guint changed = 0;
  SwModel *model = load (text);
  SwModel *loaded;

  g_signal_connect (model, "changed", G_CALLBACK (sw_test_count_changed), &changed);
  original = sw_model_to_data (model, NULL);

  /* Defaults, and what a hand-written file may hold. */
  g_assert_cmpint (sw_model_get_rotation (model, 0), ==, 0);
  g_assert_false (sw_model_get_flipped (model, 0));
  g_assert_cmpint (sw_model_get_rotation (model, 1), ==, 0);
  g_assert_false (sw_model_get_flipped (model, 1));
  g_assert_cmpint (sw_model_get_rotation (model, 2), ==, 90);
  g_assert_false (sw_model_get_flipped (model, 2));
  g_assert_cmpint (sw_model_get_rotation (model, 3), ==, 270);
  g_assert_true (sw_model_get_flipped (model, 3));
  g_assert_cmpint (sw_model_get_rotation (model, 4), ==, 0);
  g_assert_cmpint (sw_model_get_rotation (model, 5), ==, 0);

  /* Setting what is already there is no change (b gets no "ui"). */
  sw_model_set_rotation (model, 1, 0, FALSE);
  sw_model_set_rotation (model, 1, 360, FALSE);
  g_assert_cmpuint (changed, ==, 0);
  g_assert_null (sw_model_get_component (model, 1)->ui);

  sw_model_set_rotation (model, 0, 90, TRUE);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpint (sw_model_get_rotation (model, 0), ==, 90);
  g_assert_true (sw_model_get_flipped (model, 0));
  sw_model_set_rotation (model, 0, 90, TRUE);
  g_assert_cmpuint (changed, ==, 1);

  /* Normalised into 0..270. */
  sw_model_set_rotation (model, 1, -90, FALSE);
  g_assert_cmpint (sw_model_get_rotation (model, 1), ==, 270);
  sw_model_set_rotation (model, 1, 450, FALSE);
  g_assert_cmpint (sw_model_get_rotation (model, 1), ==, 90);
  g_assert_false (sw_model_get_flipped (model, 1));
  sw_model_set_rotation (model, 1, 90, TRUE);
  g_assert_cmpuint (changed, ==, 4);

  /* A ui that is not an object is replaced. */
  sw_model_set_rotation (model, 5, 180, FALSE);
  g_assert_cmpint (sw_model_get_rotation (model, 5), ==, 180);

  g_test_expect_message ("Shaftwork", G_LOG_LEVEL_CRITICAL, "*degrees % 90 == 0*");
  sw_model_set_rotation (model, 0, 45, FALSE);
  g_test_assert_expected_messages ();
  g_assert_cmpint (sw_model_get_rotation (model, 0), ==, 90);
  g_assert_cmpuint (changed, ==, 5);

  /* Through a file, keeping the other ui keys in their order. */
  saved = sw_model_to_data (model, NULL);
  g_assert_nonnull (strstr (saved, "\"ui\": {\"label\": \"left\", \"color\": [1, 2], \"rotation\": 90, \"flip\": true}"));
  g_assert_nonnull (strstr (saved, "\"ui\": {\"rotation\": 90, \"flip\": true}"));
  loaded = load (saved);
  for (guint i = 0; i < sw_model_get_n_components (model); i++)
    {
      g_assert_cmpint (sw_model_get_rotation (loaded, i), ==, sw_model_get_rotation (model, i));
      g_assert_cmpint (sw_model_get_flipped (loaded, i), ==, sw_model_get_flipped (model, i));
    }
  resaved = sw_model_to_data (loaded, NULL);
  g_assert_cmpstr (resaved, ==, saved);

  /* Turning back leaves the other keys as they were, and drops an empty ui. */
  sw_model_set_rotation (model, 0, 0, FALSE);
  sw_model_set_rotation (model, 1, 0, FALSE);
  g_assert_null (sw_model_get_component (model, 1)->ui);
  sw_model_set_rotation (model, 5, 0, FALSE);
  g_assert_null (sw_model_get_component (model, 5)->ui);
  back = sw_model_to_data (model, NULL);
  g_assert_nonnull (strstr (back, "\"ui\": {\"label\": \"left\", \"color\": [1, 2]}"));
  g_assert_null (strstr (back, "\"ui\": 7"));
  g_assert_cmpuint (changed, ==, 8);

  g_assert_finalize_object (loaded);
  g_assert_finalize_object (model);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/model-edit/position", test_position);
  g_test_add_func ("/core/model-edit/rotation", test_rotation);

  return g_test_run ();
}
