/* test-symbols-pictures.c: kinds with pictures of their own: pixel checks,
 * unlike the box and their nearest neighbour.
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
  /* In line with the flanges of the symbols beside it (at their middle),
   * so that the wire to its neighbour runs straight (issue 23, 7). */
  g_assert_cmpfloat (y, ==, 0);
  sw_symbol_get_port_position (two, 0, &x, &y);
  g_assert_cmpfloat (y, ==, 0);
  sw_symbol_get_port_position (two, 1, &x2, &y);
  g_assert_cmpfloat (y, ==, 0);
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/symbols/subsystem", test_subsystem);
  g_test_add_func ("/ui/symbols/friction", test_friction);
  g_test_add_func ("/ui/symbols/play-and-stops", test_play_and_stops);
  g_test_add_func ("/ui/symbols/lossy-gear", test_lossy_gear);
  g_test_add_func ("/ui/symbols/twin-builder-and-formula", test_twin_builder_and_formula);
  g_test_add_func ("/ui/symbols/engine-stops-and-meshes", test_engine_stops_and_meshes);

  return g_test_run ();
}
