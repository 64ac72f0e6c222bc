/* test-symbols-ports.c: ports sit on the symbol box edge on the grid and show
 * their domain.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <cairo.h>
#include <glib.h>

#include "sw-kind.h"
#include "sw-model.h"
#include "sw-symbols.h"
#include "test-symbols-common.h"

static void
test_ports_on_edge (void)
{
  guint n_kinds;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n_kinds);

  for (guint k = 0; k < n_kinds; k++)
    {
      const SwKind *kind = kinds[k];
      double w = 0, h = 0;

      sw_symbol_get_size (kind, &w, &h);
      g_assert_cmpfloat (w, >, 0);
      g_assert_cmpfloat (h, >, 0);
      /* The box is whole grid steps, so a centre on the grid puts the
       * edges on it. */
      g_assert_cmpfloat (fmod (w, 20), ==, 0);
      g_assert_cmpfloat (fmod (h, 20), ==, 0);

      for (guint p = 0; p < kind->n_ports; p++)
        {
          double x = NAN, y = NAN;
          gboolean on_side, on_top_bottom;

          sw_symbol_get_port_position (kind, p, &x, &y);
          on_side = fabs (fabs (x) - w / 2) < 1e-9 && fabs (y) <= h / 2;
          on_top_bottom = fabs (fabs (y) - h / 2) < 1e-9 && fabs (x) <= w / 2;
          if (!on_side && !on_top_bottom)
            g_test_message ("%s.%s at (%g, %g), box %g × %g", kind->name, kind->ports[p].name, x, y, w, h);
          g_assert_true (on_side || on_top_bottom);
          /* On the grid, so that wires run straight. */
          g_assert_cmpfloat (fmod (fabs (x), 10), ==, 0);
          g_assert_cmpfloat (fmod (fabs (y), 10), ==, 0);
          /* Supports below. */
          if (kind->ports[p].is_support)
            g_assert_cmpfloat (y, ==, h / 2);

          /* No two ports in one place. */
          for (guint q = 0; q < p; q++)
            {
              double x2, y2;

              sw_symbol_get_port_position (kind, q, &x2, &y2);
              g_assert_false (x == x2 && y == y2);
            }
        }
    }

  /* Modelica's layout for two-flange elements: flange_a left, flange_b right. */
  {
    const SwKind *inertia = sw_catalog_lookup ("rotational.inertia");
    double x, y;

    g_assert_nonnull (inertia);
    sw_symbol_get_port_position (inertia, sw_kind_find_port (inertia, "flange_a"), &x, &y);
    g_assert_cmpfloat (x, <, 0);
    g_assert_cmpfloat (y, ==, 0);
    sw_symbol_get_port_position (inertia, sw_kind_find_port (inertia, "flange_b"), &x, &y);
    g_assert_cmpfloat (x, >, 0);
    g_assert_cmpfloat (y, ==, 0);
  }
}

/* The colour painted at frame point (fx, fy), un-premultiplied. */
static void
pixel_at (cairo_surface_t *surface,
          double           scale,
          double           fx,
          double           fy,
          double           rgba[4])
{
  int size = cairo_image_surface_get_width (surface);
  int x = (int) floor (size / 2.0 + fx * scale), y = (int) floor (size / 2.0 + fy * scale);
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint32 pixel = *(const guint32 *) (gconstpointer) (data + y * cairo_image_surface_get_stride (surface) + 4 * x);
  double a = (pixel >> 24) / 255.0;

  rgba[3] = a;
  rgba[0] = a > 0 ? ((pixel >> 16) & 0xff) / 255.0 / a : 0;
  rgba[1] = a > 0 ? ((pixel >> 8) & 0xff) / 255.0 / a : 0;
  rgba[2] = a > 0 ? (pixel & 0xff) / 255.0 / a : 0;
}

static void
test_port_colours (void)
{
  guint n_kinds;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n_kinds);
  const double scale = 4;
  SwSymbolStyle style = sw_symbol_style_default (FALSE);
  guint n_translational = 0;

  for (guint k = 0; k < n_kinds; k++)
    {
      const SwKind *kind = kinds[k];
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 160 * scale, 160 * scale);
      cairo_t *cr = cairo_create (surface);

      cairo_translate (cr, 80 * scale, 80 * scale);
      cairo_scale (cr, scale, scale);
      sw_symbol_draw (cr, kind, &style);
      cairo_destroy (cr);
      cairo_surface_flush (surface);

      for (guint p = 0; p < kind->n_ports; p++)
        {
          const double *expected = kind->ports[p].domain == SW_DOMAIN_TRANSLATIONAL
                                   ? style.translational : style.rotational;
          double x, y, rgba[4];

          /* The left edge of the port's square, clear of the wire stub:
           * filled or outlined, it has the domain's colour. */
          sw_symbol_get_port_position (kind, p, &x, &y);
          pixel_at (surface, scale, x - 3.9, y - 2.5, rgba);
          g_assert_cmpfloat (rgba[3], >, 0.9);
          for (guint c = 0; c < 3; c++)
            g_assert_cmpfloat_with_epsilon (rgba[c], expected[c], 0.02);
          if (kind->ports[p].domain == SW_DOMAIN_TRANSLATIONAL)
            n_translational++;
        }
      cairo_surface_destroy (surface);
    }
  g_assert_cmpuint (n_translational, >, 0);

  /* The two domains look different. */
  g_assert_cmpfloat (fabs (style.translational[1] - style.rotational[1]) +
                     fabs (style.translational[0] - style.rotational[0]), >, 0.2);
}

static void
test_flange_b_hollow (void)
{
  const SwKind *inertia = sw_catalog_lookup ("rotational.inertia");
  SwSymbolStyle style = sw_symbol_style_default (FALSE);
  const double scale = 4;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 160 * scale, 160 * scale);
  cairo_t *cr = cairo_create (surface);
  double ax, ay, bx, by, a[4], b[4];

  cairo_translate (cr, 80 * scale, 80 * scale);
  cairo_scale (cr, scale, scale);
  sw_symbol_draw (cr, inertia, &style);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  /* Just off the centre of each flange (clear of the shaft line). */
  sw_symbol_get_port_position (inertia, 0, &ax, &ay);
  sw_symbol_get_port_position (inertia, 1, &bx, &by);
  pixel_at (surface, scale, ax + 1, ay - 2.5, a);
  pixel_at (surface, scale, bx + 1, by - 2.5, b);
  for (guint c = 0; c < 3; c++)
    g_assert_cmpfloat_with_epsilon (a[c], style.rotational[c], 0.02);
  /* flange_b is white inside on a light page. */
  g_assert_cmpfloat (b[0] + b[1] + b[2], >, 2.9);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/symbols/ports-on-edge", test_ports_on_edge);
  g_test_add_func ("/ui/symbols/port-colours", test_port_colours);
  g_test_add_func ("/ui/symbols/flange-b-hollow", test_flange_b_hollow);

  return g_test_run ();
}
