/* test-model-edit-paste.c: the model's editing API: fragments and pasting
 * them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-model.h"
#include "test-model-edit-common.h"

/* A small model with everything a fragment carries. */
static SwModel *
new_fragment_source (void)
{
  static const char text[] =
    HEADER "\"name\": \"Source\", \"components\": ["
    "{\"id\": \"motor\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": {\"step\": {\"height\": 2}}}, \"position\": [0, 0]},"
    "{\"id\": \"inertia1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.25, \"w0\": 3}, \"position\": [100, 0],"
    " \"ui\": {\"rotation\": 90, \"note\": \"x\"}},"
    "{\"id\": \"spring1\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 500}, \"position\": [200, 40]},"
    "{\"id\": \"wall\", \"kind\": \"rotational.fixed\", \"position\": [300, 40]},"
    "{\"id\": \"loose\", \"kind\": \"rotational.inertia\"}],"
    "\"connections\": ["
    "{\"from\": \"motor.flange\", \"to\": \"inertia1.flange_a\"},"
    "{\"from\": \"inertia1.flange_b\", \"to\": \"spring1.flange_a\", \"ui\": {\"route\": [[150, 0], [150, 40]]}},"
    "{\"from\": \"spring1.flange_b\", \"to\": \"wall.flange\"},"
    "{\"from\": \"loose.flange_a\", \"to\": \"inertia1.flange_b\"}],"
    "\"simulation\": {\"stop_time\": 7}, \"ui\": {\"zoom\": 3}}";

  return load (text);
}

static void
assert_same_component (const SwComponent *a,
                       const SwComponent *b,
                       double             dx,
                       double             dy)
{
  g_assert_true (a->kind == b->kind);
  for (guint i = 0; i < a->kind->n_params; i++)
    {
      g_assert_cmpint (a->given[i], ==, b->given[i]);
      if (isnan (a->param[i]))
        g_assert_true (isnan (b->param[i]));
      else
        g_assert_cmpfloat (a->param[i], ==, b->param[i]);
      g_assert_cmpint (a->signal[i] != NULL, ==, b->signal[i] != NULL);
    }
  g_assert_cmpint (a->has_position, ==, b->has_position);
  if (a->has_position)
    {
      g_assert_cmpfloat_with_epsilon (b->position[0], a->position[0] + dx, 1e-12);
      g_assert_cmpfloat_with_epsilon (b->position[1], a->position[1] + dy, 1e-12);
    }
  g_assert_cmpint (a->ui != NULL, ==, b->ui != NULL);
  if (a->ui != NULL)
    g_assert_true (json_node_equal (a->ui, b->ui));
}

static void
test_fragment (void)
{
  const guint selection[] = { 2, 1, 0, 1 };
  SwModel *source = new_fragment_source ();
  g_autoptr(GError) error = NULL;
  g_autofree char *fragment = NULL;
  g_autofree char *connections = NULL;
  g_autofree char *pasted = NULL;
  g_autoptr(GArray) indices = NULL;
  guint changed = 0;
  SwModel *parsed;
  SwModel *target;

  g_signal_connect (source, "changed", G_CALLBACK (sw_test_count_changed), &changed);
  fragment = sw_model_dup_fragment (source, selection, G_N_ELEMENTS (selection));
  g_assert_cmpuint (changed, ==, 0);

  /* A valid model of just those, in model order, with the connections
   * among them. */
  parsed = load (fragment);
  g_assert_cmpstr (sw_model_get_name (parsed), ==, "fragment");
  g_assert_cmpuint (sw_model_get_n_components (parsed), ==, 3);
  g_assert_cmpstr (component_id (parsed, 0), ==, "motor");
  g_assert_cmpstr (component_id (parsed, 1), ==, "inertia1");
  g_assert_cmpstr (component_id (parsed, 2), ==, "spring1");
  for (guint i = 0; i < 3; i++)
    assert_same_component (sw_model_get_component (source, i), sw_model_get_component (parsed, i), 0, 0);
  connections = describe_connections (parsed);
  g_assert_cmpstr (connections, ==, "motor.flange>inertia1.flange_a|inertia1.flange_b>spring1.flange_a");
  g_assert_nonnull (strstr (fragment, "\"ui\": {\"route\": [[150, 0], [150, 40]]}"));
  g_assert_null (strstr (fragment, "zoom"));

  /* Into an empty model: the same components, ids kept, offset. */
  target = new_model (&changed);
  indices = sw_model_paste_fragment (target, fragment, 10, -5, &error);
  g_assert_no_error (error);
  g_assert_nonnull (indices);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (indices->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpuint (g_array_index (indices, guint, i), ==, i);
      g_assert_cmpstr (component_id (target, i), ==, component_id (parsed, i));
      assert_same_component (sw_model_get_component (parsed, i), sw_model_get_component (target, i), 10, -5);
      g_assert_cmpuint (sw_model_get_component (target, i)->line, ==, 0);
    }
  pasted = describe_connections (target);
  g_assert_cmpstr (pasted, ==, connections);
  /* Only components and connections come along. */
  g_assert_null (sw_model_get_name (target));
  g_assert_cmpfloat (sw_model_get_simulation (target)->stop_time_s, ==, 1);

  /* An empty selection gives an empty model. */
  {
    g_autofree char *empty = sw_model_dup_fragment (source, NULL, 0);
    g_autoptr(GArray) none = NULL;
    SwModel *empty_model = load (empty);

    g_assert_cmpuint (sw_model_get_n_components (empty_model), ==, 0);
    none = sw_model_paste_fragment (target, empty, 0, 0, &error);
    g_assert_no_error (error);
    g_assert_nonnull (none);
    g_assert_cmpuint (none->len, ==, 0);
    g_assert_cmpuint (changed, ==, 1);
    g_assert_finalize_object (empty_model);
  }

  g_assert_finalize_object (parsed);
  g_assert_finalize_object (target);
  g_assert_finalize_object (source);
}

static void
test_paste_twice (void)
{
  const guint selection[] = { 1, 2, 4 };
  SwModel *source = new_fragment_source ();
  g_autoptr(GError) error = NULL;
  g_autofree char *fragment = NULL;
  g_autofree char *connections = NULL;
  g_autoptr(GArray) first = NULL;
  g_autoptr(GArray) second = NULL;
  guint changed = 0;

  g_signal_connect (source, "changed", G_CALLBACK (sw_test_count_changed), &changed);
  fragment = sw_model_dup_fragment (source, selection, G_N_ELEMENTS (selection));

  /* Into the model it came from: every id is taken. */
  first = sw_model_paste_fragment (source, fragment, 20, 20, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (first->len, ==, 3);
  g_assert_cmpuint (g_array_index (first, guint, 0), ==, 5);
  g_assert_cmpuint (g_array_index (first, guint, 2), ==, 7);
  g_assert_cmpstr (component_id (source, 5), ==, "inertia2");
  g_assert_cmpstr (component_id (source, 6), ==, "spring2");
  g_assert_cmpstr (component_id (source, 7), ==, "inertia3");
  assert_same_component (sw_model_get_component (source, 1), sw_model_get_component (source, 5), 20, 20);
  assert_same_component (sw_model_get_component (source, 4), sw_model_get_component (source, 7), 0, 0);

  second = sw_model_paste_fragment (source, fragment, 40, 40, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 2);
  g_assert_cmpstr (component_id (source, 8), ==, "inertia4");
  g_assert_cmpstr (component_id (source, 9), ==, "spring3");
  g_assert_cmpstr (component_id (source, 10), ==, "inertia5");
  g_assert_cmpfloat (sw_model_get_component (source, 8)->position[0], ==, 140);

  /* The internal connections are remapped, once per paste. */
  connections = describe_connections (source);
  g_assert_cmpstr (connections, ==,
                   "motor.flange>inertia1.flange_a|inertia1.flange_b>spring1.flange_a|"
                   "spring1.flange_b>wall.flange|loose.flange_a>inertia1.flange_b|"
                   "inertia2.flange_b>spring2.flange_a|inertia3.flange_a>inertia2.flange_b|"
                   "inertia4.flange_b>spring3.flange_a|inertia5.flange_a>inertia4.flange_b");

  g_assert_finalize_object (source);
}

static void
test_paste_keeps_free_ids (void)
{
  /* A renamed component never takes an id the fragment keeps. */
  static const char fragment[] =
    HEADER "\"components\": ["
    "{\"id\": \"inertia1\", \"kind\": \"rotational.inertia\"},"
    "{\"id\": \"inertia2\", \"kind\": \"rotational.inertia\"}],"
    "\"connections\": [{\"from\": \"inertia1.flange_b\", \"to\": \"inertia2.flange_a\"}]}";
  guint changed = 0;
  SwModel *model = new_model (&changed);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) indices = NULL;
  g_autofree char *connections = NULL;

  sw_test_add_component (model, "rotational.inertia", "inertia1");
  changed = 0;
  indices = sw_model_paste_fragment (model, fragment, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpstr (component_id (model, 1), ==, "inertia3");
  g_assert_cmpstr (component_id (model, 2), ==, "inertia2");
  connections = describe_connections (model);
  g_assert_cmpstr (connections, ==, "inertia3.flange_b>inertia2.flange_a");

  g_assert_finalize_object (model);
}

static void
test_paste_errors (void)
{
  static const char *const bad[] = {
    "not json",
    HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\"},"
    "{\"id\": \"a\", \"kind\": \"rotational.inertia\"}]}",
    HEADER "\"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\"}],"
    "\"connections\": [{\"from\": \"a.flange_b\", \"to\": \"b.flange_a\"}]}",
  };
  guint changed = 0;
  SwModel *model = new_chain (&changed);
  g_autofree char *before = sw_model_to_data (model, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GError) reader_error = NULL;
      g_autofree char *after = NULL;

      g_assert_null (sw_model_new_from_data (bad[i], -1, "<clipboard>", &reader_error));
      g_assert_null (sw_model_paste_fragment (model, bad[i], 5, 5, &error));
      g_assert_nonnull (error);
      g_assert_nonnull (reader_error);
      g_assert_cmpint (error->code, ==, reader_error->code);
      g_assert_cmpstr (error->message, ==, reader_error->message);

      after = sw_model_to_data (model, NULL);
      g_assert_cmpstr (after, ==, before);
    }
  g_assert_cmpuint (changed, ==, 0);

  g_assert_finalize_object (model);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/model-edit/fragment", test_fragment);
  g_test_add_func ("/core/model-edit/paste-twice", test_paste_twice);
  g_test_add_func ("/core/model-edit/paste-keeps-free-ids", test_paste_keeps_free_ids);
  g_test_add_func ("/core/model-edit/paste-errors", test_paste_errors);

  return g_test_run ();
}
