/* test-window-results-study.c: the Study page of the window: a small grid
 * study of fourbody.shaft run in the window gives the same table, byte for
 * byte, as shaftwork-cli study on the same model ($SW_CLI), and so does a
 * Latin hypercube sample (drawn as points); the grid's plot has a
 * line per value of the other parameter and the natural frequencies;
 * "Use Run" sets a run's values on the model as one undo step; Stop keeps
 * the runs done; "Vary…" in the inspector adds a parameter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "sw-window.h"
#include "sw-window-private.h"
#include "sw-error.h"
#include "sw-signal.h"
#include "sw-study-view-private.h"
#include "sw-test-files.h"
#include "test-window-common.h"

#define VARY1   "load.J=1:4:4"
#define VARY2   "coupling.c=1e3,2e3,4e3"
#define OUTPUTS "mode(2).frequency_hz,mode(3).frequency_hz,max(load.w)"

static void
on_finished (gpointer view, guint *n)
{
  (*n)++;
}

static gboolean
wait_finished (SwStudyView *view, guint *n, guint want, double timeout_s)
{
  gint64 end = g_get_monotonic_time () + (gint64) (timeout_s * G_USEC_PER_SEC);

  while (*n < want && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (2000), TRUE);
  return *n >= want;
}

static guint
index_of (const double *values, guint n, double v)
{
  for (guint i = 0; i < n; i++)
    if (values[i] == v)
      return i;
  g_error ("%g is not among the map's values", v);
  return 0;
}

/* The colour map of max(load.w) over coupling.c (across) and load.J: each
 * cell holds the table's value of its run, bit for bit (the CSV's shortest
 * texts read back to the same doubles); it is drawn and exported. "Every
 * natural frequency" is several outputs: no map, the lines again. */
static void
check_map (SwStudyView *view, const char *csv, const char *dir)
{
  g_auto (GStrv) lines = g_strsplit (csv, "\n", -1);
  g_autofree char *png = g_build_filename (dir, "map.png", NULL);
  g_autoptr (GError) error = NULL;
  const double cs[] = { 1e3, 2e3, 4e3 };
  SwStudyMap map;
  guint n = 0;

  sw_study_view_set_axes (view, 1, 2);
  g_assert_false (sw_study_view_get_map (view));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (view->style_drop)));
  sw_study_view_set_map (view, TRUE);
  g_assert_true (sw_study_view_get_map (view));
  g_assert_true (_sw_study_view_build_map (view, &map));
  g_assert_cmpuint (map.x_param, ==, 1);
  g_assert_cmpuint (map.y_param, ==, 0);
  g_assert_cmpuint (map.output, ==, 2);
  g_assert_cmpuint (map.nx, ==, 3);
  g_assert_cmpuint (map.ny, ==, 4);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpfloat (map.x[i], ==, cs[i]);
  for (guint j = 0; j < 4; j++)
    g_assert_cmpfloat (map.y[j], ==, j + 1);
  g_assert_cmpstr (lines[0], ==, "run,load.J,coupling.c,mode(2).frequency_hz,mode(3).frequency_hz,max(load.w),error");
  for (guint l = 1; lines[l] != NULL && *lines[l] != '\0'; l++, n++)
    {
      g_auto (GStrv) cells = g_strsplit (lines[l], ",", -1);
      guint i = index_of (map.x, map.nx, g_ascii_strtod (cells[2], NULL));
      guint j = index_of (map.y, map.ny, g_ascii_strtod (cells[1], NULL));

      g_assert_cmpstr (cells[6], ==, "");
      g_assert_cmpfloat (map.z[i * map.ny + j], ==, g_ascii_strtod (cells[5], NULL));
    }
  g_assert_cmpuint (n, ==, 12);
  _sw_study_map_clear (&map);
  {
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 800, 500);
    cairo_t *cr = cairo_create (surface);

    g_assert_true (_sw_study_view_render (view, cr, 800, 500));
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
  }
  g_assert_true (sw_study_view_export (view, png, 640, 400, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  g_unlink (png);
  sw_study_view_set_axes (view, 0, G_MAXUINT);
  g_assert_false (sw_study_view_get_map (view));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (view->style_drop)));
  g_assert_false (_sw_study_view_build_map (view, &map));
  g_assert_cmpuint (_sw_study_view_count_curves (view), ==, 6);
  sw_study_view_set_map (view, FALSE);
}

static void
test_study_page (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  g_autofree char *dir = g_dir_make_tmp ("sw-study-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "study.csv", NULL);
  g_autofree char *want = NULL, *got = NULL, *err = NULL;
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  SwStudyView *view = window->study_view;
  const char *cli = g_getenv ("SW_CLI");
  g_autoptr (GError) error = NULL;
  guint finished = 0;
  int status = -1;

  g_assert_nonnull (cli);
  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (wait_until_idle (window, 60));
  adw_view_stack_set_visible_child_name (window->results_stack, "study");
  iterate ();
  g_signal_connect (view, "finished", G_CALLBACK (on_finished), &finished);

  /* The Vary entry's example is the model's own: its first inertia from
   * half to twice, its first stiffness over two decades. */
  g_assert_cmpstr (gtk_entry_get_placeholder_text (view->vary_entry), ==,
                   "rotor.J=0.25:1:4; shaft.c=5000:500000:5:log");

  /* Nothing varies yet: said, nothing runs. */
  g_assert_false (sw_study_view_run (view, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_clear_error (&error);

  /* The outputs' menu offers natural frequencies and the components' main
   * variables' maxima; a choice is added. */
  sw_study_view_set_outputs (view, "mode(2).frequency_hz");
  gtk_menu_button_popup (view->outputs_menu);
  iterate ();
  {
    GtkListBoxRow *chosen = NULL;
    guint n = 0;

    for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (view->outputs_choices)); row != NULL;
         row = gtk_widget_get_next_sibling (row), n++)
      if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)))),
                     "max(load.w)") == 0)
        chosen = GTK_LIST_BOX_ROW (row);
    /* Modes 1 … 4 (four inertias) and the eight components' maxima. */
    g_assert_cmpuint (n, ==, 4 + 8);
    g_assert_nonnull (chosen);
    g_signal_emit_by_name (view->outputs_choices, "row-activated", chosen);
  }
  g_assert_cmpstr (sw_study_view_get_outputs (view), ==, "mode(2).frequency_hz, max(load.w)");

  sw_study_view_add_vary (view, VARY1);
  sw_study_view_add_vary (view, VARY2);
  g_assert_cmpuint (g_strv_length ((char **) sw_study_view_get_vary (view)), ==, 2);
  sw_study_view_set_outputs (view, OUTPUTS);
  g_assert_true (sw_study_view_run (view, &error));
  g_assert_no_error (error);
  g_assert_true (sw_study_view_get_running (view));
  g_assert_true (wait_finished (view, &finished, 1, 120));
  g_assert_false (sw_study_view_get_running (view));
  g_assert_cmpuint (sw_study_view_get_n_runs (view), ==, 12);
  g_assert_cmpuint (sw_study_view_get_n_done (view), ==, 12);
  got = sw_study_view_dup_csv (view);

  {
    const char *argv[] = { cli, "study", path, "--vary", VARY1, "--vary", VARY2, "--outputs", OUTPUTS,
                           "-o", out, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &err, &status, &error));
    g_assert_no_error (error);
    g_assert_cmpint (status, ==, 0);
    g_assert_true (g_file_get_contents (out, &want, NULL, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpstr (got, ==, want);

  /* The plot: max(load.w) against coupling.c, a line per load.J (4); every
   * natural frequency against load.J, a line per output and coupling.c (2 × 3). */
  sw_study_view_set_axes (view, 1, 2);
  g_assert_cmpuint (_sw_study_view_count_curves (view), ==, 4);
  sw_study_view_set_axes (view, 0, G_MAXUINT);
  g_assert_cmpuint (_sw_study_view_count_curves (view), ==, 6);
  check_map (view, got, dir);
  iterate ();
  if (g_getenv ("SW_SCREENSHOTS") != NULL)
    {
      g_autofree char *png = g_build_filename (g_getenv ("SW_SCREENSHOTS"), "window-study.png", NULL);

      save_window_png (window, png);
    }

  /* Run 7: load.J = 3, coupling.c = 2e3 (the last parameter fastest), one undo step. */
  g_assert_true (sw_study_view_use_run (view, 7, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (get_param (model, "load", "J"), ==, 3);
  g_assert_cmpfloat (get_param (model, "coupling", "c"), ==, 2e3);
  g_assert_true (sw_history_undo (sw_window_get_history (window)));
  g_assert_cmpfloat (get_param (model, "load", "J"), ==, 2);
  g_assert_cmpfloat (get_param (model, "coupling", "c"), ==, 2e3);
  g_assert_false (sw_history_get_can_undo (sw_window_get_history (window)));

  /* A Latin hypercube sample: the CLI's table too, and points on the plot
   * (one a run). */
  sw_study_view_clear_vary (view);
  sw_study_view_add_vary (view, "coupling.c=normal:2e3:100");
  sw_study_view_add_vary (view, VARY1);
  sw_study_view_set_outputs (view, "mode(2).frequency_hz");
  sw_study_view_set_sample (view, SW_STUDY_SAMPLE_LHS, 20, 5);
  g_assert_true (sw_study_view_run (view, &error));
  g_assert_no_error (error);
  g_assert_true (wait_finished (view, &finished, 2, 120));
  g_clear_pointer (&got, g_free);
  g_clear_pointer (&want, g_free);
  got = sw_study_view_dup_csv (view);
  {
    const char *argv[] = { cli, "study", path, "--vary", "coupling.c=normal:2e3:100", "--vary", VARY1,
                           "--outputs", "mode(2).frequency_hz", "--sample", "lhs:20", "--seed", "5", "-o", out, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error));
    g_assert_no_error (error);
    g_assert_cmpint (status, ==, 0);
    g_assert_true (g_file_get_contents (out, &want, NULL, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpstr (got, ==, want);
  sw_study_view_set_axes (view, 0, 0);
  g_assert_cmpuint (_sw_study_view_count_curves (view), ==, 20);
  {
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 800, 500);
    cairo_t *cr = cairo_create (surface);

    g_assert_true (_sw_study_view_render (view, cr, 800, 500));
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
  }
  sw_study_view_set_sample (view, SW_STUDY_SAMPLE_GRID, 0, 1);

  /* Too large for the window: said, nothing runs. */
  sw_study_view_clear_vary (view);
  sw_study_view_add_vary (view, "load.J=1:4:2000000");
  g_assert_false (sw_study_view_run (view, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "shaftwork-cli study"));
  g_clear_error (&error);

  /* A larger study stopped: the runs done stay, in order. */
  sw_study_view_clear_vary (view);
  sw_study_view_add_vary (view, "load.J=1:4:2000");
  sw_study_view_set_outputs (view, "max(load.w)");
  g_assert_true (sw_study_view_run (view, &error));
  spin (0.3);
  sw_study_view_stop (view);
  g_assert_false (sw_study_view_get_running (view));
  g_assert_cmpuint (finished, ==, 3);
  g_assert_cmpuint (sw_study_view_get_n_done (view), <, 2000);

  window_destroy_and_check (window);
  g_unlink (out);
  g_rmdir (dir);
}

/* At the default 1280 × 800 the table of a study with three outputs shows
 * its columns, up to 60 % of the page's width (then it scrolls with a bar
 * shown), without the divider dragged; the divider stays where the user
 * drags it. */
static void
test_study_table_width (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_with_file (path);
  SwStudyView *view = window->study_view;
  g_autoptr (GError) error = NULL;
  guint finished = 0;
  int width = 0, wanted = 0, paned = 0, dragged;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (wait_until_idle (window, 60));
  adw_view_stack_set_visible_child_name (window->results_stack, "study");
  iterate ();
  g_signal_connect (view, "finished", G_CALLBACK (on_finished), &finished);
  sw_study_view_add_vary (view, VARY1);
  sw_study_view_set_outputs (view, OUTPUTS);
  g_assert_true (sw_study_view_run (view, &error));
  g_assert_no_error (error);
  g_assert_true (wait_finished (view, &finished, 1, 120));

  /* Up to 10 s for the layout to settle on a loaded machine. */
  for (guint k = 0; k < 100; k++)
    {
      spin (0.1);
      width = _sw_study_view_get_table_width (view, &wanted);
      paned = gtk_widget_get_width (GTK_WIDGET (view->paned));
      if (width >= MIN (wanted, (int) (0.6 * paned)) - 12)
        break;
    }
  g_test_message ("table %d px of %d px wanted, page %d px", width, wanted, paned);
  g_assert_cmpint (wanted, >, 300);
  /* Less the divider's handle. */
  g_assert_cmpint (width, >=, MIN (wanted, (int) (0.6 * paned)) - 12);
  g_assert_false (gtk_scrolled_window_get_overlay_scrolling (GTK_SCROLLED_WINDOW (view->table_scroller)));

  /* Dragged by hand, it stays through another run. */
  dragged = gtk_paned_get_position (view->paned) + 50;
  gtk_paned_set_position (view->paned, dragged);
  spin (0.2);
  g_assert_true (sw_study_view_run (view, &error));
  g_assert_true (wait_finished (view, &finished, 2, 120));
  spin (0.3);
  g_assert_cmpint (gtk_paned_get_position (view->paned), ==, dragged);

  window_destroy_and_check (window);
}

static GtkWidget *
find_named (GtkWidget *widget, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A right-click on row: its "Vary…" menu, shown. */
static GtkWidget *
open_row_menu (GtkWidget *row)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (row);
  GtkGesture *menu = NULL;
  GtkWidget *popover;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (c) && gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (c)) == GDK_BUTTON_SECONDARY)
        menu = GTK_GESTURE (c);
    }
  g_assert_nonnull (menu);
  g_signal_emit_by_name (menu, "pressed", 1, 20.0, 10.0);
  iterate ();
  popover = g_object_get_data (G_OBJECT (row), "sw-vary-popover");
  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_get_visible (popover));
  return popover;
}

/* "Vary…" in the menu of a parameter's row in the inspector (a right-click)
 * adds it to the Study page, from a half to twice its value, and shows the
 * page. */
static void
test_vary_from_inspector (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_with_file (path);
  SwModel *model = sw_window_get_model (window);
  GtkWidget *row, *popover, *button;
  const char *const *vary;

  g_assert_true (wait_for_runs (window, 0, 60));
  sw_inspector_set_component (window->inspector, sw_model_find_component (model, "load"));
  iterate ();
  row = find_named (GTK_WIDGET (window->inspector), "param-J");
  g_assert_nonnull (row);
  popover = open_row_menu (row);
  button = find_named (popover, "vary");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  iterate ();
  g_assert_false (gtk_widget_get_visible (popover));
  vary = sw_study_view_get_vary (window->study_view);
  g_assert_cmpuint (g_strv_length ((char **) vary), ==, 1);
  g_assert_cmpstr (vary[0], ==, "load.J=1:4:5:log");
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (window->results_stack), ==, "study");
  /* Again: the same parameter is replaced, not added. */
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpuint (g_strv_length ((char **) sw_study_view_get_vary (window->study_view)), ==, 1);

  window_destroy_and_check (window);
}

/* A shared signal varied from the window: "Vary amplitude…" in the menu of
 * a parameter that names the shared signal "drive" asks for
 * signals.drive.amplitude (both torques follow it); the window's table is
 * shaftwork-cli study's, byte for byte. */
static void
test_vary_shared_signal (void)
{
  g_autofree char *example = sw_test_example_path ("fourbody.shaft");
  g_autofree char *dir = g_dir_make_tmp ("sw-study-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "shared.shaft", NULL);
  g_autofree char *out = g_build_filename (dir, "study.csv", NULL);
  g_autofree char *text = NULL, *want = NULL, *got = NULL;
  g_autoptr (GString) shared = NULL;
  g_autoptr (GError) error = NULL;
  const char *cli = g_getenv ("SW_CLI");
  SwWindow *window;
  SwModel *model;
  GtkWidget *row, *popover, *button;
  const char *const *vary;
  guint finished = 0;
  int status = -1;

  g_assert_nonnull (cli);
  g_assert_true (g_file_get_contents (example, &text, NULL, &error));
  g_assert_no_error (error);
  shared = g_string_new (text);
  g_assert_cmpint (g_string_replace (shared, "\"tau\": {\"sine\": {\"amplitude\": 100, \"f\": 5}}", "\"tau\": \"drive\"", 1), ==, 1);
  g_assert_cmpint (g_string_replace (shared, "\"name\": \"fourbody\",",
                                     "\"name\": \"fourbody\", \"signals\": {\"drive\": {\"sine\": {\"amplitude\": 100, \"f\": 5}}},", 1), ==, 1);
  g_assert_true (g_file_set_contents (path, shared->str, -1, &error));
  g_assert_no_error (error);

  window = window_with_file (path);
  model = sw_window_get_model (window);
  g_assert_true (wait_for_runs (window, 0, 60));
  sw_inspector_set_component (window->inspector, sw_model_find_component (model, "torque"));
  iterate ();
  row = find_named (GTK_WIDGET (window->inspector), "param-tau");
  g_assert_nonnull (row);
  popover = open_row_menu (row);
  g_assert_nonnull (find_named (popover, "vary-f"));
  button = find_named (popover, "vary-amplitude");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  iterate ();
  vary = sw_study_view_get_vary (window->study_view);
  g_assert_cmpuint (g_strv_length ((char **) vary), ==, 1);
  g_assert_cmpstr (vary[0], ==, "signals.drive.amplitude=50:200:5:log");

  g_signal_connect (window->study_view, "finished", G_CALLBACK (on_finished), &finished);
  sw_study_view_set_outputs (window->study_view, "max(load.w),rms(hub1.w)");
  g_assert_true (sw_study_view_run (window->study_view, &error));
  g_assert_no_error (error);
  g_assert_true (wait_finished (window->study_view, &finished, 1, 120));
  g_assert_cmpuint (sw_study_view_get_n_done (window->study_view), ==, 5);
  got = sw_study_view_dup_csv (window->study_view);
  {
    const char *argv[] = { cli, "study", path, "--vary", "signals.drive.amplitude=50:200:5:log",
                           "--outputs", "max(load.w),rms(hub1.w)", "-o", out, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error));
    g_assert_no_error (error);
    g_assert_cmpint (status, ==, 0);
    g_assert_true (g_file_get_contents (out, &want, NULL, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpstr (got, ==, want);
  /* Five different rows, none failed. */
  g_assert_null (strstr (got, "rror:"));
  /* "Use Run" 4 sets the shared signal (amplitude 200) for both of its
   * users, the name kept: 200 at t = 0.05 s, a quarter period. */
  g_assert_true (sw_study_view_use_run (window->study_view, 4, &error));
  g_assert_no_error (error);
  {
    const SwComponent *c = sw_model_get_component (model, (guint) sw_model_find_component (model, "torque"));
    int drive = sw_model_find_shared_signal (model, "drive");

    g_assert_cmpint (drive, >=, 0);
    g_assert_cmpstr (c->signal_ref[0], ==, "drive");
    g_assert_cmpfloat_with_epsilon (sw_signal_eval (sw_model_get_shared_signal (model, (guint) drive), 0.05, FALSE, NULL, NULL),
                                    200, 1e-9);
    g_assert_cmpfloat_with_epsilon (sw_signal_eval (c->signal[0], 0.05, FALSE, NULL, NULL), 200, 1e-9);
  }

  window_destroy_and_check (window);
  g_unlink (out);
  g_unlink (path);
  g_rmdir (dir);
}

/* The vehicle launch's first elastic mode is its second (the first, 0 Hz,
 * moves it as a whole): the Study page's outputs, untouched, follow the
 * modes (mode(2) and mode(3) asked for a mode it does not have); edited,
 * they stay as written. */
static void
test_study_outputs_from_modes (void)
{
  SwWindow *window = window_new ();
  SwModes *modes;
  guint elastic = 0;
  g_autoptr(GError) error = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-example", "s", "vehicle-launch"));
  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (wait_until_idle (window, 60));
  modes = sw_window_get_modes (window);
  g_assert_nonnull (modes);
  for (guint i = 0; i < sw_modes_get_n_modes (modes); i++)
    if (!sw_modes_get_mode (modes, i)->rigid_body)
      elastic++;
  g_assert_cmpuint (elastic, ==, 1);
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  g_assert_cmpstr (sw_study_view_get_outputs (window->study_view), ==, "mode(2).frequency_hz");

  sw_study_view_set_outputs (window->study_view, "max(car.v)");
  g_assert_true (sw_model_set_param (sw_window_get_model (window), (guint) sw_model_find_component (sw_window_get_model (window), "wheel"),
                                     "J", 2.5, &error));
  g_assert_no_error (error);
  g_assert_true (wait_for_runs (window, 1, 60));
  g_assert_true (wait_until_idle (window, 60));
  g_assert_cmpstr (sw_study_view_get_outputs (window->study_view), ==, "max(car.v)");
  while (sw_history_undo (sw_window_get_history (window)))
    ;
  iterate ();
  window_destroy_and_check (window);
}

static void
add_tests (void)
{
  g_test_add_func ("/app/window/study-page", test_study_page);
  g_test_add_func ("/app/window/study-outputs-from-modes", test_study_outputs_from_modes);
  g_test_add_func ("/app/window/study-table-width", test_study_table_width);
  g_test_add_func ("/app/window/study-vary", test_vary_from_inspector);
  g_test_add_func ("/app/window/study-vary-shared-signal", test_vary_shared_signal);
}

int
main (int   argc,
      char *argv[])
{
  return test_window_run (argc, argv, "test-window-results-study", add_tests);
}
