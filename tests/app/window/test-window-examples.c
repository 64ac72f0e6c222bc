/* test-window-examples.c: the window's examples: opening one, every bundled
 * example reachable from the menus.
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

      collect_targets (g_ptr_array_index (menus, m), "win.open-example", targets);
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
add_tests (void)
{
  g_test_add_func ("/app/window/example", test_example);
  g_test_add_func ("/app/window/examples-bundled", test_examples_bundled);
}

int
main (int   argc,
      char *argv[])
{
  return test_window_run (argc, argv, "test-window-examples", add_tests);
}
