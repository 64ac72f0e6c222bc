/* test-inspector.c: SwInspector builds its rows from the kind descriptors,
 * edits the model through them (and refuses invalid text), shows the
 * simulation settings when nothing is selected, follows changes made
 * elsewhere, shows speeds and angles in the units of the preferences while
 * the model stays in SI, tunes numbers by dragging, scrolling and Up/Down
 * in relative steps (a drag one undo step), and behaves as a GObject
 * (notify counts, finalization).
 *
 * The widgets are found by name and driven as a user drives them: text
 * into an entry, then Enter.
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

/* Indices in data/examples/first.shaft. */
enum { FIXED, TORQUE, INERTIA1, GEAR, INERTIA2, SPRING, INERTIA3, DAMPER };

typedef struct {
  SwModel   *model;
  GtkWidget *window;
  GtkWidget *inspector;
  guint      n_changed;
} Fixture;

static void
changed_cb (SwModel *model,
            Fixture *f)
{
  f->n_changed++;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = sw_ui_test_example_path ("first.shaft");

  f->model = sw_model_new_from_file (path, &error);
  g_assert_no_error (error);
  g_signal_connect (f->model, "changed", G_CALLBACK (changed_cb), f);

  /* In a window, as entries and rows expect (focus, default widget). */
  f->window = gtk_window_new ();
  f->inspector = g_object_ref_sink (sw_inspector_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), f->inspector);
  sw_inspector_set_model (SW_INSPECTOR (f->inspector), f->model);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_assert_finalize_object (f->inspector);
  g_signal_handlers_disconnect_by_data (f->model, f);
  g_assert_finalize_object (f->model);
}

static GtkWidget *
row (Fixture    *f,
     const char *name)
{
  GtkWidget *widget = sw_ui_test_find_named (f->inspector, name);

  if (widget == NULL)
    g_error ("no row named “%s”", name);
  return widget;
}

/* The text of a number row's entry. */
static const char *
shown (Fixture    *f,
       const char *name)
{
  GtkWidget *entry = sw_ui_test_find_type (row (f, name), GTK_TYPE_ENTRY);

  g_assert_nonnull (entry);
  return gtk_editable_get_text (GTK_EDITABLE (entry));
}

/* Types text into a number row, and presses Enter if asked to. */
static void
type_into (Fixture    *f,
           const char *name,
           const char *text,
           gboolean    enter)
{
  GtkWidget *entry = sw_ui_test_find_type (row (f, name), GTK_TYPE_ENTRY);

  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  if (enter)
    g_signal_emit_by_name (entry, "activate");
}

/* The unit beside a number row's entry. */
static const char *
unit_shown (Fixture    *f,
            const char *name)
{
  GtkWidget *entry = sw_ui_test_find_type (row (f, name), GTK_TYPE_ENTRY);
  GtkWidget *label;

  g_assert_nonnull (entry);
  label = gtk_widget_get_next_sibling (entry);
  g_assert_true (GTK_IS_LABEL (label));
  return gtk_label_get_text (GTK_LABEL (label));
}

static double
param (Fixture    *f,
       guint       component,
       const char *name)
{
  const SwComponent *c = sw_model_get_component (f->model, component);
  int p = sw_kind_find_param (c->kind, name);

  g_assert_cmpint (p, >=, 0);
  return c->param[p];
}

static void
select_component (Fixture *f,
                  int      component)
{
  sw_inspector_set_component (SW_INSPECTOR (f->inspector), component);
}

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           guint      *count)
{
  (*count)++;
}

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
test_signal (Fixture       *f,
             gconstpointer  data)
{
  const SwComponent *c = sw_model_get_component (f->model, TORQUE);
  guint before;

  select_component (f, TORQUE);

  /* sin(2π · 5 Hz · 0.05 s) = 1 */
  type_into (f, "tau.amplitude", "20", TRUE);
  g_assert_cmpuint (f->n_changed, ==, 1);
  g_assert_cmpstr (sw_signal_get_type_name (c->signal[0]), ==, "sine");
  g_assert_cmpfloat_with_epsilon (sw_signal_eval (c->signal[0], 0.05, FALSE, NULL, NULL), 20, 1e-9);

  /* An invalid field: shown, not applied. */
  type_into (f, "tau.f", "-1", TRUE);
  g_assert_true (gtk_widget_has_css_class (row (f, "tau.f"), "error"));
  g_assert_false (gtk_widget_get_visible (row (f, "tau.error")));
  g_assert_cmpuint (f->n_changed, ==, 1);
  /* Meanwhile the plot shows the model's signal. */
  g_assert_true (sw_inspector_signal_row_get_preview (SW_INSPECTOR_SIGNAL_ROW (row (f, "param-tau"))) ==
                 c->signal[0]);
  type_into (f, "tau.f", "10", FALSE);
  g_assert_cmpfloat_with_epsilon (sw_signal_eval (sw_inspector_signal_row_get_preview (
                                    SW_INSPECTOR_SIGNAL_ROW (row (f, "param-tau"))), 0.025, FALSE, NULL, NULL),
                                  20, 1e-9);
  g_assert_cmpuint (f->n_changed, ==, 1);

  /* Another type: applied at once, with the amplitude carried over as the
   * height. */
  type_into (f, "tau.f", "5", FALSE);
  adw_combo_row_set_selected (ADW_COMBO_ROW (row (f, "tau.type")), 1 /* step */);
  g_assert_cmpstr (sw_signal_get_type_name (c->signal[0]), ==, "step");
  g_assert_cmpfloat (sw_signal_eval (c->signal[0], 1, FALSE, NULL, NULL), ==, 20);
  g_assert_cmpstr (shown (f, "tau.height"), ==, "20");
  g_assert_null (sw_ui_test_find_named (f->inspector, "tau.f"));

  /* A constant is a number. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (row (f, "tau.type")), 0 /* constant */);
  g_assert_true (sw_signal_is_constant (c->signal[0]));
  g_assert_cmpfloat (c->param[0], ==, 20);
  type_into (f, "tau.k", "-4", TRUE);
  g_assert_cmpfloat (c->param[0], ==, -4);

  /* What the fields say together can be wrong: a trapezoid longer than its
   * period. The core says so, on the row, and the model keeps the old one. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (row (f, "tau.type")), 7 /* trapezoid */);
  g_assert_cmpstr (sw_signal_get_type_name (c->signal[0]), ==, "trapezoid");
  before = f->n_changed;
  type_into (f, "tau.rising", "0.6", FALSE);
  g_assert_true (gtk_widget_get_visible (row (f, "tau.error")));
  type_into (f, "tau.rising", "0.6", TRUE);
  g_assert_cmpuint (f->n_changed, ==, before);
  type_into (f, "tau.rising", "0.2", TRUE);
  g_assert_false (gtk_widget_get_visible (row (f, "tau.error")));
  g_assert_cmpuint (f->n_changed, ==, before + 1);

  /* A table. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (row (f, "tau.type")), 8 /* table */);
  g_assert_cmpstr (sw_signal_get_type_name (c->signal[0]), ==, "table");
  gtk_editable_set_text (GTK_EDITABLE (row (f, "tau.points")), "0 0; 1 10; 2 10");
  g_signal_emit_by_name (row (f, "tau.points"), "entry-activated");
  g_assert_cmpfloat_with_epsilon (sw_signal_eval (c->signal[0], 0.5, FALSE, NULL, NULL), 5, 1e-12);
  gtk_editable_set_text (GTK_EDITABLE (row (f, "tau.points")), "0 0; 1");
  g_assert_true (gtk_widget_has_css_class (row (f, "tau.points"), "error"));
  g_signal_emit_by_name (row (f, "tau.points"), "entry-activated");
  g_assert_cmpfloat_with_epsilon (sw_signal_eval (c->signal[0], 0.5, FALSE, NULL, NULL), 5, 1e-12);
  adw_combo_row_set_selected (ADW_COMBO_ROW (row (f, "tau.interpolation")), 1 /* hold */);
  /* The points text is still invalid: nothing is applied until it is fixed. */
  g_assert_cmpfloat_with_epsilon (sw_signal_eval (c->signal[0], 0.5, FALSE, NULL, NULL), 5, 1e-12);
  gtk_editable_set_text (GTK_EDITABLE (row (f, "tau.points")), "0 0; 1 10; 2 10");
  g_signal_emit_by_name (row (f, "tau.points"), "entry-activated");
  g_assert_cmpfloat (sw_signal_eval (c->signal[0], 0.5, FALSE, NULL, NULL), ==, 0);
}

static void
test_geometry (Fixture       *f,
               gconstpointer  data)
{
  const SwMaterial *steel = sw_geometry_lookup_material ("steel");

  /* Steel disc d = 0.1 m, l = 0.2 m: J = 7850 · 0.2 · π/32 · 1e-4. */
  select_component (f, INERTIA2);
  type_into (f, "geometry.outer_diameter", "0.1", FALSE);
  type_into (f, "geometry.inner_diameter", "0", FALSE);
  type_into (f, "geometry.length", "0.2", FALSE);
  g_assert_cmpstr (shown (f, "geometry.density"), ==, "7850");
  g_assert_cmpuint (f->n_changed, ==, 0);
  g_signal_emit_by_name (row (f, "geometry.apply"), "clicked");
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA2, "J"), 0.0154134, 1e-7);
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA2, "J"),
                                  sw_geometry_cylinder_inertia (0.1, 0, 0.2, steel->density_kg_m3), 1e-15);
  /* One edit, and the file keeps the geometry beside the value. */
  g_assert_cmpuint (f->n_changed, ==, 1);
  {
    JsonNode *g = sw_model_get_ui_member (f->model, INERTIA2, "geometry");
    JsonObject *o;

    g_assert_nonnull (g);
    o = json_node_get_object (g);
    g_assert_cmpstr (json_object_get_string_member (o, "material"), ==, "steel");
    g_assert_cmpfloat (json_object_get_double_member (o, "outer_diameter"), ==, 0.1);
    g_assert_cmpfloat (json_object_get_double_member (o, "length"), ==, 0.2);
    g_assert_cmpfloat (json_object_get_double_member (o, "density"), ==, 7850);
  }
  /* Shown again when the component is selected again. */
  select_component (f, SPRING);
  select_component (f, INERTIA2);
  g_assert_cmpstr (shown (f, "geometry.outer_diameter"), ==, "0.1");
  g_assert_cmpstr (shown (f, "geometry.length"), ==, "0.2");

  /* Aluminium sets the density; a bore bigger than the part cannot be applied. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (row (f, "geometry.material")), 2);
  g_assert_cmpstr (shown (f, "geometry.density"), ==, "2700");
  type_into (f, "geometry.inner_diameter", "0.2", FALSE);
  g_assert_false (gtk_widget_get_sensitive (row (f, "geometry.apply")));
  g_assert_true (gtk_widget_has_css_class (row (f, "geometry.result"), "error"));
  type_into (f, "geometry.inner_diameter", "0.05", FALSE);
  g_assert_true (gtk_widget_get_sensitive (row (f, "geometry.apply")));
  /* A density of one's own: the material is custom. */
  type_into (f, "geometry.density", "1000", FALSE);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row (f, "geometry.material"))), ==, 3);

  /* Steel shaft d = 0.05 m, l = 1 m: c = 8e10 · π · 6.25e-6 / 32. */
  select_component (f, SPRING);
  g_assert_null (sw_ui_test_find_named (f->inspector, "geometry.density"));
  type_into (f, "geometry.outer_diameter", "0.05", FALSE);
  type_into (f, "geometry.length", "1", FALSE);
  g_assert_cmpstr (shown (f, "geometry.shear_modulus"), ==, "8e10");
  g_signal_emit_by_name (row (f, "geometry.apply"), "clicked");
  g_assert_cmpfloat_with_epsilon (param (f, SPRING, "c"), 49087.4, 0.1);
  g_assert_cmpstr (shown (f, "param-c"), ==, "49087.4");
}

static void
test_shaft_geometry (void)
{
  g_autoptr(SwModel) model = sw_model_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *inspector = g_object_ref_sink (sw_inspector_new ());
  Fixture f = { model, window, inspector, 0 };
  int shaft;

  shaft = sw_model_add_component (model, "rotational.shaft", "shaft1", NULL);
  g_assert_cmpint (shaft, ==, 0);
  gtk_window_set_child (GTK_WINDOW (window), inspector);
  sw_inspector_set_model (SW_INSPECTOR (inspector), model);
  select_component (&f, shaft);

  /* Both at once, with both material constants. */
  type_into (&f, "geometry.outer_diameter", "0.05", FALSE);
  type_into (&f, "geometry.length", "1", FALSE);
  g_assert_cmpstr (shown (&f, "geometry.density"), ==, "7850");
  g_assert_cmpstr (shown (&f, "geometry.shear_modulus"), ==, "8e10");
  g_signal_emit_by_name (row (&f, "geometry.apply"), "clicked");
  g_assert_cmpfloat_with_epsilon (param (&f, 0, "c"), 49087.4, 0.1);
  g_assert_cmpfloat_with_epsilon (param (&f, 0, "J"), sw_geometry_cylinder_inertia (0.05, 0, 1, 7850), 1e-15);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (inspector);
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

/* A formula and its constants: checked as typed (the error under them
 * names the character), applied as one undo step, refreshed from the model. */
static void
test_expression (void)
{
  g_autoptr(SwModel) model = sw_model_new ();
  g_autoptr(SwHistory) history = NULL;
  g_autoptr(SwExpression) external = NULL;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *inspector = g_object_ref_sink (sw_inspector_new ());
  Fixture f = { model, window, inspector, 0 };
  SwInspectorExpressionRow *expr_row;
  GtkWidget *formula, *constants, *error_row;
  const SwExpression *e;
  int k;

  k = sw_model_add_component (model, "rotational.custom_coupling", "k", NULL);
  g_assert_cmpint (k, >=, 0);
  history = sw_history_new (model);
  gtk_window_set_child (GTK_WINDOW (window), inspector);
  sw_inspector_set_model (SW_INSPECTOR (inspector), model);
  select_component (&f, k);

  expr_row = SW_INSPECTOR_EXPRESSION_ROW (row (&f, "param-tau"));
  formula = row (&f, "tau.formula");
  constants = row (&f, "tau.constants");
  error_row = row (&f, "tau.error");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (formula)), ==, "c*phi_rel + d*w_rel");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (constants)), ==, "c = 10000, d = 10");
  g_assert_false (gtk_widget_get_visible (error_row));
  g_assert_false (sw_history_get_can_undo (history));

  /* Wrong as typed: shown under the entries, nothing handed out. */
  gtk_editable_set_text (GTK_EDITABLE (formula), "c*phi_rel + q");
  g_assert_true (gtk_widget_get_visible (error_row));
  g_assert_true (gtk_widget_has_css_class (formula, "error"));
  g_assert_nonnull (strstr (sw_inspector_expression_row_get_error (expr_row),
                            "at character 13 of “c*phi_rel + q”: unknown name “q”"));
  sw_inspector_expression_row_commit (expr_row);
  g_assert_cmpstr (sw_expression_get_text (sw_model_get_component (model, k)->expression[0]), ==,
                   "c*phi_rel + d*w_rel");

  /* A constant for it makes it valid; applied, it is one undo step. */
  gtk_editable_set_text (GTK_EDITABLE (constants), "c = 10000, q = 2");
  g_assert_null (sw_inspector_expression_row_get_error (expr_row));
  g_assert_false (gtk_widget_get_visible (error_row));
  g_assert_false (gtk_widget_has_css_class (formula, "error"));
  gtk_editable_set_text (GTK_EDITABLE (constants), "c = 10000, q = two");
  g_assert_true (gtk_widget_has_css_class (constants, "error"));
  gtk_editable_set_text (GTK_EDITABLE (constants), "c = 10000, q = 2");
  sw_inspector_expression_row_commit (expr_row);
  e = sw_model_get_component (model, k)->expression[0];
  g_assert_cmpstr (sw_expression_get_text (e), ==, "c*phi_rel + q");
  g_assert_cmpuint (sw_expression_get_n_constants (e), ==, 2);
  g_assert_cmpfloat (sw_expression_get_constant_value (e, 1), ==, 2);
  g_assert_true (sw_history_undo (history));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (formula)), ==, "c*phi_rel + d*w_rel");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (constants)), ==, "c = 10000, d = 10");

  /* A change made elsewhere shows. */
  external = sw_expression_new ("1e3*phi_rel^3", 0, NULL, NULL);
  g_assert_true (sw_model_set_param_expression (model, k, "tau", external, NULL));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (formula)), ==, "1e3*phi_rel^3");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (constants)), ==, "");

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (inspector);
}

static void
test_unit_properties (void)
{
  GtkWidget *inspector = g_object_ref_sink (sw_inspector_new ());
  guint n_speed = 0, n_angle = 0;
  char *unit = NULL;

  /* SI until told otherwise. */
  g_assert_cmpstr (sw_inspector_get_speed_unit (SW_INSPECTOR (inspector)), ==, "rad/s");
  g_assert_cmpstr (sw_inspector_get_angle_unit (SW_INSPECTOR (inspector)), ==, "rad");

  g_signal_connect (inspector, "notify::speed-unit", G_CALLBACK (notify_cb), &n_speed);
  g_signal_connect (inspector, "notify::angle-unit", G_CALLBACK (notify_cb), &n_angle);

  sw_inspector_set_speed_unit (SW_INSPECTOR (inspector), "rpm");
  g_assert_cmpstr (sw_inspector_get_speed_unit (SW_INSPECTOR (inspector)), ==, "rpm");
  g_assert_cmpuint (n_speed, ==, 1);
  g_assert_cmpuint (n_angle, ==, 0);
  /* An equal value, even in another string: no notify. */
  {
    g_autofree char *same = g_strdup ("rpm");

    sw_inspector_set_speed_unit (SW_INSPECTOR (inspector), same);
  }
  g_assert_cmpuint (n_speed, ==, 1);

  g_object_set (inspector, "angle-unit", "deg", NULL);
  g_assert_cmpuint (n_angle, ==, 1);
  g_object_set (inspector, "angle-unit", "deg", NULL);
  g_assert_cmpuint (n_angle, ==, 1);
  g_object_get (inspector, "angle-unit", &unit, NULL);
  g_assert_cmpstr (unit, ==, "deg");
  g_clear_pointer (&unit, g_free);
  g_object_get (inspector, "speed-unit", &unit, NULL);
  g_assert_cmpstr (unit, ==, "rpm");
  g_clear_pointer (&unit, g_free);

  /* NULL is the SI unit. */
  sw_inspector_set_speed_unit (SW_INSPECTOR (inspector), NULL);
  g_assert_cmpstr (sw_inspector_get_speed_unit (SW_INSPECTOR (inspector)), ==, "rad/s");
  g_assert_cmpuint (n_speed, ==, 2);
  g_object_set (inspector, "angle-unit", "rad", NULL);
  g_assert_cmpuint (n_angle, ==, 2);

  g_assert_finalize_object (inspector);
}

static void
test_units (Fixture       *f,
            gconstpointer  data)
{
  const double rpm = 2 * G_PI / 60;

  select_component (f, INERTIA2);
  g_assert_true (sw_model_set_param (f->model, INERTIA2, "w0", 10.471975511965976, NULL));
  g_assert_true (sw_model_set_param (f->model, INERTIA2, "phi0", G_PI / 2, NULL));
  g_assert_cmpstr (shown (f, "initial-w0"), ==, "10.472");
  g_assert_cmpstr (unit_shown (f, "initial-w0"), ==, "rad/s");
  g_assert_cmpstr (shown (f, "initial-phi0"), ==, "1.5708");
  g_assert_cmpstr (unit_shown (f, "initial-phi0"), ==, "rad");
  f->n_changed = 0;

  /* The preference changes what is shown at once, and not the model. */
  sw_inspector_set_speed_unit (SW_INSPECTOR (f->inspector), "rpm");
  g_assert_cmpstr (shown (f, "initial-w0"), ==, "100");
  g_assert_cmpstr (unit_shown (f, "initial-w0"), ==, "rpm");
  g_assert_cmpstr (shown (f, "initial-phi0"), ==, "1.5708");
  g_assert_false (gtk_widget_has_css_class (row (f, "initial-w0"), "error"));
  g_assert_cmpfloat (param (f, INERTIA2, "w0"), ==, 10.471975511965976);
  g_assert_cmpuint (f->n_changed, ==, 0);
  /* Other units stay. */
  g_assert_cmpstr (unit_shown (f, "param-J"), ==, "kg·m²");
  g_assert_cmpstr (shown (f, "param-J"), ==, "2");

  /* Typed in rpm, stored in rad/s. */
  type_into (f, "initial-w0", "3000", TRUE);
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA2, "w0"), 314.159265358979, 314.159265358979 * 1e-12);
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA2, "w0"), 3000 * 2 * G_PI / 60, 314.159265358979 * 1e-12);
  g_assert_cmpstr (shown (f, "initial-w0"), ==, "3000");
  g_assert_cmpuint (f->n_changed, ==, 1);
  /* Shown again from the model (another selection and back): the same. */
  select_component (f, SPRING);
  select_component (f, INERTIA2);
  g_assert_cmpstr (shown (f, "initial-w0"), ==, "3000");
  g_assert_cmpstr (unit_shown (f, "initial-w0"), ==, "rpm");

  /* Degrees. */
  sw_inspector_set_angle_unit (SW_INSPECTOR (f->inspector), "deg");
  g_assert_cmpstr (shown (f, "initial-phi0"), ==, "90");
  g_assert_cmpstr (unit_shown (f, "initial-phi0"), ==, "°");
  type_into (f, "initial-phi0", "-45", TRUE);
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA2, "phi0"), -G_PI / 4, G_PI / 4 * 1e-12);
  g_assert_cmpuint (f->n_changed, ==, 2);
  /* Empty is still "follows from the connections". */
  type_into (f, "initial-phi0", "", TRUE);
  g_assert_true (isnan (param (f, INERTIA2, "phi0")));
  g_assert_true (sw_model_set_param (f->model, INERTIA2, "phi0", G_PI / 2, NULL));
  g_assert_cmpstr (shown (f, "initial-phi0"), ==, "90");

  /* Back to SI: the same values, in rad/s and rad. */
  sw_inspector_set_speed_unit (SW_INSPECTOR (f->inspector), "rad/s");
  sw_inspector_set_angle_unit (SW_INSPECTOR (f->inspector), "rad");
  g_assert_cmpstr (shown (f, "initial-w0"), ==, "314.159");
  g_assert_cmpstr (unit_shown (f, "initial-w0"), ==, "rad/s");
  g_assert_cmpstr (shown (f, "initial-phi0"), ==, "1.5708");
  g_assert_cmpstr (unit_shown (f, "initial-phi0"), ==, "rad");

  /* An edit not yet applied keeps its quantity through a change of unit,
   * and is applied in SI. */
  sw_inspector_set_speed_unit (SW_INSPECTOR (f->inspector), "rpm");
  type_into (f, "initial-w0", "600", FALSE);
  sw_inspector_set_speed_unit (SW_INSPECTOR (f->inspector), "rad/s");
  g_assert_cmpstr (shown (f, "initial-w0"), ==, "62.8319");
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA2, "w0"), 100 * G_PI, 1e-9);
  g_signal_emit_by_name (sw_ui_test_find_type (row (f, "initial-w0"), GTK_TYPE_ENTRY), "activate");
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA2, "w0"), 600 * rpm, 20 * G_PI * 1e-12);

  /* The first inertia's speed is not given: empty in any unit. */
  sw_inspector_set_speed_unit (SW_INSPECTOR (f->inspector), "rpm");
  select_component (f, INERTIA1);
  g_assert_cmpstr (shown (f, "initial-w0"), ==, "");
  g_assert_cmpstr (unit_shown (f, "initial-w0"), ==, "rpm");
  g_assert_false (gtk_widget_has_css_class (row (f, "initial-w0"), "error"));
}

static void
test_units_range (void)
{
  g_autoptr(SwModel) model = sw_model_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *inspector = g_object_ref_sink (sw_inspector_new ());
  Fixture f = { model, window, inspector, 0 };
  int load;

  load = sw_model_add_component (model, "rotational.linear_speed_dependent_torque", "load", NULL);
  g_assert_cmpint (load, >=, 0);
  gtk_window_set_child (GTK_WINDOW (window), inspector);
  sw_inspector_set_speed_unit (SW_INSPECTOR (inspector), "rpm");
  sw_inspector_set_model (SW_INSPECTOR (inspector), model);
  select_component (&f, load);

  /* w_nominal > 0, said in the unit shown. */
  g_assert_cmpstr (shown (&f, "param-w_nominal"), ==, "9.5493");
  type_into (&f, "param-w_nominal", "-60", TRUE);
  g_assert_true (gtk_widget_has_css_class (row (&f, "param-w_nominal"), "error"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (row (&f, "param-w_nominal")), "w_nominal > 0 rpm"));
  g_assert_null (strstr (gtk_widget_get_tooltip_text (row (&f, "param-w_nominal")), "rad/s"));
  g_assert_cmpfloat (param (&f, load, "w_nominal"), ==, 1);

  /* The message follows the preference while the text stays. */
  sw_inspector_set_speed_unit (SW_INSPECTOR (inspector), "rad/s");
  g_assert_cmpstr (shown (&f, "param-w_nominal"), ==, "-60");
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (row (&f, "param-w_nominal")), "w_nominal > 0 rad/s"));
  sw_inspector_set_speed_unit (SW_INSPECTOR (inspector), "rpm");

  type_into (&f, "param-w_nominal", "1500", TRUE);
  g_assert_false (gtk_widget_has_css_class (row (&f, "param-w_nominal"), "error"));
  g_assert_cmpfloat_with_epsilon (param (&f, load, "w_nominal"), 50 * G_PI, 50 * G_PI * 1e-12);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (inspector);
}

/* A member of the fields of a signal, as the model keeps it. */
static double
signal_member (const SwSignal *signal,
               const char     *type,
               const char     *member)
{
  g_autoptr(JsonNode) node = sw_signal_to_json (signal);
  JsonObject *fields;

  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  fields = json_object_get_object_member (json_node_get_object (node), type);
  g_assert_nonnull (fields);
  g_assert_true (json_object_has_member (fields, member));
  return json_object_get_double_member (fields, member);
}

static void
test_units_signal (void)
{
  g_autoptr(SwModel) model = sw_model_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(SwSignal) sine = NULL;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *inspector = g_object_ref_sink (sw_inspector_new ());
  Fixture f = { model, window, inspector, 0 };
  const SwComponent *c;
  GtkWidget *signal_row;
  int speed;

  speed = sw_model_add_component (model, "rotational.speed", "drive", NULL);
  g_assert_cmpint (speed, >=, 0);
  c = sw_model_get_component (model, speed);
  /* 100 rpm ± 10 rpm at 1 Hz, offset 1 rad/s. */
  node = json_from_string ("{\"sine\": {\"amplitude\": 1.0471975511965976, \"freq_hz\": 1, "
                           "\"offset\": 1}}", &error);
  g_assert_no_error (error);
  sine = sw_signal_new_from_json (node, &error);
  g_assert_no_error (error);
  g_assert_true (sw_model_set_param_signal (model, speed, "w_ref", sine, &error));
  g_assert_no_error (error);

  gtk_window_set_child (GTK_WINDOW (window), inspector);
  sw_inspector_set_model (SW_INSPECTOR (inspector), model);
  select_component (&f, speed);
  signal_row = row (&f, "param-w_ref");
  g_assert_cmpstr (shown (&f, "w_ref.amplitude"), ==, "1.0472");
  g_assert_cmpstr (unit_shown (&f, "w_ref.amplitude"), ==, "rad/s");
  g_assert_cmpstr (unit_shown (&f, "w_ref.phase"), ==, "rad");

  /* Amplitude and offset in rpm, the frequency as it was; the summary too. */
  sw_inspector_set_speed_unit (SW_INSPECTOR (inspector), "rpm");
  g_assert_cmpstr (shown (&f, "w_ref.amplitude"), ==, "10");
  g_assert_cmpstr (unit_shown (&f, "w_ref.amplitude"), ==, "rpm");
  g_assert_cmpstr (shown (&f, "w_ref.offset"), ==, "9.5493");
  g_assert_cmpstr (unit_shown (&f, "w_ref.offset"), ==, "rpm");
  g_assert_cmpstr (shown (&f, "w_ref.f"), ==, "1");
  g_assert_cmpstr (unit_shown (&f, "w_ref.f"), ==, "Hz");
  g_assert_cmpstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (signal_row)), ==, "Sine · 10 rpm");
  g_assert_cmpuint (f.n_changed, ==, 0);

  /* Typed in rpm, kept in SI; the untouched offset stays exactly 1 rad/s
   * (not 9.5493 rpm read back). */
  type_into (&f, "w_ref.amplitude", "3000", TRUE);
  g_assert_cmpfloat_with_epsilon (signal_member (c->signal[0], "sine", "amplitude"),
                                  314.159265358979, 314.159265358979 * 1e-12);
  g_assert_cmpfloat (signal_member (c->signal[0], "sine", "offset"), ==, 1);
  g_assert_cmpfloat (signal_member (c->signal[0], "sine", "f"), ==, 1);
  g_assert_cmpfloat_with_epsilon (sw_signal_eval (c->signal[0], 0.25, FALSE, NULL, NULL),
                                  100 * G_PI + 1, 1e-9);
  g_assert_cmpstr (shown (&f, "w_ref.amplitude"), ==, "3000");
  g_assert_cmpstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (signal_row)), ==, "Sine · 3000 rpm");
  /* The plot has the SI signal (and shows it in rpm). */
  g_assert_cmpfloat_with_epsilon (sw_signal_eval (sw_inspector_signal_row_get_preview (
                                    SW_INSPECTOR_SIGNAL_ROW (signal_row)), 0.25, FALSE, NULL, NULL),
                                  100 * G_PI + 1, 1e-9);
  type_into (&f, "w_ref.offset", "60", TRUE);
  g_assert_cmpfloat_with_epsilon (signal_member (c->signal[0], "sine", "offset"), 2 * G_PI, 2 * G_PI * 1e-12);

  /* The phase is an angle: in degrees when so chosen. */
  sw_inspector_set_angle_unit (SW_INSPECTOR (inspector), "deg");
  g_assert_cmpstr (unit_shown (&f, "w_ref.phase"), ==, "°");
  g_assert_cmpstr (unit_shown (&f, "w_ref.amplitude"), ==, "rpm");
  type_into (&f, "w_ref.phase", "90", TRUE);
  g_assert_cmpfloat_with_epsilon (signal_member (c->signal[0], "sine", "phase"), G_PI / 2, 1e-15);
  g_assert_cmpfloat_with_epsilon (signal_member (c->signal[0], "sine", "amplitude"),
                                  100 * G_PI, 100 * G_PI * 1e-12);

  /* Another type carries the amplitude over as the height, as a quantity. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (row (&f, "w_ref.type")), 1 /* step */);
  g_assert_cmpstr (shown (&f, "w_ref.height"), ==, "3000");
  g_assert_cmpfloat_with_epsilon (signal_member (c->signal[0], "step", "height"),
                                  100 * G_PI, 100 * G_PI * 1e-12);

  /* A table's values too. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (row (&f, "w_ref.type")), 8 /* table */);
  gtk_editable_set_text (GTK_EDITABLE (row (&f, "w_ref.points")), "0 0; 1 600");
  g_signal_emit_by_name (row (&f, "w_ref.points"), "entry-activated");
  g_assert_cmpfloat_with_epsilon (sw_signal_eval (c->signal[0], 1, FALSE, NULL, NULL) -
                                  signal_member (c->signal[0], "table", "offset"),
                                  20 * G_PI, 20 * G_PI * 1e-12);
  sw_inspector_set_speed_unit (SW_INSPECTOR (inspector), "rad/s");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row (&f, "w_ref.points"))), ==, "0 0; 1 62.8319");
  sw_inspector_set_speed_unit (SW_INSPECTOR (inspector), "rpm");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row (&f, "w_ref.points"))), ==, "0 0; 1 600");

  /* Back to SI. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (row (&f, "w_ref.type")), 3 /* sine */);
  sw_inspector_set_speed_unit (SW_INSPECTOR (inspector), "rad/s");
  sw_inspector_set_angle_unit (SW_INSPECTOR (inspector), "rad");
  g_assert_cmpstr (unit_shown (&f, "w_ref.amplitude"), ==, "rad/s");
  g_assert_cmpstr (unit_shown (&f, "w_ref.phase"), ==, "rad");

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (inspector);
}

/* An angle source: its signal in degrees. */
static void
test_units_angle_signal (void)
{
  g_autoptr(SwModel) model = sw_model_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *inspector = g_object_ref_sink (sw_inspector_new ());
  Fixture f = { model, window, inspector, 0 };
  const SwComponent *c;
  int position;

  position = sw_model_add_component (model, "rotational.position", "drive", NULL);
  g_assert_cmpint (position, >=, 0);
  c = sw_model_get_component (model, position);
  gtk_window_set_child (GTK_WINDOW (window), inspector);
  sw_inspector_set_model (SW_INSPECTOR (inspector), model);
  sw_inspector_set_angle_unit (SW_INSPECTOR (inspector), "deg");
  select_component (&f, position);

  adw_combo_row_set_selected (ADW_COMBO_ROW (row (&f, "phi_ref.type")), 0 /* constant */);
  g_assert_cmpstr (unit_shown (&f, "phi_ref.k"), ==, "°");
  type_into (&f, "phi_ref.k", "180", TRUE);
  g_assert_cmpfloat_with_epsilon (c->param[sw_kind_find_param (c->kind, "phi_ref")], G_PI, 1e-15);
  g_assert_cmpstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (row (&f, "param-phi_ref"))), ==, "180°");

  /* A speed preference does not touch an angle. */
  sw_inspector_set_speed_unit (SW_INSPECTOR (inspector), "rpm");
  g_assert_cmpstr (shown (&f, "phi_ref.k"), ==, "180");
  sw_inspector_set_angle_unit (SW_INSPECTOR (inspector), "rad");
  g_assert_cmpstr (shown (&f, "phi_ref.k"), ==, "3.14159");
  g_assert_cmpstr (unit_shown (&f, "phi_ref.k"), ==, "rad");

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

/* The controller of a type on a widget. */
static GtkEventController *
find_controller (GtkWidget *widget,
                 GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        return controller;
    }
  return NULL;
}

static gboolean
scroll_notches (GtkWidget *widget,
                double     dy)
{
  GtkEventController *controller = find_controller (widget, GTK_TYPE_EVENT_CONTROLLER_SCROLL);
  gboolean handled = FALSE;

  g_assert_nonnull (controller);
  g_signal_emit_by_name (controller, "scroll", 0.0, dy, &handled);
  return handled;
}

static void
test_tune (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(SwHistory) history = sw_history_new (f->model);
  GtkWidget *number, *handle, *entry;
  GtkGesture *drag;
  guint n_changed;
  double j = 0.1, steps[] = { 1, 3, 10, 20 };
  gboolean handled = FALSE;

  sw_inspector_set_history (SW_INSPECTOR (f->inspector), history);
  g_assert_true (sw_inspector_get_history (SW_INSPECTOR (f->inspector)) == history);
  select_component (f, INERTIA1);
  number = row (f, "param-J");
  handle = sw_ui_test_find_named (number, "tune");
  g_assert_nonnull (handle);
  g_assert_cmpfloat (param (f, INERTIA1, "J"), ==, j);

  /* One scroll notch up on the handle: +1 %, through the model, one undo
   * step. */
  n_changed = f->n_changed;
  g_assert_true (scroll_notches (handle, -1));
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), j * 1.01, 1e-15);
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), 0.101, 1e-15);
  g_assert_cmpstr (shown (f, "param-J"), ==, "0.101");
  g_assert_cmpuint (f->n_changed, ==, n_changed + 1);
  g_assert_true (sw_history_undo (history));
  g_assert_cmpfloat (param (f, INERTIA1, "J"), ==, j);
  g_assert_cmpstr (shown (f, "param-J"), ==, "0.1");
  g_assert_false (sw_history_get_can_undo (history));

  /* Down, and down again, goes back exactly as up came (relative steps). */
  g_assert_true (scroll_notches (handle, 1));
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), j / 1.01, 1e-15);
  g_assert_true (sw_inspector_number_row_tune (SW_INSPECTOR_NUMBER_ROW (number), 1, FALSE));
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), j, 1e-15);
  /* Shift: 10 %. */
  g_assert_true (sw_inspector_number_row_tune (SW_INSPECTOR_NUMBER_ROW (number), 1, TRUE));
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), j * 1.1, 1e-15);
  while (sw_history_get_can_undo (history))
    sw_history_undo (history);

  /* The scroll wheel over the value only while it has the focus. */
  entry = sw_ui_test_find_type (number, GTK_TYPE_ENTRY);
  g_assert_false (scroll_notches (entry, -1));
  g_assert_cmpfloat (param (f, INERTIA1, "J"), ==, j);

  /* Up and Down in the value. */
  {
    GtkEventController *keys = find_controller (entry, GTK_TYPE_EVENT_CONTROLLER_KEY);

    g_assert_nonnull (keys);
    g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Up, 0, 0, &handled);
    g_assert_true (handled);
    g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), j * 1.01, 1e-15);
    g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Down, 0, 0, &handled);
    g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), j, 1e-15);
    g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_a, 0, 0, &handled);
    g_assert_false (handled);
    while (sw_history_get_can_undo (history))
      sw_history_undo (history);
  }

  /* A drag on the handle: 1 % every 4 pixels from where it began; the model
   * follows every step (the window re-simulates), and the whole drag is
   * one undo step. */
  drag = GTK_GESTURE (find_controller (handle, GTK_TYPE_GESTURE_DRAG));
  g_assert_nonnull (drag);
  n_changed = f->n_changed;
  g_signal_emit_by_name (drag, "drag-begin", 8.0, 8.0);
  for (guint k = 0; k < G_N_ELEMENTS (steps); k++)
    {
      g_signal_emit_by_name (drag, "drag-update", 4.0 * steps[k] + 1, 3.0);
      g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), j * pow (1.01, steps[k]), 1e-15);
    }
  g_assert_cmpuint (f->n_changed, ==, n_changed + G_N_ELEMENTS (steps));
  /* Back left of the start: below it. */
  g_signal_emit_by_name (drag, "drag-update", -8.0, 0.0);
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), j * pow (1.01, -2), 1e-15);
  g_signal_emit_by_name (drag, "drag-end", -8.0, 0.0);
  g_assert_true (sw_history_undo (history));
  g_assert_cmpfloat (param (f, INERTIA1, "J"), ==, j);
  g_assert_false (sw_history_get_can_undo (history));

  /* Zero stays zero going down; going up it starts at 1 % of the default
   * (the damper's d defaults to 0: then 0.01). */
  select_component (f, DAMPER);
  number = row (f, "param-d");
  g_assert_true (sw_model_set_param (f->model, DAMPER, "d", 0, NULL));
  g_assert_false (sw_inspector_number_row_tune (SW_INSPECTOR_NUMBER_ROW (number), -1, FALSE));
  g_assert_cmpfloat (param (f, DAMPER, "d"), ==, 0);
  g_assert_true (sw_inspector_number_row_tune (SW_INSPECTOR_NUMBER_ROW (number), 1, FALSE));
  g_assert_cmpfloat_with_epsilon (param (f, DAMPER, "d"), 0.01, 1e-15);
  g_assert_true (sw_inspector_number_row_tune (SW_INSPECTOR_NUMBER_ROW (number), 1, FALSE));
  g_assert_cmpfloat_with_epsilon (param (f, DAMPER, "d"), 0.0101, 1e-15);
  /* The spring's c defaults to a nonzero value: from zero up to 1 % of it. */
  select_component (f, SPRING);
  g_assert_true (sw_model_set_param (f->model, SPRING, "c", 0, NULL));
  g_assert_true (sw_inspector_number_row_tune (SW_INSPECTOR_NUMBER_ROW (row (f, "param-c")), 1, FALSE));
  {
    const SwKind *spring = sw_catalog_lookup ("rotational.spring");
    double c_default = spring->params[sw_kind_find_param (spring, "c")].default_value;

    g_assert_cmpfloat_with_epsilon (param (f, SPRING, "c"), 0.01 * c_default, 1e-12 * c_default);
  }

  /* Without a history each step is one undo step, and nothing breaks. */
  sw_inspector_set_history (SW_INSPECTOR (f->inspector), NULL);
  select_component (f, INERTIA1);
  drag = GTK_GESTURE (find_controller (sw_ui_test_find_named (row (f, "param-J"), "tune"), GTK_TYPE_GESTURE_DRAG));
  g_signal_emit_by_name (drag, "drag-begin", 0.0, 0.0);
  g_signal_emit_by_name (drag, "drag-update", 8.0, 0.0);
  g_signal_emit_by_name (drag, "drag-end", 8.0, 0.0);
  g_assert_cmpfloat_with_epsilon (param (f, INERTIA1, "J"), j * 1.0201, 1e-15);
}

/* Steps stay in the range; negative values tune up towards zero. */
static void
test_tune_range (void)
{
  GtkWidget *number = g_object_ref_sink (sw_inspector_number_row_new ("Share", "x", ""));
  SwInspectorNumberRow *r = SW_INSPECTOR_NUMBER_ROW (number);
  guint n_committed = 0;

  g_signal_connect_swapped (number, "committed", G_CALLBACK (g_atomic_int_inc), &n_committed);
  sw_inspector_number_row_set_range (r, 0, 1, FALSE, FALSE);
  sw_inspector_number_row_show_value (r, 0.995);
  g_assert_true (sw_inspector_number_row_tune (r, 1, FALSE));
  g_assert_cmpfloat (sw_inspector_number_row_get_value (r), ==, 1);
  g_assert_false (sw_inspector_number_row_tune (r, 1, FALSE));
  g_assert_cmpuint (n_committed, ==, 1);

  /* An exclusive limit is never reached. */
  sw_inspector_number_row_set_range (r, 0, 1, FALSE, TRUE);
  sw_inspector_number_row_show_value (r, 0.995);
  g_assert_false (sw_inspector_number_row_tune (r, 1, FALSE));
  g_assert_cmpfloat (sw_inspector_number_row_get_value (r), ==, 0.995);

  sw_inspector_number_row_set_range (r, -INFINITY, INFINITY, FALSE, FALSE);
  sw_inspector_number_row_show_value (r, -2);
  g_assert_true (sw_inspector_number_row_tune (r, 1, FALSE));
  g_assert_cmpfloat_with_epsilon (sw_inspector_number_row_get_value (r), -2 / 1.01, 1e-15);

  /* Nothing to tune: empty or invalid. */
  sw_inspector_number_row_show_value (r, NAN);
  g_assert_false (sw_inspector_number_row_tune (r, 1, FALSE));

  g_assert_finalize_object (number);
}

/* A torque that names a shared signal says so under its title; given a
 * signal of its own it no longer does. */
static void
test_shared_signal (void)
{
  g_autoptr(GError) error = NULL;
  SwModel *model = sw_model_new_from_data ("{\"format\": \"shaftwork-model\", \"version\": 1,"
                                           " \"signals\": {\"drive\": {\"sine\": {\"amplitude\": 10}}},"
                                           " \"components\": [{\"id\": \"torque\", \"kind\": \"rotational.torque\","
                                           " \"params\": {\"tau\": \"drive\"}}]}", -1, NULL, &error);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *inspector = g_object_ref_sink (sw_inspector_new ());
  GtkWidget *tau;

  g_assert_no_error (error);
  gtk_window_set_child (GTK_WINDOW (window), inspector);
  sw_inspector_set_model (SW_INSPECTOR (inspector), model);
  sw_inspector_set_component (SW_INSPECTOR (inspector), 0);
  tau = sw_ui_test_find_named (inspector, "param-tau");
  g_assert_nonnull (strstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (tau)), "shared “drive”"));
  g_assert_true (sw_model_set_param (model, 0, "tau", 2, NULL));
  tau = sw_ui_test_find_named (inspector, "param-tau");
  g_assert_null (strstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (tau)), "shared"));
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (inspector);
  g_assert_finalize_object (model);
}

/* A torque fed back from a speed sensor: the row says what it reads, and
 * shows no preview over time (its values depend on the motion). */
static void
test_feedback_signal (void)
{
  g_autoptr(GError) error = NULL;
  SwModel *model = sw_model_new_from_data ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
                                           " {\"id\": \"spd\", \"kind\": \"rotational.speed_sensor\"},"
                                           " {\"id\": \"j\", \"kind\": \"rotational.inertia\"},"
                                           " {\"id\": \"torque\", \"kind\": \"rotational.torque\","
                                           " \"params\": {\"tau\": {\"product\": [-2, {\"sensor\": {\"of\": \"spd.w\"}}]}}}],"
                                           " \"connections\": [{\"from\": \"spd.flange\", \"to\": \"j.flange_a\"},"
                                           " {\"from\": \"torque.flange\", \"to\": \"j.flange_b\"}]}", -1, NULL, &error);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *inspector = g_object_ref_sink (sw_inspector_new ());
  GtkWidget *tau, *preview;

  g_assert_no_error (error);
  gtk_window_set_child (GTK_WINDOW (window), inspector);
  sw_inspector_set_model (SW_INSPECTOR (inspector), model);
  sw_inspector_set_component (SW_INSPECTOR (inspector), 2);
  tau = sw_ui_test_find_named (inspector, "param-tau");
  g_assert_cmpstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (tau)), ==, "Feedback from spd.w");
  preview = sw_ui_test_find_named (tau, "tau.preview");
  g_assert_nonnull (preview);
  g_assert_false (gtk_widget_get_visible (preview));
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (inspector);
  g_assert_finalize_object (model);
}

#define ADD(path, func) \
  g_test_add ("/ui/inspector/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

/* A clutch: its friction table in an editable table with a plot. */
static void
test_table (void)
{
  static const double rows[] = { 0, 0.5, 10, 0.3 };
  g_autoptr(GError) error = NULL;
  g_autoptr(SwTable) table = sw_table_new (2, 2, rows);
  SwModel *model = sw_model_new_from_data ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
                                           "{\"id\": \"clutch\", \"kind\": \"rotational.clutch\","
                                           " \"params\": {\"fn_max\": 100, \"f_normalized\": 1}}]}",
                                           -1, NULL, &error);
  SwHistory *history = sw_history_new (model);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *inspector = g_object_ref_sink (sw_inspector_new ());
  SwInspectorTableRow *table_row;
  const SwComponent *c;
  GtkWidget *widget;

  g_assert_no_error (error);
  gtk_window_set_child (GTK_WINDOW (window), inspector);
  gtk_window_set_default_size (GTK_WINDOW (window), 420, 900);
  sw_inspector_set_model (SW_INSPECTOR (inspector), model);
  sw_inspector_set_history (SW_INSPECTOR (inspector), history);
  sw_inspector_set_component (SW_INSPECTOR (inspector), 0);
  gtk_window_present (GTK_WINDOW (window));

  widget = sw_ui_test_find_named (inspector, "param-mue_pos");
  g_assert_true (SW_IS_INSPECTOR_TABLE_ROW (widget));
  table_row = SW_INSPECTOR_TABLE_ROW (widget);
  g_assert_nonnull (sw_ui_test_find_named (inspector, "mue_pos.header"));
  g_assert_nonnull (sw_ui_test_find_named (inspector, "mue_pos.preview"));
  /* The model's default, one row. */
  g_assert_cmpuint (sw_inspector_table_row_get_n_rows (table_row), ==, 1);
  g_assert_cmpstr (gtk_editable_get_text (sw_inspector_table_row_get_cell (table_row, 0, 1)), ==, "0.5");
  g_assert_true (GTK_EDITABLE (sw_ui_test_find_named (inspector, "mue_pos.0.mue")) ==
                 sw_inspector_table_row_get_cell (table_row, 0, 1));
  g_assert_false (gtk_widget_get_sensitive (sw_ui_test_find_named (inspector, "mue_pos.remove0")));

  /* Edit a cell: the plot follows at once, the model on Enter. */
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 0, 1), "0,4");
  g_assert_cmpfloat (sw_table_get (sw_inspector_table_row_get_preview (table_row), 0, 1), ==, 0.4);
  c = sw_model_get_component (model, 0);
  g_assert_cmpfloat (sw_table_get (c->table[0], 0, 1), ==, 0.5);
  g_signal_emit_by_name (sw_inspector_table_row_get_cell (table_row, 0, 1), "activate");
  c = sw_model_get_component (model, 0);
  g_assert_cmpfloat (sw_table_get (c->table[0], 0, 1), ==, 0.4);
  g_assert_true (c->given[0]);

  /* Add a row: a step of 1 at the same value, applied at once. */
  g_signal_emit_by_name (sw_ui_test_find_named (inspector, "mue_pos.add"), "clicked");
  g_assert_cmpuint (sw_inspector_table_row_get_n_rows (table_row), ==, 2);
  c = sw_model_get_component (model, 0);
  g_assert_cmpuint (sw_table_get_n_rows (c->table[0]), ==, 2);
  g_assert_cmpfloat (sw_table_get (c->table[0], 1, 0), ==, 1);
  g_assert_cmpfloat (sw_table_get (c->table[0], 1, 1), ==, 0.4);
  g_assert_true (gtk_widget_get_sensitive (sw_ui_test_find_named (inspector, "mue_pos.remove0")));
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 1, 0), "10");
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 1, 1), "0.3");
  sw_inspector_table_row_commit (table_row);
  c = sw_model_get_component (model, 0);
  g_assert_cmpfloat (sw_table_get (c->table[0], 1, 0), ==, 10);
  g_assert_cmpfloat (sw_table_get (c->table[0], 1, 1), ==, 0.3);
  sw_ui_test_iterate (50);
  sw_ui_test_keep_widget (window, "SW_SCREENSHOTS", "inspector-table.png");

  /* Invalid: shown on the cell and the row, never applied. */
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 1, 0), "0");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (sw_inspector_table_row_get_cell (table_row, 1, 0)), "error"));
  g_assert_cmpstr (sw_inspector_table_row_get_error (table_row), ==,
                   "Row 2: w must be larger than in the row before (0)");
  g_assert_true (gtk_widget_get_visible (sw_ui_test_find_named (inspector, "mue_pos.error")));
  /* The plot keeps the model's table. */
  g_assert_true (sw_table_equal (sw_inspector_table_row_get_preview (table_row),
                                 sw_model_get_component (model, 0)->table[0]));
  g_signal_emit_by_name (sw_inspector_table_row_get_cell (table_row, 1, 0), "activate");
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 1, 1), "-1");
  g_assert_cmpstr (sw_inspector_table_row_get_error (table_row), ==,
                   "Row 2: w must be larger than in the row before (0)");
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 1, 0), "x");
  g_assert_cmpstr (sw_inspector_table_row_get_error (table_row), ==, "Row 2: w is not a number; valid: w ≥ 0 rad/s");
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 1, 0), "10");
  g_assert_cmpstr (sw_inspector_table_row_get_error (table_row), ==, "Row 2: mue is out of range; valid: mue ≥ 0");
  sw_ui_test_iterate (50);
  sw_ui_test_keep_widget (window, "SW_SCREENSHOTS", "inspector-table-invalid.png");
  sw_inspector_table_row_commit (table_row);
  c = sw_model_get_component (model, 0);
  g_assert_cmpfloat (sw_table_get (c->table[0], 1, 0), ==, 10);
  g_assert_cmpfloat (sw_table_get (c->table[0], 1, 1), ==, 0.3);
  /* The model's number scale has the last word. */
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 1, 1), "1e-200");
  g_assert_null (sw_inspector_table_row_get_error (table_row));
  sw_inspector_table_row_commit (table_row);
  g_assert_nonnull (strstr (sw_inspector_table_row_get_error (table_row), "too small"));
  g_assert_cmpfloat (sw_table_get (sw_model_get_component (model, 0)->table[0], 1, 1), ==, 0.3);
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 1, 1), "0.3");
  sw_inspector_table_row_commit (table_row);
  g_assert_null (sw_inspector_table_row_get_error (table_row));

  /* Remove the first row: the second moves up, applied at once. */
  g_signal_emit_by_name (sw_ui_test_find_named (inspector, "mue_pos.remove0"), "clicked");
  g_assert_cmpuint (sw_inspector_table_row_get_n_rows (table_row), ==, 1);
  c = sw_model_get_component (model, 0);
  g_assert_cmpuint (sw_table_get_n_rows (c->table[0]), ==, 1);
  g_assert_cmpfloat (sw_table_get (c->table[0], 0, 0), ==, 10);
  g_assert_cmpfloat (sw_table_get (c->table[0], 0, 1), ==, 0.3);

  /* Undo goes back through the edits, and the rows follow. */
  g_assert_true (sw_history_undo (history));
  g_assert_cmpuint (sw_inspector_table_row_get_n_rows (table_row), ==, 2);
  g_assert_cmpstr (gtk_editable_get_text (sw_inspector_table_row_get_cell (table_row, 1, 0)), ==, "10");

  /* Set elsewhere: shown; speeds in rpm, the model stays in rad/s. */
  g_assert_true (sw_model_set_param_table (model, 0, "mue_pos", table, &error));
  g_assert_no_error (error);
  sw_inspector_set_speed_unit (SW_INSPECTOR (inspector), "rpm");
  g_assert_cmpstr (gtk_editable_get_text (sw_inspector_table_row_get_cell (table_row, 1, 0)), ==, "95.493");
  g_assert_true (sw_table_equal (sw_inspector_table_row_get_preview (table_row), table));
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 1, 0), "60");
  sw_inspector_table_row_commit (table_row);
  g_assert_cmpfloat_with_epsilon (sw_table_get (sw_model_get_component (model, 0)->table[0], 1, 0), 2 * G_PI,
                                  1e-12);
  /* The untouched cell kept its exact value. */
  g_assert_cmpfloat (sw_table_get (sw_model_get_component (model, 0)->table[0], 1, 1), ==, 0.3);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (inspector);
  g_assert_finalize_object (history);
  g_assert_finalize_object (model);
}

/* "Import CSV…": a file's rows replace the table (and anything typed) as
 * one undo step; a file that does not fit changes nothing and says where
 * it is wrong. */
static void
test_table_import (void)
{
  static const double expected[] = { 0, 0.5, 10, 0.35, 20.5, 0.3 };
  g_autoptr(GError) error = NULL;
  SwModel *model = sw_model_new_from_data ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
                                           "{\"id\": \"clutch\", \"kind\": \"rotational.clutch\","
                                           " \"params\": {\"fn_max\": 100, \"f_normalized\": 1}}]}",
                                           -1, NULL, &error);
  SwHistory *history = sw_history_new (model);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *inspector = g_object_ref_sink (sw_inspector_new ());
  g_autofree char *dir = g_dir_make_tmp ("sw-inspector-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "friction.csv", NULL);
  g_autoptr(SwTable) before = NULL;
  SwInspectorTableRow *table_row;
  const SwTable *table;

  g_assert_no_error (error);
  g_assert_nonnull (dir);
  gtk_window_set_child (GTK_WINDOW (window), inspector);
  gtk_window_set_default_size (GTK_WINDOW (window), 420, 900);
  sw_inspector_set_model (SW_INSPECTOR (inspector), model);
  sw_inspector_set_history (SW_INSPECTOR (inspector), history);
  sw_inspector_set_component (SW_INSPECTOR (inspector), 0);
  gtk_window_present (GTK_WINDOW (window));

  table_row = SW_INSPECTOR_TABLE_ROW (sw_ui_test_find_named (inspector, "param-mue_pos"));
  g_assert_true (GTK_IS_BUTTON (sw_ui_test_find_named (inspector, "mue_pos.import")));
  before = sw_table_ref (sw_model_get_component (model, 0)->table[0]);
  g_assert_cmpuint (sw_table_get_n_rows (before), ==, 1);

  /* Does not fit: nothing changes, the row says where and what is valid. */
  g_assert_true (g_file_set_contents (path, "w,mue\n0,0.5\n0,0.3\n", -1, NULL));
  g_assert_false (sw_inspector_table_row_import_file (table_row, path, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_nonnull (strstr (sw_inspector_table_row_get_error (table_row),
                            "friction.csv:3:1: error: column 1 (w) = 0 must be larger than on line 2 (0)"));
  g_assert_true (gtk_widget_get_visible (sw_ui_test_find_named (inspector, "mue_pos.error")));
  g_assert_true (sw_model_get_component (model, 0)->table[0] == before);
  g_assert_false (sw_history_get_can_undo (history));
  sw_ui_test_iterate (50);
  sw_ui_test_keep_widget (window, "SW_SCREENSHOTS", "inspector-table-import-error.png");
  g_assert_true (g_file_set_contents (path, "0,0.5,1\n", -1, NULL));
  g_assert_false (sw_inspector_table_row_import_file (table_row, path, &error));
  g_clear_error (&error);
  g_assert_nonnull (strstr (sw_inspector_table_row_get_error (table_row),
                            "friction.csv:1:1: error: 3 values; valid: 2 values a line, [w, mue]"));
  g_assert_true (sw_model_get_component (model, 0)->table[0] == before);
  g_assert_false (sw_history_get_can_undo (history));

  /* Something typed, not applied, then a good file (semicolons, CRLF, a
   * header): the file wins, in one edit. */
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 0, 1), "0.45");
  g_assert_true (g_file_set_contents (path, "w [rad/s];mue\r\n0;0.5\r\n10;0.35\r\n20.5;0.3\r\n", -1, NULL));
  g_assert_true (sw_inspector_table_row_import_file (table_row, path, &error));
  g_assert_no_error (error);
  g_assert_null (sw_inspector_table_row_get_error (table_row));
  table = sw_model_get_component (model, 0)->table[0];
  g_assert_cmpuint (sw_table_get_n_rows (table), ==, 3);
  for (guint i = 0; i < 3; i++)
    for (guint j = 0; j < 2; j++)
      g_assert_cmpfloat (sw_table_get (table, i, j), ==, expected[i * 2 + j]);
  g_assert_cmpuint (sw_inspector_table_row_get_n_rows (table_row), ==, 3);
  g_assert_cmpstr (gtk_editable_get_text (sw_inspector_table_row_get_cell (table_row, 0, 1)), ==, "0.5");
  g_assert_cmpstr (gtk_editable_get_text (sw_inspector_table_row_get_cell (table_row, 2, 0)), ==, "20.5");
  g_assert_true (sw_table_equal (sw_inspector_table_row_get_preview (table_row), table));
  sw_ui_test_iterate (50);
  sw_ui_test_keep_widget (window, "SW_SCREENSHOTS", "inspector-table-import.png");

  /* One undo step brings the table back, and the rows follow. */
  g_assert_true (sw_history_undo (history));
  g_assert_false (sw_history_get_can_undo (history));
  g_assert_true (sw_table_equal (sw_model_get_component (model, 0)->table[0], before));
  g_assert_cmpuint (sw_inspector_table_row_get_n_rows (table_row), ==, 1);
  g_assert_cmpstr (gtk_editable_get_text (sw_inspector_table_row_get_cell (table_row, 0, 1)), ==, "0.5");

  /* The button opens a file chooser, which goes with the row. */
  g_signal_emit_by_name (sw_ui_test_find_named (inspector, "mue_pos.import"), "clicked");
  sw_ui_test_iterate (50);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (inspector);
  g_assert_finalize_object (history);
  g_assert_finalize_object (model);
  g_unlink (path);
  g_rmdir (dir);
}

/* The plot: the characteristic mirrored, drawn where it should be. */
static void
test_table_plot (void)
{
  static const double rows[] = { 0, 1, 10, 2 };
  g_autoptr(SwTable) table = sw_table_new (2, 2, rows);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 244, 120);
  cairo_t *cr = cairo_create (surface);
  GdkRGBA fg = { 0, 0, 0, 1 }, accent = { 1, 0, 0, 1 };
  double rgb[3];

  sw_inspector_table_draw_preview (cr, NULL, table, 1, "rad/s", 1, "N.m", 244, 120, &fg, &accent);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  /* x from −15 to 15 over 44 … 236 px (a fifth beyond the last row, to a
   * round number), y from 5 to −5 over 7 … 103 px (2.5 at w = 15): at
   * w = 10 the value 2, at w = −10 the value −2. */
  sw_ui_test_pixel_at (surface, 44 + 192 * 25 / 30, 7 + 96 * 3 / 10, rgb);
  g_assert_cmpfloat (rgb[0], >, 0.5);
  g_assert_cmpfloat (rgb[1], <, 0.3);
  sw_ui_test_pixel_at (surface, 44 + 192 * 5 / 30, 7 + 96 * 7 / 10, rgb);
  g_assert_cmpfloat (rgb[0], >, 0.5);
  /* Nothing where the values would be were they not mirrored. */
  sw_ui_test_pixel_at (surface, 44 + 192 * 5 / 30, 7 + 96 * 3 / 10, rgb);
  g_assert_cmpfloat (rgb[0], <, 0.1);
  cairo_surface_destroy (surface);
}

/* A lossy gear's loss table, five columns: the header names them with
 * their units under them (the cells are narrow), each column is checked against its own range, and the plot
 * is taller, for its legend. */
static void
test_table_columns (void)
{
  static const char *const titles[] = { "w\n[rad/s]", "eta_mf1", "eta_mf2", "tau_bf1\n[N·m]", "tau_bf2\n[N·m]" };
  g_autoptr(GError) error = NULL;
  SwModel *model = sw_model_new_from_data ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
                                           "{\"id\": \"gear\", \"kind\": \"rotational.lossy_gear\","
                                           " \"params\": {\"ratio\": 2, \"lossTable\": [[0, 0.5, 0.5, 0, 0]]}},"
                                           "{\"id\": \"clutch\", \"kind\": \"rotational.clutch\"}]}",
                                           -1, NULL, &error);
  SwHistory *history = sw_history_new (model);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *inspector = g_object_ref_sink (sw_inspector_new ());
  SwInspectorTableRow *table_row;
  const SwComponent *c;
  GtkWidget *header, *label;
  guint n_labels = 0;

  g_assert_no_error (error);
  gtk_window_set_child (GTK_WINDOW (window), inspector);
  gtk_window_set_default_size (GTK_WINDOW (window), 420, 900);
  sw_inspector_set_model (SW_INSPECTOR (inspector), model);
  sw_inspector_set_history (SW_INSPECTOR (inspector), history);
  sw_inspector_set_component (SW_INSPECTOR (inspector), 0);
  gtk_window_present (GTK_WINDOW (window));

  table_row = SW_INSPECTOR_TABLE_ROW (sw_ui_test_find_named (inspector, "param-lossTable"));
  /* The names in a box of their own, all as wide as the cells below. */
  header = gtk_widget_get_first_child (gtk_list_box_row_get_child (
    GTK_LIST_BOX_ROW (sw_ui_test_find_named (inspector, "lossTable.header"))));
  g_assert_true (GTK_IS_BOX (header));
  g_assert_true (gtk_box_get_homogeneous (GTK_BOX (header)));
  for (label = gtk_widget_get_first_child (header); label != NULL; label = gtk_widget_get_next_sibling (label))
    if (GTK_IS_LABEL (label))
      {
        g_assert_cmpuint (n_labels, <, G_N_ELEMENTS (titles));
        g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, titles[n_labels]);
        n_labels++;
      }
  g_assert_cmpuint (n_labels, ==, 5);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (sw_ui_test_find_named (inspector, "lossTable.0.eta_mf2"))),
                   ==, "0.5");
  g_assert_cmpstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (table_row)), ==, "eta_mf1 = 0.5 at every speed");
  g_assert_cmpint (gtk_drawing_area_get_content_height (GTK_DRAWING_AREA (gtk_list_box_row_get_child (
                     GTK_LIST_BOX_ROW (sw_ui_test_find_named (inspector, "lossTable.preview"))))), ==, 150);

  /* Efficiencies lie in (0, 1], the bearing friction is not negative. */
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 0, 1), "1.5");
  g_assert_cmpstr (sw_inspector_table_row_get_error (table_row), ==,
                   "Row 1: eta_mf1 is out of range; valid: 0 < eta_mf1 ≤ 1");
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 0, 1), "0");
  g_assert_cmpstr (sw_inspector_table_row_get_error (table_row), ==,
                   "Row 1: eta_mf1 is out of range; valid: 0 < eta_mf1 ≤ 1");
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 0, 1), "0.5");
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 0, 3), "-1");
  g_assert_cmpstr (sw_inspector_table_row_get_error (table_row), ==,
                   "Row 1: tau_bf1 is out of range; valid: tau_bf1 ≥ 0 N·m");
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 0, 3), "0");
  g_assert_null (sw_inspector_table_row_get_error (table_row));

  /* A second row, faster and more efficient, with bearing friction. */
  sw_inspector_table_row_add_row (table_row);
  g_assert_cmpuint (sw_inspector_table_row_get_n_rows (table_row), ==, 2);
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 1, 0), "10");
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 1, 1), "0.9");
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 1, 2), "0.7");
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 1, 3), "2");
  gtk_editable_set_text (sw_inspector_table_row_get_cell (table_row, 1, 4), "1");
  sw_inspector_table_row_commit (table_row);
  g_assert_null (sw_inspector_table_row_get_error (table_row));
  c = sw_model_get_component (model, 0);
  g_assert_cmpuint (sw_table_get_n_rows (c->table[1]), ==, 2);
  g_assert_cmpfloat (sw_table_get (c->table[1], 1, 0), ==, 10);
  g_assert_cmpfloat (sw_table_get (c->table[1], 1, 2), ==, 0.7);
  g_assert_cmpfloat (sw_table_get (c->table[1], 1, 4), ==, 1);
  g_assert_cmpstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (table_row)), ==,
                   "2 rows: eta_mf1 from 0.5 to 0.9");
  sw_ui_test_iterate (50);
  sw_ui_test_keep_widget (window, "SW_SCREENSHOTS", "inspector-table-columns.png");

  /* A friction characteristic keeps its plot's height. */
  sw_inspector_set_component (SW_INSPECTOR (inspector), 1);
  g_assert_cmpint (gtk_drawing_area_get_content_height (GTK_DRAWING_AREA (gtk_list_box_row_get_child (
                     GTK_LIST_BOX_ROW (sw_ui_test_find_named (inspector, "mue_pos.preview"))))), ==, 120);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (inspector);
  g_assert_finalize_object (history);
  g_assert_finalize_object (model);
}

/* The plot of several columns: over the speed's magnitude (not mirrored),
 * the efficiencies against 0 … 1 on the left, the torques on the right. */
static void
test_table_plot_columns (void)
{
  static const double rows[] = { 0, 0.5, 0.5, 0, 0, 10, 0.8, 0.7, 2, 1 };
  static const SwTablePlotColumn columns[] = {
    { "w", "rad/s", 1, INFINITY }, { "eta_mf1", "", 1, 1 }, { "eta_mf2", "", 1, 1 },
    { "tau_bf1", "N.m", 1, INFINITY }, { "tau_bf2", "N.m", 1, INFINITY },
  };
  g_autoptr(SwTable) table = sw_table_new (2, 5, rows);
  g_autoptr(SwTable) single = sw_table_new (1, 5, rows);
  GdkRGBA fg = { 0, 0, 0, 1 }, accent = { 1, 0, 0, 1 };
  double rgb[3];

  for (guint t = 0; t < 2; t++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 300, 150);
      cairo_t *cr = cairo_create (surface);

      sw_inspector_table_draw_columns (cr, NULL, t == 0 ? table : single, columns, 300, 150, &fg, &accent);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      /* The plot from 44 to 256 px, 7 to 115 px. eta_mf1 from 0.5 at
       * w = 0 (the left edge, not the middle) to 0.8 at w = 10 of 15
       * (0.95 at 15), on 0 … 1; a single row is 0.5 everywhere. */
      sw_ui_test_pixel_at (surface, 45, 7 + 53, rgb);
      g_assert_cmpfloat (rgb[0], >, 0.5);
      g_assert_cmpfloat (rgb[1], <, 0.3);
      if (t == 0)
        {
          sw_ui_test_pixel_at (surface, (int) (44 + 212 * 5 / 15.0), (int) (7 + 108 * 0.35), rgb);
          g_assert_cmpfloat (rgb[0], >, 0.5);
          g_assert_cmpfloat (rgb[1], <, 0.3);
          /* tau_bf1 = 1 N·m at w = 5 on 0 … 3 N·m (3 N·m at w = 15): green. */
          sw_ui_test_pixel_at (surface, (int) (44 + 212 * 5 / 15.0), (int) (7 + 108 * 2 / 3.0), rgb);
          g_assert_cmpfloat (rgb[1], >, 0.4);
          g_assert_cmpfloat (rgb[0], <, 0.3);
        }
      else
        {
          sw_ui_test_pixel_at (surface, 200, 7 + 53, rgb);
          g_assert_cmpfloat (rgb[0], >, 0.5);
          g_assert_cmpfloat (rgb[1], <, 0.3);
        }
      /* Nothing mirrored: no value at −0.5 in the lower half. */
      sw_ui_test_pixel_at (surface, 100, (int) (7 + 108 * 0.75), rgb);
      g_assert_cmpfloat (rgb[0], <, 0.1);
      sw_ui_test_keep_picture (surface, "SW_SCREENSHOTS", t == 0 ? "table-plot-columns.png"
                                                                 : "table-plot-columns-single.png");
      cairo_surface_destroy (surface);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (!sw_ui_test_init ("/ui/inspector/no-display"))
    return g_test_run ();

  g_test_add_func ("/ui/inspector/properties", test_properties);
  g_test_add_func ("/ui/inspector/shared-signal", test_shared_signal);
  g_test_add_func ("/ui/inspector/feedback-signal", test_feedback_signal);
  ADD ("rows", test_rows);
  ADD ("edit-valid", test_edit_valid);
  ADD ("edit-invalid", test_edit_invalid);
  ADD ("simulation", test_simulation);
  ADD ("external-change", test_external_change);
  ADD ("signal", test_signal);
  ADD ("geometry", test_geometry);
  g_test_add_func ("/ui/inspector/shaft-geometry", test_shaft_geometry);
  g_test_add_func ("/ui/inspector/boolean", test_boolean);
  g_test_add_func ("/ui/inspector/expression", test_expression);
  g_test_add_func ("/ui/inspector/table", test_table);
  g_test_add_func ("/ui/inspector/table-import", test_table_import);
  g_test_add_func ("/ui/inspector/table-plot", test_table_plot);
  g_test_add_func ("/ui/inspector/table-columns", test_table_columns);
  g_test_add_func ("/ui/inspector/table-plot-columns", test_table_plot_columns);
  g_test_add_func ("/ui/inspector/unit-properties", test_unit_properties);
  ADD ("units", test_units);
  g_test_add_func ("/ui/inspector/units-range", test_units_range);
  g_test_add_func ("/ui/inspector/units-signal", test_units_signal);
  g_test_add_func ("/ui/inspector/units-angle-signal", test_units_angle_signal);
  ADD ("rename", test_rename);
  ADD ("component-removed", test_component_removed);
  ADD ("shown", test_shown);
  ADD ("tune", test_tune);
  g_test_add_func ("/ui/inspector/tune-range", test_tune_range);

  return g_test_run ();
}
