/* test-model-file-edit.c: editing models read from files: the changed state,
 * the name, the messages, saving.
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

/* Editing */



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

  g_signal_connect (model, "changed", G_CALLBACK (sw_test_count_changed), &changed);

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

  g_signal_connect (model, "notify::name", G_CALLBACK (sw_test_count_notify), &notified);
  g_signal_connect (model, "changed", G_CALLBACK (sw_test_count_changed), &changed);

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
  g_test_add_func ("/core/model-file/edit/changed", test_edit_changed);
  g_test_add_func ("/core/model-file/edit/name", test_edit_name);
  g_test_add_func ("/core/model-file/edit/same-messages", test_edit_same_messages);
  g_test_add_func ("/core/model-file/edit/save", test_edit_save);

  return g_test_run ();
}
