/* test-model-edit-params.c: the model's editing API: no change signalled for
 * an equal value, table parameters, the ui member and grouping.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-model.h"
#include "test-model-edit-common.h"

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
  sw_test_add_component (model, "rotational.inertia", "J1");
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
  g_test_add_func ("/core/model-edit/no-change", test_no_change);
  g_test_add_func ("/core/model-edit/param-table", test_param_table);
  g_test_add_func ("/core/model-edit/ui-member-and-grouping", test_ui_member_and_grouping);

  return g_test_run ();
}
