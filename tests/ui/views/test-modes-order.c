/* test-modes-order.c: the mode-shape charts' axis in drivetrain order.
 *
 * A drivetrain whose ids sort otherwise (engine, gearboxInput, a gear,
 * gearboxOutput, vehicle), at the top level and with the gearbox a
 * subsystem: sw_modes_get_connected_order() walks through the gear (not a
 * body nor a section) from the engine to the vehicle, and the modes view
 * hands the shape chart its bodies in that order. The table of a chain of
 * ten inertias shows every mode's row when the view is tall enough, at
 * most half of it, and keeps a height dragged by hand. Energy shares as
 * text keep two significant digits when small (not "0.0 %"); names cut
 * short for a chart keep their ends (a chain's "disc_…" would all read
 * alike).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <gtk/gtk.h>

#include "sw-model.h"
#include "sw-modes-data.h"
#include "sw-modes-order.h"
#include "sw-modes-plot.h"
#include "sw-modes-view.h"
#include "sw-modes-view-private.h"
#include "sw-part.h"
#include "sw-system.h"
#include "sw-ui-test.h"

/* Listed in the file out of order, ids that sort out of order. */
static const char flat_text[] =
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"launch\",\n"
  " \"components\": [\n"
  "  {\"id\": \"vehicle\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 40}},\n"
  "  {\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 10}},\n"
  "  {\"id\": \"engine\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.2}},\n"
  "  {\"id\": \"gearboxOutput\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.05}},\n"
  "  {\"id\": \"driveshaft\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 5e3}},\n"
  "  {\"id\": \"gear\", \"kind\": \"rotational.ideal_gear\", \"params\": {\"ratio\": 3}},\n"
  "  {\"id\": \"crank\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 2e4}},\n"
  "  {\"id\": \"gearboxInput\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.02}},\n"
  "  {\"id\": \"speed\", \"kind\": \"rotational.speed_sensor\"}\n"
  " ],\n"
  " \"connections\": [\n"
  "  {\"from\": \"torque.flange\", \"to\": \"engine.flange_a\"},\n"
  "  {\"from\": \"engine.flange_b\", \"to\": \"crank.flange_a\"},\n"
  "  {\"from\": \"crank.flange_b\", \"to\": \"gearboxInput.flange_a\"},\n"
  "  {\"from\": \"gearboxInput.flange_b\", \"to\": \"gear.flange_a\"},\n"
  "  {\"from\": \"gear.flange_b\", \"to\": \"gearboxOutput.flange_a\"},\n"
  "  {\"from\": \"gearboxOutput.flange_b\", \"to\": \"driveshaft.flange_a\"},\n"
  "  {\"from\": \"driveshaft.flange_b\", \"to\": \"vehicle.flange_a\"},\n"
  "  {\"from\": \"speed.flange\", \"to\": \"vehicle.flange_b\"}\n"
  " ]}\n";

/* The same with the gearbox a subsystem defined in the file. */
static const char nested_text[] =
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"launch\",\n"
  " \"subsystems\": {\"Gearbox\": {\n"
  "   \"interface\": {\"ports\": {\"input\": \"gearboxInput.flange_a\", \"output\": \"gearboxOutput.flange_b\"}},\n"
  "   \"components\": [\n"
  "    {\"id\": \"gearboxOutput\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.05}},\n"
  "    {\"id\": \"gear\", \"kind\": \"rotational.ideal_gear\", \"params\": {\"ratio\": 3}},\n"
  "    {\"id\": \"gearboxInput\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.02}}\n"
  "   ],\n"
  "   \"connections\": [\n"
  "    {\"from\": \"gearboxInput.flange_b\", \"to\": \"gear.flange_a\"},\n"
  "    {\"from\": \"gear.flange_b\", \"to\": \"gearboxOutput.flange_a\"}\n"
  "   ]}},\n"
  " \"components\": [\n"
  "  {\"id\": \"vehicle\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 40}},\n"
  "  {\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 10}},\n"
  "  {\"id\": \"engine\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.2}},\n"
  "  {\"id\": \"box\", \"kind\": \"subsystem\", \"subsystem\": \"Gearbox\"},\n"
  "  {\"id\": \"driveshaft\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 5e3}},\n"
  "  {\"id\": \"crank\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 2e4}}\n"
  " ],\n"
  " \"connections\": [\n"
  "  {\"from\": \"torque.flange\", \"to\": \"engine.flange_a\"},\n"
  "  {\"from\": \"engine.flange_b\", \"to\": \"crank.flange_a\"},\n"
  "  {\"from\": \"crank.flange_b\", \"to\": \"box.input\"},\n"
  "  {\"from\": \"box.output\", \"to\": \"driveshaft.flange_a\"},\n"
  "  {\"from\": \"driveshaft.flange_b\", \"to\": \"vehicle.flange_a\"}\n"
  " ]}\n";

static SwModes *
modes_of (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SwSystem) system = sw_ui_test_system_from_text (text);
  SwModes *modes;

  modes = sw_modes_compute (system, 0, NULL, &error);
  g_assert_no_error (error);
  return modes;
}

/* The bodies' ids in order, joined by spaces. */
static char *
dup_body_ids (SwModes     *modes,
              const guint *order)
{
  GString *text = g_string_new (NULL);

  for (guint k = 0; k < sw_modes_get_n_bodies (modes); k++)
    g_string_append_printf (text, "%s%s", k > 0 ? " " : "", sw_modes_get_body_part (modes, order[k])->id);
  return g_string_free (text, FALSE);
}

static char *
dup_section_ids (SwModes     *modes,
                 const guint *order)
{
  GString *text = g_string_new (NULL);

  for (guint k = 0; k < sw_modes_get_n_sections (modes); k++)
    g_string_append_printf (text, "%s%s", k > 0 ? " " : "", sw_modes_get_section_part (modes, order[k])->id);
  return g_string_free (text, FALSE);
}

static void
test_through_gear (void)
{
  g_autoptr(SwModes) modes = modes_of (flat_text);
  g_autofree guint *bodies = g_new (guint, sw_modes_get_n_bodies (modes));
  g_autofree guint *sections = g_new (guint, sw_modes_get_n_sections (modes));
  g_autofree char *body_ids = NULL;
  g_autofree char *section_ids = NULL;

  g_assert_cmpuint (sw_modes_get_n_bodies (modes), ==, 4);
  sw_modes_get_connected_order (modes, bodies, sections);
  body_ids = dup_body_ids (modes, bodies);
  section_ids = dup_section_ids (modes, sections);
  g_assert_cmpstr (body_ids, ==, "engine gearboxInput gearboxOutput vehicle");
  g_assert_cmpstr (section_ids, ==, "crank driveshaft");
}

static void
test_through_subsystem (void)
{
  g_autoptr(SwModes) modes = modes_of (nested_text);
  g_autofree guint *bodies = g_new (guint, sw_modes_get_n_bodies (modes));
  g_autofree char *body_ids = NULL;

  sw_modes_get_connected_order (modes, bodies, NULL);
  body_ids = dup_body_ids (modes, bodies);
  g_assert_cmpstr (body_ids, ==, "engine box.gearboxInput box.gearboxOutput vehicle");
}

/* The view's shape chart takes the bodies in that order. */
static void
test_view_axis (void)
{
  g_autoptr(SwModes) modes = modes_of (flat_text);
  SwModesView *view = g_object_ref_sink (SW_MODES_VIEW (sw_modes_view_new ()));
  SwModesPlot *shape;
  GString *labels = g_string_new (NULL);

  sw_modes_view_set_modes (view, modes);
  shape = _sw_modes_view_get_plot (view, SW_MODES_VIEW_PLOT_SHAPE);
  g_assert_cmpuint (sw_modes_plot_get_n_values (shape), ==, 4);
  for (guint k = 0; k < sw_modes_plot_get_n_values (shape); k++)
    g_string_append_printf (labels, "%s%s", k > 0 ? " " : "", sw_modes_plot_get_label (shape, k));
  g_assert_cmpstr (labels->str, ==, "engine gearboxInput gearboxOutput vehicle");
  g_string_free (labels, TRUE);
  g_assert_finalize_object (view);
}


/* Ten inertias on springs: ten modes. */
static char *
chain_text (void)
{
  GString *text = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"chain\",\n"
                                " \"components\": [\n");

  for (guint i = 0; i < 10; i++)
    g_string_append_printf (text, "%s  {\"id\": \"j%u\", \"kind\": \"rotational.inertia\"}", i > 0 ? ",\n" : "", i);
  for (guint i = 0; i < 9; i++)
    g_string_append_printf (text, ",\n  {\"id\": \"c%u\", \"kind\": \"rotational.spring\", \"params\": {\"c\": %u}}",
                            i, 1000 * (i + 1));
  g_string_append (text, "],\n \"connections\": [\n");
  for (guint i = 0; i < 9; i++)
    g_string_append_printf (text, "%s  {\"from\": \"j%u.flange_b\", \"to\": \"c%u.flange_a\"},\n"
                            "  {\"from\": \"c%u.flange_b\", \"to\": \"j%u.flange_a\"}",
                            i > 0 ? ",\n" : "", i, i, i, i + 1);
  g_string_append (text, "]}\n");
  return g_string_free (text, FALSE);
}

/* Runs the main loop until the view's table is at least (when min) or
 * at most (else) bound px high, at most 10 s: a loaded machine lays out
 * late. */
static int
table_height_reaching (SwModesView *view, int bound, gboolean min)
{
  int height = _sw_modes_view_get_table_height (view);

  for (guint k = 0; k < 100 && (min ? height < bound : height > bound); k++)
    {
      sw_ui_test_iterate (100);
      height = _sw_modes_view_get_table_height (view);
    }
  return height;
}

static void
test_table_height (void)
{
  g_autofree char *text = chain_text ();
  g_autoptr(SwModes) modes = modes_of (text);
  GtkWidget *window = gtk_window_new ();
  SwModesView *view = SW_MODES_VIEW (sw_modes_view_new ());
  GtkWidget *energy_row = gtk_widget_get_parent (GTK_WIDGET (_sw_modes_view_get_plot (view, SW_MODES_VIEW_PLOT_KINETIC)));
  int height, dragged, rows = 0;

  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 10);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 1000);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  gtk_window_present (GTK_WINDOW (window));
  sw_modes_view_set_modes (view, modes);
  sw_ui_test_iterate (400);

  /* Every row (the header and ten rows, as tall as the style makes them),
   * at most half the view here, the energy charts shown. */
  gtk_widget_measure (GTK_WIDGET (_sw_modes_view_get_table (view)), GTK_ORIENTATION_VERTICAL, -1, NULL, &rows, NULL, NULL);
  g_assert_cmpint (rows, >, 38);
  height = table_height_reaching (view, rows, TRUE);
  g_assert_cmpint (height, >=, rows);
  g_assert_cmpint (height, <=, gtk_widget_get_height (GTK_WIDGET (view)) / 2);
  g_assert_true (gtk_widget_get_visible (energy_row));
  g_assert_cmpint (gtk_orientable_get_orientation (GTK_ORIENTABLE (gtk_widget_get_parent (energy_row))), ==,
                   GTK_ORIENTATION_VERTICAL);

  /* A short view (the results pane of a 1280 × 800 window is about this):
   * the charts shrink first, the table still shows every row (the two
   * charts' 280 px left it 172 px); the energy charts go beside the shape
   * (under it above). */
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 500);
  sw_ui_test_iterate (400);
  for (guint k = 0; k < 100 && gtk_widget_get_height (GTK_WIDGET (view)) > 520; k++)
    sw_ui_test_iterate (100);
  height = table_height_reaching (view, rows, TRUE);
  g_test_message ("view %d px, rows %d px, table %d px", gtk_widget_get_height (GTK_WIDGET (view)), rows, height);
  g_assert_cmpint (height, >=, rows);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (view)) - height, >=, 140);
  g_assert_true (gtk_widget_get_visible (energy_row));
  g_assert_cmpint (gtk_orientable_get_orientation (GTK_ORIENTABLE (gtk_widget_get_parent (energy_row))), ==,
                   GTK_ORIENTATION_HORIZONTAL);

  /* Shorter still: the charts keep 140 px. */
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 360);
  sw_ui_test_iterate (400);
  for (guint k = 0; k < 100 && gtk_widget_get_height (GTK_WIDGET (view)) > 380; k++)
    sw_ui_test_iterate (100);
  height = table_height_reaching (view, gtk_widget_get_height (GTK_WIDGET (view)) - 140, FALSE);
  g_assert_cmpint (height, <=, gtk_widget_get_height (GTK_WIDGET (view)) - 140);
  g_assert_cmpint (height, >=, MIN (rows, 38 + 3 * 33));

  /* Dragged by hand, it stays. */
  dragged = height - 40;
  gtk_paned_set_position (GTK_PANED (sw_ui_test_find_type (GTK_WIDGET (view), GTK_TYPE_PANED)), dragged);
  sw_ui_test_iterate (100);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 900);
  for (guint k = 0; k < 100 && gtk_widget_get_height (GTK_WIDGET (view)) < 800; k++)
    sw_ui_test_iterate (100);
  sw_ui_test_iterate (400);
  g_assert_cmpint (_sw_modes_view_get_table_height (view), ==, dragged);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* In a scrolled page (as the window's results pages are) the view is
 * given the height shown, not its minimum: short, it asks only for the
 * compact arrangement (the energy charts beside the shape) and uses it,
 * so nothing lies below the fold. */
static void
test_scrolled_compact (void)
{
  g_autofree char *text = chain_text ();
  g_autoptr(SwModes) modes = modes_of (text);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  SwModesView *view = SW_MODES_VIEW (sw_modes_view_new ());
  GtkWidget *energy_row = gtk_widget_get_parent (GTK_WIDGET (_sw_modes_view_get_plot (view, SW_MODES_VIEW_PLOT_KINETIC)));
  GtkAdjustment *vadjustment;
  int minimum = 0, shape = 0;

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (view));
  gtk_window_set_child (GTK_WINDOW (window), scroller);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 900);
  gtk_window_present (GTK_WINDOW (window));
  sw_modes_view_set_modes (view, modes);
  sw_ui_test_iterate (400);
  /* Tall: the energy charts under the shape. */
  for (guint k = 0; k < 100 && gtk_orientable_get_orientation (GTK_ORIENTABLE (gtk_widget_get_parent (energy_row))) !=
       GTK_ORIENTATION_VERTICAL; k++)
    sw_ui_test_iterate (100);
  g_assert_true (gtk_widget_get_visible (energy_row));
  g_assert_cmpint (gtk_orientable_get_orientation (GTK_ORIENTABLE (gtk_widget_get_parent (energy_row))), ==,
                   GTK_ORIENTATION_VERTICAL);
  /* Its minimum is still the compact one: the shape's 140 px, not both rows'. */
  gtk_widget_measure (GTK_WIDGET (view), GTK_ORIENTATION_VERTICAL, 900, &minimum, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (_sw_modes_view_get_plot (view, SW_MODES_VIEW_PLOT_SHAPE)),
                      GTK_ORIENTATION_VERTICAL, -1, &shape, NULL, NULL, NULL);
  g_test_message ("the view's minimum %d px", minimum);
  g_assert_cmpint (minimum, <, 96 + 2 * shape);

  /* Short: beside, as tall as the scroller shows, nothing to scroll. */
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 400);
  vadjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  for (guint k = 0; k < 100 && (gtk_widget_get_height (scroller) > 420 ||
       gtk_orientable_get_orientation (GTK_ORIENTABLE (gtk_widget_get_parent (energy_row))) != GTK_ORIENTATION_HORIZONTAL ||
       gtk_adjustment_get_upper (vadjustment) > gtk_adjustment_get_page_size (vadjustment) + 0.5); k++)
    sw_ui_test_iterate (100);
  g_test_message ("scroller %d px, view %d px, content %.0f px", gtk_widget_get_height (scroller),
                  gtk_widget_get_height (GTK_WIDGET (view)), gtk_adjustment_get_upper (vadjustment));
  g_assert_true (gtk_widget_get_visible (energy_row));
  g_assert_cmpint (gtk_orientable_get_orientation (GTK_ORIENTABLE (gtk_widget_get_parent (energy_row))), ==,
                   GTK_ORIENTATION_HORIZONTAL);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (view)), ==, gtk_widget_get_height (scroller));
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadjustment), <=, gtk_adjustment_get_page_size (vadjustment) + 0.5);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A long chain's small shares read as numbers, not "0.0 %". */
static void
test_share_text (void)
{
  static const struct { double percent; const char *text; } cases[] = {
    { 100, "100.0 %" }, { 45.26, "45.3 %" }, { 1, "1.0 %" }, { 0.5, "0.50 %" },
    { 0.0342, "0.034 %" }, { 0.00123, "0.0012 %" }, { 0.00004, "< 0.0001 %" },
    { 0, "0 %" }, { -1e-12, "0 %" }, { NAN, "—" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = sw_modes_format_share (cases[i].percent);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* A chain's names differ at the end: shortened, they keep it. */
static void
test_label_text (void)
{
  static const struct { const char *name; guint max_chars; const char *text; } cases[] = {
    { "disc_39", 6, "dis…39" }, { "disc_39", 7, "disc_39" }, { "disc_39", 24, "disc_39" },
    { "engine1.damperRing", 12, "engine…rRing" }, { "gearbox", 4, "ge…x" },
    { "äöüßäöü", 5, "äö…öü" }, { "abc", 1, "abc" }, { NULL, 4, "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = sw_modes_shorten_label (cases[i].name, cases[i].max_chars);

      g_assert_cmpstr (text, ==, cases[i].text);
      if (cases[i].max_chars >= 2)
        g_assert_cmpint (g_utf8_strlen (text, -1), <=, cases[i].max_chars);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/modes-order/through-gear", test_through_gear);
  g_test_add_func ("/ui/modes-order/through-subsystem", test_through_subsystem);
  g_test_add_func ("/ui/modes-order/share-text", test_share_text);
  g_test_add_func ("/ui/modes-order/label-text", test_label_text);

  if (!sw_ui_test_init ("/ui/modes-order/no-display"))
    return g_test_run ();

  g_test_add_func ("/ui/modes-order/view-axis", test_view_axis);
  g_test_add_func ("/ui/modes-order/table-height", test_table_height);
  g_test_add_func ("/ui/modes-order/scrolled-compact", test_scrolled_compact);
  return g_test_run ();
}
