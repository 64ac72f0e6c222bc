/* test-window-recovery.c: recovering unsaved models in the window after a
 * crash.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "sw-canvas-private.h"
#include "sw-error.h"
#include "sw-application.h"
#include "sw-modelica.h"
#include "sw-recovery.h"
#include "sw-settings.h"
#include "sw-window.h"
#include "sw-window-private.h"
#include "sw-plot-view.h"
#include "sw-test-files.h"
#include "test-window-common.h"

static void
test_recovery (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *source = sw_test_example_path ("first.shaft");
  g_autoptr(GFile) source_file = g_file_new_for_path (source);
  g_autofree char *uri = g_file_get_uri (source_file);
  g_autoptr(SwModel) changed = sw_model_new_from_file (source, &error);
  g_autofree char *data = NULL;
  g_autofree char *dir = sw_recovery_get_dir ();
  g_autofree char *path = NULL;
  g_autoptr(GPtrArray) orphans = NULL;
  SwWindow *window;
  GtkWindow *dialog;
  int inertia;
  gsize length;

  g_assert_no_error (error);
  inertia = sw_model_find_component (changed, "inertia3");
  g_assert_true (sw_model_set_param (changed, (guint) inertia, "J", 7, &error));
  g_assert_no_error (error);
  data = sw_model_to_data (changed, &length);

  /* A copy written by a process that is gone (pid 0x3fffff is beyond
   * pid_max's default) is an orphan; one of ours is not. */
  path = g_build_filename (dir, "4194303-test.shaft", NULL);
  g_assert_true (sw_recovery_write (path, data, length, uri, "First", &error));
  g_assert_no_error (error);
  {
    g_autofree char *own = sw_recovery_new_path ();

    g_assert_true (sw_recovery_write (own, data, length, NULL, "Own", &error));
    g_assert_no_error (error);
    orphans = sw_recovery_list_orphans ();
    g_assert_cmpuint (orphans->len, ==, 1);
    g_assert_cmpstr (g_ptr_array_index (orphans, 0), ==, path);
    sw_recovery_remove (own);
    g_assert_false (g_file_test (own, G_FILE_TEST_EXISTS));
  }

  /* Recovering puts the copy on top of the saved file, as an unsaved
   * change, and deletes the copy. */
  window = window_new ();
  sw_window_offer_recovery (window, path);
  dialog = find_transient (window, ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  respond (dialog, "recover");
  g_assert_nonnull (sw_window_get_file (window));
  g_assert_true (g_file_equal (sw_window_get_file (window), source_file));
  g_assert_true (sw_window_get_modified (window));
  g_assert_cmpfloat (get_param (sw_window_get_model (window), "inertia3", "J"), ==, 7);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  /* Undo goes back to the saved file. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_false (sw_window_get_modified (window));
  window_destroy_and_check (window);
}

/* Two windows with unsaved changes when the program died: at the next
 * start each copy is offered in a window of its own (the empty one for the
 * first), Recover on both gives two windows with the two models, each copy
 * deleted once its model is in, and closing them is clean (a critical
 * fails the test). */
static void
test_recovery_two (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = sw_recovery_get_dir ();
  g_autofree char *path_a = g_build_filename (dir, "4194303-crash-a.shaft", NULL);
  g_autofree char *path_b = g_build_filename (dir, "4194303-crash-b.shaft", NULL);
  const char *paths[2] = { path_a, path_b };
  const char *names[2] = { "First", "Second" };
  g_autoptr(SwApplication) app = NULL;
  g_autoptr(GList) windows = NULL;
  gboolean seen[2] = { FALSE, FALSE };

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(SwModel) model = sw_model_new ();
      g_autofree char *data = NULL;
      gsize length;

      sw_model_set_name (model, names[i]);
      sw_model_add_component (model, "rotational.inertia", i == 0 ? "first" : "second", &error);
      g_assert_no_error (error);
      data = sw_model_to_data (model, &length);
      g_assert_true (sw_recovery_write (paths[i], data, length, NULL, names[i], &error));
      g_assert_no_error (error);
    }

  /* The application as the desktop starts it, without a bus name of its
   * own (other test programs run beside). */
  app = sw_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  g_application_activate (G_APPLICATION (app));
  iterate ();
  windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));
  g_assert_cmpuint (g_list_length (windows), ==, 2);

  for (GList *l = windows; l != NULL; l = l->next)
    {
      GtkWindow *dialog = find_transient (l->data, ADW_TYPE_MESSAGE_DIALOG);

      g_assert_nonnull (dialog);
      respond (dialog, "recover");
    }
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 2);
  for (GList *l = windows; l != NULL; l = l->next)
    {
      SwModel *model = sw_window_get_model (l->data);
      const char *name = sw_model_get_name (model);

      g_assert_true (sw_window_get_modified (l->data));
      g_assert_cmpuint (sw_model_get_n_components (model), ==, 1);
      for (guint i = 0; i < 2; i++)
        if (g_strcmp0 (name, names[i]) == 0)
          {
            g_assert_false (seen[i]);
            seen[i] = TRUE;
            g_assert_cmpint (sw_model_find_component (model, i == 0 ? "first" : "second"), ==, 0);
          }
    }
  g_assert_true (seen[0] && seen[1]);
  g_assert_false (g_file_test (path_a, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (path_b, G_FILE_TEST_EXISTS));

  /* Recovered windows are modified: closing them asks, so they are
   * destroyed here as the "Discard" answer would. */
  for (GList *l = windows; l != NULL; l = l->next)
    window_destroy_and_check (l->data);
  iterate ();
}

static void
add_tests (void)
{
  g_test_add_func ("/app/window/recovery", test_recovery);
  g_test_add_func ("/app/window/recovery-two", test_recovery_two);
}

int
main (int   argc,
      char *argv[])
{
  return test_window_run (argc, argv, "test-window-recovery", add_tests);
}
