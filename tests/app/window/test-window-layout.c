/* test-window-layout.c: the window from 360 px to 1600 px wide (issue 23, 9).
 *
 * GNOME's narrowest, 360 px, is the window's smallest width (with GNOME's
 * title bar buttons): the header's less needed buttons give way, the
 * palette and the inspector fold over the canvas and the pages scroll
 * sideways. At 1600 px nothing folds; at 800 px the plot is wider than
 * the variables column, which gives way; the inspector keeps its width
 * whatever it shows; the canvas fits again after a resize.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include <adwaita.h>

#include "sw-canvas.h"
#include "sw-campbell-view-private.h"
#include "sw-canvas-private.h"
#include "sw-forced-view-private.h"
#include "sw-frf.h"
#include "sw-frf-view-private.h"
#include "sw-modes-draw.h"
#include "sw-modes-view-private.h"
#include "sw-plot-view-private.h"
#include "sw-window.h"
#include "sw-window-private.h"
#include "test-window-common.h"

static int
min_width (GtkWidget *widget)
{
  int minimum = 0, natural = 0;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  return minimum;
}

static SwWindow *
window_sized (int width, int height)
{
  SwWindow *window = window_new ();

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-example", "s", "vehicle-launch"));
  g_assert_true (wait_for_runs (window, 0, 60));
  g_assert_true (wait_until_idle (window, 60));
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  spin (0.5);
  return window;
}

static SwWindow *
window_at (int width)
{
  return window_sized (width, 900);
}

static void
test_narrowest (void)
{
  SwWindow *window;

  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", "appmenu:close", NULL);
  window = window_at (360);
  g_assert_cmpint (min_width (GTK_WIDGET (window)), <=, 360);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
  g_assert_true (adw_flap_get_folded (window->palette_flap));
  g_assert_true (adw_flap_get_folded (window->inspector_flap));
  /* Run is there, as an icon. */
  {
    g_autoptr(GPtrArray) found = g_ptr_array_new ();
    gboolean shown = FALSE;

    find_actionables (GTK_WIDGET (window), "win.run-simulation", found);
    for (guint i = 0; i < found->len; i++)
      {
        shown |= gtk_widget_get_mapped (g_ptr_array_index (found, i));
      }
    g_assert_true (shown);
  }
  window_destroy_and_check (window);
}

static void
test_wide (void)
{
  SwWindow *window = window_at (1600);
  int width;

  g_assert_false (adw_flap_get_folded (window->palette_flap));
  g_assert_false (adw_flap_get_folded (window->inspector_flap));
  g_assert_true (adw_flap_get_reveal_flap (window->inspector_flap));

  /* The inspector keeps its width, whatever it shows. */
  width = gtk_widget_get_width (GTK_WIDGET (window->inspector_scroller));
  g_assert_cmpint (width, >, 0);
  sw_canvas_select_component (window->canvas, sw_model_find_component (sw_window_get_model (window), "engine"));
  spin (0.3);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window->inspector_scroller)), ==, width);
  sw_canvas_select_component (window->canvas, sw_model_find_component (sw_window_get_model (window), "gearbox"));
  spin (0.3);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window->inspector_scroller)), ==, width);
  window_destroy_and_check (window);
}

static void
test_medium (void)
{
  SwWindow *window = window_at (800);
  int plot = 0, variables = 0;

  /* Up to 10 s for the panes to settle after the resize (a loaded machine
   * under ASan lays out in several frames). */
  for (guint k = 0; k < 100; k++)
    {
      plot = gtk_widget_get_width (GTK_WIDGET (window->plot_view));
      variables = gtk_widget_get_width (GTK_WIDGET (window->variables_list));
      if (plot > variables && variables <= 300 && plot >= 300)
        break;
      spin (0.1);
    }

  /* The plot is the larger part; the variables column at most 300 px. */
  g_assert_cmpint (plot, >, variables);
  g_assert_cmpint (variables, <=, 300);
  g_assert_cmpint (plot, >=, 300);
  window_destroy_and_check (window);
}

/* Spins until widget is mapped (TRUE) or 10 s pass: under ASan on a
 * loaded machine a flap's reveal takes more than half a second. */
static gboolean
wait_mapped (GtkWidget *widget)
{
  for (guint k = 0; k < 100 && !gtk_widget_get_mapped (widget); k++)
    spin (0.1);
  return gtk_widget_get_mapped (widget);
}

/* At 360 px the results page fits the window: the variables fold over
 * the plot (the results bar's button shows them) and the plot's right edge
 * is inside the window, not beyond a sideways scroll. */
static void
test_results_fit (void)
{
  SwWindow *window;
  graphene_rect_t bounds = { 0 };
  int width = 0;

  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", "appmenu:close", NULL);
  window = window_sized (360, 800);
  for (guint k = 0; k < 100; k++)
    {
      width = gtk_widget_get_width (GTK_WIDGET (window));
      if (gtk_widget_compute_bounds (GTK_WIDGET (window->plot_view), GTK_WIDGET (window), &bounds) &&
          bounds.size.width > 0 && bounds.origin.x + bounds.size.width <= width)
        break;
      spin (0.1);
    }
  g_test_message ("360 px: the plot from %.0f to %.0f px, the window %d px", bounds.origin.x,
                  bounds.origin.x + bounds.size.width, width);
  g_assert_cmpint (width, <=, 360);
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.size.width, >=, 200);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, width);
  g_assert_true (adw_flap_get_folded (window->variables_flap));
  /* The variables are a button away. */
  adw_flap_set_reveal_flap (window->variables_flap, TRUE);
  g_assert_true (wait_mapped (GTK_WIDGET (window->variables_list)));
  window_destroy_and_check (window);

  /* At 800 px they are beside it. */
  window = window_sized (800, 800);
  for (guint k = 0; k < 100 && adw_flap_get_folded (window->variables_flap); k++)
    spin (0.1);
  g_assert_false (adw_flap_get_folded (window->variables_flap));
  g_assert_true (wait_mapped (GTK_WIDGET (window->variables_list)));
  window_destroy_and_check (window);
}

/* At 1280 × 800 the canvas gets a little less than half the height, not
 * what the tallest analysis page's minimum leaves it (a quarter). */
static void
test_canvas_share (void)
{
  SwWindow *window = window_sized (1280, 800);
  double share = 0;

  for (guint k = 0; k < 100; k++)
    {
      int paned = gtk_widget_get_height (GTK_WIDGET (window->results_paned));

      share = paned > 0 ? (double) gtk_paned_get_position (window->results_paned) / paned : 0;
      if (share >= 0.4)
        break;
      spin (0.1);
    }
  g_test_message ("1280 x 800: the canvas's pane %.0f %% of the height", 100 * share);
  g_assert_cmpfloat (share, >=, 0.4);
  g_assert_cmpfloat (share, <=, 0.5);

  /* A taller page takes what it needs; back on the plot, the canvas has
   * its share again. */
  adw_view_stack_set_visible_child_name (window->results_stack, "modes");
  spin (0.5);
  adw_view_stack_set_visible_child_name (window->results_stack, "trajectories");
  for (guint k = 0; k < 100; k++)
    {
      int paned = gtk_widget_get_height (GTK_WIDGET (window->results_paned));

      share = paned > 0 ? (double) gtk_paned_get_position (window->results_paned) / paned : 0;
      if (share >= 0.4)
        break;
      spin (0.1);
    }
  g_test_message ("back from the Modes page: %.0f %%", 100 * share);
  g_assert_cmpfloat (share, >=, 0.4);
  window_destroy_and_check (window);
}

static const char *const result_pages[] = { "trajectories", "modes", "frf", "campbell", "forced", "study" };

/* The minimum height of page i's view, for its width. */
static int
page_minimum (SwWindow *window,
              guint     i)
{
  GtkWidget *views[] = { GTK_WIDGET (window->variables_flap), GTK_WIDGET (window->modes_view),
                         GTK_WIDGET (window->frf_view), GTK_WIDGET (window->campbell_view),
                         GTK_WIDGET (window->forced_view), GTK_WIDGET (window->study_view) };
  int minimum = 0;

  gtk_widget_measure (views[i], GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (views[i]), &minimum, NULL, NULL, NULL);
  return minimum;
}

/* The divider's position once it has not moved for 0.5 s (at most 10 s). */
static int
settled_position (SwWindow *window)
{
  int position = gtk_paned_get_position (window->results_paned);

  for (guint k = 0, still = 0; k < 100 && still < 5; k++)
    {
      int now;

      spin (0.1);
      now = gtk_paned_get_position (window->results_paned);
      still = now == position ? still + 1 : 0;
      position = now;
    }
  return position;
}

/* At 1280 × 800 the results' tab bar stays where it is from page to page
 * (it moved with each page's minimum height: the next tab was no longer
 * under the mouse), and the canvas keeps its share on every page. */
static void
test_tabs_still (void)
{
  SwWindow *window = window_sized (1280, 800);
  int first = -1, paned;

  for (guint k = 0; k < 100 && gtk_paned_get_position (window->results_paned) <
       0.4 * gtk_widget_get_height (GTK_WIDGET (window->results_paned)); k++)
    spin (0.1);
  for (guint round = 0; round < 2; round++)
    for (guint i = 0; i < G_N_ELEMENTS (result_pages); i++)
      {
        int position;

        adw_view_stack_set_visible_child_name (window->results_stack, result_pages[i]);
        g_assert_true (wait_until_idle (window, 60));
        position = settled_position (window);
        paned = gtk_widget_get_height (GTK_WIDGET (window->results_paned));
        g_test_message ("%s: the divider at %d px of %d, the results %d px, the view's minimum %d px",
                        result_pages[i], position, paned, gtk_widget_get_height (GTK_WIDGET (window->results_stack)),
                        page_minimum (window, i));
        if (first < 0)
          first = position;
        g_assert_cmpint (position, ==, first);
        g_assert_cmpfloat ((double) position / paned, >=, 0.4);
        g_assert_cmpfloat ((double) position / paned, <=, 0.5);
      }
  window_destroy_and_check (window);
}

/* WIDGET shown whole inside the results stack (not below the fold of a
 * scrolled page): its bottom edge at most the stack's. */
static gboolean
shown_whole (SwWindow  *window,
             GtkWidget *widget)
{
  graphene_rect_t bounds = { 0 }, stack = { 0 };

  if (!gtk_widget_get_mapped (widget) ||
      !gtk_widget_compute_bounds (widget, GTK_WIDGET (window), &bounds) ||
      !gtk_widget_compute_bounds (GTK_WIDGET (window->results_stack), GTK_WIDGET (window), &stack))
    return FALSE;
  return bounds.size.height >= 100 && bounds.origin.y >= stack.origin.y - 0.5 &&
         bounds.origin.y + bounds.size.height <= stack.origin.y + stack.size.height + 0.5;
}

/* Whether a chart p px wide writes title whole (on one or two lines, no
 * "…"); it says how. */
static gboolean
title_whole (const char *title,
             int         width_px)
{
  g_autofree char *first = NULL, *second = NULL;
  guint n = sw_modes_title_lines (title, width_px * 25.4 / 72, &first, &second);

  g_test_message ("%d px: “%s” on %u line(s): “%s” / “%s”", width_px, title, n, first, second != NULL ? second : "");
  return n >= 1 && strstr (first, "…") == NULL && (second == NULL || strstr (second, "…") == NULL);
}

/* The Modes page at width × height: the table, the shape and both energy
 * charts without scrolling (the charts beside the shape), the canvas
 * keeping its share, and every chart's title whole, the English one shown
 * and the German one (po/de.po's) in the same width. */
static void
modes_charts_at (int width,
                 int height)
{
  /* The German titles of the vehicle launch's mode 2 (7.884 Hz). */
  static const char *const german[] = { "Mode 2 bei 7.884 Hz: Eigenform entlang des Antriebsstrangs",
                                        "Kinetische Energie je Körper", "Potentielle Energie je Abschnitt" };
  SwWindow *window = window_sized (width, height);
  GtkWidget *plots[3];
  gboolean whole = FALSE;

  for (guint p = 0; p < 3; p++)
    plots[p] = GTK_WIDGET (_sw_modes_view_get_plot (window->modes_view, (SwModesViewPlot) p));
  adw_view_stack_set_visible_child_name (window->results_stack, "modes");
  g_assert_true (wait_until_idle (window, 60));
  for (guint k = 0; k < 100 && !whole; k++)
    {
      spin (0.1);
      whole = TRUE;
      for (guint p = 0; p < 3; p++)
        whole &= shown_whole (window, plots[p]);
    }
  g_test_message ("Modes page: the results %d px, the table %d px, the shape %d x %d px",
                  gtk_widget_get_height (GTK_WIDGET (window->results_stack)),
                  _sw_modes_view_get_table_height (window->modes_view),
                  gtk_widget_get_width (plots[0]), gtk_widget_get_height (plots[0]));
  for (guint p = 0; p < 3; p++)
    g_assert_true (shown_whole (window, plots[p]));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (_sw_modes_view_get_table (window->modes_view))));
  g_assert_cmpint (_sw_modes_view_get_table_height (window->modes_view), >=, 96);
  /* Beside the energy charts the shape takes the room they leave: wider
   * than both together's minimum (a third of the width shortened its
   * names to "en…ne"). */
  g_assert_cmpint (gtk_widget_get_width (plots[0]), >=, 280);
  g_assert_cmpint (gtk_widget_get_width (plots[0]), >, gtk_widget_get_width (plots[1]));
  g_assert_cmpfloat ((double) gtk_paned_get_position (window->results_paned) /
                     gtk_widget_get_height (GTK_WIDGET (window->results_paned)), >=, 0.4);
  /* Titles whole (they were cut: "Kinetic energy per b…" at 1280 px). */
  for (guint p = 0; p < 3; p++)
    {
      const char *title = sw_modes_plot_get_title (_sw_modes_view_get_plot (window->modes_view, (SwModesViewPlot) p));

      g_assert_nonnull (title);
      g_assert_true (title_whole (title, gtk_widget_get_width (plots[p])));
      g_assert_true (title_whole (german[p], gtk_widget_get_width (plots[p])));
    }
  window_destroy_and_check (window);
}

static void
test_modes_charts (void)
{
  modes_charts_at (1280, 800);
  modes_charts_at (1600, 1000);
}

/* The plot's first panel as a share of the plot's width, after the panes
 * settle (up to 10 s); 0 when nothing was drawn. */
static double
plot_box_share (SwWindow *window)
{
  double share = 0.0;

  for (guint k = 0; k < 100; k++)
    {
      const SwPlotGeometry *g;
      int width;

      gtk_widget_queue_draw (GTK_WIDGET (window->plot_view));
      spin (0.1);
      g = _sw_plot_view_get_geometry (window->plot_view);
      width = gtk_widget_get_width (GTK_WIDGET (window->plot_view));
      if (g != NULL && g->n_panels > 0 && width > 0)
        share = g->panels[0].width / width;
      if (share >= 0.6)
        break;
    }
  return share;
}

/* At the default 1280 px the plot box takes most of the plot's width: the
 * legends (and the room for the cursor's values) go above the panels
 * rather than beside them when they would leave the box narrow; at 800 px
 * and 360 px it is drawn, not "too small". */
static void
test_plot_box (void)
{
  const int widths[] = { 1280, 800, 360 };

  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", "appmenu:close", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      SwWindow *window = window_sized (widths[i], 800);
      double share = plot_box_share (window);

      g_test_message ("%d px: plot box %.0f %% of the plot's width", widths[i], 100 * share);
      g_assert_cmpfloat (share, >=, 0.6);
      window_destroy_and_check (window);
    }
}

/* At 800 px the palette folds over the canvas (shown by the sidebar
 * button, as an overlay), and the inspector too, so the canvas and the
 * plot keep the window's width (they had 600 px); at 1280 px both are
 * beside the canvas. */
static void
test_palette_fold (void)
{
  SwWindow *window = window_sized (800, 800);
  gboolean folded = FALSE;

  for (guint k = 0; k < 100 && !folded; k++)
    {
      spin (0.1);
      folded = adw_flap_get_folded (window->palette_flap);
    }
  g_assert_true (folded);
  g_assert_true (adw_flap_get_folded (window->inspector_flap));
  g_assert_false (adw_flap_get_reveal_flap (window->palette_flap));
  spin (0.3);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window->canvas)), >=, 700);
  adw_flap_set_reveal_flap (window->palette_flap, TRUE);
  g_assert_true (wait_mapped (GTK_WIDGET (window->palette)));
  g_assert_true (adw_flap_get_folded (window->palette_flap));
  window_destroy_and_check (window);

  window = window_sized (1280, 800);
  for (guint k = 0; k < 100 && folded; k++)
    {
      spin (0.1);
      folded = adw_flap_get_folded (window->palette_flap);
    }
  g_assert_false (folded);
  g_assert_false (adw_flap_get_folded (window->inspector_flap));
  g_assert_true (adw_flap_get_reveal_flap (window->palette_flap));
  window_destroy_and_check (window);
}

/* Every label under WIDGET into FOUND. */
static void
find_labels (GtkWidget *widget,
             GPtrArray *found)
{
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    find_labels (child, found);
}

/* How many of the results switcher's shown labels are cut short. */
static guint
tab_labels_cut (SwWindow *window)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  guint cut = 0, shown = 0;

  find_labels (GTK_WIDGET (window->results_switcher), labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (labels, i);

      if (!gtk_widget_get_mapped (GTK_WIDGET (label)))
        continue;
      shown++;
      if (pango_layout_is_ellipsized (gtk_label_get_layout (label)))
        {
          g_test_message ("tab label cut: \"%s\" in %d px", gtk_label_get_text (label),
                          gtk_widget_get_width (GTK_WIDGET (label)));
          cut++;
        }
    }
  g_assert_cmpuint (shown, >=, 6);
  return cut;
}

/* At 1280 px every results tab's label is readable in full, in English
 * and with the German titles (the longest), beside a long status too. */
static void
test_tab_labels (void)
{
  /* po/de.po's titles of the pages, in the stack's order. */
  static const char *const german[] = { "_Verläufe", "_Moden", "_Frequenz", "_Campbell",
                                        "Erz_wungen", "S_tudie" };
  SwWindow *window = window_sized (1280, 800);
  g_autoptr(GListModel) pages = G_LIST_MODEL (adw_view_stack_get_pages (window->results_stack));
  guint cut = 0;

  for (guint k = 0; k < 50; k++)
    {
      spin (0.1);
      cut = tab_labels_cut (window);
      if (cut == 0)
        break;
    }
  if (g_getenv ("SW_SCREENSHOTS") != NULL)
    {
      g_autofree char *png = g_build_filename (g_getenv ("SW_SCREENSHOTS"), "tabs-1280.png", NULL);
      save_window_png (window, png);
    }
  g_assert_cmpuint (cut, ==, 0);
  /* The full names are the tooltips. */
  {
    guint n = 0;

    for (GtkWidget *button = gtk_widget_get_first_child (GTK_WIDGET (window->results_switcher));
         button != NULL; button = gtk_widget_get_next_sibling (button), n++)
      g_assert_nonnull (gtk_widget_get_tooltip_text (button));
    g_assert_cmpuint (n, ==, G_N_ELEMENTS (german));
  }

  g_assert_cmpuint (g_list_model_get_n_items (pages), ==, G_N_ELEMENTS (german));
  for (guint i = 0; i < G_N_ELEMENTS (german); i++)
    {
      g_autoptr(AdwViewStackPage) page = g_list_model_get_item (pages, i);

      adw_view_stack_page_set_title (page, german[i]);
    }
  for (guint k = 0; k < 50; k++)
    {
      spin (0.1);
      cut = tab_labels_cut (window);
      if (cut == 0)
        break;
    }
  if (g_getenv ("SW_SCREENSHOTS") != NULL)
    {
      g_autofree char *png = g_build_filename (g_getenv ("SW_SCREENSHOTS"), "tabs-1280-de.png", NULL);
      save_window_png (window, png);
    }
  g_assert_cmpuint (cut, ==, 0);

  /* A long status ("Incomplete: …", German) gives way to the tabs; its
   * full text is its tooltip. */
  gtk_label_set_label (window->run_status, "Unvollständig: 12 Anschlüsse nicht verbunden");
  for (guint k = 0; k < 50; k++)
    {
      spin (0.1);
      cut = tab_labels_cut (window);
      if (cut == 0)
        break;
    }
  g_assert_cmpuint (cut, ==, 0);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (window->run_status)), ==,
                   "Unvollständig: 12 Anschlüsse nicht verbunden");
  /* A run's summary is read in full beside them, and so is a model being
   * drawn ("Incomplete: 2 ports unconn…" was cut). */
  gtk_label_set_label (window->run_status, "14579 Zeilen in 1063 ms");
  spin (0.3);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (window->run_status)));
  for (guint k = 0; k < 2; k++)
    {
      gtk_label_set_label (window->run_status, k == 0 ? "12 ports unconnected" : "12 Anschlüsse unverbunden");
      spin (0.3);
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (window->run_status)));
    }
  g_assert_cmpuint (tab_labels_cut (window), ==, 0);
  window_destroy_and_check (window);
}

/* At 1280 × 800 the Modes page leaves the canvas short: the mode's legend
 * hides none of the drawing there (a strip, or beside it). */
static void
test_modes_legend (void)
{
  SwWindow *window = window_sized (1280, 800);
  SwCanvasRect legend = { 0 };
  double cover = -1;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.modal-analysis", NULL));
  g_assert_true (wait_until_idle (window, 60));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (window->results_stack), ==, "modes");
  for (guint k = 0; k < 100 && cover != 0; k++)
    {
      gtk_widget_queue_draw (GTK_WIDGET (window->canvas));
      spin (0.1);
      if (_sw_canvas_get_mode_legend (window->canvas, &legend))
        cover = _sw_canvas_get_mode_legend_cover (window->canvas);
    }
  g_test_message ("the canvas %d px high; the legend %.0f × %.0f px hides %g px² of the drawing",
                  gtk_widget_get_height (GTK_WIDGET (window->canvas)), legend.width, legend.height, cover);
  if (g_getenv ("SW_SCREENSHOTS") != NULL)
    {
      g_autofree char *png = g_build_filename (g_getenv ("SW_SCREENSHOTS"), "modes-1280x800.png", NULL);
      save_window_png (window, png);
    }
  g_assert_cmpfloat (cover, ==, 0);
  /* A strip, not a box over a third of the canvas. */
  g_assert_cmpfloat (legend.height, <=, 0.3 * gtk_widget_get_height (GTK_WIDGET (window->canvas)));
  window_destroy_and_check (window);
}

/* At 1280 × 800 the events table fits its column: no sideways scroll; a
 * change cut short (ellipsized) has its full text as a tooltip. */
static void
test_events_fit (void)
{
  SwWindow *window = window_sized (1280, 800);
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (window->events_view), GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *h;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  guint cut = 0, shown = 0;

  g_assert_nonnull (scroller);
  h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scroller));
  for (guint k = 0; k < 50; k++)
    {
      spin (0.1);
      if (gtk_adjustment_get_page_size (h) > 0 &&
          gtk_adjustment_get_upper (h) <= gtk_adjustment_get_page_size (h) + 0.5)
        break;
    }
  g_test_message ("the events table %.0f px in a view of %.0f px", gtk_adjustment_get_upper (h),
                  gtk_adjustment_get_page_size (h));
  if (g_getenv ("SW_SCREENSHOTS") != NULL)
    {
      g_autofree char *png = g_build_filename (g_getenv ("SW_SCREENSHOTS"), "events-1280x800.png", NULL);
      save_window_png (window, png);
    }
  g_assert_cmpfloat (gtk_adjustment_get_page_size (h), >, 0);
  g_assert_cmpfloat (gtk_adjustment_get_upper (h), <=, gtk_adjustment_get_page_size (h) + 0.5);

  find_labels (GTK_WIDGET (window->events_view), labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (labels, i);

      if (!gtk_widget_get_mapped (GTK_WIDGET (label)))
        continue;
      shown++;
      if (pango_layout_is_ellipsized (gtk_label_get_layout (label)))
        {
          cut++;
          g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (label)), ==, gtk_label_get_text (label));
        }
    }
  g_test_message ("%u of %u cells cut short", cut, shown);
  g_assert_cmpuint (shown, >, 3);
  window_destroy_and_check (window);
}

/* At 1280 × 800 with the palette and the inspector open, the Campbell
 * page fits its column: no sideways scroll (its controls wrap). */
static void
test_campbell_fits (void)
{
  SwWindow *window = window_sized (1280, 800);
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (window->campbell_view), GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *h;

  g_assert_nonnull (scroller);
  h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scroller));
  adw_view_stack_set_visible_child_name (window->results_stack, "campbell");
  for (guint k = 0; k < 50; k++)
    {
      spin (0.1);
      if (gtk_adjustment_get_page_size (h) > 0 &&
          gtk_adjustment_get_upper (h) <= gtk_adjustment_get_page_size (h) + 0.5)
        break;
    }
  g_test_message ("the Campbell page %.0f px in a view of %.0f px", gtk_adjustment_get_upper (h),
                  gtk_adjustment_get_page_size (h));
  if (g_getenv ("SW_SCREENSHOTS") != NULL)
    {
      g_autofree char *png = g_build_filename (g_getenv ("SW_SCREENSHOTS"), "campbell-1280x800.png", NULL);
      save_window_png (window, png);
    }
  g_assert_false (adw_flap_get_folded (window->palette_flap));
  g_assert_false (adw_flap_get_folded (window->inspector_flap));
  g_assert_cmpfloat (gtk_adjustment_get_page_size (h), >, 0);
  g_assert_cmpfloat (gtk_adjustment_get_upper (h), <=, gtk_adjustment_get_page_size (h) + 0.5);
  window_destroy_and_check (window);
}

/* At 1280 × 800 the Forced page shows its controls, a note of the
 * longest kind (nothing responds: what to try) and the plot without
 * scrolling: the note takes at most two lines, whole in its tooltip. */
static void
test_forced_fits (void)
{
  SwWindow *window = window_sized (1280, 800);
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (window->forced_view), GTK_TYPE_SCROLLED_WINDOW);
  const char *note = "No section responds to the excitation: in this state of the friction elements it reaches "
                     "none (an open clutch beside the excited body, or a locked brake holding it). Try “At the "
                     "plot’s cursor” with the cursor at a time when the drivetrain is engaged. And more words, "
                     "so that it would take four lines in this column.";
  GtkAdjustment *v;

  g_assert_nonnull (scroller);
  v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  adw_view_stack_set_visible_child_name (window->results_stack, "forced");
  g_assert_true (wait_until_idle (window, 60));
  spin (0.5);
  sw_plot_widget_show_status (window->forced_view->status, NULL, note);
  for (guint k = 0; k < 20; k++)
    spin (0.1);
  g_test_message ("the Forced page %.0f px in a view of %.0f px, the note %d px", gtk_adjustment_get_upper (v),
                  gtk_adjustment_get_page_size (v), gtk_widget_get_height (GTK_WIDGET (window->forced_view->status)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->forced_view->status)));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (window->forced_view->status)), ==, note);
  g_assert_cmpfloat (gtk_adjustment_get_page_size (v), >, 0);
  g_assert_cmpfloat (gtk_adjustment_get_upper (v), <=, gtk_adjustment_get_page_size (v) + 0.5);
  window_destroy_and_check (window);
}

/* At 1280 × 800 the Modes page fits its column with the German column
 * titles (the longest): the table scrolls sideways on its own, the page
 * does not (it hid Animate and the potential energy chart). */
static void
test_modes_fits_german (void)
{
  static const char *const titles[] = { "Mode", "Frequenz [Hz]", "Frequenz [U/min]", "Gedämpft [Hz]",
                                        "Dämpfungsgrad", "Am stärksten anregbarer Abschnitt" };
  SwWindow *window = window_sized (1280, 800);
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (window->modes_view), GTK_TYPE_SCROLLED_WINDOW);
  g_autoptr(GListModel) columns = NULL;
  GtkAdjustment *h;

  g_assert_nonnull (scroller);
  h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scroller));
  adw_view_stack_set_visible_child_name (window->results_stack, "modes");
  g_assert_true (wait_until_idle (window, 60));
  columns = g_object_ref (gtk_column_view_get_columns (_sw_modes_view_get_table (window->modes_view)));
  for (guint i = 0; i < g_list_model_get_n_items (columns) && i < G_N_ELEMENTS (titles); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      gtk_column_view_column_set_title (column, titles[i]);
    }
  for (guint k = 0; k < 20; k++)
    spin (0.1);
  g_test_message ("the Modes page %.0f px wide in a view of %.0f px", gtk_adjustment_get_upper (h),
                  gtk_adjustment_get_page_size (h));
  g_assert_cmpfloat (gtk_adjustment_get_page_size (h), >, 0);
  g_assert_cmpfloat (gtk_adjustment_get_upper (h), <=, gtk_adjustment_get_page_size (h) + 0.5);
  window_destroy_and_check (window);
}

/* The vehicle launch's clutch is open at t = 0: the Frequency page opens
 * with the clutches engaged (the list says so, the note why), not on an
 * empty plot. */
static void
test_frequency_engaged (void)
{
  SwWindow *window = window_sized (1280, 800);
  gboolean shown = FALSE;

  adw_view_stack_set_visible_child_name (window->results_stack, "frf");
  for (guint k = 0; k < 300 && !shown; k++)
    {
      spin (0.1);
      shown = sw_frf_view_get_response (window->frf_view) != NULL && !sw_frf_view_get_busy (window->frf_view);
    }
  g_assert_true (shown);
  g_assert_false (sw_frf_is_zero (sw_frf_view_get_response (window->frf_view)));
  g_assert_true (sw_frf_view_get_friction (window->frf_view) == SW_LINEAR_FRICTION_ENGAGED);
  g_assert_cmpuint (gtk_drop_down_get_selected (window->frf_view->friction_drop), ==, SW_LINEAR_FRICTION_ENGAGED);
  g_assert_nonnull (strstr (sw_frf_view_get_note (window->frf_view), "clutches engaged"));
  window_destroy_and_check (window);
}

/* The vehicle launch's clutch is open at t = 0: the Campbell page opens
 * with the clutches engaged (the list says so, the note why), and at
 * 1280 × 800 the note is read below the diagram without scrolling, the
 * diagram keeping 180 px. */
static void
test_campbell_engaged (void)
{
  SwWindow *window = window_sized (1280, 800);
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (window->campbell_view), GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *status = GTK_WIDGET (window->campbell_view->status);
  graphene_rect_t bounds = { 0 }, stack = { 0 };
  gboolean shown = FALSE;
  GtkAdjustment *v;

  g_assert_nonnull (scroller);
  v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  adw_view_stack_set_visible_child_name (window->results_stack, "campbell");
  for (guint k = 0; k < 300 && !shown; k++)
    {
      spin (0.1);
      shown = sw_campbell_view_get_campbell (window->campbell_view) != NULL &&
              !sw_campbell_view_get_busy (window->campbell_view) && gtk_widget_get_mapped (status);
    }
  g_assert_true (shown);
  for (guint k = 0; k < 10; k++)
    spin (0.1);
  g_assert_true (sw_campbell_view_get_friction (window->campbell_view) == SW_LINEAR_FRICTION_ENGAGED);
  g_assert_cmpuint (gtk_drop_down_get_selected (window->campbell_view->friction_drop), ==, SW_LINEAR_FRICTION_ENGAGED);
  g_assert_nonnull (strstr (sw_campbell_view_get_note (window->campbell_view), "clutches engaged"));
  g_assert_true (gtk_widget_compute_bounds (status, GTK_WIDGET (window), &bounds));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (window->results_stack), GTK_WIDGET (window), &stack));
  g_test_message ("the note %.0f px high, its bottom at %.0f px, the page's at %.0f px; the diagram %d px",
                  bounds.size.height, bounds.origin.y + bounds.size.height, stack.origin.y + stack.size.height,
                  gtk_widget_get_height (GTK_WIDGET (window->campbell_view->area)));
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, stack.origin.y + stack.size.height + 0.5);
  g_assert_cmpfloat (gtk_adjustment_get_upper (v), <=, gtk_adjustment_get_page_size (v) + 0.5);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window->campbell_view->area)), >=, 180);
  window_destroy_and_check (window);
}

static void
add_tests (void)
{
  g_test_add_func ("/app/window/layout/events-fit", test_events_fit);
  g_test_add_func ("/app/window/layout/campbell-fits", test_campbell_fits);
  g_test_add_func ("/app/window/layout/modes-legend", test_modes_legend);
  g_test_add_func ("/app/window/layout/tab-labels", test_tab_labels);
  g_test_add_func ("/app/window/layout/palette-fold", test_palette_fold);
  g_test_add_func ("/app/window/layout/plot-box", test_plot_box);
  g_test_add_func ("/app/window/layout/narrowest", test_narrowest);
  g_test_add_func ("/app/window/layout/wide", test_wide);
  g_test_add_func ("/app/window/layout/medium", test_medium);
  g_test_add_func ("/app/window/layout/results-fit", test_results_fit);
  g_test_add_func ("/app/window/layout/canvas-share", test_canvas_share);
  g_test_add_func ("/app/window/layout/tabs-still", test_tabs_still);
  g_test_add_func ("/app/window/layout/modes-charts", test_modes_charts);
  g_test_add_func ("/app/window/layout/forced-fits", test_forced_fits);
  g_test_add_func ("/app/window/layout/frequency-engaged", test_frequency_engaged);
  g_test_add_func ("/app/window/layout/campbell-engaged", test_campbell_engaged);
  g_test_add_func ("/app/window/layout/modes-fits-german", test_modes_fits_german);
}

int
main (int    argc,
      char **argv)
{
  return test_window_run (argc, argv, "test-window-layout", add_tests);
}
