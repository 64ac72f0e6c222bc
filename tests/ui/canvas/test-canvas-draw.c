/* test-canvas-draw.c: what the canvas draws, and a subsystem coloured by modes
 * of the whole model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <gtk/gtk.h>

#include "sw-canvas.h"
#include "sw-canvas-private.h"
#include "sw-history.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-system.h"
#include "sw-symbols.h"
#include "sw-ui-test.h"
#include "test-canvas-common.h"

/* Renders the canvas at its size and counts pixels near colour. */
static guint
count_colour (GtkWidget    *widget,
              const double *rgba)
{
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  cairo_surface_t *surface;
  cairo_t *cr;
  const guint8 *data;
  guint count = 0;

  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  if (node != NULL)
    gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  data = cairo_image_surface_get_data (surface);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        guint32 p = *(const guint32 *) (gconstpointer) (data + y * cairo_image_surface_get_stride (surface) + 4 * x);

        if (fabs (((p >> 16) & 0xff) / 255.0 - rgba[0]) < 0.06 &&
            fabs (((p >> 8) & 0xff) / 255.0 - rgba[1]) < 0.06 &&
            fabs ((p & 0xff) / 255.0 - rgba[2]) < 0.06)
          count++;
      }
  cairo_surface_destroy (surface);
  g_clear_pointer (&node, gsk_render_node_unref);
  return count;
}

static gboolean
is_drawn (gpointer widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 100;
}

static void
test_draw (void)
{
  SwModel *model = new_model ();
  SwCanvas *canvas = g_object_ref_sink (SW_CANVAS (sw_canvas_new ()));
  GtkWidget *window = gtk_window_new ();
  SwSymbolStyle style = sw_symbol_style_default (adw_style_manager_get_dark (adw_style_manager_get_default ()));
  int inertia2 = sw_model_find_component (model, "inertia2");
  int problem[] = { inertia2 };
  const char *messages[] = { "J must be > 0" };
  guint problem_pixels, accent_pixels;
  SwCanvasView view;

  gtk_window_set_default_size (GTK_WINDOW (window), 700, 500);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (canvas));
  sw_canvas_set_model (canvas, model);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (wait_for (is_drawn, canvas));

  /* Shown whole once it has a size: every component inside the widget. */
  _sw_canvas_get_view (canvas, &view);
  for (guint i = 0; i < sw_model_get_n_components (model); i++)
    {
      const SwComponent *c = sw_model_get_component (model, i);
      double wx, wy;

      _sw_canvas_view_to_widget (&view, c->position[0], c->position[1], &wx, &wy);
      g_assert_cmpfloat (wx, >, 0);
      g_assert_cmpfloat (wx, <, gtk_widget_get_width (GTK_WIDGET (canvas)));
      g_assert_cmpfloat (wy, >, 0);
      g_assert_cmpfloat (wy, <, gtk_widget_get_height (GTK_WIDGET (canvas)));
    }

  /* Problems in their colour, the selection in the accent colour. */
  g_assert_cmpuint (count_colour (GTK_WIDGET (canvas), style.problem), <, 5);
  sw_canvas_set_problems (canvas, problem, messages, 1);
  problem_pixels = count_colour (GTK_WIDGET (canvas), style.problem);
  g_assert_cmpuint (problem_pixels, >, 50);
  sw_canvas_set_problems (canvas, NULL, NULL, 0);
  g_assert_cmpuint (count_colour (GTK_WIDGET (canvas), style.problem), <, 5);

  accent_pixels = count_colour (GTK_WIDGET (canvas), style.accent);
  sw_canvas_select_component (canvas, inertia2);
  g_assert_cmpuint (count_colour (GTK_WIDGET (canvas), style.accent), >, accent_pixels + 50);

  /* Zoom actions, around the middle. */
  {
    double zoom = sw_canvas_get_zoom (canvas);

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-in", NULL));
    g_assert_cmpfloat_with_epsilon (sw_canvas_get_zoom (canvas), zoom * 1.25, 1e-9);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-out", NULL));
    g_assert_cmpfloat_with_epsilon (sw_canvas_get_zoom (canvas), zoom, 1e-9);
    sw_canvas_set_zoom (canvas, 0.3);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-fit", NULL));
    g_assert_cmpfloat_with_epsilon (sw_canvas_get_zoom (canvas), zoom, 1e-9);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (canvas);
  g_assert_finalize_object (model);
}

/* A subsystem shown on the canvas (its definition, the path prefix set)
 * takes its parts' colours from modes of the whole model, named by path:
 * the shares are the modes' own, the most excitable section inside is
 * outlined, and parts elsewhere colour nothing. */
static void
test_modes_inside_subsystem (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "tests", "data", "subsystem",
                                            "twin-inline.shaft", NULL);
  g_autoptr(SwModel) model = sw_model_new_from_file (path, &error);
  g_autoptr(SwSystem) sys = NULL;
  g_autoptr(SwModes) modes = NULL;
  g_autoptr(SwModel) inner = NULL;
  g_autofree char *text = NULL;
  SwCanvas *canvas = SW_CANVAS (g_object_ref_sink (sw_canvas_new ()));
  gboolean checked = FALSE;

  g_assert_no_error (error);
  sys = sw_model_assemble (model, &error);
  g_assert_no_error (error);
  modes = sw_modes_compute (sys, 0, NULL, &error);
  g_assert_no_error (error);
  text = sw_model_dup_definition (model, "Unit");
  inner = sw_model_new_from_data (text, -1, "Unit", &error);
  g_assert_no_error (error);
  sw_canvas_set_model (canvas, inner);

  for (guint k = 1; k < sw_modes_get_n_modes (modes); k++)
    {
      const SwMode *m = sw_modes_get_mode (modes, k);
      double potential[64], section;
      const char *id;
      gboolean outlined;

      if (m->most_excitable_section < 0 || !g_str_has_prefix ((id = sw_modes_get_section_part (modes, (guint) m->most_excitable_section)->id), "engine1."))
        continue;
      g_assert_cmpuint (sw_modes_get_n_sections (modes), <=, G_N_ELEMENTS (potential));
      sw_modes_get_mode_values (modes, k, NULL, NULL, NULL, NULL, NULL, potential);
      sw_canvas_set_path_prefix (canvas, NULL);
      sw_canvas_set_mode (canvas, modes, k);
      /* The model's ids are not on this canvas. */
      g_assert_false (sw_canvas_get_mode_shares (canvas, id + strlen ("engine1."), NULL, NULL, NULL));
      sw_canvas_set_path_prefix (canvas, "engine1.");
      g_assert_true (sw_canvas_get_mode_shares (canvas, id + strlen ("engine1."), NULL, &section, &outlined));
      g_assert_true (outlined);
      g_assert_cmpfloat (section, ==, potential[m->most_excitable_section]);
      g_assert_false (sw_canvas_get_mode_shares (canvas, "propShaft", NULL, NULL, NULL));
      checked = TRUE;
      break;
    }
  g_assert_true (checked);
  g_assert_finalize_object (canvas);
}

/* Long ids of neighbours one grid step apart do not overlap: every second
 * label goes below its symbol (issue 23, 7). */
static void
test_labels_apart (void)
{
  g_autoptr(SwModel) model = sw_model_new ();
  g_autoptr(GError) error = NULL;
  SwCanvas *canvas;

  for (guint k = 0; k < 4; k++)
    {
      g_autofree char *id = g_strdup_printf ("torsional_spring_damper%u", k + 1);
      int index = sw_model_add_component (model, "rotational.spring", id, &error);

      g_assert_no_error (error);
      g_assert_cmpint (index, >=, 0);
      sw_model_set_position (model, (guint) index, 100 + 100 * k, 100);
    }
  canvas = new_canvas (model);
  for (guint i = 0; i < 4; i++)
    for (guint j = i + 1; j < 4; j++)
      {
        const SwCanvasItem *a = _sw_canvas_get_item (canvas, i), *b = _sw_canvas_get_item (canvas, j);

        g_assert_cmpfloat (a->label.width, >, 100);
        g_assert_false (_sw_canvas_rect_intersects (&a->label, &b->label));
      }
  g_assert_cmpint (_sw_canvas_get_item (canvas, 0)->label_side, ==, SW_CANVAS_LABEL_ABOVE);
  g_assert_cmpint (_sw_canvas_get_item (canvas, 1)->label_side, ==, SW_CANVAS_LABEL_BELOW);
  g_assert_cmpint (_sw_canvas_get_item (canvas, 2)->label_side, ==, SW_CANVAS_LABEL_ABOVE);
  g_object_unref (canvas);
}

/* Whether the polyline enters rect's inside (its edge does not count). */
static gboolean
route_enters (const SwCanvasRoute *route,
              const SwCanvasRect  *rect)
{
  for (guint i = 0; i + 1 < route->n_points; i++)
    for (guint k = 0; k <= 200; k++)
      {
        double x = route->x[i] + (route->x[i + 1] - route->x[i]) * k / 200.0;
        double y = route->y[i] + (route->y[i + 1] - route->y[i]) * k / 200.0;

        if (x > rect->x + 1 && x < rect->x + rect->width - 1 && y > rect->y + 1 && y < rect->y + rect->height - 1)
          return TRUE;
      }
  return FALSE;
}

/* No wire runs through the symbol of a part it does not connect: a wire
 * from a clutch's output past a grounded gear once went straight through
 * the gear's body, where its housing port is, as if connected to it
 * (issue 23, 7); nor in the vehicle launch example. */
static void
test_wires_around_symbols (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1,\n"
    " \"components\": [\n"
    "  {\"id\": \"clutch\", \"kind\": \"rotational.clutch\", \"position\": [100, 100]},\n"
    "  {\"id\": \"gear\", \"kind\": \"rotational.ideal_gear\", \"position\": [220, 100]},\n"
    "  {\"id\": \"load\", \"kind\": \"rotational.inertia\", \"position\": [340, 100]},\n"
    "  {\"id\": \"housing\", \"kind\": \"rotational.fixed\", \"position\": [220, 200]}\n"
    " ],\n"
    " \"connections\": [\n"
    "  {\"from\": \"clutch.flange_b\", \"to\": \"load.flange_a\"},\n"
    "  {\"from\": \"gear.support\", \"to\": \"housing.flange\"}\n"
    " ]}\n";
  const char *files[] = { NULL, "vehicle-launch.shaft" };

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *path = files[f] != NULL ? g_build_filename (g_getenv ("SW_SOURCE_ROOT"), "data", "examples",
                                                                   files[f], NULL)
                                               : NULL;
      g_autoptr(SwModel) model = path != NULL ? sw_model_new_from_file (path, &error)
                                              : sw_model_new_from_data (text, -1, "wires.shaft", &error);
      SwCanvas *canvas;
      const SwCanvasRoute *routes;
      guint checked = 0;

      g_assert_no_error (error);
      canvas = new_canvas (model);
      routes = _sw_canvas_get_routes (canvas);
      for (guint i = 0; i < sw_model_get_n_connections (model); i++)
        {
          const SwConnection *c = sw_model_get_connection (model, i);

          g_assert_cmpuint (routes[i].n_points, >=, 2);
          for (guint k = 0; k < sw_model_get_n_components (model); k++)
            {
              if (k == c->from_component || k == c->to_component)
                continue;
              if (route_enters (&routes[i], &_sw_canvas_get_item (canvas, k)->box))
                g_error ("%s: the wire %s.%u → %s.%u runs through %s",
                         files[f] != NULL ? files[f] : "wires.shaft",
                         sw_model_get_component (model, c->from_component)->id, c->from_port,
                         sw_model_get_component (model, c->to_component)->id, c->to_port,
                         sw_model_get_component (model, k)->id);
              checked++;
            }
        }
      g_assert_cmpuint (checked, >, 0);
      g_object_unref (canvas);
    }
}

int
main (int   argc,
      char *argv[])
{
  if (!canvas_test_init (&argc, &argv))
    return g_test_run ();

  g_test_add_func ("/ui/canvas/draw", test_draw);
  g_test_add_func ("/ui/canvas/labels-apart", test_labels_apart);
  g_test_add_func ("/ui/canvas/wires-around-symbols", test_wires_around_symbols);
  g_test_add_func ("/ui/canvas/modes-inside-subsystem", test_modes_inside_subsystem);

  return g_test_run ();
}
