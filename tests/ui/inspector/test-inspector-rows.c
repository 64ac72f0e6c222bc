/* test-inspector-rows.c: the inspector as a GObject (properties, notify
 * counts, finalization), its rows built from the kind descriptors, edits valid
 * and invalid, the simulation settings, changes made elsewhere, renames,
 * removals, what it shows, booleans.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "sw-error.h"
#include "sw-geometry.h"
#include "sw-history.h"
#include "sw-inspector.h"
#include "sw-inspector-number-row.h"
#include "sw-inspector-signal-row.h"
#include "sw-inspector-table-row.h"
#include "sw-inspector-expression-row.h"
#include "sw-model.h"
#include "sw-ui-test.h"
#include "test-inspector-common.h"

static void
test_properties (void)
{
  GtkWidget *inspector = g_object_ref_sink (sw_inspector_new ());
  g_autoptr(GError) error = NULL;
  g_autofree char *path = sw_ui_test_example_path ("first.shaft");
  SwModel *model = sw_model_new_from_file (path, &error);
  SwModel *other = sw_model_new ();
  SwModel *got = NULL;
  guint n_model = 0, n_component = 0;
  int component = 0;

  g_assert_no_error (error);
  g_assert_null (sw_inspector_get_model (SW_INSPECTOR (inspector)));
  g_assert_cmpint (sw_inspector_get_component (SW_INSPECTOR (inspector)), ==, -1);

  g_signal_connect (inspector, "notify::model", G_CALLBACK (notify_cb), &n_model);
  g_signal_connect (inspector, "notify::component", G_CALLBACK (notify_cb), &n_component);

  sw_inspector_set_model (SW_INSPECTOR (inspector), model);
  g_assert_true (sw_inspector_get_model (SW_INSPECTOR (inspector)) == model);
  g_assert_cmpuint (n_model, ==, 1);
  g_assert_cmpuint (n_component, ==, 0);
  sw_inspector_set_model (SW_INSPECTOR (inspector), model);
  g_assert_cmpuint (n_model, ==, 1);

  sw_inspector_set_component (SW_INSPECTOR (inspector), SPRING);
  g_assert_cmpint (sw_inspector_get_component (SW_INSPECTOR (inspector)), ==, SPRING);
  g_assert_cmpuint (n_component, ==, 1);
  sw_inspector_set_component (SW_INSPECTOR (inspector), SPRING);
  g_assert_cmpuint (n_component, ==, 1);

  g_object_set (inspector, "component", DAMPER, NULL);
  g_assert_cmpuint (n_component, ==, 2);
  g_object_get (inspector, "component", &component, "model", &got, NULL);
  g_assert_cmpint (component, ==, DAMPER);
  g_assert_true (got == model);
  g_clear_object (&got);

  /* Another model: nothing of it is selected. */
  g_object_set (inspector, "model", other, NULL);
  g_assert_cmpuint (n_model, ==, 2);
  g_assert_cmpuint (n_component, ==, 3);
  g_assert_cmpint (sw_inspector_get_component (SW_INSPECTOR (inspector)), ==, -1);
  sw_inspector_set_component (SW_INSPECTOR (inspector), -1);
  g_assert_cmpuint (n_component, ==, 3);

  sw_inspector_set_model (SW_INSPECTOR (inspector), NULL);
  g_assert_cmpuint (n_model, ==, 3);
  g_assert_null (sw_inspector_get_model (SW_INSPECTOR (inspector)));

  /* The inspector kept no reference. */
  g_assert_finalize_object (model);
  g_assert_finalize_object (other);
  g_assert_finalize_object (inspector);
}

static void
test_rows (Fixture       *f,
           gconstpointer  data)
{
  select_component (f, SPRING);
  g_assert_nonnull (row (f, "id"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row (f, "id"))), ==, "spring");
  g_assert_cmpstr (shown (f, "param-c"), ==, "10000");
  g_assert_cmpstr (shown (f, "param-phi_rel0"), ==, "0");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (row (f, "param-c")), ==, "Torsional stiffness");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row (f, "param-c"))), ==, "c");
  g_assert_false (gtk_widget_has_css_class (row (f, "param-c"), "error"));
  g_assert_nonnull (row (f, "geometry"));
  g_assert_null (sw_ui_test_find_named (f->inspector, "initial-w0"));
  g_assert_null (sw_ui_test_find_named (f->inspector, "sim-stop_time"));

  /* Initial values: given, or empty when they follow from the connections. */
  select_component (f, INERTIA2);
  g_assert_cmpstr (shown (f, "param-J"), ==, "2");
  g_assert_cmpstr (shown (f, "initial-phi0"), ==, "0");
  g_assert_cmpstr (shown (f, "initial-w0"), ==, "0");
  select_component (f, INERTIA1);
  g_assert_cmpstr (shown (f, "param-J"), ==, "0.1");
  g_assert_cmpstr (shown (f, "initial-phi0"), ==, "");
  g_assert_false (gtk_widget_has_css_class (row (f, "initial-phi0"), "error"));
  g_assert_null (sw_ui_test_find_named (f->inspector, "param-c"));

  /* A signal: its type and fields. */
  select_component (f, TORQUE);
  g_assert_nonnull (row (f, "param-tau"));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row (f, "tau.type"))), ==, 3 /* sine */);
  g_assert_cmpstr (shown (f, "tau.amplitude"), ==, "10");
  g_assert_cmpstr (shown (f, "tau.f"), ==, "5");
  g_assert_cmpstr (shown (f, "tau.phase"), ==, "0");
  g_assert_nonnull (row (f, "tau.preview"));
  g_assert_null (sw_ui_test_find_named (f->inspector, "tau.height"));

  /* A kind without parameters. */
  select_component (f, FIXED);
  g_assert_nonnull (row (f, "id"));

  g_assert_cmpuint (f->n_changed, ==, 0);
}

static void
test_edit_valid (Fixture       *f,
                 gconstpointer  data)
{
  select_component (f, SPRING);

  /* Typing alone changes nothing; Enter applies. */
  type_into (f, "param-c", "2e4", FALSE);
  g_assert_cmpfloat (param (f, SPRING, "c"), ==, 1e4);
  g_assert_cmpuint (f->n_changed, ==, 0);
  g_assert_false (gtk_widget_has_css_class (row (f, "param-c"), "error"));
  type_into (f, "param-c", "2e4", TRUE);
  g_assert_cmpfloat (param (f, SPRING, "c"), ==, 2e4);
  g_assert_cmpuint (f->n_changed, ==, 1);
  /* Enter again without a change does not edit again. */
  g_signal_emit_by_name (sw_ui_test_find_type (row (f, "param-c"), GTK_TYPE_ENTRY), "activate");
  g_assert_cmpuint (f->n_changed, ==, 1);

  /* A decimal comma, and surrounding space. */
  type_into (f, "param-phi_rel0", " 0,5 ", TRUE);
  g_assert_cmpfloat (param (f, SPRING, "phi_rel0"), ==, 0.5);
  g_assert_cmpuint (f->n_changed, ==, 2);

  /* What was typed and not yet applied is applied when the selection moves. */
  type_into (f, "param-c", "123", FALSE);
  select_component (f, DAMPER);
  g_assert_cmpfloat (param (f, SPRING, "c"), ==, 123);
  g_assert_cmpuint (f->n_changed, ==, 3);

  /* Initial values: a number fixes it, empty gives it back to the connections. */
  select_component (f, INERTIA1);
  type_into (f, "initial-w0", "10", TRUE);
  g_assert_cmpfloat (param (f, INERTIA1, "w0"), ==, 10);
  type_into (f, "initial-w0", "", TRUE);
  g_assert_true (isnan (param (f, INERTIA1, "w0")));
  g_assert_false (sw_model_get_component (f->model, INERTIA1)->given[sw_kind_find_param (
                    sw_model_get_component (f->model, INERTIA1)->kind, "w0")]);
}

static void
test_edit_invalid (Fixture       *f,
                   gconstpointer  data)
{
  const char *tooltip;

  select_component (f, SPRING);

  type_into (f, "param-c", "-5", TRUE);
  g_assert_true (gtk_widget_has_css_class (row (f, "param-c"), "error"));
  tooltip = gtk_widget_get_tooltip_text (row (f, "param-c"));
  g_assert_nonnull (tooltip);
  g_assert_nonnull (strstr (tooltip, "c ≥ 0 N·m/rad"));
  g_assert_cmpfloat (param (f, SPRING, "c"), ==, 1e4);
  /* Said under the title as well, where it is seen without hovering. */
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row (f, "param-c"))), "c ≥ 0 N·m/rad"));

  type_into (f, "param-c", "abc", TRUE);
  g_assert_true (gtk_widget_has_css_class (row (f, "param-c"), "error"));
  type_into (f, "param-c", "1e4x", TRUE);
  g_assert_true (gtk_widget_has_css_class (row (f, "param-c"), "error"));
  type_into (f, "param-c", "inf", TRUE);
  g_assert_true (gtk_widget_has_css_class (row (f, "param-c"), "error"));
  /* Empty is not a value here (it is for initial values). */
  type_into (f, "param-c", "", TRUE);
  g_assert_true (gtk_widget_has_css_class (row (f, "param-c"), "error"));
  g_assert_cmpfloat (param (f, SPRING, "c"), ==, 1e4);
  g_assert_cmpuint (f->n_changed, ==, 0);

  /* An invalid text stays when the selection moves, and is not applied. */
  type_into (f, "param-c", "-1", FALSE);
  select_component (f, -1);
  g_assert_cmpfloat (param (f, SPRING, "c"), ==, 1e4);
  g_assert_cmpuint (f->n_changed, ==, 0);

  /* Valid again: the error goes. */
  select_component (f, SPRING);
  type_into (f, "param-c", "-1", FALSE);
  g_assert_true (gtk_widget_has_css_class (row (f, "param-c"), "error"));
  type_into (f, "param-c", "3", TRUE);
  g_assert_false (gtk_widget_has_css_class (row (f, "param-c"), "error"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (row (f, "param-c")), ==, "Torsional stiffness");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row (f, "param-c"))), ==, "c");
  g_assert_cmpfloat (param (f, SPRING, "c"), ==, 3);
  g_assert_cmpuint (f->n_changed, ==, 1);

  /* An exclusive bound. */
  select_component (f, -1);
  type_into (f, "sim-tolerance", "1", TRUE);
  g_assert_true (gtk_widget_has_css_class (row (f, "sim-tolerance"), "error"));
  g_assert_cmpfloat (sw_model_get_simulation (f->model)->tolerance, ==, 1e-6);
}

static void
test_simulation (Fixture       *f,
                 gconstpointer  data)
{
  const SwSimulationSettings *sim = sw_model_get_simulation (f->model);

  /* Nothing selected: the settings, and no component rows. */
  g_assert_cmpint (sw_inspector_get_component (SW_INSPECTOR (f->inspector)), ==, -1);
  g_assert_null (sw_ui_test_find_named (f->inspector, "id"));
  g_assert_cmpstr (shown (f, "sim-stop_time"), ==, "1");
  g_assert_cmpstr (shown (f, "sim-output_interval"), ==, "0.001");
  g_assert_cmpstr (shown (f, "sim-tolerance"), ==, "1e-6");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row (f, "sim-method"))), ==, 0);

  type_into (f, "sim-stop_time", "5", TRUE);
  g_assert_cmpfloat (sim->stop_time_s, ==, 5);
  g_assert_cmpfloat (sim->output_interval_s, ==, 0.001);
  g_assert_cmpuint (f->n_changed, ==, 1);

  type_into (f, "sim-stop_time", "0", TRUE);
  g_assert_true (gtk_widget_has_css_class (row (f, "sim-stop_time"), "error"));
  g_assert_cmpfloat (sim->stop_time_s, ==, 5);
  g_assert_cmpuint (f->n_changed, ==, 1);

  type_into (f, "sim-output_interval", "0.01", TRUE);
  g_assert_cmpfloat (sim->output_interval_s, ==, 0.01);
  type_into (f, "sim-tolerance", "1e-8", TRUE);
  g_assert_cmpfloat (sim->tolerance, ==, 1e-8);

  adw_combo_row_set_selected (ADW_COMBO_ROW (row (f, "sim-method")), 5);
  g_assert_cmpstr (sim->method, ==, "bdf");
  adw_combo_row_set_selected (ADW_COMBO_ROW (row (f, "sim-method")), 0);
  g_assert_null (sim->method);
  g_assert_cmpuint (f->n_changed, ==, 5);
}

static void
test_external_change (Fixture       *f,
                      gconstpointer  data)
{
  SwSimulationSettings sim;
  GtkWidget *before;

  select_component (f, SPRING);
  before = row (f, "param-c");
  g_assert_true (sw_model_set_param (f->model, SPRING, "c", 777, NULL));
  g_assert_cmpstr (shown (f, "param-c"), ==, "777");
  /* Same rows, new values. */
  g_assert_true (row (f, "param-c") == before);

  /* A text being edited is not overwritten. */
  type_into (f, "param-c", "55", FALSE);
  g_assert_true (sw_model_set_param (f->model, SPRING, "c", 888, NULL));
  g_assert_cmpstr (shown (f, "param-c"), ==, "55");
  g_assert_true (row (f, "param-c") == before);
  g_assert_cmpstr (shown (f, "param-phi_rel0"), ==, "0");
  g_assert_true (sw_model_set_param (f->model, SPRING, "phi_rel0", 0.25, NULL));
  g_assert_cmpstr (shown (f, "param-phi_rel0"), ==, "0.25");

  /* Renamed elsewhere. */
  g_assert_true (sw_model_set_id (f->model, SPRING, "coupling", NULL));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row (f, "id"))), ==, "coupling");

  /* A signal changed elsewhere, to another type. */
  select_component (f, TORQUE);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) node = json_from_string ("{\"step\": {\"height\": 3, \"start_time\": 0.5}}", &error);
    g_autoptr(SwSignal) step = NULL;

    g_assert_no_error (error);
    step = sw_signal_new_from_json (node, &error);
    g_assert_no_error (error);
    g_assert_true (sw_model_set_param_signal (f->model, TORQUE, "tau", step, NULL));
  }
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row (f, "tau.type"))), ==, 1 /* step */);
  g_assert_cmpstr (shown (f, "tau.height"), ==, "3");
  g_assert_cmpstr (shown (f, "tau.startTime"), ==, "0.5");
  g_assert_null (sw_ui_test_find_named (f->inspector, "tau.amplitude"));

  /* The settings. */
  select_component (f, -1);
  sim = *sw_model_get_simulation (f->model);
  sim.stop_time_s = 3;
  sw_model_set_simulation (f->model, &sim);
  g_assert_cmpstr (shown (f, "sim-stop_time"), ==, "3");
}

static void
test_boolean (void)
{
  g_autoptr(SwModel) model = sw_model_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *inspector = g_object_ref_sink (sw_inspector_new ());
  Fixture f = { model, window, inspector, 0 };
  GtkWidget *sw;
  int load;

  load = sw_model_add_component (model, "rotational.linear_speed_dependent_torque", "load", NULL);
  g_assert_cmpint (load, >=, 0);
  gtk_window_set_child (GTK_WINDOW (window), inspector);
  sw_inspector_set_model (SW_INSPECTOR (inspector), model);
  select_component (&f, load);

  sw = sw_ui_test_find_type (row (&f, "param-TorqueDirection"), GTK_TYPE_SWITCH);
  g_assert_nonnull (sw);
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (sw)));
  gtk_switch_set_active (GTK_SWITCH (sw), FALSE);
  g_assert_cmpfloat (param (&f, load, "TorqueDirection"), ==, 0);
  g_assert_true (sw_model_set_param (model, load, "TorqueDirection", 1, NULL));
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (sw)));

  /* The positive range of w_nominal: 0 itself is not valid. */
  type_into (&f, "param-w_nominal", "0", TRUE);
  g_assert_true (gtk_widget_has_css_class (row (&f, "param-w_nominal"), "error"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (row (&f, "param-w_nominal")), "w_nominal > 0 rad/s"));
  g_assert_cmpfloat (param (&f, load, "w_nominal"), ==, 1);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (inspector);
}

static void
test_rename (Fixture       *f,
             gconstpointer  data)
{
  GtkWidget *id;

  select_component (f, SPRING);
  id = row (f, "id");

  gtk_editable_set_text (GTK_EDITABLE (id), "inertia1");
  g_assert_true (gtk_widget_has_css_class (id, "error"));
  g_signal_emit_by_name (id, "entry-activated");
  g_assert_cmpint (sw_model_find_component (f->model, "spring"), ==, SPRING);

  gtk_editable_set_text (GTK_EDITABLE (id), "2x");
  g_assert_true (gtk_widget_has_css_class (id, "error"));
  gtk_editable_set_text (GTK_EDITABLE (id), "a-b");
  g_assert_true (gtk_widget_has_css_class (id, "error"));
  g_signal_emit_by_name (id, "entry-activated");
  g_assert_cmpuint (f->n_changed, ==, 0);

  gtk_editable_set_text (GTK_EDITABLE (id), "shaft_spring");
  g_assert_false (gtk_widget_has_css_class (id, "error"));
  g_signal_emit_by_name (id, "entry-activated");
  g_assert_cmpint (sw_model_find_component (f->model, "shaft_spring"), ==, SPRING);
  g_assert_cmpint (sw_model_find_component (f->model, "spring"), ==, -1);
  g_assert_cmpuint (f->n_changed, ==, 1);
}

static void
test_component_removed (Fixture       *f,
                        gconstpointer  data)
{
  guint n_component = 0;

  g_signal_connect (f->inspector, "notify::component", G_CALLBACK (notify_cb), &n_component);

  /* The one after a removed one shifts into its index: another kind. */
  select_component (f, INERTIA3);
  g_assert_nonnull (row (f, "param-J"));
  sw_model_remove_component (f->model, SPRING);
  g_assert_cmpint (sw_inspector_get_component (SW_INSPECTOR (f->inspector)), ==, INERTIA3);
  g_assert_nonnull (row (f, "param-d"));
  g_assert_null (sw_ui_test_find_named (f->inspector, "param-J"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row (f, "id"))), ==, "damper");

  /* The last one goes: nothing is selected. */
  sw_model_remove_component (f->model, sw_model_get_n_components (f->model) - 1);
  g_assert_cmpint (sw_inspector_get_component (SW_INSPECTOR (f->inspector)), ==, -1);
  g_assert_nonnull (row (f, "sim-stop_time"));
  g_assert_cmpuint (n_component, ==, 2);
}

/* Shown in a window: every row is drawn (the symbol, the signal plot). */
static void
test_shown (Fixture       *f,
            gconstpointer  data)
{
  gint64 end;

  gtk_window_set_default_size (GTK_WINDOW (f->window), 420, 900);
  select_component (f, TORQUE);
  gtk_window_present (GTK_WINDOW (f->window));
  end = g_get_monotonic_time () + G_USEC_PER_SEC / 2;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (gtk_widget_get_mapped (row (f, "tau.preview")));

  /* Moving the focus away applies what was typed. */
  select_component (f, SPRING);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_true (gtk_widget_grab_focus (sw_ui_test_find_type (row (f, "param-c"), GTK_TYPE_ENTRY)));
  type_into (f, "param-c", "4321", FALSE);
  g_assert_cmpfloat (param (f, SPRING, "c"), ==, 1e4);
  g_assert_true (gtk_widget_grab_focus (sw_ui_test_find_type (row (f, "param-phi_rel0"), GTK_TYPE_ENTRY)));
  g_assert_cmpfloat (param (f, SPRING, "c"), ==, 4321);
  g_assert_cmpuint (f->n_changed, ==, 1);

  select_component (f, INERTIA2);
  select_component (f, -1);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_true (gtk_widget_get_mapped (row (f, "sim-stop_time")));
}

int
main (int   argc,
      char *argv[])
{
  if (!inspector_test_init (&argc, &argv))
    return g_test_run ();

  g_test_add_func ("/ui/inspector/properties", test_properties);
  ADD ("rows", test_rows);
  ADD ("edit-valid", test_edit_valid);
  ADD ("edit-invalid", test_edit_invalid);
  ADD ("simulation", test_simulation);
  ADD ("external-change", test_external_change);
  g_test_add_func ("/ui/inspector/boolean", test_boolean);
  ADD ("rename", test_rename);
  ADD ("component-removed", test_component_removed);
  ADD ("shown", test_shown);

  return g_test_run ();
}
