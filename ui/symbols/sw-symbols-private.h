/* sw-symbols-private.h: what the sw-symbols*.c files share.
 *
 * sw-symbols.c finds a kind's shape and where its ports sit (its layout),
 * and draws a symbol by calling its shape's function, then the ports. The
 * shapes are drawn by family (sw-symbols-bodies.c, -compliant.c,
 * -transmission.c, -friction.c, -sources.c, -sensors.c) from the pieces in
 * sw-symbols-parts.c. A shape's function is called with the line width,
 * caps and joins set and the line colour (style->fg) as the source.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-symbols.h"

G_BEGIN_DECLS

#define SW_SYMBOL_LINE_WIDTH  1.5

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
  SHAPE_ENGINE,           /* a cylinder and piston over the crank, in the
                           * crankcase on the support */
  SHAPE_END_STOP,         /* a body on the flange between two stops of the
                           * support */
  SHAPE_LATCH,            /* a notched bar on the flange, a pawl of the
                           * support locked in its notch */
  SHAPE_SPRING_DAMPER_SERIES, /* a damper, then a spring, in one line */
  SHAPE_GEAR_PAIR,        /* toothed wheels meshing through a spring */
  SHAPE_RACK_PINION,      /* a toothed pinion on a toothed rack, a spring
                           * in the mesh */
  SHAPE_WORM_WHEEL,       /* a worm on flange_a under a toothed wheel on
                           * flange_b, a spring in the mesh */
  SHAPE_SENSOR,           /* a round gauge with its quantity's letter, read
                           * from one flange or between two */
  SHAPE_THROUGH_SENSOR,   /* the gauge on a shaft running through it from
                           * flange_a to flange_b (torque, force, power) */
  SHAPE_SOURCE_BETWEEN,   /* a source's circle between flange_a and flange_b
                           * (Torque2, Force2) */
  SHAPE_SUBSYSTEM,        /* a framed block with its name and ports' names */
  SHAPE_ABSORBER,         /* a seismic ring on its hub, through a dashpot
                           * (viscous damper) or a spring and a damper
                           * (tuned absorber) */
} SwSymbolShape;

/* What a source circle holds. */
typedef enum {
  GLYPH_NONE,
  GLYPH_TORQUE,           /* curved arrow */
  GLYPH_FORCE,            /* straight arrow */
  GLYPH_CURVE_LINEAR,     /* a speed-dependent load: axes and a line */
  GLYPH_CURVE_QUADRATIC,  /* axes and a parabola */
  GLYPH_LETTER,           /* a prescribed motion: ω, φ, α, v, s, a */
  GLYPH_FAN,              /* three blades round a hub */
} SwSymbolGlyph;

typedef enum {
  MARK_NONE,
  MARK_CONSTANT,          /* a flat bar under the arrow */
  MARK_STEP,              /* a step under the arrow */
} SwSymbolMark;

typedef struct {
  const char    *name;
  SwSymbolShape  shape;
  SwSymbolGlyph  glyph;
  SwSymbolMark   mark;
  const char    *letter;
} SwSymbolShapeEntry;

/* Where everything of a kind sits in its frame. */
typedef struct {
  SwSymbolShapeEntry entry;
  double             width, height;
  double             port_x[SW_KIND_MAX_PORTS];
  double             port_y[SW_KIND_MAX_PORTS];
  guint              n_main;      /* ports that are not supports */
  guint              n_supports;
} SwSymbolLayout;

/* The pieces (sw-symbols-parts.c). */
void _sw_symbol_set_colour (cairo_t      *cr,
                            const double *rgba,
                            double        alpha);
void _sw_symbol_set_paper (cairo_t             *cr,
                           const SwSymbolStyle *style);
void _sw_symbol_line (cairo_t *cr,
                      double   x1,
                      double   y1,
                      double   x2,
                      double   y2);
void _sw_symbol_rounded_rectangle (cairo_t *cr,
                                   double   x,
                                   double   y,
                                   double   width,
                                   double   height,
                                   double   radius);
void _sw_symbol_fill_tinted_and_stroke (cairo_t             *cr,
                                        const SwSymbolStyle *style,
                                        const double        *tint,
                                        double               tint_alpha);
void _sw_symbol_arrow_head (cairo_t *cr,
                            double   x,
                            double   y,
                            double   dx,
                            double   dy,
                            double   size);
void _sw_symbol_upright_text (cairo_t    *cr,
                              const char *text,
                              double      x,
                              double      y,
                              double      size,
                              gboolean    bold,
                              double      max_width);
void _sw_symbol_gear_wheel (cairo_t             *cr,
                            const SwSymbolStyle *style,
                            double               x,
                            double               y,
                            double               radius,
                            guint                n_teeth);
void _sw_symbol_heat_wave (cairo_t *cr,
                           double   x,
                           double   y_bottom,
                           double   y_top);
void _sw_symbol_zigzag (cairo_t *cr,
                        double   x1,
                        double   x2,
                        double   y,
                        double   amplitude,
                        guint    n_peaks);
void _sw_symbol_progressive_zigzag (cairo_t *cr,
                                    double   x1,
                                    double   x2,
                                    double   y,
                                    double   amplitude,
                                    guint    n_peaks,
                                    double   ratio);
void _sw_symbol_stepped_characteristic (cairo_t *cr,
                                        double   x,
                                        double   y,
                                        double   half_size);
void _sw_symbol_dashpot (cairo_t             *cr,
                         const SwSymbolStyle *style,
                         const double        *tint,
                         double               x1,
                         double               x2,
                         double               y,
                         double               half_height,
                         double               piston_x,
                         double               rod_end);
void _sw_symbol_spring_damper_pair (cairo_t             *cr,
                                    const SwSymbolStyle *style,
                                    const double        *tint,
                                    double               x1,
                                    double               x2);
void _sw_symbol_toothed_wheel (cairo_t             *cr,
                               const SwSymbolStyle *style,
                               const double        *tint,
                               double               x,
                               double               y,
                               double               radius,
                               guint                n_teeth,
                               double               phase);
void _sw_symbol_toothed_rack (cairo_t             *cr,
                              const SwSymbolStyle *style,
                              const double        *tint,
                              double               x1,
                              double               x2,
                              double               y,
                              double               bottom,
                              double               x_first,
                              double               pitch);
void _sw_symbol_mesh_spring (cairo_t             *cr,
                             const SwSymbolStyle *style,
                             double               x,
                             double               y,
                             double               angle);
void _sw_symbol_hatched_ground (cairo_t *cr,
                                double   x1,
                                double   x2,
                                double   y);
void _sw_symbol_support_stub (cairo_t *cr,
                              double   x,
                              double   y);
const double *_sw_symbol_domain_colour (const SwSymbolStyle *style,
                                         SwDomain             domain);
/* A subsystem (sw-symbols-subsystem.c): ports on the side they lie inside. */
void _sw_symbol_layout_subsystem (const SwKind   *kind,
                                  SwSymbolLayout *layout);
void _sw_symbol_draw_subsystem (cairo_t              *cr,
                                const SwKind         *kind,
                                const SwSymbolLayout *layout,
                                const SwSymbolStyle  *style);
const double *_sw_symbol_kind_tint (const SwKind        *kind,
                                     const SwSymbolStyle *style);
void _sw_symbol_draw_two_port_stubs (cairo_t              *cr,
                                     const SwSymbolLayout *layout,
                                     double                inner_left,
                                     double                inner_right);
void _sw_symbol_draw_supports (cairo_t              *cr,
                               const SwKind         *kind,
                               const SwSymbolLayout *layout);

/* sw-symbols-bodies.c */
void _sw_symbol_draw_inertia (cairo_t              *cr,
                              const SwKind         *kind,
                              const SwSymbolLayout *layout,
                              const SwSymbolStyle  *style);
void _sw_symbol_draw_mass (cairo_t              *cr,
                           const SwKind         *kind,
                           const SwSymbolLayout *layout,
                           const SwSymbolStyle  *style);
void _sw_symbol_draw_rod (cairo_t              *cr,
                          const SwKind         *kind,
                          const SwSymbolLayout *layout,
                          const SwSymbolStyle  *style);
void _sw_symbol_draw_fixed (cairo_t              *cr,
                            const SwKind         *kind,
                            const SwSymbolLayout *layout,
                            const SwSymbolStyle  *style);
void _sw_symbol_draw_disc (cairo_t              *cr,
                           const SwKind         *kind,
                           const SwSymbolLayout *layout,
                           const SwSymbolStyle  *style);
void _sw_symbol_draw_tb_mass (cairo_t              *cr,
                              const SwKind         *kind,
                              const SwSymbolLayout *layout,
                              const SwSymbolStyle  *style);
void _sw_symbol_draw_line_force (cairo_t              *cr,
                                 const SwKind         *kind,
                                 const SwSymbolLayout *layout,
                                 const SwSymbolStyle  *style);

/* sw-symbols-compliant.c */
void _sw_symbol_draw_spring (cairo_t              *cr,
                             const SwKind         *kind,
                             const SwSymbolLayout *layout,
                             const SwSymbolStyle  *style);
void _sw_symbol_draw_damper (cairo_t              *cr,
                             const SwKind         *kind,
                             const SwSymbolLayout *layout,
                             const SwSymbolStyle  *style);
void _sw_symbol_draw_spring_damper (cairo_t              *cr,
                                    const SwKind         *kind,
                                    const SwSymbolLayout *layout,
                                    const SwSymbolStyle  *style);
void _sw_symbol_draw_shaft (cairo_t              *cr,
                            const SwKind         *kind,
                            const SwSymbolLayout *layout,
                            const SwSymbolStyle  *style);
void _sw_symbol_draw_elasto_backlash (cairo_t              *cr,
                                      const SwKind         *kind,
                                      const SwSymbolLayout *layout,
                                      const SwSymbolStyle  *style);
void _sw_symbol_draw_elasto_gap (cairo_t              *cr,
                                 const SwKind         *kind,
                                 const SwSymbolLayout *layout,
                                 const SwSymbolStyle  *style);
void _sw_symbol_draw_rigidity (cairo_t              *cr,
                               const SwKind         *kind,
                               const SwSymbolLayout *layout,
                               const SwSymbolStyle  *style);
void _sw_symbol_draw_custom_coupling (cairo_t              *cr,
                                      const SwKind         *kind,
                                      const SwSymbolLayout *layout,
                                      const SwSymbolStyle  *style);
void _sw_symbol_draw_absorber (cairo_t              *cr,
                               const SwKind         *kind,
                               const SwSymbolLayout *layout,
                               const SwSymbolStyle  *style);
void _sw_symbol_draw_spring_damper_series (cairo_t              *cr,
                                           const SwKind         *kind,
                                           const SwSymbolLayout *layout,
                                           const SwSymbolStyle  *style);

/* sw-symbols-transmission.c */
void _sw_symbol_draw_gear (cairo_t              *cr,
                           const SwKind         *kind,
                           const SwSymbolLayout *layout,
                           const SwSymbolStyle  *style);
void _sw_symbol_draw_lossy_gear (cairo_t              *cr,
                                 const SwKind         *kind,
                                 const SwSymbolLayout *layout,
                                 const SwSymbolStyle  *style);
void _sw_symbol_draw_gearbox (cairo_t              *cr,
                              const SwKind         *kind,
                              const SwSymbolLayout *layout,
                              const SwSymbolStyle  *style);
void _sw_symbol_draw_planetary (cairo_t              *cr,
                                const SwKind         *kind,
                                const SwSymbolLayout *layout,
                                const SwSymbolStyle  *style);
void _sw_symbol_draw_r2t (cairo_t              *cr,
                          const SwKind         *kind,
                          const SwSymbolLayout *layout,
                          const SwSymbolStyle  *style);
void _sw_symbol_draw_wheel (cairo_t              *cr,
                            const SwKind         *kind,
                            const SwSymbolLayout *layout,
                            const SwSymbolStyle  *style);
void _sw_symbol_draw_transform (cairo_t              *cr,
                                const SwKind         *kind,
                                const SwSymbolLayout *layout,
                                const SwSymbolStyle  *style);
void _sw_symbol_draw_gear_pair (cairo_t              *cr,
                                const SwKind         *kind,
                                const SwSymbolLayout *layout,
                                const SwSymbolStyle  *style);
void _sw_symbol_draw_rack_pinion (cairo_t              *cr,
                                  const SwKind         *kind,
                                  const SwSymbolLayout *layout,
                                  const SwSymbolStyle  *style);
void _sw_symbol_draw_worm_wheel (cairo_t              *cr,
                                 const SwKind         *kind,
                                 const SwSymbolLayout *layout,
                                 const SwSymbolStyle  *style);

/* sw-symbols-friction.c */
void _sw_symbol_draw_clutch (cairo_t              *cr,
                             const SwKind         *kind,
                             const SwSymbolLayout *layout,
                             const SwSymbolStyle  *style);
void _sw_symbol_draw_brake (cairo_t              *cr,
                            const SwKind         *kind,
                            const SwSymbolLayout *layout,
                            const SwSymbolStyle  *style);
void _sw_symbol_draw_bearing_friction (cairo_t              *cr,
                                       const SwKind         *kind,
                                       const SwSymbolLayout *layout,
                                       const SwSymbolStyle  *style);
void _sw_symbol_draw_one_way_clutch (cairo_t              *cr,
                                     const SwKind         *kind,
                                     const SwSymbolLayout *layout,
                                     const SwSymbolStyle  *style);
void _sw_symbol_draw_stop_mass (cairo_t              *cr,
                                const SwKind         *kind,
                                const SwSymbolLayout *layout,
                                const SwSymbolStyle  *style);
void _sw_symbol_draw_end_stop (cairo_t              *cr,
                               const SwKind         *kind,
                               const SwSymbolLayout *layout,
                               const SwSymbolStyle  *style);
void _sw_symbol_draw_latch (cairo_t              *cr,
                            const SwKind         *kind,
                            const SwSymbolLayout *layout,
                            const SwSymbolStyle  *style);

/* sw-symbols-sources.c */
void _sw_symbol_draw_source (cairo_t              *cr,
                             const SwKind         *kind,
                             const SwSymbolLayout *layout,
                             const SwSymbolStyle  *style);
void _sw_symbol_draw_source_between (cairo_t              *cr,
                                     const SwKind         *kind,
                                     const SwSymbolLayout *layout,
                                     const SwSymbolStyle  *style);
void _sw_symbol_draw_engine (cairo_t              *cr,
                             const SwKind         *kind,
                             const SwSymbolLayout *layout,
                             const SwSymbolStyle  *style);

/* sw-symbols-sensors.c */
void _sw_symbol_draw_sensor (cairo_t              *cr,
                             const SwKind         *kind,
                             const SwSymbolLayout *layout,
                             const SwSymbolStyle  *style);

G_END_DECLS
