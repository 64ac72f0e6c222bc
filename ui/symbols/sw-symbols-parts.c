/* sw-symbols-parts.c: the pieces symbols are drawn from (sw-symbols-private.h):
 * colours, lines, arrows, upright text, wheels, coils, dashpots, ground.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-symbols-private.h"

#include <math.h>

#include <pango/pangocairo.h>

void
_sw_symbol_set_colour (cairo_t      *cr,
                       const double *rgba,
                       double        alpha)
{
  cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3] * alpha);
}

/* The background the symbol sits on (white on light, the view colour on
 * dark), guessed from the line colour: hollow ports and bodies are filled
 * with it so that wires under them do not show through. */
void
_sw_symbol_set_paper (cairo_t             *cr,
                      const SwSymbolStyle *style)
{
  double luminance = 0.2126 * style->fg[0] + 0.7152 * style->fg[1] + 0.0722 * style->fg[2];

  if (luminance > 0.5)
    cairo_set_source_rgb (cr, 0.118, 0.118, 0.118);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
}

void
_sw_symbol_line (cairo_t *cr,
                 double   x1,
                 double   y1,
                 double   x2,
                 double   y2)
{
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x2, y2);
  cairo_stroke (cr);
}

void
_sw_symbol_rounded_rectangle (cairo_t *cr,
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
void
_sw_symbol_fill_tinted_and_stroke (cairo_t             *cr,
                                   const SwSymbolStyle *style,
                                   const double        *tint,
                                   double               tint_alpha)
{
  _sw_symbol_set_paper (cr, style);
  cairo_fill_preserve (cr);
  _sw_symbol_set_colour (cr, tint, tint_alpha);
  cairo_fill_preserve (cr);
  _sw_symbol_set_colour (cr, style->fg, 1);
  cairo_stroke (cr);
}

void
_sw_symbol_arrow_head (cairo_t *cr,
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
void
_sw_symbol_upright_text (cairo_t    *cr,
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
void
_sw_symbol_gear_wheel (cairo_t             *cr,
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
  _sw_symbol_set_colour (cr, style->fg, 1);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, tooth_radius, 0, 2 * G_PI);
  cairo_stroke (cr);
  cairo_restore (cr);

  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
  _sw_symbol_fill_tinted_and_stroke (cr, style, style->rotational, 0.3);

  _sw_symbol_set_colour (cr, style->fg, 1);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, 1.8, 0, 2 * G_PI);
  cairo_fill (cr);
}

/* A wavy line of heat rising from y_bottom to y_top at x. */
void
_sw_symbol_heat_wave (cairo_t *cr,
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

void
_sw_symbol_zigzag (cairo_t *cr,
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
void
_sw_symbol_progressive_zigzag (cairo_t *cr,
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
void
_sw_symbol_stepped_characteristic (cairo_t *cr,
                                   double   x,
                                   double   y,
                                   double   half_size)
{
  /* Corners of the right half, as fractions of half_size, y up. */
  static const double u[] = { 0.2, 0.6, 1.0 }, v[] = { 0.06, 0.4, 1.0 };
  double h = half_size;

  cairo_save (cr);
  cairo_set_line_width (cr, 0.8);
  _sw_symbol_line (cr, x - h, y, x + h, y);
  _sw_symbol_line (cr, x, y - h, x, y + h);
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
void
_sw_symbol_dashpot (cairo_t             *cr,
                    const SwSymbolStyle *style,
                    const double        *tint,
                    double               x1,
                    double               x2,
                    double               y,
                    double               half_height,
                    double               piston_x,
                    double               rod_end)
{
  _sw_symbol_set_colour (cr, tint, 0.25);
  cairo_rectangle (cr, x1, y - half_height, x2 - x1, 2 * half_height);
  cairo_fill (cr);

  _sw_symbol_set_colour (cr, style->fg, 1);
  cairo_move_to (cr, x2, y - half_height);
  cairo_line_to (cr, x1, y - half_height);
  cairo_line_to (cr, x1, y + half_height);
  cairo_line_to (cr, x2, y + half_height);
  cairo_stroke (cr);

  cairo_save (cr);
  cairo_set_line_width (cr, 2.5);
  _sw_symbol_line (cr, piston_x, y - half_height + 2.5, piston_x, y + half_height - 2.5);
  cairo_restore (cr);
  _sw_symbol_line (cr, piston_x, y, rod_end, y);
}

/* A spring above a damper between two end bars at x1 and x2, as the
 * spring-damper draws them, for the elements that add play or a gap. */
void
_sw_symbol_spring_damper_pair (cairo_t             *cr,
                               const SwSymbolStyle *style,
                               const double        *tint,
                               double               x1,
                               double               x2)
{
  double length = x2 - x1, lead = 0.16 * length;

  _sw_symbol_set_colour (cr, style->fg, 1);
  _sw_symbol_line (cr, x1, -13, x1, 13);
  _sw_symbol_line (cr, x2, -13, x2, 13);
  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  _sw_symbol_line (cr, x1, -9, x1 + lead, -9);
  _sw_symbol_zigzag (cr, x1 + lead, x2 - lead, -9, 4, 5);
  _sw_symbol_line (cr, x2 - lead, -9, x2, -9);
  cairo_restore (cr);
  _sw_symbol_line (cr, x1, 9, x1 + 0.2 * length, 9);
  _sw_symbol_dashpot (cr, style, tint, x1 + 0.2 * length, x1 + 0.7 * length, 9, 5, x1 + 0.5 * length, x2);
}

/* Hatched ground along y from x1 to x2, leaving room for a support line
 * down the middle. */
void
_sw_symbol_hatched_ground (cairo_t *cr,
                           double   x1,
                           double   x2,
                           double   y)
{
  cairo_save (cr);
  cairo_set_line_width (cr, 2);
  _sw_symbol_line (cr, x1, y, x2, y);
  cairo_restore (cr);
  cairo_save (cr);
  cairo_set_line_width (cr, 1);
  for (double x = x1 + 4; x <= x2; x += 6)
    if (fabs (x - 2) > 3)
      _sw_symbol_line (cr, x, y, x - 4, y + 5);
  cairo_restore (cr);
}

/* A short stub from a support port into the body and a bearing bar. */
void
_sw_symbol_support_stub (cairo_t *cr,
                         double   x,
                         double   y)
{
  _sw_symbol_line (cr, x, y, x, y - 6);
  _sw_symbol_line (cr, x - 5, y - 6, x + 5, y - 6);
}

const double *
_sw_symbol_domain_colour (const SwSymbolStyle *style,
                          SwDomain             domain)
{
  return domain == SW_DOMAIN_TRANSLATIONAL ? style->translational : style->rotational;
}

/* The tint of a kind's bodies: the colour of its first port's domain. */
const double *
_sw_symbol_kind_tint (const SwKind        *kind,
                      const SwSymbolStyle *style)
{
  return _sw_symbol_domain_colour (style, kind->n_ports > 0 ? kind->ports[0].domain : SW_DOMAIN_ROTATIONAL);
}

void
_sw_symbol_draw_two_port_stubs (cairo_t              *cr,
                                const SwSymbolLayout *layout,
                                double                inner_left,
                                double                inner_right)
{
  for (guint i = 0; i < layout->n_main + layout->n_supports && i < SW_KIND_MAX_PORTS; i++)
    {
      double x = layout->port_x[i], y = layout->port_y[i];

      if (x < 0 && fabs (x + layout->width / 2) < 1e-9)
        _sw_symbol_line (cr, x, y, inner_left, y);
      else if (x > 0 && fabs (x - layout->width / 2) < 1e-9)
        _sw_symbol_line (cr, x, y, inner_right, y);
    }
}

void
_sw_symbol_draw_supports (cairo_t              *cr,
                          const SwKind         *kind,
                          const SwSymbolLayout *layout)
{
  for (guint i = 0; i < kind->n_ports; i++)
    if (kind->ports[i].is_support)
      _sw_symbol_support_stub (cr, layout->port_x[i], layout->port_y[i]);
}

/* A wheel with real teeth round its pitch circle (radius), as the
 * elastic meshes draw it: a tooth of 2 × 1.6 units high centred on
 * angle phase and every 2π / n_teeth after it, tapered to its tip; the
 * body tinted, the hub a dot. */
void
_sw_symbol_toothed_wheel (cairo_t             *cr,
                          const SwSymbolStyle *style,
                          const double        *tint,
                          double               x,
                          double               y,
                          double               radius,
                          guint                n_teeth,
                          double               phase)
{
  double pitch = 2 * G_PI / n_teeth;
  double tip = radius + 1.6, root = radius - 1.6;

  cairo_new_sub_path (cr);
  for (guint i = 0; i < n_teeth; i++)
    {
      double a = phase + i * pitch;

      cairo_arc (cr, x, y, root, a - 0.73 * pitch, a - 0.27 * pitch);
      cairo_line_to (cr, x + tip * cos (a - 0.14 * pitch), y + tip * sin (a - 0.14 * pitch));
      cairo_line_to (cr, x + tip * cos (a + 0.14 * pitch), y + tip * sin (a + 0.14 * pitch));
      cairo_line_to (cr, x + root * cos (a + 0.27 * pitch), y + root * sin (a + 0.27 * pitch));
    }
  cairo_close_path (cr);
  cairo_save (cr);
  cairo_set_line_width (cr, 1.1);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.3);
  cairo_restore (cr);

  _sw_symbol_set_colour (cr, style->fg, 1);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, 1.8, 0, 2 * G_PI);
  cairo_fill (cr);
}

/* A rack from x1 to x2 whose teeth point up from its pitch line at y
 * (1.6 units up, 1.6 down, tapered like the toothed wheel's), a tooth
 * centred on x_first and every pitch after it, its body down to
 * bottom. */
void
_sw_symbol_toothed_rack (cairo_t             *cr,
                         const SwSymbolStyle *style,
                         const double        *tint,
                         double               x1,
                         double               x2,
                         double               y,
                         double               bottom,
                         double               x_first,
                         double               pitch)
{
  double tip = y - 1.6, root = y + 1.6;

  cairo_move_to (cr, x1, bottom);
  cairo_line_to (cr, x1, root);
  for (double xc = x_first; xc + 0.5 * pitch <= x2 + 1e-9; xc += pitch)
    {
      cairo_line_to (cr, xc - 0.27 * pitch, root);
      cairo_line_to (cr, xc - 0.14 * pitch, tip);
      cairo_line_to (cr, xc + 0.14 * pitch, tip);
      cairo_line_to (cr, xc + 0.27 * pitch, root);
    }
  cairo_line_to (cr, x2, root);
  cairo_line_to (cr, x2, bottom);
  cairo_close_path (cr);
  cairo_save (cr);
  cairo_set_line_width (cr, 1.1);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  _sw_symbol_fill_tinted_and_stroke (cr, style, tint, 0.4);
  cairo_restore (cr);
}

/* The mark of an elastic mesh: a small spring across the teeth in
 * contact at (x, y), turned by angle from the vertical, on a strip of
 * paper so that it reads over the teeth. */
void
_sw_symbol_mesh_spring (cairo_t             *cr,
                        const SwSymbolStyle *style,
                        double               x,
                        double               y,
                        double               angle)
{
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_rotate (cr, angle + G_PI / 2);
  _sw_symbol_set_paper (cr, style);
  cairo_rectangle (cr, -4.5, -2.8, 9, 5.6);
  cairo_fill (cr);
  _sw_symbol_set_colour (cr, style->fg, 1);
  cairo_set_line_width (cr, 1.1);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  _sw_symbol_line (cr, -5.5, 0, -3.5, 0);
  _sw_symbol_zigzag (cr, -3.5, 3.5, 0, 2.2, 4);
  _sw_symbol_line (cr, 3.5, 0, 5.5, 0);
  cairo_restore (cr);
}
