/* test-history.c: unlimited undo and redo of model edits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-history.h"
#include "sw-model.h"
#include "sw-test-model.h"

typedef struct {
  guint can_undo;
  guint can_redo;
  guint modified;
} NotifyCounts;


static void
on_notify (GObject      *object,
           GParamSpec   *pspec,
           NotifyCounts *counts)
{
  if (g_str_equal (pspec->name, "can-undo"))
    counts->can_undo++;
  else if (g_str_equal (pspec->name, "can-redo"))
    counts->can_redo++;
  else if (g_str_equal (pspec->name, "modified"))
    counts->modified++;
  else
    g_assert_not_reached ();
}

static void
assert_text (SwModel    *model,
             const char *expected)
{
  g_autofree char *text = sw_model_to_data (model, NULL);

  g_assert_cmpstr (text, ==, expected);
}


/* Runs edit number i (0 <= i < N_EDITS) on model: every kind of edit. */
#define N_EDITS 16

static void
edit (SwModel *model,
      guint    i)
{
  static const char fragment[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"position\": [0, 0]}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) pasted = NULL;
  SwSimulationSettings settings = *sw_model_get_simulation (model);

  switch (i)
    {
    case 0:
      sw_test_add_component (model, "rotational.inertia", "a");
      break;
    case 1:
      sw_test_add_component (model, "rotational.spring", "s");
      break;
    case 2:
      g_assert_true (sw_model_set_param (model, 0, "J", 0.125, &error));
      break;
    case 3:
      g_assert_true (sw_model_connect (model, "a.flange_b", "s.flange_a", &error));
      break;
    case 4:
      sw_model_set_position (model, 0, 10, 20);
      break;
    case 5:
      sw_model_set_rotation (model, 1, 90, TRUE);
      break;
    case 6:
      g_assert_true (sw_model_set_id (model, 1, "spring", &error));
      break;
    case 7:
      sw_model_set_name (model, "Edited");
      break;
    case 8:
      settings.stop_time_s = 4;
      sw_model_set_simulation (model, &settings);
      break;
    case 9:
      pasted = sw_model_paste_fragment (model, fragment, 30, 30, &error);
      g_assert_nonnull (pasted);
      break;
    case 10:
      g_assert_true (sw_model_connect (model, "inertia1.flange_a", "spring.flange_b", &error));
      break;
    case 11:
      sw_model_remove_connection (model, 0);
      break;
    case 12:
      sw_model_remove_component (model, 0);
      break;
    case 13:
      g_assert_true (sw_model_restore (model,
                                       "{\"format\": \"shaftwork-model\", \"version\": 1, "
                                       "\"name\": \"Restored\"}", -1, &error));
      break;
    case 14:
      /* fn_max has no default: given at once, in one step. */
      sw_model_begin_edit (model);
      sw_test_add_component (model, "rotational.clutch", "clutch");
      g_assert_true (sw_model_set_param (model, 0, "fn_max", 100, &error));
      g_assert_true (sw_model_set_param (model, 0, "f_normalized", 1, &error));
      sw_model_end_edit (model);
      break;
    case 15:
      {
        static const double rows[] = { 0, 0.5, 10, 0.3 };
        g_autoptr(SwTable) table = sw_table_new (2, 2, rows);

        g_assert_true (sw_model_set_param_table (model, 0, "mue_pos", table, &error));
      }
      break;
    default:
      g_assert_not_reached ();
    }
  g_assert_no_error (error);
}

static void
test_undo_redo (void)
{
  SwModel *model = sw_model_new ();
  SwHistory *history = sw_history_new (model);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  guint changed = 0;

  g_assert_true (sw_history_get_model (history) == model);
  g_assert_false (sw_history_get_can_undo (history));
  g_assert_false (sw_history_get_can_redo (history));
  g_assert_false (sw_history_undo (history));
  g_assert_false (sw_history_redo (history));

  g_ptr_array_add (texts, sw_model_to_data (model, NULL));
  for (guint i = 0; i < N_EDITS; i++)
    {
      edit (model, i);
      g_ptr_array_add (texts, sw_model_to_data (model, NULL));
      g_assert_cmpstr (g_ptr_array_index (texts, i + 1), !=, g_ptr_array_index (texts, i));
      g_assert_true (sw_history_get_can_undo (history));
      g_assert_false (sw_history_get_can_redo (history));
    }

  /* Other listeners see every undo and redo once. */
  g_signal_connect (model, "changed", G_CALLBACK (sw_test_count_changed), &changed);

  for (guint i = N_EDITS; i-- > 0; )
    {
      g_assert_true (sw_history_undo (history));
      assert_text (model, g_ptr_array_index (texts, i));
      g_assert_cmpint (sw_history_get_can_undo (history), ==, i > 0);
      g_assert_true (sw_history_get_can_redo (history));
    }
  g_assert_cmpuint (changed, ==, N_EDITS);
  g_assert_false (sw_history_undo (history));
  g_assert_cmpuint (sw_model_get_n_components (model), ==, 0);

  for (guint i = 1; i <= N_EDITS; i++)
    {
      g_assert_true (sw_history_redo (history));
      assert_text (model, g_ptr_array_index (texts, i));
      g_assert_true (sw_history_get_can_undo (history));
      g_assert_cmpint (sw_history_get_can_redo (history), ==, i < N_EDITS);
    }
  g_assert_cmpuint (changed, ==, 2 * N_EDITS);
  g_assert_false (sw_history_redo (history));
  g_assert_cmpstr (sw_model_get_name (model), ==, "Restored");

  /* Half way back and forth again. */
  for (guint i = 0; i < N_EDITS / 2; i++)
    g_assert_true (sw_history_undo (history));
  assert_text (model, g_ptr_array_index (texts, N_EDITS - N_EDITS / 2));
  g_assert_true (sw_history_redo (history));
  assert_text (model, g_ptr_array_index (texts, N_EDITS - N_EDITS / 2 + 1));

  g_assert_finalize_object (history);
  g_assert_finalize_object (model);
}

/* A table edit undone and redone gives back the table, not only the text. */
static void
test_table (void)
{
  static const double rows[] = { 0, 0.5, 1, 0.45, 10, 0.3 };
  static const double other_rows[] = { 0, 0.25 };
  SwModel *model = sw_model_new ();
  SwHistory *history = sw_history_new (model);
  g_autoptr(SwTable) table = sw_table_new (3, 2, rows);
  g_autoptr(SwTable) other = sw_table_new (1, 2, other_rows);
  g_autoptr(SwTable) shown = NULL;
  g_autoptr(GError) error = NULL;
  const SwComponent *c;

  edit (model, 14);
  g_assert_true (sw_model_set_param_table (model, 0, "mue_pos", table, &error));
  g_assert_true (sw_model_set_param_table (model, 0, "mue_pos", other, &error));
  g_assert_no_error (error);

  g_assert_true (sw_history_undo (history));
  c = sw_model_get_component (model, 0);
  g_assert_true (sw_table_equal (c->table[0], table));
  g_assert_true (c->given[0]);
  g_assert_cmpfloat (c->param[0], ==, 0.5);
  /* The restored model holds a table of its own. */
  shown = sw_table_ref (c->table[0]);

  g_assert_true (sw_history_undo (history));
  c = sw_model_get_component (model, 0);
  g_assert_false (c->given[0]);
  g_assert_cmpuint (sw_table_get_n_rows (c->table[0]), ==, 1);
  g_assert_cmpfloat (sw_table_get (c->table[0], 0, 1), ==, 0.5);

  g_assert_true (sw_history_redo (history));
  g_assert_true (sw_history_redo (history));
  c = sw_model_get_component (model, 0);
  g_assert_true (sw_table_equal (c->table[0], other));
  g_assert_cmpfloat (c->param[0], ==, 0.25);
  g_assert_false (sw_history_get_can_redo (history));
  g_assert_true (sw_table_equal (shown, table));

  g_assert_finalize_object (history);
  g_assert_finalize_object (model);
}

static void
test_new_edit_clears_redo (void)
{
  SwModel *model = sw_model_new ();
  SwHistory *history = sw_history_new (model);
  g_autofree char *before_new = NULL;
  g_autofree char *after_new = NULL;

  for (guint i = 0; i < 5; i++)
    edit (model, i);
  g_assert_true (sw_history_undo (history));
  g_assert_true (sw_history_undo (history));
  g_assert_true (sw_history_get_can_redo (history));
  before_new = sw_model_to_data (model, NULL);

  sw_model_set_name (model, "Branch");
  after_new = sw_model_to_data (model, NULL);
  g_assert_false (sw_history_get_can_redo (history));
  g_assert_false (sw_history_redo (history));
  assert_text (model, after_new);

  g_assert_true (sw_history_undo (history));
  assert_text (model, before_new);
  g_assert_true (sw_history_redo (history));
  assert_text (model, after_new);

  g_assert_finalize_object (history);
  g_assert_finalize_object (model);
}

static void
test_group (void)
{
  SwModel *model = sw_model_new ();
  SwHistory *history = sw_history_new (model);
  g_autofree char *start = NULL;
  g_autofree char *moved = NULL;
  g_autofree char *nested = NULL;

  edit (model, 0);
  sw_model_set_position (model, 0, 0, 0);
  start = sw_model_to_data (model, NULL);

  /* A drag: ten moves, one step. */
  sw_history_begin_group (history);
  for (guint i = 1; i <= 10; i++)
    sw_model_set_position (model, 0, 5.0 * i, 2.0 * i);
  sw_history_end_group (history);
  moved = sw_model_to_data (model, NULL);
  g_assert_cmpfloat (sw_model_get_component (model, 0)->position[0], ==, 50);

  g_assert_true (sw_history_undo (history));
  assert_text (model, start);
  g_assert_true (sw_history_redo (history));
  assert_text (model, moved);
  g_assert_true (sw_history_undo (history));
  g_assert_true (sw_history_redo (history));

  /* Nested groups are one step too. */
  sw_history_begin_group (history);
  sw_model_set_position (model, 0, 1, 1);
  sw_history_begin_group (history);
  sw_model_set_rotation (model, 0, 180, FALSE);
  sw_history_end_group (history);
  g_assert_true (sw_history_get_can_undo (history));
  sw_model_set_name (model, "Nested");
  sw_history_end_group (history);
  nested = sw_model_to_data (model, NULL);

  g_assert_true (sw_history_undo (history));
  assert_text (model, moved);
  g_assert_true (sw_history_undo (history));
  assert_text (model, start);
  g_assert_true (sw_history_redo (history));
  g_assert_true (sw_history_redo (history));
  assert_text (model, nested);

  /* Undo inside a group is a programmer error. */
  sw_history_begin_group (history);
  g_test_expect_message ("Shaftwork", G_LOG_LEVEL_CRITICAL, "*group_depth == 0*");
  g_assert_false (sw_history_undo (history));
  g_test_assert_expected_messages ();
  sw_history_end_group (history);

  g_test_expect_message ("Shaftwork", G_LOG_LEVEL_CRITICAL, "*group_depth > 0*");
  sw_history_end_group (history);
  g_test_assert_expected_messages ();

  g_assert_finalize_object (history);
  g_assert_finalize_object (model);
}

static void
test_group_without_step (void)
{
  SwModel *model = sw_model_new ();
  SwHistory *history = sw_history_new (model);
  NotifyCounts counts = { 0 };

  edit (model, 0);
  sw_model_set_position (model, 0, 3, 4);
  sw_history_reset (history);
  g_signal_connect (history, "notify", G_CALLBACK (on_notify), &counts);

  /* Nothing changed: no step. */
  sw_history_begin_group (history);
  sw_model_set_position (model, 0, 3, 4);
  sw_history_end_group (history);
  g_assert_false (sw_history_get_can_undo (history));

  /* A drag back to where it started: no step either. */
  sw_history_begin_group (history);
  sw_model_set_position (model, 0, 10, 4);
  sw_model_set_position (model, 0, 20, 4);
  sw_model_set_position (model, 0, 3, 4);
  sw_history_end_group (history);
  g_assert_false (sw_history_get_can_undo (history));
  g_assert_false (sw_history_get_modified (history));
  g_assert_cmpuint (counts.can_undo, ==, 2);
  g_assert_cmpuint (counts.modified, ==, 2);
  g_assert_cmpuint (counts.can_redo, ==, 0);

  g_assert_finalize_object (history);
  g_assert_finalize_object (model);
}

static void
test_modified (void)
{
  SwModel *model = sw_model_new ();
  SwHistory *history = sw_history_new (model);
  gboolean modified;

  g_assert_false (sw_history_get_modified (history));
  edit (model, 0);
  g_assert_true (sw_history_get_modified (history));
  edit (model, 1);
  sw_history_mark_saved (history);
  g_assert_false (sw_history_get_modified (history));

  g_assert_true (sw_history_undo (history));
  g_assert_true (sw_history_get_modified (history));
  g_assert_true (sw_history_redo (history));
  g_assert_false (sw_history_get_modified (history));

  /* Back at the saved text by an edit, not by undo, is not modified. */
  sw_model_set_name (model, "Temporary");
  g_assert_true (sw_history_get_modified (history));
  sw_model_set_name (model, NULL);
  g_assert_false (sw_history_get_modified (history));
  g_assert_true (sw_history_undo (history));
  g_assert_true (sw_history_get_modified (history));
  g_assert_true (sw_history_undo (history));
  g_assert_false (sw_history_get_modified (history));

  /* Saved in the middle, then everything undone and redone. */
  edit (model, 2);
  edit (model, 3);
  sw_history_mark_saved (history);
  edit (model, 4);
  while (sw_history_undo (history))
    ;
  g_assert_true (sw_history_get_modified (history));
  g_assert_true (sw_history_redo (history));
  g_assert_true (sw_history_redo (history));
  g_assert_true (sw_history_redo (history));
  g_assert_true (sw_history_redo (history));
  g_assert_false (sw_history_get_modified (history));
  g_object_get (history, "modified", &modified, NULL);
  g_assert_false (modified);
  g_assert_true (sw_history_redo (history));
  g_assert_true (sw_history_get_modified (history));
  g_object_get (history, "modified", &modified, NULL);
  g_assert_true (modified);

  /* A saved state that was branched away from stays modified. */
  g_assert_true (sw_history_undo (history));
  g_assert_false (sw_history_get_modified (history));
  g_assert_true (sw_history_undo (history));
  sw_model_set_name (model, "Branch");
  g_assert_true (sw_history_get_modified (history));
  g_assert_false (sw_history_redo (history));

  g_assert_finalize_object (history);
  g_assert_finalize_object (model);
}

static void
test_notify (void)
{
  SwModel *model = sw_model_new ();
  SwHistory *history = sw_history_new (model);
  NotifyCounts counts = { 0 };
  gboolean can_undo, can_redo;

  g_signal_connect (history, "notify", G_CALLBACK (on_notify), &counts);

  edit (model, 0);
  g_assert_cmpuint (counts.can_undo, ==, 1);
  g_assert_cmpuint (counts.can_redo, ==, 0);
  g_assert_cmpuint (counts.modified, ==, 1);

  /* Nothing that a notify reports changes. */
  edit (model, 1);
  g_assert_cmpuint (counts.can_undo, ==, 1);
  g_assert_cmpuint (counts.can_redo, ==, 0);
  g_assert_cmpuint (counts.modified, ==, 1);

  g_assert_true (sw_history_undo (history));
  g_assert_cmpuint (counts.can_undo, ==, 1);
  g_assert_cmpuint (counts.can_redo, ==, 1);
  g_assert_cmpuint (counts.modified, ==, 1);

  g_assert_true (sw_history_undo (history));
  g_assert_cmpuint (counts.can_undo, ==, 2);
  g_assert_cmpuint (counts.can_redo, ==, 1);
  g_assert_cmpuint (counts.modified, ==, 2);
  g_object_get (history, "can-undo", &can_undo, "can-redo", &can_redo, NULL);
  g_assert_false (can_undo);
  g_assert_true (can_redo);

  /* Nothing to undo: nothing changes. */
  g_assert_false (sw_history_undo (history));
  g_assert_cmpuint (counts.can_undo, ==, 2);
  g_assert_cmpuint (counts.can_redo, ==, 1);
  g_assert_cmpuint (counts.modified, ==, 2);

  g_assert_true (sw_history_redo (history));
  g_assert_cmpuint (counts.can_undo, ==, 3);
  g_assert_cmpuint (counts.can_redo, ==, 1);
  g_assert_cmpuint (counts.modified, ==, 3);

  /* A new edit drops the redo step. */
  sw_model_set_name (model, "New");
  g_assert_cmpuint (counts.can_undo, ==, 3);
  g_assert_cmpuint (counts.can_redo, ==, 2);
  g_assert_cmpuint (counts.modified, ==, 3);

  /* mark_saved twice notifies once. */
  sw_history_mark_saved (history);
  sw_history_mark_saved (history);
  g_assert_cmpuint (counts.modified, ==, 4);

  /* A "changed" that changes no text is no step. */
  g_signal_emit_by_name (model, "changed");
  g_assert_cmpuint (counts.can_undo, ==, 3);
  g_assert_cmpuint (counts.modified, ==, 4);

  sw_history_reset (history);
  g_assert_cmpuint (counts.can_undo, ==, 4);
  g_assert_cmpuint (counts.can_redo, ==, 2);
  g_assert_cmpuint (counts.modified, ==, 4);
  sw_history_reset (history);
  g_assert_cmpuint (counts.can_undo, ==, 4);

  g_assert_finalize_object (history);
  g_assert_finalize_object (model);
}

static void
test_reset (void)
{
  SwModel *model = sw_model_new ();
  SwHistory *history = sw_history_new (model);
  g_autoptr(GError) error = NULL;
  g_autofree char *loaded = NULL;

  for (guint i = 0; i < 4; i++)
    edit (model, i);
  g_assert_true (sw_history_undo (history));

  /* A new document: nothing to undo, nothing modified. */
  g_assert_true (sw_model_restore (model,
                                   "{\"format\": \"shaftwork-model\", \"version\": 1, "
                                   "\"name\": \"Loaded\"}", -1, &error));
  g_assert_no_error (error);
  sw_history_reset (history);
  g_assert_false (sw_history_get_can_undo (history));
  g_assert_false (sw_history_get_can_redo (history));
  g_assert_false (sw_history_get_modified (history));
  loaded = sw_model_to_data (model, NULL);

  edit (model, 0);
  g_assert_true (sw_history_get_modified (history));
  g_assert_true (sw_history_undo (history));
  assert_text (model, loaded);
  g_assert_false (sw_history_undo (history));
  g_assert_false (sw_history_get_modified (history));

  g_assert_finalize_object (history);
  g_assert_finalize_object (model);
}

static void
test_lifetime (void)
{
  SwModel *model = sw_model_new ();
  SwHistory *history = sw_history_new (model);
  SwModel *model_pointer = model;
  g_autoptr(SwModel) property_model = NULL;
  guint signal_id = g_signal_lookup ("changed", SW_TYPE_MODEL);

  g_object_get (history, "model", &property_model, NULL);
  g_assert_true (property_model == model);
  g_clear_object (&property_model);

  g_assert_true (g_signal_has_handler_pending (model, signal_id, 0, FALSE));

  /* The history keeps the model alive. */
  g_object_add_weak_pointer (G_OBJECT (model), (gpointer *) &model_pointer);
  g_object_unref (model);
  g_assert_nonnull (model_pointer);
  edit (model_pointer, 0);
  g_assert_true (sw_history_undo (history));

  g_assert_finalize_object (history);
  g_assert_null (model_pointer);

  /* Freed first, the history leaves no handler behind. */
  model = sw_model_new ();
  history = sw_history_new (model);
  edit (model, 0);
  g_assert_finalize_object (history);
  g_assert_false (g_signal_has_handler_pending (model, signal_id, 0, FALSE));
  edit (model, 1);
  g_assert_finalize_object (model);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/history/undo-redo", test_undo_redo);
  g_test_add_func ("/core/history/new-edit-clears-redo", test_new_edit_clears_redo);
  g_test_add_func ("/core/history/table", test_table);
  g_test_add_func ("/core/history/group", test_group);
  g_test_add_func ("/core/history/group-without-step", test_group_without_step);
  g_test_add_func ("/core/history/modified", test_modified);
  g_test_add_func ("/core/history/notify", test_notify);
  g_test_add_func ("/core/history/reset", test_reset);
  g_test_add_func ("/core/history/lifetime", test_lifetime);

  return g_test_run ();
}
