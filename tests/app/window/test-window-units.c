/* test-window-units.c: units and language (issue 23, 10).
 *
 * Speeds and angles each follow their own preference in the plot and the
 * variables list (rpm with radians, rad/s with degrees); numbers are
 * written with one decimal separator whatever the locale; the window run
 * from its build folder finds the translations compiled there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <locale.h>
#include <string.h>

#include <adwaita.h>

#include "sw-plot-view.h"
#include "sw-plot-view-private.h"
#include "sw-settings.h"
#include "sw-variables-list.h"
#include "sw-variables-list-private.h"
#include "sw-window.h"
#include "sw-window-private.h"
#include "test-window-common.h"

static void
check_units (SwWindow   *window,
             const char *speed_shown,
             const char *angle_shown)
{
  SwPlotUnits units = sw_plot_view_get_display_units (window->plot_view);
  g_autofree char *speed = _sw_variables_list_dup_unit_text (window->variables_list, "rad/s");
  g_autofree char *angle = _sw_variables_list_dup_unit_text (window->variables_list, "rad");
  const char *shown;

  g_assert_cmpint (sw_variables_list_get_display_units (window->variables_list), ==, units);
  _sw_plot_view_display_factor (units, "rad/s", &shown);
  g_assert_cmpstr (shown, ==, speed_shown);
  _sw_plot_view_display_factor (units, "rad", &shown);
  g_assert_cmpstr (shown, ==, angle_shown);
  g_assert_cmpstr (speed, ==, speed_shown);
  g_assert_cmpstr (angle, ==, g_str_equal (angle_shown, "deg") ? "°" : angle_shown);
}

static void
test_each_its_own (void)
{
  SwWindow *window = window_new ();

  g_assert_nonnull (window->settings);
  g_settings_set_string (window->settings, "speed-unit", "rad/s");
  g_settings_set_string (window->settings, "angle-unit", "rad");
  iterate ();
  check_units (window, "rad/s", "rad");

  /* Speeds in rpm: angles stay in radians, as the preferences say. */
  g_settings_set_string (window->settings, "speed-unit", "rpm");
  iterate ();
  check_units (window, "rpm", "rad");

  g_settings_set_string (window->settings, "angle-unit", "deg");
  iterate ();
  check_units (window, "rpm", "deg");

  g_settings_set_string (window->settings, "speed-unit", "rad/s");
  iterate ();
  check_units (window, "rad/s", "deg");

  g_settings_set_string (window->settings, "angle-unit", "rad");
  iterate ();
  check_units (window, "rad/s", "rad");
  window_destroy_and_check (window);
}

/* The build's program folder: app/ beside tests/ in the build. */
static char *
dup_build_program_dir (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *tests = g_path_get_dirname (exe);
  g_autofree char *build = g_path_get_dirname (tests);

  return g_build_filename (build, "app", NULL);
}

static void
test_locale (void)
{
  g_autofree char *program_dir = dup_build_program_dir ();
  const char *dir = sw_settings_locale_dir (program_dir);
  g_autofree char *mo = g_build_filename (dir, "de", "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  g_autofree char *text = NULL;

  /* Run from the build: the translations compiled there. */
  g_assert_true (g_file_test (mo, G_FILE_TEST_IS_REGULAR));
  /* Installed elsewhere: not the build's. */
  g_assert_cmpstr (sw_settings_locale_dir ("/usr/bin"), !=, dir);

  /* One decimal separator. */
  sw_settings_init_locale ();
  g_assert_cmpstr (setlocale (LC_NUMERIC, NULL), ==, "C");
  text = g_strdup_printf ("%.1f", 0.5);
  g_assert_cmpstr (text, ==, "0.5");
}

static void
add_tests (void)
{
  g_test_add_func ("/app/window/units/each-its-own", test_each_its_own);
  g_test_add_func ("/app/window/units/locale", test_locale);
}

int
main (int    argc,
      char **argv)
{
  return test_window_run (argc, argv, "test-window-units", add_tests);
}
