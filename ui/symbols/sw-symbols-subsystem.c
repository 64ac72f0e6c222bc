/* sw-symbols-subsystem.c: a subsystem drawn as a block with its name and
 * its ports.
 *
 * A port sits on the side of the block where its inner port lies in the
 * subsystem's own drawing (left or right of the middle of its components),
 * so a flywheel's flange drawn on the right inside is on the right
 * outside; supports go along the bottom. Each port's name is written
 * beside it inside the block.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-symbols-private.h"

#include <math.h>
#include <string.h>

#include "sw-model.h"

#define BLOCK_WIDTH  80.0
#define ROW          20.0

/* Which side the inner port of port lies on: -1 left, +1 right, 0 unknown
 * (the inner component has no position). */
static int
inner_side (const SwKind *kind, guint port)
{
  SwModel *inner = sw_kind_get_subsystem_model (kind);
  const char *target = sw_kind_get_subsystem_port_target (kind, port), *dot;
  double lo = INFINITY, hi = -INFINITY;
  g_autofree char *id = NULL;
  const SwComponent *c;
  int index;

  if (inner == NULL || target == NULL || (dot = strrchr (target, '.')) == NULL)
    return 0;
  id = g_strndup (target, dot - target);
  index = sw_model_find_component (inner, id);
  if (index < 0 || !(c = sw_model_get_component (inner, index))->has_position)
    return 0;
  for (guint i = 0; i < sw_model_get_n_components (inner); i++)
    {
      const SwComponent *other = sw_model_get_component (inner, i);

      if (other->has_position)
        lo = MIN (lo, other->position[0]), hi = MAX (hi, other->position[0]);
    }
  if (hi - lo < 1e-9)
    return 0;
  return c->position[0] < (lo + hi) / 2 ? -1 : 1;
}

void
_sw_symbol_layout_subsystem (const SwKind *kind, SwSymbolLayout *layout)
{
  int side[SW_KIND_MAX_PORTS];
  guint n_left = 0, n_right = 0, n_supports = 0, left = 0, right = 0, support = 0, rows;

  /* Unknown sides alternate, starting where there are fewer. */
  for (guint i = 0; i < kind->n_ports; i++)
    {
      side[i] = kind->ports[i].is_support ? 0 : inner_side (kind, i);
      if (!kind->ports[i].is_support && side[i] == 0)
        side[i] = n_left <= n_right ? -1 : 1;
      n_left += side[i] < 0, n_right += side[i] > 0, n_supports += kind->ports[i].is_support;
    }
  rows = MAX (1, MAX (n_left, n_right));
  layout->width = BLOCK_WIDTH;
  /* Room above the ports for the name. */
  layout->height = MAX (56, ROW * rows + 36);
  for (guint i = 0; i < kind->n_ports; i++)
    {
      if (kind->ports[i].is_support)
        {
          layout->port_x[i] = (support++ - (n_supports - 1) / 2.0) * ROW * 2;
          layout->port_y[i] = layout->height / 2;
        }
      else
        {
          guint row = side[i] < 0 ? left++ : right++, n = side[i] < 0 ? n_left : n_right;

          layout->port_x[i] = side[i] * BLOCK_WIDTH / 2;
          /* Centred on the block's middle, on the grid: a port alone is
           * in line with the flanges of the symbols beside it, so its wire
           * runs straight. */
          layout->port_y[i] = ROW * row - ROW * (n - 1) / 2.0;
        }
    }
}

/* A block with a second frame inside (it holds a model), its name on top
 * and its ports' names at them. */
void
_sw_symbol_draw_subsystem (cairo_t              *cr,
                           const SwKind         *kind,
                           const SwSymbolLayout *layout,
                           const SwSymbolStyle  *style)
{
  const double *tint = _sw_symbol_kind_tint (kind, style);
  double half_w = layout->width / 2 - 6, half_h = layout->height / 2 - 6;

  for (guint i = 0; i < kind->n_ports; i++)
    {
      double x = layout->port_x[i], y = layout->port_y[i];

      if (kind->ports[i].is_support)
        _sw_symbol_line (cr, x, y, x, half_h);
      else
        _sw_symbol_line (cr, x, y, copysign (half_w, x), y);
    }
  _sw_symbol_rounded_rectangle (cr, -half_w, -half_h, 2 * half_w, 2 * half_h, 4);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.12);
  cairo_save (cr);
  cairo_set_line_width (cr, 0.75);
  _sw_symbol_rounded_rectangle (cr, -half_w + 3, -half_h + 3, 2 * half_w - 6, 2 * half_h - 6, 2);
  cairo_stroke (cr);
  cairo_restore (cr);

  _sw_symbol_set_colour (cr, style->fg, 1);
  _sw_symbol_upright_text (cr, kind->label, 0, -half_h + 11, 8, TRUE, 2 * half_w - 8);
  for (guint i = 0; i < kind->n_ports; i++)
    {
      double x = layout->port_x[i], y = layout->port_y[i];
      const char *name = kind->ports[i].name;
      double width = half_w - 6;

      _sw_symbol_set_colour (cr, style->fg, 0.75);
      if (kind->ports[i].is_support)
        _sw_symbol_upright_text (cr, name, x, half_h - 8, 6, FALSE, 2 * ROW - 4);
      else
        /* Centred in the half of the block on its side. */
        _sw_symbol_upright_text (cr, name, copysign (half_w / 2 + 1, x), y, 6, FALSE, width);
    }
}
