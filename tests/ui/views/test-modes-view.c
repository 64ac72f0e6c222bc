/* test-modes-view.c: the modes view and a mode on the canvas.
 *
 * The modes of data/examples/fourbody.shaft (and of small models written
 * here): the drivetrain order and the colour scale; the view's properties
 * and their notifications; the table against sw_modes and against
 * `shaftwork-cli modal`; the charts' values against sw_modes's
 * percentages; Ctrl+C as tab-separated text; rigid-body and overdamped
 * modes (a section cut short in a narrow table: its tooltip whole); the
 * canvas's colours against the scale, its legend and outline, the
 * animation's tick callback, and a canvas unchanged after clearing.
 *
 * Needs a display (xvfb-run); GSK_RENDERER=cairo. SW_SCREENSHOTS=DIR keeps
 * pictures of the view and of a coloured canvas, light and dark.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <gtk/gtk.h>

#include "sw-canvas.h"
#include "sw-canvas-private.h"
#include "sw-mode-row.h"
#include "sw-model.h"
#include "sw-modes-data.h"
#include "sw-modes-view.h"
#include "sw-modes-view-private.h"
#include "sw-system.h"
#include "sw-ui-test.h"

/* fourbody's components in another order, and turned round: the walk
 * along the connections still gives the drivetrain order. */
static const char shuffled_text[] =
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"shuffled\",\n"
  " \"components\": [\n"
  "  {\"id\": \"hub2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.05}},\n"
  "  {\"id\": \"torque\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 1}},\n"
  "  {\"id\": \"shaft\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 5e4}},\n"
  "  {\"id\": \"load\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2}},\n"
  "  {\"id\": \"coupling\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 2e3}},\n"
  "  {\"id\": \"rotor\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5}},\n"
  "  {\"id\": \"load_shaft\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 1e5}},\n"
  "  {\"id\": \"hub1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.05}}\n"
  " ],\n"
  " \"connections\": [\n"
  "  {\"from\": \"torque.flange\", \"to\": \"rotor.flange_a\"},\n"
  "  {\"from\": \"rotor.flange_b\", \"to\": \"shaft.flange_a\"},\n"
  "  {\"from\": \"shaft.flange_b\", \"to\": \"hub1.flange_a\"},\n"
  "  {\"from\": \"hub1.flange_b\", \"to\": \"coupling.flange_a\"},\n"
  "  {\"from\": \"coupling.flange_b\", \"to\": \"hub2.flange_a\"},\n"
  "  {\"from\": \"hub2.flange_b\", \"to\": \"load_shaft.flange_a\"},\n"
  "  {\"from\": \"load_shaft.flange_b\", \"to\": \"load.flange_a\"}\n"
  " ]}\n";

/* An inertia on a soft spring and a strong damper to the ground: one
 * overdamped mode (zeta = d / (2 sqrt (c J)) = 25); and a free inertia with
 * a damper to the ground: a rigid-body mode that the damper stops. */
static const char overdamped_text[] =
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"overdamped\",\n"
  " \"components\": [\n"
  "  {\"id\": \"ground\", \"kind\": \"rotational.fixed\", \"position\": [40, 80]},\n"
  "  {\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 1}, \"position\": [160, 80]},\n"
  "  {\"id\": \"disc\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}, \"position\": [280, 80]},\n"
  "  {\"id\": \"damper\", \"kind\": \"rotational.damper\", \"params\": {\"d\": 50}, \"position\": [400, 80]},\n"
  "  {\"id\": \"ground2\", \"kind\": \"rotational.fixed\", \"position\": [520, 80]}\n"
  " ],\n"
  " \"connections\": [\n"
  "  {\"from\": \"ground.flange\", \"to\": \"spring.flange_a\"},\n"
  "  {\"from\": \"spring.flange_b\", \"to\": \"disc.flange_a\"},\n"
  "  {\"from\": \"disc.flange_b\", \"to\": \"damper.flange_a\"},\n"
  "  {\"from\": \"damper.flange_b\", \"to\": \"ground2.flange\"}\n"
  " ]}\n";

static SwModel *
load_fourbody (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = sw_ui_test_example_path ("fourbody.shaft");
  SwModel *model = sw_model_new_from_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

static SwModes *
modes_of (SwModel *model,
          double   t)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SwSystem) system = sw_model_assemble (model, &error);
  SwModes *modes;

  g_assert_no_error (error);
  g_assert_nonnull (system);
  modes = sw_modes_compute (system, t, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (modes);
  return modes;
}

static SwModes *
modes_of_text (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SwModel) model = sw_model_new_from_data (text, -1, "test.shaft", &error);

  g_assert_no_error (error);
  return modes_of (model, 0);
}

static void
count_cb (gpointer  object,
          gpointer  pspec,
          guint    *counter)
{
  (*counter)++;
}

static void
mode_selected_cb (SwModesView *view,
                  guint        index,
                  guint       *last)
{
  *last = index;
}

static gboolean
same_pixels (cairo_surface_t *a,
             cairo_surface_t *b)
{
  int h = cairo_image_surface_get_height (a), stride = cairo_image_surface_get_stride (a);

  return cairo_image_surface_get_width (a) == cairo_image_surface_get_width (b) &&
         h == cairo_image_surface_get_height (b) && stride == cairo_image_surface_get_stride (b) &&
         memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b), (gsize) h * stride) == 0;
}

static int
body_named (SwModes    *modes,
            const char *id)
{
  for (guint b = 0; b < sw_modes_get_n_bodies (modes); b++)
    if (g_strcmp0 (sw_modes_get_body_part (modes, b)->id, id) == 0)
      return b;
  return -1;
}

static int
section_named (SwModes    *modes,
               const char *id)
{
  for (guint s = 0; s < sw_modes_get_n_sections (modes); s++)
    if (g_strcmp0 (sw_modes_get_section_part (modes, s)->id, id) == 0)
      return s;
  return -1;
}

static char *
row_string (SwModesView *view,
            guint        position,
            const char  *property)
{
  g_autoptr(SwModeRow) row = g_list_model_get_item (G_LIST_MODEL (_sw_modes_view_get_selection (view)), position);
  char *value = NULL;

  g_assert_nonnull (row);
  g_object_get (row, property, &value, NULL);
  return value;
}

/* ---- Pure parts --------------------------------------------------------- */

/* The bodies and sections follow the chain, from rotor when forward is
 * TRUE, from load otherwise. */
static void
check_order (SwModes  *modes,
             gboolean  forward)
{
  static const char *bodies[] = { "rotor", "hub1", "hub2", "load" };
  static const char *sections[] = { "shaft", "coupling", "load_shaft" };
  guint body_order[4], section_order[3];

  g_assert_cmpuint (sw_modes_get_n_bodies (modes), ==, 4);
  g_assert_cmpuint (sw_modes_get_n_sections (modes), ==, 3);
  sw_modes_get_drivetrain_order (modes, body_order, section_order);
  for (guint k = 0; k < 4; k++)
    g_assert_cmpstr (sw_modes_get_body_part (modes, body_order[k])->id, ==, bodies[forward ? k : 3 - k]);
  for (guint k = 0; k < 3; k++)
    g_assert_cmpstr (sw_modes_get_section_part (modes, section_order[k])->id, ==, sections[forward ? k : 2 - k]);
}

static void
test_order (void)
{
  g_autoptr(SwModel) model = load_fourbody ();
  g_autoptr(SwModes) modes = modes_of (model, 0);
  g_autoptr(SwModes) shuffled = modes_of_text (shuffled_text);
  double body_shape[4], section_shape[3];

  check_order (modes, TRUE);
  /* The file order of the shuffled model is not the drivetrain's; the walk
   * starts from the end that comes first in the file (load). */
  check_order (shuffled, FALSE);

  /* A section swings with the mean of the bodies at its ends. */
  sw_modes_get_mode_values (modes, 1, body_shape, NULL, NULL, NULL, NULL, NULL);
  sw_modes_get_section_shapes (modes, body_shape, section_shape);
  g_assert_cmpfloat_with_epsilon (section_shape[section_named (modes, "coupling")],
                                  (body_shape[body_named (modes, "hub1")] + body_shape[body_named (modes, "hub2")]) / 2,
                                  1e-15);
}

static void
test_scale (void)
{
  double low[3], high[3], nan_rgb[3], previous = -1;

  sw_modes_scale_colour (0, low);
  sw_modes_scale_colour (1, high);
  sw_modes_scale_colour (NAN, nan_rgb);
  /* Viridis's ends: dark purple, yellow. */
  g_assert_cmpfloat_with_epsilon (low[0], 0x44 / 255.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (low[2], 0x54 / 255.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (high[0], 0xfd / 255.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (high[1], 0xe7 / 255.0, 1e-12);
  g_assert_cmpmem (nan_rgb, sizeof nan_rgb, low, sizeof low);
  /* Lightness grows along the scale (it reads in grey too). */
  for (guint k = 0; k <= 100; k++)
    {
      double rgb[3], luma;

      sw_modes_scale_colour (k / 100.0, rgb);
      luma = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
      g_assert_cmpfloat (luma, >, previous);
      previous = luma;
    }
  sw_modes_scale_colour (2, low);
  g_assert_cmpmem (low, sizeof low, high, sizeof high);
}

/* ---- The view ------------------------------------------------------------ */

static void
test_properties (void)
{
  g_autoptr(SwModel) model = load_fourbody ();
  g_autoptr(SwModes) modes = modes_of (model, 0);
  g_autoptr(SwModes) later = modes_of (model, 0.25);
  SwModesView *view = g_object_ref_sink (SW_MODES_VIEW (sw_modes_view_new ()));
  guint selected_notes = 0, animate_notes = 0, canvas_notes = 0, last = 12345;
  SwCanvas *canvas = g_object_ref_sink (SW_CANVAS (sw_canvas_new ()));
  guint value;

  g_signal_connect (view, "notify::selected-mode", G_CALLBACK (count_cb), &selected_notes);
  g_signal_connect (view, "notify::animate", G_CALLBACK (count_cb), &animate_notes);
  g_signal_connect (view, "notify::canvas", G_CALLBACK (count_cb), &canvas_notes);
  g_signal_connect (view, "mode-selected", G_CALLBACK (mode_selected_cb), &last);

  /* Empty: a hint, nothing selected. */
  g_assert_null (sw_modes_view_get_modes (view));
  g_assert_cmpuint (sw_modes_view_get_selected_mode (view), ==, G_MAXUINT);
  g_assert_cmpstr (_sw_modes_view_get_page (view), ==, "empty");
  g_assert_null (sw_modes_view_dup_selection_text (view));

  /* Modes: the first elastic mode is selected (mode 1 is rigid). */
  sw_modes_view_set_modes (view, modes);
  g_assert_true (sw_modes_view_get_modes (view) == modes);
  g_assert_cmpstr (_sw_modes_view_get_page (view), ==, "modes");
  g_assert_true (sw_modes_get_mode (modes, 0)->rigid_body);
  g_assert_cmpuint (sw_modes_view_get_selected_mode (view), ==, 1);
  g_assert_cmpuint (selected_notes, ==, 1);
  g_assert_cmpuint (last, ==, 1);
  g_assert_nonnull (strstr (_sw_modes_view_get_time_text (view), "t = 0 s"));
  sw_modes_view_set_modes (view, modes);
  g_assert_cmpuint (selected_notes, ==, 1);

  /* Set and get; no notification for an equal value. */
  sw_modes_view_set_selected_mode (view, 3);
  g_assert_cmpuint (sw_modes_view_get_selected_mode (view), ==, 3);
  g_assert_cmpuint (selected_notes, ==, 2);
  g_assert_cmpuint (last, ==, 3);
  sw_modes_view_set_selected_mode (view, 3);
  g_assert_cmpuint (selected_notes, ==, 2);
  g_object_set (view, "selected-mode", 2u, NULL);
  g_object_get (view, "selected-mode", &value, NULL);
  g_assert_cmpuint (value, ==, 2);
  g_assert_cmpuint (selected_notes, ==, 3);
  g_assert_true (gtk_selection_model_is_selected (_sw_modes_view_get_selection (view), 2));
  g_assert_false (gtk_selection_model_is_selected (_sw_modes_view_get_selection (view), 3));

  /* Past the last mode: none. */
  sw_modes_view_set_selected_mode (view, 99);
  g_assert_cmpuint (sw_modes_view_get_selected_mode (view), ==, G_MAXUINT);
  g_assert_cmpuint (last, ==, G_MAXUINT);
  g_assert_cmpuint (selected_notes, ==, 4);
  g_assert_null (sw_modes_view_dup_selection_text (view));
  g_assert_cmpuint (sw_modes_plot_get_n_values (_sw_modes_view_get_plot (view, SW_MODES_VIEW_PLOT_SHAPE)), ==, 0);

  /* Selecting a row selects the mode. */
  gtk_selection_model_select_item (_sw_modes_view_get_selection (view), 2, TRUE);
  g_assert_cmpuint (sw_modes_view_get_selected_mode (view), ==, 2);
  g_assert_cmpuint (selected_notes, ==, 5);

  /* Other modes of the same model (a new operating point) keep the mode. */
  sw_modes_view_set_modes (view, later);
  g_assert_cmpuint (sw_modes_view_get_selected_mode (view), ==, 2);
  g_assert_cmpuint (selected_notes, ==, 5);
  g_assert_nonnull (strstr (_sw_modes_view_get_time_text (view), "t = 0.25 s"));

  /* animate and canvas. */
  g_assert_false (sw_modes_view_get_animate (view));
  sw_modes_view_set_animate (view, TRUE);
  sw_modes_view_set_animate (view, TRUE);
  g_assert_true (sw_modes_view_get_animate (view));
  g_assert_cmpuint (animate_notes, ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "modes.animate", NULL));
  g_assert_false (sw_modes_view_get_animate (view));
  g_assert_cmpuint (animate_notes, ==, 2);
  g_object_set (view, "canvas", canvas, NULL);
  sw_modes_view_set_canvas (view, canvas);
  g_assert_true (sw_modes_view_get_canvas (view) == canvas);
  g_assert_cmpuint (canvas_notes, ==, 1);
  /* Not mapped: the canvas is not coloured. */
  g_assert_cmpuint (sw_canvas_get_mode_index (canvas), ==, G_MAXUINT);

  /* No modes: the hint again. */
  sw_modes_view_set_modes (view, NULL);
  g_assert_cmpstr (_sw_modes_view_get_page (view), ==, "empty");
  g_assert_cmpuint (sw_modes_view_get_selected_mode (view), ==, G_MAXUINT);
  g_assert_cmpuint (selected_notes, ==, 6);

  g_assert_finalize_object (view);
  g_assert_finalize_object (canvas);
}

/* The table's numbers are those of sw_modes, as the CLI prints them. */
static void
test_table (void)
{
  g_autoptr(SwModel) model = load_fourbody ();
  g_autoptr(SwModes) modes = modes_of (model, 0);
  SwModesView *view = g_object_ref_sink (SW_MODES_VIEW (sw_modes_view_new ()));
  GListModel *rows;
  guint n = sw_modes_get_n_modes (modes);
  const char *builddir = g_getenv ("G_TEST_BUILDDIR");
  g_autofree char *cli = NULL, *path = sw_ui_test_example_path ("fourbody.shaft");

  sw_modes_view_set_modes (view, modes);
  rows = G_LIST_MODEL (_sw_modes_view_get_selection (view));
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, n);
  g_assert_cmpuint (gtk_column_view_get_columns (_sw_modes_view_get_table (view)) != NULL, ==, TRUE);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_column_view_get_columns (_sw_modes_view_get_table (view))), ==, 6);
  /* The frequency in Hz and in rpm, side by side. */
  {
    GListModel *columns = gtk_column_view_get_columns (_sw_modes_view_get_table (view));
    g_autoptr(GtkColumnViewColumn) hz = g_list_model_get_item (columns, 1);
    g_autoptr(GtkColumnViewColumn) rpm = g_list_model_get_item (columns, 2);

    g_assert_cmpstr (gtk_column_view_column_get_title (hz), ==, "Frequency [Hz]");
    g_assert_cmpstr (gtk_column_view_column_get_title (rpm), ==, "Frequency [rpm]");
  }

  for (guint i = 0; i < n; i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);
      g_autofree char *number = row_string (view, i, "number");
      g_autofree char *frequency = row_string (view, i, "frequency");
      g_autofree char *rpm = row_string (view, i, "rpm");
      g_autofree char *damping = row_string (view, i, "damping");
      g_autofree char *section = row_string (view, i, "section");
      g_autofree char *expect_f = g_strdup_printf ("%.6g", m->frequency_hz);
      g_autofree char *expect_rpm = g_strdup_printf ("%.6g", 60 * m->frequency_hz);

      g_assert_cmpuint (atoi (number), ==, i + 1);
      g_assert_cmpstr (frequency, ==, expect_f);
      g_assert_cmpstr (rpm, ==, expect_rpm);
      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (rpm, NULL) / 60, m->frequency_hz, 1e-5 * m->frequency_hz + 1e-9);
      if (m->rigid_body)
        {
          g_assert_cmpstr (section, ==, "rigid-body mode");
          g_assert_cmpstr (damping, ==, "—");
        }
      else
        {
          const char *id = sw_modes_get_section_part (modes, m->most_excitable_section)->id;

          g_assert_true (g_str_has_prefix (section, id));
          g_assert_nonnull (strstr (section, "%)"));
          /* Undamped: a damping ratio of 0. */
          g_assert_cmpstr (damping, ==, "0");
        }
    }

  /* The same numbers as `shaftwork-cli modal` prints. */
  if (builddir != NULL)
    cli = g_build_filename (builddir, "..", "..", "app", "shaftwork-cli", NULL);
  if (cli != NULL && g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
    {
      const char *argv[] = { cli, "modal", path, NULL };
      g_autofree char *out = NULL;
      g_autoptr(GError) error = NULL;
      g_auto(GStrv) lines = NULL;
      g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "LC_ALL", "C", TRUE);
      int status = -1;
      guint found = 0;

      g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error);
      g_assert_no_error (error);
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      lines = g_strsplit (out, "\n", -1);
      for (guint k = 0; lines[k] != NULL && found < n; k++)
        {
          g_auto(GStrv) words = g_strsplit_set (g_strstrip (lines[k]), " ", -1);
          g_autoptr(GPtrArray) cells = g_ptr_array_new ();
          g_autofree char *frequency = NULL, *expect = NULL;

          for (guint w = 0; words[w] != NULL; w++)
            if (*words[w] != '\0')
              g_ptr_array_add (cells, words[w]);
          expect = g_strdup_printf ("%u", found + 1);
          if (cells->len < 2 || g_strcmp0 (g_ptr_array_index (cells, 0), expect) != 0)
            continue;
          frequency = row_string (view, found, "frequency");
          g_assert_cmpstr (g_ptr_array_index (cells, 1), ==, frequency);
          found++;
        }
      g_assert_cmpuint (found, ==, n);
    }
  else
    g_test_message ("no shaftwork-cli beside the tests: compared with sw_modes alone");

  g_assert_finalize_object (view);
}

/* The charts hold sw_modes's shapes and percentages in drivetrain order. */
static void
test_charts (void)
{
  g_autoptr(SwModel) model = load_fourbody ();
  g_autoptr(SwModes) modes = modes_of (model, 0);
  SwModesView *view = g_object_ref_sink (SW_MODES_VIEW (sw_modes_view_new ()));
  SwModesPlot *shape_plot, *kinetic_plot, *potential_plot;

  sw_modes_view_set_modes (view, modes);
  shape_plot = _sw_modes_view_get_plot (view, SW_MODES_VIEW_PLOT_SHAPE);
  kinetic_plot = _sw_modes_view_get_plot (view, SW_MODES_VIEW_PLOT_KINETIC);
  potential_plot = _sw_modes_view_get_plot (view, SW_MODES_VIEW_PLOT_POTENTIAL);
  g_assert_cmpint (sw_modes_plot_get_kind (shape_plot), ==, SW_MODES_CHART_SHAPE);
  g_assert_cmpint (sw_modes_plot_get_kind (kinetic_plot), ==, SW_MODES_CHART_BARS);

  for (guint i = 0; i < sw_modes_get_n_modes (modes); i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);
      double shape[4], kinetic[4], potential[3], sum = 0;

      gtk_selection_model_select_item (_sw_modes_view_get_selection (view), i, TRUE);
      g_assert_cmpuint (sw_modes_view_get_selected_mode (view), ==, i);
      sw_modes_get_mode_values (modes, i, shape, NULL, NULL, kinetic, NULL, potential);

      g_assert_cmpuint (sw_modes_plot_get_n_values (shape_plot), ==, 4);
      g_assert_cmpuint (sw_modes_plot_get_n_values (kinetic_plot), ==, 4);
      g_assert_cmpstr (sw_modes_plot_get_label (kinetic_plot, 0), ==, "rotor");
      g_assert_cmpstr (sw_modes_plot_get_label (kinetic_plot, 3), ==, "load");
      for (guint k = 0; k < 4; k++)
        {
          int b = body_named (modes, sw_modes_plot_get_label (kinetic_plot, k));

          g_assert_cmpint (b, >=, 0);
          g_assert_cmpstr (sw_modes_plot_get_label (shape_plot, k), ==, sw_modes_plot_get_label (kinetic_plot, k));
          g_assert_cmpfloat (sw_modes_plot_get_value (kinetic_plot, k), ==, kinetic[b]);
          g_assert_cmpfloat (sw_modes_plot_get_value (shape_plot, k), ==, shape[b]);
          sum += kinetic[b];
        }
      g_assert_cmpfloat_with_epsilon (sum, 100, 1e-9);
      /* The same values SwMode keeps. */
      g_assert_cmpfloat (kinetic[0], ==, m->kinetic_energy_percent[0]);

      if (m->rigid_body)
        {
          g_assert_cmpuint (sw_modes_plot_get_n_values (potential_plot), ==, 0);
          continue;
        }
      g_assert_cmpuint (sw_modes_plot_get_n_values (potential_plot), ==, 3);
      g_assert_cmpstr (sw_modes_plot_get_label (potential_plot, 0), ==, "shaft");
      for (guint k = 0; k < 3; k++)
        {
          int s = section_named (modes, sw_modes_plot_get_label (potential_plot, k));

          g_assert_cmpint (s, >=, 0);
          g_assert_cmpfloat (sw_modes_plot_get_value (potential_plot, k), ==, potential[s]);
          if (s == m->most_excitable_section)
            g_assert_cmpint (sw_modes_plot_get_highlight (potential_plot), ==, (int) k);
        }
    }
  g_assert_finalize_object (view);
}

static void
clipboard_text_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  char **text = data;
  g_autoptr(GError) error = NULL;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  g_assert_no_error (error);
}

static void
test_copy (void)
{
  g_autoptr(SwModel) model = load_fourbody ();
  g_autoptr(SwModes) modes = modes_of (model, 0);
  SwModesView *view = g_object_ref_sink (SW_MODES_VIEW (sw_modes_view_new ()));
  GtkSelectionModel *selection;
  g_autofree char *text = NULL, *pasted = NULL;
  g_auto(GStrv) lines = NULL;

  sw_modes_view_set_modes (view, modes);
  selection = _sw_modes_view_get_selection (view);
  gtk_selection_model_select_item (selection, 0, TRUE);
  gtk_selection_model_select_item (selection, 2, FALSE);
  /* The first selected row is the mode shown. */
  g_assert_cmpuint (sw_modes_view_get_selected_mode (view), ==, 0);

  text = sw_modes_view_dup_selection_text (view);
  g_assert_nonnull (text);
  g_assert_true (g_str_has_suffix (text, "\n"));
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 3);
  g_assert_cmpstr (lines[2], ==, "");
  for (guint k = 0; k < 2; k++)
    {
      guint i = k == 0 ? 0 : 2;
      const SwMode *m = sw_modes_get_mode (modes, i);
      g_auto(GStrv) cells = g_strsplit (lines[k], "\t", -1);
      g_autofree char *f = g_strdup_printf ("%.6g", m->frequency_hz);

      g_assert_cmpuint (g_strv_length (cells), ==, 6);
      g_assert_cmpuint (atoi (cells[0]), ==, i + 1);
      g_assert_cmpstr (cells[1], ==, f);
      if (m->rigid_body)
        {
          /* What does not apply is empty, not a dash. */
          g_assert_cmpstr (cells[3], ==, "");
          g_assert_cmpstr (cells[5], ==, "rigid-body mode");
        }
      else
        g_assert_true (g_str_has_prefix (cells[5], sw_modes_get_section_part (modes, m->most_excitable_section)->id));
    }

  /* Every mode's rpm cell is 60 × its Hz cell. */
  gtk_selection_model_select_all (selection);
  {
    g_autofree char *all = sw_modes_view_dup_selection_text (view);
    g_auto(GStrv) all_lines = g_strsplit (all, "\n", -1);

    g_assert_cmpuint (g_strv_length (all_lines), ==, sw_modes_get_n_modes (modes) + 1);
    for (guint i = 0; i < sw_modes_get_n_modes (modes); i++)
      {
        const SwMode *m = sw_modes_get_mode (modes, i);
        g_auto(GStrv) cells = g_strsplit (all_lines[i], "\t", -1);
        g_autofree char *rpm = g_strdup_printf ("%.6g", 60 * m->frequency_hz);

        g_assert_cmpuint (g_strv_length (cells), ==, 6);
        g_assert_cmpstr (cells[2], ==, rpm);
        g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[2], NULL), 60 * g_ascii_strtod (cells[1], NULL),
                                        1e-5 * 60 * m->frequency_hz + 1e-9);
      }
  }
  gtk_selection_model_unselect_all (selection);
  gtk_selection_model_select_item (selection, 0, TRUE);
  gtk_selection_model_select_item (selection, 2, FALSE);

  /* Ctrl+C puts it on the clipboard. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "modes.copy", NULL));
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (view)), NULL, clipboard_text_cb, &pasted);
  while (pasted == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (pasted, ==, text);

  g_assert_finalize_object (view);
}

static void
test_overdamped (void)
{
  g_autoptr(SwModes) modes = modes_of_text (overdamped_text);
  SwModesView *view = g_object_ref_sink (SW_MODES_VIEW (sw_modes_view_new ()));
  gboolean found = FALSE;

  sw_modes_view_set_modes (view, modes);
  for (guint i = 0; i < sw_modes_get_n_modes (modes); i++)
    {
      const SwMode *m = sw_modes_get_mode (modes, i);
      g_autoptr(SwModeRow) row = g_list_model_get_item (G_LIST_MODEL (_sw_modes_view_get_selection (view)), i);
      g_autofree char *section = NULL, *damped = NULL, *damping = NULL;
      gboolean overdamped = FALSE;

      g_object_get (row, "section", &section, "damped-frequency", &damped, "damping", &damping,
                    "overdamped", &overdamped, NULL);
      g_assert_cmpint (overdamped, ==, m->overdamped);
      if (m->overdamped)
        {
          g_autofree char *expect = g_strdup_printf ("overdamped: decays at %.4g 1/s", m->decay_rate_per_s);

          g_assert_cmpstr (section, ==, expect);
          g_assert_cmpstr (damped, ==, "—");
          g_assert_cmpstr (damping, ==, "—");
          /* zeta = 25: the slower real root, c / d = 0.02 1/s nearly. */
          g_assert_cmpfloat_with_epsilon (m->decay_rate_per_s, 0.02, 1e-4);
          found = TRUE;
        }
    }
  g_assert_true (found);

  /* Shown in a narrow table, the section's text is cut short: its
   * tooltip has it whole. */
  {
    GtkWidget *window = gtk_window_new ();
    GtkLabel *label = NULL;

    gtk_window_set_default_size (GTK_WINDOW (window), 420, 500);
    gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
    gtk_window_present (GTK_WINDOW (window));
    for (guint k = 0; k < 50 && label == NULL; k++)
      {
        sw_ui_test_iterate (100);
        label = sw_ui_test_find_label (GTK_WIDGET (view), "overdamped:");
      }
    g_assert_nonnull (label);
    g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (label)), ==, gtk_label_get_label (label));
    gtk_window_set_child (GTK_WINDOW (window), NULL);
    gtk_window_destroy (GTK_WINDOW (window));
    sw_ui_test_iterate (50);
  }
  g_assert_finalize_object (view);
}

/* Positive speed feedback on a spring and a disc: J s^2 - 3 s + c = 0
 * grows as exp (1.5 t) while it oscillates (issue 21, item 11: the window
 * says so as the CLI does, not "rigid-body mode" or 0 Hz). */
static const char unstable_text[] =
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
  "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"},"
  "{\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 100}},"
  "{\"id\": \"disc\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 1}},"
  "{\"id\": \"spd\", \"kind\": \"rotational.speed_sensor\"},"
  "{\"id\": \"push\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": "
  "{\"product\": [3, {\"sensor\": {\"of\": \"spd.w\"}}]}}}],"
  "\"connections\": [{\"from\": \"ground.flange\", \"to\": \"spring.flange_a\"},"
  "{\"from\": \"spring.flange_b\", \"to\": \"disc.flange_a\"},"
  "{\"from\": \"spd.flange\", \"to\": \"disc.flange_b\"},"
  "{\"from\": \"push.flange\", \"to\": \"disc.flange_b\"}]}";

static void
test_unstable (void)
{
  g_autoptr(SwModes) modes = modes_of_text (unstable_text);
  SwModesView *view = g_object_ref_sink (SW_MODES_VIEW (sw_modes_view_new ()));
  g_autoptr(SwModeRow) row = NULL;
  g_autofree char *section = NULL;

  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 1);
  g_assert_true (sw_modes_get_mode (modes, 0)->unstable);
  g_assert_cmpfloat_with_epsilon (sw_modes_get_mode (modes, 0)->growth_rate_per_s, 1.5, 1e-9);
  sw_modes_view_set_modes (view, modes);
  row = g_list_model_get_item (G_LIST_MODEL (_sw_modes_view_get_selection (view)), 0);
  g_object_get (row, "section", &section, NULL);
  g_assert_cmpstr (section, ==, "UNSTABLE: grows as exp(1.5 t), t in s");
  g_assert_finalize_object (view);
}

/* ---- The canvas -------------------------------------------------------------- */

static void
check_canvas_colours (SwCanvas *canvas,
                      SwModes  *modes,
                      guint     index)
{
  guint nb = sw_modes_get_n_bodies (modes), ns = sw_modes_get_n_sections (modes);
  g_autofree double *kinetic = g_new (double, nb);
  g_autofree double *potential = g_new (double, ns);
  double rgb[3], expect[3];

  sw_modes_get_mode_values (modes, index, NULL, NULL, NULL, kinetic, NULL, potential);
  for (guint b = 0; b < nb; b++)
    {
      const char *id = sw_modes_get_body_part (modes, b)->id;

      g_assert_true (_sw_canvas_get_mode_colour (canvas, id, TRUE, rgb));
      g_assert_false (_sw_canvas_get_mode_colour (canvas, id, FALSE, rgb));
      sw_modes_scale_colour (kinetic[b] / 100, expect);
      for (guint c = 0; c < 3; c++)
        g_assert_cmpfloat (rgb[c], ==, expect[c]);
    }
  for (guint s = 0; s < ns; s++)
    {
      const char *id = sw_modes_get_section_part (modes, s)->id;

      g_assert_true (_sw_canvas_get_mode_colour (canvas, id, FALSE, rgb));
      sw_modes_scale_colour (potential[s] / 100, expect);
      for (guint c = 0; c < 3; c++)
        g_assert_cmpfloat (rgb[c], ==, expect[c]);
    }
  /* Sources have no energy. */
  g_assert_false (_sw_canvas_get_mode_colour (canvas, "torque", TRUE, rgb));
  g_assert_false (_sw_canvas_get_mode_colour (canvas, "torque", FALSE, rgb));
}

static void
test_canvas (void)
{
  g_autoptr(SwModel) model = load_fourbody ();
  g_autoptr(SwModes) modes = modes_of (model, 0);
  GtkWidget *window = gtk_window_new ();
  SwCanvas *canvas = SW_CANVAS (sw_canvas_new ());
  cairo_surface_t *before, *coloured, *after;
  SwCanvasRect legend;
  double rgb[3], yellow[3];
  const SwMode *m = sw_modes_get_mode (modes, 2);

  sw_ui_test_set_dark (FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 360);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (canvas));
  sw_canvas_set_model (canvas, model);
  gtk_window_present (GTK_WINDOW (window));
  sw_ui_test_iterate (300);
  before = sw_ui_test_snapshot (GTK_WIDGET (canvas));
  g_assert_false (_sw_canvas_get_mode_legend (canvas, NULL));
  g_assert_cmpuint (sw_canvas_get_mode_index (canvas), ==, G_MAXUINT);

  sw_canvas_set_mode (canvas, modes, 2);
  g_assert_cmpuint (sw_canvas_get_mode_index (canvas), ==, 2);
  check_canvas_colours (canvas, modes, 2);
  g_assert_cmpstr (_sw_canvas_get_mode_outlined (canvas), ==,
                   sw_modes_get_section_part (modes, m->most_excitable_section)->id);
  sw_ui_test_iterate (100);
  coloured = sw_ui_test_snapshot (GTK_WIDGET (canvas));
  sw_ui_test_keep_widget (window, "SW_SCREENSHOTS", "canvas-light.png");
  g_assert_false (same_pixels (before, coloured));

  /* The legend: in the widget, its scale's top end yellow. */
  g_assert_true (_sw_canvas_get_mode_legend (canvas, &legend));
  g_assert_cmpfloat (legend.x, >=, 0);
  g_assert_cmpfloat (legend.y, >=, 0);
  g_assert_cmpfloat (legend.x + legend.width, <=, gtk_widget_get_width (GTK_WIDGET (canvas)));
  g_assert_cmpfloat (legend.y + legend.height, <=, gtk_widget_get_height (GTK_WIDGET (canvas)));
  {
    gboolean seen_yellow = FALSE;

    sw_modes_scale_colour (1, yellow);
    for (int y = legend.y; y < legend.y + legend.height && !seen_yellow; y++)
      for (int x = legend.x; x < legend.x + legend.width && !seen_yellow; x++)
        {
          sw_ui_test_pixel_at (coloured, x, y, rgb);
          seen_yellow = fabs (rgb[0] - yellow[0]) < 0.03 && fabs (rgb[1] - yellow[1]) < 0.03 &&
                        fabs (rgb[2] - yellow[2]) < 0.03;
        }
    g_assert_true (seen_yellow);
  }

  /* Another mode, a rigid-body one: no outline. */
  sw_canvas_set_mode (canvas, modes, 0);
  check_canvas_colours (canvas, modes, 0);
  g_assert_null (_sw_canvas_get_mode_outlined (canvas));
  sw_canvas_set_mode (canvas, modes, 2);

  /* Animation: a tick callback while animated, and the symbols move. */
  g_assert_cmpuint (_sw_canvas_get_mode_tick (canvas), ==, 0);
  sw_canvas_set_mode_animated (canvas, TRUE);
  g_assert_true (sw_canvas_get_mode_animated (canvas));
  g_assert_cmpuint (_sw_canvas_get_mode_tick (canvas), !=, 0);
  sw_ui_test_iterate (400);
  {
    cairo_surface_t *moving = sw_ui_test_snapshot (GTK_WIDGET (canvas));

    sw_ui_test_keep_widget (window, "SW_SCREENSHOTS", "canvas-animated.png");
    g_assert_false (same_pixels (moving, coloured));
    cairo_surface_destroy (moving);
  }
  sw_canvas_set_mode_animated (canvas, FALSE);
  g_assert_cmpuint (_sw_canvas_get_mode_tick (canvas), ==, 0);
  sw_ui_test_iterate (100);
  {
    cairo_surface_t *still = sw_ui_test_snapshot (GTK_WIDGET (canvas));

    g_assert_true (same_pixels (still, coloured));
    cairo_surface_destroy (still);
  }

  /* Dark. */
  sw_ui_test_set_dark (TRUE);
  sw_ui_test_iterate (200);
  sw_ui_test_keep_widget (window, "SW_SCREENSHOTS", "canvas-dark.png");
  sw_ui_test_set_dark (FALSE);
  sw_ui_test_iterate (200);

  /* Clearing stops the animation and leaves the canvas as it was. */
  sw_canvas_set_mode_animated (canvas, TRUE);
  sw_canvas_clear_mode (canvas);
  g_assert_cmpuint (_sw_canvas_get_mode_tick (canvas), ==, 0);
  g_assert_false (sw_canvas_get_mode_animated (canvas));
  g_assert_false (_sw_canvas_get_mode_colour (canvas, "rotor", TRUE, rgb));
  g_assert_false (_sw_canvas_get_mode_legend (canvas, NULL));
  sw_ui_test_iterate (50);
  after = sw_ui_test_snapshot (GTK_WIDGET (canvas));
  g_assert_true (same_pixels (before, after));

  cairo_surface_destroy (before);
  cairo_surface_destroy (coloured);
  cairo_surface_destroy (after);
  sw_ui_test_reset_style ();
  g_object_add_weak_pointer (G_OBJECT (canvas), (gpointer *) &canvas);
  gtk_window_destroy (GTK_WINDOW (window));
  sw_ui_test_iterate (50);
  g_assert_null (canvas);
}

/* The view in a window beside a canvas: it colours the canvas while
 * mapped; pictures of it. */
static void
test_window (void)
{
  g_autoptr(SwModel) model = load_fourbody ();
  g_autoptr(SwModes) modes = modes_of (model, 0);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  SwCanvas *canvas = SW_CANVAS (sw_canvas_new ());
  SwModesView *view = SW_MODES_VIEW (sw_modes_view_new ());

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 1000);
  gtk_paned_set_start_child (GTK_PANED (paned), GTK_WIDGET (canvas));
  gtk_paned_set_end_child (GTK_PANED (paned), GTK_WIDGET (view));
  gtk_paned_set_position (GTK_PANED (paned), 300);
  gtk_window_set_child (GTK_WINDOW (window), paned);
  sw_canvas_set_model (canvas, model);
  sw_modes_view_set_canvas (view, canvas);

  sw_ui_test_set_dark (FALSE);
  gtk_window_present (GTK_WINDOW (window));
  sw_ui_test_iterate (200);
  sw_ui_test_keep_widget (window, "SW_SCREENSHOTS", "window-empty.png");
  sw_modes_view_set_modes (view, modes);
  sw_ui_test_iterate (300);
  g_assert_cmpuint (sw_canvas_get_mode_index (canvas), ==, 1);
  sw_modes_view_set_selected_mode (view, 2);
  g_assert_cmpuint (sw_canvas_get_mode_index (canvas), ==, 2);
  sw_modes_view_set_animate (view, TRUE);
  g_assert_true (sw_canvas_get_mode_animated (canvas));
  sw_modes_view_set_animate (view, FALSE);
  g_assert_false (sw_canvas_get_mode_animated (canvas));
  sw_ui_test_iterate (200);
  sw_ui_test_keep_widget (window, "SW_SCREENSHOTS", "window-light.png");
  sw_ui_test_set_dark (TRUE);
  sw_ui_test_iterate (300);
  sw_ui_test_keep_widget (window, "SW_SCREENSHOTS", "window-dark.png");

  /* Hidden (another page): the canvas is plain again; shown: coloured. */
  gtk_widget_set_visible (GTK_WIDGET (view), FALSE);
  g_assert_cmpuint (sw_canvas_get_mode_index (canvas), ==, G_MAXUINT);
  gtk_widget_set_visible (GTK_WIDGET (view), TRUE);
  sw_ui_test_iterate (100);
  g_assert_cmpuint (sw_canvas_get_mode_index (canvas), ==, 2);

  sw_ui_test_reset_style ();
  g_object_add_weak_pointer (G_OBJECT (view), (gpointer *) &view);
  g_object_add_weak_pointer (G_OBJECT (canvas), (gpointer *) &canvas);
  gtk_window_destroy (GTK_WINDOW (window));
  sw_ui_test_iterate (50);
  g_assert_null (view);
  g_assert_null (canvas);
}

/* A long chain in reverse file order: the charts hold every body in
 * drivetrain order, names upright or thinned out where they crowd. */
static void
test_long_chain (void)
{
  const guint n = 40;
  GString *text = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"chain\",\n"
                                " \"components\": [\n");
  g_autoptr(SwModes) modes = NULL;
  GtkWidget *window = gtk_window_new ();
  SwModesView *view = SW_MODES_VIEW (sw_modes_view_new ());
  SwModesPlot *kinetic;
  g_autofree char *data = NULL;

  for (guint i = n; i-- > 0;)
    {
      g_string_append_printf (text, "  {\"id\": \"disc_%02u\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": %g}},\n",
                              i, 0.1 + 0.01 * i);
      if (i > 0)
        g_string_append_printf (text, "  {\"id\": \"shaft_%02u\", \"kind\": \"rotational.spring\", \"params\": {\"c\": %g}},\n",
                                i, 1e4 * (1 + i % 3));
    }
  g_string_truncate (text, text->len - 2);
  g_string_append (text, "\n ],\n \"connections\": [\n");
  for (guint i = 1; i < n; i++)
    g_string_append_printf (text, "  {\"from\": \"disc_%02u.flange_b\", \"to\": \"shaft_%02u.flange_a\"},\n"
                                  "  {\"from\": \"shaft_%02u.flange_b\", \"to\": \"disc_%02u.flange_a\"}%s\n",
                            i - 1, i, i, i, i + 1 < n ? "," : "");
  g_string_append (text, " ]}\n");
  data = g_string_free (text, FALSE);
  modes = modes_of_text (data);

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 800);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  sw_modes_view_set_modes (view, modes);
  gtk_window_present (GTK_WINDOW (window));
  sw_modes_view_set_selected_mode (view, 5);
  sw_ui_test_iterate (300);
  kinetic = _sw_modes_view_get_plot (view, SW_MODES_VIEW_PLOT_KINETIC);
  g_assert_cmpuint (sw_modes_plot_get_n_values (kinetic), ==, n);
  for (guint k = 0; k < n; k++)
    {
      g_autofree char *id = g_strdup_printf ("disc_%02u", k);

      /* disc_39 comes first in the file: the walk starts there. */
      g_assert_cmpstr (sw_modes_plot_get_label (kinetic, n - 1 - k), ==, id);
    }
  sw_ui_test_keep_widget (window, "SW_SCREENSHOTS", "view-long-chain.png");

  g_object_add_weak_pointer (G_OBJECT (view), (gpointer *) &view);
  gtk_window_destroy (GTK_WINDOW (window));
  sw_ui_test_iterate (50);
  g_assert_null (view);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/modes-view/order", test_order);
  g_test_add_func ("/ui/modes-view/scale", test_scale);

  if (!sw_ui_test_init ("/ui/modes-view/no-display"))
    return g_test_run ();

  g_test_add_func ("/ui/modes-view/properties", test_properties);
  g_test_add_func ("/ui/modes-view/table", test_table);
  g_test_add_func ("/ui/modes-view/charts", test_charts);
  g_test_add_func ("/ui/modes-view/copy", test_copy);
  g_test_add_func ("/ui/modes-view/overdamped", test_overdamped);
  g_test_add_func ("/ui/modes-view/unstable", test_unstable);
  g_test_add_func ("/ui/modes-view/canvas", test_canvas);
  g_test_add_func ("/ui/modes-view/window", test_window);
  g_test_add_func ("/ui/modes-view/long-chain", test_long_chain);
  return g_test_run ();
}
