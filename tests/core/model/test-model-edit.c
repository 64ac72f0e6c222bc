/* test-model-edit.c: the model's editing API for the schematic editor.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-model.h"

#define HEADER "{\"format\": \"shaftwork-model\", \"version\": 1, "

/* Helpers */

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

/* A model and a counter of its "changed" emissions. */
static SwModel *
new_model (guint *changed)
{
  SwModel *model = sw_model_new ();

  g_signal_connect (model, "changed", G_CALLBACK (on_changed), changed);
  return model;
}

static SwModel *
load (const char *text)
{
  g_autoptr(GError) error = NULL;
  SwModel *model = sw_model_new_from_data (text, -1, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

static void
add (SwModel    *model,
     const char *kind,
     const char *id)
{
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (sw_model_add_component (model, kind, id, &error), >=, 0);
  g_assert_no_error (error);
}

static void
connect_ports (SwModel    *model,
               const char *from,
               const char *to)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (sw_model_connect (model, from, to, &error));
  g_assert_no_error (error);
}

static const char *
component_id (SwModel *model,
              guint    index)
{
  return sw_model_get_component (model, index)->id;
}

/* "a.flange_b>b.flange_a" */
static char *
describe_connection (SwModel *model,
                     guint    index)
{
  const SwConnection *c = sw_model_get_connection (model, index);
  const SwComponent *from = sw_model_get_component (model, c->from_component);
  const SwComponent *to = sw_model_get_component (model, c->to_component);

  return g_strdup_printf ("%s.%s>%s.%s",
                          from->id, from->kind->ports[c->from_port].name,
                          to->id, to->kind->ports[c->to_port].name);
}

/* All connections, "|"-separated. */
static char *
describe_connections (SwModel *model)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < sw_model_get_n_connections (model); i++)
    {
      g_autofree char *one = describe_connection (model, i);

      if (i > 0)
        g_string_append_c (out, '|');
      g_string_append (out, one);
    }
  return g_string_free (out, FALSE);
}

/* A chain a - b - c - d of inertias, with b also tied to ground. */
static SwModel *
new_chain (guint *changed)
{
  SwModel *model = new_model (changed);

  add (model, "rotational.inertia", "a");
  add (model, "rotational.inertia", "b");
  add (model, "rotational.inertia", "c");
  add (model, "rotational.inertia", "d");
  add (model, "rotational.fixed", "ground");
  connect_ports (model, "a.flange_b", "b.flange_a");
  connect_ports (model, "b.flange_b", "c.flange_a");
  connect_ports (model, "c.flange_b", "d.flange_a");
  connect_ports (model, "ground.flange", "b.flange_b");
  connect_ports (model, "a.flange_a", "d.flange_b");
  *changed = 0;
  return model;
}

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
  add (model, "rotational.inertia", id1);

  id2 = sw_model_dup_unique_id (model, "rotational.inertia");
  g_assert_cmpstr (id2, ==, "inertia2");
  add (model, "rotational.inertia", id2);

  /* Taken ids are skipped, whatever their kind. */
  add (model, "rotational.spring", "inertia3");
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

  g_signal_connect (model, "changed", G_CALLBACK (on_changed), &changed);
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
  g_signal_connect (model, "notify::name", G_CALLBACK (on_notify), &notified);
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

  g_signal_connect (source, "changed", G_CALLBACK (on_changed), &changed);
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

  g_signal_connect (source, "changed", G_CALLBACK (on_changed), &changed);
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

  add (model, "rotational.inertia", "inertia1");
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

static void
test_no_change (void)
{
  guint changed = 0;
  SwModel *model = new_chain (&changed);
  g_autoptr(GError) error = NULL;
  g_autoptr(SwSignal) step = NULL;
  g_autoptr(SwSignal) same_step = NULL;
  g_autoptr(JsonNode) node = NULL;
  SwSimulationSettings settings = *sw_model_get_simulation (model);
  int motor;

  /* A parameter set to what it is (once given) is no change. */
  g_assert_true (sw_model_set_param (model, 0, "J", 1, &error));
  g_assert_cmpuint (changed, ==, 1);   /* the default, now given */
  g_assert_true (sw_model_set_param (model, 0, "J", 1, &error));
  g_assert_cmpuint (changed, ==, 1);
  g_assert_true (sw_model_set_param (model, 0, "w0", NAN, &error));
  g_assert_cmpuint (changed, ==, 1);
  g_assert_true (sw_model_set_param (model, 0, "w0", 2, &error));
  g_assert_true (sw_model_set_param (model, 0, "w0", 2, &error));
  g_assert_cmpuint (changed, ==, 2);
  g_assert_no_error (error);

  motor = sw_model_add_component (model, "rotational.torque", "motor", &error);
  g_assert_no_error (error);
  node = json_from_string ("{\"step\": {\"height\": 2}}", &error);
  g_assert_no_error (error);
  step = sw_signal_new_from_json (node, &error);
  same_step = sw_signal_new_from_json (node, &error);
  g_assert_no_error (error);
  g_assert_true (sw_model_set_param_signal (model, motor, "tau", step, &error));
  g_assert_cmpuint (changed, ==, 4);
  g_assert_true (sw_model_set_param_signal (model, motor, "tau", same_step, &error));
  g_assert_cmpuint (changed, ==, 4);
  g_assert_true (sw_model_set_param (model, motor, "tau", 2, &error));
  g_assert_cmpuint (changed, ==, 5);
  g_assert_true (sw_model_set_param (model, motor, "tau", 2, &error));
  g_assert_cmpuint (changed, ==, 5);
  g_assert_no_error (error);

  sw_model_set_simulation (model, &settings);
  g_assert_cmpuint (changed, ==, 5);
  settings.method = (char *) "auto";
  sw_model_set_simulation (model, &settings);
  g_assert_cmpuint (changed, ==, 5);
  settings.stop_time_s = 2;
  sw_model_set_simulation (model, &settings);
  g_assert_cmpuint (changed, ==, 6);

  g_assert_finalize_object (model);
}

/* Table parameters: validated like the file, "changed" once, no change
 * for an equal table; numbers and tables are not mixed up. */
static void
test_param_table (void)
{
  static const double rows[] = { 0, 0.5, 1, 0.45, 10, 0.3 };
  static const double decreasing[] = { 0, 0.5, 2, 0.45, 1, 0.3 };
  static const double negative[] = { 0, -0.5 };
  static const double three_columns[] = { 0, 0.5, 1 };
  guint changed = 0;
  SwModel *model = new_model (&changed);
  g_autoptr(SwTable) table = sw_table_new (3, 2, rows);
  g_autoptr(SwTable) same = sw_table_new (3, 2, rows);
  g_autoptr(SwTable) bad_order = sw_table_new (3, 2, decreasing);
  g_autoptr(SwTable) bad_value = sw_table_new (1, 2, negative);
  g_autoptr(SwTable) bad_width = sw_table_new (1, 3, three_columns);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const SwComponent *c;
  int clutch;

  clutch = sw_model_add_component (model, "rotational.clutch", "clutch", &error);
  g_assert_no_error (error);
  add (model, "rotational.inertia", "J1");
  /* No defaults: given, so that the text reads back. */
  g_assert_true (sw_model_set_param (model, clutch, "fn_max", 100, &error));
  g_assert_true (sw_model_set_param (model, clutch, "f_normalized", 1, &error));
  g_assert_cmpuint (changed, ==, 4);

  g_assert_true (sw_model_set_param_table (model, clutch, "mue_pos", table, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 5);
  c = sw_model_get_component (model, clutch);
  g_assert_true (c->table[0] == table);
  g_assert_true (c->given[0]);
  g_assert_cmpfloat (c->param[0], ==, 0.5);
  g_assert_true (sw_model_set_param_table (model, clutch, "mue_pos", same, &error));
  g_assert_cmpuint (changed, ==, 5);

  g_assert_false (sw_model_set_param_table (model, clutch, "mue_pos", bad_order, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "component “clutch”: parameter “mue_pos”, row 3: w = 1 must be larger "
                                       "than the row before (2); rows are [w, mue] with w increasing");
  g_clear_error (&error);
  g_assert_false (sw_model_set_param_table (model, clutch, "mue_pos", bad_value, &error));
  g_assert_cmpstr (error->message, ==, "component “clutch”: parameter “mue_pos”, row 1: mue = -0.5 is out of "
                                       "range; valid: mue >= 0");
  g_clear_error (&error);
  g_assert_false (sw_model_set_param_table (model, clutch, "mue_pos", bad_width, &error));
  g_assert_cmpstr (error->message, ==, "component “clutch”: parameter “mue_pos” has rows of 3 numbers; valid: "
                                       "rows [w, mue] of 2 numbers");
  g_clear_error (&error);
  g_assert_false (sw_model_set_param_table (model, 1, "J", table, &error));
  g_assert_cmpstr (error->message, ==, "component “J1”: parameter “J” takes a number, not a table");
  g_clear_error (&error);
  g_assert_false (sw_model_set_param_table (model, clutch, "mu", table, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER);
  g_clear_error (&error);
  g_assert_false (sw_model_set_param (model, clutch, "mue_pos", 0.3, &error));
  g_assert_cmpstr (error->message, ==, "component “clutch”: parameter “mue_pos” is a table, not a number; "
                                       "valid: rows [w, mue]");
  g_clear_error (&error);
  g_assert_cmpuint (changed, ==, 5);
  c = sw_model_get_component (model, clutch);
  g_assert_true (c->table[0] == table);

  /* Written as rows, read back the same. */
  text = sw_model_to_data (model, NULL);
  g_assert_nonnull (strstr (text, "\"mue_pos\": [[0, 0.5], [1, 0.45], [10, 0.3]]"));
  {
    g_autoptr(SwModel) copy = load (text);

    g_assert_true (sw_table_equal (sw_model_get_component (copy, 0)->table[0], table));
  }

  /* A copied fragment holds its own reference. */
  {
    guint which = (guint) clutch;
    g_autofree char *fragment = sw_model_dup_fragment (model, &which, 1);

    g_assert_nonnull (strstr (fragment, "[[0, 0.5], [1, 0.45], [10, 0.3]]"));
  }
  c = sw_model_get_component (model, clutch);
  g_assert_true (sw_table_equal (c->table[0], table));

  g_assert_finalize_object (model);
}

/* Any "ui" member is kept through save and load; begin/end edit makes one
 * "changed" of many edits, and none when nothing changed. */
static void
test_ui_member_and_grouping (void)
{
  guint changed = 0;
  g_autoptr (SwModel) model = new_model (&changed);
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) geometry = json_from_string ("{\"material\": \"steel\", \"length\": 0.2}", NULL);
  g_autofree char *text = NULL;
  g_autoptr (SwModel) back = NULL;
  int i = sw_model_add_component (model, "rotational.inertia", "disc", &error);

  g_assert_no_error (error);
  changed = 0;
  sw_model_set_ui_member (model, i, "geometry", geometry);
  g_assert_cmpuint (changed, ==, 1);
  sw_model_set_ui_member (model, i, "geometry", geometry);
  g_assert_cmpuint (changed, ==, 1);
  sw_model_set_rotation (model, i, 90, FALSE);
  g_assert_cmpuint (changed, ==, 2);
  g_assert_true (json_node_equal (sw_model_get_ui_member (model, i, "geometry"), geometry));

  text = sw_model_to_data (model, NULL);
  back = sw_model_new_from_data (text, -1, "back.shaft", &error);
  g_assert_no_error (error);
  g_assert_true (json_node_equal (sw_model_get_ui_member (back, 0, "geometry"), geometry));
  g_assert_cmpint (sw_model_get_rotation (back, 0), ==, 90);

  sw_model_begin_edit (model);
  sw_model_begin_edit (model);
  sw_model_set_param (model, i, "J", 3, &error);
  sw_model_set_position (model, i, 40, 50);
  sw_model_end_edit (model);
  g_assert_cmpuint (changed, ==, 2);
  sw_model_set_ui_member (model, i, "geometry", NULL);
  sw_model_end_edit (model);
  g_assert_cmpuint (changed, ==, 3);
  g_assert_null (sw_model_get_ui_member (model, i, "geometry"));
  sw_model_begin_edit (model);
  sw_model_end_edit (model);
  g_assert_cmpuint (changed, ==, 3);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/model-edit/display-name", test_display_name);
  g_test_add_func ("/core/model-edit/unique-id", test_unique_id);
  g_test_add_func ("/core/model-edit/remove-component", test_remove_component);
  g_test_add_func ("/core/model-edit/remove-connection", test_remove_connection);
  g_test_add_func ("/core/model-edit/position", test_position);
  g_test_add_func ("/core/model-edit/rotation", test_rotation);
  g_test_add_func ("/core/model-edit/set-id", test_set_id);
  g_test_add_func ("/core/model-edit/restore", test_restore);
  g_test_add_func ("/core/model-edit/fragment", test_fragment);
  g_test_add_func ("/core/model-edit/paste-twice", test_paste_twice);
  g_test_add_func ("/core/model-edit/paste-keeps-free-ids", test_paste_keeps_free_ids);
  g_test_add_func ("/core/model-edit/paste-errors", test_paste_errors);
  g_test_add_func ("/core/model-edit/no-change", test_no_change);
  g_test_add_func ("/core/model-edit/param-table", test_param_table);
  g_test_add_func ("/core/model-edit/ui-member-and-grouping", test_ui_member_and_grouping);

  return g_test_run ();
}
