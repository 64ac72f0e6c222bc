/* test-window-subsystems.c: subsystems in the window: Make Subsystem as one
 * undo step, a definition opened in place with its breadcrumb, edits inside
 * written back into the document and undone from it, the way back; live
 * tuning inside, and the inner parameters the subsystem's own set shown
 * so.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "sw-window.h"
#include "sw-window-private.h"
#include "sw-preferences-window.h"
#include "sw-settings.h"
#include "sw-inspector-number-row.h"
#include "sw-simulate.h"
#include "sw-test-files.h"
#include "sw-trajectory.h"
#include "sw-variables-list.h"
#include "test-window-common.h"

/* The message dialog the window shows, or NULL. */
static AdwMessageDialog *
find_dialog (SwWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (toplevel) && gtk_window_get_transient_for (toplevel) == GTK_WINDOW (window))
        return ADW_MESSAGE_DIALOG (toplevel);
    }
  return NULL;
}

/* The dialog answered (text: the name typed first; params: whether the
 * parts' parameters become the subsystem's). */
static void
answer_dialog_full (SwWindow *window, const char *response, const char *text, gboolean params)
{
  AdwMessageDialog *dialog = find_dialog (window);
  GtkCheckButton *check;

  g_assert_nonnull (dialog);
  check = g_object_get_data (G_OBJECT (dialog), "sw-params");
  g_assert_true (GTK_IS_CHECK_BUTTON (check));
  /* Offered by default. */
  g_assert_true (gtk_check_button_get_active (check));
  g_assert_true (gtk_widget_is_ancestor (GTK_WIDGET (check), GTK_WIDGET (dialog)));
  gtk_check_button_set_active (check, params);
  if (text != NULL)
    gtk_editable_set_text (GTK_EDITABLE (g_object_get_data (G_OBJECT (dialog), "sw-name")), text);
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();
}

static void
answer_dialog (SwWindow *window, const char *response, const char *text)
{
  answer_dialog_full (window, response, text, TRUE);
}

/* The component id made a subsystem through the window's action and its
 * dialog (name NULL: the name it offers). */
static void
make_subsystem (SwWindow *window, const char *id, const char *name)
{
  SwModel *model = sw_window_get_model (window);

  sw_canvas_select_component (window->canvas, sw_model_find_component (model, id));
  iterate ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.make-subsystem", NULL));
  iterate ();
  answer_dialog (window, "make", name);
}

static double
inner_param (SwModel *model, const char *id, const char *param)
{
  int c = sw_model_find_component (model, id);
  const SwComponent *component;

  g_assert_cmpint (c, >=, 0);
  component = sw_model_get_component (model, (guint) c);
  return component->param[sw_kind_find_param (component->kind, param)];
}

/* The shortcut of the window's controllers for keyval + mods, activated
 * as a key press would: whether it handled the key; *found whether one is
 * bound. */
static gboolean
press_shortcut (SwWindow        *window,
                guint            keyval,
                GdkModifierType  mods,
                gboolean        *found)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  g_autoptr(GtkShortcutTrigger) wanted = gtk_keyval_trigger_new (keyval, mods);

  *found = FALSE;
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (!gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted))
            continue;
          *found = TRUE;
          /* Alt+Up must come before the canvas, which also uses it. */
          if (keyval == GDK_KEY_Up)
            g_assert_cmpint (gtk_event_controller_get_propagation_phase (controller), ==, GTK_PHASE_CAPTURE);
          return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                               GTK_WIDGET (window), gtk_shortcut_get_arguments (shortcut));
        }
    }
  return FALSE;
}

/* Alt+Up backs out of a subsystem (before the canvas, which selects
 * upward with it at the top level, where the window leaves it alone);
 * Ctrl+F puts the focus into the palette's search, the palette shown. */
static void
test_keys (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = copy_example_to_temp ("first.shaft", &dir);
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  gboolean found;
  int made;

  make_subsystem (window, "spring", "Shaft");
  made = sw_model_find_component (model, "shaft");
  g_assert_cmpint (made, >=, 0);
  g_signal_emit_by_name (window->canvas, "component-activated", made);
  iterate ();
  g_assert_nonnull (window->inner);
  gtk_widget_grab_focus (GTK_WIDGET (window->canvas));
  g_assert_true (press_shortcut (window, GDK_KEY_Up, GDK_ALT_MASK, &found));
  g_assert_true (found);
  iterate ();
  g_assert_null (window->inner);
  g_assert_true (sw_canvas_get_model (window->canvas) == model);
  /* At the top level the key is the canvas's. */
  g_assert_false (press_shortcut (window, GDK_KEY_Up, GDK_ALT_MASK, &found));

  adw_flap_set_reveal_flap (window->palette_flap, FALSE);
  iterate ();
  g_assert_true (press_shortcut (window, GDK_KEY_f, GDK_CONTROL_MASK, &found));
  g_assert_true (found);
  iterate ();
  g_assert_true (adw_flap_get_reveal_flap (window->palette_flap));
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

    g_assert_nonnull (focus);
    g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (window->palette)));
    g_assert_true (gtk_widget_get_ancestor (focus, GTK_TYPE_SEARCH_ENTRY) != NULL);
  }
  window_destroy_and_check (window);
  sw_test_remove_tree (dir);
}

static void
test_make_and_open (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = copy_example_to_temp ("first.shaft", &dir);
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  g_autofree char *before = sw_model_to_data (model, NULL);
  g_autofree char *after = NULL, *definition = NULL;
  g_auto (GStrv) names = NULL;
  g_autoptr (GError) error = NULL;
  guint n = sw_model_get_n_components (model);
  int made, spring;

  /* Nothing selected: nothing to make. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.make-subsystem", NULL);
  iterate ();
  g_assert_null (find_dialog (window));
  g_assert_cmpuint (sw_model_get_n_components (model), ==, n);
  make_subsystem (window, "spring", "Shaft");
  g_assert_cmpuint (sw_model_get_n_components (model), ==, n);
  made = sw_model_find_component (model, "shaft");
  g_assert_cmpint (made, >=, 0);
  g_assert_cmpstr (sw_model_get_component (model, (guint) made)->definition, ==, "Shaft");
  g_assert_cmpint (sw_canvas_get_selected_component (window->canvas), ==, made);
  names = sw_model_dup_definition_names (model);
  g_assert_cmpstr (names[0], ==, "Shaft");

  /* Opened in place: the definition on the canvas, the path above it. */
  g_signal_emit_by_name (window->canvas, "component-activated", made);
  iterate ();
  g_assert_nonnull (window->inner);
  g_assert_true (sw_canvas_get_model (window->canvas) == window->inner);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->breadcrumb_bar)));
  spring = sw_model_find_component (window->inner, "spring");
  g_assert_cmpint (spring, >=, 0);

  /* An edit inside is the document's: its definition, and undo. */
  g_assert_true (sw_model_set_param (window->inner, (guint) spring, "c", 2e4, &error));
  g_assert_no_error (error);
  iterate ();
  definition = sw_model_dup_definition (model, "Shaft");
  g_assert_nonnull (strstr (definition, "20000"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_cmpfloat (inner_param (window->inner, "spring", "c"), ==, 1e4);

  /* Back to the model: undo takes the subsystem away in one step. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-subsystem", NULL));
  iterate ();
  g_assert_null (window->inner);
  g_assert_true (sw_canvas_get_model (window->canvas) == model);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->breadcrumb_bar)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  after = sw_model_to_data (model, NULL);
  g_assert_cmpstr (before, ==, after);

  window_destroy_and_check (window);
  sw_test_remove_tree (dir);
}

/* Undone past its making while inside: the window goes back to the model. */
static void
test_undo_inside (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = copy_example_to_temp ("first.shaft", &dir);
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);

  make_subsystem (window, "damper", NULL);
  g_signal_emit_by_name (window->canvas, "component-activated", sw_model_find_component (model, "subsystem1"));
  iterate ();
  g_assert_nonnull (window->inner);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_null (window->inner);
  g_assert_true (sw_canvas_get_model (window->canvas) == model);
  window_destroy_and_check (window);
  sw_test_remove_tree (dir);
}

/* A subsystem saved to the library is in the palette, and placed from
 * there it names the library's file. */
static void
test_library (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = copy_example_to_temp ("first.shaft", &dir);
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  g_autofree char *folder = sw_settings_dup_library_folder (window->settings);
  g_autofree char *file = g_build_filename (folder, "Shaft.shaft", NULL);
  g_autofree char *name = g_strconcat ("subsystem:", file, NULL);
  guint before = sw_palette_get_n_visible (window->palette);
  const SwComponent *placed;

  g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
  make_subsystem (window, "spring", "Shaft");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-to-library", NULL));
  iterate ();
  g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (sw_palette_get_n_visible (window->palette), ==, before + 1);

  g_signal_emit_by_name (window->palette, "kind-activated", name);
  iterate ();
  placed = sw_model_get_component (model, sw_model_get_n_components (model) - 1);
  g_assert_cmpstr (placed->id, ==, "Shaft1");
  g_assert_cmpstr (placed->model_ref, ==, file);
  g_assert_cmpuint (placed->kind->n_ports, ==, 2);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_remove (file);
  window_destroy_and_check (window);
  sw_test_remove_tree (dir);
}

/* A port's torque listed in the variables is plotted from the run the
 * window has: the spring's flange_b.tau is its tau (Modelica's sign). */
static void
test_port_variable (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = copy_example_to_temp ("first.shaft", &dir);
  SwWindow *window = window_with_file (path);
  const char *const names[] = { "spring.flange_b.tau", "spring.tau", NULL };
  SwTrajectory *tr;
  int port, own;

  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (sw_variables_list_set_name_checked (window->variables_list, "spring.flange_b.tau", TRUE));
  sw_window_set_plotted (window, names);
  iterate ();
  tr = sw_window_get_trajectory (window);
  port = sw_trajectory_find_column (tr, "spring.flange_b.tau");
  own = sw_trajectory_find_column (tr, "spring.tau");
  g_assert_cmpint (port, >=, 0);
  g_assert_cmpint (own, >=, 0);
  g_assert_cmpstr (sw_trajectory_get_column_unit (tr, (guint) port), ==, "N.m");
  for (double t = 0.1; t < 1; t += 0.2)
    g_assert_cmpfloat_with_epsilon (sw_trajectory_interpolate (tr, (guint) port, t),
                                    sw_trajectory_interpolate (tr, (guint) own, t), 1e-9);
  window_destroy_and_check (window);
  sw_test_remove_tree (dir);
}

/* A subsystem that is a file opens in place too: edited with its own undo,
 * saved into its file when left, and the model then reads it anew. */
static void
test_file_in_place (void)
{
  g_autofree char *dir = g_dir_make_tmp ("shaftwork-XXXXXX", NULL);
  g_autofree char *twin = g_build_filename (dir, "twin-engine.shaft", NULL);
  g_autofree char *unit = g_build_filename (dir, "engine-unit.shaft", NULL);
  g_autofree char *saved = NULL;
  g_autoptr (GError) error = NULL;
  SwWindow *window;
  SwModel *model;
  int fly;

  for (guint k = 0; k < 2; k++)
    {
      const char *name = k == 0 ? "twin-engine.shaft" : "engine-unit.shaft";
      g_autofree char *source = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "data", "examples", "marine", name,
                                                  NULL);
      g_autofree char *text = NULL;

      g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
      g_assert_true (g_file_set_contents (k == 0 ? twin : unit, text, -1, NULL));
    }
  window = window_with_file (twin);
  model = sw_window_get_model (window);
  g_signal_emit_by_name (window->canvas, "component-activated", sw_model_find_component (model, "engine1"));
  iterate ();
  g_assert_nonnull (window->inner);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->breadcrumb_bar)));
  fly = sw_model_find_component (window->inner, "flywheel");
  g_assert_cmpint (fly, >=, 0);

  /* Its own undo: the document's text is untouched, but the window has
   * unsaved changes (the file's). */
  g_assert_true (sw_model_set_param (window->inner, (guint) fly, "J", 6.5, &error));
  g_assert_no_error (error);
  iterate ();
  g_assert_false (sw_history_get_modified (sw_window_get_history (window)));
  g_assert_true (sw_window_get_modified (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_cmpfloat (inner_param (window->inner, "flywheel", "J"), ==, 4);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  iterate ();
  g_assert_cmpfloat (inner_param (window->inner, "flywheel", "J"), ==, 6.5);

  /* Left: saved into its file, and both engines use it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-subsystem", NULL));
  iterate ();
  g_assert_null (window->inner);
  g_assert_true (g_file_get_contents (unit, &saved, NULL, NULL));
  g_assert_nonnull (strstr (saved, "6.5"));
  for (guint k = 0; k < 2; k++)
    {
      const SwComponent *engine = sw_model_get_component (model, (guint) sw_model_find_component (model, k ? "engine2" : "engine1"));
      SwModel *inner = sw_kind_get_subsystem_model (engine->kind);

      g_assert_cmpfloat (inner_param (inner, "crank", "J"), ==, 1.5);
    }
  g_assert_cmpfloat (sw_model_get_component (model, 0)->param[sw_kind_find_param (
                       sw_model_get_component (model, 0)->kind, "J_fly")], ==, 6.5);
  g_assert_false (sw_window_get_modified (window));

  window_destroy_and_check (window);
  sw_test_remove_tree (dir);
}

/* The marine example's two files copied into dir, the unit's text with
 * from replaced by to (NULL: as it is); the twin's path. */
static char *
copy_marine (const char *dir, const char *from, const char *to)
{
  for (guint k = 0; k < 2; k++)
    {
      const char *name = k == 0 ? "twin-engine.shaft" : "engine-unit.shaft";
      g_autofree char *source = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "data", "examples", "marine", name,
                                                  NULL);
      g_autofree char *target = g_build_filename (dir, name, NULL);
      g_autofree char *text = NULL;

      g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
      if (k == 1 && from != NULL)
        {
          g_auto (GStrv) pieces = g_strsplit (text, from, -1);

          g_assert_cmpuint (g_strv_length (pieces), ==, 2);
          g_free (text);
          text = g_strjoinv (to, pieces);
        }
      g_assert_true (g_file_set_contents (target, text, -1, NULL));
    }
  return g_build_filename (dir, "twin-engine.shaft", NULL);
}

/* Live tuning inside a subsystem kept in its own file (the marine
 * example): an edit inside runs the document again at once, and the run
 * equals a fresh run of the model with the file so edited. The file is
 * written on Save (until then the window has unsaved changes); Discard
 * gives the edit up. */
static void
test_live_in_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("shaftwork-XXXXXX", NULL);
  g_autofree char *fresh_dir = g_dir_make_tmp ("shaftwork-XXXXXX", NULL);
  g_autofree char *twin = copy_marine (dir, NULL, NULL);
  g_autofree char *fresh_twin = copy_marine (fresh_dir, "\"J\": 0.2}", "\"J\": 2}");
  g_autofree char *unit = g_build_filename (dir, "engine-unit.shaft", NULL);
  g_autofree char *saved = NULL, *after_discard = NULL;
  g_autoptr (SwModel) fresh_model = NULL;
  g_autoptr (SwSystem) system = NULL;
  g_autoptr (SwTrajectory) fresh = NULL, before = NULL;
  g_autoptr (GError) error = NULL;
  SwSimulateOptions options;
  SwWindow *window = window_with_file (twin);
  SwModel *model = sw_window_get_model (window);
  SwTrajectory *after;
  const char *columns[] = { "engine1.damperRing.w", "engine2.damperRing.w", "propeller.w" };
  double largest_change = 0;
  guint runs;
  int ring;

  g_assert_true (sw_window_get_live (window));
  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (wait_until_idle (window, 60));
  runs = sw_window_get_n_runs (window);
  before = sw_trajectory_ref (sw_window_get_trajectory (window));

  g_signal_emit_by_name (window->canvas, "component-activated", sw_model_find_component (model, "engine1"));
  iterate ();
  g_assert_nonnull (window->inner);
  ring = sw_model_find_component (window->inner, "damperRing");
  g_assert_cmpint (ring, >=, 0);
  g_assert_true (sw_model_set_param (window->inner, (guint) ring, "J", 2, &error));
  g_assert_no_error (error);
  iterate ();
  /* Run again without leaving, and the file not written yet. */
  g_assert_true (wait_for_runs (window, runs, 60));
  g_assert_true (wait_until_idle (window, 60));
  g_assert_true (sw_canvas_get_model (window->canvas) == window->inner);
  g_assert_true (sw_window_get_modified (window));
  g_assert_true (g_file_get_contents (unit, &saved, NULL, NULL));
  g_assert_nonnull (strstr (saved, "\"J\": 0.2}"));
  g_clear_pointer (&saved, g_free);
  after = sw_window_get_trajectory (window);
  g_assert_true (after != before);

  /* The model with its file so edited, run outside the window. */
  fresh_model = sw_model_new_from_file (fresh_twin, &error);
  g_assert_no_error (error);
  system = sw_model_assemble (fresh_model, &error);
  g_assert_no_error (error);
  options = sw_simulate_options_from_system (system);
  fresh = sw_simulate (system, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    {
      int a = sw_trajectory_find_column (after, columns[c]);
      int f = sw_trajectory_find_column (fresh, columns[c]);
      int b = sw_trajectory_find_column (before, columns[c]);

      g_assert_cmpint (MIN (a, MIN (f, b)), >=, 0);
      for (double t = 0.05; t < 20; t += 0.25)
        {
          double va = sw_trajectory_interpolate (after, (guint) a, t);
          double vf = sw_trajectory_interpolate (fresh, (guint) f, t);

          g_assert_cmpfloat_with_epsilon (va, vf, 1e-6 * (1 + fabs (vf)));
          largest_change = MAX (largest_change, fabs (va - sw_trajectory_interpolate (before, (guint) b, t)));
        }
    }
  /* And the edit did change it: ten times the ring's inertia. */
  g_assert_cmpfloat (largest_change, >, 1e-3);

  /* Save writes the file (and the document), still inside. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  iterate ();
  g_assert_false (sw_window_get_modified (window));
  g_assert_nonnull (window->inner);
  g_assert_true (g_file_get_contents (unit, &saved, NULL, NULL));
  g_assert_nonnull (strstr (saved, "\"J\": 2"));

  /* Another edit, given up with Discard: the file stays as saved, and
   * the document uses the file again. */
  g_assert_true (sw_model_set_param (window->inner, (guint) ring, "J", 7, &error));
  g_assert_no_error (error);
  iterate ();
  g_assert_true (sw_window_get_modified (window));
  _sw_window_inside_discard_files (window);
  iterate ();
  g_assert_null (window->inner);
  g_assert_false (sw_history_get_modified (sw_window_get_history (window)));
  g_assert_false (sw_window_get_modified (window));
  g_assert_true (g_file_get_contents (unit, &after_discard, NULL, NULL));
  g_assert_cmpstr (after_discard, ==, saved);
  {
    const SwComponent *engine = sw_model_get_component (model, (guint) sw_model_find_component (model, "engine1"));

    g_assert_cmpfloat (inner_param (sw_kind_get_subsystem_model (engine->kind), "damperRing", "J"), ==, 2);
  }

  window_destroy_and_check (window);
  sw_test_remove_tree (dir);
  sw_test_remove_tree (fresh_dir);
}

static char *
inline_twin_path (void)
{
  return g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "tests", "data", "subsystem", "twin-inline.shaft", NULL);
}

static GtkWidget *
find_named (GtkWidget *widget, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Inner component id of the definition opened selected: its row of
 * parameter name in the inspector. */
static GtkWidget *
inner_row (SwWindow *window, const char *id, const char *name)
{
  int c = sw_model_find_component (window->inner, id);

  g_assert_cmpint (c, >=, 0);
  sw_canvas_select_component (window->canvas, c);
  iterate ();
  g_assert_cmpint (sw_inspector_get_component (window->inspector), ==, c);
  g_assert_true (sw_inspector_get_model (window->inspector) == window->inner);
  return find_named (GTK_WIDGET (window->inspector), name);
}

/* Live tuning inside a definition opened in place: an inner inertia
 * edited in the inspector runs the model again (no F5), and the run shown
 * is a fresh run of the model edited so, made outside the window. */
static void
test_live_inside (void)
{
  g_autofree char *path = inline_twin_path ();
  g_autofree char *text = NULL, *edited = NULL;
  g_auto (GStrv) pieces = NULL;
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  g_autoptr (SwModel) fresh_model = NULL;
  g_autoptr (SwSystem) system = NULL;
  g_autoptr (SwTrajectory) fresh = NULL, before = NULL;
  g_autoptr (GError) error = NULL;
  SwSimulateOptions options;
  SwTrajectory *after;
  GtkWidget *row;
  guint runs;
  int ring_before, ring_after, ring_fresh, prop_after, prop_fresh;
  double largest_change = 0;

  g_assert_true (sw_window_get_live (window));
  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (wait_until_idle (window, 60));
  runs = sw_window_get_n_runs (window);
  before = sw_trajectory_ref (sw_window_get_trajectory (window));

  g_signal_emit_by_name (window->canvas, "component-activated", sw_model_find_component (model, "engine1"));
  iterate ();
  g_assert_nonnull (window->inner);
  row = inner_row (window, "damperRing", "param-J");
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_sensitive (row));
  gtk_editable_set_text (sw_inspector_number_row_get_editable (SW_INSPECTOR_NUMBER_ROW (row)), "2");
  sw_inspector_number_row_commit (SW_INSPECTOR_NUMBER_ROW (row));
  iterate ();
  g_assert_cmpfloat (inner_param (window->inner, "damperRing", "J"), ==, 2);
  g_assert_true (wait_for_runs (window, runs, 60));
  g_assert_true (wait_until_idle (window, 60));
  after = sw_window_get_trajectory (window);
  g_assert_true (after != before);
  /* Still inside. */
  g_assert_true (sw_canvas_get_model (window->canvas) == window->inner);

  /* The same model edited as text, run outside the window. */
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  pieces = g_strsplit (text, "\"J\": 0.2\n", -1);
  g_assert_cmpuint (g_strv_length (pieces), ==, 2);
  edited = g_strjoinv ("\"J\": 2\n", pieces);
  fresh_model = sw_model_new_from_data_in (edited, -1, path, NULL, &error);
  g_assert_no_error (error);
  system = sw_model_assemble (fresh_model, &error);
  g_assert_no_error (error);
  options = sw_simulate_options_from_system (system);
  fresh = sw_simulate (system, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  ring_before = sw_trajectory_find_column (before, "engine1.damperRing.w");
  ring_after = sw_trajectory_find_column (after, "engine1.damperRing.w");
  ring_fresh = sw_trajectory_find_column (fresh, "engine1.damperRing.w");
  prop_after = sw_trajectory_find_column (after, "propeller.w");
  prop_fresh = sw_trajectory_find_column (fresh, "propeller.w");
  g_assert_cmpint (MIN (MIN (ring_before, ring_after), MIN (ring_fresh, MIN (prop_after, prop_fresh))), >=, 0);
  for (double t = 0.05; t < 20; t += 0.25)
    {
      double a = sw_trajectory_interpolate (after, (guint) ring_after, t);
      double f = sw_trajectory_interpolate (fresh, (guint) ring_fresh, t);
      double pa = sw_trajectory_interpolate (after, (guint) prop_after, t);
      double pf = sw_trajectory_interpolate (fresh, (guint) prop_fresh, t);

      g_assert_cmpfloat_with_epsilon (a, f, 1e-6 * (1 + fabs (f)));
      g_assert_cmpfloat_with_epsilon (pa, pf, 1e-6 * (1 + fabs (pf)));
      largest_change = MAX (largest_change, fabs (a - sw_trajectory_interpolate (before, (guint) ring_before, t)));
    }
  /* And the edit did change it: ten times the ring's inertia. */
  g_assert_cmpfloat (largest_change, >, 1e-3);

  while (sw_history_undo (sw_window_get_history (window)))
    ;
  iterate ();
  window_destroy_and_check (window);
}

/* Inside a definition, a parameter the subsystem's own parameter sets
 * (its block outside gives the value) is shown so and not editable; the
 * others are as ever. What a run simulated names the inner values that
 * count, not the bound ones. */
static void
test_bound_inside (void)
{
  g_autofree char *path = inline_twin_path ();
  g_autofree char *params = NULL;
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  GtkWidget *row;
  const char *subtitle;

  params = _sw_window_dup_params_text (model);
  g_assert_nonnull (strstr (params, "\nengine1.damperRing.J\t0.2\t"));
  g_assert_nonnull (strstr (params, "\nengine2.J_fly\t5\t"));
  g_assert_null (strstr (params, "engine1.flywheel.J\t"));

  g_assert_nonnull (find_named (GTK_WIDGET (window->inspector), "sim-stop_time"));
  g_signal_emit_by_name (window->canvas, "component-activated", sw_model_find_component (model, "engine2"));
  iterate ();
  g_assert_nonnull (window->inner);
  /* Nothing selected inside: no settings of the run that would do nothing. */
  g_assert_cmpint (sw_inspector_get_component (window->inspector), ==, -1);
  g_assert_null (find_named (GTK_WIDGET (window->inspector), "sim-stop_time"));
  g_assert_nonnull (find_named (GTK_WIDGET (window->inspector), "sim-inside"));

  row = inner_row (window, "flywheel", "param-J");
  g_assert_nonnull (row);
  g_assert_false (gtk_widget_get_sensitive (row));
  subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
  g_assert_nonnull (strstr (subtitle, "“J_fly”"));
  g_assert_nonnull (strstr (subtitle, "outside"));
  /* Nor set from geometry. */
  g_assert_null (find_named (GTK_WIDGET (window->inspector), "geometry"));
  /* The value in effect: engine2's J_fly (5), not the definition's 4. */
  g_assert_cmpfloat (sw_inspector_number_row_get_value (SW_INSPECTOR_NUMBER_ROW (row)), ==, 5);
  g_assert_cmpfloat (inner_param (window->inner, "flywheel", "J"), ==, 4);
  if (g_getenv ("SW_SCREENSHOTS") != NULL)
    {
      g_autofree char *png = g_build_filename (g_getenv ("SW_SCREENSHOTS"), "subsystem-bound-parameter.png", NULL);

      spin (0.3);
      save_window_png (window, png);
    }

  /* A signal parameter (an expander row) says it in its title. */
  row = inner_row (window, "torque", "param-tau");
  g_assert_nonnull (row);
  g_assert_false (gtk_widget_get_sensitive (row));
  g_assert_nonnull (strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), "“torque”"));

  /* Not bound: editable, nothing added. */
  row = inner_row (window, "damperRing", "param-J");
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_sensitive (row));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "J");
  g_assert_nonnull (find_named (GTK_WIDGET (window->inspector), "geometry"));

  g_assert_null (find_named (GTK_WIDGET (window->inspector), "outer-J"));

  /* The row under a bound one leads to the block outside, selected, the
   * parameter's row focused; there it is editable. */
  inner_row (window, "flywheel", "param-J");
  row = find_named (GTK_WIDGET (window->inspector), "outer-J");
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_sensitive (row));
  g_assert_nonnull (strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), "“J_fly”"));
  g_signal_emit_by_name (row, "activated");
  iterate ();
  g_assert_null (window->inner);
  g_assert_null (find_named (GTK_WIDGET (window->inspector), "sim-inside"));
  g_assert_cmpint (sw_canvas_get_selected_component (window->canvas), ==, sw_model_find_component (model, "engine2"));
  g_assert_cmpint (sw_inspector_get_component (window->inspector), ==, sw_model_find_component (model, "engine2"));
  row = find_named (GTK_WIDGET (window->inspector), "param-J_fly");
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_sensitive (row));
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

    g_assert_nonnull (focus);
    g_assert_true (focus == row || gtk_widget_is_ancestor (focus, row));
  }
  window_destroy_and_check (window);
}

/* Opened in place, a subsystem's own ports are drawn inside: a marker
 * named as outside, beyond the drawing's edge its inner port faces. */
static void
test_ports_inside (void)
{
  g_autofree char *path = inline_twin_path ();
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  const SwComponent *fly;
  const char *name;
  double x = 0, y = 0;
  guint port = 99;
  int component = -1;

  /* The document is no subsystem: no markers. */
  g_assert_cmpuint (sw_canvas_get_n_interface_ports (window->canvas), ==, 0);
  g_signal_emit_by_name (window->canvas, "component-activated", sw_model_find_component (model, "engine1"));
  iterate ();
  g_assert_nonnull (window->inner);
  g_assert_cmpuint (sw_canvas_get_n_interface_ports (window->canvas), ==, 1);
  name = sw_canvas_get_interface_port (window->canvas, 0, &component, &port, &x, &y);
  g_assert_cmpstr (name, ==, "flange");
  g_assert_cmpint (component, ==, sw_model_find_component (window->inner, "flywheel"));
  fly = sw_model_get_component (window->inner, (guint) component);
  g_assert_cmpint ((int) port, ==, sw_kind_find_port (fly->kind, "flange_b"));
  /* flange_b faces right, and the flywheel is the rightmost part (x 420):
   * the marker right of every part, at the port's height. */
  for (guint i = 0; i < sw_model_get_n_components (window->inner); i++)
    g_assert_cmpfloat (x, >, sw_model_get_component (window->inner, i)->position[0] + 30);
  g_assert_cmpfloat (fabs (y - fly->position[1]), <, 30);
  if (g_getenv ("SW_SCREENSHOTS") != NULL)
    {
      g_autofree char *png = g_build_filename (g_getenv ("SW_SCREENSHOTS"), "subsystem-ports-inside.png", NULL);

      spin (0.3);
      save_window_png (window, png);
    }

  /* Back at the top: none again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-subsystem", NULL));
  iterate ();
  g_assert_cmpuint (sw_canvas_get_n_interface_ports (window->canvas), ==, 0);
  window_destroy_and_check (window);
}

/* Ctrl+G offers the parts' number parameters as the new subsystem's own:
 * on its block with the parts' values, bound inside (and shown so); the
 * same run as before; unchecked, none. */
static void
test_make_with_params (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = copy_example_to_temp ("first.shaft", &dir);
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  g_autoptr (GError) error = NULL;
  double c = get_param (model, "spring", "c");
  const SwComponent *made;
  GtkWidget *row;
  int index, q;

  g_assert_true (wait_for_runs (window, 0, 60));
  make_subsystem (window, "spring", "Shaft");
  index = sw_model_find_component (model, "shaft");
  g_assert_cmpint (index, >=, 0);
  made = sw_model_get_component (model, (guint) index);
  q = sw_kind_find_param (made->kind, "spring_c");
  g_assert_cmpint (q, >=, 0);
  g_assert_cmpfloat (made->param[q], ==, c);
  g_assert_cmpstr (made->kind->params[q].label, ==, "spring: Spring constant");
  g_assert_cmpstr (made->kind->params[q].unit, ==, "N.m/rad");

  /* Set from outside: the block's value is what runs. */
  g_assert_true (sw_model_set_param (model, (guint) index, "spring_c", 2 * c, &error));
  g_assert_no_error (error);
  {
    g_autoptr (SwSystem) system = sw_model_assemble (model, &error);
    g_autofree char *params = _sw_window_dup_params_text (model);

    g_assert_no_error (error);
    g_assert_nonnull (system);
    g_assert_nonnull (strstr (params, "\nshaft.spring_c\t"));
    g_assert_null (strstr (params, "shaft.spring.c\t"));
  }
  g_signal_emit_by_name (window->canvas, "component-activated", index);
  iterate ();
  row = inner_row (window, "spring", "param-c");
  g_assert_false (gtk_widget_get_sensitive (row));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "“spring_c”"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-subsystem", NULL));
  iterate ();
  while (sw_history_undo (sw_window_get_history (window)))
    ;
  iterate ();

  /* Unchecked: no parameters of its own. */
  sw_canvas_select_component (window->canvas, sw_model_find_component (model, "spring"));
  iterate ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.make-subsystem", NULL));
  iterate ();
  answer_dialog_full (window, "make", "Bare", FALSE);
  index = sw_model_find_component (model, "bare");
  g_assert_cmpint (index, >=, 0);
  g_assert_cmpuint (sw_model_get_component (model, (guint) index)->kind->n_params, ==, 0);
  while (sw_history_undo (sw_window_get_history (window)))
    ;
  iterate ();
  window_destroy_and_check (window);
  sw_test_remove_tree (dir);
}

/* The preferences show the library's folder; another folder set there
 * is what the palette lists. */
static void
test_library_folder (void)
{
  g_autofree char *dir = g_dir_make_tmp ("shaftwork-XXXXXX", NULL);
  g_autofree char *unit = g_build_filename (dir, "engine-unit.shaft", NULL);
  g_autofree char *source = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "data", "examples", "marine",
                                              "engine-unit.shaft", NULL);
  g_autofree char *text = NULL, *folder = NULL;
  g_autoptr (GSettings) settings = sw_settings_new ();
  SwWindow *window = window_new ();
  GtkWidget *preferences;
  AdwActionRow *row;
  guint before;

  g_assert_nonnull (settings);
  g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (unit, text, -1, NULL));
  preferences = sw_preferences_window_new (GTK_WINDOW (window));
  row = ADW_ACTION_ROW (gtk_widget_get_template_child (preferences, SW_TYPE_PREFERENCES_WINDOW, "library_row"));
  folder = sw_settings_dup_library_folder (window->settings);
  g_assert_cmpstr (adw_action_row_get_subtitle (row), ==, folder);
  before = sw_palette_get_n_visible (window->palette);

  g_settings_set_string (settings, "library-folder", dir);
  iterate ();
  g_assert_cmpstr (adw_action_row_get_subtitle (row), ==, dir);
  g_assert_cmpuint (sw_palette_get_n_visible (window->palette), ==, before + 1);

  g_settings_reset (settings, "library-folder");
  iterate ();
  g_assert_cmpuint (sw_palette_get_n_visible (window->palette), ==, before);
  gtk_window_destroy (GTK_WINDOW (preferences));
  window_destroy_and_check (window);
  sw_test_remove_tree (dir);
}

static void
add_tests (void)
{
  g_test_add_func ("/app/window-subsystems/library-folder", test_library_folder);
  g_test_add_func ("/app/window-subsystems/file-in-place", test_file_in_place);
  g_test_add_func ("/app/window-subsystems/port-variable", test_port_variable);
  g_test_add_func ("/app/window-subsystems/library", test_library);
  g_test_add_func ("/app/window-subsystems/make-and-open", test_make_and_open);
  g_test_add_func ("/app/window-subsystems/undo-inside", test_undo_inside);
  g_test_add_func ("/app/window-subsystems/keys", test_keys);
  g_test_add_func ("/app/window-subsystems/live-inside", test_live_inside);
  g_test_add_func ("/app/window-subsystems/live-in-file", test_live_in_file);
  g_test_add_func ("/app/window-subsystems/bound-inside", test_bound_inside);
  g_test_add_func ("/app/window-subsystems/ports-inside", test_ports_inside);
  g_test_add_func ("/app/window-subsystems/make-with-params", test_make_with_params);
}

int
main (int   argc,
      char *argv[])
{
  return test_window_run (argc, argv, "test-window-subsystems", add_tests);
}
