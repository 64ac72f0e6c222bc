/* test-window-results-analyses.c: the modes view (and the canvas coloured by a
 * mode), the frequency response and Campbell views, and the choice of friction
 * for them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "sw-window.h"
#include "sw-window-private.h"
#include "sw-error.h"
#include "sw-event-log.h"
#include "sw-plot-view.h"
#include "sw-signal.h"
#include "sw-simulate.h"
#include "sw-test-files.h"
#include "test-window-common.h"


/* F6: the modes view shows the window's modes, with energies per body
 * (computed per mode, as the window keeps none), and colours the canvas
 * while the Modes page shows. */
static void
test_modes_view (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  SwModes *modes;

  sw_window_set_live (window, FALSE);
  g_assert_true (sw_window_load_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_null (sw_modes_view_get_modes (window->modes_view));
  g_assert_true (sw_modes_view_get_canvas (window->modes_view) == window->canvas);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.modal-analysis", NULL));
  g_assert_true (wait_until_idle (window, 60));
  iterate ();
  modes = sw_window_get_modes (window);
  g_assert_nonnull (modes);
  g_assert_true (sw_modes_view_get_modes (window->modes_view) == modes);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 4);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (window->results_stack), ==, "modes");
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->modes_view)));
  /* The first elastic mode, on the canvas too. */
  g_assert_cmpuint (sw_modes_view_get_selected_mode (window->modes_view), ==, 1);
  g_assert_cmpuint (sw_canvas_get_mode_index (window->canvas), ==, 1);
  text = sw_modes_view_dup_selection_text (window->modes_view);
  g_assert_nonnull (text);
  g_assert_true (g_str_has_prefix (text, "2\t"));
  /* The shares of every body add up to 100 %: the values the view asks
   * for exist although the window computed the modes without them. */
  {
    guint n = sw_modes_get_n_bodies (modes);
    g_autofree double *kinetic = g_new0 (double, n);
    double sum = 0;

    g_assert_null (sw_modes_get_mode (modes, 1)->kinetic_energy_percent);
    sw_modes_get_mode_values (modes, 1, NULL, NULL, NULL, kinetic, NULL, NULL);
    for (guint b = 0; b < n; b++)
      sum += kinetic[b];
    g_assert_cmpfloat_with_epsilon (sum, 100, 1e-6);
  }
  /* Another page: the canvas is itself again. */
  adw_view_stack_set_visible_child_name (window->results_stack, "trajectories");
  iterate ();
  g_assert_cmpuint (sw_canvas_get_mode_index (window->canvas), ==, G_MAXUINT);

  window_destroy_and_check (window);
}

/* The frequency response and Campbell pages get the model's snapshot when
 * they show; a crossing selected in the Campbell diagram shows its mode in
 * the Modes page. */
static void
test_frf_campbell (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  g_autoptr(GError) error = NULL;
  SwSystem *system;
  const SwCampbell *campbell;
  const SwCriticalSpeed *crossing;

  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (wait_until_idle (window, 60));
  /* Hidden pages compute nothing. */
  g_assert_null (sw_frf_view_get_system (window->frf_view));
  g_assert_null (sw_campbell_view_get_system (window->campbell_view));

  adw_view_stack_set_visible_child_name (window->results_stack, "frf");
  system = sw_frf_view_get_system (window->frf_view);
  g_assert_nonnull (system);
  g_assert_true (wait_not_busy (G_OBJECT (window->frf_view), 60));
  g_assert_null (sw_frf_view_get_error (window->frf_view));
  g_assert_nonnull (sw_frf_view_get_response (window->frf_view));
  {
    guint n = 0;

    /* The window's modes marked: three elastic ones. */
    sw_frf_view_get_natural_frequencies (window->frf_view, &n);
    g_assert_cmpuint (n, ==, 3);
  }

  /* An edit, checked: the page that shows gets the new snapshot. */
  g_assert_true (sw_model_set_param (model, (guint) sw_model_find_component (model, "load"), "J", 4, &error));
  g_assert_no_error (error);
  sw_window_check_now (window);
  g_assert_true (sw_frf_view_get_system (window->frf_view) != system);
  g_assert_true (wait_not_busy (G_OBJECT (window->frf_view), 60));
  g_assert_true (wait_until_idle (window, 60));

  adw_view_stack_set_visible_child_name (window->results_stack, "campbell");
  g_assert_true (sw_campbell_view_get_system (window->campbell_view) == sw_frf_view_get_system (window->frf_view));
  g_assert_true (wait_not_busy (G_OBJECT (window->campbell_view), 120));
  g_assert_null (sw_campbell_view_get_error (window->campbell_view));
  campbell = sw_campbell_view_get_campbell (window->campbell_view);
  g_assert_nonnull (campbell);
  if (sw_campbell_get_n_crossings (campbell) == 0)
    {
      /* Speeds high enough to cross the first elastic mode. */
      sw_campbell_view_set_speed_range (window->campbell_view, 0, 1e6);
      g_assert_true (wait_not_busy (G_OBJECT (window->campbell_view), 120));
      campbell = sw_campbell_view_get_campbell (window->campbell_view);
    }
  g_assert_cmpuint (sw_campbell_get_n_crossings (campbell), >, 0);
  crossing = sw_campbell_get_crossing (campbell, 0);
  g_assert_cmpuint (crossing->mode, >=, 2);
  sw_campbell_view_select_crossing (window->campbell_view, 0);
  iterate ();
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (window->results_stack), ==, "modes");
  g_assert_nonnull (sw_window_get_modes (window));
  g_assert_cmpuint (sw_modes_view_get_selected_mode (window->modes_view), ==, crossing->mode - 1);

  while (sw_history_undo (sw_window_get_history (window)))
    ;
  window_destroy_and_check (window);
}

/* The friction state of the linear analyses: J1 (2) - clutch (engaged
 * at rest) - J2 (3) - spring c = 600 - ground. The Modes page's choice
 * (next to "At the plot's cursor"): as at the operating point and all
 * locked, one body of 5, sqrt (600 / 5) rad/s; all open, J1 free (a rigid
 * mode) and J2 alone, sqrt (600 / 3). The frequency response and Campbell
 * pages have the same choice and mark those frequencies. */
static void
test_friction_choice (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"clutch\", \"components\": ["
    "{\"id\": \"drive\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 0}},"
    "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"clutch\", \"kind\": \"rotational.clutch\", \"params\": {\"fn_max\": 100, \"f_normalized\": 1}},"
    "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 3, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 600}},"
    "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"}],"
    "\"connections\": [{\"from\": \"drive.flange\", \"to\": \"J1.flange_a\"},"
    "{\"from\": \"J1.flange_b\", \"to\": \"clutch.flange_a\"}, {\"from\": \"clutch.flange_b\", \"to\": \"J2.flange_a\"},"
    "{\"from\": \"J2.flange_b\", \"to\": \"spring.flange_a\"}, {\"from\": \"spring.flange_b\", \"to\": \"ground.flange\"}]}";
  g_autofree char *dir = g_dir_make_tmp ("sw-friction-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "clutch.shaft", NULL);
  const double stuck = sqrt (600 / 5.0), open = sqrt (600 / 3.0);
  SwWindow *window = window_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  guint n_notify = 0, n = 0;
  const double *natural;
  SwModes *modes;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  sw_window_set_live (window, FALSE);
  g_assert_true (sw_window_load_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.modal-analysis", NULL));
  g_assert_true (wait_until_idle (window, 60));
  modes = sw_window_get_modes (window);
  g_assert_nonnull (modes);
  g_assert_true (sw_modes_get_friction (modes) == SW_LINEAR_FRICTION_OPERATING);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 1);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (modes, 0)->omega_rad_s, stuck, 1e-9);
  /* The choice sits in the Modes page, with four states. */
  g_assert_true (gtk_widget_is_ancestor (GTK_WIDGET (window->modes_friction_drop), GTK_WIDGET (window->modes_page)));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (window->modes_friction_drop)), ==,
                    SW_LINEAR_FRICTION_LAST + 1);
  g_assert_cmpuint (gtk_drop_down_get_selected (window->modes_friction_drop), ==, SW_LINEAR_FRICTION_OPERATING);

  /* All open: the modes again, J1 on its own. */
  gtk_drop_down_set_selected (window->modes_friction_drop, SW_LINEAR_FRICTION_OPEN);
  g_assert_true (wait_until_idle (window, 60));
  iterate ();
  modes = sw_window_get_modes (window);
  g_assert_true (sw_modes_get_friction (modes) == SW_LINEAR_FRICTION_OPEN);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 2);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (modes, 1)->omega_rad_s, open, 1e-9);
  g_assert_true (sw_modes_view_get_modes (window->modes_view) == modes);
  /* All locked. */
  gtk_drop_down_set_selected (window->modes_friction_drop, SW_LINEAR_FRICTION_LOCKED);
  g_assert_true (wait_until_idle (window, 60));
  modes = sw_window_get_modes (window);
  g_assert_true (sw_modes_get_friction (modes) == SW_LINEAR_FRICTION_LOCKED);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (modes, 0)->omega_rad_s, stuck, 1e-9);

  /* The frequency response: its own choice, one notify per change. */
  adw_view_stack_set_visible_child_name (window->results_stack, "frf");
  g_assert_nonnull (sw_frf_view_get_system (window->frf_view));
  sw_frf_view_set_input (window->frf_view, "drive");
  sw_frf_view_set_output (window->frf_view, "J2.phi");
  g_assert_true (wait_not_busy (G_OBJECT (window->frf_view), 60));
  g_assert_null (sw_frf_view_get_error (window->frf_view));
  natural = sw_frf_view_get_natural_frequencies (window->frf_view, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpfloat_with_epsilon (natural[0], stuck / (2 * G_PI), 1e-9);
  g_signal_connect_swapped (window->frf_view, "notify::friction", G_CALLBACK (count_notify), &n_notify);
  sw_frf_view_set_friction (window->frf_view, SW_LINEAR_FRICTION_OPEN);
  sw_frf_view_set_friction (window->frf_view, SW_LINEAR_FRICTION_OPEN);
  g_assert_cmpuint (n_notify, ==, 1);
  g_assert_true (wait_not_busy (G_OBJECT (window->frf_view), 60));
  g_assert_null (sw_frf_view_get_error (window->frf_view));
  natural = sw_frf_view_get_natural_frequencies (window->frf_view, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpfloat_with_epsilon (natural[0], open / (2 * G_PI), 1e-9);
  {
    guint friction = 0;

    g_object_get (window->frf_view, "friction", &friction, NULL);
    g_assert_cmpuint (friction, ==, SW_LINEAR_FRICTION_OPEN);
  }

  /* Campbell: the elastic mode at every speed, locked and open. */
  adw_view_stack_set_visible_child_name (window->results_stack, "campbell");
  sw_campbell_view_set_shaft (window->campbell_view, "J1");
  g_assert_true (wait_not_busy (G_OBJECT (window->campbell_view), 120));
  g_assert_null (sw_campbell_view_get_error (window->campbell_view));
  for (int k = 0; k < 2; k++)
    {
      const SwCampbell *c;
      SwTrajectory *d;

      if (k == 1)
        {
          g_object_set (window->campbell_view, "friction", (guint) SW_LINEAR_FRICTION_OPEN, NULL);
          g_assert_true (sw_campbell_view_get_friction (window->campbell_view) == SW_LINEAR_FRICTION_OPEN);
          g_assert_true (wait_not_busy (G_OBJECT (window->campbell_view), 120));
          g_assert_null (sw_campbell_view_get_error (window->campbell_view));
        }
      c = sw_campbell_view_get_campbell (window->campbell_view);
      g_assert_nonnull (c);
      d = sw_campbell_get_diagram (c);
      g_assert_cmpfloat_with_epsilon (sw_trajectory_get_column (d, 0)[0], (k == 0 ? stuck : open) / (2 * G_PI), 1e-9);
    }

  window_destroy_and_check (window);
  g_unlink (path);
  g_rmdir (dir);
}

/* A model too large for all its modes (5 001 bodies, no positions): the
 * window computes its lowest 20, as `modal --modes 20`; the lowest elastic
 * one of the free chain against its closed form 2 sqrt (c / J) sin (pi / 2N). */
static void
test_large_model_modes (void)
{
  const guint n = 5001;
  g_autoptr (GString) text = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [");
  g_autoptr (GString) wires = g_string_new ("");
  g_autofree char *dir = g_dir_make_tmp ("sw-large-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "chain.shaft", NULL);
  SwWindow *window = window_new ();
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  SwModes *modes;

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (text, "%s{\"id\": \"J%u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.01}}",
                              i > 0 ? ", " : "", i);
      if (i + 1 < n)
        {
          g_string_append_printf (text, ", {\"id\": \"S%u\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 1e4}}",
                                  i);
          g_string_append_printf (wires, "%s{\"from\": \"J%u.flange_b\", \"to\": \"S%u.flange_a\"}, "
                                  "{\"from\": \"S%u.flange_b\", \"to\": \"J%u.flange_a\"}",
                                  i > 0 ? ", " : "", i, i, i, i + 1);
        }
    }
  g_string_append_printf (text, "], \"connections\": [%s]}", wires->str);
  g_assert_true (g_file_set_contents (path, text->str, -1, &error));
  sw_window_set_live (window, FALSE);
  g_assert_true (sw_window_load_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.modal-analysis", NULL));
  g_assert_true (wait_until_idle (window, 120));
  modes = sw_window_get_modes (window);
  g_assert_nonnull (modes);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 20);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (modes, 1)->omega_rad_s, 2 * sqrt (1e4 / 0.01) * sin (G_PI / (2 * n)),
                                  1e-9 * sw_modes_get_mode (modes, 1)->omega_rad_s);
  window_destroy_and_check (window);
  g_unlink (path);
  g_rmdir (dir);
}

/* Nothing moves at the operating point: J1 (2) - clutch - J2 (0.5) -
 * lossy gear at rest (i = 3, holding itself) - spring c = 900 - J3 (4) -
 * brake. The Modes page shows the modes with the clutches engaged and the
 * brakes released (the list says so, and the line above the table): the
 * gear rolls, J1 + J2 through it against J3, omega^2 = c (1 / (i^2 2.5) +
 * 1 / 4), and the whole turns freely. Chosen in the list, the operating
 * point's none stay. */
static void
test_modes_engaged (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"at rest\", \"components\": ["
    "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"clutch\", \"kind\": \"rotational.clutch\", \"params\": {\"fn_max\": 100, \"mue_pos\": [[0, 0.5]], "
    "\"f_normalized\": 1}},"
    "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"gear\", \"kind\": \"rotational.lossy_gear\", \"params\": {\"ratio\": 3, "
    "\"lossTable\": [[0, 0.9, 0.9, 0.4, 0.4]]}},"
    "{\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 900}},"
    "{\"id\": \"J3\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 4, \"phi0\": 0, \"w0\": 0}},"
    "{\"id\": \"brake\", \"kind\": \"rotational.brake\", \"params\": {\"fn_max\": 100, \"mue_pos\": [[0, 0.5]], "
    "\"f_normalized\": 1}},"
    "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"}],"
    "\"connections\": [{\"from\": \"J1.flange_b\", \"to\": \"clutch.flange_a\"},"
    "{\"from\": \"clutch.flange_b\", \"to\": \"J2.flange_a\"}, {\"from\": \"J2.flange_b\", \"to\": \"gear.flange_a\"},"
    "{\"from\": \"gear.flange_b\", \"to\": \"spring.flange_a\"}, {\"from\": \"spring.flange_b\", \"to\": \"J3.flange_a\"},"
    "{\"from\": \"J3.flange_b\", \"to\": \"brake.flange_a\"}, {\"from\": \"brake.support\", \"to\": \"ground.flange\"},"
    "{\"from\": \"gear.support\", \"to\": \"ground.flange\"}]}";
  g_autofree char *dir = g_dir_make_tmp ("sw-engaged-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "at-rest.shaft", NULL);
  const double engaged = sqrt (900 * (1 / (9 * 2.5) + 1 / 4.0));
  SwWindow *window = window_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  SwModes *modes;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  sw_window_set_live (window, FALSE);
  g_assert_true (sw_window_load_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.modal-analysis", NULL));
  g_assert_true (wait_until_idle (window, 60));
  iterate ();
  modes = sw_window_get_modes (window);
  g_assert_nonnull (modes);
  g_assert_true (sw_modes_get_friction (modes) == SW_LINEAR_FRICTION_ENGAGED);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 2);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (modes, 1)->omega_rad_s, engaged, 1e-9 * engaged);
  g_assert_cmpuint (gtk_drop_down_get_selected (window->modes_friction_drop), ==, SW_LINEAR_FRICTION_ENGAGED);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->modes_summary)));
  g_assert_nonnull (strstr (gtk_label_get_label (window->modes_summary), "clutches engaged"));
  /* One line over the table (two cut the charts off at 1280 x 800), whole
   * in its tooltip. */
  g_assert_false (gtk_label_get_wrap (window->modes_summary));
  g_assert_cmpint (gtk_label_get_ellipsize (window->modes_summary), ==, PANGO_ELLIPSIZE_END);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (window->modes_summary)), ==,
                   gtk_label_get_label (window->modes_summary));

  /* Chosen: the operating point, with no mode. */
  gtk_drop_down_set_selected (window->modes_friction_drop, SW_LINEAR_FRICTION_OPERATING);
  g_assert_true (wait_until_idle (window, 60));
  iterate ();
  modes = sw_window_get_modes (window);
  g_assert_true (sw_modes_get_friction (modes) == SW_LINEAR_FRICTION_OPERATING);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 0);
  g_assert_cmpuint (gtk_drop_down_get_selected (window->modes_friction_drop), ==, SW_LINEAR_FRICTION_OPERATING);
  g_assert_null (strstr (gtk_label_get_label (window->modes_summary), "clutches engaged"));

  window_destroy_and_check (window);
  g_unlink (path);
  g_rmdir (dir);
}

static void
add_tests (void)
{
  g_test_add_func ("/app/window/modes-view", test_modes_view);
  g_test_add_func ("/app/window/frf-campbell", test_frf_campbell);
  g_test_add_func ("/app/window/friction-choice", test_friction_choice);
  g_test_add_func ("/app/window/modes-engaged", test_modes_engaged);
  g_test_add_func ("/app/window/large-model-modes", test_large_model_modes);
}


int
main (int   argc,
      char *argv[])
{
  return test_window_run (argc, argv, "test-window-results-analyses", add_tests);
}
