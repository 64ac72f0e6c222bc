/* test-window.c: the document window: opening, the title and its unsaved
 * mark, undo, saving (temporary file renamed over the old one), load
 * errors, the unsaved-changes prompt, the check (problems and "not
 * connected yet" hints), simulation and modal analysis in workers, failed
 * runs, recovery, the actions and their enabled state, finalization. The
 * results area is tested in test-window-results.c.
 *
 * Needs a display: without one it fails under CI and skips elsewhere.
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

/* ---- Helpers ------------------------------------------------------------- */

static gboolean
class_has_action (SwWindow   *window,
                  const char *name,
                  const char *parameter_type)
{
  GtkWidgetClass *klass = GTK_WIDGET_GET_CLASS (window);
  GType owner;
  const char *action_name;
  const GVariantType *type;
  const char *property;

  for (guint i = 0; gtk_widget_class_query_action (klass, i, &owner, &action_name, &type, &property); i++)
    if (g_strcmp0 (action_name, name) == 0)
      return parameter_type == NULL ? type == NULL
                                    : type != NULL && g_variant_type_equal (type, G_VARIANT_TYPE (parameter_type));
  return FALSE;
}

/* The AdwMessageDialog (or other window) transient for window, or NULL. */
static GtkWindow *
find_transient (SwWindow *window,
                GType     type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n = g_list_model_get_n_items (toplevels);

  iterate ();
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (toplevel, type) &&
          gtk_window_get_transient_for (toplevel) == GTK_WINDOW (window) &&
          gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        return toplevel;
    }
  return NULL;
}

/* What a click on a response button does: respond, then close. */
static void
respond (GtkWindow  *dialog,
         const char *response)
{
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), response);
  gtk_window_destroy (dialog);
  iterate ();
}

static void
count_notify (guint *n)
{
  (*n)++;
}

static double
get_param (SwModel    *model,
           const char *id,
           const char *param)
{
  int index = sw_model_find_component (model, id);
  const SwComponent *component;
  int p;

  g_assert_cmpint (index, >=, 0);
  component = sw_model_get_component (model, (guint) index);
  p = sw_kind_find_param (component->kind, param);
  g_assert_cmpint (p, >=, 0);
  return component->param[p];
}

/* ---- Tests --------------------------------------------------------------- */

static void
test_actions (void)
{
  SwWindow *window = window_new ();
  static const struct {
    const char *name;
    const char *type;
  } actions[] = {
    { "win.new", NULL }, { "win.open", NULL }, { "win.open-example", "s" },
    { "win.open-recent", "s" }, { "win.save", NULL }, { "win.save-as", NULL },
    { "win.undo", NULL }, { "win.redo", NULL }, { "win.run-simulation", NULL },
    { "win.modal-analysis", NULL }, { "win.show-problems", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    g_assert_true (class_has_action (window, actions[i].name, actions[i].type));

  /* A new, empty, untitled document: nothing to undo, run or analyse;
   * saving it is possible (it has no file). */
  g_assert_true (sw_window_is_pristine (window));
  g_assert_null (sw_window_get_file (window));
  g_assert_false (sw_window_get_modified (window));
  g_assert_cmpstr (sw_window_get_title_text (window), ==, "Untitled Model");
  g_assert_false (action_button_sensitive (window, "win.undo"));
  g_assert_false (action_button_sensitive (window, "win.redo"));
  g_assert_true (action_button_sensitive (window, "win.save"));
  g_assert_true (action_button_sensitive (window, "win.open"));
  g_assert_false (action_button_sensitive (window, "win.run-simulation"));
  g_assert_false (action_button_sensitive (window, "win.modal-analysis"));

  window_destroy_and_check (window);
}

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
test_example (void)
{
  SwWindow *window = window_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-example", "s", "fourbody"));
  iterate ();
  /* An untitled copy: no file, not modified, saving is offered. */
  g_assert_null (sw_window_get_file (window));
  g_assert_false (sw_window_get_modified (window));
  g_assert_false (sw_window_is_pristine (window));
  g_assert_cmpint (sw_model_find_component (sw_window_get_model (window), "rotor"), >=, 0);
  g_assert_true (action_button_sensitive (window, "win.save"));

  g_assert_true (sw_window_load_example (window, "first", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (sw_window_get_title_text (window), ==, "First");
  g_assert_false (sw_window_load_example (window, "no-such-example", &error));
  g_assert_nonnull (error);

  window_destroy_and_check (window);
}

/* The targets of win.open-example in a menu, its sections and submenus. */
static void
collect_example_targets (GMenuModel *menu,
                         GPtrArray  *targets)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuLinkIter) links = g_menu_model_iterate_item_links (menu, i);
      g_autofree char *action = NULL;
      g_autofree char *target = NULL;

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &action) &&
          g_strcmp0 (action, "win.open-example") == 0 &&
          g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_TARGET, "s", &target))
        g_ptr_array_add (targets, g_steal_pointer (&target));
      while (g_menu_link_iter_next (links))
        {
          g_autoptr(GMenuModel) link = g_menu_link_iter_get_value (links);

          collect_example_targets (link, targets);
        }
    }
}

/* The menus of the menu buttons below widget. */
static void
collect_menus (GtkWidget *widget,
               GPtrArray *menus)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)) != NULL)
    g_ptr_array_add (menus, gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_menus (child, menus);
}

static gboolean
ptr_array_has_string (GPtrArray  *array,
                      const char *string)
{
  for (guint i = 0; i < array->len; i++)
    if (g_strcmp0 (g_ptr_array_index (array, i), string) == 0)
      return TRUE;
  return FALSE;
}

/* Every example bundled in the GResource is in both "Open Example" menus
 * (the primary menu's and the empty canvas's) and every entry there names
 * a bundled example; each loads with its own name, the components and
 * the saved plot selection of its file in data/examples. */
static void
test_examples_bundled (void)
{
  SwWindow *window = window_new ();
  g_autoptr(GPtrArray) menus = g_ptr_array_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) entries = g_resources_enumerate_children ("/io/github/shaftwork/Shaftwork/examples/",
                                                          G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  guint n_example_menus = 0;

  g_assert_no_error (error);
  for (guint i = 0; entries[i] != NULL; i++)
    if (g_str_has_suffix (entries[i], ".shaft"))
      g_ptr_array_add (names, g_strndup (entries[i], strlen (entries[i]) - strlen (".shaft")));
  g_assert_cmpuint (names->len, >=, 8);
  g_assert_true (ptr_array_has_string (names, "backlash"));
  g_assert_true (ptr_array_has_string (names, "translational-friction"));
  g_assert_true (ptr_array_has_string (names, "lossy-gear"));
  g_assert_true (ptr_array_has_string (names, "lossy-gear-2"));
  g_assert_true (ptr_array_has_string (names, "lossy-gear-3"));
  g_assert_true (ptr_array_has_string (names, "fan-rundown"));
  g_assert_true (ptr_array_has_string (names, "stick-limit-stop"));
  g_assert_true (ptr_array_has_string (names, "stepped-spring"));
  g_assert_true (ptr_array_has_string (names, "vibrator"));
  g_assert_true (ptr_array_has_string (names, "engine-start"));
  g_assert_true (ptr_array_has_string (names, "gear-pair"));
  g_assert_true (ptr_array_has_string (names, "vehicle-launch"));

  collect_menus (GTK_WIDGET (window), menus);
  for (guint m = 0; m < menus->len; m++)
    {
      g_autoptr(GPtrArray) targets = g_ptr_array_new_with_free_func (g_free);

      collect_example_targets (g_ptr_array_index (menus, m), targets);
      if (targets->len == 0)
        continue;
      n_example_menus++;
      for (guint i = 0; i < names->len; i++)
        {
          if (!ptr_array_has_string (targets, g_ptr_array_index (names, i)))
            g_test_message ("%s is not in an Open Example menu", (char *) g_ptr_array_index (names, i));
          g_assert_true (ptr_array_has_string (targets, g_ptr_array_index (names, i)));
        }
      for (guint i = 0; i < targets->len; i++)
        g_assert_true (ptr_array_has_string (names, g_ptr_array_index (targets, i)));
    }
  g_assert_cmpuint (n_example_menus, ==, 2);

  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autofree char *file_name = g_strconcat (name, ".shaft", NULL);
      g_autofree char *path = sw_test_example_path (file_name);
      g_autoptr(SwModel) on_disk = NULL;
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_auto(GStrv) plotted = NULL;
      JsonObject *root, *ui, *plot;

      on_disk = sw_model_new_from_file (path, &error);
      g_assert_no_error (error);
      g_assert_true (sw_window_load_example (window, name, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (sw_window_get_title_text (window), ==, sw_model_get_name (on_disk));
      g_assert_cmpuint (sw_model_get_n_components (sw_window_get_model (window)), ==,
                        sw_model_get_n_components (on_disk));

      /* The saved plot selection, when the file has one. */
      g_assert_true (json_parser_load_from_file (parser, path, &error));
      g_assert_no_error (error);
      root = json_node_get_object (json_parser_get_root (parser));
      ui = json_object_has_member (root, "ui") ? json_object_get_object_member (root, "ui") : NULL;
      plot = ui != NULL && json_object_has_member (ui, "plot") ? json_object_get_object_member (ui, "plot") : NULL;
      if (plot == NULL)
        continue;
      plotted = sw_window_dup_plotted (window);
      {
        JsonArray *variables = json_object_get_array_member (plot, "variables");

        g_assert_cmpuint (g_strv_length (plotted), ==, json_array_get_length (variables));
        for (guint v = 0; v < json_array_get_length (variables); v++)
          g_assert_true (g_strv_contains ((const char *const *) plotted,
                                          json_array_get_string_element (variables, v)));
      }
    }
  window_destroy_and_check (window);
}

static void
test_problems (void)
{
  SwWindow *window = window_new ();
  SwModel *model = sw_window_get_model (window);
  g_autoptr(GError) error = NULL;
  int inertia;

  /* A spring just placed, with both ends free, is not connected yet: a
   * hint, not a problem; run and modes stay off and Run says why. */
  g_assert_cmpint (sw_model_add_component (model, "rotational.spring", "spring1", &error), >=, 0);
  g_assert_no_error (error);
  sw_window_check_now (window);
  g_assert_cmpuint (sw_window_get_n_problems (window), ==, 0);
  g_assert_cmpuint (sw_window_get_n_hints (window), ==, 1);
  g_assert_false (action_button_sensitive (window, "win.run-simulation"));
  g_assert_false (action_button_sensitive (window, "win.modal-analysis"));
  {
    g_autoptr(GPtrArray) found = g_ptr_array_new ();
    const char *tooltip;

    find_actionables (GTK_WIDGET (window), "win.run-simulation", found);
    g_assert_cmpuint (found->len, >=, 1);
    tooltip = gtk_widget_get_tooltip_text (g_ptr_array_index (found, 0));
    g_assert_nonnull (tooltip);
    g_assert_nonnull (strstr (tooltip, "spring1 is not connected"));
  }

  /* Holding it with an inertia on each side fixes it; the debounced check
   * finds that by itself. */
  inertia = sw_model_add_component (model, "rotational.inertia", "inertia1", &error);
  g_assert_no_error (error);
  g_assert_cmpint (inertia, >=, 0);
  g_assert_true (sw_model_connect (model, "inertia1.flange_b", "spring1.flange_a", &error));
  g_assert_no_error (error);
  g_assert_cmpint (sw_model_add_component (model, "rotational.inertia", "inertia2", &error), >=, 0);
  g_assert_true (sw_model_connect (model, "spring1.flange_b", "inertia2.flange_a", &error));
  g_assert_no_error (error);
  {
    gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

    while ((sw_window_get_n_problems (window) != 0 || sw_window_get_n_hints (window) != 0) &&
           g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, TRUE);
  }
  g_assert_cmpuint (sw_window_get_n_problems (window), ==, 0);
  g_assert_cmpuint (sw_window_get_n_hints (window), ==, 0);
  g_assert_true (action_button_sensitive (window, "win.run-simulation"));

  /* Throw the edits away so the window closes without asking. */
  while (sw_history_undo (sw_window_get_history (window)))
    ;
  iterate ();
  g_assert_false (sw_window_get_modified (window));
  window_destroy_and_check (window);
}

/* A damper placed beside a model and connected at one end is not yet a
 * problem; every port connected, two dampers in series with a massless
 * node between them are one, and an unsaved model is named by its title
 * in the message, not "<memory>". */
static void
test_damper_hint (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  g_autoptr(GError) error = NULL;

  sw_window_set_live (window, FALSE);
  g_assert_cmpint (sw_model_add_component (model, "rotational.damper", "damper1", &error), >=, 0);
  g_assert_no_error (error);
  sw_window_check_now (window);
  g_assert_cmpuint (sw_window_get_n_problems (window), ==, 0);
  g_assert_true (action_button_sensitive (window, "win.run-simulation"));
  g_assert_true (sw_model_connect (model, "load.flange_b", "damper1.flange_a", &error));
  g_assert_no_error (error);
  sw_window_check_now (window);
  g_assert_cmpuint (sw_window_get_n_problems (window), ==, 0);
  g_assert_cmpuint (sw_window_get_n_hints (window), ==, 1);
  g_assert_false (action_button_sensitive (window, "win.run-simulation"));
  while (sw_history_undo (sw_window_get_history (window)))
    ;
  iterate ();
  window_destroy_and_check (window);

  window = window_new ();
  model = sw_window_get_model (window);
  sw_window_set_live (window, FALSE);
  sw_model_begin_edit (model);
  sw_model_add_component (model, "rotational.inertia", "inertia1", &error);
  sw_model_add_component (model, "rotational.damper", "damper1", &error);
  sw_model_add_component (model, "rotational.damper", "damper2", &error);
  sw_model_add_component (model, "rotational.inertia", "inertia2", &error);
  g_assert_no_error (error);
  g_assert_true (sw_model_connect (model, "inertia1.flange_b", "damper1.flange_a", &error));
  g_assert_true (sw_model_connect (model, "damper1.flange_b", "damper2.flange_a", &error));
  g_assert_true (sw_model_connect (model, "damper2.flange_b", "inertia2.flange_a", &error));
  g_assert_no_error (error);
  sw_model_end_edit (model);
  sw_window_check_now (window);
  g_assert_cmpuint (sw_window_get_n_problems (window), ==, 1);
  g_assert_cmpuint (sw_window_get_n_hints (window), ==, 0);
  g_assert_cmpstr (sw_model_get_display_name (model), ==, "Untitled Model");
  {
    g_autoptr(SwSystem) system = sw_model_assemble (model, &error);

    g_assert_null (system);
    g_assert_nonnull (error);
    g_assert_null (strstr (error->message, "<memory>"));
    g_assert_true (g_str_has_prefix (error->message, "Untitled Model"));
  }
  while (sw_history_undo (sw_window_get_history (window)))
    ;
  iterate ();
  window_destroy_and_check (window);
}

/* With Live on, an edit that makes the model unsolvable shows the error
 * above the results and marks the component it names; fixing it clears
 * the error and a new run arrives. */
static void
test_run_error (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  g_autoptr(GError) error = NULL;
  guint runs;

  g_assert_true (wait_for_runs (window, 0, 60));
  runs = sw_window_get_n_runs (window);
  g_assert_null (sw_window_get_run_error (window));

  /* Two dampers in series from the load to the ground: the node between
   * them is massless and nothing holds it. */
  sw_model_begin_edit (model);
  sw_model_add_component (model, "rotational.damper", "damper1", &error);
  sw_model_add_component (model, "rotational.damper", "damper2", &error);
  sw_model_add_component (model, "rotational.fixed", "fixed1", &error);
  g_assert_no_error (error);
  g_assert_true (sw_model_connect (model, "load.flange_b", "damper1.flange_a", &error));
  g_assert_true (sw_model_connect (model, "damper1.flange_b", "damper2.flange_a", &error));
  g_assert_true (sw_model_connect (model, "damper2.flange_b", "fixed1.flange", &error));
  g_assert_no_error (error);
  sw_model_end_edit (model);
  {
    gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

    while (sw_window_get_run_error (window) == NULL && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, TRUE);
  }
  g_assert_nonnull (sw_window_get_run_error (window));
  g_assert_nonnull (strstr (sw_window_get_run_error (window), "damper1"));
  g_assert_cmpuint (sw_window_get_n_problems (window), >=, 1);
  g_assert_cmpuint (sw_window_get_n_runs (window), ==, runs);

  /* Undo: the model runs again and the error goes. */
  g_assert_true (sw_history_undo (sw_window_get_history (window)));
  g_assert_true (wait_for_runs (window, runs, 60));
  g_assert_null (sw_window_get_run_error (window));
  iterate ();
  window_destroy_and_check (window);
}

/* A run that fails with an error naming a component (a huge constant
 * torque on a tiny inertia overflows) shows its message above the results
 * and marks that component, and only it, on the canvas. */
static void
test_run_error_marks (void)
{
  const char *text =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"Blow-up\",\n"
    " \"components\": [\n"
    "  {\"id\": \"fixed\", \"kind\": \"rotational.fixed\", \"position\": [40, 200]},\n"
    "  {\"id\": \"tau\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 1e100}, \"position\": [40, 80]},\n"
    "  {\"id\": \"body\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1e-100}, \"position\": [160, 80]}],\n"
    " \"connections\": [{\"from\": \"tau.flange\", \"to\": \"body.flange_a\"},\n"
    "  {\"from\": \"tau.support\", \"to\": \"fixed.flange\"}],\n"
    " \"simulation\": {\"stop_time\": 1e100, \"output_interval\": 1e99, \"tolerance\": 1e-6}}\n";
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("sw-run-error-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "blow-up.shaft", NULL);
  SwWindow *window;
  SwCanvas *canvas;
  const char *mark;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
  window = window_with_file (path);
  canvas = window->canvas;
  g_assert_true (SW_IS_CANVAS (canvas));
  /* Live runs it on opening; otherwise Run does. */
  {
    gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

    if (sw_window_get_run_error (window) == NULL)
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-simulation", NULL));
    while (sw_window_get_run_error (window) == NULL && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, TRUE);
  }
  g_assert_nonnull (sw_window_get_run_error (window));
  g_assert_nonnull (strstr (sw_window_get_run_error (window), "“tau”"));
  g_assert_nonnull (strstr (sw_window_get_run_error (window), "tau.phi"));
  iterate ();

  /* The component it names is marked, with the run's message. */
  mark = _sw_canvas_get_problem (canvas, "tau");
  g_assert_nonnull (mark);
  g_assert_nonnull (strstr (mark, "tau.phi"));
  g_assert_null (_sw_canvas_get_problem (canvas, "fixed"));
  g_assert_cmpuint (_sw_canvas_get_n_problems (canvas), >=, 1);

  window_destroy_and_check (window);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_simulate (void)
{
  g_autofree char *path = sw_test_example_path ("first.shaft");
  SwWindow *window = window_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  SwTrajectory *trajectory;

  /* Without Live, opening runs nothing. */
  sw_window_set_live (window, FALSE);
  g_assert_true (sw_window_load_file (window, file, &error));
  g_assert_no_error (error);
  spin (0.1);
  g_assert_null (sw_window_get_trajectory (window));
  /* Two runs in a row: the first is cancelled, the second applies. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-simulation", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-simulation", NULL));
  g_assert_true (sw_window_get_running (window));
  g_assert_true (wait_until_idle (window, 60));
  trajectory = sw_window_get_trajectory (window);
  g_assert_nonnull (trajectory);
  g_assert_cmpuint (sw_trajectory_get_n_rows (trajectory), >, 10);
  g_assert_cmpint (sw_trajectory_find_column (trajectory, "inertia3.w"), >=, 0);

  /* Destroying the window while a run is under way is safe: the result
   * finds no window and is dropped. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-simulation", NULL));
  window_destroy_and_check (window);
  {
    gint64 end = g_get_monotonic_time () + G_USEC_PER_SEC;

    while (g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, FALSE);
  }
}

static void
test_modes (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  SwModes *modes;

  sw_window_set_live (window, FALSE);
  g_assert_true (sw_window_load_file (window, file, &error));
  g_assert_null (sw_window_get_modes (window));
  /* F6: in the Modes page, never a window of its own. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.modal-analysis", NULL));
  g_assert_true (wait_until_idle (window, 60));
  g_assert_null (find_transient (window, ADW_TYPE_WINDOW));
  modes = sw_window_get_modes (window);
  g_assert_nonnull (modes);
  /* Four bodies on springs, free at the ends: one rigid-body mode, three
   * elastic ones. */
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 4);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  g_assert_cmpfloat (sw_modes_get_time (modes), ==, 0);

  window_destroy_and_check (window);
}

/* Two windows, each with a selection, destroyed one after the other (what
 * Ctrl+Q does): no handler may run on a disposed widget (a critical here
 * fails the test). */
static void
test_close_with_selection (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *a = window_with_file (path);
  SwWindow *b = window_with_file (path);
  SwCanvas *canvas_a, *canvas_b;

  canvas_a = SW_CANVAS (a->canvas);
  canvas_b = SW_CANVAS (b->canvas);
  sw_canvas_select_component (canvas_a, 1);
  sw_canvas_select_component (canvas_b, 2);
  iterate ();
  g_assert_cmpint (sw_canvas_get_selected_component (canvas_a), ==, 1);
  window_destroy_and_check (a);
  window_destroy_and_check (b);
}

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
  g_test_add_func ("/app/window/actions", test_actions);
  g_test_add_func ("/app/window/open", test_open);
  g_test_add_func ("/app/window/modify-undo", test_modify_undo);
  g_test_add_func ("/app/window/save", test_save);
  g_test_add_func ("/app/window/save-modelica", test_save_modelica);
  g_test_add_func ("/app/window/load-error", test_load_error);
  g_test_add_func ("/app/window/unsaved-prompt", test_unsaved_prompt);
  g_test_add_func ("/app/window/example", test_example);
  g_test_add_func ("/app/window/examples-bundled", test_examples_bundled);
  g_test_add_func ("/app/window/problems", test_problems);
  g_test_add_func ("/app/window/damper-hint", test_damper_hint);
  g_test_add_func ("/app/window/simulate", test_simulate);
  g_test_add_func ("/app/window/modes", test_modes);
  g_test_add_func ("/app/window/run-error", test_run_error);
  g_test_add_func ("/app/window/run-error-marks", test_run_error_marks);
  g_test_add_func ("/app/window/close-with-selection", test_close_with_selection);
  g_test_add_func ("/app/window/recovery", test_recovery);
  g_test_add_func ("/app/window/recovery-two", test_recovery_two);
}

int
main (int   argc,
      char *argv[])
{
  return test_window_run (argc, argv, "test-window", add_tests);
}
