/* test-canvas-router.c: wires keep off every part they do not join, its
 * box and its ports (sw-canvas-router.c): a wire beside a part's edge,
 * once drawn through its port, and a crowded drawing of 100 parts whose
 * wires cross the drawing, where no routed segment enters another part's
 * box. The time the routes of that drawing take is printed (no timing
 * assertion).
 *
 * Needs a display (xvfb-run); GSK_RENDERER=cairo. SW_SCREENSHOTS=DIR keeps
 * router-crowded.png there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-canvas-common.h"

#include <time.h>

/* This thread's processor time in ms: figures that a loaded machine
 * (other programs on the same cores) does not inflate as much. */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Whether the polyline enters rect grown by margin (its edge does not
 * count; a margin of 2 counts the box's edge, where the ports are). */
static gboolean
route_enters (const SwCanvasRoute *route,
              const SwCanvasRect  *box,
              double               margin)
{
  SwCanvasRect rect = _sw_canvas_rect_inflate (box, margin);

  for (guint i = 0; i + 1 < route->n_points; i++)
    for (guint k = 0; k <= 400; k++)
      {
        double x = route->x[i] + (route->x[i + 1] - route->x[i]) * k / 400.0;
        double y = route->y[i] + (route->y[i + 1] - route->y[i]) * k / 400.0;

        if (x > rect.x + 1 && x < rect.x + rect.width - 1 && y > rect.y + 1 && y < rect.y + rect.height - 1)
          return TRUE;
      }
  return FALSE;
}

/* Every route from its port to its port, orthogonal. */
static void
check_shape (SwCanvas           *canvas,
             const SwConnection *c,
             const SwCanvasRoute *route)
{
  const SwCanvasItem *a = _sw_canvas_get_item (canvas, c->from_component);
  const SwCanvasItem *b = _sw_canvas_get_item (canvas, c->to_component);

  g_assert_cmpuint (route->n_points, >=, 2);
  g_assert_cmpfloat_with_epsilon (route->x[0], a->port_x[c->from_port], 1e-9);
  g_assert_cmpfloat_with_epsilon (route->y[0], a->port_y[c->from_port], 1e-9);
  g_assert_cmpfloat_with_epsilon (route->x[route->n_points - 1], b->port_x[c->to_port], 1e-9);
  g_assert_cmpfloat_with_epsilon (route->y[route->n_points - 1], b->port_y[c->to_port], 1e-9);
  for (guint i = 0; i + 1 < route->n_points; i++)
    g_assert_true (fabs (route->x[i + 1] - route->x[i]) < 1e-9 || fabs (route->y[i + 1] - route->y[i]) < 1e-9);
}

/* How many wires pass through a part they do not join (box and ports). */
static guint
count_through (SwCanvas *canvas,
               SwModel  *model,
               gboolean  verbose)
{
  const SwCanvasRoute *routes = _sw_canvas_get_routes (canvas);
  guint through = 0;

  for (guint i = 0; i < sw_model_get_n_connections (model); i++)
    {
      const SwConnection *c = sw_model_get_connection (model, i);

      check_shape (canvas, c, &routes[i]);
      for (guint k = 0; k < sw_model_get_n_components (model); k++)
        if (k != c->from_component && k != c->to_component &&
            route_enters (&routes[i], &_sw_canvas_get_item (canvas, k)->box, 2))
          {
            if (verbose)
              g_test_message ("the wire %s.%u → %s.%u passes through %s",
                              sw_model_get_component (model, c->from_component)->id, c->from_port,
                              sw_model_get_component (model, c->to_component)->id, c->to_port,
                              sw_model_get_component (model, k)->id);
            through++;
          }
    }
  return through;
}

/* Two inertias turned upright, one above the other, and a third part
 * between them whose left edge (its port flange_a) is on the line that
 * joins their ports: the wire once went straight down through that port,
 * as if connected to it. */
static void
test_port_on_the_way (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SwModel) model = NULL;
  const SwCanvasItem *a, *middle;
  g_autofree char *text = NULL;
  SwCanvas *canvas;
  double left;

  /* Where the lower inertia's top port is, and where the middle part's
   * left edge is for its x: measured, then placed. */
  model = sw_model_new_from_data ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
                                  "{\"id\": \"top\", \"kind\": \"rotational.inertia\", \"position\": [200, 100],"
                                  " \"ui\": {\"rotation\": 90}},"
                                  "{\"id\": \"mid\", \"kind\": \"rotational.damper\", \"position\": [300, 200]}],"
                                  " \"connections\": []}", -1, "probe.shaft", &error);
  g_assert_no_error (error);
  canvas = new_canvas (model);
  a = _sw_canvas_get_item (canvas, 0);
  middle = _sw_canvas_get_item (canvas, 1);
  /* The middle part moved so that its flange_a port is below top's. */
  left = 300 + (a->port_x[1] - middle->port_x[0]);
  g_object_unref (canvas);
  g_clear_object (&model);

  text = g_strdup_printf ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
                          "{\"id\": \"top\", \"kind\": \"rotational.inertia\", \"position\": [200, 100],"
                          " \"ui\": {\"rotation\": 90}},"
                          "{\"id\": \"mid\", \"kind\": \"rotational.damper\", \"position\": [%.17g, 200]},"
                          "{\"id\": \"bottom\", \"kind\": \"rotational.inertia\", \"position\": [200, 300],"
                          " \"ui\": {\"rotation\": 90}}],"
                          " \"connections\": [{\"from\": \"top.flange_b\", \"to\": \"bottom.flange_a\"}]}", left);
  model = sw_model_new_from_data (text, -1, "port.shaft", &error);
  g_assert_no_error (error);
  canvas = new_canvas (model);
  a = _sw_canvas_get_item (canvas, 0);
  middle = _sw_canvas_get_item (canvas, 1);
  /* The layout is as meant: the middle part's port on the straight line. */
  g_assert_cmpfloat_with_epsilon (middle->port_x[0], a->port_x[1], 1e-9);
  g_assert_cmpfloat (middle->port_y[0], >, a->port_y[1]);
  g_assert_cmpfloat (middle->port_y[0], <, _sw_canvas_get_item (canvas, 2)->port_y[0]);
  g_assert_cmpuint (count_through (canvas, model, TRUE), ==, 0);
  g_object_unref (canvas);
}

/* 100 parts on a 10 × 10 grid, closely spaced, each wired to one or two
 * parts up to three places away (fixed seed): wires have to find ways
 * between the parts. */
static SwModel *
crowded_model (guint *n_wires)
{
  static const char *const kinds[] = { "rotational.inertia", "rotational.spring", "rotational.damper",
                                       "rotational.inertia" };
  g_autoptr(GString) s = g_string_new ("{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": [");
  g_autoptr(GRand) rand = g_rand_new_with_seed (26);
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) pairs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  SwModel *model;

  for (guint i = 0; i < 100; i++)
    g_string_append_printf (s, "%s{\"id\": \"p%u\", \"kind\": \"%s\", \"position\": [%u, %u]%s}", i > 0 ? "," : "", i,
                            kinds[i % 4], 100 + 110 * (i % 10), 100 + 90 * (i / 10),
                            (i / 10) % 3 == 1 && i % 2 == 0 ? ", \"ui\": {\"rotation\": 90}" : "");
  g_string_append (s, "], \"connections\": [");
  *n_wires = 0;
  for (guint i = 0; i < 100; i++)
    for (guint w = 0; w < 1 + (i % 3 == 0); w++)
      {
        int col = (int) (i % 10) + g_rand_int_range (rand, -3, 4), row = (int) (i / 10) + g_rand_int_range (rand, -3, 4);
        char from = g_rand_boolean (rand) ? 'a' : 'b', to = g_rand_boolean (rand) ? 'a' : 'b';
        guint j;

        if (col < 0 || col > 9 || row < 0 || row > 9)
          continue;
        j = (guint) (row * 10 + col);
        /* Each pair of ports once. */
        if (j == i || !g_hash_table_add (pairs, g_strdup_printf ("%u%c-%u%c", MIN (i, j), i < j ? from : to,
                                                                MAX (i, j), i < j ? to : from)))
          continue;
        g_string_append_printf (s, "%s{\"from\": \"p%u.flange_%c\", \"to\": \"p%u.flange_%c\"}", *n_wires > 0 ? "," : "",
                                i, from, j, to);
        (*n_wires)++;
      }
  g_string_append (s, "]}");
  model = sw_model_new_from_data (s->str, -1, "crowded.shaft", &error);
  g_assert_no_error (error);
  return model;
}

static void
test_crowded (void)
{
  guint n_wires = 0, through;
  g_autoptr(SwModel) model = crowded_model (&n_wires);
  SwCanvas *canvas = new_canvas (model);
  double best_ms = INFINITY;

  g_assert_cmpuint (sw_model_get_n_components (model), ==, 100);
  g_assert_cmpuint (n_wires, >=, 80);
  g_assert_cmpuint (sw_model_get_n_connections (model), ==, n_wires);
  /* What a move costs a frame: the routes again, least of 5 (processor
   * time). */
  for (guint r = 0; r < 5; r++)
    {
      double t0;

      _sw_canvas_rebuild_items (canvas);
      t0 = cpu_ms ();
      (void) _sw_canvas_get_routes (canvas);
      best_ms = MIN (best_ms, cpu_ms () - t0);
    }
  g_test_message ("routing %u wires among 100 parts: %.2f ms of processor time (least of 5)", n_wires, best_ms);

  through = count_through (canvas, model, TRUE);
  g_test_message ("%u wires among 100 parts: %u pass through a part", n_wires, through);
  g_assert_cmpuint (through, ==, 0);

  if (g_getenv ("SW_SCREENSHOTS") != NULL)
    {
      GtkWidget *window = gtk_window_new ();

      gtk_window_set_default_size (GTK_WINDOW (window), 1300, 1050);
      gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (canvas));
      gtk_window_present (GTK_WINDOW (window));
      sw_ui_test_iterate (500);
      sw_ui_test_keep_widget (GTK_WIDGET (canvas), "SW_SCREENSHOTS", "router-crowded.png");
      /* A whole frame after a move: the items, the routes and the
       * drawing, least of 5. */
      best_ms = INFINITY;
      for (guint r = 0; r < 5; r++)
        {
          GtkSnapshot *snapshot = gtk_snapshot_new ();
          double t0 = cpu_ms ();

          _sw_canvas_rebuild_items (canvas);
          GTK_WIDGET_GET_CLASS (canvas)->snapshot (GTK_WIDGET (canvas), snapshot);
          gsk_render_node_unref (gtk_snapshot_free_to_node (snapshot));
          best_ms = MIN (best_ms, cpu_ms () - t0);
        }
      g_test_message ("a frame of 100 parts after a move: %.2f ms of processor time (least of 5)", best_ms);
      gtk_window_destroy (GTK_WINDOW (window));
      sw_ui_test_iterate (50);
    }
  g_object_unref (canvas);
}

int
main (int   argc,
      char *argv[])
{
  if (!canvas_test_init (&argc, &argv))
    return g_test_run ();

  g_test_add_func ("/ui/canvas/router/port-on-the-way", test_port_on_the_way);
  g_test_add_func ("/ui/canvas/router/crowded", test_crowded);

  return g_test_run ();
}
