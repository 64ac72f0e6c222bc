/* test-inspector-geometry.c: the geometry rows of the inspector: a body from
 * its dimensions, a shaft from its section.
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

int
main (int   argc,
      char *argv[])
{
  if (!inspector_test_init (&argc, &argv))
    return g_test_run ();

  ADD ("geometry", test_geometry);
  g_test_add_func ("/ui/inspector/shaft-geometry", test_shaft_geometry);

  return g_test_run ();
}
