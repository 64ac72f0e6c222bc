/* test-modes-table.c: the modes table kept across new modes (a live edit
 * brings new modes of the same model every few milliseconds).
 *
 * The rows there are already are kept (the same objects) and take the new
 * modes' texts, equal to rows made afresh from them; only the cells whose
 * text changed are notified; rows gained or lost are added or removed. A
 * hidden view updates its rows' texts when they are read or when it
 * shows; a shown one at once, its cells' labels with them.
 *
 * Needs a display (xvfb-run); GSK_RENDERER=cairo.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */

#include <adwaita.h>

#include "sw-mode-row.h"
#include "sw-model.h"
#include "sw-modes-view.h"
#include "sw-modes-view-private.h"
#include "sw-ui-test.h"

/* fourbody with its rotor's inertia J (kg m^2). */
static SwModes *
fourbody_modes (double J)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = sw_ui_test_example_path ("fourbody.shaft");
  g_autoptr(SwModel) model = sw_model_new_from_file (path, &error);
  g_autoptr(SwSystem) system = NULL;
  SwModes *modes;

  g_assert_no_error (error);
  g_assert_true (sw_model_set_param (model, 1, "J", J, &error));
  g_assert_no_error (error);
  system = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  modes = sw_modes_compute (system, 0, NULL, &error);
  g_assert_no_error (error);
  return modes;
}

/* A disc on a spring to the ground: one mode. */
static SwModes *
one_mode (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SwSystem) system = sw_ui_test_system_from_text (
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"one\",\n"
    " \"components\": [\n"
    "  {\"id\": \"ground\", \"kind\": \"rotational.fixed\"},\n"
    "  {\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 1}},\n"
    "  {\"id\": \"disc\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}}],\n"
    " \"connections\": [{\"from\": \"ground.flange\", \"to\": \"spring.flange_a\"},\n"
    "  {\"from\": \"spring.flange_b\", \"to\": \"disc.flange_a\"}]}\n");
  SwModes *modes = sw_modes_compute (system, 0, NULL, &error);

  g_assert_no_error (error);
  return modes;
}

static SwModeRow *
row_at (SwModesView *view,
        guint        i)
{
  return g_list_model_get_item (G_LIST_MODEL (_sw_modes_view_get_selection (view)), i);
}

/* Every row's text is that of a row made afresh from modes. */
static void
assert_rows_of (SwModesView *view,
                SwModes     *modes)
{
  GListModel *rows = G_LIST_MODEL (_sw_modes_view_get_selection (view));

  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, sw_modes_get_n_modes (modes));
  for (guint i = 0; i < sw_modes_get_n_modes (modes); i++)
    {
      g_autoptr(SwModeRow) row = g_list_model_get_item (rows, i);
      g_autoptr(SwModeRow) fresh = sw_mode_row_new (modes, i);
      g_autofree char *have = sw_mode_row_dup_tsv (row);
      g_autofree char *want = sw_mode_row_dup_tsv (fresh);

      g_assert_cmpstr (have, ==, want);
    }
}

static void
test_rows_kept (void)
{
  g_autoptr(SwModes) a = fourbody_modes (0.5);
  g_autoptr(SwModes) b = fourbody_modes (0.625);
  g_autoptr(SwModes) one = one_mode ();
  SwModesView *view = g_object_ref_sink (SW_MODES_VIEW (sw_modes_view_new ()));
  g_autoptr(SwModeRow) first = NULL;
  g_autoptr(SwModeRow) second = NULL;
  int n_frequency = 0, n_number = 0;

  sw_modes_view_set_modes (view, a);
  assert_rows_of (view, a);
  first = row_at (view, 0);
  second = row_at (view, 1);
  g_signal_connect (second, "notify::frequency", G_CALLBACK (sw_ui_test_count_notify), &n_frequency);
  g_signal_connect (second, "notify::number", G_CALLBACK (sw_ui_test_count_notify), &n_number);

  /* The same rows, the new texts: the elastic mode's frequency changed,
   * its number did not. */
  sw_modes_view_set_modes (view, b);
  assert_rows_of (view, b);
  {
    g_autoptr(SwModeRow) now_first = row_at (view, 0);
    g_autoptr(SwModeRow) now_second = row_at (view, 1);

    g_assert_true (now_first == first);
    g_assert_true (now_second == second);
  }
  g_assert_cmpint (n_frequency, ==, 1);
  g_assert_cmpint (n_number, ==, 0);
  /* Hidden, the texts are made when read: back and forth unread is no
   * change. */
  sw_modes_view_set_modes (view, a);
  sw_modes_view_set_modes (view, b);
  assert_rows_of (view, b);
  g_assert_cmpint (n_frequency, ==, 1);
  sw_modes_view_set_modes (view, a);
  assert_rows_of (view, a);
  g_assert_cmpint (n_frequency, ==, 2);

  /* Fewer modes, then more, then none. */
  sw_modes_view_set_modes (view, one);
  assert_rows_of (view, one);
  sw_modes_view_set_modes (view, a);
  assert_rows_of (view, a);
  sw_modes_view_set_modes (view, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (_sw_modes_view_get_selection (view))), ==, 0);
  g_assert_finalize_object (view);
}

/* Hidden, the rows wait; shown, the table's cells have the new texts. */
static void
test_hidden_then_shown (void)
{
  g_autoptr(SwModes) a = fourbody_modes (0.5);
  g_autoptr(SwModes) b = fourbody_modes (0.625);
  g_autoptr(SwModeRow) fresh = sw_mode_row_new (b, 1);
  SwModesView *view = g_object_ref_sink (SW_MODES_VIEW (sw_modes_view_new ()));
  GtkWidget *window = gtk_window_new ();
  g_autofree char *frequency = NULL;
  GtkLabel *label = NULL;

  g_object_get (fresh, "frequency", &frequency, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 600);
  sw_modes_view_set_modes (view, a);
  sw_modes_view_set_modes (view, b);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  gtk_window_present (GTK_WINDOW (window));
  for (guint k = 0; k < 50 && label == NULL; k++)
    {
      sw_ui_test_iterate (100);
      label = sw_ui_test_find_label (GTK_WIDGET (view), frequency);
    }
  g_assert_nonnull (label);

  /* Shown: new modes reach the cells without anyone reading the rows. */
  sw_modes_view_set_modes (view, a);
  {
    g_autoptr(SwModeRow) fresh_a = sw_mode_row_new (a, 1);
    g_autofree char *frequency_a = NULL;

    g_object_get (fresh_a, "frequency", &frequency_a, NULL);
    g_assert_cmpstr (frequency_a, !=, frequency);
    g_assert_nonnull (sw_ui_test_find_label (GTK_WIDGET (view), frequency_a));
  }
  assert_rows_of (view, a);

  gtk_window_set_child (GTK_WINDOW (window), NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  sw_ui_test_iterate (50);
  g_assert_finalize_object (view);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (!sw_ui_test_init ("/ui/modes-table/no-display"))
    return g_test_run ();

  g_test_add_func ("/ui/modes-table/rows-kept", test_rows_kept);
  g_test_add_func ("/ui/modes-table/hidden-then-shown", test_hidden_then_shown);
  return g_test_run ();
}
