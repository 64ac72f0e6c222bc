/* test-symbols-draw.c: every kind's symbol draws into an image surface within
 * its box (at 100 % and 300 %, turned and flipped, light and dark), and the
 * fallback for an unknown kind. SW_SYMBOLS_SHOTS=DIR keeps a sheet of every
 * symbol.
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

/* With SW_SYMBOLS_SHOTS=DIR, a sheet of every kind's symbol at scale,
 * light above dark, each in a cell of 100 units, written to
 * DIR/symbols-<percent>.png. */
static void
write_sheet (const char *folder,
             double      scale)
{
  guint n_kinds;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n_kinds);
  const guint columns = 12, rows = (n_kinds + columns - 1) / columns;
  const double cell = 100 * scale;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) (columns * cell),
                                                         (int) (2 * rows * cell));
  cairo_t *cr = cairo_create (surface);
  g_autofree char *name = g_strdup_printf ("symbols-%.0f.png", 100 * scale);
  g_autofree char *path = g_build_filename (folder, name, NULL);

  for (int dark = 0; dark < 2; dark++)
    {
      SwSymbolStyle style = sw_symbol_style_default (dark);

      if (dark)
        cairo_set_source_rgb (cr, 0.118, 0.118, 0.118);
      else
        cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_rectangle (cr, 0, dark * rows * cell, columns * cell, rows * cell);
      cairo_fill (cr);
      for (guint k = 0; k < n_kinds; k++)
        {
          cairo_save (cr);
          cairo_translate (cr, (k % columns + 0.5) * cell, (dark * rows + k / columns + 0.4) * cell);
          cairo_scale (cr, scale, scale);
          sw_symbol_draw (cr, kinds[k], &style);
          cairo_set_source_rgb (cr, dark ? 0.8 : 0.3, dark ? 0.8 : 0.3, dark ? 0.8 : 0.3);
          cairo_set_font_size (cr, 6);
          cairo_move_to (cr, -48, 45);
          cairo_show_text (cr, kinds[k]->name);
          cairo_restore (cr);
        }
    }
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  g_test_message ("wrote %s", path);
  cairo_surface_destroy (surface);
}

static void
test_draw_all (void)
{
  const char *shots = g_getenv ("SW_SYMBOLS_SHOTS");
  guint n_kinds;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n_kinds);
  const double scales[] = { 1.0, 3.0 };

  g_assert_cmpuint (n_kinds, >, 0);
  for (guint k = 0; k < n_kinds; k++)
    for (guint s = 0; s < G_N_ELEMENTS (scales); s++)
      for (int dark = 0; dark < 2; dark++)
        {
          PixelCount count = draw_and_count (kinds[k], scales[s], 0, FALSE, dark, PORT_OVERHANG);
          double w, h;

          sw_symbol_get_size (kinds[k], &w, &h);
          if (count.outside > 0)
            g_test_message ("%s at %g: %u pixels outside", kinds[k]->name, scales[s], count.outside);
          g_assert_cmpuint (count.outside, ==, 0);
          /* Something that looks like a symbol: at least a tenth of the
           * box's area is painted. */
          g_assert_cmpfloat (count.inside, >, 0.1 * w * h * scales[s] * scales[s]);
        }
  if (shots != NULL)
    {
      g_assert_cmpint (g_mkdir_with_parents (shots, 0755), ==, 0);
      write_sheet (shots, 1);
      write_sheet (shots, 2);
    }
}

/* At scales that are not binary fractions (the canvas's zoom to fit,
 * 0.64 say) no symbol paints outside its box either: cairo's rasteriser
 * works in 24.8 fixed point, so a scale like 1 or 2 can hide what a
 * scale like 0.65 shows (the one-way clutch's ratchet teeth once leaked
 * a band to the surface's edge there). */
static void
test_draw_odd_scales (void)
{
  guint n_kinds;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n_kinds);

  for (guint k = 0; k < n_kinds; k++)
    for (int step = 0; step <= 34; step++)
      for (int dark = 0; dark < 2; dark++)
        {
          double scale = 0.3 + 0.05 * step;
          /* The hollow flange_b's stroke (1.2 wide) reaches 0.6 units
           * past the port's overhang: near scale 2 the anti-aliasing
           * margin alone no longer covers it. */
          PixelCount count = draw_and_count (kinds[k], scale, 0, FALSE, dark, PORT_OVERHANG + 0.6);

          if (count.outside > 0)
            g_test_message ("%s at %g (%s): %u pixels outside", kinds[k]->name, scale,
                            dark ? "dark" : "light", count.outside);
          g_assert_cmpuint (count.outside, ==, 0);
          g_assert_cmpuint (count.inside, >, 0);
        }
}

static void
test_draw_turned (void)
{
  guint n_kinds;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n_kinds);

  /* Upright text inside turned or mirrored symbols ("K", "ω") stays in
   * the box too. */
  for (guint k = 0; k < n_kinds; k++)
    for (int rotation = 0; rotation < 360; rotation += 90)
      for (int flipped = 0; flipped < 2; flipped++)
        {
          PixelCount count = draw_and_count (kinds[k], 2.0, rotation, flipped, FALSE, PORT_OVERHANG);

          g_assert_cmpuint (count.outside, ==, 0);
          g_assert_cmpuint (count.inside, >, 0);
        }
}

static void
test_style (void)
{
  SwSymbolStyle light = sw_symbol_style_default (FALSE);
  SwSymbolStyle dark = sw_symbol_style_default (TRUE);
  double l = light.fg[0] + light.fg[1] + light.fg[2];
  double d = dark.fg[0] + dark.fg[1] + dark.fg[2];

  /* Dark lines on light, light lines on dark. */
  g_assert_cmpfloat (l, <, 1.0);
  g_assert_cmpfloat (d, >, 2.0);
  g_assert_cmpfloat (light.fg[3], ==, 1);
  g_assert_cmpfloat (dark.problem[0], >, dark.problem[2]);
  g_assert_cmpfloat (light.problem[0], >, light.problem[2]);
}
/* A known name whose ports do not fit its picture: drawn as a box. */
static const SwKind odd_spring = {
  .name = "rotational.spring", .label = "Odd spring", .group = "Rotational",
  .ports = future_ports, .n_ports = 3,
};

static void
test_fallback (void)
{
  const SwKind *kinds[] = { &future_kind, &odd_spring };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      PixelCount count = draw_and_count (kinds[k], 2, 0, FALSE, FALSE, PORT_OVERHANG);
      double w, h;

      g_assert_cmpuint (count.outside, ==, 0);
      g_assert_cmpuint (count.inside, >, 0);
      sw_symbol_get_size (kinds[k], &w, &h);
      for (guint p = 0; p < kinds[k]->n_ports; p++)
        {
          double x, y;

          sw_symbol_get_port_position (kinds[k], p, &x, &y);
          g_assert_true ((fabs (fabs (x) - w / 2) < 1e-9 && fabs (y) <= h / 2) ||
                         (fabs (fabs (y) - h / 2) < 1e-9 && fabs (x) <= w / 2));
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/symbols/draw-all", test_draw_all);
  g_test_add_func ("/ui/symbols/draw-turned", test_draw_turned);
  g_test_add_func ("/ui/symbols/draw-odd-scales", test_draw_odd_scales);
  g_test_add_func ("/ui/symbols/style", test_style);
  g_test_add_func ("/ui/symbols/fallback", test_fallback);

  return g_test_run ();
}
