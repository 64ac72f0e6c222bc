/* test-window-building.c: a model as a new user draws it (issue 23, 6).
 *
 * Live stays quiet while parts dangle: an inertia, a damper after it and
 * a gear after that, placed and wired one by one, never run and never
 * show a red error, the results bar says how many ports are unconnected,
 * and the last port wired runs the model. Clutches, brakes and dampers
 * placed from the palette do something (a normal force of 1000 N, a
 * damping of 10 N·m·s/rad), every kind's palette values are valid, no
 * kind's text talks of digests, and the engine's full-load table's
 * summary names its largest value. A model that cannot run says why in
 * plain words above the results.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include <adwaita.h>

#include "sw-canvas.h"
#include "sw-inspector-table-row.h"
#include "sw-model.h"
#include "sw-test-files.h"
#include "sw-window.h"
#include "sw-window-private.h"
#include "test-window-common.h"

static double
param_of (SwModel    *model,
          guint       component,
          const char *name)
{
  const SwComponent *c = sw_model_get_component (model, component);
  int p = sw_kind_find_param (c->kind, name);

  g_assert_cmpint (p, >=, 0);
  return c->param[p];
}

/* Placed from the palette (the canvas's place at the centre, what Enter
 * in the palette's search does), a clutch, a brake and a damper work. */
static void
test_placed_values (void)
{
  SwWindow *window = window_new ();
  SwModel *model = sw_window_get_model (window);
  int clutch, brake, damper, trans_damper, spring;

  sw_window_set_live (window, FALSE);
  clutch = sw_canvas_place_kind_at_center (window->canvas, "rotational.clutch");
  brake = sw_canvas_place_kind_at_center (window->canvas, "rotational.brake");
  damper = sw_canvas_place_kind_at_center (window->canvas, "rotational.damper");
  trans_damper = sw_canvas_place_kind_at_center (window->canvas, "translational.damper");
  spring = sw_canvas_place_kind_at_center (window->canvas, "rotational.spring");
  g_assert_cmpint (MIN (MIN (clutch, brake), MIN (damper, MIN (trans_damper, spring))), >=, 0);
  g_assert_cmpfloat (param_of (model, (guint) clutch, "fn_max"), ==, 1000);
  g_assert_cmpfloat (param_of (model, (guint) brake, "fn_max"), ==, 1000);
  g_assert_cmpfloat (param_of (model, (guint) damper, "d"), ==, 10);
  g_assert_cmpfloat (param_of (model, (guint) trans_damper, "d"), ==, 1);
  /* The file's defaults stay Modelica's: a spring is as it was. */
  g_assert_cmpfloat (param_of (model, (guint) spring, "c"), ==, 1e5);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(SwModel) from_file = sw_model_new_from_data (
      "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
      "{\"id\": \"c\", \"kind\": \"rotational.clutch\"}]}", -1, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpfloat (param_of (from_file, 0, "fn_max"), ==, 1);
  }
  /* Each placement is one undo step, the values with it. */
  g_assert_true (sw_history_undo (sw_window_get_history (window)));
  g_assert_cmpuint (sw_model_get_n_components (model), ==, 4);
  while (sw_history_undo (sw_window_get_history (window)))
    ;
  iterate ();
  window_destroy_and_check (window);
}

/* Every kind's palette values are valid and name its parameters; no
 * kind's text speaks of the digest it was written from. */
static void
test_kinds_texts (void)
{
  guint n_kinds;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n_kinds);

  for (guint k = 0; k < n_kinds; k++)
    {
      const SwKind *kind = kinds[k];
      g_autoptr(GError) error = NULL;
      g_autoptr(SwModel) model = sw_model_new ();
      int index = sw_model_add_component (model, kind->name, "part", &error);

      g_assert_no_error (error);
      for (const SwParamValue *v = kind->placed; v != NULL && v->name != NULL; v++)
        {
          g_assert_cmpint (sw_kind_find_param (kind, v->name), >=, 0);
          g_assert_true (sw_model_set_param (model, (guint) index, v->name, v->value, &error));
          g_assert_no_error (error);
        }
      g_assert_null (strstr (kind->help, "digest"));
      g_assert_null (strstr (kind->label, "digest"));
      for (guint p = 0; p < kind->n_params; p++)
        g_assert_null (strstr (kind->params[p].help != NULL ? kind->params[p].help : "", "digest"));
    }
}

static const char *
run_status_text (SwWindow *window)
{
  return gtk_label_get_label (window->run_status);
}

/* The results bar says expected, within 20 s: an edit made while a run
 * (or the modes) of the last one is still going waits for it, then Live
 * looks again at idle (under ASan that is seconds). */
static void
assert_status_becomes (SwWindow   *window,
                       const char *expected)
{
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (g_strcmp0 (run_status_text (window), expected) != 0 && g_get_monotonic_time () < end)
    spin (0.05);
  g_assert_cmpstr (run_status_text (window), ==, expected);
}

/* An inertia, a damper (d = 0) after it, a gear after that: the gear's
 * free flange leaves the section after the damper nothing to hold it,
 * which the check says as a hint, not a problem naming the damper; Live runs nothing and shows no failure until the gear
 * drives a second inertia. */
static void
test_live_quiet (void)
{
  SwWindow *window = window_new ();
  SwModel *model = sw_window_get_model (window);
  g_autoptr(GError) error = NULL;
  guint runs;

  g_assert_true (sw_window_get_live (window));
  runs = sw_window_get_n_runs (window);
  g_assert_cmpint (sw_canvas_place_kind_at_center (window->canvas, "rotational.inertia"), ==, 0);
  /* An inertia alone runs: nothing dangles. Its run shown before the next
   * edit (a slow machine, the sanitizers: half a second was not always
   * enough), so that its curves are there to dim. */
  g_assert_true (wait_for_runs (window, runs, 30));
  g_assert_null (sw_window_get_run_error (window));

  runs = sw_window_get_n_runs (window);
  g_assert_cmpint (sw_canvas_place_kind_at_center (window->canvas, "rotational.damper"), ==, 1);
  /* Modelica's d = 0, as a file may have it: with the gear's flange free,
   * nothing holds the section between them. */
  g_assert_true (sw_model_set_param (model, 1, "d", 0, &error));
  g_assert_no_error (error);
  spin (0.5);
  wait_until_idle (window, 10);
  g_assert_null (sw_window_get_run_error (window));
  assert_status_becomes (window, "2 ports unconnected");
  g_assert_cmpuint (sw_window_get_n_runs (window), ==, runs);
  /* The inertia's curves stay, dimmed as the last complete model's. */
  g_assert_nonnull (sw_plot_view_get_trajectory (window->plot_view));
  g_assert_true (sw_plot_view_get_stale (window->plot_view));

  g_assert_true (sw_model_connect (model, "inertia1.flange_b", "damper1.flange_a", &error));
  g_assert_no_error (error);
  spin (0.5);
  wait_until_idle (window, 10);
  g_assert_null (sw_window_get_run_error (window));
  assert_status_becomes (window, "1 port unconnected");

  g_assert_cmpint (sw_canvas_place_kind_at_center (window->canvas, "rotational.ideal_gear"), ==, 2);
  g_assert_true (sw_model_connect (model, "damper1.flange_b", "ideal_gear1.flange_a", &error));
  g_assert_no_error (error);
  spin (0.5);
  wait_until_idle (window, 10);
  g_assert_null (sw_window_get_run_error (window));
  assert_status_becomes (window, "1 port unconnected");
  g_assert_cmpuint (sw_window_get_n_runs (window), ==, runs);
  /* The check agrees: a hint, not a problem, and Run says why. */
  sw_window_check_now (window);
  g_assert_cmpuint (sw_window_get_n_problems (window), ==, 0);
  g_assert_cmpuint (sw_window_get_n_hints (window), >=, 1);
  g_assert_null (sw_window_get_run_error (window));

  /* The gear drives a second inertia: complete, run. */
  g_assert_cmpint (sw_canvas_place_kind_at_center (window->canvas, "rotational.inertia"), ==, 3);
  g_assert_true (sw_model_connect (model, "ideal_gear1.flange_b", "inertia2.flange_a", &error));
  g_assert_no_error (error);
  g_assert_true (wait_for_runs (window, runs, 20));
  wait_until_idle (window, 20);
  g_assert_null (sw_window_get_run_error (window));
  g_assert_null (strstr (run_status_text (window), "unconnected"));
  g_assert_false (sw_plot_view_get_stale (window->plot_view));

  while (sw_history_undo (sw_window_get_history (window)))
    ;
  iterate ();
  window_destroy_and_check (window);
}

/* Every bundled example is complete: Live runs them all. */
static void
test_examples_complete (void)
{
  static const char *const folders[] = { "", "marine" };
  guint n = 0;

  for (guint f = 0; f < G_N_ELEMENTS (folders); f++)
    {
      g_autofree char *dir_path = sw_test_example_path (folders[f]);
      g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
      const char *name;

      g_assert_nonnull (dir);
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_build_filename (dir_path, name, NULL);
          g_autoptr(GError) error = NULL;
          g_autoptr(SwModel) model = NULL;

          if (!g_str_has_suffix (name, ".shaft"))
            continue;
          model = sw_model_new_from_file (path, &error);
          g_assert_no_error (error);
          if (_sw_window_count_unconnected (model) != 0)
            g_error ("%s has %u unconnected ports", name, _sw_window_count_unconnected (model));
          n++;
        }
    }
  g_assert_cmpuint (n, >=, 20);
}

static GtkWidget *
find_named (GtkWidget  *widget,
            const char *name)
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

/* The engine's full-load curve rises to 200 N·m and falls to 150: its
 * summary gives the range it spans, not the first and last rows. */
static void
test_table_summary (void)
{
  SwWindow *window = window_new ();
  SwModel *model = sw_window_get_model (window);
  g_autoptr(GError) error = NULL;
  GtkWidget *found = NULL;
  const char *subtitle;

  sw_window_set_live (window, FALSE);
  g_assert_cmpint (sw_model_add_component (model, "rotational.engine", "engine", &error), ==, 0);
  g_assert_no_error (error);
  sw_canvas_select_component (window->canvas, 0);
  iterate ();
  found = find_named (GTK_WIDGET (window), "param-full_load");
  g_assert_nonnull (found);
  g_assert_true (SW_IS_INSPECTOR_TABLE_ROW (found));
  subtitle = adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (found));
  g_assert_nonnull (strstr (subtitle, "between 60 and 200"));

  while (sw_history_undo (sw_window_get_history (window)))
    ;
  iterate ();
  window_destroy_and_check (window);
}


/* A model that cannot run: the bar above the results says why in plain
 * words, the sentence first and where after it; the page below does not
 * repeat it. */
static void
test_failed_page (void)
{
  SwWindow *window = window_new ();
  SwModel *model = sw_window_get_model (window);
  g_autoptr(GError) error = NULL;
  const char *bar;
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

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
  while (sw_window_get_run_error (window) == NULL && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  wait_until_idle (window, 10);
  g_assert_nonnull (sw_window_get_run_error (window));
  g_assert_nonnull (strstr (sw_window_get_run_error (window), "error: "));
  bar = gtk_label_get_label (window->error_label);
  g_assert_null (strstr (bar, "error: "));
  g_assert_true (g_ascii_isupper (bar[0]));
  g_assert_true (g_str_has_suffix (bar, "(Untitled Model)"));
  g_assert_true (gtk_revealer_get_reveal_child (window->error_revealer));
  g_assert_cmpstr (adw_status_page_get_title (window->empty_status), ==, "The Run Failed");
  g_assert_null (strstr (adw_status_page_get_description (window->empty_status), "damper"));
  g_assert_cmpstr (adw_status_page_get_icon_name (window->empty_status), ==, "dialog-error-symbolic");
  {
    g_autofree char *two = _sw_window_dup_readable_error ("a.shaft:3:4: error: first\nb.shaft: error: second");

    g_assert_cmpstr (two, ==, "First (a.shaft:3:4)\nSecond (b.shaft)");
  }

  while (sw_history_undo (sw_window_get_history (window)))
    ;
  iterate ();
  window_destroy_and_check (window);
}

/* The first widget of type under widget, depth first, or NULL. */
static GtkWidget *
find_type (GtkWidget *widget,
           GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Enter in the palette's search places its best match and empties the
 * search, which keeps the focus, so that a drivetrain is typed part by
 * part ("engine", Enter, "inertia", Enter) without the last name left in
 * the field. */
static void
test_search_places (void)
{
  SwWindow *window = window_new ();
  SwModel *model = sw_window_get_model (window);
  GtkWidget *entry = find_type (GTK_WIDGET (window->palette), GTK_TYPE_SEARCH_ENTRY);
  static const char *const kinds[] = { "rotational.engine", "rotational.inertia", "rotational.clutch" };
  static const char *const typed[] = { "engine", "inertia", "clutch" };
  GtkWidget *focus;

  g_assert_nonnull (entry);
  sw_window_set_live (window, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    {
      gtk_editable_set_text (GTK_EDITABLE (entry), typed[i]);
      iterate ();
      g_signal_emit_by_name (entry, "activate");
      iterate ();
      g_assert_cmpuint (sw_model_get_n_components (model), ==, i + 1);
      g_assert_cmpstr (sw_model_get_component (model, i)->kind->name, ==, kinds[i]);
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
      g_assert_cmpstr (sw_palette_get_search_text (window->palette), ==, "");
      /* The search keeps the keys: the next name is not canvas keys (R
       * rotated the part just placed). */
      focus = gtk_root_get_focus (GTK_ROOT (window));
      g_assert_nonnull (focus);
      g_assert_true (focus == entry || gtk_widget_is_ancestor (focus, entry));
    }
  while (sw_history_undo (sw_window_get_history (window)))
    ;
  iterate ();
  window_destroy_and_check (window);
}

static void
add_tests (void)
{
  g_test_add_func ("/app/window/building/placed-values", test_placed_values);
  g_test_add_func ("/app/window/building/kinds-texts", test_kinds_texts);
  g_test_add_func ("/app/window/building/live-quiet", test_live_quiet);
  g_test_add_func ("/app/window/building/examples-complete", test_examples_complete);
  g_test_add_func ("/app/window/building/table-summary", test_table_summary);
  g_test_add_func ("/app/window/building/failed-page", test_failed_page);
  g_test_add_func ("/app/window/building/search-places", test_search_places);
}

int
main (int    argc,
      char **argv)
{
  return test_window_run (argc, argv, "test-window-building", add_tests);
}
