/* test-window-files.c: the window and its files: opening, the title and its
 * unsaved mark, undo, saving (temporary file renamed over the old one,
 * Modelica), load errors, the unsaved-changes prompt.
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
test_open (void)
{
  g_autofree char *path = sw_test_example_path ("first.shaft");
  SwWindow *window = window_with_file (path);
  g_autofree char *basename = NULL;

  g_assert_nonnull (sw_window_get_file (window));
  basename = g_file_get_basename (sw_window_get_file (window));
  g_assert_cmpstr (basename, ==, "first.shaft");
  g_assert_cmpstr (sw_window_get_title_text (window), ==, "First");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "First");
  g_assert_false (sw_window_get_modified (window));
  g_assert_false (sw_window_is_pristine (window));
  g_assert_cmpint (sw_model_find_component (sw_window_get_model (window), "inertia1"), >=, 0);

  /* A valid model: the check finds nothing, so run and modes are on; an
   * unmodified file needs no saving. */
  g_assert_cmpuint (sw_window_get_n_problems (window), ==, 0);
  g_assert_true (action_button_sensitive (window, "win.run-simulation"));
  g_assert_true (action_button_sensitive (window, "win.modal-analysis"));
  g_assert_false (action_button_sensitive (window, "win.save"));
  g_assert_false (action_button_sensitive (window, "win.undo"));

  window_destroy_and_check (window);
}

static void
test_modify_undo (void)
{
  g_autofree char *path = sw_test_example_path ("first.shaft");
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  int inertia = sw_model_find_component (model, "inertia1");
  g_autoptr(GError) error = NULL;
  guint n_notify = 0;

  g_signal_connect_swapped (window, "notify::modified", G_CALLBACK (count_notify), &n_notify);

  g_assert_cmpint (inertia, >=, 0);
  g_assert_true (sw_model_set_param (model, (guint) inertia, "J", 0.25, &error));
  g_assert_no_error (error);
  iterate ();

  /* The unsaved mark: in the title and the window title. */
  g_assert_true (sw_window_get_modified (window));
  g_assert_cmpuint (n_notify, ==, 1);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• First");
  g_assert_true (action_button_sensitive (window, "win.undo"));
  g_assert_false (action_button_sensitive (window, "win.redo"));
  g_assert_true (action_button_sensitive (window, "win.save"));

  /* Undo through the window's action clears it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_false (sw_window_get_modified (window));
  g_assert_cmpuint (n_notify, ==, 2);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "First");
  g_assert_cmpfloat (get_param (sw_window_get_model (window), "inertia1", "J"), ==, 0.1);
  g_assert_false (action_button_sensitive (window, "win.undo"));
  g_assert_true (action_button_sensitive (window, "win.redo"));

  /* Redo brings the change and the mark back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  iterate ();
  g_assert_true (sw_window_get_modified (window));
  g_assert_cmpuint (n_notify, ==, 3);
  g_assert_cmpfloat (get_param (sw_window_get_model (window), "inertia1", "J"), ==, 0.25);

  /* Discard, so that closing asks nothing. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  window_destroy_and_check (window);
}

static void
test_save (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = copy_example_to_temp ("first.shaft", &dir);
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  int inertia = sw_model_find_component (model, "inertia2");
  g_autoptr(GError) error = NULL;
  g_autoptr(SwModel) reread = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *written = NULL;
  GStatBuf before, after;

  g_assert_cmpint (g_stat (path, &before), ==, 0);
  g_assert_true (sw_model_set_param (model, (guint) inertia, "J", 3.5, &error));
  g_assert_no_error (error);
  iterate ();
  g_assert_true (sw_window_get_modified (window));
  g_assert_true (action_button_sensitive (window, "win.save"));

  /* win.save writes the window's own file. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  iterate ();
  g_assert_false (sw_window_get_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "First");
  g_assert_false (action_button_sensitive (window, "win.save"));

  /* A new file was renamed over the old one (another inode), and no
   * temporary file is left beside it. */
  g_assert_cmpint (g_stat (path, &after), ==, 0);
  g_assert_true (before.st_ino != after.st_ino);
  g_assert_cmpuint (sw_test_count_entries (dir), ==, 1);

  expected = sw_model_to_data (model, NULL);
  g_file_get_contents (path, &written, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (written, ==, expected);
  reread = sw_model_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (get_param (reread, "inertia2", "J"), ==, 3.5);

  /* Save to another file: the window now edits that one. */
  {
    g_autofree char *other = g_build_filename (dir, "copy.shaft", NULL);
    g_autoptr(GFile) other_file = g_file_new_for_path (other);
    g_autofree char *basename = NULL;

    g_assert_true (sw_window_save_to_file (window, other_file, &error));
    g_assert_no_error (error);
    basename = g_file_get_basename (sw_window_get_file (window));
    g_assert_cmpstr (basename, ==, "copy.shaft");
    g_assert_cmpuint (sw_test_count_entries (dir), ==, 2);
  }

  window_destroy_and_check (window);
  sw_test_remove_tree (dir);
}

/* Save As with a .mo name writes Modelica (it reads back as the same
 * model), says so, and leaves the document's own file the .shaft, still
 * unsaved; Save As starts in the user's folder, never in the examples';
 * the Open dialog shows both kinds of model first. */
static void
test_save_modelica (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = copy_example_to_temp ("first.shaft", &dir);
  g_autofree char *mo = g_build_filename (dir, "first.mo", NULL);
  g_autoptr(GFile) mo_file = g_file_new_for_path (mo);
  g_autoptr(GFile) shaft_file = g_file_new_for_path (path);
  g_autoptr(GFile) dir_file = g_file_new_for_path (dir);
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  int inertia = sw_model_find_component (model, "inertia2");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_true (sw_model_set_param (model, (guint) inertia, "J", 3.5, &error));
  g_assert_no_error (error);
  iterate ();
  g_assert_true (sw_window_get_modified (window));

  /* Straight: the file is Modelica, the document unchanged. */
  g_assert_true (sw_window_save_to_file (window, mo_file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (mo, &text, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (text[0], !=, '{');
  {
    g_autoptr(SwModel) reread = sw_modelica_import_file (mo, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (sw_model_get_n_components (reread), ==, sw_model_get_n_components (model));
    g_assert_cmpfloat_with_epsilon (get_param (reread, "inertia2", "J"), 3.5, 1e-12);
  }
  g_assert_true (g_file_equal (sw_window_get_file (window), shaft_file));
  g_assert_true (sw_window_get_modified (window));

  /* Onto a symbolic link: the link stays, its target gets the text (it
   * was replaced by a plain file, as a device would have been). */
  {
    g_autofree char *link = g_build_filename (dir, "link.mo", NULL);
    g_autofree char *linked = NULL;
    g_autoptr(GFile) link_file = g_file_new_for_path (link);

    g_assert_cmpint (symlink ("first.mo", link), ==, 0);
    g_assert_true (g_file_set_contents (mo, "", 0, NULL));
    g_assert_true (sw_window_save_to_file (window, link_file, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
    g_assert_true (g_file_get_contents (mo, &linked, NULL, NULL));
    g_assert_cmpstr (linked, ==, text);
    g_unlink (link);
  }

  /* Through Save As: the same, and the model is still to be saved. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-as", NULL));
  g_assert_nonnull (window->file_chooser);
  {
    GtkFileChooser *chooser = GTK_FILE_CHOOSER (window->file_chooser);
    g_autoptr(GFile) other = g_file_get_child (dir_file, "other.mo");
    g_autofree char *other_path = g_file_get_path (other);
    g_autofree char *other_text = NULL;

    g_assert_true (GTK_IS_FILE_CHOOSER (chooser));
    _sw_window_file_chooser_accept (window, other);
    iterate ();
    g_assert_null (window->file_chooser);
    g_assert_true (g_file_get_contents (other_path, &other_text, NULL, &error));
    g_assert_no_error (error);
    g_assert_nonnull (strstr (other_text, "Modelica.Mechanics.Rotational"));
    g_assert_true (g_file_equal (sw_window_get_file (window), shaft_file));
    g_assert_true (sw_window_get_modified (window));
  }
  /* Ctrl+S writes the .shaft, as JSON. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  iterate ();
  g_assert_false (sw_window_get_modified (window));
  {
    g_autofree char *saved = NULL;

    g_assert_true (g_file_get_contents (path, &saved, NULL, &error));
    g_assert_cmpint (saved[0], ==, '{');
  }
  window_destroy_and_check (window);

  /* An example from the examples' folder: Save As starts in the folder
   * the user last saved to, with the example's name. */
  {
    g_autofree char *example = sw_test_example_path ("fourbody.shaft");
    g_autoptr(GFile) folder = NULL;
    g_autofree char *name = NULL;

    window = window_with_file (example);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-as", NULL));
    g_assert_nonnull (window->file_chooser);
    iterate ();
    folder = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (window->file_chooser));
    g_assert_nonnull (folder);
    g_assert_true (g_file_equal (folder, dir_file));
    name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (window->file_chooser));
    g_assert_cmpstr (name, ==, "fourbody.shaft");
    g_signal_emit_by_name (window->file_chooser, "response", GTK_RESPONSE_CANCEL);
    iterate ();
  }

  /* Open: "Models (*.shaft, *.mo)" first and chosen, then each alone. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open", NULL));
  g_assert_nonnull (window->file_chooser);
  {
    GtkFileChooser *chooser = GTK_FILE_CHOOSER (window->file_chooser);
    g_autoptr(GListModel) filters = gtk_file_chooser_get_filters (chooser);
    g_autoptr(GtkFileFilter) first = g_list_model_get_item (filters, 0);
    g_autoptr(GFileInfo) info = g_file_info_new ();

    g_assert_cmpuint (g_list_model_get_n_items (filters), ==, 4);
    g_assert_true (gtk_file_chooser_get_filter (chooser) == first);
    g_assert_cmpstr (gtk_file_filter_get_name (first), ==, "Models (*.shaft, *.mo)");
    g_file_info_set_display_name (info, "engine.mo");
    g_assert_true (gtk_filter_match (GTK_FILTER (first), info));
    g_file_info_set_display_name (info, "engine.shaft");
    g_assert_true (gtk_filter_match (GTK_FILTER (first), info));
    g_file_info_set_display_name (info, "engine.csv");
    g_assert_false (gtk_filter_match (GTK_FILTER (first), info));
    g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_CANCEL);
    iterate ();
  }
  window_destroy_and_check (window);
  sw_test_remove_tree (dir);
}

static void
test_load_error (void)
{
  g_autofree char *path = sw_test_example_path ("first.shaft");
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-window-XXXXXX", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.shaft", NULL);
  g_autoptr(GFile) bad_file = g_file_new_for_path (bad);
  GtkWindow *dialog;

  g_file_set_contents (bad,
                       "{\n"
                       "  \"format\": \"shaftwork-model\",\n"
                       "  \"version\": 1,\n"
                       "  \"components\": [\n"
                       "    {\"id\": \"a\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": -1}}\n"
                       "  ]\n"
                       "}\n", -1, &error);
  g_assert_no_error (error);

  /* The error names the file, line and column; the document stays. */
  g_assert_false (sw_window_load_file (window, bad_file, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "bad.shaft:5:"));
  g_assert_true (sw_window_get_model (window) == model);
  g_assert_cmpstr (sw_window_get_title_text (window), ==, "First");

  /* Opening it as a user would shows the error in a dialog. */
  sw_window_open_file (window, bad_file);
  dialog = find_transient (window, ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_true (sw_window_get_model (window) == model);
  gtk_window_destroy (dialog);

  window_destroy_and_check (window);
  sw_test_remove_tree (dir);
}

/* A Modelica file of several models (a package of examples): opening it
 * asks which, and opens the one chosen. */
static void
test_open_package (void)
{
  g_autofree char *first = sw_test_example_path ("first.shaft");
  g_autofree char *path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "tests", "data", "modelica", "forms", "Examples-msl4.mo", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  SwWindow *window = window_with_file (first);
  SwModel *before = sw_window_get_model (window);
  AdwMessageDialog *dialog;
  GtkDropDown *models;
  GListModel *names;

  sw_window_open_file (window, file);
  dialog = ADW_MESSAGE_DIALOG (find_transient (window, ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_true (sw_window_get_model (window) == before);
  models = GTK_DROP_DOWN (adw_message_dialog_get_extra_child (dialog));
  names = gtk_drop_down_get_model (models);
  g_assert_cmpuint (g_list_model_get_n_items (names), >=, 2);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 0), ==, "Examples.First");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 1), ==, "Examples.Backlash");
  gtk_drop_down_set_selected (models, 1);
  adw_message_dialog_response (dialog, "open");
  iterate ();
  g_assert_true (sw_window_get_model (window) != before);
  g_assert_cmpint (sw_model_find_component (sw_window_get_model (window), "elastoBacklash"), >=, 0);

  window_destroy_and_check (window);
}

/* MSL 4's Examples/package.mo holds no model: the dialog lists its
 * folder's (package.order's, not the sub-package Utilities), and the one
 * chosen is read from its own file beside it. */
static void
test_open_package_folder (void)
{
  g_autofree char *first = sw_test_example_path ("first.shaft");
  g_autofree char *dir = g_dir_make_tmp ("window-msl4-XXXXXX", NULL);
  g_autofree char *package = g_build_filename (dir, "package.mo", NULL);
  g_autofree char *order = g_build_filename (dir, "package.order", NULL);
  g_autofree char *first_mo = g_build_filename (dir, "First.mo", NULL);
  g_autofree char *backlash_mo = g_build_filename (dir, "Backlash.mo", NULL);
  g_autofree char *utilities = g_build_filename (dir, "Utilities", NULL);
  g_autofree char *forms = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "tests", "data", "modelica", NULL);
  g_autofree char *form = g_build_filename (forms, "forms", "First-msl4.mo", NULL);
  g_autofree char *plain = g_build_filename (forms, "Backlash.mo", NULL);
  g_autofree char *text = NULL, *text2 = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (package);
  SwWindow *window = window_with_file (first);
  SwModel *before = sw_window_get_model (window);
  AdwMessageDialog *dialog;
  GtkDropDown *models;
  GListModel *names;

  g_assert_true (g_file_set_contents (package, "within Modelica.Mechanics.Rotational;\n"
                                               "package Examples \"Demonstration examples\"\n"
                                               "  extends Modelica.Icons.ExamplesPackage;\n"
                                               "end Examples;\n", -1, NULL));
  g_assert_true (g_file_set_contents (order, "First\nBacklash\nUtilities\n", -1, NULL));
  g_assert_true (g_file_get_contents (form, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (first_mo, text, -1, NULL));
  g_assert_true (g_file_get_contents (plain, &text2, NULL, NULL));
  g_assert_true (g_file_set_contents (backlash_mo, text2, -1, NULL));
  g_assert_cmpint (g_mkdir (utilities, 0700), ==, 0);

  sw_window_open_file (window, file);
  dialog = ADW_MESSAGE_DIALOG (find_transient (window, ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "its folder holds 2"));
  models = GTK_DROP_DOWN (adw_message_dialog_get_extra_child (dialog));
  names = gtk_drop_down_get_model (models);
  g_assert_cmpuint (g_list_model_get_n_items (names), ==, 2);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 0), ==, "First");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 1), ==, "Backlash");
  gtk_drop_down_set_selected (models, 1);
  adw_message_dialog_response (dialog, "open");
  iterate ();
  g_assert_true (sw_window_get_model (window) != before);
  g_assert_cmpint (sw_model_find_component (sw_window_get_model (window), "elastoBacklash"), >=, 0);

  window_destroy_and_check (window);
  g_remove (package), g_remove (order), g_remove (first_mo), g_remove (backlash_mo), g_rmdir (utilities);
  g_rmdir (dir);
}

static void
test_unsaved_prompt (void)
{
  g_autofree char *path = sw_test_example_path ("first.shaft");
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  SwWindow *weak = window;
  g_autoptr(GError) error = NULL;
  GtkWindow *dialog;

  g_assert_true (sw_model_set_param (model, (guint) sw_model_find_component (model, "inertia1"),
                                     "J", 0.3, &error));
  g_assert_no_error (error);
  iterate ();
  g_assert_true (sw_window_get_modified (window));

  /* Closing asks; cancel keeps the window and the changes. */
  gtk_window_close (GTK_WINDOW (window));
  dialog = find_transient (window, ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  respond (dialog, "cancel");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_true (sw_window_get_modified (window));

  /* New asks too; discard replaces the document. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL));
  dialog = find_transient (window, ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  respond (dialog, "discard");
  g_assert_true (sw_window_is_pristine (window));

  /* An unmodified document closes without asking. */
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &weak);
  gtk_window_close (GTK_WINDOW (window));
  iterate ();
  g_assert_null (weak);
}

static void
add_tests (void)
{
  g_test_add_func ("/app/window/open", test_open);
  g_test_add_func ("/app/window/modify-undo", test_modify_undo);
  g_test_add_func ("/app/window/save", test_save);
  g_test_add_func ("/app/window/save-modelica", test_save_modelica);
  g_test_add_func ("/app/window/load-error", test_load_error);
  g_test_add_func ("/app/window/open-package", test_open_package);
  g_test_add_func ("/app/window/open-package-folder", test_open_package_folder);
  g_test_add_func ("/app/window/unsaved-prompt", test_unsaved_prompt);
}

int
main (int   argc,
      char *argv[])
{
  return test_window_run (argc, argv, "test-window-files", add_tests);
}
