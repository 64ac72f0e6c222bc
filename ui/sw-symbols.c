/* sw-symbols.c: engineering symbols of component kinds, drawn with cairo.
 *
 * Every symbol lives in a frame centred on the origin, y down, in canvas
 * units (the grid is 10). Ports sit on the edge of the symbol's box at
 * multiples of 10 from the centre, so that a component placed on the grid
 * has its ports on the grid and wires between them run straight.
 *
 * The look follows the Modelica Standard Library diagrams: rotational
 * flanges are grey squares, translational ones green; flange_a (the left,
 * driving side) is filled, flange_b (the right or top side) hollow.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-symbols.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#define LINE_WIDTH  1.5
#define PORT_SIZE   8.0

typedef enum {
  SHAPE_BOX,
  SHAPE_INERTIA,
  SHAPE_MASS,
  SHAPE_ROD,
  SHAPE_SPRING,
  SHAPE_DAMPER,
  SHAPE_SPRING_DAMPER,
  SHAPE_SHAFT,
  SHAPE_FIXED,
  SHAPE_GEAR,
  SHAPE_LOSSY_GEAR,       /* meshing wheels with a friction pad and heat rising */
  SHAPE_GEARBOX,          /* the lossy gear's wheels driving a play */
  SHAPE_PLANETARY,
  SHAPE_R2T,
  SHAPE_WHEEL,
  SHAPE_TRANSFORM,
  SHAPE_SOURCE,
  SHAPE_CLUTCH,           /* two facing friction plates */
  SHAPE_BRAKE,            /* a disc gripped by a caliper on the support */
  SHAPE_BEARING_FRICTION, /* a shaft through a bearing block on the support */
  SHAPE_ONE_WAY_CLUTCH,   /* clutch plates over a ratchet */
  SHAPE_ELASTO_BACKLASH,  /* a spring-damper in series with a play */
  SHAPE_ELASTO_GAP,       /* a spring-damper stopping short of a plate */
  SHAPE_STOP_MASS,        /* a mass on hatched ground between two stops */
  SHAPE_DISC,             /* a thin disc on the shaft */
  SHAPE_RIGIDITY,         /* a spring-damper with a progressive coil and a
                           * stepped characteristic */
  SHAPE_TB_MASS,          /* a body with the source node on top, the
                           * predecessor left, the successor right */
  SHAPE_CUSTOM_COUPLING,  /* a box with f(x) between two shafts */
  SHAPE_LINE_FORCE_MASS,  /* a line between the frames, a point mass on it */
  SHAPE_LINE_FORCE_TWO_MASSES, /* a line between the frames, a point mass
                                * near each end */
} Shape;

/* What a source circle holds. */
typedef enum {
  GLYPH_NONE,
  GLYPH_TORQUE,           /* curved arrow */
  GLYPH_FORCE,            /* straight arrow */
  GLYPH_CURVE_LINEAR,     /* a speed-dependent load: axes and a line */
  GLYPH_CURVE_QUADRATIC,  /* axes and a parabola */
  GLYPH_LETTER,           /* a prescribed motion: ω, φ, α, v, s, a */
  GLYPH_FAN,              /* three blades round a hub */
} Glyph;

typedef enum {
  MARK_NONE,
  MARK_CONSTANT,          /* a flat bar under the arrow */
  MARK_STEP,              /* a step under the arrow */
} Mark;

typedef struct {
  const char *name;
  Shape       shape;
  Glyph       glyph;
  Mark        mark;
  const char *letter;
} ShapeEntry;

static const ShapeEntry shape_table[] = {
  { "rotational.fixed", SHAPE_FIXED },
  { "rotational.inertia", SHAPE_INERTIA },
  { "rotational.spring", SHAPE_SPRING },
  { "rotational.damper", SHAPE_DAMPER },
  { "rotational.spring_damper", SHAPE_SPRING_DAMPER },
  { "rotational.shaft", SHAPE_SHAFT },
  { "translational.fixed", SHAPE_FIXED },
  { "translational.mass", SHAPE_MASS },
  { "translational.rod", SHAPE_ROD },
  { "translational.spring", SHAPE_SPRING },
  { "translational.damper", SHAPE_DAMPER },
  { "translational.spring_damper", SHAPE_SPRING_DAMPER },
  { "rotational.ideal_gear", SHAPE_GEAR },
  { "rotational.lossy_gear", SHAPE_LOSSY_GEAR },
  { "rotational.gear_loss", SHAPE_LOSSY_GEAR },
  { "rotational.gearbox", SHAPE_GEARBOX },
  { "rotational.ideal_planetary", SHAPE_PLANETARY },
  { "rotational.ideal_gear_r2t", SHAPE_R2T },
  { "rotational.ideal_rolling_wheel", SHAPE_WHEEL },
  { "rotational.clutch", SHAPE_CLUTCH },
  { "rotational.brake", SHAPE_BRAKE },
  { "rotational.bearing_friction", SHAPE_BEARING_FRICTION },
  { "translational.brake", SHAPE_BRAKE },
  { "translational.support_friction", SHAPE_BEARING_FRICTION },
  { "rotational.one_way_clutch", SHAPE_ONE_WAY_CLUTCH },
  { "rotational.elasto_backlash", SHAPE_ELASTO_BACKLASH },
  { "translational.elasto_gap", SHAPE_ELASTO_GAP },
  { "translational.mass_with_stop_and_friction", SHAPE_STOP_MASS },
  { "rotational.disc", SHAPE_DISC },
  { "rotational.rigidity", SHAPE_RIGIDITY },
  { "translational.rigidity", SHAPE_RIGIDITY },
  { "rotational.tb_mass", SHAPE_TB_MASS },
  { "translational.tb_mass", SHAPE_TB_MASS },
  { "rotational.custom_coupling", SHAPE_CUSTOM_COUPLING },
  { "translational.custom_coupling", SHAPE_CUSTOM_COUPLING },
  { "translational.line_force_with_mass", SHAPE_LINE_FORCE_MASS },
  { "translational.line_force_with_two_masses", SHAPE_LINE_FORCE_TWO_MASSES },
  { "rotational.torque", SHAPE_SOURCE, GLYPH_TORQUE },
  { "rotational.constant_torque", SHAPE_SOURCE, GLYPH_TORQUE, MARK_CONSTANT },
  { "rotational.torque_step", SHAPE_SOURCE, GLYPH_TORQUE, MARK_STEP },
  { "rotational.linear_speed_dependent_torque", SHAPE_SOURCE, GLYPH_CURVE_LINEAR },
  { "rotational.quadratic_speed_dependent_torque", SHAPE_SOURCE, GLYPH_CURVE_QUADRATIC },
  { "rotational.speed", SHAPE_SOURCE, GLYPH_LETTER, MARK_NONE, "ω" },
  { "rotational.engine_speed", SHAPE_SOURCE, GLYPH_LETTER, MARK_NONE, "n" },
  { "rotational.fan", SHAPE_SOURCE, GLYPH_FAN },
  { "rotational.position", SHAPE_SOURCE, GLYPH_LETTER, MARK_NONE, "φ" },
  { "rotational.accelerate", SHAPE_SOURCE, GLYPH_LETTER, MARK_NONE, "α" },
  { "translational.force", SHAPE_SOURCE, GLYPH_FORCE },
  { "translational.constant_force", SHAPE_SOURCE, GLYPH_FORCE, MARK_CONSTANT },
  { "translational.quadratic_speed_dependent_force", SHAPE_SOURCE, GLYPH_CURVE_QUADRATIC },
  { "translational.speed", SHAPE_SOURCE, GLYPH_LETTER, MARK_NONE, "v" },
  { "translational.position", SHAPE_SOURCE, GLYPH_LETTER, MARK_NONE, "s" },
  { "translational.accelerate", SHAPE_SOURCE, GLYPH_LETTER, MARK_NONE, "a" },
};

/* Where everything of a kind sits in its frame. */
typedef struct {
  ShapeEntry entry;
  double     width, height;
  double     port_x[SW_KIND_MAX_PORTS];
  double     port_y[SW_KIND_MAX_PORTS];
  guint      n_main;      /* ports that are not supports */
  guint      n_supports;
} Layout;

static void
count_ports (const SwKind *kind,
             guint        *n_main,
             guint        *n_supports)
{
  *n_main = *n_supports = 0;
  for (guint i = 0; i < kind->n_ports; i++)
    {
      if (kind->ports[i].is_support)
        (*n_supports)++;
      else
        (*n_main)++;
    }
}

/* The shape for a kind the table does not name (a kind added later): by
 * the part of its name after the dot, then by its group. */
static ShapeEntry
guess_shape (const SwKind *kind)
{
  const char *dot = strrchr (kind->name, '.');
  const char *suffix = dot != NULL ? dot + 1 : kind->name;
  ShapeEntry entry = { kind->name, SHAPE_BOX };

  if (strcmp (suffix, "fixed") == 0)
    entry.shape = SHAPE_FIXED;
  else if (strcmp (suffix, "inertia") == 0)
    entry.shape = SHAPE_INERTIA;
  else if (strcmp (suffix, "mass") == 0)
    entry.shape = SHAPE_MASS;
  else if (strcmp (suffix, "spring") == 0)
    entry.shape = SHAPE_SPRING;
  else if (strcmp (suffix, "damper") == 0)
    entry.shape = SHAPE_DAMPER;
  else if (strcmp (suffix, "spring_damper") == 0)
    entry.shape = SHAPE_SPRING_DAMPER;
  else if (g_str_has_prefix (kind->name, "transformation."))
    entry.shape = SHAPE_TRANSFORM;
  else if (g_strcmp0 (kind->group, "Sources") == 0)
    {
      entry.shape = SHAPE_SOURCE;
      if (strstr (suffix, "torque") != NULL)
        entry.glyph = GLYPH_TORQUE;
      else if (strstr (suffix, "force") != NULL)
        entry.glyph = GLYPH_FORCE;
    }

  return entry;
}

/* TRUE when the shape's drawing fits the kind's ports. */
static gboolean
shape_fits (Shape         shape,
            const SwKind *kind)
{
  guint n_main, n_supports;

  count_ports (kind, &n_main, &n_supports);
  switch (shape)
    {
    case SHAPE_BOX:
      return TRUE;
    case SHAPE_FIXED:
      return kind->n_ports == 1;
    case SHAPE_SOURCE:
      return n_main == 1 && n_supports <= 1;
    case SHAPE_PLANETARY:
      return n_main == 3 && n_supports == 0;
    case SHAPE_R2T:
    case SHAPE_WHEEL:
      return n_main == 2 && n_supports <= 2;
    case SHAPE_TB_MASS:
      return n_main == 3 && n_supports <= 1;
    case SHAPE_GEAR:
    case SHAPE_INERTIA:
    case SHAPE_MASS:
    case SHAPE_ROD:
    case SHAPE_SPRING:
    case SHAPE_DAMPER:
    case SHAPE_SPRING_DAMPER:
    case SHAPE_SHAFT:
    case SHAPE_TRANSFORM:
    case SHAPE_CLUTCH:
    case SHAPE_ONE_WAY_CLUTCH:
    case SHAPE_ELASTO_BACKLASH:
    case SHAPE_ELASTO_GAP:
    case SHAPE_STOP_MASS:
    case SHAPE_DISC:
    case SHAPE_RIGIDITY:
    case SHAPE_CUSTOM_COUPLING:
    default:
      return n_main == 2 && n_supports <= 1;
    case SHAPE_LINE_FORCE_MASS:
    case SHAPE_LINE_FORCE_TWO_MASSES:
      return n_main == 2 && n_supports == 0;
    case SHAPE_BRAKE:
    case SHAPE_BEARING_FRICTION:
    case SHAPE_LOSSY_GEAR:
    case SHAPE_GEARBOX:
      return n_main == 2 && n_supports == 1;
    }
}

static void
get_layout (const SwKind *kind,
            Layout       *layout)
{
  guint n_main, n_supports, main_index = 0, support_index = 0;
  guint rows;

  memset (layout, 0, sizeof *layout);
  layout->entry.name = kind->name;
  layout->entry.shape = SHAPE_BOX;
  for (guint i = 0; i < G_N_ELEMENTS (shape_table); i++)
    if (strcmp (shape_table[i].name, kind->name) == 0)
      {
        layout->entry = shape_table[i];
        break;
      }
  if (layout->entry.shape == SHAPE_BOX)
    layout->entry = guess_shape (kind);
  if (!shape_fits (layout->entry.shape, kind))
    layout->entry = (ShapeEntry) { kind->name, SHAPE_BOX };

  count_ports (kind, &n_main, &n_supports);
  layout->n_main = n_main;
  layout->n_supports = n_supports;

  switch (layout->entry.shape)
    {
    case SHAPE_FIXED:
      /* The flange on top of the hatched ground. */
      layout->width = 40;
      layout->height = 20;
      layout->port_x[0] = 0;
      layout->port_y[0] = -10;
      return;

    case SHAPE_SOURCE:
      /* The driven flange on the right, the support below. */
      layout->width = 40;
      layout->height = 40;
      for (guint i = 0; i < kind->n_ports; i++)
        {
          layout->port_x[i] = kind->ports[i].is_support ? 0 : 20;
          layout->port_y[i] = kind->ports[i].is_support ? 20 : 0;
        }
      return;

    case SHAPE_PLANETARY:
      /* Sun on the left, carrier on top, ring on the right. */
      layout->width = 60;
      layout->height = 60;
      layout->port_x[0] = -30;
      layout->port_y[0] = 0;
      layout->port_x[1] = 0;
      layout->port_y[1] = -30;
      layout->port_x[2] = 30;
      layout->port_y[2] = 0;
      return;

    case SHAPE_TB_MASS:
      /* The predecessor on the left, the successor on the right, the
       * source node (the first flange) and the support below; the top
       * stays free so that the canvas puts the label there, not across
       * the successor's wire. */
      layout->width = 60;
      layout->height = 40;
      for (guint i = 0; i < kind->n_ports; i++)
        {
          static const double main_x[] = { 0, -30, 30 }, main_y[] = { 20, 0, 0 };

          if (kind->ports[i].is_support)
            {
              layout->port_x[i] = 20;
              layout->port_y[i] = 20;
            }
          else
            {
              layout->port_x[i] = main_x[main_index];
              layout->port_y[i] = main_y[main_index];
              main_index++;
            }
        }
      return;

    case SHAPE_BOX:
    case SHAPE_INERTIA:
    case SHAPE_MASS:
    case SHAPE_ROD:
    case SHAPE_SPRING:
    case SHAPE_DAMPER:
    case SHAPE_SPRING_DAMPER:
    case SHAPE_SHAFT:
    case SHAPE_GEAR:
    case SHAPE_LOSSY_GEAR:
    case SHAPE_GEARBOX:
    case SHAPE_R2T:
    case SHAPE_WHEEL:
    case SHAPE_TRANSFORM:
    case SHAPE_CLUTCH:
    case SHAPE_BRAKE:
    case SHAPE_BEARING_FRICTION:
    case SHAPE_ONE_WAY_CLUTCH:
    case SHAPE_ELASTO_BACKLASH:
    case SHAPE_ELASTO_GAP:
    case SHAPE_STOP_MASS:
    case SHAPE_DISC:
    case SHAPE_RIGIDITY:
    case SHAPE_CUSTOM_COUPLING:
    case SHAPE_LINE_FORCE_MASS:
    case SHAPE_LINE_FORCE_TWO_MASSES:
    default:
      break;
    }

  /* Flanges alternate left and right, in rows 20 apart; supports spread
   * along the bottom edge. */
  rows = MAX (1, (n_main + 1) / 2);
  layout->width = n_supports > 3 ? 80 : 60;
  layout->height = MAX (40, 20 * rows + 20);
  for (guint i = 0; i < kind->n_ports; i++)
    {
      if (!kind->ports[i].is_support)
        {
          guint row = main_index / 2;

          layout->port_x[i] = main_index % 2 == 0 ? -layout->width / 2 : layout->width / 2;
          layout->port_y[i] = 20.0 * row - 10.0 * (rows - 1);
          main_index++;
        }
      else
        {
          double spacing = n_supports == 2 ? 40 : 20;

          layout->port_x[i] = (support_index - (n_supports - 1) / 2.0) * spacing;
          layout->port_y[i] = layout->height / 2;
          support_index++;
        }
    }
}

SwSymbolStyle
sw_symbol_style_default (gboolean dark)
{
  /* Colours of the GNOME palette, as libadwaita uses them. */
  static const SwSymbolStyle light = {
    .fg = { 0.14, 0.14, 0.16, 1 },
    .accent = { 0.208, 0.518, 0.894, 1 },         /* blue 3 */
    .rotational = { 0.36, 0.36, 0.40, 1 },
    .translational = { 0.15, 0.53, 0.24, 1 },     /* a darker green 5 */
    .problem = { 0.878, 0.106, 0.141, 1 },        /* red 3 */
  };
  static const SwSymbolStyle dark_style = {
    .fg = { 0.90, 0.90, 0.91, 1 },
    .accent = { 0.471, 0.682, 0.929, 1 },         /* #78aeed */
    .rotational = { 0.72, 0.72, 0.76, 1 },
    .translational = { 0.40, 0.80, 0.46, 1 },
    .problem = { 1.0, 0.482, 0.388, 1 },          /* #ff7b63 */
  };

  return dark ? dark_style : light;
}

void
sw_symbol_get_size (const SwKind *kind,
                    double       *width,
                    double       *height)
{
  Layout layout;

  g_return_if_fail (kind != NULL);

  get_layout (kind, &layout);
  if (width != NULL)
    *width = layout.width;
  if (height != NULL)
    *height = layout.height;
}

void
sw_symbol_get_port_position (const SwKind *kind,
                             guint         port,
                             double       *x,
                             double       *y)
{
  Layout layout;

  g_return_if_fail (kind != NULL);
  g_return_if_fail (port < kind->n_ports);

  get_layout (kind, &layout);
  if (x != NULL)
    *x = layout.port_x[port];
  if (y != NULL)
    *y = layout.port_y[port];
}

/* Drawing helpers */

static void
set_colour (cairo_t      *cr,
            const double *rgba,
            double        alpha)
{
  cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3] * alpha);
}

/* The background the symbol sits on (white on light, the view colour on
 * dark), guessed from the line colour: hollow ports and bodies are filled
 * with it so that wires under them do not show through. */
static void
set_paper (cairo_t             *cr,
           const SwSymbolStyle *style)
{
  double luminance = 0.2126 * style->fg[0] + 0.7152 * style->fg[1] + 0.0722 * style->fg[2];

  if (luminance > 0.5)
    cairo_set_source_rgb (cr, 0.118, 0.118, 0.118);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
}

static void
line (cairo_t *cr,
      double   x1,
      double   y1,
      double   x2,
      double   y2)
{
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x2, y2);
  cairo_stroke (cr);
}

static void
rounded_rectangle (cairo_t *cr,
                   double   x,
                   double   y,
                   double   width,
                   double   height,
                   double   radius)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + width - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + width - radius, y + height - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + height - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* Fills the current path with the paper and a tint of colour, then
 * strokes it with the line colour. */
static void
fill_tinted_and_stroke (cairo_t             *cr,
                        const SwSymbolStyle *style,
                        const double        *tint,
                        double               tint_alpha)
{
  set_paper (cr, style);
  cairo_fill_preserve (cr);
  set_colour (cr, tint, tint_alpha);
  cairo_fill_preserve (cr);
  set_colour (cr, style->fg, 1);
  cairo_stroke (cr);
}

static void
arrow_head (cairo_t *cr,
            double   x,
            double   y,
            double   dx,
            double   dy,
            double   size)
{
  double length = hypot (dx, dy);
  double ux = dx / length, uy = dy / length;

  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x - size * ux + 0.5 * size * uy, y - size * uy - 0.5 * size * ux);
  cairo_line_to (cr, x - size * ux - 0.5 * size * uy, y - size * uy + 0.5 * size * ux);
  cairo_close_path (cr);
  cairo_fill (cr);
}

/* Text centred on (x, y) of the frame, upright and unmirrored whatever
 * rotation or flip the caller's matrix holds, at size frame units, shrunk
 * to max_width when wider. */
static void
upright_text (cairo_t    *cr,
              const char *text,
              double      x,
              double      y,
              double      size,
              gboolean    bold,
              double      max_width)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *font;
  cairo_font_options_t *options;
  cairo_matrix_t matrix;
  PangoRectangle ink;
  double scale, width, height, shrink = 1;

  cairo_get_matrix (cr, &matrix);
  scale = sqrt (fabs (matrix.xx * matrix.yy - matrix.xy * matrix.yx));
  if (scale <= 0)
    return;

  cairo_save (cr);
  cairo_user_to_device (cr, &x, &y);
  cairo_identity_matrix (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, scale, scale);

  layout = pango_cairo_create_layout (cr);
  options = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (pango_layout_get_context (layout), options);
  cairo_font_options_destroy (options);
  pango_layout_context_changed (layout);

  font = pango_font_description_from_string ("Sans");
  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text, -1);

  pango_layout_get_extents (layout, &ink, NULL);
  width = (double) ink.width / PANGO_SCALE;
  height = (double) ink.height / PANGO_SCALE;
  if (max_width > 0 && width > max_width)
    shrink = max_width / width;
  cairo_scale (cr, shrink, shrink);
  cairo_move_to (cr, -(double) ink.x / PANGO_SCALE - width / 2,
                 -(double) ink.y / PANGO_SCALE - height / 2);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

/* A wheel with teeth: the body circle and a dashed ring of teeth. */
static void
gear_wheel (cairo_t             *cr,
            const SwSymbolStyle *style,
            double               x,
            double               y,
            double               radius,
            guint                n_teeth)
{
  double tooth_radius = radius + 1.2;
  double dash = G_PI * tooth_radius / n_teeth;

  cairo_save (cr);
  cairo_set_line_width (cr, 2.4);
  cairo_set_dash (cr, &dash, 1, dash / 2);
  set_colour (cr, style->fg, 1);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, tooth_radius, 0, 2 * G_PI);
  cairo_stroke (cr);
  cairo_restore (cr);

  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
  fill_tinted_and_stroke (cr, style, style->rotational, 0.3);

  set_colour (cr, style->fg, 1);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, 1.8, 0, 2 * G_PI);
  cairo_fill (cr);
}

/* A wavy line of heat rising from y_bottom to y_top at x. */
static void
heat_wave (cairo_t *cr,
           double   x,
           double   y_bottom,
           double   y_top)
{
  double quarter = (y_top - y_bottom) / 4;

  cairo_move_to (cr, x, y_bottom);
  for (guint i = 0; i < 2; i++)
    {
      double y0 = y_bottom + 2 * i * quarter, side = i % 2 == 0 ? 1.6 : -1.6;

      cairo_curve_to (cr, x + side, y0 + 0.5 * quarter, x + side, y0 + 1.5 * quarter, x, y0 + 2 * quarter);
    }
  cairo_stroke (cr);
}

static void
zigzag (cairo_t *cr,
        double   x1,
        double   x2,
        double   y,
        double   amplitude,
        guint    n_peaks)
{
  double step = (x2 - x1) / n_peaks;

  cairo_move_to (cr, x1, y);
  for (guint i = 0; i < n_peaks; i++)
    cairo_line_to (cr, x1 + step * (i + 0.5), y + (i % 2 == 0 ? -amplitude : amplitude));
  cairo_line_to (cr, x2, y);
  cairo_stroke (cr);
}

/* A zigzag whose pitch shrinks by ratio from peak to peak: a progressive
 * spring, stiffer the more it is compressed. */
static void
progressive_zigzag (cairo_t *cr,
                    double   x1,
                    double   x2,
                    double   y,
                    double   amplitude,
                    guint    n_peaks,
                    double   ratio)
{
  double total = 0, pitch, x = x1;

  for (guint i = 0; i < n_peaks; i++)
    total += pow (ratio, i);
  pitch = (x2 - x1) / total;

  cairo_move_to (cr, x1, y);
  for (guint i = 0; i < n_peaks; i++)
    {
      cairo_line_to (cr, x + 0.5 * pitch, y + (i % 2 == 0 ? -amplitude : amplitude));
      x += pitch;
      pitch *= ratio;
    }
  cairo_line_to (cr, x2, y);
  cairo_stroke (cr);
}

/* A small characteristic through (x, y), half_size across: thin axes and
 * an odd curve that is flat in the play, then rises, then rises steeply
 * in the 2nd step. */
static void
stepped_characteristic (cairo_t *cr,
                        double   x,
                        double   y,
                        double   half_size)
{
  /* Corners of the right half, as fractions of half_size, y up. */
  static const double u[] = { 0.2, 0.6, 1.0 }, v[] = { 0.06, 0.4, 1.0 };
  double h = half_size;

  cairo_save (cr);
  cairo_set_line_width (cr, 0.8);
  line (cr, x - h, y, x + h, y);
  line (cr, x, y - h, x, y + h);
  cairo_restore (cr);

  cairo_save (cr);
  cairo_set_line_width (cr, 1.3);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_move_to (cr, x - u[2] * h, y + v[2] * h);
  for (int i = 1; i >= 0; i--)
    cairo_line_to (cr, x - u[i] * h, y + v[i] * h);
  for (int i = 0; i < 3; i++)
    cairo_line_to (cr, x + u[i] * h, y - v[i] * h);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* A cylinder open to the right with a piston: x1 to x2 wide, centred on y,
 * half_height high; the rod runs from the piston to rod_end. */
static void
dashpot (cairo_t             *cr,
         const SwSymbolStyle *style,
         const double        *tint,
         double               x1,
         double               x2,
         double               y,
         double               half_height,
         double               piston_x,
         double               rod_end)
{
  set_colour (cr, tint, 0.25);
  cairo_rectangle (cr, x1, y - half_height, x2 - x1, 2 * half_height);
  cairo_fill (cr);

  set_colour (cr, style->fg, 1);
  cairo_move_to (cr, x2, y - half_height);
  cairo_line_to (cr, x1, y - half_height);
  cairo_line_to (cr, x1, y + half_height);
  cairo_line_to (cr, x2, y + half_height);
  cairo_stroke (cr);

  cairo_save (cr);
  cairo_set_line_width (cr, 2.5);
  line (cr, piston_x, y - half_height + 2.5, piston_x, y + half_height - 2.5);
  cairo_restore (cr);
  line (cr, piston_x, y, rod_end, y);
}

/* A spring above a damper between two end bars at x1 and x2, as the
 * spring-damper draws them, for the elements that add play or a gap. */
static void
spring_damper_pair (cairo_t             *cr,
                    const SwSymbolStyle *style,
                    const double        *tint,
                    double               x1,
                    double               x2)
{
  double length = x2 - x1, lead = 0.16 * length;

  set_colour (cr, style->fg, 1);
  line (cr, x1, -13, x1, 13);
  line (cr, x2, -13, x2, 13);
  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  line (cr, x1, -9, x1 + lead, -9);
  zigzag (cr, x1 + lead, x2 - lead, -9, 4, 5);
  line (cr, x2 - lead, -9, x2, -9);
  cairo_restore (cr);
  line (cr, x1, 9, x1 + 0.2 * length, 9);
  dashpot (cr, style, tint, x1 + 0.2 * length, x1 + 0.7 * length, 9, 5, x1 + 0.5 * length, x2);
}

/* Hatched ground along y from x1 to x2, leaving room for a support line
 * down the middle. */
static void
hatched_ground (cairo_t *cr,
                double   x1,
                double   x2,
                double   y)
{
  cairo_save (cr);
  cairo_set_line_width (cr, 2);
  line (cr, x1, y, x2, y);
  cairo_restore (cr);
  cairo_save (cr);
  cairo_set_line_width (cr, 1);
  for (double x = x1 + 4; x <= x2; x += 6)
    if (fabs (x - 2) > 3)
      line (cr, x, y, x - 4, y + 5);
  cairo_restore (cr);
}

/* A short stub from a support port into the body and a bearing bar. */
static void
support_stub (cairo_t *cr,
              double   x,
              double   y)
{
  line (cr, x, y, x, y - 6);
  line (cr, x - 5, y - 6, x + 5, y - 6);
}

static const double *
domain_colour (const SwSymbolStyle *style,
               SwDomain             domain)
{
  return domain == SW_DOMAIN_TRANSLATIONAL ? style->translational : style->rotational;
}

/* The tint of a kind's bodies: the colour of its first port's domain. */
static const double *
kind_tint (const SwKind        *kind,
           const SwSymbolStyle *style)
{
  return domain_colour (style, kind->n_ports > 0 ? kind->ports[0].domain : SW_DOMAIN_ROTATIONAL);
}

static void
draw_two_port_stubs (cairo_t      *cr,
                     const Layout *layout,
                     double        inner_left,
                     double        inner_right)
{
  for (guint i = 0; i < layout->n_main + layout->n_supports && i < SW_KIND_MAX_PORTS; i++)
    {
      double x = layout->port_x[i], y = layout->port_y[i];

      if (x < 0 && fabs (x + layout->width / 2) < 1e-9)
        line (cr, x, y, inner_left, y);
      else if (x > 0 && fabs (x - layout->width / 2) < 1e-9)
        line (cr, x, y, inner_right, y);
    }
}

static void
draw_supports (cairo_t      *cr,
               const SwKind *kind,
               const Layout *layout)
{
  for (guint i = 0; i < kind->n_ports; i++)
    if (kind->ports[i].is_support)
      support_stub (cr, layout->port_x[i], layout->port_y[i]);
}

static void
draw_source (cairo_t             *cr,
             const SwKind        *kind,
             const Layout        *layout,
             const SwSymbolStyle *style)
{
  const ShapeEntry *entry = &layout->entry;
  double r = 13;

  line (cr, r, 0, 20, 0);
  for (guint i = 0; i < kind->n_ports; i++)
    if (kind->ports[i].is_support)
      line (cr, 0, r, 0, 20);

  cairo_new_sub_path (cr);
  cairo_arc (cr, 0, 0, r, 0, 2 * G_PI);
  fill_tinted_and_stroke (cr, style, kind_tint (kind, style), 0.12);

  set_colour (cr, style->fg, 1);
  switch (entry->glyph)
    {
    case GLYPH_TORQUE:
      {
        double cy = entry->mark != MARK_NONE ? -1.5 : 0.5, ra = 7;
        double a1 = 160 * G_PI / 180, a2 = 380 * G_PI / 180;

        cairo_new_sub_path (cr);
        cairo_arc (cr, 0, cy, ra, a1, a2 - 0.25);
        cairo_stroke (cr);
        arrow_head (cr, ra * cos (a2), cy + ra * sin (a2), -sin (a2), cos (a2), 4.5);
      }
      break;

    case GLYPH_FAN:
      /* Three blades, each a leaf from the hub outwards. */
      for (guint i = 0; i < 3; i++)
        {
          double a = G_PI / 2 + i * 2 * G_PI / 3, c = cos (a), s = sin (a);

          cairo_move_to (cr, 0, 0);
          cairo_curve_to (cr, 9 * c - 4 * s, 9 * s + 4 * c, 9 * c + 1 * s, 9 * s - 1 * c, 9 * c, 9 * s);
          cairo_curve_to (cr, 6 * c + 3 * s, 6 * s - 3 * c, 2 * c + 2 * s, 2 * s - 2 * c, 0, 0);
          cairo_close_path (cr);
        }
      cairo_fill (cr);
      cairo_new_sub_path (cr);
      cairo_arc (cr, 0, 0, 1.8, 0, 2 * G_PI);
      cairo_fill (cr);
      break;

    case GLYPH_FORCE:
      {
        double y = entry->mark != MARK_NONE ? -2 : 0;

        line (cr, -8, y, 5, y);
        arrow_head (cr, 9, y, 1, 0, 5);
      }
      break;

    case GLYPH_CURVE_LINEAR:
    case GLYPH_CURVE_QUADRATIC:
      cairo_save (cr);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, -6.5, -7.5);
      cairo_line_to (cr, -6.5, 6.5);
      cairo_line_to (cr, 7.5, 6.5);
      cairo_stroke (cr);
      cairo_restore (cr);
      cairo_move_to (cr, -6.5, 6.5);
      if (entry->glyph == GLYPH_CURVE_LINEAR)
        cairo_line_to (cr, 6.5, -5.5);
      else
        cairo_curve_to (cr, -1, 6.5, 4, 3, 6.5, -6.5);
      cairo_stroke (cr);
      break;

    case GLYPH_LETTER:
      upright_text (cr, entry->letter, 0, 0, 15, FALSE, 2 * r - 6);
      break;

    case GLYPH_NONE:
    default:
      break;
    }

  switch (entry->mark)
    {
    case MARK_CONSTANT:
      line (cr, -4.5, 6.5, 4.5, 6.5);
      break;
    case MARK_STEP:
      cairo_move_to (cr, -5, 8);
      cairo_line_to (cr, 0, 8);
      cairo_line_to (cr, 0, 4);
      cairo_line_to (cr, 5, 4);
      cairo_stroke (cr);
      break;
    case MARK_NONE:
    default:
      break;
    }
}

static void
draw_body (cairo_t             *cr,
           const SwKind        *kind,
           const Layout        *layout,
           const SwSymbolStyle *style)
{
  const double *tint = kind_tint (kind, style);

  set_colour (cr, style->fg, 1);

  switch (layout->entry.shape)
    {
    case SHAPE_INERTIA:
      /* A disc on a shaft. */
      cairo_save (cr);
      cairo_set_line_width (cr, 2.5);
      draw_two_port_stubs (cr, layout, -10, 10);
      cairo_restore (cr);
      rounded_rectangle (cr, -10, -17, 20, 34, 2);
      fill_tinted_and_stroke (cr, style, tint, 0.35);
      break;

    case SHAPE_MASS:
      draw_two_port_stubs (cr, layout, -15, 15);
      cairo_rectangle (cr, -15, -12, 30, 24);
      fill_tinted_and_stroke (cr, style, tint, 0.3);
      break;

    case SHAPE_ROD:
      cairo_rectangle (cr, -30, -2.5, 60, 5);
      fill_tinted_and_stroke (cr, style, tint, 0.5);
      break;

    case SHAPE_SPRING:
      draw_two_port_stubs (cr, layout, -18, 18);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      zigzag (cr, -18, 18, 0, 9, 6);
      break;

    case SHAPE_DAMPER:
      draw_two_port_stubs (cr, layout, -14, 14);
      dashpot (cr, style, tint, -14, 8, 0, 10, 0, 14);
      break;

    case SHAPE_SPRING_DAMPER:
      draw_two_port_stubs (cr, layout, -16, 16);
      line (cr, -16, -13, -16, 13);
      line (cr, 16, -13, 16, 13);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_move_to (cr, -16, -9);
      cairo_line_to (cr, -11, -9);
      zigzag (cr, -11, 11, -9, 4.5, 6);
      line (cr, 11, -9, 16, -9);
      line (cr, -16, 9, -9, 9);
      dashpot (cr, style, tint, -9, 6, 9, 5.5, 0, 16);
      break;

    case SHAPE_SHAFT:
      /* A thick shaft and a twisted generatrix. */
      draw_two_port_stubs (cr, layout, -22, 22);
      rounded_rectangle (cr, -22, -6, 44, 12, 2);
      fill_tinted_and_stroke (cr, style, tint, 0.35);
      cairo_move_to (cr, -14, -6);
      cairo_curve_to (cr, -3, -6, 3, 6, 14, 6);
      cairo_stroke (cr);
      break;

    case SHAPE_FIXED:
      line (cr, 0, -10, 0, -2);
      cairo_save (cr);
      cairo_set_line_width (cr, 2);
      line (cr, -16, -2, 16, -2);
      cairo_restore (cr);
      cairo_save (cr);
      cairo_set_line_width (cr, 1);
      for (double x = -10; x <= 16; x += 6.5)
        line (cr, x, -2, x - 6, 6);
      cairo_restore (cr);
      break;

    case SHAPE_GEAR:
      /* Two meshing wheels on their shafts. */
      draw_two_port_stubs (cr, layout, -8, 10);
      draw_supports (cr, kind, layout);
      gear_wheel (cr, style, -8, 0, 10, 12);
      gear_wheel (cr, style, 10, 0, 6, 8);
      break;

    case SHAPE_LOSSY_GEAR:
      /* The ideal gear's meshing wheels, the support holding a friction
       * lining against the big wheel (the bearing friction) and heat
       * rising from the small one (the mesh losses). */
      draw_two_port_stubs (cr, layout, -8, 10);
      line (cr, 0, layout->height / 2, 0, 15);
      gear_wheel (cr, style, -8, 0, 10, 12);
      gear_wheel (cr, style, 10, 0, 6, 8);
      set_colour (cr, style->fg, 1);
      cairo_rectangle (cr, -7, 12.5, 14, 3);
      cairo_fill (cr);
      cairo_save (cr);
      cairo_set_line_width (cr, 1.2);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      for (guint i = 0; i < 3; i++)
        heat_wave (cr, 6 + 4 * i, -10.5, -19);
      cairo_restore (cr);
      break;

    case SHAPE_GEARBOX:
      /* The lossy gear's wheels, pad and heat, smaller, and on the small
       * wheel's shaft the backlash's slot with flange_b's tooth in it. */
      draw_two_port_stubs (cr, layout, -15, 14.5);
      line (cr, -8, layout->height / 2, -8, 13);
      gear_wheel (cr, style, -15, 0, 7, 9);
      gear_wheel (cr, style, 0, 0, 4, 5.5);
      set_colour (cr, style->fg, 1);
      cairo_rectangle (cr, -14, 10.5, 12, 2.5);
      cairo_fill (cr);
      cairo_save (cr);
      cairo_set_line_width (cr, 1.2);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      for (guint i = 0; i < 2; i++)
        heat_wave (cr, -2 + 4 * i, -8, -16);
      cairo_restore (cr);
      line (cr, 0, 0, 8, 0);
      cairo_move_to (cr, 21, -3);
      cairo_line_to (cr, 21, -8);
      cairo_line_to (cr, 8, -8);
      cairo_line_to (cr, 8, 8);
      cairo_line_to (cr, 21, 8);
      cairo_line_to (cr, 21, 3);
      cairo_stroke (cr);
      cairo_save (cr);
      cairo_set_line_width (cr, 2.5);
      line (cr, 14.5, -5, 14.5, 5);
      cairo_restore (cr);
      break;

    case SHAPE_PLANETARY:
      {
        /* Ring, three planets and the sun, concentric; the sun's shaft
         * from the left, the carrier's from the top (to a planet), the
         * ring's from the right. */
        cairo_new_sub_path (cr);
        cairo_arc (cr, 0, 0, 23, 0, 2 * G_PI);
        cairo_new_sub_path (cr);
        cairo_arc_negative (cr, 0, 0, 18, 2 * G_PI, 0);
        fill_tinted_and_stroke (cr, style, tint, 0.45);
        set_colour (cr, style->fg, 1);
        line (cr, -30, 0, 0, 0);
        line (cr, 0, -30, 0, -11);
        line (cr, 23, 0, 30, 0);
        for (guint k = 0; k < 3; k++)
          {
            double a = -G_PI / 2 + k * 2 * G_PI / 3;

            gear_wheel (cr, style, 11 * cos (a), 11 * sin (a), 4.6, 7);
          }
        gear_wheel (cr, style, 0, 0, 5.2, 8);
      }
      break;

    case SHAPE_R2T:
      /* A pinion on a rack. */
      line (cr, -30, 0, -6, 0);
      draw_supports (cr, kind, layout);
      cairo_move_to (cr, 30, 0);
      cairo_line_to (cr, 24, 0);
      cairo_line_to (cr, 24, 11);
      cairo_line_to (cr, 18, 11);
      cairo_stroke (cr);
      {
        double dash = 2;

        cairo_save (cr);
        cairo_set_line_width (cr, 2);
        cairo_set_dash (cr, &dash, 1, 0);
        line (cr, -18, 8, 18, 8);
        cairo_restore (cr);
      }
      cairo_rectangle (cr, -18, 9, 36, 4);
      fill_tinted_and_stroke (cr, style, style->translational, 0.4);
      gear_wheel (cr, style, -6, 0, 6.5, 10);
      break;

    case SHAPE_WHEEL:
      /* A spoked wheel rolling on the ground. */
      line (cr, 30, 0, 5, 0);
      draw_supports (cr, kind, layout);
      cairo_save (cr);
      cairo_set_line_width (cr, 2);
      line (cr, -22, 9, 22, 9);
      cairo_restore (cr);
      cairo_save (cr);
      cairo_set_line_width (cr, 1);
      for (double x = -16; x <= 22; x += 6.5)
        line (cr, x, 9, x - 4, 13);
      cairo_restore (cr);
      cairo_new_sub_path (cr);
      cairo_arc (cr, -4, 0, 9, 0, 2 * G_PI);
      fill_tinted_and_stroke (cr, style, tint, 0.3);
      for (guint i = 0; i < 3; i++)
        {
          double a = G_PI / 2 + i * 2 * G_PI / 3;

          line (cr, -4, 0, -4 + 9 * cos (a), 9 * sin (a));
        }
      line (cr, -30, 0, -4, 0);
      cairo_new_sub_path (cr);
      cairo_arc (cr, -4, 0, 2, 0, 2 * G_PI);
      cairo_fill (cr);
      break;

    case SHAPE_TRANSFORM:
      draw_two_port_stubs (cr, layout, -16, 16);
      rounded_rectangle (cr, -16, -13, 32, 26, 2);
      fill_tinted_and_stroke (cr, style, tint, 0.15);
      set_colour (cr, style->fg, 1);
      upright_text (cr, "K", 0, 0, 14, TRUE, 24);
      break;

    case SHAPE_SOURCE:
      draw_source (cr, kind, layout, style);
      break;

    case SHAPE_CLUTCH:
      /* Two plates on their shafts, facing each other with a lining on
       * each face, and the normal force pressing them together. */
      cairo_save (cr);
      cairo_set_line_width (cr, 2.5);
      draw_two_port_stubs (cr, layout, -6, 6);
      cairo_restore (cr);
      rounded_rectangle (cr, -9, -14, 5, 28, 1);
      fill_tinted_and_stroke (cr, style, tint, 0.35);
      rounded_rectangle (cr, 4, -14, 5, 28, 1);
      fill_tinted_and_stroke (cr, style, tint, 0.35);
      set_colour (cr, style->fg, 1);
      cairo_rectangle (cr, -4, -12, 2.5, 24);
      cairo_rectangle (cr, 1.5, -12, 2.5, 24);
      cairo_fill (cr);
      line (cr, -17, -17, -12.5, -17);
      arrow_head (cr, -9, -17, 1, 0, 4.5);
      line (cr, 17, -17, 12.5, -17);
      arrow_head (cr, 9, -17, -1, 0, 4.5);
      break;

    case SHAPE_BRAKE:
      /* A disc on the shaft, gripped near its rim by the pads of a caliper
       * that is held by the support. */
      cairo_save (cr);
      cairo_set_line_width (cr, 2.5);
      draw_two_port_stubs (cr, layout, -2.5, 2.5);
      cairo_restore (cr);
      rounded_rectangle (cr, -2.5, -15, 5, 30, 1);
      fill_tinted_and_stroke (cr, style, tint, 0.35);
      set_colour (cr, style->fg, 1);
      cairo_move_to (cr, -5, 8);
      cairo_line_to (cr, -9, 8);
      cairo_line_to (cr, -9, 16);
      cairo_line_to (cr, 9, 16);
      cairo_line_to (cr, 9, 8);
      cairo_line_to (cr, 5, 8);
      cairo_stroke (cr);
      cairo_rectangle (cr, -5.5, 3, 3, 10);
      cairo_rectangle (cr, 2.5, 3, 3, 10);
      cairo_fill (cr);
      line (cr, 0, 16, 0, layout->height / 2);
      break;

    case SHAPE_BEARING_FRICTION:
      /* The shaft through a bearing block, the block on hatched ground
       * (the support): friction between the shaft and the housing. */
      rounded_rectangle (cr, -10, -8, 20, 16, 1.5);
      fill_tinted_and_stroke (cr, style, tint, 0.35);
      cairo_save (cr);
      cairo_set_line_width (cr, 2.5);
      line (cr, -layout->width / 2, 0, layout->width / 2, 0);
      cairo_restore (cr);
      set_colour (cr, style->fg, 1);
      line (cr, -10, -3, 10, -3);
      line (cr, -10, 3, 10, 3);
      line (cr, 0, 8, 0, 12);
      cairo_save (cr);
      cairo_set_line_width (cr, 2);
      line (cr, -14, 12, 14, 12);
      cairo_restore (cr);
      cairo_save (cr);
      cairo_set_line_width (cr, 1);
      for (double x = -10; x <= 14; x += 6)
        if (fabs (x - 2) > 3)
          line (cr, x, 12, x - 4, 17);
      cairo_restore (cr);
      line (cr, 0, 12, 0, layout->height / 2);
      break;

    case SHAPE_ONE_WAY_CLUTCH:
      /* The clutch's plates pressed together, and below them a ratchet:
       * teeth that a pawl holds in one direction and slips over in the
       * other (the freewheel). */
      cairo_save (cr);
      cairo_set_line_width (cr, 2.5);
      draw_two_port_stubs (cr, layout, -6, 6);
      cairo_restore (cr);
      rounded_rectangle (cr, -9, -14, 5, 20, 1);
      fill_tinted_and_stroke (cr, style, tint, 0.35);
      rounded_rectangle (cr, 4, -14, 5, 20, 1);
      fill_tinted_and_stroke (cr, style, tint, 0.35);
      set_colour (cr, style->fg, 1);
      cairo_rectangle (cr, -4, -12, 2.5, 16);
      cairo_rectangle (cr, 1.5, -12, 2.5, 16);
      cairo_fill (cr);
      line (cr, -17, -17, -12.5, -17);
      arrow_head (cr, -9, -17, 1, 0, 4.5);
      line (cr, 17, -17, 12.5, -17);
      arrow_head (cr, 9, -17, -1, 0, 4.5);
      /* Three solid teeth, each a slope and a steep face, and the one
       * direction they let the clutch run free in. */
      cairo_move_to (cr, -14, 17);
      for (guint i = 0; i < 3; i++)
        {
          cairo_line_to (cr, -14 + 7 * (i + 1), 9);
          cairo_line_to (cr, -14 + 7 * (i + 1), 17);
        }
      cairo_close_path (cr);
      cairo_fill (cr);
      line (cr, 10, 13, 14, 13);
      arrow_head (cr, 18, 13, 1, 0, 4.5);
      break;

    case SHAPE_ELASTO_BACKLASH:
      /* A spring-damper, then the play: a tooth on flange_b's shaft free
       * to move between the walls of a slot on the spring-damper's end. */
      draw_two_port_stubs (cr, layout, -24, 14.5);
      spring_damper_pair (cr, style, tint, -24, 2);
      line (cr, 2, 0, 8, 0);
      cairo_move_to (cr, 21, -3);
      cairo_line_to (cr, 21, -8);
      cairo_line_to (cr, 8, -8);
      cairo_line_to (cr, 8, 8);
      cairo_line_to (cr, 21, 8);
      cairo_line_to (cr, 21, 3);
      cairo_stroke (cr);
      cairo_save (cr);
      cairo_set_line_width (cr, 2.5);
      line (cr, 14.5, -5, 14.5, 5);
      cairo_restore (cr);
      break;

    case SHAPE_ELASTO_GAP:
      /* A spring-damper on flange_a whose free end stops short of a
       * plate on flange_b: it pushes only once the gap is closed. */
      draw_two_port_stubs (cr, layout, -22, 15);
      spring_damper_pair (cr, style, tint, -22, 3);
      rounded_rectangle (cr, 11, -14, 4, 28, 1);
      fill_tinted_and_stroke (cr, style, tint, 0.5);
      break;

    case SHAPE_STOP_MASS:
      /* A mass sliding on hatched ground (the support) between two stops
       * that stand lower than the flanges. */
      draw_two_port_stubs (cr, layout, -12, 12);
      cairo_rectangle (cr, -12, -10, 24, 21);
      fill_tinted_and_stroke (cr, style, tint, 0.3);
      set_colour (cr, style->fg, 1);
      cairo_rectangle (cr, -24, 3, 3, 8);
      cairo_rectangle (cr, 21, 3, 3, 8);
      cairo_fill (cr);
      hatched_ground (cr, -25, 25, 12);
      if (layout->n_supports > 0)
        line (cr, 0, 12, 0, layout->height / 2);
      break;

    case SHAPE_DISC:
      /* A thin disc, without inertia, on the shaft. */
      cairo_save (cr);
      cairo_set_line_width (cr, 2.5);
      draw_two_port_stubs (cr, layout, -2, 2);
      cairo_restore (cr);
      rounded_rectangle (cr, -2, -16, 4, 32, 1);
      fill_tinted_and_stroke (cr, style, tint, 0.35);
      break;

    case SHAPE_RIGIDITY:
      /* The spring-damper, its coil tighter towards ROT2 (a progressive
       * rigidity), and beside it its characteristic: flat in the
       * backlash, steeper in the 2nd step. */
      draw_two_port_stubs (cr, layout, -22, 10);
      line (cr, -22, -13, -22, 13);
      line (cr, 10, -13, 10, 13);
      cairo_save (cr);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      line (cr, -22, -9, -18, -9);
      progressive_zigzag (cr, -18, 7, -9, 4.5, 7, 0.8);
      line (cr, 7, -9, 10, -9);
      cairo_restore (cr);
      line (cr, -22, 9, -15, 9);
      dashpot (cr, style, tint, -15, 0, 9, 5.5, -6, 10);
      set_colour (cr, style->fg, 1);
      stepped_characteristic (cr, 21, -11, 7);
      break;

    case SHAPE_TB_MASS:
      {
        /* The body with the predecessor's and successor's flanges at its
         * sides and the source node's coming up into it from below, on
         * ground held by the support: a disc for a rotational mass, a
         * block for a translational one. */
        gboolean rotational = kind->ports[0].domain == SW_DOMAIN_ROTATIONAL;
        double half_w = rotational ? 12 : 15;

        cairo_save (cr);
        cairo_set_line_width (cr, rotational ? 2.5 : LINE_WIDTH);
        draw_two_port_stubs (cr, layout, -half_w, half_w);
        for (guint i = 0; i < kind->n_ports; i++)
          if (!kind->ports[i].is_support && layout->port_y[i] > 0)
            line (cr, layout->port_x[i], layout->port_y[i], layout->port_x[i], 11);
        cairo_restore (cr);
        if (rotational)
          rounded_rectangle (cr, -half_w, -15, 2 * half_w, 26, 2);
        else
          cairo_rectangle (cr, -half_w, -14, 2 * half_w, 25);
        fill_tinted_and_stroke (cr, style, tint, rotational ? 0.35 : 0.3);
        /* The ground, open where the source node's shaft comes through,
         * hatched clear of that shaft and of the support's line. */
        set_colour (cr, style->fg, 1);
        cairo_save (cr);
        cairo_set_line_width (cr, 2);
        line (cr, -22, 13, -4, 13);
        line (cr, 4, 13, 28, 13);
        cairo_restore (cr);
        cairo_save (cr);
        cairo_set_line_width (cr, 1);
        for (double x = -18; x <= 28; x += 5)
          if ((x < -4 || x > 9) && (x < 15 || x > 25))
            line (cr, x, 13, x - 4, 18);
        cairo_restore (cr);
        for (guint i = 0; i < kind->n_ports; i++)
          if (kind->ports[i].is_support)
            line (cr, layout->port_x[i], 13, layout->port_x[i], layout->port_y[i]);
      }
      break;

    case SHAPE_CUSTOM_COUPLING:
      /* A box holding the typed formula between two shafts. */
      cairo_save (cr);
      if (kind->ports[0].domain == SW_DOMAIN_ROTATIONAL)
        cairo_set_line_width (cr, 2.5);
      draw_two_port_stubs (cr, layout, -15, 15);
      cairo_restore (cr);
      rounded_rectangle (cr, -15, -12, 30, 24, 2);
      fill_tinted_and_stroke (cr, style, tint, 0.15);
      set_colour (cr, style->fg, 1);
      upright_text (cr, "f(x)", 0, 0, 11, FALSE, 24);
      break;

    case SHAPE_LINE_FORCE_MASS:
    case SHAPE_LINE_FORCE_TWO_MASSES:
      {
        /* The line of action from frame_a to frame_b with its point
         * masses: one in the middle, or one near each end. */
        gboolean two = layout->entry.shape == SHAPE_LINE_FORCE_TWO_MASSES;

        line (cr, -layout->width / 2, 0, layout->width / 2, 0);
        for (guint i = 0; i < (two ? 2u : 1u); i++)
          {
            cairo_new_sub_path (cr);
            cairo_arc (cr, two ? (i == 0 ? -16 : 16) : 0, 0, two ? 5 : 6, 0, 2 * G_PI);
            fill_tinted_and_stroke (cr, style, tint, 0.8);
          }
      }
      break;

    case SHAPE_BOX:
    default:
      {
        double half_w = layout->width / 2 - 8, half_h = layout->height / 2 - 8;

        for (guint i = 0; i < kind->n_ports; i++)
          {
            double x = layout->port_x[i], y = layout->port_y[i];

            if (fabs (fabs (x) - layout->width / 2) < 1e-9)
              line (cr, x, y, copysign (half_w, x), y);
            else
              line (cr, x, y, x, copysign (half_h, y));
          }
        rounded_rectangle (cr, -half_w, -half_h, 2 * half_w, 2 * half_h, 3);
        fill_tinted_and_stroke (cr, style, tint, 0.15);
        set_colour (cr, style->fg, 1);
        upright_text (cr, _(kind->label), 0, 0, 8, FALSE, 2 * half_w - 4);
      }
      break;
    }
}

/* flange_b is hollow: a main flange on the right or top edge. */
static gboolean
port_is_hollow (const SwKind *kind,
                const Layout *layout,
                guint         port)
{
  double x = layout->port_x[port], y = layout->port_y[port];

  if (kind->ports[port].is_support)
    return FALSE;
  return (x > 0 && fabs (x - layout->width / 2) < 1e-9) ||
         (y < 0 && fabs (y + layout->height / 2) < 1e-9);
}

void
sw_symbol_draw (cairo_t             *cr,
                const SwKind        *kind,
                const SwSymbolStyle *style)
{
  Layout layout;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (kind != NULL);
  g_return_if_fail (style != NULL);

  get_layout (kind, &layout);

  cairo_save (cr);
  cairo_set_line_width (cr, LINE_WIDTH);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  draw_body (cr, kind, &layout, style);
  cairo_restore (cr);

  cairo_save (cr);
  cairo_set_line_width (cr, 1.2);
  for (guint i = 0; i < kind->n_ports; i++)
    {
      const double *colour = domain_colour (style, kind->ports[i].domain);
      double x = layout.port_x[i] - PORT_SIZE / 2, y = layout.port_y[i] - PORT_SIZE / 2;

      cairo_rectangle (cr, x, y, PORT_SIZE, PORT_SIZE);
      if (port_is_hollow (kind, &layout, i))
        {
          set_paper (cr, style);
          cairo_fill_preserve (cr);
          set_colour (cr, colour, 1);
          cairo_stroke (cr);
        }
      else
        {
          set_colour (cr, colour, 1);
          cairo_fill (cr);
        }
    }
  cairo_restore (cr);
}

/* "kg.m2" → "kg·m²", "N.m/rad" → "N·m/rad", "s-1" → "s⁻¹": a dot
 * multiplies, digits after a letter are an exponent. */
static void
append_pretty_unit (GString    *out,
                    const char *unit)
{
  static const char *const superscripts[] = {
    "⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹",
  };
  gboolean exponent = FALSE;

  for (const char *p = unit; *p != '\0'; p++)
    {
      char c = *p;

      if (c == '.' || c == '*')
        {
          g_string_append (out, "·");
          exponent = FALSE;
        }
      else if (g_ascii_isdigit (c) && (exponent || (p > unit && g_ascii_isalpha (p[-1]))))
        {
          g_string_append (out, superscripts[c - '0']);
          exponent = TRUE;
        }
      else if (c == '-' && g_ascii_isdigit (p[1]) && p > unit && g_ascii_isalpha (p[-1]))
        {
          g_string_append (out, "⁻");
          exponent = TRUE;
        }
      else if (c == '^' && (g_ascii_isdigit (p[1]) || p[1] == '-'))
        {
          exponent = TRUE;
          if (p[1] == '-')
            {
              g_string_append (out, "⁻");
              p++;
            }
        }
      else
        {
          g_string_append_c (out, c);
          exponent = FALSE;
        }
    }
}

char *
sw_symbol_dup_key_text (const SwKind *kind,
                        const double *params)
{
  const SwParamDesc *desc;
  const char *name, *unit;
  GString *text;
  int index;
  double value;

  g_return_val_if_fail (kind != NULL, NULL);
  g_return_val_if_fail (params != NULL, NULL);

  if (kind->key_param == NULL)
    return NULL;
  index = sw_kind_find_param (kind, kind->key_param);
  g_return_val_if_fail (index >= 0, NULL);

  desc = &kind->params[index];
  value = params[index];
  name = desc->name;
  unit = desc->unit;
  /* A table's value is its first row's (SwComponent.param), named and in
   * the unit of its column: "tau = 1 N·m". */
  if (desc->type == SW_PARAM_TABLE && desc->table != NULL && desc->table->n_columns >= 2)
    {
      name = desc->table->columns[1].name;
      unit = desc->table->columns[1].unit;
    }
  text = g_string_new (name);
  g_string_append (text, " = ");

  if (desc->type == SW_PARAM_BOOLEAN)
    g_string_append (text, value != 0 ? "true" : "false");
  else if (isnan (value))
    g_string_append (text, "?");
  else
    g_string_append_printf (text, "%g", value);

  if (desc->type != SW_PARAM_BOOLEAN && unit != NULL && unit[0] != '\0')
    {
      g_string_append_c (text, ' ');
      append_pretty_unit (text, unit);
    }

  return g_string_free (text, FALSE);
}
