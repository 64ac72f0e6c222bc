/* sw-canvas-private.h: the schematic canvas's geometry as pure functions
 * (coordinate transforms, snapping, hit testing, wire routing, free spots),
 * and entry points for tests that play pointer events without a real
 * pointer.
 *
 * Coordinates: "model" units are the file's positions (the grid is 10);
 * "widget" units are the widget's pixels. A component's symbol frame (see
 * sw-symbols.h) is centred on the component's position, flipped
 * horizontally first when flipped, then turned clockwise by its rotation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-canvas.h"
#include "sw-kind.h"

G_BEGIN_DECLS

#define SW_CANVAS_GRID       10.0
/* How far a wire leaves a port straight before it turns. */
#define SW_CANVAS_WIRE_STUB  10.0
#define SW_CANVAS_ROUTE_MAX  12

typedef struct {
  double x, y, width, height;
} SwCanvasRect;

/* widget = model * zoom + (tx, ty) */
typedef struct {
  double zoom;
  double tx, ty;
} SwCanvasView;

/* The way a port faces, out of its symbol. */
typedef enum {
  SW_CANVAS_DIR_LEFT,
  SW_CANVAS_DIR_RIGHT,
  SW_CANVAS_DIR_UP,
  SW_CANVAS_DIR_DOWN,
} SwCanvasDir;

/* Something a wire should keep off: a symbol (costly to cross) or a
 * label (less so). */
typedef struct {
  SwCanvasRect rect;
  double       cost;
} SwCanvasObstacle;

#define SW_CANVAS_COST_SYMBOL 400.0
#define SW_CANVAS_COST_LABEL  120.0

/* An orthogonal polyline from one port to another. */
typedef struct {
  guint  n_points;
  double x[SW_CANVAS_ROUTE_MAX];
  double y[SW_CANVAS_ROUTE_MAX];
} SwCanvasRoute;

/* The nearest multiple of the grid. */
double        _sw_canvas_snap              (double              value);

void          _sw_canvas_view_to_model     (const SwCanvasView *view,
                                            double              wx,
                                            double              wy,
                                            double             *mx,
                                            double             *my);
void          _sw_canvas_view_to_widget    (const SwCanvasView *view,
                                            double              mx,
                                            double              my,
                                            double             *wx,
                                            double             *wy);
/* Sets the zoom keeping the model point under (wx, wy) in place. */
void          _sw_canvas_view_zoom_at      (SwCanvasView       *view,
                                            double              zoom,
                                            double              wx,
                                            double              wy);
/* Zoom (within min_zoom..max_zoom) and offset that show content centred in
 * a width × height widget with margin pixels around it. */
void          _sw_canvas_view_fit          (SwCanvasView       *view,
                                            const SwCanvasRect *content,
                                            double              width,
                                            double              height,
                                            double              margin,
                                            double              min_zoom,
                                            double              max_zoom);

/* A point of the symbol frame in model coordinates. */
void          _sw_canvas_frame_to_model    (double              cx,
                                            double              cy,
                                            int                 rotation,
                                            gboolean            flipped,
                                            double              fx,
                                            double              fy,
                                            double             *x,
                                            double             *y);
/* The symbol's box around (cx, cy), turned by rotation. */
SwCanvasRect  _sw_canvas_symbol_box        (const SwKind       *kind,
                                            double              cx,
                                            double              cy,
                                            int                 rotation);
/* Where port sits in model coordinates and which way it faces. */
void          _sw_canvas_port_place        (const SwKind       *kind,
                                            guint               port,
                                            double              cx,
                                            double              cy,
                                            int                 rotation,
                                            gboolean            flipped,
                                            double             *x,
                                            double             *y,
                                            SwCanvasDir        *direction);

SwCanvasRect  _sw_canvas_rect_from_points  (double              x1,
                                            double              y1,
                                            double              x2,
                                            double              y2);
SwCanvasRect  _sw_canvas_rect_inflate      (const SwCanvasRect *rect,
                                            double              margin);
gboolean      _sw_canvas_rect_contains     (const SwCanvasRect *rect,
                                            double              x,
                                            double              y);
gboolean      _sw_canvas_rect_intersects   (const SwCanvasRect *a,
                                            const SwCanvasRect *b);
SwCanvasRect  _sw_canvas_rect_union        (const SwCanvasRect *a,
                                            const SwCanvasRect *b);

/* The topmost (last) box containing (x, y) grown by margin, or -1. */
int           _sw_canvas_hit_box           (const SwCanvasRect *boxes,
                                            guint               n_boxes,
                                            double              x,
                                            double              y,
                                            double              margin);
/* The nearest of n points within radius of (x, y), or -1. */
int           _sw_canvas_hit_point         (const double       *xs,
                                            const double       *ys,
                                            guint               n_points,
                                            double              x,
                                            double              y,
                                            double              radius);
/* Distance from (x, y) to the route's polyline. */
double        _sw_canvas_route_distance    (const SwCanvasRoute *route,
                                            double              x,
                                            double              y);

/* Where route b branches off route a (two wires of one port): the inner
 * corners of b that lie on a, except at a's ends. Fills up to max points;
 * returns how many. */
guint         _sw_canvas_route_branches    (const SwCanvasRoute *a,
                                            const SwCanvasRoute *b,
                                            double             *xs,
                                            double             *ys,
                                            guint               max);

/* An orthogonal route from port a (at ax, ay, facing a_dir) to port b:
 * straight out of each port for its stub, then with few bends, no turning
 * back on itself, where it can around the obstacles (the symbols and
 * labels of the two ends) and not along the other routes (wires of other
 * nodes), so that two wires never look like one. */
void          _sw_canvas_route             (double              ax,
                                            double              ay,
                                            SwCanvasDir         a_dir,
                                            double              a_stub,
                                            double              bx,
                                            double              by,
                                            SwCanvasDir         b_dir,
                                            double              b_stub,
                                            const SwCanvasObstacle *obstacles,
                                            guint               n_obstacles,
                                            const SwCanvasRoute *others,
                                            guint               n_others,
                                            SwCanvasRoute      *route);

/* The first free grid spot, row by row, for a box of width × height that
 * keeps clear of the occupied boxes; the centre goes to (x, y). */
void          _sw_canvas_find_free_spot    (const SwCanvasRect *occupied,
                                            guint               n_occupied,
                                            double              width,
                                            double              height,
                                            double             *x,
                                            double             *y);

/* For tests: the view, and pointer events in widget coordinates as the
 * gestures deliver them. */
void          _sw_canvas_get_view          (SwCanvas           *canvas,
                                            SwCanvasView       *view);
void          _sw_canvas_set_view          (SwCanvas           *canvas,
                                            const SwCanvasView *view);
void          _sw_canvas_pointer_press     (SwCanvas           *canvas,
                                            double              x,
                                            double              y,
                                            GdkModifierType     state);
void          _sw_canvas_pointer_motion    (SwCanvas           *canvas,
                                            double              x,
                                            double              y);
void          _sw_canvas_pointer_release   (SwCanvas           *canvas,
                                            double              x,
                                            double              y);
/* Escape: cancels placement, a connection, a move or a rubber band, else
 * clears the selection. FALSE when there was nothing to cancel. */
gboolean      _sw_canvas_cancel            (SwCanvas           *canvas);
/* The hint shown near the pointer (a refused connection), or NULL. */
const char   *_sw_canvas_get_hint          (SwCanvas           *canvas);
/* What a drop of this string does: TRUE when it placed a component. */
gboolean      _sw_canvas_drop_string       (SwCanvas           *canvas,
                                            const char         *text,
                                            double              x,
                                            double              y);
/* Whether a "canvas." action is enabled now (the state the widget's
 * actions are set to). */
gboolean      _sw_canvas_action_enabled    (SwCanvas           *canvas,
                                            const char         *action);
/* The selected wire (connection index), or -1. */
int           _sw_canvas_get_selected_wire (SwCanvas           *canvas);

G_END_DECLS
