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
#include "sw-symbols-private.h"

#include <math.h>
#include <string.h>
#include "sw-model.h"

#include <glib/gi18n.h>

#define PORT_SIZE   8.0

static const SwSymbolShapeEntry shape_table[] = {
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
  { "translational.ideal_gear", SHAPE_GEAR },
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
  { "translational.spring_damper_series", SHAPE_SPRING_DAMPER_SERIES },
  { "rotational.end_stop", SHAPE_END_STOP },
  { "rotational.viscous_damper", SHAPE_ABSORBER },
  { "rotational.tuned_absorber", SHAPE_ABSORBER },
  { "translational.end_stop", SHAPE_END_STOP },
  { "rotational.latch", SHAPE_LATCH },
  { "translational.latch", SHAPE_LATCH },
  { "rotational.gear_pair", SHAPE_GEAR_PAIR },
  { "translational.rack_pinion", SHAPE_RACK_PINION },
  { "rotational.worm_wheel", SHAPE_WORM_WHEEL },
  { "rotational.engine", SHAPE_ENGINE },
  { "rotational.angle_sensor", SHAPE_SENSOR, GLYPH_LETTER, MARK_NONE, "φ" },
  { "rotational.speed_sensor", SHAPE_SENSOR, GLYPH_LETTER, MARK_NONE, "ω" },
  { "rotational.acc_sensor", SHAPE_SENSOR, GLYPH_LETTER, MARK_NONE, "α" },
  { "rotational.rel_angle_sensor", SHAPE_SENSOR, GLYPH_LETTER, MARK_NONE, "Δφ" },
  { "rotational.rel_speed_sensor", SHAPE_SENSOR, GLYPH_LETTER, MARK_NONE, "Δω" },
  { "rotational.rel_acc_sensor", SHAPE_SENSOR, GLYPH_LETTER, MARK_NONE, "Δα" },
  { "rotational.torque_sensor", SHAPE_THROUGH_SENSOR, GLYPH_LETTER, MARK_NONE, "τ" },
  { "rotational.power_sensor", SHAPE_THROUGH_SENSOR, GLYPH_LETTER, MARK_NONE, "P" },
  { "translational.position_sensor", SHAPE_SENSOR, GLYPH_LETTER, MARK_NONE, "s" },
  { "translational.speed_sensor", SHAPE_SENSOR, GLYPH_LETTER, MARK_NONE, "v" },
  { "translational.acc_sensor", SHAPE_SENSOR, GLYPH_LETTER, MARK_NONE, "a" },
  { "translational.rel_position_sensor", SHAPE_SENSOR, GLYPH_LETTER, MARK_NONE, "Δs" },
  { "translational.rel_speed_sensor", SHAPE_SENSOR, GLYPH_LETTER, MARK_NONE, "Δv" },
  { "translational.rel_acc_sensor", SHAPE_SENSOR, GLYPH_LETTER, MARK_NONE, "Δa" },
  { "translational.force_sensor", SHAPE_THROUGH_SENSOR, GLYPH_LETTER, MARK_NONE, "f" },
  { "translational.power_sensor", SHAPE_THROUGH_SENSOR, GLYPH_LETTER, MARK_NONE, "P" },
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
  { "rotational.constant_speed", SHAPE_SOURCE, GLYPH_LETTER, MARK_CONSTANT, "ω" },
  { "translational.constant_speed", SHAPE_SOURCE, GLYPH_LETTER, MARK_CONSTANT, "v" },
  { "rotational.torque2", SHAPE_SOURCE_BETWEEN, GLYPH_TORQUE },
  { "translational.force2", SHAPE_SOURCE_BETWEEN, GLYPH_FORCE },
  { "rotational.move", SHAPE_SOURCE, GLYPH_LETTER, MARK_NONE, "φωα" },
  { "translational.move", SHAPE_SOURCE, GLYPH_LETTER, MARK_NONE, "sva" },
  { "rotational.initialize_flange", SHAPE_SOURCE, GLYPH_LETTER, MARK_NONE, "φ₀" },
  { "translational.initialize_flange", SHAPE_SOURCE, GLYPH_LETTER, MARK_NONE, "s₀" },
};

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
static SwSymbolShapeEntry
guess_shape (const SwKind *kind)
{
  const char *dot = strrchr (kind->name, '.');
  const char *suffix = dot != NULL ? dot + 1 : kind->name;
  SwSymbolShapeEntry entry = { kind->name, SHAPE_BOX };

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
shape_fits (SwSymbolShape  shape,
            const SwKind  *kind)
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
    case SHAPE_RACK_PINION:
      return n_main == 2 && n_supports <= 2;
    case SHAPE_END_STOP:
    case SHAPE_LATCH:
      return n_main == 1 && n_supports <= 1;
    case SHAPE_ABSORBER:
      return n_main == 1 && n_supports == 0;
    case SHAPE_TB_MASS:
      return n_main == 3 && n_supports <= 1;
    case SHAPE_SENSOR:
      return (n_main == 1 || n_main == 2) && n_supports == 0;
    case SHAPE_THROUGH_SENSOR:
      return n_main == 2 && n_supports == 0;
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
    case SHAPE_ENGINE:
    case SHAPE_SPRING_DAMPER_SERIES:
    case SHAPE_GEAR_PAIR:
    case SHAPE_WORM_WHEEL:
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
get_layout (const SwKind   *kind,
            SwSymbolLayout *layout)
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
    layout->entry = (SwSymbolShapeEntry) { kind->name, SHAPE_BOX };

  count_ports (kind, &n_main, &n_supports);
  layout->n_main = n_main;
  layout->n_supports = n_supports;
  if (sw_kind_get_subsystem_model (kind) != NULL)
    {
      layout->entry = (SwSymbolShapeEntry) { kind->name, SHAPE_SUBSYSTEM };
      _sw_symbol_layout_subsystem (kind, layout);
      return;
    }

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

    case SHAPE_SENSOR:
      /* One flange: on the left of the gauge, as Modelica draws it; two
       * take the common layout below. */
      if (n_main != 1)
        break;
      layout->width = 40;
      layout->height = 40;
      layout->port_x[0] = -20;
      layout->port_y[0] = 0;
      return;

    case SHAPE_ABSORBER:
      /* The hub's flange on the left, the ring hanging on it. */
      layout->width = 60;
      layout->height = 40;
      layout->port_x[0] = -30;
      layout->port_y[0] = 0;
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
    case SHAPE_ENGINE:
    case SHAPE_END_STOP:
    case SHAPE_LATCH:
    case SHAPE_SPRING_DAMPER_SERIES:
    case SHAPE_GEAR_PAIR:
    case SHAPE_RACK_PINION:
    case SHAPE_WORM_WHEEL:
    case SHAPE_THROUGH_SENSOR:
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
  SwSymbolLayout layout;

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
  SwSymbolLayout layout;

  g_return_if_fail (kind != NULL);
  g_return_if_fail (port < kind->n_ports);

  get_layout (kind, &layout);
  if (x != NULL)
    *x = layout.port_x[port];
  if (y != NULL)
    *y = layout.port_y[port];
}

/* A kind without a shape of its own: a box with its label, its ports wired
 * to the box's edge. */
static void
draw_box (cairo_t              *cr,
          const SwKind         *kind,
          const SwSymbolLayout *layout,
          const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);

  double half_w = layout->width / 2 - 8, half_h = layout->height / 2 - 8;

  for (guint i = 0; i < kind->n_ports; i++)
    {
      double x = layout->port_x[i], y = layout->port_y[i];

      if (fabs (fabs (x) - layout->width / 2) < 1e-9)
        _sw_symbol_line (cr, x, y, copysign (half_w, x), y);
      else
        _sw_symbol_line (cr, x, y, x, copysign (half_h, y));
    }
  _sw_symbol_rounded_rectangle (cr, -half_w, -half_h, 2 * half_w, 2 * half_h, 3);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.15);
  _sw_symbol_set_colour (cr, style->fg, 1);
  _sw_symbol_upright_text (cr, _(kind->label), 0, 0, 8, FALSE, 2 * half_w - 4);
}

/* The drawing of each shape, by family (sw-symbols-private.h). */
typedef void (*DrawShapeFunc) (cairo_t              *cr,
                               const SwKind         *kind,
                               const SwSymbolLayout *layout,
                               const SwSymbolStyle  *style);

static const DrawShapeFunc draw_shape[] = {
  [SHAPE_INERTIA]               = _sw_symbol_draw_inertia,
  [SHAPE_MASS]                  = _sw_symbol_draw_mass,
  [SHAPE_ROD]                   = _sw_symbol_draw_rod,
  [SHAPE_SPRING]                = _sw_symbol_draw_spring,
  [SHAPE_DAMPER]                = _sw_symbol_draw_damper,
  [SHAPE_SPRING_DAMPER]         = _sw_symbol_draw_spring_damper,
  [SHAPE_SHAFT]                 = _sw_symbol_draw_shaft,
  [SHAPE_FIXED]                 = _sw_symbol_draw_fixed,
  [SHAPE_GEAR]                  = _sw_symbol_draw_gear,
  [SHAPE_LOSSY_GEAR]            = _sw_symbol_draw_lossy_gear,
  [SHAPE_GEARBOX]               = _sw_symbol_draw_gearbox,
  [SHAPE_PLANETARY]             = _sw_symbol_draw_planetary,
  [SHAPE_R2T]                   = _sw_symbol_draw_r2t,
  [SHAPE_WHEEL]                 = _sw_symbol_draw_wheel,
  [SHAPE_TRANSFORM]             = _sw_symbol_draw_transform,
  [SHAPE_SOURCE]                = _sw_symbol_draw_source,
  [SHAPE_CLUTCH]                = _sw_symbol_draw_clutch,
  [SHAPE_BRAKE]                 = _sw_symbol_draw_brake,
  [SHAPE_BEARING_FRICTION]      = _sw_symbol_draw_bearing_friction,
  [SHAPE_ONE_WAY_CLUTCH]        = _sw_symbol_draw_one_way_clutch,
  [SHAPE_ELASTO_BACKLASH]       = _sw_symbol_draw_elasto_backlash,
  [SHAPE_ELASTO_GAP]            = _sw_symbol_draw_elasto_gap,
  [SHAPE_STOP_MASS]             = _sw_symbol_draw_stop_mass,
  [SHAPE_DISC]                  = _sw_symbol_draw_disc,
  [SHAPE_RIGIDITY]              = _sw_symbol_draw_rigidity,
  [SHAPE_TB_MASS]               = _sw_symbol_draw_tb_mass,
  [SHAPE_CUSTOM_COUPLING]       = _sw_symbol_draw_custom_coupling,
  [SHAPE_LINE_FORCE_MASS]       = _sw_symbol_draw_line_force,
  [SHAPE_LINE_FORCE_TWO_MASSES] = _sw_symbol_draw_line_force,
  [SHAPE_ENGINE]                = _sw_symbol_draw_engine,
  [SHAPE_END_STOP]              = _sw_symbol_draw_end_stop,
  [SHAPE_LATCH]                 = _sw_symbol_draw_latch,
  [SHAPE_SPRING_DAMPER_SERIES]  = _sw_symbol_draw_spring_damper_series,
  [SHAPE_ABSORBER]              = _sw_symbol_draw_absorber,
  [SHAPE_GEAR_PAIR]             = _sw_symbol_draw_gear_pair,
  [SHAPE_RACK_PINION]           = _sw_symbol_draw_rack_pinion,
  [SHAPE_WORM_WHEEL]            = _sw_symbol_draw_worm_wheel,
  [SHAPE_SENSOR]                = _sw_symbol_draw_sensor,
  [SHAPE_THROUGH_SENSOR]        = _sw_symbol_draw_sensor,
  [SHAPE_SOURCE_BETWEEN]        = _sw_symbol_draw_source_between,
  [SHAPE_BOX]                   = draw_box,
  [SHAPE_SUBSYSTEM]             = _sw_symbol_draw_subsystem,
};

static void
draw_body (cairo_t              *cr,
           const SwKind         *kind,
           const SwSymbolLayout *layout,
           const SwSymbolStyle  *style)
{
  SwSymbolShape shape = layout->entry.shape;

  _sw_symbol_set_colour (cr, style->fg, 1);
  if (shape < G_N_ELEMENTS (draw_shape) && draw_shape[shape] != NULL)
    draw_shape[shape] (cr, kind, layout, style);
  else
    draw_box (cr, kind, layout, style);
}

/* flange_b is hollow: a main flange on the right or top edge. */
static gboolean
port_is_hollow (const SwKind         *kind,
                const SwSymbolLayout *layout,
                guint                 port)
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
  SwSymbolLayout layout;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (kind != NULL);
  g_return_if_fail (style != NULL);

  get_layout (kind, &layout);

  cairo_save (cr);
  cairo_set_line_width (cr, SW_SYMBOL_LINE_WIDTH);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  draw_body (cr, kind, &layout, style);
  cairo_restore (cr);

  cairo_save (cr);
  cairo_set_line_width (cr, 1.2);
  for (guint i = 0; i < kind->n_ports; i++)
    {
      const double *colour = _sw_symbol_domain_colour (style, kind->ports[i].domain);
      double x = layout.port_x[i] - PORT_SIZE / 2, y = layout.port_y[i] - PORT_SIZE / 2;

      cairo_rectangle (cr, x, y, PORT_SIZE, PORT_SIZE);
      if (port_is_hollow (kind, &layout, i))
        {
          _sw_symbol_set_paper (cr, style);
          cairo_fill_preserve (cr);
          _sw_symbol_set_colour (cr, colour, 1);
          cairo_stroke (cr);
        }
      else
        {
          _sw_symbol_set_colour (cr, colour, 1);
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
