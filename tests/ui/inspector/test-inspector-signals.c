/* test-inspector-signals.c: signal and expression parameters in the inspector:
 * signal rows, shared and feedback signals, expressions.
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

int
main (int   argc,
      char *argv[])
{
  if (!inspector_test_init (&argc, &argv))
    return g_test_run ();

  g_test_add_func ("/ui/inspector/shared-signal", test_shared_signal);
  g_test_add_func ("/ui/inspector/feedback-signal", test_feedback_signal);
  ADD ("signal", test_signal);
  g_test_add_func ("/ui/inspector/expression", test_expression);

  return g_test_run ();
}
