/* test-window-results-export.c: exporting results, and screenshots of every
 * results page (SW_SCREENSHOTS=DIR).
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

/* Reads a CSV export: its header's names and the number of data rows. */
static GStrv
read_csv (const char *path,
          guint      *n_rows,
          double     *last_time)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  guint n = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  g_assert_nonnull (lines[0]);
  for (guint i = 1; lines[i] != NULL; i++)
    if (lines[i][0] != '\0')
      {
        n++;
        *last_time = g_ascii_strtod (lines[i], NULL);
      }
  *n_rows = n;
  return g_strsplit (lines[0], ",", -1);
}

static void
assert_file_starts_with (const char *path,
                         const char *magic,
                         const char *or_magic)
{
  g_autofree char *text = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, >, 100);
  if (or_magic != NULL && g_str_has_prefix (text, or_magic))
    return;
  g_assert_cmpmem (text, MIN (length, strlen (magic)), magic, strlen (magic));
}

/* Export without the file chooser: the plot as PNG, SVG and PDF (and a
 * PNG without an extension), the plotted and all variables as CSV, each
 * file what it says, with the run's 4001 rows. */
static void
test_export (void)
{
  g_autofree char *path = sw_test_example_path ("fourbody.shaft");
  SwWindow *window = window_with_file (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("sw-export-XXXXXX", &error);
  const struct { const char *name, *magic, *or_magic; } plots[] = {
    { "plot.png", "\x89PNG\r\n\x1a\n", NULL },
    { "plot.svg", "<?xml", "<svg" },
    { "plot.pdf", "%PDF", NULL },
  };
  g_auto(GStrv) plotted = NULL;

  g_assert_no_error (error);
  /* Before a run there is nothing to export. */
  {
    g_autofree char *file = g_build_filename (dir, "none.csv", NULL);
    g_autofree char *written = NULL;

    if (window->trajectory == NULL)
      {
        written = _sw_window_export_to_path (window, "all", file, &error);
        g_assert_null (written);
        g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
        g_clear_error (&error);
        g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
      }
  }
  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (wait_until_idle (window, 60));
  g_assert_nonnull (window->trajectory);

  for (guint i = 0; i < G_N_ELEMENTS (plots); i++)
    {
      g_autofree char *file = g_build_filename (dir, plots[i].name, NULL);
      g_autofree char *written = _sw_window_export_to_path (window, "plot", file, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (written, ==, file);
      assert_file_starts_with (file, plots[i].magic, plots[i].or_magic);
      g_assert_cmpint (g_unlink (file), ==, 0);
    }
  /* Without an extension: a PNG, named so. */
  {
    g_autofree char *file = g_build_filename (dir, "plot", NULL);
    g_autofree char *png = g_build_filename (dir, "plot.png", NULL);
    g_autofree char *written = _sw_window_export_to_path (window, "plot", file, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (written, ==, png);
    assert_file_starts_with (png, "\x89PNG\r\n\x1a\n", NULL);
    g_assert_cmpint (g_unlink (png), ==, 0);
  }

  /* The plotted variables: time, then the plotted names in their order. */
  plotted = sw_window_dup_plotted (window);
  g_assert_cmpuint (g_strv_length (plotted), ==, 4);
  {
    g_autofree char *file = g_build_filename (dir, "plotted.csv", NULL);
    g_autofree char *written = _sw_window_export_to_path (window, "plotted", file, &error);
    g_auto(GStrv) header = NULL;
    guint n_rows = 0;
    double last = 0;

    g_assert_no_error (error);
    g_assert_cmpstr (written, ==, file);
    header = read_csv (file, &n_rows, &last);
    g_assert_cmpuint (g_strv_length (header), ==, 1 + g_strv_length (plotted));
    g_assert_cmpstr (header[0], ==, "time");
    for (guint i = 0; plotted[i] != NULL; i++)
      g_assert_cmpstr (header[i + 1], ==, plotted[i]);
    g_assert_cmpuint (n_rows, ==, 4001);
    g_assert_cmpfloat_with_epsilon (last, 2.0, 1e-9);
    g_assert_cmpint (g_unlink (file), ==, 0);
  }
  /* All variables: time, then every variable of the run. */
  {
    g_autofree char *file = g_build_filename (dir, "all.csv", NULL);
    g_autofree char *written = _sw_window_export_to_path (window, "all", file, &error);
    g_auto(GStrv) header = NULL;
    guint n_rows = 0, n_columns = sw_trajectory_get_n_columns (window->trajectory);
    double last = 0;

    g_assert_no_error (error);
    header = read_csv (file, &n_rows, &last);
    g_assert_cmpuint (n_columns, >, g_strv_length (plotted));
    g_assert_cmpuint (g_strv_length (header), ==, 1 + n_columns);
    g_assert_cmpstr (header[0], ==, "time");
    for (guint c = 0; c < n_columns; c++)
      g_assert_cmpstr (header[c + 1], ==, sw_trajectory_get_column_name (window->trajectory, c));
    for (guint i = 0; plotted[i] != NULL; i++)
      g_assert_true (strv_has (header, plotted[i]));
    g_assert_true (strv_has (header, "shaft.tau"));
    g_assert_cmpuint (n_rows, ==, 4001);
    g_assert_cmpfloat_with_epsilon (last, 2.0, 1e-9);
    g_assert_cmpint (g_unlink (file), ==, 0);
  }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  window_destroy_and_check (window);
}

static void
test_screenshots (void)
{
  const char *dir = g_getenv ("SW_SCREENSHOTS");
  static const char *const examples[] = { "first", "fourbody", "elastic-bearing", "rolling-wheel", "friction",
                                          "backlash", "translational-friction", "elasto-gap",
                                          "preload", "lossy-gear", "lossy-gear-2", "fan-rundown",
                                          "stick-limit-stop", "stepped-spring", "vibrator", "engine-start",
                                          "gear-pair" };
  AdwStyleManager *style = adw_style_manager_get_default ();

  if (dir == NULL)
    {
      g_test_skip ("SW_SCREENSHOTS is not set");
      return;
    }
  g_mkdir_with_parents (dir, 0755);
  for (guint dark = 0; dark < 2; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                       : ADW_COLOR_SCHEME_FORCE_LIGHT);
      /* The empty window, wide and narrow. */
      {
        SwWindow *window = window_new ();
        g_autofree char *file = g_strdup_printf ("%s/window-empty-%s.png", dir, dark ? "dark" : "light");

        gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
        spin (0.5);
        save_window_png (window, file);
        if (!dark)
          {
            g_autoptr(GError) error = NULL;
            g_autofree char *narrow = g_strdup_printf ("%s/window-700-%s.png", dir, "light");

            g_assert_true (sw_window_load_example (window, "first", &error));
            gtk_window_set_default_size (GTK_WINDOW (window), 700, 700);
            g_assert_true (wait_for_runs (window, 0, 60));
            sw_canvas_select_component (SW_CANVAS (window->canvas), 1);
            spin (0.5);
            save_window_png (window, narrow);
          }
        window_destroy_and_check (window);
      }
      for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
        {
          SwWindow *window = window_new ();
          g_autoptr(GError) error = NULL;
          g_autofree char *file = g_strdup_printf ("%s/window-%s-%s.png", dir, examples[i],
                                                   dark ? "dark" : "light");

          gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
          g_assert_true (sw_window_load_example (window, examples[i], &error));
          g_assert_no_error (error);
          g_assert_true (wait_for_runs (window, 0, 60));
          g_assert_true (wait_until_idle (window, 60));
          spin (0.5);
          save_window_png (window, file);
          /* Every results page. */
          for (guint page = 0; page < 3; page++)
            {
              static const char *const pages[] = { "modes", "frf", "campbell" };
              g_autofree char *page_file = g_strdup_printf ("%s/window-%s-%s-%s.png", dir, examples[i],
                                                            pages[page], dark ? "dark" : "light");

              adw_view_stack_set_visible_child_name (window->results_stack, pages[page]);
              iterate ();
              if (page == 1)
                g_assert_true (wait_not_busy (G_OBJECT (window->frf_view), 60));
              else if (page == 2)
                g_assert_true (wait_not_busy (G_OBJECT (window->campbell_view), 120));
              spin (0.5);
              save_window_png (window, page_file);
            }
          window_destroy_and_check (window);
        }
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

static void
add_tests (void)
{
  g_test_add_func ("/app/window/export", test_export);
  g_test_add_func ("/app/window/screenshots", test_screenshots);
}

int
main (int   argc,
      char *argv[])
{
  return test_window_run (argc, argv, "test-window-results-export", add_tests);
}
