/* test-symbols.c: every kind's symbol draws into an image surface within
 * its box (at 100 % and 300 %, turned and flipped, light and dark), ports
 * sit on the box edge on the grid and show their domain, the fallback for
 * an unknown kind, kinds with pictures of their own (pixel checks, unlike
 * the box and their nearest neighbour), and the key text with pretty
 * units. SW_SYMBOLS_SHOTS=DIR keeps a sheet of every symbol, light and
 * dark, at 100 % and 200 %.
 *
 * Needs no display: pure cairo.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include <cairo.h>
#include <glib.h>

#include "sw-kind.h"
#include "sw-model.h"
#include "sw-symbols.h"

/* Ports stick out of the box by half their size (8 units). */
#define PORT_OVERHANG 4.0
/* Anti-aliasing reaches a pixel further. */
#define AA_MARGIN     1.5

typedef struct {
  guint inside;    /* painted pixels within the box and its ports */
  guint outside;   /* painted pixels further out */
} PixelCount;

/* Draws kind centred in a surface at scale, turned by rotation (degrees)
 * and flipped, and counts painted pixels inside and outside the turned box
 * grown by margin units. */
static PixelCount
draw_and_count (const SwKind *kind,
                double        scale,
                int           rotation,
                gboolean      flipped,
                gboolean      dark,
                double        margin)
{
  const int size = (int) (160 * scale);
  SwSymbolStyle style = sw_symbol_style_default (dark);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cairo_t *cr = cairo_create (surface);
  double w = 0, h = 0, half_w, half_h;
  PixelCount count = { 0, 0 };
  const guint8 *data;
  int stride;

  sw_symbol_get_size (kind, &w, &h);
  if (rotation % 180 != 0)
    {
      double t = w;

      w = h;
      h = t;
    }

  cairo_translate (cr, size / 2.0, size / 2.0);
  cairo_scale (cr, scale, scale);
  cairo_rotate (cr, rotation * G_PI / 180);
  if (flipped)
    cairo_scale (cr, -1, 1);
  sw_symbol_draw (cr, kind, &style);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);

  half_w = (w / 2 + margin) * scale + AA_MARGIN;
  half_h = (h / 2 + margin) * scale + AA_MARGIN;
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < size; y++)
    for (int x = 0; x < size; x++)
      {
        guint32 pixel = *(const guint32 *) (gconstpointer) (data + y * stride + 4 * x);
        double dx = x + 0.5 - size / 2.0, dy = y + 0.5 - size / 2.0;

        if ((pixel >> 24) < 16)
          continue;
        if (fabs (dx) <= half_w && fabs (dy) <= half_h)
          count.inside++;
        else
          count.outside++;
      }

  cairo_surface_destroy (surface);
  return count;
}

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

/* A kind from the future: unknown name, three flanges and a support. */
static const SwPortDesc future_ports[] = {
  { "a", SW_DOMAIN_ROTATIONAL, FALSE },
  { "b", SW_DOMAIN_ROTATIONAL, FALSE },
  { "c", SW_DOMAIN_TRANSLATIONAL, FALSE },
  { "housing", SW_DOMAIN_ROTATIONAL, TRUE },
};
static const SwParamDesc future_params[] = {
  { "k", "Constant", "s-1", SW_PARAM_REAL, 1, 0, 10, FALSE, "" },
  { "on", "Enabled", "", SW_PARAM_BOOLEAN, 1, 0, 1, FALSE, "" },
  { "v", "Volume", "m3", SW_PARAM_REAL, 1, 0, 10, FALSE, "" },
  { "q", "Something", "kg.m2/s2", SW_PARAM_REAL, 1, 0, 10, FALSE, "" },
};
static const SwKind future_kind = {
  .name = "future.widget", .label = "Widget", .group = "Future",
  .ports = future_ports, .n_ports = G_N_ELEMENTS (future_ports),
  .params = future_params, .n_params = G_N_ELEMENTS (future_params),
  .key_param = "k",
};
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

/* Alpha of the pixel at (x, y) of the frame, the symbol drawn at scale 4. */
static guint
probe (const SwKind *kind,
       double        x,
       double        y)
{
  const double scale = 4;
  const int size = (int) (100 * scale);
  SwSymbolStyle style = sw_symbol_style_default (FALSE);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cairo_t *cr = cairo_create (surface);
  int px = (int) floor (size / 2.0 + x * scale), py = (int) floor (size / 2.0 + y * scale);
  guint alpha;

  cairo_translate (cr, size / 2.0, size / 2.0);
  cairo_scale (cr, scale, scale);
  sw_symbol_draw (cr, kind, &style);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  alpha = cairo_image_surface_get_data (surface)[py * cairo_image_surface_get_stride (surface) + 4 * px + 3];
  cairo_surface_destroy (surface);
  return alpha;
}

static const SwKind *
find_kind (const char *name)
{
  guint n;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n);

  for (guint k = 0; k < n; k++)
    if (strcmp (kinds[k]->name, name) == 0)
      return kinds[k];
  g_error ("no kind %s", name);
  return NULL;
}

/* The friction kinds have pictures of their own, not the labelled box: a
 * clutch's two plates with a gap between them, a brake's disc on the shaft
 * with the caliper below, bearing friction's shaft through a block on
 * hatched ground; the support at the bottom. */
static void
test_friction (void)
{
  const SwKind *clutch = find_kind ("rotational.clutch");
  const SwKind *brake = find_kind ("rotational.brake");
  const SwKind *bearing = find_kind ("rotational.bearing_friction");
  const SwKind *kinds[] = { clutch, brake, bearing, find_kind ("translational.brake"),
                            find_kind ("translational.support_friction") };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      double w, h;

      sw_symbol_get_size (kinds[k], &w, &h);
      g_assert_cmpfloat (w, ==, 60);
      g_assert_cmpfloat (h, ==, 40);
      /* The fallback box's top edge is not there. */
      g_assert_cmpuint (probe (kinds[k], -15, -12), ==, 0);
    }
  {
    SwKind box = *brake;

    box.name = "future.brake";
    g_assert_cmpuint (probe (&box, -15, -12), >, 128);
  }
  /* Clutch: the plates (tinted, opaque) either side of an empty gap, the
   * normal force's arrows above. */
  g_assert_cmpuint (probe (clutch, 0, 0), ==, 0);
  g_assert_cmpuint (probe (clutch, -6.5, 0), ==, 255);
  g_assert_cmpuint (probe (clutch, 6.5, 0), ==, 255);
  g_assert_cmpuint (probe (clutch, -14, -17), >, 128);
  g_assert_cmpuint (probe (clutch, 0, 16), ==, 0);
  /* Brake: the disc through the middle, pads on both sides of it, the
   * caliper's bottom between disc and support. */
  g_assert_cmpuint (probe (brake, 0, -12), ==, 255);
  g_assert_cmpuint (probe (brake, -4, 8), ==, 255);
  g_assert_cmpuint (probe (brake, 4, 8), ==, 255);
  g_assert_cmpuint (probe (brake, -6, 16), >, 128);
  g_assert_cmpuint (probe (brake, 0, -18), ==, 0);
  /* Bearing friction: the shaft through the block, the ground under it. */
  g_assert_cmpuint (probe (bearing, -20, 0), >, 128);
  g_assert_cmpuint (probe (bearing, 0, -6), ==, 255);
  g_assert_cmpuint (probe (bearing, -13, 12), >, 128);
  g_assert_cmpuint (probe (bearing, 0, -12), ==, 0);
}

/* A pixel check: the alpha at (x, y) of the frame is 0 (empty), 255
 * (an opaque fill) or above 128 (a line). */
typedef enum { EMPTY, OPAQUE, LINE } Expect;

typedef struct {
  double x, y;
  Expect expect;
} Probe;

static gboolean
probes_pass (const SwKind *kind,
             const Probe  *probes,
             guint         n_probes,
             gboolean      verbose)
{
  gboolean pass = TRUE;

  for (guint i = 0; i < n_probes; i++)
    {
      guint alpha = probe (kind, probes[i].x, probes[i].y);
      gboolean ok = probes[i].expect == EMPTY ? alpha == 0
                    : probes[i].expect == OPAQUE ? alpha == 255 : alpha > 128;

      if (!ok && verbose)
        g_test_message ("%s at (%g, %g): alpha %u", kind->name, probes[i].x, probes[i].y, alpha);
      pass = pass && ok;
    }
  return pass;
}

/* Each kind passes its checks and the labelled box it used to be drawn as
 * fails them. */
static void
check_own_picture (const char  *name,
                   const Probe *probes,
                   guint        n_probes)
{
  const SwKind *kind = find_kind (name);
  SwKind box = *kind;
  double w, h;

  sw_symbol_get_size (kind, &w, &h);
  g_assert_cmpfloat (w, ==, 60);
  g_assert_cmpfloat (h, ==, 40);
  g_assert_true (probes_pass (kind, probes, n_probes, TRUE));

  /* The box (60 × 40 for two flanges, taller for more), its top edge 8
   * inside the frame's. */
  box.name = "future.box";
  sw_symbol_get_size (&box, &w, &h);
  g_assert_cmpfloat (w, ==, 60);
  g_assert_cmpfloat (h, >=, 40);
  g_assert_cmpuint (probe (&box, -15, -(h / 2 - 8)), >, 128);
  g_assert_false (probes_pass (&box, probes, n_probes, FALSE));
}

/* A subsystem is a framed block, its one port on the right where the
 * flywheel's flange is inside; a port without a place inside alternates. */
static void
test_subsystem (void)
{
  const char *text = "{\"format\": \"shaftwork-model\", \"version\": 1, \"subsystems\": {\n"
                     " \"Out\": {\"interface\": {\"ports\": {\"out\": \"b.flange_b\"}},\n"
                     "  \"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\", \"position\": [0, 0]},\n"
                     "                 {\"id\": \"b\", \"kind\": \"rotational.inertia\", \"position\": [200, 0]}]},\n"
                     " \"Two\": {\"interface\": {\"ports\": {\"x\": \"a.flange_a\", \"y\": \"a.flange_b\"}},\n"
                     "  \"components\": [{\"id\": \"a\", \"kind\": \"rotational.inertia\"}]}},\n"
                     "\"components\": [{\"id\": \"o\", \"kind\": \"subsystem\", \"subsystem\": \"Out\"},\n"
                     " {\"id\": \"t\", \"kind\": \"subsystem\", \"subsystem\": \"Two\"}]}";
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "m.shaft", &error);
  const SwKind *out, *two;
  double x, y, w, h, x2;

  g_assert_no_error (error);
  out = sw_model_get_component (model, 0)->kind;
  two = sw_model_get_component (model, 1)->kind;
  sw_symbol_get_size (out, &w, &h);
  sw_symbol_get_port_position (out, 0, &x, &y);
  g_assert_cmpfloat (x, ==, w / 2);
  sw_symbol_get_port_position (two, 0, &x, NULL);
  sw_symbol_get_port_position (two, 1, &x2, NULL);
  g_assert_cmpfloat (x, ==, -x2);
  for (int dark = 0; dark < 2; dark++)
    for (int step = 0; step <= 10; step++)
      {
        PixelCount count = draw_and_count (out, 0.5 + 0.15 * step, 0, FALSE, dark, PORT_OVERHANG + 0.6);

        g_assert_cmpuint (count.outside, ==, 0);
        g_assert_cmpfloat (count.inside, >, 0);
      }
}

/* The one-way clutch, the elasto-backlash, the elasto-gap, the mass with
 * stops and friction and the disc have pictures of their own, not the
 * labelled box. */
static void
test_play_and_stops (void)
{
  /* One-way clutch: the plates either side of an empty gap, the normal
   * force's arrows above, solid ratchet teeth below and the arrow of the
   * direction it runs free in. */
  static const Probe one_way[] = {
    { 0, -6, EMPTY }, { -6.5, -6, OPAQUE }, { 6.5, -6, OPAQUE }, { -14, -17, LINE },
    { -15, -12, EMPTY }, { 0, 8, EMPTY },
    /* Inside the first tooth (its slope from (-14, 17) to (-7, 9)), the
     * gap above the slope, the arrow. */
    { -8.5, 15, OPAQUE }, { -12, 12, EMPTY }, { 12, 13, LINE }, { 16.5, 13, OPAQUE },
  };
  /* Elasto-backlash: the spring-damper's end bars, nothing between spring
   * and damper, the slot's wall and the tooth with play either side. */
  static const Probe backlash[] = {
    { -24, -12, LINE }, { 2, 12, LINE }, { -11, 0, EMPTY }, { -22, -9, LINE },
    { 8, -5, LINE }, { 14.5, -4, LINE }, { 11, 0, EMPTY }, { 17.5, -4, EMPTY },
    { 21, -6, LINE }, { 24, 0, LINE }, { 0, -16, EMPTY },
  };
  /* Elasto-gap: the spring-damper on flange_a, an empty gap, the plate on
   * flange_b. */
  static const Probe gap[] = {
    { -22, -12, LINE }, { 3, 12, LINE }, { 7, 0, EMPTY }, { 7, -9, EMPTY },
    { 13, 11, OPAQUE }, { 13, -13, OPAQUE }, { -9.5, 0, EMPTY },
  };
  /* Mass with stops and friction: the block, a stop each side lower than
   * the flanges, the ground under them reaching past the box, the support
   * down from it. */
  static const Probe stop_mass[] = {
    { 0, -5, OPAQUE }, { -22.5, 7, OPAQUE }, { 22.5, 7, OPAQUE }, { -17, 6, EMPTY },
    { 17, -6, EMPTY }, { -24.5, 12, LINE }, { 24.5, 12, LINE }, { 0, 16, LINE },
    { 0, -14, EMPTY },
  };
  /* Disc: thin, taller than the box, on a shaft. */
  static const Probe disc[] = {
    { 0, -15, OPAQUE }, { 0, 15, OPAQUE }, { -15, 0, LINE }, { 15, 0, LINE },
    { -8, -6, EMPTY }, { 8, 6, EMPTY }, { -4, -15, EMPTY },
  };

  check_own_picture ("rotational.one_way_clutch", one_way, G_N_ELEMENTS (one_way));
  check_own_picture ("rotational.elasto_backlash", backlash, G_N_ELEMENTS (backlash));
  check_own_picture ("translational.elasto_gap", gap, G_N_ELEMENTS (gap));
  check_own_picture ("translational.mass_with_stop_and_friction", stop_mass, G_N_ELEMENTS (stop_mass));
  check_own_picture ("rotational.disc", disc, G_N_ELEMENTS (disc));
}

/* The lossy gear is the ideal gear's pair of wheels with marks of its
 * losses: heat rising above the small wheel and a friction lining between
 * the wheels and the support. The ideal gear has neither. */
static void
test_lossy_gear (void)
{
  static const Probe wheels[] = {
    { -8, -5, OPAQUE }, { 10, 3, OPAQUE }, { 20, 0, LINE }, { -8, -17, EMPTY },
  };
  static const Probe lossy[] = {
    { -8, -5, OPAQUE }, { 10, 3, OPAQUE }, { 20, 0, LINE }, { -8, -17, EMPTY },
    { 6, -14.75, LINE }, { 14, -14.75, LINE }, { 8, -14.75, EMPTY }, { 6, 14, OPAQUE },
  };
  const SwKind *ideal = find_kind ("rotational.ideal_gear");

  check_own_picture ("rotational.lossy_gear", lossy, G_N_ELEMENTS (lossy));
  g_assert_true (probes_pass (ideal, wheels, G_N_ELEMENTS (wheels), TRUE));
  g_assert_cmpuint (probe (ideal, 6, -14.75), ==, 0);
  g_assert_cmpuint (probe (ideal, 14, -14.75), ==, 0);
  g_assert_cmpuint (probe (ideal, 6, 14), ==, 0);
}

/* Twin Builder's kinds, the formula coupling and the line forces have
 * pictures of their own: the rigidity is the spring-damper with its
 * characteristic beside it (which the plain spring-damper lacks), the mass
 * a body on ground with the source node's shaft coming through it from
 * below, the coupling a box with f(x) between two shafts, the line forces
 * a line with one point mass in the middle or one near each end. */
static void
test_twin_builder_and_formula (void)
{
  /* Rigidity: the end bars, nothing between spring and damper, the
   * characteristic's axis, its curve clear of the corners it does not
   * reach (low on the right, high on the left). */
  static const Probe rigidity[] = {
    { -22, -12, LINE }, { 10, 12, LINE }, { -6, 0, EMPTY }, { 21, -16, LINE },
    { 27, -8, EMPTY }, { 16, -14, EMPTY }, { -26, -10, EMPTY },
  };
  /* Mass: the body, the flanges' shafts at its sides, the ground either
   * side of the gap the source node's shaft comes up through, the
   * support's line; nothing above the body. */
  static const Probe mass[] = {
    { 0, -5, OPAQUE }, { -20, 0, LINE }, { 20, 0, LINE }, { -15, 13, LINE }, { 10, 13, LINE },
    { -3, 13, EMPTY }, { 0, 15, LINE }, { 20, 15, LINE }, { 0, -18, EMPTY }, { -20, -10, EMPTY },
  };
  /* Coupling: the shafts, the box's edge and its inside, empty around. */
  static const Probe coupling[] = {
    { -20, 0, LINE }, { 20, 0, LINE }, { 0, -12, LINE }, { -12, -6, OPAQUE },
    { 0, -16, EMPTY }, { -20, -8, EMPTY }, { 20, 8, EMPTY },
  };
  static const Probe one_mass[] = {
    { 0, 3, OPAQUE }, { -15, 0, LINE }, { 15, 0, LINE }, { 0, -8, EMPTY },
    { -16, -3, EMPTY }, { 16, 3, EMPTY },
  };
  static const Probe two_masses[] = {
    { -16, 2, OPAQUE }, { 16, -2, OPAQUE }, { 0, 0, LINE }, { -24, 0, LINE },
    { 0, 3, EMPTY }, { -16, -8, EMPTY }, { 16, 8, EMPTY },
  };
  const char *masses[] = { "rotational.tb_mass", "translational.tb_mass" };

  check_own_picture ("rotational.rigidity", rigidity, G_N_ELEMENTS (rigidity));
  check_own_picture ("translational.rigidity", rigidity, G_N_ELEMENTS (rigidity));
  g_assert_false (probes_pass (find_kind ("rotational.spring_damper"), rigidity, G_N_ELEMENTS (rigidity), FALSE));
  g_assert_cmpuint (probe (find_kind ("rotational.spring_damper"), 21, -16), ==, 0);

  check_own_picture ("rotational.custom_coupling", coupling, G_N_ELEMENTS (coupling));
  check_own_picture ("translational.custom_coupling", coupling, G_N_ELEMENTS (coupling));

  check_own_picture ("translational.line_force_with_mass", one_mass, G_N_ELEMENTS (one_mass));
  check_own_picture ("translational.line_force_with_two_masses", two_masses, G_N_ELEMENTS (two_masses));
  g_assert_false (probes_pass (find_kind ("translational.line_force_with_two_masses"), one_mass,
                               G_N_ELEMENTS (one_mass), FALSE));
  g_assert_false (probes_pass (find_kind ("translational.line_force_with_mass"), two_masses,
                               G_N_ELEMENTS (two_masses), FALSE));

  for (guint k = 0; k < G_N_ELEMENTS (masses); k++)
    {
      const SwKind *kind = find_kind (masses[k]);
      const char *prefix = kind->ports[0].domain == SW_DOMAIN_ROTATIONAL ? "ROT" : "TR";
      g_autofree char *name1 = g_strconcat (prefix, "1", NULL);
      g_autofree char *name2 = g_strconcat (prefix, "2", NULL);
      double w, h, x, y, sx, sy;

      check_own_picture (masses[k], mass, G_N_ELEMENTS (mass));
      g_assert_false (probes_pass (find_kind (k == 0 ? "rotational.inertia" : "translational.mass"),
                                   mass, G_N_ELEMENTS (mass), FALSE));

      /* The predecessor left, the successor right, the source node below
       * the body's middle and the support beside it; nothing on top, so
       * that the canvas puts the label there. */
      sw_symbol_get_size (kind, &w, &h);
      sw_symbol_get_port_position (kind, sw_kind_find_port (kind, name1), &x, &y);
      g_assert_cmpfloat (x, ==, -w / 2);
      g_assert_cmpfloat (y, ==, 0);
      sw_symbol_get_port_position (kind, sw_kind_find_port (kind, name2), &x, &y);
      g_assert_cmpfloat (x, ==, w / 2);
      g_assert_cmpfloat (y, ==, 0);
      sw_symbol_get_port_position (kind, sw_kind_find_port (kind, prefix), &x, &y);
      g_assert_cmpfloat (x, ==, 0);
      g_assert_cmpfloat (y, ==, h / 2);
      sw_symbol_get_port_position (kind, sw_kind_find_port (kind, "support"), &sx, &sy);
      g_assert_cmpfloat (sy, ==, h / 2);
      g_assert_cmpfloat (sx, >, x);
      for (guint p = 0; p < kind->n_ports; p++)
        {
          sw_symbol_get_port_position (kind, p, &x, &y);
          g_assert_cmpfloat (y, >, -h / 2);
        }
    }
}

/* Pixels that differ (alpha apart by more than a quarter) between two
 * kinds' symbols drawn at scale 4, as a share of the pixels either
 * paints. */
static double
share_differing (const SwKind *a,
                 const SwKind *b)
{
  const double scale = 4;
  const int size = (int) (100 * scale);
  SwSymbolStyle style = sw_symbol_style_default (FALSE);
  cairo_surface_t *surfaces[2];
  const SwKind *kinds[2] = { a, b };
  guint n_painted = 0, n_differing = 0;

  for (guint k = 0; k < 2; k++)
    {
      cairo_t *cr;

      surfaces[k] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
      cr = cairo_create (surfaces[k]);
      cairo_translate (cr, size / 2.0, size / 2.0);
      cairo_scale (cr, scale, scale);
      sw_symbol_draw (cr, kinds[k], &style);
      cairo_destroy (cr);
      cairo_surface_flush (surfaces[k]);
    }
  for (int y = 0; y < size; y++)
    for (int x = 0; x < size; x++)
      {
        int stride = cairo_image_surface_get_stride (surfaces[0]);
        guint alpha_a = cairo_image_surface_get_data (surfaces[0])[y * stride + 4 * x + 3];
        guint alpha_b = cairo_image_surface_get_data (surfaces[1])[y * stride + 4 * x + 3];

        if (alpha_a > 0 || alpha_b > 0)
          n_painted++;
        if (ABS ((int) alpha_a - (int) alpha_b) > 64)
          n_differing++;
      }
  cairo_surface_destroy (surfaces[0]);
  cairo_surface_destroy (surfaces[1]);
  g_assert_cmpuint (n_painted, >, 0);
  return (double) n_differing / n_painted;
}

/* Where port name of kind sits. */
static void
assert_port_at (const SwKind *kind,
                const char   *name,
                double        x,
                double        y)
{
  int port = sw_kind_find_port (kind, name);
  double px = NAN, py = NAN;

  g_assert_cmpint (port, >=, 0);
  sw_symbol_get_port_position (kind, port, &px, &py);
  g_assert_cmpfloat (px, ==, x);
  g_assert_cmpfloat (py, ==, y);
}

/* The kinds added with the dynamic engine, the end stops, the latches, the
 * spring and damper in series and the elastic gear meshes have pictures of
 * their own: each passes its pixel checks, the labelled box fails them,
 * and it differs from the symbol nearest to it in more than 15 % of
 * the pixels either paints (the gear pair from the ideal gear's two
 * wheels: 20 %); the ports stay where the box had them. */
static void
test_engine_stops_and_meshes (void)
{
  /* Engine: the crankshaft through, the piston in the cylinder, the head
   * on top, the crankcase, the support's line; empty beside the
   * cylinder. */
  static const Probe engine[] = {
    { -20, 0, LINE }, { 20, 0, LINE }, { 0, -12, OPAQUE }, { 0, -19, OPAQUE },
    { -7.5, -10, LINE }, { -10, 6, OPAQUE }, { 0, 16, LINE }, { -12, -12, EMPTY },
    { 12, -12, EMPTY }, { -20, 10, EMPTY },
  };
  /* End stop: the rod through the hole in the left stop, the body free
   * between the stops, the bracket's base and the support's line; open
   * on top. */
  static const Probe end_stop[] = {
    { -24, 0, LINE }, { 0, 0, OPAQUE }, { -11, -5, EMPTY }, { 11, 0, EMPTY },
    { -18, -8, OPAQUE }, { -18, 8, OPAQUE }, { -18, -2.2, EMPTY }, { 18, 0, OPAQUE },
    { 0, 14, OPAQUE }, { 0, 17, LINE }, { 0, -12, EMPTY },
  };
  /* Latch: the rod, the bar, the pawl's tooth in the notch, its lever and
   * pivot over the support; nothing above the bar or under its right
   * half. */
  static const Probe latch[] = {
    { -25, 0, LINE }, { 10, -2, OPAQUE }, { 0, -6, LINE }, { -10, 2, OPAQUE },
    { -4, 9, OPAQUE }, { 0, 12, OPAQUE }, { 0, 17, LINE }, { 12, 8, EMPTY },
    { 0, -10, EMPTY }, { 24, 0, EMPTY },
  };
  /* Spring and damper in series: the cylinder's back and wall, the
   * piston, the node between damper and spring, a crest of the spring
   * with nothing under it; no end bars. */
  static const Probe series[] = {
    { -24, -4, LINE }, { -15, 8, LINE }, { -11, -4, LINE }, { -7, -8, LINE },
    { 1, 0, OPAQUE }, { 12, -7, LINE }, { 12, 5, EMPTY }, { -16, -12, EMPTY },
    { 0, -12, EMPTY }, { 27, 0, LINE },
  };
  /* Gear pair: both shafts, the pinion left and the wheel right, a
   * tooth of the wheel and the gap beside it, the mesh's spring between
   * them, the support's stub; empty above the mesh. */
  static const Probe gear_pair[] = {
    { -25, 0, LINE }, { 25, 0, LINE }, { -8, 4, OPAQUE }, { 10, -5, OPAQUE },
    { 10, -12, OPAQUE }, { 12.34, -11.77, EMPTY }, { -1, 0, OPAQUE }, { 0, -12, EMPTY },
    { 10, -16, EMPTY }, { 0, 17, LINE }, { 22, -12, EMPTY },
  };
  /* Rack and pinion: the pinion's shaft and body, the rack's body (out
   * to x = ±20, past the ideal R2T's), a rack tooth and the gap after
   * it, flangeT's rod down to the rack's end, both supports. */
  static const Probe rack[] = {
    { -25, 0, LINE }, { -6, -4, OPAQUE }, { 10, 11, OPAQUE }, { -19, 11, OPAQUE },
    { 10.76, 7.5, OPAQUE }, { 12.86, 7, EMPTY }, { 24, 5, LINE }, { 24, 10.5, EMPTY },
    { -20, 17, LINE }, { 20, 17, LINE }, { -20, -10, EMPTY }, { 10, -5, EMPTY },
  };
  /* Worm and wheel: the worm's shaft and barrel, the wheel above it,
   * flange_b's shaft round to the wheel's hub; empty above the worm's
   * left end and right of it below. */
  static const Probe worm[] = {
    { -24, 0, LINE }, { -12, 2, OPAQUE }, { 3, -11, OPAQUE }, { 0, -13, OPAQUE },
    { 22, -5, LINE }, { 15, -11, LINE }, { -12, -10, EMPTY }, { 15, 6, EMPTY },
    { -22, 8, EMPTY }, { 0, 17, LINE },
  };
  static const struct {
    const char  *name;
    const char  *nearest;
    const Probe *probes;
    guint        n_probes;
  } cases[] = {
    { "rotational.engine", "rotational.engine_speed", engine, G_N_ELEMENTS (engine) },
    { "rotational.end_stop", "translational.mass_with_stop_and_friction", end_stop, G_N_ELEMENTS (end_stop) },
    { "translational.end_stop", "rotational.latch", end_stop, G_N_ELEMENTS (end_stop) },
    { "rotational.latch", "rotational.end_stop", latch, G_N_ELEMENTS (latch) },
    { "translational.latch", "translational.end_stop", latch, G_N_ELEMENTS (latch) },
    { "translational.spring_damper_series", "translational.spring_damper", series, G_N_ELEMENTS (series) },
    { "rotational.gear_pair", "rotational.ideal_gear", gear_pair, G_N_ELEMENTS (gear_pair) },
    { "translational.rack_pinion", "rotational.ideal_gear_r2t", rack, G_N_ELEMENTS (rack) },
    { "rotational.worm_wheel", "rotational.ideal_gear", worm, G_N_ELEMENTS (worm) },
  };
  const SwKind *kind;

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const SwKind *nearest = find_kind (cases[c].nearest);
      double share;

      check_own_picture (cases[c].name, cases[c].probes, cases[c].n_probes);
      g_assert_false (probes_pass (nearest, cases[c].probes, cases[c].n_probes, FALSE));
      share = share_differing (find_kind (cases[c].name), nearest);
      g_test_message ("%s against %s: %.0f %% of the pixels differ", cases[c].name, cases[c].nearest, 100 * share);
      g_assert_cmpfloat (share, >, 0.15);
    }
  g_assert_cmpfloat (share_differing (find_kind ("rotational.gear_pair"), find_kind ("rotational.worm_wheel")), >, 0.15);

  kind = find_kind ("rotational.engine");
  assert_port_at (kind, "rot1", -30, 0);
  assert_port_at (kind, "rot2", 30, 0);
  assert_port_at (kind, "support", 0, 20);
  for (guint i = 0; i < 4; i++)
    {
      static const char *const names[] = {
        "rotational.end_stop", "translational.end_stop", "rotational.latch", "translational.latch",
      };

      kind = find_kind (names[i]);
      assert_port_at (kind, "flange", -30, 0);
      assert_port_at (kind, "support", 0, 20);
    }
  kind = find_kind ("translational.spring_damper_series");
  assert_port_at (kind, "frame_a", -30, 0);
  assert_port_at (kind, "frame_b", 30, 0);
  for (guint i = 0; i < 2; i++)
    {
      kind = find_kind (i == 0 ? "rotational.gear_pair" : "rotational.worm_wheel");
      assert_port_at (kind, "flange_a", -30, 0);
      assert_port_at (kind, "flange_b", 30, 0);
      assert_port_at (kind, "support", 0, 20);
    }
  kind = find_kind ("translational.rack_pinion");
  assert_port_at (kind, "flangeR", -30, 0);
  assert_port_at (kind, "flangeT", 30, 0);
  assert_port_at (kind, "supportR", -20, 20);
  assert_port_at (kind, "supportT", 20, 20);
}

static void
check_key_text (const char   *kind_name,
                const char   *param,
                double        value,
                const char   *expected)
{
  const SwKind *kind = sw_catalog_lookup (kind_name);
  double params[SW_KIND_MAX_PARAMS];
  g_autofree char *text = NULL;

  g_assert_nonnull (kind);
  for (guint i = 0; i < SW_KIND_MAX_PARAMS; i++)
    params[i] = NAN;
  params[sw_kind_find_param (kind, param)] = value;
  text = sw_symbol_dup_key_text (kind, params);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_key_text (void)
{
  double params[SW_KIND_MAX_PARAMS] = { 0 };
  g_autofree char *text = NULL;

  check_key_text ("rotational.inertia", "J", 0.1, "J = 0.1 kg·m²");
  check_key_text ("rotational.inertia", "J", 2, "J = 2 kg·m²");
  check_key_text ("rotational.spring", "c", 1e4, "c = 10000 N·m/rad");
  check_key_text ("rotational.damper", "d", 10, "d = 10 N·m·s/rad");
  check_key_text ("translational.damper", "d", 2.5, "d = 2.5 N·s/m");
  check_key_text ("translational.mass", "m", 1500, "m = 1500 kg");
  check_key_text ("rotational.ideal_gear", "ratio", 10, "ratio = 10");
  check_key_text ("rotational.ideal_gear", "ratio", -0.25, "ratio = -0.25");
  check_key_text ("rotational.accelerate", "a_ref", 2, "a_ref = 2 rad/s²");
  check_key_text ("translational.accelerate", "a_ref", 9.81, "a_ref = 9.81 m/s²");
  check_key_text ("rotational.shaft", "c", 1.5e7, "c = 1.5e+07 N·m/rad");
  check_key_text ("rotational.ideal_gear_r2t", "ratio", 3, "ratio = 3 rad/m");
  check_key_text ("rotational.lossy_gear", "ratio", 2, "ratio = 2");
  /* A table: its first row's value (SwComponent.param), named and in the
   * unit of its column. */
  check_key_text ("rotational.bearing_friction", "tau_pos", 1.5, "tau = 1.5 N·m");

  /* A kind without a key parameter has no key text. */
  text = sw_symbol_dup_key_text (sw_catalog_lookup ("rotational.fixed"), params);
  g_assert_null (text);

  /* Units the catalogue does not use yet. */
  params[0] = 3;
  g_clear_pointer (&text, g_free);
  text = sw_symbol_dup_key_text (&future_kind, params);
  g_assert_cmpstr (text, ==, "k = 3 s⁻¹");

  {
    SwKind copy = future_kind;
    double values[SW_KIND_MAX_PARAMS] = { 3, 0, 0.5, 12 };

    copy.key_param = "on";
    g_clear_pointer (&text, g_free);
    text = sw_symbol_dup_key_text (&copy, values);
    g_assert_cmpstr (text, ==, "on = false");

    copy.key_param = "v";
    g_clear_pointer (&text, g_free);
    text = sw_symbol_dup_key_text (&copy, values);
    g_assert_cmpstr (text, ==, "v = 0.5 m³");

    copy.key_param = "q";
    g_clear_pointer (&text, g_free);
    text = sw_symbol_dup_key_text (&copy, values);
    g_assert_cmpstr (text, ==, "q = 12 kg·m²/s²");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/symbols/subsystem", test_subsystem);
  g_test_add_func ("/ui/symbols/draw-all", test_draw_all);
  g_test_add_func ("/ui/symbols/draw-turned", test_draw_turned);
  g_test_add_func ("/ui/symbols/draw-odd-scales", test_draw_odd_scales);
  g_test_add_func ("/ui/symbols/ports-on-edge", test_ports_on_edge);
  g_test_add_func ("/ui/symbols/port-colours", test_port_colours);
  g_test_add_func ("/ui/symbols/flange-b-hollow", test_flange_b_hollow);
  g_test_add_func ("/ui/symbols/style", test_style);
  g_test_add_func ("/ui/symbols/fallback", test_fallback);
  g_test_add_func ("/ui/symbols/friction", test_friction);
  g_test_add_func ("/ui/symbols/play-and-stops", test_play_and_stops);
  g_test_add_func ("/ui/symbols/lossy-gear", test_lossy_gear);
  g_test_add_func ("/ui/symbols/twin-builder-and-formula", test_twin_builder_and_formula);
  g_test_add_func ("/ui/symbols/engine-stops-and-meshes", test_engine_stops_and_meshes);
  g_test_add_func ("/ui/symbols/key-text", test_key_text);

  return g_test_run ();
}
