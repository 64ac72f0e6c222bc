/* test-inspector-tables.c: table parameters in the inspector: the editable
 * table, importing a file, its plot, its columns.
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
  if (!inspector_test_init (&argc, &argv))
    return g_test_run ();

  g_test_add_func ("/ui/inspector/table", test_table);
  g_test_add_func ("/ui/inspector/table-import", test_table_import);
  g_test_add_func ("/ui/inspector/table-plot", test_table_plot);
  g_test_add_func ("/ui/inspector/table-columns", test_table_columns);
  g_test_add_func ("/ui/inspector/table-plot-columns", test_table_plot_columns);

  return g_test_run ();
}
