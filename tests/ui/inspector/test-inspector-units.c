/* test-inspector-units.c: speeds and angles in the inspector in the units of
 * the preferences while the model stays in SI: parameters, ranges, signals.
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

int
main (int   argc,
      char *argv[])
{
  if (!inspector_test_init (&argc, &argv))
    return g_test_run ();

  g_test_add_func ("/ui/inspector/unit-properties", test_unit_properties);
  ADD ("units", test_units);
  g_test_add_func ("/ui/inspector/units-range", test_units_range);
  g_test_add_func ("/ui/inspector/units-signal", test_units_signal);
  g_test_add_func ("/ui/inspector/units-angle-signal", test_units_angle_signal);

  return g_test_run ();
}
