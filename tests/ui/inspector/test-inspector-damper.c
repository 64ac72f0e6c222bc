/* test-inspector-damper.c: "Tune for mode" under a torsional vibration
 * damper's parameters: a tuned absorber set to Den Hartog's optimum and a
 * viscous damper to its optimum damping (the closed forms of Den Hartog,
 * Mechanical Vibrations, 4th ed., sections 3.3 and 3.10, on a one-inertia
 * primary, whose mode's inertia at the hub is the primary's), each one
 * undo step; a mode the model has not said in the row; the row only for
 * dampers. SW_SCREENSHOTS=DIR keeps a picture of the tuned absorber's
 * inspector there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <adwaita.h>

#include "sw-history.h"
#include "sw-inspector.h"
#include "sw-model.h"
#include "sw-ui-test.h"

/* A primary J_p = 1 on K = 1e4 to the ground (w_p = 100 rad/s) with a
 * damper of inertia 0.1 (mu = 0.1) on its flange. */
static SwModel *
primary_with (const char *kind)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *json = g_strdup_printf (
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"primary\", \"components\": ["
    " {\"id\": \"G\", \"kind\": \"rotational.fixed\"},"
    " {\"id\": \"K\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 10000}},"
    " {\"id\": \"P\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}},"
    " {\"id\": \"A\", \"kind\": \"%s\", \"params\": {\"J\": 0.1}}],"
    " \"connections\": [{\"from\": \"G.flange\", \"to\": \"K.flange_a\"}, {\"from\": \"K.flange_b\", \"to\": \"P.flange_a\"},"
    "  {\"from\": \"P.flange_b\", \"to\": \"A.flange\"}]}",
    kind);
  SwModel *model = sw_model_new_from_data (json, -1, "primary.shaft", &error);

  g_assert_no_error (error);
  return model;
}

static double
param (SwModel *model, const char *name)
{
  int index = sw_model_find_component (model, "A");
  const SwComponent *c = sw_model_get_component (model, (guint) index);

  return c->param[sw_kind_find_param (c->kind, name)];
}

typedef struct {
  SwModel   *model;
  SwHistory *history;
  GtkWidget *window;
  GtkWidget *inspector;
} Fixture;

static void
fixture_open (Fixture *f, const char *kind)
{
  f->model = primary_with (kind);
  f->history = sw_history_new (f->model);
  f->window = gtk_window_new ();
  f->inspector = g_object_ref_sink (sw_inspector_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), f->inspector);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 700);
  sw_inspector_set_model (SW_INSPECTOR (f->inspector), f->model);
  sw_inspector_set_history (SW_INSPECTOR (f->inspector), f->history);
  sw_inspector_set_component (SW_INSPECTOR (f->inspector), sw_model_find_component (f->model, "A"));
  gtk_window_present (GTK_WINDOW (f->window));
  sw_ui_test_iterate (50);
}

static void
fixture_close (Fixture *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_assert_finalize_object (f->inspector);
  g_object_unref (f->history);
  g_assert_finalize_object (f->model);
}

/* Sets the mode and clicks Tune. */
static void
tune (Fixture *f, int mode)
{
  GtkWidget *spin = sw_ui_test_find_named (f->inspector, "tune-mode");
  GtkWidget *button = sw_ui_test_find_named (f->inspector, "tune-button");

  g_assert_nonnull (spin);
  g_assert_nonnull (button);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), mode);
  g_signal_emit_by_name (button, "clicked");
  sw_ui_test_iterate (20);
}

static void
test_absorber (void)
{
  Fixture f;
  const double mu = 0.1, J = 0.1, wp = 100, wa = wp / (1 + mu);
  const double zeta = sqrt (3 * mu / (8 * pow (1 + mu, 3)));
  double c0, d0;

  fixture_open (&f, "rotational.tuned_absorber");
  c0 = param (f.model, "c");
  d0 = param (f.model, "d");
  tune (&f, 1);
  g_assert_cmpfloat_with_epsilon (param (f.model, "c"), J * wa * wa, 1e-9 * J * wa * wa);
  g_assert_cmpfloat_with_epsilon (param (f.model, "d"), 2 * zeta * J * wp, 1e-9 * 2 * zeta * J * wp);
  g_assert_false (gtk_widget_has_css_class (sw_ui_test_find_named (f.inspector, "tune-for-mode"), "error"));
  sw_ui_test_keep_widget (f.window, "SW_SCREENSHOTS", "inspector-absorber-tuned.png");
  /* One undo step brings both back. */
  g_assert_true (sw_history_undo (f.history));
  g_assert_cmpfloat (param (f.model, "c"), ==, c0);
  g_assert_cmpfloat (param (f.model, "d"), ==, d0);
  g_assert_false (sw_history_get_can_undo (f.history));

  /* The model without the absorber has one elastic mode: mode 2 is said,
   * nothing changes. */
  tune (&f, 2);
  g_assert_cmpfloat (param (f.model, "c"), ==, c0);
  g_assert_false (sw_history_get_can_undo (f.history));
  g_assert_true (gtk_widget_has_css_class (sw_ui_test_find_named (f.inspector, "tune-for-mode"), "error"));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (sw_ui_test_find_named (f.inspector,
                                                                                             "tune-for-mode"))),
                            "valid: 1 … 1"));
  fixture_close (&f);
}

static void
test_viscous (void)
{
  Fixture f;
  const double mu = 0.1, J = 0.1, wp = 100;
  const double zeta = 1 / sqrt (2 * (1 + mu) * (2 + mu));

  fixture_open (&f, "rotational.viscous_damper");
  tune (&f, 1);
  g_assert_cmpfloat_with_epsilon (param (f.model, "d"), 2 * zeta * J * wp, 1e-9 * 2 * zeta * J * wp);
  g_assert_true (sw_history_undo (f.history));
  g_assert_false (sw_history_get_can_undo (f.history));
  /* Another component: no such row. */
  sw_inspector_set_component (SW_INSPECTOR (f.inspector), sw_model_find_component (f.model, "P"));
  g_assert_null (sw_ui_test_find_named (f.inspector, "tune-for-mode"));
  fixture_close (&f);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (!sw_ui_test_init ("/ui/inspector/damper/no-display"))
    return g_test_run ();

  g_test_add_func ("/ui/inspector/damper/absorber", test_absorber);
  g_test_add_func ("/ui/inspector/damper/viscous", test_viscous);
  return g_test_run ();
}
