/* test-canvas-labels.c: labels legible at the zoom shown
 * (sw-canvas-labels.c). data/examples/inline-six-forced.shaft, fifteen
 * parts in a row, fitted to the canvas a 1280 × 800 window has: its labels
 * in model units were 4 px high and ran into each other; now its ids are
 * 10 px high on the screen, apart from each other, the symbols and the
 * ports' stubs, and the parameter lines they leave out are in the parts'
 * tooltips. Zoomed in, the full labels are back.
 *
 * Needs a display (xvfb-run); GSK_RENDERER=cairo. SW_SCREENSHOTS=DIR keeps
 * labels-six.png and labels-six-zoomed.png there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-canvas-common.h"

/* The canvas's size in a 1280 × 800 window with both side panels open. */
#define CANVAS_W 686
#define CANVAS_H 330

static void
test_six (void)
{
  g_autofree char *path = sw_ui_test_example_path ("inline-six-forced.shaft");
  g_autoptr(GError) error = NULL;
  g_autoptr(SwModel) model = sw_model_new_from_file (path, &error);
  g_autoptr(GArray) places = g_array_new (FALSE, FALSE, sizeof (SwCanvasLabelPlace));
  GtkWidget *window = gtk_window_new ();
  GtkWidget *canvas = sw_canvas_new ();
  SwCanvas *self = SW_CANVAS (canvas);
  SwCanvasView view;
  guint n;

  g_assert_no_error (error);
  n = sw_model_get_n_components (model);
  g_assert_cmpuint (n, ==, 15);
  gtk_window_set_default_size (GTK_WINDOW (window), CANVAS_W, CANVAS_H);
  gtk_window_set_child (GTK_WINDOW (window), canvas);
  sw_canvas_set_model (self, model);
  gtk_window_present (GTK_WINDOW (window));
  sw_ui_test_wait_width (canvas, CANVAS_W / 2, 10);
  sw_ui_test_iterate (300);
  sw_ui_test_keep_widget (canvas, "SW_SCREENSHOTS", "labels-six.png");

  /* Fitted, the drawing is shown small: labels in model units would be
   * under 5 px. */
  _sw_canvas_get_view (self, &view);
  g_test_message ("fitted to %d × %d px: zoom %.3f", gtk_widget_get_width (canvas), gtk_widget_get_height (canvas),
                  view.zoom);
  g_assert_cmpfloat (view.zoom, <, 0.5);
  g_assert_true (_sw_canvas_labels_compact (self));
  g_assert_cmpfloat_with_epsilon (_sw_canvas_compact_label_size (self, 0) * view.zoom, 10, 1e-9);

  /* Every id shown, none over another, a symbol or a port's stub. */
  _sw_canvas_place_compact_labels (self, gtk_widget_get_width (canvas), gtk_widget_get_height (canvas), places);
  g_assert_cmpuint (places->len, ==, n);
  for (guint a = 0; a < places->len; a++)
    {
      const SwCanvasLabelPlace *p = &g_array_index (places, SwCanvasLabelPlace, a);

      /* Legible: 10 px text is some 12 px high on the screen. */
      g_assert_cmpfloat (p->rect.height * view.zoom, >=, 10);
      for (guint b = a + 1; b < places->len; b++)
        g_assert_false (_sw_canvas_rect_intersects (&p->rect, &g_array_index (places, SwCanvasLabelPlace, b).rect));
      for (guint k = 0; k < n; k++)
        {
          const SwCanvasItem *item = _sw_canvas_get_item (self, k);

          g_assert_false (_sw_canvas_rect_intersects (&p->rect, &item->box));
          for (guint q = 0; q < item->kind->n_ports; q++)
            g_assert_false (_sw_canvas_rect_contains (&p->rect, item->port_x[q], item->port_y[q]));
        }
    }

  /* Parameter lines where there is room: the cranks' above (the webs'
   * between them, below, every second one). */
  {
    guint with_key = 0;

    for (guint a = 0; a < places->len; a++)
      with_key += g_array_index (places, SwCanvasLabelPlace, a).with_key;
    g_test_message ("%u of %u labels with their parameter line", with_key, places->len);
    g_assert_cmpuint (with_key, >=, 8);
  }

  /* What the compact labels leave out is in the tooltips. */
  for (guint k = 0; k < n; k++)
    {
      const SwCanvasItem *item = _sw_canvas_get_item (self, k);
      g_autofree char *tip = _sw_canvas_dup_item_tooltip (self, k);

      g_assert_nonnull (strstr (tip, item->id));
      if (item->key != NULL)
        g_assert_nonnull (strstr (tip, item->key));
    }
  g_assert_nonnull (_sw_canvas_get_item (self, 1)->key);
  g_assert_nonnull (strstr (_sw_canvas_get_item (self, 1)->key, "c = "));

  /* Zoomed in to full size: the full labels, parameters and all. */
  view.zoom = 1.0;
  _sw_canvas_set_view (self, &view);
  g_assert_false (_sw_canvas_labels_compact (self));
  sw_ui_test_iterate (100);
  sw_ui_test_keep_widget (canvas, "SW_SCREENSHOTS", "labels-six-zoomed.png");

  /* A shorter line, fourbody.shaft, fitted: compact, and every label in
   * full. */
  {
    g_autofree char *four = sw_ui_test_example_path ("fourbody.shaft");
    g_autoptr(SwModel) other = sw_model_new_from_file (four, &error);

    g_assert_no_error (error);
    sw_canvas_set_model (self, other);
    _sw_canvas_zoom_fit (self);
    sw_ui_test_iterate (100);
    _sw_canvas_get_view (self, &view);
    g_test_message ("fourbody.shaft fitted: zoom %.3f", view.zoom);
    if (_sw_canvas_labels_compact (self))
      {
        _sw_canvas_place_compact_labels (self, gtk_widget_get_width (canvas), gtk_widget_get_height (canvas), places);
        g_assert_cmpuint (places->len, ==, sw_model_get_n_components (other));
        for (guint a = 0; a < places->len; a++)
          g_assert_true (g_array_index (places, SwCanvasLabelPlace, a).with_key);
      }
    sw_ui_test_keep_widget (canvas, "SW_SCREENSHOTS", "labels-fourbody.png");
  }

  gtk_window_destroy (GTK_WINDOW (window));
  sw_ui_test_iterate (50);
}

int
main (int   argc,
      char *argv[])
{
  if (!canvas_test_init (&argc, &argv))
    return g_test_run ();

  g_test_add_func ("/ui/canvas/labels/six", test_six);

  return g_test_run ();
}
